/* Constrained problems (dnum/nlp.h): the chained problem of bench/nlp_lukvle.h against
 * its hand-derived derivatives; a problem whose objective and constraints mix element
 * functions of 1 to 4 variables across groups against dn_hessian (dnum_o2, polarisation)
 * of the same functions written plainly; HS071 against its closed forms; the products
 * J v and J^T u; Inf and NaN; bad arguments with their messages (outputs untouched);
 * allocation failures without leaks. The same program: problems written plainly
 * (test_nlp_plain.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"
#include "../bench/nlp_lukvle.h"

static double rnd(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return ((*s >> 8) & 0xffff) / 65536.0;
}

/* |a - b| within tol relative to scale */
static void near(double a, double b, double scale, double tol, const char *what, size_t k)
{
    cr_expect(fabs(a - b) <= tol * scale, "%s[%zu]: %.17g against %.17g", what, k, a, b);
}

static double amax(const double *a, size_t n)
{
    double m = 1.0;
    for (size_t i = 0; i < n; i++) m = fmax(m, fabs(a[i]));
    return m;
}

/* ==== 1. the chained problem against the hand-derived derivatives ========================== */

Test(nlp, lukvle_against_hand)
{
    for (unsigned n = 3; n <= 203; n += 50) {
        dn_nlp *P = lv_problem(n);
        cr_assert(P != NULL);
        cr_assert_eq(dn_nlp_jac_nnz(P), 3 * (size_t)(n - 2));
        cr_assert_eq(dn_nlp_hess_nnz(P), lv_hnnz(n));
        const size_t nj = dn_nlp_jac_nnz(P), nh = dn_nlp_hess_nnz(P), m = n - 2;
        int *jr = malloc(nj * sizeof *jr), *jc = malloc(nj * sizeof *jc);
        int *hr = malloc(nh * sizeof *hr), *hc = malloc(nh * sizeof *hc);
        cr_assert_eq(dn_nlp_jac_pattern(P, jr, jc), 0);
        cr_assert_eq(dn_nlp_hess_pattern(P, hr, hc), 0);
        for (unsigned k = 0; k < m; k++)
            for (unsigned j = 0; j < 3; j++) {
                cr_expect_eq(jr[3 * k + j], (int)k);
                cr_expect_eq(jc[3 * k + j], (int)(k + j));
            }
        for (size_t t = 0; t < nh; t++) {
            cr_expect(hc[t] <= hr[t] && hr[t] - hc[t] <= 2, "entry %zu: (%d, %d)", t, hr[t], hc[t]);
            cr_expect_eq(lv_hpos((unsigned)hr[t], (unsigned)hc[t]), t);
        }
        double *x = malloc(n * sizeof *x), *lam = malloc(m * sizeof *lam);
        double *g1 = malloc(n * sizeof *g1), *g2 = malloc(n * sizeof *g2);
        double *c1 = malloc(m * sizeof *c1), *c2 = malloc(m * sizeof *c2);
        double *j1 = malloc(nj * sizeof *j1), *j2 = malloc(nj * sizeof *j2);
        double *h1 = malloc(nh * sizeof *h1), *h2 = malloc(nh * sizeof *h2);
        double *d1 = malloc(n * sizeof *d1);
        unsigned s = n;
        for (int rep = 0; rep < 3; rep++) {
            for (unsigned i = 0; i < n; i++) x[i] = 4.0 * rnd(&s) - 2.0;
            for (unsigned k = 0; k < m; k++) lam[k] = 2.0 * rnd(&s) - 1.0;
            const double sigma = rep == 2 ? 0.0 : 0.5 + rnd(&s);
            double f1, f2 = lv_hand_obj(n, x, g2);
            cr_assert_eq(dn_nlp_obj(P, x, &f1, g1), 0);
            near(f1, f2, fabs(f2), 1e-14, "f", 0);
            for (unsigned i = 0; i < n; i++) near(g1[i], g2[i], amax(g2, n), 1e-14, "grad", i);
            lv_hand_cons(n, x, c2, j2);
            cr_assert_eq(dn_nlp_cons(P, x, c1, j1), 0);
            for (size_t k = 0; k < m; k++) near(c1[k], c2[k], amax(c2, m), 1e-14, "c", k);
            for (size_t k = 0; k < nj; k++) near(j1[k], j2[k], amax(j2, nj), 1e-14, "jac", k);
            lv_hand_hess(n, x, sigma, lam, h2);
            cr_assert_eq(dn_nlp_hess(P, x, sigma, lam, h1), 0);
            for (size_t k = 0; k < nh; k++) near(h1[k], h2[k], amax(h2, nh), 1e-14, "hess", k);
            cr_assert_eq(dn_nlp_hessdiag(P, x, sigma, lam, d1), 0);
            for (unsigned i = 0; i < n; i++) cr_expect_eq(d1[i], h1[lv_hpos(i, i)], "diag %u", i);
            /* the values alone, then the derivatives alone: the same numbers */
            double f3;
            cr_assert_eq(dn_nlp_obj(P, x, &f3, NULL), 0);
            cr_expect_eq(f3, f1);
            cr_assert_eq(dn_nlp_cons(P, x, NULL, j2), 0);
            cr_expect_eq(memcmp(j1, j2, nj * sizeof *j1), 0);
            cr_assert_eq(dn_nlp_cons(P, x, c2, NULL), 0);
            cr_expect_eq(memcmp(c1, c2, m * sizeof *c1), 0);
        }
        free(x), free(lam), free(g1), free(g2), free(c1), free(c2), free(j1), free(j2);
        free(h1), free(h2), free(d1), free(jr), free(jc), free(hr), free(hc);
        dn_nlp_free(P);
    }
}

