/* dnum/internal/plan_o2_body.h -- the replay number dplK_o2 of K slots (internal, not
 * API-stable): included by dnum/plan_o2.h once per K after `#define DNI_PL_K K`. Defines
 * the type, its chain rules (dni_T_chain, dni_T_chain2s, dni_T_acc_in) and, through
 * dnum/internal/sparse_o2_body.h, its arithmetic and functions. DNI_PL_K and the names
 * below are undefined at the end. Deliberately without an include guard. */
#ifndef DNI_PL_K
#error "dnum/internal/plan_o2_body.h: define DNI_PL_K (2 or 4) before including it"
#endif

#define DNI_PL_CAT_(a, b, c) a##b##c
#define DNI_PL_CAT(a, b, c) DNI_PL_CAT_(a, b, c)
#define DNI_PL_T DNI_PL_CAT(dpl, DNI_PL_K, _o2)
#define DNI_PL(f) DNI_PL_CAT(dpl, DNI_PL_K, _o2_##f)
#define DNI_PL_I(f) DNI_PL_CAT(dni_dpl, DNI_PL_K, _o2_##f)
/* S for each slot c, written out (constant indices: the slots stay in registers) */
/* clang-format off */
#if DNI_PL_K == 2
#define DNI_PL_EACH(c, ...)                                                                \
    { enum { c = 0 }; __VA_ARGS__ }                                                        \
    { enum { c = 1 }; __VA_ARGS__ }
#else
#define DNI_PL_EACH(c, ...)                                                                \
    { enum { c = 0 }; __VA_ARGS__ }                                                        \
    { enum { c = 1 }; __VA_ARGS__ }                                                        \
    { enum { c = 2 }; __VA_ARGS__ }                                                        \
    { enum { c = 3 }; __VA_ARGS__ }
#endif
/* clang-format on */

/** A replay number of a recorded plan (dn_plan_o2): value, and for each of its K slots
 *  the variable of that slot's colour it depends on (index + 1; 0: none) with its first
 *  derivative and its diagonal (or H v) entry; or the plan's running sum. */
typedef struct DNI_PL_T {
    double v;              /* value */
    double d;              /* H v mode: grad . v; 0 otherwise */
    dni_pl_work *w;        /* the replay's state; NULL for a passive constant */
    double g[DNI_PL_K];    /* first derivatives (the sum: g[0] is its scale) */
    double h[DNI_PL_K];    /* second-order entries (diagonal, or (H v)_i) */
    uint32_t ix[DNI_PL_K]; /* variable + 1 of each slot, 0 unused (the sum: ix[0] its
                              version) */
    uint32_t fl;           /* DNI_PL_SUM (| DNI_PL_SCALED) for the running sum,
                              DNI_PL_PHANTOM, or 0 */
} DNI_PL_T;

/** A passive constant c (no entries). */
DNI_DSP_O2_DECL DNI_PL_T DNI_PL(const)(double c)
{
    DNI_PL_T r;
    r.v = c;
    r.d = 0.0;
    r.w = NULL;
    r.fl = 0;
    DNI_PL_EACH(k, r.g[k] = r.h[k] = 0.0; r.ix[k] = 0;)
    return r;
}

/** The value of a. */
DNI_DSP_O2_DECL double DNI_PL(value)(DNI_PL_T a)
{
    return a.v;
}

/* t's entries times c added into the sum's arrays (an unused slot goes to entry 0) */
DNI_DSP_O2_HOT void DNI_PL_I(scatter)(dni_pl_work *w, const DNI_PL_T *t, double c)
{
    double *DNI_DSP_O2_RESTRICT g = w->g, *DNI_DSP_O2_RESTRICT h = w->h;
    DNI_PL_EACH(k, uint32_t i = t->ix[k]; g[i] += c * t->g[k]; h[i] += c * t->h[k];)
#if DNI_PL_K == 2
    if (w->mode == DNI_PL_FULL && t->ix[0] && t->ix[1])
        dni_pl_cross(w, t->ix[0], t->ix[1], c * t->d);
#endif
}

/* u used other than by adding to it, u the running sum or a failed sum (a phantom): the
 * replay fails, and the pairs whose clash made u are learnt */
DNI_DSP_O2_HOT void DNI_PL_I(misuse)(dni_pl_work *w, const DNI_PL_T *u)
{
    if (u->fl & DNI_PL_SUM) {
        w->bad |= DNI_PL_SUMOP;
        dni_pl_mark(w, w->made, w->made_end);
    } else if (u->fl & DNI_PL_PHANTOM) {
        dni_pl_mark(w, u->ix[0], u->ix[0] + u->ix[1]);
    }
}

/* the slots of u without a variable set to 0 (an infinite or NaN factor times their 0
 * must not reach a variable that takes the slot later) */
