/* One-pass order-2 numbers (dnum/sparse_o2.h, dnum/sparseh_o2.h): the operations on lists and
 * accumulators, called by the headers' inline operations when a number does not fit inline:
 * sums into accumulators, accumulators written out as lists, the chain rules on lists
 * (diagonal, H v and sparse-Hessian modes) and the entry points dni_dsp_o2_*_l, dni_dsph_o2_*_l. */
#include "sparse2_impl.h"

INL lst chain_x(lst u, double f0, double f1, double f2);
INL lst chain2_x(lst a, lst b, double f0, const double p[5], int sum);
INL lst addsub_x(lst a, lst b, double c);
static lst chain_list_p(const lst *u, double f0, double f1, double f2);
static lst chain2_list_p(const lst *a, const lst *b, double f0, double fa, double fb,
                         double faa, double fab, double fbb, int sum, int kind);

/* the same by value (the callee reads its operands from a fresh copy, field by field) */
INL lst chain_list(lst u, double f0, double f1, double f2)
{
    lst t = u;
    return chain_list_p(&t, f0, f1, f2);
}
INL lst chain2_list(lst a, lst b, double f0, double fa, double fb, double faa, double fab,
                    double fbb, int sum, int kind)
{
    lst ta = a, tb = b;
    return chain2_list_p(&ta, &tb, f0, fa, fb, faa, fab, fbb, sum, kind);
}

/* an inline number as a list at the arena top (diagonal and H v mode only) */
INL lst mat_inline(const dsp_o2 *a)
{
    dsp_o2_work *w = a->w;
    uint32_t s = a->off;
    if (reserve(w, s ? s : 1)) return lst_const(a->v);
    size_t r = w->top;
    for (uint32_t k = 0; k < s; k++) {
        w->idx[r + k] = a->e[k].i, w->g[r + k] = a->e[k].g, w->h[r + k] = a->e[k].h;
        w->sf[r + k] = 1;
    }
    w->top = r + s;
    return list_num(a->v, a->d, w, r, s, w->epoch);
}

/* ---- accumulators ----------------------------------------------------------------------- */

/* A += c * t for a list t */
INL void acc_list(dsp_o2_work *w, dni_dsp_o2_acc *A, lst t, double c)
{
    if (!t.w || !t.len || stale(w, t)) return;
    size_t o = t.off, s = t.len;
    c *= t.c;
    if (w->mode == DNI_DSP_O2_SPARSE) {
        if (dni_dsp_o2_trip_reserve(w, A, tri(s))) return;
        for (size_t p = 0; p < s; p++) {
            uint32_t i = w->idx[o + p];
            dni_dsp_o2_touch(A, i);
            A->g[i] += c * w->g[o + p];
            for (size_t q = 0; q <= p; q++) {
                if (!w->sf[o + tri(p) + q]) continue; /* not structural */
                size_t k = A->tcnt++;
                A->ti[k] = i;
                A->tj[k] = w->idx[o + q];
                A->tv[k] = c * w->h[o + tri(p) + q];
            }
        }
        return;
    }
    for (size_t p = 0; p < s; p++) {
        uint32_t i = w->idx[o + p];
        dni_dsp_o2_touch(A, i);
        A->g[i] += c * w->g[o + p];
        A->h[i] += c * w->h[o + p];
    }
}

/* A += c * b for another accumulator B, read through b's view coefficients (b.c, b.q);
 * B is emptied on the way (the caller releases it right after) */
static void acc_acc(dsp_o2_work *w, dni_dsp_o2_acc *A, dni_dsp_o2_acc *B, lst b, double c)
{
    double cg = c * b.c, q = c * b.q;
    int hv = w->mode == DNI_DSP_O2_HV;
    for (size_t k = 0; k < B->cnt; k++) {
        uint32_t i = B->list[k];
        double g = B->g[i], h = B->h[i];
        dni_dsp_o2_touch(A, i);
        A->g[i] += cg * g;
        A->h[i] += view_h(cg, q, g, h, hv);
        B->g[i] = B->h[i] = 0.0, B->in[i] = 0;
    }
    B->cnt = 0;
    if (w->mode == DNI_DSP_O2_SPARSE && B->tcnt &&
        !dni_dsp_o2_trip_reserve(w, A, B->tcnt)) {
        for (size_t k = 0; k < B->tcnt; k++) {
            A->ti[A->tcnt] = B->ti[k];
            A->tj[A->tcnt] = B->tj[k];
            A->tv[A->tcnt++] = c * B->tv[k];
        }
    }
}

