/* dnum/special_o2.h -- the special functions of the order-2 optimizer numbers: dlane_o2
 * (dnum/lanes_o2.h), dsp_o2 (dnum/sparse_o2.h), dsph_o2 (dnum/sparseh_o2.h), dnelK_o2
 * (dnum/elem_o2.h), and their type-generic dnh_* names, so that an objective written once
 * with DN_OBJECTIVE_O2 (dnum/hessian.h) may use them.
 *
 * Each function has the meaning of its fixed-order namesake (dnum/fixed.h,
 * docs/special.md): a one-argument function takes f, f', f'' at the value from
 * dnum_o2_<name> on the variable, then the family's second-order chain rule (so the
 * value, the domain, the pole rule and the accuracy are those of the fixed-order
 * kernels); min, max and fmod give the derivatives of the active branch, and NaN
 * derivatives at a tie or a jump, as in every family.
 *
 * Index (T is dlane_o2, dsp_o2, dsph_o2 or dnelK_o2; P its prefix dlane_o2_, dsp_o2_,
 * dsph_o2_ or dnelK_o2_):
 *   one argument   P##f (T u) for every one-argument special function f of the operation
 *                  table (DNI_OPS_SPECIAL1; docs/functions.md lists them), and for the
 *                  elementary ones without a formula in chain2.h (column o2 NOCHAIN2)
 *   integer first  P##f (int m, T u) for those with an integer first argument (DNI_OPS_INT)
 *   two arguments  P##min P##max P##fmod (T a, T b) (DNI_OPS_SPECIAL2)
 *   generic        dnh_f(u), dnh_f(m, u), dnh_f(a, b) for each of them, over dnum_o2,
 *                  dlane_o2, dsp_o2, dsph_o2 and dnel1_o2 .. dnel4_o2 (C11 _Generic;
 *                  overloads in C++)
 * dnum/lanes_o2.h includes it (and it includes dnum/lanes_o2.h): either header gives both.
 */
#ifndef DNUM_SPECIAL_O2_H
#define DNUM_SPECIAL_O2_H

#include <math.h>
#include "dnum/lanes_o2.h"

/* the one-argument special functions, and those with an integer first argument: the
 * rows of the operation table (dnum/internal/ops.h) */
#define DNI2_SP_UNARY(X, T) DNI_OPS_SPECIAL1(X, T)
#define DNI2_SP_INT(X, T) DNI_OPS_INT(X, T)

/* One family's definitions: T its type, ADD, SUB and MUL_D its arithmetic; its
 * declaration specifiers DNI2_SP_DECL_##T and chain rule DNI2_SP_CHAIN_##T (T u, double
 * f0, double f1, double f2) are given below. */
#define DNI2_SP_DEFS(T, ADD, SUB, MUL_D)                                                   \
    DNI2_UNARY_KERNEL(DNI2_SP_UN, T)                                                       \
    DNI2_SP_UNARY(DNI2_SP_UN, T)                                                           \
    DNI2_SP_INT(DNI2_SP_IN, T)                                                             \
    /* a tie or a jump: the value v, NaN derivatives for every variable of a or b */       \
    DNI2_SP_DECL_##T T dni_##T##_sp_nan(T a, T b, double v)                                \
    {                                                                                      \
        return DNI2_SP_CHAIN_##T(ADD(a, b), v, NAN, NAN);                                  \
    }                                                                                      \
    DNI2_SP_DECL_##T T dni_##T##_sp_minmax(T a, T b, int mx)                               \
    {                                                                                      \
        double a0 = a.v, b0 = b.v;                                                         \
        int take_a = isnan(b0) || (mx ? a0 > b0 : a0 < b0);                                \
        int take_b = isnan(a0) || (mx ? b0 > a0 : b0 < a0);                                \
        if (take_a && !take_b) return a;                                                   \
        if (take_b && !take_a) return b;                                                   \
        return dni_##T##_sp_nan(a, b, mx ? fmax(a0, b0) : fmin(a0, b0));                   \
    }                                                                                      \
    /** min(a, b): the active argument; NaN derivatives at a tie. */                       \
    DNI2_SP_DECL_##T T T##_min(T a, T b)                                                   \
    {                                                                                      \
        return dni_##T##_sp_minmax(a, b, 0);                                               \
    }                                                                                      \
    /** max(a, b): the active argument; NaN derivatives at a tie. */                       \
    DNI2_SP_DECL_##T T T##_max(T a, T b)                                                   \
    {                                                                                      \
        return dni_##T##_sp_minmax(a, b, 1);                                               \
    }                                                                                      \
    /** fmod(a, b) = a - q b, q = trunc(a/b); NaN derivatives at a jump (value 0). */      \
    DNI2_SP_DECL_##T T T##_fmod(T a, T b)                                                  \
    {                                                                                      \
        double v = fmod(a.v, b.v);                                                         \
        if (v == 0.0 || isnan(v)) return dni_##T##_sp_nan(a, b, v);                        \
        T r = SUB(a, MUL_D(b, nearbyint((a.v - v) / b.v)));                                \
        r.v = v;                                                                           \
        return r;                                                                          \
    }
