/* Internal to the library: the Bessel functions J_n and Y_n of integer order in long
 * double, for C libraries without jnl and ynl (musl, MinGW-w64; meson.build defines
 * DN_NO_JNL): src/kernel_ext.h takes them for the extended evaluator's jnl and ynl.
 *
 * |x| < 28 (42 where long double is binary128): Miller's backward recurrence from an
 * order M where J_M(x) is negligible, normalised by J_0 + 2 sum J_2k = 1; Y_0 and Y_1
 * from the same pass by Neumann's series
 *   Y_0 = (2/pi) ((ln(x/2) + gamma) J_0 - 2 sum_k (-1)^k J_2k / k),
 *   Y_1 = (2/pi) (-J_0/x + (ln(x/2) + gamma - 1) J_1
 *                 - sum_k (-1)^k (2k+1) J_2k+1 / (k (k+1))).
 * Above: J_0, J_1, Y_0, Y_1 from Hankel's asymptotic expansions, J_n by the forward
 * recurrence up to n <= x and Miller's above, matched to the forward value at floor(x).
 * Y_n by the forward recurrence (stable for Y). Where x^2 is below the precision: the
 * first term of the power series.
 * Accuracy, against mpmath at 4000 points (n <= 1000, x <= 1e5), in units of the type's
 * last place relative to |Z_n(x)| where x < n and to max(|Z_n(x)|, sqrt(J_n^2 + Y_n^2))
 * elsewhere (absolute near the zeros): at most 14 for n <= 10 and 170 up to n = 1000,
 * both with the 64-bit and the 113-bit significand (glibc's jnl and ynl on the same
 * points: 7 and 166); for large x also the C library's sinl and cosl.
 * tests/test_bessel_ld.c compares them with the C library's where it has them. */
#ifndef DNUM_BESSEL_LD_H
#define DNUM_BESSEL_LD_H

#include <float.h>
#include <math.h>

/* Where the asymptotic expansions take over: their smallest term, about e^-2x, below
 * the type's precision (2^-64: x87; 2^-113: binary128, as on aarch64 and s390x) */
#define DNIE_BLD_ASYM (LDBL_MANT_DIG > 64 ? 42.0L : 28.0L)
#define DNIE_BLD_EULER 0.577215664901532860606512090082402431L
#define DNIE_BLD_PI 3.141592653589793238462643383279502884L
#define DNIE_BLD_BIG 0x1p8000L /* the backward recurrence rescales above this */

/* P and Q of Hankel's expansion of order nu (0 or 1) at x >= DNIE_BLD_ASYM */
static void dnie_bld_pq(int nu, long double x, long double *p, long double *q)
{
    long double mu = 4.0L * nu * nu, t = 1.0L, P = 1.0L, Q = 0.0L, last = 2.0L;
    for (int k = 1; k < 200; k++) {
        long double o = 2.0L * k - 1.0L;
        t *= (mu - o * o) / ((long double)k * 8.0L * x);
        long double a = fabsl(t);
        if (a > last || a < ldexpl(fabsl(P) + fabsl(Q), -LDBL_MANT_DIG - 6)) break;
        last = a;
        long double s = (k / 2) % 2 ? -t : t; /* k = 2i: (-1)^i t; k = 2i+1: (-1)^i t */
        if (k % 2) Q += s;
        else P += s;
    }
    *p = P;
    *q = Q;
}

/* J_0, J_1, Y_0, Y_1 at x >= DNIE_BLD_ASYM */
static void dnie_bld_asym(long double x, long double *j0, long double *j1, long double *y0,
                          long double *y1)
{
    long double p0, q0, p1, q1, c = cosl(x), s = sinl(x), r = 1.0L / sqrtl(DNIE_BLD_PI * x);
    dnie_bld_pq(0, x, &p0, &q0);
    dnie_bld_pq(1, x, &p1, &q1);
    *j0 = r * (p0 * (c + s) - q0 * (s - c));
    *y0 = r * (p0 * (s - c) + q0 * (c + s));
    *j1 = r * (p1 * (s - c) + q1 * (s + c));
    *y1 = r * (q1 * (s - c) - p1 * (s + c));
}

/* The start of the backward recurrence for orders up to m at x: J_M(x) / J_m(x) below
 * the square root of the type's precision (the error of J_m is about its square; J_k
 * decays beyond k = x like exp(-(2/3) sqrt(2) (k - x)^1.5 / sqrt(x))). */
static long long dnie_bld_start(long long m, long double x)
{
    long double a = (long double)m > x ? (long double)m : x;
    return (long long)a + LDBL_MANT_DIG / 2 + (long long)(LDBL_MANT_DIG / 5 * cbrtl(a));
}

/* Miller's backward recurrence at x from M down to lo: the unnormalised values at n (*jn)
 * and at lo, lo + 1 (*jl, *jl1); lo = 0 also the sums of the normalisation (*nrm) and
 * of Neumann's series (*s0, *s1). */
