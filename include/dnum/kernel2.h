/* dnum/kernel2.h -- the bivariate kernel layer of the Dnum2 family (internal, not API-stable).
 *
 * A bivariate number of total order n is a "triangle" of (n+1)(n+2)/2 doubles holding the
 * mixed partials d^(i+j) f / dx^i dy^j for i + j <= n, stored by total order s = i + j,
 * and within one total order by decreasing i:
 *     (0,0), (1,0), (0,1), (2,0), (1,1), (0,2), (3,0), (2,1), ...
 *     index(i, j) = s (s + 1) / 2 + j,   s = i + j        (_dn2_index, DNUM2_INDEX)
 * which is the CLI's CSV column order d0_0, d1_0, d0_1, d2_0, d1_1, d0_2, ...
 *
 * The kernels follow kernel.h's conventions: static inline, names _dn2_*, the order n is
 * the last argument and may be a run-time value (0 <= n <= DN_BINOM_MAX = 64, the highest
 * Dnum2 order; the scratch arrays of the functions are VLAs of (n+1)(n+2)/2 doubles), no
 * allocation, no error handling, and any output may alias any input. Constant n (the
 * fixed types) lets GCC unroll everything.
 *
 * Product. _dn2_mul works on the stored derivatives directly, by the 2-D Leibniz rule
 * (ab)(i,j) = sum C(i,p) C(j,q) a(p,q) b(i-p,j-q) with exact integer weights, each shared
 * by four terms: no conversion of the operands or the result (which, for a chain of
 * products, costs about as much as the weights and hides common terms from the compiler).
 *
 * Algorithm of the functions. The derivatives are converted to bivariate Taylor coefficients
 * t(i,j) = d(i,j) / (i! j!). Block s of the triangle (the entries with i + j = s) is then
 * the homogeneous part of degree s of the series of f(x0 + a, y0 + b): with a = l*p,
 * b = l*q the series is univariate in l and its k-th coefficient is block k (a
 * polynomial in p, q). So every univariate recurrence of kernel.h holds unchanged with
 * scalars replaced by blocks and scalar products by products of homogeneous polynomials
 * (a convolution of the two blocks: block j times block k-j lands in block k). The
 * derivative d/dl becomes the Euler operator theta = a d/da + b d/db, which multiplies
 * block k by k; "integration" divides block k by k. Divisions are by the scalar value
 * u(0,0), never by a series, so every built-in costs a few 2-D Cauchy products:
 * about (n+1)(n+2)(n+3)(n+4)/24 multiply-adds each (495 at n = 8).
 *
 * Index (derivative form, order n, r = result; all aliasing allowed except as noted):
 *   layout        _dn2_size _dn2_index _dn2_to_t _dn2_from_t
 *   construct     _dn2_set_varx _dn2_set_vary _dn2_set_const
 *   linear        _dn2_add _dn2_sub _dn2_neg _dn2_add_d _dn2_mul_d
 *   products      _dn2_mul (Leibniz on derivatives, no scratch) _dn2_div _dn2_d_div;
 *                 _dn2_div_w (caller scratch w of 3 (n+1)(n+2)/2 doubles, not overlapping
 *                 anything)
 *   functions     _dn2_exp _dn2_expm1 _dn2_log _dn2_log1p _dn2_sqrt _dn2_cbrt
 *                 _dn2_pow_d _dn2_pown _dn2_pow
 *                 _dn2_sin _dn2_cos _dn2_sincos (s != c) _dn2_tan
 *                 _dn2_asin _dn2_acos _dn2_atan _dn2_atan2
 *                 _dn2_sinh _dn2_cosh _dn2_sinhcosh (s != c) _dn2_tanh
 *                 _dn2_asinh _dn2_acosh _dn2_atanh _dn2_erf _dn2_erfc _dn2_hypot _dn2_abs
 *   apply         _dn2_apply (user function from its derivative callback)
 * Normalised cores (Taylor coefficients, no aliasing): _dn2_tmul _dn2_tdiv _dn2_texp
 * _dn2_tsincos _dn2_ttan _dn2_tsqrt _dn2_tpow _dn2_tinteg _dn2_tinteg_div _dn2_tcompose.
 */
#ifndef DNUM_KERNEL2_H
#define DNUM_KERNEL2_H

#include "dnum/kernel.h"

/* ------------------------------------------------------------------------------------ */
/* Layout.                                                                                */

/* (n+1)(n+2)/2 as a plain expression: VLA bounds that fold to constants for constant n */
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
/* Block arithmetic on Taylor triangles. Block k starts at k(k+1)/2 and has k+1 entries;  */
/* entry m of block k is the coefficient of a^(k-m) b^m.                                   */

