/* Internal: the kernel layer (dnum/internal/kernel.h) instantiated a third time, for a
 * vector element: DN_LANE_W doubles, one point per lane (GCC/clang vector extensions).
 * The batch evaluators (src/batch_lane_body.h) and the block family (dnum/block.h) run on
 * it; names dnil_*. The rare-lane rules at the end say which lanes the scalar kernel
 * must compute instead (a function's is the column lane of its row, internal/ops.h).
 *
 * The recurrences are kernel.h's own, compiled for the element type dn_lane through its
 * element-type macros; the tests on values that they make read lane-wise (DNI_SEL,
 * DNI_ANY, ... below). What a vector cannot take (the zero and pole rules, the wide
 * kernels of u^p, cbrt, a^b, atan2, hypot, abs, the special functions) is compiled for
 * scalar types only (the parts of kernel.h marked !DNI_LANE_BODY): the evaluator sends
 * the lanes that need it to the scalar kernel (DNI_RARE is 0 here).
 *
 * The values of the elementary functions (DNI_M) are the C library's, lane by lane, so a
 * lane computes the same bits as the scalar kernels: the operations are the same, in the
 * same order, with the same roundings (no contraction into fused multiply-adds: the
 * translation units that include this header are compiled with -ffp-contract=off).
 *
 * Define before including (once per translation unit): DN_LANE_W (lanes: a power of 2).
 * Vectors wider than the instruction set's registers are split by the compiler (clang
 * keeps the halves in registers, GCC 12 moves them through memory: dnum/block.h). Vectors pass between static
 * functions of one translation unit only (compiled with -Wno-psabi: no ABI to keep).
 * Orders up to DN_TAYLOR_MAX (the factorial tables; the evaluator runs higher orders
 * point by point). */
#ifndef DNUM_KERNEL_LANE_H
#define DNUM_KERNEL_LANE_H

#include <math.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <immintrin.h>
#elif defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#endif
#include "dnum/internal/kernel.h" /* the double instantiation (scalar kernels), macros */
#include "dnum/internal/ops.h"

#ifndef DN_LANE_W
#error "define DN_LANE_W before including kernel_lane.h"
#endif

/** W doubles, one point per lane. */
typedef double dn_lane __attribute__((vector_size(8 * DN_LANE_W)));
/** A lane mask: all ones (true) or all zeros per lane, as comparisons give it. */
typedef long long dn_lmask __attribute__((vector_size(8 * DN_LANE_W)));

/* W doubles at any address (aligned to a double), for loads and stores of a lane from
 * and to arrays: one vector move each (memcpy of a lane's size may be two 16-byte moves
 * under GCC's generic tuning with AVX2, and a 32-byte load of such a copy waits for both:
 * store forwarding fails) */
typedef double dnil_unaligned
    __attribute__((vector_size(8 * DN_LANE_W), aligned(8), may_alias));
static inline dn_lane dnil_loadu(const double *p)
{
    return *(const dnil_unaligned *)p;
}
static inline void dnil_storeu(double *p, dn_lane v)
{
    *(dnil_unaligned *)p = v;
}

#define DNIL_ZERO ((dn_lane){0})
/* the scalar or lane x as a lane (x - (+0) = x for every x, -0 included) */
/* clang-format off */
#define DNIL_V(x) ((x) - DNIL_ZERO)
/* clang-format on */

static inline dn_lane dnil_sel(dn_lmask m, dn_lane a, dn_lane b)
{
    return (dn_lane)((m & (dn_lmask)a) | (~m & (dn_lmask)b));
}
/* any / all lanes of a mask: one sign-bit gather where the instruction set has it */
static inline int dnil_signs(dn_lmask m)
{
#if defined(__AVX512F__) && DN_LANE_W == 8
    return (int)_mm512_cmplt_epi64_mask((__m512i)m, _mm512_setzero_si512());
#elif defined(__AVX__) && DN_LANE_W == 4
    return _mm256_movemask_pd((__m256d)m);
#elif defined(__SSE2__) && DN_LANE_W == 2
    return _mm_movemask_pd((__m128d)m);
#else
    int r = 0;
    for (int i = 0; i < DN_LANE_W; i++) r |= (m[i] < 0) << i;
    return r;
#endif
}
static inline int dnil_any(dn_lmask m)
{
    return dnil_signs(m) != 0;
}
static inline int dnil_all(dn_lmask m)
{
    return dnil_signs(m) == (1 << DN_LANE_W) - 1;
}
static inline dn_lmask dnil_isinf(dn_lane x)
{
    return ((dn_lmask)x & 0x7fffffffffffffffLL) == 0x7ff0000000000000LL;
}
static inline dn_lmask dnil_isfinite(dn_lane x)
{
    return ((dn_lmask)x & 0x7fffffffffffffffLL) < 0x7ff0000000000000LL;
}

