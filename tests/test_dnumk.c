/* Dnumk (multivariate dual numbers): mpmath partials for 3, 4 and 8 variables to total
 * order 8 (tests/refk_data.h, made by tools/gen_refk.py), agreement with Dnum2 (k = 2)
 * and Dnum (k = 1), fixed types against the run-time API, aliasing, identities, apply,
 * the layout, the derivative helpers (gradient, Hessian, tensor, one-pass Hessian against
 * dn_hessian's polarisation) and the errors. */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "refk_eval.h"

DNUMK_DEFINE(1, 8)
DNUMK_DEFINE(2, 8)
DNUMK_DEFINE(3, 6)
DNUMK_DEFINE(5, 2)
DNUMK_DEFINE(3, 1)
DNUMK_DEFINE(3, 4)

Test(dnumk, every_row_matches_mpmath)
{
    double worst[9] = {0}, worst_whole = 0.0, worst_pe = 0.0;
    cr_assert(DN_REFK_NROWS >= 40, "reference table is too small");
    for (size_t q = 0; q < DN_REFK_NROWS; q++) {
        const dn_refk_row *row = &dn_refk_rows[q];
        size_t S = dnk_size(row->k, DN_REFK_ORDER);
        double *d = malloc(S * sizeof *d);
        cr_assert(d);
        cr_assert(refk_derivs(row, d), "%s (k=%u): unknown function or a failed call", row->fn,
                  row->k);
        unsigned al[DNK_VARS_MAX] = {0};
        for (size_t i = 0; i < S; i++, dnik_next(row->k, al)) {
            double want = dn_refk_vals[row->off + i];
            double err = scaled_errk(d[i], want, dnik_afact(row->k, al)), tol = refk_tol(row);
            if (tol == 1e-11) worst_whole = fmax(worst_whole, err);
            else if (tol > 1e-13) worst_pe = fmax(worst_pe, err);
            else worst[row->k] = fmax(worst[row->k], err);
            cr_expect(err <= tol, "%s (k=%u) entry %zu: %.17g vs mpmath %.17g (scaled %.3g)",
                      row->fn, row->k, i, d[i], want, err);
        }
        free(d);
    }
    cr_log_info("Dnumk vs mpmath (scaled): k=3 %.3g (pow, erfc: %.3g), k=4 %.3g, k=8 %.3g, "
                "W7/Black-Scholes %.3g", worst[3], worst_pe, worst[4], worst[8], worst_whole);
}

/* ---- k = 2 against Dnum2, k = 1 against Dnum ------------------------------------------ */
typedef dnumk2_o8 K2;
#define F2(f) dnumk2_o8_##f
typedef struct {
    const char *name;
    K2 (*fk)(K2);
    dnum2_o8 (*f2)(dnum2_o8);
    dnumk1_o8 (*fk1)(dnumk1_o8);
    dnum_o8 (*f1)(dnum_o8);
} unary_fns;
#define UF(f) {#f, dnumk2_o8_##f, dnum2_o8_##f, dnumk1_o8_##f, dnum_o8_##f}
static const unary_fns UNF[] = {
    UF(exp), UF(expm1), UF(log), UF(log1p), UF(sqrt), UF(cbrt), UF(sin), UF(cos), UF(tan),
    UF(asin), UF(acos), UF(atan), UF(sinh), UF(cosh), UF(tanh), UF(asinh), UF(atanh),
    UF(erf), UF(erfc), UF(abs),
};

