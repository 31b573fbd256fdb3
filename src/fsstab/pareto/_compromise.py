"""Choosing a compromise on the (accuracy, stability) front.

The convex-hull γ compromises of Hamer & Dupont (2021), §7.1, and ε-constraint selection,
Bommert (2020) Algorithm 3.2 (with the erratum in ``DEVELOPERS.md``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from fsstab.pareto._dominance import pareto_front
from fsstab.pareto._validation import (
    _as_pair,
    _distinct_consecutive,
    _table_points,
)
from fsstab.seeds import check_random_state

# Relative tolerance below which three points of a front count as collinear in the hull: float
# rounding must not turn a point lying on a hull edge into a (spurious) hull vertex or vice versa.
_COLLINEAR_RTOL = 1e-12


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


