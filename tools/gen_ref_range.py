#!/usr/bin/env python3
"""Generate tests/ref_range_data.h: reference derivatives at subnormal, tiny and huge points.

Unary rows (function, parameter, x): f(x) and its derivatives d^k f/dx^k, k = 0..4, at the
double x: subnormal (5e-324, 5.4e-312), the smallest normal number, tiny (1e-300, 1e-160)
and huge (1e154 .. 1.7e308) arguments, and values near overflow or underflow (exp(709.7),
erfc(26)). "powd" is u^p (real p), "pown" u^m (integer m), "recip" 1/u.
Binary rows (function, x, y): every mixed partial d^(i+j) F / dx^i dy^j, i + j <= 3, in
the Dnum2 layout (total order s = i + j, then decreasing i: index s(s+1)/2 + j) of
F = x / y, atan2(x, y), hypot(x, y), pow(x, y) and cbrt(x y) at pairs of extreme points.

Numbers: mpmath.diff with a step relative to the point's scale (min(|x|, 1/|x|), which is
below the distance to a singularity at 0 and below the width of erf's exp(-x^2) at huge
x), at a precision that resolves x + h and derivatives 1e-400 times the value; each
partial twice (steps 1e-25 and 1e-35 of the
scale, 50 more digits) and emitted only if both agree to 1e-20 relative. A derivative
beyond DBL_MAX is written as +-INFINITY (the expected answer); one below half the smallest
subnormal as 0. The C tests (tests/test_range.c) hold the multivariate
families and the order-2 families to these, an independent method.

Run: python3 tools/gen_ref_range.py > tests/ref_range_data.h   (needs python3-mpmath; ~1 min)
"""
import sys
import mpmath as m
from mpmath import mp, mpf
from gen_ref import UNARY as UNARY_REF
from mpfuncs import MP

KU = 4  # orders of the unary rows
KB = 3  # total order of the binary rows
DBL_MAX = mpf(2) ** 1024 * (1 - mpf(2) ** -53)

# those of tools/gen_ref.py (tools/mpfuncs.py and 1/u) but abs
UNARY = {fn: f for fn, f in UNARY_REF.items() if fn != "abs"}

SUB = 5.4320606102278422e-312  # a subnormal (the point of cbrt's overflow in Dnum2)
TINY = [5e-324, SUB, 2.2250738585072014e-308, 1e-300, 1e-160]
HUGE = [1e154, 1e200, 1e300, 1.7e308]
PTS = {
    "exp": TINY + [709.7, -740.0, -1e300],
    "expm1": TINY + [709.7, -1e300],
    "log": TINY + HUGE,
    "log1p": TINY + HUGE,
    "sqrt": TINY + HUGE,
    "cbrt": TINY + [-SUB] + HUGE + [-1e300],
    "sin": TINY + HUGE + [-1e300],
    "cos": TINY + HUGE,
    "tan": TINY + HUGE,
    "asin": TINY + [-SUB],
    "acos": TINY,
    "atan": TINY + HUGE + [-1e300],
    "sinh": TINY + [709.7, -709.7],
    "cosh": TINY + [709.7],
    "tanh": TINY + [20.0, 100.0, 400.0, 1e300],
    "asinh": TINY + HUGE + [-1e300],
    "acosh": HUGE,
    "atanh": TINY,
    "erf": TINY + [27.0] + HUGE,
    "erfc": TINY + [26.0] + HUGE,
    "recip": TINY + HUGE,
}
POWD = [(0.9, TINY + HUGE), (-2.5, TINY + HUGE), (2.5, TINY + HUGE), (1.0 / 3.0, TINY + HUGE)]
POWN = [(3, TINY + [1e100]), (-2, TINY + HUGE)]

BINARY = {
    "div": (lambda x, y: x / y,
            [(SUB, 6e-312), (1e-300, 3e-300), (1e-200, 0.5), (0.5, 1e-300), (1e300, 3e300)]),
    "atan2": (MP["atan2"], [(SUB, 7e-312), (1e-200, 2e-200), (1e-300, 0.5), (1e200, 1e200),
                            (1e300, -2e300), (1.5e308, 1e308)]),
    "hypot": (MP["hypot"], [(SUB, 7e-312), (1e-200, 2e-200), (1e300, 1e300), (1.5e308, 1e308)]),
    "pow": (MP["pow"], [(1e-300, 0.5), (SUB, 0.7), (1e300, 0.9), (1e-100, 2.5)]),
    "cbrtxy": (lambda x, y: MP["cbrt"](x * y), [(SUB, 0.5), (1e-300, 3.0), (1e300, 0.5)]),
}


def scale(x):
    a = abs(mpf(x))
    return min(a, 1 / a)