/* The values of the elementary functions: the C library's lane by lane (the same values
 * as the scalar kernels), or SLEEF's vector functions of at most 1 ulp (the `_u10` ones;
 * its dispatchers choose the variant the machine runs, with or without fused
 * multiply-adds): always with DN_LANE_SLEEF; with DN_LANE_SLEEF_RT where the thread's
 * dnil_vm is set (the batch engines: one compiled engine serves both choices, set per
 * call). erfc stays the C library's (SLEEF's is 1.5 ulp). */
#if defined(DNIL_MEMO)
/* The C library's values lane by lane, remembered per function and thread for the last
 * argument vector where the thread's dnil_memo is set (DNIL_MEMO: the batch engine's error
 * bounds run each function's kernel twice at the same argument, for the value and for
 * the bound's series) */
static _Thread_local int dnil_memo;
#define DNIL_SET_MEMO(v) (dnil_memo = (v))
#define DNIL_LIBM(f, x, r)                                                                 \
    do {                                                                                   \
        static _Thread_local struct {                                                      \
            dn_lane x, r;                                                                  \
            int set;                                                                       \
        } m_;                                                                              \
        if (!dnil_memo) {                                                                  \
            for (int i = 0; i < DN_LANE_W; i++) r[i] = f((x)[i]);                          \
            break;                                                                         \
        }                                                                                  \
        if (m_.set && dnil_all((dn_lmask)(x) == (dn_lmask)m_.x)) {                         \
            r = m_.r;                                                                      \
            break;                                                                         \
        }                                                                                  \
        for (int i = 0; i < DN_LANE_W; i++) r[i] = f((x)[i]);                              \
        m_.x = (x);                                                                        \
        m_.r = r;                                                                          \
        m_.set = 1;                                                                        \
    } while (0)
#else
#define DNIL_SET_MEMO(v) ((void)(v))
#define DNIL_LIBM(f, x, r)                                                                 \
    do {                                                                                   \
        for (int i = 0; i < DN_LANE_W; i++) r[i] = f((x)[i]);                              \
    } while (0)
#endif
#define DNIL_MAP1(f)                                                                       \
    static inline dn_lane dnil_m_##f(dn_lane x)                                            \
    {                                                                                      \
        dn_lane r;                                                                         \
        DNIL_LIBM(f, x, r);                                                                \
        return r;                                                                          \
    }
/* SLEEF's vectors are the instruction set's registers, one mapping per instruction set:
 * DNIL_SLEEF_T the register type, DNIL_SLEEF_T2 a pair of them (sincos),
 * DNIL_SLEEF_F(f) the function of at most 1 ulp on W lanes. x86-64: the dispatchers
 * (Sleef_<f>d2_u10, d4, d8), which choose the variant the processor runs. AArch64: the
 * Advanced SIMD functions (Sleef_<f>d2_u10advsimd: every AArch64 processor has them, and
 * the dispatcher's name is an alias of them). With more lanes than the registers hold (8
 * with AVX2, 4 with SSE2 alone) there is none: the values come from the C library, lane
 * by lane (DN_LANE_SLEEF), or the engine does not compile (DN_LANE_SLEEF_RT). */
