/* One-pass order-2 numbers: the drivers of dnum/hessian.h (dn_grad_sp, dn_hessdiag_sp,
 * dn_hessvec_sp, dn_hessian_sp): the workspace sized and seeded, the objective evaluated
 * (again in safe mode when recycled storage was read), the results written out. */
#include "sparse2_impl.h"
#include "sparse2_rows.h"
#include "err_impl.h"

/* the state of a pass (arena, epochs, accumulators) made new, for one evaluation */
static void reset(dsp_o2_work *w, int mode, int safe)
{
    w->epoch = 0;
    w->lowmark = SIZE_MAX;
    w->nrec = 0;
    w->mode = mode;
    w->safe = safe;
    w->nacc = 0;
}

/* sizes w for n variables and loads the seeds; returns 0 or DN_ENOMEM */
static int prepare(dsp_o2_work *w, unsigned n, int mode, int safe, const double *x,
                   const double *v)
{
    if (w->sized != n) {
        dsp_o2i_free_sized(w);
        w->x = w_array(w->al, n, sizeof *w->x);
        w->pos = w_array(w->al, n, sizeof *w->pos);
        w->sa = w_array(w->al, n, sizeof *w->sa);
        w->sb = w_array(w->al, n, sizeof *w->sb);
        w->sized = n;
        if (!w->x || !w->pos || !w->sa || !w->sb) {
            dsp_o2i_free_sized(w);
            return DN_ENOMEM;
        }
    }
    if (mode == DNI_DSP_O2_SPARSE && !w->xs) { /* made on the first sparse-Hessian call */
        w->xs = w_array(w->al, n, sizeof *w->xs);
        if (!w->xs) return DN_ENOMEM;
    }
    w->top = 0;
    w->fail = 0;
    if (mode == DNI_DSP_O2_SPARSE && w->seeded == mode + 1) {
        /* the same seeds: new values */
        for (unsigned i = 0; i < n; i++) w->x[i].v = w->xs[i].v = x[i];
        w->top = n;
    } else if (mode == DNI_DSP_O2_SPARSE) {
        /* the variables: one-entry lists (kept at the start of the arena until another
         * mode uses it) */
        if (reserve(w, n)) return DN_ENOMEM;
        w->seeded = mode + 1;
        for (unsigned i = 0; i < n; i++) {
            w->idx[i] = i, w->g[i] = 1.0, w->h[i] = 0.0, w->sf[i] = 1;
            dsp_o2 s = dsp_o2_const(x[i]);
            s.w = w, s.off = i, s.len = 1;
            w->x[i] = s;
            dsph_o2 t = dsph_o2_const(x[i]); /* (the same variable inside a dsph_o2) */
            t.w = w, t.off = 1, t.len = DNI_DSP_O2_INL, t.i[0] = i, t.g[0] = 1.0, t.sf = 1;
            w->xs[i] = t;
        }
        w->top = n;
    } else if (w->seeded == mode + 1) { /* the same seeds as in the last call: new values */
        for (unsigned i = 0; i < n; i++) {
            w->x[i].v = x[i];
            if (v) w->x[i].d = v[i];
        }
    } else { /* the variables: one entry inside the number */
        w->seeded = mode + 1;
        for (unsigned i = 0; i < n; i++) {
            dsp_o2 s = dsp_o2_const(x[i]);
            s.d = v ? v[i] : 0.0;
            s.w = w, s.off = 1, s.len = DNI_DSP_O2_INL;
            s.e[0].i = i, s.e[0].g = 1.0;
            w->x[i] = s;
        }
    }
    reset(w, mode, safe);
    return DN_OK;
}

static void finish(dsp_o2_work *w)
{
    if (w->top > w->peak) w->peak = w->top;
    while (w->nacc) dsp_o2i_acc_clean(&w->acc[--w->nacc]);
    w->top = 0;
}

/* After an evaluation whose result is res: DN_ENOMEM (storage released), 1 when the pass
 * read recycled storage (released: evaluate again in safe mode), or 0 with res ready (a
 * passive or foreign result made a constant) and its storage alive. */
