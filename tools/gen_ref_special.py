#!/usr/bin/env python3
"""Generate tests/ref_special_data.h: mpmath references for the special functions.

Three tables:
  dn_sref_rows   (function, form, parameter, x) and the derivatives d^k/dx^k, k = 0..50, of
                 f(x) (form 0) or f(2x^2 + x) (form 1); two-argument functions (min, max,
                 fmod) take h(x) = x^3 - x/2 + 1 as second argument; "polygamma", "jn",
                 "yn" take the integer parameter as their first argument.
  dn_sref2_rows  bivariate rows for Dnum2: every mixed partial, total order <= 8, of
                 f(u(x, y)), u = x y + x/2 - y^2/4 (second argument v = x - x y/2 + 1).
  dn_sval_rows   values of the functions computed by this library rather than libm
                 (digamma, polygamma, Lambert W, erfinv, erfcinv, sinpi, cospi) at many
                 points, correctly rounded, for the ulp test (the definitions of
                 tools/mpfuncs.py).
Method (independent of the library's recurrences): mpmath gives the point series
c_k = f^(k)(u0)/k! of f at the inner value u0 from closed forms (polygamma for the gamma
family, besselj/bessely with derivative=k, the series of w e^w resp. erf/erfc (Hermite
polynomials) reverted for Lambert W resp. erfinv/erfcinv, exact series of sinpi, cospi,
exp2, log2, log10, mpmath.taylor of cot and sinc as tools/mpfuncs.py defines them); the
series is composed with the inner polynomial in truncated power-series arithmetic at the
working precision. Everything runs twice, at 50 and 80 digits; a row is emitted only if
both agree to 1e-30 relative (scaled by max(|d_k|, k! 1e-3)) in every entry.

Run: python3 tools/gen_ref_special.py > tests/ref_special_data.h   (python3-mpmath; minutes)
"""
import sys
import mpmath as m
from mpmath import mp, mpf, taylor, factorial, nstr
from mpfuncs import MP, trunc

K = 50
K2 = 8

BIN = ("min", "max", "fmod")  # two arguments: piecewise() below

PTS = {  # form 0 points, form 1 points
    "lgamma": ([0.5, 3.7, -2.3, 25.0], [0.9, -1.3]),
    "tgamma": ([0.5, 3.7, -2.3, 6.2], [0.3, 0.9]),
    "digamma": ([0.5, 1.4616, 7.5, -0.6], [0.3, -1.3]),
    "lambertw": ([0.5, -0.3, 10.0, 1000.0], [0.3, -0.4]),
    "lambertwm1": ([-0.3, -0.05, -1e-3], [-0.25, -0.15]),
    "erfinv": ([0.5, -0.9, 0.99, 1e-3], [0.3, -0.4]),
    "erfcinv": ([0.5, 1.7, 1e-3, 0.05], [0.3, 0.5]),
    "j0": ([0.5, 3.0, -2.0, 10.0], [0.3, -1.1]),
    "j1": ([0.5, 3.0, -2.0, 10.0], [0.3, -1.1]),
    "y0": ([0.5, 3.0, 10.0], [0.3, 0.9]),
    "y1": ([0.5, 3.0, 10.0], [0.3, 0.9]),
    "log2": ([0.5, 3.0, 1e-3], [0.3, 1.1]),
    "log10": ([0.5, 3.0, 1e-3], [0.3, 1.1]),
    "exp2": ([0.5, -20.0, 3.3], [0.3, -0.8]),
    "sinc": ([0.5, -2.0, 10.0, 1e-3, 0.0, 0.9, 1.1], [0.3, -1.1]),
    "cot": ([0.5, -2.0, 3.0], [0.3, -0.7]),
    "sinpi": ([0.3, -1.25, 7.1, 2.0], [0.3, -0.7]),
    "cospi": ([0.3, -1.25, 7.1, 2.0], [0.3, -0.7]),
    "floor": ([0.5, -2.3], [0.3]),
    "ceil": ([0.5, -2.3], [0.3]),
}
PTS_INT = {"polygamma": [(1, [0.5, 3.0, -1.5], [0.4]), (3, [0.7, 10.0], [0.4])],
           "jn": [(2, [0.5, 7.0], [0.6]), (5, [1.5, 12.0], [0.6]), (-3, [2.5], [])],
           "yn": [(3, [1.5, 8.0], [0.6]), (-2, [2.0], [])]}
