/* Benchmark of the bivariate Dnum2 family on workload W4 (docs/benchmarks.md): every mixed
 * partial d^(i+j)p/dx^i dy^j, i + j <= N, of the Goldstein-Price polynomial on the
 * 400 x 250 grid over [-2, 2]^2, N = 2, 4, 8, beside the C floor's W4 (bench/floor_w4.h,
 * the code of bench/floor.c) in the same run.
 *
 * Each order runs three peers in turn, pass by pass (bench_common.h, measure_side):
 *   c_floor       the floor's hand-written bivariate Taylor series
 *   dnum2         Dnum2, every partial read through the in-place accessor dnum2_oN_get
 *   dnum2_deriv   the same, read through the by-value accessor dnum2_oN_deriv
 * and prints a RESULT line for each (docs/benchmarks.md), then the ratios measured side by
 * side (unit ratio: the ratio of the best times, the median of the passes' ratios):
 *   RESULT,dnum2_vs_floor,...  RESULT,dnum2_deriv_vs_floor,...  RESULT,deriv_vs_get,...
 * The checksum is the sum of every partial over the grid (the floor's: Taylor coefficients
 * times i! j!, equal up to rounding). The expression is written as the floor writes it
 * (x^2, xy, y^2 once), with the library's operations, and every seed entry of the two
 * variables is hidden from the optimiser as the floor's OPAQUE hides its own, so the dense
 * work is measured. Usage: bench_dnum2 [W4|all] [N]
 */
#include "bench_common.h"

#define NX 400
#define NY 250

/* The seed loop is unrolled as the floor's b_seed is (#pragma GCC unroll), so that each seed
 * entry is hidden exactly as the floor hides its own: one OPAQUE per entry on the constant
 * 0 or 1. Left as a loop (GCC peels at most 16 iterations by itself, N = 8 has 44) the
 * entries would be hidden harder than the floor's, and N = 8 would time a denser
 * computation than the floor's N = 8 (the floor's identical OPAQUE(0.0) are common
 * subexpressions; see docs/dnum2.md, "Speed"). */
#if defined(__GNUC__) && !defined(__clang__)
#define SEED_UNROLL _Pragma("GCC unroll 64")
#else
#define SEED_UNROLL
#endif

/* The floor's W4 and what it needs (as bench/floor.c defines them). */
#define MAXD 16
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL _Pragma("GCC unroll 17")
#else
#define UNROLL
#endif
#define K static inline __attribute__((always_inline))
static const double fact[MAXD + 1] = {1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0,
    40320.0, 362880.0, 3628800.0, 39916800.0, 479001600.0, 6227020800.0, 87178291200.0,
    1307674368000.0, 20922789888000.0};
static double point(int m, double lo, double hi, long i)
{
    return lo + (hi - lo) * (double)i / (double)(m - 1);
}
#include "floor_w4.h"

/* W4(N, name, GET) reads every partial of the result with GET(N, p, i, j), in storage
 * order: the in-place accessor dnum2_oN_get, as a user program would read them, or the
 * by-value dnum2_oN_deriv. */
#define GET_PTR(N, p, i, j) dnum2_o##N##_get(&(p), i, j)
#define GET_VAL(N, p, i, j) dnum2_o##N##_deriv(p, i, j)

