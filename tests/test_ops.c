/* The operation table (dnum/internal/ops.h) against every front end: each row must be a
 * function of every family and a generic name (this file does not compile otherwise:
 * it is built with -Werror=implicit-function-declaration), a name of the expression
 * language with the row's arity, and the expression engines must give what the fixed
 * family gives. */
#include <math.h>
#include <string.h>
#include <dnum/dnumk.h>
#include <dnum/elem_o2.h>
#include <dnum/sparseh_o2.h>
#include "testutil.h"

/* every family has the row's function */
#define HAS(A, f, ...)                                                                     \
    (void)&dnum_o3_##f, (void)&dnum2_o3_##f, (void)&dvec_##f, (void)&dnk_##f,              \
        (void)&dlane_o2_##f, (void)&dsp_o2_##f, (void)&dsph_o2_##f, (void)&dnel1_o2_##f,   \
        (void)&dnel4_o2_##f, n++;
/* the generic names: dn_f over the fixed family, dnh_f over the order-2 families */
#define GEN1(A, f, ...) (void)sizeof(dn_##f(A)), (void)sizeof(dnh_##f(u2)), n++;
#define GEN2(A, f, ...) (void)sizeof(dn_##f(A, A)), (void)sizeof(dnh_##f(u2, u2)), n++;
#define GENI(A, f, ...) (void)sizeof(dn_##f(1, A)), (void)sizeof(dnh_##f(1, u2)), n++;

Test(ops, every_family_has_every_row)
{
    unsigned n = 0, total = 0;
    dnum_o4 u = dnum_o4_var(0.5);
    dnum_o2 u2 = dnum_o2_var(0.5);
    DNI_OPS_ALL(HAS, ~)
    total = n;
    n = 0;
    DNI_OPS_UNARY(GEN1, u) DNI_OPS_BINARY(GEN2, u) DNI_OPS_INT(GENI, u)
    cr_assert_eq(n, total);
    cr_assert_gt(total, 40);
}

/* the row as an expression and through dnum_o4_f, at the point x0 */
static void check_row(const char *name, const char *src, dnum_o4 r, double x0)
{
    const char *vars[] = {"x"};
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, vars, 1, &err);
    cr_assert(e, "%s: %s (column %u)", src, err.msg, err.column);
    double arg[5] = {x0, 1, 0, 0, 0}, out[5], work[256];
    cr_assert_leq(dn_expr_work_size(e, 4), 256);
    cr_assert_eq(dn_expr_eval(e, 4, arg, out, work), 0);
    for (unsigned k = 0; k <= 4; k++)
        cr_expect(isnan(out[k]) ? isnan(r.d[k]) : same_engines(out[k], r.d[k], k),
                  "%s at %g, derivative %u: expression %.17g, dnum_o4_%s %.17g", src, x0, k,
                  out[k], name, r.d[k]);
    dn_expr_free(e);
}

#define ROW1(x0, f, ...) check_row(#f, #f "(x)", dnum_o4_##f(dnum_o4_var(x0)), x0);
#define ROW2(x0, f, ...)                                                                   \
    check_row(#f, #f "(x, 0.75 - x/3)",                                                    \
              dnum_o4_##f(dnum_o4_var(x0), dnum_o4_d_sub(0.75, dnum_o4_mul_d(dnum_o4_var(x0), 1.0 / 3))), x0);
#define ROWI(x0, f, ...) check_row(#f, #f "(2, x)", dnum_o4_##f(2, dnum_o4_var(x0)), x0);

Test(ops, expression_language_matches_the_fixed_family)
{
    static const double pts[] = {-0.25, 0.3, 1.7};
    for (unsigned i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        double x0 = pts[i];
        DNI_OPS_UNARY(ROW1, x0) DNI_OPS_BINARY(ROW2, x0) DNI_OPS_INT(ROWI, x0)
    }
}

/* a name of the table with the wrong number of arguments is a parse error */
#define ARITY1(A, f, ...) A(#f "(x, x)");
#define ARITY2(A, f, ...) A(#f "(x)");
static void bad_arity(const char *src)
{
    const char *vars[] = {"x"};
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, vars, 1, &err);
    cr_expect_null(e, "%s parsed", src);
    cr_expect_neq(err.code, 0, "%s", src);
    dn_expr_free(e);
}

Test(ops, arity_is_checked)
{
    DNI_OPS_UNARY(ARITY1, bad_arity) DNI_OPS_BINARY(ARITY2, bad_arity)
    DNI_OPS_INT(ARITY2, bad_arity)
}
