/* dnum-eval: the evaluation of the points: one thread's evaluator (workspace and seeds),
 * one point evaluated by the engine and precision of the job (evaluate: the fixed, dvec,
 * dnum2 and dnumk engines, --error bounds, --precision extended and auto, the orders a
 * removable singularity leaves NaN recomputed higher), and eval_block, the loop over the
 * points of a block, each evaluated, checked for nan/inf (count_bad) and formatted; on a
 * batch job (choose_batch) the block's points are evaluated together by
 * dn_expr_eval_batch first (eval_batch). */
#include "dnum_eval.h"
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <dnum/batch.h>

/* Orders the operands do not determine come back NaN (at a removable singularity such as
 * sin(x)/x at 0, the top orders of a quotient by x^m). One variable: such a point is
 * evaluated again at EXTRA_ORDERS more, and the NaN orders are filled from there. */
#define EXTRA_ORDERS 16u

/* The evaluator that overflow.c checks with, for an engine. */
int ovf_family(int engine)
{
    return engine == ENG_DNUM2 ? OVF_TWO : engine == ENG_DNUMK ? OVF_K : OVF_ONE;
}

/* Whether the job's points go through the batch evaluators, a block at a time: one
 * variable on the fixed or dvec engine (whose numbers are dn_expr_eval's), without bounds
 * printed; in double precision to order DN_TAYLOR_MAX (above it the batch runs point by
 * point anyway) with dn_expr_eval_batch, whose flags are the C library's function values
 * (every number that of dn_expr_eval, or dn_expr_eval_coeffs with --coeffs, bit for bit)
 * or the vector math library's with fast_values (--vector-math); with --precision auto
 * (derivatives, not --coeffs) below order DN_TAYLOR_MAX with dn_expr_eval_batch_prec,
 * whose numbers and quick bounds are dn_expr_eval_prec's bit for bit. Several variables
 * (the dnum2 and dnumk engines, in double whatever the precision), without bounds:
 * dn_expr_eval_batch2 / dn_expr_eval_batchk with the C library's values (the numbers of
 * dn_expr_eval2 / dn_expr_evalk bit for bit). */
void choose_batch(struct job *j, int fast_values)
{
    int one = j->nvars == 1 && (j->engine == ENG_FIXED || j->engine == ENG_DVEC) && !j->error;
    int several = (j->engine == ENG_DNUM2 || j->engine == ENG_DNUMK) && !j->error;
    j->batch = one && j->prec == PREC_DOUBLE && j->n <= DN_TAYLOR_MAX ? BATCH_DOUBLE
               : one && j->prec == PREC_AUTO && !j->coeffs && !j->taylor && j->n < DN_TAYLOR_MAX
                   ? BATCH_AUTO
               : several ? BATCH_MULTI
                         : BATCH_NONE;
    j->batch_flags = DN_BATCH_SOA | (fast_values ? 0u : DN_BATCH_LIBM) |
                     (j->coeffs && j->batch != BATCH_MULTI ? DN_BATCH_COEFFS : 0u);
}