static void acc_scale(dni_dsp_o2_acc *A, double c)
{
    for (size_t k = 0; k < A->cnt; k++) {
        uint32_t i = A->list[k];
        A->g[i] *= c;
        A->h[i] *= c;
    }
    for (size_t k = 0; k < A->tcnt; k++) A->tv[k] *= c;
}

/* releases the storage made since accumulator k was created: the arena above its mark
 * and every accumulator made after it */
static void release(dsp_o2_work *w, unsigned k)
{
    dni_dsp_o2_recycle(w, w->acc[k].amark);
    while (w->nacc > k + 1) dsp_o2i_acc_clean(&w->acc[--w->nacc]);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* an accumulator as an ordinary list at the arena top (for an operation other than a sum);
 * a list is returned unchanged */
INL lst materialize(lst a)
{
    if (!a.w || !(a.len & DNI_DSP_O2_ACC)) return a;
    dsp_o2_work *w = a.w;
    int k = acc_slot(w, a);
    if (k < 0) return lst_const(a.v);
    dni_dsp_o2_acc *A = &w->acc[k];
    if (!A->sorted) {
        qsort(A->list, A->cnt, sizeof *A->list, cmp_u32);
        A->sorted = 1;
    }
    size_t s = A->cnt, m = w->mode == DNI_DSP_O2_SPARSE ? tri(s) : s;
    if (s == 0) m = 1;
    if (reserve(w, m)) return lst_const(a.v);
    size_t r = w->top;
    double c = a.c, q = a.q;
    int hv = w->mode == DNI_DSP_O2_HV;
    for (size_t p = 0; p < s; p++) {
        uint32_t i = A->list[p];
        double g = A->g[i];
        w->idx[r + p] = i;
        w->g[r + p] = c * g;
        w->h[r + p] = view_h(c, q, g, A->h[i], hv);
        w->pos[i] = (uint32_t)p;
    }
    if (w->mode == DNI_DSP_O2_SPARSE) { /* the triangle of the triplets, structural there */
        memset(w->sf + r, 0, m);
        for (size_t p = 0; p < m; p++) w->h[r + p] = 0.0;
        for (size_t t = 0; t < A->tcnt; t++) {
            size_t p = w->pos[A->ti[t]], q = w->pos[A->tj[t]];
            w->h[r + tri(p) + q] += A->tv[t];
            w->sf[r + tri(p) + q] = 1;
        }
    }
    w->top = r + m;
    if (s == 0) { /* active but without entries: an empty list */
        w->idx[r] = 0, w->g[r] = w->h[r] = 0.0;
    }
    a.off = (uint32_t)r;
    a.len = (uint32_t)s;
    a.st = w->epoch;
    a.c = 1.0;
    return a;
}

/* a list with scale 1 (a scaled list is copied with its scale applied) */
INL lst plain(lst a)
{
    if (!a.w || (a.len & DNI_DSP_O2_ACC) || a.c == 1.0) return a;
    dsp_o2_work *w = a.w;
    size_t s = a.len, m = w->mode == DNI_DSP_O2_SPARSE ? tri(s) : s;
    if (m == 0) m = 1;
    if (reserve(w, m)) return lst_const(a.v);
    size_t r = w->top, o = a.off;
    for (size_t k = 0; k < s; k++)
        w->idx[r + k] = w->idx[o + k], w->g[r + k] = a.c * w->g[o + k];
    for (size_t k = 0; k < m; k++) {
        w->h[r + k] = a.c * w->h[o + k];
        w->sf[r + k] = w->sf[o + k];
    }
    w->top = r + m;
    a.off = (uint32_t)r;
    a.st = w->epoch;
    a.c = 1.0;
    return a;
}

/* A += c * t for a list t (for the drivers) */
void dsp_o2i_acc_list(dsp_o2_work *w, dni_dsp_o2_acc *A, lst t, double c)
{
    acc_list(w, A, t, c);
}

/* ---- the list halves of the inline operations (dnum/sparse_o2.h) ----------------------- */

/* f(u) for a list, an accumulator or a passive u */
static lst chain_list_p(const lst *up, double f0, double f1, double f2)
{
    lst u = *up;
    dsp_o2_work *w = u.w;
    if (!w) return lst_const(f0);
    if (u.len & DNI_DSP_O2_ACC) return chain_x(u, f0, f1, f2);
    if (f2 == 0.0 && f0 == f0) { /* linear: the list is shared, scaled */
        u.v = f0;
        u.d *= f1;
        u.c *= f1;
        return u;
    }
    if (w->mode == DNI_DSP_O2_SPARSE) return chain_x(u, f0, f1, f2);
    if (f0 != f0) f1 = f2 = f0; /* undefined function: undefined derivatives */
    if (stale(w, u)) return lst_const(f0);
    uint32_t n = u.len;
    if (w->top + n > w->cap && dsp_o2i_grow(w, n)) return lst_const(f0);
    size_t r = w->top, a = u.off;
    uint32_t *restrict ix = w->idx;
    double *restrict G = w->g, *restrict H = w->h;
    double c = u.c, f1c = f1 * c; /* the stored entries are 1/c of u's */
    if (w->mode == DNI_DSP_O2_HV) {
        double m = f2 * u.d * c;
        for (uint32_t k = 0; k < n; k++) {
            double g = G[a + k];
            ix[r + k] = ix[a + k];
            G[r + k] = f1c * g;
            H[r + k] = f1c * H[a + k] + m * g;
        }
    } else {
        double f2c = f2 * c * c;
        for (uint32_t k = 0; k < n; k++) {
            double g = G[a + k];
            ix[r + k] = ix[a + k];
            G[r + k] = f1c * g;
            H[r + k] = f1c * H[a + k] + f2c * g * g;
        }
    }
    w->top = r + n;
    u.v = f0;
    u.d = f1 * u.d;
    u.c = 1.0;
    u.off = (uint32_t)r;
    u.st = w->epoch;
    return u;
}

/* f(a, b) for lists, accumulators or passive numbers. Special paths, in order: a passive
 * operand (a chain rule on the other, O(1) when linear), the same list twice (u * u,
 * u + c u: one staleness check, one pass), two one-entry lists (no merge loop); otherwise
 * the general merge. */
static lst chain2_list_p(const lst *ap, const lst *bp, double f0, double fa, double fb,
                         double faa, double fab, double fbb, int sum, int kind)
{
    lst a = *ap, b = *bp;
    dsp_o2_work *w = a.w ? a.w : b.w;
    if (!w) return lst_const(f0);
    if (f0 == f0) { /* (a NaN value takes the general path: derivatives as computed) */
        if (!b.w) return chain_list(a, f0, fa, faa);
        if (!a.w) return chain_list(b, f0, fb, fbb);
    }
    if (w->mode == DNI_DSP_O2_SPARSE || ((a.len | b.len) & DNI_DSP_O2_ACC)) {
        double p[5] = {fa, fb, faa, fab, fbb};
        return chain2_x(a, b, f0, p, sum);
    }
    uint32_t la = a.len, lb = b.len;
    int same = la == lb && a.off == b.off && a.st == b.st; /* the same list */
    if (stale(w, a) || (!same && stale(w, b))) return lst_const(f0);
    size_t r = w->top;
    if (r + la + lb > w->cap) {
        if (dsp_o2i_grow(w, (size_t)la + lb)) return lst_const(f0);
    }
    uint32_t k;
    int hv = w->mode == DNI_DSP_O2_HV;
    uint32_t *restrict ix = w->idx;
    double *restrict G = w->g, *restrict H = w->h;
    double ca = a.c, cb = b.c; /* scales of the stored entries */
    double da = hv ? a.d : 0.0, db = hv ? b.d : 0.0;
    if (same) {
        double fs = fa * ca + fb * cb;
        const uint32_t *restrict ia = ix + a.off;
        const double *restrict ga = G + a.off, *restrict ha = H + a.off;
        for (k = 0; k < la; k++) {
            double gA = ca * ga[k], gB = cb * ga[k], mA = hv ? da : gA, mB = hv ? db : gB;
            ix[r + k] = ia[k];
            G[r + k] = fs * ga[k];
            H[r + k] = fs * ha[k] + DNI_DSP_O2_Q(kind, gA, gB, mA, mB, faa, fab, fbb);
        }
    } else if (la == 1 && lb == 1) { /* two single entries: one or two result entries */
        uint32_t xa = ix[a.off], xb = ix[b.off];
        double ga = ca * G[a.off], ha = ca * H[a.off];
        double gb = cb * G[b.off], hb = cb * H[b.off];
        double ma = hv ? da : ga, mb = hv ? db : gb;
        if (xa == xb) {
            ix[r] = xa;
            G[r] = fa * ga + fb * gb;
            H[r] = fa * ha + fb * hb + DNI_DSP_O2_Q(kind, ga, gb, ma, mb, faa, fab, fbb);
            k = 1;
        } else {
            size_t ra = xa < xb ? r : r + 1, rb = xa < xb ? r + 1 : r;
            ix[ra] = xa;
            G[ra] = fa * ga;
            H[ra] = fa * ha + DNI_DSP_O2_Q(kind, ga, 0.0, ma, db, faa, fab, fbb);
            ix[rb] = xb;
            G[rb] = fb * gb;
            H[rb] = fb * hb + DNI_DSP_O2_Q(kind, 0.0, gb, da, mb, faa, fab, fbb);
            k = 2;
        }
    } else {
        uint32_t i = 0, j = 0;
        k = 0;
        while (i < la || j < lb) {
            uint32_t xa = i < la ? ix[a.off + i] : UINT32_MAX;
            uint32_t xb = j < lb ? ix[b.off + j] : UINT32_MAX;
            double ga = 0.0, ha = 0.0, gb = 0.0, hb = 0.0;
            if (xa <= xb) ga = ca * G[a.off + i], ha = ca * H[a.off + i++];
            if (xb <= xa) gb = cb * G[b.off + j], hb = cb * H[b.off + j++];
            double ma = hv ? da : ga, mb = hv ? db : gb;
            ix[r + k] = xa < xb ? xa : xb;
            G[r + k] = fa * ga + fb * gb;
            H[r + k] =
                fa * ha + fb * hb + DNI_DSP_O2_Q(kind, ga, gb, ma, mb, faa, fab, fbb);
            k++;
        }
    }
    w->top = r + k;
    lst res = lst_const(f0);
    res.d = fa * a.d + fb * b.d;
    res.w = w;
    res.off = (uint32_t)r;
    res.len = k;
    res.st = w->epoch;
    return res;
}

/* dni_dsp_o2_long for lists, accumulators and passive numbers */
INL int long_lists(lst a, lst b)
{
    if ((a.len | b.len) & DNI_DSP_O2_ACC) return 1;
    if (a.len && b.len && a.w->mode == DNI_DSP_O2_SPARSE)
        return a.len + b.len > DNI_DSP_O2_PROMOTE_SP;
    return a.len + b.len > DNI_DSP_O2_PROMOTE;
}

/* a += b for the accumulator a and a list or inline number b in diagonal or H v mode (the
 * running sum of an objective); returns 0 when it does not apply */
INL int acc_fast(lst *a, lst b)
{
    dsp_o2_work *w = a->w;
    uint32_t k = a->len & ~DNI_DSP_O2_ACC;
    if (!(a->len & DNI_DSP_O2_ACC) || !w || b.w != w || (b.len & DNI_DSP_O2_ACC) ||
        w->mode == DNI_DSP_O2_SPARSE || k + 1 != w->nacc || w->acc[k].ver != a->off)
        return 0;
    if (stale(w, b)) return 0;
    dni_dsp_o2_acc *A = &w->acc[k];
    const uint32_t *ix = w->idx + b.off;
    const double *G = w->g + b.off, *H = w->h + b.off, cb = b.c;
    double *restrict ag = A->g, *restrict ah = A->h;
    for (uint32_t p = 0; p < b.len; p++) {
        uint32_t i = ix[p];
        if (!A->in[i]) {
            A->in[i] = 1;
            if (A->cnt && i < A->list[A->cnt - 1]) A->sorted = 0;
            A->list[A->cnt++] = i;
        }
        ag[i] += cb * G[p];
        ah[i] += cb * H[p];
    }
    dni_dsp_o2_recycle(w, A->amark); /* the terms added since the accumulator was made */
    a->v += b.v;
    a->d += b.d;
    a->off = ++A->ver;
    return 1;
}

/* a + c b (c = 1 or -1) */
INL lst addsub_list(lst a, lst b, double c)
{
    if (c == 1.0 && acc_fast(&a, b)) return a;
    if (long_lists(a, b)) return addsub_x(a, b, c);
    return chain2_list(a, b, a.v + c * b.v, 1.0, c, 0.0, 0.0, 0.0, 1, 0);
}

/* ---- entry points from the header: numbers to lists and back --------------------------- */

/* the list of a number (its inline entries are written to the arena) */
INL lst to_lst(const dsp_o2 *a)
{
    return a->len == DNI_DSP_O2_INL ? mat_inline(a) : head(a);
}

INL dsp_o2 to_dsp_o2(lst r)
{
    dsp_o2 x = dsp_o2_const(r.v);
    x.d = r.d, x.c = r.c, x.w = r.w, x.off = r.off, x.len = r.len, x.st = r.st;
    if (r.len & DNI_DSP_O2_VIEW) x.e[0].g = r.q;
    return x;
}

dsp_o2 dni_dsp_o2_chain_l(const dsp_o2 *u, double f0, double f1, double f2)
{
    lst l = to_lst(u);
    return to_dsp_o2(chain_list_p(&l, f0, f1, f2));
}

dsp_o2 dni_dsp_o2_chain2_l(const dsp_o2 *a, const dsp_o2 *b, double f0, const double p[5],
                           int sum, int kind)
{
    lst la = to_lst(a), lb = to_lst(b);
    return to_dsp_o2(chain2_list_p(&la, &lb, f0, p[0], p[1], p[2], p[3], p[4], sum, kind));
}

dsp_o2 dni_dsp_o2_addsub_l(const dsp_o2 *a, const dsp_o2 *b, double c)
{
    lst la = to_lst(a), lb = to_lst(b);
    return to_dsp_o2(addsub_list(la, lb, c));
}

/* ---- the same for dsph_o2 (dnum/sparseh_o2.h) ----------------------------------------------- */

/* the list of a dsph_o2: entries inside are written to the arena with their triangle */
INL lst sph_lst(const dsph_o2 *a)
{
    dsp_o2_work *w = a->w;
    if (a->len != DNI_DSP_O2_INL) {
        lst r = list_num(a->v, 0.0, w, a->off, a->len, a->st);
        r.c = w ? a->g[0] : 1.0;
        return r;
    }
    size_t s = a->off, m = tri(s) ? tri(s) : 1;
    if (reserve(w, m)) return lst_const(a->v);
    size_t r = w->top;
    for (size_t k = 0; k < s; k++) w->idx[r + k] = a->i[k], w->g[r + k] = a->g[k];
    for (size_t t = 0; t < m; t++) w->h[r + t] = a->h[t], w->sf[r + t] = (a->sf >> t) & 1u;
    w->top = r + m;
    return list_num(a->v, 0.0, w, r, s, w->epoch);
}

INL dsph_o2 sph_from(lst r)
{
    dsph_o2 x = dsph_o2_const(r.v);
    x.w = r.w, x.off = (uint32_t)r.off, x.len = (uint32_t)r.len, x.st = (uint32_t)r.st;
    x.g[0] = r.w ? r.c : 0.0; /* (a list's scale; 1 for an accumulator) */
    return x;
}

dsph_o2 dni_dsph_o2_chain_l(const dsph_o2 *u, double f0, double f1, double f2)
{
    lst l = sph_lst(u);
    return sph_from(chain_list_p(&l, f0, f1, f2));
}

dsph_o2 dni_dsph_o2_chain2_l(const dsph_o2 *a, const dsph_o2 *b, double f0,
                             const double p[5], int sum, int kind)
{
    lst la = sph_lst(a), lb = sph_lst(b);
    return sph_from(chain2_list_p(&la, &lb, f0, p[0], p[1], p[2], p[3], p[4], sum, kind));
}

dsph_o2 dni_dsph_o2_addsub_l(const dsph_o2 *a, const dsph_o2 *b, double c)
{
    lst la = sph_lst(a), lb = sph_lst(b);
    return sph_from(addsub_list(la, lb, c));
}

dsp_o2 dni_dsph_o2_result(dsph_o2 r)
{
    return to_dsp_o2(sph_lst(&r));
}

/* ---- slow paths of the operations ------------------------------------------------------ */

/* f(u) for an accumulator u in diagonal or H v mode: a view of u's accumulator (O(1));
 * with g_u = c g, h_u = c h + q g^2 (H v: c h + q g), f(u) has g = f1 c g and
 * h = f1 c h + (f1 q + f2 c^2) g^2 (H v: (f1 q + f2 c d_u) g) */
INL lst chain_acc(lst u, double f0, double f1, double f2)
{
    if (acc_slot(u.w, u) < 0) return lst_const(f0);
    if (f0 != f0) f1 = f2 = f0;
    double m = u.w->mode == DNI_DSP_O2_HV ? u.d : u.c;
    u.q = f1 * u.q + f2 * u.c * m;
    u.c *= f1;
    u.d *= f1;
    u.v = f0;
    u.len |= DNI_DSP_O2_VIEW;
    return u;
}

INL lst chain_x(lst u, double f0, double f1, double f2)
{
    if (u.w && (u.len & DNI_DSP_O2_ACC) && u.w->mode != DNI_DSP_O2_SPARSE)
        return chain_acc(u, f0, f1, f2);
    u = materialize(u);
    dsp_o2_work *w = u.w;
    if (!w || w->mode != DNI_DSP_O2_SPARSE) return chain_list(u, f0, f1, f2);
    if (f0 != f0) f1 = f2 = f0;
    if (stale(w, u)) return lst_const(f0);
    u = plain(u);
    size_t s = u.len, m = tri(s) ? tri(s) : 1;
    if (reserve(w, m)) return lst_const(f0);
    size_t r = w->top, a = u.off;
    for (size_t p = 0; p < s; p++) {
        w->idx[r + p] = w->idx[a + p];
        w->g[r + p] = f1 * w->g[a + p];
        for (size_t q = 0; q <= p; q++)
            w->h[r + tri(p) + q] =
                f1 * w->h[a + tri(p) + q] + f2 * w->g[a + p] * w->g[a + q];
    }
    if (f2 == 0.0 && f0 == f0) memcpy(w->sf + r, w->sf + a, m); /* linear: the structure */
    else memset(w->sf + r, 1, m);
    w->top = r + m;
    u.v = f0;
    u.d = 0.0;
    u.off = (uint32_t)r;
    u.st = w->epoch;
    return u;
}

INL lst chain2_x(lst a, lst b, double f0, const double p[5], int sum)
{
    if (a.len & DNI_DSP_O2_ACC) a = materialize(a);
    if (b.len & DNI_DSP_O2_ACC) b = materialize(b);
    dsp_o2_work *w = a.w ? a.w : b.w;
    if (!w) return lst_const(f0);
    if (w->mode != DNI_DSP_O2_SPARSE)
        return chain2_list(a, b, f0, p[0], p[1], p[2], p[3], p[4], sum, 2);
    if (stale(w, a) || stale(w, b)) return lst_const(f0);
    if (a.c != 1.0) a = plain(a);
    if (b.c != 1.0) b = plain(b);
    if (a.w && b.w && a.len == b.len && a.off == b.off && a.st == b.st) {
        /* the same list */
        size_t n = a.len, m = tri(n) ? tri(n) : 1, r, o = a.off;
        if (reserve(w, m)) return lst_const(f0);
        r = w->top;
        uint32_t *restrict ix = w->idx;
        double *restrict G = w->g, *restrict H = w->h;
        unsigned char *restrict sf = w->sf;
        double fs = p[0] + p[1], fss = p[2] + 2.0 * p[3] + p[4];
        for (size_t k = 0; k < n; k++) ix[r + k] = ix[o + k], G[r + k] = fs * G[o + k];
        for (size_t k = 0, t = 0; k < n; k++)
            for (size_t q = 0; q <= k; q++, t++) {
                H[r + t] = fs * H[o + t] + (sum ? 0.0 : fss * G[o + k] * G[o + q]);
                sf[r + t] = sum ? sf[o + t] : 1;
            }
        w->top = r + m;
        return list_num(f0, 0.0, w, r, n, w->epoch);
    }
    size_t la = a.len, lb = b.len, i = 0, j = 0, s = 0;
    const uint32_t *xa_ = w->idx + a.off, *xb_ = w->idx + b.off;
    uint32_t pl[2][16]; /* small operands: the position of each entry in the union */
    int small = la <= 16 && lb <= 16;
    while (i < la || j < lb) { /* size of the union */
        uint32_t xa = i < la ? xa_[i] : UINT32_MAX;
        uint32_t xb = j < lb ? xb_[j] : UINT32_MAX;
        if (small && xa <= xb) pl[0][i] = (uint32_t)s;
        if (small && xb <= xa) pl[1][j] = (uint32_t)s;
        i += xa <= xb;
        j += xb <= xa;
        s++;
    }
    size_t m = tri(s) ? tri(s) : 1;
    if (reserve(w, m)) return lst_const(f0);
    size_t r = w->top;
    uint32_t *restrict ix = w->idx, *restrict pos = w->pos;
    double *restrict G = w->g, *restrict H = w->h;
    double *restrict sa = w->sa, *restrict sb = w->sb;
    unsigned char *restrict sf = w->sf;
    /* union, operand gradients aligned to it */
    for (i = j = s = 0; i < la || j < lb; s++) {
        uint32_t xa = i < la ? ix[a.off + i] : UINT32_MAX;
        uint32_t xb = j < lb ? ix[b.off + j] : UINT32_MAX;
        uint32_t x = xa < xb ? xa : xb;
        sa[s] = xa <= xb ? G[a.off + i++] : 0.0;
        sb[s] = xb <= xa ? G[b.off + j++] : 0.0;
        ix[r + s] = x;
        if (!small) pos[x] = (uint32_t)s;
        G[r + s] = p[0] * sa[s] + p[1] * sb[s];
    }
    double p2 = p[2], p3 = p[3], p4 = p[4];
    /* second-order chain-rule terms of the gradients */
    for (size_t k = 0, t = r; k < s; k++)
        for (size_t q = 0; q <= k; q++, t++) /* (none in a sum, as in the other modes) */
            H[t] = sum ? 0.0
                       : p2 * sa[k] * sa[q] + p3 * (sa[k] * sb[q] + sb[k] * sa[q]) +
                             p4 * sb[k] * sb[q];
    memset(sf + r, !sum, m); /* a sum: structural where an operand's entry is */
    /* (a, b stay in registers) */
    size_t offs[2] = {a.off, b.off}, lens[2] = {a.len, b.len};
    for (int u = 0; u < 2; u++) { /* plus f_a H_a + f_b H_b, scattered to the union */
        double c = p[u];
        size_t oo = offs[u];
        for (size_t k = 0, e = oo; k < lens[u]; k++) {
            size_t pk = small ? pl[u][k] : pos[ix[oo + k]];
            size_t dk = r + tri(pk);
            for (size_t q = 0; q <= k; q++, e++) {
                size_t d = dk + (small ? pl[u][q] : pos[ix[oo + q]]);
                H[d] += c * H[e];
                sf[d] |= sf[e];
            }
        }
    }
    w->top = r + m;
    return list_num(f0, 0.0, w, r, s, w->epoch);
}

INL lst addsub_x(lst a, lst b, double c)
{
    dsp_o2_work *w = a.w ? a.w : b.w;
    double v = a.v + c * b.v;
    if (!w) return lst_const(v);
    int ka = -1, kb = -1;
    if (a.w && (a.len & DNI_DSP_O2_ACC) && (ka = acc_slot(w, a)) < 0) return lst_const(v);
    if (b.w && (b.len & DNI_DSP_O2_ACC) && (kb = acc_slot(w, b)) < 0) return lst_const(v);
    /* The sum is made in place in the accumulator of a sum operand, never of a view (f(s)
     * leaves s as it is); a view is read straight from its arrays only into an earlier
     * accumulator (its own is released by the addition), otherwise written out as a list */
    if (ka >= 0 && (a.len & DNI_DSP_O2_VIEW)) a = materialize(a), ka = -1;
    if (kb >= 0 && (b.len & DNI_DSP_O2_VIEW) && !(ka >= 0 && kb > ka))
        b = materialize(b), kb = -1;
    int lists = !a.len || !b.len ||
                a.len + b.len <= (w->mode == DNI_DSP_O2_SPARSE ? DNI_DSP_O2_PROMOTE_SP
                                                               : DNI_DSP_O2_PROMOTE);
    if (ka < 0 && kb < 0 && (w->safe || w->nacc == DNI_DSP_O2_NACC || lists))
        return chain2_list(a, b, v, 1.0, c, 0.0, 0.0, 0.0, 1, 0);
    int k;
    if (ka >= 0 && (kb < 0 || kb >= ka)) { /* a += c b */
        k = ka;
        if (kb == ka) acc_scale(&w->acc[k], 1.0 + c);
        else if (kb >= 0) acc_acc(w, &w->acc[k], &w->acc[kb], b, c);
        else acc_list(w, &w->acc[k], b, c);
    } else if (kb >= 0) { /* b = a + c b */
        k = kb;
        if (c != 1.0) acc_scale(&w->acc[k], c);
        if (ka >= 0) acc_acc(w, &w->acc[k], &w->acc[ka], a, 1.0);
        else acc_list(w, &w->acc[k], a, 1.0);
    } else { /* a new accumulator from two lists */
        k = (int)w->nacc;
        if (dsp_o2i_acc_ready(w, &w->acc[k])) return lst_const(v);
        w->nacc++;
        w->acc[k].amark = w->top;
        acc_list(w, &w->acc[k], a, 1.0);
        acc_list(w, &w->acc[k], b, c);
    }
    release(w, (unsigned)k);
    return list_num(v, a.d + c * b.d, w, ++w->acc[k].ver, DNI_DSP_O2_ACC | (uint32_t)k, 0);
}

/* c r for a result r that nothing else reads (src/sparse2_rows.h): an accumulator is scaled
 * in place, O(its entries), where c * r would make it a list with its whole triangle in
 * sparse mode; any other number as dsp_o2_mul_d */
dsp_o2 dni_dsp_o2_scale_result(dsp_o2 r, double c)
{
    if (r.w && r.len != DNI_DSP_O2_INL && (r.len & DNI_DSP_O2_ACC)) {
        int k = acc_slot(r.w, head(&r));
        if (k < 0) return dsp_o2_const(r.v * c); /* (stale: the driver evaluates again) */
        acc_scale(&r.w->acc[k], c);
        r.v *= c;
        return r;
    }
    return dsp_o2_mul_d(r, c);
}
