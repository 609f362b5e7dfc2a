/* An objective exercising every function of the order-2 families (shared by
 * tests/test_hessian.c and tests/test_onepass.c): f(x) = F(u, v) for composite u, v of all
 * n >= 3 coordinates, F selected by *(const int *)ctx in 0 .. NFUN-1. */
#ifndef DNUM_TEST_HESS_FUN_H
#define DNUM_TEST_HESS_FUN_H
#include <dnum/dnum.h>

enum { NFUN = 66 };

DN_OBJECTIVE_O2(fun, T, x, n, ctx,
    int which = *(const int *)ctx;
    T u = dnh_add_d(dnh_sub(dnh_add(dnh_mul_d(x[0], 0.3), dnh_mul_d(dnh_mul(x[1], x[1]), 0.2)),
                            dnh_mul_d(dnh_mul(x[0], x[2]), 0.1)), 0.25);
    for (unsigned j = 3; j < n; j++) u = dnh_add(u, dnh_mul_d(dnh_mul(x[j], x[j - 1]), 0.01));
    T v = dnh_add_d(dnh_add(dnh_mul_d(dnh_mul(x[1], x[2]), 0.1), dnh_mul_d(x[2], 0.2)), 0.5);
    T s, c;
    switch (which) {
    case 0: return dnh_exp(u);
    case 1: return dnh_expm1(u);
    case 2: return dnh_log(u);
    case 3: return dnh_log1p(u);
    case 4: return dnh_sqrt(u);
    case 5: return dnh_cbrt(u);
    case 6: return dnh_sin(u);
    case 7: return dnh_cos(u);
    case 8: return dnh_tan(u);
    case 9: return dnh_asin(u);
    case 10: return dnh_acos(u);
    case 11: return dnh_atan(u);
    case 12: return dnh_sinh(u);
    case 13: return dnh_cosh(u);
    case 14: return dnh_tanh(u);
    case 15: return dnh_asinh(u);
    case 16: return dnh_acosh(dnh_add_d(u, 1.0));
    case 17: return dnh_atanh(u);
    case 18: return dnh_erf(u);
    case 19: return dnh_erfc(u);
    case 20: return dnh_abs(u);
    case 21: return dnh_abs(dnh_neg(u));
    case 22: return dnh_pow_d(u, 2.5);
    case 23: return dnh_pown(u, 3);
    case 24: return dnh_pown(u, -2);
    case 25: return dnh_pow(u, v);
    case 26: return dnh_atan2(u, v);
    case 27: return dnh_atan2(dnh_neg(v), u);
    case 28: return dnh_hypot(u, v);
    case 29: return dnh_div(u, v);
    case 30: return dnh_d_div(3.0, u);
    case 31: return dnh_div_d(u, 7.0);
    case 32: return dnh_sub_d(dnh_d_sub(2.0, u), 0.5);
    case 33: return dnh_apply(u, dn_deriv_sin, NULL);
    case 34: dnh_sincos(u, &s, &c); return dnh_mul(s, c);
    case 35: dnh_sinhcosh(u, &s, &c); return dnh_div(s, c);
    case 36: return dnh_mul(dnh_exp(u), dnh_log(v));
    case 37: return dnh_div(dnh_const(T, 2.0), dnh_sub(u, v));
    case 38: return dnh_pow_d(u, 1.0);
    /* the special functions (dnum/special_o2.h); at the test point u = 0.5326, v = 0.643 */
    case 40: return dnh_lgamma(u);
    case 41: return dnh_tgamma(u);
    case 42: return dnh_digamma(u);
    case 43: return dnh_polygamma(2, u);
    case 44: return dnh_lambertw(u);
    case 45: return dnh_lambertwm1(dnh_mul_d(u, -0.5));
    case 46: return dnh_erfinv(u);
    case 47: return dnh_erfcinv(u);
    case 48: return dnh_j0(u);
    case 49: return dnh_j1(u);
    case 50: return dnh_jn(3, u);
    case 51: return dnh_y0(u);
    case 52: return dnh_y1(u);
    case 53: return dnh_yn(2, u);
    case 54: return dnh_log2(u);
    case 55: return dnh_log10(u);
    case 56: return dnh_exp2(u);
    case 57: return dnh_sinc(dnh_mul_d(u, 3.0));
    case 58: return dnh_cot(u);
    case 59: return dnh_sinpi(u);
    case 60: return dnh_cospi(u);
    case 61: return dnh_mul(dnh_floor(dnh_add_d(u, 3.0)), u);
    case 62: return dnh_mul(dnh_ceil(dnh_add_d(u, 3.0)), dnh_exp(u));
    case 63: return dnh_mul(dnh_min(u, v), v);
    case 64: return dnh_mul(dnh_max(u, v), u);
    case 65: return dnh_fmod(dnh_mul(v, v), u);
    default: return dnh_mul_d(dnh_pow_d(u, 0.0), dnh_value(v));
    })

#endif
