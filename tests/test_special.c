/* The special functions (kernel_special.h) against mpmath (tests/ref_special_data.h, made
 * by tools/gen_ref_special.py): Dnum at order 16, Dvec at order 50, Dnum2 at order 8 and
 * the expression language, every entry within 1e-13 (scaled error) except the measured
 * exceptions of sref_tol() and sref2_tol() (sref_eval.h, which also evaluates the rows);
 * the values computed by this library (digamma, polygamma, Lambert W, erfinv, erfcinv,
 * sinpi, cospi) within a few ulp; the documented pole, jump and tie behaviour; parse
 * errors of the new names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "sref_eval.h"

typedef dnum_o16 T;
typedef dnum2_o8 T2;

/* worst[composed][form][k > 16]: the measured errors (sref_tol); worst_own: beyond
 * sref_data_err, composed f(g(x)) */
static double worst[2][2][2], worst_own;

static double track_at(const char *fn, int form, unsigned k, double e)
{
    double *w = &worst[sref_composed(fn)][form != 0][k > 16];
    *w = fmax(*w, e);
    return e;
}

static double track(const dn_sref_row *r, unsigned k, double e)
{
    if (r->form && sref_composed(r->fn)) worst_own = fmax(worst_own, e - sref_data_err(r, k));
    return track_at(r->fn, r->form, k, e);
}

static void print_worst(const char *what)
{
    printf("%s: max scaled error, plain f(x): direct %.3g, composed %.3g (orders <= 16), "
           "%.3g, %.3g (17..50); composite f(g(x)): direct %.3g, composed %.3g (<= 16), "
           "%.3g, %.3g (17..50)\n", what, worst[0][0][0], worst[1][0][0], worst[0][0][1],
           worst[1][0][1], worst[0][1][0], worst[1][1][0], worst[0][1][1], worst[1][1][1]);
    printf("%s: composed f(g(x)) beyond the error of the rounded argument: %.3g\n", what,
           worst_own);
    memset(worst, 0, sizeof worst);
    worst_own = 0.0;
}

Test(special, dnum_rows_match_mpmath)
{
    cr_assert(DN_SREF_NROWS > 80, "reference table too small");
    for (size_t i = 0; i < DN_SREF_NROWS; i++) {
        const dn_sref_row *r = &dn_sref_rows[i];
        T got;
        cr_assert(sref_eval_o16(r, &got), "unknown function %s", r->fn);
        for (unsigned k = 0; k <= 16; k++) {
            double e = track(r, k, scaled_err(got.d[k], r->d[k], k));
            cr_expect(e <= sref_tol(r, k), "%s form %d p %g x=%g k=%u: got %.17g want %.17g err %.3g",
                      r->fn, r->form, r->param, r->x, k, got.d[k], r->d[k], e);
        }
    }
    print_worst("special dnum o16");
}

/* Dvec through the expression engine's Dvec evaluator and directly: order 50. */
Test(special, dvec_rows_to_order_50)
{
    for (size_t i = 0; i < DN_SREF_NROWS; i++) {
        const dn_sref_row *r = &dn_sref_rows[i];
        dvec out;
        dvec_init(&out, 0);
        cr_assert(sref_eval_dvec(r, &out, DN_SREF_MAXORD), "%s failed on Dvec", r->fn);
        double d[DN_SREF_MAXORD + 1];
        cr_assert_eq(dvec_get_derivs(d, &out), 0);
        for (unsigned k = 0; k <= DN_SREF_MAXORD; k++) {
            double e = track(r, k, scaled_err(d[k], r->d[k], k));
            cr_expect(e <= sref_tol(r, k), "dvec %s form %d p %g x=%g k=%u: got %.17g want %.17g err %.3g",
                      r->fn, r->form, r->param, r->x, k, d[k], r->d[k], e);
        }
        dvec_clear(&out);
    }
    print_worst("special dvec o50");
}

