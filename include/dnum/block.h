/* dnum/block.h -- fixed-order dual numbers over blocks of points: dnumb_oN (SIMD lanes).
 *
 * A dnumb_oN carries DNB_W points at once: d[k] is a vector of DNB_W doubles whose lane i
 * is the k-th derivative at point i. Each function computes, lane by lane, exactly the
 * numbers that dnum_oN's function of the same name gives that point (dnum/fixed.h): the
 * same kernels compiled for vectors, with the C library's function values lane by lane.
 * Lanes that the scalar kernel treats apart (a zero divisor, log(0), sqrt(0), asin(+-1),
 * arguments beyond 2^500, an argument exactly linear in some lanes only) are computed by
 * the scalar kernel, and so are the functions without a lane kernel (cbrt, pow, atan2,
 * hypot, the special functions): every lane, bit for bit dnum_oN's result. With
 * DNB_SLEEF defined before the include (and -lsleef; Debian libsleef-dev) the values of
 * exp, expm1, log, log1p, sin, cos, tan, the inverse and hyperbolic functions and erf come
 * from SLEEF's vector functions (at most 1 ulp, as the C library's), and a lane may differ
 * from dnum_oN by the rounding of those values, within every documented bound (on
 * x86-64 and AArch64; elsewhere the values stay the C library's).
 *
 * Use it where the same formula runs at many points: a grid of a function's derivatives,
 * an objective's repeated elements. docs/batch.md compares it with the batch evaluator
 * of parsed formulas (dnum/batch.h) and gives measured speed.
 *
 * Requirements: C (not C++) with GCC or clang (vector extensions); on 32-bit x86 SSE2
 * arithmetic (-msse2 -mfpmath=sse: x87 scalars do not mix with vectors). DNB_W, the
 * lanes per number, follows the compiler's target: 8 with AVX-512F (-mavx512f,
 * -march=native on such a machine), 4 with AVX, 2 otherwise; define it (2, 4 or 8)
 * before the include to choose. Vectors wider than the target's registers are split by the compiler (GCC then
 * notes -Wpsabi, an ABI remark about vector arguments that concerns no library boundary
 * here: -Wno-psabi silences it); measured with AVX2, 8 lanes ran W1 at order 8 1.3x
 * faster than 4 with clang 14 (two independent chains) and 2.5x slower with GCC 12, and
 * DNB_SLEEF then takes the C library's values (SLEEF's vectors are the registers'). For
 * every lane bit for bit dnum_oN's numbers compile both with the same floating-point
 * contraction (e.g. -ffp-contract=off where the target has fused multiply-adds);
 * contracted into fused multiply-adds, a lane may differ in the last bits and stays
 * within every error bound (docs/batch.md).
 * DNUMB_DEFINE(N) instantiates the type and its functions for order N (1..DN_TAYLOR_MAX)
 * as static inline functions of the including file, and so does `#define DNUMB_ORDER N`
 * followed by `#include <dnum/block_order.h>`; no order is predefined.
 *
 * Index (T is dnumb_oN after DNUMB_DEFINE(N)):
 *   DNB_W dnb_lane DNUMB_DEFINE(N)               lanes, the lane vector, instantiation
 *   construct   T dnumb_oN_var(const double *x)  the variable at x[0 .. DNB_W-1]
 *               T dnumb_oN_const(double c)       c in every lane, derivatives 0
 *               T dnumb_oN_load(const double *d, size_t ld)   lane i of d[k] = d[k*ld + i]
 *   inspect     void dnumb_oN_store(const T *a, double *out, size_t ld)   out[k*ld + i]
 *               double dnumb_oN_get(const T *a, unsigned k, unsigned i)   NaN out of range
 *   arithmetic  _add _sub _mul _div (T, T); _neg (T); _add_d _sub_d _mul_d _div_d _pow_d
 *               (T, double); _d_sub _d_div (double, T); _pown (T, long)
 *               void _sincos (T u, T *s, T *c)   void _sinhcosh (T u, T *s, T *c)
 *   apply       T dnumb_oN_apply(T u, dn_deriv_fn h, void *ctx)   h(u) lane by lane from
 *               h's derivatives (h is called at each lane's value, as dnum_oN_apply)
 *   functions   every function of the operation table with dnum_oN's signature: the
 *               one-argument ones (T), the two-argument ones (T, T), those with an
 *               integer first argument (int, T); the list: docs/special.md, docs/fixed.md
 */
