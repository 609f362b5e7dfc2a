/* dnum/kernel_special.h -- special-function kernels of every family (internal, not
 * API-stable). Included at the end of kernel.h; same conventions: static inline, names
 * _dn_*, derivative-form kernels on d[k] = f^(k), order n last, any output may alias any
 * input. Documented for users in docs/special.md.
 *
 * Two ways a function is computed:
 *  - direct O(n^2) recurrences on the argument's Taylor coefficients, written once for
 *    both layouts (_DN_SP_DIRECT, instantiated here with the prefix _dn_ and in
 *    kernel2_special.h with _dn2_): log2 log10 exp2 sinpi cospi cot;
 *  - the point series h[k] = f^(k)(x0)/k! of f at x0 = u0 (a _dn_s_* function below,
 *    O(n^2) from the function's differential equation, or from the derivative formula),
 *    composed with the argument u (_dn_tcompose, O(n^3); _dn2_tcompose for Dnum2):
 *    j0 j1 jn sinc, and on Dnum2 (or at special points) also lgamma tgamma digamma
 *    polygamma lambertw lambertwm1 erfinv erfcinv y0 y1 yn;
 *  - one variable, composite arguments: Y_n by the recurrence of the pair Y_n, Y_{n+1};
 *    the gamma family by the shift psi(u) = psi(u + N) - sum 1/(u + i) (the composition
 *    only at u0 + N, where it is well conditioned); Lambert W, erfinv, erfcinv by their
 *    differential equations.
 *  - piecewise functions (floor ceil min max fmod): the active branch, NaN derivatives at a
 *    jump or a tie.
 * The values come from libm where it has the function (lgamma tgamma j0 j1 jn y0 y1 yn
 * log2 log10 exp2); digamma/polygamma (Hurwitz zeta by direct sum + Euler-Maclaurin
 * tail), Lambert W (Newton/Halley), erfinv/erfcinv (Newton/Halley on libm's erf/erfc),
 * sinpi/cospi (exact argument reduction) are computed here, to a few ulp.
 *
 * Poles (the library's rule): at a pole the whole series is the one-sided limit from the
 * right, as IEEE gives for 1/x at +0 (1/x: +Inf, -Inf, +Inf, ...); outside the domain
 * every entry is NaN; at a jump or a tie of a piecewise function the value is libm's and
 * every derivative NaN.
 *
 * Index (derivative form, r = result):
 *   _dn_lgamma _dn_tgamma _dn_digamma _dn_polygamma(r, u, m, n)
 *   _dn_lambertw _dn_lambertwm1 _dn_erfinv _dn_erfcinv
 *   _dn_j0 _dn_j1 _dn_jn(r, u, nu, n) _dn_y0 _dn_y1 _dn_yn(r, u, nu, n)
 *   _dn_log2 _dn_log10 _dn_exp2 _dn_sinc _dn_cot _dn_sinpi _dn_cospi
 *   _dn_floor _dn_ceil _dn_min _dn_max _dn_fmod (r, a, b, n)
 * Values: _dn_digamma_val _dn_lambertw_val _dn_erfinv_val _dn_erfcinv_val _dn_sinpi_val
 * _dn_cospi_val.  Function lists for the front ends: _DN_SPECIAL_UN_LIST,
 * _DN_SPECIAL_BIN_LIST, _DN_SPECIAL_INT_LIST.
 */
/* Written on the element-type macros of kernel.h (_DN_R, _DN_K, _DN_M, ...): the
 * functions below the type-independent part are the body, compiled once per type. */
#ifndef DNUM_KERNEL_SPECIAL_H
#define DNUM_KERNEL_SPECIAL_H

#include <float.h>

/* POSIX (XSI) Bessel functions of libm: declared here as well, since <math.h> hides them
 * in strict ISO C modes (-std=c11). The same prototypes as the C library's. */
extern double jn(int, double);
extern double yn(int, double);

/* The point series are computed out of line: they run with the order as a plain loop
 * bound anyway, and keeping them out of every fixed-order instance keeps the code small. */
#if defined(__GNUC__) || defined(__clang__)
#define _DN_SP_OUTLINE static __attribute__((noinline, unused))
#else
#define _DN_SP_OUTLINE static
#endif

