/* dnum/common.h -- status codes, the shared derivative-callback type, ready-made callbacks.
 *
 * Index:
 *   DN_OK DN_EINVAL DN_ENOMEM DN_EORDER DN_ERANGE DN_EDOMAIN DN_EPARSE DN_ESTRUCT
 *                      status codes
 *   DN_ORDER_MAX       highest order of the run-time-order families (Dvec, expressions)
 *   dn_allocator       a replaceable allocator (alloc/free/ctx)
 *   dn_strerror        name and explain a status code
 *   dn_errinfo         optional details of a failed call: the argument at fault and why
 *                      (filled by the _ex variants of the drivers and dn_elements_new)
 *   dn_deriv_fn        h(x, k, ctx) = k-th derivative of a scalar function h at x
 *   dn_deriv_exp dn_deriv_sin dn_deriv_cos dn_deriv_log dn_deriv_gaussian
 *                      ready-made callbacks showing the pattern
 *   DNUM_VERSION_STRING, dn_version
 */
#ifndef DNUM_COMMON_H
#define DNUM_COMMON_H

#include <stddef.h>

/* A compile-time check in the headers' macros, in C11 and C++. */
#ifdef __cplusplus
#define DNI_STATIC_ASSERT(c, msg) static_assert(c, msg)
#else
#define DNI_STATIC_ASSERT(c, msg) _Static_assert(c, msg)
#endif

/* Forced inlining where the compiler optimises (GCC, clang: __OPTIMIZE__, -O1 and above),
 * so that constant orders and structural zeros fold through the inline families; at -O0
 * there is nothing to fold, and forced inlining only made large functions (test programs
 * compiled at -O0 took 5-8x the time). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define DNI_FORCE_INLINE __attribute__((always_inline))
#else
#define DNI_FORCE_INLINE
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define DNUM_VERSION_MAJOR 0
#define DNUM_VERSION_MINOR 2
#define DNUM_VERSION_PATCH 0
#define DNUM_VERSION_STRING "0.2.0"

/* Status codes of fallible functions: 0 on success, a negative DN_E* code on failure
 * (the outputs are then left untouched). Value arithmetic never fails: it follows libm
 * and puts NaN/Inf into the affected derivatives. */
#define DN_OK 0
#define DN_EINVAL (-1)  /* invalid argument (NULL pointer, empty size, bad option) */
#define DN_ENOMEM (-2)  /* allocation failed */
#define DN_EORDER (-3)  /* operands of different orders */
#define DN_ERANGE (-4)  /* order or size above the documented maximum */
#define DN_EDOMAIN (-5) /* argument outside the domain of an operation that must fail */
#define DN_EPARSE (-6)  /* malformed expression */
#define DN_ESTRUCT (-7) /* the structure changed: an entry outside a pattern fixed before */

/* Highest derivative order the kernels support at run time (Dvec, expressions). Orders
 * above DN_TAYLOR_MAX (170, where k! overflows) work on scaled Taylor coefficients; see
 * docs/dvec.md for the range in which the derivatives themselves stay finite. */
#define DN_ORDER_MAX 1000

/* A replaceable allocator (Dvec storage). alloc returns NULL on failure; free receives
 * the size that was allocated. The functions must be thread-safe if the objects using
 * them are used from several threads. A NULL dn_allocator pointer means malloc/free. */
typedef struct dn_allocator {
    void *(*alloc)(size_t size, void *ctx);
    void (*free)(void *ptr, size_t size, void *ctx);
    void *ctx;
} dn_allocator;

/** Details of a failed call, for the functions with an `_ex` variant (the Hessian drivers,
 *  dn_elements_new, dnum2_hessian) and dn_batch_isa_env: pass a dn_errinfo of your own as
 *  their last argument (NULL: no details). It is written on every return: code is the
 *  status returned, arg the 1-based position of the argument at fault in the call (0:
 *  none, e.g. out of memory), elem the element at fault in dn_elements_new_ex
 *  ((size_t)-1: none), msg one line naming the function (dn_batch_isa_env: the
 *  environment variable), the argument and why, e.g.
 *  "dn_elements_new: argument 5: element 7: index 12 >= n = 10 (idx[22])".
 *  After success code is DN_OK and msg is empty. No global state: one per thread. */
typedef struct dn_errinfo {
    int code;
    unsigned arg;
    size_t elem;
    char msg[160];
} dn_errinfo;

