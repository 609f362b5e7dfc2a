/* dnum/internal/kernel2_special.h -- the special functions on the bivariate layout of kernel2.h
 * (internal, not API-stable). Included at the end of kernel2.h. The same code as the
 * one-variable kernels (dnum/internal/kernel_special.h), instantiated with the prefix dni2_: the
 * direct recurrences run on blocks of the triangle, the point-series functions compose
 * the series h[k] = f^(k)(u_0)/k! with u (dni2_tcompose, O(n^5)), the piecewise ones act
 * on the flat triangle.
 *
 * Index: dni2_lgamma dni2_tgamma dni2_digamma dni2_polygamma(r, u, m, n) dni2_lambertw
 * dni2_lambertwm1 dni2_erfinv dni2_erfcinv dni2_j0 dni2_j1 dni2_jn(r, u, nu, n) dni2_y0
 * dni2_y1 dni2_yn(r, u, nu, n) dni2_log2 dni2_log10 dni2_exp2 dni2_sinc dni2_cot
 * and the other special functions of the operation table as dni2_<f>.
 */
#ifndef DNUM_KERNEL2_SPECIAL_H
#define DNUM_KERNEL2_SPECIAL_H

#include "dnum/internal/kernel2.h"

/* r = f(u) from the point series h of f at u_0: sum_k h[k] (u - u_0)^k (n <= 64).
 * Scratch: ws, DNI2_WS_compose(n). */
#define DNI2_WS_compose(n) (7 * DNI2_S(n) + (n) + 1)
DNI_SP_OUTLINE void dni2_sp_compose_w(double *r, const double *u, double *h, unsigned n,
                                      double *ws)
{
    double *dh = ws, *tu = ws + (n + 1), *tr = ws + (n + 1) + DNI2_S(n);
    for (unsigned k = 0; k <= n; k++) dh[k] = h[k] * dni_fact[k];
    dni2_to_t(tu, u, n);
    dni2_tcompose_w(tr, dh, tu, n, ws + (n + 1) + 2 * DNI2_S(n));
    dni2_from_t(r, tr, n);
}

#define DNI2_SP_M(n) (dni2_size(n) - 1)
DNI_SP_COMPOSED(dni2_, )
DNI_SP_COMPOSED_ODE(dni2_, )
#define DNI_SPD_P dni2_
#define DNI_SPD_S DNI2_S
#define DNI_SPD_M DNI2_SP_M
#include "dnum/internal/kernel_special_direct.h"

/* Scratch of the bivariate special kernels (doubles): the composed ones (the point series,
 * its computation, the composition), the direct ones (5 triangles for the exact-argument trigonometric ones, the
 * log kernel's for log2/log10). */
#define DNI_MAX2(a, b) ((a) > (b) ? (a) : (b))
#define DNI2_W_SP(n)                                                                       \
    DNI_MAX2(DNI_ST(n) + DNI_MAX2(2 * DNI_ST(n) + 2 * DN_TAYLOR_MAX,                       \
                                  DNI_MAX2(3 * DNI_ST(n), DNI2_WS_compose(n))),            \
             DNI_MAX2(5 * DNI2_S(n), DNI2_WORK(n)))

#endif /* DNUM_KERNEL2_SPECIAL_H */
