/* The apply interface with user callbacks must agree with the built-in functions
 * (composite arguments, order 16), call the callback with k = 0..N at u0 only, and pass
 * ctx through. */
#include "testutil.h"

typedef dnum_o16 T;
#define N 16

static T comp(double x0) /* composite argument: 0.4 x^2 - 0.3 x + 0.9 + sin(x)/4 */
{
    T x = dnum_o16_var(x0);
    T p = dnum_o16_add_d(dnum_o16_sub(dnum_o16_mul_d(dnum_o16_mul(x, x), 0.4),
                                      dnum_o16_mul_d(x, 0.3)), 0.9);
    return dnum_o16_add(p, dnum_o16_mul_d(dnum_o16_sin(x), 0.25));
}

/* d^k/dx^k x^p = p (p-1) ... (p-k+1) x^(p-k), p = *(double *)ctx */
static double pow_cb(double x, unsigned k, void *ctx)
{
    double p = *(const double *)ctx, f = 1.0;
    for (unsigned j = 0; j < k; j++) f *= p - (double)j;
    return f * pow(x, p - (double)k);
}

static double sinh_cb(double x, unsigned k, void *ctx)
{
    (void)ctx;
    return (k & 1) ? cosh(x) : sinh(x);
}

static double log1p_cb(double x, unsigned k, void *ctx)
{
    return k == 0 ? log1p(x) : dn_deriv_log(1.0 + x, k, ctx);
}

static const double pts[] = {-1.2, -0.3, 0.4, 1.7};

Test(apply, agrees_with_builtins)
{
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        T u = comp(pts[i]), a, b;
        double p;
        a = dnum_o16_apply(u, dn_deriv_exp, NULL), b = dnum_o16_exp(u);
        expect_derivs(a.d, b.d, N, 5e-13, "exp", pts[i]);
        a = dnum_o16_apply(u, dn_deriv_sin, NULL), b = dnum_o16_sin(u);
        expect_derivs(a.d, b.d, N, 5e-13, "sin", pts[i]);
        a = dnum_o16_apply(u, dn_deriv_cos, NULL), b = dnum_o16_cos(u);
        expect_derivs(a.d, b.d, N, 5e-13, "cos", pts[i]);
        a = dnum_o16_apply(u, dn_deriv_log, NULL), b = dnum_o16_log(u);
        expect_derivs(a.d, b.d, N, 5e-13, "log", pts[i]);
        a = dnum_o16_apply(u, sinh_cb, NULL), b = dnum_o16_sinh(u);
        expect_derivs(a.d, b.d, N, 5e-13, "sinh", pts[i]);
        a = dnum_o16_apply(u, log1p_cb, NULL), b = dnum_o16_log1p(u);
        expect_derivs(a.d, b.d, N, 5e-13, "log1p", pts[i]);
        p = 0.5, a = dnum_o16_apply(u, pow_cb, &p), b = dnum_o16_sqrt(u);
        expect_derivs(a.d, b.d, N, 5e-13, "sqrt", pts[i]);
        p = -1.0, a = dnum_o16_apply(u, pow_cb, &p), b = dnum_o16_d_div(1.0, u);
        expect_derivs(a.d, b.d, N, 5e-13, "recip", pts[i]);
        p = 2.3, a = dnum_o16_apply(u, pow_cb, &p), b = dnum_o16_pow_d(u, 2.3);
        expect_derivs(a.d, b.d, N, 5e-13, "pow 2.3", pts[i]);
        double s = 0.5; /* exp(-0.5 u^2) */
        a = dnum_o16_apply(u, dn_deriv_gaussian, &s);
        b = dnum_o16_exp(dnum_o16_mul_d(dnum_o16_mul(u, u), -0.5));
        expect_derivs(a.d, b.d, N, 5e-13, "gaussian", pts[i]);
    }
}

struct counter {
    unsigned calls, max_k;
    double x_seen;
    int other_x;
};

static double counting_cb(double x, unsigned k, void *ctx)
{
    struct counter *c = ctx;
    if (c->calls && x != c->x_seen) c->other_x = 1;
    c->x_seen = x;
    c->calls++;
    if (k > c->max_k) c->max_k = k;
    return exp(x);
}

Test(apply, calls_callback_n_plus_one_times_at_u0)
{
    struct counter c = {0, 0, 0.0, 0};
    T u = comp(0.4);
    (void)dnum_o16_apply(u, counting_cb, &c);
    cr_expect_eq(c.calls, N + 1);
    cr_expect_eq(c.max_k, N);
    cr_expect(!c.other_x && c.x_seen == u.d[0]);
}

Test(apply, infinite_derivative_reaches_only_dependent_orders)
{
    /* x^2.5 at 0 through apply: h'''(0) = Inf must not poison orders 0..2 */
    double p = 2.5;
    dnum_o4 a = dnum_o4_apply(dnum_o4_var(0.0), pow_cb, &p);
    cr_expect(a.d[0] == 0.0 && a.d[1] == 0.0 && a.d[2] == 0.0 && isinf(a.d[3]));
}

Test(apply, generic_front)
{
    dnum_o6 x = dnum_o6_var(0.2);
    dnum_o6 a = dn_apply(x, dn_deriv_sin, NULL), b = dn_sin(x);
    expect_derivs(a.d, b.d, 6, 1e-14, "apply sin", 0.2);
}
