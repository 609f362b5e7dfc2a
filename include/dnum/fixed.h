/* dnum/fixed.h -- fixed-order dual numbers dnum_o1 ... dnum_o32 (the Dnum family).
 *
 * A dnum_oN is a value type holding double d[N+1], d[k] = k-th derivative with respect
 * to the independent variable (d[0] is the value). Every function takes and returns
 * values, never fails and never allocates; domain errors follow libm (NaN/Inf in the
 * affected derivatives). DNUM_DEFINE(N) instantiates the same API for any other order
 * 1 <= N <= DN_TAYLOR_MAX (170) as static inline functions, and so does
 * `#define DNUM_ORDER N` followed by `#include <dnum/fixed_order.h>` (the built-in orders
 * are that header, included once per order).
 *
 * Index (replace N by the order; T is dnum_oN):
 *   construct   T dnum_oN_var(double x)          the variable at x: (x, 1, 0, ..., 0)
 *               T dnum_oN_const(double c)        a constant: (c, 0, ..., 0)
 *               T dnum_oN_from(const double *d)  from d[0..N] (derivatives)
 *   inspect     double dnum_oN_get(const T *a, unsigned k)  k-th derivative (NaN if k > N),
 *                                                           read in place (no copy)
 *               double dnum_oN_deriv(T a, unsigned k)   the same from a value
 *   arithmetic  _add _sub _mul _div (T, T); _neg (T)
 *               _add_d _sub_d _mul_d _div_d (T, double); _d_sub _d_div (double, T)
 *   apply       T dnum_oN_apply(T u, dn_deriv_fn h, void *ctx)   h(u) from h's derivatives
 *   functions   _f (T u), _f (T a, T b), _f (int m, T u) for every function f of the
 *               operation table, by its arguments (docs/functions.md: the elementary
 *               functions exp, log, sin, ..., pow, atan2, hypot and the special functions
 *               of docs/special.md)
 *               _pow_d (T, double p)   _pown (T, long m)
 *               void _sincos (T u, T *s, T *c)   void _sinhcosh (T u, T *s, T *c)
 *   generic     dn_add(a, b) dn_exp(u) ... : C11 _Generic over dnum_o1 ... dnum_o32 only
 *               (any other type, e.g. a dnum2_oN, is a compile error naming
 *               dn_generic_names_take_dnum_o1_to_dnum_o32_only)
 *
 * Function reference (each for every order N):
 *   dnum_oN_var(x)       independent variable: value x, first derivative 1, rest 0.
 *   dnum_oN_const(c)     constant c: every derivative 0.
 *   dnum_oN_from(d)      copies d[0..N] (value and derivatives) into a new number.
 *   dnum_oN_get(&a, k)   returns a.d[k]; k > N returns NaN (there is no such order).
 *                        Reads through the pointer: costs nothing in a loop. a.d[k] is
 *                        the same without the range check.
 *   dnum_oN_deriv(a, k)  as dnum_oN_get(&a, k), a taken by value. For the built-in orders
 *                        a macro over the function that reads a.d in place (no copy; a
 *                        evaluated once; (dnum_oN_deriv)(a, k) calls the function, whose
 *                        address works as before); for DNUM_DEFINE(N) orders the function.
 *   dnum_oN_add/sub/mul/div(a, b)   a+b, a-b, a*b (Leibniz product), a/b (b0 = 0 gives
 *                        Inf/NaN as floating-point division does).
 *   dnum_oN_neg(a)       -a.
 *   dnum_oN_add_d/sub_d/mul_d/div_d(a, c), dnum_oN_d_sub/d_div(c, a)   with a double
 *                        operand c: a+c, a-c, a*c, a/c, c-a, c/a. Adding a constant keeps
 *                        every derivative of a.
 *   dnum_oN_apply(u, h, ctx)   h(u) with all derivatives; h(x, k, ctx) returns h^(k)(x).
 *                        Calls h N+1 times at x = u0, then Faa di Bruno in O(N^3) flops.
 *                        A derivative whose coefficient is exactly zero is never used, so
 *                        an Inf from h only reaches orders that depend on it.
 *   dnum_oN_exp, _expm1, _log, _log1p, _sqrt, _cbrt, _sin, _cos, _tan, _asin, _acos,
 *   _atan, _sinh, _cosh, _tanh, _asinh, _acosh, _atanh, _erf, _erfc (u)
 *                        f(u) with all derivatives by an O(N^2) recurrence; the value is
 *                        libm's f(u0). Outside the domain: NaN; at a pole or branch point
 *                        (log 0, sqrt 0, asin 1, ...): the Inf/NaN libm's derivative
 *                        formula gives (sqrt(0) has first derivative +Inf).
 *                        tanh stays finite for every u0 (derivatives are exact zeros for
 *                        large |u0|).
 *   dnum_oN_abs(u)       |u|; at u0 = 0 the value is 0 and every derivative NaN.
 *   dnum_oN_pow_d(u, p)  u^p for a constant real p; integer p is computed exactly as
 *                        pown; u0 < 0 with non-integer p gives NaN; u0 = 0 gives 0 for
 *                        orders below p and Inf/NaN above.
 *   dnum_oN_pown(u, m)   u^m for an integer m by binary powering: exact at u0 = 0 and for
 *                        negative u0; m < 0 divides once (u0 = 0 then gives Inf).
 *   dnum_oN_pow(a, b)    a^b with both dual: exp(b log a), value pow(a0, b0); needs
 *                        a0 > 0 (else NaN derivatives).
 *   dnum_oN_atan2(y, x)  atan2 in C's argument order; (0, 0) gives NaN derivatives.
 *   dnum_oN_hypot(a, b)  sqrt(a^2 + b^2) without overflow in the value.
 *   dnum_oN_sincos(u, &s, &c), dnum_oN_sinhcosh(u, &s, &c)   both results from one
 *                        recurrence (half the cost of two calls).
 *   special functions    (docs/functions.md): the value is libm's
 *                        (or this library's to a few ulp where libm has none), every
 *                        derivative by a recurrence or a composition; domains, poles
 *                        (one-sided limit from the right), jumps and ties (NaN
 *                        derivatives) and costs are listed in docs/special.md.
 */