/* acc + entry m of (block p of a) * (block q of b), m <= p + q; with first != 0 the
 * first term starts the sum instead of being added to acc (0.0 + x cannot be folded). */
static inline double _dn2_hacc(double acc, int first, const double *a, unsigned p,
                               const double *b, unsigned q, unsigned m)
{
    const double *ap = a + p * (p + 1) / 2, *bq = b + q * (q + 1) / 2;
    unsigned lo = m > q ? m - q : 0, hi = m < p ? m : p;
    _DN_UNROLL for (unsigned i = lo; i <= hi; i++) {
        acc = first ? ap[i] * bq[m - i] : acc + ap[i] * bq[m - i];
        first = 0;
    }
    return acc;
}

/* entry m of sum_{j = lo..hi} (block j of a) (block k-j of b) (0 for an empty range), j
 * descending, so that b's blocks enter oldest first (the latency order of kernel.h). */
static inline double _dn2_tdot(const double *a, const double *b, unsigned lo, unsigned hi,
                               unsigned k, unsigned m)
{
    double acc = 0.0;
    if (hi < lo) return acc;
    _DN_UNROLL for (unsigned t = 0; t <= hi - lo; t++)
        acc = _dn2_hacc(acc, t == 0, a, hi - t, b, k - (hi - t), m);
    return acc;
}

/* v = theta u: block k times k (the Euler operator, d/dl of the univariate view) */
static inline void _dn2_ttheta(double *restrict v, const double *restrict u, unsigned n)
{
    _DN_UNROLL for (unsigned k = 0; k <= n; k++)
        _DN_UNROLL for (unsigned m = 0; m <= k; m++) v[k * (k + 1) / 2 + m] = (double)k * u[k * (k + 1) / 2 + m];
}

/** c = a * b (2-D Cauchy product, total order n). */
static inline void _dn2_tmul(double *restrict c, const double *restrict a,
                             const double *restrict b, unsigned n)
{
    _DN_UNROLL for (unsigned k = 0; k <= n; k++)
        _DN_UNROLL for (unsigned m = 0; m <= k; m++) c[k * (k + 1) / 2 + m] = _dn2_tdot(a, b, 0, k, k, m);
}

/** c = a / b: c_k = (a_k - sum_{j=1..k} b_j c_{k-j}) / b_0 by blocks. */
static inline void _dn2_tdiv(double *restrict c, const double *restrict a,
                             const double *restrict b, unsigned n)
{
    double inv = 1.0 / b[0];
    c[0] = a[0] * inv;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++)
        _DN_UNROLL for (unsigned m = 0; m <= k; m++)
            c[k * (k + 1) / 2 + m] = (a[k * (k + 1) / 2 + m] - _dn2_tdot(b, c, 1, k, k, m)) * inv;
}

/** f = f0 + "integral" of g: block 0 is f0, block k is g_k / k (g's block 0 is ignored).
 *  A NaN f0 makes every entry NaN, as _dn_tinteg. */
static inline void _dn2_tinteg(double *restrict f, double f0, const double *restrict g, unsigned n)
{
    f[0] = f0;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++)
        _DN_UNROLL for (unsigned m = 0; m <= k; m++)
            f[k * (k + 1) / 2 + m] = (f0 != f0) ? f0 : g[k * (k + 1) / 2 + m] * _dn_inv[k];
}

/* q = v / w where v's block 0 is zero (so is q's): the j = k term is skipped, so w_0 = 0
 * gives Inf/NaN from the first order on, as the univariate kernels do. */
static inline void _dn2_tdiv0(double *restrict q, const double *restrict v,
                              const double *restrict w, unsigned n)
{
    double inv = 1.0 / w[0];
    q[0] = 0.0;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++)
        _DN_UNROLL for (unsigned m = 0; m <= k; m++)
            q[k * (k + 1) / 2 + m] = (v[k * (k + 1) / 2 + m] - _dn2_tdot(w, q, 1, k - 1, k, m)) * inv;
}

/** f = f0 + integral of (theta u) / w: the shape of log, atan, asin, atanh, ... */
static inline void _dn2_tinteg_div(double *restrict f, double f0, const double *restrict u,
                                   const double *restrict w, unsigned n)
{
    double v[_DN2_S(n)], q[_DN2_S(n)];
    _dn2_ttheta(v, u, n);
    _dn2_tdiv0(q, v, w, n);
    _dn2_tinteg(f, f0, q, n);
}

