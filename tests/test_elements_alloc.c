/* Element drivers (part of the test_elements program): allocation failures through a
 * counting allocator that checks every free's size; pattern reuse and replacement;
 * dn_elements_bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"
#include "../bench/w3_rosen.h"
#include "../bench/w6_surface.h"

/* ==== 4. allocation failures, pattern reuse and replacement ================================== */

/* overlapping elements (the merged pattern is smaller than the elements' triangles) and
 * disjoint ones (equal) */
static const unsigned al_idx_overlap[12] = {0, 3, 5, 1, 3, 5, 0, 4, 2, 1, 0, 3};
static const unsigned al_idx_disjoint[6] = {0, 1, 2, 3, 4, 5};
/* a chain of 19 elements (x_i, x_i+1): one run, whose start and step are stored */
static const unsigned al_idx_chain[38] = {0,  1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,
                                          7,  7,  8,  8,  9,  9,  10, 10, 11, 11, 12, 12, 13,
                                          13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 19};

Test(elements, new_allocation_failures)
{
    struct {
        unsigned n, K;
        size_t m;
        const unsigned *idx;
    } cases[] = {{6, 3, 4, al_idx_overlap}, {6, 2, 3, al_idx_disjoint}, {7, 4, 3, al_idx_overlap},
                 {6, 1, 6, al_idx_disjoint}, {4, 2, 0, NULL}, {20, 2, 19, al_idx_chain}};
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        counting c;
        counting_init(&c);
        dn_allocator al = {c_alloc, c_free, &c};
        dn_elements *E = SENTINEL;
        long k = 0;
        int st;
        for (;; k++) {
            c.fail_at = k, c.count = 0;
            st = dn_elements_new(&E, cases[t].n, cases[t].K, cases[t].m, cases[t].idx, &al);
            if (st != DN_ENOMEM) break;
            cr_expect(E == SENTINEL, "case %zu: *E written on failure %ld", t, k);
            cr_expect_eq(c.live, 0, "case %zu: leak after failure %ld", t, k);
            cr_expect_eq(c.bad_free, 0, "case %zu: bad free after failure %ld", t, k);
            cr_assert(k < 100);
        }
        cr_assert_eq(st, 0, "case %zu: status %d", t, st);
        cr_expect(k >= 2, "case %zu: only %ld allocations", t, k);
        cr_expect_eq(c.count, k, "case %zu: allocations after the last failing one", t);
        cr_assert(E != SENTINEL && E != NULL);
        cr_expect(dn_elements_bytes(E) > 0);
        /* it works: against the same structure from malloc */
        dn_elements *E2 = NULL;
        cr_assert_eq(dn_elements_new(&E2, cases[t].n, cases[t].K, cases[t].m, cases[t].idx, NULL),
                     0);
        cr_expect_eq(dn_elements_bytes(E), dn_elements_bytes(E2));
        dn_elements_free(E2);
        dn_elements_free(E);
        cr_expect_eq(c.live, 0, "case %zu: leak", t);
        cr_expect_eq(c.bad_free, 0, "case %zu: free with a wrong size", t);
    }
}

/* K = 3 overlapping: a product of all three variables plus squares */
DN_ELEMENT_O2(cub_el, 3, T, u, e, ctx,
    T sq = dnh_mul_d(dnh_mul(u[1], u[1]), 0.5 + (double)e);
    return dnh_add(dnh_mul(dnh_mul(u[0], u[1]), dnh_exp(u[2])), sq);)