#ifndef DNUM_FIXED_H
#define DNUM_FIXED_H

#include "dnum/internal/extern.h"
#define DNI_KERNEL_HEADER "dnum/internal/kernel.h"
#include "dnum/internal/kernel_cxx.h" /* the kernels, in C and C++ */
#include "dnum/internal/define_macros.h"

/* Linkage of the fixed-order functions: static inline in user code; src/inlines.c
 * redefines it to emit linkable copies of dnum_o1 ... dnum_o32 in the library. */
#ifndef DNUM_FIXED_DECL
#if defined(__GNUC__) || defined(__clang__)
/* unused: DNUM_DEFINE(N) in a .c file must not warn about the functions it does not use */
#define DNUM_FIXED_DECL static inline __attribute__((unused))
#else
#define DNUM_FIXED_DECL static inline
#endif
#endif

/* The kernel with scratch that the fixed-order functions call: the inline one here;
 * src/inlines.c, which emits the library's linkable copies, calls one compiled copy of
 * each instead. */
#ifndef DNI_DNUM_KW
#define DNI_DNUM_KW(f) dni_##f##_w
#endif

/* the type dnum_oN and its function dnum_oN_f, N expanded first (the helpers below and
 * dnum/fixed_order.h pass DNUM_ORDER) */
#define DNI_DNUM_CAT_(a, b) a##b
#define DNI_DNUM_CAT(a, b) DNI_DNUM_CAT_(a, b)
#define DNI_DNUM_TY(N) DNI_DNUM_CAT(dnum_o, N)
#define DNI_DNUM_NM(N, f) DNI_DNUM_CAT(DNI_DNUM_TY(N), _##f)
#define DNI_DNUM_UN(N, f)                                                                  \
    DNUM_FIXED_DECL DNI_DNUM_TY(N) DNI_DNUM_NM(N, f)(DNI_DNUM_TY(N) u)                     \
    {                                                                                      \
        DNI_DNUM_TY(N) r;                                                                  \
        dni_##f(r.d, u.d, N);                                                              \
        return r;                                                                          \
    }
