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
/* Gamma family.                                                                          */

/* B_2j / (2j)! and B_2j / (2j), j = 1..10 (Bernoulli numbers) */
static const _DN_R _DN_K(sp_bf)[10] = {
    (_DN_R)1 / 6 / 2, -(_DN_R)1 / 30 / 24, (_DN_R)1 / 42 / 720, -(_DN_R)1 / 30 / 40320,
    (_DN_R)5 / 66 / 3628800, -(_DN_R)691 / 2730 / 479001600, (_DN_R)7 / 6 / 87178291200,
    -(_DN_R)3617 / 510 / 20922789888000, (_DN_R)43867 / 798 / 6402373705728000,
    -(_DN_R)174611 / 330 / 2432902008176640000};
static const _DN_R _DN_K(sp_bj)[10] = {
    (_DN_R)1 / 12, -(_DN_R)1 / 120, (_DN_R)1 / 252, -(_DN_R)1 / 240, (_DN_R)1 / 132,
    -(_DN_R)691 / 32760, (_DN_R)1 / 12, -(_DN_R)3617 / 8160, (_DN_R)43867 / 14364,
    -(_DN_R)174611 / 6600};

/* psi(x), x > 0. It cancels (log X against the sum of 1/(x+i)), so it runs in the wide
 * type of kernel_wide.h (x87 long double or double-double): x + i and 1/(x+i) in wide,
 * X = x + N in [32, 33) and log X = 5 log 2 + log1p((X - 32)/32) with log 2 in two parts,
 * the Euler-Maclaurin tail (below 1e-3) in double. Larger x: the asymptotic series. */
static inline _DN_R _DN_K(digamma_pos_val)(_DN_R x)
{
    if (x >= 32.0) {
        _DN_R i2 = 1.0 / (x * x), p = i2, ps = 0.0;
        for (unsigned j = 0; j < 10; j++, p *= i2) ps += _DN_K(sp_bj)[j] * p;
        return _DN_M(log)(x) - 0.5 / x - ps;
    }
    unsigned N = (unsigned)_DN_M(floor)(32.0 - x) + 1; /* X = x + N in (32, 33] */
    _DN_K(wide) wx = _DN_K(wd)(x), X = _DN_K(wadd)(wx, _DN_K(wd)((_DN_R)N)), one = _DN_K(wd)(1.0);
    _DN_R t = _DN_K(wval)(_DN_K(wsub)(X, _DN_K(wd)(32.0))) / 32.0, Xd = _DN_K(wval)(X);
    _DN_R i2 = 1.0 / (Xd * Xd), p = i2, ps = 0.0;
    for (unsigned j = 0; j < 10; j++, p *= i2) ps += _DN_K(sp_bj)[j] * p;
    _DN_K(wide) v = _DN_K(wadd)(_DN_K(wd)(3.4657359027997265), /* 5 ln2 */
                                _DN_K(wd)(4.930038229799327e-18));
    v = _DN_K(wadd)(v, _DN_K(wd)(_DN_M(log1p)(t) - ps));
    v = _DN_K(wsub)(v, _DN_K(wmul1)(_DN_K(wdiv1)(one, X), 0.5));
    for (unsigned i = N; i-- > 0;)
        v = _DN_K(wsub)(v, _DN_K(wdiv1)(one, _DN_K(wadd)(wx, _DN_K(wd)((_DN_R)i))));
    return _DN_K(wval)(v);
}

/* The digamma series at x > 0: h[0] = psi(x), h[k] = psi^(k)(x)/k! = (-1)^(k+1) zeta(k+1, x)
 * (Hurwitz zeta). The sums run from x up to X = x + N >= 20 + n directly (smallest terms
 * first) and take the tail at X from the Euler-Maclaurin formula with 10 Bernoulli terms,
 * whose remainder is below 1e-17 of X^-s for s <= n + 1 at that X. */
static inline void _DN_K(s_digamma_pos)(_DN_R *h, _DN_R x, unsigned n)
{
    _DN_R X0 = _DN_DIGAMMA_X0(n);
    unsigned N = x < X0 ? (unsigned)_DN_M(ceil)(X0 - x) : 0;
    _DN_R X = x + (_DN_R)N, iX = 1.0 / X, iX2 = iX * iX;
    /* tails zeta(s, X), s = 2..n+1 (the value psi(x) separately, in wide precision) */
    _DN_R tl[10], xs = iX; /* X^-s, s = 1 */
    for (unsigned k = 1; k <= n; k++) {
        _DN_R s = (_DN_R)(k + 1);
        xs *= iX; /* X^-s */
        _DN_R t = xs * s * iX, sum = 0.0;
        _DN_UNROLL_FIXED for (unsigned j = 0; j < 10; j++) { /* B_2j/(2j)! (s)_(2j-1) X^(-s-2j+1) */
            tl[j] = _DN_K(sp_bf)[j] * t;
            t *= (s + 2.0 * j + 1.0) * (s + 2.0 * j + 2.0) * iX2;
        }
        _DN_UNROLL_FIXED for (unsigned j = 10; j-- > 0;) sum += tl[j];
        h[k] = sum + 0.5 * xs + xs * X / (s - 1.0);
    }
    /* direct part: sum_{i<N} (x+i)^-s, from the smallest terms (i = N-1) down */
    for (unsigned i = N; i-- > 0;) {
        _DN_R t = 1.0 / (x + (_DN_R)i), p = t;
        for (unsigned k = 1; k <= n; k++) {
            p *= t;
            h[k] += p;
        }
    }
    h[0] = _DN_K(digamma_pos_val)(x);
    for (unsigned k = 2; k <= n; k += 2) h[k] = -h[k]; /* (-1)^(k+1) */
}

