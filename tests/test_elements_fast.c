/* Element drivers (part of the test_elements program): the drivers' fast paths give the
 * results of the dense formulas bit for bit. Each driver is compared with a reference
 * that evaluates every element on numbers from dnelK_o2_var (no structural zeros: every
 * entry computed, 0 Inf = NaN included) and adds up the entries in the drivers' order:
 * on smooth points, at poles and with infinite or NaN inputs and coefficients (where the
 * drivers' first pass sees a non-finite entry and runs again), and on structures whose
 * indices advance by a constant step (runs, read once per run) as well as irregular ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"
#include "../bench/w3_rosen.h"
#include "../bench/w6_surface.h"

/* ---- element functions: smooth ones, and ones with poles and constants ------------------ */

DN_ELEMENT_O2(f_lin1, 1, T, u, e, ctx, return dnh_mul_d(dnh_add_d(u[0], 1.0), 2.0);)
DN_ELEMENT_O2(f_pole2, 2, T, u, e, ctx,
    T a = dnh_sqrt(u[0]); /* sqrt(0): f' = Inf times the zero of u[1] */
    T b = dnh_mul(a, u[1]);
    T c = dnh_div(dnh_exp(u[1]), dnh_sub_d(u[0], 1.0)); /* pole at u0 = 1 */
    return dnh_add(dnh_add(b, c), dnh_mul(dnh_abs(u[1]), dnh_const(T, 0.5)));)
DN_ELEMENT_O2(f_pole3, 3, T, u, e, ctx,
    const double *c = (const double *)ctx; /* per element: may be Inf or NaN */
    T a = dnh_mul_d(u[0], c[e % 4]);
    T b = dnh_pow_d(dnh_mul(u[1], u[2]), 1.5); /* f'' = Inf at 0 */
    T d = dnh_d_div(1.0, dnh_sub(u[2], u[1]));
    return dnh_add(dnh_add(dnh_mul(a, u[1]), b), dnh_mul(d, dnh_log(dnh_abs(u[0]))));)
DN_ELEMENT_O2(f_pole4, 4, T, u, e, ctx,
    T a = dnh_atan2(u[0], u[1]); /* (0, 0): NaN partials */
    T b = dnh_hypot(u[2], u[3]);
    T s, co;
    dnh_sincos(dnh_mul(u[0], u[3]), &s, &co);
    T q = dnh_cbrt(dnh_sub(u[2], u[0])); /* f' = Inf at 0 */
    T m = dnh_min(u[1], u[3]);           /* a tie: NaN derivatives */
    return dnh_add(dnh_add(dnh_mul(a, b), dnh_mul(s, co)), dnh_add(dnh_mul(q, u[1]), m));)

typedef struct {
    double fx, g[64], o[256];
} res;

