/* dnum/batch.h -- many points at once: a parsed formula on a block of points, SIMD.
 *
 * dn_expr_eval_batch runs the program of a dn_expr (dnum/expr.h) on npts points and writes
 * every derivative of every point. Points go through the program W at a time, the
 * registers vectors of W doubles (one point per lane), on the same kernels as the scalar
 * engines compiled for vectors; the instruction set and W are chosen at run time (AVX-512:
 * 8 lanes, AVX2: 4, SSE2: 2 on x86-64; Advanced SIMD (NEON): 2 on AArch64; generic vectors
 * of 2 elsewhere with GCC or clang; else point by point). Every point gets exactly the numbers dn_expr_eval gives it (the
 * same operations in the same order, the C library's values): results do not depend on
 * the block size, on the instruction set or on how the points are split between calls or
 * threads. docs/batch.md: when to use it, measured speed.
 *
 * Layout: point p's arguments are args[p*ldargs + i*(n+1) + k] (variable i, derivative k:
 * the layout of dn_expr_eval's args), its result out[p*ldout + k], k = 0..n.
 *
 * Index:
 *   DN_BATCH_COEFFS                            flag: Taylor coefficients instead of derivatives
 *   DN_BATCH_LIBM                              flag: the C library's values (bit for bit as
 *                                              dn_expr_eval)
 *   DN_BATCH_SOA                               flag: structure-of-arrays layout
 *   DN_BATCH_AUTO DN_BATCH_SCALAR DN_BATCH_GENERIC DN_BATCH_NEON DN_BATCH_SSE2
 *   DN_BATCH_AVX2 DN_BATCH_AVX512 DN_BATCH_ISA_MASK   flags: the instruction set (default:
 *                                              the best, or DN_BATCH_ISA's)
 *   dn_batch_isa dn_batch_isa_name dn_batch_lanes   which one runs, its name, its lanes
 *   dn_batch_isa_env                           DN_BATCH_ISA checked: its instruction set,
 *                                              or why it is refused
 *   dn_batch_vector_libm                       whether the build has vector values (SLEEF)
 *   dn_expr_work_size_batch dn_expr_eval_batch  workspace / evaluate a block of points
 *   dn_expr_work_size_batch_prec dn_expr_eval_batch_prec   the same with error bounds and
 *                                              the precisions of dn_expr_eval_prec
 *   dn_expr_work_size_batchk dn_expr_eval_batchk  the same on k-variate numbers (the Dnumk
 *                                              layout of dn_expr_evalk)
 *   dn_expr_work_size_batch2 dn_expr_eval_batch2  the same on bivariate triangles (the
 *                                              Dnum2 layout of dn_expr_eval2)
 */
#ifndef DNUM_BATCH_H
#define DNUM_BATCH_H

#include <stddef.h>
#include "dnum/expr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Flags of dn_expr_eval_batch (or-ed). */
#define DN_BATCH_COEFFS 0x1u /* out: Taylor coefficients f^(k)/k! (dn_expr_eval_coeffs) */
/* The values of the elementary functions (exp, log, sin, ...) from the C library, lane by
 * lane: every point gets dn_expr_eval's numbers bit for bit. Without it the vector
 * engines take them from a vector math library where the build has one (SLEEF, at most
 * 1 ulp, as the C library's), and a point's numbers may differ from dn_expr_eval's by the
 * rounding of those values (within every documented accuracy bound). */
#define DN_BATCH_LIBM 0x2u
/* Structure of arrays: point p's variable i enters as args[(i*(n+1) + k)*ldargs + p] and
 * its result goes to out[k*ldout + p] (derivative k of every point contiguous; ldargs,
 * ldout >= npts), instead of one point after the other. The fastest layout: the lanes
 * load and store whole vectors. */
#define DN_BATCH_SOA 0x4u
/* The instruction set (one of these; AUTO, the default, is the best the machine has, or
 * the one named by the environment variable DN_BATCH_ISA: scalar, generic, neon, sse2,
 * avx2, avx512; read once per process, unset or empty: the best). Naming one the machine
 * or the build lacks is an error (DN_EINVAL), in the flags or in DN_BATCH_ISA (then every
 * call with DN_BATCH_AUTO fails; dn_batch_isa_env says why). */
#define DN_BATCH_AUTO 0x00u
#define DN_BATCH_SCALAR 0x10u  /* point by point with dn_expr_eval (every build) */
#define DN_BATCH_GENERIC 0x20u /* GCC/clang generic vectors, 2 lanes (other targets) */
#define DN_BATCH_SSE2 0x30u    /* x86-64 baseline, 2 lanes */
#define DN_BATCH_AVX2 0x40u    /* 4 lanes */
#define DN_BATCH_AVX512 0x50u  /* AVX-512F, 8 lanes */
#define DN_BATCH_NEON 0x60u    /* AArch64 Advanced SIMD, 2 lanes */
#define DN_BATCH_ISA_MASK 0xf0u

