/* dnum/dnum.hpp from C++17: the same numbers as the C functions (tests/cpp_ref.c, the
 * static inline versions), closed forms, operators with doubles, the RAII dvec and its
 * errors, expressions, and DN_OBJECTIVE_O2 objectives compiled as C++ in every Hessian driver.
 * A plain program: prints each failed check and exits with 1 if there was one. */
#include <dnum/dnum.hpp>
#include <cmath>
#include <cstdio>
#include <cstring>
#include "cpp_ref.h"

static int failures = 0;
static const double pi = 3.141592653589793238462643383279502884;
#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            failures++;                                                                    \
            std::printf("%s:%d: failed: %s: ", __FILE__, __LINE__, #cond);                \
            std::printf(__VA_ARGS__);                                                      \
            std::printf("\n");                                                             \
        }                                                                                  \
    } while (0)

/* |a - b| <= tol max(1, |b|) */
static bool near(double a, double b, double tol)
{
    return std::fabs(a - b) <= tol * std::fmax(1.0, std::fabs(b));
}

/* bitwise equal (NaN equal to NaN) */
static bool same(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b));
}

/* equal values (-0 == +0; NaN equal to NaN) */
static bool eq(double a, double b)
{
    return a == b || (std::isnan(a) && std::isnan(b));
}

/* the formula of cpp_ref.c, through the C++ operators and overloads */
template <unsigned N> static void formula(double x0, double *out)
{
    using T = dnum::fixed<N>;
    T x = T::var(x0);
    T t = exp(-x * x) * sin(x) / (1.0 + x) + pow(x, 2.5) - atan2(x, 2.0) + hypot(x, 3.0) +
          2.0 * lgamma(x + 1.0) - pow(x, 3);
    for (unsigned k = 0; k <= N; k++) out[k] = t.d(k);
}

template <unsigned N> static void formula2(double x0, double y0, double *out)
{
    using T = dnum::fixed2<N>;
    T X = T::varx(x0, y0), Y = T::vary(x0, y0);
    T t = exp(-X * Y) * sin(X) / (1.0 + Y) + pow(X, 2.5) - atan2(Y, 2.0) + hypot(X, Y) +
          2.0 * lgamma(X + 1.0) - pow(Y, 3);
    for (unsigned e = 0; e < DNUM2_SIZE(N); e++) out[e] = t[e];
}

template <unsigned N> static void same_as_c(double x0)
{
    double a[N + 1], b[N + 1];
    formula<N>(x0, a);
    CHECK(cpp_ref_fixed(N, x0, b) == 0, "order %u", N);
    for (unsigned k = 0; k <= N; k++)
        CHECK(same(a[k], b[k]), "fixed<%u> at %g, k = %u: %.17g vs C %.17g", N, x0, k, a[k], b[k]);
}

template <unsigned N> static void same_as_c2(double x0, double y0)
{
    double a[DNUM2_SIZE(N)], b[DNUM2_SIZE(N)];
    formula2<N>(x0, y0, a);
    CHECK(cpp_ref_fixed2(N, x0, y0, b) == 0, "order %u", N);
    for (unsigned e = 0; e < DNUM2_SIZE(N); e++)
        CHECK(same(a[e], b[e]), "fixed2<%u>, entry %u: %.17g vs C %.17g", N, e, a[e], b[e]);
}

/* d^k/dx^k exp(-x^2) = (-1)^k H_k(x) exp(-x^2) (physicists' Hermite polynomials) */
static double gauss_deriv(double x, unsigned k)
{
    double h0 = 1.0, h1 = 2.0 * x;
    if (k == 0) return std::exp(-x * x);
    for (unsigned j = 1; j < k; j++) {
        double h2 = 2.0 * x * h1 - 2.0 * j * h0;
        h0 = h1;
        h1 = h2;
    }
    return (k % 2 ? -h1 : h1) * std::exp(-x * x);
}

