/* dnum/special2.h -- the special functions of the order-2 optimizer numbers: dlane2
 * (dnum/lanes2.h), dsp2 (dnum/sparse2.h), dsph2 (dnum/sparseh2.h), and their type-generic
 * dnh_* names, so that an objective written once with DN_OBJECTIVE2 (dnum/hessian.h) may
 * use them.
 *
 * Each function has the meaning of its fixed-order namesake (dnum/fixed.h,
 * docs/special.md): a one-argument function takes f, f', f'' at the value from
 * dnum_o2_<name> on the variable, then the family's second-order chain rule (so the
 * value, the domain, the pole rule and the accuracy are those of the fixed-order
 * kernels); min, max and fmod give the derivatives of the active branch, and NaN
 * derivatives at a tie or a jump, as in every family.
 *
 * Index (T is dlane2, dsp2, dsph2 or dnel2_K; P its prefix dlane2_, dsp2_, dsph2_ or
 * dnel2_K_):
 *   one argument   P##lgamma tgamma digamma lambertw lambertwm1 erfinv erfcinv j0 j1 y0 y1
 *                  log2 log10 exp2 sinc cot sinpi cospi floor ceil (T u)
 *   integer first  P##polygamma (int m, T u)  P##jn (int n, T u)  P##yn (int n, T u)
 *   two arguments  P##min P##max P##fmod (T a, T b)
 *   generic        dnh_lgamma(u) ... dnh_polygamma(m, u) ... dnh_min(a, b) ... over
 *                  dnum_o2, dlane2, dsp2, dsph2 and dnel2_1..4 (C11 _Generic; overloads in C++)
 * dnum/lanes2.h includes it (and it includes dnum/lanes2.h): either header gives both.
 */
#ifndef DNUM_SPECIAL2_H
#define DNUM_SPECIAL2_H

#include <math.h>
#include "dnum/lanes2.h"

/* the one-argument special functions, and those with an integer first argument: the
 * rows of the operation table (dnum/internal/ops.h) */
#define DNI2_SP_UNARY(X, T) DNI_OPS_SPECIAL1(X, T)
#define DNI2_SP_INT(X, T) DNI_OPS_INT(X, T)

/* One family's definitions: T its type, ADD, SUB and MUL_D its arithmetic; its
 * declaration specifiers DNI2_SP_DECL_##T and chain rule DNI2_SP_CHAIN_##T (T u, double
 * f0, double f1, double f2) are given below. */
#define DNI2_SP_DEFS(T, ADD, SUB, MUL_D)                                                   \
    DNI2_SP_UNARY(DNI2_SP_UN, T)                                                           \
    DNI2_SP_INT(DNI2_SP_IN, T)                                                             \
    /* a tie or a jump: the value v, NaN derivatives for every variable of a or b */       \
    DNI2_SP_DECL_##T T dni_##T##_sp_nan(T a, T b, double v)                                   \
    {                                                                                      \
        return DNI2_SP_CHAIN_##T(ADD(a, b), v, NAN, NAN);                                  \
    }                                                                                      \
    DNI2_SP_DECL_##T T dni_##T##_sp_minmax(T a, T b, int mx)                                            \
    {                                                                                      \
        double a0 = a.v, b0 = b.v;                                                         \
        int take_a = isnan(b0) || (mx ? a0 > b0 : a0 < b0);                                \
        int take_b = isnan(a0) || (mx ? b0 > a0 : b0 < a0);                                \
        if (take_a && !take_b) return a;                                                   \
        if (take_b && !take_a) return b;                                                   \
        return dni_##T##_sp_nan(a, b, mx ? fmax(a0, b0) : fmin(a0, b0));                      \
    }                                                                                      \
    /** min(a, b): the active argument; NaN derivatives at a tie. */                      \
    DNI2_SP_DECL_##T T T##_min(T a, T b) { return dni_##T##_sp_minmax(a, b, 0); }                         \
    /** max(a, b): the active argument; NaN derivatives at a tie. */                      \
    DNI2_SP_DECL_##T T T##_max(T a, T b) { return dni_##T##_sp_minmax(a, b, 1); }                         \
    /** fmod(a, b) = a - q b, q = trunc(a/b); NaN derivatives at a jump (value 0). */      \
    DNI2_SP_DECL_##T T T##_fmod(T a, T b)                                                            \
    {                                                                                      \
        double v = fmod(a.v, b.v);                                                         \
        if (v == 0.0 || isnan(v)) return dni_##T##_sp_nan(a, b, v);                           \
        T r = SUB(a, MUL_D(b, nearbyint((a.v - v) / b.v)));                                \
        r.v = v;                                                                           \
        return r;                                                                          \
    }
/* f(u) from f, f', f'' of dnum_o2_f at the value */
#define DNI2_SP_UN(T, f, ...)                                                                   \
    DNI2_SP_DECL_##T T T##_##f(T u)                                                        \
    {                                                                                      \
        dnum_o2 r = dnum_o2_##f(dnum_o2_var(u.v));                                         \
        return DNI2_SP_CHAIN_##T(u, r.d[0], r.d[1], r.d[2]);                             \
    }
#define DNI2_SP_IN(T, f, ...)                                                                   \
    DNI2_SP_DECL_##T T T##_##f(int m, T u)                                                 \
    {                                                                                      \
        dnum_o2 r = dnum_o2_##f(m, dnum_o2_var(u.v));                                      \
        return DNI2_SP_CHAIN_##T(u, r.d[0], r.d[1], r.d[2]);                             \
    }

