"""Recursive feature elimination: logistic RFE, hybrid-RFE and SVM-RFE.

- :class:`HybridRFE` -- Hamer & Dupont (2021), Algorithm 1 with the frequency score of eq. 15
  and the differential shrinkage of eq. 16 (§6.1-6.2, §7.1).
- :class:`LogisticRFE` -- the same code with no forced feature (``N = 0``; §7.2.3).
- :class:`SVMRFE` -- Guyon et al. (2002), linear or RBF kernel, ranked by eq. 8.

All standardise the features on the training data, so that eq. 7 of the final linear model is
also its eq. 9 importance (Theorem 1). Features are eliminated in steps: a float ``step``
drops ``max(1, ⌊step · |F|⌋)`` of the ``|F|`` remaining features (Hamer's 20 %), an integer
``step`` that many, never going below ``n_features_to_select``.

The ridge-logistic fits of an elimination path are warm-started and, while at least ``n``
features remain, solved in sample space from a Gram matrix that is down-dated as features are
dropped (:func:`fsstab.selectors._logistic.ridge_logistic_gram`), so one path costs about one
pass over the data plus ``O(n³)`` per step.
"""

from __future__ import annotations

import hashlib
from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from scipy.special import expit
from scipy.stats import rankdata
from sklearn.base import clone
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import ParameterGrid
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.utils.validation import check_is_fitted, validate_data

from fsstab.importance import (
    importances_on_support,
    linear_importance,
    margin_contributions,
    svm_importance,
)
from fsstab.selectors._base import BaseSelector
from fsstab.selectors._common import resolve_n_features
from fsstab.selectors._logistic import (
    FeatureScaler,
    ridge_logistic_gram,
    ridge_logistic_primal,
    single_threaded_blas,
    standardize,
)
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


class _SVMScores:
    """SVM-RFE scores on the alive features: ``w_f²`` (linear) or eq. 8 (RBF), Guyon et al.

    The SVM is trained on a precomputed kernel whose Gram matrix (linear) or squared distances
    (RBF) are down-dated as features are eliminated; the RBF width ``gamma`` is fixed.
    """

    def __init__(self, Xs: np.ndarray, y01: np.ndarray, kernel: str, C: float, gamma: float):
        self.X = Xs
        self.y = y01
        self.kernel = kernel
        self.C = C
        self.gamma = gamma
        self.gram = _GramCache(Xs)

    def __call__(self, alive: np.ndarray) -> np.ndarray:
        gram = self.gram(alive)
        if self.kernel == "linear":
            kernel_matrix = gram
        else:
            sq_norms = np.diag(gram)
            sq_dist = np.maximum(sq_norms[:, None] + sq_norms[None, :] - 2 * gram, 0.0)
            kernel_matrix = np.exp(-self.gamma * sq_dist)
        svm = SVC(kernel="precomputed", C=self.C).fit(kernel_matrix, self.y)
        sv = self.X[np.ix_(svm.support_, alive)]
        if self.kernel == "linear":
            return margin_contributions(sv, svm.dual_coef_, kernel="linear")
        return margin_contributions(sv, svm.dual_coef_, kernel="rbf", gamma=self.gamma)


def _resolve_gamma(gamma: Any, X: np.ndarray) -> float:
    if gamma == "scale":
        var = X.var()
        return 1.0 / (X.shape[1] * var) if var > 0 else 1.0
    if gamma == "auto":
        return 1.0 / X.shape[1]
    if isinstance(gamma, int | float) and not isinstance(gamma, bool) and gamma > 0:
        return float(gamma)
    raise ValueError(f"gamma must be 'scale', 'auto' or a positive number, got {gamma!r}")


