/* dnum/bounded.h -- derivatives with error bounds from C: dnume_oN (fixed order) and
 * dvece (run-time order), the bounded companions of dnum_oN and dvec.
 *
 * A bounded number holds beside each derivative d[k] a bound e[k] on its error:
 *
 *     |d[k] - exact k-th derivative| <= e[k]
 *
 * Write the function as with dnum_oN or dvec, with dnume_oN or dvece instead: each
 * operation computes its result on the library's kernels and passes on the bounds it
 * receives, plus its own rounding, with the analysis of dn_expr_eval_err (dnum/expr.h;
 * docs/accuracy.md, "Error bounds"): the same guarantee (a first-order bound, never below
 * the true error on the validation sets) and the same looseness (median about 80x the true
 * error). e[k] is +Inf where no bound is known (a pole, an intermediate that overflows, the
 * zero rule applied, an operand too uncertain near a pole for a first-order bound, a
 * function's or quotient's entries from its first subnormal one on, a function whose
 * value and derivatives all underflow to 0: docs/accuracy.md, "What it is not") and NaN
 * where d[k] is NaN. The variable and the constants are exact;
 * dnume_oN_from / dvece_set_derivs take inputs with bounds of their own.
 *
 * Cost: each operation runs its kernel, the function's kernel once more at order N + 1 on
 * the bare variable, its calibration in more precision (x87 long double where the machine
 * has it, else the extended type), and for a function of a nonlinear argument two
 * majorant compositions (O(N^3)): 9-53x the plain family at orders 4-16 on x86-64
 * (docs/accuracy.md, "Error bounds from C"). Use it to learn how many digits a computation keeps, and the plain
 * families for speed. Each operation takes a workspace of a few KiB from malloc (dvece:
 * from the result's allocator); if that fails, dnume_oN gives NaN derivatives and bounds,
 * dvece returns DN_ENOMEM. The values may differ from dnum_oN's in the last bits (the
 * rolled kernels, not the unrolled ones); each is within its bound.
 *
 * Not bounded: apply (a user callback's accuracy is unknown), sincos and sinhcosh (call
 * sin and cos).
 *
 * Index (N = 1 ... 32; T is dnume_oN):
 *   fixed order  T dnume_oN_var(double x)        the variable at x, exact
 *                T dnume_oN_const(double c)      a constant, exact
 *                T dnume_oN_from(const double *d, const double *e)   d[0..N] with the bounds
 *                                                e[0..N] (NULL: exact)
 *                double dnume_oN_get(const T *a, unsigned k)   derivative k (NaN: k > N)
 *                double dnume_oN_err(const T *a, unsigned k)   its bound (NaN: k > N)
 *                _add _sub _mul _div (T, T); _neg (T); _add_d _sub_d _mul_d _div_d _pow_d
 *                (T, double); _d_sub _d_div (double, T); _pown (T, long m); _f (T u),
 *                _f (T a, T b), _f (int m, T u) for every function f of the operation
 *                table (docs/functions.md), as dnum_oN's
 *                other orders: #define DNUME_ORDER N, then #include "dnum/bounded_order.h"
 *   run-time     dvece_init dvece_init_alloc dvece_clear dvece_set_var dvece_set_const
 *                dvece_set_derivs dvece_set_dvec dvece_order dvece_get dvece_err
 *                dvece_get_derivs dvece_to_dvec
 *                dvece_add dvece_sub dvece_mul dvece_div dvece_neg dvece_add_d dvece_sub_d
 *                dvece_mul_d dvece_div_d dvece_d_sub dvece_d_div dvece_pow_d dvece_pown
 *                dvece_f for every function f of the operation table, as dvec's
 *   digits       double dn_digits(double d, double e)   the decimal digits of d that e
 *                guarantees
 *   raw layer    dni_bnd_f: the operations on arrays (internal; the front ends call them)
 */
#ifndef DNUM_BOUNDED_H
#define DNUM_BOUNDED_H

#include <math.h>
#include "dnum/common.h"
#include "dnum/dvec.h"
#include "dnum/internal/extern.h"
#include "dnum/internal/ops.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The number of correct significant decimal digits of d that the bound e guarantees:
 *  -log10(e / |d|), at least 0; +Inf where e is 0 (d exact), 0 where e is +Inf or NaN or
 *  d is 0 with e > 0. */
