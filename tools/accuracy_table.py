#!/usr/bin/env python3
"""Accuracy of dnum-eval at high orders against closed forms (mpmath, 60 digits).

Usage: python3 tools/accuracy_table.py build/tools/dnum-eval [ORDER ...] [--precision P]

For each formula and each order N (default 100, 500, 1000) it evaluates every derivative
d_0 .. d_N with `dnum-eval -n N` and prints, as a Markdown table row:
  - the largest relative error over the derivatives whose true value is a finite double
    (and not 0), for k <= N;
  - the first order whose relative error exceeds 1e-10 ('-' if none);
  - 'range': how many derivatives are infinite or NaN although their true value is a
    finite double, and how many are finite although it exceeds DBL_MAX (both must be 0).
The reference values are the closed forms below, not the library.
"""
import subprocess
import sys

import mpmath as mp

mp.mp.dps = 60
DBL_MAX = mp.mpf(2) ** 1024 * (1 - mp.mpf(2) ** -53)


def f_exp(k):
    return mp.e


def f_sinexp(k):  # (sin x e^x)^(k) at 1 = 2^(k/2) e sin(1 + k pi/4)
    return mp.mpf(2) ** (mp.mpf(k) / 2) * mp.e * mp.sin(1 + k * mp.pi / 4)


def f_pole(k):  # 1/(1-x) at 1/2
    return mp.factorial(k) * mp.mpf(2) ** (k + 1)


def f_atan(k):  # atan at 3
    if k == 0:
        return mp.atan(3)
    return (-1) ** (k - 1) * mp.factorial(k - 1) * mp.sin(k * mp.acot(3)) / mp.mpf(10) ** (mp.mpf(k) / 2)


def f_runge(k):  # 1/(1+x^2) at 2 = atan'(x)
    return (-1) ** k * mp.factorial(k) * mp.sin((k + 1) * mp.acot(2)) / mp.mpf(5) ** (mp.mpf(k + 1) / 2)


def f_log(k):  # log at 2
    if k == 0:
        return mp.log(2)
    return (-1) ** (k - 1) * mp.factorial(k - 1) / mp.mpf(2) ** k


def f_sqrt(k):  # sqrt at 2: (1/2)_k falling * 2^(1/2 - k)
    p = mp.mpf(1)
    for j in range(k):
        p *= mp.mpf(1) / 2 - j
    return p * mp.mpf(2) ** (mp.mpf(1) / 2 - k)


def f_gauss(k):  # exp(-x^2) at 1/2: (-1)^k H_k(x) e^(-x^2)
    x = mp.mpf(1) / 2
    return (-1) ** k * mp.hermite(k, x) * mp.exp(-x * x)


def f_cosh2(k):  # cosh(2x) at 1: 2^k (cosh or sinh)(2)
    return mp.mpf(2) ** k * (mp.cosh(2) if k % 2 == 0 else mp.sinh(2))


CASES = [
    ("exp(x)", "1", f_exp),
    ("cosh(2*x)", "1", f_cosh2),
    ("sin(x)*exp(x)", "1", f_sinexp),
    ("exp(-x^2)", "0.5", f_gauss),
    ("1/(1-x)", "0.5", f_pole),
    ("atan(x)", "3", f_atan),
    ("1/(1+x^2)", "2", f_runge),
    ("log(x)", "2", f_log),
    ("sqrt(x)", "2", f_sqrt),
]


def run(tool, expr, x, n, extra):
    out = subprocess.run([tool, "-n", str(n), "-a", x] + extra + ["--", expr], capture_output=True, text=True,
                         check=True).stdout.strip().splitlines()[-1].split(",")
    return [float(v) for v in out[1:]]


def main():
    tool = sys.argv[1]
    args = sys.argv[2:]
    extra = []
    if "--precision" in args:  # passed on to the tool (default: its own, auto)
        i = args.index("--precision")
        extra = args[i:i + 2]
        del args[i:i + 2]
    orders = [int(a) for a in args] or [100, 500, 1000]
    print("| formula | at | N | max rel. error | first k above 1e-10 | range errors |")
    print("|---|---|---|---|---|---|")
    for expr, x, ref in CASES:
        refs = [ref(k) for k in range(max(orders) + 1)]
        for n in orders:
            got = run(tool, expr, x, n, extra)
            worst, first, bad = 0.0, None, 0
            for k in range(n + 1):
                t, g = refs[k], got[k]
                finite_true = abs(t) <= DBL_MAX
                finite_got = g == g and abs(g) != float("inf")
                if finite_true != finite_got:
                    # a true value within rounding of DBL_MAX may go either way
                    if not (abs(t) > DBL_MAX * (1 - mp.mpf(10) ** -12) and abs(t) < DBL_MAX * (1 + mp.mpf(10) ** -12)):
                        bad += 1
                    continue
                if not finite_true or t == 0:
                    continue
                e = float(abs((g - t) / t))
                worst = max(worst, e)
                if first is None and e > 1e-10:
                    first = k
            print(f"| `{expr}` | {x} | {n} | {worst:.1e} | {first if first is not None else '-'} | {bad} |")


if __name__ == "__main__":
    main()
