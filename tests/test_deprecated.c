/* The names of the order-2 families before their rename to `_o2` (dnum/deprecated_o2.h):
 * code written with them, through the old headers, compiles unchanged and computes what
 * the new names compute, bit for bit: objectives of DN_OBJECTIVE2 in every driver, an
 * element function of DN_ELEMENT2, and dlane2, dsp2, dsph2 and dnel2_K used directly
 * (types, functions, special functions, macros). tests/deprecated_check.sh compiles this
 * file as C++ too, and again with DN_NO_DEPRECATED, where it must not compile. A plain program: prints each
 * failed check and exits with 1 if there was one. */
#define DLANE2_DECL static inline __attribute__((unused)) /* (a program's own, old name) */
#include <dnum/hessian.h>
#include <dnum/lanes2.h>
#include <dnum/sparse2.h>
#include <dnum/sparseh2.h>
#include <dnum/elem2.h>
#include <dnum/special2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

/* the n doubles at a and b are the same bits */
static void same(const char *what, const double *a, const double *b, size_t n)
{
    if (memcmp(a, b, n * sizeof *a) != 0) {
        printf("FAIL %s: the old and the new names differ\n", what);
        failures++;
    }
}

static void check(const char *what, int ok)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

/* one body, once under each macro name */
#define ROSEN_BODY                                                                         \
    T s = dnh_const(T, 0.0);                                                               \
    for (unsigned i = 0; i + 1 < n; i++) {                                                 \
        T a = dnh_sub(x[i + 1], dnh_mul(x[i], x[i]));                                      \
        T b = dnh_d_sub(1.0, x[i]);                                                        \
        s = dnh_add(s, dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_mul(dnh_exp(b), b)));  \
    }                                                                                      \
    return s;
DN_OBJECTIVE2(old_obj, T, x, n, ctx, ROSEN_BODY)
DN_OBJECTIVE_O2(new_obj, T, x, n, ctx, ROSEN_BODY)

#define EL_BODY                                                                            \
    T a = dnh_sub(u[1], dnh_mul(u[0], u[0]));                                              \
    return dnh_add(dnh_mul_d(dnh_mul(a, a), 100.0), dnh_lgamma(dnh_add_d(u[0], 2.0)));
DN_ELEMENT2(old_el, 2, T, u, e, ctx, EL_BODY)
DN_ELEMENT_O2(new_el, 2, T, u, e, ctx, EL_BODY)

enum { N = 6 };

/* the drivers on the objectives and elements of both names */
static void drivers(void)
{
    double x[N] = {0.5, -1.25, 1.5, 0.75, -0.5, 2.0};
    double f[2], g[2][N], h[2][N];
    dnum_o2 w[N];
    dlane2 wl[N];
    dlane_o2 wl_new[N];
    dsp2_work *ws = NULL;
    check("dsp2_work_new",
          dsp2_work_new(&ws, NULL) == 0 && dsp2_work_bytes(ws) == dsp_o2_work_bytes(ws));
    dsp_o2_work *ws_new = ws; /* the same type */

    /* the callback types of their old names */
    dn_objective2 of = old_obj;
    dn_objective_l2 ofl = old_obj_lanes;
    dn_objective_o2 nf = of;
    dn_objective_lanes_o2 nfl = ofl;
    dn_element2 oe = old_el;
    dn_element_o2 ne = oe;
    check("callback types", nf == old_obj && nfl == old_obj_lanes && ne == old_el);
    check("dn_hessdiag", dn_hessdiag(&f[0], g[0], h[0], old_obj, NULL, x, N, w) == 0 &&
                         dn_hessdiag(&f[1], g[1], h[1], new_obj, NULL, x, N, w) == 0);
    same("dn_hessdiag", &f[0], &f[1], 1), same("dn_hessdiag", g[0], g[1], N);
    same("dn_hessdiag", h[0], h[1], N);
    check("dn_hessdiag_lanes",
          dn_hessdiag_lanes(&f[0], g[0], h[0], old_obj_lanes, NULL, x, N, wl) == 0 &&
              dn_hessdiag_lanes(&f[1], g[1], h[1], new_obj_lanes, NULL, x, N, wl_new) == 0);
    same("dn_hessdiag_lanes", h[0], h[1], N);
    check("dn_hessdiag_sp",
          dn_hessdiag_sp(&f[0], g[0], h[0], old_obj_sp, NULL, x, N, ws) == 0 &&
              dn_hessdiag_sp(&f[1], g[1], h[1], new_obj_sp, NULL, x, N, ws_new) == 0);
    same("dn_hessdiag_sp", &f[0], &f[1], 1), same("dn_hessdiag_sp", g[0], g[1], N);
    same("dn_hessdiag_sp", h[0], h[1], N);
    dn_sphess H[2];
    dn_sphess_init(&H[0], NULL), dn_sphess_init(&H[1], NULL);
    check("dn_hessian_sp", dn_hessian_sp(&f[0], g[0], &H[0], old_obj_sp, NULL, x, N, ws) == 0 &&
                               dn_hessian_sp(&f[1], g[1], &H[1], new_obj_sp, NULL, x, N, ws) == 0);
    check("dn_hessian_sp", H[0].nnz == H[1].nnz);
    if (H[0].nnz == H[1].nnz) same("dn_hessian_sp", H[0].val, H[1].val, H[0].nnz);
    dn_sphess_clear(&H[0]), dn_sphess_clear(&H[1]);
    dsp2_work_free(ws);

    unsigned idx[2 * (N - 1)];
    for (unsigned i = 0; i + 1 < N; i++) idx[2 * i] = i, idx[2 * i + 1] = i + 1;
    dn_elements *E = NULL;
    check("dn_elements_new", dn_elements_new(&E, N, 2, N - 1, idx, NULL) == 0);
    check("dn_hessdiag_el", dn_hessdiag_el(&f[0], g[0], h[0], old_el, NULL, x, E) == 0 &&
                                dn_hessdiag_el(&f[1], g[1], h[1], new_el, NULL, x, E) == 0);
    same("dn_hessdiag_el", &f[0], &f[1], 1), same("dn_hessdiag_el", g[0], g[1], N);
    same("dn_hessdiag_el", h[0], h[1], N);
    dn_elements_free(E);
}