/** h = the series of psi (digamma) at x: h[k] = psi^(k)(x)/k!. x <= 0 uses the reflection
 *  psi(x) = psi(1 - x) - pi cot(pi x); the poles 0, -1, -2, ... give the limit from the
 *  right (psi ~ -1/z). */
_DN_SP_OUTLINE void _DN_K(s_digamma_w)(_DN_R *h, _DN_R x, unsigned n, _DN_R *ws)
{
    if (isnan(x) || x == -INFINITY) {
        for (unsigned k = 0; k <= n; k++) h[k] = NAN;
    } else if (x == INFINITY) {
        h[0] = x;
        for (unsigned k = 1; k <= n; k++) h[k] = 0.0;
    } else if (x > 0.0) {
        _DN_K(s_digamma_pos)(h, x, n);
    } else if (x == _DN_M(floor)(x)) {
        _DN_K(sp_pole)(h, -1.0, 0, n);
    } else {
        _DN_R *c = ws; /* _DN_WN(1, n) */
        _DN_K(s_digamma_pos)(h, 1.0 - x, n);
        _DN_K(s_cot_at)(c, _DN_K(cospi_val)(x) / _DN_K(sinpi_val)(x), _DN_SP_PI, n);
        for (unsigned k = 0; k <= n; k++)
            h[k] = ((k % 2) ? -h[k] : h[k]) - _DN_SP_PI * c[k];
    }
}

/** psi(x), the digamma function, to a few ulp (away from its zeros). */
static inline _DN_R _DN_K(digamma_val)(_DN_R x)
{
    _DN_R h[1], ws[1];
    _DN_K(s_digamma_w)(h, x, 0, ws);
    return h[0];
}

/** h = the series of log|Gamma| at x: lgamma(x), then the digamma series integrated.
 *  Poles (0, -1, ...): +Inf, -Inf, +Inf, ... (log|Gamma| ~ -log z from the right). */
_DN_SP_OUTLINE void _DN_K(s_lgamma_w)(_DN_R *h, _DN_R x, unsigned n, _DN_R *ws)
{
    if (x <= 0.0 && x == _DN_M(floor)(x) && isfinite(x)) {
        _DN_K(sp_pole)(h, 1.0, 1, n);
        return;
    }
    _DN_R *p = ws; /* _DN_WN(2, n) in all */
    if (n) _DN_K(s_digamma_w)(p, x, n - 1, ws + _DN_ST(n));
    h[0] = _DN_K(lgamma_value)(x);
    for (unsigned k = 1; k <= n; k++) h[k] = p[k - 1] * _DN_INV(k);
}

/** h = the series of Gamma at x: exp of the lgamma series with the value tgamma(x).
 *  Pole -m (m = 0, 1, ...): (-1)^m Inf, then alternating (Gamma ~ (-1)^m/(m! z)). */
_DN_SP_OUTLINE void _DN_K(s_tgamma_w)(_DN_R *h, _DN_R x, unsigned n, _DN_R *ws)
{
    if (x <= 0.0 && x == _DN_M(floor)(x) && isfinite(x)) {
        _DN_K(sp_pole)(h, _DN_M(fmod)(x, 2.0) == 0.0 ? 1.0 : -1.0, 0, n);
        return;
    }
    _DN_R *l = ws; /* _DN_WN(3, n) in all */
    _DN_K(s_lgamma_w)(l, x, n, ws + _DN_ST(n));
    _DN_K(texp_w)(h, _DN_M(tgamma)(x), l, n, ws + _DN_ST(n));
}

/** h = the series of the polygamma function psi^(m) at x: h[k] = psi^(m+k)(x)/k!
 *  (m >= 0; m < 0 gives NaN). Pole: (-1)^(m+1) Inf, then alternating. m > DN_TAYLOR_MAX:
 *  the factor (m+k)!/k! overflows, so every entry is the sign of psi^(m+k) (x > 0) times
 *  Inf, NaN for x <= 0. Scratch: ws, _DN_WS_polygamma(n) doubles. */
#define _DN_WS_polygamma(n) (_DN_WN(2, n) + 2 * DN_TAYLOR_MAX)
_DN_SP_OUTLINE void _DN_K(s_polygamma_w)(_DN_R *h, int m, _DN_R x, unsigned n, _DN_R *ws)
{
    if (m < 0) {
        for (unsigned k = 0; k <= n; k++) h[k] = NAN;
        return;
    }
    unsigned mm = (unsigned)m;
    if (mm > DN_TAYLOR_MAX) {
        for (unsigned k = 0; k <= n; k++)
            h[k] = (x > 0.0 && x < INFINITY) ? (((mm + k) % 2) ? INFINITY : -INFINITY) : NAN;
        return;
    }
    _DN_R *p = ws, f = 1.0; /* f = (m+k)!/k! */
    _DN_K(s_digamma_w)(p, x, mm + n, ws + (mm + n + 1));
    for (unsigned j = 2; j <= mm; j++) f *= (_DN_R)j;
    for (unsigned k = 0; k <= n; k++) {
        if (k) f *= (_DN_R)(mm + k) * _DN_INV(k);
        h[k] = p[mm + k] * f;
    }
}

