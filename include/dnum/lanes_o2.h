/* dnum/lanes_o2.h -- dlane_o2: order-2 numbers with DN_LANES seeded directions and one
 * shared value.
 *
 * A dlane_o2 carries the value v of an expression and, for each of DN_LANES (4) directions
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
 * derivatives with dlane_o2_grad / dlane_o2_hess, which return 0 for a passive number.
 * Every function takes and returns values, never fails, never allocates; domain errors
 * follow libm: where the value is NaN (log of a negative, asin(2)), every derivative is
 * NaN, as in the fixed-order family.
 *
 * Index (T is dlane_o2, P its prefix dlane_o2_):
 *   construct   T P##const(double c)              passive constant c
 *               T P##var(double x, unsigned l)    active: value x, direction e_l in lane l
 *               T P##seed(double x, const double *s)  active: lane l has direction s[l]
 *   inspect     double P##value(T a)  P##grad(T a, unsigned l)  P##hess(T a, unsigned l)
 *   arithmetic  _add _sub _mul _div (T, T); _neg (T)
 *               _add_d _sub_d _mul_d _div_d (T, double); _d_sub _d_div (double, T)
 *   functions   _f (T u), _f (T a, T b), _f (int m, T u) for every function f of the
 *               operation table, by its arguments (docs/functions.md): the elementary ones
 *               (exp, log, sin, ..., pow, atan2, hypot) here, the special ones
 *               (docs/special.md) in dnum/special_o2.h (also for dsp_o2 and dsph_o2, and
 *               their dnh_* names)
 *               _pow_d (T, double)  _pown (T, long)
 *               void _sincos (T, T *s, T *c)   void _sinhcosh (T, T *s, T *c)
 *   chain rule  T P##chain(T u, double f0, double f1, double f2)   f(u) from f, f', f''
 *               T P##apply(T u, dn_deriv_fn h, void *ctx)        f(u) from a callback
 *   generic     dnh_add(a, b) dnh_exp(u) ... dnh_const(T, c) dnh_value(a): C11 _Generic
 *               over dnum_o2, dlane_o2, dsp_o2 (dnum/sparse_o2.h), dsph_o2
 *               (dnum/sparseh_o2.h) and dnel1_o2 .. dnel4_o2 (dnum/elem_o2.h), to write an
 *               objective once for all (see DN_OBJECTIVE_O2 and DN_ELEMENT_O2 in
 *               dnum/hessian.h); overloads in C++
 *   old names   the names of dnum 0.2 are deprecated aliases of these (dnum/deprecated_o2.h,
 *               until 0.4; not with DN_NO_DEPRECATED)
 *
 * Function reference (P is dlane_o2_):
 *   P##const(c)          passive number with value c.
 *   P##var(x, l)         active number with value x, g = e_l, h = 0 (l < DN_LANES; a
 *                        larger l gives the value x with all lanes zero).
 *   P##seed(x, s)        active number with value x, g[l] = s[l], h = 0 (s has DN_LANES
 *                        entries): lane l then follows the direction whose component
 *                        along this variable is s[l].
 *   P##value(a)          a.v.
 *   P##grad(a, l), P##hess(a, l)   first / second derivative along lane l; 0 for a
 *                        passive number; NaN for l >= DN_LANES.
 *   P##add/sub/mul/div(a, b), P##neg(a)   the sum, difference, product, quotient,
 *                        negation, with the value computed once for all lanes.
 *   P##add_d/sub_d/mul_d/div_d(a, c), P##d_sub/d_div(c, a)   with a double c.
 *   P##exp ... P##erfc, P##abs (u)   f(u): one libm evaluation of f (and of what f' and
 *                        f'' need), then f' and f'' applied to every lane.
 *                        abs at 0: value 0, NaN derivatives (as dnum_oN_abs).
 *   P##pow_d(u, p)       u^p for a constant p (p = 0, 1 give exact zero derivatives
 *                        above the formula's order); P##pown(u, m) is pow_d(u, m).
 *   P##pow(a, b)         exp(b log a) with value pow(a, b); needs a > 0.
 *   P##atan2(y, x), P##hypot(a, b)   two-argument functions by the bivariate
 *                        second-order chain rule.
 *   P##sincos(u, &s, &c), P##sinhcosh(u, &s, &c)   both results, one libm pair.
 *   P##chain(u, f0, f1, f2)   the second-order chain rule for your own function f
 *                        with f(u.v) = f0, f'(u.v) = f1, f''(u.v) = f2: g = f1 g_u,
 *                        h = f1 h_u + f2 g_u^2. A NaN f0 makes the derivatives NaN.
 *   P##apply(u, h, ctx)  P##chain with f0, f1, f2 = h(u.v, 0..2, ctx); calls h
 *                        only once (k = 0) when u is passive.
 */
