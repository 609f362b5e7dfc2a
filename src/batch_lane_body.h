/* One batch engine: a program of dn_expr run on DN_LANE_W points at once, the registers
 * vectors of DN_LANE_W doubles (dnum/internal/kernel_lane.h: kernel.h's recurrences on lanes).
 * Included by the translation unit of an instruction set, which defines DN_LANE_W and
 * DN_BATCH_NAME (the function dni_batch_run_<name>) and is compiled with that set's flags
 * and -ffp-contract=off.
 *
 * Per instruction: the lanes whose operands take a rare path of the scalar kernel (a
 * zero or pole rule: divisor 0, log(0), sqrt(0), asin(+-1), ...; or an exp/sin/cos whose
 * argument is exactly linear in some lanes only) are recomputed by the scalar kernel
 * (dni_expr_exec_w) from copies of their operands; operations without a lane kernel (the
 * wide powers, atan2, hypot, the special functions) run lane by lane on the scalar
 * kernels. Every lane thus gets the bits the scalar engines give its point, whatever the
 * other points of its block: results do not depend on the block size.
 *
 * Tail: a block of fewer than DN_LANE_W points repeats its last point in the free lanes
 * (results not stored). */
#include <string.h>
#define DN_NO_UNROLL /* run-time orders: the kernels stay rolled loops */
#include "dnum/internal/kernel_lane.h"
#include "batch_impl.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized" /* (as expr_eval.c) */
#endif

#define W DN_LANE_W
#define BATCH_CAT_(a, b) a##b
#define BATCH_CAT(a, b) BATCH_CAT_(a, b)
#if defined(DN_LANE_SLEEF)
#define BATCH_RUN BATCH_CAT(BATCH_CAT(dni_batch_run_, DN_BATCH_NAME), _vm)
#else
#define BATCH_RUN BATCH_CAT(dni_batch_run_, DN_BATCH_NAME)
#endif

/* the workspace of one run */
typedef struct {
    unsigned n;
    size_t len;
    dn_lane *R;       /* nregs registers of len lanes */
    dn_lane *sa, *sb; /* copies of the operands for the lanes sent to the scalar kernel */
    dn_lane *ws;      /* the lane kernels' scratch, DNI_W_MAX(n) lanes */
    double *xa, *xb, *xd, *xws; /* one lane's operands and result, the scalar scratch */
    dni_wide *xww;
} lane_ctx;

static void *align64(void *p)
{
    return (void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

/* the scalar kernel on the lanes of mask m (operands in x->sa, x->sb) */
static void scalar_lanes(const lane_ctx *x, unsigned op, dn_lane *d, double c, dn_lmask m)
{
    for (int i = 0; i < W; i++) {
        if (!m[i]) continue;
        for (size_t k = 0; k < x->len; k++) {
            x->xa[k] = x->sa[k][i];
            x->xb[k] = x->sb[k][i];
        }
        dni_expr_exec_w(op, x->xd, x->xa, x->xb, c, x->n, x->xws, x->xww);
        for (size_t k = 0; k < x->len; k++) d[k][i] = x->xd[k];
    }
}

/* The lanes that would take a rare path of op's scalar kernel (all of them for an
 * operation without a lane kernel): the rules of kernel_lane.h. */
static dn_lmask rare_lanes(unsigned op, const dn_lane *a, const dn_lane *b, double c,
                           unsigned n)
{
    switch (op) {
    case DN_OP_CONST: case DN_OP_ADD: case DN_OP_SUB: case DN_OP_MUL: case DN_OP_NEG:
    case DN_OP_ADD_D: case DN_OP_MUL_D: case DN_OP_DIV_D: case DN_OP_D_SUB:
        return dnil_rare_NONE(a, n);
    case DN_OP_DIV: return dnil_rare_DIV(b, n);
    case DN_OP_D_DIV: return dnil_rare_ZERO(a, n);
    case DN_OP_POWN: return dnil_rare_POWN(a, c);
#define RULE_CASE(A, f, OP, ...)                                                           \
    case DN_OP_##OP: return BATCH_CAT(dnil_rare_, DNIL_RULE_OF(f))(a, n);
        DNI_OPS_ELEM1(RULE_CASE, ~)
#undef RULE_CASE
    default: return ~(dn_lmask){0};
    }
}

/* One operation on lanes: a function each (out of line: inlined into one dispatcher,
 * the kernels' code and stack frame grew too large for the compiler to keep them tight;
 * __attribute__((flatten)) on these made gcc 12 fail with an internal error in the SSE2
 * unit, lop_COSH). */
typedef void (*lane_op)(dn_lane *d, const dn_lane *a, const dn_lane *b, double c,
                        unsigned n, dn_lane *ws);
#if defined(__GNUC__) || defined(__clang__)
#define LANE_NOINLINE __attribute__((noinline))
#else
#define LANE_NOINLINE
#endif
/* Orders to compile with a constant order, as X(N, A) (none by default: with the lane
 * kernels left out of line by the compiler, X(2, A) X(4, A) X(8, A) X(16, A) measured no
 * gain for twice the compile time); the others run the kernels rolled. */
#ifndef LANE_ORDERS
#define LANE_ORDERS(X, A)
#endif
#define LOP_CASE(N, OP)                                                                    \
    case N: lopb_##OP(d, a, b, c, N, ws); break;
#define LOP(OP, body)                                                                      \
    static inline __attribute__((always_inline)) void lopb_##OP(                           \
        dn_lane *d, const dn_lane *a, const dn_lane *b, double c, unsigned n, dn_lane *ws) \
    {                                                                                      \
        (void)a;                                                                           \
        (void)b;                                                                           \
        (void)c;                                                                           \
        (void)ws;                                                                          \
        body;                                                                              \
    }                                                                                      \
    static LANE_NOINLINE void lop_##OP(dn_lane *d, const dn_lane *a, const dn_lane *b,     \
                                       double c, unsigned n, dn_lane *ws)                  \
    {                                                                                      \
        switch (n) {                                                                       \
        LANE_ORDERS(LOP_CASE, OP)                                                          \
        default: lopb_##OP(d, a, b, c, n, ws); break;                                      \
        }                                                                                  \
    }