Test(elements, hessian_allocation_failures)
{
    double x[6] = {0.3, -0.2, 0.5, 1.0, -0.7, 0.4};
    dn_elements *E = NULL;
    cr_assert_eq(dn_elements_new(&E, 6, 3, 4, al_idx_overlap, NULL), 0);
    dn_sphess R;
    double fr, gr[6];
    dn_sphess_init(&R, NULL);
    cr_assert_eq(dn_hessian_el(&fr, gr, &R, cub_el, NULL, x, E), 0);
    for (int prefilled = 0; prefilled < 2; prefilled++)
        for (long k = 0;; k++) {
            counting c;
            counting_init(&c);
            dn_allocator al = {c_alloc, c_free, &c};
            dn_sphess S;
            dn_sphess_init(&S, &al);
            unsigned kk = 3;
            double xs[9] = {0};
            if (prefilled) /* another pattern first (n = 9) */
                cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, w6_surface_sp, &kk, xs, 9, NULL), 0);
            dn_sphess before = S;
            long live = c.live;
            double f = 7, g[6] = {7, 7, 7, 7, 7, 7};
            c.fail_at = c.count + k;
            int st = dn_hessian_el(&f, g, &S, cub_el, NULL, x, E);
            if (st == DN_ENOMEM) {
                cr_expect(memcmp(&before, &S, sizeof S) == 0, "%d: H changed on failure %ld",
                          prefilled, k);
                cr_expect(f == 7.0, "fx written on failure");
                for (int i = 0; i < 6; i++) cr_expect(g[i] == 7.0, "g written on failure");
                cr_expect_eq(c.live, live, "%d: leak on failure %ld", prefilled, k);
                dn_sphess_clear(&S);
                cr_expect(c.live == 0 && c.bad_free == 0);
                cr_assert(k < 10);
                continue;
            }
            cr_assert_eq(st, 0);
            cr_expect(k >= 3, "only %ld allocations", k);
            /* the result of a fresh H */
            cr_assert(S.n == R.n && S.nnz == R.nnz);
            cr_expect(f == fr);
            for (int i = 0; i < 6; i++) cr_expect(g[i] == gr[i]);
            for (unsigned i = 0; i <= R.n; i++) cr_expect_eq(S.rowptr[i], R.rowptr[i]);
            for (size_t p = 0; p < R.nnz; p++)
                cr_expect(S.col[p] == R.col[p] && S.val[p] == R.val[p], "entry %zu", p);
            dn_sphess_clear(&S);
            cr_expect(c.live == 0 && c.bad_free == 0, "leak or bad free");
            break;
        }
    dn_sphess_clear(&R);
    dn_elements_free(E);
}

