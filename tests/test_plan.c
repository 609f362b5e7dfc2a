/* Recorded plans (dn_grad_plan, dn_hessdiag_plan, dn_hessvec_plan, dn_hessian_plan) against the one-pass
 * drivers they replay and against closed forms: over many calls at random points (the
 * first call, the calls that learn colours, the replays), on objectives whose control
 * flow changes with x, on objectives a replay must refuse (a function of the running sum,
 * a hand-written dsp_o2 objective), with NaN in x, bad arguments and allocation failures
 * at every allocation (outputs untouched, nothing leaked). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"
#include "../bench/w3_rosen.h"
#include "../bench/w5_logreg.h"
#include "../bench/w6_surface.h"
#include "../bench/cute.h"

/* the control flow depends on x: term i multiplies x_i by x_{i+1} or x_{i+2} by the sign
 * of x_i, and takes a sine or a square by the sign of x_{i+1} */
DN_OBJECTIVE_O2(branchy, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 2 < n; i++) {
        unsigned j = dnh_value(x[i]) > 0.0 ? i + 1 : i + 2;
        T t = dnh_mul(x[i], x[j]);
        t = dnh_value(x[i + 1]) > 0.0 ? dnh_sin(t) : dnh_mul(t, t);
        s = dnh_add(s, t);
    }
    return s;)

/* two colours whose pairs depend on x: term i is sin(x_i x_{i+1}) or sin(x_i^2) by the
 * sign of x_i (the Hessian's pattern changes, the colours i mod 2 hold) */
DN_OBJECTIVE_O2(pairwise, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i++)
        s = dnh_add(s, dnh_sin(dnh_mul(x[i], x[dnh_value(x[i]) > 0.0 ? i + 1 : i])));
    return s;)

/* the running sum scaled, shifted and with terms subtracted */
DN_OBJECTIVE_O2(scaled, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i++) {
        T t = dnh_exp(dnh_mul_d(dnh_mul(x[i], x[i + 1]), 0.3));
        s = i % 3 ? dnh_add(s, t) : dnh_sub(s, t);
    }
    return dnh_mul_d(dnh_add_d(s, 2.0), 0.5);)

/* a function of the running sum (no replay can do it) */
DN_OBJECTIVE_O2(sumfun, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i < n; i++) s = dnh_add(s, dnh_mul(x[i], x[i]));
    return dnh_log1p(s);)

/* a running sum that the result may drop: the sum where it is positive, else a constant
 * (a replay must then give no derivatives, whatever it added into its arrays) */
DN_OBJECTIVE_O2(dropped, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i++) s = dnh_add(s, dnh_mul(x[i], x[i + 1]));
    return dnh_value(s) > 0.0 ? s : dnh_const(T, -1.375);)

/* |x_2i| at a kink (x_0 = 0: NaN derivatives by design) beside x_2i+1, which must not get
 * them: exp(|x_2i|) + x_2i+1^2 + x_2i x_2i+1 */
DN_OBJECTIVE_O2(kink, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 1 < n; i += 2) {
        T t = dnh_add(dnh_exp(dnh_abs(x[i])), dnh_mul(x[i + 1], x[i + 1]));
        s = dnh_add(s, dnh_add(t, dnh_mul(x[i], x[i + 1])));
    }
    return s;)

/* terms of three variables that overlap (three colours) with an infinite first
 * derivative (sqrt at 0) before the third variable joins: the sum of
 * sqrt(x_i) x_i+1 + x_i x_i+2 */
DN_OBJECTIVE_O2(steep3, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 2 < n; i++)
        s = dnh_add(s, dnh_add(dnh_mul(dnh_sqrt(x[i]), x[i + 1]), dnh_mul(x[i], x[i + 2])));
    return s;)

/* the running sum divided by 0 (x_(n-1) takes no part: its entries are 0, not 0 * Inf) */
DN_OBJECTIVE_O2(divzero, T, x, n, ctx,
    T s = dnh_const(T, 0.0);
    for (unsigned i = 0; i + 2 < n; i++) s = dnh_add(s, dnh_mul(x[i], x[i + 1]));
    return dnh_div_d(s, 0.0);)

/* a constant (no variable reaches the result) */
DN_OBJECTIVE_O2(constant, T, x, n, ctx, (void)x; return dnh_const(T, 4.0);)

/* written by hand on dsp_o2 (no dplK_o2 version) */
static dsp_o2 by_hand(const dsp_o2 *x, unsigned n, void *ctx)
{
    (void)ctx;
    dsp_o2 s = dsp_o2_const(0.0);
    for (unsigned i = 0; i + 1 < n; i++) s = dsp_o2_add(s, dsp_o2_mul(x[i], x[i + 1]));
    return s;
}

/* a function of one's own that calls an objective of DN_OBJECTIVE_O2 and changes its
 * result: 2 rosen(x) + x0^2 (a replay must not take rosen's derivatives for its own) */
