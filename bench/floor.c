/* The C floor of the benchmarks: the workloads W1-W4 (docs/benchmarks.md) written by hand
 * in plain C, without the library, on truncated Taylor series (coefficients c_k =
 * f^(k)/k!) of a compile-time degree, every loop unrolled for that degree. It is the
 * reference the library's benchmark programs are compared with, side by side in one run
 * (python3 tools/bench_compare.py).
 *
 * Like the library's benchmarks, the seed coefficients of the variables (1, 0, 0, ...)
 * are hidden from the optimiser (OPAQUE), so the dense work of a general point is
 * measured, and common subexpressions are written once (1 + x^2 in W2, sin and cos from
 * one recurrence, x^2, xy and y^2 in W4).
 *
 * Output, one line per case (the protocol of bench_common.h):
 *   RESULT,c_floor,-O3,<workload>,<N>,<unit>,<best>,<median>,<checksum>,
 * unit ns_per_point (W1, W2, W4) or ms_total (W3). Checksums: the sum of every derivative
 * over the sweep (Taylor coefficient times k!, or i! j! for W4; W3: the sum of the Hessian
 * diagonal), equal to the library programs' checksums up to rounding.
 * Usage: floor [W1|W2|W3|W4|all] [N]
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXD 16
#define REPS 5
#define NPTS 200000 /* W1, W2 */
#define NX 400      /* W4 grid */
#define NY 250
#define W3_N 2000

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define OPAQUE(v) __asm__("" : "+x"(v))
#else
#define OPAQUE(v) ((void)0)
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL _Pragma("GCC unroll 17")
#else
#define UNROLL
#endif
#define K static inline __attribute__((always_inline))

/* 1/k: the recurrences multiply by it (a division per coefficient would dominate) */
static const double rk[MAXD + 1] = {0.0, 1.0, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5, 1.0 / 6,
    1.0 / 7, 1.0 / 8, 1.0 / 9, 1.0 / 10, 1.0 / 11, 1.0 / 12, 1.0 / 13, 1.0 / 14, 1.0 / 15,
    1.0 / 16};

/* ---- univariate series of degree d: a[0..d] ------------------------------------- */

K void s_seed(double *x, double x0, int d)
{
    x[0] = x0;
    UNROLL for (int k = 1; k <= d; k++) {
        double v = k == 1 ? 1.0 : 0.0;
        OPAQUE(v);
        x[k] = v;
    }
}

/* r = a * b (Cauchy product); r must not alias a or b */
K void s_mul(double *restrict r, const double *a, const double *b, int d)
{
    UNROLL for (int k = 0; k <= d; k++) {
        double s = a[0] * b[k];
        UNROLL for (int j = 1; j <= k; j++) s += a[j] * b[k - j];
        r[k] = s;
    }
}

/* r = a / b: r_k = (a_k - sum_{j<k} r_j b_{k-j}) / b_0 */
K void s_div(double *restrict r, const double *a, const double *b, int d)
{
    double inv = 1.0 / b[0];
    UNROLL for (int k = 0; k <= d; k++) {
        double s = a[k];
        UNROLL for (int j = 0; j < k; j++) s -= r[j] * b[k - j];
        r[k] = s * inv;
    }
}

/* r = exp(sg * u), sg = +1 or -1: k r_k = sum_{j=1..k} j sg u_j r_{k-j} */
K void s_exp(double *restrict r, const double *u, double sg, int d)
{
    double w[MAXD + 1];
    r[0] = exp(sg * u[0]);
    UNROLL for (int j = 1; j <= d; j++) w[j] = (sg * (double)j) * u[j];
    UNROLL for (int k = 1; k <= d; k++) {
        double s = w[1] * r[k - 1];
        UNROLL for (int j = 2; j <= k; j++) s += w[j] * r[k - j];
        r[k] = s * rk[k];
    }
}

