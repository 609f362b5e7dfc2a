/* The expression evaluator on bivariate numbers (the Dnum2 layout: triangles of mixed
 * partials, kernel2.h), at run-time order. The program is the same as for one variable:
 * only the register size and the dispatch change (dni_expr_step2, dispatch/step2.c). */
#include <string.h>
#include "dnum/internal/kernel2.h"
#include "expr_impl.h"

size_t dn_expr_work_size2(const dn_expr *e, unsigned n)
{
    if (!e || n > DN_EXPR_MAX_ORDER2) return 0;
    /* the registers, then the kernels' scratch */
    return (size_t)e->nregs * dni2_size(n) + dni_expr_step2_doubles(n);
}

int dn_expr_eval2(const dn_expr *e, unsigned n, const double *args, double *out,
                  double *work)
{
    if (!e || !out || !work || (e->nvars && !args)) return DN_EINVAL;
    if (n > DN_EXPR_MAX_ORDER2) return DN_ERANGE;
    size_t len = dni2_size(n);
    double *ws = work + (size_t)e->nregs * len;
    if (e->nvars) memcpy(work, args, e->nvars * len * sizeof(double));
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++) {
        double *d = work + i->dst * len;
        const double *a = work + i->a * len, *b = work + i->b * len;
        double c = i->c;
        dni_expr_step2(i->op, d, a, b, c, n, ws);
    }
    memmove(out, work + e->result * len, len * sizeof(double));
    return DN_OK;
}
