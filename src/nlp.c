/* Constrained problems (dnum/nlp.h): the problem with its Jacobian and Lagrangian Hessian
 * patterns, and the drivers: around the elements' loop in mode 5 (dnum/hessian.h: each
 * element's value, gradient and weighted Hessian to its row), plus the plain part's one-pass
 * evaluations (src/sparse2_rows.h) or its tape's (dn_nlp_new_tp: src/tape_eval.c) added
 * into the same patterns. */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "dnum/nlp.h"
#include "err_impl.h"
#include "pattern_impl.h"
#include "sparse2_rows.h"
#include "tape_impl.h"

typedef struct nlp_group {
    dn_element_o2 f;
    void *ctx;
    unsigned k;
    size_t m;       /* elements */
    unsigned *idx;  /* m k variables */
    uint32_t *own;  /* m rows: 0 the objective, 1 + i constraint i */
    uint32_t *jpos; /* m k: the variable (objective) or the Jacobian position */
    uint32_t *hpos; /* m k(k+1)/2 positions in the Hessian pattern */
    size_t nrun, *rstart, *rstep; /* runs of evenly advancing indices (pattern_impl.h) */
    int has_obj, has_con;         /* some element of the objective, of a constraint */
} nlp_group;

struct dn_nlp {
    unsigned n, m;
    size_t ngroups;
    nlp_group *g;
    size_t jnnz, hnnz;
    size_t *jrowptr, *hrowptr; /* m + 1, n + 1 */
    unsigned *jcol, *hcol;
    const dn_allocator *al;
    /* the plain part (dn_nlp_new_sp; pf and pc NULL: none) */
    dn_objective_sp pf;
    dn_constraint_sp pc;
    void *pctx;
    dsp_o2_work *w; /* its workspace */
    dn_plan_o2 *pl; /* the objective's plan (dn_nlp_obj: its value and gradient replayed) */
    dn_tape_o2 *T;  /* dn_nlp_new_tp: the plain part recorded (pf, pc NULL) */
    uint32_t *jmap; /* T->jnnz: the position of each of its Jacobian's entries in the
                       problem's */
    size_t tj;      /* T->jnnz (0 without T): the scratch's room for them */
    dn_sphess *Hp;  /* its Lagrangian Hessian, in the pattern found at x0 (the tape's) */
    uint32_t *hmap; /* Hp->nnz: the position of each of its entries in the problem's */
    double *scr;    /* n + m + jnnz + tj: its gradient, constraint values, Jacobian values,
                       the tape's Jacobian values */
};

#define ALLOC(n, p) dni_pat_alloc(P->al, (n), sizeof *(p))
#define FREE(p, n) dni_pat_free(P->al, (p), (n), sizeof *(p))

void dn_nlp_free(dn_nlp *P)
{
    if (P == NULL) return;
    for (size_t q = 0; q < P->ngroups && P->g; q++) {
        nlp_group *G = &P->g[q];
        FREE(G->idx, G->m * G->k);
        FREE(G->own, G->m);
        FREE(G->jpos, G->m * G->k);
        FREE(G->hpos, G->m * DNEL_O2_TRI(G->k));
        if (G->nrun) {
            FREE(G->rstart, G->nrun + 1);
            FREE(G->rstep, G->nrun);
        }
    }
    FREE(P->g, P->ngroups);
    FREE(P->jrowptr, (size_t)P->m + 1);
    FREE(P->hrowptr, (size_t)P->n + 1);
    FREE(P->jcol, P->jnnz);
    FREE(P->hcol, P->hnnz);
    if (P->Hp) FREE(P->hmap, P->Hp->nnz);
    FREE(P->scr, (size_t)P->n + P->m + P->jnnz + P->tj);
    FREE(P->jmap, P->tj);
    dn_tape_o2_free(P->T);
    dn_sphess_clear(P->Hp);
    FREE(P->Hp, 1);
    dsp_o2_work_free(P->w);
    dn_plan_o2_free(P->pl);
    const dn_allocator *al = P->al;
    dni_pat_free(al, P, 1, sizeof *P);
}

size_t dn_nlp_bytes(const dn_nlp *P)
{
    if (P == NULL) return 0;
    size_t b = sizeof *P + P->ngroups * sizeof *P->g +
               ((size_t)P->m + 1 + P->n + 1) * sizeof(size_t) +
               (P->jnnz + P->hnnz) * sizeof(unsigned);
    for (size_t q = 0; q < P->ngroups; q++) {
        const nlp_group *G = &P->g[q];
        b += G->m * (G->k * (sizeof *G->idx + sizeof *G->jpos) + sizeof *G->own +
                     DNEL_O2_TRI(G->k) * sizeof *G->hpos);
        if (G->nrun) b += (2 * G->nrun + 1) * sizeof(size_t);
    }
    /* the plain part: its workspace, its objective's plan, its Hessian and scratch */
    b += dsp_o2_work_bytes(P->w) + dn_plan_o2_bytes(P->pl);
    if (P->Hp) {
        const dn_sphess *H = P->Hp;
        b += sizeof *H + H->cap * (sizeof *H->col + sizeof *H->val) +
             H->nnz * sizeof *P->hmap;
        if (H->rowptr) b += ((size_t)H->n + 1) * sizeof *H->rowptr;
    }
    if (P->scr) b += ((size_t)P->n + P->m + P->jnnz + P->tj) * sizeof *P->scr;
    if (P->T) {
        dn_tape_o2_stats ts;
        dn_tape_o2_info(P->T, &ts);
        b += ts.bytes + P->tj * sizeof *P->jmap;
    }
    return b;
}

