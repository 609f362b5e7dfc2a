/* One-pass drivers (dn_hessdiag_sp, dn_hessvec_sp, dn_hessian_sp, dn_grad_sp) against the
 * per-coordinate drivers dn_hessdiag / dn_hessian on every function and on random
 * programs (long sums, branches, reused operands), against the closed forms of W3, W5 and
 * W6; the dsph_o2 and dsp_o2 bodies of the sparse Hessian against each other (values, pattern,
 * NaN); hand-written objectives around generated ones; pattern reuse; reading H
 * (dn_sphess_get, dn_sphess_find, dn_sphess_to_dense); bad arguments; allocation failures
 * through a counting allocator. */
#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "hess_fun.h"
#include "../bench/w3_rosen.h"
#include "../bench/w5_logreg.h"
#include "../bench/w6_surface.h"
#include "w3_check.h"


/* the lower-triangle CSR H as a dense symmetric matrix D (n x n) */
static void csr_dense(const dn_sphess *H, double *D)
{
    unsigned n = H->n;
    memset(D, 0, (size_t)n * n * sizeof *D);
    for (unsigned i = 0; i < n; i++)
        for (size_t p = H->rowptr[i]; p < H->rowptr[i + 1]; p++) {
            unsigned j = H->col[p];
            cr_assert(j <= i, "entry above the diagonal");
            if (p > H->rowptr[i]) cr_assert(H->col[p - 1] < j, "columns not ascending");
            D[(size_t)i * n + j] = D[(size_t)j * n + i] = H->val[p];
        }
}

/* fsp run on a copy of the variables: name_sp of DN_OBJECTIVE_O2 then takes its dsp_o2 body
 * (entries in workspace lists) instead of the dsph_o2 one that dn_hessian_sp runs */
struct via {
    dn_objective_sp f;
    void *ctx;
};
static dsp_o2 via_copy(const dsp_o2 *x, unsigned n, void *ctx)
{
    const struct via *V = ctx;
    dsp_o2 y[16];
    memcpy(y, x, n * sizeof *y);
    return V->f(y, n, V->ctx);
}

/* every one-pass driver on f against dn_hessdiag and dn_hessian (n <= 16); the sparse
 * Hessian also by the dsp_o2 body, with the same pattern */
static void check_against_reference(dn_objective_o2 fref, dn_objective_sp fsp, void *ctx,
                                    const double *x, unsigned n, double tol, const char *what)
{
    double f1, f2, g1[16], g2[16], h1[16], h2[16], H[256], v[16], hv[16], D[256];
    cr_assert_eq(dn_hessdiag(&f1, g1, h1, fref, ctx, x, n, NULL), 0);
    cr_assert_eq(dn_hessian(NULL, NULL, H, fref, ctx, x, n, NULL), 0);
    cr_assert_eq(dn_hessdiag_sp(&f2, g2, h2, fsp, ctx, x, n, NULL), 0);
    double sg = 1e-3, sh = 1e-3;
    for (unsigned i = 0; i < n * n; i++) sh = fmax(sh, fabs(H[i]));
    for (unsigned i = 0; i < n; i++) sg = fmax(sg, fabs(g1[i]));
    NEAR(f2, f1, fmax(fabs(f1), 1e-3), 1e-14, "%s: f %.17g vs %.17g", what, f2, f1);
    for (unsigned i = 0; i < n; i++) {
        NEAR(g2[i], g1[i], sg, tol, "%s: g[%u] %.17g vs %.17g", what, i, g2[i], g1[i]);
        NEAR(h2[i], h1[i], sh, tol, "%s: h[%u] %.17g vs %.17g", what, i, h2[i], h1[i]);
    }
    double gg[16];
    cr_assert_eq(dn_grad_sp(NULL, gg, fsp, ctx, x, n, NULL), 0);
    for (unsigned i = 0; i < n; i++) cr_expect(gg[i] == g2[i], "%s: dn_grad_sp g[%u]", what, i);
    for (unsigned i = 0; i < n; i++) v[i] = 0.25 * (double)((i * 5 + 3) % 7) - 0.75;
    cr_assert_eq(dn_hessvec_sp(&f2, g2, hv, fsp, ctx, x, v, n, NULL), 0);
    double sv = 0.0;
    for (unsigned i = 0; i < n; i++) sv += fabs(v[i]);
    for (unsigned i = 0; i < n; i++) {
        double want = 0.0;
        for (unsigned j = 0; j < n; j++) want += H[i * n + j] * v[j];
        NEAR(hv[i], want, sh * sv, tol, "%s: Hv[%u] %.17g vs %.17g", what, i, hv[i], want);
        NEAR(g2[i], g1[i], sg, tol, "%s: hessvec g[%u]", what, i);
    }
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    cr_assert_eq(dn_hessian_sp(&f2, g2, &S, fsp, ctx, x, n, NULL), 0);
    cr_assert_eq(S.n, n);
    csr_dense(&S, D);
    for (unsigned i = 0; i < n * n; i++)
        NEAR(D[i], H[i], sh, tol, "%s: H[%u,%u] %.17g vs %.17g", what, i / n, i % n, D[i], H[i]);
    for (unsigned i = 0; i < n; i++) NEAR(g2[i], g1[i], sg, tol, "%s: sparse g[%u]", what, i);
    dn_sphess L;
    dn_sphess_init(&L, NULL);
    struct via V = {fsp, ctx};
    cr_assert_eq(dn_hessian_sp(NULL, gg, &L, via_copy, &V, x, n, NULL), 0);
    cr_assert_eq(L.nnz, S.nnz, "%s: pattern of the dsp_o2 body: %zu entries, %zu", what, L.nnz,
                 S.nnz);
    for (unsigned i = 0; i <= n; i++) cr_assert_eq(L.rowptr[i], S.rowptr[i], "%s: rowptr", what);
    for (size_t p = 0; p < S.nnz; p++) {
        cr_expect_eq(L.col[p], S.col[p], "%s: col[%zu]", what, p);
        NEAR(L.val[p], S.val[p], sh, tol, "%s: dsp_o2 body val[%zu] %.17g vs %.17g", what, p,
             L.val[p], S.val[p]);
    }
    for (unsigned i = 0; i < n; i++) NEAR(gg[i], g2[i], sg, tol, "%s: dsp_o2 body g[%u]", what, i);
    dn_sphess_clear(&L);
    dn_sphess_clear(&S);
}

Test(onepass, every_function)
{
    enum { n = 11 };
    double x[n] = {0.7, -0.9, 1.3};
    for (unsigned j = 3; j < n; j++) x[j] = 0.1 * j - 0.5;
    for (int which = 0; which < NFUN; which++) {
        char what[32];
        snprintf(what, sizeof what, "fun %d", which);
        check_against_reference(fun, fun_sp, &which, x, n, 1e-13, what);
    }
}

