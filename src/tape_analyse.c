/* Tapes: analysis. The record is split into elements: from the result down, sums,
 * differences and the linear operations with a constant are expanded (their factors kept)
 * as long as they join variables that their operands do not already share; what remains
 * are the elements, the parts of at most MAXV variables (an element's nodes are copied
 * into it, so nodes used by several elements, such as x_n^2 in ARWHEAD, are evaluated in
 * each). Elements of one shape (the same operations on their local variables) form a
 * group that stores only its elements' variables, constants and factors, slot-major; the
 * Hessian's pattern is made from the pairs of variables each shape's program joins. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/dnum.h"
#include "pattern_impl.h"
#include "tape_impl.h"

/* the analysis' scratch, sized by the tape */
typedef struct ana {
    const dn_allocator *al;
    const tnode *nd;
    const double *rc; /* the record's constants */
    size_t nn;
    uint8_t *cnt;   /* variables a node depends on, MAXV + 1 for more */
    uint32_t *set;  /* where its sorted variables are in pool */
    uint32_t *pool; /* the sets, cnt entries each */
    size_t npool, cappool;
    uint32_t *stamp, *loc; /* the element a node was last copied into, its local index */
    lop *prog;             /* the element being copied */
    double *cs;
    uint32_t vars[MAXV];
    int32_t row; /* the result being split: -1 the objective, else its constraint */
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

/* the variable sets of every node (capped at MAXV + 1) */
static int varsets(ana *A)
{
    for (size_t u = 0; u < A->nn; u++) {
        const tnode *q = &A->nd[u];
        if (q->op == DNI_TP_VAR) {
            if ((uint64_t)A->npool + 1 > UINT32_MAX) return -4; /* (offsets are 32-bit) */
            if (dni_tp_grow(A->al, (void **)&A->pool, &A->cappool, A->npool + 1,
                            sizeof *A->pool))
                return -1;
            A->pool[A->npool] = q->a;
            A->set[u] = (uint32_t)A->npool++, A->cnt[u] = 1;
            continue;
        }
        unsigned na = A->cnt[q->a], nb = dni_tp_two(q->op) ? A->cnt[q->b] : 0;
        if (na > MAXV || nb > MAXV) {
            A->cnt[u] = MAXV + 1;
            continue;
        }
        const uint32_t *sa = A->pool + A->set[q->a], *sb = nb ? A->pool + A->set[q->b] : sa;
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
            if ((uint64_t)A->npool + k > UINT32_MAX) return -4;
            if (dni_tp_grow(A->al, (void **)&A->pool, &A->cappool, A->npool + k,
                            sizeof *A->pool))
                return -1;
            memcpy(A->pool + A->npool, m, k * sizeof *m);
            A->set[u] = (uint32_t)A->npool, A->cnt[u] = (uint8_t)k;
            A->npool += k;
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
    if (G->con) w_free(al, G->row, cap * sizeof *G->row);
    G->vidx = NULL, G->row = NULL, G->cst = G->fac = NULL;
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
    const int con = A->row >= 0; /* (the objective's and the constraints' apart) */
    uint64_t h = hash_prog(A->prog, nl, nv) ^ (uint64_t)con;
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
        if (G->hash == h && G->nl == nl && G->nv == nv && G->con == con &&
            !memcmp(G->prog, A->prog, nl * sizeof *A->prog))
            return G;
    }
    size_t capg = T->capg;
    if (dni_tp_grow(T->al, (void **)&T->g, &capg, T->ng + 1, sizeof *T->g)) return NULL;
    T->capg = (unsigned)capg;
    tgroup *G = &T->g[T->ng];
    memset(G, 0, sizeof *G);
    G->prog = w_array(T->al, nl, sizeof *G->prog);
    if (!G->prog) return NULL;
    memcpy(G->prog, A->prog, nl * sizeof *A->prog);
    G->nl = nl, G->nv = nv, G->nc = nc, G->hash = h, G->con = con;
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
    uint32_t *r = G->con ? w_array(al, cap, sizeof *r) : NULL;
    if (!v || !c || !f || (G->con && !r)) {
        w_free(al, v, (cap * nv + 1) * sizeof *v);
        w_free(al, c, cap * nc * sizeof *c);
        w_free(al, f, cap * sizeof *f);
        w_free(al, r, cap * sizeof *r);
        return -1;
    }
    if (G->nt) {
        memcpy(v, G->vidx, G->nt * nv * sizeof *v);
        memcpy(c, G->cst, G->nt * nc * sizeof *c);
        memcpy(f, G->fac, G->nt * sizeof *f);
        if (G->con) memcpy(r, G->row, G->nt * sizeof *r);
    }
    free_elements(al, G);
    G->vidx = v, G->cst = c, G->fac = f, G->row = r, G->cap = cap;
    return 0;
}

/* copies the element rooted at node r (its id: eid) into a group with factor fac;
 * 0, -1 (out of memory) or -2 (more than MAXL operations) */
static int add_element(dn_tape_o2 *T, ana *A, uint32_t r, double fac, uint32_t eid)
{
    unsigned nl = 0, nc = 0, nv = 0;
    size_t sp = 0;
    if (dni_tp_grow(A->al, (void **)&A->dfs, &A->capdfs, 1, sizeof *A->dfs)) return -1;
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
            if (dni_tp_grow(A->al, (void **)&A->dfs, &A->capdfs, sp + 2, sizeof *A->dfs))
                return -1;
            if (A->stamp[q->a] != eid) A->dfs[sp++] = q->a, ready = 0;
            if (dni_tp_two(q->op) && A->stamp[q->b] != eid) A->dfs[sp++] = q->b, ready = 0;
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
            if (dni_tp_two(q->op)) l.b = (uint16_t)A->loc[q->b], l.m |= A->prog[l.b].m;
            if (dni_tp_has_const(q->op)) A->cs[nc] = A->rc[q->b], l.k = (uint16_t)nc++;
        }
        A->stamp[u] = eid, A->loc[u] = nl;
        A->prog[nl++] = l;
    }
    tgroup *G = group_of(T, A, nl, nv, nc);
    if (!G) return -1;
    if (G->nt == G->cap && more_elements(T->al, G)) return -1;
    memcpy(G->vidx + G->nt * nv, A->vars, nv * sizeof *A->vars);
    if (nc) memcpy(G->cst + G->nt * nc, A->cs, nc * sizeof *A->cs);
    if (G->con) G->row[G->nt] = (uint32_t)A->row;
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

