/* The rows of tests/ref_data.h (mpmath, tools/gen_ref.py) on the fixed family (order 24),
 * on Dvec and as expressions, with the tolerance they are held to: shared by the
 * Criterion tests (test_reference.c, test_dvec.c, test_ext.c) and test_ref_portable.c.
 * A row is f(u) with u = x (form 0) or 2x^2 + x (form 1); the second argument of the
 * two-argument functions is h = x^3 - x/2 + 1; w1 and w2 are whole expressions. */
#ifndef DNUM_REF_EVAL_H
#define DNUM_REF_EVAL_H
#include <stdio.h>
#include <string.h>
#include "testutil.h"
#include "ref_data.h"

/* the bound of the built-in functions (scaled error): 1e-13 at orders <= 16, 1e-11 at
 * 17..24 */
static inline double ref_tol(unsigned k)
{
    return k <= 16 ? 1e-13 : 1e-11;
}

static inline dnum_o24 ref_inner_g(dnum_o24 x) /* 2x^2 + x */
{
    return dnum_o24_add(dnum_o24_mul_d(dnum_o24_mul(x, x), 2.0), x);
}

static inline dnum_o24 ref_inner_h(dnum_o24 x) /* x^3 - x/2 + 1 */
{
    return dnum_o24_add_d(dnum_o24_sub(dnum_o24_pown(x, 3), dnum_o24_mul_d(x, 0.5)), 1.0);
}

/* Row r on order-24 numbers; returns 0 for an unknown function name. */
static inline int ref_eval_o24(const dn_ref_row *r, dnum_o24 *out)
{
    typedef dnum_o24 T;
    T x = dnum_o24_var(r->x);
    T u = r->form ? ref_inner_g(x) : x;
    static const struct { const char *name; T (*f)(T); } un[] = {
        {"exp", dnum_o24_exp}, {"expm1", dnum_o24_expm1}, {"log", dnum_o24_log},
        {"log1p", dnum_o24_log1p}, {"sqrt", dnum_o24_sqrt}, {"cbrt", dnum_o24_cbrt},
        {"sin", dnum_o24_sin}, {"cos", dnum_o24_cos}, {"tan", dnum_o24_tan},
        {"asin", dnum_o24_asin}, {"acos", dnum_o24_acos}, {"atan", dnum_o24_atan},
        {"sinh", dnum_o24_sinh}, {"cosh", dnum_o24_cosh}, {"tanh", dnum_o24_tanh},
        {"asinh", dnum_o24_asinh}, {"acosh", dnum_o24_acosh}, {"atanh", dnum_o24_atanh},
        {"erf", dnum_o24_erf}, {"erfc", dnum_o24_erfc}, {"abs", dnum_o24_abs},
    };
    for (size_t i = 0; i < sizeof un / sizeof un[0]; i++)
        if (strcmp(r->fn, un[i].name) == 0) {
            *out = un[i].f(u);
            return 1;
        }
    if (strcmp(r->fn, "recip") == 0) *out = dnum_o24_d_div(1.0, u);
    else if (strcmp(r->fn, "powd") == 0) *out = dnum_o24_pow_d(u, r->param);
    else if (strcmp(r->fn, "pown") == 0) *out = dnum_o24_pown(u, (long)r->param);
    else if (strcmp(r->fn, "pow") == 0) *out = dnum_o24_pow(u, ref_inner_h(x));
    else if (strcmp(r->fn, "atan2") == 0) *out = dnum_o24_atan2(u, ref_inner_h(x));
    else if (strcmp(r->fn, "hypot") == 0) *out = dnum_o24_hypot(u, ref_inner_h(x));
    else if (strcmp(r->fn, "w1") == 0) *out = dnum_o24_exp(dnum_o24_mul(dnum_o24_neg(x), x));
    else if (strcmp(r->fn, "w2") == 0) {
        T p = dnum_o24_add_d(dnum_o24_mul(x, x), 1.0);
        T t1 = dnum_o24_div(dnum_o24_mul(dnum_o24_sin(x), dnum_o24_exp(x)), p);
        T t2 = dnum_o24_mul(dnum_o24_sqrt(p), dnum_o24_log(dnum_o24_add_d(dnum_o24_cos(x), 2.0)));
        *out = dnum_o24_add(t1, t2);
    } else return 0;
    return 1;
}

