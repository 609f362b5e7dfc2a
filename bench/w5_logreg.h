/* The W5 objective, shared by bench/bench_hessian.c, tests/test_onepass.c and
 * examples/newton_logreg.c: L2-regularised logistic regression on dense data,
 *   f(w) = (1/m) sum_k log(1 + exp(-y_k a_k.w)) + (lambda/2) |w|^2,
 * written once with DN_OBJECTIVE_O2 (w5_logreg, w5_logreg_lanes, w5_logreg_sp), and the
 * fixed-seed data generator. */
#ifndef DNUM_W5_LOGREG_H
#define DNUM_W5_LOGREG_H
#include <stddef.h>
#include <dnum/dnum.h>

struct w5_data {
    unsigned m;      /* samples */
    const double *a; /* m x n features, row-major */
    const double *y; /* labels +-1 */
    double lambda;
};

DN_OBJECTIVE_O2(w5_logreg, T, w, n, ctx,
    const struct w5_data *D = ctx;
    T loss = dnh_const(T, 0.0), reg = dnh_const(T, 0.0);
    for (unsigned k = 0; k < D->m; k++) {
        const double *ak = D->a + (size_t)k * n;
        T z = dnh_const(T, 0.0); /* -y_k a_k.w */
        for (unsigned j = 0; j < n; j++) z = dnh_add(z, dnh_mul_d(w[j], -D->y[k] * ak[j]));
        loss = dnh_add(loss, dnh_log1p(dnh_exp(z)));
    }
    for (unsigned j = 0; j < n; j++) reg = dnh_add(reg, dnh_mul(w[j], w[j]));
    return dnh_add(dnh_div_d(loss, (double)D->m), dnh_mul_d(reg, 0.5 * D->lambda));)

/* xorshift64*, uniform in [-1, 1) */
static inline double w5_uniform(unsigned long long *s)
{
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return (double)((*s * 2685821657736338717ULL) >> 11) * 0x1p-52 - 1.0;
}

/* fills a (m x n) and y (m) from a fixed seed: features of different scales, labels from
 * a random true model plus noise */
static inline void w5_make(double *a, double *y, unsigned m, unsigned n, double *wtrue)
{
    unsigned long long s = 88172645463325252ULL;
    for (unsigned j = 0; j < n; j++) wtrue[j] = w5_uniform(&s);
    for (unsigned k = 0; k < m; k++) {
        double z = 0.0;
        for (unsigned j = 0; j < n; j++) {
            double scale = 0.2 + 3.0 * (double)(j % 7) / 6.0;
            a[(size_t)k * n + j] = scale * w5_uniform(&s);
            z += a[(size_t)k * n + j] * wtrue[j];
        }
        y[k] = (z + 0.5 * w5_uniform(&s) >= 0.0) ? 1.0 : -1.0;
    }
}

#endif
