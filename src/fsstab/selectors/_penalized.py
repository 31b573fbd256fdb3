"""Embedded selection by penalised logistic regression (Hamer & Dupont 2021, §5.3, §7.2.1-2).

:class:`LassoSelector` (L1), :class:`ElasticNetSelector` (eq. 19) and
:class:`GroupLassoSelector` (group LASSO, §5.3 scenarios 1-2) select the features with a
non-zero weight; the predictive model is the penalised model itself, and importance is eq. 7 on
standardised features (= eq. 9 by Theorem 1).

Hamer chooses λ "to select min(20, √d) features on average" over the M resampling runs. Two
ways are provided: ``target_k`` on a single fit (a warm-started regularisation path refined by
bisection, keeping the ``C`` whose support size is closest to ``target_k``), and
:func:`~fsstab.selectors.calibrate_C` (:mod:`._calibration`), which finds one ``C`` whose
*mean* support size over a list of training sets equals ``target_k``.
The same selectors serve a continuous and a survival outcome (``task="regression"`` /
``"survival"``): the penalty is then on the least-squares loss or on the Cox partial likelihood
(:mod:`fsstab.selectors._penalized_losses`), with the same ``C``, path and calibration.
"""

from __future__ import annotations

import math
import warnings
from abc import abstractmethod
from dataclasses import dataclass
from numbers import Real
from typing import Any, ClassVar

import numpy as np
from sklearn.multiclass import OneVsRestClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

from fsstab._sklearn_compat import Interval
from fsstab.importance import importances_on_support, linear_importance
from fsstab.selectors._base import BaseSelector
from fsstab.selectors._constraints import N_FEATURES, NON_NEGATIVE, POSITIVE, TASK, integers
from fsstab.selectors._logistic import (
    GroupStructure,
    PenalizedLogisticRegression,
    group_penalized_logistic,
    null_model_C,
    single_threaded_blas,
    standardize,
)
from fsstab.selectors._penalized_losses import PathSolution as _Solution
from fsstab.selectors._registry import register_selector

#: Resolution of the regularisation path: points per decade of C and decades explored.
_PER_DECADE, _MAX_DECADES = 10, 6


@dataclass(frozen=True)
class _PenaltyProblem:
    """A standardised training set with its penalty: everything a path needs."""

    X: np.ndarray
    y: np.ndarray
    groups: GroupStructure
    l1_ratio: float
    tol: float
    max_iter: int

    def solve(self, C: float, start: _Solution | None) -> _Solution:
        fit = group_penalized_logistic(
            self.X,
            self.y,
            C,
            self.groups,
            l1_ratio=self.l1_ratio,
            coef_init=None if start is None else start.coef,
            intercept_init=None if start is None else start.intercept,
            tol=self.tol,
            max_iter=self.max_iter,
        )
        return _Solution(C, fit.coef, fit.intercept, self.support_size(fit.coef), fit.n_iter)

    def support(self, w: np.ndarray) -> np.ndarray:
        """Selected features: all features of the groups with a non-zero weight vector."""
        return (self.groups.norms(w) > 0)[self.groups.codes]

    def support_size(self, w: np.ndarray) -> int:
        return int(self.support(w).sum())

    def start_C(self) -> float:
        return null_model_C(self.X, self.y, self.groups, self.l1_ratio)


