/* dnum/sparseh_o2.h -- dsph_o2: the one-pass number of the sparse-Hessian mode.
 *
 * dn_hessian_sp (dnum/hessian.h) evaluates an objective once; every intermediate carries
 * its entries (i, g_i) and the lower triangle (i, j, H_ij) of the Hessian restricted to
 * the variables it depends on. A dsph_o2 keeps up to DSP_O2_NIN (3) entries and their
 * triangle of six values inside the number (in registers: the cells, stencils and
 * element functions of partially separable objectives), more in a list of the workspace
 * shared with dsp_o2 (dnum/sparse_o2.h). Its functions have the meaning of their dsp_o2
 * namesakes; DN_OBJECTIVE_O2 defines the dsph_o2 version of an objective (name##_sph) and
 * name##_sp runs it when called by dn_hessian_sp, so users never name this type.
 *
 * Index (T is dsph_o2): dsph_o2_const, dsph_o2_value, and dsph_o2_add ... dsph_o2_sinhcosh
 * with the signatures of the dsp_o2 functions (dnum/sparse_o2.h); the special functions of
 * dnum/special_o2.h; the dnh_* names of dnum/lanes_o2.h. The names of dnum 0.2 are deprecated
 * aliases of these (dnum/deprecated_o2.h, until 0.4; not with DN_NO_DEPRECATED).
 */
#ifndef DNUM_SPARSEH_O2_H
#define DNUM_SPARSEH_O2_H

#include "dnum/sparse_o2.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A one-pass order-2 number of the sparse-Hessian mode: value and either up to DSP_O2_NIN
 *  entries with their triangle inside the number, or a handle to a list or accumulator of
 *  the workspace (as in dsp_o2). */
typedef struct dsph_o2 {
    double v;               /* value */
    dsp_o2_work *w;         /* workspace; NULL for a passive constant */
    uint32_t i[DSP_O2_NIN]; /* inside: variable indices, ascending; DNI_DSP_O2_NONE
                               unused */
    uint32_t off;           /* inside: count; list: first entry; accumulator: version */
    uint32_t len;           /* DNI_DSP_O2_INL, list length, or DNI_DSP_O2_ACC |
                               accumulator slot */
    uint32_t st;            /* list: epoch of the workspace when it was made */
    uint32_t sf;            /* inside: bit t set when h[t] is structural */
    double g[DSP_O2_NIN];   /* inside: first derivatives; list: g[0] is the list's scale
                               (1 for an accumulator) */
    double h[6];            /* inside: H_pq of slots p >= q at h[p (p + 1) / 2 + q] */
} dsph_o2;

/* out-of-line parts (src/sparse2_*.c) */
DNI_DSP_O2_COLD dsph_o2 dni_dsph_o2_chain_l(const dsph_o2 *u, double f0, double f1,
                                            double f2);
DNI_DSP_O2_COLD dsph_o2 dni_dsph_o2_chain2_l(const dsph_o2 *a, const dsph_o2 *b, double f0,
                                             const double p[5], int sum, int kind);
DNI_DSP_O2_COLD dsph_o2 dni_dsph_o2_addsub_l(const dsph_o2 *a, const dsph_o2 *b, double c);
int dni_dsp_o2_trip_reserve(dsp_o2_work *w, dni_dsp_o2_acc *A, size_t m);

/** A passive constant c (no entries). */
DNI_DSP_O2_DECL dsph_o2 dsph_o2_const(double c)
{
    dsph_o2 r;
    r.v = c;
    r.w = NULL;
    r.off = r.len = r.st = r.sf = 0;
    DNI_DSP_O2_EACH(k, r.i[k] = DNI_DSP_O2_NONE; r.g[k] = 0.0;)
    DNI_DSP_O2_EACH(k, r.h[k] = r.h[k + 3] = 0.0;)
    return r;
}

/** The value of a. */
DNI_DSP_O2_DECL double dsph_o2_value(dsph_o2 a)
{
    return a.v;
}

/* ---- internal: the triangle inside the number ---------------------------------------- */

