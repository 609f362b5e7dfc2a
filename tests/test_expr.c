/* Parsed expressions (dnum/expr.h): agreement with the same formulas written with the
 * dnum_oN / dnum2_oN functions (bit for bit: same kernels, same order of operations),
 * dnk_* functions (Dnumk), closed forms, agreement of the engines (specialised, run-time
 * order, Dvec, Dnum2, Dnumk), the
 * grammar (precedence, unary minus, associativity), and errors: messages, columns,
 * limits and hostile inputs (empty, unbalanced, unknown names, 10^6 nested parentheses,
 * huge numbers). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/expr.h>
#include <dnum/dnum2.h>
#include <dnum/dnumk.h>
#include "testutil.h"

typedef dnum_o8 T;
#define N 8

static const char *const XV[] = {"x", "y"};

static dn_expr *parse1(const char *src)
{
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, XV, 1, &err);
    cr_assert(e, "parse '%s': %s", src, err.msg);
    return e;
}

/* Evaluates src (variable x) at x0, order N, through dn_expr_eval. */
static T eval1(const char *src, double x0)
{
    dn_expr *e = parse1(src);
    double args[N + 1] = {x0, 1.0}, *w = malloc(dn_expr_work_size(e, N) * sizeof(double));
    T r;
    cr_assert_eq(dn_expr_eval(e, N, args, r.d, w), 0);
    free(w);
    dn_expr_free(e);
    return r;
}

/* Bit for bit under gcc where DN_TEST_SAME_LIBM (testutil.h). Under clang, 4 ulp: with
 * the variable a compile-time constant clang's folding of the inlined fixed-order code can land 1 ulp away (exp(-x^2) at
 * x = 1.5, orders 6 and 8; see also test_generic.c). */
static void expect_same(T got, T want, const char *what, double x)
{
    for (unsigned k = 0; k <= N; k++) {
#ifdef __clang__
        int ok = same_double(got.d[k], want.d[k]) ||
                 fabs(got.d[k] - want.d[k]) <= 4 * 2.2204460492503131e-16 * fabs(want.d[k]);
#else
        int ok = same_engines(got.d[k], want.d[k], k);
#endif
        cr_expect(ok, "%s at x=%g, k=%u: got %.17g want %.17g", what, x, k, got.d[k], want.d[k]);
    }
}

/* ---- every function against the fixed-order API, plain and composite arguments ----- */

static T inner_g(T x, double c) /* 0.5*x*x + x/4 + c, in the parser's order */
{
    return dnum_o8_add_d(dnum_o8_add(dnum_o8_mul(dnum_o8_mul_d(x, 0.5), x), dnum_o8_div_d(x, 4.0)), c);
}

static T inner_h(T x) /* x^3 - x/2 + 1 */
{
    return dnum_o8_add_d(dnum_o8_sub(dnum_o8_pown(x, 3), dnum_o8_div_d(x, 2.0)), 1.0);
}

