"""Pareto analysis of (accuracy, stability) trade-offs and the choice of a compromise.

Pure functions over NumPy arrays (and thin :mod:`pandas` wrappers for tables of configurations):

- :func:`non_dominated_mask` -- Pareto-optimal points for ``t`` objectives (Bommert 2020, §3.4.1);
- :func:`pareto_front` -- the 2-D Pareto front, sorted;
- :func:`convex_hull_front` and :func:`hull_gamma_intervals` -- the compromises maximising
  ``o(A, S) = γA + (1 − γ)S`` and the closed interval of γ on which each is optimal (Hamer &
  Dupont 2021, §7.1); :func:`choose_by_gamma` -- the compromise chosen for a given γ;
- :func:`epsilon_constraint_selection` -- Bommert (2020), Algorithm 3.2 (with the erratum in
  ``DEVELOPERS.md``);
- :func:`pa_best_mask` -- the "PA-best" configurations of Bommert (2020), §7.1;
- :func:`dominator_counts` and :func:`non_dominated_rank` -- Sechidis et al. (2019), §4.1, Table 2;
- :func:`dominated_area` and :func:`dominated_region` -- the area a 2-D front dominates with
  respect to a reference point (the shaded regions of Hamer & Dupont 2021, Fig. 9).

Dominance (Bommert 2020, §3.4.1): with every objective maximised, ``y`` dominates ``z`` iff
``y_i >= z_i`` for all ``i`` and ``y_j > z_j`` for some ``j``. Consequently **identical points
never dominate each other**: duplicates of a non-dominated point are all non-dominated and are
all reported (they are distinct configurations that reach the same trade-off). Values equal up to
rounding are equal: every objective passes :func:`fsstab.ties.merge_ties` before any comparison.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd

from fsstab.seeds import check_random_state
from fsstab.ties import merge_ties

Sense = Literal["max", "min"]
_SENSES: tuple[str, ...] = ("max", "min")

# Relative tolerance below which three points of a front count as collinear in the hull: float
# rounding must not turn a point lying on a hull edge into a (spurious) hull vertex or vice versa.
_COLLINEAR_RTOL = 1e-12


# --------------------------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------------------------


def _as_points(points: Any, name: str = "points") -> np.ndarray:
    """Validate an ``n x t`` matrix of objective values (finite, ``t >= 1``), ties merged."""
    try:
        arr = np.asarray(points, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be a numeric n x t matrix ({exc})") from None
    if arr.ndim == 1:
        arr = arr[:, None]
    if arr.ndim != 2:
        raise ValueError(f"{name} must be an n x t matrix (points x objectives), got {arr.ndim}-d")
    if arr.shape[1] < 1:
        raise ValueError(f"{name} has no objective (t = 0 columns)")
    bad = ~np.isfinite(arr)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        raise ValueError(
            f"{name}[{i}, {j}] = {float(arr[i, j])!r}; objective values must be finite (drop or "
            "impute undefined stabilities before the Pareto analysis)"
        )
    return merge_ties(arr)


def _as_vector(values: Any, name: str) -> np.ndarray:
    """Validate a 1-D vector of finite floats."""
    try:
        arr = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be a numeric vector ({exc})") from None
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-dimensional, got shape {arr.shape}")
    bad = ~np.isfinite(arr)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"{name}[{i}] = {float(arr[i])!r}; values must be finite")
    return arr


def _as_pair(x: Any, y: Any, x_name: str, y_name: str, *, nonempty: bool) -> tuple[
    np.ndarray, np.ndarray
]:
    xv, yv = _as_vector(x, x_name), _as_vector(y, y_name)
    if xv.shape != yv.shape:
        raise ValueError(
            f"{x_name} and {y_name} must have the same length, got {xv.size} and {yv.size}"
        )
    if nonempty and xv.size == 0:
        raise ValueError(f"{x_name} and {y_name} are empty; there is no configuration to choose")
    return merge_ties(xv), merge_ties(yv)


def _as_maximize(maximize: bool | Sequence[bool], t: int) -> np.ndarray:
    """Expand the per-objective sense to a boolean vector of length ``t``."""
    if isinstance(maximize, bool | np.bool_):
        return np.full(t, bool(maximize))
    flags = list(maximize)
    if len(flags) != t or not all(isinstance(f, bool | np.bool_) for f in flags):
        raise ValueError(
            f"maximize must be a bool or a sequence of {t} bools (one per objective), "
            f"got {maximize!r}"
        )
    return np.asarray(flags, dtype=bool)


def _distinct_consecutive(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Mask of the first point of every run of identical consecutive (x, y) points."""
    first = np.ones(x.size, dtype=bool)
    first[1:] = (x[1:] != x[:-1]) | (y[1:] != y[:-1])
    return first


