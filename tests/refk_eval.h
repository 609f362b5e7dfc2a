/* The rows of tests/refk_data.h (mpmath partials of functions of 3, 4 and 8 variables to
 * total order 8, tools/gen_refk.py) on the run-time multivariate family (dnk_*), with the
 * tolerance they are held to: shared by test_dnumk.c and test_ref_portable.c. */
#ifndef DNUM_REFK_EVAL_H
#define DNUM_REFK_EVAL_H
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "refk_data.h"

/* |g - r| / max(|r|, a! 1e-3) */
static inline double scaled_errk(double g, double r, double afact)
{
    if (g == r) return 0.0;
    return fabs(g - r) / fmax(fabs(r), afact * 1e-3);
}

typedef struct {
    dnk_space *sp;
    double *x[8], *t[4];
} refk_env;

static inline void u3(refk_env *e, double *u) /* x y + z/2 - y z^2/4 + x/3 */
{
    dnk_space *sp = e->sp;
    dnk_mul(sp, u, e->x[0], e->x[1]);
    dnk_mul_d(sp, e->t[0], e->x[2], 0.5);
    dnk_add(sp, u, u, e->t[0]);
    dnk_mul(sp, e->t[0], e->x[2], e->x[2]);
    dnk_mul(sp, e->t[0], e->t[0], e->x[1]);
    dnk_mul_d(sp, e->t[0], e->t[0], 0.25);
    dnk_sub(sp, u, u, e->t[0]);
    dnk_div_d(sp, e->t[0], e->x[0], 3.0);
    dnk_add(sp, u, u, e->t[0]);
}

static inline void v3(refk_env *e, double *v) /* x - y z/2 + 1 */
{
    dnk_mul(e->sp, v, e->x[1], e->x[2]);
    dnk_mul_d(e->sp, v, v, -0.5);
    dnk_add(e->sp, v, v, e->x[0]);
    dnk_add_d(e->sp, v, v, 1.0);
}

static inline void u4(refk_env *e, double *u) /* a b + c/2 - d a/3 + b c d/5 */
{
    dnk_space *sp = e->sp;
    dnk_mul(sp, u, e->x[0], e->x[1]);
    dnk_mul_d(sp, e->t[0], e->x[2], 0.5);
    dnk_add(sp, u, u, e->t[0]);
    dnk_mul(sp, e->t[0], e->x[3], e->x[0]);
    dnk_div_d(sp, e->t[0], e->t[0], 3.0);
    dnk_sub(sp, u, u, e->t[0]);
    dnk_mul(sp, e->t[0], e->x[1], e->x[2]);
    dnk_mul(sp, e->t[0], e->t[0], e->x[3]);
    dnk_mul_d(sp, e->t[0], e->t[0], 0.2);
    dnk_add(sp, u, u, e->t[0]);
}

static inline void u8(refk_env *e, double *u) /* x0 x1/2 + sum (i+1)/10 x_i + x2 x5 x7/4 - x3 x6/8 */
{
    dnk_space *sp = e->sp;
    dnk_mul(sp, u, e->x[0], e->x[1]);
    dnk_mul_d(sp, u, u, 0.5);
    for (unsigned i = 0; i < 8; i++) {
        dnk_mul_d(sp, e->t[0], e->x[i], (double)(i + 1) / 10.0);
        dnk_add(sp, u, u, e->t[0]);
    }
    dnk_mul(sp, e->t[0], e->x[2], e->x[5]);
    dnk_mul(sp, e->t[0], e->t[0], e->x[7]);
    dnk_mul_d(sp, e->t[0], e->t[0], 0.25);
    dnk_add(sp, u, u, e->t[0]);
    dnk_mul(sp, e->t[0], e->x[3], e->x[6]);
    dnk_mul_d(sp, e->t[0], e->t[0], 0.125);
    dnk_sub(sp, u, u, e->t[0]);
}

static inline void w7(refk_env *e, double *r) /* exp(x y z) sin(x + y + z) + 1/(1 + x^2 + 2 y^2 + 3 z^2) */
{
    dnk_space *sp = e->sp;
    double *a = e->t[1], *b = e->t[2], *x = e->x[0], *y = e->x[1], *z = e->x[2];
    dnk_mul(sp, a, x, y);
    dnk_mul(sp, a, a, z);
    dnk_exp(sp, a, a);
    dnk_add(sp, b, x, y);
    dnk_add(sp, b, b, z);
    dnk_sin(sp, b, b);
    dnk_mul(sp, r, a, b);
    dnk_mul(sp, a, x, x);
    dnk_mul(sp, b, y, y);
    dnk_mul_d(sp, b, b, 2.0);
    dnk_add(sp, a, a, b);
    dnk_mul(sp, b, z, z);
    dnk_mul_d(sp, b, b, 3.0);
    dnk_add(sp, a, a, b);
    dnk_add_d(sp, a, a, 1.0);
    dnk_d_div(sp, a, 1.0, a);
    dnk_add(sp, r, r, a);
}

/* the standard normal cdf (1 + erf(t / sqrt 2)) / 2 in place */
static inline void ncdf(dnk_space *sp, double *t)
{
    dnk_mul_d(sp, t, t, 0.70710678118654752440);
    dnk_erf(sp, t, t);
    dnk_add_d(sp, t, t, 1.0);
    dnk_mul_d(sp, t, t, 0.5);
}