Test(expr, every_function_matches_fixed_api)
{
    static const struct { const char *name; T (*f)(T); double x, c; } fn[] = {
        {"exp", dnum_o8_exp, 0.4, 0.1},     {"expm1", dnum_o8_expm1, 0.4, 0.1},
        {"log", dnum_o8_log, 0.4, 0.3},     {"log1p", dnum_o8_log1p, 0.4, 0.1},
        {"sqrt", dnum_o8_sqrt, 0.4, 0.3},   {"cbrt", dnum_o8_cbrt, -0.7, -0.3},
        {"sin", dnum_o8_sin, 0.4, 0.1},     {"cos", dnum_o8_cos, 0.4, 0.1},
        {"tan", dnum_o8_tan, 0.4, 0.1},     {"asin", dnum_o8_asin, 0.4, 0.1},
        {"acos", dnum_o8_acos, 0.4, 0.1},   {"atan", dnum_o8_atan, 0.4, 0.1},
        {"sinh", dnum_o8_sinh, 0.4, 0.1},   {"cosh", dnum_o8_cosh, 0.4, 0.1},
        {"tanh", dnum_o8_tanh, 0.4, 0.1},   {"asinh", dnum_o8_asinh, 0.4, 0.1},
        {"acosh", dnum_o8_acosh, 1.7, 1.0}, {"atanh", dnum_o8_atanh, 0.4, 0.1},
        {"erf", dnum_o8_erf, 0.4, 0.1},     {"erfc", dnum_o8_erfc, 0.4, 0.1},
        {"abs", dnum_o8_abs, -0.4, -0.5},
    };
    char src[128];
    for (size_t i = 0; i < sizeof fn / sizeof fn[0]; i++) {
        T x = dnum_o8_var(fn[i].x);
        snprintf(src, sizeof src, "%s(x)", fn[i].name);
        expect_same(eval1(src, fn[i].x), fn[i].f(x), src, fn[i].x);
        snprintf(src, sizeof src, "%s(0.5*x*x + x/4 + %.17g)", fn[i].name, fn[i].c);
        expect_same(eval1(src, fn[i].x), fn[i].f(inner_g(x, fn[i].c)), src, fn[i].x);
    }
    double x0 = 0.8;
    T x = dnum_o8_var(x0), g = inner_g(x, 0.3), h = inner_h(x);
    const char *gs = "0.5*x*x + x/4 + 0.3", *hs = "x^3 - x/2 + 1";
    snprintf(src, sizeof src, "pow(%s, %s)", gs, hs);
    expect_same(eval1(src, x0), dnum_o8_pow(g, h), src, x0);
    snprintf(src, sizeof src, "(%s)^(%s)", gs, hs);
    expect_same(eval1(src, x0), dnum_o8_pow(g, h), src, x0);
    snprintf(src, sizeof src, "atan2(%s, %s)", gs, hs);
    expect_same(eval1(src, x0), dnum_o8_atan2(g, h), src, x0);
    snprintf(src, sizeof src, "hypot(%s, %s)", gs, hs);
    expect_same(eval1(src, x0), dnum_o8_hypot(g, h), src, x0);
    snprintf(src, sizeof src, "(%s)^2.5", gs);
    expect_same(eval1(src, x0), dnum_o8_pow_d(g, 2.5), src, x0);
    snprintf(src, sizeof src, "(%s)^-3", gs);
    expect_same(eval1(src, x0), dnum_o8_pown(g, -3), src, x0);
    /* constant base, constant second arguments */
    expect_same(eval1("2^x", x0), dnum_o8_pow(dnum_o8_const(2.0), x), "2^x", x0);
    expect_same(eval1("atan2(x, 2)", x0), dnum_o8_atan2(x, dnum_o8_const(2.0)), "atan2", x0);
    expect_same(eval1("hypot(3, x)", x0), dnum_o8_hypot(dnum_o8_const(3.0), x), "hypot", x0);
    /* arithmetic with constants on either side */
    expect_same(eval1("3 - x", x0), dnum_o8_d_sub(3.0, x), "3 - x", x0);
    expect_same(eval1("3 / x", x0), dnum_o8_d_div(3.0, x), "3 / x", x0);
    expect_same(eval1("x / 3", x0), dnum_o8_div_d(x, 3.0), "x / 3", x0);
    expect_same(eval1("3 * x - 1", x0), dnum_o8_sub_d(dnum_o8_mul_d(x, 3.0), 1.0), "3x-1", x0);
    /* W2 of docs/benchmarks.md */
    T p = dnum_o8_add_d(dnum_o8_mul(x, x), 1.0);
    T w2 = dnum_o8_add(dnum_o8_div(dnum_o8_mul(dnum_o8_sin(x), dnum_o8_exp(x)), p),
                       dnum_o8_mul(dnum_o8_sqrt(p), dnum_o8_log(dnum_o8_add_d(dnum_o8_cos(x), 2.0))));
    expect_same(eval1("sin(x)*exp(x)/(x*x+1) + sqrt(x*x+1)*log(cos(x)+2)", x0), w2, "W2", x0);
}

/* ---- closed forms ------------------------------------------------------------------ */

Test(expr, closed_forms)
{
    /* x^3 at -2 and 0: exact integer power */
    T r = eval1("x^3", -2.0);
    double want[N + 1] = {-8, 12, -12, 6, 0, 0, 0, 0, 0};
    for (unsigned k = 0; k <= N; k++) cr_expect_eq(r.d[k], want[k], "x^3 at -2, k=%u", k);
    r = eval1("pow(x, 3)", 0.0);
    double want0[N + 1] = {0, 0, 0, 6, 0, 0, 0, 0, 0};
    for (unsigned k = 0; k <= N; k++) cr_expect_eq(r.d[k], want0[k], "x^3 at 0, k=%u", k);
    /* exp(x/2): 2^-k e^(x/2) */
    r = eval1("exp(x/2)", 1.0);
    for (unsigned k = 0; k <= N; k++)
        cr_expect(scaled_err(r.d[k], ldexp(exp(0.5), -(int)k), k) < 1e-15, "exp(x/2) k=%u", k);
    /* sin(3x) at 0: 3^k sin(k pi/2) */
    r = eval1("sin(3*x)", 0.0);
    for (unsigned k = 0; k <= N; k++) {
        double s = (k % 2 == 0) ? 0.0 : (k % 4 == 1 ? 1.0 : -1.0);
        cr_expect(fabs(r.d[k] - pow(3.0, k) * s) <= 1e-12 * pow(3.0, k), "sin(3x) k=%u", k);
    }
    /* 1/(1-x) at 0: k! */
    r = eval1("1/(1-x)", 0.0);
    for (unsigned k = 0; k <= N; k++) cr_expect_eq(r.d[k], dni_fact[k], "1/(1-x) k=%u", k);
    /* constants */
    cr_expect_eq(eval1("pi", 0).d[0], 3.141592653589793);
    cr_expect_eq(eval1("e", 0).d[0], exp(1.0));
    cr_expect_eq(eval1("sin(pi/6)*2", 0).d[0], sin(3.141592653589793 / 6) * 2);
}

