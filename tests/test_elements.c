/* Element drivers of partially separable objectives (dnum/hessian.h, dnum/elem2.h):
 * every dnh_* function on dnel2_1..4 against dn_hessian (dnum_o2, polarisation) of the
 * same body as a DN_OBJECTIVE2, directly on the numbers and through every driver with a
 * permuted element; chained Rosenbrock (K = 2) and the minimal-surface cell (K = 3)
 * against closed forms, dn_hessian and dn_hessian_sp; random element structures with
 * random per-element programs (e and ctx) against a DN_OBJECTIVE2 summing the same
 * elements, with the exact pattern of the sparse Hessian; the NaN and zero rules of the
 * numbers; bad arguments; allocation failures through a counting allocator that checks
 * every free's size; pattern reuse and replacement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "../bench/w3_rosen.h"
#include "../bench/w6_surface.h"
#include "../bench/w5_logreg.h" /* w5_uniform: the random numbers */
#include "w3_check.h"


/* the lower-triangle CSR H as a dense symmetric matrix D (n x n); checks the CSR shape */
static void csr_dense(const dn_sphess *H, double *D)
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

static double maxabs(const double *a, size_t n, double floor_)
{
    double s = floor_;
    for (size_t i = 0; i < n; i++) s = fmax(s, fabs(a[i]));
    return s;
}

/* ---- counting allocator: fails allocation number fail_at, checks every free's size ---- */

enum { NTAB = 256 };
typedef struct {
    long fail_at, count, live;
    long bad_free; /* frees of an unknown pointer or with another size than allocated */
    struct {
        void *p;
        size_t size;
    } tab[NTAB];
} counting;

static void *c_alloc(size_t size, void *ctx)
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

static void c_free(void *p, size_t size, void *ctx)
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

static void counting_init(counting *c)
{
    memset(c, 0, sizeof *c);
    c->fail_at = -1;
}

/* ==== 1. every dnh_* function on dnel2_K against dnum_o2 (dn_hessian) ====================== */

/* f(u, v) for u, v mixing the K variables x[0 .. K-1] (every variable in both for K >= 3),
 * F selected by which in 0 .. NFUN - 1; near x = (0.7, -0.9, 1.3, 0.4): u ~ 0.5..0.62,
 * v ~ 0.55..0.71 */
enum { NFUN = 80 };
#define DEF_FUN(name, T)                                                                   \
    static T name(const T *x, unsigned K, int which)                                       \
    {                                                                                      \
        T a0 = x[0], a1 = x[1 % K], a2 = x[2 % K], a3 = x[3 % K];                          \
        T u = dnh_add_d(dnh_sub(dnh_add(dnh_mul_d(a0, 0.3), dnh_mul_d(dnh_mul(a1, a1), 0.2)), \
                                dnh_mul_d(dnh_mul(a0, a2), 0.1)), 0.25);                   \
        u = dnh_add(u, dnh_mul_d(dnh_mul(a3, a1), 0.05));                                  \
        T v = dnh_add_d(dnh_add(dnh_mul_d(dnh_mul(a1, a2), 0.1), dnh_mul_d(a2, 0.2)), 0.5); \
        v = dnh_add(v, dnh_mul_d(dnh_mul(a3, a0), 0.04));                                  \
        T s, c;                                                                            \
        switch (which) {                                                                   \
        case 0: return dnh_exp(u);                                                         \
        case 1: return dnh_expm1(u);                                                       \
        case 2: return dnh_log(u);                                                         \
        case 3: return dnh_log1p(u);                                                       \
        case 4: return dnh_sqrt(u);                                                        \
        case 5: return dnh_cbrt(u);                                                        \
        case 6: return dnh_sin(u);                                                         \
        case 7: return dnh_cos(u);                                                         \
        case 8: return dnh_tan(u);                                                         \
        case 9: return dnh_asin(u);                                                        \
        case 10: return dnh_acos(u);                                                       \
        case 11: return dnh_atan(u);                                                       \
        case 12: return dnh_sinh(u);                                                       \
        case 13: return dnh_cosh(u);                                                       \
        case 14: return dnh_tanh(u);                                                       \
        case 15: return dnh_asinh(u);                                                      \
        case 16: return dnh_acosh(dnh_add_d(u, 1.0));                                      \
        case 17: return dnh_atanh(u);                                                      \
        case 18: return dnh_erf(u);                                                        \
        case 19: return dnh_erfc(u);                                                       \
        case 20: return dnh_abs(u);                                                        \
        case 21: return dnh_abs(dnh_neg(u));                                               \
        case 22: return dnh_pow_d(u, 2.5);                                                 \
        case 23: return dnh_pown(u, 3);                                                    \
        case 24: return dnh_pown(u, -2);                                                   \
        case 25: return dnh_pow(u, v);                                                     \
        case 26: return dnh_atan2(u, v);                                                   \
        case 27: return dnh_atan2(dnh_neg(v), u);                                          \
        case 28: return dnh_hypot(u, v);                                                   \
        case 29: return dnh_div(u, v);                                                     \
        case 30: return dnh_d_div(3.0, u);                                                 \
        case 31: return dnh_div_d(u, 7.0);                                                 \
        case 32: return dnh_sub_d(dnh_d_sub(2.0, u), 0.5);                                 \
        case 33: return dnh_apply(u, dn_deriv_exp, NULL);                                  \
        case 34: dnh_sincos(u, &s, &c); return dnh_mul(s, c);                              \
        case 35: dnh_sinhcosh(u, &s, &c); return dnh_div(s, c);                            \
        case 36: return dnh_mul(dnh_exp(u), dnh_log(v));                                   \
        case 37: return dnh_div(dnh_const(T, 2.0), dnh_sub(u, v));                         \
        case 38: return dnh_pow_d(u, 1.0);                                                 \
        case 39: return dnh_add(u, v);                                                     \
        case 40: return dnh_sub(u, v);                                                     \
        case 41: return dnh_mul(u, v);                                                     \
        case 42: return dnh_neg(dnh_mul(u, v));                                            \
        case 43: return dnh_mul_d(dnh_add_d(dnh_mul(u, u), 0.5), -1.5);                    \
        case 44: return dnh_d_div(-2.0, dnh_mul(u, v));                                    \
        case 45: return dnh_div(dnh_mul(u, v), dnh_add(u, v));                             \
        case 46: dnh_sincos(dnh_mul(u, v), &s, &c); return dnh_add(c, dnh_mul(s, u));      \
        case 47: dnh_sinhcosh(dnh_sub(u, v), &s, &c); return dnh_sub(dnh_mul(c, v), s);    \
        case 48: return dnh_apply(dnh_mul(u, v), dn_deriv_sin, NULL);                      \
        case 49: return dnh_mul_d(dnh_pow_d(u, 0.0), dnh_value(v));                        \
        /* the special functions (dnum/special2.h) */                                      \
        case 50: return dnh_lgamma(u);                                                     \
        case 51: return dnh_tgamma(u);                                                     \
        case 52: return dnh_digamma(u);                                                    \
        case 53: return dnh_polygamma(2, u);                                               \
        case 54: return dnh_lambertw(u);                                                   \
        case 55: return dnh_lambertwm1(dnh_mul_d(u, -0.5));                                \
        case 56: return dnh_erfinv(u);                                                     \
        case 57: return dnh_erfcinv(u);                                                    \
        case 58: return dnh_j0(u);                                                         \
        case 59: return dnh_j1(u);                                                         \
        case 60: return dnh_jn(3, u);                                                      \
        case 61: return dnh_y0(u);                                                         \
        case 62: return dnh_y1(u);                                                         \
        case 63: return dnh_yn(2, u);                                                      \
        case 64: return dnh_log2(u);                                                       \
        case 65: return dnh_log10(u);                                                      \
        case 66: return dnh_exp2(u);                                                       \
        case 67: return dnh_sinc(dnh_mul_d(u, 3.0));                                       \
        case 68: return dnh_cot(u);                                                        \
        case 69: return dnh_sinpi(u);                                                      \
        case 70: return dnh_cospi(u);                                                      \
        case 71: return dnh_mul(dnh_floor(dnh_add_d(u, 3.0)), u);                          \
        case 72: return dnh_mul(dnh_ceil(dnh_add_d(u, 3.0)), dnh_exp(u));                  \
        case 73: return dnh_mul(dnh_min(u, v), v);                                         \
        case 74: return dnh_mul(dnh_max(u, v), u);                                         \
        case 75: return dnh_mul(dnh_min(v, u), dnh_max(v, u));                             \
        case 76: return dnh_fmod(dnh_mul(v, v), u);                                        \
        case 77: return dnh_fmod(dnh_mul_d(v, 3.0), u); /* quotient 3 or 4 */              \
        case 78: return dnh_polygamma(1, dnh_add(u, v));                                   \
        default: return dnh_jn(2, dnh_mul(u, v));                                          \
        }                                                                                  \
    }
