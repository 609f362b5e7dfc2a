/* Error bounds (dn_expr_eval_err, dn_expr_eval_dvec_err, and for several variables
 * dn_expr_eval2_err, dn_expr_evalk_err): the bound holds against independent references
 * (the mpmath tables of every function, plain and composite arguments, orders 0..24 resp.
 * 0..50, the bivariate tables to total order 8; closed forms at order 100 and in three
 * variables), is finite where it should be, Inf/NaN where nothing is known, and the calls
 * follow the error rules; DN_PREC_AUTO keeps 10 digits near the zeros of derivatives. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "ref_data.h"
#include "ref_special_data.h"
#include "ref2_data.h"
#include "ref_auto_data.h"

/* Evaluates src (variable x) at x0, order n, into out and err; returns the status. */
static int eval_err(const char *src, double x0, unsigned n, double *out, double *err)
{
    const char *v[1] = {"x"};
    dn_expr_error pe;
    dn_expr *e = dn_expr_parse(src, v, 1, &pe);
    cr_assert(e, "parse %s: %s", src, pe.msg);
    double *w = malloc(dn_expr_work_size_err(e, n) * sizeof *w);
    double *a = calloc((size_t)n + 1, sizeof *a);
    cr_assert(w && a);
    a[0] = x0;
    if (n) a[1] = 1.0;
    int rc = dn_expr_eval_err(e, n, a, out, err, w);
    free(w);
    free(a);
    dn_expr_free(e);
    return rc;
}

/* The formula of a reference row: f(u) with u = x (form 0) or 2x^2 + x (form 1), second
 * argument h = x^3 - x/2 + 1. */
static void row_formula(char *s, size_t cap, const char *fn, int form, double param)
{
    const char *u = form ? "(2*x^2 + x)" : "x", *h = "(x^3 - x/2 + 1)";
    if (strcmp(fn, "recip") == 0) snprintf(s, cap, "1/%s", u);
    else if (strcmp(fn, "powd") == 0 || strcmp(fn, "pown") == 0)
        snprintf(s, cap, "%s^(%.17g)", u, param);
    else if (!strcmp(fn, "pow") || !strcmp(fn, "atan2") || !strcmp(fn, "hypot") ||
             !strcmp(fn, "min") || !strcmp(fn, "max") || !strcmp(fn, "fmod"))
        snprintf(s, cap, "%s(%s, %s)", fn, u, h);
    else if (!strcmp(fn, "polygamma") || !strcmp(fn, "jn") || !strcmp(fn, "yn"))
        snprintf(s, cap, "%s(%d, %s)", fn, (int)param, u);
    else if (strcmp(fn, "w1") == 0) snprintf(s, cap, "exp(-x*x)");
    else if (strcmp(fn, "w2") == 0)
        snprintf(s, cap, "sin(x)*exp(x)/(x*x + 1) + sqrt(x*x + 1)*log(cos(x) + 2)");
    else snprintf(s, cap, "%s(%s)", fn, u);
}

/* Checks one row: every finite derivative lies within its bound of the reference
 * (which carries 25 digits: 2^-70 relative on top). Counts the checked entries and
 * those with a finite bound. */
static void check_row(const char *fn, int form, double param, double x, const double *ref,
                      unsigned n, unsigned *checked, unsigned *bounded)
{
    char src[200];
    double out[64], err[64];
    row_formula(src, sizeof src, fn, form, param);
    cr_assert_eq(eval_err(src, x, n, out, err), DN_OK);
    for (unsigned k = 0; k <= n; k++) {
        if (!isfinite(out[k]) || !isfinite(ref[k])) continue;
        (*checked)++;
        cr_assert(err[k] >= 0.0, "%s at %g k=%u: bound %g", src, x, k, err[k]);
        if (isinf(err[k])) continue;
        (*bounded)++;
        double e = fabs(out[k] - ref[k]), tol = err[k] + 0x1p-70 * fabs(ref[k]);
        cr_assert(e <= tol, "%s at %.17g, k = %u: error %.3g above the bound %.3g (d = %.17g)",
                  src, x, k, e, err[k], out[k]);
    }
}