/** Returns a static, human-readable description of a status code ("unknown status" for
 *  codes this version does not know). Never NULL; thread-safe. */
const char *dn_strerror(int code);

/** Returns the library version as "MAJOR.MINOR.PATCH" (DNUM_VERSION_STRING of the build). */
const char *dn_version(void);

/** The one apply interface of every family: h(x, k, ctx) must return the k-th derivative
 *  of a scalar function h at x (k = 0 is the value), for every k up to the order used.
 *  ctx is passed through untouched (like gsl_function's params). A domain error should
 *  be reported as NaN/Inf in the affected derivatives. The callback must be thread-safe
 *  if the caller is multi-threaded. */
typedef double (*dn_deriv_fn)(double x, unsigned k, void *ctx);

/** Callback for exp: every derivative is exp(x). ctx is ignored. */
double dn_deriv_exp(double x, unsigned k, void *ctx);

/** Callback for sin: sin(x + k pi/2), by k mod 4. ctx is ignored. */
double dn_deriv_sin(double x, unsigned k, void *ctx);

/** Callback for cos: cos(x + k pi/2), by k mod 4. ctx is ignored. */
double dn_deriv_cos(double x, unsigned k, void *ctx);

/** Callback for log: log(x), then (-1)^(k-1) (k-1)! / x^k. x <= 0 gives libm's NaN/-Inf
 *  at k = 0 and the formula's value above. ctx is ignored. */
double dn_deriv_log(double x, unsigned k, void *ctx);

/** Callback for the Gaussian g(x) = exp(-a x^2), a = *(const double *)ctx, or a = 1 when
 *  ctx is NULL: g^(k)(x) = (-sqrt(a))^k H_k(sqrt(a) x) g(x) with the physicists' Hermite
 *  polynomials H_k (three-term recurrence, O(k) per call). Requires a > 0. */
double dn_deriv_gaussian(double x, unsigned k, void *ctx);

#ifdef __cplusplus
}
#endif

#ifndef __cplusplus
/* Argument checks of the drivers' macros in C (dnum/hessian.h, dnum/dnum2.h; C++ rejects
 * such calls by itself). DNI_ARG(T, p) is p when it has type T, converted to T when it is
 * a void pointer such as NULL or the constant 0, and otherwise this object, a structure,
 * which no driver takes: the compiler then stops with its own error for an argument of an
 * incompatible type, which names the argument and the type expected (gcc: "incompatible
 * type for argument 4 of 'dn_hessdiag_sp'", "note: expected 'dn_objective_sp' ... but
 * argument is of type 'const struct dn_driver_argument_has_the_wrong_type'"; clang:
 * "passing 'const struct dn_driver_argument_has_the_wrong_type' to parameter of
 * incompatible type 'dn_objective_sp'", "note: passing argument to parameter 'f' here"),
 * where a call with a pointer of another type would only be warned about (gcc before 14)
 * and compute garbage. Never defined, never referenced in a valid program. */
struct dn_driver_argument_has_the_wrong_type {
    int dni_unused;
};
extern const struct dn_driver_argument_has_the_wrong_type
    dn_driver_argument_has_the_wrong_type;
#define DNI_ARG(T, p)                                                                      \
    _Generic((p), T : (p), void * : (T)(p), int : DNI_NULL(T, p),                          \
             default : dn_driver_argument_has_the_wrong_type)
/* the same for a pointer to const T: T *, const T *, void * and const void * pass */
#define DNI_CARG(T, p)                                                                     \
    _Generic((p), const T * : (p), T * : (p), void * : (const T *)(p),                     \
             const void * : (const T *)(p), int : DNI_NULL(const T *, p),                  \
             default : dn_driver_argument_has_the_wrong_type)
/* An int p: the null pointer of type T when p is the constant 0 (then (void *)p is a null
 * pointer constant, and the conditional has the type int *), else the error above. */
#define DNI_NULL(T, p)                                                                     \
    _Generic((1 ? (int *)0 : (void *)(ptrdiff_t)(p)), int * : (T)0,                        \
             default : dn_driver_argument_has_the_wrong_type)
#define DNI_OUT(p) DNI_ARG(double *, p) /* an output array (NULL allowed) */
#define DNI_IN(p) DNI_CARG(double, p)   /* an input array */
/* A count (n, K, m): any arithmetic type as before; a pointer stops the compilation
 * ("invalid operands to binary *"). */
#define DNI_N(n) (1u * (n))
#endif

#endif /* DNUM_COMMON_H */