static dsp_o2 wraps_rosen(const dsp_o2 *x, unsigned n, void *ctx)
{
    dsp_o2 r = rosen_sp(x, n, ctx);
    return dsp_o2_add(dsp_o2_mul_d(r, 2.0), dsp_o2_mul(x[0], x[0]));
}

/* the same result as its own (passes the replay's checks) */
static dsp_o2 calls_rosen(const dsp_o2 *x, unsigned n, void *ctx)
{
    return rosen_sp(x, n, ctx);
}

static unsigned long long rng = 987654321;
static double unif(void) { return w5_uniform(&rng); }

/* set while x holds Inf or NaN: then the two methods may give Inf or NaN in an affected
 * entry (docs/hessian.md), and any two values that are not finite count as equal */
static int any_nonfinite;

/* 1 when a and b are equal within tol relative to scale, or the same infinity, or both
 * NaN (any_nonfinite: or both not finite) */
static int near(double a, double b, double tol, double scale)
{
    if (!isfinite(a) || !isfinite(b))
        return a == b || (isnan(a) && isnan(b)) ||
               (any_nonfinite && !isfinite(a) && !isfinite(b));
    return fabs(a - b) <= tol * scale;
}

/* the plan's three drivers against the one-pass ones at x (and direction v); 1 when the
 * call replayed (the plan's replay count grew) */
static int check_call(dn_plan_o2 *P, dn_objective_sp f, void *ctx, const double *x,
                      const double *v, unsigned n, const char *what, int call)
{
    enum { NMAX = 400 };
    double f1, f2, g1[NMAX], g2[NMAX], h1[NMAX], h2[NMAX];
    cr_assert(n <= NMAX);
    dn_plan_o2_stats st0, st1;
    dn_plan_o2_info(P, &st0);
    int mode = call % 3;
    if (mode == 0) {
        cr_assert_eq(dn_hessdiag_sp(&f1, g1, h1, f, ctx, x, n, NULL), 0);
        cr_assert_eq(dn_hessdiag_plan(&f2, g2, h2, f, ctx, x, n, P), 0, "%s", what);
    } else if (mode == 1) {
        cr_assert_eq(dn_hessvec_sp(&f1, g1, h1, f, ctx, x, v, n, NULL), 0);
        cr_assert_eq(dn_hessvec_plan(&f2, g2, h2, f, ctx, x, v, n, P), 0, "%s", what);
    } else {
        cr_assert_eq(dn_grad_sp(&f1, g1, f, ctx, x, n, NULL), 0);
        cr_assert_eq(dn_grad_plan(&f2, g2, f, ctx, x, n, P), 0, "%s", what);
    }
    double sg = maxabs(g1, n, 1.0), sh = mode == 2 ? 1.0 : maxabs(h1, n, 1.0);
    cr_assert(near(f1, f2, 1e-14, fabs(f1) + 1.0), "%s call %d: f %.17g against %.17g", what,
              call, f2, f1);
    for (unsigned i = 0; i < n; i++) {
        cr_assert(near(g1[i], g2[i], 1e-13, sg), "%s call %d: grad[%u] %.17g against %.17g",
                  what, call, i, g2[i], g1[i]);
        if (mode != 2)
            cr_assert(near(h1[i], h2[i], 1e-13, sh), "%s call %d: %s[%u] %.17g against %.17g",
                      what, call, mode ? "hv" : "hdiag", i, h2[i], h1[i]);
    }
    dn_plan_o2_info(P, &st1);
    return st1.replays > st0.replays;
}

/* calls calls of the plan's drivers at random points near x0 (spread: the random part);
 * returns the number of replayed calls */
static int run_calls(dn_objective_sp f, void *ctx, const double *x0, unsigned n, int calls,
                     double spread, const char *what, dn_plan_o2_stats *st)
{
    dn_plan_o2 *P;
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    double x[400], v[400];
    int replayed = 0;
    for (int c = 0; c < calls; c++) {
        for (unsigned i = 0; i < n; i++) x[i] = x0[i] + spread * unif(), v[i] = unif();
        replayed += check_call(P, f, ctx, x, v, n, what, c);
    }
    dn_plan_o2_info(P, st);
    cr_assert(dn_plan_o2_bytes(P) > 0);
    dn_plan_o2_free(P);
    return replayed;
}

/* at least min calls replayed, or the plan stopped replaying because a replay of 1 ms or
 * more was timed slower than the one-pass numbers (a slow machine or an emulator: qemu-user
 * runs the replay of W6 in over a millisecond, and the timing is its own) */
static int replayed(int r, int min, const dn_plan_o2_stats *st)
{
    return r >= min || (st->why && strstr(st->why, "faster"));
}
#define ASSERT_REPLAYED(r, min, st, what)                                                   \
    do {                                                                                   \
        int r_ = (r);                                                                      \
        cr_assert(replayed(r_, min, st), "%s: %d calls replayed (%s)", what, r_,            \
                  (st)->why ? (st)->why : "replaying");                                     \
    } while (0)

