/* Benchmark of the bivariate Dnum2 family on workload W4 (docs/benchmarks.md): every mixed
 * partial d^(i+j)p/dx^i dy^j, i + j <= N, of the Goldstein-Price polynomial on the
 * 400 x 250 grid over [-2, 2]^2, N = 2, 4, 8.
 *
 * Prints RESULT lines (docs/benchmarks.md; compare row by row with the c_floor of
 * bench/floor.c, e.g. python3 tools/bench_compare.py W4):
 *   RESULT,dnum2,-O3,W4,<N>,ns_per_point,<best>,<median>,<checksum>,
 * The checksum is the sum of every partial over the grid (the floor's sum of Taylor
 * coefficients times i! j!), read through the public accessor dnum2_oN_get.
 * Built with -DW4_BYVALUE (bench_dnum2_byvalue) it reads them with the by-value
 * dnum2_oN_deriv instead and prints the peer dnum2_deriv. The expression is written
 * as the floor writes it (x^2, xy, y^2 once), with the library's operations, and every
 * seed entry of the two variables is hidden from the optimiser (as the floor's OPAQUE
 * does), so the dense work is measured. Usage: bench_dnum2 [W4|all] [N]
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

/* W4(N) reads every partial of the result with GET(N, p, i, j), in storage order: the
 * public accessor dnum2_oN_get (in place, as a user program would read them), or for
 * comparison the by-value dnum2_oN_deriv (W4_BYVALUE). */
#ifdef W4_BYVALUE
#define GET(N, p, i, j) dnum2_o##N##_deriv(p, i, j)
#define PEER "dnum2_deriv"
#else
#define GET(N, p, i, j) dnum2_o##N##_get(&(p), i, j)
#define PEER "dnum2"
#endif

#define W4(N)                                                                              \
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
    }                                                                                      \
    static __attribute__((noinline)) double w4_##N(void)                                   \
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
W4(2)
W4(4)
W4(8)

static void run(int n, double (*f)(void), int argc, char **argv)
{
    if (wanted("W4", n, argc, argv)) measure_pts(PEER, "W4", n, f, NX * NY);
}

int main(int argc, char **argv)
{
    run(2, w4_2, argc, argv);
    run(4, w4_4, argc, argv);
    run(8, w4_8, argc, argv);
    return 0;
}
