/* dnum/common.h -- status codes, the shared derivative-callback type, ready-made callbacks.
 *
 * Index:
 *   DN_OK DN_EINVAL DN_ENOMEM DN_EORDER DN_ERANGE DN_EDOMAIN DN_EPARSE   status codes
 *   DN_ORDER_MAX       highest order of the run-time-order families (Dvec, expressions)
 *   dn_allocator       a replaceable allocator (alloc/free/ctx)
 *   dn_strerror        name and explain a status code
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
#define _DN_STATIC_ASSERT(c, msg) static_assert(c, msg)
#else
#define _DN_STATIC_ASSERT(c, msg) _Static_assert(c, msg)
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define DNUM_VERSION_MAJOR 0
#define DNUM_VERSION_MINOR 1
#define DNUM_VERSION_PATCH 0
#define DNUM_VERSION_STRING "0.1.0"

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

#endif /* DNUM_COMMON_H */