/* frees T's groups and pattern */
void dni_tp_free_groups(dn_tape_o2 *T)
{
    for (unsigned g = 0; g < T->ng; g++) {
        tgroup *G = &T->g[g];
        free_elements(T->al, G);
        w_free(T->al, G->prog, G->nl * sizeof *G->prog);
        w_free(T->al, G->uni, (G->nc ? G->nc : 1) * sizeof *G->uni);
        w_free(T->al, G->cval, (G->nc ? G->nc : 1) * sizeof *G->cval);
        w_free(T->al, G->hpos, (G->nt * npairs(G) + 1) * sizeof *G->hpos);
        if (G->con) w_free(T->al, G->jpos, (G->nt * G->nv + 1) * sizeof *G->jpos);
    }
    w_free(T->al, T->g, T->capg * sizeof *T->g);
    T->g = NULL, T->ng = T->capg = 0;
    if (T->rowptr) {
        dni_pat_free(T->al, T->rowptr, (size_t)T->n + 1, sizeof *T->rowptr);
        dni_pat_free(T->al, T->col, T->nnz, sizeof *T->col);
    }
    T->rowptr = NULL, T->col = NULL, T->nnz = 0;
    if (T->jrowptr) {
        dni_pat_free(T->al, T->jrowptr, (size_t)T->m + 1, sizeof *T->jrowptr);
        dni_pat_free(T->al, T->jcol, T->jnnz, sizeof *T->jcol);
    }
    T->jrowptr = NULL, T->jcol = NULL, T->jnnz = 0;
    w_free(T->al, T->c0, T->m * sizeof *T->c0);
    T->c0 = NULL, T->m = 0;
}

/* the constraints' Jacobian pattern: (i, j) where an element of constraint i has x_j
 * among its variables, and where each goes (tgroup.jpos); 0 or -1 */
static int build_jacobian(dn_tape_o2 *T)
{
    size_t tot = 0;
    for (unsigned k = 0; k < T->ng; k++) tot += T->g[k].con ? T->g[k].nt * T->g[k].nv : 0;
    if ((uint64_t)tot > UINT32_MAX - 1) return -4; /* (positions are 32-bit) */
    uint32_t *row = w_array(T->al, tot + 1, sizeof *row);
    uint32_t *col = w_array(T->al, tot + 1, sizeof *col);
    uint32_t *pos = w_array(T->al, tot + 1, sizeof *pos);
    int st = -1;
    if (!row || !col || !pos) goto done;
    size_t e = 0;
    for (unsigned k = 0; k < T->ng; k++) {
        const tgroup *G = &T->g[k];
        for (size_t j = 0; G->con && j < G->nv; j++)
            for (size_t t = 0; t < G->nt; t++, e++)
                row[e] = G->row[t], col[e] = G->vidx[j * G->nt + t];
    }
    if (dni_pat_merge(T->al, tot, row, col, T->m, T->n, &T->jrowptr, &T->jcol, &T->jnnz,
                      pos))
        goto done;
    e = 0;
    for (unsigned k = 0; k < T->ng; k++) {
        tgroup *G = &T->g[k];
        if (!G->con) continue;
        size_t m = G->nt * G->nv;
        if (!(G->jpos = w_array(T->al, m + 1, sizeof *G->jpos))) goto done;
        memcpy(G->jpos, pos + e, m * sizeof *pos);
        e += m;
    }
    st = 0;
done:
    w_free(T->al, row, (tot + 1) * sizeof *row);
    w_free(T->al, col, (tot + 1) * sizeof *col);
    w_free(T->al, pos, (tot + 1) * sizeof *pos);
    return st;
}