/* dn_hessian_plan into H against dn_hessian_sp into R at x (each kept from call to call,
 * so that both keep or rebuild their patterns by the same rule): the same Hessian within
 * rounding, compared dense; 1 when the call replayed */
static int check_hess(dn_plan_o2 *P, dn_sphess *H, dn_sphess *R, dn_objective_sp f, void *ctx,
                      const double *x, unsigned n, const char *what, int call)
{
    enum { NMAX = 400 };
    double f1, f2, g1[NMAX], g2[NMAX];
    dn_plan_o2_stats st0, st1;
    dn_plan_o2_info(P, &st0);
    cr_assert_eq(dn_hessian_sp(&f1, g1, R, f, ctx, x, n, NULL), 0);
    cr_assert_eq(dn_hessian_plan(&f2, g2, H, f, ctx, x, n, P), 0, "%s", what);
    cr_assert(near(f1, f2, 1e-14, fabs(f1) + 1.0), "%s call %d: f", what, call);
    double sg = maxabs(g1, n, 1.0), sh = maxabs(R->val, R->nnz, 1.0);
    for (unsigned i = 0; i < n; i++)
        cr_assert(near(g1[i], g2[i], 1e-13, sg), "%s call %d: grad[%u]", what, call, i);
    cr_assert(H->n == n && H->nnz == R->nnz, "%s call %d: %zu entries against %zu", what, call,
              H->nnz, R->nnz);
    double *A = malloc((size_t)n * n * sizeof *A), *B = malloc((size_t)n * n * sizeof *B);
    cr_assert(A && B);
    cr_assert_eq(dn_sphess_to_dense(A, R), 0);
    cr_assert_eq(dn_sphess_to_dense(B, H), 0);
    for (size_t q = 0; q < (size_t)n * n; q++)
        cr_assert(near(B[q], A[q], 1e-13, sh), "%s call %d: entry (%zu, %zu) %.17g against %.17g",
                  what, call, q / n, q % n, B[q], A[q]);
    free(A), free(B);
    dn_plan_o2_info(P, &st1);
    return st1.replays > st0.replays;
}

/* calls calls of dn_hessian_plan at random points near x0 (spread: the random part), every
 * third one after a dn_hessdiag_plan call on the same plan when mixed; the replayed calls */
static int run_hess(dn_objective_sp f, void *ctx, const double *x0, unsigned n, int calls,
                    double spread, int mixed, const char *what, dn_plan_o2_stats *st)
{
    dn_plan_o2 *P;
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    dn_sphess H, R;
    dn_sphess_init(&H, NULL);
    dn_sphess_init(&R, NULL);
    double x[400], v[400];
    int replayed = 0;
    for (int c = 0; c < calls; c++) {
        for (unsigned i = 0; i < n; i++) x[i] = x0[i] + spread * unif(), v[i] = unif();
        if (mixed && c % 3 == 2) check_call(P, f, ctx, x, v, n, what, 1 - c % 2);
        replayed += check_hess(P, &H, &R, f, ctx, x, n, what, c);
    }
    dn_plan_o2_info(P, st);
    dn_sphess_clear(&H);
    dn_sphess_clear(&R);
    dn_plan_o2_free(P);
    return replayed;
}

Test(plan, sparse_hessian_matches_one_pass)
{
    double x0[400];
    dn_plan_o2_stats st;
    for (unsigned i = 0; i < 400; i++) x0[i] = 0.5 + 0.1 * sin(i);
    /* two colours: replays */
    cr_assert_geq(run_hess(rosen_sp, NULL, x0, 200, 12, 0.3, 0, "rosen", &st), 11);
    cr_assert_geq(run_hess(arwhead_sp, NULL, x0, 300, 12, 0.3, 1, "arwhead", &st), 9);
    cr_assert_geq(run_hess(scaled_sp, NULL, x0, 100, 12, 0.3, 1, "scaled", &st), 10);
    cr_assert_geq(run_hess(constant_sp, NULL, x0, 5, 6, 0.3, 0, "constant", &st), 5);
    /* more colours: every call one pass, right */
    cr_assert_eq(run_hess(chainwoo_sp, NULL, x0, 300, 8, 0.3, 0, "chainwoo", &st), 0);
    cr_assert_eq(run_hess(nondquar_sp, NULL, x0, 300, 8, 0.3, 0, "nondquar", &st), 0);
    unsigned k = 17;
    cr_assert_eq(run_hess(w6_surface_sp, &k, x0, k * k, 8, 0.3, 1, "w6", &st), 0);
    cr_assert_eq(run_hess(sumfun_sp, NULL, x0, 50, 8, 0.3, 0, "sumfun", &st), 0);
    cr_assert_eq(run_hess(by_hand, NULL, x0, 30, 4, 0.3, 0, "by hand", &st), 0);
}