/* each family by hand: an old name and its new name give the same number */
static void families(void)
{
    static const double dir[DN_LANES] = {1, 2, 3, 4};
    dlane2 a = dlane2_var(0.75, 1), b = dlane2_seed(1.5, dir);
    dlane2 r = dlane2_atan2(dlane2_erfinv(dlane2_mul_d(a, 0.5)), dlane2_exp(b));
    dlane_o2 r_new = dlane_o2_atan2(dlane_o2_erfinv(dlane_o2_mul_d(dlane_o2_var(0.75, 1), 0.5)),
                                    dlane_o2_exp(dlane_o2_seed(1.5, dir)));
    check("dlane2_value", dlane2_value(r) == dlane_o2_value(r_new));
    same("dlane2", r.g, r_new.g, DN_LANES), same("dlane2", r.h, r_new.h, DN_LANES);

    dsp2 c = dsp2_sqrt(dsp2_add_d(dsp2_const(2.0), 1.0));
    dsph2 ch = dsph2_lgamma(dsph2_const(3.5));
    check("dsp2, dsph2", dsp2_value(c) == sqrt(3.0) && DSP2_NIN == DSP_O2_NIN &&
                             dsph2_value(ch) == dsph_o2_value(dsph_o2_lgamma(dsph_o2_const(3.5))));

    dnel2_2 u = dnel2_2_var(1.25, 0), v = dnel2_2_var(-0.5, 1);
    dnel2_2 e = dnel2_2_hypot(dnel2_2_sin(u), dnel2_2_digamma(dnel2_2_add_d(v, 3.0)));
    dnel2_o2 e_new = dnel2_o2_hypot(dnel2_o2_sin(dnel2_o2_var(1.25, 0)),
                                    dnel2_o2_digamma(dnel2_o2_add_d(dnel2_o2_var(-0.5, 1), 3.0)));
    check("dnel2_2", dnel2_2_value(e) == e_new.v && DNEL2_TRI(2) == DNEL_O2_TRI(2) &&
                         e.h[DNEL2_AT(1, 0)] == e_new.h[DNEL_O2_AT(1, 0)]);
    same("dnel2_2", e.g, e_new.g, 2), same("dnel2_2", e.h, e_new.h, DNEL2_TRI(2));
    dnel2_1 p = dnel2_1_pown(dnel2_1_var(2.0, 0), 3);
    dnel2_3 q = dnel2_3_const(1.0);
    dnel2_4 s = dnel2_4_var(1.0, 3);
    check("dnel2_1, dnel2_3, dnel2_4",
          p.g[0] == 12.0 && p.h[0] == 12.0 && q.v == 1.0 && s.g[3] == 1.0 && s.g[0] == 0.0);
}

int main(void)
{
    drivers();
    families();
    if (failures) printf("%d failure(s)\n", failures);
    else printf("ok: the old names compile and give the new names' numbers\n");
    return failures != 0;
}
