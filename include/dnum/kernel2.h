/* dnum/kernel2.h -- the bivariate kernel layer of the Dnum2 family (internal, not API-stable).
 *
 * A bivariate number of total order n is a "triangle" of (n+1)(n+2)/2 doubles holding the
 * mixed partials d^(i+j) f / dx^i dy^j for i + j <= n, stored by total order s = i + j,
 * and within one total order by decreasing i:
 *     (0,0), (1,0), (0,1), (2,0), (1,1), (0,2), (3,0), (2,1), ...
 *     index(i, j) = s (s + 1) / 2 + j,   s = i + j        (_dn2_index, DNUM2_INDEX)
 * which is the CLI's CSV column order d0_0, d1_0, d0_1, d2_0, d1_1, d0_2, ...
 * It is the graded order of kernelk.h for K = 2: the triangle of Taylor coefficients
 * t(i,j) = d(i,j) / (i! j!) is a Dnumk number in two variables.
 *
 * The kernels follow kernel.h's conventions: static inline, names _dn2_*, the order n is
 * the last argument before the scratch and may be a run-time value (0 <= n <= DN_BINOM_MAX
 * = 64, the highest Dnum2 order), no allocation, no error handling, and any output may
 * alias any input. Constant n (the fixed types) lets GCC unroll everything.
 *
 * Product. _dn2_mul works on the stored derivatives directly, by the 2-D Leibniz rule
 * (ab)(i,j) = sum C(i,p) C(j,q) a(p,q) b(i-p,j-q) with exact integer weights, each shared
 * by four terms: no conversion of the operands or the result (which, for a chain of
 * products, costs about as much as the weights and hides common terms from the compiler).
 * This product and the linear kernels are the only arithmetic written here.
 *
 * Functions (and the quotient). Every recurrence lives once, in kernelk.h: a function
 * converts its operands to Taylor triangles (_dn2_to_t), runs kernelk.h's _dnk_<f> with
 * K = 2 (the univariate recurrences of kernel.h on blocks of equal total degree; zeros and
 * poles by _dnk_sing, which resolves an operand of one variable through kernel.h) and
 * converts the result back (_dn2_from_t). Each built-in costs a few 2-D Cauchy products:
 * about (n+1)(n+2)(n+3)(n+4)/24 multiply-adds each (495 at n = 8).
 * Scratch: _dn2_<f>_w takes w, _DN2_WORK(n) doubles not overlapping anything, from the
 * caller (the fixed types pass a fixed-size array, run-time callers heap or workspace
 * memory); no kernel declares an order-sized array (kernel.h, "Scratch, bounded stack").
 *
 * Index (derivative form, order n, r = result; all aliasing allowed except as noted):
 *   layout        _dn2_size _dn2_index _dn2_to_t _dn2_from_t _DN2_WORK
 *   construct     _dn2_set_varx _dn2_set_vary _dn2_set_const
 *   linear        _dn2_add _dn2_sub _dn2_neg _dn2_add_d _dn2_mul_d
 *   products      _dn2_mul (Leibniz on derivatives, no scratch) _dn2_div_w _dn2_d_div_w
 *   functions     _dn2_exp _dn2_expm1 _dn2_log _dn2_log1p _dn2_sqrt _dn2_cbrt
 *                 _dn2_pow_d _dn2_pown _dn2_pow
 *                 _dn2_sin _dn2_cos _dn2_sincos (s != c) _dn2_tan
 *                 _dn2_asin _dn2_acos _dn2_atan _dn2_atan2
 *                 _dn2_sinh _dn2_cosh _dn2_sinhcosh (s != c) _dn2_tanh
 *                 _dn2_asinh _dn2_acosh _dn2_atanh _dn2_erf _dn2_erfc _dn2_hypot _dn2_abs
 *   apply         _dn2_apply_w (user function from its derivative callback)
 *   with scratch  every function above but the linear ones, _dn2_mul and _dn2_abs exists
 *                 only as _dn2_<f>_w (_dn2_mul_w: the same signature, no scratch used)
 * Cores for kernel2_special.h (Taylor triangles, no aliasing; kernelk.h's with K = 2):
 * _dn2_texp_w _dn2_tsincos_w _dn2_ttan_w _dn2_tcompose_w.
 */