/* ---- grammar ----------------------------------------------------------------------- */

static double val(const char *src, double x0) { return eval1(src, x0).d[0]; }

Test(expr, precedence_and_unary_minus)
{
    cr_expect_eq(val("1 + 2*3", 0), 7);
    cr_expect_eq(val("(1 + 2)*3", 0), 9);
    cr_expect_eq(val("2^3^2", 0), 512);   /* right-associative */
    cr_expect_eq(val("(2^3)^2", 0), 64);
    cr_expect_eq(val("-2^2", 0), -4);     /* -(2^2) */
    cr_expect_eq(val("(-2)^2", 0), 4);
    cr_expect_eq(val("-x^2", 3), -9);
    cr_expect_eq(val("2^-1", 0), 0.5);
    cr_expect_eq(val("2^-x", 1), 0.5);
    cr_expect_eq(val("2*-3", 0), -6);
    cr_expect_eq(val("--x", 2), 2);
    cr_expect_eq(val("+x", 2), 2);
    cr_expect_eq(val("8/4/2", 0), 1);     /* left-associative */
    cr_expect_eq(val("10-4-3", 0), 3);
    cr_expect_eq(val("x - 1 - 1", 5), 3);
    cr_expect_eq(val("2*x^2", 3), 18);
    cr_expect_eq(val("-x*x", 3), -9);
    cr_expect_eq(val("1.5e2 + .5 + 5. + 2E-1", 0), 150.0 + 0.5 + 5.0 + 0.2);
    cr_expect_eq(val(" \t\n x \n", 4), 4);
    cr_expect_eq(val("1e-400", 0), 0);    /* underflow is not an error */
    /* a long run of digits */
    char big[20002];
    memset(big, '0', 20000);
    big[20000] = '7';
    big[20001] = '\0';
    cr_expect_eq(val(big, 0), 7);
    /* derivatives of the unary minus forms */
    T x = dnum_o8_var(1.5);
    expect_same(eval1("-x^2", 1.5), dnum_o8_neg(dnum_o8_mul(x, x)), "-x^2", 1.5);
    expect_same(eval1("exp(-x^2)", 1.5), dnum_o8_exp(dnum_o8_neg(dnum_o8_mul(x, x))), "g", 1.5);
}

/* ---- engines ------------------------------------------------------------------------ */

Test(expr, engines_agree)
{
    const char *src = "exp(-x^2)*sin(3*x) + log1p(x^2)/(2+cos(x))";
    dn_expr *e = parse1(src);
    const unsigned hi = 40;
    double *w = malloc(dn_expr_work_size(e, hi) * sizeof(double));
    double args[41] = {0.7, 1.0}, r8[N + 1], r40[41];
    /* fixed (specialised order 8) vs run-time order 40: the same leading derivatives */
    cr_assert_eq(dn_expr_eval(e, N, args, r8, w), 0);
    cr_assert_eq(dn_expr_eval(e, hi, args, r40, w), 0);
    for (unsigned k = 0; k <= N; k++) cr_expect(same_double(r8[k], r40[k]), "k=%u", k);
    /* every specialised order against the run-time order 40 */
    for (unsigned n = 1; n <= 32; n++) {
        double rn[33];
        cr_assert_eq(dn_expr_eval(e, n, args, rn, w), 0);
        for (unsigned k = 0; k <= n; k++)
            cr_expect(same_double(rn[k], r40[k]), "order %u, k=%u", n, k);
    }
    /* typed fixed entry and the _Generic name */
    T xa = dnum_o8_var(0.7), rt;
    cr_assert_eq(dn_expr_eval_dnum(e, &rt, &xa, w), 0);
    for (unsigned k = 0; k <= N; k++) cr_expect(same_double(rt.d[k], r8[k]));
    dnum_o20 x20 = dnum_o20_var(0.7), r20;
    cr_assert_eq(dn_expr_eval_o20(e, &r20, &x20, w), 0);
    for (unsigned k = 0; k <= 20; k++) cr_expect(same_double(r20.d[k], r40[k]));
    /* Dvec */
    dvec dx, dr;
    cr_assert_eq(dvec_init(&dx, hi), 0);
    cr_assert_eq(dvec_init(&dr, 0), 0);
    dvec_set_var(&dx, 0.7);
    const dvec *dargs[1] = {&dx};
    cr_assert_eq(dn_expr_eval_dvec(e, &dr, dargs, w), 0);
    cr_assert_eq(dvec_order(&dr), (int)hi);
    for (unsigned k = 0; k <= hi; k++) cr_expect(same_double(dvec_get(&dr, k), r40[k]));
    /* r may be the argument itself */
    cr_assert_eq(dn_expr_eval_dvec(e, &dx, dargs, w), 0);
    for (unsigned k = 0; k <= hi; k++) cr_expect(same_double(dvec_get(&dx, k), r40[k]));
    /* order mismatch */
    dvec dy;
    cr_assert_eq(dvec_init(&dy, 3), 0);
    dn_expr *e2 = dn_expr_parse("x*y", XV, 2, NULL);
    const dvec *two[2] = {&dr, &dy};
    cr_expect_eq(dn_expr_eval_dvec(e2, &dr, two, w), DN_EORDER);
    dn_expr_free(e2);
    dvec_clear(&dx);
    dvec_clear(&dr);
    dvec_clear(&dy);
    /* out may alias args */
    double a2[N + 1] = {0.7, 1.0};
    cr_assert_eq(dn_expr_eval(e, N, a2, a2, w), 0);
    for (unsigned k = 0; k <= N; k++) cr_expect(same_double(a2[k], r8[k]));
    free(w);
    dn_expr_free(e);
}

