"""The classification methods of thesis Tables 5.2 and 6.5, in the thesis' parametrisation.

Bommert (2020) pairs filters with six classifiers (§3.2, §5.3, §6.3.1), tuned over the
hyperparameters of Tables 5.2 / 6.5. :data:`CLASSIFIERS` registers each with its
hyperparameters; :func:`make_classifier` builds the scikit-learn model the R implementation
corresponds to:

==================  =======================================  ==================================
name                thesis (R package)                       model here
==================  =======================================  ==================================
``svm``             SVM, RBF kernel, C, σ (kernlab ksvm)     standardise → ``SVC(C, gamma=σ)``
``knn``             k nearest neighbours, k (kknn,           standardise → ``KNeighbors(k)``
                    rectangular kernel)
``ridge``           ridge logistic regression, λ (glmnet)    standardise → L2 logistic
                                                             (:class:`RidgeLogisticRegression`),
                                                             C = 1/(n λ)
``lasso``           lasso logistic regression, λ (glmnet)    standardise → L1 logistic,
                                                             C = 1/(n λ)
``random_forest``   random forest: ntree, nodesize, mtry     ``RandomForestClassifier``
                    (ranger)
``glm_boosting``    componentwise linear boosting, mstop     standardise → ``GLMBoostClassifier``
                    (mboost glmboost, Binomial family)       (:mod:`fsstab.selectors._glmboost`)
==================  =======================================  ==================================

kernlab and kknn scale the features and glmnet standardises them (variance with 1/n) before
fitting, hence the ``StandardScaler``; glmnet's binomial objective is
``−(1/n) loglik + λ·penalty``, which is scikit-learn's ``C Σ loss + penalty`` with C = 1/(nλ).
kernlab's RBF kernel exp(−σ‖x − x'‖²) is scikit-learn's with ``gamma = σ``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Integral, Real
from typing import Any, ClassVar

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.ensemble import RandomForestClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.utils.validation import check_is_fitted, validate_data

from fsstab._sklearn_compat import _fit_context
from fsstab.selectors._common import encode_binary_target
from fsstab.selectors._constraints import POSITIVE
from fsstab.selectors._glmboost import GLMBoostClassifier
from fsstab.selectors._logistic import (
    PenalizedLogisticRegression,
    ridge_logistic,
    single_threaded_blas,
)

__all__ = [
    "CLASSIFIERS",
    "ClassifierInfo",
    "RidgeLogisticRegression",
    "make_classifier",
    "used_columns",
]


class RidgeLogisticRegression(ClassifierMixin, BaseEstimator):
    """L2-penalised binary logistic regression ``C Σ ℓ + ½‖w‖²`` with an unpenalised intercept
    (scikit-learn's objective), solved by Newton's method -- in sample space when n ≤ d
    (:func:`fsstab.selectors._ridge_logistic.ridge_logistic`), which is fast and deterministic
    for the wide data of the thesis.

    Examples
    --------
    The same model as scikit-learn's L2 ``LogisticRegression`` (run to a tight tolerance):

    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> from fsstab.selectors._classifiers import RidgeLogisticRegression
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(80, 4))
    >>> y = (X[:, 0] - X[:, 1] + 0.5 * rng.normal(size=80) > 0).astype(int)
    >>> model = RidgeLogisticRegression(C=0.5).fit(X, y)
    >>> reference = LogisticRegression(C=0.5, tol=1e-12, max_iter=1000).fit(X, y)
    >>> bool(np.allclose(model.coef_, reference.coef_, atol=1e-6))
    True
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = {"C": [POSITIVE]}

    def __init__(self, *, C: float = 1.0):
        self.C = C

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: Any, y: Any) -> RidgeLogisticRegression:
        X, y = validate_data(self, X, y, dtype=np.float64)
        codes = encode_binary_target(self, y)
        C = _check_positive(self.C, "C")
        with single_threaded_blas():
            coef, intercept = ridge_logistic(X, codes.astype(np.float64), C)
        self.coef_ = coef.reshape(1, -1)
        self.intercept_ = np.array([intercept])
        return self

    def decision_function(self, X: Any) -> np.ndarray:
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_[0] + self.intercept_[0]

    def predict_proba(self, X: Any) -> np.ndarray:
        p = 1.0 / (1.0 + np.exp(-self.decision_function(X)))
        return np.column_stack([1.0 - p, p])

    def predict(self, X: Any) -> np.ndarray:
        return self.classes_[(self.decision_function(X) > 0).astype(np.int64)]


def _check_int(value: Any, name: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}; got {value!r}")
    return int(value)


