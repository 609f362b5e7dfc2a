/* Quick error bounds on lanes (dn_expr_eval_prec with DN_PREC_QUICK), for one batch engine:
 * included after src/batch_lane_body.h by the translation unit of an instruction set, whose
 * lane context, load/store and lane kernels it uses.
 *
 * src/expr_err.c's analysis (its rules, in its order of operations, so every lane gets the
 * scalar bound's bits) for the programs it does not calibrate in a quick bound: the
 * arithmetic and the elementary functions with a lane kernel. The caller sends the
 * points of a block where some instruction takes a rare path to the scalar analysis. */
#define BQ_U 0x1p-53
#define BQ_NTMP 10

typedef struct {
    const lane_ctx *x;
    unsigned n; /* the program's order; the unary functions' derivatives at n + 1 */
    size_t len;
    dn_lane *val, *err, *t[BQ_NTMP];
    double g[DN_TAYLOR_MAX + 2];
} bq_ctx;

static inline dn_lane bq_abs(dn_lane a)
{
    return (dn_lane)((dn_lmask)a & 0x7fffffffffffffffLL);
}
static void bq_absv(const bq_ctx *q, dn_lane *r, const dn_lane *a)
{
    for (size_t k = 0; k < q->len; k++) r[k] = bq_abs(a[k]);
}
/* one instruction on lanes at order m; whether a lane took a rare path (the caller then
 * gives the block to the scalar analysis) */
static int bq_exec(const bq_ctx *q, unsigned op, dn_lane *d, const dn_lane *a,
                   const dn_lane *b, double c, unsigned m)
{
    if (dnil_any(rare_lanes(op, a, b, c, m))) return 1;
    lane_ops[op](d, a, b, c, m, q->x->ws, 1, 0);
    return 0;
}
/* r = a b at the program's order (the unrolled kernel at the orders of LANE_ORDERS) */
static void bq_mulw(const bq_ctx *q, dn_lane *r, const dn_lane *a, const dn_lane *b)
{
#define BQ_MUL_CASE(N, A)                                                                  \
    case N: dnilu_mul_w(r, a, b, N, q->x->ws); return;
    switch (q->n) {
        LANE_ORDERS(BQ_MUL_CASE, ~)
    default: dnil_mul_w(r, a, b, q->n, q->x->ws);
    }
#undef BQ_MUL_CASE
}
static double bq_cerr(const dn_expr_ins *i)
{
    return i->clo == 0.0 ? 0.0 : fabs(i->clo) * 1.01 + ldexp(fabs(i->c), 2 - dn_ext_bits());
}
static void bq_mul(const bq_ctx *q, dn_lane *er, const dn_lane *a, const dn_lane *ea,
                   const dn_lane *b, const dn_lane *eb)
{
    dn_lane *aa = q->t[6], *ab = q->t[7], *s = q->t[8];
    bq_absv(q, aa, a);
    bq_absv(q, ab, b);
    bq_mulw(q, s, aa, ab);
    for (size_t k = 0; k < q->len; k++) s[k] *= q->g[k];
    for (size_t k = 0; k < q->len; k++) aa[k] += ea[k];
    bq_mulw(q, aa, aa, eb);
    bq_mulw(q, ab, ab, ea);
    for (size_t k = 0; k < q->len; k++) er[k] = aa[k] + ab[k] + s[k];
}
/* the lanes where src/expr_err.c's first_order fails (its bound is then +Inf: the caller
 * gives the block to the scalar analysis) */
static dn_lmask bq_not_first_order(dn_lane e, unsigned k, dn_lane h2, dn_lane h1,
                                   dn_lane h0)
{
    dn_lane l = 0.5 * e * e * h2; /* (where it underflows: the scalar analysis) */
    return (dn_lmask)(e != 0.0) &
           (~(dnil_isfinite(h2) & dnil_isfinite(h1) & dnil_isfinite(h0) &
              (dn_lmask)(l <= 0x1p-4 * (e * h1 + (k + 6.0) * BQ_U * h0))) |
            ((dn_lmask)(l < DBL_MIN) & (dn_lmask)(h2 > 0.0)));
}
/* src/expr_err.c's min_nz and max_abs, lane-wise: the smallest |a[k]| that is not 0
 * (+Inf where all are 0), the largest |a[k]| */
