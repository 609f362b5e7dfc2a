/* One-pass order-2 numbers (dnum/sparse2.h): the workspace, the slow paths of the
 * operations (accumulators, sparse-mode triangles) and the dn_*_sp drivers of
 * dnum/hessian.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/hessian.h"
#include "err_impl.h"

/* The list paths work on lst, a dsp2 without its inline entries (56 bytes instead of
 * 120); dsp2 numbers are converted at the entry points called by the header (to_lst
 * writes inline entries to the arena). */
typedef struct lst {
    double v, d, c;
    dsp2_work *w;
    /* (64-bit: a struct copy moves 8 bytes at a time, and a 32-bit field just stored,
     * read back as half of such a move, would stall on store forwarding) */
    uint64_t off, len, st;
    double q; /* an accumulator view's second coefficient (_DSP2_VIEW); 0 otherwise */
} lst;

/* the slot of an accumulator handle's len */
#define SLOT(len) ((len) & ~(_DSP2_ACC | _DSP2_VIEW))

/* The list paths are inlined into chain_list, chain2_list and the entry points, so that
 * a number is not copied through memory right after it was stored field by field (the
 * copy would stall on store forwarding). */
#define INL static inline __attribute__((always_inline))

/* the second-order entry of an accumulator read through view coefficients c, q, from its
 * entries g, h (diagonal mode: c h + q g^2; H v mode: c h + q g) */
INL double view_h(double c, double q, double g, double h, int hv)
{
    return c * h + q * (hv ? 1.0 : g) * g;
}

INL lst chain_x(lst u, double f0, double f1, double f2);
INL lst chain2_x(lst a, lst b, double f0, const double p[5], int sum);
INL lst addsub_x(lst a, lst b, double c);
static lst chain_list_p(const lst *u, double f0, double f1, double f2);
static lst chain2_list_p(const lst *a, const lst *b, double f0, double fa, double fb, double faa,
                         double fab, double fbb, int sum, int kind);

/* the same by value (the callee reads its operands from a fresh copy, field by field) */
INL lst chain_list(lst u, double f0, double f1, double f2)
{
    lst t = u;
    return chain_list_p(&t, f0, f1, f2);
}
INL lst chain2_list(lst a, lst b, double f0, double fa, double fb, double faa, double fab,
                    double fbb, int sum, int kind)
{
    lst ta = a, tb = b;
    return chain2_list_p(&ta, &tb, f0, fa, fb, faa, fab, fbb, sum, kind);
}

/* ---- allocation through the workspace's allocator ------------------------------------- */

static void *w_alloc(const dn_allocator *al, size_t size)
{
    if (size == 0) size = 1;
    return al ? al->alloc(size, al->ctx) : malloc(size);
}

static void w_free(const dn_allocator *al, void *p, size_t size)
{
    if (p == NULL) return;
    if (size == 0) size = 1;
    if (al) al->free(p, size, al->ctx);
    else free(p);
}

/* n elements of size elem, or NULL on overflow / failure */
static void *w_array(const dn_allocator *al, size_t n, size_t elem)
{
    if (n > SIZE_MAX / elem) return NULL;
    return w_alloc(al, n * elem);
}

/* ---- arena ------------------------------------------------------------------------------ */

static int _dsp2_grow(dsp2_work *w, size_t need)
{
    size_t cap = w->cap ? 2 * w->cap : 4096;
    if (cap < w->top + need) cap = w->top + need;
    if (w->top + need > UINT32_MAX) { /* offsets are 32-bit */
        w->fail |= _DSP2_NOMEM;
        return 1;
    }
    if (cap > UINT32_MAX) cap = UINT32_MAX;
    uint32_t *idx = w_array(w->al, cap, sizeof *idx);
    double *g = w_array(w->al, cap, sizeof *g), *h = w_array(w->al, cap, sizeof *h);
    unsigned char *sf = w_alloc(w->al, cap);
    if (!idx || !g || !h || !sf) {
        w_free(w->al, sf, cap);
        w_free(w->al, idx, cap * sizeof *idx);
        w_free(w->al, g, cap * sizeof *g);
        w_free(w->al, h, cap * sizeof *h);
        w->fail |= _DSP2_NOMEM;
        return 1;
    }
    if (w->top) {
        memcpy(idx, w->idx, w->top * sizeof *idx);
        memcpy(g, w->g, w->top * sizeof *g);
        memcpy(h, w->h, w->top * sizeof *h);
        memcpy(sf, w->sf, w->top);
    }
    w_free(w->al, w->sf, w->cap);
    w_free(w->al, w->idx, w->cap * sizeof *idx);
    w_free(w->al, w->g, w->cap * sizeof *g);
    w_free(w->al, w->h, w->cap * sizeof *h);
    w->idx = idx, w->g = g, w->h = h, w->sf = sf, w->cap = cap;
    return 0;
}

/* ---- recycling and staleness -------------------------------------------------------------- */

/* Releases the arena above mark (storage of lists that will not be read again) and starts
 * a new epoch (the general case of _dsp2_recycle). The history keeps, for the epochs from
 * rec_ep[k] on, the lowest mark rec_mark[k] (ascending in k); when full, its last two
 * entries merge into the later epoch with the lower mark, which can only make a list look
 * stale (then the safe pass runs). */
void _dsp2_recycle_x(dsp2_work *w, size_t mark)
{
    w->top = mark;
    uint32_t e = ++w->epoch;
    unsigned k = w->nrec;
    while (k && w->rec_mark[k - 1] >= mark) k--;
    if (k == _DSP2_NREC) {
        w->rec_ep[k - 2] = w->rec_ep[k - 1];
        k--;
    }
    w->rec_ep[k] = e;
    w->rec_mark[k] = mark;
    w->nrec = k + 1;
    w->lowmark = w->rec_mark[0];
}

/* the slow half of stale: a list (made in epoch st < epoch, above the lowest mark) is
 * stale when a recycle after its epoch had a mark at or below its first entry */
static int stale_hist(dsp2_work *w, uint32_t st, uint32_t off)
{
    for (unsigned k = 0; k < w->nrec; k++)
        if (w->rec_ep[k] > st) {
            if (off < w->rec_mark[k]) return 0;
            break;
        }
    w->fail |= _DSP2_STALE;
    return 1;
}

/* 1 (and the flag set) when the list a may no longer be read: some recycle since it was
 * made released storage at or below its first entry. Inline: made in the current epoch
 * (no recycle since), or below every recycle mark of the pass (the variables, values
 * computed before a sum started); otherwise the history decides (stale_hist). */
INL int stale(dsp2_work *w, lst a)
{
    return a.len && a.st != w->epoch && a.off >= w->lowmark && stale_hist(w, a.st, a.off);
}

/* room for m entries at the top (sets the failure flag and returns 1 when impossible) */
static int reserve(dsp2_work *w, size_t m)
{
    return w->top + m > w->cap && _dsp2_grow(w, m);
}

static size_t tri(size_t s) { return s * (s + 1) / 2; }

/* a number with a list (or an accumulator handle) */
INL lst list_num(double v, double d, dsp2_work *w, size_t off, size_t len, uint32_t st)
{
    lst r = {v, d, 1.0, w, (uint32_t)off, (uint32_t)len, st, 0.0};
    return r;
}

/* a passive constant */
INL lst lst_const(double v) { return list_num(v, 0.0, NULL, 0, 0, 0); }

