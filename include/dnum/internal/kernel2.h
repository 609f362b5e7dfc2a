/* dnum/internal/kernel2.h -- the bivariate kernel layer of the Dnum2 family (internal, not API-stable).
 *
 * A bivariate number of total order n is a "triangle" of (n+1)(n+2)/2 doubles holding the
 * mixed partials d^(i+j) f / dx^i dy^j for i + j <= n, stored by total order s = i + j,
 * and within one total order by decreasing i:
 *     (0,0), (1,0), (0,1), (2,0), (1,1), (0,2), (3,0), (2,1), ...
 *     index(i, j) = s (s + 1) / 2 + j,   s = i + j        (dni2_index, DNUM2_INDEX)
 * which is the CLI's CSV column order d0_0, d1_0, d0_1, d2_0, d1_1, d0_2, ...
 * It is the graded order of kernelk.h for K = 2: the triangle of Taylor coefficients
 * t(i,j) = d(i,j) / (i! j!) is a Dnumk number in two variables.
 *
 * The kernels follow kernel.h's conventions: static inline, names dni2_*, the order n is
 * the last argument before the scratch and may be a run-time value (0 <= n <= DN_BINOM_MAX
 * = 64, the highest Dnum2 order), no allocation, no error handling, and any output may
 * alias any input. Constant n (the fixed types) lets GCC unroll everything.
 *
 * Product. dni2_mul works on the stored derivatives directly, by the 2-D Leibniz rule
 * (ab)(i,j) = sum C(i,p) C(j,q) a(p,q) b(i-p,j-q) with exact integer weights, each shared
 * by four terms: no conversion of the operands or the result (which, for a chain of
 * products, costs about as much as the weights and hides common terms from the compiler).
 * This product and the linear kernels are the only arithmetic written here.
 *
 * Functions (and the quotient). Every recurrence lives once, in kernelk.h: a function
 * converts its operands to Taylor triangles (dni2_to_t), runs kernelk.h's dnik_<f> with
 * K = 2 (the univariate recurrences of kernel.h on blocks of equal total degree; zeros and
 * poles by dnik_sing, which resolves an operand of one variable through kernel.h) and
 * converts the result back (dni2_from_t). Each built-in costs a few 2-D Cauchy products:
 * about (n+1)(n+2)(n+3)(n+4)/24 multiply-adds each (495 at n = 8).
 * Scratch: dni2_<f>_w takes w, DNI2_WORK(n) doubles not overlapping anything, from the
 * caller (the fixed types pass a fixed-size array, run-time callers heap or workspace
 * memory); no kernel declares an order-sized array (kernel.h, "Scratch, bounded stack").
 *
 * Index (derivative form, order n, r = result; all aliasing allowed except as noted):
 *   layout        dni2_size dni2_index dni2_to_t dni2_from_t DNI2_WORK
 *   construct     dni2_set_varx dni2_set_vary dni2_set_const
 *   linear        dni2_add dni2_sub dni2_neg dni2_add_d dni2_mul_d
 *   products      dni2_mul (Leibniz on derivatives, no scratch) dni2_div_w dni2_d_div_w
 *   functions     dni2_exp dni2_expm1 dni2_log dni2_log1p dni2_sqrt dni2_cbrt
 *                 dni2_pow_d dni2_pown dni2_pow
 *                 dni2_sin dni2_cos dni2_sincos (s != c) dni2_tan
 *                 dni2_asin dni2_acos dni2_atan dni2_atan2
 *                 dni2_sinh dni2_cosh dni2_sinhcosh (s != c) dni2_tanh
 *                 dni2_asinh dni2_acosh dni2_atanh dni2_erf dni2_erfc dni2_hypot dni2_abs
 *   apply         dni2_apply_w (user function from its derivative callback)
 *   with scratch  every function above but the linear ones, dni2_mul and dni2_abs exists
 *                 only as dni2_<f>_w (dni2_mul_w: the same signature, no scratch used)
 * Cores for kernel2_special.h (Taylor triangles, no aliasing; kernelk.h's with K = 2):
 * dni2_texp_w dni2_tsincos_w dni2_ttan_w dni2_tcompose_w.
 */
