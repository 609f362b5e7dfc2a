/* Benchmark of the Dvec family beside the fixed-order Dnum (docs/benchmarks.md targets:
 * Dvec within 2x of Dnum at N = 8 and 16; W1 at N = 64 under 3 us per point, N = 128
 * under 15 us). Each (workload, order) runs Dnum, Dvec and the C floor (bench/floor.c,
 * orders up to 16) in turn, pass by pass, so the ratios are measured side by side;
 * RESULT lines as in docs/benchmarks.md, with the ratios Dvec / Dnum and Dvec / floor as
 *   RESULT,dvec_vs_fixed,-O3,<W>,<N>,ratio,<best Dvec / best Dnum>,<median of the passes'
 *   ratios>,,<target>
 *   RESULT,dvec_vs_floor,-O3,<W>,<N>,ratio,<best Dvec / best floor>,<median>,,
 * and a table (the median ratio to Dnum decides a target's "met").
 * Usage: bench_dvec [W1|W2|all] [N]
 */
#include "bench_common.h"
#define FLOOR_NO_MAIN
#include "floor.c"

FIXED_W(2)
FIXED_W(4)
FIXED_W(8)
FIXED_W(16)
FIXED_W(32)

static unsigned g_n; /* the run-time order of the Dvec workloads */

static double dsum(dvec *a) /* reads the result in place, as a user's loop would */
{
    const double *d = dvec_derivs(a);
    double cs = 0.0;
    for (unsigned k = 0; k <= g_n; k++) cs += d[k];
    return cs;
}

static void need(int status)
{
    if (status) {
        fprintf(stderr, "bench_dvec: %s\n", dn_strerror(status));
        exit(1);
    }
}

static __attribute__((noinline)) double dvec_w1(void)
{
    dvec x, t;
    need(dvec_init(&x, g_n));
    need(dvec_init(&t, g_n));
    double cs = 0.0;
    for (long i = 0; i < M; i++) {
        dvec_set_var(&x, -4.0 + 8.0 * (double)i / (double)(M - 1));
        dvec_mul(&t, &x, &x);
        dvec_neg(&t, &t);
        dvec_exp(&t, &t);
        cs += dsum(&t);
    }
    dvec_clear(&x), dvec_clear(&t);
    return cs;
}

static __attribute__((noinline)) double dvec_w2(void)
{
    dvec x, s, c, p, t1, t2, e;
    dvec *all[] = {&x, &s, &c, &p, &t1, &t2, &e};
    for (int i = 0; i < 7; i++) need(dvec_init(all[i], g_n));
    double cs = 0.0;
    for (long i = 0; i < M; i++) {
        dvec_set_var(&x, -2.0 + 4.0 * (double)i / (double)(M - 1));
        dvec_sincos(&s, &c, &x);
        dvec_mul(&p, &x, &x);
        dvec_add_d(&p, &p, 1.0);
        dvec_exp(&e, &x);
        dvec_mul(&t1, &s, &e);
        dvec_div(&t1, &t1, &p);
        dvec_sqrt(&t2, &p);
        dvec_add_d(&c, &c, 2.0);
        dvec_log(&c, &c);
        dvec_mul(&t2, &t2, &c);
        dvec_add(&t1, &t1, &t2);
        cs += dsum(&t1);
    }
    for (int i = 0; i < 7; i++) dvec_clear(all[i]);
    return cs;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *wl;
        int n;
        double (*fixed)(void), (*cfloor)(void);
    } rows[] = {
        {"W1", 2, w1_2, run_w1_2}, {"W1", 4, w1_4, run_w1_4}, {"W1", 8, w1_8, run_w1_8},
        {"W1", 16, w1_16, run_w1_16}, {"W2", 2, w2_2, run_w2_2}, {"W2", 4, w2_4, run_w2_4},
        {"W2", 8, w2_8, run_w2_8}, {"W2", 16, w2_16, run_w2_16},
        {"W1", 32, w1_32, NULL}, {"W1", 64, NULL, NULL}, {"W1", 128, NULL, NULL},
    };
    (void)w3; /* (floor.c's W3: not a workload of this program) */
    char table[2048];
    int len = snprintf(table, sizeof table, "\n%-4s %5s %12s %12s %8s %8s %8s  %s\n", "wl", "N",
                       "Dnum ns/pt", "Dvec ns/pt", "ratio", "median", "/floor", "target");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (!wanted(rows[i].wl, rows[i].n, argc, argv)) continue;
        int n = rows[i].n;
        g_n = (unsigned)n;
        double (*dv)(void) = rows[i].wl[1] == '1' ? dvec_w1 : dvec_w2;
        const char *target = n == 8 || n == 16 ? "ratio<=2"
                             : n == 64         ? "dvec<3000ns"
                             : n == 128        ? "dvec<15000ns"
                                               : "";
        double best[3], t[3][REPS], tf = NAN, tv, r = NAN, rm = NAN, rfl = NAN;
        if (rows[i].fixed) { /* Dnum, Dvec and the floor in turn, pass by pass */
            const char *peers[] = {"dnum_fixed", "dnum_dvec", "c_floor"};
            double (*const fs[])(void) = {rows[i].fixed, dv, rows[i].cfloor};
            measure_side(rows[i].cfloor ? 3 : 2, peers, fs, NULL, rows[i].wl, n, M, best, t);
            tf = best[0], tv = best[1], r = tv / tf, rm = side_ratio(t[1], t[0]);
            result_ratio("dvec_vs_fixed", rows[i].wl, n, r, rm, target);
            if (rows[i].cfloor) {
                rfl = tv / best[2];
                result_ratio("dvec_vs_floor", rows[i].wl, n, rfl, side_ratio(t[1], t[2]), "");
            }
        } else {
            const char *peers[] = {"dnum_dvec"}, *extra[] = {target};
            double (*const fs[])(void) = {dv};
            measure_side(1, peers, fs, extra, rows[i].wl, n, M, best, t);
            tv = best[0];
        }
        int met = n == 8 || n == 16 ? rm <= 2.0 : n == 64 ? tv < 3000.0 : n == 128 ? tv < 15000.0 : 1;
        len += snprintf(table + len, sizeof table - (size_t)len,
                        "%-4s %5d %12.1f %12.1f %8.2f %8.2f %8.2f  %s%s\n", rows[i].wl, n, tf, tv,
                        r, rm, rfl, target, *target ? (met ? " met" : " MISSED") : "");
    }
    fputs(table, stdout);
    return 0;
}
