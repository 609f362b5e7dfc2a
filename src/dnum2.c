/* The full Hessian of an n-variable objective from bivariate evaluations (dnum2_hessian). */
#include <stdint.h>
#include <stdlib.h>
#include "dnum/dnum2.h"
#include "err_impl.h"

int(dnum2_hessian_ex)(double *fx, double *grad, double *H, dnum2_objective f,
                      const double *x, unsigned n, void *ctx, dnum2_o2 *work,
                      dn_errinfo *err)
{
    static const char fn[] = "dnum2_hessian";
    const dni_req req[] = {{H != NULL, 3, "H is NULL"},
                           {f != NULL, 4, "f is NULL"},
                           {x != NULL, 5, "x is NULL"},
                           {n != 0, 6, "n is 0"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    /* n^2 numbers bound both n numbers and n^2 doubles */
    size_t cap = SIZE_MAX / sizeof(dnum2_o2);
    if ((size_t)n > cap / n)
        return dni_fail(err, DN_ERANGE, 6, SIZE_MAX,
                        "%s: argument 6: n = %u: n * n overflows", fn, n);
    dnum2_o2 *w = work ? work : malloc((size_t)n * sizeof *w);
    if (w == NULL)
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX,
                        "%s: out of memory (a workspace of n = %u numbers)", fn, n);
    for (unsigned k = 0; k < n; k++) w[k] = dnum2_o2_const(x[k]); /* x is not read again */
    double val = 0.0;
    if (n == 1) {
        w[0] = dnum2_o2_varx(w[0].d[0], 0.0);
        dnum2_o2 r = f(w, n, ctx);
        w[0] = dnum2_o2_const(w[0].d[0]);
        val = r.d[0];
        if (grad) grad[0] = r.d[DNUM2_INDEX(1, 0)];
        H[0] = r.d[DNUM2_INDEX(2, 0)];
    }
    for (unsigned p = 0; n > 1 && p + 1 < n; p++) {
        for (unsigned q = p + 1; q < n; q++) {
            double xp = w[p].d[0], xq = w[q].d[0];
            w[p] = dnum2_o2_varx(xp, xq);
            w[q] = dnum2_o2_vary(xp, xq);
            dnum2_o2 r = f(w, n, ctx);
            w[p] = dnum2_o2_const(xp);
            w[q] = dnum2_o2_const(xq);
            /* the diagonal and gradient of p from its first pair, of q from (0, q) */
            if (q == p + 1 && p == 0) val = r.d[0];
            if (q == p + 1) {
                if (grad) grad[p] = r.d[DNUM2_INDEX(1, 0)];
                H[(size_t)p * n + p] = r.d[DNUM2_INDEX(2, 0)];
            }
            if (p == 0 && q == n - 1) {
                if (grad) grad[q] = r.d[DNUM2_INDEX(0, 1)];
                H[(size_t)q * n + q] = r.d[DNUM2_INDEX(0, 2)];
            }
            H[(size_t)p * n + q] = H[(size_t)q * n + p] = r.d[DNUM2_INDEX(1, 1)];
        }
    }
    if (fx) *fx = val;
    if (!work) free(w);
    return dni_ok(err);
}

int(dnum2_hessian)(double *fx, double *grad, double *H, dnum2_objective f, const double *x,
                   unsigned n, void *ctx, dnum2_o2 *work)
{
    return dnum2_hessian_ex(fx, grad, H, f, x, n, ctx, work, NULL);
}
