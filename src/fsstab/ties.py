"""Equal scores compare equal: merging values that differ only by floating-point rounding.

A mean accuracy is a ratio of counts -- e.g. 422 correct predictions out of 50 resamples × 9
held-out rows -- but it is computed as a float mean of per-resample ratios, and the rounding of
that mean depends on the order of the terms: the same 422/450 comes out as
0.9377777777777776, 0.9377777777777777 or 0.9377777777777778 for different configurations
(different orders of the same per-resample accuracies). Compared exactly, one of them
"dominates" another by 1e-16. The same holds for stabilities computed from counts (φ = 1 as
1 − 1e-16) and for any other averaged score.

:func:`merge_ties` therefore maps every group of values that lie within
:data:`TIE_TOLERANCE` of each other (relative to ``max(1, |value|)``) onto one value, the
group's smallest, and leaves every other value untouched; comparisons made afterwards are
exact. The tolerance, 1e-10, is

- far above the rounding of a mean of floats: summing M terms of size ≤ 1 errs by at most
  about M · 2.2e-16 relative (2.2e-12 for M = 10 000 resamples);
- far below one sample: moving one held-out prediction changes a mean accuracy by
  1 / (M · n_test), which is above 1e-10 unless M · n_test exceeds 10^10.

Groups are formed by single linkage on the sorted values (consecutive values within the
tolerance belong to the same group), so the merge does not depend on the order of the input.
:mod:`fsstab.pareto` merges every objective with it before any comparison: Pareto fronts,
convex-hull compromises, γ and ε-constraint choices, non-dominated ranks and dominated areas
all treat such values as ties.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["TIE_TOLERANCE", "merge_ties"]

#: Relative tolerance (to ``max(1, |value|)``) below which two values are the same value.
TIE_TOLERANCE = 1e-10


def merge_ties(values: Any, *, tolerance: float = TIE_TOLERANCE) -> np.ndarray:
    """Replace every group of values equal up to ``tolerance`` by the group's smallest value.

    Parameters
    ----------
    values
        A 1-D vector, or an ``n x t`` matrix whose columns are merged separately (one
        objective per column). Non-finite values (NaN: not evaluated) are left as they are and
        tie with nothing.
    tolerance
        Two consecutive sorted values ``a <= b`` are tied when
        ``b − a <= tolerance · max(1, |a|, |b|)`` (default :data:`TIE_TOLERANCE`).

    Returns
    -------
    ndarray of float64
        Same shape; values not tied to any other are returned unchanged (bit for bit).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.ties import merge_ties
    >>> a = np.array([0.9377777777777777, 0.9377777777777778, 0.9377777777777776, 0.9])
    >>> merge_ties(a).tolist()
    [0.9377777777777776, 0.9377777777777776, 0.9377777777777776, 0.9]
    >>> bool(merge_ties(a)[0] > merge_ties(a)[2])
    False
    """
    if not np.isfinite(tolerance) or tolerance < 0:
        raise ValueError(f"tolerance must be a finite number >= 0, got {tolerance!r}")
    arr = np.array(values, dtype=np.float64)
    if arr.ndim == 1:
        return _merge_column(arr, tolerance)
    if arr.ndim != 2:
        raise ValueError(f"values must be a vector or an n x t matrix, got {arr.ndim}-d")
    for j in range(arr.shape[1]):
        arr[:, j] = _merge_column(arr[:, j], tolerance)
    return arr


def _merge_column(column: np.ndarray, tolerance: float) -> np.ndarray:
    merged = column.copy()
    finite = np.flatnonzero(np.isfinite(column))
    if finite.size < 2:
        return merged
    order = finite[np.argsort(column[finite], kind="stable")]
    ordered = column[order]
    scale = np.maximum(1.0, np.maximum(np.abs(ordered[1:]), np.abs(ordered[:-1])))
    starts_group = np.ones(ordered.size, dtype=bool)
    starts_group[1:] = np.diff(ordered) > tolerance * scale
    group = np.cumsum(starts_group) - 1
    merged[order] = ordered[starts_group][group]
    return merged