Test(special, expression_rows_match_mpmath)
{
    static const char *const xv[] = {"x"};
    enum { NE = 16 };
    for (size_t i = 0; i < DN_SREF_NROWS; i++) {
        const dn_sref_row *r = &dn_sref_rows[i];
        char src[96];
        sref_src(src, sizeof src, r);
        dn_expr_error err;
        dn_expr *e = dn_expr_parse(src, xv, 1, &err);
        cr_assert(e, "parse '%s': %s", src, err.msg);
        double args[NE + 1] = {r->x, 1.0}, out[NE + 1];
        double *w = malloc(dn_expr_work_size(e, NE) * sizeof *w);
        cr_assert_eq(dn_expr_eval(e, NE, args, out, w), 0);
        for (unsigned k = 0; k <= NE; k++) {
            double er = track(r, k, scaled_err(out[k], r->d[k], k));
            cr_expect(er <= sref_tol(r, k), "'%s' at x=%g k=%u: got %.17g want %.17g err %.3g", src, r->x,
                      k, out[k], r->d[k], er);
        }
        free(w);
        dn_expr_free(e);
    }
    print_worst("special expressions o16");
}

Test(special, dnum2_rows_match_mpmath)
{
    cr_assert(DN_SREF2_NROWS > 30, "bivariate table too small");
    for (size_t i = 0; i < DN_SREF2_NROWS; i++) {
        const dn_sref2_row *r = &dn_sref2_rows[i];
        T2 got;
        cr_assert(sref2_eval(r, &got), "unknown function %s", r->fn);
        for (unsigned s = 0; s <= DN_SREF2_MAXORD; s++)
            for (unsigned j = 0; j <= s; j++) {
                unsigned e = s * (s + 1) / 2 + j;
                double er = sref2_err(got.d[e], r->d[e], s - j, j);
                track_at(r->fn, 1, s, er);
                cr_expect(er <= sref2_tol(r, s - j, j),
                          "dnum2 %s p %g (%g, %g) (%u, %u): got %.17g want %.17g err %.3g",
                          r->fn, r->param, r->x, r->y, s - j, j, got.d[e], r->d[e], er);
            }
    }
    print_worst("special dnum2 o8 (every row composite)");
}

/* the values this library computes itself (libm has no such function) */
Test(special, own_values_within_few_ulp)
{
    double worst = 0.0;
    for (size_t i = 0; i < DN_SVAL_NROWS; i++) {
        const dn_sval_row *r = &dn_sval_rows[i];
        double got = NAN;
        if (!strcmp(r->fn, "digamma")) got = dni_digamma_val(r->x);
        else if (!strcmp(r->fn, "polygamma")) {
            double h[1], ws[DNI_WS_polygamma(0)];
            dni_s_polygamma_w(h, (int)r->param, r->x, 0, ws);
            got = h[0];
        } else if (!strcmp(r->fn, "lambertw")) got = dni_lambertw_val(r->x, 0);
        else if (!strcmp(r->fn, "lambertwm1")) got = dni_lambertw_val(r->x, -1);
        else if (!strcmp(r->fn, "erfinv")) got = dni_erfinv_val(r->x);
        else if (!strcmp(r->fn, "erfcinv")) got = dni_erfcinv_val(r->x);
        else if (!strcmp(r->fn, "sinpi")) got = dni_sinpi_val(r->x);
        else if (!strcmp(r->fn, "cospi")) got = dni_cospi_val(r->x);
        else cr_assert_fail("unknown %s", r->fn);
        /* error in units of the last place of the reference */
        double ref = fabs(r->v), ulp = nextafter(ref, INFINITY) - ref;
        if (!strcmp(r->fn, "digamma") && ref < 0.25) /* near a zero: absolute, ulp of 0.25 */
            ulp = 0x1p-55;
        double ulps = fabs(got - r->v) / ulp;
        worst = fmax(worst, ulps);
        cr_expect(ulps <= 4.0, "%s(%g, %g) = %.17g, want %.17g (%.1f ulp)", r->fn, r->param,
                  r->x, got, r->v, ulps);
    }
    printf("special own values: max error %.2f ulp\n", worst);
}

static void expect_series(const double *d, const double *want, unsigned n, const char *what)
{
    for (unsigned k = 0; k <= n; k++)
        cr_expect(same_double(d[k], want[k]), "%s k=%u: got %g want %g", what, k, d[k], want[k]);
}

