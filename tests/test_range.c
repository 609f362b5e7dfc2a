/* Range above order 170 (Dvec and the expression engine): a derivative whose true value
 * is a finite double comes back finite and accurate, one that exceeds DBL_MAX comes back
 * infinite. References: closed forms in long double, and the same functions at order 170,
 * where the kernels use the exact factorial tables and no rescaling. Below: the same at
 * subnormal, tiny and huge arguments in the multivariate and order-2 families, against
 * mpmath. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include "testutil.h"

/* d_k of 1/(1-x) at 1/2: k! 2^(k+1), in long double (finite there to k = 1754) */
static long double pole_deriv(unsigned k)
{
    long double v = 2.0L;
    for (unsigned j = 1; j <= k; j++) v *= 2.0L * j;
    return v;
}

/* checks d[0..n] of 1/(1-x) at 1/2: within 1e-13 while k! 2^(k+1) <= DBL_MAX (k <= 150),
 * infinite beyond */
static void expect_pole(const double *d, unsigned n, const char *what)
{
    for (unsigned k = 0; k <= n; k++) {
        long double t = pole_deriv(k);
        if (t <= DBL_MAX) {
            double rel = (double)fabsl((d[k] - t) / t);
            cr_expect(rel <= 1e-13, "%s: k=%u got %.17g want %.17Lg (rel %.3g)", what, k, d[k],
                      t, rel);
        } else {
            cr_expect(isinf(d[k]) && d[k] > 0, "%s: k=%u got %.17g, want +inf", what, k, d[k]);
        }
    }
}

Test(range, dvec_pole_at_every_order)
{
    static const unsigned orders[] = {171, 200, 500, 1000};
    for (unsigned i = 0; i < sizeof orders / sizeof *orders; i++) {
        unsigned n = orders[i];
        dvec x, u, r;
        cr_assert(dvec_init(&x, n) == 0 && dvec_init(&u, n) == 0 && dvec_init(&r, n) == 0);
        dvec_set_var(&x, 0.5);
        dvec_d_sub(&u, 1.0, &x);
        cr_assert(dvec_d_div(&r, 1.0, &u) == 0);
        expect_pole(dvec_derivs(&r), n, "dvec_d_div");
        dvec one;
        cr_assert(dvec_init(&one, n) == 0);
        dvec_set_const(&one, 1.0);
        cr_assert(dvec_div(&u, &one, &u) == 0); /* in place: the operand is overwritten */
        expect_pole(dvec_derivs(&u), n, "dvec_div in place");
        dvec_d_sub(&u, 1.0, &x);
        cr_assert(dvec_pow_d(&r, &u, -1.0) == 0);
        expect_pole(dvec_derivs(&r), n, "dvec_pow_d");
        dvec_clear(&one);
        dvec_clear(&x);
        dvec_clear(&u);
        dvec_clear(&r);
    }
}

Test(range, expression_engine_pole)
{
    dn_expr_error err;
    dn_expr *e = dn_expr_parse("1/(1-x)", (const char *const[]){"x"}, 1, &err);
    cr_assert(e);
    for (unsigned n = 200; n <= 1000; n += 400) {
        double *w = malloc(dn_expr_work_size(e, n) * sizeof *w);
        double *a = calloc(n + 1, sizeof *a), *out = malloc((n + 1) * sizeof *out);
        cr_assert(w && a && out);
        a[0] = 0.5, a[1] = 1.0;
        cr_assert(dn_expr_eval(e, n, a, out, w) == 0);
        expect_pole(out, n, "dn_expr_eval");
        free(w), free(a), free(out);
    }
    dn_expr_free(e);
}

/* d_k of atan(x) at 3: (-1)^(k-1) (k-1)! sin(k acot 3) / 10^(k/2), finite to k = 219 */
Test(range, dvec_atan_finite_to_219)
{
    for (unsigned n = 500; n <= 1000; n += 500) {
        dvec x, r;
        cr_assert(dvec_init(&x, n) == 0 && dvec_init(&r, n) == 0);
        dvec_set_var(&x, 3.0);
        cr_assert(dvec_atan(&r, &x) == 0);
        const double *d = dvec_derivs(&r);
        long double f = 1.0L, th = atanl(1.0L / 3.0L); /* f = (k-1)! / 10^(k/2) */
        for (unsigned k = 1; k <= 219; k++) {
            if (k > 1) f *= (long double)(k - 1);
            f /= sqrtl(10.0L);
            long double t = ((k & 1) ? 1 : -1) * f * sinl(k * th);
            /* scaled by the envelope f, as sin(k acot 3) comes near 0 at some k */
            double e = (double)(fabsl(d[k] - t) / f);
            cr_expect(isfinite(d[k]) && e <= 1e-12, "n=%u k=%u got %.17g want %.17Lg (%.3g)", n,
                      k, d[k], t, e);
        }
        for (unsigned k = 225; k <= n; k++)
            cr_expect(!isfinite(d[k]), "n=%u k=%u: %.17g, the true value exceeds DBL_MAX", n, k,
                      d[k]);
        dvec_clear(&x);
        dvec_clear(&r);
    }
}

/* f(1/(1-x)) at 1/2 for many f: order 500 (rescaled where needed) against order 170 (the
 * exact tables), on every derivative finite at 170. (Not atan: atan(1/(1-x)) grows far
 * slower than its argument, so its recurrence cancels at any order: a conditioning
 * matter, not one of range.) */