/* the Hessian's pattern of T's elements (every pair of an element's variables whose entry
 * is not 0 by structure) and where
 * each pair goes (tgroup.hpos); 0 or -1 */
int dni_tp_build_pattern(dn_tape_o2 *T)
{
    size_t tot = 0;
    for (unsigned k = 0; k < T->ng; k++) tot += T->g[k].nt * npairs(&T->g[k]);
    if ((uint64_t)tot > UINT32_MAX - 1) return -4; /* (positions are 32-bit) */
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
    st = T->m ? build_jacobian(T) : 0;
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
    E.row = G->con ? w_array(al, nt, sizeof *E.row) : NULL;
    E.uni = w_array(al, nc, sizeof *E.uni);
    E.cval = w_array(al, nc, sizeof *E.cval);
    if (!E.vidx || !E.cst || !E.fac || (G->con && !E.row) || !E.uni || !E.cval) {
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
    if (G->con) memcpy(E.row, G->row, nt * sizeof *E.row);
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

/* the elements of the recording rec (results root[r], objective or constraint row[r]) into
 * T; 0, -1 (out of memory), -2 (an element of more than MAXL operations), -3 (an element
 * of more than MAXV variables) */
int dni_tp_analyse(dn_tape_o2 *T, const dni_tp_rec *rec, const uint32_t *root,
                   const int32_t *row, size_t nr, int32_t *where)
{
    ana A;
    memset(&A, 0, sizeof A);
    A.al = T->al, A.nd = rec->nd, A.rc = rec->cs, A.nn = rec->nn;
    size_t nn = rec->nn;
    int st = -1;
    A.cnt = w_array(A.al, nn, sizeof *A.cnt);
    A.set = w_array(A.al, nn, sizeof *A.set);
    A.stamp = w_array(A.al, nn, sizeof *A.stamp);
    A.loc = w_array(A.al, nn, sizeof *A.loc);
    A.prog = w_array(A.al, MAXL, sizeof *A.prog);
    A.cs = w_array(A.al, MAXL, sizeof *A.cs);
    if (!A.cnt || !A.set || !A.stamp || !A.loc || !A.prog || !A.cs) goto done;
    if ((st = varsets(&A)) != 0) goto done;
    st = -1;
    memset(A.stamp, 0xff, nn * sizeof *A.stamp);
    size_t sp = 0;
    uint32_t eid = 0;
    if (dni_tp_grow(A.al, (void **)&A.st, &A.capst, 1, sizeof *A.st)) goto done;
    for (size_t r = 0; r < nr; r++) {
        A.row = row[r];
        double *k0 = A.row < 0 ? &T->f0 : &T->c0[A.row]; /* the constant part */
        A.st[sp++] = (struct ent){root[r], 1.0};
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
            if (dni_tp_grow(A.al, (void **)&A.st, &A.capst, sp + 2, sizeof *A.st))
                goto done;
            switch (op) {
            case DNI_TP_ADD:
            case DNI_TP_SUB:
                A.st[sp++] = (struct ent){q->a, e.c};
                A.st[sp++] = (struct ent){q->b, op == DNI_TP_SUB ? -e.c : e.c};
                break;
            case DNI_TP_NEG: A.st[sp++] = (struct ent){q->a, -e.c}; break;
            case DNI_TP_ADDD:
                *k0 += e.c * A.rc[q->b];
                A.st[sp++] = (struct ent){q->a, e.c};
                break;
            case DNI_TP_MULD: A.st[sp++] = (struct ent){q->a, e.c * A.rc[q->b]}; break;
            case DNI_TP_DIVD: A.st[sp++] = (struct ent){q->a, e.c / A.rc[q->b]}; break;
            default: /* DSUB */
                *k0 += e.c * A.rc[q->b];
                A.st[sp++] = (struct ent){q->a, -e.c};
                break;
            }
        }
    }
    for (unsigned g = 0; g < T->ng; g++)
        if (finish_group(T->al, &T->g[g])) goto done;
    st = 0;
done:
    *where = A.row;
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

/* bytes of T's groups and patterns */
size_t dni_tp_bytes(const dn_tape_o2 *T)
{
    size_t b = T->capg * sizeof *T->g;
    for (unsigned k = 0; k < T->ng; k++) {
        const tgroup *G = &T->g[k];
        size_t nc = G->nc ? G->nc : 1;
        b += G->nl * sizeof *G->prog + (G->cap * G->nv + 1) * sizeof *G->vidx +
             G->cap * (nc + 1) * sizeof(double) + nc * (1 + sizeof(double)) +
             (G->nt * npairs(G) + 1) * sizeof *G->hpos +
             (G->con ? G->cap + G->nt * G->nv : 0) * sizeof(uint32_t);
    }
    /* the patterns, the constraints' constants */
    b += ((size_t)T->n + 1 + (T->jrowptr ? (size_t)T->m + 1 : 0)) * sizeof(size_t) +
         (T->nnz + T->jnnz) * sizeof(unsigned) + T->m * sizeof(double);
    return b;
}
