/* Benchmark of the fixed-order Dnum family on workloads W1 and W2 of BENCHMARKS.md.
 *
 * Prints lines in the bench-floor protocol, so they compare row by row with
 * ../shared/bench-floor/bench_c (run both in one go with tools/bench_compare.sh):
 *   RESULT,<peer>,<flags>,<workload>,<N>,ns_per_point,<best>,<median>,<checksum>,
 * Usage: bench_dnum [W1|W2|all] [N]
 *
 * The seed derivatives of the variable are hidden from the optimiser (as the floor does
 * with OPAQUE), so the measured work is the dense work a general point costs.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dnum/dnum.h>

#define REPS 5
#define M 200000

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define OPAQUE(v) __asm__("" : "+x"(v))
#else
#define OPAQUE(v) ((void)0)
#endif

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

static void report(const char *wl, int n, double *t, double cs)
{
    qsort(t, REPS, sizeof t[0], cmp_dbl);
    printf("RESULT,dnum_fixed,-O3,%s,%d,ns_per_point,%.4f,%.4f,%.17g,\n", wl, n,
           t[0] * 1e9 / M, t[REPS / 2] * 1e9 / M, cs);
    fflush(stdout);
}

/* checksum weights: k! turns derivatives back into the floor's Taylor checksums */
#define DEF(N)                                                                              \
    static dnum_o##N var##N(double x0)                                                      \
    {                                                                                       \
        dnum_o##N x = dnum_o##N##_var(x0);                                                  \
        for (int k = 1; k <= N; k++) OPAQUE(x.d[k]);                                        \
        return x;                                                                           \
    }                                                                                       \
    static double csum##N(dnum_o##N a)                                                      \
    {                                                                                       \
        double cs = 0.0;                                                                    \
        for (int k = 0; k <= N; k++) cs += a.d[k];                                          \
        return cs;                                                                          \
    }                                                                                       \
    static __attribute__((noinline)) double w1_##N(void)                                    \
    {                                                                                       \
        double cs = 0.0;                                                                    \
        for (long i = 0; i < M; i++) {                                                      \
            dnum_o##N x = var##N(-4.0 + 8.0 * (double)i / (double)(M - 1));                 \
            cs += csum##N(dnum_o##N##_exp(dnum_o##N##_neg(dnum_o##N##_mul(x, x))));         \
        }                                                                                   \
        return cs;                                                                          \
    }                                                                                       \
    static __attribute__((noinline)) double w2_##N(void)                                    \
    {                                                                                       \
        double cs = 0.0;                                                                    \
        for (long i = 0; i < M; i++) {                                                      \
            dnum_o##N x = var##N(-2.0 + 4.0 * (double)i / (double)(M - 1)), s, c;          \
            dnum_o##N##_sincos(x, &s, &c);                                                  \
            dnum_o##N p = dnum_o##N##_add_d(dnum_o##N##_mul(x, x), 1.0);                    \
            dnum_o##N t1 = dnum_o##N##_div(dnum_o##N##_mul(s, dnum_o##N##_exp(x)), p);      \
            dnum_o##N t2 = dnum_o##N##_mul(dnum_o##N##_sqrt(p),                             \
                                           dnum_o##N##_log(dnum_o##N##_add_d(c, 2.0)));     \
            cs += csum##N(dnum_o##N##_add(t1, t2));                                         \
        }                                                                                   \
        return cs;                                                                          \
    }
DEF(2)
DEF(4)
DEF(8)
DEF(16)

static void run(const char *wl, int n, double (*f)(void), int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "all") != 0 && strcmp(argv[1], wl) != 0) return;
    if (argc >= 3 && atoi(argv[2]) != n) return;
    double t[REPS], cs = 0.0;
    for (int r = 0; r < REPS; r++) {
        double t0 = now_s();
        cs = f();
        t[r] = now_s() - t0;
    }
    report(wl, n, t, cs);
}

int main(int argc, char **argv)
{
    run("W1", 2, w1_2, argc, argv);
    run("W1", 4, w1_4, argc, argv);
    run("W1", 8, w1_8, argc, argv);
    run("W1", 16, w1_16, argc, argv);
    run("W2", 2, w2_2, argc, argv);
    run("W2", 4, w2_4, argc, argv);
    run("W2", 8, w2_8, argc, argv);
    run("W2", 16, w2_16, argc, argv);
    return 0;
}
