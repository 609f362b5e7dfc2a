/* The W6 objective, shared by bench/bench_hessian.c and tests/test_onepass.c: the
 * discrete minimal-surface energy on a k x k grid of heights u[i][j] = x[i k + j] (n = k^2),
 *   f(u) = sum_{i, j < k-1} sqrt(1 + (u[i+1][j] - u[i][j])^2 + (u[i][j+1] - u[i][j])^2),
 * written once with DN_OBJECTIVE2 (w6_surface, w6_surface_lanes, w6_surface_sp); ctx points
 * to k (unsigned). */
#ifndef DNUM_W6_SURFACE_H
#define DNUM_W6_SURFACE_H
#include <dnum/dnum.h>

DN_OBJECTIVE2(w6_surface, T, x, n, ctx,
    unsigned k = *(const unsigned *)ctx;
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < k; i++)
        for (unsigned j = 0; j + 1 < k; j++) {
            T p = x[i * k + j];
            T a = dnh_sub(x[(i + 1) * k + j], p), b = dnh_sub(x[i * k + j + 1], p);
            s = dnh_add(s, dnh_sqrt(dnh_add_d(dnh_add(dnh_mul(a, a), dnh_mul(b, b)), 1.0)));
        }
    return s;)

#endif