/* the Rosenbrock Hessian through the plan against its closed form */
Test(plan, sparse_hessian_closed_form)
{
    enum { N = 300 };
    double x[N], g[N], f;
    dn_plan_o2 *P;
    dn_sphess H;
    dn_sphess_init(&H, NULL);
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    for (int c = 0; c < 5; c++) {
        for (unsigned i = 0; i < N; i++) x[i] = 1.5 * unif();
        cr_assert_eq(dn_hessian_plan(&f, g, &H, rosen_sp, NULL, x, N, P), 0);
        cr_assert_eq(H.nnz, 2 * N - 1);
        for (unsigned i = 0; i < N; i++) {
            double he = i + 1 < N ? 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0 : 0.0;
            if (i > 0) he += 200.0;
            cr_assert(near(dn_sphess_get(&H, i, i), he, 1e-12, 1000.0), "call %d (%u, %u)", c,
                      i, i);
            if (i > 0)
                cr_assert(near(dn_sphess_get(&H, i, i - 1), -400.0 * x[i - 1], 1e-12, 1000.0),
                          "call %d (%u, %u)", c, i, i - 1);
        }
    }
    dn_plan_o2_stats st;
    dn_plan_o2_info(P, &st);
    cr_assert_eq(st.replays, 4);
    dn_plan_o2_free(P);
    dn_sphess_clear(&H);
}

/* pairs that depend on x: each call checked against the one-pass Hessian (a pair outside
 * the pattern makes a one-pass call, which gives H the new pattern) */
Test(plan, sparse_hessian_control_flow_changes)
{
    double x0[401];
    dn_plan_o2_stats st;
    for (unsigned i = 0; i < 401; i++) x0[i] = 0.6 * sin(1.7 * i);
    run_hess(branchy_sp, NULL, x0, 120, 40, 1.0, 0, "branchy", &st);
    cr_assert_gt(st.fallbacks, 0, "the pattern never changed");
    cr_assert_eq(run_hess(branchy_sp, NULL, x0 + 1, 120, 12, 0.0, 0, "branchy, fixed", &st), 0);
    cr_assert_gt(st.colors, 2, "branchy: %u colours", st.colors);
    /* two colours, pairs changing at every call: each call right */
    run_hess(pairwise_sp, NULL, x0, 120, 20, 1.0, 1, "pairwise", &st);
    /* the pairs change at call 6 only (signs flipped): replays but for that call */
    dn_plan_o2 *P;
    dn_sphess H, R;
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    dn_sphess_init(&H, NULL);
    dn_sphess_init(&R, NULL);
    double x[120];
    for (int c = 0; c < 12; c++) {
        for (unsigned i = 0; i < 120; i++) {
            double sign = i % 3 == 0 || (c >= 6 && i % 5 == 1) ? 1.0 : -1.0;
            x[i] = sign * (0.5 + 0.1 * unif());
        }
        cr_assert_eq(check_hess(P, &H, &R, pairwise_sp, NULL, x, 120, "pairwise", c),
                     c != 0 && c != 6, "call %d", c);
    }
    dn_plan_o2_info(P, &st);
    cr_assert(st.replays == 10 && st.fallbacks == 1 && st.replaying);
    dn_plan_o2_free(P);
    dn_sphess_clear(&H);
    dn_sphess_clear(&R);
}

Test(plan, rosenbrock_closed_form)
{
    enum { N = 300 };
    double x[N], g[N], h[N], f;
    dn_plan_o2 *P;
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    for (int c = 0; c < 6; c++) {
        for (unsigned i = 0; i < N; i++) x[i] = 1.5 * unif();
        cr_assert_eq(dn_hessdiag_plan(&f, g, h, rosen_sp, NULL, x, N, P), 0);
        double fe = 0.0;
        for (unsigned i = 0; i < N; i++) {
            double ge = 0.0, he = 0.0;
            if (i + 1 < N) {
                double a = x[i + 1] - x[i] * x[i], b = 1.0 - x[i];
                fe += 100.0 * a * a + b * b;
                ge += -400.0 * x[i] * a - 2.0 * b;
                he += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
            }
            if (i > 0) ge += 200.0 * (x[i] - x[i - 1] * x[i - 1]), he += 200.0;
            cr_assert(near(g[i], ge, 1e-12, 1000.0), "call %d grad[%u]", c, i);
            cr_assert(near(h[i], he, 1e-12, 1000.0), "call %d hdiag[%u]", c, i);
        }
        cr_assert(near(f, fe, 1e-13, fe));
    }
    dn_plan_o2_stats st;
    dn_plan_o2_info(P, &st);
    cr_assert(st.colors == 2 || !st.replaying, "Rosenbrock: %u colours", st.colors);
    ASSERT_REPLAYED((int)st.replays, 5, &st, "Rosenbrock");
    cr_assert_eq(st.fallbacks, 0);
    dn_plan_o2_free(P);
}

