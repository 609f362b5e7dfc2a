/* Dnum2 (bivariate dual numbers): mpmath mixed partials (tests/ref2_data.h, made by
 * tools/gen_ref2.py), closed-form gradients, agreement with Dnum on one-variable
 * functions, symmetry, prefix property, run-time orders, aliasing, apply, identities,
 * and the n-variable Hessian driver dnum2_hessian. */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "kernel_wrap.h"
#include "ref2_eval.h"

typedef dnum2_o8 T;
#define S8 DNUM2_SIZE(8)

Test(dnum2, every_row_matches_mpmath)
{
    double worst = 0.0, worst_whole = 0.0, worst_gap = 0.0;
    cr_assert(DN_REF2_NROWS > 50, "reference table is too small");
    cr_assert(DN_REF2_SIZE == S8);
    for (size_t k = 0; k < DN_REF2_NROWS; k++) {
        const dn_ref2_row *r = &dn_ref2_rows[k];
        T got;
        cr_assert(ref2_eval(r, &got), "unknown function %s in the table", r->fn);
        for (unsigned s = 0; s <= 8; s++)
            for (unsigned j = 0; j <= s; j++) {
                unsigned e = DNUM2_INDEX(s - j, j);
                double err = scaled_err2(got.d[e], r->d[e], s - j, j), tol = ref2_tol(r);
                if (tol == 1e-11) worst_whole = fmax(worst_whole, err);
                else if (tol > 1e-13) worst_gap = fmax(worst_gap, err);
                else worst = fmax(worst, err);
                cr_expect(err <= tol, "%s(%g) at (%g, %g), d%u_%u: got %.17g want %.17g (err %.3g)",
                          r->fn, r->param, r->x, r->y, s - j, j, got.d[e], r->d[e], err);
            }
    }
    cr_log_info("dnum2 reference: worst scaled error %.3g (built-ins), %.3g (known gap), "
                "%.3g (whole expressions) over %zu rows", worst, worst_gap, worst_whole,
                (size_t)DN_REF2_NROWS);
}

/* A product keeps its partials of total order N: d^3(x^2 y)/dx^2 dy = 2. */
Test(dnum2, product_includes_total_order)
{
    dnum2_o3 x = dnum2_o3_varx(1.5, -0.5), y = dnum2_o3_vary(1.5, -0.5);
    dnum2_o3 p = dnum2_o3_mul(dnum2_o3_mul(x, x), y);
    cr_expect_eq(dnum2_o3_deriv(p, 2, 1), 2.0);
    cr_expect_eq(dnum2_o3_deriv(p, 1, 1), 3.0);  /* 2x */
    cr_expect_eq(dnum2_o3_deriv(p, 2, 0), -1.0); /* 2y */
    cr_expect_eq(dnum2_o3_deriv(p, 3, 0), 0.0);
    cr_expect(isnan(dnum2_o3_deriv(p, 2, 2)), "order above N must be NaN");
    cr_expect(isnan(dnum2_o3_deriv(p, 4, 0)), "order above N must be NaN");
}

Test(dnum2, gradients_of_test_functions)
{
    double g[2], H[2][2];
    dnum2_o2 x = dnum2_o2_varx(1.0, 1.0), y = dnum2_o2_vary(1.0, 1.0);
    dnum2_o2 sphere = dnum2_o2_add(dnum2_o2_mul(x, x), dnum2_o2_mul(y, y));
    dnum2_o2_grad(sphere, g);
    cr_expect(g[0] == 2.0 && g[1] == 2.0, "sphere gradient (%g, %g)", g[0], g[1]);
    dnum2_o2_hess(sphere, H);
    cr_expect(H[0][0] == 2.0 && H[0][1] == 0.0 && H[1][0] == 0.0 && H[1][1] == 2.0);
    dnum2_o2 matyas = dnum2_o2_sub(dnum2_o2_mul_d(sphere, 0.26), dnum2_o2_mul_d(dnum2_o2_mul(x, y), 0.48));
    dnum2_o2_grad(matyas, g);
    cr_expect(fabs(g[0] - 0.04) < 1e-15 && fabs(g[1] - 0.04) < 1e-15, "Matyas (%g, %g)", g[0], g[1]);
    dnum2_o2_hess(matyas, H);
    cr_expect(fabs(H[0][0] - 0.52) < 1e-15 && fabs(H[0][1] + 0.48) < 1e-15 && H[0][1] == H[1][0]);
    T gp = goldstein_price(dnum2_o8_varx(1.0, 1.0), dnum2_o8_vary(1.0, 1.0));
    dnum2_o8_grad(gp, g);
    cr_expect(g[0] == -5376.0 && g[1] == 8064.0, "Goldstein-Price (%.17g, %.17g)", g[0], g[1]);
    cr_expect(gp.d[0] == 1876.0);
    dnum2_o1 one = dnum2_o1_mul(dnum2_o1_varx(2.0, 3.0), dnum2_o1_vary(2.0, 3.0));
    dnum2_o1_hess(one, H);
    cr_expect(isnan(H[0][0]) && isnan(H[0][1]) && isnan(H[1][1]), "order 1 has no Hessian");
}

