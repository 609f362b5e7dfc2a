/* The extended-precision evaluator (dn_expr_eval_ext): an ill-conditioned product against
 * mpmath (tests/ref_ext_data.h, tools/gen_ref_ext.py), a cancellation that must vanish,
 * every function against the double reference tables (tests/ref_data.h,
 * ref_special_data.h: at least as close as the double evaluator), agreement with the
 * double evaluator, orders beyond DN_TAYLOR_MAX without rescaling, the Dvec variant and
 * the error codes. Bounds depend on the type's significand (dn_ext_bits: 113 for
 * binary128, 64 for x87 long double). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "ref_eval.h"  /* ref_src: the expression of a row */
#include "sref_eval.h" /* sref_src */
#include "ref_ext_data.h"

static const char *const xv[] = {"x"};

static dn_expr *parse(const char *src)
{
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, xv, 1, &err);
    cr_assert(e, "parse '%s': %s", src, err.msg);
    return e;
}

/* e at x0 (the variable) to order n, in double (ext = 0) or extended precision */
static void eval_at(const dn_expr *e, double x0, unsigned n, double *out, int ext)
{
    double *args = calloc(n + 1, sizeof *args);
    size_t nw = ext ? dn_expr_work_size_ext(e, n) : dn_expr_work_size(e, n);
    double *w = malloc(nw * sizeof *w);
    cr_assert(args && w && nw);
    args[0] = x0;
    if (n) args[1] = 1.0;
    int rc = ext ? dn_expr_eval_ext(e, n, args, out, w) : dn_expr_eval(e, n, args, out, w);
    cr_assert_eq(rc, DN_OK);
    free(args);
    free(w);
}

/* unit roundoff of the extended type */
static double ext_u(void)
{
    return ldexp(1.0, -dn_ext_bits());
}

Test(ext, bits)
{
    int b = dn_ext_bits();
    cr_assert(b == 113 || b == 64 || b == 53, "%d", b);
    printf("extended type: %d significand bits\n", b);
}

/* sin(x) exp(x) at 1: the Leibniz terms reach 2^k, the result 2^(k/2); the rounding of
 * sin(1), cos(1), e and of every term is amplified by up to 2^(k/2). With 113 bits:
 * relative error <= 1e-12 at every order to 100 (2^50 * 2^-113 ~ 1e-19, then the final
 * rounding to double). With 64 bits: <= 64 * 2^(k/2) * 2^-64 (4e-3 at k = 100). */
Test(ext, sin_exp_order_100_against_mpmath)
{
    enum { N = DN_REF_EXT_N };
    dn_expr *e = parse("sin(x) * exp(x)");
    double out[N + 1], dbl[N + 1];
    eval_at(e, 1.0, N, out, 1);
    eval_at(e, 1.0, N, dbl, 0);
    double worst = 0.0, worst_d = 0.0;
    for (unsigned k = 0; k <= N; k++) {
        double want = dn_ref_sinexp[k], rel = fabs(out[k] - want) / fabs(want);
        double tol = dn_ext_bits() >= 113 ? 1e-12 : fmax(1e-12, 64.0 * ldexp(ext_u(), (int)k / 2 + 1));
        cr_expect(rel <= tol, "k=%u: got %.17g want %.17g rel %.3g > %.3g", k, out[k], want, rel, tol);
        worst = fmax(worst, rel);
        worst_d = fmax(worst_d, fabs(dbl[k] - want) / fabs(want));
    }
    printf("sin(x)*exp(x) at 1, orders 0..100: max relative error %.3g extended, %.3g double\n",
           worst, worst_d);
    dn_expr_free(e);
}

/* exp(-x) exp(x) = 1: d_k = 0 for k >= 1 from a Leibniz sum of terms C(k,j) (e^-1 e) that
 * add up to 2^k in magnitude; each carries a few roundings of the type (the values, the
 * normalisation 1/j!, the products), so |d_k| <= 4 (k + 1) 2^k u. Double: about 2^k 1e-16. */
Test(ext, exp_times_exp_minus_cancels)
{
    enum { N = 100 };
    dn_expr *e = parse("exp(-x) * exp(x)");
    double out[N + 1];
    eval_at(e, 1.0, N, out, 1);
    cr_expect(fabs(out[0] - 1.0) <= 2.3e-16, "%.17g", out[0]);
    double worst = 0.0;
    for (unsigned k = 1; k <= N; k++) {
        double bound = 4.0 * (k + 1) * ldexp(ext_u(), (int)k);
        cr_expect(fabs(out[k]) <= bound, "k=%u: %.3g > %.3g", k, out[k], bound);
        worst = fmax(worst, fabs(out[k]) / ldexp(ext_u(), (int)k));
    }
    printf("exp(-x)*exp(x) at 1, orders 1..100: max |d_k| / (2^k u) = %.3g\n", worst);
    dn_expr_free(e);
}

/* ---- every function against the double reference tables ------------------------------ */

