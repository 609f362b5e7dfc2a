/* Dvec allocation failures: a scenario that exercises every allocation point (init,
 * set/set_derivs growth, results into smaller outputs, D/F into other dvecs, new in
 * place on a full ring, both outputs of sincos) runs once per allocation, with that
 * allocation failing. Each step must either succeed or return DN_ENOMEM with its
 * output unchanged; at the end no byte may be left allocated. (ASan checks leaks too.) */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"

typedef struct {
    long fail_at; /* index of the allocation that fails; -1: none */
    long count;   /* allocations attempted */
    long failed;  /* allocations refused */
    long live;    /* blocks outstanding */
    size_t bytes; /* bytes outstanding */
} counting;

static void *c_alloc(size_t size, void *ctx)
{
    counting *c = ctx;
    if (c->count++ == c->fail_at) {
        c->failed++;
        return NULL;
    }
    void *p = malloc(size);
    if (p) c->live++, c->bytes += size;
    return p;
}

static void c_free(void *p, size_t size, void *ctx)
{
    counting *c = ctx;
    c->live--, c->bytes -= size;
    free(p);
}

/* snapshot of an output, to check "unchanged" after a failure */
typedef struct {
    int order;
    double d[64];
} snap;

static snap take(const dvec *v)
{
    snap s;
    memset(&s, 0, sizeof s);
    s.order = dvec_order(v);
    if (s.order >= 0) dvec_get_derivs(s.d, v);
    return s;
}

static void same_as(const snap *s, const dvec *v, const char *step)
{
    cr_assert_eq(dvec_order(v), s->order, "%s: order changed on failure", step);
    for (int k = 0; k <= s->order; k++)
        cr_assert(same_double(dvec_get(v, (unsigned)k), s->d[k]), "%s: k=%d changed", step, k);
}

/* runs op; on DN_ENOMEM checks out unchanged; returns 1 if the step succeeded */
#define STEP(out, call)                                                                    \
    do {                                                                                   \
        snap before_ = take(out);                                                          \
        int st_ = (call);                                                                  \
        if (st_ == DN_ENOMEM) same_as(&before_, out, #call);                               \
        else cr_assert(st_ == 0, "%s returned %d", #call, st_);                            \
    } while (0)

/* One pass of the scenario. Returns the number of allocations it attempted. */
static long scenario(counting *c)
{
    dn_allocator al = {c_alloc, c_free, c};
    dvec x, u, r, s, t;
    int ok_x = dvec_init_alloc(&x, 6, &al) == 0;
    int ok_u = ok_x && dvec_init_alloc(&u, 1, &al) == 0;
    int ok_r = ok_u && dvec_init_alloc(&r, 0, &al) == 0;
    int ok_s = ok_r && dvec_init_alloc(&s, 2, &al) == 0;
    int ok_t = ok_s && dvec_init_alloc(&t, 0, &al) == 0;
    if (ok_t) {
        STEP(&x, dvec_set_var(&x, 0.4));
        STEP(&u, dvec_set(&u, &x));              /* grows u */
        STEP(&u, dvec_mul(&u, &x, &x));
        STEP(&r, dvec_exp(&r, &u));              /* grows r */
        STEP(&r, dvec_apply(&r, &u, dn_deriv_sin, NULL));
        STEP(&s, dvec_D(&s, &x));                /* grows s */
        STEP(&t, dvec_F(&t, &x));                /* grows t */
        STEP(&x, dvec_new(&x, 2.0, &x));         /* full ring: grows in place */
        STEP(&x, dvec_new(&x, 3.0, &x));         /* room now: no allocation */
        double d[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        STEP(&s, dvec_set_derivs(&s, d, 8));
        dvec s2, c2;
        if (dvec_init_alloc(&s2, 0, &al) == 0) {
            if (dvec_init_alloc(&c2, 0, &al) == 0) {
                snap bs = take(&s2), bc = take(&c2);
                int st = dvec_sincos(&s2, &c2, &u); /* two outputs, two allocations */
                if (st == DN_ENOMEM) {
                    same_as(&bs, &s2, "sincos s");
                    same_as(&bc, &c2, "sincos c");
                } else {
                    cr_assert(st == 0);
                }
                dvec_clear(&c2);
            }
            dvec_clear(&s2);
        }
        STEP(&r, dvec_new(&r, 1.0, &s));         /* new into another dvec */
    }
    if (ok_t) dvec_clear(&t);
    if (ok_s) dvec_clear(&s);
    if (ok_r) dvec_clear(&r);
    if (ok_u) dvec_clear(&u);
    if (ok_x) dvec_clear(&x);
    return c->count;
}

Test(dvec_alloc, every_allocation_failure_is_clean)
{
    counting ref = {-1, 0, 0, 0, 0};
    long total = scenario(&ref);
    cr_assert(ref.failed == 0 && ref.live == 0 && ref.bytes == 0);
    cr_assert(total >= 12, "scenario attempted only %ld allocations", total);
    for (long k = 0; k < total; k++) {
        counting c = {k, 0, 0, 0, 0};
        scenario(&c);
        cr_expect_eq(c.failed, 1, "allocation %ld was not reached", k);
        cr_expect(c.live == 0 && c.bytes == 0, "failing allocation %ld: %ld blocks, %zu bytes leaked",
                  k, c.live, c.bytes);
    }
}

Test(dvec_alloc, no_allocation_when_outputs_are_big_enough)
{
    counting c = {-1, 0, 0, 0, 0};
    dn_allocator al = {c_alloc, c_free, &c};
    dvec x, r;
    cr_assert(dvec_init_alloc(&x, 16, &al) == 0 && dvec_init_alloc(&r, 16, &al) == 0);
    long after_init = c.count;
    for (int i = 0; i < 100; i++) {
        dvec_set_var(&x, 0.01 * i);
        dvec_mul(&r, &x, &x);
        dvec_neg(&r, &r);
        dvec_exp(&r, &r);
        dvec_D(&r, &r);
        dvec_new(&r, 1.0, &r);
    }
    cr_expect_eq(c.count, after_init, "the loop allocated %ld times", c.count - after_init);
    dvec_clear(&x), dvec_clear(&r);
    cr_expect(c.live == 0);
}
