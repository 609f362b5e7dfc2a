/* Calls of the drivers with an argument of the wrong type (tests/compile_fail.sh). Without
 * BAD every call below compiles warning-free, in C and in C++; with -DBAD=k the line
 * marked BAD k must not compile, in either language; where it says expects 'T', the C
 * compiler's message names the type T. In C such calls were warnings
 * (gcc 12: -Wincompatible-pointer-types, -Wint-conversion), and ran to wrong numbers with
 * status 0 (case 1) or a crash (case 2). */
#include <stddef.h>
#include <dnum/dnum2.h>
#include <dnum/hessian.h>
#include <dnum/nlp.h>

DN_OBJECTIVE_O2(obj, T, x, n, ctx, T s = dnh_const(T, 0.0);
              for (unsigned i = 0; i < n; i++) s = dnh_add(s, dnh_mul(x[i], dnh_exp(x[i])));
              return s;)

DN_ELEMENT_O2(el2, 2, T, u, e, ctx, return dnh_mul(u[0], dnh_sin(u[1]));)

DN_CONSTRAINT_O2(con, T, x, n, i, ctx, return dnh_mul(x[i], dnh_exp(x[0]));)

static dnum2_o2 obj2(const dnum2_o2 *x, unsigned n, void *ctx)
{
    (void)n;
    (void)ctx;
    return dnum2_o2_mul(x[0], x[1]);
}

int good_calls(const double *x, const double *v, unsigned n, dsp_o2_work *ws, dn_sphess *H,
               const dn_elements *E);
int nlp_calls(const double *x, const double *v, unsigned n, const dn_nlp *P, const dn_elements *E,
              dn_sphess *H);

/* the constrained problems of dnum/nlp.h */
int nlp_calls(const double *x, const double *v, unsigned n, const dn_nlp *P, const dn_elements *E,
              dn_sphess *H)
{
    double f, g[4], j[8], h[16], lam[2] = {1.0, 2.0};
    int row[8], col[8];
    dn_errinfo err;
    dn_nlp *Q;
    int s = 0;
    s |= dn_nlp_new_sp(&Q, n, 2, obj_sp, con_sp, NULL, x, 0, NULL, NULL);
    s |= dn_nlp_new_sp_ex(&Q, n, 2, NULL, con_sp, NULL, x, 0, NULL, NULL, &err);
    s |= dn_nlp_obj(P, x, &f, g);
    s |= dn_nlp_cons(P, x, g, j);
    s |= dn_nlp_hess(P, x, 1.0, lam, h);
    s |= dn_nlp_hessdiag_ex(P, x, 1.0, lam, h, &err);
    s |= dn_nlp_jacvec(P, x, v, g);
    s |= dn_nlp_jac_pattern(P, row, col);
    (void)E, (void)H;
#if defined(BAD)
    float gf[4];
    (void)gf;
#endif
#if BAD == 23
    s |= dn_nlp_obj(E, x, &f, g); /* BAD 23 elements: expects 'const dn_nlp *' */
#elif BAD == 24
    s |= dn_nlp_cons(P, x, g, H); /* BAD 24 a dn_sphess for jac: expects 'double *' */
#elif BAD == 25
    s |= dn_nlp_new_sp(&Q, n, 2, obj, con_sp, NULL, x, 0, NULL, NULL); /* BAD 25 obj: expects 'dn_objective_sp' */
#elif BAD == 26
    s |= dn_nlp_hess(P, x, 1.0, gf, h); /* BAD 26 float multipliers */
#elif BAD == 27
    s |= dn_nlp_new_sp(&Q, n, 2, obj_sp, obj_sp, NULL, x, 0, NULL, NULL); /* BAD 27 an objective for c: expects 'dn_constraint_sp' */
#endif
    return s;
}

