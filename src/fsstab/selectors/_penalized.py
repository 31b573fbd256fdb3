"""Embedded selection by penalised logistic regression (Hamer & Dupont 2021, §5.3, §7.2.1-2).

:class:`LassoSelector` (L1), :class:`ElasticNetSelector` (eq. 19) and
:class:`GroupLassoSelector` (group LASSO, §5.3 scenarios 1-2) select the features with a
non-zero weight; the predictive model is the penalised model itself, and importance is eq. 7 on
standardised features (= eq. 9 by Theorem 1).

Hamer chooses λ "to select min(20, √d) features on average" over the M resampling runs. Two
ways are provided: ``target_k`` on a single fit (a warm-started regularisation path refined by
bisection, keeping the ``C`` whose support size is closest to ``target_k``), and
:func:`calibrate_C`, which finds one ``C`` whose *mean* support size over a list of training
sets equals ``target_k``.
"""

from __future__ import annotations

import math
import warnings
from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from sklearn.multiclass import OneVsRestClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.validation import check_array, check_X_y

from fsstab.importance import importances_on_support, linear_importance
from fsstab.selectors._base import BaseSelector
from fsstab.selectors._logistic import (
    GroupStructure,
    PenalizedLogisticRegression,
    group_penalized_logistic,
    null_model_C,
    single_threaded_blas,
    standardize,
)

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
class _Solution:
    C: float
    coef: np.ndarray
    intercept: float
    k: int
    n_iter: int


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

    @abstractmethod
    def _penalty(self, d: int) -> tuple[float, Any]:
        """``(l1_ratio, group labels or None)`` of this selector for ``d`` features."""

    def _problem(self, X: np.ndarray, y01: np.ndarray) -> _PenaltyProblem:
        l1_ratio, labels = self._penalty(X.shape[1])
        if not (isinstance(l1_ratio, float | int) and 0 < l1_ratio <= 1):
            raise ValueError(f"l1_ratio must lie in (0, 1], got {l1_ratio!r}")
        groups = GroupStructure.from_labels(labels, X.shape[1])
        Xs, _, _ = standardize(X)
        return _PenaltyProblem(
            Xs, y01.astype(np.float64), groups, float(l1_ratio), float(self.tol), int(self.max_iter)
        )

    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        with single_threaded_blas():
            self._fit_penalized(X, y)

    def _fit_penalized(self, X: np.ndarray, y: np.ndarray) -> None:
        n_classes = int(y.max()) + 1
        problem: _PenaltyProblem | _OneVsRestProblem
        if n_classes == 2:
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
        if n_classes == 2:
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

    Attributes
    ----------
    support_, importances_ (eq. 7 on standardised features), estimator_ (StandardScaler +
    :class:`PenalizedLogisticRegression` on the selected columns), ``C_``,
    ``regularization_path_`` (dict of the evaluated ``C`` and support sizes), ``n_iter_``
    (proximal Newton steps over all evaluated ``C``).
    """

    def __init__(
        self, C: float = 1.0, target_k: int | None = None, tol: float = 1e-7, max_iter: int = 200
    ):
        self.C = C
        self.target_k = target_k
        self.tol = tol
        self.max_iter = max_iter

    def _penalty(self, d: int) -> tuple[float, Any]:
        return 1.0, None


class ElasticNetSelector(_PenalizedSelector):
    """Elastic-net penalised logistic regression, Hamer & Dupont (2021), eq. 19 (§7.2.2).

    Minimises ``C Σ ℓ + ρ ||w||₁ + (1 − ρ)/2 ||w||²`` with ``ρ = l1_ratio`` (λ₂ of eq. 19;
    ``C = 1/λ₁``), scikit-learn's parameterisation; ``l1_ratio = 1`` is the LASSO. Same
    parameters and attributes as :class:`LassoSelector` plus ``l1_ratio`` in (0, 1].
    """

    def __init__(
        self,
        C: float = 1.0,
        l1_ratio: float = 0.5,
        target_k: int | None = None,
        tol: float = 1e-7,
        max_iter: int = 200,
    ):
        self.C = C
        self.l1_ratio = l1_ratio
        self.target_k = target_k
        self.tol = tol
        self.max_iter = max_iter

    def _penalty(self, d: int) -> tuple[float, Any]:
        return self.l1_ratio, None


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
    """

    def __init__(
        self,
        groups: Any = None,
        C: float = 1.0,
        target_k: int | None = None,
        tol: float = 1e-7,
        max_iter: int = 200,
    ):
        self.groups = groups
        self.C = C
        self.target_k = target_k
        self.tol = tol
        self.max_iter = max_iter

    def _penalty(self, d: int) -> tuple[float, Any]:
        return 1.0, self.groups


