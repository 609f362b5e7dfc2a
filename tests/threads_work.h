/* Shared by test_threads.c (Criterion) and tsan_threads.c (plain, for ThreadSanitizer,
 * under which Criterion cannot start). Thread safety: several threads evaluate different functions at different orders at
 * the same time (fixed Dnum, Dvec with its allocator, apply with callbacks) and must get
 * exactly the single-threaded results. */
#ifndef DNUM_THREADS_WORK_H
#define DNUM_THREADS_WORK_H
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <dnum/dnum.h>

#define NTHREADS 4
#define NPOINTS 200
#define REPEAT 20

typedef struct {
    unsigned id;
    double out[NPOINTS][3]; /* a few derivatives per point */
} job;

/* The work of thread id: a different function and order per thread. */
static void work(job *j)
{
    unsigned order = 4 + 7 * j->id; /* 4, 11, 18, 25 */
    dvec x, r, s;
    if (dvec_init(&x, order) || dvec_init(&r, 0) || dvec_init(&s, 0)) abort();
    for (unsigned i = 0; i < NPOINTS; i++) {
        double x0 = -1.0 + 2.0 * i / (NPOINTS - 1);
        dvec_set_var(&x, x0);
        switch (j->id % 4) {
        case 0: { /* fixed: W2-like expression */
            dnum_o16 v = dnum_o16_var(x0), sn, cs;
            dnum_o16_sincos(v, &sn, &cs);
            dnum_o16 t = dnum_o16_div(dnum_o16_mul(sn, dnum_o16_exp(v)),
                                      dnum_o16_add_d(dnum_o16_mul(v, v), 1.0));
            j->out[i][0] = t.d[0], j->out[i][1] = t.d[7], j->out[i][2] = t.d[16];
            break;
        }
        case 1: /* Dvec: exp(-x^2) */
            dvec_mul(&r, &x, &x), dvec_neg(&r, &r), dvec_exp(&r, &r);
            break;
        case 2: /* Dvec apply with the Gaussian callback (its ctx: a) */
        {
            double a = 0.5;
            dvec_apply(&r, &x, dn_deriv_gaussian, &a);
            break;
        }
        default: /* Dvec: atan2 and tanh */
            dvec_tanh(&s, &x);
            dvec_atan2(&r, &s, &x);
            break;
        }
        if (j->id % 4) {
            j->out[i][0] = dvec_get(&r, 0);
            j->out[i][1] = dvec_get(&r, order / 2);
            j->out[i][2] = dvec_get(&r, order);
        }
    }
    dvec_clear(&x), dvec_clear(&r), dvec_clear(&s);
}

static void *run(void *arg)
{
    job *j = arg;
    for (int rep = 0; rep < REPEAT; rep++) work(j);
    return NULL;
}

/* Runs the jobs single-threaded, then concurrently; returns the number of mismatches. */
static int threads_check(void)
{
    static job ref[NTHREADS], par[NTHREADS];
    for (unsigned t = 0; t < NTHREADS; t++) {
        ref[t].id = par[t].id = t;
        work(&ref[t]);
    }
    pthread_t th[NTHREADS];
    for (unsigned t = 0; t < NTHREADS; t++)
        if (pthread_create(&th[t], NULL, run, &par[t])) return -1;
    for (unsigned t = 0; t < NTHREADS; t++) pthread_join(th[t], NULL);
    int bad = 0;
    for (unsigned t = 0; t < NTHREADS; t++)
        for (unsigned i = 0; i < NPOINTS; i++)
            for (unsigned k = 0; k < 3; k++) {
                double a = par[t].out[i][k], b = ref[t].out[i][k];
                bad += !((isnan(a) && isnan(b)) || a == b);
            }
    return bad;
}
#endif