#ifndef DNUM_KERNEL2_H
#define DNUM_KERNEL2_H

#include "dnum/kernelk.h" /* the recurrences (K = 2) */

/* ------------------------------------------------------------------------------------ */
/* Layout.                                                                                */

/* (n+1)(n+2)/2 as a plain expression: array sizes that are constants for constant n */
#define _DN2_S(n) (((n) + 1) * ((n) + 2) / 2)

/** Number of doubles in a triangle of total order n: (n+1)(n+2)/2. */
static inline unsigned _dn2_size(unsigned n)
{
    return (n + 1) * (n + 2) / 2;
}

/** Position of the mixed partial d^(i+j)/dx^i dy^j: s(s+1)/2 + j with s = i + j. */
static inline unsigned _dn2_index(unsigned i, unsigned j)
{
    return (i + j) * (i + j + 1) / 2 + j;
}

/** t(i,j) = d(i,j) / (i! j!). t must not overlap d. */
static inline void _dn2_to_t(double *restrict t, const double *d, unsigned n)
{
    _DN_UNROLL for (unsigned s = 0; s <= n; s++)
        _DN_UNROLL for (unsigned j = 0; j <= s; j++)
            t[s * (s + 1) / 2 + j] = d[s * (s + 1) / 2 + j] * (_dn_ifact[s - j] * _dn_ifact[j]);
}

/** d(i,j) = t(i,j) i! j!. d must not overlap t. */
static inline void _dn2_from_t(double *restrict d, const double *t, unsigned n)
{
    _DN_UNROLL for (unsigned s = 0; s <= n; s++)
        _DN_UNROLL for (unsigned j = 0; j <= s; j++)
            d[s * (s + 1) / 2 + j] = t[s * (s + 1) / 2 + j] * (_dn_fact[s - j] * _dn_fact[j]);
}


/* ------------------------------------------------------------------------------------ */
/* Derivative-form kernels. Any output may alias any input.                               */

/* The linear kernels are flat loops over the (n+1)(n+2)/2 entries with their own unroll
 * count (kernel.h's 40 would leave the 45 entries of n = 8 as a loop, which GCC then
 * turns into vector code and block copies of the fixed types: about a fifth of W4's time
 * at N = 8). Up to n = 16 they unroll completely. */
#if defined(DN_NO_UNROLL) || defined(__clang__)
#define _DN2_UNROLL_FLAT
#elif defined(__GNUC__)
#define _DN2_UNROLL_FLAT _Pragma("GCC unroll 160")
#else
#define _DN2_UNROLL_FLAT
#endif

/** r = the constant c. */
static inline void _dn2_set_const(double *r, double c, unsigned n)
{
    r[0] = c;
    _DN2_UNROLL_FLAT for (unsigned e = 1; e < _DN2_S(n); e++) r[e] = 0.0;
}

/** r = the variable x at the point (x, y): value x, d/dx = 1, every other partial 0. */
static inline void _dn2_set_varx(double *r, double x, unsigned n)
{
    _dn2_set_const(r, x, n);
    if (n >= 1) r[1] = 1.0;
}

/** r = the variable y at the point (x, y): value y, d/dy = 1, every other partial 0. */
static inline void _dn2_set_vary(double *r, double y, unsigned n)
{
    _dn2_set_const(r, y, n);
    if (n >= 1) r[2] = 1.0;
}

/** r = a + b. */
static inline void _dn2_add(double *r, const double *a, const double *b, unsigned n)
{
    _DN2_UNROLL_FLAT for (unsigned e = 0; e < _DN2_S(n); e++) r[e] = a[e] + b[e];
}

