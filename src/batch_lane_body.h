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
 * Groups: the program runs on DN_BATCH_GROUP vectors (batch_impl.h) one instruction at a
 * time, each vector in its own part of the registers. Tail: a group of fewer points has
 * fewer vectors, and a vector of fewer than DN_LANE_W points repeats its last point in the
 * free lanes (results not stored). */
#include <float.h>
#include <string.h>
#define DN_NO_UNROLL /* run-time orders: the kernels stay rolled loops */
#define DNIL_MEMO    /* the C library's values remembered for the last argument */
#include "dnum/internal/kernel_lane.h"
#include "batch_impl.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized" /* (as dispatch/exec.c) */
#endif

#define W DN_LANE_W
#define BATCH_CAT_(a, b) a##b
#define BATCH_CAT(a, b) BATCH_CAT_(a, b)
#define BATCH_RUN BATCH_CAT(dni_batch_run_, DN_BATCH_NAME)

/* the workspace of one run */
typedef struct {
    unsigned n;
    size_t len, rlen; /* lanes of a vector's number, of a register (a group's numbers) */
    dn_lane *R;       /* nregs registers of rlen lanes: DN_BATCH_GROUP numbers of len */
    dn_lane *sa, *sb; /* copies of the operands for the lanes sent to the scalar kernel */
    dn_lane *ws;      /* the lane kernels' scratch, DNI_W_MAX(n) lanes */
    dn_lane *pr;      /* DN_BATCH_PAIRS registers: the other half of a sin/cos pair */
    /* the pairs of the program's first DN_BATCH_PAIR_SCAN instructions */
    const short *pair;
    unsigned char *pr_ok;       /* the group's pair registers hold their half */
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
/* (inlined: called from the engine and the bounds, gcc 12 left it out of line, 5% of a
 * batch of W2 at order 2) */
#define RARE_NONE_OPS(X)                                                                   \
    X(CONST) X(ADD) X(SUB) X(MUL) X(NEG) X(ADD_D) X(MUL_D) X(DIV_D) X(D_SUB)
#define RARE_NONE_BIT(OP) | (1ull << DN_OP_##OP)
static inline __attribute__((always_inline)) dn_lmask
rare_lanes(unsigned op, const dn_lane *a, const dn_lane *b, double c, unsigned n)
{
    switch (op) {
#define RARE_NONE_CASE(OP) case DN_OP_##OP:
        RARE_NONE_OPS(RARE_NONE_CASE)
#undef RARE_NONE_CASE
        return dnil_rare_NONE(a, n);
    case DN_OP_DIV: return dnil_rare_DIV(b, n);
    case DN_OP_D_DIV: return dnil_rare_ZERO(a, n);
    case DN_OP_POWN: return dnil_rare_POWN(a, c);
#define RULE_CASE(A, f, OP, shape, doc, lane, map, lop, klane, kform, o2)                  \
    case DN_OP_##OP: return dnil_rare_##lane(a, n);
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
                        unsigned n, dn_lane *ws, unsigned gc, size_t gs);
#if defined(__GNUC__) || defined(__clang__)
#define LANE_NOINLINE __attribute__((noinline))
#else
#define LANE_NOINLINE
#endif
/* The operations: X(OP, U, f, body), the body on the kernels of prefix P (the rolled
 * dnil_ ones, or the unrolled dnilu_ ones below); U = 1: the orders of LANE_ORDERS run the
 * unrolled kernels; U = 2: as 1, and the body takes v, the function's value at the
 * number's a[0] (dnil_m_<f>), computed for every number of the group before the first
 * recurrence: the vector library's calls are independent of each other and of the
 * recurrences, so that their latency overlaps with the arithmetic of the other numbers
 * (W1 with AVX2 1.07-1.12x faster at orders 4 to 16, W2 within 0.98-1.02; the same
 * bits). The other rows' v is a zero that their bodies never read (dead after inlining).
 * The one-argument functions with a lane kernel are the rows of the operation table
 * (U its column lop, the body by its shape). */
#define LOP_BODIES(X, P)                                                                   \
    X(CONST, 0, ~, P##set_const(d, DNIL_V(c), n))                                          \
    X(ADD, 0, ~, P##add(d, a, b, n))                                                       \
    X(SUB, 0, ~, P##sub(d, a, b, n))                                                       \
    X(MUL, 1, ~, P##mul_w(d, a, b, n, ws))                                                 \
    X(DIV, 1, ~, P##div_w(d, a, b, n, ws))                                                 \
    X(NEG, 0, ~, P##neg(d, a, n))                                                          \
    X(ADD_D, 0, ~, P##add_d(d, a, DNIL_V(c), n))                                           \
    X(MUL_D, 0, ~, P##mul_d(d, a, DNIL_V(c), n))                                           \
    X(DIV_D, 0, ~, {                                                                       \
        /* as DNI_EXPR_EXEC */                                                             \
        dn_lane v = a[0] / c;                                                              \
        P##mul_d(d, a, DNIL_V(1.0 / c), n);                                                \
        d[0] = v;                                                                          \
    })                                                                                     \
    X(D_SUB, 0, ~, {                                                                       \
        dn_lane v = c - a[0];                                                              \
        P##neg(d, a, n);                                                                   \
        d[0] = v;                                                                          \
    })                                                                                     \
    X(D_DIV, 1, ~, P##d_div_w(d, DNIL_V(c), a, n, ws))                                     \
    X(POWN, 0, ~, P##pown_w(d, a, (long)c, n, ws, NULL))                                   \
    DNI_OPS_ELEM1(LOP_ROW, (X, P))
#define LOP_ROW(XP, f, OP, shape, doc, lane, map, lop, klane, kform, o2)                   \
    DNIL_IF_LANE(lane)(LOP_CALL(LOP_ROW_, LOP_UNPAREN XP, f, OP, lop, LOP_##shape##_##lop))
#define LOP_ROW_(X, P, f, OP, U, body) X(OP, U, f, body(P, f))
#define LOP_UNPAREN(...) __VA_ARGS__
#define LOP_CALL(...) LOP_CALL_(__VA_ARGS__)
#define LOP_CALL_(M, ...) M(__VA_ARGS__)
/* the body of a row by its shape and U */
#define LOP_DNI_WS_0(P, f) P##f##_w(d, a, n, ws)
#define LOP_DNI_WS_1 LOP_DNI_WS_0
#define LOP_DNI_WS_2(P, f) P##f##_vw(d, a, v, n, ws)
#define LOP_DNI_WSW_0(P, f) P##f##_w(d, a, n, ws, NULL)
#define LOP_DNI_WSW_1 LOP_DNI_WSW_0
#define LOP_DNI_WSW_2(P, f) P##f##_vw(d, a, v, n, ws, NULL)
#define LOP_DNI_NOWS_0(P, f) P##f(d, a, n)
#define LOP_DNI_NOWS_1 LOP_DNI_NOWS_0
/* one operation on one number (its name, its body) */
#define LOP_FN(name, body)                                                                 \
    static inline __attribute__((always_inline)) void name(                                \
        dn_lane *d, const dn_lane *a, const dn_lane *b, double c, unsigned n, dn_lane *ws, \
        dn_lane v)                                                                         \
    {                                                                                      \
        (void)a;                                                                           \
        (void)b;                                                                           \
        (void)c;                                                                           \
        (void)ws;                                                                          \
        (void)v;                                                                           \
        body;                                                                              \
    }
#define LOPB_DEF(OP, U, f, body) LOP_FN(lopb_##OP, body)
#undef CONST /* (sleef.h's) */
LOP_BODIES(LOPB_DEF, dnil_)

/* Orders compiled with a constant order and the kernels unrolled whole (GCC), for the
 * operations marked 1 above (the products, quotients and the common functions; the
 * compositions unrolled at order 16 took seconds to compile each): kernel.h's body
 * instantiated a second time for lanes, as dnilu_*, with complete unrolling (the rolled
 * kernels of the other orders keep their loops: DN_NO_UNROLL). A recurrence's sums keep
 * their order and their roundings; unrolled, the compiler interleaves the independent
 * sums of consecutive coefficients (each waits only for the newest term), which the
 * rolled loops leave to the processor. Measured against the rolled kernels (W1 and W2,
 * AVX-512 and AVX2): 1.2-1.3x faster at orders 2 and 4, 1.3-1.5x at 8, 1.25-1.4x at 16;
 * the engine's unit compiles in 3 s instead of 2. */
#if defined(__GNUC__) && !defined(__clang__) && !defined(LANE_ORDERS)
#define LANE_ORDERS(X, A) X(2, A) X(4, A) X(8, A) X(16, A)
#endif
#if defined(LANE_ORDERS)
#define dnilu_to_t dnil_to_t
#define dnilu_from_t dnil_from_t
#define dnilu_scale dnil_scale
#define dnilu_wide dnil_wide
#define dnilu_tdiv_zero_w dnil_tdiv_zero_w
#define dnilu_tdiv_rare_w dnil_tdiv_rare_w
#define dnilu_tlog_zero dnil_tlog_zero
#define dnilu_tlog_rare_w dnil_tlog_rare_w
#define dnilu_tpow_zero_w dnil_tpow_zero_w
#define dnilu_tpow_wide_w dnil_tpow_wide_w
#define dnilu_tbranch_sqrt dnil_tbranch_sqrt
#define dnilu_abs dnil_abs
#undef DNI_KP
#undef DNI_K
#undef DNI_UNROLL
#undef DNI_IX
#undef DNI_UNROLL_IN
#define DNI_KP dnilu_
#define DNI_K(name) dnilu_##name
#define DNI_UNROLL _Pragma("GCC unroll 40")
#define DNI_IX unsigned
#define DNI_UNROLL_IN DNI_UNROLL
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#define DNI_KERNEL_BODY 1
#include "dnum/internal/kernel.h"
#pragma GCC diagnostic pop
#define LOPU_DEF_2(OP, body) LOP_FN(lopu_##OP, body)
#define LOPU_DEF_1(OP, body) LOP_FN(lopu_##OP, body)
#define LOPU_DEF_0(OP, body)
#define LOPU_DEF(OP, U, f, body) LOPU_DEF_##U(OP, body)
LOP_BODIES(LOPU_DEF, dnilu_)
#else
#define LANE_ORDERS(X, A)
#endif
#define LOP_CASE(N, OP)                                                                    \
    case N:                                                                                \
        for (unsigned g = 0; g < gc; g++)                                                  \
            lopu_##OP(d + g * gs, a + g * gs, b + g * gs, c, N, ws, v[g]);                 \
        break;
/* gc numbers of the group, gs lanes apart */
#define LANE_ORDERS_0(X, A)
#define LANE_ORDERS_1(X, A) LANE_ORDERS(X, A)
#define LANE_ORDERS_2(X, A) LANE_ORDERS(X, A)
#define LOP_VALUES_0(f) v[g] = DNIL_ZERO
#define LOP_VALUES_1(f) v[g] = DNIL_ZERO
#define LOP_VALUES_2(f) v[g] = dnil_m_##f(a[g * gs])
/* clang-format off */
#define LOP_DEF(OP, U, f, body)                                                            \
    static LANE_NOINLINE void lop_##OP(dn_lane *d, const dn_lane *a, const dn_lane *b,     \
                                       double c, unsigned n, dn_lane *ws, unsigned gc,     \
                                       size_t gs)                                          \
    {                                                                                      \
        dn_lane v[DN_BATCH_GROUP];                                                         \
        for (unsigned g = 0; g < gc; g++) LOP_VALUES_##U(f);                               \
        switch (n) {                                                                       \
        LANE_ORDERS_##U(LOP_CASE, OP)                                                      \
        default:                                                                           \
            for (unsigned g = 0; g < gc; g++)                                              \
                lopb_##OP(d + g * gs, a + g * gs, b + g * gs, c, n, ws, v[g]);             \
            break;                                                                         \
        }                                                                                  \
    }
/* clang-format on */
LOP_BODIES(LOP_DEF, dnil_) /* (the bodies unused here) */

/* A product of a register with itself at the unrolled orders: the kernel with both
 * operands named a, so that the compiler forms each product a_j a_(k-j) once (half the
 * multiplies; the same sums in the same order, hence the same bits), as dispatch/fixed.c's
 * sqr_N. */
#define LOP_SQR_CASE(N, A)                                                                 \
    case N:                                                                                \
        for (unsigned g = 0; g < gc; g++)                                                  \
            dnilu_mul_w(d + g * gs, a + g * gs, a + g * gs, N, ws);                        \
        return 1;
static LANE_NOINLINE int lop_sqr(dn_lane *d, const dn_lane *a, unsigned n, dn_lane *ws,
                                 unsigned gc, size_t gs)
{
    (void)d, (void)a, (void)ws, (void)gc, (void)gs; /* (no unrolled orders: clang) */
    switch (n) {
        LANE_ORDERS(LOP_SQR_CASE, ~)
    default: return 0;
    }
}

/* s = sin(a), c = cos(a) from one recurrence (sin_w and cos_w each run it and keep
 * one half: the same bits) */
#define LOP_SINCOS_CASE(N, A)                                                              \
    case N:                                                                                \
        for (unsigned g = 0; g < gc; g++)                                                  \
            dnilu_sincos_vw(s + g * gs, c + g * gs, a + g * gs, sv[g], cv[g], N, ws);      \
        return;
static LANE_NOINLINE void lop_sincos(dn_lane *s, dn_lane *c, const dn_lane *a, unsigned n,
                                     dn_lane *ws, unsigned gc, size_t gs)
{
    dn_lane sv[DN_BATCH_GROUP], cv[DN_BATCH_GROUP]; /* the values first (as U = 2) */
    for (unsigned g = 0; g < gc; g++) dnil_m_sincos(a[g * gs], &sv[g], &cv[g]);
    switch (n) {
        LANE_ORDERS(LOP_SINCOS_CASE, ~)
    default:
        for (unsigned g = 0; g < gc; g++)
            dnil_sincos_vw(s + g * gs, c + g * gs, a + g * gs, sv[g], cv[g], n, ws);
    }
}

/* sin(a) and cos(a) of one register (W2: sin(x) ... cos(x)): the pairs of the program's
 * first DN_BATCH_PAIR_SCAN instructions, at most DN_BATCH_PAIRS: pair[i] = p for the
 * first of pair p (which also writes the other half to pair register p), DN_BATCH_PAIRS
 * + p for the second (which copies it), -1 elsewhere; a pair's operand is not written
 * between its two instructions (the parser keeps a register until its last use: the
 * test guards against a later change of that), nor by the first (sin in place). */
static void find_pairs(const dn_expr *e, short *pair)
{
    unsigned ni = e->nins < DN_BATCH_PAIR_SCAN ? e->nins : DN_BATCH_PAIR_SCAN, np = 0;
    const dn_expr_ins *I = e->ins;
    for (unsigned i = 0; i < ni; i++) pair[i] = -1;
    for (unsigned i = 0; i < ni && np < DN_BATCH_PAIRS; i++) {
        unsigned op = I[i].op, want = op == DN_OP_SIN ? DN_OP_COS : DN_OP_SIN;
        if ((op != DN_OP_SIN && op != DN_OP_COS) || pair[i] != -1 || I[i].dst == I[i].a)
            continue;
        for (unsigned j = i + 1; j < ni; j++) {
            if (I[j].op == want && I[j].a == I[i].a && pair[j] == -1) {
                pair[i] = (short)np, pair[j] = (short)(DN_BATCH_PAIRS + np++);
                break;
            }
            if (I[j].dst == I[i].a) break;
        }
    }
}

/* the lane kernel of each operation; NULL: none (every lane runs the scalar kernel) */
#define LOP_ENTRY(OP, U, f, body) [DN_OP_##OP] = lop_##OP,
static const lane_op lane_ops[DN_OP_COUNT] = {LOP_BODIES(LOP_ENTRY, dnil_)};
#undef LOP_ENTRY

/* One instruction on the gc numbers of a group (each number's operands and result lie
 * in its own part of the registers: d may be a or b of the same number only). */
static void step(const lane_ctx *x, const dn_expr_ins *I, short pair, unsigned gc)
{
    unsigned n = x->n, op = I->op;
    size_t len = x->len;
    dn_lane *d = x->R + I->dst * x->rlen;
    const dn_lane *a = x->R + I->a * x->rlen, *b = x->R + I->b * x->rlen;
    double c = I->c;
    if (pair >= DN_BATCH_PAIRS && x->pr_ok[pair - DN_BATCH_PAIRS]) {
        /* computed with the first */
        memcpy(d, x->pr + (size_t)(pair - DN_BATCH_PAIRS) * x->rlen, gc * len * sizeof *d);
        return;
    }
    dn_lmask rare[DN_BATCH_GROUP];
    int any = 0;
    /* the operations without rare lanes (the arithmetic) skip the tests, and with them
     * the choice among the tests once per number of the group (W2 at order 2 1.1x) */
    if (op >= 64 || !((0ull RARE_NONE_OPS(RARE_NONE_BIT)) >> op & 1u))
        for (unsigned g = 0; g < gc; g++) {
            rare[g] = rare_lanes(op, a + g * len, b + g * len, c, n);
            any |= dnil_any(rare[g]);
        }
    if (pair >= 0 && pair < DN_BATCH_PAIRS) x->pr_ok[pair] = !any;
    if (!any) {
        if (op == DN_OP_MUL && a == b && lop_sqr(d, a, n, x->ws, gc, len)) return;
        if (pair >= 0 && pair < DN_BATCH_PAIRS) {
            dn_lane *o = x->pr + (size_t)pair * x->rlen;
            if (op == DN_OP_SIN) lop_sincos(d, o, a, n, x->ws, gc, len);
            else lop_sincos(o, d, a, n, x->ws, gc, len);
            return;
        }
        lane_ops[op](d, a, b, c, n, x->ws, gc, len);
        return;
    }
    for (unsigned g = 0; g < gc; g++) {
        dn_lane *dg = d + g * len;
        const dn_lane *ag = a + g * len, *bg = b + g * len;
        if (!dnil_any(rare[g])) {
            lane_ops[op](dg, ag, bg, c, n, x->ws, 1, 0);
            continue;
        }
        for (size_t k = 0; k < len; k++) { /* copies: dg may be ag or bg */
            x->sa[k] = ag[k];
            x->sb[k] = bg[k];
        }
        if (!dnil_all(rare[g])) lane_ops[op](dg, ag, bg, c, n, x->ws, 1, 0);
        scalar_lanes(x, op, dg, c, rare[g]);
    }
}

/* Moves the W points of the block at p0 (cnt of them; the free lanes repeat the last
 * point) into the variables' numbers R + v rlen. */
static void load_block(const lane_ctx *x, dn_lane *R, size_t rlen, unsigned nvars,
                       size_t p0, size_t cnt, const double *args, size_t ldargs, int soa)
{
    size_t len = x->len;
    for (unsigned v = 0; v < nvars; v++) {
        dn_lane *r = R + v * rlen;
        if (soa && cnt == W) {
            for (size_t k = 0; k < len; k++)
                r[k] = dnil_loadu(args + (v * len + k) * ldargs + p0);
        } else if (soa) {
            for (size_t k = 0; k < len; k++)
                for (size_t i = 0; i < W; i++)
                    r[k][i] = args[(v * len + k) * ldargs + p0 + (i < cnt ? i : cnt - 1)];
        } else {
            for (size_t i = 0; i < W; i++) {
                const double *src =
                    args + (p0 + (i < cnt ? i : cnt - 1)) * ldargs + v * len;
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
        for (size_t k = 0; k < len; k++) dnil_storeu(out + k * ldout + p0, res[k]);
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
    DNIL_SET_VM(!(flags & DN_BATCH_LIBM)); /* SLEEF's values where the build has them */
    DNIL_SET_MEMO(0);
    x.n = n;
    x.len = len;
    /* where the instruction's overhead outweighs its arithmetic */
    size_t G = dni_batch_group(n);
    x.rlen = G * len;
    x.R = (dn_lane *)align64(work);
    x.sa = x.R + (size_t)e->nregs * x.rlen;
    x.sb = x.sa + len;
    x.ws = x.sb + len;
    x.pr = x.ws + DNI_W_MAX(n);
    x.xa = (double *)(x.pr + (size_t)DN_BATCH_PAIRS * x.rlen);
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
    const dn_lane *res = x.R + (size_t)e->result * x.rlen;
    short pair[DN_BATCH_PAIR_SCAN];
    unsigned char pr_ok[DN_BATCH_PAIRS] = {0};
    find_pairs(e, pair);
    x.pair = pair;
    x.pr_ok = pr_ok;
    for (size_t q0 = 0; q0 < npts; q0 += G * W) { /* a group of gc vectors */
        size_t left = npts - q0;
        unsigned gc = left < G * W ? (unsigned)((left + W - 1) / W) : (unsigned)G;
        /* every vector full: one strided copy each way */
        int whole = soa && gc * W <= left;
        if (whole)
            for (unsigned v = 0; v < e->nvars; v++)
                for (size_t k = 0; k < len; k++) {
                    const double *src = args + (v * len + k) * ldargs + q0;
                    dn_lane *r = x.R + v * x.rlen + k;
                    for (unsigned g = 0; g < gc; g++) r[g * len] = dnil_loadu(src + g * W);
                }
        else
            for (unsigned g = 0; g < gc; g++) {
                size_t p0 = q0 + g * W, cnt = npts - p0 < W ? npts - p0 : W;
                load_block(&x, x.R + g * len, x.rlen, e->nvars, p0, cnt, args, ldargs, soa);
            }
        for (const dn_expr_ins *I = ins; I != end; I++)
            step(&x, I, I - ins < DN_BATCH_PAIR_SCAN ? pair[I - ins] : -1, gc);
        if (whole && !fp)
            for (size_t k = 0; k < len; k++) {
                double *dst = out + k * ldout + q0;
                for (unsigned g = 0; g < gc; g++)
                    dnil_storeu(dst + g * W, res[g * len + k]);
            }
        else
            for (unsigned g = 0; g < gc; g++) {
                size_t p0 = q0 + g * W, cnt = npts - p0 < W ? npts - p0 : W;
                store_block(&x, res + g * len, p0, cnt, out, ldout, soa, fp);
            }
    }
}

/* ---- quick error bounds on lanes (dn_expr_eval_prec with DN_PREC_QUICK) ------------------
 * src/expr_err.c's analysis (its rules, in its order of operations, so every lane gets the
 * scalar bound's bits) for the programs it does not calibrate in a quick bound: the
 * arithmetic and the elementary functions with a lane kernel. The caller sends the
 * points of a block where some instruction takes a rare path to the scalar analysis. */
#define BQ_U 0x1p-53
#define BQ_NTMP 10

typedef struct {
    const lane_ctx *x;
    unsigned n; /* the program's order; the unary functions' derivatives at n + 1 */
    size_t len;
    dn_lane *val, *err, *t[BQ_NTMP];
    double g[DN_TAYLOR_MAX + 2];
} bq_ctx;

static inline dn_lane bq_abs(dn_lane a)
{
    return (dn_lane)((dn_lmask)a & 0x7fffffffffffffffLL);
}
static void bq_absv(const bq_ctx *q, dn_lane *r, const dn_lane *a)
{
    for (size_t k = 0; k < q->len; k++) r[k] = bq_abs(a[k]);
}
/* one instruction on lanes at order m; whether a lane took a rare path (the caller then
 * gives the block to the scalar analysis) */
static int bq_exec(const bq_ctx *q, unsigned op, dn_lane *d, const dn_lane *a,
                   const dn_lane *b, double c, unsigned m)
{
    if (dnil_any(rare_lanes(op, a, b, c, m))) return 1;
    lane_ops[op](d, a, b, c, m, q->x->ws, 1, 0);
    return 0;
}
/* r = a b at the program's order (the unrolled kernel at the orders of LANE_ORDERS) */
static void bq_mulw(const bq_ctx *q, dn_lane *r, const dn_lane *a, const dn_lane *b)
{
#define BQ_MUL_CASE(N, A)                                                                  \
    case N: dnilu_mul_w(r, a, b, N, q->x->ws); return;
    switch (q->n) {
        LANE_ORDERS(BQ_MUL_CASE, ~)
    default: dnil_mul_w(r, a, b, q->n, q->x->ws);
    }
#undef BQ_MUL_CASE
}
static double bq_cerr(const dn_expr_ins *i)
{
    return i->clo == 0.0 ? 0.0 : fabs(i->clo) * 1.01 + ldexp(fabs(i->c), 2 - dn_ext_bits());
}
static void bq_mul(const bq_ctx *q, dn_lane *er, const dn_lane *a, const dn_lane *ea,
                   const dn_lane *b, const dn_lane *eb)
{
    dn_lane *aa = q->t[6], *ab = q->t[7], *s = q->t[8];
    bq_absv(q, aa, a);
    bq_absv(q, ab, b);
    bq_mulw(q, s, aa, ab);
    for (size_t k = 0; k < q->len; k++) s[k] *= q->g[k];
    for (size_t k = 0; k < q->len; k++) aa[k] += ea[k];
    bq_mulw(q, aa, aa, eb);
    bq_mulw(q, ab, ab, ea);
    for (size_t k = 0; k < q->len; k++) er[k] = aa[k] + ab[k] + s[k];
}
/* the lanes where src/expr_err.c's first_order fails (its bound is then +Inf: the caller
 * gives the block to the scalar analysis) */
static dn_lmask bq_not_first_order(dn_lane e, unsigned k, dn_lane h2, dn_lane h1,
                                   dn_lane h0)
{
    dn_lane l = 0.5 * e * e * h2; /* (where it underflows: the scalar analysis) */
    return (dn_lmask)(e != 0.0) &
           (~(dnil_isfinite(h2) & dnil_isfinite(h1) & dnil_isfinite(h0) &
              (dn_lmask)(l <= 0x1p-4 * (e * h1 + (k + 6.0) * BQ_U * h0))) |
            ((dn_lmask)(l < DBL_MIN) & (dn_lmask)(h2 > 0.0)));
}
/* src/expr_err.c's min_nz and max_abs, lane-wise: the smallest |a[k]| that is not 0
 * (+Inf where all are 0), the largest |a[k]| */
static dn_lane bq_min_nz(const bq_ctx *q, const dn_lane *a)
{
    dn_lane m = DNIL_V(INFINITY);
    for (size_t k = 0; k < q->len; k++)
        m = dnil_sel((dn_lmask)(a[k] != 0.0) & (dn_lmask)(bq_abs(a[k]) < m), bq_abs(a[k]),
                     m);
    return m;
}
/* the smaller of bq_min_nz(a) and bq_min_nz(ea) (an operand and its bound) */
static dn_lane bq_min_nz2(const bq_ctx *q, const dn_lane *a, const dn_lane *ea)
{
    dn_lane x = bq_min_nz(q, a), y = bq_min_nz(q, ea);
    return dnil_sel((dn_lmask)(y < x), y, x);
}
static dn_lane bq_max_abs(const bq_ctx *q, const dn_lane *a)
{
    dn_lane m = DNIL_ZERO;
    for (size_t k = 0; k < q->len; k++)
        m = dnil_sel((dn_lmask)(bq_abs(a[k]) > m), bq_abs(a[k]), m);
    return m;
}
static int bq_div(const bq_ctx *q, dn_lane *er, const dn_lane *a, const dn_lane *ea,
                  const dn_lane *b, const dn_lane *eb, const dn_lane *r)
{
    dn_lane *inv = q->t[5], *ar = q->t[6], *ab = q->t[7], *s = q->t[8];
    dn_lane bb = bq_abs(b[0]), n = DNIL_V((double)q->n);
    if (dnil_any(bq_not_first_order(eb[0], q->n, (n + 2.0) * (n + 1.0) / (bb * bb),
                                    (n + 1.0) / bb, DNIL_V(1.0))))
        return 1;
    if (bq_exec(q, DN_OP_D_DIV, inv, b, b, 1.0, q->n)) return 1;
    bq_absv(q, inv, inv);
    bq_absv(q, ar, r);
    bq_absv(q, ab, b);
    bq_mulw(q, ab, ab, ar);
    bq_mulw(q, ar, ar, eb);
    for (size_t k = 0; k < q->len; k++)
        s[k] = ea[k] + ar[k] + q->g[k] * (bq_abs(a[k]) + ab[k]);
    bq_mulw(q, er, inv, s);
    return 0;
}
/* f(u): |f'|(u0 + |u - u0|) E_u + 2 G |f|(u0 + |u - u0|), the series from f's own kernel
 * at order n + 1 on the bare variable (src/expr_err.c, err_unary) */
static int bq_unary(const bq_ctx *q, unsigned op, double c, const dn_lane *u,
                    const dn_lane *eu, dn_lane *er)
{
    unsigned n = q->n, n1 = n < DN_ORDER_MAX ? n + 1 : DN_ORDER_MAX;
    dn_lane *h = q->t[0], *var = q->t[1], *p = q->t[2], *qq = q->t[3], *tu = q->t[4];
    var[0] = u[0];
    var[1] = DNIL_V(1.0);
    for (unsigned k = 2; k <= n1; k++) var[k] = DNIL_ZERO;
    if (bq_exec(q, op, h, var, var, c, n1)) return 1;
    if (n1 == n) h[n + 1] = DNIL_V(INFINITY);
    dn_lmask under = dnil_isfinite(u[0]) & (dn_lmask)(u[0] != 0.0), zero = {0};
    for (unsigned j = 0; j <= n1; j++) {
        h[j] = bq_abs(h[j]);
        under &= (dn_lmask)(h[j] == 0.0);
        zero |= (dn_lmask)(h[j] == 0.0);
    }
    /* (f and its derivatives underflowed: no bound; some derivative 0 at an inexact
     * operand: the scalar analysis compares both ends) */
    if (dnil_any(under | (zero & (dn_lmask)(eu[0] > 0.0)))) return 1;
    for (unsigned k = 0; k + 2 <= n1; k++)
        if (dnil_any(bq_not_first_order(eu[0], k, h[k + 2], h[k + 1], h[k]))) return 1;
    dn_lmask lin = ~(dn_lmask){0};
    for (unsigned k = 2; k <= n; k++) lin &= (dn_lmask)(u[k] == 0.0);
    if (dnil_any(lin)) { /* u = u0 + u1 z: the series are h[j] |u1|^j themselves */
        dn_lane pw = DNIL_V(1.0), u1 = n ? bq_abs(u[1]) : DNIL_ZERO;
        for (unsigned k = 0; k <= n; k++) {
            p[k] = h[k + 1] * pw;
            qq[k] = h[k] * pw;
            pw = k == 0 ? dnil_sel((dn_lmask)(u1 == 0.0), DNIL_ZERO, pw * u1) : pw * u1;
        }
    }
    if (!dnil_all(lin)) {
        dn_lane *tr = q->t[5], *pc = q->t[8], *qc = q->t[9];
        for (unsigned k = 0; k <= n; k++) var[k] = bq_abs(u[k]);
        dnil_to_t(tu, var, n);
        dnil_tcompose2_w(tr, var, h + 1, h, tu, n, q->x->ws); /* (var free again) */
        dnil_from_t(pc, tr, n);
        dnil_from_t(qc, var, n);
        for (unsigned k = 0; k <= n; k++) {
            p[k] = dnil_sel(lin, p[k], pc[k]);
            qq[k] = dnil_sel(lin, qq[k], qc[k]);
        }
    }
    /* (f's sizes all below 2^-500, or a majorant of |f| below DBL_MIN in the normalised
     * form where it can be nonzero: the scalar analysis rescales them, err_unary and
     * tiny_terms; the orders here are below DN_TAYLOR_MAX) */
    dn_lane hm = DNIL_ZERO;
    for (unsigned j = 0; j <= n1; j++) hm = dnil_sel((dn_lmask)(h[j] > hm), h[j], hm);
    dn_lmask low = (dn_lmask)(hm > 0.0) & (dn_lmask)(hm < 0x1p-500);
    int poly = (op == DN_OP_POWN || op == DN_OP_POW_D) && c >= 0.0 && c == floor(c);
    unsigned lim = poly && c < n && dnil_all(lin) ? (unsigned)c : n;
    for (unsigned k = 0; k <= lim; k++) low |= (dn_lmask)(qq[k] * dni_ifact[k] < DBL_MIN);
    if (dnil_any(low)) return 1;
    bq_mulw(q, p, p, eu);
    for (size_t k = 0; k < q->len; k++) er[k] = p[k] + 2.0 * q->g[k] * qq[k];
    return 0;
}
/* one instruction: result to d, bound to ed; 1 where the block must go to the scalar path */
static int bq_step(const bq_ctx *q, const dn_expr_ins *i, dn_lane *d, dn_lane *ed)
{
    size_t len = q->len;
    const dn_lane *a = q->val + i->a * len, *b = q->val + i->b * len;
    const dn_lane *ea = q->err + i->a * len, *eb = q->err + i->b * len;
    double c = i->c, ce = bq_cerr(i);
    dn_lane *rr = q->x->sa; /* the result, before d (may be a or b) changes */
    /* the integer powers are calibrated in a quick bound too: the scalar analysis */
    if (i->op == DN_OP_POWN || bq_exec(q, i->op, rr, a, b, c, q->n)) return 1;
    switch (i->op) {
    case DN_OP_CONST:
        for (size_t k = 0; k < len; k++) ed[k] = DNIL_V(k ? 0.0 : ce);
        break;
    case DN_OP_ADD:
    case DN_OP_SUB:
        for (size_t k = 0; k < len; k++) ed[k] = ea[k] + eb[k] + BQ_U * bq_abs(rr[k]);
        break;
    case DN_OP_ABS: /* (a value that may have the other sign: the scalar analysis) */
        if (dnil_any((dn_lmask)(bq_abs(a[0]) <= ea[0]) & (dn_lmask)(ea[0] > 0.0))) return 1;
        /* fall through */
    case DN_OP_NEG:
        for (size_t k = 0; k < len; k++) ed[k] = ea[k];
        break;
    case DN_OP_ADD_D:
    case DN_OP_D_SUB:
        for (size_t k = 0; k < len; k++)
            ed[k] = ea[k] + BQ_U * bq_abs(rr[k]) + (k ? 0.0 : ce);
        break;
    case DN_OP_MUL_D:
    case DN_OP_DIV_D: /* (an entry that fell to 0: its absolute error; a bound that
                       * would: the least above 0, as the scalar analysis) */
        for (size_t k = 0; k < len; k++) {
            dn_lane e = ea[k];
            dn_lane t =
                i->op == DN_OP_MUL_D
                    ? fabs(c) * e + BQ_U * bq_abs(rr[k]) + ce * bq_abs(a[k])
                    : (e + ce * bq_abs(rr[k])) / fabs(c) + 2.0 * BQ_U * bq_abs(rr[k]);
            t = dnil_sel((dn_lmask)(rr[k] == 0.0) & (dn_lmask)(a[k] != 0.0), t + 0x1p-1074,
                         t);
            ed[k] =
                dnil_sel((dn_lmask)(e > 0.0) & (dn_lmask)(t == 0.0), DNIL_V(0x1p-1074), t);
        }
        break;
    case DN_OP_MUL: /* (a product of entries that may fall below DBL_MIN: the scalar
                     * analysis, which adds their absolute error) */
        if (dnil_any((dn_lmask)(bq_min_nz2(q, a, ea) * bq_min_nz2(q, b, eb) < DBL_MIN)))
            return 1;
        bq_mul(q, ed, a, ea, b, eb);
        break;
    case DN_OP_DIV: /* (terms that may have fallen to 0: no bound, the scalar analysis) */
        if (dnil_any((dn_lmask)(bq_min_nz(q, a) / bq_max_abs(q, b) < 2.0 * DBL_MIN) |
                     (dn_lmask)(bq_min_nz(q, rr) * bq_min_nz(q, b) < DBL_MIN)))
            return 1;
        if (bq_div(q, ed, a, ea, b, eb, rr)) return 1;
        break;
    default:
        if (bq_unary(q, i->op, c, a, ea, ed)) return 1;
        if (ce != 0.0 && i->op == DN_OP_D_DIV)
            for (size_t k = 0; k < len; k++) ed[k] += ce * bq_abs(rr[k] / c);
        break;
    }
    /* a subnormal result (its bound +Inf from there on): the scalar analysis */
    for (size_t k = 0; k < len; k++)
        if (dnil_any((dn_lmask)(rr[k] != 0.0) & (dn_lmask)(bq_abs(rr[k]) < DBL_MIN)))
            return 1;
    for (size_t k = 0; k < len; k++) d[k] = rr[k];
    return 0;
}

/* fmax (the number where one is NaN), lane-wise, as src/expr_err.c's fmax_inl */
static inline dn_lane bq_fmax(dn_lane a, dn_lane b)
{
    return dnil_sel(a != a, b, dnil_sel(b != b, a, dnil_sel(a > b, a, b)));
}

/* The lanes (bit i: lane i) where dn_err_first_short(d, 10 e, n, 10.0) > n: DN_PREC_AUTO's
 * check that the quick bound e, times the margin of 10, shows 10 digits of every
 * derivative d (src/expr_err.c's test with the same operations, so the same verdict). */
static unsigned bq_auto_ok(const dn_lane *d, const dn_lane *e, unsigned n)
{
    dn_lmask bad = (dn_lmask){0};
    for (unsigned k = 0; k <= n; k++) {
        dn_lane eb = 10.0 * e[k];
        dn_lane nb =
            bq_fmax(k ? bq_abs(d[k - 1]) : DNIL_ZERO, k < n ? bq_abs(d[k + 1]) : DNIL_ZERO);
        nb = dnil_sel(dnil_isfinite(nb), nb, DNIL_ZERO);
        dn_lane m = bq_fmax(bq_abs(d[k]), 1e-15 * nb);
        dn_lmask known = dnil_isfinite(d[k]) & dnil_isfinite(eb);
        bad |= known & ~(eb <= 1e-10 * m);
    }
    return (unsigned)(~dnil_signs(bad) & ((1 << W) - 1));
}

/* The quick bounds of the W points of the block (cnt of them): dni_batch_quick_fn
 * (batch_impl.h). work: as the engine's. */
int BATCH_CAT(BATCH_RUN, _quick)(const dn_expr *e, unsigned n, size_t cnt,
                                 const double *args, size_t ldargs, double *out,
                                 size_t ldout, double *err, size_t lderr, double *eout,
                                 unsigned *auto_ok, double *work)
{
    lane_ctx x;
    bq_ctx q;
    size_t len = (size_t)n + 1, tl = len + 1, nr = (size_t)e->nregs * len;
    unsigned n1 = n + 1;
    DNIL_SET_VM(0);   /* the C library's values: the scalar bounds' bits */
    DNIL_SET_MEMO(1); /* each function's value again for its bound's series */
    x.n = n;
    x.len = len;
    x.rlen = len;
    x.R = (dn_lane *)align64(work);
    x.sa = x.R + 2 * nr; /* the result of an instruction */
    x.ws = x.sa + tl;    /* the kernels' scratch at order n + 1 */
    q.x = &x;
    q.n = n;
    q.len = len;
    q.val = x.R;
    q.err = x.R + nr;
    dn_lane *t0 = x.ws + DNI_W_MAX(n1);
    for (unsigned j = 0; j < BQ_NTMP; j++) q.t[j] = t0 + j * tl;
    for (size_t k = 0; k < len; k++) q.g[k] = ((double)k + 1.0 + 5.0) * BQ_U;
    load_block(&x, x.R, len, e->nvars, 0, cnt, args, ldargs, 0);
    for (size_t k = 0; k < e->nvars * len; k++) q.err[k] = DNIL_ZERO;
    for (const dn_expr_ins *I = e->ins, *end = I + e->nins; I != end; I++)
        if (bq_step(&q, I, q.val + I->dst * len, q.err + I->dst * len)) return 1;
    const dn_lane *rv = q.val + (size_t)e->result * len,
                  *re = q.err + (size_t)e->result * len;
    /* the lanes that keep their double results (AUTO: those with 10 digits) get them and
     * the bounds' verdicts; the others their bounds in eout, out untouched (the caller's
     * extended precision still reads their arguments, which out may overwrite) */
    unsigned keep = (1u << cnt) - 1;
    if (auto_ok) {
        *auto_ok = bq_auto_ok(rv, re, n);
        if ((*auto_ok & keep) != keep) {
            keep &= *auto_ok;
            store_block(&x, re, 0, cnt, eout, len, 0, NULL);
        }
    }
    dn_lane *v = q.t[0]; /* dn_expr_eval_prec's verdict: NaN, the bound, or Inf */
    if (err)
        for (size_t k = 0; k < len; k++)
            v[k] = dnil_sel(rv[k] != rv[k], DNIL_V(NAN),
                            dnil_sel(dnil_isfinite(rv[k]) & dnil_isfinite(re[k]), re[k],
                                     DNIL_V(INFINITY)));
    for (size_t i = 0; i < cnt; i++) {
        if (!(keep >> i & 1u)) continue;
        for (size_t k = 0; k < len; k++) out[i * ldout + k] = rv[k][i];
        if (err)
            for (size_t k = 0; k < len; k++) err[i * lderr + k] = v[k][i];
    }
    return 0;
}
