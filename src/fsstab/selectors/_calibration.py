"""One ``C`` for a penalised selector over the M training sets of a resampling (Hamer & Dupont
2021, §7.2: λ "to select min(20, √d) features on average"), in O(n·d) memory, for a
penalised selector of any task (the penalised logistic, least-squares or Cox problem of its
``task``).

:func:`calibrate_C` follows a warm-started regularisation path on every training set at once.
Each training set is a penalised problem on its own standardised copy of the training rows;
holding all M copies costs ``M n d`` floats (54 GB for M = 30 at 500 x 450,000), so
:class:`_TrainingSets` keeps per set only the row indices and the scaler's means and scales
and writes a set's standardised rows into a buffer when the set is solved -- the very values a
stored copy would hold (:mod:`._standardize`), so the path, the evaluated ``C`` and the result
are the same bit for bit. As many copies as fit in ``memory_budget`` stay built, the others
share one buffer that is rebuilt per solve (one pass over the training rows, a fraction of the
solve itself, which reads them several times).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from sklearn.utils.validation import check_array, check_consistent_length, check_X_y

from fsstab.outcomes import get_task
from fsstab.selectors._logistic import single_threaded_blas
from fsstab.selectors._penalized import (
    _MAX_DECADES,
    _PER_DECADE,
    _check_target_k,
    _PenalizedSelector,
    _PenaltyProblem,
    _Solution,
)
from fsstab.selectors._standardize import scaler_moments, standardize_rows

#: Bytes of standardised training sets kept built between solves (at least one set is).
DEFAULT_MEMORY_BUDGET = 1 << 30


class _TrainingSets:
    """The penalised problems of the training sets, standardised on demand.

    Sets ``0 .. kept-1`` keep their standardised copy; the others share one buffer, rebuilt
    when a different set is solved. ``start_C`` holds each set's null-model ``C``.
    """

    def __init__(self, selector: _PenalizedSelector, X: np.ndarray, y01: np.ndarray,
                 rows: list[np.ndarray], memory_budget: float) -> None:
        self.selector, self.X, self.rows = selector, X, rows
        self.labels = [y01[r] for r in rows]
        copy_bytes = max(1, max(r.size for r in rows) * X.shape[1] * 8)
        self.kept = int(max(1, min(len(rows), memory_budget // copy_bytes)))
        self.built: dict[int, np.ndarray] = {}
        self.shared: tuple[int, np.ndarray] | None = None
        self.moments: list[tuple[np.ndarray, np.ndarray]] = []
        self.start_C: list[float] = []
        for i, r in enumerate(rows):
            # mode "wrap": no buffered copy of out (the indices are checked, negatives allowed)
            raw = np.take(X, r, axis=0, out=self._free_buffer(i, r.size), mode="wrap")
            self.moments.append(scaler_moments(raw))
            Xs = standardize_rows(raw, *self.moments[-1], out=raw)
            self._keep(i, Xs)
            try:
                problem = self._problem(i, Xs)
            except ValueError as error:  # e.g. a survival training set without events
                raise ValueError(f"train_sets[{i}]: {error}") from None
            self.start_C.append(problem.start_C())
            del raw, Xs  # the shared buffer may go to the next set

    def __len__(self) -> int:
        return len(self.rows)

    def _free_buffer(self, i: int, n_rows: int) -> np.ndarray | None:
        """The shared buffer, if set ``i`` is not kept and the buffer has its row count (the
        set it held is given up: a failure must not leave it labelled with that set)."""
        if i in self.built or i < self.kept - 1 or self.kept == len(self.rows):
            return None
        shared, self.shared = self.shared, None
        return shared[1] if shared is not None and shared[1].shape[0] == n_rows else None

    def _keep(self, i: int, Xs: np.ndarray) -> None:
        if i < self.kept - 1 or (self.kept == len(self.rows)):
            self.built[i] = Xs
        else:
            self.shared = (i, Xs)

    def _problem(self, i: int, Xs: np.ndarray) -> _PenaltyProblem:
        return self.selector._standardized_problem(Xs, self.labels[i])

    def problem(self, i: int) -> _PenaltyProblem:
        """Set ``i``'s problem, its standardised rows built if they are not at hand."""
        if i in self.built:
            return self._problem(i, self.built[i])
        if self.shared is None or self.shared[0] != i:
            buffer = self._free_buffer(i, self.rows[i].size)
            Xs = standardize_rows(self.X, *self.moments[i], rows=self.rows[i], out=buffer)
            self.shared = (i, Xs)
        return self._problem(i, self.shared[1])


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


