"""Real selectors under Onda et al. (2022)'s evaluation protocol (§3.1, App. C): the random
forest Gini-importance ranker, the leave-one-out copies with their two training halves, and the
stability and computation time of the real single selector and of the real bagged ensemble.

Public names are re-exported by :mod:`fsstab.simulator`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier

from fsstab._forest import fit_forest
from fsstab.resampling import make_resamples
from fsstab.seeds import as_seed, substream
from fsstab.selectors import EnsembleSelector
from fsstab.selectors._common import (
    ranking_from_order,
    resolve_n_features,
    spawn_seeds,
    top_k_mask,
)
from fsstab.selectors._constraints import ESTIMATOR, N_FEATURES, RANDOM_STATE, integers
from fsstab.selectors._ensembles import _configured_clone
from fsstab.selectors._trees import MAX_FEATURES
from fsstab.selectors._two_stage import TwoStageSelector, fit_selection
from fsstab.simulator._common import (
    check_int,
    check_m_values,
    check_measure,
    child_seed,
    selection_stability,
)


class OndaForestSelector(TwoStageSelector):
    """Random-forest Gini-importance ranker, Onda's base selector (§3.1, App. C.3, App. E.1).

    A :class:`~sklearn.ensemble.RandomForestClassifier` (Gini splits, bootstrap) is fitted on
    all features and ranks them by ``feature_importances_`` (mean decrease in impurity). The
    *normalised mtry* of App. E.1 is ``max_features`` as a fraction of d: the default
    ``"sqrt"`` (mtry = ⌊√d⌋, normalised mtry ≈ 1/√d) is the setting of Onda §3; E.1 and
    Figs. 14-15 also use 0.01 and 0.1.

    Features of equal importance are ranked in a random (seeded) order. On microarray data
    most features are never used by any tree (on half of the Colon samples, 1146 of 2000 have
    zero importance with 500 trees, 1872 with 50): ranking those ties by column index, as
    ``FilterSelector(method="impurity")`` does, gives every low-index gene a better rank in
    every weak selector and makes a mean-rank ensemble select it consistently -- a stability
    that comes from the column order. A random order is also what Algorithm 3 assumes for the
    features a selector does not prefer.

    Parameters
    ----------
    n_estimators : int
        n_tree.
    max_features : {"sqrt", "log2"}, int or float
        mtry; a float in (0, 1] is the normalised mtry.
    n_features_to_select : int, float or None
        Size of ``support_`` (n_target); ``None`` is ``min(20, √d)``. Ensembles and the
        simulator use ``ranking_``.
    estimator : classifier or None
        Predictive model on the selected features; ``None`` is a forest with the same settings
        (Onda uses "another random forest as a predictor").
    random_state : int, RandomState or None

    Attributes
    ----------
    scores_ : ndarray (d,)
        Gini importances.
    ranking_ : ndarray (d,)
        1 = most important (ties in random order).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.simulator import OndaForestSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = OndaForestSelector(n_estimators=50, n_features_to_select=2,
    ...                               random_state=0).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    >>> selector.ranking_[[2, 5]].tolist()
    [1, 2]
    """

    _supports_multiclass: ClassVar[bool] = True
    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "n_estimators": [integers(1)], "max_features": MAX_FEATURES,
        "n_features_to_select": N_FEATURES, "estimator": ESTIMATOR, "random_state": RANDOM_STATE,
    }

    def __init__(
        self,
        *,
        n_estimators: int = 500,
        max_features: Any = "sqrt",
        n_features_to_select: int | float | None = None,
        estimator: Any = None,
        random_state: Any = None,
    ) -> None:
        self.n_estimators = n_estimators
        self.max_features = max_features
        self.n_features_to_select = n_features_to_select
        self.estimator = estimator
        self.random_state = random_state

    def _forest(self, seed: int) -> RandomForestClassifier:
        return RandomForestClassifier(
            n_estimators=check_int(self.n_estimators, "n_estimators", 1),
            criterion="gini", max_features=self.max_features, bootstrap=True,
            random_state=seed,
        )

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        k = resolve_n_features(self.n_features_to_select, X.shape[1])
        forest_seed, tie_seed = spawn_seeds(random_state, 2)
        self.scores_ = fit_forest(self._forest(forest_seed), X, y).feature_importances_
        tie_keys = np.random.default_rng(tie_seed).random(X.shape[1])
        order = np.lexsort((tie_keys, -self.scores_))
        self.ranking_ = ranking_from_order(order)
        self.support_ = top_k_mask(order, k)

    def _paired_model(self, X: np.ndarray, random_state: int) -> Any:
        return self._forest(random_state) if self.estimator is None else self.estimator


@dataclass(frozen=True)
class OndaSplit:
    """One copy of Onda's evaluation (App. C.1, Fig. 5): ``selection`` rows (training data 1,
    for feature selection), ``predictor`` rows (training data 2) and the left-out ``test``
    row(s)."""

    selection: np.ndarray
    predictor: np.ndarray
    test: np.ndarray


def onda_splits(
    y: Any, m_stability: int | None = None, random_state: Any = None
) -> tuple[OndaSplit, ...]:
    """The m_stability copies of Onda's protocol (App. C.1): leave one sample out, split the
    rest into two halves (stratified by class), select features on the first half.

    ``m_stability`` defaults to the number of samples n (every sample left out once, as in
    leave-one-out cross-validation; Table 4's t_uniform values are reproduced with n runs). A
    smaller value leaves out a random subset of the samples. The halves are drawn by
    :func:`fsstab.resampling.make_resamples` (``"subsample"``, fraction 0.5, stratified).
    """
    labels = np.asarray(y).reshape(-1)
    if np.asarray(y).ndim != 1:
        raise ValueError(f"y must be 1-dimensional, got shape {np.asarray(y).shape}")
    n = labels.size
    m = n if m_stability is None else check_int(m_stability, "m_stability", 2, n)
    if n < 3:
        raise ValueError(f"onda_splits needs at least 3 samples, got {n}")
    seed = as_seed(random_state)
    left_out = np.arange(n) if m == n else np.sort(substream(seed, 0).choice(n, m, replace=False))
    splits = []
    for j, test in enumerate(left_out):
        rest = np.delete(np.arange(n), test)
        halves = make_resamples(
            labels[rest], "subsample", 1, random_state=child_seed(seed, 1, j), fraction=0.5
        )
        splits.append(OndaSplit(rest[halves.train[0]], rest[halves.test[0]], np.array([test])))
    return tuple(splits)


def top_ranked(ranking: Any, n_target: int) -> np.ndarray:
    """Boolean mask of the n_target best-ranked features (rank 1 = best; ties: lower index)."""
    ranks = np.asarray(ranking, dtype=np.float64)
    n_target = check_int(n_target, "n_target", 1, ranks.size)
    return top_k_mask(np.argsort(ranks, kind="stable"), n_target)


def check_data(X: Any, y: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validated float64 X and class codes 0..K-1 of y."""
    arr = np.asarray(X, dtype=np.float64)
    if arr.ndim != 2:
        raise ValueError(f"X must be a 2-dimensional (samples, features) array, got {arr.ndim}-d")
    if not np.all(np.isfinite(arr)):
        raise ValueError("X contains NaN or infinite values")
    labels = np.asarray(y).reshape(-1)
    if np.asarray(y).ndim != 1 or labels.size != arr.shape[0]:
        raise ValueError(
            f"y must be 1-dimensional with one label per row of X ({arr.shape[0]}), got shape "
            f"{np.asarray(y).shape}"
        )
    classes, codes = np.unique(labels, return_inverse=True)
    if classes.size < 2:
        raise ValueError(f"y must contain at least two classes, got {classes.tolist()}")
    return arr, codes.astype(np.int64)


def check_splits(splits: Sequence[Any], n_samples: int) -> tuple[OndaSplit, ...]:
    """Copies with ``selection``, ``predictor`` and ``test`` row indices, as int64
    :class:`OndaSplit` objects; at least two copies and two selection rows each."""
    splits = tuple(splits)
    if len(splits) < 2:
        raise ValueError(
            f"splits must hold at least two copies (m_stability >= 2), got {len(splits)}"
        )
    checked = []
    for j, split in enumerate(splits):
        roles = {}
        for role in ("selection", "predictor", "test"):
            rows = np.asarray(getattr(split, role, None))
            if (rows.ndim != 1 or not (rows.size == 0 or np.issubdtype(rows.dtype, np.integer))
                    or (rows.size and (rows.min() < 0 or rows.max() >= n_samples))):
                raise ValueError(
                    f"splits[{j}].{role} must be a 1-d array of row indices in 0..{n_samples - 1}"
                )
            roles[role] = rows.astype(np.int64)
        if roles["selection"].size < 2:
            raise ValueError(f"splits[{j}].selection must hold at least two rows")
        checked.append(OndaSplit(**roles))
    return tuple(checked)


def _ranking_of(selector: Any) -> np.ndarray:
    ranking = getattr(selector, "ranking_", None)
    if ranking is None:
        raise ValueError(
            f"{type(selector).__name__} does not rank features (no ranking_); Onda's simulator "
            "and the mean-rank ensemble need a ranking base selector"
        )
    return np.asarray(ranking)


def real_single_selections(
    X: Any, y: Any, splits: Sequence[OndaSplit], base_selector: Any, n_target: int,
    bootstrap: bool = False, random_state: Any = None,
) -> tuple[np.ndarray, float]:
    """The n_target top-ranked features of one run of the base selector per copy (Onda,
    Algorithm 1 line 3: "calculate the stability of f using D"), and the seconds these runs
    took.

    By default each run is the base selector on the copy's selection rows, Onda's "single real
    selector" (§3.4); with it, Onda Table 2's n_useful is reproduced on Colon
    (``benchmarks/bench_simulator.py``). With ``bootstrap=True`` each run is instead a weak
    selector exactly as the bagged ensemble runs it: the base selector on a stratified bootstrap
    sample of the selection rows (:class:`fsstab.selectors.EnsembleSelector` with one
    bootstrap), so that the simulated and the real curve describe the same selector at
    m_ensemble = 1. The bootstrap perturbation makes these runs less stable, which lowers the
    fitted n_useful and p.

    Returns a boolean (m_stability, n_feature) matrix and the total fitting time.
    """
    X, codes = check_data(X, y)
    splits = check_splits(splits, X.shape[0])
    n_target = check_int(n_target, "n_target", 1, X.shape[1])
    seed = as_seed(random_state)
    selections = np.zeros((len(splits), X.shape[1]), dtype=bool)
    seconds = 0.0
    for j, split in enumerate(splits):
        rows_X, rows_y = X[split.selection], codes[split.selection]
        start = time.perf_counter()
        if bootstrap:
            weak = EnsembleSelector(
                selector=base_selector, n_bootstrap=1, n_features_to_select=n_target,
                random_state=child_seed(seed, j),
            )
            ranking = fit_selection(weak, rows_X, rows_y).rankings_[0]
        else:
            selector = _configured_clone(base_selector, child_seed(seed, j))
            ranking = _ranking_of(fit_selection(selector, rows_X, rows_y))
        selections[j] = top_ranked(ranking, n_target)
        seconds += time.perf_counter() - start
    return selections, seconds


def _accuracy(
    predictor: Any, X: np.ndarray, codes: np.ndarray, split: OndaSplit, support: np.ndarray,
    seed: int,
) -> tuple[int, int]:
    """Correct predictions and test rows of ``predictor`` trained on the predictor rows."""
    model = _configured_clone(predictor, seed)
    model.fit(X[split.predictor][:, support], codes[split.predictor])
    predicted = model.predict(X[split.test][:, support])
    return int(np.sum(predicted == codes[split.test])), int(split.test.size)


def real_ensemble_curve(
    X: Any, y: Any, splits: Sequence[OndaSplit], base_selector: Any,
    m_ensemble_values: Sequence[int], n_target: int, measure: str = "jaccard",
    predictor: Any = None, random_state: Any = None,
) -> pd.DataFrame:
    """Stability of the real bagged mean-rank ensemble over m_ensemble (Onda Fig. 3 right,
    Fig. 10, Fig. 15) and its computation time (Fig. 4 left, Fig. 12).

    For every copy, :class:`fsstab.selectors.EnsembleSelector` bags max(m_ensemble) copies of
    ``base_selector`` on bootstrap samples of the copy's selection rows; the ensemble of size m
    is its first m weak selectors, aggregated by mean rank (the n_target features of smallest
    mean rank, ties to the lower index). This is exactly what an ``EnsembleSelector`` with
    ``n_bootstrap=m`` and the same seed selects -- its seeds are drawn in sequence, so an
    ensemble extends the smaller ones (common random numbers across m_ensemble) -- at the cost
    of max(m) instead of sum(m) base-selector runs per copy. ``seconds`` of size m is the time
    of its m weak selectors (m / max(m) of the fitted ensemble's time: the weak selectors are
    fits of the same size) plus the stability computation (Onda §3.6: no predictor is trained
    for the timing). With a ``predictor`` (a classifier), ``accuracy`` is its leave-one-out
    accuracy on the ensemble's features, trained on the copies' predictor rows (Onda Fig. 1
    left, Fig. 6); otherwise NaN.

    Returns a DataFrame with columns ``m_ensemble``, ``stability``, ``seconds``, ``accuracy``.
    """
    X, codes = check_data(X, y)
    splits = check_splits(splits, X.shape[0])
    n_target = check_int(n_target, "n_target", 1, X.shape[1])
    m_values = check_m_values(m_ensemble_values)
    measure = check_measure(measure)
    seed = as_seed(random_state)
    m_max = max(m_values)
    rankings, fit_seconds = [], 0.0
    for j, split in enumerate(splits):
        ensemble = EnsembleSelector(
            selector=base_selector, n_bootstrap=m_max, n_features_to_select=n_target,
            random_state=child_seed(seed, 0, j),
        )
        start = time.perf_counter()
        fit_selection(ensemble, X[split.selection], codes[split.selection])
        fit_seconds += time.perf_counter() - start
        rankings.append(ensemble.rankings_)
    rows = []
    for m in m_values:
        selections = np.zeros((len(splits), X.shape[1]), dtype=bool)
        correct, tested = 0, 0
        start = time.perf_counter()
        for j, ranking in enumerate(rankings):
            order = np.argsort(ranking[:m].mean(axis=0), kind="stable")
            selections[j] = top_k_mask(order, n_target)
        stability = selection_stability(selections, measure)
        seconds = fit_seconds * m / m_max + time.perf_counter() - start
        if predictor is not None:
            for j, split in enumerate(splits):
                hits, size = _accuracy(
                    predictor, X, codes, split, selections[j], child_seed(seed, 1, j)
                )
                correct, tested = correct + hits, tested + size
        rows.append({
            "m_ensemble": m, "stability": stability, "seconds": seconds,
            "accuracy": correct / tested if tested else math.nan,
        })
    return pd.DataFrame(rows, columns=["m_ensemble", "stability", "seconds", "accuracy"])