int good_calls(const double *x, const double *v, unsigned n, dsp_o2_work *ws, dn_sphess *H,
               const dn_elements *E)
{
    double f, g[4], h[16];
    dnum_o2 w[4];
    dlane_o2 wl[4];
    dnum2_o2 w2[4];
    dn_errinfo err;
    dn_elements *E2;
    unsigned idx[4] = {0, 1, 1, 2};
    size_t m = 2;
    int s = 0;
    s |= dn_hessdiag(&f, g, h, obj, NULL, x, n, w);
    s |= dn_hessdiag_ex(NULL, NULL, h, obj, NULL, x, n, NULL, &err);
    s |= dn_hessdiag_lanes(&f, g, h, obj_lanes, NULL, x, n, wl);
    s |= dn_hessdiag_lanes_ex(&f, g, h, obj_lanes, NULL, x, n, NULL, NULL);
    s |= dn_hessian(&f, g, h, obj, NULL, x, n, w);
    s |= dn_hessian_ex(&f, g, h, obj, NULL, x, n, w, &err);
    s |= dn_grad_sp(&f, g, obj_sp, NULL, x, n, ws);
    s |= dn_grad_sp_ex(&f, g, obj_sp, NULL, x, n, ws, &err);
    s |= dn_hessdiag_sp(&f, g, h, obj_sp, NULL, x, n, ws);
    s |= dn_hessdiag_sp_ex(&f, g, h, obj_sp, NULL, x, n, ws, &err);
    s |= dn_hessvec_sp(&f, g, h, obj_sp, NULL, x, v, n, ws);
    s |= dn_hessvec_sp_ex(&f, g, h, obj_sp, NULL, x, v, n, ws, &err);
    s |= dn_hessian_sp(&f, g, H, obj_sp, NULL, x, n, ws);
    s |= dn_hessian_sp_ex(&f, g, H, obj_sp, NULL, x, n, ws, &err);
    s |= dn_elements_new(&E2, 3, 2, m, idx, NULL);
    s |= dn_elements_new_ex(&E2, 3u, 2, 2, idx, NULL, &err);
    s |= dn_grad_el(&f, g, el2, NULL, x, E);
    s |= dn_grad_el_ex(&f, g, el2, NULL, x, E, &err);
    s |= dn_hessdiag_el(&f, g, h, el2, NULL, x, E);
    s |= dn_hessdiag_el_ex(&f, g, h, el2, NULL, x, E, &err);
    s |= dn_hessvec_el(&f, g, h, el2, NULL, x, v, E);
    s |= dn_hessvec_el_ex(&f, g, h, el2, NULL, x, v, E, &err);
    s |= dn_hessian_el(&f, g, H, el2, NULL, x, E);
    s |= dn_hessian_el_ex(&f, g, H, el2, NULL, x, E, &err);
    s |= dnum2_hessian(&f, g, h, obj2, x, n, NULL, w2);
    s |= dnum2_hessian_ex(&f, g, h, obj2, x, n, NULL, w2, &err);
    s |= dn_hessdiag_sp(0, 0, h, obj_sp, 0, x, n, 0); /* 0 as the null pointer */
    s |= dn_hessdiag_el(0, 0, h, el2, 0, x, E);
    s |= (dn_hessdiag_sp)(&f, g, h, obj_sp, NULL, x, n, ws); /* the function itself */
    int (*p)(double *, double *, double *, dn_objective_sp, void *, const double *, unsigned,
             dsp_o2_work *) = dn_hessdiag_sp;
    s |= p(&f, g, h, obj_sp, NULL, x, n, ws);
#if defined(BAD)
    float gf[4];
    unsigned long long idz[4] = {0, 1, 1, 2}; /* (size_t is unsigned on 32-bit targets) */
    int k = (int)n;
    (void)gf, (void)idz, (void)k;
#endif
#if BAD == 1
    s |= dn_hessdiag_sp(&f, g, h, obj, NULL, x, n, ws); /* BAD 1 obj: expects 'dn_objective_sp' */
#elif BAD == 2
    s |= dn_hessdiag_el(&f, g, h, el2, NULL, x, n); /* BAD 2 n: expects 'const dn_elements *' */
#elif BAD == 3
    s |= dn_hessdiag(&f, g, h, obj_sp, NULL, x, n, w); /* BAD 3 */
#elif BAD == 4
    s |= dn_hessdiag_lanes(&f, g, h, obj, NULL, x, n, wl); /* BAD 4 */
#elif BAD == 5
    s |= dn_hessian(&f, g, h, obj_lanes, NULL, x, n, w); /* BAD 5 */
#elif BAD == 6
    s |= dn_grad_sp(&f, g, obj_lanes, NULL, x, n, ws); /* BAD 6 */
#elif BAD == 7
    s |= dn_hessvec_sp(&f, g, h, obj_sp, NULL, x, n, v, ws); /* BAD 7 n and v swapped */
#elif BAD == 8
    s |= dn_hessian_sp(&f, g, h, obj_sp, NULL, x, n, ws); /* BAD 8 an array for H */
#elif BAD == 9
    s |= dn_hessdiag(&f, g, h, obj, NULL, x, n, wl); /* BAD 9 dlane_o2 workspace */
#elif BAD == 10
    s |= dn_hessdiag_sp(&f, g, h, obj_sp, NULL, x, n, w); /* BAD 10 numbers for dsp_o2_work */
#elif BAD == 11
    s |= dn_grad_el(&f, g, obj, NULL, x, E); /* BAD 11 an objective for an element */
#elif BAD == 12
    s |= dn_hessvec_el(&f, g, h, el2, NULL, x, E, E); /* BAD 12 E for v */
#elif BAD == 13
    s |= dn_hessian_el(&f, g, g, el2, NULL, x, E); /* BAD 13 an array for H */
#elif BAD == 14
    s |= dn_elements_new(&E2, 3, 2, m, idz, NULL); /* BAD 14 64-bit indices */
#elif BAD == 15
    s |= dn_elements_new(&E2, 3, 2, idx, m, NULL); /* BAD 15 idx and m swapped */
#elif BAD == 16
    s |= dnum2_hessian(&f, g, h, obj2, NULL, x, n, w2); /* BAD 16 the dn_* order ctx, x, n */
#elif BAD == 17
    s |= dnum2_hessian(&f, g, h, obj, x, n, NULL, w2); /* BAD 17 */
#elif BAD == 18
    s |= dn_hessdiag_sp_ex(&f, g, h, obj_sp, NULL, x, n, ws, &f); /* BAD 18 */
#elif BAD == 19
    s |= dn_grad_sp(&f, gf, obj_sp, NULL, x, n, ws); /* BAD 19 float: expects 'double *' */
#elif BAD == 20
    s |= dn_hessian_el_ex(&f, g, H, el2, NULL, x, &err, E); /* BAD 20 E and err swapped */
#elif BAD == 21
    s |= dn_hessdiag_el(&f, g, h, el2, NULL, x, k); /* BAD 21 an int n for the structure */
#elif BAD == 22
    s |= dn_grad_sp(&f, g, obj_sp, NULL, x, n, 1); /* BAD 22 1: expects 'dsp_o2_work *' */
#endif
    return s;
}
