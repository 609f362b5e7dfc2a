/* The expression evaluators at run-time order (raw arrays, fixed-order numbers, Dvec)
 * and constant folding. Orders with a specialised program (expr_fixed.c) run that. */
#include <string.h>
#define DN_NO_UNROLL /* run-time orders: the kernels stay rolled loops */
#include "dnum/kernel.h"
#include "expr_impl.h"
#include "dvec_impl.h" /* the constant-order kernel table _dn_dvec_k */
#include "range.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in inlines.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

double _dn_expr_fold(unsigned op, double a, double b, double c)
{
    double d[1], ra[1] = {a}, rb[1] = {b};
    _DN_EXPR_EXEC(_dn_, op, d, ra, rb, c, 0u)
    return d[0];
}

#if defined(__GNUC__) || defined(__clang__)
#define _DN_EXPR_NOINLINE __attribute__((noinline))
#else
#define _DN_EXPR_NOINLINE
#endif

/* The operands of op: 0, 1 or 2. */
static unsigned nargs(unsigned op)
{
    switch (op) {
    case DN_OP_CONST: return 0;
    case DN_OP_ADD: case DN_OP_SUB: case DN_OP_MUL: case DN_OP_DIV: case DN_OP_POW:
    case DN_OP_ATAN2: case DN_OP_HYPOT: case DN_OP_MIN: case DN_OP_MAX: case DN_OP_FMOD:
        return 2;
    default: return 1;
    }
}

#define POINT_AB(i, p) (*((i) ? &b : &a) = (p))

/* The program at run-time order n (kept out of line: inlined, its stack frame made the
 * callers slower at the specialised orders). Above DN_TAYLOR_MAX each instruction may
 * run again on rescaled operands (src/range.h), kept in the 4 (n + 1) doubles of the
 * workspace after the registers. */
static _DN_EXPR_NOINLINE void run_dyn(const dn_expr *e, double *w, unsigned n)
{
    size_t len = (size_t)n + 1;
    double *keep = n > DN_TAYLOR_MAX ? w + e->nregs * len : NULL;
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++) {
        double *d = w + i->dst * len;
        const double *a = w + i->a * len, *b = w + i->b * len;
        double c = i->c;
        unsigned nin = keep ? nargs(i->op) : 0;
        for (size_t k = 0; nin && k < len; k++) { /* d may be a or b */
            keep[k] = a[k];
            if (nin == 2) keep[len + k] = b[k];
        }
        if (nin) a = keep, b = keep + len;
        _DN_EXPR_EXEC(_dn_, i->op, d, a, b, c, n)
        if (nin) {
            double *outs[1] = {d};
            _DN_RANGE_RERUN(n, keep, nin, outs, 1, POINT_AB,
                            _DN_EXPR_EXEC(_dn_, i->op, d, a, b, c, n));
        }
    }
}

/* The kernel prefix _dn_kt_ of run_tab: the O(N^2) operations through the kernel table
 * K of the constant order n (unrolled), the linear ones as rolled loops. */
#define _dn_kt_set_const _dn_set_const
#define _dn_kt_add _dn_add
#define _dn_kt_sub _dn_sub
#define _dn_kt_neg _dn_neg
#define _dn_kt_add_d _dn_add_d
#define _dn_kt_mul_d _dn_mul_d
#define _dn_kt_abs _dn_abs
#define _dn_kt_d_div(d, c, a, n) K->d_div(d, c, a)
#define _dn_kt_pown(d, a, m, n) K->pown(d, a, m)
#define _dn_kt_pow_d(d, a, p, n) K->pow_d(d, a, p)
#define _dn_kt_mul(d, a, b, n) K->mul(d, a, b)
#define _dn_kt_div(d, a, b, n) K->div(d, a, b)
#define _dn_kt_pow(d, a, b, n) K->pow(d, a, b)
#define _dn_kt_atan2(d, a, b, n) K->atan2(d, a, b)
#define _dn_kt_hypot(d, a, b, n) K->hypot(d, a, b)
#define _dn_kt_exp(d, a, n) K->exp(d, a)
#define _dn_kt_expm1(d, a, n) K->expm1(d, a)
#define _dn_kt_log(d, a, n) K->log(d, a)
#define _dn_kt_log1p(d, a, n) K->log1p(d, a)
#define _dn_kt_sqrt(d, a, n) K->sqrt(d, a)
#define _dn_kt_cbrt(d, a, n) K->cbrt(d, a)
#define _dn_kt_sin(d, a, n) K->sin(d, a)
#define _dn_kt_cos(d, a, n) K->cos(d, a)
#define _dn_kt_tan(d, a, n) K->tan(d, a)
#define _dn_kt_asin(d, a, n) K->asin(d, a)
#define _dn_kt_acos(d, a, n) K->acos(d, a)
#define _dn_kt_atan(d, a, n) K->atan(d, a)
#define _dn_kt_sinh(d, a, n) K->sinh(d, a)
#define _dn_kt_cosh(d, a, n) K->cosh(d, a)
#define _dn_kt_tanh(d, a, n) K->tanh(d, a)
#define _dn_kt_asinh(d, a, n) K->asinh(d, a)
#define _dn_kt_acosh(d, a, n) K->acosh(d, a)
#define _dn_kt_atanh(d, a, n) K->atanh(d, a)
#define _dn_kt_erf(d, a, n) K->erf(d, a)
#define _dn_kt_erfc(d, a, n) K->erfc(d, a)