/* functions of x alone must agree with Dnum of the same order (and of y alone too) */
typedef T (*fn2)(T);
typedef dnum_o8 (*fn1)(dnum_o8);
Test(dnum2, one_variable_equals_dnum)
{
    static const struct { fn2 f2; fn1 f1; const char *name; } fs[] = {
        {dnum2_o8_exp, dnum_o8_exp, "exp"}, {dnum2_o8_log, dnum_o8_log, "log"},
        {dnum2_o8_sqrt, dnum_o8_sqrt, "sqrt"}, {dnum2_o8_sin, dnum_o8_sin, "sin"},
        {dnum2_o8_tan, dnum_o8_tan, "tan"}, {dnum2_o8_asin, dnum_o8_asin, "asin"},
        {dnum2_o8_atan, dnum_o8_atan, "atan"}, {dnum2_o8_tanh, dnum_o8_tanh, "tanh"},
        {dnum2_o8_acosh, dnum_o8_acosh, "acosh"}, {dnum2_o8_erf, dnum_o8_erf, "erf"},
        {dnum2_o8_cbrt, dnum_o8_cbrt, "cbrt"}, {dnum2_o8_log1p, dnum_o8_log1p, "log1p"},
    };
    const double x0 = 0.7, y0 = 0.4; /* w0 = 1.74 and 1.26 */
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        /* composite one-variable argument w = x^2 + x/2 + 0.9 */
        T xs = dnum2_o8_varx(x0, y0), ys = dnum2_o8_vary(x0, y0);
        dnum_o8 x1 = dnum_o8_var(x0), y1 = dnum_o8_var(y0);
        T wx = dnum2_o8_add_d(dnum2_o8_add(dnum2_o8_mul(xs, xs), dnum2_o8_mul_d(xs, 0.5)), 0.9);
        T wy = dnum2_o8_add_d(dnum2_o8_add(dnum2_o8_mul(ys, ys), dnum2_o8_mul_d(ys, 0.5)), 0.9);
        dnum_o8 w1x = dnum_o8_add_d(dnum_o8_add(dnum_o8_mul(x1, x1), dnum_o8_mul_d(x1, 0.5)), 0.9);
        dnum_o8 w1y = dnum_o8_add_d(dnum_o8_add(dnum_o8_mul(y1, y1), dnum_o8_mul_d(y1, 0.5)), 0.9);
        int asinlike = strcmp(fs[i].name, "asin") == 0 || strcmp(fs[i].name, "atan") == 0;
        if (asinlike) { /* keep the argument inside (-1, 1): w / 2 */
            wx = dnum2_o8_mul_d(wx, 0.5); wy = dnum2_o8_mul_d(wy, 0.5);
            w1x = dnum_o8_mul_d(w1x, 0.5); w1y = dnum_o8_mul_d(w1y, 0.5);
        }
        T rx = fs[i].f2(wx), ry = fs[i].f2(wy);
        dnum_o8 r1x = fs[i].f1(w1x), r1y = fs[i].f1(w1y);
        for (unsigned s = 0; s <= 8; s++) {
            cr_expect(scaled_err(rx.d[DNUM2_INDEX(s, 0)], r1x.d[s], s) <= 1e-14,
                      "%s: d%u_0 %.17g vs Dnum %.17g", fs[i].name, s, rx.d[DNUM2_INDEX(s, 0)], r1x.d[s]);
            cr_expect(scaled_err(ry.d[DNUM2_INDEX(0, s)], r1y.d[s], s) <= 1e-14,
                      "%s: d0_%u %.17g vs Dnum %.17g", fs[i].name, s, ry.d[DNUM2_INDEX(0, s)], r1y.d[s]);
            for (unsigned j = 1; j <= s; j++) /* every partial involving the other variable */
                cr_expect(rx.d[DNUM2_INDEX(s - j, j)] == 0.0 && ry.d[DNUM2_INDEX(j, s - j)] == 0.0,
                          "%s: partials in the absent variable must vanish", fs[i].name);
        }
    }
}

