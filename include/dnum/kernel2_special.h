/* dnum/kernel2_special.h -- the special functions on the bivariate layout of kernel2.h
 * (internal, not API-stable). Included at the end of kernel2.h. The same code as the
 * one-variable kernels (dnum/kernel_special.h), instantiated with the prefix _dn2_: the
 * direct recurrences run on blocks of the triangle, the point-series functions compose
 * the series h[k] = f^(k)(u_0)/k! with u (_dn2_tcompose, O(n^5)), the piecewise ones act
 * on the flat triangle.
 *
 * Index: _dn2_lgamma _dn2_tgamma _dn2_digamma _dn2_polygamma(r, u, m, n) _dn2_lambertw
 * _dn2_lambertwm1 _dn2_erfinv _dn2_erfcinv _dn2_j0 _dn2_j1 _dn2_jn(r, u, nu, n) _dn2_y0
 * _dn2_y1 _dn2_yn(r, u, nu, n) _dn2_log2 _dn2_log10 _dn2_exp2 _dn2_sinc _dn2_cot
 * _dn2_sinpi _dn2_cospi _dn2_floor _dn2_ceil _dn2_min _dn2_max _dn2_fmod.
 */
#ifndef DNUM_KERNEL2_SPECIAL_H
#define DNUM_KERNEL2_SPECIAL_H

#include "dnum/kernel2.h"

/* r = f(u) from the point series h of f at u_0: sum_k h[k] (u - u_0)^k (n <= 64).
 * Scratch: ws, _DN2_WS_compose(n). */
#define _DN2_WS_compose(n) (7 * _DN2_S(n) + (n) + 1)
_DN_SP_OUTLINE void _dn2_sp_compose_w(double *r, const double *u, double *h, unsigned n,
                                      double *ws)
{
    double *dh = ws, *tu = ws + (n + 1), *tr = ws + (n + 1) + _DN2_S(n);
    for (unsigned k = 0; k <= n; k++) dh[k] = h[k] * _dn_fact[k];
    _dn2_to_t(tu, u, n);
    _dn2_tcompose_w(tr, dh, tu, n, ws + (n + 1) + 2 * _DN2_S(n));
    _dn2_from_t(r, tr, n);
}

#define _DN2_SP_M(n) (_dn2_size(n) - 1)
_DN_SP_COMPOSED(_dn2_, )
_DN_SP_COMPOSED_ODE(_dn2_, )
_DN_SP_DIRECT(_dn2_, _DN2_S)
_DN_SP_PIECEWISE(_dn2_, _DN2_SP_M)

/* Scratch of the bivariate special kernels (doubles): the composed ones (the point series,
 * its computation, the composition), the direct ones (5 triangles for sinpi/cospi, the
 * log kernel's for log2/log10). */
#define _DN_MAX2(a, b) ((a) > (b) ? (a) : (b))
#define _DN2_W_SP(n)                                                                       \
    _DN_MAX2(_DN_ST(n) + _DN_MAX2(2 * _DN_ST(n) + 2 * DN_TAYLOR_MAX,                       \
                                  _DN_MAX2(3 * _DN_ST(n), _DN2_WS_compose(n))),            \
             _DN_MAX2(5 * _DN2_S(n), _DN2_WORK(n)))

#endif /* DNUM_KERNEL2_SPECIAL_H */
