/* Zeros, poles and exactness: the one rule of docs/errors.md ("Zeros and poles") in every
 * family, integer powers that keep libm's value, and exact derivatives where the
 * mathematics is exact. References are closed forms (each noted at its test). */
#include <float.h>
#include <limits.h>
#include "testutil.h"

#define N 8
static const double nan_ = NAN;

/* d[k] of Dnum, Dvec and Dnum2 (x alone) must be `want` (NaN matches NaN; finite values
 * within tol scaled, infinities exactly) */
static void expect_all(const char *what, const double *got, const double *want, unsigned n,
                       double tol)
{
    for (unsigned k = 0; k <= n; k++) {
        double g = got[k], w = want[k];
        int ok = isnan(w) ? isnan(g) : isinf(w) ? g == w : scaled_err(g, w, k) <= tol;
        cr_expect(ok, "%s k=%u: got %.17g want %.17g", what, k, g, w);
    }
}

typedef dnum_o8 (*fn1)(dnum_o8);
typedef void (*dfn)(dvec *, const dvec *);
typedef dnum2_o8 (*fn2)(dnum2_o8);

/* f(x) at x0 in the three families, each against want */
static void check3(const char *what, fn1 f, dfn g, fn2 h, double x0, const double *want,
                   double tol)
{
    dnum_o8 r = f(dnum_o8_var(x0));
    expect_all(what, r.d, want, N, tol);
    dvec x, y;
    cr_assert_eq(dvec_init(&x, N), 0);
    cr_assert_eq(dvec_init(&y, N), 0);
    dvec_set_var(&x, x0);
    g(&y, &x);
    double d[N + 1];
    dvec_get_derivs(d, &y);
    expect_all(what, d, want, N, tol);
    dvec_clear(&x), dvec_clear(&y);
    dnum2_o8 q = h(dnum2_o8_varx(x0, 0.25));
    for (unsigned k = 0; k <= N; k++) d[k] = dnum2_o8_deriv(q, k, 0);
    expect_all(what, d, want, N, tol);
    /* a function of x alone: every other partial is 0 (unless nothing is known: neither
     * a finite value nor a first derivative) */
    for (unsigned s = 1; s <= N && (isfinite(want[0]) || !isnan(want[1])); s++)
        for (unsigned j = 1; j <= s; j++)
            cr_expect_eq(dnum2_o8_deriv(q, s - j, j), 0.0, "%s partial (%u,%u)", what, s - j, j);
}

/* (x^3 + x^4)^(1/3) = x (1 + x)^(1/3): d_k = k C(1/3, k-1); the operand known to order 8
 * determines W = (1 + x)^(1/3) to order 5, so orders 7 and 8 are NaN */
static dnum_o8 f_cuberoot(dnum_o8 x) { return dnum_o8_pow_d(dnum_o8_add(dnum_o8_pown(x, 3), dnum_o8_pown(x, 4)), 1.0 / 3.0); }
static void g_cuberoot(dvec *r, const dvec *x)
{
    dvec a;
    dvec_init(&a, N);
    dvec_pown(&a, x, 3);
    dvec_pown(r, x, 4);
    dvec_add(r, r, &a);
    dvec_pow_d(r, r, 1.0 / 3.0);
    dvec_clear(&a);
}
static dnum2_o8 h_cuberoot(dnum2_o8 x) { return dnum2_o8_pow_d(dnum2_o8_add(dnum2_o8_pown(x, 3), dnum2_o8_pown(x, 4)), 1.0 / 3.0); }

Test(zeros, analytic_power_at_a_zero)
{
    double want[N + 1], c = 1.0; /* c = C(1/3, k-1) */
    want[0] = 0.0;
    for (unsigned k = 1; k <= N; k++) {
        want[k] = k <= 6 ? (double)k * c * dni_fact[k - 1] : nan_;
        c *= (1.0 / 3.0 - (double)(k - 1)) / (double)k;
    }
    check3("(x^3+x^4)^(1/3) at 0", f_cuberoot, g_cuberoot, h_cuberoot, 0.0, want, 1e-14);
    /* the figures: 0, 1, 0.667, -0.667, 1.48, -4.94 */
    cr_expect(fabs(want[5] - -4.9382716049382713) < 1e-13);
}