typedef int (*un_fn)(dvec *, const dvec *);
Test(range, rescaled_functions_match_order_170)
{
    static const struct { const char *name; un_fn f; } fns[] = {
        {"exp", dvec_exp},   {"log", dvec_log},   {"sqrt", dvec_sqrt}, {"cbrt", dvec_cbrt},
        {"sin", dvec_sin},   {"cos", dvec_cos},   {"tanh", dvec_tanh},
        {"asinh", dvec_asinh}, {"erf", dvec_erf}, {"log1p", dvec_log1p},
    };
    const unsigned lo = 170, hi = 500;
    dvec x, u, r, x2, u2, r2, s2, c2, s, c;
    dvec *all[] = {&x, &u, &r, &x2, &u2, &r2, &s2, &c2, &s, &c};
    for (unsigned i = 0; i < 10; i++) cr_assert(dvec_init(all[i], i < 3 || i > 7 ? lo : hi) == 0);
    dvec_set_var(&x, 0.5);
    dvec_set_var(&x2, 0.5);
    dvec_d_sub(&u, 1.0, &x);
    dvec_d_div(&u, 1.0, &u);
    dvec_d_sub(&u2, 1.0, &x2);
    dvec_d_div(&u2, 1.0, &u2);
    for (unsigned i = 0; i < sizeof fns / sizeof *fns; i++) {
        cr_assert(fns[i].f(&r, &u) == 0 && fns[i].f(&r2, &u2) == 0);
        const double *a = dvec_derivs(&r), *b = dvec_derivs(&r2);
        unsigned checked = 0;
        for (unsigned k = 0; k <= lo; k++) {
            if (!isfinite(a[k])) continue;
            checked++;
            cr_expect(fabs(b[k] - a[k]) <= 1e-10 * fabs(a[k]) + 1e-300,
                      "%s: k=%u order %u gives %.17g, order %u %.17g", fns[i].name, k, hi, b[k],
                      lo, a[k]);
        }
        cr_expect(checked > 100, "%s: only %u finite derivatives at order %u", fns[i].name,
                  checked, lo);
    }
    /* a pair: both outputs rescaled together */
    cr_assert(dvec_sincos(&s, &c, &u) == 0 && dvec_sincos(&s2, &c2, &u2) == 0);
    for (unsigned k = 0; k <= lo; k++) {
        const double *p[2] = {dvec_derivs(&s), dvec_derivs(&c)};
        const double *q[2] = {dvec_derivs(&s2), dvec_derivs(&c2)};
        for (int j = 0; j < 2; j++)
            if (isfinite(p[j][k]))
                cr_expect(fabs(q[j][k] - p[j][k]) <= 1e-11 * fabs(p[j][k]) + 1e-300,
                          "sincos[%d] k=%u: %.17g vs %.17g", j, k, q[j][k], p[j][k]);
    }
    for (unsigned i = 0; i < 10; i++) dvec_clear(all[i]);
}

/* Binary kernels: a pole times an entire factor, a pole times itself. */
Test(range, binary_kernels)
{
    const unsigned n = 600;
    dvec x, u, e, r;
    cr_assert(dvec_init(&x, n) == 0 && dvec_init(&u, n) == 0 && dvec_init(&e, n) == 0 &&
              dvec_init(&r, n) == 0);
    dvec_set_var(&x, 0.5);
    dvec_d_sub(&u, 1.0, &x);
    dvec_d_div(&u, 1.0, &u); /* 1/(1-x) */
    dvec_exp(&e, &x);
    cr_assert(dvec_mul(&r, &u, &e) == 0); /* e^x/(1-x): d_k = e^x sum_j C(k,j) j! 2^(j+1) */
    const double *d = dvec_derivs(&r);
    for (unsigned k = 0; k <= 140; k++) {
        long double t = 0.0L, c = 1.0L; /* c = C(k, j) */
        for (unsigned j = 0; j <= k; j++) {
            t += c * pole_deriv(j);
            c = c * (k - j) / (j + 1);
        }
        t *= expl(0.5L);
        double rel = (double)fabsl((d[k] - t) / t);
        cr_expect(rel <= 1e-13, "mul k=%u got %.17g want %.17Lg (%.3g)", k, d[k], t, rel);
    }
    cr_assert(dvec_mul(&r, &u, &u) == 0); /* 1/(1-x)^2: d_k = (k+1)! 2^(k+2) */
    d = dvec_derivs(&r);
    for (unsigned k = 0; k <= 140; k++) {
        long double t = pole_deriv(k) * 2.0L * (k + 1);
        double rel = (double)fabsl((d[k] - t) / t);
        cr_expect(rel <= 1e-13, "u*u k=%u got %.17g want %.17Lg (%.3g)", k, d[k], t, rel);
    }
    dvec_clear(&x);
    dvec_clear(&u);
    dvec_clear(&e);
    dvec_clear(&r);
}

/* The rescaling takes its buffer from r's allocator: a failure leaves r as it was. */
static long fail_left;
static void *f_alloc(size_t size, void *ctx)
{
    (void)ctx;
    return fail_left-- > 0 ? malloc(size) : NULL;
}
static void f_free(void *p, size_t size, void *ctx)
{
    (void)size, (void)ctx;
    free(p);
}

Test(range, allocation_failure_leaves_output)
{
    const unsigned n = 300;
    dn_allocator al = {f_alloc, f_free, NULL};
    dvec x, r;
    fail_left = 2;
    cr_assert(dvec_init_alloc(&x, n, &al) == 0 && dvec_init_alloc(&r, n, &al) == 0);
    dvec_set_var(&x, 0.25);
    dvec_set_const(&r, 7.0);
    cr_expect(dvec_exp(&r, &x) == DN_ENOMEM);
    cr_expect(dvec_get(&r, 0) == 7.0 && dvec_get(&r, n) == 0.0);
    cr_expect(dvec_mul(&x, &x, &x) == DN_ENOMEM);
    cr_expect(dvec_get(&x, 0) == 0.25 && dvec_get(&x, 1) == 1.0);
    fail_left = 10;
    cr_expect(dvec_exp(&r, &x) == 0 && dvec_get(&r, n) == exp(0.25));
    dvec_clear(&x);
    dvec_clear(&r);
}

/* Taylor coefficients from the expression engine: finite where the derivatives overflow
 * (the registers carry their own exponent), also through intermediate results whose
 * derivatives overflow. */
