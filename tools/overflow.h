/* overflow.h -- dnum-eval's check of a point whose derivatives came out infinite with a
 * finite value: do they merely exceed the largest double (an overflow: the function is
 * fine there), or is the point a singularity (sqrt(x) at 0)? */
#ifndef DNUM_OVERFLOW_H
#define DNUM_OVERFLOW_H

#include <stddef.h>
#include <dnum/expr.h>

#define OVF_VARS_MAX 16u /* the most variables of struct ovf_points */

/** The evaluator to check with: dn_expr_eval (one variable), dn_expr_eval2 (two, the
 *  Dnum2 layout) or dn_expr_evalk (k variables, Taylor coefficients). */
enum { OVF_ONE, OVF_TWO, OVF_K };

/** Points whose derivatives overflow: how many, and the first one (in output order)
 *  with its lowest total order of an infinite derivative. */
struct ovf_points {
    unsigned long n;
    double pt[OVF_VARS_MAX];
    unsigned k;
};

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

/** Sorts the printed numbers d[0..len-1] of the point pt (d[0] the value, then the
 *  derivatives or coefficients in the graded order of the results): 0 if all are finite;
 *  OVF_OVERFLOW if the value is finite, the first non-finite number is infinite (not nan:
 *  numbers computed from an overflowed one may be nan) and ovf_check finds them finite
 *  once scaled, with *order the total order of that first infinite number; OVF_OTHER
 *  (outside the domain, at a singularity) else; -1 out of memory. */
int ovf_classify(struct ovf *o, const double *d, const double *pt, unsigned *order);

/** Whether d[0..n-1] are all finite (inline: ovf_classify's test, for the caller's loop
 *  over the points). */
static inline int ovf_all_finite(const double *d, size_t n)
{
    int finite = 1;
    for (size_t k = 0; k < n; k++) finite &= d[k] - d[k] == 0.0; /* no branch */
    return finite;
}
enum { OVF_OVERFLOW = 1, OVF_OTHER = 2 };

/** Whether the first `count` Taylor coefficients f^(a)/a! at pt, computed to total order
 *  n, are finite: with one variable as dn_expr_eval_coeffs gives them (keeping them
 *  finite above order DN_TAYLOR_MAX), with k variables as dn_expr_evalk does. Returns 1,
 *  0, or -1 out of memory. */
int ovf_coeffs_finite(const dn_expr *e, unsigned nvars, unsigned n, const double *pt,
                      size_t count);

/** Prints the warning for the points p of npts (p->n > 0) to standard error: the
 *  derivatives (Taylor coefficients if coeffs) overflow a double, how many points, the
 *  first one (vars: the variables' names) and its order, and where --coeffs gives finite
 *  numbers there (with one variable from order 171, or on the dnumk engine, which the
 *  hint names for the OVF_TWO family), or that they overflow too. Returns 0, or -1 out
 *  of memory. */
int ovf_warn(const struct ovf *o, int coeffs, const char *const *vars, const struct ovf_points *p,
             unsigned long npts);

#endif
