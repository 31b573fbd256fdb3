"""adjusted_measure_by_group: every group's value equals the measure on the group's rows."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.measures import adjusted_measure_by_group, intersection_count, yu


def _similarity(d: int, rng: np.random.Generator) -> np.ndarray:
    C = rng.uniform(0, 1, size=(d, d))
    C = (C + C.T) / 2
    np.fill_diagonal(C, 1.0)
    return C


@pytest.fixture
def setup():
    rng = np.random.default_rng(4)
    d = 9
    C = _similarity(d, rng)
    Z = rng.uniform(size=(12, d)) < 0.35
    Z[Z.sum(axis=1) == 0, 0] = True
    groups = np.repeat(["b", "a", "c"], 4)  # labels sorted: a, b, c
    return Z, C, groups


def test_exact_values_equal_separate_calls(setup):
    Z, C, groups = setup
    values = adjusted_measure_by_group("intersection_count", Z, groups, C, threshold=0.7,
                                       correction="exact")
    for position, label in enumerate(["a", "b", "c"]):
        expected = intersection_count(Z[groups == label], C, threshold=0.7, correction="exact")
        assert values[position] == pytest.approx(expected, abs=1e-12)


def test_estimated_values_agree_up_to_monte_carlo_error(setup):
    Z, C, groups = setup
    values = adjusted_measure_by_group("yu", Z, groups, C, threshold=0.7,
                                       correction="estimate", n_estimate=20_000, random_state=1)
    for position, label in enumerate(["a", "b", "c"]):
        exact = yu(Z[groups == label], C, threshold=0.7, correction="exact")
        assert values[position] == pytest.approx(exact, abs=0.05)


def test_single_run_groups_and_bad_groups(setup):
    Z, C, _ = setup
    groups = np.r_[np.zeros(11, int), 1]
    values = adjusted_measure_by_group("intersection_count", Z, groups, C, threshold=0.7,
                                       correction="exact")
    assert np.isnan(values[1])
    assert np.isfinite(values[0])
    zero = adjusted_measure_by_group("intersection_count", Z, groups, C, threshold=0.7,
                                     correction="exact", undefined="zero")
    assert zero[1] == 0.0
    with pytest.raises(ValueError, match="one label per run"):
        adjusted_measure_by_group("intersection_count", Z, groups[:5], C, threshold=0.7)
    with pytest.raises(ValueError, match="adjusted pairwise measure"):
        adjusted_measure_by_group("jaccard", Z, groups, C, threshold=0.7)
