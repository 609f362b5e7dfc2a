/* Derivatives 0..8 of the Gaussian g(x) = exp(-x^2) at M points from A to B inclusive,
 * written as CSV in the format of dnum-eval (header x,d0,...,d8; 17 significant digits).
 *
 *   gaussian_csv [M [A B]]        default: 801 points over [-4, 4]
 *
 * It is also the hand-written counterpart of
 *   dnum-eval -n 8 -r A:B:M 'exp(-x^2)'
 * in the test of the tool (tests/test_cli.sh): the same sweep and the same output. */
#include <stdio.h>
#include <stdlib.h>
#include <dnum/dnum.h>

#define N 8

static void put(double v) /* as dnum-eval: nan, inf, -inf; -0 as 0 */
{
    if (isnan(v)) fputs("nan", stdout);
    else if (isinf(v)) fputs(v > 0 ? "inf" : "-inf", stdout);
    else printf("%.17g", v == 0.0 ? 0.0 : v);
}

int main(int argc, char **argv)
{
    unsigned long m = argc > 1 ? strtoul(argv[1], NULL, 10) : 801;
    double a = argc > 3 ? atof(argv[2]) : -4.0, b = argc > 3 ? atof(argv[3]) : 4.0;
    if (m < 1) return 2;
    static char buf[1 << 16];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    fputs("x", stdout);
    for (unsigned k = 0; k <= N; k++) printf(",d%u", k);
    putchar('\n');
    for (unsigned long i = 0; i < m; i++) {
        /* the sweep of dnum-eval: x_i = A + (B - A) i/(M-1), exactly B at the end */
        double x0 = i == 0 ? a : i == m - 1 ? b : a + (b - a) * ((double)i / (double)(m - 1));
        dnum_o8 x = dnum_o8_var(x0);
        dnum_o8 g = dnum_o8_exp(dnum_o8_neg(dnum_o8_mul(x, x))); /* exp(-x^2) */
        put(x0);
        for (unsigned k = 0; k <= N; k++) {
            putchar(',');
            put(g.d[k]);
        }
        putchar('\n');
    }
    return fflush(stdout) ? 1 : 0;
}