Test(err, bound_holds_for_every_function_against_mpmath)
{
    unsigned checked = 0, bounded = 0;
    for (size_t r = 0; r < DN_REF_NROWS; r++) {
        const dn_ref_row *row = &dn_ref_rows[r];
        if (strcmp(row->fn, "abs") == 0) continue; /* not in the tables' analytic sense */
        check_row(row->fn, row->form, row->param, row->x, row->d, DN_REF_MAXORD, &checked,
                  &bounded);
    }
    for (size_t r = 0; r < DN_SREF_NROWS; r++) {
        const dn_sref_row *row = &dn_sref_rows[r];
        check_row(row->fn, row->form, row->param, row->x, row->d, 24, &checked, &bounded);
    }
    /* a bound that is always Inf would pass the loop: most must be finite */
    cr_assert(checked > 5000 && bounded > 0.9 * checked, "checked %u, bounded %u", checked,
              bounded);
}

/* sin(x) e^x at 1: d_k = 2^(k/2) e sin(1 + k pi/4); the Leibniz sum has terms 2^k, so
 * double loses up to ~k/2 bits: the bound must say so, and hold. */
Test(err, sin_exp_to_order_100)
{
    double out[101], err[101];
    cr_assert_eq(eval_err("sin(x)*exp(x)", 1.0, 100, out, err), DN_OK);
    for (unsigned k = 0; k <= 100; k++) {
        long double ref = powl(2.0L, k / 2.0L) * expl(1.0L) *
                          sinl(1.0L + k * 0.785398163397448309615660845819875721L);
        long double e = fabsl((long double)out[k] - ref);
        cr_assert(e <= err[k] + 1e-17L * fabsl(ref), "k = %u: error %Lg, bound %g", k, e, err[k]);
        cr_assert(isfinite(err[k]));
    }
    /* and it is not absurd: within 10^6 of the true error where that error is large */
    long double e100 = fabsl((long double)out[100] -
                             powl(2.0L, 50.0L) * expl(1.0L) * sinl(1.0L + 25.0L * 3.14159265358979323846264338327950288L));
    cr_assert(err[100] < 1e6 * (double)e100, "bound %g, error %Lg", err[100], e100);
}

/* exp(-x) exp(x) = 1: every derivative of order >= 1 is exactly 0. */
Test(err, exp_minus_x_times_exp_x)
{
    double out[101], err[101];
    cr_assert_eq(eval_err("exp(-x)*exp(x)", 1.0, 100, out, err), DN_OK);
    cr_assert(fabs(out[0] - 1.0) <= err[0]);
    for (unsigned k = 1; k <= 100; k++)
        cr_assert(fabs(out[k]) <= err[k] && isfinite(err[k]), "k = %u: %g, bound %g", k,
                  out[k], err[k]);
}

/* hypot beyond 2^+-500, where the squares of its arguments leave the range of double: the
 * bound is computed on the arguments scaled to unit size (value and growth) and holds
 * against closed forms. hypot(x, A) = r = sqrt(x^2 + A^2): d1 = x/r, d2 = A^2/r^3,
 * d3 = -3 A^2 x/r^5, computed on X = x 2^-s, A 2^-s and scaled back by powers of two
 * (exact); hypot(x, 0.75 x) = 1.25 |x|: d2 = d3 = 0, and at 1e-200 hypot(x, x), whose d2
 * (truly 0) comes out near -1.5e181 from the cancellation of 2 - fl(sqrt 2)^2 over the
 * value (x87 long double; 0 in the double-double form, whose scaled operands cancel
 * exactly), gets a bound at least that large (finite: it says there are no digits). */