/* sin(x)/x at 0 = sum (-1)^j x^2j / (2j+1)!: d_2j = (-1)^j / (2j+1), order 8 undetermined */
static dnum_o8 f_sinc(dnum_o8 x) { return dnum_o8_div(dnum_o8_sin(x), x); }
static void g_sinc(dvec *r, const dvec *x) { dvec s; dvec_init(&s, N); dvec_sin(&s, x); dvec_div(r, &s, x); dvec_clear(&s); }
static dnum2_o8 h_sinc(dnum2_o8 x) { return dnum2_o8_div(dnum2_o8_sin(x), x); }

/* (1 - cos x)/x^2 = sum (-1)^j x^2j / (2j+2)!: d_2j = (-1)^j / ((2j+1)(2j+2)) */
static dnum_o8 f_vers(dnum_o8 x) { return dnum_o8_div(dnum_o8_d_sub(1.0, dnum_o8_cos(x)), dnum_o8_mul(x, x)); }
static void g_vers(dvec *r, const dvec *x)
{
    dvec c, q;
    dvec_init(&c, N), dvec_init(&q, N);
    dvec_cos(&c, x);
    dvec_d_sub(&c, 1.0, &c);
    dvec_mul(&q, x, x);
    dvec_div(r, &c, &q);
    dvec_clear(&c), dvec_clear(&q);
}
static dnum2_o8 h_vers(dnum2_o8 x) { return dnum2_o8_div(dnum2_o8_d_sub(1.0, dnum2_o8_cos(x)), dnum2_o8_mul(x, x)); }

Test(zeros, removable_singularities)
{
    double w1[N + 1], w2[N + 1];
    for (unsigned k = 0; k <= N; k++) {
        double sg = (k / 2) % 2 ? -1.0 : 1.0;
        w1[k] = k % 2 ? 0.0 : sg / (double)(k + 1);
        w2[k] = k % 2 ? 0.0 : sg / ((double)(k + 1) * (double)(k + 2));
    }
    w1[8] = nan_;
    w2[7] = w2[8] = nan_;
    check3("sin(x)/x at 0", f_sinc, g_sinc, h_sinc, 0.0, w1, 1e-15);
    check3("(1-cos x)/x^2 at 0", f_vers, g_vers, h_vers, 0.0, w2, 1e-15);
}

/* |x| = (x^2)^(1/2) = sqrt(x^2) has no derivative at 0: NaN, not 0 or Inf */
static dnum_o8 f_absq(dnum_o8 x) { return dnum_o8_pow_d(dnum_o8_mul(x, x), 0.5); }
static void g_absq(dvec *r, const dvec *x) { dvec_mul(r, x, x); dvec_pow_d(r, r, 0.5); }
static dnum2_o8 h_absq(dnum2_o8 x) { return dnum2_o8_pow_d(dnum2_o8_mul(x, x), 0.5); }
static dnum_o8 f_sqrtsq(dnum_o8 x) { return dnum_o8_sqrt(dnum_o8_mul(x, x)); }
static void g_sqrtsq(dvec *r, const dvec *x) { dvec_mul(r, x, x); dvec_sqrt(r, r); }
static dnum2_o8 h_sqrtsq(dnum2_o8 x) { return dnum2_o8_sqrt(dnum2_o8_mul(x, x)); }
/* (x^4)^(1/2) = x^2 is analytic; (x^2)^(3/2) = |x|^3: 0, 0, 0, then NaN */
static dnum_o8 f_x4h(dnum_o8 x) { return dnum_o8_sqrt(dnum_o8_pown(x, 4)); }
static void g_x4h(dvec *r, const dvec *x) { dvec_pown(r, x, 4); dvec_sqrt(r, r); }
static dnum2_o8 h_x4h(dnum2_o8 x) { return dnum2_o8_sqrt(dnum2_o8_pown(x, 4)); }
static dnum_o8 f_abs3(dnum_o8 x) { return dnum_o8_pow_d(dnum_o8_mul(x, x), 1.5); }
static void g_abs3(dvec *r, const dvec *x) { dvec_mul(r, x, x); dvec_pow_d(r, r, 1.5); }
static dnum2_o8 h_abs3(dnum2_o8 x) { return dnum2_o8_pow_d(dnum2_o8_mul(x, x), 1.5); }