LOP(CONST, dnil_set_const(d, DNIL_V(c), n))
LOP(ADD, dnil_add(d, a, b, n))
LOP(SUB, dnil_sub(d, a, b, n))
LOP(MUL, dnil_mul_w(d, a, b, n, ws))
LOP(DIV, dnil_div_w(d, a, b, n, ws))
LOP(NEG, dnil_neg(d, a, n))
LOP(ADD_D, dnil_add_d(d, a, DNIL_V(c), n))
LOP(MUL_D, dnil_mul_d(d, a, DNIL_V(c), n))
LOP(DIV_D, { /* as DNI_EXPR_EXEC */
    dn_lane v = a[0] / c;
    dnil_mul_d(d, a, DNIL_V(1.0 / c), n);
    d[0] = v;
})
LOP(D_SUB, {
    dn_lane v = c - a[0];
    dnil_neg(d, a, n);
    d[0] = v;
})
LOP(D_DIV, dnil_d_div_w(d, DNIL_V(c), a, n, ws))
LOP(POWN, dnil_pown_w(d, a, (long)c, n, ws, NULL))
LOP(EXP, dnil_exp_w(d, a, n, ws))
LOP(EXPM1, dnil_expm1_w(d, a, n, ws))
LOP(LOG, dnil_log_w(d, a, n, ws))
LOP(LOG1P, dnil_log1p_w(d, a, n, ws))
LOP(SQRT, dnil_sqrt_w(d, a, n, ws, NULL))
LOP(SIN, dnil_sin_w(d, a, n, ws))
LOP(COS, dnil_cos_w(d, a, n, ws))
LOP(TAN, dnil_tan_w(d, a, n, ws))
LOP(ASIN, dnil_asin_w(d, a, n, ws))
LOP(ACOS, dnil_acos_w(d, a, n, ws))
LOP(ATAN, dnil_atan_w(d, a, n, ws))
LOP(SINH, dnil_sinh_w(d, a, n, ws))
LOP(COSH, dnil_cosh_w(d, a, n, ws))
LOP(TANH, dnil_tanh_w(d, a, n, ws))
LOP(ASINH, dnil_asinh_w(d, a, n, ws))
LOP(ACOSH, dnil_acosh_w(d, a, n, ws))
LOP(ATANH, dnil_atanh_w(d, a, n, ws))
LOP(ERF, dnil_erf_w(d, a, n, ws))
LOP(ERFC, dnil_erfc_w(d, a, n, ws))
LOP(ABS, dnil_abs(d, a, n))
#undef LOP

/* the lane kernel of each operation; NULL: none (every lane runs the scalar kernel) */
#define LOPS(X)                                                                            \
    X(CONST) X(ADD) X(SUB) X(MUL) X(DIV) X(NEG) X(ADD_D) X(MUL_D) X(DIV_D) X(D_SUB)        \
    X(D_DIV) X(POWN) X(EXP) X(EXPM1) X(LOG) X(LOG1P) X(SQRT) X(SIN) X(COS) X(TAN) X(ASIN)   \
    X(ACOS) X(ATAN) X(SINH) X(COSH) X(TANH) X(ASINH) X(ACOSH) X(ATANH) X(ERF) X(ERFC) X(ABS)
#define LOP_ENTRY(OP) [DN_OP_##OP] = lop_##OP,
static const lane_op lane_ops[DN_OP_COUNT] = {LOPS(LOP_ENTRY)};
#undef LOP_ENTRY