static void eval_coeffs(const char *src, double x, unsigned n, double *c)
{
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, (const char *const[]){"x"}, 1, &err);
    cr_assert(e, "%s does not parse", src);
    double *w = malloc(dn_expr_work_size(e, n) * sizeof *w), *a = calloc(n + 1, sizeof *a);
    cr_assert(w && a);
    a[0] = x, a[1] = 1.0;
    cr_assert(dn_expr_eval_coeffs(e, n, a, c, w) == 0);
    free(w), free(a);
    dn_expr_free(e);
}

Test(range, expression_coefficients)
{
    static double c[1001];
    static const unsigned orders[] = {100, 171, 500, 1000};
    for (unsigned i = 0; i < 4; i++) {
        unsigned n = orders[i];
        eval_coeffs("1/(1-x)", 0.5, n, c); /* c_k = 2^(k+1) */
        for (unsigned k = 0; k <= n; k++)
            cr_expect(fabs(c[k] - ldexp(1.0, (int)k + 1)) <= 1e-13 * ldexp(1.0, (int)k + 1),
                      "1/(1-x), n=%u: c_%u = %.17g", n, k, c[k]);
        /* the intermediate (1/(1-x))^2 has derivatives far above DBL_MAX */
        eval_coeffs("(1/(1-x))^2/(1/(1-x))", 0.5, n, c);
        for (unsigned k = 0; k <= n; k++)
            cr_expect(fabs(c[k] - ldexp(1.0, (int)k + 1)) <= 1e-10 * ldexp(1.0, (int)k + 1),
                      "u^2/u, n=%u: c_%u = %.17g", n, k, c[k]);
        /* exp(x)/(1-x): c_k = e^(1/2) sum_j 2^(j+1) / (k-j)!, and sin x: sin(1 + k pi/2)/k! */
        eval_coeffs("exp(x)/(1-x)", 0.5, n, c);
        for (unsigned k = 0; k <= n; k++) {
            long double t = 0.0L, f = 1.0L; /* f = 1/(k-j)!, j from k down */
            for (unsigned j = k + 1; j-- > 0;) {
                t += ldexpl(f, (int)j + 1);
                f /= (long double)(k - j + 1);
            }
            t *= expl(0.5L);
            cr_expect(fabsl(c[k] - t) <= 1e-13L * t, "exp(x)/(1-x), n=%u: c_%u = %.17g, want %.17Lg",
                      n, k, c[k], t);
        }
        eval_coeffs("sin(x)", 1.0, n, c);
        long double f = 1.0L;
        for (unsigned k = 0; k <= n && k <= 170; k++) {
            if (k) f *= k;
            long double t = sinl(1.0L + k * 1.5707963267948966192313216916397514L) / f;
            cr_expect(fabsl(c[k] - t) <= 1e-15L / f, "sin, n=%u: c_%u = %.17g", n, k, c[k]);
        }
    }
}

/* Random formulas: at order 400 (rescaling where needed) every derivative of order <= 170
 * that is finite at order 170 (exact factorial tables, no rescaling) is finite. Formulas
 * from a fixed-seed generator over the elementary functions. (Not their closeness: many
 * of these formulas cancel badly at high order, e.g. atan(1/tanh(log(x+2))) at 0.5 sums
 * terms near 1e173 to derivatives near 1e155, so the two orders disagree in the leading
 * digits; that is conditioning, which an error bound has to report.) */
static unsigned rnd_state = 12345u;
static unsigned rnd(unsigned m)
{
    rnd_state = rnd_state * 1103515245u + 12345u;
    return (rnd_state >> 16) % m;
}

static char src[4096];
static size_t src_len;
static void put(const char *t)
{
    while (*t && src_len + 1 < sizeof src) src[src_len++] = *t++;
    src[src_len] = 0;
}

/* appends a random formula of depth at most depth to src */
static void gen(int depth)
{
    static const char *un[] = {"exp", "sin", "cos", "atan", "tanh", "sqrt", "log", "asinh", "erf"};
    static const char *leaf[] = {"x", "x", "(1-x)", "(x+2)", "0.7", "(2*x-3)"};
    static const char *bin[] = {"+", "-", "*", "/"};
    unsigned r = depth ? rnd(10) : 9;
    if (r < 4) {
        put(un[rnd(9)]), put("("), gen(depth - 1), put(")");
    } else if (r < 8) {
        put("("), gen(depth - 1), put(bin[rnd(4)]), gen(depth - 1), put(")");
    } else if (r == 8) {
        put("1/("), gen(depth - 1), put(")");
    } else {
        put(leaf[rnd(6)]);
    }
}

Test(range, random_formulas_keep_their_finite_derivatives)
{
    const unsigned lo = 170, hi = 400;
    static double wlo[1 << 16], whi[1 << 17], a[401], dlo[171], dhi[401];
    unsigned tried = 0, finite_pairs = 0;
    for (int t = 0; t < 300; t++) {
        src_len = 0;
        gen(4);
        dn_expr_error err;
        dn_expr *e = dn_expr_parse(src, (const char *const[]){"x"}, 1, &err);
        if (!e) continue;
        cr_assert(dn_expr_work_size(e, hi) <= sizeof whi / sizeof *whi);
        a[0] = 0.5, a[1] = 1.0;
        cr_assert(dn_expr_eval(e, lo, a, dlo, wlo) == 0 && dn_expr_eval(e, hi, a, dhi, whi) == 0);
        dn_expr_free(e);
        if (!isfinite(dlo[0])) continue;
        tried++;
        for (unsigned k = 0; k <= lo; k++) {
            if (!isfinite(dlo[k])) continue;
            finite_pairs++;
            cr_expect(isfinite(dhi[k]), "%s: d_%u is %.17g at order %u, finite (%.17g) at %u", src,
                      k, dhi[k], hi, dlo[k], lo);
        }
    }
    cr_expect(tried > 100 && finite_pairs > 10000, "only %u formulas, %u derivatives compared",
              tried, finite_pairs);
}

