/* dnum/internal/kernel_wide.h -- extended-precision cores for the recurrences that cancel (internal).
 *
 * Included by kernel.h; names start with dni_w ("wide"); do not call them from user code.
 *
 * Why: the recurrences of u^p, a^b, atan2 and hypot can sum terms hundreds of times larger
 * than their result (e.g. the 6th derivative of (2x^2+x)^2.5 at x = 0.8 is -0.27 from
 * terms near 700). In double, the rounding of each stored coefficient is then amplified
 * into every later order (measured: 6e-12 against mpmath). Carried in a wider format the
 * same recurrences match mpmath to a few 1e-15; inputs and outputs stay double.
 *
 * The wide type dni_wide is
 *   - long double where it has a 64-bit or longer significand (x86 extended precision:
 *     hardware, about 3-4x the cost of the double recurrence), else
 *   - double-double hi + lo (about 106 bits; 6-13x the cost): sums of products use
 *     compensated accumulation (Dot2 of Ogita, Rump and Oishi on double-double operands),
 *     product errors exact through fma. Non-finite values carry lo = 0, so Inf and NaN
 *     propagate as in double. Define DN_WIDE_DD to force it (CI tests both).
 * The cores below are written once on the primitives of either.
 *
 * Index: primitives dni_wide dni_wd dni_wval dni_wadd dni_wsub dni_wmul1 dni_wdiv1
 *                   dni_wconv dni_wsqrt_head
 *        series     dni_wfrom dni_wto dni_wdiff dni_winteg dni_wmul dni_wdiv dni_wsqrt
 *                   dni_wexp dni_wpow
 */
#ifndef DNUM_KERNEL_WIDE_H
#define DNUM_KERNEL_WIDE_H

#include <float.h>
#include <math.h>

#if LDBL_MANT_DIG >= 64 && !defined(DN_WIDE_DD)

/** The wide number: long double. */
typedef long double dni_wide;
#define DNI_WIDE_LDBL 1

/* clang-format off */
static inline dni_wide dni_wd(double x) { return x; }                 /**< from double */
static inline double dni_wval(dni_wide a) { return (double)a; }       /**< rounded */
static inline dni_wide dni_wadd(dni_wide a, dni_wide b) { return a + b; } /**< a + b */
static inline dni_wide dni_wsub(dni_wide a, dni_wide b) { return a - b; } /**< a - b */
static inline dni_wide dni_wmul1(dni_wide a, double c) { return a * c; }  /**< a c */
static inline dni_wide dni_wdiv1(dni_wide a, dni_wide b) { return a / b; } /**< a / b */
/* clang-format on */

/** init + sum_{j=lo..hi} a[j] b[k-j]. */
static inline dni_wide dni_wconv(dni_wide init, const dni_wide *a, const dni_wide *b,
                                 unsigned k, unsigned lo, unsigned hi)
{
    for (unsigned j = lo; j <= hi; j++) init += a[j] * b[k - j];
    return init;
}

/** sqrt(s) given its double approximation r (a correctly computed hypot); r where s is
 *  out of range. */
static inline dni_wide dni_wsqrt_head(dni_wide s, double r)
{
    return (isfinite(r) && s > 0) ? sqrtl(s) : r;
}

#else

/** The wide number: double-double hi + lo, |lo| <= ulp(hi)/2. */
typedef struct {
    double hi, lo;
} dni_wide;

/* the pair (hi, lo) as it is (no compound literal: the header also compiles as C++) */
static inline dni_wide dni_wpair(double hi, double lo)
{
    dni_wide r;
    r.hi = hi;
    r.lo = lo;
    return r;
}

/* hi + lo from s and a small correction e (|e| well below |s|, or s = 0) */
static inline dni_wide dni_wnorm(double s, double e)
{
    if (!isfinite(s)) return dni_wpair(s, 0.0);
    double h = s + e;
    return dni_wpair(h, e - (h - s));
}

/* clang-format off */
static inline dni_wide dni_wd(double x) { return dni_wpair(x, 0.0); } /**< from double */
static inline double dni_wval(dni_wide a) { return a.hi + a.lo; }     /**< rounded */
/* clang-format on */

