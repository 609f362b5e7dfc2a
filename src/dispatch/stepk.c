/* One instruction of the expression evaluator on multivariate numbers (dni_expr_stepk):
 * the kernel dispatch on the Dnumk layout (every mixed partial of k variables to total
 * order n, as Taylor coefficients in graded order, kernelk.h), at run-time k and n, shared
 * by the evaluator (src/expr_evalk.c), its error bounds (src/expr_err.c), the dnk_* functions
 * of the special functions (src/dnumk.c) and the Dnum2 dispatcher (step2.c).
 *
 * The elementary functions run their kernelk.h kernels; the special functions of
 * kernel_special.h compose their point series at the value u_0, taken from the
 * one-variable kernel at the seed (u_0, 1, 0, ...), with the argument (dnik_tcompose,
 * about n block products), as Dnum2 composes them, but for those with a kernel of
 * kernelk_special.h (the piecewise functions, on the flat array as in every family, and
 * one whose composition loses digits near its pole). Nothing here names a function: the
 * dispatch is expanded from the operation table (dnum/internal/ops.h). */
#include <string.h>
#define DN_NO_UNROLL /* run-time k and n: the kernels stay rolled loops */
#include "dnum/internal/kernelk.h"
#include "dnum/dnumk.h"
#include "../expr_impl.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in src/inlines.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/* t = f(u) for the one-argument function op of kernel_special.h (m: the integer first
 * argument of a DNI_OPS_INT row): its derivatives at u_0 from the one-variable kernel at
 * the seed (exec.c's dispatcher), composed with u. ws: 5 S doubles. */
static void compose_special(double *t, const double *u, unsigned op, double m, unsigned K,
                            unsigned N, double *ws)
{
    double seed[DNK_ORDER_MAX + 1] = {u[0]}, dh[DNK_ORDER_MAX + 1];
    double sws[DNI_W_MAX(DNK_ORDER_MAX)]; /* the scratch of every 1-D kernel */
    if (N >= 1) seed[1] = 1.0;
    dni_expr_exec_w(op, dh, seed, seed, m, N, sws, NULL); /* (no wide scratch: DNI_WS) */
    dnik_tcompose(t, dh, u, K, N, ws);
}

/* The kernel prefix dnix_ of DNI_EXPR_EXEC_BY: K, N, M = S - 1 and the scratch w are
 * those of dn_expr_evalk's loop (the _w names drop DNI_EXPR_EXEC's scratch argument).
 * Linear operations on the flat array, the others by kernelk.h. */
#define dnix_set_const(d, c, n) dni_set_const(d, c, M)
#define dnix_add(d, a, b, n) dni_add(d, a, b, M)
#define dnix_sub(d, a, b, n) dni_sub(d, a, b, M)
#define dnix_neg(d, a, n) dni_neg(d, a, M)
#define dnix_add_d(d, a, c, n) dni_add_d(d, a, c, M)
#define dnix_mul_d(d, a, c, n) dni_mul_d(d, a, c, M)
#define dnix_d_div_w(d, c, a, n, ...) dnik_d_div(d, c, a, K, N, w)
#define dnix_pown_w(d, a, m, n, ...) dnik_pown(d, a, m, K, N, w)
#define dnix_pow_d_w(d, a, p, n, ...) dnik_pow_d(d, a, p, K, N, w)
#define dnix_mul_w(d, a, b, n, ...) dnik_mul(d, a, b, K, N, w)
#define dnix_div_w(d, a, b, n, ...) dnik_div(d, a, b, K, N, w)
/* The rows of the operation table (the row macros DNIX_ROW_*): the elementary functions and
 * the two-argument special ones by their kernelk.h kernels dnik_<f>; the one-argument
 * special functions by theirs where kernelk_special.h has one (DNIK_OWN_<f>), else
 * composed; those with an integer first argument composed. */
#define DNIX_ROW_ELEM1(f, shape, P, d, a, ...) dnik_##f(d, a, K, N, w)
#define DNIX_ROW_ELEM2(f, shape, P, d, a, b, ...) dnik_##f(d, a, b, K, N, w)
#define DNIX_ROW_SPECIAL2(f, shape, P, d, a, b, ...) dnik_##f(d, a, b, K, N, w)
#define DNIX_ROW_SPECIAL1(f, shape, P, d, a, ...)                                          \
    DNIK_IF_OWN(f, dnik_##f(d, a, K, N, w), compose_special(d, a, op, 0, K, N, w))
#define DNIX_ROW_INT(f, shape, P, d, a, b, c, ...)                                         \
    compose_special(d, a, op, (int)(c), K, N, w)

void dni_expr_stepk(unsigned op, double *d, const double *a, const double *b, double c,
                    unsigned K, unsigned N, double *w)
{
    const unsigned M = (unsigned)(dnik_size(K, N) - 1);
    DNI_EXPR_EXEC_BY(DNIX_ROW_, dnix_, op, d, a, b, c, N, w, )
}

void dni_stepk_pown(double *d, const double *u, long m, unsigned K, unsigned N, double *w)
{
    dnik_pown(d, u, m, K, N, w);
}
void dni_stepk_apply(double *d, const double *u, dn_deriv_fn h, void *ctx, unsigned K,
                     unsigned N, double *w)
{
    dnik_apply(d, u, h, ctx, K, N, w);
}
void dni_stepk_sincos(double *s, double *c, const double *u, unsigned K, unsigned N,
                      double *w)
{
    dnik_sincos(s, c, u, K, N, w);
}
void dni_stepk_sinhcosh(double *s, double *c, const double *u, unsigned K, unsigned N,
                        double *w)
{
    dnik_sinhcosh(s, c, u, K, N, w);
}
