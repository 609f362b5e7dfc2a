/* The result of a replay on dplK_o2 numbers (dnum/plan_o2.h), handed to the plan's
 * driver: included by src/plan_o2.c once per K after `#define PLK_T dplK_o2` and
 * `#define PLK(f) dni_dplK_o2_f`. Deliberately without an include guard. */

dsp_o2 PLK(result)(PLK_T r)
{
    dni_pl_work *w = r.w;
    dsp_o2 out = dsp_o2_const(r.v);
    out.st = DNI_PL_MARK;
    if (w) {
        w->got++;
        w->rv = r.v;
        w->scale = 1.0;
        if (r.fl & DNI_PL_SUM) {
            if (r.ix[0] != w->ver) w->bad |= DNI_PL_STALE;
            w->scale = r.g[0];
        } else if (r.fl || w->live) {
            w->bad |= DNI_PL_SUMOP; /* the result is not the running sum */
        } else {
            PLK(scatter)(w, &r, 1.0);
        }
    }
    return out;
}

#undef PLK_T
#undef PLK
