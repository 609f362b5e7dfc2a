/* The rows of tests/ref_special_data.h (mpmath, tools/gen_ref_special.py) on the fixed
 * family (order 16), on Dvec, as expressions and (the bivariate rows) on Dnum2, with the
 * tolerances they are held to: shared by test_special.c, test_ext.c and
 * test_ref_portable.c. A row is f(u) with u = x (form 0) or 2x^2 + x (form 1); the second
 * argument of min, max and fmod is h = x^3 - x/2 + 1. */
#ifndef DNUM_SREF_EVAL_H
#define DNUM_SREF_EVAL_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "ref_special_data.h"
#include "ref2_data.h" /* 1/u of the elementary rows: the conditioning of the argument */

#define SREF_TOL 1e-13

/* every special function: U(f) one argument, B(f) two, I(f) an integer and one */
#define EVERY_SPECIAL(U, B, I)                                                             \
    U(lgamma) U(tgamma) U(digamma) U(lambertw) U(lambertwm1) U(erfinv) U(erfcinv) U(j0)    \
    U(j1) U(y0) U(y1) U(log2) U(log10) U(exp2) U(sinc) U(cot) U(sinpi) U(cospi) U(floor)   \
    U(ceil) B(min) B(max) B(fmod) I(polygamma) I(jn) I(yn)

/* Tolerances (scaled error): 1e-13 at every order to 50, plain f(x) and composite
 * f(2x^2 + x), with two measured allowances.
 *  - The composed functions (gamma family, Bessel, sinc) at composite arguments: 1e-13
 *    plus the error the argument brings in. 2x^2 + x is rounded to double before f sees
 *    it, and f may amplify that: y1(2x^2 + x) at x = 0.9 amplifies a 1-ulp change of its
 *    argument about 500 times (order 12: 1.06e-13 off mpmath in every family).
 *    sref_data_err() measures it: the extended-precision evaluator run on the same double argument
 *    series, against mpmath (5.6e-14 there); the kernels' own error is what 1e-13 bounds.
 *  - The direct recurrences (log2 ... erfcinv) at composite arguments above order 16:
 *    1e-11 (measured 1e-12), the bound of the built-in functions at those orders.
 * sref_tol() gives them. */
/* whether fn is one of the composed functions (else a direct recurrence) */
static inline int sref_composed(const char *fn)
{
    static const char *const direct[] = {"log2", "log10", "exp2", "sinpi", "cospi", "cot",
                                         "floor", "ceil", "min", "max", "fmod", "lambertw",
                                         "lambertwm1", "erfinv", "erfcinv"};
    for (size_t i = 0; i < sizeof direct / sizeof direct[0]; i++)
        if (!strcmp(fn, direct[i])) return 0;
    return 1;
}

/* the expression of row r in the expression language (variable x) */
static inline void sref_src(char *buf, size_t len, const dn_sref_row *r)
{
    const char *u = r->form ? "(2*x^2 + x)" : "x";
    if (!strcmp(r->fn, "min") || !strcmp(r->fn, "max") || !strcmp(r->fn, "fmod"))
        snprintf(buf, len, "%s(%s, x^3 - x/2 + 1)", r->fn, u);
    else if (!strcmp(r->fn, "polygamma") || !strcmp(r->fn, "jn") || !strcmp(r->fn, "yn"))
        snprintf(buf, len, "%s(%d, %s)", r->fn, (int)r->param, u);
    else
        snprintf(buf, len, "%s(%s)", r->fn, u);
}

/* The scaled error against mpmath of f evaluated in extended precision on the argument
 * series of row r as double arithmetic computes it (u = 2x^2 + x: u0 and u1 rounded,
 * u2 = 4): the part of any double result's error that comes from its data. Computed once
 * per row (rows of the composed functions at composite arguments; 0 for the others). */
static inline double sref_data_err(const dn_sref_row *r, unsigned k)
{
    static double cache[DN_SREF_NROWS][DN_SREF_MAXORD + 1];
    static char done[DN_SREF_NROWS];
    size_t i = (size_t)(r - dn_sref_rows);
    if (!r->form || !sref_composed(r->fn) || dn_ext_bits() <= 53) return 0.0;
    if (!done[i]) {
        static const char *const xv[] = {"x"};
        char src[96];
        dn_sref_row plain = *r; /* f(x), fed the argument series below */
        plain.form = 0;
        sref_src(src, sizeof src, &plain);
        dn_expr *e = dn_expr_parse(src, xv, 1, NULL);
        if (!e) dn_test_die(src);
        double u[DN_SREF_MAXORD + 1] = {0}, out[DN_SREF_MAXORD + 1];
        u[0] = 2.0 * (r->x * r->x) + r->x; /* as dnum_oN_add(mul_d(mul(x, x), 2), x) */
        u[1] = 2.0 * (2.0 * r->x) + 1.0;
        u[2] = 4.0;
        double *w = malloc(dn_expr_work_size_ext(e, DN_SREF_MAXORD) * sizeof *w);
        if (!w || dn_expr_eval_ext(e, DN_SREF_MAXORD, u, out, w) != 0) dn_test_die(src);
        for (unsigned j = 0; j <= DN_SREF_MAXORD; j++)
            cache[i][j] = scaled_err(out[j], r->d[j], j);
        free(w);
        dn_expr_free(e);
        done[i] = 1;
    }
    return cache[i][k];
}

