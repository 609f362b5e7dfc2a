/* One batch engine of the multivariate layouts (dn_expr_eval_batchk, dn_expr_eval_batch2):
 * a program of dn_expr run on DN_LANE_W points at once on k-variate numbers (the Dnumk
 * layout: S = C(n+k, k) Taylor coefficients in graded order) or on Dnum2's triangles of
 * derivatives (S = (n+1)(n+2)/2), each register S vectors of DN_LANE_W doubles, on
 * dnum/internal/kernelk_lane.h (kernelk.h's recurrences on lanes). Included by the
 * translation unit of an instruction set, which defines DN_LANE_W and DN_BATCH_NAME (the
 * function dni_batchk_run_<name>) and is compiled with that set's flags and
 * -ffp-contract=off.
 *
 * Each instruction runs the lane kernel into a scratch register T (the kernels must not
 * write over their operands; a program reuses registers), then the lanes that the scalar
 * step dni_expr_stepk (dn_expr_evalk's) would compute otherwise are recomputed by it from
 * their operands, still intact, and T goes to the destination. Those lanes:
 *
 * - before: a rule on the value u_0 of the operand for each path of the double kernel that
 *   the lane kernel does not have (rare_lanes below; conservative rules are fine: the
 *   scalar step is always right); every lane for an operation without a lane kernel (u^p,
 *   cbrt, a^b, atan2, hypot, the special functions, the compositions);
 * - after: the range rerun. dnik_<f> (DNIK_RANGED_*, kernelk_range.h) runs dnik_<f>_plain
 *   once, and returns its result unchanged when block N of it is finite (dnik_finite);
 *   only otherwise does it rescale and run again. A lane that took none of the rare paths
 *   holds exactly dnik_<f>_plain's bits (the same operations in the same order), so where
 *   its block N is finite it holds dnik_<f>'s bits, and where it is not the scalar step
 *   recomputes it: testing the lane's block N after the lane kernel decides exactly as
 *   dnik_<f> does. (dnik_mul and the linear operations have no rerun, no test.)
 *
 * The Dnum2 layout (DNI_BATCH_DNUM2) runs as dn_expr_eval2 does: the product by
 * kernel2_mul.h's Leibniz rule on the derivatives (on lanes), the linear operations on the
 * flat array, every other function through the Taylor triangle (to_t, the kernelk
 * function at K = 2, the same test of block n, from_t); its scalar step is
 * dni_expr_step2.
 *
 * Every lane thus gets dn_expr_evalk's (dn_expr_eval2's) bits for its point (with the C
 * library's values), whatever the other points of its block. (With SLEEF's values the
 * same decision is made on the lane's own result: the plain kernel's where block N is
 * finite, the scalar step's with the C library's values elsewhere.) Tail: a block of
 * fewer than DN_LANE_W points repeats its last point in the free lanes (results not
 * stored). */
#include <string.h>
#define DN_NO_UNROLL               /* run-time k and n: the kernels stay rolled loops */
#include "dnum/internal/kernel2.h" /* (double, before the lanes) */
#include "dnum/internal/kernelk_lane.h"
#include "batch_impl.h"

/* the Leibniz product of the Dnum2 layout on lanes (dnil2_mul) */
#define DNI2_K(name) dnil2_##name
#include "dnum/internal/kernel2_mul.h"
#undef DNI2_K

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized" /* (as dispatch/stepk.c) */
#endif

#define W DN_LANE_W
#define BATCHK_CAT_(a, b) a##b
#define BATCHK_CAT(a, b) BATCHK_CAT_(a, b)
#define BATCHK_RUN BATCHK_CAT(dni_batchk_run_, DN_BATCH_NAME)

/* the workspace of one run */
typedef struct {
    unsigned K, N;
    size_t S;
    int tri;            /* the Dnum2 layout */
    dn_lane *R;         /* nregs registers of S lanes */
    dn_lane *T;         /* an instruction's result, S lanes */
    dn_lane *ws;        /* the lane kernels' scratch, DNI_BATCHK_LWS(S) lanes */
    dn_lane *U, *V, *X; /* the Dnum2 layout: Taylor triangles of the operands and result */
    /* one lane's operands and result, the scalar step's scratch */
    double *xa, *xb, *xd, *xw;
} lanek_ctx;

