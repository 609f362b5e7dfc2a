/* The W3 objective of docs/benchmarks.md, shared by bench/bench_hessian.c and
 * tests/test_hessian.c: the chained extended Rosenbrock function
 *   f(x) = sum_{i < n-1} 100 (x_{i+1} - x_i^2)^2 + (1 - x_i)^2,
 * written once with DN_OBJECTIVE_O2: rosen (dnum_o2), rosen_lanes (dlane_o2), rosen_sp (dsp_o2);
 * and as a sum of elements of the two variables (x_i, x_i+1) with DN_ELEMENT_O2: rosen_el
 * (with w3_elements, the structure of those n - 1 elements). */
#ifndef DNUM_W3_ROSEN_H
#define DNUM_W3_ROSEN_H
#include <stdlib.h>
#include <dnum/dnum.h>

DN_OBJECTIVE_O2(rosen, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i++) {
        T a = dnh_sub(x[i + 1], dnh_mul(x[i], x[i]));
        T b = dnh_d_sub(1.0, x[i]);
        s = dnh_add(s, dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b)));
    }
    return s;)

DN_ELEMENT_O2(rosen_el, 2, T, u, e, ctx,
    T a = dnh_sub(u[1], dnh_mul(u[0], u[0]));
    T b = dnh_d_sub(1.0, u[0]);
    return dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b));)

/* the element structure of rosen_el for n >= 2 variables: element i is (x_i, x_i+1);
 * 0 or a DN_E* code */
static inline int w3_elements(dn_elements **E, unsigned n)
{
    unsigned *idx = (unsigned *)malloc(2 * (size_t)(n - 1) * sizeof *idx);
    if (!idx) return DN_ENOMEM;
    for (unsigned i = 0; i + 1 < n; i++) idx[2 * i] = i, idx[2 * i + 1] = i + 1;
    int st = dn_elements_new(E, n, 2, n - 1, idx, NULL);
    free(idx);
    return st;
}

#endif
