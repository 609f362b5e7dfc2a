/* dnum/lanes2.h -- dlane2: order-2 numbers with DN_LANES seeded directions and one shared value.
 *
 * A dlane2 carries the value v of an expression and, for each of DN_LANES (4) directions
 * ("lanes") s_l, its first and second directional derivatives g[l] = grad f . s_l and
 * h[l] = s_l^T (Hess f) s_l. Seeding lane l with the unit vector e_i makes g[l] the i-th
 * gradient component and h[l] the i-th Hessian diagonal entry, so one evaluation gives
 * DN_LANES coordinates while computing the value and every libm call only once. It is the
 * engine of dn_hessdiag_lanes (dnum/hessian.h).
 *
 * A number is either *active* (act != 0: its lanes are defined) or *passive* (act == 0: a
 * constant for every lane; its g and h arrays are NOT read and may hold anything).
 * Operations on passive operands compute the value only, so the parts of an objective
 * that do not depend on the seeded coordinates cost no more than plain doubles. Read the
 * derivatives with dlane2_grad / dlane2_hess, which return 0 for a passive number.
 * Every function takes and returns values, never fails, never allocates; domain errors
 * follow libm: where the value is NaN (log of a negative, asin(2)), every derivative is
 * NaN, as in the fixed-order family.
 *
 * Index (T is dlane2):
 *   construct   T dlane2_const(double c)              passive constant c
 *               T dlane2_var(double x, unsigned l)    active: value x, direction e_l in lane l
 *               T dlane2_seed(double x, const double *s)  active: lane l has direction s[l]
 *   inspect     double dlane2_value(T a)  dlane2_grad(T a, unsigned l)  dlane2_hess(T a, unsigned l)
 *   arithmetic  _add _sub _mul _div (T, T); _neg (T)
 *               _add_d _sub_d _mul_d _div_d (T, double); _d_sub _d_div (double, T)
 *   functions   _f (T u), _f (T a, T b), _f (int m, T u) for every function f of the
 *               operation table, by its arguments (docs/functions.md): the elementary ones
 *               (exp, log, sin, ..., pow, atan2, hypot) here, the special ones (docs/special.md)
 *               in dnum/special2.h (also for dsp2 and dsph2, and their dnh_* names)
 *               _pow_d (T, double)  _pown (T, long)
 *               void _sincos (T, T *s, T *c)   void _sinhcosh (T, T *s, T *c)
 *   chain rule  T dlane2_chain(T u, double f0, double f1, double f2)   f(u) from f, f', f''
 *               T dlane2_apply(T u, dn_deriv_fn h, void *ctx)         f(u) from a callback
 *   generic     dnh_add(a, b) dnh_exp(u) ... dnh_const(T, c) dnh_value(a): C11 _Generic over
 *               dnum_o2, dlane2, dsp2 (dnum/sparse2.h), dsph2 (dnum/sparseh2.h) and
 *               dnel2_1..4 (dnum/elem2.h), to write an objective once for all (see
 *               DN_OBJECTIVE2 and DN_ELEMENT2 in dnum/hessian.h); overloads in C++
 *
 * Function reference:
 *   dlane2_const(c)        passive number with value c.
 *   dlane2_var(x, l)       active number with value x, g = e_l, h = 0 (l < DN_LANES; a
 *                          larger l gives the value x with all lanes zero).
 *   dlane2_seed(x, s)      active number with value x, g[l] = s[l], h = 0 (s has DN_LANES
 *                          entries): lane l then follows the direction whose component
 *                          along this variable is s[l].
 *   dlane2_value(a)        a.v.
 *   dlane2_grad(a, l), dlane2_hess(a, l)   first / second derivative along lane l; 0 for
 *                          a passive number; NaN for l >= DN_LANES.
 *   dlane2_add/sub/mul/div(a, b), dlane2_neg(a)  the sum, difference, product, quotient,
 *                          negation, with the value computed once for all lanes.
 *   dlane2_add_d/sub_d/mul_d/div_d(a, c), dlane2_d_sub/d_div(c, a)   with a double c.
 *   dlane2_exp ... dlane2_erfc, dlane2_abs (u)   f(u): one libm evaluation of f (and of
 *                          what f' and f'' need), then f' and f'' applied to every lane.
 *                          abs at 0: value 0, NaN derivatives (as dnum_oN_abs).
 *   dlane2_pow_d(u, p)     u^p for a constant p (p = 0, 1 give exact zero derivatives
 *                          above the formula's order); dlane2_pown(u, m) is pow_d(u, m).
 *   dlane2_pow(a, b)       exp(b log a) with value pow(a, b); needs a > 0.
 *   dlane2_atan2(y, x), dlane2_hypot(a, b)   two-argument functions by the bivariate
 *                          second-order chain rule.
 *   dlane2_sincos(u, &s, &c), dlane2_sinhcosh(u, &s, &c)   both results, one libm pair.
 *   dlane2_chain(u, f0, f1, f2)   the second-order chain rule for your own function f
 *                          with f(u.v) = f0, f'(u.v) = f1, f''(u.v) = f2: g = f1 g_u,
 *                          h = f1 h_u + f2 g_u^2. A NaN f0 makes the derivatives NaN.
 *   dlane2_apply(u, h, ctx)   dlane2_chain with f0, f1, f2 = h(u.v, 0..2, ctx); calls h
 *                          only once (k = 0) when u is passive.
 */