/* a repeated subexpression is computed once (the parser shares its value): the same bits
 * as the formula written out with each copy computed, no more registers */
Test(expr, repeated_subexpressions_computed_once)
{
    const double xs[] = {0.7, -1.3, 0.0, 2.5};
    for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double x0 = xs[i];
        T x = dnum_o8_var(x0);
        T p1 = dnum_o8_add_d(dnum_o8_mul(x, x), 1.0), p2 = dnum_o8_add_d(dnum_o8_mul(x, x), 1.0);
        T want = dnum_o8_add(dnum_o8_div(dnum_o8_mul(dnum_o8_sin(x), dnum_o8_exp(x)), p1),
                             dnum_o8_mul(dnum_o8_sqrt(p2), dnum_o8_log(dnum_o8_add_d(dnum_o8_cos(x), 2.0))));
        expect_same(eval1("sin(x)*exp(x)/(1+x^2) + sqrt(1+x^2)*log(2+cos(x))", x0), want, "W2", x0);
        T q = dnum_o8_add_d(x, 1.0);
        want = dnum_o8_add(dnum_o8_mul(q, q), dnum_o8_sin(dnum_o8_add_d(x, 1.0)));
        expect_same(eval1("(1+x)*(1+x) + sin(1+x)", x0), want, "(1+x)*(1+x) + sin(1+x)", x0);
        /* constants compared bit for bit: x*0 and x*(-0) stay apart */
        want = dnum_o8_sub(dnum_o8_mul_d(x, 0.0), dnum_o8_mul_d(x, -0.0));
        expect_same(eval1("x*0 - x*(-0)", x0), want, "x*0 - x*(-0)", x0);
    }
    /* values kept for a later reader beyond the parsed program's registers: the program
     * stays as parsed (the same numbers either way) */
    {
        double x0 = 0.4;
        T x = dnum_o8_var(x0), s = dnum_o8_sin(x), c = dnum_o8_cos(x), e = dnum_o8_exp(x),
          t = dnum_o8_tan(x), a = dnum_o8_atan(x);
        T want = dnum_o8_add(
            dnum_o8_add(dnum_o8_add(dnum_o8_add(dnum_o8_add(s, c), e), t), a),
            dnum_o8_mul(dnum_o8_mul(dnum_o8_mul(dnum_o8_mul(s, c), e), t), a));
        const char *src = "sin(x)+cos(x)+exp(x)+tan(x)+atan(x) + sin(x)*cos(x)*exp(x)*tan(x)*atan(x)";
        expect_same(eval1(src, x0), want, src, x0);
    }
    /* (1+x)*(1+x) needs the registers of (1+x)^2 (x, 1+x), not a second copy of 1+x */
    dn_expr *a = parse1("(1+x)*(1+x)"), *b = parse1("(1+x)^2");
    cr_expect_eq(dn_expr_work_size(a, N), dn_expr_work_size(b, N));
    dn_expr_free(a);
    dn_expr_free(b);
    /* two variables: x*y shared, against dnum2 */
    dnum2_o4 x2 = dnum2_o4_varx(0.3, -0.8), y2 = dnum2_o4_vary(0.3, -0.8);
    dnum2_o4 w2 = dnum2_o4_add(dnum2_o4_mul(x2, y2), dnum2_o4_sin(dnum2_o4_mul(x2, y2)));
    dn_expr *e = dn_expr_parse("x*y + sin(x*y)", XV, 2, NULL);
    cr_assert(e);
    double *w = malloc(dn_expr_work_size2(e, 4) * sizeof(double));
    double r2[DNUM2_SIZE(4)], a2[2 * DNUM2_SIZE(4)];
    memcpy(a2, x2.d, sizeof x2.d);
    memcpy(a2 + DNUM2_SIZE(4), y2.d, sizeof y2.d);
    cr_assert_eq(dn_expr_eval2(e, 4, a2, r2, w), 0);
    for (unsigned k = 0; k < DNUM2_SIZE(4); k++)
        cr_expect(same_double(r2[k], w2.d[k]), "x*y + sin(x*y), entry %u: %.17g %.17g", k, r2[k], w2.d[k]);
    free(w);
    dn_expr_free(e);
}