/* ---------------------------------------------------------------------------------------- */
/* Subnormal, tiny and huge arguments in the multivariate families (Dnum2, Dnumk, dnk_*,    */
/* the expression engines for 2..8 variables) and the order-2 families, against mpmath      */
/* (tests/ref_range_data.h, made by tools/gen_ref_range.py): a derivative that is a finite   */
/* double comes back finite and close, one beyond DBL_MAX as +-Inf, and every partial in a  */
/* variable the function does not depend on exactly 0 (before: cbrt(x) at 5.4e-312 gave     */
/* d1_0 = Inf and NaN partials in y in Dnum2 and Dnumk).                                    */
#include <string.h>
#include "ref_range_data.h"

DNUMK_DEFINE(3, 4)
DNUMK_DEFINE(3, 3)

/* got against the reference r (+-INFINITY: the derivative exceeds DBL_MAX, so no finite
 * number is right: +-Inf, or NaN where an Inf met another, as 0 * Inf in a chain rule).
 * Tolerance: relative 1e-12 (the results of one function, at most a few roundings of
 * libm's value times the exactly rescaled operand) and 2^-1050 absolute (a result in the
 * subnormal range keeps fewer digits). */
static int range_ok(double got, double r)
{
    if (isinf(r)) return !isfinite(got) && !(isinf(got) && (got > 0) != (r > 0));
    return isfinite(got) && fabs(got - r) <= 1e-12 * fabs(r) + 0x1p-1050;
}

