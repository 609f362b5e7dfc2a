/* dnum/dnumk.h -- multivariate dual numbers: every mixed partial of f(x1, ..., xk) up to
 * total order N (the Dnumk family).
 *
 * A number holds the C(N+k, k) partials d^|a| f / dx1^a1 ... dxk^ak, |a| <= N, as Taylor
 * coefficients c_a = f^(a) / a! (a! = a1! ... ak!), in graded order: by total degree |a|,
 * then by decreasing a1, then decreasing a2, ... (for k = 2 Dnum2's triangle):
 *     k = 3: (000) (100) (010) (001) (200) (110) (101) (020) (011) (002) (300) (210) ...
 * The accessors read and write derivatives or coefficients; see docs/dnumk.md.
 * Two front ends over the kernels of dnum/internal/kernelk.h:
 *   - fixed k and N: DNUMK_DEFINE(K, N) instantiates the value type dnumkK_oN (K, N decimal
 *     literals, 1 <= K <= DNK_VARS_MAX = 10, 1 <= N <= DNK_ORDER_MAX = 32, at most
 *     DNUMK_FIXED_MAX = 4096 entries; anything else stops the compilation with a message)
 *     and its whole API as static inline functions: the compiler unrolls everything.
 *     Nothing is built in: write e.g. DNUMK_DEFINE(3, 6) once in your file (or define
 *     DNUMK_VARS 3 and DNUMK_ORDER 6, then #include <dnum/dnumk_order.h>).
 *   - run-time k and N: a dnk_space (k, n and a workspace) and caller-owned arrays of
 *     dnk_size(k, n) doubles; every function returns a status (for an expression evaluator
 *     or k, N chosen at run time; library functions in src/dnumk.c).
 *
 * Fixed index (T = dnumkK_oN; alpha is const unsigned[K], a multi-index):
 *   layout      DNUMK_SIZE(K, N)   size_t T_index(alpha)   position of alpha
 *   construct   T T_var(double x, unsigned i)   variable i (0-based) with value x
 *               T T_const(double c)   T T_from_derivs(const double *d)   T T_from_coeffs(const double *c)
 *   inspect     double T_deriv(T a, alpha)   double T_coeff(T a, alpha)   (NaN if |alpha| > N)
 *               void T_set_deriv(T *a, alpha, double v)   void T_set_coeff(T *a, alpha, double v)
 *               void T_get_derivs(T a, double *d)   all partials, layout order
 *               void T_grad(T a, double g[K])   void T_hess(T a, double H[K*K])   (row-major)
 *               int T_tensor(T a, unsigned m, double *t)   the m-th derivative tensor, packed
 *   arithmetic  _add _sub _mul _div (T, T); _neg (T)
 *               _add_d _sub_d _mul_d _div_d (T, double); _d_sub _d_div (double, T)
 *   apply       T T_apply(T u, dn_deriv_fn h, void *ctx)
 *   functions   _f (T u), _f (T a, T b) for every elementary function f of the operation
 *               table (DNI_OPS_ELEM1, DNI_OPS_ELEM2; docs/functions.md: exp, log, sin, ...,
 *               pow, atan2, hypot); the special functions: run-time API only
 *               _pow_d (T, double) _pown (T, long)
 *               void _sincos (T u, T *s, T *c)   void _sinhcosh (T u, T *s, T *c)
 *   Hessian     T_objective   T f(const T *x, void *ctx)   (x[0..K-1])
 *               int T_hessian(double *fx, double *grad, double *H, T_objective f,
 *                             const double *x, void *ctx)   one evaluation, full Hessian
 *
 * Fixed function reference:
 *   T_var(x, i)        value x, first partial 1 in variable i (i < K), every other entry 0.
 *   T_const(c)         every partial 0.   T_from_derivs(d): from the partials d[0..SIZE-1] in
 *                      layout order;   T_from_coeffs(c): from Taylor coefficients.
 *   T_deriv(a, alpha)  d^|alpha| f / dx^alpha = alpha! c_alpha; T_coeff: c_alpha. NaN for
 *                      |alpha| > N.   T_set_deriv / T_set_coeff write one entry (ignored for
 *                      |alpha| > N).   T_get_derivs(a, d): d[e] = every partial.
 *   T_grad(a, g)       g[i] = df/dx_i.   T_hess(a, H): H[i*K+j] = d2f/dx_i dx_j (NaN if N < 2).
 *   T_tensor(a, m, t)  t[0 .. C(m+K-1, K-1)-1] = the partials of total order m, in layout
 *                      order (the distinct entries of the symmetric m-th derivative tensor;
 *                      the position of alpha with |alpha| = m is T_index(alpha) - C(m-1+K, K));
 *                      returns the count, or DN_ERANGE (nothing written) for m > N.
 *   arithmetic, functions, apply: as dnum_oN/dnum2_oN, every partial up to and including
 *                      total order N; values are libm's; domain errors give NaN/Inf as the
 *                      other families (docs/errors.md); apply calls h N+1 times at u_0.
 *   T_hessian(fx, grad, H, f, x, ctx)   seeds x[i] as variable i, calls f once, writes
 *                      *fx (may be NULL), grad[0..K-1] (may be NULL), H[K*K] row-major.
 *                      DN_EINVAL for NULL f, x or H; DN_EORDER for N < 2 (no second order);
 *                      nothing written on error.
 * Aliasing: value semantics; _sincos/_sinhcosh outputs may point to u but must differ.
 *
 * Run-time index (sp is a dnk_space; numbers are double arrays of dnk_size(k, n) Taylor
 * coefficients, any output may alias any input; every int function returns DN_OK or
 * DN_EINVAL for a NULL or uninitialised space or pointer, and then writes nothing):
 *   space       dnk_space_init dnk_space_init_alloc dnk_space_clear dnk_size dnk_index
 *   set/get     dnk_set_var dnk_set_const dnk_deriv dnk_coeff dnk_set_deriv dnk_set_coeff
 *               dnk_get_derivs dnk_grad dnk_hess dnk_tensor
 *   arithmetic  dnk_add dnk_sub dnk_mul dnk_div dnk_neg
 *               dnk_add_d dnk_sub_d dnk_mul_d dnk_div_d dnk_d_sub dnk_d_div
 *   functions   dnk_f for every function f of the operation table (docs/functions.md),
 *               by its arguments: (sp, r, u), (sp, r, a, b), or (sp, r, m, u) with an
 *               integer m; the special ones (docs/special.md) composed, the piecewise ones
 *               on the flat array
 *               dnk_pow_d dnk_pown dnk_sincos dnk_sinhcosh dnk_apply
 */
