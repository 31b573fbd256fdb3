"""Discretisation: equal-width bins (praznik) and Fayyad & Irani's MDL method."""

import math
from collections import Counter

import numpy as np
import pytest

from fsstab.selectors._discretize import (
    equal_width_codes,
    mdl_codes,
    mdl_cut_points,
    thesis_n_bins,
)


def _entropy(labels):
    n = len(labels)
    return -sum(c / n * math.log2(c / n) for c in Counter(labels).values()) if n else 0.0


def _reference_mdl_cuts(x, y):
    """Fayyad & Irani (1993) written directly from the paper, one recursion per interval."""
    pairs = sorted(zip(x, y, strict=True), key=lambda p: p[0])

    def split(part):
        xs = [p[0] for p in part]
        ys = [p[1] for p in part]
        n = len(part)
        best = None
        for t in range(1, n):
            if xs[t - 1] == xs[t]:
                continue
            e = (t * _entropy(ys[:t]) + (n - t) * _entropy(ys[t:])) / n
            if best is None or e < best[0]:
                best = (e, t)
        if best is None:
            return []
        e, t = best
        gain = _entropy(ys) - e
        k, k1, k2 = len(set(ys)), len(set(ys[:t])), len(set(ys[t:]))
        delta = math.log2(3**k - 2) - (
            k * _entropy(ys) - k1 * _entropy(ys[:t]) - k2 * _entropy(ys[t:])
        )
        if not gain > (math.log2(n - 1) + delta) / n:
            return []
        return [*split(part[:t]), (xs[t - 1] + xs[t]) / 2, *split(part[t:])]

    return split(pairs)


def test_thesis_number_of_bins():
    # q = max(min(n/3, 10), 2)
    assert [thesis_n_bins(n) for n in (2, 6, 9, 12, 29, 30, 31, 500)] == [2, 2, 3, 4, 9, 10, 10, 10]


def test_equal_width_codes():
    X = np.array([[0.0, 5.0], [1.0, 5.0], [2.5, 5.0], [4.0, 5.0]])
    codes, levels = equal_width_codes(X, 4)
    # width 1: [0,1) -> 0, [1,2) -> 1, [2,3) -> 2, max -> last bin; constant column -> one level
    assert codes[:, 0].tolist() == [0, 1, 2, 3]
    assert codes[:, 1].tolist() == [0, 0, 0, 0]
    assert levels.tolist() == [4, 1]
    with pytest.raises(ValueError, match="n_bins"):
        equal_width_codes(X, 1)


def test_mdl_hand_examples():
    # x = 1..8, y = 0,0,0,0,1,1,1,1: gain 1 > (log2 7 + log2 7 - 2)/8 = 0.45 -> one cut at 4.5;
    # both halves are pure, so the recursion stops.
    x = np.arange(1.0, 9.0)
    y = np.r_[np.zeros(4, int), np.ones(4, int)]
    assert mdl_cut_points(x[:, None], y)[0].tolist() == [4.5]
    # 0 x3 (class 0) then 1 x5 (1 of class 0, 4 of class 1): gain 0.549 < threshold 0.632 for
    # n = 8, but replicated four times (n = 32) the threshold drops to 0.225 and the cut is made.
    small = np.array([0, 0, 0, 1, 1, 1, 1, 1.0])
    small_y = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    assert mdl_cut_points(small[:, None], small_y)[0].size == 0
    assert mdl_cut_points(np.tile(small, 4)[:, None], np.tile(small_y, 4))[0].tolist() == [0.5]


def test_mdl_matches_reference_on_random_data():
    rng = np.random.default_rng(3)
    n, d = 90, 12
    y = rng.integers(0, 3, n)
    X = rng.normal(size=(n, d)) + y[:, None] * rng.uniform(0, 2, d)
    X[:, 5] = np.round(X[:, 5])  # ties
    X[:, 7] = 1.0  # constant
    cuts = mdl_cut_points(X, y)
    for f in range(d):
        np.testing.assert_allclose(cuts[f], _reference_mdl_cuts(X[:, f], y), rtol=0, atol=1e-12)
    codes, levels = mdl_codes(X, y)
    for f in range(d):
        expected = np.searchsorted(cuts[f], X[:, f], side="left")  # (-inf, a1], (a1, a2], ...
        assert codes[:, f].tolist() == expected.tolist()
        assert levels[f] == cuts[f].size + 1
    assert any(c.size >= 2 for c in cuts)  # the data exercise the recursion


def test_mdl_column_blocks_do_not_change_the_result(monkeypatch):
    import fsstab.selectors._discretize as discretize

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 50)
    X = rng.normal(size=(50, 60))
    X[:, :10] += y[:, None]
    codes, levels = mdl_codes(X, y)
    cuts = mdl_cut_points(X, y)
    monkeypatch.setattr(discretize, "_MDL_BLOCK_ENTRIES", 500)  # blocks of 4 columns
    assert len(discretize._column_blocks(50, 60, 2)) == 15
    blocked_codes, blocked_levels = mdl_codes(X, y)
    np.testing.assert_array_equal(blocked_codes, codes)
    np.testing.assert_array_equal(blocked_levels, levels)
    for a, b in zip(mdl_cut_points(X, y), cuts, strict=True):
        np.testing.assert_array_equal(a, b)
