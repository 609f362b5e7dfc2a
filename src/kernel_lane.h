/* Internal to the library: the kernel layer (dnum/kernel.h) instantiated a third time, for
 * a vector element: DN_LANE_W doubles, one point per lane (GCC/clang vector extensions).
 * The batch evaluators (src/batch_lane.c) run on it; names _dnl_*.
 *
 * The recurrences are kernel.h's own, compiled for the element type dn_lane through its
 * element-type macros; the tests on values that they make read lane-wise (_DN_SEL,
 * _DN_ANY, ... below). What a vector cannot take (the zero and pole rules, the wide
 * kernels of u^p, cbrt, a^b, atan2, hypot, abs, the special functions) is compiled for
 * scalar types only (the parts of kernel.h marked !_DN_LANE_BODY): the evaluator sends
 * the lanes that need it to the scalar kernel (_DN_RARE is 0 here).
 *
 * The values of the elementary functions (_DN_M) are the C library's, lane by lane, so a
 * lane computes the same bits as the scalar kernels: the operations are the same, in the
 * same order, with the same roundings (no contraction into fused multiply-adds: the
 * translation units that include this header are compiled with -ffp-contract=off).
 *
 * Define before including (once per translation unit): DN_LANE_W (lanes: a power of 2).
 * Vectors wider than the instruction set's registers are fine (GCC and clang split them:
 * independent chains for the latency-bound recurrences). Vectors pass between static
 * functions of one translation unit only (compiled with -Wno-psabi: no ABI to keep).
 * Orders up to DN_TAYLOR_MAX (the factorial tables; the evaluator runs higher orders
 * point by point). */
#ifndef DNUM_KERNEL_LANE_H
#define DNUM_KERNEL_LANE_H

#include <math.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <immintrin.h>
#endif
#include "dnum/kernel.h" /* the double instantiation (the scalar kernels), the macros */

#ifndef DN_LANE_W
#error "define DN_LANE_W before including kernel_lane.h"
#endif

/** W doubles, one point per lane. */
typedef double dn_lane __attribute__((vector_size(8 * DN_LANE_W)));
/** A lane mask: all ones (true) or all zeros per lane, as comparisons give it. */
typedef long long dn_lmask __attribute__((vector_size(8 * DN_LANE_W)));

#define _DNL_ZERO ((dn_lane){0})
/* the scalar or lane x as a lane (x - (+0) = x for every x, -0 included) */
#define _DNL_V(x) ((x) - _DNL_ZERO)

static inline dn_lane _dnl_sel(dn_lmask m, dn_lane a, dn_lane b)
{
    return (dn_lane)((m & (dn_lmask)a) | (~m & (dn_lmask)b));
}
static inline int _dnl_any(dn_lmask m)
{
    long long r = 0;
    for (int i = 0; i < DN_LANE_W; i++) r |= m[i];
    return r != 0;
}
static inline int _dnl_all(dn_lmask m)
{
    long long r = -1;
    for (int i = 0; i < DN_LANE_W; i++) r &= m[i];
    return r != 0;
}
static inline dn_lmask _dnl_isinf(dn_lane x)
{
    return ((dn_lmask)x & 0x7fffffffffffffffLL) == 0x7ff0000000000000LL;
}
static inline dn_lmask _dnl_isfinite(dn_lane x)
{
    return ((dn_lmask)x & 0x7fffffffffffffffLL) < 0x7ff0000000000000LL;
}

/* The C library's functions lane by lane (the same values as the scalar kernels). */
#define _DNL_MAP1(f)                                                                       \
    static inline dn_lane _dnl_m_##f(dn_lane x)                                            \
    {                                                                                      \
        dn_lane r;                                                                         \
        for (int i = 0; i < DN_LANE_W; i++) r[i] = f(x[i]);                                \
        return r;                                                                          \
    }
