"""Recursive feature elimination on a ridge linear or Cox model (regression and survival).

The counterpart of :class:`~fsstab.selectors.LogisticRFE` (Guyon et al. 2002; Hamer &
Dupont 2021 §7.2.3) for a continuous outcome (ridge least squares) and a time to event (the
ridge Cox model, Breslow's ties). With more remaining features than samples the ridge fit is
solved in the row space of the standardised data (Hastie & Tibshirani 2004: with
``X = U S Vᵀ`` the ridge solution is ``w = V θ`` where ``θ`` is the ridge solution on the
``n x r`` matrix ``U S``), so an elimination step costs one thin SVD plus an ``r``-dimensional
fit.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

from fsstab.importance import importances_on_support, linear_importance
from fsstab.outcomes import as_survival_target
from fsstab.selectors._base import BaseSelector
from fsstab.selectors._common import resolve_n_features
from fsstab.selectors._constraints import N_FEATURES, POSITIVE, STEP, TASK
from fsstab.selectors._logistic import GroupStructure, single_threaded_blas, standardize
from fsstab.selectors._outcome_models import PenalizedCoxRegression, PenalizedLinearRegression
from fsstab.selectors._penalized_losses import CoxLoss, penalized_fit
from fsstab.selectors._registry import register_selector
from fsstab.selectors._rfe import elimination_schedule, run_elimination

__all__ = ["LinearRFE", "ridge_weights"]


def _ridge_full_rank(task: str, Z: np.ndarray, y: np.ndarray, C: float) -> np.ndarray:
    if task == "regression":
        yc = y - y.mean()
        Zc = Z - Z.mean(axis=0)
        # minimise C ½||yc − Z θ||² + ½||θ||²: (C ZᵀZ + I) θ = C Zᵀ yc
        return np.linalg.solve(C * (Zc.T @ Zc) + np.eye(Z.shape[1]), C * (Zc.T @ yc))
    target = as_survival_target(y)
    loss = CoxLoss(Z, target["time"], target["event"])
    groups = GroupStructure.from_labels(None, Z.shape[1])
    return penalized_fit(loss, C, groups, l1_ratio=0.0, tol=1e-9).coef


def ridge_weights(task: str, Xs: np.ndarray, y: np.ndarray, C: float) -> np.ndarray:
    """Weights of ``C · L(w) + ½||w||²`` on the columns of ``Xs`` (``L``: least squares with an
    intercept for ``"regression"``, the Cox negative log partial likelihood for
    ``"survival"``), solved in the row space of ``Xs`` when it has more columns than rows."""
    n, d = Xs.shape
    if d <= n:
        return _ridge_full_rank(task, Xs, y, C)
    # centring first keeps the intercept out of the row space (least squares); the Cox
    # likelihood is invariant to shifts of the columns
    Xc = Xs - Xs.mean(axis=0)
    U, S, Vt = np.linalg.svd(Xc, full_matrices=False)
    rank = int(np.sum(S[0] * max(n, d) * np.finfo(float).eps < S)) if S.size else 0
    theta = _ridge_full_rank(task, U[:, :rank] * S[:rank], y, C)
    return Vt[:rank].T @ theta


@register_selector(
    method=("recursive feature elimination by the weights of a ridge linear (regression) or ridge "
            "Cox (survival) model"),
    model="the ridge model with `final_C`; eq. 7",
    reference="Guyon et al. 2002",
)
class LinearRFE(BaseSelector):
    """Recursive feature elimination on a ridge linear model (regression) or a ridge Cox model
    (survival).

    At every step a ridge model with ``C`` on the standardised remaining features ranks them
    by ``|w_f|`` and ``step`` of them are eliminated, down to ``n_features_to_select``
    (Guyon et al. 2002; the logistic version is :class:`~fsstab.selectors.LogisticRFE`). The
    final model is the ridge model with ``final_C`` on the selected features; importance is
    eq. 7 of Hamer & Dupont (2021) on its standardised weights.

    Parameters
    ----------
    n_features_to_select, step
        As for :class:`~fsstab.selectors.LogisticRFE` (``None``: ``min(20, √d)``; a float step
        drops that fraction of the remaining features).
    C, final_C
        Inverse ridge strength: the objective is ``C · L(w) + ½||w||²`` with ``L`` half the
        residual sum of squares (``alpha = 1/C`` of scikit-learn's ``Ridge``) or the negative
        log partial likelihood; ``final_C=None`` is ``C``.
    task
        ``"regression"`` (default) or ``"survival"``.

    Attributes
    ----------
    support_, ranking_, importances_, estimator_ (StandardScaler +
    :class:`~fsstab.selectors._outcome_models.PenalizedLinearRegression` or
    :class:`~fsstab.selectors._outcome_models.PenalizedCoxRegression` with ``l1_ratio=0``),
    rfe_path_.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import LinearRFE
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 30))
    >>> y = 3 * X[:, 4] - 2 * X[:, 7] + 0.1 * rng.normal(size=40)
    >>> np.flatnonzero(LinearRFE(n_features_to_select=2).fit(X, y).support_).tolist()
    [4, 7]
    """

    tasks: ClassVar[frozenset[str]] = frozenset({"regression", "survival"})

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "n_features_to_select": N_FEATURES, "C": [POSITIVE], "final_C": [POSITIVE, None],
        "step": STEP, "task": TASK,
    }

    def __init__(self, *, n_features_to_select: int | float | None = None, C: float = 1.0,
                 final_C: float | None = None, step: int | float = 0.2,
                 task: str = "regression"):
        self.n_features_to_select = n_features_to_select
        self.C = C
        self.final_C = final_C
        self.step = step
        self.task = task

    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        task = self._task()
        C = _positive("C", self.C)
        final_C = C if self.final_C is None else _positive("final_C", self.final_C)
        d = X.shape[1]
        sizes = elimination_schedule(d, resolve_n_features(self.n_features_to_select, d),
                                     self.step)
        Xs = standardize(X)[0]
        with single_threaded_blas():
            path = run_elimination(sizes, np.zeros(0, np.int64),
                                   lambda alive: np.abs(ridge_weights(task, Xs[:, alive], y, C)))
        self.rfe_path_ = path
        self.support_ = path.support
        self.ranking_ = path.ranking
        model_class = PenalizedLinearRegression if task == "regression" else PenalizedCoxRegression
        model = Pipeline([("standardize", StandardScaler()),
                          ("model", model_class(C=final_C, l1_ratio=0.0, tol=1e-9))])
        self.estimator_ = self._fit_model(model, X, y)
        if np.any(self.support_):
            self.importances_ = importances_on_support(
                linear_importance(self.estimator_[-1].coef_), self.support_)
        else:
            self.importances_ = np.zeros(d)


def _positive(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            np.isfinite(value) and value > 0):
        raise ValueError(f"{name} must be a positive finite number, got {value!r}")
    return float(value)
