/* The bounded families (dnum/bounded.h): the raw layer dni_bnd_f, one operation with its
 * error bound on arrays (the analysis of dn_expr_eval_err for one instruction,
 * dni_bound_op in src/expr_err.c), and dvece, its run-time-order front end. dnume_oN is
 * header-only over the raw layer. */
#include <stdlib.h>
#include <string.h>
#include "dnum/bounded.h"
#include "expr_impl.h"

/* ---- the raw layer ----------------------------------------------------------------- */

/* the words of the workspace of an operation at order n (<= DN_ORDER_MAX): the result
 * and its bounds (2 (n + 1)), then the analysis's scratch */
static size_t bnd_words(unsigned n)
{
    return 2 * ((size_t)n + 1) + dni_bound_work_size(n);
}

/* op(a, b; c) at order n with bounds into w[0 .. n] and w[n + 1 .. 2 n + 1] (w of
 * bnd_words(n) words; the arguments may be anywhere, the result is written only there) */
static void bnd_into(unsigned op, unsigned n, double *w, const double *a, const double *ea,
                     const double *b, const double *eb, double c)
{
    size_t len = (size_t)n + 1;
    dni_bound_op(op, c, n, w, w + len, a, ea, b, eb, w + 2 * len);
}

static double *bnd_alloc(const dn_allocator *al, size_t bytes)
{
    return al ? al->alloc(bytes, al->ctx) : malloc(bytes);
}

static void bnd_free(const dn_allocator *al, double *p, size_t bytes)
{
    if (!p) return;
    if (al) al->free(p, bytes, al->ctx);
    else free(p);
}

/* r, er = op(a, b; c) at order n with bounds, through a workspace from al (NULL: malloc) */
static int bnd(unsigned op, unsigned n, double *r, double *er, const double *a,
               const double *ea, const double *b, const double *eb, double c,
               const dn_allocator *al)
{
    if (n > DN_ORDER_MAX) return DN_ERANGE;
    size_t len = (size_t)n + 1, bytes = bnd_words(n) * sizeof(double);
    double *w = bnd_alloc(al, bytes);
    if (!w) return DN_ENOMEM;
    bnd_into(op, n, w, a, ea, b, eb, c);
    memcpy(r, w, len * sizeof *r); /* (r and er may alias the arguments) */
    memcpy(er, w + len, len * sizeof *er);
    bnd_free(al, w, bytes);
    return DN_OK;
}

/* the rows of the operation table and the arithmetic with their operations: one
 * argument (b: a), two, an integer or a constant operand (c) */
