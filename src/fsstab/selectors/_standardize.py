"""Column standardisation exactly as :class:`sklearn.preprocessing.StandardScaler` does it, in
bounded memory.

``StandardScaler().fit(X)`` builds temporaries of the size of ``X`` (the centred squares) and
``transform`` a full copy; for a 500 x 450,000 training set that is several GB beyond the data.
Here the moments are fitted one block of columns at a time and the standardised copy is written
row by row into a buffer that can be reused. The values are the scaler's, bit for bit: a
column's mean and variance are accumulated over the rows in the same order whatever the block
it sits in (blocks are never narrower than :data:`COLUMN_BLOCK` unless the data are, as a
one-column block would be summed differently), and the transform is the same two
element-wise operations, ``(x − mean) / scale``.
"""

from __future__ import annotations

import numpy as np
from sklearn.preprocessing import StandardScaler

#: Columns fitted at a time (the last block takes the remainder: between 1 and 2 blocks wide).
COLUMN_BLOCK = 1024


def _column_blocks(d: int) -> list[tuple[int, int]]:
    blocks, start = [], 0
    while start < d:
        stop = d if d - start < 2 * COLUMN_BLOCK else start + COLUMN_BLOCK
        blocks.append((start, stop))
        start = stop
    return blocks


def scaler_moments(X: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(mean_, scale_)`` of ``StandardScaler().fit(X)``, fitted one block of columns at a time
    (a constant column has scale 1)."""
    means, scales = [], []
    for start, stop in _column_blocks(X.shape[1]):
        scaler = StandardScaler().fit(X[:, start:stop])
        means.append(scaler.mean_)
        scales.append(scaler.scale_)
    return np.concatenate(means), np.concatenate(scales)


def standardize_rows(
    X: np.ndarray, mean: np.ndarray, scale: np.ndarray, *, rows: np.ndarray | None = None,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """``(X[rows] − mean) / scale`` (``StandardScaler.transform``'s values), written into ``out``
    one row at a time (``out`` may be ``X`` itself when ``rows`` is None)."""
    rows = np.arange(X.shape[0]) if rows is None else np.asarray(rows)
    if out is None:
        out = np.empty((rows.size, X.shape[1]))
    if out.shape != (rows.size, X.shape[1]) or out.dtype != np.float64:
        raise ValueError(f"out must be a float64 array of shape {(rows.size, X.shape[1])}")
    for i, r in enumerate(rows):
        np.subtract(X[r], mean, out=out[i])
        np.divide(out[i], scale, out=out[i])
    return out


def standardize_low_memory(X: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(Xs, mean, scale)`` as ``standardize`` (:mod:`fsstab.selectors._logistic`) returns
    them, with one copy of ``X`` as the only large allocation."""
    mean, scale = scaler_moments(X)
    return standardize_rows(X, mean, scale), mean, scale


def standardize(X: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Centre and scale columns with :class:`sklearn.preprocessing.StandardScaler`'s values.

    Returns ``(Xs, mean, scale)``. The scaler's own values guarantee that the selectors'
    internal standardisation equals the one in their predictive pipelines (a constant column
    keeps scale 1 and becomes all zeros); float64 matrices are standardised without the
    scaler's temporaries (:func:`standardize_low_memory`).
    """
    if isinstance(X, np.ndarray) and X.dtype == np.float64 and X.ndim == 2:
        return standardize_low_memory(X)
    scaler = StandardScaler().fit(X)
    return scaler.transform(X), scaler.mean_, scaler.scale_