/* ==== 2. mixed groups against dn_hessian of the plainly written functions =================== */

/* four element bodies, each used as an element (on dnelK_o2) and inside the plain functions
 * (on dnum_o2): u the element's variables, c a coefficient */
#define MIX_A(T, u, c) dnh_mul_d(dnh_exp(dnh_mul_d(u[0], 0.3)), c)
#define MIX_B(T, u, c) dnh_mul_d(dnh_sin(dnh_mul(u[0], u[1])), c)
#define MIX_C(T, u, c) dnh_mul_d(dnh_log1p(dnh_add(dnh_mul(u[0], u[0]), dnh_mul(u[1], u[2]))), c)
#define MIX_D(T, u, c)                                                                     \
    dnh_mul_d(dnh_div(dnh_mul(u[0], u[3]), dnh_add_d(dnh_mul(u[1], u[1]), dnh_value(u[2]) > 0 ? 1.5 : 2.5)), c)
static double mix_coef(size_t e) { return 0.5 + 0.25 * (double)(e % 5); }

DN_ELEMENT_O2(mix_a, 1, T, u, e, ctx, return MIX_A(T, u, mix_coef(e));)
DN_ELEMENT_O2(mix_b, 2, T, u, e, ctx, return MIX_B(T, u, mix_coef(e));)
DN_ELEMENT_O2(mix_c, 3, T, u, e, ctx, return MIX_C(T, u, mix_coef(e));)
DN_ELEMENT_O2(mix_d, 4, T, u, e, ctx, return MIX_D(T, u, mix_coef(e));)

enum { MN = 9, MM = 4, MA = 5, MB = 7, MC = 6, MD = 4 };
static const unsigned ia[MA] = {0, 3, 8, 3, 5};
static const int ra[MA] = {-1, 0, -1, 3, 2};
static const unsigned ib[2 * MB] = {0, 1, 1, 2, 7, 3, 4, 8, 6, 5, 2, 0, 8, 7};
static const int rb[MB] = {0, -1, 1, 1, -1, 2, 0};
static const unsigned ic[3 * MC] = {0, 4, 8, 1, 2, 3, 5, 6, 7, 8, 1, 4, 2, 0, 6, 3, 7, 5};
static const int rc[MC] = {-1, 3, 1, -1, 2, 3};
static const unsigned id[4 * MD] = {0, 2, 4, 6, 1, 3, 5, 7, 8, 0, 7, 2, 6, 5, 4, 3};
static const int rd[MD] = {2, -1, 0, 3};

