/* Sparse patterns shared by the element drivers and the problems of dnum/nlp.h
 * (src/pattern_impl.h). */
#include <stdlib.h>
#include <string.h>
#include "pattern_impl.h"

void *dni_pat_alloc(const dn_allocator *al, size_t n, size_t elem)
{
    if (n > SIZE_MAX / elem) return NULL;
    size_t size = (n ? n : 1) * elem;
    return al ? al->alloc(size, al->ctx) : malloc(size);
}

void dni_pat_free(const dn_allocator *al, void *p, size_t n, size_t elem)
{
    if (!p) return;
    if (al) al->free(p, (n ? n : 1) * elem, al->ctx);
    else free(p);
}

int dni_pat_merge(const dn_allocator *al, size_t T, const uint32_t *row,
                  const uint32_t *col, unsigned nrows, unsigned ncols, size_t **rowptr,
                  unsigned **colout, size_t *nnz, uint32_t *pos)
{
    const size_t nc = (size_t)ncols + 1, nr = (size_t)nrows + 1;
    uint32_t *perm = dni_pat_alloc(al, T, sizeof *perm);
    uint32_t *perm2 = dni_pat_alloc(al, T, sizeof *perm2);
    size_t *cnt = dni_pat_alloc(al, nc > nr ? nc : nr, sizeof *cnt);
    size_t *rp = dni_pat_alloc(al, nr, sizeof *rp);
    unsigned *cl = dni_pat_alloc(al, T, sizeof *cl); /* shrunk to nnz below when smaller */
    int st = DN_ENOMEM;
    if (!perm || !perm2 || !cnt || !rp || !cl) goto out;
    /* by column, then stably by row (counting sorts) */
    memset(cnt, 0, nc * sizeof *cnt);
    for (size_t t = 0; t < T; t++) cnt[col[t] + 1]++;
    for (unsigned i = 0; i < ncols; i++) cnt[i + 1] += cnt[i];
    for (size_t t = 0; t < T; t++) perm[cnt[col[t]]++] = (uint32_t)t;
    memset(cnt, 0, nr * sizeof *cnt);
    for (size_t t = 0; t < T; t++) cnt[row[t] + 1]++;
    for (unsigned i = 0; i < nrows; i++) cnt[i + 1] += cnt[i];
    for (size_t q = 0; q < T; q++) perm2[cnt[row[perm[q]]]++] = perm[q];
    /* merge equal neighbours */
    size_t k = 0;
    memset(rp, 0, nr * sizeof *rp);
    for (size_t q = 0; q < T; q++) {
        uint32_t t = perm2[q];
        if (!(k && row[perm2[q - 1]] == row[t] && cl[k - 1] == col[t])) {
            cl[k++] = col[t];
            rp[row[t] + 1]++;
        }
        pos[t] = (uint32_t)(k - 1);
    }
    for (unsigned i = 0; i < nrows; i++) rp[i + 1] += rp[i];
    if (k < T) { /* keep only k columns */
        unsigned *c = dni_pat_alloc(al, k, sizeof *c);
        if (!c) goto out;
        if (k) memcpy(c, cl, k * sizeof *c);
        dni_pat_free(al, cl, T, sizeof *cl);
        cl = c;
    }
    *rowptr = rp, *colout = cl, *nnz = k;
    rp = NULL, cl = NULL;
    st = DN_OK;
out:
    dni_pat_free(al, perm, T, sizeof *perm);
    dni_pat_free(al, perm2, T, sizeof *perm2);
    dni_pat_free(al, cnt, nc > nr ? nc : nr, sizeof *cnt);
    dni_pat_free(al, rp, nr, sizeof *rp);
    dni_pat_free(al, cl, T, sizeof *cl);
    return st;
}

/* The length of the run of elements starting at e: the longest e .. e + len - 1 whose K
 * indices all advance by the same step *step (modulo 2^64) from one element to the next. */
static size_t run_len(const unsigned *idx, unsigned K, size_t m, size_t e, size_t *step)
{
    const unsigned *I = idx + e * K;
    size_t len = 1;
    *step = 0;
    if (e + 1 < m) *step = (size_t)I[K] - I[0];
    for (; e + len < m; len++, I += K)
        for (unsigned k = 0; k < K; k++)
            if ((size_t)I[K + k] - I[k] != *step) return len;
    return len;
}

int dni_pat_runs(const dn_allocator *al, const unsigned *idx, unsigned K, size_t m,
                 size_t *nrun, size_t **rstart, size_t **rstep)
{
    size_t nr = 0, step;
    *nrun = 0, *rstart = NULL, *rstep = NULL;
    for (size_t e = 0; e < m; nr++) e += run_len(idx, K, m, e, &step);
    if (nr == 0 || nr > m / 8) return DN_OK;
    size_t *rs = dni_pat_alloc(al, nr + 1, sizeof *rs),
           *rt = dni_pat_alloc(al, nr, sizeof *rt);
    if (!rs || !rt) {
        dni_pat_free(al, rs, nr + 1, sizeof *rs);
        dni_pat_free(al, rt, nr, sizeof *rt);
        return DN_ENOMEM;
    }
    size_t q = 0, e = 0;
    for (; e < m; q++) {
        rs[q] = e;
        e += run_len(idx, K, m, e, &rt[q]);
    }
    rs[q] = m;
    *nrun = nr, *rstart = rs, *rstep = rt;
    return DN_OK;
}

int dni_pat_adopt(dn_sphess *H, unsigned n, const size_t *rowptr, const unsigned *col,
                  size_t nnz)
{
    const size_t n1 = (size_t)n + 1;
    if (H->rowptr && H->n == n && H->nnz == nnz &&
        !memcmp(H->rowptr, rowptr, n1 * sizeof *H->rowptr) &&
        (nnz == 0 || !memcmp(H->col, col, nnz * sizeof *H->col)))
        return DN_OK;
    size_t cap = nnz ? nnz : 1;
    size_t *r = dni_pat_alloc(H->al, n1, sizeof *r);
    unsigned *c = dni_pat_alloc(H->al, cap, sizeof *c);
    double *val = dni_pat_alloc(H->al, cap, sizeof *val);
    if (!r || !c || !val) {
        dni_pat_free(H->al, r, n1, sizeof *r);
        dni_pat_free(H->al, c, cap, sizeof *c);
        dni_pat_free(H->al, val, cap, sizeof *val);
        return DN_ENOMEM;
    }
    memcpy(r, rowptr, n1 * sizeof *r);
    if (nnz) memcpy(c, col, nnz * sizeof *c);
    dn_sphess_clear(H);
    H->n = n, H->nnz = nnz, H->rowptr = r, H->col = c, H->val = val, H->cap = cap;
    return DN_OK;
}
