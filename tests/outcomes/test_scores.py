"""Scores per task (fsstab.outcomes): values, intervals on hand-made cases, and the Pareto, γ and
ε decisions on any score."""

from __future__ import annotations

import doctest
import itertools

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import fsstab.outcomes._scores
from fsstab.outcomes import (
    SCORES,
    choose_by_gamma_score,
    epsilon_constraint_by_score,
    gamma_intervals_by_score,
    get_score,
    oriented,
    pareto_front_by_score,
    primary_score,
    score_interval,
    survival_target,
    task_scores,
)
from fsstab.pareto import choose_by_gamma, epsilon_constraint_selection, pareto_front


def test_docstring_examples_run():
    result = doctest.testmod(fsstab.outcomes._scores)
    assert result.failed == 0
    assert result.attempted >= 4


def test_score_values():
    assert SCORES["accuracy"](["a", "b", "b"], ["a", "a", "b"]) == pytest.approx(2 / 3)
    y = np.array([1.0, 2.0, 3.0, 6.0])
    prediction = np.array([1.0, 2.5, 2.5, 6.0])
    # SS_res = 0.5, SS_tot = (−2)² + (−1)² + 0 + 3² = 14
    assert SCORES["r2"](y, prediction) == pytest.approx(1 - 0.5 / 14)
    assert SCORES["rmse"](y, prediction) == pytest.approx(np.sqrt(0.5 / 4))
    assert np.isnan(SCORES["r2"]([2.0, 2.0], [1.0, 3.0]))  # undefined on a constant test set
    event_times = survival_target([1, 1, 0], [1.0, 2.0, 3.0])
    assert SCORES["c_index"](event_times, [3.0, 2.0, 1.0]) == 1.0
    assert SCORES["c_index_uno"](event_times, [1.0, 2.0, 3.0]) == 0.0


def test_r2_matches_scikit_learn():
    from sklearn.metrics import r2_score

    rng = np.random.default_rng(0)
    y, p = rng.normal(size=30), rng.normal(size=30)
    assert SCORES["r2"](y, p) == pytest.approx(r2_score(y, p), abs=1e-12)


def test_scores_per_task_and_the_primary_score():
    assert [s.name for s in task_scores("regression")] == ["r2", "rmse"]
    assert primary_score("classification").name == "accuracy"
    assert primary_score("regression").name == "r2"
    light = survival_target([1, 1, 1, 0], [1.0, 2.0, 3.0, 4.0])    # 25 % censored
    half = survival_target([1, 1, 0, 0], [1.0, 2.0, 3.0, 4.0])     # 50 %: not more than half
    heavy = survival_target([1, 0, 0, 0], [1.0, 2.0, 3.0, 4.0])    # 75 %
    assert primary_score("survival", light).name == "c_index"
    assert primary_score("survival", half).name == "c_index"
    assert primary_score("survival", heavy).name == "c_index_uno"
    assert primary_score("survival", light, censoring_threshold=0.2).name == "c_index_uno"
    with pytest.raises(ValueError, match="give the survival target"):
        primary_score("survival")
    with pytest.raises(ValueError, match="unknown score 'auc'"):
        get_score("auc")


def test_intervals_on_hand_made_cases():
    t4 = stats.t.ppf(0.975, 4)  # M = 5 resamples
    low, high = score_interval([0.5, 0.9, -0.3], [0.05, 0.1, 0.2], [5, 5, 5], "r2")
    np.testing.assert_allclose(low, [0.5 - t4 * 0.05, 0.9 - t4 * 0.1, -0.3 - t4 * 0.2])
    # R² is at most 1 but unbounded below: only the upper end is clipped
    np.testing.assert_allclose(high, [0.5 + t4 * 0.05, 1.0, -0.3 + t4 * 0.2])
    low, high = score_interval([0.97], [0.02], [5], "c_index")
    assert low[0] == pytest.approx(0.97 - t4 * 0.02)
    assert high[0] == 1.0
    low, high = score_interval([0.3], [0.2], [5], "rmse")  # RMSE >= 0
    assert low[0] == 0.0
    assert high[0] == pytest.approx(0.3 + t4 * 0.2)
    t9_90 = stats.t.ppf(0.95, 9)
    low, _ = score_interval([0.6], [0.1], [10], "accuracy", confidence_level=0.9)
    assert low[0] == pytest.approx(0.6 - t9_90 * 0.1)
    low, high = score_interval([0.6], [0.1], [1], "accuracy")  # one resample: no interval
    assert np.isnan(low[0])
    assert np.isnan(high[0])


def test_accuracy_interval_is_the_summary_tables_interval():
    from fsstab.workflow.answers import summary_frame

    summary = pd.DataFrame({
        "dataset": ["d"] * 3, "label": ["a", "b", "c"], "configuration": ["a", "b", "c"],
        "variant": ["default"] * 3, "selector": ["s"] * 3, "class": ["X"] * 3,
        "n_runs": [5, 10, 3], "n_features": [10] * 3, "mean_n_selected": [2.0] * 3,
        "accuracy_mean": [0.91, 0.5, 0.99], "accuracy_se": [0.02, 0.3, 0.05],
    })
    frame = summary_frame(summary, [])
    low, high = score_interval(summary["accuracy_mean"], summary["accuracy_se"],
                               summary["n_runs"], "accuracy")
    np.testing.assert_array_equal(frame["accuracy_low"].to_numpy(), low)
    np.testing.assert_array_equal(frame["accuracy_high"].to_numpy(), high)


