/* dnum/block_order.h -- the block type dnumb_oN and its functions for one order N. No order
 * is built in; a user includes it:
 *
 *     #include <dnum/block.h>
 *     #define DNUMB_ORDER 16
 *     #include <dnum/block_order.h>     // dnumb_o16 and its functions
 *
 * which is what DNUMB_DEFINE(16) does. DNUMB_ORDER (a decimal literal, 1 ... DN_TAYLOR_MAX)
 * is undefined at the end. The API is described in dnum/block.h; the functions are static
 * inline (DNIB_DECL) over the lane kernels, with the helpers of dnum/block.h (DNIB_IN,
 * DNIB_FN1 ...). The lines between the marks below are also DNUMB_DEFINE(N), made by
 * tools/gen_define.sh (dnum/internal/define_macros.h; the test generated-files compares).
 * Deliberately without an include guard. */
#ifndef DNUMB_ORDER
#error "dnum/block_order.h: define DNUMB_ORDER (the order) before including it"
#endif
#ifndef DNUM_BLOCK_H
#error "dnum/block_order.h: include dnum/block.h first"
#endif

/* names of this order: DNIB_T the type dnumb_oN, DNIB(f) its function dnumb_oN_f */
#define DNIB_T DNIB_TY(DNUMB_ORDER)
#define DNIB(f) DNIB_NM(DNUMB_ORDER, f)

/* ---- the body (DNUMB_DEFINE) ---- */
_Pragma("GCC diagnostic push")
_Pragma("GCC diagnostic ignored \"-Wpsabi\"")
typedef struct DNIB_T {
    dn_lane d[(DNUMB_ORDER) + 1];
} DNIB_T;
DNI_STATIC_ASSERT((DNUMB_ORDER) >= 1 && (DNUMB_ORDER) <= DN_TAYLOR_MAX,
                  "dnumb order out of range");
