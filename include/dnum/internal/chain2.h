/* dnum/internal/chain2.h -- internal: first and second derivatives of the elementary functions,
 * shared by the order-2 families dlane_o2 (dnum/lanes_o2.h) and dsp_o2 (dnum/sparse_o2.h).
 *
 * Index:
 *   DNI2_UNARY_TABLE(X, A)   X(A, name, F0, F1F2) for every unary function: F0 is f(x),
 *                         F1F2 sets f1 = f'(x) and f2 = f''(x) (may use f0 and x); A is
 *                         passed through (a family parameter, or anything unused)
 *   DNI2_UNARY_DEF(DECL, T, PREFIX, ACTIVE, CONST, CHAIN, name, F0, F1F2)
 *                         defines a family's PREFIX##name(T u) from one table row
 *   dni_dnc2_pow_d            f, f', f'' of x^p for a constant p
 *   dni_dnc2_atan2, dni_dnc2_hypot   value and partials (fa, fb, faa, fab, fbb) of atan2(a, b)
 *                         and hypot(a, b)
 * Not part of the public API.
 */
#ifndef DNUM_CHAIN2_H
#define DNUM_CHAIN2_H

#include <math.h>

#if defined(__GNUC__) || defined(__clang__)
#define DNI2_DECL static inline __attribute__((unused))
#else
#define DNI2_DECL static inline
#endif

/* |x| >= 2^500: x^2 may overflow (1 + x^2 and x^2 - 1 are x^2 there, to double precision) */
DNI2_DECL int dni_dnc2_big(double x)
{
    return fabs(x) >= 0x1p500;
}

/* The table's formulas keep f' and f'' finite wherever they are finite doubles: no square of
 * x beyond 2^500 (atan, asinh, acosh), the product with x taken after the factor that
 * decays (erf, atan: x * f1 before the factor 2), tanh' = 1 / cosh^2 (1 - tanh^2 is 0 for
 * |x| > 19, where tanh' is still 1.7e-17). */
#define DNI2_UNARY_TABLE(X, A)                                                             \
    X(A, exp, exp(x), f1 = f2 = f0)                                                        \
    X(A, expm1, expm1(x), f1 = f2 = exp(x))                                                \
    X(A, log, log(x), f1 = 1.0 / x; f2 = -f1 * f1)                                         \
    X(A, log1p, log1p(x), f1 = 1.0 / (1.0 + x); f2 = -f1 * f1)                             \
    X(A, sqrt, sqrt(x), f1 = 0.5 / f0; f2 = -0.5 * f1 / x)                                 \
    X(A, cbrt, cbrt(x), f1 = 1.0 / (3.0 * f0 * f0); f2 = -2.0 * f1 / (3.0 * x))            \
    X(A, sin, sin(x), f1 = cos(x); f2 = -f0)                                               \
    X(A, cos, cos(x), f1 = -sin(x); f2 = -f0)                                              \
    X(A, tan, tan(x), f1 = 1.0 + f0 * f0; f2 = 2.0 * f0 * f1)                              \
    X(A, asin, asin(x), f1 = 1.0 / sqrt(1.0 - x * x); f2 = x * f1 * f1 * f1)               \
    X(A, acos, acos(x), f1 = -1.0 / sqrt(1.0 - x * x); f2 = x * f1 * f1 * f1)              \
    X(A, atan, atan(x), f1 = dni_dnc2_big(x) ? 1.0 / x / x : 1.0 / (1.0 + x * x);             \
      f2 = -2.0 * (x * f1) * f1)                                                           \
    X(A, sinh, sinh(x), f1 = cosh(x); f2 = f0)                                             \
    X(A, cosh, cosh(x), f1 = sinh(x); f2 = f0)                                             \
    X(A, tanh, tanh(x), double c = cosh(x); f1 = 1.0 / (c * c); f2 = -2.0 * f0 * f1)       \
    X(A, asinh, asinh(x), f1 = dni_dnc2_big(x) ? 1.0 / fabs(x) : 1.0 / sqrt(1.0 + x * x);    \
      f2 = -x * f1 * f1 * f1)                                                              \
    X(A, acosh, acosh(x), f1 = dni_dnc2_big(x) ? 1.0 / x : 1.0 / sqrt(x * x - 1.0);           \
      f2 = -x * f1 * f1 * f1)                                                              \
    X(A, atanh, atanh(x), f1 = 1.0 / (1.0 - x * x); f2 = 2.0 * x * f1 * f1)                \
    X(A, erf, erf(x), f1 = 1.1283791670955125739 * exp(-x * x); f2 = -2.0 * (x * f1))      \
    X(A, erfc, erfc(x), f1 = -1.1283791670955125739 * exp(-x * x); f2 = -2.0 * (x * f1))   \
    X(A, abs, fabs(x), f1 = (x > 0.0) ? 1.0 : (x < 0.0) ? -1.0 : NAN;                      \
      f2 = (x == 0.0) ? NAN : 0.0)

