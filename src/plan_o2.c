/* Recorded plans (dn_plan_o2 of dnum/hessian.h). The first call computes with the one-pass
 * numbers (and finds out whether the objective was defined with DN_OBJECTIVE_O2); later
 * calls replay the objective on dpl2_o2 or dpl4_o2 numbers (dnum/plan_o2.h), one slot per
 * colour of the variables. Colours start as i mod 2; a replay that finds two variables of
 * one colour together (a clash), or its running sum used other than by adding to it, logs
 * the pairs of variables concerned, and the call is computed again with the one-pass
 * numbers; the plan then colours the variables again so that every pair learnt gets two
 * colours (greedy, in index order), and the next call replays with them. Learning stops
 * after MAX_LEARN failed replays in a row, when a failure logs no pair, or when more than
 * MAX_COLORS colours are needed: the plan then computes every call with the one-pass
 * numbers (dn_plan_o2_info says why). */
#include <time.h>
#include "sparse2_impl.h"
#include "err_impl.h"

#define PLK_T dpl2_o2
#define PLK(f) dni_dpl2_o2_##f
#include "plan_o2_sum.h"
#define PLK_T dpl4_o2
#define PLK(f) dni_dpl4_o2_##f
#include "plan_o2_sum.h"

/* logs the pair x, y (room permitting) */
static void log_pair(dni_pl_work *w, uint32_t x, uint32_t y)
{
    if (w->npairs >= w->cappairs) return;
    w->pairs[2 * w->npairs] = x;
    w->pairs[2 * w->npairs + 1] = y;
    w->npairs++;
}

void dni_pl_clash(dni_pl_work *w, const uint32_t *ia, const uint32_t *ib, unsigned k,
                  uint32_t mark)
{
    uint32_t v[2 * 4];
    unsigned m = 0;
    for (unsigned c = 0; c < k; c++) {
        if (ia[c]) v[m++] = ia[c] - 1;
        if (ib[c] && ib[c] != ia[c]) v[m++] = ib[c] - 1;
    }
    for (unsigned i = 0; i < m; i++)
        for (unsigned j = i + 1; j < m; j++) log_pair(w, v[i] | mark, v[j]);
}

void dni_pl_mark(dni_pl_work *w, size_t lo, size_t hi)
{
    for (size_t q = lo; q < hi && q < w->npairs; q++) w->pairs[2 * q] |= DNI_PL_LEARN;
}

void dni_pl_cross(dni_pl_work *w, uint32_t a, uint32_t b, double val)
{
    uint32_t i = (a > b ? a : b) - 1, j = (a > b ? b : a) - 1;
    size_t beg = w->rowptr[i], end = w->rowptr[i + 1], k = w->npos++;
    if (k < w->cappos) { /* where the previous replay's k-th entry went, if it is (i, j) */
        size_t q = w->pos[k];
        if (q >= beg && q < end && w->col[q] == j) {
            w->hx[q] += val;
            return;
        }
    }
    size_t lo = beg, hi = end;
    while (lo < hi) { /* the first column >= j in row i */
        size_t mid = lo + (hi - lo) / 2;
        if (w->col[mid] < j) lo = mid + 1;
        else hi = mid;
    }
    if (lo < end && w->col[lo] == j) {
        w->hx[lo] += val;
        if (k < w->cappos) w->pos[k] = lo;
    } else if (!(val == 0.0)) {
        w->bad |= DNI_PL_PATTERN;
    }
}

/* failed replays in a row that may still teach the colouring */
#define MAX_LEARN 16

/* room for pairs logged by a replay, per variable */
#define PAIRS_PER_N 4

/* at most this many colours (the slots of dpl4_o2) */
#define MAX_COLORS 4

enum { NEW = 0, READY = 1, REFUSED = 2 };

