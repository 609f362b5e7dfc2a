/* Batch evaluation (dnum/batch.h): every point's numbers those of dn_expr_eval /
 * dn_expr_eval_coeffs (bit for bit with DN_BATCH_LIBM; within the error bounds with the
 * vector values of SLEEF), in both layouts, for every instruction set the machine has and the
 * point-by-point path, at block sizes 1, 3, W-1, W, W+1 and 1000 (results must not depend
 * on how the points are split), with points on the rare paths (zeros and poles, domain
 * edges, linear arguments) mixed into the blocks; two variables; argument checks and
 * nothing written on failure; the precision variant against dn_expr_eval_prec. The
 * default run (bash tools/test.sh) takes the best instruction set and the point-by-point
 * path, orders to 17; the slow suite (DN_TEST_SLOW=1, .ci/run) every instruction set and
 * orders 40, 170, 171. The environment variable DN_BATCH_ISA: the instruction set it
 * names, and an error where it names none this machine has. */
#define _POSIX_C_SOURCE 200112L /* setenv */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/batch.h>
#include "testutil.h"

static const char *const FORMULAS[] = {
    "exp(-x^2)",
    "sin(x)*exp(x)/(1+x^2) + sqrt(1+x^2)*log(2+cos(x))",
    "log(x) + 1/x + sqrt(x) + x^-3",
    "asin(x/2) + acos(x) + atanh(x) + acosh(x+2)",
    "tan(x)*tanh(x) - erf(x) + erfc(x/3) + abs(x)",
    "atan(x)*asinh(x) + expm1(x) - log1p(x) + sinh(x)/cosh(x)",
    "x^2.5 + hypot(x, 1) + lgamma(x+3) + cbrt(x) + pow(x+2, x) + atan2(x, 2)",
    "3/x - x/3 + (2 - x)/7 + exp(x) + sin(2*x+1) + cos(x) + x^7",
    "x*x - x*x + exp(x*x - x*x + x)", /* linear in some lanes, not in others */
    "atan(x*x) + asinh(x*x) + acosh(x*x + 1) + x/(x+x)", /* the range edges of xpoint */
    /* sin and cos of one register from one recurrence (also where linear in some lanes),
     * and more pairs than the engine keeps */
    "cos(x*x - x*x + x) - sin(x*x - x*x + x) + sin(x^2)*cos(x^2) + cos(1/x)",
    "sin(x)+cos(x)+sin(2*x)-cos(2*x)+sin(3*x)*cos(3*x)+cos(4*x)/(2+sin(4*x))+sin(5*x)+cos(5*x)",
    "sin(x/2)*2 + cos(x/3) + sin(x+1) + cos(1+x)", /* registers reused, in place */
};
#define NF (sizeof FORMULAS / sizeof FORMULAS[0])
/* the points of a sweep: 1000, a quarter of them under qemu-user (the rare points below
 * are among them) */
#define NPTS (dn_test_emulated() ? (size_t)250 : (size_t)1000)

/* (the best last: DN_BATCH_AUTO's choice is the last one available) */
static const unsigned ISAS[] = {DN_BATCH_SCALAR, DN_BATCH_GENERIC, DN_BATCH_NEON,
                                DN_BATCH_SSE2, DN_BATCH_AVX2, DN_BATCH_AVX512};
#define NISA (sizeof ISAS / sizeof ISAS[0])
/* every instruction set the machine has in the slow suite; else the best and the
 * point-by-point path */
static int isa_tested(unsigned isa)
{
    return dn_test_slow() || isa == DN_BATCH_SCALAR || isa == dn_batch_isa(DN_BATCH_AUTO);
}

static dn_expr *parse(const char *src, unsigned nvars)
{
    static const char *const v[] = {"x", "y"};
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, v, nvars, &err);
    cr_assert(e, "parse '%s': %s", src, err.msg);
    return e;
}

/* the points: a sweep of [-3, 3] with the rare points 0, +-1, -2 mixed in, and the edges
 * of the range where the scalar kernels rescale (subnormal divisors, squares beyond
 * 2^1000) */