static void closed_forms()
{
    using T = dnum::fixed<16>;
    T x = T::var(0.7);
    auto g = exp(-x * x); /* the README example */
    for (unsigned k = 0; k <= 16; k++)
        CHECK(near(g.d(k), gauss_deriv(0.7, k), 1e-12), "gauss k = %u: %.17g", k, g.d(k));
    CHECK(std::isnan(g.d(17)), "beyond the order");
    /* 1/(1-x) at 0.5: k! 2^(k+1) */
    T h = 1.0 / (1.0 - T::var(0.5));
    double f = 1.0;
    for (unsigned k = 0; k <= 16; k++, f *= k)
        CHECK(near(h.d(k), f * std::ldexp(1.0, (int)k + 1), 1e-13), "1/(1-x) k = %u", k);
    /* sin(2x + 1): 2^k sin(2x + 1 + k pi/2) (inner derivative != 1) */
    T s = sin(2.0 * x + 1.0);
    for (unsigned k = 0; k <= 16; k++)
        CHECK(near(s.d(k), std::ldexp(1.0, (int)k) * std::sin(2.4 + k * pi / 2), 1e-11),
              "sin(2x+1) k = %u: %.17g", k, s.d(k));
    /* integer powers are exact */
    dnum::fixed<4> c = pow(dnum::fixed<4>::var(-1.5), 3);
    CHECK(c.d(0) == -3.375 && c.d(1) == 6.75 && c.d(2) == -9.0 && c.d(3) == 6.0 && c.d(4) == 0.0,
          "(-1.5)^3: %g %g %g %g %g", c.d(0), c.d(1), c.d(2), c.d(3), c.d(4));
    /* Dnum2: x^2 y at (1, 2) and exp(x + 2y) */
    using U = dnum::fixed2<4>;
    U X = U::varx(1.0, 2.0), Y = U::vary(1.0, 2.0);
    U p = X * X * Y;
    CHECK(p.d(0, 0) == 2.0 && p.d(1, 0) == 4.0 && p.d(0, 1) == 1.0 && p.d(2, 0) == 4.0 &&
              p.d(1, 1) == 2.0 && p.d(2, 1) == 2.0 && p.d(3, 0) == 0.0 && p.d(0, 2) == 0.0,
          "x^2 y partials");
    CHECK(std::isnan(p.d(3, 2)), "beyond the total order");
    U e = exp(X + 2.0 * Y);
    for (unsigned i = 0; i <= 4; i++)
        for (unsigned j = 0; i + j <= 4; j++)
            CHECK(near(e.d(i, j), std::ldexp(std::exp(5.0), (int)j), 1e-13), "exp(x+2y) %u %u", i, j);
    double gr[2], H[2][2];
    p.grad(gr);
    p.hess(H);
    CHECK(gr[0] == 4.0 && gr[1] == 1.0 && H[0][0] == 4.0 && H[0][1] == 2.0 && H[1][0] == 2.0 &&
              H[1][1] == 0.0, "grad/hess");
}

static double cos_deriv(double x, unsigned k, void *ctx)
{
    (void)ctx;
    return std::cos(x + k * pi / 2);
}

