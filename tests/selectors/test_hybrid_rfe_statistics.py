"""Precomputed univariate statistics for hybrid-RFE (the workflow computes them once per
resample and shares them between every hybrid-RFE configuration)."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.selectors import HybridRFE, hybrid_rfe_sweep
from fsstab.selectors._rfe import criterion_from_statistics
from fsstab.selectors._univariate import sample_variance, welch_t_statistic


def test_criterion_from_statistics_by_hand():
    # t = (3, 1, 2) -> ranks (3, 1, 2); variance = (10, 30, 20) -> ranks (1, 3, 2); d = 3
    # v = 0.25: 0.75 * (3, 1, 2)/3 + 0.25 * (1, 3, 2)/3 = (10/12, 6/12, 8/12)
    score = criterion_from_statistics(np.array([3.0, 1, 2]), np.array([10.0, 30, 20]), 0.25)
    np.testing.assert_allclose(score, [10 / 12, 6 / 12, 8 / 12])
    # ties take average ranks: t = (5, 5, 1) -> ranks (2.5, 2.5, 1), v = 0
    np.testing.assert_allclose(
        criterion_from_statistics(np.array([5.0, 5, 1]), None, 0.0), [2.5 / 3, 2.5 / 3, 1 / 3]
    )


def test_criterion_from_statistics_rejects_missing_or_mismatched_statistics():
    with pytest.raises(ValueError, match="variance is needed"):
        criterion_from_statistics(np.ones(3), None, 0.5)
    with pytest.raises(ValueError, match="one value per feature"):
        criterion_from_statistics(np.ones(3), np.ones(4), 0.5)


def test_sweep_with_precomputed_statistics_equals_plain_sweep():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((40, 25))
    y = (X[:, 0] + X[:, 3] + 0.5 * rng.standard_normal(40) > 0).astype(int)
    base = HybridRFE(n_features_to_select=5, n_forced=2, epsilon=0.5, variance_weight=0.3)
    grid = {"final_C": [0.1, 1.0], "shrinkage_alpha": [0.0, 2.0]}
    plain = hybrid_rfe_sweep(X, y, grid, base=base)
    stats = (welch_t_statistic(X, y), sample_variance(X))
    shared = hybrid_rfe_sweep(X, y, grid, base=base, univariate_statistics=stats)
    for (p1, s1), (p2, s2) in zip(plain, shared, strict=True):
        assert p1 == p2
        np.testing.assert_array_equal(s1.forced_, s2.forced_)
        np.testing.assert_array_equal(s1.support_, s2.support_)
        np.testing.assert_array_equal(s1.importances_, s2.importances_)


def test_sweep_uses_the_given_statistics():
    # statistics that rank feature 7 first force it into the selection
    rng = np.random.default_rng(1)
    X = rng.standard_normal((30, 10))
    y = np.r_[np.zeros(15, int), np.ones(15, int)]
    t = np.zeros(10)
    t[7] = 100.0
    base = HybridRFE(n_features_to_select=3, n_forced=1, variance_weight=0.0)
    ((_, selector),) = hybrid_rfe_sweep(
        X, y, {"final_C": [1.0]}, base=base, univariate_statistics=(t, np.ones(10))
    )
    assert selector.forced_.tolist() == [7]
    assert selector.support_[7]
    with pytest.raises(ValueError, match="one per feature"):
        hybrid_rfe_sweep(X, y, {"final_C": [1.0]}, base=base,
                         univariate_statistics=(np.ones(9), np.ones(9)))
