/* Tapes (dn_tape_o2 of dnum/hessian.h): an objective recorded once, evaluated at any x.
 *
 * Recording runs the objective's dtp_o2 version (dnum/tape_o2.h): every operation on a
 * number that depends on x appends a node (op, operands, constant). Analysis then splits
 * the objective into elements: from the result down, sums, differences and the linear
 * operations with a constant are expanded (their factors kept) as long as they join
 * variables that their operands do not already share; what remains are the elements, the
 * parts of at most DNI_TP_MAXV variables (an element's nodes are copied into it, so nodes
 * used by several elements, such as x_n^2 in ARWHEAD, are evaluated in each). Elements of
 * one shape (the same operations on their local variables) form a group that stores only
 * its elements' variables, constants and factors. Evaluation runs each group's program
 * on blocks of DNI_TP_B elements, each operation a loop over the block (value, and for
 * each local variable the first and pure second derivative), and adds the results into
 * the gradient and the diagonal. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/dnum.h"
#include "sparse2_impl.h"
#include "err_impl.h"
#include "pattern_impl.h"

/* variables of an element at most; its operations at most; elements per block */
#define MAXV 8
#define MAXL 1024
#define BLK 64

typedef struct tnode {
    uint16_t op;
    uint32_t a, b;
    double c;
} tnode;

struct dni_tp_rec {
    const dn_allocator *al;
    tnode *nd;
    size_t nn, cap;
    int oom;
    const char *refused; /* the first operation refused, or NULL */
    int valued;          /* dnh_value of a number that depends on x */
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
    size_t nnz;
};

/* ---- allocation ------------------------------------------------------------------------ */

/* *p (cap elements of size elem) grown to hold need; 0 or -1 (out of memory) */
static int grow(const dn_allocator *al, void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t nc = *cap ? *cap : 16;
    while (nc < need) nc *= 2;
    void *q = w_array(al, nc, elem);
    if (!q) return -1;
    if (*cap) memcpy(q, *p, *cap * elem);
    w_free(al, *p, *cap * elem);
    *p = q, *cap = nc;
    return 0;
}

/* ---- recording --------------------------------------------------------------------------- */

static dtp_o2 push(dni_tp_rec *r, unsigned op, uint32_t a, uint32_t b, double c, double v)
{
    dtp_o2 t = dtp_o2_const(v);
    if (r->oom || grow(r->al, (void **)&r->nd, &r->cap, r->nn + 1, sizeof *r->nd)) {
        r->oom = 1;
        return t;
    }
    r->nd[r->nn] = (tnode){(uint16_t)op, a, b, c};
    t.id = (uint32_t)r->nn++;
    t.rec = r;
    return t;
}

/* f, f', f'' of the function of op (DNI_TP_POWD ... DNI_TP_FNI + row) with constant c at v */
static dnum_o2 fn_at(unsigned op, double c, double v)
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

