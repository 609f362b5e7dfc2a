/* Dvec: equal to the fixed Dnum bit for bit at every shared order (where DN_TEST_SAME_LIBM,
 * testutil.h; within the documented accuracy elsewhere), equal to the paper's
 * literal recursion (tests/dvec_oracle.h) at orders <= 10, equal to the mpmath tables,
 * aliasing (also of wrapped deques), the D/F/new identities, status codes, high orders
 * against closed forms. Allocation failures: test_dvec_alloc.c. */
#include <stdio.h>
#include <string.h>
#include "testutil.h"
#include "dvec_oracle.h"
#include "ref_eval.h"

DNUM_DEFINE(100)
DNUM_DEFINE(170)

/* r = 2x^2 + x at x0, as a dvec of the given order */
static void inner(dvec *r, unsigned order, double x0)
{
    dvec x;
    cr_assert(dvec_init(&x, order) == 0);
    cr_assert(dvec_set_var(&x, x0) == 0);
    cr_assert(dvec_init(r, order) == 0);
    cr_assert(dvec_mul(r, &x, &x) == 0);
    cr_assert(dvec_mul_d(r, r, 2.0) == 0);
    cr_assert(dvec_add(r, r, &x) == 0);
    dvec_clear(&x);
}

/* second operand of the two-argument functions: 1.5 - x/2 */
static void inner2(dvec *r, unsigned order, double x0)
{
    cr_assert(dvec_init(r, order) == 0);
    cr_assert(dvec_set_var(r, x0) == 0);
    cr_assert(dvec_mul_d(r, r, -0.5) == 0);
    cr_assert(dvec_add_d(r, r, 1.5) == 0);
}

static void expect_same(const double *want, const dvec *got, unsigned n, const char *what,
                        double x0)
{
    cr_assert_eq(dvec_order(got), (int)n, "%s: order %d, want %u", what, dvec_order(got), n);
    for (unsigned k = 0; k <= n; k++)
        cr_expect(same_engines(dvec_get(got, k), want[k], k),
                  "%s order %u at x=%g, k=%u: dvec %.17g, dnum %.17g", what, n, x0, k,
                  dvec_get(got, k), want[k]);
}

/* ---- Dvec == Dnum, bit for bit ---------------------------------------------------- */

