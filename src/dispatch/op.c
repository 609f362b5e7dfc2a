/* One instruction at order n with the fastest kernel the library has for that order
 * (dni_expr_op): the operations of Dvec (src/dvec_ops.c). The order-specialised operations
 * (orders 1..8, fixed.c and fixed_hi.c), the table of constant-order kernels (up to
 * DVEC_CONST_MAX, src/dvec_kernels.c; ktab.h), else the rolled kernels (exec.c). */
#define DN_NO_UNROLL /* run-time orders: the kernels stay rolled loops */
#include "dnum/internal/kernel.h"
#include "ktab.h"

void dni_expr_op(unsigned op, double *d, const double *a, const double *b, double c,
                 unsigned n, double *ws, dni_wide *ww)
{
    if (n - DN_EXPR_SPEC_MIN <= DN_EXPR_SPEC_MAX - DN_EXPR_SPEC_MIN) {
        dni_expr_ops(n)[op](d, a, b, c);
    } else if (n <= DVEC_CONST_MAX) {
        const dvec_ktab *K = &dni_dvec_k[n];
        double wt[DNI_W_MAX(DVEC_CONST_MAX)]; /* the special functions' */
        DNI_EXPR_EXEC_BY(DNI_KT_ROW_, dni_kt_, op, d, a, b, c, n, wt, )
    } else {
        dni_expr_exec_w(op, d, a, b, c, n, ws, ww);
    }
}
