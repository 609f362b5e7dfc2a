/* dnum/nlp.h -- constrained problems for optimisers: min f(x) subject to constraints
 * c_i(x), i < m, with f and every c_i a sum of small elements; the objective's gradient,
 * the constraints' sparse Jacobian and the sparse Hessian of the Lagrangian
 * sigma H_f + sum_i lambda_i H_ci, in patterns fixed when the problem is made, as
 * interior-point solvers (Ipopt) ask for them call after call. See docs/optimizers.md.
 *
 * Each element is an element function of K <= 4 variables (DN_ELEMENT_O2 of
 * dnum/hessian.h, on dnelK_o2 numbers) applied to K of the n variables, and belongs to the
 * objective or to one constraint. Elements come in groups, one element function each:
 *
 * The objective and the constraints may also be written plainly, on the one-pass numbers
 * of dnum/hessian.h (a part of the problem beside the groups, or all of it):
 *   dn_constraint_sp    dsp_o2 c(const dsp_o2 *x, unsigned n, unsigned i, void *ctx): c_i(x)
 *   DN_CONSTRAINT_O2(name, T, x, n, i, ctx, body...)   defines name_sp (a dn_constraint_sp),
 *                       name_tp and name (on dnum_o2) from one body, as DN_OBJECTIVE_O2 does
 *   dn_nlp_new_sp       a problem with such a plain part: the patterns found at a point x0
 *   dn_constraint_tp    the same on recording numbers (DN_CONSTRAINT_O2's name_tp)
 *   dn_nlp_new_tp       the plain part recorded once at x0 on a tape: 1.7-3x faster calls
 *
 * Index:
 *   dn_nlp_group        one element function, its elements' variables and rows
 *   DN_NLP_OBJECTIVE    the row of an element of the objective (-1)
 *   dn_nlp_new, dn_nlp_free, dn_nlp_bytes    the problem: n variables, m constraints,
 *                       the groups; computes both patterns once
 *   dn_nlp_jac_nnz      entries of the constraints' Jacobian pattern
 *   dn_nlp_jac_pattern  its (row, column) pairs, row by row (Ipopt's eval_jac_g structure)
 *   dn_nlp_jac_csr      the same as compressed rows (read-only arrays of the problem)
 *   dn_nlp_hess_nnz     entries of the Lagrangian Hessian's pattern (lower triangle)
 *   dn_nlp_hess_pattern its (row, column) pairs, column <= row (Ipopt's eval_h structure)
 *   dn_nlp_hess_csr     the same as compressed rows
 *   dn_nlp_obj          f(x) and its gradient                    (eval_f, eval_grad_f)
 *   dn_nlp_cons         c(x) and the Jacobian's values           (eval_g, eval_jac_g)
 *   dn_nlp_hess         the Lagrangian Hessian's values          (eval_h)
 *   dn_nlp_hessdiag     its diagonal
 *   dn_nlp_jacvec       J v;   dn_nlp_jactvec   J^T u
 * Every constructor and driver has an _ex variant with one more argument, a dn_errinfo *
 * (dnum/common.h) that receives which argument is at fault and why (the pattern copies
 * dn_nlp_jac_pattern and dn_nlp_hess_pattern fail only on a NULL argument). In C each
 * driver is also a macro that checks its arguments' types at compile time (as in
 * dnum/hessian.h).
 *
 * Conventions: outputs first after the problem; the outputs must not overlap x, v, u or
 * lambda (they are cleared before the inputs are read). Entries follow the patterns'
 * order. A problem of dn_nlp_new is only read by the drivers: calls from several threads
 * on one problem are safe when the element functions are (one of dn_nlp_new_sp keeps a
 * workspace that its drivers write: one problem per thread). NaN or Inf in x, sigma or
 * lambda propagate into the affected outputs as in libm (nothing is checked); a weight of
 * 0 times an infinite second derivative is NaN.
 */
#ifndef DNUM_NLP_H
#define DNUM_NLP_H

#include "dnum/hessian.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The row of an element of the objective (dn_nlp_group.row). */
#define DN_NLP_OBJECTIVE (-1)

