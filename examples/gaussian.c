/* Derivatives 0..8 of the Gaussian exp(-x^2) at a few points, two ways: written with
 * the built-in functions, and through the apply interface with a derivative callback. */
#include <stdio.h>
#include <dnum/dnum.h>

int main(void)
{
    printf("%5s %3s %22s %22s\n", "x", "k", "exp(-x*x)", "apply(gaussian)");
    for (double x0 = -1.0; x0 <= 1.0; x0 += 0.5) {
        dnum_o8 x = dnum_o8_var(x0);
        dnum_o8 g = dnum_o8_exp(dnum_o8_mul(dnum_o8_neg(x), x)); /* exp(-x*x) */
        dnum_o8 h = dnum_o8_apply(x, dn_deriv_gaussian, NULL);  /* same, via callback */
        for (unsigned k = 0; k <= 8; k++)
            printf("%5.2f %3u %22.15g %22.15g\n", x0, k, g.d[k], h.d[k]);
    }
    return 0;
}
