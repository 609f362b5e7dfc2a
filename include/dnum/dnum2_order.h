/* dnum/dnum2_order.h -- the bivariate type dnum2_oN and its whole API for one total order
 * N: included by dnum/dnum2.h once per built-in order (1 ... 16), and by a user for another
 * order:
 *
 *     #include <dnum/dnum.h>
 *     #define DNUM2_ORDER 24
 *     #include <dnum/dnum2_order.h>     // dnum2_o24 and its functions
 *
 * which is what DNUM2_DEFINE(24) does. DNUM2_ORDER (a decimal literal, 1 ... 64) is
 * undefined at the end. The API is described in dnum/dnum2.h; the functions are static
 * inline (DNUM2_FIXED_DECL) over the kernels, with the helpers of dnum/dnum2.h
 * (DNI_DNUM2_UN ...). The lines between the marks below are also DNUM2_DEFINE(N), made by
 * tools/gen_define.sh (dnum/internal/define_macros.h; the test generated-files compares).
 * Deliberately without an include guard. */
#ifndef DNUM2_ORDER
#error "dnum/dnum2_order.h: define DNUM2_ORDER (the order) before including it"
#endif
#ifndef DNUM_DNUM2_H
#error "dnum/dnum2_order.h: include dnum/dnum2.h (or dnum/dnum.h) first"
#endif

/* names of this order: DNI_DNUM2_T the type dnum2_oN, DNI_DNUM2(f) its function dnum2_oN_f */
#define DNI_DNUM2_T DNI_DNUM2_TY(DNUM2_ORDER)
#define DNI_DNUM2(f) DNI_DNUM2_NM(DNUM2_ORDER, f)

/* ---- the body (DNUM2_DEFINE) ---- */
typedef struct DNI_DNUM2_T {
    double d[DNUM2_SIZE(DNUM2_ORDER)];
} DNI_DNUM2_T;
DNI_STATIC_ASSERT((DNUM2_ORDER) >= 1 && (DNUM2_ORDER) <= 64, "dnum2 order out of range");
DNUM2_FIXED_DECL DNI_DNUM2_T DNI_DNUM2(varx)(double x, double y)
{
    DNI_DNUM2_T r;
    (void)y;
    dni2_set_varx(r.d, x, DNUM2_ORDER);
    return r;
}
DNUM2_FIXED_DECL DNI_DNUM2_T DNI_DNUM2(vary)(double x, double y)
{
    DNI_DNUM2_T r;
    (void)x;
    dni2_set_vary(r.d, y, DNUM2_ORDER);
    return r;
}
DNUM2_FIXED_DECL DNI_DNUM2_T DNI_DNUM2(const)(double c)
{
    DNI_DNUM2_T r;
    dni2_set_const(r.d, c, DNUM2_ORDER);
    return r;
}
DNUM2_FIXED_DECL DNI_DNUM2_T DNI_DNUM2(from)(const double *d)
{
    DNI_DNUM2_T r;
    for (unsigned e = 0; e < DNUM2_SIZE(DNUM2_ORDER); e++) r.d[e] = d[e];
    return r;
}
/* clang-format off */
DNUM2_FIXED_DECL double DNI_DNUM2(deriv)(DNI_DNUM2_T a, unsigned i, unsigned j)
{
    return (i <= (DNUM2_ORDER) && j <= (DNUM2_ORDER) - i) ? a.d[DNUM2_INDEX(i, j)] : NAN;
}
DNUM2_FIXED_DECL double DNI_DNUM2(get)(const DNI_DNUM2_T *a, unsigned i, unsigned j)
{
    return (i <= (DNUM2_ORDER) && j <= (DNUM2_ORDER) - i) ? a->d[DNUM2_INDEX(i, j)] : NAN;
}
/* clang-format on */
DNUM2_FIXED_DECL void DNI_DNUM2(grad)(DNI_DNUM2_T a, double g[2])
{
    g[0] = a.d[1];
    g[1] = a.d[2];
}
DNUM2_FIXED_DECL void DNI_DNUM2(hess)(DNI_DNUM2_T a, double H[2][2])
{
    H[0][0] = DNI_DNUM2(deriv)(a, 2, 0);
    H[0][1] = H[1][0] = DNI_DNUM2(deriv)(a, 1, 1);
    H[1][1] = DNI_DNUM2(deriv)(a, 0, 2);
}
DNI_DNUM2_BIN(DNUM2_ORDER, add)
DNI_DNUM2_BIN(DNUM2_ORDER, sub)
DNI_DNUM2_MUL(DNUM2_ORDER)
DNI_DNUM2_PROD(DNUM2_ORDER, div)
DNI_DNUM2_UN(DNUM2_ORDER, neg)
DNI_DNUM2_BIN_D(DNUM2_ORDER, add_d, dni2_add_d(r.d, a.d, c, DNUM2_ORDER))
DNI_DNUM2_BIN_D(DNUM2_ORDER, sub_d, dni2_add_d(r.d, a.d, -c, DNUM2_ORDER))
DNI_DNUM2_BIN_D(DNUM2_ORDER, mul_d, dni2_mul_d(r.d, a.d, c, DNUM2_ORDER))
DNI_DNUM2_BIN_D(DNUM2_ORDER, div_d, dni2_mul_d(r.d, a.d, 1.0 / c, DNUM2_ORDER);
                r.d[0] = a.d[0] / c)