/* an inline number as a list at the arena top (diagonal and H v mode only) */
INL lst mat_inline(const dsp2 *a)
{
    dsp2_work *w = a->w;
    uint32_t s = a->off;
    if (reserve(w, s ? s : 1)) return lst_const(a->v);
    size_t r = w->top;
    for (uint32_t k = 0; k < s; k++) {
        w->idx[r + k] = a->e[k].i, w->g[r + k] = a->e[k].g, w->h[r + k] = a->e[k].h;
        w->sf[r + k] = 1;
    }
    w->top = r + s;
    return list_num(a->v, a->d, w, r, s, w->epoch);
}

/* ---- accumulators ----------------------------------------------------------------------- */

static void acc_free(dsp2_work *w, _dsp2_acc *A, size_t n)
{
    w_free(w->al, A->g, n * sizeof *A->g);
    w_free(w->al, A->h, n * sizeof *A->h);
    w_free(w->al, A->in, n);
    w_free(w->al, A->list, n * sizeof *A->list);
    w_free(w->al, A->ti, A->tcap * sizeof *A->ti);
    w_free(w->al, A->tj, A->tcap * sizeof *A->tj);
    w_free(w->al, A->tv, A->tcap * sizeof *A->tv);
    uint32_t ver = A->ver;
    memset(A, 0, sizeof *A);
    A->ver = ver + 1;
    A->sorted = 1;
}

/* dense arrays of slot A for the current size (allocated once, kept zero) */
static int acc_ready(dsp2_work *w, _dsp2_acc *A)
{
    if (A->g) return 0;
    size_t n = w->sized;
    A->g = w_array(w->al, n, sizeof *A->g);
    A->h = w_array(w->al, n, sizeof *A->h);
    A->in = w_alloc(w->al, n);
    A->list = w_array(w->al, n, sizeof *A->list);
    if (!A->g || !A->h || !A->in || !A->list) {
        acc_free(w, A, n);
        w->fail |= _DSP2_NOMEM;
        return 1;
    }
    memset(A->g, 0, n * sizeof *A->g);
    memset(A->h, 0, n * sizeof *A->h);
    memset(A->in, 0, n);
    A->cnt = 0;
    A->sorted = 1;
    return 0;
}

/* empties A (O(touched)); every handle to it becomes stale */
static void acc_clean(_dsp2_acc *A)
{
    for (size_t k = 0; k < A->cnt; k++) {
        uint32_t i = A->list[k];
        A->g[i] = A->h[i] = 0.0;
        A->in[i] = 0;
    }
    A->cnt = 0;
    A->tcnt = 0;
    A->sorted = 1;
    A->ver++;
}

/* room for m more triplets in accumulator A (0, or 1 with the failure flag set) */
int _dsp2_trip_reserve(dsp2_work *w, _dsp2_acc *A, size_t m)
{
    if (A->tcnt + m <= A->tcap) return 0;
    size_t cap = 2 * A->tcap + m + 1024;
    uint32_t *ti = w_array(w->al, cap, sizeof *ti), *tj = w_array(w->al, cap, sizeof *tj);
    double *tv = w_array(w->al, cap, sizeof *tv);
    if (!ti || !tj || !tv) {
        w_free(w->al, ti, cap * sizeof *ti);
        w_free(w->al, tj, cap * sizeof *tj);
        w_free(w->al, tv, cap * sizeof *tv);
        w->fail |= _DSP2_NOMEM;
        return 1;
    }
    if (A->tcnt) {
        memcpy(ti, A->ti, A->tcnt * sizeof *ti);
        memcpy(tj, A->tj, A->tcnt * sizeof *tj);
        memcpy(tv, A->tv, A->tcnt * sizeof *tv);
    }
    w_free(w->al, A->ti, A->tcap * sizeof *ti);
    w_free(w->al, A->tj, A->tcap * sizeof *tj);
    w_free(w->al, A->tv, A->tcap * sizeof *tv);
    A->ti = ti, A->tj = tj, A->tv = tv, A->tcap = cap;
    return 0;
}

/* A += c * t for a list t */
INL void acc_list(dsp2_work *w, _dsp2_acc *A, lst t, double c)
{
    if (!t.w || !t.len || stale(w, t)) return;
    size_t o = t.off, s = t.len;
    c *= t.c;
    if (w->mode == _DSP2_SPARSE) {
        if (_dsp2_trip_reserve(w, A, tri(s))) return;
        for (size_t p = 0; p < s; p++) {
            uint32_t i = w->idx[o + p];
            _dsp2_touch(A, i);
            A->g[i] += c * w->g[o + p];
            for (size_t q = 0; q <= p; q++) {
                if (!w->sf[o + tri(p) + q]) continue; /* not structural */
                size_t k = A->tcnt++;
                A->ti[k] = i;
                A->tj[k] = w->idx[o + q];
                A->tv[k] = c * w->h[o + tri(p) + q];
            }
        }
        return;
    }
    for (size_t p = 0; p < s; p++) {
        uint32_t i = w->idx[o + p];
        _dsp2_touch(A, i);
        A->g[i] += c * w->g[o + p];
        A->h[i] += c * w->h[o + p];
    }
}

/* A += c * b for another accumulator B, read through b's view coefficients (b.c, b.q);
 * B is emptied on the way (the caller releases it right after) */
static void acc_acc(dsp2_work *w, _dsp2_acc *A, _dsp2_acc *B, lst b, double c)
{
    double cg = c * b.c, q = c * b.q;
    int hv = w->mode == _DSP2_HV;
    for (size_t k = 0; k < B->cnt; k++) {
        uint32_t i = B->list[k];
        double g = B->g[i], h = B->h[i];
        _dsp2_touch(A, i);
        A->g[i] += cg * g;
        A->h[i] += view_h(cg, q, g, h, hv);
        B->g[i] = B->h[i] = 0.0, B->in[i] = 0;
    }
    B->cnt = 0;
    if (w->mode == _DSP2_SPARSE && B->tcnt && !_dsp2_trip_reserve(w, A, B->tcnt)) {
        for (size_t k = 0; k < B->tcnt; k++) {
            A->ti[A->tcnt] = B->ti[k];
            A->tj[A->tcnt] = B->tj[k];
            A->tv[A->tcnt++] = c * B->tv[k];
        }
    }
}

static void acc_scale(_dsp2_acc *A, double c)
{
    for (size_t k = 0; k < A->cnt; k++) {
        uint32_t i = A->list[k];
        A->g[i] *= c;
        A->h[i] *= c;
    }
    for (size_t k = 0; k < A->tcnt; k++) A->tv[k] *= c;
}

/* releases the storage made since accumulator k was created: the arena above its mark
 * and every accumulator made after it */
static void release(dsp2_work *w, unsigned k)
{
    _dsp2_recycle(w, w->acc[k].amark);
    while (w->nacc > k + 1) acc_clean(&w->acc[--w->nacc]);
}