Test(zeros, no_derivative_is_nan)
{
    double w[N + 1] = {0.0, nan_, nan_, nan_, nan_, nan_, nan_, nan_, nan_};
    check3("(x^2)^(1/2) at 0", f_absq, g_absq, h_absq, 0.0, w, 0.0);
    check3("sqrt(x^2) at 0", f_sqrtsq, g_sqrtsq, h_sqrtsq, 0.0, w, 0.0);
    double w3[N + 1] = {0.0, 0.0, 0.0, nan_, nan_, nan_, nan_, nan_, nan_};
    check3("(x^2)^(3/2) at 0", f_abs3, g_abs3, h_abs3, 0.0, w3, 0.0);
    double w2[N + 1] = {0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, nan_, nan_};
    check3("sqrt(x^4) at 0", f_x4h, g_x4h, h_x4h, 0.0, w2, 0.0);
}

/* poles: the one-sided limits at +0, IEEE's 1/+0 = +Inf */
static dnum_o8 f_recip(dnum_o8 x) { return dnum_o8_d_div(1.0, x); }
static void g_recip(dvec *r, const dvec *x) { dvec_d_div(r, 1.0, x); }
static dnum2_o8 h_recip(dnum2_o8 x) { return dnum2_o8_d_div(1.0, x); }
static void g_log(dvec *r, const dvec *x) { dvec_log(r, x); }
static void g_sqrt(dvec *r, const dvec *x) { dvec_sqrt(r, x); }
static dnum_o8 f_recip2(dnum_o8 x) { return dnum_o8_pown(x, -2); }
static void g_recip2(dvec *r, const dvec *x) { dvec_pown(r, x, -2); }
static dnum2_o8 h_recip2(dnum2_o8 x) { return dnum2_o8_pown(x, -2); }
static dnum_o8 f_xlogish(dnum_o8 x) { return dnum_o8_div(dnum_o8_sin(x), dnum_o8_mul(x, x)); }
static void g_xlogish(dvec *r, const dvec *x) { dvec s; dvec_init(&s, N); dvec_sin(&s, x); dvec_mul(r, x, x); dvec_div(r, &s, r); dvec_clear(&s); }
static dnum2_o8 h_xlogish(dnum2_o8 x) { return dnum2_o8_div(dnum2_o8_sin(x), dnum2_o8_mul(x, x)); }

