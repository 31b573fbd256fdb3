"""Hybrid recursive feature elimination, Hamer & Dupont (2021), Algorithm 1 with the frequency
score of eq. 15 and the differential shrinkage of eq. 16 (§6.1-6.2, §7.1): :class:`HybridRFE`,
and :func:`hybrid_rfe_sweep`, which fits many settings on one training set sharing their
elimination paths. The elimination and the final model are those of
:class:`~fsstab.selectors.LogisticRFE` (:mod:`fsstab.selectors._rfe`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from numbers import Real
from typing import Any, ClassVar

import numpy as np
from sklearn.base import clone
from sklearn.model_selection import ParameterGrid

from fsstab._sklearn_compat import Interval
from fsstab.selectors._constraints import N_FEATURES, NON_NEGATIVE, POSITIVE, STEP, UNIT, integers
from fsstab.selectors._registry import register_selector
from fsstab.selectors._rfe import _LogisticRFEBase, _PathCache


@register_selector(
    method=("Algorithm 1: `n_forced` features from a Welch-t/variance criterion, differential "
            "shrinkage `epsilon`, frequency score (eq. 15), shrinkage `shrinkage_alpha` (eq. 16); "
            "`refit_final` and `hybrid_rfe_sweep` reuse the elimination path"),
    model="L2-logistic with `final_C`; eq. 7",
    reference="Hamer §6.1-6.2, §7.1",
)
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

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import HybridRFE
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = HybridRFE(n_features_to_select=2, n_forced=1, variance_weight=0.0)
    >>> selector = selector.fit(X, y)
    >>> selector.forced_.tolist()      # the top feature by Welch's t
    [2]
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "n_features_to_select": N_FEATURES, "n_forced": [integers(0)],
        "epsilon": [Interval(Real, 0, 1, closed="right")], "C": [POSITIVE],
        "final_C": [POSITIVE, None], "shrinkage_alpha": [NON_NEGATIVE], "variance_weight": [UNIT],
        "step": STEP,
    }
    refit_parameters: ClassVar[tuple[str, ...]] = ("final_C", "shrinkage_alpha")

    def __init__(
        self,
        *,
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

    @classmethod
    def min_class_samples(cls, params: Mapping[str, Any]) -> int:
        """2 when features are forced: the univariate statistics include Welch's t, which
        needs a variance per class."""
        return 2 if cls.uses_univariate_statistics(params) else 1

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


