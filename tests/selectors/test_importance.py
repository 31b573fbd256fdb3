"""fsstab.importance: Hamer & Dupont (2021) eqs. 7-9 and permutation importances.

Reference values are hand computations or brute-force loops written here from the formulas.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel, sigmoid_kernel
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from fsstab.importance import (
    flip_distances,
    flip_sensitivity,
    importances_on_support,
    linear_importance,
    margin_contributions,
    oob_permutation_importance,
    permutation_importance,
    svm_importance,
)


@pytest.fixture(scope="module")
def scaled_data():
    """Binary data whose columns have very different scales (Theorem 1 is about σ_f)."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(90, 5)) * np.array([1.0, 20.0, 0.1, 3.0, 1.0]) + 5.0
    z = (X - X.mean(0)) / X.std(0)
    y = (z[:, 0] + 0.7 * z[:, 1] - 0.4 * z[:, 2] + 0.5 * rng.normal(size=90) > 0).astype(int)
    return X, y


# -- eq. 7 ------------------------------------------------------------------------------------


def test_linear_importance_hand_values():
    # ||w||_0 = 3, ||w||_1 = 4: I = 3 |w| / 4
    np.testing.assert_allclose(linear_importance([2.0, 0.0, -1.0, 1.0]), [1.5, 0, 0.75, 0.75])
    np.testing.assert_allclose(linear_importance([[0.0, -3.0]]), [0.0, 1.0])
    assert linear_importance(np.zeros(3)).tolist() == [0.0, 0.0, 0.0]


@settings(max_examples=60, deadline=None)
@given(arrays(np.float64, st.integers(1, 30), elements=st.floats(-1e3, 1e3, allow_subnormal=False)))
def test_linear_importance_sums_to_support_size(w):
    imp = linear_importance(w)
    assert np.all(imp >= 0)
    assert np.all((imp > 0) == (w != 0))
    assert imp.sum() == pytest.approx(np.count_nonzero(w), rel=1e-9, abs=1e-12)


def test_linear_importance_rejects_bad_input():
    with pytest.raises(ValueError, match="shape"):
        linear_importance(np.ones((2, 3)))
    with pytest.raises(ValueError, match="NaN"):
        linear_importance([1.0, np.nan])


# -- eq. 8 ------------------------------------------------------------------------------------


def _brute_force_margin(sv, a, kernel_fn):
    """|W² − W²_(−f)| from eq. 8 with the kernel recomputed on the vectors without feature f."""
    w2 = a @ kernel_fn(sv) @ a
    out = []
    for f in range(sv.shape[1]):
        reduced = np.delete(sv, f, axis=1)
        out.append(abs(w2 - a @ kernel_fn(reduced) @ a))
    return np.array(out)


@pytest.mark.parametrize(
    ("kernel", "kernel_fn"),
    [
        ("rbf", lambda Z: rbf_kernel(Z, gamma=0.3)),
        ("poly", lambda Z: polynomial_kernel(Z, degree=3, gamma=0.3, coef0=1.0)),
        ("sigmoid", lambda Z: sigmoid_kernel(Z, gamma=0.3, coef0=0.5)),
    ],
)
def test_margin_contributions_match_brute_force(kernel, kernel_fn):
    rng = np.random.default_rng(0)
    sv = rng.normal(size=(12, 7))
    a = rng.normal(size=12)
    got = margin_contributions(
        sv, a, kernel=kernel, gamma=0.3, coef0=1.0 if kernel == "poly" else 0.5, degree=3
    )
    np.testing.assert_allclose(got, _brute_force_margin(sv, a, kernel_fn), rtol=1e-9, atol=1e-12)


def test_svm_importance_linear_kernel_is_squared_weight(scaled_data):
    X, y = scaled_data
    Xs = StandardScaler().fit_transform(X)
    model = SVC(kernel="linear", C=0.5).fit(Xs, y)
    np.testing.assert_allclose(svm_importance(model), model.coef_[0] ** 2, rtol=1e-10)
    # and the general formula agrees with the closed form
    brute = _brute_force_margin(model.support_vectors_, model.dual_coef_[0], lambda Z: Z @ Z.T)
    np.testing.assert_allclose(svm_importance(model), brute, rtol=1e-8)


def test_svm_importance_rbf_uses_resolved_gamma(scaled_data):
    X, y = scaled_data
    model = SVC(kernel="rbf", gamma="scale").fit(X, y)
    gamma = 1.0 / (X.shape[1] * X.var())  # scikit-learn's documented "scale" value
    brute = _brute_force_margin(
        model.support_vectors_, model.dual_coef_[0], lambda Z: rbf_kernel(Z, gamma=gamma)
    )
    np.testing.assert_allclose(svm_importance(model), brute, rtol=1e-9)