/** One group of elements: count elements of the element function f (defined by
 *  DN_ELEMENT_O2 with K variables), element e applied to the variables
 *  idx[e K .. e K + K - 1] (distinct, each below n) and belonging to row[e]:
 *  DN_NLP_OBJECTIVE or a constraint 0 .. m - 1 (row NULL: every element belongs to the
 *  objective). ctx is passed to f. The arrays are copied by dn_nlp_new. */
typedef struct dn_nlp_group {
    dn_element_o2 f;
    void *ctx;
    size_t count;
    const unsigned *idx;
    const int *row;
} dn_nlp_group;

/** A constrained problem (opaque): its groups, the Jacobian's and the Lagrangian
 *  Hessian's patterns and the position of every element's entries in them. */
typedef struct dn_nlp dn_nlp;

/** Makes the problem of n >= 1 variables and m constraints (n and m at most INT_MAX,
 *  so that the patterns fit Ipopt's int indices) from ngroups groups (copied: the
 *  caller's arrays may be freed afterwards). The Jacobian pattern holds (i, j) when some
 *  element of constraint i has x_j among its variables; the Hessian pattern (lower
 *  triangle) holds every entry of some element's triangle, the diagonal of each
 *  element's variables included. Storage from al (NULL: malloc/free). Returns 0,
 *  DN_EINVAL (P NULL, n = 0, n or m above INT_MAX, groups NULL with ngroups > 0, in a
 *  group: f NULL, idx NULL with count > 0, an index >= n, an element with a repeated
 *  index, a row outside -1 .. m - 1), DN_ERANGE (more than 2^32 - 2 triangle or Jacobian
 *  entries) or DN_ENOMEM; on error *P is untouched. */
int dn_nlp_new(dn_nlp **P, unsigned n, unsigned m, size_t ngroups,
               const dn_nlp_group *groups, const dn_allocator *al);
/** The same with the details of a failure in *err (NULL: none): for a bad element,
 *  err->elem is its number in its group, and the message names the group. */
int dn_nlp_new_ex(dn_nlp **P, unsigned n, unsigned m, size_t ngroups,
                  const dn_nlp_group *groups, const dn_allocator *al, dn_errinfo *err);

/** Constraints written plainly on one-pass numbers: returns c_i(x) for i < m (dsp_o2 of
 *  dnum/sparse_o2.h). Defined with DN_CONSTRAINT_O2. */
typedef dsp_o2 (*dn_constraint_sp)(const dsp_o2 *x, unsigned n, unsigned i, void *ctx);
/** A constraint function on recording numbers (the version name_tp that DN_CONSTRAINT_O2
 *  defines), for dn_nlp_new_tp. */
typedef dtp_o2 (*dn_constraint_tp)(const dtp_o2 *x, unsigned n, unsigned i, void *ctx);

/** Defines static constraint functions from one body, as DN_OBJECTIVE_O2 (dnum/hessian.h)
 *  defines objectives: `name_sp` (a dn_constraint_sp for dn_nlp_new_sp; under the
 *  Lagrangian's Hessian it runs `name_sph`, the body on dsph_o2, otherwise `name_spl`, on
 *  dsp_o2) and `name`, the body on dnum_o2 (`dnum_o2 name(const dnum_o2 *x, unsigned n,
 *  unsigned i, void *ctx)`: one direction seeded, to check a constraint) and `name_tp`
 *  (a dn_constraint_tp for dn_nlp_new_tp). Inside the body
 *  T is the number type, x, n, ctx the parameters and i the constraint (0 .. m - 1); it
 *  returns c_i(x) computed with the `dnh_*` names.
 *  Example: DN_CONSTRAINT_O2(circle, T, x, n, i, ctx,
 *               return dnh_sub_d(dnh_add(dnh_mul(x[i], x[i]), dnh_mul(x[i + 1], x[i + 1])), 1.0);) */