# --------------------------------------------------------------------------------------------
# One C for all resamples
# --------------------------------------------------------------------------------------------


class UnreachableTargetError(ValueError):
    """:func:`calibrate_C` found no ``C`` reaching ``target_k`` features on average."""


@dataclass(frozen=True)
class CalibrationResult:
    """Outcome of :func:`calibrate_C`.

    Attributes
    ----------
    C
        The calibrated inverse regularisation strength.
    target_k
        The requested mean support size.
    Cs, support_sizes
        Every evaluated ``C`` (increasing) and the support size of each training set there
        (shape ``(len(Cs), M)``); ``mean_support_size`` is its row mean.
    reached
        False when the mean support size saturated below ``target_k`` and ``C`` is the closest
        reachable point (``on_unreachable="closest"``).
    """

    C: float
    target_k: int
    Cs: np.ndarray
    support_sizes: np.ndarray
    reached: bool = True

    @property
    def mean_support_size(self) -> np.ndarray:
        return self.support_sizes.mean(axis=1)


def _calibration_result(
    C: float, target: int, records: list[list[_Solution]], *, reached: bool = True
) -> CalibrationResult:
    records = sorted(records, key=lambda sols: sols[0].C)
    return CalibrationResult(
        C=C,
        target_k=target,
        Cs=np.array([sols[0].C for sols in records]),
        support_sizes=np.array([[s.k for s in sols] for sols in records], dtype=np.int64),
        reached=reached,
    )