#ifndef DNUM_LANES2_H
#define DNUM_LANES2_H

#include <math.h>
#include "dnum/fixed.h"
#include "dnum/internal/chain2.h"
#include "dnum/sparseh2.h"
#include "dnum/elem2.h"

/** Number of lanes (seeded directions) of a dlane2; fixed (part of the ABI). Measured on
 *  W3 and a dense logistic objective (gcc 12 and clang 14, -O3): 4 lanes keep a dlane2 small
 *  enough for the compiler to hold in registers; at 8, gcc spills every operation through
 *  the stack and the dense objective runs 30x slower (docs/hessian.md). */
#define DN_LANES 4

/** Value, activity flag, and DN_LANES first and second directional derivatives. */
typedef struct dlane2 {
    double v;              /* value, shared by every lane */
    int act;               /* nonzero: g and h are defined; zero: passive constant */
    double g[DN_LANES];    /* first derivative along lane l */
    double h[DN_LANES];    /* second derivative along lane l */
} dlane2;

#ifndef DLANE2_DECL
#if defined(__GNUC__) || defined(__clang__)
#define DLANE2_DECL static inline __attribute__((unused))
#else
#define DLANE2_DECL static inline
#endif
#endif

/* the lane loops are unrolled completely so the compiler can keep a dlane2 in registers */
#if defined(__GNUC__) && !defined(__clang__)
#define DNI_DL2_FOR(l) _Pragma("GCC unroll 4") for (unsigned l = 0; l < DN_LANES; l++)
#else
#define DNI_DL2_FOR(l) for (unsigned l = 0; l < DN_LANES; l++)
#endif

/* ---- construction and inspection --------------------------------------------------- */

DLANE2_DECL dlane2 dlane2_const(double c)
{
    dlane2 r;
    r.v = c;
    r.act = 0;
    DNI_DL2_FOR(l) r.g[l] = r.h[l] = 0.0; /* never read; keeps copies fully defined */
    return r;
}

/* passive result of an operation. Its lanes are never read; they are zeroed so that no
 * copy reads an indeterminate value (free once the compiler keeps the number in registers) */
DLANE2_DECL dlane2 dni_dl2_val(double v)
{
    dlane2 r;
    r.v = v;
    r.act = 0;
    DNI_DL2_FOR(l) r.g[l] = r.h[l] = 0.0;
    return r;
}

DLANE2_DECL dlane2 dlane2_var(double x, unsigned lane)
{
    dlane2 r;
    r.v = x;
    r.act = 1;
    DNI_DL2_FOR(l) {
        r.g[l] = (l == lane) ? 1.0 : 0.0;
        r.h[l] = 0.0;
    }
    return r;
}

DLANE2_DECL dlane2 dlane2_seed(double x, const double *s)
{
    dlane2 r;
    r.v = x;
    r.act = 1;
    DNI_DL2_FOR(l) {
        r.g[l] = s[l];
        r.h[l] = 0.0;
    }
    return r;
}

