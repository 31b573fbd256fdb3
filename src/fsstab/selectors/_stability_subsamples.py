"""The subsamples of stability selection and the base selector's fits on them, for every task.

:class:`fsstab.selectors.StabilitySelection` draws its subsamples with
:func:`stability_subsamples` and counts the selections with :func:`subsample_selection_counts`;
both are public so that the fits can be spread over jobs (each job counts a slice of the
subsamples with the slice of seeds, the counts add up): the sum over the slices equals one
fit's counts exactly, because every subsample's fit is seeded by its own index.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from sklearn.base import clone
from sklearn.utils import check_random_state

from fsstab.outcomes import get_task
from fsstab.selectors._common import check_positive_int, spawn_seeds

__all__ = ["complementary_pairs", "stability_subsamples", "subsample_selection_counts"]


def complementary_pairs(
    y: np.ndarray, n_pairs: int, random_state: Any, stratify: bool = True
) -> np.ndarray:
    """Complementary pairs of subsamples: ``n_pairs`` pairs of disjoint halves of the rows
    (Shah & Samworth 2013, the subsamples of complementary-pairs stability selection).

    With ``stratify``, each half receives every class in (almost) equal parts: a random order
    is grouped by class and dealt alternately; for odd ``n`` one random index of the larger
    half is left out.

    Parameters
    ----------
    y
        The labels, length ``n``.
    n_pairs
        The number of pairs.
    random_state
        Seed or ``RandomState``.
    stratify
        Deal each class evenly to the two halves.

    Returns
    -------
    ndarray of int, shape (2 n_pairs, n // 2)
        Sorted row indices; rows ``2b`` and ``2b + 1`` form a pair.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import complementary_pairs
    >>> halves = complementary_pairs(np.array([0, 0, 0, 1, 1, 1]), 2, random_state=0)
    >>> halves.shape
    (4, 3)
    >>> sorted(np.concatenate([halves[0], halves[1]]).tolist())
    [0, 1, 2, 3, 4, 5]
    """
    rng = check_random_state(random_state)
    n = y.size
    half = n // 2
    out = np.empty((2 * n_pairs, half), dtype=np.int64)
    for b in range(n_pairs):
        order = rng.permutation(n)
        if stratify:
            order = order[np.argsort(y[order], kind="stable")]
        first, second = order[0::2], order[1::2]
        if first.size > half:
            first = np.delete(first, rng.randint(first.size))
        out[2 * b], out[2 * b + 1] = np.sort(first), np.sort(second)
    return out


def _configured_clone(selector: Any, seed: int, **params: Any) -> Any:
    """A fresh copy of ``selector`` with ``params`` set and its ``random_state`` (if any) seeded."""
    base = clone(selector)
    available = base.get_params(deep=False)
    for name in params:
        if name not in available:
            raise ValueError(
                f"{type(base).__name__} has no parameter {name!r}; known: {sorted(available)}"
            )
    if "random_state" in available:
        params = {**params, "random_state": int(seed)}
    return base.set_params(**params)




def _labels(y: np.ndarray, task: str) -> np.ndarray | None:
    from fsstab.selectors._wrapping import stratification_labels

    return stratification_labels(y, task)


def stability_subsamples(y: Any, n_pairs: int, random_state: Any, *, sampling: str = "SS",
                         stratify: bool = True, task: str = "classification"
                         ) -> tuple[np.ndarray, np.ndarray]:
    """The subsamples of stability selection and the seed of each subsample's fit.

    ``sampling="SS"``: the ``2B`` halves of ``B = n_pairs`` complementary pairs (rows ``2b``
    and ``2b + 1`` disjoint); ``"MB"``: the first half of each pair (B subsamples of size
    ``⌊n/2⌋``). With ``stratify``, the halves receive the classes (classification) or the
    events and censored samples (survival) in equal parts; a regression is not stratified.

    Parameters
    ----------
    y
        The target: class codes ``0 .. K-1``, a regression target, or a survival structured
        array with a boolean ``event`` field.
    n_pairs
        B.
    random_state
        Seed: the split and the fits' seeds are drawn from it (``spawn_seeds``).
    sampling, stratify, task
        As :class:`~fsstab.selectors.StabilitySelection`'s.

    Returns
    -------
    subsamples : ndarray of int, shape (2B or B, ⌊n/2⌋)
    seeds : ndarray of int, one per subsample

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import stability_subsamples
    >>> rows, seeds = stability_subsamples(np.arange(10.0), 3, 0, task="regression")
    >>> rows.shape, seeds.shape, sorted(np.r_[rows[0], rows[1]].tolist()) == list(range(10))
    ((6, 5), (6,), True)
    """
    n_pairs = check_positive_int(n_pairs, "n_pairs")
    y = np.asarray(y)
    labels = _labels(y, task) if stratify else None
    if labels is not None:
        counts = np.bincount(labels)
        if counts.min() < 2:
            what = ("samples of every class; class counts" if get_task(task).has_classes
                    else "events and censored samples; counts")
            raise ValueError(f"stratified stability selection needs at least 2 {what} are "
                             f"{counts.tolist()}")
    split_seed, *fit_seeds = spawn_seeds(random_state, 1 + 2 * n_pairs)
    codes = np.zeros(len(y), dtype=np.int64) if labels is None else labels
    pairs = complementary_pairs(codes, n_pairs, split_seed, stratify=labels is not None)
    rows = pairs if sampling == "SS" else pairs[0::2]
    return rows, np.asarray(fit_seeds[: len(rows)], dtype=np.int64)


def subsample_selection_counts(selector: Any, X: np.ndarray, y: Any, subsamples: np.ndarray,
                               seeds: Any, *, q: int, selection: str = "calibrated",
                               size_parameter: str = "n_features_to_select",
                               task: str = "classification") -> np.ndarray:
    """How many of ``subsamples`` (row-index arrays) select each feature of ``X``.

    ``selection="calibrated"``: a copy of ``selector`` with ``size_parameter = q`` and the
    subsample's seed is fitted on each subsample; ``"path"``: the LASSO path truncated when
    ``q`` features have entered (stabs' ``glmnet.lasso``;
    :func:`fsstab.selectors._lasso_path.path_selection_counts`). ``selector`` must serve
    ``task`` (its ``task`` parameter set).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import (FilterSelector, stability_subsamples,
    ...                               subsample_selection_counts)
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 6))
    >>> y = 3.0 * X[:, 0] + rng.normal(size=40)
    >>> rows, seeds = stability_subsamples(y, 4, 0, task="regression")
    >>> base = FilterSelector(method="pearson", task="regression")
    >>> subsample_selection_counts(base, X, y, rows, seeds, q=1, task="regression").tolist()
    [8.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    """
    from fsstab.selectors._lasso_path import path_selection_counts
    from fsstab.selectors._two_stage import fit_selection

    subsamples = np.asarray(subsamples)
    if selection == "path":
        return path_selection_counts(selector, X, y, subsamples, int(q))
    counts = np.zeros(X.shape[1])
    for rows, seed in zip(subsamples, np.asarray(seeds), strict=True):
        base = _configured_clone(selector, int(seed), **{size_parameter: int(q)})
        fitted = fit_selection(base, X[rows], y[rows]) if get_task(task).has_classes else \
            base.fit(X[rows], y[rows])
        counts += np.asarray(fitted.get_support(), dtype=bool)
    return counts


def checked_subsample_counts(counts: Any, n_features: int, n_fits: int) -> np.ndarray:
    """``counts`` as float64 if it holds, per feature, a whole number of at most ``n_fits``
    subsample fits (the ``subsample_counts`` of ``StabilitySelection.fit``); else a
    ``ValueError`` saying what is wrong."""
    values = np.asarray(counts, dtype=np.float64)
    if values.shape != (n_features,) or np.any(values < 0) or np.any(values > n_fits) or \
            np.any(values != np.round(values)):
        raise ValueError(
            f"subsample_counts must hold, per feature of X ({n_features}), a whole number of "
            f"the {n_fits} subsample fits; got shape {values.shape}")
    return values
