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
 * free lanes (results not stored).
 *
 * The quick error bounds on lanes follow in src/batch_lane_quick.h. */
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