PTS_BIN = ([0.5, -1.5, 2.0], [0.3, -0.4])

PTS2 = {
    "lgamma": [(0.6, 0.5), (0.3, -0.7)], "tgamma": [(0.6, 0.5), (0.3, -0.7)],
    "digamma": [(0.6, 0.5), (0.3, -0.7)], "lambertw": [(0.6, 0.5), (2.0, 1.5)],
    "lambertwm1": [(-0.4, 0.3), (0.2, -0.5)], "erfinv": [(0.6, 0.5), (-0.4, 0.3)],
    "erfcinv": [(0.6, 0.5), (1.5, 0.8)], "j0": [(0.6, 0.5), (2.0, 1.5)],
    "j1": [(0.6, 0.5), (2.0, 1.5)], "y0": [(0.6, 0.5), (2.0, 1.5)],
    "y1": [(0.6, 0.5), (2.0, 1.5)], "log2": [(0.6, 0.5), (2.0, 1.5)],
    "log10": [(0.6, 0.5), (2.0, 1.5)], "exp2": [(0.3, -0.7), (1.5, 0.8)],
    "sinc": [(0.3, -0.7), (2.0, 1.5), (0.2, 0.1)], "cot": [(0.3, -0.7), (0.6, 0.5)],
    "sinpi": [(0.3, -0.7), (1.5, 0.8)], "cospi": [(0.3, -0.7), (1.5, 0.8)],
    "floor": [(0.6, 0.5)], "ceil": [(0.6, 0.5)],
}
PTS2_INT = {"polygamma": [(1, (0.6, 0.5))], "jn": [(3, (1.5, 0.8))], "yn": [(2, (1.5, 0.8))]}
PTS2_BIN = [(0.3, -0.7), (2.0, 1.5)]

VALS = {
    "digamma": [0.25, 0.5, 1.0, 1.4616321449683622, 1.5, 2.0, 3.7, 10.5, 123.25, 1e5, 1e-3,
                -0.5, -1.3, -2.7, -10.1, 7e-9],
    "lambertw": [-0.36, -0.3, -0.1, 1e-8, 0.1, 0.5, 1.0, 2.0, 2.718281828459045, 10.0, 1e3,
                 1e10, 1e100, 1e300, -1e-5],
    "lambertwm1": [-0.36, -0.3, -0.2, -0.1, -0.01, -1e-5, -1e-10, -1e-100, -1e-300],
    "erfinv": [1e-10, 0.001, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999999, -0.25, -0.75, -0.9999],
    "erfcinv": [1e-300, 1e-100, 1e-20, 1e-5, 0.01, 0.1, 0.3, 0.5, 0.8, 1.0, 1.3, 1.9, 1.99999],
    "sinpi": [0.1, 0.25, 0.3, 0.5, 0.7, 1.25, -3.75, 100.1, 1e-300, 12345.6789],
    "cospi": [0.1, 0.25, 0.3, 0.5, 0.7, 1.25, -3.75, 100.1, 1e-300, 12345.6789],
}
VALS_INT = {"polygamma": [(1, 0.5), (1, 3.0), (2, 0.25), (3, 7.5), (5, 1.5), (1, -1.5), (10, 2.0)]}


def g(x):
    return 2 * x * x + x


def h(x):
    return x ** 3 - x / 2 + 1


def u2(x, y):
    return x * y + x / 2 - y * y / 4


def v2(x, y):
    return x - x * y / 2 + 1