/* The group's arguments: f's K (probe), the indices and the rows. */
static int check_group(const char *fn, unsigned gp, const dn_nlp_group *S, size_t q,
                       unsigned n, unsigned m, unsigned *K, dn_errinfo *err)
{
    if (S->f == NULL)
        return dni_fail(err, DN_EINVAL, gp, SIZE_MAX,
                        "%s: argument %u: groups[%zu].f is NULL", fn, gp, q);
    if (S->count > 0 && S->idx == NULL)
        return dni_fail(err, DN_EINVAL, gp, SIZE_MAX,
                        "%s: argument %u: groups[%zu].idx is NULL (with count > 0)", fn, gp,
                        q);
    dni_eljob J;
    memset(&J, 0, sizeof J);
    J.mode = -1;
    S->f(&J);
    *K = J.k;
    for (size_t e = 0; e < S->count; e++) {
        const unsigned *I = S->idx + e * *K;
        for (unsigned i = 0; i < *K; i++) {
            if (I[i] >= n)
                return dni_fail(
                    err, DN_EINVAL, gp, e,
                    "%s: argument %u: groups[%zu], element %zu: index %u >= n = %u "
                    "(idx[%zu])",
                    fn, gp, q, e, I[i], n, e * *K + i);
            for (unsigned j = 0; j < i; j++)
                if (I[i] == I[j])
                    return dni_fail(err, DN_EINVAL, gp, e,
                                    "%s: argument %u: groups[%zu], element %zu: index %u "
                                    "repeated (idx[%zu] and idx[%zu])",
                                    fn, gp, q, e, I[i], e * *K + j, e * *K + i);
        }
        if (S->row && (S->row[e] < -1 || (S->row[e] >= 0 && (unsigned)S->row[e] >= m)))
            return dni_fail(err, DN_EINVAL, gp, e,
                            "%s: argument %u: groups[%zu], element %zu: row %d is neither "
                            "DN_NLP_OBJECTIVE (-1) nor a constraint 0 .. m - 1 = %d",
                            fn, gp, q, e, S->row[e], (int)m - 1);
    }
    return DN_OK;
}

/* Copies the groups, then merges the Jacobian's entries (constraint, variable) of every
 * constraint element and the nj plain ones (jr[t], jc[t]), and the Hessian's triangle
 * entries of every element and of the plain part's pattern P->Hp (its positions into
 * P->hmap). 0, DN_ERANGE or DN_ENOMEM. */