/* One instruction on lanes. */
static void step(const lane_ctx *x, const dn_expr_ins *I)
{
    unsigned n = x->n, op = I->op;
    size_t len = x->len;
    dn_lane *d = x->R + I->dst * len;
    const dn_lane *a = x->R + I->a * len, *b = x->R + I->b * len;
    double c = I->c;
    dn_lmask rare = rare_lanes(op, a, b, c, n);
    if (dnil_any(rare)) { /* copies: d may be a or b */
        for (size_t k = 0; k < len; k++) {
            x->sa[k] = a[k];
            x->sb[k] = b[k];
        }
        if (!dnil_all(rare)) lane_ops[op](d, a, b, c, n, x->ws);
        scalar_lanes(x, op, d, c, rare);
        return;
    }
    lane_ops[op](d, a, b, c, n, x->ws);
}

/* Moves the W points of the block at p0 (cnt of them; the free lanes repeat the last
 * point) into the variables' registers. */
static void load_block(const lane_ctx *x, unsigned nvars, size_t p0, size_t cnt,
                       const double *args, size_t ldargs, int soa)
{
    size_t len = x->len;
    for (unsigned v = 0; v < nvars; v++) {
        dn_lane *r = x->R + v * len;
        if (soa && cnt == W) {
            for (size_t k = 0; k < len; k++)
                memcpy(&r[k], args + (v * len + k) * ldargs + p0, sizeof r[k]);
        } else if (soa) {
            for (size_t k = 0; k < len; k++)
                for (size_t i = 0; i < W; i++)
                    r[k][i] = args[(v * len + k) * ldargs + p0 + (i < cnt ? i : cnt - 1)];
        } else {
            for (size_t i = 0; i < W; i++) {
                const double *src = args + (p0 + (i < cnt ? i : cnt - 1)) * ldargs + v * len;
                for (size_t k = 0; k < len; k++) r[k][i] = src[k];
            }
        }
    }
}

/* Writes the results of the block's cnt points (Taylor coefficients: divided by k! as
 * dn_expr_eval_coeffs divides). */
static void store_block(const lane_ctx *x, const dn_lane *res, size_t p0, size_t cnt,
                        double *out, size_t ldout, int soa, const long double *fact)
{
    size_t len = x->len;
    if (fact) {
        for (size_t i = 0; i < cnt; i++)
            for (size_t k = 0; k < len; k++) {
                double v = (double)((long double)res[k][i] / fact[k]);
                out[soa ? k * ldout + p0 + i : (p0 + i) * ldout + k] = v;
            }
    } else if (soa && cnt == W) {
        for (size_t k = 0; k < len; k++) memcpy(out + k * ldout + p0, &res[k], sizeof res[k]);
    } else if (soa) {
        for (size_t k = 0; k < len; k++)
            for (size_t i = 0; i < cnt; i++) out[k * ldout + p0 + i] = res[k][i];
    } else {
        for (size_t i = 0; i < cnt; i++) {
            double *dst = out + (p0 + i) * ldout;
            for (size_t k = 0; k < len; k++) dst[k] = res[k][i];
        }
    }
}

void BATCH_RUN(const dn_expr *e, unsigned n, size_t npts, const double *args, size_t ldargs,
               double *out, size_t ldout, unsigned flags, double *work)
{
    lane_ctx x;
    size_t len = (size_t)n + 1;
    x.n = n;
    x.len = len;
    x.R = (dn_lane *)align64(work);
    x.sa = x.R + (size_t)e->nregs * len;
    x.sb = x.sa + len;
    x.ws = x.sb + len;
    x.xa = (double *)(x.ws + DNI_W_MAX(n));
    x.xb = x.xa + len;
    x.xd = x.xb + len;
    x.xws = x.xd + len;
    x.xww = (dni_wide *)align64(x.xws + DNI_W_MAX(n));
    int soa = (flags & DN_BATCH_SOA) != 0;
    long double fact[DN_TAYLOR_MAX + 1]; /* k!, as dn_expr_eval_coeffs forms it */
    if (flags & DN_BATCH_COEFFS) {
        fact[0] = 1.0L;
        for (size_t k = 1; k < len; k++) fact[k] = fact[k - 1] * (long double)k;
    }
    const long double *fp = flags & DN_BATCH_COEFFS ? fact : NULL;
    const dn_expr_ins *ins = e->ins, *end = ins + e->nins;
    const dn_lane *res = x.R + (size_t)e->result * len;
    for (size_t p0 = 0; p0 < npts; p0 += W) {
        size_t cnt = npts - p0 < W ? npts - p0 : W;
        load_block(&x, e->nvars, p0, cnt, args, ldargs, soa);
        for (const dn_expr_ins *I = ins; I != end; I++) step(&x, I);
        store_block(&x, res, p0, cnt, out, ldout, soa, fp);
    }
}