static inline void bs(refk_env *e, double *r) /* S N(d1) - exp(-r tau) N(d2), strike 1 */
{
    dnk_space *sp = e->sp;
    double *s = e->x[0], *sig = e->x[1], *tau = e->x[2], *rr = e->x[3];
    double *st = e->t[0], *d1 = e->t[1], *d2 = e->t[2], *q = e->t[3];
    dnk_sqrt(sp, st, tau);
    dnk_mul(sp, st, st, sig); /* sig sqrt(tau) */
    dnk_mul(sp, q, sig, sig);
    dnk_mul_d(sp, q, q, 0.5);
    dnk_add(sp, q, q, rr);
    dnk_mul(sp, q, q, tau);
    dnk_log(sp, d1, s);
    dnk_add(sp, d1, d1, q);
    dnk_div(sp, d1, d1, st);
    dnk_sub(sp, d2, d1, st);
    ncdf(sp, d1);
    ncdf(sp, d2);
    dnk_mul(sp, r, s, d1);
    dnk_mul(sp, q, rr, tau);
    dnk_neg(sp, q, q);
    dnk_exp(sp, q, q);
    dnk_mul(sp, q, q, d2);
    dnk_sub(sp, r, r, q);
}

typedef int (*un_rt)(dnk_space *, double *, const double *);

/* Row row on the run-time API: x[0..k-1] the variables, t[] scratch; returns 0 for an
 * unknown function name or a failed call. */
static inline int refk_eval(const dn_refk_row *row, refk_env *e, double *out)
{
    static const struct { const char *name; un_rt f; } un[] = {
        {"exp", dnk_exp}, {"expm1", dnk_expm1}, {"log", dnk_log}, {"log1p", dnk_log1p},
        {"sqrt", dnk_sqrt}, {"cbrt", dnk_cbrt}, {"sin", dnk_sin}, {"cos", dnk_cos},
        {"tan", dnk_tan}, {"asin", dnk_asin}, {"acos", dnk_acos}, {"atan", dnk_atan},
        {"sinh", dnk_sinh}, {"cosh", dnk_cosh}, {"tanh", dnk_tanh}, {"asinh", dnk_asinh},
        {"acosh", dnk_acosh}, {"atanh", dnk_atanh}, {"erf", dnk_erf}, {"erfc", dnk_erfc},
        {"abs", dnk_abs},
    };
    dnk_space *sp = e->sp;
    double *u = e->t[3], *v = e->t[2];
    if (strcmp(row->fn, "w7") == 0) {
        w7(e, out);
        return 1;
    }
    if (strcmp(row->fn, "bs") == 0) {
        bs(e, out);
        return 1;
    }
    if (row->k == 3) u3(e, u);
    else if (row->k == 4) u4(e, u);
    else u8(e, u);
    for (size_t i = 0; i < sizeof un / sizeof un[0]; i++)
        if (strcmp(row->fn, un[i].name) == 0) return un[i].f(sp, out, u) == DN_OK;
    if (strcmp(row->fn, "recip") == 0) return dnk_d_div(sp, out, 1.0, u) == DN_OK;
    if (strcmp(row->fn, "powd") == 0) return dnk_pow_d(sp, out, u, row->param) == DN_OK;
    if (strcmp(row->fn, "pown") == 0) return dnk_pown(sp, out, u, (long)row->param) == DN_OK;
    v3(e, v);
    if (strcmp(row->fn, "pow") == 0) return dnk_pow(sp, out, u, v) == DN_OK;
    if (strcmp(row->fn, "atan2") == 0) return dnk_atan2(sp, out, u, v) == DN_OK;
    if (strcmp(row->fn, "hypot") == 0) return dnk_hypot(sp, out, u, v) == DN_OK;
    return 0;
}

/* Whole expressions (W7, Black-Scholes) cancel terms: 1e-11 as the other families.
 * pow runs in double (as Dnum2; the 1-D families use extended precision): its
 * exp(b log a) recurrence cancels at composite arguments, 2.0e-13 measured. erfc at
 * u0 = 2.01: the value (0.0045) is small beside the terms of exp(-u^2) that form the
 * higher partials, 9.9e-13 measured at order 8. */
static inline double refk_tol(const dn_refk_row *r)
{
    if (strcmp(r->fn, "w7") == 0 || strcmp(r->fn, "bs") == 0) return 1e-11;
    if (strcmp(r->fn, "pow") == 0) return 5e-13;
    if (strcmp(r->fn, "erfc") == 0) return 2e-12;
    return 1e-13;
}

/* The partials of row row (graded order, as the table) into d[dnk_size(row->k,
 * DN_REFK_ORDER)]; returns 0 for an unknown function name or a failed call. */
static inline int refk_derivs(const dn_refk_row *row, double *d)
{
    dnk_space sp;
    if (dnk_space_init(&sp, row->k, DN_REFK_ORDER) != DN_OK) return 0;
    size_t S = dnk_size(row->k, DN_REFK_ORDER);
    double *buf = malloc(13 * S * sizeof(double));
    int ok = buf != NULL;
    if (ok) {
        double *out = buf + 12 * S;
        refk_env e = {.sp = &sp};
        for (unsigned i = 0; i < 8; i++) e.x[i] = buf + i * S;
        for (unsigned i = 0; i < 4; i++) e.t[i] = buf + (8 + i) * S;
        for (unsigned i = 0; i < row->k; i++) dnk_set_var(&sp, e.x[i], i, row->x[i]);
        ok = refk_eval(row, &e, out) && dnk_get_derivs(&sp, d, out) == DN_OK;
    }
    free(buf);
    dnk_space_clear(&sp);
    return ok;
}

#endif
