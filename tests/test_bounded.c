/* The bounded families (dnum/bounded.h): dnume_oN and dvece give with each derivative a
 * bound on its error. Held against mpmath (every function of the reference tables, tan
 * towards its pole to order 20), closed forms at order 32, special points (poles, domain
 * errors, subnormal and huge arguments), and the error contract of dvece. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include <dnum/bounded.h>
#include "ref_data.h"
#include "ref_special_data.h"
#include "ref_bounded_data.h"

/* an order beyond the built-in ones */
#define DNUME_ORDER 40
#include <dnum/bounded_order.h>

typedef dnume_o24 T;

/* (made smaller, e.g. -DDN_TEST_BOUND_SCALE=0.125, the tables' check must fail) */
#ifndef DN_TEST_BOUND_SCALE
#define DN_TEST_BOUND_SCALE 1.0
#endif

/* the functions of the operation table by name, for both families */
#define UN(A, f, ...) {#f, dnume_o24_##f, dvece_##f},
#define BIN(A, f, ...) {#f, dnume_o24_##f, dvece_##f},
#define INT(A, f, ...) {#f, dnume_o24_##f, dvece_##f},
static const struct { const char *name; T (*f)(T); int (*v)(dvece *, const dvece *); } un[] = {
    DNI_API_UN(UN, ~)};
static const struct {
    const char *name;
    T (*f)(T, T);
    int (*v)(dvece *, const dvece *, const dvece *);
} bin[] = {DNI_API_BIN(BIN, ~)};
static const struct {
    const char *name;
    T (*f)(int, T);
    int (*v)(dvece *, int, const dvece *);
} in[] = {DNI_API_INT(INT, ~)};
#undef UN
#undef BIN
#undef INT

/* A reference row on both families: f(u), u = x or 2x^2 + x, second argument
 * h = x^3 - x/2 + 1; recip, powd, pown, w1, w2 as in the tables. Returns 0 for a row
 * neither has a name for. The two families run the same raw layer: equal bits. */
static int row_eval(const char *fn, int form, double param, double x0, T *out)
{
    T x = dnume_o24_var(x0);
    T u = form ? dnume_o24_add(dnume_o24_mul_d(dnume_o24_mul(x, x), 2.0), x) : x;
    T h = dnume_o24_add_d(dnume_o24_sub(dnume_o24_pown(x, 3), dnume_o24_mul_d(x, 0.5)), 1.0);
    dvece vx, vu, vh, vr;
    cr_assert(!dvece_init(&vx, 24) && !dvece_init(&vu, 24) && !dvece_init(&vh, 24) &&
              !dvece_init(&vr, 24));
    dvece_set_var(&vx, x0);
    if (form) {
        dvece_mul(&vu, &vx, &vx);
        dvece_mul_d(&vu, &vu, 2.0);
        dvece_add(&vu, &vu, &vx);
    } else dvece_set_derivs(&vu, x.d, x.e, 24);
    dvece_pown(&vh, &vx, 3);
    dvece_mul_d(&vr, &vx, 0.5);
    dvece_sub(&vh, &vh, &vr);
    dvece_add_d(&vh, &vh, 1.0);
    int found = 1;
    size_t i;
    if (!strcmp(fn, "recip")) *out = dnume_o24_d_div(1.0, u), dvece_d_div(&vr, 1.0, &vu);
    else if (!strcmp(fn, "powd")) *out = dnume_o24_pow_d(u, param), dvece_pow_d(&vr, &vu, param);
    else if (!strcmp(fn, "pown"))
        *out = dnume_o24_pown(u, (long)param), dvece_pown(&vr, &vu, (long)param);
    else if (!strcmp(fn, "w1")) {
        *out = dnume_o24_exp(dnume_o24_mul(dnume_o24_neg(x), x));
        dvece_neg(&vr, &vx), dvece_mul(&vr, &vr, &vx), dvece_exp(&vr, &vr);
    } else if (!strcmp(fn, "w2")) {
        T p = dnume_o24_add_d(dnume_o24_mul(x, x), 1.0);
        T t1 = dnume_o24_div(dnume_o24_mul(dnume_o24_sin(x), dnume_o24_exp(x)), p);
        *out = dnume_o24_add(t1, dnume_o24_mul(dnume_o24_sqrt(p),
                                               dnume_o24_log(dnume_o24_add_d(dnume_o24_cos(x), 2.0))));
        found = 2; /* (fixed family only) */
    } else {
        found = 0;
        for (i = 0; i < sizeof un / sizeof un[0]; i++)
            if (!strcmp(fn, un[i].name)) *out = un[i].f(u), un[i].v(&vr, &vu), found = 1;
        for (i = 0; i < sizeof bin / sizeof bin[0]; i++)
            if (!strcmp(fn, bin[i].name)) *out = bin[i].f(u, h), bin[i].v(&vr, &vu, &vh), found = 1;
        for (i = 0; i < sizeof in / sizeof in[0]; i++)
            if (!strcmp(fn, in[i].name))
                *out = in[i].f((int)param, u), in[i].v(&vr, (int)param, &vu), found = 1;
    }
    if (found == 1) { /* dvece: the same numbers */
        for (unsigned k = 0; k <= 24; k++) {
            double d = dvece_get(&vr, k), e = dvece_err(&vr, k);
            cr_assert((d == out->d[k] || (d != d && out->d[k] != out->d[k])) &&
                          (e == out->e[k] || (e != e && out->e[k] != out->e[k])),
                      "%s at %g, k = %u: dvece %.17g (%g), dnume_o24 %.17g (%g)", fn, x0, k, d,
                      e, out->d[k], out->e[k]);
        }
    }
    dvece_clear(&vx), dvece_clear(&vu), dvece_clear(&vh), dvece_clear(&vr);
    return found;
}