static dn_lane bq_min_nz(const bq_ctx *q, const dn_lane *a)
{
    dn_lane m = DNIL_V(INFINITY);
    for (size_t k = 0; k < q->len; k++)
        m = dnil_sel((dn_lmask)(a[k] != 0.0) & (dn_lmask)(bq_abs(a[k]) < m), bq_abs(a[k]),
                     m);
    return m;
}
/* the smaller of bq_min_nz(a) and bq_min_nz(ea) (an operand and its bound) */
static dn_lane bq_min_nz2(const bq_ctx *q, const dn_lane *a, const dn_lane *ea)
{
    dn_lane x = bq_min_nz(q, a), y = bq_min_nz(q, ea);
    return dnil_sel((dn_lmask)(y < x), y, x);
}
static dn_lane bq_max_abs(const bq_ctx *q, const dn_lane *a)
{
    dn_lane m = DNIL_ZERO;
    for (size_t k = 0; k < q->len; k++)
        m = dnil_sel((dn_lmask)(bq_abs(a[k]) > m), bq_abs(a[k]), m);
    return m;
}
static int bq_div(const bq_ctx *q, dn_lane *er, const dn_lane *a, const dn_lane *ea,
                  const dn_lane *b, const dn_lane *eb, const dn_lane *r)
{
    dn_lane *inv = q->t[5], *ar = q->t[6], *ab = q->t[7], *s = q->t[8];
    dn_lane bb = bq_abs(b[0]), n = DNIL_V((double)q->n);
    if (dnil_any(bq_not_first_order(eb[0], q->n, (n + 2.0) * (n + 1.0) / (bb * bb),
                                    (n + 1.0) / bb, DNIL_V(1.0))))
        return 1;
    if (bq_exec(q, DN_OP_D_DIV, inv, b, b, 1.0, q->n)) return 1;
    bq_absv(q, inv, inv);
    bq_absv(q, ar, r);
    bq_absv(q, ab, b);
    bq_mulw(q, ab, ab, ar);
    bq_mulw(q, ar, ar, eb);
    for (size_t k = 0; k < q->len; k++)
        s[k] = ea[k] + ar[k] + q->g[k] * (bq_abs(a[k]) + ab[k]);
    bq_mulw(q, er, inv, s);
    return 0;
}
/* f(u): |f'|(u0 + |u - u0|) E_u + 2 G |f|(u0 + |u - u0|), the series from f's own kernel
 * at order n + 1 on the bare variable (src/expr_err.c, err_unary) */
