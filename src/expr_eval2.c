/* The expression evaluator on bivariate numbers (the Dnum2 layout: triangles of mixed
 * partials, kernel2.h), at run-time order. The program is the same as for one variable:
 * only the register size and the kernel prefix change. */
#include <string.h>
#define DN_NO_UNROLL /* run-time orders: the kernels stay rolled loops */
#include "dnum/internal/kernel2.h"
#include "expr_impl.h"
#include "kernels_x.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in inlines.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

size_t dni_expr_step2_doubles(unsigned n)
{
    return DNI_MAX2(DNI2_WORK(n), DNI2_W_SP(n)); /* (kernel2.h, kernel2_special.h) */
}

size_t dn_expr_work_size2(const dn_expr *e, unsigned n)
{
    if (!e || n > DN_EXPR_MAX_ORDER2) return 0;
    /* the registers, then the kernels' scratch */
    return (size_t)e->nregs * dni2_size(n) + dni_expr_step2_doubles(n);
}

/* One instruction on the Dnum2 layout at order n: the one compiled copy of the Dnum2
 * kernels with scratch, shared with the linkable copies dnum2_oN_* (src/kernels_x.h). */
static void exec2(unsigned op, double *d, const double *a, const double *b, double c,
                  unsigned n, double *ws)
{
    DNI_EXPR_EXEC(dni2_, op, d, a, b, c, n, ws, )
}

#define XU_DNI_WS(f, OP)                                                                    \
    void dni2_xk_##f##_w(double *r, const double *u, unsigned n, double *ws)               \
    {                                                                                      \
        exec2(DN_OP_##OP, r, u, u, 0.0, n, ws);                                            \
    }
#define XB(A, f, OP, ...)                                                                  \
    void dni2_xk_##f##_w(double *r, const double *a, const double *b, unsigned n,          \
                         double *ws)                                                       \
    {                                                                                      \
        exec2(DN_OP_##OP, r, a, b, 0.0, n, ws);                                            \
    }
#define XI(A, f, OP, ...)                                                                  \
    void dni2_xk_##f##_w(double *r, const double *u, int m, unsigned n, double *ws)        \
    {                                                                                      \
        exec2(DN_OP_##OP, r, u, u, (double)m, n, ws);                                      \
    }
#define XU(A, f, OP, shape, ...) XU_##shape(f, OP)
#define XU_DNI_NOWS(f, OP)
#define XU_DNI_WSW XU_DNI_WS
DNI_XK_LIST(XU, XB, XI)
void dni2_xk_pow_d_w(double *r, const double *u, double p, unsigned n, double *ws)
{
    exec2(DN_OP_POW_D, r, u, u, p, n, ws);
}
void dni2_xk_d_div_w(double *r, double c, const double *u, unsigned n, double *ws)
{
    exec2(DN_OP_D_DIV, r, u, u, c, n, ws);
}
DNI_XK_DIRECT(dni2_xk_, dni2_, , )
#undef XU
#undef XU_DNI_NOWS
#undef XU_DNI_WS
#undef XU_DNI_WSW
#undef XB
#undef XI

void dni_expr_step2(unsigned op, double *d, const double *a, const double *b, double c,
                    unsigned n, double *ws)
{
    exec2(op, d, a, b, c, n, ws);
}

int dn_expr_eval2(const dn_expr *e, unsigned n, const double *args, double *out, double *work)
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
        exec2(i->op, d, a, b, c, n, ws);
    }
    memmove(out, work + e->result * len, len * sizeof(double));
    return DN_OK;
}
