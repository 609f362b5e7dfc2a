/* The order-specialised expression evaluator for the orders of _DN_EXPR_SPECIALISED_HI
 * (6, 7 and 8): expr_fixed.c compiled a second time, so that the two halves of its work
 * build in parallel. */
#define _DN_EXPR_ORDERS _DN_EXPR_SPECIALISED_HI
#define _DN_EXPR_RUN _dn_expr_run_fixed_hi
#define _DN_EXPR_OTHERS(e, w, n) ((void)(e), (void)(w), (void)(n), 0)
#define _DN_EXPR_TABLES _dn_expr_ops_hi
#include "expr_fixed.c"
