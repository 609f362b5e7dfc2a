/* The optimiser bodies of tests/optimised_bodies.c compiled at -O2 against the same at -O0
 * (the one-pass drivers and a tape of constraints): they compile, and agree within 1e-14. */
#include <math.h>
#include <stdio.h>

int ob_values_O0(const double *x, unsigned n, double *f, double *g, double *h, double *c,
                 double *jac, double *hl);
int ob_values_O2(const double *x, unsigned n, double *f, double *g, double *h, double *c,
                 double *jac, double *hl);

int main(void)
{
    enum { N = 4, L = 1 + 2 * N + N + 2 + 4 + 16 };
    const double x[N] = {0.3, -1.2, 2.5, 0.75};
    double a[L] = {0}, b[L] = {0};
    if (ob_values_O0(x, N, a, a + 1, a + 1 + N, a + 1 + 2 * N, a + 3 + 2 * N, a + 7 + 2 * N) ||
        ob_values_O2(x, N, b, b + 1, b + 1 + N, b + 1 + 2 * N, b + 3 + 2 * N, b + 7 + 2 * N)) {
        printf("FAIL: a driver returned an error\n");
        return 1;
    }
    int bad = 0;
    for (int k = 0; k < L; k++)
        if (!(fabs(a[k] - b[k]) <= 1e-14 * fmax(1.0, fabs(a[k])))) {
            printf("FAIL: value %d: %.17g at -O0, %.17g at -O2\n", k, a[k], b[k]);
            bad = 1;
        }
    if (!bad) printf("ok: %d values agree\n", L);
    return bad;
}