def revert(a, n):
    """b with A(B(z)) = z for A(t) = sum_{k>=1} a[k] t^k (a[0] ignored), to order n."""
    b = [mpf(0)] * (n + 1)
    b[1] = 1 / a[1]
    for k in range(2, n + 1):
        # coefficient k of A(B) with b[k] = 0, using powers of B truncated at k
        acc, p = mpf(0), b[:k + 1]
        for j in range(1, k + 1):
            if j > 1:
                p = [sum(p[i] * b[t - i] for i in range(t + 1)) for t in range(k + 1)]
            acc += a[j] * p[k]
        b[k] = -acc / a[1]
    return b


def exp_series(l, n):
    e = [m.exp(l[0])] + [mpf(0)] * n
    for k in range(1, n + 1):
        e[k] = sum(j * l[j] * e[k - j] for j in range(1, k + 1)) / k
    return e


def point_series(fn, p, x, n):
    """c[k] = f^(k)(x)/k!, k = 0..n, from mpmath's closed forms."""
    x = mpf(x)
    fk = [factorial(k) for k in range(n + 2)]
    if fn == "lgamma":
        return [MP["lgamma"](x)] + [m.polygamma(k - 1, x) / fk[k] for k in range(1, n + 1)]
    if fn == "digamma":
        return [m.polygamma(k, x) / fk[k] for k in range(n + 1)]
    if fn == "polygamma":
        return [m.polygamma(int(p) + k, x) / fk[k] for k in range(n + 1)]
    if fn == "tgamma":
        e = exp_series(point_series("lgamma", 0, x, n), n)
        return [m.gamma(x)] + [c * m.sign(m.gamma(x)) for c in e[1:]]
    if fn in ("j0", "j1", "jn", "y0", "y1", "yn"):
        nu = {"j0": 0, "j1": 1, "y0": 0, "y1": 1}.get(fn, int(p))
        f = m.besselj if fn[0] == "j" else m.bessely
        return [f(nu, x, derivative=k) / fk[k] for k in range(n + 1)]
    if fn in ("lambertw", "lambertwm1"):
        w0 = MP[fn](x)
        a = [mpf(0)] + [m.exp(w0) * (w0 + k) / fk[k] for k in range(1, n + 1)]  # (w e^w)^(k)/k!
        return [w0] + revert(a, n)[1:]
    if fn in ("erfinv", "erfcinv"):
        y0 = m.erfinv(x) if fn == "erfinv" else m.erfinv(1 - x)
        sg = 1 if fn == "erfinv" else -1
        # erf^(k)(y) = (2/sqrt(pi)) (-1)^(k-1) H_(k-1)(y) e^(-y^2)
        a = [mpf(0)] + [sg * 2 / m.sqrt(m.pi) * (-1) ** (k - 1) * m.hermite(k - 1, y0)
                        * m.exp(-y0 * y0) / fk[k] for k in range(1, n + 1)]
        return [y0] + revert(a, n)[1:]
    if fn == "sinpi":
        return [m.pi ** k * m.sinpi(x + mpf(k) / 2) / fk[k] for k in range(n + 1)]
    if fn == "cospi":
        return [m.pi ** k * m.cospi(x + mpf(k) / 2) / fk[k] for k in range(n + 1)]
    if fn == "exp2":
        return [m.log(2) ** k * m.power(2, x) / fk[k] for k in range(n + 1)]
    if fn in ("log2", "log10"):
        lb = m.log(2 if fn == "log2" else 10)
        return [m.log(x) / lb] + [(-1) ** (k + 1) / (k * x ** k * lb) for k in range(1, n + 1)]
    if fn in ("cot", "sinc"):
        return list(taylor(MP[fn], x, n))
    if fn in ("floor", "ceil"):
        return [MP[fn](x)] + [mpf(0)] * n
    raise KeyError(fn)


# truncated power series in one variable (lists) or two (dicts {(i, j): c}, total degree)
def mul1(a, b, n):
    return [sum(a[i] * b[k - i] for i in range(k + 1)) for k in range(n + 1)]


