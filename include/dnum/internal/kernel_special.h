/* dnum/internal/kernel_special.h -- special-function kernels of every family (internal, not
 * API-stable). Included at the end of kernel.h; same conventions: static inline, names
 * dni_*, derivative-form kernels on d[k] = f^(k), order n last, any output may alias any
 * input. Documented for users in docs/special.md.
 *
 * Two ways a function is computed:
 *  - direct O(n^2) recurrences on the argument's Taylor coefficients, written once for
 *    both layouts (kernel_special_direct.h, included here with the prefix dni_ and in
 *    kernel2_special.h with dni2_): log2 log10 exp2 sinpi cospi cot;
 *  - the point series h[k] = f^(k)(x0)/k! of f at x0 = u0 (a dni_s_* function below,
 *    O(n^2) from the function's differential equation, or from the derivative formula),
 *    composed with the argument u (dni_tcompose, O(n^3); dni2_tcompose for Dnum2):
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
 *   dni_lgamma dni_tgamma dni_digamma dni_polygamma(r, u, m, n)
 *   dni_lambertw dni_lambertwm1 dni_erfinv dni_erfcinv
 *   dni_j0 dni_j1 dni_jn(r, u, nu, n) dni_y0 dni_y1 dni_yn(r, u, nu, n)
 *   dni_log2 dni_log10 dni_exp2 dni_sinc dni_cot dni_sinpi dni_cospi
 *   dni_floor dni_ceil dni_min dni_max dni_fmod (r, a, b, n)
 * Values: dni_digamma_val dni_lambertw_val dni_erfinv_val dni_erfcinv_val dni_sinpi_val
 * dni_cospi_val. The front ends expand their function sets from the operation table
 * (dnum/internal/ops.h).
 */
/* Written on the element-type macros of kernel.h (DNI_R, DNI_K, DNI_M, ...): the
 * functions below the type-independent part are the body, compiled once per type. */
#ifndef DNUM_KERNEL_SPECIAL_H
#define DNUM_KERNEL_SPECIAL_H

#include <float.h>

/* The C library's functions that its <math.h> may not declare, declared here with C
 * linkage in C++ too (else C++ code calls a mangled yn(int, double) that no library
 * defines: MinGW-w64's headers hide yn from g++ -std=c++17) */
#ifdef __cplusplus
#define DNI_LIBC_DECL extern "C"
#else
#define DNI_LIBC_DECL extern
#endif

/* POSIX (XSI) Bessel functions of libm: declared here as well, since <math.h> hides them
 * in strict ISO C modes (-std=c11). The same prototypes as the C library's. */
DNI_LIBC_DECL double jn(int, double);
DNI_LIBC_DECL double yn(int, double);

/* The point series are computed out of line: they run with the order as a plain loop
 * bound anyway, and keeping them out of every fixed-order instance keeps the code small. */
#if defined(__GNUC__) || defined(__clang__)
#define DNI_SP_OUTLINE static __attribute__((noinline, unused))
#else
#define DNI_SP_OUTLINE static
#endif

#define DNI_SP_PI DNI_C(3.141592653589793238462643383279502884)
#define DNI_SP_LN2 DNI_C(0.693147180559945309417232121458176568)
#define DNI_SP_LN10 DNI_C(2.302585092994045684017991454684364208)

/* log|Gamma(x)| without the global signgam that POSIX lgamma writes (a data race when
 * threads evaluate at once): lgamma_r where the C library has it (declared here, as
 * <math.h> declares it only with _DEFAULT_SOURCE or _GNU_SOURCE; every C library of
 * Linux has it, glibc and musl among them), MinGW-w64's __lgamma_r (the same function
 * without a declaration in its headers). */
#if defined(__GLIBC__) || defined(__linux__) || defined(__APPLE__) ||                      \
    defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__)
DNI_LIBC_DECL double lgamma_r(double x, int *sign);
static inline double dni_lgamma_value(double x)
{
    int sign;
    return lgamma_r(x, &sign);
}
#elif defined(__MINGW32__)
DNI_LIBC_DECL double __lgamma_r(double x, int *sign);
static inline double dni_lgamma_value(double x)
{
    int sign;
    return __lgamma_r(x, &sign);
}
#else
static inline double dni_lgamma_value(double x)
{
    return lgamma(x);
}
#endif

