/* Tapes, the library's side (src/tape_*.c): the record of an objective (and constraints), its elements
 * grouped by shape, and what the recording, the analysis and the evaluation share.
 *   tape_record.c    the recording numbers' operations (dnum/tape_o2.h) and
 *                    dn_tape_o2_new / _free / _info / _record
 *   tape_analyse.c   the record split into elements, grouped by shape; the Hessian's pattern
 *   tape_eval.c      the groups evaluated in blocks; the drivers dn_*_tape */
#ifndef DNUM_TAPE_IMPL_H
#define DNUM_TAPE_IMPL_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/dnum.h"
#include "dnum/nlp.h"
#include "sparse2_impl.h"

/* variables of an element at most; its operations at most; elements per block */
#define MAXV 8
#define MAXL 1024
#define BLK 64

/* a node of the record: op, its operands a and b (b = a for one operand; a variable: a
 * its index), and for the operations with a constant (dni_tp_has_const) that constant's
 * position in the record's cs in place of b (12 bytes: the record of n = 10^5 terms
 * holds millions) */
typedef struct tnode {
    uint32_t op, a, b;
} tnode;

struct dni_tp_rec {
    const dn_allocator *al;
    tnode *nd;
    size_t nn, cap;
    double *cs; /* the constants */
    size_t ncs, capcs;
    int oom;
    const char *refused; /* the first operation refused, or NULL */
    int valued;          /* dnh_value of a number that depends on x */
    int big;             /* more than 2^32 - 2 nodes */
    int32_t part;        /* the function being recorded: -1 f, else c_i */
    int32_t bad, vbad;   /* the function of the first refusal, of the first dnh_value */
};

/* one operation of an element's program: op, local operands, the local variables its
 * result depends on (bit j: variable j), its constant's slot */
typedef struct lop {
    uint16_t op, a, b, k, m; /* (no padding: programs are compared with memcmp) */
} lop;

typedef struct tgroup {
    unsigned nl, nv, nc; /* operations, variables, constants of each element */
    lop *prog;
    size_t nt, cap;    /* elements */
    uint32_t *vidx;    /* nt x nv variables (element-major while analysing) */
    double *cst, *fac; /* nt x nc constants; nt factors */
    uint8_t *uni;      /* constant slot k the same in every element: cval[k] */
    double *cval;
    uint64_t hash;
    uint64_t sp;    /* the pairs of variables p >= q (bit p (p + 1) / 2 + q) whose Hessian
                       entry is not 0 by structure */
    uint32_t *hpos; /* where each of them goes in the tape's pattern: the s-th pair of sp
                       of element t at s nt + t */
    int con;        /* 1: the elements of constraints (a tape of constraints) */
    uint32_t *row;  /* con: nt, each element's constraint */
    uint32_t *jpos; /* con: nt x nv, where variable j of element t goes in the Jacobian's
                       pattern (j nt + t) */
} tgroup;

struct dn_tape_o2 {
    const dn_allocator *al;
    unsigned n;
    int ready;
    double f0; /* the constant part of the objective */
    tgroup *g;
    unsigned ng, capg;
    size_t nodes, elems, bytes;
    unsigned maxnl, maxnv;
    size_t *rowptr; /* the Hessian's pattern: lower triangle, compressed rows */
    unsigned *col;
    unsigned m;      /* constraints recorded beside the objective (dni_tp_record) */
    double *c0;      /* m: their constant parts */
    size_t *jrowptr; /* the constraints' Jacobian pattern: m rows, compressed */
    unsigned *jcol;
    size_t jnnz;
    size_t nnz;
};

/* *p (cap elements of size elem) grown to hold need; 0 or -1 (out of memory, *p kept).
 * With malloc, by realloc: a large block is then moved by remapping its pages, not
 * copied (and the new pages are only touched when written) */
static inline int dni_tp_grow(const dn_allocator *al, void **p, size_t *cap, size_t need,
                              size_t elem)
{
    if (need <= *cap) return 0;
    size_t nc = *cap ? *cap : 16;
    while (nc < need) nc *= 2;
    if (!al) {
        void *r = nc <= SIZE_MAX / elem ? realloc(*p, nc * elem) : NULL;
        if (!r) return -1;
        *p = r, *cap = nc;
        return 0;
    }
    void *q = w_array(al, nc, elem);
    if (!q) return -1;
    if (*cap) memcpy(q, *p, *cap * elem);
    w_free(al, *p, *cap * elem);
    *p = q, *cap = nc;
    return 0;
}