DEF_FUN(fun_o2, dnum_o2)
DEF_FUN(fun_l2, dlane2)
DEF_FUN(fun_sp, dsp2)
DEF_FUN(fun_sph, dsph2)
DEF_FUN(fun_e1, dnel2_1)
DEF_FUN(fun_e2, dnel2_2)
DEF_FUN(fun_e3, dnel2_3)
DEF_FUN(fun_e4, dnel2_4)
#define FUN(T)                                                                             \
    _Generic((T){0}, dnum_o2 : fun_o2, dlane2 : fun_l2, dsp2 : fun_sp, dsph2 : fun_sph,      \
             dnel2_1 : fun_e1, dnel2_2 : fun_e2, dnel2_3 : fun_e3, dnel2_4 : fun_e4)

/* the reference: the same body over n = K variables */
DN_OBJECTIVE2(fun_ref, T, x, n, ctx, return FUN(T)(x, n, *(const int *)ctx);)

/* the element versions */
DN_ELEMENT2(fun_el1, 1, T, u, e, ctx, return FUN(T)(u, 1, *(const int *)ctx);)
DN_ELEMENT2(fun_el2, 2, T, u, e, ctx, return FUN(T)(u, 2, *(const int *)ctx);)
DN_ELEMENT2(fun_el3, 3, T, u, e, ctx, return FUN(T)(u, 3, *(const int *)ctx);)
DN_ELEMENT2(fun_el4, 4, T, u, e, ctx, return FUN(T)(u, 4, *(const int *)ctx);)
static const dn_element2 fun_el[5] = {NULL, fun_el1, fun_el2, fun_el3, fun_el4};

/* the body on dnel2_K numbers directly: value, gradient and the triangle into OV, OG[K] and
 * OH[K * K] (dense, symmetric) */
#define EVAL_DIRECT(K, xs, which, OV, OG, OH)                                              \
    do {                                                                                   \
        dnel2_##K uu[K];                                                                   \
        for (unsigned k = 0; k < K; k++) uu[k] = dnel2_##K##_var((xs)[k], k);               \
        dnel2_##K r = fun_e##K(uu, K, which);                                              \
        OV = dnh_value(r);                                                                 \
        for (unsigned i = 0; i < K; i++) {                                                 \
            OG[i] = r.g[i];                                                                \
            for (unsigned j = 0; j <= i; j++)                                              \
                OH[i * K + j] = r.h[DNEL2_AT(i, j)], OH[j * K + i] = OH[i * K + j];        \
        }                                                                                  \
    } while (0)

static const double fun_base[4] = {0.7, -0.9, 1.3, 0.4};

/* the points of the function tests: the base and two perturbations */
static void fun_point(double *x, int p)
{
    for (unsigned k = 0; k < 4; k++)
        x[k] = fun_base[k] + (p ? 0.03 * ((double)((k * 3 + (unsigned)p * 5) % 5) - 2.0) : 0.0);
}

Test(elements, every_function_on_the_numbers)
{
    for (unsigned K = 1; K <= 4; K++)
        for (int p = 0; p < 3; p++)
            for (int which = 0; which < NFUN; which++) {
                double x[4], fr, gr[4], Hr[16], fe = NAN, ge[4], He[16];
                fun_point(x, p);
                cr_assert_eq(dn_hessian(&fr, gr, Hr, fun_ref, &which, x, K, NULL), 0);
                cr_assert(isfinite(fr), "K=%u fun %d: reference value not finite", K, which);
                switch (K) {
                case 1: EVAL_DIRECT(1, x, which, fe, ge, He); break;
                case 2: EVAL_DIRECT(2, x, which, fe, ge, He); break;
                case 3: EVAL_DIRECT(3, x, which, fe, ge, He); break;
                default: EVAL_DIRECT(4, x, which, fe, ge, He); break;
                }
                double sg = maxabs(gr, K, 1e-3), sh = maxabs(Hr, (size_t)K * K, 1e-3);
                NEAR(fe, fr, fmax(fabs(fr), 1e-3), 1e-13, "K=%u p=%d fun %d: f %.17g vs %.17g",
                     K, p, which, fe, fr);
                for (unsigned i = 0; i < K; i++) {
                    NEAR(ge[i], gr[i], sg, 1e-12, "K=%u p=%d fun %d: g[%u] %.17g vs %.17g", K, p,
                         which, i, ge[i], gr[i]);
                    for (unsigned j = 0; j <= i; j++)
                        NEAR(He[i * K + j], Hr[i * K + j], sh, 1e-12,
                             "K=%u p=%d fun %d: H[%u,%u] %.17g vs %.17g", K, p, which, i, j,
                             He[i * K + j], Hr[i * K + j]);
                }
            }
}

/* the off-diagonal entries of the mixing bodies are not all zero (the test above is not
 * vacuous for mixed partials) */
Test(elements, mixed_partials_present)
{
    double x[4];
    fun_point(x, 0);
    for (int which = 0; which < NFUN; which++) {
        if (which == 49) continue; /* a constant */
        double H[16];
        cr_assert_eq(dn_hessian(NULL, NULL, H, fun_ref, &which, x, 4, NULL), 0);
        int nz = 0;
        for (unsigned i = 0; i < 4; i++)
            for (unsigned j = 0; j < i; j++) nz += fabs(H[i * 4 + j]) > 1e-6;
        cr_expect(nz >= 2, "fun %d: only %d off-diagonal entries", which, nz);
    }
}

/* through the drivers: one element of K variables at permuted indices among n = K + 3
 * (three variables of no element), m = 1 and m = 2 (the same element twice) */
