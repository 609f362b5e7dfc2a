/* tests/block_fma.c: the block family compiled with fused multiply-adds (4 lanes). */
#ifndef BLOCK_FMA_H
#define BLOCK_FMA_H
/* the formulas of blk_fma_eval, in dn_expr's syntax */
#define BLK_FMA_FORMULAS                                                                   \
    {"exp(-x*x)", "sin(x)*exp(x)/(x*x+1) + sqrt(x*x+1)*log(cos(x)+2)", "tan(x)*log1p(x*x)", \
     "exp(sin(x))/(cos(x)+2)", "atan(x)*erf(x)"}
#define BLK_FMA_NF 5
/* formula f at order n (1, 3, 8 or 16) at the lanes' points x[0 .. lanes-1]: out[k*lanes +
 * i] the k-th derivative at x[i]; -1 for another order */
int blk_fma_eval(int f, unsigned n, const double *x, double *out);
unsigned blk_fma_lanes(void);
#endif
