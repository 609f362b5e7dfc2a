/* The drivers of the error bounds (dnum/expr.h): dn_expr_eval_prec (double, extended and
 * AUTO), dn_expr_eval_err and its Dvec, Dnumk and Dnum2 forms, dn_err_first_short. Each
 * runs the analysis of src/expr_err.c (dni_err_shadow) beside the evaluator that gives
 * the reported numbers, and reports for each result the analysis's bound plus the
 * difference between the two evaluations (the specialised paths round differently from
 * the rolled kernels the analysis runs), or the bound scaled to the extended type. */
#include <math.h>
#include <stddef.h>
#include "dnum/dnumk.h"
#include "expr_impl.h"

#define U_D 0x1p-53 /* unit roundoff of double */

/* The workspace: [base: the evaluators' own workspace, the entry points' arrays]
 * [the registers and their bounds] [temporaries] [rounding factors] [K: a result and
 * kernelk.h's scratch] [the one-variable kernels' scratch] [the calibration's extended
 * workspace]. One variable: the base holds the Dvec form's arguments, result and bounds
 * and AUTO's bounds; several: the arguments as Taylor coefficients and their errors. */
static size_t base_size(const dn_expr *e, unsigned n)
{
    size_t d = dn_expr_work_size(e, n), x = dn_expr_work_size_ext(e, n);
#if DNI_HAVE_LD_TIER
    size_t l = dni_expr_work_size_ld(e, n);
    x = l > x ? l : x;
#endif
    return (d > x ? d : x) + (e->nvars + 3) * ((size_t)n + 1);
}

static size_t base_sizek(const dn_expr *e, unsigned K, unsigned n)
{
    size_t w = dn_expr_work_sizek(e, K, n), w2 = K == 2 ? dn_expr_work_size2(e, n) : 0;
    return (w > w2 ? w : w2) + 2 * (size_t)e->nvars * dnk_size(K, n);
}

size_t dn_expr_work_size_err(const dn_expr *e, unsigned n)
{
    if (!dn_expr_work_size(e, n)) return 0;
    return base_size(e, n) + dni_err_shadow_size(e, 0, n);
}

/* fmax (the number where one is NaN) inline */
static inline double fmax_inl(double a, double b)
{
    return a != a ? b : b != b ? a : a > b ? a : b;
}

unsigned dn_err_first_short(const double *d, const double *err, unsigned n, double digits)
{
    double f = digits == 10.0 ? 1e-10 : pow(10.0, -digits); /* (the same double) */
    for (unsigned k = 0; k <= n; k++) {
        if (!isfinite(d[k]) || !isfinite(err[k])) continue; /* no bound known */
        double nb = fmax_inl(k ? fabs(d[k - 1]) : 0.0, k < n ? fabs(d[k + 1]) : 0.0);
        if (!(err[k] <= f * fmax_inl(fabs(d[k]), 1e-15 * (isfinite(nb) ? nb : 0.0))))
            return k;
    }
    return n + 1;
}

/* The scale of the double bounds for a result in extended precision: the roundings
 * shrink by 2^(53 - bits); taken as 2^-47 at 113 bits (digamma's value in extended
 * precision is accurate to about 1e-31, not to 2^-113), 2^-10 at 64. */
static double ext_scale(void)
{
    int b = dn_ext_bits();
    return b >= 113 ? 0x1p-47 : b > 53 ? ldexp(1.0, 54 - b) : 1.0;
}

/* The reported bound of a result out in extended precision from the double analysis's
 * bound b: b scaled to the type's roundings (sc), plus the final rounding to double. */
static double ext_bound(double out, double b, double sc)
{
    return dni_err_verdict(out, sc * b + 0x1p-53 * fabs(out));
}

/* AUTO where the double result's quick bounds eq (times the margin of 10) show fewer than
 * 10 digits. With a middle tier (DNI_HAVE_LD_TIER: x87 long double, 64-bit significand),
 * the program runs there first, and that result is kept where its bound (eq scaled to
 * the tier's roundings, 2^-10 as ext_scale at 64 bits, with the same margin of 10) shows
 * 10 digits; else, and without the tier, in the extended type. err as dn_expr_eval_prec
 * (NULL: not written), from the calibrated analysis unless flags has DN_PREC_QUICK; eq
 * must not lie in the analysis's workspace (work after base_size) where it calibrates. */