static inline double dn_digits(double d, double e)
{
    if (e == 0.0) return INFINITY;
    if (!(e < INFINITY) || d == 0.0 || d != d) return 0.0;
    double g = -log10(e / fabs(d));
    return g > 0.0 ? g : 0.0;
}

/* ---- The raw layer: r = f(a[, b]; c) at order n with bounds, on arrays -------------- */
/* Internal (the front ends below call them): r, er get the derivatives and their bounds
 * of f at order n from a, ea and (two arguments) b, eb; c is the constant operand (_d
 * functions, pow_d's exponent, pown's and the integer rows' m). Returns DN_OK, DN_ERANGE
 * (n > DN_ORDER_MAX) or DN_ENOMEM (the workspace), with r and er untouched on failure.
 * r and er may alias the arguments. */
#define DNI_BND_PROTO(f)                                                                   \
    int dni_bnd_##f(unsigned n, double *r, double *er, const double *a, const double *ea,  \
                    const double *b, const double *eb, double c);
#define DNI_BND_DECL(A, f, ...) DNI_BND_PROTO(f)
#define DNI_BND_DECL2(A, f) DNI_BND_PROTO(f)
DNI_API_UN(DNI_BND_DECL, ~)
DNI_API_BIN(DNI_BND_DECL, ~)
DNI_API_BIN_D(DNI_BND_DECL2, ~)
DNI_API_D_BIN(DNI_BND_DECL2, ~)
DNI_API_INT(DNI_BND_DECL, ~)
DNI_BND_PROTO(pown)
#undef DNI_BND_PROTO
#undef DNI_BND_DECL
#undef DNI_BND_DECL2

/* NaN derivatives and bounds d[0..n], e[0..n]: a fixed-order operation that could not get
 * its workspace (internal) */
static inline void dni_bnd_nan(double *d, double *e, unsigned n)
{
    for (unsigned k = 0; k <= n; k++) d[k] = e[k] = NAN;
}

/* ---- Run-time order: dvece --------------------------------------------------------- */

/** A run-time-order number with bounds. Treat the fields as private: use the functions. */
typedef struct dvece {
    double *buf;            /* derivatives buf[0 .. len-1], bounds buf[cap .. cap+len-1] */
    unsigned cap;           /* entries per half of buf */
    unsigned len;           /* order + 1; 0 when not initialised */
    const dn_allocator *al; /* NULL: malloc/free */
} dvece;

/** Initialises v as the exact constant 0 of the given order (storage from malloc).
 *  DN_ERANGE (order > DN_ORDER_MAX), DN_EINVAL (v NULL), DN_ENOMEM; v untouched then. */
int dvece_init(dvece *v, unsigned order);
/** As dvece_init with storage (and each operation's workspace) from al (NULL: malloc). */
int dvece_init_alloc(dvece *v, unsigned order, const dn_allocator *al);
/** Frees v's storage; v is then uninitialised. NULL and a second call are harmless. */
void dvece_clear(dvece *v);
/** v = the variable at x, exact, keeping v's order. DN_EINVAL (NULL or uninitialised). */
int dvece_set_var(dvece *v, double x);
/** v = the exact constant c, keeping v's order. DN_EINVAL. */
int dvece_set_const(dvece *v, double c);
/** v (initialised) = the derivatives d[0..order] with the bounds e[0..order] (NULL:
 *  exact). DN_EINVAL, DN_ERANGE, DN_ENOMEM. */
int dvece_set_derivs(dvece *v, const double *d, const double *e, unsigned order);
/** v (initialised) = the dvec a, taken as exact (its order). DN_EINVAL, DN_ENOMEM. */
int dvece_set_dvec(dvece *v, const dvec *a);
/** The order of v, or DN_EINVAL (< 0) if v is NULL or uninitialised. */
int dvece_order(const dvece *v);
/** Derivative k of v (NaN if k > order or v is NULL or uninitialised). */
double dvece_get(const dvece *v, unsigned k);
/** The bound of derivative k of v (NaN if k > order or v is NULL or uninitialised). */
double dvece_err(const dvece *v, unsigned k);
/** Copies the derivatives to d[0..order] and their bounds to e[0..order] (either may be
 *  NULL). DN_EINVAL if v is NULL or uninitialised. */