/* every finite derivative within its bound of the reference (25 digits: 2^-70 on top) */
static void check_bound(const char *what, double x, const double *d, const double *e,
                        const double *ref, unsigned n, unsigned *checked, unsigned *bounded)
{
    for (unsigned k = 0; k <= n; k++) {
        if (!isfinite(d[k]) || !isfinite(ref[k])) continue;
        (*checked)++;
        cr_assert(e[k] >= 0.0, "%s at %g, k = %u: bound %g", what, x, k, e[k]);
        if (isinf(e[k])) continue;
        (*bounded)++;
        double err = fabs(d[k] - ref[k]), tol = e[k] * DN_TEST_BOUND_SCALE + 0x1p-70 * fabs(ref[k]);
        cr_assert(err <= tol, "%s at %.17g, k = %u: error %.3g above the bound %.3g (d = %.17g)",
                  what, x, k, err, e[k], d[k]);
    }
}

Test(bounded, every_function_against_mpmath_in_both_families)
{
    unsigned checked = 0, bounded = 0, rows = 0;
    T r;
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        const dn_ref_row *w = &dn_ref_rows[i];
        if (!strcmp(w->fn, "abs")) continue; /* not in the tables' analytic sense */
        cr_assert(row_eval(w->fn, w->form, w->param, w->x, &r), "no function %s", w->fn);
        check_bound(w->fn, w->x, r.d, r.e, w->d, DN_REF_MAXORD, &checked, &bounded);
        rows++;
    }
    for (size_t i = 0; i < DN_SREF_NROWS; i++) {
        const dn_sref_row *w = &dn_sref_rows[i];
        cr_assert(row_eval(w->fn, w->form, w->param, w->x, &r), "no function %s", w->fn);
        check_bound(w->fn, w->x, r.d, r.e, w->d, 24, &checked, &bounded);
        rows++;
    }
    /* a bound that is always Inf would pass the loop: most must be finite */
    cr_assert(checked > 5000 && bounded > 0.9 * checked, "rows %u, checked %u, bounded %u",
              rows, checked, bounded);
}

/* tan towards its pole: the derivatives grow to 1e+166 at 1.5707963, k = 20; the bounds
 * hold and still show about 14 digits at every order (each derivative is a sum of
 * positive terms: nothing cancels). */
Test(bounded, tan_towards_its_pole_to_order_20)
{
    for (size_t i = 0; i < sizeof dn_ref_bounded_tan / sizeof dn_ref_bounded_tan[0]; i++) {
        double x = dn_ref_bounded_tan[i].x;
        const double *ref = dn_ref_bounded_tan[i].d;
        dnume_o20 t = dnume_o20_tan(dnume_o20_var(x));
        dvece v;
        cr_assert(!dvece_init(&v, 20));
        dvece_set_var(&v, x);
        cr_assert_eq(dvece_tan(&v, &v), DN_OK);
        for (unsigned k = 0; k <= 20; k++) {
            double err = fabs(t.d[k] - ref[k]);
            cr_assert(isfinite(t.e[k]) && err <= t.e[k] + 0x1p-70 * fabs(ref[k]),
                      "tan at %.17g, k = %u: error %.3g, bound %.3g", x, k, err, t.e[k]);
            cr_assert(dn_digits(t.d[k], t.e[k]) > 13.0, "tan at %g, k = %u: %.1f digits", x,
                      k, dn_digits(t.d[k], t.e[k]));
            cr_assert(dvece_get(&v, k) == t.d[k] && dvece_err(&v, k) == t.e[k]);
        }
        dvece_clear(&v);
    }
}

/* sin(x) e^x at 1, order 32: d_k = 2^(k/2) e sin(1 + k pi/4) (long double closed form);
 * the Leibniz sums cancel, so the bound must grow and hold. */
Test(bounded, sin_exp_closed_form_order_32)
{
    dnume_o32 x = dnume_o32_var(1.0);
    dnume_o32 f = dnume_o32_mul(dnume_o32_sin(x), dnume_o32_exp(x));
    int grew = 0;
    for (unsigned k = 0; k <= 32; k++) {
        long double ref = powl(2.0L, k / 2.0L) * expl(1.0L) * sinl(1.0L + k * 0.785398163397448309615660845819875721L);
        double err = fabs((double)((long double)f.d[k] - ref));
        cr_assert(err <= f.e[k] + 1e-18 * fabs((double)ref) + 0x1p-60 * powl(2.0L, k / 2.0L) * 3,
                  "k = %u: error %.3g, bound %.3g", k, err, f.e[k]);
        grew |= f.e[k] > 1e3 * 0x1p-53 * fabs(f.d[k]);
    }
    cr_assert(grew, "the bounds never showed the cancellation");
}