#define DN_CONSTRAINT_O2(name, T, x, n, i, ctx, ...)                                       \
    static DNI_OBJ_UNUSED dnum_o2 name(const dnum_o2 *x, unsigned n, unsigned i,           \
                                       void *ctx)                                          \
    {                                                                                      \
        typedef dnum_o2 T;                                                                 \
        (void)(n), (void)(i), (void)(ctx), (void)sizeof(T);                                \
        __VA_ARGS__                                                                        \
    }                                                                                      \
    static DNI_OBJ_UNUSED dsph_o2 name##_sph(const dsph_o2 *x, unsigned n, unsigned i,     \
                                             void *ctx)                                    \
    {                                                                                      \
        typedef dsph_o2 T;                                                                 \
        (void)(n), (void)(i), (void)(ctx), (void)sizeof(T);                                \
        __VA_ARGS__                                                                        \
    }                                                                                      \
    static DNI_OBJ_APART dsp_o2 name##_spl(const dsp_o2 *x, unsigned n, unsigned i,        \
                                           void *ctx)                                      \
    {                                                                                      \
        typedef dsp_o2 T;                                                                  \
        (void)(n), (void)(i), (void)(ctx), (void)sizeof(T);                                \
        __VA_ARGS__                                                                        \
    }                                                                                      \
    static DNI_OBJ_UNUSED dsp_o2 name##_sp(const dsp_o2 *x, unsigned n, unsigned i,        \
                                           void *ctx)                                      \
    {                                                                                      \
        const dsph_o2 *xs = dni_dsph_o2_vars(x, n);                                        \
        return xs ? dni_dsph_o2_result(name##_sph(xs, n, i, ctx))                          \
                  : name##_spl(x, n, i, ctx);                                              \
    }                                                                                      \
    static DNI_OBJ_UNUSED dtp_o2 name##_tp(const dtp_o2 *x, unsigned n, unsigned i,        \
                                           void *ctx)                                      \
    {                                                                                      \
        typedef dtp_o2 T;                                                                  \
        (void)(n), (void)(i), (void)(ctx), (void)sizeof(T);                                \
        __VA_ARGS__                                                                        \
    }

/** A problem whose objective f and constraints c are written plainly on one-pass numbers
 *  (DN_OBJECTIVE_O2's name_sp, DN_CONSTRAINT_O2's name_sp; either may be NULL: no plain
 *  objective, no plain constraints), with ngroups element groups beside them (0: none;
 *  both parts add up). The plain part's patterns are those of its evaluation at x0
 *  (n entries): the Jacobian holds (i, j) when c_i(x0) depends on x_j, the Lagrangian's
 *  Hessian every entry some intermediate of f or a c_i produced there. A later call whose
 *  evaluation produces an entry outside them (control flow that depends on x reaching
 *  other variables) returns DN_ESTRUCT and writes nothing: make the problem again at that
 *  point, or write the branch so that both sides read the same variables. The plain part
 *  costs what the one-pass drivers cost (docs/hessian.md): one pass per constraint for the
 *  Jacobian, one pass over f and every c_i for the Hessian. Its workspace is the
 *  problem's: a problem with a plain part serves one driver call at a time (one problem
 *  per thread). Errors as dn_nlp_new (DN_ERANGE also for more than 2^32 - 2 entries in the
 *  plain part's patterns), and DN_EINVAL for x0 NULL with f or c given. */
int dn_nlp_new_sp(dn_nlp **P, unsigned n, unsigned m, dn_objective_sp f, dn_constraint_sp c,
                  void *ctx, const double *x0, size_t ngroups, const dn_nlp_group *groups,
                  const dn_allocator *al);
/** The same with the details of a failure in *err (NULL: none). */
int dn_nlp_new_sp_ex(dn_nlp **P, unsigned n, unsigned m, dn_objective_sp f,
                     dn_constraint_sp c, void *ctx, const double *x0, size_t ngroups,
                     const dn_nlp_group *groups, const dn_allocator *al, dn_errinfo *err);

/** The same problem with its plain part recorded once at x0 on a tape (dnum/hessian.h,
 *  "Tapes"): f and c are the versions name_tp of DN_OBJECTIVE_O2 and DN_CONSTRAINT_O2
 *  (either may be NULL), and every driver evaluates the tape at x, without calling them
 *  (dn_nlp_new_sp runs the one-pass numbers through f and every c_i on each call): 1.7-3x
 *  faster on the chained problem, within about 2x of its element form. The tape replays
 *  the operations and constants of x0: make the problem again when ctx's data change.
 *  The patterns are the
 *  tape's: the Jacobian holds (i, j) when c_i has x_j among its variables, the Hessian
 *  the pairs of variables an element of f or of a c_i joins (not those 0 by the
 *  structure of its operations). Refused as dn_tape_o2_record refuses an objective, with
 *  a message naming f or the constraint: DN_EINVAL (a function of two numbers, dnh_apply,
 *  dnh_chain, dnh_value: use dn_nlp_new_sp), DN_ERANGE (a part of more than 8 variables or
 *  1024 operations that its sums do not split). Other errors as dn_nlp_new_sp. The tape is
 *  only read by the drivers, but they share the problem's scratch: one problem per
 *  thread, as with dn_nlp_new_sp. */
