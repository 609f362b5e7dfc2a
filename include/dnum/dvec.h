/* dnum/dvec.h -- Dvec: dual numbers whose order is chosen at run time (the Dvec family).
 *
 * A dvec holds the derivatives d[0..N] of a function (d[0] is the value, d[k] the k-th
 * derivative) in a deque (ring buffer), so the paper's operators D (drop the front: the
 * derivative), F (drop the back: truncation) and new (push a value in front) cost O(1).
 * Arithmetic and elementary functions run the same O(N^2) kernels as the fixed-order
 * Dnum (bit-for-bit the same results for N <= 170), for any order 0 <= N <= DN_ORDER_MAX.
 *
 * Conventions: output first; any output may alias any input; every function that can
 * fail returns 0 (DN_OK) or a negative DN_E* code and then leaves every output untouched
 * and leaks nothing. Errors: DN_EINVAL (NULL or uninitialised dvec, bad argument),
 * DN_EORDER (operands of different orders), DN_ERANGE (order above DN_ORDER_MAX),
 * DN_ENOMEM (allocation failed). A result takes the order of the operands, whatever r
 * held before; r grows its storage when needed (through r's allocator). Value
 * arithmetic never fails: domain errors give NaN/Inf derivatives exactly as the fixed
 * family does. Storage is allocated only when an output needs more room than it has:
 * reuse outputs in loops and nothing is allocated per point up to order 16. Above, the
 * O(N^2) functions take their temporary arrays (about 8 (N+1) doubles and as many
 * extended-precision numbers) from r's allocator for the duration of the call, so that
 * no function needs more than a few KiB of stack at any order (DN_ENOMEM if that fails).
 *
 * Index:
 *   life       dvec_init dvec_init_alloc dvec_clear dvec_swap
 *   set/get    dvec_set_var dvec_set_const dvec_set_derivs dvec_set
 *              dvec_order dvec_get dvec_get_derivs dvec_derivs
 *   operators  dvec_D dvec_F dvec_new                      (the paper's, O(1) in place)
 *   arithmetic dvec_add dvec_sub dvec_mul dvec_div dvec_neg
 *              dvec_add_d dvec_sub_d dvec_mul_d dvec_div_d dvec_d_sub dvec_d_div
 *   apply      dvec_apply
 *   functions  dvec_f for every function f of the operation table (docs/functions.md),
 *              by its arguments: (r, u), (r, a, b), or (r, m, u) with an integer m
 *              dvec_sincos dvec_sinhcosh dvec_pow_d dvec_pown
 *
 * Range: derivatives are stored as they are, so they overflow where the function's
 * derivatives exceed DBL_MAX: for a function with radius of convergence R they grow
 * like k!/R^k (1/(1+x^2) overflows near order 170); exp(a x) and sin(a x) grow like a^k
 * and stay finite to the maximum order for |a| <= 1. Above order 170 an operation whose
 * internal scaled coefficients overflow runs again, rescaled, so a derivative that is a
 * finite double comes back finite (docs/dvec.md, "High orders").
 */
#ifndef DNUM_DVEC_H
#define DNUM_DVEC_H

#include <stdint.h>
#include <string.h>
#include "dnum/common.h"
#include "dnum/internal/ops.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Linkage of the three functions defined in this header (dvec_set_var, dvec_set_const,
 * dvec_derivs; the end of the file): static inline in user code, where a loop over points
 * calls them at every point; src/dvec.c defines it empty to emit the library's linkable
 * copies (for other languages and function pointers). */
#ifndef DNI_DVEC_DECL
#if defined(__GNUC__) || defined(__clang__)
#define DNI_DVEC_DECL static inline __attribute__((unused))
#else
#define DNI_DVEC_DECL static inline
#endif
#endif

