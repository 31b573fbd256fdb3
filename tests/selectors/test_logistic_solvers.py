"""Solvers behind the linear selectors, checked against scikit-learn, SciPy and KKT conditions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from scipy.optimize import minimize
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline

from fsstab.selectors._logistic import (
    FeatureScaler,
    GroupStructure,
    PenalizedLogisticRegression,
    group_penalized_logistic,
    null_model_C,
    ridge_logistic,
    standardize,
)


def _data(n, d, seed=0):
    rng = np.random.default_rng(seed)
    X = standardize(rng.normal(size=(n, d)))[0]
    y = (X[:, :3].sum(axis=1) + rng.normal(size=n) > 0).astype(float)
    return X, y


@pytest.mark.parametrize(("n", "d"), [(40, 120), (150, 8)])  # sample-space and primal Newton
def test_ridge_logistic_matches_scikit_learn(n, d):
    X, y = _data(n, d)
    w, b = ridge_logistic(X, y, 0.3)
    ref = LogisticRegression(C=0.3, solver="newton-cholesky", tol=1e-12, max_iter=500).fit(X, y)
    np.testing.assert_allclose(w, ref.coef_[0], atol=1e-7)
    assert b == pytest.approx(ref.intercept_[0], abs=1e-7)


def _kkt_residuals(X, y, C, w, b, l1_ratio, groups):
    """Optimality conditions of C Σ ℓ + ρ Σ ω_g ||w_g|| + (1 − ρ)/2 ||w||², written out."""
    p = 1 / (1 + np.exp(-(X @ w + b)))
    grad = C * X.T @ (p - y) + (1 - l1_ratio) * w
    worst = abs(C * np.sum(p - y))
    for g in np.unique(groups):
        idx = groups == g
        weight = l1_ratio * np.sqrt(idx.sum())
        norm = np.linalg.norm(w[idx])
        if norm == 0:
            worst = max(worst, np.linalg.norm(grad[idx]) - weight)
        else:
            worst = max(worst, np.linalg.norm(grad[idx] + weight * w[idx] / norm))
    return worst


@pytest.mark.parametrize("l1_ratio", [1.0, 0.4])
@pytest.mark.parametrize("grouped", [False, True])
def test_penalized_solution_satisfies_kkt(l1_ratio, grouped):
    X, y = _data(60, 40, seed=2)
    labels = np.arange(40) // 4 if grouped else np.arange(40)
    groups = GroupStructure.from_labels(labels, 40)
    C = 3 * null_model_C(X, y, groups, l1_ratio)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        fit = group_penalized_logistic(X, y, C, groups, l1_ratio=l1_ratio, tol=1e-9)
    assert 0 < np.count_nonzero(fit.coef) < 40
    # the documented criterion: violation at most tol times the L1 threshold ρ
    assert _kkt_residuals(X, y, C, fit.coef, fit.intercept, l1_ratio, labels) <= 1e-9 * l1_ratio
    if grouped:  # whole groups are zero or not
        zero = fit.coef.reshape(10, 4) == 0
        assert np.all(zero.all(axis=1) | ~zero.any(axis=1))


def test_elastic_net_matches_scikit_learn_saga():
    X, y = _data(60, 6, seed=4)
    C, l1_ratio = 0.05, 0.7
    fit = group_penalized_logistic(
        X, y, C, GroupStructure.from_labels(None, 6), l1_ratio=l1_ratio, tol=1e-10
    )
    ref = LogisticRegression(
        C=C, l1_ratio=l1_ratio, solver="saga", tol=1e-12, max_iter=100_000
    ).fit(X, y)
    np.testing.assert_allclose(fit.coef, ref.coef_[0], atol=1e-6)
    assert np.array_equal(fit.coef == 0, ref.coef_[0] == 0)


def test_null_model_C_is_the_start_of_the_path():
    X, y = _data(50, 30, seed=5)
    groups = GroupStructure.from_labels(None, 30)
    c0 = null_model_C(X, y, groups, 1.0)
    below = group_penalized_logistic(X, y, 0.99 * c0, groups)
    above = group_penalized_logistic(X, y, 1.05 * c0, groups)
    assert np.count_nonzero(below.coef) == 0
    assert np.count_nonzero(above.coef) >= 1
    # the null model's intercept is the log-odds of the class prior
    assert below.intercept == pytest.approx(np.log(y.mean() / (1 - y.mean())), abs=1e-8)


def test_warm_started_refit_on_support_is_exact():
    """Convexity: the full solution restricted to its support is optimal there."""
    X, y = _data(70, 50, seed=6)
    groups = GroupStructure.from_labels(None, 50)
    C = 4 * null_model_C(X, y, groups, 1.0)
    fit = group_penalized_logistic(X, y, C, groups)
    support = fit.coef != 0
    model = PenalizedLogisticRegression(C=C).fit(
        X[:, support], y, coef_init=fit.coef[support], intercept_init=fit.intercept
    )
    np.testing.assert_array_equal(model.coef_[0], fit.coef[support])
    assert model.intercept_[0] == fit.intercept


def test_feature_scaler_realises_per_feature_ridge_penalty():
    """LogisticRegression on x_j / c_j, weights divided by c_j = minimiser of
    C Σ ℓ + ½ Σ_j (c_j w_j)², solved here directly with BFGS."""
    X, y = _data(80, 4, seed=7)
    c = np.array([0.5, 1.0, 2.0, 4.0])
    C = 0.8
    pipe = make_pipeline(
        FeatureScaler(factors=c), LogisticRegression(C=C, solver="newton-cholesky", tol=1e-12)
    ).fit(X, y)
    w_pipe = pipe[-1].coef_[0] / c
    s = 2 * y - 1

    def objective(z):
        w, b = z[:4], z[4]
        return C * np.logaddexp(0, -s * (X @ w + b)).sum() + 0.5 * np.sum((c * w) ** 2)

    direct = minimize(objective, np.zeros(5), method="BFGS", options={"gtol": 1e-10}).x
    np.testing.assert_allclose(w_pipe, direct[:4], atol=1e-6)
    np.testing.assert_allclose(pipe[0].affine_slope_, 1 / c)


def test_solver_input_errors():
    X, y = _data(20, 5)
    with pytest.raises(ValueError, match="l1_ratio"):
        group_penalized_logistic(X, y, 1.0, GroupStructure.from_labels(None, 5), l1_ratio=0)
    with pytest.raises(ValueError, match="groups must give one group label per feature"):
        GroupStructure.from_labels([0, 1], 5)
    with pytest.raises(ValueError, match="factors"):
        FeatureScaler(factors=[1.0, -1.0, 1.0, 1.0, 1.0]).fit(X)
    with pytest.raises(ValueError, match="binary"):
        PenalizedLogisticRegression().fit(X, np.arange(20) % 3)


@pytest.mark.parametrize("l1_ratio", [1.0, 0.6])
def test_singleton_fast_path_gives_the_general_groups_result_exactly(l1_ratio):
    # the LASSO / elastic-net loops skip the group gathers; the iterates must not change
    X, y = _data(120, 25, seed=4)
    X[:, 10] = X[:, 11] + 1e-3 * X[:, 12]  # nearly collinear columns: many FISTA steps
    singletons = GroupStructure.from_labels(None, X.shape[1])
    general = GroupStructure(singletons.codes, singletons.weights, singletons=False)
    assert singletons.singletons and not general.singletons  # noqa: PT018
    assert GroupStructure.from_labels(np.arange(25) // 5, 25).singletons is False
    assert singletons.subset(np.array([2, 5, 9])).singletons
    assert not singletons.subset(np.array([5, 2])).singletons
    start = None
    for C in (0.02, 0.05, 0.2, 1.0):
        fast = group_penalized_logistic(X, y, C, singletons, l1_ratio=l1_ratio,
                                        coef_init=start, tol=1e-9)
        slow = group_penalized_logistic(X, y, C, general, l1_ratio=l1_ratio,
                                        coef_init=start, tol=1e-9)
        assert np.array_equal(fast.coef, slow.coef)
        assert fast.intercept == slow.intercept and fast.n_iter == slow.n_iter  # noqa: PT018
        start = fast.coef
