/* One instruction on the Dnum2 layout (triangles of mixed partials, kernel2.h) at run-time
 * order (dni_expr_step2): the dispatch of the evaluator dn_expr_eval2 (src/expr_eval2.c)
 * and of the batch engines' Dnum2 layout, and the library's one compiled copy of the
 * Dnum2 kernels with scratch, the linkable copies' dni2_xk_* (src/kernels_x.h, called by
 * dnum2_oN_* in src/inlines.c). */
#include <string.h>
#define DN_NO_UNROLL                 /* run-time orders: the kernels stay rolled loops */
#define DNI_SP_S(name) dni_xk_##name /* the point series: exec.c's copies */
#include "../kernels_x.h"
#include "dnum/internal/kernel2.h"
#include "../expr_impl.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in src/inlines.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

size_t dni_expr_step2_doubles(unsigned n)
{
    return DNI_MAX2(DNI2_WORK(n), DNI2_W_SP(n)); /* (kernel2.h, kernel2_special.h) */
}

/* The quotient, the powers and the elementary functions of the Dnum2 kernels are
 * kernelk.h's recurrences at K = 2 on Taylor triangles (kernel2.h: to_t, dnik_<f>, from_t):
 * here they run on the one compiled copy of those recurrences, the k-variate dispatcher
 * (stepk.c), at K = 2, the same operations in the same order (the same bits) without
 * compiling them again. d = op(a, b; c) (b read when two is set); ws: DNI2_WORK(n)
 * doubles (three triangles, then the k-variate kernels' scratch). */
static void taylor2(unsigned op, double *d, const double *a, const double *b, double c,
                    unsigned n, double *ws, int two)
{
    const unsigned S = DNI2_S(n);
    dni2_to_t(ws, a, n);
    if (two) dni2_to_t(ws + S, b, n);
    dni_expr_stepk(op, ws + 2 * S, ws, two ? ws + S : ws, c, 2, n, ws + 3 * S);
    dni2_from_t(d, ws + 2 * S, n);
}
/* c / u, as dni2_d_div_w: the quotient of the constant's triangle by u */
static void taylor2_d_div(double *d, double c, const double *u, unsigned n, double *ws)
{
    const unsigned S = DNI2_S(n);
    dni2_set_const(ws, c, n); /* (its Taylor triangle: c, 0, ...) */
    dni2_to_t(ws + S, u, n);
    dni_expr_stepk(DN_OP_DIV, ws + 2 * S, ws, ws + S, 0.0, 2, n, ws + 3 * S);
    dni2_from_t(d, ws + 2 * S, n);
}

/* The kernel prefix dni2x_ and the row macros DNI2X_ROW_* of DNI_EXPR_EXEC_BY: the linear
 * operations, the Leibniz product and |u| on the stored derivatives (kernel2.h), the
 * special functions by kernel2_special.h's kernels, the rest through taylor2. */
#define dni2x_set_const dni2_set_const
#define dni2x_add dni2_add
#define dni2x_sub dni2_sub
#define dni2x_neg dni2_neg
#define dni2x_add_d dni2_add_d
#define dni2x_mul_d dni2_mul_d
#define dni2x_mul_w dni2_mul_w
#define dni2x_div_w(d, a, b, n, ws) taylor2(DN_OP_DIV, d, a, b, 0.0, n, ws, 1)
#define dni2x_d_div_w(d, c, a, n, ws) taylor2_d_div(d, c, a, n, ws)
#define dni2x_pown_w(d, a, m, n, ws) taylor2(DN_OP_POWN, d, a, a, (double)(m), n, ws, 0)
#define dni2x_pow_d_w(d, a, p, n, ws) taylor2(DN_OP_POW_D, d, a, a, p, n, ws, 0)
#define DNI2X_ROW_ELEM2(f, shape, P, d, a, b, c, n, ws, ...)                               \
    taylor2(op, d, a, b, c, n, ws, 1)
#define DNI2X_ROW_ELEM1(f, shape, P, d, a, b, c, n, ws, ...)                               \
    DNI2X_U_##shape(f, d, a, c, n, ws)
#define DNI2X_U_DNI_NOWS(f, d, a, c, n, ws) dni2_##f(d, a, n)
#define DNI2X_U_DNI_WS(f, d, a, c, n, ws) taylor2(op, d, a, a, c, n, ws, 0)
#define DNI2X_U_DNI_WSW DNI2X_U_DNI_WS
#define DNI2X_ROW_SPECIAL1(f, shape, P, ...)                                               \
    DNI_EXPR_ROW_SPECIAL1(f, shape, dni2_, __VA_ARGS__)
#define DNI2X_ROW_SPECIAL2(f, shape, P, ...)                                               \
    DNI_EXPR_ROW_SPECIAL2(f, shape, dni2_, __VA_ARGS__)
#define DNI2X_ROW_INT(f, shape, P, ...) DNI_EXPR_ROW_INT(f, shape, dni2_, __VA_ARGS__)

/* One instruction on the Dnum2 layout at order n: the one compiled copy of the Dnum2
 * kernels with scratch, shared with the linkable copies dnum2_oN_* (src/kernels_x.h). */
static void exec2(unsigned op, double *d, const double *a, const double *b, double c,
                  unsigned n, double *ws)
{
    DNI_EXPR_EXEC_BY(DNI2X_ROW_, dni2x_, op, d, a, b, c, n, ws, )
}

#define XU_DNI_WS(f, OP)                                                                   \
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
/* the kernels called directly (DNI_XK_DIRECT's set), through stepk.c's copies as
 * taylor2 does */
void dni2_xk_pown_w(double *r, const double *u, long m, unsigned n, double *ws)
{
    const unsigned S = DNI2_S(n);
    dni2_to_t(ws, u, n);
    dni_stepk_pown(ws + S, ws, m, 2, n, ws + 3 * S);
    dni2_from_t(r, ws + S, n);
}
void dni2_xk_apply_w(double *r, const double *u, dn_deriv_fn h, void *ctx, unsigned n,
                     double *ws)
{
    const unsigned S = DNI2_S(n);
    dni2_to_t(ws, u, n);
    dni_stepk_apply(ws + S, ws, h, ctx, 2, n, ws + 3 * S);
    dni2_from_t(r, ws + S, n);
}
#define PAIR(f)                                                                            \
    void dni2_xk_##f##_w(double *s, double *c, const double *u, unsigned n, double *ws)    \
    {                                                                                      \
        const unsigned S = DNI2_S(n);                                                      \
        dni2_to_t(ws, u, n);                                                               \
        dni_stepk_##f(ws + S, ws + 2 * S, ws, 2, n, ws + 3 * S);                           \
        dni2_from_t(s, ws + S, n);                                                         \
        dni2_from_t(c, ws + 2 * S, n);                                                     \
    }
PAIR(sincos)
PAIR(sinhcosh)
#undef PAIR
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
