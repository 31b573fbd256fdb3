"""Input validation at the boundary of the stability measures.

:func:`as_selection_matrix`, :func:`as_importance_matrix`, :func:`as_similarity_matrix` and
:func:`as_rank_matrix` check a caller's input once and return it in the one form measure code
assumes (boolean / float CSR arrays, a dense rank matrix), with an error naming the argument and
the entry at fault otherwise.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
import scipy.sparse as sp


def _is_index_collections(Z: Any) -> bool:
    """True if ``Z`` looks like a list of index collections rather than a 0/1 matrix."""
    if isinstance(Z, np.ndarray) or sp.issparse(Z):
        return False
    if not isinstance(Z, Sequence) or isinstance(Z, str | bytes):
        return False
    return all(isinstance(row, Collection) and not isinstance(row, str | bytes) for row in Z)


def _looks_like_indices(row: Any) -> bool:
    """A row of distinct non-negative integers (a possible list of selected indices)."""
    values = list(row)
    return all(
        isinstance(v, int | np.integer) and not isinstance(v, bool) and v >= 0 for v in values
    ) and len(set(values)) == len(values)


def _refuse_index_collections_without_d(Z: Sequence[Collection[Any]], name: str) -> None:
    """Nested Python collections given without ``d``: a 0/1 matrix only when nothing else is
    possible.

    Without ``d`` a list of selected-index lists would otherwise be read as a 0/1 matrix --
    silently wrong whenever its entries happen to be 0 and 1 (``[[0, 1], [1, 0]]``). Rows that
    are sets, ragged rows, and rows of distinct indices with a value above 1 are index lists
    needing ``d``; rows of distinct 0/1 values of length <= 2 are ambiguous. A row with a
    repeated value cannot list indices, so any longer 0/1 row is read as a matrix row.
    """
    rows = list(Z)
    hint = (
        "pass d=<number of features> for lists of selected feature indices, or an M x d 0/1 "
        "NumPy array for a selection matrix"
    )
    if any(not isinstance(row, Sequence) for row in rows):
        raise ValueError(f"{name} holds sets of feature indices; {hint}")
    lengths = {len(row) for row in rows}
    if len(lengths) > 1:
        raise ValueError(f"{name} is ragged: its rows have lengths {sorted(lengths)}; {hint}")
    if not rows or not all(_looks_like_indices(row) for row in rows):
        return
    binary = all(v in (0, 1) for row in rows for v in row)
    if not binary:
        raise ValueError(
            f"{name} looks like lists of selected feature indices (rows of distinct integers, "
            f"not only 0/1); {hint}"
        )
    raise ValueError(
        f"{name} is ambiguous: rows {rows[:2]}... of distinct 0/1 values are both index lists "
        f"and 0/1 matrix rows; {hint}"
    )


def as_selection_matrix(Z: Any, d: int | None = None, *, name: str = "Z") -> sp.csr_array:
    """Validate a selection outcome and return it as an ``M x d`` boolean CSR array.

    Parameters
    ----------
    Z
        Either an ``M x d`` 0/1 or boolean matrix (NumPy array, nested list or
        ``scipy.sparse``), one row per selection run, or -- when ``d`` is given -- a sequence
        of ``M`` collections of selected feature indices (0-based).
    d
        Total number of features. Required for index collections; when given together with a
        matrix it must equal the number of columns.

    Raises
    ------
    ValueError
        With a message naming the problem: ragged rows, non-binary entries, indices out of
        range or repeated, fewer than two runs, shape mismatch with ``d``.

    Examples
    --------
    >>> from fsstab.measures import as_selection_matrix
    >>> as_selection_matrix([[0, 2], [1]], d=3).toarray().astype(int).tolist()
    [[1, 0, 1], [0, 1, 0]]
    """
    if d is not None:
        if isinstance(d, bool) or not isinstance(d, int | np.integer) or d < 1:
            raise ValueError(f"d must be a positive integer (number of features), got {d!r}")
        d = int(d)

    if sp.issparse(Z):
        mat = sp.csr_array(Z)
        if mat.ndim != 2:
            raise ValueError(f"{name} must be 2-dimensional (runs x features), got {mat.ndim}-d")
        mat.sum_duplicates()
        data = mat.data
        if data.dtype != bool and not np.all((data == 0) | (data == 1)):
            bad = data[(data != 0) & (data != 1)][0]
            raise ValueError(f"{name} must be binary (0/1 or bool); found the value {bad!r}")
        mat = sp.csr_array(mat.astype(bool))
        mat.eliminate_zeros()
    elif d is not None and _is_index_collections(Z):
        rows, cols = [], []
        for i, run in enumerate(Z):
            idx = np.asarray(list(run))
            if idx.size and not np.issubdtype(idx.dtype, np.integer):
                if np.issubdtype(idx.dtype, np.floating) and np.all(idx == np.round(idx)):
                    idx = idx.astype(np.int64)
                else:
                    raise ValueError(
                        f"{name}[{i}] must contain integer feature indices, got dtype {idx.dtype}"
                    )
            idx = idx.astype(np.int64, copy=False)
            if idx.size and (idx.min() < 0 or idx.max() >= d):
                bad = idx[(idx < 0) | (idx >= d)][0]
                raise ValueError(
                    f"{name}[{i}] contains the feature index {bad}, out of range for d={d} "
                    f"(valid indices are 0..{d - 1})"
                )
            uniq, multiplicity = np.unique(idx, return_counts=True)
            if uniq.size != idx.size:
                dup = uniq[multiplicity > 1].tolist()
                raise ValueError(f"{name}[{i}] lists feature index(es) {dup} more than once")
            rows.append(np.full(uniq.size, i, dtype=np.int64))
            cols.append(uniq)
        n_runs = len(rows)
        r = np.concatenate(rows) if rows else np.zeros(0, np.int64)
        c = np.concatenate(cols) if cols else np.zeros(0, np.int64)
        mat = sp.csr_array((np.ones(r.size, dtype=bool), (r, c)), shape=(n_runs, d))
    else:
        if _is_index_collections(Z):
            _refuse_index_collections_without_d(Z, name)
        try:
            arr = np.asarray(Z)
        except ValueError as exc:  # ragged nested sequences
            raise ValueError(
                f"{name} is ragged ({exc}); pass an M x d 0/1 matrix, or a list of "
                "selected-index collections together with d=<number of features>."
            ) from None
        if arr.dtype == object:
            raise ValueError(
                f"{name} is ragged or not numeric; pass an M x d 0/1 matrix, or a list of "
                "selected-index collections together with d=<number of features>."
            )
        if arr.ndim != 2:
            raise ValueError(f"{name} must be 2-dimensional (runs x features), got {arr.ndim}-d")
        if arr.dtype != bool:
            if not np.issubdtype(arr.dtype, np.number):
                raise ValueError(f"{name} must be numeric or boolean, got dtype {arr.dtype}")
            if np.isnan(arr).any() if np.issubdtype(arr.dtype, np.floating) else False:
                raise ValueError(f"{name} contains NaN; it must be binary (0/1 or bool)")
            bad_mask = (arr != 0) & (arr != 1)
            if bad_mask.any():
                i, j = np.argwhere(bad_mask)[0]
                raise ValueError(
                    f"{name} must be binary (0/1 or bool); {name}[{i}, {j}] = {arr[i, j]!r}"
                )
        mat = sp.csr_array(arr.astype(bool))
        mat.eliminate_zeros()

    n_runs, n_features = mat.shape
    if d is not None and n_features != d:
        raise ValueError(f"{name} has {n_features} columns but d={d} was given")
    if n_runs < 2:
        raise ValueError(
            f"{name} has {n_runs} run(s); stability needs at least M = 2 selection runs"
        )
    if n_features < 1:
        raise ValueError(f"{name} has no features (d = 0)")
    mat.sort_indices()
    return mat


def as_importance_matrix(W: Any, Z: sp.csr_array | None = None, *, name: str = "W") -> sp.csr_array:
    """Validate an ``M x d`` importance matrix and return it as a float CSR array.

    Importances must be finite and non-negative, and -- when the selection matrix ``Z`` is
    given -- non-zero exactly where a feature is selected (Hamer & Dupont 2021, §5: the
    importance ``I_{f,i}`` of a *selected* feature ``f`` in model ``i``).

    Examples
    --------
    >>> from fsstab.measures import as_importance_matrix
    >>> as_importance_matrix([[0.5, 0.0], [0.2, 0.8]]).toarray().tolist()
    [[0.5, 0.0], [0.2, 0.8]]
    """
    if sp.issparse(W):
        mat = sp.csr_array(W, dtype=np.float64)
        mat.sum_duplicates()
    else:
        try:
            arr = np.asarray(W, dtype=np.float64)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{name} must be a numeric M x d matrix ({exc})") from None
        if arr.ndim != 2:
            raise ValueError(f"{name} must be 2-dimensional (runs x features), got {arr.ndim}-d")
        mat = sp.csr_array(arr)
    if not np.all(np.isfinite(mat.data)):
        raise ValueError(f"{name} contains NaN or infinite importances")
    if mat.data.size and mat.data.min() < 0:
        coo = mat.tocoo()
        k = int(np.argmin(coo.data))
        raise ValueError(
            f"{name} must be non-negative; {name}[{coo.row[k]}, {coo.col[k]}] = {coo.data[k]!r}"
        )
    mat.eliminate_zeros()
    mat.sort_indices()
    if mat.shape[0] < 2:
        raise ValueError(
            f"{name} has {mat.shape[0]} run(s); stability needs at least M = 2 selection runs"
        )
    if Z is not None:
        if mat.shape != Z.shape:
            raise ValueError(
                f"{name} has shape {mat.shape} but the selection matrix Z has {Z.shape}"
            )
        support = sp.csr_array(mat.astype(bool))
        diff = support - sp.csr_array(Z.astype(np.int8))
        diff = sp.csr_array(diff)
        diff.eliminate_zeros()
        if diff.nnz:
            coo = diff.tocoo()
            i, j = int(coo.row[0]), int(coo.col[0])
            if coo.data[0] > 0:
                raise ValueError(
                    f"{name}[{i}, {j}] is non-zero but feature {j} is not selected in run {i} "
                    "(Z[i, j] = 0); importances must be zero exactly where Z is zero"
                )
            raise ValueError(
                f"{name}[{i}, {j}] is zero but feature {j} is selected in run {i} (Z[i, j] = 1); "
                "a selected feature must have a positive importance"
            )
    return mat


def as_similarity_matrix(C: Any, d: int, *, name: str = "C") -> sp.csr_array | np.ndarray:
    """Validate a ``d x d`` feature-similarity matrix (symmetric, values in [0, 1], unit diagonal).

    Dense input is returned as a float ``ndarray``; sparse input as a float CSR array (entries
    not stored are similarity 0).

    Examples
    --------
    >>> from fsstab.measures import as_similarity_matrix
    >>> as_similarity_matrix([[1, 0.7], [0.7, 1]], d=2).tolist()
    [[1.0, 0.7], [0.7, 1.0]]
    """
    if sp.issparse(C):
        mat = sp.csr_array(C, dtype=np.float64)
        mat.sum_duplicates()
        data = mat.data
        if mat.shape != (d, d):
            raise ValueError(f"{name} must be d x d = {d} x {d}, got {mat.shape}")
        if not np.all(np.isfinite(data)):
            raise ValueError(f"{name} contains NaN or infinite similarities")
        if data.size and (data.min() < 0 or data.max() > 1):
            bad = data[(data < 0) | (data > 1)][0]
            raise ValueError(f"{name} values must lie in [0, 1]; found {bad!r}")
        asym = abs(mat - mat.T)
        if asym.nnz and asym.max() > 1e-12:
            coo = sp.coo_array(asym)
            k = int(np.argmax(coo.data))
            raise ValueError(
                f"{name} must be symmetric; {name}[{coo.row[k]}, {coo.col[k]}] != "
                f"{name}[{coo.col[k]}, {coo.row[k]}]"
            )
        diag = mat.diagonal()
        if not np.allclose(diag, 1.0):
            j = int(np.flatnonzero(~np.isclose(diag, 1.0))[0])
            raise ValueError(f"{name} must have a unit diagonal; {name}[{j}, {j}] = {diag[j]!r}")
        mat.sort_indices()
        return mat
    arr = np.asarray(C, dtype=np.float64)
    if arr.shape != (d, d):
        raise ValueError(f"{name} must be d x d = {d} x {d}, got {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite similarities")
    if arr.min() < 0 or arr.max() > 1:
        i, j = np.argwhere((arr < 0) | (arr > 1))[0]
        raise ValueError(f"{name} values must lie in [0, 1]; {name}[{i}, {j}] = {arr[i, j]!r}")
    if not np.allclose(arr, arr.T, rtol=0, atol=1e-12):
        i, j = np.argwhere(~np.isclose(arr, arr.T, rtol=0, atol=1e-12))[0]
        raise ValueError(f"{name} must be symmetric; {name}[{i}, {j}] != {name}[{j}, {i}]")
    diag = np.diagonal(arr)
    if not np.allclose(diag, 1.0):
        j = int(np.flatnonzero(~np.isclose(diag, 1.0))[0])
        raise ValueError(f"{name} must have a unit diagonal; {name}[{j}, {j}] = {diag[j]!r}")
    return arr


def as_rank_matrix(R: Any, *, name: str = "ranks") -> np.ndarray:
    """Validate an ``M x d`` rank matrix (1 = best) and return it as a float ``ndarray``.

    Ranks must be finite and >= 1; ties are allowed (they arise from partial rankings).

    Examples
    --------
    >>> from fsstab.measures import as_rank_matrix
    >>> as_rank_matrix([[1, 2, 3], [1, 3, 3]]).tolist()
    [[1.0, 2.0, 3.0], [1.0, 3.0, 3.0]]
    """
    arr = np.asarray(R, dtype=np.float64)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-dimensional (runs x features), got {arr.ndim}-d")
    if arr.shape[0] < 2:
        raise ValueError(
            f"{name} has {arr.shape[0]} run(s); stability needs at least M = 2 rankings"
        )
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite ranks")
    if arr.min() < 1:
        i, j = np.argwhere(arr < 1)[0]
        raise ValueError(f"{name} must be >= 1 (1 = best); {name}[{i}, {j}] = {arr[i, j]!r}")
    return arr
