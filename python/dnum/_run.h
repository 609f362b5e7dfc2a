/* dnum._dnum's evaluation job (python/dnum/_run.c): the points of one Program.eval
 * call, taken CHUNK at a time by its threads; no Python object is touched here (the
 * threads run without the GIL). */
#ifndef DNUM_PY_RUN_H
#define DNUM_PY_RUN_H

#include <stdatomic.h>
#include <stddef.h>

#include <dnum/expr.h>

enum { P_DOUBLE, P_EXTENDED, P_AUTO };
enum { ENG_ONE, ENG_TWO, ENG_K };
/* the points of a chunk together (dnum/batch.h), where the batch evaluators give the
 * numbers of the point-by-point path bit for bit: one variable in double (derivatives or
 * coefficients, N <= DN_TAYLOR_MAX) or auto (derivatives, N < DN_TAYLOR_MAX), several
 * variables; without error bounds */
enum { B_NONE, B_DOUBLE, B_AUTO, B_MULTI };

#define EXTRA_ORDERS 16u /* removable singularities: re-evaluated this many orders higher */
#define CHUNK 64u        /* points a thread takes at a time */

struct job {
    const dn_expr *e;
    int engine, prec, taylor, errors;
    unsigned k, n, n2; /* variables, order, the order of the removable-singularity pass (0: none) */
    size_t len, len2;  /* numbers per point at n and n2 */
    size_t wsize, wsize2;
    int batch;                /* B_NONE ... B_MULTI */
    size_t bwsize;            /* the batch evaluator's workspace */
    const long double *scale; /* a! per column */
    const long double *fact;  /* k! for k = 0..n2 (one variable) */
    const double *pts;
    double *out, *err;
    size_t m;
    atomic_size_t next;
    atomic_int fail;     /* the first failure's status code */
    atomic_size_t n_ext; /* points (and repairs of removable singularities) evaluated in
                          * extended precision */
};

/* A thread's work on job (a struct job *): chunks of points until none is left or one
 * failed (the first failure's status code in job->fail). Returns NULL. */
void *dnpy_run_worker(void *job);

#endif