Test(special, poles_jumps_ties)
{
    const double I = INFINITY, N = NAN;
    dnum_o4 r, x;
    x = dnum_o4_var(0.0);
    r = dnum_o4_lgamma(x);
    expect_series(r.d, (double[]){I, -I, I, -I, I}, 4, "lgamma(0)");
    r = dnum_o4_tgamma(dnum_o4_var(-1.0));
    expect_series(r.d, (double[]){-I, I, -I, I, -I}, 4, "tgamma(-1)");
    r = dnum_o4_tgamma(dnum_o4_var(-2.0));
    expect_series(r.d, (double[]){I, -I, I, -I, I}, 4, "tgamma(-2)");
    r = dnum_o4_digamma(dnum_o4_var(-3.0));
    expect_series(r.d, (double[]){-I, I, -I, I, -I}, 4, "digamma(-3)");
    r = dnum_o4_polygamma(1, dnum_o4_var(0.0));
    expect_series(r.d, (double[]){I, -I, I, -I, I}, 4, "trigamma(0)");
    r = dnum_o4_cot(x);
    expect_series(r.d, (double[]){I, -I, I, -I, I}, 4, "cot(0)");
    r = dnum_o4_y0(x);
    expect_series(r.d, (double[]){-I, I, -I, I, -I}, 4, "y0(0)");
    r = dnum_o4_y1(dnum_o4_var(-1.0));
    expect_series(r.d, (double[]){N, N, N, N, N}, 4, "y1(-1)");
    r = dnum_o4_lambertw(dnum_o4_var(-0.36787944117144233));
    expect_series(r.d, (double[]){-1.0, I, -I, I, -I}, 4, "lambertw(-1/e)");
    r = dnum_o4_lambertwm1(dnum_o4_var(-0.36787944117144233));
    expect_series(r.d, (double[]){-1.0, -I, I, -I, I}, 4, "lambertwm1(-1/e)");
    r = dnum_o4_lambertw(dnum_o4_var(-0.4));
    expect_series(r.d, (double[]){N, N, N, N, N}, 4, "lambertw(-0.4)");
    r = dnum_o4_lambertwm1(dnum_o4_var(0.5));
    expect_series(r.d, (double[]){N, N, N, N, N}, 4, "lambertwm1(0.5)");
    r = dnum_o4_erfinv(dnum_o4_var(1.0));
    expect_series(r.d, (double[]){I, I, I, I, I}, 4, "erfinv(1)");
    r = dnum_o4_erfinv(dnum_o4_var(-1.0));
    expect_series(r.d, (double[]){-I, I, -I, I, -I}, 4, "erfinv(-1)");
    r = dnum_o4_erfcinv(dnum_o4_var(0.0));
    expect_series(r.d, (double[]){I, -I, I, -I, I}, 4, "erfcinv(0)");
    r = dnum_o4_erfinv(dnum_o4_var(1.5));
    expect_series(r.d, (double[]){N, N, N, N, N}, 4, "erfinv(1.5)");
    /* piecewise */
    r = dnum_o4_floor(dnum_o4_var(2.0));
    expect_series(r.d, (double[]){2.0, N, N, N, N}, 4, "floor(2)");
    r = dnum_o4_ceil(dnum_o4_var(-2.5));
    expect_series(r.d, (double[]){-2.0, 0.0, 0.0, 0.0, 0.0}, 4, "ceil(-2.5)");
    r = dnum_o4_min(dnum_o4_var(1.0), dnum_o4_const(1.0));
    expect_series(r.d, (double[]){1.0, N, N, N, N}, 4, "min tie");
    r = dnum_o4_max(dnum_o4_var(1.0), dnum_o4_const(0.5));
    expect_series(r.d, (double[]){1.0, 1.0, 0.0, 0.0, 0.0}, 4, "max");
    r = dnum_o4_fmod(dnum_o4_var(3.0), dnum_o4_const(1.5));
    expect_series(r.d, (double[]){0.0, N, N, N, N}, 4, "fmod jump");
    r = dnum_o4_fmod(dnum_o4_var(3.5), dnum_o4_const(1.5));
    expect_series(r.d, (double[]){0.5, 1.0, 0.0, 0.0, 0.0}, 4, "fmod");
    /* exact values */
    r = dnum_o4_sinc(x);
    cr_expect(r.d[0] == 1.0 && r.d[1] == 0.0 && r.d[3] == 0.0);
    cr_expect(fabs(r.d[2] + 1.0 / 3.0) <= 1e-16 && fabs(r.d[4] - 0.2) <= 1e-16);
    r = dnum_o4_sinpi(dnum_o4_var(3.0));
    cr_expect(r.d[0] == 0.0 && r.d[1] == -3.141592653589793 && r.d[2] == 0.0);
    r = dnum_o4_cospi(dnum_o4_var(3.0));
    cr_expect(r.d[0] == -1.0 && r.d[1] == 0.0 && r.d[2] == (3.141592653589793 * 3.141592653589793));
    cr_expect(dnum_o4_cospi(dnum_o4_var(2.5)).d[0] == 0.0);
}