def _check_positive(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise ValueError(f"{name} must be a positive number, got {value!r}")
    if not (np.isfinite(value) and value > 0):
        raise ValueError(f"{name} must be a positive finite number, got {value!r}")
    return float(value)


def _data_fingerprint(X: np.ndarray, y: np.ndarray) -> str:
    digest = hashlib.blake2b(digest_size=16)
    digest.update(np.ascontiguousarray(X).tobytes())
    digest.update(np.ascontiguousarray(y).tobytes())
    return digest.hexdigest()


# --------------------------------------------------------------------------------------------
# Logistic RFE and hybrid-RFE
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _HybridConfig:
    """Validated parameters of one hybrid-RFE fit for ``d`` features."""

    k: int
    n_forced: int
    epsilon: float
    C: float
    final_C: float
    shrinkage_alpha: float
    variance_weight: float
    sizes: np.ndarray

    @property
    def path_key(self) -> tuple:
        """What determines the elimination path (ε is irrelevant without forced features)."""
        epsilon = self.epsilon if self.n_forced > 0 else None
        weight = self.variance_weight if self.n_forced > 0 else None
        return (self.n_forced, self.C, epsilon, weight, tuple(self.sizes.tolist()))


class _PathCache:
    """Univariate orders, standardised data and paths shared by the fits of one sweep."""

    def __init__(self, statistics: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        self.standardized: np.ndarray | None = None
        self.statistics = statistics
        self.orders: dict[float, np.ndarray] = {}
        self.paths: dict[tuple, RFEPath] = {}
        self._fingerprint: str | None = None

    def standardize(self, X: np.ndarray) -> np.ndarray:
        if self.standardized is None:
            self.standardized = standardize(X)[0]
        return self.standardized

    def order(self, X: np.ndarray, y01: np.ndarray, variance_weight: float) -> np.ndarray:
        if variance_weight not in self.orders:
            if self.statistics is None:
                order = univariate_order(X, y01, variance_weight)
            else:
                if any(np.shape(s) != (X.shape[1],) for s in self.statistics):
                    raise ValueError(
                        f"univariate_statistics must hold {X.shape[1]} values each (one per "
                        "feature of X)"
                    )
                score = criterion_from_statistics(*self.statistics, variance_weight)
                order = np.argsort(-score, kind="stable")
            self.orders[variance_weight] = order
        return self.orders[variance_weight]

    def path(self, key: tuple, compute: Callable[[], RFEPath]) -> RFEPath:
        if key not in self.paths:
            self.paths[key] = compute()
        return self.paths[key]

    def fingerprint(self, X: np.ndarray, y01: np.ndarray) -> str:
        if self._fingerprint is None:
            self._fingerprint = _data_fingerprint(X, y01)
        return self._fingerprint


class _LogisticRFEBase(BaseSelector):
    """Shared implementation of :class:`HybridRFE` and :class:`LogisticRFE`."""

    #: variants of any parameter share the standardised data, the univariate order and the
    #: elimination paths they have in common (:func:`hybrid_rfe_sweep`)
    sweeps_any_parameter: ClassVar[bool] = True

    @abstractmethod
    def _hybrid_params(self) -> tuple[int, float, float, float]:
        """``(n_forced, epsilon, shrinkage_alpha, variance_weight)`` of this selector."""

    def _config(self, d: int) -> _HybridConfig:
        n_forced, epsilon, alpha, weight = self._hybrid_params()
        k = resolve_n_features(self.n_features_to_select, d)
        if isinstance(n_forced, bool) or not isinstance(n_forced, int | np.integer):
            raise ValueError(f"n_forced must be a non-negative integer, got {n_forced!r}")
        if not 0 <= n_forced <= k:
            raise ValueError(
                f"n_forced={n_forced} must lie in 0..n_features_to_select ({k}): the forced "
                "features are part of the selection"
            )
        if not (isinstance(epsilon, int | float) and 0 < epsilon <= 1):
            raise ValueError(
                f"epsilon must lie in (0, 1] (the penalty factor of the forced features), got "
                f"{epsilon!r}"
            )
        if not (isinstance(alpha, int | float) and np.isfinite(alpha) and alpha >= 0):
            raise ValueError(f"shrinkage_alpha must be a non-negative number, got {alpha!r}")
        C = _check_positive("C", self.C)
        final_C = C if self.final_C is None else _check_positive("final_C", self.final_C)
        return _HybridConfig(
            k=k,
            n_forced=int(n_forced),
            epsilon=float(epsilon),
            C=C,
            final_C=final_C,
            shrinkage_alpha=float(alpha),
            variance_weight=float(weight),
            sizes=elimination_schedule(d, k, self.step),
        )

    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        config = self._config(X.shape[1])
        cache = getattr(self, "_sweep_cache", None) or _PathCache()
        if config.n_forced > 0:
            forced = cache.order(X, y, config.variance_weight)[: config.n_forced]
        else:
            forced = np.zeros(0, dtype=np.int64)

        def compute() -> RFEPath:
            Xs = cache.standardize(X)
            beta = np.ones(X.shape[1])
            beta[forced] = config.epsilon  # Algorithm 1, line 5
            scores = _RidgeLogisticScores(Xs, y, config.C, beta)
            return run_elimination(config.sizes, forced, scores)

        with single_threaded_blas():
            path = cache.path(config.path_key, compute)
        self.rfe_path_ = path
        self.forced_ = path.forced.copy()
        self.support_ = path.support
        self.ranking_ = path.ranking
        self.frequency_score_ = path.frequency_score()
        self._training_fingerprint = cache.fingerprint(X, y)
        self._fit_final(X, y, config)

    def _fit_final(self, X: np.ndarray, y: np.ndarray, config: _HybridConfig) -> None:
        """Algorithm 1, line 10, with the penalty factors ``1 + α(1 − sc_f)`` of eq. 16.

        The per-feature factors are applied as in line 7: a penalty ``½||c ⊙ w||²`` is the
        standard ridge penalty on the columns ``x_f / c_f`` (:class:`FeatureScaler`).
        """
        support = self.support_
        factors = 1.0 + config.shrinkage_alpha * (1.0 - self.frequency_score_[support])
        self.penalty_factors_ = factors
        model = Pipeline(
            [
                ("standardize", StandardScaler()),
                ("shrink", FeatureScaler(factors)),
                (
                    "logreg",
                    LogisticRegression(
                        C=config.final_C, solver="newton-cholesky", tol=1e-10, max_iter=200
                    ),
                ),
            ]
        )
        self.estimator_ = self._fit_model(model, X, y)
        if np.any(support):
            weights = self.estimator_[-1].coef_[0] / factors  # w.r.t. standardised features
            self.importances_ = importances_on_support(linear_importance(weights), support)
        else:
            self.importances_ = np.zeros(X.shape[1])

    def refit_final(self, X: Any, y: Any, **params: Any) -> _LogisticRFEBase:
        """A new fitted selector with other final-model parameters, reusing this elimination path.

        Parameters
        ----------
        X, y
            The training data this selector was fitted on (checked by a fingerprint).
        **params
            New values of the parameters that only affect the final model: ``final_C`` (and
            ``shrinkage_alpha`` for :class:`HybridRFE`).

        Returns
        -------
        A clone with the new parameters, fitted exactly as ``clone(...).fit(X, y)`` would be,
        without recomputing the path.
        """
        check_is_fitted(self, "rfe_path_")
        allowed = set(self.refit_parameters)
        unknown = set(params) - allowed
        if unknown:
            raise ValueError(
                f"refit_final only changes {sorted(allowed)}; got {sorted(unknown)} (other "
                "parameters change the elimination path: use fit)"
            )
        X = validate_data(self, X, dtype=np.float64, reset=False)
        y = np.asarray(y)
        classes, y_enc = np.unique(y, return_inverse=True)
        if y.shape != (X.shape[0],) or not np.array_equal(classes, self.classes_):
            raise ValueError("y does not match the labels this selector was fitted on")
        y_enc = y_enc.astype(np.int64)
        if _data_fingerprint(X, y_enc) != self._training_fingerprint:
            raise ValueError(
                "refit_final needs the training data the elimination path was computed on; "
                "X or y differ"
            )
        new = clone(self).set_params(**params)
        for name, value in vars(self).items():
            if (name.endswith("_") and not name.endswith("__")) or name == "_training_fingerprint":
                setattr(new, name, value)
        new._fit_final(X, y_enc, new._config(X.shape[1]))
        new._check_fit_contract()
        return new


class HybridRFE(_LogisticRFEBase):
    """Hybrid recursive feature elimination, Hamer & Dupont (2021), Algorithm 1, eqs. 15-16.

    The ``n_forced`` features ranked highest by a univariate criterion (the stable set ``S_N``)
    are always kept; the other features are eliminated recursively by the magnitude of their
    weight in an L2-penalised logistic regression (penalty factor ``epsilon`` on ``S_N``). The
    final model is an L2 logistic regression on the selected features with ``final_C`` and the
    per-feature factors ``1 + α(1 − sc_f)`` (eq. 16), ``sc_f`` the frequency score (eq. 15) with
    ``S_N`` ranked first, in univariate order, at every step (§7.1).

    Parameters
    ----------
    n_features_to_select
        ``k``; default ``min(20, round(√d))`` (see :func:`resolve_n_features`).
    n_forced
        ``N``, the size of the stable set (0 ≤ N ≤ k). ``N = 0`` is the logistic RFE, ``N = k``
        the univariate filter.
    epsilon
        ``ε`` in (0, 1]: the forced features' L2 penalty is multiplied by ``ε`` (line 5: the
        penalty is ``½||β ⊙ w||²`` with ``β_f = ε`` on ``S_N``). Irrelevant when ``N = 0``.
    C
        ``1/λ`` of the selection fits (line 7), scikit-learn's convention ``C Σ ℓ + ½||βw||²``.
    final_C
        ``1/λ_f`` of the final model (line 10); ``None``: same as ``C``.
    shrinkage_alpha
        ``α ≥ 0`` of eq. 16; 0 disables the differential shrinkage.
    variance_weight
        Weight ``v`` of the sample variance in the univariate criterion
        ``(1 − v) R(Welch t) + v R(variance)`` (normalised ranks, see
        :func:`univariate_criterion`).
    step
        Features eliminated per step: float = fraction of the remaining ones (default 20 %),
        integer = count.

    Attributes
    ----------
    support_, ranking_ (scikit-learn's RFE convention), importances_ (eq. 7 of the final model on
    standardised features = eq. 9), estimator_ (StandardScaler → :class:`FeatureScaler` →
    LogisticRegression on the selected columns), forced_ (``S_N`` in univariate order),
    frequency_score_ (eq. 15; NaN where not selected), penalty_factors_ (eq. 16 factors of the
    selected features), rfe_path_ (:class:`RFEPath`).
    """

    refit_parameters: ClassVar[tuple[str, ...]] = ("final_C", "shrinkage_alpha")

    def __init__(
        self,
        n_features_to_select: int | float | None = None,
        n_forced: int = 0,
        epsilon: float = 1.0,
        C: float = 1.0,
        final_C: float | None = None,
        shrinkage_alpha: float = 0.0,
        variance_weight: float = 0.5,
        step: int | float = 0.2,
    ):
        self.n_features_to_select = n_features_to_select
        self.n_forced = n_forced
        self.epsilon = epsilon
        self.C = C
        self.final_C = final_C
        self.shrinkage_alpha = shrinkage_alpha
        self.variance_weight = variance_weight
        self.step = step

    def _hybrid_params(self) -> tuple[int, float, float, float]:
        return self.n_forced, self.epsilon, self.shrinkage_alpha, self.variance_weight

    @classmethod
    def uses_univariate_statistics(cls, params: Mapping[str, Any]) -> bool:
        """True when ``params`` force features (``n_forced > 0``): the stable set ``S_N`` is
        ranked by the univariate criterion (see :meth:`fit`)."""
        return (params.get("n_forced") or 0) > 0

    def fit(
        self, X: Any, y: Any, univariate_statistics: tuple[np.ndarray, np.ndarray] | None = None
    ) -> HybridRFE:
        """Select features on ``(X, y)`` and fit the final model on them.

        Parameters
        ----------
        X, y
            Training data; ``y`` binary.
        univariate_statistics
            ``(Welch t, sample variance)`` of every feature of ``X`` for ``y``, when they were
            computed once for several fits on the same training set; the univariate ranking of
            the forced features is then built from them instead of from ``X`` (the same
            ranking, as long as they are the statistics of ``X`` and ``y``).

        Returns
        -------
        HybridRFE
            The fitted selector.
        """
        if univariate_statistics is None:
            return super().fit(X, y)
        self._sweep_cache = _PathCache(univariate_statistics)
        try:
            return super().fit(X, y)
        finally:
            del self._sweep_cache


class LogisticRFE(_LogisticRFEBase):
    """Logistic recursive feature elimination (Guyon et al. 2002; Hamer & Dupont 2021 §7.2.3).

    Exactly :class:`HybridRFE` with ``n_forced=0`` (same code): L2-penalised logistic
    regressions with ``C`` rank the remaining features by ``|w_f|`` and ``step`` of them are
    eliminated per iteration; the final model is refitted with ``final_C`` (λ_f). Same
    attributes as :class:`HybridRFE` (``forced_`` is empty).
    """

    refit_parameters: ClassVar[tuple[str, ...]] = ("final_C",)

    def __init__(
        self,
        n_features_to_select: int | float | None = None,
        C: float = 1.0,
        final_C: float | None = None,
        step: int | float = 0.2,
    ):
        self.n_features_to_select = n_features_to_select
        self.C = C
        self.final_C = final_C
        self.step = step

    def _hybrid_params(self) -> tuple[int, float, float, float]:
        return 0, 1.0, 0.0, 0.0


def hybrid_rfe_sweep(
    X: Any,
    y: Any,
    grid: Mapping[str, Iterable[Any]] | Iterable[Mapping[str, Iterable[Any]]],
    *,
    base: HybridRFE | None = None,
    univariate_statistics: tuple[np.ndarray, np.ndarray] | None = None,
) -> list[tuple[dict[str, Any], HybridRFE]]:
    """Fit a :class:`HybridRFE` for every parameter combination, sharing all common work.

    The univariate ranking is computed once (per ``variance_weight``), the data are standardised
    once, one elimination path is computed per distinct path-determining combination
    (``n_forced``, ``C``, ``epsilon``, ``variance_weight``, ``step``, ``n_features_to_select``;
    ``epsilon`` and ``variance_weight`` do not matter when ``n_forced = 0``), and only the final
    model is fitted for each (``final_C``, ``shrinkage_alpha``).

    Parameters
    ----------
    grid
        A :class:`~sklearn.model_selection.ParameterGrid` specification: a dict of lists of
        :class:`HybridRFE` parameter values, or a list of such dicts.
    base
        Values of the parameters not in the grid (default ``HybridRFE()``).
    univariate_statistics
        ``(Welch t, sample variance)`` of every feature of ``X`` for ``y``
        (:func:`fsstab.selectors._univariate.welch_t_statistic`, ``sample_variance``), when
        they were computed once for several sweeps on the same training set (the workflow's
        per-resample univariate scores). They must be those of ``X`` and ``y``; the ranking is
        then built from them instead of from ``X``.

    Returns
    -------
    list of (params, fitted selector)
        In :class:`~sklearn.model_selection.ParameterGrid` order; each selector equals
        ``clone(base).set_params(**params).fit(X, y)``.
    """
    base = HybridRFE() if base is None else base
    if not isinstance(base, HybridRFE):
        raise ValueError(f"base must be a HybridRFE, got {type(base).__name__}")
    try:
        combinations = list(ParameterGrid(grid))
    except TypeError as exc:
        raise ValueError(f"grid is not a valid parameter grid: {exc}") from None
    valid = set(base.get_params())
    for params in combinations:
        unknown = set(params) - valid
        if unknown:
            raise ValueError(f"grid has unknown HybridRFE parameters {sorted(unknown)}")
    cache = _PathCache(univariate_statistics)
    results = []
    for params in combinations:
        selector = clone(base).set_params(**params)
        selector._sweep_cache = cache
        try:
            selector.fit(X, y)
        finally:
            del selector._sweep_cache
        results.append((params, selector))
    return results


# --------------------------------------------------------------------------------------------
# SVM-RFE
# --------------------------------------------------------------------------------------------


class SVMRFE(BaseSelector):
    """SVM recursive feature elimination (Guyon et al. 2002; Hamer & Dupont 2021 §5.1, §7.2.3).

    Soft-margin SVMs (hinge loss, ``C``) on the standardised remaining features rank them by
    their margin contribution, eq. 8 -- ``w_f²`` for ``kernel="linear"`` -- and ``step`` of them
    are eliminated per iteration. The final model is an SVM with ``final_C`` on the selected
    features; importance is eq. 7 for the linear kernel and eq. 8 for the RBF kernel.

    Parameters
    ----------
    n_features_to_select, step
        As for :class:`HybridRFE`.
    kernel
        ``"linear"`` or ``"rbf"``.
    C, final_C
        Inverse regularisation of the selection SVMs and of the final SVM (``None``: ``C``).
    gamma
        RBF width, as in :class:`sklearn.svm.SVC` (``"scale"``, ``"auto"`` or a number). It is
        resolved once, on all ``d`` standardised features (``"scale"`` and ``"auto"`` give
        ``1/d``), and kept for every elimination step and the final model: eq. 8 measures what
        removing a feature does to a *fixed* kernel (Guyon et al. 2002). Re-resolving it on the
        shrinking feature set would make the kernel ever more local and the ranking noisier.

    Attributes
    ----------
    support_, ranking_, importances_, estimator_ (StandardScaler + SVC), rfe_path_, gamma_
    (the resolved RBF width; None for the linear kernel).
    """

    def __init__(
        self,
        n_features_to_select: int | float | None = None,
        kernel: str = "linear",
        C: float = 1.0,
        final_C: float | None = None,
        gamma: str | float = "scale",
        step: int | float = 0.2,
    ):
        self.n_features_to_select = n_features_to_select
        self.kernel = kernel
        self.C = C
        self.final_C = final_C
        self.gamma = gamma
        self.step = step

    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        if self.kernel not in ("linear", "rbf"):
            raise ValueError(f"kernel must be 'linear' or 'rbf', got {self.kernel!r}")
        C = _check_positive("C", self.C)
        final_C = C if self.final_C is None else _check_positive("final_C", self.final_C)
        d = X.shape[1]
        sizes = elimination_schedule(d, resolve_n_features(self.n_features_to_select, d), self.step)
        Xs = standardize(X)[0]
        gamma = _resolve_gamma(self.gamma, Xs)
        self.gamma_ = gamma if self.kernel == "rbf" else None
        with single_threaded_blas():
            path = run_elimination(
                sizes, np.zeros(0, np.int64), _SVMScores(Xs, y, self.kernel, C, gamma)
            )
        self.rfe_path_ = path
        self.support_ = path.support
        self.ranking_ = path.ranking
        model = Pipeline(
            [
                ("standardize", StandardScaler()),
                ("svc", SVC(kernel=self.kernel, C=final_C, gamma=gamma)),
            ]
        )
        self.estimator_ = self._fit_model(model, X, y)
        if not np.any(self.support_):
            self.importances_ = np.zeros(d)
            return
        svc = self.estimator_[-1]
        raw = linear_importance(svc.coef_) if self.kernel == "linear" else svm_importance(svc)
        self.importances_ = importances_on_support(raw, self.support_)