static int settle(dsp_o2_work *w, dsp_o2 *res)
{
    if (res->w == w && (res->len & DNI_DSP_O2_ACC)) acc_slot(w, head(res));
    else if (res->w == w && res->len != DNI_DSP_O2_INL) stale(w, head(res));
    if (w->fail & (DNI_DSP_O2_NOMEM | DNI_DSP_O2_STALE)) {
        finish(w);
        return w->fail & DNI_DSP_O2_NOMEM ? DN_ENOMEM : 1;
    }
    if (res->w != w) *res = dsp_o2_const(res->v); /* passive (or foreign): no entries */
    return 0;
}

/* Evaluates f once (twice when the fast pass detected a reuse of recycled storage) and
 * leaves the result in *r with its storage alive; 0 or DN_ENOMEM. */
static int evaluate(dsp_o2_work *w, int mode, dn_objective_sp f, void *ctx, const double *x,
                    const double *v, unsigned n, dsp_o2 *r)
{
    for (int safe = 0; safe < 2; safe++) {
        int st = prepare(w, n, mode, safe, x, v);
        if (st) return st;
        dsp_o2 res = f(w->x, n, ctx);
        st = settle(w, &res);
        if (st != 1) {
            *r = res;
            return st;
        }
    }
    *r = dsp_o2_const(0.0); /* not reached: the safe pass recycles nothing */
    return DN_EINVAL;
}

/* the workspace of a call: the caller's, or a temporary one in *tmp */
static int get_work(dsp_o2_work **w, dsp_o2_work **tmp, dsp_o2_work *work)
{
    *tmp = NULL;
    if (work) {
        *w = work;
        return DN_OK;
    }
    int st = dsp_o2_work_new(tmp, NULL);
    *w = *tmp;
    return st;
}

/* dense g (and h) outputs from the result r */
static void dense_out(dsp_o2_work *w, dsp_o2 r, double *grad, double *hout, unsigned n)
{
    if (grad) memset(grad, 0, n * sizeof *grad);
    if (hout) memset(hout, 0, n * sizeof *hout);
    if (!r.w) return;
    if (r.len == DNI_DSP_O2_INL) {
        for (uint32_t k = 0; k < r.off; k++) {
            if (grad) grad[r.e[k].i] = r.e[k].g;
            if (hout) hout[r.e[k].i] = r.e[k].h;
        }
        return;
    }
    if (r.len & DNI_DSP_O2_ACC) {
        dni_dsp_o2_acc *A = &w->acc[SLOT(r.len)];
        lst h = head(&r);
        int hv = w->mode == DNI_DSP_O2_HV;
        for (size_t k = 0; k < A->cnt; k++) {
            uint32_t i = A->list[k];
            double g = A->g[i];
            if (grad) grad[i] = h.c * g;
            if (hout) hout[i] = view_h(h.c, h.q, g, A->h[i], hv);
        }
        return;
    }
    for (size_t k = 0; k < r.len; k++) {
        uint32_t i = w->idx[r.off + k];
        if (grad) grad[i] = r.c * w->g[r.off + k];
        if (hout) hout[i] = r.c * w->h[r.off + k];
    }
}

static int dense_driver(int mode, const char *fn, double *fx, double *grad, double *hout,
                        dn_objective_sp f, void *ctx, const double *x, const double *v,
                        unsigned n, dsp_o2_work *work, dn_errinfo *err)
{
    dsp_o2_work *w, *tmp;
    int st = get_work(&w, &tmp, work);
    if (st) return dni_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace)", fn);
    dsp_o2 r;
    st = evaluate(w, mode, f, ctx, x, v, n, &r);
    if (st == DN_OK) {
        if (fx) *fx = r.v;
        dense_out(w, r, grad, hout, n);
        finish(w);
    }
    dsp_o2_work_free(tmp);
    if (st) return dni_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace)", fn);
    return dni_ok(err);
}