struct dn_plan_o2 {
    const dn_allocator *al;
    dsp_o2_work *w;    /* the one-pass numbers: first call, and calls computed again */
    dn_objective_sp f; /* the objective and n of the first call (NULL: none yet) */
    unsigned n;
    int state;
    unsigned fails;       /* failed replays in a row */
    int timed;            /* a replay was timed against the one-pass numbers */
    unsigned colors, k;   /* colours in use; slots of the replay numbers (2, 4) */
    unsigned char *color; /* n colours */
    void *xp;             /* n replay numbers, seeded */
    size_t xpsize;        /* bytes of one */
    double *ga, *ha;      /* the running sum's arrays, n + 1 each */
    double *hx;           /* dn_hessian_plan: the entries of the Hessian's pattern, */
    size_t caphx;
    size_t *pos; /* and where a replay added them (dni_pl_work.pos) */
    size_t cappos;
    uint32_t *pairs; /* the pairs a replay logs: n at most */
    uint32_t *xe;    /* the pairs learnt (variables that must differ in colour) */
    size_t nxe, capxe;
    size_t *xrow;   /* the learnt pairs as lower neighbours: n + 1 offsets, */
    uint32_t *xcol; /* and nxe columns */
    dni_pl_work pw;
    unsigned long replays, fallbacks, learnt;
    const char *why; /* why calls no longer replay */
};

int dn_plan_o2_new(dn_plan_o2 **plan, const dn_allocator *al)
{
    if (plan == NULL) return DN_EINVAL;
    dn_plan_o2 *p = w_alloc(al, sizeof *p);
    if (p == NULL) return DN_ENOMEM;
    memset(p, 0, sizeof *p);
    p->al = al;
    if (dsp_o2_work_new(&p->w, al)) {
        w_free(al, p, sizeof *p);
        return DN_ENOMEM;
    }
    *plan = p;
    return DN_OK;
}

/* frees the arrays sized for n */
static void free_sized(dn_plan_o2 *p)
{
    size_t n = p->n;
    w_free(p->al, p->color, n);
    w_free(p->al, p->xp, n * p->xpsize);
    w_free(p->al, p->ga, (n + 1) * sizeof *p->ga);
    w_free(p->al, p->ha, (n + 1) * sizeof *p->ha);
    w_free(p->al, p->pairs, p->pairs ? 2 * PAIRS_PER_N * n * sizeof *p->pairs : 0);
    w_free(p->al, p->xe, 2 * p->capxe * sizeof *p->xe);
    w_free(p->al, p->xcol, p->capxe * sizeof *p->xcol);
    w_free(p->al, p->xrow, (n + 1) * sizeof *p->xrow);
    w_free(p->al, p->hx, p->caphx * sizeof *p->hx);
    w_free(p->al, p->pos, p->cappos * sizeof *p->pos);
    p->hx = NULL, p->caphx = 0, p->pos = NULL, p->cappos = 0;
    p->color = NULL, p->xp = NULL, p->ga = p->ha = NULL, p->xpsize = 0;
    p->pairs = p->xe = p->xcol = NULL, p->xrow = NULL, p->nxe = p->capxe = 0;
}

void dn_plan_o2_free(dn_plan_o2 *p)
{
    if (p == NULL) return;
    free_sized(p);
    dsp_o2_work_free(p->w);
    w_free(p->al, p, sizeof *p);
}

void dn_plan_o2_reset(dn_plan_o2 *p)
{
    if (p == NULL) return;
    free_sized(p);
    p->f = NULL, p->n = 0, p->state = NEW, p->fails = 0, p->timed = 0, p->colors = p->k = 0;
    p->why = NULL;
}

size_t dn_plan_o2_bytes(const dn_plan_o2 *p)
{
    if (p == NULL) return 0;
    size_t n = p->color ? p->n : 0, b = sizeof *p + dsp_o2_work_bytes(p->w);
    if (n) b += n * (1 + p->xpsize) + 2 * (n + 1) * sizeof(double);
    if (p->pairs) b += 2 * PAIRS_PER_N * n * sizeof(uint32_t);
    if (p->xrow) b += (n + 1) * sizeof(size_t);
    b += p->caphx * sizeof(double) + p->cappos * sizeof(size_t);
    return b + p->capxe * 3 * sizeof(uint32_t);
}

void dn_plan_o2_info(const dn_plan_o2 *p, dn_plan_o2_stats *s)
{
    if (s == NULL) return;
    memset(s, 0, sizeof *s);
    if (p == NULL) return;
    s->colors = p->state == READY ? p->colors : 0;
    s->replaying = p->state == READY;
    s->replays = p->replays, s->fallbacks = p->fallbacks, s->learnt = p->learnt;
    s->why = p->state == REFUSED ? p->why : NULL;
}

