/* Linkable copies of dnum2_o1_* ... dnum2_o16_* (src/inlines.c emits dnum_o1_* ...
 * dnum_o32_*): the same file with the other family's linkage, compiled in parallel. */
#define DNUM2_FIXED_DECL
#include "inlines.c"