/* the four CUTEst problems through the plan against their hand-derived derivatives */
Test(plan, cutest_against_hand)
{
    enum { N = 400 };
    struct {
        dn_objective_sp f;
        double (*hand)(const double *, unsigned, double *, double *);
        const char *name;
    } P[] = {{arwhead_sp, arwhead_hand, "ARWHEAD"}, {bdqrtic_sp, bdqrtic_hand, "BDQRTIC"},
             {chainwoo_sp, chainwoo_hand, "CHAINWOO"}, {nondquar_sp, nondquar_hand, "NONDQUAR"}};
    for (unsigned p = 0; p < sizeof P / sizeof *P; p++) {
        dn_plan_o2 *pl;
        cr_assert_eq(dn_plan_o2_new(&pl, NULL), 0);
        double x[N], g[N], h[N], ge[N], he[N], f;
        for (int c = 0; c < 6; c++) {
            for (unsigned i = 0; i < N; i++) x[i] = 0.3 + 0.5 * unif();
            cr_assert_eq(dn_hessdiag_plan(&f, g, h, P[p].f, NULL, x, N, pl), 0);
            double fe = P[p].hand(x, N, ge, he), sg = maxabs(ge, N, 1.0), sh = maxabs(he, N, 1.0);
            cr_assert(near(f, fe, 1e-13, fabs(fe)), "%s call %d: f %.17g, hand %.17g", P[p].name,
                      c, f, fe);
            for (unsigned i = 0; i < N; i++)
                cr_assert(near(g[i], ge[i], 1e-13, sg) && near(h[i], he[i], 1e-13, sh),
                          "%s call %d, entry %u: %.17g %.17g, hand %.17g %.17g", P[p].name, c,
                          i, g[i], h[i], ge[i], he[i]);
        }
        dn_plan_o2_stats st;
        dn_plan_o2_info(pl, &st);
        if (p != 1) ASSERT_REPLAYED((int)st.replays, 3, &st, P[p].name);
        dn_plan_o2_free(pl);
    }
}

Test(plan, replays_match_one_pass)
{
    double x0[400];
    dn_plan_o2_stats st;
    for (unsigned i = 0; i < 400; i++) x0[i] = 0.5 + 0.1 * sin(i);
    ASSERT_REPLAYED(run_calls(rosen_sp, NULL, x0, 200, 12, 0.3, "rosen", &st), 11, &st, "rosen");
    ASSERT_REPLAYED(run_calls(arwhead_sp, NULL, x0, 300, 12, 0.3, "arwhead", &st), 9, &st,
                    "arwhead");
    cr_assert_leq(st.colors, 2, "arwhead: %u colours", st.colors);
    ASSERT_REPLAYED(run_calls(chainwoo_sp, NULL, x0, 300, 12, 0.3, "chainwoo", &st), 8, &st,
                    "chainwoo");
    cr_assert_leq(st.colors, 4);
    unsigned k = 17;
    ASSERT_REPLAYED(run_calls(w6_surface_sp, &k, x0, k * k, 12, 0.3, "w6", &st), 7, &st, "w6");
    ASSERT_REPLAYED(run_calls(scaled_sp, NULL, x0, 100, 12, 0.3, "scaled", &st), 10, &st,
                    "scaled");
    ASSERT_REPLAYED(run_calls(constant_sp, NULL, x0, 5, 6, 0.3, "constant", &st), 5, &st,
                    "constant");
}

Test(plan, control_flow_changes)
{
    double x0[401];
    dn_plan_o2_stats st;
    for (unsigned i = 0; i < 401; i++) x0[i] = 0.6 * sin(1.7 * i);
    /* every call takes other branches: each is checked against the one-pass result */
    run_calls(branchy_sp, NULL, x0, 120, 40, 1.0, "branchy", &st);
    cr_assert_gt(st.fallbacks, 0, "the branches never clashed");
    /* the same branches in every call, after the first: replays */
    ASSERT_REPLAYED(run_calls(branchy_sp, NULL, x0 + 1, 120, 12, 0.0, "branchy, fixed", &st), 7,
                    &st, "branchy, fixed");
}

Test(plan, dropped_running_sum)
{
    double x0[400];
    dn_plan_o2_stats st;
    for (unsigned i = 0; i < 400; i++) x0[i] = i % 2 ? 0.8 : -0.7; /* (the sum < 0) */
    /* the constant at every call: replays, each with no derivatives */
    ASSERT_REPLAYED(run_calls(dropped_sp, NULL, x0, 30, 8, 0.05, "dropped", &st), 6, &st,
                    "dropped");
    /* the sparse Hessian: the sum's pattern made where it is positive, then the constant
     * (replays into that pattern, which the dropped sum's entries fit) */
    dn_plan_o2 *P;
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    dn_sphess H, R;
    dn_sphess_init(&H, NULL);
    dn_sphess_init(&R, NULL);
    double xp[30];
    for (unsigned i = 0; i < 30; i++) xp[i] = 0.5 + 0.01 * i;
    int r = 0;
    for (int c = 0; c < 8; c++) r += check_hess(P, &H, &R, dropped_sp, NULL, c < 2 ? xp : x0, 30,
                                                "dropped (sparse Hessian)", c);
    dn_plan_o2_info(P, &st);
    ASSERT_REPLAYED(r, 6, &st, "dropped (sparse Hessian)");
    dn_sphess_clear(&H);
    dn_sphess_clear(&R);
    dn_plan_o2_free(P);
    /* the sum or the constant, by the point */
    run_calls(dropped_sp, NULL, x0, 30, 24, 1.0, "dropped, both", &st);
    run_hess(dropped_sp, NULL, x0, 30, 12, 1.0, 1, "dropped, both", &st);
}