static int bq_unary(const bq_ctx *q, unsigned op, double c, const dn_lane *u,
                    const dn_lane *eu, dn_lane *er)
{
    unsigned n = q->n, n1 = n < DN_ORDER_MAX ? n + 1 : DN_ORDER_MAX;
    dn_lane *h = q->t[0], *var = q->t[1], *p = q->t[2], *qq = q->t[3], *tu = q->t[4];
    var[0] = u[0];
    var[1] = DNIL_V(1.0);
    for (unsigned k = 2; k <= n1; k++) var[k] = DNIL_ZERO;
    if (bq_exec(q, op, h, var, var, c, n1)) return 1;
    if (n1 == n) h[n + 1] = DNIL_V(INFINITY);
    dn_lmask under = dnil_isfinite(u[0]) & (dn_lmask)(u[0] != 0.0), zero = {0};
    for (unsigned j = 0; j <= n1; j++) {
        h[j] = bq_abs(h[j]);
        under &= (dn_lmask)(h[j] == 0.0);
        zero |= (dn_lmask)(h[j] == 0.0);
    }
    /* (f and its derivatives underflowed: no bound; some derivative 0 at an inexact
     * operand: the scalar analysis compares both ends) */
    if (dnil_any(under | (zero & (dn_lmask)(eu[0] > 0.0)))) return 1;
    for (unsigned k = 0; k + 2 <= n1; k++)
        if (dnil_any(bq_not_first_order(eu[0], k, h[k + 2], h[k + 1], h[k]))) return 1;
    dn_lmask lin = ~(dn_lmask){0};
    for (unsigned k = 2; k <= n; k++) lin &= (dn_lmask)(u[k] == 0.0);
    if (dnil_any(lin)) { /* u = u0 + u1 z: the series are h[j] |u1|^j themselves */
        dn_lane pw = DNIL_V(1.0), u1 = n ? bq_abs(u[1]) : DNIL_ZERO;
        for (unsigned k = 0; k <= n; k++) {
            p[k] = h[k + 1] * pw;
            qq[k] = h[k] * pw;
            pw = k == 0 ? dnil_sel((dn_lmask)(u1 == 0.0), DNIL_ZERO, pw * u1) : pw * u1;
        }
    }
    if (!dnil_all(lin)) {
        dn_lane *tr = q->t[5], *pc = q->t[8], *qc = q->t[9];
        for (unsigned k = 0; k <= n; k++) var[k] = bq_abs(u[k]);
        dnil_to_t(tu, var, n);
        dnil_tcompose2_w(tr, var, h + 1, h, tu, n, q->x->ws); /* (var free again) */
        dnil_from_t(pc, tr, n);
        dnil_from_t(qc, var, n);
        for (unsigned k = 0; k <= n; k++) {
            p[k] = dnil_sel(lin, p[k], pc[k]);
            qq[k] = dnil_sel(lin, qq[k], qc[k]);
        }
    }
    /* (f's sizes all below 2^-500, or a majorant of |f| below DBL_MIN in the normalised
     * form where it can be nonzero: the scalar analysis rescales them, err_unary and
     * tiny_terms; the orders here are below DN_TAYLOR_MAX) */
    dn_lane hm = DNIL_ZERO;
    for (unsigned j = 0; j <= n1; j++) hm = dnil_sel((dn_lmask)(h[j] > hm), h[j], hm);
    dn_lmask low = (dn_lmask)(hm > 0.0) & (dn_lmask)(hm < 0x1p-500);
    int poly = (op == DN_OP_POWN || op == DN_OP_POW_D) && c >= 0.0 && c == floor(c);
    unsigned lim = poly && c < n && dnil_all(lin) ? (unsigned)c : n;
    for (unsigned k = 0; k <= lim; k++) low |= (dn_lmask)(qq[k] * dni_ifact[k] < DBL_MIN);
    if (dnil_any(low)) return 1;
    bq_mulw(q, p, p, eu);
    for (size_t k = 0; k < q->len; k++) er[k] = p[k] + 2.0 * q->g[k] * qq[k];
    return 0;
}
/* one instruction: result to d, bound to ed; 1 where the block must go to the scalar path */
static int bq_step(const bq_ctx *q, const dn_expr_ins *i, dn_lane *d, dn_lane *ed)
{
    size_t len = q->len;
    const dn_lane *a = q->val + i->a * len, *b = q->val + i->b * len;
    const dn_lane *ea = q->err + i->a * len, *eb = q->err + i->b * len;
    double c = i->c, ce = bq_cerr(i);
    dn_lane *rr = q->x->sa; /* the result, before d (may be a or b) changes */
    /* the integer powers are calibrated in a quick bound too: the scalar analysis */
    if (i->op == DN_OP_POWN || bq_exec(q, i->op, rr, a, b, c, q->n)) return 1;
    switch (i->op) {
    case DN_OP_CONST:
        for (size_t k = 0; k < len; k++) ed[k] = DNIL_V(k ? 0.0 : ce);
        break;
    case DN_OP_ADD:
    case DN_OP_SUB:
        for (size_t k = 0; k < len; k++) ed[k] = ea[k] + eb[k] + BQ_U * bq_abs(rr[k]);
        break;
    case DN_OP_ABS: /* (a value that may have the other sign: the scalar analysis) */
        if (dnil_any((dn_lmask)(bq_abs(a[0]) <= ea[0]) & (dn_lmask)(ea[0] > 0.0))) return 1;
        /* fall through */
    case DN_OP_NEG:
        for (size_t k = 0; k < len; k++) ed[k] = ea[k];
        break;
    case DN_OP_ADD_D:
    case DN_OP_D_SUB:
        for (size_t k = 0; k < len; k++)
            ed[k] = ea[k] + BQ_U * bq_abs(rr[k]) + (k ? 0.0 : ce);
        break;
    case DN_OP_MUL_D:
    case DN_OP_DIV_D: /* (an entry that fell to 0: its absolute error; a bound that
                       * would: the least above 0, as the scalar analysis) */
        for (size_t k = 0; k < len; k++) {
            dn_lane e = ea[k];
            dn_lane t =
                i->op == DN_OP_MUL_D
                    ? fabs(c) * e + BQ_U * bq_abs(rr[k]) + ce * bq_abs(a[k])
                    : (e + ce * bq_abs(rr[k])) / fabs(c) + 2.0 * BQ_U * bq_abs(rr[k]);
            t = dnil_sel((dn_lmask)(rr[k] == 0.0) & (dn_lmask)(a[k] != 0.0), t + 0x1p-1074,
                         t);
            ed[k] =
                dnil_sel((dn_lmask)(e > 0.0) & (dn_lmask)(t == 0.0), DNIL_V(0x1p-1074), t);
        }
        break;
    case DN_OP_MUL: /* (a product of entries that may fall below DBL_MIN: the scalar
                     * analysis, which adds their absolute error) */
        if (dnil_any((dn_lmask)(bq_min_nz2(q, a, ea) * bq_min_nz2(q, b, eb) < DBL_MIN)))
            return 1;
        bq_mul(q, ed, a, ea, b, eb);
        break;
    case DN_OP_DIV: /* (terms that may have fallen to 0: no bound, the scalar analysis) */
        if (dnil_any((dn_lmask)(bq_min_nz(q, a) / bq_max_abs(q, b) < 2.0 * DBL_MIN) |
                     (dn_lmask)(bq_min_nz(q, rr) * bq_min_nz(q, b) < DBL_MIN)))
            return 1;
        if (bq_div(q, ed, a, ea, b, eb, rr)) return 1;
        break;
    default:
        if (bq_unary(q, i->op, c, a, ea, ed)) return 1;
        if (ce != 0.0 && i->op == DN_OP_D_DIV)
            for (size_t k = 0; k < len; k++) ed[k] += ce * bq_abs(rr[k] / c);
        break;
    }
    /* a subnormal result (its bound +Inf from there on): the scalar analysis */
    for (size_t k = 0; k < len; k++)
        if (dnil_any((dn_lmask)(rr[k] != 0.0) & (dn_lmask)(bq_abs(rr[k]) < DBL_MIN)))
            return 1;
    for (size_t k = 0; k < len; k++) d[k] = rr[k];
    return 0;
}