int dn_nlp_new_tp(dn_nlp **P, unsigned n, unsigned m, dn_objective_tp f, dn_constraint_tp c,
                  void *ctx, const double *x0, size_t ngroups, const dn_nlp_group *groups,
                  const dn_allocator *al);
/** The same with the details of a failure in *err (NULL: none). */
int dn_nlp_new_tp_ex(dn_nlp **P, unsigned n, unsigned m, dn_objective_tp f,
                     dn_constraint_tp c, void *ctx, const double *x0, size_t ngroups,
                     const dn_nlp_group *groups, const dn_allocator *al, dn_errinfo *err);

/** Frees a problem made by dn_nlp_new (NULL is a no-op). */
void dn_nlp_free(dn_nlp *P);

/** Bytes held by the problem (0 for NULL). */
size_t dn_nlp_bytes(const dn_nlp *P);

/** Entries of the constraints' Jacobian pattern (0 for NULL). */
size_t dn_nlp_jac_nnz(const dn_nlp *P);

/** The Jacobian pattern as (row[k], col[k]) pairs, k < dn_nlp_jac_nnz(P), row by row and
 *  by ascending column in each row: the order of dn_nlp_cons's values. row and col are
 *  the caller's arrays of that many ints (Ipopt's iRow, jCol). Returns 0 or DN_EINVAL
 *  (a NULL argument while the pattern has entries). */
int dn_nlp_jac_pattern(const dn_nlp *P, int *row, int *col);

/** The Jacobian pattern as compressed rows: *rowptr (m + 1 offsets) and *col (columns
 *  ascending in each row), the problem's own arrays (valid until dn_nlp_free). */
void dn_nlp_jac_csr(const dn_nlp *P, const size_t **rowptr, const unsigned **col);

/** Entries of the Lagrangian Hessian's pattern, lower triangle (0 for NULL). */
size_t dn_nlp_hess_nnz(const dn_nlp *P);

/** The Hessian pattern as (row[k], col[k]) pairs with col[k] <= row[k], row by row and by
 *  ascending column: the order of dn_nlp_hess's values. Returns 0 or DN_EINVAL. */
int dn_nlp_hess_pattern(const dn_nlp *P, int *row, int *col);

/** The Hessian pattern as compressed rows: *rowptr (n + 1 offsets), *col. */
void dn_nlp_hess_csr(const dn_nlp *P, const size_t **rowptr, const unsigned **col);

/** The objective f(x) into *f and its gradient into grad (n entries); either may be NULL
 *  (not both). One pass over the groups that hold objective elements (and the plain
 *  objective through the problem's recorded plan, as dn_grad_plan). Returns 0, DN_EINVAL (P or x NULL, f and grad both NULL) or,
 *  with a plain part, DN_ENOMEM; on error nothing is written. */
int dn_nlp_obj(const dn_nlp *P, const double *x, double *f, double *grad);
/** The same with the details of a failure in *err (NULL: none). */
int dn_nlp_obj_ex(const dn_nlp *P, const double *x, double *f, double *grad,
                  dn_errinfo *err);

/** The constraints c(x) into g (m entries) and the Jacobian's values into jac
 *  (dn_nlp_jac_nnz(P) entries, in the pattern's order); either may be NULL (not both).
 *  Errors as dn_nlp_obj, and DN_ESTRUCT where a plain constraint depends on a variable
 *  outside the pattern (dn_nlp_new_sp). */
int dn_nlp_cons(const dn_nlp *P, const double *x, double *g, double *jac);
/** The same with the details of a failure in *err (NULL: none). */
int dn_nlp_cons_ex(const dn_nlp *P, const double *x, double *g, double *jac,
                   dn_errinfo *err);

