/* W1 and W2 (docs/benchmarks.md) on dnum_oN in a translation unit that uses every built-in
 * order beside the same code in translation units that use one order each.
 *
 * A file that instantiates many orders is large, and GCC's inliner stops at its growth
 * limits for the unit (inline-unit-growth), leaving kernels out of line with a run-time
 * order; the fixed family's kernels are forced inline so that this costs nothing. This
 * program checks it: the file is compiled twice (bench/meson.build),
 *   - with ONE_ORDER=N: W1 and W2 at order N alone (bench_one_w1_N, bench_one_w2_N), one
 *     static library per order of ONE_ORDERS;
 *   - without: W1 and W2 at every order 1..32 (all reachable, through a table) and main,
 *     which times both copies side by side (measure_side).
 * Prints RESULT lines (docs/benchmarks.md): peers dnum_one_order and dnum_all_orders, and
 * their ratio all_vs_one_order (target 1.05). Other orders than those of ONE_ORDERS, asked
 * for by name, time the all-orders copy alone.
 * Usage: bench_orders [W1|W2|all] [N]
 */
#include "bench_common.h"

#define ONE_ORDERS(X) X(2) X(4) X(8) X(16)

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

#ifdef ONE_ORDER
#define FIXED_W_(N) FIXED_W(N) /* ONE_ORDER expanded first */
FIXED_W_(ONE_ORDER)
double CAT(bench_one_w1_, ONE_ORDER)(void);
double CAT(bench_one_w2_, ONE_ORDER)(void);
double CAT(bench_one_w1_, ONE_ORDER)(void) { return CAT(w1_, ONE_ORDER)(); }
double CAT(bench_one_w2_, ONE_ORDER)(void) { return CAT(w2_, ONE_ORDER)(); }
#else

DNI_DNUM_FOR_EACH_ORDER(FIXED_W)

#define ENTRY(N) {w1_##N, w2_##N},
static double (*const all_orders[][2])(void) = {{NULL, NULL}, DNI_DNUM_FOR_EACH_ORDER(ENTRY)};

#define DECL_ONE(N) double bench_one_w1_##N(void); double bench_one_w2_##N(void);
ONE_ORDERS(DECL_ONE)
#define ONE_ENTRY(N) {N, {bench_one_w1_##N, bench_one_w2_##N}},
static const struct {
    int n;
    double (*f[2])(void);
} one_order[] = {ONE_ORDERS(ONE_ENTRY)};
#define N_ONE (int)(sizeof one_order / sizeof one_order[0])

int main(int argc, char **argv)
{
    static const char *const wls[2] = {"W1", "W2"};
    static const char *const peers[2] = {"dnum_one_order", "dnum_all_orders"};
    int nmax = (int)(sizeof all_orders / sizeof all_orders[0]) - 1;
    for (int w = 0; w < 2; w++)
        for (int n = 1; n <= nmax; n++) {
            int i = 0;
            while (i < N_ONE && one_order[i].n != n) i++;
            if (i == N_ONE) {
                /* not compiled alone: the all-orders copy, only when asked for by name */
                if (argc >= 3 && wanted(wls[w], n, argc, argv))
                    measure(peers[1], wls[w], n, all_orders[n][w]);
                continue;
            }
            if (!wanted(wls[w], n, argc, argv)) continue;
            double (*const fs[2])(void) = {one_order[i].f[w], all_orders[n][w]};
            double best[2], t[2][REPS];
            measure_side(2, peers, fs, NULL, wls[w], n, M, best, t);
            result_ratio("all_vs_one_order", wls[w], n, best[1] / best[0],
                         side_ratio(t[1], t[0]), "1.05");
        }
    return 0;
}
#endif
