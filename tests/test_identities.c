/* Identities between built-in functions, at composite arguments and order 16:
 * log(exp(u)) = u, sin^2 + cos^2 = 1, tan = sin/cos, pow vs exp/log, and more. */
#include "testutil.h"

typedef dnum_o16 T;
#define N 16
static const double pts[] = {-1.3, -0.4, 0.25, 0.9, 2.2};

static T comp(double x0) /* u = 0.3 x^2 + sin(x)/2, a composite with all derivatives */
{
    T x = dnum_o16_var(x0);
    return dnum_o16_add(dnum_o16_mul_d(dnum_o16_mul(x, x), 0.3),
                        dnum_o16_mul_d(dnum_o16_sin(x), 0.5));
}

#define EACH_POINT for (size_t i_ = 0; i_ < sizeof pts / sizeof pts[0]; i_++)
#define X0 pts[i_]

Test(identities, log_exp)
{
    EACH_POINT {
        T u = comp(X0), v = dnum_o16_log(dnum_o16_exp(u));
        expect_derivs(v.d, u.d, N, 1e-12, "value", X0);
        T w = dnum_o16_exp(dnum_o16_log(dnum_o16_add_d(dnum_o16_mul(u, u), 0.5)));
        T z = dnum_o16_add_d(dnum_o16_mul(u, u), 0.5);
        expect_derivs(w.d, z.d, N, 1e-12, "value", X0);
    }
}

Test(identities, sin2_plus_cos2)
{
    EACH_POINT {
        T u = comp(X0), s = dnum_o16_sin(u), c = dnum_o16_cos(u);
        T one = dnum_o16_add(dnum_o16_mul(s, s), dnum_o16_mul(c, c));
        T want = dnum_o16_const(1.0);
        /* exact cancellation of terms of size ~10: compare at 1e-11 */
        expect_derivs(one.d, want.d, N, 1e-11, "sin^2+cos^2", X0);
        T sh = dnum_o16_sinh(u), ch = dnum_o16_cosh(u);
        T one2 = dnum_o16_sub(dnum_o16_mul(ch, ch), dnum_o16_mul(sh, sh));
        expect_derivs(one2.d, want.d, N, 1e-11, "cosh^2-sinh^2", X0);
    }
}

Test(identities, tan_is_sin_over_cos)
{
    EACH_POINT {
        T u = comp(X0);
        T t = dnum_o16_tan(u), q = dnum_o16_div(dnum_o16_sin(u), dnum_o16_cos(u));
        expect_derivs(t.d, q.d, N, 1e-12, "value", X0);
        T th = dnum_o16_tanh(u), qh = dnum_o16_div(dnum_o16_sinh(u), dnum_o16_cosh(u));
        expect_derivs(th.d, qh.d, N, 1e-12, "value", X0);
    }
}

Test(identities, pow_vs_exp_log)
{
    EACH_POINT {
        T a = dnum_o16_add_d(dnum_o16_mul(comp(X0), comp(X0)), 0.7); /* a > 0 */
        T b = comp(X0);
        T p = dnum_o16_pow(a, b);
        T q = dnum_o16_exp(dnum_o16_mul(b, dnum_o16_log(a)));
        expect_derivs(p.d, q.d, N, 1e-12, "value", X0);
        T pd = dnum_o16_pow_d(a, 2.75);
        T qd = dnum_o16_exp(dnum_o16_mul_d(dnum_o16_log(a), 2.75));
        expect_derivs(pd.d, qd.d, N, 1e-12, "value", X0);
        T sq = dnum_o16_sqrt(a), ph = dnum_o16_pow_d(a, 0.5);
        expect_derivs(sq.d, ph.d, N, 1e-12, "value", X0);
        T cb = dnum_o16_cbrt(a), c3 = dnum_o16_mul(dnum_o16_mul(cb, cb), cb);
        expect_derivs(c3.d, a.d, N, 1e-12, "value", X0);
        T p5 = dnum_o16_pown(b, 5), m5 = dnum_o16_mul(dnum_o16_mul(dnum_o16_mul(b, b), b),
                                                      dnum_o16_mul(b, b));
        expect_derivs(p5.d, m5.d, N, 1e-12, "value", X0);
        T pm = dnum_o16_pown(a, -3), dm = dnum_o16_d_div(1.0, dnum_o16_pown(a, 3));
        expect_derivs(pm.d, dm.d, N, 1e-12, "value", X0);
    }
}

Test(identities, inverse_functions)
{
    EACH_POINT {
        T u = dnum_o16_mul_d(dnum_o16_sin(comp(X0)), 0.8); /* |u0| < 1 */
        T r;
        r = dnum_o16_sin(dnum_o16_asin(u));
        expect_derivs(r.d, u.d, N, 1e-12, "asin", X0);
        r = dnum_o16_cos(dnum_o16_acos(u));
        expect_derivs(r.d, u.d, N, 1e-12, "acos", X0);
        r = dnum_o16_tan(dnum_o16_atan(u));
        expect_derivs(r.d, u.d, N, 1e-12, "atan", X0);
        r = dnum_o16_sinh(dnum_o16_asinh(u));
        expect_derivs(r.d, u.d, N, 1e-12, "asinh", X0);
        r = dnum_o16_tanh(dnum_o16_atanh(u));
        expect_derivs(r.d, u.d, N, 1e-12, "atanh", X0);
        T v = dnum_o16_add_d(dnum_o16_mul(u, u), 1.5); /* > 1 */
        r = dnum_o16_cosh(dnum_o16_acosh(v));
        expect_derivs(r.d, v.d, N, 1e-12, "acosh", X0);
        r = dnum_o16_expm1(dnum_o16_log1p(u));
        expect_derivs(r.d, u.d, N, 1e-12, "log1p", X0);
        T e = dnum_o16_add(dnum_o16_erf(u), dnum_o16_erfc(u));
        T one = dnum_o16_const(1.0);
        expect_derivs(e.d, one.d, N, 1e-13, "erf+erfc", X0);
    }
}

Test(identities, two_argument_functions)
{
    EACH_POINT {
        T y = comp(X0), x = dnum_o16_add_d(dnum_o16_mul_d(dnum_o16_var(X0), 0.5), 2.0);
        T a = dnum_o16_atan2(y, x), b = dnum_o16_atan(dnum_o16_div(y, x)); /* x > 0 */
        expect_derivs(a.d, b.d, N, 1e-12, "atan2", X0);
        T h = dnum_o16_hypot(y, x);
        T s = dnum_o16_sqrt(dnum_o16_add(dnum_o16_mul(y, y), dnum_o16_mul(x, x)));
        expect_derivs(h.d, s.d, N, 1e-13, "hypot", X0);
        T mx = dnum_o16_neg(x); /* second quadrant: atan2(y, -x) = pi - atan2(y, x) sign-wise */
        T a2 = dnum_o16_atan2(y, mx), want = dnum_o16_neg(a);
        want.d[0] = atan2(y.d[0], mx.d[0]);
        expect_derivs(a2.d, want.d, N, 1e-12, "atan2 quadrant", X0);
    }
}

Test(identities, abs_is_sign_times_u)
{
    EACH_POINT {
        T u = comp(X0), a = dnum_o16_abs(u);
        T want = u.d[0] < 0 ? dnum_o16_neg(u) : u;
        expect_derivs(a.d, want.d, N, 0.0, "value", X0);
    }
}
