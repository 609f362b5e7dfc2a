/* Ipopt with exact derivatives from dnum (dnum/nlp.h): the objective's gradient, the
 * constraints' sparse Jacobian and the Hessian of the Lagrangian, from element functions
 * written once. The glue between the two libraries is the five callbacks below: copy
 * them as they are, and write your problem as element groups (make_hs071, make_chain).
 *
 *   ipopt_nlp hs071                 Hock-Schittkowski 71, Ipopt's own example
 *                                   (optimum 17.0140173 at 1, 4.743, 3.82115, 1.37941)
 *   ipopt_nlp chain N [lbfgs|plain|tape]
 *                                   the chained Rosenbrock function with trigonometric-
 *                                   exponential constraints (Luksan and Vlcek), N variables,
 *                                   N - 2 equality constraints; lbfgs: Ipopt's limited-
 *                                   memory Hessian instead of dnum's; plain: the problem
 *                                   written plainly (DN_OBJECTIVE_O2, DN_CONSTRAINT_O2)
 *                                   instead of as elements; tape: the same plain problem
 *                                   recorded once at the start (dn_nlp_new_tp)
 * Prints the status, the iterations, the objective and the time; exits 0 when Ipopt
 * solved the problem (HS071: at its known optimum, within 1e-6).
 * Build: cc -O2 ipopt_nlp.c $(pkg-config --cflags --libs dnum ipopt)  (coinor-libipopt-dev) */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <IpStdCInterface.h>
#include <dnum/nlp.h>

/* ---- the glue: user_data is the dn_nlp; a pattern is asked for with values NULL ---- */
static Bool eval_f(Index n, Number *x, Bool new_x, Number *f, UserDataPtr P)
{
    (void)n, (void)new_x;
    return dn_nlp_obj(P, x, f, NULL) == 0;
}
static Bool eval_grad_f(Index n, Number *x, Bool new_x, Number *grad, UserDataPtr P)
{
    (void)n, (void)new_x;
    return dn_nlp_obj(P, x, NULL, grad) == 0;
}
static Bool eval_g(Index n, Number *x, Bool new_x, Index m, Number *g, UserDataPtr P)
{
    (void)n, (void)new_x, (void)m;
    return dn_nlp_cons(P, x, g, NULL) == 0;
}
static Bool eval_jac_g(Index n, Number *x, Bool new_x, Index m, Index nnz, Index *row,
                       Index *col, Number *val, UserDataPtr P)
{
    (void)n, (void)new_x, (void)m, (void)nnz;
    return (val ? dn_nlp_cons(P, x, NULL, val) : dn_nlp_jac_pattern(P, row, col)) == 0;
}
static Bool eval_h(Index n, Number *x, Bool new_x, Number sigma, Index m, Number *lambda,
                   Bool new_lambda, Index nnz, Index *row, Index *col, Number *val,
                   UserDataPtr P)
{
    (void)n, (void)new_x, (void)m, (void)new_lambda, (void)nnz;
    return (val ? dn_nlp_hess(P, x, sigma, lambda, val) : dn_nlp_hess_pattern(P, row, col)) == 0;
}
/* ---- end of the glue ---- */

/* HS071: min x0 x3 (x0 + x1 + x2) + x2  s.t.  x0 x1 x2 x3 >= 25, sum x_i^2 = 40,
 * 1 <= x_i <= 5. One element of the objective, one per constraint (the element number e
 * says which). */
DN_ELEMENT_O2(hs071_obj, 4, T, x, e, ctx,
    return dnh_add(dnh_mul(dnh_mul(x[0], x[3]), dnh_add(dnh_add(x[0], x[1]), x[2])), x[2]);)
DN_ELEMENT_O2(hs071_con, 4, T, x, e, ctx,
    if (e == 0) return dnh_mul(dnh_mul(x[0], x[1]), dnh_mul(x[2], x[3]));
    return dnh_add(dnh_add(dnh_mul(x[0], x[0]), dnh_mul(x[1], x[1])),
                   dnh_add(dnh_mul(x[2], x[2]), dnh_mul(x[3], x[3])));)

/* the chained problem: elements (x_i, x_i+1) of the objective, (x_k, x_k+1, x_k+2) of
 * constraint k */
DN_ELEMENT_O2(chain_obj, 2, T, u, e, ctx,
    T a = dnh_sub(dnh_mul(u[0], u[0]), u[1]);
    T b = dnh_sub_d(u[0], 1.0);
    return dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b));)