/* fmax (the number where one is NaN), lane-wise, as src/expr_err.c's fmax_inl */
static inline dn_lane bq_fmax(dn_lane a, dn_lane b)
{
    return dnil_sel(a != a, b, dnil_sel(b != b, a, dnil_sel(a > b, a, b)));
}

/* The lanes (bit i: lane i) where dn_err_first_short(d, 10 e, n, 10.0) > n: DN_PREC_AUTO's
 * check that the quick bound e, times the margin of 10, shows 10 digits of every
 * derivative d (src/expr_err.c's test with the same operations, so the same verdict). */
static unsigned bq_auto_ok(const dn_lane *d, const dn_lane *e, unsigned n)
{
    dn_lmask bad = (dn_lmask){0};
    for (unsigned k = 0; k <= n; k++) {
        dn_lane eb = 10.0 * e[k];
        dn_lane nb =
            bq_fmax(k ? bq_abs(d[k - 1]) : DNIL_ZERO, k < n ? bq_abs(d[k + 1]) : DNIL_ZERO);
        nb = dnil_sel(dnil_isfinite(nb), nb, DNIL_ZERO);
        dn_lane m = bq_fmax(bq_abs(d[k]), 1e-15 * nb);
        dn_lmask known = dnil_isfinite(d[k]) & dnil_isfinite(eb);
        bad |= known & ~(eb <= 1e-10 * m);
    }
    return (unsigned)(~dnil_signs(bad) & ((1 << W) - 1));
}