/* the slot of an accumulator handle, or -1 (and the stale flag) when it is outdated */
INL int acc_slot(dsp2_work *w, lst a)
{
    unsigned k = SLOT(a.len);
    if (k < w->nacc && w->acc[k].ver == a.off) return (int)k;
    w->fail |= _DSP2_STALE;
    return -1;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* an accumulator as an ordinary list at the arena top (for an operation other than a sum);
 * a list is returned unchanged */
INL lst materialize(lst a)
{
    if (!a.w || !(a.len & _DSP2_ACC)) return a;
    dsp2_work *w = a.w;
    int k = acc_slot(w, a);
    if (k < 0) return lst_const(a.v);
    _dsp2_acc *A = &w->acc[k];
    if (!A->sorted) {
        qsort(A->list, A->cnt, sizeof *A->list, cmp_u32);
        A->sorted = 1;
    }
    size_t s = A->cnt, m = w->mode == _DSP2_SPARSE ? tri(s) : s;
    if (s == 0) m = 1;
    if (reserve(w, m)) return lst_const(a.v);
    size_t r = w->top;
    double c = a.c, q = a.q;
    int hv = w->mode == _DSP2_HV;
    for (size_t p = 0; p < s; p++) {
        uint32_t i = A->list[p];
        double g = A->g[i];
        w->idx[r + p] = i;
        w->g[r + p] = c * g;
        w->h[r + p] = view_h(c, q, g, A->h[i], hv);
        w->pos[i] = (uint32_t)p;
    }
    if (w->mode == _DSP2_SPARSE) { /* the triangle of the triplets, structural there */
        memset(w->sf + r, 0, m);
        for (size_t p = 0; p < m; p++) w->h[r + p] = 0.0;
        for (size_t t = 0; t < A->tcnt; t++) {
            size_t p = w->pos[A->ti[t]], q = w->pos[A->tj[t]];
            w->h[r + tri(p) + q] += A->tv[t];
            w->sf[r + tri(p) + q] = 1;
        }
    }
    w->top = r + m;
    if (s == 0) { /* active but without entries: an empty list */
        w->idx[r] = 0, w->g[r] = w->h[r] = 0.0;
    }
    a.off = (uint32_t)r;
    a.len = (uint32_t)s;
    a.st = w->epoch;
    a.c = 1.0;
    return a;
}

/* a list with scale 1 (a scaled list is copied with its scale applied) */
INL lst plain(lst a)
{
    if (!a.w || (a.len & _DSP2_ACC) || a.c == 1.0) return a;
    dsp2_work *w = a.w;
    size_t s = a.len, m = w->mode == _DSP2_SPARSE ? tri(s) : s;
    if (m == 0) m = 1;
    if (reserve(w, m)) return lst_const(a.v);
    size_t r = w->top, o = a.off;
    for (size_t k = 0; k < s; k++) w->idx[r + k] = w->idx[o + k], w->g[r + k] = a.c * w->g[o + k];
    for (size_t k = 0; k < m; k++) {
        w->h[r + k] = a.c * w->h[o + k];
        w->sf[r + k] = w->sf[o + k];
    }
    w->top = r + m;
    a.off = (uint32_t)r;
    a.st = w->epoch;
    a.c = 1.0;
    return a;
}

/* ---- the list halves of the inline operations (dnum/sparse2.h) ----------------------- */

/* f(u) for a list, an accumulator or a passive u */
static lst chain_list_p(const lst *up, double f0, double f1, double f2)
{
    lst u = *up;
    dsp2_work *w = u.w;
    if (!w) return lst_const(f0);
    if (u.len & _DSP2_ACC) return chain_x(u, f0, f1, f2);
    if (f2 == 0.0 && f0 == f0) { /* linear: the list is shared, scaled */
        u.v = f0;
        u.d *= f1;
        u.c *= f1;
        return u;
    }
    if (w->mode == _DSP2_SPARSE) return chain_x(u, f0, f1, f2);
    if (f0 != f0) f1 = f2 = f0; /* undefined function: undefined derivatives */
    if (stale(w, u)) return lst_const(f0);
    uint32_t n = u.len;
    if (w->top + n > w->cap && _dsp2_grow(w, n)) return lst_const(f0);
    size_t r = w->top, a = u.off;
    uint32_t *restrict ix = w->idx;
    double *restrict G = w->g, *restrict H = w->h;
    double c = u.c, f1c = f1 * c; /* the stored entries are 1/c of u's */
    if (w->mode == _DSP2_HV) {
        double m = f2 * u.d * c;
        for (uint32_t k = 0; k < n; k++) {
            double g = G[a + k];
            ix[r + k] = ix[a + k];
            G[r + k] = f1c * g;
            H[r + k] = f1c * H[a + k] + m * g;
        }
    } else {
        double f2c = f2 * c * c;
        for (uint32_t k = 0; k < n; k++) {
            double g = G[a + k];
            ix[r + k] = ix[a + k];
            G[r + k] = f1c * g;
            H[r + k] = f1c * H[a + k] + f2c * g * g;
        }
    }
    w->top = r + n;
    u.v = f0;
    u.d = f1 * u.d;
    u.c = 1.0;
    u.off = (uint32_t)r;
    u.st = w->epoch;
    return u;
}

/* f(a, b) for lists, accumulators or passive numbers. Special paths, in order: a passive
 * operand (a chain rule on the other, O(1) when linear), the same list twice (u * u,
 * u + c u: one staleness check, one pass), two one-entry lists (no merge loop); otherwise
 * the general merge. */
static lst chain2_list_p(const lst *ap, const lst *bp, double f0, double fa, double fb, double faa,
                         double fab, double fbb, int sum, int kind)
{
    lst a = *ap, b = *bp;
    dsp2_work *w = a.w ? a.w : b.w;
    if (!w) return lst_const(f0);
    if (f0 == f0) { /* (a NaN value takes the general path: derivatives as computed) */
        if (!b.w) return chain_list(a, f0, fa, faa);
        if (!a.w) return chain_list(b, f0, fb, fbb);
    }
    if (w->mode == _DSP2_SPARSE || ((a.len | b.len) & _DSP2_ACC)) {
        double p[5] = {fa, fb, faa, fab, fbb};
        return chain2_x(a, b, f0, p, sum);
    }
    uint32_t la = a.len, lb = b.len;
    int same = la == lb && a.off == b.off && a.st == b.st; /* the same list */
    if (stale(w, a) || (!same && stale(w, b))) return lst_const(f0);
    size_t r = w->top;
    if (r + la + lb > w->cap) {
        if (_dsp2_grow(w, (size_t)la + lb)) return lst_const(f0);
    }
    uint32_t k;
    int hv = w->mode == _DSP2_HV;
    uint32_t *restrict ix = w->idx;
    double *restrict G = w->g, *restrict H = w->h;
    double ca = a.c, cb = b.c; /* scales of the stored entries */
    double da = hv ? a.d : 0.0, db = hv ? b.d : 0.0;
    if (same) {
        double fs = fa * ca + fb * cb;
        const uint32_t *restrict ia = ix + a.off;
        const double *restrict ga = G + a.off, *restrict ha = H + a.off;
        for (k = 0; k < la; k++) {
            double gA = ca * ga[k], gB = cb * ga[k], mA = hv ? da : gA, mB = hv ? db : gB;
            ix[r + k] = ia[k];
            G[r + k] = fs * ga[k];
            H[r + k] = fs * ha[k] + _DSP2_Q(kind, gA, gB, mA, mB, faa, fab, fbb);
        }
    } else if (la == 1 && lb == 1) { /* two single entries: one or two result entries */
        uint32_t xa = ix[a.off], xb = ix[b.off];
        double ga = ca * G[a.off], ha = ca * H[a.off], gb = cb * G[b.off], hb = cb * H[b.off];
        double ma = hv ? da : ga, mb = hv ? db : gb;
        if (xa == xb) {
            ix[r] = xa;
            G[r] = fa * ga + fb * gb;
            H[r] = fa * ha + fb * hb + _DSP2_Q(kind, ga, gb, ma, mb, faa, fab, fbb);
            k = 1;
        } else {
            size_t ra = xa < xb ? r : r + 1, rb = xa < xb ? r + 1 : r;
            ix[ra] = xa;
            G[ra] = fa * ga;
            H[ra] = fa * ha + _DSP2_Q(kind, ga, 0.0, ma, db, faa, fab, fbb);
            ix[rb] = xb;
            G[rb] = fb * gb;
            H[rb] = fb * hb + _DSP2_Q(kind, 0.0, gb, da, mb, faa, fab, fbb);
            k = 2;
        }
    } else {
        uint32_t i = 0, j = 0;
        k = 0;
        while (i < la || j < lb) {
            uint32_t xa = i < la ? ix[a.off + i] : UINT32_MAX;
            uint32_t xb = j < lb ? ix[b.off + j] : UINT32_MAX;
            double ga = 0.0, ha = 0.0, gb = 0.0, hb = 0.0;
            if (xa <= xb) ga = ca * G[a.off + i], ha = ca * H[a.off + i++];
            if (xb <= xa) gb = cb * G[b.off + j], hb = cb * H[b.off + j++];
            double ma = hv ? da : ga, mb = hv ? db : gb;
            ix[r + k] = xa < xb ? xa : xb;
            G[r + k] = fa * ga + fb * gb;
            H[r + k] = fa * ha + fb * hb + _DSP2_Q(kind, ga, gb, ma, mb, faa, fab, fbb);
            k++;
        }
    }
    w->top = r + k;
    lst res = lst_const(f0);
    res.d = fa * a.d + fb * b.d;
    res.w = w;
    res.off = (uint32_t)r;
    res.len = k;
    res.st = w->epoch;
    return res;
}

/* _dsp2_long for lists, accumulators and passive numbers */
INL int long_lists(lst a, lst b)
{
    if ((a.len | b.len) & _DSP2_ACC) return 1;
    if (a.len && b.len && a.w->mode == _DSP2_SPARSE) return a.len + b.len > _DSP2_PROMOTE_SP;
    return a.len + b.len > _DSP2_PROMOTE;
}

/* a += b for the accumulator a and a list or inline number b in diagonal or H v mode (the
 * running sum of an objective); returns 0 when it does not apply */
INL int acc_fast(lst *a, lst b)
{
    dsp2_work *w = a->w;
    uint32_t k = a->len & ~_DSP2_ACC;
    if (!(a->len & _DSP2_ACC) || !w || b.w != w || (b.len & _DSP2_ACC) || w->mode == _DSP2_SPARSE ||
        k + 1 != w->nacc || w->acc[k].ver != a->off)
        return 0;
    if (stale(w, b)) return 0;
    _dsp2_acc *A = &w->acc[k];
    const uint32_t *ix = w->idx + b.off;
    const double *G = w->g + b.off, *H = w->h + b.off, cb = b.c;
    double *restrict ag = A->g, *restrict ah = A->h;
    for (uint32_t p = 0; p < b.len; p++) {
        uint32_t i = ix[p];
        if (!A->in[i]) {
            A->in[i] = 1;
            if (A->cnt && i < A->list[A->cnt - 1]) A->sorted = 0;
            A->list[A->cnt++] = i;
        }
        ag[i] += cb * G[p];
        ah[i] += cb * H[p];
    }
    _dsp2_recycle(w, A->amark); /* the terms added since the accumulator was made */
    a->v += b.v;
    a->d += b.d;
    a->off = ++A->ver;
    return 1;
}

/* a + c b (c = 1 or -1) */
INL lst addsub_list(lst a, lst b, double c)
{
    if (c == 1.0 && acc_fast(&a, b)) return a;
    if (long_lists(a, b)) return addsub_x(a, b, c);
    return chain2_list(a, b, a.v + c * b.v, 1.0, c, 0.0, 0.0, 0.0, 1, 0);
}

/* ---- entry points from the header: numbers to lists and back --------------------------- */

/* a number without its inline entries */
INL lst head(const dsp2 *a)
{
    lst r = {a->v, a->d, a->c, a->w, a->off, a->len, a->st, 0.0};
    if (a->len & _DSP2_VIEW) r.q = a->e[0].g;
    return r;
}

/* the list of a number (its inline entries are written to the arena) */
INL lst to_lst(const dsp2 *a) { return a->len == _DSP2_INL ? mat_inline(a) : head(a); }

INL dsp2 to_dsp2(lst r)
{
    dsp2 x = dsp2_const(r.v);
    x.d = r.d, x.c = r.c, x.w = r.w, x.off = r.off, x.len = r.len, x.st = r.st;
    if (r.len & _DSP2_VIEW) x.e[0].g = r.q;
    return x;
}

dsp2 _dsp2_chain_l(const dsp2 *u, double f0, double f1, double f2)
{
    lst l = to_lst(u);
    return to_dsp2(chain_list_p(&l, f0, f1, f2));
}

dsp2 _dsp2_chain2_l(const dsp2 *a, const dsp2 *b, double f0, const double p[5], int sum, int kind)
{
    lst la = to_lst(a), lb = to_lst(b);
    return to_dsp2(chain2_list_p(&la, &lb, f0, p[0], p[1], p[2], p[3], p[4], sum, kind));
}

dsp2 _dsp2_addsub_l(const dsp2 *a, const dsp2 *b, double c)
{
    lst la = to_lst(a), lb = to_lst(b);
    return to_dsp2(addsub_list(la, lb, c));
}

/* ---- the same for dsph2 (dnum/sparseh2.h) ----------------------------------------------- */

/* the list of a dsph2: entries inside are written to the arena with their triangle */
INL lst sph_lst(const dsph2 *a)
{
    dsp2_work *w = a->w;
    if (a->len != _DSP2_INL) {
        lst r = list_num(a->v, 0.0, w, a->off, a->len, a->st);
        r.c = w ? a->g[0] : 1.0;
        return r;
    }
    size_t s = a->off, m = tri(s) ? tri(s) : 1;
    if (reserve(w, m)) return lst_const(a->v);
    size_t r = w->top;
    for (size_t k = 0; k < s; k++) w->idx[r + k] = a->i[k], w->g[r + k] = a->g[k];
    for (size_t t = 0; t < m; t++) w->h[r + t] = a->h[t], w->sf[r + t] = (a->sf >> t) & 1u;
    w->top = r + m;
    return list_num(a->v, 0.0, w, r, s, w->epoch);
}

INL dsph2 sph_from(lst r)
{
    dsph2 x = dsph2_const(r.v);
    x.w = r.w, x.off = (uint32_t)r.off, x.len = (uint32_t)r.len, x.st = (uint32_t)r.st;
    x.g[0] = r.w ? r.c : 0.0; /* (a list's scale; 1 for an accumulator) */
    return x;
}

dsph2 _dsph2_chain_l(const dsph2 *u, double f0, double f1, double f2)
{
    lst l = sph_lst(u);
    return sph_from(chain_list_p(&l, f0, f1, f2));
}

dsph2 _dsph2_chain2_l(const dsph2 *a, const dsph2 *b, double f0, const double p[5], int sum,
                      int kind)
{
    lst la = sph_lst(a), lb = sph_lst(b);
    return sph_from(chain2_list_p(&la, &lb, f0, p[0], p[1], p[2], p[3], p[4], sum, kind));
}

dsph2 _dsph2_addsub_l(const dsph2 *a, const dsph2 *b, double c)
{
    lst la = sph_lst(a), lb = sph_lst(b);
    return sph_from(addsub_list(la, lb, c));
}

dsp2 _dsph2_result(dsph2 r) { return to_dsp2(sph_lst(&r)); }

/* ---- slow paths of the operations ------------------------------------------------------ */

/* f(u) for an accumulator u in diagonal or H v mode: a view of u's accumulator (O(1));
 * with g_u = c g, h_u = c h + q g^2 (H v: c h + q g), f(u) has g = f1 c g and
 * h = f1 c h + (f1 q + f2 c^2) g^2 (H v: (f1 q + f2 c d_u) g) */
INL lst chain_acc(lst u, double f0, double f1, double f2)
{
    if (acc_slot(u.w, u) < 0) return lst_const(f0);
    if (f0 != f0) f1 = f2 = f0;
    double m = u.w->mode == _DSP2_HV ? u.d : u.c;
    u.q = f1 * u.q + f2 * u.c * m;
    u.c *= f1;
    u.d *= f1;
    u.v = f0;
    u.len |= _DSP2_VIEW;
    return u;
}

INL lst chain_x(lst u, double f0, double f1, double f2)
{
    if (u.w && (u.len & _DSP2_ACC) && u.w->mode != _DSP2_SPARSE) return chain_acc(u, f0, f1, f2);
    u = materialize(u);
    dsp2_work *w = u.w;
    if (!w || w->mode != _DSP2_SPARSE) return chain_list(u, f0, f1, f2);
    if (f0 != f0) f1 = f2 = f0;
    if (stale(w, u)) return lst_const(f0);
    u = plain(u);
    size_t s = u.len, m = tri(s) ? tri(s) : 1;
    if (reserve(w, m)) return lst_const(f0);
    size_t r = w->top, a = u.off;
    for (size_t p = 0; p < s; p++) {
        w->idx[r + p] = w->idx[a + p];
        w->g[r + p] = f1 * w->g[a + p];
        for (size_t q = 0; q <= p; q++)
            w->h[r + tri(p) + q] = f1 * w->h[a + tri(p) + q] + f2 * w->g[a + p] * w->g[a + q];
    }
    if (f2 == 0.0 && f0 == f0) memcpy(w->sf + r, w->sf + a, m); /* linear: the structure */
    else memset(w->sf + r, 1, m);
    w->top = r + m;
    u.v = f0;
    u.d = 0.0;
    u.off = (uint32_t)r;
    u.st = w->epoch;
    return u;
}

INL lst chain2_x(lst a, lst b, double f0, const double p[5], int sum)
{
    if (a.len & _DSP2_ACC) a = materialize(a);
    if (b.len & _DSP2_ACC) b = materialize(b);
    dsp2_work *w = a.w ? a.w : b.w;
    if (!w) return lst_const(f0);
    if (w->mode != _DSP2_SPARSE) return chain2_list(a, b, f0, p[0], p[1], p[2], p[3], p[4], sum, 2);
    if (stale(w, a) || stale(w, b)) return lst_const(f0);
    if (a.c != 1.0) a = plain(a);
    if (b.c != 1.0) b = plain(b);
    if (a.w && b.w && a.len == b.len && a.off == b.off && a.st == b.st) { /* the same list */
        size_t n = a.len, m = tri(n) ? tri(n) : 1, r, o = a.off;
        if (reserve(w, m)) return lst_const(f0);
        r = w->top;
        uint32_t *restrict ix = w->idx;
        double *restrict G = w->g, *restrict H = w->h;
        unsigned char *restrict sf = w->sf;
        double fs = p[0] + p[1], fss = p[2] + 2.0 * p[3] + p[4];
        for (size_t k = 0; k < n; k++) ix[r + k] = ix[o + k], G[r + k] = fs * G[o + k];
        for (size_t k = 0, t = 0; k < n; k++)
            for (size_t q = 0; q <= k; q++, t++) {
                H[r + t] = fs * H[o + t] + (sum ? 0.0 : fss * G[o + k] * G[o + q]);
                sf[r + t] = sum ? sf[o + t] : 1;
            }
        w->top = r + m;
        return list_num(f0, 0.0, w, r, n, w->epoch);
    }
    size_t la = a.len, lb = b.len, i = 0, j = 0, s = 0;
    const uint32_t *xa_ = w->idx + a.off, *xb_ = w->idx + b.off;
    uint32_t pl[2][16]; /* small operands: the position of each entry in the union */
    int small = la <= 16 && lb <= 16;
    while (i < la || j < lb) { /* size of the union */
        uint32_t xa = i < la ? xa_[i] : UINT32_MAX;
        uint32_t xb = j < lb ? xb_[j] : UINT32_MAX;
        if (small && xa <= xb) pl[0][i] = (uint32_t)s;
        if (small && xb <= xa) pl[1][j] = (uint32_t)s;
        i += xa <= xb;
        j += xb <= xa;
        s++;
    }
    size_t m = tri(s) ? tri(s) : 1;
    if (reserve(w, m)) return lst_const(f0);
    size_t r = w->top;
    uint32_t *restrict ix = w->idx, *restrict pos = w->pos;
    double *restrict G = w->g, *restrict H = w->h, *restrict sa = w->sa, *restrict sb = w->sb;
    unsigned char *restrict sf = w->sf;
    for (i = j = s = 0; i < la || j < lb; s++) { /* union, operand gradients aligned to it */
        uint32_t xa = i < la ? ix[a.off + i] : UINT32_MAX;
        uint32_t xb = j < lb ? ix[b.off + j] : UINT32_MAX;
        uint32_t x = xa < xb ? xa : xb;
        sa[s] = xa <= xb ? G[a.off + i++] : 0.0;
        sb[s] = xb <= xa ? G[b.off + j++] : 0.0;
        ix[r + s] = x;
        if (!small) pos[x] = (uint32_t)s;
        G[r + s] = p[0] * sa[s] + p[1] * sb[s];
    }
    double p2 = p[2], p3 = p[3], p4 = p[4];
    for (size_t k = 0, t = r; k < s; k++) /* second-order chain-rule terms of the gradients */
        for (size_t q = 0; q <= k; q++, t++) /* (none in a sum, as in the other modes) */
            H[t] = sum ? 0.0
                       : p2 * sa[k] * sa[q] + p3 * (sa[k] * sb[q] + sb[k] * sa[q]) +
                             p4 * sb[k] * sb[q];
    memset(sf + r, !sum, m); /* a sum: structural where an operand's entry is */
    size_t offs[2] = {a.off, b.off}, lens[2] = {a.len, b.len}; /* (a, b stay in registers) */
    for (int u = 0; u < 2; u++) { /* plus f_a H_a + f_b H_b, scattered to the union */
        double c = p[u];
        size_t oo = offs[u];
        for (size_t k = 0, e = oo; k < lens[u]; k++) {
            size_t pk = small ? pl[u][k] : pos[ix[oo + k]];
            size_t dk = r + tri(pk);
            for (size_t q = 0; q <= k; q++, e++) {
                size_t d = dk + (small ? pl[u][q] : pos[ix[oo + q]]);
                H[d] += c * H[e];
                sf[d] |= sf[e];
            }
        }
    }
    w->top = r + m;
    return list_num(f0, 0.0, w, r, s, w->epoch);
}

INL lst addsub_x(lst a, lst b, double c)
{
    dsp2_work *w = a.w ? a.w : b.w;
    double v = a.v + c * b.v;
    if (!w) return lst_const(v);
    int ka = -1, kb = -1;
    if (a.w && (a.len & _DSP2_ACC) && (ka = acc_slot(w, a)) < 0) return lst_const(v);
    if (b.w && (b.len & _DSP2_ACC) && (kb = acc_slot(w, b)) < 0) return lst_const(v);
    /* The sum is made in place in the accumulator of a sum operand, never of a view (f(s)
     * leaves s as it is); a view is read straight from its arrays only into an earlier
     * accumulator (its own is released by the addition), otherwise written out as a list */
    if (ka >= 0 && (a.len & _DSP2_VIEW)) a = materialize(a), ka = -1;
    if (kb >= 0 && (b.len & _DSP2_VIEW) && !(ka >= 0 && kb > ka)) b = materialize(b), kb = -1;
    int lists = !a.len || !b.len ||
                a.len + b.len <= (w->mode == _DSP2_SPARSE ? _DSP2_PROMOTE_SP : _DSP2_PROMOTE);
    if (ka < 0 && kb < 0 && (w->safe || w->nacc == _DSP2_NACC || lists))
        return chain2_list(a, b, v, 1.0, c, 0.0, 0.0, 0.0, 1, 0);
    int k;
    if (ka >= 0 && (kb < 0 || kb >= ka)) { /* a += c b */
        k = ka;
        if (kb == ka) acc_scale(&w->acc[k], 1.0 + c);
        else if (kb >= 0) acc_acc(w, &w->acc[k], &w->acc[kb], b, c);
        else acc_list(w, &w->acc[k], b, c);
    } else if (kb >= 0) { /* b = a + c b */
        k = kb;
        if (c != 1.0) acc_scale(&w->acc[k], c);
        if (ka >= 0) acc_acc(w, &w->acc[k], &w->acc[ka], a, 1.0);
        else acc_list(w, &w->acc[k], a, 1.0);
    } else { /* a new accumulator from two lists */
        k = (int)w->nacc;
        if (acc_ready(w, &w->acc[k])) return lst_const(v);
        w->nacc++;
        w->acc[k].amark = w->top;
        acc_list(w, &w->acc[k], a, 1.0);
        acc_list(w, &w->acc[k], b, c);
    }
    release(w, (unsigned)k);
    return list_num(v, a.d + c * b.d, w, ++w->acc[k].ver, _DSP2_ACC | (uint32_t)k, 0);
}

/* ---- workspace ---------------------------------------------------------------------------- */

static void free_sized(dsp2_work *w)
{
    size_t n = w->sized;
    for (unsigned k = 0; k < _DSP2_NACC; k++) acc_free(w, &w->acc[k], n);
    w_free(w->al, w->x, n * sizeof *w->x);
    w_free(w->al, w->xs, n * sizeof *w->xs);
    w_free(w->al, w->pos, n * sizeof *w->pos);
    w_free(w->al, w->sa, n * sizeof *w->sa);
    w_free(w->al, w->sb, n * sizeof *w->sb);
    w_free(w->al, w->rowc, (n + 1) * sizeof *w->rowc);
    w->x = NULL, w->xs = NULL, w->pos = NULL, w->sa = w->sb = NULL, w->rowc = NULL;
    w->sized = 0;
    w->seeded = 0;
}

int dsp2_work_new(dsp2_work **work, const dn_allocator *al)
{
    if (work == NULL) return DN_EINVAL;
    dsp2_work *w = w_alloc(al, sizeof *w);
    if (w == NULL) return DN_ENOMEM;
    memset(w, 0, sizeof *w);
    w->al = al;
    for (unsigned k = 0; k < _DSP2_NACC; k++) w->acc[k].sorted = 1;
    *work = w;
    return DN_OK;
}

void dsp2_work_free(dsp2_work *w)
{
    if (w == NULL) return;
    free_sized(w);
    w_free(w->al, w->idx, w->cap * sizeof *w->idx);
    w_free(w->al, w->g, w->cap * sizeof *w->g);
    w_free(w->al, w->h, w->cap * sizeof *w->h);
    w_free(w->al, w->sf, w->cap);
    w_free(w->al, w->vals, w->valcap);
    w_free(w->al, w->tpos, w->tposcap * sizeof *w->tpos);
    w_free(w->al, w, sizeof *w);
}

size_t dsp2_work_bytes(const dsp2_work *w)
{
    if (w == NULL) return 0;
    size_t n = w->sized, b = sizeof *w + w->valcap + w->tposcap * sizeof *w->tpos;
    b += w->cap * (sizeof(uint32_t) + 2 * sizeof(double) + 1);
    if (n) b += n * (sizeof(dsp2) + sizeof(uint32_t) + 2 * sizeof(double));
    if (w->xs) b += n * sizeof(dsph2);
    if (w->rowc) b += (n + 1) * sizeof(size_t);
    for (unsigned k = 0; k < _DSP2_NACC; k++) {
        if (w->acc[k].g) b += n * (2 * sizeof(double) + 1 + sizeof(uint32_t));
        b += w->acc[k].tcap * (2 * sizeof(uint32_t) + sizeof(double));
    }
    return b;
}

/* sizes w for n variables and loads the seeds; returns 0 or DN_ENOMEM */
static int prepare(dsp2_work *w, unsigned n, int mode, int safe, const double *x, const double *v)
{
    if (w->sized != n) {
        free_sized(w);
        w->x = w_array(w->al, n, sizeof *w->x);
        w->pos = w_array(w->al, n, sizeof *w->pos);
        w->sa = w_array(w->al, n, sizeof *w->sa);
        w->sb = w_array(w->al, n, sizeof *w->sb);
        w->sized = n;
        if (!w->x || !w->pos || !w->sa || !w->sb) {
            free_sized(w);
            return DN_ENOMEM;
        }
    }
    if (mode == _DSP2_SPARSE && !w->xs) { /* made on the first sparse-Hessian call */
        w->xs = w_array(w->al, n, sizeof *w->xs);
        if (!w->xs) return DN_ENOMEM;
    }
    w->top = 0;
    w->fail = 0;
    if (mode == _DSP2_SPARSE && w->seeded == mode + 1) { /* the same seeds: new values */
        for (unsigned i = 0; i < n; i++) w->x[i].v = w->xs[i].v = x[i];
        w->top = n;
    } else if (mode == _DSP2_SPARSE) { /* the variables: one-entry lists (kept at the start
                                         of the arena until another mode uses it) */
        if (reserve(w, n)) return DN_ENOMEM;
        w->seeded = mode + 1;
        for (unsigned i = 0; i < n; i++) {
            w->idx[i] = i, w->g[i] = 1.0, w->h[i] = 0.0, w->sf[i] = 1;
            dsp2 s = dsp2_const(x[i]);
            s.w = w, s.off = i, s.len = 1;
            w->x[i] = s;
            dsph2 t = dsph2_const(x[i]); /* (the same variable inside a dsph2) */
            t.w = w, t.off = 1, t.len = _DSP2_INL, t.i[0] = i, t.g[0] = 1.0, t.sf = 1;
            w->xs[i] = t;
        }
        w->top = n;
    } else if (w->seeded == mode + 1) { /* the same seeds as in the last call: new values */
        for (unsigned i = 0; i < n; i++) {
            w->x[i].v = x[i];
            if (v) w->x[i].d = v[i];
        }
    } else { /* the variables: one entry inside the number */
        w->seeded = mode + 1;
        for (unsigned i = 0; i < n; i++) {
            dsp2 s = dsp2_const(x[i]);
            s.d = v ? v[i] : 0.0;
            s.w = w, s.off = 1, s.len = _DSP2_INL;
            s.e[0].i = i, s.e[0].g = 1.0;
            w->x[i] = s;
        }
    }
    w->epoch = 0;
    w->lowmark = SIZE_MAX;
    w->nrec = 0;
    w->mode = mode;
    w->safe = safe;
    w->nacc = 0;
    return DN_OK;
}

static void finish(dsp2_work *w)
{
    if (w->top > w->peak) w->peak = w->top;
    while (w->nacc) acc_clean(&w->acc[--w->nacc]);
    w->top = 0;
}

/* Evaluates f once (twice when the fast pass detected a reuse of recycled storage) and
 * leaves the result in *r with its storage alive; 0 or DN_ENOMEM. */
static int evaluate(dsp2_work *w, int mode, dn_objective_sp f, void *ctx, const double *x,
                    const double *v, unsigned n, dsp2 *r)
{
    for (int safe = 0; safe < 2; safe++) {
        int st = prepare(w, n, mode, safe, x, v);
        if (st) return st;
        dsp2 res = f(w->x, n, ctx);
        if (res.w == w && (res.len & _DSP2_ACC)) acc_slot(w, head(&res));
        else if (res.w == w && res.len != _DSP2_INL) stale(w, head(&res));
        if (w->fail & _DSP2_NOMEM) {
            finish(w);
            return DN_ENOMEM;
        }
        if (!(w->fail & _DSP2_STALE)) {
            if (res.w != w) res = dsp2_const(res.v); /* passive (or foreign): no entries */
            *r = res;
            return DN_OK;
        }
        finish(w);
    }
    return DN_EINVAL; /* not reached: the safe pass recycles nothing */
}

/* the workspace of a call: the caller's, or a temporary one in *tmp */
static int get_work(dsp2_work **w, dsp2_work **tmp, dsp2_work *work)
{
    *tmp = NULL;
    if (work) {
        *w = work;
        return DN_OK;
    }
    int st = dsp2_work_new(tmp, NULL);
    *w = *tmp;
    return st;
}

/* dense g (and h) outputs from the result r */
static void dense_out(dsp2_work *w, dsp2 r, double *grad, double *hout, unsigned n)
{
    if (grad) memset(grad, 0, n * sizeof *grad);
    if (hout) memset(hout, 0, n * sizeof *hout);
    if (!r.w) return;
    if (r.len == _DSP2_INL) {
        for (uint32_t k = 0; k < r.off; k++) {
            if (grad) grad[r.e[k].i] = r.e[k].g;
            if (hout) hout[r.e[k].i] = r.e[k].h;
        }
        return;
    }
    if (r.len & _DSP2_ACC) {
        _dsp2_acc *A = &w->acc[SLOT(r.len)];
        lst h = head(&r);
        int hv = w->mode == _DSP2_HV;
        for (size_t k = 0; k < A->cnt; k++) {
            uint32_t i = A->list[k];
            double g = A->g[i];
            if (grad) grad[i] = h.c * g;
            if (hout) hout[i] = view_h(h.c, h.q, g, A->h[i], hv);
        }
        return;
    }
    for (size_t k = 0; k < r.len; k++) {
        uint32_t i = w->idx[r.off + k];
        if (grad) grad[i] = r.c * w->g[r.off + k];
        if (hout) hout[i] = r.c * w->h[r.off + k];
    }
}

static int dense_driver(int mode, const char *fn, double *fx, double *grad, double *hout,
                        dn_objective_sp f, void *ctx, const double *x, const double *v,
                        unsigned n, dsp2_work *work, dn_errinfo *err)
{
    dsp2_work *w, *tmp;
    int st = get_work(&w, &tmp, work);
    if (st) return _dn_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace)", fn);
    dsp2 r;
    st = evaluate(w, mode, f, ctx, x, v, n, &r);
    if (st == DN_OK) {
        if (fx) *fx = r.v;
        dense_out(w, r, grad, hout, n);
        finish(w);
    }
    dsp2_work_free(tmp);
    if (st) return _dn_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace)", fn);
    return _dn_ok(err);
}

