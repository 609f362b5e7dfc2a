/* dnum/internal/elem_o2_body.h -- the type dnelK_o2 and its functions for one K (internal,
 * not API-stable): included by dnum/elem_o2.h once per K = 1 ... 4, after
 * `#define DNI_DNEL_K K`. The API is described in dnum/elem_o2.h, and so are the helpers
 * this body uses (DNI_DNEL_O2_FOR, the structural zeros DNI_EL_*). DNI_DNEL_K (a decimal
 * literal) and the names below are undefined at the end. Deliberately without an include
 * guard. */
#ifndef DNI_DNEL_K
#error "dnum/internal/elem_o2_body.h: define DNI_DNEL_K (1 ... 4) before including it"
#endif

/* names of this K: DNI_DNEL_T the type dnelK_o2, DNI_DNEL(f) its function dnelK_o2_f,
 * DNI_DNEL_I(f) the internal dni_dnelK_o2_f */
#define DNI_DNEL_CAT_(a, b, c) a##b##c
#define DNI_DNEL_CAT(a, b, c) DNI_DNEL_CAT_(a, b, c)
#define DNI_DNEL_T DNI_DNEL_CAT(dnel, DNI_DNEL_K, _o2)
#define DNI_DNEL(f) DNI_DNEL_CAT(dnel, DNI_DNEL_K, _o2_##f)
#define DNI_DNEL_I(f) DNI_DNEL_CAT(dni_dnel, DNI_DNEL_K, _o2_##f)

/* ---- the type and its core: construction, the chain rules and the arithmetic ---- */

/** A dense order-2 number in K variables (see the header comment). dni_sz: internal
 *  (structural zeros, set by the functions only). */
