/* dnum/dnum2.h -- bivariate dual numbers dnum2_o1 ... dnum2_o16 (the Dnum2 family).
 *
 * A dnum2_oN is a value type holding the triangle of every mixed partial
 * d^(i+j) f / dx^i dy^j with total order i + j <= N: double d[(N+1)(N+2)/2], stored by
 * total order, then by decreasing i (the order of the CLI's CSV columns):
 *     d[0] = f, d[1] = f_x, d[2] = f_y, d[3] = f_xx, d[4] = f_xy, d[5] = f_yy, d[6] = f_xxx, ...
 *     DNUM2_INDEX(i, j) = s (s + 1) / 2 + j  with s = i + j;   DNUM2_SIZE(N) = (N+1)(N+2)/2
 * Every function takes and returns values, never fails and never allocates; domain errors
 * follow libm (NaN/Inf in the affected partials). DNUM2_DEFINE(N) instantiates the same API
 * for another order 1 <= N <= 64 as static inline functions, and so does
 * `#define DNUM2_ORDER N` followed by `#include <dnum/dnum2_order.h>` (the built-in orders
 * are that header, included once per order). The algorithms (the 2-D
 * Leibniz rule on derivatives for products; total-degree blocks of Taylor coefficients
 * for the functions; O(N^4) per operation) are in dnum/internal/kernel2.h and
 * docs/dnum2.md.
 *
 * Index (replace N by the order; T is dnum2_oN):
 *   layout      DNUM2_SIZE(N)  DNUM2_INDEX(i, j)
 *   construct   T dnum2_oN_varx(double x, double y)   the variable x at (x, y)
 *               T dnum2_oN_vary(double x, double y)   the variable y at (x, y)
 *               T dnum2_oN_const(double c)            a constant
 *               T dnum2_oN_from(const double *d)      from d[0..DNUM2_SIZE(N)-1]
 *   inspect     double dnum2_oN_get(const T *a, unsigned i, unsigned j)   d^(i+j)/dx^i dy^j,
 *                                                    read in place (no copy)
 *               DNUM2_AT(a, i, j)                    the same as an lvalue, unchecked
 *               double dnum2_oN_deriv(T a, unsigned i, unsigned j)   the same from a value
 *               void dnum2_oN_grad(T a, double g[2])      (f_x, f_y)
 *               void dnum2_oN_hess(T a, double H[2][2])   ((f_xx, f_xy), (f_xy, f_yy))
 *   arithmetic  _add _sub _mul _div (T, T); _neg (T)
 *               _add_d _sub_d _mul_d _div_d (T, double); _d_sub _d_div (double, T)
 *   apply       T dnum2_oN_apply(T u, dn_deriv_fn h, void *ctx)   h(u) from h's derivatives
 *   functions   _f (T u), _f (T a, T b), _f (int m, T u) for every function f of the
 *               operation table, by its arguments (docs/functions.md: the elementary
 *               functions exp, log, sin, ..., pow, atan2, hypot and the special functions
 *               of docs/special.md, with the semantics of Dnum)
 *               _pow_d (T, double p)   _pown (T, long m)
 *               void _sincos (T u, T *s, T *c)   void _sinhcosh (T u, T *s, T *c)
 *   Hessian     dnum2_objective   dnum2_o2 f(const dnum2_o2 *x, unsigned n, void *ctx)
 *               int dnum2_hessian(fx, grad, H, f, x, n, ctx, work)   (library function)
 *               int dnum2_hessian_ex(..., work, err)   the same with failure details
 *
 * Function reference (each for every order N):
 *   dnum2_oN_varx(x, y)   value x, d/dx = 1, every other partial 0 (x as a function of (x, y)).
 *   dnum2_oN_vary(x, y)   value y, d/dy = 1, every other partial 0.
 *   dnum2_oN_const(c)     constant c: every partial 0.
 *   dnum2_oN_from(d)      copies d[0 .. DNUM2_SIZE(N)-1] (layout above) into a new number.
 *   dnum2_oN_get(&a, i, j)   the partial d^(i+j)/dx^i dy^j, i.e. a.d[DNUM2_INDEX(i, j)];
 *                         NaN when i + j > N. Reads through the pointer: costs nothing in
 *                         a loop over all partials.
 *   DNUM2_AT(a, i, j)     a.d[DNUM2_INDEX(i, j)] for any order (no range check; an lvalue).
 *   dnum2_oN_deriv(a, i, j)   as dnum2_oN_get(&a, i, j), a taken by value. For the built-in
 *                         orders a macro over the function that reads a.d in place (no
 *                         copy, as fast as _get; a evaluated once; (dnum2_oN_deriv)(a, i, j)
 *                         calls the function, whose address works as before); for
 *                         DNUM2_DEFINE(N) orders the function, which may copy a per call.
 *   dnum2_oN_grad(a, g)   g[0] = f_x, g[1] = f_y.
 *   dnum2_oN_hess(a, H)   the symmetric 2x2 Hessian; NaN entries for N = 1.
 *   dnum2_oN_add/sub/mul/div(a, b)   a+b, a-b, a*b (every mixed partial of the product up
 *                         to and including total order N), a/b (b0 = 0: Inf/NaN as IEEE).
 *   dnum2_oN_neg(a)       -a.
 *   dnum2_oN_add_d/sub_d/mul_d/div_d(a, c), dnum2_oN_d_sub/d_div(c, a)   with a double c:
 *                         a+c, a-c, a*c, a/c, c-a, c/a (adding c keeps every partial of a).
 *   dnum2_oN_apply(u, h, ctx)   h(u(x, y)) with every mixed partial, where h(x, k, ctx)
 *                         returns h^(k)(x): calls h N+1 times at x = u0, then sums
 *                         h^(j)(u0)/j! (u - u0)^j (about N bivariate products, O(N^5)
 *                         flops). A zero coefficient never meets an Inf from h.
 *   dnum2_oN_exp ... _erfc (u)   f(u) with every mixed partial by the univariate O(N^2)
 *                         recurrence run on blocks (O(N^4)); value libm's f(u0); outside
 *                         the domain NaN, at poles the Inf/NaN of the derivative formula.
 *   dnum2_oN_abs(u)       |u|; at u0 = 0 value 0 and every partial NaN.
 *   dnum2_oN_pow_d(u, p)  u^p, constant p (integer p exactly as pown; u0 < 0 with
 *                         non-integer p: NaN).   dnum2_oN_pown(u, m): u^m by binary powering.
 *   dnum2_oN_pow(a, b)    a^b = exp(b log a) with value pow(a0, b0); needs a0 > 0.
 *   dnum2_oN_atan2(y, x)  atan2 in C's argument order; (0, 0) gives NaN partials.
 *   dnum2_oN_hypot(a, b)  sqrt(a^2 + b^2) without overflow in the value.
 *   dnum2_oN_sincos(u, &s, &c), dnum2_oN_sinhcosh(u, &s, &c)   both from one recurrence.
 * Aliasing: value semantics; the pointer outputs of _sincos/_sinhcosh may point to u's
 * storage but must differ from each other.
 */