/* S for each triangle entry t = (p, q), p >= q, written out (constant indices) */
/* clang-format off */
#define DNI_DSPH_O2_TRI(t, p, q, ...)                                                      \
    { enum { t = 0, p = 0, q = 0 }; __VA_ARGS__ }                                          \
    { enum { t = 1, p = 1, q = 0 }; __VA_ARGS__ }                                          \
    { enum { t = 2, p = 1, q = 1 }; __VA_ARGS__ }                                          \
    { enum { t = 3, p = 2, q = 0 }; __VA_ARGS__ }                                          \
    { enum { t = 4, p = 2, q = 1 }; __VA_ARGS__ }                                          \
    { enum { t = 5, p = 2, q = 2 }; __VA_ARGS__ }
/* clang-format on */
/* structural bits of the whole triangle of n slots */
#define DNI_DSPH_O2_FULL(n) ((1u << ((n) * ((n) + 1) / 2)) - 1u)
/* after an empty slot was inserted at z: the old slot of new slot k, -1 for slot z */
#define DNI_DSPH_O2_OLD(k, z) ((k) == (z) ? -1 : (k) - ((k) > (z)))
/* the old triangle entry of new entry (p, q), -1 when it is new (row or column z) */
#define DNI_DSPH_O2_OLDT(p, q, z)                                                          \
    (DNI_DSPH_O2_OLD(p, z) < 0 || DNI_DSPH_O2_OLD(q, z) < 0                                \
         ? -1                                                                              \
         : DNI_DSPH_O2_OLD(p, z) * (DNI_DSPH_O2_OLD(p, z) + 1) / 2 +                       \
               DNI_DSPH_O2_OLD(q, z))
/* entry o of array A (0 for o = -1), with a constant o */
#define DNI_DSPH_O2_AT(A, o, zero) ((o) < 0 ? (zero) : (A)[(o) < 0 ? 0 : (o)])
/* the value for new position k (or entry) from the three cases z = 0, 1, 2 */
#define DNI_DSPH_O2_BYZ(z, E0, E1, E2) ((z) == 0 ? (E0) : (z) == 1 ? (E1) : (E2))

/* u with the index x (not among u's; u has at most two entries) inserted at its place,
 * with g = 0, a zero row and column, not structural */
DNI_DSP_O2_HOT dsph_o2 dni_dsph_o2_ins(dsph_o2 u, uint32_t x)
{
    unsigned z = (unsigned)(u.i[0] < x) + (unsigned)(u.i[1] < x); /* (u.i[2] is unused) */
    dsph_o2 r = u;
    DNI_DSP_O2_EACH(k, {
        r.i[k] = DNI_DSPH_O2_BYZ(z, DNI_DSPH_O2_AT(u.i, DNI_DSPH_O2_OLD(k, 0), x),
                                 DNI_DSPH_O2_AT(u.i, DNI_DSPH_O2_OLD(k, 1), x),
                                 DNI_DSPH_O2_AT(u.i, DNI_DSPH_O2_OLD(k, 2), x));
        r.g[k] = DNI_DSPH_O2_BYZ(z, DNI_DSPH_O2_AT(u.g, DNI_DSPH_O2_OLD(k, 0), 0.0),
                                 DNI_DSPH_O2_AT(u.g, DNI_DSPH_O2_OLD(k, 1), 0.0),
                                 DNI_DSPH_O2_AT(u.g, DNI_DSPH_O2_OLD(k, 2), 0.0));
    })
    uint32_t sf = 0;
    DNI_DSPH_O2_TRI(t, p, q, {
        r.h[t] = DNI_DSPH_O2_BYZ(z, DNI_DSPH_O2_AT(u.h, DNI_DSPH_O2_OLDT(p, q, 0), 0.0),
                                 DNI_DSPH_O2_AT(u.h, DNI_DSPH_O2_OLDT(p, q, 1), 0.0),
                                 DNI_DSPH_O2_AT(u.h, DNI_DSPH_O2_OLDT(p, q, 2), 0.0));
        int o = DNI_DSPH_O2_BYZ(z, DNI_DSPH_O2_OLDT(p, q, 0), DNI_DSPH_O2_OLDT(p, q, 1),
                                DNI_DSPH_O2_OLDT(p, q, 2));
        sf |= (o < 0 ? 0u : (u.sf >> (o < 0 ? 0 : o)) & 1u) << t;
    })
    r.sf = sf;
    r.off = u.off + 1;
    return r;
}

