/* dnum/internal/ops.h -- the operation table: one row per function of the library.
 *
 * Internal (installed because the public headers expand it; not an API of its own).
 * Every family's function set, the expression engines' operations and their dispatch,
 * the parser's names, the linkable copies, the C++ overloads and dnum-eval's list of
 * functions are expanded from these lists; tools/gen_ops.c writes from them what C cannot
 * expand (the generic names dn_<f>, dnh_<f>: generic_names.h) and
 * docs/functions.md, committed (`ninja -C BUILD generated`; the meson test
 * generated-files fails while they are out of date); tests/test_ops.c fails when a family
 * lacks a row. Adding a function: one row here, its one-variable kernel (kernel_special.h,
 * or kernel.h for an elementary one) and, where it needs one, its bivariate kernel
 * (kernel2_special.h); its reference rows in tools/gen_ref_special.py (CONTRIBUTING.md).
 *
 * Each list calls X(A, name, NAME, shape, doc) per row, A passed through:
 *   name   the function's name: dnum_oN_<name>, dvec_<name>, dnk_<name>, ..., and its
 *          name in the expression language
 *   NAME   the expression engines' operation DN_OP_<NAME>
 *   shape  the scratch of the one-variable kernel <prefix><name>_w: DNI_WS (ws), DNI_WSW (ws
 *          and the wide scratch ww), DNI_NOWS (none: <prefix><name>(r, u, n)); for INT rows
 *          the largest |integer| the parser accepts as the first argument
 *   doc    what it computes, its domain and pole rule (dnum-eval --functions prints it)
 *
 * Index:
 *   DNI_OPS_ELEM1(X, A)     one argument, elementary (kernel.h)
 *   DNI_OPS_ELEM2(X, A)     two arguments, elementary: f(a, b)
 *   DNI_OPS_SPECIAL1(X, A)  one argument, special (kernel_special.h)
 *   DNI_OPS_SPECIAL2(X, A)  two arguments, special: f(a, b)
 *   DNI_OPS_INT(X, A)       an integer first argument: f(int m, u)
 *   DNI_OPS_UNARY(X, A)     ELEM1 then SPECIAL1
 *   DNI_OPS_BINARY(X, A)    ELEM2 then SPECIAL2
 *   DNI_OPS_ALL(X, A)       every row: ELEM2 ELEM1 SPECIAL1 SPECIAL2 INT (the order of
 *                           the expression engines' operations)
 */
#ifndef DNUM_INTERNAL_OPS_H
#define DNUM_INTERNAL_OPS_H

#define DNI_OPS_ELEM1(X, A)                                                                \
    X(A, exp, EXP, DNI_WS, "exp(u)")                                                        \
    X(A, expm1, EXPM1, DNI_WS, "exp(u) - 1, accurate value for small u0")                   \
    X(A, log, LOG, DNI_WS, "log(u); u0 < 0: NaN, u0 = 0: pole")                             \
    X(A, log1p, LOG1P, DNI_WS, "log(1 + u), accurate value for small u0")                   \
    X(A, sqrt, SQRT, DNI_WSW, "sqrt(u); sqrt(0) has an Inf first derivative")               \
    X(A, cbrt, CBRT, DNI_WSW, "cbrt(u), the real cube root (negative u0 allowed)")          \
    X(A, sin, SIN, DNI_WS, "sin(u)")                                                        \
    X(A, cos, COS, DNI_WS, "cos(u)")                                                        \
    X(A, tan, TAN, DNI_WS, "tan(u)")                                                        \
    X(A, asin, ASIN, DNI_WS, "asin(u); |u0| > 1: NaN, |u0| = 1: Inf derivatives")           \
    X(A, acos, ACOS, DNI_WS, "acos(u); domain as asin")                                     \
    X(A, atan, ATAN, DNI_WS, "atan(u)")                                                     \
    X(A, sinh, SINH, DNI_WS, "sinh(u)")                                                     \
    X(A, cosh, COSH, DNI_WS, "cosh(u)")                                                     \
    X(A, tanh, TANH, DNI_WS, "tanh(u), finite for every u0")                                \
    X(A, asinh, ASINH, DNI_WS, "asinh(u)")                                                  \
    X(A, acosh, ACOSH, DNI_WS, "acosh(u); u0 < 1: NaN")                                     \
    X(A, atanh, ATANH, DNI_WS, "atanh(u); |u0| > 1: NaN")                                   \
    X(A, erf, ERF, DNI_WS, "erf(u)")                                                        \
    X(A, erfc, ERFC, DNI_WS, "erfc(u) = 1 - erf(u), accurate value for large u0")           \
    X(A, abs, ABS, DNI_NOWS, "|u|; at u0 = 0 value 0 and NaN derivatives")