#ifndef DNUM_LANES_O2_H
#define DNUM_LANES_O2_H

#include <math.h>
#include "dnum/fixed.h"
#include "dnum/internal/chain2.h"
#include "dnum/sparseh_o2.h"
#include "dnum/plan_o2.h"
#include "dnum/tape_o2.h"
#include "dnum/elem_o2.h"

/** Number of lanes (seeded directions) of a dlane_o2; fixed (part of the ABI). Measured on
 *  W3 and a dense logistic objective (gcc 12 and clang 14, -O3): 4 lanes keep a dlane_o2 small
 *  enough for the compiler to hold in registers; at 8, gcc spills every operation through
 *  the stack and the dense objective runs 30x slower (docs/hessian.md). */
#define DN_LANES 4

/** Value, activity flag, and DN_LANES first and second directional derivatives. */
typedef struct dlane_o2 {
    double v;           /* value, shared by every lane */
    int act;            /* nonzero: g and h are defined; zero: passive constant */
    double g[DN_LANES]; /* first derivative along lane l */
    double h[DN_LANES]; /* second derivative along lane l */
} dlane_o2;

#ifndef DLANE_O2_DECL
#if defined(DLANE2_DECL) && !defined(DNI_DLANE2_DECL_ALIAS)
#define DLANE_O2_DECL DLANE2_DECL /* (a program's own, old name) */
#elif defined(__GNUC__) || defined(__clang__)
#define DLANE_O2_DECL static inline __attribute__((unused))
#else
#define DLANE_O2_DECL static inline
#endif
#endif

/* the lane loops are unrolled completely so the compiler can keep a dlane_o2 in registers */
#if defined(__GNUC__) && !defined(__clang__)
#define DNI_DL2_FOR(l)                                                                     \
    _Pragma("GCC unroll 4")                                                                \
    for (unsigned l = 0; l < DN_LANES; l++)
#else
#define DNI_DL2_FOR(l) for (unsigned l = 0; l < DN_LANES; l++)
#endif

/* ---- construction and inspection --------------------------------------------------- */

DLANE_O2_DECL dlane_o2 dlane_o2_const(double c)
{
    dlane_o2 r;
    r.v = c;
    r.act = 0;
    DNI_DL2_FOR(l) r.g[l] = r.h[l] = 0.0; /* never read; keeps copies fully defined */
    return r;
}

/* passive result of an operation. Its lanes are never read; they are zeroed so that no
 * copy reads an indeterminate value (free once the compiler keeps the number in registers) */
DLANE_O2_DECL dlane_o2 dni_dl2_val(double v)
{
    dlane_o2 r;
    r.v = v;
    r.act = 0;
    DNI_DL2_FOR(l) r.g[l] = r.h[l] = 0.0;
    return r;
}

DLANE_O2_DECL dlane_o2 dlane_o2_var(double x, unsigned lane)
{
    dlane_o2 r;
    r.v = x;
    r.act = 1;
    DNI_DL2_FOR(l) {
        r.g[l] = (l == lane) ? 1.0 : 0.0;
        r.h[l] = 0.0;
    }
    return r;
}

DLANE_O2_DECL dlane_o2 dlane_o2_seed(double x, const double *s)
{
    dlane_o2 r;
    r.v = x;
    r.act = 1;
    DNI_DL2_FOR(l) {
        r.g[l] = s[l];
        r.h[l] = 0.0;
    }
    return r;
}

