/* Gradient, Hessian diagonal and full Hessian drivers (dnum/hessian.h). */
#include <stdint.h> /* SIZE_MAX */
#include <stdlib.h>
#include "dnum/hessian.h"
#include "err_impl.h"

/* Validates the common arguments (positions 1 fx, 2 grad, 3 out, 4 f, 5 ctx, 6 x, 7 n,
 * 8 work, as in every driver here) and provides the workspace (*ws = work, or a fresh
 * allocation recorded in *owned). Returns 0 or a DN_E* code; allocates nothing on error. */
static int setup(void **ws, void **owned, const char *fn, const char *outname, int have_f,
                 const double *x, const void *out, unsigned n, void *work, size_t elem,
                 dn_errinfo *err)
{
    const dni_req req[] = {{out != NULL, 3, outname},
                           {have_f, 4, "f is NULL"},
                           {x != NULL, 6, "x is NULL"},
                           {n != 0, 7, "n is 0"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    if ((size_t)n > SIZE_MAX / elem)
        return dni_fail(err, DN_ERANGE, 7, SIZE_MAX,
                        "%s: argument 7: n = %u numbers overflow size_t", fn, n);
    *owned = NULL;
    if (work == NULL) {
        work = malloc((size_t)n * elem);
        if (work == NULL)
            return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX,
                            "%s: out of memory (a workspace of n = %u numbers)", fn, n);
        *owned = work;
    }
    *ws = work;
    return DN_OK;
}

/* Per-coordinate passes on dnum_o2; w holds x as constants on entry and on return. */
static void diag_passes(double *fx, double *grad, double *hd, size_t hstride,
                        dn_objective_o2 f, void *ctx, unsigned n, dnum_o2 *w)
{
    double v = 0.0;
    for (unsigned i = 0; i < n; i++) {
        w[i].d[1] = 1.0;
        dnum_o2 r = f(w, n, ctx);
        w[i].d[1] = 0.0;
        v = r.d[0];
        if (grad) grad[i] = r.d[1];
        hd[(size_t)i * hstride] = r.d[2];
    }
    if (fx) *fx = v;
}

static void load_o2(dnum_o2 *w, const double *x, unsigned n)
{
    for (unsigned i = 0; i < n; i++) w[i] = dnum_o2_const(x[i]);
}

int(dn_hessdiag_ex)(double *fx, double *grad, double *hdiag, dn_objective_o2 f, void *ctx,
                    const double *x, unsigned n, dnum_o2 *work, dn_errinfo *err)
{
    /* (set by setup; initialised for gcc -Wmaybe-uninitialized) */
    void *ws = NULL, *owned = NULL;
    int st = setup(&ws, &owned, "dn_hessdiag", "hdiag is NULL", f != NULL, x, hdiag, n,
                   work, sizeof *work, err);
    if (st) return st;
    dnum_o2 *w = ws;
    load_o2(w, x, n);
    diag_passes(fx, grad, hdiag, 1, f, ctx, n, w);
    free(owned);
    return dni_ok(err);
}

int(dn_hessdiag)(double *fx, double *grad, double *hdiag, dn_objective_o2 f, void *ctx,
                 const double *x, unsigned n, dnum_o2 *work)
{
    return dn_hessdiag_ex(fx, grad, hdiag, f, ctx, x, n, work, NULL);
}

int(dn_hessdiag_lanes_ex)(double *fx, double *grad, double *hdiag, dn_objective_lanes_o2 f,
                          void *ctx, const double *x, unsigned n, dlane_o2 *work,
                          dn_errinfo *err)
{
    /* (set by setup; initialised for gcc -Wmaybe-uninitialized) */
    void *ws = NULL, *owned = NULL;
    int st = setup(&ws, &owned, "dn_hessdiag_lanes", "hdiag is NULL", f != NULL, x, hdiag,
                   n, work, sizeof *work, err);
    if (st) return st;
    dlane_o2 *w = ws;
    for (unsigned i = 0; i < n; i++) w[i] = dlane_o2_const(x[i]);
    double v = 0.0;
    for (unsigned c = 0; c < n; c += DN_LANES) {
        unsigned m = (n - c < DN_LANES) ? n - c : DN_LANES;
        for (unsigned l = 0; l < m; l++) w[c + l] = dlane_o2_var(w[c + l].v, l);
        dlane_o2 r = f(w, n, ctx);
        for (unsigned l = 0; l < m; l++) w[c + l].act = 0;
        v = r.v;
        for (unsigned l = 0; l < m; l++) {
            if (grad) grad[c + l] = dlane_o2_grad(r, l);
            hdiag[c + l] = dlane_o2_hess(r, l);
        }
    }
    if (fx) *fx = v;
    free(owned);
    return dni_ok(err);
}

int(dn_hessdiag_lanes)(double *fx, double *grad, double *hdiag, dn_objective_lanes_o2 f,
                       void *ctx, const double *x, unsigned n, dlane_o2 *work)
{
    return dn_hessdiag_lanes_ex(fx, grad, hdiag, f, ctx, x, n, work, NULL);
}

int(dn_hessian_ex)(double *fx, double *grad, double *hess, dn_objective_o2 f, void *ctx,
                   const double *x, unsigned n, dnum_o2 *work, dn_errinfo *err)
{
    if (n != 0 && (size_t)n > SIZE_MAX / n)
        return dni_fail(err, DN_ERANGE, 7, SIZE_MAX,
                        "dn_hessian: argument 7: n = %u: n * n entries overflow size_t", n);
    /* (set by setup; initialised for gcc -Wmaybe-uninitialized) */
    void *ws = NULL, *owned = NULL;
    int st = setup(&ws, &owned, "dn_hessian", "hess is NULL", f != NULL, x, hess, n, work,
                   sizeof *work, err);
    if (st) return st;
    dnum_o2 *w = ws;
    size_t nn = n;
    load_o2(w, x, n);
    diag_passes(fx, grad, hess, nn + 1, f, ctx, n, w);
    for (unsigned i = 0; i < n; i++) {
        double hii = hess[i * nn + i];
        w[i].d[1] = 1.0;
        for (unsigned j = i + 1; j < n; j++) {
            w[j].d[1] = 1.0;
            dnum_o2 r = f(w, n, ctx);
            w[j].d[1] = 0.0;
            double hij = 0.5 * (r.d[2] - hii - hess[j * nn + j]);
            hess[i * nn + j] = hij;
            hess[j * nn + i] = hij;
        }
        w[i].d[1] = 0.0;
    }
    free(owned);
    return dni_ok(err);
}

int(dn_hessian)(double *fx, double *grad, double *hess, dn_objective_o2 f, void *ctx,
                const double *x, unsigned n, dnum_o2 *work)
{
    return dn_hessian_ex(fx, grad, hess, f, ctx, x, n, work, NULL);
}
