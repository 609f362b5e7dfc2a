/* Benchmark of parsed expressions (dnum/expr.h) against the same formulas written with
 * the fixed-order functions: a sweep of PTS = 1,000,000 points at orders 4, 8, 12, 16.
 *
 *   bench_eval [ROUNDS]          (default 5)
 *
 * Sides, run interleaved round by round (best time of each kept), ns per point:
 *   dnum_oN  the formula hand-written with dnum_oN_* calls (seed derivatives hidden from
 *            the optimiser, as in bench_dnum);
 *   expr     dn_expr_eval at order N (the order-specialised program);
 *   dvec     dn_expr_eval_dvec (Dvec arguments and result);
 * Formulas: G = exp(-x^2) on [-4, 4] (W1) and W2 of docs/benchmarks.md on [-2, 2], written in
 * the same order of operations on both sides, so the checksums (sum of every derivative
 * over the sweep) must agree exactly. Target (docs/benchmarks.md): expr within 2x of
 * dnum_o8. */
#include "bench_common.h"
#include <dnum/expr.h>

#define PTS 1000000L

static const char *const G_SRC = "exp(-x^2)";
static const char *const W2_SRC = "sin(x)*exp(x)/(1+x*x) + sqrt(1+x*x)*log(2+cos(x))";

#define HAND(N)                                                                            \
    static dnum_o##N hvar##N(double x0)                                                    \
    {                                                                                      \
        dnum_o##N x = dnum_o##N##_var(x0);                                                 \
        for (int k = 1; k <= N; k++) OPAQUE(x.d[k]);                                       \
        return x;                                                                          \
    }                                                                                      \
    static __attribute__((noinline)) double hand_g##N(double lo, double hi)                \
    {                                                                                      \
        double cs = 0.0;                                                                   \
        for (long i = 0; i < PTS; i++) {                                                   \
            dnum_o##N x = hvar##N(lo + (hi - lo) * (double)i / (double)(PTS - 1));         \
            dnum_o##N g = dnum_o##N##_exp(dnum_o##N##_neg(dnum_o##N##_mul(x, x)));         \
            for (int k = 0; k <= N; k++) cs += g.d[k];                                     \
        }                                                                                  \
        return cs;                                                                         \
    }                                                                                      \
    static __attribute__((noinline)) double hand_w2##N(double lo, double hi)               \
    {                                                                                      \
        double cs = 0.0;                                                                   \
        for (long i = 0; i < PTS; i++) {                                                   \
            dnum_o##N x = hvar##N(lo + (hi - lo) * (double)i / (double)(PTS - 1));         \
            dnum_o##N t1 = dnum_o##N##_div(                                                \
                dnum_o##N##_mul(dnum_o##N##_sin(x), dnum_o##N##_exp(x)),                   \
                dnum_o##N##_add_d(dnum_o##N##_mul(x, x), 1.0));                            \
            dnum_o##N t2 = dnum_o##N##_mul(                                                \
                dnum_o##N##_sqrt(dnum_o##N##_add_d(dnum_o##N##_mul(x, x), 1.0)),           \
                dnum_o##N##_log(dnum_o##N##_add_d(dnum_o##N##_cos(x), 2.0)));              \
            dnum_o##N r = dnum_o##N##_add(t1, t2);                                         \
            for (int k = 0; k <= N; k++) cs += r.d[k];                                     \
        }                                                                                  \
        return cs;                                                                         \
    }
HAND(4)
HAND(8)
HAND(12)
HAND(16)

static double expr_sweep(const dn_expr *e, unsigned n, double lo, double hi, double *work)
{
    double args[DN_ORDER_MAX + 1] = {0}, out[DN_ORDER_MAX + 1], cs = 0.0;
    args[1] = 1.0;
    for (long i = 0; i < PTS; i++) {
        args[0] = lo + (hi - lo) * (double)i / (double)(PTS - 1);
        dn_expr_eval(e, n, args, out, work);
        for (unsigned k = 0; k <= n; k++) cs += out[k];
    }
    return cs;
}

static double dvec_sweep(const dn_expr *e, unsigned n, double lo, double hi, double *work)
{
    dvec x, r;
    double out[DN_ORDER_MAX + 1], cs = 0.0;
    if (dvec_init(&x, n) || dvec_init(&r, n)) exit(1);
    const dvec *args[1] = {&x};
    for (long i = 0; i < PTS; i++) {
        dvec_set_var(&x, lo + (hi - lo) * (double)i / (double)(PTS - 1));
        dn_expr_eval_dvec(e, &r, args, work);
        dvec_get_derivs(out, &r);
        for (unsigned k = 0; k <= n; k++) cs += out[k];
    }
    dvec_clear(&x);
    dvec_clear(&r);
    return cs;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    static const struct { const char *wl, *src; double lo, hi; } wls[] = {
        {"G", NULL, -4.0, 4.0}, {"W2", NULL, -2.0, 2.0}};
    static const unsigned orders[] = {4, 8, 12, 16};
    const char *x = "x";
    printf("best of %d interleaved rounds, %ld points, ns per point\n", rounds, PTS);
    printf("%-3s %3s %10s %10s %10s %7s %7s  checksums\n", "wl", "N", "dnum_oN", "expr",
           "dvec", "expr/o", "dvec/o");
    int ok = 1;
    for (unsigned w = 0; w < 2; w++) {
        dn_expr_error err;
        dn_expr *e = dn_expr_parse(w ? W2_SRC : G_SRC, &x, 1, &err);
        if (!e) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
        for (unsigned o = 0; o < sizeof orders / sizeof orders[0]; o++) {
            unsigned n = orders[o];
            double *work = malloc(dn_expr_work_size(e, n) * sizeof(double));
            double best[3] = {INFINITY, INFINITY, INFINITY}, cs[3] = {0, 0, 0};
            double lo = wls[w].lo, hi = wls[w].hi;
            for (int r = 0; r < rounds; r++) {
                for (int side = 0; side < 3; side++) {
                    double t0 = now_s(), c;
                    if (side == 0) {
                        c = n == 4   ? (w ? hand_w24(lo, hi) : hand_g4(lo, hi))
                            : n == 8 ? (w ? hand_w28(lo, hi) : hand_g8(lo, hi))
                            : n == 12 ? (w ? hand_w212(lo, hi) : hand_g12(lo, hi))
                                      : (w ? hand_w216(lo, hi) : hand_g16(lo, hi));
                    } else if (side == 1) {
                        c = expr_sweep(e, n, lo, hi, work);
                    } else {
                        c = dvec_sweep(e, n, lo, hi, work);
                    }
                    double t = (now_s() - t0) * 1e9 / (double)PTS;
                    if (t < best[side]) best[side] = t;
                    cs[side] = c;
                }
            }
            int same = cs[0] == cs[1] && cs[0] == cs[2];
            printf("%-3s %3u %10.2f %10.2f %10.2f %7.2f %7.2f  %s\n", wls[w].wl, n, best[0],
                   best[1], best[2], best[1] / best[0], best[2] / best[0],
                   same ? "equal" : "DIFFER");
            printf("RESULT,expr_ratio,-O3,%s,%u,ratio,%.4f,%.4f,%.17g,\n", wls[w].wl, n,
                   best[1] / best[0], best[2] / best[0], cs[1]);
            if (n == 8 && best[1] > 2.0 * best[0]) ok = 0;
            ok &= same;
            free(work);
        }
        dn_expr_free(e);
    }
    printf("%s\n", ok ? "target met: expr within 2x of dnum_o8, checksums equal"
                      : "TARGET MISSED or checksums differ");
    return 0;
}