int (dn_grad_sp_ex)(double *fx, double *grad, dn_objective_sp f, void *ctx, const double *x,
                    unsigned n, dsp2_work *work, dn_errinfo *err)
{
    static const char fn[] = "dn_grad_sp";
    const _dn_req req[] = {{grad != NULL, 2, "grad is NULL"}, {f != NULL, 3, "f is NULL"},
                           {x != NULL, 5, "x is NULL"}, {n != 0, 6, "n is 0"}};
    int st = _dn_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return dense_driver(_DSP2_DIAG, fn, fx, grad, NULL, f, ctx, x, NULL, n, work, err);
}

int (dn_grad_sp)(double *fx, double *grad, dn_objective_sp f, void *ctx, const double *x,
                 unsigned n, dsp2_work *work)
{
    return dn_grad_sp_ex(fx, grad, f, ctx, x, n, work, NULL);
}

int (dn_hessdiag_sp_ex)(double *fx, double *grad, double *hdiag, dn_objective_sp f, void *ctx,
                        const double *x, unsigned n, dsp2_work *work, dn_errinfo *err)
{
    static const char fn[] = "dn_hessdiag_sp";
    const _dn_req req[] = {{hdiag != NULL, 3, "hdiag is NULL"}, {f != NULL, 4, "f is NULL"},
                           {x != NULL, 6, "x is NULL"}, {n != 0, 7, "n is 0"}};
    int st = _dn_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return dense_driver(_DSP2_DIAG, fn, fx, grad, hdiag, f, ctx, x, NULL, n, work, err);
}

