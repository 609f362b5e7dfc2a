/* One instruction on the table of constant-order kernels (dvec_ktab, src/dvec_kernels.c):
 * the kernel prefix dni_kt_ and the row macros DNI_KT_ROW_* of DNI_EXPR_EXEC_BY, expanded
 * where K (const dvec_ktab *) is the table of the constant order n: by the evaluator's
 * program at the orders without a specialised program (run_tab, src/expr_eval.c) and by
 * the operations of Dvec (dni_expr_op, op.c). Include after dnum/internal/kernel.h. */
#ifndef DNUM_DISPATCH_KTAB_H
#define DNUM_DISPATCH_KTAB_H

#include "../expr_impl.h"
#include "../dvec_impl.h" /* the constant-order kernel table dni_dvec_k */
#include "../kernels_x.h"

/* The kernel prefix dni_kt_: the O(N^2) operations through the kernel table K of the
 * constant order n (unrolled), the linear ones as rolled loops (the table's instances
 * keep their scratch on the stack: these drop ws and ww). */
#define dni_kt_set_const dni_set_const
#define dni_kt_add dni_add
#define dni_kt_sub dni_sub
#define dni_kt_neg dni_neg
#define dni_kt_add_d dni_add_d
#define dni_kt_mul_d dni_mul_d
#define dni_kt_d_div_w(d, c, a, n, ...) K->d_div(d, c, a)
#define dni_kt_pown_w(d, a, m, n, ...) K->pown(d, a, m)
#define dni_kt_pow_d_w(d, a, p, n, ...) K->pow_d(d, a, p)
#define dni_kt_mul_w(d, a, b, n, ...) K->mul(d, a, b)
#define dni_kt_div_w(d, a, b, n, ...) K->div(d, a, b)
/* The rows of the operation table (DNI_EXPR_EXEC_BY's row macros DNI_KT_ROW_*): the
 * elementary functions through K (abs, without scratch, as a rolled loop); the special
 * functions, which K does not hold, by the library's one compiled copy of their rolled
 * kernels dni_xk_<f>_w (their point series cost far more than a call). */
#define DNI_KT_ROW_ELEM1(f, shape, P, d, a, b, c, n, ...) DNI_KT_UN_##shape(f, d, a, n)
#define DNI_KT_UN_DNI_NOWS(f, d, a, n) dni_##f(d, a, n)
#define DNI_KT_UN_DNI_WS(f, d, a, n) K->f(d, a)
#define DNI_KT_UN_DNI_WSW(f, d, a, n) K->f(d, a)
#define DNI_KT_ROW_ELEM2(f, shape, P, d, a, b, ...) K->f(d, a, b)
#define DNI_KT_ROW_SPECIAL1(f, shape, P, ...)                                              \
    DNI_EXPR_ROW_SPECIAL1(f, shape, dni_xk_, __VA_ARGS__)
#define DNI_KT_ROW_SPECIAL2(f, shape, P, ...)                                              \
    DNI_EXPR_ROW_SPECIAL2(f, shape, dni_xk_, __VA_ARGS__)
#define DNI_KT_ROW_INT(f, shape, P, ...) DNI_EXPR_ROW_INT(f, shape, dni_xk_, __VA_ARGS__)

#endif /* DNUM_DISPATCH_KTAB_H */
