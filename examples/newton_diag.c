/* Diagonally preconditioned Newton-type minimisation of the extended Rosenbrock function
 * (More, Garbow, Hillstrom 1981, problem 21), n even,
 *   f(x) = sum_{k < n/2} 100 (x_{2k+1} - x_{2k}^2)^2 + (1 - x_{2k})^2,
 * from its standard start (-1.2, 1, -1.2, 1, ...); the minimum is f = 0 at all ones.
 * Each iteration gets f, the gradient and the Hessian diagonal H_ii from dn_hessdiag_sp (one
 * pass over the objective, whatever n).
 * The preconditioner is B = diag(1 / D_i) with D_i = H_ii where H_ii > 1e-8 max_j |H_jj|,
 * else max(|H_ii|, 1e-8 max_j |H_jj|) (safeguard where the diagonal is not positive).
 * The step is -B g refined by the last `mem` steps (the L-BFGS two-loop recursion with B
 * as its initial inverse Hessian; mem = 0 gives the pure diagonal Newton step -g_i / D_i),
 * followed by an Armijo backtracking line search.
 *
 * Why not mem = 0 by default: the diagonal ignores the coupling -400 x_{2k} between x_{2k}
 * and x_{2k+1}, which dominates in Rosenbrock's curved valley; the pure diagonal step
 * converges only linearly there (thousands of iterations, see docs/hessian.md).
 *
 * usage: newton_diag [n] [mem] [max iterations]   (defaults 1000, 5, 5000). Prints
 * iteration, f and |grad|; exits 0 when |grad| < 1e-8 is reached within 1e-6 of the
 * all-ones minimum, 1 otherwise. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <dnum/dnum.h>

/* the objective, written once for dnum_o2 (rosen), dlane_o2 (rosen_lanes) and dsp_o2 (rosen_sp) */
DN_OBJECTIVE_O2(rosen, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i += 2) {
        T a = dnh_sub(x[i + 1], dnh_mul(x[i], x[i]));
        T b = dnh_d_sub(1.0, x[i]);
        s = dnh_add(s, dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b)));
    }
    return s;)