Test(plan, refused_objectives_are_computed_one_pass)
{
    double x0[400];
    dn_plan_o2_stats st;
    for (unsigned i = 0; i < 400; i++) x0[i] = 0.2 * cos(i);
    cr_assert_eq(run_calls(sumfun_sp, NULL, x0, 50, 14, 0.3, "sumfun", &st), 0);
    cr_assert_not(st.replaying);
    cr_assert_not_null(st.why);
    cr_assert(strstr(st.why, "colours") || strstr(st.why, "running sum") ||
                  strstr(st.why, "kept failing"),
              "why: %s", st.why);
    cr_assert_eq(run_calls(by_hand, NULL, x0, 30, 5, 0.3, "by hand", &st), 0);
    cr_assert_str_eq(st.why, "the objective was not defined with DN_OBJECTIVE_O2");
    struct w5_data D;
    enum { M = 40, NF = 12 };
    double a[M * NF], y[M], wt[NF];
    w5_make(a, y, M, NF, wt);
    D.m = M, D.a = a, D.y = y, D.lambda = 0.1;
    cr_assert_eq(run_calls(w5_logreg_sp, &D, x0, NF, 14, 0.3, "logreg", &st), 0);
    cr_assert_not(st.replaying);
}

Test(plan, nan_and_inf_follow_one_pass)
{
    double x[60];
    dn_plan_o2 *P;
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    for (int c = 0; c < 6; c++) {
        for (unsigned i = 0; i < 60; i++) x[i] = 0.5 + 0.2 * unif();
        if (c >= 2) x[7 * c] = c % 2 ? NAN : INFINITY;
        any_nonfinite = 1;
        check_call(P, arwhead_sp, NULL, x, x, 60, "arwhead with NaN/Inf", c);
        any_nonfinite = 0;
    }
    dn_plan_o2_free(P);
}

Test(plan, nan_derivatives_stay_where_they_are)
{
    /* |x_0| at 0: NaN in x_0's entries only, in every mode (replays used to put NaN into
     * the slots a later variable takes: (H v)_1, H(1, 0)) */
    double x[40], v[40];
    dn_plan_o2 *P;
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    int r = 0;
    for (int c = 0; c < 9; c++) {
        for (unsigned i = 0; i < 40; i++) x[i] = 0.5 + 0.1 * unif(), v[i] = 1.0 + unif();
        x[0] = 0.0;
        r += check_call(P, kink_sp, NULL, x, v, 40, "kink", c);
    }
    dn_plan_o2_stats st;
    dn_plan_o2_info(P, &st);
    ASSERT_REPLAYED(r, 5, &st, "kink");
    dn_plan_o2_free(P);
    /* an infinite first derivative (sqrt at 0), three colours: Inf in x_0's and x_10's
     * entries only */
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    r = 0;
    for (int c = 0; c < 12; c++) {
        for (unsigned i = 0; i < 40; i++) x[i] = 0.5 + 0.1 * unif(), v[i] = 1.0 + unif();
        x[0] = x[10] = 0.0;
        r += check_call(P, steep3_sp, NULL, x, v, 40, "steep3", c);
    }
    dn_plan_o2_info(P, &st);
    cr_assert_gt(st.colors, 2, "steep3: %u colours", st.colors);
    ASSERT_REPLAYED(r, 6, &st, "steep3");
    dn_plan_o2_free(P);
    /* the sparse Hessian */
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    dn_sphess H, R;
    dn_sphess_init(&H, NULL);
    dn_sphess_init(&R, NULL);
    r = 0;
    for (int c = 0; c < 6; c++) {
        for (unsigned i = 0; i < 40; i++) x[i] = 0.5 + 0.1 * unif();
        x[0] = 0.0;
        r += check_hess(P, &H, &R, kink_sp, NULL, x, 40, "kink (sparse Hessian)", c);
    }
    dn_plan_o2_info(P, &st);
    ASSERT_REPLAYED(r, 4, &st, "kink (sparse Hessian)");
    dn_sphess_clear(&H);
    dn_sphess_clear(&R);
    dn_plan_o2_free(P);
    /* a NaN in v: (H v)_i NaN where v's NaN reaches it, nowhere else */
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    r = 0;
    for (int c = 0; c < 6; c++) {
        for (unsigned i = 0; i < 40; i++) x[i] = 0.5 + 0.1 * unif(), v[i] = 1.0 + unif();
        v[0] = NAN;
        r += check_call(P, arwhead_sp, NULL, x, v, 40, "arwhead, NaN in v", 3 * c + 1);
    }
    dn_plan_o2_info(P, &st);
    ASSERT_REPLAYED(r, 3, &st, "arwhead, NaN in v");
    dn_plan_o2_free(P);
}