/** A dynamic-order dual number. Treat the fields as private: use the functions. */
typedef struct dvec {
    double *buf;            /* ring buffer of cap doubles */
    unsigned cap;           /* capacity of buf */
    unsigned head;          /* index in buf of the value d[0] */
    unsigned len;           /* order + 1; 0 when not initialised */
    const dn_allocator *al; /* NULL: malloc/free */
} dvec;

/** Initialises v as the constant 0 of the given order, with storage from malloc.
 *  DN_ERANGE if order > DN_ORDER_MAX, DN_EINVAL if v is NULL, DN_ENOMEM if allocation
 *  fails; on failure v is untouched and must not be passed to dvec_clear. */
int dvec_init(dvec *v, unsigned order);

/** As dvec_init, with storage from the allocator al (NULL means malloc/free). The
 *  allocator object must outlive v; v's later growth also goes through it. */
int dvec_init_alloc(dvec *v, unsigned order, const dn_allocator *al);

/** Frees v's storage and leaves it uninitialised (other functions then give DN_EINVAL;
 *  dvec_clear again is harmless). NULL is ignored. */
void dvec_clear(dvec *v);

/** Exchanges the contents (and allocators) of a and b in O(1). */
void dvec_swap(dvec *a, dvec *b);

/** Sets v to the independent variable at x, (x, 1, 0, ..., 0), keeping v's order.
 *  DN_EINVAL if v is NULL or uninitialised. */
DNI_DVEC_DECL int dvec_set_var(dvec *v, double x);

/** Sets v to the constant c, (c, 0, ..., 0), keeping v's order. DN_EINVAL as above. */
DNI_DVEC_DECL int dvec_set_const(dvec *v, double c);

/** Sets v to the given order and the derivatives d[0..order]. d may point into v's own
 *  storage only through dvec_get_derivs copies. DN_EINVAL (NULL), DN_ERANGE, DN_ENOMEM. */
int dvec_set_derivs(dvec *v, const double *d, unsigned order);

/** r = a (order and derivatives). r == a is a no-op. DN_EINVAL, DN_ENOMEM. */
int dvec_set(dvec *r, const dvec *a);

/** Returns the order N of v (N + 1 stored derivatives), or DN_EINVAL (< 0) if v is NULL
 *  or uninitialised. */
int dvec_order(const dvec *v);

/** Returns the k-th derivative of v, or NaN if k > order or v is NULL/uninitialised. */
double dvec_get(const dvec *v, unsigned k);

/** Copies the order + 1 derivatives of v into d[0..order]. DN_EINVAL if an argument is
 *  NULL or v uninitialised. */
int dvec_get_derivs(double *d, const dvec *v);

/** Returns a pointer to the order + 1 derivatives of v, contiguous, without copying
 *  (the cheap way to read a result in a loop); NULL if v is NULL or uninitialised. If the
 *  deque wraps (after dvec_new), it is first made contiguous in place: O(order), no
 *  allocation, the value of v unchanged. Valid until v is next changed. */
DNI_DVEC_DECL const double *dvec_derivs(dvec *v);

/** The paper's derivative operator: r = D(a) = (a1, a2, ..., aN), order N - 1, i.e. the
 *  derivative of a as a dual number. In place (r == a) it drops the front in O(1).
 *  Identities: D(F(a)) = F(D(a)); D of the variable at x is the constant 1 (order N-1);
 *  D(new(h, t)) = t. DN_EORDER if a has order 0 (nothing left), DN_EINVAL, DN_ENOMEM. */
int dvec_D(dvec *r, const dvec *a);

/** The paper's truncation operator: r = F(a) = (a0, ..., a(N-1)), order N - 1: the same
 *  function at one order less. In place it drops the back in O(1). Identities:
 *  F(D(a)) = D(F(a)); F(new(h, t)) = new(h, F(t)). DN_EORDER if a has order 0. */
int dvec_F(dvec *r, const dvec *a);