/** e = exp(u) with e_0 = e0 given: k e_k = sum_{j=1..k} (j u_j) e_{k-j}. */
static inline void _dn2_texp(double *restrict e, double e0, const double *restrict u, unsigned n)
{
    double v[_DN2_S(n)];
    _dn2_ttheta(v, u, n);
    e[0] = e0;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++)
        _DN_UNROLL for (unsigned m = 0; m <= k; m++)
            e[k * (k + 1) / 2 + m] = _dn2_tdot(v, e, 1, k, k, m) * _dn_inv[k];
}

/** s = sin(u), c = cos(u) (sign = -1) or sinh, cosh (sign = +1); s0, c0 the values. */
static inline void _dn2_tsincos(double *restrict s, double *restrict c, double s0, double c0,
                                double sign, const double *restrict u, unsigned n)
{
    double v[_DN2_S(n)];
    _dn2_ttheta(v, u, n);
    s[0] = s0;
    c[0] = c0;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++)
        _DN_UNROLL for (unsigned m = 0; m <= k; m++) {
            unsigned e = k * (k + 1) / 2 + m;
            s[e] = _dn2_tdot(v, c, 1, k, k, m) * _dn_inv[k];
            c[e] = sign * _dn2_tdot(v, s, 1, k, k, m) * _dn_inv[k];
        }
}

/** t = tan(u) (sign = +1) or tanh(u) (sign = -1) from theta t = w theta u,
 *  w = 1 + sign t^2; t0 the value, w0 = 1 + sign t0^2 computed accurately by the caller. */
static inline void _dn2_ttan(double *restrict t, double t0, double w0, double sign,
                             const double *restrict u, unsigned n)
{
    double v[_DN2_S(n)], w[_DN2_S(n)];
    _dn2_ttheta(v, u, n);
    t[0] = t0;
    w[0] = w0;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++) {
        _DN_UNROLL for (unsigned m = 0; m <= k; m++)
            t[k * (k + 1) / 2 + m] = _dn2_tdot(v, w, 1, k, k, m) * _dn_inv[k];
        if (k < n)
            _DN_UNROLL for (unsigned m = 0; m <= k; m++)
                w[k * (k + 1) / 2 + m] = sign * _dn2_tdot(t, t, 0, k, k, m);
    }
}

/** r = sqrt(u) with r_0 = r0 given; only u's blocks 1..n are read (hypot). */
static inline void _dn2_tsqrt(double *restrict r, double r0, const double *restrict u, unsigned n)
{
    double inv2 = 0.5 / r0;
    r[0] = r0;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++)
        _DN_UNROLL for (unsigned m = 0; m <= k; m++)
            r[k * (k + 1) / 2 + m] = (u[k * (k + 1) / 2 + m] - _dn2_tdot(r, r, 1, k - 1, k, m)) * inv2;
}

/** f = u^p (real p), f_0 = f0 given, u_0 != 0:
 *  f_k = sum_{j=1..k} ((p+1) j - k) u_j f_{k-j} / (k u_0). */
static inline void _dn2_tpow(double *restrict f, double f0, double p,
                             const double *restrict u, unsigned n)
{
    double inv = 1.0 / u[0];
    f[0] = f0;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++)
        _DN_UNROLL for (unsigned m = 0; m <= k; m++) {
            double s = 0.0;
            _DN_UNROLL for (unsigned j = k; j >= 1; j--)
                s += ((p + 1.0) * (double)j - (double)k) * _dn2_hacc(0.0, 1, u, j, f, k - j, m);
            f[k * (k + 1) / 2 + m] = s * _dn_inv[k] * inv;
        }
}

/** f = h(u) = sum_j dh[j]/j! (u - u_0)^j from the derivatives dh[0..n] of h at u_0,
 *  about n 2-D products (the powers of u - u_0, whose blocks below j are zero). Terms
 *  whose power coefficient is exactly zero are skipped, as in _dn_tcompose, so an
 *  infinite dh[j] only reaches the entries that depend on it. */
