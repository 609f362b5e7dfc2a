/* Workload W7, shared by bench_w7.c and bench_w7_boost.cpp: every partial to total order 6
 * of f(x, y, z) = exp(x y z) sin(x + y + z) + 1/(1 + x^2 + 2 y^2 + 3 z^2) on a G x G x G
 * grid over [-1, 1]^3 (G = 40 by default). The checksum is the sum over the grid of every
 * Taylor coefficient c_a = f^(a)/a!, |a| <= 6. */
#ifndef DNUM_BENCH_W7_H
#define DNUM_BENCH_W7_H
#define W7_ORDER 6
#define W7_GRID 40
/* coordinate i of G grid points over [-1, 1] */
#define W7_COORD(i, G) (-1.0 + 2.0 * (double)(i) / (double)((G) - 1))
#endif
