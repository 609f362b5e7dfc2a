/* Constrained problems written plainly (part of the test_nlp program): dn_nlp_new_sp with
 * DN_OBJECTIVE_O2 and DN_CONSTRAINT_O2 against the hand-derived derivatives of
 * bench/nlp_lukvle.h, plain constraints beside element groups, a weight of 0, control flow
 * that reaches other variables (DN_ESTRUCT, outputs untouched), bad arguments, allocation
 * failures; the same recorded on a tape (dn_nlp_new_tp): against the hand-derived
 * derivatives and dn_nlp_new_sp, its refusals and their messages, allocation failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"
#include "../bench/nlp_lukvle.h"

static double prnd(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return ((*s >> 8) & 0xffff) / 65536.0;
}

static double pmax(const double *a, size_t n)
{
    double m = 1.0;
    for (size_t i = 0; i < n; i++) m = fmax(m, fabs(a[i]));
    return m;
}

/* the value at (i, j), j <= i, of a compressed-row lower triangle (0 outside it) */
static double at(const size_t *rp, const unsigned *cl, const double *v, unsigned i, unsigned j)
{
    for (size_t k = rp[i]; k < rp[i + 1]; k++)
        if (cl[k] == j) return v[k];
    return 0.0;
}

/* P's outputs at x against the hand-derived ones of the chained problem */
static void check_lukvle(const dn_nlp *P, unsigned n, const double *x, double sigma,
                         const double *lam)
{
    const unsigned m = n - 2;
    const size_t nj = dn_nlp_jac_nnz(P), nh = dn_nlp_hess_nnz(P);
    double *g1 = malloc(n * sizeof *g1), *g2 = malloc(n * sizeof *g2);
    double *c1 = malloc(m * sizeof *c1), *c2 = malloc(m * sizeof *c2);
    double *j1 = malloc(nj * sizeof *j1), *j2 = malloc(3 * (size_t)m * sizeof *j2);
    double *h1 = malloc(nh * sizeof *h1), *h2 = malloc(lv_hnnz(n) * sizeof *h2);
    double f1, f2 = lv_hand_obj(n, x, g2);
    cr_assert_eq(dn_nlp_obj(P, x, &f1, g1), 0);
    cr_expect(fabs(f1 - f2) <= 1e-14 * fabs(f2), "f %.17g %.17g", f1, f2);
    for (unsigned i = 0; i < n; i++)
        cr_expect(fabs(g1[i] - g2[i]) <= 1e-14 * pmax(g2, n), "grad[%u]", i);
    lv_hand_cons(n, x, c2, j2);
    cr_assert_eq(dn_nlp_cons(P, x, c1, j1), 0);
    const size_t *rp, *hrp;
    const unsigned *cl, *hcl;
    dn_nlp_jac_csr(P, &rp, &cl);
    dn_nlp_hess_csr(P, &hrp, &hcl);
    for (unsigned k = 0; k < m; k++) {
        cr_expect(fabs(c1[k] - c2[k]) <= 1e-14 * pmax(c2, m), "c[%u]", k);
        for (unsigned j = 0; j < 3; j++) {
            double v = at(rp, cl, j1, k, k + j); /* (a Jacobian row: any column order works) */
            cr_expect(fabs(v - j2[3 * k + j]) <= 1e-14 * pmax(j2, 3 * (size_t)m), "jac(%u,%u)", k, k + j);
        }
        cr_expect_eq(rp[k + 1] - rp[k], 3, "row %u", k);
    }
    lv_hand_hess(n, x, sigma, lam, h2);
    cr_assert_eq(dn_nlp_hess(P, x, sigma, lam, h1), 0);
    const double hs = pmax(h2, lv_hnnz(n));
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i > 2 ? i - 2 : 0; j <= i; j++) {
            double v = at(hrp, hcl, h1, i, j);
            cr_expect(fabs(v - h2[lv_hpos(i, j)]) <= 1e-13 * hs, "H(%u,%u): %.17g against %.17g", i, j,
                      v, h2[lv_hpos(i, j)]);
        }
    for (unsigned i = 0; i < n; i++)
        for (size_t k = hrp[i]; k < hrp[i + 1]; k++) cr_expect(hcl[k] + 2 >= i && hcl[k] <= i);
    free(g1), free(g2), free(c1), free(c2), free(j1), free(j2), free(h1), free(h2);
}

