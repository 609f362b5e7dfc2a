/* Tapes: recording (dn_tape_o2_record of dnum/hessian.h). The objective's dtp_o2 version
 * (dnum/tape_o2.h) runs once: every operation on a number that depends on x appends a
 * node (op, operands; its constant beside); constants are folded into the operations that use them.
 * The record is then analysed (tape_analyse.c) into the tape's groups. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/dnum.h"
#include "err_impl.h"
#include "tape_impl.h"

static dtp_o2 push(dni_tp_rec *r, unsigned op, uint32_t a, uint32_t b, double c, double v)
{
    dtp_o2 t = dtp_o2_const(v);
    int k = dni_tp_has_const(op);
    if (r->oom || dni_tp_grow(r->al, (void **)&r->nd, &r->cap, r->nn + 1, sizeof *r->nd) ||
        (k && dni_tp_grow(r->al, (void **)&r->cs, &r->capcs, r->ncs + 1, sizeof *r->cs))) {
        r->oom = 1;
        return t;
    }
    if (k) r->cs[r->ncs] = c, b = (uint32_t)r->ncs++;
    r->nd[r->nn] = (tnode){op, a, b};
    t.id = (uint32_t)r->nn++;
    t.rec = r;
    return t;
}

dtp_o2 dni_dtp_o2_rec(dtp_o2 a, dtp_o2 b, unsigned op, double c, double v)
{
    if (op == DNI_TP_POWD || op == DNI_TP_POWN) v = dni_tp_fn_at(op, c, a.v).d[0];
    int two = op <= DNI_TP_DIV;
    if (two && (!a.rec || !b.rec)) { /* one passive operand: a form with a constant */
        if (!a.rec && !b.rec) return dtp_o2_const(v);
        int pa = !a.rec; /* the passive one is a */
        double k = pa ? a.v : b.v;
        dtp_o2 u = pa ? b : a;
        switch (op) {
        case DNI_TP_ADD: op = DNI_TP_ADDD, c = k; break;
        case DNI_TP_SUB: op = pa ? DNI_TP_DSUB : DNI_TP_ADDD, c = pa ? k : -k; break;
        case DNI_TP_MUL: op = DNI_TP_MULD, c = k; break;
        default: op = pa ? DNI_TP_DDIV : DNI_TP_DIVD, c = k; break;
        }
        return push(u.rec, op, u.id, u.id, c, v);
    }
    if (!a.rec) return dtp_o2_const(v);
    return push(a.rec, op, a.id, two ? b.id : a.id, c, v);
}

dtp_o2 dni_dtp_o2_fn(dtp_o2 u, unsigned row, int fni, int m)
{
    unsigned op = (fni ? DNI_TP_FNI : DNI_TP_FN) + row;
    double v = dni_tp_fn_at(op, m, u.v).d[0];
    if (!u.rec) return dtp_o2_const(v);
    return push(u.rec, op, u.id, u.id, m, v);
}

dtp_o2 dni_dtp_o2_refuse(dtp_o2 a, dtp_o2 b, const char *what, double v)
{
    dni_tp_rec *r = a.rec ? a.rec : b.rec;
    if (r && !r->refused) r->refused = what;
    return dtp_o2_const(v);
}

double dni_dtp_o2_valued(dtp_o2 a)
{
    a.rec->valued = 1;
    return a.v;
}

/* ---- the tape ---------------------------------------------------------------------------- */

int dn_tape_o2_new(dn_tape_o2 **tape, const dn_allocator *al)
{
    if (tape == NULL) return DN_EINVAL;
    dn_tape_o2 *T = w_alloc(al, sizeof *T);
    if (T == NULL) return DN_ENOMEM;
    memset(T, 0, sizeof *T);
    T->al = al;
    *tape = T;
    return DN_OK;
}

void dn_tape_o2_free(dn_tape_o2 *tape)
{
    if (tape == NULL) return;
    dni_tp_free_groups(tape);
    w_free(tape->al, tape, sizeof *tape);
}

void dn_tape_o2_info(const dn_tape_o2 *tape, dn_tape_o2_stats *stats)
{
    if (stats == NULL) return;
    memset(stats, 0, sizeof *stats);
    if (tape == NULL || !tape->ready) return;
    stats->n = tape->n;
    stats->operations = tape->nodes;
    stats->elements = tape->elems;
    stats->shapes = tape->ng;
    stats->max_vars = tape->maxnv;
    stats->bytes = sizeof *tape + tape->bytes;
}

