"""Penalised linear and Cox models for continuous and survival outcomes.

:class:`PenalizedLinearRegression` and :class:`PenalizedCoxRegression` are the predictive
models of the penalised selectors (:class:`~fsstab.selectors.LassoSelector`,
:class:`~fsstab.selectors.ElasticNetSelector`, :class:`~fsstab.selectors.GroupLassoSelector`)
for ``task="regression"`` and ``task="survival"``, as
:class:`~fsstab.selectors._logistic.PenalizedLogisticRegression` is for classification; the
objectives are those of :mod:`fsstab.selectors._penalized_losses`. :func:`outcome_problem`
gives the selectors' regularisation paths and :func:`fsstab.selectors.calibrate_C` the
training set of one resample as a penalised problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils.validation import check_consistent_length, check_is_fitted, validate_data

from fsstab._sklearn_compat import _fit_context
from fsstab.outcomes import as_regression_target, as_survival_target
from fsstab.selectors._constraints import NON_NEGATIVE, POSITIVE, UNIT, integers
from fsstab.selectors._logistic import GroupStructure
from fsstab.selectors._penalized_losses import (
    CoxLoss,
    LeastSquaresLoss,
    PathSolution,
    null_model_C_for,
    penalized_fit,
)

__all__ = ["PenalizedCoxRegression", "PenalizedLinearRegression", "fit_outcome_model",
           "outcome_problem"]


def _check_C(C: Any) -> float:
    if isinstance(C, bool) or not isinstance(C, int | float) or not (np.isfinite(C) and C > 0):
        raise ValueError(f"C must be a positive finite number, got {C!r}")
    return float(C)


#: The constraints of the penalised least-squares and Cox models (``l1_ratio = 0``: ridge).
_LINEAR_MODEL: dict[str, list[Any]] = {
    "C": [POSITIVE], "l1_ratio": [UNIT], "groups": ["array-like", None], "tol": [NON_NEGATIVE],
    "max_iter": [integers(1)],
}


class PenalizedLinearRegression(RegressorMixin, BaseEstimator):
    """Linear regression with an elastic-net or group-LASSO penalty.

    Minimises ``C · ½ Σ (y_i − b − x_i·w)² + ρ Σ_g ω_g ||w_g||₂ + (1 − ρ)/2 ||w||²`` with
    ρ = ``l1_ratio`` and an unpenalised intercept ``b``; for singleton groups this is
    scikit-learn's :class:`~sklearn.linear_model.ElasticNet` with ``alpha = 1/(C n)``.
    ``fit`` accepts ``coef_init`` (a warm start; the selectors refit on the selected columns
    from the solution on all columns, which by convexity is already optimal there).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors._outcome_models import PenalizedLinearRegression
    >>> X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 0.0]])
    >>> model = PenalizedLinearRegression(C=1.0).fit(X, 2 * X[:, 0] + 1)
    >>> # the slope 2 shrunk by 1 / (C Σ(x − x̄)²) = 1/5; the second column stays out
    >>> np.round(model.coef_, 6).tolist(), round(float(model.intercept_), 6)
    ([1.8, 0.0], 1.3)
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = dict(_LINEAR_MODEL)

    def __init__(self, *, C: float = 1.0, l1_ratio: float = 1.0, groups: Any = None,
                 tol: float = 1e-7, max_iter: int = 200):
        self.C = C
        self.l1_ratio = l1_ratio
        self.groups = groups
        self.tol = tol
        self.max_iter = max_iter

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: Any, y: Any, coef_init: np.ndarray | None = None
            ) -> PenalizedLinearRegression:
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True)
        C = _check_C(self.C)
        mean = X.mean(axis=0)
        groups = GroupStructure.from_labels(self.groups, X.shape[1])
        fit = penalized_fit(LeastSquaresLoss(X - mean, y), C, groups,
                            l1_ratio=float(self.l1_ratio), coef_init=coef_init,
                            tol=self.tol, max_iter=self.max_iter)
        self.coef_ = fit.coef
        self.intercept_ = float(np.mean(y) - mean @ fit.coef)
        self.n_iter_ = fit.n_iter
        return self

    def predict(self, X: Any) -> np.ndarray:
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_ + self.intercept_