/* f, f', f'' of the function of op (DNI_TP_POWD ... DNI_TP_FNI + row) with constant c at v */
static inline dnum_o2 dni_tp_fn_at(unsigned op, double c, double v)
{
#define ROW_F(A, name, ...) dnum_o2_##name,
    static dnum_o2 (*const un[])(dnum_o2) = { DNI_OPS_UNARY(ROW_F, ~) };
    static dnum_o2 (*const in[])(int, dnum_o2) = { DNI_OPS_INT(ROW_F, ~) };
#undef ROW_F
    dnum_o2 x = dnum_o2_var(v);
    switch (op) {
    case DNI_TP_POWD: return dnum_o2_pow_d(x, c);
    case DNI_TP_POWN: return dnum_o2_pown(x, (long)c);
    case DNI_TP_DDIV: return dnum_o2_d_div(c, x);
    default:
        return op >= (unsigned)DNI_TP_FNI ? in[op - DNI_TP_FNI]((int)c, x)
                                          : un[op - DNI_TP_FN](x);
    }
}

/* pairs p >= q of nv variables */
static inline size_t dni_tp_pairs(unsigned nv)
{
    return (size_t)nv * (nv + 1) / 2;
}

/* whether op has two operands; a constant (its position in place of the second) */
static inline int dni_tp_two(unsigned op)
{
    return op >= DNI_TP_ADD && op <= DNI_TP_DIV;
}
static inline int dni_tp_has_const(unsigned op)
{
    return op >= DNI_TP_ADDD;
}

/* the elements of the record rec into T's groups, from nr results: node root[r] (row[r] -1:
 * the objective, else that constraint); 0, -1 (out of memory), -2 (an element of more
 * than MAXL operations), -3 (one of more than MAXV variables), -4 (more than 2^32 - 2
 * entries of the variable sets), *where the row of the result it failed in */
int dni_tp_analyse(dn_tape_o2 *T, const dni_tp_rec *rec, const uint32_t *root,
                   const int32_t *row, size_t nr, int32_t *where);

/* Records f (NULL: none) and the m constraints c (NULL: none) at x into T, replacing what
 * it held (T unchanged on failure). fn names the caller, fpos the position of its argument
 * f (c's: fpos + 1), alt what to use instead where a tape cannot take the function. 0 or
 * a DN_E* status, with err filled. */
int dni_tp_record(dn_tape_o2 *T, dn_objective_tp f, dn_constraint_tp c, void *ctx,
                  const double *x, unsigned n, unsigned m, dn_errinfo *err, const char *fn,
                  unsigned fpos, const char *alt);
/* the Hessian's pattern of T's elements and where each of their pairs goes, and (T->m > 0)
 * the Jacobian's pattern of its constraints' elements; 0, -1 or -4 (more than 2^32 - 2
 * entries) */
int dni_tp_build_pattern(dn_tape_o2 *T);
/* frees T's groups and pattern */
void dni_tp_free_groups(dn_tape_o2 *T);
/* bytes of T's groups and patterns */
size_t dni_tp_bytes(const dn_tape_o2 *T);

/* A tape of dni_tp_record at x, for the problems of dnum/nlp.h; each 0 or -1 (out of
 * memory, outputs untouched):
 *   dni_tp_obj   f (may be NULL) and the gradient (n) of the objective
 *   dni_tp_cons  the constraints' values c (m) and the Jacobian's entries (T->jnnz, in
 *                the tape's pattern jrowptr, jcol)
 *   dni_tp_lag   the Hessian's entries (T->nnz, in the tape's pattern rowptr, col) of
 *                sigma f + sum_i lambda_i c_i */
int dni_tp_obj(const dn_tape_o2 *T, const double *x, double *f, double *grad);
int dni_tp_cons(const dn_tape_o2 *T, const double *x, double *c, double *jac);
int dni_tp_lag(const dn_tape_o2 *T, const double *x, double sigma, const double *lambda,
               double *hval);

#endif /* DNUM_TAPE_IMPL_H */