def calibrate_C(
    selector: _PenalizedSelector,
    X: Any,
    y: Any,
    train_sets: Sequence[Any],
    target_k: int | None = None,
    *,
    n_refine: int = 8,
    on_unreachable: str = "raise",
) -> CalibrationResult:
    """One ``C`` for which the selector keeps ``target_k`` features on average over resamples.

    Hamer & Dupont (2021, §7.2) set λ "to select min(20, √d) features on average" across the M
    selection runs. For every training set ``X[idx]`` (standardised on itself, as the selector
    does when fitted on it) a warm-started path is computed on a common grid
    ``C = C₀ · 10^(j/10)``, starting at the smallest null-model ``C₀`` of all sets, until the
    mean support size reaches ``target_k``; the bracketing interval is then bisected
    ``n_refine`` times in ``log C`` (all sets warm-started from the sparser end), and ``C`` is
    interpolated linearly in ``log C`` between the final bracket's mean support sizes.

    The target may be out of reach: with few distinct training rows (a bootstrap of n = 31
    has about 20) the L1 path saturates, as the support of an L1-penalised logistic
    regression is bounded by the number of distinct samples. The climb stops once a decade of
    ``C`` adds less than one feature on average; then ``on_unreachable="raise"`` raises an
    :class:`UnreachableTargetError` (a ``ValueError``) giving the saturation level, and
    ``"closest"`` returns the smallest evaluated ``C`` with the largest mean support size
    (``reached=False``).

    Parameters
    ----------
    selector
        A :class:`LassoSelector`, :class:`ElasticNetSelector` or :class:`GroupLassoSelector`
        whose penalty (``l1_ratio``, ``groups``, ``tol``) is used; its ``C`` is ignored.
    X, y
        The full data; ``y`` binary.
    train_sets
        One array of row indices per selection run (bootstrap indices may repeat).
    target_k
        Requested mean number of selected features (default: ``selector.target_k``).
    on_unreachable
        ``"raise"`` or ``"closest"``: what to do when the mean support size saturates below
        ``target_k`` (see above).

    Returns
    -------
    CalibrationResult
        Use ``selector.set_params(C=result.C, target_k=None)`` for the M runs.
    """
    if not isinstance(selector, _PenalizedSelector):
        raise ValueError(
            "selector must be a LassoSelector, ElasticNetSelector or GroupLassoSelector, got "
            f"{type(selector).__name__}"
        )
    X, y = check_X_y(X, y, dtype=np.float64)
    classes, y01 = np.unique(y, return_inverse=True)
    if classes.size != 2:
        raise ValueError(f"calibrate_C needs binary labels; y has {classes.size} classes")
    target = selector.target_k if target_k is None else target_k
    if target is None:
        raise ValueError("target_k is not set (pass target_k= or set selector.target_k)")
    target = _check_target_k(target, X.shape[1])
    if len(train_sets) == 0:
        raise ValueError("train_sets is empty: give one array of row indices per resample")
    if on_unreachable not in ("raise", "closest"):
        raise ValueError(f"on_unreachable must be 'raise' or 'closest', got {on_unreachable!r}")
    problems = []
    for i, idx in enumerate(train_sets):
        rows = check_array(np.asarray(idx), ensure_2d=False, dtype=None)
        if rows.ndim != 1 or not np.issubdtype(rows.dtype, np.integer):
            raise ValueError(f"train_sets[{i}] must be a 1-d array of integer row indices")
        if rows.size and (rows.min() < -X.shape[0] or rows.max() >= X.shape[0]):
            raise ValueError(f"train_sets[{i}] has row indices outside 0..{X.shape[0] - 1}")
        if np.unique(y01[rows]).size != 2:
            raise ValueError(f"train_sets[{i}] contains a single class")
        problems.append(selector._problem(X[rows], y01[rows]))
    c0 = min(p.start_C() for p in problems)
    if not np.isfinite(c0):
        raise ValueError("no feature is associated with y in any training set")

    def evaluate(C: float, starts: list[_Solution | None]) -> list[_Solution]:
        with single_threaded_blas():
            return [p.solve(C, s) for p, s in zip(problems, starts, strict=True)]

    def mean_k(sols: list[_Solution]) -> float:
        return float(np.mean([s.k for s in sols]))

    records: list[list[_Solution]] = []
    lo = evaluate(c0, [None] * len(problems))
    records.append(lo)
    hi = None
    for j in range(1, _PER_DECADE * _MAX_DECADES + 1):
        sols = evaluate(c0 * 10 ** (j / _PER_DECADE), list(lo))
        records.append(sols)
        if mean_k(sols) >= target:
            hi = sols
            break
        lo = sols
        if j >= _PER_DECADE and mean_k(sols) - mean_k(records[-1 - _PER_DECADE]) < 1.0:
            break  # saturated: a decade of C added less than one feature on average
    if hi is None:
        best = max(range(len(records)), key=lambda i: (mean_k(records[i]), -i))
        if on_unreachable == "raise":
            raise UnreachableTargetError(
                f"target_k={target} is out of reach: the mean support size saturates at "
                f"{mean_k(records[best]):.2f} (C={records[best][0].C:.4g}, less than one more "
                f"feature per decade of C up to C={lo[0].C:.4g}); lower target_k or accept the "
                "closest C (on_unreachable='closest')"
            )
        return _calibration_result(float(records[best][0].C), target, records, reached=False)
    for _ in range(n_refine):
        if mean_k(hi) == target:
            break
        mid = evaluate(float(np.sqrt(lo[0].C * hi[0].C)), list(lo))
        records.append(mid)
        if mean_k(mid) < target:
            lo = mid
        else:
            hi = mid
    # mean_k(lo) < target <= mean_k(hi): linear interpolation in log C
    k_lo, k_hi = mean_k(lo), mean_k(hi)
    log_lo, log_hi = np.log(lo[0].C), np.log(hi[0].C)
    log_c = log_lo + (target - k_lo) / (k_hi - k_lo) * (log_hi - log_lo)
    return _calibration_result(float(np.exp(log_c)), target, records)