class PenalizedCoxRegression(BaseEstimator):
    """Proportional hazards (Cox) regression with an elastic-net or group-LASSO penalty.

    Minimises ``C · (−log PL(w)) + ρ Σ_g ω_g ||w_g||₂ + (1 − ρ)/2 ||w||²``, the partial
    likelihood with Breslow's ties; for singleton groups this is scikit-survival's
    ``CoxnetSurvivalAnalysis`` at ``alpha = 1/(C n)``. ``l1_ratio=0`` is the ridge Cox model.
    A scikit-survival style estimator: ``y`` is a survival target
    (:func:`fsstab.outcomes.as_survival_target`), ``predict`` gives the risk score ``x·w``
    (higher = earlier event) and ``score`` Harrell's C-index.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.outcomes import survival_target
    >>> from fsstab.selectors._outcome_models import PenalizedCoxRegression
    >>> X = np.array([[2.0], [1.0], [0.5], [0.0]])
    >>> y = survival_target([True, True, False, True], [1.0, 2.0, 3.0, 4.0])
    >>> model = PenalizedCoxRegression(C=1.0, l1_ratio=0.0).fit(X, y)
    >>> bool(model.coef_[0] > 0), model.score(X, y)
    (True, 1.0)
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = dict(_LINEAR_MODEL)

    def __init__(self, *, C: float = 1.0, l1_ratio: float = 1.0, groups: Any = None,
                 tol: float = 1e-7, max_iter: int = 200):
        self.C = C
        self.l1_ratio = l1_ratio
        self.groups = groups
        self.tol = tol
        self.max_iter = max_iter

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: Any, y: Any, coef_init: np.ndarray | None = None) -> PenalizedCoxRegression:
        X = validate_data(self, X, dtype=np.float64, ensure_min_samples=2)
        target = as_survival_target(y)
        check_consistent_length(X, target)
        C = _check_C(self.C)
        groups = GroupStructure.from_labels(self.groups, X.shape[1])
        fit = penalized_fit(CoxLoss(X, target["time"], target["event"]), C, groups,
                            l1_ratio=float(self.l1_ratio), coef_init=coef_init,
                            tol=self.tol, max_iter=self.max_iter)
        self.coef_ = fit.coef
        self.n_iter_ = fit.n_iter
        return self

    def predict(self, X: Any) -> np.ndarray:
        """Risk scores ``x·w``: a higher score predicts an earlier event."""
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_

    def score(self, X: Any, y: Any) -> float:
        """Harrell's C-index of the risk scores on ``(X, y)``."""
        from fsstab.concordance import concordance_index_harrell

        return concordance_index_harrell(y, self.predict(X))


# --------------------------------------------------------------------------------------------
# One training set as a problem of the regularisation path
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _LossProblem:
    """A standardised training set with its loss and penalty (the interface of
    ``_PenaltyProblem`` of :mod:`fsstab.selectors._penalized`: ``solve``, ``support``,
    ``support_size``, ``start_C``)."""

    loss: Any
    groups: GroupStructure
    l1_ratio: float
    tol: float
    max_iter: int

    def solve(self, C: float, start: Any) -> Any:
        fit = penalized_fit(self.loss, C, self.groups, l1_ratio=self.l1_ratio,
                            coef_init=None if start is None else start.coef,
                            tol=self.tol, max_iter=self.max_iter)
        return PathSolution(C, fit.coef, 0.0, self.support_size(fit.coef), fit.n_iter)

    def support(self, w: np.ndarray) -> np.ndarray:
        return (self.groups.norms(w) > 0)[self.groups.codes]

    def support_size(self, w: np.ndarray) -> int:
        return int(self.support(w).sum())

    def start_C(self) -> float:
        return null_model_C_for(self.loss, self.groups, self.l1_ratio)


def outcome_problem(task: str, Xs: np.ndarray, y: np.ndarray, groups: GroupStructure,
                    l1_ratio: float, tol: float, max_iter: int) -> _LossProblem:
    """The penalised problem of one standardised training set ``(Xs, y)`` for ``task``
    (``"regression"``: least squares on ``y``; ``"survival"``: Cox on the survival target)."""
    if task == "regression":
        loss: Any = LeastSquaresLoss(Xs, as_regression_target(y))
    elif task == "survival":
        target = as_survival_target(y)
        loss = CoxLoss(Xs, target["time"], target["event"])
    else:
        raise ValueError(f"no penalised {task!r} problem here (classification is logistic)")
    return _LossProblem(loss, groups, float(l1_ratio), float(tol), int(max_iter))


def fit_outcome_model(task: str, X: np.ndarray, y: np.ndarray, *, C: float, l1_ratio: float,
                      groups: Any, tol: float, max_iter: int,
                      coef_init: np.ndarray | None = None) -> Any:
    """``StandardScaler`` + the penalised model of ``task`` fitted on ``(X, y)`` (warm-started
    at ``coef_init``, the coefficients on standardised columns)."""
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    model_class = PenalizedLinearRegression if task == "regression" else PenalizedCoxRegression
    model = model_class(C=C, l1_ratio=l1_ratio, groups=groups, tol=tol, max_iter=max_iter)
    pipeline = Pipeline([("standardize", StandardScaler()), ("model", model)])
    return pipeline.fit(X, y, model__coef_init=coef_init)