Test(nlp_plain, lukvle_plain_against_hand)
{
    for (unsigned n = 3; n <= 403; n += 100) {
        double *x = malloc(n * sizeof *x), *lam = malloc(n * sizeof *lam);
        unsigned s = 3 * n;
        for (unsigned i = 0; i < n; i++) x[i] = 4.0 * prnd(&s) - 2.0, lam[i] = 2.0 * prnd(&s) - 1.0;
        dn_nlp *P;
        cr_assert_eq(dn_nlp_new_sp(&P, n, n - 2, lv_obj_plain_sp, lv_con_plain_sp, NULL, x, 0, NULL, NULL), 0);
        cr_expect_eq(dn_nlp_jac_nnz(P), 3 * (size_t)(n - 2));
        /* one pass keeps only the entries an operation forms: (k + 2, k) is absent */
        cr_expect_eq(dn_nlp_hess_nnz(P), 2 * (size_t)n - 1);
        for (int rep = 0; rep < 3; rep++) {
            check_lukvle(P, n, x, rep == 1 ? 0.0 : 0.8, lam);
            for (unsigned i = 0; i < n; i++) x[i] = 4.0 * prnd(&s) - 2.0, lam[i] = rep == 0 ? 0.0 : lam[i];
        }
        dn_nlp_free(P);
        free(x), free(lam);
    }
}

/* the objective as elements, the constraints plain: the same numbers */
Test(nlp_plain, groups_beside_plain)
{
    const unsigned n = 57;
    unsigned *io = malloc(2 * (n - 1) * sizeof *io);
    for (unsigned i = 0; i + 1 < n; i++) io[2 * i] = i, io[2 * i + 1] = i + 1;
    dn_nlp_group g = {lv_obj_el, NULL, n - 1, io, NULL};
    double x[57], lam[55];
    unsigned s = 11;
    for (unsigned i = 0; i < n; i++) x[i] = 3.0 * prnd(&s) - 1.5;
    for (unsigned k = 0; k + 2 < n; k++) lam[k] = prnd(&s) - 0.5;
    dn_nlp *P;
    cr_assert_eq(dn_nlp_new_sp(&P, n, n - 2, NULL, lv_con_plain_sp, NULL, x, 1, &g, NULL), 0);
    free(io);
    check_lukvle(P, n, x, 1.3, lam);
    /* the element groups' Hessian entries and the plain ones' in one pattern: the union */
    cr_expect_eq(dn_nlp_hess_nnz(P), 2 * (size_t)n - 1);
    double hd[57];
    cr_assert_eq(dn_nlp_hessdiag(P, x, 1.3, lam, hd), 0);
    double *h = malloc(dn_nlp_hess_nnz(P) * sizeof *h);
    cr_assert_eq(dn_nlp_hess(P, x, 1.3, lam, h), 0);
    const size_t *rp;
    const unsigned *cl;
    dn_nlp_hess_csr(P, &rp, &cl);
    for (unsigned i = 0; i < n; i++) cr_expect_eq(hd[i], at(rp, cl, h, i, i));
    free(h);
    dn_nlp_free(P);
}

/* control flow: constraint i reads x[i + 2] where x[0] > 0, else x[i]; the patterns found at
 * x0 (x[0] > 0) do not hold for x[0] < 0 */
DN_CONSTRAINT_O2(branchy, T, x, n, i, ctx,
    T u = dnh_value(x[0]) > 0 ? x[i + 2] : x[i];
    return dnh_mul(u, dnh_add(x[i + 1], u));)