/* ------------------------------------------------------------------------------------ */
/* Kernels for both layouts. P is the prefix (dni_ or dni2_), S(n) the number of stored
 * entries at order n. Each is instantiated below for dni_ and in kernel2_special.h for
 * dni2_. */

/* The point series that the composed kernels below take: DNI_K's (the library's Dnum2
 * dispatcher defines DNI_SP_S to take the one compiled copy of each instead). */
#ifndef DNI_SP_S
#define DNI_SP_S(name) DNI_K(name)
#endif

/* the point-series functions: r = f(u) by composition (the gamma family and Y with the
 * suffix Q: _c for the one-variable fallbacks of the direct kernels below). The point series h takes the
 * first n + 1 doubles of ws; the rest serves its computation, then P##sp_compose_w. */
#define DNI_SP_COMPOSED(P, Q)                                                              \
    static inline void P##lgamma##Q##_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)   \
    {                                                                                      \
        DNI_SP_S(s_lgamma_w)(ws, u[0], n, ws + DNI_ST(n));                                 \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }                                                                                      \
    static inline void P##tgamma##Q##_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)   \
    {                                                                                      \
        DNI_SP_S(s_tgamma_w)(ws, u[0], n, ws + DNI_ST(n));                                 \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }                                                                                      \
    static inline void P##digamma##Q##_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)  \
    {                                                                                      \
        DNI_SP_S(s_digamma_w)(ws, u[0], n, ws + DNI_ST(n));                                \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }                                                                                      \
    static inline void P##polygamma##Q##_w(DNI_R *r, const DNI_R *u, int m, unsigned n,    \
                                           DNI_R *ws)                                      \
    {                                                                                      \
        DNI_SP_S(s_polygamma_w)(ws, m, u[0], n, ws + DNI_ST(n));                           \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }                                                                                      \
    static inline void P##jn_w(DNI_R *r, const DNI_R *u, int nu, unsigned n, DNI_R *ws)    \
    {                                                                                      \
        DNI_SP_S(s_bessel_w)(ws, 1, nu, u[0], n, ws + DNI_ST(n));                          \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }                                                                                      \
    static inline void P##yn##Q##_w(DNI_R *r, const DNI_R *u, int nu, unsigned n,          \
                                    DNI_R *ws)                                             \
    {                                                                                      \
        DNI_SP_S(s_bessel_w)(ws, 2, nu, u[0], n, ws + DNI_ST(n));                          \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }                                                                                      \
    static inline void P##j0_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)            \
    {                                                                                      \
        P##jn_w(r, u, 0, n, ws);                                                           \
    }                                                                                      \
    static inline void P##j1_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)            \
    {                                                                                      \
        P##jn_w(r, u, 1, n, ws);                                                           \
    }                                                                                      \
    static inline void P##y0##Q##_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)       \
    {                                                                                      \
        P##yn##Q##_w(r, u, 0, n, ws);                                                      \
    }                                                                                      \
    static inline void P##y1##Q##_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)       \
    {                                                                                      \
        P##yn##Q##_w(r, u, 1, n, ws);                                                      \
    }                                                                                      \
    static inline void P##sinc_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)          \
    {                                                                                      \
        DNI_SP_S(s_sinc)(ws, u[0], n);                                                     \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }

/* The direct recurrences and the piecewise functions, for both layouts: the body
 * kernel_special_direct.h (included below and in kernel2_special.h). */

/* Lambert W and the inverse error functions by composition (the Dnum2 layout; the
 * special points of the one-variable kernels) */
