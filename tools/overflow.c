/* Overflow or singularity (overflow.h). */
#include "overflow.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/dnumk.h>

void ovf_init(struct ovf *o, const dn_expr *e, unsigned nvars, unsigned n, int family)
{
    memset(o, 0, sizeof *o);
    o->e = e;
    o->nvars = nvars;
    o->n = n;
    o->family = family;
    o->len = family == OVF_ONE   ? (size_t)n + 1
             : family == OVF_TWO ? (size_t)(n + 1) * (n + 2) / 2
                                 : dnk_size(nvars, n);
}

void ovf_free(struct ovf *o)
{
    free(o->args);
    free(o->res);
    free(o->work);
    o->args = o->res = o->work = NULL;
}

/* Runs o's evaluator on o->args into o->res. */
static void eval(struct ovf *o)
{
    if (o->family == OVF_ONE) dn_expr_eval(o->e, o->n, o->args, o->res, o->work);
    else if (o->family == OVF_TWO) dn_expr_eval2(o->e, o->n, o->args, o->res, o->work);
    else dn_expr_evalk(o->e, o->nvars, o->n, o->args, o->res, o->work);
}

static int all_finite(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i])) return 0;
    return 1;
}

int ovf_check(struct ovf *o, const double *pt)
{
    if (!o->work) {
        size_t w = o->family == OVF_ONE   ? dn_expr_work_size(o->e, o->n)
                   : o->family == OVF_TWO ? dn_expr_work_size2(o->e, o->n)
                                          : dn_expr_work_sizek(o->e, o->nvars, o->n);
        o->args = malloc(o->nvars * o->len * sizeof(double));
        o->res = malloc(o->len * sizeof(double));
        o->work = malloc((w ? w : 1) * sizeof(double));
        if (!o->args || !o->res || !o->work) {
            ovf_free(o);
            return -1;
        }
    }
    static const int scale[] = {8, 64, 1000};
    for (size_t t = 0; t < sizeof scale / sizeof scale[0]; t++) {
        memset(o->args, 0, o->nvars * o->len * sizeof(double));
        for (unsigned v = 0; v < o->nvars; v++) {
            o->args[v * o->len] = pt[v];
            if (o->n >= 1) o->args[v * o->len + 1 + v] = ldexp(1.0, -scale[t]);
        }
        eval(o);
        if (all_finite(o->res, o->len)) return 1;
    }
    return 0;
}

int ovf_coeffs_finite(const dn_expr *e, unsigned nvars, unsigned n, const double *pt,
                      size_t count)
{
    struct ovf o;
    ovf_init(&o, e, nvars, n, nvars == 1 ? OVF_ONE : OVF_K);
    if (o.len == 0) return 0; /* beyond dn_expr_evalk's limits */
    size_t w = nvars == 1 ? dn_expr_work_size(e, n) : dn_expr_work_sizek(e, nvars, n);
    o.args = calloc(nvars * o.len, sizeof(double));
    o.res = malloc(o.len * sizeof(double));
    o.work = malloc((w ? w : 1) * sizeof(double));
    int r = -1;
    if (o.args && o.res && o.work) {
        for (unsigned v = 0; v < nvars; v++) {
            o.args[v * o.len] = pt[v];
            if (n >= 1) o.args[v * o.len + 1 + v] = 1.0;
        }
        if (nvars == 1) dn_expr_eval_coeffs(e, n, o.args, o.res, o.work);
        else dn_expr_evalk(e, nvars, n, o.args, o.res, o.work);
        r = all_finite(o.res, count < o.len ? count : o.len);
    }
    ovf_free(&o);
    return r;
}
