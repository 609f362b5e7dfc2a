/* Newton's method with the exact sparse Hessian, at any n: the extended Rosenbrock function
 * (More, Garbow, Hillstrom 1981, problem 21), n even,
 *   f(x) = sum_{k < n/2} 100 (x_{2k+1} - x_{2k}^2)^2 + (1 - x_{2k})^2
 * (2 x 2 blocks on the diagonal of the Hessian) from x_i = -1.2 (even i), 1 (odd i). Each iteration takes the
 * value, gradient and sparse Hessian from one pass of dn_hessian_sp (the pattern of the
 * first call is reused by the next ones), solves H d = -g by conjugate gradients with
 * Jacobi preconditioning (stopped at a negative curvature direction or a relative
 * residual of min(0.5, sqrt|g|)), and backtracks (Armijo) along d.
 * Mode "hv" runs the conjugate gradients on Hessian-vector products (dn_hessvec_sp, one
 * pass each) instead of the stored matrix: no Hessian is ever formed. Modes "el" and
 * "elhv" do the same with the element drivers (dn_hessian_el, dn_hessvec_el, dn_grad_el):
 * f as the sum of its n/2 elements (x_2k, x_2k+1), written once with DN_ELEMENT_O2.
 * Modes "plan" and "planhv" call the same objective through a recorded plan
 * (dn_hessian_plan, dn_hessvec_plan, dn_grad_plan): the first call is a one-pass call,
 * the later ones replay it (the plan's counts are printed at the end).
 * Modes "tape" and "tapehv" record the objective once on a tape (dn_tape_o2_record, at the
 * starting point) and take every call from it (dn_hessian_tape, dn_hessvec_tape,
 * dn_grad_tape), without calling the objective again.
 *
 * usage: newton_sparse [n] [csr|hv|el|elhv|plan|planhv|tape|tapehv]   (defaults 1000000, csr). Prints iteration, f
 * and |grad|; exits 0 when |grad| < 1e-8 is reached at the minimum (all ones), 1 otherwise. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/dnum.h>

DN_OBJECTIVE_O2(rosen, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i += 2) {
        T a = dnh_sub(x[i + 1], dnh_mul(x[i], x[i]));
        T b = dnh_d_sub(1.0, x[i]);
        s = dnh_add(s, dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b)));
    }
    return s;)

DN_ELEMENT_O2(rosen_el, 2, T, u, e, ctx,
    T a = dnh_sub(u[1], dnh_mul(u[0], u[0]));
    T b = dnh_d_sub(1.0, u[0]);
    return dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b));)

static dsp_o2_work *ws;  /* one-pass modes */
static dn_elements *els; /* element modes (NULL otherwise) */
static dn_plan_o2 *pl;   /* plan modes (NULL otherwise) */
static dn_tape_o2 *tp;   /* tape modes (NULL otherwise) */

/* value and gradient; value, gradient and the Hessian (H) or its diagonal (dg); H v */
static int grad(double *f, double *g, const double *x, unsigned n)
{
    if (pl) return dn_grad_plan(f, g, rosen_sp, NULL, x, n, pl);
    if (tp) return dn_grad_tape(f, g, tp, x);
    return els ? dn_grad_el(f, g, rosen_el, NULL, x, els) : dn_grad_sp(f, g, rosen_sp, NULL, x, n, ws);
}
static int hess(double *f, double *g, dn_sphess *H, double *dg, const double *x, unsigned n)
{
    if (els) return H ? dn_hessian_el(f, g, H, rosen_el, NULL, x, els)
                      : dn_hessdiag_el(f, g, dg, rosen_el, NULL, x, els);
    if (pl) return H ? dn_hessian_plan(f, g, H, rosen_sp, NULL, x, n, pl)
                     : dn_hessdiag_plan(f, g, dg, rosen_sp, NULL, x, n, pl);
    if (tp) return H ? dn_hessian_tape(f, g, H, tp, x) : dn_hessdiag_tape(f, g, dg, tp, x);
    return H ? dn_hessian_sp(f, g, H, rosen_sp, NULL, x, n, ws)
             : dn_hessdiag_sp(f, g, dg, rosen_sp, NULL, x, n, ws);
}
static int hvec(double *q, const double *x, const double *v, unsigned n)
{
    if (pl) return dn_hessvec_plan(NULL, NULL, q, rosen_sp, NULL, x, v, n, pl);
    if (tp) return dn_hessvec_tape(NULL, NULL, q, tp, x, v);
    return els ? dn_hessvec_el(NULL, NULL, q, rosen_el, NULL, x, v, els)
               : dn_hessvec_sp(NULL, NULL, q, rosen_sp, NULL, x, v, n, ws);
}