/* another order through dnum/bounded_order.h: exp(x) at 0.5 to order 40, every derivative
 * e^0.5 within its bound */
Test(bounded, any_order_through_bounded_order_h)
{
    dnume_o40 e = dnume_o40_exp(dnume_o40_mul_d(dnume_o40_var(0.25), 2.0));
    long double ref = expl(0.5L);
    for (unsigned k = 0; k <= 40; k++) {
        long double want = ldexpl(ref, (int)k);
        double err = fabs((double)((long double)e.d[k] - want));
        cr_assert(isfinite(e.e[k]) && err <= e.e[k] + 1e-18 * fabs((double)want),
                  "k = %u: error %.3g, bound %.3g", k, err, e.e[k]);
    }
}

/* the bound of exp at a subnormal and at a huge argument: every derivative is exp(x0) */
Test(bounded, subnormal_and_huge_arguments)
{
    static const double xs[] = {5e-324, -2.5e-310, 700.0, -700.0, 1e-300};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        dnume_o16 e = dnume_o16_exp(dnume_o16_var(xs[i]));
        long double ref = expl((long double)xs[i]);
        for (unsigned k = 0; k <= 16; k++) {
            double err = fabs((double)((long double)e.d[k] - ref));
            cr_assert(isfinite(e.e[k]) && err <= e.e[k] + 1e-19 * fabs((double)ref),
                      "exp at %g, k = %u: error %.3g, bound %.3g", xs[i], k, err, e.e[k]);
        }
    }
    /* sin at 1e10: the value's argument reduction is libm's; the bound holds */
    dnume_o8 s = dnume_o8_sin(dnume_o8_var(1e10));
    long double sv = sinl(1e10L), cv = cosl(1e10L);
    for (unsigned k = 0; k <= 8; k++) {
        long double ref = (k % 4 == 0) ? sv : (k % 4 == 1) ? cv : (k % 4 == 2) ? -sv : -cv;
        cr_assert(fabs((double)((long double)s.d[k] - ref)) <= s.e[k] + 1e-18);
    }
}

/* poles and domain errors: no bound (+Inf) where a value is not finite, NaN where it is
 * NaN; the zero rule (sin(x)/x at 0) gives +Inf, not a false bound */
Test(bounded, poles_and_domain_errors)
{
    dnume_o6 l = dnume_o6_log(dnume_o6_var(0.0));
    cr_assert(isinf(l.d[0]) && isinf(l.e[0]) && l.e[0] > 0);
    dnume_o6 s = dnume_o6_sqrt(dnume_o6_var(-1.0));
    for (unsigned k = 0; k <= 6; k++) cr_assert(isnan(s.d[k]) && isnan(s.e[k]));
    dnume_o6 q = dnume_o6_sqrt(dnume_o6_var(0.0));
    cr_assert(q.d[0] == 0.0 && isinf(q.d[1]) && isinf(q.e[1]));
    dnume_o6 g = dnume_o6_tgamma(dnume_o6_var(-2.0));
    for (unsigned k = 0; k <= 6; k++) cr_assert(!isfinite(g.d[k]) && !(g.e[k] < INFINITY));
    dnume_o6 x = dnume_o6_var(0.0), z = dnume_o6_div(dnume_o6_sin(x), x);
    for (unsigned k = 0; k <= 6; k++)
        cr_assert(!(isfinite(z.d[k]) && isfinite(z.e[k]) && fabs(z.d[k]) > 2.0),
                  "sin(x)/x at 0, k = %u: %g with a finite bound %g", k, z.d[k], z.e[k]);
}

/* an exact input stays exact through exact operations; inputs with bounds pass them on */
Test(bounded, exact_operations_and_input_bounds)
{
    dnume_o4 x = dnume_o4_var(3.0), y = dnume_o4_neg(x), z = dnume_o4_add_d(y, 1.0);
    for (unsigned k = 0; k <= 4; k++) cr_assert(y.e[k] == 0.0); /* negation: exact */
    /* a sum: its rounding, half an ulp of the result (the analysis does not know that
     * -3 + 1 happens to be exact) */
    cr_assert(z.d[0] == -2.0 && z.e[0] == 0x1p-53 * 2.0 && z.e[1] == 0x1p-53);
    cr_assert(dn_digits(y.d[0], y.e[0]) == INFINITY && dn_digits(1.0, INFINITY) == 0.0);
    double d[5] = {2.0, 1.0, 0.0, 0.0, 0.0}, e[5] = {1e-10, 0, 0, 0, 0};
    dnume_o4 a = dnume_o4_from(d, e), m = dnume_o4_mul_d(a, 3.0);
    cr_assert(m.e[0] >= 3e-10 && m.e[0] < 3.1e-10, "%g", m.e[0]);
    dnume_o4 ex = dnume_o4_exp(a); /* e^(2 +- 1e-10): the bound covers the input's error */
    cr_assert(ex.e[0] >= exp(2.0) * 1e-10 * 0.999, "%g", ex.e[0]);
    cr_assert(isnan(dnume_o4_get(&a, 5)) && isnan(dnume_o4_err(&a, 5)));
}

