/* The block family compiled as a user's -march=native build would be on a machine with
 * fused multiply-adds: -mavx2 -mfma -ffp-contract=fast, at -O2 (GCC forms the fused
 * operations only when optimising). test_block_fma.c calls it where the machine has AVX2
 * and FMA (this file's code runs nowhere else) and compares with dn_expr_eval_err. */
#include <dnum/block.h>
#include "block_fma.h"

DNUMB_DEFINE(1)
DNUMB_DEFINE(3)
DNUMB_DEFINE(8)
DNUMB_DEFINE(16)

/* the formulas of block_fma.h, in the same order */
#define FORMULAS(N, u, r)                                                                  \
    switch (f) {                                                                           \
    case 0: r = dnumb_o##N##_exp(dnumb_o##N##_neg(dnumb_o##N##_mul(u, u))); break;         \
    case 1: {                                                                              \
        dnumb_o##N s, c;                                                                   \
        dnumb_o##N##_sincos(u, &s, &c);                                                    \
        dnumb_o##N p = dnumb_o##N##_add_d(dnumb_o##N##_mul(u, u), 1.0);                    \
        dnumb_o##N t1 = dnumb_o##N##_div(dnumb_o##N##_mul(s, dnumb_o##N##_exp(u)), p);     \
        dnumb_o##N t2 = dnumb_o##N##_mul(dnumb_o##N##_sqrt(p),                             \
                                         dnumb_o##N##_log(dnumb_o##N##_add_d(c, 2.0)));    \
        r = dnumb_o##N##_add(t1, t2);                                                      \
        break;                                                                             \
    }                                                                                      \
    case 2:                                                                                \
        r = dnumb_o##N##_mul(dnumb_o##N##_tan(u),                                          \
                             dnumb_o##N##_log1p(dnumb_o##N##_mul(u, u)));                  \
        break;                                                                             \
    case 3:                                                                                \
        r = dnumb_o##N##_div(dnumb_o##N##_exp(dnumb_o##N##_sin(u)),                        \
                             dnumb_o##N##_add_d(dnumb_o##N##_cos(u), 2.0));                \
        break;                                                                             \
    default:                                                                               \
        r = dnumb_o##N##_mul(dnumb_o##N##_atan(u), dnumb_o##N##_erf(u));                   \
        break;                                                                             \
    }

#define ORDER_CASE(N)                                                                      \
    case N: {                                                                              \
        dnumb_o##N u = dnumb_o##N##_var(x), r;                                             \
        FORMULAS(N, u, r)                                                                  \
        dnumb_o##N##_store(&r, out, DNB_W);                                                \
        return 0;                                                                          \
    }

int blk_fma_eval(int f, unsigned n, const double *x, double *out)
{
    switch (n) {
        ORDER_CASE(1)
        ORDER_CASE(3)
        ORDER_CASE(8)
        ORDER_CASE(16)
    default: return -1;
    }
}

unsigned blk_fma_lanes(void)
{
    return DNB_W;
}