def _without_weights(solutions: list[_Solution]) -> list[_Solution]:
    """The record of one evaluated C: support sizes, not the d weights of every training set
    (M · d floats per C; only the bracket's ends are warm starts)."""
    return [_Solution(s.C, _NO_WEIGHTS, s.intercept, s.k, s.n_iter) for s in solutions]


_NO_WEIGHTS = np.zeros(0)


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
    memory_budget: float = DEFAULT_MEMORY_BUDGET,
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
        whose penalty (``l1_ratio``, ``groups``, ``tol``) and ``task`` are used; its ``C`` is
        ignored.
    X, y
        The full data; ``y`` binary labels (classification), values (regression) or a
        survival target (:func:`fsstab.outcomes.as_survival_target`).
    train_sets
        One array of row indices per selection run (bootstrap indices may repeat).
    target_k
        Requested mean number of selected features (default: ``selector.target_k``).
    on_unreachable
        ``"raise"`` or ``"closest"``: what to do when the mean support size saturates below
        ``target_k`` (see above).
    memory_budget
        Bytes of standardised training sets kept between solves (default 1 GiB); the others
        are rebuilt when solved. Memory is about ``X`` plus this plus one training set; the
        result does not depend on it.

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
    task = get_task(selector._task())
    if task.has_classes:
        X, y = check_X_y(X, y, dtype=np.float64)
        classes, y01 = np.unique(y, return_inverse=True)
        if classes.size != 2:
            raise ValueError(f"calibrate_C needs binary labels; y has {classes.size} classes")
    else:
        X = check_array(X, dtype=np.float64)
        y01 = task.as_target(y)
        check_consistent_length(X, y01)
    target = selector.target_k if target_k is None else target_k
    if target is None:
        raise ValueError("target_k is not set (pass target_k= or set selector.target_k)")
    target = _check_target_k(target, X.shape[1])
    if len(train_sets) == 0:
        raise ValueError("train_sets is empty: give one array of row indices per resample")
    if on_unreachable not in ("raise", "closest"):
        raise ValueError(f"on_unreachable must be 'raise' or 'closest', got {on_unreachable!r}")
    rows = []
    for i, idx in enumerate(train_sets):
        indices = check_array(np.asarray(idx), ensure_2d=False, dtype=None)
        if indices.ndim != 1 or not np.issubdtype(indices.dtype, np.integer):
            raise ValueError(f"train_sets[{i}] must be a 1-d array of integer row indices")
        if indices.size and (indices.min() < -X.shape[0] or indices.max() >= X.shape[0]):
            raise ValueError(f"train_sets[{i}] has row indices outside 0..{X.shape[0] - 1}")
        if task.has_classes and np.unique(y01[indices]).size != 2:
            raise ValueError(f"train_sets[{i}] contains a single class")
        rows.append(indices)
    sets = _TrainingSets(selector, X, y01, rows, memory_budget)
    c0 = min(sets.start_C)
    if not np.isfinite(c0):
        raise ValueError("no feature is associated with y in any training set")

    def evaluate(C: float, starts: list[_Solution | None]) -> list[_Solution]:
        with single_threaded_blas():
            return [sets.problem(i).solve(C, s) for i, s in enumerate(starts)]

    def mean_k(sols: list[_Solution]) -> float:
        return float(np.mean([s.k for s in sols]))

    records: list[list[_Solution]] = []
    lo = evaluate(c0, [None] * len(sets))
    records.append(_without_weights(lo))
    hi = None
    for j in range(1, _PER_DECADE * _MAX_DECADES + 1):
        sols = evaluate(c0 * 10 ** (j / _PER_DECADE), list(lo))
        records.append(_without_weights(sols))
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
        records.append(_without_weights(mid))
        if mean_k(mid) < target:
            lo = mid
        else:
            hi = mid
    # mean_k(lo) < target <= mean_k(hi): linear interpolation in log C
    k_lo, k_hi = mean_k(lo), mean_k(hi)
    log_lo, log_hi = np.log(lo[0].C), np.log(hi[0].C)
    log_c = log_lo + (target - k_lo) / (k_hi - k_lo) * (log_hi - log_lo)
    return _calibration_result(float(np.exp(log_c)), target, records)


__all__ = ["CalibrationResult", "UnreachableTargetError", "calibrate_C"]