/** r = a - b. */
static inline void _dn2_sub(double *r, const double *a, const double *b, unsigned n)
{
    _DN2_UNROLL_FLAT for (unsigned e = 0; e < _DN2_S(n); e++) r[e] = a[e] - b[e];
}

/** r = -a. */
static inline void _dn2_neg(double *r, const double *a, unsigned n)
{
    _DN2_UNROLL_FLAT for (unsigned e = 0; e < _DN2_S(n); e++) r[e] = -a[e];
}

/** r = a + c (only the value changes). */
static inline void _dn2_add_d(double *r, const double *a, double c, unsigned n)
{
    r[0] = a[0] + c;
    _DN2_UNROLL_FLAT for (unsigned e = 1; e < _DN2_S(n); e++) r[e] = a[e];
}

/** r = c * a. */
static inline void _dn2_mul_d(double *r, const double *a, double c, unsigned n)
{
    _DN2_UNROLL_FLAT for (unsigned e = 0; e < _DN2_S(n); e++) r[e] = c * a[e];
}

/* The four terms (p, q), (i-p, q), (p, j-q), (i-p, j-q) of the Leibniz sum of the partial
 * (i, j) of a*b (each once when p = i-p or q = j-q): they share the weight C(i,p) C(j,q). */
static inline double _dn2_lgroup(const double *a, const double *b, unsigned i, unsigned j,
                                 unsigned p, unsigned q)
{
    unsigned pc = i - p, qc = j - q;
    double g = a[_dn2_index(p, q)] * b[_dn2_index(pc, qc)];
    if (pc != p) g += a[_dn2_index(pc, q)] * b[_dn2_index(p, qc)];
    if (qc != q) {
        g += a[_dn2_index(p, qc)] * b[_dn2_index(pc, q)];
        if (pc != p) g += a[_dn2_index(pc, qc)] * b[_dn2_index(p, q)];
    }
    return g;
}

/** r = a * b: every mixed partial of the product, total order n included, by the 2-D
 *  Leibniz rule on the stored derivatives, (ab)(i,j) = sum_{p<=i, q<=j} C(i,p) C(j,q)
 *  a(p,q) b(i-p,j-q), without converting to Taylor coefficients. The weight (from the
 *  exact table _dn_binom, n <= DN_BINOM_MAX) multiplies the sum of the four terms that
 *  share it: about (n+1)(n+2)(n+3)(n+4)/24 products plus a quarter as many weight
 *  multiplies, no scratch. Entries are computed from total order n down to 0: the partial
 *  (i, j) reads, of its own total order, only a(i,j) and b(i,j), so r may alias a and/or b. */
static inline void _dn2_mul(double *r, const double *a, const double *b, unsigned n)
{
    if (n == 2) { /* the loops below written out, same operations in the same order (the
                   * unrolled loops leave GCC less time to clean up after them: W4 at
                   * N = 2 ran 1.2x slower) */
        double r5 = (a[0] * b[5] + a[5] * b[0]) + 2.0 * (a[2] * b[2]);
        double r4 = a[0] * b[4] + a[1] * b[2] + a[2] * b[1] + a[4] * b[0];
        double r3 = (a[0] * b[3] + a[3] * b[0]) + 2.0 * (a[1] * b[1]);
        double r2 = a[0] * b[2] + a[2] * b[0], r1 = a[0] * b[1] + a[1] * b[0];
        r[0] = a[0] * b[0];
        r[1] = r1, r[2] = r2, r[3] = r3, r[4] = r4, r[5] = r5;
        return;
    }
    _DN_UNROLL for (unsigned t = 0; t <= n; t++) {
        unsigned s = n - t;
        _DN_UNROLL for (unsigned j = 0; j <= s; j++) {
            unsigned i = s - j;
            double acc = 0.0;
            _DN_UNROLL for (unsigned p = 0; p <= i / 2; p++)
                _DN_UNROLL for (unsigned q = 0; q <= j / 2; q++) {
                    double w = _dn_binom[i * (i + 1) / 2 + p] * _dn_binom[j * (j + 1) / 2 + q];
                    double term = w * _dn2_lgroup(a, b, i, j, p, q);
                    acc = (p == 0 && q == 0) ? term : acc + term;
                }
            r[_dn2_index(i, j)] = acc;
        }
    }
}
static inline void _dn2_mul_w(double *r, const double *a, const double *b, unsigned n,
                              double *restrict w)
{
    (void)w; /* the Leibniz product needs none: the common signature */
    _dn2_mul(r, a, b, n);
}