/** Returns the instruction set (DN_BATCH_SCALAR ... DN_BATCH_NEON) that
 *  dn_expr_eval_batch runs with these flags on this machine, or 0 if the one they name
 *  (or with DN_BATCH_AUTO, DN_BATCH_ISA) is not available (the call would fail with
 *  DN_EINVAL). */
unsigned dn_batch_isa(unsigned flags);

/** Reads the environment variable DN_BATCH_ISA now and resolves it as DN_BATCH_AUTO does
 *  (which reads it once per process and keeps the outcome): unset or empty, the best
 *  instruction set available; a name of dn_batch_isa_name, that one. Returns DN_OK and
 *  the instruction set in *isa (isa may be NULL), or DN_EINVAL, *isa 0, where the value
 *  is no instruction set's name or names one that this machine or build lacks: then
 *  every batch call with DN_BATCH_AUTO fails with DN_EINVAL. err (may be NULL): on
 *  failure a message naming the variable, its value and the instruction sets available,
 *  e.g. "DN_BATCH_ISA=avx512: not available on this machine or in this build (available:
 *  scalar, sse2, avx2)". */
int dn_batch_isa_env(unsigned *isa, dn_errinfo *err);

/** Returns the name of an instruction set value ("scalar", "generic", "neon", "sse2",
 *  "avx2", "avx512"), or "unknown". */
const char *dn_batch_isa_name(unsigned isa);

/** Returns the number of points an instruction set runs at once (1 for DN_BATCH_SCALAR),
 *  or 0 for an unknown value. */
unsigned dn_batch_lanes(unsigned isa);

/** Returns 1 if the vector engines of this build take the values of the elementary
 *  functions from a vector math library (SLEEF) unless DN_BATCH_LIBM is given, 0 if they
 *  always take the C library's. */
int dn_batch_vector_libm(void);

/** Returns how many doubles of workspace dn_expr_eval_batch needs for e at order n (for
 *  any instruction set and any number of points), or 0 if n > DN_ORDER_MAX or e is NULL.
 *  About 8 (16 (nregs + 4) + 2) (n + 1) doubles up to order 16 (each instruction runs
 *  on 16 vectors of points), 8 (nregs + 6) (n + 1) above, plus the kernels' scratch:
 *  145 KiB for exp(-x^2) at order 16, 180 KiB for a formula of a dozen operations. */
size_t dn_expr_work_size_batch(const dn_expr *e, unsigned n);

/** Evaluates e at order n (0..DN_ORDER_MAX) at npts points (any count, 0 included): point
 *  p's variable i enters as args[p*ldargs + i*(n+1) + k], k = 0..n (as in dn_expr_eval;
 *  ldargs >= nvars (n + 1)), its n + 1 derivatives go to out[p*ldout + k] (ldout >= n + 1),
 *  or its Taylor coefficients with DN_BATCH_COEFFS. The numbers are dn_expr_eval's (or
 *  dn_expr_eval_coeffs') for each point, bit for bit. flags: DN_BATCH_COEFFS and one
 *  instruction set (see above). Orders above DN_TAYLOR_MAX run point by point. work holds
 *  dn_expr_work_size_batch(e, n) doubles and must not overlap args or out; out may be args
 *  itself with ldout == ldargs, and must not overlap it otherwise.
 *  Returns 0, DN_EINVAL (NULL pointer with npts > 0, a stride too small, unknown flags, an
 *  instruction set not available, named by the flags or by DN_BATCH_ISA) or DN_ERANGE
 *  (n > DN_ORDER_MAX); nothing is written on failure. Domain errors are not failures (NaN/Inf as dn_expr_eval). */
int dn_expr_eval_batch(const dn_expr *e, unsigned n, size_t npts, const double *args,
                       size_t ldargs, double *out, size_t ldout, unsigned flags,
                       double *work);

/** Returns how many doubles of workspace dn_expr_eval_batch_prec needs for e at order n
 *  (dn_expr_work_size_err's, or the vector engines' if larger, and a block's results), or
 *  0 if n > DN_ORDER_MAX or e is NULL. */
size_t dn_expr_work_size_batch_prec(const dn_expr *e, unsigned n);