DNI_DNUM2_BIN_D(DNUM2_ORDER, pow_d, double w[DNI2_WORK(DNUM2_ORDER)];
                DNI_DNUM2_KW(pow_d)(r.d, a.d, c, DNUM2_ORDER, w))
DNUM2_FIXED_DECL DNI_DNUM2_T DNI_DNUM2(d_sub)(double c, DNI_DNUM2_T a)
{
    DNI_DNUM2_T r;
    dni2_neg(r.d, a.d, DNUM2_ORDER);
    r.d[0] = c - a.d[0];
    return r;
}
DNUM2_FIXED_DECL DNI_DNUM2_T DNI_DNUM2(d_div)(double c, DNI_DNUM2_T a)
{
    DNI_DNUM2_T r, k = DNI_DNUM2(const)(c);
    double w[DNI2_WORK(DNUM2_ORDER)];
    DNI_DNUM2_KW(div)(r.d, k.d, a.d, DNUM2_ORDER, w);
    return r;
}
DNUM2_FIXED_DECL DNI_DNUM2_T DNI_DNUM2(pown)(DNI_DNUM2_T u, long m)
{
    DNI_DNUM2_T r;
    double w[DNI2_WORK(DNUM2_ORDER)];
    DNI_DNUM2_KW(pown)(r.d, u.d, m, DNUM2_ORDER, w);
    return r;
}
DNUM2_FIXED_DECL DNI_DNUM2_T DNI_DNUM2(apply)(DNI_DNUM2_T u, dn_deriv_fn h, void *ctx)
{
    DNI_DNUM2_T r;
    double w[DNI2_WORK(DNUM2_ORDER)];
    DNI_DNUM2_KW(apply)(r.d, u.d, h, ctx, DNUM2_ORDER, w);
    return r;
}
DNI_DNUM2_PAIR(DNUM2_ORDER, sincos)
DNI_DNUM2_PAIR(DNUM2_ORDER, sinhcosh)
DNI_OPS_ELEM1(DNI_DNUM2_FN1, DNUM2_ORDER)
DNI_OPS_ELEM2(DNI_DNUM2_FN2, DNUM2_ORDER)
DNI_OPS_SPECIAL1(DNI_DNUM2_FNS1, DNUM2_ORDER)
DNI_OPS_SPECIAL2(DNI_DNUM2_FNS2, DNUM2_ORDER)
DNI_OPS_INT(DNI_DNUM2_FNI, DNUM2_ORDER)
/* ---- end of the body ---- */

#undef DNI_DNUM2
#undef DNI_DNUM2_T
#undef DNUM2_ORDER
