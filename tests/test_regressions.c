/* Known pitfalls of dual-number implementations and edge cases, against closed forms. */
#include "testutil.h"

/* Physicists' Hermite polynomial by its three-term recurrence. */
static double hermite(unsigned k, double y)
{
    double h0 = 1.0, h1 = 2.0 * y;
    if (k == 0) return h0;
    for (unsigned j = 1; j < k; j++) {
        double h2 = 2.0 * y * h1 - 2.0 * (double)j * h0;
        h0 = h1;
        h1 = h2;
    }
    return h1;
}

Test(regressions, gaussian_is_hermite_to_order_32)
{
    /* d^k/dx^k exp(-x^2) = (-1)^k H_k(x) exp(-x^2) */
    const double xs[] = {-2.5, -0.7, 0.0, 0.3, 1.1, 3.0};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        dnum_o32 x = dnum_o32_var(xs[i]);
        dnum_o32 g = dnum_o32_exp(dnum_o32_mul(dnum_o32_neg(x), x));
        double want[33];
        for (unsigned k = 0; k <= 32; k++)
            want[k] = ((k & 1) ? -1.0 : 1.0) * hermite(k, xs[i]) * exp(-xs[i] * xs[i]);
        expect_derivs(g.d, want, 16, 1e-13, "value", xs[i]);
        expect_derivs(g.d, want, 32, 1e-11, "value", xs[i]);
        dnum_o32 h = dnum_o32_apply(x, dn_deriv_gaussian, NULL);
        expect_derivs(h.d, want, 32, 1e-11, "apply", xs[i]);
    }
}

Test(regressions, exp_every_order_nonzero)
{
    /* seed bug: exp wrong from the 2nd derivative on, order 3+ returned 0 */
    dnum_o16 e = dnum_o16_exp(dnum_o16_var(0.5));
    for (unsigned k = 0; k <= 16; k++) cr_expect_float_eq(e.d[k], exp(0.5), 1e-15);
    dnum_o8 x = dnum_o8_var(0.5), e2 = dnum_o8_exp(dnum_o8_mul_d(x, 3.0));
    for (unsigned k = 0; k <= 8; k++)
        cr_expect(scaled_err(e2.d[k], pow(3.0, k) * exp(1.5), k) < 1e-14, "k=%u", k);
}

Test(regressions, reciprocal_at_2_high_orders)
{
    /* seed bug: 1/x at x=2 was NaN at order 10. (1/x)^(k) = (-1)^k k! / x^(k+1) */
    dnum_o32 r = dnum_o32_d_div(1.0, dnum_o32_var(2.0));
    dnum_o32 q = dnum_o32_div(dnum_o32_const(1.0), dnum_o32_var(2.0));
    double want[33];
    for (unsigned k = 0; k <= 32; k++)
        want[k] = ((k & 1) ? -1.0 : 1.0) * dni_fact[k] / ldexp(1.0, (int)k + 1);
    expect_derivs(r.d, want, 32, 1e-15, "1/x", 2.0);
    expect_derivs(q.d, want, 32, 1e-15, "1/x by div", 2.0);
}

Test(regressions, reciprocal_at_huge_and_tiny)
{
    /* seed bug: 1/x at 1e20 overflowed the stack */
    const double xs[] = {1e20, -1e20, 1e-20, -1e-20};
    for (size_t i = 0; i < 4; i++) {
        double x0 = xs[i];
        dnum_o16 r = dnum_o16_d_div(1.0, dnum_o16_var(x0));
        for (unsigned k = 0; k <= 16; k++) {
            /* closed form in logs, to know where the true value over/underflows */
            double lg = lgamma(k + 1.0) - (k + 1.0) * log(fabs(x0));
            /* sign of (-1)^k / x^(k+1) */
            double sign = ((k & 1) ? -1.0 : 1.0) * ((x0 < 0 && ((k + 1) & 1)) ? -1.0 : 1.0);
            if (lg > 709.8) {
                cr_expect(isinf(r.d[k]) && (r.d[k] > 0) == (sign > 0), "x=%g k=%u: %g", x0, k, r.d[k]);
            } else if (lg < -690.0) {
                cr_expect(fabs(r.d[k]) < 1e-290, "x=%g k=%u: %g", x0, k, r.d[k]);
            } else {
                double want = sign * dni_fact[k] / pow(fabs(x0), k + 1.0);
                cr_expect(fabs(r.d[k] - want) <= 1e-14 * fabs(want), "x=%g k=%u: %.17g vs %.17g",
                          x0, k, r.d[k], want);
            }
        }
    }
}

Test(regressions, adding_a_constant_keeps_derivatives)
{
    /* seed bug: constant + variable deleted every derivative */
    dnum_o8 x = dnum_o8_sin(dnum_o8_var(0.3));
    dnum_o8 a = dnum_o8_add(dnum_o8_const(2.0), x), b = dnum_o8_add_d(x, 2.0);
    dnum_o8 c = dnum_o8_d_sub(2.0, x), m = dnum_o8_mul_d(x, -1.5);
    for (unsigned k = 1; k <= 8; k++) {
        cr_expect(a.d[k] == x.d[k] && b.d[k] == x.d[k] && c.d[k] == -x.d[k], "k=%u", k);
        cr_expect(m.d[k] == -1.5 * x.d[k], "k=%u", k);
        cr_expect(a.d[k] != 0.0 || x.d[k] == 0.0);
    }
    cr_expect(a.d[0] == 2.0 + sin(0.3) && c.d[0] == 2.0 - sin(0.3));
}

