/* dnum._dnum's evaluation job (_run.h): each thread takes CHUNK points at a time, one
 * after the other or a chunk together on a batch evaluator (dnum/batch.h), and repairs
 * the removable singularities a pass EXTRA_ORDERS orders higher. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <dnum/expr.h>
#include <dnum/batch.h>
#include <dnum/dnumk.h>
#include <dnum/internal/tables.h>

#include "_run.h"

struct worker {
    double *mem;                 /* one block for all of the below */
    double *work, *args, *res, *eb;
    double *work2, *args2, *res2, *eb2;
    double *bwork, *bargs;       /* a batch: its workspace, a chunk's seeded arguments */
};

static int worker_init(struct worker *w, const struct job *j)
{
    size_t al = 8; /* doubles: 64-byte steps, so no two threads share a cache line */
#define UP(x) (((x) + al - 1) / al * al)
    size_t nw = UP(j->wsize), na = UP(j->k * j->len), nr = UP(j->len);
    size_t nw2 = j->n2 ? UP(j->wsize2) : 0, nr2 = j->n2 ? UP(j->len2) : 0;
    size_t nbw = j->batch ? UP(j->bwsize) : 0, nba = j->batch ? UP(CHUNK * j->k * j->len) : 0;
    size_t total = nw + na + 2 * nr + nw2 + 3 * nr2 + nbw + nba;
#undef UP
    w->mem = aligned_alloc(64, (total ? total : al) * sizeof(double));
    if (!w->mem) return -1;
    double *p = w->mem;
    w->work = p, p += nw;
    w->args = p, p += na;
    w->res = p, p += nr;
    w->eb = p, p += nr;
    w->work2 = p, p += nw2;
    w->args2 = p, p += nr2;
    w->res2 = p, p += nr2;
    w->eb2 = p, p += nr2;
    w->bwork = p, p += nbw;
    w->bargs = p;
    memset(w->args, 0, j->k * j->len * sizeof(double));
    /* the seeds: x with dx/dx = 1, the entry 1 + v of variable v in both multivariate layouts */
    if (j->n >= 1)
        for (unsigned v = 0; v < j->k; v++) w->args[v * j->len + 1 + v] = 1.0;
    if (j->n2) {
        memset(w->args2, 0, j->len2 * sizeof(double));
        w->args2[1] = 1.0;
    }
    if (j->batch) /* CHUNK points one after the other, each seeded as args */
        for (size_t p = 0; p < CHUNK; p++)
            memcpy(w->bargs + p * j->k * j->len, w->args, j->k * j->len * sizeof(double));
    return 0;
}

/* One variable at order n: derivatives or coefficients into v, bounds into eb (NULL if
 * not wanted). Returns 1 where extended precision was used, 0 for double, < 0 on failure. */
static int eval_one(const struct job *j, unsigned n, const double *args, double *v, double *eb,
                    double *work)
{
    const dn_expr *e = j->e;
    int rc;
    if (!j->errors && j->prec == P_DOUBLE)
        return j->taylor ? dn_expr_eval_coeffs(e, n, args, v, work) : dn_expr_eval(e, n, args, v, work);
    if (!j->errors && j->prec == P_EXTENDED) {
        rc = dn_expr_eval_ext(e, n, args, v, work);
        if (rc == 0) rc = 1;
    } else {
        unsigned flags = j->prec == P_DOUBLE ? DN_PREC_DOUBLE
                         : j->prec == P_EXTENDED ? DN_PREC_EXTENDED : DN_PREC_AUTO;
        if (!j->errors) flags |= DN_PREC_QUICK; /* auto's verdict only */
        rc = dn_expr_eval_prec(e, n, args, v, j->errors ? eb : NULL, flags, work);
    }
    if (rc < 0 || !j->taylor) return rc;
    if (rc == 0 && n > DN_TAYLOR_MAX) { /* double: the engine's coefficients, finite where
                                         * the derivatives overflow */
        int r2 = dn_expr_eval_coeffs(e, n, args, v, work);
        if (r2 < 0) return r2;
    } else {
        for (unsigned k = 0; k <= n; k++) v[k] = (double)((long double)v[k] / j->fact[k]);
    }
    if (j->errors)
        for (unsigned k = 0; k <= n; k++)
            eb[k] = isnan(v[k]) ? NAN : (double)((long double)eb[k] / j->fact[k]) + 0x1p-52 * fabs(v[k]);
    return rc;
}

/* Evaluates point pt into the row out (and the bounds into eb). Returns 0 or 1 (extended
 * precision used), < 0 on failure. */
