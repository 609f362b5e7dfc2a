/* dnum/kernel_erf.h -- the error functions erf and erfc in derivative form.
 * Part of the kernel body of dnum/kernel.h (internal, not API-stable): included by it
 * once per element type (_DN_R, _DN_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef _DN_KERNEL_BODY
#error "dnum/kernel_erf.h is a part of dnum/kernel.h: include that instead"
#endif

/* f = f0 + s0 * integral of (2/sqrt(pi)) exp(-u^2) u'. Scratch: ws, _DN_WN(5, n). */
static inline void _DN_K(terf_w)(_DN_R *restrict f, _DN_R f0, _DN_S s0,
                              const _DN_R *restrict tu, unsigned n, _DN_R *restrict ws)
{
    if (n == 0) {
        f[0] = f0;
        return;
    }
    _DN_R *sq = ws, *e = ws + _DN_ST(n), *du = ws + 2 * _DN_ST(n), *g = ws + 3 * _DN_ST(n);
    _DN_K(tmul)(sq, tu, tu, n);
    for (unsigned k = 0; k <= n; k++) sq[k] = -sq[k];
    _DN_K(texp_w)(e, _DN_M(exp)(sq[0]), sq, n - 1, ws + 4 * _DN_ST(n));
    _DN_K(tdiff)(du, tu, n);
    _DN_K(tmul)(g, e, du, n - 1);
    for (unsigned k = 0; k < n; k++) g[k] *= s0 * _DN_2_SQRTPI;
    _DN_K(tinteg)(f, f0, g, n);
}

/** r = erf(u). Scratch: _DN_W_erf(n). */
#define _DN_W_erf(n) _DN_WN(7, n)
static inline void _DN_K(erf_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(terf_w)(tr, _DN_M(erf)(u[0]), 1.0, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = erfc(u) = 1 - erf(u), accurate value for large u0. Scratch: _DN_W_erfc(n). */
#define _DN_W_erfc(n) _DN_WN(7, n)
static inline void _DN_K(erfc_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(terf_w)(tr, _DN_M(erfc)(u[0]), -1.0, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}