int (dn_hessdiag_sp)(double *fx, double *grad, double *hdiag, dn_objective_sp f, void *ctx,
                     const double *x, unsigned n, dsp2_work *work)
{
    return dn_hessdiag_sp_ex(fx, grad, hdiag, f, ctx, x, n, work, NULL);
}

int (dn_hessvec_sp_ex)(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                       const double *x, const double *v, unsigned n, dsp2_work *work,
                       dn_errinfo *err)
{
    static const char fn[] = "dn_hessvec_sp";
    const _dn_req req[] = {{hv != NULL, 3, "hv is NULL"}, {f != NULL, 4, "f is NULL"},
                           {x != NULL, 6, "x is NULL"}, {v != NULL, 7, "v is NULL"},
                           {n != 0, 8, "n is 0"}};
    int st = _dn_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return dense_driver(_DSP2_HV, fn, fx, grad, hv, f, ctx, x, v, n, work, err);
}

int (dn_hessvec_sp)(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                    const double *x, const double *v, unsigned n, dsp2_work *work)
{
    return dn_hessvec_sp_ex(fx, grad, hv, f, ctx, x, v, n, work, NULL);
}

/* ---- sparse Hessian ------------------------------------------------------------------------ */

void dn_sphess_init(dn_sphess *H, const dn_allocator *al)
{
    memset(H, 0, sizeof *H);
    H->al = al;
}