def compose1(c, q, n):
    """sum_k c[k] q^k with q[0] = 0."""
    out, p = [mpf(0)] * (n + 1), [mpf(1)] + [mpf(0)] * n
    for k in range(n + 1):
        out = [out[i] + c[k] * p[i] for i in range(n + 1)]
        p = mul1(p, q, n)
    return out


def mul2(a, b, n):
    out = {}
    for (i, j), x in a.items():
        for (k, l), y in b.items():
            if i + j + k + l <= n:
                out[(i + k, j + l)] = out.get((i + k, j + l), mpf(0)) + x * y
    return out


def compose2(c, q, n):
    out, p = {}, {(0, 0): mpf(1)}
    for k in range(n + 1):
        for key, x in p.items():
            out[key] = out.get(key, mpf(0)) + c[k] * x
        p = mul2(p, q, n)
    return out


def poly1(f, x0, n):
    """Taylor coefficients of the polynomial f (degree <= 3) at x0."""
    return list(taylor(f, mpf(x0), 3)) + [mpf(0)] * (n - 3)


def poly2(f, x0, y0):
    x0, y0 = mpf(x0), mpf(y0)
    return {(i, j): m.diff(f, (x0, y0), (i, j)) / (factorial(i) * factorial(j))
            for i in range(3) for j in range(3) if i + j <= 2}


def piecewise(fn, ua, ub):
    """min/max/fmod of two series given by their coefficients (values first)."""
    a0, b0 = ua[0] if isinstance(ua, list) else ua[(0, 0)], ub[0] if isinstance(ub, list) else ub[(0, 0)]
    if fn == "min":
        return ua if a0 < b0 else ub
    if fn == "max":
        return ua if a0 > b0 else ub
    q = trunc(a0 / b0)
    if isinstance(ua, list):
        return [ua[k] - q * ub[k] for k in range(len(ua))]
    return {key: ua.get(key, 0) - q * ub.get(key, 0) for key in set(ua) | set(ub)}


def derivs(fn, form, p, x, dps):
    mp.dps = dps
    inner = poly1(g if form else (lambda t: t), x, K)
    if fn in BIN:
        r = piecewise(fn, inner, poly1(h, x, K))
    else:
        c = point_series(fn, p, inner[0], K)
        r = compose1(c, [mpf(0)] + inner[1:], K)
    return [r[k] * factorial(k) for k in range(K + 1)]


def partials(fn, p, x, y, dps):
    mp.dps = dps
    uu = poly2(u2, x, y)
    if fn in BIN:
        r = piecewise(fn, uu, poly2(v2, x, y))
    else:
        c = point_series(fn, p, uu[(0, 0)], K2)
        q = dict(uu)
        q[(0, 0)] = mpf(0)
        r = compose2(c, q, K2)
    return [r.get((s - j, j), mpf(0)) * factorial(s - j) * factorial(j)
            for s in range(K2 + 1) for j in range(s + 1)]


def rows1():
    for fn, (p0, p1) in PTS.items():
        for form, xs in ((0, p0), (1, p1)):
            for x in xs:
                yield fn, form, 0.0, x
    for fn, lst in PTS_INT.items():
        for p, p0, p1 in lst:
            for form, xs in ((0, p0), (1, p1)):
                for x in xs:
                    yield fn, form, float(p), x
    for fn in BIN:
        for form, xs in enumerate(PTS_BIN):
            for x in xs:
                yield fn, form, 0.0, x


def rows2():
    for fn, pts in PTS2.items():
        for x, y in pts:
            yield fn, 0.0, x, y
    for fn, lst in PTS2_INT.items():
        for p, (x, y) in lst:
            yield fn, float(p), x, y
    for fn in BIN:
        for x, y in PTS2_BIN:
            yield fn, 0.0, x, y


def fmt(v):
    return nstr(v, 25, min_fixed=1, max_fixed=0) if v != 0 else "0.0"


