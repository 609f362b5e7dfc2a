/* Gradients, Hessian diagonals and full Hessians (dnum/hessian.h) against closed forms:
 * extended Rosenbrock, Goldstein-Price, a random integer quadratic x^T A x + b.x (exact);
 * the lanes path against the per-coordinate path for every dlane_o2 function (the fixed
 * family's recurrences against the lanes' chain-rule formulas); full Hessian symmetric
 * and equal to the diagonal; argument errors leave the outputs untouched. */
#include <stdint.h>
#include <stdlib.h>
#include "testutil.h"

static double relerr(double got, double want, double scale)
{
    if (got == want) return 0.0;
    return fabs(got - want) / fmax(fabs(want), scale);
}

/* ---- extended Rosenbrock: sum_{i<n-1} 100 (x_{i+1} - x_i^2)^2 + (1 - x_i)^2 ------------ */

#include "../bench/w3_rosen.h" /* rosen, rosen_lanes (the W3 objective) */

static double rosen_f(const double *x, unsigned n)
{
    double s = 0.0;
    for (unsigned i = 0; i + 1 < n; i++)
        s += 100.0 * (x[i + 1] - x[i] * x[i]) * (x[i + 1] - x[i] * x[i]) + (1 - x[i]) * (1 - x[i]);
    return s;
}

static double rosen_g(const double *x, unsigned n, unsigned i)
{
    double g = 0.0;
    if (i + 1 < n) g += -400.0 * x[i] * (x[i + 1] - x[i] * x[i]) - 2.0 * (1.0 - x[i]);
    if (i > 0) g += 200.0 * (x[i] - x[i - 1] * x[i - 1]);
    return g;
}

static double rosen_h(const double *x, unsigned n, unsigned i, unsigned j)
{
    if (i == j) {
        double h = 0.0;
        if (i + 1 < n) h += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
        if (i > 0) h += 200.0;
        return h;
    }
    if (j == i + 1) return -400.0 * x[i];
    if (i == j + 1) return -400.0 * x[j];
    return 0.0;
}

/* magnitudes of the terms summed in rosen_g and rosen_h: the rounding error of any method
 * is relative to these, not to the (possibly cancelled) result */
static double rosen_gs(const double *x, unsigned n, unsigned i)
{
    double s = 1.0;
    if (i + 1 < n) s += 400.0 * fabs(x[i]) * (fabs(x[i + 1]) + x[i] * x[i]) + 2.0 * (1.0 + fabs(x[i]));
    if (i > 0) s += 200.0 * (fabs(x[i]) + x[i - 1] * x[i - 1]);
    return s;
}

static double rosen_hs(const double *x, unsigned n, unsigned i)
{
    return 1200.0 * x[i] * x[i] + 400.0 * (i + 1 < n ? fabs(x[i + 1]) : 0.0) + 202.0;
}

static void rosen_point(double *x, unsigned n, unsigned seed)
{
    srand(seed);
    for (unsigned i = 0; i < n; i++) x[i] = -2.0 + 4.0 * rand() / (double)RAND_MAX;
}

Test(hessian, rosenbrock_diag_both_methods)
{
    static const unsigned ns[] = {2, 3, 7, 8, 9, 17, 40};
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        unsigned n = ns[t];
        double x[40], g1[40], h1[40], g2[40], h2[40], f1 = 0, f2 = 0;
        dnum_o2 w1[40];
        rosen_point(x, n, 17 + n);
        cr_assert_eq(dn_hessdiag(&f1, g1, h1, rosen, NULL, x, n, w1), 0);
        cr_assert_eq(dn_hessdiag_lanes(&f2, g2, h2, rosen_lanes, NULL, x, n, NULL), 0);
        double fw = rosen_f(x, n);
        cr_expect(relerr(f1, fw, 1.0) < 1e-14, "n=%u f %.17g want %.17g", n, f1, fw);
        cr_expect(relerr(f2, fw, 1.0) < 1e-14, "n=%u lanes f %.17g want %.17g", n, f2, fw);
        for (unsigned i = 0; i < n; i++) {
            double gw = rosen_g(x, n, i), hw = rosen_h(x, n, i, i);
            double gs = rosen_gs(x, n, i), hs = rosen_hs(x, n, i);
            cr_expect(relerr(g1[i], gw, gs) < 1e-14, "n=%u g[%u] %.17g want %.17g", n, i, g1[i], gw);
            cr_expect(relerr(h1[i], hw, hs) < 1e-14, "n=%u h[%u] %.17g want %.17g", n, i, h1[i], hw);
            cr_expect(relerr(g2[i], gw, gs) < 1e-14, "n=%u lanes g[%u] %.17g want %.17g", n, i, g2[i], gw);
            cr_expect(relerr(h2[i], hw, hs) < 1e-14, "n=%u lanes h[%u] %.17g want %.17g", n, i, h2[i], hw);
        }
    }
}