void dn_sphess_clear(dn_sphess *H)
{
    if (H == NULL) return;
    if (H->rowptr) w_free(H->al, H->rowptr, ((size_t)H->n + 1) * sizeof *H->rowptr);
    w_free(H->al, H->col, H->cap * sizeof *H->col);
    w_free(H->al, H->val, H->cap * sizeof *H->val);
    dn_sphess_init(H, H->al);
}

/* position of column j in row i of the pattern, or SIZE_MAX */
static size_t find_entry(const dn_sphess *H, uint32_t i, uint32_t j)
{
    size_t lo = H->rowptr[i], hi = H->rowptr[i + 1];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (H->col[mid] < j) lo = mid + 1;
        else hi = mid;
    }
    return (lo < H->rowptr[i + 1] && H->col[lo] == j) ? lo : SIZE_MAX;
}

/* room for the CSR positions of T triplets (made with each new pattern, so that reusing
 * it allocates nothing); 0 or DN_ENOMEM */
static int tpos_reserve(dsp2_work *w, size_t T)
{
    if (T <= w->tposcap) return 0;
    size_t *tpos = w_array(w->al, T, sizeof *tpos);
    if (!tpos) return DN_ENOMEM;
    w_free(w->al, w->tpos, w->tposcap * sizeof *w->tpos);
    w->tpos = tpos, w->tposcap = T, w->tposset = 0;
    return 0;
}

