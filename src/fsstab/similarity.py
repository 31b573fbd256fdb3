"""Feature-similarity matrices C for the adjusted stability measures.

Two sources of similarity between features:

- the training data: the absolute Pearson or Spearman correlation of every pair of features
  (Sechidis et al. 2019, §4.1: ``c_{f,f'} = δ(|ρ_{X_f, X_f'}| > θ)`` with Spearman's ρ; Bommert
  2020, Ch. 8: |Pearson| with a threshold), :func:`correlation_similarity`;
- known groups: ``c_{f,f'} = 1`` iff ``f`` and ``f'`` belong to the same group (Hamer & Dupont
  2021, §5.3, for φ_C), :func:`group_similarity`.

With a threshold θ the result is a sparse CSR matrix that stores only the entries ``>= θ`` (and
the unit diagonal), kept tile by tile as they are computed, so that no dense ``d x d`` array
ever exists. Only the upper triangle is computed (``Uᵀ U`` with ``U`` the standardised
columns, :func:`standardized_columns`), in tiles of ``h`` rows times ``w`` columns:

- up to :data:`WHOLE_ROW_MAX_D` features, a tile is a band of ``h = ⌊2²²/d⌋`` rows times the
  rest of the row (at most 32 MB of float64 products);
- beyond, tiles are :data:`TILE_ROWS` x :data:`TILE_COLUMNS`, sized to the cache rather than to
  d. Each tile is first computed in float32 (twice the speed of float64, half the memory
  traffic); a tile whose largest |product| stays below ``θ − δ`` holds no similar pair and is
  done. ``δ`` bounds the distance between the float32 and the float64 product of any pair
  (:func:`float32_error_bound`: the rounding of the columns to float32 plus the accumulated
  rounding of an n-term dot product in either precision), so the screen never loses a pair.
  In the other tiles, the parts of :data:`RECHECK_COLUMNS` columns that reach ``θ − δ`` are
  recomputed in float64 and thresholded exactly as without the screen: the result is, bit for
  bit, that of the float64 parts alone.

The flops floor is therefore the float32 product of the upper triangle, ``n d²`` flops (plus
``2 n h`` · :data:`RECHECK_COLUMNS` float64 flops per part holding a similar pair: the parts
near the diagonal, for data with local correlation). :func:`similarity_bands` splits the
rows into bands of equal work that separate jobs compute (:func:`correlation_pairs`) and
:func:`similarity_from_pairs` joins. Every result passes
:func:`fsstab.measures.as_similarity_matrix`.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

import numpy as np
import scipy.sparse as sp

from fsstab.measures import as_similarity_matrix

CorrelationMethod = Literal["pearson", "spearman"]
_METHODS: tuple[str, ...] = ("pearson", "spearman")

# Elements of one band of the correlation matrix (block_size x d floats): 32 MB at 8 bytes.
_BLOCK_ELEMENTS = 1 << 22

#: Largest d computed in whole-row bands of ``⌊2²²/d⌋`` rows (at least 128 rows, enough for
#: BLAS to run at full speed); beyond, fixed tiles with the float32 screen.
WHOLE_ROW_MAX_D = 1 << 15
#: Rows and columns of a tile beyond :data:`WHOLE_ROW_MAX_D` (8 MB of float32 products), and
#: the columns of the parts of a tile recomputed in float64 when they may hold a pair.
TILE_ROWS, TILE_COLUMNS, RECHECK_COLUMNS = 512, 4096, 256
#: The float32 screen is used while its error bound is below this (n up to about 80,000).
_MAX_SCREEN_BOUND = 1e-2


def _as_data_matrix(X: Any) -> np.ndarray:
    try:
        arr = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"X must be a numeric n x d matrix ({exc})") from None
    if arr.ndim != 2:
        raise ValueError(f"X must be 2-dimensional (samples x features), got {arr.ndim}-d")
    n, d = arr.shape
    if n < 2:
        raise ValueError(f"X has {n} sample(s); a correlation needs at least 2")
    if d < 1:
        raise ValueError("X has no features (d = 0)")
    bad = ~np.isfinite(arr)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        raise ValueError(f"X[{i}, {j}] = {float(arr[i, j])!r}; the training data must be finite")
    return arr


def standardized_columns(X: np.ndarray, method: CorrelationMethod = "pearson") -> np.ndarray:
    """Columns centred and scaled to unit Euclidean norm, so that ``Uᵀ U`` is the correlation.

    Spearman's ρ is Pearson's r of the ranks (average ranks for ties, as
    :func:`scipy.stats.spearmanr`). Constant columns have no defined correlation; they become
    zero columns, i.e. similarity 0 with every other feature.
    """
    if method not in _METHODS:
        raise ValueError(f"method must be one of {_METHODS}, got {method!r}")
    values = _correlated_values(X, method)
    mean, scale = _centre_and_scale(X, values)
    return (values - mean) * scale


def _correlated_values(X: np.ndarray, method: CorrelationMethod) -> np.ndarray:
    """The values whose Pearson correlation is wanted: X, or its ranks for Spearman."""
    if method == "spearman":
        from scipy.stats import rankdata

        return rankdata(X, axis=0)
    return X


def _centre_and_scale(X: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Column means of ``values`` and the factors scaling them to unit norm once centred (0 for
    the constant columns of X)."""
    constant = np.ptp(X, axis=0) == 0
    mean = values.mean(axis=0)
    centred = values - mean
    norms = np.sqrt(np.einsum("ij,ij->j", centred, centred))
    return mean, np.where(constant, 0.0, 1.0 / np.where(constant, 1.0, norms))


