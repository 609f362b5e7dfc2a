/* dnum/kernel_wide.h -- extended-precision cores for the recurrences that cancel (internal).
 *
 * Included by kernel.h; names start with _dn_w ("wide"); do not call them from user code.
 *
 * Why: the recurrences of u^p, a^b, atan2 and hypot can sum terms hundreds of times larger
 * than their result (e.g. the 6th derivative of (2x^2+x)^2.5 at x = 0.8 is -0.27 from
 * terms near 700). In double, the rounding of each stored coefficient is then amplified
 * into every later order (measured: 6e-12 against mpmath). Carried in a wider format the
 * same recurrences match mpmath to a few 1e-15; inputs and outputs stay double.
 *
 * The wide type _dn_wide is
 *   - long double where it has a 64-bit or longer significand (x86 extended precision:
 *     hardware, about 3-4x the cost of the double recurrence), else
 *   - double-double hi + lo (about 106 bits; 6-13x the cost): sums of products use
 *     compensated accumulation (Dot2 of Ogita, Rump and Oishi on double-double operands),
 *     product errors exact through fma. Non-finite values carry lo = 0, so Inf and NaN
 *     propagate as in double. Define DN_WIDE_DD to force it (CI tests both).
 * The cores below are written once on the primitives of either.
 *
 * Index: primitives _dn_wide _dn_wd _dn_wval _dn_wadd _dn_wsub _dn_wmul1 _dn_wdiv1
 *                   _dn_wconv _dn_wsqrt_head
 *        series     _dn_wfrom _dn_wto _dn_wdiff _dn_winteg _dn_wmul _dn_wdiv _dn_wsqrt
 *                   _dn_wexp _dn_wpow
 */
#ifndef DNUM_KERNEL_WIDE_H
#define DNUM_KERNEL_WIDE_H

#include <float.h>
#include <math.h>

#if LDBL_MANT_DIG >= 64 && !defined(DN_WIDE_DD)

/** The wide number: long double. */
typedef long double _dn_wide;
#define _DN_WIDE_LDBL 1

static inline _dn_wide _dn_wd(double x) { return x; }                 /**< from double */
static inline double _dn_wval(_dn_wide a) { return (double)a; }       /**< rounded */
static inline _dn_wide _dn_wadd(_dn_wide a, _dn_wide b) { return a + b; } /**< a + b */
static inline _dn_wide _dn_wsub(_dn_wide a, _dn_wide b) { return a - b; } /**< a - b */
static inline _dn_wide _dn_wmul1(_dn_wide a, double c) { return a * c; }  /**< a c */
static inline _dn_wide _dn_wdiv1(_dn_wide a, _dn_wide b) { return a / b; } /**< a / b */

/** init + sum_{j=lo..hi} a[j] b[k-j]. */
static inline _dn_wide _dn_wconv(_dn_wide init, const _dn_wide *a, const _dn_wide *b,
                                 unsigned k, unsigned lo, unsigned hi)
{
    for (unsigned j = lo; j <= hi; j++) init += a[j] * b[k - j];
    return init;
}

/** sqrt(s) given its double approximation r (a correctly computed hypot); r where s is
 *  out of range. */
static inline _dn_wide _dn_wsqrt_head(_dn_wide s, double r)
{
    return (isfinite(r) && s > 0) ? sqrtl(s) : r;
}

#else

/** The wide number: double-double hi + lo, |lo| <= ulp(hi)/2. */
typedef struct {
    double hi, lo;
} _dn_wide;

/* the pair (hi, lo) as it is (no compound literal: the header also compiles as C++) */
static inline _dn_wide _dn_wpair(double hi, double lo)
{
    _dn_wide r;
    r.hi = hi;
    r.lo = lo;
    return r;
}

/* hi + lo from s and a small correction e (|e| well below |s|, or s = 0) */
static inline _dn_wide _dn_wnorm(double s, double e)
{
    if (!isfinite(s)) return _dn_wpair(s, 0.0);
    double h = s + e;
    return _dn_wpair(h, e - (h - s));
}

static inline _dn_wide _dn_wd(double x) { return _dn_wpair(x, 0.0); } /**< from double */
static inline double _dn_wval(_dn_wide a) { return a.hi + a.lo; }     /**< rounded */

