/* The paper's recursive definitions, implemented literally on Dvec (exponential cost,
 * orders <= 10 only): the specification the library's polynomial kernels must equal.
 * Only the O(1)/O(N) operators D, F, new, add, add_d and mul_d of the library are
 * used; every product, quotient and function is the recursion itself:
 *   f g      = new(f0 g0, D(f) F(g) + F(f) D(g))
 *   h(u)     = new(h(u0), h'(F u) D u)            (apply, and each elementary function
 *                                                  with h' written in oracle operations)
 */
#ifndef DNUM_DVEC_ORACLE_H
#define DNUM_DVEC_ORACLE_H
#include <math.h>
#include <criterion/criterion.h>
#include <dnum/dnum.h>

typedef void (*o_fn)(dvec *r, const dvec *u);

static void o_init(dvec *v) { cr_assert(dvec_init(v, 0) == 0); }

/* r = the order-0 number (c) */
static void o_const0(dvec *r, double c) { cr_assert(dvec_set_derivs(r, &c, 0) == 0); }

static void o_mul(dvec *r, const dvec *f, const dvec *g)
{
    double v = dvec_get(f, 0) * dvec_get(g, 0);
    if (dvec_order(f) == 0) {
        o_const0(r, v);
        return;
    }
    dvec df, fg, ff, dg, a, b;
    o_init(&df), o_init(&fg), o_init(&ff), o_init(&dg), o_init(&a), o_init(&b);
    dvec_D(&df, f), dvec_F(&fg, g), dvec_F(&ff, f), dvec_D(&dg, g);
    o_mul(&a, &df, &fg);
    o_mul(&b, &ff, &dg);
    dvec_add(&a, &a, &b);
    cr_assert(dvec_new(r, v, &a) == 0);
    dvec_clear(&df), dvec_clear(&fg), dvec_clear(&ff), dvec_clear(&dg);
    dvec_clear(&a), dvec_clear(&b);
}

/* r = f(u) = new(f(u0), fprime(F u) * D u) */
static void o_chain(dvec *r, const dvec *u, double value, o_fn fprime)
{
    if (dvec_order(u) == 0) {
        o_const0(r, value);
        return;
    }
    dvec fu, du, p;
    o_init(&fu), o_init(&du), o_init(&p);
    dvec_F(&fu, u), dvec_D(&du, u);
    fprime(&p, &fu);
    o_mul(&p, &p, &du);
    cr_assert(dvec_new(r, value, &p) == 0);
    dvec_clear(&fu), dvec_clear(&du), dvec_clear(&p);
}

/* apply(h^(j), u) = new(h^(j)(u0), apply(h^(j+1), F u) * D u) */
static void o_apply_j(dvec *r, const dvec *u, dn_deriv_fn h, void *ctx, unsigned j)
{
    double value = h(dvec_get(u, 0), j, ctx);
    if (dvec_order(u) == 0) {
        o_const0(r, value);
        return;
    }
    dvec fu, du, p;
    o_init(&fu), o_init(&du), o_init(&p);
    dvec_F(&fu, u), dvec_D(&du, u);
    o_apply_j(&p, &fu, h, ctx, j + 1);
    o_mul(&p, &p, &du);
    cr_assert(dvec_new(r, value, &p) == 0);
    dvec_clear(&fu), dvec_clear(&du), dvec_clear(&p);
}

static void o_apply(dvec *r, const dvec *u, dn_deriv_fn h, void *ctx)
{
    o_apply_j(r, u, h, ctx, 0);
}

/* 1/x: (-1)^k k! / x^(k+1) */
static double o_recip_deriv(double x, unsigned k, void *ctx)
{
    (void)ctx;
    double v = 1.0 / x;
    for (unsigned i = 1; i <= k; i++) v *= -(double)i / x;
    return v;
}

static void o_recip(dvec *r, const dvec *u) { o_apply(r, u, o_recip_deriv, NULL); }

static void o_div(dvec *r, const dvec *a, const dvec *b)
{
    dvec q;
    o_init(&q);
    o_recip(&q, b);
    o_mul(r, a, &q);
    dvec_clear(&q);
}

static void o_sq(dvec *r, const dvec *u) { o_mul(r, u, u); }

