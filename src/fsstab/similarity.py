"""Feature-similarity matrices C for the adjusted stability measures.

Two sources of similarity between features:

- the training data: the absolute Pearson or Spearman correlation of every pair of features
  (Sechidis et al. 2019, §4.1: ``c_{f,f'} = δ(|ρ_{X_f, X_f'}| > θ)`` with Spearman's ρ; Bommert
  2020, Ch. 8: |Pearson| with a threshold), :func:`correlation_similarity`;
- known groups: ``c_{f,f'} = 1`` iff ``f`` and ``f'`` belong to the same group (Hamer & Dupont
  2021, §5.3, for φ_C), :func:`group_similarity`.

With a threshold θ the result is a sparse CSR matrix that stores only the entries ``>= θ`` (and
the unit diagonal); it is computed in blocks of columns so that no dense ``d x d`` array ever
exists, which keeps d ≈ 25,000 micro-array data tractable. Every result passes
:func:`fsstab.measures.as_similarity_matrix`.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from typing import Any, Literal

import numpy as np
import scipy.sparse as sp

from fsstab.measures import as_similarity_matrix

CorrelationMethod = Literal["pearson", "spearman"]
_METHODS: tuple[str, ...] = ("pearson", "spearman")

# Elements of one block of the correlation matrix (block_size x d floats): 32 MB at 8 bytes.
_BLOCK_ELEMENTS = 1 << 22


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
    if method == "spearman":
        from scipy.stats import rankdata

        values = rankdata(X, axis=0)
    else:
        values = X
    constant = np.ptp(X, axis=0) == 0
    centred = values - values.mean(axis=0)
    norms = np.sqrt(np.einsum("ij,ij->j", centred, centred))
    scale = np.where(constant, 0.0, 1.0 / np.where(constant, 1.0, norms))
    return centred * scale


def _default_block_size(d: int) -> int:
    return max(1, min(d, _BLOCK_ELEMENTS // d))


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
        measures consider ``f`` and ``f'`` similar iff ``C[f, f'] >= θ``), computed block by
        block without a dense ``d x d`` array.
    block_size
        Columns per block (default: about 4 M matrix elements per block). Only affects memory
        and speed, not the result beyond floating-point rounding.

    Returns
    -------
    csr_array or ndarray
        Symmetric, values in [0, 1], unit diagonal (validated by
        :func:`fsstab.measures.as_similarity_matrix`).
    """
    data = _as_data_matrix(X)
    d = data.shape[1]
    if threshold is not None and (
        isinstance(threshold, bool) or not np.isfinite(threshold) or not 0 < threshold <= 1
    ):
        raise ValueError(
            f"threshold must lie in (0, 1] (or be None for the dense matrix), got {threshold!r}"
        )
    if block_size is None:
        block_size = _default_block_size(d)
    elif isinstance(block_size, bool) or not isinstance(block_size, int | np.integer) or (
        block_size < 1
    ):
        raise ValueError(f"block_size must be a positive integer, got {block_size!r}")
    U = standardized_columns(data, method)

    if threshold is None:
        C = np.abs(U.T @ U)
        np.minimum(C, 1.0, out=C)
        np.fill_diagonal(C, 1.0)
        # Each entry (f, f') and (f', f) is the same dot product, but BLAS may round them
        # differently; make the matrix exactly symmetric.
        C = np.triu(C) + np.triu(C, 1).T
        return as_similarity_matrix(C, d)

    rows, cols, vals = [], [], []
    for start in range(0, d, block_size):
        stop = min(d, start + block_size)
        # Only the upper triangle is computed; the lower one is its mirror image, which makes
        # the sparsity pattern exactly symmetric even for entries within rounding of θ.
        block = np.abs(U[:, start:stop].T @ U[:, start:])
        local_rows, local_cols = np.nonzero(block >= threshold)
        upper = local_cols > local_rows
        local_rows, local_cols = local_rows[upper], local_cols[upper]
        rows.append(local_rows + start)
        cols.append(local_cols + start)
        vals.append(np.minimum(block[local_rows, local_cols], 1.0))
    r = np.concatenate(rows)
    c = np.concatenate(cols)
    v = np.concatenate(vals)
    diagonal = np.arange(d)
    C = sp.csr_array(
        (np.concatenate([v, v, np.ones(d)]),
         (np.concatenate([r, c, diagonal]), np.concatenate([c, r, diagonal]))),
        shape=(d, d),
    )
    C.sort_indices()
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


__all__ = ["correlation_similarity", "group_similarity", "standardized_columns"]