Test(nlp_plain, structure_changed)
{
    double x[6] = {0.5, 1, 2, 3, 4, 5}, lam[4] = {1, 1, 1, 1}, out[32];
    dn_nlp *P;
    dn_errinfo err;
    cr_assert_eq(dn_nlp_new_sp(&P, 6, 4, NULL, branchy_sp, NULL, x, 0, NULL, NULL), 0);
    cr_assert_eq(dn_nlp_cons(P, x, out, out + 4), 0);
    for (int i = 0; i < 32; i++) out[i] = 42.0;
    x[0] = -0.5;
    cr_expect_eq(dn_nlp_cons_ex(P, x, out, out + 4, &err), DN_ESTRUCT);
    cr_expect_str_eq(err.msg, "dn_nlp_cons: argument 2: constraint 0 depends on x[0] here, outside "
                              "the Jacobian pattern found at x0 (make the problem again at this x)");
    cr_expect_eq(dn_nlp_hess_ex(P, x, 1.0, lam, out, &err), DN_ESTRUCT);
    cr_expect_eq(err.arg, 2);
    double v[6] = {1, 1, 1, 1, 1, 1};
    cr_expect_eq(dn_nlp_jacvec(P, x, v, out), DN_ESTRUCT);
    cr_expect_eq(dn_nlp_hessdiag(P, x, 1.0, lam, out), DN_ESTRUCT);
    for (int i = 0; i < 32; i++) cr_expect_eq(out[i], 42.0, "out[%d] written", i);
    cr_expect_str_eq(dn_strerror(DN_ESTRUCT), "structure changed (an entry outside the fixed pattern)");
    /* back on the recorded side: fine again */
    x[0] = 0.25;
    cr_expect_eq(dn_nlp_cons(P, x, out, out + 4), 0);
    cr_expect_eq(dn_nlp_hess(P, x, 1.0, lam, out), 0);
    dn_nlp_free(P);
    /* made at the other side: the other patterns */
    x[0] = -0.5;
    cr_assert_eq(dn_nlp_new_sp(&P, 6, 4, NULL, branchy_sp, NULL, x, 0, NULL, NULL), 0);
    cr_expect_eq(dn_nlp_cons(P, x, out, out + 4), 0);
    dn_nlp_free(P);
}