#ifndef DNUM_DNUMK_H
#define DNUM_DNUMK_H

#ifdef __cplusplus
/* C++: the run-time API only (DNUMK_DEFINE's value types are inline C over the kernels) */
#include <stddef.h>
#include "dnum/common.h"
#define DNK_VARS_MAX 10  /* most variables of the multivariate family (as in kernelk.h) */
#define DNK_ORDER_MAX 32 /* highest total order of the multivariate family */
#else
#include "dnum/internal/kernelk.h"
#endif
#include "dnum/internal/ops.h"
#include "dnum/internal/define_macros.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Most entries of a fixed type (32 KiB; larger numbers: use the run-time API). */
#define DNUMK_FIXED_MAX 4096
/** Most entries of a run-time number (16 MiB; k = 8 at N = 16 has 735471). */
#define DNK_SIZE_MAX ((size_t)1 << 21)

/* C(N+K, K) as a constant expression, one factor per variable (each step exact) */
#define DNIK_C1(N) ((N) + 1)
#define DNIK_C2(N) (DNIK_C1(N) * ((N) + 2) / 2)
#define DNIK_C3(N) (DNIK_C2(N) * ((N) + 3) / 3)
#define DNIK_C4(N) (DNIK_C3(N) * ((N) + 4) / 4)
#define DNIK_C5(N) (DNIK_C4(N) * ((N) + 5) / 5)
#define DNIK_C6(N) (DNIK_C5(N) * ((N) + 6) / 6)
#define DNIK_C7(N) (DNIK_C6(N) * ((N) + 7) / 7)
#define DNIK_C8(N) (DNIK_C7(N) * ((N) + 8) / 8)
#define DNIK_C9(N) (DNIK_C8(N) * ((N) + 9) / 9)
#define DNIK_C10(N) (DNIK_C9(N) * ((N) + 10) / 10)
/** Number of entries of dnumkK_oN: C(N+K, K) (K a literal 1..10). */
#define DNUMK_SIZE(K, N) DNIK_C##K(N)