/* ---- random programs: a register machine written once for all three number types ---- */

enum { MAXI = 40 };
struct prog {
    unsigned len;
    struct ins {
        int op, a, b;
        double c;
    } ins[MAXI];
};

DN_OBJECTIVE_O2(rprog, T, x, n, ctx,
    const struct prog *P = ctx;
    T r[16 + MAXI];
    unsigned m = 0;
    for (unsigned i = 0; i < n; i++) r[m++] = x[i];
    for (unsigned t = 0; t < P->len; t++) {
        const struct ins *I = &P->ins[t];
        T a = r[I->a], b = r[I->b], s;
        switch (I->op) {
        case 0: s = dnh_add(a, b); break; /* may accumulate in place: a is reused later */
        case 1: s = dnh_sub(a, b); break;
        case 2: s = dnh_mul(a, b); break;
        case 3: s = dnh_div(a, dnh_add_d(dnh_mul(b, b), 1.0)); break;
        case 4: s = dnh_sin(a); break;
        case 5: s = dnh_exp(dnh_mul_d(a, I->c)); break;
        case 6: s = dnh_log(dnh_add_d(dnh_mul(a, a), 1.0)); break;
        case 7: s = dnh_atan2(a, dnh_add_d(dnh_mul(b, b), 0.5)); break;
        case 8: s = dnh_hypot(a, dnh_add_d(b, 3.0)); break;
        case 9: s = dnh_apply(a, dn_deriv_sin, NULL); break;
        case 10: s = dnh_value(a) > 0.0 ? dnh_mul(a, b) : dnh_sub(b, dnh_mul_d(a, I->c)); break;
        case 11: s = dnh_tanh(dnh_add(a, b)); break;
        case 12: /* a long sum that uses a in every term */
            s = dnh_const(T, 0.0);
            for (unsigned j = 0; j < n; j++) s = dnh_add(s, dnh_mul(a, dnh_mul_d(x[j], I->c)));
            break;
        case 13: /* a sum whose earlier terms are reused: the fast path cannot recycle */
            s = dnh_mul(x[0], x[0]);
            for (unsigned j = 1; j < n; j++) {
                T q = dnh_mul(x[j], b);
                s = dnh_add(s, q);
                s = dnh_add(s, dnh_mul(q, q));
            }
            break;
        case 14: s = dnh_pow_d(dnh_add_d(dnh_mul(a, a), 1.0), I->c); break;
        case 15: /* one list under two scales (shared storage) */
            s = dnh_add(dnh_mul(dnh_mul_d(a, I->c), dnh_neg(a)), dnh_div_d(b, I->c));
            break;
        case 16: s = dnh_exp(dnh_sub(dnh_d_sub(1.0, a), dnh_mul_d(dnh_neg(a), I->c))); break;
        default: s = dnh_sub_d(dnh_d_sub(I->c, dnh_div_d(a, 3.0)), 0.5); break;
        }
        r[m++] = s;
    }
    T out = r[m - 1];
    for (unsigned i = n; i + 1 < m; i += 3) out = dnh_add(out, dnh_mul_d(r[i], 0.01));
    return out;)

static unsigned long long rng = 1234567;
static double unif(void) { return w5_uniform(&rng); }

static void make_prog(struct prog *P, unsigned n)
{
    P->len = 10 + (unsigned)(15 * (unif() + 1.0));
    if (P->len > MAXI) P->len = MAXI;
    for (unsigned t = 0; t < P->len; t++) {
        unsigned m = n + t;
        P->ins[t].op = (int)(9.0 * (unif() + 1.0)) % 18;
        P->ins[t].a = (int)((double)m * 0.5 * (unif() + 1.0)) % (int)m;
        P->ins[t].b = (int)((double)m * 0.5 * (unif() + 1.0)) % (int)m;
        P->ins[t].c = 0.3 + 0.4 * unif();
    }
}

Test(onepass, random_programs)
{
    for (int trial = 0; trial < 300; trial++) {
        unsigned n = 3 + (unsigned)(6.5 * (unif() + 1.0));
        double x[16];
        for (unsigned i = 0; i < n; i++) x[i] = 0.9 * unif();
        struct prog P;
        make_prog(&P, n);
        char what[32];
        snprintf(what, sizeof what, "program %d", trial);
        check_against_reference(rprog, rprog_sp, &P, x, n, 1e-11, what);
    }
}

/* ---- functions of long sums (accumulators) and their combinations ----------------------- */

/* a sum over every variable, twice (long enough to be accumulated in place) */
#define LONG_SUM(T, s, x, n, c)                                                            \
    T s = dnh_const(T, 0.0);                                                               \
    for (unsigned j = 0; j < 2 * (n); j++)                                                 \
        s = dnh_add(s, dnh_mul_d(j < (n) ? x[j] : dnh_mul(x[j - (n)], x[j - (n)]),          \
                                 (c) * (0.3 + 0.05 * (double)j)));

DN_OBJECTIVE_O2(sumfun, T, x, n, ctx,
    int which = *(const int *)ctx;
    LONG_SUM(T, s, x, n, 0.2)
    switch (which) {
    case 0: return dnh_exp(s);                                  /* the result itself */
    case 1: return dnh_add(dnh_log1p(dnh_exp(s)), x[0]);        /* + a short number */
    case 2: return dnh_add(dnh_sin(s), dnh_cos(s));             /* two functions of one sum */
    case 3: return dnh_add(s, dnh_tanh(s));                     /* the sum and a function of it */
    case 4: return dnh_sub(dnh_tanh(s), s);
    case 5: return dnh_mul(dnh_exp(s), x[1]);                   /* a product */
    case 6: return dnh_sub(x[0], dnh_mul_d(dnh_exp(s), 2.0));   /* into the sum, scaled */
    case 7: return dnh_mul(dnh_sin(s), dnh_cos(dnh_mul_d(s, 0.5)));
    default: break;
    }
    LONG_SUM(T, t, x, n, -0.1)
    switch (which) {
    case 8: return dnh_add(dnh_mul_d(dnh_exp(s), 0.5), dnh_tanh(t)); /* the later sum into */
    case 9: return dnh_add(dnh_tanh(t), dnh_exp(s));                 /* the earlier one */
    case 10: return dnh_sub(dnh_sqrt(dnh_add_d(dnh_mul(t, t), 1.0)), dnh_atan(s));
    case 11: { /* several losses of sums (logistic regression) */
        T loss = dnh_add(dnh_log1p(dnh_exp(s)), dnh_log1p(dnh_exp(dnh_neg(t))));
        LONG_SUM(T, u, x, n, 0.05)
        return dnh_add(loss, dnh_mul_d(dnh_log1p(dnh_exp(u)), 3.0));
    }
    case 12: { /* a function of the sum, then the sum changes: the function is stale */
        T y = dnh_exp(s);
        s = dnh_add(s, dnh_mul(x[0], x[1]));
        return dnh_add(dnh_mul(y, x[2]), s);
    }
    case 13: { /* a function of the sum used in many terms (a mean) */
        T m = dnh_mul_d(s, 1.0 / n), v = dnh_const(T, 0.0);
        for (unsigned j = 0; j < n; j++) {
            T e = dnh_sub(x[j], m);
            v = dnh_add(v, dnh_mul(e, e));
        }
        return dnh_add(v, dnh_exp(m));
    }
    default: return dnh_log(dnh_add_d(dnh_mul(dnh_sin(s), dnh_sin(s)), 1.0));
    })

