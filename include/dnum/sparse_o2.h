/* dnum/sparse_o2.h -- dsp_o2: one-pass order-2 numbers with sparse derivatives in a
 * workspace.
 *
 * A dsp_o2 is a value plus its entries (i, g_i, h_i), one for each variable x_i the number
 * actually depends on: up to DSP_O2_NIN (3) of them inside the number (diagonal and H v
 * modes), more in a list kept in a workspace (dsp_o2_work) owned by the driver. Evaluating
 * an objective once on dsp_o2 numbers seeded with the variables gives
 * (see dnum/hessian.h, dn_*_sp drivers):
 *   diagonal mode   g_i = df/dx_i and h_i = d2f/dx_i^2 for every i at once: the pure
 *                   second derivative along e_i needs no cross terms (f(u): h = f' h_u +
 *                   f'' g_u^2; u v: h = u h_v + 2 g_u g_v + v h_u);
 *   H v mode        g_i and h_i = (H v)_i for one direction v (the number also carries the
 *                   scalar d = grad u . v);
 *   sparse mode     g_i and the lower triangle of the Hessian restricted to the support
 *                   (entries (i, j, H_ij)), summed into a sparse Hessian by the driver.
 * The cost of a pass is proportional to the total support of the intermediates, not to n.
 *
 * Numbers are built by the drivers (the variables) or by dsp_o2_const (passive constants,
 * which carry no entries). An operation whose operands and result have at most DSP_O2_NIN
 * entries works on the numbers alone (inline, in registers: the common case in partially
 * separable objectives); otherwise it appends its result list to the workspace arena,
 * without any allocation unless the arena must grow, and a linear one (mul_d, div_d, neg,
 * d_sub, a chain with f'' = 0) shares its operand's list with a scale instead; add_d and
 * sub_d are free. Sparse mode on dsp_o2 keeps every entry in lists; dn_hessian_sp runs the
 * dsph_o2 version of an objective defined with DN_OBJECTIVE_O2 instead, which keeps up to
 * three entries and their triangle inside the number (dnum/sparseh_o2.h). Sums accumulate
 * in place: when s = dsp_o2_add(s, t) would produce a long list, s becomes an *accumulator*
 * (dense arrays in the workspace, a list of touched indices), and later additions into it
 * cost O(support of t); the storage of the terms added since is then recycled. A function
 * of an accumulator is a view of its arrays with two coefficients (O(1); entries made
 * where it is used: added into another sum, straight from the arrays). Reusing an
 * operand after that (the old s, or a value computed after s became an accumulator and
 * used across later additions into s) is detected, and the driver then re-evaluates the
 * objective once in a safe mode that never recycles storage (same results, more memory
 * and time). See docs/hessian.md.
 *
 * Every function takes and returns values and never fails; a failed allocation or a
 * detected reuse is recorded in the workspace and reported by the driver. Domain errors
 * follow libm as in dlane_o2 (where the value is NaN, every derivative is NaN).
 *
 * Index (T is dsp_o2):
 *   construct   T dsp_o2_const(double c)       passive constant c
 *   inspect     double dsp_o2_value(T a)
 *   arithmetic  _add _sub _mul _div (T, T); _neg (T)
 *               _add_d _sub_d _mul_d _div_d (T, double); _d_sub _d_div (double, T)
 *   functions   _f (T u), _f (T a, T b), _f (int m, T u) for every function f of the
 *               operation table, by its arguments (docs/functions.md): the elementary
 *               ones (exp, log, sin, ..., pow, atan2, hypot) here, the special ones
 *               (docs/special.md) in dnum/special_o2.h
 *               _pow_d (T, double)  _pown (T, long)
 *               void _sincos (T, T *s, T *c)  void _sinhcosh (T, T *s, T *c)
 *   chain rule  T dsp_o2_chain(T u, double f0, double f1, double f2)
 *               T dsp_o2_apply(T u, dn_deriv_fn h, void *ctx)
 *   workspace   dsp_o2_work_new, dsp_o2_work_free, dsp_o2_work_bytes   (in dnum/hessian.h)
 *   old names   the names of dnum 0.2 are deprecated aliases of these
 *               (dnum/deprecated_o2.h, until 0.4; not with DN_NO_DEPRECATED)
 * The functions have the meaning of their dlane_o2 namesakes (dnum/lanes_o2.h). Besides:
 * dsp_o2_add (a, b) and dsp_o2_sub (a, b) accumulate in place when the operands are long
 * or a is already a sum being accumulated (the old a must not be used afterwards, see
 * above); dsp_o2_add_d and dsp_o2_sub_d share a's entries (free); dsp_o2_chain (u, f0, f1,
 * f2) is f(u) for your own f with f(u.v) = f0, f'(u.v) = f1, f''(u.v) = f2 (a NaN f0 makes
 * the derivatives NaN); dsp_o2_apply (u, h, ctx) calls h(u.v, k, ctx) for k = 0, 1, 2
 * (k = 0 only when u is passive); dsp_o2_pown (u, m) is dsp_o2_pow_d (u, m); dsp_o2_pow
 * (a, b) is exp(b log a) with the value pow(a, b) and needs a > 0; dsp_o2_sincos and
 * dsp_o2_sinhcosh take one libm pair.
 */
