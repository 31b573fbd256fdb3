"""Univariate feature statistics shared by filters and the hybrid-RFE's stable set.

Kept separate so that ``FilterSelector`` and ``HybridRFE`` score features with the same code.
"""

from __future__ import annotations

import numpy as np


def welch_t_statistic(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Absolute Welch t statistic of every column of ``X`` for the binary labels ``y`` (0/1).

    t_f = |x̄_f,1 − x̄_f,0| / sqrt(s²_f,1 / n_1 + s²_f,0 / n_0) (Welch 1947), with unbiased
    class variances. A feature that is constant within both classes gets ``inf`` when the class
    means differ and ``0`` when they do not.
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    pos, neg = X[y == 1], X[y == 0]
    n1, n0 = len(pos), len(neg)
    if n1 < 2 or n0 < 2:
        raise ValueError(
            f"Welch's t statistic needs at least two samples per class; got {n0} and {n1}"
        )
    diff = np.abs(pos.mean(axis=0) - neg.mean(axis=0))
    se = np.sqrt(pos.var(axis=0, ddof=1) / n1 + neg.var(axis=0, ddof=1) / n0)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(se > 0, diff / se, np.where(diff > 0, np.inf, 0.0))
    return t


def sample_variance(X: np.ndarray) -> np.ndarray:
    """Unbiased sample variance of every column of ``X`` (the unsupervised criterion)."""
    X = np.asarray(X, dtype=np.float64)
    if X.shape[0] < 2:
        raise ValueError("the sample variance needs at least two samples")
    return X.var(axis=0, ddof=1)