/* f(u) for u with its entries inside */
DNI_DSP_O2_HOT dsph_o2 dni_dsph_o2_chain_in(dsph_o2 u, double f0, double f1, double f2)
{
    uint32_t n = u.off;
    if (f2 == 0.0 && f0 == f0) { /* linear: the structure is kept */
        DNI_DSPH_O2_TRI(t, p, q, u.h[t] = p < n ? f1 * u.h[t] : 0.0;)
    } else {
        if (f0 != f0) f1 = f2 = f0; /* undefined function: undefined derivatives */
        DNI_DSPH_O2_TRI(t, p, q, u.h[t] = p < n ? f1 * u.h[t] + f2 * u.g[p] * u.g[q] : 0.0;)
        u.sf = DNI_DSPH_O2_FULL(n);
    }
    DNI_DSP_O2_EACH(k, u.g[k] = k < n ? f1 * u.g[k] : 0.0;)
    u.v = f0;
    return u;
}

/* 1 when x is one of u's indices */
#define DNI_DSPH_O2_HAS(u, x) ((x) == (u).i[0] || (x) == (u).i[1] || (x) == (u).i[2])

/* f(a, b) for a and b with their entries inside (or passive); 0 in *ok when the union
 * of their indices has more than DSP_O2_NIN entries. Each operand is first widened to the
 * union (empty slots inserted), then the chain rule works slot by slot. sum: a sum or
 * difference (the structure is the union of the operands'); kind as in DNI_DSP_O2_Q. */
DNI_DSP_O2_HOT dsph_o2 dni_dsph_o2_chain2_in(dsph_o2 a, dsph_o2 b, double f0, double fa,
                                             double fb, double faa, double fab, double fbb,
                                             int sum, int kind, int *ok)
{
    if (a.off == 1 && b.off == 1 && a.i[0] != b.i[0]) { /* x_j - x_i, ...: no widening */
        int af = a.i[0] < b.i[0];                       /* a's entry first */
        double ha = fa * a.h[0], hb = fb * b.h[0], hab = 0.0;
        if (kind) hab = fab * a.g[0] * b.g[0];
        if (kind == 2) ha += faa * a.g[0] * a.g[0], hb += fbb * b.g[0] * b.g[0];
        dsph_o2 r = a;
        r.w = a.w ? a.w : b.w;
        r.v = f0;
        r.i[0] = af ? a.i[0] : b.i[0], r.i[1] = af ? b.i[0] : a.i[0];
        r.g[0] = af ? fa * a.g[0] : fb * b.g[0], r.g[1] = af ? fb * b.g[0] : fa * a.g[0];
        r.h[0] = af ? ha : hb, r.h[1] = hab, r.h[2] = af ? hb : ha;
        r.sf = sum ? (af ? a.sf | b.sf << 2 : b.sf | a.sf << 2) : 7u;
        r.off = 2;
        *ok = 1;
        return r;
    }
    /* (xor, not ==: gcc merges == of neighbouring fields into one 8-byte compare through
     * memory, which stalls on the 4-byte stores of the indices just made) */
    unsigned pa = 7u, pb = 7u; /* slots of the union where a, b have entries of their own */
    if ((a.i[0] ^ b.i[0]) | (a.i[1] ^ b.i[1]) | (a.i[2] ^ b.i[2])) {
        dsph_o2 a0 = a, b0 = b;
        DNI_DSP_O2_EACH(k, {
            uint32_t x = b.i[k];
            if (x != DNI_DSP_O2_NONE && !DNI_DSPH_O2_HAS(a, x)) {
                if (a.off == DSP_O2_NIN) {
                    *ok = 0;
                    return a;
                }
                a = dni_dsph_o2_ins(a, x);
            }
        })
        DNI_DSP_O2_EACH(k, {
            uint32_t x = a.i[k];
            if (x != DNI_DSP_O2_NONE && !DNI_DSPH_O2_HAS(b, x)) b = dni_dsph_o2_ins(b, x);
        })
        pa = pb = 0u;
        DNI_DSP_O2_EACH(k, {
            pa |= (unsigned)DNI_DSPH_O2_HAS(a0, a.i[k]) << k;
            pb |= (unsigned)DNI_DSPH_O2_HAS(b0, b.i[k]) << k;
        })
    }
    dsph_o2 r = a;
    uint32_t n = a.off;
    r.w = a.w ? a.w : b.w;
    r.v = f0;
    r.len = DNI_DSP_O2_INL;
    DNI_DSPH_O2_TRI(t, p, q, {
        /* (f_a H_a only on a's own entries: an infinite f_a must not reach the
         * slots widened from b) */
        double s = (pa >> p & pa >> q & 1u ? fa * a.h[t] : 0.0) +
                   (pb >> p & pb >> q & 1u ? fb * b.h[t] : 0.0);
        if (kind == 1) s += fab * (a.g[p] * b.g[q] + b.g[p] * a.g[q]);
        else if (kind == 2)
            s += faa * a.g[p] * a.g[q] + fab * (a.g[p] * b.g[q] + b.g[p] * a.g[q]) +
                 fbb * b.g[p] * b.g[q];
        r.h[t] = p < n ? s : 0.0;
    })
    DNI_DSP_O2_EACH(k, r.g[k] = k < n ? fa * a.g[k] + fb * b.g[k] : 0.0;)
    r.sf = sum ? a.sf | b.sf : DNI_DSPH_O2_FULL(n);
    *ok = 1;
    return r;
}

