/* dnum/extern.h -- the fixed-order families as declarations of the library's linkable
 * copies (what C++ sees of dnum/fixed.h and dnum/dnum2.h).
 *
 * In C, dnum/fixed.h and dnum/dnum2.h define dnum_oN_* and dnum2_oN_* as static inline
 * functions over the kernels (C11: restrict, variable-length scratch arrays, _Generic).
 * The library also exports one linkable copy of every one of them for the built-in
 * orders (dnum_o1 ... dnum_o32, dnum2_o1 ... dnum2_o16). A C++ translation unit that
 * includes dnum/fixed.h or dnum/dnum2.h gets this header instead: the same struct types
 * (same layout, so values pass between C and C++ unchanged) and extern "C" declarations
 * of those copies, with no kernel code. DNUM_DEFINE(N) / DNUM2_DEFINE(N) for other
 * orders and the _Generic dn_* names are C only; dnum/dnum.hpp is the C++ front end.
 *
 * Index:
 *   _DNUM_FOR_EACH_ORDER(X)    X(1) ... X(32): the exported orders of dnum_oN
 *   _DNUM2_FOR_EACH_ORDER(X)   X(1) ... X(16): the exported orders of dnum2_oN
 *   _DN_API_UN(X, N) _DN_API_BIN(X, N) _DN_API_BIN_D(X, N) _DN_API_D_BIN(X, N)
 *   _DN_API_INT(X, N) _DN_API_PAIR(X, N)
 *                              the functions every fixed-order family has, by signature
 *                              (unary T(T), binary T(T, T), T(T, double), T(double, T),
 *                              T(int, T), void(T, T *, T *)); X(N, name)
 *   (C++ only) _DNE_FIXED(N), _DNE_FIXED2(N): typedef struct dnum_oN / dnum2_oN and
 *                              the prototypes of their whole API
 */
#ifndef DNUM_EXTERN_H
#define DNUM_EXTERN_H

#include "dnum/common.h"

/* The orders exported by the library (src/inlines.c). */
#define _DNUM_FOR_EACH_ORDER(X)                                                            \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)       \
    X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28)         \
    X(29) X(30) X(31) X(32)
#define _DNUM2_FOR_EACH_ORDER(X)                                                           \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16)

/* The API of a fixed-order family, by signature (T the number type of order N). */
#define _DN_API_UN(X, N)                                                                   \
    X(N, neg) X(N, exp) X(N, expm1) X(N, log) X(N, log1p) X(N, sqrt) X(N, cbrt) X(N, sin)  \
    X(N, cos) X(N, tan) X(N, asin) X(N, acos) X(N, atan) X(N, sinh) X(N, cosh) X(N, tanh)  \
    X(N, asinh) X(N, acosh) X(N, atanh) X(N, erf) X(N, erfc) X(N, abs) X(N, lgamma)        \
    X(N, tgamma) X(N, digamma) X(N, lambertw) X(N, lambertwm1) X(N, erfinv) X(N, erfcinv)  \
    X(N, j0) X(N, j1) X(N, y0) X(N, y1) X(N, log2) X(N, log10) X(N, exp2) X(N, sinc)       \
    X(N, cot) X(N, sinpi) X(N, cospi) X(N, floor) X(N, ceil)
#define _DN_API_BIN(X, N)                                                                  \
    X(N, add) X(N, sub) X(N, mul) X(N, div) X(N, pow) X(N, atan2) X(N, hypot) X(N, min)    \
    X(N, max) X(N, fmod)
#define _DN_API_BIN_D(X, N) X(N, add_d) X(N, sub_d) X(N, mul_d) X(N, div_d) X(N, pow_d)
#define _DN_API_D_BIN(X, N) X(N, d_sub) X(N, d_div)
#define _DN_API_INT(X, N) X(N, polygamma) X(N, jn) X(N, yn)
#define _DN_API_PAIR(X, N) X(N, sincos) X(N, sinhcosh)

#ifdef __cplusplus
/* Instantiated inside extern "C" by dnum/fixed.h (_DNE_FIXED) and dnum/dnum2.h
 * (_DNE_FIXED2) in C++. */