#ifndef DNUM_SPARSE_O2_H
#define DNUM_SPARSE_O2_H

#include <stddef.h>
#include <stdint.h>
#include <float.h>
#include <math.h>
#include "dnum/common.h"
#include "dnum/internal/chain2.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dsp_o2_work dsp_o2_work;

/** Entries a number keeps inside itself (diagonal and H v modes). */
#define DSP_O2_NIN 3
/* S for each inline slot k = 0, 1, 2, written out (the compiler keeps the slots in
 * registers only when every index is a constant, also at -O2 where short loops stay
 * rolled), and the removal of slot 0 of a */
/* clang-format off */
#define DNI_DSP_O2_EACH(k, ...)                                                            \
    { enum { k = 0 }; __VA_ARGS__ }                                                        \
    { enum { k = 1 }; __VA_ARGS__ }                                                        \
    { enum { k = 2 }; __VA_ARGS__ }
/* clang-format on */
#define DNI_DSP_O2_SHIFT(a) (a.e[0] = a.e[1], a.e[1] = a.e[2], a.e[2].i = DNI_DSP_O2_NONE)

/** A one-pass order-2 number: value, H v scalar, and its entries: up to DSP_O2_NIN inside
 *  the number, otherwise a handle to a list in the workspace. */
typedef struct dsp_o2 {
    double v;       /* value */
    double d;       /* H v mode: grad . v; 0 otherwise */
    double c;       /* list: scale of its entries (a linear f(u) = c u shares u's list) */
    dsp_o2_work *w; /* workspace; NULL for a passive constant */
    uint32_t off;   /* list: first entry in the arena; accumulator: version;
                       inline: count */
    uint32_t len;   /* list: number of entries; accumulator: DNI_DSP_O2_ACC | slot
                       (| DNI_DSP_O2_VIEW); DNI_DSP_O2_INL */
    uint32_t st;    /* list: epoch of the workspace when it was made (detects recycled
                       storage) */
    /* inline entries (a view: e[0].g is q) */
    struct {
        double g, h;
        uint32_t i;
    } e[DSP_O2_NIN];
} dsp_o2;

/* ---- internal: workspace layout (read by the inline operations) ------------------------ */

#define DNI_DSP_O2_ACC 0x80000000u
/* len of a number with its entries inside (ix, gx, hx) */
#define DNI_DSP_O2_INL 0x40000000u
/* an accumulator *view*: f(s) for an accumulator s, read through s's dense arrays as
 * g = c g_s, h = c h_s + q g_s^2 (H v mode: c h_s + q g_s), so that a chain of functions
 * of a sum costs O(1) and its entries are made once, where it is used */
#define DNI_DSP_O2_VIEW 0x20000000u
#define DNI_DSP_O2_NONE UINT32_MAX /* an unused inline slot */
#define DNI_DSP_O2_NACC 8          /* accumulators alive at once */
/* a sum whose operands have more entries becomes an accumulator */
#define DNI_DSP_O2_PROMOTE 16
/* the same in sparse mode (a list sum costs its union's triangle) */
#define DNI_DSP_O2_PROMOTE_SP 8
#define DNI_DSP_O2_NREC 16 /* recycle history entries */
enum { DNI_DSP_O2_DIAG = 0, DNI_DSP_O2_HV = 1, DNI_DSP_O2_SPARSE = 2, DNI_DSP_O2_PLAN = 3 };
enum { DNI_DSP_O2_STALE = 1, DNI_DSP_O2_NOMEM = 2 };