#ifndef __cplusplus /* the fixed types: C only */
#ifndef DNUMK_FIXED_DECL
#if defined(__GNUC__) || defined(__clang__)
#define DNUMK_FIXED_DECL static inline __attribute__((unused))
#else
#define DNUMK_FIXED_DECL static inline
#endif
#endif

/* the type dnumkK_oN, its function dnumkK_oN_f, its size and its name as a string, K and N
 * expanded first (the helpers below and dnum/dnumk_order.h pass DNUMK_VARS, DNUMK_ORDER) */
#define DNI_DNUMK_CAT_(a, b) a##b
#define DNI_DNUMK_CAT(a, b) DNI_DNUMK_CAT_(a, b)
#define DNI_DNUMK_TY_(K, N) dnumk##K##_o##N
#define DNI_DNUMK_TY(K, N) DNI_DNUMK_TY_(K, N)
#define DNI_DNUMK_NM(K, N, f) DNI_DNUMK_CAT(DNI_DNUMK_TY(K, N), _##f)
#define DNI_DNUMK_SIZE(K, N) DNUMK_SIZE(K, N)
#define DNI_DNUMK_STR_(x) #x
#define DNI_DNUMK_STR(x) DNI_DNUMK_STR_(x)
#define DNI_DNUMK_W(K, N) double w[DNIK_WORK(DNUMK_SIZE(K, N))]
#define DNI_DNUMK_UN(T, K, N, f)                                                           \
    DNUMK_FIXED_DECL T DNI_DNUMK_CAT(T, _##f)(T u)                                         \
    {                                                                                      \
        T r;                                                                               \
        DNI_DNUMK_W(K, N);                                                                 \
        dnik_##f(r.c, u.c, K, N, w);                                                       \
        return r;                                                                          \
    }
#define DNI_DNUMK_BIN(T, K, N, f)                                                          \
    DNUMK_FIXED_DECL T DNI_DNUMK_CAT(T, _##f)(T a, T b)                                    \
    {                                                                                      \
        T r;                                                                               \
        DNI_DNUMK_W(K, N);                                                                 \
        dnik_##f(r.c, a.c, b.c, K, N, w);                                                  \
        return r;                                                                          \
    }
/* the elementary rows of the operation table, A = (T, K, N) */
#define DNI_DNUMK_ROW1(A, f, ...) DNI_DNUMK_CALL(DNI_DNUMK_UN, DNI_DNUMK_TKN A, f)
#define DNI_DNUMK_ROW2(A, f, ...) DNI_DNUMK_CALL(DNI_DNUMK_BIN, DNI_DNUMK_TKN A, f)
#define DNI_DNUMK_TKN(T, K, N) T, K, N
#define DNI_DNUMK_CALL(m, ...) m(__VA_ARGS__)
#define DNI_DNUMK_FLAT(T, sig, expr)                                                       \
    DNUMK_FIXED_DECL T sig                                                                 \
    {                                                                                      \
        T r;                                                                               \
        expr;                                                                              \
        return r;                                                                          \
    }
/* (clang-format takes T *s for a product) */
/* clang-format off */
#define DNI_DNUMK_PAIR(T, K, N, f)                                                         \
    DNUMK_FIXED_DECL void DNI_DNUMK_CAT(T, _##f)(T u, T *s, T *c)                          \
    {                                                                                      \
        T rs, rc;                                                                          \
        DNI_DNUMK_W(K, N);                                                                 \
        dnik_##f(rs.c, rc.c, u.c, K, N, w);                                                \
        *s = rs;                                                                           \
        *c = rc;                                                                           \
    }
/* clang-format on */

/** Instantiates the type dnumkK_oN (K variables, total order N; decimal literals) and its
 *  whole API as static inline functions: the body of dnum/dnumk_order.h as one macro
 *  (dnum/internal/define_macros.h, generated). */
#define DNUMK_DEFINE(K, N) DNI_DNUMK_DEFINE(K, N)

/** H[i*K + j] = d2f/dx_i dx_j from the Taylor coefficients c (NaN for N < 2). */
static inline void dnik_hess(double *H, const double *c, unsigned K, unsigned N)
{
    for (unsigned i = 0; i < K; i++)
        for (unsigned j = i; j < K; j++) {
            unsigned al[DNK_VARS_MAX] = {0};
            al[i]++, al[j]++;
            double v = N < 2 ? NAN : c[dnik_index(K, al)] * (i == j ? 2.0 : 1.0);
            H[i * K + j] = H[j * K + i] = v;
        }
}

/** t = the derivatives of total order m (block m, layout order); returns their count, or
 *  DN_ERANGE for m > N (nothing written). */
static inline int dnik_tensor(double *t, const double *c, unsigned m, unsigned K,
                              unsigned N)
{
    if (m > N) return DN_ERANGE;
    unsigned al[DNK_VARS_MAX] = {0};
    size_t b = dnik_start(K, m), h = dnik_h(K, m);
    al[0] = m;
    for (size_t e = 0; e < h; e++, dnik_next(K, al)) t[e] = c[b + e] * dnik_afact(K, al);
    return (int)h;
}
#endif /* C only */

/* ------------------------------------------------------------------------------------ */
/* Run-time k and N.                                                                       */

/** The shape (k variables, total order n) of run-time numbers, with the workspace the
 *  functions need. Treat the fields as private. One space per thread: the functions use
 *  its workspace. */
typedef struct dnk_space {
    unsigned k, n;          /* variables, total order */
    size_t size;            /* C(n+k, k) doubles per number */
    double *work;           /* DNIK_WORK(size) + size doubles */
    const dn_allocator *al; /* NULL: malloc/free */
} dnk_space;

/** Number of doubles of a number in k variables of total order n, C(n+k, k); 0 when k or
 *  n is out of range (k = 0, k > DNK_VARS_MAX, n > DNK_ORDER_MAX, or more than
 *  DNK_SIZE_MAX entries). */
size_t dnk_size(unsigned k, unsigned n);

/** Position of the multi-index alpha[0..k-1] in the graded order (any k <= DNK_VARS_MAX). */
size_t dnk_index(unsigned k, const unsigned *alpha);

/** Prepares sp for k variables at total order n (allocates the workspace with malloc).
 *  DN_EINVAL (sp NULL or k = 0), DN_ERANGE (k > DNK_VARS_MAX, n > DNK_ORDER_MAX or more than
 *  DNK_SIZE_MAX entries), DN_ENOMEM; on failure sp is untouched. */
int dnk_space_init(dnk_space *sp, unsigned k, unsigned n);

/** As dnk_space_init with the allocator al (NULL: malloc/free), which must outlive sp. */
int dnk_space_init_alloc(dnk_space *sp, unsigned k, unsigned n, const dn_allocator *al);

/** Frees the workspace; sp is then uninitialised (NULL is ignored). */
void dnk_space_clear(dnk_space *sp);

/** r = variable i (0-based, i < k) with value x. DN_EINVAL also for i >= k. */
int dnk_set_var(dnk_space *sp, double *r, unsigned i, double x);

/** r = the constant c. */
int dnk_set_const(dnk_space *sp, double *r, double c);

/** d^|alpha| f / dx^alpha of a; NaN if |alpha| > n or an argument is NULL/uninitialised. */
double dnk_deriv(const dnk_space *sp, const double *a, const unsigned *alpha);

/** The Taylor coefficient c_alpha = f^(alpha)/alpha! of a; NaN as dnk_deriv. */
double dnk_coeff(const dnk_space *sp, const double *a, const unsigned *alpha);

/** Sets the partial d^|alpha| f / dx^alpha of a to v. DN_ERANGE if |alpha| > n. */
int dnk_set_deriv(dnk_space *sp, double *a, const unsigned *alpha, double v);

/** Sets the Taylor coefficient c_alpha of a to v. DN_ERANGE if |alpha| > n. */
int dnk_set_coeff(dnk_space *sp, double *a, const unsigned *alpha, double v);

/** d[0..size-1] = every partial of a, in layout order (d must not overlap a). */
int dnk_get_derivs(dnk_space *sp, double *d, const double *a);

/** g[0..k-1] = the gradient of a. */
int dnk_grad(dnk_space *sp, double *g, const double *a);

/** H[0..k*k-1] = the Hessian of a, row-major; DN_EORDER if n < 2. */
int dnk_hess(dnk_space *sp, double *H, const double *a);

/** t = the C(m+k-1, k-1) partials of total order m (the packed symmetric tensor, layout
 *  order); returns their count, DN_ERANGE for m > n, DN_EINVAL. */
int dnk_tensor(dnk_space *sp, double *t, const double *a, unsigned m);

/** r = a op b (every partial up to and including total order n). */
int dnk_add(dnk_space *sp, double *r, const double *a, const double *b);
/** r = a - b. */
int dnk_sub(dnk_space *sp, double *r, const double *a, const double *b);
/** r = a * b. */
int dnk_mul(dnk_space *sp, double *r, const double *a, const double *b);
/** r = a / b (b_0 = 0: Inf/NaN as IEEE). */
int dnk_div(dnk_space *sp, double *r, const double *a, const double *b);
/** r = -a. */
int dnk_neg(dnk_space *sp, double *r, const double *a);
/** r = a + c. */
int dnk_add_d(dnk_space *sp, double *r, const double *a, double c);
/** r = a - c. */
int dnk_sub_d(dnk_space *sp, double *r, const double *a, double c);
/** r = a * c. */
int dnk_mul_d(dnk_space *sp, double *r, const double *a, double c);
/** r = a / c. */
int dnk_div_d(dnk_space *sp, double *r, const double *a, double c);
/** r = c - a. */
int dnk_d_sub(dnk_space *sp, double *r, double c, const double *a);
/** r = c / a. */
int dnk_d_div(dnk_space *sp, double *r, double c, const double *a);
/** r = u^p, constant real p (integer p exactly as dnk_pown). */
int dnk_pow_d(dnk_space *sp, double *r, const double *u, double p);
/** r = u^m, integer m, by binary powering. */
int dnk_pown(dnk_space *sp, double *r, const double *u, long m);
/** r = h(u) from the derivative callback h (called n + 1 times at u_0). */
int dnk_apply(dnk_space *sp, double *r, const double *u, dn_deriv_fn h, void *ctx);
/** s = sin(u), c = cos(u) from one recurrence (s != c). */
int dnk_sincos(dnk_space *sp, double *s, double *c, const double *u);
/** s = sinh(u), c = cosh(u) from one recurrence (s != c). */
int dnk_sinhcosh(dnk_space *sp, double *s, double *c, const double *u);

/* The functions of the operation table (docs/functions.md), every partial (value libm's
 * f(u_0); outside the domain NaN, at poles the Inf/NaN of the derivative formula, as the
 * other families):
 *   int dnk_f(dnk_space *sp, double *r, const double *u)                   one argument
 *   int dnk_f(dnk_space *sp, double *r, const double *a, const double *b)  two (atan2: y, x)
 *   int dnk_f(dnk_space *sp, double *r, int m, const double *u)            an integer m
 * The special functions (docs/special.md): the one-variable kernel's derivatives at u_0
 * composed with u (about n products), the piecewise ones on the flat array. */
#define DNIK_UN_DECL(A, f, ...) int dnk_##f(dnk_space *sp, double *r, const double *u);
#define DNIK_BIN_DECL(A, f, ...)                                                           \
    int dnk_##f(dnk_space *sp, double *r, const double *a, const double *b);
#define DNIK_INT_DECL(A, f, ...)                                                           \
    int dnk_##f(dnk_space *sp, double *r, int m, const double *u);
DNI_OPS_UNARY(DNIK_UN_DECL, ~)
DNI_OPS_BINARY(DNIK_BIN_DECL, ~)
DNI_OPS_INT(DNIK_INT_DECL, ~)
#undef DNIK_UN_DECL
#undef DNIK_BIN_DECL
#undef DNIK_INT_DECL

#ifdef __cplusplus
}
#endif

#endif /* DNUM_DNUMK_H */