DN_ELEMENT_O2(chain_con, 3, T, u, e, ctx,
    T t = dnh_add(dnh_mul_d(dnh_pown(u[1], 3), 3.0), dnh_mul_d(u[2], 2.0));
    t = dnh_add(t, dnh_mul(dnh_sin(dnh_sub(u[1], u[2])), dnh_sin(dnh_add(u[1], u[2]))));
    t = dnh_add(t, dnh_mul_d(u[1], 4.0));
    t = dnh_sub(t, dnh_mul(u[0], dnh_exp(dnh_sub(u[0], u[1]))));
    return dnh_sub_d(t, 8.0);)

/* the same problem written plainly: f as a loop, constraint k of its own */
DN_OBJECTIVE_O2(chain_f, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i++) {
        T a = dnh_sub(dnh_mul(x[i], x[i]), x[i + 1]);
        T b = dnh_sub_d(x[i], 1.0);
        s = dnh_add(s, dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(b, b)));
    }
    return s;)
DN_CONSTRAINT_O2(chain_c, T, x, n, k, ctx,
    T t = dnh_add(dnh_mul_d(dnh_pown(x[k + 1], 3), 3.0), dnh_mul_d(x[k + 2], 2.0));
    t = dnh_add(t, dnh_mul(dnh_sin(dnh_sub(x[k + 1], x[k + 2])), dnh_sin(dnh_add(x[k + 1], x[k + 2]))));
    t = dnh_add(t, dnh_mul_d(x[k + 1], 4.0));
    t = dnh_sub(t, dnh_mul(x[k], dnh_exp(dnh_sub(x[k], x[k + 1]))));
    return dnh_sub_d(t, 8.0);)

typedef struct {
    dn_nlp *P;
    int n, m;
    double *x, *xl, *xu, *gl, *gu;
} problem;

static int alloc_problem(problem *p, int n, int m)
{
    p->n = n, p->m = m, p->P = NULL;
    p->x = malloc(3 * (size_t)n * sizeof(double));
    p->gl = malloc(2 * (size_t)(m ? m : 1) * sizeof(double));
    if (!p->x || !p->gl) return -1;
    p->xl = p->x + n, p->xu = p->x + 2 * n, p->gu = p->gl + m;
    return 0;
}

static int make_hs071(problem *p)
{
    static const unsigned idx[8] = {0, 1, 2, 3, 0, 1, 2, 3};
    static const int rows[2] = {0, 1};
    const dn_nlp_group g[2] = {{hs071_obj, NULL, 1, idx, NULL}, {hs071_con, NULL, 2, idx, rows}};
    if (alloc_problem(p, 4, 2)) return -1;
    const double x0[4] = {1.0, 5.0, 5.0, 1.0};
    for (int i = 0; i < 4; i++) p->x[i] = x0[i], p->xl[i] = 1.0, p->xu[i] = 5.0;
    p->gl[0] = 25.0, p->gu[0] = 2e19, p->gl[1] = p->gu[1] = 40.0;
    return dn_nlp_new(&p->P, 4, 2, 2, g, NULL);
}

static int make_chain(problem *p, int n, int plain, int tape)
{
    const int m = n - 2;
    unsigned *io = malloc(2 * (size_t)(n - 1) * sizeof *io), *ic = malloc(3 * (size_t)m * sizeof *ic);
    int *rows = malloc((size_t)m * sizeof *rows), st = -1;
    if (io && ic && rows && !alloc_problem(p, n, m)) {
        for (int i = 0; i + 1 < n; i++) io[2 * i] = (unsigned)i, io[2 * i + 1] = (unsigned)i + 1;
        for (int k = 0; k < m; k++) {
            for (int j = 0; j < 3; j++) ic[3 * k + j] = (unsigned)(k + j);
            rows[k] = k;
            p->gl[k] = p->gu[k] = 0.0;
        }
        for (int i = 0; i < n; i++) /* the standard start: -1.2 and 1 alternating */
            p->x[i] = i % 2 == 0 ? -1.2 : 1.0, p->xl[i] = -2e19, p->xu[i] = 2e19;
        const dn_nlp_group g[2] = {{chain_obj, NULL, (size_t)n - 1, io, NULL},
                                   {chain_con, NULL, (size_t)m, ic, rows}};
        if (plain) /* the patterns of the starting point */
            st = dn_nlp_new_sp(&p->P, (unsigned)n, (unsigned)m, chain_f_sp, chain_c_sp, NULL, p->x,
                               0, NULL, NULL);
        else if (tape) /* recorded at the starting point, replayed at every x */
            st = dn_nlp_new_tp(&p->P, (unsigned)n, (unsigned)m, chain_f_tp, chain_c_tp, NULL, p->x,
                               0, NULL, NULL);
        else
            st = dn_nlp_new(&p->P, (unsigned)n, (unsigned)m, 2, g, NULL);
    }
    free(io), free(ic), free(rows);
    return st;
}