static inline void _dn2_tcompose(double *restrict f, const double *restrict dh,
                                 const double *restrict u, unsigned n)
{
    const unsigned S = _DN2_S(n);
    double p[S], q[S];
    for (unsigned e = 0; e < S; e++) {
        p[e] = e == 0 ? 1.0 : 0.0;
        f[e] = e == 0 ? -0.0 : 0.0; /* -0 + h0 is h0, also -0: the value keeps its sign */
    }
    for (unsigned j = 0;; j++) {
        double hk = dh[j] * _dn_ifact[j];
        for (unsigned e = j * (j + 1) / 2; e < S; e++)
            if (p[e] != 0.0) f[e] += hk * p[e];
        if (j == n) break;
        /* q = p (u - u_0): p's blocks below j are zero, q's below j + 1 */
        for (unsigned k = 0; k <= n; k++)
            for (unsigned m = 0; m <= k; m++)
                q[k * (k + 1) / 2 + m] = k <= j ? 0.0 : _dn2_tdot(p, u, j, k - 1, k, m);
        for (unsigned e = 0; e < S; e++) p[e] = q[e];
    }
}

/* ------------------------------------------------------------------------------------ */
/* Zeros and poles (kernel.h's rule).                                                     */

/* Which variables u may depend on alone: bit 0 set if every partial with j > 0 is zero (x
 * alone), bit 1 if every partial with i > 0 is (y alone); a constant has both. NaN partials
 * (unknown) do not count: _dn2_sing passes them on. */
static inline unsigned _dn2_onevar(const double *u, unsigned n)
{
    unsigned mask = 3;
    for (unsigned s = 1; s <= n; s++)
        for (unsigned j = 0; j <= s; j++)
            if (u[s * (s + 1) / 2 + j] != 0.0 && !isnan(u[s * (s + 1) / 2 + j])) {
                if (j != 0) mask &= ~1u;
                if (j != s) mask &= ~2u;
            }
    return mask;
}

/* r = f(a) or f(a, b) at a zero or pole of an operand, through the univariate kernel f1
 * (f2 for two operands, fp with the constant p): where the operands depend on one variable
 * only, its column of partials is exactly the univariate answer and every mixed partial
 * is 0; a zero of a genuinely bivariate operand is not resolved: NaN partials. */
_DN_COLD static void _dn2_sing(double *r, const double *a, const double *b,
                               void (*f1)(double *, const double *, unsigned),
                               void (*f2)(double *, const double *, const double *, unsigned),
                               void (*fp)(double *, const double *, double, unsigned),
                               double p, unsigned n)
{
    unsigned mask = _dn2_onevar(a, n) & (b ? _dn2_onevar(b, n) : 3u);
    int v = (mask & 1u) ? 0 : (mask & 2u) ? 1 : -1; /* the column: x, y, or none */
    double ca[n + 1], cb[n + 1], cr[n + 1];
    unsigned m = v < 0 ? 0 : n;
    for (unsigned s = 0; s <= m; s++) {
        unsigned i = s * (s + 1) / 2 + (v == 1 ? s : 0);
        ca[s] = a[i];
        cb[s] = b ? b[i] : 0.0;
    }
    if (f1) f1(cr, ca, m);
    else if (f2) f2(cr, ca, cb, m);
    else fp(cr, ca, p, m);
    int unknown = v < 0; /* the other partials: 0, or NaN where an operand's are unknown */
    for (unsigned k = 1; k < _dn2_size(n); k++) unknown |= isnan(a[k]) || (b && isnan(b[k]));
    for (unsigned k = 0; k < _dn2_size(n); k++) r[k] = unknown ? NAN : 0.0;
    r[0] = cr[0];
    for (unsigned s = 1; s <= m; s++) r[s * (s + 1) / 2 + (v == 1 ? s : 0)] = cr[s];
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

/* The quotient takes its scratch w (3 (n+1)(n+2)/2 doubles, not overlapping anything) from
 * the caller: the fixed types pass a fixed-size array. GCC folds a VLA of constant size
 * into a plain array only below --param large-stack-frame/10 bytes once inlined, and an
 * unfolded VLA keeps the whole computation in memory (W4 at N = 2: 112 ns instead of
 * 24 ns per point when the product still worked this way). */
static inline void _dn2_div_w(double *r, const double *a, const double *b, unsigned n,
                              double *restrict w)
{
    const unsigned S = _DN2_S(n);
    if (b[0] == 0.0) { /* a zero of the divisor: kernel.h's rule */
        _dn2_sing(r, a, b, 0, _dn_div, 0, 0.0, n);
        return;
    }
    _dn2_to_t(w, a, n);
    _dn2_to_t(w + S, b, n);
    _dn2_tdiv(w + 2 * S, w, w + S, n);
    _dn2_from_t(r, w + 2 * S, n);
}

/** r = a / b; b_0 = 0 gives Inf/NaN as floating-point division. */
static inline void _dn2_div(double *r, const double *a, const double *b, unsigned n)
{
    double w[3 * _DN2_S(n)];
    _dn2_div_w(r, a, b, n, w);
}

/** r = c / b. */
static inline void _dn2_d_div(double *r, double c, const double *b, unsigned n)
{
    double w[3 * _DN2_S(n)], a[_DN2_S(n)];
    _dn2_set_const(a, c, n);
    _dn2_div_w(r, a, b, n, w);
}

/** r = exp(u). */
static inline void _dn2_exp(double *r, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], tr[_DN2_S(n)];
    _dn2_to_t(tu, u, n);
    _dn2_texp(tr, exp(u[0]), tu, n);
    _dn2_from_t(r, tr, n);
}