#ifndef DNUM_KERNEL2_H
#define DNUM_KERNEL2_H

#include "dnum/internal/kernelk.h" /* the recurrences (K = 2) */
#include "dnum/internal/ops.h"

/* ------------------------------------------------------------------------------------ */
/* Layout.                                                                                */

/* (n+1)(n+2)/2 as a plain expression: array sizes that are constants for constant n */
#define DNI2_S(n) (((n) + 1) * ((n) + 2) / 2)

/** Number of doubles in a triangle of total order n: (n+1)(n+2)/2. */
static inline unsigned dni2_size(unsigned n)
{
    return (n + 1) * (n + 2) / 2;
}

/** Position of the mixed partial d^(i+j)/dx^i dy^j: s(s+1)/2 + j with s = i + j. */
static inline unsigned dni2_index(unsigned i, unsigned j)
{
    return (i + j) * (i + j + 1) / 2 + j;
}

/** t(i,j) = d(i,j) / (i! j!). t must not overlap d. */
static inline void dni2_to_t(double *restrict t, const double *d, unsigned n)
{
    DNI_UNROLL
    for (unsigned s = 0; s <= n; s++) {
        DNI_UNROLL
        for (unsigned j = 0; j <= s; j++)
            t[s * (s + 1) / 2 + j] =
                d[s * (s + 1) / 2 + j] * (dni_ifact[s - j] * dni_ifact[j]);
    }
}