static void operators_and_apply()
{
    using T = dnum::fixed<6>;
    T x = T::var(0.3), one = T::constant(1.0), two(2.0);
    T a = x + 1.0, b = 1.0 + x, c = x + one;
    T d = 2.0 - x, e = two - x, q = 2.0 / x, r = two / x, m = x * 3.0, n = 3.0 * x;
    for (unsigned k = 0; k <= 6; k++) {
        CHECK(same(a.d(k), b.d(k)) && same(a.d(k), c.d(k)), "x + 1, k = %u", k);
        CHECK(eq(d.d(k), e.d(k)), "2 - x, k = %u", k); /* d_sub: -0 where sub gives +0 */
        CHECK(near(q.d(k), r.d(k), 1e-13), "2 / x, k = %u", k);
        CHECK(same(m.d(k), n.d(k)), "3 x, k = %u", k);
    }
    T acc = x;
    acc += 1.0;
    acc *= x;
    acc -= x;
    acc /= 2.0;
    T direct = ((x + 1.0) * x - x) / 2.0;
    for (unsigned k = 0; k <= 6; k++) CHECK(same(acc.d(k), direct.d(k)), "compound, k = %u", k);
    CHECK(x < 1.0 && 1.0 > x && x <= x && x == 0.3 && x != one && one > x && -x < 0.0 && +x == x,
          "comparisons on the value");
    /* apply: a C callback, a lambda, and the built-in cos agree */
    T u = 2.0 * x * x;
    T ac = apply(u, cos_deriv), al = apply(u, [](double t, unsigned k) {
        return std::cos(t + k * pi / 2);
    });
    T ad = apply(u, dn_deriv_cos, nullptr), cs = cos(u);
    for (unsigned k = 0; k <= 6; k++) {
        CHECK(same(ac.d(k), al.d(k)), "apply k = %u", k);
        CHECK(near(ac.d(k), cs.d(k), 1e-13) && near(ad.d(k), cs.d(k), 1e-13), "apply vs cos, k = %u", k);
    }
    T s, co;
    sincos(u, s, co);
    for (unsigned k = 0; k <= 6; k++)
        CHECK(same(s.d(k), sin(u).d(k)) && same(co.d(k), cs.d(k)), "sincos k = %u", k);
    /* a fixed<N> is a dnum_oN: the C functions take its member c */
    dnum_o6 cv = dnum_o6_exp(x.c);
    CHECK(same(exp(x).d(4), cv.d[4]), "C interop");
    CHECK(same(jn(3, x).d(2), dnum_o6_jn(3, x.c).d[2]), "jn");
}

static void dynamic_order()
{
    dnum::dvec x = dnum::dvec::var(0.7, 20);
    dnum::dvec g = exp(-x * x);
    CHECK(g.order() == 20, "order %u", g.order());
    for (unsigned k = 0; k <= 20; k++)
        CHECK(near(g.d(k), gauss_deriv(0.7, k), 1e-11), "dvec gauss k = %u: %.17g", k, g.d(k));
    /* the same numbers as the fixed family */
    dnum::fixed<16> xf = dnum::fixed<16>::var(0.4);
    dnum::dvec xd = dnum::dvec::var(0.4, 16);
    dnum::fixed<16> yf = atan(xf * 2.0 - 1.0) / (xf + 3.0);
    dnum::dvec yd = atan(xd * 2.0 - 1.0) / (xd + 3.0);
    for (unsigned k = 0; k <= 16; k++) CHECK(same(yf.d(k), yd.d(k)), "dvec vs fixed, k = %u", k);
    dnum::dvec copy = yd, moved = std::move(copy);
    copy = moved; /* assign into a moved-from dvec */
    CHECK(same(copy.d(7), yf.d(7)) && same(moved.d(7), yf.d(7)), "copy and move");
    /* errors become exceptions */
    dnum::dvec a(3), b(4);
    int code = 0;
    try {
        dnum::dvec c = a + b;
    } catch (const dnum::error &err) {
        code = err.code();
    }
    CHECK(code == DN_EORDER, "mixed orders: %d", code);
    code = 0;
    try {
        dnum::dvec big(DN_ORDER_MAX + 1);
    } catch (const dnum::error &err) {
        code = err.code();
    }
    CHECK(code == DN_ERANGE, "order above DN_ORDER_MAX: %d", code);
}

static void expressions()
{
    const char *vars[] = {"x"};
    dn_expr_error err;
    dn_expr *e = dn_expr_parse("exp(-x*x) * sin(x)", vars, 1, &err);
    CHECK(e != nullptr, "parse: %s", err.msg);
    if (!e) return;
    dnum::fixed<8> x = dnum::fixed<8>::var(0.9), r;
    double work[256];
    CHECK(dn_expr_work_size(e, 8) <= 256, "work size");
    CHECK(dnum::expr_eval(e, r, &x, work) == 0, "expr_eval");
    dnum::fixed<8> want = exp(-x * x) * sin(x);
    for (unsigned k = 0; k <= 8; k++) CHECK(near(r.d(k), want.d(k), 1e-13), "expr k = %u", k);
    dn_expr_free(e);
}