#define DNI_OPS_ELEM2(X, A)                                                                \
    X(A, pow, POW, DNI_WSW, "pow(a, b) = exp(b log a) with value pow(a0, b0); needs a0 > 0") \
    X(A, atan2, ATAN2, DNI_WSW, "atan2(y, x) in C's argument order; (0, 0): NaN derivatives") \
    X(A, hypot, HYPOT, DNI_WSW, "hypot(a, b) = sqrt(a^2 + b^2) without overflow")

#define DNI_OPS_SPECIAL1(X, A)                                                             \
    X(A, lgamma, LGAMMA, DNI_WS, "log|Gamma(u)| (also for negative non-integer u0)")        \
    X(A, tgamma, TGAMMA, DNI_WS, "Gamma(u); poles at 0, -1, -2, ...")                       \
    X(A, digamma, DIGAMMA, DNI_WS, "psi(u), the digamma function")                          \
    X(A, lambertw, LAMBERTW, DNI_WS, "W_0(u), principal branch of Lambert W (u0 >= -1/e)")  \
    X(A, lambertwm1, LAMBERTWM1, DNI_WS, "W_-1(u), lower branch of Lambert W (-1/e <= u0 < 0)") \
    X(A, erfinv, ERFINV, DNI_WS, "erfinv(u), |u0| <= 1")                                    \
    X(A, erfcinv, ERFCINV, DNI_WS, "erfcinv(u), 0 <= u0 <= 2")                              \
    X(A, j0, J0, DNI_WS, "J_0(u), Bessel function of the first kind")                       \
    X(A, j1, J1, DNI_WS, "J_1(u)")                                                          \
    X(A, y0, Y0, DNI_WS, "Y_0(u), Bessel function of the second kind (u0 > 0)")             \
    X(A, y1, Y1, DNI_WS, "Y_1(u) (u0 > 0)")                                                 \
    X(A, log2, LOG2, DNI_WS, "log2(u)")                                                     \
    X(A, log10, LOG10, DNI_WS, "log10(u)")                                                  \
    X(A, exp2, EXP2, DNI_WS, "2^u")                                                         \
    X(A, sinc, SINC, DNI_WS, "sin(u)/u, 1 at u0 = 0")                                       \
    X(A, cot, COT, DNI_WS, "cot(u) = cos(u)/sin(u)")                                        \
    X(A, sinpi, SINPI, DNI_WS, "sin(pi u), exact at the integers")                          \
    X(A, cospi, COSPI, DNI_WS, "cos(pi u), exact at the integers")                          \
    X(A, floor, FLOOR, DNI_WS, "floor(u): derivatives 0, NaN at an integer u0 (a jump)")    \
    X(A, ceil, CEIL, DNI_WS, "ceil(u): derivatives 0, NaN at an integer u0")

#define DNI_OPS_SPECIAL2(X, A)                                                             \
    X(A, min, MIN, DNI_WS, "min(a, b): the derivatives of the smaller; NaN at a tie")       \
    X(A, max, MAX, DNI_WS, "max(a, b): the derivatives of the larger; NaN at a tie")        \
    X(A, fmod, FMOD, DNI_WS, "fmod(a, b) = a - trunc(a0/b0) b; NaN derivatives at a jump")

#define DNI_OPS_INT(X, A)                                                                  \
    X(A, polygamma, POLYGAMMA, 100, "polygamma(m, u) = psi^(m)(u), m >= 0")                \
    X(A, jn, JN, 10000, "jn(n, u) = J_n(u), integer order n")                              \
    X(A, yn, YN, 10000, "yn(n, u) = Y_n(u), integer order n (u0 > 0)")

#define DNI_OPS_UNARY(X, A) DNI_OPS_ELEM1(X, A) DNI_OPS_SPECIAL1(X, A)
#define DNI_OPS_BINARY(X, A) DNI_OPS_ELEM2(X, A) DNI_OPS_SPECIAL2(X, A)
#define DNI_OPS_ALL(X, A)                                                                  \
    DNI_OPS_ELEM2(X, A) DNI_OPS_ELEM1(X, A) DNI_OPS_SPECIAL1(X, A) DNI_OPS_SPECIAL2(X, A)  \
    DNI_OPS_INT(X, A)

#endif /* DNUM_INTERNAL_OPS_H */
