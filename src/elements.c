/* The element drivers of partially separable objectives (dnum/hessian.h): the element
 * structure with its Hessian pattern, and the four drivers around a DN_ELEMENT_O2 loop. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/hessian.h"
#include "err_impl.h"
#include "pattern_impl.h"

struct dn_elements {
    unsigned n, k;
    size_t m;
    unsigned *idx;  /* m k indices */
    uint32_t *pos;  /* m k(k+1)/2 positions of the elements' entries in the pattern */
    size_t nnz;     /* entries of the pattern */
    size_t *rowptr; /* n + 1 */
    unsigned *col;  /* nnz */
    size_t nrun;    /* runs of elements whose indices advance by a constant step, or 0 */
    size_t *rstart; /* nrun + 1: each run's first element, then m */
    size_t *rstep;  /* nrun: each run's step (modulo 2^64) */
    const dn_allocator *al;
};

void dn_elements_free(dn_elements *E)
{
    if (E == NULL) return;
    size_t T = E->m * DNEL_O2_TRI(E->k);
    const dn_allocator *al = E->al;
    dni_pat_free(al, E->idx, E->m * E->k, sizeof *E->idx);
    dni_pat_free(al, E->pos, T, sizeof *E->pos);
    dni_pat_free(al, E->rowptr, (size_t)E->n + 1, sizeof *E->rowptr);
    dni_pat_free(al, E->col, E->nnz, sizeof *E->col);
    if (E->nrun) {
        dni_pat_free(al, E->rstart, E->nrun + 1, sizeof *E->rstart);
        dni_pat_free(al, E->rstep, E->nrun, sizeof *E->rstep);
    }
    dni_pat_free(al, E, 1, sizeof *E);
}

size_t dn_elements_bytes(const dn_elements *E)
{
    if (E == NULL) return 0;
    return sizeof *E + E->m * E->k * sizeof *E->idx +
           E->m * DNEL_O2_TRI(E->k) * sizeof *E->pos +
           ((size_t)E->n + 1) * sizeof *E->rowptr + E->nnz * sizeof *E->col +
           (E->nrun ? (E->nrun + 1) * sizeof *E->rstart + E->nrun * sizeof *E->rstep : 0);
}

/* The pattern: every element's triangle entry (row = the larger index) is an entry
 * t = e T + s of the merge; pos[t] is its position. 0 or DN_ENOMEM. */
static int build_pattern(dn_elements *E)
{
    const unsigned K = E->k;
    const size_t T = E->m * DNEL_O2_TRI(K);
    const dn_allocator *al = E->al;
    uint32_t *row = dni_pat_alloc(al, T, sizeof *row),
             *cl = dni_pat_alloc(al, T, sizeof *cl);
    E->pos = dni_pat_alloc(al, T, sizeof *E->pos);
    int st = DN_ENOMEM;
    if (row && cl && E->pos) {
        for (size_t e = 0, t = 0; e < E->m; e++) {
            const unsigned *I = E->idx + e * K;
            for (unsigned i = 0; i < K; i++)
                for (unsigned j = 0; j <= i; j++, t++) {
                    unsigned a = I[i], b = I[j];
                    row[t] = a > b ? a : b;
                    cl[t] = a > b ? b : a;
                }
        }
        st =
            dni_pat_merge(al, T, row, cl, E->n, E->n, &E->rowptr, &E->col, &E->nnz, E->pos);
    }
    dni_pat_free(al, row, T, sizeof *row);
    dni_pat_free(al, cl, T, sizeof *cl);
    return st;
}