def _default_block_size(d: int) -> int:
    return max(1, min(d, _BLOCK_ELEMENTS // d))


def _check_block_size(block_size: Any) -> None:
    if block_size is not None and (
        isinstance(block_size, bool) or not isinstance(block_size, int | np.integer)
        or block_size < 1
    ):
        raise ValueError(f"block_size must be a positive integer, got {block_size!r}")


def _check_threshold(threshold: Any, *, optional: bool) -> None:
    if threshold is None and optional:
        return
    if (threshold is None or isinstance(threshold, bool)
            or not isinstance(threshold, int | float | np.integer | np.floating)
            or not np.isfinite(threshold) or not 0 < threshold <= 1):
        dense = " (or be None for the dense matrix)" if optional else ""
        raise ValueError(f"threshold must lie in (0, 1]{dense}, got {threshold!r}")


def _tiling(d: int, block_size: int | None) -> tuple[int, int | None]:
    """``(rows per tile, columns per tile)``; ``None`` columns: the rest of the row."""
    if d <= WHOLE_ROW_MAX_D:
        return (block_size or _default_block_size(d)), None
    return (block_size or TILE_ROWS), TILE_COLUMNS


def float32_error_bound(n: int) -> float:
    """Bound on ``|float32 product − float64 product|`` of two standardised columns of length n.

    Rounding a column of norm at most 1 to float32 moves each entry by a relative
    ``u = 2⁻²⁴``, so the exact product of the rounded columns lies within ``2u + u²`` of the
    exact product of the originals. A dot product of n terms, summed in any order and with any
    blocking (fused multiply-adds included), errs by at most ``γ_n Σ|x_k y_k| ≤ γ_n ‖x‖‖y‖``
    with ``γ_n = n u / (1 − n u)`` (Higham 2002, *Accuracy and Stability of Numerical
    Algorithms*, §3.1), in float32 and in float64 (``u = 2⁻⁵³``). The sum of the three is
    doubled for the rounding of the columns' unit norms and as a margin.
    """
    u32, u64 = 2.0**-24, 2.0**-53
    if n * u32 >= 0.5:
        return np.inf
    gamma32 = n * u32 / (1 - n * u32)
    gamma64 = n * u64 / (1 - n * u64)
    return 2.0 * (gamma32 * (1 + u32) ** 2 + 2 * u32 + u32**2 + gamma64)


# Columns standardised at a time beyond WHOLE_ROW_MAX_D: blocks start at multiples of it, so a
# column's mean and scale never depend on which band a job computes.
_STANDARDIZE_COLUMNS = 4096


@dataclass(frozen=True)
class _TiledColumns:
    """Columns ``first..d-1`` standardised for the tiles without a float64 copy of the data:
    their means and scales (:func:`standardized_columns`' own, block by block) and, for the
    screen, the standardised columns in float32."""

    data: np.ndarray
    method: CorrelationMethod
    first: int
    mean: np.ndarray
    scale: np.ndarray
    screen: np.ndarray | None

    @classmethod
    def of(cls, data: np.ndarray, method: CorrelationMethod, first: int,
           float32: bool) -> _TiledColumns:
        n, d = data.shape
        mean, scale = np.empty(d - first), np.empty(d - first)
        screen = np.empty((n, d - first), dtype=np.float32) if float32 else None
        for b0 in range(first, d, _STANDARDIZE_COLUMNS):
            b1 = min(d, b0 + _STANDARDIZE_COLUMNS)
            block = data[:, b0:b1]
            values = _correlated_values(block, method)
            here = slice(b0 - first, b1 - first)
            mean[here], scale[here] = _centre_and_scale(block, values)
            if screen is not None:
                screen[:, here] = (values - mean[here]) * scale[here]
        return cls(data, method, first, mean, scale, screen)

    def standardized(self, start: int, stop: int) -> np.ndarray:
        """Columns ``start..stop-1`` in float64, as :func:`standardized_columns` gives them."""
        here = slice(start - self.first, stop - self.first)
        values = _correlated_values(self.data[:, start:stop], self.method)
        return (values - self.mean[here]) * self.scale[here]

    def float32(self, start: int, stop: int) -> np.ndarray:
        assert self.screen is not None
        return self.screen[:, start - self.first:stop - self.first]


def similarity_bands(d: int, n_bands: int, *, block_size: int | None = None) -> list[
    tuple[int, int]
]:
    """Split the rows ``0..d-1`` into ``n_bands`` bands ``[start, stop)`` of about equal work.

    The upper triangle's rows ``[0, r)`` hold ``r (2d − r) / 2`` products, so band k ends near
    ``d (1 − √(1 − k/J))``; boundaries fall on the tiles' rows (so every band computes whole
    tiles and the bands' union equals :func:`correlation_similarity` bit for bit). With more
    bands than rows of tiles some bands are empty.
    """
    if isinstance(d, bool) or not isinstance(d, int | np.integer) or d < 1:
        raise ValueError(f"d must be a positive integer, got {d!r}")
    if isinstance(n_bands, bool) or not isinstance(n_bands, int | np.integer) or n_bands < 1:
        raise ValueError(f"n_bands must be a positive integer, got {n_bands!r}")
    _check_block_size(block_size)
    height, _ = _tiling(int(d), block_size)
    n_tiles = -(-int(d) // height)
    bounds = [0]
    for k in range(1, int(n_bands)):
        row = d * (1.0 - np.sqrt(1.0 - k / n_bands))
        bounds.append(max(bounds[-1], min(n_tiles, round(row / height))))
    bounds.append(n_tiles)
    return [(min(d, a * height), min(d, b * height)) for a, b in pairwise(bounds)]


def correlation_pairs(
    X: Any,
    *,
    method: CorrelationMethod = "pearson",
    threshold: float,
    rows: tuple[int, int] | None = None,
    block_size: int | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pairs ``i < j`` with ``|ρ(X_i, X_j)| >= θ`` whose row ``i`` lies in ``rows``.

    The sparse part of :func:`correlation_similarity` for one band of rows (a job of its own
    in the workflow; :func:`similarity_bands` gives bands of equal work).

    Parameters
    ----------
    X, method, threshold, block_size
        As in :func:`correlation_similarity` (``threshold`` required).
    rows
        ``(start, stop)``: the band of rows, on tile boundaries (multiples of the tile height,
        or d); default all rows.

    Returns
    -------
    (i, j, similarity)
        int64, int64 and float64 arrays, in the order of the tiles (row bands, then columns).
    """
    _check_threshold(threshold, optional=False)
    if method not in _METHODS:
        raise ValueError(f"method must be one of {_METHODS}, got {method!r}")
    _check_block_size(block_size)
    return _pairs(_as_data_matrix(X), method, float(threshold), rows, block_size)


def _pairs(data: np.ndarray, method: CorrelationMethod, threshold: float,
           rows: tuple[int, int] | None, block_size: int | None) -> tuple[
    np.ndarray, np.ndarray, np.ndarray
]:
    n, d = data.shape
    height, width = _tiling(d, block_size)
    start, stop = (0, d) if rows is None else (int(rows[0]), int(rows[1]))
    aligned = [b % height == 0 or b == d for b in (start, stop)]
    if not 0 <= start <= stop <= d or not all(aligned):
        raise ValueError(
            f"rows must be (start, stop) with 0 <= start <= stop <= d = {d} on tile boundaries "
            f"(multiples of {height}, or d), got {rows!r}; use similarity_bands"
        )
    if start == stop:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty.copy(), np.zeros(0)
    found: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    if width is None:
        U = standardized_columns(data, method)
        for r0 in range(start, stop, height):
            # The same products as the dense matrix's rows r0.. (one BLAS call per band)
            block = np.abs(U[:, r0:min(d, r0 + height)].T @ U[:, r0:])
            found.append(_upper_pairs(block, threshold, r0, r0))
    else:
        bound = float32_error_bound(n)
        columns = _TiledColumns.of(data, method, start // _STANDARDIZE_COLUMNS *
                                   _STANDARDIZE_COLUMNS, float32=bound < _MAX_SCREEN_BOUND)
        cut = threshold - bound
        buffer = np.empty((height, width), dtype=np.float32)
        for r0 in range(start, stop, height):
            r1 = min(d, r0 + height)
            tile_rows = columns.standardized(r0, r1)
            rows32 = None if columns.screen is None else np.ascontiguousarray(
                columns.float32(r0, r1))
            for c0 in range(r0, d, width):
                c1 = min(d, c0 + width)
                parts = _recheck_parts(c0, c1)
                if rows32 is not None:
                    parts = _screened(rows32, columns.float32(c0, c1), cut, buffer, parts)
                for s0, s1 in parts:
                    block = np.abs(tile_rows.T @ columns.standardized(s0, s1))
                    found.append(_upper_pairs(block, threshold, r0, s0))
    if not found:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty.copy(), np.zeros(0)
    i, j, values = (np.concatenate(parts) for parts in zip(*found, strict=True))
    return i.astype(np.int64, copy=False), j.astype(np.int64, copy=False), values


def _upper_pairs(block: np.ndarray, threshold: float, r0: int, c0: int) -> tuple[
    np.ndarray, np.ndarray, np.ndarray
]:
    """The entries >= θ of a tile of |products| whose corner is (r0, c0), above the diagonal.

    Only the upper triangle is kept; the lower one is its mirror image, which makes the
    sparsity pattern exactly symmetric even for entries within rounding of θ.
    """
    local_rows, local_cols = np.nonzero(block >= threshold)
    upper = local_cols + c0 > local_rows + r0
    local_rows, local_cols = local_rows[upper], local_cols[upper]
    return local_rows + r0, local_cols + c0, np.minimum(block[local_rows, local_cols], 1.0)


def _recheck_parts(c0: int, c1: int) -> list[tuple[int, int]]:
    """The column parts of a tile whose float64 products are computed together: a tile's
    values never depend on which of its parts hold a pair."""
    return [(s0, min(c1, s0 + RECHECK_COLUMNS)) for s0 in range(c0, c1, RECHECK_COLUMNS)]


def _screened(rows32: np.ndarray, cols32: np.ndarray, cut: float, buffer: np.ndarray,
              parts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The parts of a tile whose float32 products reach ``cut`` (= θ − the error bound) in
    magnitude: the only ones that can hold a pair."""
    h, w = rows32.shape[1], cols32.shape[1]
    products = np.matmul(rows32.T, cols32, out=buffer[:h, :w] if w == buffer.shape[1]
                         and h == buffer.shape[0] else None)
    if products.max() < cut and products.min() > -cut:  # most tiles: one pass each, no write
        return []
    np.abs(products, out=products)
    c0 = parts[0][0]
    return [(s0, s1) for s0, s1 in parts if products[:, s0 - c0:s1 - c0].max() >= cut]


def similarity_from_pairs(
    i: np.ndarray, j: np.ndarray, similarity: np.ndarray, d: int
) -> sp.csr_array:
    """The symmetric CSR similarity matrix (unit diagonal) of the pairs ``i < j`` of
    :func:`correlation_pairs`, gathered from any number of bands."""
    i = np.asarray(i, dtype=np.int64)
    j = np.asarray(j, dtype=np.int64)
    v = np.asarray(similarity, dtype=np.float64)
    if not i.shape == j.shape == v.shape or i.ndim != 1:
        raise ValueError("i, j and similarity must be 1-d arrays of equal length")
    if i.size and (i.min() < 0 or j.max() >= d or np.any(i >= j)):
        raise ValueError(f"pairs must satisfy 0 <= i < j < d = {d}")
    diagonal = np.arange(d)
    C = sp.csr_array(
        (np.concatenate([v, v, np.ones(d)]),
         (np.concatenate([i, j, diagonal]), np.concatenate([j, i, diagonal]))),
        shape=(d, d),
    )
    C.sort_indices()
    return as_similarity_matrix(C, d)


def correlation_similarity(
    X: Any,
    *,
    method: CorrelationMethod = "pearson",
    threshold: float | None = None,
    block_size: int | None = None,
) -> sp.csr_array | np.ndarray:
    """Absolute correlation between features, as a similarity matrix for adjusted measures.

    ``C[f, f'] = |ρ(X_f, X_f')|`` (Pearson, or Spearman as in Sechidis et al. 2019, §4.1), with
    ``C[f, f] = 1``. Constant features are similar only to themselves.

    Parameters
    ----------
    X
        Training data, ``n x d``, finite.
    method
        ``"pearson"`` or ``"spearman"``.
    threshold
        ``None`` returns the dense ``d x d`` matrix (memory ``8 d²`` bytes). A number θ in
        (0, 1] returns a sparse CSR matrix keeping only the entries ``>= θ`` (the adjusted
        measures consider ``f`` and ``f'`` similar iff ``C[f, f'] >= θ``), computed tile by
        tile without a dense ``d x d`` array (module docstring).
    block_size
        Rows per tile (default: about 4 M matrix elements per band up to
        :data:`WHOLE_ROW_MAX_D` features, :data:`TILE_ROWS` beyond). Only affects memory and
        speed, not the result beyond floating-point rounding.

    Returns
    -------
    csr_array or ndarray
        Symmetric, values in [0, 1], unit diagonal (validated by
        :func:`fsstab.measures.as_similarity_matrix`).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.similarity import correlation_similarity
    >>> x = np.array([0.0, 1.0, 2.0, 3.0])
    >>> C = correlation_similarity(np.column_stack([x, 2 * x, [1.0, 0.0, 1.0, 0.0]]),
    ...                            threshold=0.9)
    >>> C.toarray().round(3)
    array([[1., 1., 0.],
           [1., 1., 0.],
           [0., 0., 1.]])
    """
    data = _as_data_matrix(X)
    d = data.shape[1]
    _check_threshold(threshold, optional=True)
    _check_block_size(block_size)
    if threshold is not None:
        if method not in _METHODS:
            raise ValueError(f"method must be one of {_METHODS}, got {method!r}")
        i, j, values = _pairs(data, method, float(threshold), None, block_size)
        return similarity_from_pairs(i, j, values, d)
    U = standardized_columns(data, method)
    C = np.abs(U.T @ U)
    np.minimum(C, 1.0, out=C)
    np.fill_diagonal(C, 1.0)
    # Each entry (f, f') and (f', f) is the same dot product, but BLAS may round them
    # differently; make the matrix exactly symmetric.
    C = np.triu(C) + np.triu(C, 1).T
    return as_similarity_matrix(C, d)


def _is_missing_label(label: Any) -> bool:
    if label is None:
        return True
    if isinstance(label, float | np.floating):
        return bool(np.isnan(label) or label < 0)
    if isinstance(label, int | np.integer) and not isinstance(label, bool):
        return label < 0
    return False


def _labels_from_groups(groups: Sequence[Collection[int]], d: int) -> list[Hashable]:
    labels: list[Hashable] = [None] * d
    for g, members in enumerate(groups):
        for f in members:
            if isinstance(f, bool) or not isinstance(f, int | np.integer) or not 0 <= f < d:
                raise ValueError(
                    f"groups[{g}] contains {f!r}, which is not a feature index in 0..{d - 1}"
                )
            if labels[f] is not None:
                raise ValueError(
                    f"feature {f} belongs to both groups[{labels[f]}] and groups[{g}]; "
                    "groups must be disjoint"
                )
            labels[f] = g
    return labels


def group_similarity(groups: Any, d: int | None = None) -> sp.csr_array:
    """Same-group indicator: ``C[f, f'] = 1`` iff ``f`` and ``f'`` are in the same group.

    Hamer & Dupont (2021), §5.3 evaluate φ_C with ``c_{f,f'} = 1`` iff features ``f`` and ``f'``
    belong to the same correlated group; a feature outside any group is similar only to itself.

    Parameters
    ----------
    groups
        Either one label per feature (length ``d``; ``None``, NaN or a negative number means
        "in no group"), or -- when ``d`` is given -- a sequence of disjoint collections of
        feature indices, one per group.
    d
        Number of features, for the list-of-groups form.

    Returns
    -------
    csr_array
        ``d x d`` 0/1 similarity matrix with a unit diagonal.
    """
    if d is not None:
        if isinstance(d, bool) or not isinstance(d, int | np.integer) or d < 1:
            raise ValueError(f"d must be a positive integer (number of features), got {d!r}")
        if isinstance(groups, str | bytes) or not all(
            isinstance(g, Collection) and not isinstance(g, str | bytes) for g in groups
        ):
            raise ValueError(
                "with d given, groups must be a sequence of collections of feature indices"
            )
        labels: Sequence[Hashable] = _labels_from_groups(groups, int(d))
    else:
        array = np.asarray(groups, dtype=object)
        if array.ndim != 1:
            raise ValueError(
                f"groups must be one label per feature (1-D), got shape {array.shape}; pass "
                "d=<number of features> for a list of groups of feature indices"
            )
        if array.size == 0:
            raise ValueError("groups is empty; there must be one label per feature")
        labels = list(array)
    n_features = len(labels)

    codes = np.full(n_features, -1, dtype=np.int64)
    seen: dict[Hashable, int] = {}
    for f, label in enumerate(labels):
        if _is_missing_label(label):
            continue
        try:
            codes[f] = seen.setdefault(label, len(seen))
        except TypeError:
            raise ValueError(f"groups[{f}] = {label!r} is not a hashable group label") from None

    grouped = np.flatnonzero(codes >= 0)
    members = grouped[np.argsort(codes[grouped], kind="stable")]
    sizes = np.bincount(codes[grouped], minlength=len(seen))
    starts = np.cumsum(sizes) - sizes
    # For every grouped feature (in group order), one entry per member of its group.
    repeats = sizes[codes[members]]
    row = np.repeat(members, repeats)
    offsets = np.repeat(starts[codes[members]], repeats)
    ramp = np.arange(row.size) - np.repeat(np.cumsum(repeats) - repeats, repeats)
    col = members[offsets + ramp]
    ungrouped = np.flatnonzero(codes < 0)
    all_rows = np.concatenate([row, ungrouped])
    all_cols = np.concatenate([col, ungrouped])
    C = sp.csr_array(
        (np.ones(all_rows.size), (all_rows, all_cols)), shape=(n_features, n_features)
    )
    C.sort_indices()
    return as_similarity_matrix(C, n_features)


__all__ = [
    "correlation_pairs",
    "correlation_similarity",
    "float32_error_bound",
    "group_similarity",
    "similarity_bands",
    "similarity_from_pairs",
    "standardized_columns",
]