int dni_expr_prec_auto_ext(const dn_expr *e, unsigned n, const double *args, double *out,
                           double *err, unsigned flags, const double *eq, double *work)
{
    size_t len = (size_t)n + 1;
    int calibrate = !(flags & DN_PREC_QUICK);
    const double *eres = eq, *res;
#if DNI_HAVE_LD_TIER
    /* the tier's result and its check's bounds: entries of the base's end before the
     * caller's (eq: its last; out may alias args; the evaluators' workspace comes first) */
    double *ld = work + base_size(e, n) - 3 * len, *eb = ld + len;
    dni_expr_eval_ld(e, n, args, ld, work);
    for (size_t k = 0; k < len; k++)
        eb[k] = 10.0 * (0x1p-10 * eq[k]) + 0x1p-53 * fabs(ld[k]);
    if (dn_err_first_short(ld, eb, n, 10.0) > n) {
        if (err && calibrate) {
            eres = dni_err_shadow(e, 0, n, args, NULL, work + base_size(e, n), 1, &res);
        }
        if (err)
            for (size_t k = 0; k < len; k++) err[k] = ext_bound(ld[k], eres[k], 0x1p-10);
        for (size_t k = 0; k < len; k++) out[k] = ld[k];
        return 1;
    }
#endif
    if (err && calibrate) {
        eres = dni_err_shadow(e, 0, n, args, NULL, work + base_size(e, n), 1, &res);
    }
    dn_expr_eval_ext(e, n, args, out, work);
    if (err) {
        double sc = ext_scale();
        for (size_t k = 0; k < len; k++) err[k] = ext_bound(out[k], eres[k], sc);
    }
    return 1;
}

int dn_expr_eval_prec(const dn_expr *e, unsigned n, const double *args, double *out,
                      double *err, unsigned flags, double *work)
{
    if (!e || !out || !work || (e->nvars && !args) || flags > 7u || (flags & 3u) == 3u ||
        (!err && !(flags & DN_PREC_AUTO)))
        return DN_EINVAL;
    if (n > DN_ORDER_MAX) return DN_ERANGE;
    size_t len = (size_t)n + 1;
    int calibrate = !(flags & DN_PREC_QUICK);
    const double *res, *eres;
    if (flags & DN_PREC_AUTO) { /* double, and its bound's verdict (before out is written:
                                 * out may alias args) */
        double *eb = work + base_size(e, n) - len; /* AUTO's own bounds */
        eres = dni_err_shadow(e, 0, n, args, NULL, work + base_size(e, n), 0, &res);
        /* the quick bound, with a margin of 10 for what the calibration may add */
        for (size_t k = 0; k < len; k++) eb[k] = 10.0 * eres[k];
        if (dn_err_first_short(res, eb, n, 10.0) > n) {
            if (err && calibrate) /* (the same values res, the calibrated bounds) */
                eres = dni_err_shadow(e, 0, n, args, NULL, work + base_size(e, n), 1, &res);
            dn_expr_eval(e, n, args, out, work);
            if (err)
                for (size_t k = 0; k < len; k++) {
                    err[k] = dni_err_verdict(out[k], eres[k] + fabs(out[k] - res[k]));
                }
            return 0;
        }
        /* the quick bounds out of the analysis's workspace (a calibration overwrites it) */
        for (size_t k = 0; k < len; k++) eb[k] = eres[k];
        return dni_expr_prec_auto_ext(e, n, args, out, err, flags, eb, work);
    }
    eres = dni_err_shadow(e, 0, n, args, NULL, work + base_size(e, n), calibrate, &res);
    int ext = (flags & DN_PREC_EXTENDED) != 0;
    if (ext) dn_expr_eval_ext(e, n, args, out, work);
    else dn_expr_eval(e, n, args, out, work);
    double sc = ext ? ext_scale() : 1.0;
    for (size_t k = 0; k < len; k++) {
        /* extended: the bounds scaled, and the rounding of the result to double; double:
         * the difference between the specialised paths and the rolled kernels */
        err[k] = ext ? ext_bound(out[k], eres[k], sc)
                     : dni_err_verdict(out[k], eres[k] + fabs(out[k] - res[k]));
    }
    return ext;
}

