/* Tapes (dn_tape_o2_record and the drivers dn_*_tape) against the hand-derived
 * derivatives of four CUTEst problems and the one-pass drivers on objectives of every
 * recorded kind of operation, at points other than the recording's; objectives a tape
 * must refuse (control flow on x, functions of two numbers, a dense part), the record
 * kept on a refusal, bad arguments and allocation failures at every allocation (outputs
 * untouched, nothing leaked). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"
#include "../bench/w3_rosen.h"
#include "../bench/cute.h"

/* every recorded kind of operation, in elements of one to three variables, with
 * constants that differ between elements (x has n >= 4 entries in (0.2, 1.6)) */
DN_OBJECTIVE_O2(
    mixed, T, x, n, ctx, T s = dnh_const(T, 0.25); for (unsigned i = 0; i + 2 < n; i++) {
        double c = 1.0 + 0.125 * (i % 5);
        T a = dnh_div(dnh_exp(dnh_mul_d(x[i], 0.3)), dnh_add_d(x[i + 1], 1.5));
        T b = dnh_pow_d(dnh_add_d(x[i + 2], c), 1.5);
        T d = dnh_d_div(2.0, dnh_add(dnh_sqrt(x[i]), x[i + 2]));
        T e = dnh_sub_d(dnh_log1p(dnh_mul(x[i + 1], x[i + 1])), c);
        T f = dnh_neg(dnh_pown(dnh_sin(x[i + 2]), 3));
        T g = dnh_d_sub(c, dnh_div_d(dnh_jn(2, dnh_mul(x[i], x[i + 1])), 4.0));
        T h = dnh_mul(dnh_lgamma(dnh_add_d(x[i], 1.0)), dnh_atan(x[i + 1]));
        T t = dnh_add(dnh_add(dnh_mul(a, b), d), dnh_add(e, f));
        t = dnh_add(t, dnh_mul(g, h));
        s = i % 4 == 3 ? dnh_sub(s, dnh_mul_d(t, c)) : dnh_add(s, t);
    } return dnh_mul_d(s, 0.5);)

/* elements of 8 variables, the most a tape takes: sin(x_i) (x_i + ... + x_i+7)^2 */
DN_OBJECTIVE_O2(
    wide8, T, x, n, ctx, T s = dnh_const(T, 0.0); for (unsigned i = 0; i + 7 < n; i++) {
        T q = x[i];
        for (unsigned k = 1; k < 8; k++) q = dnh_add(q, dnh_mul_d(x[i + k], 1.0 + k));
        s = dnh_add(s, dnh_mul(dnh_sin(x[i]), dnh_mul(q, q)));
    } return s;)

/* the control flow depends on x (dnh_value) */
DN_OBJECTIVE_O2(branchy, T, x, n, ctx, T s = dnh_const(T, 0.0);
                for (unsigned i = 0; i + 1 < n; i++)
                    s = dnh_add(s, dnh_value(x[i]) > 0.5 ? dnh_mul(x[i], x[i + 1])
                                                         : dnh_sin(x[i]));
                return s;)

/* a function of two numbers */
DN_OBJECTIVE_O2(angles, T, x, n, ctx, T s = dnh_const(T, 0.0);
                for (unsigned i = 0; i + 1 < n; i++)
                    s = dnh_add(s, dnh_atan2(x[i], x[i + 1]));
                return s;)

/* a function of the whole sum: one element of n variables */
DN_OBJECTIVE_O2(dense, T, x, n, ctx, T s = dnh_const(T, 0.0);
                for (unsigned i = 0; i < n; i++) s = dnh_add(s, dnh_mul(x[i], x[i]));
                return dnh_log1p(s);)

/* no variable at all */
DN_OBJECTIVE_O2(constant, T, x, n, ctx, (void)x; return dnh_const(T, 2.5);)

/* a and b equal within tol times (scale + |b|), or both NaN, or the same infinity */
static int near(double a, double b, double tol, double scale)
{
    if (!isfinite(a) || !isfinite(b)) return a == b || (isnan(a) && isnan(b));
    return fabs(a - b) <= tol * (scale + fabs(b));
}

static void point(double *x, unsigned n, unsigned seed)
{
    for (unsigned i = 0; i < n; i++) x[i] = 0.9 + 0.7 * sin(1.3 * i + 0.77 * seed);
}

