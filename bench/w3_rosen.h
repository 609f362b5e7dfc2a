/* The W3 objective of docs/benchmarks.md, shared by bench/bench_hessian.c and
 * tests/test_hessian.c: the chained extended Rosenbrock function
 *   f(x) = sum_{i < n-1} 100 (x_{i+1} - x_i^2)^2 + (1 - x_i)^2,
 * written once with DN_OBJECTIVE2: rosen (dnum_o2) and rosen_lanes (dlane2). */
#ifndef DNUM_W3_ROSEN_H
#define DNUM_W3_ROSEN_H
#include <dnum/dnum.h>

DN_OBJECTIVE2(rosen, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i++) {
        T a = dnh_sub(x[i + 1], dnh_mul(x[i], x[i]));
        T b = dnh_d_sub(1.0, x[i]);
        s = dnh_add(s, dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b)));
    }
    return s;)

#endif