#define DNI_DNUM_BIN(N, f)                                                                 \
    DNUM_FIXED_DECL DNI_DNUM_TY(N) DNI_DNUM_NM(N, f)(DNI_DNUM_TY(N) a, DNI_DNUM_TY(N) b)   \
    {                                                                                      \
        DNI_DNUM_TY(N) r;                                                                  \
        dni_##f(r.d, a.d, b.d, N);                                                         \
        return r;                                                                          \
    }
/* the kernels with scratch (kernel.h): fixed-size local arrays, DNI_W_f(N) doubles and
 * for the extended-precision kernels DNI_WW_f(N) wide numbers */
#define DNI_DNUM_UNW(N, f)                                                                 \
    DNUM_FIXED_DECL DNI_DNUM_TY(N) DNI_DNUM_NM(N, f)(DNI_DNUM_TY(N) u)                     \
    {                                                                                      \
        DNI_DNUM_TY(N) r;                                                                  \
        double ws[DNI_W_##f(N)];                                                           \
        DNI_DNUM_KW(f)(r.d, u.d, N, ws);                                                   \
        return r;                                                                          \
    }
#define DNI_DNUM_UNWW(N, f)                                                                \
    DNUM_FIXED_DECL DNI_DNUM_TY(N) DNI_DNUM_NM(N, f)(DNI_DNUM_TY(N) u)                     \
    {                                                                                      \
        DNI_DNUM_TY(N) r;                                                                  \
        double ws[DNI_W_##f(N)];                                                           \
        dni_wide ww[DNI_WW_##f(N)];                                                        \
        DNI_DNUM_KW(f)(r.d, u.d, N, ws, ww);                                               \
        return r;                                                                          \
    }
#define DNI_DNUM_BINW(N, f)                                                                \
    DNUM_FIXED_DECL DNI_DNUM_TY(N) DNI_DNUM_NM(N, f)(DNI_DNUM_TY(N) a, DNI_DNUM_TY(N) b)   \
    {                                                                                      \
        DNI_DNUM_TY(N) r;                                                                  \
        double ws[DNI_W_##f(N)];                                                           \
        DNI_DNUM_KW(f)(r.d, a.d, b.d, N, ws);                                              \
        return r;                                                                          \
    }
#define DNI_DNUM_BINWW(N, f)                                                               \
    DNUM_FIXED_DECL DNI_DNUM_TY(N) DNI_DNUM_NM(N, f)(DNI_DNUM_TY(N) a, DNI_DNUM_TY(N) b)   \
    {                                                                                      \
        DNI_DNUM_TY(N) r;                                                                  \
        double ws[DNI_W_##f(N)];                                                           \
        dni_wide ww[DNI_WW_##f(N)];                                                        \
        DNI_DNUM_KW(f)(r.d, a.d, b.d, N, ws, ww);                                          \
        return r;                                                                          \
    }
#define DNI_DNUM_BIN_D(N, f, expr)                                                         \
    DNUM_FIXED_DECL DNI_DNUM_TY(N) DNI_DNUM_NM(N, f)(DNI_DNUM_TY(N) a, double c)           \
    {                                                                                      \
        DNI_DNUM_TY(N) r;                                                                  \
        expr;                                                                              \
        return r;                                                                          \
    }
#define DNI_DNUM_INT(N, f)                                                                 \
    DNUM_FIXED_DECL DNI_DNUM_TY(N) DNI_DNUM_NM(N, f)(int m, DNI_DNUM_TY(N) u)              \
    {                                                                                      \
        DNI_DNUM_TY(N) r;                                                                  \
        double ws[DNI_W_##f(N)];                                                           \
        DNI_DNUM_KW(f)(r.d, u.d, m, N, ws);                                                \
        return r;                                                                          \
    }
#define DNI_DNUM_PAIR(N, f)                                                                \
    DNUM_FIXED_DECL void DNI_DNUM_NM(N, f)(DNI_DNUM_TY(N) u, DNI_DNUM_TY(N) *s,            \
                                           DNI_DNUM_TY(N) *c)                              \
    {                                                                                      \
        DNI_DNUM_TY(N) rs, rc;                                                             \
        double ws[DNI_W_##f(N)];                                                           \
        DNI_DNUM_KW(f)(rs.d, rc.d, u.d, N, ws);                                            \
        *s = rs;                                                                           \
        *c = rc;                                                                           \
    }

/* the functions of the operation table (dnum/internal/ops.h), by the shape of the kernel */
#define DNI_DNUM_FN1(N, f, OP, shape, ...) DNI_DNUM_FN1_##shape(N, f)
#define DNI_DNUM_FN1_DNI_NOWS DNI_DNUM_UN
#define DNI_DNUM_FN1_DNI_WS DNI_DNUM_UNW
#define DNI_DNUM_FN1_DNI_WSW DNI_DNUM_UNWW
#define DNI_DNUM_FN2(N, f, OP, shape, ...) DNI_DNUM_FN2_##shape(N, f)
#define DNI_DNUM_FN2_DNI_WS DNI_DNUM_BINW
#define DNI_DNUM_FN2_DNI_WSW DNI_DNUM_BINWW
#define DNI_DNUM_FNI(N, f, ...) DNI_DNUM_INT(N, f)

/** Instantiates the type dnum_oN and its whole API for order N (a decimal literal): the body
 *  of dnum/fixed_order.h as one macro (dnum/internal/define_macros.h, generated). */
#define DNUM_DEFINE(N) DNI_DNUM_DEFINE(N)

/* The built-in orders: dnum/fixed_order.h once per order (the orders of
 * DNI_DNUM_FOR_EACH_ORDER, dnum/internal/extern.h). */
#define DNUM_ORDER 1
#include "dnum/fixed_order.h"
#define DNUM_ORDER 2
#include "dnum/fixed_order.h"
#define DNUM_ORDER 3
#include "dnum/fixed_order.h"
#define DNUM_ORDER 4
#include "dnum/fixed_order.h"
#define DNUM_ORDER 5
#include "dnum/fixed_order.h"
#define DNUM_ORDER 6
#include "dnum/fixed_order.h"
#define DNUM_ORDER 7
#include "dnum/fixed_order.h"
#define DNUM_ORDER 8
#include "dnum/fixed_order.h"
#define DNUM_ORDER 9
#include "dnum/fixed_order.h"
#define DNUM_ORDER 10
#include "dnum/fixed_order.h"
#define DNUM_ORDER 11
#include "dnum/fixed_order.h"
#define DNUM_ORDER 12
#include "dnum/fixed_order.h"
#define DNUM_ORDER 13
#include "dnum/fixed_order.h"
#define DNUM_ORDER 14
#include "dnum/fixed_order.h"
#define DNUM_ORDER 15
#include "dnum/fixed_order.h"
#define DNUM_ORDER 16
#include "dnum/fixed_order.h"
#define DNUM_ORDER 17
#include "dnum/fixed_order.h"
#define DNUM_ORDER 18
#include "dnum/fixed_order.h"
#define DNUM_ORDER 19
#include "dnum/fixed_order.h"
#define DNUM_ORDER 20
#include "dnum/fixed_order.h"
#define DNUM_ORDER 21
#include "dnum/fixed_order.h"
#define DNUM_ORDER 22
#include "dnum/fixed_order.h"
#define DNUM_ORDER 23
#include "dnum/fixed_order.h"
#define DNUM_ORDER 24
#include "dnum/fixed_order.h"
#define DNUM_ORDER 25
#include "dnum/fixed_order.h"
#define DNUM_ORDER 26
#include "dnum/fixed_order.h"
#define DNUM_ORDER 27
#include "dnum/fixed_order.h"
#define DNUM_ORDER 28
#include "dnum/fixed_order.h"
#define DNUM_ORDER 29
#include "dnum/fixed_order.h"
#define DNUM_ORDER 30
#include "dnum/fixed_order.h"
#define DNUM_ORDER 31
#include "dnum/fixed_order.h"
#define DNUM_ORDER 32
#include "dnum/fixed_order.h"

/* dnum_oN_deriv(a, k) of the built-in orders is dnum_oN_get on a itself (DNI_DNUM_IN_PLACE,
 * dnum/internal/extern.h): a function-like macro over the function of the same name, which stays
 * (its address, (dnum_oN_deriv)(a, k), the library's linkable copy). The function takes
 * the number by value, and the compiler copies all N + 1 doubles for a call that indexes
 * it with a variable k. a is evaluated once, also an rvalue (a call's result); an
 * argument of another type is a compile error, as for the function. */
#define dnum_o1_deriv(a, k) dnum_o1_get(DNI_DNUM_IN_PLACE(dnum_o1, a), (k))
#define dnum_o2_deriv(a, k) dnum_o2_get(DNI_DNUM_IN_PLACE(dnum_o2, a), (k))
#define dnum_o3_deriv(a, k) dnum_o3_get(DNI_DNUM_IN_PLACE(dnum_o3, a), (k))
#define dnum_o4_deriv(a, k) dnum_o4_get(DNI_DNUM_IN_PLACE(dnum_o4, a), (k))
#define dnum_o5_deriv(a, k) dnum_o5_get(DNI_DNUM_IN_PLACE(dnum_o5, a), (k))
#define dnum_o6_deriv(a, k) dnum_o6_get(DNI_DNUM_IN_PLACE(dnum_o6, a), (k))
#define dnum_o7_deriv(a, k) dnum_o7_get(DNI_DNUM_IN_PLACE(dnum_o7, a), (k))
#define dnum_o8_deriv(a, k) dnum_o8_get(DNI_DNUM_IN_PLACE(dnum_o8, a), (k))
#define dnum_o9_deriv(a, k) dnum_o9_get(DNI_DNUM_IN_PLACE(dnum_o9, a), (k))
#define dnum_o10_deriv(a, k) dnum_o10_get(DNI_DNUM_IN_PLACE(dnum_o10, a), (k))
#define dnum_o11_deriv(a, k) dnum_o11_get(DNI_DNUM_IN_PLACE(dnum_o11, a), (k))
#define dnum_o12_deriv(a, k) dnum_o12_get(DNI_DNUM_IN_PLACE(dnum_o12, a), (k))
#define dnum_o13_deriv(a, k) dnum_o13_get(DNI_DNUM_IN_PLACE(dnum_o13, a), (k))
#define dnum_o14_deriv(a, k) dnum_o14_get(DNI_DNUM_IN_PLACE(dnum_o14, a), (k))
#define dnum_o15_deriv(a, k) dnum_o15_get(DNI_DNUM_IN_PLACE(dnum_o15, a), (k))
#define dnum_o16_deriv(a, k) dnum_o16_get(DNI_DNUM_IN_PLACE(dnum_o16, a), (k))
#define dnum_o17_deriv(a, k) dnum_o17_get(DNI_DNUM_IN_PLACE(dnum_o17, a), (k))
#define dnum_o18_deriv(a, k) dnum_o18_get(DNI_DNUM_IN_PLACE(dnum_o18, a), (k))
#define dnum_o19_deriv(a, k) dnum_o19_get(DNI_DNUM_IN_PLACE(dnum_o19, a), (k))
#define dnum_o20_deriv(a, k) dnum_o20_get(DNI_DNUM_IN_PLACE(dnum_o20, a), (k))
#define dnum_o21_deriv(a, k) dnum_o21_get(DNI_DNUM_IN_PLACE(dnum_o21, a), (k))
#define dnum_o22_deriv(a, k) dnum_o22_get(DNI_DNUM_IN_PLACE(dnum_o22, a), (k))
#define dnum_o23_deriv(a, k) dnum_o23_get(DNI_DNUM_IN_PLACE(dnum_o23, a), (k))
#define dnum_o24_deriv(a, k) dnum_o24_get(DNI_DNUM_IN_PLACE(dnum_o24, a), (k))
#define dnum_o25_deriv(a, k) dnum_o25_get(DNI_DNUM_IN_PLACE(dnum_o25, a), (k))
#define dnum_o26_deriv(a, k) dnum_o26_get(DNI_DNUM_IN_PLACE(dnum_o26, a), (k))
#define dnum_o27_deriv(a, k) dnum_o27_get(DNI_DNUM_IN_PLACE(dnum_o27, a), (k))
#define dnum_o28_deriv(a, k) dnum_o28_get(DNI_DNUM_IN_PLACE(dnum_o28, a), (k))
#define dnum_o29_deriv(a, k) dnum_o29_get(DNI_DNUM_IN_PLACE(dnum_o29, a), (k))
#define dnum_o30_deriv(a, k) dnum_o30_get(DNI_DNUM_IN_PLACE(dnum_o30, a), (k))
#define dnum_o31_deriv(a, k) dnum_o31_get(DNI_DNUM_IN_PLACE(dnum_o31, a), (k))
#define dnum_o32_deriv(a, k) dnum_o32_get(DNI_DNUM_IN_PLACE(dnum_o32, a), (k))

#ifndef __cplusplus /* C++: overloads in dnum/dnum.hpp */
/* ---- C11 _Generic front over the built-in orders ---------------------------------- */
#define DNI_GCASE(N, f) , dnum_o##N : dnum_o##N##_##f
/* Any other argument type (a dnum2_oN, a dvec pointer, a double) selects this object,
 * which is not a function: the compiler's error then names the rule (gcc: "called object
 * 'dn_generic_names_take_dnum_o1_to_dnum_o32_only' is not a function", clang: "called
 * object type 'const struct dn_generic_names_take_dnum_o1_to_dnum_o32_only'") instead of
 * _Generic's "not compatible with any association". Never defined, never referenced in
 * a valid program. */
extern const struct dn_generic_names_take_dnum_o1_to_dnum_o32_only
    dn_generic_names_take_dnum_o1_to_dnum_o32_only;
/* clang-format off */
#define DNI_GEN(f, a)                                                                      \
    _Generic((a), dnum_o1 : dnum_o1_##f DNI_GCASE(2, f) DNI_GCASE(3, f) DNI_GCASE(4, f)    \
             DNI_GCASE(5, f) DNI_GCASE(6, f) DNI_GCASE(7, f) DNI_GCASE(8, f)               \
             DNI_GCASE(9, f) DNI_GCASE(10, f) DNI_GCASE(11, f) DNI_GCASE(12, f)            \
             DNI_GCASE(13, f) DNI_GCASE(14, f) DNI_GCASE(15, f) DNI_GCASE(16, f)           \
             DNI_GCASE(17, f) DNI_GCASE(18, f) DNI_GCASE(19, f) DNI_GCASE(20, f)           \
             DNI_GCASE(21, f) DNI_GCASE(22, f) DNI_GCASE(23, f) DNI_GCASE(24, f)           \
             DNI_GCASE(25, f) DNI_GCASE(26, f) DNI_GCASE(27, f) DNI_GCASE(28, f)           \
             DNI_GCASE(29, f) DNI_GCASE(30, f) DNI_GCASE(31, f) DNI_GCASE(32, f),          \
             default : dn_generic_names_take_dnum_o1_to_dnum_o32_only)
/* clang-format on */

/* Type-generic names: dn_f(a, ...) calls dnum_oN_f for the order of a. */
/* dn_deriv reads in place as dnum_oN_deriv does: dnum_oN_get on a's array, a pointer to
 * a itself */
#define dn_deriv(a, k) DNI_GEN(get, a)((const void *)(a).d, (k))
#define dn_add(a, b) DNI_GEN(add, a)(a, b)
#define dn_sub(a, b) DNI_GEN(sub, a)(a, b)
#define dn_mul(a, b) DNI_GEN(mul, a)(a, b)
#define dn_div(a, b) DNI_GEN(div, a)(a, b)
#define dn_neg(a) DNI_GEN(neg, a)(a)
#define dn_add_d(a, c) DNI_GEN(add_d, a)(a, c)
#define dn_sub_d(a, c) DNI_GEN(sub_d, a)(a, c)
#define dn_mul_d(a, c) DNI_GEN(mul_d, a)(a, c)
#define dn_div_d(a, c) DNI_GEN(div_d, a)(a, c)
#define dn_d_sub(c, a) DNI_GEN(d_sub, a)(c, a)
#define dn_d_div(c, a) DNI_GEN(d_div, a)(c, a)
#define dn_apply(u, h, ctx) DNI_GEN(apply, u)(u, h, ctx)
#define dn_pow_d(u, p) DNI_GEN(pow_d, u)(u, p)
#define dn_pown(u, m) DNI_GEN(pown, u)(u, m)
#define dn_sincos(u, s, c) DNI_GEN(sincos, u)(u, s, c)
#define dn_sinhcosh(u, s, c) DNI_GEN(sinhcosh, u)(u, s, c)
/* and dn_f(u), dn_f(a, b), dn_f(m, u) for every function f of the operation table */
#define DNI_WANT_GENERIC_DN 1
#include "dnum/internal/generic_names.h"

#endif /* C */

#endif /* DNUM_FIXED_H */