/* ------------------------------------------------------------------------------------ */
/* The quotient and the functions: kernelk.h's recurrences with K = 2 on Taylor           */
/* triangles. Any output may alias any input.                                              */

/** Scratch doubles of _dn2_<f>_w: three Taylor triangles (operands, result) and
 *  kernelk.h's work. */
#define _DN2_WORK(n) (4 * _DN2_S(n) + _DNK_WORK(_DN2_S(n)))

/* The scratch comes from the caller (the fixed types pass a fixed-size array): GCC folds
 * a VLA of constant size into a plain array only below --param large-stack-frame/10 bytes
 * once inlined, and an unfolded VLA keeps the whole computation in memory (W4 at N = 2:
 * 112 ns instead of 24 ns per point when the product still worked this way). */

/* r = f(u) through _dnk_##f with K = 2 */
#define _DN2_UN(f)                                                                         \
    static inline void _dn2_##f##_w(double *r, const double *u, unsigned n,                \
                                    double *restrict w)                                    \
    {                                                                                      \
        const unsigned S = _DN2_S(n);                                                      \
        _dn2_to_t(w, u, n);                                                                \
        _dnk_##f(w + S, w, 2, n, w + 3 * S);                                               \
        _dn2_from_t(r, w + S, n);                                                          \
    }
/* r = f(a, b) through _dnk_##f with K = 2 */
#define _DN2_BIN(f)                                                                        \
    static inline void _dn2_##f##_w(double *r, const double *a, const double *b,           \
                                    unsigned n, double *restrict w)                        \
    {                                                                                      \
        const unsigned S = _DN2_S(n);                                                      \
        _dn2_to_t(w, a, n);                                                                \
        _dn2_to_t(w + S, b, n);                                                            \
        _dnk_##f(w + 2 * S, w, w + S, 2, n, w + 3 * S);                                    \
        _dn2_from_t(r, w + 2 * S, n);                                                      \
    }
/** r = a / b (b_0 = 0: the zero and pole rule); pow(a, b) = exp(b log a) with value
 *  pow(a_0, b_0), needs a_0 > 0; atan2(y = a, x = b) (C argument order; (0, 0) gives NaN
 *  partials); hypot(a, b) (no overflow in the value; (0, 0) gives NaN partials). */
_DN2_BIN(div) _DN2_BIN(pow) _DN2_BIN(atan2) _DN2_BIN(hypot)

/** r = exp expm1 log log1p sqrt cbrt sin cos tan asin acos atan sinh cosh tanh asinh
 *  acosh atanh erf erfc of u, values from libm; zeros and poles (log 0, sqrt 0, asin 1,
 *  ...) follow kernel.h's rule (docs/errors.md). */
_DN2_UN(exp) _DN2_UN(expm1) _DN2_UN(log) _DN2_UN(log1p) _DN2_UN(sqrt) _DN2_UN(cbrt)
_DN2_UN(sin) _DN2_UN(cos) _DN2_UN(tan) _DN2_UN(asin) _DN2_UN(acos) _DN2_UN(atan)
_DN2_UN(sinh) _DN2_UN(cosh) _DN2_UN(tanh) _DN2_UN(asinh) _DN2_UN(acosh) _DN2_UN(atanh)
_DN2_UN(erf) _DN2_UN(erfc)

/** r = u^p for a real constant p (integer p as _dn2_pown; else u_0 < 0 gives NaN, u_0 = 0
 *  0 below order p and Inf/NaN above); r = u^m for an integer m by binary powering, the
 *  series scaled to libm's value pow(u_0, m) (m < 0 at u_0 = 0: the pole rule). */