DNI_DSP_O2_HOT void DNI_PL_I(unused)(DNI_PL_T *u)
{
    DNI_PL_EACH(k, if (!u->ix[k]) u->g[k] = u->h[k] = 0.0;)
#if DNI_PL_K == 2
    if (u->w->mode == DNI_PL_FULL && !(u->ix[0] && u->ix[1])) u->d = 0.0;
#endif
}

/* f(u), f(u.v) = f0, f' = f1, f'' = f2 */
DNI_DSP_O2_HOT DNI_PL_T DNI_PL_I(chain)(DNI_PL_T u, double f0, double f1, double f2)
{
    if (!u.w) return DNI_PL(const)(f0);
    if (DNI_PL_UNLIKELY(u.fl)) {
        if ((u.fl & DNI_PL_SUM) && f2 == 0.0 && f0 == f0) { /* the sum times a constant */
            u.g[0] *= f1;
            u.fl |= DNI_PL_SCALED;
            u.v = f0;
            u.d *= f1;
            return u;
        }
        DNI_PL_I(misuse)(u.w, &u);
        u = DNI_PL(const)(f0); /* (the replay failed) */
        return u;
    }
    if (f2 == 0.0 && f0 == f0) { /* linear */
        DNI_PL_EACH(k, u.g[k] *= f1; u.h[k] *= f1;)
        u.d *= f1;
    } else {
        if (f0 != f0) f1 = f2 = f0; /* undefined function: undefined derivatives */
        int hv = u.w->mode == DNI_PL_HV;
        double m = f2 * u.d;
#if DNI_PL_K == 2
        double g0 = u.g[0], g1 = u.g[1]; /* (DNI_PL_FULL: d's new term f2 g0 g1) */
#endif
        DNI_PL_EACH(k, {
            double g = u.g[k];
            u.g[k] = f1 * g;
            u.h[k] = f1 * u.h[k] + (hv ? m : f2 * g) * g;
        })
        u.d *= f1;
#if DNI_PL_K == 2
        if (DNI_PL_UNLIKELY(u.w->mode == DNI_PL_FULL)) u.d += f2 * g0 * g1;
#endif
    }
    /* (Inf or NaN, also in d: H v with a NaN in v, a NaN derivative in the sparse Hessian) */
    if (DNI_PL_UNLIKELY(0.0 * (f1 + f2 + u.d) != 0.0)) DNI_PL_I(unused)(&u);
    u.v = f0;
    return u;
}

/* fa a + fb b, a sum or difference with a sum operand (the running sum, a phantom), or of
 * two numbers whose slots clash. The running sum takes a term with factor 1 at its
 * current version (the term's entries added into the arrays); a clash makes the running
 * sum if there is none, otherwise a phantom: a failed sum that remembers its clashes, to
 * be learnt if it is used as a number (see misuse). Anything else fails the replay. */
DNI_DSP_O2_HOT DNI_PL_T DNI_PL_I(sum)(DNI_PL_T a, DNI_PL_T b, double f0, double fa,
                                      double fb)
{
    dni_pl_work *w = a.w ? a.w : b.w;
    uint32_t sa = a.fl & DNI_PL_SUM, sb = b.fl & DNI_PL_SUM;
    if (sa | sb) {
        DNI_PL_T s = sa ? a : b, t = sa ? b : a;
        double fs = sa ? fa : fb, ft = sa ? fb : fa;
        if ((sa & sb) || fs != 1.0 || (s.fl & DNI_PL_SCALED)) w->bad |= DNI_PL_SUMOP;
        if (s.ix[0] != w->ver) w->bad |= DNI_PL_STALE;
        if (!t.fl) DNI_PL_I(scatter)(w, &t, ft); /* (a phantom has failed the replay) */
        s.v = f0;
        s.d += ft * t.d;
        s.ix[0] = ++w->ver;
        return s;
    }
    if ((a.fl | b.fl) & DNI_PL_PHANTOM) { /* a phantom stays one */
        DNI_PL_T r = a.fl & DNI_PL_PHANTOM ? a : b;
        r.v = f0;
        return r;
    }
    size_t at = w->npairs;
    dni_pl_clash(w, a.ix, b.ix, DNI_PL_K, 0);
    if (w->live) { /* a second sum: a phantom */
        w->bad |= DNI_PL_SECOND;
        DNI_PL_T r = DNI_PL(const)(f0);
        r.w = w;
        r.fl = DNI_PL_PHANTOM;
        r.ix[0] = (uint32_t)at, r.ix[1] = (uint32_t)(w->npairs - at);
        return r;
    }
    w->live = 1;
    w->made = at, w->made_end = w->npairs;
    DNI_PL_I(scatter)(w, &a, fa);
    DNI_PL_I(scatter)(w, &b, fb);
    DNI_PL_T s = DNI_PL(const)(f0);
    s.w = w;
    s.d = fa * a.d + fb * b.d;
    s.fl = DNI_PL_SUM;
    s.g[0] = 1.0;
    s.ix[0] = ++w->ver;
    return s;
}

/* f(a, b) with partials fa, fb, faa, fab, fbb (kind as in DNI_DSP_O2_Q); sum: a sum or
 * difference (which may make or feed the running sum) */
