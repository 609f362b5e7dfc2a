/* W1 (docs/benchmarks.md) on the inline C functions at order n (2, 4, 8, 16): returns the
 * checksum (sum of every derivative over the sweep); bench/w1_c.c. */
#ifndef DNUM_BENCH_W1_C_H
#define DNUM_BENCH_W1_C_H
#ifdef __cplusplus
extern "C" {
#endif
double w1_c(int n);
#ifdef __cplusplus
}
#endif
#endif