/* row r (-1: the objective) of the mixed problem, written plainly */
typedef struct {
    int r;
    double sigma;
    const double *lam;
} mix_sel;
#define MIX_SUM(T, x, want)                                                                \
    T s = dnh_const(T, 0.0);                                                               \
    for (size_t e = 0; e < MA; e++)                                                        \
        if (want(ra[e])) {                                                                 \
            T u[1] = {x[ia[e]]};                                                           \
            s = dnh_add(s, dnh_mul_d(MIX_A(T, u, mix_coef(e)), W(ra[e])));                 \
        }                                                                                  \
    for (size_t e = 0; e < MB; e++)                                                        \
        if (want(rb[e])) {                                                                 \
            T u[2] = {x[ib[2 * e]], x[ib[2 * e + 1]]};                                     \
            s = dnh_add(s, dnh_mul_d(MIX_B(T, u, mix_coef(e)), W(rb[e])));                 \
        }                                                                                  \
    for (size_t e = 0; e < MC; e++)                                                        \
        if (want(rc[e])) {                                                                 \
            T u[3] = {x[ic[3 * e]], x[ic[3 * e + 1]], x[ic[3 * e + 2]]};                   \
            s = dnh_add(s, dnh_mul_d(MIX_C(T, u, mix_coef(e)), W(rc[e])));                 \
        }                                                                                  \
    for (size_t e = 0; e < MD; e++)                                                        \
        if (want(rd[e])) {                                                                 \
            T u[4] = {x[id[4 * e]], x[id[4 * e + 1]], x[id[4 * e + 2]], x[id[4 * e + 3]]}; \
            s = dnh_add(s, dnh_mul_d(MIX_D(T, u, mix_coef(e)), W(rd[e])));                 \
        }                                                                                  \
    return s;
/* one row, weight 1 */
#define W(q_) 1.0
#define ROW(q_) ((q_) == sel->r)
DN_OBJECTIVE_O2(mix_row, T, x, n, ctx, const mix_sel *sel = ctx; MIX_SUM(T, x, ROW))
#undef W
/* the Lagrangian */
#define W(q_) ((q_) < 0 ? sel->sigma : sel->lam[q_])
#define ALL(q_) 1
DN_OBJECTIVE_O2(mix_lag, T, x, n, ctx, const mix_sel *sel = ctx; MIX_SUM(T, x, ALL))
#undef W

static dn_nlp *mix_problem(const dn_allocator *al, int *st)
{
    dn_nlp_group g[4] = {{mix_a, NULL, MA, ia, ra}, {mix_b, NULL, MB, ib, rb},
                         {mix_c, NULL, MC, ic, rc}, {mix_d, NULL, MD, id, rd}};
    dn_nlp *P = NULL;
    *st = dn_nlp_new(&P, MN, MM, 4, g, al);
    return P;
}

