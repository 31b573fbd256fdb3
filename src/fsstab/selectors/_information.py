"""Entropies and mutual information of discrete variables, vectorised over features.

Definitions follow the thesis (Bommert 2020, §3.1.5): empirical probabilities, logarithms to base
2, ``I(Y; X) = H(Y) - H(Y | X)``. A feature matrix enters as integer codes ``(n, d)`` with the
number of levels of each column (see :mod:`fsstab.selectors._discretize`); every function
builds the contingency tables of all columns with one :func:`numpy.bincount`, so no Python loop
runs over features.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


def entropy_of_counts(counts: np.ndarray, axis: int | tuple[int, ...] = -1) -> np.ndarray:
    """Entropy in bits of the empirical distribution given by ``counts`` along ``axis``.

    ``H = log2(N) - Σ c log2(c) / N`` with ``N = Σ c``; an empty table has entropy 0.
    """
    counts = np.asarray(counts, dtype=np.float64)
    total = counts.sum(axis=axis)
    with np.errstate(divide="ignore", invalid="ignore"):
        c_log_c = np.where(counts > 0, counts * np.log2(np.where(counts > 0, counts, 1.0)), 0.0)
        h = np.log2(np.where(total > 0, total, 1.0)) - c_log_c.sum(axis=axis) / np.where(
            total > 0, total, 1.0
        )
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
    return counts.reshape(d, n_levels, n_other).astype(np.float64)


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


def pair_terms(
    codes: np.ndarray, n_levels: int, column: np.ndarray, n_column: int,
    y: np.ndarray, n_classes: int,
) -> PairTerms:
    """Joint information of every column of ``codes`` paired with ``column`` about ``y``.

    One table of shape ``(d, L, L_j, K)`` gives all three terms used by the iterative filters of
    thesis §3.1.5: ``I(Y; X_k, X_j) = H(X_k, X_j) + H(Y) - H(Y, X_k, X_j)``,
    ``H(Y, X_k, X_j)`` and ``I(X_k; X_j) = H(X_k) + H(X_j) - H(X_k, X_j)``.
    """
    joint_code = column * n_classes + y
    table = contingency_tables(codes, n_levels, joint_code, n_column * n_classes)
    table = table.reshape(codes.shape[1], n_levels, n_column, n_classes)
    h_xy_all = entropy_of_counts(table, axis=(1, 2, 3))
    pair = table.sum(axis=3)
    h_pair = entropy_of_counts(pair, axis=(1, 2))
    h_y = entropy_of_counts(table.sum(axis=(1, 2)), axis=1)
    h_k = entropy_of_counts(pair.sum(axis=2), axis=1)
    h_j = entropy_of_counts(pair.sum(axis=1), axis=1)
    return PairTerms(
        joint_relevance=np.maximum(h_pair + h_y - h_xy_all, 0.0),
        joint_entropy=h_xy_all,
        redundancy=np.maximum(h_k + h_j - h_pair, 0.0),
    )