#ifndef DNUM_DNUM2_H
#define DNUM_DNUM2_H

#include "dnum/internal/extern.h"
#define DNI_KERNEL_HEADER "dnum/internal/kernel2.h"
#include "dnum/internal/kernel_cxx.h" /* the kernels, in C and C++ */
#include "dnum/internal/define_macros.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Number of stored partials of a Dnum2 of total order N: (N+1)(N+2)/2. */
#define DNUM2_SIZE(N) (((N) + 1) * ((N) + 2) / 2)
/** Position of d^(i+j)/dx^i dy^j in the triangle: s(s+1)/2 + j, s = i + j. */
#define DNUM2_INDEX(i, j) (((i) + (j)) * ((i) + (j) + 1) / 2 + (j))
/** The partial d^(i+j)/dx^i dy^j of the Dnum2 a (any order), in place: an lvalue, no
 *  range check (i + j must not exceed the order). */
#define DNUM2_AT(a, i, j) ((a).d[DNUM2_INDEX(i, j)])

/* Linkage as in fixed.h: static inline in user code, linkable copies in src/inlines.c. */
#ifndef DNUM2_FIXED_DECL
#if defined(__GNUC__) || defined(__clang__)
#define DNUM2_FIXED_DECL static inline __attribute__((unused))
#else
#define DNUM2_FIXED_DECL static inline
#endif
#endif