/* dvece's errors: nothing written on failure */
static void *fail_alloc(size_t size, void *ctx)
{
    int *left = ctx;
    return (*left)-- > 0 ? malloc(size) : NULL;
}
static void plain_free(void *p, size_t size, void *ctx)
{
    (void)size, (void)ctx;
    free(p);
}

Test(bounded, dvece_errors_leave_outputs_untouched)
{
    dvece a, b, r;
    cr_assert_eq(dvece_init(&a, DN_ORDER_MAX + 1), DN_ERANGE);
    cr_assert_eq(dvece_init(NULL, 3), DN_EINVAL);
    cr_assert(!dvece_init(&a, 3) && !dvece_init(&b, 4) && !dvece_init(&r, 3));
    dvece_set_var(&a, 0.5);
    dvece_set_const(&r, 7.0);
    cr_assert_eq(dvece_add(&r, &a, &b), DN_EORDER);
    cr_assert_eq(dvece_exp(&r, NULL), DN_EINVAL);
    cr_assert_eq(dvece_exp(NULL, &a), DN_EINVAL);
    dvece u = {0};
    cr_assert_eq(dvece_exp(&r, &u), DN_EINVAL);
    cr_assert_eq(dvece_order(&u), DN_EINVAL);
    cr_assert(isnan(dvece_get(&u, 0)) && isnan(dvece_err(&a, 4)));
    /* out of memory at the workspace (one allocation per operation), at the result's
     * growth; then enough */
    for (int ok = 0; ok < 3; ok++) {
        int left = 1;
        dn_allocator al = {fail_alloc, plain_free, &left};
        dvece s;
        cr_assert(!dvece_init_alloc(&s, 0, &al)); /* uses the one allocation */
        dvece_set_const(&s, 9.0);
        left = ok;
        int rc = dvece_sin(&s, &a);
        if (ok < 2) {
            cr_assert_eq(rc, DN_ENOMEM, "allocation %d", ok);
            cr_assert(dvece_order(&s) == 0 && dvece_get(&s, 0) == 9.0 && dvece_err(&s, 0) == 0.0);
        } else {
            cr_assert_eq(rc, DN_OK);
            cr_assert(dvece_order(&s) == 3 && dvece_get(&s, 0) == sin(0.5));
        }
        dvece_clear(&s);
    }
    cr_assert(dvece_order(&r) == 3 && dvece_get(&r, 0) == 7.0);
    double d[4], e[4];
    cr_assert_eq(dvece_get_derivs(d, e, &a), DN_OK);
    cr_assert(d[0] == 0.5 && d[1] == 1.0 && e[0] == 0.0);
    dvec v;
    cr_assert(!dvec_init(&v, 1));
    cr_assert_eq(dvece_to_dvec(&v, &a), DN_OK);
    cr_assert(dvec_order(&v) == 3 && dvec_get(&v, 1) == 1.0);
    cr_assert_eq(dvece_set_dvec(&b, &v), DN_OK);
    cr_assert(dvece_order(&b) == 3 && dvece_err(&b, 1) == 0.0);
    dvec_clear(&v);
    dvece_clear(&a), dvece_clear(&b), dvece_clear(&r), dvece_clear(&r);
}

/* |d - exact| <= e, or e = +Inf (no bound); rel: the reference's own relative error */
static void covers(const char *what, unsigned k, double d, double e, long double exact,
                   double rel)
{
    double err = fabs((double)((long double)d - exact));
    cr_expect(isinf(e) || err <= e + rel * fabs((double)exact),
              "%s, k = %u: %.17g, exact %.17Lg, error %.3g, bound %.3g", what, k, d, exact,
              err, e);
}

/* Where the analysis used to give bounds below the true error: atan2 in the left half
 * plane (the rounding of its value), near its cut (a value that may be on the other
 * side, also a -0 that stands for an exact 0), abs of a value whose sign is not sure,
 * fmod whose quotient may cross an integer, subnormal intermediates, operands whose
 * error is a good part of their distance to a pole (first order does not hold there) */