def check(a, b, scales, what):
    err = max(abs(a[i] - b[i]) / max(abs(b[i]), sc * mpf("1e-3")) for i, sc in enumerate(scales))
    if err > mpf("1e-30"):
        sys.exit(f"{what}: precision runs disagree ({nstr(err, 3)})")
    return err


def main():
    worst, out1, out2, outv = mpf(0), [], [], []
    for fn, form, p, x in rows1():
        a, b = derivs(fn, form, p, x, 50), derivs(fn, form, p, x, 80)
        mp.dps = 80
        worst = max(worst, check(a, b, [factorial(k) for k in range(K + 1)], f"{fn} {form} {p} {x}"))
        out1.append(f'  {{"{fn}", {form}, {p!r}, {x!r}, {{{", ".join(fmt(v) for v in b)}}}}},')
        print(f"{fn} {form} {p} {x}", file=sys.stderr)
    for fn, p, x, y in rows2():
        a, b = partials(fn, p, x, y, 50), partials(fn, p, x, y, 80)
        mp.dps = 80
        sc = [factorial(s - j) * factorial(j) for s in range(K2 + 1) for j in range(s + 1)]
        worst = max(worst, check(a, b, sc, f"{fn} {p} ({x}, {y})"))
        out2.append(f'  {{"{fn}", {p!r}, {x!r}, {y!r}, {{{", ".join(fmt(v) for v in b)}}}}},')
    mp.dps = 40
    for fn, xs in VALS.items():
        for x in xs:
            outv.append(f'  {{"{fn}", 0.0, {x!r}, {fmt(MP[fn](mpf(x)))}}},')
    for fn, lst in VALS_INT.items():
        for p, x in lst:
            outv.append(f'  {{"{fn}", {float(p)!r}, {x!r}, {fmt(MP[fn](p, mpf(x)))}}},')
    print(f"/* Generated by tools/gen_ref_special.py (mpmath {m.__version__}; max disagreement of"
          f" the two precision runs {nstr(worst, 3)}). Do not edit. */")
    print(f"""#ifndef DN_REF_SPECIAL_DATA_H
#define DN_REF_SPECIAL_DATA_H
#define DN_SREF_MAXORD {K}
#define DN_SREF2_MAXORD {K2}
#define DN_SREF2_SIZE {(K2 + 1) * (K2 + 2) // 2}
typedef struct {{
    const char *fn; /* function name */
    int form;       /* 0: f(x) / f(x, h(x)); 1: f(g(x)) / f(g(x), h(x)) */
    double param;   /* integer parameter of polygamma, jn, yn (first argument), else 0 */
    double x;
    double d[DN_SREF_MAXORD + 1];
}} dn_sref_row;
typedef struct {{
    const char *fn;
    double param;
    double x, y;
    double d[DN_SREF2_SIZE]; /* Dnum2 layout: d[s(s+1)/2 + j] = d^s F / dx^(s-j) dy^j */
}} dn_sref2_row;
typedef struct {{
    const char *fn;
    double param;
    double x;
    double v; /* f(x) correctly rounded to 25 digits */
}} dn_sval_row;
static const dn_sref_row dn_sref_rows[] = {{""")
    print("\n".join(out1))
    print("};\nstatic const dn_sref2_row dn_sref2_rows[] = {")
    print("\n".join(out2))
    print("};\nstatic const dn_sval_row dn_sval_rows[] = {")
    print("\n".join(outv))
    print("""};
#define DN_SREF_NROWS (sizeof dn_sref_rows / sizeof dn_sref_rows[0])
#define DN_SREF2_NROWS (sizeof dn_sref2_rows / sizeof dn_sref2_rows[0])
#define DN_SVAL_NROWS (sizeof dn_sval_rows / sizeof dn_sval_rows[0])
#endif""")
    print(f"{len(out1)} + {len(out2)} + {len(outv)} rows, max disagreement {nstr(worst, 3)}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
