#!/usr/bin/env python3
"""Side-by-side benchmark of dnum against the hand-written C floor (bench/floor.c).

Builds both with the same compiler and flags (gcc -O3), then runs them interleaved,
workload by workload, for several rounds, and reports the best time of each side and the
ratio dnum / floor with the target of docs/benchmarks.md. Interleaving keeps both sides
exposed to the same machine load: on a shared machine only ratios measured this way mean
much.

usage: python3 tools/bench_compare.py [--rounds R] [--out DIR] [W1 W2 W3 W4 ...]
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = {("W1", 2): 1.5, ("W1", 4): 1.5, ("W1", 8): 1.3, ("W1", 16): 1.3,
           ("W2", 2): 1.5, ("W2", 4): 1.5, ("W2", 8): 1.3, ("W2", 16): 1.3, ("W3", 2): 1.2,
           ("W4", 2): 1.5, ("W4", 4): 1.5, ("W4", 8): 1.5}
# dnum peers and orders per workload (default: the fixed family at 2, 4, 8, 16)
PEERS = {"W3": (("dnum_hessdiag", "bench_hessian"), ("dnum_hessdiag_lanes", "bench_hessian")),
         "W4": (("dnum2", "bench_dnum2"),)}
ORDERS = {"W3": (2,), "W4": (2, 4, 8)}


def build(out, workloads=("W1", "W2")):
    os.makedirs(out, exist_ok=True)
    cc = os.environ.get("CC", "gcc")
    subprocess.check_call([cc, "-O3", "-std=c11", "-o", f"{out}/floor",
                           f"{ROOT}/bench/floor.c", "-lm"])
    if any(w not in PEERS for w in workloads):
        subprocess.check_call([cc, "-O3", "-std=c11", "-I", f"{ROOT}/include", "-o",
                               f"{out}/bench_dnum", f"{ROOT}/bench/bench_dnum.c", "-lm"])
    if "W3" in workloads:
        subprocess.check_call([cc, "-O3", "-std=c11", "-I", f"{ROOT}/include", "-o",
                               f"{out}/bench_hessian", f"{ROOT}/bench/bench_hessian.c",
                               f"{ROOT}/src/hessian.c", f"{ROOT}/src/elements.c"] +
                              [f"{ROOT}/src/sparse2_{p}.c" for p in ("ops", "arena", "drivers", "pattern")] + ["-lm"])
    if "W4" in workloads:
        subprocess.check_call([cc, "-O3", "-std=c11", "-I", f"{ROOT}/include", "-o",
                               f"{out}/bench_dnum2", f"{ROOT}/bench/bench_dnum2.c", "-lm"])


def run(exe, wl, n, peer):
    out = subprocess.run([exe, wl, str(n)], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        f = line.split(",")
        if f[0] == "RESULT" and f[1] == peer and f[3] == wl and int(f[4]) == n:
            return float(f[6]), f[8]
    raise RuntimeError(f"no {peer} {wl} {n} line in output of {exe}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(ROOT, "build-bench"))
    ap.add_argument("workloads", nargs="*", default=["W1", "W2"])
    a = ap.parse_args()
    bad = [w for w in a.workloads if w not in ("W1", "W2", "W3", "W4")]
    if bad:
        sys.exit(f"unknown workload {bad[0]} (W1, W2, W3, W4)")
    build(a.out, a.workloads)
    cases = [(w, n) for w in a.workloads for n in ORDERS.get(w, (2, 4, 8, 16))]
    dflt = (("dnum_fixed", "bench_dnum"),)
    best = {}
    for _ in range(a.rounds):
        for wl, n in cases:
            for peer, exe in (("c_floor", "floor"),) + PEERS.get(wl, dflt):
                t, cs = run(os.path.join(a.out, exe), wl, n, peer)
                key = (peer, wl, n)
                best[key] = min(best.get(key, float("inf")), t)
                best[key + ("cs",)] = cs
    print(f"best of {a.rounds} interleaved rounds x 5 passes, ns per point (W3: ms), gcc -O3")
    print(f"{'wl':4} {'N':>3} {'C floor':>10} {'dnum':>10} {'ratio':>6} {'target':>6}  checksum match")
    ok = True
    for wl, n in cases:
        for peer, _ in PEERS.get(wl, dflt):
            f, d = best[("c_floor", wl, n)], best[(peer, wl, n)]
            r, tgt = d / f, TARGETS.get((wl, n), 0)
            same = abs(float(best[("c_floor", wl, n, "cs")]) - float(best[(peer, wl, n, "cs")])) \
                <= 1e-9 * abs(float(best[("c_floor", wl, n, "cs")]))
            ok &= r <= tgt
            print(f"{wl:4} {n:3d} {f:10.2f} {d:10.2f} {r:6.2f} {tgt:6.2f}  {'yes' if same else 'NO'}"
                  + ("" if peer == "dnum_fixed" else f"  {peer}"))
    print("all targets met" if ok else "some targets missed")


if __name__ == "__main__":
    main()