static Index iterations;
static Bool count_iterations(Index alg_mod, Index iter, Number obj, Number inf_pr, Number inf_du,
                             Number mu, Number d_norm, Number reg, Number alpha_du,
                             Number alpha_pr, Index ls_trials, UserDataPtr data)
{
    (void)alg_mod, (void)obj, (void)inf_pr, (void)inf_du, (void)mu, (void)d_norm, (void)reg;
    (void)alpha_du, (void)alpha_pr, (void)ls_trials, (void)data;
    iterations = iter;
    return TRUE;
}

int main(int argc, char **argv)
{
    problem p = {0};
    int chain = argc > 2 && !strcmp(argv[1], "chain");
    int lbfgs = argc > 3 && !strcmp(argv[3], "lbfgs");
    int plain = argc > 3 && !strcmp(argv[3], "plain");
    int tape = argc > 3 && !strcmp(argv[3], "tape");
    if (!(argc == 2 && !strcmp(argv[1], "hs071")) && !(chain && argc <= 4 && atoi(argv[2]) >= 3)) {
        fprintf(stderr, "usage: %s hs071 | chain N [lbfgs|plain|tape]   (N >= 3)\n", argv[0]);
        return 2;
    }
    int st = chain ? make_chain(&p, atoi(argv[2]), plain, tape) : make_hs071(&p);
    /* Ipopt counts entries in an int (Index): more than INT_MAX do not fit */
    if (!st && (dn_nlp_jac_nnz(p.P) > INT_MAX || dn_nlp_hess_nnz(p.P) > INT_MAX))
        st = DN_ERANGE;
    IpoptProblem ip = NULL;
    if (!st) {
        ip = CreateIpoptProblem(p.n, p.xl, p.xu, p.m, p.gl, p.gu, (Index)dn_nlp_jac_nnz(p.P),
                                (Index)dn_nlp_hess_nnz(p.P), 0, eval_f, eval_g, eval_grad_f,
                                eval_jac_g, eval_h);
        if (!ip) st = DN_EINVAL; /* (Ipopt rejects the sizes or the bounds) */
    }
    if (st) {
        fprintf(stderr, "%s: cannot make the problem: %s\n", argv[0], dn_strerror(st));
        dn_nlp_free(p.P);
        free(p.x), free(p.gl);
        return 1;
    }
    AddIpoptIntOption(ip, "print_level", 0);
    AddIpoptStrOption(ip, "sb", "yes"); /* no banner */
    AddIpoptIntOption(ip, "max_iter", 3000);
    if (lbfgs) AddIpoptStrOption(ip, "hessian_approximation", "limited-memory");
    SetIntermediateCallback(ip, count_iterations);
    double f = 0.0;
    struct timespec t0, t1;
    timespec_get(&t0, TIME_UTC);
    enum ApplicationReturnStatus rs = IpoptSolve(ip, p.x, NULL, &f, NULL, NULL, NULL, p.P);
    timespec_get(&t1, TIME_UTC);
    double sec = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("%s n = %d, m = %d, %s Hessian: status %d (%s), %d iterations, f = %.9g, %.3f s\n",
           chain ? plain ? "chain (plain)" : tape ? "chain (tape)" : "chain" : "hs071", p.n, p.m,
           lbfgs ? "limited-memory" : "dnum's exact",
           (int)rs, rs == Solve_Succeeded ? "solved" : "not solved", (int)iterations, f, sec);
    if (!chain) { /* the known optimum */
        printf("x = %.6f %.6f %.6f %.6f\n", p.x[0], p.x[1], p.x[2], p.x[3]);
        if (fabs(f - 17.0140173) > 1e-6) rs = Internal_Error;
    }
    FreeIpoptProblem(ip);
    dn_nlp_free(p.P);
    free(p.x), free(p.gl);
    return rs == Solve_Succeeded ? 0 : 1;
}
