/* Utilities of the test suite: the scaled error of docs/benchmarks.md and its checks.
 * With DN_TEST_PLAIN defined (the programs that run without Criterion, e.g.
 * test_ref_portable.c) only the parts that need no Criterion. */
#ifndef DNUM_TESTUTIL_H
#define DNUM_TESTUTIL_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#ifndef DN_TEST_PLAIN
#include <criterion/criterion.h>
#endif
#include <dnum/dnum.h>

/* |g - r| / max(|r|, k! 1e-3): relative error, absolute where the derivative is tiny
 * compared with the k! growth of a function with unit radius of convergence. */
static inline double scaled_err(double g, double r, unsigned k)
{
    if (g == r) return 0.0; /* also equal infinities */
    double den = fmax(fabs(r), dni_fact[k] * 1e-3);
    return fabs(g - r) / den;
}

/* |g - r| over the larger of |r| and 1e-3 of *env, the largest |want_j| of the row so far
 * (updated here; start it at 0 for k = 0): the error against the size the row has
 * reached, where scaled_err's k! floor would let an absolute error of k! 1e-3 tol through
 * (exp, sin, cosh of a bare variable: derivatives of unit size). 0 where r is not finite
 * (scaled_err checks poles). */
static inline double row_err(double g, double r, double *env)
{
    if (!isfinite(r) || g == r) return 0.0;
    *env = fmax(*env, fabs(r));
    double den = fmax(fabs(r), 1e-3 * *env);
    return den == 0.0 ? INFINITY : fabs(g - r) / den;
}

#ifndef DN_TEST_PLAIN
/* Expects every derivative 0..n of got to match want within tol (scaled error);
 * what and x label the failure message. */
static inline void expect_derivs_at(const double *got, const double *want, unsigned n,
                                    double tol, const char *what, double x)
{
    for (unsigned k = 0; k <= n; k++) {
        double e = scaled_err(got[k], want[k], k);
        cr_expect(e <= tol, "%s at x=%g, k=%u: got %.17g want %.17g (scaled err %.3g)", what,
                  x, k, got[k], want[k], e);
    }
}
#define expect_derivs(got, want, n, tol, what, x) expect_derivs_at(got, want, n, tol, what, x)
#endif

/* A helper's precondition failed (an allocation, the parse of a fixed formula): abort,
 * which fails the test under Criterion (a crash) and without it (the exit status). */
static inline void dn_test_die(const char *what)
{
    fprintf(stderr, "test helper failed: %s\n", what);
    abort();
}

/* Whether the slow suite runs (meson test --suite slow: the environment DN_TEST_SLOW=1):
 * the exhaustive variants (every instruction set, the highest orders) that `bash
 * tools/test.sh` leaves to CI (.ci/run). */
static inline int dn_test_slow(void)
{
    const char *s = getenv("DN_TEST_SLOW");
    return s && s[0] == '1';
}

/* Whether the test runs under an emulator (DN_TEST_EMULATED=1: tools/cross_tests.sh runs
 * the suite under qemu-user, about 50 times slower than the machine): the tests that sweep
 * many points take fewer there (their code is the same on every target, and runs with all
 * its points natively on x86-64 and i686). */
static inline int dn_test_emulated(void)
{
    const char *e = getenv("DN_TEST_EMULATED");
    return e && e[0] == '1' && e[1] == '\0';
}

/* bit-for-bit equality that treats NaN as equal to NaN */
static inline int same_double(double a, double b)
{
    return (isnan(a) && isnan(b)) || a == b;
}

/* Where two engines give the same bits. The engines round the same way on every platform,
 * but they call the C library's functions at different places (pow or exp and log, a value
 * in double or in extended precision), so their bits agree only where those functions are
 * the same: glibc on x86-64 and aarch64 (the platforms the suite's bit-for-bit checks were
 * written on). Elsewhere (i686's x87 libm, musl, mingw) the checks compare within the
 * library's documented accuracy, 1e-13 in the scaled error of docs/accuracy.md. */
#if defined(__GLIBC__) && (defined(__x86_64__) || defined(__aarch64__))
#define DN_TEST_SAME_LIBM 1
#else
#define DN_TEST_SAME_LIBM 0
#endif
#define DN_TEST_PLATFORM_TOL 1e-13

/* same_double where DN_TEST_SAME_LIBM, else within DN_TEST_PLATFORM_TOL (derivative k) */
static inline int same_engines(double a, double b, unsigned k)
{
    if (same_double(a, b)) return 1;
    return !DN_TEST_SAME_LIBM && !isnan(a) && !isnan(b) && scaled_err(a, b, k) <= DN_TEST_PLATFORM_TOL;
}

#endif