static int build(dn_nlp *P, const dn_nlp_group *src, size_t nj, const uint32_t *jr,
                 const uint32_t *jc)
{
    const size_t nhp = P->Hp ? P->Hp->nnz : 0;
    size_t TJ = nj, TH = nhp;
    for (size_t q = 0; q < P->ngroups; q++) {
        nlp_group *G = &P->g[q];
        const dn_nlp_group *S = &src[q];
        const unsigned K = G->k;
        G->f = S->f, G->ctx = S->ctx, G->m = S->count;
        G->idx = ALLOC(G->m * K, G->idx);
        G->own = ALLOC(G->m, G->own);
        G->jpos = ALLOC(G->m * K, G->jpos);
        G->hpos = ALLOC(G->m * DNEL_O2_TRI(K), G->hpos);
        if (!G->idx || !G->own || !G->jpos || !G->hpos) return DN_ENOMEM;
        if (G->m) memcpy(G->idx, S->idx, G->m * K * sizeof *G->idx);
        for (size_t e = 0; e < G->m; e++) {
            G->own[e] = S->row ? (uint32_t)(S->row[e] + 1) : 0;
            if (G->own[e]) G->has_con = 1, TJ += K;
            else G->has_obj = 1;
        }
        TH += G->m * DNEL_O2_TRI(K);
        if (dni_pat_runs(P->al, G->idx, K, G->m, &G->nrun, &G->rstart, &G->rstep))
            return DN_ENOMEM;
    }
    const size_t T = TH > TJ ? TH : TJ;
    if (T > UINT32_MAX - 1) return DN_ERANGE; /* (positions are 32-bit) */
    uint32_t *row = ALLOC(T, row), *col = ALLOC(T, col), *pos = ALLOC(T, pos);
    if (nhp) P->hmap = ALLOC(nhp, P->hmap);
    int st = DN_ENOMEM;
    if (!row || !col || !pos || (nhp && !P->hmap)) goto out;
    /* the Jacobian: every constraint element's (row, variable), then the plain ones */
    size_t t = 0;
    for (size_t q = 0; q < P->ngroups; q++) {
        const nlp_group *G = &P->g[q];
        for (size_t e = 0; e < G->m; e++)
            for (unsigned k = 0; k < G->k && G->own[e]; k++, t++)
                row[t] = G->own[e] - 1, col[t] = G->idx[e * G->k + k];
    }
    if (nj) memcpy(row + t, jr, nj * sizeof *jr), memcpy(col + t, jc, nj * sizeof *jc);
    st = dni_pat_merge(P->al, TJ, row, col, P->m, P->n, &P->jrowptr, &P->jcol, &P->jnnz,
                       pos);
    if (st) goto out;
    t = 0;
    for (size_t q = 0; q < P->ngroups; q++) {
        nlp_group *G = &P->g[q];
        for (size_t e = 0; e < G->m; e++)
            for (unsigned k = 0; k < G->k; k++)
                G->jpos[e * G->k + k] = G->own[e] ? pos[t++] : G->idx[e * G->k + k];
    }
    /* the Hessian: every element's triangle (row = the larger index), then the plain part's */
    t = 0;
    for (size_t q = 0; q < P->ngroups; q++) {
        const nlp_group *G = &P->g[q];
        for (size_t e = 0; e < G->m; e++) {
            const unsigned *I = G->idx + e * G->k;
            for (unsigned i = 0; i < G->k; i++)
                for (unsigned j = 0; j <= i; j++, t++) {
                    row[t] = I[i] > I[j] ? I[i] : I[j];
                    col[t] = I[i] > I[j] ? I[j] : I[i];
                }
        }
    }
    for (unsigned i = 0; nhp && i < P->n; i++)
        for (size_t k = P->Hp->rowptr[i]; k < P->Hp->rowptr[i + 1]; k++, t++)
            row[t] = i, col[t] = P->Hp->col[k];
    st = dni_pat_merge(P->al, TH, row, col, P->n, P->n, &P->hrowptr, &P->hcol, &P->hnnz,
                       pos);
    if (st) goto out;
    t = 0;
    for (size_t q = 0; q < P->ngroups; q++) {
        nlp_group *G = &P->g[q];
        const size_t TG = G->m * DNEL_O2_TRI(G->k);
        if (TG) memcpy(G->hpos, pos + t, TG * sizeof *pos);
        t += TG;
    }
    if (nhp) memcpy(P->hmap, pos + t, nhp * sizeof *pos);
out:
    FREE(row, T);
    FREE(col, T);
    FREE(pos, T);
    return st;
}

/* ---- the plain part: its evaluations and their entries in the problem's patterns ---------- */

/* The Lagrangian of the plain part, an objective for the one-pass Hessian */
typedef struct plain_lag {
    dn_objective_sp f;
    dn_constraint_sp c;
    void *ctx;
    unsigned m;
    double sigma;
    const double *lam; /* NULL: every weight 1 */
} plain_lag;

static dsp_o2 lag_sp(const dsp_o2 *x, unsigned n, void *vctx)
{
    const plain_lag *L = vctx;
    dsp_o2 s = dsp_o2_const(0.0);
    if (L->f) s = dni_dsp_o2_scale_result(L->f(x, n, L->ctx), L->sigma);
    for (unsigned i = 0; L->c && i < L->m; i++)
        s = dsp_o2_add(
            s, dni_dsp_o2_scale_result(L->c(x, n, i, L->ctx), L->lam ? L->lam[i] : 1.0));
    return s;
}

/* The plain constraints' entries: counted (store NULL), stored as (row, col) pairs, or
 * added into the Jacobian's values at their positions in the pattern (jac: a position
 * missing sets bad). */
typedef struct plain_rows {
    size_t cnt, cap; /* entries seen; room in row and col */
    uint32_t *row, *col;
    const dn_nlp *P;
    double *jac;
    int bad;
    unsigned bad_row, bad_col;
} plain_rows;

static void put_entry(void *vctx, unsigned i, uint32_t j, double g)
{
    plain_rows *R = vctx;
    if (R->jac) {
        const size_t *rp = R->P->jrowptr;
        const unsigned *cl = R->P->jcol;
        size_t lo = rp[i], hi = rp[i + 1];
        while (lo < hi) { /* columns ascend in a row */
            size_t mid = lo + (hi - lo) / 2;
            if (cl[mid] < j) lo = mid + 1;
            else hi = mid;
        }
        if (lo < rp[i + 1] && cl[lo] == j) R->jac[lo] += g;
        else if (!R->bad) R->bad = 1, R->bad_row = i, R->bad_col = j;
        return;
    }
    if (R->row && R->cnt < R->cap) R->row[R->cnt] = i, R->col[R->cnt] = j;
    R->cnt++;
}