@dataclass(frozen=True)
class _OneVsRestProblem:
    """K binary problems "class c against the rest" sharing one C: the multi-class penalised
    selector. A feature is selected when any class's model uses it, so the support size of a
    solution is the size of the union; ``coef`` and ``intercept`` stack the K models."""

    problems: tuple[_PenaltyProblem, ...]

    def solve(self, C: float, start: _Solution | None) -> _Solution:
        fits = [
            problem.solve(C, None if start is None else
                          _Solution(C, start.coef[c], start.intercept[c], 0, 0))
            for c, problem in enumerate(self.problems)
        ]
        coef = np.stack([fit.coef for fit in fits])
        intercept = np.array([fit.intercept for fit in fits])
        return _Solution(C, coef, intercept, self.support_size(coef),
                         sum(fit.n_iter for fit in fits))

    def support(self, w: np.ndarray) -> np.ndarray:
        return np.any([p.support(wc) for p, wc in zip(self.problems, w, strict=True)], axis=0)

    def support_size(self, w: np.ndarray) -> int:
        return int(self.support(w).sum())

    def start_C(self) -> float:
        """The smallest C at which some class's model leaves the null model."""
        return min(problem.start_C() for problem in self.problems)

    @property
    def l1_ratio(self) -> float:
        return self.problems[0].l1_ratio

    @property
    def tol(self) -> float:
        return self.problems[0].tol

    @property
    def max_iter(self) -> int:
        return self.problems[0].max_iter


def _check_target_k(target_k: Any, d: int) -> int:
    """A positive integer at most ``d`` (like ``n_features_to_select`` of an RFE), or a
    fraction in (0, 1) of ``d`` (rounded down, at least one: Sechidis et al. 2019 select 25 %
    of the features of every data set). More features than ``d`` is an error: capping it
    would silently select every feature."""
    if isinstance(target_k, float | np.floating) and 0 < target_k < 1:
        return max(1, math.floor(target_k * d))
    if isinstance(target_k, bool) or not isinstance(target_k, int | np.integer) or target_k < 1:
        raise ValueError(
            f"target_k must be a positive integer, a fraction in (0, 1) or None, got {target_k!r}"
        )
    if target_k > d:
        raise ValueError(f"target_k={target_k} must lie between 1 and n_features={d}")
    return int(target_k)


def _path_to_target(problem: _PenaltyProblem, target_k: int) -> tuple[_Solution, list[_Solution]]:
    """Warm-started path from the null model up to ``target_k`` features, refined by bisection.

    Walks ``C = C₀ · 10^(j/10)`` until the support reaches ``target_k``, then bisects ``log C``
    between the last two points (warm-starting from the sparser end) until the support size
    equals ``target_k`` or 20 halvings are done. Returns the evaluated solution whose support
    size is closest to ``target_k`` (ties: the smallest ``C``) and all evaluated solutions.
    """
    c0 = problem.start_C()
    if not np.isfinite(c0):
        raise ValueError("no feature is associated with y (every column is constant)")
    lo = problem.solve(c0, None)
    evaluated = [lo]
    hi = None
    for j in range(1, _PER_DECADE * _MAX_DECADES + 1):
        sol = problem.solve(c0 * 10 ** (j / _PER_DECADE), evaluated[-1])
        evaluated.append(sol)
        if sol.k >= target_k:
            hi = sol
            break
        lo = sol
    if hi is not None and hi.k != target_k:
        for _ in range(20):
            sol = problem.solve(float(np.sqrt(lo.C * hi.C)), lo)
            evaluated.append(sol)
            if sol.k == target_k:
                break
            if sol.k < target_k:
                lo = sol
            else:
                hi = sol
    best = min(evaluated, key=lambda s: (abs(s.k - target_k), s.C))
    if best.k != target_k:
        warnings.warn(
            f"the regularisation path reached {best.k} features, not target_k={target_k}; "
            f"using the closest (C={best.C:.4g})",
            UserWarning,
            stacklevel=4,
        )
    return best, sorted(evaluated, key=lambda s: s.C)


#: The constraints of the penalised selectors' shared parameters (``tol = 0`` runs
#: ``max_iter`` iterations).
_PENALIZED: dict[str, list[Any]] = {
    "C": [POSITIVE], "target_k": N_FEATURES, "tol": [NON_NEGATIVE], "max_iter": [integers(1)],
    "task": TASK,
}


