/* The reference for the dnum-eval output benchmark (bench/bench_cli.sh): the sweep
 *   dnum-eval -n 8 -r A:B:M 'sin(x)*exp(x)'
 * written by hand with dnum_o8, every number printed with printf("%.17g") through a
 * 64 KiB stdio buffer: the same rows and the same bytes as dnum-eval.
 *
 *   printf_sweep [M [A B]]        default: 1000000 points over [0, 1] */
#include <stdio.h>
#include <stdlib.h>
#include <dnum/dnum.h>

#define N 8

/* One row, every number with printf("%.17g"); nan, inf, -inf and -0 as dnum-eval. */
static void print_row(const double *v, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        const char *sep = k ? "," : "";
        if (isfinite(v[k])) printf("%s%.17g", sep, v[k] == 0.0 ? 0.0 : v[k]);
        else printf("%s%s", sep, isnan(v[k]) ? "nan" : v[k] > 0 ? "inf" : "-inf");
    }
    putchar('\n');
}

int main(int argc, char **argv)
{
    unsigned long m = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    double a = argc > 3 ? atof(argv[2]) : 0.0, b = argc > 3 ? atof(argv[3]) : 1.0;
    if (m < 2) return 2;
    static char buf[1 << 16];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    puts("x,d0,d1,d2,d3,d4,d5,d6,d7,d8");
    double row[N + 2];
    for (unsigned long i = 0; i < m; i++) {
        row[0] = i == 0 ? a : i == m - 1 ? b : a + (b - a) * ((double)i / (double)(m - 1));
        dnum_o8 x = dnum_o8_var(row[0]), f = dnum_o8_mul(dnum_o8_sin(x), dnum_o8_exp(x));
        for (unsigned k = 0; k <= N; k++) row[k + 1] = f.d[k];
        print_row(row, N + 2);
    }
    return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