#if DN_LANE_W == 8 && defined(__AVX512F__)
#define DNIL_SLEEF_T __m512d
#define DNIL_SLEEF_T2 Sleef___m512d_2
#define DNIL_SLEEF_F(f) Sleef_##f##d8_u10
#elif DN_LANE_W == 4 && defined(__AVX__)
#define DNIL_SLEEF_T __m256d
#define DNIL_SLEEF_T2 Sleef___m256d_2
#define DNIL_SLEEF_F(f) Sleef_##f##d4_u10
#elif DN_LANE_W == 2 && defined(__SSE2__)
#define DNIL_SLEEF_T __m128d
#define DNIL_SLEEF_T2 Sleef___m128d_2
#define DNIL_SLEEF_F(f) Sleef_##f##d2_u10
#elif DN_LANE_W == 2 && defined(__aarch64__) && defined(__ARM_NEON)
#define DNIL_SLEEF_T float64x2_t
#define DNIL_SLEEF_T2 Sleef_float64x2_t_2
#define DNIL_SLEEF_F(f) Sleef_##f##d2_u10advsimd
#endif
#if defined(DN_LANE_SLEEF) && !defined(DNIL_SLEEF_T)
#undef DN_LANE_SLEEF
#endif
#if defined(DN_LANE_SLEEF_RT) && !defined(DNIL_SLEEF_T)
#error "DN_LANE_SLEEF_RT: SLEEF has no vector of DN_LANE_W doubles on this instruction set"
#endif
#if defined(DN_LANE_SLEEF) || defined(DN_LANE_SLEEF_RT)
#include <sleef.h>
#if defined(DN_LANE_SLEEF)
#define DNIL_LIBM_FN(f)
#define DNIL_IF_LIBM(f, x)
#else
/* SLEEF's values (1) or the C library's (0) in this thread's engine run (not the
 * initial-exec model: a module dlopen'd with it, Python's extension linking libdnum.a,
 * needs its thread-locals in the C library's small static reserve) */
static _Thread_local int dnil_vm;
#define DNIL_SET_VM(v) (dnil_vm = (v))
/* (the C library's lanes out of line, so that the vector path stays as tight as with
 * SLEEF alone) */
#define DNIL_LIBM_FN(f)                                                                    \
    static __attribute__((noinline)) dn_lane dnil_l_##f(dn_lane x)                         \
    {                                                                                      \
        dn_lane r;                                                                         \
        DNIL_LIBM(f, x, r);                                                                \
        return r;                                                                          \
    }
#define DNIL_IF_LIBM(f, x)                                                                 \
    if (__builtin_expect(!dnil_vm, 0)) return dnil_l_##f(x);
#endif
#define DNIL_MAPV(f)                                                                       \
    DNIL_LIBM_FN(f)                                                                        \
    static inline dn_lane dnil_m_##f(dn_lane x)                                            \
    {                                                                                      \
        DNIL_IF_LIBM(f, x)                                                                 \
        return (dn_lane)DNIL_SLEEF_F(f)((DNIL_SLEEF_T)x);                                  \
    }
/* SLEEF's sin, cos and tan reduce the arguments of every lane the slow way where one lane
 * is 1e14 or more in magnitude (or Inf, NaN), and the values of small arguments then
 * differ in the last bit from those the fast way gives them (cos(-0.018) beside
 * cos(-2.2e100)): such lanes take the C library's value, the others SLEEF's on a vector
 * without them, so that a lane's value depends on its own argument only (a point's
 * numbers do not depend on the points that share its block). */
#define DNIL_MAPT(f)                                                                       \
    DNIL_LIBM_FN(f)                                                                        \
    static inline dn_lane dnil_m_##f(dn_lane x)                                            \
    {                                                                                      \
        DNIL_IF_LIBM(f, x)                                                                 \
        dn_lmask big = ~(dn_lmask)((dn_lane)((dn_lmask)x & 0x7fffffffffffffffLL) < 1e14);  \
        if (!dnil_any(big)) return (dn_lane)DNIL_SLEEF_F(f)((DNIL_SLEEF_T)x);              \
        dn_lane r = (dn_lane)DNIL_SLEEF_F(f)((DNIL_SLEEF_T)dnil_sel(big, DNIL_ZERO, x));   \
        for (int i = 0; i < DN_LANE_W; i++)                                                \
            if (big[i]) r[i] = f(x[i]);                                                    \
        return r;                                                                          \
    }