class _PenalizedSelector(BaseSelector):
    """Shared fit of the penalised logistic selectors (subclasses define the penalty).

    More than two classes are handled one-versus-rest with one common C
    (:class:`_OneVsRestProblem`): a feature is selected when any class's model uses it, the
    predictive model is a :class:`~sklearn.multiclass.OneVsRestClassifier` of the penalised
    models on the selected features, and the importance is eq. 7 of Hamer & Dupont (2021) on
    the summed absolute weights of the K models.
    """

    _supports_multiclass: ClassVar[bool] = True
    calibrates_C: ClassVar[bool] = True
    tasks: ClassVar[frozenset[str]] = frozenset({"classification", "regression", "survival"})

    @abstractmethod
    def _penalty(self, d: int) -> tuple[float, Any]:
        """``(l1_ratio, group labels or None)`` of this selector for ``d`` features."""

    def _problem(self, X: np.ndarray, y01: np.ndarray) -> _PenaltyProblem:
        return self._standardized_problem(standardize(X)[0], y01)

    def _standardized_problem(self, Xs: np.ndarray, y01: np.ndarray) -> _PenaltyProblem:
        """The problem of a training set already standardised (``standardize``'s values)."""
        l1_ratio, labels = self._penalty(Xs.shape[1])
        if not (isinstance(l1_ratio, float | int) and 0 < l1_ratio <= 1):
            raise ValueError(f"l1_ratio must lie in (0, 1], got {l1_ratio!r}")
        groups = GroupStructure.from_labels(labels, Xs.shape[1])
        task = self._task()
        if task != "classification":
            from fsstab.selectors._outcome_models import outcome_problem

            return outcome_problem(task, Xs, y01, groups, float(l1_ratio), float(self.tol),
                                   int(self.max_iter))
        return _PenaltyProblem(
            Xs, y01.astype(np.float64), groups, float(l1_ratio), float(self.tol), int(self.max_iter)
        )

    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        with single_threaded_blas():
            self._fit_penalized(X, y)

    def _fit_penalized(self, X: np.ndarray, y: np.ndarray) -> None:
        task = self._task()
        n_classes = int(y.max()) + 1 if task == "classification" else 0
        problem: Any
        if task != "classification" or n_classes == 2:
            problem = self._problem(X, y)
        else:
            problem = _OneVsRestProblem(
                tuple(self._problem(X, (y == c).astype(np.int64)) for c in range(n_classes))
            )
        if self.target_k is None:
            if not (isinstance(self.C, float | int) and np.isfinite(self.C) and self.C > 0):
                raise ValueError(f"C must be a positive finite number, got {self.C!r}")
            solution = problem.solve(float(self.C), None)
            path = [solution]
        else:
            solution, path = _path_to_target(problem, _check_target_k(self.target_k, X.shape[1]))
        self.C_ = solution.C
        self.n_iter_ = sum(s.n_iter for s in path)
        self.regularization_path_ = {
            "C": np.array([s.C for s in path]),
            "n_selected": np.array([s.k for s in path]),
        }
        self.support_ = problem.support(solution.coef)
        if task != "classification":
            self.estimator_ = self._fit_outcome_model(X, y, problem, solution)
            weights = self.estimator_[-1].coef_ if np.any(self.support_) else None
        elif n_classes == 2:
            self.estimator_ = self._fit_penalized_model(X, y, problem, solution)
            weights = self.estimator_[-1].coef_ if np.any(self.support_) else None
        else:
            self.estimator_ = self._fit_one_vs_rest_model(X, y, problem, solution)
            weights = (
                np.sum([np.abs(m.coef_) for m in self.estimator_[-1].estimators_], axis=0)
                if np.any(self.support_) else None
            )
        model_importance = np.zeros(0) if weights is None else linear_importance(weights)
        self.importances_ = importances_on_support(model_importance, self.support_)

    def _fit_outcome_model(self, X: np.ndarray, y: np.ndarray, problem: Any,
                           solution: _Solution) -> Any:
        """The penalised least-squares or Cox model on the selected columns, warm-started at
        the solution (as :meth:`_fit_penalized_model`)."""
        if not np.any(self.support_):
            return self._fit_model(None, X, y)
        from fsstab.selectors._outcome_models import fit_outcome_model

        _, labels = self._penalty(X.shape[1])
        return fit_outcome_model(
            self._task(), X[:, self.support_], y, C=solution.C, l1_ratio=problem.l1_ratio,
            groups=None if labels is None else np.asarray(labels)[self.support_],
            tol=problem.tol, max_iter=problem.max_iter, coef_init=solution.coef[self.support_])

    def _fit_one_vs_rest_model(
        self, X: np.ndarray, y: np.ndarray, problem: _OneVsRestProblem, solution: _Solution
    ) -> Any:
        """One-vs-rest penalised models with the selected C on the selected columns."""
        if not np.any(self.support_):
            return self._fit_model(None, X, y)
        _, labels = self._penalty(X.shape[1])
        model = PenalizedLogisticRegression(
            C=solution.C,
            l1_ratio=problem.l1_ratio,
            groups=None if labels is None else np.asarray(labels)[self.support_],
            tol=problem.tol,
            max_iter=problem.max_iter,
        )
        return Pipeline([("standardize", StandardScaler()),
                         ("model", OneVsRestClassifier(model))]).fit(X[:, self.support_], y)

    def _fit_penalized_model(
        self, X: np.ndarray, y: np.ndarray, problem: _PenaltyProblem, solution: _Solution
    ) -> Any:
        """The penalised model refitted on the selected columns, warm-started at the solution.

        By convexity the restricted solution is optimal for the restricted problem, so the refit
        stops at once and the predictive model is exactly the selecting model.
        """
        support = self.support_
        if not np.any(support):
            return self._fit_model(None, X, y)
        _, labels = self._penalty(X.shape[1])
        model = Pipeline(
            [
                ("standardize", StandardScaler()),
                (
                    "model",
                    PenalizedLogisticRegression(
                        C=solution.C,
                        l1_ratio=problem.l1_ratio,
                        groups=None if labels is None else np.asarray(labels)[support],
                        tol=problem.tol,
                        max_iter=problem.max_iter,
                    ),
                ),
            ]
        )
        return model.fit(
            X[:, support],
            y,
            model__coef_init=solution.coef[support],
            model__intercept_init=solution.intercept,
        )