/* the W3 objective (Rosenbrock), written once with DN_OBJECTIVE_O2 in C: here compiled as
 * C++ with the dnh_* overloads for dnum_o2, dlane_o2 and dsp_o2 */
#include "../bench/w3_rosen.h"

static void objectives()
{
    const unsigned n = 5;
    double x[n] = {0.5, -0.3, 1.2, 0.7, -1.1}, g[3][n], h[3][n], f[3];
    CHECK(dn_hessdiag(&f[0], g[0], h[0], rosen, nullptr, x, n, nullptr) == 0, "hessdiag");
    CHECK(dn_hessdiag_lanes(&f[1], g[1], h[1], rosen_lanes, nullptr, x, n, nullptr) == 0, "lanes");
    CHECK(dn_hessdiag_sp(&f[2], g[2], h[2], rosen_sp, nullptr, x, n, nullptr) == 0, "sp");
    double fv = 0.0;
    for (unsigned i = 0; i + 1 < n; i++)
        fv += 100.0 * std::pow(x[i + 1] - x[i] * x[i], 2) + std::pow(1.0 - x[i], 2);
    for (unsigned i = 0; i < n; i++) {
        double gi = 0.0, hi = 0.0;
        if (i + 1 < n) {
            gi += -400.0 * x[i] * (x[i + 1] - x[i] * x[i]) - 2.0 * (1.0 - x[i]);
            hi += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
        }
        if (i > 0) {
            gi += 200.0 * (x[i] - x[i - 1] * x[i - 1]);
            hi += 200.0;
        }
        for (unsigned v = 0; v < 3; v++) {
            CHECK(near(f[v], fv, 1e-13), "f, driver %u", v);
            CHECK(near(g[v][i], gi, 1e-13), "grad %u, driver %u: %g vs %g", i, v, g[v][i], gi);
            CHECK(near(h[v][i], hi, 1e-13), "hdiag %u, driver %u: %g vs %g", i, v, h[v][i], hi);
        }
    }
}

/* bounded<N>: the same formula with bounds: the C dnume_oN's numbers, each derivative
 * within its bound of the plain family's, tan's digits */
static void bounded_numbers()
{
    using B = dnum::bounded<8>;
    B x = B::var(0.7);
    B t = exp(-x * x) * sin(x) / (1.0 + x) + pow(x, 2.5) - atan2(x, 2.0) + hypot(x, 3.0) +
          2.0 * lgamma(x + 1.0) - pow(x, 3);
    double plain[9];
    formula<8>(0.7, plain);
    dnume_o8 cx = dnume_o8_var(0.7), ct = dnume_o8_tan(dnume_o8_mul_d(cx, 2.0));
    B bt = tan(2.0 * x);
    for (unsigned k = 0; k <= 8; k++) {
        CHECK(std::isfinite(t.err(k)) && t.err(k) > 0.0, "k = %u: bound %g", k, t.err(k));
        CHECK(std::fabs(t.d(k) - plain[k]) <= t.err(k) + 1e-14 * std::fabs(plain[k]),
              "k = %u: %.17g vs %.17g, bound %g", k, t.d(k), plain[k], t.err(k));
        CHECK(same(bt.d(k), ct.d[k]) && same(bt.err(k), ct.e[k]), "tan, k = %u", k);
        CHECK(bt.digits(k) > 13.0, "tan, k = %u: %g digits", k, bt.digits(k));
    }
    CHECK(std::isnan(t.err(9)), "err(9)");
}

int main()
{
    for (double x0 : {0.25, 1.5, 3.0}) {
        same_as_c<1>(x0);
        same_as_c<4>(x0);
        same_as_c<8>(x0);
        same_as_c<16>(x0);
        same_as_c<32>(x0);
        same_as_c2<1>(x0, 0.5);
        same_as_c2<2>(x0, 0.5);
        same_as_c2<5>(x0, 0.5);
        same_as_c2<16>(x0, 0.5);
    }
    closed_forms();
    operators_and_apply();
    dynamic_order();
    expressions();
    objectives();
    bounded_numbers();
    std::printf("%s: %d failed checks\n", failures ? "FAIL" : "ok", failures);
    return failures ? 1 : 0;
}