Test(hessian, rosenbrock_w3_start_point)
{
    /* the W3 point of docs/benchmarks.md, against the closed-form diagonal */
    enum { n = 2000 };
    static double x[n], h[n], g[n], hl[n];
    for (unsigned i = 0; i < n; i++) x[i] = (i % 2 == 0) ? -1.2 : 1.0;
    cr_assert_eq(dn_hessdiag(NULL, g, h, rosen, NULL, x, n, NULL), 0);
    cr_assert_eq(dn_hessdiag_lanes(NULL, NULL, hl, rosen_lanes, NULL, x, n, NULL), 0);
    for (unsigned i = 0; i < n; i++) {
        double hw = rosen_h(x, n, i, i), hs = rosen_hs(x, n, i);
        cr_expect(relerr(h[i], hw, hs) < 1e-14, "h[%u] %.17g want %.17g", i, h[i], hw);
        cr_expect(relerr(hl[i], hw, hs) < 1e-14, "lanes h[%u] %.17g want %.17g", i, hl[i], hw);
        cr_expect(relerr(g[i], rosen_g(x, n, i), rosen_gs(x, n, i)) < 1e-14, "g[%u]", i);
    }
}

Test(hessian, rosenbrock_full)
{
    enum { n = 6 };
    double x[n], H[n * n], hd[n], g[n], f;
    rosen_point(x, n, 5);
    cr_assert_eq(dn_hessian(&f, g, H, rosen, NULL, x, n, NULL), 0);
    cr_assert_eq(dn_hessdiag(NULL, NULL, hd, rosen, NULL, x, n, NULL), 0);
    cr_expect(relerr(f, rosen_f(x, n), 1.0) < 1e-14);
    for (unsigned i = 0; i < n; i++) {
        cr_expect(relerr(g[i], rosen_g(x, n, i), rosen_gs(x, n, i)) < 1e-14);
        cr_expect_eq(H[i * n + i], hd[i], "diagonal %u differs from dn_hessdiag", i);
        for (unsigned j = 0; j < n; j++) {
            cr_expect_eq(H[i * n + j], H[j * n + i], "not symmetric at %u,%u", i, j);
            /* polarisation: absolute error relative to the diagonal entries involved */
            double scale = rosen_hs(x, n, i) + rosen_hs(x, n, j) + 800.0 * fabs(x[i < j ? i : j]);
            cr_expect(fabs(H[i * n + j] - rosen_h(x, n, i, j)) < 1e-14 * scale,
                      "H[%u,%u] %.17g want %.17g", i, j, H[i * n + j], rosen_h(x, n, i, j));
        }
    }
}

/* ---- Goldstein-Price ------------------------------------------------------------------ */
/* p = A B, A = 1 + a^2 P, B = 30 + b^2 Q, a = x + y + 1, b = 2x - 3y,
 * P = 19 - 14x + 3x^2 - 14y + 6xy + 3y^2, Q = 18 - 32x + 12x^2 + 48y - 36xy + 27y^2 */

DN_OBJECTIVE_O2(gp, T, x, n, ctx,
    T X = x[0], Y = x[1];
    T a = dnh_add_d(dnh_add(X, Y), 1.0);
    T b = dnh_sub(dnh_mul_d(X, 2.0), dnh_mul_d(Y, 3.0));
    T P = dnh_add(dnh_add(dnh_add_d(dnh_mul_d(X, -14.0), 19.0), dnh_mul_d(dnh_mul(X, X), 3.0)),
                  dnh_add(dnh_mul_d(Y, -14.0),
                          dnh_add(dnh_mul_d(dnh_mul(X, Y), 6.0), dnh_mul_d(dnh_mul(Y, Y), 3.0))));
    T Q = dnh_add(dnh_add(dnh_add_d(dnh_mul_d(X, -32.0), 18.0), dnh_mul_d(dnh_mul(X, X), 12.0)),
                  dnh_add(dnh_mul_d(Y, 48.0),
                          dnh_add(dnh_mul_d(dnh_mul(X, Y), -36.0), dnh_mul_d(dnh_mul(Y, Y), 27.0))));
    T A = dnh_add_d(dnh_mul(dnh_mul(a, a), P), 1.0);
    T B = dnh_add_d(dnh_mul(dnh_mul(b, b), Q), 30.0);
    return dnh_mul(A, B);)