#define DNI_SP_COMPOSED_ODE(P, Q)                                                          \
    static inline void P##lambertw##Q##_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws) \
    {                                                                                      \
        DNI_SP_S(s_lambertw_w)(ws, u[0], 0, n, ws + DNI_ST(n));                            \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }                                                                                      \
    static inline void P##lambertwm1##Q##_w(DNI_R *r, const DNI_R *u, unsigned n,          \
                                            DNI_R *ws)                                     \
    {                                                                                      \
        DNI_SP_S(s_lambertw_w)(ws, u[0], -1, n, ws + DNI_ST(n));                           \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }                                                                                      \
    static inline void P##erfinv##Q##_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)   \
    {                                                                                      \
        DNI_SP_S(s_erfinv_w)(ws, u[0], 1.0, n, ws + DNI_ST(n));                            \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }                                                                                      \
    static inline void P##erfcinv##Q##_w(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)  \
    {                                                                                      \
        DNI_SP_S(s_erfinv_w)(ws, u[0], -1.0, n, ws + DNI_ST(n));                           \
        P##sp_compose_w(r, u, ws, n, ws + DNI_ST(n));                                      \
    }

#define DNI_SP_S1(n) ((n) + 1)
#define DNI_SP_M1(n) (n)
/* instantiation with the prefix DNI_KP of the element type (expanded before pasting) */
#define DNI_SP_EXPAND(M, P) M(P)
#define DNI_SP_EXPAND2(M, P, A) M(P, A)

/* Scratch sizes of the one-variable special kernels (doubles; none needs wide scratch). */
#define DNI_W_lgamma(n) (DNI_WN(7, n) + 2 * DN_TAYLOR_MAX)
#define DNI_W_tgamma(n) (DNI_WN(8, n) + 2 * DN_TAYLOR_MAX)
#define DNI_W_digamma(n) DNI_W_polygamma(n)
#define DNI_W_polygamma(n) (DNI_WN(7, n) + 2 * DN_TAYLOR_MAX)
#define DNI_W_lambertw(n) DNI_WN(7, n)
#define DNI_W_lambertwm1(n) DNI_WN(7, n)
#define DNI_W_erfinv(n) DNI_WN(7, n)
#define DNI_W_erfcinv(n) DNI_WN(7, n)
#define DNI_W_jn(n) DNI_WN(7, n)
#define DNI_W_yn(n) DNI_WN(7, n)
#define DNI_W_j0(n) DNI_WN(7, n)
#define DNI_W_j1(n) DNI_WN(7, n)
#define DNI_W_y0(n) DNI_WN(7, n)
#define DNI_W_y1(n) DNI_WN(7, n)
#define DNI_W_sinc(n) DNI_WN(7, n)
#define DNI_W_log2(n) DNI_W_log(n)
#define DNI_W_log10(n) DNI_W_log(n)
#define DNI_W_exp2(n) DNI_WN(3, n)
#define DNI_W_sinpi(n) DNI_WN(5, n)
#define DNI_W_cospi(n) DNI_WN(5, n)
#define DNI_W_cot(n) DNI_WN(7, n)
#define DNI_W_floor(n) 1
#define DNI_W_ceil(n) 1
#define DNI_W_min(n) 1
#define DNI_W_max(n) 1
#define DNI_W_fmod(n) 1

/* Enough scratch for every kernel of kernel.h and this file at order n: ws doubles and
 * ww wide numbers (the run-time-order callers, which run many kernels on one buffer). */
#define DNI_W_MAX(n) (DNI_WN(8, n) + 2 * DN_TAYLOR_MAX)
#define DNI_WW_MAX(n) DNI_WN(8, n)

#endif /* DNUM_KERNEL_SPECIAL_H */

/* The body (kernel.h): the special-function kernels of this element type. */
#ifdef DNI_KERNEL_BODY

/* ------------------------------------------------------------------------------------ */
/* Small helpers.                                                                          */

/** h = the series of the pole c/z^p at z = +0 in the variable: every entry +-Inf with the
 *  sign of c (-1)^k (the one-sided limit from the right); with a log pole (logp = 1,
 *  -log z): +Inf, then -Inf, +Inf, ... */
static inline void DNI_K(sp_pole)(DNI_R *h, DNI_R c, int logp, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) {
        DNI_R s = (k % 2) ? -1.0 : 1.0;
        h[k] = (logp && k == 0) ? INFINITY : s * DNI_M(copysign)(INFINITY, c);
    }
}

/** sin(pi x) with the argument reduced exactly: exact 0 at the integers, +-1 at the
 *  half-integers. */
