/* Bounded stack: every run-time-order entry point at the highest order runs in a thread
 * whose stack is 64 KiB (or the platform's smallest thread stack where that is larger:
 * 128 KiB on aarch64 Linux) and gives the same results as on the main thread (whose stack
 * is the system's, 8 MiB). The kernels take their temporary arrays from the caller: Dvec
 * from its allocator, the expression evaluator from the workspace (kernel.h). */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include "testutil.h"

#define N DN_ORDER_MAX
#define LEN (N + 1)
#define MAXRES 400

/* The results of one run: res[i] holds LEN doubles; st = first failing status. */
typedef struct run {
    double *res;
    unsigned count;
    int st;
} run;

static void keep(run *o, int st, const dvec *r)
{
    if (st && !o->st) o->st = st;
    if (o->count < MAXRES) {
        double *d = o->res + (size_t)o->count * LEN;
        for (unsigned k = 0; k < LEN; k++) d[k] = NAN;
        if (!st) dvec_get_derivs(d, r);
    }
    o->count++;
}

static void keep_raw(run *o, int st, const double *d)
{
    if (st && !o->st) o->st = st;
    if (o->count < MAXRES) memcpy(o->res + (size_t)o->count * LEN, d, LEN * sizeof(double));
    o->count++;
}

/* the inputs: x at 0.4 (plain), u = 0.3 + 0.5 x + x^2/... (composite, value 0.7),
 * z = the variable at 0 (the zero and pole rules), y = 1.3 + 0.2 x */
static void inputs(dvec *x, dvec *u, dvec *z, dvec *y)
{
    dvec_set_var(x, 0.4);
    dvec_set_var(z, 0.0);
    dvec_mul(u, x, x);
    dvec_mul_d(u, u, 0.5);
    dvec_add(u, u, x);
    dvec_mul_d(u, u, 0.5);
    dvec_add_d(u, u, 0.42);
    dvec_mul_d(y, x, 0.2);
    dvec_add_d(y, y, 1.22);
}

static void dvec_all(run *o)
{
    dvec x, u, z, y, r, s;
    dvec_init(&x, N);
    dvec_init(&u, N);
    dvec_init(&z, N);
    dvec_init(&y, N);
    dvec_init(&r, N);
    dvec_init(&s, N);
    inputs(&x, &u, &z, &y);
    const dvec *in1[] = {&x, &u, &z};
    for (unsigned i = 0; i < 3; i++) {
        const dvec *a = in1[i];
#define U(f) keep(o, dvec_##f(&r, a), &r);
        U(exp) U(expm1) U(log) U(log1p) U(sqrt) U(cbrt) U(sin) U(cos) U(tan) U(asin)
        U(acos) U(atan) U(sinh) U(cosh) U(tanh) U(asinh) U(acosh) U(atanh) U(erf)
        U(erfc) U(neg) U(abs) U(log2) U(log10) U(exp2) U(cot) U(sinpi) U(cospi) U(floor)
        U(ceil) U(lambertw) U(erfinv)
        /* the composed ones (O(N^3), 0.1 s each) on the composite argument; not under
         * qemu-user (DN_TEST_EMULATED=1, tools/cross_tests.sh: 50 times as long there,
         * more than half of the test's time; their code is the same on every target, run
         * natively on x86-64 and i686) */
        if (a == &u && !dn_test_emulated()) {
            U(lgamma) U(tgamma) U(digamma) U(lambertwm1) U(erfcinv) U(j0) U(j1) U(y0) U(y1)
            U(sinc)
            keep(o, dvec_polygamma(&r, 2, a), &r);
            keep(o, dvec_jn(&r, 3, a), &r);
            keep(o, dvec_yn(&r, 2, a), &r);
        }
#undef U
        keep(o, dvec_pow_d(&r, a, 2.5), &r);
        keep(o, dvec_pow_d(&r, a, 1.0 / 3.0), &r);
        keep(o, dvec_pown(&r, a, -3), &r);
        keep(o, dvec_pown(&r, a, 7), &r);
        keep(o, dvec_pow_d(&r, a, 1e19), &r); /* an even integer beyond 2^63 */
        keep(o, dvec_d_div(&r, 2.0, a), &r);
        keep(o, dvec_add_d(&r, a, 2.0), &r);
        keep(o, dvec_sub_d(&r, a, 2.0), &r);
        keep(o, dvec_mul_d(&r, a, 2.0), &r);
        keep(o, dvec_div_d(&r, a, 2.0), &r);
        keep(o, dvec_d_sub(&r, 2.0, a), &r);
        keep(o, dvec_apply(&r, a, dn_deriv_exp, NULL), &r);
        keep(o, dvec_sincos(&r, &s, a), &r);
        keep(o, 0, &s);
        keep(o, dvec_sinhcosh(&r, &s, a), &r);
        keep(o, 0, &s);
        keep(o, dvec_set(&r, a), &r);
        keep(o, dvec_D(&r, a), &r);
        keep(o, dvec_F(&r, a), &r);
        keep(o, dvec_new(&r, 1.5, &r), &r);
        const dvec *in2[] = {&y, &z};
        for (unsigned j = 0; j < 2; j++) {
            const dvec *b = in2[j];
#define B(f) keep(o, dvec_##f(&r, a, b), &r);
            B(add) B(sub) B(mul) B(div) B(pow) B(atan2) B(hypot) B(min) B(max) B(fmod)
#undef B
        }
    }
    dvec_clear(&x);
    dvec_clear(&u);
    dvec_clear(&z);
    dvec_clear(&y);
    dvec_clear(&r);
    dvec_clear(&s);
}