/** a + b. */
static inline dni_wide dni_wadd(dni_wide a, dni_wide b)
{
    double s = a.hi + b.hi, v = s - a.hi;
    double e = (a.hi - (s - v)) + (b.hi - v); /* exact error of s (two-sum) */
    return dni_wnorm(s, e + (a.lo + b.lo));
}

/** a - b. */
static inline dni_wide dni_wsub(dni_wide a, dni_wide b)
{
    return dni_wadd(a, dni_wpair(-b.hi, -b.lo));
}

/** a c for a double c. */
static inline dni_wide dni_wmul1(dni_wide a, double c)
{
    double p = a.hi * c;
    return dni_wnorm(p, fma(a.hi, c, -p) + a.lo * c);
}

/** a / b. */
static inline dni_wide dni_wdiv1(dni_wide a, dni_wide b)
{
    double q = a.hi / b.hi;
    double r = fma(-q, b.hi, a.hi) + (a.lo - q * b.lo); /* the remainder a - q b */
    return dni_wnorm(q, r / b.hi);
}

/** init + sum_{j=lo..hi} a[j] b[k-j], compensated. */
static inline dni_wide dni_wconv(dni_wide init, const dni_wide *a, const dni_wide *b,
                                 unsigned k, unsigned lo, unsigned hi)
{
    double s = init.hi, err = init.lo;
    for (unsigned j = lo; j <= hi; j++) {
        dni_wide x = a[j], y = b[k - j];
        double p = x.hi * y.hi;
        double t = s + p, v = t - s;
        err +=
            (fma(x.hi, y.hi, -p) + ((s - (t - v)) + (p - v))) + (x.hi * y.lo + x.lo * y.hi);
        s = t;
    }
    return dni_wnorm(s, err);
}

/** sqrt(s) given its double approximation r (a correctly computed hypot): one Newton
 *  step on the exact head; r where s is out of range. */
static inline dni_wide dni_wsqrt_head(dni_wide s, double r)
{
    if (!(s.hi > 0x1p-900 && s.hi < INFINITY) || !isfinite(r)) return dni_wpair(r, 0.0);
    return dni_wnorm(r, (fma(-r, r, s.hi) + s.lo) / (2.0 * r));
}

#endif

#endif /* DNUM_KERNEL_WIDE_H */

/* The series cores: part of the kernel body (kernel.h), instantiated per element type on
 * its wide type (for double the one above; for a type that is already wide, itself). */
#ifdef DNI_KERNEL_BODY
/* ------------------------------------------------------------------------------------ */
/* Series cores on wide Taylor coefficients (order n, no aliasing).                        */

/** w[k] = t[k], k = 0..n. */
DNI_KINLINE void DNI_K(wfrom)(DNI_K(wide) *w, const DNI_R *t, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) w[k] = DNI_K(wd)(t[k]);
}

/** t[k] = w[k] rounded to double, k = 0..n. */
DNI_KINLINE void DNI_K(wto)(DNI_R *t, const DNI_K(wide) *w, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) t[k] = DNI_K(wval)(w[k]);
}

/** g = derivative of a as a series of order n - 1: g[m] = (m+1) a[m+1]. n >= 1. */
DNI_KINLINE void DNI_K(wdiff)(DNI_K(wide) *restrict g, const DNI_K(wide) *restrict a,
                              unsigned n)
{
    for (unsigned m = 0; m < n; m++) g[m] = DNI_K(wmul1)(a[m + 1], (DNI_R)(m + 1));
}

/** f = f0 + integral of g: f[k] = g[k-1] / k; a NaN f0 makes every derivative NaN. */
DNI_KINLINE void DNI_K(winteg)(DNI_K(wide) *restrict f, DNI_R f0,
                               const DNI_K(wide) *restrict g, unsigned n)
{
    f[0] = DNI_K(wd)(f0);
    for (unsigned k = 1; k <= n; k++)
        f[k] = (f0 != f0) ? f[0] : DNI_K(wdiv1)(g[k - 1], DNI_K(wd)((DNI_R)k));
}

/** c = a * b (Cauchy product). */
DNI_KINLINE void DNI_K(wmul)(DNI_K(wide) *restrict c, const DNI_K(wide) *restrict a,
                             const DNI_K(wide) *restrict b, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) c[k] = DNI_K(wconv)(DNI_K(wd)(0.0), a, b, k, 0, k);
}

