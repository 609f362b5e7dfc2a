/* Batch evaluation of the multivariate layouts (dnum/batch.h, dn_expr_eval_batchk and
 * dn_expr_eval_batch2): every point's numbers those of dn_expr_evalk / dn_expr_eval2 (bit
 * for bit with DN_BATCH_LIBM; within the error bounds of dn_expr_evalk_err /
 * dn_expr_eval2_err with the vector values of SLEEF), in both memory layouts, for every
 * instruction set the machine has and the point-by-point path, at block sizes 1, 3, W-1,
 * W, W+1 and all the points at once (results must not depend on how the points are
 * split), k = 1, 2, 3, 5 variables at orders 0, 1, 2, 4, 8 and the highest (Dnum2: 0-8,
 * 32, 64), with points on
 * the rare paths (zeros and poles, domain edges, subnormal and huge values, overflowing
 * exponentials) mixed into the blocks; argument checks, nothing written on failure, out ==
 * args. The default run (bash tools/test.sh) takes the best instruction set and the
 * point-by-point path, orders to 8 (k = 5: order 2); the slow suite (DN_TEST_SLOW=1,
 * .ci/run) all of the above. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/batch.h>
#include <dnum/dnumk.h>
#include "testutil.h"

/* every operation of the table (the special functions and the two-argument ones run lane
 * by lane on the scalar step) */
static const char *const FORMULAS[] = {
    "exp(-x^2 - y^2) * z",
    "sin(x)*exp(y)/(1+x^2) + sqrt(1+y^2)*log(2+cos(z))",
    "log(x) + 1/y + sqrt(x) + z^-3 + x/y + 2/z",
    "asin(x/2) + acos(y) + atanh(x) + acosh(z+2) + asin(z) + acosh(y)",
    "tan(x)*tanh(y) - erf(x*y) + erfc(z/3) + abs(x) + abs(y - z)",
    "atan(x*y)*asinh(y) + expm1(x) - log1p(y) + sinh(z)/cosh(x) + log1p(z)",
    "x^2.5 + hypot(x, y) + cbrt(y) + pow(x+2, y) + atan2(x, z) + x^7 + y^-2",
    "3/x - y/3 + (2 - z)/7 + exp(x) + sin(2*y+1) + cos(x*z) - x*y*z",
    "atan(x*x) + asinh(y*y) + acosh(x*x + 1) + x/(y+y) + atan(z) + asinh(z)",
    "cosh(x) + sinh(y) + exp(z) + cosh(x*y) + exp(x + y) + tanh(z)",
    "lgamma(x+3) + tgamma(y) + digamma(z) + lambertw(x) + lambertwm1(y) + erfinv(z/4)",
    "erfcinv(x/4 + 1) + j0(y) + j1(z) + y0(x) + y1(y) + log2(z) + log10(x) + exp2(y)",
    "sinc(x) + cot(y) + sinpi(z) + cospi(x) + floor(y) + ceil(z) + min(x, y) + max(y, z)",
    "fmod(x, y) + polygamma(1, z) + jn(2, x) + yn(1, y)",
};
#define NF (sizeof FORMULAS / sizeof FORMULAS[0])

static const unsigned ISAS[] = {DN_BATCH_SCALAR, DN_BATCH_GENERIC, DN_BATCH_NEON,
                                DN_BATCH_SSE2, DN_BATCH_AVX2, DN_BATCH_AVX512};
#define NISA (sizeof ISAS / sizeof ISAS[0])
/* every instruction set the machine has in the slow suite; else the best and the
 * point-by-point path */
static int isa_tested(unsigned isa)
{
    return dn_test_slow() || isa == DN_BATCH_SCALAR || isa == dn_batch_isa(DN_BATCH_AUTO);
}

static dn_expr *parse(const char *src)
{
    static const char *const v[] = {"x", "y", "z"};
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, v, 3, &err);
    cr_assert(e, "parse '%s': %s", src, err.msg);
    return e;
}

/* the value of variable v at point p: a sweep of [-3, 3] per variable, with the rare values
 * mixed in at different points for each variable (zeros, +-1, -2, subnormal and huge
 * values, cosh and exp beyond the range) */