static double dot(const double *a, const double *b, unsigned n)
{
    double s = 0.0;
    for (unsigned i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

/* y = H v for the lower-triangle CSR H */
static void csr_mul(double *y, const dn_sphess *H, const double *v)
{
    memset(y, 0, H->n * sizeof *y);
    for (unsigned i = 0; i < H->n; i++)
        for (size_t p = H->rowptr[i]; p < H->rowptr[i + 1]; p++) {
            unsigned j = H->col[p];
            y[i] += H->val[p] * v[j];
            if (j != i) y[j] += H->val[p] * v[i];
        }
}

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 1000000;
    const char *mode = argc > 2 ? argv[2] : "csr";
    int hv = strcmp(mode, "hv") == 0 || strcmp(mode, "elhv") == 0 ||
             strcmp(mode, "planhv") == 0 || strcmp(mode, "tapehv") == 0;
    int el = strcmp(mode, "el") == 0 || strcmp(mode, "elhv") == 0;
    int plan = strcmp(mode, "plan") == 0 || strcmp(mode, "planhv") == 0;
    int tape = strcmp(mode, "tape") == 0 || strcmp(mode, "tapehv") == 0;
    if (n < 2 || n % 2 || !(hv || el || plan || tape || strcmp(mode, "csr") == 0)) {
        fprintf(stderr, "usage: newton_sparse [n even >= 2] "
                        "[csr|hv|el|elhv|plan|planhv|tape|tapehv]\n");
        return 2;
    }
    double *x = malloc(n * sizeof *x), *g = malloc(n * sizeof *g), *d = malloc(n * sizeof *d);
    double *r = malloc(n * sizeof *r), *z = malloc(n * sizeof *z), *p = malloc(n * sizeof *p);
    double *q = malloc(n * sizeof *q), *dg = malloc(n * sizeof *dg), *xt = malloc(n * sizeof *xt);
    double *gt = malloc(n * sizeof *gt);
    dn_sphess H;
    dn_sphess_init(&H, NULL);
    if (!x || !g || !d || !r || !z || !p || !q || !dg || !xt || !gt || dsp_o2_work_new(&ws, NULL)) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
    for (unsigned i = 0; i < n; i++) x[i] = (i % 2 == 0) ? -1.2 : 1.0;
    int st;
    if (plan && (st = dn_plan_o2_new(&pl, NULL)) != 0) {
        fprintf(stderr, "dn_plan_o2_new: %s\n", dn_strerror(st));
        return 2;
    }
    if (tape) { /* recorded once, here: the objective's operations do not depend on x */
        dn_errinfo err;
        if ((st = dn_tape_o2_new(&tp, NULL)) != 0 ||
            (st = dn_tape_o2_record_ex(tp, rosen_tp, NULL, x, n, &err)) != 0) {
            fprintf(stderr, "%s\n", tp ? err.msg : dn_strerror(st));
            return 2;
        }
    }
    if (el) { /* the elements (x_2k, x_2k+1): their indices are 0, 1, 2, ..., n - 1 */
        unsigned *idx = malloc(n * sizeof *idx);
        if (!idx) return 2;
        for (unsigned i = 0; i < n; i++) idx[i] = i;
        st = dn_elements_new(&els, n, 2, n / 2, idx, NULL);
        free(idx);
        if (st) {
            fprintf(stderr, "dn_elements_new: %s\n", dn_strerror(st));
            return 2;
        }
    }

    int ok = 0;
    unsigned it, passes = 0;
    double f = 0.0;
    for (it = 0; it < 200; it++) {
        st = hess(&f, g, hv ? NULL : &H, dg, x, n);
        passes++;
        if (st) {
            fprintf(stderr, "Hessian driver: %s\n", dn_strerror(st));
            return 2;
        }
        if (!hv) /* the diagonal, for the preconditioner */
            for (unsigned i = 0; i < n; i++) dg[i] = H.val[H.rowptr[i + 1] - 1];
        double gn = sqrt(dot(g, g, n));
        printf("%4u  f = %-22.15g |grad| = %.3e\n", it, f, gn);
        if (gn < 1e-8) {
            ok = 1;
            break;
        }
        /* preconditioned CG on H d = -g */
        double tol = fmin(0.5, sqrt(gn)) * gn;
        memset(d, 0, n * sizeof *d);
        for (unsigned i = 0; i < n; i++) {
            r[i] = -g[i];
            z[i] = r[i] / (dg[i] > 1e-12 ? dg[i] : 1.0);
            p[i] = z[i];
        }
        double rz = dot(r, z, n);
        for (unsigned k = 0; k < 200; k++) {
            if (hv) {
                if ((st = hvec(q, x, p, n)) != 0) {
                    fprintf(stderr, "H v driver: %s\n", dn_strerror(st));
                    return 2;
                }
                passes++;
            } else {
                csr_mul(q, &H, p);
            }
            double pq = dot(p, q, n);
            if (pq <= 0.0) { /* negative curvature: keep d, or step along -g */
                if (k == 0)
                    for (unsigned i = 0; i < n; i++) d[i] = -g[i];
                break;
            }
            double alpha = rz / pq;
            for (unsigned i = 0; i < n; i++) d[i] += alpha * p[i], r[i] -= alpha * q[i];
            if (sqrt(dot(r, r, n)) < tol) break;
            for (unsigned i = 0; i < n; i++) z[i] = r[i] / (dg[i] > 1e-12 ? dg[i] : 1.0);
            double rz1 = dot(r, z, n);
            for (unsigned i = 0; i < n; i++) p[i] = z[i] + (rz1 / rz) * p[i];
            rz = rz1;
        }
        /* Armijo backtracking on f (value and gradient from one pass) */
        double slope = dot(g, d, n), t = 1.0, ft = f;
        for (int k = 0; k < 60; k++, t *= 0.5) {
            for (unsigned i = 0; i < n; i++) xt[i] = x[i] + t * d[i];
            if (grad(&ft, gt, xt, n)) return 2;
            passes++;
            if (ft <= f + 1e-4 * t * slope + 4e-16 * fabs(f)) break;
        }
        memcpy(x, xt, n * sizeof *x);
    }
    unsigned near1 = 0;
    for (unsigned i = 0; i < n; i++) near1 += fabs(x[i] - 1.0) < 1e-6;
    printf("n = %u (%s): %s after %u Newton iterations, %u passes; f = %.10g, %u of %u "
           "coordinates at 1\n",
           n, mode, ok ? "converged" : "NOT converged", it, passes, f,
           near1, n);
    if (pl) {
        dn_plan_o2_stats ps;
        dn_plan_o2_info(pl, &ps);
        printf("plan: %u colours, %lu calls replayed, %lu computed again%s%s\n", ps.colors,
               ps.replays, ps.fallbacks, ps.why ? "; not replaying: " : "", ps.why ? ps.why : "");
    }
    if (tp) {
        dn_tape_o2_stats ts;
        dn_tape_o2_info(tp, &ts);
        printf("tape: %zu operations, %zu elements of %u shape(s), %zu bytes\n", ts.operations,
               ts.elements, ts.shapes, ts.bytes);
    }
    dn_plan_o2_free(pl);
    dn_tape_o2_free(tp);
    dn_sphess_clear(&H);
    dsp_o2_work_free(ws);
    dn_elements_free(els);
    free(x), free(g), free(d), free(r), free(z), free(p), free(q), free(dg), free(xt), free(gt);
    return ok && near1 == n ? 0 : 1;
}