/* ------------------------------------------------------------------------------------ */
/* Lambert W.                                                                              */

/** W(x) on the branch 0 (br = 0, x >= -1/e) or -1 (br = -1, -1/e <= x < 0), by Newton on
 *  w + log w = log x away from the branch point and Halley on w e^w = x near it, from a
 *  series or asymptotic start. x up to 2^-55 below -1/e counts as the branch point
 *  (-1/e itself is not a double). Outside the domain NaN; W_-1(0) = -Inf. */
static inline _DN_R _DN_K(lambertw_val)(_DN_R x, int br)
{
    const _DN_R em_hi = 0.36787944117144233, em_lo = -1.2428753672788363e-17; /* 1/e */
    if (isnan(x)) return x;
    _DN_R d = (x + em_hi) + em_lo; /* x + 1/e, the first sum exact near -1/e */
    if (d < -0x1p-55 || (br && x > 0.0)) return NAN;
    if (d <= 0.0) return -1.0;
    if (br && x == 0.0) return -INFINITY;
    if (!br && (x == 0.0 || isinf(x))) return x;
    _DN_R p = _DN_M(sqrt)(2.0 * 2.718281828459045 * d), w;
    int logform = br ? x > -0.25 : x > 2.0;
    if (p < 0.8) {
        _DN_R q = br ? -p : p;
        w = -1.0 + q * (1.0 + q * (-1.0 / 3.0 + q * (11.0 / 72.0 + q * (-43.0 / 540.0))));
    } else if (logform) {
        _DN_R l1 = br ? _DN_M(log)(-x) : _DN_M(log)(x), l2 = _DN_M(log)(br ? -l1 : l1);
        w = l1 - l2 + l2 / l1;
    } else {
        w = _DN_M(log1p)(x);
    }
    for (int it = 0; it < 60; it++) {
        _DN_R dw;
        if (logform) { /* Newton on w + log|w| - log|x| */
            _DN_R g = w + _DN_M(log)(_DN_M(fabs)(w)) - _DN_M(log)(_DN_M(fabs)(x));
            dw = g / (1.0 + 1.0 / w);
        } else { /* Halley on w e^w - x */
            _DN_R e = _DN_M(exp)(w), f = w * e - x, w1 = w + 1.0;
            if (w1 == 0.0) break;
            dw = f / (e * w1 - (w + 2.0) * f / (2.0 * w1));
        }
        w -= dw;
        if (!(_DN_M(fabs)(dw) > _DN_EPS * _DN_M(fabs)(w))) break;
    }
    return w;
}

/** h = the series of W at x on branch br from (1 + W) W' = e^-W:
 *  (m+1)(1 + w0) W[m+1] = E[m] - sum_{j=1..m} W[j] (m+1-j) W[m+1-j], E = e^-W by the exp
 *  recurrence. Branch point: -1, then +Inf, -Inf, ... (W_0) or -Inf, +Inf, ... (W_-1);
 *  W_-1 at 0: -Inf everywhere (W_-1 ~ log(-x) from the left). */
_DN_SP_OUTLINE void _DN_K(s_lambertw_w)(_DN_R *h, _DN_R x, int br, unsigned n, _DN_R *ws)
{
    _DN_R w0 = _DN_K(lambertw_val)(x, br);
    if (w0 == -1.0) {
        _DN_K(sp_pole)(h, br ? 1.0 : -1.0, 0, n); /* W_0 ~ -1 + sqrt(z), W_-1 ~ -1 - sqrt(z) */
        h[0] = -1.0;
        return;
    }
    if (isnan(w0) || isinf(w0)) {
        h[0] = w0;
        for (unsigned k = 1; k <= n; k++) h[k] = w0 == INFINITY ? 0.0 : w0;
        return;
    }
    _DN_R *e = ws, a0 = 1.0 + w0; /* _DN_WN(1, n) */
    h[0] = w0;
    e[0] = x != 0.0 ? w0 / x : 1.0; /* e^-W = W/x */
    for (unsigned m = 0; m < n; m++) {
        if (m) {
            _DN_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (_DN_R)j * h[j] * e[m - j];
            e[m] = -s * _DN_INV(m);
        }
        _DN_R s = e[m];
        for (unsigned j = 1; j <= m; j++) s -= h[j] * (_DN_R)(m + 1 - j) * h[m + 1 - j];
        h[m + 1] = s * _DN_INV(m + 1) / a0;
    }
}

/* ------------------------------------------------------------------------------------ */
/* Inverse error functions.                                                               */

/** erfcinv(q) for 0 <= q <= 2: Newton on log erfc(y) = log q for q < 1/2 (no underflow,
 *  relative accuracy in the tail), else through erfinv(1 - q) (exact difference). */
static inline _DN_R _DN_K(erfcinv_val)(_DN_R q);