def _oriented(points: np.ndarray, maximize: np.ndarray) -> np.ndarray:
    """Flip minimised objectives so that every objective is maximised."""
    return np.where(maximize, points, -points)


def _senses_from_mapping(objectives: Mapping[str, str], name: str = "objectives") -> tuple[
    list[str], list[bool]
]:
    if not objectives:
        raise ValueError(f"{name} must map at least one column to 'max' or 'min'")
    columns, maximize = [], []
    for column, sense in objectives.items():
        if sense not in _SENSES:
            raise ValueError(
                f"{name}[{column!r}] must be 'max' or 'min', got {sense!r}"
            )
        columns.append(column)
        maximize.append(sense == "max")
    return columns, maximize


def _table_points(table: pd.DataFrame, columns: Sequence[str], name: str) -> np.ndarray:
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(
            f"{name} has no column(s) {missing}; available columns: {list(table.columns)}"
        )
    return _as_points(table[list(columns)].to_numpy(dtype=np.float64), name=name)


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
# Convex hull and the γ compromises of Hamer & Dupont (2021), §7.1
# --------------------------------------------------------------------------------------------


class GammaIntervals(NamedTuple):
    """Hull compromises and the closed γ interval on which each maximises γA + (1 − γ)S.

    ``index`` are positions in the input arrays, sorted by increasing accuracy (equivalently
    increasing γ); duplicates of a hull point share its interval.
    """

    index: np.ndarray
    gamma_lo: np.ndarray
    gamma_hi: np.ndarray


def _hull_vertices(front_x: np.ndarray, front_y: np.ndarray, include_collinear: bool) -> list[int]:
    """Upper hull (monotone chain) of distinct front points sorted by increasing x.

    A middle point ``a`` between ``o`` and ``b`` lies strictly below the chord ``o → b`` iff the
    cross product (a − o) × (b − o) is positive; such points can never maximise a linear
    objective with non-negative weights and are removed. Cross products within a relative
    tolerance of zero count as collinear.
    """
    hull: list[int] = []
    for k in range(front_x.size):
        while len(hull) >= 2:
            o, a = hull[-2], hull[-1]
            ax, ay = front_x[a] - front_x[o], front_y[a] - front_y[o]
            bx, by = front_x[k] - front_x[o], front_y[k] - front_y[o]
            cross = ax * by - ay * bx
            scale = _COLLINEAR_RTOL * np.hypot(ax, ay) * np.hypot(bx, by)
            if cross > scale or (not include_collinear and cross >= -scale):
                hull.pop()
            else:
                break
        hull.append(k)
    return hull