def brute_force_front(score, stability, greater_is_better):
    """Points no other point dominates (score in its direction, stability maximised)."""
    s = np.asarray(score) if greater_is_better else -np.asarray(score)
    front = []
    for i in range(len(s)):
        dominated = any(
            s[j] >= s[i] and stability[j] >= stability[i]
            and (s[j] > s[i] or stability[j] > stability[i]) for j in range(len(s)))
        if not dominated:
            front.append(i)
    return sorted(front, key=lambda i: (s[i], i))


def test_pareto_front_by_score_in_both_directions():
    rmse = np.array([0.30, 0.25, 0.40, 0.25, 0.50])
    stability = np.array([0.60, 0.50, 0.90, 0.40, 0.95])
    # RMSE: lower is better. Front: 1 (best RMSE, 0.5), 0, 2, 4 (most stable); 3 is dominated
    assert pareto_front_by_score(rmse, stability, "rmse").tolist() == brute_force_front(
        rmse, stability, False) == [4, 2, 0, 1]
    r2 = np.array([0.2, 0.5, 0.4, 0.5])
    stab = np.array([0.9, 0.3, 0.6, 0.1])
    assert pareto_front_by_score(r2, stab, "r2").tolist() == brute_force_front(
        r2, stab, True) == [0, 2, 1]
    # the accuracy gives fsstab.pareto's own answer
    np.testing.assert_array_equal(pareto_front_by_score(r2, stab, "accuracy"),
                                  pareto_front(r2, stab))


def test_gamma_compromise_by_direct_maximisation():
    # C-index and stability of five configurations
    c_index = np.array([0.60, 0.70, 0.75, 0.80, 0.62])
    stability = np.array([0.90, 0.80, 0.55, 0.40, 0.70])
    for gamma in np.linspace(0, 1, 41):
        objective = gamma * c_index + (1 - gamma) * stability
        best = np.flatnonzero(np.isclose(objective, objective.max(), rtol=0, atol=1e-12))
        # at a tie the more accurate (better scoring) one is chosen
        expected = best[np.argmax(c_index[best])]
        assert choose_by_gamma_score(c_index, stability, gamma, "c_index") == expected
    intervals = gamma_intervals_by_score(c_index, stability, "c_index")
    # hull of (0.6, .9), (0.7, .8), (0.75, .55), (0.8, .4): breakpoints ΔS / (ΔA + ΔS)
    assert intervals.index.tolist() == [0, 1, 3]  # (0.75, .55) lies below the hull edge
    np.testing.assert_allclose(intervals.gamma_hi[:2], [0.1 / 0.2, 0.4 / 0.5])


def test_epsilon_constraint_by_score():
    r2 = np.array([0.50, 0.48, 0.47, 0.30])
    stability = np.array([0.40, 0.55, 0.60, 0.90])
    # within 0.025 of the best R²: rows 0, 1 (0.48 >= 0.475); best stability 0.55, within 0.1:
    # rows 0? no (0.40 < 0.45); row 1 -> chosen
    assert epsilon_constraint_by_score(r2, stability, "r2", score_const=0.025,
                                       stab_const=0.1) == 1
    assert epsilon_constraint_by_score(r2, stability, "r2", score_const=0.025,
                                       stab_const=0.2) == 0
    # on the accuracy it is Bommert's Algorithm 3.2 itself
    assert epsilon_constraint_by_score(r2, stability, "accuracy", score_const=0.05,
                                       stab_const=0.1) == epsilon_constraint_selection(
        r2, stability, acc_const=0.05, stab_const=0.1)


def test_decisions_refuse_a_score_with_units():
    with pytest.raises(ValueError, match="'rmse' has the outcome's units"):
        choose_by_gamma_score([0.1, 0.2], [0.5, 0.4], 0.5, "rmse")
    with pytest.raises(ValueError, match="without units"):
        epsilon_constraint_by_score([0.1, 0.2], [0.5, 0.4], "rmse", score_const=0.1,
                                    stab_const=0.1)


def test_orientation_and_the_accuracy_case_are_exact():
    rng = np.random.default_rng(5)
    for _ in range(20):
        acc, stab = rng.random(12).round(2), rng.random(12).round(2)
        for gamma in (0.0, 0.3, 0.5, 1.0):
            assert choose_by_gamma_score(acc, stab, gamma, "accuracy") == choose_by_gamma(
                acc, stab, gamma)
    values = np.array([1.0, -2.0])
    np.testing.assert_array_equal(oriented(values, "rmse"), -values)
    assert oriented(values, "r2") is not None
    assert np.array_equal(oriented(values, "r2"), values)
    # every registered score with a direction and a range
    for score in SCORES.values():
        assert score.lower < score.upper
        assert isinstance(score.greater_is_better, bool)
    # every score belongs to a task; the accuracy to both tasks of class labels
    owned = list(itertools.chain(*(task_scores(t) for t in
                                   ("classification", "regression", "survival"))))
    assert [s.name for s in owned] == list(SCORES)
    assert task_scores("multiclass") == task_scores("classification")
