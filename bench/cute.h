/* Four partially separable problems of the CUTEst collection, written plainly once with
 * DN_OBJECTIVE_O2, for bench/bench_hessian.c (workload CUTE) and tests/test_plan.c; with
 * the plain function and hand-derived code for the value, gradient and Hessian diagonal
 * (the problems' formulas are public; x is 0-based here, x[n-1] the last variable):
 *   ARWHEAD   sum_{i < n-1} (3 - 4 x_i) + (x_i^2 + x_{n-1}^2)^2
 *   BDQRTIC   sum_{i < n-4} (3 - 4 x_i)^2 + (x_i^2 + 2 x_{i+1}^2 + 3 x_{i+2}^2 + 4 x_{i+3}^2
 *             + 5 x_{n-1}^2)^2
 *   CHAINWOO  1 + sum over odd j with j + 2 < n of 100 (x_j - x_{j-1}^2)^2 + (1 - x_{j-1})^2
 *             + 90 (x_{j+2} - x_{j+1}^2)^2 + (1 - x_{j+1})^2 + 10 (x_j + x_{j+2} - 2)^2
 *             + 0.1 (x_j - x_{j+2})^2
 *   NONDQUAR  (x_0 - x_1)^2 + (x_{n-2} + x_{n-1})^2 + sum_{i < n-2} (x_i + x_{i+1} + x_{n-1})^4
 * The hand functions return f and write g and h (n entries each). */
#ifndef DNUM_BENCH_CUTE_H
#define DNUM_BENCH_CUTE_H
#include <string.h>
#include <dnum/dnum.h>

DN_OBJECTIVE_O2(arwhead, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    T xn2 = dnh_mul(x[n - 1], x[n - 1]);
    for (unsigned i = 0; i + 1 < n; i++) {
        T q = dnh_add(dnh_mul(x[i], x[i]), xn2);
        s = dnh_add(s, dnh_add(dnh_d_sub(3.0, dnh_mul_d(x[i], 4.0)), dnh_mul(q, q)));
    }
    return s;)

DN_OBJECTIVE_O2(bdqrtic, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    T xn2 = dnh_mul_d(dnh_mul(x[n - 1], x[n - 1]), 5.0);
    for (unsigned i = 0; i + 4 < n; i++) {
        T a = dnh_d_sub(3.0, dnh_mul_d(x[i], 4.0));
        T q = dnh_add(dnh_mul(x[i], x[i]), dnh_mul_d(dnh_mul(x[i + 1], x[i + 1]), 2.0));
        q = dnh_add(q, dnh_mul_d(dnh_mul(x[i + 2], x[i + 2]), 3.0));
        q = dnh_add(q, dnh_mul_d(dnh_mul(x[i + 3], x[i + 3]), 4.0));
        q = dnh_add(q, xn2);
        s = dnh_add(s, dnh_add(dnh_mul(a, a), dnh_mul(q, q)));
    }
    return s;)

DN_OBJECTIVE_O2(chainwoo, T, x, n, ctx,
    T s = dnh_const(T, 1.0);
    for (unsigned j = 1; j + 2 < n; j += 2) {
        T a = dnh_sub(x[j], dnh_mul(x[j - 1], x[j - 1])), b = dnh_d_sub(1.0, x[j - 1]);
        T c = dnh_sub(x[j + 2], dnh_mul(x[j + 1], x[j + 1])), d = dnh_d_sub(1.0, x[j + 1]);
        T e = dnh_sub_d(dnh_add(x[j], x[j + 2]), 2.0), f = dnh_sub(x[j], x[j + 2]);
        T t = dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b));
        t = dnh_add(t, dnh_add(dnh_mul_d(dnh_mul(c, c), 90.0), dnh_mul(d, d)));
        t = dnh_add(t, dnh_add(dnh_mul_d(dnh_mul(e, e), 10.0), dnh_mul_d(dnh_mul(f, f), 0.1)));
        s = dnh_add(s, t);
    }
    return s;)

DN_OBJECTIVE_O2(nondquar, T, x, n, ctx,
    T a = dnh_sub(x[0], x[1]), b = dnh_add(x[n - 2], x[n - 1]);
    T s = dnh_add(dnh_mul(a, a), dnh_mul(b, b));
    for (unsigned i = 0; i + 2 < n; i++) {
        T q = dnh_add(dnh_add(x[i], x[i + 1]), x[n - 1]);
        q = dnh_mul(q, q);
        s = dnh_add(s, dnh_mul(q, q));
    }
    return s;)

