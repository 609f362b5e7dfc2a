/* Tapes: recording (dn_tape_o2_record of dnum/hessian.h). The objective's dtp_o2 version
 * (dnum/tape_o2.h) runs once: every operation on a number that depends on x appends a
 * node (op, operands; its constant beside); constants are folded into the operations that use them.
 * The record is then analysed (tape_analyse.c) into the tape's groups. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/dnum.h"
#include "err_impl.h"
#include "tape_impl.h"

static dtp_o2 push(dni_tp_rec *r, unsigned op, uint32_t a, uint32_t b, double c, double v)
{
    dtp_o2 t = dtp_o2_const(v);
    int k = dni_tp_has_const(op);
    if ((uint64_t)r->nn >= UINT32_MAX - 1) r->big = 1; /* (positions are 32-bit) */
    if (r->oom || r->big ||
        dni_tp_grow(r->al, (void **)&r->nd, &r->cap, r->nn + 1, sizeof *r->nd) ||
        (k && dni_tp_grow(r->al, (void **)&r->cs, &r->capcs, r->ncs + 1, sizeof *r->cs))) {
        r->oom |= !r->big;
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
    if (r && !r->refused) r->refused = what, r->bad = r->part;
    return dtp_o2_const(v);
}

dtp_o2 dni_dtp_o2_fn2(dtp_o2 a, dtp_o2 b, unsigned row)
{
#define ROW_F(A, name, ...) dnum_o2_##name,
#define ROW_N(A, name, ...) "dnh_" #name,
    static dnum_o2 (*const fn[])(dnum_o2, dnum_o2) = { DNI_OPS_BINARY(ROW_F, ~) };
    static const char *const name[] = { DNI_OPS_BINARY(ROW_N, ~) };
#undef ROW_F
#undef ROW_N
    double v = fn[row](dnum_o2_const(a.v), dnum_o2_const(b.v)).d[0];
    if (!a.rec && !b.rec) return dtp_o2_const(v); /* (of constants: a constant) */
    return dni_dtp_o2_refuse(a, b, name[row], v);
}