Test(onepass, functions_of_long_sums)
{
    enum { n = 16 };
    double x[n];
    for (unsigned i = 0; i < n; i++) x[i] = 0.15 * (double)((i * 7) % 11) - 0.7;
    for (int which = 0; which <= 14; which++) {
        char what[32];
        snprintf(what, sizeof what, "sum function %d", which);
        check_against_reference(sumfun, sumfun_sp, &which, x, n, 1e-12, what);
    }
}

/* ---- closed forms ------------------------------------------------------------------------ */

Test(onepass, w3_closed_form)
{
    static const unsigned ns[] = {2, 3, 17, 2000, 100000};
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        unsigned n = ns[t];
        double *x = malloc(n * sizeof *x), *g = malloc(n * sizeof *g), *h = malloc(n * sizeof *h);
        double *v = malloc(n * sizeof *v), *hv = malloc(n * sizeof *hv), f;
        cr_assert(x && g && h && v && hv);
        for (unsigned i = 0; i < n; i++) x[i] = (i % 3 == 0) ? -1.2 : 0.3 * (double)(i % 5);
        for (unsigned i = 0; i < n; i++) v[i] = (double)(i % 4) - 1.5;
        dn_sphess S;
        dn_sphess_init(&S, NULL);
        cr_assert_eq(dn_hessdiag_sp(&f, g, h, rosen_sp, NULL, x, n, NULL), 0);
        cr_assert_eq(dn_hessvec_sp(NULL, NULL, hv, rosen_sp, NULL, x, v, n, NULL), 0);
        cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, rosen_sp, NULL, x, n, NULL), 0);
        w3_check(n, x, v, f, g, h, hv, &S);
        dn_sphess_clear(&S);
        free(x), free(g), free(h), free(v), free(hv);
    }
}

Test(onepass, w5_closed_form)
{
    enum { m = 40, n = 9 };
    double a[m * n], y[m], wt[n], x[n], g[n], h[n], f;
    w5_make(a, y, m, n, wt);
    for (unsigned j = 0; j < n; j++) x[j] = 0.3 * wt[j] - 0.1;
    struct w5_data D = {m, a, y, 0.05};
    cr_assert_eq(dn_hessdiag_sp(&f, g, h, w5_logreg_sp, &D, x, n, NULL), 0);
    double fw = 0.0, gw[n], hw[n], sg = 0.0, sh = 0.0;
    for (unsigned j = 0; j < n; j++) gw[j] = D.lambda * x[j], hw[j] = D.lambda;
    for (unsigned k = 0; k < m; k++) {
        double z = 0.0;
        for (unsigned j = 0; j < n; j++) z -= y[k] * a[k * n + j] * x[j];
        double sig = 1.0 / (1.0 + exp(-z)); /* d/dz log(1 + e^z) */
        fw += log1p(exp(z)) / m;
        for (unsigned j = 0; j < n; j++) {
            double c = -y[k] * a[k * n + j];
            gw[j] += sig * c / m;
            hw[j] += sig * (1.0 - sig) * c * c / m;
            sg += fabs(c) / m, sh += c * c / m;
        }
    }
    for (unsigned j = 0; j < n; j++) fw += 0.5 * D.lambda * x[j] * x[j];
    NEAR(f, fw, fw, 1e-14, "f %.17g want %.17g", f, fw);
    for (unsigned j = 0; j < n; j++) {
        NEAR(g[j], gw[j], sg, 1e-14, "g[%u] %.17g want %.17g", j, g[j], gw[j]);
        NEAR(h[j], hw[j], sh, 1e-14, "h[%u] %.17g want %.17g", j, h[j], hw[j]);
    }
}

Test(onepass, w6_closed_form)
{
    enum { k = 7, n = k * k };
    double x[n], g[n], hv[n], v[n], f;
    static double Hw[n * n], D[n * n];
    for (unsigned i = 0; i < n; i++) x[i] = sin(0.7 * i) + 0.1 * (double)(i % k);
    for (unsigned i = 0; i < n; i++) v[i] = cos(1.3 * i);
    double fw = 0.0, gw[n] = {0};
    memset(Hw, 0, sizeof Hw);
    for (unsigned i = 0; i + 1 < k; i++)
        for (unsigned j = 0; j + 1 < k; j++) {
            unsigned p = i * k + j, q = p + k, r = p + 1, id[3] = {p, q, r};
            double A = x[q] - x[p], B = x[r] - x[p], s = sqrt(1.0 + A * A + B * B), s3 = s * s * s;
            double da[3] = {-1, 1, 0}, db[3] = {-1, 0, 1};
            double haa = (1.0 + B * B) / s3, hab = -A * B / s3, hbb = (1.0 + A * A) / s3;
            fw += s;
            for (int u = 0; u < 3; u++) {
                gw[id[u]] += (A * da[u] + B * db[u]) / s;
                for (int w = 0; w < 3; w++)
                    Hw[id[u] * n + id[w]] += haa * da[u] * da[w] + hab * (da[u] * db[w] + db[u] * da[w]) +
                                             hbb * db[u] * db[w];
            }
        }
    unsigned kk = k;
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    cr_assert_eq(dn_hessian_sp(&f, g, &S, w6_surface_sp, &kk, x, n, NULL), 0);
    NEAR(f, fw, fw, 1e-14, "f");
    for (unsigned i = 0; i < n; i++) NEAR(g[i], gw[i], 4.0, 1e-14, "g[%u]", i);
    csr_dense(&S, D);
    for (unsigned i = 0; i < n * n; i++)
        NEAR(D[i], Hw[i], 8.0, 1e-14, "H[%u,%u] %.17g want %.17g", i / n, i % n, D[i], Hw[i]);
    /* pattern: the pairs that share a cell (the far corner u[k-1][k-1] is in none) */
    size_t nnz = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j <= i; j++) nnz += Hw[i * n + j] != 0.0;
    cr_expect_eq(S.nnz, nnz, "nnz %zu want %zu", S.nnz, nnz);
    /* a second call reuses the pattern: same arrays, new values */
    size_t *rp = S.rowptr;
    double *vp = S.val;
    x[3] += 0.5;
    cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, w6_surface_sp, &kk, x, n, NULL), 0);
    cr_expect(S.rowptr == rp && S.val == vp, "pattern not reused");
    cr_assert_eq(dn_hessian(NULL, NULL, Hw, w6_surface, &kk, x, n, NULL), 0);
    csr_dense(&S, D);
    for (unsigned i = 0; i < n * n; i++) NEAR(D[i], Hw[i], 8.0, 1e-13, "reused H[%u]", i);
    cr_assert_eq(dn_hessvec_sp(NULL, NULL, hv, w6_surface_sp, &kk, x, v, n, NULL), 0);
    for (unsigned i = 0; i < n; i++) {
        double want = 0.0;
        for (unsigned j = 0; j < n; j++) want += Hw[i * n + j] * v[j];
        NEAR(hv[i], want, 8.0 * n, 1e-13, "Hv[%u]", i);
    }
    dn_sphess_clear(&S);
}

