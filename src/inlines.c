/* Linkable copies of the fixed-order functions dnum_o1_* ... dnum_o32_* (for callers
 * that cannot use the static inline versions: other languages, function pointers
 * across libraries). User code that includes <dnum/dnum.h> gets inline versions. */
#define DN_NO_UNROLL
#define DNUM_FIXED_DECL
#include "dnum/dnum.h"