Test(nlp, mixed_groups_against_dense)
{
    int st;
    dn_nlp *P = mix_problem(NULL, &st);
    cr_assert_eq(st, 0);
    const size_t nj = dn_nlp_jac_nnz(P), nh = dn_nlp_hess_nnz(P);
    const size_t *jrp, *hrp;
    const unsigned *jcl, *hcl;
    dn_nlp_jac_csr(P, &jrp, &jcl);
    dn_nlp_hess_csr(P, &hrp, &hcl);
    cr_assert_eq(jrp[MM], nj);
    cr_assert_eq(hrp[MN], nh);
    unsigned s = 7;
    for (int rep = 0; rep < 4; rep++) {
        double x[MN], lam[MM], g[MM], jac[64], grad[MN], f, ref[MN * MN], rg[MN], rf;
        double *hv = malloc(nh * sizeof *hv);
        for (unsigned i = 0; i < MN; i++) x[i] = 1.6 * rnd(&s) - 0.8;
        for (unsigned k = 0; k < MM; k++) lam[k] = 2.0 * rnd(&s) - 1.0;
        const double sigma = rep == 1 ? 0.0 : 0.3 + rnd(&s);
        cr_assert(nj <= 64);
        cr_assert_eq(dn_nlp_obj(P, x, &f, grad), 0);
        cr_assert_eq(dn_nlp_cons(P, x, g, jac), 0);
        cr_assert_eq(dn_nlp_hess(P, x, sigma, lam, hv), 0);
        /* the objective and each constraint: value and gradient, every entry of a
           gradient outside the Jacobian's pattern exactly 0 */
        for (int r = -1; r < MM; r++) {
            mix_sel sel = {r, 1.0, NULL};
            cr_assert_eq(dn_hessian(&rf, rg, ref, mix_row, &sel, x, MN, NULL), 0);
            if (r < 0) {
                near(f, rf, fabs(rf), 1e-14, "f", 0);
                for (unsigned i = 0; i < MN; i++) near(grad[i], rg[i], amax(rg, MN), 1e-14, "grad", i);
                continue;
            }
            near(g[r], rf, fabs(rf), 1e-14, "c", (size_t)r);
            for (unsigned j = 0; j < MN; j++) {
                double v = 0.0;
                for (size_t k = jrp[r]; k < jrp[r + 1]; k++)
                    if (jcl[k] == j) v = jac[k];
                near(v, rg[j], amax(rg, MN), 1e-14, "jac", (size_t)r * MN + j);
            }
        }
        /* the Lagrangian's Hessian, dense from the CSR against dn_hessian of the plain sum */
        mix_sel sel = {0, sigma, lam};
        cr_assert_eq(dn_hessian(&rf, rg, ref, mix_lag, &sel, x, MN, NULL), 0);
        double dense[MN * MN] = {0};
        for (unsigned i = 0; i < MN; i++)
            for (size_t k = hrp[i]; k < hrp[i + 1]; k++) {
                cr_expect(hcl[k] <= i && (k == hrp[i] || hcl[k] > hcl[k - 1]));
                dense[i * MN + hcl[k]] = dense[hcl[k] * MN + i] = hv[k];
            }
        for (unsigned t = 0; t < MN * MN; t++) near(dense[t], ref[t], amax(ref, MN * MN), 1e-13, "H", t);
        /* J v and J^T u against the dense Jacobian */
        double v[MN], u[MM], jv[MM], jtu[MN];
        for (unsigned i = 0; i < MN; i++) v[i] = rnd(&s) - 0.5;
        for (unsigned k = 0; k < MM; k++) u[k] = rnd(&s) - 0.5;
        cr_assert_eq(dn_nlp_jacvec(P, x, v, jv), 0);
        cr_assert_eq(dn_nlp_jactvec(P, x, u, jtu), 0);
        for (unsigned k = 0; k < MM; k++) {
            double w = 0.0;
            for (size_t q = jrp[k]; q < jrp[k + 1]; q++) w += jac[q] * v[jcl[q]];
            near(jv[k], w, 1.0, 1e-14, "J v", k);
        }
        for (unsigned i = 0; i < MN; i++) {
            double w = 0.0;
            for (unsigned k = 0; k < MM; k++)
                for (size_t q = jrp[k]; q < jrp[k + 1]; q++)
                    if (jcl[q] == i) w += jac[q] * u[k];
            near(jtu[i], w, 1.0, 1e-14, "J^T u", i);
        }
        free(hv);
    }
    /* the patterns: every (constraint, variable) of an element, every triangle entry */
    char inj[MM][MN] = {{0}}, inh[MN][MN] = {{0}};
    const unsigned *I[4] = {ia, ib, ic, id};
    const int *R[4] = {ra, rb, rc, rd};
    const size_t cnt[4] = {MA, MB, MC, MD};
    for (unsigned q = 0; q < 4; q++)
        for (size_t e = 0; e < cnt[q]; e++)
            for (unsigned a = 0; a <= q; a++) {
                unsigned va = I[q][e * (q + 1) + a];
                if (R[q][e] >= 0) inj[R[q][e]][va] = 1;
                for (unsigned b = 0; b <= q; b++) {
                    unsigned vb = I[q][e * (q + 1) + b];
                    inh[va > vb ? va : vb][va > vb ? vb : va] = 1;
                }
            }
    size_t cj = 0, ch = 0;
    for (unsigned r = 0; r < MM; r++)
        for (unsigned j = 0; j < MN; j++) cj += inj[r][j];
    for (unsigned i = 0; i < MN; i++)
        for (unsigned j = 0; j <= i; j++) ch += inh[i][j];
    cr_expect_eq(nj, cj);
    cr_expect_eq(nh, ch);
    for (unsigned r = 0; r < MM; r++)
        for (size_t k = jrp[r]; k < jrp[r + 1]; k++) cr_expect(inj[r][jcl[k]]);
    for (unsigned i = 0; i < MN; i++)
        for (size_t k = hrp[i]; k < hrp[i + 1]; k++) cr_expect(inh[i][hcl[k]]);
    dn_nlp_free(P);
}