Test(plan, running_sum_times_infinity)
{
    /* s / 0: the one-pass numbers give the unused variable 0, a replay would give it
     * 0 * Inf; such a call is computed with the one-pass numbers, and the plan goes on */
    double x0[40];
    for (unsigned i = 0; i < 40; i++) x0[i] = 0.3 + 0.01 * i;
    dn_plan_o2_stats st;
    run_calls(divzero_sp, NULL, x0, 12, 9, 0.1, "divzero", &st);
    cr_assert_eq(st.replays, 0);
    cr_assert(st.replaying || (st.why && strstr(st.why, "not finite")), "why: %s", st.why);
    /* x0 / 0 only now and then: the other calls replay */
    run_calls(scaled_sp, NULL, x0, 12, 9, 0.1, "scaled", &st);
    cr_assert_gt(st.replays, 0);
}

Test(plan, objective_calling_an_objective)
{
    double x0[40];
    dn_plan_o2_stats st;
    for (unsigned i = 0; i < 40; i++) x0[i] = 0.8 + 0.05 * cos(i);
    /* its result changed: refused at the first replay, every call right */
    cr_assert_eq(run_calls(wraps_rosen, NULL, x0, 20, 6, 0.2, "wraps rosen", &st), 0);
    cr_assert_not(st.replaying);
    cr_assert_not_null(st.why);
    cr_assert(strstr(st.why, "DN_OBJECTIVE_O2"), "why: %s", st.why);
    /* its result unchanged: replays */
    ASSERT_REPLAYED(run_calls(calls_rosen, NULL, x0, 20, 6, 0.2, "calls rosen", &st), 4, &st,
                    "calls rosen");
}

Test(plan, bad_arguments)
{
    double x[4] = {1, 2, 3, 4}, g[4], h[4], v[4] = {1, 0, 0, 0}, f = 7.0;
    dn_plan_o2 *P;
    dn_errinfo e;
    cr_assert_eq(dn_plan_o2_new(NULL, NULL), DN_EINVAL);
    cr_assert_eq(dn_plan_o2_new(&P, NULL), 0);
    cr_assert_eq(dn_hessdiag_plan_ex(&f, g, NULL, rosen_sp, NULL, x, 4, P, &e), DN_EINVAL);
    cr_assert(strstr(e.msg, "hdiag is NULL"), "%s", e.msg);
    cr_assert_eq(dn_hessdiag_plan_ex(&f, g, h, NULL, NULL, x, 4, P, &e), DN_EINVAL);
    cr_assert_eq(dn_hessdiag_plan_ex(&f, g, h, rosen_sp, NULL, NULL, 4, P, &e), DN_EINVAL);
    cr_assert_eq(dn_hessdiag_plan_ex(&f, g, h, rosen_sp, NULL, x, 0, P, &e), DN_EINVAL);
    cr_assert_eq(dn_hessdiag_plan_ex(&f, g, h, rosen_sp, NULL, x, 4, NULL, &e), DN_EINVAL);
    cr_assert(strstr(e.msg, "dn_plan_o2_new"), "%s", e.msg);
    cr_assert_eq(dn_grad_plan_ex(&f, NULL, rosen_sp, NULL, x, 4, P, &e), DN_EINVAL);
    cr_assert_eq(dn_hessvec_plan_ex(&f, g, h, rosen_sp, NULL, x, NULL, 4, P, &e), DN_EINVAL);
    cr_assert(strstr(e.msg, "v is NULL"), "%s", e.msg);
    cr_assert_eq(dn_hessvec_plan_ex(&f, g, NULL, rosen_sp, NULL, x, v, 4, P, &e), DN_EINVAL);
    cr_assert_eq(dn_hessian_plan_ex(&f, g, NULL, rosen_sp, NULL, x, 4, P, &e), DN_EINVAL);
    cr_assert(strstr(e.msg, "H is NULL") && e.arg == 3, "%s", e.msg);
    cr_assert_eq(f, 7.0, "an output written on an error");
    /* the plan belongs to the first call's objective and n */
    cr_assert_eq(dn_hessdiag_plan(&f, g, h, rosen_sp, NULL, x, 4, P), 0);
    double f0 = f, g0 = g[1];
    cr_assert_eq(dn_hessdiag_plan_ex(&f, g, h, arwhead_sp, NULL, x, 4, P, &e), DN_EINVAL);
    cr_assert(strstr(e.msg, "another objective f"), "%s", e.msg);
    cr_assert_eq(e.arg, 4);
    cr_assert_eq(dn_grad_plan_ex(&f, g, rosen_sp, NULL, x, 3, P, &e), DN_EINVAL);
    cr_assert(strstr(e.msg, "another n"), "%s", e.msg);
    cr_assert_eq(e.arg, 6);
    cr_assert(f == f0 && g[1] == g0, "an output written on an error");
    dn_plan_o2_reset(P);
    cr_assert_eq(dn_grad_plan(&f, g, rosen_sp, NULL, x, 3, P), 0);
    dn_plan_o2_free(P);
    /* NULL plans */
    dn_plan_o2_stats st;
    memset(&st, 0xff, sizeof st);
    dn_plan_o2_info(NULL, &st);
    cr_assert(st.colors == 0 && st.replays == 0 && st.why == NULL);
    dn_plan_o2_info(NULL, NULL);
    cr_assert_eq(dn_plan_o2_bytes(NULL), 0);
    dn_plan_o2_free(NULL);
    dn_plan_o2_reset(NULL);
}

