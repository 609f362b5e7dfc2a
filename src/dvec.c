/* Dvec storage: the deque (ring buffer), its life cycle, access, and the paper's
 * operators D, F and new. Arithmetic lives in dvec_ops.c. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dvec_impl.h"

/* (the loop over points: a contiguous deque, order above 0, derivatives already +0) */
#if defined(__GNUC__) || defined(__clang__)
#define DVEC_UNLIKELY(c) __builtin_expect(!!(c), 0)
#else
#define DVEC_UNLIKELY(c) (c)
#endif

double *dni_dvec_alloc(const dn_allocator *al, unsigned count)
{
    size_t size = (size_t)count * sizeof(double);
    return al ? (double *)al->alloc(size, al->ctx) : (double *)malloc(size);
}

void dni_dvec_free(const dn_allocator *al, double *p, unsigned count)
{
    if (!p) return;
    if (al) al->free(p, (size_t)count * sizeof(double), al->ctx);
    else free(p);
}

int dni_dvec_scratch_heap(dvec_scratch *s, const dn_allocator *al, size_t nd, size_t nw)
{
    /* wide numbers first, then the doubles, from a 64-byte boundary (the allocator's
     * blocks need only be aligned for double; the kernels' arrays start on cache lines) */
    size_t a = 64, wb = (nw * sizeof(dni_wide) + a - 1) / a * a;
    size_t bytes = wb + nd * sizeof(double) + a;
    void *p = al ? al->alloc(bytes, al->ctx) : malloc(bytes);
    if (!p) return DN_ENOMEM;
    uintptr_t base = ((uintptr_t)p + (a - 1)) & ~(uintptr_t)(a - 1);
    s->heap = p;
    s->bytes = bytes;
    s->al = al;
    s->w = (dni_wide *)base;
    s->d = (double *)(base + wb);
    return DN_OK;
}

void dni_dvec_scratch_free_heap(dvec_scratch *s)
{
    if (s->al) s->al->free(s->heap, s->bytes, s->al->ctx);
    else free(s->heap);
}

const double *dni_dvec_unwrap(const dvec *a, double *tmp)
{
    unsigned first = a->cap - a->head;
    memcpy(tmp, a->buf + a->head, first * sizeof(double));
    memcpy(tmp + first, a->buf, (a->len - first) * sizeof(double));
    return tmp;
}

int dni_dvec_begin_slow(dvec_out *o, dvec *r, unsigned len)
{
    o->r = r;
    o->len = len;
    o->fresh = NULL;
    if (len <= r->cap) { /* fits, but not after head: start over at 0 */
        o->dst = r->buf;
        return DN_OK;
    }
    o->fresh = dni_dvec_alloc(r->al, len);
    if (!o->fresh) return DN_ENOMEM;
    o->dst = o->fresh;
    return DN_OK;
}

void dni_dvec_end_fresh(dvec_out *o)
{
    dvec *r = o->r;
    dni_dvec_free(r->al, r->buf, r->cap);
    r->buf = o->fresh;
    r->cap = o->len;
}

/* ---- life cycle --------------------------------------------------------------------- */

int dvec_init_alloc(dvec *v, unsigned order, const dn_allocator *al)
{
    if (!v) return DN_EINVAL;
    if (order > DN_ORDER_MAX) return DN_ERANGE;
    double *buf = dni_dvec_alloc(al, order + 1);
    if (!buf) return DN_ENOMEM;
    for (unsigned k = 0; k <= order; k++) buf[k] = 0.0;
    v->buf = buf;
    v->cap = order + 1;
    v->head = 0;
    v->len = order + 1;
    v->al = al;
    return DN_OK;
}

int dvec_init(dvec *v, unsigned order)
{
    return dvec_init_alloc(v, order, NULL);
}

void dvec_clear(dvec *v)
{
    if (!v) return;
    dni_dvec_free(v->al, v->buf, v->cap);
    v->buf = NULL;
    v->cap = v->head = v->len = 0;
}

void dvec_swap(dvec *a, dvec *b)
{
    dvec t = *a;
    *a = *b;
    *b = t;
}