def prec_for(xs, h):
    """digits that resolve x + h for every x in xs, and a derivative 1e-400 times the value
    (tanh at 400: 1 - 2e-347)"""
    top = max(abs(mpf(x)) for x in xs)
    return int(m.log10(max(top, 1) / h)) + 460


def d1(f, x, k, fac, extra):
    h = scale(x) * mpf(10) ** (-fac)
    mp.dps = prec_for([x], h) + 10 * k + extra
    return m.diff(f, mpf(x), k, h=h)


def d2(f, x, y, i, j, fac, extra):
    hx, hy = scale(x) * mpf(10) ** (-fac), scale(y) * mpf(10) ** (-fac)
    mp.dps = max(prec_for([x], hx), prec_for([y], hy)) + 10 * (i + j) + extra
    g = (lambda t: m.diff(lambda s: f(t, s), mpf(y), j, h=hy)) if j else (lambda t: f(t, mpf(y)))
    return m.diff(g, mpf(x), i, h=hx) if i else g(mpf(x))


def agree(a, b):
    mp.dps = 60
    if a == b or max(abs(a), abs(b)) < mpf(2) ** -1100:  # equal, or both 0 in double
        return True
    return abs(a - b) <= mpf("1e-20") * max(abs(a), abs(b))


def c_double(v):
    mp.dps = 40
    if m.im(v) != 0:
        raise ValueError("complex value")
    v = m.re(v)
    if abs(v) > DBL_MAX:
        return "INFINITY" if v > 0 else "-INFINITY"
    if abs(v) < mpf(2) ** -1075:
        return "0.0"
    return m.nstr(v, 25, min_fixed=1, max_fixed=0)


def unary_rows():
    rows = []
    funcs = [(fn, 0.0, UNARY[fn], PTS[fn]) for fn in UNARY]
    funcs += [("powd", p, (lambda p: lambda u: u ** mpf(p))(p), pts) for p, pts in POWD]
    funcs += [("pown", float(q), (lambda q: lambda u: u ** q)(q), pts) for q, pts in POWN]
    for fn, p, f, pts in funcs:
        for x in pts:
            vals = []
            for k in range(KU + 1):
                a, b = d1(f, x, k, 25, 0), d1(f, x, k, 35, 50)
                if not agree(a, b):
                    sys.exit(f"{fn}({p}) at {x!r}, k={k}: {a} vs {b}")
                vals.append(c_double(b))
            rows.append(f'  {{"{fn}", {p!r}, {x!r}, {{{", ".join(vals)}}}}},')
    return rows


def binary_rows():
    rows = []
    for fn, (f, pts) in BINARY.items():
        for x, y in pts:
            vals = []
            for s in range(KB + 1):
                for j in range(s + 1):
                    a, b = d2(f, x, y, s - j, j, 25, 0), d2(f, x, y, s - j, j, 35, 50)
                    if not agree(a, b):
                        sys.exit(f"{fn} at ({x!r}, {y!r}), d{s - j}_{j}: {a} vs {b}")
                    vals.append(c_double(b))
            rows.append(f'  {{"{fn}", {x!r}, {y!r}, {{{", ".join(vals)}}}}},')
    return rows


def main():
    un, bi = unary_rows(), binary_rows()
    print(f"/* Generated by tools/gen_ref_range.py (mpmath {m.__version__}). Do not edit. */")
    print(f"""#ifndef DN_REF_RANGE_DATA_H
#define DN_REF_RANGE_DATA_H
#define DN_REFR_ORDER {KU}   /* the unary rows: d^k f/dx^k, k = 0..{KU} */
#define DN_REFR_ORDER2 {KB}  /* the binary rows: total order */
#define DN_REFR_SIZE2 {(KB + 1) * (KB + 2) // 2}
/* +-INFINITY: the derivative exceeds DBL_MAX */
typedef struct {{
    const char *fn; /* function (tools/gen_ref_range.py) */
    double param;   /* exponent of "powd" and "pown", else 0 */
    double x;       /* the point */
    double d[DN_REFR_ORDER + 1];
}} dn_refr_row;
typedef struct {{
    const char *fn;
    double x, y;
    double d[DN_REFR_SIZE2]; /* d[s(s+1)/2 + j] = d^s F / dx^(s-j) dy^j */
}} dn_refr2_row;
static const dn_refr_row dn_refr_rows[] = {{""")
    print("\n".join(un))
    print("""};
#define DN_REFR_NROWS (sizeof dn_refr_rows / sizeof dn_refr_rows[0])
static const dn_refr2_row dn_refr2_rows[] = {""")
    print("\n".join(bi))
    print("""};
#define DN_REFR2_NROWS (sizeof dn_refr2_rows / sizeof dn_refr2_rows[0])
#endif""")
    print(f"{len(un)} unary rows, {len(bi)} binary rows", file=sys.stderr)


if __name__ == "__main__":
    main()
