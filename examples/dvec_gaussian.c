/* Derivatives 0..N of exp(-x^2) at x = 0.5 with the order N from the command line
 * (default 40): the example of docs/dvec.md. */
#include <stdio.h>
#include <stdlib.h>
#include <dnum/dnum.h>

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 40;  /* order from the user */
    dvec x, r;
    if (dvec_init(&x, n) || dvec_init(&r, n)) return 1;
    dvec_set_var(&x, 0.5);
    dvec_mul(&r, &x, &x);        /* x^2 */
    dvec_neg(&r, &r);
    int st = dvec_exp(&r, &r);   /* exp(-x^2) with derivatives 0..n */
    if (st) { fprintf(stderr, "%s\n", dn_strerror(st)); return 1; }
    for (unsigned k = 0; k <= n; k++) printf("%u %.17g\n", k, dvec_get(&r, k));
    dvec_clear(&x), dvec_clear(&r);
    return 0;
}
