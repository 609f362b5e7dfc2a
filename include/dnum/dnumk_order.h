/* dnum/dnumk_order.h -- the fixed multivariate type dnumkK_oN and its whole API for K
 * variables and total order N. Nothing is built in; a user includes it:
 *
 *     #include <dnum/dnum.h>
 *     #define DNUMK_VARS 3
 *     #define DNUMK_ORDER 6
 *     #include <dnum/dnumk_order.h>     // dnumk3_o6 and its functions
 *
 * which is what DNUMK_DEFINE(3, 6) does. DNUMK_VARS and DNUMK_ORDER (decimal literals,
 * 1 ... DNK_VARS_MAX and 1 ... DNK_ORDER_MAX) are undefined at the end. C only. The API is
 * described in dnum/dnumk.h; the functions are static inline (DNUMK_FIXED_DECL) over the
 * kernels of dnum/internal/kernelk.h, with the helpers of dnum/dnumk.h (DNI_DNUMK_FLAT
 * ...). The lines between the marks below are also DNUMK_DEFINE(K, N), made by
 * tools/gen_define.sh (dnum/internal/define_macros.h; the test generated-files compares).
 * Deliberately without an include guard. */
#if !defined(DNUMK_VARS) || !defined(DNUMK_ORDER)
#error "dnum/dnumk_order.h: define DNUMK_VARS and DNUMK_ORDER before including it"
#endif
#if !defined(DNUM_DNUMK_H) || defined(__cplusplus)
#error "dnum/dnumk_order.h: include dnum/dnumk.h (or dnum/dnum.h) first, in C"
#endif

/* names of this type: DNI_DNUMK_T the type dnumkK_oN, DNI_DNUMK(f) its function
 * dnumkK_oN_f, DNI_DNUMK_S its number of entries DNUMK_SIZE(K, N) */
#define DNI_DNUMK_T DNI_DNUMK_TY(DNUMK_VARS, DNUMK_ORDER)
#define DNI_DNUMK(f) DNI_DNUMK_NM(DNUMK_VARS, DNUMK_ORDER, f)
#define DNI_DNUMK_S DNI_DNUMK_SIZE(DNUMK_VARS, DNUMK_ORDER)

/* ---- the body (DNUMK_DEFINE) ---- */
typedef struct DNI_DNUMK_T {
    double c[DNI_DNUMK_S]; /* Taylor coefficients c_a = f^(a)/a!, graded order */
} DNI_DNUMK_T;
_Static_assert((DNUMK_VARS) >= 1 && (DNUMK_VARS) <= DNK_VARS_MAX,
               DNI_DNUMK_STR(DNI_DNUMK_T) ": k must be 1..DNK_VARS_MAX (10)");
_Static_assert((DNUMK_ORDER) >= 1 && (DNUMK_ORDER) <= DNK_ORDER_MAX,
               DNI_DNUMK_STR(DNI_DNUMK_T) ": N must be 1..DNK_ORDER_MAX (32)");
_Static_assert(
    (DNI_DNUMK_S) <= DNUMK_FIXED_MAX,
    DNI_DNUMK_STR(DNI_DNUMK_T) ": more than DNUMK_FIXED_MAX entries, use dnk_space");
typedef DNI_DNUMK_T (*DNI_DNUMK(objective))(const DNI_DNUMK_T *x, void *ctx);
DNUMK_FIXED_DECL size_t DNI_DNUMK(index)(const unsigned *alpha)
{
    return dnik_index(DNUMK_VARS, alpha);
}
DNUMK_FIXED_DECL int DNI_DNUMK(inrange)(const unsigned *alpha)
{
    unsigned s = 0;
    for (unsigned i = 0; i < (DNUMK_VARS); i++) {
        if (alpha[i] > (DNUMK_ORDER)) return 0;
        s += alpha[i];
    }
    return s <= (DNUMK_ORDER);
}
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(var)(double x, unsigned i),
               dnik_set_var(r.c, i, x, DNUMK_VARS, DNUMK_ORDER))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(const)(double x),
               dni_set_const(r.c, x, DNI_DNUMK_S - 1))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(from_coeffs)(const double *c),
               for (unsigned e = 0; e < (DNI_DNUMK_S); e++) r.c[e] = c[e])
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(from_derivs)(const double *d),
               unsigned al[DNUMK_VARS] = {0};
               for (unsigned e = 0; e < (DNI_DNUMK_S); e++, dnik_next(DNUMK_VARS, al))
                   r.c[e] = d[e] / dnik_afact(DNUMK_VARS, al))
