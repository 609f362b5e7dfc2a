/* Helpers shared by the element-driver tests (declared in elements_util.h). */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"

/* the lower-triangle CSR H as a dense symmetric matrix D (n x n); checks the CSR shape */
void csr_dense(const dn_sphess *H, double *D)
{
    unsigned n = H->n;
    memset(D, 0, (size_t)n * n * sizeof *D);
    cr_assert_eq(H->rowptr[0], 0u);
    cr_assert_eq(H->rowptr[n], H->nnz);
    for (unsigned i = 0; i < n; i++) {
        cr_assert(H->rowptr[i] <= H->rowptr[i + 1], "rowptr not monotone at %u", i);
        for (size_t p = H->rowptr[i]; p < H->rowptr[i + 1]; p++) {
            unsigned j = H->col[p];
            cr_assert(j <= i, "entry (%u,%u) above the diagonal", i, j);
            if (p > H->rowptr[i]) cr_assert(H->col[p - 1] < j, "columns not ascending");
            D[(size_t)i * n + j] = D[(size_t)j * n + i] = H->val[p];
        }
    }
}

double maxabs(const double *a, size_t n, double floor_)
{
    double s = floor_;
    for (size_t i = 0; i < n; i++)
        if (isfinite(a[i])) s = fmax(s, fabs(a[i])); /* (an Inf would make any scale pass) */
    return s;
}

void *c_alloc(size_t size, void *ctx)
{
    counting *c = ctx;
    if (c->count++ == c->fail_at) return NULL;
    void *p = malloc(size);
    if (!p) return NULL;
    for (int i = 0; i < NTAB; i++)
        if (!c->tab[i].p) {
            c->tab[i].p = p, c->tab[i].size = size;
            c->live++;
            return p;
        }
    cr_assert_fail("allocation table full");
    return NULL;
}

void c_free(void *p, size_t size, void *ctx)
{
    counting *c = ctx;
    for (int i = 0; i < NTAB; i++)
        if (c->tab[i].p == p) {
            if (c->tab[i].size != size) c->bad_free++;
            c->tab[i].p = NULL;
            c->live--;
            free(p);
            return;
        }
    c->bad_free++;
}

void counting_init(counting *c)
{
    memset(c, 0, sizeof *c);
    c->fail_at = -1;
}

/* chained Rosenbrock, elements (x_i, x_i+1): rosen_el of bench/w3_rosen.h (the code the
 * benchmark measures), its structure made here (checking that idx is copied) */
dn_elements *rosen_struct(unsigned n)
{
    unsigned *idx = malloc(2 * (size_t)(n - 1) * sizeof *idx);
    cr_assert(idx);
    for (unsigned i = 0; i + 1 < n; i++) idx[2 * i] = i, idx[2 * i + 1] = i + 1;
    dn_elements *E = NULL;
    cr_assert_eq(dn_elements_new(&E, n, 2, n - 1, idx, NULL), 0);
    memset(idx, 0xff, 2 * (size_t)(n - 1) * sizeof *idx); /* copied: idx may be freed */
    free(idx);
    return E;
}
