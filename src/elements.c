/* The element drivers of partially separable objectives (dnum/hessian.h): the element
 * structure with its Hessian pattern, and the four drivers around a DN_ELEMENT_O2 loop. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/hessian.h"
#include "err_impl.h"

struct dn_elements {
    unsigned n, k;
    size_t m;
    unsigned *idx;         /* m k indices */
    uint32_t *pos;         /* m k(k+1)/2 positions of the elements' entries in the pattern */
    size_t nnz;            /* entries of the pattern */
    size_t *rowptr;        /* n + 1 */
    unsigned *col;         /* nnz */
    size_t nrun;           /* runs of elements whose indices advance by a constant step, or 0 */
    size_t *rstart;        /* nrun + 1: each run's first element, then m */
    size_t *rstep;         /* nrun: each run's step (modulo 2^64) */
    const dn_allocator *al;
};

static void *el_alloc(const dn_allocator *al, size_t n, size_t elem)
{
    if (n > SIZE_MAX / elem) return NULL;
    size_t size = (n ? n : 1) * elem;
    return al ? al->alloc(size, al->ctx) : malloc(size);
}

static void el_free(const dn_allocator *al, void *p, size_t n, size_t elem)
{
    if (!p) return;
    if (al) al->free(p, (n ? n : 1) * elem, al->ctx);
    else free(p);
}

void dn_elements_free(dn_elements *E)
{
    if (E == NULL) return;
    size_t T = E->m * DNEL_O2_TRI(E->k);
    const dn_allocator *al = E->al;
    el_free(al, E->idx, E->m * E->k, sizeof *E->idx);
    el_free(al, E->pos, T, sizeof *E->pos);
    el_free(al, E->rowptr, (size_t)E->n + 1, sizeof *E->rowptr);
    el_free(al, E->col, E->nnz, sizeof *E->col);
    if (E->nrun) {
        el_free(al, E->rstart, E->nrun + 1, sizeof *E->rstart);
        el_free(al, E->rstep, E->nrun, sizeof *E->rstep);
    }
    el_free(al, E, 1, sizeof *E);
}

