/* W1 on the static inline C functions (the dnum_fixed rows of bench_dnum), linked into
 * bench_w1_cpp so that C, dnum.hpp and Boost run side by side in one process. */
#include "bench_common.h"
#include "w1_c.h"

FIXED_W(2)
FIXED_W(4)
FIXED_W(8)
FIXED_W(16)

double w1_c(int n)
{
    switch (n) {
    case 2: return w1_2();
    case 4: return w1_4();
    case 8: return w1_8();
    case 16: return w1_16();
    default: return NAN;
    }
}
