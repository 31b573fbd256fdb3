"""Stabl (Hédou et al. 2024, Nature Biotechnology 42:1581, Methods): stability selection whose
threshold is chosen from synthetic noise features by minimising an estimate of the false
discovery proportion."""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Real
from typing import Any, ClassVar

import numpy as np
from sklearn.model_selection import ParameterGrid

from fsstab._sklearn_compat import Interval, StrOptions
from fsstab.error_control.fdr import stabl_fdp_curve
from fsstab.error_control.guarantees import ErrorGuarantee
from fsstab.error_control.knockoffs import gaussian_knockoffs
from fsstab.outcomes import DEFAULT_TASK
from fsstab.selectors._common import (
    check_positive_int,
    descending_order,
    ranking_from_order,
    spawn_seeds,
)
from fsstab.selectors._constraints import (
    ESTIMATOR,
    RANDOM_STATE,
    TASK,
    ParameterGridSpec,
    Selector,
    UnitList,
    integers,
)
from fsstab.selectors._registry import register_selector
from fsstab.selectors._stability_subsamples import _configured_clone, complementary_pairs
from fsstab.selectors._two_stage import TwoStageSelector
from fsstab.selectors._wrapping import (
    augmented_fit,
    base_for_task,
    base_task_problem,
    given_subsamples,
    paired_model,
    stratification_labels,
)

__all__ = ["Stabl", "artificial_features"]


