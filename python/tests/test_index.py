"""The column index: partials, column, column_names, against an independent ordering
(sorting every multi-index by total order, then decreasing a1, a2, ...)."""
import itertools
import math

import numpy as np
import pytest

import dnum


def graded(k, n):
    idx = [a for a in itertools.product(range(n + 1), repeat=k) if sum(a) <= n]
    return sorted(idx, key=lambda a: (sum(a), tuple(-v for v in a)))


@pytest.mark.parametrize("k,n", [(1, 0), (1, 7), (2, 0), (2, 9), (2, 64), (3, 6), (4, 5), (8, 3), (10, 2)])
def test_partials_order(k, n):
    p = dnum.partials(k, n)
    ref = graded(k, n)
    assert p.shape == (math.comb(n + k, k), k)
    assert [tuple(int(v) for v in r) for r in p] == ref
    for c, a in enumerate(ref):
        assert dnum.column(a) == c
    assert dnum.column_names(k, n)[:3] == ["d" + "_".join(str(v) for v in a) for a in ref[:3]]


def test_column_names_as_dnum_eval():
    assert dnum.column_names("x", 3) == ["d0", "d1", "d2", "d3"]
    assert dnum.column_names(("x", "y"), 2) == ["d0_0", "d1_0", "d0_1", "d2_0", "d1_1", "d0_2"]
    assert dnum.column_names("x,y,z", 1, taylor=True) == ["c0_0_0", "c1_0_0", "c0_1_0", "c0_0_1"]
    e = dnum.Expr("x*y", vars="x,y")
    assert e.columns(1) == ["d0_0", "d1_0", "d0_1"]
    assert np.array_equal(e.partials(2), dnum.partials(2, 2))


def test_column_of_one_variable_and_independent_of_order():
    assert dnum.column(5) == 5 and dnum.column((5,)) == 5
    assert dnum.column((1, 1, 0)) == 5
    for n in (2, 4, 9):
        assert tuple(dnum.partials(3, n)[5]) == (1, 1, 0)


def test_index_errors():
    with pytest.raises(ValueError):
        dnum.column((-1, 2))
    with pytest.raises(ValueError):
        dnum.column(())
    with pytest.raises(ValueError):
        dnum.column((1,) * 11)
    with pytest.raises(TypeError):
        dnum.column((1.5, 2))
    with pytest.raises(ValueError):
        dnum.partials(8, 19)  # above the size limit of 8 variables (18)
    with pytest.raises(ValueError):
        dnum.partials(0, 2)
