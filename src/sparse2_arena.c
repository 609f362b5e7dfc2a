/* One-pass order-2 numbers (dnum/sparse_o2.h): the workspace's storage: the arena of the
 * lists, its recycling and the staleness of lists, the accumulators' arrays, and the
 * workspace's lifetime (dsp_o2_work_new, dsp_o2_work_free, dsp_o2_work_bytes). */
#include "sparse2_impl.h"

/* ---- arena ------------------------------------------------------------------------------ */

int dsp_o2i_grow(dsp_o2_work *w, size_t need)
{
    size_t cap = w->cap ? 2 * w->cap : 4096;
    if (cap < w->top + need) cap = w->top + need;
    if (w->top + need > UINT32_MAX) { /* offsets are 32-bit */
        w->fail |= DNI_DSP_O2_NOMEM;
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
        w->fail |= DNI_DSP_O2_NOMEM;
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
 * a new epoch (the general case of dni_dsp_o2_recycle). The history keeps, for the epochs from
 * rec_ep[k] on, the lowest mark rec_mark[k] (ascending in k); when full, its last two
 * entries merge into the later epoch with the lower mark, which can only make a list look
 * stale (then the safe pass runs). */
void dni_dsp_o2_recycle_x(dsp_o2_work *w, size_t mark)
{
    w->top = mark;
    uint32_t e = ++w->epoch;
    unsigned k = w->nrec;
    while (k && w->rec_mark[k - 1] >= mark) k--;
    if (k == DNI_DSP_O2_NREC) {
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
int dsp_o2i_stale_hist(dsp_o2_work *w, uint32_t st, uint32_t off)
{
    for (unsigned k = 0; k < w->nrec; k++)
        if (w->rec_ep[k] > st) {
            if (off < w->rec_mark[k]) return 0;
            break;
        }
    w->fail |= DNI_DSP_O2_STALE;
    return 1;
}

/* ---- accumulators ----------------------------------------------------------------------- */

static void acc_free(dsp_o2_work *w, dni_dsp_o2_acc *A, size_t n)
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
int dsp_o2i_acc_ready(dsp_o2_work *w, dni_dsp_o2_acc *A)
{
    if (A->g) return 0;
    size_t n = w->sized;
    A->g = w_array(w->al, n, sizeof *A->g);
    A->h = w_array(w->al, n, sizeof *A->h);
    A->in = w_alloc(w->al, n);
    A->list = w_array(w->al, n, sizeof *A->list);
    if (!A->g || !A->h || !A->in || !A->list) {
        acc_free(w, A, n);
        w->fail |= DNI_DSP_O2_NOMEM;
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
void dsp_o2i_acc_clean(dni_dsp_o2_acc *A)
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
int dni_dsp_o2_trip_reserve(dsp_o2_work *w, dni_dsp_o2_acc *A, size_t m)
{
    if (A->tcnt + m <= A->tcap) return 0;
    size_t cap = 2 * A->tcap + m + 1024;
    uint32_t *ti = w_array(w->al, cap, sizeof *ti), *tj = w_array(w->al, cap, sizeof *tj);
    double *tv = w_array(w->al, cap, sizeof *tv);
    if (!ti || !tj || !tv) {
        w_free(w->al, ti, cap * sizeof *ti);
        w_free(w->al, tj, cap * sizeof *tj);
        w_free(w->al, tv, cap * sizeof *tv);
        w->fail |= DNI_DSP_O2_NOMEM;
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

/* ---- workspace ---------------------------------------------------------------------------- */

void dsp_o2i_free_sized(dsp_o2_work *w)
{
    size_t n = w->sized;
    for (unsigned k = 0; k < DNI_DSP_O2_NACC; k++) acc_free(w, &w->acc[k], n);
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

int dsp_o2_work_new(dsp_o2_work **work, const dn_allocator *al)
{
    if (work == NULL) return DN_EINVAL;
    dsp_o2_work *w = w_alloc(al, sizeof *w);
    if (w == NULL) return DN_ENOMEM;
    memset(w, 0, sizeof *w);
    w->al = al;
    for (unsigned k = 0; k < DNI_DSP_O2_NACC; k++) w->acc[k].sorted = 1;
    *work = w;
    return DN_OK;
}

void dsp_o2_work_free(dsp_o2_work *w)
{
    if (w == NULL) return;
    dsp_o2i_free_sized(w);
    w_free(w->al, w->idx, w->cap * sizeof *w->idx);
    w_free(w->al, w->g, w->cap * sizeof *w->g);
    w_free(w->al, w->h, w->cap * sizeof *w->h);
    w_free(w->al, w->sf, w->cap);
    w_free(w->al, w->vals, w->valcap);
    w_free(w->al, w->tpos, w->tposcap * sizeof *w->tpos);
    w_free(w->al, w, sizeof *w);
}

size_t dsp_o2_work_bytes(const dsp_o2_work *w)
{
    if (w == NULL) return 0;
    size_t n = w->sized, b = sizeof *w + w->valcap + w->tposcap * sizeof *w->tpos;
    b += w->cap * (sizeof(uint32_t) + 2 * sizeof(double) + 1);
    if (n) b += n * (sizeof(dsp_o2) + sizeof(uint32_t) + 2 * sizeof(double));
    if (w->xs) b += n * sizeof(dsph_o2);
    if (w->rowc) b += (n + 1) * sizeof(size_t);
    for (unsigned k = 0; k < DNI_DSP_O2_NACC; k++) {
        if (w->acc[k].g) b += n * (2 * sizeof(double) + 1 + sizeof(uint32_t));
        b += w->acc[k].tcap * (2 * sizeof(uint32_t) + sizeof(double));
    }
    return b;
}