static int eval_point(const struct job *j, struct worker *w, const double *pt, double *out, double *eb)
{
    const dn_expr *e = j->e;
    size_t len = j->len;
    int rc;
    if (j->engine == ENG_ONE) {
        w->args[0] = pt[0];
        rc = eval_one(j, j->n, w->args, out, eb, w->work);
        if (rc < 0 || !j->n2 || !isfinite(out[0])) return rc;
        /* a removable singularity (sin(x)/x at 0): orders the operands do not determine
         * come back NaN; they are taken from an evaluation EXTRA_ORDERS orders higher */
        int lost = 0;
        for (size_t k = 1; k < len; k++) lost |= isnan(out[k]);
        if (!lost) return rc;
        w->args2[0] = pt[0];
        int r2 = eval_one(j, j->n2, w->args2, w->res2, w->eb2, w->work2);
        if (r2 < 0) return r2;
        for (size_t k = 1; k < len; k++)
            if (isnan(out[k])) {
                out[k] = w->res2[k];
                if (eb) eb[k] = w->eb2[k];
            }
        return rc | r2;
    }
    for (unsigned v = 0; v < j->k; v++) w->args[v * len] = pt[v];
    if (j->engine == ENG_TWO)
        rc = j->errors ? dn_expr_eval2_err(e, j->n, w->args, out, eb, w->work)
                       : dn_expr_eval2(e, j->n, w->args, out, w->work);
    else
        rc = j->errors ? dn_expr_evalk_err(e, j->k, j->n, w->args, out, eb, w->work)
                       : dn_expr_evalk(e, j->k, j->n, w->args, out, w->work);
    if (rc < 0) return rc;
    int to_coeffs = j->engine == ENG_TWO && j->taylor, to_derivs = j->engine == ENG_K && !j->taylor;
    if (to_coeffs)
        for (size_t c = 0; c < len; c++) out[c] = (double)((long double)out[c] / j->scale[c]);
    else if (to_derivs)
        for (size_t c = 0; c < len; c++) out[c] = (double)((long double)out[c] * j->scale[c]);
    if (eb && (to_coeffs || to_derivs))
        for (size_t c = 0; c < len; c++) {
            long double s = to_coeffs ? 1.0L / j->scale[c] : j->scale[c];
            eb[c] = isnan(out[c]) ? NAN : (double)((long double)eb[c] * s) + 0x1p-52 * fabs(out[c]);
        }
    return 0;
}

/* The removable-singularity repair of eval_point for a row out at pt (one variable):
 * returns 1 where it used extended precision, 0, or < 0 on failure. */
static int repair_row(const struct job *j, struct worker *w, const double *pt, double *out)
{
    size_t len = j->len;
    if (!j->n2 || !isfinite(out[0])) return 0;
    int lost = 0;
    for (size_t k = 1; k < len; k++) lost |= isnan(out[k]);
    if (!lost) return 0;
    w->args2[0] = pt[0];
    int r2 = eval_one(j, j->n2, w->args2, w->res2, w->eb2, w->work2);
    if (r2 < 0) return r2;
    for (size_t k = 1; k < len; k++)
        if (isnan(out[k])) out[k] = w->res2[k];
    return r2;
}

/* The points s .. end-1 (at most CHUNK) together on a batch evaluator, then what
 * eval_point does after the engine: the repair of removable singularities (one variable),
 * the scaling between derivatives and coefficients (several). Returns the number of
 * points (and repairs) in extended precision, or < 0 on failure. */
static long eval_chunk(const struct job *j, struct worker *w, size_t s, size_t end)
{
    size_t cnt = end - s, len = j->len, ld = j->k * len;
    const double *pts = j->pts + s * j->k;
    double *out = j->out + s * len;
    for (size_t p = 0; p < cnt; p++)
        for (unsigned v = 0; v < j->k; v++) w->bargs[p * ld + v * len] = pts[p * j->k + v];
    long rc;
    if (j->batch == B_DOUBLE)
        rc = dn_expr_eval_batch(j->e, j->n, cnt, w->bargs, ld, out, len,
                                DN_BATCH_LIBM | (j->taylor ? DN_BATCH_COEFFS : 0u), w->bwork);
    else if (j->batch == B_AUTO)
        rc = dn_expr_eval_batch_prec(j->e, j->n, cnt, w->bargs, ld, out, len, NULL, 0,
                                     DN_PREC_AUTO | DN_PREC_QUICK, w->bwork);
    else if (j->engine == ENG_TWO)
        rc = dn_expr_eval_batch2(j->e, j->n, cnt, w->bargs, ld, out, len, DN_BATCH_LIBM, w->bwork);
    else
        rc = dn_expr_eval_batchk(j->e, j->k, j->n, cnt, w->bargs, ld, out, len, DN_BATCH_LIBM,
                                 w->bwork);
    if (rc < 0) return rc;
    if (j->batch == B_MULTI) {
        int to_coeffs = j->engine == ENG_TWO && j->taylor, to_derivs = j->engine == ENG_K && !j->taylor;
        for (size_t p = 0; p < cnt && (to_coeffs || to_derivs); p++) {
            double *o = out + p * len;
            for (size_t c = 0; c < len; c++)
                o[c] = to_coeffs ? (double)((long double)o[c] / j->scale[c])
                                 : (double)((long double)o[c] * j->scale[c]);
        }
        return 0;
    }
    for (size_t p = 0; p < cnt; p++) {
        int r2 = repair_row(j, w, pts + p, out + p * len);
        if (r2 < 0) return r2;
        rc += r2;
    }
    return rc;
}

void *dnpy_run_worker(void *arg)
{
    struct job *j = arg;
    struct worker w;
    if (worker_init(&w, j)) {
        int zero = 0;
        atomic_compare_exchange_strong(&j->fail, &zero, DN_ENOMEM);
        return NULL;
    }
    size_t n_ext = 0;
    for (;;) {
        size_t s = atomic_fetch_add(&j->next, CHUNK);
        if (s >= j->m || atomic_load(&j->fail)) break;
        size_t end = s + CHUNK < j->m ? s + CHUNK : j->m;
        if (j->batch) {
            long rc = eval_chunk(j, &w, s, end);
            if (rc < 0) {
                int zero = 0;
                atomic_compare_exchange_strong(&j->fail, &zero, (int)rc);
                break;
            }
            n_ext += (size_t)rc;
            continue;
        }
        for (size_t i = s; i < end; i++) {
            int rc = eval_point(j, &w, j->pts + i * j->k, j->out + i * j->len,
                                j->err ? j->err + i * j->len : NULL);
            if (rc < 0) {
                int zero = 0;
                atomic_compare_exchange_strong(&j->fail, &zero, rc);
                break;
            }
            n_ext += (size_t)rc;
        }
    }
    atomic_fetch_add(&j->n_ext, n_ext);
    free(w.mem);
    return NULL;
}
