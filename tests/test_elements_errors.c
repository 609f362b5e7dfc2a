/* Element drivers (part of the test_elements program): bad arguments of the constructor
 * and the drivers, and the details of dn_errinfo. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elements_util.h"
#include "../bench/w3_rosen.h"

/* ==== 3. bad arguments ======================================================================= */

/* elements of one and four variables (for a structure of another size) */
DN_ELEMENT_O2(one_el, 1, T, u, e, ctx, T r = dnh_exp(u[0]); return r;)
DN_ELEMENT_O2(four_el, 4, T, u, e, ctx, T r = dnh_mul(dnh_mul(u[0], u[1]), dnh_mul(u[2], u[3])); return r;)

Test(elements, new_bad_arguments)
{
    unsigned idx[8] = {0, 1, 2, 3, 1, 2, 3, 0};
    dn_elements *E = SENTINEL;
    cr_expect_eq(dn_elements_new(NULL, 4, 2, 1, idx, NULL), DN_EINVAL);
    cr_expect_eq(dn_elements_new(&E, 0, 2, 1, idx, NULL), DN_EINVAL, "n = 0");
    cr_expect_eq(dn_elements_new(&E, 0, 2, 0, NULL, NULL), DN_EINVAL, "n = 0, m = 0");
    cr_expect_eq(dn_elements_new(&E, 4, 0, 1, idx, NULL), DN_EINVAL, "K = 0");
    unsigned five[5] = {0, 1, 2, 3, 4};
    cr_expect_eq(dn_elements_new(&E, 8, 5, 1, five, NULL), DN_EINVAL, "K = 5");
    cr_expect_eq(dn_elements_new(&E, 8, 0, 0, NULL, NULL), DN_EINVAL, "K = 0, m = 0");
    cr_expect_eq(dn_elements_new(&E, 8, 5, 0, NULL, NULL), DN_EINVAL, "K = 5, m = 0");
    cr_expect_eq(dn_elements_new(&E, 4, 2, 1, NULL, NULL), DN_EINVAL, "idx NULL");
    unsigned big[4] = {0, 1, 2, 4};
    cr_expect_eq(dn_elements_new(&E, 4, 2, 2, big, NULL), DN_EINVAL, "index = n");
    big[3] = UINT32_MAX;
    cr_expect_eq(dn_elements_new(&E, 4, 4, 1, big, NULL), DN_EINVAL, "index huge");
    unsigned rep[6] = {0, 1, 2, 3, 2, 3};
    cr_expect_eq(dn_elements_new(&E, 4, 3, 2, rep, NULL), DN_EINVAL, "repeated index");
    unsigned rep2[8] = {0, 1, 2, 3, 0, 1, 2, 0};
    cr_expect_eq(dn_elements_new(&E, 4, 4, 2, rep2, NULL), DN_EINVAL, "first = last");
    unsigned rep3[2] = {1, 1};
    cr_expect_eq(dn_elements_new(&E, 4, 2, 1, rep3, NULL), DN_EINVAL, "K = 2 repeated");
    cr_expect(E == SENTINEL, "*E written on error");
    /* nothing allocated on error */
    counting c;
    counting_init(&c);
    dn_allocator al = {c_alloc, c_free, &c};
    cr_expect_eq(dn_elements_new(&E, 4, 3, 2, rep, &al), DN_EINVAL);
    cr_expect_eq(dn_elements_new(&E, 4, 2, 2, big, &al), DN_EINVAL);
    cr_expect(c.count == 0 && E == SENTINEL);
    /* the same index in two elements is fine; K = 1 and K = 4 are the bounds */
    cr_assert_eq(dn_elements_new(&E, 4, 2, 4, idx, NULL), 0);
    dn_elements_free(E);
    cr_assert_eq(dn_elements_new(&E, 4, 1, 8, idx, NULL), 0);
    dn_elements_free(E);
    cr_assert_eq(dn_elements_new(&E, 4, 4, 2, idx, NULL), 0);
    dn_elements_free(E);
}