typedef struct dni_dsp_o2_acc {
    double *g, *h;     /* n dense entries, zero outside the touched set */
    unsigned char *in; /* n flags: touched */
    uint32_t *list;    /* touched indices in order of first touch */
    size_t cnt;        /* touched count */
    int sorted;        /* list ascending */
    uint32_t ver;      /* version: bumped by every in-place change and release */
    size_t amark;      /* arena top when the accumulator was made */
    uint32_t *ti, *tj; /* sparse mode: Hessian triplets (row >= column) */
    double *tv;
    size_t tcnt, tcap;
} dni_dsp_o2_acc;

struct dsp_o2_work {
    uint32_t *idx;     /* arena (structure of arrays): variable index */
    double *g, *h;     /* first derivative; diag / (H v)_i / triangle values */
    unsigned char *sf; /* sparse mode: 1 for a structural triangle entry (a sum of lists
                          keeps its operands' patterns apart: the rest of its union's
                          triangle is 0 and not structural) */
    size_t cap, top;
    uint32_t epoch; /* number of recycles so far in this pass */
    size_t lowmark; /* lowest recycle mark so far in this pass (SIZE_MAX: none) */
    unsigned nrec;  /* recycle history: marks ascending, epochs ascending; rec_mark[k]
                       is the lowest mark of the recycles from epoch rec_ep[k] on */
    uint32_t rec_ep[DNI_DSP_O2_NREC];
    size_t rec_mark[DNI_DSP_O2_NREC];
    int mode, safe, fail;
    unsigned n, nacc, sized;
    int seeded; /* 1 + the mode of the variables in x (and xs, sparse mode), or 0 */
    dni_dsp_o2_acc acc[DNI_DSP_O2_NACC];
    const dn_allocator *al;
    /* driver scratch, sized for n */
    struct dsp_o2 *x;
    /* sparse-Hessian mode: the variables as dsph_o2 (dnum/sparseh_o2.h) */
    struct dsph_o2 *xs;
    const void *xpl; /* plan mode: the variables as dpl2_o2 or dpl4_o2 (dnum/plan_o2.h) */
    unsigned plk;    /* plan mode: their slots (2 or 4) */
    int body;        /* set by an objective of DN_OBJECTIVE_O2 when called
                        (dni_dsp_o2_kind) */
    uint32_t *pos;
    double *sa, *sb;
    size_t *rowc;
    double *vals;
    size_t valcap;
    size_t *tpos; /* sparse mode: CSR position of each triplet in the last call */
    size_t tposcap, tposset; /* its capacity, and how many entries are set */
    size_t peak;             /* largest arena top seen */
};

/* DNI_DSP_O2_RESTRICT is C only (C++ has no such qualifier) */
#ifdef __cplusplus
#define DNI_DSP_O2_RESTRICT
#else
#define DNI_DSP_O2_RESTRICT restrict
#endif

#if defined(__GNUC__) || defined(__clang__)
#define DNI_DSP_O2_DECL static inline __attribute__((unused)) DNI_FORCE_INLINE
/* the inline paths */
#define DNI_DSP_O2_HOT static inline __attribute__((unused)) DNI_FORCE_INLINE
#define DNI_DSP_O2_COLD __attribute__((cold))
#else
#define DNI_DSP_O2_DECL static inline
#define DNI_DSP_O2_HOT static inline
#define DNI_DSP_O2_COLD
#endif

/* out-of-line parts (src/sparse2_*.c) */
DNI_DSP_O2_COLD dsp_o2 dni_dsp_o2_chain_l(const dsp_o2 *u, double f0, double f1, double f2);
DNI_DSP_O2_COLD dsp_o2 dni_dsp_o2_chain2_l(const dsp_o2 *a, const dsp_o2 *b, double f0,
                                           const double p[5], int sum, int kind);
DNI_DSP_O2_COLD dsp_o2 dni_dsp_o2_addsub_l(const dsp_o2 *a, const dsp_o2 *b, double c);
void dni_dsp_o2_recycle_x(dsp_o2_work *w, size_t mark);

/* ---- construction and inspection --------------------------------------------------- */

/** A passive constant c (no entries; it may be combined with numbers of any workspace). */
DNI_DSP_O2_DECL dsp_o2 dsp_o2_const(double c)
{
    dsp_o2 r;
    r.v = c;
    r.d = 0.0;
    r.c = 1.0;
    r.w = NULL;
    r.off = r.len = r.st = 0;
    DNI_DSP_O2_EACH(k, r.e[k].i = DNI_DSP_O2_NONE; r.e[k].g = r.e[k].h = 0.0;)
    return r;
}

/** The value of a. */
DNI_DSP_O2_DECL double dsp_o2_value(dsp_o2 a)
{
    return a.v;
}