/** erfinv(x) for |x| <= 1: Halley on erf(y) = x for |x| <= 1/2, else erfcinv(1 - |x|)
 *  (exact difference). |x| > 1: NaN; +-1: +-Inf. */
static inline _DN_R _DN_K(erfinv_val)(_DN_R x)
{
    _DN_R a = _DN_M(fabs)(x);
    if (!(a <= 1.0)) return NAN;
    if (a > 0.5) return _DN_M(copysign)(_DN_K(erfcinv_val)(1.0 - a), x);
    if (x == 0.0) return x;
    _DN_R y = x * 0.886226925452758; /* sqrt(pi)/2 x, the first term of the series */
    for (int it = 0; it < 60; it++) {
        _DN_R f = _DN_M(erf)(y) - x, fp = _DN_2_SQRTPI * _DN_M(exp)(-y * y);
        _DN_R dy = f / (fp + y * f);
        y -= dy;
        if (!(_DN_M(fabs)(dy) > (_DN_EPS * 0.5) * _DN_M(fabs)(y))) break;
    }
    return y;
}

static inline _DN_R _DN_K(erfcinv_val)(_DN_R q)
{
    if (!(q >= 0.0 && q <= 2.0)) return NAN;
    if (q > 1.0) return -_DN_K(erfcinv_val)(2.0 - q);
    if (q >= 0.5) return _DN_K(erfinv_val)(1.0 - q);
    if (q == 0.0) return INFINITY;
    _DN_R l = -_DN_M(log)(q), t = l - 0.5 * _DN_M(log)(_DN_SP_PI * l);
    _DN_R y = t > 0.25 ? _DN_M(sqrt)(t) : 0.5, lq = _DN_M(log)(q);
    for (int it = 0; it < 60; it++) {
        _DN_R ec = _DN_M(erfc)(y);
        /* g = log erfc(y) - log q, g' = -(2/sqrt(pi)) e^-y^2 / erfc(y) */
        _DN_R g = _DN_M(log)(ec) - lq, gp = -_DN_2_SQRTPI * _DN_M(exp)(-y * y) / ec;
        if (!(gp < 0.0)) break;
        _DN_R dy = g / gp;
        y -= dy;
        if (!(_DN_M(fabs)(dy) > (_DN_EPS * 0.5) * _DN_M(fabs)(y))) break;
    }
    return y;
}

/** h = the series of erfinv (sg = +1, at x) or erfcinv (sg = -1, at q) from
 *  Y' = sg (sqrt(pi)/2) E, E = exp(Y^2): E by the exp recurrence on Q = Y^2. Endpoints:
 *  the one-sided limits (+-Inf, derivatives +-Inf). */
_DN_SP_OUTLINE void _DN_K(s_erfinv_w)(_DN_R *h, _DN_R x, _DN_R sg, unsigned n, _DN_R *ws)
{
    _DN_R y0 = sg > 0 ? _DN_K(erfinv_val)(x) : _DN_K(erfcinv_val)(x);
    h[0] = y0;
    if (!isfinite(y0)) { /* endpoints (from inside) or NaN */
        for (unsigned k = 1; k <= n; k++) { /* erfinv: +Inf at 1, (-1)^(k+1) Inf at -1 */
            _DN_R b = (y0 > 0 || k % 2) ? 1.0 : -1.0;
            if (sg < 0 && k % 2) b = -b; /* erfcinv(q) = erfinv(1 - q) */
            h[k] = isnan(y0) ? y0 : b * INFINITY;
        }
        return;
    }
    _DN_R *q = ws, *e = ws + _DN_ST(n), c = sg * _DN_C(0.886226925452758013649083741670572591);
    q[0] = y0 * y0;
    e[0] = _DN_M(exp)(q[0]);
    for (unsigned m = 0; m < n; m++) {
        if (m) {
            _DN_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (_DN_R)j * q[j] * e[m - j];
            e[m] = s * _DN_INV(m);
        }
        h[m + 1] = c * e[m] * _DN_INV(m + 1);
        _DN_R s = 0.0; /* q[m+1] = sum_{j=0..m+1} h[j] h[m+1-j] */
        for (unsigned j = 0; j <= m + 1; j++) s += h[j] * h[m + 1 - j];
        q[m + 1] = s;
    }
}

/* ------------------------------------------------------------------------------------ */
/* Bessel functions of integer order.                                                     */

/** h = the series of J_nu (kind 1) or Y_nu (kind 2) at x from the derivative formula
 *  Z^(k) = 2^-k sum_j (-1)^j C(k,j) Z_{nu-k+2j}, with Z_-m = (-1)^m Z_m and the values
 *  from libm's jn/yn (2n + 1 calls). Y at 0: -Inf, then +Inf, -Inf, ... (times (-1)^nu
 *  for negative nu); Y at x < 0: NaN. */