#define CMP_UN(N, f)                                                                       \
    do {                                                                                   \
        dnum_o##N a = dnum_o##N##_##f(u);                                                  \
        cr_assert(dvec_##f(&R, &U) == 0);                                                  \
        expect_same(a.d, &R, N, #f, x0);                                                   \
    } while (0)
#define CMP_EXPR(N, what, fixed_expr, dvec_call)                                           \
    do {                                                                                   \
        dnum_o##N a = fixed_expr;                                                          \
        cr_assert(dvec_call == 0);                                                         \
        expect_same(a.d, &R, N, what, x0);                                                 \
    } while (0)

#define XFAM(N)                                                                            \
    static void xfam_##N(double x0)                                                        \
    {                                                                                      \
        dnum_o##N x = dnum_o##N##_var(x0);                                                 \
        dnum_o##N u = dnum_o##N##_add(dnum_o##N##_mul_d(dnum_o##N##_mul(x, x), 2.0), x);   \
        dnum_o##N v = dnum_o##N##_add_d(dnum_o##N##_mul_d(x, -0.5), 1.5);                  \
        dvec U, V, R, S;                                                                   \
        inner(&U, N, x0);                                                                  \
        inner2(&V, N, x0);                                                                 \
        cr_assert(dvec_init(&R, 0) == 0 && dvec_init(&S, 3) == 0);                         \
        expect_same(u.d, &U, N, "2x^2+x", x0);                                             \
        CMP_UN(N, neg); CMP_UN(N, exp); CMP_UN(N, expm1); CMP_UN(N, log);                  \
        CMP_UN(N, log1p); CMP_UN(N, sqrt); CMP_UN(N, cbrt); CMP_UN(N, sin);                \
        CMP_UN(N, cos); CMP_UN(N, tan); CMP_UN(N, asin); CMP_UN(N, acos);                  \
        CMP_UN(N, atan); CMP_UN(N, sinh); CMP_UN(N, cosh); CMP_UN(N, tanh);                \
        CMP_UN(N, asinh); CMP_UN(N, acosh); CMP_UN(N, atanh); CMP_UN(N, erf);              \
        CMP_UN(N, erfc); CMP_UN(N, abs);                                                   \
        CMP_EXPR(N, "mul", dnum_o##N##_mul(u, v), dvec_mul(&R, &U, &V));                   \
        CMP_EXPR(N, "mul u u", dnum_o##N##_mul(u, u), dvec_mul(&R, &U, &U));               \
        CMP_EXPR(N, "div", dnum_o##N##_div(u, v), dvec_div(&R, &U, &V));                   \
        CMP_EXPR(N, "add", dnum_o##N##_add(u, v), dvec_add(&R, &U, &V));                   \
        CMP_EXPR(N, "sub", dnum_o##N##_sub(u, v), dvec_sub(&R, &U, &V));                   \
        CMP_EXPR(N, "pow", dnum_o##N##_pow(v, u), dvec_pow(&R, &V, &U));                   \
        CMP_EXPR(N, "atan2", dnum_o##N##_atan2(u, v), dvec_atan2(&R, &U, &V));             \
        CMP_EXPR(N, "hypot", dnum_o##N##_hypot(u, v), dvec_hypot(&R, &U, &V));             \
        CMP_EXPR(N, "add_d", dnum_o##N##_add_d(u, 0.3), dvec_add_d(&R, &U, 0.3));          \
        CMP_EXPR(N, "sub_d", dnum_o##N##_sub_d(u, 0.3), dvec_sub_d(&R, &U, 0.3));          \
        CMP_EXPR(N, "mul_d", dnum_o##N##_mul_d(u, 0.3), dvec_mul_d(&R, &U, 0.3));          \
        CMP_EXPR(N, "div_d", dnum_o##N##_div_d(u, 0.3), dvec_div_d(&R, &U, 0.3));          \
        CMP_EXPR(N, "d_sub", dnum_o##N##_d_sub(0.3, u), dvec_d_sub(&R, 0.3, &U));          \
        CMP_EXPR(N, "d_div", dnum_o##N##_d_div(0.3, u), dvec_d_div(&R, 0.3, &U));          \
        CMP_EXPR(N, "pow_d", dnum_o##N##_pow_d(u, 2.5), dvec_pow_d(&R, &U, 2.5));          \
        CMP_EXPR(N, "pow_d int", dnum_o##N##_pow_d(u, -3.0), dvec_pow_d(&R, &U, -3.0));    \
        CMP_EXPR(N, "pown", dnum_o##N##_pown(u, 7), dvec_pown(&R, &U, 7));                 \
        CMP_EXPR(N, "apply", dnum_o##N##_apply(u, dn_deriv_gaussian, NULL),                \
                 dvec_apply(&R, &U, dn_deriv_gaussian, NULL));                             \
        dnum_o##N s, c;                                                                    \
        dnum_o##N##_sincos(u, &s, &c);                                                     \
        cr_assert(dvec_sincos(&R, &S, &U) == 0);                                           \
        expect_same(s.d, &R, N, "sincos s", x0);                                           \
        expect_same(c.d, &S, N, "sincos c", x0);                                           \
        dnum_o##N##_sinhcosh(u, &s, &c);                                                   \
        cr_assert(dvec_sinhcosh(&R, &S, &U) == 0);                                         \
        expect_same(s.d, &R, N, "sinhcosh s", x0);                                         \
        expect_same(c.d, &S, N, "sinhcosh c", x0);                                         \
        dvec_clear(&U), dvec_clear(&V), dvec_clear(&R), dvec_clear(&S);                    \
    }
XFAM(1) XFAM(2) XFAM(3) XFAM(4) XFAM(5) XFAM(8) XFAM(13) XFAM(16) XFAM(24) XFAM(32) XFAM(100)
XFAM(170)

Test(dvec, equals_dnum_bit_for_bit)
{
    static const double xs[] = {0.25, 0.7, -0.9};
    for (unsigned i = 0; i < 3; i++) {
        double x0 = xs[i];
        xfam_1(x0), xfam_2(x0), xfam_3(x0), xfam_4(x0), xfam_5(x0), xfam_8(x0), xfam_13(x0);
        xfam_16(x0), xfam_24(x0), xfam_32(x0), xfam_100(x0), xfam_170(x0);
    }
}

/* ---- the literal recursion ------------------------------------------------------------ */

static void expect_close(const dvec *want, const dvec *got, double tol, const char *what)
{
    int n = dvec_order(want);
    cr_assert_eq(dvec_order(got), n, "%s: orders %d vs %d", what, dvec_order(got), n);
    for (int k = 0; k <= n; k++) {
        if (same_double(dvec_get(got, (unsigned)k), dvec_get(want, (unsigned)k))) continue;
        double e = scaled_err(dvec_get(got, (unsigned)k), dvec_get(want, (unsigned)k), (unsigned)k);
        cr_expect(e <= tol, "%s order %d k=%d: fast %.17g, recursion %.17g (err %.3g)", what,
                  n, k, dvec_get(got, (unsigned)k), dvec_get(want, (unsigned)k), e);
    }
}

typedef int (*lib_un)(dvec *, const dvec *);

Test(dvec, equals_literal_recursion_to_order_10)
{
    static const struct { const char *name; o_fn oracle; lib_un lib; } un[] = {
        {"exp", o_exp, dvec_exp}, {"sin", o_sin, dvec_sin}, {"cos", o_cos, dvec_cos},
        {"log", o_log, dvec_log}, {"sqrt", o_sqrt, dvec_sqrt}, {"atan", o_atan, dvec_atan},
        {"tan", o_tan, dvec_tan}, {"tanh", o_tanh, dvec_tanh}, {"asin", o_asin, dvec_asin},
        {"erf", o_erf, dvec_erf}, {"sinh", o_sinh, dvec_sinh}, {"cosh", o_cosh, dvec_cosh},
    };
    for (unsigned n = 0; n <= 10; n++) {
        dvec u, v, want, got;
        inner(&u, n, 0.3); /* u0 = 0.48: inside every domain */
        inner2(&v, n, 0.3);
        o_init(&want);
        cr_assert(dvec_init(&got, n) == 0);
        o_mul(&want, &u, &v);
        cr_assert(dvec_mul(&got, &u, &v) == 0);
        expect_close(&want, &got, 1e-13, "mul");
        o_div(&want, &u, &v);
        cr_assert(dvec_div(&got, &u, &v) == 0);
        expect_close(&want, &got, 1e-13, "div");
        o_pow(&want, &v, &u);
        cr_assert(dvec_pow(&got, &v, &u) == 0);
        expect_close(&want, &got, 1e-13, "pow");
        o_hypot(&want, &u, &v);
        cr_assert(dvec_hypot(&got, &u, &v) == 0);
        expect_close(&want, &got, 1e-13, "hypot");
        o_apply(&want, &u, dn_deriv_gaussian, NULL);
        cr_assert(dvec_apply(&got, &u, dn_deriv_gaussian, NULL) == 0);
        expect_close(&want, &got, 1e-13, "apply gaussian");
        o_apply(&want, &u, dn_deriv_log, NULL);
        cr_assert(dvec_apply(&got, &u, dn_deriv_log, NULL) == 0);
        expect_close(&want, &got, 1e-13, "apply log");
        for (unsigned i = 0; i < sizeof un / sizeof un[0]; i++) {
            un[i].oracle(&want, &u);
            cr_assert(un[i].lib(&got, &u) == 0);
            expect_close(&want, &got, 1e-13, un[i].name);
        }
        dvec_clear(&u), dvec_clear(&v), dvec_clear(&want), dvec_clear(&got);
    }
}

/* ---- mpmath tables ---------------------------------------------------------------------- */

Test(dvec, matches_mpmath_tables)
{
    /* Dvec runs the fixed family's kernels, so it inherits their bounds (test_reference.c):
     * 1e-13 at orders <= 16, 1e-11 at 17..24. */
    unsigned rows = 0;
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        const dn_ref_row *row = &dn_ref_rows[i];
        dvec got;
        cr_assert(dvec_init(&got, 0) == 0);
        int found = ref_eval_dvec(row, &got); /* (0: w1, w2, covered by the fixed family) */
        cr_assert(found >= 0, "%s form %d x=%g: a Dvec call failed", row->fn, row->form, row->x);
        if (found) {
            rows++;
            for (unsigned k = 0; k <= DN_REF_MAXORD; k++) {
                double tol = ref_tol(k);
                double e = scaled_err(dvec_get(&got, k), row->d[k], k);
                cr_expect(e <= tol, "%s form %d x=%g k=%u: %.17g want %.17g (err %.3g)",
                          row->fn, row->form, row->x, k, dvec_get(&got, k), row->d[k], e);
            }
        }
        dvec_clear(&got);
    }
    cr_assert(rows > 150, "only %u reference rows evaluated", rows);
}

/* ---- aliasing, also through wrapped deques ---------------------------------------------- */

/* r = a, stored so that the ring wraps: D(a) at the start of a buffer of order + 1
 * places, then a0 pushed in front, into the last place */
static void wrapped(dvec *r, const dvec *a)
{
    cr_assert(dvec_init(r, (unsigned)dvec_order(a)) == 0);
    cr_assert(dvec_D(r, a) == 0);
    cr_assert(dvec_new(r, dvec_get(a, 0), r) == 0);
    cr_assert_eq(dvec_order(r), dvec_order(a));
}

Test(dvec, derivs_pointer_reads_plain_and_wrapped_deques)
{
    for (unsigned n = 1; n <= 20; n++) {
        dvec u, w;
        inner(&u, n, 0.3);
        wrapped(&w, &u); /* D then new: the deque wraps */
        cr_assert(w.head + w.len > w.cap, "order %u: the test deque does not wrap", n);
        double want[21];
        cr_assert(dvec_get_derivs(want, &u) == 0);
        const double *p = dvec_derivs(&u); /* contiguous already: a pointer into u */
        cr_assert(p == u.buf + u.head);
        const double *q = dvec_derivs(&w); /* rotated in place first */
        cr_assert(q && w.head + w.len <= w.cap, "order %u: still wraps", n);
        for (unsigned k = 0; k <= n; k++) {
            cr_expect(same_double(p[k], want[k]) && same_double(q[k], want[k]),
                      "order %u, k=%u: %g %g want %g", n, k, p[k], q[k], want[k]);
            cr_expect(same_double(dvec_get(&w, k), want[k]));
        }
        dvec_clear(&u), dvec_clear(&w);
    }
    dvec z = {0};
    cr_expect(dvec_derivs(NULL) == NULL && dvec_derivs(&z) == NULL);
}

Test(dvec, aliasing_and_wrapped_deques)
{
    static const lib_un un[] = {dvec_neg, dvec_exp, dvec_expm1, dvec_log, dvec_log1p,
                                dvec_sqrt, dvec_cbrt, dvec_sin, dvec_cos, dvec_tan,
                                dvec_asin, dvec_acos, dvec_atan, dvec_sinh, dvec_cosh,
                                dvec_tanh, dvec_asinh, dvec_acosh, dvec_atanh, dvec_erf,
                                dvec_erfc, dvec_abs};
    unsigned n = 12;
    dvec u, v, w, b, a;
    inner(&u, n, 0.3);
    inner2(&v, n, 0.3);
    wrapped(&w, &u);
    cr_assert(w.head + w.len > w.cap, "the test deque does not wrap");
    for (unsigned k = 0; k <= n; k++) cr_assert(dvec_get(&w, k) == dvec_get(&u, k));
    cr_assert(dvec_init(&b, 0) == 0 && dvec_init(&a, 0) == 0);
    for (size_t i = 0; i < sizeof un / sizeof un[0]; i++) {
        cr_assert(un[i](&b, &u) == 0);          /* b = f(u) */
        dvec_set(&a, &u);
        cr_assert(un[i](&a, &a) == 0);          /* a = f(a) */
        expect_close(&b, &a, 0.0, "aliased");
        dvec_clear(&a);
        wrapped(&a, &u);
        cr_assert(un[i](&a, &a) == 0);          /* wrapped in place */
        expect_close(&b, &a, 0.0, "wrapped aliased");
        dvec_clear(&a);
        cr_assert(dvec_init(&a, 0) == 0);
        cr_assert(un[i](&a, &w) == 0);          /* wrapped input */
        expect_close(&b, &a, 0.0, "wrapped input");
    }
    /* binary: r = a, r = b, r = a = b */
    cr_assert(dvec_mul(&b, &u, &v) == 0);
    dvec_set(&a, &u);
    cr_assert(dvec_mul(&a, &a, &v) == 0);
    expect_close(&b, &a, 0.0, "mul r=a");
    dvec_set(&a, &v);
    cr_assert(dvec_mul(&a, &u, &a) == 0);
    expect_close(&b, &a, 0.0, "mul r=b");
    cr_assert(dvec_div(&b, &u, &u) == 0);
    dvec_set(&a, &u);
    cr_assert(dvec_div(&a, &a, &a) == 0);
    expect_close(&b, &a, 0.0, "div r=a=b");
    cr_assert(dvec_atan2(&b, &u, &v) == 0);
    cr_assert(dvec_atan2(&w, &w, &v) == 0);
    expect_close(&b, &w, 0.0, "atan2 wrapped r=y");
    /* pairs: s = u */
    dvec c;
    cr_assert(dvec_init(&c, 0) == 0);
    cr_assert(dvec_sincos(&b, &c, &u) == 0);
    dvec_set(&a, &u);
    dvec s2;
    cr_assert(dvec_init(&s2, 0) == 0);
    cr_assert(dvec_sincos(&a, &s2, &a) == 0);
    expect_close(&b, &a, 0.0, "sincos s=u");
    expect_close(&c, &s2, 0.0, "sincos c");
    dvec_set(&a, &u);
    cr_assert(dvec_sincos(&s2, &a, &a) == 0);
    expect_close(&c, &a, 0.0, "sincos c=u");
    cr_assert(dvec_sincos(&a, &a, &u) == DN_EINVAL);
    dvec_clear(&u), dvec_clear(&v), dvec_clear(&w), dvec_clear(&b), dvec_clear(&a);
    dvec_clear(&c), dvec_clear(&s2);
}

/* Deques that start past the front of their buffer without wrapping (after an in-place
 * D): operands and outputs there give the same bits as at the front. */
Test(dvec, offset_deques)
{
    for (unsigned n = 1; n <= 17; n++) {
        dvec u, v, t, r, want, s, c;
        inner(&u, n, 0.3);
        inner2(&v, n, 0.3);
        cr_assert(dvec_init(&t, n + 1) == 0 && dvec_init(&r, n + 1) == 0);
        cr_assert(dvec_init(&want, n) == 0 && dvec_init(&s, n + 1) == 0);
        cr_assert(dvec_init(&c, n + 1) == 0);
        dvec_D(&r, &r), dvec_D(&s, &s), dvec_D(&c, &c); /* outputs: head 1, cap n + 2 */
        cr_assert(dvec_new(&t, 0.0, &u) == 0 && dvec_D(&t, &t) == 0); /* t = u at head 1 */
        cr_assert(t.head == 1 && t.head + t.len <= t.cap, "order %u: not an offset deque", n);
        cr_assert(dvec_exp(&want, &u) == 0 && dvec_exp(&r, &t) == 0);
        expect_close(&want, &r, 0.0, "exp offset");
        cr_assert(dvec_mul(&want, &u, &v) == 0 && dvec_mul(&r, &t, &v) == 0);
        expect_close(&want, &r, 0.0, "mul offset");
        cr_assert(dvec_mul(&want, &u, &u) == 0 && dvec_mul(&r, &t, &t) == 0);
        expect_close(&want, &r, 0.0, "square offset");
        cr_assert(dvec_erf(&want, &u) == 0 && dvec_erf(&r, &t) == 0);
        expect_close(&want, &r, 0.0, "erf offset");
        cr_assert(dvec_sincos(&s, &c, &t) == 0 && dvec_sin(&want, &u) == 0);
        expect_close(&want, &s, 0.0, "sincos offset s");
        cr_assert(dvec_cos(&want, &u) == 0);
        expect_close(&want, &c, 0.0, "sincos offset c");
        dvec_clear(&u), dvec_clear(&v), dvec_clear(&t), dvec_clear(&r), dvec_clear(&want);
        dvec_clear(&s), dvec_clear(&c);
    }
}

/* ---- the paper's operators --------------------------------------------------------------- */

static void expect_eq_dvec(const dvec *a, const dvec *b, const char *what)
{
    expect_close(a, b, 0.0, what);
}

Test(dvec, D_F_new_identities)
{
    unsigned n = 9;
    dvec u, v, t1, t2, t3;
    inner(&u, n, 0.6);
    inner2(&v, n, 0.6);
    cr_assert(dvec_init(&t1, 0) == 0 && dvec_init(&t2, 0) == 0 && dvec_init(&t3, 0) == 0);
    /* F D = D F */
    dvec_D(&t1, &u), dvec_F(&t1, &t1);
    dvec_F(&t2, &u), dvec_D(&t2, &t2);
    expect_eq_dvec(&t1, &t2, "F D = D F");
    cr_assert_eq(dvec_order(&t1), (int)n - 2);
    /* D of the variable is the constant 1 of order n - 1 */
    dvec x;
    cr_assert(dvec_init(&x, n) == 0);
    dvec_set_var(&x, 0.6);
    dvec_D(&t1, &x);
    cr_assert_eq(dvec_order(&t1), (int)n - 1);
    for (unsigned k = 0; k < n; k++) cr_expect(dvec_get(&t1, k) == (k == 0 ? 1.0 : 0.0));
    /* D(new(h, t)) = t and new(a0, D a) = a; F(new(h, t)) = new(h, F t) */
    dvec_new(&t1, 4.5, &u);
    cr_assert_eq(dvec_order(&t1), (int)n + 1);
    dvec_D(&t2, &t1);
    expect_eq_dvec(&u, &t2, "D new = id");
    dvec_D(&t2, &u);
    dvec_new(&t2, dvec_get(&u, 0), &t2);
    expect_eq_dvec(&u, &t2, "new(a0, D a) = a");
    dvec_F(&t2, &t1);
    dvec_F(&t3, &u);
    dvec_new(&t3, 4.5, &t3);
    expect_eq_dvec(&t2, &t3, "F new = new F");
    /* the product's defining recursion: D(uv) = D(u) F(v) + F(u) D(v) */
    dvec a, b;
    cr_assert(dvec_init(&a, 0) == 0 && dvec_init(&b, 0) == 0);
    dvec_mul(&t1, &u, &v);
    dvec_D(&t1, &t1);
    dvec_D(&a, &u), dvec_F(&b, &v), dvec_mul(&t2, &a, &b);
    dvec_F(&a, &u), dvec_D(&b, &v), dvec_mul(&t3, &a, &b);
    dvec_add(&t2, &t2, &t3);
    expect_close(&t1, &t2, 1e-14, "D(uv) = Du Fv + Fu Dv");
    /* in-place operators are O(1) moves: D then new restores without reallocation */
    double *buf = u.buf;
    double u0 = dvec_get(&u, 0);
    for (int i = 0; i < 50; i++) {
        cr_assert(dvec_D(&u, &u) == 0);
        cr_assert(dvec_new(&u, u0, &u) == 0);
    }
    cr_expect(u.buf == buf, "D/new in place reallocated");
    /* order-0 numbers have no D or F */
    dvec z;
    cr_assert(dvec_init(&z, 0) == 0);
    cr_expect(dvec_D(&t1, &z) == DN_EORDER);
    cr_expect(dvec_F(&t1, &z) == DN_EORDER);
    dvec_clear(&u), dvec_clear(&v), dvec_clear(&t1), dvec_clear(&t2), dvec_clear(&t3);
    dvec_clear(&x), dvec_clear(&a), dvec_clear(&b), dvec_clear(&z);
}

/* ---- status codes ---------------------------------------------------------------------- */

Test(dvec, status_codes_leave_outputs_untouched)
{
    dvec a, b, r, un;
    cr_assert(dvec_init(&a, 4) == 0 && dvec_init(&b, 5) == 0 && dvec_init(&r, 2) == 0);
    dvec_set_var(&a, 1.0), dvec_set_var(&b, 1.0), dvec_set_const(&r, 7.0);
    double before[3];
    dvec_get_derivs(before, &r);
    cr_expect(dvec_add(&r, &a, &b) == DN_EORDER);
    cr_expect(dvec_mul(&r, &a, &b) == DN_EORDER);
    cr_expect(dvec_pow(&r, &a, &b) == DN_EORDER);
    cr_expect(dvec_atan2(&r, &a, &b) == DN_EORDER);
    cr_expect(dvec_hypot(&r, &a, &b) == DN_EORDER);
    cr_expect(dvec_apply(&r, &a, NULL, NULL) == DN_EINVAL);
    cr_expect(dvec_exp(NULL, &a) == DN_EINVAL);
    cr_expect(dvec_exp(&r, NULL) == DN_EINVAL);
    cr_expect(dvec_init(&un, DN_ORDER_MAX + 1) == DN_ERANGE);
    cr_expect(dvec_init(NULL, 3) == DN_EINVAL);
    cr_expect(dvec_set_derivs(&r, before, DN_ORDER_MAX + 1) == DN_ERANGE);
    cr_expect(dvec_set_derivs(&r, NULL, 2) == DN_EINVAL);
    cr_expect_eq(dvec_order(&r), 2);
    for (unsigned k = 0; k <= 2; k++) cr_expect(dvec_get(&r, k) == before[k]);
    cr_expect(isnan(dvec_get(&r, 3)), "k above the order must give NaN");
    cr_expect(dvec_order(NULL) == DN_EINVAL);
    /* a cleared dvec is rejected, and clearing twice is harmless */
    dvec_clear(&b);
    dvec_clear(&b);
    cr_expect(dvec_exp(&r, &b) == DN_EINVAL);
    cr_expect(dvec_set_var(&b, 1.0) == DN_EINVAL);
    cr_expect(isnan(dvec_get(&b, 0)));
    /* new beyond the maximum order */
    dvec big;
    cr_assert(dvec_init(&big, DN_ORDER_MAX) == 0);
    cr_expect(dvec_new(&big, 1.0, &big) == DN_ERANGE);
    cr_expect_eq(dvec_order(&big), DN_ORDER_MAX);
    /* results take the operands' order, whatever the output held */
    cr_assert(dvec_exp(&r, &a) == 0);
    cr_expect_eq(dvec_order(&r), 4);
    /* swap */
    dvec_swap(&r, &big);
    cr_expect_eq(dvec_order(&r), DN_ORDER_MAX);
    cr_expect_eq(dvec_order(&big), 4);
    dvec_clear(&a), dvec_clear(&r), dvec_clear(&big);
}

/* ---- high orders against closed forms ------------------------------------------------- */

/* the larger of w and e, and NaN if e is NaN (fmax would drop it) */
static double worse(double w, double e)
{
    return e <= w ? w : e;
}

static double sin_deriv(double x, unsigned k) /* sin(x + k pi/2) */
{
    switch (k & 3) {
    case 0: return sin(x);
    case 1: return cos(x);
    case 2: return -sin(x);
    default: return -cos(x);
    }
}

Test(dvec, high_orders_closed_forms)
{
    static const unsigned orders[] = {200, 500, DN_ORDER_MAX};
    double worst_sin = 0, worst_exp = 0, worst_sin3 = 0;
    for (unsigned i = 0; i < 3; i++) {
        unsigned n = orders[i];
        dvec x, r;
        cr_assert(dvec_init(&x, n) == 0 && dvec_init(&r, 0) == 0);
        dvec_set_var(&x, 0.7);
        cr_assert(dvec_sin(&r, &x) == 0);
        for (unsigned k = 0; k <= n; k++)
            worst_sin = worse(worst_sin, fabs(dvec_get(&r, k) - sin_deriv(0.7, k)));
        cr_assert(dvec_exp(&r, &x) == 0);
        for (unsigned k = 0; k <= n; k++)
            worst_exp = worse(worst_exp, fabs(dvec_get(&r, k) / exp(0.7) - 1.0));
        if (n == 200) { /* sin(3x): 3^k sin(3x + k pi/2), up to 2.7e95 */
            dvec_mul_d(&r, &x, 3.0);
            cr_assert(dvec_sin(&r, &r) == 0);
            for (unsigned k = 0; k <= n; k++) {
                double want = pow(3.0, k) * sin_deriv(2.1, k);
                worst_sin3 = worse(worst_sin3, fabs(dvec_get(&r, k) - want) / pow(3.0, k));
            }
        }
        dvec_clear(&x), dvec_clear(&r);
    }
    printf("dvec high orders: sin abs err %.3g, exp rel err %.3g (orders 200, 500, 1000), "
           "sin(3x) scaled err %.3g (200)\n", worst_sin, worst_exp, worst_sin3);
    cr_expect(worst_sin <= 1e-12, "sin: %.3g", worst_sin);
    cr_expect(worst_exp <= 1e-12, "exp: %.3g", worst_exp);
    cr_expect(worst_sin3 <= 1e-12, "sin(3x): %.3g", worst_sin3);
}

Test(dvec, runge_function_order_100)
{
    /* 1/(1+x^2): d^k = (-1)^k k! sin((k+1) t) / (1+x^2)^((k+1)/2), t = atan2(1, x) */
    unsigned n = 100;
    double x0 = 2.0, worst = 0.0;
    dvec x, p, r;
    cr_assert(dvec_init(&x, n) == 0 && dvec_init(&p, 0) == 0 && dvec_init(&r, 0) == 0);
    dvec_set_var(&x, x0);
    dvec_mul(&p, &x, &x);
    dvec_add_d(&p, &p, 1.0);
    cr_assert(dvec_d_div(&r, 1.0, &p) == 0);
    long double t = atan2l(1.0L, x0), fact = 1.0L;
    for (unsigned k = 0; k <= n; k++) {
        if (k) fact *= k;
        long double want = ((k & 1) ? -1.0L : 1.0L) * fact * sinl((k + 1) * t) /
                           powl(1.0L + x0 * x0, (k + 1) / 2.0L);
        double got = dvec_get(&r, k);
        cr_assert(isfinite(got), "k=%u not finite", k);
        /* relative to the envelope k!/(1+x^2)^((k+1)/2): sin((k+1)t) may be near 0 */
        long double env = fact / powl(1.0L + x0 * x0, (k + 1) / 2.0L);
        worst = fmax(worst, (double)(fabsl((long double)got - want) / env));
    }
    printf("dvec 1/(1+x^2) at x=2, orders 0..100: max error %.3g of the envelope\n", worst);
    cr_expect(worst <= 1e-12, "error %.3g", worst);
    dvec_clear(&x), dvec_clear(&p), dvec_clear(&r);
}
