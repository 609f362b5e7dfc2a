/* Taylor coefficients in and out (dnum/coeffs.h): each entry scaled once by a factorial
 * kept as a long double mantissa and a binary exponent, so that it never overflows. */
#include <math.h>
#include <stdlib.h>
#include "dnum/coeffs.h"

/* A factorial as m 2^e, m in [0.5, 1): running products never overflow. */
typedef struct {
    long double m;
    int e;
} fact;

static const fact one = {0.5L, 1};

/* f times (divide = 0) or over (divide = 1) the positive integer k */
static fact fact_step(fact f, unsigned k, int divide)
{
    int x;
    f.m = frexpl(divide ? f.m / (long double)k : f.m * (long double)k, &x);
    f.e += x;
    return f;
}

/* v / f (divide) or v f, one rounding to double */
static double scale_one(double v, fact f, int divide)
{
    return divide ? (double)ldexpl((long double)v / f.m, -f.e)
                  : (double)ldexpl((long double)v * f.m, f.e);
}

static int convert(double *out, const double *in, unsigned n, int divide)
{
    if (!out || !in) return DN_EINVAL;
    if (n > DN_ORDER_MAX) return DN_ERANGE;
    fact f = one; /* k! */
    for (unsigned k = 0; k <= n; k++) {
        if (k) f = fact_step(f, k, 0);
        out[k] = scale_one(in[k], f, divide);
    }
    return DN_OK;
}

int dn_coeffs_from_derivs(double *c, const double *d, unsigned n)
{
    return convert(c, d, n, 1);
}
int dn_derivs_from_coeffs(double *d, const double *c, unsigned n)
{
    return convert(d, c, n, 0);
}

static int convert2(double *out, const double *in, unsigned n, int divide)
{
    if (!out || !in) return DN_EINVAL;
    if (n > DN_ORDER_MAX) return DN_ERANGE;
    fact fs = one; /* s! */
    for (unsigned s = 0, idx = 0; s <= n; s++) {
        if (s) fs = fact_step(fs, s, 0);
        fact f = fs; /* i! j! for (i, j) = (s - j, j), in DNUM2_INDEX order */
        for (unsigned j = 0; j <= s; j++, idx++) {
            if (j) f = fact_step(fact_step(f, s - j + 1, 1), j, 0);
            out[idx] = scale_one(in[idx], f, divide);
        }
    }
    return DN_OK;
}

int dn2_coeffs_from_derivs(double *c, const double *d, unsigned n)
{
    return convert2(c, d, n, 1);
}
int dn2_derivs_from_coeffs(double *d, const double *c, unsigned n)
{
    return convert2(d, c, n, 0);
}

int dvec_get_coeffs(double *c, const dvec *v)
{
    int order = dvec_order(v);
    if (!c || order < 0) return DN_EINVAL;
    int st = dvec_get_derivs(c, v);
    return st ? st : dn_coeffs_from_derivs(c, c, (unsigned)order);
}

int dvec_set_coeffs(dvec *v, const double *c, unsigned order)
{
    if (!v || !c) return DN_EINVAL;
    if (order > DN_ORDER_MAX) return DN_ERANGE;
    double *d = malloc(((size_t)order + 1) * sizeof *d);
    if (!d) return DN_ENOMEM;
    dn_derivs_from_coeffs(d, c, order);
    int st = dvec_set_derivs(v, d, order);
    free(d);
    return st;
}