_DNL_MAP1(exp)
_DNL_MAP1(expm1)
_DNL_MAP1(log)
_DNL_MAP1(log1p)
_DNL_MAP1(sin)
_DNL_MAP1(cos)
_DNL_MAP1(sinh)
_DNL_MAP1(cosh)
_DNL_MAP1(tan)
_DNL_MAP1(tanh)
_DNL_MAP1(asin)
_DNL_MAP1(acos)
_DNL_MAP1(atan)
_DNL_MAP1(asinh)
_DNL_MAP1(acosh)
_DNL_MAP1(atanh)
_DNL_MAP1(erf)
_DNL_MAP1(erfc)
_DNL_MAP1(fabs)
#undef _DNL_MAP1
/* sqrt is correctly rounded everywhere: the vector instruction where there is one */
static inline dn_lane _dnl_m_sqrt(dn_lane x)
{
    dn_lane r;
    const double *px = (const double *)&x;
    double *pr = (double *)&r;
#if defined(__AVX512F__) && DN_LANE_W % 8 == 0
    for (int i = 0; i < DN_LANE_W; i += 8) _mm512_storeu_pd(pr + i, _mm512_sqrt_pd(_mm512_loadu_pd(px + i)));
#elif defined(__AVX__) && DN_LANE_W % 4 == 0
    for (int i = 0; i < DN_LANE_W; i += 4) _mm256_storeu_pd(pr + i, _mm256_sqrt_pd(_mm256_loadu_pd(px + i)));
#elif defined(__SSE2__) && DN_LANE_W % 2 == 0
    for (int i = 0; i < DN_LANE_W; i += 2) _mm_storeu_pd(pr + i, _mm_sqrt_pd(_mm_loadu_pd(px + i)));
#else
    for (int i = 0; i < DN_LANE_W; i++) pr[i] = sqrt(px[i]);
#endif
    return r;
}
static inline dn_lane _dnl_m_hypot_v(dn_lane a, dn_lane b)
{
    dn_lane r;
    for (int i = 0; i < DN_LANE_W; i++) r[i] = hypot(a[i], b[i]);
    return r;
}
#define _dnl_m_hypot(a, b) _dnl_m_hypot_v(_DNL_V(a), _DNL_V(b))
static inline dn_lane _dnl_m_pow(dn_lane x, double p)
{
    dn_lane r;
    for (int i = 0; i < DN_LANE_W; i++) r[i] = pow(x[i], p);
    return r;
}

/* The conversions of the body (orders <= DN_TAYLOR_MAX: the exact tables) */
static inline void _dnl_to_t(dn_lane *restrict t, const dn_lane *d, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) t[k] = d[k] * _dn_ifact[k];
}
static inline void _dnl_from_t(dn_lane *restrict d, const dn_lane *t, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) d[k] = t[k] * _dn_fact[k];
}
typedef dn_lane _dnl_wide; /* (a name in the signatures; no wide kernel runs on lanes) */

/* The rare paths, behind _DN_RARE (0 here): never reached */
#define _dnl_tdiv_zero_w(...) ((void)0)
#define _dnl_tlog_zero(...) ((void)0)
#define _dnl_tpow_zero_w(...) ((void)0)
#define _dnl_tpow_wide_w(...) ((void)0)
#define _dnl_tbranch_sqrt(...) ((void)0)

/* ---- the element-type macros of the body (dnum/kernel.h) ---------------------------- */
#undef _DN_R
#undef _DN_KP
#undef _DN_K
#undef _DN_M
#undef _DN_C
#undef _DN_INV
#undef _DN_IFACT
#undef _DN_SCALED
#undef _DN_DOUBLE_BODY
#undef _DN_LANE_BODY
#undef _DN_S
#undef _DN_V
#undef _DN_SEL
#undef _DN_ANY
#undef _DN_AND
#undef _DN_ISINF
#undef _DN_ISFINITE
#undef _DN_RARE
#define _DN_R dn_lane
#define _DN_KP _dnl_
#define _DN_K(name) _dnl_##name
#define _DN_M(f) _dnl_m_##f
#define _DN_C(lit) lit
#define _DN_INV(k) _dn_inv[k]
#define _DN_IFACT(k) _dn_ifact[k]
#define _DN_SCALED(n) 0
#define _DN_DOUBLE_BODY 0
#define _DN_LANE_BODY 1
#define _DN_S double
#define _DN_V(x) _DNL_V(x)
#define _DN_SEL(m, a, b) _dnl_sel((dn_lmask)(m), _DNL_V(a), _DNL_V(b))
#define _DN_ANY(m) _dnl_any((dn_lmask)(m))
#define _DN_AND(m, q) ((dn_lmask)(m) & (dn_lmask)(q))
#define _DN_ISINF(x) _dnl_isinf(x)
#define _DN_ISFINITE(x) _dnl_isfinite(x)
#define _DN_RARE(c) 0

/* parameters that only the rare paths read are unused here */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#endif
#define _DN_KERNEL_BODY 1
#include "dnum/kernel.h"
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif /* DNUM_KERNEL_LANE_H */