Test(bounded, signs_cuts_subnormals_and_near_poles)
{
    /* (the references need more precision and range than double) */
    if (LDBL_MANT_DIG < 64 || LDBL_MAX_EXP <= DBL_MAX_EXP) return;
    /* atan2(x, -1): pi - atan(x), one rounding more than atan */
    unsigned long long s = 12345;
    for (int i = 0; i < 200; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        double x = 1e-6 + 1e-3 * (double)(s >> 11) * 0x1p-53;
        dnume_o2 r = dnume_o2_atan2(dnume_o2_var(x), dnume_o2_const(-1.0));
        covers("atan2(x, -1)", 0, r.d[0], r.e[0], atan2l(x, -1.0L), 1e-18);
    }
    /* x + 3 rounds below pi, while it is above: sin(x + 3) has the other sign */
    double x = 0x1.21fb54442d185p-3;
    long double t = (long double)x + 3.0L; /* (exact) */
    dnume_o4 u = dnume_o4_sin(dnume_o4_add_d(dnume_o4_var(x), 3.0));
    dnume_o4 a = dnume_o4_abs(u);
    long double sg = sinl(t) < 0 ? -1.0L : 1.0L;
    for (unsigned k = 0; k <= 4; k++) {
        long double dk = (k % 4 == 0) ? sinl(t) : (k % 4 == 1) ? cosl(t) : (k % 4 == 2) ? -sinl(t) : -cosl(t);
        covers("abs(sin(x + 3))", k, a.d[k], a.e[k], sg * dk, 1e-3);
    }
    dnume_o4 at = dnume_o4_atan2(u, dnume_o4_const(-1.0));
    covers("atan2(sin(x + 3), -1)", 0, at.d[0], at.e[0], atan2l(sinl(t), -1.0L), 1e-15);
    dnume_o4 y = dnume_o4_var(0.3);
    at = dnume_o4_atan2(dnume_o4_neg(dnume_o4_sub(y, y)), dnume_o4_neg(y));
    covers("atan2(-(x - x), -x)", 0, at.d[0], at.e[0], 3.14159265358979323846L, 1e-18);
    /* fmod(x + 0.5, 0.1): x + 0.5 is just above 5 fl(0.1) (by 6e-33) but rounds to 0.5 */
    dnume_o3 f = dnume_o3_fmod(dnume_o3_add_d(dnume_o3_var(nextafter(0x1p-55, 1.0)), 0.5),
                               dnume_o3_const(0.1));
    covers("fmod(x + 0.5, 0.1)", 0, f.d[0], f.e[0], 0.0L, 0.0);
    /* subnormal intermediates */
    double xs = 1.5e-160;
    dnume_o2 q = dnume_o2_div(dnume_o2_mul(dnume_o2_var(xs), dnume_o2_var(xs)), dnume_o2_var(xs));
    covers("(x * x) / x at 1.5e-160", 0, q.d[0], q.e[0], xs, 0.0);
    xs = 3e-162;
    q = dnume_o2_mul_d(dnume_o2_pown(dnume_o2_var(xs), 2), 0x1p500);
    covers("x^2 2^500 at 3e-162", 0, q.d[0], q.e[0], (long double)xs * xs * 0x1p500L, 1e-15);
    dnume_o8 g = dnume_o8_exp(dnume_o8_neg(dnume_o8_mul(dnume_o8_var(27.2), dnume_o8_var(27.2))));
    covers("exp(-x^2) at 27.2", 0, g.d[0], g.e[0], expl(-27.2L * 27.2L), 1e-15);
    /* 1 / (x^2 - 2) at the double nearest sqrt(2): x^2 - 2 has a relative error near 1;
     * f^(k) = (-1)^k k! ((x - r)^-(k+1) - (x + r)^-(k+1)) / (2 r), r = sqrt(2) */
    double x2 = 1.4142135623730951;
    dnume_o16 p = dnume_o16_d_div(1.0, dnume_o16_sub_d(dnume_o16_mul(dnume_o16_var(x2), dnume_o16_var(x2)), 2.0));
    long double r2 = sqrtl(2.0L), fact = 1.0L;
    for (unsigned k = 0; k <= 16; k++) {
        if (k) fact *= k;
        long double want = ((k & 1) ? -fact : fact) *
                           (powl(x2 - r2, -(long double)(k + 1)) - powl(x2 + r2, -(long double)(k + 1))) /
                           (2.0L * r2);
        covers("1 / (x^2 - 2)", k, p.d[k], p.e[k], want, 0.05);
    }
    /* tan(x + 1.5) where x + 1.5 rounds to fl(pi/2) but lies above pi/2 */
    x = 0x1.21fb54442d185p-4;
    dnume_o8 tn = dnume_o8_tan(dnume_o8_add_d(dnume_o8_var(x), 1.5));
    covers("tan(x + 1.5)", 0, tn.d[0], tn.e[0], tanl((long double)x + 1.5L), 0.05);
}

/* long-double Taylor coefficients g[0..n] of P^a at h, P = p0 + p1 h + p2 h^2 (the
 * power recurrence: k p0 g_k = sum_{j=1,2} ((a + 1) j - k) p_j g_(k-j)) */
static void quad_pow(long double *g, long double p0, long double p1, long double p2,
                     long double a, unsigned n)
{
    long double p[3] = {p0, p1, p2};
    g[0] = powl(p0, a);
    for (unsigned k = 1; k <= n; k++) {
        long double s = 0.0L;
        for (unsigned j = 1; j <= 2 && j <= k; j++) s += ((a + 1.0L) * j - k) * p[j] * g[k - j];
        g[k] = s / (k * p0);
    }
}

/* Bounds that hold where values and derivatives fall to 0 (underflow) and are scaled up
 * later, for a power with a tiny exponent, expm1 below -45, asinh and atan of a scaled
 * variable at order 16 and a power of an operand computed as 0 that is not */