void evaluator_init(struct evaluator *ev, const struct job *j)
{
    int several = j->engine == ENG_DNUM2 || j->engine == ENG_DNUMK;
    size_t w = several && j->error      ? dn_expr_work_sizek_err(j->e, j->nvars, j->n)
               : j->engine == ENG_DNUM2 ? dn_expr_work_size2(j->e, j->n)
               : j->engine == ENG_DNUMK ? dn_expr_work_sizek(j->e, j->nvars, j->n)
                 : j->error || j->prec != PREC_DOUBLE ? dn_expr_work_size_err(j->e, j->n)
                                            : dn_expr_work_size(j->e, j->n);
    ev->work = xmalloc_line(w * sizeof(double));
    ev->args = xmalloc_line(j->nvars * j->len * sizeof(double));
    ev->row = xmalloc_line(j->ncols * sizeof(double));
    /* the engine writes its numbers into the row where they are printed as they are */
    int ceng = j->coeffs && j->engine != ENG_DNUM2 && j->engine != ENG_DNUMK;
    ev->res_own = ceng || j->coeffs == j->taylor ? NULL : xmalloc_line(j->len * sizeof(double));
    ev->res = ev->res_own ? ev->res_own : ev->row + j->nvars;
    ev->err = j->error || j->prec == PREC_AUTO ? xmalloc_line(j->len * sizeof(double)) : NULL;
    ev->err2 = NULL;
    memset(&ev->dx, 0, sizeof ev->dx);
    memset(&ev->dr, 0, sizeof ev->dr);
    if (j->engine == ENG_DVEC && (dvec_init(&ev->dx, j->n) || dvec_init(&ev->dr, j->n)))
        die(1, "out of memory");
    ovf_init(&ev->ovf, j->e, j->nvars, j->n, ovf_family(j->engine));
    /* the seeds: (x, 1, 0, ...); variable v of several: first partial 1 in v (the entry
     * 1 + v in both the Dnum2 and the Dnumk layout) */
    memset(ev->args, 0, j->nvars * j->len * sizeof(double));
    if (j->n >= 1)
        for (unsigned v = 0; v < j->nvars; v++) ev->args[v * j->len + 1 + v] = 1.0;
    ev->n2 = 0;
    ev->work2 = ev->args2 = ev->res2 = NULL;
    if (j->nvars == 1 && j->engine != ENG_DNUMK && j->n >= 1 && j->n < DN_ORDER_MAX) {
        unsigned n2 = j->n + EXTRA_ORDERS < DN_ORDER_MAX ? j->n + EXTRA_ORDERS : DN_ORDER_MAX;
        ev->n2 = n2;
        ev->work2 = xmalloc_line((j->error || j->prec == PREC_EXTENDED ? dn_expr_work_size_err(j->e, n2)
                                           : dn_expr_work_size(j->e, n2)) * sizeof(double));
        if (j->error) ev->err2 = xmalloc_line(((size_t)n2 + 1) * sizeof(double));
        ev->args2 = xmalloc_line(((size_t)n2 + 1) * sizeof(double));
        ev->res2 = xmalloc_line(((size_t)n2 + 1) * sizeof(double));
        memset(ev->args2, 0, ((size_t)n2 + 1) * sizeof(double));
        ev->args2[1] = 1.0;
    }
    ev->bwork = ev->bargs = ev->bout = ev->berr = NULL;
    if (j->batch == BATCH_AUTO) { /* the points one after the other (x, 1, 0, ...) */
        size_t len = j->len, w = dn_expr_work_size_batch_prec(j->e, j->n);
        ev->bwork = xmalloc_line((w ? w : 1) * sizeof(double));
        ev->bargs = xmalloc_line(BATCH_CHUNK * len * sizeof(double));
        ev->bout = xmalloc_line(BATCH_CHUNK * len * sizeof(double));
        ev->berr = xmalloc_line(BATCH_CHUNK * len * sizeof(double));
        memset(ev->bargs, 0, BATCH_CHUNK * len * sizeof(double));
        if (j->n >= 1)
            for (unsigned p = 0; p < BATCH_CHUNK; p++) ev->bargs[p * len + 1] = 1.0;
    } else if (j->batch == BATCH_MULTI) { /* the seeds in the layout DN_BATCH_SOA */
        size_t len = j->len, nv = j->nvars;
        size_t w = j->engine == ENG_DNUM2 ? dn_expr_work_size_batch2(j->e, j->n)
                                          : dn_expr_work_size_batchk(j->e, j->nvars, j->n);
        ev->bwork = xmalloc_line((w ? w : 1) * sizeof(double));
        ev->bargs = xmalloc_line(BATCH_CHUNK * nv * len * sizeof(double));
        ev->bout = xmalloc_line(BATCH_CHUNK * len * sizeof(double));
        memset(ev->bargs, 0, BATCH_CHUNK * nv * len * sizeof(double));
        if (j->n >= 1)
            for (unsigned v = 0; v < nv; v++)
                for (unsigned p = 0; p < BATCH_CHUNK; p++)
                    ev->bargs[(v * len + 1 + v) * BATCH_CHUNK + p] = 1.0;
    } else if (j->batch) {
        size_t len = j->len, w = dn_expr_work_size_batch(j->e, j->n);
        ev->bwork = xmalloc_line((w ? w : 1) * sizeof(double));
        ev->bargs = xmalloc_line(BATCH_CHUNK * len * sizeof(double));
        ev->bout = xmalloc_line(BATCH_CHUNK * len * sizeof(double));
        /* the seeds (x, 1, 0, ...) in the layout DN_BATCH_SOA (derivative k of point p at
         * [k * BATCH_CHUNK + p]): only the x of the first row changes */
        memset(ev->bargs, 0, BATCH_CHUNK * len * sizeof(double));
        if (j->n >= 1)
            for (unsigned p = 0; p < BATCH_CHUNK; p++) ev->bargs[BATCH_CHUNK + p] = 1.0;
    }
}