#ifndef DNUM_BLOCK_H
#define DNUM_BLOCK_H

#if defined(__cplusplus)
#error "dnum/block.h is C only (GCC/clang vector extensions)"
#endif
#if !defined(__GNUC__) && !defined(__clang__)
#error "dnum/block.h needs GCC or clang (vector extensions)"
#endif
#if defined(__i386__) && !defined(__SSE2_MATH__)
#error                                                                                     \
    "dnum/block.h on 32-bit x86 needs SSE2 arithmetic: -msse2 -mfpmath=sse (pkg-config dnum)"
#endif

/* every other header first: they expand the double kernels, which the lane
 * instantiation below redefines the element macros of */
#include "dnum/dnum.h"
#include "dnum/internal/define_macros.h"

#ifndef DNB_W
#if defined(__AVX512F__)
#define DNB_W 8
#elif defined(__AVX__)
#define DNB_W 4
#else
#define DNB_W 2
#endif
#endif
#define DN_LANE_W DNB_W
#if defined(DNB_SLEEF) && !defined(DN_LANE_SLEEF)
#define DN_LANE_SLEEF 1
#endif
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#include "dnum/internal/kernel_lane.h"
#pragma GCC diagnostic pop

/** DNB_W doubles, one point per lane. */
typedef dn_lane dnb_lane;

#define DNIB_DECL static inline __attribute__((unused)) DNI_FORCE_INLINE

/* lane i of the n + 1 vectors a as doubles, and back */
DNIB_DECL void dnib_get(double *x, const dn_lane *a, unsigned i, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) x[k] = a[k][i];
}
DNIB_DECL void dnib_put(dn_lane *a, const double *x, unsigned i, unsigned n)
{
    /* through memory: the other lanes of a[k] may not be set yet (all lanes rare) */
    for (unsigned k = 0; k <= n; k++) ((double *)&a[k])[i] = x[k];
}

/* The numbers cross the functions' boundaries vector by vector: the kernels run on local
 * arrays (DNIB_IN: a by-value argument's copy; the result in r_), and the structures are
 * read and written only one vector at a time (DNIB_COPY, unrolled), which the compiler
 * keeps in registers. A structure copied whole is an aggregate copy, which GCC with
 * AVX2 and its generic tuning makes in 16-byte pieces; the kernels' 32-byte loads of
 * the copy then wait for both pieces (a failed store forwarding each): W2 at order 2
 * ran 1.36x slower. */
#define DNIB_COPY(N, dst, src)                                                             \
    _Pragma("GCC unroll 65")                                                               \
    for (unsigned k_ = 0; k_ <= (N); k_++) (dst)[k_] = (src)[k_];
