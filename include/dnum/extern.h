/* dnum/extern.h -- the built-in orders of the fixed-order families and their API, as
 * lists for macros (included by dnum/fixed.h and dnum/dnum2.h).
 *
 * dnum/fixed.h and dnum/dnum2.h define dnum_oN_* and dnum2_oN_* as static inline
 * functions over the kernels, in C and in C++ (dnum/dnum.hpp calls them inline). The
 * library also exports one linkable copy of every one of them for the built-in orders
 * (dnum_o1 ... dnum_o32, dnum2_o1 ... dnum2_o16; src/inlines.c), for callers that
 * cannot compile the headers (other languages, function pointers across libraries); a
 * C or C++ unit that includes the headers uses its own inline versions. These lists
 * name those orders and functions.
 *
 * Index:
 *   _DNUM_FOR_EACH_ORDER(X)    X(1) ... X(32): the exported orders of dnum_oN
 *   _DNUM2_FOR_EACH_ORDER(X)   X(1) ... X(16): the exported orders of dnum2_oN
 *   _DN_API_UN(X, N) _DN_API_BIN(X, N) _DN_API_BIN_D(X, N) _DN_API_D_BIN(X, N)
 *   _DN_API_INT(X, N) _DN_API_PAIR(X, N)
 *                              the functions every fixed-order family has, by signature
 *                              (unary T(T), binary T(T, T), T(T, double), T(double, T),
 *                              T(int, T), void(T, T *, T *)); X(N, name)
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


#endif /* DNUM_EXTERN_H */
