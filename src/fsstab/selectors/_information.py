"""Entropies and mutual information of discrete variables, vectorised over features.

Definitions follow the thesis (Bommert 2020, §3.1.5): empirical probabilities, logarithms to base
2, ``I(Y; X) = H(Y) - H(Y | X)``. A feature matrix enters as integer codes ``(n, d)`` with the
number of levels of each column (see :mod:`fsstab.selectors._discretize`); every function
builds the contingency tables of all columns with one :func:`numpy.bincount`, so no Python loop
runs over features.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np


@lru_cache(maxsize=8)
def _count_log_count_table(max_count: int) -> np.ndarray:
    """``c log2 c`` for ``c = 0 .. max_count`` (0 for c = 0)."""
    c = np.arange(max_count + 1, dtype=np.float64)
    table = np.zeros_like(c)
    table[1:] = c[1:] * np.log2(c[1:])
    table.flags.writeable = False
    return table


def _count_log_count(counts: np.ndarray) -> np.ndarray:
    """Element-wise ``c log2 c`` (0 where c = 0); integer counts use a cached lookup table, which
    is several times faster than evaluating logarithms on large contingency tables."""
    if np.issubdtype(counts.dtype, np.integer) and counts.size:
        return _count_log_count_table(int(counts.max()))[counts]
    counts = counts.astype(np.float64, copy=False)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(counts > 0, counts * np.log2(np.where(counts > 0, counts, 1.0)), 0.0)


def entropy_of_counts(counts: np.ndarray, axis: int | tuple[int, ...] = -1) -> np.ndarray:
    """Entropy in bits of the empirical distribution given by ``counts`` along ``axis``.

    ``H = log2(N) - Σ c log2(c) / N`` with ``N = Σ c``; an empty table has entropy 0.
    """
    counts = np.asarray(counts)
    total = counts.sum(axis=axis).astype(np.float64)
    safe_total = np.where(total > 0, total, 1.0)
    h = np.log2(safe_total) - _count_log_count(counts).sum(axis=axis) / safe_total
    return np.where(total > 0, np.maximum(h, 0.0), 0.0)


def contingency_tables(
    codes: np.ndarray, n_levels: int, other: np.ndarray, n_other: int
) -> np.ndarray:
    """Joint counts of every column of ``codes`` with the vector ``other``: shape ``(d, L, L_o)``.

    ``codes`` has shape ``(n, d)`` with values below ``n_levels``; ``other`` has shape ``(n,)``
    with values below ``n_other``.
    """
    _n, d = codes.shape
    flat = (np.arange(d)[None, :] * n_levels + codes) * n_other + other[:, None]
    counts = np.bincount(flat.ravel(), minlength=d * n_levels * n_other)
    return counts.reshape(d, n_levels, n_other)


def entropy_of_columns(codes: np.ndarray, n_levels: int) -> np.ndarray:
    """``H(X_f)`` for every column ``f`` of ``codes``."""
    _n, d = codes.shape
    counts = np.bincount(
        (np.arange(d)[None, :] * n_levels + codes).ravel(), minlength=d * n_levels
    ).reshape(d, n_levels)
    return entropy_of_counts(counts, axis=1)


def mutual_information(
    codes: np.ndarray, n_levels: int, y: np.ndarray, n_classes: int
) -> np.ndarray:
    """``I(Y; X_f) = H(X_f) + H(Y) - H(X_f, Y)`` for every column ``f`` (thesis §3.1.5)."""
    joint = contingency_tables(codes, n_levels, y, n_classes)
    return np.maximum(
        entropy_of_counts(joint.sum(axis=2), axis=1)
        + entropy_of_counts(joint.sum(axis=1), axis=1)
        - entropy_of_counts(joint, axis=(1, 2)),
        0.0,
    )


class PairTerms(NamedTuple):
    """Information terms between every candidate column X_k and one fixed column X_j."""

    joint_relevance: np.ndarray  #: I(Y; X_k, X_j)
    joint_entropy: np.ndarray  #: H(Y, X_k, X_j)
    redundancy: np.ndarray  #: I(X_k; X_j)


def _joint_entropy_with(
    codes: np.ndarray, n_levels: int, other: np.ndarray, n_other: int
) -> np.ndarray:
    """``H(X_k, O)`` for every column ``X_k`` of ``codes`` and one discrete vector ``O``."""
    table = contingency_tables(codes, n_levels, other, n_other)
    return entropy_of_counts(table.reshape(table.shape[0], -1), axis=1)


def pair_terms(
    codes: np.ndarray, n_levels: int, column: np.ndarray, n_column: int,
    y: np.ndarray, n_classes: int, column_entropies: np.ndarray, class_entropy: float,
) -> PairTerms:
    """Joint information of every column of ``codes`` paired with ``column`` about ``y``.

    Two contingency tables, ``(X_k, X_j)`` and ``(X_k, X_j, Y)``, give the three terms used by
    the iterative filters of thesis §3.1.5: ``I(Y; X_k, X_j) = H(X_k, X_j) + H(Y) -
    H(Y, X_k, X_j)``, ``H(Y, X_k, X_j)`` and ``I(X_k; X_j) = H(X_k) + H(X_j) - H(X_k, X_j)``.
    ``column_entropies`` (``H(X_k)`` of every column) and ``class_entropy`` (``H(Y)``) do not
    change between iterations and are passed in.
    """
    h_pair = _joint_entropy_with(codes, n_levels, column, n_column)
    h_all = _joint_entropy_with(codes, n_levels, column * n_classes + y, n_column * n_classes)
    h_j = entropy_of_counts(np.bincount(column, minlength=n_column))
    return PairTerms(
        joint_relevance=np.maximum(h_pair + class_entropy - h_all, 0.0),
        joint_entropy=h_all,
        redundancy=np.maximum(column_entropies + h_j - h_pair, 0.0),
    )
