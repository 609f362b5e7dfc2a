/* Tapes: evaluation. Each group's program runs on blocks of BLK elements, each
 * operation a loop over the block, carrying only the derivatives of the local variables
 * its result depends on (lop.m); the results are added, times the elements' factors, into
 * the gradient and the diagonal, H v or the sparse Hessian. The drivers dn_*_tape. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/dnum.h"
#include "dnum/internal/chain2.h"
#include "err_impl.h"
#include "pattern_impl.h"
#include "tape_impl.h"

/* what an evaluation computes beside the value and the gradient: nothing, the Hessian
 * diagonal, or H v (h of a node is then its gradient's derivative along v, d its
 * derivative along v) */
enum {
    GRAD = 0,
    DIAG = 1,
    HV = 2,
    FULL = 3, /* the Hessian's entries of each pair */
    JAC = 4   /* a tape's constraints: their values and the Jacobian's entries */
};

/* the weights of the Lagrangian sigma f + sum_i lambda_i c_i (FULL over every group) */
typedef struct tp_w {
    double sigma;
    const double *lam;
} tp_w;

/* the scratch of an evaluation: doubles */
static size_t scratch_size(const dn_tape_o2 *T, int mode)
{
    size_t per = 3 + 2 * (size_t)T->maxnv + (mode == FULL ? dni_tp_pairs(T->maxnv) : 0);
    return ((size_t)T->maxnl * per + 3) * BLK;
}

/* the loops of an evaluation: for t over the block */
#define EACH(...)                                                                          \
    for (unsigned t = 0; t < nb; t++) {                                                    \
        __VA_ARGS__;                                                                       \
    }

/* the Hessian entries of every pair of variables p >= q of each operation of G for the
 * block t0 .. t0 + nb - 1, from the values and gradients that eval_group left in S (and
 * each function's f', f'' in D, E); the entry of a pair a node does not depend on both
 * variables of is not written, and reads as 0 */
static void pairs_block(const tgroup *G, size_t t0, unsigned nb, double *S, unsigned nl,
                        unsigned nv)
{
    const size_t nt = G->nt, np = dni_tp_pairs(nv);
    double *V = S, *D = V + (size_t)nl * BLK, *Gd = D + (size_t)nl * BLK;
    double *E = Gd + 2 * (size_t)nl * nv * BLK, *Pd = E + (size_t)nl * BLK;
    for (unsigned l = 0; l < nl; l++) {
        const lop o = G->prog[l];
        const unsigned ma = G->prog[o.a].m, mb = G->prog[o.b].m;
        const double *v = V + (size_t)l * BLK, *va = V + (size_t)o.a * BLK;
        const double *vb = V + (size_t)o.b * BLK, *f1 = D + (size_t)l * BLK;
        const double *f2 = E + (size_t)l * BLK;
        const double *cc = G->cst + (size_t)o.k * nt + t0;
        const double c0 = G->cval[o.k];
        const int uni = G->uni[o.k];
        for (unsigned p = 0, k = 0; p < nv; p++)
            for (unsigned q = 0; q <= p; q++, k++) {
                if (!(o.m >> p & o.m >> q & 1)) continue;
                double *r = Pd + ((size_t)l * np + k) * BLK;
                const int aa = ma >> p & ma >> q & 1, bb = mb >> p & mb >> q & 1;
                const int ap = ma >> p & 1, aq = ma >> q & 1, bp = mb >> p & 1,
                          bq = mb >> q & 1;
                const double *pa = Pd + ((size_t)o.a * np + k) * BLK;
                const double *pb = Pd + ((size_t)o.b * np + k) * BLK;
                const double *gap = Gd + ((size_t)o.a * nv + p) * BLK;
                const double *gaq = Gd + ((size_t)o.a * nv + q) * BLK;
                const double *gbp = Gd + ((size_t)o.b * nv + p) * BLK;
                const double *gbq = Gd + ((size_t)o.b * nv + q) * BLK;
                const double *gp = Gd + ((size_t)l * nv + p) * BLK;
                const double *gq = Gd + ((size_t)l * nv + q) * BLK;
#define A_(z) (aa ? pa[z] : 0.0)
#define B_(z) (bb ? pb[z] : 0.0)
                switch (o.op) {
                case DNI_TP_VAR: EACH(r[t] = 0.0) break;
                case DNI_TP_ADD: EACH(r[t] = A_(t) + B_(t)) break;
                case DNI_TP_SUB: EACH(r[t] = A_(t) - B_(t)) break;
                case DNI_TP_MUL: /* a b'' + b a'' + a'_p b'_q + a'_q b'_p */
                    EACH(r[t] = va[t] * B_(t) + vb[t] * A_(t) +
                                (ap && bq ? gap[t] * gbq[t] : 0.0) +
                                (aq && bp ? gaq[t] * gbp[t] : 0.0))
                    break;
                case DNI_TP_DIV: /* (a'' - q'_p b'_q - q'_q b'_p - q b'') / b */
                    EACH(r[t] = (A_(t) - (bq ? gp[t] * gbq[t] : 0.0) -
                                 (bp ? gq[t] * gbp[t] : 0.0) - v[t] * B_(t)) /
                                vb[t])
                    break;
                case DNI_TP_NEG:
                case DNI_TP_DSUB: EACH(r[t] = -pa[t]) break;
                case DNI_TP_ADDD: EACH(r[t] = pa[t]) break;
                case DNI_TP_MULD: EACH(r[t] = pa[t] * (uni ? c0 : cc[t])) break;
                case DNI_TP_DIVD: EACH(r[t] = pa[t] / (uni ? c0 : cc[t])) break;
                default: /* f(a): f' a'' + f'' a'_p a'_q */
                    EACH(r[t] = f1[t] * pa[t] + f2[t] * gap[t] * gaq[t])
                    break;
                }
#undef A_
#undef B_
            }
    }
}