Test(expr, high_order_closed_form)
{
    /* exp(x/2) at order 300 (scaled kernels): 2^-k e^(x/2) */
    dn_expr *e = parse1("exp(x/2)");
    const unsigned n = 300;
    double *args = calloc(n + 1, sizeof(double)), *out = malloc((n + 1) * sizeof(double));
    double *w = malloc(dn_expr_work_size(e, n) * sizeof(double));
    args[0] = 0.25;
    args[1] = 1.0;
    cr_assert_eq(dn_expr_eval(e, n, args, out, w), 0);
    for (unsigned k = 0; k <= n; k++) {
        double want = ldexp(exp(0.125), -(int)k);
        cr_expect(fabs(out[k] - want) <= 1e-12 * want, "k=%u got %g want %g", k, out[k], want);
    }
    cr_expect_eq(dn_expr_eval(e, DN_ORDER_MAX + 1, args, out, w), DN_ERANGE);
    cr_expect_eq(dn_expr_work_size(e, DN_ORDER_MAX + 1), 0);
    cr_expect_eq(dn_expr_eval(NULL, 2, args, out, w), DN_EINVAL);
    cr_expect_eq(dn_expr_eval(e, 2, NULL, out, w), DN_EINVAL);
    free(args);
    free(out);
    free(w);
    dn_expr_free(e);
}

Test(expr, bivariate_matches_dnum2)
{
    dn_expr *e = dn_expr_parse("x^2*y + sin(x*y) - exp(y)/hypot(x, y)", XV, 2, NULL);
    cr_assert(e);
    double *w = malloc(dn_expr_work_size2(e, 4) * sizeof(double));
    dnum2_o4 x = dnum2_o4_varx(0.3, 0.9), y = dnum2_o4_vary(0.3, 0.9);
    dnum2_o4 want = dnum2_o4_sub(
        dnum2_o4_add(dnum2_o4_mul(dnum2_o4_mul(x, x), y), dnum2_o4_sin(dnum2_o4_mul(x, y))),
        dnum2_o4_div(dnum2_o4_exp(y), dnum2_o4_hypot(x, y)));
    double args[2 * DNUM2_SIZE(4)], out[DNUM2_SIZE(4)];
    memcpy(args, x.d, sizeof x.d);
    memcpy(args + DNUM2_SIZE(4), y.d, sizeof y.d);
    cr_assert_eq(dn_expr_eval2(e, 4, args, out, w), 0);
    for (unsigned k = 0; k < DNUM2_SIZE(4); k++)
        cr_expect(same_double(out[k], want.d[k]), "k=%u got %.17g want %.17g", k, out[k], want.d[k]);
    /* d^3(x^2 y)/dx^2 dy = 2 (a product must keep total order N) */
    dn_expr *p = dn_expr_parse("x^2*y", XV, 2, NULL);
    cr_assert_eq(dn_expr_eval2(p, 4, args, out, w), 0);
    cr_expect_eq(out[DNUM2_INDEX(2, 1)], 2.0);
    cr_expect_eq(dn_expr_eval2(p, DN_EXPR_MAX_ORDER2 + 1, args, out, w), DN_ERANGE);
    dn_expr_free(p);
    free(w);
    dn_expr_free(e);
}