Test(dnumk, k2_equals_dnum2)
{
    const double x0 = 0.3, y0 = -0.7;
    K2 x = F2(var)(x0, 0), y = F2(var)(y0, 1);
    dnum2_o8 X = dnum2_o8_varx(x0, y0), Y = dnum2_o8_vary(x0, y0);
    /* u = (x y + x/2 - y^2/4) / 2 stays inside (-1, 1) and positive: 0.24 */
    K2 u = F2(mul_d)(F2(sub)(F2(add)(F2(mul)(x, y), F2(mul_d)(x, 0.5)), F2(mul_d)(F2(mul)(y, y), 0.25)), -0.5);
    dnum2_o8 U = dnum2_o8_mul_d(dnum2_o8_sub(dnum2_o8_add(dnum2_o8_mul(X, Y), dnum2_o8_mul_d(X, 0.5)),
                                              dnum2_o8_mul_d(dnum2_o8_mul(Y, Y), 0.25)), -0.5);
    K2 v = F2(add_d)(F2(exp)(x), 0.5);
    dnum2_o8 V = dnum2_o8_add_d(dnum2_o8_exp(X), 0.5);
    double worst = 0.0;
    for (size_t f = 0; f < sizeof UNF / sizeof UNF[0] + 5; f++) {
        K2 r;
        dnum2_o8 R;
        const char *name;
        size_t g = f - sizeof UNF / sizeof UNF[0];
        if (f < sizeof UNF / sizeof UNF[0]) {
            r = UNF[f].fk(u), R = UNF[f].f2(U), name = UNF[f].name;
        } else if (g == 0) {
            r = F2(pow)(v, u), R = dnum2_o8_pow(V, U), name = "pow";
        } else if (g == 1) {
            r = F2(atan2)(u, v), R = dnum2_o8_atan2(U, V), name = "atan2";
        } else if (g == 2) {
            r = F2(hypot)(u, v), R = dnum2_o8_hypot(U, V), name = "hypot";
        } else if (g == 3) {
            r = F2(div)(u, v), R = dnum2_o8_div(U, V), name = "div";
        } else {
            r = F2(apply)(u, dn_deriv_gaussian, NULL), R = dnum2_o8_apply(U, dn_deriv_gaussian, NULL);
            name = "apply";
        }
        double d[DNUMK_SIZE(2, 8)];
        F2(get_derivs)(r, d);
        for (unsigned s = 0; s <= 8; s++)
            for (unsigned j = 0; j <= s; j++) {
                unsigned e = DNUM2_INDEX(s - j, j), al[2] = {s - j, j};
                cr_assert_eq(F2(index)(al), e, "layout differs from Dnum2's triangle");
                double err = scaled_errk(d[e], R.d[e], dni_fact[s - j] * dni_fact[j]);
                worst = fmax(worst, err);
                cr_expect(err <= 1e-13, "%s: d%u_%u %.17g vs Dnum2 %.17g", name, s - j, j, d[e], R.d[e]);
            }
    }
    cr_log_info("Dnumk k=2 vs Dnum2 (scaled): %.3g", worst);
}

Test(dnumk, k1_equals_dnum)
{
    dnumk1_o8 x = dnumk1_o8_var(0.35, 0);
    dnum_o8 X = dnum_o8_var(0.35);
    dnumk1_o8 u = dnumk1_o8_mul_d(dnumk1_o8_add(dnumk1_o8_mul(x, x), x), 0.5); /* (x^2 + x)/2 */
    dnum_o8 U = dnum_o8_mul_d(dnum_o8_add(dnum_o8_mul(X, X), X), 0.5);
    double worst = 0.0;
    for (size_t f = 0; f < sizeof UNF / sizeof UNF[0]; f++) {
        dnumk1_o8 r = UNF[f].fk1(u);
        dnum_o8 R = UNF[f].f1(U);
        double d[9];
        dnumk1_o8_get_derivs(r, d);
        for (unsigned k = 0; k <= 8; k++) {
            double err = scaled_err(d[k], R.d[k], k);
            worst = fmax(worst, err);
            cr_expect(err <= 1e-13, "%s: d%u %.17g vs Dnum %.17g", UNF[f].name, k, d[k], R.d[k]);
        }
    }
    cr_log_info("Dnumk k=1 vs Dnum (scaled): %.3g", worst);
}

/* ---- fixed types against the run-time API (same kernels: bit for bit), aliasing ------- */
typedef dnumk3_o6 T3;
#define F3(f) dnumk3_o6_##f