/* The plain part's patterns at x0: its Hessian into P->Hp, its Jacobian's entries into
 * *jr, *jc (*nj of them, allocated). 0 or DN_ENOMEM. */
static int plain_patterns(dn_nlp *P, const double *x0, size_t *nj, uint32_t **jr,
                          uint32_t **jc)
{
    *nj = 0, *jr = NULL, *jc = NULL;
    P->Hp = ALLOC(1, P->Hp);
    if (!P->Hp) return DN_ENOMEM;
    dn_sphess_init(P->Hp, P->al);
    if (dsp_o2_work_new(&P->w, P->al)) return DN_ENOMEM;
    if (P->pf && dn_plan_o2_new(&P->pl, P->al)) return DN_ENOMEM;
    plain_lag L = {P->pf, P->pc, P->pctx, P->m, 1.0, NULL};
    if (dni_dsp_o2_hessian_fixed(P->w, NULL, P->Hp, lag_sp, &L, x0, P->n)) return DN_ENOMEM;
    if (!P->pc || P->m == 0) return DN_OK;
    double *val = ALLOC(P->m, val);
    plain_rows R = {0};
    int st = val ? dni_dsp_o2_rows(P->w, P->pc, P->pctx, x0, P->n, P->m, val, put_entry, &R)
                 : DN_ENOMEM;
    if (!st) {
        R.row = ALLOC(R.cnt, R.row), R.col = ALLOC(R.cnt, R.col);
        const size_t cnt = R.cnt;
        R.cnt = 0, R.cap = cnt; /* (a second pass with more entries stores no more) */
        st = R.row && R.col
                 ? dni_dsp_o2_rows(P->w, P->pc, P->pctx, x0, P->n, P->m, val, put_entry, &R)
                 : DN_ENOMEM;
        if (!st && R.cnt != cnt) st = DN_ESTRUCT; /* (the same point twice) */
        if (st) {
            FREE(R.row, cnt);
            FREE(R.col, cnt);
        } else {
            *nj = cnt, *jr = R.row, *jc = R.col;
        }
    }
    FREE(val, P->m);
    return st;
}

/* The recorded plain part's patterns (P->T recorded): its Hessian's into P->Hp, its
 * Jacobian's entries into *jr, *jc (*nj of them, allocated). 0 or DN_ENOMEM. */
static int tape_patterns(dn_nlp *P, size_t *nj, uint32_t **jr, uint32_t **jc)
{
    const dn_tape_o2 *T = P->T;
    *nj = 0, *jr = NULL, *jc = NULL;
    P->Hp = ALLOC(1, P->Hp);
    if (!P->Hp) return DN_ENOMEM;
    dn_sphess_init(P->Hp, P->al);
    if (dni_pat_adopt(P->Hp, P->n, T->rowptr, T->col, T->nnz)) return DN_ENOMEM;
    *nj = T->jnnz; /* (what the caller frees) */
    *jr = ALLOC(T->jnnz, *jr), *jc = ALLOC(T->jnnz, *jc);
    if (!*jr || !*jc) return DN_ENOMEM;
    for (unsigned i = 0; i < T->m; i++)
        for (size_t k = T->jrowptr[i]; k < T->jrowptr[i + 1]; k++)
            (*jr)[k] = i, (*jc)[k] = T->jcol[k];
    return DN_OK;
}

/* The position of the Jacobian's entry (i, j) in the problem's pattern (present). */
static uint32_t jac_at(const dn_nlp *P, unsigned i, unsigned j)
{
    size_t lo = P->jrowptr[i], hi = P->jrowptr[i + 1];
    while (lo < hi) { /* columns ascend in a row */
        size_t mid = lo + (hi - lo) / 2;
        if (P->jcol[mid] < j) lo = mid + 1;
        else hi = mid;
    }
    return (uint32_t)lo;
}

static int plain_problem(dn_nlp *P, const dn_nlp_group *groups, const double *x0)
{
    size_t nj = 0;
    uint32_t *jr = NULL, *jc = NULL;
    int st = P->T             ? tape_patterns(P, &nj, &jr, &jc)
             : P->pf || P->pc ? plain_patterns(P, x0, &nj, &jr, &jc)
                              : DN_OK;
    if (!st) st = build(P, groups, nj, jr, jc);
    if (!st && P->T) { /* (where the tape's Jacobian entries go) */
        P->tj = nj;
        P->jmap = ALLOC(nj, P->jmap);
        if (!P->jmap) st = DN_ENOMEM;
        for (size_t k = 0; !st && k < nj; k++) P->jmap[k] = jac_at(P, jr[k], jc[k]);
    }
    FREE(jr, nj);
    FREE(jc, nj);
    if (!st && (P->pf || P->pc || P->T)) {
        P->scr = ALLOC((size_t)P->n + P->m + P->jnnz + P->tj, P->scr);
        if (!P->scr) st = DN_ENOMEM;
    }
    return st;
}

