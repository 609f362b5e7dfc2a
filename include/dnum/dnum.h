/* dnum/dnum.h -- higher-order forward-mode automatic differentiation with dual numbers.
 *
 * Include this one header. It provides:
 *   dnum/common.h   status codes, dn_strerror, the callback type dn_deriv_fn and
 *                   ready-made callbacks (dn_deriv_exp, _sin, _cos, _log, _gaussian)
 *   dnum/fixed.h    fixed-order dual numbers dnum_o1 ... dnum_o32, DNUM_DEFINE(N),
 *                   and the type-generic dn_* names
 * Stored numbers are derivatives: a.d[k] is the k-th derivative. See README.md.
 */
#ifndef DNUM_DNUM_H
#define DNUM_DNUM_H

#include "dnum/common.h"
#include "dnum/fixed.h"

#endif /* DNUM_DNUM_H */