/* ==== 3. HS071 (Hock and Schittkowski problem 71, Ipopt's example) ======================== */

DN_ELEMENT_O2(hs071_f, 4, T, x, e, ctx,
    return dnh_add(dnh_mul(dnh_mul(x[0], x[3]), dnh_add(dnh_add(x[0], x[1]), x[2])), x[2]);)
DN_ELEMENT_O2(hs071_c, 4, T, x, e, ctx,
    if (e == 0) return dnh_mul(dnh_mul(x[0], x[1]), dnh_mul(x[2], x[3]));
    return dnh_add(dnh_add(dnh_mul(x[0], x[0]), dnh_mul(x[1], x[1])),
                   dnh_add(dnh_mul(x[2], x[2]), dnh_mul(x[3], x[3])));)

Test(nlp, hs071_closed_forms)
{
    static const unsigned io[4] = {0, 1, 2, 3}, ic2[8] = {0, 1, 2, 3, 0, 1, 2, 3};
    static const int rows[2] = {0, 1};
    dn_nlp_group g[2] = {{hs071_f, NULL, 1, io, NULL}, {hs071_c, NULL, 2, ic2, rows}};
    dn_nlp *P;
    cr_assert_eq(dn_nlp_new(&P, 4, 2, 2, g, NULL), 0);
    cr_assert_eq(dn_nlp_jac_nnz(P), 8);
    cr_assert_eq(dn_nlp_hess_nnz(P), 10);
    const double x[4] = {1.0, 4.743, 3.82115, 1.37941}, lam[2] = {-0.552294, 0.161469};
    const double sg = 1.0;
    double f, grad[4], c[2], jac[8], h[10];
    cr_assert_eq(dn_nlp_obj(P, x, &f, grad), 0);
    cr_assert_eq(dn_nlp_cons(P, x, c, jac), 0);
    cr_assert_eq(dn_nlp_hess(P, x, sg, lam, h), 0);
    const double s3 = x[0] + x[1] + x[2];
    near(f, x[0] * x[3] * s3 + x[2], 20.0, 1e-15, "f", 0);
    const double gw[4] = {x[3] * s3 + x[0] * x[3], x[0] * x[3], x[0] * x[3] + 1.0, x[0] * s3};
    for (int i = 0; i < 4; i++) near(grad[i], gw[i], 10.0, 1e-15, "grad", (size_t)i);
    near(c[0], x[0] * x[1] * x[2] * x[3], 25.0, 1e-15, "c", 0);
    near(c[1], x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3], 40.0, 1e-15, "c", 1);
    const double jw[8] = {x[1] * x[2] * x[3], x[0] * x[2] * x[3], x[0] * x[1] * x[3],
                          x[0] * x[1] * x[2], 2 * x[0], 2 * x[1], 2 * x[2], 2 * x[3]};
    for (int k = 0; k < 8; k++) near(jac[k], jw[k], 20.0, 1e-15, "jac", (size_t)k);
    /* Ipopt's hs071_c.c eval_h, row by row */
    const double hw[10] = {
        sg * 2 * x[3] + lam[1] * 2,
        sg * x[3] + lam[0] * x[2] * x[3], lam[1] * 2,
        sg * x[3] + lam[0] * x[1] * x[3], lam[0] * x[0] * x[3], lam[1] * 2,
        sg * (2 * x[0] + x[1] + x[2]) + lam[0] * x[1] * x[2], sg * x[0] + lam[0] * x[0] * x[2],
        sg * x[0] + lam[0] * x[0] * x[1], lam[1] * 2};
    for (int k = 0; k < 10; k++) near(h[k], hw[k], 10.0, 1e-15, "hess", (size_t)k);
    dn_nlp_free(P);
}