Test(expr, multivariate_matches_dnumk)
{
    static const char *const V3[] = {"x", "y", "z"};
    enum { K = 3, NK = 5 };
    dn_expr *e = dn_expr_parse("x^2*y*z + sin(x*y) - exp(z)/hypot(x, y) + atan2(z, x)", V3, K, NULL);
    cr_assert(e);
    size_t S = dnk_size(K, NK);
    cr_assert_eq(S, 56);
    double *w = malloc(dn_expr_work_sizek(e, K, NK) * sizeof(double));
    double *m = malloc(10 * S * sizeof(double)), *x = m, *y = m + S, *z = m + 2 * S;
    double *t = m + 3 * S, *u = m + 4 * S, *want = m + 5 * S, *out = m + 6 * S;
    dnk_space sp;
    cr_assert_eq(dnk_space_init(&sp, K, NK), 0);
    dnk_set_var(&sp, x, 0, 0.3);
    dnk_set_var(&sp, y, 1, 0.9);
    dnk_set_var(&sp, z, 2, -0.4);
    /* the same operations in the same order with the dnk_* functions */
    dnk_pown(&sp, t, x, 2);
    dnk_mul(&sp, t, t, y);
    dnk_mul(&sp, t, t, z);
    dnk_mul(&sp, u, x, y);
    dnk_sin(&sp, u, u);
    dnk_add(&sp, want, t, u);
    dnk_exp(&sp, t, z);
    dnk_hypot(&sp, u, x, y);
    dnk_div(&sp, t, t, u);
    dnk_sub(&sp, want, want, t);
    dnk_atan2(&sp, t, z, x);
    dnk_add(&sp, want, want, t);
    cr_assert_eq(dn_expr_evalk(e, K, NK, m, out, w), 0); /* args: x, y, z in a row */
    for (size_t k = 0; k < S; k++)
        cr_expect(same_double(out[k], want[k]), "k=%zu got %.17g want %.17g", k, out[k], want[k]);
    /* d^4(x^2 y z)/dx^2 dy dz = 2: exact */
    dn_expr *p = dn_expr_parse("x^2*y*z", V3, K, NULL);
    unsigned a211[3] = {2, 1, 1};
    cr_assert_eq(dn_expr_evalk(p, K, NK, m, out, w), 0);
    cr_expect_eq(dnk_deriv(&sp, out, a211), 2.0);
    /* a special function composed: every partial of order j of lgamma(x + y + z) is the
     * j-th derivative of lgamma at x + y + z (the one-variable family) */
    dn_expr *g = dn_expr_parse("lgamma(x + y + z)", V3, K, NULL);
    cr_assert_eq(dn_expr_evalk(g, K, NK, m, out, w), 0);
    dnum_o5 g1 = dnum_o5_lgamma(dnum_o5_var(0.3 + 0.9 - 0.4));
    unsigned al[3] = {0, 0, 0};
    for (unsigned a0 = 0; a0 <= NK; a0++)
        for (unsigned a1 = 0; a0 + a1 <= NK; a1++)
            for (unsigned a2 = 0; a0 + a1 + a2 <= NK; a2++) {
                al[0] = a0, al[1] = a1, al[2] = a2;
                double got = dnk_deriv(&sp, out, al), ref = g1.d[a0 + a1 + a2];
                cr_expect(fabs(got - ref) <= 2e-14 * fabs(ref), "lgamma %u%u%u: %.17g want %.17g",
                          a0, a1, a2, got, ref);
            }
    /* limits: nothing written on failure */
    out[0] = 42.0;
    cr_expect_eq(dn_expr_evalk(p, 0, NK, m, out, w), DN_EINVAL);
    cr_expect_eq(dn_expr_evalk(p, K, NK, m, NULL, w), DN_EINVAL);
    cr_expect_eq(dn_expr_evalk(NULL, K, NK, m, out, w), DN_EINVAL);
    cr_expect_eq(dn_expr_evalk(p, DN_EXPR_MAX_VARSK + 1, 1, m, out, w), DN_ERANGE);
    cr_expect_eq(dn_expr_evalk(p, K, DN_EXPR_MAX_ORDERK + 1, m, out, w), DN_ERANGE);
    cr_expect_eq(dn_expr_evalk(p, 8, 19, m, out, w), DN_ERANGE); /* C(27, 8) > DNK_SIZE_MAX */
    cr_expect_eq(out[0], 42.0);
    cr_expect_eq(dn_expr_work_sizek(p, 8, 19), 0);
    cr_expect_eq(dn_expr_work_sizek(p, 0, 2), 0);
    cr_expect_eq(dn_expr_work_sizek(NULL, 3, 2), 0);
    cr_expect_neq(dn_expr_work_sizek(p, 8, 18), 0);
    dnk_space_clear(&sp);
    dn_expr_free(g);
    dn_expr_free(p);
    dn_expr_free(e);
    free(m);
    free(w);
}

/* ---- errors ------------------------------------------------------------------------- */

static void expect_error(const char *src, unsigned nvars, int code, unsigned column,
                         const char *text)
{
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, XV, nvars, &err);
    cr_expect_null(e, "'%.40s' parsed", src);
    dn_expr_free(e);
    cr_expect_eq(err.code, code, "'%.40s': code %d want %d (%s)", src, err.code, code, err.msg);
    cr_expect_eq(err.column, column, "'%.40s': column %u want %u (%s)", src, err.column,
                 column, err.msg);
    cr_expect(strstr(err.msg, text) != NULL, "'%.40s': message '%s' lacks '%s'", src, err.msg,
              text);
    if (column) {
        char at[32];
        snprintf(at, sizeof at, "at column %u", column);
        cr_expect(strstr(err.msg, at) != NULL, "'%s' lacks '%s'", err.msg, at);
    }
}

