"""LassoSelector, ElasticNetSelector, GroupLassoSelector and calibrate_C (Hamer §5.3, §7.2.1-2)."""

from __future__ import annotations

import numpy as np
import pytest
from _linear_data import informative_data
from sklearn.base import clone
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

from fsstab.importance import flip_sensitivity, linear_importance
from fsstab.selectors import (
    SELECTORS,
    ElasticNetSelector,
    GroupLassoSelector,
    LassoSelector,
    LogisticRFE,
    UnreachableTargetError,
    calibrate_C,
)

PENALIZED = [
    LassoSelector(C=0.05),
    ElasticNetSelector(C=0.1, l1_ratio=0.5),
    GroupLassoSelector(groups=np.arange(60) // 2, C=0.05),
]


@pytest.mark.parametrize("selector", PENALIZED, ids=lambda s: type(s).__name__)
def test_recovery_determinism_and_theorem1(selector):
    X, y, informative = informative_data(n=100, d=60, n_informative=4, signal=3.0, seed=21)
    first = clone(selector).fit(X, y)
    second = clone(selector).fit(X, y)
    assert set(informative) <= set(np.flatnonzero(first.support_))
    assert first.n_features_selected_ <= 12
    np.testing.assert_array_equal(first.importances_, second.importances_)
    assert np.all(first.importances_[first.support_] > 0)
    # the predictive model's eq. 9 importance equals eq. 7 on standardised features (Theorem 1)
    np.testing.assert_allclose(
        first.importances_[first.support_],
        flip_sensitivity(first.estimator_, X[:, first.support_]),
        rtol=1e-9,
    )
    assert first.score(X, y) > 0.9
    assert type(first).__name__ in SELECTORS


def test_lasso_matches_scikit_learn_l1_logistic_on_standardised_data():
    X, y, _ = informative_data(n=80, d=8, seed=22)
    selector = LassoSelector(C=0.05, tol=1e-10).fit(X, y)
    Xs = StandardScaler().fit_transform(X)
    ref = LogisticRegression(C=0.05, l1_ratio=1.0, solver="saga", tol=1e-12, max_iter=100_000)
    ref.fit(Xs, y)
    np.testing.assert_array_equal(selector.support_, ref.coef_[0] != 0)
    coef = selector.estimator_[-1].coef_[0]
    np.testing.assert_allclose(coef, ref.coef_[0][selector.support_], atol=1e-6)
    np.testing.assert_allclose(
        selector.importances_[selector.support_], linear_importance(coef), rtol=1e-12
    )


def test_elastic_net_with_l1_ratio_one_is_the_lasso():
    X, y, _ = informative_data(n=60, d=40, seed=23)
    lasso = LassoSelector(C=0.2).fit(X, y)
    enet = ElasticNetSelector(C=0.2, l1_ratio=1.0).fit(X, y)
    np.testing.assert_array_equal(lasso.support_, enet.support_)
    np.testing.assert_array_equal(lasso.importances_, enet.importances_)


def test_group_lasso_selects_whole_groups_and_singletons_give_the_lasso():
    X, y, _ = informative_data(n=80, d=40, n_informative=3, seed=24)
    labels = np.repeat(np.array(list("abcdefghij")), 4)  # informative 0-2 all in group "a"
    selector = GroupLassoSelector(groups=labels, target_k=8).fit(X, y)
    chosen = set(labels[selector.support_])
    np.testing.assert_array_equal(selector.support_, np.isin(labels, list(chosen)))
    assert "a" in chosen
    assert selector.n_features_selected_ == 8
    singleton = GroupLassoSelector(groups=None, C=0.2).fit(X, y)
    lasso = LassoSelector(C=0.2).fit(X, y)
    np.testing.assert_array_equal(singleton.importances_, lasso.importances_)
    with pytest.raises(ValueError, match="groups must give one group label per feature"):
        GroupLassoSelector(groups=[0, 1, 2]).fit(X, y)


@pytest.mark.parametrize("target", [3, 8, 15])
def test_target_k_on_a_single_fit(target):
    X, y, _ = informative_data(n=70, d=200, seed=25)
    selector = LassoSelector(target_k=target).fit(X, y)
    assert selector.n_features_selected_ == target
    path = selector.regularization_path_
    assert selector.C_ in path["C"]
    assert np.all(np.diff(path["C"]) > 0)
    # a fit at the chosen C reproduces the selection
    again = LassoSelector(C=selector.C_).fit(X, y)
    np.testing.assert_array_equal(again.support_, selector.support_)


def test_target_k_unreachable_warns_and_keeps_the_closest():
    # the LASSO keeps at most about n features: 35 of 40 is out of reach with n = 20
    X, y, _ = informative_data(n=20, d=40, seed=26)
    with pytest.warns(UserWarning, match="not target_k"):
        selector = LassoSelector(target_k=35).fit(X, y)
    sizes = selector.regularization_path_["n_selected"]
    assert selector.n_features_selected_ == sizes.max() < 35


def test_calibrate_C_reaches_target_on_average():
    X, y, _ = informative_data(n=80, d=150, seed=27)
    rng = np.random.default_rng(0)
    train_sets = [rng.choice(80, size=80, replace=True) for _ in range(8)]
    result = calibrate_C(ElasticNetSelector(l1_ratio=0.8), X, y, train_sets, target_k=12)
    sizes = [
        ElasticNetSelector(l1_ratio=0.8, C=result.C).fit(X[idx], y[idx]).n_features_selected_
        for idx in train_sets
    ]
    assert abs(np.mean(sizes) - 12) <= 1.0
    assert result.target_k == 12
    assert result.reached
    assert result.support_sizes.shape == (result.Cs.size, 8)
    assert np.all(np.diff(result.Cs) > 0)
    below = result.mean_support_size[result.Cs < result.C]
    above = result.mean_support_size[result.Cs > result.C]
    assert below.max() < 12 <= above.min()


def test_calibrate_C_unreachable_target_saturates():
    # An L1-penalised logistic regression keeps at most as many features as there are
    # distinct training rows (Rosset et al. 2004); bootstraps of 12 rows have about 8, so a
    # mean of 15 features is out of reach at any C.
    X, y, _ = informative_data(n=12, d=200, seed=31)
    rng = np.random.default_rng(3)
    train_sets = []
    while len(train_sets) < 6:
        idx = rng.choice(12, size=12, replace=True)
        if np.unique(y[idx]).size == 2:
            train_sets.append(idx)
    distinct = np.mean([np.unique(idx).size for idx in train_sets])
    assert distinct < 15
    with pytest.raises(UnreachableTargetError, match=r"target_k=15 is out of reach: .* saturates"):
        calibrate_C(LassoSelector(), X, y, train_sets, target_k=15)
    result = calibrate_C(LassoSelector(), X, y, train_sets, target_k=15, on_unreachable="closest")
    assert not result.reached
    assert result.C in result.Cs
    best = result.mean_support_size.max()
    assert result.mean_support_size[result.Cs == result.C][0] == best
    assert np.all(result.mean_support_size[result.Cs < result.C] < best)
    sizes = [LassoSelector(C=result.C).fit(X[i], y[i]).n_features_selected_ for i in train_sets]
    assert np.mean(sizes) == pytest.approx(best)
    assert best <= distinct
    with pytest.raises(ValueError, match="on_unreachable must be"):
        calibrate_C(LassoSelector(), X, y, train_sets, target_k=15, on_unreachable="max")


def test_calibrate_C_errors():
    X, y, _ = informative_data(n=30, d=10, seed=0)
    one_class = np.flatnonzero(y == 0)
    with pytest.raises(ValueError, match=r"train_sets\[1\] contains a single class"):
        calibrate_C(LassoSelector(), X, y, [np.arange(30), one_class], target_k=2)
    with pytest.raises(ValueError, match="outside"):
        calibrate_C(LassoSelector(), X, y, [np.arange(31)], target_k=2)
    with pytest.raises(ValueError, match="target_k is not set"):
        calibrate_C(LassoSelector(), X, y, [np.arange(30)])
    with pytest.raises(ValueError, match="selector must be"):
        calibrate_C(LogisticRFE(), X, y, [np.arange(30)], target_k=2)
    with pytest.raises(ValueError, match="binary"):
        calibrate_C(LassoSelector(), X, np.arange(30) % 3, [np.arange(30)], target_k=2)
    with pytest.raises(ValueError, match="train_sets is empty"):
        calibrate_C(LassoSelector(), X, y, [], target_k=2)


@pytest.mark.parametrize(
    ("selector", "match"),
    [
        (LassoSelector(C=-1.0), r"'C' parameter of LassoSelector must be a float in the range "
                                r"\(0.0, inf\)"),
        (LassoSelector(target_k=0), "target_k"),
        (ElasticNetSelector(l1_ratio=0.0), "l1_ratio"),
    ],
)
def test_parameter_errors(selector, match):
    X, y, _ = informative_data(n=30, d=10, seed=0)
    with pytest.raises(ValueError, match=match):
        selector.fit(X, y)


@pytest.mark.parametrize("selector", PENALIZED, ids=lambda s: type(s).__name__)
def test_multiclass_labels_are_fitted_one_vs_rest_but_not_calibrated(selector):
    # (one-vs-rest itself: tests/selectors/test_selectors_penalized_extensions.py)
    X, _, _ = informative_data(n=30, d=60, seed=0)
    fitted = clone(selector).fit(X, np.arange(30) % 3)
    assert fitted.support_.shape == (60,)
    with pytest.raises(ValueError, match="calibrate_C needs binary labels"):
        calibrate_C(clone(selector), X, np.arange(30) % 3, [np.arange(30)], target_k=3)


def test_nothing_selected_gives_a_constant_model():
    X, y, _ = informative_data(n=40, d=10, seed=28)
    selector = LassoSelector(C=1e-6).fit(X, y)
    assert selector.n_features_selected_ == 0
    assert np.all(selector.importances_ == 0)
    assert np.unique(selector.predict(X)).size == 1


@pytest.mark.parametrize("cls", [LassoSelector, ElasticNetSelector])
def test_target_k_above_d_is_an_error_not_every_feature(cls):
    # d = 12: asking for 20 features used to select all 12 silently
    X, y, _ = informative_data(n=40, d=12, seed=3)
    with pytest.raises(ValueError, match=r"target_k=20 must lie between 1 and n_features=12"):
        cls(target_k=20).fit(X, y)
    with pytest.raises(ValueError, match=r"target_k=20 must lie between 1 and n_features=12"):
        calibrate_C(cls(), X, y, [np.arange(40)], target_k=20)
    assert cls(target_k=12).fit(X, y).support_.size == 12