/* the tape of f (recorded at one point) against the one-pass drivers at other points */
static void against_one_pass(dn_objective_tp ftp, dn_objective_sp fsp, unsigned n)
{
    double *x = malloc(5 * n * sizeof *x);
    cr_assert(x);
    double *g = x + n, *h = g + n, *gr = h + n, *hr = gr + n;
    dn_tape_o2 *T;
    cr_assert_eq(dn_tape_o2_new(&T, NULL), 0);
    point(x, n, 0);
    dn_errinfo e;
    cr_assert_eq(dn_tape_o2_record_ex(T, ftp, NULL, x, n, &e), 0, "%s", e.msg);
    for (unsigned p = 1; p <= 4; p++) {
        point(x, n, p);
        double f, fr, f2;
        cr_assert_eq(dn_hessdiag_sp(&fr, gr, hr, fsp, NULL, x, n, NULL), 0);
        cr_assert_eq(dn_hessdiag_tape(&f, g, h, T, x), 0);
        double sc = fabs(fr) + 1.0;
        cr_assert(near(f, fr, 1e-13, sc), "point %u: f %.17g against %.17g", p, f, fr);
        for (unsigned i = 0; i < n; i++) {
            cr_assert(near(g[i], gr[i], 1e-13, 1e2) && near(h[i], hr[i], 1e-13, 1e2),
                      "point %u, entry %u: %.17g %.17g against %.17g %.17g", p, i, g[i],
                      h[i], gr[i], hr[i]);
        }
        memset(g, 0, n * sizeof *g);
        cr_assert_eq(dn_grad_tape(&f2, g, T, x), 0);
        cr_assert_eq(f2, f);
        for (unsigned i = 0; i < n; i++) cr_assert(near(g[i], gr[i], 1e-13, 1e2));
        /* H v along a direction with entries of both signs (h: v, hr: H v of the one pass) */
        double *v = h;
        for (unsigned i = 0; i < n; i++) v[i] = cos(0.9 * i + p);
        cr_assert_eq(dn_hessvec_sp(&fr, gr, hr, fsp, NULL, x, v, n, NULL), 0);
        double *hv = malloc(n * sizeof *hv);
        cr_assert(hv);
        cr_assert_eq(dn_hessvec_tape(&f2, g, hv, T, x, v), 0);
        cr_assert_eq(f2, f);
        for (unsigned i = 0; i < n; i++)
            cr_assert(near(g[i], gr[i], 1e-13, 1e2) && near(hv[i], hr[i], 1e-13, 1e2),
                      "point %u, entry %u: H v %.17g against %.17g", p, i, hv[i], hr[i]);
        free(hv);
        /* the sparse Hessian against the one pass's: every entry of either pattern */
        dn_sphess H, Hr;
        dn_sphess_init(&H, NULL), dn_sphess_init(&Hr, NULL);
        cr_assert_eq(dn_hessian_sp(&fr, gr, &Hr, fsp, NULL, x, n, NULL), 0);
        cr_assert_eq(dn_hessian_tape(&f2, g, &H, T, x), 0);
        const double *val = H.val;
        cr_assert_eq(dn_hessian_tape(&f2, g, &H, T, x), 0); /* (refilled in place) */
        cr_assert(H.val == val && H.n == n);
        cr_assert(near(f2, fr, 1e-13, fabs(fr) + 1.0));
        for (unsigned i = 0; i < n; i++) {
            cr_assert(near(g[i], gr[i], 1e-13, 1e2));
            for (size_t k = H.rowptr[i]; k < H.rowptr[i + 1]; k++)
                cr_assert(near(H.val[k], dn_sphess_get(&Hr, i, H.col[k]), 1e-13, 1e2),
                          "point %u, entry (%u, %u)", p, i, H.col[k]);
            for (size_t k = Hr.rowptr[i]; k < Hr.rowptr[i + 1]; k++)
                cr_assert(near(dn_sphess_get(&H, i, Hr.col[k]), Hr.val[k], 1e-13, 1e2),
                          "point %u, entry (%u, %u) of the one pass", p, i, Hr.col[k]);
        }
        dn_sphess_clear(&H), dn_sphess_clear(&Hr);
    }
    dn_tape_o2_free(T);
    free(x);
}