_DN_SP_OUTLINE void _DN_K(s_bessel_w)(_DN_R *h, int kind, int nu, _DN_R x, unsigned n,
                                   _DN_R *ws)
{
    if (kind == 2 && x == 0.0) {
        _DN_R sg = (nu < 0 && (nu % 2)) ? -1.0 : 1.0;
        _DN_K(sp_pole)(h, sg, 0, n);
        for (unsigned k = 0; k <= n; k++) h[k] = -h[k];
        return;
    }
    _DN_R *z = ws; /* 2 n + 1 <= _DN_WN(2, n) */
    for (unsigned i = 0; i <= 2 * n; i++) {
        long m = (long)nu - (long)n + (long)i;
        long am = m < 0 ? -m : m;
        int ord = am > 1000000 ? 1000000 : (int)am;
        _DN_R v = kind == 1 ? _DN_M(jn)(ord, x) : _DN_M(yn)(ord, x);
        z[i] = (m < 0 && (am % 2)) ? -v : v;
    }
    for (unsigned k = 0; k <= n; k++) {
        /* terms j = 0..k of orders nu-k+2j, i.e. z[n-k+2j]; C(k,j) by a running product */
        _DN_R s = z[n - k], c = (_DN_R)k; /* j = 0 as it is: the value keeps libm's -0 */
        for (unsigned j = 1; j <= k; j++) {
            _DN_R t = c * z[n - k + 2 * j];
            s += (j % 2) ? -t : t;
            c = c * (_DN_R)(k - j) / (_DN_R)(j + 1);
        }
        h[k] = _DN_M(ldexp)(s, -(int)k) * (!_DN_SCALED(k) ? _DN_IFACT(k) : 0.0);
    }
}

/* ------------------------------------------------------------------------------------ */
/* sinc.                                                                                  */

/** h = the series of sin(x)/x at x (1 at 0). |x| < 1: the power series of sinc summed
 *  term by term for each coefficient; else from sin(x+z) = (x+z) sinc(x+z), i.e.
 *  s[k] = x h[k] + h[k-1] with s the series of sin: forward h[k] = (s[k] - h[k-1]) / x for
 *  k <= |x|, backward h[k-1] = s[k] - x h[k] from h[K] = 0 for the orders above (each
 *  direction is stable where it is used: the error shrinks relative to h by k/|x| resp.
 *  |x|/k per step; the forward recurrence alone loses every digit above |x|). */