/* the tolerance of row r at order k (above) */
static inline double sref_tol(const dn_sref_row *r, unsigned k)
{
    if (!r->form) return SREF_TOL;
    /* (i686, orders above 16: up to 2.3e-13 beyond sref_data_err where x86-64 has 8e-14) */
    if (sref_composed(r->fn))
        return (k <= 16 || DN_TEST_SAME_LIBM ? SREF_TOL : 1e-12) + sref_data_err(r, k);
    return k <= 16 ? SREF_TOL : 1e-11;
}

/* Row r on Dnum (order 16); 0 for an unknown name. */
static inline int sref_eval_o16(const dn_sref_row *r, dnum_o16 *out)
{
    dnum_o16 x = dnum_o16_var(r->x);
    dnum_o16 u = r->form ? dnum_o16_add(dnum_o16_mul_d(dnum_o16_mul(x, x), 2.0), x) : x;
    dnum_o16 h = dnum_o16_add_d(dnum_o16_sub(dnum_o16_pown(x, 3), dnum_o16_mul_d(x, 0.5)), 1.0);
    int m = (int)r->param;
#define U(f) if (!strcmp(r->fn, #f)) { *out = dnum_o16_##f(u); return 1; }
#define B(f) if (!strcmp(r->fn, #f)) { *out = dnum_o16_##f(u, h); return 1; }
#define I(f) if (!strcmp(r->fn, #f)) { *out = dnum_o16_##f(m, u); return 1; }
    EVERY_SPECIAL(U, B, I)
#undef U
#undef B
#undef I
    return 0;
}

/* Row r on Dvec (order n) into out; 0 for an unknown name or a failed call. */
static inline int sref_eval_dvec(const dn_sref_row *r, dvec *out, unsigned n)
{
    dvec x, u, h;
    dvec_init(&x, n);
    dvec_init(&u, n);
    dvec_init(&h, n);
    dvec_set_var(&x, r->x);
    if (r->form) {
        dvec_mul(&u, &x, &x);
        dvec_mul_d(&u, &u, 2.0);
        dvec_add(&u, &u, &x);
    } else {
        dvec_set_var(&u, r->x);
    }
    dvec_pown(&h, &x, 3);
    dvec_mul_d(&x, &x, 0.5);
    dvec_sub(&h, &h, &x);
    dvec_add_d(&h, &h, 1.0);
    int m = (int)r->param, ok = 1, rc = -1;
#define U(f) if (!strcmp(r->fn, #f)) rc = dvec_##f(out, &u); else
#define B(f) if (!strcmp(r->fn, #f)) rc = dvec_##f(out, &u, &h); else
#define I(f) if (!strcmp(r->fn, #f)) rc = dvec_##f(out, m, &u); else
    U(lgamma) U(tgamma) U(digamma) U(lambertw) U(lambertwm1) U(erfinv) U(erfcinv) U(j0)
    U(j1) U(y0) U(y1) U(log2) U(log10) U(exp2) U(sinc) U(cot) U(sinpi) U(cospi) U(floor)
    U(ceil) B(min) B(max) B(fmod) I(polygamma) I(jn) I(yn) ok = 0;
#undef U
#undef B
#undef I
    dvec_clear(&x);
    dvec_clear(&u);
    dvec_clear(&h);
    return ok && rc == 0;
}

/* Bivariate row r on Dnum2 (order 8); 0 for an unknown name. */
static inline int sref2_eval(const dn_sref2_row *r, dnum2_o8 *out)
{
    dnum2_o8 x = dnum2_o8_varx(r->x, r->y), y = dnum2_o8_vary(r->x, r->y);
    /* u = x y + x/2 - y^2/4, v = x - x y / 2 + 1 */
    dnum2_o8 xy = dnum2_o8_mul(x, y);
    dnum2_o8 u = dnum2_o8_sub(dnum2_o8_add(xy, dnum2_o8_mul_d(x, 0.5)),
                              dnum2_o8_mul_d(dnum2_o8_mul(y, y), 0.25));
    dnum2_o8 v = dnum2_o8_add_d(dnum2_o8_sub(x, dnum2_o8_mul_d(xy, 0.5)), 1.0);
    int m = (int)r->param;
#define U(f) if (!strcmp(r->fn, #f)) { *out = dnum2_o8_##f(u); return 1; }
#define B(f) if (!strcmp(r->fn, #f)) { *out = dnum2_o8_##f(u, v); return 1; }
#define I(f) if (!strcmp(r->fn, #f)) { *out = dnum2_o8_##f(m, u); return 1; }
    EVERY_SPECIAL(U, B, I)
#undef U
#undef B
#undef I
    return 0;
}