static inline DNI_R DNI_K(sinpi_val)(DNI_R x)
{
    if (!isfinite(x)) return x - x;                            /* NaN */
    DNI_R r = DNI_M(remainder)(x, 2.0), a = DNI_M(fabs)(r), v; /* exact, |r| <= 1 */
    if (a <= 0.25) v = DNI_M(sin)(DNI_SP_PI * a);
    else if (a <= 0.75) v = DNI_M(cos)(DNI_SP_PI * (0.5 - a));
    else v = DNI_M(sin)(DNI_SP_PI * (1.0 - a));
    v = r < 0.0 ? -v : v;
    return v == 0.0 ? 0.0 * x : v; /* a zero takes the sign of x */
}

/** cos(pi x) with the argument reduced exactly: exact at the integers and half-integers. */
static inline DNI_R DNI_K(cospi_val)(DNI_R x)
{
    if (!isfinite(x)) return x - x;
    DNI_R a = DNI_M(fabs)(DNI_M(remainder)(x, 2.0));
    if (a <= 0.25) return DNI_M(cos)(DNI_SP_PI * a);
    if (a <= 0.75) return DNI_M(sin)(DNI_SP_PI * (0.5 - a));
    return -DNI_M(cos)(DNI_SP_PI * (1.0 - a));
}

/** cot(pi x) = cos(pi x) / sin(pi x) from the exactly reduced values (the reflection of
 *  the gamma kernels). */
static inline DNI_R DNI_K(cotpi_val)(DNI_R x)
{
    return DNI_K(cospi_val)(x) / DNI_K(sinpi_val)(x);
}

/* The point series of cot at v0 in the variable w (t0 = cot(v0) given, finite):
 * t' = -(1 + t^2), so (k+1) t[k+1] = -(delta_k0 + sum_j t[j] t[k-j]); then scaled by
 * sc^k (cot(sc z) for sinpi-type arguments). */
static inline void DNI_K(s_cot_at)(DNI_R *h, DNI_R t0, DNI_R sc, unsigned n)
{
    h[0] = t0;
    for (unsigned k = 0; k < n; k++) {
        DNI_R q = (k == 0) ? 1.0 : 0.0;
        for (unsigned j = 0; j <= k; j++) q += h[j] * h[k - j];
        h[k + 1] = -q * DNI_INV(k + 1);
    }
    DNI_R p = 1.0;
    for (unsigned k = 1; k <= n; k++) h[k] *= (p *= sc);
}

/* ------------------------------------------------------------------------------------ */
/* Composition of a point series with the argument (1-D).                                 */

/* r = f(u) from the point series h of f at u0 (overwritten): f = sum_k h[k] (u - u0)^k.
 * Beyond DN_TAYLOR_MAX the scaled coefficients h[k] s^k are formed in long double.
 * Scratch: ws, DNI_WN(6, n). */
/* The same on Taylor coefficients: tr = sum_k h[k] (tu - tu0)^k. Scratch: DNI_WN(4, n). */
static inline void DNI_K(sp_tcompose_w)(DNI_R *tr, const DNI_R *tu, DNI_R *h, unsigned n,
                                        DNI_R *ws)
{
    if (DNI_SCALED(n)) {
        long double s = DNI_K(scale)(n), p = 1.0L;
        for (unsigned k = 0; k <= n; k++, p *= s) h[k] = (DNI_R)((long double)h[k] * p);
    }
    /* the derivatives h^(k)(u0) (scaled as dni_tcompose expects) */
    DNI_K(from_t)(ws, h, n);
    DNI_K(tcompose_w)(tr, ws, tu, n, ws + DNI_ST(n));
}

DNI_SP_OUTLINE void DNI_K(sp_compose_w)(DNI_R *r, const DNI_R *u, DNI_R *h, unsigned n,
                                        DNI_R *ws)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(sp_tcompose_w)(tr, tu, h, n, ws + 2 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}

/* ------------------------------------------------------------------------------------ */
/* Piecewise functions on flat arrays of m + 1 entries (the value first): both layouts.   */

/* r = floor(u) (up = 0) or ceil(u) (up = 1): derivatives 0, NaN at an integer (a jump) */
static inline void DNI_K(sp_step)(DNI_R *r, const DNI_R *u, int up, unsigned m)
{
    DNI_R v = up ? DNI_M(ceil)(u[0]) : DNI_M(floor)(u[0]);
    DNI_R d = (v == u[0] || isnan(v)) ? NAN : 0.0;
    r[0] = v;
    for (unsigned k = 1; k <= m; k++) r[k] = d;
}