void evaluator_free(struct evaluator *ev)
{
    dvec_clear(&ev->dx);
    dvec_clear(&ev->dr);
    xfree_line(ev->work);
    xfree_line(ev->args);
    xfree_line(ev->res_own);
    xfree_line(ev->row);
    xfree_line(ev->work2);
    xfree_line(ev->args2);
    xfree_line(ev->res2);
    xfree_line(ev->err);
    xfree_line(ev->err2);
    xfree_line(ev->bwork);
    xfree_line(ev->bargs);
    xfree_line(ev->bout);
    xfree_line(ev->berr);
    ovf_free(&ev->ovf);
}

/* A removable singularity (one variable): where the value res[0] at x is finite and some
 * derivatives (or coefficients) res[1..n] are NaN, evaluates again EXTRA_ORDERS orders
 * higher and takes those from there (with their bounds into err where --error). */
static void fill_nan(const struct job *j, struct evaluator *ev, double x, double *res, double *err)
{
    size_t len = j->len;
    if (!ev->n2 || !isfinite(res[0])) return;
    int lost = 0;
    for (size_t k = 1; k < len; k++) lost |= isnan(res[k]);
    if (!lost) return;
    int ceng = j->coeffs && j->engine != ENG_DNUM2 && j->engine != ENG_DNUMK;
    ev->args2[0] = x;
    if (j->error)
        dn_expr_eval_prec(j->e, ev->n2, ev->args2, ev->res2, ev->err2,
                          j->prec == PREC_EXTENDED ? DN_PREC_EXTENDED : DN_PREC_DOUBLE, ev->work2);
    if (ceng) dn_expr_eval_coeffs(j->e, ev->n2, ev->args2, ev->res2, ev->work2);
    else if (j->error) ;
    else if (j->prec == PREC_EXTENDED)
        dn_expr_eval_ext(j->e, ev->n2, ev->args2, ev->res2, ev->work2);
    else dn_expr_eval(j->e, ev->n2, ev->args2, ev->res2, ev->work2);
    for (size_t k = 1; k < len; k++)
        if (isnan(res[k])) {
            res[k] = ev->res2[k];
            if (j->error) err[k] = ev->err2[k];
        }
}

/* The point pt and the engine's numbers ev->res into the row: as they are, or (res_own)
 * rescaled to what is printed. */
static void row_numbers(const struct job *j, struct evaluator *ev, const double *pt)
{
    size_t len = j->len;
    for (unsigned v = 0; v < j->nvars; v++) ev->row[v] = pt[v];
    /* (without res_own, what the engine gives is in the row already) */
    if (ev->res_own && j->coeffs) /* c = d / a!, rounded once from the wide quotient */
        for (size_t k = 0; k < len; k++) ev->row[j->nvars + k] = (double)(ev->res[k] / j->scale[k]);
    else if (ev->res_own) /* d = c a!, rounded once from the wide product */
        for (size_t k = 0; k < len; k++) ev->row[j->nvars + k] = (double)(ev->res[k] * j->scale[k]);
}

/* The first order k with a finite d[k] whose bound err[k] is unknown (+Inf), else -1. */
static int first_unbounded(const double *d, const double *err, unsigned n)
{
    for (unsigned k = 0; k <= n; k++)
        if (isfinite(d[k]) && !(err[k] <= DBL_MAX)) return (int)k;
    return -1;
}

/* Counts the point x in w: wk, its first order short of 10 digits (or -1), nb, its first
 * order without a bound (or -1). */
static void weak_note(struct weak *w, double x, int wk, int nb)
{
    if (wk >= 0 && w->n++ == 0) {
        w->x = x;
        w->k = (unsigned)wk;
    }
    if (nb >= 0 && w->nb++ == 0) {
        w->xb = x;
        w->kb = (unsigned)nb;
    }
}

void weak_add(struct weak *to, const struct weak *from)
{
    if (from->n && to->n == 0) {
        to->x = from->x;
        to->k = from->k;
    }
    to->n += from->n;
    if (from->nb && to->nb == 0) {
        to->xb = from->xb;
        to->kb = from->kb;
    }
    to->nb += from->nb;
}

