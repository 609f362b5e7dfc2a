/* dnum/fixed_order.h -- the fixed-order type dnum_oN and its whole API for one order N:
 * included by dnum/fixed.h once per built-in order (1 ... 32), and by a user for another
 * order:
 *
 *     #include <dnum/dnum.h>
 *     #define DNUM_ORDER 40
 *     #include <dnum/fixed_order.h>     // dnum_o40 and its functions
 *
 * which is what DNUM_DEFINE(40) does. DNUM_ORDER (a decimal literal, 1 ... DN_TAYLOR_MAX)
 * is undefined at the end. The API is described in dnum/fixed.h; the functions are static
 * inline (DNUM_FIXED_DECL) over the kernels, with the helpers of dnum/fixed.h
 * (DNI_DNUM_UN ...). The lines between the marks below are also DNUM_DEFINE(N), made by
 * tools/gen_define.sh (dnum/internal/define_macros.h; the test generated-files compares).
 * Deliberately without an include guard. */
#ifndef DNUM_ORDER
#error "dnum/fixed_order.h: define DNUM_ORDER (the order) before including it"
#endif
#ifndef DNUM_FIXED_H
#error "dnum/fixed_order.h: include dnum/fixed.h (or dnum/dnum.h) first"
#endif

/* names of this order: DNI_DNUM_T the type dnum_oN, DNI_DNUM(f) its function dnum_oN_f */
#define DNI_DNUM_T DNI_DNUM_TY(DNUM_ORDER)
#define DNI_DNUM(f) DNI_DNUM_NM(DNUM_ORDER, f)

/* ---- the body (DNUM_DEFINE) ---- */
typedef struct DNI_DNUM_T {
    double d[(DNUM_ORDER) + 1];
} DNI_DNUM_T;
DNI_STATIC_ASSERT((DNUM_ORDER) >= 1 && (DNUM_ORDER) <= DN_TAYLOR_MAX,
                  "dnum order out of range");
DNUM_FIXED_DECL DNI_DNUM_T DNI_DNUM(var)(double x)
{
    DNI_DNUM_T r;
    dni_set_var(r.d, x, DNUM_ORDER);
    return r;
}
DNUM_FIXED_DECL DNI_DNUM_T DNI_DNUM(const)(double c)
{
    DNI_DNUM_T r;
    dni_set_const(r.d, c, DNUM_ORDER);
    return r;
}
DNUM_FIXED_DECL DNI_DNUM_T DNI_DNUM(from)(const double *d)
{
    DNI_DNUM_T r;
    for (unsigned k = 0; k <= (DNUM_ORDER); k++) r.d[k] = d[k];
    return r;
}
DNUM_FIXED_DECL double DNI_DNUM(deriv)(DNI_DNUM_T a, unsigned k)
{
    return k <= (DNUM_ORDER) ? a.d[k] : NAN;
}
DNUM_FIXED_DECL double DNI_DNUM(get)(const DNI_DNUM_T *a, unsigned k)
{
    return k <= (DNUM_ORDER) ? a->d[k] : NAN;
}
DNI_DNUM_BIN(DNUM_ORDER, add)
DNI_DNUM_BIN(DNUM_ORDER, sub)
DNI_DNUM_BINW(DNUM_ORDER, mul)
DNI_DNUM_BINW(DNUM_ORDER, div)
DNI_DNUM_UN(DNUM_ORDER, neg)
DNI_DNUM_BIN_D(DNUM_ORDER, add_d, dni_add_d(r.d, a.d, c, DNUM_ORDER))
DNI_DNUM_BIN_D(DNUM_ORDER, sub_d, dni_add_d(r.d, a.d, -c, DNUM_ORDER))
DNI_DNUM_BIN_D(DNUM_ORDER, mul_d, dni_mul_d(r.d, a.d, c, DNUM_ORDER))
DNI_DNUM_BIN_D(DNUM_ORDER, div_d, dni_mul_d(r.d, a.d, 1.0 / c, DNUM_ORDER);
               r.d[0] = a.d[0] / c)
DNI_DNUM_BIN_D(DNUM_ORDER, pow_d, double ws[DNI_W_pow_d(DNUM_ORDER)];
               dni_wide ww[DNI_WW_pow_d(DNUM_ORDER)];
               DNI_DNUM_KW(pow_d)(r.d, a.d, c, DNUM_ORDER, ws, ww))
DNUM_FIXED_DECL DNI_DNUM_T DNI_DNUM(d_sub)(double c, DNI_DNUM_T a)
{
    DNI_DNUM_T r;
    dni_neg(r.d, a.d, DNUM_ORDER);
    r.d[0] = c - a.d[0];
    return r;
}
DNUM_FIXED_DECL DNI_DNUM_T DNI_DNUM(d_div)(double c, DNI_DNUM_T a)
{
    DNI_DNUM_T r;
    double ws[DNI_W_d_div(DNUM_ORDER)];
    DNI_DNUM_KW(d_div)(r.d, c, a.d, DNUM_ORDER, ws);
    return r;
}
DNUM_FIXED_DECL DNI_DNUM_T DNI_DNUM(pown)(DNI_DNUM_T u, long m)
{
    DNI_DNUM_T r;
    double ws[DNI_W_pown(DNUM_ORDER)];
    dni_wide ww[DNI_WW_pown(DNUM_ORDER)];
    DNI_DNUM_KW(pown)(r.d, u.d, m, DNUM_ORDER, ws, ww);
    return r;
}
DNUM_FIXED_DECL DNI_DNUM_T DNI_DNUM(apply)(DNI_DNUM_T u, dn_deriv_fn h, void *ctx)
{
    DNI_DNUM_T r;
    double ws[DNI_W_apply(DNUM_ORDER)];
    DNI_DNUM_KW(apply)(r.d, u.d, h, ctx, DNUM_ORDER, ws);
    return r;
}
DNI_DNUM_PAIR(DNUM_ORDER, sincos)
DNI_DNUM_PAIR(DNUM_ORDER, sinhcosh)
DNI_OPS_UNARY(DNI_DNUM_FN1, DNUM_ORDER)
DNI_OPS_BINARY(DNI_DNUM_FN2, DNUM_ORDER)
DNI_OPS_INT(DNI_DNUM_FNI, DNUM_ORDER)
/* ---- end of the body ---- */

#undef DNI_DNUM
#undef DNI_DNUM_T
#undef DNUM_ORDER