int(dn_grad_sp_ex)(double *fx, double *grad, dn_objective_sp f, void *ctx, const double *x,
                   unsigned n, dsp_o2_work *work, dn_errinfo *err)
{
    static const char fn[] = "dn_grad_sp";
    const dni_req req[] = {{grad != NULL, 2, "grad is NULL"},
                           {f != NULL, 3, "f is NULL"},
                           {x != NULL, 5, "x is NULL"},
                           {n != 0, 6, "n is 0"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return dense_driver(DNI_DSP_O2_DIAG, fn, fx, grad, NULL, f, ctx, x, NULL, n, work, err);
}

int(dn_grad_sp)(double *fx, double *grad, dn_objective_sp f, void *ctx, const double *x,
                unsigned n, dsp_o2_work *work)
{
    return dn_grad_sp_ex(fx, grad, f, ctx, x, n, work, NULL);
}

int(dn_hessdiag_sp_ex)(double *fx, double *grad, double *hdiag, dn_objective_sp f,
                       void *ctx, const double *x, unsigned n, dsp_o2_work *work,
                       dn_errinfo *err)
{
    static const char fn[] = "dn_hessdiag_sp";
    const dni_req req[] = {{hdiag != NULL, 3, "hdiag is NULL"},
                           {f != NULL, 4, "f is NULL"},
                           {x != NULL, 6, "x is NULL"},
                           {n != 0, 7, "n is 0"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return dense_driver(DNI_DSP_O2_DIAG, fn, fx, grad, hdiag, f, ctx, x, NULL, n, work,
                        err);
}

int(dn_hessdiag_sp)(double *fx, double *grad, double *hdiag, dn_objective_sp f, void *ctx,
                    const double *x, unsigned n, dsp_o2_work *work)
{
    return dn_hessdiag_sp_ex(fx, grad, hdiag, f, ctx, x, n, work, NULL);
}

int(dn_hessvec_sp_ex)(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                      const double *x, const double *v, unsigned n, dsp_o2_work *work,
                      dn_errinfo *err)
{
    static const char fn[] = "dn_hessvec_sp";
    const dni_req req[] = {{hv != NULL, 3, "hv is NULL"},
                           {f != NULL, 4, "f is NULL"},
                           {x != NULL, 6, "x is NULL"},
                           {v != NULL, 7, "v is NULL"},
                           {n != 0, 8, "n is 0"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return dense_driver(DNI_DSP_O2_HV, fn, fx, grad, hv, f, ctx, x, v, n, work, err);
}

int(dn_hessvec_sp)(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                   const double *x, const double *v, unsigned n, dsp_o2_work *work)
{
    return dn_hessvec_sp_ex(fx, grad, hv, f, ctx, x, v, n, work, NULL);
}

/* One sparse-Hessian pass into H (its pattern reused, or made when H has none or, unless
 * fixed, when an entry falls outside it); 0, DN_ENOMEM or (fixed) DN_ESTRUCT, H then
 * untouched. */
static int hessian_pass(dsp_o2_work *w, double *fx, double *grad, dn_sphess *H,
                        dn_objective_sp f, void *ctx, const double *x, unsigned n,
                        int fixed)
{
    dsp_o2 r;
    int st = evaluate(w, DNI_DSP_O2_SPARSE, f, ctx, x, NULL, n, &r);
    if (st) return st;
    /* the result as an accumulator (a list or constant is added to an empty one) */
    int k;
    if (r.w && (r.len & DNI_DSP_O2_ACC)) {
        k = (int)SLOT(r.len);
    } else { /* other accumulators are dead: the list alone is the result */
        while (w->nacc) dsp_o2i_acc_clean(&w->acc[--w->nacc]);
        k = dsp_o2i_acc_ready(w, &w->acc[0]) ? -1 : 0;
        if (k == 0) {
            w->nacc = 1;
            dsp_o2i_acc_list(w, &w->acc[0], head(&r), 1.0);
        }
    }
    if (k < 0 || (w->fail & DNI_DSP_O2_NOMEM)) {
        st = DN_ENOMEM;
    } else {
        const dni_dsp_o2_acc *A = &w->acc[k];
        int sc = 1;
        if (H->rowptr && H->n == n) sc = dsp_o2i_scatter_pattern(w, A, H);
        if (sc == 1 && fixed && H->rowptr) sc = DN_ESTRUCT;
        if (sc == 1) sc = dsp_o2i_build_pattern(w, A, H, n);
        st = sc;
        if (st == DN_OK) {
            if (fx) *fx = r.v;
            if (grad) {
                memset(grad, 0, n * sizeof *grad);
                for (size_t t = 0; t < A->cnt; t++) grad[A->list[t]] = A->g[A->list[t]];
            }
        }
    }
    finish(w);
    return st;
}

int dni_dsp_o2_hessian_fixed(dsp_o2_work *w, double *fx, dn_sphess *H, dn_objective_sp f,
                             void *ctx, const double *x, unsigned n)
{
    return hessian_pass(w, fx, NULL, H, f, ctx, x, n, 1);
}

int(dn_hessian_sp_ex)(double *fx, double *grad, dn_sphess *H, dn_objective_sp f, void *ctx,
                      const double *x, unsigned n, dsp_o2_work *work, dn_errinfo *err)
{
    static const char fn[] = "dn_hessian_sp";
    const dni_req req[] = {{H != NULL, 3, "H is NULL"},
                           {f != NULL, 4, "f is NULL"},
                           {x != NULL, 6, "x is NULL"},
                           {n != 0, 7, "n is 0"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    dsp_o2_work *w, *tmp;
    st = get_work(&w, &tmp, work);
    if (st) return dni_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace)", fn);
    st = hessian_pass(w, fx, grad, H, f, ctx, x, n, 0);
    dsp_o2_work_free(tmp);
    if (st) return dni_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace or H)", fn);
    return dni_ok(err);
}

int(dn_hessian_sp)(double *fx, double *grad, dn_sphess *H, dn_objective_sp f, void *ctx,
                   const double *x, unsigned n, dsp_o2_work *work)
{
    return dn_hessian_sp_ex(fx, grad, H, f, ctx, x, n, work, NULL);
}

/* ---- rows: c(x, i) for i < m on one seeding of the variables (dnum/nlp.h) ---------------- */

/* every gradient entry (i, g_i) of the result r, each passed to put with the row */
static void row_entries(dsp_o2_work *w, dsp_o2 r, unsigned row, dni_dsp_o2_put put,
                        void *pctx)
{
    if (!r.w) return;
    if (r.len == DNI_DSP_O2_INL) {
        for (uint32_t k = 0; k < r.off; k++) put(pctx, row, r.e[k].i, r.e[k].g);
    } else if (r.len & DNI_DSP_O2_ACC) {
        dni_dsp_o2_acc *A = &w->acc[SLOT(r.len)];
        lst h = head(&r);
        for (size_t k = 0; k < A->cnt; k++)
            put(pctx, row, A->list[k], h.c * A->g[A->list[k]]);
    } else {
        for (size_t k = 0; k < r.len; k++)
            put(pctx, row, w->idx[r.off + k], r.c * w->g[r.off + k]);
    }
}

int dni_dsp_o2_rows(dsp_o2_work *w, dn_constraint_sp c, void *ctx, const double *x,
                    unsigned n, unsigned m, double *val, dni_dsp_o2_put put, void *pctx)
{
    int st = prepare(w, n, DNI_DSP_O2_DIAG, 0, x, NULL);
    if (st) return st;
    for (unsigned i = 0; i < m; i++) {
        for (int safe = 0; safe < 2; safe++) {
            w->top = 0, w->fail = 0;
            reset(w, DNI_DSP_O2_DIAG, safe);
            dsp_o2 res = c(w->x, n, i, ctx);
            st = settle(w, &res);
            if (st == DN_ENOMEM) return st;
            if (st == 0) {
                val[i] = res.v;
                row_entries(w, res, i, put, pctx);
                finish(w);
                break;
            }
        }
    }
    return DN_OK;
}