/* every operation of the expression language, on raw arrays and on Dvec */
static const char *const expr_src =
    "exp(x) + expm1(x) + log(x) + log1p(x) + sqrt(x) + cbrt(x) + sin(x) * cos(x) - tan(x)"
    " + asin(x) + acos(x) + atan(x) + sinh(x) / cosh(x) + tanh(x) + asinh(x) + acosh(x + 1)"
    " + atanh(x) + erf(x) + erfc(x) + abs(x) + x^2.5 + x^-3 + x^y + atan2(x, y)"
    " + hypot(x, y) + 2 / x - 3 * y + lgamma(x) + tgamma(x) + digamma(x) + polygamma(2, x)"
    " + lambertw(x) + lambertwm1(-x / 3) + erfinv(x) + erfcinv(x) + j0(x) + j1(x) + jn(3, x)"
    " + y0(x) + y1(x) + yn(2, x) + log2(x) + log10(x) + exp2(x) + sinc(x) + cot(x)"
    " + sinpi(x) + cospi(x) + floor(x) + ceil(x) + min(x, y) + max(x, y) + fmod(y, x)";

static void expr_all(run *o)
{
    const char *vars[] = {"x", "y"};
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(expr_src, vars, 2, &err);
    if (!e) {
        o->st = DN_EINVAL;
        return;
    }
    dn_expr *e2 = dn_expr_parse("sin(x) * y + x^2.5 / hypot(x, y)", vars, 2, &err);
    /* the extended-precision evaluator on the O(n^2) recurrences (the O(n^3) compositions
     * are the same code as above, and slow in software binary128) */
    dn_expr *e3 = dn_expr_parse("sin(x) * y + x^2.5 / hypot(x, y) + x^y + atan2(x, y)"
                                " + lambertw(x) + erfinv(x / 4) + sinpi(x) + log1p(x) / x",
                                vars, 2, &err);
    /* the error bounds (their majorants composed in O(n^3) only for nonlinear arguments:
     * here the variable itself) */
    dn_expr *e4 = dn_expr_parse("exp(x) * sin(x) / (2 + x) + y", vars, 2, &err);
    size_t nw = dn_expr_work_size(e, N), nw2 = e2 ? dn_expr_work_size(e2, N) : 0;
    size_t nw3 = e3 ? dn_expr_work_size_ext(e3, N) : 0, nw4 = e4 ? dn_expr_work_size_err(e4, N) : 0;
    nw = nw > nw2 ? nw : nw2;
    nw = nw > nw3 ? nw : nw3;
    double *w = malloc((nw > nw4 ? nw : nw4) * sizeof(double));
    double *eb = malloc(LEN * sizeof(double));
    double *args = malloc(2 * LEN * sizeof(double)), *out = malloc(LEN * sizeof(double));
    dvec x, u, z, y, r;
    dvec_init(&x, N);
    dvec_init(&u, N);
    dvec_init(&z, N);
    dvec_init(&y, N);
    dvec_init(&r, N);
    inputs(&x, &u, &z, &y);
    /* the raw evaluator on the composite argument (under qemu-user on the variable, as
     * above: no O(n^3) compositions); Dvec's entry point (the same program runner) on a
     * short expression, in the same workspace */
    dvec_get_derivs(args, dn_test_emulated() ? &x : &u);
    dvec_get_derivs(args + LEN, &y);
    keep_raw(o, dn_expr_eval(e, N, args, out, w), out);
    const dvec *dargs[] = {&x, &y};
    keep(o, e2 ? dn_expr_eval_dvec(e2, &r, dargs, w) : DN_EINVAL, &r);
    keep_raw(o, e3 ? dn_expr_eval_ext(e3, N, args, out, w) : DN_EINVAL, out);
    keep(o, e3 ? dn_expr_eval_dvec_ext(e3, &r, dargs, w) : DN_EINVAL, &r);
    keep(o, e4 ? dn_expr_eval_dvec_err(e4, &r, eb, dargs, w) : DN_EINVAL, &r);
    keep_raw(o, DN_OK, eb);
    dn_expr_free(e2);
    dn_expr_free(e4);
    free(eb);
    dn_expr_free(e3);
    dvec_clear(&x);
    dvec_clear(&u);
    dvec_clear(&z);
    dvec_clear(&y);
    dvec_clear(&r);
    free(args);
    free(out);
    free(w);
    dn_expr_free(e);
}

