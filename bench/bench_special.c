/* Cost of the special functions relative to exp on dnum_o8 (and dnum_o16): each function
 * on 1000 points of its domain, the variable seeded at each point; the best of several
 * interleaved rounds (the machine is shared). Prints one line per function:
 *   name  ns/call at order 8  ratio to exp  ns/call at order 16  ratio to exp, then the
 *   same at order 16 for the composite argument f(2x^2 + x) (ratio to exp(2x^2 + x)).
 * Run: bench_special [rounds]  (meson benchmark "special functions vs exp") */
#include "bench_common.h"

#define NPTS 1000

typedef struct {
    const char *name;
    dnum_o8 (*f8)(dnum_o8);
    dnum_o16 (*f16)(dnum_o16);
    double scale; /* point = scale * (0.1 .. 0.9) */
} fn;

#define F(name, s) {#name, dnum_o8_##name, dnum_o16_##name, s}
#define WRAP(name, call)                                                                   \
    static dnum_o8 name##_8(dnum_o8 u) { return dnum_o8_##call; }                          \
    static dnum_o16 name##_16(dnum_o16 u) { return dnum_o16_##call; }
WRAP(polygamma1, polygamma(1, u))
WRAP(jn3, jn(3, u))
WRAP(yn3, yn(3, u))
#undef WRAP
static dnum_o8 min_8(dnum_o8 u) { return dnum_o8_min(u, dnum_o8_const(0.5)); }
static dnum_o16 min_16x(dnum_o16 u) { return dnum_o16_min(u, dnum_o16_const(0.5)); }

static const fn fns[] = {
    F(exp, 1), F(lgamma, 1), F(tgamma, 1), F(digamma, 1), {"polygamma(1,.)", polygamma1_8,
    polygamma1_16, 1}, F(lambertw, 1), F(lambertwm1, -0.3), F(erfinv, 1), F(erfcinv, 1),
    F(j0, 1), F(j1, 1), {"jn(3,.)", jn3_8, jn3_16, 1}, F(y0, 1), F(y1, 1),
    {"yn(3,.)", yn3_8, yn3_16, 1}, F(log2, 1), F(log10, 1), F(exp2, 1), F(sinc, 1),
    F(cot, 1), F(sinpi, 1), F(cospi, 1), F(floor, 1), F(ceil, 1),
    {"min(., 0.5)", min_8, min_16x, 1}, F(log, 1), F(erf, 1),
};
#define NF (sizeof fns / sizeof fns[0])

static double run8(const fn *f)
{
    double t0 = now_s(), acc = 0.0;
    for (int i = 0; i < NPTS; i++) {
        double x = f->scale * (0.1 + 0.8 * i / NPTS);
        OPAQUE(x);
        acc += f->f8(dnum_o8_var(x)).d[8];
    }
    double t = now_s() - t0;
    OPAQUE(acc);
    return t;
}

static double run16(const fn *f)
{
    double t0 = now_s(), acc = 0.0;
    for (int i = 0; i < NPTS; i++) {
        double x = f->scale * (0.1 + 0.8 * i / NPTS);
        OPAQUE(x);
        acc += f->f16(dnum_o16_var(x)).d[16];
    }
    double t = now_s() - t0;
    OPAQUE(acc);
    return t;
}

/* f(2x^2 + x) at order 16: the argument's cost included (it is in exp's too) */
static double run16c(const fn *f)
{
    double t0 = now_s(), acc = 0.0;
    for (int i = 0; i < NPTS; i++) {
        double x = f->scale * (0.1 + 0.8 * i / NPTS);
        OPAQUE(x);
        dnum_o16 v = dnum_o16_var(x);
        dnum_o16 u = dnum_o16_add(dnum_o16_mul_d(dnum_o16_mul(v, v), 2.0), v);
        if (f->scale < 0) u = dnum_o16_mul_d(u, 0.25); /* lambertwm1: stay in (-1/e, 0) */
        acc += f->f16(u).d[16];
    }
    double t = now_s() - t0;
    OPAQUE(acc);
    return t;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 7;
    double b8[NF], b16[NF], b16c[NF];
    for (size_t i = 0; i < NF; i++) b8[i] = b16[i] = b16c[i] = INFINITY;
    for (int r = 0; r < rounds; r++)
        for (size_t i = 0; i < NF; i++) {
            b8[i] = fmin(b8[i], run8(&fns[i]));
            b16[i] = fmin(b16[i], run16(&fns[i]));
            b16c[i] = fmin(b16c[i], run16c(&fns[i]));
        }
    printf("%-16s %10s %8s %10s %8s %12s %8s\n", "function", "ns o8", "/exp", "ns o16", "/exp",
           "ns o16 f(g)", "/exp");
    for (size_t i = 0; i < NF; i++)
        printf("%-16s %10.1f %8.2f %10.1f %8.2f %12.1f %8.2f\n", fns[i].name,
               1e9 * b8[i] / NPTS, b8[i] / b8[0], 1e9 * b16[i] / NPTS, b16[i] / b16[0],
               1e9 * b16c[i] / NPTS, b16c[i] / b16c[0]);
    return 0;
}
