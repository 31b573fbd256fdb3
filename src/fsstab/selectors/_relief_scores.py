"""ReliefF feature weights with K nearest hits and misses of equal influence.

Kira & Rendell (1992) as extended to K neighbours and several classes by Kononenko (1994), in the
variant Hamer & Dupont (2021, §7.2.5) use through CORElearn (estimator ``"ReliefFequalK"``):
every training instance ``R_i`` is visited once (CORElearn's default ``ReliefIterations = 0``),
its K nearest hits ``H_j`` and, for every other class ``C``, its K nearest misses ``M_j(C)`` are
found with the Manhattan distance of the per-feature differences, and

``W[A] = (1/m) Σ_i [ -Σ_j diff(A, R_i, H_j)/k_H + Σ_{C ≠ cl(R_i)} P(C)/(1 - P(cl(R_i)))
Σ_j diff(A, R_i, M_j(C))/k_C ]``,

where ``k_H``, ``k_C`` are the numbers of neighbours actually available (at most K) and
``diff(A, a, b) = |a_A - b_A| / (max_A - min_A)``. Optionally ``diff`` is CORElearn's ramp
function (0 below a fraction ``t_eq`` of the range, 1 above ``t_diff``, linear in between).
"""

from __future__ import annotations

import numpy as np
from scipy.spatial.distance import cdist

from fsstab.selectors._common import check_positive_int


def _check_ramp(ramp: tuple[float, float] | None) -> tuple[float, float] | None:
    if ramp is None:
        return None
    try:
        t_equal, t_different = (float(v) for v in ramp)
    except (TypeError, ValueError) as error:
        raise ValueError(
            f"ramp must be None or a pair (t_equal, t_different); got {ramp!r}"
        ) from error
    if not 0 <= t_equal <= t_different <= 1:
        raise ValueError(f"ramp must satisfy 0 <= t_equal <= t_different <= 1; got {ramp!r}")
    return t_equal, t_different


def _apply_ramp(normalised_difference: np.ndarray, ramp: tuple[float, float] | None) -> np.ndarray:
    """Per-feature ``diff`` from the range-normalised absolute difference."""
    if ramp is None:
        return normalised_difference
    t_equal, t_different = ramp
    out = np.zeros_like(normalised_difference)
    if t_different > t_equal:
        middle = (normalised_difference > t_equal) & (normalised_difference < t_different)
        out[middle] = (normalised_difference[middle] - t_equal) / (t_different - t_equal)
    out[normalised_difference >= t_different] = 1.0
    return out


def _pairwise_distances(
    X_normalised: np.ndarray, ramp: tuple[float, float] | None, chunk: int = 64
) -> np.ndarray:
    """Manhattan distance of the per-feature ``diff`` between all pairs of instances."""
    if ramp is None:
        return cdist(X_normalised, X_normalised, metric="cityblock")
    n = X_normalised.shape[0]
    distances = np.empty((n, n))
    for start in range(0, n, chunk):  # chunks bound the (chunk, n, d) temporary
        block = np.abs(X_normalised[start : start + chunk, None, :] - X_normalised[None, :, :])
        distances[start : start + chunk] = _apply_ramp(block, ramp).sum(axis=2)
    return distances


def nearest_by_class(
    distances: np.ndarray, y: np.ndarray, n_classes: int, n_neighbors: int
) -> tuple[np.ndarray, np.ndarray]:
    """Indices of the ``n_neighbors`` nearest instances of every class for every instance.

    Returns ``(neighbors, valid)`` of shape ``(n, n_classes, n_neighbors)``: an instance is never
    its own neighbour, ties in distance are broken by the lower index, and ``valid`` is False
    where a class has fewer candidates than ``n_neighbors``.
    """
    n = distances.shape[0]
    neighbors = np.zeros((n, n_classes, n_neighbors), dtype=np.int64)
    valid = np.zeros((n, n_classes, n_neighbors), dtype=bool)
    own = distances.copy()
    np.fill_diagonal(own, np.inf)
    for c in range(n_classes):
        members = np.flatnonzero(y == c)
        take = min(n_neighbors, members.size)
        if take == 0:
            continue
        order = np.argsort(own[:, members], axis=1, kind="stable")[:, :take]
        neighbors[:, c, :take] = members[order]
        valid[:, c, :take] = np.isfinite(np.take_along_axis(own[:, members], order, axis=1))
    return neighbors, valid


def relief_scores(
    X: np.ndarray,
    y: np.ndarray,
    n_neighbors: int = 10,
    ramp: tuple[float, float] | None = None,
) -> np.ndarray:
    """ReliefF weights with K equally weighted nearest hits/misses (Hamer & Dupont 2021, §7.2.5).

    ``y`` holds class codes ``0 .. K-1``; see the module docstring for the formula. A constant
    feature has weight 0. Cost: ``O(n² d)`` for the distances plus ``O(K · classes · n d)``.
    """
    n_neighbors = check_positive_int(n_neighbors, "n_neighbors")
    ramp = _check_ramp(ramp)
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.int64)
    n = X.shape[0]
    n_classes = int(y.max()) + 1
    low = X.min(axis=0)
    value_range = X.max(axis=0) - low
    scale = np.where(value_range > 0, 1.0 / np.where(value_range > 0, value_range, 1.0), 0.0)
    X_normalised = (X - low) * scale

    neighbors, valid = nearest_by_class(
        _pairwise_distances(X_normalised, ramp), y, n_classes, n_neighbors
    )
    prior = np.bincount(y, minlength=n_classes) / n
    n_found = valid.sum(axis=2)  # (n, classes)
    is_hit = np.arange(n_classes)[None, :] == y[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        miss_weight = prior[None, :] / (1.0 - prior[y])[:, None]
        class_weight = np.where(is_hit, -1.0, miss_weight) / n_found
    class_weight = np.where(n_found > 0, class_weight, 0.0)

    weights = np.zeros(X.shape[1])
    for c in range(n_classes):
        for r in range(n_neighbors):
            w = np.where(valid[:, c, r], class_weight[:, c], 0.0)
            if not np.any(w):
                continue
            diff = _apply_ramp(np.abs(X_normalised - X_normalised[neighbors[:, c, r]]), ramp)
            weights += w @ diff
    return weights / n
