"""Component-wise GLM boosting (thesis §3.2.4, mboost glmboost) against a literal loop."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.preprocessing import StandardScaler

from fsstab.selectors import (
    SELECTORS,
    GLMBoostClassifier,
    GLMBoostSelector,
    glm_boost,
    make_classifier,
)
from fsstab.selectors._glmboost import INTERCEPT_STEP


def literal_glmboost(X, y01, n_iter, nu=0.1):
    """Written from §3.2.4 and mboost's Binomial(), offset only (``glmboost(y ~ . - 1)``): one
    least-squares fit per feature and iteration, the feature with the smallest residual sum of
    squares wins."""
    n, d = X.shape
    y = [1.0 if v == 1 else -1.0 for v in y01]
    p = sum(v > 0 for v in y) / n
    f = [0.5 * math.log(p / (1 - p))] * n
    means = [sum(X[i, k] for i in range(n)) / n for k in range(d)]
    coef = [0.0] * d
    path = []
    for _ in range(n_iter):
        u = []
        for i in range(n):
            e = math.exp(-2 * y[i] * f[i])
            u.append(2 * y[i] * e / (math.log(2) * (1 + e)))
        best, best_rss, best_beta = None, math.inf, 0.0
        for k in range(d):
            xc = [X[i, k] - means[k] for i in range(n)]
            beta = sum(a * b for a, b in zip(xc, u, strict=True)) / sum(a * a for a in xc)
            rss = sum((u[i] - beta * xc[i]) ** 2 for i in range(n))
            if rss < best_rss - 1e-12:
                best, best_rss, best_beta = k, rss, beta
        path.append(best)
        coef[best] += nu * best_beta
        f = [f[i] + nu * best_beta * (X[i, best] - means[best]) for i in range(n)]
    intercept = 0.5 * math.log(p / (1 - p)) - sum(c * m for c, m in zip(coef, means, strict=True))
    return np.array(coef), intercept, np.array(path), np.array(f)


@pytest.fixture
def data():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(40, 6)) * np.array([1, 2, 0.5, 1, 3, 1]) + 1.5
    y = (X[:, 0] - 0.5 * X[:, 2] + rng.normal(scale=0.7, size=40) > 1.0).astype(int)
    return X, y


def test_glm_boost_equals_the_literal_loop(data):
    X, y = data
    fit = glm_boost(X, y, n_iter=25, nu=0.1, intercept_learner=False)
    coef, intercept, path, f = literal_glmboost(X, y, 25)
    np.testing.assert_array_equal(fit.path, path)
    np.testing.assert_allclose(fit.coef, coef, rtol=1e-10, atol=1e-12)
    assert fit.intercept == pytest.approx(intercept, rel=1e-10)
    np.testing.assert_allclose(X @ fit.coef + fit.intercept, f, rtol=1e-10)


def test_selector_support_is_the_set_of_chosen_features(data):
    X, y = data
    sel = GLMBoostSelector(n_iter=8, intercept_learner=False).fit(X, y)
    _, _, path, f = literal_glmboost(X, y, 8)
    expected = np.zeros(X.shape[1], bool)
    expected[path] = True
    np.testing.assert_array_equal(sel.support_, expected)
    # the model refitted on the selected columns is the same boosted model
    np.testing.assert_allclose(sel.decision_function(X), f, rtol=1e-10)
    np.testing.assert_array_equal(sel.predict(X), (np.asarray(f) > 0).astype(int))
    assert np.all(sel.importances_[sel.support_] > 0)
    assert np.all(sel.importances_[~sel.support_] == 0)
    assert SELECTORS["GLMBoostSelector"] is GLMBoostSelector


def test_more_iterations_never_select_fewer_features(data):
    X, y = data
    sizes = [GLMBoostSelector(n_iter=m).fit(X, y).n_features_selected_ for m in (1, 3, 10, 100)]
    assert sizes[0] == 1
    assert sizes == sorted(sizes)


def test_constant_features_are_never_chosen():
    rng = np.random.default_rng(0)
    X = np.column_stack([np.ones(30), rng.normal(size=30)])
    y = (X[:, 1] > 0).astype(int)
    for intercept_learner in (False, True):
        fit = glm_boost(X, y, 5, intercept_learner=intercept_learner)
        assert set(fit.path[fit.path >= 0].tolist()) == {1}


@pytest.mark.parametrize(("kwargs", "match"), [({"n_iter": 0}, "n_iter"), ({"nu": 0}, "nu"),
                                           ({"nu": 1.5}, "nu")])
def test_bad_parameters_are_named(data, kwargs, match):
    X, y = data
    with pytest.raises(ValueError, match=match):
        GLMBoostClassifier(**kwargs).fit(X, y)


def test_classifier_is_clonable_and_deterministic(data):
    X, y = data
    a = GLMBoostClassifier(n_iter=30).fit(X, y)
    b = clone(a).fit(X, y)
    np.testing.assert_array_equal(a.coef_, b.coef_)
    proba = a.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    np.testing.assert_array_equal(proba[:, 1] > 0.5, a.predict(X) == 1)


@pytest.mark.parametrize("intercept_learner", [False, True])
def test_the_model_after_fewer_iterations_is_the_shorter_run(data, intercept_learner):
    X, y = data
    long = glm_boost(X, y, n_iter=40, intercept_learner=intercept_learner)
    for m in (0, 1, 7, 40):
        coef, intercept = long.after(m)
        if m == 0:
            np.testing.assert_array_equal(coef, 0.0)
            assert intercept == pytest.approx(long.offset)
            continue
        short = glm_boost(X, y, n_iter=m, intercept_learner=intercept_learner)
        np.testing.assert_allclose(coef, short.coef, rtol=1e-12, atol=1e-15)
        assert intercept == pytest.approx(short.intercept, rel=1e-12)
    with pytest.raises(ValueError, match="n_iter"):
        long.after(41)


def intercept_learner_loop(X, y, mstop, nu=0.1):
    """mboost's glmboost(y ~ ., family = Binomial()) written out: the base learners are the
    intercept column (a constant fitted to the gradient) and each centred feature; the
    least-squares fit with the smallest RSS is added with step nu, the intercept winning ties as
    the first column of the model matrix."""
    s = 2.0 * y - 1.0
    n, d = X.shape
    means = X.mean(axis=0)
    Xc = X - means
    p = y.mean()
    f = np.full(n, 0.5 * math.log(p / (1 - p)))
    coef = np.zeros(d)
    n_intercept = 0
    for _ in range(mstop):
        u = np.array([2 * s[i] / ((1 + math.exp(2 * s[i] * f[i])) * math.log(2))
                      for i in range(n)])
        beta0 = u.mean()
        best, best_rss, best_beta = -1, float(((u - beta0) ** 2).sum()), beta0
        for j in range(d):
            beta = float(Xc[:, j] @ u / (Xc[:, j] @ Xc[:, j]))
            rss = float(((u - beta * Xc[:, j]) ** 2).sum())
            if rss < best_rss:
                best, best_rss, best_beta = j, rss, beta
        if best == -1:
            n_intercept += 1
            f = f + nu * best_beta
        else:
            coef[best] += nu * best_beta
            f = f + nu * best_beta * Xc[:, best]
    return coef, f, n_intercept


def _imbalanced(n=40, d=8, seed=3):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) + 2.0
    y = (X[:, 0] + X[:, 1] + 0.8 * rng.normal(size=n) > 5.0).astype(int)
    return X, y


@pytest.mark.parametrize("mstop", [1, 7, 60, 200])
def test_intercept_learner_equals_mboosts_loop(mstop):
    X, y = _imbalanced()
    model = GLMBoostClassifier(n_iter=mstop).fit(X, y)
    coef, f, n_intercept = intercept_learner_loop(X, y, mstop)
    np.testing.assert_allclose(model.coef_, coef, atol=1e-10)
    np.testing.assert_allclose(model.decision_function(X), f, atol=1e-10)
    assert np.sum(model.path_ == INTERCEPT_STEP) == n_intercept
    assert model.selection_counts_.sum() + n_intercept == mstop
    np.testing.assert_array_equal(model.selected_, model.selection_counts_ > 0)
    np.testing.assert_allclose(model.predict_proba(X)[:, 1], 1 / (1 + np.exp(-2 * f)))
    np.testing.assert_array_equal(model.predict(X), (f > 0).astype(int))


def test_the_intercept_learner_is_chosen_on_this_data():
    """Guards the previous test: on its data the intercept learner does get chosen, and the
    offset-only model differs."""
    X, y = _imbalanced()
    _, _, n_intercept = intercept_learner_loop(X, y, 200)
    assert n_intercept > 0
    offset_only = GLMBoostClassifier(n_iter=200, intercept_learner=False).fit(X, y)
    assert not np.any(offset_only.path_ == INTERCEPT_STEP)
    assert not np.allclose(offset_only.coef_, GLMBoostClassifier(n_iter=200).fit(X, y).coef_)


def test_table_6_5_glm_boosting_is_this_classifier():
    """make_classifier's glm_boosting: standardise, then GLMBoostClassifier with the intercept
    learner (one implementation for Tables 5.2 / 6.5 and §8.1)."""
    X, y = _imbalanced()
    pipeline = make_classifier("glm_boosting", {"n_iterations": 30}, n_samples=40,
                               n_features=8, random_state=0).fit(X, y)
    direct = GLMBoostClassifier(n_iter=30).fit(StandardScaler().fit_transform(X), y)
    np.testing.assert_allclose(pipeline[-1].coef_, direct.coef_)
    np.testing.assert_array_equal(pipeline[-1].selection_counts_, direct.selection_counts_)