/* bitwise equal, every NaN equal to every NaN (their sign bits are the compiler's) */
static int same(double a, double b)
{
    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

static void expect_same(const res *got, const res *want, unsigned n, size_t nout,
                        const char *what)
{
    cr_expect(same(got->fx, want->fx), "%s: fx %.17g want %.17g", what, got->fx, want->fx);
    for (unsigned i = 0; i < n; i++)
        cr_expect(same(got->g[i], want->g[i]), "%s: g[%u] %.17g want %.17g", what, i,
                  got->g[i], want->g[i]);
    for (size_t i = 0; i < nout; i++)
        cr_expect(same(got->o[i], want->o[i]), "%s: out[%zu] %.17g want %.17g", what, i,
                  got->o[i], want->o[i]);
}

/* position of (i, j) in H's pattern */
static size_t at(const dn_sphess *H, unsigned i, unsigned j)
{
    if (i < j) {
        unsigned t = i;
        i = j, j = t;
    }
    for (size_t p = H->rowptr[i]; p < H->rowptr[i + 1]; p++)
        if (H->col[p] == j) return p;
    cr_assert_fail("(%u,%u) not in the pattern", i, j);
    return 0;
}

/* The reference of mode 0 (gradient), 1 (diagonal), 2 (H v), 3 (sparse H, positions in H):
 * the element F on dense numbers, accumulated element by element as the drivers do. */
#define DEF_REF(K)                                                                         \
    static void ref##K(res *R, int mode, dnel##K##_o2 (*F)(const dnel##K##_o2 *, size_t, void *), \
                       void *ctx, const double *x, const double *v, unsigned n, size_t m,  \
                       const unsigned *idx, const dn_sphess *H)                            \
    {                                                                                      \
        memset(R, 0, sizeof *R);                                                           \
        (void)n;                                                                           \
        for (size_t e = 0; e < m; e++) {                                                   \
            const unsigned *I = idx + e * K;                                               \
            dnel##K##_o2 u[K];                                                             \
            for (unsigned k = 0; k < K; k++) u[k] = dnel##K##_o2_var(x[I[k]], k);          \
            dnel##K##_o2 r = F(u, e, ctx);                                                 \
            R->fx += r.v;                                                                  \
            for (unsigned k = 0; k < K; k++) R->g[I[k]] += r.g[k];                         \
            if (mode == 1)                                                                 \
                for (unsigned k = 0; k < K; k++) R->o[I[k]] += r.h[DNEL_O2_AT(k, k)];      \
            if (mode == 2)                                                                 \
                for (unsigned k = 0; k < K; k++) {                                         \
                    double s = 0.0;                                                        \
                    for (unsigned l = 0; l < K; l++)                                       \
                        s += r.h[k >= l ? DNEL_O2_AT(k, l) : DNEL_O2_AT(l, k)] * v[I[l]];  \
                    R->o[I[k]] += s;                                                       \
                }                                                                          \
            if (mode == 3)                                                                 \
                for (unsigned i = 0; i < K; i++)                                           \
                    for (unsigned j = 0; j <= i; j++)                                      \
                        R->o[at(H, I[i], I[j])] += r.h[DNEL_O2_AT(i, j)];                  \
        }                                                                                  \
    }
DEF_REF(1)
DEF_REF(2)
DEF_REF(3)
DEF_REF(4)

/* every driver on (F, ctx) against the reference */
#define CHECK_ALL(K, F, ctx, x, v, n, m, idx, what)                                        \
    do {                                                                                   \
        dn_elements *E_ = NULL;                                                            \
        cr_assert_eq(dn_elements_new(&E_, n, K, m, idx, NULL), 0, "%s", what);             \
        dn_sphess H_;                                                                      \
        dn_sphess_init(&H_, NULL);                                                         \
        res got_, want_;                                                                   \
        memset(&got_, 0, sizeof got_);                                                     \
        cr_assert_eq(dn_grad_el(&got_.fx, got_.g, F, ctx, x, E_), 0);                      \
        ref##K(&want_, 0, F##_elem, ctx, x, v, n, m, idx, NULL);                           \
        expect_same(&got_, &want_, n, 0, what);                                            \
        cr_assert_eq(dn_hessdiag_el(&got_.fx, got_.g, got_.o, F, ctx, x, E_), 0);          \
        ref##K(&want_, 1, F##_elem, ctx, x, v, n, m, idx, NULL);                           \
        expect_same(&got_, &want_, n, n, what);                                            \
        cr_assert_eq(dn_hessvec_el(&got_.fx, got_.g, got_.o, F, ctx, x, v, E_), 0);        \
        ref##K(&want_, 2, F##_elem, ctx, x, v, n, m, idx, NULL);                           \
        expect_same(&got_, &want_, n, n, what);                                            \
        cr_assert_eq(dn_hessian_el(&got_.fx, got_.g, &H_, F, ctx, x, E_), 0);              \
        cr_assert(H_.nnz <= 256);                                                           \
        memcpy(got_.o, H_.val, H_.nnz * sizeof *H_.val);                                   \
        ref##K(&want_, 3, F##_elem, ctx, x, v, n, m, idx, &H_);                            \
        expect_same(&got_, &want_, n, H_.nnz, what);                                       \
        dn_sphess_clear(&H_);                                                              \
        dn_elements_free(E_);                                                              \
    } while (0)