/* r = min(a, b) (mx = 0) or max(a, b) (mx = 1) with fmin/fmax's value: the derivatives of
 * the active argument; a tie (a0 == b0) gives NaN derivatives. */
static inline void DNI_K(sp_minmax)(DNI_R *r, const DNI_R *a, const DNI_R *b, int mx,
                                    unsigned m)
{
    DNI_R a0 = a[0], b0 = b[0];
    int take_a = isnan(b0) || (mx ? a0 > b0 : a0 < b0);
    int take_b = isnan(a0) || (mx ? b0 > a0 : b0 < a0);
    if (take_a && !take_b) {
        for (unsigned k = 0; k <= m; k++) r[k] = a[k];
    } else if (take_b && !take_a) {
        for (unsigned k = 0; k <= m; k++) r[k] = b[k];
    } else {
        r[0] = mx ? DNI_M(fmax)(a0, b0) : DNI_M(fmin)(a0, b0);
        for (unsigned k = 1; k <= m; k++) r[k] = NAN;
    }
}

/* r = fmod(a, b) = a - q b with the integer q = trunc(a0/b0), constant between the jumps;
 * at a jump (the value 0: a0/b0 an integer) or a NaN value every derivative NaN. */
static inline void DNI_K(sp_fmod)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned m)
{
    DNI_R v = DNI_M(fmod)(a[0], b[0]);
    DNI_R q = (v == 0.0 || isnan(v)) ? NAN : DNI_M(nearbyint)((a[0] - v) / b[0]);
    for (unsigned k = 1; k <= m; k++) r[k] = a[k] - q * b[k];
    r[0] = v;
}

/* The point series of the families (defined in the parts included below), declared for
 * the compositions instantiated here. */
DNI_SP_OUTLINE void DNI_K(s_digamma_w)(DNI_R *h, DNI_R x, unsigned n, DNI_R *ws);
DNI_SP_OUTLINE void DNI_K(s_lgamma_w)(DNI_R *h, DNI_R x, unsigned n, DNI_R *ws);
DNI_SP_OUTLINE void DNI_K(s_tgamma_w)(DNI_R *h, DNI_R x, unsigned n, DNI_R *ws);
DNI_SP_OUTLINE void DNI_K(s_polygamma_w)(DNI_R *h, int m, DNI_R x, unsigned n, DNI_R *ws);
DNI_SP_OUTLINE void DNI_K(s_lambertw_w)(DNI_R *h, DNI_R x, int br, unsigned n, DNI_R *ws);
DNI_SP_OUTLINE void DNI_K(s_erfinv_w)(DNI_R *h, DNI_R x, DNI_R sg, unsigned n, DNI_R *ws);
DNI_SP_OUTLINE void DNI_K(s_bessel_w)(DNI_R *h, int kind, int nu, DNI_R x, unsigned n,
                                      DNI_R *ws);
DNI_SP_OUTLINE void DNI_K(s_sinc)(DNI_R *h, DNI_R x, unsigned n);

DNI_SP_EXPAND2(DNI_SP_COMPOSED, DNI_KP, _c)
DNI_SP_EXPAND2(DNI_SP_COMPOSED_ODE, DNI_KP, _c)

/* the families, each with its point series and its one-variable kernels */
#include "dnum/internal/kernel_special_gamma.h"    /* lgamma tgamma digamma polygamma */
#include "dnum/internal/kernel_special_lambertw.h" /* lambertw lambertwm1 */
#include "dnum/internal/kernel_special_erfinv.h"   /* erfinv erfcinv */
#include "dnum/internal/kernel_special_bessel.h"   /* j0 j1 jn y0 y1 yn sinc */

#define DNI_SPD_P DNI_KP
#define DNI_SPD_S DNI_SP_S1
#define DNI_SPD_M DNI_SP_M1
/* log2 log10 exp2 sinpi cospi cot, the piecewise functions */
#include "dnum/internal/kernel_special_direct.h"

#endif /* DNI_KERNEL_BODY */