/* Evaluates at the point pt (nvars values) into ev->row: the point, then the derivatives
 * (and the bounds). Returns the first order with fewer than 10 correct digits after
 * --precision auto went to extended precision, else -1; *nb: with --precision auto and
 * without --error, the first order with a finite derivative and no known bound, else
 * -1. */
static int evaluate(const struct job *j, struct evaluator *ev, const double *pt, int *nb)
{
    int weak = -1;
    *nb = -1;
    double *args = ev->args;
    size_t len = j->len;
    /* one variable with --coeffs: the engine's own coefficients, finite above order 170
     * where the derivatives overflow (dn_expr_eval_coeffs) */
    int ceng = j->coeffs && j->engine != ENG_DNUM2 && j->engine != ENG_DNUMK;
    if (j->engine == ENG_DNUM2 || j->engine == ENG_DNUMK) {
        for (unsigned v = 0; v < j->nvars; v++) args[v * len] = pt[v];
        if (j->engine == ENG_DNUM2 && j->error)
            dn_expr_eval2_err(j->e, j->n, args, ev->res, ev->err, ev->work);
        else if (j->engine == ENG_DNUM2) dn_expr_eval2(j->e, j->n, args, ev->res, ev->work);
        else if (j->error) dn_expr_evalk_err(j->e, j->nvars, j->n, args, ev->res, ev->err, ev->work);
        else dn_expr_evalk(j->e, j->nvars, j->n, args, ev->res, ev->work);
    } else if (j->prec == PREC_EXTENDED && !j->error && !(ceng && j->n > DN_TAYLOR_MAX)) {
        args[0] = pt[0];
        dn_expr_eval_ext(j->e, j->n, args, ev->res, ev->work);
        if (ceng) /* --coeffs: the derivatives over k! (above order 170, where they
                   * overflow, the double engine's coefficients below) */
            for (size_t k = 0; k < len; k++) ev->res[k] = (double)(ev->res[k] / j->scale[k]);
    } else if (j->error || (j->prec == PREC_AUTO && !ceng)) {
        /* the bounds (of the double result: the same derivatives as dn_expr_eval), and
         * auto's verdict; quick bounds where they are not printed */
        unsigned flags = j->prec == PREC_EXTENDED ? DN_PREC_EXTENDED
                         : j->prec == PREC_AUTO && !ceng ? DN_PREC_AUTO : DN_PREC_DOUBLE;
        args[0] = pt[0];
        int rc = dn_expr_eval_prec(j->e, j->n, args, ev->res, ev->err,
                                   flags | (j->error ? 0u : DN_PREC_QUICK), ev->work);
        if (rc == 1 && j->prec == PREC_AUTO) {
            unsigned k = dn_err_first_short(ev->res, ev->err, j->n, 10.0);
            if (k <= j->n) weak = (int)k;
        }
        if (j->prec == PREC_AUTO && !j->error && !ceng)
            *nb = first_unbounded(ev->res, ev->err, j->n);
        if (ceng) dn_expr_eval_coeffs(j->e, j->n, args, ev->res, ev->work);
    } else if (ceng) {
        args[0] = pt[0];
        dn_expr_eval_coeffs(j->e, j->n, args, ev->res, ev->work);
    } else if (j->engine == ENG_DVEC) {
        const dvec *dargs[1] = {&ev->dx};
        dvec_set_var(&ev->dx, pt[0]);
        dn_expr_eval_dvec(j->e, &ev->dr, dargs, ev->work);
        dvec_get_derivs(ev->res, &ev->dr);
    } else {
        args[0] = pt[0];
        dn_expr_eval(j->e, j->n, args, ev->res, ev->work);
    }
    fill_nan(j, ev, pt[0], ev->res, ev->err);
    row_numbers(j, ev, pt);
    if (j->error) /* the bounds of what is printed: scaled where the numbers were (by a!),
                   * plus that rounding */
        for (size_t k = 0; k < len; k++) {
            double e = ev->err[k], *out = ev->row + j->nvars;
            if (j->coeffs != j->taylor) /* (--coeffs of one variable included) */
                e = (double)(j->coeffs ? e / j->scale[k] : e * j->scale[k]) + 0x1p-52 * fabs(out[k]);
            out[len + k] = isnan(out[k]) ? NAN : e;
        }
    return weak;
}

/* Counts a point with non-finite numbers vals[0..len-1] (those of its row after the
 * variables): an overflow of the derivatives, or a point outside the domain or at a
 * singularity (ovf_classify). */