/* s = sin u, c = cos u: k s_k = sum j u_j c_{k-j},  k c_k = -sum j u_j s_{k-j} */
K void s_sincos(double *restrict s, double *restrict c, const double *u, int d)
{
    double w[MAXD + 1];
    s[0] = sin(u[0]);
    c[0] = cos(u[0]);
    UNROLL for (int j = 1; j <= d; j++) w[j] = (double)j * u[j];
    UNROLL for (int k = 1; k <= d; k++) {
        double ss = w[1] * c[k - 1], cc = w[1] * s[k - 1];
        UNROLL for (int j = 2; j <= k; j++) {
            ss += w[j] * c[k - j];
            cc += w[j] * s[k - j];
        }
        s[k] = ss * rk[k];
        c[k] = -cc * rk[k];
    }
}

/* r = sqrt(u): 2 r_0 r_k = u_k - sum_{j=1..k-1} r_j r_{k-j} */
K void s_sqrt(double *restrict r, const double *u, int d)
{
    r[0] = sqrt(u[0]);
    double h = 0.5 / r[0];
    UNROLL for (int k = 1; k <= d; k++) {
        double s = u[k];
        UNROLL for (int j = 1; j < k; j++) s -= r[j] * r[k - j];
        r[k] = s * h;
    }
}

/* r = log(u): r_k = (u_k - (1/k) sum_{j=1..k-1} j r_j u_{k-j}) / u_0 */
K void s_log(double *restrict r, const double *u, int d)
{
    double w[MAXD + 1]; /* j r_j */
    r[0] = log(u[0]);
    double inv = 1.0 / u[0];
    UNROLL for (int k = 1; k <= d; k++) {
        double s = 0.0;
        UNROLL for (int j = 1; j < k; j++) s += w[j] * u[k - j];
        r[k] = (u[k] - s * rk[k]) * inv;
        w[k] = (double)k * r[k];
    }
}

static const double fact[MAXD + 1] = {1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0,
    40320.0, 362880.0, 3628800.0, 39916800.0, 479001600.0, 6227020800.0, 87178291200.0,
    1307674368000.0, 20922789888000.0};

/* sum of the derivatives k! c_k */
K double s_sum(const double *a, int d)
{
    double cs = 0.0;
    UNROLL for (int k = 0; k <= d; k++) cs += a[k] * fact[k];
    return cs;
}

static double point(int m, double lo, double hi, long i)
{
    return lo + (hi - lo) * (double)i / (double)(m - 1);
}

/* W1: g(x) = exp(-x^2) on [-4, 4] */
K double w1(int d)
{
    double cs = 0.0;
    for (long i = 0; i < NPTS; i++) {
        double x[MAXD + 1], u[MAXD + 1], g[MAXD + 1];
        s_seed(x, point(NPTS, -4.0, 4.0, i), d);
        s_mul(u, x, x, d);
        s_exp(g, u, -1.0, d);
        cs += s_sum(g, d);
    }
    return cs;
}

/* W2: h(x) = sin(x) exp(x) / (1 + x^2) + sqrt(1 + x^2) log(2 + cos(x)) on [-2, 2] */
K double w2(int d)
{
    double cs = 0.0;
    for (long i = 0; i < NPTS; i++) {
        double x[MAXD + 1], p[MAXD + 1], s[MAXD + 1], c[MAXD + 1], e[MAXD + 1];
        double se[MAXD + 1], t1[MAXD + 1], q[MAXD + 1], l[MAXD + 1], t2[MAXD + 1];
        s_seed(x, point(NPTS, -2.0, 2.0, i), d);
        s_mul(p, x, x, d);
        p[0] += 1.0;
        s_sincos(s, c, x, d);
        s_exp(e, x, 1.0, d);
        s_mul(se, s, e, d);
        s_div(t1, se, p, d);
        s_sqrt(q, p, d);
        c[0] += 2.0;
        s_log(l, c, d);
        s_mul(t2, q, l, d);
        UNROLL for (int k = 0; k <= d; k++) t1[k] += t2[k];
        cs += s_sum(t1, d);
    }
    return cs;
}

/* ---- W4: bivariate series (bench/floor_w4.h, shared with bench/bench_dnum2.c) ------ */

#include "floor_w4.h"

/* ---- W3: extended Rosenbrock, gradient and Hessian diagonal, one degree-2 series
 * evaluation of the whole objective per coordinate ---------------------------------- */

