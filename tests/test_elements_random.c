/* Element drivers (part of the test_elements program): random element structures with
 * random per-element programs (e and ctx) against a DN_OBJECTIVE_O2 summing the same
 * elements, with the exact pattern of the sparse Hessian; structural zeros. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"
#include "../bench/w5_logreg.h" /* w5_uniform: the random numbers */
#include "w3_check.h"         /* NEAR */

/* ---- random element structures with random element programs ----------------------------- */

enum { MAXI = 12, MAXM = 14 };
struct prog {
    unsigned len;
    struct ins {
        int op, a, b;
        double c;
    } ins[MAXI];
};

/* a register machine on the K element variables, the same for every number type */
#define DEF_PROG(name, T)                                                                  \
    static T name(const T *u, unsigned K, const struct prog *P, double coef)               \
    {                                                                                      \
        T r[4 + MAXI], s, c;                                                               \
        unsigned m = 0;                                                                    \
        for (unsigned i = 0; i < K; i++) r[m++] = u[i];                                    \
        for (unsigned t = 0; t < P->len; t++) {                                            \
            const struct ins *I = &P->ins[t];                                              \
            T a = r[I->a], b = r[I->b], q;                                                 \
            double k = I->c;                                                               \
            switch (I->op) {                                                               \
            case 0: q = dnh_add(a, b); break;                                              \
            case 1: q = dnh_sub(a, b); break;                                              \
            case 2: q = dnh_mul(a, b); break;                                              \
            case 3: q = dnh_div(a, dnh_add_d(dnh_mul(b, b), 1.0)); break;                  \
            case 4: q = dnh_sin(dnh_add(a, b)); break;                                     \
            case 5: q = dnh_exp(dnh_mul_d(dnh_tanh(a), k)); break;                         \
            case 6: q = dnh_log(dnh_add_d(dnh_mul(a, b), 2.0 + dnh_value(a) * dnh_value(a) + \
                                                             dnh_value(b) * dnh_value(b))); \
                break;                                                                     \
            case 7: q = dnh_atan2(a, dnh_add_d(dnh_mul(b, b), 0.5)); break;                \
            case 8: q = dnh_hypot(a, dnh_add_d(dnh_mul(b, b), 1.0)); break;                \
            case 9: q = dnh_apply(dnh_mul(a, b), dn_deriv_sin, NULL); break;               \
            case 10: q = dnh_tanh(dnh_add(a, b)); break;                                   \
            case 11: q = dnh_pow_d(dnh_add_d(dnh_mul(a, a), 1.0), k); break;               \
            case 12: q = dnh_d_div(k, dnh_add_d(dnh_mul(a, a), 1.0)); break;               \
            case 13: q = dnh_sub_d(dnh_d_sub(k, dnh_div_d(a, 3.0)), 0.5); break;           \
            case 14: q = dnh_add(dnh_neg(a), dnh_mul_d(b, k)); break;                      \
            case 15: q = dnh_sqrt(dnh_add_d(dnh_add(dnh_mul(a, a), dnh_mul(b, b)), 1.0)); break; \
            case 16: q = dnh_pow(dnh_add_d(dnh_mul(a, a), 1.0), dnh_mul_d(dnh_tanh(b), k)); break; \
            case 17:                                                                       \
                q = dnh_cbrt(dnh_add_d(dnh_mul(a, b), 3.0 + fabs(dnh_value(a) * dnh_value(b)))); \
                break;                                                                     \
            case 18: q = dnh_atan(dnh_mul(a, b)); break;                                   \
            case 19: q = dnh_erf(dnh_sub(a, b)); break;                                    \
            case 20: dnh_sincos(a, &s, &c); q = dnh_add(dnh_mul(s, b), c); break;           \
            case 21: dnh_sinhcosh(dnh_tanh(a), &s, &c); q = dnh_add(s, dnh_mul(c, b)); break; \
            case 22: q = dnh_pown(dnh_tanh(dnh_mul(a, b)), 3); break;                      \
            case 23: q = dnh_log1p(dnh_mul(a, a)); break;                                  \
            case 24: q = dnh_lgamma(dnh_add_d(dnh_mul(a, a), 1.5)); break;                 \
            case 25: q = dnh_digamma(dnh_add_d(dnh_mul(b, b), 1.5)); break;                \
            case 26: q = dnh_expm1(dnh_mul_d(dnh_tanh(dnh_mul(a, b)), k)); break;          \
            default: q = dnh_div_d(dnh_mul(dnh_tanh(a), dnh_tanh(b)), k); break;           \
            }                                                                              \
            r[m++] = q;                                                                    \
        }                                                                                  \
        T out = dnh_mul_d(r[m - 1], coef);                                                 \
        for (unsigned i = 0; i + 1 < K; i++)                                               \
            out = dnh_add(out, dnh_mul_d(dnh_mul(u[i], u[i + 1]), 0.1 * coef));            \
        return out;                                                                        \
    }