/* ---- set and get -------------------------------------------------------------------- */

/* the bits of *p (+0 is the only double with none set) */
static inline uint64_t bits_at(const double *p)
{
    uint64_t bits;
    memcpy(&bits, p, sizeof bits);
    return bits;
}

/* Whether d[2..len-1] are known to be all +0, for 3 <= len <= 5 (orders 2..4) without a
 * loop: the entries 2, min(3, len - 1) and len - 1 are every entry of the range (some
 * read twice). Above, 0: the caller tests each entry (a loop of one test per entry took
 * Dvec W1 at order 4 1.04x as long). */
static inline int tail_zero(const double *d, unsigned len)
{
    if (DVEC_UNLIKELY(len > 5)) return 0;
    unsigned mid = len < 4 ? len - 1 : 3;
    return !(bits_at(d + 2) | bits_at(d + mid) | bits_at(d + len - 1));
}

/* v = (c, slope, 0, ..., 0), keeping the order; starts the deque at 0 if it wrapped.
 * Written for a loop that seeds a variable at every point: only the entries that are not
 * already +0 are rewritten (rewriting them, with memset, made the next operation's loads
 * wait for the stores to reach the cache: Dvec W1 at order 8, 51 ns per point against
 * 33; up to order 4 they are tested at once, tail_zero), and c and slope are one 16-byte
 * store, which a kernel's 16-byte load of (d0, d1) can take from the store buffer (two
 * 8-byte stores it cannot). */
static int set_line(dvec *v, double c, double slope)
{
    /* (len above 0: v has storage, dvec_clear zeroes both; see dvec_op in dvec_ops.c) */
    if (DVEC_UNLIKELY(!v || !v->len)) return DN_EINVAL;
    unsigned len = v->len;
    if (DVEC_UNLIKELY(v->head) && v->head + len > v->cap)
        v->head = 0; /* (head 0: no wrap) */
    double *d = v->buf + v->head;
    if (DVEC_UNLIKELY(len == 1)) {
        d[0] = c;
        return DN_OK;
    }
#if defined(__GNUC__) || defined(__clang__)
    typedef double pair __attribute__((vector_size(16)));
    pair h = {c, slope};
#else
    double h[2] = {c, slope};
#endif
    memcpy(d, &h, sizeof h);
    if (len > 2 && !tail_zero(d, len))
        for (unsigned k = 2; k < len; k++)
            if (DVEC_UNLIKELY(bits_at(d + k))) d[k] = 0.0;
    return DN_OK;
}

int dvec_set_var(dvec *v, double x)
{
    return set_line(v, x, 1.0);
}

int dvec_set_const(dvec *v, double c)
{
    return set_line(v, c, 0.0);
}

int dvec_set_derivs(dvec *v, const double *d, unsigned order)
{
    if (!dni_dvec_ok(v) || !d) return DN_EINVAL;
    if (order > DN_ORDER_MAX) return DN_ERANGE;
    dvec_out o;
    if (dni_dvec_begin(&o, v, order + 1)) return DN_ENOMEM;
    memmove(o.dst, d, (order + 1) * sizeof(double));
    dni_dvec_end(&o);
    return DN_OK;
}

int dvec_set(dvec *r, const dvec *a)
{
    if (!dni_dvec_ok(r) || !dni_dvec_ok(a)) return DN_EINVAL;
    if (r == a) return DN_OK;
    dvec_scratch S;
    if (dni_dvec_scratch(&S, r->al, dni_dvec_view_need(a), 0)) return DN_ENOMEM;
    int rc = dvec_set_derivs(r, dni_dvec_view(a, S.d), a->len - 1);
    dni_dvec_scratch_free(&S);
    return rc;
}

int dvec_order(const dvec *v)
{
    return dni_dvec_ok(v) ? (int)(v->len - 1) : DN_EINVAL;
}

double dvec_get(const dvec *v, unsigned k)
{
    return dni_dvec_ok(v) && k < v->len ? v->buf[dni_dvec_at(v, k)] : NAN;
}