#else
#define DNIL_MAPV(f) DNIL_MAP1(f)
#define DNIL_SET_VM(v) ((void)(v))
#define DNIL_MAPT(f) DNIL_MAP1(f)
#endif
/* dnil_m_<f> for the rows of the operation table by their column map: MAPV, MAPT, MAP1
 * (the C library's lane by lane), MAP0 none (sqrt's below; abs and cbrt call none) */
#define DNIL_MAP0(f)
#define DNIL_MAP_ROW(A, f, OP, shape, doc, lane, map, lop, klane, kform, o2) DNIL_##map(f)
DNI_OPS_ELEM1(DNIL_MAP_ROW, ~)
#undef DNIL_MAP_ROW
#undef DNIL_MAP0
#if defined(DN_LANE_SLEEF) || defined(DN_LANE_SLEEF_RT)
/* sin and cos of one argument from one call of SLEEF's sincos (about the cost of one of
 * them; its values may differ from its sin's and cos's in the last bit, within 1 ulp);
 * the lanes of 1e14 or more as in DNIL_MAPT */
#if defined(DN_LANE_SLEEF)
#define DNIL_IF_LIBM_SINCOS(x, s, c)
#else
#define DNIL_IF_LIBM_SINCOS(x, s, c)                                                       \
    if (__builtin_expect(!dnil_vm, 0)) {                                                   \
        *(s) = dnil_l_sin(x), *(c) = dnil_l_cos(x);                                        \
        return;                                                                            \
    }
#endif
static inline void dnil_m_sincos(dn_lane x, dn_lane *s, dn_lane *c)
{
    DNIL_IF_LIBM_SINCOS(x, s, c)
    dn_lmask big = ~(dn_lmask)((dn_lane)((dn_lmask)x & 0x7fffffffffffffffLL) < 1e14);
    DNIL_SLEEF_T2 r = DNIL_SLEEF_F(sincos)((DNIL_SLEEF_T)dnil_sel(big, DNIL_ZERO, x));
    *s = (dn_lane)r.x, *c = (dn_lane)r.y;
    if (dnil_any(big))
        for (int i = 0; i < DN_LANE_W; i++)
            if (big[i]) (*s)[i] = sin(x[i]), (*c)[i] = cos(x[i]);
}
#else
/* sin and cos of one argument (the C library's, lane by lane) */
static inline void dnil_m_sincos(dn_lane x, dn_lane *s, dn_lane *c)
{
    *s = dnil_m_sin(x), *c = dnil_m_cos(x);
}
#endif
#undef DNIL_MAP1
/* |x|: the sign bits cleared (fabs's bits; no call, no memo) */
static inline dn_lane dnil_m_fabs(dn_lane x)
{
    return (dn_lane)((dn_lmask)x & 0x7fffffffffffffffLL);
}
#undef DNIL_LIBM
#undef DNIL_LIBM_FN
#undef DNIL_IF_LIBM
#undef DNIL_MAPV
#undef DNIL_MAPT
/* sqrt is correctly rounded everywhere: the vector instruction where there is one */
static inline dn_lane dnil_m_sqrt(dn_lane x)
{
    dn_lane r;
    const double *px = (const double *)&x;
    double *pr = (double *)&r;
#if defined(__AVX512F__) && DN_LANE_W % 8 == 0
    for (int i = 0; i < DN_LANE_W; i += 8)
        _mm512_storeu_pd(pr + i, _mm512_sqrt_pd(_mm512_loadu_pd(px + i)));
#elif defined(__AVX__) && DN_LANE_W % 4 == 0
    for (int i = 0; i < DN_LANE_W; i += 4)
        _mm256_storeu_pd(pr + i, _mm256_sqrt_pd(_mm256_loadu_pd(px + i)));
#elif defined(__SSE2__) && DN_LANE_W % 2 == 0
    for (int i = 0; i < DN_LANE_W; i += 2)
        _mm_storeu_pd(pr + i, _mm_sqrt_pd(_mm_loadu_pd(px + i)));
#elif defined(__aarch64__) && defined(__ARM_NEON) && DN_LANE_W % 2 == 0
    for (int i = 0; i < DN_LANE_W; i += 2) vst1q_f64(pr + i, vsqrtq_f64(vld1q_f64(px + i)));
#else
    for (int i = 0; i < DN_LANE_W; i++) pr[i] = sqrt(px[i]);
#endif
    return r;
}
static inline dn_lane dnil_m_hypot_v(dn_lane a, dn_lane b)
{
    dn_lane r;
    for (int i = 0; i < DN_LANE_W; i++) r[i] = hypot(a[i], b[i]);
    return r;
}
#define dnil_m_hypot(a, b) dnil_m_hypot_v(DNIL_V(a), DNIL_V(b))
static inline dn_lane dnil_m_pow(dn_lane x, double p)
{
    dn_lane r;
    for (int i = 0; i < DN_LANE_W; i++) r[i] = pow(x[i], p);
    return r;
}

