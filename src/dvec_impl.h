/* Internal to the Dvec family: storage of the deque and the output protocol shared by
 * src/dvec.c (life cycle and the D/F/new operators) and src/dvec_ops.c (arithmetic). */
#ifndef DNUM_DVEC_IMPL_H
#define DNUM_DVEC_IMPL_H

#include "dnum/dvec.h"
#include "dnum/internal/kernel_wide.h"
#include "dnum/internal/ops.h"

/* Internal functions shared between the Dvec sources: not exported from the library. */
/* (PE/COFF has no symbol visibility: the attribute would be ignored with a warning) */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && !defined(__CYGWIN__)
#define DNI_INTERNAL __attribute__((visibility("hidden")))
#else
#define DNI_INTERNAL
#endif

/* A usable dvec: not NULL and initialised. */
static inline int dni_dvec_ok(const dvec *a)
{
    return a && a->buf && a->len;
}

/* Index in buf of derivative k (k < len). */
static inline unsigned dni_dvec_at(const dvec *a, unsigned k)
{
    unsigned i = a->head + k;
    return i >= a->cap ? i - a->cap : i;
}

/* The derivatives of a as one contiguous array: a pointer into a's buffer when the
 * deque does not wrap, else a copy in tmp (a->len doubles). */
DNI_INTERNAL const double *dni_dvec_unwrap(const dvec *a, double *tmp);
static inline const double *dni_dvec_view(const dvec *a, double *tmp)
{
    return a->head + a->len <= a->cap ? a->buf + a->head : dni_dvec_unwrap(a, tmp);
}

/* Allocation through a's allocator (NULL: malloc/free). */
DNI_INTERNAL double *dni_dvec_alloc(const dn_allocator *al, unsigned count);
DNI_INTERNAL void dni_dvec_free(const dn_allocator *al, double *p, unsigned count);

/* Scratch of the kernels (kernel.h) and of the operands' contiguous views: nd doubles at
 * d and nw wide numbers at w, from the buffers inside the struct when they fit (orders up
 * to about DVEC_CONST_MAX), else one block from the allocator al. dni_dvec_scratch returns
 * DN_ENOMEM when that block cannot be had (nothing else happened); every successful call is
 * paired with dni_dvec_scratch_free. */
#define DVEC_SMALL_D 512
#define DVEC_SMALL_W 64
typedef struct dvec_scratch {
    double *d;
    dni_wide *w;
    void *heap; /* the allocator's block, or NULL */
    size_t bytes;
    const dn_allocator *al;
    dni_wide sw[DVEC_SMALL_W];
    double sd[DVEC_SMALL_D];
} dvec_scratch;

DNI_INTERNAL int dni_dvec_scratch_heap(dvec_scratch *s, const dn_allocator *al, size_t nd,
                                       size_t nw);
DNI_INTERNAL void dni_dvec_scratch_free_heap(dvec_scratch *s);

static inline int dni_dvec_scratch(dvec_scratch *s, const dn_allocator *al, size_t nd,
                                   size_t nw)
{
    if (nd > DVEC_SMALL_D || nw > DVEC_SMALL_W) return dni_dvec_scratch_heap(s, al, nd, nw);
    s->heap = NULL;
    s->d = s->sd;
    s->w = s->sw;
    return DN_OK;
}

static inline void dni_dvec_scratch_free(dvec_scratch *s)
{
    if (s->heap) dni_dvec_scratch_free_heap(s);
}

/* doubles of scratch for a's view: len when a's deque wraps, else 0 */
static inline size_t dni_dvec_view_need(const dvec *a)
{
    return a->head + a->len <= a->cap ? 0 : a->len;
}

/* The output protocol. dni_dvec_begin(o, r, len) prepares o->dst, len doubles where the
 * result is written, without changing anything visible in r before dni_dvec_end:
 *  - in r's own storage at r->head when it fits there contiguously (also when r is an
 *    input read through a direct view: then the kernel aliasing is exact);
 *  - at r->buf[0] when r is big enough but the region would wrap (r's view, if it was
 *    an input, is then a copy);
 *  - in a fresh buffer otherwise (DN_ENOMEM if that fails: r untouched).
 * Call it after taking the views of every input. dni_dvec_end commits: the fresh buffer
 * replaces r's, and r becomes (dst, len). Nothing can fail between the two. */
typedef struct dvec_out {
    dvec *r;
    double *dst;
    double *fresh;
    unsigned len;
} dvec_out;

DNI_INTERNAL int dni_dvec_begin_slow(dvec_out *o, dvec *r, unsigned len);
DNI_INTERNAL void dni_dvec_end_fresh(dvec_out *o);

static inline int dni_dvec_begin(dvec_out *o, dvec *r, unsigned len)
{
    if (r->head + len > r->cap) return dni_dvec_begin_slow(o, r, len);
    o->r = r;
    o->len = len;
    o->fresh = NULL;
    o->dst = r->buf + r->head;
    return DN_OK;
}

static inline void dni_dvec_end(dvec_out *o)
{
    if (o->fresh) dni_dvec_end_fresh(o);
    o->r->head = (unsigned)(o->dst - o->r->buf);
    o->r->len = o->len;
}

/* Kernels instantiated for constant orders (src/dvec_kernels.c): pown and the pairs at
 * every order 0..DVEC_CONST_MAX, the others at 0 and 9..DVEC_CONST_MAX (at 1..8 Dvec
 * runs the expression engine's order-specialised operations, expr_impl.h; the other
 * fields are NULL there). Unrolled like the fixed family, where the rolled loops of a
 * run-time order spend most of their time on loop control; gcc 12's growth limits leave
 * some of them (exp, sin, cos, sqrt, pow, the pairs, ...) as one out-of-line copy with
 * a run-time order, its loops unrolled by the pragma. Same arithmetic, so the same
 * results. */
#define DVEC_CONST_MAX 16
/* the fields: the elementary rows of the operation table (abs, of shape DNI_NOWS, has
 * none), mul and div, the pairs */
#define DNI_K1_FIELD(A, f, OP, shape, ...) DNI_K1_FIELD_##shape(f)
#define DNI_K1_FIELD_DNI_NOWS(f)
#define DNI_K1_FIELD_DNI_WS(f) void (*f)(double *r, const double *u);
#define DNI_K1_FIELD_DNI_WSW(f) void (*f)(double *r, const double *u);
#define DNI_K2_FIELD(f) void (*f)(double *r, const double *a, const double *b);
#define DNI_K2_FIELD_ROW(A, f, ...) DNI_K2_FIELD(f)
#define DNI_KP_FIELD(f) void (*f)(double *s, double *c, const double *u);
typedef struct dvec_ktab {
    DNI_OPS_ELEM1(DNI_K1_FIELD, ~)
    DNI_K2_FIELD(mul) DNI_K2_FIELD(div) DNI_OPS_ELEM2(DNI_K2_FIELD_ROW, ~)
    DNI_KP_FIELD(sincos)
    DNI_KP_FIELD(sinhcosh)
    void (*d_div)(double *r, double c, const double *u);
    void (*pow_d)(double *r, const double *u, double p);
    void (*pown)(double *r, const double *u, long m);
} dvec_ktab;
DNI_INTERNAL extern const dvec_ktab dni_dvec_k[DVEC_CONST_MAX + 1];

#endif
