/* Benchmark W3 of docs/benchmarks.md: extended Rosenbrock, n = 2000, at x_i = -1.2 (even i),
 * 1.0 (odd i); value, gradient and full Hessian diagonal.
 *
 * Prints RESULT lines (docs/benchmarks.md; compare with the c_floor of bench/floor.c,
 * side by side: python3 tools/bench_compare.py W3):
 *   RESULT,<peer>,-O3,W3,2,ms_total,<best>,<median>,<checksum>,maxabserr=<e>
 * peers: dnum_hessdiag        dn_hessdiag, one dnum_o2 pass per coordinate (the floor's method)
 *        dnum_hessdiag_lanes  dn_hessdiag_lanes, DN_LANES coordinates per dlane2 pass
 * The checksum is the sum of the Hessian diagonal (the floor's checksum); maxabserr is the
 * largest deviation from the closed-form diagonal.
 * Usage: bench_hessian [W3|all] [2]
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dnum/dnum.h>

#define REPS 5
#define W3_N 2000

#include "w3_rosen.h" /* rosen, rosen_lanes */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double x[W3_N], g[W3_N], h[W3_N];
static dnum_o2 w[W3_N];
static dlane2 wl[W3_N];

static double run_o2(void)
{
    double f;
    if (dn_hessdiag(&f, g, h, rosen, NULL, x, W3_N, w)) abort();
    double cs = 0.0;
    for (int i = 0; i < W3_N; i++) cs += h[i];
    return cs;
}

static double run_lanes(void)
{
    double f;
    if (dn_hessdiag_lanes(&f, g, h, rosen_lanes, NULL, x, W3_N, wl)) abort();
    double cs = 0.0;
    for (int i = 0; i < W3_N; i++) cs += h[i];
    return cs;
}

static void bench(const char *peer, double (*f)(void))
{
    double t[REPS], cs = 0.0;
    for (int r = 0; r < REPS; r++) {
        double t0 = now_s();
        cs = f();
        t[r] = now_s() - t0;
    }
    double err = 0.0;
    for (int i = 0; i < W3_N; i++) {
        double e = 0.0; /* closed form */
        if (i < W3_N - 1) e += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
        if (i > 0) e += 200.0;
        err = fmax(err, fabs(h[i] - e));
    }
    qsort(t, REPS, sizeof t[0], cmp_dbl);
    printf("RESULT,%s,-O3,W3,2,ms_total,%.4f,%.4f,%.17g,maxabserr=%.3g\n", peer, t[0] * 1e3,
           t[REPS / 2] * 1e3, cs, err);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "all") != 0 && strcmp(argv[1], "W3") != 0) return 0;
    if (argc >= 3 && atoi(argv[2]) != 2) return 0;
    for (int i = 0; i < W3_N; i++) x[i] = (i % 2 == 0) ? -1.2 : 1.0;
    bench("dnum_hessdiag", run_o2);
    bench("dnum_hessdiag_lanes", run_lanes);
    return 0;
}