static double xpoint(size_t p)
{
    if (p % 101 == 9) return (p & 1) ? 5.4320606102278422e-312 : -3e-310;
    if (p % 103 == 11) return (p & 1) ? 1e100 : -3e120;
    if (p % 97 == 5) return 0.0;
    if (p % 89 == 3) return 1.0;
    if (p % 83 == 2) return -1.0;
    if (p % 79 == 7) return -2.0;
    return -3.0 + 6.0 * (double)p / (NPTS - 1);
}

/* The same double (the same bytes), or both NaN: which operand's NaN an IEEE operation
 * passes on (its sign, its payload) is the hardware's choice, and compilers swap the
 * operands of commutative operations freely. */
static int same(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0 || (a != a && b != b);
}

/* Runs the npts points of args (one variable, layout of dn_expr_eval) through the batch
 * evaluator in blocks of B, in the layout that flags name (DN_BATCH_SOA: transposed into
 * and out of structure-of-arrays buffers), into out (point-major). */
static void run_blocks(dn_expr *e, unsigned n, size_t npts, const double *args, double *out,
                       size_t B, unsigned flags, double *wb)
{
    size_t len = (size_t)n + 1;
    double *ta = NULL, *to = NULL;
    if (flags & DN_BATCH_SOA) {
        ta = malloc(npts * len * sizeof(double));
        to = malloc(npts * len * sizeof(double));
        for (size_t p = 0; p < npts; p++)
            for (size_t k = 0; k < len; k++) ta[k * npts + p] = args[p * len + k];
    }
    for (size_t p0 = 0; p0 < npts; p0 += B) {
        size_t cnt = npts - p0 < B ? npts - p0 : B;
        int rc = ta ? dn_expr_eval_batch(e, n, cnt, ta + p0, npts, to + p0, npts, flags, wb)
                    : dn_expr_eval_batch(e, n, cnt, args + p0 * len, len, out + p0 * len, len,
                                         flags, wb);
        cr_assert_eq(rc, 0);
    }
    if (ta) {
        for (size_t p = 0; p < npts; p++)
            for (size_t k = 0; k < len; k++) out[p * len + k] = to[k * npts + p];
        free(ta);
        free(to);
    }
}

/* Every formula at order n, every instruction set and block size, against the scalar
 * engine: with DN_BATCH_LIBM bit for bit; with the vector values (SLEEF builds) within
 * twice the scalar engine's error bound (dn_expr_eval_err: both results lie within their
 * bound of the exact one, the bound assuming function values within 1 ulp), and the same
 * bytes for every block size and both layouts. (Without SLEEF both modes are the C
 * library's.) */