/* f(x, y) at (a, b) and f(y, x) at (b, a) are transposed triangles */
static T sym_f(T x, T y)
{
    T u = dnum2_o8_add(dnum2_o8_mul(dnum2_o8_sin(x), dnum2_o8_exp(y)), dnum2_o8_mul_d(dnum2_o8_mul(x, y), 0.3));
    return dnum2_o8_div(dnum2_o8_atan2(u, dnum2_o8_add_d(y, 2.0)),
                        dnum2_o8_sqrt(dnum2_o8_add_d(dnum2_o8_mul(x, x), 1.0)));
}

Test(dnum2, symmetry_transposes)
{
    const double a = 0.4, b = -0.9;
    T A = sym_f(dnum2_o8_varx(a, b), dnum2_o8_vary(a, b));
    T B = sym_f(dnum2_o8_vary(b, a), dnum2_o8_varx(b, a));
    for (unsigned s = 0; s <= 8; s++)
        for (unsigned j = 0; j <= s; j++) {
            double p = dnum2_o8_deriv(A, s - j, j), q = dnum2_o8_deriv(B, j, s - j);
            cr_expect(scaled_err2(p, q, s - j, j) <= 1e-14, "d%u_%u: %.17g vs transposed %.17g",
                      s - j, j, p, q);
        }
}

/* lower orders are the leading part (a prefix) of the order-8 triangle, bit for bit, and
 * the kernels give the fixed-order results at run-time orders 0..16 */
Test(dnum2, prefix_and_runtime_order)
{
    dnum2_o4 x4 = dnum2_o4_varx(0.3, 0.6), y4 = dnum2_o4_vary(0.3, 0.6);
    T x8 = dnum2_o8_varx(0.3, 0.6), y8 = dnum2_o8_vary(0.3, 0.6);
    dnum2_o4 r4 = dnum2_o4_tan(dnum2_o4_div(dnum2_o4_exp(dnum2_o4_mul(x4, y4)), dnum2_o4_add_d(x4, 2.0)));
    T r8 = dnum2_o8_tan(dnum2_o8_div(dnum2_o8_exp(dnum2_o8_mul(x8, y8)), dnum2_o8_add_d(x8, 2.0)));
    for (unsigned e = 0; e < DNUM2_SIZE(4); e++)
        cr_expect(same_double(r4.d[e], r8.d[e]), "entry %u: %.17g vs %.17g", e, r4.d[e], r8.d[e]);

    dnum2_o16 x16 = dnum2_o16_varx(0.3, 0.6), y16 = dnum2_o16_vary(0.3, 0.6);
    dnum2_o16 u16 = dnum2_o16_add(dnum2_o16_mul(x16, y16), dnum2_o16_mul_d(y16, 0.5));
    dnum2_o16 ref = dnum2_o16_log1p(dnum2_o16_sinh(u16));
    volatile unsigned nv = 0;
    for (unsigned n = 0; n <= 16; n++) {
        nv = n;
        unsigned N = nv, S = dni2_size(N);
        double x[S], y[S], u[S], t[S], v[S];
        dni2_set_varx(x, 0.3, N);
        dni2_set_vary(y, 0.6, N);
        dni2_mul(t, x, y, N);
        dni2_mul_d(v, y, 0.5, N);
        dni2_add(u, t, v, N);
        t2_sinh(t, u, N);
        t2_log1p(t, t, N);
        for (unsigned e = 0; e < S; e++)
            cr_expect(same_double(t[e], ref.d[e]), "n=%u entry %u: %.17g vs %.17g", n, e, t[e], ref.d[e]);
    }
}

