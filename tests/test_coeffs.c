/* Taylor coefficients in and out (dnum/coeffs.h), against closed forms: exp, sin and
 * 1/(1-x) at every order to DN_ORDER_MAX, a bivariate exponential, round trips and the
 * status codes. */
#include <float.h>
#include <stdlib.h>
#include "testutil.h"

Test(coeffs, fixed_order_exp)
{
    dnum_o8 x = dnum_o8_var(0.3), y = dnum_o8_exp(x);
    double c[9], d[9];
    cr_assert(dn_coeffs_from_derivs(c, y.d, 8) == 0);
    double f = 1.0;
    for (unsigned k = 0; k <= 8; k++) {
        if (k) f *= k;
        cr_expect(fabs(c[k] - exp(0.3) / f) <= 2e-16 * exp(0.3) / f, "c_%u = %.17g", k, c[k]);
    }
    cr_assert(dn_derivs_from_coeffs(d, c, 8) == 0);
    for (unsigned k = 0; k <= 8; k++)
        cr_expect(fabs(d[k] - y.d[k]) <= 4e-16 * fabs(y.d[k]), "round trip k=%u", k);
}

/* sin at 1 to order 1000: c_k = sin(1 + k pi/2) / k!, far below 1e-308 for large k
 * (subnormal, then 0), and the derivatives themselves stay of size 1 */
Test(coeffs, dvec_sin_to_order_1000)
{
    const unsigned n = DN_ORDER_MAX;
    dvec x, s;
    cr_assert(dvec_init(&x, n) == 0 && dvec_init(&s, n) == 0);
    dvec_set_var(&x, 1.0);
    dvec_sin(&s, &x);
    double *c = malloc((n + 1) * sizeof *c);
    cr_assert(c && dvec_get_coeffs(c, &s) == 0);
    long double f = 1.0L;
    for (unsigned k = 0; k <= n; k++) {
        if (k) f *= k;
        long double t = sinl(1.0L + k * 1.5707963267948966192313216916397514L) / f;
        cr_expect(fabsl(c[k] - t) <= 1e-15L / f + 0x1p-1074L, "c_%u = %.17g want %.17Lg", k, c[k],
                  t);
    }
    free(c);
    dvec_clear(&x);
    dvec_clear(&s);
}

/* 1/(1-x) at 0.5: c_k = 2^(k+1), read while finite as derivatives (k <= 150); set from
 * coefficients at order 1000, derivatives Inf where k! 2^(k+1) > DBL_MAX */
Test(coeffs, dvec_pole)
{
    const unsigned n = 1000;
    dvec x, u;
    cr_assert(dvec_init(&x, n) == 0 && dvec_init(&u, n) == 0);
    dvec_set_var(&x, 0.5);
    dvec_d_sub(&u, 1.0, &x);
    dvec_d_div(&u, 1.0, &u);
    double *c = malloc((n + 1) * sizeof *c);
    cr_assert(c && dvec_get_coeffs(c, &u) == 0);
    for (unsigned k = 0; k <= 150; k++)
        cr_expect(fabs(c[k] - ldexp(1.0, (int)k + 1)) <= 1e-13 * ldexp(1.0, (int)k + 1), "c_%u = %.17g",
                  k, c[k]);
    for (unsigned k = 0; k <= n; k++) c[k] = ldexp(1.0, (int)k + 1);
    cr_assert(dvec_set_coeffs(&u, c, n) == 0 && dvec_order(&u) == (int)n);
    long double f = 2.0L; /* k! 2^(k+1) */
    for (unsigned k = 0; k <= n; k++) {
        if (k) f *= 2.0L * k;
        double d = dvec_get(&u, k);
        if (f <= DBL_MAX)
            cr_expect(fabsl(d - f) <= 1e-15L * f, "d_%u = %.17g want %.17Lg", k, d, f);
        else
            cr_expect(isinf(d), "d_%u = %.17g, above DBL_MAX", k, d);
    }
    free(c);
    dvec_clear(&x);
    dvec_clear(&u);
}

/* exp(x + 2y) at (0.1, 0.2): c_ij = e^0.5 2^j / (i! j!) */
Test(coeffs, dnum2_triangle)
{
    dnum2_o8 x = dnum2_o8_varx(0.1, 0.2), y = dnum2_o8_vary(0.1, 0.2);
    dnum2_o8 f = dnum2_o8_exp(dnum2_o8_add(x, dnum2_o8_mul_d(y, 2.0)));
    double c[DNUM2_SIZE(8)], d[DNUM2_SIZE(8)];
    cr_assert(dn2_coeffs_from_derivs(c, f.d, 8) == 0);
    for (unsigned i = 0; i <= 8; i++)
        for (unsigned j = 0; i + j <= 8; j++) {
            double t = exp(0.5) * ldexp(1.0, (int)j) / (dni_fact[i] * dni_fact[j]);
            cr_expect(fabs(c[DNUM2_INDEX(i, j)] - t) <= 1e-15 * t, "c_%u%u = %.17g want %.17g",
                      i, j, c[DNUM2_INDEX(i, j)], t);
        }
    cr_assert(dn2_derivs_from_coeffs(d, c, 8) == 0);
    for (unsigned e = 0; e < DNUM2_SIZE(8); e++)
        cr_expect(fabs(d[e] - f.d[e]) <= 4e-16 * fabs(f.d[e]), "round trip %u", e);
    /* in place, and a large order: the factorials never overflow */
    static double big[DNUM2_SIZE(300)];
    for (unsigned e = 0; e < DNUM2_SIZE(300); e++) big[e] = 1.0;
    cr_assert(dn2_derivs_from_coeffs(big, big, 300) == 0);
    cr_expect(big[DNUM2_INDEX(80, 80)] > 5e237 && big[DNUM2_INDEX(80, 80)] < 6e237); /* 80!^2 */
    cr_expect(isinf(big[DNUM2_INDEX(300, 0)]));
    cr_assert(dn2_coeffs_from_derivs(big, big, 300) == 0);
    cr_expect(fabs(big[DNUM2_INDEX(80, 80)] - 1.0) <= 1e-14 && big[DNUM2_INDEX(300, 0)] > 1e300);
}

Test(coeffs, status_codes_leave_outputs)
{
    double c[4] = {7, 7, 7, 7}, d[4] = {1, 2, 3, 4};
    cr_expect(dn_coeffs_from_derivs(NULL, d, 3) == DN_EINVAL);
    cr_expect(dn_coeffs_from_derivs(c, NULL, 3) == DN_EINVAL);
    cr_expect(dn_coeffs_from_derivs(c, d, DN_ORDER_MAX + 1) == DN_ERANGE);
    cr_expect(dn2_derivs_from_coeffs(c, d, DN_ORDER_MAX + 1) == DN_ERANGE);
    cr_expect(c[0] == 7 && c[3] == 7);
    dvec v = {0};
    cr_expect(dvec_get_coeffs(c, &v) == DN_EINVAL);
    cr_expect(dvec_get_coeffs(c, NULL) == DN_EINVAL);
    cr_expect(dvec_set_coeffs(NULL, d, 3) == DN_EINVAL);
    cr_assert(dvec_init(&v, 3) == 0);
    cr_expect(dvec_set_coeffs(&v, d, DN_ORDER_MAX + 1) == DN_ERANGE);
    cr_expect(dvec_order(&v) == 3);
    cr_assert(dvec_set_coeffs(&v, d, 3) == 0);
    cr_expect(dvec_get(&v, 3) == 24.0 && dvec_get(&v, 2) == 6.0 && dvec_get(&v, 1) == 2.0);
    dvec_clear(&v);
}
