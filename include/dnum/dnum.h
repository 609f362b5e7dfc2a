/* dnum/dnum.h -- higher-order forward-mode automatic differentiation with dual numbers.
 *
 * Include this one header. It provides:
 *   dnum/common.h   status codes, dn_strerror, the callback type dn_deriv_fn and
 *                   ready-made callbacks (dn_deriv_exp, _sin, _cos, _log, _gaussian)
 *   dnum/fixed.h    fixed-order dual numbers dnum_o1 ... dnum_o32, DNUM_DEFINE(N),
 *                   and the type-generic dn_* names
 *   dnum/dvec.h     dvec, dual numbers of run-time order on a deque (D, F, new)
 *   dnum/hessian.h  gradient, Hessian diagonal (dn_hessdiag, dn_hessdiag_lanes) and full
 *                   Hessian (dn_hessian) of f: R^n -> R; one-pass drivers (dn_hessdiag_sp,
 *                   dn_hessvec_sp, dn_hessian_sp, dn_grad_sp), element drivers (dn_*_el);
 *                   the order-2 numbers: dnum/lanes_o2.h dlane_o2, dnum/sparse_o2.h
 *                   dsp_o2, dnum/sparseh_o2.h dsph_o2, dnum/elem_o2.h dnelK_o2 (their
 *                   names before 0.3: dnum/deprecated_o2.h)
 *   dnum/nlp.h      constrained problems of elements for optimisers (Ipopt): the
 *                   constraints' sparse Jacobian and the Lagrangian's sparse Hessian in
 *                   fixed patterns (dn_nlp_new, dn_nlp_obj, dn_nlp_cons, dn_nlp_hess)
 *   dnum/dnum2.h    bivariate dual numbers dnum2_o1 ... dnum2_o16 (all mixed partials),
 *                   DNUM2_DEFINE(N), dnum2_hessian; kernels in dnum/internal/kernel2.h
 *   dnum/dnumk.h   multivariate numbers: every mixed partial of f(x1..xk) to total order
 *                   N, DNUMK_DEFINE(K, N) value types and the run-time dnk_space API
 *   dnum/expr.h     formulas parsed at run time (dn_expr_parse) and evaluated with every
 *                   derivative on raw arrays, dnum_oN, Dvec or bivariate triangles
 *   dnum/coeffs.h   Taylor coefficients c_k = f^(k)/k! in and out, for every family
 * Not included here (include it where needed):
 *   dnum/bounded.h  dnume_oN and dvece: dnum_oN and dvec with an error bound beside each
 *                   derivative (the analysis of dn_expr_eval_err, one operation at a time)
 * Stored numbers are derivatives: a.d[k] is the k-th derivative. See README.md.
 */
#ifndef DNUM_DNUM_H
#define DNUM_DNUM_H

#include "dnum/common.h"
#include "dnum/fixed.h"
#include "dnum/dvec.h"
#include "dnum/hessian.h"
#include "dnum/nlp.h"
#include "dnum/dnum2.h"
#include "dnum/dnumk.h"
#include "dnum/expr.h"
#include "dnum/batch.h"
#include "dnum/coeffs.h"

#endif /* DNUM_DNUM_H */