/* The product's kernel inlined whole into dnum2_oN_mul, its order a constant: where the
 * compiler's limits kept dni2_mul out of line (gcc -O2, clang -O3), every product ran the
 * rolled loops with a run-time order, W4 at order 4 at 5x (gcc -O2) and 11x (clang) the
 * time of the C floor. */
#if defined(__GNUC__) || defined(__clang__)
#define DNI_DNUM2_FLATTEN __attribute__((flatten))
#else
#define DNI_DNUM2_FLATTEN
#endif

/* The kernel with scratch that the functions call: the inline one here; src/inlines.c
 * calls the library's one compiled copy of each instead (as fixed.h's DNI_DNUM_KW). */
#ifndef DNI_DNUM2_KW
#define DNI_DNUM2_KW(f) dni2_##f##_w
#define DNI_DNUM2_KMUL(r, a, b, n) dni2_mul(r, a, b, n) /* the product (no scratch) */
#endif

/* the type dnum2_oN and its function dnum2_oN_f, N expanded first (the helpers below and
 * dnum/dnum2_order.h pass DNUM2_ORDER) */
#define DNI_DNUM2_CAT_(a, b) a##b
#define DNI_DNUM2_CAT(a, b) DNI_DNUM2_CAT_(a, b)
#define DNI_DNUM2_TY(N) DNI_DNUM2_CAT(dnum2_o, N)
#define DNI_DNUM2_NM(N, f) DNI_DNUM2_CAT(DNI_DNUM2_TY(N), _##f)
#define DNI_DNUM2_UN(N, f)                                                                 \
    DNUM2_FIXED_DECL DNI_DNUM2_TY(N) DNI_DNUM2_NM(N, f)(DNI_DNUM2_TY(N) u)                 \
    {                                                                                      \
        DNI_DNUM2_TY(N) r;                                                                 \
        dni2_##f(r.d, u.d, N);                                                             \
        return r;                                                                          \
    }
/* a built-in function with a fixed-size scratch (see DNI2_WORK in kernel2.h) */
#define DNI_DNUM2_UNW(N, f)                                                                \
    DNUM2_FIXED_DECL DNI_DNUM2_TY(N) DNI_DNUM2_NM(N, f)(DNI_DNUM2_TY(N) u)                 \
    {                                                                                      \
        DNI_DNUM2_TY(N) r;                                                                 \
        double w[DNI2_WORK(N)];                                                            \
        DNI_DNUM2_KW(f)(r.d, u.d, N, w);                                                   \
        return r;                                                                          \
    }
#define DNI_DNUM2_BIN(N, f)                                                                \
    DNUM2_FIXED_DECL DNI_DNUM2_TY(N)                                                       \
        DNI_DNUM2_NM(N, f)(DNI_DNUM2_TY(N) a, DNI_DNUM2_TY(N) b)                           \
    {                                                                                      \
        DNI_DNUM2_TY(N) r;                                                                 \
        dni2_##f(r.d, a.d, b.d, N);                                                        \
        return r;                                                                          \
    }
#define DNI_DNUM2_BIN_D(N, f, expr)                                                        \
    DNUM2_FIXED_DECL DNI_DNUM2_TY(N) DNI_DNUM2_NM(N, f)(DNI_DNUM2_TY(N) a, double c)       \
    {                                                                                      \
        DNI_DNUM2_TY(N) r;                                                                 \
        expr;                                                                              \
        return r;                                                                          \
    }
