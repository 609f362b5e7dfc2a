/* The README's example, built so that it cannot rot. */
#include <stdio.h>
#include <dnum/dnum.h>

int main(void)                      /* derivatives 0..8 of the Gaussian exp(-x^2) */
{
    for (double x0 = -2.0; x0 <= 2.0; x0 += 0.5) {
        dnum_o8 x = dnum_o8_var(x0);                        /* x = (x0, 1, 0, ..., 0)  */
        dnum_o8 g = dn_exp(dn_mul(dn_neg(x), x));           /* g = exp(-x*x)           */
        printf("%5.2f", x0);
        for (unsigned k = 0; k <= 8; k++) printf(" %12.6g", g.d[k]);  /* g.d[k] = g^(k)(x0) */
        printf("\n");
    }
    return 0;
}