#define RAW(f, OP, cexpr)                                                                  \
    int dni_bnd_##f(unsigned n, double *r, double *er, const double *a, const double *ea,  \
                    const double *b, const double *eb, double c)                           \
    {                                                                                      \
        return bnd(DN_OP_##OP, n, r, er, a, ea, b, eb, cexpr, NULL);                       \
    }
#define RAW_ROW(A, f, OP, ...) RAW(f, OP, c)
DNI_API_UN(RAW_ROW, ~)
DNI_API_BIN(RAW_ROW, ~)
DNI_API_INT(RAW_ROW, ~)
/* the operations with a constant operand c: X(name, operation, its constant) */
#define WITH_C(X)                                                                          \
    X(add_d, ADD_D, c)                                                                     \
    X(sub_d, ADD_D, -c) X(mul_d, MUL_D, c) X(div_d, DIV_D, c) X(pow_d, POW_D, c)
WITH_C(RAW)
RAW(d_sub, D_SUB, c)
RAW(d_div, D_DIV, c)
RAW(pown, POWN, c)

/* ---- dvece ------------------------------------------------------------------------- */

/* Room in v for len entries of each half (v's contents then undefined). */
static int dv_room(dvece *v, unsigned len)
{
    if (v->cap >= len) return DN_OK;
    double *p = bnd_alloc(v->al, 2 * (size_t)len * sizeof *p);
    if (!p) return DN_ENOMEM;
    bnd_free(v->al, v->buf, 2 * (size_t)v->cap * sizeof *p);
    v->buf = p;
    v->cap = len;
    return DN_OK;
}

static int dv_ok(const dvece *v)
{
    return v && v->len;
}

int dvece_init_alloc(dvece *v, unsigned order, const dn_allocator *al)
{
    if (!v) return DN_EINVAL;
    if (order > DN_ORDER_MAX) return DN_ERANGE;
    dvece t = {NULL, 0, 0, al};
    if (dv_room(&t, order + 1)) return DN_ENOMEM;
    t.len = order + 1;
    *v = t;
    return dvece_set_const(v, 0.0);
}

int dvece_init(dvece *v, unsigned order)
{
    return dvece_init_alloc(v, order, NULL);
}

void dvece_clear(dvece *v)
{
    if (!v || !v->buf) return;
    bnd_free(v->al, v->buf, 2 * (size_t)v->cap * sizeof *v->buf);
    v->buf = NULL;
    v->cap = v->len = 0;
}

int dvece_set_const(dvece *v, double c)
{
    if (!dv_ok(v)) return DN_EINVAL;
    for (unsigned k = 0; k < v->len; k++) v->buf[k] = v->buf[v->cap + k] = 0.0;
    v->buf[0] = c;
    return DN_OK;
}

int dvece_set_var(dvece *v, double x)
{
    int rc = dvece_set_const(v, x);
    if (rc == DN_OK && v->len > 1) v->buf[1] = 1.0;
    return rc;
}

int dvece_set_derivs(dvece *v, const double *d, const double *e, unsigned order)
{
    if (!dv_ok(v) || !d) return DN_EINVAL;
    if (order > DN_ORDER_MAX) return DN_ERANGE;
    if (dv_room(v, order + 1)) return DN_ENOMEM;
    v->len = order + 1;
    for (unsigned k = 0; k <= order; k++)
        v->buf[k] = d[k], v->buf[v->cap + k] = e ? e[k] : 0.0;
    return DN_OK;
}

int dvece_set_dvec(dvece *v, const dvec *a)
{
    int order = dvec_order(a);
    if (order < 0 || !dv_ok(v)) return DN_EINVAL;
    if (dv_room(v, (unsigned)order + 1)) return DN_ENOMEM;
    dvec_get_derivs(v->buf, a);
    v->len = (unsigned)order + 1;
    for (unsigned k = 0; k < v->len; k++) v->buf[v->cap + k] = 0.0;
    return DN_OK;
}

int dvece_order(const dvece *v)
{
    return dv_ok(v) ? (int)v->len - 1 : DN_EINVAL;
}

double dvece_get(const dvece *v, unsigned k)
{
    return dv_ok(v) && k < v->len ? v->buf[k] : NAN;
}

double dvece_err(const dvece *v, unsigned k)
{
    return dv_ok(v) && k < v->len ? v->buf[v->cap + k] : NAN;
}

int dvece_get_derivs(double *d, double *e, const dvece *v)
{
    if (!dv_ok(v)) return DN_EINVAL;
    if (d) memcpy(d, v->buf, v->len * sizeof *d);
    if (e) memcpy(e, v->buf + v->cap, v->len * sizeof *e);
    return DN_OK;
}

int dvece_to_dvec(dvec *r, const dvece *a)
{
    if (!dv_ok(a)) return DN_EINVAL;
    return dvec_set_derivs(r, a->buf, a->len - 1);
}

/* r = op(a, b; c): the result in a workspace first (one allocation, the analysis's
 * scratch with it), so that r is untouched on failure */
static int dv_op(unsigned op, dvece *r, const dvece *a, const dvece *b, double c)
{
    if (!r || !dv_ok(a) || !dv_ok(b)) return DN_EINVAL;
    if (a->len != b->len) return DN_EORDER;
    unsigned n = a->len - 1;
    size_t len = (size_t)n + 1, bytes = bnd_words(n) * sizeof(double);
    double *t = bnd_alloc(r->al, bytes);
    if (!t) return DN_ENOMEM;
    bnd_into(op, n, t, a->buf, a->buf + a->cap, b->buf, b->buf + b->cap, c);
    int rc = dv_room(r, (unsigned)len);
    if (rc == DN_OK) {
        r->len = (unsigned)len;
        memcpy(r->buf, t, len * sizeof *t);
        memcpy(r->buf + r->cap, t + len, len * sizeof *t);
    }
    bnd_free(r->al, t, bytes);
    return rc;
}

#define DV_UN(A, f, OP, ...)                                                               \
    int dvece_##f(dvece *r, const dvece *u)                                                \
    {                                                                                      \
        return dv_op(DN_OP_##OP, r, u, u, 0.0);                                            \
    }
#define DV_BIN(A, f, OP, ...)                                                              \
    int dvece_##f(dvece *r, const dvece *a, const dvece *b)                                \
    {                                                                                      \
        return dv_op(DN_OP_##OP, r, a, b, 0.0);                                            \
    }
#define DV_INT(A, f, OP, ...)                                                              \
    int dvece_##f(dvece *r, int m, const dvece *u)                                         \
    {                                                                                      \
        return dv_op(DN_OP_##OP, r, u, u, m);                                              \
    }
#define DV_C(f, OP, cexpr)                                                                 \
    int dvece_##f(dvece *r, const dvece *a, double c)                                      \
    {                                                                                      \
        return dv_op(DN_OP_##OP, r, a, a, cexpr);                                          \
    }
DNI_API_UN(DV_UN, ~)
DNI_API_BIN(DV_BIN, ~)
DNI_API_INT(DV_INT, ~)
WITH_C(DV_C)

int dvece_d_sub(dvece *r, double c, const dvece *a)
{
    return dv_op(DN_OP_D_SUB, r, a, a, c);
}
int dvece_d_div(dvece *r, double c, const dvece *a)
{
    return dv_op(DN_OP_D_DIV, r, a, a, c);
}
int dvece_pown(dvece *r, const dvece *u, long m)
{
    return dv_op(DN_OP_POWN, r, u, u, (double)m);
}
