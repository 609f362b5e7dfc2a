/* dnum/hessian.h -- value, gradient, Hessian diagonal and full Hessian of f: R^n -> R.
 *
 * You write the objective once on order-2 numbers; the library seeds one coordinate (or
 * DN_LANES coordinates) at a time and reads the first and second derivatives. See
 * docs/hessian.md for when the diagonal is enough, the costs, and how to write f.
 *
 * Index:
 *   dn_objective2        dnum_o2 f(const dnum_o2 *x, unsigned n, void *ctx)   objective on dnum_o2
 *   dn_objective_l2      dlane2 f(const dlane2 *x, unsigned n, void *ctx)     objective on dlane2
 *   DN_OBJECTIVE2(name, T, x, n, ctx, body...)   define both from one body: name, name##_lanes
 *   dn_hessdiag          f, gradient, Hessian diagonal: one dnum_o2 pass per coordinate
 *   dn_hessdiag_lanes    the same with DN_LANES coordinates per pass (shared value): faster
 *   dn_hessian           f, gradient and the full symmetric Hessian (polarisation)
 *
 * Common conventions: outputs first; fx and grad may be NULL (not wanted); the outputs must
 * not overlap each other but may overlap x (x is copied into the workspace first). work is
 * the caller's workspace of n numbers (its contents on entry do not matter, on return they
 * hold the point x as constants) or NULL, in which case the function allocates it once
 * with malloc and frees it before returning. Nothing else is allocated, there is no global
 * state, and calls are thread-safe when f is. Errors: DN_EINVAL for n = 0 or a NULL f, x
 * or required output; DN_ERANGE when the workspace size overflows size_t; DN_ENOMEM when
 * the workspace cannot be allocated. On error no output is written. The objective is
 * called with the caller's ctx and the same n; a NaN anywhere in f propagates into the
 * results (nothing is checked).
 */
#ifndef DNUM_HESSIAN_H
#define DNUM_HESSIAN_H

#include "dnum/common.h"
#include "dnum/fixed.h"
#include "dnum/lanes2.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An objective written on dnum_o2: returns f(x) with its first and second derivatives
 *  along the direction seeded in x (value d[0], first d[1], second d[2]). Must not modify
 *  x (it is const) and must only depend on x, n and ctx. */
typedef dnum_o2 (*dn_objective2)(const dnum_o2 *x, unsigned n, void *ctx);

/** The same objective written on dlane2 (DN_LANES directions at once). */
typedef dlane2 (*dn_objective_l2)(const dlane2 *x, unsigned n, void *ctx);

#if defined(__GNUC__) || defined(__clang__)
#define _DN_OBJ_UNUSED __attribute__((unused))
#else
#define _DN_OBJ_UNUSED
#endif

/** Defines two static objectives from one body: `name` (a dn_objective2) and `name_lanes`
 *  (a dn_objective_l2). Inside the body, T is the number type (dnum_o2 or dlane2), x, n
 *  and ctx are the parameters, and arithmetic uses the type-generic dnh_* names
 *  (dnh_add, dnh_mul_d, dnh_exp, dnh_const(T, c), dnh_value(a), ...) of dnum/lanes2.h.
 *  Example: DN_OBJECTIVE2(sumsq, T, x, n, ctx, T s = dnh_const(T, 0.0);
 *               for (unsigned i = 0; i < n; i++) s = dnh_add(s, dnh_mul(x[i], x[i]));
 *               return s;) */
#define DN_OBJECTIVE2(name, T, x, n, ctx, ...)                                             \
    static _DN_OBJ_UNUSED dnum_o2 name(const dnum_o2 *x, unsigned n, void *ctx)            \
    {                                                                                      \
        typedef dnum_o2 T;                                                                 \
        (void)(n);                                                                         \
        (void)(ctx);                                                                       \
        __VA_ARGS__                                                                        \
    }                                                                                      \
    static _DN_OBJ_UNUSED dlane2 name##_lanes(const dlane2 *x, unsigned n, void *ctx)      \
    {                                                                                      \
        typedef dlane2 T;                                                                  \
        (void)(n);                                                                         \
        (void)(ctx);                                                                       \
        __VA_ARGS__                                                                        \
    }

/** Value, gradient and Hessian diagonal of f at x by one evaluation of f per coordinate:
 *  pass i seeds x_i as the variable (x_i, 1, 0) and every other coordinate as a constant,
 *  then reads fx = d[0], grad[i] = d[1], hdiag[i] = d[2]. Cost: n evaluations of f on
 *  dnum_o2 (about 3 times a plain double evaluation each). fx (value of the last pass)
 *  and grad may be NULL; hdiag (n entries) is required. work: n dnum_o2, or NULL to
 *  allocate. Returns 0 or DN_EINVAL / DN_ERANGE / DN_ENOMEM (see the header comment). */
int dn_hessdiag(double *fx, double *grad, double *hdiag, dn_objective2 f, void *ctx,
                const double *x, unsigned n, dnum_o2 *work);

/** The same results as dn_hessdiag (equal up to rounding) from ceil(n / DN_LANES)
 *  evaluations of f on dlane2, each seeding DN_LANES consecutive coordinates in separate
 *  lanes: the value, every libm call and every operation on coordinates that are not
 *  seeded are computed once per pass instead of once per coordinate. This is the
 *  recommended method (several times faster, see docs/hessian.md); write the objective
 *  with DN_OBJECTIVE2 to get both versions. work: n dlane2, or NULL to allocate.
 *  Returns 0 or DN_EINVAL / DN_ERANGE / DN_ENOMEM. */
int dn_hessdiag_lanes(double *fx, double *grad, double *hdiag, dn_objective_l2 f, void *ctx,
                      const double *x, unsigned n, dlane2 *work);

/** Value, gradient and the full Hessian (row-major n x n in hess, exactly symmetric) of f
 *  at x, from dnum_o2 evaluations only, by polarisation: the n passes of dn_hessdiag give
 *  H_ii, then for each i < j one pass seeded with direction e_i + e_j gives
 *  D = H_ii + 2 H_ij + H_jj, so H_ij = H_ji = (D - H_ii - H_jj) / 2. Cost: n (n + 1) / 2
 *  evaluations of f. Accuracy: the absolute error of H_ij is about the rounding error of
 *  D, i.e. a few ulps of |H_ii| + |H_jj| + 2 |H_ij| (cancellation when the diagonal is much
 *  larger than the off-diagonal entry). hess (n*n entries) is required; fx and grad may be
 *  NULL. work: n dnum_o2, or NULL to allocate. Returns 0 or DN_EINVAL / DN_ERANGE /
 *  DN_ENOMEM. */
int dn_hessian(double *fx, double *grad, double *hess, dn_objective2 f, void *ctx,
               const double *x, unsigned n, dnum_o2 *work);

#ifdef __cplusplus
}
#endif

#endif /* DNUM_HESSIAN_H */
