/* The _Generic front dispatches on the order, and DNUM_DEFINE instantiates any order. */
#include "testutil.h"

DNUM_DEFINE(40)
DNUM_DEFINE(100)

Test(generic, dispatches_on_type)
{
    dnum_o3 x3 = dnum_o3_var(0.5);
    dnum_o32 x32 = dnum_o32_var(0.5);
    dnum_o3 a = dn_add_d(dn_mul(dn_exp(x3), dn_sin(x3)), 1.0);
    dnum_o32 b = dn_add_d(dn_mul(dn_exp(x32), dn_sin(x32)), 1.0);
    /* within 4 ulp: clang -O2 gives the order-3 and order-32 products 1 ulp apart (gcc:
     * bit-identical); the bitwise prefix property is checked in test_reference.c */
    for (unsigned k = 0; k <= 3; k++)
        cr_expect(fabs(dn_deriv(a, k) - dn_deriv(b, k)) <= 4 * 2.2204460492503131e-16 * fabs(dn_deriv(b, k)),
                  "k=%u: %a vs %a", k, dn_deriv(a, k), dn_deriv(b, k));
    dnum_o3 s, c;
    dn_sincos(x3, &s, &c);
    cr_expect(s.d[2] == dn_sin(x3).d[2] && c.d[3] == dn_cos(x3).d[3]);
    dnum_o5 y = dnum_o5_var(0.3);
    dnum_o5 all = dn_div(dn_atan2(dn_hypot(y, y), dn_pow(dn_add_d(y, 1.0), y)),
                         dn_d_sub(3.0, dn_pown(dn_pow_d(dn_abs(y), 1.5), 2)));
    cr_expect(isfinite(all.d[5]));
}

Test(generic, user_defined_orders)
{
    /* order 40 and 100 by DNUM_DEFINE: exp(x) at 0 has every derivative 1, and
     * sin's derivatives cycle; 1/(1-x) at 0 has k! */
    dnum_o40 e = dnum_o40_exp(dnum_o40_var(0.0));
    for (unsigned k = 0; k <= 40; k++) cr_expect(fabs(e.d[k] - 1.0) < 1e-14, "k=%u %g", k, e.d[k]);
    dnum_o100 s = dnum_o100_sin(dnum_o100_var(0.7));
    for (unsigned k = 0; k <= 100; k++) {
        double want = (k % 4 == 0) ? sin(0.7) : (k % 4 == 1) ? cos(0.7) : (k % 4 == 2) ? -sin(0.7) : -cos(0.7);
        cr_expect(fabs(s.d[k] - want) < 1e-13, "k=%u %.17g vs %.17g", k, s.d[k], want);
    }
    dnum_o100 g = dnum_o100_d_div(1.0, dnum_o100_d_sub(1.0, dnum_o100_var(0.0)));
    for (unsigned k = 0; k <= 100; k++)
        cr_expect(fabs(g.d[k] - dni_fact[k]) <= 1e-14 * dni_fact[k], "k=%u", k);
}


Test(generic, version_and_strerror)
{
    cr_expect_str_eq(dn_version(), DNUM_VERSION_STRING);
    cr_expect_str_eq(dn_strerror(DN_ENOMEM), "out of memory");
    cr_expect_str_eq(dn_strerror(12345), "unknown status");
    for (int c = 0; c >= -6; c--) cr_expect(dn_strerror(c) != NULL && dn_strerror(c)[0] != '\0');
}

/* The in-place accessors against closed forms: x^3 at x = 2 (8, 12, 12, 6, 0) and
 * f = x^2 y at (1.5, -0.5) (f, f_x = 2xy, f_y = x^2, f_xx = 2y, f_xy = 2x, f_yy = 0,
 * f_xxy = 2, other third partials 0); orders above N are NaN; the by-value functions
 * and DNUM2_AT read the same entries. */
