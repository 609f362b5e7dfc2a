/* A large sparse constrained problem with its hand-derived derivatives, for the tests and
 * benchmarks of dnum/nlp.h: the chained Rosenbrock function with trigonometric-
 * exponential constraints (Luksan and Vlcek, "Sparse and partially separable test
 * problems for unconstrained and equality constrained optimization", 1999, problem 5.1):
 *   min  f(x) = sum_{i < n-1} 100 (x_i^2 - x_{i+1})^2 + (x_i - 1)^2
 *   s.t. c_k(x) = 3 x_{k+1}^3 + 2 x_{k+2} + sin(x_{k+1} - x_{k+2}) sin(x_{k+1} + x_{k+2})
 *                 + 4 x_{k+1} - x_k exp(x_k - x_{k+1}) - 8 = 0,   k < n - 2.
 * Elements: (x_i, x_{i+1}) of the objective, (x_k, x_{k+1}, x_{k+2}) of constraint k.
 * The hand code writes the patterns dn_nlp_new makes of these elements: the Jacobian row k
 * at 3k + (0, 1, 2); the Hessian's lower triangle row by row, (0,0), (1,0), (1,1), then
 * (i,i-2), (i,i-1), (i,i) at 3 + 3(i - 2) for i >= 2 ((i, i-2) is 0 by structure). */
#ifndef DNUM_BENCH_NLP_LUKVLE_H
#define DNUM_BENCH_NLP_LUKVLE_H
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <dnum/nlp.h>

DN_ELEMENT_O2(lv_obj_el, 2, T, u, e, ctx,
    T a = dnh_sub(dnh_mul(u[0], u[0]), u[1]);
    T b = dnh_sub_d(u[0], 1.0);
    return dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b));)

DN_ELEMENT_O2(lv_con_el, 3, T, u, e, ctx,
    T t = dnh_add(dnh_mul_d(dnh_pown(u[1], 3), 3.0), dnh_mul_d(u[2], 2.0));
    t = dnh_add(t, dnh_mul(dnh_sin(dnh_sub(u[1], u[2])), dnh_sin(dnh_add(u[1], u[2]))));
    t = dnh_add(t, dnh_mul_d(u[1], 4.0));
    t = dnh_sub(t, dnh_mul(u[0], dnh_exp(dnh_sub(u[0], u[1]))));
    return dnh_sub_d(t, 8.0);)

/* The same problem written plainly (dn_nlp_new_sp) */
DN_OBJECTIVE_O2(lv_obj_plain, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i++) {
        T a = dnh_sub(dnh_mul(x[i], x[i]), x[i + 1]);
        T b = dnh_sub_d(x[i], 1.0);
        s = dnh_add(s, dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b)));
    }
    return s;)

DN_CONSTRAINT_O2(lv_con_plain, T, x, n, k, ctx,
    T t = dnh_add(dnh_mul_d(dnh_pown(x[k + 1], 3), 3.0), dnh_mul_d(x[k + 2], 2.0));
    t = dnh_add(t, dnh_mul(dnh_sin(dnh_sub(x[k + 1], x[k + 2])), dnh_sin(dnh_add(x[k + 1], x[k + 2]))));
    t = dnh_add(t, dnh_mul_d(x[k + 1], 4.0));
    t = dnh_sub(t, dnh_mul(x[k], dnh_exp(dnh_sub(x[k], x[k + 1]))));
    return dnh_sub_d(t, 8.0);)