static double vpoint(size_t p, unsigned v, size_t npts)
{
    static const double rare[] = {0.0, 1.0, -1.0, -2.0, 5.4320606102278422e-312, -3e-310,
                                  1e300, -1e300, 1e100, -3e120, 710.5, -800.0, 0x1p500};
    size_t q = p + 5 * v;
    if (q % 7 == 3) return rare[(q / 7 + v) % (sizeof rare / sizeof rare[0])];
    return -3.0 + 6.0 * (double)((p * (v + 1) * 37) % npts) / (double)(npts > 1 ? npts - 1 : 1);
}

/* The size of a number: Dnumk's C(n+k, k), or Dnum2's triangle (tri, k = 2). */
static size_t num_size(int tri, unsigned k, unsigned n)
{
    return tri ? (size_t)(n + 1) * (n + 2) / 2 : dnk_size(k, n);
}

/* The arguments of npts points in the layout of dn_expr_evalk (tri: dn_expr_eval2):
 * variable v is the number of variable v (v < k; its value, a first partial 1 in x_v and,
 * to make the operands non-linear, a second one of 0.5: the Taylor coefficient 0.25) or
 * the constant (v >= k). */
static double *make_args(int tri, size_t npts, unsigned k, unsigned n, size_t S)
{
    double *args = calloc(npts * 3 * S, sizeof(double));
    for (size_t p = 0; p < npts; p++)
        for (unsigned v = 0; v < 3; v++) {
            double *a = args + p * 3 * S + v * S;
            a[0] = vpoint(p, v, npts);
            if (v < k && n >= 1) a[1 + v] = 1.0;
            if (v < k && n >= 2) {
                unsigned al[DNK_VARS_MAX] = {0};
                al[v] = 2;
                if (tri) a[v == 0 ? 3 : 5] = 0.5;
                else a[dnk_index(k, al)] = 0.25;
            }
        }
    return args;
}

/* The same double (the same bytes), or both NaN (which NaN an IEEE operation passes on is
 * the hardware's choice). */
static int same(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0 || (a != a && b != b);
}

/* npts points of args (point-major, stride 3 S) through the batch evaluator in blocks of
 * B, in the layout that flags name (DN_BATCH_SOA: transposed into and out of
 * structure-of-arrays buffers), into out (point-major, stride S). */
static int eval_batch(int tri, dn_expr *e, unsigned k, unsigned n, size_t npts,
                      const double *args, size_t ldargs, double *out, size_t ldout,
                      unsigned flags, double *wb)
{
    return tri ? dn_expr_eval_batch2(e, n, npts, args, ldargs, out, ldout, flags, wb)
               : dn_expr_eval_batchk(e, k, n, npts, args, ldargs, out, ldout, flags, wb);
}
static void run_blocks(int tri, dn_expr *e, unsigned k, unsigned n, size_t npts,
                       const double *args, double *out, size_t B, unsigned flags, double *wb)
{
    size_t S = num_size(tri, k, n), la = 3 * S;
    double *ta = NULL, *to = NULL;
    if (flags & DN_BATCH_SOA) {
        ta = malloc(npts * la * sizeof(double));
        to = malloc(npts * S * sizeof(double));
        for (size_t p = 0; p < npts; p++)
            for (size_t j = 0; j < la; j++) ta[j * npts + p] = args[p * la + j];
    }
    for (size_t p0 = 0; p0 < npts; p0 += B) {
        size_t cnt = npts - p0 < B ? npts - p0 : B;
        int rc = ta ? eval_batch(tri, e, k, n, cnt, ta + p0, npts, to + p0, npts, flags, wb)
                    : eval_batch(tri, e, k, n, cnt, args + p0 * la, la, out + p0 * S, S,
                                 flags, wb);
        cr_assert_eq(rc, 0);
    }
    if (ta) {
        for (size_t p = 0; p < npts; p++)
            for (size_t j = 0; j < S; j++) out[p * S + j] = to[j * npts + p];
        free(ta);
        free(to);
    }
}

/* The formulas f0..f1-1 in k variables at order n on npts points (tri: the Dnum2 layout,
 * k = 2), every instruction set and block size, against dn_expr_evalk (dn_expr_eval2):
 * with DN_BATCH_LIBM bit for bit; with the vector values (SLEEF builds) within 2.5 times
 * dn_expr_evalk_err's (dn_expr_eval2_err's) bound (both results lie within their bound of
 * the exact one, the bound assuming function values within 1 ulp; the Dnum2 layout above
 * order 32 has no bound: there only the next check); the same bytes for every block size
 * and both layouts. */