/** r = expm1(u), accurate value for small u_0. */
static inline void _dn2_expm1(double *r, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], tr[_DN2_S(n)], em1 = expm1(u[0]);
    _dn2_to_t(tu, u, n);
    _dn2_texp(tr, em1 + 1.0, tu, n);
    tr[0] = em1;
    _dn2_from_t(r, tr, n);
}

/** r = log(u); u_0 = 0 gives -Inf and Inf/NaN partials, u_0 < 0 NaN. */
static inline void _dn2_log(double *r, const double *u, unsigned n)
{
    if (u[0] == 0.0) {
        _dn2_sing(r, u, 0, _dn_log, 0, 0, 0.0, n);
        return;
    }
    double tu[_DN2_S(n)], tr[_DN2_S(n)];
    _dn2_to_t(tu, u, n);
    _dn2_tinteg_div(tr, log(u[0]), tu, tu, n);
    _dn2_from_t(r, tr, n);
}

/** r = log1p(u), accurate value for small u_0. */
static inline void _dn2_log1p(double *r, const double *u, unsigned n)
{
    if (u[0] == -1.0) {
        _dn2_sing(r, u, 0, _dn_log1p, 0, 0, 0.0, n);
        return;
    }
    double tu[_DN2_S(n)], tw[_DN2_S(n)], tr[_DN2_S(n)], v = log1p(u[0]);
    _dn2_to_t(tu, u, n);
    _dn2_to_t(tw, u, n);
    tw[0] = 1.0 + u[0];
    _dn2_tinteg_div(tr, v, tu, tw, n);
    _dn2_from_t(r, tr, n);
}

/** r = sqrt(u); u_0 = 0 gives Inf first partials. */
static inline void _dn2_sqrt(double *r, const double *u, unsigned n)
{
    if (u[0] == 0.0) {
        _dn2_sing(r, u, 0, _dn_sqrt, 0, 0, 0.0, n);
        return;
    }
    double tu[_DN2_S(n)], tr[_DN2_S(n)];
    _dn2_to_t(tu, u, n);
    _dn2_tsqrt(tr, sqrt(u[0]), tu, n);
    _dn2_from_t(r, tr, n);
}

/** r = u^m for an integer m by binary powering (m < 0: one division; at u_0 = 0 the pole
 *  rule), the series scaled to libm's value pow(u_0, m) as the univariate _dn_pown. */
static inline void _dn2_pown(double *r, const double *u, long m, unsigned n)
{
    const unsigned S = _DN2_S(n);
    double f0 = pow(u[0], (double)m);
    if (m < 0 && u[0] == 0.0) {
        _dn2_sing(r, u, 0, 0, 0, _dn_pow_d, (double)m, n);
        return;
    }
    double tb[S], tp[S], tt[S];
    unsigned long e = m < 0 ? 0UL - (unsigned long)m : (unsigned long)m;
    _dn2_to_t(tb, u, n);
    _dn2_set_const(tp, 1.0, n);
    while (e) {
        if (e & 1UL) {
            _dn2_tmul(tt, tp, tb, n);
            for (unsigned k = 0; k < S; k++) tp[k] = tt[k];
        }
        e >>= 1;
        if (e) {
            _dn2_tmul(tt, tb, tb, n);
            for (unsigned k = 0; k < S; k++) tb[k] = tt[k];
        }
    }
    if (m < 0) {
        _dn2_set_const(tb, 1.0, n);
        _dn2_tdiv(tt, tb, tp, n);
        for (unsigned k = 0; k < S; k++) tp[k] = tt[k];
    }
    if (tp[0] != f0 && isfinite(f0) && f0 != 0.0 && isfinite(tp[0]) && tp[0] != 0.0) {
        double c = f0 / tp[0];
        for (unsigned k = 1; k < S; k++) tp[k] *= c;
    }
    tp[0] = f0;
    _dn2_from_t(r, tp, n);
}