enum { NOPS = 28 };
DEF_PROG(prog_o2, dnum_o2)
DEF_PROG(prog_l2, dlane_o2)
DEF_PROG(prog_sp, dsp_o2)
DEF_PROG(prog_sph, dsph_o2)
DEF_PROG(prog_p2, dpl2_o2)
DEF_PROG(prog_p4, dpl4_o2)
DEF_PROG(prog_tp, dtp_o2)
DEF_PROG(prog_e1, dnel1_o2)
DEF_PROG(prog_e2, dnel2_o2)
DEF_PROG(prog_e3, dnel3_o2)
DEF_PROG(prog_e4, dnel4_o2)
#define PROG(T)                                                                            \
    _Generic((T){0}, dnum_o2 : prog_o2, dlane_o2 : prog_l2, dsp_o2 : prog_sp, dsph_o2 : prog_sph, \
             dpl2_o2 : prog_p2, dpl4_o2 : prog_p4, dtp_o2 : prog_tp,                                         \
             dnel1_o2 : prog_e1, dnel2_o2 : prog_e2, dnel3_o2 : prog_e3, dnel4_o2 : prog_e4)

/* the structure and the programs; the elements read progs[e] and coef[e] */
struct rctx {
    unsigned K;
    size_t m;
    const unsigned *idx;
    const struct prog *progs;
    const double *coef;
};

DN_ELEMENT_O2(rand_el1, 1, T, u, e, ctx,
    const struct rctx *C = ctx; return PROG(T)(u, 1, &C->progs[e], C->coef[e]);)
DN_ELEMENT_O2(rand_el2, 2, T, u, e, ctx,
    const struct rctx *C = ctx; return PROG(T)(u, 2, &C->progs[e], C->coef[e]);)
DN_ELEMENT_O2(rand_el3, 3, T, u, e, ctx,
    const struct rctx *C = ctx; return PROG(T)(u, 3, &C->progs[e], C->coef[e]);)
DN_ELEMENT_O2(rand_el4, 4, T, u, e, ctx,
    const struct rctx *C = ctx; return PROG(T)(u, 4, &C->progs[e], C->coef[e]);)
static const dn_element_o2 rand_el[5] = {NULL, rand_el1, rand_el2, rand_el3, rand_el4};

/* the reference: the sum of the same elements over all n variables */
DN_OBJECTIVE_O2(rand_ref, T, x, n, ctx,
    const struct rctx *C = ctx;
    T s = dnh_const(T, 0.0);
    for (size_t e = 0; e < C->m; e++) {
        T ue[4];
        for (unsigned k = 0; k < 4; k++) ue[k] = x[C->idx[e * C->K + (k < C->K ? k : 0)]];
        s = dnh_add(s, PROG(T)(ue, C->K, &C->progs[e], C->coef[e]));
    }
    return s;)