/* plain value for the line search (dnum_o2 constants: derivatives are all zero) */
static double value(const double *x, unsigned n, dnum_o2 *w)
{
    for (unsigned i = 0; i < n; i++) w[i] = dnum_o2_const(x[i]);
    return rosen(w, n, NULL).d[0];
}

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 1000;
    unsigned mem = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 5;
    unsigned maxit = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 10) : 5000;
    if (n < 2 || n % 2 || mem > 100) {
        fprintf(stderr, "usage: newton_diag [n even >= 2] [memory 0..100] [max iterations]\n");
        return 2;
    }
    double *x = malloc(n * sizeof *x), *g = malloc(n * sizeof *g), *h = malloc(n * sizeof *h);
    double *d = malloc(n * sizeof *d), *xt = malloc(n * sizeof *xt);
    double *S[100], *Y[100], rho[100], al[100];
    dsp_o2_work *ws = NULL;
    dnum_o2 *w = malloc(n * sizeof *w);
    int nomem = !x || !g || !h || !d || !xt || !w || dsp_o2_work_new(&ws, NULL);
    for (unsigned j = 0; j < mem; j++) {
        S[j] = malloc(n * sizeof **S), Y[j] = malloc(n * sizeof **Y), rho[j] = 0.0;
        nomem |= !S[j] || !Y[j];
    }
    if (nomem) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
    for (unsigned i = 0; i < n; i++) x[i] = (i % 2 == 0) ? -1.2 : 1.0;

    int ok = 0;
    unsigned it, pending = 0;
    for (it = 0; it < maxit; it++) {
        double f;
        int st = dn_hessdiag_sp(&f, g, h, rosen_sp, NULL, x, n, ws);
        if (st) {
            fprintf(stderr, "dn_hessdiag_sp: %s\n", dn_strerror(st));
            return 2;
        }
        if (pending) { /* finish the last pair: y = g_new - g_old; skip it unless s.y > 0 */
            unsigned j = pending - 1;
            double sy = 0.0, ss = 0.0, yy = 0.0;
            for (unsigned i = 0; i < n; i++) {
                Y[j][i] += g[i];
                sy += S[j][i] * Y[j][i], ss += S[j][i] * S[j][i], yy += Y[j][i] * Y[j][i];
            }
            rho[j] = (sy > 1e-12 * sqrt(ss * yy)) ? 1.0 / sy : 0.0;
            pending = 0;
        }
        double gn = 0.0, hmax = 0.0;
        for (unsigned i = 0; i < n; i++) {
            gn += g[i] * g[i];
            hmax = fmax(hmax, fabs(h[i]));
        }
        gn = sqrt(gn);
        if (it % 10 == 0 || gn < 1e-8) printf("%6u  f = %-22.15g |grad| = %.3e\n", it, f, gn);
        if (gn < 1e-8) {
            ok = 1;
            break;
        }
        /* direction d = -B g: B = safeguarded inverse Hessian diagonal, refined by the
         * last `mem` steps (L-BFGS two-loop recursion with B as its initial matrix) */
        double floor_h = fmax(1e-8 * hmax, 1e-300);
        for (unsigned i = 0; i < n; i++) d[i] = -g[i];
        unsigned used = it < mem ? it : mem;
        for (unsigned k = 0; k < used; k++) { /* newest first */
            unsigned j = (it - 1 - k) % mem;
            double a = 0.0;
            for (unsigned i = 0; i < n; i++) a += S[j][i] * d[i];
            al[j] = a * rho[j];
            for (unsigned i = 0; i < n; i++) d[i] -= al[j] * Y[j][i];
        }
        for (unsigned i = 0; i < n; i++)
            d[i] /= h[i] > floor_h ? h[i] : fmax(fabs(h[i]), floor_h);
        for (unsigned k = used; k-- > 0;) { /* oldest first */
            unsigned j = (it - 1 - k) % mem;
            double b = 0.0;
            for (unsigned i = 0; i < n; i++) b += Y[j][i] * d[i];
            b *= rho[j];
            for (unsigned i = 0; i < n; i++) d[i] += (al[j] - b) * S[j][i];
        }
        double slope = 0.0;
        for (unsigned i = 0; i < n; i++) slope += g[i] * d[i];
        if (!(slope < 0.0)) { /* not a descent direction: fall back to the diagonal step */
            slope = 0.0;
            for (unsigned i = 0; i < n; i++) {
                d[i] = -g[i] / (h[i] > floor_h ? h[i] : fmax(fabs(h[i]), floor_h));
                slope += g[i] * d[i];
            }
        }
        /* Armijo backtracking */
        double t = 1.0;
        for (int k = 0; k < 60; k++, t *= 0.5) {
            for (unsigned i = 0; i < n; i++) xt[i] = x[i] + t * d[i];
            /* slack of a few ulps of f: near a minimum, f cannot resolve the decrease */
            if (value(xt, n, w) <= f + 1e-4 * t * slope + 4e-16 * fabs(f)) break;
        }
        if (mem) { /* remember s = x_new - x, y = g_new - g (g_new on the next pass) */
            unsigned j = it % mem;
            for (unsigned i = 0; i < n; i++) S[j][i] = xt[i] - x[i], Y[j][i] = -g[i];
            pending = j + 1;
        }
        for (unsigned i = 0; i < n; i++) x[i] = xt[i];
    }
    double dist = 0.0;
    for (unsigned i = 0; i < n; i++) dist = fmax(dist, fabs(x[i] - 1.0));
    printf("n = %u: %s after %u iterations, max |x_i - 1| = %.3e\n", n,
           ok ? "converged" : "NOT converged", it, dist);
    for (unsigned j = 0; j < mem; j++) free(S[j]), free(Y[j]);
    free(x), free(g), free(h), free(d), free(xt), free(w);
    dsp_o2_work_free(ws);
    return (ok && dist < 1e-6) ? 0 : 1;
}
