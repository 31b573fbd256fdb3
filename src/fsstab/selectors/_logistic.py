"""Penalised logistic regression: the predictive models of the linear selectors.

All objectives follow scikit-learn's convention, ``C Σ_i ℓ(y_i, x_i·w + b) + penalty(w)`` with
the logistic loss ``ℓ`` and an unpenalised intercept, so that ``C = 1/λ`` of Hamer & Dupont
(2021, eqs. 19 and Algorithm 1). The solvers live in their own modules and are importable from
here as well:

- :func:`ridge_logistic` (:mod:`fsstab.selectors._ridge_logistic`) -- ``penalty = ½||w||²``,
  Newton's method, in the primal (``d`` + 1 unknowns) or, when ``n ≤ d``, in the sample space
  through the Gram matrix (``w = Xᵀa``, the representer theorem), which makes recursive feature
  elimination on ``n ≪ d`` data cheap (:func:`ridge_logistic_gram`).
- :func:`group_penalized_logistic` (:mod:`fsstab.selectors._group_logistic`) -- ``penalty =
  ρ Σ_g ω_g ||w_g||₂ + (1 − ρ)/2 ||w||²`` (elastic net for singleton groups, group LASSO for
  ρ = 1, with ``ω_g = √|g|``), a working-set proximal Newton method.

:class:`PenalizedLogisticRegression` and :class:`FeatureScaler` are the scikit-learn estimators
that the selectors put in their predictive pipelines; :func:`single_threaded_blas` is the
thread limit the solvers run under.
"""

from __future__ import annotations

import functools
from contextlib import AbstractContextManager
from numbers import Real
from typing import Any, ClassVar

import numpy as np
from scipy.special import expit
from sklearn.base import BaseEstimator, ClassifierMixin, TransformerMixin
from sklearn.utils.validation import check_is_fitted, validate_data
from threadpoolctl import ThreadpoolController

from fsstab._sklearn_compat import Interval, _fit_context
from fsstab.selectors._common import encode_binary_target
from fsstab.selectors._constraints import NON_NEGATIVE, POSITIVE, integers

# Re-exported: the selectors, tests and benchmarks import these names from here.
from fsstab.selectors._group_logistic import (  # noqa: F401
    GroupStructure,
    PenalizedFit,
    group_penalized_logistic,
    kkt_violation,
    null_model_C,
)
from fsstab.selectors._ridge_logistic import (  # noqa: F401
    logistic_loss,
    ridge_logistic,
    ridge_logistic_gram,
    ridge_logistic_primal,
    signed_labels,
)
from fsstab.selectors._standardize import standardize  # noqa: F401


@functools.cache
def _threadpool_controller() -> ThreadpoolController:
    return ThreadpoolController()


def single_threaded_blas() -> AbstractContextManager:
    """Limit BLAS to one thread for the enclosed code.

    The solvers work on ``n x n`` or ``k x k`` matrices with ``n`` a few hundred at most, where
    BLAS threads cost more than they bring -- on a loaded machine a 100 x 100 solve becomes
    ~100 times slower -- and the workflow already runs one job per core. One thread also makes
    results independent of the machine's thread count.
    """
    return _threadpool_controller().limit(limits=1, user_api="blas")


# --------------------------------------------------------------------------------------------
# Estimators used in the selectors' predictive pipelines
# --------------------------------------------------------------------------------------------