#define _DN_SP_PI _DN_C(3.141592653589793238462643383279502884)
#define _DN_SP_LN2 _DN_C(0.693147180559945309417232121458176568)
#define _DN_SP_LN10 _DN_C(2.302585092994045684017991454684364208)

/* log|Gamma(x)| without the global signgam that POSIX lgamma writes (a data race when
 * threads evaluate at once): lgamma_r where the C library has it (declared here, as
 * <math.h> declares it only with _DEFAULT_SOURCE or _GNU_SOURCE). */
#if defined(__GLIBC__) || defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) || \
    defined(__OpenBSD__)
double lgamma_r(double x, int *sign);
static inline double _dn_lgamma_value(double x)
{
    int sign;
    return lgamma_r(x, &sign);
}
#else
static inline double _dn_lgamma_value(double x) { return lgamma(x); }
#endif


/* ------------------------------------------------------------------------------------ */
/* Kernels for both layouts. P is the prefix (_dn_ or _dn2_), S(n) the number of stored
 * entries at order n. Each is instantiated below for _dn_ and in kernel2_special.h for
 * _dn2_. */

/* the point-series functions: r = f(u) by composition (the gamma family and Y with the
 * suffix Q: _c for the one-variable fallbacks of the direct kernels below). The point series h takes the
 * first n + 1 doubles of ws; the rest serves its computation, then P##sp_compose_w. */
