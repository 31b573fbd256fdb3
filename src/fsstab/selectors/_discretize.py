"""Discretisation of continuous features for the information-theoretic filters.

Two schemes, as in the thesis (Bommert 2020, §3.1.6):

- equal-width binning into ``q = max(min(n/3, 10), 2)`` intervals (praznik, Kursa 2018), used by
  MIM, MRMR, JMI, JMIM, DISR, NJMIM and CMIM;
- the supervised minimum-description-length (MDL) discretisation of Fayyad & Irani (1993), used
  by chi-squared, oneR, info gain, gain ratio and symmetrical uncertainty (FSelector /
  FSelectorRcpp).

Both return integer codes ``0 .. n_levels[f] - 1`` per column plus the number of levels per
column, the input format of :mod:`fsstab.selectors._information`.
"""

from __future__ import annotations

import numpy as np

from fsstab.selectors._information import entropy_of_counts


def thesis_n_bins(n_samples: int) -> int:
    """Number of equal-width intervals used by praznik: ``max(min(n/3, 10), 2)`` (thesis §3.1.6).

    ``n/3`` is truncated to an integer because a number of intervals must be whole.
    """
    return max(min(n_samples // 3, 10), 2)


def equal_width_codes(X: np.ndarray, n_bins: int) -> tuple[np.ndarray, np.ndarray]:
    """Cut the range of every column into ``n_bins`` equally wide intervals (Kursa 2018).

    Interval ``b`` is ``[min + b w, min + (b + 1) w)`` with ``w = (max - min) / n_bins``; the
    maximum falls into the last interval. A constant column is a single level.

    Returns ``(codes, n_levels)``: codes of shape ``(n, d)`` in ``0 .. n_levels - 1`` and the number
    of levels of each column (``n_bins``, or 1 for a constant column).
    """
    if isinstance(n_bins, bool) or not isinstance(n_bins, int | np.integer) or n_bins < 2:
        raise ValueError(f"n_bins must be an integer >= 2; got {n_bins!r}")
    X = np.asarray(X, dtype=np.float64)
    low = X.min(axis=0)
    width = X.max(axis=0) - low
    constant = width == 0
    scale = np.where(constant, 0.0, n_bins / np.where(constant, 1.0, width))
    codes = np.floor((X - low) * scale).astype(np.int64)
    np.clip(codes, 0, n_bins - 1, out=codes)
    n_levels = np.where(constant, 1, n_bins).astype(np.int64)
    return codes, n_levels


def _class_entropy(counts: np.ndarray) -> np.ndarray:
    """Entropy (bits) of class-count rows ``counts[..., K]``."""
    return entropy_of_counts(counts, axis=-1)


def _mdl_accepted_cuts(
    X: np.ndarray, y: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Run Fayyad & Irani's recursive MDL splitting on all columns at once.

    The recursion is processed level by level: every pending interval of every column is searched
    for its best cut point in one vectorised pass (cumulative class counts of the sorted columns
    give the class counts on both sides of every candidate cut).

    Returns ``(order, x_sorted, cut_features, cut_positions)``: the column-wise sort order, the
    sorted values, and for every accepted cut its column and its position ``t`` in sorted order
    (the cut lies between sorted values ``t - 1`` and ``t``).
    """
    n, d = X.shape
    classes, y_codes = np.unique(y, return_inverse=True)
    n_classes = len(classes)
    order = np.argsort(X, axis=0, kind="stable")
    x_sorted = np.take_along_axis(X, order, axis=0)
    one_hot = np.zeros((n, d, n_classes), dtype=np.int64)
    one_hot[np.arange(n)[:, None], np.arange(d)[None, :], y_codes[order]] = 1
    cumulative = np.zeros((n + 1, d, n_classes), dtype=np.int64)
    np.cumsum(one_hot, axis=0, out=cumulative[1:])
    del one_hot

    cut_features: list[np.ndarray] = []
    cut_positions: list[np.ndarray] = []
    feature = np.arange(d)
    low = np.zeros(d, dtype=np.int64)
    high = np.full(d, n, dtype=np.int64)
    while feature.size:
        n_candidates = high - low - 1
        keep = n_candidates > 0
        feature, low, high, n_candidates = (
            feature[keep], low[keep], high[keep], n_candidates[keep]
        )
        if not feature.size:
            break
        segment = np.repeat(np.arange(feature.size), n_candidates)
        offsets = np.concatenate(([0], np.cumsum(n_candidates)[:-1]))
        position = low[segment] + 1 + (np.arange(segment.size) - offsets[segment])
        column = feature[segment]
        valid = x_sorted[position - 1, column] < x_sorted[position, column]

        total = cumulative[high, feature] - cumulative[low, feature]  # (m, K)
        left = cumulative[position, column] - cumulative[low[segment], column]
        right = total[segment] - left
        n_left = left.sum(axis=1)
        n_right = right.sum(axis=1)
        n_total = n_left + n_right
        split_entropy = (
            n_left * _class_entropy(left) + n_right * _class_entropy(right)
        ) / n_total
        split_entropy[~valid] = np.inf

        # first minimum per interval: sort by (interval, entropy, position)
        ranked = np.lexsort((position, split_entropy, segment))
        first = ranked[np.r_[True, segment[ranked][1:] != segment[ranked][:-1]]]
        best_segment = segment[first]
        has_cut = np.isfinite(split_entropy[first])
        first, best_segment = first[has_cut], best_segment[has_cut]

        # Fayyad & Irani (1993): accept iff Gain > log2(N - 1)/N + Δ/N,
        # Δ = log2(3^k - 2) - [k Ent(S) - k1 Ent(S1) - k2 Ent(S2)]
        counts = total[best_segment]
        n_interval = counts.sum(axis=1)
        entropy_all = _class_entropy(counts)
        entropy_left = _class_entropy(left[first])
        entropy_right = _class_entropy(right[first])
        k_all = (counts > 0).sum(axis=1)
        k_left = (left[first] > 0).sum(axis=1)
        k_right = (right[first] > 0).sum(axis=1)
        gain = entropy_all - split_entropy[first]
        delta = np.log2(3.0**k_all - 2) - (
            k_all * entropy_all - k_left * entropy_left - k_right * entropy_right
        )
        accept = gain > (np.log2(n_interval - 1) + delta) / n_interval

        accepted = first[accept]
        accepted_segment = best_segment[accept]
        cut_features.append(column[accepted])
        cut_positions.append(position[accepted])
        # children: [low, t) and [t, high)
        feature = np.concatenate((feature[accepted_segment], feature[accepted_segment]))
        new_low = np.concatenate((low[accepted_segment], position[accepted]))
        high = np.concatenate((position[accepted], high[accepted_segment]))
        low = new_low

    return (
        order,
        x_sorted,
        np.concatenate(cut_features).astype(np.int64) if cut_features else np.zeros(0, np.int64),
        np.concatenate(cut_positions).astype(np.int64) if cut_positions else np.zeros(0, np.int64),
    )


#: Bound on the entries of the cumulative class-count array of one block of columns.
_MDL_BLOCK_ENTRIES = 4_000_000


def _column_blocks(n_samples: int, n_features: int, n_classes: int) -> list[slice]:
    """Column blocks whose ``(n + 1) x block x K`` cumulative counts stay under the bound."""
    width = max(1, _MDL_BLOCK_ENTRIES // max(1, (n_samples + 1) * n_classes))
    return [slice(start, start + width) for start in range(0, n_features, width)]


def mdl_codes(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Discretise every column of ``X`` by Fayyad & Irani's (1993) MDL method (thesis §3.1.6).

    A column whose best cut does not pass the MDL criterion becomes a single level. Columns are
    processed in blocks to bound memory.

    Returns ``(codes, n_levels)`` as :func:`equal_width_codes`.
    """
    X = np.asarray(X, dtype=np.float64)
    n, d = X.shape
    codes = np.empty((n, d), dtype=np.int64)
    n_levels = np.ones(d, dtype=np.int64)
    for block in _column_blocks(n, d, np.unique(y).size):
        order, _, cut_features, cut_positions = _mdl_accepted_cuts(X[:, block], y)
        boundary = np.zeros(order.shape, dtype=np.int64)
        boundary[cut_positions, cut_features] = 1
        sorted_codes = np.cumsum(boundary, axis=0)
        block_codes = np.empty(order.shape, dtype=np.int64)
        np.put_along_axis(block_codes, order, sorted_codes, axis=0)
        codes[:, block] = block_codes
        if n:
            n_levels[block] = sorted_codes[-1] + 1
    return codes, n_levels


def mdl_cut_points(X: np.ndarray, y: np.ndarray) -> list[np.ndarray]:
    """Sorted MDL cut points of every column (midpoints between adjacent distinct values)."""
    X = np.asarray(X, dtype=np.float64)
    n, d = X.shape
    cuts: list[np.ndarray] = []
    for block in _column_blocks(n, d, np.unique(y).size):
        _, x_sorted, cut_features, cut_positions = _mdl_accepted_cuts(X[:, block], y)
        midpoints = 0.5 * (
            x_sorted[cut_positions - 1, cut_features] + x_sorted[cut_positions, cut_features]
        )
        cuts.extend(np.sort(midpoints[cut_features == f]) for f in range(x_sorted.shape[1]))
    return cuts