/* a structure that changes with ctx: a stored pattern that misses entries is rebuilt */
DN_OBJECTIVE_O2(shape, T, x, n, ctx,
    int wide = *(const int *)ctx;
    T s = dnh_mul(x[0], x[1]);
    if (wide) s = dnh_add(s, dnh_mul(x[0], x[n - 1]));
    return s;)

Test(onepass, pattern_rebuilt_when_outgrown)
{
    double x[4] = {1, 2, 3, 4};
    int wide = 0;
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, shape_sp, &wide, x, 4, NULL), 0);
    cr_expect_eq(S.nnz, 3); /* (0,0) (1,0) (1,1) */
    wide = 1;
    cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, shape_sp, &wide, x, 4, NULL), 0);
    cr_expect_eq(S.nnz, 5); /* + (3,0) (3,3) */
    cr_expect(S.val[S.rowptr[3]] == 1.0 && S.col[S.rowptr[3]] == 0);
    dn_sphess_clear(&S);
    dn_sphess_clear(NULL);
}

/* ---- hand-written objectives around DN_OBJECTIVE_O2 ones ----------------------------------- */

/* rosen on part of the variables (name_sp then runs its dsp_o2 body), or on all of them (its
 * dsph_o2 body under dn_hessian_sp) with a term of the caller's own on the same variables */
static dnum_o2 part(const dnum_o2 *x, unsigned n, void *ctx)
{
    return dnh_add(rosen(x + 1, n - 1, ctx), dnh_mul(x[0], x[n - 1]));
}
static dsp_o2 part_sp(const dsp_o2 *x, unsigned n, void *ctx)
{
    return dnh_add(rosen_sp(x + 1, n - 1, ctx), dnh_mul(x[0], x[n - 1]));
}
static dnum_o2 whole(const dnum_o2 *x, unsigned n, void *ctx)
{
    return dnh_add(dnh_mul(x[0], x[n - 1]), rosen(x, n, ctx));
}
static dsp_o2 whole_sp(const dsp_o2 *x, unsigned n, void *ctx)
{
    return dnh_add(dnh_mul(x[0], x[n - 1]), rosen_sp(x, n, ctx));
}

Test(onepass, handwritten_around_generated)
{
    double x[7] = {0.3, -0.8, 1.1, 0.4, -0.2, 0.9, 0.6};
    check_against_reference(part, part_sp, NULL, x, 7, 1e-13, "rosen on x + 1");
    check_against_reference(whole, whole_sp, NULL, x, 7, 1e-13, "rosen and a term");
}

/* a cell outside the domain: NaN in its rows and columns only, with the same pattern and
 * the same NaN entries in both bodies and the same gradient as dn_grad_sp. which 0: the
 * cell meets the rest through the workspace lists (four variables), 1: inside the number */
DN_OBJECTIVE_O2(domain, T, x, n, ctx,
    int inside = *(const int *)ctx;
    T s = dnh_mul(x[2], x[inside ? 2 : 3]);
    s = dnh_add(s, dnh_log(dnh_sub(x[0], x[1])));
    return inside ? s : dnh_add(s, dnh_mul(x[3], x[4]));)

Test(onepass, nan_in_one_cell)
{
    double x[5] = {0.1, 0.5, 2.0, 3.0, -1.0}; /* log(x0 - x1) of a negative number */
    for (int which = 0; which < 2; which++) {
        unsigned n = which ? 3 : 5;
        double g[5], gl[5], gg[5];
        dn_sphess S, L;
        dn_sphess_init(&S, NULL);
        dn_sphess_init(&L, NULL);
        struct via V = {domain_sp, &which};
        cr_assert_eq(dn_hessian_sp(NULL, g, &S, domain_sp, &which, x, n, NULL), 0);
        cr_assert_eq(dn_hessian_sp(NULL, gl, &L, via_copy, &V, x, n, NULL), 0);
        cr_assert_eq(dn_grad_sp(NULL, gg, domain_sp, &which, x, n, NULL), 0);
        cr_assert_eq(S.nnz, L.nnz);
        for (unsigned i = 0; i < n; i++) {
            cr_expect(isnan(g[i]) == (i < 2) && isnan(gl[i]) == (i < 2), "%d: g[%u]", which, i);
            if (i >= 2) cr_expect(g[i] == gg[i] && gl[i] == gg[i], "%d: g[%u] %g", which, i, g[i]);
            for (size_t p = S.rowptr[i]; p < S.rowptr[i + 1]; p++) {
                unsigned j = S.col[p];
                double want = which ? (i == 2 && j == 2 ? 2.0 : 0.0) : (i == j + 1 ? 1.0 : 0.0);
                cr_expect_eq(L.col[p], j);
                cr_expect(isnan(S.val[p]) == (i < 2), "%d: (%u,%u) %g", which, i, j, S.val[p]);
                cr_expect(isnan(L.val[p]) == (i < 2), "%d: dsp_o2 body (%u,%u)", which, i, j);
                if (i >= 2) cr_expect(S.val[p] == want && L.val[p] == want, "%d: (%u,%u) %g %g",
                                      which, i, j, S.val[p], L.val[p]);
            }
        }
        dn_sphess_clear(&S);
        dn_sphess_clear(&L);
    }
}

/* ---- operands reused after an in-place sum: detected, re-evaluated safely --------------- */

DN_OBJECTIVE_O2(reuse, T, x, n, ctx,
    (void)ctx;
    T s = dnh_const(T, 0.0), prev = x[0];
    for (unsigned i = 0; i < n; i++) {
        T y = dnh_sin(x[i]);
        s = dnh_add(s, dnh_mul(y, prev)); /* prev: computed in the previous iteration */
        prev = y;
    }
    T old = s;
    s = dnh_add(s, dnh_mul(x[1], x[2])); /* s accumulates in place ... */
    return dnh_mul(s, old);)              /* ... and the old s is used */

