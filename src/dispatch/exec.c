/* One instruction of the expression evaluators on arrays of derivatives at run-time order
 * (dni_expr_exec_w, dni_expr_exec: the kernel dispatch shared by the evaluator of
 * src/expr_eval.c, the specialised programs of fixed.c and fixed_hi.c beyond their
 * inline kernels, and the parser's constant folding, dni_expr_fold), and the kernels of the
 * linkable fixed-order copies (src/kernels_x.h), which are the dispatcher's. */
#include <stdint.h>
#include <string.h>
#define DN_NO_UNROLL /* run-time orders: the kernels stay rolled loops */
#include "dnum/internal/kernel.h"
#include "../expr_impl.h"
#include "../dvec_impl.h" /* the constant-order kernel table dni_dvec_k */
#include "../range.h"
#include "../kernels_x.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in src/inlines.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

void dni_expr_exec_w(unsigned op, double *d, const double *a, const double *b, double c,
                     unsigned n, double *ws, dni_wide *ww)
{
    DNI_EXPR_EXEC(dni_, op, d, a, b, c, n, ws, DNI_EXPR_COMMA ww)
}

void dni_expr_exec(unsigned op, double *d, const double *a, const double *b, double c,
                   unsigned n)
{
    double ws[DNI_W_MAX(DVEC_CONST_MAX)];
    dni_wide ww[DNI_WW_MAX(DVEC_CONST_MAX)];
    dni_expr_exec_w(op, d, a, b, c, n, ws, ww);
}

/* The kernels of the linkable fixed-order copies (src/kernels_x.h): the dispatcher's */
#define XU_DNI_WS(f, OP)                                                                   \
    void dni_xk_##f##_w(double *r, const double *u, unsigned n, double *ws)                \
    {                                                                                      \
        dni_expr_exec_w(DN_OP_##OP, r, u, u, 0.0, n, ws, NULL);                            \
    }
#define XU_DNI_WSW(f, OP)                                                                  \
    void dni_xk_##f##_w(double *r, const double *u, unsigned n, double *ws, dni_wide *ww)  \
    {                                                                                      \
        dni_expr_exec_w(DN_OP_##OP, r, u, u, 0.0, n, ws, ww);                              \
    }
#define XB_DNI_WS(f, OP)                                                                   \
    void dni_xk_##f##_w(double *r, const double *a, const double *b, unsigned n,           \
                        double *ws)                                                        \
    {                                                                                      \
        dni_expr_exec_w(DN_OP_##OP, r, a, b, 0.0, n, ws, NULL);                            \
    }
#define XB_DNI_WSW(f, OP)                                                                  \
    void dni_xk_##f##_w(double *r, const double *a, const double *b, unsigned n,           \
                        double *ws, dni_wide *ww)                                          \
    {                                                                                      \
        dni_expr_exec_w(DN_OP_##OP, r, a, b, 0.0, n, ws, ww);                              \
    }
#define XI(A, f, OP, ...)                                                                  \
    void dni_xk_##f##_w(double *r, const double *u, int m, unsigned n, double *ws)         \
    {                                                                                      \
        dni_expr_exec_w(DN_OP_##OP, r, u, u, (double)m, n, ws, NULL);                      \
    }
#define XU(A, f, OP, shape, ...) XU_##shape(f, OP)
#define XU_DNI_NOWS(f, OP)
#define XB(A, f, OP, shape, ...) XB_##shape(f, OP)
DNI_XK_LIST(XU, XB, XI)
void dni_xk_pow_d_w(double *r, const double *u, double p, unsigned n, double *ws,
                    dni_wide *ww)
{
    dni_expr_exec_w(DN_OP_POW_D, r, u, u, p, n, ws, ww);
}
void dni_xk_d_div_w(double *r, double c, const double *u, unsigned n, double *ws)
{
    dni_expr_exec_w(DN_OP_D_DIV, r, u, u, c, n, ws, NULL);
}
DNI_XK_DIRECT(dni_xk_, dni_, DNI_XK_WW, DNI_XK_WA)
#define XS(name, params, args)                                                             \
    void dni_xk_##name params                                                              \
    {                                                                                      \
        dni_##name args;                                                                   \
    }
DNI_XK_SERIES(XS)
#undef XS
#undef XU
#undef XU_DNI_NOWS
#undef XU_DNI_WS
#undef XU_DNI_WSW
#undef XB
#undef XB_DNI_WS
#undef XB_DNI_WSW
#undef XI

double dni_expr_fold(unsigned op, double a, double b, double c)
{
    double d[1], ra[1] = {a}, rb[1] = {b};
    dni_expr_exec(op, d, ra, rb, c, 0);
    return d[0];
}
