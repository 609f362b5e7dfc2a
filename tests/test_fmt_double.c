/* The decimal formatter of dnum-eval (tools/fmt_double.c) against the C library:
 * byte for byte equal to snprintf("%.17g") and read back by strtod as the same double,
 * on chosen hard cases and millions of random doubles (random bit patterns, subnormals,
 * extremes, integers, decimal-looking values, values near powers of ten and near ties).
 * FMT_TEST_COUNT in the environment sets the number of random doubles (default 4000000). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>
#include "fmt_double.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static double from_bits(uint64_t b)
{
    double v;
    memcpy(&v, &b, sizeof v);
    return v;
}

/* Checks one value; returns 1 on a mismatch (reported for the first few). */
static int check(double v)
{
    char got[FMT_G17_MAX + 8], want[64];
    memset(got, 'Z', sizeof got);
    size_t k = fmt_g17(got, v);
    int bad = k > FMT_G17_MAX;
    if (!bad) {
        got[k] = '\0';
        snprintf(want, sizeof want, "%.17g", v);
        bad = strcmp(got, want) != 0;
        if (!bad && isfinite(v)) bad = strtod(got, NULL) != v;
    }
    static int shown;
    if (bad && shown++ < 10) cr_log_error("%a: got '%.*s', want %.17g", v, (int)k, got, v);
    return bad;
}

Test(fmt_double, chosen_values)
{
    static const double vals[] = {
        0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.0, 10.0, 100.0, 1e15, 1e16, 1e17, 1e18,
        9007199254740992.0, 9007199254740993.0, 123456789012345678.0, 1e-4, 1e-5,
        0.0001234, 0.00001234, 99999999999999999.0, 9.9999999999999999e22, 1e22, 1e23,
        5e-324, 1e-323, 2.2250738585072009e-308, 2.2250738585072014e-308, DBL_MAX, -DBL_MAX,
        DBL_EPSILON, 1.0 / 3.0, 2.0 / 3.0, 3.3, 1e300, 1e-300, 0.30000000000000004,
        4.35, 8.5, 0.125, 1e100, 12345.678, INFINITY, -INFINITY, NAN,
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) bad += check(vals[i]);
    for (int e = -1074; e <= 1023; e++) bad += check(ldexp(1.0, e)) + check(-ldexp(3.0, e - 1));
    for (int p = -323; p <= 308; p++) {
        double t = strtod("1e0", NULL) * pow(10.0, p);
        bad += check(t) + check(nextafter(t, 0)) + check(nextafter(t, INFINITY));
    }
    cr_expect_eq(bad, 0, "%d mismatches", bad);
}

Test(fmt_double, random_doubles)
{
    const char *env = getenv("FMT_TEST_COUNT");
    long n = env ? atol(env) : 4000000;
    long bad = 0;
    for (long i = 0; i < n; i++) {
        uint64_t b = next();
        double v;
        switch (i % 6) {
        case 0: v = from_bits(b); break;                                   /* any bits */
        case 1: v = from_bits(b & 0x800fffffffffffffu); break;             /* subnormal */
        case 2: v = (double)(int64_t)(next() >> (next() % 64)); break;     /* integer */
        case 3: v = from_bits((b & 0x800fffffffffffffu) | (uint64_t)(1023 + (int)(next() % 120) - 60) << 52); break;
        case 4: v = (double)(int64_t)(b >> 12) / pow(10.0, (double)(next() % 40)); break; /* decimal */
        default: v = from_bits((b & 0x800fffffffffffffu) | (uint64_t)(next() % 2047) << 52); break;
        }
        if (isnan(v)) continue; /* nan bit patterns: the sign of a nan is libc's business */
        bad += check(v);
    }
    cr_expect_eq(bad, 0, "%ld mismatches in %ld doubles", bad, n);
}