Test(expr, error_messages_and_columns)
{
    expect_error("", 1, DN_EPARSE, 1, "empty expression");
    expect_error("   ", 1, DN_EPARSE, 1, "empty expression");
    expect_error("x + sinn(x)", 1, DN_EPARSE, 5, "unknown function 'sinn'");
    expect_error("sinn(x)", 1, DN_EPARSE, 1, "unknown function 'sinn' at column 1 (did you mean 'sin'?)");
    expect_error("1 + ln(x)", 1, DN_EPARSE, 5, "unknown function 'ln' at column 5 (did you mean 'log'?)");
    expect_error("arcsin(x)", 1, DN_EPARSE, 1, "(did you mean 'asin'?)");
    expect_error("Lgama(x)", 1, DN_EPARSE, 1, "(did you mean 'lgamma'?)");
    expect_error("x + y", 1, DN_EPARSE, 5, "unknown variable 'y'");
    expect_error("(x + 1", 1, DN_EPARSE, 1, "missing ')'");
    expect_error("((x)", 1, DN_EPARSE, 1, "missing ')'");
    expect_error("x)", 1, DN_EPARSE, 2, "unmatched ')'");
    expect_error("(x))", 1, DN_EPARSE, 4, "unmatched ')'");
    expect_error("x +", 1, DN_EPARSE, 4, "unexpected end");
    expect_error("x^", 1, DN_EPARSE, 3, "unexpected end");
    expect_error("2 x", 1, DN_EPARSE, 3, "expected an operator");
    expect_error("x $ 1", 1, DN_EPARSE, 3, "unexpected character '$'");
    expect_error("x + \xff", 1, DN_EPARSE, 5, "unexpected byte 0xff");
    expect_error("sin(x, x)", 1, DN_EPARSE, 1, "'sin' takes 1 argument");
    expect_error("atan2(x)", 1, DN_EPARSE, 1, "'atan2' takes 2 arguments");
    expect_error("pow(x, 2, 3)", 1, DN_EPARSE, 1, "given more than 2");
    expect_error("1 + exp()", 1, DN_EPARSE, 5, "given none");
    expect_error("sin + 1", 1, DN_EPARSE, 1, "function 'sin' needs '('");
    expect_error("pi(2)", 1, DN_EPARSE, 1, "constant 'pi' is not a function");
    expect_error("x(2)", 1, DN_EPARSE, 1, "variable 'x' is not a function");
    expect_error("*x", 1, DN_EPARSE, 1, "unexpected '*'");
    expect_error("1..2", 1, DN_EPARSE, 3, "expected an operator");
    expect_error("0x10", 1, DN_EPARSE, 2, "expected an operator"); /* no hex */
    expect_error("inf", 1, DN_EPARSE, 1, "unknown variable 'inf'");
    expect_error("1e999", 1, DN_ERANGE, 1, "too large");
    expect_error("x * 1e400", 1, DN_ERANGE, 5, "too large");
    expect_error("x, 1", 1, DN_EPARSE, 2, "expected an operator");
    expect_error("x*y", 1, DN_EPARSE, 3, "unknown variable 'y'");
    /* bad arguments */
    expect_error(NULL, 1, DN_EINVAL, 0, "NULL");
    const char *bad1[] = {"2x"}, *bad2[] = {"sin"}, *bad3[] = {"e"}, *dup[] = {"a", "a"};
    dn_expr_error err;
    cr_expect_null(dn_expr_parse("1", bad1, 1, &err));
    cr_expect_eq(err.code, DN_EINVAL);
    cr_expect_null(dn_expr_parse("1", bad2, 1, &err));
    cr_expect_eq(err.code, DN_EINVAL);
    cr_expect_null(dn_expr_parse("1", bad3, 1, &err));
    cr_expect_eq(err.code, DN_EINVAL);
    cr_expect_null(dn_expr_parse("1", dup, 2, &err));
    cr_expect_eq(err.code, DN_EINVAL);
    cr_expect_null(dn_expr_parse("1", NULL, 1, &err));
    cr_expect_eq(err.code, DN_EINVAL);
    cr_expect_null(dn_expr_parse("x", XV, DN_EXPR_MAX_VARS + 1, &err));
    cr_expect_eq(err.code, DN_EINVAL);
    /* NULL err is allowed; success clears err */
    cr_expect_null(dn_expr_parse("(", XV, 1, NULL));
    dn_expr *e = dn_expr_parse("x", XV, 1, &err);
    cr_expect_not_null(e);
    cr_expect_eq(err.code, 0);
    cr_expect_eq(err.msg[0], '\0');
    cr_expect_eq(dn_expr_nvars(e), 1);
    dn_expr_free(e);
    dn_expr_free(NULL);
}

