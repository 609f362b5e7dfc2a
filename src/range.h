/* Range above order DN_TAYLOR_MAX for the run-time-order front ends (Dvec, the
 * expression engine). Internal.
 *
 * Above order 170 the kernels work on scaled coefficients t_k = d_k s^k / k! with a scale
 * s = 0.28 n set by the order alone (kernel.h, dni_scale). Where the operands or the
 * result grow like k!/R^k with a radius of convergence R well below s, those t_k overflow
 * inside the kernel although the derivatives are finite doubles: 1/(1-x) at 0.5, order
 * 500, would come out Inf from k = 126 while the derivatives k! 2^(k+1) are finite to
 * k = 150.
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
#include "dnum/internal/kernel.h"

#define DNI_RANGE_LN2 0.69314718055994530942

/* Scaled coefficients above e^DNI_RANGE_NEAR count as near overflow; reruns aim at
 * DNI_RANGE_AIM, which leaves room for the growth the estimate misses. Stored scaled
 * derivatives aim at e^DNI_RANGE_AIM_D, and dni_range_relax lets them grow to
 * 2^DNI_RANGE_BITS (e^415: room for the factor s^k/k! <= e^279 of the next kernel). */
#define DNI_RANGE_NEAR 600.0
#define DNI_RANGE_AIM 450.0
#define DNI_RANGE_AIM_D 600.0
#define DNI_RANGE_BITS 600

enum { DNI_RANGE_DERIVS = 0, DNI_RANGE_SCALED = 1 };

/* dst[k] = src[k] 2^(-m k), exact unless it underflows (then harmless: the term is
 * below 2^-1074 of the largest at its order). dst may be src. */
static inline void dni_range_scale(double *dst, const double *src, unsigned n, int m)
{
    if (m == 0)
        for (unsigned k = 0; dst != src && k <= n; k++) dst[k] = src[k];
    else
        for (unsigned k = 0; k <= n; k++) dst[k] = ldexp(src[k], -m * (int)k);
}

/* For derivatives d[0..kmax] (finite), to be scaled by e^(k shift) before the kernel
 * (ls = log s of the kernel): the further binary exponent per order that brings every
 * log t_k = log |d_k| + k shift + k ls - log k! down to DNI_RANGE_AIM (and, for mode
 * DNI_RANGE_SCALED, every log |d_k| + k shift down to DNI_RANGE_AIM_D), also at order
 * kext > kmax, assuming that the log coefficients grow on linearly with the slope of the
 * second half of the known ones. Sets *near if some known log t_k is above
 * DNI_RANGE_NEAR. */
static double dni_range_need(const double *d, unsigned kmax, unsigned kext, double shift,
                             double ls, int mode, int *near)
{
    double lf = 0.0, need = 0.0; /* lf = log k! */
    double lc_last = 0.0, lc_half = 0.0;
    unsigned k_last = 0, k_half = 0;
    for (unsigned k = 0; k <= kmax; k++) {
        if (k) lf += log((double)k);
        if (d[k] == 0.0) continue;
        double ld = log(fabs(d[k])) + k * shift, lc = ld - lf, lt = lc + k * ls;
        if (lt > DNI_RANGE_NEAR) *near = 1;
        if (k && lt > DNI_RANGE_AIM)
            need = fmax(need, (lt - DNI_RANGE_AIM) / (k * DNI_RANGE_LN2));
        if (k && mode == DNI_RANGE_SCALED && ld > DNI_RANGE_AIM_D)
            need = fmax(need, (ld - DNI_RANGE_AIM_D) / (k * DNI_RANGE_LN2));
        if (k && k <= kmax / 2) k_half = k, lc_half = lc;
        k_last = k, lc_last = lc;
    }
    if (kext > k_last && k_half && k_last > k_half) { /* extrapolate the growth */
        double lc = lc_last + (lc_last - lc_half) / (k_last - k_half) * (kext - k_last);
        double lt = lc + kext * ls, ld = lc + dni_lgamma_value(kext + 1.0);
        if (lt > DNI_RANGE_AIM)
            need = fmax(need, (lt - DNI_RANGE_AIM) / (kext * DNI_RANGE_LN2));
        if (mode == DNI_RANGE_SCALED && ld > DNI_RANGE_AIM_D)
            need = fmax(need, (ld - DNI_RANGE_AIM_D) / (kext * DNI_RANGE_LN2));
    }
    return need;
}

