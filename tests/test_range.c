/* Range above order 170 (Dvec and the expression engine): a derivative whose true value
 * is a finite double comes back finite and accurate, one that exceeds DBL_MAX comes back
 * infinite. References: closed forms in long double, and the same functions at order 170,
 * where the kernels use the exact factorial tables and no rescaling. */
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