/** The values of the Lagrangian's Hessian sigma H_f(x) + sum_i lambda[i] H_ci(x) into
 *  hval (dn_nlp_hess_nnz(P) entries, in the pattern's order, lower triangle). lambda
 *  (m entries) may be NULL only when m = 0. Returns 0 or DN_EINVAL (P, x or hval NULL,
 *  lambda NULL with m > 0); with a plain part also DN_ENOMEM or DN_ESTRUCT (an entry
 *  outside the pattern). */
int dn_nlp_hess(const dn_nlp *P, const double *x, double sigma, const double *lambda,
                double *hval);
/** The same with the details of a failure in *err (NULL: none). */
int dn_nlp_hess_ex(const dn_nlp *P, const double *x, double sigma, const double *lambda,
                   double *hval, dn_errinfo *err);

/** The diagonal of the Lagrangian's Hessian into hdiag (n entries; 0 for a variable of no
 *  element). Allocates dn_nlp_hess_nnz(P) doubles for the call. Returns 0, DN_EINVAL (as
 *  dn_nlp_hess) or DN_ENOMEM; with a plain part also DN_ESTRUCT (as dn_nlp_hess). */
int dn_nlp_hessdiag(const dn_nlp *P, const double *x, double sigma, const double *lambda,
                    double *hdiag);
/** The same with the details of a failure in *err (NULL: none). */
int dn_nlp_hessdiag_ex(const dn_nlp *P, const double *x, double sigma, const double *lambda,
                       double *hdiag, dn_errinfo *err);

/** jv = J(x) v (m entries) for the constraints' Jacobian J and v of n entries. Allocates
 *  dn_nlp_jac_nnz(P) doubles for the call. Returns 0, DN_EINVAL (a NULL argument) or
 *  DN_ENOMEM; with a plain part also DN_ESTRUCT (an entry outside the pattern). */
int dn_nlp_jacvec(const dn_nlp *P, const double *x, const double *v, double *jv);
/** The same with the details of a failure in *err (NULL: none). */
int dn_nlp_jacvec_ex(const dn_nlp *P, const double *x, const double *v, double *jv,
                     dn_errinfo *err);

/** jtu = J(x)^T u (n entries) for u of m entries. Errors as dn_nlp_jacvec. */
int dn_nlp_jactvec(const dn_nlp *P, const double *x, const double *u, double *jtu);
/** The same with the details of a failure in *err (NULL: none). */
int dn_nlp_jactvec_ex(const dn_nlp *P, const double *x, const double *u, double *jtu,
                      dn_errinfo *err);

#ifdef __cplusplus
}
#endif

#ifndef __cplusplus
/* C: every argument's type checked at compile time (see the end of dnum/hessian.h);
 * the functions stay callable as (dn_nlp_obj)(...) and through pointers. */
#define DNI_NLP(p) DNI_CARG(dn_nlp, p)
#define dn_nlp_new(P, n, m, ngroups, groups, al)                                           \
    dn_nlp_new(DNI_ARG(dn_nlp **, P), DNI_N(n), DNI_N(m), DNI_N(ngroups),                  \
               DNI_CARG(dn_nlp_group, groups), DNI_CARG(dn_allocator, al))
#define dn_nlp_new_ex(P, n, m, ngroups, groups, al, err)                                   \
    dn_nlp_new_ex(DNI_ARG(dn_nlp **, P), DNI_N(n), DNI_N(m), DNI_N(ngroups),               \
                  DNI_CARG(dn_nlp_group, groups), DNI_CARG(dn_allocator, al),              \
                  DNI_ERR(err))
#define DNI_NLP_SP_ARGS(P, n, m, f, c, ctx, x0, ngroups, groups, al)                       \
    DNI_ARG(dn_nlp **, P), DNI_N(n), DNI_N(m), DNI_ARG(dn_objective_sp, f),                \
        DNI_ARG(dn_constraint_sp, c), ctx, DNI_IN(x0), DNI_N(ngroups),                     \
        DNI_CARG(dn_nlp_group, groups), DNI_CARG(dn_allocator, al)
#define dn_nlp_new_sp(P, n, m, f, c, ctx, x0, ngroups, groups, al)                         \
    dn_nlp_new_sp(DNI_NLP_SP_ARGS(P, n, m, f, c, ctx, x0, ngroups, groups, al))
