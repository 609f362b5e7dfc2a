/* The extended-precision evaluator (template): the program of a compiled expression run on
 * the kernels instantiated for the extended type (src/kernel_ext.h), at any order
 * 0..DN_ORDER_MAX, without range rescaling (the type's exponent range holds every
 * factorial up to that order). Inputs and outputs stay double.
 *
 * Included by src/expr_eval_ext.c (the extended type of dnum/expr.h: dn_expr_eval_ext and
 * its relatives) and by src/expr_eval_ld.c, which defines DNIE_LD_TIER to 1 and compiles
 * the evaluator alone for x87 long double as dni_expr_eval_ld and dni_expr_work_size_ld (the middle
 * tier of DN_PREC_AUTO, src/expr_err.c). Include src/kernel_ext.h first. */
#include <stdint.h>
#include <stdlib.h>
#include "expr_impl.h"

#ifndef DNIE_LD_TIER
#define DNIE_LD_TIER 0
#endif
#if DNIE_LD_TIER
#define DNIE_WORK_SIZE dni_expr_work_size_ld
#define DNIE_EVAL dni_expr_eval_ld
#define DNIE_EVAL_MAG dni_expr_eval_ld_mag
#else
#define DNIE_WORK_SIZE dn_expr_work_size_ext
#define DNIE_EVAL dn_expr_eval_ext
#define DNIE_EVAL_MAG dni_expr_eval_ext_mag
#endif

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in dispatch/exec.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/* The highest order: DN_ORDER_MAX where the type's range holds 1000! (binary128, x87
 * long double); where long double is double, k! overflows beyond DN_TAYLOR_MAX (this
 * evaluator does not rescale). */
static unsigned ext_order_max(void)
{
    return LDBL_MAX_EXP >= 16384 || DNIE_MANT_DIG == 113 ? DN_ORDER_MAX : DN_TAYLOR_MAX;
}

#if !DNIE_LD_TIER
int dn_ext_bits(void)
{
    return DNIE_MANT_DIG;
}
#endif

/* The workspace, in dnie_real numbers from a 64-byte boundary: the registers (nregs
 * (n + 1)), the kernels' scratch (DNI_W_MAX(n) and DNI_WW_MAX(n), each from a 64-byte
 * boundary), then n + 1 doubles for the Dvec transfers. */
static size_t reg_len(const dn_expr *e, unsigned n)
{
    return (size_t)e->nregs * ((size_t)n + 1);
}
static size_t pad64(size_t bytes)
{
    return (bytes + 63) / 64 * 64;
}
static size_t work_bytes(const dn_expr *e, unsigned n)
{
    return pad64(reg_len(e, n) * sizeof(dnie_real)) +
           pad64((size_t)DNI_W_MAX(n) * sizeof(dnie_real)) +
           pad64((size_t)DNI_WW_MAX(n) * sizeof(dnie_real)) +
           ((size_t)n + 1) * sizeof(double);
}

size_t DNIE_WORK_SIZE(const dn_expr *e, unsigned n)
{
    if (!e || n > ext_order_max()) return 0;
    return (work_bytes(e, n) + 64 + sizeof(double) - 1) / sizeof(double); /* + alignment */
}

static dnie_real *regs_of(double *work)
{
    return (dnie_real *)(((uintptr_t)work + 63) & ~(uintptr_t)63);
}
static dnie_real *ws_of(const dn_expr *e, double *work, unsigned n)
{
    return (dnie_real *)((char *)regs_of(work) + pad64(reg_len(e, n) * sizeof(dnie_real)));
}
static dnie_real *ww_of(const dn_expr *e, double *work, unsigned n)
{
    return (dnie_real *)((char *)ws_of(e, work, n) +
                         pad64((size_t)DNI_W_MAX(n) * sizeof(dnie_real)));
}
#if !DNIE_LD_TIER /* (Dvec transfers: dn_expr_eval_dvec_ext) */
static double *transfer_of(const dn_expr *e, double *work, unsigned n)
{
    return (double *)((char *)ww_of(e, work, n) +
                      pad64((size_t)DNI_WW_MAX(n) * sizeof(dnie_real)));
}
#endif

/* One instruction (as DNI_EXPR_EXEC, with the two whose value that macro keeps in a
 * double computed here in the extended type). */
