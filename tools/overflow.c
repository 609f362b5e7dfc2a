/* Overflow or singularity (overflow.h). */
#include "overflow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/dnumk.h>
#include "fmt_double.h"

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

/* The total order of entry i of the results in the graded order of k variables: the
 * smallest t with C(t + k, k) > i (k <= 16, t <= DN_ORDER_MAX: no overflow below). */
static unsigned order_of(size_t i, unsigned k)
{
    unsigned t = 0;
    for (unsigned long long c = 1; c <= i;) { /* c = C(t + k, k) */
        t++;
        c = c * (t + k) / t;
    }
    return t;
}

int ovf_classify(struct ovf *o, const double *d, const double *pt, unsigned *order)
{
    if (ovf_all_finite(d, o->len)) return 0;
    size_t k = 0;
    while (isfinite(d[k])) k++;
    if (k == 0 || !isinf(d[k])) return OVF_OTHER;
    int r = ovf_check(o, pt);
    if (r <= 0) return r < 0 ? -1 : OVF_OTHER;
    *order = order_of(k, o->nvars);
    return OVF_OVERFLOW;
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

int ovf_warn(const struct ovf *o, int coeffs, const char *const *vars, const struct ovf_points *p,
             unsigned long npts)
{
    char at[OVF_VARS_MAX * (DN_EXPR_MAX_NAME + FMT_G17_MAX + 6)] = "", hint[96] = "";
    size_t w = 0;
    for (unsigned v = 0; v < o->nvars; v++) {
        char num[FMT_G17_MAX + 1];
        num[fmt_g17(num, p->pt[v])] = '\0';
        w += (size_t)snprintf(at + w, sizeof at - w, "%s%s = %s", v ? ", " : "", vars[v], num);
    }
    /* where --coeffs gives finite numbers: one variable above order DN_TAYLOR_MAX, and the
     * dnumk engine (its own numbers are the coefficients) */
    const char *how = NULL;
    unsigned n = o->n;
    if (coeffs) {
        how = NULL;
    } else if (o->nvars == 1) {
        how = n > DN_TAYLOR_MAX ? "--coeffs" : "--coeffs -n 171";
        if (n <= DN_TAYLOR_MAX) n = DN_TAYLOR_MAX + 1;
    } else if (n <= DN_EXPR_MAX_ORDERK) {
        how = o->family == OVF_K ? "--coeffs" : "-e dnumk --coeffs";
    }
    if (how) {
        int fin = ovf_coeffs_finite(o->e, o->nvars, n, p->pt, o->len);
        if (fin < 0) return -1;
        snprintf(hint, sizeof hint,
                 fin ? "; %s gives the Taylor coefficients f^(k)/k!, finite there"
                     : "; the Taylor coefficients f^(k)/k! (%s) overflow there too",
                 how);
    }
    fprintf(stderr,
            "dnum-eval: warning: %s overflow a double (printed inf) at %lu of %lu point%s "
            "(first at %s, from %sorder %u)%s\n",
            coeffs ? "Taylor coefficients" : "derivatives", p->n, npts, npts == 1 ? "" : "s", at,
            o->nvars > 1 ? "total " : "", p->k, hint);
    return 0;
}