Test(elements, every_function_through_the_drivers)
{
    static const unsigned perm[4] = {4, 1, 6, 2};
    for (unsigned K = 1; K <= 4; K++) {
        const unsigned n = K + 3;
        unsigned idx[8];
        for (unsigned m = 1; m <= 2; m++) {
            for (unsigned e = 0; e < m; e++)
                for (unsigned k = 0; k < K; k++) idx[e * K + k] = perm[k] % n;
            dn_elements *E = NULL;
            cr_assert_eq(dn_elements_new(&E, n, K, m, idx, NULL), 0);
            dn_sphess S;
            dn_sphess_init(&S, NULL);
            for (int p = 0; p < 3; p++)
                for (int which = 0; which < NFUN; which++) {
                    double x[4], fr, gr[4], Hr[16];
                    fun_point(x, p);
                    cr_assert_eq(dn_hessian(&fr, gr, Hr, fun_ref, &which, x, K, NULL), 0);
                    double xf[8], v[8], f[4], g[4][8], d[8], hv[8], D[64];
                    for (unsigned i = 0; i < n; i++) xf[i] = 100.0 + i, v[i] = 0.5 - 0.25 * i;
                    for (unsigned k = 0; k < K; k++) xf[idx[k]] = x[k];
                    cr_assert_eq(dn_grad_el(&f[0], g[0], fun_el[K], &which, xf, E), 0);
                    cr_assert_eq(dn_hessdiag_el(&f[1], g[1], d, fun_el[K], &which, xf, E), 0);
                    cr_assert_eq(dn_hessvec_el(&f[2], g[2], hv, fun_el[K], &which, xf, v, E), 0);
                    cr_assert_eq(dn_hessian_el(&f[3], g[3], &S, fun_el[K], &which, xf, E), 0);
                    cr_assert_eq(S.n, n);
                    csr_dense(&S, D);
                    /* the reference scattered: m times the element at idx */
                    double Fw = m * fr, Gw[8] = {0}, Hw[64] = {0};
                    for (unsigned i = 0; i < K; i++) {
                        Gw[idx[i]] = m * gr[i];
                        for (unsigned j = 0; j < K; j++)
                            Hw[idx[i] * n + idx[j]] = m * Hr[i * K + j];
                    }
                    double sg = maxabs(Gw, n, 1e-3), sh = maxabs(Hw, (size_t)n * n, 1e-3);
                    for (int q = 0; q < 4; q++) {
                        NEAR(f[q], Fw, fmax(fabs(Fw), 1e-3), 1e-13, "K=%u m=%u fun %d: f (%d)", K,
                             m, which, q);
                        for (unsigned i = 0; i < n; i++)
                            NEAR(g[q][i], Gw[i], sg, 1e-12, "K=%u m=%u fun %d: driver %d g[%u]", K,
                                 m, which, q, i);
                    }
                    for (unsigned i = 0; i < n; i++) {
                        double hvw = 0.0;
                        for (unsigned j = 0; j < n; j++) hvw += Hw[i * n + j] * v[j];
                        NEAR(d[i], Hw[i * n + i], sh, 1e-12, "K=%u m=%u fun %d: diag[%u]", K, m,
                             which, i);
                        NEAR(hv[i], hvw, sh * 4.0, 1e-12, "K=%u m=%u fun %d: Hv[%u] %.17g vs %.17g",
                             K, m, which, i, hv[i], hvw);
                        for (unsigned j = 0; j < n; j++)
                            NEAR(D[i * n + j], Hw[i * n + j], sh, 1e-12,
                                 "K=%u m=%u fun %d: H[%u,%u] %.17g vs %.17g", K, m, which, i, j,
                                 D[i * n + j], Hw[i * n + j]);
                    }
                    /* the pattern: the element's triangle only */
                    cr_expect_eq(S.nnz, (size_t)DNEL2_TRI(K), "K=%u: nnz %zu", K, S.nnz);
                    for (unsigned i = 0; i < n; i++) {
                        int used = 0;
                        for (unsigned k = 0; k < K; k++) used |= idx[k] == i;
                        if (!used)
                            cr_expect(S.rowptr[i] == S.rowptr[i + 1] && g[3][i] == 0.0 &&
                                          d[i] == 0.0 && hv[i] == 0.0,
                                      "K=%u: variable %u of no element", K, i);
                    }
                }
            dn_sphess_clear(&S);
            dn_elements_free(E);
        }
    }
}

/* ---- the numbers' own rules: construction, exact zeros, NaN --------------------------- */

Test(elements, number_rules)
{
    dnel2_4 c = dnel2_4_const(2.5), u0 = dnel2_4_var(0.3, 0), u2 = dnel2_4_var(-1.0, 2);
    dnel2_4 big = dnel2_4_var(7.0, 4); /* k >= K: a constant */
    cr_expect(dnh_value(c) == 2.5 && dnel2_4_value(big) == 7.0);
    for (unsigned i = 0; i < 4; i++) {
        cr_expect(c.g[i] == 0.0 && big.g[i] == 0.0);
        cr_expect(u0.g[i] == (i == 0 ? 1.0 : 0.0) && u2.g[i] == (i == 2 ? 1.0 : 0.0));
    }
    for (unsigned t = 0; t < DNEL2_TRI(4); t++) cr_expect(c.h[t] == 0.0 && u0.h[t] == 0.0);
    cr_expect(DNEL2_TRI(4) == 10 && DNEL2_AT(3, 1) == 7 && DNEL2_AT(2, 2) == 5);
    /* a function of u0 only: exact zeros for the others */
    dnel2_4 r = dnh_exp(dnh_mul(u0, u0));
    for (unsigned i = 0; i < 4; i++)
        for (unsigned j = 0; j <= i; j++)
            if (i && j != 0) cr_expect(r.h[DNEL2_AT(i, j)] == 0.0, "(%u,%u)", i, j);
    cr_expect(r.g[1] == 0.0 && r.g[3] == 0.0 && r.h[DNEL2_AT(0, 0)] > 0.0);
    /* a product of two variables: h = 1 at (2, 0) exactly */
    r = dnh_mul(u0, u2);
    cr_expect(r.h[DNEL2_AT(2, 0)] == 1.0 && r.h[DNEL2_AT(0, 0)] == 0.0 && r.v == -0.3);
    /* the value NaN (log of a negative): every derivative NaN */
    r = dnh_log(u2);
    cr_expect(isnan(r.v));
    for (unsigned i = 0; i < 4; i++) cr_expect(isnan(r.g[i]), "log(-1): g[%u] %g", i, r.g[i]);
    for (unsigned t = 0; t < 10; t++) cr_expect(isnan(r.h[t]), "log(-1): h[%u]", t);
    /* min and max at a tie: the value, NaN derivatives of the arguments' variables */
    dnel2_2 a = dnel2_2_var(1.5, 0), b = dnel2_2_var(1.5, 1);
    dnel2_2 mn = dnh_min(a, b), mx = dnh_max(a, b);
    cr_expect(mn.v == 1.5 && mx.v == 1.5);
    cr_expect(isnan(mn.g[0]) && isnan(mn.g[1]) && isnan(mx.h[DNEL2_AT(1, 0)]));
    /* off the tie: the active argument exactly */
    b = dnh_add_d(b, 1.0);
    mn = dnh_min(a, b), mx = dnh_max(a, b);
    cr_expect(mn.v == 1.5 && mn.g[0] == 1.0 && mn.g[1] == 0.0);
    cr_expect(mx.v == 2.5 && mx.g[0] == 0.0 && mx.g[1] == 1.0);
    /* fmod at a jump (a an exact multiple of b): the value 0, NaN derivatives; off it,
     * a - q b */
    dnel2_2 fa = dnel2_2_var(3.0, 0), fb = dnel2_2_var(1.5, 1);
    dnel2_2 fm = dnh_fmod(fa, fb);
    cr_expect(fm.v == 0.0 && isnan(fm.g[0]) && isnan(fm.g[1]) && isnan(fm.h[0]), "fmod jump");
    fm = dnh_fmod(dnh_add_d(fa, 0.5), fb); /* 3.5 - 2 * 1.5 */
    cr_expect(fm.v == 0.5 && fm.g[0] == 1.0 && fm.g[1] == -2.0 && fm.h[2] == 0.0, "fmod");
    /* sincos and sinhcosh: both results, and the generic dispatch on dnel2_1 */
    dnel2_1 w = dnel2_1_var(0.4, 0), s, co;
    dnh_sincos(w, &s, &co);
    cr_expect(s.v == sin(0.4) && co.v == cos(0.4) && s.g[0] == cos(0.4) && co.h[0] == -cos(0.4));
    dnh_sinhcosh(w, &s, &co);
    cr_expect(s.v == sinh(0.4) && co.g[0] == sinh(0.4) && s.h[0] == sinh(0.4));
    /* chain and apply: f, f', f'' as given */
    dnel2_3 z = dnh_mul(dnel2_3_var(2.0, 1), dnel2_3_var(3.0, 2)); /* z = u1 u2 */
    dnel2_3 q = dnel2_3_chain(z, 10.0, 2.0, 5.0);
    cr_expect(q.v == 10.0 && q.g[0] == 0.0 && q.g[1] == 6.0 && q.g[2] == 4.0);
    cr_expect(q.h[DNEL2_AT(1, 1)] == 5.0 * 9.0 && q.h[DNEL2_AT(2, 2)] == 5.0 * 4.0);
    cr_expect(q.h[DNEL2_AT(2, 1)] == 2.0 + 5.0 * 6.0 && q.h[DNEL2_AT(1, 0)] == 0.0);
    dnel2_3 ap = dnh_apply(z, dn_deriv_exp, NULL);
    cr_expect(ap.v == exp(6.0) && ap.g[1] == 3.0 * exp(6.0));
}