Test(tape, operations_against_one_pass)
{
    against_one_pass(mixed_tp, mixed_sp, 4);
    against_one_pass(mixed_tp, mixed_sp, 61);
    against_one_pass(rosen_tp, rosen_sp, 50);
    against_one_pass(wide8_tp, wide8_sp, 30);
}

Test(tape, cutest_against_hand)
{
    enum { N = 2001 };
    static double x[N], g[N], h[N], gh[N], hh[N];
    static const struct {
        dn_objective_tp f;
        double (*hand)(const double *, unsigned, double *, double *);
        size_t elements; /* the element form's */
        dn_objective_sp fsp;
    } P[] = {{arwhead_tp, arwhead_hand, N - 1, arwhead_sp},
             {bdqrtic_tp, bdqrtic_hand, N - 4, bdqrtic_sp},
             {chainwoo_tp, chainwoo_hand, (N - 2) / 2, chainwoo_sp},
             {nondquar_tp, nondquar_hand, 0, nondquar_sp}};
    for (size_t k = 0; k < sizeof P / sizeof *P; k++) {
        dn_tape_o2 *T;
        cr_assert_eq(dn_tape_o2_new(&T, NULL), 0);
        point(x, N, 7);
        cr_assert_eq(dn_tape_o2_record(T, P[k].f, NULL, x, N), 0);
        dn_tape_o2_stats st;
        dn_tape_o2_info(T, &st);
        cr_assert_eq(st.n, N);
        cr_assert(st.shapes <= 2 && st.max_vars <= 5, "problem %zu: %u shapes", k,
                  st.shapes);
        if (P[k].elements) cr_assert_eq(st.elements, P[k].elements, "problem %zu", k);
        for (unsigned p = 0; p < 3; p++) {
            point(x, N, p);
            double f, fh = P[k].hand(x, N, gh, hh);
            cr_assert_eq(dn_hessdiag_tape(&f, g, h, T, x), 0);
            cr_assert(near(f, fh, 1e-13, fabs(fh)));
            for (unsigned i = 0; i < N; i++)
                cr_assert(near(g[i], gh[i], 1e-13, 1e3) && near(h[i], hh[i], 1e-13, 1e3),
                          "problem %zu, point %u, entry %u", k, p, i);
        }
        /* no entry that is 0 by structure: the pattern of the one pass */
        dn_sphess H, Hr;
        dn_sphess_init(&H, NULL), dn_sphess_init(&Hr, NULL);
        cr_assert_eq(dn_hessian_tape(NULL, NULL, &H, T, x), 0);
        cr_assert_eq(dn_hessian_sp(NULL, g, &Hr, P[k].fsp, NULL, x, N, NULL), 0);
        cr_assert_eq(H.nnz, Hr.nnz, "problem %zu: %zu entries against %zu", k, H.nnz,
                     Hr.nnz);
        cr_assert(!memcmp(H.rowptr, Hr.rowptr, (N + 1) * sizeof *H.rowptr));
        cr_assert(!memcmp(H.col, Hr.col, H.nnz * sizeof *H.col));
        for (size_t q = 0; q < H.nnz; q++) cr_assert(near(H.val[q], Hr.val[q], 1e-13, 1e3));
        dn_sphess_clear(&H), dn_sphess_clear(&Hr);
        dn_tape_o2_free(T);
    }
}

/* each refusal names its reason; the tape keeps its record */
static void refused(dn_objective_tp f, int code, const char *what)
{
    enum { N = 12 };
    double x[N], g[N], h[N], gr[N], hr[N], fr, fv;
    point(x, N, 3);
    dn_tape_o2 *T;
    cr_assert_eq(dn_tape_o2_new(&T, NULL), 0);
    cr_assert_eq(dn_tape_o2_record(T, rosen_tp, NULL, x, N), 0);
    cr_assert_eq(dn_hessdiag_tape(&fr, gr, hr, T, x), 0);
    dn_errinfo e;
    cr_assert_eq(dn_tape_o2_record_ex(T, f, NULL, x, N, &e), code);
    cr_assert_eq(e.arg, 2);
    cr_assert(strstr(e.msg, what), "message: %s", e.msg);
    cr_assert_eq(dn_hessdiag_tape(&fv, g, h, T, x), 0);
    cr_assert_eq(fv, fr);
    cr_assert(!memcmp(g, gr, sizeof g) && !memcmp(h, hr, sizeof h));
    dn_tape_o2_free(T);
}