#define _DN_SP_COMPOSED(P, Q)                                                                 \
    static inline void P##lgamma##Q##_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)    \
    { _DN_K(s_lgamma_w)(ws, u[0], n, ws + _DN_ST(n)); P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n)); } \
    static inline void P##tgamma##Q##_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)    \
    { _DN_K(s_tgamma_w)(ws, u[0], n, ws + _DN_ST(n)); P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n)); } \
    static inline void P##digamma##Q##_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)   \
    { _DN_K(s_digamma_w)(ws, u[0], n, ws + _DN_ST(n)); P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n)); } \
    static inline void P##polygamma##Q##_w(_DN_R *r, const _DN_R *u, int m, unsigned n,      \
                                      _DN_R *ws)                                          \
    {                                                                                      \
        _DN_K(s_polygamma_w)(ws, m, u[0], n, ws + _DN_ST(n));                                     \
        P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n));                                          \
    }                                                                                      \
    static inline void P##jn_w(_DN_R *r, const _DN_R *u, int nu, unsigned n, _DN_R *ws) \
    {                                                                                      \
        _DN_K(s_bessel_w)(ws, 1, nu, u[0], n, ws + _DN_ST(n));                                    \
        P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n));                                          \
    }                                                                                      \
    static inline void P##yn##Q##_w(_DN_R *r, const _DN_R *u, int nu, unsigned n, _DN_R *ws) \
    {                                                                                      \
        _DN_K(s_bessel_w)(ws, 2, nu, u[0], n, ws + _DN_ST(n));                                    \
        P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n));                                          \
    }                                                                                      \
    static inline void P##j0_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)        \
    { P##jn_w(r, u, 0, n, ws); }                                                           \
    static inline void P##j1_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)        \
    { P##jn_w(r, u, 1, n, ws); }                                                           \
    static inline void P##y0##Q##_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)        \
    { P##yn##Q##_w(r, u, 0, n, ws); }                                                           \
    static inline void P##y1##Q##_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)        \
    { P##yn##Q##_w(r, u, 1, n, ws); }                                                           \
    static inline void P##sinc_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)      \
    { _DN_K(s_sinc)(ws, u[0], n); P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n)); }

/* the direct recurrences; scratch ws as in the size macros _DN_W_log2 ... (S(n) entries
 * per array) */
#define _DN_SP_DIRECT(P, S)                                                                \
    /* r = log(u) / ln b with the value logb(u0) */                                        \
    static inline void P##log2_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)      \
    {                                                                                      \
        _DN_R v = _DN_M(log2)(u[0]);                                                             \
        P##log_w(r, u, n, ws);                                                             \
        P##mul_d(r, r, 1.0 / _DN_SP_LN2, n);                                               \
        r[0] = v;                                                                          \
    }                                                                                      \
    static inline void P##log10_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)     \
    {                                                                                      \
        _DN_R v = _DN_M(log10)(u[0]);                                                            \
        P##log_w(r, u, n, ws);                                                             \
        P##mul_d(r, r, 1.0 / _DN_SP_LN10, n);                                              \
        r[0] = v;                                                                          \
    }                                                                                      \
    /* r = exp(ln2 u), the recurrence started from exp2(u0) */                             \
    static inline void P##exp2_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)      \
    {                                                                                      \
        _DN_R *tu = ws, *tr = ws + S(n);                                                  \
        P##to_t(tu, u, n);                                                                 \
        for (unsigned e = 0; e < S(n); e++) tu[e] *= _DN_SP_LN2;                           \
        P##texp_w(tr, _DN_M(exp2)(u[0]), tu, n, ws + 2 * S(n));                                   \
        P##from_t(r, tr, n);                                                               \
    }                                                                                      \
    /* s = sin(pi u), c = cos(pi u) from the sin/cos recurrence on pi u */                 \
    static inline void P##sinpicospi_w(_DN_R *s, _DN_R *c, const _DN_R *u, unsigned n, \
                                       _DN_R *ws)                                         \
    {                                                                                      \
        _DN_R *tu = ws, *ts = ws + S(n), *tc = ws + 2 * S(n);                             \
        P##to_t(tu, u, n);                                                                 \
        for (unsigned e = 0; e < S(n); e++) tu[e] *= _DN_SP_PI;                            \
        P##tsincos_w(ts, tc, _DN_K(sinpi_val)(u[0]), _DN_K(cospi_val)(u[0]), -1.0, tu, n,        \
                     ws + 3 * S(n));                                                       \
        P##from_t(s, ts, n);                                                               \
        P##from_t(c, tc, n);                                                               \
    }                                                                                      \
    static inline void P##sinpi_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)     \
    {                                                                                      \
        P##sinpicospi_w(r, ws, u, n, ws + S(n));                                           \
    }                                                                                      \
    static inline void P##cospi_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)     \
    {                                                                                      \
        P##sinpicospi_w(ws, r, u, n, ws + S(n));                                           \
    }                                                                                      \
    /* cot' = -(1 + cot^2) u': the tan recurrence on -u; the pole u0 = 0 as 1/z */         \
    static inline void P##cot_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)       \
    {                                                                                      \
        if (u[0] == 0.0) {                                                                 \
            _DN_K(sp_pole)(ws, 1.0, 0, n);                                                    \
            P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n));                                      \
            return;                                                                        \
        }                                                                                  \
        _DN_R *tu = ws, *tr = ws + S(n), t0 = _DN_M(cos)(u[0]) / _DN_M(sin)(u[0]);                      \
        P##to_t(tu, u, n);                                                                 \
        for (unsigned e = 0; e < S(n); e++) tu[e] = -tu[e];                                \
        P##ttan_w(tr, t0, 1.0 + t0 * t0, 1.0, tu, n, ws + 2 * S(n));                       \
        P##from_t(r, tr, n);                                                               \
    }


/* (the _w forms take the unused scratch of the common signature; size 1) */
#define _DN_SP_PIECEWISE(P, M)                                                             \
    static inline void P##floor_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)     \
    { (void)ws; _DN_K(sp_step)(r, u, 0, M(n)); }                                              \
    static inline void P##ceil_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)      \
    { (void)ws; _DN_K(sp_step)(r, u, 1, M(n)); }                                              \
    static inline void P##min_w(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n,  \
                                _DN_R *ws)                                                \
    { (void)ws; _DN_K(sp_minmax)(r, a, b, 0, M(n)); }                                         \
    static inline void P##max_w(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n,  \
                                _DN_R *ws)                                                \
    { (void)ws; _DN_K(sp_minmax)(r, a, b, 1, M(n)); }                                         \
    static inline void P##fmod_w(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n, \
                                 _DN_R *ws)                                               \
    { (void)ws; _DN_K(sp_fmod)(r, a, b, M(n)); }

/* Lambert W and the inverse error functions by composition (the Dnum2 layout; the
 * special points of the one-variable kernels) */