static void *all(void *arg)
{
    run *o = arg;
    dvec_all(o);
    expr_all(o);
    return NULL;
}

static run new_run(void)
{
    run o = {malloc((size_t)MAXRES * LEN * sizeof(double)), 0, 0};
    cr_assert(o.res);
    return o;
}

Test(stack, order_max_in_a_64k_thread_equals_main_thread)
{
    run ref = new_run(), got = new_run();
    all(&ref);
    cr_assert_eq(ref.st, 0, "main thread: status %d", ref.st);
    cr_assert(ref.count > 100 && ref.count <= MAXRES, "%u results", ref.count);

    pthread_attr_t at;
    pthread_t t;
    cr_assert_eq(pthread_attr_init(&at), 0);
    size_t stack = 64 * 1024;
#ifdef _SC_THREAD_STACK_MIN
    long least = sysconf(_SC_THREAD_STACK_MIN);
    if (least > 0 && (size_t)least > stack) stack = (size_t)least;
#endif
    cr_assert_eq(pthread_attr_setstacksize(&at, stack), 0, "stack of %zu bytes", stack);
    cr_assert_eq(pthread_create(&t, &at, all, &got), 0);
    cr_assert_eq(pthread_join(t, NULL), 0);
    pthread_attr_destroy(&at);

    cr_assert_eq(got.st, 0, "%zu KiB thread: status %d", stack / 1024, got.st);
    cr_assert_eq(got.count, ref.count);
    unsigned differ = 0;
    for (size_t i = 0; i < (size_t)ref.count * LEN; i++) {
        double a = ref.res[i], b = got.res[i];
        if (!(a == b || (a != a && b != b))) differ++;
    }
    cr_expect_eq(differ, 0u, "%u entries differ from the main thread's", differ);
    /* the results are not trivial: most entries of exp(x) (the first) are finite */
    unsigned finite = 0;
    for (unsigned k = 0; k < LEN; k++) finite += isfinite(ref.res[k]) != 0;
    cr_expect_gt(finite, LEN / 2);
    free(ref.res);
    free(got.res);
}

/* an allocator that refuses while fail is set and counts the blocks it handed out */
typedef struct counting {
    int fail;
    long live;
} counting;
static void *c_alloc(size_t size, void *ctx)
{
    counting *c = ctx;
    if (c->fail) return NULL;
    c->live++;
    return malloc(size);
}
static void c_free(void *p, size_t size, void *ctx)
{
    (void)size;
    ((counting *)ctx)->live--;
    free(p);
}

Test(stack, scratch_allocation_failure_leaves_output_untouched)
{
    counting c = {0, 0};
    dn_allocator al = {c_alloc, c_free, &c};
    dvec x, u, z, y, r;
    cr_assert(dvec_init_alloc(&r, N, &al) == 0);
    dvec_init(&x, N);
    dvec_init(&u, N);
    dvec_init(&z, N);
    dvec_init(&y, N);
    inputs(&x, &u, &z, &y);
    cr_assert(dvec_set(&r, &y) == 0 && c.live == 1);
    c.fail = 1; /* r's storage is big enough: the only allocation is the scratch */
    cr_expect_eq(dvec_atan2(&r, &u, &y), DN_ENOMEM);
    cr_expect_eq(dvec_exp(&r, &u), DN_ENOMEM);
    cr_expect_eq(dvec_pow_d(&r, &u, 2.5), DN_ENOMEM);
    cr_expect_eq(dvec_lgamma(&r, &u), DN_ENOMEM);
    cr_expect_eq(dvec_mul(&r, &u, &y), DN_ENOMEM);
    for (unsigned k = 0; k <= N; k++) cr_assert_eq(dvec_get(&r, k), dvec_get(&y, k));
    c.fail = 0;
    cr_expect_eq(dvec_atan2(&r, &u, &y), 0);
    cr_expect_eq(c.live, 1, "%ld blocks live: scratch leaked", c.live);
    cr_expect(dvec_get(&r, 0) == atan2(dvec_get(&u, 0), dvec_get(&y, 0)));
    dvec_clear(&r);
    cr_expect_eq(c.live, 0);
    dvec_clear(&x);
    dvec_clear(&u);
    dvec_clear(&z);
    dvec_clear(&y);
}