/* ==== 2. partially separable objectives =================================================== */

/* chained Rosenbrock, elements (x_i, x_i+1): rosen_el of bench/w3_rosen.h (the code the
 * benchmark measures), its structure made here (checking that idx is copied) */
static dn_elements *rosen_struct(unsigned n)
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

Test(elements, rosenbrock_against_dn_hessian)
{
    for (unsigned n = 2; n <= 12; n += 5) {
        double x[12], v[12], fr, gr[12], Hr[144], f, g[12], d[12], hv[12], D[144];
        for (unsigned i = 0; i < n; i++) x[i] = 0.2 * (double)((i * 7) % 9) - 0.8;
        for (unsigned i = 0; i < n; i++) v[i] = 1.0 - 0.3 * i;
        dn_elements *E = rosen_struct(n);
        cr_assert_eq(dn_hessian(&fr, gr, Hr, rosen, NULL, x, n, NULL), 0);
        double sh = maxabs(Hr, (size_t)n * n, 1.0), sg = maxabs(gr, n, 1.0);
        cr_assert_eq(dn_grad_el(&f, g, rosen_el, NULL, x, E), 0);
        NEAR(f, fr, fabs(fr), 1e-14, "n=%u f", n);
        for (unsigned i = 0; i < n; i++) NEAR(g[i], gr[i], sg, 1e-14, "n=%u g[%u]", n, i);
        cr_assert_eq(dn_hessdiag_el(NULL, NULL, d, rosen_el, NULL, x, E), 0);
        for (unsigned i = 0; i < n; i++) NEAR(d[i], Hr[i * n + i], sh, 1e-14, "n=%u d[%u]", n, i);
        cr_assert_eq(dn_hessvec_el(NULL, NULL, hv, rosen_el, NULL, x, v, E), 0);
        for (unsigned i = 0; i < n; i++) {
            double w = 0.0;
            for (unsigned j = 0; j < n; j++) w += Hr[i * n + j] * v[j];
            NEAR(hv[i], w, sh * 4.0, 1e-13, "n=%u Hv[%u]", n, i);
        }
        dn_sphess S;
        dn_sphess_init(&S, NULL);
        cr_assert_eq(dn_hessian_el(NULL, NULL, &S, rosen_el, NULL, x, E), 0);
        cr_expect_eq(S.nnz, 2 * (size_t)n - 1);
        csr_dense(&S, D);
        for (unsigned i = 0; i < n * n; i++)
            NEAR(D[i], Hr[i], sh, 1e-13, "n=%u H[%u,%u] %.17g vs %.17g", n, i / n, i % n, D[i],
                 Hr[i]);
        dn_sphess_clear(&S);
        dn_elements_free(E);
    }
}

Test(elements, rosenbrock_closed_form_large)
{
    static const unsigned ns[] = {2, 3, 1000, 100000};
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        unsigned n = ns[t];
        double *x = malloc(n * sizeof *x), *g = malloc(n * sizeof *g), *h = malloc(n * sizeof *h);
        double *v = malloc(n * sizeof *v), *hv = malloc(n * sizeof *hv), f;
        cr_assert(x && g && h && v && hv);
        for (unsigned i = 0; i < n; i++) x[i] = (i % 3 == 0) ? -1.2 : 0.3 * (double)(i % 5);
        for (unsigned i = 0; i < n; i++) v[i] = (double)(i % 4) - 1.5;
        dn_elements *E = rosen_struct(n);
        dn_sphess S;
        dn_sphess_init(&S, NULL);
        cr_assert_eq(dn_hessdiag_el(&f, g, h, rosen_el, NULL, x, E), 0);
        cr_assert_eq(dn_hessvec_el(NULL, NULL, hv, rosen_el, NULL, x, v, E), 0);
        cr_assert_eq(dn_hessian_el(NULL, NULL, &S, rosen_el, NULL, x, E), 0);
        w3_check(n, x, v, f, g, h, hv, &S);
        cr_expect(dn_elements_bytes(E) >= (size_t)(n - 1) * (2 * sizeof(unsigned) + 3 * 4));
        dn_sphess_clear(&S);
        dn_elements_free(E);
        free(x), free(g), free(h), free(v), free(hv);
    }
}

/* the minimal-surface cell of W6, elements (p, p + k, p + 1): w6_cell_el and w6_elements
 * of bench/w6_surface.h */
static dn_elements *w6_struct(unsigned k)
{
    dn_elements *E = NULL;
    cr_assert_eq(w6_elements(&E, k), 0);
    return E;
}

