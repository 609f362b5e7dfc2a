"""The example and the benchmark run (small sizes)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(args):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, MPLBACKEND="Agg"))


def test_example_plot_derivs(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "g.png"
    r = run([str(ROOT / "examples" / "plot_derivs.py"), str(out), "--order", "5", "--points", "101"])
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_benchmark_smoke():
    pytest.importorskip("sympy")
    r = run([str(ROOT / "bench" / "python_bench.py"), "--points", "500", "--orders", "4",
             "--sample", "2", "--reps", "1", "--sympy-budget", "20"])
    assert r.returncode == 0, r.stderr
    lines = [l for l in r.stdout.splitlines() if l.startswith("RESULT,")]
    assert len(lines) == 10  # 2 workloads x (3 dnum rows, SymPy, mpmath)
    for l in lines:
        f = l.split(",")
        assert len(f) == 10 and f[5] == "ns_per_point" and float(f[6]) > 0
    # dnum and SymPy compute the same derivatives: equal checksums to rounding
    cs = {(f[1], f[3]): float(f[8]) for f in (l.split(",") for l in lines)}
    for w in ("W1", "W2"):
        assert abs(cs[("py_dnum", w)] - cs[("py_sympy_lambdify", w)]) <= 1e-9 * abs(cs[("py_dnum", w)])