int dn_expr_eval_err(const dn_expr *e, unsigned n, const double *args, double *out,
                     double *err, double *work)
{
    if (!err) return DN_EINVAL;
    return dn_expr_eval_prec(e, n, args, out, err, DN_PREC_DOUBLE, work);
}

int dn_expr_eval_dvec_err(const dn_expr *e, dvec *r, double *err, const dvec *const *args,
                          double *work)
{
    if (!r || !err || !work) return DN_EINVAL;
    int order = dni_expr_dvec_order(e, r, args);
    if (order < 0) return order;
    unsigned n = (unsigned)order;
    size_t len = (size_t)n + 1;
    double *in = work + base_size(e, n) - (e->nvars + 3) * len, *out = in + e->nvars * len;
    double *eb = out + len;
    for (unsigned i = 0; i < e->nvars; i++) dvec_get_derivs(in + i * len, args[i]);
    dn_expr_eval_err(e, n, in, out, eb, work);
    int rc = dvec_set_derivs(r, out, n);
    if (rc == DN_OK) /* else r and err untouched */
        for (size_t k = 0; k < len; k++) err[k] = eb[k];
    return rc;
}

size_t dn_expr_work_sizek_err(const dn_expr *e, unsigned k, unsigned n)
{
    if (!dn_expr_work_sizek(e, k, n)) return 0;
    return base_sizek(e, k, n) + dni_err_shadow_size(e, k, n);
}

int dn_expr_evalk_err(const dn_expr *e, unsigned k, unsigned n, const double *args,
                      double *out, double *err, double *work)
{
    if (!e || !out || !err || !work || (e->nvars && !args) || k == 0) return DN_EINVAL;
    if (!dn_expr_work_sizek(e, k, n)) return DN_ERANGE;
    size_t S = dnk_size(k, n);
    const double *res,
        *eres = dni_err_shadow(e, k, n, args, NULL, work + base_sizek(e, k, n), 1, &res);
    dn_expr_evalk(e, k, n, args, out, work);
    for (size_t i = 0; i < S; i++)
        err[i] = dni_err_verdict(out[i], eres[i] + fabs(out[i] - res[i]));
    return DN_OK;
}

int dn_expr_eval2_err(const dn_expr *e, unsigned n, const double *args, double *out,
                      double *err, double *work)
{
    if (!e || !out || !err || !work || (e->nvars && !args)) return DN_EINVAL;
    if (!dn_expr_work_sizek(e, 2, n)) return DN_ERANGE;
    size_t S = dnk_size(2, n), base = base_sizek(e, 2, n);
    /* the arguments as Taylor coefficients (Dnumk's layout is Dnum2's order), with the
     * rounding of the division by a! (a1! a2! is exact for 1 and 2, else within 3u) */
    double *ca = work + base - 2 * (size_t)e->nvars * S, *ce = ca + e->nvars * S;
    for (unsigned v = 0; v < e->nvars; v++) {
        unsigned a[2] = {0, 0};
        for (size_t i = 0; i < S; i++, dnik_next(2, a)) {
            double f = dnik_afact(2, a), c = args[v * S + i] / f;
            ca[v * S + i] = c;
            ce[v * S + i] = f <= 2.0 ? 0.0 : 4.0 * U_D * fabs(c);
        }
    }
    const double *res, *eres = dni_err_shadow(e, 2, n, ca, ce, work + base, 1, &res);
    dn_expr_eval2(e, n, args, out, work);
    /* |out - D| <= |out - R| + |R - res a!| + a! |res - C|, R = res a! rounded */
    unsigned a[2] = {0, 0};
    for (size_t i = 0; i < S; i++, dnik_next(2, a)) {
        double f = dnik_afact(2, a), r = res[i] * f;
        err[i] = dni_err_verdict(out[i], fabs(out[i] - r) + 5.0 * U_D * fabs(r) +
                                             eres[i] * f * (1.0 + 8.0 * U_D));
    }
    return DN_OK;
}