int dvece_get_derivs(double *d, double *e, const dvece *v);
/** r = the derivatives of a, without bounds (r takes a's order). DN_EINVAL, DN_ENOMEM. */
int dvece_to_dvec(dvec *r, const dvece *a);

/* Arithmetic and the functions of the operation table, as dvec's (dnum/dvec.h): output
 * first, any output may alias any input, 0 or DN_EINVAL / DN_EORDER / DN_ENOMEM with r
 * untouched. */
#define DNI_DVECE_UN(A, f, ...) int dvece_##f(dvece *r, const dvece *u);
#define DNI_DVECE_BIN(A, f, ...) int dvece_##f(dvece *r, const dvece *a, const dvece *b);
#define DNI_DVECE_BIN_D(A, f) int dvece_##f(dvece *r, const dvece *a, double c);
#define DNI_DVECE_D_BIN(A, f) int dvece_##f(dvece *r, double c, const dvece *a);
#define DNI_DVECE_INT(A, f, ...) int dvece_##f(dvece *r, int m, const dvece *u);
DNI_API_UN(DNI_DVECE_UN, ~)
DNI_API_BIN(DNI_DVECE_BIN, ~)
DNI_API_BIN_D(DNI_DVECE_BIN_D, ~)
DNI_API_D_BIN(DNI_DVECE_D_BIN, ~)
DNI_API_INT(DNI_DVECE_INT, ~)
#undef DNI_DVECE_UN
#undef DNI_DVECE_BIN
#undef DNI_DVECE_BIN_D
#undef DNI_DVECE_D_BIN
#undef DNI_DVECE_INT
/** r = u^m for an integer m (as dvec_pown), with bounds. */
int dvece_pown(dvece *r, const dvece *u, long m);

#ifdef __cplusplus
}
#endif

/* ---- Fixed order: dnume_oN (dnum/bounded_order.h once per order) ------------------- */
#define DNUME_ORDER 1
#include "dnum/bounded_order.h"
#define DNUME_ORDER 2
#include "dnum/bounded_order.h"
#define DNUME_ORDER 3
#include "dnum/bounded_order.h"
#define DNUME_ORDER 4
#include "dnum/bounded_order.h"
#define DNUME_ORDER 5
#include "dnum/bounded_order.h"
#define DNUME_ORDER 6
#include "dnum/bounded_order.h"
#define DNUME_ORDER 7
#include "dnum/bounded_order.h"
#define DNUME_ORDER 8
#include "dnum/bounded_order.h"
#define DNUME_ORDER 9
#include "dnum/bounded_order.h"
#define DNUME_ORDER 10
#include "dnum/bounded_order.h"
#define DNUME_ORDER 11
#include "dnum/bounded_order.h"
#define DNUME_ORDER 12
#include "dnum/bounded_order.h"
#define DNUME_ORDER 13
#include "dnum/bounded_order.h"
#define DNUME_ORDER 14
#include "dnum/bounded_order.h"
#define DNUME_ORDER 15
#include "dnum/bounded_order.h"
#define DNUME_ORDER 16
#include "dnum/bounded_order.h"
#define DNUME_ORDER 17
#include "dnum/bounded_order.h"
#define DNUME_ORDER 18
#include "dnum/bounded_order.h"
#define DNUME_ORDER 19
#include "dnum/bounded_order.h"
#define DNUME_ORDER 20
#include "dnum/bounded_order.h"
#define DNUME_ORDER 21
#include "dnum/bounded_order.h"
#define DNUME_ORDER 22
#include "dnum/bounded_order.h"
#define DNUME_ORDER 23
#include "dnum/bounded_order.h"
#define DNUME_ORDER 24
#include "dnum/bounded_order.h"
#define DNUME_ORDER 25
#include "dnum/bounded_order.h"
#define DNUME_ORDER 26
#include "dnum/bounded_order.h"
#define DNUME_ORDER 27
#include "dnum/bounded_order.h"
#define DNUME_ORDER 28
#include "dnum/bounded_order.h"
#define DNUME_ORDER 29
#include "dnum/bounded_order.h"
#define DNUME_ORDER 30
#include "dnum/bounded_order.h"
#define DNUME_ORDER 31
#include "dnum/bounded_order.h"
#define DNUME_ORDER 32
#include "dnum/bounded_order.h"

#endif /* DNUM_BOUNDED_H */