/* Row checks: the extended result's scaled error is at most the double evaluator's plus
 * the final rounding (2^-52), or at most tol_ext (the references are rounded to 25
 * digits; 113 bits reach them to a few ulp of double). With 64 bits the extended type can
 * be narrower than the double path's own wide type (double-double in DN_WIDE_DD builds:
 * pow's cancelling recurrence at (2x^2 + x)^2.5, 4e-14 against 3e-15), and long double
 * Bessel values of high order are less accurate (y1 at order 28: 2.4e-12): tol_ext
 * 1e-13 (built-in) and 1e-11 (special) there. Returns the worst error. */
static double check_row(const char *src, double x0, const double *want, unsigned n,
                        double tol_ext, double *worst_d)
{
    enum { NMAX = 50 };
    dn_expr *e = parse(src);
    double ext[NMAX + 1], dbl[NMAX + 1], worst = 0.0;
    eval_at(e, x0, n, ext, 1);
    eval_at(e, x0, n, dbl, 0);
    for (unsigned k = 0; k <= n; k++) {
        double ee = scaled_err(ext[k], want[k], k), ed = scaled_err(dbl[k], want[k], k);
        if (isnan(want[k])) ee = isnan(ext[k]) ? 0.0 : 1.0, ed = 0.0;
        cr_expect(ee <= ed + 0x1p-52 || ee <= tol_ext,
                  "'%s' at %g, k=%u: extended %.17g (err %.3g) double %.17g (err %.3g) want %.17g",
                  src, x0, k, ext[k], ee, dbl[k], ed, want[k]);
        worst = fmax(worst, ee);
        *worst_d = fmax(*worst_d, ed);
    }
    dn_expr_free(e);
    return worst;
}

Test(ext, builtin_functions_against_mpmath)
{
    double worst = 0.0, worst_d = 0.0;
    double tol = dn_ext_bits() >= 113 ? 4.5e-16 : 1e-13;
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        char src[160];
        ref_src(src, sizeof src, &dn_ref_rows[i]);
        worst = fmax(worst, check_row(src, dn_ref_rows[i].x, dn_ref_rows[i].d, DN_REF_MAXORD,
                                      tol, &worst_d));
    }
    printf("built-in functions, orders 0..%d: max scaled error %.3g extended, %.3g double\n",
           DN_REF_MAXORD, worst, worst_d);
}

Test(ext, special_functions_against_mpmath)
{
    double worst = 0.0, worst_d = 0.0;
    double tol = dn_ext_bits() >= 113 ? 4.5e-16 : 1e-11;
    for (size_t i = 0; i < DN_SREF_NROWS; i++) {
        char src[96];
        sref_src(src, sizeof src, &dn_sref_rows[i]);
        worst = fmax(worst, check_row(src, dn_sref_rows[i].x, dn_sref_rows[i].d,
                                      DN_SREF_MAXORD, tol, &worst_d));
    }
    printf("special functions, orders 0..%d: max scaled error %.3g extended, %.3g double\n",
           DN_SREF_MAXORD, worst, worst_d);
}

/* Where double is accurate (low orders, well-conditioned formulas) both agree to a few
 * ulp. */
Test(ext, agrees_with_double_evaluator)
{
    static const char *const src[] = {
        "exp(-x^2) * sin(3*x)", "log(1 + x^2) / (2 + cos(x))", "atan2(x, 1 + x^2) + hypot(x, 2)",
        "sqrt(x) * cbrt(x + 1) - x^2.5", "lgamma(x + 1) + erf(x) + j0(x)", "tanh(x) * asinh(x)",
        "x^x", "lambertw(x) + erfinv(x / 3)", "1 / (1 - x)"};
    enum { N = 8 };
    for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) {
        dn_expr *e = parse(src[i]);
        double a[N + 1], b[N + 1];
        eval_at(e, 0.375, N, a, 1);
        eval_at(e, 0.375, N, b, 0);
        expect_derivs(a, b, N, 1e-14, src[i], 0.375);
        dn_expr_free(e);
    }
}

/* Orders beyond DN_TAYLOR_MAX need no rescaling: 1/(1 - x/400) at 0 to order 1000,
 * d_k = k! / 400^k (1e-172 at k = 400, intermediate k! up to 1e2567); and 1/(1 - x) at
 * 0.5, d_k = k! 2^(k+1), +Inf once beyond DBL_MAX (k >= 151). References: long double
 * running products (relative error below k 2^-64). */
Test(ext, order_1000_without_rescaling)
{
    enum { N = 1000 };
    static double out[N + 1];
    dn_expr *e = parse("1 / (1 - x / 400)");
    eval_at(e, 0.0, N, out, 1);
    long double ref = 1.0L;
    double worst = 0.0;
    for (unsigned k = 0; k <= N; k++) {
        if (k) ref *= (long double)k / 400.0L;
        double rel = (double)(fabsl((long double)out[k] - ref) / ref);
        cr_expect(rel <= 1e-15, "k=%u: got %.17g want %.17Lg rel %.3g", k, out[k], ref, rel);
        worst = fmax(worst, rel);
    }
    dn_expr_free(e);
    e = parse("1 / (1 - x)");
    eval_at(e, 0.5, N, out, 1);
    ref = 2.0L;
    for (unsigned k = 0; k <= N; k++) {
        if (k) ref *= 2.0L * (long double)k;
        if (ref > (long double)DBL_MAX * (1.0L + 0x1p-53L)) {
            cr_expect(out[k] == INFINITY, "k=%u: %g", k, out[k]);
            continue;
        }
        double rel = (double)(fabsl((long double)out[k] - ref) / ref);
        cr_expect(rel <= 1e-15, "k=%u: got %.17g want %.17Lg rel %.3g", k, out[k], ref, rel);
    }
    printf("1/(1 - x/400) to order 1000: max relative error %.3g\n", worst);
    dn_expr_free(e);
}