/* f(u) from f, f', f'' of dnum_o2_f at the value */
#define DNI2_SP_UN(T, f, ...)                                                              \
    DNI2_SP_DECL_##T T T##_##f(T u)                                                        \
    {                                                                                      \
        dnum_o2 r = dnum_o2_##f(dnum_o2_var(u.v));                                         \
        return DNI2_SP_CHAIN_##T(u, r.d[0], r.d[1], r.d[2]);                               \
    }
#define DNI2_SP_IN(T, f, ...)                                                              \
    DNI2_SP_DECL_##T T T##_##f(int m, T u)                                                 \
    {                                                                                      \
        dnum_o2 r = dnum_o2_##f(m, dnum_o2_var(u.v));                                      \
        return DNI2_SP_CHAIN_##T(u, r.d[0], r.d[1], r.d[2]);                               \
    }

#define DNI2_SP_DECL_dlane_o2 DLANE_O2_DECL
#define DNI2_SP_CHAIN_dlane_o2 dlane_o2_chain
#define DNI2_SP_DECL_dsp_o2 DNI_DSP_O2_DECL
#define DNI2_SP_CHAIN_dsp_o2 dsp_o2_chain
#define DNI2_SP_DECL_dsph_o2 DNI_DSP_O2_DECL
#define DNI2_SP_CHAIN_dsph_o2 dsph_o2_chain

DNI2_SP_DEFS(dlane_o2, dlane_o2_add, dlane_o2_sub, dlane_o2_mul_d)
DNI2_SP_DEFS(dsp_o2, dsp_o2_add, dsp_o2_sub, dsp_o2_mul_d)
DNI2_SP_DEFS(dsph_o2, dsph_o2_add, dsph_o2_sub, dsph_o2_mul_d)
#define DNI2_SP_DECL_dpl2_o2 DNI_DSP_O2_DECL
#define DNI2_SP_CHAIN_dpl2_o2 dpl2_o2_chain
#define DNI2_SP_DECL_dpl4_o2 DNI_DSP_O2_DECL
#define DNI2_SP_CHAIN_dpl4_o2 dpl4_o2_chain
DNI2_SP_DEFS(dpl2_o2, dpl2_o2_add, dpl2_o2_sub, dpl2_o2_mul_d)
DNI2_SP_DEFS(dpl4_o2, dpl4_o2_add, dpl4_o2_sub, dpl4_o2_mul_d)
#define DNI2_SP_DNEL_O2(K)                                                                 \
    DNI2_SP_DEFS(dnel##K##_o2, dnel##K##_o2_add, dnel##K##_o2_sub, dnel##K##_o2_mul_d)
#define DNI2_SP_DECL_dnel1_o2 DNI_DNEL_O2_DECL
#define DNI2_SP_CHAIN_dnel1_o2 dnel1_o2_chain
#define DNI2_SP_DECL_dnel2_o2 DNI_DNEL_O2_DECL
#define DNI2_SP_CHAIN_dnel2_o2 dnel2_o2_chain
#define DNI2_SP_DECL_dnel3_o2 DNI_DNEL_O2_DECL
#define DNI2_SP_CHAIN_dnel3_o2 dnel3_o2_chain
#define DNI2_SP_DECL_dnel4_o2 DNI_DNEL_O2_DECL
#define DNI2_SP_CHAIN_dnel4_o2 dnel4_o2_chain
DNI2_SP_DNEL_O2(1)
DNI2_SP_DNEL_O2(2)
DNI2_SP_DNEL_O2(3)
DNI2_SP_DNEL_O2(4)

/* ---- the dnh_* names: in C dnum/internal/generic_names.h (dnum/lanes_o2.h), in C++ overloads -- */
#ifdef __cplusplus
#define DNI2_SP_OV_UN(T, f, ...)                                                           \
    static inline T dnh_##f(T u)                                                           \
    {                                                                                      \
        return T##_##f(u);                                                                 \
    }
#define DNI2_SP_OV_BIN(T, f, ...)                                                          \
    static inline T dnh_##f(T a, T b)                                                      \
    {                                                                                      \
        return T##_##f(a, b);                                                              \
    }
#define DNI2_SP_OV_IN(T, f, ...)                                                           \
    static inline T dnh_##f(int m, T u)                                                    \
    {                                                                                      \
        return T##_##f(m, u);                                                              \
    }
#define DNI2_SP_OV(T)                                                                      \
    DNI2_SP_UNARY(DNI2_SP_OV_UN, T)                                                        \
    DNI2_SP_INT(DNI2_SP_OV_IN, T)                                                          \
    DNI_OPS_SPECIAL2(DNI2_SP_OV_BIN, T)
DNI2_SP_OV(dnum_o2)
DNI2_SP_OV(dlane_o2)
DNI2_SP_OV(dsp_o2)
DNI2_SP_OV(dsph_o2)
DNI2_SP_OV(dpl2_o2)
DNI2_SP_OV(dpl4_o2)
DNI2_SP_OV(dtp_o2)
DNI2_SP_OV(dnel1_o2)
DNI2_SP_OV(dnel2_o2)
DNI2_SP_OV(dnel3_o2)
DNI2_SP_OV(dnel4_o2)
#endif

#endif /* DNUM_SPECIAL_O2_H */
