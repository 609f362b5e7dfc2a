/* The W6 objective, shared by bench/bench_hessian.c and tests/test_onepass.c: the
 * discrete minimal-surface energy on a k x k grid of heights u[i][j] = x[i k + j] (n = k^2),
 *   f(u) = sum_{i, j < k-1} sqrt(1 + (u[i+1][j] - u[i][j])^2 + (u[i][j+1] - u[i][j])^2),
 * written once with DN_OBJECTIVE_O2 (w6_surface, w6_surface_lanes, w6_surface_sp); ctx points
 * to k (unsigned). The same energy as a sum of cell elements of three variables
 * (u[i][j], u[i+1][j], u[i][j+1]) with DN_ELEMENT_O2: w6_cell_el, with w6_elements (the
 * structure of the (k-1)^2 cells). */
#ifndef DNUM_W6_SURFACE_H
#define DNUM_W6_SURFACE_H
#include <stdlib.h>
#include <dnum/dnum.h>

DN_OBJECTIVE_O2(w6_surface, T, x, n, ctx,
    unsigned k = *(const unsigned *)ctx;
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < k; i++)
        for (unsigned j = 0; j + 1 < k; j++) {
            T p = x[i * k + j];
            T a = dnh_sub(x[(i + 1) * k + j], p), b = dnh_sub(x[i * k + j + 1], p);
            s = dnh_add(s, dnh_sqrt(dnh_add_d(dnh_add(dnh_mul(a, a), dnh_mul(b, b)), 1.0)));
        }
    return s;)

DN_ELEMENT_O2(w6_cell_el, 3, T, u, e, ctx,
    T a = dnh_sub(u[1], u[0]), b = dnh_sub(u[2], u[0]);
    return dnh_sqrt(dnh_add_d(dnh_add(dnh_mul(a, a), dnh_mul(b, b)), 1.0));)

/* the element structure of w6_cell_el on a k x k grid (k >= 2); 0 or a DN_E* code */
static inline int w6_elements(dn_elements **E, unsigned k)
{
    size_t m = (size_t)(k - 1) * (k - 1), c = 0;
    unsigned *idx = (unsigned *)malloc(3 * m * sizeof *idx);
    if (!idx) return DN_ENOMEM;
    for (unsigned i = 0; i + 1 < k; i++)
        for (unsigned j = 0; j + 1 < k; j++, c++) {
            unsigned p = i * k + j;
            idx[3 * c] = p, idx[3 * c + 1] = p + k, idx[3 * c + 2] = p + 1;
        }
    int st = dn_elements_new(E, k * k, 3, m, idx, NULL);
    free(idx);
    return st;
}

#endif
