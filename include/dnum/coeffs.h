/* dnum/coeffs.h -- Taylor coefficients in and out, for every family.
 *
 * The families store derivatives: d[k] = f^(k) (Dnum, Dvec), d[DNUM2_INDEX(i, j)] =
 * d^(i+j) f / dx^i dy^j (Dnum2). These functions convert to and from the Taylor
 * coefficients c_k = f^(k) / k! and c_ij = f^(i,j) / (i! j!), with the factorials in
 * extended range (long double where it is wider than double), each result rounded once,
 * so they work at every order up to DN_ORDER_MAX: c_k is finite where d_k is finite,
 * also where k! itself overflows a double. (A derivative stored as +-Inf, because it
 * exceeds DBL_MAX, gives an infinite coefficient: for the coefficients of such
 * functions at high order use dn_expr_eval_coeffs, which never forms the derivatives.)
 * Dnumk stores coefficients already (T_coeff, dnk_coeff in dnum/dnumk.h).
 *
 * Conventions: output first; c and d may be the same array; status DN_OK, or
 * DN_EINVAL (NULL pointer, uninitialised dvec), DN_ERANGE (order above DN_ORDER_MAX),
 * DN_ENOMEM (dvec_set_coeffs could not grow v), with nothing written on failure.
 *
 * Index:
 *   raw arrays, order n   dn_coeffs_from_derivs  dn_derivs_from_coeffs   (fixed: a.d, N)
 *   Dnum2 triangles       dn2_coeffs_from_derivs dn2_derivs_from_coeffs  (a.d, N)
 *   Dvec                  dvec_get_coeffs        dvec_set_coeffs
 */
#ifndef DNUM_COEFFS_H
#define DNUM_COEFFS_H

#include "dnum/common.h"
#include "dnum/dvec.h"

#ifdef __cplusplus
extern "C" {
#endif

/** c[k] = d[k] / k!, k = 0..n (n <= DN_ORDER_MAX). Fixed-order numbers: pass a.d, N. */
int dn_coeffs_from_derivs(double *c, const double *d, unsigned n);

/** d[k] = c[k] k!, k = 0..n (+-Inf where that exceeds DBL_MAX). */
int dn_derivs_from_coeffs(double *d, const double *c, unsigned n);

/** On a bivariate triangle of total order n (the Dnum2 layout, DNUM2_SIZE(n) entries):
 *  c[DNUM2_INDEX(i, j)] = d[DNUM2_INDEX(i, j)] / (i! j!), i + j <= n. */
int dn2_coeffs_from_derivs(double *c, const double *d, unsigned n);

/** The inverse of dn2_coeffs_from_derivs: d_ij = c_ij i! j!. */
int dn2_derivs_from_coeffs(double *d, const double *c, unsigned n);

/** c[0..N] = the Taylor coefficients of v (order N). */
int dvec_get_coeffs(double *c, const dvec *v);

/** Sets v to order `order` with the Taylor coefficients c[0..order] (derivatives
 *  c_k k!). DN_EINVAL, DN_ERANGE, DN_ENOMEM (v unchanged). */
int dvec_set_coeffs(dvec *v, const double *c, unsigned order);

#ifdef __cplusplus
}
#endif

#endif /* DNUM_COEFFS_H */