Test(elements, no_elements)
{
    double x[3] = {1, 2, 3}, g[3] = {7, 7, 7}, d[3] = {7, 7, 7}, hv[3] = {7, 7, 7}, f = 7;
    double v[3] = {1, 1, 1};
    for (int withnull = 0; withnull < 2; withnull++) {
        dn_elements *E = NULL;
        unsigned dummy = 0;
        cr_assert_eq(dn_elements_new(&E, 3, 2, 0, withnull ? NULL : &dummy, NULL), 0);
        cr_assert(E != NULL);
        cr_expect(dn_elements_bytes(E) > 0);
        cr_assert_eq(dn_grad_el(&f, g, rosen_el, NULL, x, E), 0);
        cr_expect(f == 0.0 && g[0] == 0.0 && g[1] == 0.0 && g[2] == 0.0);
        f = 7, g[1] = 7;
        cr_assert_eq(dn_hessdiag_el(&f, g, d, rosen_el, NULL, x, E), 0);
        cr_expect(f == 0.0 && g[1] == 0.0 && d[0] == 0.0 && d[2] == 0.0);
        f = 7;
        cr_assert_eq(dn_hessvec_el(&f, NULL, hv, rosen_el, NULL, x, v, E), 0);
        cr_expect(f == 0.0 && hv[0] == 0.0 && hv[1] == 0.0 && hv[2] == 0.0);
        dn_sphess S;
        dn_sphess_init(&S, NULL);
        f = 7, g[2] = 7;
        cr_assert_eq(dn_hessian_el(&f, g, &S, rosen_el, NULL, x, E), 0);
        cr_expect(f == 0.0 && g[2] == 0.0);
        cr_expect(S.n == 3 && S.nnz == 0 && S.rowptr != NULL);
        for (unsigned i = 0; i <= 3; i++) cr_expect_eq(S.rowptr[i], 0u);
        /* again: the empty pattern reused */
        size_t *rp = S.rowptr;
        cr_assert_eq(dn_hessian_el(&f, g, &S, rosen_el, NULL, x, E), 0);
        cr_expect(S.rowptr == rp && S.nnz == 0);
        dn_sphess_clear(&S);
        dn_elements_free(E);
    }
}

DN_ELEMENT_O2(three_el, 3, T, u, e, ctx, T r = dnh_mul(dnh_mul(u[0], u[1]), u[2]); return r;)

