/* The first 16 derivatives of the Gaussian exp(-x^2) on a grid of points, computed as a
 * batch (dnum/batch.h: the points go through the formula several at a time on the
 * machine's vector instructions), and checked against the Hermite polynomials:
 * d^k/dx^k exp(-x^2) = (-1)^k H_k(x) exp(-x^2), H_0 = 1, H_1 = 2x,
 * H_(k+1) = 2x H_k - 2k H_(k-1).
 * Usage: gaussian_batch [points] [print]: prints the table (x, then g, g', ..., g^(16) per
 * line) with "print", and exits with status 1 if any derivative is off by more than
 * 1e-12 relative to the largest of its order. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/dnum.h>

#define ORDER 16

int main(int argc, char **argv)
{
    size_t npts = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1001;
    int print = argc > 2 && strcmp(argv[2], "print") == 0;
    if (npts < 2) npts = 2;
    const char *vars[] = {"x"};
    dn_expr_error err;
    dn_expr *g = dn_expr_parse("exp(-x^2)", vars, 1, &err);
    size_t len = ORDER + 1;
    /* arguments: point p is the variable x = x_p with derivatives (x_p, 1, 0, ..., 0) */
    double *args = calloc(npts * len, sizeof(double));
    double *out = malloc(npts * len * sizeof(double));
    double *work = malloc(dn_expr_work_size_batch(g, ORDER) * sizeof(double));
    if (!g || !args || !out || !work) return 2;
    for (size_t p = 0; p < npts; p++) {
        args[p * len] = -4.0 + 8.0 * (double)p / (double)(npts - 1);
        args[p * len + 1] = 1.0;
    }
    /* every derivative of every point in one call (any number of points) */
    int rc = dn_expr_eval_batch(g, ORDER, npts, args, len, out, len, DN_BATCH_AUTO, work);
    if (rc != 0) return 2;

    double maxerr[ORDER + 1] = {0}, maxabs[ORDER + 1] = {0};
    for (size_t p = 0; p < npts; p++) {
        double x = args[p * len], h0 = 1.0, h1 = 2.0 * x, e = exp(-x * x);
        for (unsigned k = 0; k <= ORDER; k++) {
            double hk = k == 0 ? h0 : h1;
            double exact = ((k & 1u) ? -hk : hk) * e;
            if (k > 0) { /* H_(k+1) */
                double h2 = 2.0 * x * h1 - 2.0 * (double)k * h0;
                h0 = h1;
                h1 = h2;
            }
            double d = fabs(out[p * len + k] - exact);
            if (d > maxerr[k]) maxerr[k] = d;
            if (fabs(exact) > maxabs[k]) maxabs[k] = fabs(exact);
        }
        if (print) {
            printf("%.6f", x);
            for (unsigned k = 0; k <= ORDER; k++) printf(" %.15g", out[p * len + k]);
            printf("\n");
        }
    }
    int bad = 0;
    for (unsigned k = 0; k <= ORDER; k++)
        if (maxerr[k] > 1e-12 * maxabs[k]) bad = 1;
    fprintf(stderr, "gaussian_batch: %zu points, order %d, %s (%u lanes): largest relative "
            "error %.2e (order 16)\n", npts, ORDER, dn_batch_isa_name(dn_batch_isa(0)),
            dn_batch_lanes(dn_batch_isa(0)), maxerr[ORDER] / maxabs[ORDER]);
    free(args);
    free(out);
    free(work);
    dn_expr_free(g);
    return bad;
}