static double w3_x[W3_N], w3_g[W3_N], w3_h[W3_N];
/* the other coefficients of each coordinate's series, read from memory (dense work, as
 * for a general point): first 1 at the seeded coordinate, else 0; second 0 */
static double w3_t[W3_N], w3_t2[W3_N];

/* f(x) with x_m seeded (x_m + t, w3_t[m] = 1), as a series in t of degree 2, on the
 * series kernels */
static inline void w3_eval(double f[3])
{
    double s[3] = {0.0, 0.0, 0.0};
    for (int i = 0; i < W3_N - 1; i++) {
        double a[3] = {w3_x[i], w3_t[i], w3_t2[i]};
        double b[3] = {w3_x[i + 1], w3_t[i + 1], w3_t2[i + 1]};
        double aa[3], e[3], o[3], t[3];
        s_mul(aa, a, a, 2);
        UNROLL for (int k = 0; k < 3; k++) e[k] = b[k] - aa[k]; /* x_{i+1} - x_i^2 */
        UNROLL for (int k = 0; k < 3; k++) o[k] = -a[k];         /* 1 - x_i */
        o[0] += 1.0;
        s_mul(t, e, e, 2);
        s_mul(aa, o, o, 2);
        UNROLL for (int k = 0; k < 3; k++) s[k] += 100.0 * t[k] + aa[k];
    }
    f[0] = s[0], f[1] = s[1], f[2] = s[2];
}

static double w3(void)
{
    double f[3], cs = 0.0;
    for (int m = 0; m < W3_N; m++) {
        w3_t[m] = 1.0;
        w3_eval(f);
        w3_t[m] = 0.0;
        w3_g[m] = f[1];
        w3_h[m] = 2.0 * f[2];
    }
    for (int m = 0; m < W3_N; m++) cs += w3_h[m];
    return cs;
}

/* ---- timing and output ----------------------------------------------------------- */
/* (bench/bench_batch.c includes this file for the workloads, with FLOOR_NO_MAIN) */
#ifndef FLOOR_NO_MAIN

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void measure(const char *wl, int n, double (*f)(void), double scale, const char *unit)
{
    double t[REPS], cs = 0.0;
    for (int r = 0; r < REPS; r++) {
        double t0 = now_s();
        cs = f();
        t[r] = now_s() - t0;
    }
    qsort(t, REPS, sizeof t[0], cmp);
    printf("RESULT,c_floor,-O3,%s,%d,%s,%.4f,%.4f,%.17g,\n", wl, n, unit, t[0] * scale,
           t[REPS / 2] * scale, cs);
    fflush(stdout);
}

#endif /* FLOOR_NO_MAIN */

/* one noinline function per workload and degree, the degree a constant inside */
#define CASES(X) X(1, 2) X(1, 4) X(1, 8) X(1, 16) X(2, 2) X(2, 4) X(2, 8) X(2, 16) \
    X(4, 2) X(4, 4) X(4, 8)
#define DEF(W, D)                                                                          \
    static __attribute__((noinline, unused)) double run_w##W##_##D(void) { return w##W(D); }
CASES(DEF)

#ifndef FLOOR_NO_MAIN

int main(int argc, char **argv)
{
    const char *want = argc >= 2 ? argv[1] : "all";
    int wantn = argc >= 3 ? atoi(argv[2]) : 0;
#define RUN(W, D)                                                                          \
    if ((!strcmp(want, "all") || !strcmp(want, "W" #W)) && (!wantn || wantn == D))         \
        measure("W" #W, D, run_w##W##_##D, 1e9 / ((W) == 4 ? NX * NY : NPTS), "ns_per_point");
    CASES(RUN)
    if ((!strcmp(want, "all") || !strcmp(want, "W3")) && (!wantn || wantn == 2)) {
        for (int i = 0; i < W3_N; i++) w3_x[i] = (i % 2 == 0) ? -1.2 : 1.0;
        measure("W3", 2, w3, 1e3, "ms_total");
    }
    return 0;
}
#endif /* FLOOR_NO_MAIN */
