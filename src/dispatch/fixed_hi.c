/* The order-specialised expression evaluator for the orders of DNI_EXPR_SPECIALISED_HI
 * (6, 7 and 8): fixed.c compiled a second time, so that the two halves of its work
 * build in parallel. */
#define DNI_EXPR_ORDERS DNI_EXPR_SPECIALISED_HI
#define DNI_EXPR_RUN dni_expr_run_fixed_hi
#define DNI_EXPR_OTHERS(e, w, n) ((void)(e), (void)(w), (void)(n), 0)
#define DNI_EXPR_TABLES dni_expr_ops_hi
#include "fixed.c"