/* greedy colouring in index order: the smallest colour no earlier neighbour (a learnt
 * pair) has; the number of colours, or MAX_COLORS + 1 */
static unsigned colour(const dn_plan_o2 *p, unsigned n)
{
    unsigned used = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned taken = 0;
        for (size_t q = p->xrow[i]; q < p->xrow[i + 1]; q++)
            taken |= 1u << p->color[p->xcol[q]];
        unsigned c = 0;
        while (taken >> c & 1u) c++;
        if (c >= MAX_COLORS) return MAX_COLORS + 1;
        p->color[i] = (unsigned char)c;
        if (c + 1 > used) used = c + 1;
    }
    return used;
}

/* The pairs the last replay logged to be learnt (marked DNI_PL_LEARN: clashes in a
 * number, and the clashes that made a sum used as a number) added to those learnt, and the
 * learnt pairs as lower neighbours. Returns the number of pairs added, or DN_ENOMEM. */
static long learn(dn_plan_o2 *p, unsigned n)
{
    size_t m = p->pw.npairs, add = 0;
    if (p->nxe + m > p->capxe) {
        size_t cap = 2 * (p->nxe + m);
        uint32_t *xe = w_array(p->al, 2 * cap, sizeof *xe);
        uint32_t *xcol = w_array(p->al, cap, sizeof *xcol);
        if (!xe || !xcol) {
            w_free(p->al, xe, 2 * cap * sizeof *xe);
            w_free(p->al, xcol, cap * sizeof *xcol);
            return DN_ENOMEM;
        }
        if (p->nxe) memcpy(xe, p->xe, 2 * p->nxe * sizeof *xe);
        w_free(p->al, p->xe, 2 * p->capxe * sizeof *p->xe);
        w_free(p->al, p->xcol, p->capxe * sizeof *p->xcol);
        p->xe = xe, p->xcol = xcol, p->capxe = cap;
    }
    if (!p->xrow && !(p->xrow = w_array(p->al, (size_t)n + 1, sizeof *p->xrow)))
        return DN_ENOMEM;
    for (size_t q = 0; q < m; q++) {
        uint32_t x = p->pairs[2 * q], y = p->pairs[2 * q + 1];
        if (!(x & DNI_PL_LEARN)) continue;
        x &= ~DNI_PL_LEARN;
        if (x >= n || y >= n || x == y) continue;
        p->xe[2 * (p->nxe + add)] = x, p->xe[2 * (p->nxe + add) + 1] = y;
        add++;
    }
    p->nxe += add;
    /* counting sort by the larger index of each pair */
    memset(p->xrow, 0, ((size_t)n + 1) * sizeof *p->xrow);
    for (size_t q = 0; q < p->nxe; q++) {
        uint32_t x = p->xe[2 * q], y = p->xe[2 * q + 1];
        p->xrow[(x > y ? x : y) + 1]++;
    }
    for (unsigned i = 0; i < n; i++) p->xrow[i + 1] += p->xrow[i];
    for (size_t q = 0; q < p->nxe; q++) {
        uint32_t x = p->xe[2 * q], y = p->xe[2 * q + 1];
        p->xcol[p->xrow[x > y ? x : y]++] = x > y ? y : x;
    }
    for (unsigned i = n; i > 0; i--) p->xrow[i] = p->xrow[i - 1];
    p->xrow[0] = 0;
    p->learnt += add;
    return (long)add;
}

/* the replay numbers of K slots, seeded from the colours (their values are set per call) */
#define SEED(T)                                                                            \
    do {                                                                                   \
        T *X = p->xp;                                                                      \
        for (unsigned i = 0; i < n; i++) {                                                 \
            X[i] = T##_const(0.0);                                                         \
            X[i].w = &p->pw;                                                               \
            X[i].ix[p->color[i]] = i + 1;                                                  \
            X[i].g[p->color[i]] = 1.0;                                                     \
        }                                                                                  \
    } while (0)

/* The replay numbers for c colours (p->color): 0 or DN_ENOMEM */
static int seed(dn_plan_o2 *p, unsigned n, unsigned c)
{
    unsigned k = c <= 2 ? 2 : 4;
    size_t size = k == 2 ? sizeof(dpl2_o2) : sizeof(dpl4_o2);
    if (size != p->xpsize) {
        w_free(p->al, p->xp, n * p->xpsize);
        p->xpsize = 0;
        p->xp = w_array(p->al, n, size);
        if (!p->xp) return DN_ENOMEM;
        p->xpsize = size;
    }
    if (k == 2) SEED(dpl2_o2);
    else SEED(dpl4_o2);
    p->colors = c, p->k = k;
    return DN_OK;
}

