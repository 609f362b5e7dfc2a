/* dnum/bounded_order.h -- the fixed-order bounded type dnume_oN for one order N: included
 * by dnum/bounded.h once per built-in order (1 ... 32), and by a user for another order:
 *
 *     #include <dnum/bounded.h>
 *     #define DNUME_ORDER 40
 *     #include <dnum/bounded_order.h>     // dnume_o40 and its functions
 *
 * DNUME_ORDER (a decimal literal, 1 ... DN_ORDER_MAX) is undefined at the end. The API is
 * described in dnum/bounded.h. Each function is static inline and calls the library's
 * raw layer (dni_bnd_f); a failed workspace allocation gives NaN derivatives and bounds.
 * Deliberately without an include guard. */
#ifndef DNUME_ORDER
#error "dnum/bounded_order.h: define DNUME_ORDER (the order) before including it"
#endif
#ifndef DNUM_BOUNDED_H
#error "dnum/bounded_order.h: include dnum/bounded.h first"
#endif

/* names of this order: DNI_BE_T the type dnume_oN, DNI_BE(f) its function dnume_oN_f */
#define DNI_BE_CAT_(a, b) a##b
#define DNI_BE_CAT(a, b) DNI_BE_CAT_(a, b)
#define DNI_BE_T DNI_BE_CAT(dnume_o, DNUME_ORDER)
#define DNI_BE(f) DNI_BE_CAT(DNI_BE_T, _##f)
#define DNI_BE_N (DNUME_ORDER)
#if defined(__GNUC__) || defined(__clang__)
#define DNI_BE_DECL static inline __attribute__((unused))
#else
#define DNI_BE_DECL static inline
#endif

/** A fixed-order number with bounds: d[k] the k-th derivative, e[k] its error bound. */
typedef struct DNI_BE_T {
    double d[DNI_BE_N + 1];
    double e[DNI_BE_N + 1];
} DNI_BE_T;

/** The variable at x: (x, 1, 0, ..., 0), exact. */
DNI_BE_DECL DNI_BE_T DNI_BE(var)(double x)
{
    DNI_BE_T r;
    for (unsigned k = 0; k <= DNI_BE_N; k++) r.d[k] = r.e[k] = 0.0;
    r.d[0] = x;
    r.d[1] = 1.0;
    return r;
}

/** The constant c, exact. */
DNI_BE_DECL DNI_BE_T DNI_BE(const)(double c)
{
    DNI_BE_T r;
    for (unsigned k = 0; k <= DNI_BE_N; k++) r.d[k] = r.e[k] = 0.0;
    r.d[0] = c;
    return r;
}

/** The derivatives d[0..N] with the bounds e[0..N] (e NULL: exact). */
DNI_BE_DECL DNI_BE_T DNI_BE(from)(const double *d, const double *e)
{
    DNI_BE_T r;
    for (unsigned k = 0; k <= DNI_BE_N; k++) r.d[k] = d[k], r.e[k] = e ? e[k] : 0.0;
    return r;
}

/** Derivative k of a (NaN if k > N). */
DNI_BE_DECL double DNI_BE(get)(const DNI_BE_T *a, unsigned k)
{
    return k <= DNI_BE_N ? a->d[k] : NAN;
}

/** The bound of derivative k of a (NaN if k > N). */
DNI_BE_DECL double DNI_BE(err)(const DNI_BE_T *a, unsigned k)
{
    return k <= DNI_BE_N ? a->e[k] : NAN;
}

/* the operations, each one call of the raw layer (dnum/bounded.h) */
#define DNI_BE_CALL(f, a, b, c)                                                            \
    DNI_BE_T r;                                                                            \
    if (dni_bnd_##f(DNI_BE_N, r.d, r.e, (a).d, (a).e, (b).d, (b).e, c))                    \
        dni_bnd_nan(r.d, r.e, DNI_BE_N); /* out of memory */                               \
    return r
#define DNI_BE_UN(A, f, ...)                                                               \
    DNI_BE_DECL DNI_BE_T DNI_BE(f)(DNI_BE_T u)                                             \
    {                                                                                      \
        DNI_BE_CALL(f, u, u, 0.0);                                                         \
    }
#define DNI_BE_BIN(A, f, ...)                                                              \
    DNI_BE_DECL DNI_BE_T DNI_BE(f)(DNI_BE_T a, DNI_BE_T b)                                 \
    {                                                                                      \
        DNI_BE_CALL(f, a, b, 0.0);                                                         \
    }
#define DNI_BE_BIN_D(A, f)                                                                 \
    DNI_BE_DECL DNI_BE_T DNI_BE(f)(DNI_BE_T a, double c)                                   \
    {                                                                                      \
        DNI_BE_CALL(f, a, a, c);                                                           \
    }
#define DNI_BE_D_BIN(A, f)                                                                 \
    DNI_BE_DECL DNI_BE_T DNI_BE(f)(double c, DNI_BE_T a)                                   \
    {                                                                                      \
        DNI_BE_CALL(f, a, a, c);                                                           \
    }
#define DNI_BE_INT(A, f, ...)                                                              \
    DNI_BE_DECL DNI_BE_T DNI_BE(f)(int m, DNI_BE_T u)                                      \
    {                                                                                      \
        DNI_BE_CALL(f, u, u, (double)m);                                                   \
    }
DNI_API_UN(DNI_BE_UN, ~)
DNI_API_BIN(DNI_BE_BIN, ~)
DNI_API_BIN_D(DNI_BE_BIN_D, ~)
DNI_API_D_BIN(DNI_BE_D_BIN, ~)
DNI_API_INT(DNI_BE_INT, ~)

/** u^m for an integer m (as dnum_oN_pown: exact at u0 = 0 and for negative u0). */
DNI_BE_DECL DNI_BE_T DNI_BE(pown)(DNI_BE_T u, long m)
{
    DNI_BE_CALL(pown, u, u, (double)m);
}

#undef DNI_BE_UN
#undef DNI_BE_BIN
#undef DNI_BE_BIN_D
#undef DNI_BE_D_BIN
#undef DNI_BE_INT
#undef DNI_BE_CALL
#undef DNI_BE_DECL
#undef DNI_BE_N
#undef DNI_BE
#undef DNI_BE_T
#undef DNI_BE_CAT
#undef DNI_BE_CAT_
#undef DNUME_ORDER