static unsigned long long rng = 88172645463325252ULL;
static double urand(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (double)(rng >> 11) * 0x1p-53;
}

/* structures over n variables: 0 a chain (step 1), 1 step 2, 2 descending indices, 3 two
 * runs, 4 a run then two irregular elements, 5 irregular; returns m (at most 32) */
static size_t make_struct(unsigned *idx, int kind, unsigned n, unsigned K)
{
    size_t m = 0;
    if (kind == 4)
        for (; m < 24; m++)
            for (unsigned k = 0; k < K; k++) idx[m * K + k] = (unsigned)m + k;
    if (kind >= 4) {
        size_t m1 = m + (kind == 4 ? 2 : 12);
        for (; m < m1; m++)
            for (unsigned k = 0; k < K; k++) {
                unsigned t;
                int dup;
                do {
                    t = (unsigned)(urand() * n) % n;
                    dup = 0;
                    for (unsigned l = 0; l < k; l++) dup |= idx[m * K + l] == t;
                } while (dup);
                idx[m * K + k] = t;
            }
        return m;
    }
    unsigned st = kind == 1 ? 2 : 1;
    for (int part = 0; part < (kind == 3 ? 2 : 1); part++) {
        unsigned len = n - (K - 1) * st - (unsigned)part;
        if (kind == 3) len = 16;
        for (unsigned q = 0; q < len && m < 32; q++, m++)
            for (unsigned k = 0; k < K; k++) {
                unsigned i = q + k * st + (unsigned)part * 5;
                idx[m * K + k] = kind == 2 ? n - 1 - i : i;
            }
    }
    return m;
}

Test(elements, fast_paths_equal_dense_formulas)
{
    static const double special[] = {0.0, -0.0, 1.0, INFINITY, -INFINITY, NAN, 1e300, -2.0};
    const double coef[4] = {2.0, -0.5, INFINITY, NAN};
    const double coef_finite[4] = {2.0, -0.5, 3.0, 0.25};
    unsigned idx[4 * 32];
    for (int trial = 0; trial < 96; trial++) {
        int kind = trial % 6, pts = (trial / 6) % 4; /* 0 smooth, 1 some special, 2 small ints */
        unsigned n = 36;
        double x[36], v[36];
        for (unsigned i = 0; i < n; i++) {
            x[i] = 1.6 * urand() - 0.8;
            if (pts == 1 && urand() < 0.25) x[i] = special[(int)(urand() * 8) % 8];
            if (pts >= 2) x[i] = (double)((int)(urand() * 3) - 1);
            v[i] = urand() - 0.5;
            if (pts == 3 && i == 3) v[i] = INFINITY;
        }
        void *cc = (void *)(pts ? coef : coef_finite);
        char what[64];
        for (unsigned K = 1; K <= 4; K++) {
            size_t m = make_struct(idx, kind, n, K);
            snprintf(what, sizeof what, "trial %d K=%u kind %d points %d", trial, K, kind, pts);
            switch (K) {
            case 1: CHECK_ALL(1, f_lin1, NULL, x, v, n, m, idx, what); break;
            case 2:
                CHECK_ALL(2, rosen_el, NULL, x, v, n, m, idx, what);
                CHECK_ALL(2, f_pole2, NULL, x, v, n, m, idx, what);
                break;
            case 3:
                CHECK_ALL(3, w6_cell_el, NULL, x, v, n, m, idx, what);
                CHECK_ALL(3, f_pole3, cc, x, v, n, m, idx, what);
                break;
            default: CHECK_ALL(4, f_pole4, NULL, x, v, n, m, idx, what);
            }
        }
    }
}

/* a long chain (one run) and a grid of cells (runs along its rows), against the closed
 * forms' drivers run on the same elements in a permuted order (no runs): equal up to the
 * order of the sums */
