/* dnum/hessian.h -- value, gradient, Hessian diagonal and full Hessian of f: R^n -> R.
 *
 * You write the objective once on order-2 numbers; the library seeds one coordinate (or
 * DN_LANES coordinates) at a time and reads the first and second derivatives. See
 * docs/hessian.md for when the diagonal is enough, the costs, and how to write f.
 *
 * Index:
 *   dn_objective_o2        dnum_o2 f(const dnum_o2 *x, unsigned n, void *ctx)   on dnum_o2
 *   dn_objective_lanes_o2      dlane_o2 f(const dlane_o2 *x, unsigned n, void *ctx) on dlane_o2
 *   DN_OBJECTIVE_O2(name, T, x, n, ctx, body...)   define every version from one body:
 *                        name, name##_lanes, name##_sp, name##_tp (and name##_sph,
 *                        name##_spl, name##_pl2, name##_pl4 behind name##_sp)
 *   dn_hessdiag          f, gradient, Hessian diagonal: one dnum_o2 pass per coordinate
 *   dn_hessdiag_lanes    the same with DN_LANES coordinates per pass (shared value): faster
 *   dn_hessian           f, gradient and the full symmetric Hessian (polarisation)
 *
 * One-pass drivers (dsp_o2 numbers of dnum/sparse_o2.h; cost proportional to the total
 * support of the intermediates, independent of n for partially separable objectives):
 *   dn_objective_sp      dsp_o2 f(const dsp_o2 *x, unsigned n, void *ctx)     on dsp_o2
 *   dsp_o2_work_new, dsp_o2_work_free, dsp_o2_work_bytes    the reusable workspace
 *   dn_grad_sp           f and gradient
 *   dn_hessdiag_sp       f, gradient and Hessian diagonal          (recommended for large n)
 *   dn_hessvec_sp        f, gradient and the Hessian-vector product H v
 *   dn_hessian_sp        f, gradient and the sparse Hessian (lower triangle, CSR, dn_sphess)
 *   dn_sphess_init, dn_sphess_clear                   the sparse Hessian object
 *   dn_sphess_get, dn_sphess_find                     an entry (i, j), its place in val
 *   dn_sphess_to_dense                                the full symmetric n x n matrix
 *
 * Recorded plans (the same drivers called again and again on one objective of
 * DN_OBJECTIVE_O2, which is replayed; see docs/hessian.md):
 *   dn_plan_o2_new, dn_plan_o2_free, dn_plan_o2_reset, dn_plan_o2_bytes, dn_plan_o2_info
 *   dn_grad_plan         f and gradient
 *   dn_hessdiag_plan     f, gradient and Hessian diagonal
 *   dn_hessvec_plan      f, gradient and the Hessian-vector product H v
 *   dn_hessian_plan      f, gradient and the sparse Hessian (lower triangle, CSR)
 *
 * Tapes (an objective of DN_OBJECTIVE_O2 recorded once, then evaluated at any x in
 * blocks of elements; its operations and constants must not change with x or ctx; see
 * docs/hessian.md):
 *   dn_objective_tp      dtp_o2 f(const dtp_o2 *x, unsigned n, void *ctx)  (name##_tp)
 *   dn_tape_o2_new, dn_tape_o2_free, dn_tape_o2_info
 *   dn_tape_o2_record    records f at x
 *   dn_grad_tape         f and gradient at any x
 *   dn_hessdiag_tape     f, gradient and Hessian diagonal at any x
 *   dn_hessvec_tape      f, gradient and the Hessian-vector product H v at any x
 *   dn_hessian_tape      f, gradient and the sparse Hessian (lower triangle, CSR) at any x
 *
 * Element drivers (partially separable f(x) = sum_e f_e(x_I(e,0), ..., x_I(e,K-1)): one
 * element function of K <= 4 variables on dnelK_o2 numbers of dnum/elem_o2.h, at about the
 * cost of hand-derived code; see docs/hessian.md):
 *   DN_ELEMENT_O2(name, K, T, u, e, ctx, body...)   define the element function `name`
 *   dn_element_o2          the type of such a function (pass `name` to the drivers)
 *   dn_elements_new, dn_elements_free, dn_elements_bytes   the element structure: m
 *                        elements of K variables each, their indices, the Hessian pattern
 *   dn_grad_el           f and gradient
 *   dn_hessdiag_el       f, gradient and Hessian diagonal
 *   dn_hessvec_el        f, gradient and the Hessian-vector product H v
 *   dn_hessian_el        f, gradient and the sparse Hessian (lower triangle, CSR)
 *
 * Every driver and dn_elements_new has an _ex variant with one more argument, a
 * dn_errinfo *err (dnum/common.h) that receives the details of a failure: which argument
 * and why (e.g. "dn_hessdiag_el: argument 7: E is NULL"). In C each of these names is also
 * a macro that checks the type of every argument at compile time (end of this header).
 *
 * Common conventions: outputs first; fx and grad may be NULL (not wanted); the outputs must
 * not overlap each other but may overlap x (x is copied into the workspace first), except
 * in the element drivers, whose outputs must not overlap x or v (they are cleared first). work is
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

#include <stdint.h>
#include "dnum/common.h"
#include "dnum/fixed.h"
#include "dnum/lanes_o2.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An objective written on dnum_o2: returns f(x) with its first and second derivatives
 *  along the direction seeded in x (value d[0], first d[1], second d[2]). Must not modify
 *  x (it is const) and must only depend on x, n and ctx. */
typedef dnum_o2 (*dn_objective_o2)(const dnum_o2 *x, unsigned n, void *ctx);

/** The same objective written on dlane_o2 (DN_LANES directions at once). */
typedef dlane_o2 (*dn_objective_lanes_o2)(const dlane_o2 *x, unsigned n, void *ctx);

#if defined(__GNUC__) || defined(__clang__)
#define DNI_OBJ_UNUSED __attribute__((unused))
#define DNI_OBJ_APART __attribute__((unused, noinline)) /* (its code as if alone) */
#else
#define DNI_OBJ_UNUSED
#define DNI_OBJ_APART
#endif

/** An objective written on dsp_o2 (one-pass drivers). */
typedef dsp_o2 (*dn_objective_sp)(const dsp_o2 *x, unsigned n, void *ctx);

/* one version of an objective body: the static function fname on numbers Num, with
 * attributes attr, T the number type inside the body */
#define DNI_OBJ_VERSION(attr, Num, fname, T, x, n, ctx, ...)                               \
    static attr Num fname(const Num *x, unsigned n, void *ctx)                             \
    {                                                                                      \
        typedef Num T;                                                                     \
        (void)(n);                                                                         \
        (void)(ctx);                                                                       \
        (void)sizeof(T); /* (a body that never names T) */                                 \
        __VA_ARGS__                                                                        \
    }

/** Defines static objectives from one body: `name` (a dn_objective_o2), `name_lanes`
 *  (a dn_objective_lanes_o2), `name_tp` (a dn_objective_tp, for dn_tape_o2_record) and
 *  `name_sp` (a dn_objective_sp, for every one-pass driver; under
 *  dn_hessian_sp it runs `name_sph`, the body on dsph_o2 numbers of dnum/sparseh_o2.h,
 *  under a plan's replay `name_pl2` or `name_pl4` (dnum/plan_o2.h), and otherwise
 *  `name_spl`, the body on dsp_o2). Inside the body, T is the number type
 *  (dnum_o2, dlane_o2, dsp_o2, dsph_o2, dpl2_o2, dpl4_o2 or dtp_o2), x, n and ctx are the
 *  parameters, and arithmetic
 *  uses the type-generic dnh_* names (dnh_add, dnh_mul_d, dnh_exp, dnh_const(T, c),
 *  dnh_value(a), ...) of dnum/lanes_o2.h.
 *  Example: DN_OBJECTIVE_O2(sumsq, T, x, n, ctx, T s = dnh_const(T, 0.0);
 *               for (unsigned i = 0; i < n; i++) s = dnh_add(s, dnh_mul(x[i], x[i]));
 *               return s;) */