DLANE2_DECL double dlane2_value(dlane2 a) { return a.v; }
DLANE2_DECL double dlane2_grad(dlane2 a, unsigned l)
{
    return l >= DN_LANES ? NAN : a.act ? a.g[l] : 0.0;
}
DLANE2_DECL double dlane2_hess(dlane2 a, unsigned l)
{
    return l >= DN_LANES ? NAN : a.act ? a.h[l] : 0.0;
}

/* ---- arithmetic ---------------------------------------------------------------------- */

DLANE2_DECL dlane2 dlane2_add(dlane2 a, dlane2 b)
{
    dlane2 r;
    r.v = a.v + b.v;
    if (a.act && b.act) {
        r.act = 1;
        DNI_DL2_FOR(l) {
            r.g[l] = a.g[l] + b.g[l];
            r.h[l] = a.h[l] + b.h[l];
        }
        return r;
    }
    if (a.act) {
        a.v = r.v;
        return a;
    }
    if (b.act) {
        b.v = r.v;
        return b;
    }
    return dni_dl2_val(r.v);
}

DLANE2_DECL dlane2 dlane2_neg(dlane2 a)
{
    if (!a.act) return dni_dl2_val(-a.v);
    a.v = -a.v;
    DNI_DL2_FOR(l) {
        a.g[l] = -a.g[l];
        a.h[l] = -a.h[l];
    }
    return a;
}

DLANE2_DECL dlane2 dlane2_sub(dlane2 a, dlane2 b)
{
    dlane2 r;
    r.v = a.v - b.v;
    if (a.act && b.act) {
        r.act = 1;
        DNI_DL2_FOR(l) {
            r.g[l] = a.g[l] - b.g[l];
            r.h[l] = a.h[l] - b.h[l];
        }
        return r;
    }
    if (a.act) {
        a.v = r.v;
        return a;
    }
    if (b.act) {
        b = dlane2_neg(b);
        b.v = r.v;
        return b;
    }
    return dni_dl2_val(r.v);
}

DLANE2_DECL dlane2 dlane2_add_d(dlane2 a, double c)
{
    a.v += c;
    return a;
}

DLANE2_DECL dlane2 dlane2_sub_d(dlane2 a, double c)
{
    a.v -= c;
    return a;
}

DLANE2_DECL dlane2 dlane2_d_sub(double c, dlane2 a)
{
    dlane2 r = dlane2_neg(a);
    r.v = c - a.v;
    return r;
}

DLANE2_DECL dlane2 dlane2_mul_d(dlane2 a, double c)
{
    if (!a.act) return dni_dl2_val(a.v * c);
    a.v *= c;
    DNI_DL2_FOR(l) {
        a.g[l] *= c;
        a.h[l] *= c;
    }
    return a;
}

DLANE2_DECL dlane2 dlane2_div_d(dlane2 a, double c)
{
    if (!a.act) return dni_dl2_val(a.v / c);
    double ic = 1.0 / c;
    a.v /= c;
    DNI_DL2_FOR(l) {
        a.g[l] *= ic;
        a.h[l] *= ic;
    }
    return a;
}

DLANE2_DECL dlane2 dlane2_mul(dlane2 a, dlane2 b)
{
    dlane2 r;
    r.v = a.v * b.v;
    r.act = a.act | b.act;
    if (a.act && b.act) {
        DNI_DL2_FOR(l) {
            r.g[l] = a.v * b.g[l] + a.g[l] * b.v;
            r.h[l] = a.v * b.h[l] + 2.0 * a.g[l] * b.g[l] + a.h[l] * b.v;
        }
    } else if (a.act) {
        DNI_DL2_FOR(l) {
            r.g[l] = a.g[l] * b.v;
            r.h[l] = a.h[l] * b.v;
        }
    } else if (b.act) {
        DNI_DL2_FOR(l) {
            r.g[l] = a.v * b.g[l];
            r.h[l] = a.v * b.h[l];
        }
    } else {
        return dni_dl2_val(r.v);
    }
    return r;
}

