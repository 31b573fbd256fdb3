"""The LASSO path truncated when q features have entered: stabs' selection on a subsample.

The R package stabs selects with a LASSO-type method on each subsample by ``glmnet.lasso``:
glmnet with ``pmax = q`` on its default grid of penalties, keeping the features non-zero at the
last penalty of the path at which at most ``q`` features have ever been non-zero.
:func:`truncated_lasso_path` computes that selection for a penalised selector's problem
(logistic, least squares or Cox; LASSO, elastic net or group LASSO) on standardised columns:

- the grid: ``n_lambdas`` penalties ``λ_k = λ_max r^(k/(n_lambdas − 1))`` from the null
  model's ``λ_max`` down to ``r λ_max``, ``r = 0.01`` when ``n < d`` and ``1e-4`` otherwise
  (glmnet's default ``lambda.min.ratio``); in fsstab's parameterisation ``C = 1/λ`` of the
  objective ``C · loss + penalty`` (glmnet's ``λ`` is ``1/(C n)``, the same solutions);
- each point is warm-started from the last and solved on a working set: the features kept by
  the sequential strong rule (Tibshirani et al. 2012, ``||∇_g|| ≥ ρ ω_g (2λ_k − λ_{k−1})``)
  and those that ever entered, then every feature's optimality condition is checked with one
  gradient over all columns and violators join until none is left;
- the path stops before the first point at which more than ``q`` features have ever been
  non-zero (that point's selection is dropped, as glmnet drops it), after a point that
  explains more than 99.9 % of the null loss, or after a point (the fifth or later) that adds
  less than 1e-5 to the explained fraction (glmnet's ``devmax``, ``fdev`` and ``mnlam``).

One pass over the standardised columns per point of the path (the gradient) is the cost; the
working-set problems are those of :mod:`fsstab.selectors._group_logistic` and
:mod:`fsstab.selectors._penalized_losses`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.special import expit

from fsstab.selectors._group_logistic import GroupStructure, group_penalized_logistic
from fsstab.selectors._penalized_losses import CoxLoss, LeastSquaresLoss, penalized_fit
from fsstab.selectors._ridge_logistic import logistic_loss, signed_labels

__all__ = ["PathPoint", "PathSelection", "null_model_C_of", "path_points",
           "path_selection_counts", "standardized_subsample", "truncated_lasso_path"]

#: glmnet.control()'s defaults: largest explained fraction, smallest gain per point, and the
#: number of points before the gain criterion applies.
_DEVMAX, _FDEV, _MNLAM = 0.999, 1e-5, 5


@dataclass(frozen=True)
class PathSelection:
    """The selection at the end of a truncated path.

    Attributes
    ----------
    support
        Features non-zero at the last point kept.
    entered
        Features non-zero at some point kept.
    C
        ``C`` of the last point kept (0 before the first: nothing selected).
    n_points
        Points of the grid solved (the dropped one included).
    """

    support: np.ndarray
    entered: np.ndarray
    C: float
    n_points: int


class _Outcome:
    """What the path needs of a task's loss: the working-set solve, the gradient in the
    linear predictor ``η`` (sample order) and the loss value."""

    def __init__(self, task: str, y: Any, l1_ratio: float, tol: float, max_iter: int):
        self.task, self.l1_ratio, self.tol, self.max_iter = task, l1_ratio, tol, max_iter
        if task == "classification":
            self.y = np.asarray(y, dtype=np.float64)
            self.signs = signed_labels(self.y)
            prior = float(np.clip(self.y.mean(), 1e-12, 1 - 1e-12))
            self.null_intercept = math.log(prior / (1 - prior))
        elif task == "regression":
            self.y = np.asarray(y, dtype=np.float64)
            self.centred = self.y - self.y.mean()
            self.null_intercept = 0.0
        elif task == "survival":
            self.y = y
            self.cox = CoxLoss(np.zeros((len(y), 0)), y["time"], y["event"])
            self.null_intercept = 0.0
        else:
            raise ValueError(f"no LASSO path for task {task!r}")

    def solve(self, Xw: np.ndarray, groups: GroupStructure, C: float, w: np.ndarray,
              b: float) -> tuple[np.ndarray, float]:
        if self.task == "classification":
            fit = group_penalized_logistic(Xw, self.y, C, groups, l1_ratio=self.l1_ratio,
                                           coef_init=w, intercept_init=b, tol=self.tol,
                                           max_iter=self.max_iter)
            return fit.coef, fit.intercept
        loss: Any = (LeastSquaresLoss(Xw, self.y) if self.task == "regression"
                     else CoxLoss(Xw, self.y["time"], self.y["event"]))
        fit = penalized_fit(loss, C, groups, l1_ratio=self.l1_ratio, coef_init=w, tol=self.tol,
                            max_iter=self.max_iter)
        return fit.coef, 0.0

    def eta_gradient(self, eta: np.ndarray, b: float) -> np.ndarray:
        """``∂ loss / ∂η`` per sample, in sample order."""
        if self.task == "classification":
            return expit(eta + b) - self.y
        if self.task == "regression":
            return eta - self.centred
        order = self.cox.order
        _, _, ec = self.cox.risk_sums_of(eta[order])
        out = np.empty_like(eta)
        out[order] = ec - self.cox.event
        return out

    def value(self, eta: np.ndarray, b: float) -> float:
        if self.task == "classification":
            return logistic_loss(eta + b, self.signs)
        if self.task == "regression":
            r = self.centred - eta
            return 0.5 * float(r @ r)
        sorted_eta, log_s0, _ = self.cox.risk_sums_of(eta[self.cox.order])
        events = self.cox.events
        return float(np.sum(log_s0[events] - sorted_eta[events]))


def _grid(c0: float, n: int, d: int, n_lambdas: int, lambda_min_ratio: float | None
          ) -> np.ndarray:
    ratio = (0.01 if n < d else 1e-4) if lambda_min_ratio is None else lambda_min_ratio
    return c0 * ratio ** (-np.arange(n_lambdas) / (n_lambdas - 1))


def truncated_lasso_path(
    Xs: np.ndarray, y: Any, q: int, *, task: str = "classification", l1_ratio: float = 1.0,
    groups: GroupStructure | None = None, n_lambdas: int = 100,
    lambda_min_ratio: float | None = None, tol: float = 1e-7, max_iter: int = 200,
) -> PathSelection:
    """The features non-zero where the penalised path has let at most ``q`` features enter
    (module docstring; stabs' ``glmnet.lasso`` with ``pmax = q``).

    Parameters
    ----------
    Xs
        Standardised training rows (``StandardScaler``'s values), shape ``(n, d)``.
    y
        0/1 labels, values or a survival target, as the penalised selectors take them.
    q
        The largest number of features allowed to enter.
    task, l1_ratio, groups, tol, max_iter
        The penalised problem (:class:`fsstab.selectors.LassoSelector` and relatives).
    n_lambdas, lambda_min_ratio
        The grid (glmnet's ``nlambda`` and ``lambda.min.ratio``; None: 0.01 when n < d, else
        1e-4).

    Returns
    -------
    PathSelection

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors._lasso_path import truncated_lasso_path
    >>> from fsstab.selectors._standardize import standardize
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(80, 30))
    >>> y = (X[:, 3] - X[:, 7] + 0.3 * rng.normal(size=80) > 0).astype(int)
    >>> path = truncated_lasso_path(standardize(X)[0], y, q=2)
    >>> np.flatnonzero(path.support).tolist(), int(path.entered.sum()) <= 2
    ([3, 7], True)
    """
    n, d = Xs.shape
    if isinstance(q, bool) or not isinstance(q, int | np.integer) or not 1 <= q <= d:
        raise ValueError(f"q must be an integer between 1 and the number of features {d}; "
                         f"got {q!r}")
    if n_lambdas < 2:
        raise ValueError(f"n_lambdas must be at least 2, got {n_lambdas!r}")
    groups = GroupStructure.from_labels(None, d) if groups is None else groups
    outcome = _Outcome(task, y, float(l1_ratio), float(tol), int(max_iter))
    empty = np.zeros(d, dtype=bool)
    c0 = null_model_C_of(Xs, outcome, groups)
    if not np.isfinite(c0):  # nothing moves the loss: the path stays at the null model
        return PathSelection(empty, empty, 0.0, 0)
    Cs = _grid(c0, n, d, n_lambdas, lambda_min_ratio)
    kept = PathSelection(empty, empty, float(Cs[0]), 1)  # the null model at λ_max
    entered = np.zeros(d, dtype=bool)
    null_value = outcome.value(np.zeros(n), outcome.null_intercept)
    explained = 0.0
    for k, point in enumerate(path_points(Xs, outcome, groups, Cs), start=1):
        entered_now = entered | point.support
        if int(entered_now.sum()) > q:
            return PathSelection(kept.support, kept.entered, kept.C, k + 1)
        entered = entered_now
        kept = PathSelection(point.support, entered.copy(), point.C, k + 1)
        gained = 1.0 - point.value / null_value if null_value > 0 else 1.0
        if gained > _DEVMAX or (k + 1 >= _MNLAM and gained - explained < _FDEV):
            break
        explained = gained
    return kept


@dataclass(frozen=True)
class PathPoint:
    """One solved point of a path: ``C``, the selected features and the loss there."""

    C: float
    support: np.ndarray
    value: float


def null_model_C_of(Xs: np.ndarray, outcome: _Outcome, groups: GroupStructure) -> float:
    """The largest ``C`` at which no feature is selected (infinite if none moves the loss)."""
    gradient = Xs.T @ outcome.eta_gradient(np.zeros(Xs.shape[0]), outcome.null_intercept)
    top = float((groups.norms(gradient) / groups.weights).max(initial=0.0))
    return outcome.l1_ratio / top if top > 0 else math.inf


def path_points(Xs: np.ndarray, outcome: _Outcome, groups: GroupStructure,
                Cs: np.ndarray) -> Iterator[PathPoint]:
    """The solutions at ``Cs[1:]`` (``Cs[0]`` the null model's ``C``, increasing), each
    warm-started from the last on the strong rule's working set and checked on all columns
    (module docstring)."""
    n, d = Xs.shape
    rho, weights, tol = outcome.l1_ratio, groups.weights, outcome.tol
    b = outcome.null_intercept
    norms = groups.norms(Xs.T @ outcome.eta_gradient(np.zeros(n), b))
    w = np.zeros(d)
    entered = np.zeros(groups.n_groups, dtype=bool)
    for k in range(1, len(Cs)):
        C, previous = float(Cs[k]), float(Cs[k - 1])
        working = (norms >= rho * weights * (2.0 / C - 1.0 / previous)) | entered
        while True:
            cols = np.flatnonzero(working[groups.codes])
            w_sub, b = outcome.solve(Xs[:, cols], groups.subset(cols), C, w[cols], b)
            w = np.zeros(d)
            w[cols] = w_sub
            eta = Xs[:, cols] @ w_sub
            norms = groups.norms(Xs.T @ outcome.eta_gradient(eta, b))
            violating = ~working & (C * norms - rho * weights > tol * rho)
            if not violating.any():
                break
            working |= violating
        active = groups.norms(w) > 0
        entered |= active
        yield PathPoint(C, active[groups.codes], outcome.value(eta, b))

def standardized_subsample(X: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``X[rows]`` with every column centred and scaled to unit variance (``1/n``, glmnet's
    and StandardScaler's convention; a constant column stays 0), in one copy of the rows."""
    Xs = np.take(X, rows, axis=0)
    Xs -= Xs.mean(axis=0)
    scale = np.sqrt(np.einsum("ij,ij->j", Xs, Xs) / Xs.shape[0])
    scale[scale == 0] = 1.0
    Xs /= scale
    return Xs


def path_selection_counts(selector: Any, X: np.ndarray, y: Any, subsamples: np.ndarray,
                          q: int) -> np.ndarray:
    """How often each feature is selected by :func:`truncated_lasso_path` over the subsamples
    (row-index arrays), with the penalty, task and tolerance of the penalised ``selector``:
    ``StabilitySelection(selection="path")``."""
    from fsstab.selectors._logistic import single_threaded_blas
    from fsstab.selectors._penalized import _PenalizedSelector

    if not isinstance(selector, _PenalizedSelector):
        raise ValueError(
            "selection='path' needs a LASSO-type base selector (LassoSelector, "
            f"ElasticNetSelector or GroupLassoSelector); got {type(selector).__name__}"
        )
    task = selector._task()
    d = X.shape[1]
    if task == "classification" and np.unique(y).size > 2:
        raise ValueError("selection='path' serves binary classification (glmnet's binomial "
                         f"family); y has {np.unique(y).size} classes")
    l1_ratio, labels = selector._penalty(d)
    if not (isinstance(l1_ratio, float | int) and 0 < l1_ratio <= 1):
        raise ValueError(f"l1_ratio must lie in (0, 1], got {l1_ratio!r}")
    groups = GroupStructure.from_labels(labels, d)
    counts = np.zeros(d)
    with single_threaded_blas():
        for i, rows in enumerate(subsamples):
            target = y[rows]
            if task == "classification" and np.unique(target).size < 2:
                raise ValueError(f"subsample {i} contains a single class; the LASSO path needs "
                                 "both (stratify=True keeps them)")
            path = truncated_lasso_path(standardized_subsample(X, rows), target, q, task=task,
                                        l1_ratio=float(l1_ratio), groups=groups,
                                        tol=float(selector.tol), max_iter=int(selector.max_iter))
            counts += path.support
    return counts
