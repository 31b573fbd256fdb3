"""Stability selection on given subsamples, thresholds after the fit, the selection stage of
L0Selector alone, and tree_usage_fraction: each against a loop written out here."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.ensemble import RandomForestClassifier
from sklearn.exceptions import NotFittedError

from fsstab.selectors import (
    FilterSelector,
    L0Selector,
    StabilitySelection,
    complementary_pairs,
    l0_logistic_support,
    tree_usage_fraction,
)


def _data(seed=0, n=60, d=12):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = (X[:, 0] + X[:, 1] + 0.5 * rng.normal(size=n) > 0).astype(np.int64)
    return X, y


def test_given_subsamples_are_used_and_frequencies_follow_them():
    X, y = _data()
    pairs = complementary_pairs(y, 4, random_state=3)
    stabs = StabilitySelection(FilterSelector(method="anova"), q=3, pi_thr=0.75, pfer=None,
                               subsamples=pairs, n_pairs=99, random_state=0).fit(X, y)
    np.testing.assert_array_equal(stabs.subsamples_, pairs)  # n_pairs is ignored
    counts = np.zeros(X.shape[1])
    for rows in pairs:
        scores = FilterSelector(method="anova", n_features_to_select=12).fit(
            X[rows], y[rows]).scores_
        counts[np.argsort(-scores, kind="stable")[:3]] += 1
    np.testing.assert_array_equal(stabs.frequencies_, counts / len(pairs))
    np.testing.assert_array_equal(stabs.support_, counts / len(pairs) >= 0.75)


def test_support_at_equals_a_fit_at_that_threshold():
    X, y = _data(1)
    pairs = complementary_pairs(y, 5, random_state=0)
    fitted = StabilitySelection(FilterSelector(method="anova"), q=4, pi_thr=0.9, pfer=None,
                                subsamples=pairs).fit(X, y)
    for pi_thr in (0.6, 0.7, 0.8, 1.0):
        other = StabilitySelection(FilterSelector(method="anova"), q=4, pi_thr=pi_thr,
                                   pfer=None, subsamples=pairs).fit(X, y)
        np.testing.assert_array_equal(fitted.support_at(pi_thr), other.support_)
    # π̂ = 0.7 exactly (7 of 10 subsamples) counts as selected at π_thr = 0.7
    assert fitted.support_at(0.7).sum() == (fitted.frequencies_ >= 0.7 - 1e-12).sum()
    with pytest.raises(ValueError, match=r"pi_thr must lie in \(0.5, 1\]"):
        fitted.support_at(0.5)
    with pytest.raises(NotFittedError):
        StabilitySelection(FilterSelector()).support_at(0.8)


@pytest.mark.parametrize(("subsamples", "message"), [
    (np.arange(10), "2-d array"),
    (np.array([[0.5, 1.0], [2.0, 3.0]]), "2-d array"),
    (np.array([[0, 1], [2, 60]]), "outside 0..59"),
])
def test_bad_subsamples_are_named(subsamples, message):
    X, y = _data()
    with pytest.raises(ValueError, match=message):
        StabilitySelection(FilterSelector(), q=2, pi_thr=0.8, pfer=None,
                           subsamples=subsamples).fit(X, y)


def test_l0_stability_selection_is_the_loop_over_l0_fits():
    # thesis §8.2 "stabs": L0 as the base selector, the selection stage alone on each subsample
    X, y = _data(2)
    pairs = complementary_pairs(y, 3, random_state=1)
    stabs = StabilitySelection(L0Selector(backend="abess"), q=2, pi_thr=0.8, pfer=None,
                               size_parameter="max_support_size", subsamples=pairs,
                               random_state=0).fit(X, y)
    counts = sum(l0_logistic_support(X[rows], y[rows], 2, backend="abess")[0] for rows in pairs)
    np.testing.assert_array_equal(stabs.frequencies_, counts / 6)


def test_l0_selector_selection_stage_equals_its_fit():
    X, y = _data(3)
    full = L0Selector(max_support_size=3, backend="abess").fit(X, y)
    alone = L0Selector(max_support_size=3, backend="abess")._select_only(X, y)
    np.testing.assert_array_equal(alone.support_, full.support_)
    assert alone.backend_ == full.backend_ == "abess"
    assert not hasattr(alone, "estimator_")
    # deterministic: the global random state is not touched
    state = np.random.get_state()[1].copy()
    L0Selector(max_support_size=2, backend="abess")._select_only(X, y)
    np.testing.assert_array_equal(np.random.get_state()[1], state)


def test_tree_usage_fraction_counts_the_trees_splitting_on_a_feature():
    X, y = _data(4, d=5)
    X[:, 4] = 0.0  # a constant feature is never split on
    forest = RandomForestClassifier(n_estimators=15, random_state=0).fit(X, y)
    expected = np.zeros(5)
    for tree in forest.estimators_:
        expected[[f for f in set(tree.tree_.feature.tolist()) if f >= 0]] += 1
    np.testing.assert_allclose(tree_usage_fraction(forest, 5), expected / 15)
    assert tree_usage_fraction(forest, 5)[4] == 0.0