/* v, F1, F2 = f, f', f'' of the function of op at va[0 .. nb - 1] (its constant c0 where
 * uni, else cc[t]): the rows of the operation table with a formula (DNI2_UNARY_TABLE, as
 * the one-pass numbers dsp_o2 compute them) and the powers in the loop, the others
 * through dnum_o2 */
static void fn_block(unsigned op, const double *va, double c0, const double *cc, int uni,
                     unsigned nb, double *v, double *F1, double *F2)
{
    switch (op) {
#define ROW(A, name, F0, F1F2)                                                             \
    case DNI_TP_FN + DNI_TP_ROW_##name:                                                    \
        for (unsigned t = 0; t < nb; t++) {                                                \
            double x = va[t], f0 = (F0), f1, f2;                                           \
            F1F2;                                                                          \
            v[t] = f0, F1[t] = f1, F2[t] = f2;                                             \
        }                                                                                  \
        return;
        DNI2_UNARY_TABLE(ROW, ~)
#undef ROW
    case DNI_TP_POWD:
    case DNI_TP_POWN: /* (pown as the one-pass numbers take it: pow_d) */
        for (unsigned t = 0; t < nb; t++)
            dni_dnc2_pow_d(va[t], uni ? c0 : cc[t], &v[t], &F1[t], &F2[t]);
        return;
    default:
        for (unsigned t = 0; t < nb; t++) {
            dnum_o2 r = dni_tp_fn_at(op, uni ? c0 : cc[t], va[t]);
            v[t] = r.d[0], F1[t] = r.d[1], F2[t] = r.d[2];
        }
    }
}

/* adds group G's elements at x into *f, g and (mode) h, times their weights w (NULL:
 * 1); v: the direction (HV); S: the scratch. JAC: the values into g (by constraint) and
 * the gradients into h (the Jacobian's entries). */