DNI_DSP_O2_CHAINS(dsph_o2)

/* a += b for the accumulator a (the running sum of an objective) and b with its entries
 * inside: b's entries and its structural triangle entries are added to the accumulator;
 * returns 0 when it does not apply */
DNI_DSP_O2_HOT int dni_dsph_o2_acc_in(dsph_o2 *a, dsph_o2 b)
{
    dsp_o2_work *w = a->w;
    dni_dsp_o2_acc *A =
        dni_dsp_o2_acc_live(w, a->len, a->off, b.len == DNI_DSP_O2_INL && b.w == w);
    if (!A || (A->tcnt + 6 > A->tcap && dni_dsp_o2_trip_reserve(w, A, 6))) return 0;
    double *DNI_DSP_O2_RESTRICT ag = A->g;
    DNI_DSP_O2_EACH(p, {
        uint32_t i = b.i[p];
        if (i != DNI_DSP_O2_NONE) {
            dni_dsp_o2_touch(A, i);
            ag[i] += b.g[p];
        }
    })
    size_t c = A->tcnt;
    DNI_DSPH_O2_TRI(t, p, q, {
        if (b.sf >> t & 1u) {
            A->ti[c] = b.i[p];
            A->tj[c] = b.i[q];
            A->tv[c++] = b.h[t];
        }
    })
    A->tcnt = c;
    a->v += b.v;
    a->off = dni_dsp_o2_acc_done(w, A);
    return 1;
}

/* the variables of the sparse-Hessian pass when x is the driver's array of them (the
 * dsp_o2 variables of dn_hessian_sp), otherwise NULL */
DNI_DSP_O2_DECL const dsph_o2 *dni_dsph_o2_vars(const dsp_o2 *x, unsigned n)
{
    const dsp_o2_work *w = n ? x[0].w : NULL;
    return w && w->mode == DNI_DSP_O2_SPARSE && x == w->x ? w->xs : NULL;
}

/* the result of a dsph_o2 pass as a dsp_o2 (entries inside are written to the arena) */
dsp_o2 dni_dsph_o2_result(dsph_o2 r);

/* ---- arithmetic and functions (as dsp_o2's) ---------------------------------------------- */

#define DNI_DSP_T dsph_o2
#include "dnum/internal/sparse_o2_body.h"

#ifdef __cplusplus
}
#endif

#include "dnum/deprecated_o2.h" /* the old names, until 0.4 (errors with DN_NO_DEPRECATED) */

#endif /* DNUM_SPARSEH_O2_H */