class FeatureScaler(TransformerMixin, BaseEstimator):
    """Divide column ``j`` by ``factors[j]``: realises a per-feature L2 penalty by rescaling.

    A ridge penalty ``½ Σ_j (c_j w_j)²`` on ``x ↦ x·w`` equals the standard ``½||v||²`` on
    the rescaled features ``x_j / c_j`` with ``v_j = c_j w_j`` (same decision values), so the
    fitted coefficients of the next step are ``v`` and the model's weights are ``w = v / c``.
    Exposes ``affine_slope_ = 1 / factors`` for :func:`fsstab.importance.flip_sensitivity`.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors._logistic import FeatureScaler
    >>> scaler = FeatureScaler(factors=[2.0, 4.0]).fit(np.zeros((1, 2)))
    >>> scaler.transform(np.array([[2.0, 4.0], [6.0, 2.0]])).tolist()   # 2/2, 4/4; 6/2, 2/4
    [[1.0, 1.0], [3.0, 0.5]]
    >>> scaler.affine_slope_.tolist()
    [0.5, 0.25]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = {"factors": ["array-like", None]}

    def __init__(self, *, factors: Any = None):
        self.factors = factors

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: Any, y: Any = None) -> FeatureScaler:
        X = validate_data(self, X, dtype=np.float64)
        factors = (
            np.ones(X.shape[1])
            if self.factors is None
            else np.asarray(self.factors, dtype=np.float64)
        )
        if factors.shape != (X.shape[1],) or np.any(~np.isfinite(factors)) or np.any(factors <= 0):
            raise ValueError(
                f"factors must be {X.shape[1]} positive finite numbers, got {self.factors!r}"
            )
        self.factors_ = factors
        return self

    def transform(self, X: Any) -> np.ndarray:
        check_is_fitted(self, "factors_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X / self.factors_

    @property
    def affine_slope_(self) -> np.ndarray:
        check_is_fitted(self, "factors_")
        return 1.0 / self.factors_


class PenalizedLogisticRegression(ClassifierMixin, BaseEstimator):
    """Binary logistic regression with an elastic-net or group-LASSO penalty.

    Minimises ``C Σ ℓ + ρ Σ_g ω_g ||w_g||₂ + (1 − ρ)/2 ||w||²`` with ρ = ``l1_ratio`` and
    ``ω_g = √|g|`` (:func:`group_penalized_logistic`); singleton groups (``groups=None``) give
    scikit-learn's elastic net (Hamer & Dupont 2021, eq. 19), ρ = 1 the LASSO.

    ``fit`` accepts ``coef_init`` / ``intercept_init`` (like
    :meth:`sklearn.linear_model.SGDClassifier.fit`), which the selectors use to refit on the
    selected columns from the solution found on all columns: by convexity that solution,
    restricted, already satisfies the optimality conditions, so the refit returns it unchanged.

    Examples
    --------
    The LASSO (``l1_ratio=1``) solves scikit-learn's L1 problem (here against its SAGA solver
    run to a tight tolerance):

    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> from fsstab.selectors._logistic import PenalizedLogisticRegression
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(80, 4))
    >>> y = (X[:, 0] - X[:, 1] + 0.5 * rng.normal(size=80) > 0).astype(int)
    >>> model = PenalizedLogisticRegression(C=0.5, l1_ratio=1.0).fit(X, y)
    >>> saga = LogisticRegression(C=0.5, l1_ratio=1.0, solver="saga", tol=1e-12,
    ...                           max_iter=100_000).fit(X, y)
    >>> bool(np.allclose(model.coef_, saga.coef_, atol=1e-5)), float(model.coef_[0, 2])
    (True, 0.0)
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "C": [POSITIVE], "l1_ratio": [Interval(Real, 0, 1, closed="right")],
        "groups": ["array-like", None], "tol": [NON_NEGATIVE], "max_iter": [integers(1)],
    }

    def __init__(
        self,
        *,
        C: float = 1.0,
        l1_ratio: float = 1.0,
        groups: Any = None,
        tol: float = 1e-7,
        max_iter: int = 200,
    ):
        self.C = C
        self.l1_ratio = l1_ratio
        self.groups = groups
        self.tol = tol
        self.max_iter = max_iter

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(
        self,
        X: Any,
        y: Any,
        coef_init: np.ndarray | None = None,
        intercept_init: float | None = None,
    ) -> PenalizedLogisticRegression:
        X, y = validate_data(self, X, y, dtype=np.float64)
        y01 = encode_binary_target(self, y)
        if not (np.isfinite(self.C) and self.C > 0):
            raise ValueError(f"C must be a positive finite number, got {self.C!r}")
        groups = GroupStructure.from_labels(self.groups, X.shape[1])
        fit = group_penalized_logistic(
            X,
            y01,
            float(self.C),
            groups,
            l1_ratio=float(self.l1_ratio),
            coef_init=coef_init,
            intercept_init=intercept_init,
            tol=self.tol,
            max_iter=self.max_iter,
        )
        self.coef_ = fit.coef[None, :]
        self.intercept_ = np.array([fit.intercept])
        self.n_iter_ = np.array([fit.n_iter])
        return self

    def decision_function(self, X: Any) -> np.ndarray:
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_[0] + self.intercept_[0]

    def predict(self, X: Any) -> np.ndarray:
        return self.classes_[(self.decision_function(X) > 0).astype(np.int64)]

    def predict_proba(self, X: Any) -> np.ndarray:
        p = expit(self.decision_function(X))
        return np.column_stack([1 - p, p])