Test(elements, surface_against_dn_hessian)
{
    for (unsigned k = 2; k <= 5; k++) {
        unsigned n = k * k;
        double x[25], v[25], fr, gr[25], Hr[625], f, g[25], d[25], hv[25], D[625];
        for (unsigned i = 0; i < n; i++) x[i] = sin(0.7 * i) + 0.1 * (double)(i % k);
        for (unsigned i = 0; i < n; i++) v[i] = cos(1.3 * i);
        dn_elements *E = w6_struct(k);
        cr_assert_eq(dn_hessian(&fr, gr, Hr, w6_surface, &k, x, n, NULL), 0);
        cr_assert_eq(dn_hessdiag_el(&f, g, d, w6_cell_el, NULL, x, E), 0);
        NEAR(f, fr, fabs(fr), 1e-14, "k=%u f", k);
        for (unsigned i = 0; i < n; i++) {
            NEAR(g[i], gr[i], 4.0, 1e-14, "k=%u g[%u]", k, i);
            NEAR(d[i], Hr[i * n + i], 8.0, 1e-13, "k=%u d[%u]", k, i);
        }
        cr_assert_eq(dn_hessvec_el(NULL, g, hv, w6_cell_el, NULL, x, v, E), 0);
        for (unsigned i = 0; i < n; i++) {
            double w = 0.0;
            for (unsigned j = 0; j < n; j++) w += Hr[i * n + j] * v[j];
            NEAR(hv[i], w, 8.0 * n, 1e-13, "k=%u Hv[%u]", k, i);
            NEAR(g[i], gr[i], 4.0, 1e-14, "k=%u hessvec g[%u]", k, i);
        }
        dn_sphess S;
        dn_sphess_init(&S, NULL);
        cr_assert_eq(dn_hessian_el(&f, g, &S, w6_cell_el, NULL, x, E), 0);
        csr_dense(&S, D);
        for (unsigned i = 0; i < n * n; i++)
            NEAR(D[i], Hr[i], 8.0, 1e-13, "k=%u H[%u,%u] %.17g vs %.17g", k, i / n, i % n, D[i],
                 Hr[i]);
        /* pattern: the pairs sharing a cell (H_ij away from 0); the far corner is in none */
        size_t nnz = 0;
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = 0; j <= i; j++) nnz += fabs(Hr[i * n + j]) > 1e-9;
        cr_expect_eq(S.nnz, nnz, "k=%u: nnz %zu want %zu", k, S.nnz, nnz);
        cr_expect(S.rowptr[n - 1] == S.rowptr[n], "k=%u: the far corner has entries", k);
        dn_sphess_clear(&S);
        dn_elements_free(E);
    }
}

/* a large grid against the one-pass driver (the same pattern: every cell couples its
 * three variables) */
Test(elements, surface_against_dn_hessian_sp)
{
    enum { k = 40, n = k * k };
    static double x[n], g1[n], g2[n];
    for (unsigned i = 0; i < n; i++) x[i] = sin(0.37 * i) + 0.05 * (double)(i % k);
    unsigned kk = k;
    dn_elements *E = w6_struct(k);
    dn_sphess A, B;
    dn_sphess_init(&A, NULL);
    dn_sphess_init(&B, NULL);
    double f1, f2;
    cr_assert_eq(dn_hessian_sp(&f1, g1, &A, w6_surface_sp, &kk, x, n, NULL), 0);
    cr_assert_eq(dn_hessian_el(&f2, g2, &B, w6_cell_el, NULL, x, E), 0);
    NEAR(f2, f1, fabs(f1), 1e-13, "f");
    for (unsigned i = 0; i < n; i++) NEAR(g2[i], g1[i], 4.0, 1e-14, "g[%u]", i);
    cr_assert_eq(A.n, B.n);
    cr_assert_eq(A.nnz, B.nnz);
    for (unsigned i = 0; i <= n; i++) cr_assert_eq(A.rowptr[i], B.rowptr[i], "rowptr[%u]", i);
    for (size_t p = 0; p < A.nnz; p++) {
        cr_expect_eq(A.col[p], B.col[p], "col[%zu]", p);
        NEAR(B.val[p], A.val[p], 8.0, 1e-14, "val[%zu] %.17g vs %.17g", p, B.val[p], A.val[p]);
    }
    dn_sphess_clear(&A);
    dn_sphess_clear(&B);
    dn_elements_free(E);
}

/* ---- e and ctx: per-element coefficients ---------------------------------------------- */

struct coefs {
    const double *c;
};
/* f = sum_e c_e u0^2 u1 + e u1 */
DN_ELEMENT2(coef_el, 2, T, u, e, ctx,
    const struct coefs *C = ctx;
    T r = dnh_mul_d(dnh_mul(dnh_mul(u[0], u[0]), u[1]), C->c[e]);
    return dnh_add(r, dnh_mul_d(u[1], (double)e));)

Test(elements, element_number_and_ctx)
{
    enum { n = 4, m = 3 };
    static const unsigned idx[2 * m] = {0, 1, 2, 3, 1, 2};
    static const double c[m] = {2.0, -3.0, 0.5};
    double x[n] = {1.5, -0.5, 2.0, 0.25}, f, g[n], hd[n];
    struct coefs C = {c};
    dn_elements *E = NULL;
    cr_assert_eq(dn_elements_new(&E, n, 2, m, idx, NULL), 0);
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    cr_assert_eq(dn_hessian_el(&f, g, &S, coef_el, &C, x, E), 0);
    cr_assert_eq(dn_hessdiag_el(NULL, NULL, hd, coef_el, &C, x, E), 0);
    double fw = 0.0, gw[n] = {0}, Hw[n * n] = {0}, D[n * n];
    for (unsigned e = 0; e < m; e++) {
        unsigned a = idx[2 * e], b = idx[2 * e + 1];
        fw += c[e] * x[a] * x[a] * x[b] + e * x[b];
        gw[a] += 2.0 * c[e] * x[a] * x[b];
        gw[b] += c[e] * x[a] * x[a] + e;
        Hw[a * n + a] += 2.0 * c[e] * x[b];
        Hw[a * n + b] += 2.0 * c[e] * x[a];
        Hw[b * n + a] += 2.0 * c[e] * x[a];
    }
    cr_expect(f == fw, "f %.17g want %.17g", f, fw);
    csr_dense(&S, D);
    for (unsigned i = 0; i < n; i++) {
        cr_expect(g[i] == gw[i], "g[%u] %.17g want %.17g", i, g[i], gw[i]);
        cr_expect(hd[i] == Hw[i * n + i], "diag[%u]", i);
        for (unsigned j = 0; j < n; j++)
            cr_expect(D[i * n + j] == Hw[i * n + j], "H[%u,%u] %.17g want %.17g", i, j,
                      D[i * n + j], Hw[i * n + j]);
    }
    /* (1,1) and (2,2) are in the pattern with value 0 (structural), (3,0) is not */
    cr_expect_eq(S.nnz, 7u);
    dn_sphess_clear(&S);
    dn_elements_free(E);
}

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
DEF_PROG(prog_l2, dlane2)
DEF_PROG(prog_sp, dsp2)
DEF_PROG(prog_sph, dsph2)
DEF_PROG(prog_e1, dnel2_1)
DEF_PROG(prog_e2, dnel2_2)
DEF_PROG(prog_e3, dnel2_3)
DEF_PROG(prog_e4, dnel2_4)
#define PROG(T)                                                                            \
    _Generic((T){0}, dnum_o2 : prog_o2, dlane2 : prog_l2, dsp2 : prog_sp, dsph2 : prog_sph,  \
             dnel2_1 : prog_e1, dnel2_2 : prog_e2, dnel2_3 : prog_e3, dnel2_4 : prog_e4)

/* the structure and the programs; the elements read progs[e] and coef[e] */
struct rctx {
    unsigned K;
    size_t m;
    const unsigned *idx;
    const struct prog *progs;
    const double *coef;
};

DN_ELEMENT2(rand_el1, 1, T, u, e, ctx,
    const struct rctx *C = ctx; return PROG(T)(u, 1, &C->progs[e], C->coef[e]);)
DN_ELEMENT2(rand_el2, 2, T, u, e, ctx,
    const struct rctx *C = ctx; return PROG(T)(u, 2, &C->progs[e], C->coef[e]);)
DN_ELEMENT2(rand_el3, 3, T, u, e, ctx,
    const struct rctx *C = ctx; return PROG(T)(u, 3, &C->progs[e], C->coef[e]);)