/* dn_nlp_new, dn_nlp_new_sp (f, c) and dn_nlp_new_tp (tf, tc); all NULL: no plain part */
static int nlp_new(const char *fn, dn_nlp **out, unsigned n, unsigned m, dn_objective_sp f,
                   dn_constraint_sp c, dn_objective_tp tf, dn_constraint_tp tc, void *ctx,
                   const double *x0, size_t ngroups, const dn_nlp_group *groups,
                   const dn_allocator *al, dn_errinfo *err)
{
    const unsigned gpos = strcmp(fn, "dn_nlp_new") ? 9 : 5; /* the position of groups */
    const dni_req req[] = {
        {out != NULL, 1, "P is NULL"},
        {n != 0, 2, "n is 0"},
        {n <= INT_MAX, 2, "n is above INT_MAX"},
        {m <= INT_MAX, 3, "m is above INT_MAX"},
        {x0 != NULL || (!f && !c && !tf && !tc), 7, "x0 is NULL (with f or c given)"},
        {groups != NULL || ngroups == 0, gpos, "groups is NULL (with ngroups > 0)"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    size_t TH = 0;
    unsigned *ks = dni_pat_alloc(al, ngroups, sizeof *ks);
    if (!ks) return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory", fn);
    for (size_t q = 0; q < ngroups; q++) {
        st = check_group(fn, gpos, &groups[q], q, n, m, &ks[q], err);
        if (!st && groups[q].count > (UINT32_MAX - 1 - TH) / DNEL_O2_TRI(ks[q])) st = 1;
        if (!st) TH += groups[q].count * DNEL_O2_TRI(ks[q]); /* (the Jacobian's: fewer) */
        if (st == 1)
            st = dni_fail(err, DN_ERANGE, gpos, SIZE_MAX,
                          "%s: argument %u: the groups have more than 2^32 - 2 entries", fn,
                          gpos);
        if (st) {
            dni_pat_free(al, ks, ngroups, sizeof *ks);
            return st;
        }
    }
    dn_nlp *P = dni_pat_alloc(al, 1, sizeof *P);
    if (P) {
        memset(P, 0, sizeof *P);
        P->n = n, P->m = m, P->al = al, P->ngroups = ngroups;
        P->pf = f, P->pc = c, P->pctx = ctx;
        P->g = ALLOC(ngroups, P->g);
        if (P->g) {
            memset(P->g, 0, (ngroups ? ngroups : 1) * sizeof *P->g);
            for (size_t q = 0; q < ngroups; q++) P->g[q].k = ks[q];
        } else {
            P->ngroups = 0;
        }
    }
    dni_pat_free(al, ks, ngroups, sizeof *ks);
    st = P && P->g ? DN_OK : DN_ENOMEM;
    if (!st && (tf || tc)) { /* the plain part recorded (its refusals reported there) */
        st = dn_tape_o2_new(&P->T, al)
                 ? DN_ENOMEM
                 : dni_tp_record(P->T, tf, tc, ctx, x0, n, m, err, fn, 4, "dn_nlp_new_sp");
        if (st && st != DN_ENOMEM) {
            dn_nlp_free(P);
            return st;
        }
    }
    if (!st) st = plain_problem(P, groups, x0);
    if (st) {
        dn_nlp_free(P);
        if (st == DN_ERANGE)
            return dni_fail(err, st, 0, SIZE_MAX,
                            "%s: the patterns have more than 2^32 - 2 entries", fn);
        if (st == DN_ESTRUCT)
            return dni_fail(
                err, st, 7, SIZE_MAX,
                "%s: argument 7: the constraints' entries at x0 differ between two "
                "evaluations (c depends on something other than x, n, i and ctx)",
                fn);
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory", fn);
    }
    *out = P;
    return dni_ok(err);
}

int(dn_nlp_new_ex)(dn_nlp **P, unsigned n, unsigned m, size_t ngroups,
                   const dn_nlp_group *groups, const dn_allocator *al, dn_errinfo *err)
{
    return nlp_new("dn_nlp_new", P, n, m, NULL, NULL, NULL, NULL, NULL, NULL, ngroups,
                   groups, al, err);
}

int(dn_nlp_new)(dn_nlp **P, unsigned n, unsigned m, size_t ngroups,
                const dn_nlp_group *groups, const dn_allocator *al)
{
    return nlp_new("dn_nlp_new", P, n, m, NULL, NULL, NULL, NULL, NULL, NULL, ngroups,
                   groups, al, NULL);
}

int(dn_nlp_new_sp_ex)(dn_nlp **P, unsigned n, unsigned m, dn_objective_sp f,
                      dn_constraint_sp c, void *ctx, const double *x0, size_t ngroups,
                      const dn_nlp_group *groups, const dn_allocator *al, dn_errinfo *err)
{
    return nlp_new("dn_nlp_new_sp", P, n, m, f, c, NULL, NULL, ctx, x0, ngroups, groups, al,
                   err);
}

int(dn_nlp_new_sp)(dn_nlp **P, unsigned n, unsigned m, dn_objective_sp f,
                   dn_constraint_sp c, void *ctx, const double *x0, size_t ngroups,
                   const dn_nlp_group *groups, const dn_allocator *al)
{
    return nlp_new("dn_nlp_new_sp", P, n, m, f, c, NULL, NULL, ctx, x0, ngroups, groups, al,
                   NULL);
}

int(dn_nlp_new_tp_ex)(dn_nlp **P, unsigned n, unsigned m, dn_objective_tp f,
                      dn_constraint_tp c, void *ctx, const double *x0, size_t ngroups,
                      const dn_nlp_group *groups, const dn_allocator *al, dn_errinfo *err)
{
    return nlp_new("dn_nlp_new_tp", P, n, m, NULL, NULL, f, c, ctx, x0, ngroups, groups, al,
                   err);
}

int(dn_nlp_new_tp)(dn_nlp **P, unsigned n, unsigned m, dn_objective_tp f,
                   dn_constraint_tp c, void *ctx, const double *x0, size_t ngroups,
                   const dn_nlp_group *groups, const dn_allocator *al)
{
    return nlp_new("dn_nlp_new_tp", P, n, m, NULL, NULL, f, c, ctx, x0, ngroups, groups, al,
                   NULL);
}

size_t dn_nlp_jac_nnz(const dn_nlp *P)
{
    return P ? P->jnnz : 0;
}
size_t dn_nlp_hess_nnz(const dn_nlp *P)
{
    return P ? P->hnnz : 0;
}

void dn_nlp_jac_csr(const dn_nlp *P, const size_t **rowptr, const unsigned **col)
{
    if (rowptr) *rowptr = P ? P->jrowptr : NULL;
    if (col) *col = P ? P->jcol : NULL;
}

void dn_nlp_hess_csr(const dn_nlp *P, const size_t **rowptr, const unsigned **col)
{
    if (rowptr) *rowptr = P ? P->hrowptr : NULL;
    if (col) *col = P ? P->hcol : NULL;
}

/* The pairs of a compressed-row pattern of nrows rows. */
static int pairs(const char *fn, const dn_nlp *P, const size_t *rowptr, const unsigned *cl,
                 unsigned nrows, size_t nnz, int *row, int *col)
{
    const dni_req req[] = {{P != NULL, 1, "P is NULL"},
                           {row != NULL || nnz == 0, 2, "row is NULL"},
                           {col != NULL || nnz == 0, 3, "col is NULL"}};
    int st = dni_check(NULL, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    for (unsigned i = 0; i < nrows; i++)
        for (size_t k = rowptr[i]; k < rowptr[i + 1]; k++)
            row[k] = (int)i, col[k] = (int)cl[k];
    return DN_OK;
}

int dn_nlp_jac_pattern(const dn_nlp *P, int *row, int *col)
{
    if (P == NULL) return DN_EINVAL;
    return pairs("dn_nlp_jac_pattern", P, P->jrowptr, P->jcol, P->m, P->jnnz, row, col);
}

int dn_nlp_hess_pattern(const dn_nlp *P, int *row, int *col)
{
    if (P == NULL) return DN_EINVAL;
    return pairs("dn_nlp_hess_pattern", P, P->hrowptr, P->hcol, P->n, P->hnnz, row, col);
}

/* The outputs of one evaluation (NULL: not wanted) and what to run. */
typedef struct nlp_out {
    double fx, *grad, *g, *jac, *hval;
    double sigma;
    const double *lam;
    int want_obj, want_con; /* run the groups with objective / constraint elements */
} nlp_out;

/* Clears the outputs and runs the wanted groups in mode 5; where some element wrote a
 * non-finite entry, the structural zeros skipped may have been NaN (0 Inf): the outputs
 * are cleared and every group runs again on dense numbers (as in src/elements.c). */
static void eval(const dn_nlp *P, const double *x, nlp_out *o)
{
    for (int pass = 0; pass < 2; pass++) {
        int redo = 0;
        o->fx = 0.0;
        if (o->grad) memset(o->grad, 0, P->n * sizeof *o->grad);
        if (o->g) memset(o->g, 0, P->m * sizeof *o->g);
        if (o->jac) memset(o->jac, 0, P->jnnz * sizeof *o->jac);
        if (o->hval) memset(o->hval, 0, P->hnnz * sizeof *o->hval);
        for (size_t q = 0; q < P->ngroups; q++) {
            const nlp_group *G = &P->g[q];
            if (!((o->want_obj && G->has_obj) || (o->want_con && G->has_con))) continue;
            dni_eljob J;
            memset(&J, 0, sizeof J);
            J.mode = 5, J.k = G->k, J.m = G->m, J.idx = G->idx, J.pos = G->hpos, J.x = x;
            J.ctx = G->ctx, J.nrun = G->nrun, J.rstart = G->rstart, J.rstep = G->rstep;
            J.own = G->own, J.jpos = G->jpos, J.grad = o->grad, J.g = o->g, J.jac = o->jac;
            J.out = o->hval, J.lam = o->lam, J.sigma = o->sigma, J.dense = pass;
            G->f(&J);
            o->fx += J.fx;
            redo |= J.redo;
        }
        if (!redo) break;
    }
}

int(dn_nlp_obj_ex)(const dn_nlp *P, const double *x, double *f, double *grad,
                   dn_errinfo *err)
{
    const dni_req req[] = {{P != NULL, 1, "P is NULL"},
                           {x != NULL, 2, "x is NULL"},
                           {f != NULL || grad != NULL, 3, "f and grad are both NULL"}};
    int st = dni_check(err, "dn_nlp_obj", req, sizeof req / sizeof *req);
    if (st) return st;
    double fp = 0.0; /* the plain objective's, first (it may fail) */
    const int plain = P->pf || P->T;
    if ((P->pf && (dn_grad_plan)(&fp, P->scr, P->pf, P->pctx, x, P->n, P->pl)) ||
        (P->T && dni_tp_obj(P->T, x, &fp, P->scr)))
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX,
                        "dn_nlp_obj: out of memory (workspace)");
    nlp_out o = {.grad = grad, .want_obj = 1};
    eval(P, x, &o);
    if (f) *f = o.fx + fp;
    for (unsigned i = 0; plain && grad && i < P->n; i++) grad[i] += P->scr[i];
    return dni_ok(err);
}

int(dn_nlp_obj)(const dn_nlp *P, const double *x, double *f, double *grad)
{
    return dn_nlp_obj_ex(P, x, f, grad, NULL);
}

/* c(x) and the Jacobian's values (either may be NULL): the plain constraints first, into
 * the problem's scratch (they may fail), then the elements, then both added. */
static int cons_values(const char *fn, const dn_nlp *P, const double *x, double *g,
                       double *jac, dn_errinfo *err)
{
    double *pv = P->scr ? P->scr + P->n : NULL, *pj = pv ? pv + P->m : NULL;
    const int plain = (P->pc && P->m) || (P->T && P->T->m);
    if (P->T &&
        P->T->m) { /* the tape's values, its Jacobian's entries moved to the problem's */
        double *tj = pj + P->jnnz;
        if (dni_tp_cons(P->T, x, pv, tj))
            return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (workspace)",
                            fn);
        memset(pj, 0, P->jnnz * sizeof *pj);
        for (size_t k = 0; k < P->tj; k++) pj[P->jmap[k]] += tj[k];
    }
    if (P->pc && P->m) {
        memset(pj, 0, P->jnnz * sizeof *pj);
        plain_rows R = {.P = P, .jac = pj};
        if (dni_dsp_o2_rows(P->w, P->pc, P->pctx, x, P->n, P->m, pv, put_entry, &R))
            return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (workspace)",
                            fn);
        if (R.bad)
            return dni_fail(
                err, DN_ESTRUCT, 2, SIZE_MAX,
                "%s: argument 2: constraint %u depends on x[%u] here, outside the "
                "Jacobian pattern found at x0 (make the problem again at this x)",
                fn, R.bad_row, R.bad_col);
    }
    nlp_out o = {.g = g, .jac = jac, .want_con = 1};
    eval(P, x, &o);
    for (unsigned i = 0; plain && g && i < P->m; i++) g[i] += pv[i];
    for (size_t k = 0; plain && jac && k < P->jnnz; k++) jac[k] += pj[k];
    return dni_ok(err);
}

