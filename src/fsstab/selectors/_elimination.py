"""The elimination path shared by the RFE selectors (:mod:`fsstab.selectors._rfe`,
:mod:`fsstab.selectors._svm_rfe`).

- :func:`elimination_schedule` -- the surviving-set sizes: a float ``step`` drops
  ``max(1, ⌊step · |F|⌋)`` of the ``|F|`` remaining features (Hamer's 20 %), an integer ``step``
  that many, never going below ``n_features_to_select``.
- :func:`frequency_score` -- Hamer & Dupont (2021), eq. 15.
- :func:`univariate_criterion` -- the stable-set criterion of the hybrid-RFE (§6.1).
- :func:`run_elimination` -- one path (:class:`RFEPath`) from a scorer of the alive features;
  the ridge-logistic scorer is warm-started and, while at least ``n`` features remain, solved in
  sample space from a Gram matrix that is down-dated as features are dropped
  (:func:`fsstab.selectors._ridge_logistic.ridge_logistic_gram`), so one path costs about one
  pass over the data plus ``O(n³)`` per step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy.special import expit
from scipy.stats import rankdata

from fsstab.selectors._ridge_logistic import ridge_logistic_gram, ridge_logistic_primal
from fsstab.selectors._univariate import sample_variance, welch_t_statistic

# --------------------------------------------------------------------------------------------
# Parameters shared by the RFE selectors
# --------------------------------------------------------------------------------------------


def elimination_schedule(d: int, k: int, step: Any) -> np.ndarray:
    """Sizes ``|F_0| = d > |F_1| > … > |F_S| = k`` of the surviving sets of an RFE.

    A float ``step`` in (0, 1) drops ``max(1, ⌊step · |F_{s−1}|⌋)`` features per step (a fraction
    of the *remaining* features, Hamer & Dupont 2021 §6.1 footnote 6); an integer ``step`` drops
    that many; the last step stops at ``k``.
    """
    if isinstance(step, bool) or not isinstance(step, int | float | np.integer | np.floating):
        raise ValueError(f"step must be an integer >= 1 or a float in (0, 1), got {step!r}")
    if isinstance(step, float | np.floating):
        if not 0 < step < 1:
            raise ValueError(f"a float step must lie in (0, 1), got {step!r}")
    elif step < 1:
        raise ValueError(f"an integer step must be >= 1, got {step!r}")
    sizes = [d]
    while sizes[-1] > k:
        current = sizes[-1]
        drop = max(1, int(step * current)) if isinstance(step, float | np.floating) else int(step)
        sizes.append(max(k, current - drop))
    return np.array(sizes, dtype=np.int64)


def frequency_score(sizes: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    """Frequency score of the selected features, Hamer & Dupont (2021), eq. 15.

    ``sc_f = (|F_0| / |F_#|) Π_s (|F_s| − r_f(s) + 1) / (|F_{s−1}| − r_f(s) + 1)`` for the
    features that survive every pruning step, NaN for the others.

    Parameters
    ----------
    sizes
        ``(S + 1,)`` sizes ``|F_0|, …, |F_S|`` of the surviving sets.
    ranks
        ``(S, d)`` rank ``r_f(s)`` (1 = best) of each feature among ``F_{s−1}`` at step ``s``;
        0 for features no longer present.

    Returns
    -------
    numpy.ndarray
        ``(d,)``, in ``(0, 1]`` for the survivors (1 for a feature ranked first throughout),
        NaN elsewhere; all ones without pruning step.
    """
    sizes = np.asarray(sizes, dtype=np.float64)
    ranks = np.asarray(ranks, dtype=np.float64)
    n_steps = sizes.size - 1
    if ranks.ndim != 2 or ranks.shape[0] != n_steps:
        raise ValueError(
            f"ranks must have one row per pruning step ({n_steps}), got shape {ranks.shape}"
        )
    survives = np.all((ranks >= 1) & (ranks <= sizes[1:, None]), axis=0)
    # only survivors have a defined score (and denominators |F_{s−1}| − r + 1 ≥ 1)
    factors = np.divide(
        sizes[1:, None] - ranks + 1,
        sizes[:-1, None] - ranks + 1,
        out=np.ones_like(ranks),
        where=survives[None, :],
    )
    score = sizes[0] / sizes[-1] * np.prod(factors, axis=0)
    return np.where(survives, score, np.nan)


def univariate_criterion(X: np.ndarray, y01: np.ndarray, variance_weight: float) -> np.ndarray:
    """Stable-set criterion of the hybrid-RFE (Hamer & Dupont 2021, §6.1): higher is better.

    A weighted combination ``(1 − v) · R(t_f) + v · R(s²_f)`` of Welch's t statistic and the
    sample variance (computed on the *unstandardised* features), where ``R`` maps a statistic to
    its normalised rank in ``(0, 1]`` (average ranks for ties). Ranks make both terms scale-free
    and comparable -- the variance depends on the units of each feature and Welch's t may be
    infinite for a feature constant within the classes -- so ``v`` weighs two orderings.
    """
    if not 0 <= variance_weight <= 1:
        raise ValueError(f"variance_weight must lie in [0, 1], got {variance_weight!r}")
    t_statistic = welch_t_statistic(X, y01) if variance_weight < 1 else None
    variance = sample_variance(X) if variance_weight > 0 else None
    return criterion_from_statistics(t_statistic, variance, variance_weight)


def criterion_from_statistics(
    t_statistic: np.ndarray | None, variance: np.ndarray | None, variance_weight: float
) -> np.ndarray:
    """:func:`univariate_criterion` from precomputed Welch t statistics and sample variances.

    Lets a caller compute the two statistics of a training set once and share them between
    many hybrid-RFE fits (e.g. every configuration of a workflow on the same resample). A
    statistic whose weight is zero may be ``None``.
    """
    if not 0 <= variance_weight <= 1:
        raise ValueError(f"variance_weight must lie in [0, 1], got {variance_weight!r}")
    terms = []
    if variance_weight < 1:
        terms.append((1 - variance_weight, t_statistic, "t_statistic"))
    if variance_weight > 0:
        terms.append((variance_weight, variance, "variance"))
    arrays = []
    for weight, statistic, name in terms:
        if statistic is None:
            raise ValueError(f"{name} is needed for variance_weight={variance_weight}")
        arrays.append((weight, np.asarray(statistic, dtype=np.float64).reshape(-1)))
    if len({a.size for _, a in arrays}) > 1:
        raise ValueError("t_statistic and variance must have one value per feature")
    return sum(weight * rankdata(a) / a.size for weight, a in arrays)


def univariate_order(X: np.ndarray, y01: np.ndarray, variance_weight: float) -> np.ndarray:
    """Features by decreasing :func:`univariate_criterion` (ties: lower index first)."""
    return np.argsort(-univariate_criterion(X, y01, variance_weight), kind="stable")


# --------------------------------------------------------------------------------------------
# The elimination path
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RFEPath:
    """What an RFE did: the surviving-set sizes and every feature's rank at every step.

    Attributes
    ----------
    sizes
        ``(S + 1,)`` sizes ``|F_0| = d, …, |F_S| = k``.
    ranks
        ``(S, d)`` int: rank (1 = best) of each feature of ``F_{s−1}`` in the ranking computed at
        step ``s``; 0 for features eliminated before. Step ``s`` keeps ranks ``1..|F_s|``.
    forced
        Indices of the forced set ``S_N`` in univariate order (ranked first at every step).
    """

    sizes: np.ndarray
    ranks: np.ndarray
    forced: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    @property
    def n_steps(self) -> int:
        return self.sizes.size - 1

    def surviving(self, s: int) -> np.ndarray:
        """Sorted indices of ``F_s`` (``s = 0``: all features)."""
        if not 0 <= s <= self.n_steps:
            raise ValueError(f"step must lie in 0..{self.n_steps}, got {s}")
        if s == 0:
            return np.arange(self.sizes[0])
        row = self.ranks[s - 1]
        return np.flatnonzero((row >= 1) & (row <= self.sizes[s]))

    @property
    def support(self) -> np.ndarray:
        mask = np.zeros(self.sizes[0], dtype=bool)
        mask[self.surviving(self.n_steps)] = True
        return mask

    @property
    def ranking(self) -> np.ndarray:
        """scikit-learn's ``RFE.ranking_``: 1 for the selected features; a feature eliminated at
        step ``s`` of ``S`` gets ``S − s + 2`` (larger = eliminated earlier)."""
        ranking = np.ones(self.sizes[0], dtype=np.int64)
        for s in range(1, self.n_steps + 1):
            row = self.ranks[s - 1]
            dropped = row > self.sizes[s]
            ranking[dropped] = self.n_steps - s + 2
        return ranking

    def frequency_score(self) -> np.ndarray:
        """Eq. 15 for the selected features, NaN elsewhere (:func:`frequency_score`)."""
        return frequency_score(self.sizes, self.ranks)


def run_elimination(
    sizes: np.ndarray,
    forced: np.ndarray,
    feature_scores: Callable[[np.ndarray], np.ndarray],
) -> RFEPath:
    """Recursive feature elimination along ``sizes``.

    At step ``s`` the model is refitted on ``F_{s−1}`` (``feature_scores(alive)`` returns one
    non-negative score per alive feature), the forced features are ranked first in their given
    order, the others by decreasing score (ties: lower index first), and ranks above ``|F_s|``
    are eliminated (Hamer & Dupont 2021, Algorithm 1 lines 6-9, §7.1).
    """
    d = int(sizes[0])
    forced = np.asarray(forced, dtype=np.int64)
    is_forced = np.zeros(d, dtype=bool)
    is_forced[forced] = True
    ranks = np.zeros((sizes.size - 1, d), dtype=np.int64)
    alive = np.arange(d)
    for s in range(1, sizes.size):
        scores = np.asarray(feature_scores(alive), dtype=np.float64)
        free = alive[~is_forced[alive]]
        free_scores = scores[~is_forced[alive]]
        order = np.concatenate([forced, free[np.argsort(-free_scores, kind="stable")]])
        ranks[s - 1, order] = np.arange(1, order.size + 1)
        alive = np.sort(order[: sizes[s]])
    return RFEPath(np.asarray(sizes, dtype=np.int64), ranks, forced)


class _GramCache:
    """``ZZᵀ`` for the alive columns of ``Z``, down-dated or recomputed, whichever is cheaper."""

    def __init__(self, Z: np.ndarray):
        self.Z = Z
        self.alive: np.ndarray | None = None
        self.gram: np.ndarray | None = None

    def __call__(self, alive: np.ndarray) -> np.ndarray:
        if self.gram is None or self.alive is None:
            cols = self.Z[:, alive]
            self.gram = cols @ cols.T
        elif alive.size != self.alive.size:
            dropped = np.setdiff1d(self.alive, alive, assume_unique=True)
            if dropped.size < alive.size:
                cols = self.Z[:, dropped]
                self.gram = self.gram - cols @ cols.T
            else:
                cols = self.Z[:, alive]
                self.gram = cols @ cols.T
        self.alive = alive
        return self.gram


class _RidgeLogisticScores:
    """``|w_f|`` of the ridge logistic fit of Algorithm 1, line 7, on the alive features.

    The penalty ``½||β ⊙ w||²`` is realised exactly by fitting the standard ``½||v||²`` on the
    columns ``x_f / β_f`` (``v_f = β_f w_f`` gives the same decision values ``Σ w_f x_f`` and the
    same penalty ``Σ (β_f w_f)²``), so ``w = v / β``. Fits are warm-started from the previous
    step's sample-space solution ``a`` (``w = Xᵀa`` at the optimum, ``a = C(y − p)``).
    """

    def __init__(self, Xs: np.ndarray, y01: np.ndarray, C: float, beta: np.ndarray):
        self.Z = Xs / beta
        self.y = y01.astype(np.float64)
        self.C = C
        self.beta = beta
        self.gram = _GramCache(self.Z)
        self.dual: np.ndarray | None = None
        self.intercept = 0.0

    def __call__(self, alive: np.ndarray) -> np.ndarray:
        Z = self.Z[:, alive]
        n = Z.shape[0]
        if alive.size >= n:
            a, b = ridge_logistic_gram(
                self.gram(alive), self.y, self.C, dual_init=self.dual, intercept_init=self.intercept
            )
            v = Z.T @ a
        else:
            start = None if self.dual is None else Z.T @ self.dual
            v, b = ridge_logistic_primal(
                Z, self.y, self.C, coef_init=start, intercept_init=self.intercept
            )
            a = self.C * (self.y - expit(Z @ v + b))
        self.dual, self.intercept = a, b
        return np.abs(v / self.beta[alive])

def _check_positive(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise ValueError(f"{name} must be a positive number, got {value!r}")
    if not (np.isfinite(value) and value > 0):
        raise ValueError(f"{name} must be a positive finite number, got {value!r}")
    return float(value)