_DN_SP_OUTLINE void _DN_K(s_sinc)(_DN_R *h, _DN_R x, unsigned n)
{
    if (_DN_M(fabs)(x) < 1.0) {
        for (unsigned k = 0; k <= n; k++) {
            if (_DN_SCALED(k + 2)) { /* below 1/171! relative to the value */
                h[k] = 0.0;
                continue;
            }
            /* sum over m >= ceil(k/2) of (-1)^m C(2m,k) x^(2m-k) / (2m+1)! */
            unsigned m = (k + 1) / 2;
            _DN_R t = (k % 2) ? (_DN_R)(k + 1) * x * _DN_IFACT(k + 2) : _DN_IFACT(k + 1);
            _DN_R s = 0.0, x2 = x * x;
            for (int it = 0; it < 60 && t != 0.0; it++, m++) {
                s += (m % 2) ? -t : t;
                _DN_R mm = (_DN_R)m;
                t *= (2.0 * mm + 1.0) * x2 /
                     ((2.0 * mm + 2.0 - k) * (2.0 * mm + 1.0 - k) * (2.0 * mm + 3.0));
                if (_DN_M(fabs)(t) < _DN_SERIES_TOL * _DN_M(fabs)(s)) break;
            }
            h[k] = s;
        }
        return;
    }
    _DN_R sv = _DN_M(sin)(x), cv = _DN_M(cos)(x), ax = _DN_M(fabs)(x), ix = 1.0 / x;
#define _DN_SP_SINK(k)                                                                     \
    (((k) % 4 == 0 ? sv : (k) % 4 == 1 ? cv : (k) % 4 == 2 ? -sv : -cv) *                  \
     (!_DN_SCALED(k) ? _DN_IFACT(k) : 0.0))
    unsigned kf = ax < (_DN_R)n ? (unsigned)ax : n; /* forward to kf <= |x| */
    h[0] = sv / x;
    for (unsigned k = 1; k <= kf; k++) h[k] = (_DN_SP_SINK(k) - h[k - 1]) * ix;
    if (kf == n) return;
    /* backward from K > n where the neglected h[K] is below 1e-20 of h[n]
     * (prod_{j=n+2..K+1} |x|/j), at most to the last unscaled order */
    unsigned K = n + 1, kmax = DN_TAYLOR_MAX - 1;
    for (_DN_R p = ax / (_DN_R)(n + 2); p > 1e-20 && (K < kmax || !_DN_SCALED(kmax + 2));)
        p *= ax / (_DN_R)(++K + 1);
    _DN_R hk = 0.0; /* h[K] */
    for (unsigned k = K; k > kf + 1; k--) {
        _DN_R hm = _DN_SP_SINK(k) - x * hk; /* h[k-1] */
        if (k - 1 <= n) h[k - 1] = _DN_SCALED(k + 1) ? 0.0 : hm;
        hk = hm;
    }
#undef _DN_SP_SINK
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

_DN_SP_EXPAND2(_DN_SP_COMPOSED, _DN_KP, _c)
_DN_SP_EXPAND2(_DN_SP_COMPOSED_ODE, _DN_KP, _c)

/* The one-variable Lambert W and inverse error functions run their differential
 * equations on the argument's coefficients directly (O(n^2), and more accurate than the
 * composition at composite arguments); the branch point, the endpoints and points
 * outside the domain go through the composition (the pole rule). */

/* f = W(u), f[0] = w0 finite, w0 != -1: (1 + W) W' = e^-W u', E = e^-W by the exp
 * recurrence E' = -W' E:  (1 + w0) W'[m] = sum_j E[j] u'[m-j] - sum_{j>=1} W[j] W'[m-j] */
static inline void _DN_K(tlambertw_w)(_DN_R *restrict f, _DN_R w0, _DN_R e0,
                                   const _DN_R *restrict u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *du = ws, *dw = ws + _DN_ST(n), *e = ws + 2 * _DN_ST(n), ia = 1.0 / (1.0 + w0);
    f[0] = w0;
    e[0] = e0;
    for (unsigned m = 0; m < n; m++) {
        du[m] = (_DN_R)(m + 1) * u[m + 1];
        if (m) {
            _DN_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (_DN_R)j * f[j] * e[m - j];
            e[m] = -s * _DN_INV(m);
        }
        _DN_R s = 0.0;
        for (unsigned j = 0; j <= m; j++) s += e[j] * du[m - j];
        for (unsigned j = 1; j <= m; j++) s -= f[j] * dw[m - j];
        dw[m] = s * ia;
        f[m + 1] = dw[m] * _DN_INV(m + 1);
    }
}

static inline void _DN_K(lambertw_br_w)(_DN_R *r, const _DN_R *u, int br, unsigned n,
                                     _DN_R *ws)
{
    _DN_R w0 = _DN_K(lambertw_val)(u[0], br);
    if (!isfinite(w0) || w0 == -1.0) {
        if (br) _DN_K(lambertwm1_c_w)(r, u, n, ws);
        else _DN_K(lambertw_c_w)(r, u, n, ws);
        return;
    }
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tlambertw_w)(tr, w0, u[0] != 0.0 ? w0 / u[0] : 1.0, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = W_0(u), Lambert W on the principal branch. Scratch: _DN_W_lambertw(n). */
static inline void _DN_K(lambertw_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_K(lambertw_br_w)(r, u, 0, n, ws);
}

/** r = W_-1(u), the lower branch. Scratch: _DN_W_lambertwm1(n). */
static inline void _DN_K(lambertwm1_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_K(lambertw_br_w)(r, u, -1, n, ws);
}

/* f = erfinv(u) (c = sqrt(pi)/2) or erfcinv(u) (c = -sqrt(pi)/2), y0 finite:
 * Y' = c E u', E = exp(Y^2) by the exp recurrence on Q = Y^2 */
static inline void _DN_K(terfinv_w)(_DN_R *restrict f, _DN_R y0, _DN_R c,
                                 const _DN_R *restrict u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *du = ws, *q = ws + _DN_ST(n), *e = ws + 2 * _DN_ST(n);
    f[0] = y0;
    q[0] = y0 * y0;
    e[0] = _DN_M(exp)(q[0]);
    for (unsigned m = 0; m < n; m++) {
        du[m] = (_DN_R)(m + 1) * u[m + 1];
        if (m) {
            _DN_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (_DN_R)j * q[j] * e[m - j];
            e[m] = s * _DN_INV(m);
        }
        _DN_R s = 0.0;
        for (unsigned j = 0; j <= m; j++) s += e[j] * du[m - j];
        f[m + 1] = c * s * _DN_INV(m + 1);
        s = 0.0;
        for (unsigned j = 0; j <= m + 1; j++) s += f[j] * f[m + 1 - j];
        q[m + 1] = s;
    }
}

/** r = erfinv(u); |u0| > 1 NaN, +-1 the one-sided limits. Scratch: _DN_W_erfinv(n). */
static inline void _DN_K(erfinv_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_R y0 = _DN_K(erfinv_val)(u[0]);
    if (!isfinite(y0)) {
        _DN_K(erfinv_c_w)(r, u, n, ws);
        return;
    }
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(terfinv_w)(tr, y0, _DN_C(0.886226925452758013649083741670572591), tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = erfcinv(u); u0 outside [0, 2] NaN, 0 and 2 the one-sided limits.
 *  Scratch: _DN_W_erfcinv(n). */
static inline void _DN_K(erfcinv_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_R y0 = _DN_K(erfcinv_val)(u[0]);
    if (!isfinite(y0)) {
        _DN_K(erfcinv_c_w)(r, u, n, ws);
        return;
    }
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(terfinv_w)(tr, y0, -_DN_C(0.886226925452758013649083741670572591), tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/* The gamma family and Y_n at a composite argument (one variable). Composing a point
 * series whose coefficients grow like R^-k (R: the distance from u0 to the nearest pole
 * or to the logarithmic point 0) with an argument of large coefficients sums terms far
 * larger than the result: at f(2x^2 + x) rounding errors grew to 3e-11 at order 16 and a
 * few percent at order 50. These kernels keep the singular part out of the composition;
 * a linear argument (the plain variable: exact composition), poles, points outside the
 * domain and overflow take the composition (the pole rule). */

/* f = psi^(m)(u) on Taylor coefficients, m <= DN_TAYLOR_MAX, u0 not a pole: the shift
 * psi^(m)(u) = psi^(m)(u + N) + (-1)^(m+1) m! sum_{i<N} (u + i)^-(m+1), with
 * X = u0 + N >= 2 sum_{k>=1} |u_k| (_DN_SP_SHIFT) so that the composition of psi^(m) at X
 * is well conditioned (its terms shrink like 2^-j at |z| = 1; 1 sufficed on the reference
 * rows, 0.5 did not); the powers (u + i)^-p by the recurrence
 * k v0 f[k] = -sum_{j=1..k} ((p-1) j + k) u[j] f[k-j] (stable: its error grows with the
 * coefficients of 1/(u + i), i.e. the true singularities). The value f[0] is the point
 * value (the shifted sum cancels near the zeros of psi). Returns 0, or -1 where the
 * composition must be used (linear argument, N above 64 + 2n, non-finite entries).
 * Scratch: ws, _DN_WN(5, n) + 2 DN_TAYLOR_MAX. */
#ifndef _DN_SP_SHIFT
#define _DN_SP_SHIFT 2.0
#endif
static inline int _DN_K(tpsi_w)(_DN_R *f, int m, const _DN_R *tu, unsigned n, _DN_R *ws)
{
    _DN_R u0 = tu[0], a = 0.0;
    int lin = 1;
    for (unsigned k = 1; k <= n; k++) {
        a += _DN_M(fabs)(tu[k]);
        if (k > 1 && tu[k] != 0.0) lin = 0;
    }
    if (lin || !isfinite(u0) || !isfinite(a) || (u0 <= 0.0 && u0 == _DN_M(floor)(u0)) ||
        m < 0 || m > DN_TAYLOR_MAX)
        return -1;
    _DN_R N = _DN_SP_SHIFT * a > u0 ? _DN_M(ceil)(_DN_SP_SHIFT * a - u0) : 0.0;
    _DN_R p = (_DN_R)(m + 1);
    if (N > 64.0 + 2.0 * (_DN_R)n) return -1;
    _DN_R *h = ws, v0;
    _DN_K(s_polygamma_w)(h, m, u0, n, ws + _DN_ST(n));
    v0 = h[0]; /* the point value, as the composition takes it (the series' method
                * depends on the order: every family then has the same value) */
    _DN_K(s_polygamma_w)(h, m, u0 + N, n, ws + _DN_ST(n));
    _DN_K(sp_tcompose_w)(f, tu, h, n, ws + _DN_ST(n));
    _DN_R c = (m % 2) ? 1.0 : -1.0; /* (-1)^(m+1) m! */
    for (int j = 2; j <= m; j++) c *= (_DN_R)j;
    /* four shifts at a time (independent sums), the largest i first: h[b] in the arrays
     * ws, ws + 2 S, ws + 3 S, ws + 4 S (the composition's scratch is free again) */
    _DN_R *hb[4] = {ws, ws + 2 * _DN_ST(n), ws + 3 * _DN_ST(n), ws + 4 * _DN_ST(n)}, iw[4];
    for (unsigned i1 = (unsigned)N; i1 > 0;) {
        unsigned nb = i1 >= 4 ? 4 : i1;
        for (unsigned b = 0; b < 4; b++) {
            _DN_R w0 = u0 + (_DN_R)(b < nb ? i1 - 1 - b : i1 - 1), q = 1.0 / w0, e = c;
            iw[b] = q;
            for (unsigned pp = (unsigned)m + 1; pp; pp >>= 1, q *= q) /* c w0^-(m+1) */
                if (pp & 1) e *= q;
            hb[b][0] = e;
        }
        for (unsigned k = 1; k <= n; k++) {
            _DN_R s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
            for (unsigned j = 1; j <= k; j++) {
                _DN_R t = ((p - 1.0) * (_DN_R)j + (_DN_R)k) * tu[j];
                s0 += t * hb[0][k - j];
                s1 += t * hb[1][k - j];
                s2 += t * hb[2][k - j];
                s3 += t * hb[3][k - j];
            }
            hb[0][k] = -s0 * iw[0] * _DN_INV(k);
            hb[1][k] = -s1 * iw[1] * _DN_INV(k);
            hb[2][k] = -s2 * iw[2] * _DN_INV(k);
            hb[3][k] = -s3 * iw[3] * _DN_INV(k);
        }
        for (unsigned b = 0; b < nb; b++)
            for (unsigned k = 0; k <= n; k++) f[k] += hb[b][k];
        i1 -= nb;
    }
    f[0] = v0;
    for (unsigned k = 0; k <= n; k++)
        if (!isfinite(f[k])) return -1;
    return 0;
}

/** r = psi^(m)(u) (digamma m = 0). Scratch: _DN_W_polygamma(n). */
static inline void _DN_K(polygamma_w)(_DN_R *r, const _DN_R *u, int m, unsigned n, _DN_R *ws)
{
    _DN_R *tu = ws, *tf = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_K(tpsi_w)(tf, m, tu, n, ws + 2 * _DN_ST(n))) {
        _DN_K(polygamma_c_w)(r, u, m, n, ws);
        return;
    }
    _DN_K(from_t)(r, tf, n);
}

/** r = psi(u). Scratch: _DN_W_digamma(n). */
static inline void _DN_K(digamma_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_K(polygamma_w)(r, u, 0, n, ws);
}

/* l = log|Gamma(u)| on Taylor coefficients from l' = psi(u) u' (psi by tpsi_w), the value
 * lgamma(u0); -1 as tpsi_w. Scratch: ws, _DN_WN(5, n) + 2 DN_TAYLOR_MAX. */
static inline int _DN_K(tlgamma_w)(_DN_R *l, const _DN_R *tu, unsigned n, _DN_R *ws)
{
    if (_DN_K(tpsi_w)(l, 0, tu, n, ws)) return -1;
    for (unsigned k = n; k >= 1; k--) { /* k l[k] = sum_{j<k} psi[j] (k-j) u[k-j]; in place */
        _DN_R s = 0.0;
        for (unsigned j = 0; j < k; j++) s += l[j] * (_DN_R)(k - j) * tu[k - j];
        l[k] = s * _DN_INV(k);
    }
    l[0] = _DN_K(lgamma_value)(tu[0]);
    return 0;
}

/** r = log|Gamma(u)|. Scratch: _DN_W_lgamma(n). */
static inline void _DN_K(lgamma_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_R *tu = ws, *tl = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_K(tlgamma_w)(tl, tu, n, ws + 2 * _DN_ST(n))) {
        _DN_K(lgamma_c_w)(r, u, n, ws);
        return;
    }
    _DN_K(from_t)(r, tl, n);
}

/** r = Gamma(u): exp of the lgamma series with the value tgamma(u0). Scratch:
 *  _DN_W_tgamma(n). */
static inline void _DN_K(tgamma_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_R *tu = ws, *tl = ws + _DN_ST(n), *tg = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_K(tlgamma_w)(tl, tu, n, ws + 3 * _DN_ST(n))) {
        _DN_K(tgamma_c_w)(r, u, n, ws);
        return;
    }
    _DN_K(texp_w)(tg, _DN_M(tgamma)(tu[0]), tl, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(r, tg, n);
}

/** r = Y_nu(u) for u0 > 0 from the pair w = Y_m(u), v = Y_{m+1}(u), m = |nu|:
 *  w' = (m a w - v) u'... precisely w' = m a w - u' v, v' = u' w - (m+1) a v with
 *  a = u'/u (series division), started from libm's yn(m, u0), yn(m+1, u0): O(n^2), and
 *  its error grows only with the coefficients of 1/u (Y's own singularity). Y_-m =
 *  (-1)^m Y_m. u0 <= 0, NaN or an infinite value: the composition. Scratch:
 *  _DN_W_yn(n). */
static inline void _DN_K(yn_w)(_DN_R *r, const _DN_R *u, int nu, unsigned n, _DN_R *ws)
{
    long am = nu < 0 ? -(long)nu : (long)nu;
    _DN_R u0 = u[0], w0 = 0.0, v0 = 0.0;
    if (u0 > 0.0 && isfinite(u0) && am < 1000000) {
        w0 = _DN_M(yn)((int)am, u0);
        v0 = _DN_M(yn)((int)am + 1, u0);
    }
    if (!(isfinite(w0) && isfinite(v0) && u0 > 0.0) || n == 0) {
        _DN_K(yn_c_w)(r, u, nu, n, ws);
        return;
    }
    _DN_R *tu = ws, *du = ws + _DN_ST(n), *a = ws + 2 * _DN_ST(n), *w = ws + 3 * _DN_ST(n),
          *v = ws + 4 * _DN_ST(n), iu = 1.0 / u0, mm = (_DN_R)am;
    _DN_K(to_t)(tu, u, n);
    w[0] = w0;
    v[0] = v0;
    for (unsigned k = 0; k < n; k++) {
        du[k] = (_DN_R)(k + 1) * tu[k + 1];
        _DN_R s = du[k]; /* a[k] = (du[k] - sum_{j=1..k} u[j] a[k-j]) / u0 */
        for (unsigned j = 1; j <= k; j++) s -= tu[j] * a[k - j];
        a[k] = s * iu;
        _DN_R aw = 0.0, av = 0.0, dw = 0.0, dv = 0.0;
        for (unsigned j = 0; j <= k; j++) {
            aw += a[j] * w[k - j];
            av += a[j] * v[k - j];
            dw += du[j] * w[k - j];
            dv += du[j] * v[k - j];
        }
        w[k + 1] = (mm * aw - dv) * _DN_INV(k + 1);
        v[k + 1] = (dw - (mm + 1.0) * av) * _DN_INV(k + 1);
    }
    if (nu < 0 && (am % 2))
        for (unsigned k = 0; k <= n; k++) w[k] = -w[k];
    _DN_K(from_t)(r, w, n);
}

/** r = Y_0(u), Y_1(u). Scratch: _DN_W_y0(n). */
static inline void _DN_K(y0_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_K(yn_w)(r, u, 0, n, ws);
}
static inline void _DN_K(y1_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_K(yn_w)(r, u, 1, n, ws);
}
_DN_SP_EXPAND2(_DN_SP_DIRECT, _DN_KP, _DN_SP_S1)
_DN_SP_EXPAND2(_DN_SP_PIECEWISE, _DN_KP, _DN_SP_M1)

#endif /* _DN_KERNEL_BODY */