/* After the first call: the arrays, and the colours i mod 2. 0 or DN_ENOMEM. */
static int start(dn_plan_o2 *p, unsigned n)
{
    p->color = w_alloc(p->al, n);
    p->ga = w_array(p->al, (size_t)n + 1, sizeof *p->ga);
    p->ha = w_array(p->al, (size_t)n + 1, sizeof *p->ha);
    int st = p->color && p->ga && p->ha ? DN_OK : DN_ENOMEM;
    if (st == DN_OK) {
        for (unsigned i = 0; i < n; i++) p->color[i] = (unsigned char)(i & 1u);
        st = seed(p, n, n > 1 ? 2 : 1);
    }
    if (st) free_sized(p);
    return st;
}

/* sets the values (and directions) of the replay numbers */
#define LOAD(T)                                                                            \
    do {                                                                                   \
        T *X = p->xp;                                                                      \
        for (unsigned i = 0; i < n; i++) X[i].v = x[i];                                    \
        if (v || H)                                                                        \
            for (unsigned i = 0; i < n; i++) X[i].d = v ? v[i] : 0.0;                      \
    } while (0)

/* The entries of H's pattern from a replay in sparse Hessian mode (those off the
 * diagonal summed in p->hx, the diagonal in p->ha) times c, into p->hx: 0, or 1 when a
 * diagonal entry that is not 0 has no place in the pattern. */
static int hess_entries(dn_plan_o2 *p, const dn_sphess *H, double c)
{
    for (size_t q = 0; q < H->nnz; q++) p->hx[q] *= c;
    for (unsigned i = 0; i < H->n; i++) {
        size_t end = H->rowptr[i + 1];
        double d = c * p->ha[i + 1];
        if (end > H->rowptr[i] && H->col[end - 1] == i) p->hx[end - 1] = d;
        else if (!(d == 0.0)) return 1;
    }
    return 0;
}

/* One replay (H: in sparse Hessian mode, into H's pattern): 1 with the outputs written,
 * 0 when it failed (nothing written). */
static int replay(dn_plan_o2 *p, double *fx, double *grad, double *hout, dn_sphess *H,
                  dn_objective_sp f, void *ctx, const double *x, const double *v,
                  unsigned n)
{
    if (p->k == 2) LOAD(dpl2_o2);
    else LOAD(dpl4_o2);
    memset(p->ga, 0, (n + 1) * sizeof *p->ga);
    memset(p->ha, 0, (n + 1) * sizeof *p->ha);
    dni_pl_work *pw = &p->pw;
    pw->g = p->ga, pw->h = p->ha;
    pw->mode = v ? DNI_PL_HV : H ? DNI_PL_FULL : DNI_PL_DIAG;
    if (H) {
        if (H->nnz) memset(p->hx, 0, H->nnz * sizeof *p->hx);
        pw->rowptr = H->rowptr, pw->col = H->col, pw->hx = p->hx;
        pw->pos = p->pos, pw->npos = 0, pw->cappos = p->cappos;
    }
    pw->live = 0, pw->ver = 0, pw->got = 0, pw->bad = 0, pw->scale = 1.0;
    pw->pairs = p->pairs, pw->npairs = 0, pw->made = pw->made_end = 0;
    pw->cappairs = p->pairs ? PAIRS_PER_N * (size_t)n : 0;
    dsp_o2_work *w = p->w;
    int mode = w->mode;
    w->mode = DNI_DSP_O2_PLAN, w->plk = p->k, w->xpl = p->xp, w->body = 0;
    dsp_o2 r = f(w->x, n, ctx);
    w->mode = mode, w->xpl = NULL, w->plk = 0;
    if (!w->body) pw->bad |= DNI_PL_SUMOP; /* (not reached: checked on the first call) */
    /* f must return what the replay handed over, untouched: a function of your own that
     * calls an objective of DN_OBJECTIVE_O2 and changes its result (2 g(x) + x0^2) would
     * otherwise get g's derivatives (a passive result has none, whatever made it) */
    if (r.w || pw->got > 1 ||
        (pw->got && (r.st != DNI_PL_MARK || memcmp(&r.v, &pw->rv, sizeof r.v))))
        pw->bad |= DNI_PL_FOREIGN;
    if (!pw->got) {
        /* the result was passive (a constant: the objective returned a number that
         * depends on no variable, e.g. a branch that dropped the running sum): no
         * derivatives, whatever the replay added into the arrays on the way */
        memset(p->ga, 0, (n + 1) * sizeof *p->ga);
        memset(p->ha, 0, (n + 1) * sizeof *p->ha);
        if (H && H->nnz) memset(p->hx, 0, H->nnz * sizeof *p->hx);
    }
    double c = pw->scale;
    if (0.0 * c != 0.0) pw->bad |= DNI_PL_RANGE; /* (0 * Inf would make NaN entries) */
    if (H && !pw->bad && hess_entries(p, H, c)) pw->bad |= DNI_PL_PATTERN;
    if (pw->bad) return 0;
    if (H && H->nnz) memcpy(H->val, p->hx, H->nnz * sizeof *p->hx);
    if (fx) *fx = r.v;
    for (unsigned i = 0; i < n; i++) {
        if (grad) grad[i] = c * p->ga[i + 1];
        if (hout) hout[i] = c * p->ha[i + 1];
    }
    p->replays++;
    return 1;
}

