"""scikit-learn's metadata routing of ``groups`` through fsstab.sklearn.

With ``sklearn.set_config(enable_metadata_routing=True)``, ``groups`` must reach the CV
splitter of :class:`StabilitySearchCV` and of :func:`cross_validate_stability` as it reaches
``GridSearchCV``'s, also when the search is a step of a pipeline or is itself cross-validated.
The oracle is the splits themselves: a ``GroupKFold`` that records what it yielded, checked
here for disjoint groups between training and test rows (no patient split) and for covering
every row once as a test row; and ``GridSearchCV`` on the same data and splitter for the
splits a search uses.
"""

from __future__ import annotations

import numpy as np
import pytest
import sklearn
from sklearn.base import BaseEstimator, OneToOneFeatureMixin, TransformerMixin
from sklearn.feature_selection import SelectKBest
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, GroupKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from fsstab.sklearn import StabilitySearchCV, cross_validate_stability

N_GROUPS, PER_GROUP = 12, 10


#: name -> the (groups, train, test) of every split a RecordingGroupKFold of that name yielded
#: (module level: a search's ``cv`` is deep-copied when the search is cloned)
SEEN: dict[str, list] = {}


class RecordingGroupKFold(GroupKFold):
    """GroupKFold that records the (groups, train, test) of every split it yields."""

    def __init__(self, n_splits=5, name="cv"):
        super().__init__(n_splits=n_splits)
        self.name = name
        SEEN[name] = []

    @property
    def seen(self):
        return SEEN[self.name]

    def split(self, X, y=None, groups=None):
        for train, test in super().split(X, y, groups):
            SEEN[self.name].append((np.asarray(groups), train, test))
            yield train, test


class GroupsSeen(OneToOneFeatureMixin, TransformerMixin, BaseEstimator):
    """A pass-through step that requests ``groups`` at fit and remembers them."""

    def fit(self, X, y=None, groups=None):
        self.groups_ = None if groups is None else np.asarray(groups)
        self.n_features_in_ = np.asarray(X).shape[1]
        return self

    def transform(self, X):
        return X


@pytest.fixture
def routing():
    with sklearn.config_context(enable_metadata_routing=True):
        yield


@pytest.fixture
def data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(N_GROUPS * PER_GROUP, 6))
    y = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(int)
    groups = np.repeat(np.arange(N_GROUPS), PER_GROUP)
    return X, y, groups


def pipeline():
    return make_pipeline(SelectKBest(k=2), LogisticRegression())


def assert_no_group_split(seen, groups, n_splits):
    """Every recorded split keeps each group on one side; the test parts cover every row once."""
    assert len(seen) == n_splits
    tested = np.zeros(len(groups), dtype=int)
    for seen_groups, train, test in seen:
        np.testing.assert_array_equal(seen_groups, groups)
        assert not set(groups[train]) & set(groups[test])
        tested[test] += 1
    np.testing.assert_array_equal(tested, np.ones(len(groups), dtype=int))


def test_search_routes_groups_to_its_splitter_as_grid_search_does(routing, data):
    X, y, groups = data
    cv = RecordingGroupKFold(4)
    search = StabilitySearchCV(pipeline(), {"selectkbest__k": [1, 2]}, cv=cv).fit(
        X, y, groups=groups)
    assert_no_group_split(cv.seen, groups, 4)
    grid_cv = RecordingGroupKFold(4, name="grid")
    GridSearchCV(pipeline(), {"selectkbest__k": [1, 2]}, cv=grid_cv).fit(X, y, groups=groups)
    for (_, train, test), (_, grid_train, grid_test) in zip(cv.seen, grid_cv.seen, strict=True):
        np.testing.assert_array_equal(train, grid_train)
        np.testing.assert_array_equal(test, grid_test)
    assert search.n_splits_ == 4


def test_search_routes_groups_to_a_step_that_requests_them(routing, data):
    X, y, groups = data
    step = GroupsSeen().set_fit_request(groups=True)
    estimator = make_pipeline(step, SelectKBest(k=2), LogisticRegression())
    search = StabilitySearchCV(estimator, {"selectkbest__k": [2]}, cv=GroupKFold(3)).fit(
        X, y, groups=groups)
    # the refit on all rows received every group
    np.testing.assert_array_equal(search.best_estimator_[0].groups_, groups)


def test_search_in_a_pipeline_receives_the_groups(routing, data):
    X, y, groups = data
    cv = RecordingGroupKFold(3)
    model = make_pipeline(StandardScaler(),
                          StabilitySearchCV(pipeline(), {"selectkbest__k": [1, 2]}, cv=cv))
    model.fit(X, y, groups=groups)
    assert_no_group_split(cv.seen, groups, 3)


def test_without_routing_a_pipeline_refuses_groups(data):
    X, y, groups = data
    model = make_pipeline(StandardScaler(),
                          StabilitySearchCV(pipeline(), {"selectkbest__k": [1]}, cv=3))
    with pytest.raises((TypeError, ValueError)):
        model.fit(X, y, groups=groups)


@pytest.mark.parametrize("how", ["groups", "params"])
def test_cross_validate_stability_routes_groups(routing, data, how):
    X, y, groups = data
    cv = RecordingGroupKFold(4)
    given = {"groups": groups} if how == "groups" else {"params": {"groups": groups}}
    result = cross_validate_stability(pipeline(), X, y, cv=cv, **given)
    assert_no_group_split(cv.seen, groups, 4)
    assert result.n_splits == 4


def test_cross_validate_stability_refuses_groups_given_twice(routing, data):
    X, y, groups = data
    with pytest.raises(ValueError, match="groups is given twice"):
        cross_validate_stability(pipeline(), X, y, cv=GroupKFold(3), groups=groups,
                                 params={"groups": groups})


def test_nested_search_sees_only_the_outer_training_groups(routing, data):
    X, y, groups = data
    outer, inner = RecordingGroupKFold(4, name="outer"), RecordingGroupKFold(3, name="inner")
    search = StabilitySearchCV(pipeline(), {"selectkbest__k": [1, 2]}, cv=inner)
    cross_validate_stability(search, X, y, groups=groups, cv=outer)
    assert_no_group_split(outer.seen, groups, 4)
    # one inner search per outer split, each on the outer training rows' groups only
    assert len(inner.seen) == 4 * 3
    for k, (_, outer_train, outer_test) in enumerate(outer.seen):
        inner_splits = inner.seen[3 * k:3 * (k + 1)]
        assert_no_group_split(inner_splits, groups[outer_train], 3)
        for inner_groups, _, _ in inner_splits:
            assert not set(inner_groups) & set(groups[outer_test])
