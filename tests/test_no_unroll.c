/* DN_NO_UNROLL (docs/fixed.md, "Compile time"): a unit that defines it before including
 * the headers gets the same numbers, bit for bit, as one that does not (the kernels do the
 * same operations in the same order, as rolled loops). tests/no_unroll_formulas.c compiled
 * both ways (tests/meson.build). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#define NU_LEN (25 + 66)
void nu_rolled(unsigned i, double *out);
void nu_unrolled(unsigned i, double *out);

int main(void)
{
    unsigned bad = 0, finite = 0;
    for (unsigned i = 0; i < 50; i++) {
        double a[NU_LEN], b[NU_LEN];
        nu_rolled(i, a);
        nu_unrolled(i, b);
        for (unsigned k = 0; k < NU_LEN; k++) {
            finite += isfinite(a[k]) != 0;
            if (memcmp(&a[k], &b[k], sizeof a[k]) && !(isnan(a[k]) && isnan(b[k]))) {
                if (bad++ < 10)
                    printf("point %u, entry %u: %.17g rolled, %.17g unrolled\n", i, k, a[k],
                           b[k]);
            }
        }
    }
    printf("%u entries differ; %u of %u finite\n", bad, finite, 50 * NU_LEN);
    return bad != 0 || finite < 50 * NU_LEN / 2;
}