Test(bounded, underflow_tiny_exponents_and_scaled_arguments)
{
    /* (the references need more precision and range than double) */
    if (LDBL_MANT_DIG < 64 || LDBL_MAX_EXP <= DBL_MAX_EXP) return;
    /* exp(x) 2^1200 at -800: exp(-800) is 0 in double */
    dnume_o3 g = dnume_o3_mul_d(dnume_o3_mul_d(dnume_o3_exp(dnume_o3_var(-800.0)), 0x1p600), 0x1p600);
    for (unsigned k = 0; k <= 3; k++)
        covers("exp(x) 2^1200 at -800", k, g.d[k], g.e[k], expl(-800.0L) * 0x1p1200L, 1e-15);
    /* (x x) 2^1100 at 1e-170: the square is 0 in double */
    dnume_o1 m = dnume_o1_mul_d(dnume_o1_mul_d(dnume_o1_mul(dnume_o1_var(1e-170), dnume_o1_var(1e-170)), 0x1p550), 0x1p550);
    covers("x^2 2^1100 at 1e-170", 0, m.d[0], m.e[0], 1e-170L * 1e-170L * 0x1p1100L, 1e-15);
    covers("x^2 2^1100 at 1e-170", 1, m.d[1], m.e[1], 2e-170L * 0x1p1100L, 1e-15);
    m = dnume_o1_mul_d(dnume_o1_div_d(dnume_o1_div_d(dnume_o1_var(1e-170), 0x1p550), 0x1p550), 0x1p1000);
    covers("x 2^-100 at 1e-170 (by 2^-550 twice)", 0, m.d[0], m.e[0], 1e-170L * 0x1p-100L, 1e-15);
    m = dnume_o1_mul_d(dnume_o1_div(dnume_o1_var(1e-170), dnume_o1_const(0x1p600)), 0x1p1000);
    covers("x / 2^600 2^1000 at 1e-170", 0, m.d[0], m.e[0], 1e-170L * 0x1p400L, 1e-15);
    /* x^(1e-67) at 0.7: p x^(p - 1), p (p - 1) x^(p - 2), ... */
    dnume_o3 p = dnume_o3_pow_d(dnume_o3_var(0.7), 1e-67);
    long double pk = 1e-67L, fall = 1.0L;
    for (unsigned k = 0; k <= 3; k++) {
        covers("x^(1e-67) at 0.7", k, p.d[k], p.e[k], fall * powl(0.7L, pk - k), 1e-15);
        fall *= pk - k;
    }
    /* expm1(x) at -50: every derivative is e^-50 */
    dnume_o3 em = dnume_o3_expm1(dnume_o3_var(-50.0));
    for (unsigned k = 1; k <= 3; k++)
        covers("expm1(x) at -50", k, em.d[k], em.e[k], expl(-50.0L), 1e-15);
    /* asinh(1.5 x) at 1.85 and atan(1.5 x) at 0.9, order 16: f^(k) = 1.5 (k - 1)!
     * g_(k-1) with g the coefficients of (1 + t^2)^a at t = 1.5 x0 + 1.5 h, a = -1/2
     * (asinh), -1 (atan) */
    const double xs[2] = {1.85, 0.9};
    for (int f = 0; f < 2; f++) {
        long double t0 = 1.5L * xs[f], c[17], fact = 1.0L;
        quad_pow(c, 1.0L + t0 * t0, 3.0L * t0, 2.25L, f ? -1.0L : -0.5L, 16);
        dnume_o16 u = dnume_o16_mul_d(dnume_o16_var(xs[f]), 1.5);
        dnume_o16 r = f ? dnume_o16_atan(u) : dnume_o16_asinh(u);
        for (unsigned k = 1; k <= 16; k++) {
            covers(f ? "atan(1.5 x) at 0.9" : "asinh(1.5 x) at 1.85", k, r.d[k], r.e[k],
                   1.5L * fact * c[k - 1], 1e-17);
            fact *= k;
        }
    }
    /* partial underflow, scaled up: erfc(x) 1e300 at 27.5 (erfc and its first derivatives
     * are 0 in double), exp(3 x) 1e300 at -250, x^40 1e300 at 1e-9 (orders 0..3 fall to 0),
     * exp(x) exp(x) 1e300 at -356 (products of entries below DBL_MIN, their roundings
     * weighted by the binomials at order 16) */
    dnume_o4 ec = dnume_o4_mul_d(dnume_o4_erfc(dnume_o4_var(27.5)), 1e300);
    long double gs = expl(-27.5L * 27.5L) * 2.0L / sqrtl(3.14159265358979323846L);
    covers("erfc(x) 1e300 at 27.5", 0, ec.d[0], ec.e[0], erfcl(27.5L) * 1e300L, 1e-15);
    covers("erfc(x) 1e300 at 27.5", 1, ec.d[1], ec.e[1], -gs * 1e300L, 1e-15);
    covers("erfc(x) 1e300 at 27.5", 2, ec.d[2], ec.e[2], 55.0L * gs * 1e300L, 1e-15);
    dnume_o8 e3 = dnume_o8_mul_d(dnume_o8_exp(dnume_o8_mul_d(dnume_o8_var(-250.0), 3.0)), 1e300);
    long double p3 = 1.0L;
    for (unsigned k = 0; k <= 8; k++, p3 *= 3.0L)
        covers("exp(3 x) 1e300 at -250", k, e3.d[k], e3.e[k], p3 * expl(-750.0L) * 1e300L, 1e-15);
    dnume_o8 x40 = dnume_o8_mul_d(dnume_o8_pown(dnume_o8_var(1e-9), 40), 1e300);
    long double f40 = 1.0L;
    for (unsigned k = 0; k <= 3; k++) {
        covers("x^40 1e300 at 1e-9", k, x40.d[k], x40.e[k], f40 * powl((long double)1e-9, 40.0L - k) * 1e300L, 1e-15);
        f40 *= 40.0L - k;
    }
    dnume_o16 ee = dnume_o16_mul_d(dnume_o16_mul(dnume_o16_exp(dnume_o16_var(-356.0)), dnume_o16_exp(dnume_o16_var(-356.0))), 1e300);
    long double e2 = 1.0L;
    for (unsigned k = 0; k <= 16; k++, e2 *= 2.0L)
        covers("exp(x) exp(x) 1e300 at -356", k, ee.d[k], ee.e[k], e2 * expl(-712.0L) * 1e300L, 1e-15);
    /* a derivative of f that overflows at a high order leaves the lower ones bounded:
     * log(0.1 x) at 1e-14, order 24 (f^(20) overflows) */
    dnume_o24 lg = dnume_o24_log(dnume_o24_mul_d(dnume_o24_var(1e-14), 0.1));
    cr_expect(isfinite(lg.e[0]) && isfinite(lg.e[10]) && isinf(lg.e[24]),
              "log(0.1 x) at 1e-14: bounds %g, %g, %g", lg.e[0], lg.e[10], lg.e[24]);
    covers("log(0.1 x) at 1e-14", 0, lg.d[0], lg.e[0], logl((long double)0.1 * (long double)1e-14), 1e-17);
    /* ((x + 1) - 1)^2.5 at 1e-17: the operand is 0 in double, 1e-17 exactly */
    dnume_o1 s = dnume_o1_pow_d(dnume_o1_sub_d(dnume_o1_add_d(dnume_o1_var(1e-17), 1.0), 1.0), 2.5);
    covers("((x + 1) - 1)^2.5 at 1e-17", 0, s.d[0], s.e[0], powl(1e-17L, 2.5L), 1e-15);
    covers("((x + 1) - 1)^2.5 at 1e-17", 1, s.d[1], s.e[1], 2.5L * powl(1e-17L, 1.5L), 1e-15);
}