def hull_gamma_intervals(
    accuracy: Any, stability: Any, *, include_collinear: bool = True
) -> GammaIntervals:
    """The convex-hull compromises of the (accuracy, stability) Pareto front and their γ ranges.

    Hamer & Dupont (2021), §7.1: a domain expert maximises ``o(A, S) = γA + (1 − γ)S`` with
    ``0 <= γ <= 1`` expressing the affinity for accuracy; only points on the upper-right convex
    hull of the Pareto front can be optimal. Between consecutive hull points ``i`` (more
    stable) and ``i + 1`` (more accurate) the optimum switches at

        γ_{i,i+1} = ΔS / (ΔA + ΔS),   ΔS = S_i − S_{i+1} > 0,  ΔA = A_{i+1} − A_i > 0,

    where ``o`` is equal at both points ("a point in accuracy is sacrificed if stability
    increases by more than γ / (1 − γ)"). Hull point ``i`` maximises ``o`` exactly on the closed
    interval ``[γ_{i−1,i}, γ_{i,i+1}]``, with ``γ = 0`` for the most stable and ``γ = 1`` for the
    most accurate point. A single front point gets ``[0, 1]``.

    Parameters
    ----------
    accuracy, stability
        One value per configuration (both maximised).
    include_collinear
        Points lying on a hull edge maximise ``o`` for exactly one γ (the edge's), so they are
        compromises "for some γ" and are included by default with the degenerate interval
        ``[γ, γ]``; ``False`` keeps only hull vertices.

    Returns
    -------
    GammaIntervals
        ``index`` (sorted by increasing accuracy), ``gamma_lo``, ``gamma_hi``.
    """
    acc, stab = _as_pair(accuracy, stability, "accuracy", "stability", nonempty=False)
    front = pareto_front(acc, stab)
    if front.size == 0:
        empty = np.zeros(0)
        return GammaIntervals(front, empty, empty)
    # Duplicates are one point of the hull; remember which input rows share it.
    fx, fy = acc[front], stab[front]
    distinct = _distinct_consecutive(fx, fy)
    point_of_row = np.cumsum(distinct) - 1
    px, py = fx[distinct], fy[distinct]

    vertices = _hull_vertices(px, py, include_collinear)
    hx, hy = px[vertices], py[vertices]
    d_stab = hy[:-1] - hy[1:]
    d_acc = hx[1:] - hx[:-1]
    breaks = d_stab / (d_acc + d_stab)
    # Collinear points give (almost) equal consecutive breakpoints; rounding must not make an
    # interval's ends cross.
    breaks = np.minimum(np.maximum.accumulate(breaks), 1.0)
    lo = np.concatenate([[0.0], breaks])
    hi = np.concatenate([breaks, [1.0]])

    vertex_lo = np.full(px.size, np.nan)
    vertex_hi = np.full(px.size, np.nan)
    vertex_lo[vertices], vertex_hi[vertices] = lo, hi
    on_hull = ~np.isnan(vertex_lo[point_of_row])
    return GammaIntervals(
        front[on_hull], vertex_lo[point_of_row[on_hull]], vertex_hi[point_of_row[on_hull]]
    )


def convex_hull_front(
    accuracy: Any, stability: Any, *, include_collinear: bool = True
) -> np.ndarray:
    """Indices of the upper-right convex hull of the Pareto front, by increasing accuracy.

    These are the compromises maximising ``γA + (1 − γ)S`` for some ``0 <= γ <= 1`` (Hamer &
    Dupont 2021, §7.1; the circled points of Fig. 11). See :func:`hull_gamma_intervals`.
    """
    return hull_gamma_intervals(accuracy, stability, include_collinear=include_collinear).index