#define dn_nlp_new_sp_ex(P, n, m, f, c, ctx, x0, ngroups, groups, al, err)                 \
    dn_nlp_new_sp_ex(DNI_NLP_SP_ARGS(P, n, m, f, c, ctx, x0, ngroups, groups, al),         \
                     DNI_ERR(err))
#define DNI_NLP_TP_ARGS(P, n, m, f, c, ctx, x0, ngroups, groups, al)                       \
    DNI_ARG(dn_nlp **, P), DNI_N(n), DNI_N(m), DNI_ARG(dn_objective_tp, f),                \
        DNI_ARG(dn_constraint_tp, c), ctx, DNI_IN(x0), DNI_N(ngroups),                     \
        DNI_CARG(dn_nlp_group, groups), DNI_CARG(dn_allocator, al)
#define dn_nlp_new_tp(P, n, m, f, c, ctx, x0, ngroups, groups, al)                         \
    dn_nlp_new_tp(DNI_NLP_TP_ARGS(P, n, m, f, c, ctx, x0, ngroups, groups, al))
#define dn_nlp_new_tp_ex(P, n, m, f, c, ctx, x0, ngroups, groups, al, err)                 \
    dn_nlp_new_tp_ex(DNI_NLP_TP_ARGS(P, n, m, f, c, ctx, x0, ngroups, groups, al),         \
                     DNI_ERR(err))
#define dn_nlp_obj(P, x, f, grad)                                                          \
    dn_nlp_obj(DNI_NLP(P), DNI_IN(x), DNI_OUT(f), DNI_OUT(grad))
#define dn_nlp_obj_ex(P, x, f, grad, err)                                                  \
    dn_nlp_obj_ex(DNI_NLP(P), DNI_IN(x), DNI_OUT(f), DNI_OUT(grad), DNI_ERR(err))
#define dn_nlp_cons(P, x, g, jac)                                                          \
    dn_nlp_cons(DNI_NLP(P), DNI_IN(x), DNI_OUT(g), DNI_OUT(jac))
#define dn_nlp_cons_ex(P, x, g, jac, err)                                                  \
    dn_nlp_cons_ex(DNI_NLP(P), DNI_IN(x), DNI_OUT(g), DNI_OUT(jac), DNI_ERR(err))
#define dn_nlp_hess(P, x, sigma, lambda, hval)                                             \
    dn_nlp_hess(DNI_NLP(P), DNI_IN(x), sigma, DNI_IN(lambda), DNI_OUT(hval))
#define dn_nlp_hess_ex(P, x, sigma, lambda, hval, err)                                     \
    dn_nlp_hess_ex(DNI_NLP(P), DNI_IN(x), sigma, DNI_IN(lambda), DNI_OUT(hval),            \
                   DNI_ERR(err))
#define dn_nlp_hessdiag(P, x, sigma, lambda, hdiag)                                        \
    dn_nlp_hessdiag(DNI_NLP(P), DNI_IN(x), sigma, DNI_IN(lambda), DNI_OUT(hdiag))
#define dn_nlp_hessdiag_ex(P, x, sigma, lambda, hdiag, err)                                \
    dn_nlp_hessdiag_ex(DNI_NLP(P), DNI_IN(x), sigma, DNI_IN(lambda), DNI_OUT(hdiag),       \
                       DNI_ERR(err))
#define dn_nlp_jacvec(P, x, v, jv)                                                         \
    dn_nlp_jacvec(DNI_NLP(P), DNI_IN(x), DNI_IN(v), DNI_OUT(jv))
#define dn_nlp_jacvec_ex(P, x, v, jv, err)                                                 \
    dn_nlp_jacvec_ex(DNI_NLP(P), DNI_IN(x), DNI_IN(v), DNI_OUT(jv), DNI_ERR(err))
#define dn_nlp_jactvec(P, x, u, jtu)                                                       \
    dn_nlp_jactvec(DNI_NLP(P), DNI_IN(x), DNI_IN(u), DNI_OUT(jtu))
#define dn_nlp_jactvec_ex(P, x, u, jtu, err)                                               \
    dn_nlp_jactvec_ex(DNI_NLP(P), DNI_IN(x), DNI_IN(u), DNI_OUT(jtu), DNI_ERR(err))
#endif /* __cplusplus */

#endif /* DNUM_NLP_H */
