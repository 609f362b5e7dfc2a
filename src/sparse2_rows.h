/* One-pass numbers for the plain part of dnum/nlp.h's problems (src/sparse2_drivers.c, for
 * src/nlp.c): the constraints c(x, i), i < m, evaluated on one seeding of the variables,
 * each row's gradient entries handed to a callback; the sparse Hessian in a fixed pattern.
 * Internal to the library. */
#ifndef DNUM_SPARSE2_ROWS_H
#define DNUM_SPARSE2_ROWS_H

#include <stdint.h>
#include "dnum/nlp.h"

/* receives the entry (row, col) = g of the rows' Jacobian */
typedef void (*dni_dsp_o2_put)(void *pctx, unsigned row, uint32_t col, double g);

/* Evaluates c(x, i) for i < m in the workspace w (gradient mode, the variables seeded
 * once): val[i] = c_i(x), put(pctx, i, j, dc_i/dx_j) for every gradient entry (in no
 * particular order; an index may come once per row). 0 or DN_ENOMEM (val and the entries
 * then partly written). */
int dni_dsp_o2_rows(dsp_o2_work *w, dn_constraint_sp c, void *ctx, const double *x,
                    unsigned n, unsigned m, double *val, dni_dsp_o2_put put, void *pctx);

/* One pass of dn_hessian_sp for f in w into H's pattern, which stays fixed: 0, DN_ENOMEM
 * or DN_ESTRUCT (an entry outside it; H untouched). An H without a pattern gets f's. */
int dni_dsp_o2_hessian_fixed(dsp_o2_work *w, double *fx, dn_sphess *H, dn_objective_sp f,
                             void *ctx, const double *x, unsigned n);

/* c r for a result r that nothing else reads (a function's return value): an accumulator
 * is scaled in place, O(its entries) (c * r makes it a list with its whole triangle in
 * sparse mode, O(n^2) for a sum over n variables); anything else as dsp_o2_mul_d. */
dsp_o2 dni_dsp_o2_scale_result(dsp_o2 r, double c);

#endif /* DNUM_SPARSE2_ROWS_H */