/* q = a/b: q' = (a' - q b') / b, q'' = (a'' - 2 q' b' - q b'') / b */
DLANE2_DECL dlane2 dlane2_div(dlane2 a, dlane2 b)
{
    dlane2 r;
    double q = a.v / b.v, ib = 1.0 / b.v;
    r.v = q;
    r.act = a.act | b.act;
    if (a.act && b.act) {
        DNI_DL2_FOR(l) {
            double g = (a.g[l] - q * b.g[l]) * ib;
            r.g[l] = g;
            r.h[l] = (a.h[l] - 2.0 * g * b.g[l] - q * b.h[l]) * ib;
        }
    } else if (a.act) {
        DNI_DL2_FOR(l) {
            r.g[l] = a.g[l] * ib;
            r.h[l] = a.h[l] * ib;
        }
    } else if (b.act) {
        DNI_DL2_FOR(l) {
            double g = -q * b.g[l] * ib;
            r.g[l] = g;
            r.h[l] = (-2.0 * g * b.g[l] - q * b.h[l]) * ib;
        }
    } else {
        return dni_dl2_val(q);
    }
    return r;
}

DLANE2_DECL dlane2 dlane2_d_div(double c, dlane2 a) { return dlane2_div(dni_dl2_val(c), a); }

/* ---- chain rule ---------------------------------------------------------------------- */

DLANE2_DECL dlane2 dlane2_chain(dlane2 u, double f0, double f1, double f2)
{
    if (!u.act) return dni_dl2_val(f0);
    if (f0 != f0) f1 = f2 = f0; /* undefined function: undefined derivatives */
    u.v = f0;
    DNI_DL2_FOR(l) {
        double g = u.g[l];
        u.h[l] = f1 * u.h[l] + f2 * g * g;
        u.g[l] = f1 * g;
    }
    return u;
}

/* f(a, b) with partials fa, fb, faa, fab, fbb (bivariate second-order chain rule) */
DLANE2_DECL dlane2 dni_dl2_chain2(dlane2 a, dlane2 b, double f0, double fa, double fb,
                                 double faa, double fab, double fbb)
{
    if (!a.act && !b.act) return dni_dl2_val(f0);
    if (f0 != f0) fa = fb = faa = fab = fbb = f0;
    dlane2 r;
    r.v = f0;
    r.act = 1;
    DNI_DL2_FOR(l) {
        double ga = a.act ? a.g[l] : 0.0, gb = b.act ? b.g[l] : 0.0;
        double ha = a.act ? a.h[l] : 0.0, hb = b.act ? b.h[l] : 0.0;
        r.g[l] = fa * ga + fb * gb;
        r.h[l] = fa * ha + fb * hb + faa * ga * ga + 2.0 * fab * ga * gb + fbb * gb * gb;
    }
    return r;
}

DLANE2_DECL dlane2 dlane2_apply(dlane2 u, dn_deriv_fn h, void *ctx)
{
    if (!u.act) return dni_dl2_val(h(u.v, 0, ctx));
    return dlane2_chain(u, h(u.v, 0, ctx), h(u.v, 1, ctx), h(u.v, 2, ctx));
}

/* ---- elementary functions: f0 always, f1 and f2 only for active arguments -------------- */

#define DNI_DL2_UN(A, name, F0, F1F2)                                                         \
    DLANE2_DECL dlane2 dlane2_##name(dlane2 u)                                              \
    {                                                                                      \
        double x = u.v, f0 = (F0), f1, f2;                                                 \
        if (!u.act) return dni_dl2_val(f0);                                                   \
        F1F2;                                                                              \
        return dlane2_chain(u, f0, f1, f2);                                                \
    }

DNI2_UNARY_TABLE(DNI_DL2_UN, _)

DLANE2_DECL dlane2 dlane2_pow_d(dlane2 u, double p)
{
    double f0, f1, f2;
    if (!u.act) return dni_dl2_val(pow(u.v, p));
    dni_dnc2_pow_d(u.v, p, &f0, &f1, &f2);
    return dlane2_chain(u, f0, f1, f2);
}

DLANE2_DECL dlane2 dlane2_pown(dlane2 u, long m) { return dlane2_pow_d(u, (double)m); }

DLANE2_DECL dlane2 dlane2_pow(dlane2 a, dlane2 b)
{
    dlane2 r = dlane2_exp(dlane2_mul(b, dlane2_log(a)));
    r.v = pow(a.v, b.v);
    return r;
}

