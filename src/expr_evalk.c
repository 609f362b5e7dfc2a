/* The expression evaluator on multivariate numbers (the Dnumk layout: every mixed partial
 * of k variables to total order n, as Taylor coefficients in graded order, kernelk.h), at
 * run-time k and n. The program is the same as for one variable: only the register size
 * (C(n+k, k) doubles) and the kernels change.
 *
 * Every instruction computes into a scratch number (dni_expr_stepk, dispatch/stepk.c), then
 * copies it to its register (the kernelk.h functions must not write over their operands,
 * and a program reuses registers). */
#include <string.h>
#include "dnum/dnumk.h"
#include "expr_impl.h"

_Static_assert(DN_EXPR_MAX_VARSK == DNK_VARS_MAX && DN_EXPR_MAX_ORDERK == DNK_ORDER_MAX,
               "expr.h's limits of dn_expr_evalk are Dnumk's");

/* The registers, one scratch result, and the kernels' scratch (numbers of S doubles). */
#define DNIX_EXTRA (1 + DNIK_WORK(1))

size_t dn_expr_work_sizek(const dn_expr *e, unsigned k, unsigned n)
{
    size_t s = e && k <= DN_EXPR_MAX_VARSK ? dnk_size(k, n) : 0;
    return s ? ((size_t)e->nregs + DNIX_EXTRA) * s : 0;
}

int dn_expr_evalk(const dn_expr *e, unsigned k, unsigned n, const double *args, double *out,
                  double *work)
{
    if (!e || !out || !work || (e->nvars && !args) || k == 0) return DN_EINVAL;
    size_t S = k <= DN_EXPR_MAX_VARSK ? dnk_size(k, n) : 0;
    if (S == 0) return DN_ERANGE;
    double *t = work + (size_t)e->nregs * S, *w = t + S;
    if (e->nvars) memcpy(work, args, e->nvars * S * sizeof(double));
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++) {
        dni_expr_stepk(i->op, t, work + i->a * S, work + i->b * S, i->c, k, n, w);
        memcpy(work + i->dst * S, t, S * sizeof(double));
    }
    memmove(out, work + e->result * S, S * sizeof(double));
    return DN_OK;
}