/* closed form: value, gradient (gx, gy) and Hessian (hxx, hxy, hyy) */
static void gp_closed(double x, double y, double *f, double g[2], double h[3], double gs[2],
                      double hs[3])
{
    double a = x + y + 1, b = 2 * x - 3 * y;
    double P = 19 - 14 * x + 3 * x * x - 14 * y + 6 * x * y + 3 * y * y;
    double Px = -14 + 6 * x + 6 * y, Py = -14 + 6 * x + 6 * y, Pxx = 6, Pxy = 6, Pyy = 6;
    double Q = 18 - 32 * x + 12 * x * x + 48 * y - 36 * x * y + 27 * y * y;
    double Qx = -32 + 24 * x - 36 * y, Qy = 48 - 36 * x + 54 * y, Qxx = 24, Qxy = -36, Qyy = 54;
    /* A = 1 + a^2 P with a_x = a_y = 1; B = 30 + b^2 Q with b_x = 2, b_y = -3 */
    double A = 1 + a * a * P;
    double Ax = 2 * a * P + a * a * Px, Ay = 2 * a * P + a * a * Py;
    double Axx = 2 * P + 4 * a * Px + a * a * Pxx;
    double Axy = 2 * P + 2 * a * Py + 2 * a * Px + a * a * Pxy;
    double Ayy = 2 * P + 4 * a * Py + a * a * Pyy;
    double B = 30 + b * b * Q;
    double Bx = 4 * b * Q + b * b * Qx, By = -6 * b * Q + b * b * Qy;
    double Bxx = 8 * Q + 8 * b * Qx + b * b * Qxx;
    double Bxy = -12 * Q + 4 * b * Qy - 6 * b * Qx + b * b * Qxy;
    double Byy = 18 * Q - 12 * b * Qy + b * b * Qyy;
    *f = A * B;
    /* magnitudes of the product-rule terms (each factor as a sum of absolute terms) */
    double aA = 1 + a * a * fabs(P), aB = 30 + b * b * fabs(Q);
    double aAx = fabs(2 * a * P) + fabs(a * a * Px), aAy = aAx;
    double aBx = fabs(4 * b * Q) + fabs(b * b * Qx), aBy = fabs(6 * b * Q) + fabs(b * b * Qy);
    double aAxx = fabs(2 * P) + fabs(4 * a * Px) + a * a * 6, aAyy = aAxx, aAxy = aAxx;
    double aBxx = fabs(8 * Q) + fabs(8 * b * Qx) + b * b * 24;
    double aByy = fabs(18 * Q) + fabs(12 * b * Qy) + b * b * 54;
    double aBxy = fabs(12 * Q) + fabs(4 * b * Qy) + fabs(6 * b * Qx) + b * b * 36;
    gs[0] = aAx * aB + aA * aBx;
    gs[1] = aAy * aB + aA * aBy;
    hs[0] = aAxx * aB + 2 * aAx * aBx + aA * aBxx;
    hs[1] = aAxy * aB + aAx * aBy + aAy * aBx + aA * aBxy;
    hs[2] = aAyy * aB + 2 * aAy * aBy + aA * aByy;
    g[0] = Ax * B + A * Bx;
    g[1] = Ay * B + A * By;
    h[0] = Axx * B + 2 * Ax * Bx + A * Bxx;
    h[1] = Axy * B + Ax * By + Ay * Bx + A * Bxy;
    h[2] = Ayy * B + 2 * Ay * By + A * Byy;
}