/** r = u^p for a real constant p: integer p (|p| < 2^31) by _dn2_pown; else u_0 < 0 gives
 *  NaN, u_0 = 0 gives 0 below order p and Inf/NaN above. */
static inline void _dn2_pow_d(double *r, const double *u, double p, unsigned n)
{
    if (p == floor(p) && fabs(p) < -(double)LONG_MIN) {
        _dn2_pown(r, u, (long)p, n);
        return;
    }
    double tu[_DN2_S(n)], tr[_DN2_S(n)];
    _dn2_to_t(tu, u, n);
    if (u[0] == 0.0) {
        _dn2_sing(r, u, 0, 0, 0, _dn_pow_d, p, n);
        return;
    }
    _dn2_tpow(tr, pow(u[0], p), p, tu, n);
    _dn2_from_t(r, tr, n);
}

/** r = cbrt(u), real cube root (negative u_0 allowed); u_0 = 0 gives Inf slopes. */
static inline void _dn2_cbrt(double *r, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], tr[_DN2_S(n)];
    _dn2_to_t(tu, u, n);
    if (u[0] == 0.0) {
        _dn2_sing(r, u, 0, _dn_cbrt, 0, 0, 0.0, n);
        return;
    }
    _dn2_tpow(tr, cbrt(u[0]), 1.0 / 3.0, tu, n);
    _dn2_from_t(r, tr, n);
}

/** r = a^b, both dual: exp(b log a) with value pow(a_0, b_0); needs a_0 > 0. */
static inline void _dn2_pow(double *r, const double *a, const double *b, unsigned n)
{
    double ta[_DN2_S(n)], tb[_DN2_S(n)], tl[_DN2_S(n)], tp[_DN2_S(n)];
    double v = pow(a[0], b[0]);
    _dn2_to_t(ta, a, n);
    _dn2_to_t(tb, b, n);
    _dn2_tinteg_div(tl, log(a[0]), ta, ta, n);
    _dn2_tmul(tp, tb, tl, n);
    _dn2_texp(tl, v, tp, n);
    _dn2_from_t(r, tl, n);
}

/** s = sin(u), c = cos(u) from one recurrence. s and c must differ. */
static inline void _dn2_sincos(double *s, double *c, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], ts[_DN2_S(n)], tc[_DN2_S(n)];
    _dn2_to_t(tu, u, n);
    _dn2_tsincos(ts, tc, sin(u[0]), cos(u[0]), -1.0, tu, n);
    _dn2_from_t(s, ts, n);
    _dn2_from_t(c, tc, n);
}

/** r = sin(u). */
static inline void _dn2_sin(double *r, const double *u, unsigned n)
{
    double c[_DN2_S(n)];
    _dn2_sincos(r, c, u, n);
}

/** r = cos(u). */
static inline void _dn2_cos(double *r, const double *u, unsigned n)
{
    double s[_DN2_S(n)];
    _dn2_sincos(s, r, u, n);
}

/** s = sinh(u), c = cosh(u) from one recurrence. s and c must differ. */
static inline void _dn2_sinhcosh(double *s, double *c, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], ts[_DN2_S(n)], tc[_DN2_S(n)];
    _dn2_to_t(tu, u, n);
    _dn2_tsincos(ts, tc, sinh(u[0]), cosh(u[0]), 1.0, tu, n);
    _dn2_from_t(s, ts, n);
    _dn2_from_t(c, tc, n);
}

/** r = sinh(u). */
static inline void _dn2_sinh(double *r, const double *u, unsigned n)
{
    double c[_DN2_S(n)];
    _dn2_sinhcosh(r, c, u, n);
}

/** r = cosh(u). */
static inline void _dn2_cosh(double *r, const double *u, unsigned n)
{
    double s[_DN2_S(n)];
    _dn2_sinhcosh(s, r, u, n);
}

/** r = tan(u). */
static inline void _dn2_tan(double *r, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], tr[_DN2_S(n)], t0 = tan(u[0]);
    _dn2_to_t(tu, u, n);
    _dn2_ttan(tr, t0, 1.0 + t0 * t0, 1.0, tu, n);
    _dn2_from_t(r, tr, n);
}

/** r = tanh(u); 1 - tanh^2 = 1/cosh^2 keeps large |u_0| finite (exact zeros). */
static inline void _dn2_tanh(double *r, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], tr[_DN2_S(n)], ch = cosh(u[0]);
    _dn2_to_t(tu, u, n);
    _dn2_ttan(tr, tanh(u[0]), 1.0 / (ch * ch), -1.0, tu, n);
    _dn2_from_t(r, tr, n);
}

