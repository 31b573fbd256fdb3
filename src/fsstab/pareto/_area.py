"""Dominated area (2-D hypervolume) and the region it covers, Hamer & Dupont (2021) Fig. 9."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from fsstab.pareto._dominance import pareto_front
from fsstab.pareto._validation import (
    _as_maximize,
    _as_pair,
    _as_vector,
    _distinct_consecutive,
)


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

