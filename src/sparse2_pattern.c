/* One-pass order-2 numbers: the compressed-row pattern of dn_hessian_sp (dn_sphess): a
 * new pattern from the accumulated triplets, or the values scattered into the pattern of
 * the previous call. */
#include "sparse2_impl.h"

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

/* position of column j in row i of the pattern (sphess.c), or SIZE_MAX */
static size_t find_entry(const dn_sphess *H, uint32_t i, uint32_t j)
{
    size_t p;
    return dn_sphess_find(H, i, j, &p) == DN_OK ? p : SIZE_MAX;
}

/* room for the CSR positions of T triplets (made with each new pattern, so that reusing
 * it allocates nothing); 0 or DN_ENOMEM */
static int tpos_reserve(dsp_o2_work *w, size_t T)
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
int dsp_o2i_scatter_pattern(dsp_o2_work *w, const dni_dsp_o2_acc *A, dn_sphess *H)
{
    size_t bytes = H->nnz * sizeof(double), T = A->tcnt;
    if (bytes > w->valcap) {
        double *vals = w_alloc(w->al, bytes);
        if (!vals) return DN_ENOMEM;
        w_free(w->al, w->vals, w->valcap);
        w->vals = vals, w->valcap = bytes;
    }
    if (tpos_reserve(w, T)) return DN_ENOMEM;
    if (bytes) memset(w->vals, 0, bytes);
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
int dsp_o2i_build_pattern(dsp_o2_work *w, const dni_dsp_o2_acc *A, dn_sphess *H, unsigned n)
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