/* values into H's existing pattern; 1 when an entry is outside it, DN_ENOMEM, or 0. The
 * position of triplet t in the previous call is tried first (a pass producing the same
 * triplets in the same order, the usual case, then needs no search). */
static int scatter_pattern(dsp2_work *w, const _dsp2_acc *A, dn_sphess *H)
{
    size_t bytes = H->nnz * sizeof(double), T = A->tcnt;
    if (bytes > w->valcap) {
        double *vals = w_alloc(w->al, bytes);
        if (!vals) return DN_ENOMEM;
        w_free(w->al, w->vals, w->valcap);
        w->vals = vals, w->valcap = bytes;
    }
    if (tpos_reserve(w, T)) return DN_ENOMEM;
    memset(w->vals, 0, bytes);
    const size_t *rp = H->rowptr;
    for (size_t t = 0; t < T; t++) {
        uint32_t i = A->ti[t], j = A->tj[t];
        size_t p = t < w->tposset ? w->tpos[t] : SIZE_MAX;
        if (!(p < H->nnz && H->col[p] == j && rp[i] <= p && p < rp[i + 1])) {
            p = find_entry(H, i, j);
            if (p == SIZE_MAX) return 1;
            w->tpos[t] = p;
        }
        w->vals[p] += A->tv[t];
    }
    if (T > w->tposset) w->tposset = T;
    if (bytes) memcpy(H->val, w->vals, bytes);
    return 0;
}