#define _DN_SP_COMPOSED_ODE(P, Q)                                                          \
    static inline void P##lambertw##Q##_w(_DN_R *r, const _DN_R *u, unsigned n,         \
                                          _DN_R *ws)                                      \
    { _DN_K(s_lambertw_w)(ws, u[0], 0, n, ws + _DN_ST(n)); P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n)); } \
    static inline void P##lambertwm1##Q##_w(_DN_R *r, const _DN_R *u, unsigned n,       \
                                            _DN_R *ws)                                    \
    { _DN_K(s_lambertw_w)(ws, u[0], -1, n, ws + _DN_ST(n)); P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n)); } \
    static inline void P##erfinv##Q##_w(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws) \
    { _DN_K(s_erfinv_w)(ws, u[0], 1.0, n, ws + _DN_ST(n)); P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n)); } \
    static inline void P##erfcinv##Q##_w(_DN_R *r, const _DN_R *u, unsigned n,          \
                                         _DN_R *ws)                                       \
    { _DN_K(s_erfinv_w)(ws, u[0], -1.0, n, ws + _DN_ST(n)); P##sp_compose_w(r, u, ws, n, ws + _DN_ST(n)); }

#define _DN_SP_S1(n) ((n) + 1)
#define _DN_SP_M1(n) (n)
/* instantiation with the prefix _DN_KP of the element type (expanded before pasting) */
#define _DN_SP_EXPAND(M, P) M(P)
#define _DN_SP_EXPAND2(M, P, A) M(P, A)

/* Scratch sizes of the one-variable special kernels (doubles; none needs wide scratch). */
#define _DN_W_lgamma(n) (_DN_WN(7, n) + 2 * DN_TAYLOR_MAX)
#define _DN_W_tgamma(n) (_DN_WN(8, n) + 2 * DN_TAYLOR_MAX)
#define _DN_W_digamma(n) _DN_W_polygamma(n)
#define _DN_W_polygamma(n) (_DN_WN(7, n) + 2 * DN_TAYLOR_MAX)
#define _DN_W_lambertw(n) _DN_WN(7, n)
#define _DN_W_lambertwm1(n) _DN_WN(7, n)
#define _DN_W_erfinv(n) _DN_WN(7, n)
#define _DN_W_erfcinv(n) _DN_WN(7, n)
#define _DN_W_jn(n) _DN_WN(7, n)
#define _DN_W_yn(n) _DN_WN(7, n)
#define _DN_W_j0(n) _DN_WN(7, n)
#define _DN_W_j1(n) _DN_WN(7, n)
#define _DN_W_y0(n) _DN_WN(7, n)
#define _DN_W_y1(n) _DN_WN(7, n)
#define _DN_W_sinc(n) _DN_WN(7, n)
#define _DN_W_log2(n) _DN_W_log(n)
#define _DN_W_log10(n) _DN_W_log(n)
#define _DN_W_exp2(n) _DN_WN(3, n)
#define _DN_W_sinpi(n) _DN_WN(5, n)
#define _DN_W_cospi(n) _DN_WN(5, n)
#define _DN_W_cot(n) _DN_WN(7, n)
#define _DN_W_floor(n) 1
#define _DN_W_ceil(n) 1
#define _DN_W_min(n) 1
#define _DN_W_max(n) 1
#define _DN_W_fmod(n) 1

/* Enough scratch for every kernel of kernel.h and this file at order n: ws doubles and
 * ww wide numbers (the run-time-order callers, which run many kernels on one buffer). */
#define _DN_W_MAX(n) (_DN_WN(8, n) + 2 * DN_TAYLOR_MAX)
#define _DN_WW_MAX(n) _DN_WN(8, n)

#endif /* DNUM_KERNEL_SPECIAL_H */

/* The body (kernel.h): the special-function kernels of this element type. */
#ifdef _DN_KERNEL_BODY

/* ------------------------------------------------------------------------------------ */
/* Small helpers.                                                                          */

/** h = the series of the pole c/z^p at z = +0 in the variable: every entry +-Inf with the
 *  sign of c (-1)^k (the one-sided limit from the right); with a log pole (logp = 1,
 *  -log z): +Inf, then -Inf, +Inf, ... */
static inline void _DN_K(sp_pole)(_DN_R *h, _DN_R c, int logp, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) {
        _DN_R s = (k % 2) ? -1.0 : 1.0;
        h[k] = (logp && k == 0) ? INFINITY : s * _DN_M(copysign)(INFINITY, c);
    }
}

