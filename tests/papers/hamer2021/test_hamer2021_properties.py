"""Hamer & Dupont (2021), §5.1-5.2: the paper's closed forms as written in
fsstab.papers.hamer2021.properties, against hand computations and against eq. 6 written out in
this test (pairwise loops)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hamer2021_tables import selection_tables

from fsstab.measures import importance_weighted
from fsstab.papers.hamer2021.properties import (
    chance_replicates,
    chance_summary,
    deterministic_map,
    disjoint_map,
    eq10_forms,
    importance_profile,
    kuncheva_index,
    map_checks,
    random_identity_map,
    theorem1_importances,
    theorem2_value,
)
from fsstab.papers.hamer2021.stages import properties_step


def _eq6_by_pairs(W: np.ndarray) -> float:
    """φ_iw of eq. 6 by its pairwise definition (every run non-empty)."""
    M, d = W.shape
    k_bar = np.count_nonzero(W) / M
    I = W * k_bar / W.sum(axis=1, keepdims=True)
    overlaps, chances = [], []
    for i, j in itertools.combinations(range(M), 2):
        both = (I[i] > 0) & (I[j] > 0)
        overlaps.append(np.minimum(I[i, both], I[j, both]).sum())
        chances.append(sum(min(a, b) for a in I[i][I[i] > 0] for b in I[j][I[j] > 0]) / d)
    C = np.mean(chances)
    return float(np.mean([(o - c) / (k_bar - C) for o, c in zip(overlaps, chances,
                                                                 strict=True)]))


def _random_map(rng, M=8, d=30, sizes=(3, 7)) -> np.ndarray:
    W = np.zeros((M, d))
    for i in range(M):
        k = rng.integers(*sizes)
        W[i, rng.choice(12, size=k, replace=False)] = rng.exponential(size=k) + 0.01
    return W


def test_eq10_equals_eq6_by_pairs():
    rng = np.random.default_rng(3)
    for _ in range(5):
        W = _random_map(rng)
        left, right = eq10_forms(W)
        assert left == pytest.approx(_eq6_by_pairs(W), abs=1e-12)
        assert right == pytest.approx(_eq6_by_pairs(W), abs=1e-12)


def test_theorem2_and_kuncheva_by_hand():
    # runs {0, 1} and {0, 1, 2}, d = 4: k̄ = 2.5; μ[k̄|∩|/max] = 2.5 · 2/3, μ[k_i k_j/max] = 2:
    # φ_iw = (5/3 − 2.5/4 · 2) / (2.5 − 2.5/4 · 2) = 1/3
    Z = np.array([[1, 1, 0, 0], [1, 1, 1, 0]], dtype=bool)
    assert theorem2_value(Z) == pytest.approx(1 / 3)
    assert importance_weighted(Z.astype(float)) == pytest.approx(1 / 3)
    # Kuncheva, k = 2, d = 4: (|∩| − 1) / (2 − 1)
    assert kuncheva_index(np.array([[1, 1, 0, 0], [1, 1, 0, 0]], dtype=bool)) == 1.0
    assert kuncheva_index(np.array([[1, 1, 0, 0], [0, 0, 1, 1]], dtype=bool)) == -1.0
    with pytest.raises(ValueError, match="one subset size"):
        kuncheva_index(Z)


def test_the_extreme_maps():
    W = np.array([[2.0, 1.0, 0, 0, 0], [0, 3.0, 1.0, 0, 0], [1.0, 0, 0, 0, 4.0]])
    D = deterministic_map(W)
    assert (W[0] == D).all()
    assert importance_weighted(D) == pytest.approx(1.0)
    S = disjoint_map(W)
    assert S.shape == (3, 6)
    assert (np.count_nonzero(S, axis=0) == 1).all()
    assert sorted(S[S > 0]) == sorted(W[W > 0])
    R = random_identity_map(W, np.random.default_rng(0))
    assert sorted(R[1][R[1] > 0]) == [1.0, 3.0]


def test_map_checks_and_chance_on_random_maps():
    rng = np.random.default_rng(5)
    W = _random_map(rng)
    checks = map_checks(W)
    assert checks["importance_weighted"] == pytest.approx(_eq6_by_pairs(W), abs=1e-12)
    assert checks["constant_size"] == 0.0
    assert math.isnan(checks["kuncheva"])
    assert checks["deterministic_importance_weighted"] == pytest.approx(1.0)
    assert checks["importance_spread"] > 0
    fixed = np.zeros((6, 40))
    for i in range(6):
        fixed[i, rng.choice(20, 5, replace=False)] = 1.0
    constant = map_checks(fixed)
    assert constant["constant_size"] == 1.0
    assert constant["kuncheva"] == pytest.approx(constant["even_nogueira"], abs=1e-12)
    # random selections: the mean φ_iw is near 0 (Property 4) -- a wide check of the helper
    mean, se = chance_summary(chance_replicates(W, 300, np.random.default_rng(1)))
    assert abs(mean) < 5 * se + 1e-3


def test_importance_profile_by_hand():
    # feature 0 in all 3 runs, feature 1 in runs 0-1, feature 2 in run 2; k̄ = 2 so each run's
    # importances are scaled to sum to 2
    W = np.array([[3.0, 1.0, 0.0], [1.0, 1.0, 0.0], [1.0, 0.0, 1.0]])
    profile = importance_profile(W)
    I = np.array([[1.5, 0.5, 0], [1.0, 1.0, 0], [1.0, 0, 1.0]])
    frequency = np.array([1, 2 / 3, 1 / 3])
    mean_importance = np.array([3.5 / 3, 0.75, 1.0])
    assert profile["pearson_r"] == pytest.approx(np.corrcoef(frequency, mean_importance)[0, 1])
    spreads = [np.std(np.log(I[:, 0]), ddof=1), np.std(np.log([0.5, 1.0]), ddof=1)]
    assert profile["median_log_sd"] == pytest.approx(np.median(spreads))
    assert profile["n_recurring"] == 2


def test_theorem1_search_matches_eq7():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((80, 6)) * [1, 2, 5, 0.5, 1, 3]
    y = (X[:, 0] + 0.3 * X[:, 2] - X[:, 4] + rng.standard_normal(80) > 0).astype(int)
    eq7, eq9 = theorem1_importances(X, y, np.array([0, 2, 4, 5]))
    assert eq7.sum() == pytest.approx(4)
    assert np.abs(eq7 - eq9).max() < 1e-6


def test_properties_step_on_selection_tables():
    rows = []
    for resample in range(4):
        for f in (0, 1, 2 + resample % 2):
            rows.append((resample, "default", f, True, 1.0 + f + resample, None))
    runs, features = selection_tables(rows)
    rng = np.random.default_rng(0)
    X = rng.standard_normal((30, 5))
    y = (X[:, 0] > 0).astype(int)
    maps, lasso = properties_step({"lasso": (runs, features)}, X, y, paper="sonar",
                                  lasso="lasso", n_replicates=10, random_state=1)
    assert list(maps["configuration"]) == ["lasso"]
    assert maps["constant_size"].iloc[0] == 1.0
    assert maps["eq10_left"].iloc[0] == pytest.approx(maps["importance_weighted"].iloc[0])
    assert lasso["theorem1_n_features"].iloc[0] == 3
    assert lasso["chance_replicates"].iloc[0] == 10
