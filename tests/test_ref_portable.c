/* The mpmath reference tables without Criterion, for the platforms that have no Criterion
 * (s390x, big-endian, under qemu-user: tools/cross_tests.sh): the rows of ref_data.h on the
 * fixed family (order 24), on Dvec and as expressions; ref2_data.h on Dnum2; refk_data.h
 * on the run-time multivariate family (3, 4 and 8 variables); ref_special_data.h on the
 * fixed family (order 16), Dvec (order 50), as expressions and (its bivariate rows) on
 * Dnum2. The rows are evaluated, and held to their tolerances, by the same code as the
 * Criterion tests (ref_eval.h, ref2_eval.h, refk_eval.h, sref_eval.h). Prints a line per
 * table, and one per value out of tolerance (the first 20 of a table: the function, the
 * point, the order or partial, the value and mpmath's); exits 1 on any failure. */
#define DN_TEST_PLAIN 1
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "ref_eval.h"
#include "ref2_eval.h"
#include "refk_eval.h"
#include "sref_eval.h"

enum { PRINT_MAX = 20 };

typedef struct {
    const char *name;
    unsigned rows, values, fails;
    double worst, ratio; /* the largest scaled error; the largest error / tolerance */
} tally;

static unsigned tables_failed;

/* A failure that is not a value (a call failed, a row not evaluated): counted, printed. */
static void broken(tally *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    t->fails++;
    printf("FAIL %s: ", t->name);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

/* One value: its scaled error err against the tolerance tol; fmt... names the function,
 * the point and the order (printed only where it fails). */
static void expect(tally *t, double err, double tol, double got, double want, const char *fmt,
                   ...)
{
    t->values++;
    if (err > t->worst) t->worst = err;
    if (err / tol > t->ratio) t->ratio = err / tol;
    if (err <= tol) return; /* (a NaN error fails) */
    if (++t->fails > PRINT_MAX) return;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL %s: ", t->name);
    vprintf(fmt, ap);
    printf(": got %.17g, expected %.17g (scaled error %.3g, tolerance %.3g)\n", got, want, err,
           tol);
    va_end(ap);
}

static void summary(const tally *t, unsigned min_rows)
{
    int ok = t->fails == 0 && t->rows >= min_rows;
    printf("%-52s %4u rows %7u values  max scaled error %-9.3g (%.2g of the tolerance)  %s\n",
           t->name, t->rows, t->values, t->worst, t->ratio, ok ? "ok" : "FAILED");
    if (t->rows < min_rows)
        printf("FAIL %s: %u rows, expected at least %u\n", t->name, t->rows, min_rows);
    if (t->fails > PRINT_MAX) printf("FAIL %s: %u failures in all\n", t->name, t->fails);
    if (!ok) tables_failed++;
}

/* e (variable x) at x0 to order n, in double; 0 where a call failed */
static int eval_expr(const char *src, double x0, unsigned n, double *out)
{
    static const char *const xv[] = {"x"};
    dn_expr *e = dn_expr_parse(src, xv, 1, NULL);
    if (!e) return 0;
    double *args = calloc(n + 1, sizeof *args), *w = malloc(dn_expr_work_size(e, n) * sizeof *w);
    int ok = args && w;
    if (ok) {
        args[0] = x0;
        if (n) args[1] = 1.0;
        ok = dn_expr_eval(e, n, args, out, w) == DN_OK;
    }
    free(args);
    free(w);
    dn_expr_free(e);
    return ok;
}

/* ---- tests/ref_data.h: the built-in functions, orders 0..24 ---------------------------- */

static void ref_fixed(void)
{
    tally t = {.name = "ref_data.h, dnum_o24"};
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        const dn_ref_row *r = &dn_ref_rows[i];
        dnum_o24 got;
        if (!ref_eval_o24(r, &got)) {
            broken(&t, "unknown function %s", r->fn);
            continue;
        }
        t.rows++;
        double env = 0.0;
        for (unsigned k = 0; k <= DN_REF_MAXORD; k++) {
            expect(&t, scaled_err(got.d[k], r->d[k], k), ref_tol(k), got.d[k], r->d[k],
                   "%s form %d param %g at x=%g, k=%u", r->fn, r->form, r->param, r->x, k);
            expect(&t, row_err(got.d[k], r->d[k], &env), ref_tol(k), got.d[k], r->d[k],
                   "%s form %d param %g at x=%g, k=%u (against the row's scale)", r->fn,
                   r->form, r->param, r->x, k);
        }
    }
    summary(&t, 100);
}