def artificial_features(X: np.ndarray, n_artificial: int, kind: str,
                        rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Stabl's synthetic features: ``n_artificial`` features chosen at random, each with its
    rows permuted independently (``"permutation"``: Stabl's "random permutation"), or their
    Gaussian model-X knockoffs (``"knockoff"``, :func:`fsstab.error_control.gaussian_knockoffs`
    of all features, then the chosen ones).

    Returns
    -------
    synthetic : ndarray (n, n_artificial)
    source : ndarray of int (n_artificial,)
        The feature each synthetic one is made from.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import artificial_features
    >>> X = np.arange(12.0).reshape(4, 3)
    >>> synthetic, source = artificial_features(X, 2, "permutation", np.random.default_rng(0))
    >>> synthetic.shape, all(sorted(synthetic[:, k]) == sorted(X[:, j])
    ...                      for k, j in enumerate(source))
    ((4, 2), True)
    """
    n, d = X.shape
    source = np.sort(rng.choice(d, size=n_artificial, replace=False))
    if kind == "permutation":
        synthetic = np.empty((n, n_artificial))
        for k, j in enumerate(source):
            synthetic[:, k] = X[rng.permutation(n), j]
        return synthetic, source
    if kind == "knockoff":
        seed = int(rng.integers(2**31 - 1))
        return gaussian_knockoffs(X, random_state=seed)[:, source], source
    raise ValueError(f"artificial must be 'permutation' or 'knockoff'; got {kind!r}")


def _grid(grid: Any) -> list[dict[str, Any]]:
    if grid is None:
        return [{}]
    if not isinstance(grid, Mapping) or not grid or not all(
            isinstance(v, list | tuple | np.ndarray) and len(v) > 0 for v in grid.values()):
        raise ValueError(
            "grid must map base-selector parameters to non-empty lists of values, e.g. "
            f"{{'C': [0.05, 0.1, 0.2]}}; got {grid!r}"
        )
    return list(ParameterGrid({k: list(v) for k, v in grid.items()}))


def _default_base() -> Any:
    from fsstab.selectors._penalized import LassoSelector

    return LassoSelector()


def _default_size(d: int) -> int:
    """``target_k`` of the default base: fsstab's default number of features of the real
    data, ``min(20, √d)`` (:func:`fsstab.selectors.default_n_features`)."""
    from fsstab.selectors._common import default_n_features

    return default_n_features(d)


@register_selector(
    method=("subsample frequencies of a base selector on the data plus synthetic noise "
            "features (permuted copies or knockoffs); threshold minimising FDP+"),
    model="ridge on the kept features; eq. 7",
    reference="Hédou et al. 2024 (Stabl), Methods",
)
class Stabl(TwoStageSelector):
    """Stabl: stability selection with a data-driven threshold (Hédou et al. 2024, Methods).

    ``m = ⌊d · artificial_proportion⌋`` synthetic features -- row-permuted copies of randomly
    chosen features, or their Gaussian knockoffs (:func:`artificial_features`) -- are appended
    to the data once. A copy of ``selector`` is fitted on each of ``2 · n_pairs`` half-samples
    (complementary pairs, as :class:`StabilitySelection`), at every point of ``grid``; the
    frequency ``f_j`` of a feature is the largest, over the grid, of the fraction of
    half-samples selecting it (the maximum of its stability path), for the real and the
    synthetic features alike. The threshold θ minimises Stabl's
    ``FDP+(t) = (1 + #{synthetic f̃ ≥ t} / proportion) / max(1, #{real f ≥ t})``
    (:func:`fsstab.error_control.stabl_fdp_curve`), and the kept features are ``f >= θ``.
    FDP+ at θ (``fdp_plus_``) *estimates* the false discovery proportion of the selection; it
    is not a guarantee.

    Parameters
    ----------
    selector : fsstab selector or None
        The base selector; None is :class:`LassoSelector` with ``target_k = min(20, √d)``
        (the LASSO path followed until that many columns are in the model on each
        half-sample). Its ``task`` is set to this selector's.
    grid : dict or None
        Base-selector parameter -> values (Stabl's regularisation grid, e.g.
        ``{"C": [0.02, 0.05, 0.1, 0.2]}``); None fits the base selector as given.
    artificial : {"permutation", "knockoff"}
        The synthetic features. Knockoffs need the ``d x d`` covariance
        (:func:`fsstab.error_control.knockoff_size_problem`).
    artificial_proportion : float
        ``m / d``, in (0, 1].
    n_pairs : int
        B: ``2B`` half-samples.
    thresholds : array or None
        The thresholds at which FDP+ is evaluated; None: every distinct frequency of a real
        feature (the exact minimum over ``t ∈ (0, 1]``).
    estimator : model or None
        Fitted on the kept features; None: ridge (logistic) regression or the ridge Cox model
        on standardised features, by task.
    stratify : bool
        Deal the classes (classification) or the events (survival) evenly between the halves.
    subsamples : array (2B, m) of int or None
        Row indices of the half-samples to use instead of drawing ``n_pairs`` pairs.
    task : {"classification", "regression", "survival"}
    random_state : int, RandomState or None

    Attributes
    ----------
    frequencies_ : ndarray (d,)
        Maximum selection frequency over the grid of every real feature (also ``scores_``).
    artificial_frequencies_ : ndarray (m,)
        Those of the synthetic features.
    artificial_sources_ : ndarray of int (m,)
        The feature each synthetic one is made from.
    path_ : ndarray (n_grid, d)
        The frequencies at every grid point (the stability path).
    thresholds_, fdp_plus_curve_ : ndarray
        FDP+ at every evaluated threshold.
    threshold_ : float
        θ (``inf`` when FDP+ exceeds 1 at every threshold: nothing is kept).
    fdp_plus_ : float
        FDP+ at θ.
    error_control_ : ErrorGuarantee
        ``FDR`` at the estimated level ``fdp_plus_`` (``estimated=True``).
    subsamples_, ranking_ : as :class:`StabilitySelection`.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import FilterSelector, Stabl
    >>> rng = np.random.default_rng(0)
    >>> y = np.repeat([0, 1], 30)
    >>> X = rng.normal(size=(60, 50)) + 1.5 * y[:, None] * (np.arange(50) < 3)
    >>> stabl = Stabl(FilterSelector(method="anova", n_features_to_select=3), n_pairs=10,
    ...               random_state=0).fit(X, y)
    >>> np.flatnonzero(stabl.get_support()).tolist(), round(stabl.fdp_plus_, 3)  # (1 + 0)/3
    ([0, 1, 2], 0.333)
    """

    controls_error: ClassVar[bool] = True
    tasks: ClassVar[frozenset[str]] = frozenset(
        {"classification", "multiclass", "regression", "survival"})
    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "selector": [Selector(), None], "grid": [ParameterGridSpec(), None],
        "artificial": [StrOptions({"permutation", "knockoff"})],
        "artificial_proportion": [Interval(Real, 0, 1, closed="right")],
        "n_pairs": [integers(1)], "thresholds": [UnitList(), None], "estimator": ESTIMATOR,
        "stratify": ["boolean"], "subsamples": ["array-like", None], "task": TASK,
        "random_state": RANDOM_STATE,
    }

    def __init__(
        self,
        selector: Any = None,
        *,
        grid: Mapping[str, Any] | None = None,
        artificial: str = "permutation",
        artificial_proportion: float = 1.0,
        n_pairs: int = 50,
        thresholds: Any = None,
        estimator: Any = None,
        stratify: bool = True,
        subsamples: Any = None,
        task: str = DEFAULT_TASK,
        random_state: Any = None,
    ) -> None:
        self.selector = selector
        self.grid = grid
        self.artificial = artificial
        self.artificial_proportion = artificial_proportion
        self.n_pairs = n_pairs
        self.thresholds = thresholds
        self.estimator = estimator
        self.stratify = stratify
        self.subsamples = subsamples
        self.task = task
        self.random_state = random_state

    @classmethod
    def min_class_samples(cls, params: Mapping[str, Any]) -> int:
        """2 for stratified subsamples (one sample of each class per half)."""
        stratified = params.get("stratify", True) and params.get("subsamples") is None
        return 2 if stratified else 1

    @classmethod
    def task_problem(cls, task: str, params: Mapping[str, Any]) -> str | None:
        """Stabl serves the tasks its base selector serves (see
        :meth:`BaseSelector.task_problem`)."""
        return base_task_problem(cls, task, params)

    def _half_samples(self, y: np.ndarray, n_samples: int, seed: int) -> np.ndarray:
        if self.subsamples is not None:
            return given_subsamples(self.subsamples, n_samples)
        n_pairs = check_positive_int(self.n_pairs, "n_pairs")
        labels = stratification_labels(y, self._task()) if self.stratify else None
        if labels is None:
            return complementary_pairs(np.zeros(n_samples, dtype=np.int64), n_pairs, seed,
                                       stratify=False)
        if np.bincount(labels).min() < 2:
            raise ValueError(
                "stratified Stabl needs at least 2 samples of every class (events and "
                f"censored samples for survival); counts are {np.bincount(labels).tolist()}"
            )
        return complementary_pairs(labels, n_pairs, seed, stratify=True)

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        task = self._task()
        base = base_for_task(self.selector, task, "Stabl", _default_base)
        if self.selector is None:
            base.set_params(target_k=_default_size(X.shape[1]))
        points = _grid(self.grid)
        proportion = self.artificial_proportion
        if isinstance(proportion, bool) or not isinstance(proportion, int | float) or not (
                0 < proportion <= 1):
            raise ValueError(f"artificial_proportion must lie in (0, 1]; got {proportion!r}")
        n, d = X.shape
        m = max(1, int(d * proportion))
        noise_seed, split_seed, order_seed, fits_seed = spawn_seeds(random_state, 4)
        synthetic, self.artificial_sources_ = artificial_features(
            X, m, self.artificial, np.random.default_rng(noise_seed))
        self.subsamples_ = self._half_samples(y, n, split_seed)
        order = np.random.default_rng(order_seed).permutation(d + m)
        fit_seeds = spawn_seeds(fits_seed, len(points) * len(self.subsamples_))
        frequencies = np.zeros((len(points), d + m))
        k = 0
        for g, point in enumerate(points):
            for rows in self.subsamples_:
                fitted = _configured_clone(base, fit_seeds[k], **point)
                k += 1
                frequencies[g] += augmented_fit(fitted, X[rows], synthetic[rows], y[rows],
                                                order, task)
        frequencies /= len(self.subsamples_)
        self.path_ = frequencies[:, :d]
        best = frequencies.max(axis=0)
        self.frequencies_, self.artificial_frequencies_ = best[:d], best[d:]
        curve = stabl_fdp_curve(self.frequencies_, self.artificial_frequencies_,
                                proportion=m / d, thresholds=self.thresholds)
        self.thresholds_, self.fdp_plus_curve_ = curve.thresholds, curve.fdp_plus
        self.threshold_, self.fdp_plus_ = curve.threshold, curve.minimum
        self.scores_ = self.frequencies_
        self.ranking_ = ranking_from_order(descending_order(self.frequencies_))
        self.support_ = self.frequencies_ >= self.threshold_
        copies = "knockoffs" if self.artificial == "knockoff" else "permuted copies"
        self.error_control_ = ErrorGuarantee("FDR", self.fdp_plus_, f"Stabl, {copies}",
                                             estimated=True)

    def _paired_model(self, X: np.ndarray, random_state: int) -> Any:
        return paired_model(self._task()) if self.estimator is None else self.estimator
