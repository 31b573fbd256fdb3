"""L0Selector (Bommert 2020, §3.2.3, Ch. 8): abess here, l0learn where it is installed."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from _linear_data import informative_data
from sklearn.preprocessing import StandardScaler

from fsstab.importance import flip_sensitivity
from fsstab.selectors import SELECTORS, L0Selector
from fsstab.selectors._l0 import l0learn_available

needs_l0learn = pytest.mark.skipif(
    not l0learn_available(),
    reason="l0learn is not installed (it has no wheels for Python >= 3.11); the abess backend "
    "is tested instead",
)


def test_abess_backend_recovers_informative_features():
    # overlapping classes and enough samples: separable data would let any separating subset
    # reach a near-zero loss, and best-subset selection would have no reason to prefer the truth
    X, y, informative = informative_data(n=300, d=80, n_informative=4, signal=1.5, seed=31)
    selector = L0Selector(max_support_size=4, backend="abess").fit(X, y)
    assert selector.backend_ == "abess"
    np.testing.assert_array_equal(np.flatnonzero(selector.support_), informative)
    again = L0Selector(max_support_size=4, backend="abess").fit(X, y)
    np.testing.assert_array_equal(selector.importances_, again.importances_)
    assert selector.score(X, y) > 0.9
    assert "L0Selector" in SELECTORS


def test_predictive_model_is_the_l0l2_fit_on_its_support():
    """Σ ℓ + l2 ||β||² on the support: abess's own coefficients (its ``alpha`` is l2)."""
    from abess.linear import LogisticRegression as AbessLogisticRegression

    X, y, _ = informative_data(n=90, d=30, n_informative=3, seed=32)
    selector = L0Selector(max_support_size=5, l2=0.5, backend="abess").fit(X, y)
    Xs = StandardScaler().fit_transform(X)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = AbessLogisticRegression(
            support_size=[5],
            alpha=[0.5],
            primary_model_fit_epsilon=1e-12,
            primary_model_fit_max_iter=200,
        ).fit(Xs, y, is_normal=False)
    np.testing.assert_array_equal(selector.support_, ref.coef_ != 0)
    np.testing.assert_allclose(
        selector.estimator_[-1].coef_[0], ref.coef_[selector.support_], rtol=1e-6
    )
    # eq. 7 of that model on standardised features is its eq. 9 importance (Theorem 1)
    np.testing.assert_allclose(
        selector.importances_[selector.support_],
        flip_sensitivity(selector.estimator_, X[:, selector.support_]),
        rtol=1e-9,
    )


def test_auto_backend_and_default_size():
    X, y, _ = informative_data(n=60, d=50, seed=33)
    selector = L0Selector().fit(X, y)
    assert selector.backend_ == ("l0learn" if l0learn_available() else "abess")
    assert selector.n_features_selected_ <= 7  # min(20, round(√50)) = 7


@pytest.mark.skipif(l0learn_available(), reason="l0learn is installed here")
def test_explicit_l0learn_backend_without_l0learn_is_a_clear_error():
    X, y, _ = informative_data(n=30, d=10, seed=0)
    with pytest.raises(ImportError, match=r"backend='l0learn'.*not importable"):
        L0Selector(backend="l0learn").fit(X, y)


@needs_l0learn
def test_l0learn_backend():
    X, y, informative = informative_data(n=300, d=80, n_informative=4, signal=1.5, seed=31)
    selector = L0Selector(max_support_size=4, backend="l0learn").fit(X, y)
    assert selector.backend_ == "l0learn"
    assert selector.n_features_selected_ <= 4
    assert len(set(np.flatnonzero(selector.support_)) & set(informative)) >= 3
    assert np.all(selector.importances_[selector.support_] > 0)


@pytest.mark.parametrize(
    ("params", "error", "match"),
    [
        ({"backend": "glmnet"}, ValueError, "backend"),
        ({"l2": -0.1}, ValueError, "l2"),
        ({"max_support_size": 0}, ValueError, "max_support_size"),
    ],
)
def test_parameter_errors(params, error, match):
    X, y, _ = informative_data(n=30, d=10, seed=0)
    with pytest.raises(error, match=match):
        L0Selector(**params).fit(X, y)


def test_non_binary_labels_are_rejected():
    X, _, _ = informative_data(n=30, d=10, seed=0)
    with pytest.raises(ValueError, match="binary classification only"):
        L0Selector().fit(X, np.arange(30) % 3)


def test_l0_logistic_support_is_the_selectors_support():
    from fsstab.selectors import l0_logistic_support

    rng = np.random.default_rng(5)
    X = rng.normal(size=(60, 30))
    y = (X[:, 3] - X[:, 7] + 0.3 * rng.normal(size=60) > 0).astype(int)
    support, backend = l0_logistic_support(X, y, 4, l2=0.01, backend="abess")
    selector = L0Selector(max_support_size=4, backend="abess").fit(X, y)
    np.testing.assert_array_equal(support, selector.support_)
    assert backend == selector.backend_ == "abess"
    assert support.sum() == 4
    assert support[3]
    assert support[7]


def test_l0_logistic_fit_predicts_with_its_own_coefficients():
    from fsstab.selectors import l0_logistic_fit

    rng = np.random.default_rng(6)
    X = rng.normal(size=(80, 20)) * 3.0 + 1.0
    y = (X[:, 2] + X[:, 5] + rng.normal(size=80) > 2.0).astype(int)
    fit = l0_logistic_fit(X, y, 3, l2=0.01, backend="abess")
    assert fit.support.sum() == 3
    # the decision function is the linear model on the training-standardised columns
    Xs = StandardScaler().fit_transform(X)
    expected = Xs[:, fit.support] @ fit.coef[fit.support] + fit.intercept
    np.testing.assert_allclose(fit.decision_function(X), expected, rtol=1e-10)
    np.testing.assert_array_equal(fit.predict(X), (expected > 0).astype(int))
    assert np.mean(fit.predict(X) == y) > 0.8
