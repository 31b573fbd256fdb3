"""Importance from the coefficients of a linear model, Hamer & Dupont (2021) eq. 7."""

from __future__ import annotations

from typing import Any

import numpy as np


def linear_importance(coef: Any) -> np.ndarray:
    """Importance of the features of a linear model, Hamer & Dupont (2021), eq. 7.

    ``I_lin(f, w) = ||w||_0 · |w_f| / ||w||_1``: the absolute weights rescaled to sum to the
    number of features the model uses. On features standardised to unit variance this equals
    the decision-flip sensitivity of eq. 9 (Theorem 1), which is why fsstab's linear selectors
    standardise internally.

    Parameters
    ----------
    coef
        Weight vector of shape ``(d,)``, or ``(1, d)`` as stored by scikit-learn's binary
        linear classifiers.

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``, non-negative, summing to ``||w||_0``; all zeros when ``w = 0``.
    """
    w = np.asarray(coef, dtype=np.float64)
    if w.ndim == 2 and w.shape[0] == 1:
        w = w[0]
    if w.ndim != 1:
        raise ValueError(
            f"coef must have shape (d,) or (1, d) (a binary linear model), got {w.shape}"
        )
    if not np.all(np.isfinite(w)):
        raise ValueError("coef contains NaN or infinite values")
    magnitude = np.abs(w)
    total = magnitude.sum()
    if total == 0:
        return np.zeros_like(magnitude)
    return np.count_nonzero(w) * magnitude / total


