/* Benchmark W7 (bench/w7.h): the multivariate family dnumk3_o6 beside a hand-written C
 * floor with fixed sizes in normalised coefficients (below), in one run, interleaved.
 *
 * The floor stores a series as t[i][j][l] (i + j + l <= 6 used) and writes every operation
 * as the textbook loop nest for three variables: the Cauchy product, and exp, sin/cos and
 * the reciprocal by their recurrences in total degree (|g| e_g = sum_{a != 0} |a| u_a
 * e_{g-a}, c_g = (a_g - sum_{a != 0} b_a c_{g-a}) / b_0), entries in graded order. Both
 * sides hide the seeds of the variables from the optimiser (OPAQUE), so the dense work is
 * timed, and both sum the same Taylor coefficients (checksums agree to rounding).
 * Prints RESULT lines (ns per point, best and median of REPS) and the ratio to the floor,
 * best of ROUNDS interleaved rounds. Usage: bench_w7 [grid] [rounds]
 */
#include "bench_common.h"
#include "w7.h"

#define N W7_ORDER
DNUMK_DEFINE(3, 6)
typedef dnumk3_o6 T;

static int G = W7_GRID;

/* ---- the library ---------------------------------------------------------------------- */
static T var(double x0, unsigned i)
{
    T v = dnumk3_o6_var(x0, i);
    for (int e = 1; e < DNUMK_SIZE(3, 6); e++) OPAQUE(v.c[e]);
    return v;
}

static __attribute__((noinline)) double w7_lib(void)
{
    double cs = 0.0;
    for (int i = 0; i < G; i++)
        for (int j = 0; j < G; j++)
            for (int l = 0; l < G; l++) {
                T x = var(W7_COORD(i, G), 0), y = var(W7_COORD(j, G), 1), z = var(W7_COORD(l, G), 2);
                T e = dnumk3_o6_exp(dnumk3_o6_mul(dnumk3_o6_mul(x, y), z));
                T s = dnumk3_o6_sin(dnumk3_o6_add(dnumk3_o6_add(x, y), z));
                T q = dnumk3_o6_add(dnumk3_o6_mul(x, x), dnumk3_o6_mul_d(dnumk3_o6_mul(y, y), 2.0));
                q = dnumk3_o6_add_d(dnumk3_o6_add(q, dnumk3_o6_mul_d(dnumk3_o6_mul(z, z), 3.0)), 1.0);
                T f = dnumk3_o6_add(dnumk3_o6_mul(e, s), dnumk3_o6_d_div(1.0, q));
                for (int k = 0; k < DNUMK_SIZE(3, 6); k++) cs += f.c[k];
            }
    return cs;
}

/* ---- the floor ------------------------------------------------------------------------- */
typedef struct {
    double t[N + 1][N + 1][N + 1];
} S3;

static inline void f_mul(S3 *c, const S3 *a, const S3 *b)
{
    for (int i = 0; i <= N; i++)
        for (int j = 0; i + j <= N; j++)
            for (int l = 0; i + j + l <= N; l++) {
                double s = 0.0;
                for (int p = 0; p <= i; p++)
                    for (int q = 0; q <= j; q++)
                        for (int r = 0; r <= l; r++) s += a->t[p][q][r] * b->t[i - p][j - q][l - r];
                c->t[i][j][l] = s;
            }
}

static inline void f_lin(S3 *c, const S3 *a, double ka, const S3 *b, double kb)
{
    for (int i = 0; i <= N; i++)
        for (int j = 0; i + j <= N; j++)
            for (int l = 0; i + j + l <= N; l++) c->t[i][j][l] = ka * a->t[i][j][l] + kb * b->t[i][j][l];
}

/* v = |a| u_a (the Euler operator) */
static inline void f_theta(S3 *v, const S3 *u)
{
    for (int i = 0; i <= N; i++)
        for (int j = 0; i + j <= N; j++)
            for (int l = 0; i + j + l <= N; l++) v->t[i][j][l] = (double)(i + j + l) * u->t[i][j][l];
}

/* sum_{a <= g, a != 0} v_a w_{g-a} */
static inline double f_rdot(const S3 *v, const S3 *w, int i, int j, int l)
{
    double s = 0.0;
    for (int p = 0; p <= i; p++)
        for (int q = 0; q <= j; q++)
            for (int r = 0; r <= l; r++)
                if (p + q + r > 0) s += v->t[p][q][r] * w->t[i - p][j - q][l - r];
    return s;
}

