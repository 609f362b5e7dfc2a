/* Range above order DN_TAYLOR_MAX for the run-time-order front ends (Dvec, the
 * expression engine). Internal.
 *
 * Above order 170 the kernels work on scaled coefficients t_k = d_k s^k / k! with a scale
 * s = 0.28 n set by the order alone (kernel.h, _dn_scale). Where the operands or the
 * result grow like k!/R^k with a radius of convergence R well below s, those t_k overflow
 * inside the kernel although the derivatives are finite doubles: 1/(1-x) at 0.5, order
 * 500, came out Inf from k = 126 while the derivatives k! 2^(k+1) are finite to k = 150.
 *
 * The cure costs nothing on the ordinary path. A call whose result has a non-finite
 * derivative while its operands are finite and its value is finite is checked: if the
 * scaled coefficients were near overflow (the last finite ones above e^600, or an
 * operand's), the kernel runs again on the derivatives of f(x0 + z/2^m), that is
 * d_k 2^(-m k) (exact scalings by powers of two), with m chosen from the operands and
 * from the growth of the part of the result that came out finite; the result is scaled
 * back exactly, d_k = d'_k 2^(m k). At most three reruns. A derivative larger than
 * DBL_MAX still comes back Inf, as in double arithmetic; a non-finite operand (an earlier
 * derivative that overflowed) is passed on as before.
 */
#ifndef DNUM_RANGE_H
#define DNUM_RANGE_H

#include <math.h>
#include "dnum/kernel.h"

#define _DN_RANGE_LN2 0.69314718055994530942

/* Coefficients above e^_DN_RANGE_NEAR count as near overflow; reruns aim at
 * _DN_RANGE_AIM, which leaves room for the growth the estimate misses. */
#define _DN_RANGE_NEAR 600.0
#define _DN_RANGE_AIM 450.0

/* dst[k] = src[k] 2^(-m k), exact unless it underflows (then harmless: the term is
 * below 2^-1074 of the largest at its order). dst may be src. */
static inline void _dn_range_scale(double *dst, const double *src, unsigned n, int m)
{
    for (unsigned k = 0; k <= n; k++) dst[k] = ldexp(src[k], -m * (int)k);
}

/* For derivatives d[0..kmax] (finite, already scaled by 2^(-m k); ls = log s - m log 2):
 * the further binary exponent per order that brings every log t_k = log |d_k| + k ls -
 * log k! down to aim, also at the orders kmax+1..kext, where the log coefficients are
 * assumed to grow on linearly with the slope of the second half of the known ones. Sets
 * *near if some known log t_k is above _DN_RANGE_NEAR. */
static double _dn_range_need(const double *d, unsigned kmax, unsigned kext, double ls,
                             int *near)
{
    double lf = 0.0, need = 0.0; /* lf = log k! */
    double lc_last = 0.0, lc_half = 0.0;
    unsigned k_last = 0, k_half = 0;
    for (unsigned k = 0; k <= kmax; k++) {
        if (k) lf += log((double)k);
        if (d[k] == 0.0) continue;
        double lc = log(fabs(d[k])) - lf, lt = lc + k * ls; /* log |c_k|, log |t_k| */
        if (lt > _DN_RANGE_NEAR) *near = 1;
        if (k && lt > _DN_RANGE_AIM) need = fmax(need, (lt - _DN_RANGE_AIM) / (k * _DN_RANGE_LN2));
        if (k && k <= kmax / 2) k_half = k, lc_half = lc;
        k_last = k, lc_last = lc;
    }
    if (kext > k_last && k_half && k_last > k_half) { /* extrapolate the growth */
        double slope = (lc_last - lc_half) / (k_last - k_half);
        double lt = lc_last + slope * (kext - k_last) + kext * ls;
        if (lt > _DN_RANGE_AIM) need = fmax(need, (lt - _DN_RANGE_AIM) / (kext * _DN_RANGE_LN2));
    }
    return need;
}

/* The first k in 0..n with d[k] not finite, or n + 1. */
static inline unsigned _dn_range_first_bad(const double *d, unsigned n)
{
    unsigned k = 0;
    while (k <= n && isfinite(d[k])) k++;
    return k;
}

/* After a run with rescaling exponent m on the operands in[0..nin-1] (unscaled, order n)
 * that gave the raw results out[0..nout-1] (still scaled): the exponent for the next run,
 * or m when this result stands: all finite; a non-finite value; non-finite only from the
 * first non-finite order of an operand on (an earlier overflow passed on); or scaled
 * coefficients far from overflow (the non-finite derivatives exceed DBL_MAX). */
static inline int _dn_range_next(const double *const *in, unsigned nin,
                                 double *const *out, unsigned nout, unsigned n, int m)
{
    unsigned k0 = n + 1, kin = n + 1;
    for (unsigned j = 0; j < nout; j++) {
        unsigned k = _dn_range_first_bad(out[j], n);
        if (k == 0) return m;
        if (k < k0) k0 = k;
    }
    for (unsigned i = 0; i < nin; i++) {
        unsigned k = _dn_range_first_bad(in[i], n);
        if (k < kin) kin = k;
    }
    if (k0 >= kin) return m; /* also when all are finite (k0 = n + 1) */
    double ls = log(_dn_scale(n)), need = 0.0;
    int near = 0;
    for (unsigned i = 0; i < nin; i++)
        need = fmax(need, _dn_range_need(in[i], kin - 1, 0, ls - m * _DN_RANGE_LN2, &near));
    for (unsigned j = 0; j < nout; j++)
        need = fmax(need, _dn_range_need(out[j], k0 - 1, kin - 1, ls, &near));
    if (!near) return m;
    int step = (int)ceil(need);
    return m + (step > 0 ? step : 1);
}

/* The rerun loop of the front ends: CALL has run once on the nin operands saved in
 * keep[0 .. nin (n+1)) (saved because CALL may write over them) and wrote the nout
 * results outs[]. While _dn_range_next asks, the operands are rescaled into
 * keep[nin (n+1) .. 2 nin (n+1)), POINT(i, p) makes CALL read operand i at p, and CALL
 * runs again; then the results are scaled back. */
#define _DN_RANGE_RERUN(n, keep, nin, outs, nout, POINT, CALL)                             \
    do {                                                                                   \
        size_t len_ = (size_t)(n) + 1;                                                     \
        const double *in_[2] = {(keep), (keep) + len_};                                    \
        int m_ = 0, next_;                                                                 \
        for (int t_ = 0;                                                                   \
             t_ < 3 && (next_ = _dn_range_next(in_, (nin), (outs), (nout), (n), m_)) != m_; \
             t_++) {                                                                       \
            m_ = next_;                                                                    \
            for (unsigned i_ = 0; i_ < (nin); i_++) {                                      \
                double *p_ = (keep) + ((nin) + i_) * len_;                                 \
                _dn_range_scale(p_, in_[i_], (n), m_);                                     \
                POINT(i_, p_);                                                             \
            }                                                                              \
            CALL;                                                                          \
        }                                                                                  \
        for (unsigned j_ = 0; m_ && j_ < (nout); j_++)                                     \
            _dn_range_scale((outs)[j_], (outs)[j_], (n), -m_);                             \
    } while (0)

#endif /* DNUM_RANGE_H */