/* ==== 4. non-finite values ==================================================================== */

Test(nlp, nonfinite)
{
    dn_nlp *P = lv_problem(6);
    cr_assert(P != NULL);
    double x[6] = {0.5, -0.3, 1.1, 0.2, -0.7, 0.9}, lam[4] = {1, 2, 3, 4}, g[4], jac[12];
    double h[15], grad[6], f;
    cr_assert_eq(dn_nlp_hess_nnz(P), 15);
    x[3] = NAN; /* in elements 2, 3 of the objective and constraints 1, 2, 3 */
    cr_assert_eq(dn_nlp_obj(P, x, &f, grad), 0);
    cr_expect(isnan(f));
    cr_expect(!isnan(grad[0]) && !isnan(grad[1]) && isnan(grad[2]) && isnan(grad[3]) && isnan(grad[4]));
    cr_assert_eq(dn_nlp_cons(P, x, g, jac), 0);
    cr_expect(!isnan(g[0]) && isnan(g[1]) && isnan(g[2]) && isnan(g[3]));
    for (int k = 0; k < 3; k++) cr_expect(!isnan(jac[k]), "jac[%d]", k);
    x[3] = 0.2;
    lam[0] = INFINITY; /* constraint 0's Hessian entries (0,0), (1,0), (1,1): +-Inf */
    cr_assert_eq(dn_nlp_hess(P, x, 1.0, lam, h), 0);
    cr_expect(isinf(h[lv_hpos(0, 0)]) && isinf(h[lv_hpos(1, 0)]) && isinf(h[lv_hpos(1, 1)]));
    cr_expect(isnan(h[lv_hpos(2, 0)])); /* Inf times the structural 0 of (2, 0) */
    for (unsigned i = 3; i < 6; i++) cr_expect(isfinite(h[lv_hpos(i, i)]), "h(%u,%u)", i, i);
    dn_nlp_free(P);
}

/* ==== 5. bad arguments: DN_EINVAL naming the argument, outputs untouched ================== */

