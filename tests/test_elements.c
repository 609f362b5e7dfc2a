/* Element drivers of partially separable objectives (dnum/hessian.h, dnum/elem_o2.h):
 * every dnh_* function on dnel1_o2..dnel4_o2 against dn_hessian (dnum_o2, polarisation) of the
 * same body as a DN_OBJECTIVE_O2, directly on the numbers and through every driver with a
 * permuted element; chained Rosenbrock (K = 2) and the minimal-surface cell (K = 3)
 * against closed forms, dn_hessian and dn_hessian_sp; per-element coefficients (e and
 * ctx); the NaN and zero rules of the numbers; signed zeros and extreme scales. The same
 * program: random structures (test_elements_random.c), bad arguments and error details
 * (test_elements_errors.c), allocation failures and pattern reuse
 * (test_elements_alloc.c), the drivers' fast paths against the dense formulas
 * (test_elements_fast.c); shared helpers in elements_util.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"
#include "../bench/w3_rosen.h"
#include "../bench/w6_surface.h"
#include "w3_check.h"

/* ==== 1. every dnh_* function on dnelK_o2 against dnum_o2 (dn_hessian) ====================== */

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
        /* the special functions (dnum/special_o2.h) */                                      \
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
DEF_FUN(fun_l2, dlane_o2)
DEF_FUN(fun_sp, dsp_o2)
DEF_FUN(fun_sph, dsph_o2)
DEF_FUN(fun_p2, dpl2_o2)
DEF_FUN(fun_p4, dpl4_o2)
DEF_FUN(fun_tp, dtp_o2)
DEF_FUN(fun_e1, dnel1_o2)
DEF_FUN(fun_e2, dnel2_o2)
DEF_FUN(fun_e3, dnel3_o2)
DEF_FUN(fun_e4, dnel4_o2)
#define FUN(T)                                                                             \
    _Generic((T){0}, dnum_o2 : fun_o2, dlane_o2 : fun_l2, dsp_o2 : fun_sp, dsph_o2 : fun_sph, \
             dpl2_o2 : fun_p2, dpl4_o2 : fun_p4, dtp_o2 : fun_tp,                                           \
             dnel1_o2 : fun_e1, dnel2_o2 : fun_e2, dnel3_o2 : fun_e3, dnel4_o2 : fun_e4)

/* the reference: the same body over n = K variables */
DN_OBJECTIVE_O2(fun_ref, T, x, n, ctx, return FUN(T)(x, n, *(const int *)ctx);)

/* the element versions */
DN_ELEMENT_O2(fun_el1, 1, T, u, e, ctx, return FUN(T)(u, 1, *(const int *)ctx);)
DN_ELEMENT_O2(fun_el2, 2, T, u, e, ctx, return FUN(T)(u, 2, *(const int *)ctx);)
DN_ELEMENT_O2(fun_el3, 3, T, u, e, ctx, return FUN(T)(u, 3, *(const int *)ctx);)
DN_ELEMENT_O2(fun_el4, 4, T, u, e, ctx, return FUN(T)(u, 4, *(const int *)ctx);)
static const dn_element_o2 fun_el[5] = {NULL, fun_el1, fun_el2, fun_el3, fun_el4};

/* the body on dnelK_o2 numbers directly: value, gradient and the triangle into OV, OG[K] and
 * OH[K * K] (dense, symmetric) */
