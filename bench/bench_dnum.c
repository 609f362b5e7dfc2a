/* Benchmark of the fixed-order Dnum family on workloads W1 and W2 of docs/benchmarks.md.
 *
 * Prints RESULT lines (docs/benchmarks.md), so they compare row by row with the C floor
 * bench/floor.c (run both in one go with python3 tools/bench_compare.py):
 *   RESULT,<peer>,<flags>,<workload>,<N>,ns_per_point,<best>,<median>,<checksum>,
 * Usage: bench_dnum [W1|W2|all] [N]
 *
 * The seed derivatives of the variable are hidden from the optimiser (as the floor does
 * with OPAQUE), so the measured work is the dense work a general point costs.
 */
#include "bench_common.h"

FIXED_W(2)
FIXED_W(4)
FIXED_W(8)
FIXED_W(16)

static void run(const char *wl, int n, double (*f)(void), int argc, char **argv)
{
    if (wanted(wl, n, argc, argv)) measure("dnum_fixed", wl, n, f);
}
int main(int argc, char **argv)
{
    run("W1", 2, w1_2, argc, argv);
    run("W1", 4, w1_4, argc, argv);
    run("W1", 8, w1_8, argc, argv);
    run("W1", 16, w1_16, argc, argv);
    run("W2", 2, w2_2, argc, argv);
    run("W2", 4, w2_4, argc, argv);
    run("W2", 8, w2_8, argc, argv);
    run("W2", 16, w2_16, argc, argv);
    return 0;
}
