/* Every built-in function against mpmath reference derivatives (tests/ref_data.h, made
 * by tools/gen_ref.py): orders 0..16 within 1e-13 and 17..24 within 1e-11 (scaled error),
 * for plain arguments f(x) and composite ones f(2x^2 + x) (inner derivative != 1).
 * Lower orders must equal the leading part of the order-24 result bit for bit. */
#include <stdio.h>
#include <string.h>
#include "ref_eval.h"

typedef dnum_o24 T;

Test(reference, every_row_matches_mpmath)
{
    double worst16 = 0.0, worst24 = 0.0;
    cr_assert(DN_REF_NROWS > 100, "reference table is too small");
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        const dn_ref_row *r = &dn_ref_rows[i];
        T got;
        cr_assert(ref_eval_o24(r, &got), "unknown function %s in the table", r->fn);
        for (unsigned k = 0; k <= DN_REF_MAXORD; k++) {
            double e = scaled_err(got.d[k], r->d[k], k);
            double tol = ref_tol(k);
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
        ref_eval_o24(r, &hi);                                                              \
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

/* The same rows against a scale of their own (row_err, testutil.h): the scaled error
 * above lets an absolute error of up to k! 1e-3 tol through where the derivatives stay
 * small (exp, sin and cosh of a bare variable: 6e9 at k = 24); here a derivative is held
 * to the size the row has reached. */
Test(reference, every_row_against_its_own_scale)
{
    double worst16 = 0.0, worst24 = 0.0;
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        const dn_ref_row *r = &dn_ref_rows[i];
        T got;
        cr_assert(ref_eval_o24(r, &got), "unknown function %s in the table", r->fn);
        double env = 0.0;
        for (unsigned k = 0; k <= DN_REF_MAXORD; k++) {
            double e = row_err(got.d[k], r->d[k], &env), tol = ref_tol(k);
            if (k <= 16) worst16 = e <= worst16 ? worst16 : e;
            else worst24 = e <= worst24 ? worst24 : e;
            cr_expect(e <= tol, "%s form %d param %g x=%g k=%u: got %.17g want %.17g err %.3g",
                      r->fn, r->form, r->param, r->x, k, got.d[k], r->d[k], e);
        }
    }
    printf("reference, against each row's own scale: max error %.3g (orders <= 16), %.3g "
           "(17..24)\n", worst16, worst24);
}