int(dn_nlp_cons_ex)(const dn_nlp *P, const double *x, double *g, double *jac,
                    dn_errinfo *err)
{
    const dni_req req[] = {{P != NULL, 1, "P is NULL"},
                           {x != NULL, 2, "x is NULL"},
                           {g != NULL || jac != NULL, 3, "g and jac are both NULL"}};
    int st = dni_check(err, "dn_nlp_cons", req, sizeof req / sizeof *req);
    if (st) return st;
    return cons_values("dn_nlp_cons", P, x, g, jac, err);
}

int(dn_nlp_cons)(const dn_nlp *P, const double *x, double *g, double *jac)
{
    return dn_nlp_cons_ex(P, x, g, jac, NULL);
}

/* The arguments of the Hessian drivers (out: hval or hdiag). */
static int hess_args(const char *fn, const dn_nlp *P, const double *x, const double *lambda,
                     const double *out, const char *outname, dn_errinfo *err)
{
    char what[48];
    snprintf(what, sizeof what, "%s is NULL", outname);
    const dni_req req[] = {
        {P != NULL, 1, "P is NULL"},
        {x != NULL, 2, "x is NULL"},
        {lambda != NULL || !P || P->m == 0, 4, "lambda is NULL (with m > 0)"},
        {out != NULL, 5, what}};
    return dni_check(err, fn, req, sizeof req / sizeof *req);
}

