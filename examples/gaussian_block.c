/* The first 16 derivatives of the Gaussian exp(-x^2) on a grid, written in C with the
 * block family (dnum/block.h): each dnumb_o16 carries DNB_W points of the grid (8 with
 * AVX-512, 4 with AVX, 2 otherwise), so one line of arithmetic computes the derivatives
 * of DNB_W points on the machine's vector instructions. Checked against the Hermite
 * polynomials: d^k/dx^k exp(-x^2) = (-1)^k H_k(x) exp(-x^2), H_0 = 1, H_1 = 2x,
 * H_(k+1) = 2x H_k - 2k H_(k-1).
 * Usage: gaussian_block [points] [print]: prints the table (x, then g, g', ..., g^(16)
 * per line) with "print", and exits with status 1 if any derivative is off by more
 * than 1e-12 relative to the largest of its order. Build: cc -O2 gaussian_block.c
 * $(pkg-config --cflags --libs dnum) (add -march=native for the widest vectors). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/block.h>

#define ORDER 16
DNUMB_DEFINE(16) /* the type dnumb_o16 and its functions */

int main(int argc, char **argv)
{
    size_t npts = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1001;
    int print = argc > 2 && strcmp(argv[2], "print") == 0;
    if (npts < 2) npts = 2;
    size_t nblk = (npts + DNB_W - 1) / DNB_W, cap = nblk * DNB_W;
    /* derivative k of point p at table[k * cap + p] (structure of arrays) */
    double *xs = malloc(cap * sizeof(double)), *table = malloc((ORDER + 1) * cap * sizeof(double));
    if (!xs || !table) return 2;
    for (size_t p = 0; p < cap; p++) /* (the last block's extra lanes repeat the end) */
        xs[p] = -4.0 + 8.0 * (double)(p < npts ? p : npts - 1) / (double)(npts - 1);
    for (size_t b = 0; b < nblk; b++) {
        dnumb_o16 x = dnumb_o16_var(xs + b * DNB_W);             /* DNB_W points */
        dnumb_o16 g = dnumb_o16_exp(dnumb_o16_neg(dnumb_o16_mul(x, x)));
        dnumb_o16_store(&g, table + b * DNB_W, cap);               /* every derivative */
    }

    double maxerr[ORDER + 1] = {0}, maxabs[ORDER + 1] = {0};
    for (size_t p = 0; p < npts; p++) {
        double x = xs[p], h0 = 1.0, h1 = 2.0 * x, e = exp(-x * x);
        for (unsigned k = 0; k <= ORDER; k++) {
            double hk = k == 0 ? h0 : h1;
            double exact = ((k & 1u) ? -hk : hk) * e;
            if (k > 0) { /* H_(k+1) */
                double h2 = 2.0 * x * h1 - 2.0 * (double)k * h0;
                h0 = h1;
                h1 = h2;
            }
            double d = fabs(table[k * cap + p] - exact);
            if (d > maxerr[k]) maxerr[k] = d;
            if (fabs(exact) > maxabs[k]) maxabs[k] = fabs(exact);
        }
        if (print) {
            printf("%.6f", x);
            for (unsigned k = 0; k <= ORDER; k++) printf(" %.15g", table[k * cap + p]);
            printf("\n");
        }
    }
    int bad = 0;
    for (unsigned k = 0; k <= ORDER; k++)
        if (maxerr[k] > 1e-12 * maxabs[k]) bad = 1;
    fprintf(stderr, "gaussian_block: %zu points, order %d, %d lanes: largest relative error "
            "%.2e (order 16)\n", npts, ORDER, DNB_W, maxerr[ORDER] / maxabs[ORDER]);
    free(xs);
    free(table);
    return bad;
}