/* After a failed replay: learn its pairs and colour again, or stop replaying (p->why).
 * 0 or DN_ENOMEM (the plan then starts again on its next call). */
static int relearn(dn_plan_o2 *p, unsigned n)
{
    uint32_t bad = p->pw.bad;
    if (bad & DNI_PL_FOREIGN) {
        p->state = REFUSED;
        p->why = "the objective was not defined with DN_OBJECTIVE_O2 (it calls one)";
        return DN_OK;
    }
    if (!p->pairs) { /* the first failure: room to log pairs from the next replay on */
        p->pairs = w_array(p->al, 2 * PAIRS_PER_N * (size_t)n, sizeof *p->pairs);
        return p->pairs ? DN_OK : DN_ENOMEM;
    }
    long add = ++p->fails <= MAX_LEARN ? learn(p, n) : 0;
    if (add < 0) return (int)add;
    unsigned c = add > 0 ? colour(p, n) : 0;
    if (add > 0 && c <= MAX_COLORS) return seed(p, n, c);
    p->state = REFUSED;
    if (add > 0) p->why = "the objective's variables need more than 4 colours";
    else if (p->fails > MAX_LEARN)
        p->why = "replays kept failing (the control flow changes)";
    else if (bad & DNI_PL_SUMOP)
        p->why = "the running sum is used other than by adding to it";
    else p->why = "a replay failed and logged nothing to learn from";
    return DN_OK;
}

/* After the second replay that worked (which started at t0), if it took a millisecond or
 * more: the same call with the one-pass numbers (into the plan's scratch arrays); if they
 * were faster by 10%, the plan stops replaying. (clock(): processor time; a shorter replay
 * is kept without timing, and so is one where clock() fails.) */
static void timing(dn_plan_o2 *p, int mode, clock_t t0, dn_objective_sp f, void *ctx,
                   const double *x, const double *v, unsigned n)
{
    clock_t t1 = clock();
    if (t0 == (clock_t)-1 || t1 == (clock_t)-1 || (double)(t1 - t0) < 1e-3 * CLOCKS_PER_SEC)
        return;
    int st;
    if (mode == 0) st = dn_grad_sp_ex(NULL, p->ga, f, ctx, x, n, p->w, NULL);
    else if (mode == 1)
        st = dn_hessdiag_sp_ex(NULL, p->ga, p->ha, f, ctx, x, n, p->w, NULL);
    else st = dn_hessvec_sp_ex(NULL, p->ga, p->ha, f, ctx, x, v, n, p->w, NULL);
    clock_t t2 = clock();
    if (st) return; /* (out of memory: time again on the next call) */
    p->timed = 1;
    if (t2 != (clock_t)-1 && 10.0 * (double)(t2 - t1) < 9.0 * (double)(t1 - t0)) {
        p->state = REFUSED;
        p->why = "the one-pass numbers were faster on this objective (timed once)";
    }
}

