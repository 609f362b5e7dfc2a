/* dnum/internal/kernel_erf.h -- the error functions erf and erfc in derivative form.
 * Part of the kernel body of dnum/internal/kernel.h (internal, not API-stable): included by it
 * once per element type (DNI_R, DNI_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_erf.h is a part of dnum/internal/kernel.h: include that instead"
#endif

/* f = f0 + s0 * integral of (2/sqrt(pi)) exp(-u^2) u'. Scratch: ws, DNI_WN(5, n). */
DNI_KINLINE void DNI_K(terf_w)(DNI_R *restrict f, DNI_R f0, DNI_S s0,
                               const DNI_R *restrict tu, unsigned n, DNI_R *restrict ws)
{
    if (n == 0) {
        f[0] = f0;
        return;
    }
    DNI_R *sq = ws, *e = ws + DNI_ST(n), *du = ws + 2 * DNI_ST(n), *g = ws + 3 * DNI_ST(n);
    DNI_K(tmul)(sq, tu, tu, n);
    for (unsigned k = 0; k <= n; k++) sq[k] = -sq[k];
    DNI_K(texp_w)(e, DNI_M(exp)(sq[0]), sq, n - 1, ws + 4 * DNI_ST(n));
    DNI_K(tdiff)(du, tu, n);
    DNI_K(tmul)(g, e, du, n - 1);
    for (unsigned k = 0; k < n; k++) g[k] *= s0 * DNI_2_SQRTPI;
    DNI_K(tinteg)(f, f0, g, n);
}

/** r = erf(u). Scratch: DNI_W_erf(n). */
#define DNI_W_erf(n) DNI_WN(7, n)
DNI_KINLINE void DNI_K(erf_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(terf_w)(tr, DNI_M(erf)(u[0]), 1.0, tu, n, ws + 2 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}

/** r = erfc(u) = 1 - erf(u), accurate value for large u0. Scratch: DNI_W_erfc(n). */
#define DNI_W_erfc(n) DNI_WN(7, n)
DNI_KINLINE void DNI_K(erfc_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(terf_w)(tr, DNI_M(erfc)(u[0]), -1.0, tu, n, ws + 2 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}