typedef struct DNI_DNEL_T {
    double v, g[DNI_DNEL_K], h[DNEL_O2_TRI(DNI_DNEL_K)];
    unsigned dni_sz;
} DNI_DNEL_T;
/** A constant c. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(const)(double c)
{
    DNI_DNEL_T r;
    r.v = c;
    DNI_DNEL_O2_FOR(i, DNI_DNEL_K) r.g[i] = 0.0;
    DNI_DNEL_O2_FOR(t, DNEL_O2_TRI(DNI_DNEL_K)) r.h[t] = 0.0;
    r.dni_sz = 0;
    return r;
}
/** The variable u_k with value x (gradient e_k, Hessian 0); k >= K gives a constant. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(var)(double x, unsigned k)
{
    DNI_DNEL_T r = DNI_DNEL(const)(x);
    DNI_DNEL_O2_FOR(i, DNI_DNEL_K) r.g[i] = i == k ? 1.0 : 0.0;
    return r;
}
/* the variable u_k (k < K) with its structural zeros (the drivers' seeding) */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL_I(seed)(double x, unsigned k)
{
    DNI_DNEL_T r = DNI_DNEL(var)(x, k);
    r.dni_sz = DNI_EL_ALLZ(DNI_DNEL_K) & ~DNI_EL_GBIT(k);
    return r;
}
/** The value of a. */
DNI_DNEL_O2_DECL double DNI_DNEL(value)(DNI_DNEL_T a)
{
    return a.v;
}
/** f(u) with f(u.v) = f0, f' = f1, f'' = f2 (a NaN f0 makes every derivative NaN). */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(chain)(DNI_DNEL_T u, double f0, double f1, double f2)
{
    DNI_EL_NORM(u);
    unsigned z = u.dni_sz & DNI_EL_ALLZ(DNI_DNEL_K) & 15u;
    if (f0 != f0) f1 = f2 = f0;
    DNI_DNEL_O2_TRI_FOR(DNI_DNEL_K, i, j, t, {
        unsigned z1 = DNI_EL_HZ(u, t);
        unsigned z2 = DNI_EL_GZ(u, i) | DNI_EL_GZ(u, j);
        if (z1 & z2) u.h[t] = 0.0, z |= DNI_EL_HBIT(t);
        else u.h[t] = DNI_EL_TERM(z1, f1 * u.h[t]) + DNI_EL_TERM(z2, f2 * u.g[i] * u.g[j]);
    })
    DNI_DNEL_O2_FOR(i, DNI_DNEL_K)
        if (!DNI_EL_GZ(u, i)) u.g[i] *= f1;
    u.v = f0;
    u.dni_sz = z;
    return u;
}
/* f(a, b) with partials fa, fb, faa, fab, fbb (a NaN f0: every derivative NaN); an
 * entry is skipped only where it is a structural zero of the result */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL_I(chain2)(DNI_DNEL_T a, DNI_DNEL_T b, double f0,
                                               double fa, double fb, double faa, double fab,
                                               double fbb)
{
    DNI_EL_NORM(a), DNI_EL_NORM(b);
    unsigned zg = a.dni_sz & b.dni_sz & DNI_EL_ALLZ(DNI_DNEL_K) & 15u, z = zg;
    if (f0 != f0) fa = fb = faa = fab = fbb = f0;
    DNI_DNEL_T r;
    r.v = f0;
    DNI_DNEL_O2_TRI_FOR(DNI_DNEL_K, i, j, t, {
        if (DNI_EL_HZ(a, t) & DNI_EL_HZ(b, t) & ((zg >> i) | (zg >> j)))
            r.h[t] = 0.0, z |= DNI_EL_HBIT(t);
        else
            r.h[t] = fa * a.h[t] + fb * b.h[t] + faa * a.g[i] * a.g[j] +
                     fab * (a.g[i] * b.g[j] + b.g[i] * a.g[j]) + fbb * b.g[i] * b.g[j];
    })
    DNI_DNEL_O2_FOR(i, DNI_DNEL_K)
        r.g[i] = (zg >> i & 1u) ? 0.0 : fa * a.g[i] + fb * b.g[i];
    r.dni_sz = z;
    return r;
}
/* a + s b (s = 1 or -1) */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL_I(addsub)(DNI_DNEL_T a, DNI_DNEL_T b, double s)
{
    DNI_EL_NORM(a), DNI_EL_NORM(b);
    a.v += s * b.v;
    DNI_DNEL_O2_FOR(i, DNI_DNEL_K)
        if (!(DNI_EL_GZ(a, i) & DNI_EL_GZ(b, i)))
            a.g[i] = DNI_EL_TERM(DNI_EL_GZ(a, i), a.g[i]) +
                     DNI_EL_TERM(DNI_EL_GZ(b, i), s * b.g[i]);
    DNI_DNEL_O2_FOR(t, DNEL_O2_TRI(DNI_DNEL_K))
        if (!(DNI_EL_HZ(a, t) & DNI_EL_HZ(b, t)))
            a.h[t] = DNI_EL_TERM(DNI_EL_HZ(a, t), a.h[t]) +
                     DNI_EL_TERM(DNI_EL_HZ(b, t), s * b.h[t]);
    a.dni_sz &= b.dni_sz;
    return a;
}
/* c a (every entry scaled: -0 stays -0) */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL_I(scale)(DNI_DNEL_T a, double c)
{
    DNI_EL_NORM(a);
    a.v *= c;
    DNI_DNEL_O2_FOR(i, DNI_DNEL_K)
        if (!DNI_EL_GZ(a, i)) a.g[i] *= c;
    DNI_DNEL_O2_FOR(t, DNEL_O2_TRI(DNI_DNEL_K))
        if (!DNI_EL_HZ(a, t)) a.h[t] *= c;
    return a;
}
/** a + b. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(add)(DNI_DNEL_T a, DNI_DNEL_T b)
{
    return DNI_DNEL_I(addsub)(a, b, 1.0);
}
/** a - b. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(sub)(DNI_DNEL_T a, DNI_DNEL_T b)
{
    return DNI_DNEL_I(addsub)(a, b, -1.0);
}
/** a b. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(mul)(DNI_DNEL_T a, DNI_DNEL_T b)
{
    DNI_DNEL_T r;
    unsigned z = 0;
    DNI_EL_NORM(a), DNI_EL_NORM(b);
    r.v = a.v * b.v;
    DNI_DNEL_O2_TRI_FOR(DNI_DNEL_K, i, j, t, {
        unsigned z1 = DNI_EL_HZ(b, t), z2 = DNI_EL_HZ(a, t);
        unsigned z3 = DNI_EL_GZ(a, i) | DNI_EL_GZ(b, j);
        unsigned z4 = DNI_EL_GZ(b, i) | DNI_EL_GZ(a, j);
        if (z1 & z2 & z3 & z4) r.h[t] = 0.0, z |= DNI_EL_HBIT(t);
        else
            r.h[t] = DNI_EL_TERM(z1, a.v * b.h[t]) + DNI_EL_TERM(z2, b.v * a.h[t]) +
                     DNI_EL_TERM(z3, a.g[i] * b.g[j]) + DNI_EL_TERM(z4, b.g[i] * a.g[j]);
    })
    DNI_DNEL_O2_FOR(i, DNI_DNEL_K) {
        unsigned z1 = DNI_EL_GZ(b, i), z2 = DNI_EL_GZ(a, i);
        if (z1 & z2) r.g[i] = 0.0, z |= DNI_EL_GBIT(i);
        else r.g[i] = DNI_EL_TERM(z1, a.v * b.g[i]) + DNI_EL_TERM(z2, b.v * a.g[i]);
    }
    r.dni_sz = z;
    return r;
}
/** a / b (b = 0: Inf/NaN as IEEE): q = a/b, q_i = (a_i - q b_i) / b, q_ij = (a_ij -
 *  q_i b_j - q_j b_i - q b_ij) / b (no factor 1/b^2 that could overflow). */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(div)(DNI_DNEL_T a, DNI_DNEL_T b)
{
    double q = a.v / b.v, ib = 1.0 / b.v;
    DNI_DNEL_T r;
    unsigned z = 0;
    DNI_EL_NORM(a), DNI_EL_NORM(b);
    r.v = q;
    DNI_DNEL_O2_FOR(i, DNI_DNEL_K) {
        unsigned z1 = DNI_EL_GZ(a, i), z2 = DNI_EL_GZ(b, i);
        if (z1 & z2) r.g[i] = 0.0, z |= DNI_EL_GBIT(i);
        else r.g[i] = (DNI_EL_TERM(z1, a.g[i]) - DNI_EL_SUBT(z2, q * b.g[i])) * ib;
    }
    DNI_DNEL_O2_TRI_FOR(DNI_DNEL_K, i, j, t, {
        unsigned z1 = DNI_EL_HZ(a, t), z4 = DNI_EL_HZ(b, t);
        unsigned z2 = (z >> i | DNI_EL_GZ(b, j)) & 1u;
        unsigned z3 = (z >> j | DNI_EL_GZ(b, i)) & 1u;
        if (z1 & z2 & z3 & z4) r.h[t] = 0.0, z |= DNI_EL_HBIT(t);
        else
            r.h[t] = (DNI_EL_TERM(z1, a.h[t]) - DNI_EL_SUBT(z2, r.g[i] * b.g[j]) -
                      DNI_EL_SUBT(z3, r.g[j] * b.g[i]) - DNI_EL_SUBT(z4, q * b.h[t])) *
                     ib;
    })
    r.dni_sz = z;
    return r;
}
/** -a. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(neg)(DNI_DNEL_T a)
{
    return DNI_DNEL_I(scale)(a, -1.0);
}
/** a + c. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(add_d)(DNI_DNEL_T a, double c)
{
    a.v += c;
    return a;
}
/** a - c. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(sub_d)(DNI_DNEL_T a, double c)
{
    a.v -= c;
    return a;
}
/** a c. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(mul_d)(DNI_DNEL_T a, double c)
{
    return DNI_DNEL_I(scale)(a, c);
}
/** a / c. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(div_d)(DNI_DNEL_T a, double c)
{
    DNI_DNEL_T r = DNI_DNEL_I(scale)(a, 1.0 / c);
    r.v = a.v / c;
    return r;
}
/** c - a. */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(d_sub)(double c, DNI_DNEL_T a)
{
    DNI_DNEL_T r = DNI_DNEL_I(scale)(a, -1.0);
    r.v = c - a.v;
    return r;
}
/** c / a (as a / b with a constant numerator; with a's structural zeros, the
 *  numerator's entries are structural zeros too). */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(d_div)(double c, DNI_DNEL_T a)
{
    DNI_DNEL_T n = DNI_DNEL(const)(c);
    DNI_EL_NORM(a);
    n.dni_sz = a.dni_sz ? DNI_EL_ALLZ(DNI_DNEL_K) : 0u;
    return DNI_DNEL(div)(n, a);
}
/** h(u) with h(x, k, ctx) the k-th derivative of h (called for k = 0, 1, 2). */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(apply)(DNI_DNEL_T u, dn_deriv_fn h, void *ctx)
{
    return DNI_DNEL(chain)(u, h(u.v, 0, ctx), h(u.v, 1, ctx), h(u.v, 2, ctx));
}