Test(onepass, reuse_falls_back_to_safe_pass)
{
    enum { n = 40 };
    double x[n], g1[n], h1[n], g2[n], h2[n], f1, f2;
    for (unsigned i = 0; i < n; i++) x[i] = 0.1 * i - 1.0;
    cr_assert_eq(dn_hessdiag(&f1, g1, h1, reuse, NULL, x, n, NULL), 0);
    cr_assert_eq(dn_hessdiag_sp(&f2, g2, h2, reuse_sp, NULL, x, n, NULL), 0);
    NEAR(f2, f1, fabs(f1), 1e-14, "f");
    for (unsigned i = 0; i < n; i++) {
        NEAR(g2[i], g1[i], 100.0, 1e-13, "g[%u] %.17g vs %.17g", i, g2[i], g1[i]);
        NEAR(h2[i], h1[i], 100.0, 1e-13, "h[%u] %.17g vs %.17g", i, h2[i], h1[i]);
    }
}

DN_OBJECTIVE_O2(constant, T, x, n, ctx, (void)x; return dnh_const(T, 2.5);)

Test(onepass, passive_result_and_aliasing)
{
    double x[3] = {1, 2, 3}, g[3] = {7, 7, 7}, h[3] = {7, 7, 7}, f = 0;
    cr_assert_eq(dn_hessdiag_sp(&f, g, h, constant_sp, NULL, x, 3, NULL), 0);
    cr_expect(f == 2.5 && g[0] == 0 && g[2] == 0 && h[1] == 0);
    /* gradient over x, H v over v */
    double xa[3] = {1, 2, 3}, v[3] = {1, 0, -1};
    cr_assert_eq(dn_hessvec_sp(NULL, xa, v, rosen_sp, NULL, xa, v, 3, NULL), 0);
    double gw[3], hv[3], vv[3] = {1, 0, -1};
    cr_assert_eq(dn_hessvec_sp(NULL, gw, hv, rosen_sp, NULL, x, vv, 3, NULL), 0);
    for (int i = 0; i < 3; i++) cr_expect(xa[i] == gw[i] && v[i] == hv[i], "aliasing %d", i);
}

/* ---- reading H: dn_sphess_get, dn_sphess_find, dn_sphess_to_dense -------------------------- */

/* f = x0^2 x1 + exp(x2) + 3 x1 x3 + x3^3: H00 = 2 x1, H10 = 2 x0, H22 = exp(x2), H31 = 3,
 * H33 = 6 x3; x2 meets no other variable (no entry (2, j), j != 2) */
DN_OBJECTIVE_O2(known, T, x, n, ctx,
    T c = dnh_mul(x[3], dnh_mul(x[3], x[3]));
    return dnh_add(dnh_add(dnh_mul(dnh_mul(x[0], x[0]), x[1]), dnh_exp(x[2])),
                   dnh_add(dnh_mul_d(dnh_mul(x[1], x[3]), 3.0), c));)

Test(onepass, sphess_get_find)
{
    enum { n = 4 };
    const double x[n] = {1.5, -0.5, 0.25, 2.0};
    const double W[n][n] = {{-1, 3, 0, 0}, {3, 0, 0, 3}, {0, 0, exp(0.25), 0}, {0, 3, 0, 12}};
    size_t p = 77;
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    cr_expect(isnan(dn_sphess_get(&S, 0, 0)), "empty H: not NaN");
    cr_expect_eq(dn_sphess_find(&S, 0, 0, &p), DN_EINVAL);
    cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, known_sp, NULL, x, n, NULL), 0);
    cr_assert_eq(S.n, n);
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++) {
            double a = dn_sphess_get(&S, i, j), b = dn_sphess_get(&S, j, i);
            NEAR(a, W[i][j], fabs(W[i][j]), 2 * DBL_EPSILON, "get(%u, %u) %.17g want %.17g", i,
                 j, a, W[i][j]);
            cr_expect(a == b, "get(%u, %u) %.17g, get(%u, %u) %.17g", i, j, a, j, i, b);
        }
    /* every stored entry at its place, from either triangle; the others absent */
    size_t found = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j <= i; j++) {
            size_t a = SIZE_MAX, b = SIZE_MAX;
            int st = dn_sphess_find(&S, i, j, &a);
            cr_expect_eq(dn_sphess_find(&S, j, i, &b), st, "find(%u, %u)", j, i);
            cr_expect_eq(dn_sphess_find(&S, i, j, NULL), st, "find(%u, %u, NULL)", i, j);
            if (st != 0) {
                cr_expect_eq(st, DN_EINVAL);
                cr_expect(a == SIZE_MAX && b == SIZE_MAX, "pos written for (%u, %u)", i, j);
                continue;
            }
            found++;
            cr_expect(a == b && a < S.nnz && S.col[a] == j && S.rowptr[i] <= a &&
                          a < S.rowptr[i + 1], "find(%u, %u) = %zu, %zu", i, j, a, b);
            cr_expect(S.val[a] == dn_sphess_get(&S, i, j), "val[find(%u, %u)]", i, j);
        }
    cr_expect_eq(found, S.nnz);
    /* x2 and x0 never meet: (2, 0) is not in the pattern, and reads +0.0 */
    p = 77;
    cr_expect_eq(dn_sphess_find(&S, 2, 0, &p), DN_EINVAL);
    cr_expect_eq(dn_sphess_find(&S, 0, 2, &p), DN_EINVAL);
    double z = dn_sphess_get(&S, 0, 2);
    cr_expect(z == 0.0 && !signbit(z), "absent entry: %g", z);
    /* out of range, NULL */
    cr_expect(isnan(dn_sphess_get(&S, n, 0)) && isnan(dn_sphess_get(&S, 0, n)) &&
                  isnan(dn_sphess_get(&S, UINT_MAX, UINT_MAX)) && isnan(dn_sphess_get(NULL, 0, 0)),
              "out of range: not NaN");
    cr_expect_eq(dn_sphess_find(&S, n, 0, &p), DN_EINVAL);
    cr_expect_eq(dn_sphess_find(&S, 1, n, &p), DN_EINVAL);
    cr_expect_eq(dn_sphess_find(NULL, 0, 0, &p), DN_EINVAL);
    cr_expect_eq(p, 77, "pos written on error");
    dn_sphess_clear(&S);
    cr_expect(isnan(dn_sphess_get(&S, 0, 0)), "cleared H: not NaN");
}

/* dn_sphess_to_dense of dn_hessian_sp's H against dn_hessian's dense Hessian (within a few
 * ulp of the polarisation's terms), the test's own scatter csr_dense and dn_sphess_get,
 * at x and then at a second point (the values written into the same pattern); n <= 9 */