/** sin(pi x) with the argument reduced exactly: exact 0 at the integers, +-1 at the
 *  half-integers. */
static inline _DN_R _DN_K(sinpi_val)(_DN_R x)
{
    if (!isfinite(x)) return x - x; /* NaN */
    _DN_R r = _DN_M(remainder)(x, 2.0), a = _DN_M(fabs)(r), v; /* exact, |r| <= 1 */
    if (a <= 0.25) v = _DN_M(sin)(_DN_SP_PI * a);
    else if (a <= 0.75) v = _DN_M(cos)(_DN_SP_PI * (0.5 - a));
    else v = _DN_M(sin)(_DN_SP_PI * (1.0 - a));
    v = r < 0.0 ? -v : v;
    return v == 0.0 ? 0.0 * x : v; /* a zero takes the sign of x */
}

/** cos(pi x) with the argument reduced exactly: exact at the integers and half-integers. */
static inline _DN_R _DN_K(cospi_val)(_DN_R x)
{
    if (!isfinite(x)) return x - x;
    _DN_R a = _DN_M(fabs)(_DN_M(remainder)(x, 2.0));
    if (a <= 0.25) return _DN_M(cos)(_DN_SP_PI * a);
    if (a <= 0.75) return _DN_M(sin)(_DN_SP_PI * (0.5 - a));
    return -_DN_M(cos)(_DN_SP_PI * (1.0 - a));
}

/* The point series of cot at v0 in the variable w (t0 = cot(v0) given, finite):
 * t' = -(1 + t^2), so (k+1) t[k+1] = -(delta_k0 + sum_j t[j] t[k-j]); then scaled by
 * sc^k (cot(sc z) for sinpi-type arguments). */
static inline void _DN_K(s_cot_at)(_DN_R *h, _DN_R t0, _DN_R sc, unsigned n)
{
    h[0] = t0;
    for (unsigned k = 0; k < n; k++) {
        _DN_R q = (k == 0) ? 1.0 : 0.0;
        for (unsigned j = 0; j <= k; j++) q += h[j] * h[k - j];
        h[k + 1] = -q * _DN_INV(k + 1);
    }
    _DN_R p = 1.0;
    for (unsigned k = 1; k <= n; k++) h[k] *= (p *= sc);
}

/* ------------------------------------------------------------------------------------ */
/* Composition of a point series with the argument (1-D).                                 */

/* r = f(u) from the point series h of f at u0 (overwritten): f = sum_k h[k] (u - u0)^k.
 * Beyond DN_TAYLOR_MAX the scaled coefficients h[k] s^k are formed in long double.
 * Scratch: ws, _DN_WN(6, n). */
/* The same on Taylor coefficients: tr = sum_k h[k] (tu - tu0)^k. Scratch: _DN_WN(4, n). */
static inline void _DN_K(sp_tcompose_w)(_DN_R *tr, const _DN_R *tu, _DN_R *h, unsigned n,
                                        _DN_R *ws)
{
    if (_DN_SCALED(n)) {
        long double s = _DN_K(scale)(n), p = 1.0L;
        for (unsigned k = 0; k <= n; k++, p *= s) h[k] = (_DN_R)((long double)h[k] * p);
    }
    _DN_K(from_t)(ws, h, n); /* the derivatives h^(k)(u0) (scaled as _dn_tcompose expects) */
    _DN_K(tcompose_w)(tr, ws, tu, n, ws + _DN_ST(n));
}