Test(regressions, tanh_large_arguments_stay_finite)
{
    /* peers return NaN at x = 400 */
    const double xs[] = {400.0, -400.0, 1e300, 30.0, -710.0};
    for (size_t i = 0; i < 5; i++) {
        dnum_o16 t = dnum_o16_tanh(dnum_o16_var(xs[i]));
        cr_expect(t.d[0] == (xs[i] > 0 ? 1.0 : -1.0), "x=%g value %g", xs[i], t.d[0]);
        for (unsigned k = 1; k <= 16; k++)
            cr_expect(isfinite(t.d[k]) && fabs(t.d[k]) < 1e-9, "x=%g k=%u: %g", xs[i], k, t.d[k]);
    }
    dnum_o4 c = dnum_o4_tanh(dnum_o4_mul_d(dnum_o4_var(2.0), 200.0)); /* composite, u0 = 400 */
    for (unsigned k = 0; k <= 4; k++) cr_expect(isfinite(c.d[k]));
}

Test(regressions, sqrt_and_pow_at_zero)
{
    dnum_o4 s = dnum_o4_sqrt(dnum_o4_var(0.0));
    cr_expect(s.d[0] == 0.0 && isinf(s.d[1]) && s.d[1] > 0, "sqrt(0)' = %g", s.d[1]);
    dnum_o4 p = dnum_o4_pow_d(dnum_o4_var(0.0), 2.5); /* x^2.5 at 0: 0, 0, 0, Inf */
    cr_expect(p.d[0] == 0.0 && p.d[1] == 0.0 && p.d[2] == 0.0, "%g %g %g", p.d[0], p.d[1], p.d[2]);
    cr_expect(isinf(p.d[3]) && p.d[3] > 0, "x^2.5''' at 0 = %g", p.d[3]);
    dnum_o4 c = dnum_o4_cbrt(dnum_o4_var(0.0));
    cr_expect(c.d[0] == 0.0 && isinf(c.d[1]) && c.d[1] > 0);
    dnum_o4 n = dnum_o4_pow_d(dnum_o4_var(-2.0), 0.5);
    for (unsigned k = 0; k <= 4; k++) cr_expect(isnan(n.d[k]));
}

Test(regressions, pown_exact_at_zero_and_negative)
{
    for (long m = 0; m <= 8; m++) {
        dnum_o8 p = dnum_o8_pown(dnum_o8_var(0.0), m);
        for (unsigned k = 0; k <= 8; k++)
            cr_expect(p.d[k] == ((long)k == m ? dni_fact[k] : 0.0), "m=%ld k=%u: %g", m, k, p.d[k]);
        /* (-1.5)^m and its derivatives m!/(m-k)! (-1.5)^(m-k), exactly representable */
        dnum_o8 q = dnum_o8_pown(dnum_o8_var(-1.5), m);
        for (unsigned k = 0; k <= 8; k++) {
            double want = (long)k > m ? 0.0 : dni_fact[m] / dni_fact[m - (long)k] * pow(-1.5, (double)(m - (long)k));
            cr_expect(q.d[k] == want, "m=%ld k=%u: %.17g vs %.17g", m, k, q.d[k], want);
        }
    }
    dnum_o4 inv = dnum_o4_pown(dnum_o4_var(0.0), -2);
    cr_expect(isinf(inv.d[0]));
    dnum_o4 pd = dnum_o4_pow_d(dnum_o4_var(-2.0), 3.0); /* integer-valued double: exact */
    cr_expect(pd.d[0] == -8.0 && pd.d[1] == 12.0 && pd.d[2] == -12.0 && pd.d[3] == 6.0 && pd.d[4] == 0.0);
}

Test(regressions, abs_at_zero_is_not_differentiable)
{
    dnum_o4 a = dnum_o4_abs(dnum_o4_var(0.0));
    cr_expect(a.d[0] == 0.0);
    for (unsigned k = 1; k <= 4; k++) cr_expect(isnan(a.d[k]));
    dnum_o4 b = dnum_o4_abs(dnum_o4_var(-3.0));
    cr_expect(b.d[0] == 3.0 && b.d[1] == -1.0 && b.d[2] == 0.0);
}

Test(regressions, domain_errors_follow_libm)
{
    dnum_o4 l = dnum_o4_log(dnum_o4_var(-1.0));
    for (unsigned k = 0; k <= 4; k++) cr_expect(isnan(l.d[k]), "log(-1) k=%u %g", k, l.d[k]);
    dnum_o4 z = dnum_o4_log(dnum_o4_var(0.0));
    cr_expect(isinf(z.d[0]) && z.d[0] < 0 && isinf(z.d[1]));
    dnum_o4 as = dnum_o4_asin(dnum_o4_var(1.5));
    for (unsigned k = 0; k <= 4; k++) cr_expect(isnan(as.d[k]));
    dnum_o4 d = dnum_o4_div(dnum_o4_var(1.0), dnum_o4_const(0.0));
    cr_expect(isinf(d.d[0]) && !isfinite(d.d[1])); /* Inf value, Inf/NaN slope */
    dnum_o4 nn = dnum_o4_exp(dnum_o4_var(NAN));
    for (unsigned k = 0; k <= 4; k++) cr_expect(isnan(nn.d[k]));
    cr_expect(isnan(dnum_o4_deriv(nn, 9)) && dnum_o4_deriv(dnum_o4_var(2.0), 1) == 1.0);
}