Test(err, hypot_bound_at_extreme_scales)
{
    static const int sc[6] = {-1000, -990, -700, 700, 900, 1000};
    static const double ra[3] = {1.0, 0.3, 2.5}; /* A / x */
    double out[4], err[4];
    char src[64];
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 3; j++) {
            double x0 = ldexp(1.2, sc[i]), A = ldexp(1.2 * ra[j], sc[i]);
            snprintf(src, sizeof src, "hypot(x, %.17g)", A);
            cr_assert_eq(eval_err(src, x0, 3, out, err), DN_OK);
            double X = 1.2, AA = 1.2 * ra[j], r = sqrt(X * X + AA * AA);
            double want[4] = {ldexp(r, sc[i]), X / r, ldexp(AA * AA / (r * r * r), -sc[i]),
                              ldexp(-3.0 * AA * AA * X / (r * r * r * r * r), -2 * sc[i])};
            for (unsigned k = 0; k <= 3; k++) {
                if (!isfinite(want[k]) || fabs(want[k]) < 0x1p-1000) continue;
                cr_expect(isfinite(err[k]) && fabs(out[k] - want[k]) <= err[k] + 1e-15 * fabs(want[k]) &&
                              err[k] <= 1e-12 * fabs(want[k]),
                          "%s at %g: d%u = %.17g, want %.17g, bound %g", src, x0, k, out[k],
                          want[k], err[k]);
            }
        }
    cr_assert_eq(eval_err("hypot(x, 0.75*x)", 1e300, 3, out, err), DN_OK);
    for (unsigned k = 2; k <= 3; k++)
        cr_expect(isfinite(err[k]) && fabs(out[k]) <= err[k], "1e300: d%u = %g, bound %g", k,
                  out[k], err[k]);
    cr_assert_eq(eval_err("hypot(x, x)", 1e-200, 2, out, err), DN_OK);
    cr_expect(isfinite(err[2]) && fabs(out[2]) <= err[2] && err[2] > 1e150,
              "1e-200: d2 = %g, bound %g", out[2], err[2]);
}

/* Folded constants carry their rounding: x * (1/3) has d1 = fl(1/3) != 1/3. */
Test(err, folded_constants)
{
    double out[3], err[3];
    cr_assert_eq(eval_err("x*(1/3)", 1.0, 2, out, err), DN_OK);
    long double third = 1.0L / 3.0L;
    cr_assert(fabsl(out[1] - third) <= err[1] && err[1] > 0.0 && err[1] < 1e-15);
    cr_assert_eq(eval_err("x^(1/3)", 2.0, 2, out, err), DN_OK);
    long double r1 = powl(2.0L, 1.0L / 3.0L);
    cr_assert(fabsl(out[0] - r1) <= err[0]);
    cr_assert_eq(eval_err("x + expm1(0.5)", 2.3, 1, out, err), DN_OK);
    cr_assert(fabsl(out[0] - (2.3 + expm1l(0.5L))) <= err[0]);
}

/* Exact where the arithmetic is: a polynomial with small integers has zero bound where
 * its derivatives vanish identically. */
Test(err, structural_zeros_have_zero_bounds)
{
    double out[6], err[6];
    cr_assert_eq(eval_err("x*x*x", 2.0, 5, out, err), DN_OK);
    cr_assert(out[4] == 0.0 && err[4] == 0.0 && out[5] == 0.0 && err[5] == 0.0);
    cr_assert_eq(eval_err("sin(x)", 0.0, 5, out, err), DN_OK);
    cr_assert(err[2] == 0.0 && err[4] == 0.0 && err[1] <= 16 * DBL_EPSILON);
}

/* No bound is invented: NaN results get NaN, infinite ones and the zero rule Inf. */
Test(err, poles_and_domain_errors)
{
    double out[5], err[5];
    cr_assert_eq(eval_err("1/x", 0.0, 4, out, err), DN_OK);
    for (unsigned k = 0; k <= 4; k++) cr_assert(isinf(out[k]) && isinf(err[k]));
    cr_assert_eq(eval_err("log(x)", -1.0, 4, out, err), DN_OK);
    for (unsigned k = 0; k <= 4; k++) cr_assert(isnan(out[k]) && isnan(err[k]));
    cr_assert_eq(eval_err("sin(x)/x", 0.0, 4, out, err), DN_OK);
    cr_assert(out[0] == 1.0 && isinf(err[0])); /* exact series, bound not known */
}

