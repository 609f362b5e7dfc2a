#!/usr/bin/env python3
"""Generate tests/ref_data.h: reference derivatives 0..24 for every built-in function.

Each row is (function, form, parameter, point x) and the derivatives d^k/dx^k, k = 0..24,
of the whole expression at the double x:
  form 0: f(x)           form 1: f(g(x)),  g(x) = 2x^2 + x   (inner derivative != 1)
  two-argument functions (pow, atan2, hypot): form 0 f(x, h(x)), form 1 f(g(x), h(x)),
  h(x) = x^3 - x/2 + 1;  "powd" u^p (real p), "pown" u^m (integer m);  "w1", "w2" the
  whole workloads of docs/benchmarks.md.
Derivatives come from mpmath.taylor (numerical differentiation at raised precision) run
twice, at 60 and at 90 digits; a row is emitted only if the two agree to 1e-30 relative
(scaled by max(|d_k|, k! 1e-3)) in every entry, so every printed digit (25) is stable.
The C tests compare these with the library's recurrences, an independent method.

Run: python3 tools/gen_ref.py > tests/ref_data.h   (needs python3-mpmath; ~1 minute)
"""
import sys
from mpmath import mp, mpf, taylor, factorial, nstr, isfinite
import mpmath as m

K = 24


def cbrt(u):
    return m.sign(u) * m.cbrt(abs(u))


UNARY = {
    "exp": m.exp, "expm1": m.expm1, "log": m.log, "log1p": m.log1p, "sqrt": m.sqrt,
    "cbrt": cbrt, "sin": m.sin, "cos": m.cos, "tan": m.tan, "asin": m.asin, "acos": m.acos,
    "atan": m.atan, "sinh": m.sinh, "cosh": m.cosh, "tanh": m.tanh, "asinh": m.asinh,
    "acosh": m.acosh, "atanh": m.atanh, "erf": m.erf, "erfc": m.erfc, "abs": abs,
    "recip": lambda u: 1 / u,
}
# points: form 0 (f(x)) and form 1 (f(2x^2+x)), inside each domain
PTS = {
    "exp": ([0.5, -20.0, 2.25, -1.3], [0.3, -0.8]),
    "expm1": ([1e-5, -3e-4, 0.7, -2.0], [0.1, -0.4]),
    "log": ([0.5, 3.0, 1e-3, 1.25], [0.3, 1.1]),
    "log1p": ([1e-5, -3e-4, 0.7, 4.0], [0.2, -0.3]),
    "sqrt": ([0.5, 2.0, 1e-3, 9.0], [0.3, 1.2]),
    "cbrt": ([0.5, -2.0, 8.0, 1e-3], [0.3, -0.3]),
    "sin": ([0.5, -2.0, 10.0, 1e-3], [0.3, -1.1]),
    "cos": ([0.5, -2.0, 10.0, 1e-3], [0.3, -1.1]),
    "tan": ([0.5, -1.2, 3.0, 1e-3], [0.3, -0.7]),
    "asin": ([0.5, -0.9, 0.1], [0.3, -0.4]),
    "acos": ([0.5, -0.9, 0.1], [0.3, -0.4]),
    "atan": ([0.5, -2.0, 10.0], [0.3, -1.1]),
    "sinh": ([0.5, -2.0, 5.0], [0.3, -1.1]),
    "cosh": ([0.5, -2.0, 5.0], [0.3, -1.1]),
    "tanh": ([0.5, -2.0, 8.0], [0.3, -1.1]),
    "asinh": ([0.5, -2.0, 10.0], [0.3, -1.1]),
    "acosh": ([1.5, 3.0, 10.0], [0.8, -1.3]),
    "atanh": ([0.5, -0.9, 0.1], [0.3, -0.4]),
    "erf": ([0.5, -2.0, 3.0], [0.3, -1.1]),
    "erfc": ([0.5, -2.0, 3.0], [0.3, 1.1]),
    "abs": ([0.5, -2.0, 1.5], [0.3, -0.3]),
    "recip": ([2.0, -0.5, 3.0], [0.3, -0.7]),
}


def g(x):
    return 2 * x * x + x


def h(x):
    return x ** 3 - x / 2 + 1