DN_ELEMENT2(rand_el4, 4, T, u, e, ctx,
    const struct rctx *C = ctx; return PROG(T)(u, 4, &C->progs[e], C->coef[e]);)
static const dn_element2 rand_el[5] = {NULL, rand_el1, rand_el2, rand_el3, rand_el4};

/* the reference: the sum of the same elements over all n variables */
DN_OBJECTIVE2(rand_ref, T, x, n, ctx,
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
    dn_element2 F = rand_el[K];
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
DN_ELEMENT2(ignores, 3, T, u, e, ctx, T r = dnh_mul(u[0], dnh_exp(u[2])); return r;)

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

/* ==== 3. bad arguments ======================================================================= */

#define SENTINEL ((dn_elements *)(uintptr_t)0x5e5e)

Test(elements, new_bad_arguments)
{
    unsigned idx[8] = {0, 1, 2, 3, 1, 2, 3, 0};
    dn_elements *E = SENTINEL;
    cr_expect_eq(dn_elements_new(NULL, 4, 2, 1, idx, NULL), DN_EINVAL);
    cr_expect_eq(dn_elements_new(&E, 0, 2, 1, idx, NULL), DN_EINVAL, "n = 0");
    cr_expect_eq(dn_elements_new(&E, 0, 2, 0, NULL, NULL), DN_EINVAL, "n = 0, m = 0");
    cr_expect_eq(dn_elements_new(&E, 4, 0, 1, idx, NULL), DN_EINVAL, "K = 0");
    unsigned five[5] = {0, 1, 2, 3, 4};
    cr_expect_eq(dn_elements_new(&E, 8, 5, 1, five, NULL), DN_EINVAL, "K = 5");
    cr_expect_eq(dn_elements_new(&E, 8, 0, 0, NULL, NULL), DN_EINVAL, "K = 0, m = 0");
    cr_expect_eq(dn_elements_new(&E, 8, 5, 0, NULL, NULL), DN_EINVAL, "K = 5, m = 0");
    cr_expect_eq(dn_elements_new(&E, 4, 2, 1, NULL, NULL), DN_EINVAL, "idx NULL");
    unsigned big[4] = {0, 1, 2, 4};
    cr_expect_eq(dn_elements_new(&E, 4, 2, 2, big, NULL), DN_EINVAL, "index = n");
    big[3] = UINT32_MAX;
    cr_expect_eq(dn_elements_new(&E, 4, 4, 1, big, NULL), DN_EINVAL, "index huge");
    unsigned rep[6] = {0, 1, 2, 3, 2, 3};
    cr_expect_eq(dn_elements_new(&E, 4, 3, 2, rep, NULL), DN_EINVAL, "repeated index");
    unsigned rep2[8] = {0, 1, 2, 3, 0, 1, 2, 0};
    cr_expect_eq(dn_elements_new(&E, 4, 4, 2, rep2, NULL), DN_EINVAL, "first = last");
    unsigned rep3[2] = {1, 1};
    cr_expect_eq(dn_elements_new(&E, 4, 2, 1, rep3, NULL), DN_EINVAL, "K = 2 repeated");
    cr_expect(E == SENTINEL, "*E written on error");
    /* nothing allocated on error */
    counting c;
    counting_init(&c);
    dn_allocator al = {c_alloc, c_free, &c};
    cr_expect_eq(dn_elements_new(&E, 4, 3, 2, rep, &al), DN_EINVAL);
    cr_expect_eq(dn_elements_new(&E, 4, 2, 2, big, &al), DN_EINVAL);
    cr_expect(c.count == 0 && E == SENTINEL);
    /* the same index in two elements is fine; K = 1 and K = 4 are the bounds */
    cr_assert_eq(dn_elements_new(&E, 4, 2, 4, idx, NULL), 0);
    dn_elements_free(E);
    cr_assert_eq(dn_elements_new(&E, 4, 1, 8, idx, NULL), 0);
    dn_elements_free(E);
    cr_assert_eq(dn_elements_new(&E, 4, 4, 2, idx, NULL), 0);
    dn_elements_free(E);
}

Test(elements, no_elements)
{
    double x[3] = {1, 2, 3}, g[3] = {7, 7, 7}, d[3] = {7, 7, 7}, hv[3] = {7, 7, 7}, f = 7;
    double v[3] = {1, 1, 1};
    for (int withnull = 0; withnull < 2; withnull++) {
        dn_elements *E = NULL;
        unsigned dummy = 0;
        cr_assert_eq(dn_elements_new(&E, 3, 2, 0, withnull ? NULL : &dummy, NULL), 0);
        cr_assert(E != NULL);
        cr_expect(dn_elements_bytes(E) > 0);
        cr_assert_eq(dn_grad_el(&f, g, rosen_el, NULL, x, E), 0);
        cr_expect(f == 0.0 && g[0] == 0.0 && g[1] == 0.0 && g[2] == 0.0);
        f = 7, g[1] = 7;
        cr_assert_eq(dn_hessdiag_el(&f, g, d, rosen_el, NULL, x, E), 0);
        cr_expect(f == 0.0 && g[1] == 0.0 && d[0] == 0.0 && d[2] == 0.0);
        f = 7;
        cr_assert_eq(dn_hessvec_el(&f, NULL, hv, rosen_el, NULL, x, v, E), 0);
        cr_expect(f == 0.0 && hv[0] == 0.0 && hv[1] == 0.0 && hv[2] == 0.0);
        dn_sphess S;
        dn_sphess_init(&S, NULL);
        f = 7, g[2] = 7;
        cr_assert_eq(dn_hessian_el(&f, g, &S, rosen_el, NULL, x, E), 0);
        cr_expect(f == 0.0 && g[2] == 0.0);
        cr_expect(S.n == 3 && S.nnz == 0 && S.rowptr != NULL);
        for (unsigned i = 0; i <= 3; i++) cr_expect_eq(S.rowptr[i], 0u);
        /* again: the empty pattern reused */
        size_t *rp = S.rowptr;
        cr_assert_eq(dn_hessian_el(&f, g, &S, rosen_el, NULL, x, E), 0);
        cr_expect(S.rowptr == rp && S.nnz == 0);
        dn_sphess_clear(&S);
        dn_elements_free(E);
    }
}

DN_ELEMENT2(three_el, 3, T, u, e, ctx, T r = dnh_mul(dnh_mul(u[0], u[1]), u[2]); return r;)

Test(elements, driver_bad_arguments)
{
    unsigned idx[6] = {0, 1, 2, 1, 2, 3};
    double x[4] = {1, 2, 3, 4}, v[4] = {1, 1, 1, 1};
    double f = 7, g[4], d[4], hv[4];
    for (int i = 0; i < 4; i++) g[i] = d[i] = hv[i] = 7;
    dn_elements *E3 = NULL, *E2 = NULL;
    cr_assert_eq(dn_elements_new(&E3, 4, 3, 2, idx, NULL), 0);
    cr_assert_eq(dn_elements_new(&E2, 4, 2, 3, idx, NULL), 0);
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    /* NULL f, x, E, required outputs */
    cr_expect_eq(dn_grad_el(&f, g, NULL, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_grad_el(&f, g, three_el, NULL, NULL, E3), DN_EINVAL);
    cr_expect_eq(dn_grad_el(&f, g, three_el, NULL, x, NULL), DN_EINVAL);
    cr_expect_eq(dn_grad_el(&f, NULL, three_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, NULL, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, three_el, NULL, NULL, E3), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, three_el, NULL, x, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, NULL, three_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, NULL, NULL, x, v, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, three_el, NULL, NULL, v, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, three_el, NULL, x, NULL, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, three_el, NULL, x, v, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, NULL, three_el, NULL, x, v, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, NULL, three_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, NULL, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, three_el, NULL, NULL, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, three_el, NULL, x, NULL), DN_EINVAL);
    /* an element function of another K than the structure's */
    cr_expect_eq(dn_grad_el(&f, g, rosen_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, rosen_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, rosen_el, NULL, x, v, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, rosen_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_grad_el(&f, g, three_el, NULL, x, E2), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, three_el, NULL, x, E2), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, three_el, NULL, x, v, E2), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, three_el, NULL, x, E2), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, fun_el1, NULL, x, E2), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, fun_el4, NULL, x, E2), DN_EINVAL);
    cr_expect(f == 7.0, "fx written on error");
    for (int i = 0; i < 4; i++)
        cr_expect(g[i] == 7.0 && d[i] == 7.0 && hv[i] == 7.0, "output %d written on error", i);
    cr_expect(S.n == 0 && S.nnz == 0 && S.rowptr == NULL && S.col == NULL && S.val == NULL,
              "H written on error");
    /* H holding a pattern: untouched by an error */
    cr_assert_eq(dn_hessian_el(NULL, NULL, &S, three_el, NULL, x, E3), 0);
    dn_sphess before = S;
    double vals[16];
    memcpy(vals, S.val, S.nnz * sizeof *vals);
    cr_expect_eq(dn_hessian_el(&f, g, &S, rosen_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, three_el, NULL, NULL, E3), DN_EINVAL);
    cr_expect(memcmp(&before, &S, sizeof S) == 0 && memcmp(vals, S.val, S.nnz * sizeof *vals) == 0,
              "H changed on error");
    /* the right K works, with fx and grad NULL */
    cr_assert_eq(dn_grad_el(NULL, g, three_el, NULL, x, E3), 0);
    cr_expect(g[0] == 6.0 && g[1] == 3.0 + 12.0 && g[3] == 6.0, "g %g %g %g", g[0], g[1], g[3]);
    cr_assert_eq(dn_hessdiag_el(NULL, NULL, d, three_el, NULL, x, E3), 0);
    cr_assert_eq(dn_hessvec_el(NULL, NULL, hv, three_el, NULL, x, v, E3), 0);
    /* H v with v = 1: row sums of H; H_01 = x2, H_02 = x1, H_12 = x0 + x3, H_13 = x2, H_23 = x1 */
    cr_expect(hv[0] == 3.0 + 2.0 && hv[1] == 3.0 + 5.0 + 3.0 && hv[2] == 2.0 + 5.0 + 2.0 &&
                  hv[3] == 3.0 + 2.0,
              "hv %g %g %g %g", hv[0], hv[1], hv[2], hv[3]);
    cr_expect(d[0] == 0.0 && d[1] == 0.0);
    dn_sphess_clear(&S);
    dn_elements_free(E3);
    dn_elements_free(E2);
}