int(dn_elements_new_ex)(dn_elements **E, unsigned n, unsigned K, size_t m,
                        const unsigned *idx, const dn_allocator *al, dn_errinfo *err)
{
    static const char fn[] = "dn_elements_new";
    const dni_req req[] = {{E != NULL, 1, "E is NULL"}, {n != 0, 2, "n is 0"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    if (K < 1 || K > 4)
        return dni_fail(err, DN_EINVAL, 3, SIZE_MAX,
                        "%s: argument 3: K = %u is outside 1..4", fn, K);
    if (m > (UINT32_MAX - 1) / DNEL_O2_TRI(K))
        return dni_fail(err, DN_ERANGE, 4, SIZE_MAX,
                        "%s: argument 4: m = %zu elements have more than 2^32 - 2 triangle "
                        "entries",
                        fn, m);
    if (m > 0 && idx == NULL)
        return dni_fail(err, DN_EINVAL, 5, SIZE_MAX,
                        "%s: argument 5: idx is NULL (with m > 0)", fn);
    for (size_t e = 0; e < m; e++) {
        const unsigned *I = idx + e * K;
        for (unsigned i = 0; i < K; i++) {
            if (I[i] >= n)
                return dni_fail(
                    err, DN_EINVAL, 5, e,
                    "%s: argument 5: element %zu: index %u >= n = %u (idx[%zu])", fn, e,
                    I[i], n, e * K + i);
            for (unsigned j = 0; j < i; j++)
                if (I[i] == I[j])
                    return dni_fail(
                        err, DN_EINVAL, 5, e,
                        "%s: argument 5: element %zu: index %u repeated (idx[%zu] "
                        "and idx[%zu])",
                        fn, e, I[i], e * K + j, e * K + i);
        }
    }
    dn_elements *S = dni_pat_alloc(al, 1, sizeof *S);
    if (!S) return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory", fn);
    memset(S, 0, sizeof *S);
    S->n = n, S->k = K, S->m = m, S->al = al;
    S->idx = dni_pat_alloc(al, m * K, sizeof *S->idx);
    if (S->idx && m) memcpy(S->idx, idx, m * K * sizeof *idx);
    if (!S->idx || build_pattern(S) ||
        dni_pat_runs(al, S->idx, K, m, &S->nrun, &S->rstart, &S->rstep)) {
        dn_elements_free(S);
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory", fn);
    }
    *E = S;
    return dni_ok(err);
}

int(dn_elements_new)(dn_elements **E, unsigned n, unsigned K, size_t m, const unsigned *idx,
                     const dn_allocator *al)
{
    return dn_elements_new_ex(E, n, K, m, idx, al, NULL);
}

/* Checks the common arguments (f, x, E at positions fpos, fpos + 2 and epos) and that f
 * is defined for E's K; fills the job. */
static int job_init(dni_eljob *J, int mode, const char *fn, dn_element_o2 f, void *ctx,
                    const double *x, const dn_elements *E, unsigned fpos, unsigned epos,
                    dn_errinfo *err)
{
    const dni_req req[] = {{f != NULL, fpos, "f is NULL"},
                           {x != NULL, fpos + 2, "x is NULL"},
                           {E != NULL, epos, "E is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    memset(J, 0, sizeof *J);
    J->mode = -1;
    f(J); /* probe: its K */
    if (J->k != E->k)
        return dni_fail(err, DN_EINVAL, fpos, SIZE_MAX,
                        "%s: argument %u: f is an element of K = %u variables, E (argument "
                        "%u) has K = %u",
                        fn, fpos, J->k, epos, E->k);
    J->mode = mode, J->m = E->m, J->idx = E->idx, J->pos = E->pos, J->x = x, J->ctx = ctx;
    J->nrun = E->nrun, J->rstart = E->rstart, J->rstep = E->rstep;
    return DN_OK;
}

/* Zeroes grad (n entries) and out (nout), runs f, writes fx. The first run seeds the
 * variables with their structural zeros; when an entry it wrote was not finite, where the
 * skipped zeros might have been NaN (0 Inf), the outputs are cleared and f runs again with
 * every entry computed, so the results are those of the dense formulas in every case. */
static int run(dni_eljob *J, dn_element_o2 f, double *fx, double *grad, size_t n,
               double *out, size_t nout, dn_errinfo *err)
{
    J->grad = grad, J->out = out;
    for (int pass = 0; pass < 2; pass++) {
        if (grad) memset(grad, 0, n * sizeof *grad);
        if (out) memset(out, 0, nout * sizeof *out);
        J->dense = pass, J->redo = 0;
        f(J);
        if (!J->redo) break;
    }
    if (fx) *fx = J->fx;
    return dni_ok(err);
}

/* the gradient, diagonal and H v drivers (out: n entries, or NULL in mode 0) */
static int dense_el(int mode, const char *fn, double *fx, double *grad, double *out,
                    dn_element_o2 f, void *ctx, const double *x, const double *v,
                    const dn_elements *E, unsigned fpos, unsigned epos, dn_errinfo *err)
{
    dni_eljob J;
    int st = job_init(&J, mode, fn, f, ctx, x, E, fpos, epos, err);
    if (st) return st;
    J.v = v;
    return run(&J, f, fx, grad, E->n, out, out ? E->n : 0, err);
}

int(dn_grad_el_ex)(double *fx, double *grad, dn_element_o2 f, void *ctx, const double *x,
                   const dn_elements *E, dn_errinfo *err)
{
    if (grad == NULL)
        return dni_fail(err, DN_EINVAL, 2, SIZE_MAX,
                        "dn_grad_el: argument 2: grad is NULL");
    return dense_el(0, "dn_grad_el", fx, grad, NULL, f, ctx, x, NULL, E, 3, 6, err);
}

int(dn_grad_el)(double *fx, double *grad, dn_element_o2 f, void *ctx, const double *x,
                const dn_elements *E)
{
    return dn_grad_el_ex(fx, grad, f, ctx, x, E, NULL);
}

int(dn_hessdiag_el_ex)(double *fx, double *grad, double *hdiag, dn_element_o2 f, void *ctx,
                       const double *x, const dn_elements *E, dn_errinfo *err)
{
    if (hdiag == NULL)
        return dni_fail(err, DN_EINVAL, 3, SIZE_MAX,
                        "dn_hessdiag_el: argument 3: hdiag is NULL");
    return dense_el(1, "dn_hessdiag_el", fx, grad, hdiag, f, ctx, x, NULL, E, 4, 7, err);
}

int(dn_hessdiag_el)(double *fx, double *grad, double *hdiag, dn_element_o2 f, void *ctx,
                    const double *x, const dn_elements *E)
{
    return dn_hessdiag_el_ex(fx, grad, hdiag, f, ctx, x, E, NULL);
}

int(dn_hessvec_el_ex)(double *fx, double *grad, double *hv, dn_element_o2 f, void *ctx,
                      const double *x, const double *v, const dn_elements *E,
                      dn_errinfo *err)
{
    static const char fn[] = "dn_hessvec_el";
    const dni_req req[] = {{hv != NULL, 3, "hv is NULL"},
                           {f != NULL, 4, "f is NULL"},
                           {x != NULL, 6, "x is NULL"},
                           {v != NULL, 7, "v is NULL"}};
    int st = dni_check(err, fn, req, sizeof req / sizeof *req);
    if (st) return st;
    return dense_el(2, fn, fx, grad, hv, f, ctx, x, v, E, 4, 8, err);
}

int(dn_hessvec_el)(double *fx, double *grad, double *hv, dn_element_o2 f, void *ctx,
                   const double *x, const double *v, const dn_elements *E)
{
    return dn_hessvec_el_ex(fx, grad, hv, f, ctx, x, v, E, NULL);
}

int(dn_hessian_el_ex)(double *fx, double *grad, dn_sphess *H, dn_element_o2 f, void *ctx,
                      const double *x, const dn_elements *E, dn_errinfo *err)
{
    static const char fn[] = "dn_hessian_el";
    dni_eljob J;
    if (H == NULL)
        return dni_fail(err, DN_EINVAL, 3, SIZE_MAX, "%s: argument 3: H is NULL", fn);
    int st = job_init(&J, 3, fn, f, ctx, x, E, 4, 7, err);
    if (st) return st;
    if (dni_pat_adopt(H, E->n, E->rowptr, E->col, E->nnz))
        return dni_fail(err, DN_ENOMEM, 0, SIZE_MAX, "%s: out of memory (H)", fn);
    return run(&J, f, fx, grad, E->n, H->val, E->nnz, err);
}

int(dn_hessian_el)(double *fx, double *grad, dn_sphess *H, dn_element_o2 f, void *ctx,
                   const double *x, const dn_elements *E)
{
    return dn_hessian_el_ex(fx, grad, H, f, ctx, x, E, NULL);
}