/* ---- hand-derived value, gradient and Hessian diagonal ------------------------------------ */

static inline double arwhead_hand(const double *x, unsigned n, double *g, double *h)
{
    double f = 0.0, xn = x[n - 1], xn2 = xn * xn;
    memset(g, 0, n * sizeof *g);
    memset(h, 0, n * sizeof *h);
    for (unsigned i = 0; i + 1 < n; i++) {
        double q = x[i] * x[i] + xn2;
        f += 3.0 - 4.0 * x[i] + q * q;
        g[i] = -4.0 + 4.0 * q * x[i];
        h[i] = 8.0 * x[i] * x[i] + 4.0 * q;
        g[n - 1] += 4.0 * q * xn;
        h[n - 1] += 8.0 * xn2 + 4.0 * q;
    }
    return f;
}

static inline double bdqrtic_hand(const double *x, unsigned n, double *g, double *h)
{
    double f = 0.0, xn = x[n - 1], xn2 = 5.0 * xn * xn;
    memset(g, 0, n * sizeof *g);
    memset(h, 0, n * sizeof *h);
    for (unsigned i = 0; i + 4 < n; i++) {
        double a = 3.0 - 4.0 * x[i], q = xn2;
        for (unsigned k = 0; k < 4; k++) q += (k + 1.0) * x[i + k] * x[i + k];
        f += a * a + q * q;
        g[i] += -8.0 * a, h[i] += 32.0;
        for (unsigned k = 0; k < 4; k++) {
            double c = k + 1.0, y = x[i + k];
            g[i + k] += 4.0 * c * q * y;
            h[i + k] += 4.0 * c * q + 8.0 * c * c * y * y;
        }
        g[n - 1] += 20.0 * q * xn;
        h[n - 1] += 20.0 * q + 200.0 * xn * xn;
    }
    return f;
}

static inline double chainwoo_hand(const double *x, unsigned n, double *g, double *h)
{
    double f = 1.0;
    memset(g, 0, n * sizeof *g);
    memset(h, 0, n * sizeof *h);
    for (unsigned j = 1; j + 2 < n; j += 2) {
        double a = x[j] - x[j - 1] * x[j - 1], b = 1.0 - x[j - 1];
        double c = x[j + 2] - x[j + 1] * x[j + 1], d = 1.0 - x[j + 1];
        double e = x[j] + x[j + 2] - 2.0, q = x[j] - x[j + 2];
        f += 100.0 * a * a + b * b + 90.0 * c * c + d * d + 10.0 * e * e + 0.1 * q * q;
        g[j - 1] += -400.0 * a * x[j - 1] - 2.0 * b;
        h[j - 1] += 800.0 * x[j - 1] * x[j - 1] - 400.0 * a + 2.0;
        g[j] += 200.0 * a + 20.0 * e + 0.2 * q, h[j] += 220.2;
        g[j + 1] += -360.0 * c * x[j + 1] - 2.0 * d;
        h[j + 1] += 720.0 * x[j + 1] * x[j + 1] - 360.0 * c + 2.0;
        g[j + 2] += 180.0 * c + 20.0 * e - 0.2 * q, h[j + 2] += 200.2;
    }
    return f;
}

static inline double nondquar_hand(const double *x, unsigned n, double *g, double *h)
{
    double a = x[0] - x[1], b = x[n - 2] + x[n - 1], f = a * a + b * b;
    memset(g, 0, n * sizeof *g);
    memset(h, 0, n * sizeof *h);
    g[0] += 2.0 * a, g[1] -= 2.0 * a, h[0] += 2.0, h[1] += 2.0;
    g[n - 2] += 2.0 * b, g[n - 1] += 2.0 * b, h[n - 2] += 2.0, h[n - 1] += 2.0;
    for (unsigned i = 0; i + 2 < n; i++) {
        double r = x[i] + x[i + 1] + x[n - 1], r2 = r * r;
        f += r2 * r2;
        double gr = 4.0 * r2 * r, hr = 12.0 * r2;
        g[i] += gr, g[i + 1] += gr, g[n - 1] += gr;
        h[i] += hr, h[i + 1] += hr, h[n - 1] += hr;
    }
    return f;
}

#endif
