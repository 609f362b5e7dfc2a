/* Filling a caller's dn_errinfo (dnum/common.h); internal to the library. */
#ifndef DNUM_ERR_IMPL_H
#define DNUM_ERR_IMPL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include "dnum/common.h"

#if defined(__MINGW32__) && defined(__MINGW_PRINTF_FORMAT) /* MinGW-w64's own printf */
#define DNI_PRINTF(a, b) __attribute__((format(__MINGW_PRINTF_FORMAT, a, b)))
#elif defined(__GNUC__) || defined(__clang__)
#define DNI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define DNI_PRINTF(a, b)
#endif

/* Returns code; with err, records it, the argument's position (0: none), the element
 * (SIZE_MAX: none) and the message. */
static inline DNI_PRINTF(5, 6) int dni_fail(dn_errinfo *err, int code, unsigned arg,
                                            size_t elem, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->code = code, err->arg = arg, err->elem = elem;
    }
    return code;
}

/* Returns DN_OK; with err, records success. */
static inline int dni_ok(dn_errinfo *err)
{
    if (err) err->code = DN_OK, err->arg = 0, err->elem = SIZE_MAX, err->msg[0] = '\0';
    return DN_OK;
}

/* A required argument: ok when it is valid, its position in the call, and what is wrong
 * otherwise (e.g. "hdiag is NULL"). */
typedef struct dni_req {
    int ok;
    unsigned pos;
    const char *what;
} dni_req;

/* DN_EINVAL naming the first argument of req[0 .. k-1] that is not ok, or DN_OK. */
static inline int dni_check(dn_errinfo *err, const char *fn, const dni_req *req, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (!req[i].ok)
            return dni_fail(err, DN_EINVAL, req[i].pos, SIZE_MAX, "%s: argument %u: %s", fn,
                            req[i].pos, req[i].what);
    return DN_OK;
}

#endif /* DNUM_ERR_IMPL_H */