/* The bivariate rows: 1e-13, or more where the argument's conditioning makes even a
 * correctly rounded f miss it. u = x y + x/2 - y^2/4 at (0.3, -0.7) is -0.18, 0.18 from
 * the pole of 1/u, cot and the gamma family: there the partials d4_4 and d3_5 are sums
 * whose terms cancel 4.5e4-fold (tgamma's d3_5: terms up to 1.2e9 in absolute sum, result
 * -2.7e4). Two allowances, the larger applies:
 *  - 3 times the error of the division 1/u (Dnum2, against its own mpmath row of
 *    tests/ref2_data.h) at the same point and partial: 2.3e-13 at d4_4 and d3_5, the
 *    known gap of test_dnum2.c (measured on glibc: cot, tgamma and digamma 2.3e-13,
 *    3.4e-13 and 5.2e-13 at the same two partials);
 *  - for f(u) and f(m, u), 8 units of roundoff times the conditioning of the partial:
 *    the composition sum_k |f^(k)(u0)|/k! |u - u0|^k taken with the absolute values of
 *    every coefficient (its terms, in absolute value), over the scale of the scaled error.
 *    A few units of the last place in f's series at u0 (the C library's value of f, its
 *    series' roundings) and in each product of the composition add up to that: musl's
 *    tgamma(-0.1825), 2.7e-16 off where glibc's is 1.6e-16, gives d3_5 7.4e-12 off
 *    mpmath, within 8 u times the conditioning 4.5e4 (4e-11).
 * sref2_err: the scaled error of partial (i, j), 0 where both are NaN. */
static inline double sref2_err(double got, double want, unsigned i, unsigned j)
{
    if (got == want || (isnan(got) && isnan(want))) return 0.0;
    return fabs(got - want) / fmax(fabs(want), dni_fact[i] * dni_fact[j] * 1e-3);
}
/* the first allowance (above) at (x, y), partial (i, j) */
static inline double sref2_recip_tol(double x, double y, unsigned i, unsigned j)
{
    for (size_t k = 0; k < DN_REF2_NROWS; k++) {
        const dn_ref2_row *r = &dn_ref2_rows[k];
        if (strcmp(r->fn, "recip") || r->x != x || r->y != y) continue;
        dnum2_o8 u = dnum2_o8_varx(x, y), v = dnum2_o8_vary(x, y);
        u = dnum2_o8_sub(dnum2_o8_add(dnum2_o8_mul(u, v), dnum2_o8_mul_d(u, 0.5)),
                         dnum2_o8_mul_d(dnum2_o8_mul(v, v), 0.25));
        dnum2_o8 q = dnum2_o8_d_div(1.0, u);
        unsigned e = (i + j) * (i + j + 1) / 2 + j;
        return 3.0 * sref2_err(q.d[e], r->d[e], i, j);
    }
    return 0.0;
}
/* the second allowance (above) for row r, partial (i, j); 0 for two-argument functions */
static inline double sref2_cond_tol(const dn_sref2_row *r, unsigned i, unsigned j)
{
    dnum2_o8 x = dnum2_o8_varx(r->x, r->y), y = dnum2_o8_vary(r->x, r->y);
    dnum2_o8 xy = dnum2_o8_mul(x, y); /* u as sref2_eval forms it */
    dnum2_o8 u = dnum2_o8_sub(dnum2_o8_add(xy, dnum2_o8_mul_d(x, 0.5)),
                              dnum2_o8_mul_d(dnum2_o8_mul(y, y), 0.25));
    dnum_o8 t = dnum_o8_var(u.d[0]), f;
    int m = (int)r->param, found = 0;
#define U(g) if (!strcmp(r->fn, #g)) f = dnum_o8_##g(t), found = 1;
#define B(g)
#define I(g) if (!strcmp(r->fn, #g)) f = dnum_o8_##g(m, t), found = 1;
    EVERY_SPECIAL(U, B, I)
#undef U
#undef B
#undef I
    if (!found) return 0.0;
    dnum2_o8 a = u; /* |u - u0|, every partial in absolute value */
    a.d[0] = 0.0;
    for (unsigned e = 1; e < DNUM2_SIZE(8); e++) a.d[e] = fabs(a.d[e]);
    dnum2_o8 s = dnum2_o8_const(fabs(f.d[8]) * dni_ifact[8]); /* Horner */
    for (unsigned k = 8; k-- > 0;)
        s = dnum2_o8_add_d(dnum2_o8_mul(s, a), fabs(f.d[k]) * dni_ifact[k]);
    unsigned e = (i + j) * (i + j + 1) / 2 + j;
    double scale = fmax(fabs(r->d[e]), dni_fact[i] * dni_fact[j] * 1e-3);
    double tol = 8.0 * 0x1p-53 * s.d[e] / scale;
    return isfinite(tol) ? tol : 0.0; /* (a pole of f at u0: no allowance) */
}
/* the tolerance of row r at partial (i, j) */
static inline double sref2_tol(const dn_sref2_row *r, unsigned i, unsigned j)
{
    double t = fmax(sref2_recip_tol(r->x, r->y, i, j), sref2_cond_tol(r, i, j));
    return t > SREF_TOL ? t : SREF_TOL; /* (NaN: 1e-13) */
}

#endif