/* the special functions (kernel_special.h) are not in the table: their rolled kernels */
#define _dn_kt_lgamma _dn_lgamma
#define _dn_kt_tgamma _dn_tgamma
#define _dn_kt_digamma _dn_digamma
#define _dn_kt_lambertw _dn_lambertw
#define _dn_kt_lambertwm1 _dn_lambertwm1
#define _dn_kt_erfinv _dn_erfinv
#define _dn_kt_erfcinv _dn_erfcinv
#define _dn_kt_j0 _dn_j0
#define _dn_kt_j1 _dn_j1
#define _dn_kt_y0 _dn_y0
#define _dn_kt_y1 _dn_y1
#define _dn_kt_log2 _dn_log2
#define _dn_kt_log10 _dn_log10
#define _dn_kt_exp2 _dn_exp2
#define _dn_kt_sinc _dn_sinc
#define _dn_kt_cot _dn_cot
#define _dn_kt_sinpi _dn_sinpi
#define _dn_kt_cospi _dn_cospi
#define _dn_kt_floor _dn_floor
#define _dn_kt_ceil _dn_ceil
#define _dn_kt_min _dn_min
#define _dn_kt_max _dn_max
#define _dn_kt_fmod _dn_fmod
#define _dn_kt_polygamma _dn_polygamma
#define _dn_kt_jn _dn_jn
#define _dn_kt_yn _dn_yn

/* The program at an order n <= DVEC_CONST_MAX without a specialised program. */
static _DN_EXPR_NOINLINE void run_tab(const dn_expr *e, double *w, unsigned n)
{
    const dvec_ktab *K = &_dn_dvec_k[n];
    size_t len = (size_t)n + 1;
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++) {
        double *d = w + i->dst * len;
        const double *a = w + i->a * len, *b = w + i->b * len;
        double c = i->c;
        _DN_EXPR_EXEC(_dn_kt_, i->op, d, a, b, c, n)
    }
}

/* Runs the program on the registers in w (variables already in place), order n. */
static void run(const dn_expr *e, double *w, unsigned n)
{
    if (_dn_expr_run_fixed(e, w, n)) return;
    if (n <= DVEC_CONST_MAX) run_tab(e, w, n);
    else run_dyn(e, w, n);
}

int dn_expr_eval(const dn_expr *e, unsigned n, const double *args, double *out, double *work)
{
    if (!e || !out || !work || (e->nvars && !args)) return DN_EINVAL;
    if (n > DN_ORDER_MAX) return DN_ERANGE;
    size_t len = (size_t)n + 1, nin = e->nvars * len;
    /* plain loops: a library memcpy call costs more than these few doubles */
    for (size_t k = 0; k < nin; k++) work[k] = args[k];
    run(e, work, n);
    const double *res = work + e->result * len; /* out may alias args, never work */
    for (size_t k = 0; k < len; k++) out[k] = res[k];
    return DN_OK;
}

int dn_expr_eval_dvec(const dn_expr *e, dvec *r, const dvec *const *args, double *work)
{
    if (!e || !r || !work || (e->nvars && !args)) return DN_EINVAL;
    int order = dvec_order(r);
    if (order < 0) return DN_EINVAL;
    for (unsigned i = 0; i < e->nvars; i++) {
        int o = dvec_order(args[i]);
        if (o < 0) return DN_EINVAL;
        if (i == 0) order = o;
        else if (o != order) return DN_EORDER;
    }
    unsigned n = (unsigned)order;
    size_t len = (size_t)n + 1;
    for (unsigned i = 0; i < e->nvars; i++) dvec_get_derivs(work + i * len, args[i]);
    run(e, work, n);
    return dvec_set_derivs(r, work + e->result * len, n);
}

/* dn_expr_eval_oN: copy the arguments into the registers, run, copy the result out. */
#define _DN_EXPR_EVAL_FIXED(N)                                                             \
    int dn_expr_eval_o##N(const dn_expr *e, dnum_o##N *r, const dnum_o##N *args,           \
                          double *work)                                                    \
    {                                                                                      \
        if (!e || !r || !work || (e->nvars && !args)) return DN_EINVAL;                    \
        for (unsigned v = 0; v < e->nvars; v++)                                            \
            memcpy(work + v * ((N) + 1), args[v].d, sizeof args[v].d);                     \
        run(e, work, N);                                                                   \
        memcpy(r->d, work + e->result * ((N) + 1), sizeof r->d);                           \
        return DN_OK;                                                                      \
    }
_DNUM_FOR_EACH_ORDER(_DN_EXPR_EVAL_FIXED)