/* prototypes of one family (P = dnum_o or dnum2_o) */
#define _DNE_UN(P, N, f) P##N P##N##_##f(P##N u);
#define _DNE_BIN(P, N, f) P##N P##N##_##f(P##N a, P##N b);
#define _DNE_BIN_D(P, N, f) P##N P##N##_##f(P##N a, double c);
#define _DNE_D_BIN(P, N, f) P##N P##N##_##f(double c, P##N a);
#define _DNE_INT(P, N, f) P##N P##N##_##f(int m, P##N u);
#define _DNE_PAIR(P, N, f) void P##N##_##f(P##N u, P##N *s, P##N *c);
#define _DNE_COMMON(P, N)                                                                  \
    P##N P##N##_const(double c);                                                           \
    P##N P##N##_from(const double *d);                                                     \
    P##N P##N##_pown(P##N u, long m);                                                      \
    P##N P##N##_apply(P##N u, dn_deriv_fn h, void *ctx);
#define _DNE_UN1(N, f) _DNE_UN(dnum_o, N, f)
#define _DNE_BIN1(N, f) _DNE_BIN(dnum_o, N, f)
#define _DNE_BIN_D1(N, f) _DNE_BIN_D(dnum_o, N, f)
#define _DNE_D_BIN1(N, f) _DNE_D_BIN(dnum_o, N, f)
#define _DNE_INT1(N, f) _DNE_INT(dnum_o, N, f)
#define _DNE_PAIR1(N, f) _DNE_PAIR(dnum_o, N, f)
#define _DNE_UN2(N, f) _DNE_UN(dnum2_o, N, f)
#define _DNE_BIN2(N, f) _DNE_BIN(dnum2_o, N, f)
#define _DNE_BIN_D2(N, f) _DNE_BIN_D(dnum2_o, N, f)
#define _DNE_D_BIN2(N, f) _DNE_D_BIN(dnum2_o, N, f)
#define _DNE_INT2(N, f) _DNE_INT(dnum2_o, N, f)
#define _DNE_PAIR2(N, f) _DNE_PAIR(dnum2_o, N, f)

/* dnum_oN: double d[N+1], d[k] = k-th derivative (dnum/fixed.h) */
#define _DNE_FIXED(N)                                                                      \
    typedef struct dnum_o##N {                                                             \
        double d[(N) + 1];                                                                 \
    } dnum_o##N;                                                                           \
    dnum_o##N dnum_o##N##_var(double x);                                                   \
    double dnum_o##N##_deriv(dnum_o##N a, unsigned k);                                     \
    double dnum_o##N##_get(const dnum_o##N *a, unsigned k);                                \
    _DNE_COMMON(dnum_o, N)                                                                 \
    _DN_API_UN(_DNE_UN1, N) _DN_API_BIN(_DNE_BIN1, N) _DN_API_BIN_D(_DNE_BIN_D1, N)        \
    _DN_API_D_BIN(_DNE_D_BIN1, N) _DN_API_INT(_DNE_INT1, N) _DN_API_PAIR(_DNE_PAIR1, N)

/* dnum2_oN: the triangle of mixed partials, DNUM2_SIZE(N) doubles (dnum/dnum2.h) */
#define _DNE_FIXED2(N)                                                                     \
    typedef struct dnum2_o##N {                                                            \
        double d[((N) + 1) * ((N) + 2) / 2];                                               \
    } dnum2_o##N;                                                                          \
    dnum2_o##N dnum2_o##N##_varx(double x, double y);                                      \
    dnum2_o##N dnum2_o##N##_vary(double x, double y);                                      \
    double dnum2_o##N##_deriv(dnum2_o##N a, unsigned i, unsigned j);                       \
    double dnum2_o##N##_get(const dnum2_o##N *a, unsigned i, unsigned j);                  \
    void dnum2_o##N##_grad(dnum2_o##N a, double g[2]);                                     \
    void dnum2_o##N##_hess(dnum2_o##N a, double H[2][2]);                                  \
    _DNE_COMMON(dnum2_o, N)                                                                \
    _DN_API_UN(_DNE_UN2, N) _DN_API_BIN(_DNE_BIN2, N) _DN_API_BIN_D(_DNE_BIN_D2, N)        \
    _DN_API_D_BIN(_DNE_D_BIN2, N) _DN_API_INT(_DNE_INT2, N) _DN_API_PAIR(_DNE_PAIR2, N)

#endif /* __cplusplus */

#endif /* DNUM_EXTERN_H */