/** d(i,j) = t(i,j) i! j!. d must not overlap t. */
static inline void dni2_from_t(double *restrict d, const double *t, unsigned n)
{
    DNI_UNROLL
    for (unsigned s = 0; s <= n; s++) {
        DNI_UNROLL
        for (unsigned j = 0; j <= s; j++)
            d[s * (s + 1) / 2 + j] =
                t[s * (s + 1) / 2 + j] * (dni_fact[s - j] * dni_fact[j]);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Derivative-form kernels. Any output may alias any input.                               */

/* The linear kernels are flat loops over the (n+1)(n+2)/2 entries with their own unroll
 * count (kernel.h's 40 would leave the 45 entries of n = 8 as a loop, which GCC then
 * turns into vector code and block copies of the fixed types: about a fifth of W4's time
 * at N = 8). Up to n = 16 they unroll completely. */
#if defined(DN_NO_UNROLL) || defined(__clang__)
#define DNI2_UNROLL_FLAT
#elif defined(__GNUC__)
#define DNI2_UNROLL_FLAT _Pragma("GCC unroll 160")
#else
#define DNI2_UNROLL_FLAT
#endif

/** r = the constant c. */
static inline void dni2_set_const(double *r, double c, unsigned n)
{
    r[0] = c;
    DNI2_UNROLL_FLAT
    for (unsigned e = 1; e < DNI2_S(n); e++) r[e] = 0.0;
}

/** r = the variable x at the point (x, y): value x, d/dx = 1, every other partial 0. */
static inline void dni2_set_varx(double *r, double x, unsigned n)
{
    dni2_set_const(r, x, n);
    if (n >= 1) r[1] = 1.0;
}

/** r = the variable y at the point (x, y): value y, d/dy = 1, every other partial 0. */
static inline void dni2_set_vary(double *r, double y, unsigned n)
{
    dni2_set_const(r, y, n);
    if (n >= 1) r[2] = 1.0;
}

/** r = a + b. */
static inline void dni2_add(double *r, const double *a, const double *b, unsigned n)
{
    DNI2_UNROLL_FLAT
    for (unsigned e = 0; e < DNI2_S(n); e++) r[e] = a[e] + b[e];
}

/** r = a - b. */
static inline void dni2_sub(double *r, const double *a, const double *b, unsigned n)
{
    DNI2_UNROLL_FLAT
    for (unsigned e = 0; e < DNI2_S(n); e++) r[e] = a[e] - b[e];
}

/** r = -a. */
static inline void dni2_neg(double *r, const double *a, unsigned n)
{
    DNI2_UNROLL_FLAT
    for (unsigned e = 0; e < DNI2_S(n); e++) r[e] = -a[e];
}

/** r = a + c (only the value changes). */
static inline void dni2_add_d(double *r, const double *a, double c, unsigned n)
{
    r[0] = a[0] + c;
    DNI2_UNROLL_FLAT
    for (unsigned e = 1; e < DNI2_S(n); e++) r[e] = a[e];
}

/** r = c * a. */
static inline void dni2_mul_d(double *r, const double *a, double c, unsigned n)
{
    DNI2_UNROLL_FLAT
    for (unsigned e = 0; e < DNI2_S(n); e++) r[e] = c * a[e];
}

/* the Leibniz product dni2_mul (on the element-type macros: kernel2_mul.h) */
#define DNI2_K(name) dni2_##name
#include "dnum/internal/kernel2_mul.h"
#undef DNI2_K
static inline void dni2_mul_w(double *r, const double *a, const double *b, unsigned n,
                              double *restrict w)
{
    (void)w; /* the Leibniz product needs none: the common signature */
    dni2_mul(r, a, b, n);
}

/* ------------------------------------------------------------------------------------ */
/* The quotient and the functions: kernelk.h's recurrences with K = 2 on Taylor           */
/* triangles. Any output may alias any input.                                              */

/** Scratch doubles of dni2_<f>_w: three Taylor triangles (operands, result) and
 *  kernelk.h's work. */
#define DNI2_WORK(n) (4 * DNI2_S(n) + DNIK_WORK(DNI2_S(n)))

/* The scratch comes from the caller (the fixed types pass a fixed-size array): GCC folds
 * a VLA of constant size into a plain array only below --param large-stack-frame/10 bytes
 * once inlined, and an unfolded VLA keeps the whole computation in memory (W4 at N = 2:
 * 112 ns instead of 24 ns per point when the product still worked this way). */

/* r = f(u) through dnik_##f with K = 2 */
#define DNI2_UN(f)                                                                         \
    static inline void dni2_##f##_w(double *r, const double *u, unsigned n,                \
                                    double *restrict w)                                    \
    {                                                                                      \
        const unsigned S = DNI2_S(n);                                                      \
        dni2_to_t(w, u, n);                                                                \
        dnik_##f(w + S, w, 2, n, w + 3 * S);                                               \
        dni2_from_t(r, w + S, n);                                                          \
    }
/* r = f(a, b) through dnik_##f with K = 2 */
#define DNI2_BIN(f)                                                                        \
    static inline void dni2_##f##_w(double *r, const double *a, const double *b,           \
                                    unsigned n, double *restrict w)                        \
    {                                                                                      \
        const unsigned S = DNI2_S(n);                                                      \
        dni2_to_t(w, a, n);                                                                \
        dni2_to_t(w + S, b, n);                                                            \
        dnik_##f(w + 2 * S, w, w + S, 2, n, w + 3 * S);                                    \
        dni2_from_t(r, w + 2 * S, n);                                                      \
    }
/** r = a / b (b_0 = 0: the zero and pole rule), and f(a, b) for each two-argument
 *  elementary function of the operation table (DNI_OPS_ELEM2: pow(a, b) = exp(b log a)
 *  with value pow(a_0, b_0), needs a_0 > 0; atan2(y = a, x = b) (C argument order; (0, 0)
 *  gives NaN partials); hypot(a, b) (no overflow in the value; (0, 0) gives NaN
 *  partials)). */
#define DNI2_BIN_ROW(A, f, ...) DNI2_BIN(f)
DNI2_BIN(div)
DNI_OPS_ELEM2(DNI2_BIN_ROW, ~)

/** r = f(u) for each one-argument elementary function of the operation table with the
 *  range rerun (DNI_OPS_ELEM1, column kform RANGED; dni2_abs below), values from libm;
 *  zeros and poles (log 0, sqrt 0, asin 1, ...) follow kernel.h's rule (docs/errors.md). */
#define DNI2_UN_ROW(A, f, OP, shape, doc, lane, map, lop, klane, kform, o2)                \
    DNI2_UN_##kform(f)
#define DNI2_UN_RANGED DNI2_UN
#define DNI2_UN_FLAT(f)
DNI_OPS_ELEM1(DNI2_UN_ROW, ~)

