/* The cost of the bounds from C (dnum/bounded.h): dnume_oN against dnum_oN and dvece
 * against dvec on the same formulas, orders 4, 8 and 16; the best time per point over
 * interleaved rounds, and the ratios (bounded / plain).
 *   tan   tan(x)
 *   W1    exp(-x^2)
 *   W2    sin(x) e^x / (x^2 + 1) + sqrt(x^2 + 1) log(cos(x) + 2)
 * Usage: bench_bounded [rounds]   (default 3) */
#include "bench_common.h"
#include <dnum/bounded.h>

#define PTS 64
static volatile double sink;

/* the formulas on any family with the names P_f (P: dnum_oN or dnume_oN) */
#define FORMULAS(P, T)                                                                     \
    static T P##_ftan(T x) { return P##_tan(x); }                                          \
    static T P##_fw1(T x) { return P##_exp(P##_mul(P##_neg(x), x)); }                      \
    static T P##_fw2(T x)                                                                  \
    {                                                                                      \
        T p = P##_add_d(P##_mul(x, x), 1.0);                                               \
        T t1 = P##_div(P##_mul(P##_sin(x), P##_exp(x)), p);                                \
        return P##_add(t1, P##_mul(P##_sqrt(p), P##_log(P##_add_d(P##_cos(x), 2.0))));     \
    }                                                                                      \
    static double P##_run(int w)                                                           \
    {                                                                                      \
        double s = 0.0;                                                                    \
        for (int i = 0; i < PTS; i++) {                                                    \
            T x = P##_var(0.1 + 0.01 * i);                                                 \
            T r = w == 0 ? P##_ftan(x) : w == 1 ? P##_fw1(x) : P##_fw2(x);                 \
            for (int k = 0; k < (int)(sizeof r.d / sizeof r.d[0]); k++) s += r.d[k];       \
        }                                                                                  \
        return s;                                                                          \
    }
FORMULAS(dnum_o4, dnum_o4)
FORMULAS(dnume_o4, dnume_o4)
FORMULAS(dnum_o8, dnum_o8)
FORMULAS(dnume_o8, dnume_o8)
FORMULAS(dnum_o16, dnum_o16)
FORMULAS(dnume_o16, dnume_o16)

/* the same on dvec / dvece (order n; a, b, t temporaries of the caller) */
#define DVFORMULA(V, T)                                                                    \
    static double V##_run(int w, unsigned n)                                               \
    {                                                                                      \
        T x, p, t, r;                                                                      \
        V##_init(&x, n), V##_init(&p, n), V##_init(&t, n), V##_init(&r, n);                \
        double s = 0.0;                                                                    \
        for (int i = 0; i < PTS; i++) {                                                    \
            V##_set_var(&x, 0.1 + 0.01 * i);                                               \
            if (w == 0) V##_tan(&r, &x);                                                   \
            else if (w == 1) V##_neg(&r, &x), V##_mul(&r, &r, &x), V##_exp(&r, &r);        \
            else {                                                                         \
                V##_mul(&p, &x, &x), V##_add_d(&p, &p, 1.0);                               \
                V##_sin(&r, &x), V##_exp(&t, &x), V##_mul(&r, &r, &t), V##_div(&r, &r, &p); \
                V##_sqrt(&t, &p), V##_mul(&t, &t, &p);                                     \
                V##_cos(&p, &x), V##_add_d(&p, &p, 2.0), V##_log(&p, &p);                  \
                V##_mul(&t, &t, &p), V##_add(&r, &r, &t);                                  \
            }                                                                              \
            s += V##_get(&r, 2);                                                           \
        }                                                                                  \
        V##_clear(&x), V##_clear(&p), V##_clear(&t), V##_clear(&r);                        \
        return s;                                                                          \
    }
DVFORMULA(dvec, dvec)
DVFORMULA(dvece, dvece)

typedef double (*fixed_fn)(int);
typedef double (*dyn_fn)(int, unsigned);

/* best seconds per point of f(w) (fixed) or g(w, n) (dynamic) over a time budget */
static double best(fixed_fn f, dyn_fn g, int w, unsigned n)
{
    double b = INFINITY, spent = 0.0;
    unsigned reps = 1;
    while (spent < 0.05) {
        double t0 = now_s();
        for (unsigned r = 0; r < reps; r++) sink = f ? f(w) : g(w, n);
        double t = (now_s() - t0) / reps;
        spent += t * reps;
        b = fmin(b, t / PTS);
        if (t * reps < 1e-3) reps *= 2;
    }
    return b;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    static const char *const names[] = {"tan", "W1", "W2"};
    static const unsigned orders[] = {4, 8, 16};
    const fixed_fn plain[] = {dnum_o4_run, dnum_o8_run, dnum_o16_run};
    const fixed_fn bounded[] = {dnume_o4_run, dnume_o8_run, dnume_o16_run};
    printf("%-4s %5s %14s %14s %8s %14s %14s %8s\n", "f", "order", "dnum_oN (ns)",
           "dnume_oN (ns)", "ratio", "dvec (ns)", "dvece (ns)", "ratio");
    for (int w = 0; w < 3; w++)
        for (int o = 0; o < 3; o++) {
            double t[4] = {INFINITY, INFINITY, INFINITY, INFINITY};
            for (int r = 0; r < rounds; r++) { /* interleaved */
                t[0] = fmin(t[0], best(plain[o], NULL, w, 0));
                t[1] = fmin(t[1], best(bounded[o], NULL, w, 0));
                t[2] = fmin(t[2], best(NULL, dvec_run, w, orders[o]));
                t[3] = fmin(t[3], best(NULL, dvece_run, w, orders[o]));
            }
            printf("%-4s %5u %14.1f %14.1f %8.1f %14.1f %14.1f %8.1f\n", names[w], orders[o],
                   t[0] * 1e9, t[1] * 1e9, t[1] / t[0], t[2] * 1e9, t[3] * 1e9, t[3] / t[2]);
        }
    return 0;
}