DNUMK_FIXED_DECL double DNI_DNUMK(coeff)(DNI_DNUMK_T a, const unsigned *alpha)
{
    return DNI_DNUMK(inrange)(alpha) ? a.c[dnik_index(DNUMK_VARS, alpha)] : NAN;
}
DNUMK_FIXED_DECL double DNI_DNUMK(deriv)(DNI_DNUMK_T a, const unsigned *alpha)
{
    return DNI_DNUMK(inrange)(alpha)
               ? a.c[dnik_index(DNUMK_VARS, alpha)] * dnik_afact(DNUMK_VARS, alpha)
               : NAN;
}
DNUMK_FIXED_DECL void DNI_DNUMK(set_coeff)(DNI_DNUMK_T *a, const unsigned *alpha, double v)
{
    if (DNI_DNUMK(inrange)(alpha)) a->c[dnik_index(DNUMK_VARS, alpha)] = v;
}
DNUMK_FIXED_DECL void DNI_DNUMK(set_deriv)(DNI_DNUMK_T *a, const unsigned *alpha, double v)
{
    if (DNI_DNUMK(inrange)(alpha))
        a->c[dnik_index(DNUMK_VARS, alpha)] = v / dnik_afact(DNUMK_VARS, alpha);
}
DNUMK_FIXED_DECL void DNI_DNUMK(get_derivs)(DNI_DNUMK_T a, double *d)
{
    unsigned al[DNUMK_VARS] = {0};
    for (unsigned e = 0; e < (DNI_DNUMK_S); e++, dnik_next(DNUMK_VARS, al))
        d[e] = a.c[e] * dnik_afact(DNUMK_VARS, al);
}
DNUMK_FIXED_DECL void DNI_DNUMK(grad)(DNI_DNUMK_T a, double *g)
{
    for (unsigned i = 0; i < (DNUMK_VARS); i++) g[i] = a.c[1 + i];
}
DNUMK_FIXED_DECL void DNI_DNUMK(hess)(DNI_DNUMK_T a, double *H)
{
    dnik_hess(H, a.c, DNUMK_VARS, DNUMK_ORDER);
}
DNUMK_FIXED_DECL int DNI_DNUMK(tensor)(DNI_DNUMK_T a, unsigned m, double *t)
{
    return dnik_tensor(t, a.c, m, DNUMK_VARS, DNUMK_ORDER);
}
DNI_DNUMK_BIN(DNI_DNUMK_T, DNUMK_VARS, DNUMK_ORDER, mul)
DNI_DNUMK_BIN(DNI_DNUMK_T, DNUMK_VARS, DNUMK_ORDER, div)
DNI_OPS_ELEM2(DNI_DNUMK_ROW2, (DNI_DNUMK_T, DNUMK_VARS, DNUMK_ORDER))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(add)(DNI_DNUMK_T a, DNI_DNUMK_T b),
               dni_add(r.c, a.c, b.c, DNI_DNUMK_S - 1))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(sub)(DNI_DNUMK_T a, DNI_DNUMK_T b),
               dni_sub(r.c, a.c, b.c, DNI_DNUMK_S - 1))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(neg)(DNI_DNUMK_T a),
               dni_neg(r.c, a.c, DNI_DNUMK_S - 1))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(add_d)(DNI_DNUMK_T a, double x),
               dni_add_d(r.c, a.c, x, DNI_DNUMK_S - 1))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(sub_d)(DNI_DNUMK_T a, double x),
               dni_add_d(r.c, a.c, -x, DNI_DNUMK_S - 1))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(mul_d)(DNI_DNUMK_T a, double x),
               dni_mul_d(r.c, a.c, x, DNI_DNUMK_S - 1))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(div_d)(DNI_DNUMK_T a, double x),
               dni_mul_d(r.c, a.c, 1.0 / x, DNI_DNUMK_S - 1);
               r.c[0] = a.c[0] / x)
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(d_sub)(double x, DNI_DNUMK_T a),
               dni_neg(r.c, a.c, DNI_DNUMK_S - 1);
               r.c[0] = x - a.c[0])
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(d_div)(double x, DNI_DNUMK_T a),
               DNI_DNUMK_W(DNUMK_VARS, DNUMK_ORDER);
               dnik_d_div(r.c, x, a.c, DNUMK_VARS, DNUMK_ORDER, w))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(pow_d)(DNI_DNUMK_T a, double p),
               DNI_DNUMK_W(DNUMK_VARS, DNUMK_ORDER);
               dnik_pow_d(r.c, a.c, p, DNUMK_VARS, DNUMK_ORDER, w))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(pown)(DNI_DNUMK_T a, long m),
               DNI_DNUMK_W(DNUMK_VARS, DNUMK_ORDER);
               dnik_pown(r.c, a.c, m, DNUMK_VARS, DNUMK_ORDER, w))
DNI_DNUMK_FLAT(DNI_DNUMK_T, DNI_DNUMK(apply)(DNI_DNUMK_T u, dn_deriv_fn h, void *ctx),
               DNI_DNUMK_W(DNUMK_VARS, DNUMK_ORDER);
               dnik_apply(r.c, u.c, h, ctx, DNUMK_VARS, DNUMK_ORDER, w))
DNI_OPS_ELEM1(DNI_DNUMK_ROW1, (DNI_DNUMK_T, DNUMK_VARS, DNUMK_ORDER))
DNI_DNUMK_PAIR(DNI_DNUMK_T, DNUMK_VARS, DNUMK_ORDER, sincos)
DNI_DNUMK_PAIR(DNI_DNUMK_T, DNUMK_VARS, DNUMK_ORDER, sinhcosh)
DNUMK_FIXED_DECL int DNI_DNUMK(hessian)(double *fx, double *grad, double *H,
                                        DNI_DNUMK(objective) f, const double *x, void *ctx)
{
    if (!f || !x || !H) return DN_EINVAL;
    if ((DNUMK_ORDER) < 2) return DN_EORDER;
    DNI_DNUMK_T xs[DNUMK_VARS];
    for (unsigned i = 0; i < (DNUMK_VARS); i++) xs[i] = DNI_DNUMK(var)(x[i], i);
    DNI_DNUMK_T r = f(xs, ctx);
    if (fx) *fx = r.c[0];
    if (grad) DNI_DNUMK(grad)(r, grad);
    DNI_DNUMK(hess)(r, H);
    return DN_OK;
}
/* ---- end of the body ---- */

#undef DNI_DNUMK_S
#undef DNI_DNUMK
#undef DNI_DNUMK_T
#undef DNUMK_ORDER
#undef DNUMK_VARS