Test(ext, dvec_variant_and_errors)
{
    enum { N = 30 };
    const char *vars[] = {"x", "y"};
    dn_expr_error err;
    dn_expr *e = dn_expr_parse("sin(x) * exp(y) + x / y", vars, 2, &err);
    cr_assert(e);
    double args[2 * (N + 1)] = {0}, out[N + 1], out2[N + 1];
    args[0] = 0.7, args[1] = 1.0, args[N + 1] = 1.3, args[N + 2] = 1.0;
    size_t nw = dn_expr_work_size_ext(e, N);
    double *w = malloc(nw * sizeof *w);
    cr_assert(w && nw);
    cr_assert_eq(dn_expr_eval_ext(e, N, args, out, w), DN_OK);

    dvec x, y, r;
    cr_assert_eq(dvec_init(&x, N), 0);
    cr_assert_eq(dvec_init(&y, N), 0);
    cr_assert_eq(dvec_init(&r, 2), 0);
    dvec_set_derivs(&x, args, N);
    dvec_set_derivs(&y, args + N + 1, N);
    const dvec *dargs[] = {&x, &y};
    cr_assert_eq(dn_expr_eval_dvec_ext(e, &r, dargs, w), DN_OK);
    cr_assert_eq(dvec_order(&r), N);
    dvec_get_derivs(out2, &r);
    for (unsigned k = 0; k <= N; k++) cr_expect(same_double(out[k], out2[k]), "k=%u", k);

    /* errors: nothing written */
    double keep[N + 1];
    for (unsigned k = 0; k <= N; k++) keep[k] = out[k] = -7.0;
    cr_expect_eq(dn_expr_eval_ext(NULL, N, args, out, w), DN_EINVAL);
    cr_expect_eq(dn_expr_eval_ext(e, N, NULL, out, w), DN_EINVAL);
    cr_expect_eq(dn_expr_eval_ext(e, N, args, NULL, w), DN_EINVAL);
    cr_expect_eq(dn_expr_eval_ext(e, N, args, out, NULL), DN_EINVAL);
    cr_expect_eq(dn_expr_eval_ext(e, DN_ORDER_MAX + 1, args, out, w), DN_ERANGE);
    cr_expect(memcmp(out, keep, sizeof keep) == 0);
    cr_expect_eq(dn_expr_work_size_ext(NULL, 3), 0);
    cr_expect_eq(dn_expr_work_size_ext(e, DN_ORDER_MAX + 1), 0);
    dvec z;
    cr_assert_eq(dvec_init(&z, N - 1), 0);
    const dvec *bad[] = {&x, &z};
    dvec_get_derivs(out, &r);
    cr_expect_eq(dn_expr_eval_dvec_ext(e, &r, bad, w), DN_EORDER);
    cr_expect_eq(dn_expr_eval_dvec_ext(e, NULL, dargs, w), DN_EINVAL);
    cr_expect_eq(dn_expr_eval_dvec_ext(e, &r, dargs, NULL), DN_EINVAL);
    dvec_get_derivs(out2, &r);
    cr_expect(memcmp(out, out2, sizeof out) == 0, "r untouched");
    dvec_clear(&x);
    dvec_clear(&y);
    dvec_clear(&z);
    dvec_clear(&r);
    free(w);
    dn_expr_free(e);
}

/* The program's constants are extended too (to about 106 bits: a double and its low
 * part), numbers and pi, e as well as subexpressions folded at parse time: where the
 * double constants leave an error of 1e-16, the extended ones leave below 1e-30. */
Test(ext, constants_are_extended)
{
    static const struct {
        const char *src;
        double x;
    } cases[] = {{"sin(pi * x)", 1.0},      /* pi in an instruction */
                 {"x + sin(pi)", 0.0},      /* folded */
                 {"x * 0.1 - x / 10", 3.0}, /* decimal numbers */
                 {"log(x * e) - 1 - log(x)", 2.0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dn_expr *e = parse(cases[i].src);
        double a[1], b[1];
        eval_at(e, cases[i].x, 0, a, 1);
        eval_at(e, cases[i].x, 0, b, 0);
        double tol = dn_ext_bits() >= 113 ? 1e-30 : 1e-18;
        cr_expect(fabs(a[0]) <= tol, "'%s': %.3g (double %.3g)", cases[i].src, a[0], b[0]);
        cr_expect(fabs(b[0]) > tol, "'%s': double %.3g (the test needs a double error)",
                  cases[i].src, b[0]);
        dn_expr_free(e);
    }
}