static T3 w7_fixed(T3 x, T3 y, T3 z)
{
    T3 a = F3(mul)(F3(exp)(F3(mul)(F3(mul)(x, y), z)), F3(sin)(F3(add)(F3(add)(x, y), z)));
    T3 q = F3(add)(F3(mul)(x, x), F3(mul_d)(F3(mul)(y, y), 2.0));
    q = F3(add_d)(F3(add)(q, F3(mul_d)(F3(mul)(z, z), 3.0)), 1.0);
    return F3(add)(a, F3(d_div)(1.0, q));
}

Test(dnumk, fixed_equals_runtime_and_aliasing)
{
    dnk_space sp;
    cr_assert_eq(dnk_space_init(&sp, 3, 6), DN_OK);
    cr_assert_eq(dnk_size(3, 6), DNUMK_SIZE(3, 6));
    enum { S = DNUMK_SIZE(3, 6) };
    double buf[8][S];
    refk_env e = {.sp = &sp, .x = {buf[0], buf[1], buf[2]}, .t = {buf[3], buf[4], buf[5], buf[6]}};
    const double p[3] = {0.3, -0.2, 0.45};
    for (unsigned i = 0; i < 3; i++) dnk_set_var(&sp, e.x[i], i, p[i]);
    w7(&e, buf[7]);
    T3 r = w7_fixed(F3(var)(p[0], 0), F3(var)(p[1], 1), F3(var)(p[2], 2));
    for (unsigned i = 0; i < S; i++)
        cr_expect(same_double(r.c[i], buf[7][i]), "W7 entry %u: fixed %.17g, run-time %.17g", i, r.c[i], buf[7][i]);
    /* every unary function: fixed == run-time, and r == u gives the same */
    double u[S], a[S];
    for (unsigned i = 0; i < S; i++) u[i] = 0.1 + 0.01 * (double)((i * 7) % 11) - 0.003 * (double)i;
    u[0] = 0.4;
    T3 uf = F3(from_coeffs)(u);
    static const struct { un_rt rt; T3 (*fx)(T3); } fs[] = {
        {dnk_exp, F3(exp)}, {dnk_log, F3(log)}, {dnk_sqrt, F3(sqrt)}, {dnk_sin, F3(sin)},
        {dnk_cos, F3(cos)}, {dnk_tan, F3(tan)}, {dnk_asin, F3(asin)}, {dnk_acos, F3(acos)},
        {dnk_atan, F3(atan)}, {dnk_sinh, F3(sinh)}, {dnk_cosh, F3(cosh)}, {dnk_tanh, F3(tanh)},
        {dnk_asinh, F3(asinh)}, {dnk_atanh, F3(atanh)}, {dnk_erf, F3(erf)}, {dnk_erfc, F3(erfc)},
        {dnk_cbrt, F3(cbrt)}, {dnk_expm1, F3(expm1)}, {dnk_log1p, F3(log1p)}, {dnk_abs, F3(abs)},
    };
    for (size_t f = 0; f < sizeof fs / sizeof fs[0]; f++) {
        T3 rf = fs[f].fx(uf);
        memcpy(a, u, sizeof u);
        cr_assert_eq(fs[f].rt(&sp, a, a), DN_OK);
        for (unsigned i = 0; i < S; i++)
            cr_expect(same_double(rf.c[i], a[i]), "function %zu entry %u", f, i);
    }
    /* binary: r = a = b */
    double b[S], c[S];
    memcpy(a, u, sizeof u);
    dnk_pow(&sp, b, a, a);
    dnk_pow(&sp, a, a, a);
    cr_expect(memcmp(a, b, sizeof a) == 0, "pow aliasing");
    memcpy(a, u, sizeof u);
    dnk_atan2(&sp, c, a, u);
    dnk_atan2(&sp, a, a, u);
    cr_expect(memcmp(a, c, sizeof a) == 0, "atan2 aliasing");
    memcpy(a, u, sizeof u);
    dnk_sincos(&sp, b, c, a);
    dnk_sincos(&sp, a, c, a);
    cr_expect(memcmp(a, b, sizeof a) == 0, "sincos aliasing");
    T3 sf, cf;
    F3(sincos)(uf, &sf, &cf);
    cr_expect(memcmp(sf.c, b, sizeof b) == 0 && memcmp(cf.c, c, sizeof c) == 0, "sincos fixed");
    dnk_space_clear(&sp);
}