double dni_dtp_o2_valued(dtp_o2 a)
{
    if (!a.rec->valued) a.rec->valued = 1, a.rec->vbad = a.rec->part;
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

/* "the objective" or "constraint i" (part: -1 or i) into buf */
static const char *part_name(char *buf, size_t size, int32_t part)
{
    if (part < 0) return "the objective";
    snprintf(buf, size, "constraint %ld", (long)part);
    return buf;
}

int dni_tp_record(dn_tape_o2 *T, dn_objective_tp f, dn_constraint_tp c, void *ctx,
                  const double *x, unsigned n, unsigned m, dn_errinfo *err, const char *fn,
                  unsigned fpos, const char *alt)
{
    const dn_allocator *al = T->al;
    dni_tp_rec rec;
    memset(&rec, 0, sizeof rec);
    rec.al = al;
    size_t nr = (f ? 1 : 0) + (c ? (size_t)m : 0);
    dtp_o2 *xs = w_array(al, n, sizeof *xs);
    uint32_t *root = w_array(al, nr + 1, sizeof *root);
    int32_t *row = w_array(al, nr + 1, sizeof *row);
    /* room for as many nodes as the tape's last record of this n, else 8 per variable */
    size_t guess = T->ready && T->n == n ? T->nodes + n + 1 : (size_t)n * 8;
    dn_tape_o2 N;
    memset(&N, 0, sizeof N);
    N.al = al, N.n = n, N.m = c ? m : 0;
    int st = 0;
    if (!xs || !root || !row || (N.m && !(N.c0 = w_array(al, N.m, sizeof *N.c0))) ||
        dni_tp_grow(al, (void **)&rec.nd, &rec.cap, guess, sizeof *rec.nd) ||
        dni_tp_grow(al, (void **)&rec.cs, &rec.capcs, guess / 2, sizeof *rec.cs)) {
        st = dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (tape)", fn);
        goto done;
    }
    for (unsigned i = 0; i < N.m; i++) N.c0[i] = 0.0;
    for (unsigned i = 0; i < n; i++) xs[i] = push(&rec, DNI_TP_VAR, i, i, 0.0, x[i]);
    size_t k = 0, other = 0; /* results; the first of another recording (+1) */
    for (int32_t p = f ? -1 : 0; p < (int32_t)N.m; p++) {
        rec.part = p;
        dtp_o2 r = p < 0 ? f(xs, n, ctx) : c(xs, n, (unsigned)p, ctx);
        if (r.rec && r.rec != &rec) other = other ? other : (size_t)p + 2;
        else if (r.rec) root[k] = r.id, row[k++] = p;
        else if (p < 0) N.f0 = r.v; /* (a constant) */
        else N.c0[p] = r.v;
    }
    char b1[40];
    int32_t where = -1;
    if (rec.oom) {
        st = dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (tape)", fn);
    } else if (rec.big) {
        st = dni_fail(err, DN_ERANGE, fpos, SIZE_MAX,
                      "%s: argument %u: more than 2^32 - 2 operations for one tape", fn,
                      fpos);
    } else if (rec.refused) {
        st = dni_fail(err, DN_EINVAL, fpos + (rec.bad >= 0), SIZE_MAX,
                      "%s: argument %u: %s calls %s, which a tape does not replay; use %s",
                      fn, fpos + (rec.bad >= 0), part_name(b1, sizeof b1, rec.bad),
                      rec.refused, alt);
    } else if (rec.valued) {
        st = dni_fail(err, DN_EINVAL, fpos + (rec.vbad >= 0), SIZE_MAX,
                      "%s: argument %u: %s reads a value (dnh_value), so its operations "
                      "may change with x; use %s",
                      fn, fpos + (rec.vbad >= 0), part_name(b1, sizeof b1, rec.vbad), alt);
    } else if (other) {
        int32_t p = (int32_t)other - 2;
        st = dni_fail(err, DN_EINVAL, fpos + (p >= 0), SIZE_MAX,
                      "%s: argument %u: %s returned a number of another recording", fn,
                      fpos + (p >= 0), part_name(b1, sizeof b1, p));
    } else if ((st = dni_tp_analyse(&N, &rec, root, row, k, &where)) != 0 ||
               (st = dni_tp_build_pattern(&N)) != 0) {
        if (st == -1)
            st = dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (tape)", fn);
        else if (st == -4)
            st = dni_fail(err, DN_ERANGE, fpos, SIZE_MAX,
                          "%s: argument %u: more than 2^32 - 2 entries for one tape", fn,
                          fpos);
        else
            st = dni_fail(err, DN_ERANGE, fpos + (where >= 0), SIZE_MAX,
                          "%s: argument %u: %s has a part of more than %d %s that its sums "
                          "do not split; use %s",
                          fn, fpos + (where >= 0), part_name(b1, sizeof b1, where),
                          st == -2 ? MAXL : MAXV, st == -2 ? "operations" : "variables",
                          alt);
    }
done:
    if (st) dni_tp_free_groups(&N);
    w_free(al, xs, n * sizeof *xs);
    w_free(al, root, (nr + 1) * sizeof *root);
    w_free(al, row, (nr + 1) * sizeof *row);
    w_free(al, rec.nd, rec.cap * sizeof *rec.nd);
    w_free(al, rec.cs, rec.capcs * sizeof *rec.cs);
    if (st) return st;
    dni_tp_free_groups(T);
    N.nodes = rec.nn - n;
    N.bytes = dni_tp_bytes(&N);
    N.ready = 1;
    *T = N;
    return dni_ok(err);
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
    return dni_tp_record(tape, f, NULL, ctx, x, n, 0, err, fn, 2,
                         "dn_hessdiag_plan or the dn_*_sp drivers");
}

int dn_tape_o2_record(dn_tape_o2 *tape, dn_objective_tp f, void *ctx, const double *x,
                      unsigned n)
{
    return dn_tape_o2_record_ex(tape, f, ctx, x, n, NULL);
}
