/* dnum/internal/extern.h -- the built-in orders of the fixed-order families and their API, as
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
 *   DNI_DNUM_FOR_EACH_ORDER(X)    X(1) ... X(32): the exported orders of dnum_oN
 *   DNI_DNUM2_FOR_EACH_ORDER(X)   X(1) ... X(16): the exported orders of dnum2_oN
 *   DNI_API_UN(X, N) DNI_API_BIN(X, N) DNI_API_BIN_D(X, N) DNI_API_D_BIN(X, N)
 *   DNI_API_INT(X, N) DNI_API_PAIR(X, N)
 *                              the functions every fixed-order family has, by signature
 *                              (unary T(T), binary T(T, T), T(T, double), T(double, T),
 *                              T(int, T), void(T, T *, T *)); X(N, name, ...): the
 *                              functions of the operation table (dnum/internal/ops.h)
 *                              pass their other columns after the name
 */
#ifndef DNUM_EXTERN_H
#define DNUM_EXTERN_H

#include "dnum/common.h"
#include "dnum/internal/ops.h"

/* The orders exported by the library (src/inlines.c). */
/* clang-format off */
#define DNI_DNUM_FOR_EACH_ORDER(X)                                                         \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)       \
    X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28)          \
    X(29) X(30) X(31) X(32)
#define DNI_DNUM2_FOR_EACH_ORDER(X)                                                        \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16)

/* The API of a fixed-order family, by signature (T the number type of order N). */
#define DNI_API_UN(X, N) X(N, neg, NEG, DNI_NOWS, "-u") DNI_OPS_UNARY(X, N)
#define DNI_API_BIN(X, N)                                                                  \
    X(N, add, ADD, DNI_NOWS, "a + b") X(N, sub, SUB, DNI_NOWS, "a - b")                    \
    X(N, mul, MUL, DNI_WS, "a b") X(N, div, DIV, DNI_WS, "a / b") DNI_OPS_BINARY(X, N)
#define DNI_API_BIN_D(X, N) X(N, add_d) X(N, sub_d) X(N, mul_d) X(N, div_d) X(N, pow_d)
#define DNI_API_D_BIN(X, N) X(N, d_sub) X(N, d_div)
#define DNI_API_INT(X, N) DNI_OPS_INT(X, N)
#define DNI_API_PAIR(X, N) X(N, sincos) X(N, sinhcosh)
/* clang-format on */

/* A const pointer to the number a of type T, for a macro that reads a in place whether a
 * is an lvalue or not (dnum_oN_deriv, dnum2_oN_deriv): in C, a's array converted back to a
 * pointer to its struct (an rvalue's struct lives to the end of the full expression, C11
 * 6.2.4p8; a pointer to the first member is one to the struct, 6.7.2.1p15); in C++ the
 * address of a const reference to it. a is evaluated once; another type does not compile. */
#ifdef __cplusplus
#define DNI_DNUM_IN_PLACE(T, a) (&static_cast<const T &>(a))
#else
#define DNI_DNUM_IN_PLACE(T, a) ((const T *)_Generic((a), T : (a).d))
#endif

#endif /* DNUM_EXTERN_H */