/* ---- identities and apply at a composite argument -------------------------------------- */
Test(dnumk, identities_and_apply)
{
    T3 x = F3(var)(0.6, 0), y = F3(var)(0.5, 1), z = F3(var)(-0.3, 2), s, c;
    T3 u = F3(add)(F3(mul)(x, y), F3(mul_d)(F3(mul)(y, z), 0.7)); /* 0.195 */
    T3 le = F3(log)(F3(exp)(u));
    F3(sincos)(u, &s, &c);
    T3 one = F3(add)(F3(mul)(s, s), F3(mul)(c, c));
    T3 tn = F3(tan)(u), sc = F3(div)(s, c);
    T3 ae = F3(apply)(u, dn_deriv_exp, NULL), ee = F3(exp)(u);
    T3 pw = F3(pow)(F3(add_d)(u, 1.0), y), pw2 = F3(exp)(F3(mul)(y, F3(log1p)(u)));
    T3 p3 = F3(pown)(u, 3), p3b = F3(mul)(F3(mul)(u, u), u), ph = F3(pow_d)(u, 0.5), sq = F3(sqrt)(u);
    unsigned al[3] = {0};
    for (unsigned i = 0; i < DNUMK_SIZE(3, 6); i++, dnik_next(3, al)) {
        double f = dnik_afact(3, al);
        /* identities cancel terms: 1e-12 and 1e-11 as tests/test_identities.c */
        cr_expect(scaled_errk(le.c[i] * f, u.c[i] * f, f) <= 1e-12, "log(exp(u)) at %u", i);
        cr_expect(scaled_errk(one.c[i] * f, i == 0, f) <= 1e-11, "sin^2 + cos^2 at %u", i);
        cr_expect(scaled_errk(tn.c[i] * f, sc.c[i] * f, f) <= 1e-12, "tan = sin/cos at %u", i);
        cr_expect(scaled_errk(ae.c[i] * f, ee.c[i] * f, f) <= 1e-13, "apply exp at %u", i);
        cr_expect(scaled_errk(pw.c[i] * f, pw2.c[i] * f, f) <= 1e-13, "pow at %u", i);
        cr_expect(scaled_errk(p3.c[i] * f, p3b.c[i] * f, f) <= 1e-14, "pown at %u", i);
        cr_expect(scaled_errk(ph.c[i] * f, sq.c[i] * f, f) <= 1e-13, "pow_d 0.5 at %u", i);
    }
}

/* ---- branch points, poles, overflow: the x-partials of a function of x alone are Dnum's,
 * signed infinities and NaN included (docs/errors.md), the partials in y and z exactly 0
 * where the x-partials are finite ---------------------------------------------------------- */
static dnumk3_o4 k_recip(dnumk3_o4 u) { return dnumk3_o4_d_div(1.0, u); }
static dnum_o4 d_recip(dnum_o4 u) { return dnum_o4_d_div(1.0, u); }
static dnumk3_o4 k_pow25(dnumk3_o4 u) { return dnumk3_o4_pow_d(u, 2.5); }
static dnum_o4 d_pow25(dnum_o4 u) { return dnum_o4_pow_d(u, 2.5); }
static dnumk3_o4 k_pown2(dnumk3_o4 u) { return dnumk3_o4_pown(u, -1); }
static dnum_o4 d_pown2(dnum_o4 u) { return dnum_o4_pown(u, -1); }