static unsigned long long rng = 987654321;
static double unif(void) { return w5_uniform(&rng); } /* in [-1, 1) */
static unsigned below(unsigned k) { return (unsigned)((unif() + 1.0) * 0.5 * k) % k; }

static void make_prog(struct prog *P, unsigned K)
{
    P->len = 1 + below(MAXI);
    for (unsigned t = 0; t < P->len; t++) {
        P->ins[t].op = (int)below(NOPS);
        P->ins[t].a = (int)below(K + t);
        P->ins[t].b = (int)below(K + t);
        P->ins[t].c = 0.3 + 0.4 * (unif() + 1.0) * 0.5;
    }
}

/* random distinct indices below n for m elements of K */
static void make_idx(unsigned *idx, unsigned n, unsigned K, size_t m)
{
    for (size_t e = 0; e < m; e++)
        for (unsigned k = 0; k < K; k++) {
            unsigned i, dup;
            do {
                i = below(n), dup = 0;
                for (unsigned l = 0; l < k; l++) dup |= idx[e * K + l] == i;
            } while (dup);
            idx[e * K + k] = i;
        }
}

/* every driver on the structure against dn_hessian of rand_ref; the pattern exactly the
 * union of the elements' triangles */
static void check_random(unsigned n, unsigned K, size_t m, const unsigned *idx,
                         const struct rctx *C, const double *x, const double *v, dn_sphess *S,
                         const char *what)
{
    double fr, gr[12], Hr[144], f[4], g[4][12], d[12], hv[12], D[144];
    cr_assert_eq(dn_hessian(&fr, gr, Hr, rand_ref, (void *)C, x, n, NULL), 0);
    for (unsigned i = 0; i < n * n; i++) cr_assert(isfinite(Hr[i]), "%s: reference H", what);
    dn_elements *E = NULL;
    cr_assert_eq(dn_elements_new(&E, n, K, m, idx, NULL), 0);
    dn_element_o2 F = rand_el[K];
    cr_assert_eq(dn_grad_el(&f[0], g[0], F, (void *)C, x, E), 0);
    cr_assert_eq(dn_hessdiag_el(&f[1], g[1], d, F, (void *)C, x, E), 0);
    cr_assert_eq(dn_hessvec_el(&f[2], g[2], hv, F, (void *)C, x, v, E), 0);
    cr_assert_eq(dn_hessian_el(&f[3], g[3], S, F, (void *)C, x, E), 0);
    double sg = maxabs(gr, n, 1e-3), sh = maxabs(Hr, (size_t)n * n, 1e-3), sv = 0.0;
    for (unsigned i = 0; i < n; i++) sv += fabs(v[i]);
    for (int q = 0; q < 4; q++) {
        NEAR(f[q], fr, fmax(fabs(fr), 1e-3), 1e-13, "%s: f (%d) %.17g vs %.17g", what, q, f[q],
             fr);
        for (unsigned i = 0; i < n; i++)
            NEAR(g[q][i], gr[i], sg, 1e-12, "%s: driver %d g[%u] %.17g vs %.17g", what, q, i,
                 g[q][i], gr[i]);
    }
    cr_assert_eq(S->n, n);
    csr_dense(S, D);
    /* the pattern from the indices */
    unsigned char P[144] = {0};
    size_t nnz = 0;
    for (size_t e = 0; e < m; e++)
        for (unsigned a = 0; a < K; a++)
            for (unsigned b = 0; b < K; b++) P[idx[e * K + a] * n + idx[e * K + b]] = 1;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j <= i; j++) nnz += P[i * n + j];
    cr_expect_eq(S->nnz, nnz, "%s: nnz %zu want %zu", what, S->nnz, nnz);
    for (unsigned i = 0; i < n; i++)
        for (size_t p = S->rowptr[i]; p < S->rowptr[i + 1]; p++)
            cr_expect(P[i * n + S->col[p]], "%s: entry (%u,%u) of no element", what, i, S->col[p]);
    for (unsigned i = 0; i < n; i++) {
        double w = 0.0;
        for (unsigned j = 0; j < n; j++) w += Hr[i * n + j] * v[j];
        NEAR(d[i], Hr[i * n + i], sh, 1e-12, "%s: diag[%u] %.17g vs %.17g", what, i, d[i],
             Hr[i * n + i]);
        NEAR(hv[i], w, sh * sv, 1e-12, "%s: Hv[%u] %.17g vs %.17g", what, i, hv[i], w);
        for (unsigned j = 0; j < n; j++) {
            NEAR(D[i * n + j], Hr[i * n + j], sh, 1e-12, "%s: H[%u,%u] %.17g vs %.17g", what, i,
                 j, D[i * n + j], Hr[i * n + j]);
            if (!P[i * n + j]) /* the reference is 0 there (up to polarisation rounding) */
                NEAR(Hr[i * n + j], 0.0, sh, 1e-13, "%s: reference (%u,%u)", what, i, j);
        }
    }
    dn_elements_free(E);
}