/* One unary function of a family from a row of DNI2_UNARY_TABLE: DECL T PREFIX##name(T u)
 * computes f0 = F0 at x = u.v, returns CONST(f0) when !ACTIVE(u), else computes f1, f2
 * (F1F2) and returns CHAIN(u, f0, f1, f2). */
#define DNI2_UNARY_DEF(DECL, T, PREFIX, ACTIVE, CONST, CHAIN, name, F0, F1F2)             \
    DECL T PREFIX##name(T u)                                                               \
    {                                                                                      \
        double x = u.v, f0 = (F0), f1, f2;                                                 \
        if (!ACTIVE(u)) return CONST(f0);                                                  \
        F1F2;                                                                              \
        return CHAIN(u, f0, f1, f2);                                                       \
    }

/* f = x^p, f1 = f', f2 = f'' (p = 0 and p = 1 give exact zeros above the formula's order) */
DNI2_DECL void dni_dnc2_pow_d(double x, double p, double *f0, double *f1, double *f2)
{
    *f0 = pow(x, p);
    *f1 = (p == 0.0) ? 0.0 : p * pow(x, p - 1.0);
    *f2 = (p == 0.0 || p == 1.0) ? 0.0 : p * (p - 1.0) * pow(x, p - 2.0);
}

/* atan2(y, x): value, then p = {f_y, f_x, f_yy, f_yx, f_xx}; (0, 0) gives NaN partials.
 * From the unit vector (c, s) = (x, y) / r and 1 / r (r = hypot(x, y)), multiplied in an
 * order that squares neither x, y nor r: no spurious overflow or underflow (the squares of
 * x and y overflow beyond about 1e154 and underflow below 1e-154) */
DNI2_DECL double dni_dnc2_atan2(double y, double x, double p[5])
{
    double r = hypot(x, y), ir = 1.0 / r, c = x * ir, s = y * ir;
    if (x == 0.0 && y == 0.0) ir = c = s = NAN;
    p[0] = c * ir;
    p[1] = -s * ir;
    p[2] = (-2.0 * c * s * ir) * ir;
    p[3] = ((s - c) * (s + c) * ir) * ir;
    p[4] = (2.0 * c * s * ir) * ir;
    return atan2(y, x);
}

/* hypot(a, b): value, then p = {f_a, f_b, f_aa, f_ab, f_bb}, from the unit vector
 * (a, b) / f and 1 / f (no cube of 1 / f that could overflow) */
DNI2_DECL double dni_dnc2_hypot(double a, double b, double p[5])
{
    double f0 = hypot(a, b), ir = 1.0 / f0, u = a * ir, w = b * ir;
    p[0] = u;
    p[1] = w;
    p[2] = w * w * ir;
    p[3] = -u * w * ir;
    p[4] = u * u * ir;
    return f0;
}

#endif /* DNUM_CHAIN2_H */
