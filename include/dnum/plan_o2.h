/* dnum/plan_o2.h -- dpl2_o2, dpl4_o2: the numbers a recorded plan replays an objective on.
 *
 * A plan (dn_plan_o2, the dn_*_plan drivers of dnum/hessian.h) gives the variables colours
 * and replays an objective defined with DN_OBJECTIVE_O2 on dplK_o2 numbers (K = 2 or 4
 * slots, one per colour): each carries, in the slot of each colour, the one variable of
 * that colour it depends on (its index + 1, 0 for none), the first derivative and the
 * diagonal (or H v) entry, so that an operation works slot by slot without merging index
 * lists. The objective's running sum, the first sum of two numbers whose slots clash,
 * keeps dense arrays into which each later term is added. Every operation checks its
 * operands' slots; two variables of one colour in a number, a function of the running
 * sum, a second running sum (a "phantom", which logs its clash in case it is used as a
 * number) or an old copy of the sum fail the replay, and the plan's driver computes the
 * call with the one-pass numbers and learns the pairs logged. DN_OBJECTIVE_O2 defines the
 * dplK_o2 versions of an objective (name##_pl2, name##_pl4) and name##_sp runs them when
 * called by a plan's driver, so users never name these types (but a body that picks a
 * function by the type of T, with _Generic, must list them).
 *
 * Index (T is dpl2_o2 or dpl4_o2): T_const, T_value, and T_add ... T_sinhcosh with the
 * signatures of the dsp_o2 functions (dnum/sparse_o2.h); the special functions of
 * dnum/special_o2.h; the dnh_* names of dnum/lanes_o2.h.
 */
#ifndef DNUM_PLAN_O2_H
#define DNUM_PLAN_O2_H

#include "dnum/sparse_o2.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- internal: the state of a replay ----------------------------------------------------- */

/** The state of one replay (part of the plan): the running sum's arrays and flags. */
typedef struct dni_pl_work {
    double *g, *h;   /* the sum's entries at index + 1 (entry 0 takes the unused slots) */
    int mode;        /* DNI_PL_DIAG, DNI_PL_HV or DNI_PL_FULL */
    int live;        /* a running sum was made */
    uint32_t ver;    /* version of the running sum (a stale copy of it is detected) */
    int got;         /* results handed over (dni_dplK_o2_result) */
    double rv;       /* the value of the last one */
    uint32_t bad;    /* why the replay failed: DNI_PL_* bits (0: it did not) */
    double scale;    /* the factor of the sum's entries in the result */
    uint32_t *pairs; /* clashes logged: variable pairs (two entries each) */
    size_t npairs, cappairs;
    size_t made, made_end; /* the pairs whose clash made the running sum */
    /* DNI_PL_FULL (2 slots): the entries off the diagonal are summed in hx, at the
     * positions of the pattern rowptr, col (lower triangle, CSR); pos keeps where each
     * entry added went, in the order of the previous replay (checked, then used without a
     * search); npos counts the entries added in this replay, cappos the room in pos */
    const size_t *rowptr;
    const unsigned *col;
    double *hx;
    size_t *pos;
    size_t npos, cappos;
} dni_pl_work;

/* what a replay computes (dni_pl_work.mode) */
enum {
    DNI_PL_DIAG = 0, /* gradient and Hessian diagonal (h) */
    DNI_PL_HV = 1,   /* gradient and H v (h; a number's d: its gradient times v) */
    DNI_PL_FULL = 2  /* the sparse Hessian (2 slots: a number's d is the Hessian entry of
                        the variables of its two slots) */
};
/* the flags of a replay number (dplK_o2.fl) */
enum {
    DNI_PL_SUM = 1,    /* the running sum (entries in the arrays of the replay) */
    DNI_PL_SCALED = 2, /* the running sum times a constant (nothing may be added after) */
    DNI_PL_PHANTOM = 4 /* a failed sum: a clash while the running sum existed (ix[0], ix[1]:
                          where its clashes are logged, and how many) */
};
/* why a replay failed (dni_pl_work.bad) */
enum {
    DNI_PL_CLASH = 1,    /* two variables of one colour met in a number */
    DNI_PL_SUMOP = 2,    /* the running sum was used other than by adding to it */
    DNI_PL_STALE = 4,    /* an old copy of the sum was used */
    DNI_PL_SECOND = 8,   /* a clash in a sum while the running sum existed */
    DNI_PL_PATTERN = 16, /* a Hessian entry outside the pattern (sparse Hessian mode) */
    DNI_PL_RANGE = 32,   /* the running sum's factor is infinite or NaN */
    DNI_PL_FOREIGN = 64  /* the objective is not the one DN_OBJECTIVE_O2 made, but a
                            function that calls it (and changed its result) */
};
/* dsp_o2.st of the result handed over (dni_dplK_o2_result; a passive constant has 0) */
#define DNI_PL_MARK 0x706c616eu
/* a logged pair to learn (dni_pl_work.pairs: the mark on the first variable) */
#define DNI_PL_LEARN 0x80000000u

#if defined(__GNUC__) || defined(__clang__)
#define DNI_PL_UNLIKELY(c) __builtin_expect(!!(c), 0)
#else
#define DNI_PL_UNLIKELY(c) (c)
#endif

/* the failure paths of a replay (src/plan_o2.c): logs every pair of the variables of the
 * k slots of ia and ib (index + 1, 0 unused), which met in one number, with mark on the
 * first of each pair; marks the logged pairs lo .. hi - 1 to be learnt */
DNI_DSP_O2_COLD void dni_pl_clash(dni_pl_work *w, const uint32_t *ia, const uint32_t *ib,
                                  unsigned k, uint32_t mark);
DNI_DSP_O2_COLD void dni_pl_mark(dni_pl_work *w, size_t lo, size_t hi);
/* sparse Hessian mode: val added to the pattern's entry of the variables a - 1, b - 1
 * (a != b); an entry outside the pattern fails the replay unless val is 0 */
void dni_pl_cross(dni_pl_work *w, uint32_t a, uint32_t b, double val);

#define DNI_PL_K 2
#include "dnum/internal/plan_o2_body.h"
#define DNI_PL_K 4
#include "dnum/internal/plan_o2_body.h"

/* The version of an objective name##_sp of DN_OBJECTIVE_O2 to run on the variables x:
 * 0 its dsp_o2 body, 1 the dsph_o2 body (dn_hessian_sp), 2 or 4 the dplK_o2 body (a
 * plan's replay); marks the workspace (an objective made by the macro). */
DNI_DSP_O2_DECL int dni_dsp_o2_kind(const dsp_o2 *x, unsigned n)
{
    dsp_o2_work *w = n ? x[0].w : NULL;
    if (!w || x != w->x) return 0;
    w->body = 1;
    if (w->mode == DNI_DSP_O2_SPARSE) return 1;
    return w->mode == DNI_DSP_O2_PLAN ? (int)w->plk : 0;
}

#ifdef __cplusplus
}
#endif

#endif /* DNUM_PLAN_O2_H */