static void check_to_dense(dn_objective_o2 fref, dn_objective_sp fsp, void *ctx,
                           const double *x0, unsigned n, const char *what)
{
    double x[9], A[81], D[81], R[81];
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    for (int pass = 0; pass < 2; pass++) {
        for (unsigned i = 0; i < n; i++) x[i] = x0[i] + 0.0625 * pass;
        cr_assert_eq(dn_hessian(NULL, NULL, R, fref, ctx, x, n, NULL), 0);
        cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, fsp, ctx, x, n, NULL), 0);
        for (unsigned i = 0; i < n * n; i++) A[i] = 99.0; /* every entry is written */
        cr_assert_eq(dn_sphess_to_dense(A, &S), 0);
        csr_dense(&S, D);
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = 0; j < n; j++) {
                double a = A[i * n + j], r = R[i * n + j];
                double s = fabs(R[i * n + i]) + fabs(R[j * n + j]) + 2.0 * fabs(r);
                cr_expect(a == D[i * n + j] && a == A[j * n + i] && a == dn_sphess_get(&S, i, j),
                          "%s pass %d: A[%u][%u] %.17g", what, pass, i, j, a);
                NEAR(a, r, s, 8 * DBL_EPSILON, "%s pass %d: A[%u][%u] %.17g dn_hessian %.17g",
                     what, pass, i, j, a, r);
            }
    }
    dn_sphess_clear(&S);
}

Test(onepass, sphess_to_dense)
{
    double x[9] = {0.7, -0.9, 1.3, -0.2, 0.3, 0.4, -0.6, 0.8, 0.1};
    int which[] = {0, 2, 25, 29, 36};
    for (unsigned k = 0; k < sizeof which / sizeof *which; k++) {
        char what[32];
        snprintf(what, sizeof what, "fun %d", which[k]);
        check_to_dense(fun, fun_sp, &which[k], x, 5, what);
    }
    unsigned k3 = 3;
    check_to_dense(w6_surface, w6_surface_sp, &k3, x, 9, "w6 3x3");
    check_to_dense(rosen, rosen_sp, NULL, x, 7, "rosen");
    check_to_dense(known, known_sp, NULL, x, 4, "known");
}

Test(onepass, sphess_to_dense_errors)
{
    double A[4] = {7, 7, 7, 7}, x[2] = {1, 2};
    int narrow = 0;
    dn_sphess S, huge;
    dn_sphess_init(&S, NULL);
    dn_sphess_init(&huge, NULL);
    huge.n = UINT_MAX; /* n * n doubles overflow size_t (read before any array) */
    cr_expect_eq(dn_sphess_to_dense(A, NULL), DN_EINVAL);
    cr_expect_eq(dn_sphess_to_dense(A, &S), DN_EINVAL); /* empty: no pattern */
    if (sizeof(size_t) <= 8) cr_expect_eq(dn_sphess_to_dense(A, &huge), DN_ERANGE);
    cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, shape_sp, &narrow, x, 2, NULL), 0);
    cr_expect_eq(dn_sphess_to_dense(NULL, &S), DN_EINVAL);
    for (int i = 0; i < 4; i++) cr_expect(A[i] == 7.0, "A[%d] written on error", i);
    /* x0 x1: [[0, 1], [1, 0]] */
    cr_assert_eq(dn_sphess_to_dense(A, &S), 0);
    cr_expect(A[0] == 0.0 && A[1] == 1.0 && A[2] == 1.0 && A[3] == 0.0, "%g %g %g %g", A[0],
              A[1], A[2], A[3]);
    dn_sphess_clear(&S);
    A[0] = 7.0;
    cr_expect_eq(dn_sphess_to_dense(A, &S), DN_EINVAL); /* cleared */
    cr_expect(A[0] == 7.0, "written on error");
}

/* ---- errors ---------------------------------------------------------------------------------- */

/* x0 / x1 + 1 / x2 with every operand scaled by c (the same function for every c > 0) */
DN_OBJECTIVE_O2(quotients, T, x, n, ctx,
    (void)n;
    double c = *(const double *)ctx;
    T q = dnh_div(dnh_mul_d(x[0], c), dnh_mul_d(x[1], c));
    return dnh_add(q, dnh_d_div(c, dnh_mul_d(x[2], c)));)

Test(onepass, tiny_and_huge_denominators)
{
    /* 1/b^2 in a quotient's second partials overflows for |b| < 2^-511 and underflows
     * above 2^511: the drivers scale such a denominator by a power of two (before, NaN
     * and Inf in the diagonal, H v and the sparse Hessian at c = 1e-200) */
    const double cs[] = {1.0, 1e-160, 1e-200, 1e-300, 1e200, 1e300};
    const double x[3] = {1.5, -2.0, 0.75}, v[3] = {1.0, 0.5, -2.0};
    double g0[3] = {1 / x[1], -x[0] / (x[1] * x[1]), -1 / (x[2] * x[2])};
    double H[3][3] = {{0, -1 / (x[1] * x[1]), 0},
                      {-1 / (x[1] * x[1]), 2 * x[0] / (x[1] * x[1] * x[1]), 0},
                      {0, 0, 2 / (x[2] * x[2] * x[2])}};
    for (size_t t = 0; t < sizeof cs / sizeof *cs; t++) {
        double c = cs[t], f, g[3], h[3], hv[3];
        cr_assert_eq(dn_hessdiag_sp(&f, g, h, quotients_sp, &c, x, 3, NULL), 0);
        cr_assert_eq(dn_hessvec_sp(NULL, NULL, hv, quotients_sp, &c, x, v, 3, NULL), 0);
        dn_sphess S;
        dn_sphess_init(&S, NULL);
        cr_assert_eq(dn_hessian_sp(NULL, NULL, &S, quotients_sp, &c, x, 3, NULL), 0);
        cr_expect(fabs(f - (x[0] / x[1] + 1 / x[2])) <= 1e-15, "c %g: f %.17g", c, f);
        for (int i = 0; i < 3; i++) {
            double w = H[i][0] * v[0] + H[i][1] * v[1] + H[i][2] * v[2];
            cr_expect(fabs(g[i] - g0[i]) <= 1e-14, "c %g: g[%d] %.17g", c, i, g[i]);
            cr_expect(fabs(h[i] - H[i][i]) <= 1e-14, "c %g: h[%d] %.17g", c, i, h[i]);
            cr_expect(fabs(hv[i] - w) <= 1e-14, "c %g: hv[%d] %.17g against %.17g", c, i,
                      hv[i], w);
            for (int j = 0; j <= i; j++) {
                double e = dn_sphess_get(&S, (unsigned)i, (unsigned)j);
                cr_expect(fabs(e - H[i][j]) <= 1e-14, "c %g: H(%d, %d) %.17g", c, i, j, e);
            }
        }
        dn_sphess_clear(&S);
    }
}