/* The Lagrangian Hessian's values: the plain part's first, in its pattern fixed at x0 (it
 * may fail), then the elements', then the plain ones added at their positions. */
static int hess_values(const char *fn, const dn_nlp *P, const double *x, double sigma,
                       const double *lambda, double *hval, dn_errinfo *err)
{
    if (P->T && dni_tp_lag(P->T, x, sigma, lambda, P->Hp->val))
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (workspace)", fn);
    if (P->Hp && !P->T) {
        plain_lag L = {P->pf, P->pc, P->pctx, P->m, sigma, lambda};
        int st = dni_dsp_o2_hessian_fixed(P->w, NULL, P->Hp, lag_sp, &L, x, P->n);
        if (st == DN_ESTRUCT)
            return dni_fail(
                err, st, 2, SIZE_MAX,
                "%s: argument 2: the plain part's Hessian has an entry outside the "
                "pattern found at x0 here (make the problem again at this x)",
                fn);
        if (st) return dni_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace)", fn);
    }
    nlp_out o = {
        .hval = hval, .sigma = sigma, .lam = lambda, .want_obj = 1, .want_con = P->m > 0};
    eval(P, x, &o);
    for (size_t k = 0; P->Hp && k < P->Hp->nnz; k++) hval[P->hmap[k]] += P->Hp->val[k];
    return dni_ok(err);
}