Test(zeros, poles_one_rule)
{
    const double I = INFINITY;
    double rec[N + 1] = {I, -I, I, -I, I, -I, I, -I, I};
    check3("1/x at 0", f_recip, g_recip, h_recip, 0.0, rec, 0.0);
    check3("x^-2 at 0", f_recip2, g_recip2, h_recip2, 0.0, rec, 0.0);
    check3("sin(x)/x^2 at 0", f_xlogish, g_xlogish, h_xlogish, 0.0, rec, 0.0);
    double lg[N + 1] = {-I, I, -I, I, -I, I, -I, I, -I};
    check3("log(x) at 0", dnum_o8_log, g_log, dnum2_o8_log, 0.0, lg, 0.0);
    double sq[N + 1] = {0.0, I, -I, I, -I, I, -I, I, -I}; /* (1/2)(-1/2)(-3/2)... */
    check3("sqrt(x) at 0", dnum_o8_sqrt, g_sqrt, dnum2_o8_sqrt, 0.0, sq, 0.0);
    /* sqrt(-x) at 0 lives on the left: its limits at -0 are -Inf at every order */
    dnum_o8 s = dnum_o8_sqrt(dnum_o8_neg(dnum_o8_var(0.0)));
    for (unsigned k = 1; k <= N; k++) cr_expect(s.d[k] == -I, "sqrt(-x) k=%u: %g", k, s.d[k]);
    /* sqrt(-x^2) is defined at 0 only: NaN derivatives */
    dnum_o8 x = dnum_o8_var(0.0);
    dnum_o8 t = dnum_o8_sqrt(dnum_o8_neg(dnum_o8_mul(x, x)));
    for (unsigned k = 1; k <= N; k++) cr_expect(isnan(t.d[k]), "sqrt(-x^2) k=%u", k);
    /* atanh at 1: the pole of -log(1 - x)/2, every derivative +Inf from the left */
    dnum_o8 a = dnum_o8_atanh(dnum_o8_var(1.0));
    for (unsigned k = 0; k <= N; k++) cr_expect(a.d[k] == I, "atanh(1) k=%u: %g", k, a.d[k]);
    /* asin at 1 (power series with positive coefficients): +Inf from the left */
    dnum_o8 b = dnum_o8_asin(dnum_o8_var(1.0));
    for (unsigned k = 1; k <= N; k++) cr_expect(b.d[k] == I, "asin(1) k=%u: %g", k, b.d[k]);
    /* asin(cos x) = pi/2 - |x| near 0: no first derivative */
    dnum_o8 c = dnum_o8_asin(dnum_o8_cos(x));
    cr_expect(isnan(c.d[1]) && isnan(c.d[2]), "asin(cos x) at 0");
}

/* A zero that is an underflow, not an exact zero: x*x and x^(4/3) are 0 in double at
 * x = 1e-250 (true 1e-500, 2e-334). The quotient is x^(2/3) = 2.15e-167, but read as a limit
 * at exact zeros it would be 2x / ((4/3) x^(1/3)) = 1.5 x^(2/3): a finite wrong number.
 * Where a zero cannot be told from an underflow the rule does not apply: NaN as in IEEE
 * (0/0). The same for log of an underflowed zero: -Inf, then NaN (not the pole's
 * limits +-Inf: log(x^2) has the finite derivatives 2/x, ...). */
static dnum_o8 f_under(dnum_o8 x) { return dnum_o8_div(dnum_o8_mul(x, x), dnum_o8_mul(x, dnum_o8_cbrt(x))); }
static void g_under(dvec *r, const dvec *x)
{
    dvec c;
    dvec_init(&c, N);
    dvec_cbrt(&c, x);
    dvec_mul(&c, x, &c);
    dvec_mul(r, x, x);
    dvec_div(r, r, &c);
    dvec_clear(&c);
}
static dnum2_o8 h_under(dnum2_o8 x) { return dnum2_o8_div(dnum2_o8_mul(x, x), dnum2_o8_mul(x, dnum2_o8_cbrt(x))); }
static dnum_o8 f_logsq(dnum_o8 x) { return dnum_o8_log(dnum_o8_mul(x, x)); }
static void g_logsq(dvec *r, const dvec *x) { dvec_mul(r, x, x); dvec_log(r, r); }
static dnum2_o8 h_logsq(dnum2_o8 x) { return dnum2_o8_log(dnum2_o8_mul(x, x)); }

static dnum_o8 f_cbrtsq(dnum_o8 x) { return dnum_o8_cbrt(dnum_o8_mul(x, x)); }
static void g_cbrtsq(dvec *r, const dvec *x) { dvec_mul(r, x, x); dvec_cbrt(r, r); }
static dnum2_o8 h_cbrtsq(dnum2_o8 x) { return dnum2_o8_cbrt(dnum2_o8_mul(x, x)); }

