"""Component-wise GLM boosting (thesis §3.2.4, mboost glmboost) against a literal loop."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.base import clone

from fsstab.selectors import SELECTORS, GLMBoostClassifier, GLMBoostSelector, glm_boost


def literal_glmboost(X, y01, n_iter, nu=0.1):
    """Written from §3.2.4 and mboost's Binomial(): one least-squares fit per feature and
    iteration, the feature with the smallest residual sum of squares wins."""
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
    fit = glm_boost(X, y, n_iter=25, nu=0.1)
    coef, intercept, path, f = literal_glmboost(X, y, 25)
    np.testing.assert_array_equal(fit.path, path)
    np.testing.assert_allclose(fit.coef, coef, rtol=1e-10, atol=1e-12)
    assert fit.intercept == pytest.approx(intercept, rel=1e-10)
    np.testing.assert_allclose(X @ fit.coef + fit.intercept, f, rtol=1e-10)


def test_selector_support_is_the_set_of_chosen_features(data):
    X, y = data
    sel = GLMBoostSelector(n_iter=8).fit(X, y)
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
    fit = glm_boost(X, y, 5)
    assert set(fit.path.tolist()) == {1}


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


def test_the_model_after_fewer_iterations_is_the_shorter_run(data):
    X, y = data
    long = glm_boost(X, y, n_iter=40)
    for m in (0, 1, 7, 40):
        coef, intercept = long.after(m)
        if m == 0:
            np.testing.assert_array_equal(coef, 0.0)
            assert intercept == pytest.approx(long.offset)
            continue
        short = glm_boost(X, y, n_iter=m)
        np.testing.assert_allclose(coef, short.coef, rtol=1e-12, atol=1e-15)
        assert intercept == pytest.approx(short.intercept, rel=1e-12)
    with pytest.raises(ValueError, match="n_iter"):
        long.after(41)