/* ---- the functions: powers, two-argument functions and pairs, the unary table ---- */

DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(pow_d)(DNI_DNEL_T u, double p)
{
    double f0, f1, f2;
    dni_dnc2_pow_d(u.v, p, &f0, &f1, &f2);
    return DNI_DNEL(chain)(u, f0, f1, f2);
}
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(pown)(DNI_DNEL_T u, long m)
{
    return DNI_DNEL(pow_d)(u, (double)m);
}
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(atan2)(DNI_DNEL_T y, DNI_DNEL_T x)
{
    double p[5], f0 = dni_dnc2_atan2(y.v, x.v, p);
    return DNI_DNEL_I(chain2)(y, x, f0, p[0], p[1], p[2], p[3], p[4]);
}
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(hypot)(DNI_DNEL_T a, DNI_DNEL_T b)
{
    double p[5], f0 = dni_dnc2_hypot(a.v, b.v, p);
    return DNI_DNEL_I(chain2)(a, b, f0, p[0], p[1], p[2], p[3], p[4]);
}
DNI_DNEL_O2_DECL void DNI_DNEL(sincos)(DNI_DNEL_T u, DNI_DNEL_T *s, DNI_DNEL_T *c)
{
    double sn = sin(u.v), cs = cos(u.v);
    DNI_DNEL_T rs = DNI_DNEL(chain)(u, sn, cs, -sn), rc = DNI_DNEL(chain)(u, cs, -sn, -cs);
    *s = rs;
    *c = rc;
}
DNI_DNEL_O2_DECL void DNI_DNEL(sinhcosh)(DNI_DNEL_T u, DNI_DNEL_T *s, DNI_DNEL_T *c)
{
    double sh = sinh(u.v), ch = cosh(u.v);
    DNI_DNEL_T rs = DNI_DNEL(chain)(u, sh, ch, sh), rc = DNI_DNEL(chain)(u, ch, sh, ch);
    *s = rs;
    *c = rc;
}

DNI2_UNARY_TABLE(DNI_DNEL_O2_UNF, DNI_DNEL_K)

/* a^b = exp(b log a) with the value pow(a, b); needs a > 0 */
DNI_DNEL_O2_DECL DNI_DNEL_T DNI_DNEL(pow)(DNI_DNEL_T a, DNI_DNEL_T b)
{
    DNI_DNEL_T r = DNI_DNEL(exp)(DNI_DNEL(mul)(b, DNI_DNEL(log)(a)));
    r.v = pow(a.v, b.v);
    return r;
}

#undef DNI_DNEL_I
#undef DNI_DNEL
#undef DNI_DNEL_T
#undef DNI_DNEL_CAT
#undef DNI_DNEL_CAT_
#undef DNI_DNEL_K