DNI_DSP_O2_HOT DNI_PL_T DNI_PL_I(chain2s)(DNI_PL_T a, DNI_PL_T b, double f0, double fa,
                                          double fb, double faa, double fab, double fbb,
                                          int sum, int kind)
{
    if (!a.w && !b.w) return DNI_PL(const)(f0);
    if (f0 == f0 && !b.w) return DNI_PL_I(chain)(a, f0, fa, faa);
    if (f0 == f0 && !a.w) return DNI_PL_I(chain)(b, f0, fb, fbb);
    uint32_t clash = 0;
    DNI_PL_EACH(k, {
        uint32_t x = a.ix[k];
        uint32_t y = b.ix[k];
        clash |= (uint32_t)((x != 0) & (y != 0) & (x != y));
    })
    if (DNI_PL_UNLIKELY((a.fl | b.fl) | clash)) {
        if (sum && kind == 0) return DNI_PL_I(sum)(a, b, f0, fa, fb);
        dni_pl_work *w = a.w ? a.w : b.w;
        if ((a.fl | b.fl) == 0) { /* two variables of one colour in a number */
            w->bad |= DNI_PL_CLASH;
            dni_pl_clash(w, a.ix, b.ix, DNI_PL_K, DNI_PL_LEARN);
        }
        DNI_PL_I(misuse)(w, &a);
        DNI_PL_I(misuse)(w, &b);
        a = DNI_PL(const)(f0); /* (the replay failed) */
        return a;
    }
    DNI_PL_T r; /* (as the one-pass numbers' f(a, b): the partials as given) */
    r.w = a.w ? a.w : b.w;
    r.v = f0;
    r.d = fa * a.d + fb * b.d;
    r.fl = 0;
    int mode = r.w->mode, hv = mode == DNI_PL_HV;
    double da = a.d, db = b.d;
    DNI_PL_EACH(k, {
        double ga = a.g[k];
        double gb = b.g[k];
        double ma = hv ? da : ga;
        double mb = hv ? db : gb;
        r.ix[k] = a.ix[k] | b.ix[k];
        r.g[k] = fa * ga + fb * gb;
        r.h[k] =
            fa * a.h[k] + fb * b.h[k] + DNI_DSP_O2_Q(kind, ga, gb, ma, mb, faa, fab, fbb);
    })
#if DNI_PL_K == 2
    if (DNI_PL_UNLIKELY(mode == DNI_PL_FULL)) /* the entry of the two slots' variables */
        r.d += DNI_DSP_O2_Q(kind, a.g[0], b.g[0], a.g[1], b.g[1], faa, fab, fbb);
#endif
    if (DNI_PL_UNLIKELY(0.0 * (fa + fb + faa + fab + fbb + r.d) != 0.0))
        DNI_PL_I(unused)(&r);
    return r;
}

/* a += b when a is the running sum at its current version and b a number of the same
 * replay; returns 0 when it does not apply */
DNI_DSP_O2_HOT int DNI_PL_I(acc_in)(DNI_PL_T *a, DNI_PL_T b)
{
    dni_pl_work *w = a->w;
    if (a->fl != DNI_PL_SUM || b.fl || a->ix[0] != w->ver || (b.w && b.w != w)) return 0;
    DNI_PL_I(scatter)(w, &b, 1.0);
    a->v += b.v;
    a->d += b.d;
    a->ix[0] = ++w->ver;
    return 1;
}

/* (dni_T_addsub_l of the one-pass families: never reached, every operand is small) */
DNI_DSP_O2_HOT DNI_PL_T DNI_PL_I(addsub_l)(const DNI_PL_T *a, const DNI_PL_T *b, double c)
{
    return DNI_PL_I(chain2s)(*a, *b, a->v + c * b->v, 1.0, c, 0.0, 0.0, 0.0, 1, 0);
}

/* the replay's variables when x is the driver's array of them, otherwise NULL */
DNI_DSP_O2_DECL const DNI_PL_T *DNI_PL_I(vars)(const dsp_o2 *x, unsigned n)
{
    const dsp_o2_work *w = n ? x[0].w : NULL;
    return w && w->mode == DNI_DSP_O2_PLAN && w->plk == DNI_PL_K && x == w->x
               ? (const DNI_PL_T *)w->xpl
               : NULL;
}

/* the result of a replay, handed to the plan's driver, as a passive dsp_o2 */
dsp_o2 DNI_PL_I(result)(DNI_PL_T r);

#define DNI_DSP_T DNI_PL_T
#define DNI_DSP_SMALL2(a, b) 1
#include "dnum/internal/sparse_o2_body.h"
#undef DNI_DSP_SMALL2

#undef DNI_PL_EACH
#undef DNI_PL_I
#undef DNI_PL
#undef DNI_PL_T
#undef DNI_PL_CAT
#undef DNI_PL_CAT_
#undef DNI_PL_K