Test(tape, refused_objectives)
{
    refused(branchy_tp, DN_EINVAL, "dnh_value");
    refused(angles_tp, DN_EINVAL, "dn_tape_o2_record: argument 2: the objective calls dnh_atan2, "
                                  "which a tape does not replay; use dn_hessdiag_plan or the "
                                  "dn_*_sp drivers");
    refused(dense_tp, DN_ERANGE, "more than 8 variables");
}

Test(tape, constant_objective)
{
    double x[3] = {1, 2, 3}, g[3] = {9, 9, 9}, h[3] = {9, 9, 9}, f;
    dn_tape_o2 *T;
    cr_assert_eq(dn_tape_o2_new(&T, NULL), 0);
    cr_assert_eq(dn_tape_o2_record(T, constant_tp, NULL, x, 3), 0);
    cr_assert_eq(dn_hessdiag_tape(&f, g, h, T, x), 0);
    cr_assert_eq(f, 2.5);
    for (int i = 0; i < 3; i++) cr_assert(g[i] == 0.0 && h[i] == 0.0);
    dn_tape_o2_free(T);
}

Test(tape, nan_in_x_stays_in_its_elements)
{
    enum { N = 10 };
    double x[N], g[N], h[N], f;
    point(x, N, 1);
    dn_tape_o2 *T;
    cr_assert_eq(dn_tape_o2_new(&T, NULL), 0);
    cr_assert_eq(dn_tape_o2_record(T, rosen_tp, NULL, x, N), 0);
    x[5] = NAN; /* Rosenbrock's elements (x_i, x_i+1): entries 4, 5 and 6 */
    cr_assert_eq(dn_hessdiag_tape(&f, g, h, T, x), 0);
    cr_assert(isnan(f));
    for (unsigned i = 0; i < N; i++)
        cr_assert(isnan(g[i]) == (i >= 4 && i <= 6) && isnan(h[i]) == (i >= 4 && i <= 6),
                  "entry %u", i);
    dn_tape_o2_free(T);
}

