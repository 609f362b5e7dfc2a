/* dnum/internal/ops.h -- the operation table: one row per function of the library.
 *
 * Internal (installed because the public headers expand it; not an API of its own).
 * Every family's function set, the expression engines' operations and their dispatch,
 * the parser's names, the linkable copies, the C++ overloads and dnum-eval's list of
 * functions are expanded from these lists; tools/gen_ops.c writes from them what C cannot
 * expand (the generic names dn_<f>, dnh_<f>: generic_names.h) and
 * docs/functions.md, committed (`ninja -C BUILD generated`; the meson test
 * generated-files fails while they are out of date); tests/test_ops.c fails when a family
 * lacks a row. Beyond its row and its kernels, the library's code names a function only
 * for a path of its own (sin and cos as a pair, the lane code of sqrt and abs).
 *
 * Adding a function (CONTRIBUTING.md, "Adding a function"): its row here, with every
 * column of its list, then its kernels:
 *   elementary, one argument  the one-variable kernel DNI_K(<name>_w) and its scratch size
 *                 DNI_W_<name> in one of kernel.h's parts (kernel_explog.h, kernel_trig.h,
 *                 kernel_erf.h; DNI_K(<name>_vw) too for lop 2), and the multivariate
 *                 kernel DNIK_K(<name>_plain) with DNIK_RANGED_U(<name>) in kernelk_func.h
 *                 (the body of both is compiled for lanes too: the batch engines)
 *   special       the one-variable kernel in kernel_special.h; for two arguments (or where
 *                 the multivariate composition does not fit) dnik_<name> in
 *                 kernelk_special.h, and for two arguments the order-2 form in
 *                 special_o2.h
 * A row with a column too few or too many does not compile, nor does an unknown value.
 *
 * Each list calls X(A, name, NAME, shape, doc) per row, A passed through:
 *   name   the function's name: dnum_oN_<name>, dvec_<name>, dnk_<name>, ..., and its
 *          name in the expression language
 *   NAME   the expression engines' operation DN_OP_<NAME>
 *   shape  the scratch of the one-variable kernel <prefix><name>_w: DNI_WS (ws), DNI_WSW (ws
 *          and the wide scratch ww), DNI_NOWS (none: <prefix><name>(r, u, n)); for INT rows
 *          the largest |integer| the parser accepts as the first argument
 *   doc    what it computes, its domain and pole rule (dnum-eval --functions prints it)
 * DNI_OPS_ELEM1's rows have six more columns, X(A, name, NAME, shape, doc, lane, map, lop,
 * klane, kform, o2):
 *   lane   the one-variable lane kernel's rule (kernel_lane.h's dnil_rare_<lane>: the lanes
 *          the scalar kernel computes, in the batch engine and dnum/block.h): NONE, LIN (the
 *          scalar kernel's path for a linear argument), ZERO (u0 = 0), ONEP (u0 = -1), UNIT
 *          (|u0| = 1), BIG (|u0| >= 2^500), ACOSH (BIG or u0 = 1), SIGN (u0 = 0 or NaN); or
 *          SCALAR: no lane kernel, every lane on the scalar kernel
 *   map    dnil_m_<name>, the lanes' values of the C library's function <name>
 *          (kernel_lane.h): MAPV SLEEF's vector function, MAPT as MAPV but the lanes of
 *          1e14 and more the C library's (its slow argument reduction), MAP1 the C
 *          library's lane by lane; MAP0 none from the table (sqrt's is written there)
 *   lop    the one-variable batch engine's operation (src/batch_lane_body.h): 0 the rolled
 *          lane kernel, 1 also the unrolled ones at its orders (the common functions), 2
 *          as 1 with the value dnil_m_<name>(u0) of the group's numbers first (the kernel
 *          <prefix><name>_vw); read only with a lane kernel
 *   klane  the multivariate lane kernel's rule (src/batchk_lane_body.h, rare_lanes): as lane
 *          but for dnik_<name>: NONE, ZERO, ONEP, UNIT (or |u0| >= 2^500), BIG, ACOSH,
 *          COSH (|u0| >= 710, cosh overflows), SIGN; SCALAR: no lane kernel
 *   kform  the multivariate kernel: RANGED dnik_<name>_plain in the range rerun
 *          (DNIK_RANGED_U; dni2_<name>_w runs it on the Taylor triangle, and the batch
 *          engine tests its last block), FLAT one kernel on the flat array of every entry
 *          (dni_<name>, shape DNI_NOWS; dnik_<name> and dni2_<name> written by hand)
 *   o2     the order-2 families' rule (chain2.h): CHAIN2(F0, F1F2), f = F0 at x and F1F2
 *          setting f1 = f'(x), f2 = f''(x) (may use f0); or NOCHAIN2: f, f', f'' from
 *          dnum_o2_<name>, as for the special functions (special_o2.h)
 *
 * Index:
 *   DNI_OPS_ELEM1(X, A)     one argument, elementary (kernel.h), eleven columns
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

/* clang-format off */
#define DNI_OPS_ELEM1(X, A)                                                                \
    X(A, exp, EXP, DNI_WS, "exp(u)",                                                       \
      LIN, MAPV, 2, NONE, RANGED,                                                          \
      CHAIN2(exp(x), f1 = f2 = f0))                                                        \
    X(A, expm1, EXPM1, DNI_WS, "exp(u) - 1, accurate value for small u0",                  \
      NONE, MAPV, 0, NONE, RANGED,                                                         \
      CHAIN2(expm1(x), f1 = f2 = exp(x)))                                                  \
    X(A, log, LOG, DNI_WS, "log(u); u0 < 0: NaN, u0 = 0: pole",                            \
      ZERO, MAPV, 2, ZERO, RANGED,                                                         \
      CHAIN2(log(x), f1 = 1.0 / x; f2 = -f1 * f1))                                         \
    X(A, log1p, LOG1P, DNI_WS, "log(1 + u), accurate value for small u0",                  \
      ONEP, MAPV, 0, ONEP, RANGED,                                                         \
      CHAIN2(log1p(x), f1 = 1.0 / (1.0 + x); f2 = -f1 * f1))                               \
    X(A, sqrt, SQRT, DNI_WSW, "sqrt(u); sqrt(0) has an Inf first derivative",              \
      ZERO, MAP0, 2, ZERO, RANGED,                                                         \
      CHAIN2(sqrt(x), f1 = 0.5 / f0; f2 = -0.5 * f1 / x))                                  \
    X(A, cbrt, CBRT, DNI_WSW, "cbrt(u), the real cube root (negative u0 allowed)",         \
      SCALAR, MAP0, 0, SCALAR, RANGED,                                                     \
      CHAIN2(cbrt(x), f1 = 1.0 / (3.0 * f0 * f0); f2 = -2.0 * f1 / (3.0 * x)))             \
    X(A, sin, SIN, DNI_WS, "sin(u)",                                                       \
      LIN, MAPT, 1, NONE, RANGED,                                                          \
      CHAIN2(sin(x), f1 = cos(x); f2 = -f0))                                               \
    X(A, cos, COS, DNI_WS, "cos(u)",                                                       \
      LIN, MAPT, 1, NONE, RANGED,                                                          \
      CHAIN2(cos(x), f1 = -sin(x); f2 = -f0))                                              \
    X(A, tan, TAN, DNI_WS, "tan(u)",                                                       \
      NONE, MAPT, 0, NONE, RANGED,                                                         \
      CHAIN2(tan(x), f1 = 1.0 + f0 * f0; f2 = 2.0 * f0 * f1))                              \
    X(A, asin, ASIN, DNI_WS, "asin(u); |u0| > 1: NaN, |u0| = 1: Inf derivatives",          \
      UNIT, MAPV, 0, UNIT, RANGED,                                                         \
      CHAIN2(asin(x), f1 = 1.0 / sqrt(1.0 - x * x); f2 = x * f1 * f1 * f1))                \
    X(A, acos, ACOS, DNI_WS, "acos(u); domain as asin",                                    \
      UNIT, MAPV, 0, UNIT, RANGED,                                                         \
      CHAIN2(acos(x), f1 = -1.0 / sqrt(1.0 - x * x); f2 = x * f1 * f1 * f1))               \
    X(A, atan, ATAN, DNI_WS, "atan(u)",                                                    \
      BIG, MAPV, 0, BIG, RANGED,                                                           \
      CHAIN2(atan(x), f1 = dni_dnc2_big(x) ? 1.0 / x / x : 1.0 / (1.0 + x * x);            \
                      f2 = -2.0 * (x * f1) * f1))                                          \
    X(A, sinh, SINH, DNI_WS, "sinh(u)",                                                    \
      LIN, MAPV, 0, COSH, RANGED,                                                          \
      CHAIN2(sinh(x), f1 = cosh(x); f2 = f0))                                              \
    X(A, cosh, COSH, DNI_WS, "cosh(u)",                                                    \
      LIN, MAPV, 0, COSH, RANGED,                                                          \
      CHAIN2(cosh(x), f1 = sinh(x); f2 = f0))                                              \
    X(A, tanh, TANH, DNI_WS, "tanh(u), finite for every u0",                               \
      NONE, MAPV, 0, NONE, RANGED,                                                         \
      CHAIN2(tanh(x), double c = cosh(x); f1 = 1.0 / (c * c); f2 = -2.0 * f0 * f1))        \
    X(A, asinh, ASINH, DNI_WS, "asinh(u)",                                                 \
      BIG, MAPV, 0, BIG, RANGED,                                                           \
      CHAIN2(asinh(x), f1 = dni_dnc2_big(x) ? 1.0 / fabs(x) : 1.0 / sqrt(1.0 + x * x);     \
                       f2 = -x * f1 * f1 * f1))                                            \
    X(A, acosh, ACOSH, DNI_WS, "acosh(u); u0 < 1: NaN",                                    \
      ACOSH, MAPV, 0, ACOSH, RANGED,                                                       \
      CHAIN2(acosh(x), f1 = dni_dnc2_big(x) ? 1.0 / x : 1.0 / sqrt(x * x - 1.0);           \
                       f2 = -x * f1 * f1 * f1))                                            \
    X(A, atanh, ATANH, DNI_WS, "atanh(u); |u0| > 1: NaN",                                  \
      UNIT, MAPV, 0, UNIT, RANGED,                                                         \
      CHAIN2(atanh(x), f1 = 1.0 / (1.0 - x * x); f2 = 2.0 * x * f1 * f1))                  \
    X(A, erf, ERF, DNI_WS, "erf(u)",                                                       \
      NONE, MAPV, 0, NONE, RANGED,                                                         \
      CHAIN2(erf(x), f1 = 1.1283791670955125739 * exp(-x * x); f2 = -2.0 * (x * f1)))      \
    X(A, erfc, ERFC, DNI_WS, "erfc(u) = 1 - erf(u), accurate value for large u0",          \
      NONE, MAP1, 0, NONE, RANGED,                                                         \
      CHAIN2(erfc(x), f1 = -1.1283791670955125739 * exp(-x * x); f2 = -2.0 * (x * f1)))    \
    X(A, abs, ABS, DNI_NOWS, "|u|; at u0 = 0 value 0 and NaN derivatives",                 \
      SIGN, MAP0, 0, SIGN, FLAT,                                                           \
      CHAIN2(fabs(x), f1 = (x > 0.0) ? 1.0 : (x < 0.0) ? -1.0 : NAN;                       \
                      f2 = (x == 0.0) ? NAN : 0.0))