static void o_exp(dvec *r, const dvec *u) { o_chain(r, u, exp(dvec_get(u, 0)), o_exp); }
static void o_cos(dvec *r, const dvec *u);
static void o_sin(dvec *r, const dvec *u) { o_chain(r, u, sin(dvec_get(u, 0)), o_cos); }
static void o_msin(dvec *r, const dvec *u)
{
    o_sin(r, u);
    dvec_mul_d(r, r, -1.0);
}
static void o_cos(dvec *r, const dvec *u) { o_chain(r, u, cos(dvec_get(u, 0)), o_msin); }
static void o_log(dvec *r, const dvec *u) { o_chain(r, u, log(dvec_get(u, 0)), o_recip); }

static void o_sqrt(dvec *r, const dvec *u);
static void o_sqrt_d(dvec *r, const dvec *v) /* 1 / (2 sqrt(v)) */
{
    o_sqrt(r, v);
    dvec_mul_d(r, r, 2.0);
    o_recip(r, r);
}
static void o_sqrt(dvec *r, const dvec *u) { o_chain(r, u, sqrt(dvec_get(u, 0)), o_sqrt_d); }

static void o_atan_d(dvec *r, const dvec *v) /* 1 / (1 + v^2) */
{
    o_sq(r, v);
    dvec_add_d(r, r, 1.0);
    o_recip(r, r);
}
static void o_atan(dvec *r, const dvec *u) { o_chain(r, u, atan(dvec_get(u, 0)), o_atan_d); }

static void o_tan(dvec *r, const dvec *u);
static void o_tan_d(dvec *r, const dvec *v) /* 1 + tan(v)^2 */
{
    o_tan(r, v);
    o_sq(r, r);
    dvec_add_d(r, r, 1.0);
}
static void o_tan(dvec *r, const dvec *u) { o_chain(r, u, tan(dvec_get(u, 0)), o_tan_d); }

static void o_tanh(dvec *r, const dvec *u);
static void o_tanh_d(dvec *r, const dvec *v) /* 1 - tanh(v)^2 */
{
    o_tanh(r, v);
    o_sq(r, r);
    dvec_d_sub(r, 1.0, r);
}
static void o_tanh(dvec *r, const dvec *u) { o_chain(r, u, tanh(dvec_get(u, 0)), o_tanh_d); }

static void o_asin_d(dvec *r, const dvec *v) /* 1 / sqrt(1 - v^2) */
{
    o_sq(r, v);
    dvec_d_sub(r, 1.0, r);
    o_sqrt(r, r);
    o_recip(r, r);
}
static void o_asin(dvec *r, const dvec *u) { o_chain(r, u, asin(dvec_get(u, 0)), o_asin_d); }

static void o_erf_d(dvec *r, const dvec *v) /* 2/sqrt(pi) exp(-v^2) */
{
    o_sq(r, v);
    dvec_mul_d(r, r, -1.0);
    o_exp(r, r);
    dvec_mul_d(r, r, 1.1283791670955125739);
}
static void o_erf(dvec *r, const dvec *u) { o_chain(r, u, erf(dvec_get(u, 0)), o_erf_d); }

static void o_cosh(dvec *r, const dvec *u);
static void o_sinh(dvec *r, const dvec *u) { o_chain(r, u, sinh(dvec_get(u, 0)), o_cosh); }
static void o_cosh(dvec *r, const dvec *u) { o_chain(r, u, cosh(dvec_get(u, 0)), o_sinh); }

/* a^b = exp(b log a) */
static void o_pow(dvec *r, const dvec *a, const dvec *b)
{
    dvec l;
    o_init(&l);
    o_log(&l, a);
    o_mul(&l, b, &l);
    o_exp(r, &l);
    dvec_clear(&l);
}

/* sqrt(a^2 + b^2) */
static void o_hypot(dvec *r, const dvec *a, const dvec *b)
{
    dvec s, t;
    o_init(&s), o_init(&t);
    o_sq(&s, a), o_sq(&t, b);
    dvec_add(&s, &s, &t);
    o_sqrt(r, &s);
    dvec_clear(&s), dvec_clear(&t);
}

#endif