_DN_SP_OUTLINE void _DN_K(sp_compose_w)(_DN_R *r, const _DN_R *u, _DN_R *h, unsigned n,
                                     _DN_R *ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(sp_tcompose_w)(tr, tu, h, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/* ------------------------------------------------------------------------------------ */
/* Piecewise functions on flat arrays of m + 1 entries (the value first): both layouts.   */

/* r = floor(u) (up = 0) or ceil(u) (up = 1): derivatives 0, NaN at an integer (a jump) */
static inline void _DN_K(sp_step)(_DN_R *r, const _DN_R *u, int up, unsigned m)
{
    _DN_R v = up ? _DN_M(ceil)(u[0]) : _DN_M(floor)(u[0]);
    _DN_R d = (v == u[0] || isnan(v)) ? NAN : 0.0;
    r[0] = v;
    for (unsigned k = 1; k <= m; k++) r[k] = d;
}

/* r = min(a, b) (mx = 0) or max(a, b) (mx = 1) with fmin/fmax's value: the derivatives of
 * the active argument; a tie (a0 == b0) gives NaN derivatives. */
static inline void _DN_K(sp_minmax)(_DN_R *r, const _DN_R *a, const _DN_R *b, int mx,
                                 unsigned m)
{
    _DN_R a0 = a[0], b0 = b[0];
    int take_a = isnan(b0) || (mx ? a0 > b0 : a0 < b0);
    int take_b = isnan(a0) || (mx ? b0 > a0 : b0 < a0);
    if (take_a && !take_b) {
        for (unsigned k = 0; k <= m; k++) r[k] = a[k];
    } else if (take_b && !take_a) {
        for (unsigned k = 0; k <= m; k++) r[k] = b[k];
    } else {
        r[0] = mx ? _DN_M(fmax)(a0, b0) : _DN_M(fmin)(a0, b0);
        for (unsigned k = 1; k <= m; k++) r[k] = NAN;
    }
}

/* r = fmod(a, b) = a - q b with the integer q = trunc(a0/b0), constant between the jumps;
 * at a jump (the value 0: a0/b0 an integer) or a NaN value every derivative NaN. */
static inline void _DN_K(sp_fmod)(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned m)
{
    _DN_R v = _DN_M(fmod)(a[0], b[0]);
    _DN_R q = (v == 0.0 || isnan(v)) ? NAN : _DN_M(nearbyint)((a[0] - v) / b[0]);
    for (unsigned k = 1; k <= m; k++) r[k] = a[k] - q * b[k];
    r[0] = v;
}

/* The point series of the families (defined in the parts included below), declared for
 * the compositions instantiated here. */
_DN_SP_OUTLINE void _DN_K(s_digamma_w)(_DN_R *h, _DN_R x, unsigned n, _DN_R *ws);
_DN_SP_OUTLINE void _DN_K(s_lgamma_w)(_DN_R *h, _DN_R x, unsigned n, _DN_R *ws);
_DN_SP_OUTLINE void _DN_K(s_tgamma_w)(_DN_R *h, _DN_R x, unsigned n, _DN_R *ws);
_DN_SP_OUTLINE void _DN_K(s_polygamma_w)(_DN_R *h, int m, _DN_R x, unsigned n, _DN_R *ws);
_DN_SP_OUTLINE void _DN_K(s_lambertw_w)(_DN_R *h, _DN_R x, int br, unsigned n, _DN_R *ws);
_DN_SP_OUTLINE void _DN_K(s_erfinv_w)(_DN_R *h, _DN_R x, _DN_R sg, unsigned n, _DN_R *ws);
_DN_SP_OUTLINE void _DN_K(s_bessel_w)(_DN_R *h, int kind, int nu, _DN_R x, unsigned n,
                                      _DN_R *ws);
_DN_SP_OUTLINE void _DN_K(s_sinc)(_DN_R *h, _DN_R x, unsigned n);

_DN_SP_EXPAND2(_DN_SP_COMPOSED, _DN_KP, _c)
_DN_SP_EXPAND2(_DN_SP_COMPOSED_ODE, _DN_KP, _c)

/* the families, each with its point series and its one-variable kernels */
#include "dnum/kernel_special_gamma.h"    /* lgamma tgamma digamma polygamma */
#include "dnum/kernel_special_lambertw.h" /* lambertw lambertwm1 */
#include "dnum/kernel_special_erfinv.h"   /* erfinv erfcinv */
#include "dnum/kernel_special_bessel.h"   /* j0 j1 jn y0 y1 yn sinc */

_DN_SP_EXPAND2(_DN_SP_DIRECT, _DN_KP, _DN_SP_S1)
_DN_SP_EXPAND2(_DN_SP_PIECEWISE, _DN_KP, _DN_SP_M1)

#endif /* _DN_KERNEL_BODY */