Test(elements, random_structures)
{
    static struct prog progs[MAXM];
    double coef[MAXM];
    unsigned idx[4 * MAXM];
    dn_sphess S; /* one H for every trial: its pattern replaced or reused */
    dn_sphess_init(&S, NULL);
    for (int trial = 0; trial < 400; trial++) {
        unsigned K = 1 + (unsigned)trial % 4;
        unsigned n = 5 + below(8);            /* 5 .. 12 */
        size_t m = 1 + below(trial % 5 ? MAXM : 3);
        if (K > n) K = n;
        make_idx(idx, n, K, m);
        for (size_t e = 0; e < m; e++) make_prog(&progs[e], K), coef[e] = 0.5 + 0.25 * (double)e;
        double x[12], v[12];
        for (unsigned i = 0; i < n; i++) x[i] = 0.9 * unif(), v[i] = unif();
        struct rctx C = {K, m, idx, progs, coef};
        char what[48];
        snprintf(what, sizeof what, "trial %d (n=%u K=%u m=%zu)", trial, n, K, m);
        check_random(n, K, m, idx, &C, x, v, &S, what);
    }
    dn_sphess_clear(&S);
}

/* an element that ignores one of its variables: the pairs stay structural (value 0) */
DN_ELEMENT_O2(ignores, 3, T, u, e, ctx, T r = dnh_mul(u[0], dnh_exp(u[2])); return r;)

Test(elements, structural_zeros)
{
    unsigned idx[3] = {4, 0, 2};
    double x[5] = {0.5, 1.0, 0.25, 2.0, -1.0}, g[5];
    dn_elements *E = NULL;
    cr_assert_eq(dn_elements_new(&E, 5, 3, 1, idx, NULL), 0);
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    cr_assert_eq(dn_hessian_el(NULL, g, &S, ignores, NULL, x, E), 0);
    /* rows: 0: (0,0); 2: (2,0) (2,2); 4: (4,0) (4,2) (4,4) */
    static const size_t rp[6] = {0, 1, 1, 3, 3, 6};
    static const unsigned col[6] = {0, 0, 2, 0, 2, 4};
    double e = exp(0.25);
    const double val[6] = {0.0, 0.0, -e, 0.0, e, 0.0};
    cr_assert_eq(S.nnz, 6u);
    for (unsigned i = 0; i <= 5; i++) cr_expect_eq(S.rowptr[i], rp[i], "rowptr[%u]", i);
    for (unsigned p = 0; p < 6; p++) {
        cr_expect_eq(S.col[p], col[p], "col[%u]", p);
        cr_expect(S.val[p] == val[p], "val[%u] %.17g want %.17g", p, S.val[p], val[p]);
    }
    cr_expect(g[4] == e && g[2] == -e && g[0] == 0.0 && g[1] == 0.0 && g[3] == 0.0);
    dn_sphess_clear(&S);
    dn_elements_free(E);
}
