"""StabilitySelection for regression and survival, and its subsample fits split into slices
(the workflow's jobs) whose counts add up to one fit's."""

from __future__ import annotations

import numpy as np
import pytest
from sksurv.util import Surv

from fsstab.selectors import (
    FilterSelector,
    HybridRFE,
    LassoSelector,
    RandomForestSelector,
    StabilitySelection,
    stability_subsamples,
    subsample_selection_counts,
    task_problems,
)


def _regression(seed=0, n=60, d=12):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = 3.0 * X[:, 0] - 2.0 * X[:, 1] + rng.normal(size=n)
    return X, y


def _survival(seed=0, n=80, d=10):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    time = rng.exponential(size=n) * np.exp(-(1.5 * X[:, 0] - 1.5 * X[:, 1]))
    event = rng.random(n) < 0.6
    return X, Surv.from_arrays(event, time)


def test_regression_frequencies_are_the_top_q_absolute_correlations_of_each_half():
    """Written in the test: on each half, the q features of largest |Pearson r| with y."""
    X, y = _regression()
    q = 2
    stabs = StabilitySelection(FilterSelector(method="pearson"), q=q, pi_thr=0.9, pfer=None,
                               n_pairs=5, task="regression", random_state=3).fit(X, y)
    assert stabs.subsamples_.shape == (10, 30)
    counts = np.zeros(X.shape[1])
    for rows in stabs.subsamples_:
        r = np.array([abs(np.corrcoef(X[rows, j], y[rows])[0, 1]) for j in range(X.shape[1])])
        counts[np.argsort(-r, kind="stable")[:q]] += 1
    np.testing.assert_array_equal(stabs.frequencies_, counts / 10)
    assert stabs.frequencies_[0] == 1.0  # the strongest feature on every half
    # complementary halves of the rows, not stratified: each pair partitions 2 * 30 rows
    for b in range(5):
        pair = np.r_[stabs.subsamples_[2 * b], stabs.subsamples_[2 * b + 1]]
        assert np.unique(pair).size == 60
    assert stabs.predict(X).shape == (60,)


def test_survival_halves_deal_events_evenly_and_the_cox_path_finds_the_signal():
    X, y = _survival()
    events = y["event"]
    stabs = StabilitySelection(LassoSelector(), selection="path", q=3, pfer=1.0, pi_thr=None,
                               assumption="r-concave", n_pairs=10, task="survival",
                               random_state=0).fit(X, y)
    for b in range(10):
        first, second = stabs.subsamples_[2 * b], stabs.subsamples_[2 * b + 1]
        assert abs(int(events[first].sum()) - int(events[second].sum())) <= 1
    assert set(np.flatnonzero(stabs.support_)) >= {0, 1}
    assert stabs.pfer_ <= 1.0


def test_counts_over_slices_of_the_subsamples_add_up_to_one_fit():
    """The workflow's split of the subsample fits over jobs: a seeded base selector (a random
    forest) gives the same counts slice by slice as in one fit."""
    X, y = _regression(1, n=50, d=8)
    base = RandomForestSelector(n_estimators=10, task="regression")
    stabs = StabilitySelection(base, q=2, pi_thr=0.6, pfer=None, n_pairs=4, task="regression",
                               random_state=7).fit(X, y)
    rows, seeds = stability_subsamples(y, 4, stabs._seeds()[0], task="regression")
    np.testing.assert_array_equal(rows, stabs.subsamples_)
    total = np.zeros(X.shape[1])
    for start in range(0, 8, 3):
        part = slice(start, start + 3)
        total += subsample_selection_counts(base, X, y, rows[part], seeds[part], q=2,
                                            task="regression")
    np.testing.assert_array_equal(total / 8, stabs.frequencies_)


def test_classification_halves_are_unchanged_by_the_task_parameter():
    rng = np.random.default_rng(0)
    y = np.repeat([0, 1], 20)
    X = rng.normal(size=(40, 6)) + 2.0 * y[:, None] * (np.arange(6) < 2)
    default = StabilitySelection(FilterSelector(method="anova"), q=2, pi_thr=0.9, pfer=None,
                                 n_pairs=5, random_state=0).fit(X, y)
    rows, _ = stability_subsamples(y, 5, default._seeds()[0])
    np.testing.assert_array_equal(rows, default.subsamples_)
    for half in rows:
        assert np.bincount(y[half]).tolist() == [10, 10]


def test_a_base_selector_that_does_not_serve_the_task_is_refused():
    problems = task_problems("StabilitySelection", {"selector": {"class": "HybridRFE"}},
                             "regression")
    assert [(p.path, p.problem) for p in problems] == [
        ("selector", "HybridRFE serves classification, not regression")]
    X, y = _regression()
    with pytest.raises(ValueError, match="serves classification only"):
        StabilitySelection(HybridRFE(), q=2, pi_thr=0.9, pfer=None, n_pairs=2,
                           task="regression").fit(X, y)


def test_stratified_survival_halves_need_two_events():
    X, y = _survival(n=20)
    y["event"][:] = False
    y["event"][0] = True
    with pytest.raises(ValueError, match="at least 2 events and censored samples"):
        StabilitySelection(LassoSelector(), selection="path", q=2, pfer=1.0, pi_thr=None,
                           n_pairs=2, task="survival").fit(X, y)