/* st, and *e as a call of an _ex variant must have filled it */
static void expect_err(int st, const dn_errinfo *e, int code, unsigned arg, size_t elem,
                       const char *msg)
{
    cr_expect_eq(st, code, "status %d, want %d (%s)", st, code, msg);
    cr_expect_eq(e->code, code, "err.code %d, want %d (%s)", e->code, code, msg);
    cr_expect_eq(e->arg, arg, "err.arg %u, want %u (%s)", e->arg, arg, msg);
    cr_expect_eq(e->elem, elem, "err.elem %zu, want %zu (%s)", e->elem, elem, msg);
    cr_expect_str_eq(e->msg, msg);
}

Test(elements, error_details)
{
    unsigned idx[8] = {0, 1, 2, 3, 1, 2, 3, 0}, five[5] = {0, 1, 2, 3, 4};
    unsigned big[4] = {0, 1, 2, 4}, rep[6] = {0, 1, 2, 3, 2, 3};
    dn_elements *E = SENTINEL;
    dn_errinfo e;
    const size_t none = SIZE_MAX;
    expect_err(dn_elements_new_ex(NULL, 4, 2, 1, idx, NULL, &e), &e, DN_EINVAL, 1, none,
               "dn_elements_new: argument 1: E is NULL");
    expect_err(dn_elements_new_ex(&E, 0, 2, 1, idx, NULL, &e), &e, DN_EINVAL, 2, none,
               "dn_elements_new: argument 2: n is 0");
    expect_err(dn_elements_new_ex(&E, 8, 5, 1, five, NULL, &e), &e, DN_EINVAL, 3, none,
               "dn_elements_new: argument 3: K = 5 is outside 1..4");
    expect_err(dn_elements_new_ex(&E, 4, 2, 1, NULL, NULL, &e), &e, DN_EINVAL, 5, none,
               "dn_elements_new: argument 5: idx is NULL (with m > 0)");
    expect_err(dn_elements_new_ex(&E, 4, 2, 2, big, NULL, &e), &e, DN_EINVAL, 5, 1,
               "dn_elements_new: argument 5: element 1: index 4 >= n = 4 (idx[3])");
    expect_err(dn_elements_new_ex(&E, 4, 3, 2, rep, NULL, &e), &e, DN_EINVAL, 5, 1,
               "dn_elements_new: argument 5: element 1: index 3 repeated (idx[3] and idx[5])");
    expect_err(dn_elements_new_ex(&E, 4, 4, (size_t)UINT32_MAX, idx, NULL, &e), &e, DN_ERANGE,
               4, none,
               "dn_elements_new: argument 4: m = 4294967295 elements have more than 2^32 - 2 "
               "triangle entries");
    counting c;
    counting_init(&c);
    c.fail_at = 0;
    dn_allocator al = {c_alloc, c_free, &c};
    expect_err(dn_elements_new_ex(&E, 4, 2, 2, idx, &al, &e), &e, DN_ENOMEM, 0, none,
               "dn_elements_new: out of memory");
    cr_expect(E == SENTINEL, "*E written on error");
    expect_err(dn_elements_new_ex(&E, 4, 2, 4, idx, NULL, &e), &e, DN_OK, 0, none, "");
    /* the drivers: NULL arguments, an element function of another K */
    double x[4] = {1, 2, 3, 4}, v[4] = {1, 1, 1, 1}, f = 7, g[4] = {7, 7, 7, 7};
    double d[4] = {7, 7, 7, 7};
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    expect_err(dn_grad_el_ex(&f, NULL, rosen_el, NULL, x, E, &e), &e, DN_EINVAL, 2, none,
               "dn_grad_el: argument 2: grad is NULL");
    expect_err(dn_grad_el_ex(&f, g, rosen_el, NULL, x, NULL, &e), &e, DN_EINVAL, 6, none,
               "dn_grad_el: argument 6: E is NULL");
    expect_err(dn_hessdiag_el_ex(&f, g, d, rosen_el, NULL, NULL, E, &e), &e, DN_EINVAL, 6, none,
               "dn_hessdiag_el: argument 6: x is NULL");
    expect_err(dn_hessdiag_el_ex(&f, g, d, three_el, NULL, x, E, &e), &e, DN_EINVAL, 4, none,
               "dn_hessdiag_el: argument 4: f is an element of K = 3 variables, E (argument 7) "
               "has K = 2");
    expect_err(dn_hessvec_el_ex(&f, g, d, rosen_el, NULL, x, NULL, E, &e), &e, DN_EINVAL, 7,
               none, "dn_hessvec_el: argument 7: v is NULL");
    expect_err(dn_hessvec_el_ex(&f, g, d, rosen_el, NULL, x, v, NULL, &e), &e, DN_EINVAL, 8,
               none, "dn_hessvec_el: argument 8: E is NULL");
    expect_err(dn_hessian_el_ex(&f, g, NULL, rosen_el, NULL, x, E, &e), &e, DN_EINVAL, 3, none,
               "dn_hessian_el: argument 3: H is NULL");
    expect_err(dn_hessian_el_ex(&f, g, &S, NULL, NULL, x, E, &e), &e, DN_EINVAL, 4, none,
               "dn_hessian_el: argument 4: f is NULL");
    cr_expect(f == 7.0 && g[0] == 7.0 && d[0] == 7.0 && S.n == 0, "written on error");
    expect_err(dn_hessian_el_ex(&f, g, &S, rosen_el, NULL, x, E, &e), &e, DN_OK, 0, none, "");
    expect_err(dn_hessvec_el_ex(&f, g, d, rosen_el, NULL, x, v, E, &e), &e, DN_OK, 0, none, "");
    cr_expect_eq(dn_grad_el_ex(&f, g, rosen_el, NULL, x, E, NULL), DN_OK);
    dn_sphess_clear(&S);
    dn_elements_free(E);
}