def choose_by_gamma(accuracy: Any, stability: Any, gamma: float | Any) -> int | np.ndarray:
    """The configuration maximising ``γA + (1 − γ)S`` (Hamer & Dupont 2021, §7.1).

    Ties are resolved deterministically: at a breakpoint γ, where two hull points are equally
    good, the **more accurate** one is chosen (the paper sacrifices accuracy only if stability
    increases by *more than* γ / (1 − γ)); among identical points the first row is chosen.

    Parameters
    ----------
    gamma
        A number in [0, 1] or an array of them.

    Returns
    -------
    int or ndarray of int
        Row index (or indices, one per γ) into the input arrays.
    """
    g = np.asarray(gamma, dtype=np.float64)
    if not np.all(np.isfinite(g)) or np.any((g < 0) | (g > 1)):
        raise ValueError(f"gamma must lie in [0, 1], got {gamma!r}")
    acc, stab = _as_pair(accuracy, stability, "accuracy", "stability", nonempty=True)
    intervals = hull_gamma_intervals(acc, stab)
    # One entry per distinct hull point: the first (lowest) row among duplicates.
    index, lo = intervals.index, intervals.gamma_lo
    starts = np.flatnonzero(_distinct_consecutive(acc[index], stab[index]))
    group_first_row = np.minimum.reduceat(index, starts)
    position = np.searchsorted(lo[starts], g, side="right") - 1
    chosen = group_first_row[position]
    return int(chosen) if chosen.ndim == 0 else chosen


def hull_compromises(
    table: pd.DataFrame,
    accuracy: str,
    stability: str,
    *,
    include_collinear: bool = True,
) -> pd.DataFrame:
    """The rows of ``table`` on the convex hull of the (accuracy, stability) Pareto front.

    Returns those rows (sorted by increasing accuracy) with two added columns ``gamma_lo`` and
    ``gamma_hi``: the closed γ interval on which the row maximises ``γA + (1 − γ)S`` (Hamer &
    Dupont 2021, §7.1). The table of chosen compromises of issue 5 is this frame.
    """
    points = _table_points(table, [accuracy, stability], "table")
    intervals = hull_gamma_intervals(
        points[:, 0], points[:, 1], include_collinear=include_collinear
    )
    out = table.iloc[intervals.index].copy()
    out["gamma_lo"] = intervals.gamma_lo
    out["gamma_hi"] = intervals.gamma_hi
    return out


# --------------------------------------------------------------------------------------------
# ε-constraint selection, Bommert (2020) Algorithm 3.2
# --------------------------------------------------------------------------------------------


def epsilon_constraint_selection(
    accuracy: Any,
    stability: Any,
    *,
    acc_const: float,
    stab_const: float,
    random_state: Any = None,
) -> int:
    """Choose one configuration by ε-constraint selection (Bommert 2020, Algorithm 3.2).

    1. ``acc.max`` = the best accuracy; drop configurations with accuracy < ``acc.max −
       acc_const``.
    2. ``stab.max`` = the best remaining stability; drop those with stability < ``stab.max −
       stab_const`` (thresholds as in the erratum of ``DEVELOPERS.md``).
    3. Keep the most accurate of the remaining ones; if several, the most stable of those.
    4. If several are still left (identical accuracy and stability), choose one at random.

    The thesis uses ``acc_const = 0.025`` and ``stab_const = 0.1`` (§8.2). Comparisons are exact,
    as written in the algorithm, once values equal up to rounding are merged (:mod:`fsstab.ties`).

    Parameters
    ----------
    acc_const, stab_const
        The constants of Algorithm 3.2, in [0, 1].
    random_state
        Seed or generator for the final random tie-break (scikit-learn ``check_random_state``
        semantics); the same seed always picks the same configuration.

    Returns
    -------
    int
        Row index of the chosen configuration.
    """
    acc, stab = _as_pair(accuracy, stability, "accuracy", "stability", nonempty=True)
    for name, value in (("acc_const", acc_const), ("stab_const", stab_const)):
        if not np.isfinite(value) or not 0 <= value <= 1:
            raise ValueError(f"{name} must lie in [0, 1] (Bommert 2020, Alg. 3.2), got {value!r}")
    candidates = np.arange(acc.size)
    candidates = candidates[acc[candidates] >= acc.max() - acc_const]
    stab_max = stab[candidates].max()
    candidates = candidates[stab[candidates] >= stab_max - stab_const]
    candidates = candidates[acc[candidates] >= acc[candidates].max()]
    if candidates.size > 1:
        candidates = candidates[stab[candidates] >= stab[candidates].max()]
    if candidates.size > 1:
        rng = check_random_state(random_state)
        return int(candidates[rng.randint(candidates.size)])
    return int(candidates[0])


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