Test(elements, runs_against_irregular_order)
{
    enum { N = 40 };
    double x[N * N], g1[N * N], g2[N * N], d1[N * N], d2[N * N], f1, f2;
    for (unsigned i = 0; i < N * N; i++) x[i] = sin(0.37 * i) + 0.1;
    /* chain: elements (i, i+1) in order, and in the order 0, 2, 4, ..., 1, 3, ... */
    unsigned idx[2 * N], idp[2 * N];
    for (unsigned i = 0; i + 1 < N; i++) idx[2 * i] = i, idx[2 * i + 1] = i + 1;
    for (unsigned q = 0, i = 0; i + 1 < N; i += 2, q++) idp[2 * q] = i, idp[2 * q + 1] = i + 1;
    for (unsigned q = (N + 0) / 2, i = 1; i + 1 < N; i += 2, q++)
        idp[2 * q] = i, idp[2 * q + 1] = i + 1;
    dn_elements *A = NULL, *B = NULL;
    cr_assert_eq(dn_elements_new(&A, N, 2, N - 1, idx, NULL), 0);
    cr_assert_eq(dn_elements_new(&B, N, 2, N - 1, idp, NULL), 0);
    cr_assert_eq(dn_hessdiag_el(&f1, g1, d1, rosen_el, NULL, x, A), 0);
    cr_assert_eq(dn_hessdiag_el(&f2, g2, d2, rosen_el, NULL, x, B), 0);
    cr_expect(fabs(f1 - f2) <= 1e-13 * fabs(f2));
    for (unsigned i = 0; i < N; i++) {
        cr_expect(fabs(g1[i] - g2[i]) <= 1e-12 * (1.0 + fabs(g2[i])), "chain g[%u]", i);
        cr_expect(d1[i] == d2[i] || fabs(d1[i] - d2[i]) <= 1e-12 * fabs(d2[i]), "chain d[%u]", i);
    }
    dn_elements_free(A), dn_elements_free(B);
    /* grid: w6_elements (runs of N - 1 cells) against the same cells in reverse order */
    cr_assert_eq(w6_elements(&A, N), 0);
    size_t m = (size_t)(N - 1) * (N - 1);
    unsigned *ir = malloc(3 * m * sizeof *ir);
    cr_assert(ir);
    for (size_t c = 0; c < m; c++) {
        unsigned p = (unsigned)((m - 1 - c) / (N - 1) * N + (m - 1 - c) % (N - 1));
        ir[3 * c] = p, ir[3 * c + 1] = p + N, ir[3 * c + 2] = p + 1;
    }
    cr_assert_eq(dn_elements_new(&B, N * N, 3, m, ir, NULL), 0);
    dn_sphess H1, H2;
    dn_sphess_init(&H1, NULL), dn_sphess_init(&H2, NULL);
    cr_assert_eq(dn_hessian_el(&f1, g1, &H1, w6_cell_el, NULL, x, A), 0);
    cr_assert_eq(dn_hessian_el(&f2, g2, &H2, w6_cell_el, NULL, x, B), 0);
    cr_assert_eq(H1.nnz, H2.nnz);
    cr_expect(fabs(f1 - f2) <= 1e-13 * fabs(f2));
    for (unsigned i = 0; i < N * N; i++)
        cr_expect(fabs(g1[i] - g2[i]) <= 1e-12 * (1.0 + fabs(g2[i])), "grid g[%u]", i);
    for (size_t p = 0; p < H1.nnz; p++) {
        cr_expect_eq(H1.col[p], H2.col[p]);
        cr_expect(fabs(H1.val[p] - H2.val[p]) <= 1e-12 * (1.0 + fabs(H2.val[p])), "grid H %zu", p);
    }
    dn_sphess_clear(&H1), dn_sphess_clear(&H2);
    dn_elements_free(A), dn_elements_free(B);
    free(ir);
}