/* Whether a call of dn_hessian_plan replays: a plan of two colours (the cross entry of a
 * replay number is that of its two slots) and H holding a pattern for n, with room for
 * its entries in p->hx (none: the one-pass numbers compute the call) */
static int full_ready(dn_plan_o2 *p, const dn_sphess *H, unsigned n)
{
    if (p->k != 2 || H->n != n || !H->rowptr) return 0;
    if (H->nnz > p->caphx) {
        double *hx = w_array(p->al, H->nnz, sizeof *hx);
        if (!hx) return 0;
        w_free(p->al, p->hx, p->caphx * sizeof *p->hx);
        p->hx = hx, p->caphx = H->nnz;
    }
    size_t need = p->pw.npos > n ? p->pw.npos : n; /* (the last replay's count) */
    if (need > p->cappos) { /* (none: each entry's place is searched for) */
        size_t *pos = w_array(p->al, need, sizeof *pos);
        if (pos) {
            memset(pos, 0xff, need * sizeof *pos);
            if (p->cappos) memcpy(pos, p->pos, p->cappos * sizeof *pos);
            w_free(p->al, p->pos, p->cappos * sizeof *p->pos);
            p->pos = pos, p->cappos = need;
        }
    }
    return 1;
}

/* the drivers' common part; mode: 0 gradient, 1 diagonal, 2 H v, 3 sparse Hessian (H) */
static int plan_driver(const char *fn, int mode, double *fx, double *grad, double *hout,
                       dn_sphess *H, dn_objective_sp f, void *ctx, const double *x,
                       const double *v, unsigned n, dn_plan_o2 *p, dn_errinfo *err)
{
    /* (argument numbers) */
    unsigned fpos = mode ? 4 : 3, npos = mode == 2 ? 8 : mode ? 7 : 6;
    if (p->f && (p->f != f || p->n != n))
        return dni_fail(err, DN_EINVAL, p->f != f ? fpos : npos, SIZE_MAX,
                        "%s: the plan was made for another %s (use a plan per objective, "
                        "or dn_plan_o2_reset it)",
                        fn, p->f != f ? "objective f" : "n");
    if (n > INT32_MAX)
        return dni_fail(err, DN_EINVAL, npos, SIZE_MAX, "%s: n is above 2^31 - 1", fn);
    if (p->state == READY && (mode != 3 || full_ready(p, H, n))) {
        clock_t t0 = clock();
        if (replay(p, fx, grad, hout, mode == 3 ? H : NULL, f, ctx, x, mode == 2 ? v : NULL,
                   n)) {
            p->fails = 0;
            if (!p->timed && p->replays > 1 && mode != 3)
                timing(p, mode, t0, f, ctx, x, v, n);
            return dni_ok(err);
        }
        p->fallbacks++;
        if (!(p->pw.bad & ~(DNI_PL_PATTERN | DNI_PL_RANGE))) {
            /* the colours hold: H gets a new pattern, or the sum's factor was infinite */
            if (++p->fails > MAX_LEARN) {
                p->state = REFUSED;
                p->why =
                    p->pw.bad & DNI_PL_PATTERN
                        ? "the Hessian's pattern kept changing (the control flow changes)"
                        : "replays kept failing (the running sum's factor is not finite)";
            }
        } else if (relearn(p, n)) {
            dn_plan_o2_reset(p);
            return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (plan)", fn);
        }
    }
    int first = p->state == NEW;
    p->w->body = 0;
    int st;
    if (mode == 0) st = dn_grad_sp_ex(fx, grad, f, ctx, x, n, p->w, NULL);
    else if (mode == 1) st = dn_hessdiag_sp_ex(fx, grad, hout, f, ctx, x, n, p->w, NULL);
    else if (mode == 2) st = dn_hessvec_sp_ex(fx, grad, hout, f, ctx, x, v, n, p->w, NULL);
    else st = dn_hessian_sp_ex(fx, grad, H, f, ctx, x, n, p->w, NULL);
    if (st) return dni_fail(err, st, 0, SIZE_MAX, "%s: out of memory (workspace)", fn);
    if (first) {
        p->f = f, p->n = n;
        if (!p->w->body) {
            p->state = REFUSED;
            p->why = "the objective was not defined with DN_OBJECTIVE_O2";
        } else if (start(p, n) == DN_OK) {
            p->state = READY;
        } else {
            p->f = NULL, p->n = 0; /* (out of memory: start again on the next call) */
        }
    }
    return dni_ok(err);
}