Test(dnumk, branch_points_equal_dnum)
{
    typedef dnumk3_o4 (*fk)(dnumk3_o4);
    typedef dnum_o4 (*f1)(dnum_o4);
    static const struct { fk g; f1 f; double x; const char *name; } fs[] = {
        {dnumk3_o4_acosh, dnum_o4_acosh, 1.0, "acosh(1)"}, {dnumk3_o4_asin, dnum_o4_asin, 1.0, "asin(1)"},
        {dnumk3_o4_acos, dnum_o4_acos, -1.0, "acos(-1)"}, {dnumk3_o4_atanh, dnum_o4_atanh, 1.0, "atanh(1)"},
        {dnumk3_o4_sqrt, dnum_o4_sqrt, 0.0, "sqrt(0)"}, {dnumk3_o4_cbrt, dnum_o4_cbrt, 0.0, "cbrt(0)"},
        {dnumk3_o4_log, dnum_o4_log, 0.0, "log(0)"}, {dnumk3_o4_abs, dnum_o4_abs, 0.0, "abs(0)"},
        {dnumk3_o4_log, dnum_o4_log, -1.0, "log(-1)"}, {dnumk3_o4_exp, dnum_o4_exp, 1000.0, "exp(1000)"},
        {dnumk3_o4_exp, dnum_o4_exp, -1000.0, "exp(-1000)"}, {k_recip, d_recip, 0.0, "1/0"},
        {k_pow25, d_pow25, 0.0, "pow_d(0, 2.5)"}, {k_pown2, d_pown2, 0.0, "pown(0, -1)"},
        {dnumk3_o4_tanh, dnum_o4_tanh, 400.0, "tanh(400)"},
    };
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        dnumk3_o4 r = fs[i].g(dnumk3_o4_var(fs[i].x, 0));
        dnum_o4 q = fs[i].f(dnum_o4_var(fs[i].x));
        int finite = 1;
        for (unsigned k = 0; k <= 4; k++) {
            unsigned al[3] = {k, 0, 0};
            double a = dnumk3_o4_deriv(r, al), b = q.d[k];
            finite &= isfinite(a);
            cr_expect(a == b || (isnan(a) && isnan(b)), "%s: d%u %g vs Dnum %g", fs[i].name, k, a, b);
        }
        for (unsigned s = 1; finite && s <= 4; s++)
            for (size_t e = dnik_start(3, s) + 1; e < dnik_start(3, s + 1); e++)
                cr_expect(r.c[e] == 0.0, "%s: partial %zu in y or z must vanish", fs[i].name, e);
    }
    /* the sign of a zero value is libm's: exp(x) x at x = -1000 is -0, and atan2 of it
     * with a negative x is -pi (found by fuzz/fuzz_diff.c, seed corpus/diff/negzero) */
    dnumk3_o4 x = dnumk3_o4_var(-1000.0, 0), p = dnumk3_o4_mul(dnumk3_o4_exp(x), x);
    cr_expect(p.c[0] == 0.0 && signbit(p.c[0]), "exp(x) x at -1000 is -0");
    cr_expect(dnumk3_o4_atan2(p, x).c[0] == atan2(-0.0, -1000.0) && atan2(-0.0, -1000.0) < 0.0);
}

/* ---- layout ------------------------------------------------------------------------------ */
Test(dnumk, layout_index_and_next)
{
    for (unsigned k = 1; k <= DNK_VARS_MAX; k++) {
        unsigned n = k <= 4 ? 10 : 4;
        unsigned al[DNK_VARS_MAX] = {0}, prev = 0;
        size_t S = dnk_size(k, n);
        cr_assert(S > 0);
        for (size_t e = 0; e < S; e++, dnik_next(k, al)) {
            unsigned s = 0;
            for (unsigned i = 0; i < k; i++) s += al[i];
            cr_assert_eq(dnk_index(k, al), e, "k=%u: index of entry %zu", k, e);
            cr_assert(s >= prev, "graded: degree never decreases");
            prev = s;
        }
        cr_assert_eq(prev, n);
    }
    /* k = 3: the documented order */
    static const unsigned ord[10][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {2, 0, 0},
                                        {1, 1, 0}, {1, 0, 1}, {0, 2, 0}, {0, 1, 1}, {0, 0, 2}};
    for (unsigned e = 0; e < 10; e++) cr_expect_eq(F3(index)(ord[e]), e);
}

