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
 *   one argument   P##f (T u) for every one-argument special function f of the operation
 *                  table (DNI_OPS_SPECIAL1; docs/functions.md lists them)
 *   integer first  P##f (int m, T u) for those with an integer first argument (DNI_OPS_INT)
 *   two arguments  P##min P##max P##fmod (T a, T b) (DNI_OPS_SPECIAL2)
 *   generic        dnh_f(u), dnh_f(m, u), dnh_f(a, b) for each of them, over dnum_o2,
 *                  dlane2, dsp2, dsph2 and dnel2_1..4 (C11 _Generic; overloads in C++)
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

/* ---- the dnh_* names: in C dnum/internal/generic_names.h (dnum/lanes2.h), in C++ overloads -- */
#ifdef __cplusplus
#define DNI2_SP_OV_UN(T, f, ...) static inline T dnh_##f(T u) { return T##_##f(u); }
#define DNI2_SP_OV_BIN(T, f, ...) static inline T dnh_##f(T a, T b) { return T##_##f(a, b); }
#define DNI2_SP_OV_IN(T, f, ...) static inline T dnh_##f(int m, T u) { return T##_##f(m, u); }
#define DNI2_SP_OV(T)                                                                      \
    DNI2_SP_UNARY(DNI2_SP_OV_UN, T) DNI2_SP_INT(DNI2_SP_OV_IN, T)                          \
    DNI_OPS_SPECIAL2(DNI2_SP_OV_BIN, T)
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