/** c = a / b: c[k] = (a[k] - sum_{j<k} c[j] b[k-j]) / b[0]. */
DNI_KINLINE void DNI_K(wdiv)(DNI_K(wide) *restrict c, const DNI_K(wide) *restrict a,
                             const DNI_K(wide) *restrict b, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) {
        DNI_K(wide) s =
            k ? DNI_K(wconv)(DNI_K(wd)(0.0), c, b, k, 0, k - 1) : DNI_K(wd)(0.0);
        c[k] = DNI_K(wdiv1)(DNI_K(wsub)(a[k], s), b[0]);
    }
}

/** r = sqrt(u) with r[0] = r0 given; reads only u[1..n] (see dni_tsqrt). */
DNI_KINLINE void DNI_K(wsqrt)(DNI_K(wide) *restrict r, DNI_K(wide) r0,
                              const DNI_K(wide) *restrict u, unsigned n)
{
    DNI_K(wide) two_r0 = DNI_K(wmul1)(r0, 2.0);
    r[0] = r0;
    for (unsigned k = 1; k <= n; k++) {
        DNI_K(wide) s =
            k > 1 ? DNI_K(wconv)(DNI_K(wd)(0.0), r, r, k, 1, k - 1) : DNI_K(wd)(0.0);
        r[k] = DNI_K(wdiv1)(DNI_K(wsub)(u[k], s), two_r0);
    }
}

/** e = exp(u) with e[0] = e0 given: e[k] = sum_{j=1..k} j u[j] e[k-j] / k. An overflowed
 *  e0 runs the recurrence from 1 and scales at the end (Inf derivatives, not NaN).
 *  Scratch: ww, n + 1 wide numbers. */
DNI_KINLINE void DNI_K(wexp)(DNI_K(wide) *restrict e, DNI_R e0,
                             const DNI_K(wide) *restrict u, unsigned n,
                             DNI_K(wide) *restrict ww)
{
    DNI_K(wide) *v = ww;
    DNI_R f = isinf(e0) ? e0 : 1.0;
    e[0] = DNI_K(wd)(isinf(e0) ? 1.0 : e0);
    for (unsigned j = 1; j <= n; j++) v[j] = DNI_K(wmul1)(u[j], (DNI_R)j);
    for (unsigned k = 1; k <= n; k++)
        e[k] =
            DNI_K(wdiv1)(DNI_K(wconv)(DNI_K(wd)(0.0), v, e, k, 1, k), DNI_K(wd)((DNI_R)k));
    if (f != 1.0)
        for (unsigned k = 0; k <= n; k++) e[k] = DNI_K(wd)(DNI_K(wval)(e[k]) * f);
}

/** f = u^p with f[0] = f0 given, u0 != 0: from u f' = p f u',
 *  f[k] = ((p + 1) A - k C) / (k u0), A = sum_{j=1..k} j u[j] f[k-j], C = sum u[j] f[k-j].
 *  Scratch: ww, n + 1 wide numbers. */
DNI_KINLINE void DNI_K(wpow)(DNI_K(wide) *restrict f, DNI_R f0, DNI_R p,
                             const DNI_K(wide) *restrict u, unsigned n,
                             DNI_K(wide) *restrict ww)
{
    DNI_K(wide) *v = ww;
    f[0] = DNI_K(wd)(f0);
    for (unsigned j = 1; j <= n; j++) v[j] = DNI_K(wmul1)(u[j], (DNI_R)j);
    for (unsigned k = 1; k <= n; k++) {
        DNI_K(wide) a = DNI_K(wconv)(DNI_K(wd)(0.0), v, f, k, 1, k);
        DNI_K(wide) c = DNI_K(wconv)(DNI_K(wd)(0.0), u, f, k, 1, k);
        /* (p a + (a - k c): a tiny p keeps its term) */
        DNI_K(wide) s =
            DNI_K(wadd)(DNI_K(wmul1)(a, p), DNI_K(wsub)(a, DNI_K(wmul1)(c, (DNI_R)k)));
        f[k] = DNI_K(wdiv1)(s, DNI_K(wmul1)(u[0], (DNI_R)k));
    }
}

#endif /* DNI_KERNEL_BODY */