DLANE2_DECL dlane2 dlane2_atan2(dlane2 y, dlane2 x)
{
    if (!y.act && !x.act) return dni_dl2_val(atan2(y.v, x.v));
    double p[5], f0 = dni_dnc2_atan2(y.v, x.v, p);
    return dni_dl2_chain2(y, x, f0, p[0], p[1], p[2], p[3], p[4]);
}

DLANE2_DECL dlane2 dlane2_hypot(dlane2 a, dlane2 b)
{
    if (!a.act && !b.act) return dni_dl2_val(hypot(a.v, b.v));
    double p[5], f0 = dni_dnc2_hypot(a.v, b.v, p);
    return dni_dl2_chain2(a, b, f0, p[0], p[1], p[2], p[3], p[4]);
}

DLANE2_DECL void dlane2_sincos(dlane2 u, dlane2 *s, dlane2 *c)
{
    double sn = sin(u.v), cs = cos(u.v);
    dlane2 rs = dlane2_chain(u, sn, cs, -sn), rc = dlane2_chain(u, cs, -sn, -cs);
    *s = rs;
    *c = rc;
}

DLANE2_DECL void dlane2_sinhcosh(dlane2 u, dlane2 *s, dlane2 *c)
{
    double sh = sinh(u.v), ch = cosh(u.v);
    dlane2 rs = dlane2_chain(u, sh, ch, sh), rc = dlane2_chain(u, ch, sh, ch);
    *s = rs;
    *c = rc;
}

/* ---- C11 _Generic front over dnum_o2, dlane2, dsp2, dsph2 and dnel2_1..4 ----------------- */

DLANE2_DECL double dni_dnh_o2_value(dnum_o2 a) { return a.d[0]; }

