#!/usr/bin/env python3
"""Generate tests/refk_data.h: reference partials of functions of 3, 4 and 8 variables
(the multivariate family Dnumk), every partial up to total order 8.

Method (independent of the library's block recurrences): the inner polynomials u, v are
expanded exactly around the point (dict polynomials with mpf coefficients), and
  F = f(u)       = sum_j f^(j)(u0)/j! (u - u0)^j                     (Faa di Bruno)
  F = f(u, v)    = sum_{i,j} F_ij(u0, v0)/(i! j!) (u - u0)^i (v - v0)^j
with f^(j)(u0)/j! from mpmath.taylor and F_ij from mpmath.diff (two variables); sums and
products of the truncated series are plain polynomial arithmetic. Everything runs at 40
and at 60 digits; a row is emitted only if both agree to 1e-30 (scaled by
max(|d|, a! 1e-3)) in every entry. Each entry is the partial d^|a| F / dx^a (a! times
the Taylor coefficient), in the graded order of dnum/dnumk.h.

Rows: k = 3 (u3, v3 below): every unary built-in, u^p, u^m, 1/u, pow/atan2/hypot(u3, v3),
and W7 (the benchmark function exp(xyz) sin(x+y+z) + 1/(1 + x^2 + 2y^2 + 3z^2));
k = 4: a few functions of u4 and a Black-Scholes-like expression; k = 8: exp and 1/u of u8.

Run: python3 tools/gen_refk.py > tests/refk_data.h   (needs python3-mpmath; ~1 minute)
"""
import sys
import mpmath as m
from mpmath import mp, mpf, factorial, nstr
from gen_ref import UNARY
from mpfuncs import ELEM2

ORDER = 8


def monomials(k, n):
    """Multi-indices of k variables, |a| <= n, in the graded order of dnumk.h."""
    out = []
    for s in range(n + 1):
        out.extend(block(k, s))
    return out


def block(k, s):
    if k == 1:
        return [(s,)]
    return [(a1,) + rest for a1 in range(s, -1, -1) for rest in block(k - 1, s - a1)]


class Ser:
    """Truncated Taylor series in k variables: dict multi-index -> mpf."""

    def __init__(self, k, n, d=None):
        self.k, self.n, self.d = k, n, dict(d or {})

    @staticmethod
    def var(k, n, i, x0):
        e0, e1 = (0,) * k, tuple(1 if j == i else 0 for j in range(k))
        return Ser(k, n, {e0: mpf(x0), e1: mpf(1)})

    def const(self, c):
        return Ser(self.k, self.n, {(0,) * self.k: mpf(c)})

    def __add__(self, o):
        o = o if isinstance(o, Ser) else self.const(o)
        r = dict(self.d)
        for a, c in o.d.items():
            r[a] = r.get(a, 0) + c
        return Ser(self.k, self.n, r)

    __radd__ = __add__

    def __neg__(self):
        return Ser(self.k, self.n, {a: -c for a, c in self.d.items()})

    def __sub__(self, o):
        return self + (-o if isinstance(o, Ser) else -mpf(o))

    def __rsub__(self, o):
        return (-self) + o

    def __mul__(self, o):
        if not isinstance(o, Ser):
            return Ser(self.k, self.n, {a: c * o for a, c in self.d.items()})
        r = {}
        for a, ca in self.d.items():
            sa = sum(a)
            for b, cb in o.d.items():
                if sa + sum(b) <= self.n:
                    e = tuple(x + y for x, y in zip(a, b))
                    r[e] = r.get(e, 0) + ca * cb
        return Ser(self.k, self.n, r)

    __rmul__ = __mul__

    def head(self):
        return self.d.get((0,) * self.k, mpf(0))

    def powers(self, n):
        """[1, h, h^2, ..., h^n] with h = self - self(0)."""
        h = self - self.head()
        p = [self.const(1)]
        for _ in range(n):
            p.append(p[-1] * h)
        return p


def compose(f, u):
    """f(u) from f's Taylor coefficients at u0 (mpmath.taylor)."""
    cs = m.taylor(f, u.head(), u.n)
    r = u.const(0)
    for c, p in zip(cs, u.powers(u.n)):
        r = r + p * c
    return r


def compose2(f, u, v):
    """f(u, v) from its partials at (u0, v0) (mpmath.diff)."""
    pu, pv, n = u.powers(u.n), v.powers(v.n), u.n
    r = u.const(0)
    for i in range(n + 1):
        for j in range(n + 1 - i):
            dij = m.diff(f, (u.head(), v.head()), (i, j)) / (factorial(i) * factorial(j))
            r = r + (pu[i] * pv[j]) * dij
    return r


def u3(x, y, z):
    return x * y + z * mpf(0.5) - y * z * z * mpf(0.25) + x * (mpf(1) / 3)


def v3(x, y, z):
    return x - y * z * mpf(0.5) + 1


def w7(x, y, z):
    a = compose(m.exp, x * y * z) * compose(m.sin, x + y + z)
    return a + compose(lambda t: 1 / t, 1 + x * x + 2 * y * y + 3 * z * z)


def u4(a, b, c, d):
    return a * b + c * mpf(0.5) - d * a * (mpf(1) / 3) + b * c * d * mpf(0.2)