/* the same rules on Dvec and Dnum2 as on Dnum (same kernels) */
Test(special, families_agree_at_poles)
{
    dvec v, r;
    dvec_init(&v, 4);
    dvec_init(&r, 4);
    dvec_set_var(&v, 0.0);
    dvec_lgamma(&r, &v);
    double d[5];
    dvec_get_derivs(d, &r);
    expect_series(d, (double[]){INFINITY, -INFINITY, INFINITY, -INFINITY, INFINITY}, 4,
                  "dvec lgamma(0)");
    dvec_clear(&v);
    dvec_clear(&r);
    /* in place (r == u) equals out of place, for each method */
    dvec a, b;
    dvec_init(&a, 12);
    dvec_init(&b, 12);
    int (*const fs[])(dvec *, const dvec *) = {dvec_lgamma, dvec_lambertw, dvec_erfinv,
                                               dvec_exp2, dvec_cot, dvec_j1, dvec_floor};
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        double da[13], db[13];
        dvec_set_var(&a, 0.3);
        dvec_exp(&a, &a); /* a composite argument */
        fs[i](&b, &a);
        fs[i](&a, &a);
        dvec_get_derivs(da, &a);
        dvec_get_derivs(db, &b);
        for (unsigned k = 0; k <= 12; k++)
            cr_expect(same_double(da[k], db[k]), "in place, function %zu k=%u", i, k);
    }
    dvec_clear(&a);
    dvec_clear(&b);
    dnum2_o2 z = dnum2_o2_floor(dnum2_o2_varx(1.0, 0.0));
    cr_expect(z.d[0] == 1.0 && isnan(z.d[1]) && isnan(z.d[5]));
}