/* The problem of n >= 3 variables (NULL on failure); idx and row are built here. */
static inline dn_nlp *lv_problem(unsigned n)
{
    unsigned *io = malloc(2 * (size_t)(n - 1) * sizeof *io);
    unsigned *ic = malloc(3 * (size_t)(n - 2) * sizeof *ic);
    int *row = malloc((size_t)(n - 2) * sizeof *row);
    dn_nlp *P = NULL;
    if (io && ic && row) {
        for (unsigned i = 0; i + 1 < n; i++) io[2 * i] = i, io[2 * i + 1] = i + 1;
        for (unsigned k = 0; k + 2 < n; k++) {
            ic[3 * k] = k, ic[3 * k + 1] = k + 1, ic[3 * k + 2] = k + 2;
            row[k] = (int)k;
        }
        dn_nlp_group g[2] = {{lv_obj_el, NULL, n - 1, io, NULL}, {lv_con_el, NULL, n - 2, ic, row}};
        if (dn_nlp_new(&P, n, n - 2, 2, g, NULL)) P = NULL;
    }
    free(io), free(ic), free(row);
    return P;
}

/* f and its gradient (grad may be NULL) by hand */
static inline double lv_hand_obj(unsigned n, const double *x, double *grad)
{
    double f = 0.0;
    if (grad)
        for (unsigned i = 0; i < n; i++) grad[i] = 0.0;
    for (unsigned i = 0; i + 1 < n; i++) {
        double a = x[i], b = x[i + 1], s = a * a - b;
        f += 100.0 * s * s + (a - 1.0) * (a - 1.0);
        if (grad) {
            grad[i] += 400.0 * a * s + 2.0 * (a - 1.0);
            grad[i + 1] -= 200.0 * s;
        }
    }
    return f;
}

/* c(x) into g (n - 2) and the Jacobian into jac (3 (n - 2)), either may be NULL */
static inline void lv_hand_cons(unsigned n, const double *x, double *g, double *jac)
{
    for (unsigned k = 0; k + 2 < n; k++) {
        double a = x[k], b = x[k + 1], c = x[k + 2], ea = exp(a - b);
        if (g) g[k] = 3.0 * b * b * b + 2.0 * c + sin(b - c) * sin(b + c) + 4.0 * b - a * ea - 8.0;
        if (jac) {
            jac[3 * k] = -(1.0 + a) * ea;
            jac[3 * k + 1] = 9.0 * b * b + sin(2.0 * b) + 4.0 + a * ea;
            jac[3 * k + 2] = 2.0 - sin(2.0 * c);
        }
    }
}

/* The position of the Hessian entry (i, j), j <= i, i - j <= 2, in the pattern */
static inline size_t lv_hpos(unsigned i, unsigned j)
{
    return i == 0 ? 0 : i == 1 ? 1 + j : 3 + 3 * (size_t)(i - 2) + (j + 2 - i);
}

/* Entries of the Hessian pattern: 3 (n - 1) */
static inline size_t lv_hnnz(unsigned n) { return 3 * (size_t)(n - 1); }

/* sigma H_f + sum_k lambda_k H_ck into hval (lv_hnnz(n) entries) */
static inline void lv_hand_hess(unsigned n, const double *x, double sigma, const double *lambda,
                                double *hval)
{
    for (size_t t = 0; t < lv_hnnz(n); t++) hval[t] = 0.0;
    for (unsigned i = 0; i + 1 < n; i++) {
        double a = x[i], b = x[i + 1];
        hval[lv_hpos(i, i)] += sigma * (1200.0 * a * a - 400.0 * b + 2.0);
        hval[lv_hpos(i + 1, i)] += sigma * (-400.0 * a);
        hval[lv_hpos(i + 1, i + 1)] += sigma * 200.0;
    }
    for (unsigned k = 0; k + 2 < n; k++) {
        double a = x[k], b = x[k + 1], c = x[k + 2], ea = exp(a - b), l = lambda[k];
        hval[lv_hpos(k, k)] += l * (-(2.0 + a) * ea);
        hval[lv_hpos(k + 1, k)] += l * ((1.0 + a) * ea);
        hval[lv_hpos(k + 1, k + 1)] += l * (18.0 * b + 2.0 * cos(2.0 * b) - a * ea);
        hval[lv_hpos(k + 2, k + 2)] += l * (-2.0 * cos(2.0 * c));
    }
}

#endif