@register_selector(
    method=("L1-penalised logistic (least-squares, Cox) regression, `C` or `target_k` "
            "(+ `calibrate_C` for a mean support size over resamples)"),
    model="the penalised model itself; eq. 7",
    reference="Hamer §7.2.1",
)
class LassoSelector(_PenalizedSelector):
    """L1-penalised logistic regression (the LASSO; Hamer & Dupont 2021, §7.2.1).

    Minimises ``C Σ ℓ(y_i, x_i·w + b) + ||w||₁`` on features standardised on the training data
    and selects the features with ``w_f ≠ 0``.

    Parameters
    ----------
    C
        Inverse regularisation strength ``1/λ`` (ignored when ``target_k`` is set).
    target_k
        If set, ``C`` is chosen on a warm-started regularisation path so that the number of
        selected features is (as close as possible to) ``target_k``; the chosen value is
        ``C_``. A float in (0, 1) is a fraction of the features (rounded down, at least one).
        Use :func:`calibrate_C` to reach ``target_k`` *on average* over resamples.
    tol, max_iter
        Convergence tolerance (largest violation of the optimality conditions relative to the
        L1 threshold) and maximal number of working-set rounds of the solver.
    task
        ``"classification"`` (logistic loss), ``"regression"`` (least squares,
        ``C Σ ½(y_i − b − x_i·w)² + ||w||₁``: scikit-learn's Lasso with ``alpha = 1/(C n)``) or
        ``"survival"`` (Cox partial likelihood with Breslow's ties, ``C (−log PL) + ||w||₁``:
        scikit-survival's CoxnetSurvivalAnalysis with ``alpha = 1/(C n)``); see
        :class:`~fsstab.selectors.BaseSelector` for what ``y``, ``predict`` and ``score`` are.

    Attributes
    ----------
    support_, importances_ (eq. 7 on standardised features), estimator_ (StandardScaler +
    :class:`PenalizedLogisticRegression` on the selected columns), ``C_``,
    ``regularization_path_`` (dict of the evaluated ``C`` and support sizes), ``n_iter_``
    (proximal Newton steps over all evaluated ``C``).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import LassoSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = LassoSelector(target_k=2).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = dict(_PENALIZED)

    def __init__(
        self, *, C: float = 1.0, target_k: int | None = None, tol: float = 1e-7,
        max_iter: int = 200, task: str = "classification",
    ):
        self.C = C
        self.target_k = target_k
        self.tol = tol
        self.max_iter = max_iter
        self.task = task

    def _penalty(self, d: int) -> tuple[float, Any]:
        return 1.0, None


@register_selector(
    method=("elastic-net logistic (least-squares, Cox) regression, `C` or `target_k` "
            "(+ `calibrate_C` for a mean support size over resamples)"),
    model="the penalised model itself; eq. 7",
    reference="Hamer §7.2.2, eq. 19",
)
class ElasticNetSelector(_PenalizedSelector):
    """Elastic-net penalised logistic regression, Hamer & Dupont (2021), eq. 19 (§7.2.2).

    Minimises ``C Σ ℓ + ρ ||w||₁ + (1 − ρ)/2 ||w||²`` with ``ρ = l1_ratio`` (λ₂ of eq. 19;
    ``C = 1/λ₁``), scikit-learn's parameterisation; ``l1_ratio = 1`` is the LASSO. Same
    parameters and attributes as :class:`LassoSelector` plus ``l1_ratio`` in (0, 1].

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import ElasticNetSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = ElasticNetSelector(l1_ratio=0.5, target_k=2).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        **_PENALIZED, "l1_ratio": [Interval(Real, 0, 1, closed="right")],
    }

    def __init__(
        self,
        *,
        C: float = 1.0,
        l1_ratio: float = 0.5,
        target_k: int | None = None,
        tol: float = 1e-7,
        max_iter: int = 200,
        task: str = "classification",
    ):
        self.C = C
        self.l1_ratio = l1_ratio
        self.target_k = target_k
        self.tol = tol
        self.max_iter = max_iter
        self.task = task

    def _penalty(self, d: int) -> tuple[float, Any]:
        return self.l1_ratio, None