/** a + b. */
static inline _dn_wide _dn_wadd(_dn_wide a, _dn_wide b)
{
    double s = a.hi + b.hi, v = s - a.hi;
    double e = (a.hi - (s - v)) + (b.hi - v); /* exact error of s (two-sum) */
    return _dn_wnorm(s, e + (a.lo + b.lo));
}

/** a - b. */
static inline _dn_wide _dn_wsub(_dn_wide a, _dn_wide b)
{
    return _dn_wadd(a, _dn_wpair(-b.hi, -b.lo));
}

/** a c for a double c. */
static inline _dn_wide _dn_wmul1(_dn_wide a, double c)
{
    double p = a.hi * c;
    return _dn_wnorm(p, fma(a.hi, c, -p) + a.lo * c);
}

/** a / b. */
static inline _dn_wide _dn_wdiv1(_dn_wide a, _dn_wide b)
{
    double q = a.hi / b.hi;
    double r = fma(-q, b.hi, a.hi) + (a.lo - q * b.lo); /* the remainder a - q b */
    return _dn_wnorm(q, r / b.hi);
}

/** init + sum_{j=lo..hi} a[j] b[k-j], compensated. */
static inline _dn_wide _dn_wconv(_dn_wide init, const _dn_wide *a, const _dn_wide *b,
                                 unsigned k, unsigned lo, unsigned hi)
{
    double s = init.hi, err = init.lo;
    for (unsigned j = lo; j <= hi; j++) {
        _dn_wide x = a[j], y = b[k - j];
        double p = x.hi * y.hi;
        double t = s + p, v = t - s;
        err += (fma(x.hi, y.hi, -p) + ((s - (t - v)) + (p - v))) + (x.hi * y.lo + x.lo * y.hi);
        s = t;
    }
    return _dn_wnorm(s, err);
}

/** sqrt(s) given its double approximation r (a correctly computed hypot): one Newton
 *  step on the exact head; r where s is out of range. */
static inline _dn_wide _dn_wsqrt_head(_dn_wide s, double r)
{
    if (!(s.hi > 0x1p-900 && s.hi < INFINITY) || !isfinite(r)) return _dn_wpair(r, 0.0);
    return _dn_wnorm(r, (fma(-r, r, s.hi) + s.lo) / (2.0 * r));
}

#endif

#endif /* DNUM_KERNEL_WIDE_H */

/* The series cores: part of the kernel body (kernel.h), instantiated per element type on
 * its wide type (for double the one above; for a type that is already wide, itself). */
#ifdef _DN_KERNEL_BODY
/* ------------------------------------------------------------------------------------ */
/* Series cores on wide Taylor coefficients (order n, no aliasing).                        */

/** w[k] = t[k], k = 0..n. */
static inline void _DN_K(wfrom)(_DN_K(wide) *w, const _DN_R *t, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) w[k] = _DN_K(wd)(t[k]);
}

/** t[k] = w[k] rounded to double, k = 0..n. */
static inline void _DN_K(wto)(_DN_R *t, const _DN_K(wide) *w, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) t[k] = _DN_K(wval)(w[k]);
}

/** g = derivative of a as a series of order n - 1: g[m] = (m+1) a[m+1]. n >= 1. */
static inline void _DN_K(wdiff)(_DN_K(wide) *restrict g, const _DN_K(wide) *restrict a, unsigned n)
{
    for (unsigned m = 0; m < n; m++) g[m] = _DN_K(wmul1)(a[m + 1], (_DN_R)(m + 1));
}

/** f = f0 + integral of g: f[k] = g[k-1] / k; a NaN f0 makes every derivative NaN. */
static inline void _DN_K(winteg)(_DN_K(wide) *restrict f, _DN_R f0, const _DN_K(wide) *restrict g,
                              unsigned n)
{
    f[0] = _DN_K(wd)(f0);
    for (unsigned k = 1; k <= n; k++)
        f[k] = (f0 != f0) ? f[0] : _DN_K(wdiv1)(g[k - 1], _DN_K(wd)((_DN_R)k));
}