static void check_order(unsigned n, int coeffs, size_t nf)
{
    size_t len = (size_t)n + 1;
    double *args = calloc(NPTS * len, sizeof(double)), *ref = malloc(NPTS * len * sizeof(double));
    double *out = malloc(NPTS * len * sizeof(double)), *first = malloc(NPTS * len * sizeof(double));
    double *err = malloc(NPTS * len * sizeof(double)), *eo = malloc(len * sizeof(double));
    for (size_t p = 0; p < NPTS; p++) {
        args[p * len] = xpoint(p);
        if (n) args[p * len + 1] = 1.0;
    }
    for (size_t f = 0; f < nf; f++) {
        dn_expr *e = parse(FORMULAS[f], 1);
        double *ws = malloc(dn_expr_work_size_err(e, n) * sizeof(double));
        double *wb = malloc(dn_expr_work_size_batch(e, n) * sizeof(double));
        for (size_t p = 0; p < NPTS; p++) {
            (coeffs ? dn_expr_eval_coeffs : dn_expr_eval)(e, n, args + p * len, ref + p * len, ws);
            err[p * len] = -1.0; /* computed where needed */
        }
        for (size_t i = 0; i < NISA; i++) {
            unsigned isa = dn_batch_isa(ISAS[i]);
            if (!isa || !isa_tested(isa)) continue;
            size_t W = dn_batch_lanes(isa);
            /* (16 W + 1: the engines run groups of 16 vectors, and one more; in the
             * structure-of-arrays layout full groups are copied whole, the rest by vector) */
            size_t blocks[] = {NPTS, 1, 3, W > 1 ? W - 1 : 2, W, W + 1, 16 * W + 1};
            for (int libm = 1; libm >= 0; libm--)
                for (size_t bi = 0; bi < 2 * sizeof blocks / sizeof blocks[0]; bi++) {
                    size_t B = blocks[bi / 2];
                    /* the layouts share the engine: structure of arrays at three sizes; the
                     * C library's values at two (the engine's blocks are the same code) */
                    if ((bi & 1) && B != NPTS && B != W + 1 && B != 16 * W + 1) continue;
                    /* beyond order 17 (the cost of the wide kernels, lane by lane): the
                     * whole block and W + 1 */
                    if (n > 17 && B != NPTS && B != W + 1) continue;
                    if (libm && (bi & 1 || (B != NPTS && B != W + 1))) continue;
                    unsigned fl = isa | (coeffs ? DN_BATCH_COEFFS : 0u) |
                                  (libm ? DN_BATCH_LIBM : 0u) | (bi & 1 ? DN_BATCH_SOA : 0u);
                    memset(out, 0, NPTS * len * sizeof(double));
                    run_blocks(e, n, NPTS, args, out, B, fl, wb);
                    if (bi == 0) memcpy(first, out, NPTS * len * sizeof(double));
                    for (size_t q = 0; q < NPTS * len; q++) {
                        int ok = same(out[q], first[q]);
                        if (ok && libm) ok = same(out[q], ref[q]);
                        else if (ok && !same(out[q], ref[q])) { /* within the bounds */
                            size_t p = q / len;
                            if (err[p * len] < 0.0) {
                                dn_expr_eval_err(e, n, args + p * len, eo, err + p * len, ws);
                                double fk = 1.0; /* coefficients: the bound of f^(k) / k! */
                                for (size_t k = 0; coeffs && k < len; fk *= (double)++k)
                                    err[p * len + k] /= fk;
                            }
                            ok = !(err[q] < INFINITY) ||
                                 fabs(out[q] - ref[q]) <= 2.5 * err[q] + 1e-300;
                        }
                        if (!ok)
                            cr_assert_fail("%s, order %u, %s%s%s, block %zu, point %zu (x = %g), k = %zu: "
                                  "%.17g, scalar %.17g (bound %g), first block size %.17g",
                                  FORMULAS[f], n, dn_batch_isa_name(isa), libm ? " libm" : "",
                                  bi & 1 ? " soa" : "", B, q / len, args[q / len * len], q % len,
                                  out[q], ref[q], err[q], first[q]);
                    }
                }
        }
        free(ws);
        free(wb);
        dn_expr_free(e);
    }
    free(args);
    free(ref);
    free(out);
    free(first);
    free(err);
    free(eo);
}

Test(batch, orders_0_to_4)
{
    for (unsigned n = 0; n <= 4; n++) check_order(n, 0, NF);
}
Test(batch, orders_8_9_16_17)
{
    check_order(8, 0, NF);
    check_order(16, 0, NF);
    if (!dn_test_slow()) return; /* (the odd orders: the slow suite) */
    check_order(9, 0, NF);
    check_order(17, 0, NF);
}
Test(batch, order_40)
{
    if (dn_test_slow()) check_order(40, 0, NF);
}
Test(batch, coeffs)
{
    check_order(3, 1, NF);
    check_order(12, 1, NF);
}
Test(batch, taylor_max_and_beyond) /* the last lane order, then point by point */
{
    if (!dn_test_slow()) return;
    check_order(DN_TAYLOR_MAX, 0, 2);
    check_order(DN_TAYLOR_MAX + 1, 0, 2);
}

/* Two variables, one held constant: strides larger than the arrays, out == args. */
Test(batch, two_variables_and_strides)
{
    unsigned n = 6;
    size_t len = n + 1, ld = 2 * len + 3, np = 37;
    dn_expr *e = parse("exp(x*y) / (1 + y^2) - log(x + 4)", 2);
    double *args = calloc(np * ld, sizeof(double)), *ref = malloc(np * len * sizeof(double));
    double *ws = malloc(dn_expr_work_size(e, n) * sizeof(double));
    double *wb = malloc(dn_expr_work_size_batch(e, n) * sizeof(double));
    for (size_t p = 0; p < np; p++) {
        args[p * ld] = -1.0 + 0.1 * (double)p;
        args[p * ld + 1] = 1.0;
        args[p * ld + len] = 0.5 - 0.03 * (double)p;
        dn_expr_eval(e, n, args + p * ld, ref + p * len, ws);
    }
    for (size_t i = 0; i < NISA; i++) {
        unsigned isa = dn_batch_isa(ISAS[i]);
        if (!isa || !isa_tested(isa)) continue;
        double *a = malloc(np * ld * sizeof(double));
        memcpy(a, args, np * ld * sizeof(double));
        cr_assert_eq(dn_expr_eval_batch(e, n, np, a, ld, a, ld, isa, wb), 0); /* in place */
        for (size_t p = 0; p < np; p++)
            cr_assert(memcmp(a + p * ld, ref + p * len, len * sizeof(double)) == 0, "%s point %zu",
                      dn_batch_isa_name(isa), p);
        free(a);
    }
    free(args);
    free(ref);
    free(ws);
    free(wb);
    dn_expr_free(e);
}