@register_selector(
    method="group-L2 logistic (least-squares, Cox) regression, whole groups",
    model="the penalised model; eq. 7",
    reference="Hamer §5.3",
)
class GroupLassoSelector(_PenalizedSelector):
    """Group-LASSO logistic regression (Hamer & Dupont 2021, §5.3, scenarios 1-2).

    Minimises ``C Σ ℓ + Σ_g √|g| ||w_g||₂`` (Yuan & Lin 2006 group weights) on standardised
    features; a group is selected as a whole, all its features entering ``support_``.

    Parameters
    ----------
    groups
        One group label per feature (any hashable values); ``None`` puts every feature in its
        own group, which is the LASSO.
    C, target_k, tol, max_iter
        As for :class:`LassoSelector`; ``target_k`` counts features, not groups.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import GroupLassoSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> groups = np.arange(20) // 2              # features {0, 1}, {2, 3}, ...
    >>> selector = GroupLassoSelector(groups=groups, target_k=4).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 3, 4, 5]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "groups": ["array-like", None], **_PENALIZED,
    }

    def __init__(
        self,
        *,
        groups: Any = None,
        C: float = 1.0,
        target_k: int | None = None,
        tol: float = 1e-7,
        max_iter: int = 200,
        task: str = "classification",
    ):
        self.groups = groups
        self.C = C
        self.target_k = target_k
        self.tol = tol
        self.max_iter = max_iter
        self.task = task

    def _penalty(self, d: int) -> tuple[float, Any]:
        return 1.0, self.groups
