/* Dvec storage: the deque (ring buffer), its life cycle, access, and the paper's
 * operators D, F and new. Arithmetic lives in dvec_ops.c. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#define DNI_DVEC_DECL /* the linkable copies of dvec.h's inline functions */
#include "dvec_impl.h"

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

void dni_dvec_rotate(dvec *v)
{
    /* rotate left by head */
    reverse(v->buf, v->head);
    reverse(v->buf + v->head, v->cap - v->head);
    reverse(v->buf, v->cap);
    v->head = 0;
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