Test(elements, driver_bad_arguments)
{
    unsigned idx[6] = {0, 1, 2, 1, 2, 3};
    double x[4] = {1, 2, 3, 4}, v[4] = {1, 1, 1, 1};
    double f = 7, g[4], d[4], hv[4];
    for (int i = 0; i < 4; i++) g[i] = d[i] = hv[i] = 7;
    dn_elements *E3 = NULL, *E2 = NULL;
    cr_assert_eq(dn_elements_new(&E3, 4, 3, 2, idx, NULL), 0);
    cr_assert_eq(dn_elements_new(&E2, 4, 2, 3, idx, NULL), 0);
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    /* NULL f, x, E, required outputs */
    cr_expect_eq(dn_grad_el(&f, g, NULL, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_grad_el(&f, g, three_el, NULL, NULL, E3), DN_EINVAL);
    cr_expect_eq(dn_grad_el(&f, g, three_el, NULL, x, NULL), DN_EINVAL);
    cr_expect_eq(dn_grad_el(&f, NULL, three_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, NULL, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, three_el, NULL, NULL, E3), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, three_el, NULL, x, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, NULL, three_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, NULL, NULL, x, v, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, three_el, NULL, NULL, v, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, three_el, NULL, x, NULL, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, three_el, NULL, x, v, NULL), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, NULL, three_el, NULL, x, v, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, NULL, three_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, NULL, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, three_el, NULL, NULL, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, three_el, NULL, x, NULL), DN_EINVAL);
    /* an element function of another K than the structure's */
    cr_expect_eq(dn_grad_el(&f, g, rosen_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, rosen_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, rosen_el, NULL, x, v, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, rosen_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_grad_el(&f, g, three_el, NULL, x, E2), DN_EINVAL);
    cr_expect_eq(dn_hessdiag_el(&f, g, d, three_el, NULL, x, E2), DN_EINVAL);
    cr_expect_eq(dn_hessvec_el(&f, g, hv, three_el, NULL, x, v, E2), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, three_el, NULL, x, E2), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, one_el, NULL, x, E2), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, four_el, NULL, x, E2), DN_EINVAL);
    cr_expect(f == 7.0, "fx written on error");
    for (int i = 0; i < 4; i++)
        cr_expect(g[i] == 7.0 && d[i] == 7.0 && hv[i] == 7.0, "output %d written on error", i);
    cr_expect(S.n == 0 && S.nnz == 0 && S.rowptr == NULL && S.col == NULL && S.val == NULL,
              "H written on error");
    /* H holding a pattern: untouched by an error */
    cr_assert_eq(dn_hessian_el(NULL, NULL, &S, three_el, NULL, x, E3), 0);
    dn_sphess before = S;
    double vals[16];
    memcpy(vals, S.val, S.nnz * sizeof *vals);
    cr_expect_eq(dn_hessian_el(&f, g, &S, rosen_el, NULL, x, E3), DN_EINVAL);
    cr_expect_eq(dn_hessian_el(&f, g, &S, three_el, NULL, NULL, E3), DN_EINVAL);
    cr_expect(memcmp(&before, &S, sizeof S) == 0 && memcmp(vals, S.val, S.nnz * sizeof *vals) == 0,
              "H changed on error");
    /* the right K works, with fx and grad NULL */
    cr_assert_eq(dn_grad_el(NULL, g, three_el, NULL, x, E3), 0);
    cr_expect(g[0] == 6.0 && g[1] == 3.0 + 12.0 && g[3] == 6.0, "g %g %g %g", g[0], g[1], g[3]);
    cr_assert_eq(dn_hessdiag_el(NULL, NULL, d, three_el, NULL, x, E3), 0);
    cr_assert_eq(dn_hessvec_el(NULL, NULL, hv, three_el, NULL, x, v, E3), 0);
    /* H v with v = 1: row sums of H; H_01 = x2, H_02 = x1, H_12 = x0 + x3, H_13 = x2, H_23 = x1 */
    cr_expect(hv[0] == 3.0 + 2.0 && hv[1] == 3.0 + 5.0 + 3.0 && hv[2] == 2.0 + 5.0 + 2.0 &&
                  hv[3] == 3.0 + 2.0,
              "hv %g %g %g %g", hv[0], hv[1], hv[2], hv[3]);
    cr_expect(d[0] == 0.0 && d[1] == 0.0);
    dn_sphess_clear(&S);
    dn_elements_free(E3);
    dn_elements_free(E2);
}

/* st, and *e as a call of an _ex variant must have filled it */
static void expect_err(int st, const dn_errinfo *e, int code, unsigned arg, size_t elem,
                       const char *msg)
{
    cr_expect_eq(st, code, "status %d, want %d (%s)", st, code, msg);
    cr_expect_eq(e->code, code, "err.code %d, want %d (%s)", e->code, code, msg);
    cr_expect_eq(e->arg, arg, "err.arg %u, want %u (%s)", e->arg, arg, msg);
    cr_expect_eq(e->elem, elem, "err.elem %zu, want %zu (%s)", e->elem, elem, msg);
    cr_expect_str_eq(e->msg, msg);
}