Test(hessian, goldstein_price)
{
    static const double pts[][2] = {{0.0, -1.0}, {1.0, 1.0}, {-0.6, -0.4}, {1.8, 0.2},
                                    {-1.3, 1.7}, {0.25, -1.9}};
    for (size_t t = 0; t < sizeof pts / sizeof pts[0]; t++) {
        double x[2] = {pts[t][0], pts[t][1]}, f1, f2, g1[2], g2[2], h1[2], h2[2], H[4], fw,
               gw[2], hw[3], gs[2], hs[3];
        gp_closed(x[0], x[1], &fw, gw, hw, gs, hs);
        cr_assert_eq(dn_hessdiag(&f1, g1, h1, gp, NULL, x, 2, NULL), 0);
        cr_assert_eq(dn_hessdiag_lanes(&f2, g2, h2, gp_lanes, NULL, x, 2, NULL), 0);
        cr_assert_eq(dn_hessian(NULL, NULL, H, gp, NULL, x, 2, NULL), 0);
        cr_expect(relerr(f1, fw, 1.0) < 1e-14 && relerr(f2, fw, 1.0) < 1e-14, "f at %zu", t);
        for (int i = 0; i < 2; i++) {
            cr_expect(fabs(g1[i] - gw[i]) < 1e-14 * gs[i], "g%d at (%g,%g): %.17g want %.17g", i,
                      x[0], x[1], g1[i], gw[i]);
            cr_expect(fabs(g2[i] - gw[i]) < 1e-14 * gs[i], "lanes g%d at %zu", i, t);
            cr_expect(fabs(h1[i] - hw[2 * i]) < 1e-14 * hs[2 * i], "h%d%d at (%g,%g): %.17g want %.17g",
                      i, i, x[0], x[1], h1[i], hw[2 * i]);
            cr_expect(fabs(h2[i] - hw[2 * i]) < 1e-14 * hs[2 * i], "lanes h%d%d at %zu", i, i, t);
        }
        cr_expect_eq(H[0], h1[0]);
        cr_expect_eq(H[3], h1[1]);
        cr_expect_eq(H[1], H[2]);
        /* polarisation: error relative to the terms of H_xx + 2 H_xy + H_yy */
        cr_expect(fabs(H[1] - hw[1]) < 1e-14 * (hs[0] + 2 * hs[1] + hs[2]), "hxy at (%g,%g): %.17g want %.17g", x[0],
                  x[1], H[1], hw[1]);
    }
    /* the bench floor's sanity values: gradient (-5376, 8064) at (1, 1); minimum 3 at (0,-1) */
    double x[2] = {1.0, 1.0}, g[2], h[2], f;
    cr_assert_eq(dn_hessdiag(NULL, g, h, gp, NULL, x, 2, NULL), 0);
    cr_expect(g[0] == -5376.0 && g[1] == 8064.0, "gradient at (1,1): %.17g %.17g", g[0], g[1]);
    x[0] = 0.0;
    x[1] = -1.0;
    cr_assert_eq(dn_hessdiag_lanes(&f, g, h, gp_lanes, NULL, x, 2, NULL), 0);
    cr_expect(f == 3.0 && g[0] == 0.0 && g[1] == 0.0, "minimum: f %.17g g %g %g", f, g[0], g[1]);
}

/* ---- random integer quadratic x^T A x + b.x: every result exact ------------------------ */

enum { QN = 13 };
struct quad {
    double A[QN][QN], b[QN];
};

DN_OBJECTIVE_O2(quad, T, x, n, ctx,
    const struct quad *q = ctx;
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i < n; i++) {
        T r = dnh_const(T, q->b[i]);
        for (unsigned j = 0; j < n; j++) r = dnh_add(r, dnh_mul_d(x[j], q->A[i][j]));
        s = dnh_add(s, dnh_mul(x[i], r)); /* x_i (b_i + sum_j A_ij x_j) */
    }
    return s;)

static void quad_make(struct quad *q, double *x, unsigned seed)
{
    srand(seed);
    for (int i = 0; i < QN; i++) {
        for (int j = 0; j < QN; j++) q->A[i][j] = (double)(rand() % 11 - 5);
        q->b[i] = (double)(rand() % 21 - 10);
        x[i] = 0.5 * (double)(rand() % 13 - 6);
    }
}

