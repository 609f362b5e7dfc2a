/* The extended-precision evaluator of dnum/expr.h (dn_expr_eval_ext, dn_expr_eval_dvec_ext,
 * dn_ext_bits, dn_expr_work_size_ext, and the low parts of the parser's constants):
 * src/expr_eval_ext_body.h on the extended type of src/kernel_ext.h. */
#include "kernel_ext.h" /* first: it selects the C library's declarations */
#include "expr_eval_ext_body.h"