static void count_bad(const struct job *j, struct evaluator *ev, const double *vals,
                      const double *pt, struct slot *s)
{
    if (ovf_all_finite(vals, j->len)) return;
    unsigned k;
    int c = ovf_classify(&ev->ovf, vals, pt, &k);
    if (c < 0) die(1, "out of memory");
    if (c == OVF_OTHER) s->bad++;
    if (c == OVF_OVERFLOW && s->over.n++ == 0) {
        memcpy(s->over.pt, pt, j->nvars * sizeof *pt);
        s->over.k = k;
    }
}

/* Whether the numbers v[k * BATCH_CHUNK + p], k < len, p < m, are all finite: none has
 * the exponent field all ones, whose bits and 0x7ff0... plus 2^52 carry into the sign bit
 * (integer operations without a branch: vectorised). */
static int chunk_finite(const double *v, size_t len, unsigned m)
{
    const uint64_t expo = 0x7ff0000000000000u;
    uint64_t carry = 0;
    for (size_t k = 0; k < len; k++)
        for (unsigned p = 0; p < m; p++) {
            uint64_t b;
            memcpy(&b, &v[k * BATCH_CHUNK + p], sizeof b);
            carry |= (b & expo) + (UINT64_C(1) << 52);
        }
    return (carry >> 63) == 0;
}

/* Whether the cnt numbers v[0..cnt-1] are all finite (as chunk_finite). */
static int all_finite(const double *v, size_t cnt)
{
    const uint64_t expo = 0x7ff0000000000000u;
    uint64_t carry = 0;
    for (size_t i = 0; i < cnt; i++) {
        uint64_t b;
        memcpy(&b, &v[i], sizeof b);
        carry |= (b & expo) + (UINT64_C(1) << 52);
    }
    return (carry >> 63) == 0;
}

/* A batch job's points of a slot: BATCH_CHUNK at a time through dn_expr_eval_batch
 * (structure of arrays: the fastest layout, also with the gathering of each row), then
 * each one as evaluate leaves it: where a number is not finite, the NaN orders of a
 * removable singularity filled by the scalar engine and the point counted (count_bad);
 * then formatted. -f npy: the rows of a chunk with only finite numbers are written
 * straight from the results, column by column (npy_rows_soa). */
static void eval_batch(const struct job *j, struct evaluator *ev, struct slot *s)
{
    size_t len = j->len;
    const double *out = ev->bout;
    double *row = ev->row;
    for (unsigned i0 = 0; i0 < s->count; i0 += BATCH_CHUNK) {
        unsigned m = s->count - i0 < BATCH_CHUNK ? s->count - i0 : BATCH_CHUNK;
        const double *pts = s->pts + i0; /* one variable */
        memcpy(ev->bargs, pts, m * sizeof *pts);
        int rc = dn_expr_eval_batch(j->e, j->n, m, ev->bargs, BATCH_CHUNK, ev->bout, BATCH_CHUNK,
                                    j->batch_flags, ev->bwork);
        if (rc) die(1, "batch evaluation failed (status %d)", rc);
        int finite = chunk_finite(out, len, m);
        if (finite && j->format == FMT_NPY) { /* the rows straight from the results */
            s->len += npy_rows_soa(s->text + s->len, pts, out, BATCH_CHUNK, len, m);
            continue;
        }
        for (unsigned p = 0; p < m; p++) {
            row[0] = pts[p];
            for (size_t k = 0; k < len; k++) row[1 + k] = out[k * BATCH_CHUNK + p];
            if (!finite) {
                fill_nan(j, ev, pts[p], row + 1, NULL);
                count_bad(j, ev, row + 1, pts + p, s);
            }
            s->len += format_row(s->text + s->len, j, row, s->first + i0 + p == 0);
        }
    }
}

/* A BATCH_MULTI job's points (several variables, no bounds): BATCH_CHUNK at a time
 * through dn_expr_eval_batch2 or dn_expr_eval_batchk (structure of arrays), then each one
 * as evaluate leaves it: the numbers into the row (rescaled where evaluate rescales them),
 * counted, formatted. */