enum { NU = 21 };
static const char *const un_names[NU] = {
    "exp", "expm1", "log", "log1p", "sqrt", "cbrt", "sin", "cos", "tan", "asin", "acos",
    "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "recip"};

static int un_id(const char *fn)
{
    for (int i = 0; i < NU; i++)
        if (strcmp(fn, un_names[i]) == 0) return i;
    if (strcmp(fn, "powd") == 0) return NU;
    if (strcmp(fn, "pown") == 0) return NU + 1;
    return -1;
}

/* the row's function on a Dnum2, a Dnumk and a dnk_* number */
#define UN_CASES(P, u)                                                                     \
    case 0: return P##exp(u);   case 1: return P##expm1(u); case 2: return P##log(u);      \
    case 3: return P##log1p(u); case 4: return P##sqrt(u);  case 5: return P##cbrt(u);     \
    case 6: return P##sin(u);   case 7: return P##cos(u);   case 8: return P##tan(u);      \
    case 9: return P##asin(u);  case 10: return P##acos(u); case 11: return P##atan(u);    \
    case 12: return P##sinh(u); case 13: return P##cosh(u); case 14: return P##tanh(u);    \
    case 15: return P##asinh(u); case 16: return P##acosh(u); case 17: return P##atanh(u); \
    case 18: return P##erf(u);  case 19: return P##erfc(u)
static dnum2_o4 un2(const dn_refr_row *r, dnum2_o4 u)
{
    switch (un_id(r->fn)) {
        UN_CASES(dnum2_o4_, u);
    case 20: return dnum2_o4_d_div(1.0, u);
    case NU: return dnum2_o4_pow_d(u, r->param);
    default: return dnum2_o4_pown(u, (long)r->param);
    }
}
static dnumk3_o4 unk(const dn_refr_row *r, dnumk3_o4 u)
{
    switch (un_id(r->fn)) {
        UN_CASES(dnumk3_o4_, u);
    case 20: return dnumk3_o4_d_div(1.0, u);
    case NU: return dnumk3_o4_pow_d(u, r->param);
    default: return dnumk3_o4_pown(u, (long)r->param);
    }
}
#define DNK_CASES(sp, res, u)                                                              \
    case 0: return dnk_exp(sp, res, u);   case 1: return dnk_expm1(sp, res, u);            \
    case 2: return dnk_log(sp, res, u);   case 3: return dnk_log1p(sp, res, u);            \
    case 4: return dnk_sqrt(sp, res, u);  case 5: return dnk_cbrt(sp, res, u);             \
    case 6: return dnk_sin(sp, res, u);   case 7: return dnk_cos(sp, res, u);              \
    case 8: return dnk_tan(sp, res, u);   case 9: return dnk_asin(sp, res, u);             \
    case 10: return dnk_acos(sp, res, u); case 11: return dnk_atan(sp, res, u);            \
    case 12: return dnk_sinh(sp, res, u); case 13: return dnk_cosh(sp, res, u);            \
    case 14: return dnk_tanh(sp, res, u); case 15: return dnk_asinh(sp, res, u);           \
    case 16: return dnk_acosh(sp, res, u); case 17: return dnk_atanh(sp, res, u);          \
    case 18: return dnk_erf(sp, res, u);  case 19: return dnk_erfc(sp, res, u)
static int und(const dn_refr_row *r, dnk_space *sp, double *res, const double *u)
{
    switch (un_id(r->fn)) {
        DNK_CASES(sp, res, u);
    case 20: return dnk_d_div(sp, res, 1.0, u);
    case NU: return dnk_pow_d(sp, res, u, r->param);
    default: return dnk_pown(sp, res, u, (long)r->param);
    }
}

/* the row's function of the variable v (of k) as a formula */
static void un_src(const dn_refr_row *r, const char *v, char *buf, size_t len)
{
    int id = un_id(r->fn);
    if (id == 20) snprintf(buf, len, "1/%s", v);
    else if (id >= NU) snprintf(buf, len, "%s^(%.17g)", v, r->param);
    else snprintf(buf, len, "%s(%s)", r->fn, v);
}

static const char *const vnames[8] = {"x", "y", "z", "p", "q", "r", "s", "t"};

/* checks a Dnumk number c (Taylor coefficients, k variables, order DN_REFR_ORDER) that is f
 * of variable v alone against the row */
static void expect_unary_k(const dn_refr_row *r, const double *c, unsigned k, unsigned v,
                           const char *what)
{
    unsigned al[DNK_VARS_MAX] = {0};
    size_t S = dnk_size(k, DN_REFR_ORDER);
    for (size_t e = 0; e < S; e++, dnik_next(k, al)) {
        unsigned s = 0, other = 0;
        for (unsigned i = 0; i < k; i++) s += al[i], other |= i != v && al[i];
        if (other) { /* 0, unless the value overflowed (then 0 * Inf in every family) */
            cr_expect(c[e] == 0.0 || isinf(r->d[0]), "%s(%g) at %g, %s: a partial in "
                      "another variable is %g", r->fn, r->param, r->x, what, c[e]);
        } else {
            double d = c[e] * dni_fact[s];
            cr_expect(range_ok(d, r->d[s]), "%s(%g) at %.17g, %s: d%u = %.17g, want %.17g",
                      r->fn, r->param, r->x, what, s, d, r->d[s]);
        }
    }
}

Test(range, multivariate_functions_at_extreme_arguments)
{
    cr_assert(DN_REFR_NROWS > 150);
    dnk_space sp[3];
    static const unsigned ks[3] = {2, 3, 6};
    for (int i = 0; i < 3; i++) cr_assert(dnk_space_init(&sp[i], ks[i], DN_REFR_ORDER) == 0);
    for (size_t n = 0; n < DN_REFR_NROWS; n++) {
        const dn_refr_row *r = &dn_refr_rows[n];
        cr_assert(un_id(r->fn) >= 0, "unknown function %s", r->fn);
        /* Dnum2, the variable x and then y */
        for (int v = 0; v < 2; v++) {
            dnum2_o4 u = v ? dnum2_o4_vary(0.5, r->x) : dnum2_o4_varx(r->x, 0.5), f = un2(r, u);
            double c[DNUM2_SIZE(4)];
            for (unsigned s = 0; s <= 4; s++)
                for (unsigned j = 0; j <= s; j++) /* as Taylor coefficients */
                    c[DNUM2_INDEX(s - j, j)] =
                        DNUM2_AT(f, s - j, j) / (dni_fact[s - j] * dni_fact[j]);
            expect_unary_k(r, c, 2, (unsigned)v, v ? "dnum2_o4 (y)" : "dnum2_o4 (x)");
        }
        /* Dnumk, the middle one of three variables */
        dnumk3_o4 f = unk(r, dnumk3_o4_var(r->x, 1));
        expect_unary_k(r, f.c, 3, 1, "dnumk3_o4");
        /* dnk_*: run-time K, the last variable */
        for (int i = 0; i < 3; i++) {
            double u[DNUMK_SIZE(6, 4)], res[DNUMK_SIZE(6, 4)];
            dnk_set_var(&sp[i], u, ks[i] - 1, r->x);
            cr_assert(und(r, &sp[i], res, u) == 0);
            char what[32];
            snprintf(what, sizeof what, "dnk (k = %u)", ks[i]);
            expect_unary_k(r, res, ks[i], ks[i] - 1, what);
        }
    }
    for (int i = 0; i < 3; i++) dnk_space_clear(&sp[i]);
}

/* the expression engines: dn_expr_eval2 (Dnum2 layout) and dn_expr_evalk for 3 and 8
 * variables, the function of the first variable */
Test(range, expression_engines_at_extreme_arguments)
{
    static double args[8 * DNUMK_SIZE(8, 4)], out[DNUMK_SIZE(8, 4)], c[DNUM2_SIZE(4)];
    for (size_t n = 0; n < DN_REFR_NROWS; n++) {
        const dn_refr_row *r = &dn_refr_rows[n];
        char src[64];
        un_src(r, "x", src, sizeof src);
        static const unsigned ks[3] = {2, 3, 8};
        for (int i = 0; i < 3; i++) {
            unsigned k = ks[i];
            dn_expr_error err;
            dn_expr *e = dn_expr_parse(src, vnames, k, &err);
            cr_assert(e, "%s does not parse", src);
            size_t S = dnk_size(k, DN_REFR_ORDER);
            double *w = malloc((k == 2 ? dn_expr_work_size2(e, DN_REFR_ORDER)
                                       : dn_expr_work_sizek(e, k, DN_REFR_ORDER)) * sizeof *w);
            cr_assert(w);
            memset(args, 0, sizeof args);
            for (unsigned v = 0; v < k; v++) {
                args[v * S] = v ? 0.5 : r->x;
                args[v * S + 1 + v] = 1.0; /* d/dx_v in both layouts */
            }
            char what[32];
            snprintf(what, sizeof what, "%s (k = %u)", k == 2 ? "dn_expr_eval2" : "dn_expr_evalk", k);
            if (k == 2) {
                cr_assert(dn_expr_eval2(e, DN_REFR_ORDER, args, out, w) == 0);
                for (unsigned s = 0; s <= 4; s++)
                    for (unsigned j = 0; j <= s; j++)
                        c[DNUM2_INDEX(s - j, j)] =
                            out[DNUM2_INDEX(s - j, j)] / (dni_fact[s - j] * dni_fact[j]);
                expect_unary_k(r, c, 2, 0, what);
            } else {
                cr_assert(dn_expr_evalk(e, k, DN_REFR_ORDER, args, out, w) == 0);
                expect_unary_k(r, out, k, 0, what);
            }
            free(w);
            dn_expr_free(e);
        }
    }
}

/* two arguments: x / y, atan2, hypot, pow, cbrt(x y), every mixed partial to order 3 */
static dnum2_o3 bin2(const char *fn, dnum2_o3 x, dnum2_o3 y)
{
    if (!strcmp(fn, "div")) return dnum2_o3_div(x, y);
    if (!strcmp(fn, "atan2")) return dnum2_o3_atan2(x, y);
    if (!strcmp(fn, "hypot")) return dnum2_o3_hypot(x, y);
    if (!strcmp(fn, "pow")) return dnum2_o3_pow(x, y);
    return dnum2_o3_cbrt(dnum2_o3_mul(x, y));
}
static dnumk3_o3 bink(const char *fn, dnumk3_o3 x, dnumk3_o3 y)
{
    if (!strcmp(fn, "div")) return dnumk3_o3_div(x, y);
    if (!strcmp(fn, "atan2")) return dnumk3_o3_atan2(x, y);
    if (!strcmp(fn, "hypot")) return dnumk3_o3_hypot(x, y);
    if (!strcmp(fn, "pow")) return dnumk3_o3_pow(x, y);
    return dnumk3_o3_cbrt(dnumk3_o3_mul(x, y));
}
static const char *bin_src(const char *fn)
{
    if (!strcmp(fn, "div")) return "x/y";
    if (!strcmp(fn, "atan2")) return "atan2(x, y)";
    if (!strcmp(fn, "hypot")) return "hypot(x, y)";
    if (!strcmp(fn, "pow")) return "pow(x, y)";
    return "cbrt(x*y)";
}

Test(range, two_arguments_at_extreme_points)
{
    cr_assert(DN_REFR2_NROWS > 15);
    for (size_t n = 0; n < DN_REFR2_NROWS; n++) {
        const dn_refr2_row *r = &dn_refr2_rows[n];
        dnum2_o3 f = bin2(r->fn, dnum2_o3_varx(r->x, r->y), dnum2_o3_vary(r->x, r->y));
        /* Dnumk: x and y the first and last of three */
        dnumk3_o3 g = bink(r->fn, dnumk3_o3_var(r->x, 0), dnumk3_o3_var(r->y, 2));
        /* the expression engine, three variables: F(x, z), y unused */
        dn_expr_error err;
        static const char *const xzy[3] = {"x", "u", "y"};
        dn_expr *e = dn_expr_parse(bin_src(r->fn), xzy, 3, &err);
        cr_assert(e, "%s does not parse", bin_src(r->fn));
        size_t S = dnk_size(3, 3);
        double args[3 * DNUMK_SIZE(3, 3)] = {0}, out[DNUMK_SIZE(3, 3)];
        double *w = malloc(dn_expr_work_sizek(e, 3, 3) * sizeof *w);
        cr_assert(w);
        args[0] = r->x, args[1] = 1.0, args[S] = 0.5, args[S + 2] = 1.0, args[2 * S] = r->y;
        args[2 * S + 3] = 1.0;
        cr_assert(dn_expr_evalk(e, 3, 3, args, out, w) == 0);
        unsigned al[3] = {0};
        for (size_t i = 0; i < S; i++, dnik_next(3, al)) {
            unsigned s = al[0] + al[1] + al[2];
            double fa = dni_fact[al[0]] * dni_fact[al[2]];
            if (al[1]) { /* y: no dependence */
                cr_expect(g.c[i] == 0.0 && out[i] == 0.0, "%s at (%g, %g): a partial in the "
                          "absent variable is %g, %g", r->fn, r->x, r->y, g.c[i], out[i]);
                continue;
            }
            double want = r->d[DNUM2_INDEX(al[0], al[2])];
            cr_expect(range_ok(DNUM2_AT(f, al[0], al[2]), want) && range_ok(g.c[i] * fa, want) &&
                          range_ok(out[i] * fa, want),
                      "%s at (%.17g, %.17g), d%u_%u (order %u): dnum2 %.17g, dnumk %.17g, "
                      "expr %.17g, want %.17g", r->fn, r->x, r->y, al[0], al[2], s,
                      DNUM2_AT(f, al[0], al[2]), g.c[i] * fa, out[i] * fa, want);
        }
        free(w);
        dn_expr_free(e);
    }
}

/* The order-2 families (dlane_o2, dsp_o2 and dsph_o2 through the one-pass driver, dnelK_o2 through
 * the element driver): f, f' and f'' of the unary rows, from the formulas of chain2.h.
 * Where f or f' is beyond DBL_MAX, their chain rule f' h_u + f'' g_u^2 meets Inf * 0 (h_u =
 * 0 for a variable): f'' is then only required not to be a finite wrong number. */
typedef struct { int id; double p; } r2ctx;
DN_OBJECTIVE_O2(r2fun, T, x, n, ctx, {
    const r2ctx *c = ctx;
    T u = x[0];
    switch (c->id) {
        UN_CASES(dnh_, u);
    case 20: return dnh_d_div(1.0, u);
    case NU: return dnh_pow_d(u, c->p);
    default: return dnh_pown(u, (long)c->p);
    }
})
DN_ELEMENT_O2(r2fun_el, 1, T, u, e, ctx, {
    const r2ctx *c = ctx;
    switch (c->id) {
        UN_CASES(dnh_, u[0]);
    case 20: return dnh_d_div(1.0, u[0]);
    case NU: return dnh_pow_d(u[0], c->p);
    default: return dnh_pown(u[0], (long)c->p);
    }
})

Test(range, order2_families_at_extreme_arguments)
{
    dn_elements *E;
    const unsigned idx[1] = {0};
    cr_assert(dn_elements_new(&E, 1, 1, 1, idx, NULL) == 0);
    for (size_t n = 0; n < DN_REFR_NROWS; n++) {
        const dn_refr_row *r = &dn_refr_rows[n];
        r2ctx c = {un_id(r->fn), r->param};
        double f[3], g[3], h[3];
        cr_assert(dn_hessdiag_lanes(&f[0], &g[0], &h[0], r2fun_lanes, &c, &r->x, 1, NULL) == 0);
        cr_assert(dn_hessdiag_sp(&f[1], &g[1], &h[1], r2fun_sp, &c, &r->x, 1, NULL) == 0);
        cr_assert(dn_hessdiag_el(&f[2], &g[2], &h[2], r2fun_el, &c, &r->x, E) == 0);
        static const char *const fam[3] = {"dlane_o2", "dsp_o2", "dnelK_o2"};
        int inf = isinf(r->d[0]) || isinf(r->d[1]);
        for (int i = 0; i < 3; i++)
            cr_expect(range_ok(f[i], r->d[0]) && range_ok(g[i], r->d[1]) &&
                          (range_ok(h[i], r->d[2]) || (inf && isnan(h[i]))),
                      "%s(%g) at %.17g, %s: %.17g %.17g %.17g, want %.17g %.17g %.17g", r->fn,
                      r->param, r->x, fam[i], f[i], g[i], h[i], r->d[0], r->d[1], r->d[2]);
    }
    dn_elements_free(E);
}

/* u^p of an operand u(x) whose own derivatives are far from its value: u_0 = 2^e0,
 * u' = a u_0 2^s, u'' = b u_0 2^(2s), so that u'' / u_0 and (u' / u_0)^2 (2^(2s)) are out
 * of range while f'' = u_0^p 2^(2s) (p b + p (p - 1) a^2) is not (cbrt of a product near
 * 1e240: the recurrence on u / u_0 lost the share of u'', a third of f''; or +-Inf where
 * it is beyond DBL_MAX), also at a subnormal u_0 = 2^-1058 (where u' 2^-1058 is subnormal
 * too: a rescaling before the division lost digits of f', 1e-6 of it). Closed form
 * against Dnum2 (x and y), Dnumk and Dnum, whose derivatives are NaN where the value
 * u_0^p underflows or overflows (docs/errors.md). */
Test(range, powers_of_operands_far_from_their_value)
{
    static const double ps[4] = {1.0 / 3.0, 2.5, -1.5, 0.5};
    static const int e0s[5] = {800, -800, 1000, -1000, -1058}, ss[3] = {-600, 600, 1058};
    for (int ip = 0; ip < 4; ip++)
        for (int ie = 0; ie < 5; ie++)
            for (int is = 0; is < 3; is++) {
                double p = ps[ip], a = 1.4142135623730951, b = -0.7;
                int e0 = e0s[ie], s = ss[is];
                double u0 = ldexp(1.0, e0), u1 = ldexp(a, e0 + s), u2 = ldexp(b, e0 + 2 * s);
                if (u1 == 0.0 || u2 == 0.0 || isinf(u1) || isinf(u2)) continue;
                double want1 = p * a * exp2(p * e0 + s);
                double want2 = (p * b + p * (p - 1.0) * a * a) * exp2(p * e0 + 2 * s);
                if (!isfinite(want1) || fabs(want2) < 0x1p-1000) continue;
                double d[DNUM2_SIZE(4)] = {0}, got[4][2];
                for (int v = 0; v < 2; v++) {
                    d[0] = u0;
                    d[DNUM2_INDEX(1 - v, v)] = u1, d[DNUM2_INDEX(2 - 2 * v, 2 * v)] = u2;
                    d[DNUM2_INDEX(v, 1 - v)] = d[DNUM2_INDEX(2 * v, 2 - 2 * v)] = 0.0;
                    dnum2_o4 u = dnum2_o4_from(d);
                    dnum2_o4 f = p == 1.0 / 3.0 ? dnum2_o4_cbrt(u) : dnum2_o4_pow_d(u, p);
                    got[v][0] = DNUM2_AT(f, 1 - v, v), got[v][1] = DNUM2_AT(f, 2 - 2 * v, 2 * v);
                }
                dnumk3_o4 k = dnumk3_o4_var(u0, 1);
                unsigned al[3] = {0, 1, 0};
                k.c[dnik_index(3, al)] = u1, al[1] = 2, k.c[dnik_index(3, al)] = u2 / 2.0;
                dnumk3_o4 fk = p == 1.0 / 3.0 ? dnumk3_o4_cbrt(k) : dnumk3_o4_pow_d(k, p);
                al[1] = 1, got[2][0] = fk.c[dnik_index(3, al)];
                al[1] = 2, got[2][1] = fk.c[dnik_index(3, al)] * 2.0;
                dnum_o4 x = {{u0, u1, u2, 0.0, 0.0}};
                dnum_o4 fx = p == 1.0 / 3.0 ? dnum_o4_cbrt(x) : dnum_o4_pow_d(x, p);
                got[3][0] = fx.d[1], got[3][1] = fx.d[2];
                static const char *const fam[4] = {"dnum2 (x)", "dnum2 (y)", "dnumk3",
                                                   "dnum"};
                double f0 = pow(u0, p);
                int lost = f0 == 0.0 || isinf(f0);
                for (int i = 0; i < 4; i++)
                    cr_expect((i == 3 && lost && isnan(got[i][0]) && isnan(got[i][1])) ||
                                  (range_ok(got[i][0], want1) && range_ok(got[i][1], want2)),
                              "u^%g, u = 2^%d, u' = %g 2^%d, u'' = %g 2^%d, %s: %.17g %.17g, "
                              "want %.17g %.17g", p, e0, a, e0 + s, b, e0 + 2 * s, fam[i],
                              got[i][0], got[i][1], want1, want2);
            }
}

/* hypot and atan2 of operands with a tiny value and derivatives of unit size: closed forms
 * of the first derivatives, no NaN at orders 2 and 3. One variable (Dnum, Dvec, the
 * expression engine): a^2 + b^2 underflowed where the wide type has double's range (the
 * double-double form): hypot(x, x) at 2^-1058 had d1 2e-6 off, atan2 NaN derivatives. Two
 * variables (Dnum2, Dnumk, the expression engine), hypot(x, 2y + x^2): 1 / (2 r_0)
 * overflowed at a subnormal r_0 (NaN partials). The operands' x^2 underflows: b_0 = 2 y_0
 * (2 x_0 in one variable, where the derivatives are exact: d1 = sqrt 5 and, for atan2, 0). */
static void tiny1(int mode, double x0, double want1)
{
    static const char *const xv[1] = {"x"};
    static const char *const srcs[3] = {"hypot(x, x)", "hypot(x, 2*x + x^2)",
                                        "atan2(x, 2*x + x^2)"};
    const char *src = srcs[mode];
    dn_expr *e = dn_expr_parse(src, xv, 1, NULL);
    cr_assert(e);
    double args[4] = {x0, 1.0, 0.0, 0.0}, d[3][4], w[512];
    cr_assert(dn_expr_work_size(e, 3) <= 512);
    cr_assert(dn_expr_eval(e, 3, args, d[0], w) == 0);
    dnum_o3 x = {{x0, 1.0, 0.0, 0.0}}, b = dnum_o3_add(dnum_o3_mul_d(x, 2.0), dnum_o3_mul(x, x));
    dnum_o3 f = mode == 2 ? dnum_o3_atan2(x, b) : dnum_o3_hypot(x, mode ? b : x);
    memcpy(d[1], f.d, sizeof f.d);
    dvec X, B, R;
    cr_assert(dvec_init(&X, 3) == 0 && dvec_set_var(&X, x0) == 0 && dvec_init(&B, 3) == 0 &&
              dvec_init(&R, 3) == 0);
    cr_assert(dvec_mul(&B, &X, &X) == 0 && dvec_mul_d(&R, &X, 2.0) == 0 && dvec_add(&B, &B, &R) == 0);
    cr_assert((mode == 2 ? dvec_atan2(&R, &X, &B) : dvec_hypot(&R, &X, mode ? &B : &X)) == 0);
    for (unsigned k = 0; k <= 3; k++) d[2][k] = dvec_get(&R, k);
    static const char *const fam[3] = {"expr", "dnum_o3", "dvec"};
    for (int i = 0; i < 3; i++)
        cr_expect(range_ok(d[i][1], want1) && !isnan(d[i][2]) && !isnan(d[i][3]),
                  "%s at %g, %s: d1 %.17g d2 %g d3 %g, want d1 %.17g", src, x0, fam[i],
                  d[i][1], d[i][2], d[i][3], want1);
    dvec_clear(&X), dvec_clear(&B), dvec_clear(&R);
    dn_expr_free(e);
}

Test(range, two_argument_functions_of_tiny_operands)
{
    static const double x1s[4] = {0x1.8p-1058, 1e-310, 1e-200, 0x1p-520};
    for (int i = 0; i < 4; i++) {
        tiny1(0, x1s[i], sqrt(2.0));
        tiny1(1, x1s[i], sqrt(5.0));
        tiny1(2, x1s[i], 0.0);
    }
    static const double pts[3][2] = {{1e-310, 2e-310}, {0x1p-1058, 0x1.8p-1056}, {1e-300, 3e-301}};
    static const char *const xy[2] = {"x", "y"};
    dn_expr *e = dn_expr_parse("hypot(x, 2*y + x^2)", xy, 2, NULL);
    cr_assert(e);
    double *w = malloc(dn_expr_work_sizek(e, 2, 3) * sizeof *w);
    cr_assert(w);
    for (int i = 0; i < 3; i++) {
        double x0 = pts[i][0], y0 = pts[i][1], b0 = 2.0 * y0 + x0 * x0;
        /* (on x_0 and b_0 scaled by 2^1100: a subnormal r_0 has few digits) */
        double xs = ldexp(x0, 1100), bs = ldexp(b0, 1100), rs = hypot(xs, bs);
        double want[2] = {xs / rs, 2.0 * bs / rs}, got[3][2];
        int nan2[3] = {0, 0, 0};
        dnum2_o3 x = dnum2_o3_varx(x0, y0), y = dnum2_o3_vary(x0, y0);
        dnum2_o3 f = dnum2_o3_hypot(x, dnum2_o3_add(dnum2_o3_mul_d(y, 2.0), dnum2_o3_mul(x, x)));
        got[0][0] = DNUM2_AT(f, 1, 0), got[0][1] = DNUM2_AT(f, 0, 1);
        dnumk3_o3 xk = dnumk3_o3_var(x0, 0), yk = dnumk3_o3_var(y0, 2);
        dnumk3_o3 g = dnumk3_o3_hypot(xk, dnumk3_o3_add(dnumk3_o3_mul_d(yk, 2.0),
                                                       dnumk3_o3_mul(xk, xk)));
        unsigned ax[3] = {1, 0, 0}, ay[3] = {0, 0, 1};
        got[1][0] = g.c[dnik_index(3, ax)], got[1][1] = g.c[dnik_index(3, ay)];
        size_t S = dnk_size(2, 3);
        double args[2 * DNUMK_SIZE(2, 3)] = {0}, out[DNUMK_SIZE(2, 3)];
        args[0] = x0, args[1] = 1.0, args[S] = y0, args[S + 2] = 1.0;
        cr_assert(dn_expr_evalk(e, 2, 3, args, out, w) == 0);
        got[2][0] = out[1], got[2][1] = out[2];
        for (size_t j = 3; j < DNUM2_SIZE(3); j++) nan2[0] |= isnan(f.d[j]) != 0;
        for (size_t j = 0; j < DNUMK_SIZE(3, 3); j++) nan2[1] |= isnan(g.c[j]) != 0;
        for (size_t j = 3; j < S; j++) nan2[2] |= isnan(out[j]) != 0;
        static const char *const fam[3] = {"dnum2_o3", "dnumk3_o3", "expr (k = 2)"};
        for (int k = 0; k < 3; k++)
            cr_expect(range_ok(got[k][0], want[0]) && range_ok(got[k][1], want[1]) && !nan2[k],
                      "hypot(x, 2y + x^2) at (%g, %g), %s: %.17g %.17g, want %.17g %.17g%s",
                      x0, y0, fam[k], got[k][0], got[k][1], want[0], want[1],
                      nan2[k] ? "; NaN partials" : "");
    }
    free(w);
    dn_expr_free(e);
}
