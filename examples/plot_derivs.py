#!/usr/bin/env python3
"""Plots the derivatives 0..N of the Gaussian exp(-x^2/2) with the dnum package.

    python3 examples/plot_derivs.py [OUT.png] [--order N] [--points M]

Top: every derivative divided by its largest |value| on [-5, 5] (the k-th derivative is
(-1)^k He_k(x) exp(-x^2/2) and grows like sqrt(k!), so the raw curves would hide the low
orders). Bottom: the rounding-error bound dnum gives for each derivative (errors=True),
relative to that same largest value. Writes docs/python_gaussian_derivs.png by default
(matplotlib, Agg backend: no display needed). From a build tree, run it with
PYTHONPATH=build/python.
"""
import argparse
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import dnum  # noqa: E402


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", default=os.path.join(here, "..", "docs", "python_gaussian_derivs.png"))
    ap.add_argument("--order", type=int, default=8)
    ap.add_argument("--points", type=int, default=1001)
    args = ap.parse_args()

    x = np.linspace(-5, 5, args.points)
    d, err = dnum.derivatives("exp(-x^2/2)", x, order=args.order, errors=True)  # (M, N+1) each
    scale = np.abs(d).max(axis=0)

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 7), sharex=True,
                                      gridspec_kw={"height_ratios": [3, 2]})
    colours = plt.cm.viridis(np.linspace(0, 0.95, args.order + 1))
    for k in range(args.order + 1):
        top.plot(x, d[:, k] / scale[k], color=colours[k], label=f"k = {k} (max {scale[k]:.3g})")
        bottom.semilogy(x, np.maximum(err[:, k] / scale[k], 1e-19), color=colours[k])
    top.set_title(r"Derivatives $f^{(k)}$ of $f(x) = e^{-x^2/2}$ (dnum.derivatives), "
                  "each divided by its largest |value|")
    top.set_ylabel(r"$f^{(k)}(x)\,/\,\max|f^{(k)}|$")
    top.legend(loc="upper right", fontsize=7, ncol=1)
    top.grid(alpha=0.3)
    bottom.set_ylabel("error bound / max|value|")
    bottom.set_xlabel("x")
    bottom.set_title("Bound on the rounding error of each derivative (errors=True)", fontsize=10)
    bottom.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