/* ---- internal: the two chain rules on entry lists ------------------------------------- */

/* releases the arena above mark and starts a new epoch; inline when the last recycle had
 * the same mark (a running sum), otherwise the history is updated (src/sparse2_arena.c) */
DNI_DSP_O2_HOT void dni_dsp_o2_recycle(dsp_o2_work *w, size_t mark)
{
    unsigned k = w->nrec;
    if (k && w->rec_mark[k - 1] == mark) {
        w->top = mark;
        w->rec_ep[k - 1] = ++w->epoch;
        return;
    }
    dni_dsp_o2_recycle_x(w, mark);
}

/* ---- internal: numbers with their entries inside ------------------------------------- */

/* In diagonal and H v mode the variables start with their one entry inside the number;
 * an operation on such numbers whose result has at most DSP_O2_NIN entries keeps them
 * inside (no workspace access: the compiler keeps them in registers). A longer result,
 * or an operation with a list or an accumulator, first writes the inline operands to the
 * arena as lists (src/sparse2_ops.c). Sparse mode uses lists only. */

/* f(u) for an inline u */
DNI_DSP_O2_HOT dsp_o2 dni_dsp_o2_chain_in(dsp_o2 u, double f0, double f1, double f2)
{
    if (f2 == 0.0 && f0 == f0) { /* linear */
        DNI_DSP_O2_EACH(k, u.e[k].g *= f1; u.e[k].h *= f1;)
    } else {
        if (f0 != f0) f1 = f2 = f0; /* undefined function: undefined derivatives */
        double m = u.w->mode == DNI_DSP_O2_HV ? f2 * u.d : 0.0;
        int hv = u.w->mode == DNI_DSP_O2_HV;
        DNI_DSP_O2_EACH(k, {
            double g = u.e[k].g;
            u.e[k].g = f1 * g;
            u.e[k].h = f1 * u.e[k].h + (hv ? m : f2 * g) * g;
        })
    }
    u.v = f0;
    u.d *= f1;
    return u;
}

/* The second-order term of f(a, b) at one index, with the entries ga, gb of the operands
 * there (0 where absent) and ma, mb their second factor (diagonal mode: ga, gb; H v mode:
 * the operands' d). kind 0: a linear f (no term), 1: only fab nonzero (a product), 2: any. */
#define DNI_DSP_O2_Q(kind, ga, gb, ma, mb, faa, fab, fbb)                                  \
    ((kind) == 0 ? 0.0                                                                     \
     : (kind) == 1                                                                         \
         ? (fab) * ((ga) * (mb) + (gb) * (ma))                                             \
         : (ga) * ((faa) * (ma) + (fab) * (mb)) + (gb) * ((fab) * (ma) + (fbb) * (mb)))

/* f(a, b) for inline (or passive) a and b; 0 in *ok when the union of their indices has
 * more than DSP_O2_NIN entries (nothing is written then) */