/** The paper's constructor: r = new(head, tail) = (head, t0, t1, ..., tM), order M + 1:
 *  the dual number with value head whose derivative is tail. In place (r == tail) it
 *  pushes in front in O(1) amortised. Identities: D(new(h, t)) = t, new(a0, D(a)) = a.
 *  DN_ERANGE if M + 1 > DN_ORDER_MAX, DN_EINVAL, DN_ENOMEM. */
int dvec_new(dvec *r, double head, const dvec *tail);

/** r = a + b. DN_EORDER if the orders differ; DN_EINVAL; DN_ENOMEM. */
int dvec_add(dvec *r, const dvec *a, const dvec *b);
/** r = a - b. Errors as dvec_add. */
int dvec_sub(dvec *r, const dvec *a, const dvec *b);
/** r = a * b, the Leibniz product: r_n = sum_k C(n,k) a_k b_(n-k), O(N^2) (the paper's
 *  recursive definition ab = new(a0 b0, D(a) F(b) + F(a) D(b)) gives the same numbers).
 *  Errors as dvec_add. */
int dvec_mul(dvec *r, const dvec *a, const dvec *b);
/** r = a / b, O(N^2); b0 = 0 gives Inf/NaN as floating-point division. Errors as dvec_add. */
int dvec_div(dvec *r, const dvec *a, const dvec *b);
/** r = -a. DN_EINVAL, DN_ENOMEM. */
int dvec_neg(dvec *r, const dvec *a);

/** r = a + c: only the value changes, every derivative of a is kept. */
int dvec_add_d(dvec *r, const dvec *a, double c);
/** r = a - c. */
int dvec_sub_d(dvec *r, const dvec *a, double c);
/** r = c * a. */
int dvec_mul_d(dvec *r, const dvec *a, double c);
/** r = a / c. */
int dvec_div_d(dvec *r, const dvec *a, double c);
/** r = c - a. */
int dvec_d_sub(dvec *r, double c, const dvec *a);
/** r = c / a, O(N^2). */
int dvec_d_div(dvec *r, double c, const dvec *a);

/** r = h(u) for a user function given by its derivative callback: h(x, k, ctx) returns
 *  the k-th derivative of h at x. Specified by the paper's recursive chain rule
 *  apply(h, u) = new(h(u0), apply(h', F u) * D u); computed by Faa di Bruno in
 *  normalised form: h is called N + 1 times (k = 0..N, x = u0), then O(N^3) flops.
 *  DN_EINVAL (NULL u, r or h), DN_ENOMEM. */
int dvec_apply(dvec *r, const dvec *u, dn_deriv_fn h, void *ctx);

/* The functions of the operation table (docs/functions.md: what each computes, its domain
 * and pole rule), with the semantics of the fixed family (see fixed.h): the value is
 * libm's f(u0) (or this library's, to a few ulp, where libm has none); outside the domain
 * every derivative is NaN; poles and branch points give the Inf/NaN of the derivative
 * formula; the special functions' domains, poles, jumps and costs are in
 * docs/special.md. Each returns 0, or DN_EINVAL / DN_ENOMEM, or DN_EORDER for two
 * arguments of different orders, with r untouched:
 *   int dvec_f(dvec *r, const dvec *u)                  one argument, O(N^2)
 *   int dvec_f(dvec *r, const dvec *a, const dvec *b)   two (atan2: y, x in C's order)
 *   int dvec_f(dvec *r, int m, const dvec *u)           an integer first argument */
#define DNI_DVEC_UN(A, f, ...) int dvec_##f(dvec *r, const dvec *u);
#define DNI_DVEC_BIN(A, f, ...) int dvec_##f(dvec *r, const dvec *a, const dvec *b);
#define DNI_DVEC_INT(A, f, ...) int dvec_##f(dvec *r, int m, const dvec *u);
DNI_OPS_UNARY(DNI_DVEC_UN, ~)
DNI_OPS_BINARY(DNI_DVEC_BIN, ~)
DNI_OPS_INT(DNI_DVEC_INT, ~)
#undef DNI_DVEC_UN
#undef DNI_DVEC_BIN
#undef DNI_DVEC_INT