#define DNIB_IN(N, a)                                                                      \
    dn_lane a##_[(N) + 1];                                                                 \
    DNIB_COPY(N, a##_, a.d)
/* the type dnumb_oN and its function dnumb_oN_f, N expanded first (the helpers below and
 * dnum/block_order.h pass DNUMB_ORDER) */
#define DNIB_CAT_(a, b) a##b
#define DNIB_CAT(a, b) DNIB_CAT_(a, b)
#define DNIB_TY(N) DNIB_CAT(dnumb_o, N)
#define DNIB_NM(N, f) DNIB_CAT(DNIB_TY(N), _##f)
#define DNIB_RETURN(N, r_)                                                                 \
    {                                                                                      \
        DNIB_TY(N) res_;                                                                   \
        DNIB_COPY(N, res_.d, r_)                                                           \
        return res_;                                                                       \
    }

/* the scalar kernels on one lane: y = f(x), f(x, z), f(m, x) by the kernel's shape */
#define DNIB_CALL1_DNI_NOWS(N, f, y, x) dni_##f(y, x, N)
#define DNIB_CALL1_DNI_WS(N, f, y, x)                                                      \
    {                                                                                      \
        double ws_[DNI_W_##f(N)];                                                          \
        dni_##f##_w(y, x, N, ws_);                                                         \
    }
#define DNIB_CALL1_DNI_WSW(N, f, y, x)                                                     \
    {                                                                                      \
        double ws_[DNI_W_##f(N)];                                                          \
        dni_wide ww_[DNI_WW_##f(N)];                                                       \
        dni_##f##_w(y, x, N, ws_, ww_);                                                    \
    }
#define DNIB_CALL2_DNI_WS(N, f, y, x, z)                                                   \
    {                                                                                      \
        double ws_[DNI_W_##f(N)];                                                          \
        dni_##f##_w(y, x, z, N, ws_);                                                      \
    }
#define DNIB_CALL2_DNI_WSW(N, f, y, x, z)                                                  \
    {                                                                                      \
        double ws_[DNI_W_##f(N)];                                                          \
        dni_wide ww_[DNI_WW_##f(N)];                                                       \
        dni_##f##_w(y, x, z, N, ws_, ww_);                                                 \
    }
/* the lanes of mask m of r by CALL on copies of u's (and v's) lanes */
#define DNIB_LANES(N, m, r, u, v, CALL)                                                    \
    for (unsigned i_ = 0; i_ < DNB_W; i_++)                                                \
        if ((m)[i_]) {                                                                     \
            double x_[(N) + 1], z_[(N) + 1], y_[(N) + 1];                                  \
            dnib_get(x_, u, i_, N);                                                        \
            dnib_get(z_, v, i_, N);                                                        \
            CALL;                                                                          \
            dnib_put(r, y_, i_, N);                                                        \
        }
#define DNIB_ALL (~(dn_lmask){0})

/* the lane kernels by shape */
#define DNIB_LANE1_DNI_NOWS(N, f, r, u) dnil_##f(r, u, N)
#define DNIB_LANE1_DNI_WS(N, f, r, u)                                                      \
    {                                                                                      \
        dn_lane ws_[DNI_W_##f(N)];                                                         \
        dnil_##f##_w(r, u, N, ws_);                                                        \
    }
#define DNIB_LANE1_DNI_WSW(N, f, r, u)                                                     \
    {                                                                                      \
        dn_lane ws_[DNI_W_##f(N)];                                                         \
        dnil_##f##_w(r, u, N, ws_, NULL);                                                  \
    }

/* A one-argument function of the table: its lane kernel and rule (the row's column lane),
 * or every lane on the scalar kernel (rule SCALAR; every special function). */
#define DNIB_FN1(N, f, OP, shape, doc, lane, map, lop, klane, kform, o2)                   \
    DNIB_FN1_##lane(N, f, shape, lane)
#define DNIB_FNS1(N, f, OP, shape, ...) DNIB_FN1_SCALAR(N, f, shape, SCALAR)
#define DNIB_FN1_SCALAR(N, f, shape, rule)                                                 \
    DNIB_DECL DNIB_TY(N) DNIB_NM(N, f)(DNIB_TY(N) u)                                       \
    {                                                                                      \
        DNIB_IN(N, u)                                                                      \
        dn_lane r_[(N) + 1];                                                               \
        DNIB_LANES(N, DNIB_ALL, r_, u_, u_, DNIB_CALL1_##shape(N, f, y_, x_))              \
        DNIB_RETURN(N, r_)                                                                 \
    }
#define DNIB_FN1_LANE(N, f, shape, rule)                                                   \
    DNIB_DECL DNIB_TY(N) DNIB_NM(N, f)(DNIB_TY(N) u)                                       \
    {                                                                                      \
        DNIB_IN(N, u)                                                                      \
        dn_lane r_[(N) + 1];                                                               \
        dn_lmask m_ = dnil_rare_##rule(u_, N);                                             \
        if (!dnil_all(m_)) DNIB_LANE1_##shape(N, f, r_, u_);                               \
        if (dnil_any(m_)) DNIB_LANES(N, m_, r_, u_, u_, DNIB_CALL1_##shape(N, f, y_, x_))  \
        DNIB_RETURN(N, r_)                                                                 \
    }
#define DNIB_FN1_NONE DNIB_FN1_LANE
#define DNIB_FN1_LIN DNIB_FN1_LANE
#define DNIB_FN1_ZERO DNIB_FN1_LANE
#define DNIB_FN1_ONEP DNIB_FN1_LANE
#define DNIB_FN1_UNIT DNIB_FN1_LANE
#define DNIB_FN1_BIG DNIB_FN1_LANE
#define DNIB_FN1_ACOSH DNIB_FN1_LANE
#define DNIB_FN1_SIGN DNIB_FN1_LANE
/* two arguments, an integer first argument: lane by lane on the scalar kernels */
#define DNIB_FN2(N, f, OP, shape, ...)                                                     \
    DNIB_DECL DNIB_TY(N) DNIB_NM(N, f)(DNIB_TY(N) a, DNIB_TY(N) b)                         \
    {                                                                                      \
        DNIB_IN(N, a)                                                                      \
        DNIB_IN(N, b)                                                                      \
        dn_lane r_[(N) + 1];                                                               \
        DNIB_LANES(N, DNIB_ALL, r_, a_, b_, DNIB_CALL2_##shape(N, f, y_, x_, z_))          \
        DNIB_RETURN(N, r_)                                                                 \
    }
#define DNIB_FNI(N, f, ...)                                                                \
    DNIB_DECL DNIB_TY(N) DNIB_NM(N, f)(int m, DNIB_TY(N) u)                                \
    {                                                                                      \
        DNIB_IN(N, u)                                                                      \
        dn_lane r_[(N) + 1];                                                               \
        DNIB_LANES(N, DNIB_ALL, r_, u_, u_, DNIB_CALL2_DNI_WS(N, f, y_, x_, m))            \
        DNIB_RETURN(N, r_)                                                                 \
    }

/* sin and cos (sinh and cosh) of one argument at once: the lane kernel, the linear lanes
 * of a block with others on the scalar kernel (as sin, cos) */
#define DNIB_PAIR(N, f)                                                                    \
    DNIB_DECL void DNIB_NM(N, f)(DNIB_TY(N) u, DNIB_TY(N) *s, DNIB_TY(N) *c)               \
    {                                                                                      \
        DNIB_IN(N, u)                                                                      \
        dn_lane rs_[(N) + 1], rc_[(N) + 1];                                                \
        dn_lmask m_ = dnil_rare_LIN(u_, N);                                                \
        if (!dnil_all(m_)) {                                                               \
            dn_lane ws_[DNI_W_##f(N)];                                                     \
            dnil_##f##_w(rs_, rc_, u_, N, ws_);                                            \
        }                                                                                  \
        for (unsigned i_ = 0; i_ < DNB_W; i_++)                                            \
            if (m_[i_]) {                                                                  \
                double x_[(N) + 1], ys_[(N) + 1], yc_[(N) + 1], ws_[DNI_W_##f(N)];         \
                dnib_get(x_, u_, i_, N);                                                   \
                dni_##f##_w(ys_, yc_, x_, N, ws_);                                         \
                dnib_put(rs_, ys_, i_, N);                                                 \
                dnib_put(rc_, yc_, i_, N);                                                 \
            }                                                                              \
        DNIB_COPY(N, s->d, rs_)                                                            \
        DNIB_COPY(N, c->d, rc_)                                                            \
    }

/** Instantiates the type dnumb_oN and its functions for order N (a decimal literal): the
 *  body of dnum/block_order.h as one macro (dnum/internal/define_macros.h, generated). */
#define DNUMB_DEFINE(N) DNI_DNUMB_DEFINE(N)

#endif /* DNUM_BLOCK_H */