/* ---- aliasing: f(b, a); f(a, a); equal bit for bit, at several run-time orders ---- */
static void fill(double *a, unsigned n, double seed)
{
    for (unsigned e = 0; e < dni2_size(n); e++)
        a[e] = 0.2 + seed * 0.07 * (double)e - 0.03 * (double)(e * e % 5);
    a[0] = 0.4 + 0.1 * seed; /* inside every domain used below */
}

typedef void (*un_k)(double *, const double *, unsigned);
typedef void (*bin_k)(double *, const double *, const double *, unsigned);

static void check_un(const char *name, un_k f, unsigned n)
{
    double a[dni2_size(n)], b[dni2_size(n)];
    fill(a, n, 1.0);
    f(b, a, n);
    f(a, a, n);
    for (unsigned e = 0; e < dni2_size(n); e++)
        cr_expect(same_double(a[e], b[e]), "%s (n=%u) aliasing differs at %u", name, n, e);
}

static void check_bin(const char *name, bin_k f, unsigned n)
{
    unsigned S = dni2_size(n);
    double a[S], b[S], c[S], r[S];
    fill(a, n, 1.0);
    fill(b, n, 2.0);
    f(r, a, b, n);
    memcpy(c, a, sizeof a);
    f(c, c, b, n);
    for (unsigned e = 0; e < S; e++)
        cr_expect(same_double(c[e], r[e]), "%s (n=%u) r=a differs at %u", name, n, e);
    memcpy(c, b, sizeof b);
    f(c, a, c, n);
    for (unsigned e = 0; e < S; e++)
        cr_expect(same_double(c[e], r[e]), "%s (n=%u) r=b differs at %u", name, n, e);
    memcpy(c, a, sizeof a);
    f(r, a, a, n);
    f(c, c, c, n);
    for (unsigned e = 0; e < S; e++)
        cr_expect(same_double(c[e], r[e]), "%s (n=%u) r=a=b differs at %u", name, n, e);
}

static void k_pow_d(double *r, const double *a, unsigned n) { t2_pow_d(r, a, 2.5, n); }
static void k_pown(double *r, const double *a, unsigned n) { t2_pown(r, a, -3, n); }
static void k_add_d(double *r, const double *a, unsigned n) { dni2_add_d(r, a, 1.5, n); }
static void k_mul_d(double *r, const double *a, unsigned n) { dni2_mul_d(r, a, 1.5, n); }
static void k_d_div(double *r, const double *a, unsigned n) { t2_d_div(r, 2.0, a, n); }
static void k_apply(double *r, const double *a, unsigned n) { t2_apply(r, a, dn_deriv_sin, NULL, n); }
static void k_sincos_s(double *r, const double *a, unsigned n)
{
    double c[dni2_size(n)];
    t2_sincos(r, c, a, n);
}
static void k_sincos_c(double *r, const double *a, unsigned n)
{
    double s[dni2_size(n)];
    t2_sincos(s, r, a, n);
}
static void k_sinhcosh_s(double *r, const double *a, unsigned n)
{
    double c[dni2_size(n)];
    t2_sinhcosh(r, c, a, n);
}

Test(dnum2, kernel_aliasing)
{
    static const struct { const char *name; un_k f; } un[] = {
        {"neg", dni2_neg}, {"exp", t2_exp}, {"expm1", t2_expm1}, {"log", t2_log},
        {"log1p", t2_log1p}, {"sqrt", t2_sqrt}, {"cbrt", t2_cbrt}, {"sin", t2_sin},
        {"cos", t2_cos}, {"tan", t2_tan}, {"asin", t2_asin}, {"acos", t2_acos},
        {"atan", t2_atan}, {"sinh", t2_sinh}, {"cosh", t2_cosh}, {"tanh", t2_tanh},
        {"asinh", t2_asinh}, {"acosh_shifted", NULL}, {"atanh", t2_atanh},
        {"erf", t2_erf}, {"erfc", t2_erfc}, {"abs", dni2_abs}, {"pow_d", k_pow_d},
        {"pown", k_pown}, {"add_d", k_add_d}, {"mul_d", k_mul_d}, {"d_div", k_d_div},
        {"apply", k_apply}, {"sincos_s", k_sincos_s}, {"sincos_c", k_sincos_c},
        {"sinhcosh_s", k_sinhcosh_s},
    };
    static const struct { const char *name; bin_k f; } bin[] = {
        {"add", dni2_add}, {"sub", dni2_sub}, {"mul", dni2_mul}, {"div", t2_div},
        {"pow", t2_pow}, {"atan2", t2_atan2}, {"hypot", t2_hypot},
    };
    static const unsigned ns[] = {0, 1, 2, 5, 8, 13};
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++) {
        for (size_t i = 0; i < sizeof un / sizeof un[0]; i++)
            if (un[i].f) check_un(un[i].name, un[i].f, ns[q]);
        for (size_t i = 0; i < sizeof bin / sizeof bin[0]; i++) check_bin(bin[i].name, bin[i].f, ns[q]);
        /* acosh needs u0 > 1 */
        unsigned S = dni2_size(ns[q]);
        double a[S], b[S];
        fill(a, ns[q], 1.0);
        a[0] = 1.7;
        t2_acosh(b, a, ns[q]);
        t2_acosh(a, a, ns[q]);
        for (unsigned e = 0; e < S; e++) cr_expect(same_double(a[e], b[e]), "acosh aliasing at %u", e);
    }
}