DLANE_O2_DECL double dlane_o2_value(dlane_o2 a)
{
    return a.v;
}
DLANE_O2_DECL double dlane_o2_grad(dlane_o2 a, unsigned l)
{
    return l >= DN_LANES ? NAN : a.act ? a.g[l] : 0.0;
}
DLANE_O2_DECL double dlane_o2_hess(dlane_o2 a, unsigned l)
{
    return l >= DN_LANES ? NAN : a.act ? a.h[l] : 0.0;
}

/* ---- arithmetic ---------------------------------------------------------------------- */

DLANE_O2_DECL dlane_o2 dlane_o2_add(dlane_o2 a, dlane_o2 b)
{
    dlane_o2 r;
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

DLANE_O2_DECL dlane_o2 dlane_o2_neg(dlane_o2 a)
{
    if (!a.act) return dni_dl2_val(-a.v);
    a.v = -a.v;
    DNI_DL2_FOR(l) {
        a.g[l] = -a.g[l];
        a.h[l] = -a.h[l];
    }
    return a;
}

DLANE_O2_DECL dlane_o2 dlane_o2_sub(dlane_o2 a, dlane_o2 b)
{
    dlane_o2 r;
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
        b = dlane_o2_neg(b);
        b.v = r.v;
        return b;
    }
    return dni_dl2_val(r.v);
}

DLANE_O2_DECL dlane_o2 dlane_o2_add_d(dlane_o2 a, double c)
{
    a.v += c;
    return a;
}

DLANE_O2_DECL dlane_o2 dlane_o2_sub_d(dlane_o2 a, double c)
{
    a.v -= c;
    return a;
}

DLANE_O2_DECL dlane_o2 dlane_o2_d_sub(double c, dlane_o2 a)
{
    dlane_o2 r = dlane_o2_neg(a);
    r.v = c - a.v;
    return r;
}

DLANE_O2_DECL dlane_o2 dlane_o2_mul_d(dlane_o2 a, double c)
{
    if (!a.act) return dni_dl2_val(a.v * c);
    a.v *= c;
    DNI_DL2_FOR(l) {
        a.g[l] *= c;
        a.h[l] *= c;
    }
    return a;
}

DLANE_O2_DECL dlane_o2 dlane_o2_div_d(dlane_o2 a, double c)
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

