"""Non-dominated points and ranks.

The Pareto-optimal points (Bommert 2020, §3.4.1), the PA-best configurations (§7.1) and the
non-dominated rank across data sets (Sechidis et al. 2019, §4.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.pareto._validation import (
    _as_maximize,
    _as_pair,
    _as_points,
    _oriented,
    _senses_from_mapping,
    _table_points,
)

# --------------------------------------------------------------------------------------------
# Non-dominated points
# --------------------------------------------------------------------------------------------


def _non_dominated_2d(points: np.ndarray) -> np.ndarray:
    """Non-dominated mask of maximised 2-D points in O(n log n) (sort + sweep).

    Sorted by decreasing first objective (then decreasing second), a point is non-dominated iff
    it has the largest second objective within its group of equal first objective *and* that
    value is strictly larger than the second objective of every point with a strictly larger
    first objective.
    """
    a, s = points[:, 0], points[:, 1]
    order = np.lexsort((-s, -a))
    a_sorted, s_sorted = a[order], s[order]
    new_group = np.ones(a_sorted.size, dtype=bool)
    new_group[1:] = a_sorted[1:] != a_sorted[:-1]
    group = np.cumsum(new_group) - 1
    group_best = s_sorted[new_group]
    best_before = np.empty_like(group_best)
    best_before[0] = -np.inf
    best_before[1:] = np.maximum.accumulate(group_best)[:-1]
    keep = (s_sorted == group_best[group]) & (group_best[group] > best_before[group])
    mask = np.empty(a.size, dtype=bool)
    mask[order] = keep
    return mask


def _non_dominated_nd(points: np.ndarray) -> np.ndarray:
    """Non-dominated mask of maximised points for ``t >= 3`` objectives.

    Points are visited in decreasing lexicographic order, so a point can only be dominated by
    one visited before it; and if it is dominated at all, it is dominated by a non-dominated one
    (dominance is transitive). Each point is therefore compared with the current front only:
    O(n · |front| · t).
    """
    order = np.lexsort(tuple(-points[:, j] for j in reversed(range(points.shape[1]))))
    front = np.empty_like(points)
    size = 0
    keep = np.zeros(points.shape[0], dtype=bool)
    for position, index in enumerate(order):
        p = points[index]
        current = front[:size]
        if not np.any(np.all(current >= p, axis=1) & np.any(current > p, axis=1)):
            keep[position] = True
            front[size] = p
            size += 1
    mask = np.empty(points.shape[0], dtype=bool)
    mask[order] = keep
    return mask


def non_dominated_mask(points: Any, *, maximize: bool | Sequence[bool] = True) -> np.ndarray:
    """Boolean mask of the Pareto-optimal (non-dominated) rows of an ``n x t`` matrix.

    Bommert (2020), §3.4.1: ``y`` dominates ``z`` iff ``y`` is at least as good in every
    objective and strictly better in one; the Pareto front is the set of points no other point
    dominates. Identical points (equal up to rounding, :mod:`fsstab.ties`) do not dominate each
    other, so every copy of a non-dominated point is kept.

    Parameters
    ----------
    points
        ``n x t`` objective values (a 1-D vector is one objective). Must be finite.
    maximize
        ``True`` (default) maximises every objective; a sequence of ``t`` bools sets the sense
        per objective (e.g. ``(True, True, False)`` for accuracy, stability and model size,
        Bommert 2020, §7.1).

    Returns
    -------
    ndarray of bool, shape (n,)

    Notes
    -----
    O(n log n) for ``t <= 2`` (sort and sweep); for ``t >= 3`` each point is compared with the
    current front after a lexicographic sort, O(n · |front| · t).
    """
    pts = _as_points(points)
    sense = _as_maximize(maximize, pts.shape[1])
    oriented = _oriented(pts, sense)
    if pts.shape[0] == 0:
        return np.zeros(0, dtype=bool)
    if pts.shape[1] == 1:
        return oriented[:, 0] == oriented[:, 0].max()
    if pts.shape[1] == 2:
        return _non_dominated_2d(oriented)
    return _non_dominated_nd(oriented)


def pareto_front(
    x: Any, y: Any, *, maximize: bool | Sequence[bool] = (True, True)
) -> np.ndarray:
    """Indices of the 2-D Pareto front, sorted by increasing ``x`` (ties by index).

    With both objectives maximised -- e.g. ``x`` = accuracy, ``y`` = stability -- the front runs
    from the most stable to the most accurate configuration: ``x`` increases and ``y`` strictly
    decreases along it, except between duplicates, which are listed consecutively.
    """
    xv, yv = _as_pair(x, y, "x", "y", nonempty=False)
    mask = non_dominated_mask(np.column_stack([xv, yv]), maximize=maximize)
    idx = np.flatnonzero(mask)
    return idx[np.argsort(xv[idx], kind="stable")]


def pa_best_mask(
    points: Any,
    *,
    maximize: bool | Sequence[bool] = True,
    accuracy_column: int = 0,
    tolerance: float = 0.05,
) -> np.ndarray:
    """Pareto-optimal rows whose accuracy is at least ``acc.max − tolerance``.

    Bommert (2020), §7.1: the "PA-best" configurations are the Pareto-optimal configurations
    (accuracy and stability maximised, number of selected features minimised) whose predictive
    accuracy is not lower than ``acc.max − 0.05``, ``acc.max`` being the best accuracy observed.
    """
    pts = _as_points(points)
    if not 0 <= accuracy_column < pts.shape[1]:
        raise ValueError(
            f"accuracy_column must index one of the {pts.shape[1]} objectives, "
            f"got {accuracy_column!r}"
        )
    if not np.isfinite(tolerance) or tolerance < 0:
        raise ValueError(f"tolerance must be a finite number >= 0, got {tolerance!r}")
    mask = non_dominated_mask(pts, maximize=maximize)
    if pts.shape[0] == 0:
        return mask
    accuracy = pts[:, accuracy_column]
    return mask & (accuracy >= accuracy.max() - tolerance)


def pareto_optimal(table: pd.DataFrame, objectives: Mapping[str, str]) -> pd.Series:
    """Boolean Series: which rows of ``table`` are Pareto-optimal for the given objectives.

    ``objectives`` maps column names to ``"max"`` or ``"min"``, e.g.
    ``{"accuracy": "max", "stability": "max", "mean_size": "min"}``.
    """
    columns, maximize = _senses_from_mapping(objectives)
    points = _table_points(table, columns, "table")
    return pd.Series(non_dominated_mask(points, maximize=maximize), index=table.index,
                     name="pareto_optimal")



# --------------------------------------------------------------------------------------------
# Non-dominated rank across data sets, Sechidis et al. (2019) §4.1
# --------------------------------------------------------------------------------------------


def dominator_counts(points: Any, *, maximize: bool | Sequence[bool] = True) -> np.ndarray:
    """For every point, the number of *other* points that dominate it (0 = Pareto-optimal).

    Sechidis et al. (2019), §4.1: "the number of other criteria which dominate a given
    criterion, in the Pareto-optimal sense". O(n² t), vectorised in row blocks.
    """
    raw = _as_points(points)
    pts = _oriented(raw, _as_maximize(maximize, raw.shape[1]))
    n, t = pts.shape
    counts = np.zeros(n, dtype=np.int64)
    block = max(1, 4_000_000 // max(1, n * t))
    for start in range(0, n, block):
        q = pts[start:start + block, None, :]  # candidate dominated points
        dominated_by = np.all(pts[None, :, :] >= q, axis=2) & np.any(pts[None, :, :] > q, axis=2)
        counts[start:start + block] = dominated_by.sum(axis=1)
    return counts


def non_dominated_rank(
    table: pd.DataFrame,
    *,
    method: str,
    dataset: str,
    objectives: Mapping[str, str],
) -> pd.Series:
    """Mean non-dominated rank of every method across data sets (Sechidis et al. 2019, Table 2).

    Per data set, the rank of a method is one plus the number of other methods that dominate it
    in the objectives (Pareto-optimal methods have rank 1), averaged over the data sets. The
    text of §4.1 defines the count of dominating methods; Table 2 reports values "closer to 1.0"
    for better trade-offs and its best entry is 1.6 for MIM, which Table 1 lists as Pareto-optimal
    on 8 of the 10 data sets -- impossible for a plain count (8 zeros would need the other two
    data sets to average 8 dominators among 6 other methods) but consistent with
    ``1 + count``.

    Parameters
    ----------
    table
        One row per (method, data set) with the objective columns.
    method, dataset
        Names of the columns identifying the method and the data set.
    objectives
        Column → ``"max"`` / ``"min"``, e.g. ``{"accuracy": "max", "stability": "max"}``.

    Returns
    -------
    Series
        Indexed by method (sorted by rank, then name), named ``non_dominated_rank``.

    Raises
    ------
    ValueError
        If a (method, data set) pair is repeated or missing: every method must be evaluated on
        every data set for the average to be comparable.
    """
    columns, maximize = _senses_from_mapping(objectives)
    for column in (method, dataset):
        if column not in table.columns:
            raise ValueError(
                f"table has no column {column!r}; available columns: {list(table.columns)}"
            )
    repeated = table.duplicated([method, dataset], keep=False)
    if repeated.any():
        row = table.loc[repeated].iloc[0]
        raise ValueError(
            f"method {row[method]!r} appears more than once for data set {row[dataset]!r}"
        )
    methods = pd.unique(table[method])
    ranks: dict[Any, list[int]] = {m: [] for m in methods}
    for name, group in table.groupby(dataset, sort=True):
        absent = sorted(set(map(str, methods)) - set(map(str, group[method])))
        if absent:
            raise ValueError(
                f"data set {name!r} has no result for method(s) {absent}; the non-dominated "
                "rank averages over data sets where every method was evaluated"
            )
        counts = dominator_counts(_table_points(group, columns, "table"), maximize=maximize)
        for m, c in zip(group[method], counts, strict=True):
            ranks[m].append(1 + int(c))
    result = pd.Series({m: float(np.mean(r)) for m, r in ranks.items()}, name="non_dominated_rank")
    result.index.name = method
    order = sorted(result.index, key=lambda m: (result[m], str(m)))
    return result.loc[order]