/* atan(x) at 1 - 2^-40, order 16: the derivatives 4, 8, 12 and 16 nearly vanish (what is
 * left of terms of their neighbours' size), and 1 + x^2 in the kernel needs 81 bits, so
 * that an x87 calibration rounds it as double does. atan^(k)(x) = (-1)^(k-1) (k-1)!
 * sin(k t) / (1 + x^2)^(k/2), t = acot(x) = pi/4 + d, d = atan(e / (2 - e)), e = 2^-40;
 * sin(k pi/4 + k d) from the exact sin and cos of k pi/4 */
Test(bounded, calibration_where_cancelling_derivatives_need_more_bits)
{
    /* (the reference; a calibration with more than 81 bits: not where the extended type
     * is x87 long double, musl and MinGW-w64) */
    if (LDBL_MANT_DIG < 64 || dn_ext_bits() < 113) return;
    const double x0 = 1.0 - 0x1p-40;
    const long double e = 0x1p-40L, d = atanl(e / (2.0L - e)), h = sqrtl(0.5L);
    const long double s8[8] = {0.0L, h, 1.0L, h, 0.0L, -h, -1.0L, -h};
    long double ex[17], fact = 1.0L, q = 2.0L - 2.0L * e + e * e;
    ex[0] = atanl((long double)x0);
    for (unsigned k = 1; k <= 16; k++) {
        long double s = s8[k % 8] * cosl(k * d) + s8[(k + 2) % 8] * sinl(k * d);
        ex[k] = (k % 2 ? 1.0L : -1.0L) * fact * s / powl(q, 0.5L * k);
        fact *= k;
    }
    dnume_o16 r = dnume_o16_atan(dnume_o16_var(x0));
    dvece v, w;
    cr_assert_eq(dvece_init(&v, 16), DN_OK);
    cr_assert_eq(dvece_init(&w, 16), DN_OK);
    dvece_set_var(&v, x0);
    cr_assert_eq(dvece_atan(&w, &v), DN_OK);
    for (unsigned k = 0; k <= 16; k++) {
        covers("dnume_o16_atan at 1 - 2^-40", k, r.d[k], r.e[k], ex[k], 1e-17);
        covers("dvece_atan at 1 - 2^-40", k, dvece_get(&w, k), dvece_err(&w, k), ex[k], 1e-17);
        cr_expect(isfinite(r.e[k]), "k = %u: bound %g", k, r.e[k]);
    }
    dvece_clear(&v), dvece_clear(&w);
}

/* The composed rows of the mpmath table, in both families: erfc(pow(cospi(x), -38.75)) at
 * -2.13, where erfc and its first derivatives underflow in double and in the
 * calibration's range while the higher derivatives of the composition are normal (the
 * bound was 195 times below the error at k = 7); erfc(sqrt(x)) at 702.25, derivatives near
 * 2.2e-307 whose normalised coefficients are subnormal from order 2 on (1e8 times at
 * k = 16); exp(-x^2) erfc(x) 1e300 at 27.3, a product of two functions computed as 0 (bound
 * 0, exact up to 5e-307) */
