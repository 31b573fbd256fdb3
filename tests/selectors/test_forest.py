"""fsstab._forest.fit_forest grows the trees of RandomForestClassifier.fit, bit for bit.

The reference is scikit-learn's own ``fit`` on the same estimator: every tree's structure and
leaf values, the bootstrap rows, the predictions and the impurity importances must be equal.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.ensemble import RandomForestClassifier

from fsstab import _forest, importance
from fsstab._forest import fast_path_available, fit_forest
from fsstab.importance import oob_permutation_importance
from fsstab.selectors import RandomForestSelector


def _data(n_classes: int, n: int = 90, d: int = 12, seed: int = 0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, n_classes, size=n) * 3 + 1  # labels 1, 4, 7: not codes
    X = rng.normal(size=(n, d))
    X[:, :3] += 1.5 * y[:, None] / 3
    X[:, 5] = np.round(X[:, 5])  # ties in a column: equal thresholds must be found alike
    return X, y


def assert_same_forest(a: RandomForestClassifier, b: RandomForestClassifier, X) -> None:
    assert len(a.estimators_) == len(b.estimators_)
    for s, t in zip(a.estimators_, b.estimators_, strict=True):
        assert s.random_state == t.random_state
        for name in ("feature", "threshold", "children_left", "children_right", "value",
                     "impurity", "n_node_samples", "weighted_n_node_samples"):
            assert np.array_equal(getattr(s.tree_, name), getattr(t.tree_, name)), name
        assert np.array_equal(s.classes_, t.classes_)
        assert s.n_classes_ == t.n_classes_ and s.max_features_ == t.max_features_  # noqa: PT018
    assert np.array_equal(a.classes_, b.classes_) and a.n_classes_ == b.n_classes_  # noqa: PT018
    for s, t in zip(a.estimators_samples_, b.estimators_samples_, strict=True):
        assert np.array_equal(s, t)
    assert np.array_equal(a.predict_proba(X), b.predict_proba(X))
    assert np.array_equal(a.predict(X), b.predict(X))
    assert np.array_equal(a.feature_importances_, b.feature_importances_)
    assert a.n_features_in_ == b.n_features_in_


def test_fast_path_is_active_on_the_installed_scikit_learn():
    # if this fails, scikit-learn's private tree API changed: fit_forest still gives the right
    # forests (through fit), but the random-forest selectors lose their speed-up
    assert fast_path_available()


@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"criterion": "entropy", "max_features": 4},
        {"criterion": "log_loss", "max_features": 0.5, "min_samples_leaf": 3},
        {"max_features": None, "max_depth": 3, "min_samples_split": 6},
        {"max_features": "log2", "min_impurity_decrease": 0.01},
        {"n_jobs": 2},
    ],
)
def test_fit_forest_grows_the_trees_of_fit(n_classes, settings):
    X, y = _data(n_classes)
    forest = RandomForestClassifier(n_estimators=12, random_state=3, **settings)
    reference = clone(forest).fit(X, y)
    ours = fit_forest(clone(forest), X, y)
    assert ours.estimators_[0].tree_ is not reference.estimators_[0].tree_
    assert_same_forest(reference, ours, X)


def test_fit_forest_takes_the_fast_path(monkeypatch):
    X, y = _data(2)
    # the once-per-process check compares against fit itself: run it before fit is replaced
    # (the test then holds alone as well as after the others)
    assert fast_path_available()
    calls = []
    monkeypatch.setattr(RandomForestClassifier, "fit", lambda self, *a, **k: calls.append(1))
    fit_forest(RandomForestClassifier(n_estimators=3, random_state=0), X, y)
    assert calls == []


@pytest.mark.parametrize(
    "settings", [{"class_weight": "balanced"}, {"max_samples": 0.5}, {"ccp_alpha": 0.01},
                 {"bootstrap": False}, {"max_leaf_nodes": 5}],
)
def test_other_settings_go_through_fit(settings):
    X, y = _data(2)
    forest = RandomForestClassifier(n_estimators=5, random_state=1, **settings)
    assert not _forest._is_supported(forest, X)
    assert_same_forest(clone(forest).fit(X, y), fit_forest(clone(forest), X, y), X)


def test_invalid_parameters_raise_as_fit_does():
    X, y = _data(2)
    with pytest.raises(ValueError, match="n_estimators"):
        fit_forest(RandomForestClassifier(n_estimators=0), X, y)


def test_missing_values_go_through_fit():
    X, y = _data(2)
    X = np.where(X > 2, np.nan, X)  # scikit-learn's forests handle missing values themselves
    forest = RandomForestClassifier(n_estimators=4, random_state=0)
    assert not _forest._is_supported(forest, X)
    assert_same_forest(clone(forest).fit(X, y), fit_forest(clone(forest), X, y), X)


def _oob_brute_force(forest, X, y_codes, n_repeats, seed):
    """Breiman's OOB permutation importance, one tree, one feature, one permutation at a time."""
    draws = np.random.RandomState(seed)
    total, n_trees = np.zeros(X.shape[1]), 0
    for tree, in_bag in zip(forest.estimators_, forest.estimators_samples_, strict=True):
        oob = np.setdiff1d(np.arange(len(y_codes)), in_bag)
        if oob.size == 0:
            continue
        n_trees += 1
        Xo, yo = X[oob].astype(np.float32), y_codes[oob]
        base = np.mean(tree.predict(Xo) == yo)
        for f in sorted(set(tree.tree_.feature[tree.tree_.feature >= 0])):
            correct = 0
            for _ in range(n_repeats):
                Xp = Xo.copy()
                Xp[:, f] = Xo[draws.permutation(oob.size), f]
                correct += np.sum(tree.predict(Xp) == yo)
            total[f] += base - correct / (oob.size * n_repeats)
    return np.maximum(total / n_trees, 0.0)