int(dn_nlp_hess_ex)(const dn_nlp *P, const double *x, double sigma, const double *lambda,
                    double *hval, dn_errinfo *err)
{
    int st = hess_args("dn_nlp_hess", P, x, lambda, hval, "hval", err);
    if (st) return st;
    return hess_values("dn_nlp_hess", P, x, sigma, lambda, hval, err);
}

int(dn_nlp_hess)(const dn_nlp *P, const double *x, double sigma, const double *lambda,
                 double *hval)
{
    return dn_nlp_hess_ex(P, x, sigma, lambda, hval, NULL);
}

int(dn_nlp_hessdiag_ex)(const dn_nlp *P, const double *x, double sigma,
                        const double *lambda, double *hdiag, dn_errinfo *err)
{
    static const char fn[] = "dn_nlp_hessdiag";
    int st = hess_args(fn, P, x, lambda, hdiag, "hdiag", err);
    if (st) return st;
    double *h = ALLOC(P->hnnz, h);
    if (!h) return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory", fn);
    st = hess_values(fn, P, x, sigma, lambda, h, err);
    for (unsigned i = 0; !st && i < P->n; i++) { /* the diagonal ends its row, if present */
        size_t k = P->hrowptr[i + 1];
        hdiag[i] = k > P->hrowptr[i] && P->hcol[k - 1] == i ? h[k - 1] : 0.0;
    }
    FREE(h, P->hnnz);
    return st; /* (err filled by hess_values) */
}

int(dn_nlp_hessdiag)(const dn_nlp *P, const double *x, double sigma, const double *lambda,
                     double *hdiag)
{
    return dn_nlp_hessdiag_ex(P, x, sigma, lambda, hdiag, NULL);
}

/* J v (trans 0: in n, out m) or J^T u (trans 1: in m, out n) from the Jacobian's values. */
static int jac_product(const char *fn, int trans, const dn_nlp *P, const double *x,
                       const double *in, double *out, dn_errinfo *err)
{
    const dni_req req[] = {{P != NULL, 1, "P is NULL"},
                           {x != NULL, 2, "x is NULL"},
                           {in != NULL, 3, trans ? "u is NULL" : "v is NULL"},
                           {out != NULL, 4, trans ? "jtu is NULL" : "jv is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    double *jac = ALLOC(P->jnnz, jac);
    if (!jac) return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory", fn);
    st = cons_values(fn, P, x, NULL, jac, err);
    if (st) {
        FREE(jac, P->jnnz);
        return st;
    }
    memset(out, 0, (trans ? P->n : P->m) * sizeof *out);
    for (unsigned i = 0; i < P->m; i++)
        for (size_t k = P->jrowptr[i]; k < P->jrowptr[i + 1]; k++) {
            if (trans) out[P->jcol[k]] += jac[k] * in[i];
            else out[i] += jac[k] * in[P->jcol[k]];
        }
    FREE(jac, P->jnnz);
    return dni_ok(err);
}

int(dn_nlp_jacvec_ex)(const dn_nlp *P, const double *x, const double *v, double *jv,
                      dn_errinfo *err)
{
    return jac_product("dn_nlp_jacvec", 0, P, x, v, jv, err);
}

int(dn_nlp_jacvec)(const dn_nlp *P, const double *x, const double *v, double *jv)
{
    return jac_product("dn_nlp_jacvec", 0, P, x, v, jv, NULL);
}

int(dn_nlp_jactvec_ex)(const dn_nlp *P, const double *x, const double *u, double *jtu,
                       dn_errinfo *err)
{
    return jac_product("dn_nlp_jactvec", 1, P, x, u, jtu, err);
}

int(dn_nlp_jactvec)(const dn_nlp *P, const double *x, const double *u, double *jtu)
{
    return jac_product("dn_nlp_jactvec", 1, P, x, u, jtu, NULL);
}