#define _DN2_UNP(f, T)                                                                     \
    static inline void _dn2_##f##_w(double *r, const double *u, T p, unsigned n,           \
                                    double *restrict w)                                    \
    {                                                                                      \
        const unsigned S = _DN2_S(n);                                                      \
        _dn2_to_t(w, u, n);                                                                \
        _dnk_##f(w + S, w, p, 2, n, w + 3 * S);                                            \
        _dn2_from_t(r, w + S, n);                                                          \
    }
_DN2_UNP(pow_d, double) _DN2_UNP(pown, long)

/** r = c / b. Scratch: _DN2_WORK(n) doubles (the constant in its last triangle). */
static inline void _dn2_d_div_w(double *r, double c, const double *b, unsigned n,
                                double *restrict w)
{
    double *a = w + 3 * _DN2_S(n) + _DNK_WORK(_DN2_S(n));
    _dn2_set_const(a, c, n);
    _dn2_div_w(r, a, b, n, w);
}

/** s = sin(u), c = cos(u) (sincos) or sinh, cosh (sinhcosh) from one recurrence; s and c
 *  must differ. */
#define _DN2_PAIR(f)                                                                       \
    static inline void _dn2_##f##_w(double *s, double *c, const double *u, unsigned n,     \
                                    double *restrict w)                                    \
    {                                                                                      \
        const unsigned S = _DN2_S(n);                                                      \
        _dn2_to_t(w, u, n);                                                                \
        _dnk_##f(w + S, w + 2 * S, w, 2, n, w + 3 * S);                                    \
        _dn2_from_t(s, w + S, n);                                                          \
        _dn2_from_t(c, w + 2 * S, n);                                                      \
    }
_DN2_PAIR(sincos) _DN2_PAIR(sinhcosh)

/** r = |u|; at u_0 = 0 the value is 0 and every partial NaN (as _dn_abs). */
static inline void _dn2_abs(double *r, const double *u, unsigned n)
{
    _dn_abs(r, u, _dn2_size(n) - 1);
}

/** r = h(u) for a user function given by h(x, k, ctx) = h^(k)(x): calls h n + 1 times
 *  (k = 0..n at x = u_0), then composes (_dnk_tcompose: about n 2-D products, O(n^5)). */
static inline void _dn2_apply_w(double *r, const double *u, dn_deriv_fn h, void *ctx,
                                unsigned n, double *restrict w)
{
    const unsigned S = _DN2_S(n);
    _dn2_to_t(w, u, n);
    _dnk_apply(w + S, w, h, ctx, 2, n, w + 3 * S);
    _dn2_from_t(r, w + S, n);
}

/* The cores that kernel_special.h instantiates with the prefix _dn2_ (Taylor triangles,
 * no aliasing): kernelk.h's with K = 2; scratch w of S (texp, tsincos), 2 S (ttan) or
 * 5 S (tcompose) doubles, S = _DN2_S(n). */
static inline void _dn2_texp_w(double *restrict e, double e0, const double *restrict u,
                               unsigned n, double *restrict w)
{
    _dnk_texp(e, e0, u, 2, n, w);
}
static inline void _dn2_tsincos_w(double *restrict s, double *restrict c, double s0, double c0,
                                  double sign, const double *restrict u, unsigned n,
                                  double *restrict w)
{
    _dnk_tsincos(s, c, s0, c0, sign, u, 2, n, w);
}
static inline void _dn2_ttan_w(double *restrict t, double t0, double w0, double sign,
                               const double *restrict u, unsigned n, double *restrict w)
{
    _dnk_ttan(t, t0, w0, sign, u, 2, n, w);
}
static inline void _dn2_tcompose_w(double *restrict f, const double *restrict dh,
                                   const double *restrict u, unsigned n, double *restrict w)
{
    _dnk_tcompose(f, dh, u, 2, n, w);
}

#include "dnum/kernel2_special.h" /* special functions */

#endif /* DNUM_KERNEL2_H */
