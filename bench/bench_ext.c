/* dn_expr_eval_ext and the error bounds beside dn_expr_eval: the cost of extended
 * precision and of dn_expr_eval_err (docs/accuracy.md, "Extended precision", "Error
 * bounds"). For each formula and order, the best time per call of each over interleaved
 * rounds, and the ratios to dn_expr_eval: ext; err (the calibrated bound); auto (the
 * DN_PREC_AUTO | DN_PREC_QUICK check, at a point where double is enough).
 * Usage: bench_ext [rounds]   (default 3) */
#include "bench_common.h"
#include <dnum/expr.h>

static double time_eval(const dn_expr *e, unsigned n, const double *args, double *out,
                        double *w, int mode, double budget)
{
    double best = INFINITY, spent = 0.0;
    unsigned reps = 1;
    while (spent < budget) {
        double t0 = now_s();
        for (unsigned r = 0; r < reps; r++) {
            if (mode == 1) dn_expr_eval_ext(e, n, args, out, w);
            else if (mode == 2) dn_expr_eval_err(e, n, args, out, out + n + 1, w);
            else if (mode == 3) dn_expr_eval_prec(e, n, args, out, NULL, DN_PREC_AUTO | DN_PREC_QUICK, w);
            else dn_expr_eval(e, n, args, out, w);
        }
        double t = (now_s() - t0) / reps;
        spent += t * reps;
        best = fmin(best, t);
        if (t * reps < 1e-3) reps *= 4;
    }
    return best;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    static const char *const src[] = {"sin(x) * exp(x)", "exp(-x^2) * sin(3*x) / (1 + x^2)",
                                      "sqrt(1 + x^2) * log(2 + cos(x)) + atan(x)", "lgamma(x + 2)"};
    static const unsigned orders[] = {10, 100, 1000};
    const char *vars[] = {"x"};
    printf("extended type: %d significand bits\n", dn_ext_bits());
    printf("%-44s %5s %12s %8s %8s %8s\n", "formula", "order", "double (us)", "ext", "err",
           "auto");
    for (size_t f = 0; f < sizeof src / sizeof src[0]; f++) {
        dn_expr_error err;
        dn_expr *e = dn_expr_parse(src[f], vars, 1, &err);
        if (!e) return 1;
        for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
            unsigned n = orders[o];
            if (f == 3 && n > 100) continue; /* O(n^3) composition: seconds per call */
            double *args = calloc(n + 1, sizeof *args), *out = malloc(2 * (n + 1) * sizeof *out);
            double *w = malloc(dn_expr_work_size_err(e, n) * sizeof *w); /* enough for all */
            if (!args || !out || !w) return 1;
            args[0] = 0.7;
            args[1] = 1.0;
            double bd = INFINITY, bx = INFINITY, be = INFINITY, ba = INFINITY;
            double budget = n >= 1000 ? 0.3 : 0.05;
            for (int r = 0; r < rounds; r++) { /* interleaved */
                bd = fmin(bd, time_eval(e, n, args, out, w, 0, budget));
                bx = fmin(bx, time_eval(e, n, args, out, w, 1, budget));
                be = fmin(be, time_eval(e, n, args, out, w, 2, budget));
                ba = fmin(ba, time_eval(e, n, args, out, w, 3, budget));
            }
            printf("%-44s %5u %12.2f %8.1f %8.1f %8.1f\n", src[f], n, bd * 1e6, bx / bd, be / bd,
                   ba / bd);
            free(args);
            free(out);
            free(w);
        }
        dn_expr_free(e);
    }
    return 0;
}
