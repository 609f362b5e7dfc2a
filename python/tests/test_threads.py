"""Threads: the same numbers on any number of threads, the GIL released during the work,
several Python threads on one Expr."""
import threading
import time

import numpy as np

import dnum
from conftest import W2_SRC


def test_same_numbers_on_any_number_of_threads():
    x = np.linspace(-2, 2, 20001)
    one = dnum.derivatives(W2_SRC, x, 12, threads=1)
    for t in (2, 3, 7, None):
        assert np.array_equal(dnum.derivatives(W2_SRC, x, 12, threads=t), one)
    pts = np.random.default_rng(0).uniform(-1, 1, (3001, 3))
    one = dnum.derivatives("exp(x*y)*sin(z)", pts, 5, vars="x,y,z", threads=1)
    assert np.array_equal(dnum.derivatives("exp(x*y)*sin(z)", pts, 5, vars="x,y,z", threads=4), one)
    a, ea = dnum.derivatives("sin(x)*exp(x)", x[:3000], 40, precision="auto", errors=True, threads=1)
    b, eb = dnum.derivatives("sin(x)*exp(x)", x[:3000], 40, precision="auto", errors=True, threads=3)
    assert np.array_equal(a, b) and np.array_equal(ea, eb)


def test_gil_released():
    # (with error bounds: the point-by-point path, slow enough to take 0.6 s on 400000
    # points at most; the batches, without bounds, run in the same GIL-free section)
    x = np.linspace(-2, 2, 400000)
    e = dnum.Expr(W2_SRC)
    t0 = time.perf_counter()
    e.derivatives(x[:40000], 16, threads=1, errors=True)
    per = time.perf_counter() - t0
    n = min(400000, int(40000 * 0.6 / max(per, 1e-6)))  # about 0.6 s of work
    stamps = []
    th = threading.Thread(target=e.derivatives, args=(x[:n], 16),
                          kwargs={"threads": 1, "errors": True})
    start = time.perf_counter()
    th.start()
    while th.is_alive():
        stamps.append(time.perf_counter())
        time.sleep(0.001)
    th.join()
    total = time.perf_counter() - start
    gaps = np.diff([start] + stamps)
    # with the GIL held, this thread would stall for the whole evaluation
    assert total > 0.1 and gaps.max() < 0.5 * total


def test_python_threads_share_an_expr():
    e = dnum.Expr("exp(-x^2/2)*cos(3*x)")
    x = np.linspace(-3, 3, 5000)
    ref = e.derivatives(x, 10, threads=1)
    results = [None] * 4

    def work(i):
        results[i] = e.derivatives(x, 10, threads=2)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert all(np.array_equal(r, ref) for r in results)