DNI_DSP_O2_HOT dsp_o2 dni_dsp_o2_chain2_in(dsp_o2 a, dsp_o2 b, double f0, double fa,
                                           double fb, double faa, double fab, double fbb,
                                           int sum, int kind, int *ok)
{
    (void)sum; /* (a sparse-mode distinction: dsp_o2 keeps sparse mode in lists) */
    dsp_o2 r = a.w ? a : b;
    int hv = r.w->mode == DNI_DSP_O2_HV;
    double da = a.d, db = b.d;
    r.v = f0;
    r.d = fa * da + fb * db;
    r.c = 1.0;
    /* two single entries with different indices (x_i - x_j, ...; tested first: the
     * objectives' code came out faster with this order) */
    if (a.off == 1 && b.off == 1 && a.e[0].i != b.e[0].i) {
        uint32_t xa = a.e[0].i, xb = b.e[0].i;
        int af = xa < xb; /* a's entry first */
        double ga = a.e[0].g, gb = b.e[0].g;
        double ma = hv ? da : 0.0, mb = hv ? db : 0.0; /* the other operand's factor */
        double ha =
            fa * a.e[0].h + DNI_DSP_O2_Q(kind, ga, 0.0, hv ? da : ga, mb, faa, fab, fbb);
        double hb =
            fb * b.e[0].h + DNI_DSP_O2_Q(kind, 0.0, gb, ma, hv ? db : gb, faa, fab, fbb);
        r.e[0].i = af ? xa : xb, r.e[0].g = af ? fa * ga : fb * gb, r.e[0].h = af ? ha : hb;
        r.e[1].i = af ? xb : xa, r.e[1].g = af ? fb * gb : fa * ga, r.e[1].h = af ? hb : ha;
        r.e[2].i = DNI_DSP_O2_NONE, r.e[2].g = r.e[2].h = 0.0;
        r.off = 2;
        *ok = 1;
        return r;
    }
    /* the indices of one operand are those of the other, slot by slot, or unused (u * u,
     * f(x_i, x_j) + g(x_i), ...): no merge */
    int ainb = 1, bina = 1;
    DNI_DSP_O2_EACH(k, {
        ainb &= a.e[k].i == b.e[k].i || a.e[k].i == DNI_DSP_O2_NONE;
        bina &= b.e[k].i == a.e[k].i || b.e[k].i == DNI_DSP_O2_NONE;
    })
    if (ainb | bina) {
        DNI_DSP_O2_EACH(k, {
            int ta = a.e[k].i != DNI_DSP_O2_NONE;
            int tb = b.e[k].i != DNI_DSP_O2_NONE;
            double ga = ta ? a.e[k].g : 0.0;
            double gb = tb ? b.e[k].g : 0.0;
            double ma = hv ? da : ga;
            double mb = hv ? db : gb;
            r.e[k].i = ta ? a.e[k].i : b.e[k].i;
            r.e[k].g = fa * ga + fb * gb;
            r.e[k].h = fa * (ta ? a.e[k].h : 0.0) + fb * (tb ? b.e[k].h : 0.0) +
                       DNI_DSP_O2_Q(kind, ga, gb, ma, mb, faa, fab, fbb);
        })
        r.off = bina ? a.off : b.off;
        *ok = 1;
        return r;
    }
    uint32_t cnt = 0; /* merge: the slots of a and b shift down as they are taken */
    DNI_DSP_O2_EACH(k, {
        uint32_t xa = a.e[0].i, xb = b.e[0].i, x = xa < xb ? xa : xb;
        int ta = xa == x, tb = xb == x;
        double ga = ta ? a.e[0].g : 0.0, ha = ta ? a.e[0].h : 0.0;
        double gb = tb ? b.e[0].g : 0.0, hb = tb ? b.e[0].h : 0.0;
        double ma = hv ? da : ga, mb = hv ? db : gb;
        r.e[k].i = x;
        r.e[k].g = fa * ga + fb * gb;
        r.e[k].h = fa * ha + fb * hb + DNI_DSP_O2_Q(kind, ga, gb, ma, mb, faa, fab, fbb);
        cnt += x != DNI_DSP_O2_NONE;
        if (ta) {
            DNI_DSP_O2_SHIFT(a);
        }
        if (tb) {
            DNI_DSP_O2_SHIFT(b);
        }
    })
    *ok = (a.e[0].i & b.e[0].i) == DNI_DSP_O2_NONE; /* both used up */
    r.off = cnt;
    return r;
}

/* 1 when a and b are inline or passive */
#define DNI_DSP_O2_INL2(a, b)                                                              \
    (((a).len == DNI_DSP_O2_INL || !(a).w) && ((b).len == DNI_DSP_O2_INL || !(b).w))

/* The chain rules of a one-pass family T (dsp_o2, dsph_o2) from its _T_chain_in,
 * _T_chain2_in (numbers with their entries inside) and _T_chain_l, _T_chain2_l (lists,
 * out of line): _T_chain, f(u) with f(u.v) = f0, f' = f1, f'' = f2; _T_chain2s, f(a, b)
 * with partials fa, fb, faa, fab, fbb (kind as in DNI_DSP_O2_Q), sum: a sum or difference
 * (sparse mode: the operands' patterns stay apart). Operands inside whose result fits
 * stay inside. (The list paths take copies: the operands themselves stay in registers.) */