Test(zeros, underflow_is_not_an_exact_zero)
{
    double w[N + 1], l[N + 1];
    for (unsigned k = 0; k <= N; k++) w[k] = l[k] = nan_;
    l[0] = -INFINITY;
    check3("x^2/(x x^(1/3)) at 1e-250", f_under, g_under, h_under, 1e-250, w, 0.0);
    check3("x^2/(x x^(1/3)) at 1.26e-316", f_under, g_under, h_under, 1.26e-316, w, 0.0);
    check3("log(x^2) at 1e-200", f_logsq, g_logsq, h_logsq, 1e-200, l, 0.0);
    /* cbrt(x^2) at 1e-250: libm's value of the underflowed argument (0), derivatives
     * unknown, not the +-Inf of an exact zero (the true d1 is 1.4e83) */
    double c[N + 1];
    for (unsigned k = 0; k <= N; k++) c[k] = k ? nan_ : 0.0;
    check3("cbrt(x^2) at 1e-250", f_cbrtsq, g_cbrtsq, h_cbrtsq, 1e-250, c, 0.0);
    /* an exact zero with small coefficients is still one: (1e-300 x)/(1e-300 x) = 1 */
    dnum_o8 x = dnum_o8_var(0.0), a = dnum_o8_mul_d(x, 1e-300);
    dnum_o8 q = dnum_o8_div(a, a);
    cr_expect(fabs(q.d[0] - 1.0) <= DBL_EPSILON && q.d[1] == 0.0 && isnan(q.d[N]), "1e-300 x / 1e-300 x: %.17g %.17g %.17g",
              q.d[0], q.d[1], q.d[N]);
}

/* x^m keeps libm's value for every m, the derivatives follow it (m x^(m-1) ...) and
 * nothing jumps at 2^31 */
Test(zeros, integer_powers_keep_the_value)
{
    static const struct { double x; long m; } cs[] = {
        {1.1, 100}, {1.0001, 1000}, {0.999, 1000}, {-1.05, 101}, {1.00000001, 2147483647L},
        {3.0, -7},
#if LONG_MAX > 2147483647L /* (exponents beyond 32 bits where long has them) */
        {1.00000001, 2147483648L}, {-0.99999999, 2147483649L}, {1.0 + 1e-12, 1L << 40},
#endif
    };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        double x = cs[i].x, m = (double)cs[i].m, v = pow(x, m);
        dnum_o4 r = dnum_o4_pown(dnum_o4_var(x), cs[i].m);
        dnum_o4 p = dnum_o4_pow_d(dnum_o4_var(x), m);
        cr_expect(r.d[0] == v && p.d[0] == v, "x^%.0f at %g: %.17g vs pow %.17g", m, x, r.d[0], v);
        /* d1 = m x^(m-1) = m v / x, d2 = m (m-1) v / x^2 */
        double d1 = m * v / x, d2 = m * (m - 1.0) * v / (x * x);
        cr_expect(fabs(r.d[1] - d1) <= 1e-13 * fabs(d1), "x^%.0f d1 %.17g vs %.17g", m, r.d[1], d1);
        cr_expect(fabs(r.d[2] - d2) <= 1e-13 * fabs(d2), "x^%.0f d2 %.17g vs %.17g", m, r.d[2], d2);
        cr_expect(fabs(p.d[1] - d1) <= 1e-13 * fabs(d1), "pow_d x^%.0f d1", m);
        dvec X, R;
        dvec_init(&X, 4), dvec_init(&R, 4);
        dvec_set_var(&X, x);
        dvec_pown(&R, &X, cs[i].m);
        cr_expect(dvec_get(&R, 0) == v && dvec_get(&R, 1) == r.d[1], "Dvec x^%.0f", m);
        dvec_clear(&X), dvec_clear(&R);
        dnum2_o4 q = dnum2_o4_pown(dnum2_o4_varx(x, 0.0), cs[i].m);
        cr_expect(q.d[0] == v, "Dnum2 x^%.0f value", m);
        cr_expect(fabs(dnum2_o4_deriv(q, 1, 0) - d1) <= 1e-13 * fabs(d1), "Dnum2 x^%.0f d1", m);
    }
}