static void dnie_bld_miller(long long n, long long lo, long double x, long double *jn,
                            long double *jl, long double *jl1, long double *nrm,
                            long double *s0, long double *s1)
{
    long long M = dnie_bld_start(n, x);
    long double jk1 = 0.0L, jk = 0x1p-8000L, N = 0.0L, S0 = 0.0L, S1 = 0.0L, vn = 0.0L;
    for (long long k = M; k > lo; k--) { /* jk = j_k, jk1 = j_k+1 -> j_k-1 */
        if (k == n) vn = jk;
        if (lo == 0) {
            if (k % 2 == 0) {
                N += 2.0L * jk;
                S0 += (k / 2) % 2 ? -jk / (long double)(k / 2) : jk / (long double)(k / 2);
            } else if (k >= 3) {
                long long i = (k - 1) / 2;
                long double t = (long double)k * jk / ((long double)i * (i + 1));
                S1 += i % 2 ? -t : t;
            }
        }
        /* 2k jk / x: the rounding of 2 / x, the same at every step, would add up */
        long double jm = 2.0L * (long double)k * jk / x - jk1;
        jk1 = jk;
        jk = jm;
        if (fabsl(jk) > DNIE_BLD_BIG) {
            jk *= 0x1p-8000L, jk1 *= 0x1p-8000L, vn *= 0x1p-8000L;
            N *= 0x1p-8000L, S0 *= 0x1p-8000L, S1 *= 0x1p-8000L;
        }
    }
    if (lo == n) vn = jk;
    *jn = vn;
    *jl = jk;
    *jl1 = jk1;
    if (lo == 0) {
        *nrm = N + jk;
        *s0 = S0;
        *s1 = S1;
    }
}

/* J_n(x) (kind 1) or Y_n(x) (kind 2), n >= 0 */
static long double dnie_bessel_ld_pos(int kind, long long n, long double x)
{
    long double j0, j1, y0, y1;
    if (x < ldexpl(1.0L, -LDBL_MANT_DIG / 2)) { /* x^2 / 4 below the type's precision */
        if (kind == 1) {
            long double t = 1.0L, h = 0.5L * x;
            for (long long k = 1; k <= n && t != 0.0L; k++) t *= h / (long double)k;
            return t;
        }
        y0 = 2.0L / DNIE_BLD_PI * (logl(0.5L * x) + DNIE_BLD_EULER);
        y1 = -2.0L / (DNIE_BLD_PI * x);
    } else if (x < DNIE_BLD_ASYM) {
        long double jn, jl, jl1, nrm, s0, s1;
        dnie_bld_miller(kind == 1 ? n : 1, 0, x, &jn, &jl, &jl1, &nrm, &s0, &s1);
        if (kind == 1) return jn / nrm;
        j0 = jl / nrm;
        j1 = jl1 / nrm;
        long double lg = logl(0.5L * x) + DNIE_BLD_EULER;
        y0 = 2.0L / DNIE_BLD_PI * (lg * j0 - 2.0L * s0 / nrm);
        y1 = 2.0L / DNIE_BLD_PI * (-j0 / x + (lg - 1.0L) * j1 - s1 / nrm);
    } else {
        dnie_bld_asym(x, &j0, &j1, &y0, &y1);
        if (kind == 1) {
            /* forward to m = floor(x) */
            long long m = x < 0x1p62L ? (long long)x : 0x7fffffffffffffffLL;
            long long top = n < m ? n : m;
            long double a = j0, b = j1;
            if (n == 0) return j0;
            for (long long k = 1; k < top; k++) {
                long double c = 2.0L * (long double)k / x * b - a;
                a = b;
                b = c;
            }
            if (n <= m) return b; /* J_top = J_n */
            /* a, b = J_m-1, J_m: backward from above n down to m, matched at m (or at
             * m - 1 where J_m is the smaller) */
            long double jn, jl, jl1, u;
            dnie_bld_miller(n, m - 1, x, &jn, &jl, &jl1, &u, &u, &u);
            return fabsl(b) >= fabsl(a) ? jn * (b / jl1) : jn * (a / jl);
        }
    }
    if (n == 0) return y0;
    for (long long k = 1; k < n && isfinite(y1); k++) {
        long double c = 2.0L * (long double)k / x * y1 - y0;
        y0 = y1;
        y1 = c;
    }
    return y1;
}

/* jnl(n, x) and ynl(n, x): every integer n, every x (NaN, the infinities, the signs as
 * the C library's functions) */
static long double dnie_bessel_ld(int kind, int n, long double x)
{
    long long an = n < 0 ? -(long long)n : (long long)n;
    long double sg = (n < 0 && an % 2) ? -1.0L : 1.0L; /* Z_-n = (-1)^n Z_n */
    if (isnan(x)) return x;
    if (kind == 2) {
        if (x < 0.0L) return NAN;
        if (x == 0.0L) return -sg * INFINITY;
        if (isinf(x)) return 0.0L;
    } else {
        if (x < 0.0L || (x == 0.0L && signbit(x))) { /* J_n(-x) = (-1)^n J_n(x) */
            x = -x;
            if (an % 2) sg = -sg;
        }
        if (isinf(x)) return sg * 0.0L;
        if (x == 0.0L) return sg * (an == 0 ? 1.0L : 0.0L);
    }
    return sg * dnie_bessel_ld_pos(kind, an, x);
}

#endif /* DNUM_BESSEL_LD_H */