/* ---- helpers ------------------------------------------------------------------------------ */
Test(dnumk, gradient_hessian_tensor_and_access)
{
    /* f = exp(a x + b y + c z): every partial of order m is a^i b^j c^l f */
    const double cf[3] = {0.5, -1.0, 2.0}, p[3] = {0.1, 0.2, 0.3};
    T3 s = F3(const)(0.0);
    for (unsigned i = 0; i < 3; i++) s = F3(add)(s, F3(mul_d)(F3(var)(p[i], i), cf[i]));
    T3 f = F3(exp)(s);
    double e0 = exp(0.05 - 0.2 + 0.6), g[3], H[9], t[28];
    F3(grad)(f, g);
    F3(hess)(f, H);
    for (unsigned i = 0; i < 3; i++) {
        cr_expect(fabs(g[i] - cf[i] * e0) <= 4e-16 * e0 * 4, "grad %u", i);
        for (unsigned j = 0; j < 3; j++)
            cr_expect(fabs(H[i * 3 + j] - cf[i] * cf[j] * e0) <= 1e-15 * 8, "H[%u][%u]", i, j);
    }
    for (unsigned m = 0; m <= 6; m++) {
        int cnt = F3(tensor)(f, m, t);
        cr_assert_eq(cnt, (int)((m + 1) * (m + 2) / 2));
        unsigned al[3] = {m, 0, 0};
        for (int e = 0; e < cnt; e++, dnik_next(3, al)) {
            double want = e0 * pow(cf[0], al[0]) * pow(cf[1], al[1]) * pow(cf[2], al[2]);
            cr_expect(fabs(t[e] - want) <= 1e-14 * fabs(want), "tensor %u entry %d: %g vs %g", m, e, t[e], want);
            cr_expect(same_double(F3(deriv)(f, al), t[e]));
        }
    }
    cr_expect_eq(F3(tensor)(f, 7, t), DN_ERANGE);
    /* Taylor coefficients: set a derivative, read the coefficient back */
    unsigned al[3] = {2, 1, 3}, big[3] = {4, 2, 1};
    T3 q = F3(const)(0.0);
    F3(set_deriv)(&q, al, 24.0);
    cr_expect_eq(F3(coeff)(q, al), 24.0 / (2.0 * 1.0 * 6.0));
    F3(set_coeff)(&q, al, 0.5);
    cr_expect_eq(F3(deriv)(q, al), 6.0);
    cr_expect(isnan(F3(deriv)(q, big)) && isnan(F3(coeff)(q, big)), "|alpha| > N gives NaN");
    double d[DNUMK_SIZE(3, 6)];
    F3(get_derivs)(f, d);
    T3 f2 = F3(from_derivs)(d);
    for (unsigned i = 0; i < DNUMK_SIZE(3, 6); i++)
        cr_expect(fabs(f2.c[i] - f.c[i]) <= 1e-16 * fabs(f.c[i]), "from_derivs round trip %u", i);
}

/* one-pass Hessian (dnumk5_o2) against dn_hessian's polarisation (dnum_o2), same objective */
#define ROSEN_BODY(P, T)                                                                   \
    T s = P##_const(0.0);                                                                  \
    for (unsigned i = 0; i + 1 < 5; i++) {                                                 \
        T a = P##_sub(x[i + 1], P##_mul(x[i], x[i]));                                      \
        T b = P##_d_sub(1.0, x[i]);                                                        \
        s = P##_add(s, P##_add(P##_mul_d(P##_mul(a, a), 100.0), P##_mul(b, b)));           \
    }                                                                                      \
    return P##_mul(s, P##_exp(P##_mul_d(x[4], 0.1)));

static dnumk5_o2 obj_k(const dnumk5_o2 *x, void *ctx)
{
    (void)ctx;
    ROSEN_BODY(dnumk5_o2, dnumk5_o2)
}

static dnum_o2 obj_1(const dnum_o2 *x, unsigned n, void *ctx)
{
    (void)ctx, (void)n;
    ROSEN_BODY(dnum_o2, dnum_o2)
}

