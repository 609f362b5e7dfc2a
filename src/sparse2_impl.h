/* Private to the one-pass order-2 numbers (src/sparse2_*.c): the list form of a number,
 * the small helpers every part inlines, and the functions the parts call in each other.
 * Parts: sparse2_arena.c (the workspace's storage: arena, recycling, accumulator arrays),
 * sparse2_ops.c (the operations on lists and accumulators, called by dnum/sparse_o2.h and
 * dnum/sparseh_o2.h), sparse2_drivers.c (the dn_*_sp drivers of dnum/hessian.h),
 * sparse2_pattern.c (the CSR pattern of dn_hessian_sp). */
#ifndef DNUM_SPARSE2_IMPL_H
#define DNUM_SPARSE2_IMPL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/hessian.h"

/* (PE/COFF has no symbol visibility: the attribute would be ignored with a warning) */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && !defined(__CYGWIN__)
#define DSP_O2I_INTERNAL __attribute__((visibility("hidden")))
#else
#define DSP_O2I_INTERNAL
#endif

/* The list paths work on lst, a dsp_o2 without its inline entries (56 bytes instead of
 * 120); dsp_o2 numbers are converted at the entry points called by the header (to_lst
 * writes inline entries to the arena). */
typedef struct lst {
    double v, d, c;
    dsp_o2_work *w;
    /* (64-bit: a struct copy moves 8 bytes at a time, and a 32-bit field just stored,
     * read back as half of such a move, would stall on store forwarding) */
    uint64_t off, len, st;
    double q; /* an accumulator view's second coefficient (DNI_DSP_O2_VIEW); 0 otherwise */
} lst;

/* the slot of an accumulator handle's len */
#define SLOT(len) ((len) & ~(DNI_DSP_O2_ACC | DNI_DSP_O2_VIEW))

/* The list paths are inlined into chain_list, chain2_list and the entry points, so that
 * a number is not copied through memory right after it was stored field by field (the
 * copy would stall on store forwarding). */
#define INL static inline __attribute__((always_inline))

/* the second-order entry of an accumulator read through view coefficients c, q, from its
 * entries g, h (diagonal mode: c h + q g^2; H v mode: c h + q g) */
INL double view_h(double c, double q, double g, double h, int hv)
{
    return c * h + q * (hv ? 1.0 : g) * g;
}

/* ---- allocation through the workspace's allocator ------------------------------------- */

static inline void *w_alloc(const dn_allocator *al, size_t size)
{
    if (size == 0) size = 1;
    return al ? al->alloc(size, al->ctx) : malloc(size);
}

static inline void w_free(const dn_allocator *al, void *p, size_t size)
{
    if (p == NULL) return;
    if (size == 0) size = 1;
    if (al) al->free(p, size, al->ctx);
    else free(p);
}

/* n elements of size elem, or NULL on overflow / failure */
static inline void *w_array(const dn_allocator *al, size_t n, size_t elem)
{
    if (n > SIZE_MAX / elem) return NULL;
    return w_alloc(al, n * elem);
}

/* ---- shared between the parts ------------------------------------------------------------ */

/* sparse2_arena.c */
DSP_O2I_INTERNAL int dsp_o2i_grow(dsp_o2_work *w, size_t need);
DSP_O2I_INTERNAL int dsp_o2i_stale_hist(dsp_o2_work *w, uint32_t st, uint32_t off);
DSP_O2I_INTERNAL int dsp_o2i_acc_ready(dsp_o2_work *w, dni_dsp_o2_acc *A);
DSP_O2I_INTERNAL void dsp_o2i_acc_clean(dni_dsp_o2_acc *A);
DSP_O2I_INTERNAL void dsp_o2i_free_sized(dsp_o2_work *w);
/* sparse2_ops.c: A += c * t for a list t */
DSP_O2I_INTERNAL void dsp_o2i_acc_list(dsp_o2_work *w, dni_dsp_o2_acc *A, lst t, double c);
/* sparse2_pattern.c */
DSP_O2I_INTERNAL int dsp_o2i_scatter_pattern(dsp_o2_work *w, const dni_dsp_o2_acc *A,
                                             dn_sphess *H);
DSP_O2I_INTERNAL int dsp_o2i_build_pattern(dsp_o2_work *w, const dni_dsp_o2_acc *A,
                                           dn_sphess *H, unsigned n);

/* 1 (and the flag set) when the list a may no longer be read: some recycle since it was
 * made released storage at or below its first entry. Inline: made in the current epoch
 * (no recycle since), or below every recycle mark of the pass (the variables, values
 * computed before a sum started); otherwise the history decides (stale_hist). */
INL int stale(dsp_o2_work *w, lst a)
{
    return a.len && a.st != w->epoch && a.off >= w->lowmark &&
           dsp_o2i_stale_hist(w, a.st, a.off);
}

/* room for m entries at the top (sets the failure flag and returns 1 when impossible) */
static inline int reserve(dsp_o2_work *w, size_t m)
{
    return w->top + m > w->cap && dsp_o2i_grow(w, m);
}

static inline size_t tri(size_t s)
{
    return s * (s + 1) / 2;
}

/* a number with a list (or an accumulator handle) */
INL lst list_num(double v, double d, dsp_o2_work *w, size_t off, size_t len, uint32_t st)
{
    lst r = {v, d, 1.0, w, (uint32_t)off, (uint32_t)len, st, 0.0};
    return r;
}

/* a passive constant */
INL lst lst_const(double v)
{
    return list_num(v, 0.0, NULL, 0, 0, 0);
}

/* a number without its inline entries */
INL lst head(const dsp_o2 *a)
{
    lst r = {a->v, a->d, a->c, a->w, a->off, a->len, a->st, 0.0};
    if (a->len & DNI_DSP_O2_VIEW) r.q = a->e[0].g;
    return r;
}

/* the slot of an accumulator handle, or -1 (and the stale flag) when it is outdated */
INL int acc_slot(dsp_o2_work *w, lst a)
{
    unsigned k = SLOT(a.len);
    if (k < w->nacc && w->acc[k].ver == a.off) return (int)k;
    w->fail |= DNI_DSP_O2_STALE;
    return -1;
}

#endif