def test_svm_importance_errors():
    X = np.random.default_rng(0).normal(size=(30, 3))
    with pytest.raises(ValueError, match="binary"):
        svm_importance(SVC().fit(X, np.arange(30) % 3))
    with pytest.raises(ValueError, match="precomputed"):
        svm_importance(SVC(kernel="precomputed").fit(X @ X.T, np.arange(30) % 2))
    with pytest.raises(ValueError, match="kernel"):
        margin_contributions(X, np.ones(30), kernel="laplacian")


# -- eq. 9 ------------------------------------------------------------------------------------


def test_theorem1_flip_sensitivity_equals_eq7_on_standardised_features(scaled_data):
    X, y = scaled_data
    Xs = StandardScaler().fit_transform(X)
    model = LogisticRegression(C=0.3).fit(Xs, y)
    expected = linear_importance(model.coef_)
    np.testing.assert_allclose(flip_sensitivity(model, Xs), expected, rtol=1e-12)
    # The same model behind its scaler, evaluated on the raw features: σ_f |w_f / s_f| = |w_f|.
    pipe = make_pipeline(StandardScaler(), LogisticRegression(C=0.3)).fit(X, y)
    np.testing.assert_allclose(flip_sensitivity(pipe, X), expected, rtol=1e-9)


def test_linear_flip_distances_closed_form(scaled_data):
    X, y = scaled_data
    pipe = make_pipeline(StandardScaler(), LogisticRegression()).fit(X, y)
    scaler, lr = pipe[0], pipe[-1]
    raw_weights = lr.coef_[0] / scaler.scale_
    decision = X @ raw_weights + lr.intercept_[0] - scaler.mean_ @ raw_weights
    expected = np.abs(decision)[:, None] / np.abs(raw_weights)[None, :]
    np.testing.assert_allclose(flip_distances(pipe, X), expected, rtol=1e-9)


def test_search_recovers_linear_flip_distances(scaled_data):
    """The generic search, forced on a linear model, finds the closed-form distances."""
    X, y = scaled_data
    pipe = make_pipeline(StandardScaler(), LogisticRegression()).fit(X, y)
    exact = flip_distances(pipe, X, method="linear")
    searched = flip_distances(pipe, X, method="search", search_range=1e4, n_grid=8, n_bisect=60)
    np.testing.assert_allclose(searched, exact, rtol=1e-6)
    np.testing.assert_allclose(
        flip_sensitivity(pipe, X, method="search", search_range=1e4, n_grid=8, n_bisect=60),
        flip_sensitivity(pipe, X),
        rtol=1e-6,
    )


class _Disc(ClassifierMixin, BaseEstimator):
    """Class 1 inside the disc x0² + x1² < r² (x2 is ignored): flip distances are analytic."""

    def __init__(self, r: float = 1.0):
        self.r = r

    def fit(self, X, y):
        self.classes_ = np.array([0, 1])
        self.n_features_in_ = X.shape[1]
        return self

    def predict(self, X):
        return (X[:, 0] ** 2 + X[:, 1] ** 2 < self.r**2).astype(int)


def _disc_distance(u, v, r):
    """Smallest |t| moving coordinate u (other coordinate v fixed) across the circle of radius r."""
    if abs(v) >= r:
        return np.inf
    edge = np.sqrt(r**2 - v**2)
    return abs(edge - abs(u))


def test_search_flip_sensitivity_matches_analytic_nonlinear_model():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(60, 3)) * np.array([1.0, 0.8, 2.0])
    r = 1.1
    model = _Disc(r).fit(X, None)
    sigma = X.std(axis=0)
    search_range = 4.0
    delta = np.full((60, 3), np.inf)
    for i, (a, b, _) in enumerate(X):
        delta[i, 0] = _disc_distance(a, b, r)
        delta[i, 1] = _disc_distance(b, a, r)
    delta[delta > search_range * sigma] = np.inf  # beyond the documented search range
    got = flip_distances(model, X, search_range=search_range, n_grid=400, n_bisect=50)
    np.testing.assert_allclose(got, delta, rtol=1e-7, atol=1e-9)
    # eq. 9 by hand: σ_f / δ, normalised per sample, averaged over samples with some flip
    ratios = np.where(np.isfinite(delta), sigma / delta, 0.0)
    defined = ratios.sum(axis=1) > 0
    mean_ratio = (ratios[defined] / ratios[defined].sum(axis=1, keepdims=True)).mean(axis=0)
    expected = np.count_nonzero(mean_ratio) * mean_ratio
    assert expected[2] == 0
    assert np.count_nonzero(expected) == 2
    got_imp = flip_sensitivity(model, X, search_range=search_range, n_grid=400, n_bisect=50)
    np.testing.assert_allclose(got_imp, expected, rtol=1e-6)


def test_no_flip_anywhere_gives_zero_importance():
    X = np.random.default_rng(0).normal(size=(20, 2)) * 0.01
    model = _Disc(r=10.0).fit(X, None)  # every point deep inside the disc
    assert np.all(np.isinf(flip_distances(model, X)))
    assert flip_sensitivity(model, X).tolist() == [0.0, 0.0]