/* The conversions of the body (orders <= DN_TAYLOR_MAX: the exact tables) */
static inline void dnil_to_t(dn_lane *restrict t, const dn_lane *d, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) t[k] = d[k] * dni_ifact[k];
}
static inline void dnil_from_t(dn_lane *restrict d, const dn_lane *t, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) d[k] = t[k] * dni_fact[k];
}
static inline double dnil_scale(unsigned n) /* orders <= DN_TAYLOR_MAX: unscaled */
{
    (void)n;
    return 1.0;
}
typedef dn_lane dnil_wide; /* (a name in the signatures; no wide kernel runs on lanes) */

/* The rare paths, behind DNI_RARE (0 here): never reached */
#define dnil_tdiv_zero_w(...) ((void)0)
#define dnil_tdiv_rare_w(...) ((void)0)
#define dnil_tlog_zero(...) ((void)0)
#define dnil_tlog_rare_w(...) ((void)0)
#define dnil_tpow_zero_w(...) ((void)0)
#define dnil_tpow_wide_w(...) ((void)0)
#define dnil_tbranch_sqrt(...) ((void)0)

/* ---- the element-type macros of the body (dnum/internal/kernel.h) ---------------------------- */
#undef DNI_R
#undef DNI_KP
#undef DNI_K
#undef DNI_M
#undef DNI_C
#undef DNI_INV
#undef DNI_IFACT
#undef DNI_SCALED
#undef DNI_DOUBLE_BODY
#undef DNI_LANE_BODY
#undef DNI_S
#undef DNI_V
#undef DNI_SEL
#undef DNI_ANY
#undef DNI_AND
#undef DNI_ISINF
#undef DNI_ISFINITE
#undef DNI_RARE
#define DNI_R dn_lane
#define DNI_KP dnil_
#define DNI_K(name) dnil_##name
#define DNI_M(f) dnil_m_##f
#define DNI_C(lit) lit
#define DNI_INV(k) dni_inv[k]
#define DNI_IFACT(k) dni_ifact[k]
#define DNI_SCALED(n) 0
#define DNI_DOUBLE_BODY 0
#define DNI_LANE_BODY 1
#define DNI_S double
#define DNI_V(x) DNIL_V(x)
#define DNI_SEL(m, a, b) dnil_sel((dn_lmask)(m), DNIL_V(a), DNIL_V(b))
#define DNI_ANY(m) dnil_any((dn_lmask)(m))
#define DNI_AND(m, q) ((dn_lmask)(m) & (dn_lmask)(q))
#define DNI_ISINF(x) dnil_isinf(x)
#define DNI_ISFINITE(x) dnil_isfinite(x)
#define DNI_RARE(c) 0

/* parameters that only the rare paths read are unused here */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#endif
#define DNI_KERNEL_BODY 1
#include "dnum/internal/kernel.h"
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* ---- rare lanes: where the scalar kernel takes a path the lane kernel does not ---------- */
/* The lanes of u whose operand takes a zero or pole rule, a range rescaling or another
 * special path of the scalar kernel: the caller recomputes them with the scalar kernel
 * (its bits), whatever the other lanes of the block. One rule per kind of function: */
static inline dn_lmask dnil_rare_NONE(const dn_lane *u, unsigned n)
{
    (void)u;
    (void)n;
    return (dn_lmask){0};
}
static inline dn_lmask dnil_rare_SCALAR(const dn_lane *u, unsigned n) /* no lane kernel */
{
    (void)u;
    (void)n;
    return ~(dn_lmask){0};
}
/* exp, sin, cos, sinh, cosh: the scalar kernels have a path for an exactly linear
 * argument (u_k = 0 for k >= 2); the lane kernel takes it when every lane is linear */