DNIB_DECL DNIB_T DNIB(var)(const double *x)
{
    DNIB_T r;
    r.d[0] = dnil_loadu(x);
    r.d[1] = DNIL_V(1.0);
    for (unsigned k = 2; k <= (DNUMB_ORDER); k++) r.d[k] = DNIL_ZERO;
    return r;
}
DNIB_DECL DNIB_T DNIB(const)(double c)
{
    DNIB_T r;
    r.d[0] = DNIL_V(c);
    for (unsigned k = 1; k <= (DNUMB_ORDER); k++) r.d[k] = DNIL_ZERO;
    return r;
}
DNIB_DECL DNIB_T DNIB(load)(const double *d, size_t ld)
{
    DNIB_T r;
    for (unsigned k = 0; k <= (DNUMB_ORDER); k++) r.d[k] = dnil_loadu(d + k * ld);
    return r;
}
DNIB_DECL void DNIB(store)(const DNIB_T *a, double *out, size_t ld)
{
    for (unsigned k = 0; k <= (DNUMB_ORDER); k++) dnil_storeu(out + k * ld, a->d[k]);
}
DNIB_DECL double DNIB(get)(const DNIB_T *a, unsigned k, unsigned i)
{
    return k <= (DNUMB_ORDER) && i < DNB_W ? a->d[k][i] : NAN;
}
DNIB_DECL DNIB_T DNIB(add)(DNIB_T a, DNIB_T b)
{
    DNIB_IN(DNUMB_ORDER, a)
    DNIB_IN(DNUMB_ORDER, b)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dnil_add(r_, a_, b_, DNUMB_ORDER);
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(sub)(DNIB_T a, DNIB_T b)
{
    DNIB_IN(DNUMB_ORDER, a)
    DNIB_IN(DNUMB_ORDER, b)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dnil_sub(r_, a_, b_, DNUMB_ORDER);
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(mul)(DNIB_T a, DNIB_T b)
{
    DNIB_IN(DNUMB_ORDER, a)
    DNIB_IN(DNUMB_ORDER, b)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dn_lane ws_[DNI_W_mul(DNUMB_ORDER)];
    dnil_mul_w(r_, a_, b_, DNUMB_ORDER, ws_);
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(div)(DNIB_T a, DNIB_T b)
{
    DNIB_IN(DNUMB_ORDER, a)
    DNIB_IN(DNUMB_ORDER, b)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dn_lmask m_ = dnil_rare_DIV(b_, DNUMB_ORDER);
    if (!dnil_all(m_)) {
        dn_lane ws_[DNI_W_div(DNUMB_ORDER)];
        dnil_div_w(r_, a_, b_, DNUMB_ORDER, ws_);
    }
    if (dnil_any(m_))
        DNIB_LANES(DNUMB_ORDER, m_, r_, a_, b_,
                   DNIB_CALL2_DNI_WS(DNUMB_ORDER, div, y_, x_, z_))
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(neg)(DNIB_T a)
{
    DNIB_IN(DNUMB_ORDER, a)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dnil_neg(r_, a_, DNUMB_ORDER);
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(add_d)(DNIB_T a, double c)
{
    DNIB_IN(DNUMB_ORDER, a)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dnil_add_d(r_, a_, DNIL_V(c), DNUMB_ORDER);
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(sub_d)(DNIB_T a, double c)
{
    DNIB_IN(DNUMB_ORDER, a)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dnil_add_d(r_, a_, DNIL_V(-c), DNUMB_ORDER);
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(mul_d)(DNIB_T a, double c)
{
    DNIB_IN(DNUMB_ORDER, a)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dnil_mul_d(r_, a_, DNIL_V(c), DNUMB_ORDER);
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(div_d)(DNIB_T a, double c)
{
    DNIB_IN(DNUMB_ORDER, a)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dnil_mul_d(r_, a_, DNIL_V(1.0 / c), DNUMB_ORDER);
    r_[0] = a_[0] / c;
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(d_sub)(double c, DNIB_T a)
{
    DNIB_IN(DNUMB_ORDER, a)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dnil_neg(r_, a_, DNUMB_ORDER);
    r_[0] = c - a_[0];
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(d_div)(double c, DNIB_T a)
{
    DNIB_IN(DNUMB_ORDER, a)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dn_lmask m_ = dnil_rare_ZERO(a_, DNUMB_ORDER);
    if (!dnil_all(m_)) {
        dn_lane ws_[DNI_W_d_div(DNUMB_ORDER)];
        dnil_d_div_w(r_, DNIL_V(c), a_, DNUMB_ORDER, ws_);
    }
    if (dnil_any(m_))
        DNIB_LANES(DNUMB_ORDER, m_, r_, a_, a_,
                   DNIB_CALL2_DNI_WS(DNUMB_ORDER, d_div, y_, c, x_))
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(pown)(DNIB_T u, long m)
{
    DNIB_IN(DNUMB_ORDER, u)
    dn_lane r_[(DNUMB_ORDER) + 1];
    dn_lmask m_ = dnil_rare_POWN(u_, (double)m);
    if (!dnil_all(m_)) {
        dn_lane ws_[DNI_W_pown(DNUMB_ORDER)];
        dnil_pown_w(r_, u_, m, DNUMB_ORDER, ws_, NULL);
    }
    if (dnil_any(m_))
        DNIB_LANES(DNUMB_ORDER, m_, r_, u_, u_,
                   DNIB_CALL2_DNI_WSW(DNUMB_ORDER, pown, y_, x_, m))
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(pow_d)(DNIB_T u, double p)
{
    DNIB_IN(DNUMB_ORDER, u)
    dn_lane r_[(DNUMB_ORDER) + 1];
    DNIB_LANES(DNUMB_ORDER, DNIB_ALL, r_, u_, u_,
               DNIB_CALL2_DNI_WSW(DNUMB_ORDER, pow_d, y_, x_, p))
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_DECL DNIB_T DNIB(apply)(DNIB_T u, dn_deriv_fn h, void *ctx)
{
    DNIB_IN(DNUMB_ORDER, u)
    dn_lane r_[(DNUMB_ORDER) + 1];
    DNIB_LANES(DNUMB_ORDER, DNIB_ALL, r_, u_, u_, {
        double ws_[DNI_W_apply(DNUMB_ORDER)];
        dni_apply_w(y_, x_, h, ctx, DNUMB_ORDER, ws_);
    })
    DNIB_RETURN(DNUMB_ORDER, r_)
}
DNIB_PAIR(DNUMB_ORDER, sincos)
DNIB_PAIR(DNUMB_ORDER, sinhcosh)
DNI_OPS_ELEM1(DNIB_FN1, DNUMB_ORDER)
DNI_OPS_SPECIAL1(DNIB_FNS1, DNUMB_ORDER)
DNI_OPS_BINARY(DNIB_FN2, DNUMB_ORDER)
DNI_OPS_INT(DNIB_FNI, DNUMB_ORDER)
_Pragma("GCC diagnostic pop")

/* ---- end of the body ---- */

#undef DNIB
#undef DNIB_T
#undef DNUMB_ORDER
