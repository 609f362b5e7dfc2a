/* The C side of test_cpp.cpp: the same formulas as the C++ test, written with the static
 * inline functions of dnum/fixed.h and dnum/dnum2.h (kernels inlined and unrolled in this
 * C translation unit), so the test compares dnum.hpp with the C functions. */
#include <dnum/dnum.h>
#include "cpp_ref.h"

/* exp(-x x) sin(x) / (1 + x) + x^2.5 - atan2(x, 2) + hypot(x, 3) + 2 lgamma(x + 1) - x^3 */
#define _REF_FIXED(N)                                                                      \
    case N: {                                                                              \
        dnum_o##N x = dnum_o##N##_var(x0), t;                                              \
        t = dnum_o##N##_div(dnum_o##N##_mul(dnum_o##N##_exp(dnum_o##N##_mul(dnum_o##N##_neg(x), x)), \
                                            dnum_o##N##_sin(x)),                            \
                            dnum_o##N##_add_d(x, 1.0));                                     \
        t = dnum_o##N##_add(t, dnum_o##N##_pow_d(x, 2.5));                                 \
        t = dnum_o##N##_sub(t, dnum_o##N##_atan2(x, dnum_o##N##_const(2.0)));              \
        t = dnum_o##N##_add(t, dnum_o##N##_hypot(x, dnum_o##N##_const(3.0)));              \
        t = dnum_o##N##_add(t, dnum_o##N##_mul_d(dnum_o##N##_lgamma(dnum_o##N##_add_d(x, 1.0)), 2.0)); \
        t = dnum_o##N##_sub(t, dnum_o##N##_pown(x, 3));                                    \
        for (unsigned k = 0; k <= N; k++) out[k] = t.d[k];                                 \
        return 0;                                                                          \
    }

int cpp_ref_fixed(unsigned n, double x0, double *out)
{
    switch (n) {
        _REF_FIXED(1) _REF_FIXED(4) _REF_FIXED(8) _REF_FIXED(16) _REF_FIXED(32)
    default: return -1;
    }
}

/* exp(-X Y) sin(X) / (1 + Y) + X^2.5 - atan2(Y, 2) + hypot(X, Y) + 2 lgamma(X + 1) - Y^3 */
#define _REF_FIXED2(N)                                                                     \
    case N: {                                                                              \
        dnum2_o##N X = dnum2_o##N##_varx(x0, y0), Y = dnum2_o##N##_vary(x0, y0), t;        \
        t = dnum2_o##N##_div(dnum2_o##N##_mul(dnum2_o##N##_exp(dnum2_o##N##_mul(dnum2_o##N##_neg(X), Y)), \
                                              dnum2_o##N##_sin(X)),                         \
                             dnum2_o##N##_add_d(Y, 1.0));                                   \
        t = dnum2_o##N##_add(t, dnum2_o##N##_pow_d(X, 2.5));                               \
        t = dnum2_o##N##_sub(t, dnum2_o##N##_atan2(Y, dnum2_o##N##_const(2.0)));           \
        t = dnum2_o##N##_add(t, dnum2_o##N##_hypot(X, Y));                                 \
        t = dnum2_o##N##_add(t, dnum2_o##N##_mul_d(dnum2_o##N##_lgamma(dnum2_o##N##_add_d(X, 1.0)), 2.0)); \
        t = dnum2_o##N##_sub(t, dnum2_o##N##_pown(Y, 3));                                  \
        for (unsigned e = 0; e < DNUM2_SIZE(N); e++) out[e] = t.d[e];                      \
        return 0;                                                                          \
    }

int cpp_ref_fixed2(unsigned n, double x0, double y0, double *out)
{
    switch (n) {
        _REF_FIXED2(1) _REF_FIXED2(2) _REF_FIXED2(5) _REF_FIXED2(16)
    default: return -1;
    }
}
