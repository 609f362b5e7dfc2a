/* The block family (dnum/block.h): every lane of every function of the operation table
 * and of the arithmetic bit for bit what dnum_oN gives that lane's point, at orders 1, 3,
 * 8 and 16, with the lanes of a block mixing ordinary points and the special ones the
 * scalar kernels treat apart (zeros, poles, +-1, subnormal and huge values, arguments
 * exactly linear in some lanes only). Compiled once per lane count (DNB_W = 2, 4, 8 by
 * -DDNB_W; without the instruction set of the wider ones the compiler splits them), and
 * with DNB_SLEEF where the target's registers hold fewer lanes (the values are then the
 * C library's; that variant, -DDNB_FEW_ORDERS, checks orders 1 and 3 only). */
#include <math.h>
#include <string.h>
#include <dnum/block.h>
#include "testutil.h"

DNUMB_DEFINE(1)
DNUMB_DEFINE(3)
DNUMB_DEFINE(8)
DNUMB_DEFINE(16)

/* values of the argument, the special ones among ordinary ones */
static const double VALS[] = {
    0.5, 0.0, -0.0, 1.0, -1.0, 0.3, -2.5, 5.4320606102278422e-312, -3e-310, 1e100, -3e120,
    0x1p600, -0x1p520, 2.0, 0.999, -0.75, 7.25, 1e-8, 40.0, -700.0, 710.0, INFINITY, NAN, 3.0};
#define NV (sizeof VALS / sizeof VALS[0])
#define NB 24 /* blocks per check */

/* The same double (the same bytes), or both NaN. */
static int same(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0 || (a != a && b != b);
}

/* The argument of lane i of block b at order n, derivatives d[0..n]: a value of VALS,
 * a first derivative 1 or 0.5, higher derivatives zero in some lanes (linear there) */
static void arg(double *d, unsigned b, unsigned i, unsigned n, int second)
{
    unsigned j = (b * 7 + i * 5 + (second ? 3 : 0)) % NV;
    d[0] = second ? 0.75 - VALS[j] / 3 : VALS[j];
    for (unsigned k = 1; k <= n; k++)
        d[k] = k == 1 ? (i & 1 ? 1.0 : 0.5) : ((b + i) % 3 == 0 ? 0.0 : 0.25 / (double)k);
}

