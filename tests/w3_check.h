/* The closed forms of the chained Rosenbrock function of bench/w3_rosen.h (shared by
 * tests/test_onepass.c and tests/test_elements.c): w3_check compares a driver's value f,
 * gradient g, Hessian diagonal h, product hv = H v and sparse Hessian S (2n - 1 entries,
 * H_{i,i-1} = -400 x_{i-1}) at x with them. */
#ifndef DNUM_TEST_W3_CHECK_H
#define DNUM_TEST_W3_CHECK_H
#include <math.h>
#include <criterion/criterion.h>
#include <dnum/dnum.h>

/* |got - want| <= tol * scale */
#define NEAR(got, want, scale, tol, ...)                                                   \
    cr_expect(fabs((got) - (want)) <= (tol) * (scale), __VA_ARGS__)

static inline void w3_check(unsigned n, const double *x, const double *v, double f, const double *g,
                            const double *h, const double *hv, const dn_sphess *S)
{
    double fw = 0.0;
    for (unsigned i = 0; i < n; i++) {
        double hw = 0.0, gw = 0.0, s = 202.0 + 1200.0 * x[i] * x[i];
        if (i + 1 < n) {
            double a = x[i + 1] - x[i] * x[i];
            fw += 100.0 * a * a + (1.0 - x[i]) * (1.0 - x[i]);
            hw += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
            gw += -400.0 * x[i] * a - 2.0 * (1.0 - x[i]);
            s += 400.0 * fabs(x[i + 1]);
        }
        if (i > 0) hw += 200.0, gw += 200.0 * (x[i] - x[i - 1] * x[i - 1]);
        NEAR(h[i], hw, s, 1e-14, "n=%u h[%u] %.17g want %.17g", n, i, h[i], hw);
        NEAR(g[i], gw, s * (1.0 + fabs(x[i])), 1e-14, "n=%u g[%u]", n, i);
    }
    NEAR(f, fw, fabs(fw), 1e-13, "n=%u f", n);
    for (unsigned i = 0; i < n; i++) { /* H v: tridiagonal, H_{i,i+1} = -400 x_i */
        double want = h[i] * v[i];
        if (i + 1 < n) want += -400.0 * x[i] * v[i + 1];
        if (i > 0) want += -400.0 * x[i - 1] * v[i - 1];
        NEAR(hv[i], want, 2000.0 * (1.0 + fabs(h[i])), 1e-14, "n=%u Hv[%u]", n, i);
    }
    cr_assert_eq(S->nnz, 2 * (size_t)n - 1);
    for (unsigned i = 0; i < n; i++) {
        size_t b = S->rowptr[i], e = S->rowptr[i + 1];
        cr_assert_eq(e - b, i ? 2u : 1u, "row %u", i);
        cr_expect_eq(S->col[e - 1], i);
        NEAR(S->val[e - 1], h[i], fabs(h[i]) + 1.0, 1e-14, "n=%u Hii", n);
        if (i) {
            cr_expect_eq(S->col[b], i - 1);
            cr_expect(S->val[b] == -400.0 * x[i - 1], "n=%u H[%u,%u]", n, i, i - 1);
        }
    }
}

#endif