Test(tape, bad_arguments)
{
    double x[4] = {1, 2, 3, 4}, g[4], h[4], f = 7.0;
    dn_tape_o2 *T;
    dn_errinfo e;
    cr_assert_eq(dn_tape_o2_new(NULL, NULL), DN_EINVAL);
    cr_assert_eq(dn_tape_o2_new(&T, NULL), 0);
    cr_assert_eq(dn_tape_o2_record_ex(NULL, rosen_tp, NULL, x, 4, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 1);
    cr_assert_eq(dn_tape_o2_record_ex(T, NULL, NULL, x, 4, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 2);
    cr_assert_eq(dn_tape_o2_record_ex(T, rosen_tp, NULL, NULL, 4, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 4);
    cr_assert_eq(dn_tape_o2_record_ex(T, rosen_tp, NULL, x, 0, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 5);
    g[0] = 9.0;
    cr_assert_eq(dn_hessdiag_tape_ex(&f, g, h, T, x, &e), DN_EINVAL); /* nothing recorded */
    cr_assert_eq(e.arg, 4);
    cr_assert(strstr(e.msg, "dn_tape_o2_record"), "message: %s", e.msg);
    cr_assert(f == 7.0 && g[0] == 9.0, "output written");
    cr_assert_eq(dn_grad_tape_ex(&f, g, T, x, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 3);
    cr_assert_eq(dn_hessdiag_tape_ex(&f, g, NULL, T, x, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 3);
    cr_assert_eq(dn_grad_tape_ex(&f, NULL, T, x, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 2);
    cr_assert_eq(dn_hessdiag_tape_ex(&f, g, h, NULL, x, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 4);
    cr_assert_eq(dn_tape_o2_record(T, rosen_tp, NULL, x, 4), 0);
    cr_assert_eq(dn_hessdiag_tape_ex(&f, g, h, T, NULL, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 5);
    cr_assert_eq(dn_hessdiag_tape(NULL, NULL, h, T, x), 0); /* fx and grad not wanted */
    cr_assert_eq(dn_hessvec_tape_ex(&f, g, h, T, x, NULL, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 6);
    cr_assert_eq(dn_hessvec_tape_ex(&f, g, NULL, T, x, x, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 3);
    cr_assert_eq(dn_hessian_tape_ex(&f, g, NULL, T, x, &e), DN_EINVAL);
    cr_assert_eq(e.arg, 3);
    dn_tape_o2_stats st;
    dn_tape_o2_info(NULL, &st);
    cr_assert_eq(st.n, 0);
    dn_tape_o2_info(T, NULL);
    dn_tape_o2_free(T);
    dn_tape_o2_free(NULL);
}

Test(tape, allocation_failures)
{
    enum { N = 40 };
    double x[N], g[N], h[N], gr[N], hr[N], f, fr;
    point(x, N, 2);
    cr_assert_eq(dn_hessdiag_sp(&fr, gr, hr, mixed_sp, NULL, x, N, NULL), 0);
    int failures = 0;
    for (long k = 0; k < 400; k++) {
        counting c;
        counting_init(&c);
        c.fail_at = k;
        dn_allocator al = {c_alloc, c_free, &c};
        dn_tape_o2 *T = (dn_tape_o2 *)(uintptr_t)0x5e5e;
        int st = dn_tape_o2_new(&T, &al);
        if (st) {
            cr_assert_eq(st, DN_ENOMEM);
            cr_assert_eq((void *)T, (void *)(uintptr_t)0x5e5e, "tape written on failure");
            failures++;
        } else {
            st = dn_tape_o2_record(T, mixed_tp, NULL, x, N);
            if (st) {
                cr_assert_eq(st, DN_ENOMEM);
                failures++;
            }
            for (int call = 0; call < 2 && !st; call++) {
                f = 9.0, g[0] = h[0] = 9.0;
                int s2 = dn_hessdiag_tape(&f, g, h, T, x);
                if (s2) {
                    cr_assert_eq(s2, DN_ENOMEM);
                    cr_assert(f == 9.0 && g[0] == 9.0 && h[0] == 9.0, "output written");
                    failures++;
                    continue;
                }
                cr_assert(near(f, fr, 1e-13, fabs(fr) + 1.0));
                for (unsigned i = 0; i < N; i++)
                    cr_assert(near(g[i], gr[i], 1e-13, 1e2) &&
                                  near(h[i], hr[i], 1e-13, 1e2),
                              "allocation %ld, call %d, entry %u", k, call, i);
            }
            dn_tape_o2_free(T);
        }
        cr_assert_eq(c.live, 0, "allocation %ld: %ld blocks leaked", k, c.live);
        cr_assert_eq(c.bad_free, 0);
        if (c.count <= k) break; /* every allocation has failed once */
    }
    cr_assert_gt(failures, 10);
}

/* a function of two numbers of constants only (hypot(3, 4), pow(2, 3)) is a constant: the
 * objective is recorded, with its value */
DN_OBJECTIVE_O2(const_pair, T, x, n, ctx,
    T k = dnh_hypot(dnh_const(T, 3.0), dnh_const(T, 4.0));
    T p = dnh_pow(dnh_const(T, 2.0), dnh_const(T, 3.0));
    return dnh_add(dnh_mul(x[0], k), dnh_mul(dnh_mul(x[1], x[1]), p));)

Test(tape, two_number_functions_of_constants)
{
    double x[2] = {0.7, -1.3}, g[2], h[2], f;
    dn_tape_o2 *T;
    cr_assert_eq(dn_tape_o2_new(&T, NULL), 0);
    cr_assert_eq(dn_tape_o2_record(T, const_pair_tp, NULL, x, 2), 0);
    x[0] = 1.5, x[1] = 2.0;
    cr_assert_eq(dn_hessdiag_tape(&f, g, h, T, x), 0);
    cr_expect_eq(f, 5.0 * 1.5 + 8.0 * 4.0);
    cr_expect_eq(g[0], 5.0);
    cr_expect_eq(g[1], 32.0);
    cr_expect_eq(h[0], 0.0);
    cr_expect_eq(h[1], 16.0);
    dn_tape_o2_free(T);
}