@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("n_repeats", [1, 3])
@pytest.mark.parametrize("batch_entries", [None, 500])
def test_oob_importance_equals_the_one_feature_at_a_time_loop(
    monkeypatch, n_classes, n_repeats, batch_entries
):
    # the vectorised version must give the very same floats: same permutations, same sums
    if batch_entries is not None:  # several predict batches per tree
        monkeypatch.setattr("fsstab.importance._permutation._BATCH_ENTRIES", batch_entries)
    X, y = _data(n_classes, n=70)
    forest = fit_forest(RandomForestClassifier(n_estimators=20, random_state=2), X, y)
    codes = np.searchsorted(forest.classes_, y)
    got = oob_permutation_importance(forest, X, y, n_repeats=n_repeats, random_state=9)
    assert np.array_equal(got, _oob_brute_force(forest, X, codes, n_repeats, 9))
    assert got[:3].mean() > 2 * got[3:].mean()  # the informative columns matter most


def test_random_forest_selector_does_not_depend_on_n_jobs():
    X, y = _data(3, n=80)
    one = RandomForestSelector(n_estimators=30, n_features_to_select=4, random_state=0,
                               n_jobs=1).fit(X, y)
    two = RandomForestSelector(n_estimators=30, n_features_to_select=4, random_state=0,
                               n_jobs=2).fit(X, y)
    for name in ("support_", "importances_", "scores_", "ranking_"):
        assert np.array_equal(getattr(one, name), getattr(two, name))
    assert np.array_equal(one.predict_proba(X), two.predict_proba(X))


@pytest.mark.parametrize(
    ("settings", "fit_kwargs"),
    [({}, {}), ({"max_samples": 0.6}, {}), ({"max_samples": 30}, {}),
     ({}, {"sample_weight": np.linspace(0.5, 2.0, 90)}), ({"class_weight": "balanced"}, {})],
)
def test_in_bag_rows_are_estimators_samples(settings, fit_kwargs):
    # the OOB importance redraws each tree's bootstrap rows; they must be scikit-learn's
    X, y = _data(2)
    forest = RandomForestClassifier(n_estimators=6, random_state=4, **settings)
    fitted = [clone(forest).fit(X, y, **fit_kwargs)]
    if not fit_kwargs:
        fitted.append(fit_forest(clone(forest), X, y))
    for model in fitted:
        ours = list(importance._in_bag_samples(model))
        assert len(ours) == len(model.estimators_samples_)
        for a, b in zip(ours, model.estimators_samples_, strict=True):
            assert np.array_equal(a, b)