/* Row r on Dvec (order DN_REF_MAXORD) into out (initialised by the caller): 1 done, 0 a
 * row the Dvec functions have no name for (w1, w2: covered through the fixed family),
 * -1 a call failed. */
static inline int ref_eval_dvec(const dn_ref_row *row, dvec *out)
{
    static const struct { const char *name; int (*f)(dvec *, const dvec *); } un[] = {
        {"exp", dvec_exp}, {"expm1", dvec_expm1}, {"log", dvec_log}, {"log1p", dvec_log1p},
        {"sqrt", dvec_sqrt}, {"cbrt", dvec_cbrt}, {"sin", dvec_sin}, {"cos", dvec_cos},
        {"tan", dvec_tan}, {"asin", dvec_asin}, {"acos", dvec_acos}, {"atan", dvec_atan},
        {"sinh", dvec_sinh}, {"cosh", dvec_cosh}, {"tanh", dvec_tanh}, {"asinh", dvec_asinh},
        {"acosh", dvec_acosh}, {"atanh", dvec_atanh}, {"erf", dvec_erf}, {"erfc", dvec_erfc},
        {"abs", dvec_abs},
    };
    unsigned n = DN_REF_MAXORD;
    dvec x, u, h;
    int bad = dvec_init(&x, n) != 0;
    bad |= dvec_init(&u, n) != 0;
    bad |= dvec_init(&h, n) != 0;
    bad |= dvec_set_var(&x, row->x) != 0;
    if (row->form) { /* u = 2x^2 + x */
        bad |= dvec_mul(&u, &x, &x) != 0;
        bad |= dvec_mul_d(&u, &u, 2.0) != 0;
        bad |= dvec_add(&u, &u, &x) != 0;
    } else {
        bad |= dvec_set(&u, &x) != 0;
    }
    /* h = x^3 - x/2 + 1 (out as scratch) */
    bad |= dvec_pown(&h, &x, 3) != 0;
    bad |= dvec_mul_d(out, &x, 0.5) != 0;
    bad |= dvec_sub(&h, &h, out) != 0;
    bad |= dvec_add_d(&h, &h, 1.0) != 0;
    int found = 1;
    size_t i;
    for (i = 0; i < sizeof un / sizeof un[0]; i++)
        if (strcmp(row->fn, un[i].name) == 0) break;
    if (bad) found = -1;
    else if (i < sizeof un / sizeof un[0]) bad = un[i].f(out, &u);
    else if (strcmp(row->fn, "recip") == 0) bad = dvec_d_div(out, 1.0, &u);
    else if (strcmp(row->fn, "powd") == 0) bad = dvec_pow_d(out, &u, row->param);
    else if (strcmp(row->fn, "pown") == 0) bad = dvec_pown(out, &u, (long)row->param);
    else if (strcmp(row->fn, "pow") == 0) bad = dvec_pow(out, &u, &h);
    else if (strcmp(row->fn, "atan2") == 0) bad = dvec_atan2(out, &u, &h);
    else if (strcmp(row->fn, "hypot") == 0) bad = dvec_hypot(out, &u, &h);
    else found = 0;
    dvec_clear(&x), dvec_clear(&u), dvec_clear(&h);
    return bad ? -1 : found;
}

/* the expression of row r in the expression language (variable x) */
static inline void ref_src(char *buf, size_t len, const dn_ref_row *r)
{
    const char *u = r->form ? "(2*x^2 + x)" : "x", *h = "x^3 - x/2 + 1";
    if (!strcmp(r->fn, "recip")) snprintf(buf, len, "1 / %s", u);
    else if (!strcmp(r->fn, "powd")) snprintf(buf, len, "%s^(%.17g)", u, r->param);
    else if (!strcmp(r->fn, "pown")) snprintf(buf, len, "%s^(%d)", u, (int)r->param);
    else if (!strcmp(r->fn, "pow") || !strcmp(r->fn, "atan2") || !strcmp(r->fn, "hypot"))
        snprintf(buf, len, "%s(%s, %s)", r->fn, u, h);
    else if (!strcmp(r->fn, "w1")) snprintf(buf, len, "exp(-x * x)");
    else if (!strcmp(r->fn, "w2"))
        snprintf(buf, len, "sin(x) * exp(x) / (x * x + 1) + sqrt(x * x + 1) * log(cos(x) + 2)");
    else snprintf(buf, len, "%s(%s)", r->fn, u);
}

#endif