/* The quick bounds of the W points of the block (cnt of them): dni_batch_quick_fn
 * (batch_impl.h). work: as the engine's. */
int BATCH_CAT(BATCH_RUN, _quick)(const dn_expr *e, unsigned n, size_t cnt,
                                 const double *args, size_t ldargs, double *out,
                                 size_t ldout, double *err, size_t lderr, double *eout,
                                 unsigned *auto_ok, double *work)
{
    lane_ctx x;
    bq_ctx q;
    size_t len = (size_t)n + 1, tl = len + 1, nr = (size_t)e->nregs * len;
    unsigned n1 = n + 1;
    DNIL_SET_VM(0);   /* the C library's values: the scalar bounds' bits */
    DNIL_SET_MEMO(1); /* each function's value again for its bound's series */
    x.n = n;
    x.len = len;
    x.rlen = len;
    x.R = (dn_lane *)align64(work);
    x.sa = x.R + 2 * nr; /* the result of an instruction */
    x.ws = x.sa + tl;    /* the kernels' scratch at order n + 1 */
    q.x = &x;
    q.n = n;
    q.len = len;
    q.val = x.R;
    q.err = x.R + nr;
    dn_lane *t0 = x.ws + DNI_W_MAX(n1);
    for (unsigned j = 0; j < BQ_NTMP; j++) q.t[j] = t0 + j * tl;
    for (size_t k = 0; k < len; k++) q.g[k] = ((double)k + 1.0 + 5.0) * BQ_U;
    load_block(&x, x.R, len, e->nvars, 0, cnt, args, ldargs, 0);
    for (size_t k = 0; k < e->nvars * len; k++) q.err[k] = DNIL_ZERO;
    for (const dn_expr_ins *I = e->ins, *end = I + e->nins; I != end; I++)
        if (bq_step(&q, I, q.val + I->dst * len, q.err + I->dst * len)) return 1;
    const dn_lane *rv = q.val + (size_t)e->result * len,
                  *re = q.err + (size_t)e->result * len;
    /* the lanes that keep their double results (AUTO: those with 10 digits) get them and
     * the bounds' verdicts; the others their bounds in eout, out untouched (the caller's
     * extended precision still reads their arguments, which out may overwrite) */
    unsigned keep = (1u << cnt) - 1;
    if (auto_ok) {
        *auto_ok = bq_auto_ok(rv, re, n);
        if ((*auto_ok & keep) != keep) {
            keep &= *auto_ok;
            store_block(&x, re, 0, cnt, eout, len, 0, NULL);
        }
    }
    dn_lane *v = q.t[0]; /* dn_expr_eval_prec's verdict: NaN, the bound, or Inf */
    if (err)
        for (size_t k = 0; k < len; k++)
            v[k] = dnil_sel(rv[k] != rv[k], DNIL_V(NAN),
                            dnil_sel(dnil_isfinite(rv[k]) & dnil_isfinite(re[k]), re[k],
                                     DNIL_V(INFINITY)));
    for (size_t i = 0; i < cnt; i++) {
        if (!(keep >> i & 1u)) continue;
        for (size_t k = 0; k < len; k++) out[i * ldout + k] = rv[k][i];
        if (err)
            for (size_t k = 0; k < len; k++) err[i * lderr + k] = v[k][i];
    }
    return 0;
}