static void eval_batch_multi(const struct job *j, struct evaluator *ev, struct slot *s)
{
    size_t len = j->len, nv = j->nvars;
    for (unsigned i0 = 0; i0 < s->count; i0 += BATCH_CHUNK) {
        unsigned m = s->count - i0 < BATCH_CHUNK ? s->count - i0 : BATCH_CHUNK;
        const double *pts = s->pts + (size_t)i0 * nv;
        for (unsigned v = 0; v < nv; v++)
            for (unsigned p = 0; p < m; p++) ev->bargs[v * len * BATCH_CHUNK + p] = pts[p * nv + v];
        int rc = j->engine == ENG_DNUM2
                     ? dn_expr_eval_batch2(j->e, j->n, m, ev->bargs, BATCH_CHUNK, ev->bout,
                                           BATCH_CHUNK, j->batch_flags, ev->bwork)
                     : dn_expr_eval_batchk(j->e, j->nvars, j->n, m, ev->bargs, BATCH_CHUNK,
                                           ev->bout, BATCH_CHUNK, j->batch_flags, ev->bwork);
        if (rc) die(1, "batch evaluation failed (status %d)", rc);
        for (unsigned p = 0; p < m; p++) {
            const double *pt = pts + (size_t)p * nv;
            for (size_t k = 0; k < len; k++) ev->res[k] = ev->bout[k * BATCH_CHUNK + p];
            row_numbers(j, ev, pt);
            count_bad(j, ev, ev->row + nv, pt, s);
            s->len += format_row(s->text + s->len, j, ev->row, s->first + i0 + p == 0);
        }
    }
}

/* A BATCH_AUTO job's block: dn_expr_eval_batch_prec with --precision auto's quick bounds
 * (as evaluate's dn_expr_eval_prec, bit for bit), then per point what evaluate does
 * after it: the weak-digits report for points that went to extended precision (a point
 * kept in double passed 10 digits with a margin), the NaN repair, the overflow check. */
static void eval_batch_auto(const struct job *j, struct evaluator *ev, struct slot *s)
{
    size_t len = j->len;
    double *row = ev->row;
    for (unsigned i0 = 0; i0 < s->count; i0 += BATCH_CHUNK) {
        unsigned m = s->count - i0 < BATCH_CHUNK ? s->count - i0 : BATCH_CHUNK;
        const double *pts = s->pts + i0; /* one variable */
        for (unsigned p = 0; p < m; p++) ev->bargs[p * len] = pts[p];
        long rc = dn_expr_eval_batch_prec(j->e, j->n, m, ev->bargs, len, ev->bout, len, ev->berr,
                                          len, DN_PREC_AUTO | DN_PREC_QUICK, ev->bwork);
        if (rc < 0) die(1, "batch evaluation failed (status %ld)", rc);
        int finite = all_finite(ev->bout, m * len); /* then nothing to repair or count */
        for (unsigned p = 0; p < m; p++) {
            double *res = ev->bout + (size_t)p * len;
            const double *err = ev->berr + (size_t)p * len;
            unsigned k = rc > 0 ? dn_err_first_short(res, err, j->n, 10.0) : j->n + 1;
            weak_note(&s->weak, pts[p], k <= j->n ? (int)k : -1,
                      first_unbounded(res, err, j->n));
            if (!finite) fill_nan(j, ev, pts[p], res, NULL);
            row[0] = pts[p];
            memcpy(row + 1, res, len * sizeof *res);
            if (!finite) count_bad(j, ev, row + 1, pts + p, s);
            s->len += format_row(s->text + s->len, j, row, s->first + i0 + p == 0);
        }
    }
}

/* The point-evaluation loop: evaluates and formats the points of a slot (a block of
 * points), together (a batch job) or one point at a time. */
void eval_block(const struct job *j, struct evaluator *ev, struct slot *s)
{
    s->len = 0;
    s->bad = 0;
    s->over.n = 0;
    s->weak = (struct weak){0};
    if (j->batch == BATCH_AUTO) {
        eval_batch_auto(j, ev, s);
        return;
    }
    if (j->batch == BATCH_MULTI) {
        eval_batch_multi(j, ev, s);
        return;
    }
    if (j->batch) {
        eval_batch(j, ev, s);
        return;
    }
    for (unsigned i = 0; i < s->count; i++) {
        const double *pt = s->pts + (size_t)i * j->nvars;
        int nb, wk = evaluate(j, ev, pt, &nb);
        weak_note(&s->weak, pt[0], wk, nb);
        count_bad(j, ev, ev->row + j->nvars, pt, s);
        s->len += format_row(s->text + s->len, j, ev->row, s->first + i == 0);
    }
}
