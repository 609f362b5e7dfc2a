/* Internal to the library: the kernel layer (dnum/internal/kernel.h, kernel_wide.h's series cores,
 * kernel_special.h) instantiated a second time, for the extended element type dnie_real,
 * with the names dnie_* (the same source as the public double kernels dni_*).
 *
 * The type: IEEE binary128 (_Float128, 113-bit significand) with the C library's f128
 * functions where meson found both (DN_EXT_F128), else long double (64 bits on x86).
 * Either covers about 1e+-4932, so at every order up to DN_ORDER_MAX the factorials
 * themselves fit: no scaled coefficients (DNI_SCALED is 0); 1/k! and k! are formed in the
 * type. The "wide" paths of kernel_wide.h are the plain recurrences of the type (its wide
 * type is itself).
 *
 * Must be the first include of its translation unit (it selects the C library's
 * declarations of the f128 and Bessel functions). */
#ifndef DNUM_KERNEL_EXT_H
#define DNUM_KERNEL_EXT_H

#define _GNU_SOURCE 1                       /* jn yn lgamma_r for the types below */
#define __STDC_WANT_IEC_60559_TYPES_EXT__ 1 /* _Float128 functions (sinf128, ...) */
#include <math.h>
#include <float.h>
#include "dnum/internal/kernel.h" /* the double instantiation, type-independent macros */

#if defined(DN_EXT_F128) && DN_EXT_F128
__extension__ typedef _Float128 dnie_real;
#define DNIE_M(f) f##f128
#define DNIE_C(lit) (__extension__ lit##F128)
#define DNIE_EPS 0x1p-113
#define DNIE_SERIES_TOL 1e-36
#define DNIE_MANT_DIG 113
#define DNIE_MIN_EXP (-16382)
#define DNIE_LGAMMA_R lgammaf128_r
#else
typedef long double dnie_real;
#define DNIE_M(f) f##l
#define DNIE_C(lit) lit##L
#define DNIE_EPS 0x1p-64
#define DNIE_SERIES_TOL 1e-21
#define DNIE_MANT_DIG LDBL_MANT_DIG
#define DNIE_MIN_EXP (LDBL_MIN_EXP - 1)
#if defined(DN_NO_LGAMMAL_R) && DN_NO_LGAMMAL_R /* (meson.build: not thread-safe) */
#define DNIE_LGAMMA_R(x, s) ((void)(s), lgammal(x))
#elif defined(DN_LGAMMAL_R) /* the C library's name for it (MinGW-w64: __lgammal_r) */
long double DN_LGAMMAL_R(long double x, int *sign);
#define DNIE_LGAMMA_R DN_LGAMMAL_R
#else
#define DNIE_LGAMMA_R lgammal_r
#endif
#if defined(DN_NO_JNL) && DN_NO_JNL /* no jnl, ynl in the C library (musl, MinGW-w64) */
#include "bessel_ld.h"
#define jnl(n, x) dnie_bessel_ld(1, n, x)
#define ynl(n, x) dnie_bessel_ld(2, n, x)
#endif
#endif

/* The element-type macros of the kernel body (see dnum/internal/kernel.h). */
#undef DNI_R
#undef DNI_KP
#undef DNI_K
#undef DNI_M
#undef DNI_C
#undef DNI_INV
#undef DNI_IFACT
#undef DNI_SCALED
#undef DNI_EPS
#undef DNI_MIN_EXP
#undef DNI_SERIES_TOL
#undef DNI_DIGAMMA_X0
#undef DNI_DOUBLE_BODY
#define DNI_DOUBLE_BODY 0
#define DNI_R dnie_real
#define DNI_KP dnie_
#define DNI_K(name) dnie_##name
#define DNI_M(f) DNIE_M(f)
#define DNI_C(lit) DNIE_C(lit)
#define DNI_INV(k) ((dnie_real)1 / (dnie_real)(k))
#define DNI_IFACT(k) dnie_ifact(k)
#define DNI_SCALED(n) 0
#define DNI_EPS DNIE_EPS
#define DNI_MIN_EXP DNIE_MIN_EXP
#define DNI_SERIES_TOL DNIE_SERIES_TOL
/* the Hurwitz zeta sums of digamma go to X = x + N >= 60 + 6 n: the Euler-Maclaurin
 * remainder (10 Bernoulli terms) is then below 1e-33 of X^-s at every order */
#define DNI_DIGAMMA_X0(n) (60.0 + 6.0 * (double)(n))

/* ---- the "wide" type and its primitives: the type itself, plain arithmetic ---------- */
typedef dnie_real dnie_wide;
/* clang-format off */
static inline dnie_wide dnie_wd(dnie_real x) { return x; }
static inline dnie_real dnie_wval(dnie_wide a) { return a; }
static inline dnie_wide dnie_wadd(dnie_wide a, dnie_wide b) { return a + b; }
static inline dnie_wide dnie_wsub(dnie_wide a, dnie_wide b) { return a - b; }
static inline dnie_wide dnie_wmul1(dnie_wide a, dnie_real c) { return a * c; }
static inline dnie_wide dnie_wdiv1(dnie_wide a, dnie_wide b) { return a / b; }
/* clang-format on */
static inline dnie_wide dnie_wconv(dnie_wide init, const dnie_wide *a, const dnie_wide *b,
                                   unsigned k, unsigned lo, unsigned hi)
{
    for (unsigned j = lo; j <= hi; j++) init += a[j] * b[k - j];
    return init;
}
static inline dnie_wide dnie_wsqrt_head(dnie_wide s, dnie_real r)
{
    return (isfinite(r) && s > 0) ? DNIE_M(sqrt)(s) : r;
}

/* ---- conversions: exact factorials in the type at every order ------------------------ */
static inline dnie_real dnie_scale(unsigned n)
{
    (void)n;
    return 1;
}

/* 1/k! (a running product: k roundings, relative error below k 2^-113) */
static inline dnie_real dnie_ifact(unsigned k)
{
    dnie_real f = 1;
    for (unsigned j = 2; j <= k; j++) f *= (dnie_real)j;
    return 1 / f;
}

/* t[k] = d[k] / k! */
static inline void dnie_to_t(dnie_real *restrict t, const dnie_real *d, unsigned n)
{
    dnie_real f = 1;
    for (unsigned k = 0; k <= n; k++) {
        if (k > 1) f *= (dnie_real)k;
        t[k] = d[k] / f;
    }
}

/* d[k] = t[k] k! */
static inline void dnie_from_t(dnie_real *restrict d, const dnie_real *t, unsigned n)
{
    dnie_real f = 1;
    for (unsigned k = 0; k <= n; k++) {
        if (k > 1) f *= (dnie_real)k;
        d[k] = t[k] * f;
    }
}

static inline void dnie_to_w(dnie_wide *w, const dnie_real *d, unsigned n)
{
    dnie_to_t(w, d, n);
}

static inline void dnie_from_w(dnie_real *d, const dnie_wide *w, unsigned n)
{
    dnie_from_t(d, w, n);
}

/* log|Gamma(x)| without the global signgam (as dni_lgamma_value) */
static inline dnie_real dnie_lgamma_value(dnie_real x)
{
    int sign;
    return DNIE_LGAMMA_R(x, &sign);
}

/* ---- the body, for dnie_real --------------------------------------------------------- */
#define DNI_KERNEL_BODY 1
#include "dnum/internal/kernel.h"

#endif /* DNUM_KERNEL_EXT_H */