Test(elements, error_details)
{
    unsigned idx[8] = {0, 1, 2, 3, 1, 2, 3, 0}, five[5] = {0, 1, 2, 3, 4};
    unsigned big[4] = {0, 1, 2, 4}, rep[6] = {0, 1, 2, 3, 2, 3};
    dn_elements *E = SENTINEL;
    dn_errinfo e;
    const size_t none = SIZE_MAX;
    expect_err(dn_elements_new_ex(NULL, 4, 2, 1, idx, NULL, &e), &e, DN_EINVAL, 1, none,
               "dn_elements_new: argument 1: E is NULL");
    expect_err(dn_elements_new_ex(&E, 0, 2, 1, idx, NULL, &e), &e, DN_EINVAL, 2, none,
               "dn_elements_new: argument 2: n is 0");
    expect_err(dn_elements_new_ex(&E, 8, 5, 1, five, NULL, &e), &e, DN_EINVAL, 3, none,
               "dn_elements_new: argument 3: K = 5 is outside 1..4");
    expect_err(dn_elements_new_ex(&E, 4, 2, 1, NULL, NULL, &e), &e, DN_EINVAL, 5, none,
               "dn_elements_new: argument 5: idx is NULL (with m > 0)");
    expect_err(dn_elements_new_ex(&E, 4, 2, 2, big, NULL, &e), &e, DN_EINVAL, 5, 1,
               "dn_elements_new: argument 5: element 1: index 4 >= n = 4 (idx[3])");
    expect_err(dn_elements_new_ex(&E, 4, 3, 2, rep, NULL, &e), &e, DN_EINVAL, 5, 1,
               "dn_elements_new: argument 5: element 1: index 3 repeated (idx[3] and idx[5])");
    expect_err(dn_elements_new_ex(&E, 4, 4, (size_t)UINT32_MAX, idx, NULL, &e), &e, DN_ERANGE,
               4, none,
               "dn_elements_new: argument 4: m = 4294967295 elements have more than 2^32 - 2 "
               "triangle entries");
    /* both m and idx wrong: m (argument 4) is named */
    expect_err(dn_elements_new_ex(&E, 4, 4, (size_t)UINT32_MAX, NULL, NULL, &e), &e,
               DN_ERANGE, 4, none,
               "dn_elements_new: argument 4: m = 4294967295 elements have more than 2^32 - 2 "
               "triangle entries");
    counting c;
    counting_init(&c);
    c.fail_at = 0;
    dn_allocator al = {c_alloc, c_free, &c};
    expect_err(dn_elements_new_ex(&E, 4, 2, 2, idx, &al, &e), &e, DN_ENOMEM, 0, none,
               "dn_elements_new: out of memory");
    cr_expect(E == SENTINEL, "*E written on error");
    expect_err(dn_elements_new_ex(&E, 4, 2, 4, idx, NULL, &e), &e, DN_OK, 0, none, "");
    /* the drivers: NULL arguments, an element function of another K */
    double x[4] = {1, 2, 3, 4}, v[4] = {1, 1, 1, 1}, f = 7, g[4] = {7, 7, 7, 7};
    double d[4] = {7, 7, 7, 7};
    dn_sphess S;
    dn_sphess_init(&S, NULL);
    expect_err(dn_grad_el_ex(&f, NULL, rosen_el, NULL, x, E, &e), &e, DN_EINVAL, 2, none,
               "dn_grad_el: argument 2: grad is NULL");
    expect_err(dn_grad_el_ex(&f, g, rosen_el, NULL, x, NULL, &e), &e, DN_EINVAL, 6, none,
               "dn_grad_el: argument 6: E is NULL");
    expect_err(dn_hessdiag_el_ex(&f, g, d, rosen_el, NULL, NULL, E, &e), &e, DN_EINVAL, 6, none,
               "dn_hessdiag_el: argument 6: x is NULL");
    expect_err(dn_hessdiag_el_ex(&f, g, d, three_el, NULL, x, E, &e), &e, DN_EINVAL, 4, none,
               "dn_hessdiag_el: argument 4: f is an element of K = 3 variables, E (argument 7) "
               "has K = 2");
    expect_err(dn_hessvec_el_ex(&f, g, d, rosen_el, NULL, x, NULL, E, &e), &e, DN_EINVAL, 7,
               none, "dn_hessvec_el: argument 7: v is NULL");
    expect_err(dn_hessvec_el_ex(&f, g, d, rosen_el, NULL, x, v, NULL, &e), &e, DN_EINVAL, 8,
               none, "dn_hessvec_el: argument 8: E is NULL");
    expect_err(dn_hessian_el_ex(&f, g, NULL, rosen_el, NULL, x, E, &e), &e, DN_EINVAL, 3, none,
               "dn_hessian_el: argument 3: H is NULL");
    expect_err(dn_hessian_el_ex(&f, g, &S, NULL, NULL, x, E, &e), &e, DN_EINVAL, 4, none,
               "dn_hessian_el: argument 4: f is NULL");
    cr_expect(f == 7.0 && g[0] == 7.0 && d[0] == 7.0 && S.n == 0, "written on error");
    expect_err(dn_hessian_el_ex(&f, g, &S, rosen_el, NULL, x, E, &e), &e, DN_OK, 0, none, "");
    expect_err(dn_hessvec_el_ex(&f, g, d, rosen_el, NULL, x, v, E, &e), &e, DN_OK, 0, none, "");
    cr_expect_eq(dn_grad_el_ex(&f, g, rosen_el, NULL, x, E, NULL), DN_OK);
    dn_sphess_clear(&S);
    dn_elements_free(E);
}