# --------------------------------------------------------------------------------------------
# Dominated area (2-D hypervolume), Hamer & Dupont (2021) Fig. 9
# --------------------------------------------------------------------------------------------


def _front_beyond_reference(
    x: Any, y: Any, reference: Any, maximize: bool | Sequence[bool]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Distinct front points better than ``reference`` in both objectives, oriented to max.

    Returns ``(front_x, front_y, oriented_reference, sign)`` with the front sorted by increasing
    oriented ``x``; ``sign`` maps oriented coordinates back to the original units.
    """
    xv, yv = _as_pair(x, y, "x", "y", nonempty=False)
    ref = _as_vector(reference, "reference")
    if ref.size != 2:
        raise ValueError(f"reference must be a point (x, y), got {reference!r}")
    sign = np.where(_as_maximize(maximize, 2), 1.0, -1.0)
    ox, oy, oref = xv * sign[0], yv * sign[1], ref * sign
    better = (ox > oref[0]) & (oy > oref[1])
    ox, oy = ox[better], oy[better]
    front = pareto_front(ox, oy)
    fx, fy = ox[front], oy[front]
    distinct = _distinct_consecutive(fx, fy)
    return fx[distinct], fy[distinct], oref, sign


def dominated_region(
    x: Any,
    y: Any,
    reference: Any,
    *,
    maximize: bool | Sequence[bool] = (True, True),
) -> tuple[np.ndarray, np.ndarray]:
    """Vertices of the staircase polygon a 2-D point set dominates with respect to ``reference``.

    The region is the union of the boxes spanned by ``reference`` and each point that is better
    than it in both objectives (Hamer & Dupont 2021, Fig. 9). Vertices are in the original
    units, in drawing order ``r → (r_x, y_1) → (x_1, y_1) → (x_1, y_2) → … → (x_m, r_y) → r``;
    an empty region gives empty arrays.
    """
    fx, fy, (rx, ry), sign = _front_beyond_reference(x, y, reference, maximize)
    if fx.size == 0:
        return np.zeros(0), np.zeros(0)
    xs = np.concatenate([[rx, rx], np.repeat(fx, 2), [rx]])
    ys = np.concatenate([[ry, fy[0]], np.column_stack([fy, np.append(fy[1:], ry)]).ravel(), [ry]])
    return xs * sign[0], ys * sign[1]


def dominated_area(
    x: Any,
    y: Any,
    reference: Any,
    *,
    maximize: bool | Sequence[bool] = (True, True),
) -> float:
    """Area dominated by a 2-D point set with respect to ``reference`` (the 2-D hypervolume).

    With both objectives maximised and the Pareto front sorted by increasing ``x`` (so ``y``
    decreasing), the area is ``Σ_i (x_i − x_{i−1}) (y_i − r_y)`` with ``x_0 = r_x``, counting
    only points better than the reference in both objectives. Hamer & Dupont (2021), Fig. 9
    compares methods by the areas their Pareto fronts dominate. O(n log n).
    """
    fx, fy, (rx, ry), _ = _front_beyond_reference(x, y, reference, maximize)
    widths = np.diff(np.concatenate([[rx], fx]))
    return float(np.sum(widths * (fy - ry)))


__all__ = [
    "GammaIntervals",
    "choose_by_gamma",
    "convex_hull_front",
    "dominated_area",
    "dominated_region",
    "dominator_counts",
    "epsilon_constraint_selection",
    "hull_compromises",
    "hull_gamma_intervals",
    "non_dominated_mask",
    "non_dominated_rank",
    "pa_best_mask",
    "pareto_front",
    "pareto_optimal",
]
