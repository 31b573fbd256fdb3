"""λ calibration in O(n·d) memory: the standardised training sets are built on demand.

The values must be those of :class:`sklearn.preprocessing.StandardScaler` bit for bit (the
calibrated C of every existing configuration must not move), and the memory must not grow with
the number of training sets M.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.preprocessing import StandardScaler

from fsstab.selectors import LassoSelector, _standardize, calibrate_C
from fsstab.selectors._standardize import scaler_moments, standardize, standardize_rows


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 40), d=st.integers(1, 60),
       block=st.integers(2, 9), integers=st.booleans())
def test_standardisation_is_the_scalers_bit_for_bit(seed, n, d, block, integers):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * rng.uniform(1e-3, 1e3, size=d) + rng.uniform(-1e3, 1e3, d)
    if integers:
        X = np.round(X)  # ties and constant columns
    X[:, 0] = 4.0
    original = _standardize.COLUMN_BLOCK
    try:
        _standardize.COLUMN_BLOCK = block  # many blocks, and remainders of every width
        mean, scale = scaler_moments(X)
        Xs, _, _ = standardize(X)
    finally:
        _standardize.COLUMN_BLOCK = original
    scaler = StandardScaler().fit(X)
    assert mean.tobytes() == scaler.mean_.tobytes()
    assert scale.tobytes() == scaler.scale_.tobytes()
    assert Xs.tobytes() == scaler.transform(X).tobytes()
    rows = rng.integers(0, n, size=n)  # a bootstrap: repeated rows
    assert standardize_rows(X, mean, scale, rows=rows).tobytes() == \
        scaler.transform(X[rows]).tobytes()


def test_other_dtypes_go_through_the_scaler():
    X = np.arange(12, dtype=np.float32).reshape(4, 3) ** 2
    Xs, _, _ = standardize(X)
    assert Xs.dtype == np.float32
    np.testing.assert_array_equal(Xs, StandardScaler().fit_transform(X))


def problem(seed: int = 0, n: int = 50, d: int = 400, M: int = 9):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = (X[:, :4].sum(axis=1) + rng.normal(size=n) > 0).astype(int)
    # bootstraps and subsamples: training sets of two sizes share the rebuilt buffer
    sets = [rng.integers(0, n, size=n) if m % 3 else rng.choice(n, size=40, replace=False)
            for m in range(M)]
    return X, y, sets


@pytest.mark.parametrize("budget", [1, 3 * 50 * 400 * 8, 2**40])
def test_the_memory_budget_does_not_change_the_result(budget):
    X, y, sets = problem()
    reference = calibrate_C(LassoSelector(), X, y, sets, 8)  # the default: every set kept
    result = calibrate_C(LassoSelector(), X, y, sets, 8, memory_budget=budget)
    assert result.C == reference.C
    assert result.Cs.tobytes() == reference.Cs.tobytes()
    assert np.array_equal(result.support_sizes, reference.support_sizes)
    assert result.reached


def test_memory_does_not_grow_with_the_number_of_training_sets():
    """M = 24 standardised copies would take 24 · n · d · 8 bytes; the on-demand sets take one
    copy besides the data, plus O(M · d) floats: each set's means and scales and its weights
    at the ends of the bracket and at the C being evaluated."""
    n, d, M = 400, 12_000, 24
    X, y, sets = problem(1, n=n, d=d, M=M)
    copy = n * d * 8
    tracemalloc.start()
    try:
        calibrate_C(LassoSelector(), X, y, sets, 6, memory_budget=1, n_refine=2)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    bound = copy + 8 * M * d * 8
    assert peak < bound, f"peak {peak / 1e6:.1f} MB, bound {bound / 1e6:.1f} MB"
    assert bound < 2 * copy < M * copy