/** dn_expr_eval_prec at npts points: point p's result to out[p*ldout + k] and, if err is
 *  not NULL, its bounds to err[p*lderr + k] (lderr >= n + 1); prec is dn_expr_eval_prec's
 *  flags (DN_PREC_DOUBLE, _EXTENDED or _AUTO, optionally | DN_PREC_QUICK); the numbers are
 *  dn_expr_eval_prec's for each point, bit for bit. With DN_PREC_QUICK and AUTO or DOUBLE
 *  (dnum-eval's default) the bounds are computed W points at a time on the vector
 *  engines for programs of arithmetic and elementary functions (2-3x faster than point by
 *  point); the other programs, blocks with a zero or pole, and the points AUTO gives to
 *  extended precision run point by point. Returns the number of points computed in
 *  extended precision (>= 0), or DN_EINVAL / DN_ERANGE as dn_expr_eval_prec, DN_EINVAL
 *  also where DN_BATCH_ISA names no instruction set available (nothing written on
 *  failure). work: dn_expr_work_size_batch_prec(e, n) doubles. */
long dn_expr_eval_batch_prec(const dn_expr *e, unsigned n, size_t npts, const double *args,
                             size_t ldargs, double *out, size_t ldout, double *err,
                             size_t lderr, unsigned prec, double *work);

/** Returns how many doubles of workspace dn_expr_eval_batchk needs for e in k variables at
 *  total order n (for any instruction set and any number of points), or 0 where
 *  dn_expr_work_sizek(e, k, n) is 0 (e NULL, k or n beyond the limits of dn_expr_evalk).
 *  About 8 (nregs + 10) S doubles, S = dnk_size(k, n). */
size_t dn_expr_work_size_batchk(const dn_expr *e, unsigned k, unsigned n);

/** dn_expr_evalk at npts points (any count, 0 included): k-variate numbers of total order n
 *  in the Dnumk layout, S = dnk_size(k, n) Taylor coefficients each. Point p's variable i
 *  enters as args[p*ldargs + i*S + j], j = 0..S-1 (as in dn_expr_evalk; ldargs >= nvars S),
 *  its result goes to out[p*ldout + j] (ldout >= S); with DN_BATCH_SOA variable i's entry j
 *  of point p is args[(i*S + j)*ldargs + p] and the result out[j*ldout + p] (ldargs, ldout
 *  >= npts). Points go through the program W at a time on the multivariate kernels
 *  compiled for vectors; a lane whose operand takes a zero, pole or range path of the
 *  double kernels, and the operations without a lane kernel (u^p with a constant p
 *  written as a non-integer, cbrt, pow, atan2, hypot, the special functions), run on
 *  dn_expr_evalk's step lane by lane. With DN_BATCH_LIBM the numbers are dn_expr_evalk's for each point,
 *  bit for bit; without it the vector engines take SLEEF's values where the build has
 *  them (within the documented bounds, docs/batch.md). flags: DN_BATCH_LIBM, DN_BATCH_SOA
 *  and one instruction set. work holds dn_expr_work_size_batchk(e, k, n) doubles and must
 *  not overlap args or out; out may be args itself with ldout == ldargs, and must not
 *  overlap it otherwise. Returns 0, DN_EINVAL (NULL pointer with npts > 0, k = 0, a stride
 *  too small, unknown flags, an instruction set not available, as dn_expr_eval_batch) or
 *  DN_ERANGE (k, n or the size beyond dn_expr_evalk's limits); nothing is written on
 *  failure. */
int dn_expr_eval_batchk(const dn_expr *e, unsigned k, unsigned n, size_t npts,
                        const double *args, size_t ldargs, double *out, size_t ldout,
                        unsigned flags, double *work);

/** Returns how many doubles of workspace dn_expr_eval_batch2 needs for e at total order n
 *  (any instruction set, any number of points), or 0 where dn_expr_work_size2(e, n) is 0
 *  (e NULL, n > DN_EXPR_MAX_ORDER2). */
size_t dn_expr_work_size_batch2(const dn_expr *e, unsigned n);

/** dn_expr_eval2 at npts points: bivariate numbers of total order n in the Dnum2 layout
 *  (S = (n+1)(n+2)/2 mixed partials, DNUM2_INDEX order). Point p's variable i enters as
 *  args[p*ldargs + i*S + j] (as in dn_expr_eval2), its result goes to out[p*ldout + j];
 *  with DN_BATCH_SOA args[(i*S + j)*ldargs + p] and out[j*ldout + p]. Everything else as
 *  dn_expr_eval_batchk (k = 2): the same kernels on lanes, the same rare lanes on
 *  dn_expr_eval2's step, dn_expr_eval2's numbers bit for bit with DN_BATCH_LIBM. work holds
 *  dn_expr_work_size_batch2(e, n) doubles. Returns 0, DN_EINVAL (as dn_expr_eval_batchk)
 *  or DN_ERANGE (n > DN_EXPR_MAX_ORDER2); nothing is written on failure. */
int dn_expr_eval_batch2(const dn_expr *e, unsigned n, size_t npts, const double *args,
                        size_t ldargs, double *out, size_t ldout, unsigned flags,
                        double *work);

#ifdef __cplusplus
}
#endif

#endif /* DNUM_BATCH_H */