/* exp, sin, cos, sinh, cosh of the bare variable: every derivative is libm's value of the
 * right function, bit for bit (at 1: exp(x)^(5) == e, not e + 1 ulp) */
Test(zeros, exact_where_the_mathematics_is)
{
    for (double x0 = -2.0; x0 <= 2.0; x0 += 0.5) {
        dnum_o32 x = dnum_o32_var(x0);
        dnum_o32 e = dnum_o32_exp(x), s = dnum_o32_sin(x), c = dnum_o32_cos(x);
        dnum_o32 sh = dnum_o32_sinh(x), ch = dnum_o32_cosh(x);
        double cyc[4] = {sin(x0), cos(x0), -sin(x0), -cos(x0)};
        for (unsigned k = 0; k <= 32; k++) {
            cr_expect(e.d[k] == exp(x0), "exp at %g k=%u", x0, k);
            cr_expect(s.d[k] == cyc[k % 4], "sin at %g k=%u", x0, k);
            cr_expect(c.d[k] == cyc[(k + 1) % 4], "cos at %g k=%u", x0, k);
            cr_expect(sh.d[k] == (k % 2 ? cosh(x0) : sinh(x0)), "sinh at %g k=%u", x0, k);
            cr_expect(ch.d[k] == (k % 2 ? sinh(x0) : cosh(x0)), "cosh at %g k=%u", x0, k);
        }
    }
    /* exp(2x) = 2^k e^(2 x0) exactly (powers of two scale exactly); Dvec at order 500 */
    dvec x, r;
    dvec_init(&x, 500), dvec_init(&r, 500);
    dvec_set_var(&x, 0.25);
    dvec_mul_d(&r, &x, 2.0);
    dvec_exp(&r, &r);
    for (unsigned k = 0; k <= 500; k++) {
        double want = ldexp(exp(0.5), (int)k);
        cr_expect(dvec_get(&r, k) == want, "exp(2x) k=%u: %g vs %g", k, dvec_get(&r, k), want);
    }
    dvec_clear(&x), dvec_clear(&r);
}

/* integer polynomials at integer arguments give exact integers: q(x) = (x^3 + 2x)(x^2 - 1)
 * (x + 3)(x^2 - 7), every derivative against exact integer arithmetic on its coefficients */
Test(zeros, integer_polynomials_exact)
{
    long long c[9] = {0}, f1[4] = {0, 2, 0, 1}, f2[3] = {-1, 0, 1}, f3[2] = {3, 1}, f4[3] = {-7, 0, 1};
    long long t[9] = {0}, u[9] = {0};
    for (int i = 0; i < 4; i++) for (int j = 0; j < 3; j++) t[i + j] += f1[i] * f2[j];
    for (int i = 0; i < 6; i++) for (int j = 0; j < 2; j++) u[i + j] += t[i] * f3[j];
    for (int i = 0; i < 7; i++) for (int j = 0; j < 3; j++) c[i + j] += u[i] * f4[j];
    for (int x0 = -20; x0 <= 20; x0++) {
        dnum_o8 x = dnum_o8_var(x0);
        dnum_o8 p = dnum_o8_mul(dnum_o8_add(dnum_o8_pown(x, 3), dnum_o8_mul_d(x, 2)),
                                dnum_o8_sub_d(dnum_o8_mul(x, x), 1));
        dnum_o8 q = dnum_o8_mul(dnum_o8_mul(p, dnum_o8_add_d(x, 3)), dnum_o8_sub_d(dnum_o8_mul(x, x), 7));
        for (int k = 0; k <= 8; k++) {
            long long v = 0, xp = 1; /* q^(k)(x0) = sum_j c_j j!/(j-k)! x0^(j-k) */
            for (int j = k; j <= 8; j++) {
                long long fall = 1;
                for (int i = 0; i < k; i++) fall *= j - i;
                v += c[j] * fall * xp;
                xp *= x0;
            }
            cr_expect(q.d[k] == (double)v, "q at %d, k=%d: %.17g vs %lld", x0, k, q.d[k], v);
        }
    }
}

