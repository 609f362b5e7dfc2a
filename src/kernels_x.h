/* The kernels of the linkable fixed-order copies (src/inlines.c): dnum_oN_f and
 * dnum2_oN_f there call these, one compiled copy of each rolled kernel in the library
 * (the expression engines' dispatchers, src/expr_eval.c and src/expr_eval2.c), instead of
 * compiling their own. Same signatures as the kernels of dnum/kernel.h and kernel2.h with
 * the prefixes _dn_xk_ and _dn2_xk_. Internal. */
#ifndef DNUM_KERNELS_X_H
#define DNUM_KERNELS_X_H

#include "dnum/common.h"
#include "dnum/kernel_wide.h"

#if defined(__GNUC__) || defined(__clang__)
#define _DN_XK_INTERNAL __attribute__((visibility("hidden")))
#else
#define _DN_XK_INTERNAL
#endif

/* Every kernel with scratch of both families, by the shape of its arguments:
 * U one argument, UW one and wide scratch, B two, BW two and wide scratch, I (int, u);
 * the name f and the expression engine's operation OP. */
#define _DN_XK_ELEM(U, UW, B, BW)                                                          \
    U(exp, EXP) U(expm1, EXPM1) U(log, LOG) U(log1p, LOG1P) UW(sqrt, SQRT) UW(cbrt, CBRT)  \
    U(sin, SIN) U(cos, COS) U(tan, TAN) U(asin, ASIN) U(acos, ACOS) U(atan, ATAN)          \
    U(sinh, SINH) U(cosh, COSH) U(tanh, TANH) U(asinh, ASINH) U(acosh, ACOSH)              \
    U(atanh, ATANH) U(erf, ERF) U(erfc, ERFC) B(mul, MUL) B(div, DIV) BW(pow, POW)          \
    BW(atan2, ATAN2) BW(hypot, HYPOT)
#define _DN_XK_SPECIAL(U, B, I)                                                            \
    U(lgamma, LGAMMA) U(tgamma, TGAMMA) U(digamma, DIGAMMA) U(lambertw, LAMBERTW)          \
    U(lambertwm1, LAMBERTWM1) U(erfinv, ERFINV) U(erfcinv, ERFCINV) U(j0, J0) U(j1, J1)    \
    U(y0, Y0) U(y1, Y1) U(log2, LOG2) U(log10, LOG10) U(exp2, EXP2) U(sinc, SINC)          \
    U(cot, COT) U(sinpi, SINPI) U(cospi, COSPI) U(floor, FLOOR) U(ceil, CEIL)              \
    B(min, MIN) B(max, MAX) B(fmod, FMOD) I(polygamma, POLYGAMMA) I(jn, JN) I(yn, YN)

/* the prototypes, P the prefix (_dn_xk_ or _dn2_xk_); the one-variable kernels of
 * sqrt, cbrt, pow, atan2, hypot, pow_d and pown take wide scratch, Dnum2's do not */
#define _DN_XK_U(P, f)                                                                     \
    _DN_XK_INTERNAL void P##f##_w(double *r, const double *u, unsigned n, double *ws);
#define _DN_XK_UW(P, f)                                                                    \
    _DN_XK_INTERNAL void P##f##_w(double *r, const double *u, unsigned n, double *ws,      \
                                  _dn_wide *ww);
#define _DN_XK_B(P, f)                                                                     \
    _DN_XK_INTERNAL void P##f##_w(double *r, const double *a, const double *b, unsigned n, \
                                  double *ws);
#define _DN_XK_BW(P, f)                                                                    \
    _DN_XK_INTERNAL void P##f##_w(double *r, const double *a, const double *b, unsigned n, \
                                  double *ws, _dn_wide *ww);
#define _DN_XK_I(P, f)                                                                     \
    _DN_XK_INTERNAL void P##f##_w(double *r, const double *u, int m, unsigned n, double *ws);
#define _DN_XK_WW , _dn_wide *ww
#define _DN_XK_OTHERS(P, W)                                                            \
    _DN_XK_INTERNAL void P##pow_d_w(double *r, const double *u, double p, unsigned n,      \
                                    double *ws W);                                         \
    _DN_XK_INTERNAL void P##pown_w(double *r, const double *u, long m, unsigned n,         \
                                   double *ws W);                                          \
    _DN_XK_INTERNAL void P##d_div_w(double *r, double c, const double *u, unsigned n,      \
                                    double *ws);                                           \
    _DN_XK_INTERNAL void P##apply_w(double *r, const double *u, dn_deriv_fn h, void *ctx,  \
                                    unsigned n, double *ws);                               \
    _DN_XK_INTERNAL void P##sincos_w(double *s, double *c, const double *u, unsigned n,    \
                                     double *ws);                                          \
    _DN_XK_INTERNAL void P##sinhcosh_w(double *s, double *c, const double *u, unsigned n,  \
                                       double *ws);

/* the definitions of the kernels that are called directly, not through the dispatcher:
 * P##f##_w calls K##f##_w (W the wide scratch parameter, WA its argument, or empty) */
#define _DN_XK_DIRECT(P, K, W, WA)                                                         \
    void P##pown_w(double *r, const double *u, long m, unsigned n, double *ws W)           \
    {                                                                                      \
        K##pown_w(r, u, m, n, ws WA);                                                      \
    }                                                                                      \
    void P##apply_w(double *r, const double *u, dn_deriv_fn h, void *ctx, unsigned n,      \
                    double *ws)                                                            \
    {                                                                                      \
        K##apply_w(r, u, h, ctx, n, ws);                                                   \
    }                                                                                      \
    void P##sincos_w(double *s, double *c, const double *u, unsigned n, double *ws)        \
    {                                                                                      \
        K##sincos_w(s, c, u, n, ws);                                                       \
    }                                                                                      \
    void P##sinhcosh_w(double *s, double *c, const double *u, unsigned n, double *ws)      \
    {                                                                                      \
        K##sinhcosh_w(s, c, u, n, ws);                                                     \
    }
#define _DN_XK_WA , ww

#define _DN_XK_P1U(f, OP) _DN_XK_U(_dn_xk_, f)
#define _DN_XK_P1UW(f, OP) _DN_XK_UW(_dn_xk_, f)
#define _DN_XK_P1B(f, OP) _DN_XK_B(_dn_xk_, f)
#define _DN_XK_P1BW(f, OP) _DN_XK_BW(_dn_xk_, f)
#define _DN_XK_P1I(f, OP) _DN_XK_I(_dn_xk_, f)
_DN_XK_ELEM(_DN_XK_P1U, _DN_XK_P1UW, _DN_XK_P1B, _DN_XK_P1BW)
_DN_XK_SPECIAL(_DN_XK_P1U, _DN_XK_P1B, _DN_XK_P1I)
_DN_XK_OTHERS(_dn_xk_, _DN_XK_WW)

#define _DN_XK_P2U(f, OP) _DN_XK_U(_dn2_xk_, f)
#define _DN_XK_P2B(f, OP) _DN_XK_B(_dn2_xk_, f)
#define _DN_XK_P2I(f, OP) _DN_XK_I(_dn2_xk_, f)
_DN_XK_ELEM(_DN_XK_P2U, _DN_XK_P2U, _DN_XK_P2B, _DN_XK_P2B)
_DN_XK_SPECIAL(_DN_XK_P2U, _DN_XK_P2B, _DN_XK_P2I)
_DN_XK_OTHERS(_dn2_xk_, )

#endif /* DNUM_KERNELS_X_H */