static inline __attribute__((always_inline)) void
eval_group(const tgroup *G, const double *x, const double *vdir, const tp_w *w, double *f,
           double *g, double *h, double *S, int mode)
{
    const unsigned nl = G->nl, nv = G->nv;
    const size_t nt = G->nt;
    double *V = S, *D = V + (size_t)nl * BLK, *Gd = D + (size_t)nl * BLK;
    double *Hd = Gd + (size_t)nl * nv * BLK;
    double *E = Hd + (size_t)nl * nv * BLK, *Pd = E + (size_t)nl * BLK;
    double *F0 = Pd + (mode == FULL ? (size_t)nl * dni_tp_pairs(nv) * BLK : 0),
           *F1 = F0 + BLK, *F2 = F1 + BLK;
    const size_t np = dni_tp_pairs(nv);
#define VV(l) (V + (size_t)(l)*BLK)
#define PP(l, k) (Pd + ((size_t)(l)*np + (k)) * BLK)
#define DD(l) (D + (size_t)(l)*BLK)
#define GG(l, j) (Gd + ((size_t)(l)*nv + (j)) * BLK)
#define HH(l, j) (Hd + ((size_t)(l)*nv + (j)) * BLK)
    for (size_t t0 = 0; t0 < nt; t0 += BLK) {
        const unsigned nb = nt - t0 < BLK ? (unsigned)(nt - t0) : BLK;
        for (unsigned l = 0; l < nl; l++) {
            const lop o = G->prog[l];
            double *v = VV(l), *d = DD(l);
            const double *va = VV(o.a), *vb = VV(o.b), *da = DD(o.a), *db = DD(o.b);
            const double *cc = G->cst + (size_t)o.k * nt + t0;
            const double c0 = G->cval[o.k];
            const int uni = G->uni[o.k];
            const unsigned ma = G->prog[o.a].m, mb = G->prog[o.b].m;
            switch (o.op) {
            case DNI_TP_VAR: {
                const uint32_t *ix = G->vidx + (size_t)o.a * nt + t0;
                double *gj = GG(l, o.a), *hj = HH(l, o.a);
                EACH(v[t] = x[ix[t]]; gj[t] = 1.0)
                if ((mode == DIAG || mode == HV)) EACH(hj[t] = 0.0)
                if (mode == HV) EACH(d[t] = vdir[ix[t]])
            } break;
            case DNI_TP_ADD:
            case DNI_TP_SUB: {
                const double s = o.op == DNI_TP_SUB ? -1.0 : 1.0;
                EACH(v[t] = va[t] + s * vb[t])
                if (mode == HV) EACH(d[t] = da[t] + s * db[t])
                for (unsigned j = 0; j < nv; j++) {
                    const int ia = ma >> j & 1, ib = mb >> j & 1;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *gb = GG(o.b, j);
                    const double *ha = HH(o.a, j), *hb = HH(o.b, j);
                    if (ia && ib) {
                        EACH(gj[t] = ga[t] + s * gb[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = ha[t] + s * hb[t])
                    } else if (ia) {
                        EACH(gj[t] = ga[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = ha[t])
                    } else if (ib) {
                        EACH(gj[t] = s * gb[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = s * hb[t])
                    }
                }
            } break;
            case DNI_TP_MUL:
                /* (a b)'' = a b'' + 2 a' b' + b a''; along v: a (b')_v + b (a')_v + a' b_v +
                 * a_v b' */
                EACH(v[t] = va[t] * vb[t])
                if (mode == HV) EACH(d[t] = va[t] * db[t] + vb[t] * da[t])
                for (unsigned j = 0; j < nv; j++) {
                    const int ia = ma >> j & 1, ib = mb >> j & 1;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *gb = GG(o.b, j);
                    const double *ha = HH(o.a, j), *hb = HH(o.b, j);
                    if (ia && ib) {
                        if (mode == DIAG)
                            EACH(hj[t] =
                                     va[t] * hb[t] + 2.0 * ga[t] * gb[t] + vb[t] * ha[t])
                        if (mode == HV)
                            EACH(hj[t] = va[t] * hb[t] + vb[t] * ha[t] + ga[t] * db[t] +
                                         da[t] * gb[t])
                        EACH(gj[t] = va[t] * gb[t] + vb[t] * ga[t])
                    } else if (ia) {
                        if (mode == DIAG) EACH(hj[t] = vb[t] * ha[t])
                        if (mode == HV) EACH(hj[t] = vb[t] * ha[t] + ga[t] * db[t])
                        EACH(gj[t] = vb[t] * ga[t])
                    } else if (ib) {
                        if (mode == DIAG) EACH(hj[t] = va[t] * hb[t])
                        if (mode == HV) EACH(hj[t] = va[t] * hb[t] + da[t] * gb[t])
                        EACH(gj[t] = va[t] * gb[t])
                    }
                }
                break;
            case DNI_TP_DIV:
                /* q = a / b: q' = (a' - q b') / b, q'' = (a'' - 2 q' b' - q b'') / b; along v:
                 * ((a')_v - q_v b' - q (b')_v - q' b_v) / b */
                EACH(v[t] = va[t] / vb[t])
                if (mode == HV) EACH(d[t] = (da[t] - v[t] * db[t]) / vb[t])
                for (unsigned j = 0; j < nv; j++) {
                    if (!(o.m >> j & 1)) continue;
                    const int ia = ma >> j & 1, ib = mb >> j & 1;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *gb = GG(o.b, j);
                    const double *ha = HH(o.a, j), *hb = HH(o.b, j);
                    EACH(double ga_ = ia ? ga[t] : 0.0; double gb_ = ib ? gb[t] : 0.0;
                         double ha_ = ia && (mode == DIAG || mode == HV) ? ha[t] : 0.0;
                         double hb_ = ib && (mode == DIAG || mode == HV) ? hb[t] : 0.0;
                         double q1 = (ga_ - v[t] * gb_) / vb[t];
                         if (mode == DIAG) hj[t] =
                             (ha_ - 2.0 * q1 * gb_ - v[t] * hb_) / vb[t];
                         if (mode == HV) hj[t] =
                             (ha_ - d[t] * gb_ - v[t] * hb_ - q1 * db[t]) / vb[t];
                         gj[t] = q1)
                }
                break;
            case DNI_TP_NEG:
            case DNI_TP_ADDD:
            case DNI_TP_DSUB:
            case DNI_TP_MULD:
            case DNI_TP_DIVD: {
                /* s a + c (NEG, ADDD, DSUB), a c, a / c (MULD, DIVD): derivatives times s, c
                 * or 1 / c */
                double *F = F0;
                EACH(F[t] = uni ? c0 : cc[t])
                switch (o.op) {
                case DNI_TP_NEG: EACH(v[t] = -va[t]; F[t] = -1.0) break;
                case DNI_TP_ADDD: EACH(v[t] = va[t] + F[t]; F[t] = 1.0) break;
                case DNI_TP_DSUB: EACH(v[t] = F[t] - va[t]; F[t] = -1.0) break;
                case DNI_TP_MULD: EACH(v[t] = va[t] * F[t]) break;
                default: EACH(v[t] = va[t] / F[t]) break;
                }
                const int dv = o.op == DNI_TP_DIVD;
                if (mode == HV) {
                    if (dv) EACH(d[t] = da[t] / F[t])
                    else EACH(d[t] = da[t] * F[t])
                }
                for (unsigned j = 0; j < nv; j++) {
                    if (!(o.m >> j & 1)) continue;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *ha = HH(o.a, j);
                    if (dv) {
                        EACH(gj[t] = ga[t] / F[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = ha[t] / F[t])
                    } else {
                        EACH(gj[t] = ga[t] * F[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = ha[t] * F[t])
                    }
                }
            } break;
            default: /* f(a): f(a)' = f1 a', f(a)'' = f1 a'' + f2 a'^2; along v: f1 (a')_v +
                        f2 a' a_v */
                fn_block(o.op, va, c0, cc, uni, nb, v, F1, F2);
                if (mode == HV) EACH(d[t] = F1[t] * da[t])
                if (mode == FULL) { /* (f', f'' kept for the pairs) */
                    double *e = E + (size_t)l * BLK;
                    EACH(d[t] = F1[t]; e[t] = F2[t])
                }
                for (unsigned j = 0; j < nv; j++) {
                    if (!(o.m >> j & 1)) continue;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *ha = HH(o.a, j);
                    if (mode == DIAG) EACH(hj[t] = F1[t] * ha[t] + F2[t] * ga[t] * ga[t])
                    if (mode == HV) EACH(hj[t] = F1[t] * ha[t] + F2[t] * ga[t] * da[t])
                    EACH(gj[t] = F1[t] * ga[t])
                }
                break;
            }
        }
        if (mode == FULL) pairs_block(G, t0, nb, S, nl, nv);
        /* the elements' results, times their factors, into f, g, h */
        const unsigned r = nl - 1;
        const double *fac = G->fac + t0, *v = VV(r);
        if (w && G->con) { /* (F0 is free here) */
            const uint32_t *rw = G->row + t0;
            EACH(F0[t] = fac[t] * w->lam[rw[t]])
            fac = F0;
        } else if (w) {
            EACH(F0[t] = fac[t] * w->sigma)
            fac = F0;
        }
        if (mode == JAC) {
            const uint32_t *rw = G->row + t0;
            EACH(g[rw[t]] += fac[t] * v[t])
            for (unsigned j = 0; j < nv; j++) {
                const uint32_t *jp = G->jpos + (size_t)j * nt + t0;
                const double *gj = GG(r, j);
                if (G->prog[r].m >> j & 1) EACH(h[jp[t]] += fac[t] * gj[t])
            }
            continue;
        }
        double fs = 0.0;
        EACH(fs += fac[t] * v[t])
        *f += fs;
        for (unsigned j = 0; j < nv && (g || mode != FULL);
             j++) { /* (FULL: g may be NULL) */
            if (!(G->prog[r].m >> j & 1)) continue;
            const uint32_t *ix = G->vidx + (size_t)j * nt + t0;
            const double *gj = GG(r, j), *hj = HH(r, j);
            EACH(g[ix[t]] += fac[t] * gj[t])
            if (mode == DIAG || mode == HV) EACH(h[ix[t]] += fac[t] * hj[t])
        }
        for (size_t k = 0, sk = 0; mode == FULL && k < np;
             k++) { /* h: the pattern's values */
            if (!(G->sp >> k & 1)) continue;
            const uint32_t *hp = G->hpos + sk++ * nt + t0;
            const double *pk = PP(r, k);
            EACH(h[hp[t]] += fac[t] * pk[t])
        }
    }
#undef VV
#undef DD
#undef GG
#undef HH
#undef PP
}

/* f, g and (mode) h of the tape at x (and direction v); compiled for AVX2 too where GCC
 * picks the version at load time (glibc's ifunc): 1.3x faster there, the same bits (no
 * fused multiply-adds in either). Not under the sanitizers: an instrumented ifunc
 * resolver runs before their run time is set up (ThreadSanitizer: a crash at load). */
#if defined(__x86_64__) && defined(__GLIBC__) && defined(__GNUC__) &&                      \
    !defined(__clang__) && !defined(__SANITIZE_THREAD__) && !defined(__SANITIZE_ADDRESS__)
#define DNI_TP_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define DNI_TP_CLONES
#endif
/* The tape at x: f, g and (mode) h of its objective (v: the direction of HV); FULL with
 * weights w: of the Lagrangian; JAC: the constraints' values into g and their Jacobian's
 * entries into h. */
DNI_TP_CLONES static void eval_tape(const dn_tape_o2 *T, const double *x, const double *v,
                                    const tp_w *w, double *f, double *g, double *h,
                                    double *S, int mode)
{
    if (mode == JAC) {
        memcpy(g, T->c0, T->m * sizeof *g);
        memset(h, 0, T->jnnz * sizeof *h);
        for (unsigned k = 0; k < T->ng; k++)
            if (T->g[k].con) eval_group(&T->g[k], x, NULL, NULL, f, g, h, S, JAC);
        return;
    }
    *f = w ? w->sigma * T->f0 : T->f0;
    for (unsigned i = 0; w && i < T->m; i++) *f += w->lam[i] * T->c0[i];
    if (g) memset(g, 0, T->n * sizeof *g);
    if (mode != GRAD) memset(h, 0, (mode == FULL ? T->nnz : T->n) * sizeof *h);
    for (unsigned k = 0; k < T->ng; k++) {
        const tgroup *G = &T->g[k];
        if (G->con && !w) continue; /* (the objective's alone) */
        if (mode == DIAG) eval_group(G, x, NULL, NULL, f, g, h, S, DIAG);
        else if (mode == HV) eval_group(G, x, v, NULL, f, g, h, S, HV);
        else if (mode == FULL && w) eval_group(G, x, NULL, w, f, NULL, h, S, FULL);
        else if (mode == FULL) eval_group(G, x, NULL, NULL, f, g, h, S, FULL);
        else eval_group(G, x, NULL, NULL, f, g, NULL, S, GRAD);
    }
}
#undef EACH

/* ---- the drivers ------------------------------------------------------------------------- */

/* the drivers' common part (mode GRAD, DIAG or HV) */
static int tape_driver(const char *fn, double *fx, double *grad, double *h,
                       const dn_tape_o2 *T, const double *x, const double *v, int mode,
                       dn_errinfo *err)
{
    unsigned tpos = mode == GRAD ? 3 : 4;
    if (!T->ready)
        return dni_fail(err, DN_EINVAL, tpos, SIZE_MAX,
                        "%s: argument %u: the tape holds no objective (record one with "
                        "dn_tape_o2_record)",
                        fn, tpos);
    size_t ns = scratch_size(T, mode), n = T->n;
    double *S = w_array(T->al, ns, sizeof *S);
    double *g = grad ? grad : w_array(T->al, n, sizeof *g);
    if (!S || !g) {
        w_free(T->al, S, ns * sizeof *S);
        if (!grad) w_free(T->al, g, n * sizeof *g);
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (scratch)", fn);
    }
    double f;
    eval_tape(T, x, v, NULL, &f, g, h, S, mode);
    if (fx) *fx = f;
    w_free(T->al, S, ns * sizeof *S);
    if (!grad) w_free(T->al, g, n * sizeof *g);
    return dni_ok(err);
}

/* the problems of dnum/nlp.h (tape_impl.h): one evaluation with its scratch; 0 or -1 */
static int nlp_eval(const dn_tape_o2 *T, const tp_w *w, double *f, double *g, double *h,
                    const double *x, int mode)
{
    size_t ns = scratch_size(T, mode);
    double *S = w_array(T->al, ns, sizeof *S), fx;
    if (!S) return -1;
    eval_tape(T, x, NULL, w, f ? f : &fx, g, h, S, mode);
    w_free(T->al, S, ns * sizeof *S);
    return 0;
}

int dni_tp_obj(const dn_tape_o2 *T, const double *x, double *f, double *grad)
{
    return nlp_eval(T, NULL, f, grad, NULL, x, GRAD);
}

int dni_tp_cons(const dn_tape_o2 *T, const double *x, double *c, double *jac)
{
    return nlp_eval(T, NULL, NULL, c, jac, x, JAC);
}

int dni_tp_lag(const dn_tape_o2 *T, const double *x, double sigma, const double *lambda,
               double *hval)
{
    const tp_w w = {sigma, lambda};
    return nlp_eval(T, &w, NULL, NULL, hval, x, FULL);
}

int dn_grad_tape_ex(double *fx, double *grad, const dn_tape_o2 *tape, const double *x,
                    dn_errinfo *err)
{
    static const char fn[] = "dn_grad_tape";
    const dni_req req[] = {{grad != NULL, 2, "grad is NULL"},
                           {tape != NULL, 3, "tape is NULL (make one with dn_tape_o2_new)"},
                           {x != NULL, 4, "x is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return tape_driver(fn, fx, grad, NULL, tape, x, NULL, GRAD, err);
}

int dn_grad_tape(double *fx, double *grad, const dn_tape_o2 *tape, const double *x)
{
    return dn_grad_tape_ex(fx, grad, tape, x, NULL);
}

int dn_hessdiag_tape_ex(double *fx, double *grad, double *hdiag, const dn_tape_o2 *tape,
                        const double *x, dn_errinfo *err)
{
    static const char fn[] = "dn_hessdiag_tape";
    const dni_req req[] = {{hdiag != NULL, 3, "hdiag is NULL"},
                           {tape != NULL, 4, "tape is NULL (make one with dn_tape_o2_new)"},
                           {x != NULL, 5, "x is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return tape_driver(fn, fx, grad, hdiag, tape, x, NULL, DIAG, err);
}

int dn_hessdiag_tape(double *fx, double *grad, double *hdiag, const dn_tape_o2 *tape,
                     const double *x)
{
    return dn_hessdiag_tape_ex(fx, grad, hdiag, tape, x, NULL);
}

int dn_hessvec_tape_ex(double *fx, double *grad, double *hv, const dn_tape_o2 *tape,
                       const double *x, const double *v, dn_errinfo *err)
{
    static const char fn[] = "dn_hessvec_tape";
    const dni_req req[] = {{hv != NULL, 3, "hv is NULL"},
                           {tape != NULL, 4, "tape is NULL (make one with dn_tape_o2_new)"},
                           {x != NULL, 5, "x is NULL"},
                           {v != NULL, 6, "v is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return tape_driver(fn, fx, grad, hv, tape, x, v, HV, err);
}

int dn_hessvec_tape(double *fx, double *grad, double *hv, const dn_tape_o2 *tape,
                    const double *x, const double *v)
{
    return dn_hessvec_tape_ex(fx, grad, hv, tape, x, v, NULL);
}

int dn_hessian_tape_ex(double *fx, double *grad, dn_sphess *H, const dn_tape_o2 *tape,
                       const double *x, dn_errinfo *err)
{
    static const char fn[] = "dn_hessian_tape";
    const dni_req req[] = {{H != NULL, 3, "H is NULL (make one with dn_sphess_init)"},
                           {tape != NULL, 4, "tape is NULL (make one with dn_tape_o2_new)"},
                           {x != NULL, 5, "x is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    if (!tape->ready) /* (the message of the drivers) */
        return tape_driver(fn, fx, grad, NULL, tape, x, NULL, FULL, err);
    if (dni_pat_adopt(H, tape->n, tape->rowptr, tape->col, tape->nnz))
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (H)", fn);
    return tape_driver(fn, fx, grad, H->val, tape, x, NULL, FULL, err);
}

int dn_hessian_tape(double *fx, double *grad, dn_sphess *H, const dn_tape_o2 *tape,
                    const double *x)
{
    return dn_hessian_tape_ex(fx, grad, H, tape, x, NULL);
}