Test(hessian, quadratic_exact)
{
    for (unsigned seed = 1; seed <= 5; seed++) {
        struct quad q;
        double x[QN], g1[QN], g2[QN], h1[QN], h2[QN], H[QN * QN], gH[QN], f1, f2, fH;
        quad_make(&q, x, seed);
        cr_assert_eq(dn_hessdiag(&f1, g1, h1, quad, &q, x, QN, NULL), 0);
        cr_assert_eq(dn_hessdiag_lanes(&f2, g2, h2, quad_lanes, &q, x, QN, NULL), 0);
        cr_assert_eq(dn_hessian(&fH, gH, H, quad, &q, x, QN, NULL), 0);
        double fw = 0.0;
        for (int i = 0; i < QN; i++) {
            fw += q.b[i] * x[i];
            for (int j = 0; j < QN; j++) fw += q.A[i][j] * x[i] * x[j];
        }
        cr_expect(f1 == fw && f2 == fw && fH == fw, "f %g %g %g want %g", f1, f2, fH, fw);
        for (int i = 0; i < QN; i++) {
            double gw = q.b[i];
            for (int j = 0; j < QN; j++) gw += (q.A[i][j] + q.A[j][i]) * x[j];
            cr_expect(g1[i] == gw && g2[i] == gw && gH[i] == gw, "g[%d] %g %g %g want %g", i,
                      g1[i], g2[i], gH[i], gw);
            cr_expect(h1[i] == 2.0 * q.A[i][i] && h2[i] == 2.0 * q.A[i][i], "h[%d]", i);
            for (int j = 0; j < QN; j++)
                cr_expect(H[i * QN + j] == q.A[i][j] + q.A[j][i], "H[%d,%d] = %g want %g", i, j,
                          H[i * QN + j], q.A[i][j] + q.A[j][i]);
        }
    }
}

Test(hessian, lanes_seeded_direction)
{
    /* a general direction s in every lane: g = grad.s, h = s^T H s, exact for the quadratic */
    struct quad q;
    double x[QN];
    quad_make(&q, x, 9);
    dlane_o2 w[QN];
    double s[QN][DN_LANES];
    for (int i = 0; i < QN; i++)
        for (int l = 0; l < DN_LANES; l++) s[i][l] = (double)((i * 7 + l * 3) % 5 - 2);
    for (int i = 0; i < QN; i++) w[i] = dlane_o2_seed(x[i], s[i]);
    dlane_o2 r = quad_lanes(w, QN, &q);
    for (int l = 0; l < DN_LANES; l++) {
        double gw = 0.0, hw = 0.0;
        for (int i = 0; i < QN; i++) {
            double gi = q.b[i];
            for (int j = 0; j < QN; j++) {
                gi += (q.A[i][j] + q.A[j][i]) * x[j];
                hw += s[i][l] * (q.A[i][j] + q.A[j][i]) * s[j][l];
            }
            gw += gi * s[i][l];
        }
        cr_expect(dlane_o2_grad(r, l) == gw && dlane_o2_hess(r, l) == hw, "lane %d: %g %g want %g %g",
                  l, dlane_o2_grad(r, l), dlane_o2_hess(r, l), gw, hw);
    }
    cr_expect(isnan(dlane_o2_grad(r, DN_LANES)) && isnan(dlane_o2_hess(r, DN_LANES)));
    dlane_o2 c = dlane_o2_const(2.5);
    cr_expect(dlane_o2_value(c) == 2.5 && dlane_o2_grad(c, 0) == 0.0 && dlane_o2_hess(c, 3) == 0.0);
}

/* ---- every dlane_o2 function against the fixed family ------------------------------------ */
/* f(x) = F(u, v) for composite u, v of all n coordinates: dn_hessdiag runs the dnum_o2
 * recurrences, dn_hessdiag_lanes the lanes' chain-rule formulas; both must agree. */

#include "hess_fun.h" /* fun: every function of the family, NFUN variants */

Test(hessian, lanes_functions_agree_with_fixed)
{
    enum { n = 11 };
    double x[n] = {0.7, -0.9, 1.3};
    for (unsigned j = 3; j < n; j++) x[j] = 0.1 * j - 0.5;
    for (int which = 0; which < NFUN; which++) {
        double f1, f2, g1[n], g2[n], h1[n], h2[n];
        cr_assert_eq(dn_hessdiag(&f1, g1, h1, fun, &which, x, n, NULL), 0);
        cr_assert_eq(dn_hessdiag_lanes(&f2, g2, h2, fun_lanes, &which, x, n, NULL), 0);
        double sg = 1e-3, sh = 1e-3;
        for (unsigned i = 0; i < n; i++) {
            sg = fmax(sg, fabs(g1[i]));
            sh = fmax(sh, fabs(h1[i]));
        }
        cr_expect(relerr(f2, f1, 0.0) < 1e-15, "fun %d: f %.17g vs %.17g", which, f2, f1);
        for (unsigned i = 0; i < n; i++) {
            cr_expect(isfinite(g1[i]) && isfinite(h1[i]), "fun %d: non-finite reference", which);
            cr_expect(fabs(g2[i] - g1[i]) <= 1e-14 * sg, "fun %d: g[%u] lanes %.17g fixed %.17g",
                      which, i, g2[i], g1[i]);
            cr_expect(fabs(h2[i] - h1[i]) <= 1e-13 * sh, "fun %d: h[%u] lanes %.17g fixed %.17g",
                      which, i, h2[i], h1[i]);
        }
    }
}

