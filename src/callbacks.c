/* Ready-made derivative callbacks for the apply interface (dn_deriv_fn). */
#include <math.h>
#include "dnum/common.h"

double dn_deriv_exp(double x, unsigned k, void *ctx)
{
    (void)k;
    (void)ctx;
    return exp(x);
}

double dn_deriv_sin(double x, unsigned k, void *ctx)
{
    (void)ctx;
    switch (k % 4) {
    case 0: return sin(x);
    case 1: return cos(x);
    case 2: return -sin(x);
    default: return -cos(x);
    }
}

double dn_deriv_cos(double x, unsigned k, void *ctx)
{
    return dn_deriv_sin(x, k + 1, ctx);
}

double dn_deriv_log(double x, unsigned k, void *ctx)
{
    (void)ctx;
    if (k == 0) return log(x);
    /* (-1)^(k-1) (k-1)! / x^k, built as a product to stay finite as long as possible */
    double r = 1.0 / x;
    for (unsigned j = 1; j < k; j++) r *= -(double)j / x;
    return r;
}

double dn_deriv_gaussian(double x, unsigned k, void *ctx)
{
    double a = ctx ? *(const double *)ctx : 1.0;
    double s = sqrt(a), y = s * x;
    double h0 = 1.0, h1 = 2.0 * y; /* H_0, H_1 */
    double g = exp(-y * y), scale = 1.0;
    if (k == 0) return g;
    for (unsigned j = 1; j < k; j++) { /* H_{j+1} = 2y H_j - 2j H_{j-1} */
        double h2 = 2.0 * y * h1 - 2.0 * (double)j * h0;
        h0 = h1;
        h1 = h2;
    }
    for (unsigned j = 0; j < k; j++) scale *= -s;
    return scale * h1 * g;
}