/* A formula without variables, and zero points. */
Test(batch, constants_and_empty)
{
    dn_expr *e = parse("2 + 3", 0);
    double *w = malloc(dn_expr_work_size_batch(e, 4) * sizeof(double)), out[3 * 5];
    cr_assert_eq(dn_expr_eval_batch(e, 4, 3, NULL, 0, out, 5, DN_BATCH_AUTO, w), 0);
    for (int p = 0; p < 3; p++) {
        cr_assert_eq(out[p * 5], 5.0);
        for (int k = 1; k < 5; k++) cr_assert_eq(out[p * 5 + k], 0.0);
    }
    cr_assert_eq(dn_expr_eval_batch(e, 4, 0, NULL, 0, NULL, 0, DN_BATCH_AUTO, w), 0);
    free(w);
    dn_expr_free(e);
}

/* Failures: codes, and nothing written. */
Test(batch, argument_checks)
{
    dn_expr *e = parse("exp(x)", 1);
    double *w = malloc(dn_expr_work_size_batch(e, 2) * sizeof(double));
    double args[2 * 3] = {0.5, 1, 0, 0.25, 1, 0}, out[6];
    for (int k = 0; k < 6; k++) out[k] = -7.0;
    cr_assert_eq(dn_expr_eval_batch(NULL, 2, 2, args, 3, out, 3, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch(e, 2, 2, NULL, 3, out, 3, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch(e, 2, 2, args, 3, NULL, 3, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch(e, 2, 2, args, 3, out, 3, 0, NULL), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch(e, 2, 2, args, 2, out, 3, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch(e, 2, 2, args, 3, out, 2, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch(e, 2, 2, args, 3, out, 3, 0x8000u, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch(e, 2, 2, args, 3, out, 3, 0xf0u, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch(e, DN_ORDER_MAX + 1, 2, args, 3, out, 3, 0, w), DN_ERANGE);
    for (int k = 0; k < 6; k++) cr_assert_eq(out[k], -7.0);
    cr_assert_eq(dn_expr_work_size_batch(NULL, 2), 0);
    cr_assert_eq(dn_expr_work_size_batch(e, DN_ORDER_MAX + 1), 0);
    free(w);
    dn_expr_free(e);
}

Test(batch, isa_queries)
{
    cr_assert_eq(dn_batch_isa(DN_BATCH_SCALAR), DN_BATCH_SCALAR);
    unsigned best = dn_batch_isa(DN_BATCH_AUTO);
    cr_assert_neq(best, 0u);
    cr_assert_neq(strcmp(dn_batch_isa_name(best), "unknown"), 0);
    cr_assert_geq(dn_batch_lanes(best), 1u);
    cr_assert_eq(dn_batch_lanes(DN_BATCH_NEON), 2u);
    cr_assert_str_eq(dn_batch_isa_name(DN_BATCH_NEON), "neon");
    cr_assert_eq(dn_batch_lanes(0x70u), 0u);
    cr_assert_str_eq(dn_batch_isa_name(0x70u), "unknown");
    cr_assert_eq(dn_batch_isa(0x70u), 0u);
}

/* DN_BATCH_ISA naming an instruction set that is unknown or that this machine or build
 * lacks: an error, never another instruction set in its place. dn_batch_isa_env reads the
 * variable at each call; DN_BATCH_AUTO once per process, so these tests set it before
 * their process's first batch call (Criterion runs each test in a process of its own). */
static void expect_isa_refused(const char *val, const char *why)
{
    setenv("DN_BATCH_ISA", val, 1);
    unsigned isa = 7;
    dn_errinfo err;
    cr_assert_eq(dn_batch_isa_env(&isa, &err), DN_EINVAL, "DN_BATCH_ISA=%s accepted", val);
    cr_assert_eq(isa, 0u);
    cr_assert_eq(err.code, DN_EINVAL);
    char head[64];
    snprintf(head, sizeof head, "DN_BATCH_ISA=%s: %s (available: scalar", val, why);
    cr_assert(strncmp(err.msg, head, strlen(head)) == 0, "message: %s", err.msg);
    /* every batch call with DN_BATCH_AUTO fails and writes nothing; a named set runs */
    dn_expr *e = parse("exp(x)", 1);
    size_t wn = dn_expr_work_size_batch_prec(e, 2), wk = dn_expr_work_size_batchk(e, 1, 2);
    if (wn < dn_expr_work_size_batch(e, 2)) wn = dn_expr_work_size_batch(e, 2);
    double *w = malloc((wn > wk ? wn : wk) * sizeof(double));
    double args[2 * 3] = {0.5, 1, 0, 0.25, 1, 0}, out[6], ref[6];
    for (int k = 0; k < 6; k++) out[k] = -7.0;
    cr_assert_eq(dn_batch_isa(DN_BATCH_AUTO), 0u);
    cr_assert_eq(dn_expr_eval_batch(e, 2, 2, args, 3, out, 3, DN_BATCH_AUTO, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch_prec(e, 2, 2, args, 3, out, 3, NULL, 3, DN_PREC_AUTO, w),
                 DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, 1, 2, 2, args, 3, out, 3, DN_BATCH_AUTO, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch2(e, 1, 2, args, 3, out, 3, DN_BATCH_AUTO, w), DN_EINVAL);
    for (int k = 0; k < 6; k++) cr_assert_eq(out[k], -7.0);
    cr_assert_eq(dn_expr_eval_batch(e, 2, 2, args, 3, out, 3, DN_BATCH_SCALAR, w), 0);
    dn_expr_eval(e, 2, args + 3, ref, w);
    cr_assert(memcmp(out + 3, ref, 3 * sizeof(double)) == 0);
    free(w);
    dn_expr_free(e);
}

Test(batch, isa_env_unknown)
{
    expect_isa_refused("foo", "unknown instruction set");
    /* a long value cut, its unprintable bytes shown as '?' */
    setenv("DN_BATCH_ISA", "avx2\x01\xff-and-a-great-many-more-letters", 1);
    dn_errinfo err;
    cr_assert_eq(dn_batch_isa_env(NULL, &err), DN_EINVAL);
    const char *want = "DN_BATCH_ISA=avx2\?\?-and-a-great-many...: unknown instruction set";
    cr_assert(strncmp(err.msg, want, strlen(want)) == 0, "message: %s", err.msg);
}

Test(batch, isa_env_not_available)
{
    /* (at most one of generic, neon and sse2 is built: one is missing everywhere) */
    for (size_t i = 0; i < NISA; i++)
        if (!dn_batch_isa(ISAS[i])) {
            expect_isa_refused(dn_batch_isa_name(ISAS[i]),
                               "not available on this machine or in this build");
            return;
        }
    cr_assert_fail("every instruction set available");
}

Test(batch, isa_env_accepted)
{
    unsigned isa = 0, best = DN_BATCH_SCALAR;
    for (size_t i = 0; i < NISA; i++)
        if (dn_batch_isa(ISAS[i])) best = ISAS[i];
    dn_errinfo err;
    setenv("DN_BATCH_ISA", "scalar", 1);
    cr_assert_eq(dn_batch_isa_env(&isa, &err), DN_OK);
    cr_assert_eq(isa, DN_BATCH_SCALAR);
    cr_assert(err.code == DN_OK && err.msg[0] == '\0');
    cr_assert_eq(dn_batch_isa(DN_BATCH_AUTO), DN_BATCH_SCALAR);
    /* empty or unset: the best; DN_BATCH_AUTO keeps what it read first */
    setenv("DN_BATCH_ISA", "", 1);
    cr_assert_eq(dn_batch_isa_env(&isa, NULL), DN_OK);
    cr_assert_eq(isa, best);
    unsetenv("DN_BATCH_ISA");
    cr_assert_eq(dn_batch_isa_env(&isa, NULL), DN_OK);
    cr_assert_eq(isa, best);
    cr_assert_eq(dn_batch_isa(DN_BATCH_AUTO), DN_BATCH_SCALAR);
}

/* The precision variant: dn_expr_eval_prec per point. */
/* The quick bounds (DN_PREC_QUICK with AUTO or DOUBLE), computed W points at a time on
 * lanes, against dn_expr_eval_prec point by point, bit for bit: every formula (those
 * without a lane kernel and the rare points go to the scalar analysis), orders 0 to 17,
 * blocks of 1, 7 and 1000 points. */
static void check_prec(unsigned n)
{
    size_t len = (size_t)n + 1;
    double *args = calloc(NPTS * len, sizeof(double)), *out = malloc(NPTS * len * sizeof(double));
    double *err = malloc(NPTS * len * sizeof(double)), *r = malloc(len * sizeof(double));
    double *re = malloc(len * sizeof(double));
    for (size_t p = 0; p < NPTS; p++) {
        args[p * len] = xpoint(p);
        if (n) args[p * len + 1] = 1.0;
    }
    static const unsigned precs[] = {DN_PREC_AUTO | DN_PREC_QUICK, DN_PREC_DOUBLE | DN_PREC_QUICK};
    const size_t blocks[] = {NPTS, 1, 7};
    for (size_t f = 0; f < NF; f++) {
        dn_expr *e = parse(FORMULAS[f], 1);
        double *w = malloc(dn_expr_work_size_batch_prec(e, n) * sizeof(double));
        for (size_t pi = 0; pi < 2; pi++)
            for (size_t bi = 0; bi < 3; bi++) {
                long ext = 0, ext_ref = 0;
                for (size_t p0 = 0; p0 < NPTS; p0 += blocks[bi]) {
                    size_t cnt = NPTS - p0 < blocks[bi] ? NPTS - p0 : blocks[bi];
                    long x = dn_expr_eval_batch_prec(e, n, cnt, args + p0 * len, len,
                                                     out + p0 * len, len, err + p0 * len, len,
                                                     precs[pi], w);
                    cr_assert_geq(x, 0);
                    ext += x;
                }
                for (size_t p = 0; p < NPTS; p++) {
                    ext_ref += dn_expr_eval_prec(e, n, args + p * len, r, re, precs[pi], w) == 1;
                    for (size_t k = 0; k < len; k++)
                        if (!same(r[k], out[p * len + k]) || !same(re[k], err[p * len + k]))
                            cr_assert_fail("%s order %u prec %u block %zu, point %zu (x = %g), "
                                           "k = %zu: %.17g bound %.17g, scalar %.17g bound %.17g",
                                           FORMULAS[f], n, precs[pi], blocks[bi], p,
                                           args[p * len], k, out[p * len + k], err[p * len + k],
                                           r[k], re[k]);
                }
                cr_assert_eq(ext, ext_ref, "%s order %u: %ld points in extended, scalar %ld",
                             FORMULAS[f], n, ext, ext_ref);
                if (bi || pi) continue;
                /* AUTO without bounds, and in place (out over args): the same numbers */
                double *io = malloc(NPTS * len * sizeof(double));
                memcpy(io, args, NPTS * len * sizeof(double));
                cr_assert_eq(dn_expr_eval_batch_prec(e, n, NPTS, io, len, io, len, NULL, len,
                                                     DN_PREC_AUTO | DN_PREC_QUICK, w), ext_ref);
                for (size_t p = 0; p < NPTS * len; p++)
                    cr_assert(same(io[p], out[p]), "%s order %u in place: entry %zu",
                              FORMULAS[f], n, p);
                free(io);
            }
        free(w);
        dn_expr_free(e);
    }
    free(args);
    free(out);
    free(err);
    free(r);
    free(re);
}

Test(batch, quick_bounds_on_lanes)
{
    static const unsigned orders[] = {0, 1, 2, 5, 8, 17};
    for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++) check_prec(orders[i]);
}

/* The quick bounds on lanes where the analysis has rules for underflow and for zero
 * derivatives at an inexact operand (a product by a tiny constant of a value computed as
 * 0, erf' underflowing at a far inexact argument, products below DBL_MIN, a power whose
 * low orders underflow): bit for bit with dn_expr_eval_prec, in blocks of every size up
 * to 9 points (the same point, and the point between others). */
Test(batch, quick_bounds_at_underflow_and_zero_derivatives)
{
    static const struct {
        const char *f;
        unsigned n;
        double x;
    } cases[] = {{"(x - 0.1) * 1e-307 * 1e300", 0, 0.1},
                 {"erf((x - 0.1) * 4e17)", 1, 0.10000000000000007},
                 {"exp(x) * exp(x) * 1e300", 16, -356.0},
                 {"x^40 * 1e300", 8, 1e-9},
                 {"erfc(x) * 1e300", 4, 27.5},
                 {"sin((x + 1) - 1)", 3, 1e-17},
                 {"sin(x * 1e-200) * 1e300 * 1e300", 3, 1.0},
                 {"pow(exp(x), 3) * 1e300", 3, -250.0},
                 {"erfc(sqrt(x))", 16, 702.25},
                 {"exp(-x^2) * erfc(x) * 1e300", 16, 27.3}};
    static const unsigned precs[] = {DN_PREC_AUTO | DN_PREC_QUICK, DN_PREC_DOUBLE | DN_PREC_QUICK};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned n = cases[c].n;
        size_t len = (size_t)n + 1;
        dn_expr *e = parse(cases[c].f, 1);
        double *w = malloc(dn_expr_work_size_batch_prec(e, n) * sizeof(double));
        double args[9 * 17] = {0}, out[9 * 17], err[9 * 17], r[17], re[17];
        for (size_t cnt = 1; cnt <= 9; cnt++)
            for (size_t pi = 0; pi < 2; pi++) {
                for (size_t p = 0; p < cnt; p++) { /* x itself, or x among 1.5 and 2.5 */
                    args[p * len] = (cnt < 5 || p == cnt / 2) ? cases[c].x : 1.5 + (p & 1);
                    if (n) args[p * len + 1] = 1.0;
                }
                cr_assert_geq(dn_expr_eval_batch_prec(e, n, cnt, args, len, out, len, err, len,
                                                      precs[pi], w),
                              0);
                for (size_t p = 0; p < cnt; p++) {
                    dn_expr_eval_prec(e, n, args + p * len, r, re, precs[pi], w);
                    for (size_t k = 0; k < len; k++)
                        cr_assert(same(r[k], out[p * len + k]) && same(re[k], err[p * len + k]),
                                  "%s at %g, %zu points, prec %u, k = %zu: %.17g bound %.17g, "
                                  "scalar %.17g bound %.17g",
                                  cases[c].f, args[p * len], cnt, precs[pi], k,
                                  out[p * len + k], err[p * len + k], r[k], re[k]);
                }
            }
        free(w);
        dn_expr_free(e);
    }
}

Test(batch, prec_matches_eval_prec)
{
    unsigned n = 5;
    size_t len = n + 1, np = 20;
    dn_expr *e = parse("sin(x)*exp(x)", 1);
    double *w = malloc(dn_expr_work_size_batch_prec(e, n) * sizeof(double));
    double *args = calloc(np * len, sizeof(double)), *out = malloc(np * len * sizeof(double));
    double *err = malloc(np * len * sizeof(double)), r[6], re[6];
    for (size_t p = 0; p < np; p++) {
        args[p * len] = 0.1 * (double)p;
        args[p * len + 1] = 1.0;
    }
    long ext = dn_expr_eval_batch_prec(e, n, np, args, len, out, len, err, len, DN_PREC_AUTO, w);
    cr_assert_geq(ext, 0);
    for (size_t p = 0; p < np; p++) {
        dn_expr_eval_prec(e, n, args + p * len, r, re, DN_PREC_AUTO, w);
        cr_assert(memcmp(r, out + p * len, sizeof r) == 0);
        cr_assert(memcmp(re, err + p * len, sizeof re) == 0);
    }
    cr_assert_eq(dn_expr_eval_batch_prec(e, n, np, args, len, out, len, NULL, len, DN_PREC_DOUBLE, w),
                 DN_EINVAL);
    free(w);
    free(args);
    free(out);
    free(err);
    dn_expr_free(e);
}
