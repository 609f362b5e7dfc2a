/* Shared by the benchmark programs: timing, the RESULT-line protocol of
 * docs/benchmarks.md (also printed by bench/floor.c), and W1/W2 on the fixed-order family (FIXED_W(N) defines
 * w1_N and w2_N). */
#ifndef DNUM_BENCH_COMMON_H
#define DNUM_BENCH_COMMON_H
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

static inline double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs f (which evaluates points points) REPS times, prints the RESULT line of peer and
 * returns the best ns/point. */
static inline double measure_pts(const char *peer, const char *wl, int n, double (*f)(void),
                                 double points)
{
    double t[REPS], cs = 0.0;
    for (int r = 0; r < REPS; r++) {
        double t0 = now_s();
        cs = f();
        t[r] = now_s() - t0;
    }
    qsort(t, REPS, sizeof t[0], cmp_dbl);
    printf("RESULT,%s,-O3,%s,%d,ns_per_point,%.4f,%.4f,%.17g,\n", peer, wl, n,
           t[0] * 1e9 / points, t[REPS / 2] * 1e9 / points, cs);
    fflush(stdout);
    return t[0] * 1e9 / points;
}

/* Times np (<= 8) functions side by side: REPS rounds, each running every function once
 * in turn, so that all of them see the same machine load. Prints a RESULT line per peer
 * (best and median of its REPS passes, ns per point) with extra[i] in its last field
 * (extra or extra[i] NULL: empty); stores the best time of each in best[i] and the time of
 * each pass in t[i][round] (seconds), for side_ratio. */
static inline void measure_side(int np, const char *const *peers, double (*const *fs)(void),
                                const char *const *extra, const char *wl, int n,
                                double points, double *best, double (*t)[REPS])
{
    double cs[8], s[REPS];
    for (int k = 0; k < REPS; k++)
        for (int i = 0; i < np; i++) {
            double t0 = now_s();
            cs[i] = fs[i]();
            t[i][k] = now_s() - t0;
        }
    for (int i = 0; i < np; i++) {
        memcpy(s, t[i], sizeof s);
        qsort(s, REPS, sizeof s[0], cmp_dbl);
        best[i] = s[0] * 1e9 / points;
        printf("RESULT,%s,-O3,%s,%d,ns_per_point,%.4f,%.4f,%.17g,%s\n", peers[i], wl, n,
               best[i], s[REPS / 2] * 1e9 / points, cs[i], extra && extra[i] ? extra[i] : "");
    }
    fflush(stdout);
}

/* The median over the rounds of measure_side of the ratio a / b of two peers' passes. */
static inline double side_ratio(const double *a, const double *b)
{
    double r[REPS];
    for (int k = 0; k < REPS; k++) r[k] = a[k] / b[k];
    qsort(r, REPS, sizeof r[0], cmp_dbl);
    return r[REPS / 2];
}

/* A ratio of two peers measured side by side (docs/benchmarks.md): unit "ratio", the
 * ratio of their best times, the median of the ratios of their passes in the same rounds,
 * no checksum, the target in the last field. */
static inline void result_ratio(const char *peer, const char *wl, int n, double best_ratio,
                                double median_ratio, const char *target)
{
    printf("RESULT,%s,-O3,%s,%d,ratio,%.4f,%.4f,,%s\n", peer, wl, n, best_ratio, median_ratio,
           target);
    fflush(stdout);
}

/* measure_pts for the M points of W1 and W2. */
static inline double measure(const char *peer, const char *wl, int n, double (*f)(void))
{
    return measure_pts(peer, wl, n, f, M);
}

/* argv filter: [W1|W2|all] [N] */
static inline int wanted(const char *wl, int n, int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "all") != 0 && strcmp(argv[1], wl) != 0) return 0;
    return !(argc >= 3 && atoi(argv[2]) != n);
}

/* checksum weights: k! turns derivatives back into the floor's Taylor checksums */
#define FIXED_W(N)                                                                              \
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
    static __attribute__((noinline, unused)) double w1_##N(void)                                    \
    {                                                                                       \
        double cs = 0.0;                                                                    \
        for (long i = 0; i < M; i++) {                                                      \
            dnum_o##N x = var##N(-4.0 + 8.0 * (double)i / (double)(M - 1));                 \
            cs += csum##N(dnum_o##N##_exp(dnum_o##N##_neg(dnum_o##N##_mul(x, x))));         \
        }                                                                                   \
        return cs;                                                                          \
    }                                                                                       \
    static __attribute__((noinline, unused)) double w2_##N(void)                                    \
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

#endif