static void ref_dvec(void)
{
    tally t = {.name = "ref_data.h, Dvec order 24"};
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        const dn_ref_row *r = &dn_ref_rows[i];
        dvec got;
        if (dvec_init(&got, 0) != 0) dn_test_die("dvec_init");
        int found = ref_eval_dvec(r, &got); /* (0: w1, w2, whole expressions) */
        if (found < 0) broken(&t, "%s form %d at x=%g: a Dvec call failed", r->fn, r->form, r->x);
        if (found > 0) {
            t.rows++;
            for (unsigned k = 0; k <= DN_REF_MAXORD; k++)
                expect(&t, scaled_err(dvec_get(&got, k), r->d[k], k), ref_tol(k),
                       dvec_get(&got, k), r->d[k], "%s form %d param %g at x=%g, k=%u", r->fn,
                       r->form, r->param, r->x, k);
        }
        dvec_clear(&got);
    }
    summary(&t, 150);
}

/* the expression evaluator runs the kernels of the fixed family: their tolerances */
static void ref_expr(void)
{
    tally t = {.name = "ref_data.h, expressions (dn_expr_eval) order 24"};
    for (size_t i = 0; i < DN_REF_NROWS; i++) {
        const dn_ref_row *r = &dn_ref_rows[i];
        char src[160];
        double out[DN_REF_MAXORD + 1];
        ref_src(src, sizeof src, r);
        if (!eval_expr(src, r->x, DN_REF_MAXORD, out)) {
            broken(&t, "'%s' at x=%g: parse or evaluation failed", src, r->x);
            continue;
        }
        t.rows++;
        for (unsigned k = 0; k <= DN_REF_MAXORD; k++)
            expect(&t, scaled_err(out[k], r->d[k], k), ref_tol(k), out[k], r->d[k],
                   "'%s' at x=%g, k=%u", src, r->x, k);
    }
    summary(&t, 100);
}

/* ---- tests/ref2_data.h: two variables, total order 8 ------------------------------------ */

static void ref2_dnum2(void)
{
    tally t = {.name = "ref2_data.h, dnum2_o8"};
    for (size_t q = 0; q < DN_REF2_NROWS; q++) {
        const dn_ref2_row *r = &dn_ref2_rows[q];
        dnum2_o8 got;
        if (!ref2_eval(r, &got)) {
            broken(&t, "unknown function %s", r->fn);
            continue;
        }
        t.rows++;
        for (unsigned s = 0; s <= DN_REF2_MAXORD; s++)
            for (unsigned j = 0; j <= s; j++) {
                unsigned e = DNUM2_INDEX(s - j, j);
                expect(&t, scaled_err2(got.d[e], r->d[e], s - j, j), ref2_tol(r), got.d[e],
                       r->d[e], "%s param %g at (%g, %g), d%u_%u", r->fn, r->param, r->x, r->y,
                       s - j, j);
            }
    }
    summary(&t, 50);
}

/* ---- tests/refk_data.h: 3, 4 and 8 variables, total order 8 ----------------------------- */