def _check_positive(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or not (
        np.isfinite(value) and value > 0
    ):
        raise ValueError(f"{name} must be a positive number; got {value!r}")
    return float(value)


def _check_unit(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or not 0 <= value <= 1:
        raise ValueError(f"{name} must lie in [0, 1]; got {value!r}")
    return float(value)


@dataclass(frozen=True)
class ClassifierInfo:
    """A classifier of thesis Tables 5.2 / 6.5: its hyperparameters (with defaults used when a
    value is not given) and whether it selects features itself (embedded selection)."""

    name: str
    thesis_name: str
    defaults: dict[str, Any]
    embedded: bool
    reference: str

    @property
    def params(self) -> tuple[str, ...]:
        return tuple(self.defaults)


CLASSIFIERS: dict[str, ClassifierInfo] = {
    info.name: info
    for info in (
        ClassifierInfo("svm", "Support Vector Machine", {"C": 1.0, "sigma": None}, False,
                       "thesis §3.2.1; kernlab ksvm (RBF)"),
        ClassifierInfo("knn", "k Nearest Neighbors", {"k": 7}, False,
                       "thesis §3.2.2; kknn (rectangular kernel)"),
        ClassifierInfo("ridge", "Ridge Logistic Regression", {"lam": 1.0}, False,
                       "thesis §3.2.3; glmnet (alpha = 0)"),
        ClassifierInfo("lasso", "Lasso Logistic Regression", {"lam": 1.0}, True,
                       "thesis §3.2.3; glmnet (alpha = 1)"),
        ClassifierInfo("random_forest", "Random Forest",
                       {"n_trees": 500, "node_size_exponent": 0.0, "mtry_fraction": None}, True,
                       "thesis §3.2.5; ranger"),
        ClassifierInfo("glm_boosting", "GLM Boosting", {"n_iterations": 100}, True,
                       "thesis §3.2.4; mboost glmboost (Binomial)"),
    )
}


def _get_classifier(name: str) -> ClassifierInfo:
    if name not in CLASSIFIERS:
        raise ValueError(f"unknown classifier {name!r}; known: {sorted(CLASSIFIERS)}")
    return CLASSIFIERS[name]


def make_classifier(
    name: str, params: dict[str, Any], *, n_samples: int, n_features: int, random_state: int
) -> Any:
    """The unfitted model of classifier ``name`` for data of ``n_samples`` x ``n_features``.

    ``params`` holds the thesis hyperparameters (missing ones take the defaults of
    :data:`CLASSIFIERS`):

    - ``svm``: ``C`` > 0 (cost), ``sigma`` > 0 (RBF width; None: 1 / n_features);
    - ``knn``: ``k`` >= 1 (capped at n_samples);
    - ``ridge``, ``lasso``: ``lam`` = λ > 0 of glmnet;
    - ``random_forest``: ``n_trees`` (ntree), ``node_size_exponent`` x ∈ [0, 1] giving nodesize
      max(round((0.2 n)^x), 1) (Table 6.5, as the minimum leaf size: "terminal nodes with less
      than nodesize observations" are not created, §3.2.5), ``mtry_fraction`` u ∈ [0, 1] giving
      mtry = min(1 + ⌊u · n_features⌋, n_features), uniform over 1..n_features for uniform u
      (None: ⌊√n_features⌋, ranger's default);
    - ``glm_boosting``: ``n_iterations`` (mstop).
    """
    info = _get_classifier(name)
    unknown = sorted(set(params) - set(info.params))
    if unknown:
        raise ValueError(
            f"classifier {name!r} has no hyperparameter(s) {unknown}; its hyperparameters: "
            f"{list(info.params)}"
        )
    values = {**info.defaults, **{k: v for k, v in params.items() if v is not None}}
    if name == "svm":
        sigma = 1.0 / max(n_features, 1) if values["sigma"] is None else values["sigma"]
        return make_pipeline(StandardScaler(), SVC(
            C=_check_positive(values["C"], "C"), gamma=_check_positive(sigma, "sigma"),
            kernel="rbf"))
    if name == "knn":
        k = min(_check_int(values["k"], "k"), n_samples)
        return make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=k))
    if name in ("ridge", "lasso"):
        C = 1.0 / (n_samples * _check_positive(values["lam"], "lam"))
        model = (RidgeLogisticRegression(C=C) if name == "ridge"
                 else PenalizedLogisticRegression(C=C, l1_ratio=1.0))
        return make_pipeline(StandardScaler(), model)
    if name == "random_forest":
        x = _check_unit(values["node_size_exponent"], "node_size_exponent")
        node_size = max(round((0.2 * n_samples) ** x), 1)
        u = values["mtry_fraction"]
        mtry = (max(1, math.isqrt(n_features)) if u is None
                else min(1 + math.floor(_check_unit(u, "mtry_fraction") * n_features),
                         n_features))
        return RandomForestClassifier(
            n_estimators=_check_int(values["n_trees"], "n_trees"), max_features=mtry,
            min_samples_leaf=node_size, bootstrap=True, random_state=random_state)
    return make_pipeline(StandardScaler(), GLMBoostClassifier(
        n_iter=_check_int(values["n_iterations"], "n_iterations")))


def used_columns(name: str, model: Any, n_columns: int) -> np.ndarray:
    """The columns a fitted model uses (its embedded feature selection, thesis §6.3.1).

    Lasso: non-zero coefficients; random forest: features of any split of any tree (thesis
    §3.2.5 counts features with importance > 0; the two differ only for a split without any
    impurity decrease); GLM boosting: features whose base learner was chosen; every other
    classifier uses all columns.
    """
    info = _get_classifier(name)
    if not info.embedded:
        return np.ones(n_columns, dtype=bool)
    if name == "random_forest":
        used = np.zeros(n_columns, dtype=bool)
        for tree in model.estimators_:
            split_features = tree.tree_.feature
            used[split_features[split_features >= 0]] = True
        return used
    final = model[-1]
    return np.ravel(final.coef_) != 0

