"""Equal accuracies tie: the 422/450 case of Sechidis et al.'s wine data set, derived here.

On wine (178 rows, 5 % held out: 9 test rows) with M = 50 resamples, three selectors each
predicted 422 of the 450 held-out rows correctly. Their mean accuracies are the mean of 50
per-resample ratios c_i / 9, which a float mean rounds differently depending on the order of the
c_i. The test finds such orders itself (the per-resample counts 9 × 22 and 8 × 28 sum to 422)
and checks that every comparison of :mod:`fsstab.pareto` treats the results as one value --
with exact comparisons, the configuration whose float happens to be largest "dominates" the
others by 1e-16.
"""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.pareto import (
    choose_by_gamma,
    dominated_area,
    dominator_counts,
    epsilon_constraint_selection,
    non_dominated_mask,
    pa_best_mask,
    pareto_front,
)
from fsstab.ties import TIE_TOLERANCE, merge_ties

N_RESAMPLES, N_TEST, CORRECT = 50, 9, 422


def _same_count_means() -> list[float]:
    """Distinct float means of per-resample accuracies that all total 422 correct of 450."""
    counts = np.array([9] * 22 + [8] * 28)
    assert counts.size == N_RESAMPLES
    assert counts.sum() == CORRECT
    rng = np.random.default_rng(0)
    means = {float(np.mean(rng.permutation(counts) / N_TEST)) for _ in range(500)}
    return sorted(means)


def test_the_same_ratio_of_counts_rounds_to_several_floats():
    means = _same_count_means()
    assert len(means) >= 3  # e.g. 0.9377777777777776, …777, …778
    assert all(abs(m - CORRECT / (N_RESAMPLES * N_TEST)) < 1e-15 for m in means)
    assert len(set(merge_ties(means).tolist())) == 1


def _wine_like(means: list[float]) -> tuple[np.ndarray, np.ndarray]:
    """GBM (φ = 1), JMI (φ = 0.98), CMIM (φ = 0.78) at 422/450, the least stable one with the
    largest float, plus a configuration one sample less accurate (421/450)."""
    accuracy = np.array([means[0], means[1], means[-1], 421 / 450])
    stability = np.array([1.0, 0.98, 0.78, 0.5])
    return accuracy, stability


def test_tied_accuracies_do_not_dominate():
    accuracy, stability = _wine_like(_same_count_means())
    # the exact comparisons: CMIM's float is the largest, so it would be on the front
    assert accuracy[2] > accuracy[0]
    points = np.column_stack([accuracy, stability])
    assert non_dominated_mask(points).tolist() == [True, False, False, False]
    assert pareto_front(accuracy, stability).tolist() == [0]
    assert dominator_counts(points).tolist() == [0, 1, 2, 3]
    assert pa_best_mask(points).tolist() == [True, False, False, False]


def test_tied_accuracies_in_the_choices():
    accuracy, stability = _wine_like(_same_count_means())
    # γ = 1 maximises accuracy: three tie, the most stable of them wins
    assert choose_by_gamma(accuracy, stability, 1.0) == 0
    assert epsilon_constraint_selection(accuracy, stability, acc_const=0.0, stab_const=0.0,
                                        random_state=0) == 0
    # the area dominated from (0, 0) is the one front point's box (GBM's accuracy × 1), without
    # the sliver of width 2e-16 that CMIM's larger float would add
    assert dominated_area(accuracy, stability, (0.0, 0.0)) == accuracy[0]


def test_identical_points_after_merging_stay_all_optimal():
    means = _same_count_means()
    points = np.column_stack([means, np.ones(len(means))])
    assert non_dominated_mask(points).all()


def test_one_sample_apart_is_not_a_tie():
    # one prediction more among M · n_test rows for large runs: M = 1000, n_test = 1000
    total = 1000 * 1000
    a, b = 700_000 / total, 700_001 / total
    assert b - a > TIE_TOLERANCE
    assert merge_ties([a, b]).tolist() == [a, b]
    assert non_dominated_mask(np.column_stack([[a, b], [1.0, 1.0]])).tolist() == [False, True]


def test_merge_ties_leaves_untied_values_bit_for_bit_and_ignores_order():
    values = np.array([0.5, 0.1 + 0.2, 0.3, 0.7, 1e-3, 2.0, 2.0 + 1e-9])
    merged = merge_ties(values)
    # 0.1 + 0.2 = 0.30000000000000004 ties 0.3; 2 and 2 + 1e-9 are 5e-10 apart relative: not tied
    assert merged.tolist() == [0.5, 0.3, 0.3, 0.7, 1e-3, 2.0, 2.0 + 1e-9]
    shuffled = np.random.default_rng(1).permutation(values.size)
    assert merge_ties(values[shuffled]).tolist() == merged[shuffled].tolist()


def test_merge_ties_is_relative_for_large_scores_and_per_column():
    # a mean size of 1e6 features computed in two orders
    big = np.array([1e6, 1e6 * (1 + 4e-16), 1e6 + 1.0])
    assert merge_ties(big).tolist() == [1e6, 1e6, 1e6 + 1.0]
    matrix = np.column_stack([[0.3, 0.1 + 0.2], [0.1 + 0.2, 0.5]])
    assert merge_ties(matrix).tolist() == [[0.3, 0.30000000000000004], [0.3, 0.5]]


def test_merge_ties_rejects_a_bad_tolerance():
    with pytest.raises(ValueError, match="tolerance"):
        merge_ties([0.1], tolerance=-1.0)


def test_merge_ties_leaves_nan_alone():
    merged = merge_ties([np.nan, 0.3, 0.1 + 0.2, np.inf])
    assert np.isnan(merged[0])
    assert merged[1:].tolist() == [0.3, 0.3, np.inf]


def test_most_accurate_choices_tie_too():
    """Bommert (2020): the A-best configurations (§7.1) and single-criterion tuning (§8.2)
    choose "the best accuracy"; tied accuracies are all best."""
    import pandas as pd

    from fsstab.papers.bommert2020.ch7.tuning import ch7_optimal_flags
    from fsstab.papers.bommert2020.ch8.approaches import choose_by_accuracy

    accuracy, stability = _wine_like(_same_count_means())
    table = pd.DataFrame({"config": ["gbm", "jmi", "cmim", "rf"], "accuracy": accuracy,
                          "mean_n_selected": [3.0, 3.0, 3.0, 3.0], "phi": stability})
    flags = ch7_optimal_flags(table, measures=["phi"])
    assert flags["a_best"].tolist() == [True, True, True, False]
    assert flags["pareto_phi"].tolist() == [True, False, False, False]
    chosen = {choose_by_accuracy(accuracy, seed) for seed in range(40)}
    assert chosen == {0, 1, 2}