/* a new pattern and values from the triplets (counting sort by column, then by row) */
static int build_pattern(dsp2_work *w, const _dsp2_acc *A, dn_sphess *H, unsigned n)
{
    const dn_allocator *al = H->al;
    size_t T = A->tcnt, cap = T ? T : 1;
    size_t *rowptr = w_array(al, (size_t)n + 1, sizeof *rowptr);
    unsigned *col = w_array(al, cap, sizeof *col);
    double *val = w_array(al, cap, sizeof *val);
    uint32_t *perm = w_array(w->al, cap, sizeof *perm);
    size_t *cnt = w_array(w->al, (size_t)n + 1, sizeof *cnt);
    if (!rowptr || !col || !val || !perm || !cnt || tpos_reserve(w, T)) {
        if (rowptr) w_free(al, rowptr, ((size_t)n + 1) * sizeof *rowptr);
        w_free(al, col, cap * sizeof *col);
        w_free(al, val, cap * sizeof *val);
        w_free(w->al, perm, cap * sizeof *perm);
        if (cnt) w_free(w->al, cnt, ((size_t)n + 1) * sizeof *cnt);
        return DN_ENOMEM;
    }
    /* perm: triplets ordered by column (stable) */
    memset(cnt, 0, ((size_t)n + 1) * sizeof *cnt);
    for (size_t t = 0; t < T; t++) cnt[A->tj[t] + 1]++;
    for (unsigned i = 0; i < n; i++) cnt[i + 1] += cnt[i];
    for (size_t t = 0; t < T; t++) perm[cnt[A->tj[t]]++] = (uint32_t)t;
    /* then by row (stable): columns ascend within each row */
    memset(rowptr, 0, ((size_t)n + 1) * sizeof *rowptr);
    for (size_t t = 0; t < T; t++) rowptr[A->ti[t] + 1]++;
    for (unsigned i = 0; i < n; i++) rowptr[i + 1] += rowptr[i];
    memcpy(cnt, rowptr, ((size_t)n + 1) * sizeof *cnt);
    for (size_t k = 0; k < T; k++) {
        uint32_t t = perm[k];
        size_t p = cnt[A->ti[t]]++;
        col[p] = A->tj[t];
        val[p] = A->tv[t];
    }
    /* merge duplicates in place */
    size_t out = 0;
    for (unsigned i = 0; i < n; i++) {
        size_t b = rowptr[i], e = rowptr[i + 1];
        rowptr[i] = out;
        for (size_t p = b; p < e; p++) {
            if (out > rowptr[i] && col[out - 1] == col[p]) val[out - 1] += val[p];
            else col[out] = col[p], val[out++] = val[p];
        }
    }
    rowptr[n] = out;
    w_free(w->al, perm, cap * sizeof *perm);
    w_free(w->al, cnt, ((size_t)n + 1) * sizeof *cnt);
    dn_sphess_clear(H);
    H->n = n, H->nnz = out, H->rowptr = rowptr, H->col = col, H->val = val, H->cap = cap;
    return DN_OK;
}

int (dn_hessian_sp_ex)(double *fx, double *grad, dn_sphess *H, dn_objective_sp f, void *ctx,
                       const double *x, unsigned n, dsp2_work *work, dn_errinfo *err)
{
    static const char fn[] = "dn_hessian_sp";
    const _dn_req req[] = {{H != NULL, 3, "H is NULL"}, {f != NULL, 4, "f is NULL"},
                           {x != NULL, 6, "x is NULL"}, {n != 0, 7, "n is 0"}};
    int st = _dn_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    dsp2_work *w, *tmp;
    st = get_work(&w, &tmp, work);
    if (st) return _dn_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace)", fn);
    dsp2 r;
    st = evaluate(w, _DSP2_SPARSE, f, ctx, x, NULL, n, &r);
    if (st == DN_OK) {
        /* the result as an accumulator (a list or constant is added to an empty one) */
        int k;
        if (r.w && (r.len & _DSP2_ACC)) {
            k = (int)SLOT(r.len);
        } else { /* other accumulators are dead: the list alone is the result */
            while (w->nacc) acc_clean(&w->acc[--w->nacc]);
            k = acc_ready(w, &w->acc[0]) ? -1 : 0;
            if (k == 0) {
                w->nacc = 1;
                acc_list(w, &w->acc[0], head(&r), 1.0);
            }
        }
        if (k < 0 || (w->fail & _DSP2_NOMEM)) {
            st = DN_ENOMEM;
        } else {
            const _dsp2_acc *A = &w->acc[k];
            int sc = 1;
            if (H->rowptr && H->n == n) sc = scatter_pattern(w, A, H);
            if (sc == 1) sc = build_pattern(w, A, H, n);
            st = sc;
            if (st == DN_OK) {
                if (fx) *fx = r.v;
                if (grad) {
                    memset(grad, 0, n * sizeof *grad);
                    for (size_t t = 0; t < A->cnt; t++) grad[A->list[t]] = A->g[A->list[t]];
                }
            }
        }
        finish(w);
    }
    dsp2_work_free(tmp);
    if (st) return _dn_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace or H)", fn);
    return _dn_ok(err);
}

int (dn_hessian_sp)(double *fx, double *grad, dn_sphess *H, dn_objective_sp f, void *ctx,
                    const double *x, unsigned n, dsp2_work *work)
{
    return dn_hessian_sp_ex(fx, grad, H, f, ctx, x, n, work, NULL);
}
