/* The kernels with scratch (kernel.h, kernel2.h) as plain functions of (r, u, n) for the
 * tests' tables: t1_<f> for one variable, t2_<f> for the Dnum2 layout. Each call takes its
 * scratch as a variable-length array (test code only: the headers have none). */
#ifndef DNUM_TEST_KERNEL_WRAP_H
#define DNUM_TEST_KERNEL_WRAP_H
#include <dnum/dnum.h>

#define T1_UN(f)                                                                           \
    static inline void t1_##f(double *r, const double *u, unsigned n)                      \
    {                                                                                      \
        double ws[DNI_W_##f(n)];                                                           \
        dni_##f##_w(r, u, n, ws);                                                          \
    }
#define T1_UNW(f)                                                                          \
    static inline void t1_##f(double *r, const double *u, unsigned n)                      \
    {                                                                                      \
        double ws[DNI_W_##f(n)];                                                           \
        dni_wide ww[DNI_WW_##f(n)];                                                        \
        dni_##f##_w(r, u, n, ws, ww);                                                      \
    }
#define T1_BIN(f)                                                                          \
    static inline void t1_##f(double *r, const double *a, const double *b, unsigned n)     \
    {                                                                                      \
        double ws[DNI_W_##f(n)];                                                           \
        dni_##f##_w(r, a, b, n, ws);                                                       \
    }
#define T1_BINW(f)                                                                         \
    static inline void t1_##f(double *r, const double *a, const double *b, unsigned n)     \
    {                                                                                      \
        double ws[DNI_W_##f(n)];                                                           \
        dni_wide ww[DNI_WW_##f(n)];                                                        \
        dni_##f##_w(r, a, b, n, ws, ww);                                                   \
    }
T1_UN(exp) T1_UN(expm1) T1_UN(log) T1_UN(log1p) T1_UNW(sqrt) T1_UNW(cbrt) T1_UN(sin)
T1_UN(cos) T1_UN(tan) T1_UN(asin) T1_UN(acos) T1_UN(atan) T1_UN(sinh) T1_UN(cosh)
T1_UN(tanh) T1_UN(asinh) T1_UN(acosh) T1_UN(atanh) T1_UN(erf) T1_UN(erfc)
T1_BIN(mul) T1_BIN(div) T1_BINW(pow) T1_BINW(atan2) T1_BINW(hypot)

static inline void t1_pow_d(double *r, const double *u, double p, unsigned n)
{
    double ws[DNI_W_pow_d(n)];
    dni_wide ww[DNI_WW_pow_d(n)];
    dni_pow_d_w(r, u, p, n, ws, ww);
}
static inline void t1_pown(double *r, const double *u, long m, unsigned n)
{
    double ws[DNI_W_pown(n)];
    dni_wide ww[DNI_WW_pown(n)];
    dni_pown_w(r, u, m, n, ws, ww);
}
static inline void t1_sincos(double *s, double *c, const double *u, unsigned n)
{
    double ws[DNI_W_sincos(n)];
    dni_sincos_w(s, c, u, n, ws);
}

#define T2_UN(f)                                                                           \
    static inline void t2_##f(double *r, const double *u, unsigned n)                      \
    {                                                                                      \
        double w[DNI2_WORK(n)];                                                            \
        dni2_##f##_w(r, u, n, w);                                                          \
    }
#define T2_BIN(f)                                                                          \
    static inline void t2_##f(double *r, const double *a, const double *b, unsigned n)     \
    {                                                                                      \
        double w[DNI2_WORK(n)];                                                            \
        dni2_##f##_w(r, a, b, n, w);                                                       \
    }
#define T2_PAIR(f)                                                                         \
    static inline void t2_##f(double *s, double *c, const double *u, unsigned n)           \
    {                                                                                      \
        double w[DNI2_WORK(n)];                                                            \
        dni2_##f##_w(s, c, u, n, w);                                                       \
    }
T2_UN(exp) T2_UN(expm1) T2_UN(log) T2_UN(log1p) T2_UN(sqrt) T2_UN(cbrt) T2_UN(sin)
T2_UN(cos) T2_UN(tan) T2_UN(asin) T2_UN(acos) T2_UN(atan) T2_UN(sinh) T2_UN(cosh)
T2_UN(tanh) T2_UN(asinh) T2_UN(acosh) T2_UN(atanh) T2_UN(erf) T2_UN(erfc)
T2_BIN(div) T2_BIN(pow) T2_BIN(atan2) T2_BIN(hypot) T2_PAIR(sincos) T2_PAIR(sinhcosh)

static inline void t2_pow_d(double *r, const double *u, double p, unsigned n)
{
    double w[DNI2_WORK(n)];
    dni2_pow_d_w(r, u, p, n, w);
}
static inline void t2_pown(double *r, const double *u, long m, unsigned n)
{
    double w[DNI2_WORK(n)];
    dni2_pown_w(r, u, m, n, w);
}
static inline void t2_apply(double *r, const double *u, dn_deriv_fn h, void *ctx, unsigned n)
{
    double w[DNI2_WORK(n)];
    dni2_apply_w(r, u, h, ctx, n, w);
}
static inline void t2_d_div(double *r, double c, const double *b, unsigned n)
{
    double w[DNI2_WORK(n)];
    dni2_d_div_w(r, c, b, n, w);
}

#endif