/* sincos / sinhcosh equal the separate functions bit for bit */
Test(dnum2, pairs_equal_singles)
{
    T x = dnum2_o8_varx(0.3, -0.7), y = dnum2_o8_vary(0.3, -0.7), s, c;
    T u = inner_u(x, y);
    dnum2_o8_sincos(u, &s, &c);
    T s1 = dnum2_o8_sin(u), c1 = dnum2_o8_cos(u);
    for (unsigned e = 0; e < S8; e++) cr_expect(s.d[e] == s1.d[e] && c.d[e] == c1.d[e]);
    dnum2_o8_sinhcosh(u, &s, &c);
    s1 = dnum2_o8_sinh(u);
    c1 = dnum2_o8_cosh(u);
    for (unsigned e = 0; e < S8; e++) cr_expect(s.d[e] == s1.d[e] && c.d[e] == c1.d[e]);
}

/* identities at a composite argument, and apply against the built-ins */
Test(dnum2, identities_and_apply)
{
    T x = dnum2_o8_varx(0.6, 0.5), y = dnum2_o8_vary(0.6, 0.5);
    T u = inner_u(x, y), s, c;
    T le = dnum2_o8_log(dnum2_o8_exp(u));
    dnum2_o8_sincos(u, &s, &c);
    T one = dnum2_o8_add(dnum2_o8_mul(s, s), dnum2_o8_mul(c, c));
    T tn = dnum2_o8_tan(u), sc = dnum2_o8_div(s, c);
    T ae = dnum2_o8_apply(u, dn_deriv_exp, NULL), ee = dnum2_o8_exp(u);
    T as = dnum2_o8_apply(u, dn_deriv_sin, NULL);
    T al = dnum2_o8_apply(u, dn_deriv_log, NULL), ll = dnum2_o8_log(u);
    for (unsigned s8 = 0; s8 <= 8; s8++)
        for (unsigned j = 0; j <= s8; j++) {
            unsigned e = DNUM2_INDEX(s8 - j, j), i = s8 - j;
            /* identities cancel terms, so 1e-12 and 1e-11 as tests/test_identities.c */
            cr_expect(scaled_err2(le.d[e], u.d[e], i, j) <= 1e-12, "log(exp(u)) at %u: %g", e, le.d[e]);
            cr_expect(scaled_err2(one.d[e], e == 0, i, j) <= 1e-11, "sin^2+cos^2 at %u: %g", e, one.d[e]);
            cr_expect(scaled_err2(tn.d[e], sc.d[e], i, j) <= 1e-12, "tan vs sin/cos at %u", e);
            cr_expect(scaled_err2(ae.d[e], ee.d[e], i, j) <= 1e-13, "apply exp at %u", e);
            cr_expect(scaled_err2(as.d[e], s.d[e], i, j) <= 1e-13, "apply sin at %u", e);
            cr_expect(scaled_err2(al.d[e], ll.d[e], i, j) <= 1e-13, "apply log at %u", e);
        }
}

/* u^p at u0 = 0: an operand of one variable follows the univariate zero rule exactly;
 * a zero of a genuinely bivariate operand is not resolved (NaN partials, never a guess) */