#ifndef __cplusplus
#define DNI_DNH_GEN(f, a)                                                                     \
    _Generic((a), dnum_o2 : dnum_o2_##f, dlane2 : dlane2_##f, dsp2 : dsp2_##f, dsph2 : dsph2_##f, \
             dnel2_1 : dnel2_1_##f, dnel2_2 : dnel2_2_##f, dnel2_3 : dnel2_3_##f,         \
             dnel2_4 : dnel2_4_##f)

/* dnh_f(a, ...) calls dnum_o2_f, dlane2_f, dsp2_f, dsph2_f or dnel2_K_f by the type of a. dnh_const(T, c)
 * builds a constant of type T; dnh_value(a) is the value. */
#define dnh_const(T, c)                                                                    \
    _Generic((T){0}, dnum_o2 : dnum_o2_const, dlane2 : dlane2_const, dsp2 : dsp2_const,       \
             dsph2 : dsph2_const, dnel2_1 : dnel2_1_const, dnel2_2 : dnel2_2_const,         \
             dnel2_3 : dnel2_3_const, dnel2_4 : dnel2_4_const)(c)
#define dnh_value(a)                                                                       \
    _Generic((a), dnum_o2 : dni_dnh_o2_value, dlane2 : dlane2_value, dsp2 : dsp2_value,          \
             dsph2 : dsph2_value, dnel2_1 : dnel2_1_value, dnel2_2 : dnel2_2_value,         \
             dnel2_3 : dnel2_3_value, dnel2_4 : dnel2_4_value)(a)
#define dnh_add(a, b) DNI_DNH_GEN(add, a)(a, b)
#define dnh_sub(a, b) DNI_DNH_GEN(sub, a)(a, b)
#define dnh_mul(a, b) DNI_DNH_GEN(mul, a)(a, b)
#define dnh_div(a, b) DNI_DNH_GEN(div, a)(a, b)
#define dnh_neg(a) DNI_DNH_GEN(neg, a)(a)
#define dnh_add_d(a, c) DNI_DNH_GEN(add_d, a)(a, c)
#define dnh_sub_d(a, c) DNI_DNH_GEN(sub_d, a)(a, c)
#define dnh_mul_d(a, c) DNI_DNH_GEN(mul_d, a)(a, c)
#define dnh_div_d(a, c) DNI_DNH_GEN(div_d, a)(a, c)
#define dnh_d_sub(c, a) DNI_DNH_GEN(d_sub, a)(c, a)
#define dnh_d_div(c, a) DNI_DNH_GEN(d_div, a)(c, a)
#define dnh_apply(u, h, ctx) DNI_DNH_GEN(apply, u)(u, h, ctx)
#define dnh_pow_d(u, p) DNI_DNH_GEN(pow_d, u)(u, p)
#define dnh_pown(u, m) DNI_DNH_GEN(pown, u)(u, m)
#define dnh_sincos(u, s, c) DNI_DNH_GEN(sincos, u)(u, s, c)
#define dnh_sinhcosh(u, s, c) DNI_DNH_GEN(sinhcosh, u)(u, s, c)
/* and dnh_f(u), dnh_f(a, b), dnh_f(m, u) for every function f of the operation table */
#define DNI_WANT_GENERIC_DNH 1
#include "dnum/internal/generic_names.h"

#else /* C++: the same dnh_* names as overloads, so DN_OBJECTIVE2 bodies compile as C++ */
#define DNI_DNH_UN(T, f) static inline T dnh_##f(T u) { return T##_##f(u); }
#define DNI_DNH_BIN(T, f) static inline T dnh_##f(T a, T b) { return T##_##f(a, b); }
#define DNI_DNH_BIN_D(T, f) static inline T dnh_##f(T a, double c) { return T##_##f(a, c); }
#define DNI_DNH_D_BIN(T, f) static inline T dnh_##f(double c, T a) { return T##_##f(c, a); }
#define DNI_DNH_PAIR(T, f) static inline void dnh_##f(T u, T *s, T *c) { T##_##f(u, s, c); }
/* the rows of the operation table: the elementary ones here, the special ones in
 * dnum/special2.h */
#define DNI_DNH_UN_ROW(T, f, ...) DNI_DNH_UN(T, f)
#define DNI_DNH_BIN_ROW(T, f, ...) DNI_DNH_BIN(T, f)
#define DNI_DNH_ALL(T)                                                                     \
    DNI_DNH_UN(T, neg) DNI_OPS_ELEM1(DNI_DNH_UN_ROW, T) DNI_DNH_BIN(T, add)                \
    DNI_DNH_BIN(T, sub) DNI_DNH_BIN(T, mul) DNI_DNH_BIN(T, div)                            \
    DNI_OPS_ELEM2(DNI_DNH_BIN_ROW, T) DNI_DNH_BIN_D(T, add_d) DNI_DNH_BIN_D(T, sub_d)      \
    DNI_DNH_BIN_D(T, mul_d) DNI_DNH_BIN_D(T, div_d) DNI_DNH_BIN_D(T, pow_d)                \
    DNI_DNH_D_BIN(T, d_sub) DNI_DNH_D_BIN(T, d_div) DNI_DNH_PAIR(T, sincos)                \
    DNI_DNH_PAIR(T, sinhcosh)                                                              \
    static inline T dnh_pown(T u, long m) { return T##_pown(u, m); }                       \
    static inline T dnh_apply(T u, dn_deriv_fn h, void *ctx) { return T##_apply(u, h, ctx); } \
    template <> inline T dni_dnh_const<T>(double c) { return T##_const(c); }
template <class T> T dni_dnh_const(double c);
DNI_DNH_ALL(dnum_o2)
DNI_DNH_ALL(dlane2)
DNI_DNH_ALL(dsp2)
DNI_DNH_ALL(dsph2)
DNI_DNH_ALL(dnel2_1)
DNI_DNH_ALL(dnel2_2)
DNI_DNH_ALL(dnel2_3)
DNI_DNH_ALL(dnel2_4)
static inline double dnh_value(dnum_o2 a) { return dni_dnh_o2_value(a); }
static inline double dnh_value(dlane2 a) { return dlane2_value(a); }
static inline double dnh_value(dsp2 a) { return dsp2_value(a); }
static inline double dnh_value(dsph2 a) { return dsph2_value(a); }
static inline double dnh_value(dnel2_1 a) { return a.v; }
static inline double dnh_value(dnel2_2 a) { return a.v; }
static inline double dnh_value(dnel2_3 a) { return a.v; }
static inline double dnh_value(dnel2_4 a) { return a.v; }
#define dnh_const(T, c) dni_dnh_const<T>(c)
#endif /* __cplusplus */

#include "dnum/special2.h" /* the special functions of dlane2, dsp2, dsph2, dnel2_K */

#endif /* DNUM_LANES2_H */