Test(generic, accessors_read_in_place)
{
    dnum_o4 x = dnum_o4_var(2.0), c = dnum_o4_mul(dnum_o4_mul(x, x), x);
    const double want1[5] = {8.0, 12.0, 12.0, 6.0, 0.0};
    for (unsigned k = 0; k <= 4; k++) {
        cr_expect_eq(dnum_o4_get(&c, k), want1[k], "k=%u", k);
        cr_expect_eq(dnum_o4_deriv(c, k), want1[k], "k=%u", k);
    }
    cr_expect(isnan(dnum_o4_get(&c, 5)), "order above N must be NaN");

    dnum2_o3 X = dnum2_o3_varx(1.5, -0.5), Y = dnum2_o3_vary(1.5, -0.5);
    dnum2_o3 p = dnum2_o3_mul(dnum2_o3_mul(X, X), Y);
    const double want2[4][4] = {{-1.125, 2.25, 0.0, 0.0}, {-1.5, 3.0, 0.0, 0.0},
                                {-1.0, 2.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 0.0}};
    for (unsigned i = 0; i <= 3; i++)
        for (unsigned j = 0; i + j <= 3; j++) {
            cr_expect_eq(dnum2_o3_get(&p, i, j), want2[i][j], "(%u,%u)", i, j);
            cr_expect_eq(DNUM2_AT(p, i, j), want2[i][j], "(%u,%u)", i, j);
            cr_expect_eq(dnum2_o3_deriv(p, i, j), want2[i][j], "(%u,%u)", i, j);
        }
    cr_expect(isnan(dnum2_o3_get(&p, 2, 2)), "order above N must be NaN");
    cr_expect(isnan(dnum2_o3_get(&p, 0, 4)), "order above N must be NaN");
    DNUM2_AT(p, 1, 1) = 7.0; /* an lvalue */
    cr_expect_eq(p.d[4], 7.0);
}

/* dnum_oN_deriv and dnum2_oN_deriv of the built-in orders are macros over the functions
 * that read in place: the same entries as _get for an lvalue, a const number, a call's
 * result and through dn_deriv; the functions themselves ((f)(...), their addresses) read
 * the same; NaN above the order; the argument evaluated once. */
static int evaluations;
static dnum2_o4 counted(dnum2_o4 a)
{
    evaluations++;
    return a;
}

Test(generic, by_value_accessors_are_the_functions)
{
    dnum_o6 x = dnum_o6_var(0.3), e = dnum_o6_exp(x);
    const dnum_o6 ce = e;
    double (*f1)(dnum_o6, unsigned) = dnum_o6_deriv;
    for (unsigned k = 0; k <= 7; k++) {
        double want = dnum_o6_get(&e, k);
        cr_expect(same_double(dnum_o6_deriv(e, k), want), "k=%u", k);
        cr_expect(same_double(dnum_o6_deriv(ce, k), want), "k=%u", k);
        cr_expect(same_double(dnum_o6_deriv(dnum_o6_exp(x), k), want), "k=%u", k);
        cr_expect(same_double(dn_deriv(e, k), want), "k=%u", k);
        cr_expect(same_double((dnum_o6_deriv)(e, k), want), "k=%u", k);
        cr_expect(same_double(f1(e, k), want), "k=%u", k);
    }
    cr_expect(isnan(dnum_o6_deriv(e, 7)) && isnan(dn_deriv(dnum_o6_exp(x), 99)));

    dnum2_o4 X = dnum2_o4_varx(0.4, -0.2), Y = dnum2_o4_vary(0.4, -0.2);
    dnum2_o4 p = dnum2_o4_sin(dnum2_o4_mul(X, Y));
    const dnum2_o4 cp = p;
    double (*f2)(dnum2_o4, unsigned, unsigned) = dnum2_o4_deriv;
    for (unsigned i = 0; i <= 5; i++)
        for (unsigned j = 0; j <= 5; j++) {
            double want = dnum2_o4_get(&p, i, j);
            cr_expect(same_double(dnum2_o4_deriv(p, i, j), want), "(%u,%u)", i, j);
            cr_expect(same_double(dnum2_o4_deriv(cp, i, j), want), "(%u,%u)", i, j);
            cr_expect(same_double(dnum2_o4_deriv(dnum2_o4_sin(dnum2_o4_mul(X, Y)), i, j), want),
                      "(%u,%u)", i, j);
            cr_expect(same_double((dnum2_o4_deriv)(p, i, j), want), "(%u,%u)", i, j);
            cr_expect(same_double(f2(p, i, j), want), "(%u,%u)", i, j);
        }
    evaluations = 0;
    cr_expect(same_double(dnum2_o4_deriv(counted(p), 1, 2), DNUM2_AT(p, 1, 2)));
    cr_expect_eq(evaluations, 1);
    cr_expect(isnan(dnum2_o4_deriv(p, 3, 2)));
}