int dvec_get_derivs(double *d, const dvec *v)
{
    if (!d || !dni_dvec_ok(v)) return DN_EINVAL;
    const double *p = dni_dvec_view(v, d); /* a wrapped deque is unwrapped into d */
    if (p != d) memcpy(d, p, v->len * sizeof(double));
    return DN_OK;
}

/* reverses p[0..m-1] */
static void reverse(double *p, unsigned m)
{
    for (unsigned i = 0, j = m; i + 1 < j; i++, j--) {
        double t = p[i];
        p[i] = p[j - 1];
        p[j - 1] = t;
    }
}

const double *dvec_derivs(dvec *v)
{
    /* (no test of len: dvec_clear zeroes every field, so a cleared v gives buf + 0, NULL) */
    if (DVEC_UNLIKELY(!v)) return NULL;
    if (DVEC_UNLIKELY(v->head) && v->head + v->len > v->cap) {
        /* wraps: rotate left by head */
        reverse(v->buf, v->head);
        reverse(v->buf + v->head, v->cap - v->head);
        reverse(v->buf, v->cap);
        v->head = 0;
    }
    return v->buf + v->head;
}

/* ---- the paper's operators -------------------------------------------------------------- */

/* r = a[from .. from + len - 1]; in place it only moves the ends of the deque. */
static int dvec_slice(dvec *r, const dvec *a, unsigned from, unsigned len)
{
    if (r == a) {
        r->head = dni_dvec_at(r, from);
        r->len = len;
        return DN_OK;
    }
    dvec_scratch S;
    if (dni_dvec_scratch(&S, r->al, dni_dvec_view_need(a), 0)) return DN_ENOMEM;
    int rc = dvec_set_derivs(r, dni_dvec_view(a, S.d) + from, len - 1);
    dni_dvec_scratch_free(&S);
    return rc;
}

int dvec_D(dvec *r, const dvec *a)
{
    if (!dni_dvec_ok(r) || !dni_dvec_ok(a)) return DN_EINVAL;
    if (a->len < 2) return DN_EORDER;
    return dvec_slice(r, a, 1, a->len - 1);
}

int dvec_F(dvec *r, const dvec *a)
{
    if (!dni_dvec_ok(r) || !dni_dvec_ok(a)) return DN_EINVAL;
    if (a->len < 2) return DN_EORDER;
    return dvec_slice(r, a, 0, a->len - 1);
}

int dvec_new(dvec *r, double head, const dvec *tail)
{
    if (!dni_dvec_ok(r) || !dni_dvec_ok(tail)) return DN_EINVAL;
    if (tail->len > DN_ORDER_MAX) return DN_ERANGE;
    unsigned len = tail->len + 1;
    if (r == tail && r->len < r->cap) { /* room in the ring: push in front */
        r->head = r->head ? r->head - 1 : r->cap - 1;
        r->buf[r->head] = head;
        r->len = len;
        return DN_OK;
    }
    if (r == tail) { /* full: move to a ring twice the size, with room in front */
        unsigned cap = 2 * r->cap;
        double *buf = dni_dvec_alloc(r->al, cap);
        if (!buf) return DN_ENOMEM;
        unsigned at = cap - len; /* the new contents end at the end of buf */
        buf[at] = head;
        for (unsigned k = 0; k < r->len; k++) buf[at + 1 + k] = r->buf[dni_dvec_at(r, k)];
        dni_dvec_free(r->al, r->buf, r->cap);
        r->buf = buf;
        r->cap = cap;
        r->head = at;
        r->len = len;
        return DN_OK;
    }
    dvec_scratch S;
    if (dni_dvec_scratch(&S, r->al, dni_dvec_view_need(tail), 0)) return DN_ENOMEM;
    const double *pt = dni_dvec_view(tail, S.d);
    dvec_out o;
    int rc = dni_dvec_begin(&o, r, len);
    if (!rc) {
        o.dst[0] = head;
        memcpy(o.dst + 1, pt, tail->len * sizeof(double));
        dni_dvec_end(&o);
    }
    dni_dvec_scratch_free(&S);
    return rc ? DN_ENOMEM : DN_OK;
}