#define DNI_OPS_ELEM2(X, A)                                                                \
    X(A, pow, POW, DNI_WSW, "pow(a, b) = exp(b log a) with value pow(a0, b0); needs a0 > 0") \
    X(A, atan2, ATAN2, DNI_WSW, "atan2(y, x) in C's argument order; (0, 0): NaN derivatives") \
    X(A, hypot, HYPOT, DNI_WSW, "hypot(a, b) = sqrt(a^2 + b^2) without overflow")

#define DNI_OPS_SPECIAL1(X, A)                                                             \
    X(A, lgamma, LGAMMA, DNI_WS, "log|Gamma(u)| (also for negative non-integer u0)")       \
    X(A, tgamma, TGAMMA, DNI_WS, "Gamma(u); poles at 0, -1, -2, ...")                      \
    X(A, digamma, DIGAMMA, DNI_WS, "psi(u), the digamma function")                         \
    X(A, lambertw, LAMBERTW, DNI_WS, "W_0(u), principal branch of Lambert W (u0 >= -1/e)") \
    X(A, lambertwm1, LAMBERTWM1, DNI_WS, "W_-1(u), lower branch of Lambert W (-1/e <= u0 < 0)") \
    X(A, erfinv, ERFINV, DNI_WS, "erfinv(u), |u0| <= 1")                                   \
    X(A, erfcinv, ERFCINV, DNI_WS, "erfcinv(u), 0 <= u0 <= 2")                             \
    X(A, j0, J0, DNI_WS, "J_0(u), Bessel function of the first kind")                      \
    X(A, j1, J1, DNI_WS, "J_1(u)")                                                         \
    X(A, y0, Y0, DNI_WS, "Y_0(u), Bessel function of the second kind (u0 > 0)")            \
    X(A, y1, Y1, DNI_WS, "Y_1(u) (u0 > 0)")                                                \
    X(A, log2, LOG2, DNI_WS, "log2(u)")                                                    \
    X(A, log10, LOG10, DNI_WS, "log10(u)")                                                 \
    X(A, exp2, EXP2, DNI_WS, "2^u")                                                        \
    X(A, sinc, SINC, DNI_WS, "sin(u)/u, 1 at u0 = 0")                                      \
    X(A, cot, COT, DNI_WS, "cot(u) = cos(u)/sin(u)")                                       \
    X(A, sinpi, SINPI, DNI_WS, "sin(pi u), exact at the integers")                         \
    X(A, cospi, COSPI, DNI_WS, "cos(pi u), exact at the integers")                         \
    X(A, floor, FLOOR, DNI_WS, "floor(u): derivatives 0, NaN at an integer u0 (a jump)")   \
    X(A, ceil, CEIL, DNI_WS, "ceil(u): derivatives 0, NaN at an integer u0")

#define DNI_OPS_SPECIAL2(X, A)                                                             \
    X(A, min, MIN, DNI_WS, "min(a, b): the derivatives of the smaller; NaN at a tie")      \
    X(A, max, MAX, DNI_WS, "max(a, b): the derivatives of the larger; NaN at a tie")       \
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
/* clang-format on */

#endif /* DNUM_INTERNAL_OPS_H */
