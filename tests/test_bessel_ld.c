/* The long-double Bessel functions of src/bessel_ld.h (the extended evaluator's jnl and
 * ynl where the C library has none: musl, MinGW-w64) against the C library's jnl and ynl
 * (glibc), in the type's own precision: orders 0 to 1000, both methods of each (Miller's
 * recurrence below x = 28, the asymptotic expansions above), negative x and orders, and
 * the special values. The error is relative to |Z_n(x)| where x < n (no zeros) and to
 * max(|Z_n(x)|, sqrt(J_n^2 + Y_n^2)) elsewhere (absolute near the zeros); measured
 * against mpmath, both stay within 170 units of the last place, most within 15. */
#define _GNU_SOURCE 1
#include <float.h>
#include <math.h>
#include <criterion/criterion.h>
#include "bessel_ld.h"

static const int orders[] = {0, 1, 2, 3, 5, 10, 30, 100, 1000};
static const double xs[] = {1e-30, 3e-9, 0.001, 0.1, 0.5, 1.0, 2.404825557695773, 3.5,
                            7.25, 10.0, 13.5, 19.0, 25.0, 27.9, 28.1, 33.0, 41.5, 42.5,
                            60.0, 99.0, 250.0, 999.5, 1000.5, 3100.0, 40000.0};

/* the difference in units of the type's last place, on the scale above */
static double units(int kind, int n, long double x)
{
    long double ours = dnie_bessel_ld(kind, n, x);
    long double ref = kind == 1 ? jnl(n, x) : ynl(n, x);
    if (!isfinite(ref) || fabsl(ref) < 0x1p-16300L) return 0.0; /* overflow, underflow */
    long double sc = fabsl(ref);
    if (fabsl(x) >= abs(n)) sc = fmaxl(sc, hypotl(jnl(n, x), ynl(n, fabsl(x))));
    return (double)(fabsl(ours - ref) / sc * ldexpl(1.0L, LDBL_MANT_DIG));
}

Test(bessel_ld, against_the_c_library)
{
    double worst = 0.0;
    for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++)
        for (size_t j = 0; j < sizeof xs / sizeof xs[0]; j++) {
            int n = orders[i];
            long double x = xs[j];
            double e[] = {units(1, n, x), units(1, n, -x), units(1, -n, x), units(2, n, x),
                          units(2, -n, x)};
            for (int k = 0; k < 5; k++) {
                cr_expect(e[k] <= 400.0, "n = %d, x = %g: %g units (case %d)", n, xs[j],
                          e[k], k);
                worst = fmax(worst, e[k]);
            }
        }
    cr_log_info("worst: %g units of the last place", worst);
}

Test(bessel_ld, special_values)
{
    cr_expect(dnie_bessel_ld(1, 0, 0.0L) == 1.0L);
    cr_expect(dnie_bessel_ld(1, 3, 0.0L) == 0.0L);
    cr_expect(signbit(dnie_bessel_ld(1, 3, -0.0L)) && signbit(jnl(3, -0.0L)));
    cr_expect(dnie_bessel_ld(2, 0, 0.0L) == -INFINITY && ynl(0, 0.0L) == -INFINITY);
    cr_expect(dnie_bessel_ld(2, -3, 0.0L) == ynl(-3, 0.0L));
    cr_expect(isnan(dnie_bessel_ld(2, 1, -1.0L)));
    cr_expect(isnan(dnie_bessel_ld(1, 2, NAN)) && isnan(dnie_bessel_ld(2, 2, NAN)));
    cr_expect(dnie_bessel_ld(1, 2, INFINITY) == 0.0L);
    cr_expect(dnie_bessel_ld(2, 2, INFINITY) == 0.0L);
    cr_expect(dnie_bessel_ld(2, 1000, 1e-3L) == -INFINITY); /* overflows, as ynl */
    cr_expect(dnie_bessel_ld(1, 1000, 1e-3L) == 0.0L);     /* underflows */
}