#define EVAL_DIRECT(K, xs, which, OV, OG, OH)                                              \
    do {                                                                                   \
        dnel##K##_o2 uu[K];                                                                \
        for (unsigned k = 0; k < K; k++) uu[k] = dnel##K##_o2_var((xs)[k], k);              \
        dnel##K##_o2 r = fun_e##K(uu, K, which);                                           \
        OV = dnh_value(r);                                                                 \
        for (unsigned i = 0; i < K; i++) {                                                 \
            OG[i] = r.g[i];                                                                \
            for (unsigned j = 0; j <= i; j++)                                              \
                OH[i * K + j] = r.h[DNEL_O2_AT(i, j)], OH[j * K + i] = OH[i * K + j];      \
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
                    cr_expect_eq(S.nnz, (size_t)DNEL_O2_TRI(K), "K=%u: nnz %zu", K, S.nnz);
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
    dnel4_o2 c = dnel4_o2_const(2.5), u0 = dnel4_o2_var(0.3, 0), u2 = dnel4_o2_var(-1.0, 2);
    dnel4_o2 big = dnel4_o2_var(7.0, 4); /* k >= K: a constant */
    cr_expect(dnh_value(c) == 2.5 && dnel4_o2_value(big) == 7.0);
    for (unsigned i = 0; i < 4; i++) {
        cr_expect(c.g[i] == 0.0 && big.g[i] == 0.0);
        cr_expect(u0.g[i] == (i == 0 ? 1.0 : 0.0) && u2.g[i] == (i == 2 ? 1.0 : 0.0));
    }
    for (unsigned t = 0; t < DNEL_O2_TRI(4); t++) cr_expect(c.h[t] == 0.0 && u0.h[t] == 0.0);
    cr_expect(DNEL_O2_TRI(4) == 10 && DNEL_O2_AT(3, 1) == 7 && DNEL_O2_AT(2, 2) == 5);
    /* a function of u0 only: exact zeros for the others */
    dnel4_o2 r = dnh_exp(dnh_mul(u0, u0));
    for (unsigned i = 0; i < 4; i++)
        for (unsigned j = 0; j <= i; j++)
            if (i && j != 0) cr_expect(r.h[DNEL_O2_AT(i, j)] == 0.0, "(%u,%u)", i, j);
    cr_expect(r.g[1] == 0.0 && r.g[3] == 0.0 && r.h[DNEL_O2_AT(0, 0)] > 0.0);
    /* a product of two variables: h = 1 at (2, 0) exactly */
    r = dnh_mul(u0, u2);
    cr_expect(r.h[DNEL_O2_AT(2, 0)] == 1.0 && r.h[DNEL_O2_AT(0, 0)] == 0.0 && r.v == -0.3);
    /* the value NaN (log of a negative): every derivative NaN */
    r = dnh_log(u2);
    cr_expect(isnan(r.v));
    for (unsigned i = 0; i < 4; i++) cr_expect(isnan(r.g[i]), "log(-1): g[%u] %g", i, r.g[i]);
    for (unsigned t = 0; t < 10; t++) cr_expect(isnan(r.h[t]), "log(-1): h[%u]", t);
    /* min and max at a tie: the value, NaN derivatives of the arguments' variables */
    dnel2_o2 a = dnel2_o2_var(1.5, 0), b = dnel2_o2_var(1.5, 1);
    dnel2_o2 mn = dnh_min(a, b), mx = dnh_max(a, b);
    cr_expect(mn.v == 1.5 && mx.v == 1.5);
    cr_expect(isnan(mn.g[0]) && isnan(mn.g[1]) && isnan(mx.h[DNEL_O2_AT(1, 0)]));
    /* off the tie: the active argument exactly */
    b = dnh_add_d(b, 1.0);
    mn = dnh_min(a, b), mx = dnh_max(a, b);
    cr_expect(mn.v == 1.5 && mn.g[0] == 1.0 && mn.g[1] == 0.0);
    cr_expect(mx.v == 2.5 && mx.g[0] == 0.0 && mx.g[1] == 1.0);
    /* fmod at a jump (a an exact multiple of b): the value 0, NaN derivatives; off it,
     * a - q b */
    dnel2_o2 fa = dnel2_o2_var(3.0, 0), fb = dnel2_o2_var(1.5, 1);
    dnel2_o2 fm = dnh_fmod(fa, fb);
    cr_expect(fm.v == 0.0 && isnan(fm.g[0]) && isnan(fm.g[1]) && isnan(fm.h[0]), "fmod jump");
    fm = dnh_fmod(dnh_add_d(fa, 0.5), fb); /* 3.5 - 2 * 1.5 */
    cr_expect(fm.v == 0.5 && fm.g[0] == 1.0 && fm.g[1] == -2.0 && fm.h[2] == 0.0, "fmod");
    /* sincos and sinhcosh: both results, and the generic dispatch on dnel1_o2 */
    dnel1_o2 w = dnel1_o2_var(0.4, 0), s, co;
    dnh_sincos(w, &s, &co);
    cr_expect(s.v == sin(0.4) && co.v == cos(0.4) && s.g[0] == cos(0.4) && co.h[0] == -cos(0.4));
    dnh_sinhcosh(w, &s, &co);
    cr_expect(s.v == sinh(0.4) && co.g[0] == sinh(0.4) && s.h[0] == sinh(0.4));
    /* chain and apply: f, f', f'' as given */
    dnel3_o2 z = dnh_mul(dnel3_o2_var(2.0, 1), dnel3_o2_var(3.0, 2)); /* z = u1 u2 */
    dnel3_o2 q = dnel3_o2_chain(z, 10.0, 2.0, 5.0);
    cr_expect(q.v == 10.0 && q.g[0] == 0.0 && q.g[1] == 6.0 && q.g[2] == 4.0);
    cr_expect(q.h[DNEL_O2_AT(1, 1)] == 5.0 * 9.0 && q.h[DNEL_O2_AT(2, 2)] == 5.0 * 4.0);
    cr_expect(q.h[DNEL_O2_AT(2, 1)] == 2.0 + 5.0 * 6.0 && q.h[DNEL_O2_AT(1, 0)] == 0.0);
    dnel3_o2 ap = dnh_apply(z, dn_deriv_exp, NULL);
    cr_expect(ap.v == exp(6.0) && ap.g[1] == 3.0 * exp(6.0));
}

/* ==== 2. partially separable objectives =================================================== */

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
DN_ELEMENT_O2(coef_el, 2, T, u, e, ctx,
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

/* ==== signed zeros and tiny denominators ================================================= */

/* atan2 of a negated zero: the sign of -u0 at u0 = 0 decides the branch (-pi, not +pi);
 * a quotient of tiny numbers: no factor 1/b^2 overflows in its Hessian */
#define SIGNED_ZERO_BODY(T, x)                                                             \
    dnh_add(dnh_atan2(dnh_neg(x[0]), dnh_const(T, -1.0)), dnh_mul(x[1], x[1]))
#define TINY_DIV_BODY(T, x)                                                                \
    dnh_add(dnh_div(dnh_mul_d(x[0], 1e-160), dnh_mul_d(x[1], 1e-160)),                     \
            dnh_d_div(1e-160, dnh_mul_d(x[1], 1e-160)))
DN_ELEMENT_O2(szero_el, 2, T, u, e, ctx, return SIGNED_ZERO_BODY(T, u);)
DN_OBJECTIVE_O2(szero_ref, T, x, n, ctx, return SIGNED_ZERO_BODY(T, x);)
DN_ELEMENT_O2(tiny_el, 2, T, u, e, ctx, return TINY_DIV_BODY(T, u);)
DN_OBJECTIVE_O2(tiny_ref, T, x, n, ctx, return TINY_DIV_BODY(T, x);)

Test(elements, signed_zero_and_tiny_denominators)
{
    dnel1_o2 z = dnel1_o2_var(0.0, 0);
    cr_expect(signbit(dnel1_o2_neg(z).v), "-(+0) keeps its sign");
    cr_expect(signbit(dnel1_o2_mul_d(z, -2.0).v), "(+0) (-2) is -0");
    cr_expect(signbit(dnel1_o2_div_d(z, -2.0).v), "(+0) / (-2) is -0");
    unsigned idx[2] = {0, 1};
    dn_elements *E = NULL;
    cr_assert_eq(dn_elements_new(&E, 2, 2, 1, idx, NULL), 0);
    const double pts[2][2] = {{0.0, 1.0}, {1.0, 2.0}};
    dn_element_o2 els[2] = {szero_el, tiny_el};
    dn_objective_o2 refs[2] = {szero_ref, tiny_ref};
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
        dnel2_o2 y = dnel2_o2_var(3.0 * t, 0), x = dnel2_o2_var(4.0 * t, 1);
        dnel2_o2 a = dnel2_o2_atan2(y, x), h = dnel2_o2_hypot(y, x);
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
