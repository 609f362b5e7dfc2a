/* W4 of the C floor (docs/benchmarks.md): Goldstein-Price on bivariate Taylor series of a
 * compile-time total degree, by hand. Shared by bench/floor.c and bench/bench_dnum2.c,
 * which times it beside Dnum2 in the same run. The includer defines MAXD (>= 8), UNROLL
 * (complete unrolling), K (always-inline functions), OPAQUE, the grid NX x NY, fact[k] = k!
 * (k <= MAXD) and point(m, lo, hi, i) = lo + (hi - lo) i / (m - 1). */
#ifndef DNUM_BENCH_FLOOR_W4_H
#define DNUM_BENCH_FLOOR_W4_H

/* ---- bivariate series of total degree d: a[i][j] = coefficient of x^i y^j -------- */

typedef double bser[MAXD + 1][MAXD + 1];

K void b_seed(bser a, double v, int dx, int d)
{
    UNROLL for (int i = 0; i <= d; i++) UNROLL for (int j = 0; j <= d - i; j++) {
            double t = (i + j == 0) ? v : (dx ? (i == 1 && j == 0) : (i == 0 && j == 1));
            if (i + j) OPAQUE(t);
            a[i][j] = t;
        }
}

/* r = a * b; r must not alias a or b */
K void b_mul(bser r, bser a, bser b, int d)
{
    UNROLL for (int i = 0; i <= d; i++) UNROLL for (int j = 0; j <= d - i; j++) {
            double s = 0.0;
            UNROLL for (int p = 0; p <= i; p++) UNROLL for (int q = 0; q <= j; q++)
                    s += a[p][q] * b[i - p][j - q];
            r[i][j] = s;
        }
}

/* r = alpha a + beta b + gamma c (any of them may alias) */
K void b_lin(bser r, double al, bser a, double be, bser b, double ga, bser c, int d)
{
    UNROLL for (int i = 0; i <= d; i++) UNROLL for (int j = 0; j <= d - i; j++)
            r[i][j] = al * a[i][j] + be * b[i][j] + ga * c[i][j];
}

/* W4: Goldstein-Price (1 + (x+y+1)^2 B)(30 + (2x-3y)^2 D) with
 * B = 19 - 14x + 3x^2 - 14y + 6xy + 3y^2, D = 18 - 32x + 12x^2 + 48y - 36xy + 27y^2,
 * on the 400 x 250 grid over [-2, 2]^2 */
K double w4(int d)
{
    double cs = 0.0;
    for (long i = 0; i < NX; i++)
        for (long j = 0; j < NY; j++) {
            bser x, y, xx, xy, yy, a, b, c, dd, t, u, l, r, p;
            b_seed(x, point(NX, -2.0, 2.0, i), 1, d);
            b_seed(y, point(NY, -2.0, 2.0, j), 0, d);
            b_mul(xx, x, x, d);
            b_mul(xy, x, y, d);
            b_mul(yy, y, y, d);
            b_lin(a, 1.0, x, 1.0, y, 0.0, y, d);
            a[0][0] += 1.0;
            b_lin(b, 3.0, xx, -14.0, x, -14.0, y, d);
            b_lin(b, 1.0, b, 6.0, xy, 3.0, yy, d);
            b[0][0] += 19.0;
            b_lin(c, 2.0, x, -3.0, y, 0.0, y, d);
            b_lin(dd, 12.0, xx, -32.0, x, 48.0, y, d);
            b_lin(dd, 1.0, dd, -36.0, xy, 27.0, yy, d);
            dd[0][0] += 18.0;
            b_mul(t, a, a, d);
            b_mul(l, t, b, d);
            l[0][0] += 1.0;
            b_mul(u, c, c, d);
            b_mul(r, u, dd, d);
            r[0][0] += 30.0;
            b_mul(p, l, r, d);
            UNROLL for (int s = 0; s <= d; s++) UNROLL for (int q = 0; q <= s; q++)
                    cs += p[s - q][q] * fact[s - q] * fact[q];
        }
    return cs;
}

#endif
