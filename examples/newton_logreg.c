/* A non-separable objective: L2-regularised logistic regression on synthetic data,
 *   f(w) = (1/m) sum_k log(1 + exp(-y_k a_k.w)) + (lambda/2) |w|^2,
 * where every loss term couples all n weights (the Hessian (1/m) A^T D A + lambda I is
 * dense). Minimised by the pure safeguarded diagonal Newton step -g_i / D_i with Armijo
 * backtracking (newton_diag.c with memory 0; here the diagonal dominates enough), with
 * f, gradient and Hessian diagonal from dn_hessdiag_sp (one pass over the data per
 * iteration; dn_hessdiag_lanes would make ceil(n/4) passes). At the end, the full Hessian
 * from dn_hessian (n <= 40) shows how far from diagonal the problem is.
 *
 * usage: newton_logreg [n]   (default n = 100 features, m = 3n samples). Exits 0 when
 * |grad| < 1e-8 is reached, 1 otherwise. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <dnum/dnum.h>

/* the objective (w5_logreg, w5_logreg_sp: one DN_OBJECTIVE_O2 body), struct w5_data and the
 * data generator w5_make, shared with the benchmark and the tests */
#include "../bench/w5_logreg.h"

static double value(const double *x, unsigned n, dnum_o2 *w, struct w5_data *D)
{
    for (unsigned i = 0; i < n; i++) w[i] = dnum_o2_const(x[i]);
    return w5_logreg(w, n, D).d[0];
}

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 100;
    if (n < 1) return 2;
    unsigned m = 3 * n;
    double *a = malloc((size_t)m * n * sizeof *a), *y = malloc(m * sizeof *y);
    double *x = calloc(n, sizeof *x), *g = malloc(n * sizeof *g), *h = malloc(n * sizeof *h);
    double *d = malloc(n * sizeof *d), *xt = malloc(n * sizeof *xt), *wt = malloc(n * sizeof *wt);
    dsp_o2_work *ws = NULL;
    dnum_o2 *w = malloc(n * sizeof *w);
    if (!a || !y || !x || !g || !h || !d || !xt || !wt || !w || dsp_o2_work_new(&ws, NULL)) return 2;

    /* features with different scales (so the diagonal matters), labels from a true model */
    w5_make(a, y, m, n, wt);
    struct w5_data D = {m, a, y, 0.05};

    int ok = 0;
    unsigned it;
    for (it = 0; it < 5000; it++) {
        double f;
        int st = dn_hessdiag_sp(&f, g, h, w5_logreg_sp, &D, x, n, ws);
        if (st) {
            fprintf(stderr, "dn_hessdiag_sp: %s\n", dn_strerror(st));
            return 2;
        }
        double gn = 0.0, hmax = 0.0;
        for (unsigned i = 0; i < n; i++) gn += g[i] * g[i], hmax = fmax(hmax, fabs(h[i]));
        gn = sqrt(gn);
        if (it % 10 == 0 || gn < 1e-8) printf("%6u  f = %-22.15g |grad| = %.3e\n", it, f, gn);
        if (gn < 1e-8) {
            ok = 1;
            break;
        }
        double slope = 0.0, floor_h = fmax(1e-8 * hmax, 1e-300);
        for (unsigned i = 0; i < n; i++) {
            double Dii = h[i] > floor_h ? h[i] : fmax(fabs(h[i]), floor_h);
            d[i] = -g[i] / Dii;
            slope += g[i] * d[i];
        }
        double t = 1.0;
        for (int k = 0; k < 60; k++, t *= 0.5) {
            for (unsigned i = 0; i < n; i++) xt[i] = x[i] + t * d[i];
            if (value(xt, n, w, &D) <= f + 1e-4 * t * slope) break;
        }
        for (unsigned i = 0; i < n; i++) x[i] = xt[i];
    }
    printf("n = %u, m = %u: %s after %u iterations\n", n, m, ok ? "converged" : "NOT converged", it);

    if (ok && n <= 40) { /* how diagonal is the Hessian at the minimum? */
        double *H = malloc((size_t)n * n * sizeof *H), off = 0.0, dg = 0.0;
        if (H && dn_hessian(NULL, NULL, H, w5_logreg, &D, x, n, w) == 0) {
            for (unsigned i = 0; i < n; i++)
                for (unsigned j = 0; j < n; j++)
                    if (i == j) dg += H[i * n + j] * H[i * n + j];
                    else off += H[i * n + j] * H[i * n + j];
            printf("full Hessian: |offdiag|_F / |diag|_F = %.3f\n", sqrt(off / dg));
        }
        free(H);
    }
    free(a), free(y), free(x), free(g), free(h), free(d), free(xt), free(wt), free(w);
    dsp_o2_work_free(ws);
    return ok ? 0 : 1;
}