DLANE_O2_DECL dlane_o2 dlane_o2_mul(dlane_o2 a, dlane_o2 b)
{
    dlane_o2 r;
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
DLANE_O2_DECL dlane_o2 dlane_o2_div(dlane_o2 a, dlane_o2 b)
{
    dlane_o2 r;
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

DLANE_O2_DECL dlane_o2 dlane_o2_d_div(double c, dlane_o2 a)
{
    return dlane_o2_div(dni_dl2_val(c), a);
}

/* ---- chain rule ---------------------------------------------------------------------- */

DLANE_O2_DECL dlane_o2 dlane_o2_chain(dlane_o2 u, double f0, double f1, double f2)
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
DLANE_O2_DECL dlane_o2 dni_dl2_chain2(dlane_o2 a, dlane_o2 b, double f0, double fa,
                                      double fb, double faa, double fab, double fbb)
{
    if (!a.act && !b.act) return dni_dl2_val(f0);
    if (f0 != f0) fa = fb = faa = fab = fbb = f0;
    dlane_o2 r;
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

DLANE_O2_DECL dlane_o2 dlane_o2_apply(dlane_o2 u, dn_deriv_fn h, void *ctx)
{
    if (!u.act) return dni_dl2_val(h(u.v, 0, ctx));
    return dlane_o2_chain(u, h(u.v, 0, ctx), h(u.v, 1, ctx), h(u.v, 2, ctx));
}

/* ---- elementary functions: f0 always, f1 and f2 only for active arguments -------------- */

#define DNI_DL2_UN(A, name, F0, F1F2)                                                      \
    DLANE_O2_DECL dlane_o2 dlane_o2_##name(dlane_o2 u)                                     \
    {                                                                                      \
        double x = u.v, f0 = (F0), f1, f2;                                                 \
        if (!u.act) return dni_dl2_val(f0);                                                \
        F1F2;                                                                              \
        return dlane_o2_chain(u, f0, f1, f2);                                              \
    }

DNI2_UNARY_TABLE(DNI_DL2_UN, _)

DLANE_O2_DECL dlane_o2 dlane_o2_pow_d(dlane_o2 u, double p)
{
    double f0, f1, f2;
    if (!u.act) return dni_dl2_val(pow(u.v, p));
    dni_dnc2_pow_d(u.v, p, &f0, &f1, &f2);
    return dlane_o2_chain(u, f0, f1, f2);
}

DLANE_O2_DECL dlane_o2 dlane_o2_pown(dlane_o2 u, long m)
{
    return dlane_o2_pow_d(u, (double)m);
}

DLANE_O2_DECL dlane_o2 dlane_o2_pow(dlane_o2 a, dlane_o2 b)
{
    dlane_o2 r = dlane_o2_exp(dlane_o2_mul(b, dlane_o2_log(a)));
    r.v = pow(a.v, b.v);
    return r;
}

DLANE_O2_DECL dlane_o2 dlane_o2_atan2(dlane_o2 y, dlane_o2 x)
{
    if (!y.act && !x.act) return dni_dl2_val(atan2(y.v, x.v));
    double p[5], f0 = dni_dnc2_atan2(y.v, x.v, p);
    return dni_dl2_chain2(y, x, f0, p[0], p[1], p[2], p[3], p[4]);
}

DLANE_O2_DECL dlane_o2 dlane_o2_hypot(dlane_o2 a, dlane_o2 b)
{
    if (!a.act && !b.act) return dni_dl2_val(hypot(a.v, b.v));
    double p[5], f0 = dni_dnc2_hypot(a.v, b.v, p);
    return dni_dl2_chain2(a, b, f0, p[0], p[1], p[2], p[3], p[4]);
}

DLANE_O2_DECL void dlane_o2_sincos(dlane_o2 u, dlane_o2 *s, dlane_o2 *c)
{
    double sn = sin(u.v), cs = cos(u.v);
    dlane_o2 rs = dlane_o2_chain(u, sn, cs, -sn), rc = dlane_o2_chain(u, cs, -sn, -cs);
    *s = rs;
    *c = rc;
}

DLANE_O2_DECL void dlane_o2_sinhcosh(dlane_o2 u, dlane_o2 *s, dlane_o2 *c)
{
    double sh = sinh(u.v), ch = cosh(u.v);
    dlane_o2 rs = dlane_o2_chain(u, sh, ch, sh), rc = dlane_o2_chain(u, ch, sh, ch);
    *s = rs;
    *c = rc;
}

/* ---- C11 _Generic front over dnum_o2, dlane_o2, dsp_o2, dsph_o2 and dnel1_o2..dnel4_o2 ----------------- */

DLANE_O2_DECL double dni_dnh_o2_value(dnum_o2 a)
{
    return a.d[0];
}

#ifndef __cplusplus
/* clang-format off */
#define DNI_DNH_GEN(f, a)                                                                  \
    _Generic((a), dnum_o2 : dnum_o2_##f, dlane_o2 : dlane_o2_##f, dsp_o2 : dsp_o2_##f,     \
             dsph_o2 : dsph_o2_##f, dpl2_o2 : dpl2_o2_##f, dpl4_o2 : dpl4_o2_##f,          \
             dtp_o2 : dtp_o2_##f, dnel1_o2 : dnel1_o2_##f, dnel2_o2 : dnel2_o2_##f, dnel3_o2 : dnel3_o2_##f,    \
             dnel4_o2 : dnel4_o2_##f)

/* dnh_f(a, ...) calls dnum_o2_f, dlane_o2_f, dsp_o2_f, dsph_o2_f or dnelK_o2_f by the type
 * of a. dnh_const(T, c) builds a constant of type T; dnh_value(a) is the value. */
#define dnh_const(T, c)                                                                    \
    _Generic((T){0}, dnum_o2 : dnum_o2_const, dlane_o2 : dlane_o2_const,                   \
             dsp_o2 : dsp_o2_const, dsph_o2 : dsph_o2_const, dpl2_o2 : dpl2_o2_const,      \
             dpl4_o2 : dpl4_o2_const, dtp_o2 : dtp_o2_const, dnel1_o2 : dnel1_o2_const,                           \
             dnel2_o2 : dnel2_o2_const, dnel3_o2 : dnel3_o2_const,                         \
             dnel4_o2 : dnel4_o2_const)(c)
#define dnh_value(a)                                                                       \
    _Generic((a), dnum_o2 : dni_dnh_o2_value, dlane_o2 : dlane_o2_value,                   \
             dsp_o2 : dsp_o2_value, dsph_o2 : dsph_o2_value, dpl2_o2 : dpl2_o2_value,      \
             dpl4_o2 : dpl4_o2_value, dtp_o2 : dtp_o2_value, dnel1_o2 : dnel1_o2_value,                           \
             dnel2_o2 : dnel2_o2_value, dnel3_o2 : dnel3_o2_value,                         \
             dnel4_o2 : dnel4_o2_value)(a)
/* clang-format on */
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

#else /* C++: the same dnh_* names as overloads, so DN_OBJECTIVE_O2 bodies compile as C++ */
/* clang-format off */
#define DNI_DNH_UN(T, f) static inline T dnh_##f(T u) { return T##_##f(u); }
#define DNI_DNH_BIN(T, f) static inline T dnh_##f(T a, T b) { return T##_##f(a, b); }
#define DNI_DNH_BIN_D(T, f) static inline T dnh_##f(T a, double c) { return T##_##f(a, c); }
#define DNI_DNH_D_BIN(T, f) static inline T dnh_##f(double c, T a) { return T##_##f(c, a); }
#define DNI_DNH_PAIR(T, f) static inline void dnh_##f(T u, T *s, T *c) { T##_##f(u, s, c); }
/* the rows of the operation table: the elementary ones here, the special ones in
 * dnum/special_o2.h */
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
    static inline T dnh_apply(T u, dn_deriv_fn h, void *ctx)                               \
    {                                                                                      \
        return T##_apply(u, h, ctx);                                                       \
    }                                                                                      \
    template <> inline T dni_dnh_const<T>(double c) { return T##_const(c); }
template <class T> T dni_dnh_const(double c);
DNI_DNH_ALL(dnum_o2)
DNI_DNH_ALL(dlane_o2)
DNI_DNH_ALL(dsp_o2)
DNI_DNH_ALL(dsph_o2)
DNI_DNH_ALL(dpl2_o2)
DNI_DNH_ALL(dpl4_o2)
DNI_DNH_ALL(dtp_o2)
DNI_DNH_ALL(dnel1_o2)
DNI_DNH_ALL(dnel2_o2)
DNI_DNH_ALL(dnel3_o2)
DNI_DNH_ALL(dnel4_o2)
static inline double dnh_value(dnum_o2 a) { return dni_dnh_o2_value(a); }
static inline double dnh_value(dlane_o2 a) { return dlane_o2_value(a); }
static inline double dnh_value(dsp_o2 a) { return dsp_o2_value(a); }
static inline double dnh_value(dsph_o2 a) { return dsph_o2_value(a); }
static inline double dnh_value(dpl2_o2 a) { return dpl2_o2_value(a); }
static inline double dnh_value(dpl4_o2 a) { return dpl4_o2_value(a); }
static inline double dnh_value(dtp_o2 a) { return dtp_o2_value(a); }
static inline double dnh_value(dnel1_o2 a) { return a.v; }
static inline double dnh_value(dnel2_o2 a) { return a.v; }
static inline double dnh_value(dnel3_o2 a) { return a.v; }
static inline double dnh_value(dnel4_o2 a) { return a.v; }
/* clang-format on */
#define dnh_const(T, c) dni_dnh_const<T>(c)
#endif /* __cplusplus */

#include "dnum/special_o2.h" /* the special functions of dlane_o2, dsp_o2, dsph_o2, dnelK_o2 */

#include "dnum/deprecated_o2.h" /* the old names, until 0.4 (errors with DN_NO_DEPRECATED) */

#endif /* DNUM_LANES_O2_H */