Test(elements, pattern_reuse_and_replacement)
{
    enum { n = 6 };
    double x[n] = {0.3, -0.2, 0.5, 1.0, -0.7, 0.4}, D1[n * n], D2[n * n];
    dn_elements *E = NULL, *Eperm = NULL, *Eother = NULL;
    cr_assert_eq(dn_elements_new(&E, n, 3, 4, al_idx_overlap, NULL), 0);
    /* the same union pattern from the elements in another order and orientation */
    static const unsigned perm_idx[12] = {2, 4, 0, 0, 3, 1, 5, 3, 0, 3, 5, 1};
    cr_assert_eq(dn_elements_new(&Eperm, n, 3, 4, perm_idx, NULL), 0);
    static const unsigned other_idx[6] = {0, 1, 2, 3, 4, 5};
    cr_assert_eq(dn_elements_new(&Eother, n, 3, 2, other_idx, NULL), 0);
    counting c;
    counting_init(&c);
    dn_allocator al = {c_alloc, c_free, &c};
    dn_sphess S, F;
    dn_sphess_init(&S, &al);
    cr_assert_eq(dn_hessian_el(NULL, NULL, &S, cub_el, NULL, x, E), 0);
    long after_first = c.count;
    size_t *rp = S.rowptr;
    unsigned *cp = S.col;
    double *vp = S.val;
    csr_dense(&S, D1);
    /* again, at another x: no allocation, the arrays kept, the values of a fresh H */
    x[2] += 0.5;
    double f1, g1[n], f2, g2[n];
    cr_assert_eq(dn_hessian_el(&f1, g1, &S, cub_el, NULL, x, E), 0);
    cr_expect_eq(c.count, after_first, "allocation on reuse");
    cr_expect(S.rowptr == rp && S.col == cp && S.val == vp, "arrays replaced on reuse");
    dn_sphess_init(&F, NULL);
    cr_assert_eq(dn_hessian_el(&f2, g2, &F, cub_el, NULL, x, E), 0);
    cr_assert_eq(S.nnz, F.nnz);
    cr_expect(f1 == f2);
    for (unsigned i = 0; i < n; i++) cr_expect(g1[i] == g2[i]);
    for (size_t p = 0; p < F.nnz; p++) cr_expect(S.val[p] == F.val[p], "reused val[%zu]", p);
    csr_dense(&S, D1);
    /* the same pattern from another structure: reused, values at that structure's positions
     * (its elements are E's, so the Hessian is E's up to rounding) */
    cr_assert_eq(dn_hessian_el(NULL, NULL, &S, cub_el, NULL, x, Eperm), 0);
    cr_expect_eq(c.count, after_first, "allocation for an equal pattern");
    csr_dense(&S, D2);
    /* Eperm's element e has other variables than E's: compare with its own reference */
    dn_sphess P;
    dn_sphess_init(&P, NULL);
    cr_assert_eq(dn_hessian_el(NULL, NULL, &P, cub_el, NULL, x, Eperm), 0);
    for (size_t p = 0; p < P.nnz; p++) cr_expect(S.val[p] == P.val[p], "Eperm val[%zu]", p);
    cr_assert_eq(P.nnz, F.nnz);
    for (size_t p = 0; p < P.nnz; p++) cr_expect(P.col[p] == F.col[p], "same pattern");
    /* another pattern (same n): replaced, old arrays freed */
    cr_assert_eq(dn_hessian_el(NULL, NULL, &S, cub_el, NULL, x, Eother), 0);
    cr_expect_eq(S.nnz, 12u);
    cr_expect_eq(c.live, 3, "old arrays not freed");
    dn_sphess O;
    dn_sphess_init(&O, NULL);
    cr_assert_eq(dn_hessian_el(NULL, NULL, &O, cub_el, NULL, x, Eother), 0);
    for (unsigned i = 0; i <= n; i++) cr_expect_eq(S.rowptr[i], O.rowptr[i]);
    for (size_t p = 0; p < O.nnz; p++) cr_expect(S.col[p] == O.col[p] && S.val[p] == O.val[p]);
    /* the same n, rowptr and nnz but other columns: replaced */
    {
        static const unsigned i1[4] = {1, 0, 2, 1}, i2[4] = {1, 0, 0, 2};
        dn_elements *A = NULL, *B = NULL;
        cr_assert_eq(dn_elements_new(&A, 3, 2, 2, i1, NULL), 0);
        cr_assert_eq(dn_elements_new(&B, 3, 2, 2, i2, NULL), 0);
        dn_sphess T3;
        dn_sphess_init(&T3, NULL);
        double x3[3] = {0.5, -1.0, 2.0};
        cr_assert_eq(dn_hessian_el(NULL, NULL, &T3, rosen_el, NULL, x3, A), 0);
        cr_assert_eq(T3.nnz, 5u);
        cr_expect(T3.col[3] == 1u, "A: (2,1)");
        cr_assert_eq(dn_hessian_el(NULL, NULL, &T3, rosen_el, NULL, x3, B), 0);
        cr_assert_eq(T3.nnz, 5u);
        /* rows 0: (0,0); 1: (1,0) (1,1); 2: (2,0) (2,2) */
        cr_expect(T3.col[0] == 0u && T3.col[1] == 0u && T3.col[2] == 1u && T3.col[3] == 0u &&
                      T3.col[4] == 2u,
                  "B's columns: %u %u %u %u %u", T3.col[0], T3.col[1], T3.col[2], T3.col[3],
                  T3.col[4]);
        /* B: rosen on (x1, x0) and (x0, x2): H_20 = -400 x0, H_10 = -400 x1 */
        cr_expect(T3.val[3] == -400.0 * x3[0] && T3.val[1] == -400.0 * x3[1], "B's values");
        dn_sphess_clear(&T3);
        dn_elements_free(A);
        dn_elements_free(B);
    }
    /* a pattern of dn_hessian_sp (n = 9, then n = 6 with other entries): replaced */
    unsigned kk = 3;
    double xs[9] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};
    for (int which = 0; which < 2; which++) {
        if (which == 0)
            cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, w6_surface_sp, &kk, xs, 9, NULL), 0);
        else
            cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, rosen_sp, NULL, xs, n, NULL), 0);
        cr_assert_eq(dn_hessian_el(&f1, g1, &S, cub_el, NULL, x, E), 0);
        cr_assert_eq(S.n, n);
        cr_assert_eq(S.nnz, F.nnz, "%d: nnz %zu want %zu", which, S.nnz, F.nnz);
        for (unsigned i = 0; i <= n; i++) cr_expect_eq(S.rowptr[i], F.rowptr[i]);
        for (size_t p = 0; p < F.nnz; p++)
            cr_expect(S.col[p] == F.col[p] && S.val[p] == F.val[p], "%d: entry %zu", which, p);
        cr_expect(f1 == f2);
        for (unsigned i = 0; i < n; i++) cr_expect(g1[i] == g2[i]);
        cr_expect_eq(c.live, 3);
    }
    /* a pattern of dn_hessian_sp equal to the structure's (chained Rosenbrock, n = 6):
     * kept, no allocation, the values of the elements */
    dn_elements *R = rosen_struct(n);
    cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, rosen_sp, NULL, x, n, NULL), 0);
    cr_assert_eq(S.nnz, 2u * n - 1);
    long before_el = c.count;
    rp = S.rowptr, cp = S.col, vp = S.val;
    for (size_t p = 0; p < S.nnz; p++) S.val[p] = NAN;
    cr_assert_eq(dn_hessian_el(NULL, NULL, &S, rosen_el, NULL, x, R), 0);
    cr_expect_eq(c.count, before_el, "allocation for dn_hessian_sp's equal pattern");
    cr_expect(S.rowptr == rp && S.col == cp && S.val == vp);
    dn_sphess W;
    dn_sphess_init(&W, NULL);
    cr_assert_eq(dn_hessian_el(NULL, NULL, &W, rosen_el, NULL, x, R), 0);
    cr_assert_eq(W.nnz, S.nnz);
    for (size_t p = 0; p < W.nnz; p++)
        cr_expect(S.val[p] == W.val[p] && S.col[p] == W.col[p], "rosen entry %zu", p);
    dn_sphess_clear(&W);
    dn_elements_free(R);
    dn_sphess_clear(&S);
    dn_sphess_clear(&F);
    dn_sphess_clear(&P);
    dn_sphess_clear(&O);
    cr_expect(c.live == 0 && c.bad_free == 0);
    dn_elements_free(E);
    dn_elements_free(Eperm);
    dn_elements_free(Eother);
}

/* ==== 5. sizes and NULL ======================================================================= */

Test(elements, bytes_and_free_null)
{
    dn_elements_free(NULL);
    cr_expect_eq(dn_elements_bytes(NULL), 0u);
    dn_elements *E1 = NULL, *E2 = NULL;
    unsigned idx[8] = {0, 1, 1, 2, 2, 3, 3, 4};
    cr_assert_eq(dn_elements_new(&E1, 5, 2, 1, idx, NULL), 0);
    cr_assert_eq(dn_elements_new(&E2, 5, 2, 4, idx, NULL), 0);
    cr_expect(dn_elements_bytes(E1) > 0);
    cr_expect(dn_elements_bytes(E2) > dn_elements_bytes(E1));
    /* E2 holds at least its indices, positions and the pattern's columns (9 entries) */
    cr_expect(dn_elements_bytes(E2) >= 8 * sizeof(unsigned) + 12 * sizeof(uint32_t) +
                                           9 * sizeof(unsigned));
    dn_elements_free(E1);
    dn_elements_free(E2);
}