#define DNI_DNUM2_MUL(N)                                                                   \
    DNUM2_FIXED_DECL DNI_DNUM2_FLATTEN DNI_DNUM2_TY(N)                                     \
        DNI_DNUM2_NM(N, mul)(DNI_DNUM2_TY(N) a, DNI_DNUM2_TY(N) b)                         \
    {                                                                                      \
        DNI_DNUM2_TY(N) r;                                                                 \
        DNI_DNUM2_KMUL(r.d, a.d, b.d, N);                                                  \
        return r;                                                                          \
    }
/* the quotient and the binary functions with a fixed-size scratch */
#define DNI_DNUM2_PROD(N, f)                                                               \
    DNUM2_FIXED_DECL DNI_DNUM2_TY(N)                                                       \
        DNI_DNUM2_NM(N, f)(DNI_DNUM2_TY(N) a, DNI_DNUM2_TY(N) b)                           \
    {                                                                                      \
        DNI_DNUM2_TY(N) r;                                                                 \
        double w[DNI2_WORK(N)];                                                            \
        DNI_DNUM2_KW(f)(r.d, a.d, b.d, N, w);                                              \
        return r;                                                                          \
    }
/* the special functions, with the fixed-size scratch DNI2_W_SP(N) (kernel2_special.h) */
#define DNI_DNUM2_SPW(N, f)                                                                \
    DNUM2_FIXED_DECL DNI_DNUM2_TY(N) DNI_DNUM2_NM(N, f)(DNI_DNUM2_TY(N) u)                 \
    {                                                                                      \
        DNI_DNUM2_TY(N) r;                                                                 \
        double w[DNI2_W_SP(N)];                                                            \
        DNI_DNUM2_KW(f)(r.d, u.d, N, w);                                                   \
        return r;                                                                          \
    }
#define DNI_DNUM2_SPB(N, f)                                                                \
    DNUM2_FIXED_DECL DNI_DNUM2_TY(N)                                                       \
        DNI_DNUM2_NM(N, f)(DNI_DNUM2_TY(N) a, DNI_DNUM2_TY(N) b)                           \
    {                                                                                      \
        DNI_DNUM2_TY(N) r;                                                                 \
        double w[1];                                                                       \
        DNI_DNUM2_KW(f)(r.d, a.d, b.d, N, w);                                              \
        return r;                                                                          \
    }
#define DNI_DNUM2_INT(N, f)                                                                \
    DNUM2_FIXED_DECL DNI_DNUM2_TY(N) DNI_DNUM2_NM(N, f)(int m, DNI_DNUM2_TY(N) u)          \
    {                                                                                      \
        DNI_DNUM2_TY(N) r;                                                                 \
        double w[DNI2_W_SP(N)];                                                            \
        DNI_DNUM2_KW(f)(r.d, u.d, m, N, w);                                                \
        return r;                                                                          \
    }
#define DNI_DNUM2_PAIR(N, f)                                                               \
    DNUM2_FIXED_DECL void DNI_DNUM2_NM(N, f)(DNI_DNUM2_TY(N) u, DNI_DNUM2_TY(N) *s,        \
                                             DNI_DNUM2_TY(N) *c)                           \
    {                                                                                      \
        DNI_DNUM2_TY(N) rs, rc;                                                            \
        double w[DNI2_WORK(N)];                                                            \
        DNI_DNUM2_KW(f)(rs.d, rc.d, u.d, N, w);                                            \
        *s = rs;                                                                           \
        *c = rc;                                                                           \
    }

/* the functions of the operation table (dnum/internal/ops.h): the elementary ones with
 * the scratch DNI2_WORK(N) (abs without), the special ones with DNI2_W_SP(N) */
