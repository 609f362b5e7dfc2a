/* Internal to the library: the kernel layer (dnum/kernel.h, kernel_wide.h's series cores,
 * kernel_special.h) instantiated a second time, for the extended element type _dne_real,
 * with the names _dne_* (the same source as the public double kernels _dn_*).
 *
 * The type: IEEE binary128 (_Float128, 113-bit significand) with the C library's f128
 * functions where meson found both (DN_EXT_F128), else long double (64 bits on x86).
 * Either covers about 1e+-4932, so at every order up to DN_ORDER_MAX the factorials
 * themselves fit: no scaled coefficients (_DN_SCALED is 0); 1/k! and k! are formed in the
 * type. The "wide" paths of kernel_wide.h are the plain recurrences of the type (its wide
 * type is itself).
 *
 * Must be the first include of its translation unit (it selects the C library's
 * declarations of the f128 and Bessel functions). */
#ifndef DNUM_KERNEL_EXT_H
#define DNUM_KERNEL_EXT_H

#define _GNU_SOURCE 1                          /* jn yn lgamma_r for the types below */
#define __STDC_WANT_IEC_60559_TYPES_EXT__ 1    /* _Float128 functions (sinf128, ...) */
#include <math.h>
#include <float.h>
#include "dnum/kernel.h" /* the double instantiation, the type-independent macros */

#if defined(DN_EXT_F128) && DN_EXT_F128
__extension__ typedef _Float128 _dne_real;
#define _DNE_M(f) f##f128
#define _DNE_C(lit) (__extension__ lit##F128)
#define _DNE_EPS 0x1p-113
#define _DNE_SERIES_TOL 1e-36
#define _DNE_MANT_DIG 113
#define _DNE_MIN_EXP (-16382)
#define _DNE_LGAMMA_R lgammaf128_r
#else
typedef long double _dne_real;
#define _DNE_M(f) f##l
#define _DNE_C(lit) lit##L
#define _DNE_EPS 0x1p-64
#define _DNE_SERIES_TOL 1e-21
#define _DNE_MANT_DIG LDBL_MANT_DIG
#define _DNE_MIN_EXP (LDBL_MIN_EXP - 1)
#define _DNE_LGAMMA_R lgammal_r
#endif

/* The element-type macros of the kernel body (see dnum/kernel.h). */
#undef _DN_R
#undef _DN_KP
#undef _DN_K
#undef _DN_M
#undef _DN_C
#undef _DN_INV
#undef _DN_IFACT
#undef _DN_SCALED
#undef _DN_EPS
#undef _DN_MIN_EXP
#undef _DN_SERIES_TOL
#undef _DN_DIGAMMA_X0
#undef _DN_DOUBLE_BODY
#define _DN_DOUBLE_BODY 0
#define _DN_R _dne_real
#define _DN_KP _dne_
#define _DN_K(name) _dne_##name
#define _DN_M(f) _DNE_M(f)
#define _DN_C(lit) _DNE_C(lit)
#define _DN_INV(k) ((_dne_real)1 / (_dne_real)(k))
#define _DN_IFACT(k) _dne_ifact(k)
#define _DN_SCALED(n) 0
#define _DN_EPS _DNE_EPS
#define _DN_MIN_EXP _DNE_MIN_EXP
#define _DN_SERIES_TOL _DNE_SERIES_TOL
/* the Hurwitz zeta sums of digamma go to X = x + N >= 60 + 6 n: the Euler-Maclaurin
 * remainder (10 Bernoulli terms) is then below 1e-33 of X^-s at every order */
#define _DN_DIGAMMA_X0(n) (60.0 + 6.0 * (double)(n))

/* ---- the "wide" type and its primitives: the type itself, plain arithmetic ---------- */
typedef _dne_real _dne_wide;
static inline _dne_wide _dne_wd(_dne_real x) { return x; }
static inline _dne_real _dne_wval(_dne_wide a) { return a; }
static inline _dne_wide _dne_wadd(_dne_wide a, _dne_wide b) { return a + b; }
static inline _dne_wide _dne_wsub(_dne_wide a, _dne_wide b) { return a - b; }
static inline _dne_wide _dne_wmul1(_dne_wide a, _dne_real c) { return a * c; }
static inline _dne_wide _dne_wdiv1(_dne_wide a, _dne_wide b) { return a / b; }
static inline _dne_wide _dne_wconv(_dne_wide init, const _dne_wide *a, const _dne_wide *b,
                                   unsigned k, unsigned lo, unsigned hi)
{
    for (unsigned j = lo; j <= hi; j++) init += a[j] * b[k - j];
    return init;
}
static inline _dne_wide _dne_wsqrt_head(_dne_wide s, _dne_real r)
{
    return (isfinite(r) && s > 0) ? _DNE_M(sqrt)(s) : r;
}

/* ---- conversions: exact factorials in the type at every order ------------------------ */
static inline _dne_real _dne_scale(unsigned n)
{
    (void)n;
    return 1;
}

/* 1/k! (a running product: k roundings, relative error below k 2^-113) */
static inline _dne_real _dne_ifact(unsigned k)
{
    _dne_real f = 1;
    for (unsigned j = 2; j <= k; j++) f *= (_dne_real)j;
    return 1 / f;
}

/* t[k] = d[k] / k! */
static inline void _dne_to_t(_dne_real *restrict t, const _dne_real *d, unsigned n)
{
    _dne_real f = 1;
    for (unsigned k = 0; k <= n; k++) {
        if (k > 1) f *= (_dne_real)k;
        t[k] = d[k] / f;
    }
}

/* d[k] = t[k] k! */
static inline void _dne_from_t(_dne_real *restrict d, const _dne_real *t, unsigned n)
{
    _dne_real f = 1;
    for (unsigned k = 0; k <= n; k++) {
        if (k > 1) f *= (_dne_real)k;
        d[k] = t[k] * f;
    }
}

static inline void _dne_to_w(_dne_wide *w, const _dne_real *d, unsigned n)
{
    _dne_to_t(w, d, n);
}

static inline void _dne_from_w(_dne_real *d, const _dne_wide *w, unsigned n)
{
    _dne_from_t(d, w, n);
}

/* log|Gamma(x)| without the global signgam (as _dn_lgamma_value) */
static inline _dne_real _dne_lgamma_value(_dne_real x)
{
    int sign;
    return _DNE_LGAMMA_R(x, &sign);
}

/* ---- the body, for _dne_real --------------------------------------------------------- */
#define _DN_KERNEL_BODY 1
#include "dnum/kernel.h"

#endif /* DNUM_KERNEL_EXT_H */