Test(hessian, lanes_domain_errors_are_nan)
{
    /* log of a negative: the value and every derivative are NaN, as in the fixed family */
    dlane_o2 u = dlane_o2_var(-1.0, 0);
    dlane_o2 r = dlane_o2_log(u);
    cr_expect(isnan(r.v) && isnan(dlane_o2_grad(r, 0)) && isnan(dlane_o2_hess(r, 0)));
    r = dlane_o2_abs(dlane_o2_var(0.0, 2));
    cr_expect(r.v == 0.0 && isnan(dlane_o2_grad(r, 2)));
    r = dlane_o2_sqrt(dlane_o2_var(0.0, 1));
    cr_expect(r.v == 0.0 && isinf(dlane_o2_grad(r, 1)) && dlane_o2_grad(r, 1) > 0);
}

/* ---- workspace, aliasing and errors ---------------------------------------------------- */

Test(hessian, workspace_and_aliasing)
{
    enum { n = 19 };
    double x[n], g[n], h[n], g2[n], h2[n], f, f2;
    dlane_o2 wl[n];
    dnum_o2 w[n];
    rosen_point(x, n, 3);
    cr_assert_eq(dn_hessdiag_lanes(&f, g, h, rosen_lanes, NULL, x, n, NULL), 0);
    for (unsigned i = 0; i < n; i++) wl[i] = dlane_o2_var(99.0, 3); /* garbage in the workspace */
    cr_assert_eq(dn_hessdiag_lanes(&f2, g2, h2, rosen_lanes, NULL, x, n, wl), 0);
    for (unsigned i = 0; i < n; i++) cr_expect(g2[i] == g[i] && h2[i] == h[i]);
    for (unsigned i = 0; i < n; i++)
        cr_expect(wl[i].v == x[i] && !wl[i].act, "workspace holds x as constants on return");
    /* gradient written over x */
    double xa[n];
    for (unsigned i = 0; i < n; i++) xa[i] = x[i];
    cr_assert_eq(dn_hessdiag_lanes(NULL, xa, h2, rosen_lanes, NULL, xa, n, NULL), 0);
    for (unsigned i = 0; i < n; i++) cr_expect(xa[i] == g[i] && h2[i] == h[i]);
    for (unsigned i = 0; i < n; i++) xa[i] = x[i];
    for (unsigned i = 0; i < n; i++) w[i] = dnum_o2_var(-5.0);
    cr_assert_eq(dn_hessdiag(NULL, g2, xa, rosen, NULL, xa, n, w), 0); /* hdiag over x */
    for (unsigned i = 0; i < n; i++) cr_expect(xa[i] == h[i] && g2[i] == g[i]);
    (void)f;
}