Test(dnum2, powers_at_zero)
{
    dnum2_o4 x = dnum2_o4_varx(0.0, 1.0), y = dnum2_o4_vary(0.0, 1.0);
    dnum2_o4 p = dnum2_o4_pow_d(dnum2_o4_mul(x, y), 2.5); /* (xy)^2.5 at (0, 1) */
    cr_expect_eq(p.d[0], 0.0);
    for (unsigned k = 1; k < 15; k++) cr_expect(isnan(p.d[k]), "(xy)^2.5 partial %u", k);
    /* (y x^3)^(1/3) at x = 0 with y = 1 + 0 (y a constant here): x, exactly */
    dnum2_o4 q = dnum2_o4_pow_d(dnum2_o4_mul(dnum2_o4_mul(x, x), x), 1.0 / 3.0);
    cr_expect_eq(dnum2_o4_deriv(q, 1, 0), 1.0);
    cr_expect_eq(dnum2_o4_deriv(q, 2, 0), 0.0);
    cr_expect(isnan(dnum2_o4_deriv(q, 3, 0)), "not determined by order-4 operands");
    cr_expect_eq(dnum2_o4_deriv(q, 1, 1), 0.0);
    cr_expect(isinf(dnum2_o4_deriv(dnum2_o4_sqrt(x), 3, 0)), "sqrt(x) at 0: Inf limits");
    dnum2_o4 c = dnum2_o4_pown(dnum2_o4_sub(x, y), 3); /* (x - y)^3 exactly */
    cr_expect_eq(dnum2_o4_deriv(c, 2, 1), -6.0);
    cr_expect_eq(dnum2_o4_deriv(c, 0, 3), -6.0);
    cr_expect_eq(dnum2_o4_deriv(c, 1, 1), -6.0 * (0.0 - 1.0));
}

/* branch points and poles of functions of x alone: the x-partials are Dnum's, sign of
 * every infinity included (acosh(1) once gave -Inf, +Inf, ... from a -0 under the root:
 * found while adding the x-derivative check to fuzz/fuzz_diff.c, whose bound does not
 * compare infinities) */
Test(dnum2, branch_points_equal_dnum)
{
    typedef dnum2_o4 (*f2)(dnum2_o4);
    typedef dnum_o4 (*f1)(dnum_o4);
    static const struct { f2 g; f1 f; double x; const char *name; } fs[] = {
        {dnum2_o4_acosh, dnum_o4_acosh, 1.0, "acosh(1)"}, {dnum2_o4_asin, dnum_o4_asin, 1.0, "asin(1)"},
        {dnum2_o4_acos, dnum_o4_acos, -1.0, "acos(-1)"}, {dnum2_o4_atanh, dnum_o4_atanh, 1.0, "atanh(1)"},
        {dnum2_o4_sqrt, dnum_o4_sqrt, 0.0, "sqrt(0)"}, {dnum2_o4_cbrt, dnum_o4_cbrt, 0.0, "cbrt(0)"},
        {dnum2_o4_log, dnum_o4_log, 0.0, "log(0)"}, {dnum2_o4_abs, dnum_o4_abs, 0.0, "abs(0)"},
    };
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        dnum2_o4 r = fs[i].g(dnum2_o4_varx(fs[i].x, 0.5));
        dnum_o4 q = fs[i].f(dnum_o4_var(fs[i].x));
        for (unsigned k = 0; k <= 4; k++) {
            double a = dnum2_o4_deriv(r, k, 0), b = q.d[k];
            cr_expect(a == b || (isnan(a) && isnan(b)), "%s: d%u_0 %g vs Dnum %g", fs[i].name, k, a, b);
        }
    }
}

/* ---- n-variable Hessian driver ----------------------------------------------------- */
static dnum2_o2 rosen(const dnum2_o2 *x, unsigned n, void *ctx)
{
    (void)ctx;
    dnum2_o2 s = dnum2_o2_const(0.0);
    for (unsigned i = 0; i + 1 < n; i++) {
        dnum2_o2 a = dnum2_o2_sub(x[i + 1], dnum2_o2_mul(x[i], x[i]));
        dnum2_o2 b = dnum2_o2_d_sub(1.0, x[i]);
        s = dnum2_o2_add(s, dnum2_o2_add(dnum2_o2_mul_d(dnum2_o2_mul(a, a), 100.0), dnum2_o2_mul(b, b)));
    }
    return s;
}

