/* The kernels of the linkable fixed-order copies (src/inlines.c): dnum_oN_f and
 * dnum2_oN_f there call these, one compiled copy of each rolled kernel in the library
 * (the dispatchers of one instruction, src/dispatch/exec.c and src/dispatch/step2.c),
 * instead of compiling their own. Same signatures as the kernels of
 * dnum/internal/kernel.h and kernel2.h with the prefixes dni_xk_ and dni2_xk_. Internal. */
#ifndef DNUM_KERNELS_X_H
#define DNUM_KERNELS_X_H

/* (PE/COFF has no symbol visibility: the attribute would be ignored with a warning) */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && !defined(__CYGWIN__)
#define DNI_XK_INTERNAL __attribute__((visibility("hidden")))
#else
#define DNI_XK_INTERNAL
#endif

/* The point series of the composed special functions (kernel_special.h's dni_s_*,
 * h[k] = f^(k)(x)/k!), compiled once in dispatch/exec.c as dni_xk_s_*: the Dnum2 dispatcher
 * (dispatch/step2.c) takes them through DNI_SP_S. Declared before the kernel headers, whose
 * composed kernels name them there. X(name, parameters, arguments). */
#define DNI_XK_SERIES(X)                                                                   \
    X(s_digamma_w, (double *h, double x, unsigned n, double *ws), (h, x, n, ws))           \
    X(s_lgamma_w, (double *h, double x, unsigned n, double *ws), (h, x, n, ws))            \
    X(s_tgamma_w, (double *h, double x, unsigned n, double *ws), (h, x, n, ws))            \
    X(s_polygamma_w, (double *h, int m, double x, unsigned n, double *ws),                 \
      (h, m, x, n, ws))                                                                    \
    X(s_lambertw_w, (double *h, double x, int br, unsigned n, double *ws),                 \
      (h, x, br, n, ws))                                                                   \
    X(s_erfinv_w, (double *h, double x, double sg, unsigned n, double *ws),                \
      (h, x, sg, n, ws))                                                                   \
    X(s_bessel_w, (double *h, int kind, int nu, double x, unsigned n, double *ws),         \
      (h, kind, nu, x, n, ws))                                                             \
    X(s_sinc, (double *h, double x, unsigned n), (h, x, n))
#define DNI_XK_SERIES_PROTO(name, params, args) DNI_XK_INTERNAL void dni_xk_##name params;
DNI_XK_SERIES(DNI_XK_SERIES_PROTO)

#include "dnum/common.h"
#include "dnum/internal/kernel_wide.h"
#include "dnum/internal/ops.h"

/* Every kernel with scratch of both families, as X(A, f, OP, shape, doc): mul, div and
 * the rows of the operation table (dnum/internal/ops.h; abs, of shape DNI_NOWS, has none).
 * U one argument, B two, I (int, u). */
#define DNI_XK_LIST(U, B, I)                                                               \
    B(~, mul, MUL, DNI_WS, "a b") B(~, div, DIV, DNI_WS, "a / b") DNI_OPS_UNARY(U, ~)      \
    DNI_OPS_BINARY(B, ~)                                                                   \
    DNI_OPS_INT(I, ~)

/* the prototypes, P the prefix (dni_xk_ or dni2_xk_); the one-variable kernels of
 * sqrt, cbrt, pow, atan2, hypot, pow_d and pown take wide scratch, Dnum2's do not */
#define DNI_XK_U(P, f)                                                                     \
    DNI_XK_INTERNAL void P##f##_w(double *r, const double *u, unsigned n, double *ws);
#define DNI_XK_UW(P, f)                                                                    \
    DNI_XK_INTERNAL void P##f##_w(double *r, const double *u, unsigned n, double *ws,      \
                                  dni_wide *ww);
#define DNI_XK_B(P, f)                                                                     \
    DNI_XK_INTERNAL void P##f##_w(double *r, const double *a, const double *b, unsigned n, \
                                  double *ws);
#define DNI_XK_BW(P, f)                                                                    \
    DNI_XK_INTERNAL void P##f##_w(double *r, const double *a, const double *b, unsigned n, \
                                  double *ws, dni_wide *ww);
#define DNI_XK_I(P, f)                                                                     \
    DNI_XK_INTERNAL void P##f##_w(double *r, const double *u, int m, unsigned n,           \
                                  double *ws);
#define DNI_XK_WW , dni_wide *ww
#define DNI_XK_OTHERS(P, W)                                                                \
    DNI_XK_INTERNAL void P##pow_d_w(double *r, const double *u, double p, unsigned n,      \
                                    double *ws W);                                         \
    DNI_XK_INTERNAL void P##pown_w(double *r, const double *u, long m, unsigned n,         \
                                   double *ws W);                                          \
    DNI_XK_INTERNAL void P##d_div_w(double *r, double c, const double *u, unsigned n,      \
                                    double *ws);                                           \
    DNI_XK_INTERNAL void P##apply_w(double *r, const double *u, dn_deriv_fn h, void *ctx,  \
                                    unsigned n, double *ws);                               \
    DNI_XK_INTERNAL void P##sincos_w(double *s, double *c, const double *u, unsigned n,    \
                                     double *ws);                                          \
    DNI_XK_INTERNAL void P##sinhcosh_w(double *s, double *c, const double *u, unsigned n,  \
                                       double *ws);

/* the definitions of the kernels that are called directly, not through the dispatcher:
 * P##f##_w calls K##f##_w (W the wide scratch parameter, WA its argument, or empty) */
#define DNI_XK_DIRECT(P, K, W, WA)                                                         \
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
#define DNI_XK_WA , ww

/* the prototypes by the shape of the kernel's scratch: the one-variable kernels of sqrt,
 * cbrt, pow, atan2, hypot, pow_d and pown take wide scratch, Dnum2's do not */
#define DNI_XK_P1U(A, f, OP, shape, ...) DNI_XK_P1U_##shape(dni_xk_, f)
#define DNI_XK_P1U_DNI_NOWS(P, f)
#define DNI_XK_P1U_DNI_WS DNI_XK_U
#define DNI_XK_P1U_DNI_WSW DNI_XK_UW
#define DNI_XK_P1B(A, f, OP, shape, ...) DNI_XK_P1B_##shape(dni_xk_, f)
#define DNI_XK_P1B_DNI_WS DNI_XK_B
#define DNI_XK_P1B_DNI_WSW DNI_XK_BW
#define DNI_XK_P1I(A, f, ...) DNI_XK_I(dni_xk_, f)
DNI_XK_LIST(DNI_XK_P1U, DNI_XK_P1B, DNI_XK_P1I)
DNI_XK_OTHERS(dni_xk_, DNI_XK_WW)

#define DNI_XK_P2U(A, f, OP, shape, ...) DNI_XK_P2U_##shape(dni2_xk_, f)
#define DNI_XK_P2U_DNI_NOWS(P, f)
#define DNI_XK_P2U_DNI_WS DNI_XK_U
#define DNI_XK_P2U_DNI_WSW DNI_XK_U
#define DNI_XK_P2B(A, f, ...) DNI_XK_B(dni2_xk_, f)
#define DNI_XK_P2I(A, f, ...) DNI_XK_I(dni2_xk_, f)
DNI_XK_LIST(DNI_XK_P2U, DNI_XK_P2B, DNI_XK_P2I)
DNI_XK_OTHERS(dni2_xk_, )

#endif /* DNUM_KERNELS_X_H */