static void exec1(unsigned op, dnie_real *d, const dnie_real *a, const dnie_real *b,
                  dnie_real c, unsigned n, dnie_real *ws, dnie_real *ww)
{
    switch (op) {
    case DN_OP_DIV_D: {
        dnie_real v = a[0] / c;
        dnie_mul_d(d, a, 1 / c, n);
        d[0] = v;
        break;
    }
    case DN_OP_D_SUB: {
        dnie_real v = c - a[0];
        dnie_neg(d, a, n);
        d[0] = v;
        break;
    }
    default: DNI_EXPR_EXEC(dnie_, op, d, a, b, c, n, ws, DNI_EXPR_COMMA ww)
    }
}

/* Runs the program on the registers w (variables in place) at order n; the constants are
 * c + clo. */
static void run_ext(const dn_expr *e, dnie_real *w, unsigned n, dnie_real *ws,
                    dnie_real *ww)
{
    size_t len = (size_t)n + 1;
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++)
        exec1(i->op, w + i->dst * len, w + i->a * len, w + i->b * len,
              (dnie_real)i->c + (dnie_real)i->clo, n, ws, ww);
}

#if !DNIE_LD_TIER
double dnie_expr_fold_lo(unsigned op, double a, double alo, double b, double blo, double c,
                         double clo, double v)
{
    dnie_real d[1], ra[1] = {(dnie_real)a + alo}, rb[1] = {(dnie_real)b + blo};
    dnie_real ws[DNI_W_MAX(0)], ww[DNI_WW_MAX(0)];
    exec1(op, d, ra, rb, (dnie_real)c + clo, 0u, ws, ww);
    /* v + lo is d[0] to 106 bits where the two are close, to 53 bits of d[0] - v where
     * double folding lost more (sin(pi): v = 1.2e-16, d[0] = -2.8e-33 (pi to 106 bits)) */
    return isfinite(v) && isfinite(d[0]) ? (double)(d[0] - v) : 0.0;
}

double dnie_expr_decimal_lo(const char *s, double v)
{
#if defined(DN_EXT_F128) && DN_EXT_F128
    dnie_real x = strtof128(s, NULL);
#else
    dnie_real x = strtold(s, NULL);
#endif
    return isfinite(v) ? (double)(x - v) : 0.0;
}

#endif /* !DNIE_LD_TIER */

int DNIE_EVAL_MAG(const dn_expr *e, unsigned n, const double *args, double *out,
                  double *mag, double *work)
{
    if (!e || !out || !work || (e->nvars && !args)) return DN_EINVAL;
    if (n > ext_order_max()) return DN_ERANGE;
    size_t len = (size_t)n + 1, nin = e->nvars * len;
    dnie_real *w = regs_of(work);
    for (size_t k = 0; k < nin; k++) w[k] = args[k];
    run_ext(e, w, n, ws_of(e, work, n), ww_of(e, work, n));
    const dnie_real *res = w + e->result * len; /* out may alias args, never work */
    for (size_t k = 0; k < len; k++) {
        double o = (double)res[k];
        if (mag) /* at least |res[k]|: |o| a unit in its last place up, or 2^-1074 */
            mag[k] = res[k] != 0 ? fabs(o) * (1.0 + 0x1p-52) + 0x1p-1074 : 0.0;
        out[k] = o;
    }
    return DN_OK;
}

int DNIE_EVAL(const dn_expr *e, unsigned n, const double *args, double *out, double *work)
{
    return DNIE_EVAL_MAG(e, n, args, out, NULL, work);
}

#if !DNIE_LD_TIER
int dn_expr_eval_dvec_ext(const dn_expr *e, dvec *r, const dvec *const *args, double *work)
{
    if (!work) return DN_EINVAL;
    int order = dni_expr_dvec_order(e, r, args);
    if (order < 0) return order;
    unsigned n = (unsigned)order;
    if (n > ext_order_max()) return DN_ERANGE;
    size_t len = (size_t)n + 1;
    dnie_real *w = regs_of(work);
    double *t = transfer_of(e, work, n);
    for (unsigned i = 0; i < e->nvars; i++) {
        dvec_get_derivs(t, args[i]);
        for (size_t k = 0; k < len; k++) w[i * len + k] = t[k];
    }
    run_ext(e, w, n, ws_of(e, work, n), ww_of(e, work, n));
    const dnie_real *res = w + e->result * len;
    for (size_t k = 0; k < len; k++) t[k] = (double)res[k];
    return dvec_set_derivs(r, t, n);
}
#endif /* !DNIE_LD_TIER */