/* every allocation of a plan's life (new, the first call, learning, replays) failing in
 * turn: DN_ENOMEM with the outputs untouched, or the right result; nothing leaked */
Test(plan, allocation_failures)
{
    enum { N = 40 };
    double x[N], g[N], h[N], gr[N], hr[N], f, fr;
    for (unsigned i = 0; i < N; i++) x[i] = 0.4 + 0.1 * sin(i);
    cr_assert_eq(dn_hessdiag_sp(&fr, gr, hr, chainwoo_sp, NULL, x, N, NULL), 0);
    int failures = 0;
    for (long k = 0; k < 400; k++) {
        counting c;
        counting_init(&c);
        c.fail_at = k;
        dn_allocator al = {c_alloc, c_free, &c};
        dn_plan_o2 *P = (dn_plan_o2 *)SENTINEL;
        int st = dn_plan_o2_new(&P, &al);
        if (st) {
            cr_assert_eq(st, DN_ENOMEM);
            cr_assert_eq((void *)P, (void *)SENTINEL, "plan written on failure");
            failures++;
        } else {
            for (int call = 0; call < 5; call++) {
                f = 9.0, g[0] = h[0] = 9.0;
                st = dn_hessdiag_plan(&f, g, h, chainwoo_sp, NULL, x, N, P);
                if (st) {
                    cr_assert_eq(st, DN_ENOMEM);
                    cr_assert(f == 9.0 && g[0] == 9.0 && h[0] == 9.0, "output written");
                    failures++;
                    continue;
                }
                cr_assert_eq(f, fr);
                for (unsigned i = 0; i < N; i++)
                    cr_assert(near(g[i], gr[i], 1e-13, 1e3) && near(h[i], hr[i], 1e-13, 1e3),
                              "allocation %ld, call %d, entry %u", k, call, i);
            }
            dn_plan_o2_free(P);
        }
        cr_assert_eq(c.live, 0, "allocation %ld: %ld blocks leaked", k, c.live);
        cr_assert_eq(c.bad_free, 0);
        if (c.count <= k) break; /* every allocation has failed once */
    }
    cr_assert_gt(failures, 3);
}

/* the same for dn_hessian_plan (H from the failing allocator too: its pattern's
 * allocations fail in turn as well) */
Test(plan, sparse_hessian_allocation_failures)
{
    enum { N = 40 };
    double x[N], g[N], gr[N], f, fr;
    dn_sphess R;
    dn_sphess_init(&R, NULL);
    for (unsigned i = 0; i < N; i++) x[i] = 0.4 + 0.1 * sin(i);
    cr_assert_eq(dn_hessian_sp(&fr, gr, &R, arwhead_sp, NULL, x, N, NULL), 0);
    int failures = 0;
    for (long k = 0; k < 400; k++) {
        counting c;
        counting_init(&c);
        c.fail_at = k;
        dn_allocator al = {c_alloc, c_free, &c};
        dn_plan_o2 *P;
        dn_sphess H;
        dn_sphess_init(&H, &al);
        if (dn_plan_o2_new(&P, &al)) {
            failures++;
        } else {
            for (int call = 0; call < 5; call++) {
                size_t nnz = H.nnz;
                double v0 = nnz ? H.val[0] : 0.0;
                f = 9.0, g[0] = 9.0;
                int st = dn_hessian_plan(&f, g, &H, arwhead_sp, NULL, x, N, P);
                if (st) {
                    cr_assert_eq(st, DN_ENOMEM);
                    cr_assert(f == 9.0 && g[0] == 9.0 && H.nnz == nnz &&
                                  (!nnz || H.val[0] == v0),
                              "output written");
                    failures++;
                    continue;
                }
                cr_assert(f == fr && H.nnz == R.nnz, "allocation %ld, call %d", k, call);
                for (size_t q = 0; q < R.nnz; q++)
                    cr_assert(H.col[q] == R.col[q] && near(H.val[q], R.val[q], 1e-13, 1e3),
                              "allocation %ld, call %d, entry %zu", k, call, q);
            }
            dn_plan_o2_free(P);
        }
        dn_sphess_clear(&H);
        cr_assert_eq(c.live, 0, "allocation %ld: %ld blocks leaked", k, c.live);
        cr_assert_eq(c.bad_free, 0);
        if (c.count <= k) break;
    }
    cr_assert_gt(failures, 3);
    dn_sphess_clear(&R);
}