#define DNI2_SP_DECL_dlane2 DLANE2_DECL
#define DNI2_SP_CHAIN_dlane2 dlane2_chain
#define DNI2_SP_DECL_dsp2 DNI_DSP2_DECL
#define DNI2_SP_CHAIN_dsp2 dsp2_chain
#define DNI2_SP_DECL_dsph2 DNI_DSP2_DECL
#define DNI2_SP_CHAIN_dsph2 dsph2_chain

DNI2_SP_DEFS(dlane2, dlane2_add, dlane2_sub, dlane2_mul_d)
DNI2_SP_DEFS(dsp2, dsp2_add, dsp2_sub, dsp2_mul_d)
DNI2_SP_DEFS(dsph2, dsph2_add, dsph2_sub, dsph2_mul_d)
#define DNI2_SP_DNEL2(K)                                                                   \
    DNI2_SP_DEFS(dnel2_##K, dnel2_##K##_add, dnel2_##K##_sub, dnel2_##K##_mul_d)
#define DNI2_SP_DECL_dnel2_1 DNI_DNEL2_DECL
#define DNI2_SP_CHAIN_dnel2_1 dnel2_1_chain
#define DNI2_SP_DECL_dnel2_2 DNI_DNEL2_DECL
#define DNI2_SP_CHAIN_dnel2_2 dnel2_2_chain
#define DNI2_SP_DECL_dnel2_3 DNI_DNEL2_DECL
#define DNI2_SP_CHAIN_dnel2_3 dnel2_3_chain
#define DNI2_SP_DECL_dnel2_4 DNI_DNEL2_DECL
#define DNI2_SP_CHAIN_dnel2_4 dnel2_4_chain
DNI2_SP_DNEL2(1)
DNI2_SP_DNEL2(2)
DNI2_SP_DNEL2(3)
DNI2_SP_DNEL2(4)

/* ---- the dnh_* names -------------------------------------------------------------------- */
#ifndef __cplusplus
#define dnh_lgamma(u) DNI_DNH_GEN(lgamma, u)(u)
#define dnh_tgamma(u) DNI_DNH_GEN(tgamma, u)(u)
#define dnh_digamma(u) DNI_DNH_GEN(digamma, u)(u)
#define dnh_lambertw(u) DNI_DNH_GEN(lambertw, u)(u)
#define dnh_lambertwm1(u) DNI_DNH_GEN(lambertwm1, u)(u)
#define dnh_erfinv(u) DNI_DNH_GEN(erfinv, u)(u)
#define dnh_erfcinv(u) DNI_DNH_GEN(erfcinv, u)(u)
#define dnh_j0(u) DNI_DNH_GEN(j0, u)(u)
#define dnh_j1(u) DNI_DNH_GEN(j1, u)(u)
#define dnh_y0(u) DNI_DNH_GEN(y0, u)(u)
#define dnh_y1(u) DNI_DNH_GEN(y1, u)(u)
#define dnh_log2(u) DNI_DNH_GEN(log2, u)(u)
#define dnh_log10(u) DNI_DNH_GEN(log10, u)(u)
#define dnh_exp2(u) DNI_DNH_GEN(exp2, u)(u)
#define dnh_sinc(u) DNI_DNH_GEN(sinc, u)(u)
#define dnh_cot(u) DNI_DNH_GEN(cot, u)(u)
#define dnh_sinpi(u) DNI_DNH_GEN(sinpi, u)(u)
#define dnh_cospi(u) DNI_DNH_GEN(cospi, u)(u)
#define dnh_floor(u) DNI_DNH_GEN(floor, u)(u)
#define dnh_ceil(u) DNI_DNH_GEN(ceil, u)(u)
#define dnh_polygamma(m, u) DNI_DNH_GEN(polygamma, u)(m, u)
#define dnh_jn(m, u) DNI_DNH_GEN(jn, u)(m, u)
#define dnh_yn(m, u) DNI_DNH_GEN(yn, u)(m, u)
#define dnh_min(a, b) DNI_DNH_GEN(min, a)(a, b)
#define dnh_max(a, b) DNI_DNH_GEN(max, a)(a, b)
#define dnh_fmod(a, b) DNI_DNH_GEN(fmod, a)(a, b)
#else
#define DNI2_SP_OV_UN(T, f, ...) static inline T dnh_##f(T u) { return T##_##f(u); }
#define DNI2_SP_OV_IN(T, f, ...) static inline T dnh_##f(int m, T u) { return T##_##f(m, u); }
#define DNI2_SP_OV(T)                                                                      \
    DNI2_SP_UNARY(DNI2_SP_OV_UN, T) DNI2_SP_INT(DNI2_SP_OV_IN, T)                          \
    static inline T dnh_min(T a, T b) { return T##_min(a, b); }                            \
    static inline T dnh_max(T a, T b) { return T##_max(a, b); }                            \
    static inline T dnh_fmod(T a, T b) { return T##_fmod(a, b); }
DNI2_SP_OV(dnum_o2)
DNI2_SP_OV(dlane2)
DNI2_SP_OV(dsp2)
DNI2_SP_OV(dsph2)
DNI2_SP_OV(dnel2_1)
DNI2_SP_OV(dnel2_2)
DNI2_SP_OV(dnel2_3)
DNI2_SP_OV(dnel2_4)
#endif

#endif /* DNUM_SPECIAL2_H */