/* w = sg (1 - u^2) (sg = +1) or u^2 - 1 (sg = -1), optionally its square root; the
 * value is formed as a product of two factors for accuracy */
static inline void _dn2_tone_minus_sq(double *restrict w, const double *restrict tu, double sg,
                                      int root, unsigned n)
{
    const unsigned S = _DN2_S(n);
    double sq[S];
    _dn2_tmul(sq, tu, tu, n);
    w[0] = sg * (1.0 - tu[0]) * (1.0 + tu[0]) + 0.0; /* + 0.0: acosh(1) gives +0, not -0
                                                       * (whose root made the slope -Inf) */
    for (unsigned e = 1; e < S; e++) w[e] = -sg * sq[e];
    if (root) {
        _dn2_tsqrt(sq, sqrt(w[0]), w, n);
        for (unsigned e = 0; e < S; e++) w[e] = sq[e];
    }
}

/* w = 1 + u^2, optionally its square root */
static inline void _dn2_tone_plus_sq(double *restrict w, const double *restrict tu, int root,
                                     unsigned n)
{
    const unsigned S = _DN2_S(n);
    double sq[S];
    _dn2_tmul(w, tu, tu, n);
    w[0] += 1.0;
    if (root) {
        _dn2_tsqrt(sq, hypot(1.0, tu[0]), w, n);
        for (unsigned e = 0; e < S; e++) w[e] = sq[e];
    }
}

/** r = asin(u); |u_0| > 1 gives NaN, |u_0| = 1 Inf partials. */
static inline void _dn2_asin(double *r, const double *u, unsigned n)
{
    if (fabs(u[0]) == 1.0) {
        _dn2_sing(r, u, 0, _dn_asin, 0, 0, 0.0, n);
        return;
    }
    double tu[_DN2_S(n)], tw[_DN2_S(n)], tr[_DN2_S(n)], v = asin(u[0]);
    _dn2_to_t(tu, u, n);
    _dn2_tone_minus_sq(tw, tu, 1.0, 1, n);
    _dn2_tinteg_div(tr, v, tu, tw, n);
    _dn2_from_t(r, tr, n);
}

/** r = acos(u) = pi/2 - asin(u) (value from acos). */
static inline void _dn2_acos(double *r, const double *u, unsigned n)
{
    double v = acos(u[0]); /* before r (which may alias u) is written */
    _dn2_asin(r, u, n);
    _dn2_neg(r, r, n);
    r[0] = v;
}

/** r = atanh(u); |u_0| = 1 gives Inf, |u_0| > 1 NaN. */
static inline void _dn2_atanh(double *r, const double *u, unsigned n)
{
    if (fabs(u[0]) == 1.0) {
        _dn2_sing(r, u, 0, _dn_atanh, 0, 0, 0.0, n);
        return;
    }
    double tu[_DN2_S(n)], tw[_DN2_S(n)], tr[_DN2_S(n)], v = atanh(u[0]);
    _dn2_to_t(tu, u, n);
    _dn2_tone_minus_sq(tw, tu, 1.0, 0, n);
    _dn2_tinteg_div(tr, v, tu, tw, n);
    _dn2_from_t(r, tr, n);
}

/** r = acosh(u); u_0 < 1 gives NaN, u_0 = 1 Inf partials. */
static inline void _dn2_acosh(double *r, const double *u, unsigned n)
{
    if (u[0] == 1.0) {
        _dn2_sing(r, u, 0, _dn_acosh, 0, 0, 0.0, n);
        return;
    }
    double tu[_DN2_S(n)], tw[_DN2_S(n)], tr[_DN2_S(n)], v = acosh(u[0]);
    _dn2_to_t(tu, u, n);
    _dn2_tone_minus_sq(tw, tu, -1.0, 1, n);
    _dn2_tinteg_div(tr, v, tu, tw, n);
    _dn2_from_t(r, tr, n);
}

/** r = atan(u). */
static inline void _dn2_atan(double *r, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], tw[_DN2_S(n)], tr[_DN2_S(n)], v = atan(u[0]);
    _dn2_to_t(tu, u, n);
    _dn2_tone_plus_sq(tw, tu, 0, n);
    _dn2_tinteg_div(tr, v, tu, tw, n);
    _dn2_from_t(r, tr, n);
}

/** r = asinh(u). */
static inline void _dn2_asinh(double *r, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], tw[_DN2_S(n)], tr[_DN2_S(n)], v = asinh(u[0]);
    _dn2_to_t(tu, u, n);
    _dn2_tone_plus_sq(tw, tu, 1, n);
    _dn2_tinteg_div(tr, v, tu, tw, n);
    _dn2_from_t(r, tr, n);
}