/* The spellings of other languages get this one's, after the column. */
Test(expr, error_hints)
{
    expect_error("x**2", 1, DN_EPARSE, 3, "unexpected '*' at column 3 (powers are written with '^', as in x^2)");
    expect_error("x ^ ^2", 1, DN_EPARSE, 5, "unexpected '^' at column 5 (a power has one '^', as in x^2)");
    expect_error("x//2", 1, DN_EPARSE, 3, "unexpected '/' at column 3 (division is one '/', as in x/2)");
    expect_error("2x", 1, DN_EPARSE, 2, "found 'x' at column 2 (a product is written with '*', as in 2*x)");
    expect_error("sin(2 (x))", 1, DN_EPARSE, 7, "found '(' at column 7 (a product is written with '*'");
    expect_error("(x) 2", 1, DN_EPARSE, 5, "found '2' at column 5 (a product is written with '*'");
    expect_error("|x|", 1, DN_EPARSE, 1, "'|' at column 1 (the absolute value is written abs(x))");
    expect_error("x % 2", 1, DN_EPARSE, 3, "'%' at column 3 (the remainder is written fmod(x, y))");
    expect_error("x!", 1, DN_EPARSE, 2, "'!' at column 2 (the factorial of n is written tgamma(n + 1))");
    expect_error("[x]", 1, DN_EPARSE, 1, "'[' at column 1 (group with '(' and ')')");
    expect_error("1 + math.sin(x)", 1, DN_EPARSE, 5, "unknown name 'math.sin' at column 5 (write sin without 'math.')");
    expect_error("np.pi", 1, DN_EPARSE, 1, "(write pi without 'np.')");
    expect_error("np.foo(x)", 1, DN_EPARSE, 1, "unknown name 'np.foo' at column 1 (names take no prefix such as 'np.')");
    expect_error("2*PI*x", 1, DN_EPARSE, 3, "unknown variable 'PI' at column 3 (did you mean 'pi'?)");
    expect_error("X + y", 2, DN_EPARSE, 1, "unknown variable 'X' at column 1 (did you mean 'x'?)");
    /* no hint where none fits; the operand missing at the end; a second decimal point */
    const char *plain[][2] = {{"*x", "unexpected '*' at column 1"}, {"x+*2", "unexpected '*' at column 3"},
                              {"x + z", "unknown variable 'z' at column 5"}, {"x $ 1", "unexpected character '$' at column 3"},
                              {"x + ", "unexpected end of expression at column 5 (an operand is missing after the '+' at column 3)"},
                              {"pow(x,", "unexpected end of expression at column 7 (an operand is missing after the ',' at column 6)"},
                              {"1.2.5", "expected an operator, found '.5' at column 4 (a number has one decimal point, as in 1.25)"},
                              {"x.5", "expected an operator, found '.5' at column 2"}};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        dn_expr_error err;
        cr_expect_null(dn_expr_parse(plain[i][0], XV, 2, &err));
        cr_expect_str_eq(err.msg, plain[i][1]);
    }
}

/* a string of count copies of a, then mid, then count copies of b */
static char *repeat(const char *a, size_t count, const char *mid, const char *b)
{
    size_t la = strlen(a), lm = strlen(mid), lb = strlen(b);
    char *s = malloc(count * (la + lb) + lm + 1), *p = s;
    for (size_t i = 0; i < count; i++, p += la) memcpy(p, a, la);
    memcpy(p, mid, lm);
    p += lm;
    for (size_t i = 0; i < count; i++, p += lb) memcpy(p, b, lb);
    *p = '\0';
    return s;
}

Test(expr, hostile_inputs)
{
    /* 10^6 nested parentheses: refused at the depth limit, no stack overflow */
    /* (level d starts at column d; the first level too deep is DN_EXPR_MAX_DEPTH + 1) */
    char *s = repeat("(", 1000000, "x", ")");
    expect_error(s, 1, DN_ERANGE, DN_EXPR_MAX_DEPTH + 1, "nested more than");
    free(s);
    s = repeat("-", 1000000, "x", "");
    expect_error(s, 1, DN_ERANGE, DN_EXPR_MAX_DEPTH + 1, "nested more than");
    free(s);
    s = repeat("x^", 1000000, "x", "");
    expect_error(s, 1, DN_ERANGE, 2 * DN_EXPR_MAX_DEPTH + 1, "nested more than");
    free(s);
    s = repeat("sin(", 100000, "x", ")");
    expect_error(s, 1, DN_ERANGE, 4 * DN_EXPR_MAX_DEPTH + 1, "nested more than");
    free(s);
    /* just below the limit it works */
    s = repeat("(", DN_EXPR_MAX_DEPTH - 1, "x", ")");
    cr_expect_eq(val(s, 3), 3);
    free(s);
    /* longer than DN_EXPR_MAX_LEN */
    s = repeat("x+", DN_EXPR_MAX_LEN / 2 + 1, "x", "");
    expect_error(s, 1, DN_ERANGE, 0, "longer than");
    free(s);
    /* a long flat sum is fine and needs few registers */
    s = repeat("x+", 100000, "x", "");
    dn_expr *e = parse1(s);
    cr_expect_leq(dn_expr_work_size(e, 1), 3 * 2);
    cr_expect_eq(eval1(s, 1.0).d[1], 100001.0);
    dn_expr_free(e);
    free(s);
}