dtp_o2 dni_dtp_o2_rec(dtp_o2 a, dtp_o2 b, unsigned op, double c, double v)
{
    if (op == DNI_TP_POWD || op == DNI_TP_POWN) v = fn_at(op, c, a.v).d[0];
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
    double v = fn_at(op, m, u.v).d[0];
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

/* ---- analysis ---------------------------------------------------------------------------- */

/* the analysis' scratch, sized by the tape */
typedef struct ana {
    const dn_allocator *al;
    const tnode *nd;
    size_t nn;
    uint8_t *cnt;   /* variables a node depends on, MAXV + 1 for more */
    uint32_t *set;  /* where its sorted variables are in pool */
    uint32_t *pool; /* MAXV each */
    size_t npool, cappool;
    uint32_t *stamp, *loc; /* the element a node was last copied into, its local index */
    lop *prog;             /* the element being copied */
    double *cs;
    uint32_t vars[MAXV];
    struct ent {
        uint32_t u;
        double c;
    } * st; /* expansion stack */
    size_t capst;
    uint32_t *dfs; /* copying stack */
    size_t capdfs;
    unsigned *tab; /* group lookup: group + 1, 0 empty */
    size_t captab;
} ana;

static int two_operands(unsigned op)
{
    return op >= DNI_TP_ADD && op <= DNI_TP_DIV;
}
static int has_const(unsigned op)
{
    return op >= DNI_TP_ADDD;
}

/* the variable sets of every node (capped at MAXV + 1) */
static int varsets(ana *A)
{
    for (size_t u = 0; u < A->nn; u++) {
        const tnode *q = &A->nd[u];
        if (q->op == DNI_TP_VAR) {
            if (grow(A->al, (void **)&A->pool, &A->cappool, A->npool + MAXV,
                     sizeof *A->pool))
                return -1;
            A->pool[A->npool] = q->a;
            A->set[u] = (uint32_t)A->npool, A->cnt[u] = 1;
            A->npool += MAXV;
            continue;
        }
        unsigned na = A->cnt[q->a], nb = two_operands(q->op) ? A->cnt[q->b] : 0;
        if (na > MAXV || nb > MAXV) {
            A->cnt[u] = MAXV + 1;
            continue;
        }
        const uint32_t *sa = A->pool + A->set[q->a], *sb = A->pool + A->set[q->b];
        uint32_t m[2 * MAXV];
        unsigned k = 0, i = 0, j = 0;
        while (i < na || j < nb) {
            if (j >= nb || (i < na && sa[i] < sb[j])) m[k++] = sa[i++];
            else if (i >= na || sb[j] < sa[i]) m[k++] = sb[j++];
            else m[k++] = sa[i++], j++;
        }
        if (k > MAXV) {
            A->cnt[u] = MAXV + 1;
        } else if (k == na) { /* (b's variables are a's) */
            A->cnt[u] = (uint8_t)k, A->set[u] = A->set[q->a];
        } else if (k == nb) {
            A->cnt[u] = (uint8_t)k, A->set[u] = A->set[q->b];
        } else {
            if (grow(A->al, (void **)&A->pool, &A->cappool, A->npool + MAXV,
                     sizeof *A->pool))
                return -1;
            memcpy(A->pool + A->npool, m, k * sizeof *m);
            A->set[u] = (uint32_t)A->npool, A->cnt[u] = (uint8_t)k;
            A->npool += MAXV;
        }
    }
    return 0;
}

/* frees the element arrays of G */
static void free_elements(const dn_allocator *al, tgroup *G)
{
    size_t cap = G->cap, nc = G->nc ? G->nc : 1;
    w_free(al, G->vidx, (cap * G->nv + 1) * sizeof *G->vidx);
    w_free(al, G->cst, cap * nc * sizeof *G->cst);
    w_free(al, G->fac, cap * sizeof *G->fac);
    G->vidx = NULL, G->cst = G->fac = NULL;
}

static uint64_t hash_prog(const lop *p, unsigned nl, unsigned nv)
{
    uint64_t h = 1469598103934665603u ^ nv;
    for (unsigned i = 0; i < nl; i++) {
        uint64_t w = p[i].op | (uint64_t)p[i].a << 16 | (uint64_t)p[i].b << 32;
        h = (h ^ w) * 1099511628211u;
    }
    return h;
}

/* the pairs (p, q), p >= q < nv, with p in ma and q in mb or the other way round */
static uint64_t cross(unsigned ma, unsigned mb, unsigned nv)
{
    uint64_t r = 0;
    for (unsigned p = 0, k = 0; p < nv; p++)
        for (unsigned q = 0; q <= p; q++, k++)
            if ((ma >> p & mb >> q & 1) || (ma >> q & mb >> p & 1)) r |= (uint64_t)1 << k;
    return r;
}

/* the pairs of variables whose second derivative the program's result may have (a sum of
 * functions of one variable each has none off the diagonal) */
static uint64_t struct_pairs(const lop *prog, unsigned nl, unsigned nv)
{
    uint64_t P[MAXL];
    for (unsigned l = 0; l < nl; l++) {
        const lop o = prog[l];
        const unsigned ma = prog[o.a].m, mb = prog[o.b].m;
        switch (o.op) {
        case DNI_TP_VAR: P[l] = 0; break;
        case DNI_TP_ADD:
        case DNI_TP_SUB: P[l] = P[o.a] | P[o.b]; break;
        case DNI_TP_MUL: P[l] = P[o.a] | P[o.b] | cross(ma, mb, nv); break;
        case DNI_TP_DIV: P[l] = P[o.a] | P[o.b] | cross(ma | mb, mb, nv); break;
        case DNI_TP_NEG:
        case DNI_TP_ADDD:
        case DNI_TP_MULD:
        case DNI_TP_DIVD:
        case DNI_TP_DSUB: P[l] = P[o.a]; break;
        default: P[l] = P[o.a] | cross(ma, ma, nv); break; /* a function */
        }
    }
    return P[nl - 1];
}

/* the group of the element just copied (nl operations, nv variables, nc constants): an
 * existing one of the same program or a new one; NULL when out of memory */
static tgroup *group_of(dn_tape_o2 *T, ana *A, unsigned nl, unsigned nv, unsigned nc)
{
    uint64_t h = hash_prog(A->prog, nl, nv);
    if (2 * (T->ng + 1) > A->captab) { /* (re)build the table at twice the size */
        size_t cap = A->captab ? 2 * A->captab : 64;
        unsigned *tab = w_array(A->al, cap, sizeof *tab);
        if (!tab) return NULL;
        memset(tab, 0, cap * sizeof *tab);
        for (unsigned g = 0; g < T->ng; g++) {
            size_t i = T->g[g].hash & (cap - 1);
            while (tab[i]) i = (i + 1) & (cap - 1);
            tab[i] = g + 1;
        }
        w_free(A->al, A->tab, A->captab * sizeof *A->tab);
        A->tab = tab, A->captab = cap;
    }
    size_t i = h & (A->captab - 1);
    for (; A->tab[i]; i = (i + 1) & (A->captab - 1)) {
        tgroup *G = &T->g[A->tab[i] - 1];
        if (G->hash == h && G->nl == nl && G->nv == nv &&
            !memcmp(G->prog, A->prog, nl * sizeof *A->prog))
            return G;
    }
    size_t capg = T->capg;
    if (grow(T->al, (void **)&T->g, &capg, T->ng + 1, sizeof *T->g)) return NULL;
    T->capg = (unsigned)capg;
    tgroup *G = &T->g[T->ng];
    memset(G, 0, sizeof *G);
    G->prog = w_array(T->al, nl, sizeof *G->prog);
    if (!G->prog) return NULL;
    memcpy(G->prog, A->prog, nl * sizeof *A->prog);
    G->nl = nl, G->nv = nv, G->nc = nc, G->hash = h;
    G->sp = struct_pairs(A->prog, nl, nv);
    A->tab[i] = ++T->ng;
    if (nl > T->maxnl) T->maxnl = nl;
    if (nv > T->maxnv) T->maxnv = nv;
    return G;
}

/* room for twice as many elements in G; 0 or -1 (out of memory, G unchanged) */
static int more_elements(const dn_allocator *al, tgroup *G)
{
    size_t cap = G->cap ? 2 * G->cap : 16, nv = G->nv, nc = G->nc ? G->nc : 1;
    uint32_t *v = w_array(al, cap * nv + 1, sizeof *v);
    double *c = w_array(al, cap * nc, sizeof *c), *f = w_array(al, cap, sizeof *f);
    if (!v || !c || !f) {
        w_free(al, v, (cap * nv + 1) * sizeof *v);
        w_free(al, c, cap * nc * sizeof *c);
        w_free(al, f, cap * sizeof *f);
        return -1;
    }
    if (G->nt) {
        memcpy(v, G->vidx, G->nt * nv * sizeof *v);
        memcpy(c, G->cst, G->nt * nc * sizeof *c);
        memcpy(f, G->fac, G->nt * sizeof *f);
    }
    free_elements(al, G);
    G->vidx = v, G->cst = c, G->fac = f, G->cap = cap;
    return 0;
}

/* copies the element rooted at node r (its id: eid) into a group with factor fac;
 * 0, -1 (out of memory) or -2 (more than MAXL operations) */
static int add_element(dn_tape_o2 *T, ana *A, uint32_t r, double fac, uint32_t eid)
{
    unsigned nl = 0, nc = 0, nv = 0;
    size_t sp = 0;
    if (grow(A->al, (void **)&A->dfs, &A->capdfs, 1, sizeof *A->dfs)) return -1;
    A->dfs[sp++] = r;
    while (sp) { /* operands first (postorder), each node once */
        uint32_t u = A->dfs[sp - 1];
        const tnode *q = &A->nd[u];
        if (A->stamp[u] == eid) {
            sp--;
            continue;
        }
        int ready = 1;
        if (q->op != DNI_TP_VAR) {
            if (grow(A->al, (void **)&A->dfs, &A->capdfs, sp + 2, sizeof *A->dfs))
                return -1;
            if (A->stamp[q->a] != eid) A->dfs[sp++] = q->a, ready = 0;
            if (two_operands(q->op) && A->stamp[q->b] != eid)
                A->dfs[sp++] = q->b, ready = 0;
        }
        if (!ready) continue;
        sp--;
        if (nl == MAXL) return -2;
        lop l = {q->op, 0, 0, 0, 0};
        if (q->op == DNI_TP_VAR) {
            A->vars[nv] = q->a;
            l.a = (uint16_t)nv, l.m = (uint16_t)(1u << nv);
            nv++;
        } else {
            l.a = (uint16_t)A->loc[q->a], l.m = A->prog[l.a].m;
            if (two_operands(q->op)) l.b = (uint16_t)A->loc[q->b], l.m |= A->prog[l.b].m;
            if (has_const(q->op)) A->cs[nc] = q->c, l.k = (uint16_t)nc++;
        }
        A->stamp[u] = eid, A->loc[u] = nl;
        A->prog[nl++] = l;
    }
    tgroup *G = group_of(T, A, nl, nv, nc);
    if (!G) return -1;
    if (G->nt == G->cap && more_elements(T->al, G)) return -1;
    memcpy(G->vidx + G->nt * nv, A->vars, nv * sizeof *A->vars);
    if (nc) memcpy(G->cst + G->nt * nc, A->cs, nc * sizeof *A->cs);
    G->fac[G->nt++] = fac;
    T->elems++;
    return 0;
}

/* the pairs of G's sp */
static size_t npairs(const tgroup *G)
{
    size_t c = 0;
    for (uint64_t b = G->sp; b; b &= b - 1) c++;
    return c;
}

/* pairs p >= q of nv variables */
static size_t pairs(unsigned nv)
{
    return (size_t)nv * (nv + 1) / 2;
}

/* frees T's groups and pattern */
static void free_groups(dn_tape_o2 *T)
{
    for (unsigned g = 0; g < T->ng; g++) {
        tgroup *G = &T->g[g];
        free_elements(T->al, G);
        w_free(T->al, G->prog, G->nl * sizeof *G->prog);
        w_free(T->al, G->uni, (G->nc ? G->nc : 1) * sizeof *G->uni);
        w_free(T->al, G->cval, (G->nc ? G->nc : 1) * sizeof *G->cval);
        w_free(T->al, G->hpos, (G->nt * npairs(G) + 1) * sizeof *G->hpos);
    }
    w_free(T->al, T->g, T->capg * sizeof *T->g);
    T->g = NULL, T->ng = T->capg = 0;
    if (T->rowptr) {
        dni_pat_free(T->al, T->rowptr, (size_t)T->n + 1, sizeof *T->rowptr);
        dni_pat_free(T->al, T->col, T->nnz, sizeof *T->col);
    }
    T->rowptr = NULL, T->col = NULL, T->nnz = 0;
}

/* the Hessian's pattern of T's elements (every pair of an element's variables whose entry
 * is not 0 by structure) and where
 * each pair goes (tgroup.hpos); 0 or -1 */
static int build_pattern(dn_tape_o2 *T)
{
    size_t tot = 0;
    for (unsigned k = 0; k < T->ng; k++) tot += T->g[k].nt * npairs(&T->g[k]);
    uint32_t *row = w_array(T->al, tot + 1, sizeof *row);
    uint32_t *col = w_array(T->al, tot + 1, sizeof *col);
    uint32_t *pos = w_array(T->al, tot + 1, sizeof *pos);
    int st = -1;
    if (!row || !col || !pos) goto done;
    size_t e = 0;
    for (unsigned k = 0; k < T->ng; k++) {
        const tgroup *G = &T->g[k];
        for (unsigned p = 0, j = 0; p < G->nv; p++)
            for (unsigned q = 0; q <= p; q++, j++)
                for (size_t t = 0; t < G->nt && (G->sp >> j & 1); t++, e++) {
                    uint32_t a = G->vidx[p * G->nt + t], b = G->vidx[q * G->nt + t];
                    row[e] = a > b ? a : b, col[e] = a > b ? b : a;
                }
    }
    if (dni_pat_merge(T->al, tot, row, col, T->n, T->n, &T->rowptr, &T->col, &T->nnz, pos))
        goto done;
    e = 0;
    for (unsigned k = 0; k < T->ng; k++) {
        tgroup *G = &T->g[k];
        size_t m = G->nt * npairs(G);
        if (!(G->hpos = w_array(T->al, m + 1, sizeof *G->hpos))) goto done;
        memcpy(G->hpos, pos + e, m * sizeof *pos);
        e += m;
    }
    st = 0;
done:
    w_free(T->al, row, (tot + 1) * sizeof *row);
    w_free(T->al, col, (tot + 1) * sizeof *col);
    w_free(T->al, pos, (tot + 1) * sizeof *pos);
    return st;
}

/* G's element arrays made exact and slot-major (variable j of element t at j nt + t,
 * constant k at k nt + t), and its uniform constants found; 0 or -1 */
static int finish_group(const dn_allocator *al, tgroup *G)
{
    size_t nt = G->nt, nv = G->nv, nc = G->nc ? G->nc : 1;
    tgroup E = *G;
    E.cap = nt;
    E.vidx = w_array(al, nt * nv + 1, sizeof *E.vidx);
    E.cst = w_array(al, nt * nc, sizeof *E.cst);
    E.fac = w_array(al, nt, sizeof *E.fac);
    E.uni = w_array(al, nc, sizeof *E.uni);
    E.cval = w_array(al, nc, sizeof *E.cval);
    if (!E.vidx || !E.cst || !E.fac || !E.uni || !E.cval) {
        free_elements(al, &E);
        w_free(al, E.uni, nc * sizeof *E.uni);
        w_free(al, E.cval, nc * sizeof *E.cval);
        return -1;
    }
    E.uni[0] = 0, E.cval[0] = 0.0; /* (read, not used, by the operations without one) */
    for (size_t t = 0; t < nt; t++) {
        for (size_t j = 0; j < nv; j++) E.vidx[j * nt + t] = G->vidx[t * nv + j];
        for (size_t k = 0; k < G->nc; k++) E.cst[k * nt + t] = G->cst[t * G->nc + k];
    }
    memcpy(E.fac, G->fac, nt * sizeof *E.fac);
    for (size_t k = 0; k < G->nc; k++) {
        const double *c = E.cst + k * nt;
        size_t t = 1;
        while (t < nt && (c[t] == c[0] || (c[t] != c[t] && c[0] != c[0]))) t++;
        E.uni[k] = t == nt, E.cval[k] = c[0];
    }
    free_elements(al, G);
    *G = E;
    return 0;
}

/* the elements of the recording rec (result root) into T; 0, -1 (out of memory), -2 (an
 * element of more than MAXL operations), -3 (an element of more than MAXV variables) */
static int analyse(dn_tape_o2 *T, const dni_tp_rec *rec, uint32_t root, double rfac)
{
    ana A;
    memset(&A, 0, sizeof A);
    A.al = T->al, A.nd = rec->nd, A.nn = rec->nn;
    size_t nn = rec->nn;
    int st = -1;
    A.cnt = w_array(A.al, nn, sizeof *A.cnt);
    A.set = w_array(A.al, nn, sizeof *A.set);
    A.stamp = w_array(A.al, nn, sizeof *A.stamp);
    A.loc = w_array(A.al, nn, sizeof *A.loc);
    A.prog = w_array(A.al, MAXL, sizeof *A.prog);
    A.cs = w_array(A.al, MAXL, sizeof *A.cs);
    if (!A.cnt || !A.set || !A.stamp || !A.loc || !A.prog || !A.cs || varsets(&A))
        goto done;
    memset(A.stamp, 0xff, nn * sizeof *A.stamp);
    size_t sp = 0;
    uint32_t eid = 0;
    if (grow(A.al, (void **)&A.st, &A.capst, 1, sizeof *A.st)) goto done;
    A.st[sp++] = (struct ent){root, rfac};
    while (sp) {
        struct ent e = A.st[--sp];
        const tnode *q = &A.nd[e.u];
        unsigned op = q->op, cu = A.cnt[e.u];
        int expand = op == DNI_TP_NEG || op == DNI_TP_ADDD || op == DNI_TP_MULD ||
                     op == DNI_TP_DIVD || op == DNI_TP_DSUB;
        if (op == DNI_TP_ADD || op == DNI_TP_SUB) { /* where it joins new variables */
            unsigned ca = A.cnt[q->a], cb = A.cnt[q->b];
            expand = cu > MAXV || cu > (ca > cb ? ca : cb);
        }
        if (!expand) {
            if (cu > MAXV) {
                st = -3;
                goto done;
            }
            if ((st = add_element(T, &A, e.u, e.c, eid++)) != 0) goto done;
            st = -1;
            continue;
        }
        if (grow(A.al, (void **)&A.st, &A.capst, sp + 2, sizeof *A.st)) goto done;
        switch (op) {
        case DNI_TP_ADD:
        case DNI_TP_SUB:
            A.st[sp++] = (struct ent){q->a, e.c};
            A.st[sp++] = (struct ent){q->b, op == DNI_TP_SUB ? -e.c : e.c};
            break;
        case DNI_TP_NEG: A.st[sp++] = (struct ent){q->a, -e.c}; break;
        case DNI_TP_ADDD:
            T->f0 += e.c * q->c;
            A.st[sp++] = (struct ent){q->a, e.c};
            break;
        case DNI_TP_MULD: A.st[sp++] = (struct ent){q->a, e.c * q->c}; break;
        case DNI_TP_DIVD: A.st[sp++] = (struct ent){q->a, e.c / q->c}; break;
        default: /* DSUB */
            T->f0 += e.c * q->c;
            A.st[sp++] = (struct ent){q->a, -e.c};
            break;
        }
    }
    for (unsigned g = 0; g < T->ng; g++)
        if (finish_group(T->al, &T->g[g])) goto done;
    st = 0;
done:
    w_free(A.al, A.cnt, nn * sizeof *A.cnt);
    w_free(A.al, A.set, nn * sizeof *A.set);
    w_free(A.al, A.stamp, nn * sizeof *A.stamp);
    w_free(A.al, A.loc, nn * sizeof *A.loc);
    w_free(A.al, A.prog, MAXL * sizeof *A.prog);
    w_free(A.al, A.cs, MAXL * sizeof *A.cs);
    w_free(A.al, A.pool, A.cappool * sizeof *A.pool);
    w_free(A.al, A.st, A.capst * sizeof *A.st);
    w_free(A.al, A.dfs, A.capdfs * sizeof *A.dfs);
    w_free(A.al, A.tab, A.captab * sizeof *A.tab);
    return st;
}

/* ---- evaluation -------------------------------------------------------------------------- */

/* what an evaluation computes beside the value and the gradient: nothing, the Hessian
 * diagonal, or H v (h of a node is then its gradient's derivative along v, d its
 * derivative along v) */
enum { GRAD = 0, DIAG = 1, HV = 2, FULL = 3 /* the Hessian's entries of each pair */ };

/* the scratch of an evaluation: doubles */
static size_t scratch_size(const dn_tape_o2 *T, int mode)
{
    size_t per = 3 + 2 * (size_t)T->maxnv + (mode == FULL ? pairs(T->maxnv) : 0);
    return ((size_t)T->maxnl * per + 3) * BLK;
}

/* the loops of an evaluation: for t over the block */
#define EACH(...)                                                                          \
    for (unsigned t = 0; t < nb; t++) {                                                    \
        __VA_ARGS__;                                                                       \
    }

/* the Hessian entries of every pair of variables p >= q of each operation of G for the
 * block t0 .. t0 + nb - 1, from the values and gradients that eval_group left in S (and
 * each function's f', f'' in D, E); the entry of a pair a node does not depend on both
 * variables of is not written, and reads as 0 */
static void pairs_block(const tgroup *G, size_t t0, unsigned nb, double *S, unsigned nl,
                        unsigned nv)
{
    const size_t nt = G->nt, np = pairs(nv);
    double *V = S, *D = V + (size_t)nl * BLK, *Gd = D + (size_t)nl * BLK;
    double *E = Gd + 2 * (size_t)nl * nv * BLK, *Pd = E + (size_t)nl * BLK;
    for (unsigned l = 0; l < nl; l++) {
        const lop o = G->prog[l];
        const unsigned ma = G->prog[o.a].m, mb = G->prog[o.b].m;
        const double *v = V + (size_t)l * BLK, *va = V + (size_t)o.a * BLK;
        const double *vb = V + (size_t)o.b * BLK, *f1 = D + (size_t)l * BLK;
        const double *f2 = E + (size_t)l * BLK;
        const double *cc = G->cst + (size_t)o.k * nt + t0;
        const double c0 = G->cval[o.k];
        const int uni = G->uni[o.k];
        for (unsigned p = 0, k = 0; p < nv; p++)
            for (unsigned q = 0; q <= p; q++, k++) {
                if (!(o.m >> p & o.m >> q & 1)) continue;
                double *r = Pd + ((size_t)l * np + k) * BLK;
                const int aa = ma >> p & ma >> q & 1, bb = mb >> p & mb >> q & 1;
                const int ap = ma >> p & 1, aq = ma >> q & 1, bp = mb >> p & 1,
                          bq = mb >> q & 1;
                const double *pa = Pd + ((size_t)o.a * np + k) * BLK;
                const double *pb = Pd + ((size_t)o.b * np + k) * BLK;
                const double *gap = Gd + ((size_t)o.a * nv + p) * BLK;
                const double *gaq = Gd + ((size_t)o.a * nv + q) * BLK;
                const double *gbp = Gd + ((size_t)o.b * nv + p) * BLK;
                const double *gbq = Gd + ((size_t)o.b * nv + q) * BLK;
                const double *gp = Gd + ((size_t)l * nv + p) * BLK;
                const double *gq = Gd + ((size_t)l * nv + q) * BLK;
#define A_(z) (aa ? pa[z] : 0.0)
#define B_(z) (bb ? pb[z] : 0.0)
                switch (o.op) {
                case DNI_TP_VAR: EACH(r[t] = 0.0) break;
                case DNI_TP_ADD: EACH(r[t] = A_(t) + B_(t)) break;
                case DNI_TP_SUB: EACH(r[t] = A_(t) - B_(t)) break;
                case DNI_TP_MUL: /* a b'' + b a'' + a'_p b'_q + a'_q b'_p */
                    EACH(r[t] = va[t] * B_(t) + vb[t] * A_(t) +
                                (ap && bq ? gap[t] * gbq[t] : 0.0) +
                                (aq && bp ? gaq[t] * gbp[t] : 0.0))
                    break;
                case DNI_TP_DIV: /* (a'' - q'_p b'_q - q'_q b'_p - q b'') / b */
                    EACH(r[t] = (A_(t) - (bq ? gp[t] * gbq[t] : 0.0) -
                                 (bp ? gq[t] * gbp[t] : 0.0) - v[t] * B_(t)) /
                                vb[t])
                    break;
                case DNI_TP_NEG:
                case DNI_TP_DSUB: EACH(r[t] = -pa[t]) break;
                case DNI_TP_ADDD: EACH(r[t] = pa[t]) break;
                case DNI_TP_MULD: EACH(r[t] = pa[t] * (uni ? c0 : cc[t])) break;
                case DNI_TP_DIVD: EACH(r[t] = pa[t] / (uni ? c0 : cc[t])) break;
                default: /* f(a): f' a'' + f'' a'_p a'_q */
                    EACH(r[t] = f1[t] * pa[t] + f2[t] * gap[t] * gaq[t])
                    break;
                }
#undef A_
#undef B_
            }
    }
}

/* adds group G's elements at x into *f, g and (mode) h; v: the direction (HV); S: the
 * scratch */
static inline __attribute__((always_inline)) void
eval_group(const tgroup *G, const double *x, const double *vdir, double *f, double *g,
           double *h, double *S, int mode)
{
    const unsigned nl = G->nl, nv = G->nv;
    const size_t nt = G->nt;
    double *V = S, *D = V + (size_t)nl * BLK, *Gd = D + (size_t)nl * BLK;
    double *Hd = Gd + (size_t)nl * nv * BLK;
    double *E = Hd + (size_t)nl * nv * BLK, *Pd = E + (size_t)nl * BLK;
    double *F0 = Pd + (mode == FULL ? (size_t)nl * pairs(nv) * BLK : 0), *F1 = F0 + BLK,
           *F2 = F1 + BLK;
    const size_t np = pairs(nv);
#define VV(l) (V + (size_t)(l)*BLK)
#define PP(l, k) (Pd + ((size_t)(l)*np + (k)) * BLK)
#define DD(l) (D + (size_t)(l)*BLK)
#define GG(l, j) (Gd + ((size_t)(l)*nv + (j)) * BLK)
#define HH(l, j) (Hd + ((size_t)(l)*nv + (j)) * BLK)
    for (size_t t0 = 0; t0 < nt; t0 += BLK) {
        const unsigned nb = nt - t0 < BLK ? (unsigned)(nt - t0) : BLK;
        for (unsigned l = 0; l < nl; l++) {
            const lop o = G->prog[l];
            double *v = VV(l), *d = DD(l);
            const double *va = VV(o.a), *vb = VV(o.b), *da = DD(o.a), *db = DD(o.b);
            const double *cc = G->cst + (size_t)o.k * nt + t0;
            const double c0 = G->cval[o.k];
            const int uni = G->uni[o.k];
            const unsigned ma = G->prog[o.a].m, mb = G->prog[o.b].m;
            switch (o.op) {
            case DNI_TP_VAR: {
                const uint32_t *ix = G->vidx + (size_t)o.a * nt + t0;
                double *gj = GG(l, o.a), *hj = HH(l, o.a);
                EACH(v[t] = x[ix[t]]; gj[t] = 1.0)
                if ((mode == DIAG || mode == HV)) EACH(hj[t] = 0.0)
                if (mode == HV) EACH(d[t] = vdir[ix[t]])
            } break;
            case DNI_TP_ADD:
            case DNI_TP_SUB: {
                const double s = o.op == DNI_TP_SUB ? -1.0 : 1.0;
                EACH(v[t] = va[t] + s * vb[t])
                if (mode == HV) EACH(d[t] = da[t] + s * db[t])
                for (unsigned j = 0; j < nv; j++) {
                    const int ia = ma >> j & 1, ib = mb >> j & 1;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *gb = GG(o.b, j);
                    const double *ha = HH(o.a, j), *hb = HH(o.b, j);
                    if (ia && ib) {
                        EACH(gj[t] = ga[t] + s * gb[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = ha[t] + s * hb[t])
                    } else if (ia) {
                        EACH(gj[t] = ga[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = ha[t])
                    } else if (ib) {
                        EACH(gj[t] = s * gb[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = s * hb[t])
                    }
                }
            } break;
            case DNI_TP_MUL:
                /* (a b)'' = a b'' + 2 a' b' + b a''; along v: a (b')_v + b (a')_v + a' b_v +
                 * a_v b' */
                EACH(v[t] = va[t] * vb[t])
                if (mode == HV) EACH(d[t] = va[t] * db[t] + vb[t] * da[t])
                for (unsigned j = 0; j < nv; j++) {
                    const int ia = ma >> j & 1, ib = mb >> j & 1;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *gb = GG(o.b, j);
                    const double *ha = HH(o.a, j), *hb = HH(o.b, j);
                    if (ia && ib) {
                        if (mode == DIAG)
                            EACH(hj[t] =
                                     va[t] * hb[t] + 2.0 * ga[t] * gb[t] + vb[t] * ha[t])
                        if (mode == HV)
                            EACH(hj[t] = va[t] * hb[t] + vb[t] * ha[t] + ga[t] * db[t] +
                                         da[t] * gb[t])
                        EACH(gj[t] = va[t] * gb[t] + vb[t] * ga[t])
                    } else if (ia) {
                        if (mode == DIAG) EACH(hj[t] = vb[t] * ha[t])
                        if (mode == HV) EACH(hj[t] = vb[t] * ha[t] + ga[t] * db[t])
                        EACH(gj[t] = vb[t] * ga[t])
                    } else if (ib) {
                        if (mode == DIAG) EACH(hj[t] = va[t] * hb[t])
                        if (mode == HV) EACH(hj[t] = va[t] * hb[t] + da[t] * gb[t])
                        EACH(gj[t] = va[t] * gb[t])
                    }
                }
                break;
            case DNI_TP_DIV:
                /* q = a / b: q' = (a' - q b') / b, q'' = (a'' - 2 q' b' - q b'') / b; along v:
                 * ((a')_v - q_v b' - q (b')_v - q' b_v) / b */
                EACH(v[t] = va[t] / vb[t])
                if (mode == HV) EACH(d[t] = (da[t] - v[t] * db[t]) / vb[t])
                for (unsigned j = 0; j < nv; j++) {
                    if (!(o.m >> j & 1)) continue;
                    const int ia = ma >> j & 1, ib = mb >> j & 1;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *gb = GG(o.b, j);
                    const double *ha = HH(o.a, j), *hb = HH(o.b, j);
                    EACH(double ga_ = ia ? ga[t] : 0.0; double gb_ = ib ? gb[t] : 0.0;
                         double ha_ = ia && (mode == DIAG || mode == HV) ? ha[t] : 0.0;
                         double hb_ = ib && (mode == DIAG || mode == HV) ? hb[t] : 0.0;
                         double q1 = (ga_ - v[t] * gb_) / vb[t];
                         if (mode == DIAG) hj[t] =
                             (ha_ - 2.0 * q1 * gb_ - v[t] * hb_) / vb[t];
                         if (mode == HV) hj[t] =
                             (ha_ - d[t] * gb_ - v[t] * hb_ - q1 * db[t]) / vb[t];
                         gj[t] = q1)
                }
                break;
            case DNI_TP_NEG:
            case DNI_TP_ADDD:
            case DNI_TP_DSUB:
            case DNI_TP_MULD:
            case DNI_TP_DIVD: {
                /* s a + c (NEG, ADDD, DSUB), a c, a / c (MULD, DIVD): derivatives times s, c
                 * or 1 / c */
                double *F = F0;
                EACH(F[t] = uni ? c0 : cc[t])
                switch (o.op) {
                case DNI_TP_NEG: EACH(v[t] = -va[t]; F[t] = -1.0) break;
                case DNI_TP_ADDD: EACH(v[t] = va[t] + F[t]; F[t] = 1.0) break;
                case DNI_TP_DSUB: EACH(v[t] = F[t] - va[t]; F[t] = -1.0) break;
                case DNI_TP_MULD: EACH(v[t] = va[t] * F[t]) break;
                default: EACH(v[t] = va[t] / F[t]) break;
                }
                const int dv = o.op == DNI_TP_DIVD;
                if (mode == HV) {
                    if (dv) EACH(d[t] = da[t] / F[t])
                    else EACH(d[t] = da[t] * F[t])
                }
                for (unsigned j = 0; j < nv; j++) {
                    if (!(o.m >> j & 1)) continue;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *ha = HH(o.a, j);
                    if (dv) {
                        EACH(gj[t] = ga[t] / F[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = ha[t] / F[t])
                    } else {
                        EACH(gj[t] = ga[t] * F[t])
                        if ((mode == DIAG || mode == HV)) EACH(hj[t] = ha[t] * F[t])
                    }
                }
            } break;
            default: /* f(a): f(a)' = f1 a', f(a)'' = f1 a'' + f2 a'^2; along v: f1 (a')_v +
                        f2 a' a_v */
                EACH(dnum_o2 r = fn_at(o.op, uni ? c0 : cc[t], va[t]); v[t] = r.d[0];
                     F1[t] = r.d[1]; F2[t] = r.d[2])
                if (mode == HV) EACH(d[t] = F1[t] * da[t])
                if (mode == FULL) { /* (f', f'' kept for the pairs) */
                    double *e = E + (size_t)l * BLK;
                    EACH(d[t] = F1[t]; e[t] = F2[t])
                }
                for (unsigned j = 0; j < nv; j++) {
                    if (!(o.m >> j & 1)) continue;
                    double *gj = GG(l, j), *hj = HH(l, j);
                    const double *ga = GG(o.a, j), *ha = HH(o.a, j);
                    if (mode == DIAG) EACH(hj[t] = F1[t] * ha[t] + F2[t] * ga[t] * ga[t])
                    if (mode == HV) EACH(hj[t] = F1[t] * ha[t] + F2[t] * ga[t] * da[t])
                    EACH(gj[t] = F1[t] * ga[t])
                }
                break;
            }
        }
        if (mode == FULL) pairs_block(G, t0, nb, S, nl, nv);
        /* the elements' results, times their factors, into f, g, h */
        const unsigned r = nl - 1;
        const double *fac = G->fac + t0, *v = VV(r);
        double fs = 0.0;
        EACH(fs += fac[t] * v[t])
        *f += fs;
        for (unsigned j = 0; j < nv; j++) {
            if (!(G->prog[r].m >> j & 1)) continue;
            const uint32_t *ix = G->vidx + (size_t)j * nt + t0;
            const double *gj = GG(r, j), *hj = HH(r, j);
            EACH(g[ix[t]] += fac[t] * gj[t])
            if (mode == DIAG || mode == HV) EACH(h[ix[t]] += fac[t] * hj[t])
        }
        for (size_t k = 0, sk = 0; mode == FULL && k < np;
             k++) { /* h: the pattern's values */
            if (!(G->sp >> k & 1)) continue;
            const uint32_t *hp = G->hpos + sk++ * nt + t0;
            const double *pk = PP(r, k);
            EACH(h[hp[t]] += fac[t] * pk[t])
        }
    }
#undef VV
#undef DD
#undef GG
#undef HH
#undef PP
}

/* f, g and (mode) h of the tape at x (and direction v); compiled for AVX2 too where GCC
 * picks the version at load time (glibc's ifunc): 1.3x faster there, the same bits (no
 * fused multiply-adds in either). Not under the sanitizers: an instrumented ifunc
 * resolver runs before their run time is set up (ThreadSanitizer: a crash at load). */
#if defined(__x86_64__) && defined(__GLIBC__) && defined(__GNUC__) &&                      \
    !defined(__clang__) && !defined(__SANITIZE_THREAD__) && !defined(__SANITIZE_ADDRESS__)
#define DNI_TP_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define DNI_TP_CLONES
#endif
DNI_TP_CLONES static void eval_tape(const dn_tape_o2 *T, const double *x, const double *v,
                                    double *f, double *g, double *h, double *S, int mode)
{
    *f = T->f0;
    memset(g, 0, T->n * sizeof *g);
    if (mode != GRAD) memset(h, 0, (mode == FULL ? T->nnz : T->n) * sizeof *h);
    for (unsigned k = 0; k < T->ng; k++) {
        if (mode == DIAG) eval_group(&T->g[k], x, NULL, f, g, h, S, DIAG);
        else if (mode == HV) eval_group(&T->g[k], x, v, f, g, h, S, HV);
        else if (mode == FULL) eval_group(&T->g[k], x, NULL, f, g, h, S, FULL);
        else eval_group(&T->g[k], x, NULL, f, g, NULL, S, GRAD);
    }
}
#undef EACH

/* ---- the interface ------------------------------------------------------------------------ */

/* bytes of T's groups */
static size_t group_bytes(const dn_tape_o2 *T)
{
    size_t b = T->capg * sizeof *T->g;
    for (unsigned k = 0; k < T->ng; k++) {
        const tgroup *G = &T->g[k];
        size_t nc = G->nc ? G->nc : 1;
        b += G->nl * sizeof *G->prog + (G->cap * G->nv + 1) * sizeof *G->vidx +
             G->cap * (nc + 1) * sizeof(double) + nc * (1 + sizeof(double));
    }
    return b;
}

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
    free_groups(tape);
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
    if (!xs || grow(al, (void **)&rec.nd, &rec.cap, (size_t)n * 8, sizeof *rec.nd)) {
        w_free(al, xs, n * sizeof *xs);
        w_free(al, rec.nd, rec.cap * sizeof *rec.nd);
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
        if (build_pattern(&N))
            st = dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (tape)", fn);
    } else if ((st = analyse(&N, &rec, r.id, 1.0)) != 0 || (st = build_pattern(&N)) != 0) {
        free_groups(&N);
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
    if (st) return st;
    free_groups(tape);
    N.nodes = rec.nn - n;
    N.bytes = group_bytes(&N);
    N.ready = 1;
    *tape = N;
    return dni_ok(err);
}

int dn_tape_o2_record(dn_tape_o2 *tape, dn_objective_tp f, void *ctx, const double *x,
                      unsigned n)
{
    return dn_tape_o2_record_ex(tape, f, ctx, x, n, NULL);
}

/* the drivers' common part (mode GRAD, DIAG or HV) */
static int tape_driver(const char *fn, double *fx, double *grad, double *h,
                       const dn_tape_o2 *T, const double *x, const double *v, int mode,
                       dn_errinfo *err)
{
    unsigned tpos = mode == GRAD ? 3 : 4;
    if (!T->ready)
        return dni_fail(err, DN_EINVAL, tpos, SIZE_MAX,
                        "%s: argument %u: the tape holds no objective (record one with "
                        "dn_tape_o2_record)",
                        fn, tpos);
    size_t ns = scratch_size(T, mode), n = T->n;
    double *S = w_array(T->al, ns, sizeof *S);
    double *g = grad ? grad : w_array(T->al, n, sizeof *g);
    if (!S || !g) {
        w_free(T->al, S, ns * sizeof *S);
        if (!grad) w_free(T->al, g, n * sizeof *g);
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (scratch)", fn);
    }
    double f;
    eval_tape(T, x, v, &f, g, h, S, mode);
    if (fx) *fx = f;
    w_free(T->al, S, ns * sizeof *S);
    if (!grad) w_free(T->al, g, n * sizeof *g);
    return dni_ok(err);
}

int dn_grad_tape_ex(double *fx, double *grad, const dn_tape_o2 *tape, const double *x,
                    dn_errinfo *err)
{
    static const char fn[] = "dn_grad_tape";
    const dni_req req[] = {{grad != NULL, 2, "grad is NULL"},
                           {tape != NULL, 3, "tape is NULL (make one with dn_tape_o2_new)"},
                           {x != NULL, 4, "x is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return tape_driver(fn, fx, grad, NULL, tape, x, NULL, GRAD, err);
}

int dn_grad_tape(double *fx, double *grad, const dn_tape_o2 *tape, const double *x)
{
    return dn_grad_tape_ex(fx, grad, tape, x, NULL);
}

int dn_hessdiag_tape_ex(double *fx, double *grad, double *hdiag, const dn_tape_o2 *tape,
                        const double *x, dn_errinfo *err)
{
    static const char fn[] = "dn_hessdiag_tape";
    const dni_req req[] = {{hdiag != NULL, 3, "hdiag is NULL"},
                           {tape != NULL, 4, "tape is NULL (make one with dn_tape_o2_new)"},
                           {x != NULL, 5, "x is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return tape_driver(fn, fx, grad, hdiag, tape, x, NULL, DIAG, err);
}

int dn_hessdiag_tape(double *fx, double *grad, double *hdiag, const dn_tape_o2 *tape,
                     const double *x)
{
    return dn_hessdiag_tape_ex(fx, grad, hdiag, tape, x, NULL);
}

int dn_hessvec_tape_ex(double *fx, double *grad, double *hv, const dn_tape_o2 *tape,
                       const double *x, const double *v, dn_errinfo *err)
{
    static const char fn[] = "dn_hessvec_tape";
    const dni_req req[] = {{hv != NULL, 3, "hv is NULL"},
                           {tape != NULL, 4, "tape is NULL (make one with dn_tape_o2_new)"},
                           {x != NULL, 5, "x is NULL"},
                           {v != NULL, 6, "v is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return tape_driver(fn, fx, grad, hv, tape, x, v, HV, err);
}

int dn_hessvec_tape(double *fx, double *grad, double *hv, const dn_tape_o2 *tape,
                    const double *x, const double *v)
{
    return dn_hessvec_tape_ex(fx, grad, hv, tape, x, v, NULL);
}

int dn_hessian_tape_ex(double *fx, double *grad, dn_sphess *H, const dn_tape_o2 *tape,
                       const double *x, dn_errinfo *err)
{
    static const char fn[] = "dn_hessian_tape";
    const dni_req req[] = {{H != NULL, 3, "H is NULL (make one with dn_sphess_init)"},
                           {tape != NULL, 4, "tape is NULL (make one with dn_tape_o2_new)"},
                           {x != NULL, 5, "x is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    if (!tape->ready) /* (the message of the drivers) */
        return tape_driver(fn, fx, grad, NULL, tape, x, NULL, FULL, err);
    if (dni_pat_adopt(H, tape->n, tape->rowptr, tape->col, tape->nnz))
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (H)", fn);
    return tape_driver(fn, fx, grad, H->val, tape, x, NULL, FULL, err);
}

int dn_hessian_tape(double *fx, double *grad, dn_sphess *H, const dn_tape_o2 *tape,
                    const double *x)
{
    return dn_hessian_tape_ex(fx, grad, H, tape, x, NULL);
}