#define DNI_DSP_O2_CHAINS(T)                                                               \
    DNI_DSP_O2_HOT T dni_##T##_chain(T u, double f0, double f1, double f2)                 \
    {                                                                                      \
        if (!u.w) return T##_const(f0);                                                    \
        if (u.len == DNI_DSP_O2_INL) return dni_##T##_chain_in(u, f0, f1, f2);             \
        T t = u;                                                                           \
        return dni_##T##_chain_l(&t, f0, f1, f2);                                          \
    }                                                                                      \
    DNI_DSP_O2_HOT T dni_##T##_chain2s(T a, T b, double f0, double fa, double fb,          \
                                       double faa, double fab, double fbb, int sum,        \
                                       int kind)                                           \
    {                                                                                      \
        if (!a.w && !b.w) return T##_const(f0);                                            \
        if (DNI_DSP_O2_INL2(a, b)) {                                                       \
            if (f0 == f0 && !b.w) return dni_##T##_chain_in(a, f0, fa, faa);               \
            if (f0 == f0 && !a.w) return dni_##T##_chain_in(b, f0, fb, fbb);               \
            int ok;                                                                        \
            T r = dni_##T##_chain2_in(a, b, f0, fa, fb, faa, fab, fbb, sum, kind, &ok);    \
            if (ok) return r;                                                              \
        }                                                                                  \
        double p[5] = {fa, fb, faa, fab, fbb};                                             \
        T ta = a, tb = b;                                                                  \
        return dni_##T##_chain2_l(&ta, &tb, f0, p, sum, kind);                             \
    }
DNI_DSP_O2_CHAINS(dsp_o2)

/* ---- arithmetic ---------------------------------------------------------------------- */

/* The in-place sum s = s + t (the running sum of an objective): the accumulator of the
 * number a (fields len, off) when it is the live last accumulator of workspace w and the
 * term b is inline in w (b_in), otherwise NULL; then the touch of each of b's indices, and
 * the end of the addition (the storage of the terms added since the accumulator was made
 * is recycled; returns its new version, a's off). */
DNI_DSP_O2_HOT dni_dsp_o2_acc *dni_dsp_o2_acc_live(dsp_o2_work *w, uint32_t len,
                                                   uint32_t off, int b_in)
{
    uint32_t k = len & ~DNI_DSP_O2_ACC;
    if (!(len & DNI_DSP_O2_ACC) || !b_in || k + 1 != w->nacc || w->acc[k].ver != off)
        return NULL;
    return &w->acc[k];
}

DNI_DSP_O2_HOT void dni_dsp_o2_touch(dni_dsp_o2_acc *A, uint32_t i)
{
    if (A->in[i]) return;
    A->in[i] = 1;
    if (A->cnt && i < A->list[A->cnt - 1]) A->sorted = 0;
    A->list[A->cnt++] = i;
}

DNI_DSP_O2_HOT uint32_t dni_dsp_o2_acc_done(dsp_o2_work *w, dni_dsp_o2_acc *A)
{
    if (w->top != A->amark) dni_dsp_o2_recycle(w, A->amark);
    return ++A->ver;
}

/* a += b for the accumulator a and an inline number b in diagonal or H v mode; returns 0
 * when it does not apply */
DNI_DSP_O2_HOT int dni_dsp_o2_acc_in(dsp_o2 *a, dsp_o2 b)
{
    dsp_o2_work *w = a->w;
    dni_dsp_o2_acc *A =
        dni_dsp_o2_acc_live(w, a->len, a->off, b.len == DNI_DSP_O2_INL && b.w == w);
    if (!A) return 0;
    double *DNI_DSP_O2_RESTRICT ag = A->g, *DNI_DSP_O2_RESTRICT ah = A->h;
    DNI_DSP_O2_EACH(p, {
        uint32_t i = b.e[p].i;
        if (i != DNI_DSP_O2_NONE) {
            dni_dsp_o2_touch(A, i);
            ag[i] += b.e[p].g;
            ah[i] += b.e[p].h;
        }
    })
    a->v += b.v;
    a->d += b.d;
    a->off = dni_dsp_o2_acc_done(w, A);
    return 1;
}

/* The arithmetic and functions of a one-pass family (dsp_o2 here, dsph_o2 in
 * dnum/sparseh_o2.h): the body dnum/internal/sparse_o2_body.h, included once per family;
 * a row of DNI2_UNARY_TABLE for the family T (passed as the table's A). */
#define DNI_DSP_O2_ACTIVE(u) ((u).w != NULL)
#define DNI_DSP_O2_UN(T, name, F0, F1F2)                                                   \
    DNI2_UNARY_DEF(DNI_DSP_O2_DECL, T, T##_, DNI_DSP_O2_ACTIVE, T##_const,                 \
                   dni_##T##_chain, name, F0, F1F2)

#define DNI_DSP_T dsp_o2
#include "dnum/internal/sparse_o2_body.h"

#ifdef __cplusplus
}
#endif

#include "dnum/deprecated_o2.h" /* the old names, until 0.4 (errors with DN_NO_DEPRECATED) */

#endif /* DNUM_SPARSE_O2_H */