Test(nlp, bad_arguments)
{
    static const unsigned io[4] = {0, 1, 1, 2}, bad[4] = {0, 1, 2, 2}, far[4] = {0, 1, 1, 7};
    static const int rows[2] = {0, 1}, badrow[2] = {0, 2}, neg[2] = {-2, 0};
    dn_errinfo err;
    dn_nlp *P = (dn_nlp *)(uintptr_t)0x5e5e;
    dn_nlp_group g = {lv_obj_el, NULL, 2, io, rows};
    struct {
        unsigned n, m;
        size_t ng;
        dn_nlp_group g;
        unsigned arg;
        const char *msg;
    } cases[] = {
        {0, 2, 1, g, 2, "dn_nlp_new: argument 2: n is 0"},
        {3, 2, 1, {NULL, NULL, 2, io, rows}, 5, "dn_nlp_new: argument 5: groups[0].f is NULL"},
        {3, 2, 1, {lv_obj_el, NULL, 2, NULL, rows}, 5,
         "dn_nlp_new: argument 5: groups[0].idx is NULL (with count > 0)"},
        {3, 2, 1, {lv_obj_el, NULL, 2, bad, rows}, 5,
         "dn_nlp_new: argument 5: groups[0], element 1: index 2 repeated (idx[2] and idx[3])"},
        {3, 2, 1, {lv_obj_el, NULL, 2, far, rows}, 5,
         "dn_nlp_new: argument 5: groups[0], element 1: index 7 >= n = 3 (idx[3])"},
        {3, 2, 1, {lv_obj_el, NULL, 2, io, badrow}, 5,
         "dn_nlp_new: argument 5: groups[0], element 1: row 2 is neither DN_NLP_OBJECTIVE (-1) nor a constraint 0 .. m - 1 = 1"},
        {3, 2, 1, {lv_obj_el, NULL, 2, io, neg}, 5,
         "dn_nlp_new: argument 5: groups[0], element 0: row -2 is neither DN_NLP_OBJECTIVE (-1) nor a constraint 0 .. m - 1 = 1"},
        {3, 0, 1, g, 5,
         "dn_nlp_new: argument 5: groups[0], element 0: row 0 is neither DN_NLP_OBJECTIVE (-1) nor a constraint 0 .. m - 1 = -1"},
        {3, 2, 1, {lv_obj_el, NULL, 0, NULL, NULL}, 0, ""},
    };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        int st = dn_nlp_new_ex(&P, cases[t].n, cases[t].m, cases[t].ng, &cases[t].g, NULL, &err);
        if (cases[t].arg == 0) {
            cr_expect_eq(st, 0);
            dn_nlp_free(P);
            P = (dn_nlp *)(uintptr_t)0x5e5e;
            continue;
        }
        cr_expect_eq(st, DN_EINVAL, "case %zu", t);
        cr_expect_eq(err.arg, cases[t].arg, "case %zu", t);
        cr_expect_str_eq(err.msg, cases[t].msg, "case %zu", t);
        cr_expect_eq(P, (dn_nlp *)(uintptr_t)0x5e5e);
    }
    cr_expect_eq(dn_nlp_new_ex(NULL, 3, 0, 0, NULL, NULL, &err), DN_EINVAL);
    cr_expect_eq(err.arg, 1);
    cr_expect_eq(dn_nlp_new_ex(&P, 3, 0, 2, NULL, NULL, &err), DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_new: argument 5: groups is NULL (with ngroups > 0)");
    /* the drivers */
    dn_nlp *Q = lv_problem(5);
    double x[5] = {1, 2, 3, 4, 5}, out[16], lam[3] = {1, 1, 1};
    for (int i = 0; i < 16; i++) out[i] = 42.0;
    cr_expect_eq(dn_nlp_obj_ex(Q, x, NULL, NULL, &err), DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_obj: argument 3: f and grad are both NULL");
    cr_expect_eq(dn_nlp_obj_ex(NULL, x, out, NULL, &err), DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_obj: argument 1: P is NULL");
    cr_expect_eq(dn_nlp_cons_ex(Q, NULL, out, NULL, &err), DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_cons: argument 2: x is NULL");
    cr_expect_eq(dn_nlp_hess_ex(Q, x, 1.0, NULL, out, &err), DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_hess: argument 4: lambda is NULL (with m > 0)");
    cr_expect_eq(dn_nlp_hess_ex(Q, x, 1.0, lam, NULL, &err), DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_hess: argument 5: hval is NULL");
    cr_expect_eq(dn_nlp_hessdiag_ex(Q, x, 1.0, NULL, out, &err), DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_hessdiag: argument 4: lambda is NULL (with m > 0)");
    cr_expect_eq(dn_nlp_jacvec_ex(Q, x, NULL, out, &err), DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_jacvec: argument 3: v is NULL");
    cr_expect_eq(dn_nlp_jactvec_ex(Q, x, lam, NULL, &err), DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_jactvec: argument 4: jtu is NULL");
    cr_expect_eq(dn_nlp_jac_pattern(Q, NULL, (int *)out), DN_EINVAL);
    cr_expect_eq(dn_nlp_hess_pattern(NULL, (int *)out, (int *)out), DN_EINVAL);
    for (int i = 0; i < 16; i++) cr_expect_eq(out[i], 42.0, "out[%d] written", i);
    cr_expect_eq(dn_nlp_jac_nnz(NULL), 0);
    cr_expect_eq(dn_nlp_bytes(NULL), 0);
    cr_expect(dn_nlp_bytes(Q) > 0);
    dn_nlp_free(Q);
    dn_nlp_free(NULL);
}

/* m = 0: an unconstrained problem; lambda may be NULL; the Hessian equals dn_hessian_el's */
Test(nlp, unconstrained)
{
    static const unsigned io[8] = {0, 1, 1, 2, 2, 3, 3, 4};
    dn_nlp_group g = {lv_obj_el, NULL, 4, io, NULL};
    dn_nlp *P;
    cr_assert_eq(dn_nlp_new(&P, 5, 0, 1, &g, NULL), 0);
    cr_expect_eq(dn_nlp_jac_nnz(P), 0);
    dn_elements *E;
    cr_assert_eq(dn_elements_new(&E, 5, 2, 4, io, NULL), 0);
    double x[5] = {0.3, -1.2, 0.8, 1.7, -0.4}, h[16], gr[5], f;
    dn_sphess H;
    dn_sphess_init(&H, NULL);
    cr_assert_eq(dn_hessian_el(&f, gr, &H, lv_obj_el, NULL, x, E), 0);
    cr_assert_eq(dn_nlp_hess_nnz(P), H.nnz);
    cr_assert_eq(dn_nlp_hess(P, x, 2.0, NULL, h), 0);
    for (size_t k = 0; k < H.nnz; k++) cr_expect_eq(h[k], 2.0 * H.val[k], "entry %zu", k);
    double v[5] = {1, 2, 3, 4, 5}, jtu[5];
    cr_expect_eq(dn_nlp_jactvec(P, x, v, jtu), 0);
    for (int i = 0; i < 5; i++) cr_expect_eq(jtu[i], 0.0);
    dn_sphess_clear(&H);
    dn_elements_free(E);
    dn_nlp_free(P);
}

/* ==== 6. allocation failures: DN_ENOMEM, nothing leaked, every free of the right size ==== */

Test(nlp, allocation_failures)
{
    for (long k = 0;; k++) {
        counting c;
        counting_init(&c);
        c.fail_at = k;
        dn_allocator al = {c_alloc, c_free, &c};
        int st;
        dn_nlp *P = mix_problem(&al, &st);
        if (st == 0) {
            cr_expect(k > 5, "succeeded after %ld allocations", k);
            double x[MN] = {0}, lam[MM] = {0}, d[MN];
            c.fail_at = -1;
            cr_expect_eq(dn_nlp_hessdiag(P, x, 1.0, lam, d), 0);
            dn_nlp_free(P);
            cr_expect_eq(c.live, 0);
            cr_expect_eq(c.bad_free, 0);
            break;
        }
        cr_expect_eq(st, DN_ENOMEM, "failure at allocation %ld", k);
        cr_expect(P == NULL);
        cr_expect_eq(c.live, 0, "failure at %ld: %ld blocks leaked", k, c.live);
        cr_expect_eq(c.bad_free, 0);
    }
    /* the drivers that allocate */
    counting c;
    counting_init(&c);
    dn_allocator al = {c_alloc, c_free, &c};
    int st;
    dn_nlp *P = mix_problem(&al, &st);
    cr_assert_eq(st, 0);
    double x[MN] = {0}, lam[MM] = {0}, d[MN], jv[MM];
    for (int i = 0; i < MN; i++) d[i] = 42.0;
    c.fail_at = c.count;
    cr_expect_eq(dn_nlp_hessdiag(P, x, 1.0, lam, d), DN_ENOMEM);
    for (int i = 0; i < MN; i++) cr_expect_eq(d[i], 42.0);
    c.fail_at = c.count;
    cr_expect_eq(dn_nlp_jacvec(P, x, x, jv), DN_ENOMEM);
    dn_nlp_free(P);
    cr_expect_eq(c.live, 0);
}