static void check_l(int tri, unsigned k, unsigned n, size_t npts, size_t f0, size_t f1)
{
    size_t S = num_size(tri, k, n), la = 3 * S;
    double *args = make_args(tri, npts, k, n, S), *ref = malloc(npts * S * sizeof(double));
    double *out = malloc(npts * S * sizeof(double)), *first = malloc(npts * S * sizeof(double));
    double *err = malloc(npts * S * sizeof(double)), *eo = malloc(S * sizeof(double));
    char *have = malloc(npts);
    for (size_t f = f0; f < f1; f++) {
        dn_expr *e = parse(FORMULAS[f]);
        size_t wse = dn_expr_work_sizek_err(e, k, n), ws2 = tri ? dn_expr_work_size2(e, n) : 0;
        double *ws = malloc((wse > ws2 ? wse : ws2) * sizeof(double));
        double *wb = malloc((tri ? dn_expr_work_size_batch2(e, n)
                                 : dn_expr_work_size_batchk(e, k, n)) * sizeof(double));
        for (size_t p = 0; p < npts; p++) {
            cr_assert_eq(tri ? dn_expr_eval2(e, n, args + p * la, ref + p * S, ws)
                             : dn_expr_evalk(e, k, n, args + p * la, ref + p * S, ws), 0);
            have[p] = 0; /* bounds computed where needed */
        }
        for (size_t i = 0; i < NISA; i++) {
            unsigned isa = dn_batch_isa(ISAS[i]);
            if (!isa || !isa_tested(isa)) continue;
            size_t W = dn_batch_lanes(isa);
            size_t blocks[] = {npts, 1, 3, W > 1 ? W - 1 : 2, W, W + 1};
            for (int libm = 1; libm >= 0; libm--)
                for (size_t bi = 0; bi < 2 * sizeof blocks / sizeof blocks[0]; bi++) {
                    size_t B = blocks[bi / 2];
                    /* structure of arrays at two block sizes; the C library's values at
                     * two, both layouts (the engine's blocks are the same code) */
                    if ((bi & 1) && B != npts && B != W + 1) continue;
                    if (libm && B != npts && B != W + 1) continue;
                    unsigned fl = isa | (libm ? DN_BATCH_LIBM : 0u) | (bi & 1 ? DN_BATCH_SOA : 0u);
                    memset(out, 0, npts * S * sizeof(double));
                    run_blocks(tri, e, k, n, npts, args, out, B, fl, wb);
                    for (size_t q = 0; q < npts * S; q++) {
                        size_t p = q / S;
                        int ok = libm ? same(out[q], ref[q]) : 1;
                        if (!libm && bi == 0) first[q] = out[q];
                        if (!libm) ok = same(out[q], first[q]);
                        if (ok && !libm && !same(out[q], ref[q])) { /* within the bounds */
                            if (!have[p]) {
                                if (tri && !wse)
                                    for (size_t j = 0; j < S; j++) err[p * S + j] = INFINITY;
                                else if (tri)
                                    dn_expr_eval2_err(e, n, args + p * la, eo, err + p * S, ws);
                                else
                                    dn_expr_evalk_err(e, k, n, args + p * la, eo, err + p * S, ws);
                                have[p] = 1;
                            }
                            ok = !(err[q] < INFINITY) ||
                                 fabs(out[q] - ref[q]) <= 2.5 * err[q] + 1e-300;
                        }
                        if (!ok)
                            cr_assert_fail("%s, %s k = %u, order %u, %s%s%s, block %zu, point %zu "
                                           "(%g, %g, %g), entry %zu: %.17g, scalar %.17g "
                                           "(bound %g), first block size %.17g",
                                           FORMULAS[f], tri ? "Dnum2" : "Dnumk", k, n,
                                           dn_batch_isa_name(isa),
                                           libm ? " libm" : "", bi & 1 ? " soa" : "", B, p,
                                           args[p * la], args[p * la + S], args[p * la + 2 * S],
                                           q % S, out[q], ref[q], have[p] ? err[q] : -1.0,
                                           first[q]);
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
    free(have);
}

static void check(unsigned k, unsigned n, size_t npts, size_t f0, size_t f1)
{
    check_l(0, k, n, npts, f0, f1);
}

/* points per (k, n): as many as the scalar reference affords (the blocks of 1000 where
 * the numbers are small) */
static size_t npts_for(unsigned k, unsigned n)
{
    size_t S = num_size(0, k, n), np = S <= 10 ? 1000 : S <= 40 ? 300 : S <= 200 ? 60 : 9;
    /* (a quarter of them under qemu-user, at least 9) */
    return dn_test_emulated() && np > 36 ? np / 4 : np;
}

/* (numbers of more than 200 entries: the elementary formulas, the first ten; the special
 * functions' compositions cost the most there, and run at the lower orders) */
static void check_k(unsigned k)
{
    static const unsigned orders[] = {0, 1, 2, 4, 8};
    for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++)
        check(k, orders[i], npts_for(k, orders[i]), 0, dnk_size(k, orders[i]) > 200 ? 10 : NF);
}

Test(batchk, k1) { check_k(1); }
Test(batchk, k2) { check_k(2); }
Test(batchk, k3) { check_k(3); }
Test(batchk, k5)
{
    if (dn_test_slow()) check_k(5);
    else check(5, 2, npts_for(5, 2), 0, NF); /* (the other orders: the slow suite) */
}

/* The highest order, DN_EXPR_MAX_ORDERK: every formula for k = 1, the elementary ones for
 * k = 2, one formula for k = 3 (a number of 6545 entries) and 5 (435897: order 8 above is
 * the highest the reference affords in the suite's time). */
Test(batchk, highest_order)
{
    if (!dn_test_slow()) return;
    unsigned N = DN_EXPR_MAX_ORDERK;
    check(1, N, 40, 0, NF);
    check(2, N, 11, 0, 10);
    check(3, N, 9, 7, 8);
}

/* The Dnum2 layout (dn_expr_eval_batch2): orders 0, 1, 2, 4, 8 (every formula), 32 (the
 * elementary ones) and its highest, 64 (two formulas, a few points). */
Test(batchk, dnum2)
{
    static const unsigned orders[] = {0, 1, 2, 4, 8};
    for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++)
        check_l(1, 2, orders[i], npts_for(2, orders[i]), 0, NF);
    if (!dn_test_slow()) return; /* (the high orders: the slow suite) */
    check_l(1, 2, 32, 9, 0, 10);
    check_l(1, 2, DN_EXPR_MAX_ORDER2, 9, 0, 2);
}

/* Strides larger than the arrays and out == args, in both layouts. */
Test(batchk, strides_and_in_place)
{
    unsigned k = 2, n = 5;
    size_t S = dnk_size(k, n), ld = 2 * S + 3, np = 37;
    const char *v[] = {"x", "y"};
    dn_expr_error er;
    dn_expr *e = dn_expr_parse("exp(x*y) / (1 + y^2) - log(x + 4)", v, 2, &er);
    cr_assert(e);
    double *args = calloc(np * ld, sizeof(double)), *ref = malloc(np * S * sizeof(double));
    double *ws = malloc(dn_expr_work_sizek(e, k, n) * sizeof(double));
    double *wb = malloc(dn_expr_work_size_batchk(e, k, n) * sizeof(double));
    double *ws2 = malloc(dn_expr_work_size2(e, n) * sizeof(double));
    double *w2 = malloc(dn_expr_work_size_batch2(e, n) * sizeof(double));
    double *ref2 = malloc(np * S * sizeof(double));
    for (size_t p = 0; p < np; p++) {
        args[p * ld] = -1.0 + 0.1 * (double)p;
        args[p * ld + 1] = 1.0;
        args[p * ld + S] = 0.5 - 0.03 * (double)p;
        args[p * ld + S + 2] = 1.0;
        dn_expr_evalk(e, k, n, args + p * ld, ref + p * S, ws);
        dn_expr_eval2(e, n, args + p * ld, ref2 + p * S, ws2);
    }
    for (size_t i = 0; i < NISA; i++) {
        unsigned isa = dn_batch_isa(ISAS[i]);
        if (!isa || !isa_tested(isa)) continue;
        double *a = malloc(np * ld * sizeof(double));
        memcpy(a, args, np * ld * sizeof(double));
        cr_assert_eq(dn_expr_eval_batchk(e, k, n, np, a, ld, a, ld, isa | DN_BATCH_LIBM, wb), 0);
        for (size_t p = 0; p < np; p++)
            cr_assert(memcmp(a + p * ld, ref + p * S, S * sizeof(double)) == 0, "%s point %zu",
                      dn_batch_isa_name(isa), p);
        /* the Dnum2 layout: the same numbers read as derivatives */
        memcpy(a, args, np * ld * sizeof(double));
        cr_assert_eq(dn_expr_eval_batch2(e, n, np, a, ld, a, ld, isa | DN_BATCH_LIBM, w2), 0);
        for (size_t p = 0; p < np; p++)
            cr_assert(memcmp(a + p * ld, ref2 + p * S, S * sizeof(double)) == 0,
                      "%s point %zu (Dnum2)", dn_batch_isa_name(isa), p);
        free(a);
    }
    free(args);
    free(ref);
    free(ws);
    free(wb);
    free(ws2);
    free(w2);
    free(ref2);
    dn_expr_free(e);
}

/* A formula without variables, and zero points. */
Test(batchk, constants_and_empty)
{
    const char *v[] = {"x"};
    dn_expr_error er;
    dn_expr *e = dn_expr_parse("2 + 3", v, 0, &er);
    cr_assert(e);
    size_t S = dnk_size(2, 3);
    double *w = malloc(dn_expr_work_size_batchk(e, 2, 3) * sizeof(double)), out[3 * 10];
    cr_assert_eq(S, 10u);
    cr_assert_eq(dn_expr_eval_batchk(e, 2, 3, 3, NULL, 0, out, S, DN_BATCH_AUTO, w), 0);
    for (int p = 0; p < 3; p++) {
        cr_assert_eq(out[p * 10], 5.0);
        for (int j = 1; j < 10; j++) cr_assert_eq(out[p * 10 + j], 0.0);
    }
    cr_assert_eq(dn_expr_eval_batchk(e, 2, 3, 0, NULL, 0, NULL, 0, DN_BATCH_AUTO, w), 0);
    free(w);
    dn_expr_free(e);
}

/* Failures: codes, and nothing written. */
Test(batchk, argument_checks)
{
    dn_expr *e = parse("exp(x)");
    unsigned k = 2, n = 1;
    size_t S = dnk_size(k, n); /* 3 */
    double *w = malloc(dn_expr_work_size_batchk(e, k, n) * sizeof(double));
    double args[2 * 9] = {0.5, 1, 0, 0, 0, 0, 0, 0, 0, 0.25, 1, 0}, out[6];
    for (int j = 0; j < 6; j++) out[j] = -7.0;
    cr_assert_eq(dn_expr_eval_batchk(NULL, k, n, 2, args, 9, out, S, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, k, n, 2, NULL, 9, out, S, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, k, n, 2, args, 9, NULL, S, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, k, n, 2, args, 9, out, S, 0, NULL), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, 0, n, 2, args, 9, out, S, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, k, n, 2, args, 8, out, S, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, k, n, 2, args, 9, out, S - 1, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, k, n, 2, args, 1, out, 2, DN_BATCH_SOA, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, k, n, 2, args, 9, out, S, DN_BATCH_COEFFS, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, k, n, 2, args, 9, out, S, 0x8000u, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, k, n, 2, args, 9, out, S, 0xf0u, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batchk(e, DN_EXPR_MAX_VARSK + 1, n, 2, args, 9, out, S, 0, w),
                 DN_ERANGE);
    cr_assert_eq(dn_expr_eval_batchk(e, k, DN_EXPR_MAX_ORDERK + 1, 2, args, 9, out, S, 0, w),
                 DN_ERANGE);
    /* the Dnum2 layout: the same checks, its own order limit */
    cr_assert_eq(dn_expr_eval_batch2(NULL, n, 2, args, 9, out, S, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch2(e, n, 2, NULL, 9, out, S, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch2(e, n, 2, args, 9, out, S, 0, NULL), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch2(e, n, 2, args, 8, out, S, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch2(e, n, 2, args, 9, out, S - 1, 0, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch2(e, n, 2, args, 9, out, S, 0xf0u, w), DN_EINVAL);
    cr_assert_eq(dn_expr_eval_batch2(e, DN_EXPR_MAX_ORDER2 + 1, 2, args, 9, out, S, 0, w),
                 DN_ERANGE);
    for (int j = 0; j < 6; j++) cr_assert_eq(out[j], -7.0);
    cr_assert_eq(dn_expr_work_size_batch2(NULL, n), 0);
    cr_assert_eq(dn_expr_work_size_batch2(e, DN_EXPR_MAX_ORDER2 + 1), 0);
    cr_assert_eq(dn_expr_work_size_batchk(NULL, k, n), 0);
    cr_assert_eq(dn_expr_work_size_batchk(e, 0, n), 0);
    cr_assert_eq(dn_expr_work_size_batchk(e, k, DN_EXPR_MAX_ORDERK + 1), 0);
    free(w);
    dn_expr_free(e);
}
