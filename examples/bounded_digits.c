/* Digits you can trust: each derivative with a bound on its error (dnum/bounded.h).
 *
 *   tan(x) at x = 1.5707, near its pole: the derivatives grow to 1e+102 at order 20 and
 *     keep about 14 digits (every term of the recurrence is positive: nothing cancels);
 *   exp(x) - 1 - x at x = 1e-5: the value is a difference of nearly equal numbers and
 *     keeps about 5 digits, the first derivative (e^x - 1) about 10, the others all;
 *   expm1(x) - x: exp(x) - 1 without its cancellation, so the value keeps about 10 (what
 *     the subtraction of x still cancels).
 *
 * Usage: bounded_digits [x]   (the point of tan, default 1.5707). Exits 1 if a bound is
 * not finite. */
#include <stdio.h>
#include <stdlib.h>
#include <dnum/bounded.h>

static int show(const char *title, const dnume_o20 *f, unsigned n)
{
    int bad = 0;
    printf("%s\n%3s %24s %10s %7s\n", title, "k", "derivative", "bound", "digits");
    for (unsigned k = 0; k <= n; k++) {
        double d = dnume_o20_get(f, k), e = dnume_o20_err(f, k);
        printf("%3u %24.16e %10.2e %7.1f\n", k, d, e, dn_digits(d, e));
        bad |= !(e < 1e300);
    }
    return bad;
}

int main(int argc, char **argv)
{
    double x0 = argc > 1 ? atof(argv[1]) : 1.5707;
    dnume_o20 t = dnume_o20_tan(dnume_o20_var(x0));
    int bad = show("tan(x)", &t, 20);

    dnume_o20 y = dnume_o20_var(1e-5);
    dnume_o20 f = dnume_o20_sub(dnume_o20_sub_d(dnume_o20_exp(y), 1.0), y);
    bad |= show("\nexp(x) - 1 - x at 1e-5", &f, 4);
    dnume_o20 g = dnume_o20_sub(dnume_o20_expm1(y), y);
    bad |= show("\nexpm1(x) - x at 1e-5", &g, 4);
    return bad;
}