static inline dn_lmask dnil_rare_LIN(const dn_lane *u, unsigned n)
{
    dn_lmask m = n >= 2 ? (dn_lmask)(u[2] == 0.0) : ~(dn_lmask){0};
    for (unsigned k = 3; k <= n && dnil_any(m); k++) m &= (dn_lmask)(u[k] == 0.0);
    return dnil_all(m) ? (dn_lmask){0} : m;
}
static inline dn_lmask dnil_rare_ZERO(const dn_lane *u, unsigned n) /* log, sqrt, c / u */
{
    (void)n;
    return (dn_lmask)(u[0] == 0.0);
}
static inline dn_lmask dnil_rare_ONEP(const dn_lane *u, unsigned n) /* log1p */
{
    (void)n;
    return (dn_lmask)(1.0 + u[0] == 0.0);
}
static inline dn_lmask dnil_rare_UNIT(const dn_lane *u, unsigned n) /* asin, acos, atanh */
{
    (void)n;
    return (dn_lmask)(u[0] == 1.0) | (dn_lmask)(u[0] == -1.0);
}
/* atan, asinh: beyond 2^500 the scalar kernels scale u to unit size (u^2 overflows) */
static inline dn_lmask dnil_rare_BIG(const dn_lane *u, unsigned n)
{
    (void)n;
    return (dn_lmask)(u[0] >= 0x1p500) | (dn_lmask)(u[0] <= -0x1p500);
}
static inline dn_lmask dnil_rare_ACOSH(const dn_lane *u, unsigned n)
{
    return dnil_rare_BIG(u, n) | (dn_lmask)(u[0] == 1.0);
}
static inline dn_lmask dnil_rare_SIGN(const dn_lane *u, unsigned n) /* abs at 0 (or NaN) */
{
    (void)n;
    return ~((dn_lmask)(u[0] > 0.0) | (dn_lmask)(u[0] < 0.0));
}
/* a / b: a zero or subnormal divisor (its reciprocal overflows) */
static inline dn_lmask dnil_rare_DIV(const dn_lane *b, unsigned n)
{
    (void)n;
    return (dn_lmask)(b[0] < 0x1p-1022) & (dn_lmask)(b[0] > -0x1p-1022);
}
/* u^m, m an integer (as a double c): all lanes beyond the range of long; for m < 0,
 * u^-m = 1 / u^m takes the division's zero rule where u^m, as the kernel's binary
 * powering forms it, is 0 */
static inline dn_lmask dnil_rare_POWN(const dn_lane *u, double c)
{
    if (!(c > -9223372036854775808.0 && c < 9223372036854775808.0)) return ~(dn_lmask){0};
    if (c >= 0.0) return (dn_lmask){0};
    unsigned long long e = (unsigned long long)-c;
    dn_lane f = DNIL_V(1.0), t = u[0];
    while (e) {
        if (e & 1u) f = f * t;
        e >>= 1;
        if (e) t = t * t;
    }
    return (dn_lmask)(f == 0.0);
}
/* |u| where u0 != 0 (the others are rare: SIGN) */
static inline void dnil_abs(dn_lane *r, const dn_lane *u, unsigned n)
{
    dn_lmask neg = (dn_lmask)(u[0] < 0.0);
    for (unsigned k = 0; k <= n; k++) r[k] = dnil_sel(neg, -u[k], u[k]);
}

/* The rule of each one-argument function of the operation table is its row's column lane
 * (dnil_rare_<lane>; SCALAR: no lane kernel). DNIL_IF_LANE(lane)(x) is x where the rule
 * is not SCALAR, else nothing. */
#define DNIL_IF_LANE(lane) DNIL_SECOND_(DNIL_NOLANE_##lane, DNIL_KEEP, ~)
#define DNIL_NOLANE_SCALAR ~, DNIL_DROP
#define DNIL_SECOND(a, b, ...) b
#define DNIL_SECOND_(...) DNIL_SECOND(__VA_ARGS__)
#define DNIL_KEEP(...) __VA_ARGS__
#define DNIL_DROP(...)

#endif /* DNUM_KERNEL_LANE_H */