/* ==== 4. allocation failures, pattern reuse and replacement ================================== */

/* overlapping elements (the merged pattern is smaller than the elements' triangles) and
 * disjoint ones (equal) */
static const unsigned al_idx_overlap[12] = {0, 3, 5, 1, 3, 5, 0, 4, 2, 1, 0, 3};
static const unsigned al_idx_disjoint[6] = {0, 1, 2, 3, 4, 5};

Test(elements, new_allocation_failures)
{
    struct {
        unsigned n, K;
        size_t m;
        const unsigned *idx;
    } cases[] = {{6, 3, 4, al_idx_overlap}, {6, 2, 3, al_idx_disjoint}, {7, 4, 3, al_idx_overlap},
                 {6, 1, 6, al_idx_disjoint}, {4, 2, 0, NULL}};
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
DN_ELEMENT2(cub_el, 3, T, u, e, ctx,
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

/* ==== signed zeros and tiny denominators ================================================= */

/* atan2 of a negated zero: the sign of -u0 at u0 = 0 decides the branch (-pi, not +pi);
 * a quotient of tiny numbers: no factor 1/b^2 overflows in its Hessian */
#define SIGNED_ZERO_BODY(T, x)                                                             \
    dnh_add(dnh_atan2(dnh_neg(x[0]), dnh_const(T, -1.0)), dnh_mul(x[1], x[1]))
#define TINY_DIV_BODY(T, x)                                                                \
    dnh_add(dnh_div(dnh_mul_d(x[0], 1e-160), dnh_mul_d(x[1], 1e-160)),                     \
            dnh_d_div(1e-160, dnh_mul_d(x[1], 1e-160)))
DN_ELEMENT2(szero_el, 2, T, u, e, ctx, return SIGNED_ZERO_BODY(T, u);)
DN_OBJECTIVE2(szero_ref, T, x, n, ctx, return SIGNED_ZERO_BODY(T, x);)
DN_ELEMENT2(tiny_el, 2, T, u, e, ctx, return TINY_DIV_BODY(T, u);)
DN_OBJECTIVE2(tiny_ref, T, x, n, ctx, return TINY_DIV_BODY(T, x);)

Test(elements, signed_zero_and_tiny_denominators)
{
    dnel2_1 z = dnel2_1_var(0.0, 0);
    cr_expect(signbit(dnel2_1_neg(z).v), "-(+0) keeps its sign");
    cr_expect(signbit(dnel2_1_mul_d(z, -2.0).v), "(+0) (-2) is -0");
    cr_expect(signbit(dnel2_1_div_d(z, -2.0).v), "(+0) / (-2) is -0");
    unsigned idx[2] = {0, 1};
    dn_elements *E = NULL;
    cr_assert_eq(dn_elements_new(&E, 2, 2, 1, idx, NULL), 0);
    const double pts[2][2] = {{0.0, 1.0}, {1.0, 2.0}};
    dn_element2 els[2] = {szero_el, tiny_el};
    dn_objective2 refs[2] = {szero_ref, tiny_ref};
    for (int k = 0; k < 2; k++) {
        double f, g[2], h[2], fr, gr[2], H[4];
        cr_assert_eq(dn_hessdiag_el(&f, g, h, els[k], NULL, pts[k], E), 0);
        cr_assert_eq(dn_hessian(&fr, gr, H, refs[k], NULL, pts[k], 2, NULL), 0);
        cr_expect(fabs(f - fr) <= 1e-15 * fabs(fr), "case %d: f %.17g want %.17g", k, f, fr);
        for (int i = 0; i < 2; i++) {
            cr_expect(fabs(g[i] - gr[i]) <= 1e-14 * (1.0 + fabs(gr[i])), "case %d g[%d]", k, i);
            cr_expect(fabs(h[i] - H[3 * i]) <= 1e-14 * (1.0 + fabs(H[3 * i])),
                      "case %d h[%d] %.17g want %.17g", k, i, h[i], H[3 * i]);
        }
    }
    dn_elements_free(E);
}

/* atan2 and hypot far from 1: their partials (chain2.h, shared by every order-2 family) must
 * not overflow or underflow where the exact ones are finite: at (3t, 4t), r = 5t,
 * atan2: f_y = 0.16 / t, f_x = -0.12 / t; hypot: 0.6, 0.8, then 0.128 / t, -0.096 / t,
 * 0.072 / t */
Test(elements, atan2_hypot_extreme_scales)
{
    const double ts[] = {1e-200, 1e-160, 1.0, 1e160, 1e200};
    for (int k = 0; k < 5; k++) {
        double t = ts[k];
        dnel2_2 y = dnel2_2_var(3.0 * t, 0), x = dnel2_2_var(4.0 * t, 1);
        dnel2_2 a = dnel2_2_atan2(y, x), h = dnel2_2_hypot(y, x);
        cr_expect(fabs(a.g[0] - 0.16 / t) <= 1e-15 * (0.16 / t), "t=%g atan2 f_y %g", t, a.g[0]);
        cr_expect(fabs(a.g[1] + 0.12 / t) <= 1e-15 * (0.12 / t), "t=%g atan2 f_x %g", t, a.g[1]);
        if (t >= 1.0) /* (below, the second partials exceed the range of double) */
            for (int i = 0; i < 3; i++) cr_expect(isfinite(a.h[i]), "t=%g atan2 h[%d]", t, i);
        cr_expect(fabs(h.v - 5.0 * t) <= 1e-15 * 5.0 * t, "t=%g hypot", t);
        cr_expect(fabs(h.g[0] - 0.6) <= 1e-15 && fabs(h.g[1] - 0.8) <= 1e-15, "t=%g hypot g", t);
        const double want[3] = {0.128 / t, -0.096 / t, 0.072 / t};
        for (int i = 0; i < 3; i++)
            cr_expect(fabs(h.h[i] - want[i]) <= 1e-15 * fabs(want[i]), "t=%g hypot h[%d] %g",
                      t, i, h.h[i]);
    }
}