static inline void f_exp(S3 *e, const S3 *u)
{
    S3 v;
    f_theta(&v, u);
    e->t[0][0][0] = exp(u->t[0][0][0]);
    for (int s = 1; s <= N; s++)
        for (int i = s; i >= 0; i--)
            for (int j = s - i; j >= 0; j--) {
                int l = s - i - j;
                e->t[i][j][l] = f_rdot(&v, e, i, j, l) / s;
            }
}

static inline void f_sin(S3 *sn, const S3 *u)
{
    S3 v, c;
    f_theta(&v, u);
    sn->t[0][0][0] = sin(u->t[0][0][0]);
    c.t[0][0][0] = cos(u->t[0][0][0]);
    for (int s = 1; s <= N; s++)
        for (int i = s; i >= 0; i--)
            for (int j = s - i; j >= 0; j--) {
                int l = s - i - j;
                sn->t[i][j][l] = f_rdot(&v, &c, i, j, l) / s;
                c.t[i][j][l] = -f_rdot(&v, sn, i, j, l) / s;
            }
}

/* c = 1 / b */
static inline void f_recip(S3 *c, const S3 *b)
{
    double inv = 1.0 / b->t[0][0][0];
    c->t[0][0][0] = inv;
    for (int s = 1; s <= N; s++)
        for (int i = s; i >= 0; i--)
            for (int j = s - i; j >= 0; j--) {
                int l = s - i - j;
                c->t[i][j][l] = -f_rdot(b, c, i, j, l) * inv;
            }
}

static void f_var(S3 *v, double x0, int which)
{
    for (int i = 0; i <= N; i++)
        for (int j = 0; i + j <= N; j++)
            for (int l = 0; i + j + l <= N; l++) {
                double c = (i + j + l == 0) ? x0 : (i + j + l == 1 && ((which == 0 && i) || (which == 1 && j) || (which == 2 && l))) ? 1.0 : 0.0;
                OPAQUE(c);
                v->t[i][j][l] = c;
            }
}

static __attribute__((noinline)) double w7_floor(void)
{
    double cs = 0.0;
    for (int i = 0; i < G; i++)
        for (int j = 0; j < G; j++)
            for (int l = 0; l < G; l++) {
                S3 x, y, z, a, b, e, s, q, f;
                f_var(&x, W7_COORD(i, G), 0), f_var(&y, W7_COORD(j, G), 1), f_var(&z, W7_COORD(l, G), 2);
                f_mul(&a, &x, &y);
                f_mul(&b, &a, &z);
                f_exp(&e, &b);
                f_lin(&a, &x, 1.0, &y, 1.0);
                f_lin(&a, &a, 1.0, &z, 1.0);
                f_sin(&s, &a);
                f_mul(&f, &e, &s);
                f_mul(&a, &x, &x);
                f_mul(&b, &y, &y);
                f_lin(&q, &a, 1.0, &b, 2.0);
                f_mul(&a, &z, &z);
                f_lin(&q, &q, 1.0, &a, 3.0);
                q.t[0][0][0] += 1.0;
                f_recip(&a, &q);
                f_lin(&f, &f, 1.0, &a, 1.0);
                for (int p = 0; p <= N; p++)
                    for (int r = 0; p + r <= N; r++)
                        for (int t = 0; p + r + t <= N; t++) cs += f.t[p][r][t];
            }
    return cs;
}

int main(int argc, char **argv)
{
    if (argc >= 2) G = atoi(argv[1]);
    int rounds = argc >= 3 ? atoi(argv[2]) : 3;
    if (G < 2 || rounds < 1) {
        fprintf(stderr, "usage: bench_w7 [grid >= 2] [rounds >= 1]\n");
        return 2;
    }
    double best_lib = INFINITY, best_floor = INFINITY, pts = (double)G * G * G;
    for (int r = 0; r < rounds; r++) {
        best_floor = fmin(best_floor, measure_pts("c_floor", "W7", N, w7_floor, pts));
        best_lib = fmin(best_lib, measure_pts("dnumk", "W7", N, w7_lib, pts));
    }
    printf("W7 N=%d grid %d^3: dnumk3_o6 %.1f ns/point, C floor %.1f ns/point, ratio %.3f\n", N, G,
           best_lib, best_floor, best_lib / best_floor);
    return 0;
}