#define CHECK(N, name, rb, RS)                                                             \
    for (unsigned i = 0; i < DNB_W; i++) {                                                 \
        dnum_o##N rs = RS;                                                                 \
        for (unsigned k = 0; k <= (N); k++)                                                \
            if (!same(dnumb_o##N##_get(&rb, k, i), rs.d[k]))                               \
                cr_assert_fail("%s order %u, block %u lane %u (u0 = %g), derivative %u: "   \
                               "block %.17g, dnum_o%u %.17g",                              \
                               name, (unsigned)(N), b, i, ua[i][0], k,                     \
                               dnumb_o##N##_get(&rb, k, i), (unsigned)(N), rs.d[k]);       \
    }

#define ONE(N, f, ...)                                                                     \
    {                                                                                      \
        dnumb_o##N r = dnumb_o##N##_##f(u);                                                \
        CHECK(N, #f, r, dnum_o##N##_##f(dnum_o##N##_from(ua[i])))                          \
    }
#define TWO(N, f, ...)                                                                     \
    {                                                                                      \
        dnumb_o##N r = dnumb_o##N##_##f(u, v);                                             \
        CHECK(N, #f, r, dnum_o##N##_##f(dnum_o##N##_from(ua[i]), dnum_o##N##_from(va[i]))) \
    }
#define INT(N, f, ...)                                                                     \
    {                                                                                      \
        dnumb_o##N r = dnumb_o##N##_##f(2, u);                                             \
        CHECK(N, #f, r, dnum_o##N##_##f(2, dnum_o##N##_from(ua[i])))                       \
    }

/* a callback: the k-th derivative of exp(2x) */
static double exp2x(double x, unsigned k, void *ctx)
{
    (void)ctx;
    return ldexp(exp(2.0 * x), (int)k);
}

#define CHECK_ORDER(N)                                                                     \
    static void check_o##N(void)                                                           \
    {                                                                                      \
        for (unsigned b = 0; b < NB; b++) {                                                \
            double ua[DNB_W][(N) + 1], va[DNB_W][(N) + 1], ub[(N) + 1][DNB_W],             \
                vb[(N) + 1][DNB_W];                                                        \
            for (unsigned i = 0; i < DNB_W; i++) {                                         \
                arg(ua[i], b, i, N, 0);                                                    \
                arg(va[i], b, i, N, 1);                                                    \
                for (unsigned k = 0; k <= (N); k++) {                                      \
                    ub[k][i] = ua[i][k];                                                   \
                    vb[k][i] = va[i][k];                                                   \
                }                                                                          \
            }                                                                              \
            dnumb_o##N u = dnumb_o##N##_load(&ub[0][0], DNB_W);                            \
            dnumb_o##N v = dnumb_o##N##_load(&vb[0][0], DNB_W);                            \
            DNI_OPS_UNARY(ONE, N) DNI_OPS_BINARY(TWO, N) DNI_OPS_INT(INT, N)               \
            TWO(N, add, ~) TWO(N, sub, ~) TWO(N, mul, ~) TWO(N, div, ~) ONE(N, neg, ~)     \
            {                                                                              \
                dnumb_o##N bs, bc, bsh, bch;                                               \
                dnumb_o##N##_sincos(u, &bs, &bc);                                          \
                dnumb_o##N##_sinhcosh(u, &bsh, &bch);                                      \
                dnum_o##N ss, sc;                                                          \
                CHECK(N, "sincos s", bs, (dnum_o##N##_sincos(dnum_o##N##_from(ua[i]), &ss, &sc), ss)) \
                CHECK(N, "sincos c", bc, (dnum_o##N##_sincos(dnum_o##N##_from(ua[i]), &ss, &sc), sc)) \
                CHECK(N, "sinhcosh s", bsh, (dnum_o##N##_sinhcosh(dnum_o##N##_from(ua[i]), &ss, &sc), ss)) \
                CHECK(N, "sinhcosh c", bch, (dnum_o##N##_sinhcosh(dnum_o##N##_from(ua[i]), &ss, &sc), sc)) \
            }                                                                              \
            {                                                                              \
                dnumb_o##N r = dnumb_o##N##_apply(u, exp2x, NULL);                         \
                CHECK(N, "apply", r, dnum_o##N##_apply(dnum_o##N##_from(ua[i]), exp2x, NULL)) \
                r = dnumb_o##N##_pown(u, 3);                                    \
                CHECK(N, "pown 3", r, dnum_o##N##_pown(dnum_o##N##_from(ua[i]), 3))        \
                r = dnumb_o##N##_pown(u, -2);                                              \
                CHECK(N, "pown -2", r, dnum_o##N##_pown(dnum_o##N##_from(ua[i]), -2))      \
                r = dnumb_o##N##_pown(u, -200);                                            \
                CHECK(N, "pown -200", r, dnum_o##N##_pown(dnum_o##N##_from(ua[i]), -200))  \
                r = dnumb_o##N##_pow_d(u, 2.5);                                            \
                CHECK(N, "pow_d", r, dnum_o##N##_pow_d(dnum_o##N##_from(ua[i]), 2.5))      \
                r = dnumb_o##N##_add_d(u, 0.5);                                            \
                CHECK(N, "add_d", r, dnum_o##N##_add_d(dnum_o##N##_from(ua[i]), 0.5))      \
                r = dnumb_o##N##_sub_d(u, 0.5);                                            \
                CHECK(N, "sub_d", r, dnum_o##N##_sub_d(dnum_o##N##_from(ua[i]), 0.5))      \
                r = dnumb_o##N##_mul_d(u, 3.0);                                            \
                CHECK(N, "mul_d", r, dnum_o##N##_mul_d(dnum_o##N##_from(ua[i]), 3.0))      \
                r = dnumb_o##N##_div_d(u, 3.0);                                            \
                CHECK(N, "div_d", r, dnum_o##N##_div_d(dnum_o##N##_from(ua[i]), 3.0))      \
                r = dnumb_o##N##_d_sub(2.0, u);                                            \
                CHECK(N, "d_sub", r, dnum_o##N##_d_sub(2.0, dnum_o##N##_from(ua[i])))      \
                r = dnumb_o##N##_d_div(2.0, u);                                            \
                CHECK(N, "d_div", r, dnum_o##N##_d_div(2.0, dnum_o##N##_from(ua[i])))      \
            }                                                                              \
        }                                                                                  \
    }
CHECK_ORDER(1)
CHECK_ORDER(3)
#if !defined(DNB_FEW_ORDERS)
CHECK_ORDER(8)
CHECK_ORDER(16)
#endif

Test(block, every_function_matches_the_fixed_family_lane_by_lane)
{
#if defined(DN_LANE_SLEEF)
    cr_skip_test("SLEEF's values on this target: not bit for bit the C library's");
#endif
    check_o1();
    check_o3();
#if !defined(DNB_FEW_ORDERS)
    check_o8();
    check_o16();
#endif
}

Test(block, construct_and_store)
{
    double x[DNB_W], out[17 * DNB_W];
    for (unsigned i = 0; i < DNB_W; i++) x[i] = 0.25 * i - 1.0;
    dnumb_o16 g = dnumb_o16_exp(dnumb_o16_neg(dnumb_o16_mul(dnumb_o16_var(x), dnumb_o16_var(x))));
    dnumb_o16_store(&g, out, DNB_W);
    for (unsigned i = 0; i < DNB_W; i++) {
        dnum_o16 s = dnum_o16_var(x[i]);
        s = dnum_o16_exp(dnum_o16_neg(dnum_o16_mul(s, s)));
        for (unsigned k = 0; k <= 16; k++) cr_assert(same(out[k * DNB_W + i], s.d[k]));
    }
    dnumb_o3 c = dnumb_o3_const(2.5);
    cr_assert_eq(dnumb_o3_get(&c, 0, DNB_W - 1), 2.5);
    cr_assert_eq(dnumb_o3_get(&c, 3, 0), 0.0);
    cr_assert(isnan(dnumb_o3_get(&c, 4, 0)));
    cr_assert(isnan(dnumb_o3_get(&c, 0, DNB_W)));
}