Test(special, parse_errors)
{
    static const char *const xv[] = {"x"};
    static const struct { const char *src; unsigned column; } bad[] = {
        {"jn(x, x)", 4}, {"yn(1.5, x)", 4}, {"polygamma(-1, x)", 11}, {"2 + jn(20000, x)", 8},
        {"min(x)", 1}, {"polygamma(x)", 1}, {"lgamma(x, x)", 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dn_expr_error err;
        dn_expr *e = dn_expr_parse(bad[i].src, xv, 1, &err);
        cr_expect(!e && err.code == DN_EPARSE && err.column == bad[i].column,
                  "'%s': code %d column %u (%s)", bad[i].src, err.code, err.column, err.msg);
        dn_expr_free(e);
    }
    /* constant folding of the new names equals the kernels at order 0 */
    dn_expr_error err;
    dn_expr *e = dn_expr_parse("jn(2, 1.5) + polygamma(1, 2) + x", xv, 1, &err);
    cr_assert(e, "%s", err.msg);
    double args[2] = {0.0, 1.0}, out[2], w[64];
    cr_assert(dn_expr_work_size(e, 1) <= 64);
    dn_expr_eval(e, 1, args, out, w);
    cr_expect(fabs(out[0] - (jn(2, 1.5) + (3.141592653589793 * 3.141592653589793) / 6.0 - 1.0)) <= 1e-15);
    dn_expr_free(e);
}

/* ---- the order-2 optimizer numbers (dnum/special_o2.h) against the same mpmath rows ------ */

/* F(u, v) of a bivariate reference row, written once for dnum_o2, dlane_o2 and dsp_o2 */
DN_OBJECTIVE_O2(srow, T, x, n, ctx,
    const dn_sref2_row *r = ctx;
    T xy = dnh_mul(x[0], x[1]);
    T u = dnh_sub(dnh_add(xy, dnh_mul_d(x[0], 0.5)), dnh_mul_d(dnh_mul(x[1], x[1]), 0.25));
    T v = dnh_add_d(dnh_sub(x[0], dnh_mul_d(xy, 0.5)), 1.0);
    int m = (int)r->param;
    const char *f = r->fn;
    if (!strcmp(f, "lgamma")) return dnh_lgamma(u);
    if (!strcmp(f, "tgamma")) return dnh_tgamma(u);
    if (!strcmp(f, "digamma")) return dnh_digamma(u);
    if (!strcmp(f, "lambertw")) return dnh_lambertw(u);
    if (!strcmp(f, "lambertwm1")) return dnh_lambertwm1(u);
    if (!strcmp(f, "erfinv")) return dnh_erfinv(u);
    if (!strcmp(f, "erfcinv")) return dnh_erfcinv(u);
    if (!strcmp(f, "j0")) return dnh_j0(u);
    if (!strcmp(f, "j1")) return dnh_j1(u);
    if (!strcmp(f, "y0")) return dnh_y0(u);
    if (!strcmp(f, "y1")) return dnh_y1(u);
    if (!strcmp(f, "log2")) return dnh_log2(u);
    if (!strcmp(f, "log10")) return dnh_log10(u);
    if (!strcmp(f, "exp2")) return dnh_exp2(u);
    if (!strcmp(f, "sinc")) return dnh_sinc(u);
    if (!strcmp(f, "cot")) return dnh_cot(u);
    if (!strcmp(f, "sinpi")) return dnh_sinpi(u);
    if (!strcmp(f, "cospi")) return dnh_cospi(u);
    if (!strcmp(f, "floor")) return dnh_floor(u);
    if (!strcmp(f, "ceil")) return dnh_ceil(u);
    if (!strcmp(f, "min")) return dnh_min(u, v);
    if (!strcmp(f, "max")) return dnh_max(u, v);
    if (!strcmp(f, "fmod")) return dnh_fmod(u, v);
    if (!strcmp(f, "polygamma")) return dnh_polygamma(m, u);
    if (!strcmp(f, "jn")) return dnh_jn(m, u);
    if (!strcmp(f, "yn")) return dnh_yn(m, u);
    return dnh_const(T, NAN);)

static double err2(double got, double ref, unsigned i, unsigned j)
{
    if (got == ref || (isnan(got) && isnan(ref))) return 0.0;
    return fabs(got - ref) / fmax(fabs(ref), dni_fact[i] * dni_fact[j] * 1e-3);
}

/* Value, gradient and Hessian of every bivariate row through dlane_o2 (three lanes: x, y and
 * the direction (1, 1), whose second derivative is Fxx + 2 Fxy + Fyy) and through dsp_o2
 * (dn_hessian_sp), against mpmath's partials d[0..5] = F, Fx, Fy, Fxx, Fxy, Fyy. */
Test(special, order2_optimizer_numbers_match_mpmath)
{
    static const double sx[DN_LANES] = {1, 0, 1}, sy[DN_LANES] = {0, 1, 1};
    dn_sphess H;
    dn_sphess_init(&H, NULL);
    for (size_t i = 0; i < DN_SREF2_NROWS; i++) {
        const dn_sref2_row *r = &dn_sref2_rows[i];
        const double *d = r->d;
        dlane_o2 x[2] = {dlane_o2_seed(r->x, sx), dlane_o2_seed(r->y, sy)};
        dlane_o2 L = srow_lanes(x, 2, (void *)r);
        double lane[7] = {dlane_o2_value(L), dlane_o2_grad(L, 0), dlane_o2_grad(L, 1),
                          dlane_o2_hess(L, 0), dlane_o2_hess(L, 2), dlane_o2_hess(L, 1)};
        double want[6] = {d[0], d[1], d[2], d[3], d[3] + 2.0 * d[4] + d[5], d[5]};
        static const unsigned oi[6] = {0, 1, 0, 2, 1, 0}, oj[6] = {0, 0, 1, 0, 1, 2};
        for (unsigned k = 0; k < 6; k++)
            cr_expect(err2(lane[k], want[k], oi[k], oj[k]) <= 1e-13,
                      "dlane_o2 %s(%g) at (%g, %g), entry %u: %.17g want %.17g", r->fn, r->param,
                      r->x, r->y, k, lane[k], want[k]);
        double pt[2] = {r->x, r->y}, f, g[2];
        cr_assert_eq(dn_hessian_sp(&f, g, &H, srow_sp, (void *)r, pt, 2, NULL), 0);
        double sp[6] = {f, g[0], g[1], NAN, NAN, NAN};
        for (unsigned row = 0; row < 2; row++)
            for (size_t e = H.rowptr[row]; e < H.rowptr[row + 1]; e++)
                sp[row == 0 ? 3 : H.col[e] == 0 ? 4 : 5] = H.val[e];
        for (unsigned k = 0; k < 6; k++)
            cr_expect(err2(sp[k], d[k], oi[k], oj[k]) <= 1e-13,
                      "dsp_o2 %s(%g) at (%g, %g), entry %u: %.17g want %.17g", r->fn, r->param,
                      r->x, r->y, k, sp[k], d[k]);
    }
    dn_sphess_clear(&H);
}

/* The run-time multivariate family (dnk_*, k = 2, total order 8) against the same rows
 * and bounds: Dnumk's layout for two variables is Dnum2's. */
Test(special, dnumk_rows_match_mpmath)
{
    enum { N = 8 };
    dnk_space sp;
    cr_assert_eq(dnk_space_init(&sp, 2, N), DN_OK);
    size_t S = dnk_size(2, N);
    double x[45], y[45], xy[45], u[45], v[45], t[45], r[45], d[45];
    cr_assert(S == 45);
    for (size_t i = 0; i < DN_SREF2_NROWS; i++) {
        const dn_sref2_row *w = &dn_sref2_rows[i];
        /* u = x y + x/2 - y^2/4, v = x - x y / 2 + 1 */
        dnk_set_var(&sp, x, 0, w->x);
        dnk_set_var(&sp, y, 1, w->y);
        dnk_mul(&sp, xy, x, y);
        dnk_mul_d(&sp, t, x, 0.5);
        dnk_add(&sp, u, xy, t);
        dnk_mul(&sp, t, y, y);
        dnk_mul_d(&sp, t, t, 0.25);
        dnk_sub(&sp, u, u, t);
        dnk_mul_d(&sp, t, xy, 0.5);
        dnk_sub(&sp, v, x, t);
        dnk_add_d(&sp, v, v, 1.0);
        int m = (int)w->param, rc = -100;
#define U(f) if (!strcmp(w->fn, #f)) rc = dnk_##f(&sp, r, u);
#define B(f) if (!strcmp(w->fn, #f)) rc = dnk_##f(&sp, r, u, v);
#define I(f) if (!strcmp(w->fn, #f)) rc = dnk_##f(&sp, r, m, u);
        EVERY_SPECIAL(U, B, I)
#undef U
#undef B
#undef I
        cr_assert_eq(rc, DN_OK, "dnk_%s", w->fn);
        dnk_get_derivs(&sp, d, r);
        for (unsigned s = 0; s <= N; s++)
            for (unsigned j = 0; j <= s; j++) {
                unsigned e = s * (s + 1) / 2 + j;
                double er = sref2_err(d[e], w->d[e], s - j, j);
                cr_expect(er <= sref2_tol(w, s - j, j),
                          "dnk %s p %g (%g, %g) (%u, %u): got %.17g want %.17g err %.3g",
                          w->fn, w->param, w->x, w->y, s - j, j, d[e], w->d[e], er);
            }
    }
    cr_assert_eq(dnk_lgamma(&sp, NULL, u), DN_EINVAL);
    cr_assert_eq(dnk_min(NULL, r, u, v), DN_EINVAL);
    dnk_space_clear(&sp);
}