#define DNI_DNUM2_FN1(N, f, OP, shape, ...) DNI_DNUM2_FN1_##shape(N, f)
#define DNI_DNUM2_FN1_DNI_NOWS DNI_DNUM2_UN
#define DNI_DNUM2_FN1_DNI_WS DNI_DNUM2_UNW
#define DNI_DNUM2_FN1_DNI_WSW DNI_DNUM2_UNW
#define DNI_DNUM2_FN2(N, f, ...) DNI_DNUM2_PROD(N, f)
#define DNI_DNUM2_FNS1(N, f, ...) DNI_DNUM2_SPW(N, f)
#define DNI_DNUM2_FNS2(N, f, ...) DNI_DNUM2_SPB(N, f)
#define DNI_DNUM2_FNI(N, f, ...) DNI_DNUM2_INT(N, f)

/** Instantiates the type dnum2_oN and its whole API for total order N (a decimal literal):
 *  the body of dnum/dnum2_order.h as one macro (dnum/internal/define_macros.h, generated). */
#define DNUM2_DEFINE(N) DNI_DNUM2_DEFINE(N)

/* The built-in orders: dnum/dnum2_order.h once per order (the orders of
 * DNI_DNUM2_FOR_EACH_ORDER, dnum/internal/extern.h). */
#define DNUM2_ORDER 1
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 2
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 3
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 4
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 5
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 6
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 7
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 8
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 9
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 10
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 11
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 12
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 13
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 14
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 15
#include "dnum/dnum2_order.h"
#define DNUM2_ORDER 16
#include "dnum/dnum2_order.h"

/* dnum2_oN_deriv(a, i, j) of the built-in orders is dnum2_oN_get on a itself, as
 * dnum_oN_deriv (dnum/fixed.h; DNI_DNUM_IN_PLACE, dnum/internal/extern.h): a function-like macro over the function of
 * the same name, which stays ((dnum2_oN_deriv)(a, i, j), its address, the linkable copy).
 * The function takes the number by value, and the compiler copied all DNUM2_SIZE(N)
 * doubles for every call that indexed it with variable i, j: a loop reading every partial
 * of a dnum2_o8 ran 2.5x as long as with dnum2_o8_get (W4, bench/bench_dnum2.c). a is
 * evaluated once; an rvalue works too; an argument of another type is a compile error. */
#define dnum2_o1_deriv(a, i, j) dnum2_o1_get(DNI_DNUM_IN_PLACE(dnum2_o1, a), (i), (j))
#define dnum2_o2_deriv(a, i, j) dnum2_o2_get(DNI_DNUM_IN_PLACE(dnum2_o2, a), (i), (j))
#define dnum2_o3_deriv(a, i, j) dnum2_o3_get(DNI_DNUM_IN_PLACE(dnum2_o3, a), (i), (j))
#define dnum2_o4_deriv(a, i, j) dnum2_o4_get(DNI_DNUM_IN_PLACE(dnum2_o4, a), (i), (j))
#define dnum2_o5_deriv(a, i, j) dnum2_o5_get(DNI_DNUM_IN_PLACE(dnum2_o5, a), (i), (j))
#define dnum2_o6_deriv(a, i, j) dnum2_o6_get(DNI_DNUM_IN_PLACE(dnum2_o6, a), (i), (j))
#define dnum2_o7_deriv(a, i, j) dnum2_o7_get(DNI_DNUM_IN_PLACE(dnum2_o7, a), (i), (j))
#define dnum2_o8_deriv(a, i, j) dnum2_o8_get(DNI_DNUM_IN_PLACE(dnum2_o8, a), (i), (j))
#define dnum2_o9_deriv(a, i, j) dnum2_o9_get(DNI_DNUM_IN_PLACE(dnum2_o9, a), (i), (j))
#define dnum2_o10_deriv(a, i, j) dnum2_o10_get(DNI_DNUM_IN_PLACE(dnum2_o10, a), (i), (j))
#define dnum2_o11_deriv(a, i, j) dnum2_o11_get(DNI_DNUM_IN_PLACE(dnum2_o11, a), (i), (j))
#define dnum2_o12_deriv(a, i, j) dnum2_o12_get(DNI_DNUM_IN_PLACE(dnum2_o12, a), (i), (j))
#define dnum2_o13_deriv(a, i, j) dnum2_o13_get(DNI_DNUM_IN_PLACE(dnum2_o13, a), (i), (j))
#define dnum2_o14_deriv(a, i, j) dnum2_o14_get(DNI_DNUM_IN_PLACE(dnum2_o14, a), (i), (j))
#define dnum2_o15_deriv(a, i, j) dnum2_o15_get(DNI_DNUM_IN_PLACE(dnum2_o15, a), (i), (j))
#define dnum2_o16_deriv(a, i, j) dnum2_o16_get(DNI_DNUM_IN_PLACE(dnum2_o16, a), (i), (j))