/** s = sin(u) and c = cos(u) from one recurrence. DN_EINVAL if s == c. */
int dvec_sincos(dvec *s, dvec *c, const dvec *u);
/** s = sinh(u) and c = cosh(u) from one recurrence. DN_EINVAL if s == c. */
int dvec_sinhcosh(dvec *s, dvec *c, const dvec *u);
/** r = u^p for a constant real p (integer p exactly as dvec_pown). */
int dvec_pow_d(dvec *r, const dvec *u, double p);
/** r = u^m for an integer m: exact at u0 = 0 and for negative u0. */
int dvec_pown(dvec *r, const dvec *u, long m);

/* ---- The inline definitions ----------------------------------------------------------
 * Written for a loop that seeds a variable and reads a result at every point: out of line,
 * these two calls per point cost Dvec W1 at order 2 about a fifth of its time
 * (docs/dvec.md, "Speed"). */

/* internal: makes a deque that wraps contiguous in place, from buf[0] (dvec_derivs) */
void dni_dvec_rotate(dvec *v);

/* internal: the bits of *p (+0 is the only double with none set) */
static inline uint64_t dni_dvec_bits(const double *p)
{
    uint64_t bits;
    memcpy(&bits, p, sizeof bits);
    return bits;
}

/* internal: v = (c, slope, 0, ..., 0), keeping the order; starts the deque at 0 if it
 * wrapped. Only the entries that are not already +0 are rewritten (rewriting them made the
 * next operation's loads wait for the stores to reach the cache: Dvec W1 at order 8, 51 ns
 * per point against 33); up to order 4 they are tested at once (entries 2, min(3, len - 1)
 * and len - 1 are every entry of the range; a loop of one test per entry took W1 at order
 * 4 1.04x as long). c and slope are one 16-byte store, which a kernel's 16-byte load of
 * (d0, d1) can take from the store buffer (two 8-byte stores it cannot). A len above 0
 * proves storage (dvec_clear zeroes every field). */
static inline int dni_dvec_set_line(dvec *v, double c, double slope)
{
    if (!v || !v->len) return DN_EINVAL;
    unsigned len = v->len;
    if (v->head && v->head + len > v->cap) v->head = 0; /* (head 0: no wrap) */
    double *d = v->buf + v->head;
    if (len == 1) {
        d[0] = c;
        return DN_OK;
    }
#if defined(__GNUC__) || defined(__clang__)
    typedef double dni_pair __attribute__((vector_size(16)));
    dni_pair h = {c, slope};
#else
    double h[2] = {c, slope};
#endif
    memcpy(d, &h, sizeof h);
    if (len > 2) {
        unsigned mid = len < 4 ? len - 1 : 3;
        if (len > 5 ||
            (dni_dvec_bits(d + 2) | dni_dvec_bits(d + mid) | dni_dvec_bits(d + len - 1)))
            for (unsigned k = 2; k < len; k++)
                if (dni_dvec_bits(d + k)) d[k] = 0.0;
    }
    return DN_OK;
}

DNI_DVEC_DECL int dvec_set_var(dvec *v, double x)
{
    return dni_dvec_set_line(v, x, 1.0);
}

DNI_DVEC_DECL int dvec_set_const(dvec *v, double c)
{
    return dni_dvec_set_line(v, c, 0.0);
}

DNI_DVEC_DECL const double *dvec_derivs(dvec *v)
{
    /* (no test of len: dvec_clear zeroes every field, so a cleared v gives buf + 0, NULL) */
    if (!v) return NULL;
    if (v->head && v->head + v->len > v->cap) dni_dvec_rotate(v);
    return v->buf + v->head;
}

#ifdef __cplusplus
}
#endif

#endif /* DNUM_DVEC_H */