size_t dn_elements_bytes(const dn_elements *E)
{
    if (E == NULL) return 0;
    return sizeof *E + E->m * E->k * sizeof *E->idx + E->m * DNEL_O2_TRI(E->k) * sizeof *E->pos +
           ((size_t)E->n + 1) * sizeof *E->rowptr + E->nnz * sizeof *E->col +
           (E->nrun ? (E->nrun + 1) * sizeof *E->rstart + E->nrun * sizeof *E->rstep : 0);
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

/* The runs of the structure, when they save reading the indices: kept only where the
 * runs are on average at least 8 elements long (the loop then reads the indices once per
 * run); otherwise nrun stays 0. 0 or DN_ENOMEM. */
static int build_runs(dn_elements *E)
{
    const unsigned K = E->k;
    const size_t m = E->m;
    size_t nrun = 0, step;
    for (size_t e = 0; e < m; nrun++) e += run_len(E->idx, K, m, e, &step);
    if (nrun == 0 || nrun > m / 8) return DN_OK;
    E->rstart = el_alloc(E->al, nrun + 1, sizeof *E->rstart);
    E->rstep = el_alloc(E->al, nrun, sizeof *E->rstep);
    if (!E->rstart || !E->rstep) {
        el_free(E->al, E->rstart, nrun + 1, sizeof *E->rstart);
        el_free(E->al, E->rstep, nrun, sizeof *E->rstep);
        E->rstart = NULL, E->rstep = NULL;
        return DN_ENOMEM;
    }
    size_t q = 0, e = 0;
    for (; e < m; q++) {
        E->rstart[q] = e;
        e += run_len(E->idx, K, m, e, &E->rstep[q]);
    }
    E->rstart[q] = m;
    E->nrun = nrun;
    return DN_OK;
}

/* The pattern: every element's triangle entry (row = the larger index) is a triplet
 * t = e T + s; the triplets are sorted by column, then stably by row, and equal
 * neighbours merged; pos[t] is the merged entry's position. 0 or DN_ENOMEM. */
static int build_pattern(dn_elements *E)
{
    const unsigned K = E->k, n = E->n;
    const size_t T = E->m * DNEL_O2_TRI(K);
    const dn_allocator *al = E->al;
    uint32_t *row = el_alloc(al, T, sizeof *row), *cl = el_alloc(al, T, sizeof *cl);
    uint32_t *perm = el_alloc(al, T, sizeof *perm), *perm2 = el_alloc(al, T, sizeof *perm2);
    size_t *cnt = el_alloc(al, (size_t)n + 1, sizeof *cnt);
    E->rowptr = el_alloc(al, (size_t)n + 1, sizeof *E->rowptr);
    E->pos = el_alloc(al, T, sizeof *E->pos);
    E->col = el_alloc(al, T, sizeof *E->col); /* shrunk to nnz below when smaller */
    int st = DN_ENOMEM;
    if (!row || !cl || !perm || !perm2 || !cnt || !E->rowptr || !E->pos || !E->col) goto out;
    for (size_t e = 0, t = 0; e < E->m; e++) {
        const unsigned *I = E->idx + e * K;
        for (unsigned i = 0; i < K; i++)
            for (unsigned j = 0; j <= i; j++, t++) {
                unsigned a = I[i], b = I[j];
                row[t] = a > b ? a : b;
                cl[t] = a > b ? b : a;
            }
    }
    /* by column, then stably by row */
    memset(cnt, 0, ((size_t)n + 1) * sizeof *cnt);
    for (size_t t = 0; t < T; t++) cnt[cl[t] + 1]++;
    for (unsigned i = 0; i < n; i++) cnt[i + 1] += cnt[i];
    for (size_t t = 0; t < T; t++) perm[cnt[cl[t]]++] = (uint32_t)t;
    memset(cnt, 0, ((size_t)n + 1) * sizeof *cnt);
    for (size_t t = 0; t < T; t++) cnt[row[t] + 1]++;
    for (unsigned i = 0; i < n; i++) cnt[i + 1] += cnt[i];
    for (size_t q = 0; q < T; q++) perm2[cnt[row[perm[q]]]++] = perm[q];
    /* merge equal neighbours */
    size_t nnz = 0;
    memset(E->rowptr, 0, ((size_t)n + 1) * sizeof *E->rowptr);
    for (size_t q = 0; q < T; q++) {
        uint32_t t = perm2[q];
        if (!(nnz && row[perm2[q - 1]] == row[t] && E->col[nnz - 1] == cl[t])) {
            E->col[nnz++] = cl[t];
            E->rowptr[row[t] + 1]++;
        }
        E->pos[t] = (uint32_t)(nnz - 1);
    }
    for (unsigned i = 0; i < n; i++) E->rowptr[i + 1] += E->rowptr[i];
    E->nnz = nnz;
    if (nnz < T) { /* keep only nnz columns */
        unsigned *c = el_alloc(al, nnz, sizeof *c);
        if (!c) goto out;
        memcpy(c, E->col, nnz * sizeof *c);
        el_free(al, E->col, T, sizeof *E->col);
        E->col = c;
    }
    st = DN_OK;
out:
    el_free(al, row, T, sizeof *row);
    el_free(al, cl, T, sizeof *cl);
    el_free(al, perm, T, sizeof *perm);
    el_free(al, perm2, T, sizeof *perm2);
    el_free(al, cnt, (size_t)n + 1, sizeof *cnt);
    if (st) { /* the caller frees E: make its sizes match what is held */
        el_free(al, E->col, T, sizeof *E->col);
        E->col = NULL;
        E->nnz = 0;
    }
    return st;
}

int (dn_elements_new_ex)(dn_elements **E, unsigned n, unsigned K, size_t m,
                         const unsigned *idx, const dn_allocator *al, dn_errinfo *err)
{
    static const char fn[] = "dn_elements_new";
    const dni_req req[] = {{E != NULL, 1, "E is NULL"}, {n != 0, 2, "n is 0"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    if (K < 1 || K > 4)
        return dni_fail(err, DN_EINVAL, 3, SIZE_MAX, "%s: argument 3: K = %u is outside 1..4",
                        fn, K);
    if (m > 0 && idx == NULL)
        return dni_fail(err, DN_EINVAL, 5, SIZE_MAX,
                        "%s: argument 5: idx is NULL (with m > 0)", fn);
    if (m > (UINT32_MAX - 1) / DNEL_O2_TRI(K))
        return dni_fail(err, DN_ERANGE, 4, SIZE_MAX,
                        "%s: argument 4: m = %zu elements have more than 2^32 - 2 triangle "
                        "entries", fn, m);
    for (size_t e = 0; e < m; e++) {
        const unsigned *I = idx + e * K;
        for (unsigned i = 0; i < K; i++) {
            if (I[i] >= n)
                return dni_fail(err, DN_EINVAL, 5, e,
                                "%s: argument 5: element %zu: index %u >= n = %u (idx[%zu])",
                                fn, e, I[i], n, e * K + i);
            for (unsigned j = 0; j < i; j++)
                if (I[i] == I[j])
                    return dni_fail(err, DN_EINVAL, 5, e,
                                    "%s: argument 5: element %zu: index %u repeated (idx[%zu] "
                                    "and idx[%zu])", fn, e, I[i], e * K + j, e * K + i);
        }
    }
    dn_elements *S = el_alloc(al, 1, sizeof *S);
    if (!S) return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory", fn);
    memset(S, 0, sizeof *S);
    S->n = n, S->k = K, S->m = m, S->al = al;
    S->idx = el_alloc(al, m * K, sizeof *S->idx);
    if (S->idx && m) memcpy(S->idx, idx, m * K * sizeof *idx);
    if (!S->idx || build_pattern(S) || build_runs(S)) {
        dn_elements_free(S);
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory", fn);
    }
    *E = S;
    return dni_ok(err);
}

int (dn_elements_new)(dn_elements **E, unsigned n, unsigned K, size_t m, const unsigned *idx,
                      const dn_allocator *al)
{
    return dn_elements_new_ex(E, n, K, m, idx, al, NULL);
}

/* Checks the common arguments (f, x, E at positions fpos, fpos + 2 and epos) and that f
 * is defined for E's K; fills the job. */
static int job_init(dni_eljob *J, int mode, const char *fn, dn_element_o2 f, void *ctx,
                    const double *x, const dn_elements *E, unsigned fpos, unsigned epos,
                    dn_errinfo *err)
{
    const dni_req req[] = {{f != NULL, fpos, "f is NULL"}, {x != NULL, fpos + 2, "x is NULL"},
                           {E != NULL, epos, "E is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    memset(J, 0, sizeof *J);
    J->mode = -1;
    f(J); /* probe: its K */
    if (J->k != E->k)
        return dni_fail(err, DN_EINVAL, fpos, SIZE_MAX,
                        "%s: argument %u: f is an element of K = %u variables, E (argument "
                        "%u) has K = %u", fn, fpos, J->k, epos, E->k);
    J->mode = mode, J->m = E->m, J->idx = E->idx, J->pos = E->pos, J->x = x, J->ctx = ctx;
    J->nrun = E->nrun, J->rstart = E->rstart, J->rstep = E->rstep;
    return DN_OK;
}

/* Zeroes grad (n entries) and out (nout), runs f, writes fx. The first run seeds the
 * variables with their structural zeros; when an entry it wrote was not finite, where the
 * skipped zeros might have been NaN (0 Inf), the outputs are cleared and f runs again with
 * every entry computed, so the results are those of the dense formulas in every case. */
static int run(dni_eljob *J, dn_element_o2 f, double *fx, double *grad, size_t n, double *out,
               size_t nout, dn_errinfo *err)
{
    J->grad = grad, J->out = out;
    for (int pass = 0; pass < 2; pass++) {
        if (grad) memset(grad, 0, n * sizeof *grad);
        if (out) memset(out, 0, nout * sizeof *out);
        J->dense = pass, J->redo = 0;
        f(J);
        if (!J->redo) break;
    }
    if (fx) *fx = J->fx;
    return dni_ok(err);
}

/* the gradient, diagonal and H v drivers (out: n entries, or NULL in mode 0) */
static int dense_el(int mode, const char *fn, double *fx, double *grad, double *out,
                    dn_element_o2 f, void *ctx, const double *x, const double *v,
                    const dn_elements *E, unsigned fpos, unsigned epos, dn_errinfo *err)
{
    dni_eljob J;
    int st = job_init(&J, mode, fn, f, ctx, x, E, fpos, epos, err);
    if (st) return st;
    J.v = v;
    return run(&J, f, fx, grad, E->n, out, out ? E->n : 0, err);
}

int (dn_grad_el_ex)(double *fx, double *grad, dn_element_o2 f, void *ctx, const double *x,
                    const dn_elements *E, dn_errinfo *err)
{
    if (grad == NULL)
        return dni_fail(err, DN_EINVAL, 2, SIZE_MAX, "dn_grad_el: argument 2: grad is NULL");
    return dense_el(0, "dn_grad_el", fx, grad, NULL, f, ctx, x, NULL, E, 3, 6, err);
}

int (dn_grad_el)(double *fx, double *grad, dn_element_o2 f, void *ctx, const double *x,
                 const dn_elements *E)
{
    return dn_grad_el_ex(fx, grad, f, ctx, x, E, NULL);
}

int (dn_hessdiag_el_ex)(double *fx, double *grad, double *hdiag, dn_element_o2 f, void *ctx,
                        const double *x, const dn_elements *E, dn_errinfo *err)
{
    if (hdiag == NULL)
        return dni_fail(err, DN_EINVAL, 3, SIZE_MAX,
                        "dn_hessdiag_el: argument 3: hdiag is NULL");
    return dense_el(1, "dn_hessdiag_el", fx, grad, hdiag, f, ctx, x, NULL, E, 4, 7, err);
}

int (dn_hessdiag_el)(double *fx, double *grad, double *hdiag, dn_element_o2 f, void *ctx,
                     const double *x, const dn_elements *E)
{
    return dn_hessdiag_el_ex(fx, grad, hdiag, f, ctx, x, E, NULL);
}

int (dn_hessvec_el_ex)(double *fx, double *grad, double *hv, dn_element_o2 f, void *ctx,
                       const double *x, const double *v, const dn_elements *E,
                       dn_errinfo *err)
{
    static const char fn[] = "dn_hessvec_el";
    const dni_req req[] = {{hv != NULL, 3, "hv is NULL"}, {f != NULL, 4, "f is NULL"},
                           {x != NULL, 6, "x is NULL"}, {v != NULL, 7, "v is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return dense_el(2, fn, fx, grad, hv, f, ctx, x, v, E, 4, 8, err);
}

int (dn_hessvec_el)(double *fx, double *grad, double *hv, dn_element_o2 f, void *ctx,
                    const double *x, const double *v, const dn_elements *E)
{
    return dn_hessvec_el_ex(fx, grad, hv, f, ctx, x, v, E, NULL);
}

int (dn_hessian_el_ex)(double *fx, double *grad, dn_sphess *H, dn_element_o2 f, void *ctx,
                       const double *x, const dn_elements *E, dn_errinfo *err)
{
    static const char fn[] = "dn_hessian_el";
    dni_eljob J;
    if (H == NULL)
        return dni_fail(err, DN_EINVAL, 3, SIZE_MAX, "%s: argument 3: H is NULL", fn);
    int st = job_init(&J, 3, fn, f, ctx, x, E, 4, 7, err);
    if (st) return st;
    const size_t n1 = (size_t)E->n + 1, nnz = E->nnz;
    int same = H->rowptr && H->n == E->n && H->nnz == nnz &&
               !memcmp(H->rowptr, E->rowptr, n1 * sizeof *H->rowptr) &&
               (nnz == 0 || !memcmp(H->col, E->col, nnz * sizeof *H->col));
    if (!same) { /* E's pattern into new arrays, then H's replaced */
        size_t cap = nnz ? nnz : 1;
        size_t *rowptr = el_alloc(H->al, n1, sizeof *rowptr);
        unsigned *col = el_alloc(H->al, cap, sizeof *col);
        double *val = el_alloc(H->al, cap, sizeof *val);
        if (!rowptr || !col || !val) {
            el_free(H->al, rowptr, n1, sizeof *rowptr);
            el_free(H->al, col, cap, sizeof *col);
            el_free(H->al, val, cap, sizeof *val);
            return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (H)", fn);
        }
        memcpy(rowptr, E->rowptr, n1 * sizeof *rowptr);
        if (nnz) memcpy(col, E->col, nnz * sizeof *col);
        dn_sphess_clear(H);
        H->n = E->n, H->nnz = nnz, H->rowptr = rowptr, H->col = col, H->val = val;
        H->cap = cap;
    }
    return run(&J, f, fx, grad, E->n, H->val, nnz, err);
}

int (dn_hessian_el)(double *fx, double *grad, dn_sphess *H, dn_element_o2 f, void *ctx,
                    const double *x, const dn_elements *E)
{
    return dn_hessian_el_ex(fx, grad, H, f, ctx, x, E, NULL);
}
