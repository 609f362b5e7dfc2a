/* The middle tier of DN_PREC_AUTO (src/expr_err.c): the extended-precision evaluator
 * (src/expr_eval_ext_body.h) compiled for x87 long double, a 64-bit significand in
 * hardware, as dni_expr_eval_ld. A point whose double bound shows fewer than 10 digits
 * is evaluated here first (11 more bits, at a small fraction of the cost of binary128's
 * software arithmetic) and goes on to binary128 only where this result's bound still
 * shows fewer. Compiled only where the extended type is binary128 and long double is the
 * x87 type (DNI_HAVE_LD_TIER, src/expr_impl.h); elsewhere AUTO goes straight to the
 * extended type and this unit is empty. */
#if defined(DN_EXT_F128) && DN_EXT_F128 && defined(__LDBL_MANT_DIG__) &&                   \
    __LDBL_MANT_DIG__ == 64
#undef DN_EXT_F128
#define DN_EXT_F128 0 /* src/kernel_ext.h: the type long double */
#define DNIE_LD_TIER 1
#include "kernel_ext.h"
#include "expr_eval_ext_body.h"
#else
typedef int dni_expr_no_ld_tier; /* (ISO C: a translation unit declares something) */
#endif