#define DN_OBJECTIVE_O2(name, T, x, n, ctx, ...)                                           \
    DNI_OBJ_VERSION(DNI_OBJ_UNUSED, dnum_o2, name, T, x, n, ctx, __VA_ARGS__)              \
    DNI_OBJ_VERSION(DNI_OBJ_UNUSED, dlane_o2, name##_lanes, T, x, n, ctx, __VA_ARGS__)     \
    DNI_OBJ_VERSION(DNI_OBJ_UNUSED, dsph_o2, name##_sph, T, x, n, ctx, __VA_ARGS__)        \
    DNI_OBJ_VERSION(DNI_OBJ_APART, dsp_o2, name##_spl, T, x, n, ctx, __VA_ARGS__)          \
    DNI_OBJ_VERSION(DNI_OBJ_APART, dpl2_o2, name##_pl2, T, x, n, ctx, __VA_ARGS__)         \
    DNI_OBJ_VERSION(DNI_OBJ_APART, dpl4_o2, name##_pl4, T, x, n, ctx, __VA_ARGS__)         \
    DNI_OBJ_VERSION(DNI_OBJ_UNUSED, dtp_o2, name##_tp, T, x, n, ctx, __VA_ARGS__)          \
    static DNI_OBJ_UNUSED dsp_o2 name##_sp(const dsp_o2 *x, unsigned n, void *ctx)         \
    {                                                                                      \
        int kind_ = dni_dsp_o2_kind(x, n);                                                 \
        if (kind_ == 1)                                                                    \
            return dni_dsph_o2_result(name##_sph(dni_dsph_o2_vars(x, n), n, ctx));         \
        if (kind_ == 2)                                                                    \
            return dni_dpl2_o2_result(name##_pl2(dni_dpl2_o2_vars(x, n), n, ctx));         \
        if (kind_ == 4)                                                                    \
            return dni_dpl4_o2_result(name##_pl4(dni_dpl4_o2_vars(x, n), n, ctx));         \
        return name##_spl(x, n, ctx);                                                      \
    }

/** Value, gradient and Hessian diagonal of f at x by one evaluation of f per coordinate:
 *  pass i seeds x_i as the variable (x_i, 1, 0) and every other coordinate as a constant,
 *  then reads fx = d[0], grad[i] = d[1], hdiag[i] = d[2]. Cost: n evaluations of f on
 *  dnum_o2 (about 3 times a plain double evaluation each). fx (value of the last pass)
 *  and grad may be NULL; hdiag (n entries) is required. work: n dnum_o2, or NULL to
 *  allocate. Returns 0 or DN_EINVAL / DN_ERANGE / DN_ENOMEM (see the header comment). */
int dn_hessdiag(double *fx, double *grad, double *hdiag, dn_objective_o2 f, void *ctx,
                const double *x, unsigned n, dnum_o2 *work);
/** The same with the details of a failure (which argument, why) in *err (dnum/common.h;
 *  NULL: none). */
int dn_hessdiag_ex(double *fx, double *grad, double *hdiag, dn_objective_o2 f, void *ctx,
                   const double *x, unsigned n, dnum_o2 *work, dn_errinfo *err);

/** The same results as dn_hessdiag (equal up to rounding) from ceil(n / DN_LANES)
 *  evaluations of f on dlane_o2, each seeding DN_LANES consecutive coordinates in separate
 *  lanes: the value, every libm call and every operation on coordinates that are not
 *  seeded are computed once per pass instead of once per coordinate: several times
 *  faster than dn_hessdiag (docs/hessian.md). For more than a few dozen variables
 *  dn_hessdiag_sp (one pass) is faster still; DN_OBJECTIVE_O2 defines every version. work: n dlane_o2, or NULL to allocate.
 *  Returns 0 or DN_EINVAL / DN_ERANGE / DN_ENOMEM. */
int dn_hessdiag_lanes(double *fx, double *grad, double *hdiag, dn_objective_lanes_o2 f,
                      void *ctx, const double *x, unsigned n, dlane_o2 *work);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessdiag_lanes_ex(double *fx, double *grad, double *hdiag, dn_objective_lanes_o2 f,
                         void *ctx, const double *x, unsigned n, dlane_o2 *work,
                         dn_errinfo *err);

/** Value, gradient and the full Hessian (row-major n x n in hess, exactly symmetric) of f
 *  at x, from dnum_o2 evaluations only, by polarisation: the n passes of dn_hessdiag give
 *  H_ii, then for each i < j one pass seeded with direction e_i + e_j gives
 *  D = H_ii + 2 H_ij + H_jj, so H_ij = H_ji = (D - H_ii - H_jj) / 2. Cost: n (n + 1) / 2
 *  evaluations of f. Accuracy: the absolute error of H_ij is about the rounding error of
 *  D, i.e. a few ulps of |H_ii| + |H_jj| + 2 |H_ij| (cancellation when the diagonal is much
 *  larger than the off-diagonal entry). hess (n*n entries) is required; fx and grad may be
 *  NULL. work: n dnum_o2, or NULL to allocate. Returns 0 or DN_EINVAL / DN_ERANGE /
 *  DN_ENOMEM. */
int dn_hessian(double *fx, double *grad, double *hess, dn_objective_o2 f, void *ctx,
               const double *x, unsigned n, dnum_o2 *work);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessian_ex(double *fx, double *grad, double *hess, dn_objective_o2 f, void *ctx,
                  const double *x, unsigned n, dnum_o2 *work, dn_errinfo *err);

/* ---- one pass: dsp_o2 ------------------------------------------------------------------- */

/** Creates an empty one-pass workspace whose storage comes from al (NULL: malloc/free).
 *  It grows to the largest problem it is used for and keeps its storage, so repeated
 *  calls of the same size allocate nothing. One workspace serves one call at a time (use
 *  one per thread). Returns 0, DN_EINVAL (work NULL) or DN_ENOMEM. */
int dsp_o2_work_new(dsp_o2_work **work, const dn_allocator *al);

/** Frees a workspace and everything it holds (NULL is a no-op). */
void dsp_o2_work_free(dsp_o2_work *w);

/** Bytes currently held by the workspace (0 for NULL). */
size_t dsp_o2_work_bytes(const dsp_o2_work *w);

/** Value, gradient and Hessian diagonal of f at x in one evaluation of f on dsp_o2 numbers:
 *  each intermediate carries the entries (i, g_i, h_ii) of the variables it depends on.
 *  fx and grad may be NULL; hdiag (n entries) is required. work: a workspace from
 *  dsp_o2_work_new, or NULL to create and free one inside the call. Results equal those of
 *  dn_hessdiag up to rounding. Returns 0, DN_EINVAL (n = 0, NULL f, x or hdiag) or
 *  DN_ENOMEM (the outputs are then untouched). */
int dn_hessdiag_sp(double *fx, double *grad, double *hdiag, dn_objective_sp f, void *ctx,
                   const double *x, unsigned n, dsp_o2_work *work);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessdiag_sp_ex(double *fx, double *grad, double *hdiag, dn_objective_sp f, void *ctx,
                      const double *x, unsigned n, dsp_o2_work *work, dn_errinfo *err);

/** Value and gradient of f at x in one evaluation (the diagonal pass without the
 *  diagonal output). grad is required, fx may be NULL. Errors as dn_hessdiag_sp. */
int dn_grad_sp(double *fx, double *grad, dn_objective_sp f, void *ctx, const double *x,
               unsigned n, dsp_o2_work *work);
/** The same with the details of a failure in *err (NULL: none). */
int dn_grad_sp_ex(double *fx, double *grad, dn_objective_sp f, void *ctx, const double *x,
                  unsigned n, dsp_o2_work *work, dn_errinfo *err);

/** Value, gradient and the Hessian-vector product hv = H(x) v in one evaluation: each
 *  intermediate u carries the scalar grad u . v and the entries (i, g_i, (H_u v)_i).
 *  fx and grad may be NULL; v and hv (n entries each) are required; hv may alias v or x.
 *  Errors as dn_hessdiag_sp (DN_EINVAL also for a NULL v). */
int dn_hessvec_sp(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                  const double *x, const double *v, unsigned n, dsp_o2_work *work);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessvec_sp_ex(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                     const double *x, const double *v, unsigned n, dsp_o2_work *work,
                     dn_errinfo *err);

/** A sparse symmetric Hessian: its lower triangle (column <= row, diagonal included) in
 *  compressed sparse rows. Row i holds the columns col[rowptr[i] .. rowptr[i+1]-1] in
 *  ascending order with values val[...]. Every entry some intermediate of f produced is
 *  stored, even where its value is 0 (a structural entry). */
typedef struct dn_sphess {
    unsigned n;             /* rows (0: no pattern yet) */
    size_t nnz;             /* stored entries */
    size_t *rowptr;         /* n + 1 offsets */
    unsigned *col;          /* nnz column indices */
    double *val;            /* nnz values */
    size_t cap;             /* allocated length of col and val */
    const dn_allocator *al; /* storage of rowptr, col, val (NULL: malloc/free) */
} dn_sphess;

/** Makes H empty (no pattern) with storage from al (NULL: malloc/free). */
void dn_sphess_init(dn_sphess *H, const dn_allocator *al);

/** Frees H's arrays and makes it empty again (keeps its allocator; NULL is a no-op). */
void dn_sphess_clear(dn_sphess *H);

/** The entry (i, j) of the symmetric Hessian that H holds, from either triangle:
 *  dn_sphess_get(H, i, j) == dn_sphess_get(H, j, i), read at row max(i, j), column
 *  min(i, j) of the stored lower triangle (a binary search: O(log) of the row's length).
 *  0.0 where the pattern has no such entry (a structural zero); NaN where i or j >= H->n,
 *  which includes every index of an empty H (n = 0) and a NULL H. */
double dn_sphess_get(const dn_sphess *H, unsigned i, unsigned j);

/** The position in H->val (and H->col) of the entry (i, j), either triangle, in *pos
 *  (pos may be NULL: only whether it is there): a place to read or write the value
 *  directly, stable while H keeps its pattern (dn_hessian_sp and dn_hessian_el write
 *  into the same pattern again). Returns 0, or DN_EINVAL where the pattern has no such
 *  entry, i or j >= H->n, or H is NULL (*pos then untouched). */
int dn_sphess_find(const dn_sphess *H, unsigned i, unsigned j, size_t *pos);

/** Writes the full symmetric Hessian that H holds into A as a row-major n x n matrix
 *  (n = H->n; A[i n + j] = A[j n + i], both triangles; 0.0 where the pattern has no
 *  entry), the layout of dn_hessian's output. A (n * n doubles, the caller's) must not
 *  overlap H's arrays. Returns 0, DN_EINVAL (A or H NULL, or H empty: no pattern yet) or
 *  DN_ERANGE (n * n doubles overflow size_t); on error A is untouched. */
int dn_sphess_to_dense(double *A, const dn_sphess *H);

/** Value, gradient and the sparse Hessian of f at x in one evaluation: each intermediate
 *  carries its gradient entries and the lower triangle of its Hessian on its support.
 *  When H already holds a pattern of the same n, the values are written into it (reused
 *  from a previous call; no allocation); if f produced an entry outside that pattern, or
 *  H is empty, a new pattern is built and H's arrays replaced. H is initialised with
 *  dn_sphess_init and freed with dn_sphess_clear. fx and grad may be NULL. Returns 0,
 *  DN_EINVAL (n = 0, NULL f, x or H) or DN_ENOMEM (outputs and H untouched). */
int dn_hessian_sp(double *fx, double *grad, dn_sphess *H, dn_objective_sp f, void *ctx,
                  const double *x, unsigned n, dsp_o2_work *work);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessian_sp_ex(double *fx, double *grad, dn_sphess *H, dn_objective_sp f, void *ctx,
                     const double *x, unsigned n, dsp_o2_work *work, dn_errinfo *err);

/* ---- recorded plans: a plain objective replayed ------------------------------------------ */

/** A recorded plan (opaque), for calling the drivers below again and again on one
 *  objective defined with DN_OBJECTIVE_O2 (an optimiser's iterations). Its first call
 *  computes with the one-pass numbers; later calls replay the objective on numbers with
 *  one slot per colour of the variables (dnum/plan_o2.h), which keep each intermediate's
 *  variables apart without merging index lists. Every operation of a replay checks its
 *  operands' variables: if two variables of one colour meet (the control flow took
 *  another way) or the running sum is used other than by adding terms to it, nothing of
 *  the replay is used: the call is computed with the one-pass numbers, the plan learns
 *  the pairs of variables that met and colours them apart for the next call. It stops
 *  replaying (every call then costs what dn_*_sp costs; dn_plan_o2_info says why) after
 *  16 failed replays in a row, when more than 4 colours would be needed, when a failure
 *  teaches nothing (a function of the running sum), for an objective not made by
 *  DN_OBJECTIVE_O2, or when a replay of 1 ms or more, timed once against a one-pass call,
 *  was not faster. The results are those of dn_*_sp up to rounding, whichever way a call
 *  was computed. A plan belongs to one objective f and one n (ctx may change); one plan
 *  per thread. See docs/hessian.md, "Recorded plans". */
typedef struct dn_plan_o2 dn_plan_o2;

/** What a plan does (dn_plan_o2_info). */
typedef struct dn_plan_o2_stats {
    unsigned colors;         /* colours of the variables (0: the plan does not replay) */
    int replaying;           /* 1 when the next call replays */
    unsigned long replays;   /* calls replayed */
    unsigned long fallbacks; /* calls computed again after a failed replay */
    unsigned long learnt;    /* pairs of variables learnt (they need different colours) */
    const char *why;         /* why the plan no longer replays (NULL while it does) */
} dn_plan_o2_stats;

/** Makes an empty plan (storage from al; NULL: malloc/free). Returns 0, DN_EINVAL (plan
 *  NULL) or DN_ENOMEM. */
int dn_plan_o2_new(dn_plan_o2 **plan, const dn_allocator *al);
/** Frees a plan (NULL: no-op). */
void dn_plan_o2_free(dn_plan_o2 *plan);
/** Forgets the objective, n and what the plan learnt (NULL: no-op). */
void dn_plan_o2_reset(dn_plan_o2 *plan);
/** Bytes the plan holds (its one-pass workspace included). */
size_t dn_plan_o2_bytes(const dn_plan_o2 *plan);
/** Fills *stats with what the plan does (zeros for a NULL plan). */
void dn_plan_o2_info(const dn_plan_o2 *plan, dn_plan_o2_stats *stats);

/** f and its gradient, as dn_grad_sp, through the plan. Returns 0, DN_EINVAL (n = 0; NULL
 *  grad, f, x or plan; a plan recorded for another f or n) or DN_ENOMEM (outputs
 *  untouched). */
int dn_grad_plan(double *fx, double *grad, dn_objective_sp f, void *ctx, const double *x,
                 unsigned n, dn_plan_o2 *plan);
/** The same with the details of a failure in *err (NULL: none). */
int dn_grad_plan_ex(double *fx, double *grad, dn_objective_sp f, void *ctx, const double *x,
                    unsigned n, dn_plan_o2 *plan, dn_errinfo *err);
/** f, gradient (may be NULL) and Hessian diagonal, as dn_hessdiag_sp, through the plan.
 *  Errors as dn_grad_plan (hdiag NULL: DN_EINVAL). */
int dn_hessdiag_plan(double *fx, double *grad, double *hdiag, dn_objective_sp f, void *ctx,
                     const double *x, unsigned n, dn_plan_o2 *plan);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessdiag_plan_ex(double *fx, double *grad, double *hdiag, dn_objective_sp f,
                        void *ctx, const double *x, unsigned n, dn_plan_o2 *plan,
                        dn_errinfo *err);
/** f, gradient (may be NULL) and H v, as dn_hessvec_sp, through the plan. Errors as
 *  dn_grad_plan (hv or v NULL: DN_EINVAL). */
int dn_hessvec_plan(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                    const double *x, const double *v, unsigned n, dn_plan_o2 *plan);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessvec_plan_ex(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                       const double *x, const double *v, unsigned n, dn_plan_o2 *plan,
                       dn_errinfo *err);
/** f, gradient (may be NULL) and the sparse Hessian in H, as dn_hessian_sp, through the
 *  plan: a call that finds H holding a pattern for n (from the previous call) replays
 *  into it, a Hessian entry outside that pattern makes the call a one-pass call, which
 *  gives H a new pattern. Replays need a plan of at most 2 colours (each replay number
 *  then keeps the entry of its two variables); with 3 or 4 every call is a one-pass call.
 *  Errors as dn_grad_plan (H NULL: DN_EINVAL); H is untouched on an error. */
int dn_hessian_plan(double *fx, double *grad, dn_sphess *H, dn_objective_sp f, void *ctx,
                    const double *x, unsigned n, dn_plan_o2 *plan);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessian_plan_ex(double *fx, double *grad, dn_sphess *H, dn_objective_sp f, void *ctx,
                       const double *x, unsigned n, dn_plan_o2 *plan, dn_errinfo *err);

/* ---- Tapes ------------------------------------------------------------------------------ */

/** An objective recorded on a tape (dn_tape_o2_record), evaluated at any x by
 *  dn_grad_tape, dn_hessdiag_tape, dn_hessvec_tape and dn_hessian_tape without calling it
 *  again. The record is split into elements, the parts of at most 8 variables that the
 *  objective's sums (and differences, and products with constants) add up, and elements
 *  of one shape are evaluated together in blocks: a plainly written partially separable
 *  objective then costs a few times hand-derived code (2.1-5.3x for the gradient and the
 *  diagonal on four CUTEst problems). A tape replays the operations and constants of the
 *  recording: the objective must compute the same operations at every x and take the same
 *  constants from ctx (record again when they change). Recording refuses (DN_EINVAL,
 *  naming what) an objective that reads the value of a number depending on x (dnh_value:
 *  its control flow may depend on x), or uses an operation a tape does not replay (the
 *  functions of two numbers: pow, atan2, hypot, min, max, fmod; dnh_apply; dnh_chain),
 *  and an objective with an element of more than 8 variables or 1024 operations
 *  (DN_ERANGE): use the plans or the one-pass drivers for those. A tape is read only by
 *  the drivers: one tape may serve several threads at once. The outputs of the drivers
 *  must not overlap x or v. See docs/hessian.md, "Tapes". */
typedef struct dn_tape_o2 dn_tape_o2;

/** An objective on recording numbers: the version name_tp that DN_OBJECTIVE_O2 defines. */
typedef dtp_o2 (*dn_objective_tp)(const dtp_o2 *x, unsigned n, void *ctx);

/** What a tape holds (dn_tape_o2_info). */
typedef struct dn_tape_o2_stats {
    unsigned n;        /* variables (0: nothing recorded) */
    size_t operations; /* operations recorded */
    size_t elements;   /* elements found */
    unsigned shapes;   /* groups of elements of one shape */
    unsigned max_vars; /* variables of the largest element */
    size_t bytes;      /* bytes the tape holds */
} dn_tape_o2_stats;

/** Makes an empty tape (storage from al; NULL: malloc/free). Returns 0, DN_EINVAL (tape
 *  NULL) or DN_ENOMEM. */
int dn_tape_o2_new(dn_tape_o2 **tape, const dn_allocator *al);
/** Frees a tape (NULL: no-op). */
void dn_tape_o2_free(dn_tape_o2 *tape);
/** Fills *stats with what the tape holds (zeros for a NULL or empty tape). */
void dn_tape_o2_info(const dn_tape_o2 *tape, dn_tape_o2_stats *stats);
/** Records f (name_tp of DN_OBJECTIVE_O2) at x (n variables) with ctx, replacing what the
 *  tape held. Returns 0, DN_EINVAL (NULL tape, f or x; n = 0; an objective a tape cannot
 *  replay, see above), DN_ERANGE (an element above 8 variables or 1024 operations) or
 *  DN_ENOMEM; on failure the tape keeps what it held. */
int dn_tape_o2_record(dn_tape_o2 *tape, dn_objective_tp f, void *ctx, const double *x,
                      unsigned n);
/** The same with the details of a failure in *err (NULL: none). */
int dn_tape_o2_record_ex(dn_tape_o2 *tape, dn_objective_tp f, void *ctx, const double *x,
                         unsigned n, dn_errinfo *err);
/** f and its gradient at x (the tape's n entries) from the tape. fx may be NULL. Returns 0,
 *  DN_EINVAL (NULL grad, tape or x; nothing recorded) or DN_ENOMEM (outputs untouched). */
int dn_grad_tape(double *fx, double *grad, const dn_tape_o2 *tape, const double *x);
/** The same with the details of a failure in *err (NULL: none). */
int dn_grad_tape_ex(double *fx, double *grad, const dn_tape_o2 *tape, const double *x,
                    dn_errinfo *err);
/** f, its gradient and the Hessian diagonal at x from the tape. fx and grad may be NULL.
 *  Returns 0, DN_EINVAL (NULL hdiag, tape or x; nothing recorded) or DN_ENOMEM (outputs
 *  untouched). */
int dn_hessdiag_tape(double *fx, double *grad, double *hdiag, const dn_tape_o2 *tape,
                     const double *x);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessdiag_tape_ex(double *fx, double *grad, double *hdiag, const dn_tape_o2 *tape,
                        const double *x, dn_errinfo *err);
/** f, its gradient and the Hessian-vector product H v at x from the tape (v: n entries).
 *  fx and grad may be NULL. Returns 0, DN_EINVAL (NULL hv, tape, x or v; nothing recorded)
 *  or DN_ENOMEM (outputs untouched). */
int dn_hessvec_tape(double *fx, double *grad, double *hv, const dn_tape_o2 *tape,
                    const double *x, const double *v);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessvec_tape_ex(double *fx, double *grad, double *hv, const dn_tape_o2 *tape,
                       const double *x, const double *v, dn_errinfo *err);
/** f, its gradient and the sparse Hessian at x from the tape, in H (lower triangle, CSR,
 *  as dn_hessian_sp): the pattern of the pairs of variables that share an element, less
 *  those 0 by the structure of its operations, the same at every x; H gets it on its first call (or when it
 *  holds another), later calls refill H->val in place. fx and grad may be NULL. Returns
 *  0, DN_EINVAL (NULL H, tape or x; nothing recorded) or DN_ENOMEM (outputs untouched). */
int dn_hessian_tape(double *fx, double *grad, dn_sphess *H, const dn_tape_o2 *tape,
                    const double *x);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessian_tape_ex(double *fx, double *grad, dn_sphess *H, const dn_tape_o2 *tape,
                       const double *x, dn_errinfo *err);

/* ---- element drivers: partially separable objectives ----------------------------------- */

/** The element structure of a partially separable objective (opaque): n variables, m
 *  elements of K variables each, their indices, and the pattern of the Hessian. */
typedef struct dn_elements dn_elements;

/** Creates the structure of f(x) = sum_{e < m} f_e(x[idx[e K]], ..., x[idx[e K + K - 1]]):
 *  n >= 1 variables, K (1..4) variables per element, m >= 0 elements, idx[0 .. m K - 1]
 *  their indices (copied: idx may be freed afterwards). Each index must be below n and
 *  the K indices of one element must differ. Computes the pattern of the lower triangle
 *  of the Hessian (the union of the elements' triangles, every variable of an element
 *  with its diagonal entry) and the position of each element's entries in it, so that
 *  the drivers only scatter. Storage from al (NULL: malloc/free). Returns 0, DN_EINVAL
 *  (E or idx NULL with m > 0, n = 0, K outside 1..4, an index >= n, an element with a
 *  repeated index), DN_ERANGE (m K(K+1)/2, the elements' triangle entries, above
 *  2^32 - 2) or DN_ENOMEM; on error *E is untouched. */
int dn_elements_new(dn_elements **E, unsigned n, unsigned K, size_t m, const unsigned *idx,
                    const dn_allocator *al);
/** The same with the details of a failure in *err (NULL: none): the argument, and for a bad
 *  index the element (err->elem) and why (index >= n, or repeated). */
int dn_elements_new_ex(dn_elements **E, unsigned n, unsigned K, size_t m,
                       const unsigned *idx, const dn_allocator *al, dn_errinfo *err);

/** Frees a structure made by dn_elements_new (NULL is a no-op). */
void dn_elements_free(dn_elements *E);

/** Bytes held by the structure (0 for NULL). */
size_t dn_elements_bytes(const dn_elements *E);

/* internal: one call of an element function's loop (filled by the drivers) */
typedef struct dni_eljob {
    int mode;             /* 0 gradient, 1 diagonal, 2 H v, 3 sparse Hessian, 5 rows
                             (dnum/nlp.h), -1 probe */
    unsigned k;           /* probe: set to the function's K */
    size_t m;             /* elements */
    const unsigned *idx;  /* m K indices */
    const uint32_t *pos;  /* sparse: m K(K+1)/2 positions in the pattern */
    const double *x, *v;  /* the point; the direction of H v */
    double *grad, *out;   /* gradient (or NULL); diagonal, H v, or the pattern's values */
    void *ctx;            /* the caller's */
    double fx;            /* the sum of the elements' values */
    int dense;            /* 1: variables seeded without structural zeros (the rerun) */
    int redo;             /* set by the loop: some entry it wrote was not finite */
    size_t nrun;          /* runs of elements whose indices advance by a constant step
                             (0: the indices are read element by element) */
    const size_t *rstart; /* nrun + 1: the first element of each run, then m */
    const size_t *rstep;  /* nrun: the step of each run's indices (modulo 2^64) */
    /* mode 5 (dnum/nlp.h: objective and constraints): element e belongs to the objective
       (own[e] = 0) or to constraint own[e] - 1; its gradient goes to grad (objective,
       at jpos = the variable) or jac (constraint, at jpos = its Jacobian position), its
       value to fx or g[own[e] - 1], its Hessian times sigma or lam[own[e] - 1] to out
       at pos (out NULL: no Hessian) */
    const uint32_t *own;  /* m rows */
    const uint32_t *jpos; /* m K positions */
    double *g, *jac;      /* constraint values, Jacobian values (either may be NULL) */
    const double *lam;    /* the constraints' weights */
    double sigma;         /* the objective's weight */
} dni_eljob;

/** An element function defined by DN_ELEMENT_O2 (pass it to the dn_*_el drivers). */
typedef void (*dn_element_o2)(dni_eljob *job);

#if defined(__GNUC__) || defined(__clang__)
#define DNI_EL_INLINE static inline __attribute__((unused)) DNI_FORCE_INLINE
/* x for the loop's check, -0.0 (nothing) where x is a finite constant to the compiler */
#define DNI_EL_VAR(x) (__builtin_constant_p(x) && (x) - (x) == 0.0 ? -0.0 : (x))
#else
#define DNI_EL_INLINE static inline
#define DNI_EL_VAR(x) (x)
#endif

/* Mode 5: element e's result r added to its row (J->own[e]): the objective (value into
 * FX, gradient into J->grad) or a constraint (value into J->g, gradient into J->jac at
 * J->jpos), and its Hessian, times the row's weight, into J->out at P. */
#define DNI_EL_ROWS(K, r, J, e, P, FX)                                                     \
    {                                                                                      \
        const uint32_t o_ = (J)->own[e];                                                   \
        const uint32_t *jp_ = (J)->jpos + (size_t)(e) * (K);                               \
        double *d_ = o_ ? (J)->jac : (J)->grad;                                            \
        if (o_ == 0) FX += r.v;                                                            \
        else if ((J)->g) (J)->g[o_ - 1] += r.v;                                            \
        if (d_)                                                                            \
            DNI_DNEL_O2_FOR(k, K) d_[jp_[k]] += r.g[k];                                    \
        if ((J)->out) {                                                                    \
            const double w_ = o_ ? (J)->lam[o_ - 1] : (J)->sigma;                          \
            DNI_DNEL_O2_FOR(t, DNEL_O2_TRI(K)) (J)->out[(P)[t]] += w_ * r.h[t];            \
        }                                                                                  \
    }

/* One element's result r, its indices b, added to the outputs of mode M (fx, the check
 * sum chk, the gradient G, the diagonal, H v or the pattern's values O at pos). */
#define DNI_EL_PUT(K, r, b, M, J, e)                                                       \
    {                                                                                      \
        double c = -0.0;                                                                   \
        if ((M) != 5) fx += r.v;                                                           \
        DNI_DNEL_O2_FOR(k, K) c += DNI_EL_VAR(r.g[k]);                                     \
        if ((M) != 0)                                                                      \
            DNI_DNEL_O2_FOR(k, K) c += DNI_EL_VAR(r.h[DNEL_O2_AT(k, k)]);                  \
        chk += c;                                                                          \
        if ((M) == 5) {                                                                    \
            DNI_EL_ROWS(K, r, J, e, pos, fx)                                               \
            pos += DNEL_O2_TRI(K);                                                         \
        }                                                                                  \
        if ((M) != 5 && ((M) == 0 || G))                                                   \
            DNI_DNEL_O2_FOR(k, K) G[b[k]] += r.g[k];                                       \
        if ((M) == 1)                                                                      \
            DNI_DNEL_O2_FOR(k, K) O[b[k]] += r.h[DNEL_O2_AT(k, k)];                        \
        if ((M) == 2)                                                                      \
            DNI_DNEL_O2_FOR(k, K) {                                                        \
                double s = 0.0;                                                            \
                DNI_DNEL_O2_FOR(l, K)                                                      \
                    s += r.h[k >= l ? DNEL_O2_AT(k, l) : DNEL_O2_AT(l, k)] * v[b[l]];      \
                O[b[k]] += s;                                                              \
            }                                                                              \
        if ((M) == 3) {                                                                    \
            DNI_DNEL_O2_FOR(t, DNEL_O2_TRI(K)) O[pos[t]] += r.h[t];                        \
            pos += DNEL_O2_TRI(K);                                                         \
        }                                                                                  \
    }

/* The loop of an element function F (on dnelK_o2) in mode M (a constant). The variables
 * are seeded with their structural zeros (dni_dnelK_o2_seed), so that every operation of
 * the inlined body skips the products with them. The loop adds up the gradient and (modes
 * 1-3) the Hessian diagonal of every element and sets redo when the sum is not finite:
 * the skipped products are the dense formulas' zeros only where their other factor is
 * finite (0 Inf is NaN), and a skipped product with an infinite or NaN factor always
 * leaves a non-finite entry there (a first-order factor or a gradient entry in the
 * gradient, a second-order factor on the diagonal, and every entry is carried to the same
 * place of every result computed from it); the driver then runs again densely (mode 4).
 * Two elements are evaluated per iteration and then added in their order, so that the
 * latencies of the one overlap the work of the other (a square root and two divisions
 * one after the other per W6 cell); the odd element of a run is evaluated by ONE (dense,
 * out of line: its results are the same). With runs (J->nrun > 0) the indices of each
 * run of elements are read once and advanced by its step; otherwise element by element. */
#define DNI_EL_LOOP(K, F, ONE, J, M)                                                       \
    {                                                                                      \
        const double *x = (J)->x, *v = (J)->v;                                             \
        const uint32_t *pos = (J)->pos;                                                    \
        double *G = (J)->grad, *O = (J)->out, fx = 0.0, chk = 0.0;                         \
        const int runs = (J)->nrun != 0;                                                   \
        const size_t nrun = runs ? (J)->nrun : 1;                                          \
        for (size_t q = 0; q < nrun; q++) {                                                \
            size_t e = runs ? (J)->rstart[q] : 0;                                          \
            const size_t e1 = runs ? (J)->rstart[q + 1] : (J)->m;                          \
            const unsigned *I = (J)->idx + e * K;                                          \
            const size_t step = runs ? (J)->rstep[q] : 0u;                                 \
            size_t b[K] = {0}, b2[K];                                                      \
            if (runs)                                                                      \
                DNI_DNEL_O2_FOR(k, K) b[k] = I[k];                                         \
            for (; e + 1 < e1; e += 2) {                                                   \
                dnel##K##_o2 u[K], w[K];                                                   \
                if (!runs)                                                                 \
                    DNI_DNEL_O2_FOR(k, K) b[k] = I[k];                                     \
                DNI_DNEL_O2_FOR(k, K) b2[k] = runs ? b[k] + step : I[K + k];               \
                DNI_DNEL_O2_FOR(k, K) u[k] = dni_dnel##K##_o2_seed(x[b[k]], k);            \
                DNI_DNEL_O2_FOR(k, K) w[k] = dni_dnel##K##_o2_seed(x[b2[k]], k);           \
                dnel##K##_o2 r = F(u, e, (J)->ctx), r2 = F(w, e + 1, (J)->ctx);            \
                DNI_EL_PUT(K, r, b, M, J, e)                                               \
                DNI_EL_PUT(K, r2, b2, M, J, e + 1)                                         \
                if (runs)                                                                  \
                    DNI_DNEL_O2_FOR(k, K) b[k] = b2[k] + step;                             \
                else I += 2 * K;                                                           \
            }                                                                              \
            if (e < e1) {                                                                  \
                fx += ONE(J, e);                                                           \
                if ((M) == 3 || (M) == 5) pos += DNEL_O2_TRI(K);                           \
            }                                                                              \
        }                                                                                  \
        (J)->fx = fx;                                                                      \
        (J)->redo = !(chk - chk == 0.0);                                                   \
    }

/* Element e of F on dense numbers (dnelK_o2_var: every entry computed) added to the
 * outputs of the job's mode; returns its value (the odd elements of the loop, and every
 * element of the driver's dense run). */
#define DNI_EL_ONE(K, F, J, e)                                                             \
    {                                                                                      \
        const unsigned *I = (J)->idx + (e) * (K);                                          \
        const double *x = (J)->x, *v = (J)->v;                                             \
        double *G = (J)->grad, *O = (J)->out;                                              \
        dnel##K##_o2 u[K];                                                                 \
        DNI_DNEL_O2_FOR(k, K) u[k] = dnel##K##_o2_var(x[I[k]], k);                         \
        dnel##K##_o2 r = F(u, e, (J)->ctx);                                                \
        if ((J)->mode == 5) {                                                              \
            double fx = 0.0;                                                               \
            DNI_EL_ROWS(K, r, J, e, (J)->pos + DNEL_O2_TRI(K) * (e), fx)                   \
            return fx;                                                                     \
        }                                                                                  \
        if (G)                                                                             \
            DNI_DNEL_O2_FOR(k, K) G[I[k]] += r.g[k];                                       \
        if ((J)->mode == 1)                                                                \
            DNI_DNEL_O2_FOR(k, K) O[I[k]] += r.h[DNEL_O2_AT(k, k)];                        \
        if ((J)->mode == 2)                                                                \
            DNI_DNEL_O2_FOR(k, K) {                                                        \
                double s = 0.0;                                                            \
                DNI_DNEL_O2_FOR(l, K)                                                      \
                    s += r.h[k >= l ? DNEL_O2_AT(k, l) : DNEL_O2_AT(l, k)] * v[I[l]];      \
                O[I[k]] += s;                                                              \
            }                                                                              \
        if ((J)->mode == 3) {                                                              \
            const uint32_t *pos = (J)->pos + DNEL_O2_TRI(K) * (e);                         \
            DNI_DNEL_O2_FOR(t, DNEL_O2_TRI(K)) O[pos[t]] += r.h[t];                        \
        }                                                                                  \
        return r.v;                                                                        \
    }

/** Defines the element function `name` (a dn_element_o2) of K variables (1..4, a literal)
 *  from one body: inside it, T is the number type (dnelK_o2), u[0 .. K-1] the element's
 *  variables (const), e its number (size_t) and ctx the caller's pointer; it returns the
 *  element's value f_e as a T, computed with the type-generic dnh_* names (dnh_mul,
 *  dnh_exp, dnh_const(T, c), dnh_value(a), ...), as in DN_OBJECTIVE_O2. Pass `name` to
 *  dn_grad_el, dn_hessdiag_el, dn_hessvec_el and dn_hessian_el with a dn_elements of
 *  the same K. The body is inlined into the drivers' loop of each mode, twice (two
 *  elements per iteration), and into name_one (one element on dense numbers, out of
 *  line), which DN_ELEMENT_O2 also defines; it may be evaluated more than once per element.
 *  Example (the chained Rosenbrock function, elements (x_i, x_i+1)):
 *    DN_ELEMENT_O2(rosen_el, 2, T, u, e, ctx,
 *        T a = dnh_sub(u[1], dnh_mul(u[0], u[0]));
 *        T b = dnh_d_sub(1.0, u[0]);
 *        return dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b));) */
#define DN_ELEMENT_O2(name, K, T, u, e, ctx, ...)                                          \
    DNI_EL_INLINE dnel##K##_o2 name##_elem(const dnel##K##_o2 *u, size_t e, void *ctx)     \
    {                                                                                      \
        typedef dnel##K##_o2 T;                                                            \
        (void)(e);                                                                         \
        (void)(ctx);                                                                       \
        (void)sizeof(T); /* (a body that never names T) */                                 \
        __VA_ARGS__                                                                        \
    }                                                                                      \
    static DNI_OBJ_APART double name##_one(dni_eljob *J, size_t e)                         \
        DNI_EL_ONE(K, name##_elem, J, e)                                                   \
    static DNI_OBJ_UNUSED void name(dni_eljob *J)                                          \
    {                                                                                      \
        switch (J->mode < 0 ? -1 : J->dense ? 4 : J->mode) {                               \
        case 0: DNI_EL_LOOP(K, name##_elem, name##_one, J, 0) break;                       \
        case 1: DNI_EL_LOOP(K, name##_elem, name##_one, J, 1) break;                       \
        case 2: DNI_EL_LOOP(K, name##_elem, name##_one, J, 2) break;                       \
        case 3: DNI_EL_LOOP(K, name##_elem, name##_one, J, 3) break;                       \
        case 5: DNI_EL_LOOP(K, name##_elem, name##_one, J, 5) break;                       \
        case 4: {                                                                          \
            double fx = 0.0;                                                               \
            for (size_t e = 0; e < J->m; e++) fx += name##_one(J, e);                      \
            J->fx = fx;                                                                    \
            break;                                                                         \
        }                                                                                  \
        default: J->k = K;                                                                 \
        }                                                                                  \
    }

/** Value and gradient of the partially separable f of E at x (n = the structure's n
 *  entries): each element is evaluated once on dnelK_o2 numbers and its derivatives are
 *  added at its variables' indices. grad is required, fx may be NULL; the outputs must not
 *  overlap x (they are cleared before x is read). Returns 0 or
 *  DN_EINVAL (NULL E, f, x or grad, or f defined for another K than E's); on error
 *  nothing is written. Thread-safe: E is only read. */
int dn_grad_el(double *fx, double *grad, dn_element_o2 f, void *ctx, const double *x,
               const dn_elements *E);
/** The same with the details of a failure in *err (NULL: none). */
int dn_grad_el_ex(double *fx, double *grad, dn_element_o2 f, void *ctx, const double *x,
                  const dn_elements *E, dn_errinfo *err);

/** Value, gradient and Hessian diagonal (hdiag, required; fx and grad may be NULL) in one
 *  pass over the elements. The outputs must not overlap x. Errors as dn_grad_el. */
int dn_hessdiag_el(double *fx, double *grad, double *hdiag, dn_element_o2 f, void *ctx,
                   const double *x, const dn_elements *E);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessdiag_el_ex(double *fx, double *grad, double *hdiag, dn_element_o2 f, void *ctx,
                      const double *x, const dn_elements *E, dn_errinfo *err);

/** Value, gradient and hv = H(x) v (v and hv required, n entries; the outputs must not
 *  overlap x or v) in one pass over the elements. Errors as dn_grad_el (also for a NULL v
 *  or hv). */
int dn_hessvec_el(double *fx, double *grad, double *hv, dn_element_o2 f, void *ctx,
                  const double *x, const double *v, const dn_elements *E);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessvec_el_ex(double *fx, double *grad, double *hv, dn_element_o2 f, void *ctx,
                     const double *x, const double *v, const dn_elements *E,
                     dn_errinfo *err);

/** Value, gradient (not overlapping x) and the sparse Hessian in H (lower triangle in CSR,
 *  the pattern of E: every entry of some element's triangle, structural even where its
 *  value is 0; a variable of no element has no entry). H is initialised with
 *  dn_sphess_init; when it already holds E's pattern only the values are written (no
 *  allocation), otherwise its arrays are replaced. Returns 0, DN_EINVAL (as dn_grad_el, or a NULL H) or DN_ENOMEM
 *  (outputs and H untouched). */
int dn_hessian_el(double *fx, double *grad, dn_sphess *H, dn_element_o2 f, void *ctx,
                  const double *x, const dn_elements *E);
/** The same with the details of a failure in *err (NULL: none). */
int dn_hessian_el_ex(double *fx, double *grad, dn_sphess *H, dn_element_o2 f, void *ctx,
                     const double *x, const dn_elements *E, dn_errinfo *err);

#ifdef __cplusplus
}
#endif

#ifndef __cplusplus
/* ---- C: the argument types of every call checked at compile time -------------------------
 * Each driver (and dn_elements_new) is also a macro of the same name that passes every
 * argument through a _Generic check (DNI_ARG, dnum/common.h) and calls the function: an
 * objective of another number type, a workspace, structure or array of another type, or a
 * count where a pointer belongs, stops the compilation (an incompatible type for the
 * argument, naming the type expected and dn_driver_argument_has_the_wrong_type, or "invalid
 * operands to binary *" for a pointer given as n), where C alone only warns (gcc before 14)
 * and the call computes garbage or crashes. NULL (or 0) stays allowed wherever a pointer
 * is (a required one is DN_EINVAL at run time). The functions stay callable without the check as (dn_hessdiag)(...) and through
 * pointers (&dn_hessdiag). C++ rejects such calls by itself. */
#define DNI_EL(p) DNI_CARG(dn_elements, p)
#define DNI_ERR(p) DNI_ARG(dn_errinfo *, p)
#define DNI_HD_ARGS(fx, grad, hdiag, f, ctx, x, n, work, Obj, Work)                        \
    DNI_OUT(fx), DNI_OUT(grad), DNI_OUT(hdiag), DNI_ARG(Obj, f), ctx, DNI_IN(x), DNI_N(n), \
        DNI_ARG(Work, work)
#define dn_hessdiag(fx, grad, hdiag, f, ctx, x, n, work)                                   \
    dn_hessdiag(                                                                           \
        DNI_HD_ARGS(fx, grad, hdiag, f, ctx, x, n, work, dn_objective_o2, dnum_o2 *))
#define dn_hessdiag_ex(fx, grad, hdiag, f, ctx, x, n, work, err)                           \
    dn_hessdiag_ex(                                                                        \
        DNI_HD_ARGS(fx, grad, hdiag, f, ctx, x, n, work, dn_objective_o2, dnum_o2 *),      \
        DNI_ERR(err))
#define dn_hessdiag_lanes(fx, grad, hdiag, f, ctx, x, n, work)                             \
    dn_hessdiag_lanes(DNI_HD_ARGS(fx, grad, hdiag, f, ctx, x, n, work,                     \
                                  dn_objective_lanes_o2, dlane_o2 *))
#define dn_hessdiag_lanes_ex(fx, grad, hdiag, f, ctx, x, n, work, err)                     \
    dn_hessdiag_lanes_ex(DNI_HD_ARGS(fx, grad, hdiag, f, ctx, x, n, work,                  \
                                     dn_objective_lanes_o2, dlane_o2 *),                   \
                         DNI_ERR(err))
#define dn_hessian(fx, grad, hess, f, ctx, x, n, work)                                     \
    dn_hessian(DNI_HD_ARGS(fx, grad, hess, f, ctx, x, n, work, dn_objective_o2, dnum_o2 *))
#define dn_hessian_ex(fx, grad, hess, f, ctx, x, n, work, err)                             \
    dn_hessian_ex(                                                                         \
        DNI_HD_ARGS(fx, grad, hess, f, ctx, x, n, work, dn_objective_o2, dnum_o2 *),       \
        DNI_ERR(err))
#define dn_hessdiag_sp(fx, grad, hdiag, f, ctx, x, n, work)                                \
    dn_hessdiag_sp(                                                                        \
        DNI_HD_ARGS(fx, grad, hdiag, f, ctx, x, n, work, dn_objective_sp, dsp_o2_work *))
#define dn_hessdiag_sp_ex(fx, grad, hdiag, f, ctx, x, n, work, err)                        \
    dn_hessdiag_sp_ex(                                                                     \
        DNI_HD_ARGS(fx, grad, hdiag, f, ctx, x, n, work, dn_objective_sp, dsp_o2_work *),  \
        DNI_ERR(err))
#define DNI_GS_ARGS(fx, grad, f, ctx, x, n, work)                                          \
    DNI_OUT(fx), DNI_OUT(grad), DNI_ARG(dn_objective_sp, f), ctx, DNI_IN(x), DNI_N(n),     \
        DNI_ARG(dsp_o2_work *, work)
#define dn_grad_sp(fx, grad, f, ctx, x, n, work)                                           \
    dn_grad_sp(DNI_GS_ARGS(fx, grad, f, ctx, x, n, work))
#define dn_grad_sp_ex(fx, grad, f, ctx, x, n, work, err)                                   \
    dn_grad_sp_ex(DNI_GS_ARGS(fx, grad, f, ctx, x, n, work), DNI_ERR(err))
#define DNI_HV_ARGS(fx, grad, hv, f, ctx, x, v, n, work)                                   \
    DNI_OUT(fx), DNI_OUT(grad), DNI_OUT(hv), DNI_ARG(dn_objective_sp, f), ctx, DNI_IN(x),  \
        DNI_IN(v), DNI_N(n), DNI_ARG(dsp_o2_work *, work)
#define dn_hessvec_sp(fx, grad, hv, f, ctx, x, v, n, work)                                 \
    dn_hessvec_sp(DNI_HV_ARGS(fx, grad, hv, f, ctx, x, v, n, work))
#define dn_hessvec_sp_ex(fx, grad, hv, f, ctx, x, v, n, work, err)                         \
    dn_hessvec_sp_ex(DNI_HV_ARGS(fx, grad, hv, f, ctx, x, v, n, work), DNI_ERR(err))
#define DNI_HS_ARGS(fx, grad, H, f, ctx, x, n, work)                                       \
    DNI_OUT(fx), DNI_OUT(grad), DNI_ARG(dn_sphess *, H), DNI_ARG(dn_objective_sp, f), ctx, \
        DNI_IN(x), DNI_N(n), DNI_ARG(dsp_o2_work *, work)
#define dn_hessian_sp(fx, grad, H, f, ctx, x, n, work)                                     \
    dn_hessian_sp(DNI_HS_ARGS(fx, grad, H, f, ctx, x, n, work))
#define dn_hessian_sp_ex(fx, grad, H, f, ctx, x, n, work, err)                             \
    dn_hessian_sp_ex(DNI_HS_ARGS(fx, grad, H, f, ctx, x, n, work), DNI_ERR(err))
#define dn_grad_plan(fx, grad, f, ctx, x, n, plan)                                         \
    dn_grad_plan(DNI_OUT(fx), DNI_OUT(grad), DNI_ARG(dn_objective_sp, f), ctx, DNI_IN(x),  \
                 DNI_N(n), DNI_ARG(dn_plan_o2 *, plan))
#define dn_grad_plan_ex(fx, grad, f, ctx, x, n, plan, err)                                 \
    dn_grad_plan_ex(DNI_OUT(fx), DNI_OUT(grad), DNI_ARG(dn_objective_sp, f), ctx,          \
                    DNI_IN(x), DNI_N(n), DNI_ARG(dn_plan_o2 *, plan), DNI_ERR(err))
#define dn_hessdiag_plan(fx, grad, hdiag, f, ctx, x, n, plan)                              \
    dn_hessdiag_plan(                                                                      \
        DNI_HD_ARGS(fx, grad, hdiag, f, ctx, x, n, plan, dn_objective_sp, dn_plan_o2 *))
#define dn_hessdiag_plan_ex(fx, grad, hdiag, f, ctx, x, n, plan, err)                      \
    dn_hessdiag_plan_ex(                                                                   \
        DNI_HD_ARGS(fx, grad, hdiag, f, ctx, x, n, plan, dn_objective_sp, dn_plan_o2 *),   \
        DNI_ERR(err))
#define DNI_HVP_ARGS(fx, grad, hv, f, ctx, x, v, n, plan)                                  \
    DNI_OUT(fx), DNI_OUT(grad), DNI_OUT(hv), DNI_ARG(dn_objective_sp, f), ctx, DNI_IN(x),  \
        DNI_IN(v), DNI_N(n), DNI_ARG(dn_plan_o2 *, plan)
#define dn_hessvec_plan(fx, grad, hv, f, ctx, x, v, n, plan)                               \
    dn_hessvec_plan(DNI_HVP_ARGS(fx, grad, hv, f, ctx, x, v, n, plan))
#define dn_hessvec_plan_ex(fx, grad, hv, f, ctx, x, v, n, plan, err)                       \
    dn_hessvec_plan_ex(DNI_HVP_ARGS(fx, grad, hv, f, ctx, x, v, n, plan), DNI_ERR(err))
#define DNI_HSP_ARGS(fx, grad, H, f, ctx, x, n, plan)                                      \
    DNI_OUT(fx), DNI_OUT(grad), DNI_ARG(dn_sphess *, H), DNI_ARG(dn_objective_sp, f), ctx, \
        DNI_IN(x), DNI_N(n), DNI_ARG(dn_plan_o2 *, plan)
#define dn_hessian_plan(fx, grad, H, f, ctx, x, n, plan)                                   \
    dn_hessian_plan(DNI_HSP_ARGS(fx, grad, H, f, ctx, x, n, plan))
#define dn_hessian_plan_ex(fx, grad, H, f, ctx, x, n, plan, err)                           \
    dn_hessian_plan_ex(DNI_HSP_ARGS(fx, grad, H, f, ctx, x, n, plan), DNI_ERR(err))
#define DNI_EN_ARGS(E, n, K, m, idx, al)                                                   \
    DNI_ARG(dn_elements **, E), DNI_N(n), DNI_N(K), DNI_N(m), DNI_CARG(unsigned, idx),     \
        DNI_CARG(dn_allocator, al)
#define dn_elements_new(E, n, K, m, idx, al)                                               \
    dn_elements_new(DNI_EN_ARGS(E, n, K, m, idx, al))
#define dn_elements_new_ex(E, n, K, m, idx, al, err)                                       \
    dn_elements_new_ex(DNI_EN_ARGS(E, n, K, m, idx, al), DNI_ERR(err))
#define dn_grad_el(fx, grad, f, ctx, x, E)                                                 \
    dn_grad_el(DNI_OUT(fx), DNI_OUT(grad), DNI_ARG(dn_element_o2, f), ctx, DNI_IN(x),      \
               DNI_EL(E))
#define dn_grad_el_ex(fx, grad, f, ctx, x, E, err)                                         \
    dn_grad_el_ex(DNI_OUT(fx), DNI_OUT(grad), DNI_ARG(dn_element_o2, f), ctx, DNI_IN(x),   \
                  DNI_EL(E), DNI_ERR(err))
#define DNI_HE_ARGS(fx, grad, out, f, ctx, x, E, Out)                                      \
    DNI_OUT(fx), DNI_OUT(grad), DNI_ARG(Out, out), DNI_ARG(dn_element_o2, f), ctx,         \
        DNI_IN(x), DNI_EL(E)
#define dn_hessdiag_el(fx, grad, hdiag, f, ctx, x, E)                                      \
    dn_hessdiag_el(DNI_HE_ARGS(fx, grad, hdiag, f, ctx, x, E, double *))
#define dn_hessdiag_el_ex(fx, grad, hdiag, f, ctx, x, E, err)                              \
    dn_hessdiag_el_ex(DNI_HE_ARGS(fx, grad, hdiag, f, ctx, x, E, double *), DNI_ERR(err))
#define dn_hessian_el(fx, grad, H, f, ctx, x, E)                                           \
    dn_hessian_el(DNI_HE_ARGS(fx, grad, H, f, ctx, x, E, dn_sphess *))
#define dn_hessian_el_ex(fx, grad, H, f, ctx, x, E, err)                                   \
    dn_hessian_el_ex(DNI_HE_ARGS(fx, grad, H, f, ctx, x, E, dn_sphess *), DNI_ERR(err))
#define DNI_VE_ARGS(fx, grad, hv, f, ctx, x, v, E)                                         \
    DNI_OUT(fx), DNI_OUT(grad), DNI_OUT(hv), DNI_ARG(dn_element_o2, f), ctx, DNI_IN(x),    \
        DNI_IN(v), DNI_EL(E)
#define dn_hessvec_el(fx, grad, hv, f, ctx, x, v, E)                                       \
    dn_hessvec_el(DNI_VE_ARGS(fx, grad, hv, f, ctx, x, v, E))
#define dn_hessvec_el_ex(fx, grad, hv, f, ctx, x, v, E, err)                               \
    dn_hessvec_el_ex(DNI_VE_ARGS(fx, grad, hv, f, ctx, x, v, E), DNI_ERR(err))
#endif /* __cplusplus */

#endif /* DNUM_HESSIAN_H */