def bs(s, sig, tau, r):
    """A Black-Scholes-like call price: S N(d1) - exp(-r tau) N(d2) (strike 1)."""
    st = compose(m.sqrt, tau)
    lg = compose(m.log, s)
    d1 = (lg + (r + sig * sig * mpf(0.5)) * tau) * compose(lambda t: 1 / t, sig * st)
    d2 = d1 - sig * st
    ncdf = lambda t: (1 + m.erf(t / m.sqrt(2))) / 2
    return s * compose(ncdf, d1) - compose(m.exp, -(r * tau)) * compose(ncdf, d2)


def u8(*x):
    s = x[0] * x[1] * mpf(0.5)
    for i in range(8):
        s = s + x[i] * (mpf(i + 1) / 10)
    return s + x[2] * x[5] * x[7] * mpf(0.25) - x[3] * x[6] * mpf(0.125)


P3 = {"lo": (0.3, -0.7, 0.5), "mid": (0.6, 0.5, -0.4), "hi": (1.5, 0.8, 1.2)}
# u3 = 0.18375 at lo, 0.28 at mid, 2.012 at hi
UN3 = {"acosh": "hi", "cosh": "hi", "exp": "hi", "log": "hi", "sqrt": "hi", "erfc": "hi"}


def rows():
    out = []
    for fn, f in UNARY.items():
        p = P3[UN3.get(fn, "lo" if fn in ("sin", "tan", "asin", "atanh", "abs") else "mid")]
        out.append((fn, 0.0, p, (lambda f: lambda *x: compose(f, u3(*x)))(f)))
    for p in (2.5, -0.5):
        out.append(("powd", p, P3["mid"], (lambda p: lambda *x: compose(lambda t: t ** mpf(p), u3(*x)))(p)))
    out.append(("pown", 3.0, P3["lo"], lambda *x: compose(lambda t: t ** 3, u3(*x))))
    out.append(("pown", -2.0, P3["mid"], lambda *x: compose(lambda t: t ** -2, u3(*x))))
    for fn, f in ELEM2.items():
        out.append((fn, 0.0, P3["mid"], (lambda f: lambda *x: compose2(f, u3(*x), v3(*x)))(f)))
    out.append(("w7", 0.0, (0.3, -0.2, 0.45), w7))
    out.append(("w7", 0.0, (-0.8, 0.6, 1.1), w7))
    p4 = (0.4, -0.3, 0.7, 0.2)  # u4 = -0.12 + 0.35 - 0.0267 - 0.0084 = 0.1949
    for fn in ("exp", "log", "sin", "atan", "sqrt", "erf", "recip"):
        out.append((fn, 0.0, p4, (lambda f: lambda *x: compose(f, u4(*x)))(UNARY[fn])))
    out.append(("bs", 0.0, (1.1, 0.3, 0.5, 0.05), bs))
    p8 = (0.4, -0.3, 0.7, 0.2, -0.5, 0.35, 0.6, -0.25)
    for fn in ("exp", "recip"):
        out.append((fn, 0.0, p8, (lambda f: lambda *x: compose(f, u8(*x)))(UNARY[fn])))
    return out


def partials(f, p, dps):
    mp.dps = dps
    k = len(p)
    xs = [Ser.var(k, ORDER, i, p[i]) for i in range(k)]
    r = f(*xs)
    return [r.d.get(a, mpf(0)) * m.fprod(factorial(t) for t in a) for a in monomials(k, ORDER)]


def main():
    head, vals, worst, off = [], [], mpf(0), 0
    for fn, prm, p, f in rows():
        a, b = partials(f, p, 40), partials(f, p, 60)
        mp.dps = 60
        err = mpf(0)
        for al, x, y in zip(monomials(len(p), ORDER), a, b):
            if m.im(y) != 0:
                sys.exit(f"{fn} at {p}: outside the domain")
            sc = max(abs(y), m.fprod(factorial(t) for t in al) * mpf("1e-3"))
            err = max(err, abs(x - y) / sc)
        if err > mpf("1e-30"):
            sys.exit(f"{fn} at {p}: precision runs disagree ({nstr(err, 3)})")
        worst = max(worst, err)
        xs = ", ".join(repr(float(t)) for t in p)
        head.append(f'  {{"{fn}", {prm!r}, {len(p)}, {{{xs}}}, {off}}},')
        for y in b:
            vals.append(nstr(m.re(y), 18, min_fixed=1, max_fixed=0) if y != 0 else "0.0")
        off += len(b)
        print(f"{fn} k={len(p)} done", file=sys.stderr)
    print(f"/* Generated by tools/gen_refk.py (mpmath {m.__version__}, 40 and 60 digits,"
          f" max disagreement {nstr(worst, 3)}). Do not edit. */")
    print(f"""#ifndef DN_REFK_DATA_H
#define DN_REFK_DATA_H
#define DN_REFK_ORDER {ORDER}
typedef struct {{
    const char *fn;  /* function (see tools/gen_refk.py) */
    double param;    /* exponent of "powd" and "pown", else 0 */
    unsigned k;      /* variables */
    double x[8];     /* the point x[0..k-1] */
    unsigned off;    /* first partial in dn_refk_vals: C(8+k, k) partials, graded order */
}} dn_refk_row;
static const dn_refk_row dn_refk_rows[] = {{""")
    print("\n".join(head))
    print("};\n#define DN_REFK_NROWS (sizeof dn_refk_rows / sizeof dn_refk_rows[0])")
    print("static const double dn_refk_vals[] = {")
    for i in range(0, len(vals), 4):
        print("  " + ", ".join(vals[i:i + 4]) + ",")
    print("};\n#endif")
    print(f"{len(head)} rows, {len(vals)} values, max disagreement {nstr(worst, 3)}", file=sys.stderr)


if __name__ == "__main__":
    main()
