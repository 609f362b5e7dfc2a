/* dnum/internal/chain2.h -- internal: first and second derivatives of the elementary functions,
 * shared by the order-2 families dlane_o2 (dnum/lanes_o2.h) and dsp_o2 (dnum/sparse_o2.h).
 *
 * Index:
 *   DNI2_UNARY_TABLE(X, A)   X(A, name, F0, F1F2) for every unary elementary function of
 *                         the operation table with a formula (its column o2 CHAIN2(F0,
 *                         F1F2)): F0 is f(x), F1F2 sets f1 = f'(x) and f2 = f''(x) (may use
 *                         f0 and x); A is passed through (a family parameter, or anything
 *                         unused)
 *   DNI2_UNARY_KERNEL(X, A)  X(A, name, ~) for those without one (NOCHAIN2)
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
#include "dnum/internal/ops.h"

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

/* The formulas (column o2 of dnum/internal/ops.h's DNI_OPS_ELEM1) keep f' and f'' finite
 * wherever they are finite doubles: no square of x beyond 2^500 (atan, asinh, acosh), the
 * product with x taken after the factor that decays (erf, atan: x * f1 before the factor
 * 2), tanh' = 1 / cosh^2 (1 - tanh^2 is 0 for |x| > 19, where tanh' is still 1.7e-17). */
#define DNI2_UNARY_TABLE(X, A) DNI_OPS_ELEM1(DNI2_ROW_CHAIN, (X, A))
/* the rows marked NOCHAIN2, as X(A, name, ~): special_o2.h gives them f, f', f'' from
 * dnum_o2_<name> */
#define DNI2_UNARY_KERNEL(X, A) DNI_OPS_ELEM1(DNI2_ROW_KERNEL, (X, A))
/* a row's column o2, CHAIN2(F0, F1F2) or NOCHAIN2, as "keep, F0, F1F2" for each table */
#define DNI2_ROW_CHAIN(XA, f, OP, shape, doc, lane, map, lop, klane, kform, o2)            \
    DNI2_PICK(XA, f, DNI2_CHAIN_##o2)
#define DNI2_ROW_KERNEL(XA, f, OP, shape, doc, lane, map, lop, klane, kform, o2)           \
    DNI2_PICK(XA, f, DNI2_KERNEL_##o2)
#define DNI2_CHAIN_CHAIN2(F0, F1F2) DNI2_KEEP, F0, F1F2
#define DNI2_CHAIN_NOCHAIN2 DNI2_DROP, ~, ~
#define DNI2_KERNEL_CHAIN2(F0, F1F2) DNI2_DROP, ~, ~
#define DNI2_KERNEL_NOCHAIN2 DNI2_KEEPK, ~, ~
#define DNI2_PICK(...) DNI2_PICK_(__VA_ARGS__)
#define DNI2_PICK_(XA, f, pick, F0, F1F2) pick(XA, f, F0, F1F2)
#define DNI2_KEEP(XA, f, F0, F1F2) DNI2_CALL(DNI2_UNPAREN XA, f, F0, F1F2)
#define DNI2_KEEPK(XA, f, F0, F1F2) DNI2_CALL(DNI2_UNPAREN XA, f, ~)
#define DNI2_DROP(XA, f, F0, F1F2)
#define DNI2_UNPAREN(...) __VA_ARGS__
#define DNI2_CALL(...) DNI2_CALL_(__VA_ARGS__)
#define DNI2_CALL_(X, ...) X(__VA_ARGS__)

/* One unary function of a family from a row of DNI2_UNARY_TABLE: DECL T PREFIX##name(T u)
 * computes f0 = F0 at x = u.v, returns CONST(f0) when !ACTIVE(u), else computes f1, f2
 * (F1F2) and returns CHAIN(u, f0, f1, f2). */
#define DNI2_UNARY_DEF(DECL, T, PREFIX, ACTIVE, CONST, CHAIN, name, F0, F1F2)              \
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