Test(hessian, bad_arguments)
{
    double x[3] = {1, 2, 3}, g[3] = {7, 7, 7}, h[9] = {7, 7, 7, 7, 7, 7, 7, 7, 7}, f = 7;
    cr_expect_eq(dn_hessdiag(&f, g, h, rosen, NULL, x, 0, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag(&f, g, h, NULL, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag(&f, g, h, rosen, NULL, NULL, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag(&f, g, NULL, rosen, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_lanes(&f, g, h, rosen_lanes, NULL, x, 0, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_lanes(&f, g, h, NULL, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_lanes(&f, g, h, rosen_lanes, NULL, NULL, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_lanes(&f, g, NULL, rosen_lanes, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessian(&f, g, h, rosen, NULL, x, 0, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessian(&f, g, h, NULL, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessian(&f, g, h, rosen, NULL, NULL, 3, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessian(&f, g, NULL, rosen, NULL, x, 3, NULL), DN_EINVAL);
    cr_expect(f == 7.0, "fx written on error");
    for (int i = 0; i < 3; i++) cr_expect(g[i] == 7.0, "grad written on error");
    for (int i = 0; i < 9; i++) cr_expect(h[i] == 7.0, "hessian written on error");
    /* the valid call next to them does write */
    cr_expect_eq(dn_hessdiag(&f, NULL, h, rosen, NULL, x, 3, NULL), 0);
    cr_expect(f == rosen_f(x, 3) && h[0] == rosen_h(x, 3, 0, 0));
}

/* st, and *e as a call of an _ex variant must have filled it */
static void expect_err(int st, const dn_errinfo *e, int code, unsigned arg, const char *msg)
{
    cr_expect_eq(st, code, "status %d, want %d (%s)", st, code, msg);
    cr_expect_eq(e->code, code, "err.code %d, want %d (%s)", e->code, code, msg);
    cr_expect_eq(e->arg, arg, "err.arg %u, want %u (%s)", e->arg, arg, msg);
    cr_expect_eq(e->elem, SIZE_MAX, "err.elem %zu (%s)", e->elem, msg);
    cr_expect_str_eq(e->msg, msg);
}

static dnum2_o2 sumsq2(const dnum2_o2 *x, unsigned n, void *ctx)
{
    (void)ctx;
    dnum2_o2 s = dnum2_o2_const(0.0);
    for (unsigned i = 0; i < n; i++) s = dnum2_o2_add(s, dnum2_o2_mul(x[i], x[i]));
    return s;
}

Test(hessian, error_details)
{
    double x[3] = {1, 2, 3}, g[3] = {7, 7, 7}, h[9] = {7, 7, 7, 7, 7, 7, 7, 7, 7}, f = 7;
    dn_errinfo e;
    expect_err(dn_hessdiag_ex(&f, g, NULL, rosen, NULL, x, 3, NULL, &e), &e, DN_EINVAL, 3,
               "dn_hessdiag: argument 3: hdiag is NULL");
    expect_err(dn_hessdiag_ex(&f, g, h, NULL, NULL, x, 3, NULL, &e), &e, DN_EINVAL, 4,
               "dn_hessdiag: argument 4: f is NULL");
    expect_err(dn_hessdiag_ex(&f, g, h, rosen, NULL, NULL, 3, NULL, &e), &e, DN_EINVAL, 6,
               "dn_hessdiag: argument 6: x is NULL");
    expect_err(dn_hessdiag_ex(&f, g, h, rosen, NULL, x, 0, NULL, &e), &e, DN_EINVAL, 7,
               "dn_hessdiag: argument 7: n is 0");
    expect_err(dn_hessdiag_lanes_ex(&f, g, h, rosen_lanes, NULL, x, 0, NULL, &e), &e,
               DN_EINVAL, 7, "dn_hessdiag_lanes: argument 7: n is 0");
    expect_err(dn_hessian_ex(&f, g, NULL, rosen, NULL, x, 3, NULL, &e), &e, DN_EINVAL, 3,
               "dn_hessian: argument 3: hess is NULL");
    expect_err(dnum2_hessian_ex(&f, g, h, sumsq2, NULL, 3, NULL, NULL, &e), &e, DN_EINVAL, 5,
               "dnum2_hessian: argument 5: x is NULL");
    expect_err(dnum2_hessian_ex(&f, g, h, sumsq2, x, 0, NULL, NULL, &e), &e, DN_EINVAL, 6,
               "dnum2_hessian: argument 6: n is 0");
    cr_expect(f == 7.0 && g[0] == 7.0 && h[0] == 7.0, "written on error");
    /* success: code 0 and an empty message; NULL err is fine */
    expect_err(dn_hessdiag_ex(&f, NULL, h, rosen, NULL, x, 3, NULL, &e), &e, DN_OK, 0, "");
    expect_err(dn_hessdiag_lanes_ex(&f, g, h, rosen_lanes, NULL, x, 3, NULL, &e), &e, DN_OK,
               0, "");
    expect_err(dn_hessian_ex(&f, g, h, rosen, NULL, x, 3, NULL, &e), &e, DN_OK, 0, "");
    expect_err(dnum2_hessian_ex(&f, g, h, sumsq2, x, 3, NULL, NULL, &e), &e, DN_OK, 0, "");
    cr_expect(h[8] == 2.0);
    cr_expect_eq(dn_hessian_ex(&f, g, h, rosen, NULL, x, 0, NULL, NULL), DN_EINVAL);
}