/** r = atan2(y, x) (C argument order): integral of (x theta y - y theta x) / (x^2 + y^2),
 *  value atan2(y_0, x_0). (0, 0) gives NaN partials. */
static inline void _dn2_atan2(double *r, const double *y, const double *x, unsigned n)
{
    const unsigned S = _DN2_S(n);
    double ty[S], tx[S], dy[S], dx[S], num[S], den[S], q[S], v = atan2(y[0], x[0]);
    _dn2_to_t(ty, y, n);
    _dn2_to_t(tx, x, n);
    _dn2_ttheta(dy, ty, n);
    _dn2_ttheta(dx, tx, n);
    _dn2_tmul(num, tx, dy, n);
    _dn2_tmul(q, ty, dx, n);
    for (unsigned e = 0; e < S; e++) num[e] -= q[e];
    _dn2_tmul(den, tx, tx, n);
    _dn2_tmul(q, ty, ty, n);
    for (unsigned e = 0; e < S; e++) den[e] += q[e];
    _dn2_tdiv0(q, num, den, n);
    _dn2_tinteg(num, v, q, n);
    _dn2_from_t(r, num, n);
}

/** r = hypot(a, b) = sqrt(a^2 + b^2) without overflow in the value; (0, 0) gives NaN
 *  partials. */
static inline void _dn2_hypot(double *r, const double *a, const double *b, unsigned n)
{
    const unsigned S = _DN2_S(n);
    double ta[S], tb[S], s[S], t[S], v = hypot(a[0], b[0]);
    _dn2_to_t(ta, a, n);
    _dn2_to_t(tb, b, n);
    _dn2_tmul(s, ta, ta, n);
    _dn2_tmul(t, tb, tb, n);
    for (unsigned e = 0; e < S; e++) s[e] += t[e];
    _dn2_tsqrt(t, v, s, n);
    _dn2_from_t(r, t, n);
}

/* f = f0 + s0 * integral of (2/sqrt(pi)) exp(-u^2) theta u */
static inline void _dn2_terf(double *restrict f, double f0, double s0,
                             const double *restrict tu, unsigned n)
{
    const unsigned S = _DN2_S(n);
    double sq[S], e[S], du[S], g[S];
    _dn2_tmul(sq, tu, tu, n);
    for (unsigned k = 0; k < S; k++) sq[k] = -sq[k];
    _dn2_texp(e, exp(sq[0]), sq, n);
    _dn2_ttheta(du, tu, n);
    _dn2_tmul(g, e, du, n);
    for (unsigned k = 0; k < S; k++) g[k] *= s0 * _DN_2_SQRTPI;
    _dn2_tinteg(f, f0, g, n);
}

/** r = erf(u). */
static inline void _dn2_erf(double *r, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], tr[_DN2_S(n)];
    _dn2_to_t(tu, u, n);
    _dn2_terf(tr, erf(u[0]), 1.0, tu, n);
    _dn2_from_t(r, tr, n);
}

/** r = erfc(u) = 1 - erf(u), accurate value for large u_0. */
static inline void _dn2_erfc(double *r, const double *u, unsigned n)
{
    double tu[_DN2_S(n)], tr[_DN2_S(n)];
    _dn2_to_t(tu, u, n);
    _dn2_terf(tr, erfc(u[0]), -1.0, tu, n);
    _dn2_from_t(r, tr, n);
}

/** r = |u|; at u_0 = 0 the value is 0 and every partial NaN (as _dn_abs). */
static inline void _dn2_abs(double *r, const double *u, unsigned n)
{
    _dn_abs(r, u, _dn2_size(n) - 1);
}

/** r = h(u) for a user function given by h(x, k, ctx) = h^(k)(x): calls h n + 1 times
 *  (k = 0..n at x = u_0), then composes (_dn2_tcompose: about n 2-D products, O(n^5)). */
static inline void _dn2_apply(double *r, const double *u, dn_deriv_fn h, void *ctx, unsigned n)
{
    double dh[n + 1], tu[_DN2_S(n)], tr[_DN2_S(n)];
    double u0 = u[0];
    for (unsigned j = 0; j <= n; j++) dh[j] = h(u0, j, ctx);
    _dn2_to_t(tu, u, n);
    _dn2_tcompose(tr, dh, tu, n);
    _dn2_from_t(r, tr, n);
}

#include "dnum/kernel2_special.h" /* special functions */

#endif /* DNUM_KERNEL2_H */