Test(err, bad_arguments_write_nothing)
{
    const char *v[1] = {"x"};
    dn_expr *e = dn_expr_parse("sin(x)", v, 1, NULL);
    double w[4096], a[3] = {1, 1, 0}, out[3] = {7, 7, 7}, err[3] = {7, 7, 7};
    cr_assert_eq(dn_expr_eval_err(NULL, 2, a, out, err, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_err(e, 2, NULL, out, err, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_err(e, 2, a, out, NULL, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_err(e, DN_ORDER_MAX + 1, a, out, err, w), DN_ERANGE);
    cr_assert_eq(dn_expr_work_size_err(e, DN_ORDER_MAX + 1), 0);
    cr_assert_eq(dn_expr_work_size_err(NULL, 2), 0);
    for (int k = 0; k < 3; k++) cr_assert(out[k] == 7 && err[k] == 7);
    dn_expr_free(e);
}

/* The Dvec form gives the raw form's numbers and bounds. */
Test(err, dvec_form_matches)
{
    const char *v[1] = {"x"};
    dn_expr *e = dn_expr_parse("atan(x)*exp(-x^2)", v, 1, NULL);
    unsigned n = 30;
    double *w = malloc(dn_expr_work_size_err(e, n) * sizeof *w), a[31] = {0.7, 1.0};
    double out[31], err[31], outd[31], errd[31];
    cr_assert_eq(dn_expr_eval_err(e, n, a, out, err, w), DN_OK);
    dvec x, r, y;
    cr_assert_eq(dvec_init(&x, n), DN_OK);
    cr_assert_eq(dvec_init(&r, n), DN_OK);
    cr_assert_eq(dvec_init(&y, n + 1), DN_OK);
    dvec_set_var(&x, 0.7);
    const dvec *args[1] = {&x}, *mixed[2] = {&x, &y};
    cr_assert_eq(dn_expr_eval_dvec_err(e, &r, errd, args, w), DN_OK);
    dvec_get_derivs(outd, &r);
    for (unsigned k = 0; k <= n; k++) cr_assert(outd[k] == out[k] && errd[k] == err[k]);
    cr_assert_eq(dn_expr_eval_dvec_err(e, &r, NULL, args, w), DN_EINVAL);
    dn_expr *e2 = dn_expr_parse("x*y", (const char *const[]){"x", "y"}, 2, NULL);
    cr_assert_eq(dn_expr_eval_dvec_err(e2, &r, errd, mixed, w), DN_EORDER);
    dn_expr_free(e2);
    dvec_clear(&x);
    dvec_clear(&r);
    dvec_clear(&y);
    free(w);
    dn_expr_free(e);
}

/* A random formula of depth d over x (deterministic generator): the functions of the
 * language with arguments kept mostly inside their domains by the point choice; points
 * outside a domain give NaN and are skipped by the check. */
static unsigned long long rng_state = 12345;
static unsigned rnd(unsigned m)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33) % m;
}
static void gen(char *s, size_t cap, int d)
{
    static const char *un[] = {"exp", "log", "sqrt", "sin", "cos", "tan", "atan", "tanh",
                               "erf", "expm1", "log1p", "cbrt", "asinh", "sinh", "cosh",
                               "erfc", "lgamma", "digamma", "j0", "y1", "lambertw", "sinc",
                               "cot", "sinpi", "exp2", "log10", "erfinv", "asin", "acosh"};
    static const char *cs[] = {"0.5", "1.5", "2", "3", "0.1", "1.25", "pi"};
    char a[400], b[400];
    int w;
    unsigned r = d <= 0 ? rnd(3) : rnd(10);
    if (r < 2) w = snprintf(s, cap, "x");
    else if (r == 2) w = snprintf(s, cap, "%s", cs[rnd(7)]);
    else if (r < 6) {
        gen(a, sizeof a, d - 1);
        w = snprintf(s, cap, "%s(%s)", un[rnd(sizeof un / sizeof un[0])], a);
    } else if (r < 9) {
        gen(a, sizeof a, d - 1);
        gen(b, sizeof b, d - 1);
        w = snprintf(s, cap, "(%s %c %s)", a, "+-*/"[rnd(4)], b);
    } else {
        gen(a, sizeof a, d - 1);
        gen(b, sizeof b, d - 1);
        static const char *bi[] = {"pow", "atan2", "hypot"};
        unsigned k = rnd(5);
        if (k < 3) w = snprintf(s, cap, "%s(%s, %s)", bi[k], a, b);
        else w = snprintf(s, cap, "(%s)^%s", a, k == 3 ? "3" : "0.5");
    }
    if (w < 0 || (size_t)w >= cap) snprintf(s, cap, "x"); /* too long: the variable */
}

/* The double and the extended result of random formulas agree within the sum of their
 * bounds (each bound must cover its own error, and the two errors differ): 600 formulas,
 * orders 1..20, points in [-2, 3]. */
Test(err, double_and_extended_within_their_bounds)
{
    const char *v[1] = {"x"};
    unsigned checked = 0, tested = 0;
    for (int t = 0; t < 600; t++) {
        char src[400];
        gen(src, sizeof src, 1 + (int)rnd(3));
        dn_expr *e = dn_expr_parse(src, v, 1, NULL);
        if (!e) continue;
        unsigned n = 1 + rnd(20);
        double x0 = -2.0 + 0.05 * rnd(101), a[21] = {x0, 1.0}, d[21], ed[21], q[21], eq[21];
        double *w = malloc(dn_expr_work_size_err(e, n) * sizeof *w);
        cr_assert(dn_expr_eval_prec(e, n, a, d, ed, DN_PREC_DOUBLE, w) == 0);
        cr_assert(dn_expr_eval_prec(e, n, a, q, eq, DN_PREC_EXTENDED, w) == 1);
        tested++;
        for (unsigned k = 0; k <= n; k++) {
            if (!isfinite(d[k]) || !isfinite(q[k]) || !isfinite(ed[k]) || !isfinite(eq[k]))
                continue;
            checked++;
            cr_assert(fabs(d[k] - q[k]) <= ed[k] + eq[k],
                      "%s at %.17g, k = %u: double %.17g (bound %g), extended %.17g (bound %g)",
                      src, x0, k, d[k], ed[k], q[k], eq[k]);
        }
        free(w);
        dn_expr_free(e);
    }
    cr_assert(tested > 500 && checked > 2000, "tested %u formulas, %u derivatives", tested, checked);
}

/* The formula of a bivariate reference row (tools/gen_ref2.py, gen_ref_special.py):
 * f(u) with u = x y + x/2 - y^2/4, two-argument functions f(u, v), v = x - x y/2 + 1. */
static void row2_formula(char *s, size_t cap, const char *fn, double p)
{
    const char *u = "(x*y + x/2 - y^2/4)", *v = "(x - x*y/2 + 1)";
    if (!strcmp(fn, "recip")) snprintf(s, cap, "1/%s", u);
    else if (!strcmp(fn, "powd") || !strcmp(fn, "pown")) snprintf(s, cap, "%s^(%.17g)", u, p);
    else if (!strcmp(fn, "pow") || !strcmp(fn, "atan2") || !strcmp(fn, "hypot") ||
             !strcmp(fn, "min") || !strcmp(fn, "max") || !strcmp(fn, "fmod"))
        snprintf(s, cap, "%s(%s, %s)", fn, u, v);
    else if (!strcmp(fn, "polygamma") || !strcmp(fn, "jn") || !strcmp(fn, "yn"))
        snprintf(s, cap, "%s(%d, %s)", fn, (int)p, u);
    else if (!strcmp(fn, "gp"))
        snprintf(s, cap, "(1 + (x+y+1)^2*(19 - 14*x + 3*x^2 - 14*y + 6*x*y + 3*y^2))*"
                         "(30 + (2*x - 3*y)^2*(18 - 32*x + 12*x^2 + 48*y - 36*x*y + 27*y^2))");
    else if (!strcmp(fn, "expsin")) snprintf(s, cap, "exp(x)*sin(y)");
    else if (!strcmp(fn, "rat")) snprintf(s, cap, "sin(x*y)/(1 + x^2 + y^2)");
    else if (!strcmp(fn, "x2y")) snprintf(s, cap, "x^2*y");
    else snprintf(s, cap, "%s(%s)", fn, u);
}

/* Checks one bivariate row at total order 8 with dn_expr_eval2_err. */
static void check_row2(const char *fn, double p, double x, double y, const double *ref,
                       unsigned *checked, unsigned *bounded)
{
    enum { N = 8, S = (N + 1) * (N + 2) / 2 };
    const char *v[2] = {"x", "y"};
    char src[400];
    row2_formula(src, sizeof src, fn, p);
    dn_expr *e = dn_expr_parse(src, v, 2, NULL);
    cr_assert(e, "parse %s", src);
    double a[2 * S] = {x, 1.0, 0.0}, out[S], err[S];
    a[S] = y;
    a[S + 2] = 1.0;
    double *w = malloc(dn_expr_work_sizek_err(e, 2, N) * sizeof *w);
    cr_assert(w && dn_expr_eval2_err(e, N, a, out, err, w) == DN_OK);
    for (unsigned i = 0; i < S; i++) {
        if (!isfinite(out[i]) || !isfinite(ref[i])) continue;
        (*checked)++;
        cr_assert(err[i] >= 0.0);
        if (isinf(err[i])) continue;
        (*bounded)++;
        double d = fabs(out[i] - ref[i]);
        cr_assert(d <= err[i] + 0x1p-70 * fabs(ref[i]),
                  "%s at (%g, %g), entry %u: error %.3g above the bound %.3g", src, x, y, i, d,
                  err[i]);
    }
    free(w);
    dn_expr_free(e);
}

Test(err, bivariate_bounds_hold_against_mpmath)
{
    unsigned checked = 0, bounded = 0;
    for (size_t r = 0; r < DN_REF2_NROWS; r++) {
        const dn_ref2_row *row = &dn_ref2_rows[r];
        if (strcmp(row->fn, "abs") == 0) continue;
        check_row2(row->fn, row->param, row->x, row->y, row->d, &checked, &bounded);
    }
    for (size_t r = 0; r < DN_SREF2_NROWS; r++) {
        const dn_sref2_row *row = &dn_sref2_rows[r];
        check_row2(row->fn, row->param, row->x, row->y, row->d, &checked, &bounded);
    }
    cr_assert(checked > 3000 && bounded > 0.9 * checked, "checked %u, bounded %u", checked,
              bounded);
}

/* Three variables, closed form: G = exp(x + 2y - z) / (1 + x) has the Taylor coefficients
 * c_a = e^(x0 + 2y0 - z0) 2^a2 (-1)^a3 / (a2! a3!) times the coefficient a1 of
 * e^t / (1 + x0 + t), sum_j (1/j!) (-1)^(a1-j) / (1 + x0)^(a1-j+1). */
Test(err, three_variables_closed_form)
{
    enum { K = 3, N = 10 };
    const char *v[K] = {"x", "y", "z"};
    dn_expr *e = dn_expr_parse("exp(x + 2*y - z)/(1 + x)", v, K, NULL);
    cr_assert(e);
    size_t S = dnk_size(K, N);
    double *a = calloc(K * S, sizeof *a), *out = malloc(S * sizeof *out);
    double *err = malloc(S * sizeof *err), *w = malloc(dn_expr_work_sizek_err(e, K, N) * sizeof *w);
    cr_assert(a && out && err && w);
    double pt[K] = {0.25, -0.5, 0.75};
    for (unsigned i = 0; i < K; i++) {
        a[i * S] = pt[i];
        a[i * S + 1 + i] = 1.0;
    }
    cr_assert_eq(dn_expr_evalk_err(e, K, N, a, out, err, w), DN_OK);
    long double s = expl((long double)pt[0] + 2.0L * pt[1] - pt[2]);
    unsigned m[K] = {0, 0, 0};
    double worst = 0.0;
    for (size_t i = 0; i < S; i++, dnik_next(K, m)) {
        long double c = s * powl(2.0L, m[1]) * ((m[2] % 2) ? -1.0L : 1.0L) /
                        ((long double)dni_fact[m[1]] * dni_fact[m[2]]);
        long double cx = 0.0L;
        for (unsigned j = 0; j <= m[0]; j++)
            cx += (((m[0] - j) % 2) ? -1.0L : 1.0L) / (dni_fact[j] * powl(1.0L + pt[0], m[0] - j + 1));
        c *= cx;
        double d = (double)fabsl((long double)out[i] - c);
        cr_assert(isfinite(err[i]) && d <= err[i] + 1e-18 * fabs(out[i]),
                  "entry %zu (%u,%u,%u): %.17g, exact %.17Lg, bound %g", i, m[0], m[1], m[2],
                  out[i], c, err[i]);
        worst = fmax(worst, err[i] / fabs(out[i]));
    }
    cr_assert(worst < 1e-12, "bounds too loose to use: %g relative", worst); /* informative */
    free(a);
    free(out);
    free(err);
    free(w);
    dn_expr_free(e);
}

Test(err, several_variables_bad_arguments_write_nothing)
{
    const char *v[2] = {"x", "y"};
    dn_expr *e = dn_expr_parse("x*y", v, 2, NULL);
    double a[12] = {1, 1, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0}, out[6] = {7}, err[6] = {7};
    double *w = malloc(dn_expr_work_sizek_err(e, 2, 2) * sizeof *w);
    cr_assert_eq(dn_expr_work_sizek_err(e, 2, DN_EXPR_MAX_ORDERK + 1), 0);
    cr_assert_eq(dn_expr_work_sizek_err(e, 0, 2), 0);
    cr_assert_eq(dn_expr_evalk_err(e, 0, 2, a, out, err, w), DN_EINVAL);
    cr_assert_eq(dn_expr_evalk_err(e, 2, 2, a, out, NULL, w), DN_EINVAL);
    cr_assert_eq(dn_expr_evalk_err(NULL, 2, 2, a, out, err, w), DN_EINVAL);
    cr_assert_eq(dn_expr_evalk_err(e, 2, DN_EXPR_MAX_ORDERK + 1, a, out, err, w), DN_ERANGE);
    cr_assert_eq(dn_expr_eval2_err(e, DN_EXPR_MAX_ORDERK + 1, a, out, err, w), DN_ERANGE);
    cr_assert_eq(dn_expr_eval2_err(e, 2, NULL, out, err, w), DN_EINVAL);
    cr_assert(out[0] == 7 && err[0] == 7);
    /* x y at (1, 2): exact products, zero bounds where the entries are exact */
    cr_assert_eq(dn_expr_eval2_err(e, 2, a, out, err, w), DN_OK);
    double want[6] = {2, 2, 1, 0, 1, 0};
    for (int i = 0; i < 6; i++) cr_assert(out[i] == want[i] && err[i] >= 0.0 && err[i] < 1e-14);
    free(w);
    dn_expr_free(e);
}

/* DN_PREC_AUTO near the zeros of derivatives (tools/gen_ref_auto.py: sin(x) e^x and the
 * Gaussian at orders 8 and 16, points 0 to 1e-3 away from a zero of some derivative, where
 * double keeps few digits): every derivative within its bound of the mpmath value and
 * the bound showing 10 digits (the promise of AUTO: it went on to extended precision,
 * x87 long double where that is enough, binary128 where not); the same with the quick
 * bounds; and the points that double keeps are dn_expr_eval's. */
Test(err, auto_keeps_ten_digits_near_zeros)
{
    const char *v[1] = {"x"};
    size_t nrows = sizeof dn_refa_rows / sizeof dn_refa_rows[0];
    unsigned ext = 0, tier = 0, kept = 0, short_ext = 0;
    for (size_t i = 0; i < nrows; i++) {
        const dn_refa_row *row = &dn_refa_rows[i];
        unsigned n = row->n;
        dn_expr *e = dn_expr_parse(row->src, v, 1, NULL);
        cr_assert(e);
        double *w = malloc(dn_expr_work_size_err(e, n) * sizeof *w);
        double a[DN_REFA_ORDER_MAX + 1] = {row->x, 1.0}, out[DN_REFA_ORDER_MAX + 1];
        double err[DN_REFA_ORDER_MAX + 1], d[DN_REFA_ORDER_MAX + 1];
        cr_assert(w);
        for (int quick = 0; quick < 2; quick++) {
            int rc = dn_expr_eval_prec(e, n, a, out, err, DN_PREC_AUTO | (quick ? DN_PREC_QUICK : 0), w);
            cr_assert(rc == 0 || rc == 1);
            if (!quick && rc == 0) kept++;
            if (!quick && rc == 1) { /* which tier: binary128's numbers, or another's */
                cr_assert(dn_expr_eval_ext(e, n, a, d, w) == 0);
                memcmp(d, out, (n + 1) * sizeof *d) == 0 ? ext++ : tier++;
            }
            for (unsigned k = 0; k <= n; k++)
                cr_assert(fabs(out[k] - row->d[k]) <= err[k] + 0x1p-53 * fabs(row->d[k]),
                          "%s at %.17g, k = %u: %.17g, mpmath %.17g, bound %.3g (rc %d)",
                          row->src, row->x, k, out[k], row->d[k], err[k], rc);
            if (dn_err_first_short(out, err, n, 10.0) <= n) { /* only as the last resort */
                cr_assert(rc == 1 && dn_expr_eval_ext(e, n, a, d, w) == 0 &&
                              memcmp(d, out, (n + 1) * sizeof *d) == 0,
                          "%s at %.17g: order %u short of 10 digits before the extended type",
                          row->src, row->x, dn_err_first_short(out, err, n, 10.0));
                short_ext++;
            }
            if (rc == 0) {
                cr_assert(dn_expr_eval(e, n, a, d, w) == 0);
                cr_assert(memcmp(d, out, (n + 1) * sizeof *d) == 0);
            }
        }
        free(w);
        dn_expr_free(e);
    }
    /* (the middle tier where the extended type is binary128 and long double x87's) */
    int tiered = dn_ext_bits() == 113 && LDBL_MANT_DIG == 64;
    /* (binary128 leaves a few derivatives 3e-15 of their neighbours short; a 64-bit
     * extended type, e.g. clang's long double, many: there each one is that type's result,
     * as checked above, and the bound tells) */
    unsigned short_max = dn_ext_bits() >= 113 ? 4 : 2 * (unsigned)nrows;
    cr_assert(ext + tier > nrows / 2 && kept >= 1 && short_ext <= short_max &&
                  (tier > 0) == tiered && (!tiered || ext > 0),
              "%u points in the extended type, %u in the middle tier, %u in double, %u short "
              "of 10 digits", ext, tier, kept, short_ext);
}

/* Products inside a function's composition that underflow, with two variables:
 * sin(x 1e-200 + y 1e-200) 1e600 at (1, 1), whose entries of total order k are
 * 1e600 (1e-200)^k sin^(k)(2e-200): -2 at k = 2 and -1 at k = 3, computed as 0 (bound 0
 * before) */
Test(err, bivariate_underflowing_products)
{
    enum { N = 4, S = (N + 1) * (N + 2) / 2 };
    const char *v[2] = {"x", "y"};
    dn_expr *e = dn_expr_parse("sin(x*1e-200 + y*1e-200)*1e300*1e300", v, 2, NULL);
    cr_assert(e);
    double a[2 * S] = {1.0, 1.0, 0.0}, out[S], err[S];
    a[S] = 1.0;
    a[S + 2] = 1.0;
    double *w = malloc(dn_expr_work_sizek_err(e, 2, N) * sizeof *w);
    cr_assert(w && dn_expr_eval2_err(e, N, a, out, err, w) == DN_OK);
    const double exact[N + 1] = {INFINITY, INFINITY, -2.0, -1.0, 0.0};
    for (unsigned k = 0, i = 0; k <= N; k++)
        for (unsigned j = 0; j <= k; j++, i++) {
            if (!isfinite(exact[k]) || isinf(err[i])) continue;
            cr_expect(fabs(out[i] - exact[k]) <= err[i] + 1e-15,
                      "entry %u (order %u): %.17g, exact %g, bound %g", i, k, out[i], exact[k],
                      err[i]);
        }
    free(w);
    dn_expr_free(e);
}