static dnum2_o2 expsum(const dnum2_o2 *x, unsigned n, void *ctx) /* exp(sum c_k x_k) */
{
    const double *cf = ctx;
    dnum2_o2 s = dnum2_o2_const(0.0);
    for (unsigned k = 0; k < n; k++) s = dnum2_o2_add(s, dnum2_o2_mul_d(x[k], cf[k]));
    return dnum2_o2_exp(s);
}

Test(dnum2, hessian_driver)
{
    enum { n = 5 };
    double x[n] = {-1.2, 1.0, 0.5, -0.3, 2.0}, fx, g[n], H[n * n], H2[n * n];
    cr_assert_eq(dnum2_hessian(&fx, g, H, rosen, x, n, NULL, NULL), DN_OK);
    double fref = 0.0;
    for (unsigned i = 0; i + 1 < n; i++)
        fref += 100.0 * pow(x[i + 1] - x[i] * x[i], 2) + pow(1.0 - x[i], 2);
    cr_expect(fabs(fx - fref) <= 1e-12 * fref);
    for (unsigned i = 0; i < n; i++) {
        double gi = 0.0;
        if (i + 1 < n) gi += -400.0 * x[i] * (x[i + 1] - x[i] * x[i]) - 2.0 * (1.0 - x[i]);
        if (i > 0) gi += 200.0 * (x[i] - x[i - 1] * x[i - 1]);
        cr_expect(fabs(g[i] - gi) <= 1e-12 * fmax(1.0, fabs(gi)), "grad %u: %g vs %g", i, g[i], gi);
        for (unsigned j = 0; j < n; j++) {
            double h = 0.0;
            if (i == j) {
                if (i + 1 < n) h += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
                if (i > 0) h += 200.0;
            } else if (j == i + 1) h = -400.0 * x[i];
            else if (i == j + 1) h = -400.0 * x[j];
            cr_expect(fabs(H[i * n + j] - h) <= 1e-12 * fmax(1.0, fabs(h)), "H[%u][%u]: %g vs %g", i, j,
                      H[i * n + j], h);
        }
    }
    /* the caller's workspace gives the same result */
    dnum2_o2 work[n];
    cr_assert_eq(dnum2_hessian(NULL, NULL, H2, rosen, x, n, NULL, work), DN_OK);
    cr_expect(memcmp(H, H2, sizeof H) == 0);
    double cf[3] = {0.5, -1.0, 2.0}, xe[3] = {0.1, 0.2, 0.3}, He[9], ge[3];
    cr_assert_eq(dnum2_hessian(NULL, ge, He, expsum, xe, 3, cf, NULL), DN_OK);
    double e = exp(0.05 - 0.2 + 0.6);
    for (unsigned i = 0; i < 3; i++) {
        cr_expect(fabs(ge[i] - cf[i] * e) <= 1e-15 * 4, "exp grad %u", i);
        for (unsigned j = 0; j < 3; j++)
            cr_expect(fabs(He[i * 3 + j] - cf[i] * cf[j] * e) <= 1e-15 * 8, "exp H[%u][%u]", i, j);
    }
    double x1 = 3.0;
    cr_assert_eq(dnum2_hessian(&fx, g, H, expsum, &x1, 1, cf, NULL), DN_OK); /* n = 1 */
    cr_expect(fabs(H[0] - 0.25 * exp(1.5)) <= 1e-14 * exp(1.5) && fabs(g[0] - 0.5 * exp(1.5)) <= 1e-14 * exp(1.5));
    cr_expect(fabs(fx - exp(1.5)) <= 1e-15 * exp(1.5));
    /* errors leave the outputs untouched */
    H[0] = 42.0;
    cr_expect_eq(dnum2_hessian(&fx, g, H, rosen, x, 0, NULL, NULL), DN_EINVAL);
    cr_expect_eq(dnum2_hessian(&fx, g, H, NULL, x, n, NULL, NULL), DN_EINVAL);
    cr_expect_eq(dnum2_hessian(&fx, g, H, rosen, NULL, n, NULL, NULL), DN_EINVAL);
    cr_expect_eq(dnum2_hessian(&fx, g, NULL, rosen, x, n, NULL, NULL), DN_EINVAL);
    cr_expect_eq(H[0], 42.0);
}