int(dn_grad_plan_ex)(double *fx, double *grad, dn_objective_sp f, void *ctx,
                     const double *x, unsigned n, dn_plan_o2 *plan, dn_errinfo *err)
{
    static const char fn[] = "dn_grad_plan";
    const dni_req req[] = {
        {grad != NULL, 2, "grad is NULL"},
        {f != NULL, 3, "f is NULL"},
        {x != NULL, 5, "x is NULL"},
        {n != 0, 6, "n is 0"},
        {plan != NULL, 7, "plan is NULL (make one with dn_plan_o2_new)"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return plan_driver(fn, 0, fx, grad, NULL, NULL, f, ctx, x, NULL, n, plan, err);
}

int(dn_grad_plan)(double *fx, double *grad, dn_objective_sp f, void *ctx, const double *x,
                  unsigned n, dn_plan_o2 *plan)
{
    return dn_grad_plan_ex(fx, grad, f, ctx, x, n, plan, NULL);
}

int(dn_hessdiag_plan_ex)(double *fx, double *grad, double *hdiag, dn_objective_sp f,
                         void *ctx, const double *x, unsigned n, dn_plan_o2 *plan,
                         dn_errinfo *err)
{
    static const char fn[] = "dn_hessdiag_plan";
    const dni_req req[] = {
        {hdiag != NULL, 3, "hdiag is NULL"},
        {f != NULL, 4, "f is NULL"},
        {x != NULL, 6, "x is NULL"},
        {n != 0, 7, "n is 0"},
        {plan != NULL, 8, "plan is NULL (make one with dn_plan_o2_new)"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return plan_driver(fn, 1, fx, grad, hdiag, NULL, f, ctx, x, NULL, n, plan, err);
}

int(dn_hessdiag_plan)(double *fx, double *grad, double *hdiag, dn_objective_sp f, void *ctx,
                      const double *x, unsigned n, dn_plan_o2 *plan)
{
    return dn_hessdiag_plan_ex(fx, grad, hdiag, f, ctx, x, n, plan, NULL);
}

int(dn_hessvec_plan_ex)(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                        const double *x, const double *v, unsigned n, dn_plan_o2 *plan,
                        dn_errinfo *err)
{
    static const char fn[] = "dn_hessvec_plan";
    const dni_req req[] = {
        {hv != NULL, 3, "hv is NULL"},
        {f != NULL, 4, "f is NULL"},
        {x != NULL, 6, "x is NULL"},
        {v != NULL, 7, "v is NULL"},
        {n != 0, 8, "n is 0"},
        {plan != NULL, 9, "plan is NULL (make one with dn_plan_o2_new)"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return plan_driver(fn, 2, fx, grad, hv, NULL, f, ctx, x, v, n, plan, err);
}

int(dn_hessvec_plan)(double *fx, double *grad, double *hv, dn_objective_sp f, void *ctx,
                     const double *x, const double *v, unsigned n, dn_plan_o2 *plan)
{
    return dn_hessvec_plan_ex(fx, grad, hv, f, ctx, x, v, n, plan, NULL);
}

int(dn_hessian_plan_ex)(double *fx, double *grad, dn_sphess *H, dn_objective_sp f,
                        void *ctx, const double *x, unsigned n, dn_plan_o2 *plan,
                        dn_errinfo *err)
{
    static const char fn[] = "dn_hessian_plan";
    const dni_req req[] = {
        {H != NULL, 3, "H is NULL (make one with dn_sphess_init)"},
        {f != NULL, 4, "f is NULL"},
        {x != NULL, 6, "x is NULL"},
        {n != 0, 7, "n is 0"},
        {plan != NULL, 8, "plan is NULL (make one with dn_plan_o2_new)"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return plan_driver(fn, 3, fx, grad, NULL, H, f, ctx, x, NULL, n, plan, err);
}

int(dn_hessian_plan)(double *fx, double *grad, dn_sphess *H, dn_objective_sp f, void *ctx,
                     const double *x, unsigned n, dn_plan_o2 *plan)
{
    return dn_hessian_plan_ex(fx, grad, H, f, ctx, x, n, plan, NULL);
}