def unary_rows():
    for fn, (p0, p1) in PTS.items():
        f = UNARY[fn]
        for x in p0:
            yield fn, 0, 0.0, x, (lambda f: lambda t: f(t))(f)
        for x in p1:
            yield fn, 1, 0.0, x, (lambda f: lambda t: f(g(t)))(f)


def all_rows():
    out = list(unary_rows())
    for p in (2.5, -0.5, 0.7, 1.0 / 3.0):
        for form, xs in ((0, [0.5, 2.0, 1.3]), (1, [0.3, 0.8])):
            for x in xs:
                inner = (lambda t: t) if form == 0 else g
                out.append(("powd", form, p, x, (lambda inner, p: lambda t: inner(t) ** mpf(p))(inner, p)))
    for mm in (0, 1, 2, 3, 5, -1, -2, -3):
        xs0 = ([0.0] if mm >= 0 else []) + [-0.7, 1.3]
        for form, xs in ((0, xs0), (1, [-0.9, 0.4])):
            for x in xs:
                inner = (lambda t: t) if form == 0 else g
                out.append(("pown", form, float(mm), x, (lambda inner, mm: lambda t: inner(t) ** mm)(inner, mm)))
    two = {"pow": lambda a, b: a ** b, "atan2": m.atan2, "hypot": lambda a, b: m.sqrt(a * a + b * b)}
    pts2 = {"pow": ([0.5, 1.1, 2.0], [0.3, 1.1, 0.6]), "atan2": ([0.5, -1.5, 2.0], [0.3, -1.5, -0.4]),
            "hypot": ([0.5, -1.5, 2.0], [0.3, -1.5, -0.4])}
    for fn, f in two.items():
        for form, xs in enumerate(pts2[fn]):
            for x in xs:
                inner = (lambda t: t) if form == 0 else g
                out.append((fn, form, 0.0, x, (lambda f, inner: lambda t: f(inner(t), h(t)))(f, inner)))
    for x in (0.7, -2.3, 3.9):
        out.append(("w1", 0, 0.0, x, lambda t: m.exp(-t * t)))
    for x in (0.3, -1.7, 1.9):
        out.append(("w2", 0, 0.0, x, lambda t: m.sin(t) * m.exp(t) / (1 + t * t)
                    + m.sqrt(1 + t * t) * m.log(2 + m.cos(t))))
    return out


def derivs(f, x, dps):
    mp.dps = dps
    c = taylor(f, mpf(x), K)
    return [c[k] * factorial(k) for k in range(K + 1)]


def main():
    body, worst, skipped = [], mpf(0), 0
    for fn, form, p, x, f in all_rows():
        a, b = derivs(f, x, 60), derivs(f, x, 90)
        mp.dps = 90
        if not all(isfinite(v) and abs(v) < mpf("1e300") for v in b):
            skipped += 1
            continue
        err = max(abs(a[k] - b[k]) / max(abs(b[k]), factorial(k) * mpf("1e-3")) for k in range(K + 1))
        if err > mpf("1e-30"):
            sys.exit(f"{fn} form {form} x={x}: precision runs disagree ({nstr(err, 3)})")
        worst = max(worst, err)
        vals = ", ".join(nstr(v, 25, min_fixed=1, max_fixed=0) if v != 0 else "0.0" for v in b)
        body.append(f'  {{"{fn}", {form}, {p!r}, {x!r}, {{{vals}}}}},')
    print(f"/* Generated by tools/gen_ref.py (mpmath {m.__version__}, taylor at 60 and 90 digits,"
          f" max disagreement {nstr(worst, 3)}). Do not edit. */")
    print("""#ifndef DN_REF_DATA_H
#define DN_REF_DATA_H
#define DN_REF_MAXORD 24
typedef struct {
    const char *fn;   /* function name */
    int form;         /* 0: f(x) / f(x, h(x)); 1: f(g(x)) / f(g(x), h(x)) */
    double param;     /* exponent of "powd" and "pown", else 0 */
    double x;         /* the point */
    double d[DN_REF_MAXORD + 1]; /* d[k] = k-th derivative of the whole expression at x */
} dn_ref_row;
static const dn_ref_row dn_ref_rows[] = {""")
    print("\n".join(body))
    print("""};
#define DN_REF_NROWS (sizeof dn_ref_rows / sizeof dn_ref_rows[0])
#endif""")
    print(f"{len(body)} rows, {skipped} skipped (out of range), max disagreement {nstr(worst, 3)}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