/* The first k in 0..n with d[k] not finite, or n + 1. */
static inline unsigned dni_range_first_bad(const double *d, unsigned n)
{
    unsigned k = 0;
    while (k <= n && isfinite(d[k])) k++;
    return k;
}

/* After a run with rescaling exponent m on the operands in[0..nin-1] (not yet rescaled,
 * order n) that gave the raw results out[0..nout-1] (rescaled by m): the exponent for
 * the next run, or m when this result stands: all finite; a non-finite value;
 * non-finite only from the first non-finite order of an operand on (an earlier
 * overflow passed on); or, in mode DNI_RANGE_DERIVS, scaled coefficients far from
 * overflow (the non-finite derivatives exceed DBL_MAX). */
static inline int dni_range_next(const double *const *in, unsigned nin, double *const *out,
                                 unsigned nout, unsigned n, int m, int mode)
{
    unsigned k0 = n + 1, kin = n + 1;
    for (unsigned j = 0; j < nout; j++) {
        unsigned k = dni_range_first_bad(out[j], n);
        if (k == 0) return m;
        if (k < k0) k0 = k;
    }
    for (unsigned i = 0; i < nin; i++) {
        unsigned k = dni_range_first_bad(in[i], n);
        if (k < kin) kin = k;
    }
    if (k0 >= kin) return m; /* also when all are finite (k0 = n + 1) */
    double ls = log(dni_scale(n)), need = 0.0;
    int near = mode == DNI_RANGE_SCALED;
    for (unsigned i = 0; i < nin; i++)
        need = fmax(need,
                    dni_range_need(in[i], kin - 1, 0, -m * DNI_RANGE_LN2, ls, mode, &near));
    for (unsigned j = 0; j < nout; j++)
        need = fmax(need, dni_range_need(out[j], k0 - 1, kin - 1, 0.0, ls, mode, &near));
    if (!near) return m;
    int step = need < 4096.0 ? (int)ceil(need) : 4096;
    return m + (step > 0 ? step : 1);
}

/* For d scaled by 2^(-m k) (mode DNI_RANGE_SCALED): the smallest m' in 0..m whose
 * d_k 2^(-m' k) all stay below 2^DNI_RANGE_BITS; d is rescaled to it. Returns m'. */
static inline int dni_range_relax(double *d, unsigned n, int m)
{
    int delta = m;
    for (unsigned k = 1; k <= n && delta > 0; k++) {
        if (d[k] == 0.0 || !isfinite(d[k])) continue;
        int room = (DNI_RANGE_BITS - ilogb(d[k])) / (int)k;
        if (room < delta) delta = room;
    }
    if (delta <= 0) return m;
    dni_range_scale(d, d, n, -delta);
    return m - delta;
}

/* The rerun loop of the front ends: CALL has run once on the nin operands saved in
 * keep[0 .. nin (n+1)) (saved because CALL may write over them) and wrote the nout
 * results outs[]. While dni_range_next asks, the operands are rescaled into
 * keep[nin (n+1) .. 2 nin (n+1)), POINT(i, p) makes CALL read operand i at p, and CALL
 * runs again. mvar receives the exponent m of the results (still scaled by 2^(-m k)). */
#define DNI_RANGE_RERUN(n, keep, nin, outs, nout, POINT, CALL, mode, mvar)                 \
    do {                                                                                   \
        size_t len_ = (size_t)(n) + 1;                                                     \
        const double *in_[2] = {(keep), (keep) + len_};                                    \
        int m_ = 0, next_;                                                                 \
        for (int t_ = 0; t_ < 3 && (next_ = dni_range_next(in_, (nin), (outs), (nout),     \
                                                           (n), m_, (mode))) != m_;        \
             t_++) {                                                                       \
            m_ = next_;                                                                    \
            for (unsigned i_ = 0; i_ < (nin); i_++) {                                      \
                double *p_ = (keep) + ((nin) + i_) * len_;                                 \
                dni_range_scale(p_, in_[i_], (n), m_);                                     \
                POINT(i_, p_);                                                             \
            }                                                                              \
            CALL;                                                                          \
        }                                                                                  \
        (mvar) = m_;                                                                       \
    } while (0)

#endif /* DNUM_RANGE_H */
