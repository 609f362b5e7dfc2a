#!/usr/bin/env python3
"""Derivatives 0..N at many points from Python: dnum's package against SymPy and mpmath.

Workloads (docs/benchmarks.md): W1 = exp(-x^2) at M points evenly spaced in [-4, 4], W2 =
sin(x) exp(x) / (1 + x^2) + sqrt(1 + x^2) log(2 + cos(x)) at M points in [-2, 2] (both
ends included), every derivative 0..N, N = 8, 16, 32, M = 10^5.

Peers:
  dnum      dnum.Expr(...).derivatives(x, N): setup = the parse; threads: the default (every
            CPU the process may use) and 1.
  sympy     diff N times (each derivative from the previous one), then lambdify of the list
            d0..dN over NumPy (cse=True: common subexpressions evaluated once); setup = the
            differentiation plus lambdify, timed apart and also added to the evaluation.
            The differentiation of a workload stops when its time passes --sympy-budget
            seconds (W2's derivatives grow quickly: order 16 takes about 30 s).
  mpmath    mp.taylor at each of --sample points (at --dps digits), times k!; its time per
            point scaled to M points. It is also the reference of the accuracy column.
Accuracy: the largest scaled error |g_k - r_k| / max(|r_k|, k! 1e-3) over the sample
points and k = 0..N (docs/benchmarks.md), r from mpmath.

Prints a table and RESULT lines in the format of bench/bench_common.h
(RESULT,<peer>,<flags>,<workload>,<N>,<unit>,<best>,<median>,<checksum>,<extra>).
Run from a build tree:  PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py
or after installing the package:  /usr/bin/python3 bench/python_bench.py
"""
import argparse
import math
import os
import statistics
import sys
import time

import numpy as np


def best_median(f, reps):
    times, r = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        r = f()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), r


def scaled_error(got, ref):
    """max_k |got_k - ref_k| / max(|ref_k|, k! 1e-3) over the rows (ref: mpf)."""
    import mpmath
    worst = 0.0
    for g_row, r_row in zip(got, ref):
        for k, (g, r) in enumerate(zip(g_row, r_row)):
            if not math.isfinite(g):
                return math.inf
            den = max(abs(float(r)), math.factorial(k) * 1e-3)
            worst = max(worst, float(abs(mpmath.mpf(float(g)) - r)) / den)
    return worst


def workloads():
    import mpmath
    return {
        "W1": dict(src="exp(-x^2)", a=-4.0, b=4.0,
                   sympy=lambda sp, x: sp.exp(-x ** 2),
                   mp=lambda t: mpmath.exp(-t * t)),
        "W2": dict(src="sin(x)*exp(x)/(1+x*x) + sqrt(1+x*x)*log(2+cos(x))", a=-2.0, b=2.0,
                   sympy=lambda sp, x: sp.sin(x) * sp.exp(x) / (1 + x * x)
                   + sp.sqrt(1 + x * x) * sp.log(2 + sp.cos(x)),
                   mp=lambda t: mpmath.sin(t) * mpmath.exp(t) / (1 + t * t)
                   + mpmath.sqrt(1 + t * t) * mpmath.log(2 + mpmath.cos(t))),
    }