def test_flip_errors(scaled_data):
    X, y = scaled_data
    tree = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="method='linear'"):
        flip_sensitivity(tree, X, method="linear")
    with pytest.raises(ValueError, match="method"):
        flip_distances(tree, X, method="exact")
    with pytest.raises(ValueError, match="columns"):
        flip_sensitivity(tree, X[:, :3])
    with pytest.raises(ValueError, match="search_range"):
        flip_distances(tree, X, search_range=0)


# -- permutation importance -------------------------------------------------------------------


class _SignOfFirst(ClassifierMixin, BaseEstimator):
    def fit(self, X, y):
        self.classes_ = np.array([0, 1])
        self.n_features_in_ = X.shape[1]
        return self

    def predict(self, X):
        return (X[:, 0] > 0).astype(int)


def test_permutation_importance_brute_force():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(40, 3))
    y = (X[:, 0] > 0).astype(int)
    y[:4] = 1 - y[:4]  # 90 % baseline accuracy
    model = _SignOfFirst().fit(X, y)
    got = permutation_importance(model, X, y, n_repeats=4, random_state=7)
    # brute force with the documented draw order: features in order, n_repeats each
    draws = np.random.RandomState(7)
    expected = []
    for f in range(3):
        accs = []
        for _ in range(4):
            perm = draws.permutation(40)
            Xp = X.copy()
            Xp[:, f] = X[perm, f]
            accs.append(np.mean((Xp[:, 0] > 0).astype(int) == y))
        expected.append(max(0.0, 0.9 - np.mean(accs)))
    np.testing.assert_allclose(got, expected, atol=1e-12)
    assert got[1] == got[2] == 0.0
    assert got[0] > 0.2


def test_permutation_importance_deterministic_and_validated(scaled_data):
    X, y = scaled_data
    model = LogisticRegression().fit(X, y)
    a = permutation_importance(model, X, y, random_state=3)
    b = permutation_importance(model, X, y, random_state=3)
    assert np.array_equal(a, b)
    assert np.all(a >= 0)
    with pytest.raises(ValueError, match="n_repeats"):
        permutation_importance(model, X, y, n_repeats=0)
    with pytest.raises(ValueError, match="y must have shape"):
        permutation_importance(model, X, y[:-1])


def test_oob_permutation_importance_brute_force(scaled_data):
    X, y = scaled_data
    forest = RandomForestClassifier(n_estimators=15, max_depth=3, random_state=0).fit(X, y)
    got = oob_permutation_importance(forest, X, y, n_repeats=2, random_state=11)
    draws = np.random.RandomState(11)
    total = np.zeros(X.shape[1])
    n_trees = 0
    for tree, in_bag in zip(forest.estimators_, forest.estimators_samples_, strict=True):
        oob = np.setdiff1d(np.arange(len(y)), in_bag)
        if oob.size == 0:
            continue
        n_trees += 1
        Xo, yo = X[oob], y[oob]  # y is 0/1 = forest.classes_ indices
        base = np.mean(tree.predict(Xo) == yo)
        for f in sorted(set(tree.tree_.feature[tree.tree_.feature >= 0])):
            accs = []
            for _ in range(2):
                Xp = Xo.copy()
                Xp[:, f] = Xo[draws.permutation(oob.size), f]
                accs.append(np.mean(tree.predict(Xp) == yo))
            total[f] += base - np.mean(accs)
    np.testing.assert_allclose(got, np.maximum(total / n_trees, 0), atol=1e-12)
    assert got[0] > got[4]  # feature 0 drives y, feature 4 is noise


def test_oob_permutation_importance_errors(scaled_data):
    X, y = scaled_data
    no_bag = RandomForestClassifier(n_estimators=3, bootstrap=False, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="bootstrap"):
        oob_permutation_importance(no_bag, X, y)
    forest = RandomForestClassifier(n_estimators=3, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="labels"):
        oob_permutation_importance(forest, X, y + 5)


# -- importances of a selector ----------------------------------------------------------------


def test_importances_on_support():
    support = np.array([True, False, True, True, False])
    # per selected feature: 0.5 stays, 0 and −1 are floored at 1e-6 × 0.5
    np.testing.assert_allclose(
        importances_on_support([0.5, 0.0, -1.0], support), [0.5, 0, 5e-7, 5e-7, 0]
    )
    # length-d input: values off the support are dropped
    np.testing.assert_allclose(
        importances_on_support([2.0, 9.0, 1.0, 3.0, 9.0], support), [2.0, 0, 1.0, 3.0, 0]
    )
    # nothing positive: even importance
    np.testing.assert_allclose(importances_on_support([0.0, np.nan, 0.0], support), [1, 0, 1, 1, 0])
    assert importances_on_support([], np.zeros(3, bool)).tolist() == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="expected one per selected feature"):
        importances_on_support([1.0, 2.0], support)
    with pytest.raises(ValueError, match="floor_ratio"):
        importances_on_support([1.0, 2.0, 3.0], support, floor_ratio=0)