Test(nlp_plain, bad_arguments)
{
    dn_errinfo err;
    dn_nlp *P = (dn_nlp *)(uintptr_t)0x5e5e;
    double x[5] = {0};
    cr_expect_eq(dn_nlp_new_sp_ex(&P, 5, 3, NULL, lv_con_plain_sp, NULL, NULL, 0, NULL, NULL, &err),
                 DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_new_sp: argument 7: x0 is NULL (with f or c given)");
    cr_expect_eq(dn_nlp_new_sp_ex(&P, 5, 3, NULL, lv_con_plain_sp, NULL, x, 2, NULL, NULL, &err),
                 DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_new_sp: argument 9: groups is NULL (with ngroups > 0)");
    dn_nlp_group g = {NULL, NULL, 0, NULL, NULL};
    cr_expect_eq(dn_nlp_new_sp_ex(&P, 5, 3, NULL, lv_con_plain_sp, NULL, x, 1, &g, NULL, &err),
                 DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_new_sp: argument 9: groups[0].f is NULL");
    cr_expect_eq(P, (dn_nlp *)(uintptr_t)0x5e5e);
    /* no plain part at all: a problem of groups (here: none) */
    cr_assert_eq(dn_nlp_new_sp(&P, 5, 0, NULL, NULL, NULL, NULL, 0, NULL, NULL), 0);
    double f = 1.0, grad[5];
    cr_expect_eq(dn_nlp_obj(P, x, &f, grad), 0);
    cr_expect_eq(f, 0.0);
    dn_nlp_free(P);
}

Test(nlp_plain, allocation_failures)
{
    double x[8] = {0.3, -0.2, 0.9, 1.1, -0.7, 0.4, 0.8, -1.0}, lam[6] = {1, 2, 3, 4, 5, 6};
    for (long k = 0;; k++) {
        counting c;
        counting_init(&c);
        c.fail_at = k;
        dn_allocator al = {c_alloc, c_free, &c};
        dn_nlp *P = NULL;
        int st = dn_nlp_new_sp(&P, 8, 6, lv_obj_plain_sp, lv_con_plain_sp, NULL, x, 0, NULL, &al);
        if (st == 0) {
            c.fail_at = -1;
            double h[64];
            cr_expect_eq(dn_nlp_hess(P, x, 1.0, lam, h), 0);
            dn_nlp_free(P);
            cr_expect_eq(c.live, 0);
            cr_expect_eq(c.bad_free, 0);
            break;
        }
        cr_expect_eq(st, DN_ENOMEM, "failure at allocation %ld", k);
        cr_expect_eq(c.live, 0, "failure at %ld: %ld blocks leaked", k, c.live);
        cr_expect_eq(c.bad_free, 0);
    }
}

Test(nlp_plain, bytes_counts_what_it_holds)
{
    /* dn_nlp_bytes against what the allocator holds, after the drivers have run (the
     * plain part's workspace, plan, Hessian and scratch included) */
    double x[8] = {0.3, -0.2, 0.9, 1.1, -0.7, 0.4, 0.8, -1.0}, lam[6] = {1, 2, 3, 4, 5, 6};
    counting c;
    counting_init(&c);
    dn_allocator al = {c_alloc, c_free, &c};
    dn_nlp *P = NULL;
    cr_assert_eq(dn_nlp_new_sp(&P, 8, 6, lv_obj_plain_sp, lv_con_plain_sp, NULL, x, 0, NULL, &al),
                 0);
    double f, g[8], cv[6], jac[64], h[64];
    for (int it = 0; it < 3; it++) {
        cr_assert_eq(dn_nlp_obj(P, x, &f, g), 0);
        cr_assert_eq(dn_nlp_cons(P, x, cv, jac), 0);
        cr_assert_eq(dn_nlp_hess(P, x, 1.0, lam, h), 0);
    }
    size_t held = 0;
    for (int i = 0; i < NTAB; i++)
        if (c.tab[i].p) held += c.tab[i].size;
    size_t b = dn_nlp_bytes(P);
    cr_expect(b >= held / 2 && b <= 2 * held, "dn_nlp_bytes %zu, held %zu", b, held);
    dn_nlp_free(P);
    cr_expect_eq(c.live, 0);
}

/* a constraint that reads another variable on every evaluation (it depends on a counter in
 * ctx, not only on x): the two evaluations at x0 disagree, and dn_nlp_new_sp says so */
DN_CONSTRAINT_O2(restless, T, x, n, i, ctx,
    unsigned *calls = ctx;
    unsigned j = (i + (*calls)++) % n;
    return dnh_mul(x[i], x[j]);)

Test(nlp_plain, constraints_not_a_function_of_x)
{
    double x[5] = {1, 2, 3, 4, 5};
    unsigned calls = 0;
    dn_errinfo err;
    dn_nlp *P = (dn_nlp *)(uintptr_t)0x5e5e;
    cr_expect_eq(dn_nlp_new_sp_ex(&P, 5, 3, NULL, restless_sp, &calls, x, 0, NULL, NULL, &err),
                 DN_ESTRUCT);
    cr_expect_eq(err.arg, 7);
    cr_expect_str_eq(err.msg, "dn_nlp_new_sp: argument 7: the constraints' entries at x0 differ "
                              "between two evaluations (c depends on something other than x, n, "
                              "i and ctx)");
    cr_expect_eq(P, (dn_nlp *)(uintptr_t)0x5e5e);
}

/* ---- the plain part recorded on a tape (dn_nlp_new_tp) ----------------------------------- */

Test(nlp_tape, lukvle_against_hand)
{
    for (unsigned n = 3; n <= 403; n += 100) {
        double *x = malloc(n * sizeof *x), *lam = malloc(n * sizeof *lam);
        unsigned s = 5 * n;
        for (unsigned i = 0; i < n; i++) x[i] = 4.0 * prnd(&s) - 2.0, lam[i] = 2.0 * prnd(&s) - 1.0;
        dn_nlp *P;
        cr_assert_eq(dn_nlp_new_tp(&P, n, n - 2, lv_obj_plain_tp, lv_con_plain_tp, NULL, x, 0, NULL, NULL), 0);
        cr_expect_eq(dn_nlp_jac_nnz(P), 3 * (size_t)(n - 2));
        cr_expect_eq(dn_nlp_hess_nnz(P), 2 * (size_t)n - 1); /* ((k + 2, k): 0 by structure) */
        for (int rep = 0; rep < 4; rep++) { /* (the tape of x0 at other points) */
            check_lukvle(P, n, x, rep == 1 ? 0.0 : 0.8, lam);
            for (unsigned i = 0; i < n; i++) x[i] = 4.0 * prnd(&s) - 2.0, lam[i] = rep == 0 ? 0.0 : lam[i];
        }
        dn_nlp_free(P);
        free(x), free(lam);
    }
}

/* the objective as elements, the constraints recorded: the same numbers as dn_nlp_new_sp's */
Test(nlp_tape, groups_beside_tape)
{
    const unsigned n = 57;
    unsigned *io = malloc(2 * (n - 1) * sizeof *io);
    for (unsigned i = 0; i + 1 < n; i++) io[2 * i] = i, io[2 * i + 1] = i + 1;
    dn_nlp_group g = {lv_obj_el, NULL, n - 1, io, NULL};
    double x[57], lam[55];
    unsigned s = 17;
    for (unsigned i = 0; i < n; i++) x[i] = 3.0 * prnd(&s) - 1.5;
    for (unsigned k = 0; k + 2 < n; k++) lam[k] = prnd(&s) - 0.5;
    dn_nlp *P, *Q;
    cr_assert_eq(dn_nlp_new_tp(&P, n, n - 2, NULL, lv_con_plain_tp, NULL, x, 1, &g, NULL), 0);
    cr_assert_eq(dn_nlp_new_sp(&Q, n, n - 2, NULL, lv_con_plain_sp, NULL, x, 1, &g, NULL), 0);
    free(io);
    for (unsigned i = 0; i < n; i++) x[i] += 0.1 * (prnd(&s) - 0.5);
    check_lukvle(P, n, x, 1.3, lam);
    double hp[57], hq[57], jv[55], jw[55], ju[57], jz[57];
    cr_assert_eq(dn_nlp_hessdiag(P, x, 1.3, lam, hp), 0);
    cr_assert_eq(dn_nlp_hessdiag(Q, x, 1.3, lam, hq), 0);
    cr_assert_eq(dn_nlp_jacvec(P, x, x, jv), 0);
    cr_assert_eq(dn_nlp_jacvec(Q, x, x, jw), 0);
    cr_assert_eq(dn_nlp_jactvec(P, x, lam, ju), 0);
    cr_assert_eq(dn_nlp_jactvec(Q, x, lam, jz), 0);
    for (unsigned i = 0; i < n; i++) {
        cr_expect(fabs(hp[i] - hq[i]) <= 1e-13 * fmax(1.0, fabs(hq[i])), "hdiag[%u]", i);
        cr_expect(fabs(ju[i] - jz[i]) <= 1e-13 * fmax(1.0, fabs(jz[i])), "J^T u [%u]", i);
    }
    for (unsigned k = 0; k + 2 < n; k++)
        cr_expect(fabs(jv[k] - jw[k]) <= 1e-13 * fmax(1.0, fabs(jw[k])), "J v [%u]", k);
    dn_nlp_free(P);
    dn_nlp_free(Q);
}

/* a constraint of more than 8 variables (its sums do not split it: a function of a sum) */
DN_CONSTRAINT_O2(dense_c, T, x, n, i, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned j = 0; j < n; j++) s = dnh_add(s, x[j]);
    return i == 1 ? dnh_exp(s) : dnh_mul(x[i], x[i]);)

Test(nlp_tape, refusals)
{
    double x[12] = {0.3, -0.2, 0.9, 1.1, -0.7, 0.4, 0.8, -1.0, 0.1, 0.2, 0.3, 0.4};
    dn_nlp *P = NULL, *const P0 = P; /* (must stay as it is) */
    dn_errinfo err;
    cr_expect_eq(dn_nlp_new_tp_ex(&P, 6, 4, NULL, branchy_tp, NULL, x, 0, NULL, NULL, &err),
                 DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_new_tp: argument 5: constraint 0 reads a value "
                              "(dnh_value), so its operations may change with x; use "
                              "dn_nlp_new_sp");
    cr_expect_eq(err.arg, 5);
    cr_expect_eq(dn_nlp_new_tp_ex(&P, 12, 3, NULL, dense_c_tp, NULL, x, 0, NULL, NULL, &err),
                 DN_ERANGE);
    cr_expect_str_eq(err.msg, "dn_nlp_new_tp: argument 5: constraint 1 has a part of more "
                              "than 8 variables that its sums do not split; use dn_nlp_new_sp");
    cr_expect_eq(dn_nlp_new_tp_ex(&P, 5, 3, lv_obj_plain_tp, NULL, NULL, NULL, 0, NULL, NULL,
                                  &err),
                 DN_EINVAL);
    cr_expect_str_eq(err.msg, "dn_nlp_new_tp: argument 7: x0 is NULL (with f or c given)");
    cr_expect_eq(P, P0);
    /* the constraints of dense_c but 1 recorded; 1 through the one-pass numbers is fine */
    cr_assert_eq(dn_nlp_new_sp(&P, 12, 3, NULL, dense_c_sp, NULL, x, 0, NULL, NULL), 0);
    dn_nlp_free(P);
}

/* an objective alone (m = 0, lambda NULL), and constraints alone (f NULL) */
Test(nlp_tape, objective_or_constraints_alone)
{
    const unsigned n = 31;
    double x[31], lam[29], g1[31], g2[31], f1, f2;
    unsigned s = 23;
    for (unsigned i = 0; i < n; i++) x[i] = 2.0 * prnd(&s) - 1.0;
    for (unsigned k = 0; k + 2 < n; k++) lam[k] = prnd(&s);
    dn_nlp *P, *Q;
    cr_assert_eq(dn_nlp_new_tp(&P, n, 0, lv_obj_plain_tp, NULL, NULL, x, 0, NULL, NULL), 0);
    cr_expect_eq(dn_nlp_jac_nnz(P), 0);
    f2 = lv_hand_obj(n, x, g2);
    cr_assert_eq(dn_nlp_obj(P, x, &f1, g1), 0);
    cr_expect(fabs(f1 - f2) <= 1e-14 * fabs(f2));
    for (unsigned i = 0; i < n; i++) cr_expect(fabs(g1[i] - g2[i]) <= 1e-13 * fmax(1.0, fabs(g2[i])));
    double h[64], hd[31];
    cr_assert_eq(dn_nlp_hess(P, x, 2.0, NULL, h), 0);
    cr_assert_eq(dn_nlp_hessdiag(P, x, 2.0, NULL, hd), 0);
    for (unsigned i = 0; i + 1 < n; i++) /* (2 * 200 (3 x_i^2 - x_(i+1)) + 2, and 200) */
        cr_expect(fabs(hd[i] - 2.0 * (1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0 +
                                        (i ? 200.0 : 0.0))) <= 1e-12 * fabs(hd[i]), "hd[%u]", i);
    dn_nlp_free(P);
    cr_assert_eq(dn_nlp_new_tp(&Q, n, n - 2, NULL, lv_con_plain_tp, NULL, x, 0, NULL, NULL), 0);
    cr_assert_eq(dn_nlp_obj(Q, x, &f1, g1), 0);
    cr_expect_eq(f1, 0.0);
    for (unsigned i = 0; i < n; i++) cr_expect_eq(g1[i], 0.0);
    double c1[29], c2[29], j2[87];
    lv_hand_cons(n, x, c2, j2);
    cr_assert_eq(dn_nlp_cons(Q, x, c1, NULL), 0);
    for (unsigned k = 0; k + 2 < n; k++) cr_expect(fabs(c1[k] - c2[k]) <= 1e-13 * fmax(1.0, fabs(c2[k])));
    cr_assert_eq(dn_nlp_hess(Q, x, 0.0, lam, h), 0);
    dn_nlp_free(Q);
}

Test(nlp_tape, allocation_failures)
{
    double x[8] = {0.3, -0.2, 0.9, 1.1, -0.7, 0.4, 0.8, -1.0}, lam[6] = {1, 2, 3, 4, 5, 6};
    for (long k = 0;; k++) {
        counting c;
        counting_init(&c);
        c.fail_at = k;
        dn_allocator al = {c_alloc, c_free, &c};
        dn_nlp *P = NULL;
        int st = dn_nlp_new_tp(&P, 8, 6, lv_obj_plain_tp, lv_con_plain_tp, NULL, x, 0, NULL, &al);
        if (st == 0) {
            /* then each driver's scratch fails in turn: an error, outputs untouched */
            double f = 7.0, g[8], cv[6], jac[64], h[64];
            for (int d = 0; d < 3; d++) {
                c.fail_at = c.count;
                for (int i = 0; i < 8; i++) g[i] = cv[i % 6] = 7.0;
                int sd = d == 0   ? dn_nlp_obj(P, x, &f, g)
                         : d == 1 ? dn_nlp_cons(P, x, cv, jac)
                                  : dn_nlp_hess(P, x, 1.0, lam, h);
                cr_expect_eq(sd, DN_ENOMEM, "driver %d", d);
                cr_expect(f == 7.0 && g[0] == 7.0 && cv[0] == 7.0, "driver %d wrote", d);
            }
            c.fail_at = -1;
            cr_expect_eq(dn_nlp_hess(P, x, 1.0, lam, h), 0);
            dn_nlp_free(P);
            cr_expect_eq(c.live, 0);
            cr_expect_eq(c.bad_free, 0);
            break;
        }
        cr_expect_eq(st, DN_ENOMEM, "failure at allocation %ld", k);
        cr_expect_eq(c.live, 0, "failure at %ld: %ld blocks leaked", k, c.live);
        cr_expect_eq(c.bad_free, 0);
    }
}

Test(nlp_tape, bytes_counts_what_it_holds)
{
    double x[8] = {0.3, -0.2, 0.9, 1.1, -0.7, 0.4, 0.8, -1.0}, lam[6] = {1, 2, 3, 4, 5, 6};
    counting c;
    counting_init(&c);
    dn_allocator al = {c_alloc, c_free, &c};
    dn_nlp *P = NULL;
    cr_assert_eq(dn_nlp_new_tp(&P, 8, 6, lv_obj_plain_tp, lv_con_plain_tp, NULL, x, 0, NULL, &al),
                 0);
    double f, g[8], cv[6], jac[64], h[64];
    cr_assert_eq(dn_nlp_obj(P, x, &f, g), 0);
    cr_assert_eq(dn_nlp_cons(P, x, cv, jac), 0);
    cr_assert_eq(dn_nlp_hess(P, x, 1.0, lam, h), 0);
    size_t held = 0;
    for (int i = 0; i < NTAB; i++)
        if (c.tab[i].p) held += c.tab[i].size;
    size_t b = dn_nlp_bytes(P);
    cr_expect(b >= held / 2 && b <= 2 * held, "dn_nlp_bytes %zu, held %zu", b, held);
    dn_nlp_free(P);
    cr_expect_eq(c.live, 0);
}
