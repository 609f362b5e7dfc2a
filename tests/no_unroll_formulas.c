/* Formulas on the inline families at high orders (dnum_o24, dnum2_o10), compiled twice by
 * tests/meson.build: with DN_NO_UNROLL (the kernels as rolled loops, not forced inline:
 * the fast compile of docs/fixed.md, "Compile time") and without. NU_NAME names this copy's
 * function; tests/test_no_unroll.c compares the two bit for bit. */
#include <dnum/dnum.h>

/* derivatives of two formulas at point i (0 .. 49) into out (25 + 66 entries) */
void NU_NAME(unsigned i, double *out)
{
    double x0 = 0.3 + 0.07 * i, y0 = 0.5 - 0.01 * i;
    dnum_o24 x = dnum_o24_var(x0);
    dnum_o24 u =
        dnum_o24_atan(dnum_o24_div(dnum_o24_tan(x), dnum_o24_add_d(dnum_o24_exp(x), 1.0)));
    dnum2_o10 X = dnum2_o10_varx(x0, y0), Y = dnum2_o10_vary(x0, y0);
    dnum2_o10 e =
        dnum2_o10_mul(dnum2_o10_exp(dnum2_o10_neg(dnum2_o10_mul(X, Y))), dnum2_o10_sin(X));
    dnum2_o10 t = dnum2_o10_add(e, dnum2_o10_div(dnum2_o10_lgamma(dnum2_o10_add_d(X, 1.0)),
                                                 dnum2_o10_add_d(Y, 2.0)));
    for (unsigned k = 0; k <= 24; k++) out[k] = u.d[k];
    for (unsigned k = 0; k < DNUM2_SIZE(10); k++) out[25 + k] = t.d[k];
}
