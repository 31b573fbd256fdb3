"""Univariate feature statistics shared by filters and the hybrid-RFE's stable set.

Kept separate so that ``FilterSelector`` and ``HybridRFE`` score features with the same code.
Both statistics are computed a block of columns at a time: with 10^5 features and more, the
split of the training rows by class and the variance's temporaries would otherwise each cost
another copy of the matrix. NumPy reduces over the rows of a block in the same order as over
the rows of the whole matrix, so the values are those of the whole-matrix computation.
"""

from __future__ import annotations

import numpy as np

# Elements (rows x columns) of one block of columns: 2^21 doubles, 16 MiB.
_BLOCK_ELEMENTS = 1 << 21


def _column_blocks(n_rows: int, n_columns: int) -> list[slice]:
    """Blocks of at least two columns: NumPy sums a single contiguous column pairwise, not
    row after row as it sums a wider block or the whole matrix."""
    width = max(2, _BLOCK_ELEMENTS // max(n_rows, 1))
    starts = list(range(0, n_columns, width))
    if len(starts) > 1 and n_columns - starts[-1] == 1:
        starts.pop()
    stops = [*starts[1:], n_columns]
    return [slice(start, stop) for start, stop in zip(starts, stops, strict=True)]


def welch_t_statistic(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Absolute Welch t statistic of every column of ``X`` for the binary labels ``y`` (0/1).

    t_f = |x̄_f,1 − x̄_f,0| / sqrt(s²_f,1 / n_1 + s²_f,0 / n_0) (Welch 1947), with unbiased
    class variances. A feature that is constant within both classes gets ``inf`` when the class
    means differ and ``0`` when they do not.
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    pos_rows, neg_rows = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    n1, n0 = len(pos_rows), len(neg_rows)
    if n1 < 2 or n0 < 2:
        raise ValueError(
            f"Welch's t statistic needs at least two samples per class; got {n0} and {n1}"
        )
    t = np.empty(X.shape[1])
    for block in _column_blocks(X.shape[0], X.shape[1]):
        pos, neg = X[pos_rows, block], X[neg_rows, block]
        diff = np.abs(pos.mean(axis=0) - neg.mean(axis=0))
        se = np.sqrt(pos.var(axis=0, ddof=1) / n1 + neg.var(axis=0, ddof=1) / n0)
        with np.errstate(divide="ignore", invalid="ignore"):
            t[block] = np.where(se > 0, diff / se, np.where(diff > 0, np.inf, 0.0))
    return t


def sample_variance(X: np.ndarray) -> np.ndarray:
    """Unbiased sample variance of every column of ``X`` (the unsupervised criterion)."""
    X = np.asarray(X, dtype=np.float64)
    if X.shape[0] < 2:
        raise ValueError("the sample variance needs at least two samples")
    variance = np.empty(X.shape[1])
    for block in _column_blocks(X.shape[0], X.shape[1]):
        variance[block] = X[:, block].var(axis=0, ddof=1)
    return variance