static dnume_o16 composed_fixed(const char *label, double x0)
{
    dnume_o16 x = dnume_o16_var(x0);
    if (!strcmp(label, "erfc(pow(cospi(x), -38.75))"))
        return dnume_o16_erfc(dnume_o16_pow_d(dnume_o16_cospi(x), -38.75));
    if (!strcmp(label, "erfc(sqrt(x))")) return dnume_o16_erfc(dnume_o16_sqrt(x));
    cr_assert_str_eq(label, "exp(-x^2)*erfc(x)*1e300");
    dnume_o16 g = dnume_o16_exp(dnume_o16_neg(dnume_o16_mul(x, x)));
    return dnume_o16_mul_d(dnume_o16_mul(g, dnume_o16_erfc(x)), 1e300);
}
static void composed_dvece(const char *label, dvece *w, const dvece *v)
{
    if (!strcmp(label, "erfc(pow(cospi(x), -38.75))")) {
        cr_assert_eq(dvece_cospi(w, v), DN_OK);
        cr_assert_eq(dvece_pow_d(w, w, -38.75), DN_OK);
        cr_assert_eq(dvece_erfc(w, w), DN_OK);
    } else if (!strcmp(label, "erfc(sqrt(x))")) {
        cr_assert_eq(dvece_sqrt(w, v), DN_OK);
        cr_assert_eq(dvece_erfc(w, w), DN_OK);
    } else {
        dvece t;
        cr_assert_eq(dvece_init(&t, DN_REF_BOUNDED_COMPOSED_ORD), DN_OK);
        cr_assert_eq(dvece_mul(&t, v, v), DN_OK);
        cr_assert_eq(dvece_neg(&t, &t), DN_OK);
        cr_assert_eq(dvece_exp(&t, &t), DN_OK);
        cr_assert_eq(dvece_erfc(w, v), DN_OK);
        cr_assert_eq(dvece_mul(w, w, &t), DN_OK);
        cr_assert_eq(dvece_mul_d(w, w, 1e300), DN_OK);
        dvece_clear(&t);
    }
}
Test(bounded, composed_rows_against_mpmath)
{
    enum { N = DN_REF_BOUNDED_COMPOSED_ORD };
    for (size_t i = 0; i < sizeof dn_ref_bounded_composed / sizeof dn_ref_bounded_composed[0];
         i++) {
        const char *label = dn_ref_bounded_composed[i].label;
        double x = dn_ref_bounded_composed[i].x;
        const double *ref = dn_ref_bounded_composed[i].d;
        dnume_o16 r = composed_fixed(label, x);
        dvece v, w;
        cr_assert_eq(dvece_init(&v, N), DN_OK);
        cr_assert_eq(dvece_init(&w, N), DN_OK);
        dvece_set_var(&v, x);
        composed_dvece(label, &w, &v);
        for (unsigned k = 0; k <= N; k++) {
            covers(label, k, r.d[k], r.e[k], ref[k], 1e-15);
            covers(label, k, dvece_get(&w, k), dvece_err(&w, k), ref[k], 1e-15);
        }
        dvece_clear(&v), dvece_clear(&w);
    }
}

/* products of a function's composition that underflow: pown(exp(x), 3) 1e300 at -250
 * (the computed derivatives are 0; the exact ones 3^k e^-750 1e300, near 5.7e-26 at
 * k = 1, from products near 1e-326), the same through pow_d, and sin(1e-200 x) 1e300^2
 * at 1 (the third derivative -1e-600 cos(1e-200) scaled to -1) */
Test(bounded, underflowing_products_of_a_composition)
{
    if (LDBL_MANT_DIG < 64 || LDBL_MAX_EXP <= DBL_MAX_EXP) return; /* (the references) */
    dnume_o3 e = dnume_o3_exp(dnume_o3_var(-250.0));
    dnume_o3 p = dnume_o3_mul_d(dnume_o3_pown(e, 3), 1e300);
    dnume_o3 q = dnume_o3_mul_d(dnume_o3_pow_d(e, 3.0), 1e300);
    long double p3 = 1.0L;
    for (unsigned k = 0; k <= 3; k++, p3 *= 3.0L) {
        covers("pown(exp(x), 3) 1e300 at -250", k, p.d[k], p.e[k], p3 * expl(-750.0L) * 1e300L, 1e-15);
        covers("pow_d(exp(x), 3) 1e300 at -250", k, q.d[k], q.e[k], p3 * expl(-750.0L) * 1e300L, 1e-15);
    }
    dnume_o3 s = dnume_o3_mul_d(dnume_o3_mul_d(dnume_o3_sin(dnume_o3_mul_d(dnume_o3_var(1.0), 1e-200)), 1e300), 1e300);
    long double a = 1e-200L, c = cosl(a) * a * a * a * 1e300L * 1e300L;
    covers("sin(1e-200 x) 1e600 at 1", 3, s.d[3], s.e[3], -c, 1e-15);
}