/* "at (x0, x1, ...), d^(a0,a1,...)": the point and the partial of a refk row */
static void refk_where(char *buf, size_t len, const dn_refk_row *r, const unsigned *al)
{
    size_t n = (size_t)snprintf(buf, len, "at (");
    for (unsigned i = 0; i < r->k && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%g", i ? ", " : "", r->x[i]);
    for (unsigned i = 0; i < r->k && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%u", i ? "," : "), d^(", al[i]);
    if (n < len) snprintf(buf + n, len - n, ")");
}

static void refk_dnk(void)
{
    tally t = {.name = "refk_data.h, dnk_* (3, 4, 8 variables) order 8"};
    for (size_t q = 0; q < DN_REFK_NROWS; q++) {
        const dn_refk_row *r = &dn_refk_rows[q];
        size_t S = dnk_size(r->k, DN_REFK_ORDER);
        double *d = malloc(S * sizeof *d);
        if (!d) dn_test_die("malloc");
        if (!refk_derivs(r, d)) {
            broken(&t, "%s (k=%u): unknown function or a failed call", r->fn, r->k);
            free(d);
            continue;
        }
        t.rows++;
        unsigned al[DNK_VARS_MAX] = {0};
        for (size_t i = 0; i < S; i++, dnik_next(r->k, al)) {
            double want = dn_refk_vals[r->off + i], tol = refk_tol(r);
            double err = scaled_errk(d[i], want, dnik_afact(r->k, al));
            char where[160] = "";
            if (!(err <= tol)) refk_where(where, sizeof where, r, al);
            expect(&t, err, tol, d[i], want, "%s (k=%u) %s", r->fn, r->k, where);
        }
        free(d);
    }
    summary(&t, 40);
}

/* ---- tests/ref_special_data.h: the special functions ------------------------------------ */

static void sref_fixed(void)
{
    tally t = {.name = "ref_special_data.h, dnum_o16"};
    for (size_t i = 0; i < DN_SREF_NROWS; i++) {
        const dn_sref_row *r = &dn_sref_rows[i];
        dnum_o16 got;
        if (!sref_eval_o16(r, &got)) {
            broken(&t, "unknown function %s", r->fn);
            continue;
        }
        t.rows++;
        for (unsigned k = 0; k <= 16; k++)
            expect(&t, scaled_err(got.d[k], r->d[k], k), sref_tol(r, k), got.d[k], r->d[k],
                   "%s form %d param %g at x=%g, k=%u", r->fn, r->form, r->param, r->x, k);
    }
    summary(&t, 80);
}

static void sref_dvec(void)
{
    tally t = {.name = "ref_special_data.h, Dvec order 50"};
    for (size_t i = 0; i < DN_SREF_NROWS; i++) {
        const dn_sref_row *r = &dn_sref_rows[i];
        dvec out;
        double d[DN_SREF_MAXORD + 1];
        if (dvec_init(&out, 0) != 0) dn_test_die("dvec_init");
        if (!sref_eval_dvec(r, &out, DN_SREF_MAXORD) || dvec_get_derivs(d, &out) != 0) {
            broken(&t, "%s form %d at x=%g: a Dvec call failed", r->fn, r->form, r->x);
        } else {
            t.rows++;
            for (unsigned k = 0; k <= DN_SREF_MAXORD; k++)
                expect(&t, scaled_err(d[k], r->d[k], k), sref_tol(r, k), d[k], r->d[k],
                       "%s form %d param %g at x=%g, k=%u", r->fn, r->form, r->param, r->x, k);
        }
        dvec_clear(&out);
    }
    summary(&t, 80);
}

static void sref_expr(void)
{
    tally t = {.name = "ref_special_data.h, expressions order 16"};
    enum { NE = 16 };
    for (size_t i = 0; i < DN_SREF_NROWS; i++) {
        const dn_sref_row *r = &dn_sref_rows[i];
        char src[96];
        double out[NE + 1];
        sref_src(src, sizeof src, r);
        if (!eval_expr(src, r->x, NE, out)) {
            broken(&t, "'%s' at x=%g: parse or evaluation failed", src, r->x);
            continue;
        }
        t.rows++;
        for (unsigned k = 0; k <= NE; k++)
            expect(&t, scaled_err(out[k], r->d[k], k), sref_tol(r, k), out[k], r->d[k],
                   "'%s' at x=%g, k=%u", src, r->x, k);
    }
    summary(&t, 80);
}

static void sref_dnum2(void)
{
    tally t = {.name = "ref_special_data.h, dnum2_o8"};
    for (size_t i = 0; i < DN_SREF2_NROWS; i++) {
        const dn_sref2_row *r = &dn_sref2_rows[i];
        dnum2_o8 got;
        if (!sref2_eval(r, &got)) {
            broken(&t, "unknown function %s", r->fn);
            continue;
        }
        t.rows++;
        for (unsigned s = 0; s <= DN_SREF2_MAXORD; s++)
            for (unsigned j = 0; j <= s; j++) {
                unsigned e = s * (s + 1) / 2 + j;
                expect(&t, sref2_err(got.d[e], r->d[e], s - j, j),
                       sref2_tol(r, s - j, j), got.d[e], r->d[e],
                       "%s param %g at (%g, %g), d%u_%u", r->fn, r->param, r->x, r->y, s - j, j);
            }
    }
    summary(&t, 30);
}

int main(void)
{
    ref_fixed();
    ref_dvec();
    ref_expr();
    ref2_dnum2();
    refk_dnk();
    sref_fixed();
    sref_dvec();
    sref_expr();
    sref_dnum2();
    if (tables_failed) printf("%u of 9 tables FAILED\n", tables_failed);
    return tables_failed ? 1 : 0;
}