/** An objective f: R^n -> R written on dnum2_o2: x[k] is coordinate k (two of them are
 *  seeded as the variables x and y of Dnum2, the rest are constants); return f(x) with its
 *  partials. Must not modify x and must depend only on x, n and ctx. */
typedef dnum2_o2 (*dnum2_objective)(const dnum2_o2 *x, unsigned n, void *ctx);

/** Value, gradient and full Hessian of f at x[0..n-1] by evaluating f on Dnum2 for every
 *  pair of coordinates p < q (x_p seeded as x, x_q as y): n(n-1)/2 evaluations (one for
 *  n = 1), each giving H[p][p], H[p][q] = H[q][p], H[q][q] and the gradient entries p, q.
 *  Outputs: *fx (may be NULL), grad[0..n-1] (may be NULL), H[0..n*n-1] row-major,
 *  symmetric. work is a caller workspace of n dnum2_o2 or NULL (then allocated once with
 *  malloc and freed). The outputs must not overlap each other but may overlap x (x is
 *  read before anything is written). Errors: DN_EINVAL for n = 0 or NULL f, x or H;
 *  DN_ERANGE when n*n or the workspace size overflows size_t; DN_ENOMEM when the
 *  workspace cannot be allocated; on error nothing is written. Thread-safe when f is. */
int dnum2_hessian(double *fx, double *grad, double *H, dnum2_objective f, const double *x,
                  unsigned n, void *ctx, dnum2_o2 *work);

/** The same with the details of a failure (which argument, why) in *err (dn_errinfo,
 *  dnum/common.h; NULL: none). */
int dnum2_hessian_ex(double *fx, double *grad, double *H, dnum2_objective f,
                     const double *x, unsigned n, void *ctx, dnum2_o2 *work,
                     dn_errinfo *err);

#ifdef __cplusplus
}
#endif

#ifndef __cplusplus
/* C: the argument types checked at compile time, as for the drivers of dnum/hessian.h (an
 * objective of another type, or the dn_* drivers' order ctx, x, n, is a compile error);
 * (dnum2_hessian)(...) calls the function without the check. */
#define DNI_DNUM2_H_ARGS(fx, grad, H, f, x, n, ctx, work)                                  \
    DNI_OUT(fx), DNI_OUT(grad), DNI_OUT(H), DNI_ARG(dnum2_objective, f), DNI_IN(x),        \
        DNI_N(n), ctx, DNI_ARG(dnum2_o2 *, work)
#define dnum2_hessian(fx, grad, H, f, x, n, ctx, work)                                     \
    dnum2_hessian(DNI_DNUM2_H_ARGS(fx, grad, H, f, x, n, ctx, work))
#define dnum2_hessian_ex(fx, grad, H, f, x, n, ctx, work, err)                             \
    dnum2_hessian_ex(DNI_DNUM2_H_ARGS(fx, grad, H, f, x, n, ctx, work),                    \
                     DNI_ARG(dn_errinfo *, err))
#endif

#endif /* DNUM_DNUM2_H */