static void *alignk64(void *p)
{
    return (void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

/* the scalar step on the lanes of mask m, from the operands a, b into d */
static void scalar_lanes(const lanek_ctx *x, unsigned op, dn_lane *d, const dn_lane *a,
                         const dn_lane *b, double c, dn_lmask m)
{
    for (int i = 0; i < W; i++) {
        if (!m[i]) continue;
        for (size_t e = 0; e < x->S; e++) {
            x->xa[e] = a[e][i];
            x->xb[e] = b[e][i];
        }
        if (x->tri) dni_expr_step2(op, x->xd, x->xa, x->xb, c, x->N, x->xw);
        else dni_expr_stepk(op, x->xd, x->xa, x->xb, c, x->K, x->N, x->xw);
        for (size_t e = 0; e < x->S; e++) d[e][i] = x->xd[e];
    }
}

static inline dn_lane lk_abs(dn_lane v)
{
    return (dn_lane)((dn_lmask)v & 0x7fffffffffffffffLL);
}

/* the rules of the column klane (a row with another does not compile), and the case labels
 * of the functions whose klane is R */
enum {
    rare_NONE,
    rare_ZERO,
    rare_ONEP,
    rare_COSH,
    rare_UNIT,
    rare_BIG,
    rare_ACOSH,
    rare_SIGN,
    rare_SCALAR
};
#define RARE_KNOWN(A, f, OP, shape, doc, lane, map, lop, klane, kform, o2)                 \
    (void)rare_##klane;
#define RARE_CASES(R) DNI_OPS_ELEM1(RARE_CASE, R)
#define RARE_CASE(R, f, OP, shape, doc, lane, map, lop, klane, kform, o2)                  \
    DNIL_SECOND_(RARE_SAME_##R##_##klane, DNIL_DROP, ~)(case DN_OP_##OP:)
#define RARE_SAME_NONE_NONE ~, DNIL_KEEP
#define RARE_SAME_ZERO_ZERO ~, DNIL_KEEP
#define RARE_SAME_ONEP_ONEP ~, DNIL_KEEP
#define RARE_SAME_COSH_COSH ~, DNIL_KEEP
#define RARE_SAME_UNIT_UNIT ~, DNIL_KEEP
#define RARE_SAME_BIG_BIG ~, DNIL_KEEP
#define RARE_SAME_ACOSH_ACOSH ~, DNIL_KEEP
#define RARE_SAME_SIGN_SIGN ~, DNIL_KEEP
/* The lanes whose operands take a path of the double kernel that the lane kernel does not
 * have (all of them for an operation without a lane kernel, rare_SCALAR). A function's
 * rule is the column klane of its row: dnik_sing at a zero or pole (ZERO u_0 = 0, also a
 * divisor; ONEP u_0 = -1; UNIT |u_0| = 1; ACOSH u_0 = 1), dnik_integ_sq's rescaled path
 * for |u_0| >= 2^500 (UNIT, ACOSH and BIG; Inf and NaN included here: conservative),
 * dnik_sinhcosh_plain's for an overflowed cosh(u_0) (COSH: |u_0| >= 710 is conservative,
 * cosh(710) < DBL_MAX), SIGN u_0 = 0 (abs); u^m's below. */
static dn_lmask rare_lanes(unsigned op, const dn_lane *a, const dn_lane *b, double c)
{
    const dn_lmask none = {0}, all = ~none;
    dn_lane u0 = a[0], au = lk_abs(u0);
    dn_lmask huge = ~(dn_lmask)(au < 0x1p500);
    DNI_OPS_ELEM1(RARE_KNOWN, ~)
    switch (op) {
    /* clang-format off */
    case DN_OP_CONST: case DN_OP_ADD: case DN_OP_SUB: case DN_OP_MUL: case DN_OP_NEG:
    case DN_OP_ADD_D: case DN_OP_MUL_D: case DN_OP_DIV_D: case DN_OP_D_SUB: RARE_CASES(NONE)
        return none;
    case DN_OP_DIV: return (dn_lmask)(b[0] == 0.0);
    case DN_OP_D_DIV: RARE_CASES(ZERO) return (dn_lmask)(u0 == 0.0);
    RARE_CASES(ONEP) return (dn_lmask)(u0 == -1.0);
    RARE_CASES(COSH) return ~(dn_lmask)(au < 710.0);
    RARE_CASES(UNIT) return (dn_lmask)(au == 1.0) | huge;
    RARE_CASES(BIG) return huge;
    RARE_CASES(ACOSH) return (dn_lmask)(u0 == 1.0) | huge;
    RARE_CASES(SIGN) return ~((dn_lmask)(u0 > 0.0) | (dn_lmask)(u0 < 0.0));
    /* clang-format on */
    case DN_OP_POWN: { /* u^m: the pole at 0 for m < 0; dnik_pown_plain's scaled path, taken
                        * where |ilogb(u_0) m| > 500: not below 2^floor(500 / |m|) */
        if (!(fabs(c) < 0x1p31)) return all;
        dn_lmask r = c < 0.0 ? (dn_lmask)(u0 == 0.0) : none;
        double am = fabs(c);
        return am == 0.0 ? r : r | ~(dn_lmask)(au < ldexp(1.0, (int)floor(500.0 / am)));
    }
    default: return all; /* SCALAR */
    }
}

/* One operation on lanes into d (not overlapping a or b): a function each, out of line
 * (as src/batch_lane_body.h), with whether the double kernel has the range rerun. */
typedef void (*lanek_op)(dn_lane *d, const dn_lane *a, const dn_lane *b, double c,
                         unsigned K, unsigned N, dn_lane *w);
#if defined(__GNUC__) || defined(__clang__)
#define LANEK_NOINLINE __attribute__((noinline))
#else
#define LANEK_NOINLINE
#endif
#define LOPK(OP, body)                                                                     \
    static LANEK_NOINLINE void lopk_##OP(dn_lane *d, const dn_lane *a, const dn_lane *b,   \
                                         double c, unsigned K, unsigned N, dn_lane *w)     \
    {                                                                                      \
        const unsigned M = (unsigned)(dnik_size(K, N) - 1); /* the flat array's order */   \
        (void)a, (void)b, (void)c, (void)w, (void)M;                                       \
        body;                                                                              \
    }
/* the linear operations on the flat array, as dni_expr_stepk (DNI_EXPR_EXEC_BY) */
LOPK(CONST, dnil_set_const(d, DNIL_V(c), M))
LOPK(ADD, dnil_add(d, a, b, M))
LOPK(SUB, dnil_sub(d, a, b, M))
LOPK(NEG, dnil_neg(d, a, M))
LOPK(ADD_D, dnil_add_d(d, a, DNIL_V(c), M))
LOPK(MUL_D, dnil_mul_d(d, a, DNIL_V(c), M))
LOPK(DIV_D, {
    dn_lane v = a[0] / c;
    dnil_mul_d(d, a, DNIL_V(1.0 / c), M);
    d[0] = v;
})
LOPK(D_SUB, {
    dn_lane v = c - a[0];
    dnil_neg(d, a, M);
    d[0] = v;
})
LOPK(MUL, dnikl_mul(d, a, b, K, N, w))
/* the ranged ones */
LOPK(DIV, dnikl_div_plain(d, a, b, K, N, w))
LOPK(D_DIV, dnikl_d_div_plain(d, c, a, K, N, w))
LOPK(POWN, dnikl_pown_plain(d, a, (long)c, K, N, w))
/* the functions of the operation table with a lane kernel (column klane not SCALAR): the
 * plain kernel (column kform RANGED) or the flat one (FLAT: the flat array, no scratch) */
#define LOPK_ROW(A, f, OP, shape, doc, lane, map, lop, klane, kform, o2)                   \
    DNIL_IF_LANE(klane)(LOPK_##kform(f, OP, shape))
#define LOPK_RANGED(f, OP, shape) LOPK(OP, dnikl_##f##_plain(d, a, K, N, w))
#define LOPK_FLAT(f, OP, shape) LOPK_FLAT_##shape(f, OP)
#define LOPK_FLAT_DNI_NOWS(f, OP) LOPK(OP, dnil_##f(d, a, M))
DNI_OPS_ELEM1(LOPK_ROW, ~)
#undef LOPK

/* the lane kernel of each operation (NULL: none, every lane on the scalar step), and the
 * ones whose double kernel has the range rerun (the test of block N after it) */
#define LOPKS_LINEAR(X)                                                                    \
    X(CONST) X(ADD) X(SUB) X(NEG) X(ADD_D) X(MUL_D) X(DIV_D) X(D_SUB) X(MUL)
#define LOPKS_RANGED(X) X(DIV) X(D_DIV) X(POWN)
#define LOPK_ENTRY(OP) [DN_OP_##OP] = lopk_##OP,
#define LOPK_FLAG(OP) [DN_OP_##OP] = 1,
#define LOPK_ROW_ENTRY(A, f, OP, shape, doc, lane, map, lop, klane, kform, o2)             \
    DNIL_IF_LANE(klane)(LOPK_ENTRY(OP))
#define LOPK_ROW_FLAG(A, f, OP, shape, doc, lane, map, lop, klane, kform, o2)              \
    DNIL_IF_LANE(klane)(LOPK_FLAG_##kform(OP))
#define LOPK_FLAG_RANGED LOPK_FLAG
#define LOPK_FLAG_FLAT(OP)
static const lanek_op lanek_ops[DN_OP_COUNT] = {
    LOPKS_LINEAR(LOPK_ENTRY) LOPKS_RANGED(LOPK_ENTRY) DNI_OPS_ELEM1(LOPK_ROW_ENTRY, ~)};
static const unsigned char lanek_ranged[DN_OP_COUNT] = {
    LOPKS_RANGED(LOPK_FLAG) DNI_OPS_ELEM1(LOPK_ROW_FLAG, ~)};
#undef LOPK_ENTRY
#undef LOPK_FLAG

/* the lanes with an entry of block N that is not finite (dnik_finite's test, lane-wise;
 * none for N = 0) */
static dn_lmask lastblock_bad(const dn_lane *r, unsigned K, unsigned N)
{
    dn_lmask bad = {0};
    if (N > 0)
        for (size_t e = dnik_start(K, N), end = dnik_start(K, N + 1); e < end; e++)
            bad |= ~dnil_isfinite(r[e]);
    return bad;
}

/* the Taylor triangle t of the derivatives d (dni2_to_t), and back (dni2_from_t) */
static void lane2_to_t(dn_lane *restrict t, const dn_lane *d, unsigned n)
{
    for (unsigned s = 0; s <= n; s++)
        for (unsigned j = 0; j <= s; j++)
            t[s * (s + 1) / 2 + j] =
                d[s * (s + 1) / 2 + j] * (dni_ifact[s - j] * dni_ifact[j]);
}
static void lane2_from_t(dn_lane *restrict d, const dn_lane *t, unsigned n)
{
    for (unsigned s = 0; s <= n; s++)
        for (unsigned j = 0; j <= s; j++)
            d[s * (s + 1) / 2 + j] =
                t[s * (s + 1) / 2 + j] * (dni_fact[s - j] * dni_fact[j]);
}

/* The lane kernel of op into x->T; the lanes whose block N is not finite after a kernel
 * with the range rerun (the Dnum2 layout: of the Taylor triangle, as dni2_<f>_w runs
 * dnik_<f> on it). */
static dn_lmask lane_kernel(const lanek_ctx *x, unsigned op, lanek_op f, const dn_lane *a,
                            const dn_lane *b, double c)
{
    unsigned K = x->K, N = x->N;
    if (!x->tri || !lanek_ranged[op]) {
        if (x->tri && op == DN_OP_MUL) dnil2_mul(x->T, a, b, N);
        else f(x->T, a, b, c, K, N, x->ws);
        return lanek_ranged[op] ? lastblock_bad(x->T, K, N) : (dn_lmask){0};
    }
    lane2_to_t(x->U, a, N);
    if (op == DN_OP_DIV) lane2_to_t(x->V, b, N);
    f(x->X, x->U, x->V, c, K, N, x->ws);
    dn_lmask bad = lastblock_bad(x->X, K, N);
    lane2_from_t(x->T, x->X, N);
    return bad;
}

/* One instruction on lanes. */
static void stepk(const lanek_ctx *x, const dn_expr_ins *I)
{
    size_t S = x->S;
    unsigned op = I->op;
    const dn_lane *a = x->R + I->a * S, *b = x->R + I->b * S;
    lanek_op f = lanek_ops[op];
    dn_lmask rare = f ? rare_lanes(op, a, b, I->c) : ~(dn_lmask){0};
    if (!dnil_all(rare)) rare |= lane_kernel(x, op, f, a, b, I->c);
    if (dnil_any(rare)) scalar_lanes(x, op, x->T, a, b, I->c, rare);
    memcpy(x->R + I->dst * S, x->T, S * sizeof(dn_lane));
}

/* Moves the W points of the block at p0 (cnt of them; the free lanes repeat the last
 * point) into the variables' registers. */
static void load_block(const lanek_ctx *x, unsigned nvars, size_t p0, size_t cnt,
                       const double *args, size_t ldargs, int soa)
{
    size_t S = x->S;
    for (unsigned v = 0; v < nvars; v++) {
        dn_lane *r = x->R + v * S;
        if (soa && cnt == W) {
            for (size_t e = 0; e < S; e++)
                r[e] = dnil_loadu(args + (v * S + e) * ldargs + p0);
        } else if (soa) {
            for (size_t e = 0; e < S; e++)
                for (size_t i = 0; i < W; i++)
                    r[e][i] = args[(v * S + e) * ldargs + p0 + (i < cnt ? i : cnt - 1)];
        } else {
            for (size_t i = 0; i < W; i++) {
                const double *src = args + (p0 + (i < cnt ? i : cnt - 1)) * ldargs + v * S;
                for (size_t e = 0; e < S; e++) r[e][i] = src[e];
            }
        }
    }
}

/* Writes the results of the block's cnt points. */
static void store_block(const lanek_ctx *x, const dn_lane *res, size_t p0, size_t cnt,
                        double *out, size_t ldout, int soa)
{
    size_t S = x->S;
    if (soa && cnt == W) {
        for (size_t e = 0; e < S; e++) dnil_storeu(out + e * ldout + p0, res[e]);
    } else if (soa) {
        for (size_t e = 0; e < S; e++)
            for (size_t i = 0; i < cnt; i++) out[e * ldout + p0 + i] = res[e][i];
    } else {
        for (size_t i = 0; i < cnt; i++) {
            double *dst = out + (p0 + i) * ldout;
            for (size_t e = 0; e < S; e++) dst[e] = res[e][i];
        }
    }
}

void BATCHK_RUN(const dn_expr *e, unsigned K, unsigned N, size_t npts, const double *args,
                size_t ldargs, double *out, size_t ldout, unsigned flags, double *work)
{
    lanek_ctx x;
    DNIL_SET_VM(!(flags & DN_BATCH_LIBM)); /* SLEEF's values where the build has them */
    size_t S = dnik_size(K, N);
    x.K = K;
    x.N = N;
    x.S = S;
    x.tri = (flags & DNI_BATCH_DNUM2) != 0;
    x.R = (dn_lane *)alignk64(work);
    x.T = x.R + (size_t)e->nregs * S;
    x.ws = x.T + S;
    x.U = x.ws + DNI_BATCHK_LWS(S);
    x.V = x.U + S;
    x.X = x.V + S;
    x.xa = (double *)(x.X + S);
    x.xb = x.xa + S;
    x.xd = x.xb + S;
    x.xw = x.xd + S;
    int soa = (flags & DN_BATCH_SOA) != 0;
    const dn_expr_ins *ins = e->ins, *end = ins + e->nins;
    const dn_lane *res = x.R + (size_t)e->result * S;
    for (size_t p0 = 0; p0 < npts; p0 += W) {
        size_t cnt = npts - p0 < W ? npts - p0 : W;
        load_block(&x, e->nvars, p0, cnt, args, ldargs, soa);
        for (const dn_expr_ins *I = ins; I != end; I++) stepk(&x, I);
        store_block(&x, res, p0, cnt, out, ldout, soa);
    }
}