def fmt(v, spec=".3g"):
    return "-" if v is None else format(v, spec)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--points", type=int, default=100000, help="M (default 10^5)")
    ap.add_argument("--orders", default="8,16,32", help="comma-separated N (default 8,16,32)")
    ap.add_argument("--workloads", default="W1,W2")
    ap.add_argument("--sample", type=int, default=16, help="mpmath points (default 16)")
    ap.add_argument("--dps", type=int, default=40, help="mpmath digits (default 40)")
    ap.add_argument("--reps", type=int, default=5, help="dnum repetitions (best, median)")
    ap.add_argument("--sympy-budget", type=float, default=300.0,
                    help="seconds of SymPy differentiation per workload (default 300)")
    ap.add_argument("--no-sympy", action="store_true")
    args = ap.parse_args()

    import dnum
    import mpmath

    orders = [int(s) for s in args.orders.split(",")]
    M = args.points
    ncpu = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"# dnum {dnum.__version__} ({dnum.__file__}), numpy {np.__version__}, "
          f"mpmath {mpmath.__version__}, {ncpu} CPUs; M = {M} points, sample {args.sample}, "
          f"mp.dps {args.dps}")
    if not args.no_sympy:
        import sympy as sp
        print(f"# sympy {sp.__version__}, lambdify(cse=True), differentiation budget "
              f"{args.sympy_budget:g} s per workload")
    rows, results = [], []
    wl_all = workloads()
    for wname in args.workloads.split(","):
        wl = wl_all[wname]
        x = np.linspace(wl["a"], wl["b"], M)
        sample_idx = np.unique(np.linspace(0, M - 1, args.sample).round().astype(int))
        xs = x[sample_idx]

        # SymPy: every derivative up to the highest order, each from the previous one
        sym_d, sym_t = [], []  # sym_t[k]: seconds to reach derivative k
        if not args.no_sympy:
            X = sp.Symbol("x")
            f = wl["sympy"](sp, X)
            t0 = time.perf_counter()
            sym_d.append(f)
            sym_t.append(0.0)
            for k in range(1, max(orders) + 1):
                f = sp.diff(f, X)
                sym_d.append(f)
                sym_t.append(time.perf_counter() - t0)
                if sym_t[-1] > args.sympy_budget:
                    break

        for n in orders:
            # mpmath: the reference and a peer
            ref, mp_times = [], []
            with mpmath.mp.workdps(args.dps):
                for xv in xs:
                    t0 = time.perf_counter()
                    c = mpmath.taylor(wl["mp"], mpmath.mpf(float(xv)), n)
                    ref.append([c[k] * mpmath.factorial(k) for k in range(n + 1)])
                    mp_times.append(time.perf_counter() - t0)
            mp_pp = statistics.mean(mp_times)
            mp_cs = float(sum(sum(r) for r in ref))

            # dnum: the parse, then the evaluation (default threads, and one thread)
            t0 = time.perf_counter()
            e = dnum.Expr(wl["src"])
            setup = time.perf_counter() - t0
            peers = []
            for label, kw in (("dnum", {}), ("dnum 1 thread", {"threads": 1}),
                              ("dnum auto precision", {"precision": "auto"})):
                b, med, d = best_median(lambda: e.derivatives(x, n, **kw), args.reps)
                err = scaled_error(d[sample_idx], ref)
                peers.append((label, setup, b, med, float(d.sum()), err, kw))
            dnum_total = peers[0][1] + peers[0][2]

            # SymPy: lambdify of d0..dN (if the differentiation got that far)
            if not args.no_sympy:
                if len(sym_d) > n:
                    t0 = time.perf_counter()
                    fn = sp.lambdify(X, sym_d[: n + 1], modules="numpy", cse=True)
                    lam = time.perf_counter() - t0
                    ev = lambda: np.stack(np.broadcast_arrays(*fn(x)), axis=-1).astype(float)
                    b, med, d = best_median(ev, max(1, min(3, args.reps)))
                    err = scaled_error(d[sample_idx], ref)
                    peers.append(("sympy lambdify", sym_t[n] + lam, b, med, float(d.sum()), err,
                                  {"diff_s": sym_t[n], "lambdify_s": lam}))
                else:
                    peers.append(("sympy lambdify", None, None, None, None, None,
                                  {"stopped": len(sym_d) - 1, "after_s": sym_t[-1]}))
            peers.append(("mpmath taylor", 0.0, mp_pp * M, mp_pp * M, mp_cs, 0.0,
                          {"sample": len(xs), "dps": args.dps}))

            for label, st, b, med, cs, err, extra in peers:
                total = None if b is None else st + b
                speed = None if total is None else total / dnum_total
                rows.append((wname, n, label, st, b, total, None if b is None else b / M * 1e9,
                             speed, err, extra))
                if b is not None:
                    peer = label.replace(" ", "_")
                    flags = ";".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}"
                                     for k, v in extra.items()) or "-"
                    results.append(f"RESULT,py_{peer},{flags},{wname},{n},ns_per_point,"
                                   f"{b / M * 1e9:.4f},{med / M * 1e9:.4f},{cs:.17g},"
                                   f"setup_s={st:.6g};total_s={total:.6g};max_scaled_err={err:.3g}")
            for r in rows[-len(peers):]:
                print_row(r)
            sys.stdout.flush()

    print()
    print("| workload | N | peer | setup s | eval s | total s | eval ns/point | total / dnum total | max scaled error |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        wname, n, label, st, b, total, ns, speed, err, extra = r
        if b is None:
            print(f"| {wname} | {n} | {label} | differentiation stopped at order {extra['stopped']} "
                  f"after {extra['after_s']:.0f} s | - | - | - | - | - |")
            continue
        note = " (sample, scaled)" if label.startswith("mpmath") else ""
        print(f"| {wname} | {n} | {label}{note} | {fmt(st)} | {fmt(b)} | {fmt(total)} | {fmt(ns, '.4g')} "
              f"| {fmt(speed, '.3g')} | {'reference' if label.startswith('mpmath') else fmt(err, '.2g')} |")
    print()
    for line in results:
        print(line)
    # the target: dnum at least 10x faster than SymPy-lambdify at N = 16, setup included
    for r in rows:
        if r[1] == 16 and r[2] == "sympy lambdify" and r[7] is not None:
            print(f"# {r[0]} N = 16: SymPy-lambdify total / dnum total = {r[7]:.3g} (target >= 10)")


def print_row(r):
    wname, n, label, st, b, total, ns, speed, err, extra = r
    if b is None:
        print(f"{wname} N={n} {label}: differentiation stopped at order {extra['stopped']} "
              f"after {extra['after_s']:.1f} s", flush=True)
    else:
        print(f"{wname} N={n} {label}: setup {fmt(st)} s, eval {fmt(b)} s, total {fmt(total)} s, "
              f"x{fmt(speed)} of dnum, max scaled error {fmt(err, '.2g')}", flush=True)


if __name__ == "__main__":
    main()