Test(dnumk, one_pass_hessian_vs_polarisation)
{
    const double x[5] = {-1.2, 1.0, 0.5, -0.3, 2.0};
    double f1, g1[5], H1[25], f2, g2[5], H2[25];
    cr_assert_eq(dnumk5_o2_hessian(&f1, g1, H1, obj_k, x, NULL), DN_OK);
    cr_assert_eq(dn_hessian(&f2, g2, H2, obj_1, NULL, x, 5, NULL), DN_OK);
    cr_expect(fabs(f1 - f2) <= 1e-14 * fabs(f2));
    double worst = 0.0;
    for (unsigned i = 0; i < 5; i++) {
        cr_expect(fabs(g1[i] - g2[i]) <= 1e-13 * fmax(1.0, fabs(g2[i])), "grad %u", i);
        for (unsigned j = 0; j < 5; j++) {
            double err = fabs(H1[i * 5 + j] - H2[i * 5 + j]) / fmax(1.0, fabs(H2[i * 5 + j]));
            worst = fmax(worst, err);
            cr_expect(err <= 1e-12, "H[%u][%u]: one pass %.17g, polarisation %.17g", i, j,
                      H1[i * 5 + j], H2[i * 5 + j]);
            cr_expect(H1[i * 5 + j] == H1[j * 5 + i], "symmetric");
        }
    }
    cr_log_info("one-pass Hessian vs dn_hessian polarisation: %.3g", worst);
    /* errors */
    H1[0] = 42.0;
    cr_expect_eq(dnumk5_o2_hessian(&f1, g1, H1, NULL, x, NULL), DN_EINVAL);
    cr_expect_eq(dnumk5_o2_hessian(&f1, g1, NULL, obj_k, x, NULL), DN_EINVAL);
    cr_expect_eq(dnumk3_o1_hessian(&f1, g1, H1, NULL, x, NULL), DN_EINVAL);
    cr_expect_eq(H1[0], 42.0);
}

static dnumk3_o1 lin(const dnumk3_o1 *x, void *ctx)
{
    (void)ctx;
    return dnumk3_o1_add(x[0], x[1]);
}

/* ---- errors -------------------------------------------------------------------------------- */
Test(dnumk, errors)
{
    dnk_space sp = {0}, keep;
    memset(&keep, 0x5a, sizeof keep);
    sp = keep;
    cr_expect_eq(dnk_space_init(NULL, 3, 4), DN_EINVAL);
    cr_expect_eq(dnk_space_init(&sp, 0, 4), DN_EINVAL);
    cr_expect_eq(dnk_space_init(&sp, DNK_VARS_MAX + 1, 4), DN_ERANGE);
    cr_expect_eq(dnk_space_init(&sp, 3, DNK_ORDER_MAX + 1), DN_ERANGE);
    cr_expect_eq(dnk_space_init(&sp, 10, 32), DN_ERANGE); /* C(42, 10) entries: too many */
    cr_expect(memcmp(&sp, &keep, sizeof sp) == 0, "failed init leaves the space untouched");
    cr_expect_eq(dnk_size(0, 3), 0);
    cr_expect_eq(dnk_size(8, 16), 735471);
    double H[9], a[4] = {1, 2, 3, 4}, t[4];
    cr_assert_eq(dnk_space_init(&sp, 3, 1), DN_OK);
    cr_expect_eq(dnk_hess(&sp, H, a), DN_EORDER);
    cr_expect_eq(dnk_tensor(&sp, t, a, 2), DN_ERANGE);
    cr_expect_eq(dnk_exp(&sp, NULL, a), DN_EINVAL);
    cr_expect_eq(dnk_set_var(&sp, a, 3, 1.0), DN_EINVAL);
    unsigned al[3] = {1, 1, 0};
    cr_expect_eq(dnk_set_coeff(&sp, a, al, 1.0), DN_ERANGE);
    cr_expect(a[3] == 4.0 && isnan(dnk_deriv(&sp, a, al)));
    dnk_space_clear(&sp);
    cr_expect_eq(dnk_exp(&sp, a, a), DN_EINVAL, "a cleared space is uninitialised");
    dnk_space_clear(&sp);
    double fx, g[3], Hx[9], x[3] = {1, 2, 3};
    cr_expect_eq(dnumk3_o1_hessian(&fx, g, Hx, lin, x, NULL), DN_EORDER);
}
