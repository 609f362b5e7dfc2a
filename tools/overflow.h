/* overflow.h -- dnum-eval's check of a point whose derivatives came out infinite with a
 * finite value: do they merely exceed the largest double (an overflow: the function is
 * fine there), or is the point a singularity (sqrt(x) at 0)? */
#ifndef DNUM_OVERFLOW_H
#define DNUM_OVERFLOW_H

#include <stddef.h>
#include <dnum/expr.h>

/** The evaluator to check with: dn_expr_eval (one variable), dn_expr_eval2 (two, the
 *  Dnum2 layout) or dn_expr_evalk (k variables, Taylor coefficients). */
enum { OVF_ONE, OVF_TWO, OVF_K };

/** One thread's checker (its arrays are allocated at the first check). */
struct ovf {
    const dn_expr *e;
    unsigned nvars, n;
    int family;
    size_t len;
    double *args, *res, *work;
};

void ovf_init(struct ovf *o, const dn_expr *e, unsigned nvars, unsigned n, int family);
void ovf_free(struct ovf *o);

/** Evaluates again at pt with every variable's seed scaled by 2^-m (m = 8, 64, 1000 in
 *  turn), which scales the derivative of orders a by 2^(-m |a|) exactly. Returns 1 if
 *  every number comes back finite for some m (the infinite derivatives were an
 *  overflow; at a singularity they stay infinite or NaN), 0 if not, -1 out of memory. */
int ovf_check(struct ovf *o, const double *pt);

/** Whether the first `count` Taylor coefficients f^(a)/a! at pt, computed to total order
 *  n, are finite: with one variable as dn_expr_eval_coeffs gives them (keeping them
 *  finite above order DN_TAYLOR_MAX), with k variables as dn_expr_evalk does. Returns 1,
 *  0, or -1 out of memory. */
int ovf_coeffs_finite(const dn_expr *e, unsigned nvars, unsigned n, const double *pt,
                      size_t count);

#endif
