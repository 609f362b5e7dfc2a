/* The linkable copies of dnum_oN_* and dnum2_oN_* in the library (src/inlines.c: for
 * programs that cannot use the static inline versions) against the inline versions of
 * <dnum/dnum.h>, with elementary, special, wide-scratch, integer, pair and constant
 * arguments: the same kernels (the copies call the rolled ones, the inline versions the
 * unrolled ones, whose sums may run in another order: within 1e-13 relative, or absolute
 * below 1). A wrong mapping of a name to its kernel is off by far more. The calls:
 * linkable_calls.c. */
#include "testutil.h"

void linkable_calls(double *out);

static void expect_close(const char *what, const double *got, const double *want,
                         unsigned len)
{
    for (unsigned k = 0; k < len; k++) {
        double g = got[k], w = want[k];
        int ok = g == w || (isnan(g) && isnan(w)) || fabs(g - w) <= 1e-13 * fmax(fabs(w), 1.0);
        cr_expect(ok, "%s entry %u: linkable %.17g, inline %.17g", what, k, g, w);
    }
}

Test(linkable, copies_match_the_inline_functions)
{
    double got[12 * 9 + 8 * 45];
    for (unsigned k = 0; k < sizeof got / sizeof got[0]; k++) got[k] = -12345.0;
    linkable_calls(got);
    dnum_o8 x = dnum_o8_var(0.7), e = dnum_o8_exp(x), s, c;
    dnum_o8_sincos(dnum_o8_mul(x, x), &s, &c);
    dnum_o8 r[12] = {e, dnum_o8_sqrt(x), dnum_o8_div(x, e), dnum_o8_atan2(x, e),
                     dnum_o8_lgamma(x), dnum_o8_pow_d(x, 2.5), dnum_o8_pown(x, -3),
                     dnum_o8_d_div(2.0, x), dnum_o8_yn(2, x), dnum_o8_fmod(e, x), s, c};
    static const char *const n1[12] = {"exp", "sqrt", "div", "atan2", "lgamma", "pow_d",
                                       "pown", "d_div", "yn", "fmod", "sin", "cos"};
    for (int i = 0; i < 12; i++) expect_close(n1[i], got + 9 * i, r[i].d, 9);
    dnum2_o8 X = dnum2_o8_varx(0.7, 1.3), Y = dnum2_o8_vary(0.7, 1.3), P = dnum2_o8_mul(X, Y);
    dnum2_o8 sh, ch;
    dnum2_o8_sinhcosh(X, &sh, &ch);
    dnum2_o8 q[8] = {dnum2_o8_exp(P), dnum2_o8_digamma(P), dnum2_o8_pow_d(P, 1.5),
                     dnum2_o8_pown(P, 3), dnum2_o8_atan2(X, Y), dnum2_o8_d_div(2.0, P), sh, ch};
    static const char *const n2[8] = {"dnum2 exp", "dnum2 digamma", "dnum2 pow_d",
                                      "dnum2 pown", "dnum2 atan2", "dnum2 d_div",
                                      "dnum2 sinh", "dnum2 cosh"};
    for (int i = 0; i < 8; i++) expect_close(n2[i], got + 108 + 45 * i, q[i].d, 45);
}
