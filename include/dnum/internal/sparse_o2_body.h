/* dnum/internal/sparse_o2_body.h -- the arithmetic and functions of a one-pass family T
 * (internal, not API-stable): included by dnum/sparse_o2.h for dsp_o2 and by
 * dnum/sparseh_o2.h for dsph_o2, after `#define DNI_DSP_T T`. Written on the family's
 * internal dni_T_chain, dni_T_chain2s, dni_T_acc_in and dni_T_addsub_l; their meaning is
 * that of the dlane_o2 namesakes (dnum/lanes_o2.h). a + b and a - b accumulate in place
 * when the operands are long (or a is already a sum being accumulated): the old a must not
 * be used afterwards (see dnum/sparse_o2.h). add_d and sub_d share a's entries (free).
 * DNI_DSP_T and the names below are undefined at the end. Deliberately without an include
 * guard. */
#ifndef DNI_DSP_T
#error                                                                                     \
    "dnum/internal/sparse_o2_body.h: define DNI_DSP_T (dsp_o2 or dsph_o2) before including it"
#endif

/* names of the family: DNI_DSP(f) its function T_f, DNI_DSP_I(f) the internal dni_T_f */
#define DNI_DSP_CAT_(a, b) a##b
#define DNI_DSP_CAT(a, b) DNI_DSP_CAT_(a, b)
#define DNI_DSP(f) DNI_DSP_CAT(DNI_DSP_T, _##f)
#define DNI_DSP_I(f) DNI_DSP_CAT(dni_, DNI_DSP(f))
/* 1 when a and b have their entries inside the numbers (a family may define its own) */
#ifndef DNI_DSP_SMALL2
#define DNI_DSP_SMALL2(a, b) DNI_DSP_O2_INL2(a, b)
#define DNI_DSP_SMALL2_DEFAULT
#endif

DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(add)(DNI_DSP_T a, DNI_DSP_T b)
{
    if (DNI_DSP_I(acc_in)(&a, b)) return a;
    if (DNI_DSP_SMALL2(a, b))
        return DNI_DSP_I(chain2s)(a, b, a.v + b.v, 1.0, 1.0, 0.0, 0.0, 0.0, 1, 0);
    DNI_DSP_T ta = a, tb = b;
    return DNI_DSP_I(addsub_l)(&ta, &tb, 1.0);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(sub)(DNI_DSP_T a, DNI_DSP_T b)
{
    if (DNI_DSP_SMALL2(a, b))
        return DNI_DSP_I(chain2s)(a, b, a.v - b.v, 1.0, -1.0, 0.0, 0.0, 0.0, 1, 0);
    DNI_DSP_T ta = a, tb = b;
    return DNI_DSP_I(addsub_l)(&ta, &tb, -1.0);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(mul)(DNI_DSP_T a, DNI_DSP_T b)
{
    return DNI_DSP_I(chain2s)(a, b, a.v * b.v, b.v, a.v, 0.0, 1.0, 0.0, 0, 1);
}
/* A quotient's second partials hold 1/b^2, which overflows for |b| below 2^-511 (and
 * underflows above 2^511) where the quotient's derivatives are ordinary numbers: the
 * power of two 2^k that brings |b| to [1, 2) (0 where |b| is in [2^-500, 2^500], 0, Inf
 * or NaN), and a times 2^k (exact, in two steps: 2^k itself may overflow) */
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(mul_d)(DNI_DSP_T a, double c);
DNI_DSP_O2_DECL int DNI_DSP_I(div_shift)(double b)
{
    double m = fabs(b);
    if ((m >= 0x1p-500 && m <= 0x1p500) || m == 0.0 || !(m <= DBL_MAX)) return 0;
    return -ilogb(b);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP_I(times2k)(DNI_DSP_T a, int k)
{
    return DNI_DSP(mul_d)(DNI_DSP(mul_d)(a, ldexp(1.0, k / 2)), ldexp(1.0, k - k / 2));
}

/* a / b without the scaling (the quotients below call these, not themselves: a forced
 * inline function that calls itself does not compile with GCC at -O1 and above) */
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP_I(div_at)(DNI_DSP_T a, DNI_DSP_T b)
{
    double ib = 1.0 / b.v, q = a.v * ib;
    return DNI_DSP_I(chain2s)(a, b, a.v / b.v, ib, -q * ib, 0.0, -ib * ib,
                              2.0 * q * ib * ib, 0, 2);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(div)(DNI_DSP_T a, DNI_DSP_T b)
{
    int k = b.w ? DNI_DSP_I(div_shift)(b.v) : 0;
    if (k) { /* (a 2^k) / (b 2^k), the value a / b itself */
        DNI_DSP_T r = DNI_DSP_I(div_at)(DNI_DSP_I(times2k)(a, k), DNI_DSP_I(times2k)(b, k));
        r.v = a.v / b.v;
        return r;
    }
    return DNI_DSP_I(div_at)(a, b);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(neg)(DNI_DSP_T a)
{
    return DNI_DSP_I(chain)(a, -a.v, -1.0, 0.0);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(add_d)(DNI_DSP_T a, double c)
{
    a.v += c;
    return a;
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(sub_d)(DNI_DSP_T a, double c)
{
    a.v -= c;
    return a;
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(d_sub)(double c, DNI_DSP_T a)
{
    return DNI_DSP_I(chain)(a, c - a.v, -1.0, 0.0);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(mul_d)(DNI_DSP_T a, double c)
{
    return DNI_DSP_I(chain)(a, a.v * c, c, 0.0);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(div_d)(DNI_DSP_T a, double c)
{
    return DNI_DSP_I(chain)(a, a.v / c, 1.0 / c, 0.0);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP_I(d_div_at)(double c, DNI_DSP_T a)
{
    double ia = 1.0 / a.v, q = c * ia;
    return DNI_DSP_I(chain)(a, c / a.v, -q * ia, 2.0 * q * ia * ia);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(d_div)(double c, DNI_DSP_T a)
{
    int k = a.w ? DNI_DSP_I(div_shift)(a.v) : 0;
    if (k) { /* (c 2^k) / (a 2^k), as in div */
        DNI_DSP_T r = DNI_DSP_I(d_div_at)(ldexp(c, k), DNI_DSP_I(times2k)(a, k));
        r.v = c / a.v;
        return r;
    }
    return DNI_DSP_I(d_div_at)(c, a);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(chain)(DNI_DSP_T u, double f0, double f1, double f2)
{
    return DNI_DSP_I(chain)(u, f0, f1, f2);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(apply)(DNI_DSP_T u, dn_deriv_fn h, void *ctx)
{
    if (!u.w) return DNI_DSP(const)(h(u.v, 0, ctx));
    return DNI_DSP_I(chain)(u, h(u.v, 0, ctx), h(u.v, 1, ctx), h(u.v, 2, ctx));
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(pow_d)(DNI_DSP_T u, double p)
{
    double f0, f1, f2;
    if (!u.w) return DNI_DSP(const)(pow(u.v, p));
    dni_dnc2_pow_d(u.v, p, &f0, &f1, &f2);
    return DNI_DSP_I(chain)(u, f0, f1, f2);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(pown)(DNI_DSP_T u, long m)
{
    return DNI_DSP(pow_d)(u, (double)m);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(atan2)(DNI_DSP_T y, DNI_DSP_T x)
{
    double p[5], f0 = dni_dnc2_atan2(y.v, x.v, p);
    return DNI_DSP_I(chain2s)(y, x, f0, p[0], p[1], p[2], p[3], p[4], 0, 2);
}
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(hypot)(DNI_DSP_T a, DNI_DSP_T b)
{
    double p[5], f0 = dni_dnc2_hypot(a.v, b.v, p);
    if (!a.w && !b.w) return DNI_DSP(const)(f0);
    return DNI_DSP_I(chain2s)(a, b, f0, p[0], p[1], p[2], p[3], p[4], 0, 2);
}
DNI_DSP_O2_DECL void DNI_DSP(sincos)(DNI_DSP_T u, DNI_DSP_T *s, DNI_DSP_T *c)
{
    double sn = sin(u.v), cs = cos(u.v);
    DNI_DSP_T rs = DNI_DSP_I(chain)(u, sn, cs, -sn), rc = DNI_DSP_I(chain)(u, cs, -sn, -cs);
    *s = rs;
    *c = rc;
}
DNI_DSP_O2_DECL void DNI_DSP(sinhcosh)(DNI_DSP_T u, DNI_DSP_T *s, DNI_DSP_T *c)
{
    double sh = sinh(u.v), ch = cosh(u.v);
    DNI_DSP_T rs = DNI_DSP_I(chain)(u, sh, ch, sh), rc = DNI_DSP_I(chain)(u, ch, sh, ch);
    *s = rs;
    *c = rc;
}

/* the unary functions of the table (a passive constant: the constant f(c)) */
DNI2_UNARY_TABLE(DNI_DSP_O2_UN, DNI_DSP_T)

/* a^b = exp(b log a) with the value pow(a, b); needs a > 0 (after the unary functions) */
DNI_DSP_O2_DECL DNI_DSP_T DNI_DSP(pow)(DNI_DSP_T a, DNI_DSP_T b)
{
    DNI_DSP_T r = DNI_DSP(exp)(DNI_DSP(mul)(b, DNI_DSP(log)(a)));
    r.v = pow(a.v, b.v);
    return r;
}

#ifdef DNI_DSP_SMALL2_DEFAULT
#undef DNI_DSP_SMALL2
#undef DNI_DSP_SMALL2_DEFAULT
#endif
#undef DNI_DSP_I
#undef DNI_DSP
#undef DNI_DSP_CAT
#undef DNI_DSP_CAT_
#undef DNI_DSP_T