/** c = a * b (Cauchy product). */
static inline void _DN_K(wmul)(_DN_K(wide) *restrict c, const _DN_K(wide) *restrict a,
                            const _DN_K(wide) *restrict b, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) c[k] = _DN_K(wconv)(_DN_K(wd)(0.0), a, b, k, 0, k);
}

/** c = a / b: c[k] = (a[k] - sum_{j<k} c[j] b[k-j]) / b[0]. */
static inline void _DN_K(wdiv)(_DN_K(wide) *restrict c, const _DN_K(wide) *restrict a,
                            const _DN_K(wide) *restrict b, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) {
        _DN_K(wide) s = k ? _DN_K(wconv)(_DN_K(wd)(0.0), c, b, k, 0, k - 1) : _DN_K(wd)(0.0);
        c[k] = _DN_K(wdiv1)(_DN_K(wsub)(a[k], s), b[0]);
    }
}

/** r = sqrt(u) with r[0] = r0 given; reads only u[1..n] (see _dn_tsqrt). */
static inline void _DN_K(wsqrt)(_DN_K(wide) *restrict r, _DN_K(wide) r0, const _DN_K(wide) *restrict u,
                             unsigned n)
{
    _DN_K(wide) two_r0 = _DN_K(wmul1)(r0, 2.0);
    r[0] = r0;
    for (unsigned k = 1; k <= n; k++) {
        _DN_K(wide) s = k > 1 ? _DN_K(wconv)(_DN_K(wd)(0.0), r, r, k, 1, k - 1) : _DN_K(wd)(0.0);
        r[k] = _DN_K(wdiv1)(_DN_K(wsub)(u[k], s), two_r0);
    }
}

/** e = exp(u) with e[0] = e0 given: e[k] = sum_{j=1..k} j u[j] e[k-j] / k. An overflowed
 *  e0 runs the recurrence from 1 and scales at the end (Inf derivatives, not NaN).
 *  Scratch: ww, n + 1 wide numbers. */
static inline void _DN_K(wexp)(_DN_K(wide) *restrict e, _DN_R e0, const _DN_K(wide) *restrict u,
                            unsigned n, _DN_K(wide) *restrict ww)
{
    _DN_K(wide) *v = ww;
    _DN_R f = isinf(e0) ? e0 : 1.0;
    e[0] = _DN_K(wd)(isinf(e0) ? 1.0 : e0);
    for (unsigned j = 1; j <= n; j++) v[j] = _DN_K(wmul1)(u[j], (_DN_R)j);
    for (unsigned k = 1; k <= n; k++)
        e[k] = _DN_K(wdiv1)(_DN_K(wconv)(_DN_K(wd)(0.0), v, e, k, 1, k), _DN_K(wd)((_DN_R)k));
    if (f != 1.0)
        for (unsigned k = 0; k <= n; k++) e[k] = _DN_K(wd)(_DN_K(wval)(e[k]) * f);
}

/** f = u^p with f[0] = f0 given, u0 != 0: from u f' = p f u',
 *  f[k] = ((p + 1) A - k C) / (k u0), A = sum_{j=1..k} j u[j] f[k-j], C = sum u[j] f[k-j].
 *  Scratch: ww, n + 1 wide numbers. */
static inline void _DN_K(wpow)(_DN_K(wide) *restrict f, _DN_R f0, _DN_R p, const _DN_K(wide) *restrict u,
                            unsigned n, _DN_K(wide) *restrict ww)
{
    _DN_K(wide) *v = ww;
    f[0] = _DN_K(wd)(f0);
    for (unsigned j = 1; j <= n; j++) v[j] = _DN_K(wmul1)(u[j], (_DN_R)j);
    for (unsigned k = 1; k <= n; k++) {
        _DN_K(wide) a = _DN_K(wconv)(_DN_K(wd)(0.0), v, f, k, 1, k);
        _DN_K(wide) c = _DN_K(wconv)(_DN_K(wd)(0.0), u, f, k, 1, k);
        _DN_K(wide) s = _DN_K(wsub)(_DN_K(wadd)(_DN_K(wmul1)(a, p), a), _DN_K(wmul1)(c, (_DN_R)k));
        f[k] = _DN_K(wdiv1)(s, _DN_K(wmul1)(u[0], (_DN_R)k));
    }
}

#endif /* _DN_KERNEL_BODY */