#define GP(N)                                                                              \
    static inline __attribute__((always_inline)) dnum2_o##N gp##N(dnum2_o##N x, dnum2_o##N y) \
    {                                                                                      \
        dnum2_o##N xx = dnum2_o##N##_mul(x, x), xy = dnum2_o##N##_mul(x, y);               \
        dnum2_o##N yy = dnum2_o##N##_mul(y, y);                                            \
        dnum2_o##N a = dnum2_o##N##_add_d(dnum2_o##N##_add(x, y), 1.0);                    \
        dnum2_o##N b = dnum2_o##N##_mul_d(xx, 3.0);                                        \
        b = dnum2_o##N##_add(b, dnum2_o##N##_mul_d(x, -14.0));                             \
        b = dnum2_o##N##_add(b, dnum2_o##N##_mul_d(y, -14.0));                             \
        b = dnum2_o##N##_add(b, dnum2_o##N##_mul_d(xy, 6.0));                              \
        b = dnum2_o##N##_add_d(dnum2_o##N##_add(b, dnum2_o##N##_mul_d(yy, 3.0)), 19.0);    \
        dnum2_o##N c = dnum2_o##N##_sub(dnum2_o##N##_mul_d(x, 2.0), dnum2_o##N##_mul_d(y, 3.0)); \
        dnum2_o##N d = dnum2_o##N##_mul_d(xx, 12.0);                                       \
        d = dnum2_o##N##_add(d, dnum2_o##N##_mul_d(x, -32.0));                             \
        d = dnum2_o##N##_add(d, dnum2_o##N##_mul_d(y, 48.0));                              \
        d = dnum2_o##N##_add(d, dnum2_o##N##_mul_d(xy, -36.0));                            \
        d = dnum2_o##N##_add_d(dnum2_o##N##_add(d, dnum2_o##N##_mul_d(yy, 27.0)), 18.0);   \
        dnum2_o##N l = dnum2_o##N##_add_d(dnum2_o##N##_mul(dnum2_o##N##_mul(a, a), b), 1.0); \
        dnum2_o##N r = dnum2_o##N##_add_d(dnum2_o##N##_mul(dnum2_o##N##_mul(c, c), d), 30.0); \
        return dnum2_o##N##_mul(l, r);                                                     \
    }
#define W4(N, name, GET)                                                                   \
    static __attribute__((noinline)) double name##_##N(void)                               \
    {                                                                                      \
        double cs = 0.0;                                                                   \
        for (long i = 0; i < NX; i++)                                                      \
            for (long j = 0; j < NY; j++) {                                                \
                double x0 = -2.0 + 4.0 * (double)i / (double)(NX - 1);                     \
                double y0 = -2.0 + 4.0 * (double)j / (double)(NY - 1);                     \
                dnum2_o##N x = dnum2_o##N##_varx(x0, y0), y = dnum2_o##N##_vary(x0, y0);   \
                SEED_UNROLL for (int e = 1; e < DNUM2_SIZE(N); e++) {                      \
                    OPAQUE(x.d[e]);                                                        \
                    OPAQUE(y.d[e]);                                                        \
                }                                                                          \
                dnum2_o##N p = gp##N(x, y);                                                \
                for (unsigned s = 0; s <= N; s++)                                          \
                    for (unsigned j = 0; j <= s; j++) cs += GET(N, p, s - j, j);           \
            }                                                                              \
        return cs;                                                                         \
    }
GP(2) GP(4) GP(8)
W4(2, w4, GET_PTR) W4(4, w4, GET_PTR) W4(8, w4, GET_PTR)
W4(2, w4v, GET_VAL) W4(4, w4v, GET_VAL) W4(8, w4v, GET_VAL)
#define FLOOR(N) static __attribute__((noinline)) double floor_##N(void) { return w4(N); }
FLOOR(2) FLOOR(4) FLOOR(8)

static void run(int n, double (*fl)(void), double (*get)(void), double (*val)(void), int argc,
                char **argv)
{
    if (!wanted("W4", n, argc, argv)) return;
    const char *peers[] = {"c_floor", "dnum2", "dnum2_deriv"};
    double (*const fs[])(void) = {fl, get, val};
    double best[3], t[3][REPS];
    measure_side(3, peers, fs, NULL, "W4", n, NX * NY, best, t);
    result_ratio("dnum2_vs_floor", "W4", n, best[1] / best[0], side_ratio(t[1], t[0]),
                 "ratio<=1.5");
    result_ratio("dnum2_deriv_vs_floor", "W4", n, best[2] / best[0], side_ratio(t[2], t[0]),
                 "ratio<=1.5");
    result_ratio("deriv_vs_get", "W4", n, best[2] / best[1], side_ratio(t[2], t[1]), "");
}

int main(int argc, char **argv)
{
    run(2, floor_2, w4_2, w4v_2, argc, argv);
    run(4, floor_4, w4_4, w4v_4, argc, argv);
    run(8, floor_8, w4_8, w4v_8, argc, argv);
    return 0;
}
