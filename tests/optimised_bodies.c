/* Objectives and constraints that use every arithmetic operation of the order-2 numbers
 * (dnh_div and dnh_d_div among them), compiled at -O2 (tests/meson.build): the forced
 * inline paths of every family must compile there (a quotient once called itself, which
 * GCC refuses to inline at -O1 and above), and give the numbers of the -O0 build
 * (tests/test_optimised.c). */
#include <dnum/dnum.h>
#include <dnum/nlp.h>

/* f, gradient and Hessian diagonal of the objective at x (n variables); the two
 * constraints' values and Jacobian entries and the Lagrangian's Hessian entries (sigma 1,
 * lambda 0.5, -1.5) through dn_nlp_new_tp; 0 or a DN_E* status. OB_NAME: its name in
 * this build (ob_values_O0, ob_values_O2). */
int OB_NAME(const double *x, unsigned n, double *f, double *g, double *h, double *c,
            double *jac, double *hl);

DN_OBJECTIVE_O2(ob_f, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i++) {
        T q = dnh_div(dnh_add(x[i], dnh_const(T, 2.0)), dnh_add_d(dnh_mul(x[i + 1], x[i + 1]), 1.0));
        T r = dnh_d_div(3.0, dnh_add_d(dnh_mul(x[i], x[i]), 1.5));
        s = dnh_add(s, dnh_sub(dnh_mul(q, r), dnh_div_d(dnh_neg(dnh_d_sub(1.0, x[i])), 4.0)));
    }
    return dnh_add(s, dnh_pown(dnh_sub_d(x[0], 0.5), 3));)

DN_CONSTRAINT_O2(ob_c, T, x, n, i, ctx,
    return dnh_div(dnh_mul_d(x[i], 2.0), dnh_add_d(dnh_mul(x[i + 1], x[i + 1]), 2.0));)

int OB_NAME(const double *x, unsigned n, double *f, double *g, double *h, double *c,
            double *jac, double *hl)
{
    dsp_o2_work *w = NULL;
    dn_nlp *P = NULL;
    const double lam[2] = {0.5, -1.5};
    int st = dsp_o2_work_new(&w, NULL);
    if (!st) st = dn_hessdiag_sp(f, g, h, ob_f_sp, NULL, x, n, w);
    if (!st) st = dn_nlp_new_tp(&P, n, 2, ob_f_tp, ob_c_tp, NULL, x, 0, NULL, NULL);
    if (!st) st = dn_nlp_cons(P, x, c, jac);
    if (!st) st = dn_nlp_hess(P, x, 1.0, lam, hl);
    dn_nlp_free(P);
    dsp_o2_work_free(w);
    return st;
}