/* Products of high integer powers: (x + 1)^10 (x - 5)^2 at x = 2, order 12 (a product of
 * normalised coefficients, with its rounded 1/k!, gives d10 = 849139199.99999988), and
 * x^3 (x - 1)^4 (x + 4)^6 at every integer in [-6, 6], against exact integer arithmetic
 * on the Taylor coefficients at the point; Dnum, Dvec (order 12 and, rolled, 40) and the
 * expression engine. */
static void taylor_int(long long *t, int n, int x0, const int *shift, const int *pw, int nf)
{
    for (int k = 0; k <= n; k++) t[k] = k == 0;
    for (int f = 0; f < nf; f++)
        for (int m = 0; m < pw[f]; m++) /* t *= (s + x0 + shift) in the variable s */
            for (int k = n; k >= 0; k--)
                t[k] = t[k] * (x0 + shift[f]) + (k ? t[k - 1] : 0);
}

static void expect_int_poly(const char *src, const int *shift, const int *pw, int nf, int x0)
{
    enum { NN = 40 };
    long long t[NN + 1];
    double want[NN + 1], fact = 1.0;
    taylor_int(t, NN, x0, shift, pw, nf);
    for (int k = 0; k <= NN; k++) {
        if (k) fact *= k;
        want[k] = (double)t[k] * fact;
        cr_assert(fabs(want[k]) < 0x1p53, "reference k=%d not exact in double", k);
    }
    static const char *const xv[] = {"x"};
    dn_expr *e = dn_expr_parse(src, xv, 1, NULL);
    cr_assert(e);
    double *w = malloc(dn_expr_work_size(e, NN) * sizeof *w);
    for (unsigned n = 12; n <= NN; n += NN - 12) {
        double args[NN + 1] = {x0, 1.0}, out[NN + 1];
        cr_assert_eq(dn_expr_eval(e, n, args, out, w), 0);
        dvec x, r;
        dvec_init(&x, n), dvec_init(&r, n);
        dvec_set_var(&x, x0);
        const dvec *av[1] = {&x};
        cr_assert_eq(dn_expr_eval_dvec(e, &r, av, w), 0);
        for (unsigned k = 0; k <= n; k++) {
            cr_expect(out[k] == want[k], "%s at %d, order %u, k=%u: %.17g vs %.17g", src, x0,
                      n, k, out[k], want[k]);
            cr_expect(dvec_get(&r, k) == want[k], "dvec %s at %d, order %u, k=%u", src, x0, n, k);
        }
        dvec_clear(&x), dvec_clear(&r);
    }
    free(w);
    dn_expr_free(e);
}

Test(zeros, products_of_integer_powers_exact)
{
    static const int s1[] = {1, -5}, p1[] = {10, 2};
    expect_int_poly("(x+1)^10*(x-5)^2", s1, p1, 2, 2);
    dnum_o12 x = dnum_o12_var(2.0);
    dnum_o12 q = dnum_o12_mul(dnum_o12_pown(dnum_o12_add_d(x, 1), 10),
                              dnum_o12_pown(dnum_o12_sub_d(x, 5), 2));
    cr_expect(q.d[10] == 849139200.0 && q.d[11] == 958003200.0 && q.d[12] == 479001600.0,
              "d10..d12: %.17g %.17g %.17g", q.d[10], q.d[11], q.d[12]);
    static const int s2[] = {0, -1, 4}, p2[] = {3, 4, 6};
    for (int x0 = -6; x0 <= 6; x0++) expect_int_poly("x^3*(x-1)^4*(x+4)^6", s2, p2, 3, x0);
}
