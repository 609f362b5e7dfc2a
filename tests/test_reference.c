/* Every built-in function against mpmath reference derivatives (tests/ref_data.h, made
 * by tools/gen_ref.py): orders 0..16 within 1e-13 and 17..24 within 1e-11 (scaled error),
 * for plain arguments f(x) and composite ones f(2x^2 + x) (inner derivative != 1).
 * Lower orders must equal the leading part of the order-24 result bit for bit. */
#include <stdio.h>
#include <string.h>
#include "testutil.h"
#include "ref_data.h"

typedef dnum_o24 T;

static T inner_g(T x) /* 2x^2 + x */
{
    return dnum_o24_add(dnum_o24_mul_d(dnum_o24_mul(x, x), 2.0), x);
}

static T inner_h(T x) /* x^3 - x/2 + 1 */
{
    return dnum_o24_add_d(dnum_o24_sub(dnum_o24_pown(x, 3), dnum_o24_mul_d(x, 0.5)), 1.0);
}

/* Evaluates row r on order-24 numbers; returns 0 for an unknown function name. */
static int eval_row(const dn_ref_row *r, T *out)
{
    T x = dnum_o24_var(r->x);
    T u = r->form ? inner_g(x) : x;
    static const struct { const char *name; T (*f)(T); } un[] = {
        {"exp", dnum_o24_exp}, {"expm1", dnum_o24_expm1}, {"log", dnum_o24_log},
        {"log1p", dnum_o24_log1p}, {"sqrt", dnum_o24_sqrt}, {"cbrt", dnum_o24_cbrt},
        {"sin", dnum_o24_sin}, {"cos", dnum_o24_cos}, {"tan", dnum_o24_tan},
        {"asin", dnum_o24_asin}, {"acos", dnum_o24_acos}, {"atan", dnum_o24_atan},
        {"sinh", dnum_o24_sinh}, {"cosh", dnum_o24_cosh}, {"tanh", dnum_o24_tanh},
        {"asinh", dnum_o24_asinh}, {"acosh", dnum_o24_acosh}, {"atanh", dnum_o24_atanh},
        {"erf", dnum_o24_erf}, {"erfc", dnum_o24_erfc}, {"abs", dnum_o24_abs},
    };
    for (size_t i = 0; i < sizeof un / sizeof un[0]; i++)
        if (strcmp(r->fn, un[i].name) == 0) {
            *out = un[i].f(u);
            return 1;
        }
    if (strcmp(r->fn, "recip") == 0) *out = dnum_o24_d_div(1.0, u);
    else if (strcmp(r->fn, "powd") == 0) *out = dnum_o24_pow_d(u, r->param);
    else if (strcmp(r->fn, "pown") == 0) *out = dnum_o24_pown(u, (long)r->param);
    else if (strcmp(r->fn, "pow") == 0) *out = dnum_o24_pow(u, inner_h(x));
    else if (strcmp(r->fn, "atan2") == 0) *out = dnum_o24_atan2(u, inner_h(x));
    else if (strcmp(r->fn, "hypot") == 0) *out = dnum_o24_hypot(u, inner_h(x));
    else if (strcmp(r->fn, "w1") == 0) *out = dnum_o24_exp(dnum_o24_mul(dnum_o24_neg(x), x));
    else if (strcmp(r->fn, "w2") == 0) {
        T p = dnum_o24_add_d(dnum_o24_mul(x, x), 1.0);
        T t1 = dnum_o24_div(dnum_o24_mul(dnum_o24_sin(x), dnum_o24_exp(x)), p);
        T t2 = dnum_o24_mul(dnum_o24_sqrt(p), dnum_o24_log(dnum_o24_add_d(dnum_o24_cos(x), 2.0)));
        *out = dnum_o24_add(t1, t2);
    } else return 0;
    return 1;
}

Test(reference, every_row_matches_mpmath)
{
    double worst16 = 0.0, worst24 = 0.0;
    cr_assert(DN_REF_NROWS > 100, "reference table is too small");
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        const dn_ref_row *r = &dn_ref_rows[i];
        T got;
        cr_assert(eval_row(r, &got), "unknown function %s in the table", r->fn);
        for (unsigned k = 0; k <= DN_REF_MAXORD; k++) {
            double e = scaled_err(got.d[k], r->d[k], k);
            double tol = k <= 16 ? 1e-13 : 1e-11;
            if (k <= 16) worst16 = fmax(worst16, e);
            else worst24 = fmax(worst24, e);
            cr_expect(e <= tol, "%s form %d param %g x=%g k=%u: got %.17g want %.17g err %.3g",
                      r->fn, r->form, r->param, r->x, k, got.d[k], r->d[k], e);
        }
    }
    cr_log_info("max scaled error: %.3g (orders <= 16), %.3g (17..24)", worst16, worst24);
    printf("reference: max scaled error %.3g (orders <= 16), %.3g (17..24)\n", worst16,
           worst24);
}

/* Every built-in function at each lower order equals the leading part of order 24. */
#define PREFIX_CHECK(N)                                                                    \
    do {                                                                                   \
        dnum_o##N x = dnum_o##N##_var(r->x), u = x;                                        \
        if (r->form) u = dnum_o##N##_add(dnum_o##N##_mul_d(dnum_o##N##_mul(x, x), 2.0), x); \
        dnum_o##N lo;                                                                      \
        if (strcmp(r->fn, "exp") == 0) lo = dnum_o##N##_exp(u);                            \
        else if (strcmp(r->fn, "sin") == 0) lo = dnum_o##N##_sin(u);                       \
        else if (strcmp(r->fn, "log") == 0) lo = dnum_o##N##_log(u);                       \
        else if (strcmp(r->fn, "atan") == 0) lo = dnum_o##N##_atan(u);                     \
        else if (strcmp(r->fn, "tanh") == 0) lo = dnum_o##N##_tanh(u);                     \
        else if (strcmp(r->fn, "erf") == 0) lo = dnum_o##N##_erf(u);                       \
        else continue;                                                                     \
        T hi;                                                                              \
        eval_row(r, &hi);                                                                  \
        for (unsigned k = 0; k <= N; k++)                                                  \
            cr_expect(same_double(lo.d[k], hi.d[k]), "%s order %d k=%u: %.17g vs %.17g",   \
                      r->fn, N, k, lo.d[k], hi.d[k]);                                      \
    } while (0)

Test(reference, lower_orders_are_prefixes)
{
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        const dn_ref_row *r = &dn_ref_rows[i];
        PREFIX_CHECK(1);
        PREFIX_CHECK(4);
        PREFIX_CHECK(8);
        PREFIX_CHECK(16);
    }
}