/** r = u^p for a real constant p (integer p as dni2_pown; else u_0 < 0 gives NaN, u_0 = 0
 *  0 below order p and Inf/NaN above); r = u^m for an integer m by binary powering, the
 *  series scaled to libm's value pow(u_0, m) (m < 0 at u_0 = 0: the pole rule). */
#define DNI2_UNP(f, T)                                                                     \
    static inline void dni2_##f##_w(double *r, const double *u, T p, unsigned n,           \
                                    double *restrict w)                                    \
    {                                                                                      \
        const unsigned S = DNI2_S(n);                                                      \
        dni2_to_t(w, u, n);                                                                \
        dnik_##f(w + S, w, p, 2, n, w + 3 * S);                                            \
        dni2_from_t(r, w + S, n);                                                          \
    }
DNI2_UNP(pow_d, double)
DNI2_UNP(pown, long)

/** r = c / b. Scratch: DNI2_WORK(n) doubles (the constant in its last triangle). */
static inline void dni2_d_div_w(double *r, double c, const double *b, unsigned n,
                                double *restrict w)
{
    double *a = w + 3 * DNI2_S(n) + DNIK_WORK(DNI2_S(n));
    dni2_set_const(a, c, n);
    dni2_div_w(r, a, b, n, w);
}

/** s = sin(u), c = cos(u) (sincos) or sinh, cosh (sinhcosh) from one recurrence; s and c
 *  must differ. */
#define DNI2_PAIR(f)                                                                       \
    static inline void dni2_##f##_w(double *s, double *c, const double *u, unsigned n,     \
                                    double *restrict w)                                    \
    {                                                                                      \
        const unsigned S = DNI2_S(n);                                                      \
        dni2_to_t(w, u, n);                                                                \
        dnik_##f(w + S, w + 2 * S, w, 2, n, w + 3 * S);                                    \
        dni2_from_t(s, w + S, n);                                                          \
        dni2_from_t(c, w + 2 * S, n);                                                      \
    }
DNI2_PAIR(sincos)
DNI2_PAIR(sinhcosh)

/** r = |u|; at u_0 = 0 the value is 0 and every partial NaN (as dni_abs). */
static inline void dni2_abs(double *r, const double *u, unsigned n)
{
    dni_abs(r, u, dni2_size(n) - 1);
}

/** r = h(u) for a user function given by h(x, k, ctx) = h^(k)(x): calls h n + 1 times
 *  (k = 0..n at x = u_0), then composes (dnik_tcompose: about n 2-D products, O(n^5)). */
static inline void dni2_apply_w(double *r, const double *u, dn_deriv_fn h, void *ctx,
                                unsigned n, double *restrict w)
{
    const unsigned S = DNI2_S(n);
    dni2_to_t(w, u, n);
    dnik_apply(w + S, w, h, ctx, 2, n, w + 3 * S);
    dni2_from_t(r, w + S, n);
}

/* The cores that kernel_special.h instantiates with the prefix dni2_ (Taylor triangles,
 * no aliasing): kernelk.h's with K = 2; scratch w of S (texp, tsincos), 2 S (ttan) or
 * 5 S (tcompose) doubles, S = DNI2_S(n). */
static inline void dni2_texp_w(double *restrict e, double e0, const double *restrict u,
                               unsigned n, double *restrict w)
{
    dnik_texp(e, e0, u, 2, n, w);
}
static inline void dni2_tsincos_w(double *restrict s, double *restrict c, double s0,
                                  double c0, double sign, const double *restrict u,
                                  unsigned n, double *restrict w)
{
    dnik_tsincos(s, c, s0, c0, sign, u, 2, n, w);
}
static inline void dni2_ttan_w(double *restrict t, double t0, double w0, double sign,
                               const double *restrict u, unsigned n, double *restrict w)
{
    dnik_ttan(t, t0, w0, sign, u, 2, n, w);
}
static inline void dni2_tcompose_w(double *restrict f, const double *restrict dh,
                                   const double *restrict u, unsigned n, double *restrict w)
{
    dnik_tcompose(f, dh, u, 2, n, w);
}

#include "dnum/internal/kernel2_special.h" /* special functions */

#endif /* DNUM_KERNEL2_H */