Test(onepass, bad_arguments)
{
    double x[3] = {1, 2, 3}, g[3] = {7, 7, 7}, h[3] = {7, 7, 7}, f = 7, v[3] = {1, 1, 1};
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    cr_expect_eq(dsp_o2_work_new(NULL, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_sp(&f, g, h, rosen_sp, NULL, x, 0, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_sp(&f, g, h, NULL, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_sp(&f, g, h, rosen_sp, NULL, NULL, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_sp(&f, g, NULL, rosen_sp, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_grad_sp(&f, NULL, rosen_sp, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_grad_sp(&f, g, rosen_sp, NULL, x, 0, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessvec_sp(&f, g, h, rosen_sp, NULL, x, NULL, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessvec_sp(&f, g, NULL, rosen_sp, NULL, x, v, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessvec_sp(&f, g, h, NULL, NULL, x, v, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessian_sp(&f, g, NULL, rosen_sp, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessian_sp(&f, g, &S, rosen_sp, NULL, NULL, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessian_sp(&f, g, &S, rosen_sp, NULL, x, 0, NULL), DN_EINVAL);
    cr_expect(f == 7.0 && S.n == 0 && S.rowptr == NULL, "written on error");
    for (int i = 0; i < 3; i++) cr_expect(g[i] == 7.0 && h[i] == 7.0, "written on error");
    dsp_o2_work_free(NULL);
    cr_expect_eq(dsp_o2_work_bytes(NULL), 0);
}

/* counting allocator: fails the allocation number fail_at */
typedef struct {
    long fail_at, count, live;
    size_t bytes;
} counting;

static void *c_alloc(size_t size, void *ctx)
{
    counting *c = ctx;
    if (c->count++ == c->fail_at) return NULL;
    void *p = malloc(size);
    if (p) c->live++, c->bytes += size;
    return p;
}

static void c_free(void *p, size_t size, void *ctx)
{
    counting *c = ctx;
    c->live--, c->bytes -= size;
    free(p);
}

/* one scenario of every driver on one workspace; returns the number of failed calls */
static int scenario(const dn_allocator *al, const struct w5_data *D, const double *x, unsigned n)
{
    dsp_o2_work *w;
    if (dsp_o2_work_new(&w, al)) return 1;
    double g[12] = {0}, h[12] = {0}, f = -1.0, v[12];
    for (unsigned i = 0; i < n; i++) v[i] = 1.0 / (1.0 + i);
    int fails = 0;
    static double snap[12];
    memcpy(snap, h, sizeof snap);
    int st = dn_hessdiag_sp(&f, g, h, w5_logreg_sp, (void *)D, x, n, w);
    cr_assert(st == 0 || st == DN_ENOMEM);
    if (st) {
        fails++;
        cr_expect(f == -1.0 && memcmp(snap, h, sizeof snap) == 0, "output written on failure");
    }
    st = dn_hessvec_sp(NULL, NULL, h, rosen_sp, NULL, x, v, n, w);
    cr_assert(st == 0 || st == DN_ENOMEM);
    fails += st != 0;
    /* functions of long sums (views of accumulators), written out or added into a sum */
    double x16[16], v16[16], h16[16], snap16[16];
    for (unsigned i = 0; i < 16; i++) x16[i] = 0.05 * i - 0.3, v16[i] = 1.0 - 0.1 * i;
    for (int which = 6, hv = 0; hv < 2; which = 11, hv++) {
        for (unsigned i = 0; i < 16; i++) h16[i] = snap16[i] = 7.0 + i;
        st = hv ? dn_hessvec_sp(NULL, NULL, h16, sumfun_sp, &which, x16, v16, 16, w)
                : dn_hessdiag_sp(NULL, NULL, h16, sumfun_sp, &which, x16, 16, w);
        cr_assert(st == 0 || st == DN_ENOMEM);
        if (st) {
            fails++;
            cr_expect(memcmp(snap16, h16, sizeof h16) == 0, "output written on failure");
        }
    }
    unsigned k = 3;
    dn_sphess S;
    dn_sphess_init(&S, al);
    for (int rep = 0; rep < 2; rep++) {
        dn_sphess before = S;
        st = dn_hessian_sp(NULL, NULL, &S, w6_surface_sp, &k, x, 9, w);
        cr_assert(st == 0 || st == DN_ENOMEM);
        if (st) {
            fails++;
            cr_expect(S.rowptr == before.rowptr && S.nnz == before.nnz, "H changed on failure");
        }
    }
    dn_sphess_clear(&S);
    dsp_o2_work_free(w);
    return fails;
}

Test(onepass, allocation_failures)
{
    enum { m = 30, n = 12 };
    double a[m * n], y[m], wt[n], x[n];
    w5_make(a, y, m, n, wt);
    for (unsigned j = 0; j < n; j++) x[j] = 0.2 * wt[j];
    struct w5_data D = {m, a, y, 0.05};
    counting c = {-1, 0, 0, 0};
    dn_allocator al = {c_alloc, c_free, &c};
    cr_assert_eq(scenario(&al, &D, x, n), 0);
    long total = c.count;
    cr_assert_eq(c.live, 0, "leak");
    cr_assert(total > 10);
    for (long k = 0; k < total; k++) {
        c.fail_at = k, c.count = 0;
        int fails = scenario(&al, &D, x, n);
        cr_expect(fails > 0, "failure %ld not reported", k);
        cr_assert_eq(c.live, 0, "leak after failure %ld", k);
    }
}

static void expect_err(int st, const dn_errinfo *e, int code, unsigned arg, const char *msg)
{
    cr_expect_eq(st, code, "status %d, want %d (%s)", st, code, msg);
    cr_expect_eq(e->code, code, "err.code %d, want %d (%s)", e->code, code, msg);
    cr_expect_eq(e->arg, arg, "err.arg %u, want %u (%s)", e->arg, arg, msg);
    cr_expect_str_eq(e->msg, msg);
}

Test(onepass, error_details)
{
    double x[3] = {1, 2, 3}, g[3] = {7, 7, 7}, h[3] = {7, 7, 7}, f = 7, v[3] = {1, 1, 1};
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    dn_errinfo e;
    expect_err(dn_grad_sp_ex(&f, NULL, rosen_sp, NULL, x, 3, NULL, &e), &e, DN_EINVAL, 2,
               "dn_grad_sp: argument 2: grad is NULL");
    expect_err(dn_grad_sp_ex(&f, g, rosen_sp, NULL, x, 0, NULL, &e), &e, DN_EINVAL, 6,
               "dn_grad_sp: argument 6: n is 0");
    expect_err(dn_hessdiag_sp_ex(&f, g, h, NULL, NULL, x, 3, NULL, &e), &e, DN_EINVAL, 4,
               "dn_hessdiag_sp: argument 4: f is NULL");
    expect_err(dn_hessdiag_sp_ex(&f, g, h, rosen_sp, NULL, NULL, 3, NULL, &e), &e, DN_EINVAL, 6,
               "dn_hessdiag_sp: argument 6: x is NULL");
    expect_err(dn_hessvec_sp_ex(&f, g, h, rosen_sp, NULL, x, NULL, 3, NULL, &e), &e, DN_EINVAL,
               7, "dn_hessvec_sp: argument 7: v is NULL");
    expect_err(dn_hessvec_sp_ex(&f, g, NULL, rosen_sp, NULL, x, v, 0, NULL, &e), &e, DN_EINVAL,
               3, "dn_hessvec_sp: argument 3: hv is NULL");
    expect_err(dn_hessian_sp_ex(&f, g, NULL, rosen_sp, NULL, x, 3, NULL, &e), &e, DN_EINVAL, 3,
               "dn_hessian_sp: argument 3: H is NULL");
    expect_err(dn_hessian_sp_ex(&f, g, &S, rosen_sp, NULL, x, 0, NULL, &e), &e, DN_EINVAL, 7,
               "dn_hessian_sp: argument 7: n is 0");
    cr_expect(f == 7.0 && S.n == 0 && g[0] == 7.0 && h[0] == 7.0, "written on error");
    /* out of memory: no argument at fault */
    counting c = {0, 0, 0, 0};
    dn_allocator al = {c_alloc, c_free, &c};
    dsp_o2_work *w;
    cr_assert_eq(dsp_o2_work_new(&w, &al), DN_ENOMEM);
    c.fail_at = 1, c.count = 0;
    cr_assert_eq(dsp_o2_work_new(&w, &al), 0);
    expect_err(dn_hessdiag_sp_ex(&f, g, h, rosen_sp, NULL, x, 3, w, &e), &e, DN_ENOMEM, 0,
               "dn_hessdiag_sp: out of memory (workspace)");
    cr_expect(f == 7.0 && g[0] == 7.0 && h[0] == 7.0, "written on error");
    /* success */
    c.fail_at = -1;
    expect_err(dn_hessdiag_sp_ex(&f, g, h, rosen_sp, NULL, x, 3, w, &e), &e, DN_OK, 0, "");
    expect_err(dn_hessvec_sp_ex(&f, g, h, rosen_sp, NULL, x, v, 3, w, &e), &e, DN_OK, 0, "");
    expect_err(dn_grad_sp_ex(&f, g, rosen_sp, NULL, x, 3, w, &e), &e, DN_OK, 0, "");
    expect_err(dn_hessian_sp_ex(&f, g, &S, rosen_sp, NULL, x, 3, w, &e), &e, DN_OK, 0, "");
    cr_expect(S.n == 3 && e.elem == SIZE_MAX);
    dn_sphess_clear(&S);
    dsp_o2_work_free(w);
    cr_expect_eq(c.live, 0, "leak");
}

/* one workspace through every driver in turn, new x and v each time: the results of a
 * fresh workspace, bit for bit (the seeds of the variables are kept between calls) */
Test(onepass, workspace_reuse_same_results)
{
    enum { n = 24 };
    double x[n], v[n], g1[n], h1[n], g2[n], h2[n], f1, f2;
    dsp_o2_work *w;
    cr_assert_eq(dsp_o2_work_new(&w, NULL), 0);
    const char *seq = "ddvvdssdgvssd";
    for (int t = 0; seq[t]; t++) {
        for (unsigned i = 0; i < n; i++)
            x[i] = 0.1 * (double)((i * 5 + (unsigned)t) % 13) - 0.6, v[i] = 0.3 * t - 0.1 * i;
        int which = t % 14;
        switch (seq[t]) {
        case 'd':
            cr_assert_eq(dn_hessdiag_sp(&f1, g1, h1, sumfun_sp, &which, x, n, w), 0);
            cr_assert_eq(dn_hessdiag_sp(&f2, g2, h2, sumfun_sp, &which, x, n, NULL), 0);
            break;
        case 'v':
            cr_assert_eq(dn_hessvec_sp(&f1, g1, h1, sumfun_sp, &which, x, v, n, w), 0);
            cr_assert_eq(dn_hessvec_sp(&f2, g2, h2, sumfun_sp, &which, x, v, n, NULL), 0);
            break;
        case 'g':
            cr_assert_eq(dn_grad_sp(&f1, g1, sumfun_sp, &which, x, n, w), 0);
            cr_assert_eq(dn_grad_sp(&f2, g2, sumfun_sp, &which, x, n, NULL), 0);
            memset(h1, 0, sizeof h1), memset(h2, 0, sizeof h2);
            break;
        default: {
            dn_sphess S;
            dn_sphess_init(&S, NULL);
            cr_assert_eq(dn_hessian_sp(&f1, g1, &S, sumfun_sp, &which, x, n, w), 0);
            dn_sphess_clear(&S);
            cr_assert_eq(dn_hessian_sp(&f2, g2, &S, sumfun_sp, &which, x, n, NULL), 0);
            dn_sphess_clear(&S);
            memset(h1, 0, sizeof h1), memset(h2, 0, sizeof h2);
        }
        }
        cr_expect(f1 == f2, "call %d (%c): f", t, seq[t]);
        for (unsigned i = 0; i < n; i++)
            cr_expect(g1[i] == g2[i] && h1[i] == h2[i], "call %d (%c): entry %u", t, seq[t], i);
    }
    dsp_o2_work_free(w);
}

Test(onepass, workspace_reuse_allocates_nothing)
{
    enum { k = 20, n = k * k };
    static double x[n], g[n], h[n], v[n];
    for (unsigned i = 0; i < n; i++) x[i] = 0.01 * (double)(i % 17), v[i] = 1.0;
    counting c = {-1, 0, 0, 0};
    dn_allocator al = {c_alloc, c_free, &c};
    dsp_o2_work *w;
    cr_assert_eq(dsp_o2_work_new(&w, &al), 0);
    unsigned kk = k;
    dn_sphess S;
    dn_sphess_init(&S, &al);
    for (int rep = 0; rep < 3; rep++) {
        long before = c.count;
        cr_assert_eq(dn_hessdiag_sp(NULL, g, h, w6_surface_sp, &kk, x, n, w), 0);
        cr_assert_eq(dn_hessvec_sp(NULL, g, h, w6_surface_sp, &kk, x, v, n, w), 0);
        cr_assert_eq(dn_hessian_sp(NULL, g, &S, w6_surface_sp, &kk, x, n, w), 0);
        if (rep == 2) cr_expect_eq(c.count, before, "allocations on a sized workspace");
        x[rep] += 0.25;
    }
    cr_expect(dsp_o2_work_bytes(w) > n * sizeof(double));
    dn_sphess_clear(&S);
    dsp_o2_work_free(w);
    cr_expect_eq(c.live, 0);
}