int dn_tape_o2_record_ex(dn_tape_o2 *tape, dn_objective_tp f, void *ctx, const double *x,
                         unsigned n, dn_errinfo *err)
{
    static const char fn[] = "dn_tape_o2_record";
    const dni_req req[] = {{tape != NULL, 1, "tape is NULL (make one with dn_tape_o2_new)"},
                           {f != NULL, 2, "f is NULL"},
                           {x != NULL, 4, "x is NULL"},
                           {n != 0, 5, "n is 0"},
                           {n <= INT32_MAX, 5, "n is above 2^31 - 1"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    const dn_allocator *al = tape->al;
    dni_tp_rec rec;
    memset(&rec, 0, sizeof rec);
    rec.al = al;
    dtp_o2 *xs = w_array(al, n, sizeof *xs);
    /* room for as many nodes as the tape's last record of this n, else 8 per variable */
    size_t guess = tape->ready && tape->n == n ? tape->nodes + n + 1 : (size_t)n * 8;
    if (!xs || dni_tp_grow(al, (void **)&rec.nd, &rec.cap, guess, sizeof *rec.nd) ||
        dni_tp_grow(al, (void **)&rec.cs, &rec.capcs, guess / 2, sizeof *rec.cs)) {
        w_free(al, xs, n * sizeof *xs);
        w_free(al, rec.nd, rec.cap * sizeof *rec.nd);
        w_free(al, rec.cs, rec.capcs * sizeof *rec.cs);
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (tape)", fn);
    }
    for (unsigned i = 0; i < n; i++) {
        xs[i] = push(&rec, DNI_TP_VAR, i, i, 0.0, x[i]);
    }
    dtp_o2 r = f(xs, n, ctx);
    dn_tape_o2 N;
    memset(&N, 0, sizeof N);
    N.al = al, N.n = n;
    if (rec.oom) {
        st = dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (tape)", fn);
    } else if (rec.refused) {
        st = dni_fail(err, DN_EINVAL, 2, SIZE_MAX,
                      "%s: argument 2: the objective calls %s on numbers that depend on x, "
                      "which a tape does not replay (use dn_hessdiag_plan or the dn_*_sp "
                      "drivers for it)",
                      fn, rec.refused);
    } else if (rec.valued) {
        st = dni_fail(err, DN_EINVAL, 2, SIZE_MAX,
                      "%s: argument 2: the objective reads the value of a number that "
                      "depends on x (dnh_value), so its operations may change with x, and "
                      "a tape replays those of one point (use dn_hessdiag_plan, which "
                      "checks them on every call)",
                      fn);
    } else if (r.rec && r.rec != &rec) {
        st = dni_fail(
            err, DN_EINVAL, 2, SIZE_MAX,
            "%s: argument 2: the objective returned a number of another recording", fn);
    } else if (!r.rec) {
        N.f0 = r.v; /* (a constant) */
        if (dni_tp_build_pattern(&N))
            st = dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (tape)", fn);
    } else if ((st = dni_tp_analyse(&N, &rec, r.id, 1.0)) != 0 ||
               (st = dni_tp_build_pattern(&N)) != 0) {
        dni_tp_free_groups(&N);
        if (st == -1)
            st = dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (tape)", fn);
        else
            st =
                dni_fail(err, DN_ERANGE, 2, SIZE_MAX,
                         "%s: argument 2: an element of the objective (a part that its "
                         "sums do not split further) has more than %d %s; a tape takes "
                         "sums of smaller parts (use dn_hessdiag_sp for this objective)",
                         fn, st == -2 ? MAXL : MAXV, st == -2 ? "operations" : "variables");
    }
    w_free(al, xs, n * sizeof *xs);
    w_free(al, rec.nd, rec.cap * sizeof *rec.nd);
    w_free(al, rec.cs, rec.capcs * sizeof *rec.cs);
    if (st) return st;
    dni_tp_free_groups(tape);
    N.nodes = rec.nn - n;
    N.bytes = dni_tp_bytes(&N);
    N.ready = 1;
    *tape = N;
    return dni_ok(err);
}

int dn_tape_o2_record(dn_tape_o2 *tape, dn_objective_tp f, void *ctx, const double *x,
                      unsigned n)
{
    return dn_tape_o2_record_ex(tape, f, ctx, x, n, NULL);
}
