"""Recursive feature elimination: logistic RFE and the code it shares with hybrid-RFE.

- :class:`LogisticRFE` -- Guyon et al. (2002); Hamer & Dupont (2021) §7.2.3.
- :class:`~fsstab.selectors.HybridRFE` (:mod:`fsstab.selectors._hybrid_rfe`) -- Hamer & Dupont
  (2021), Algorithm 1 with the frequency score of eq. 15 and the differential shrinkage of
  eq. 16 (§6.1-6.2, §7.1): the same code with forced features.
- :class:`SVMRFE` (:mod:`fsstab.selectors._svm_rfe`) -- Guyon et al. (2002), linear or RBF
  kernel, ranked by eq. 8.

All standardise the features on the training data, so that eq. 7 of the final linear model is
also its eq. 9 importance (Theorem 1). Features are eliminated in steps: a float ``step``
drops ``max(1, ⌊step · |F|⌋)`` of the ``|F|`` remaining features (Hamer's 20 %), an integer
``step`` that many, never going below ``n_features_to_select``.

The elimination path and its schedule are in :mod:`fsstab.selectors._elimination` (whose
ridge-logistic fits are warm-started and solved in sample space while at least ``n`` features
remain); they and :class:`SVMRFE` are importable from here.
"""

from __future__ import annotations

import hashlib
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from sklearn.base import clone
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.validation import check_is_fitted, validate_data

from fsstab.importance import importances_on_support, linear_importance
from fsstab.selectors._base import BaseSelector
from fsstab.selectors._common import resolve_n_features
from fsstab.selectors._constraints import N_FEATURES, POSITIVE, STEP
from fsstab.selectors._elimination import (  # noqa: F401 (two names re-exported)
    RFEPath,
    _check_positive,
    _RidgeLogisticScores,
    criterion_from_statistics,
    elimination_schedule,
    frequency_score,
    run_elimination,
    univariate_criterion,
    univariate_order,
)
from fsstab.selectors._logistic import FeatureScaler, single_threaded_blas, standardize
from fsstab.selectors._registry import register_selector
from fsstab.selectors._svm_rfe import SVMRFE  # noqa: F401


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
                ("shrink", FeatureScaler(factors=factors)),
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
        new._validate_params()  # what fit validates (_fit_context)
        for name, value in vars(self).items():
            if (name.endswith("_") and not name.endswith("__")) or name == "_training_fingerprint":
                setattr(new, name, value)
        new._fit_final(X, y_enc, new._config(X.shape[1]))
        new._check_fit_contract()
        return new


@register_selector(
    method=("recursive feature elimination by L2-logistic weights, dropping 20 % of the remaining "
            "features per step"),
    model="L2-logistic with `final_C`; eq. 7",
    reference="Guyon et al. 2002; Hamer §7.2.3",
)
class LogisticRFE(_LogisticRFEBase):
    """Logistic recursive feature elimination (Guyon et al. 2002; Hamer & Dupont 2021 §7.2.3).

    Exactly :class:`HybridRFE` with ``n_forced=0`` (same code): L2-penalised logistic
    regressions with ``C`` rank the remaining features by ``|w_f|`` and ``step`` of them are
    eliminated per iteration; the final model is refitted with ``final_C`` (λ_f). Same
    attributes as :class:`HybridRFE` (``forced_`` is empty).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import LogisticRFE
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = LogisticRFE(n_features_to_select=2).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "n_features_to_select": N_FEATURES, "C": [POSITIVE], "final_C": [POSITIVE, None],
        "step": STEP,
    }
    refit_parameters: ClassVar[tuple[str, ...]] = ("final_C",)

    def __init__(
        self,
        *,
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
