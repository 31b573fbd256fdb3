"""Synthetic binary data shared by the tests of the linear / RFE selectors."""

from __future__ import annotations

import numpy as np


def informative_data(
    n: int = 80, d: int = 60, n_informative: int = 4, seed: int = 0, signal: float = 2.5
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(X, y, informative)``: the first ``n_informative`` columns shift with the class.

    Columns have different scales and offsets (the selectors must standardise internally); the
    informative columns are ``signal`` within-class standard deviations apart between classes.
    """
    rng = np.random.default_rng(seed)
    y = np.r_[np.zeros(n // 2, int), np.ones(n - n // 2, int)]
    rng.shuffle(y)
    Z = rng.normal(size=(n, d))
    Z[:, :n_informative] += signal * (y[:, None] - 0.5)
    scales = rng.uniform(0.2, 5.0, size=d)
    offsets = rng.uniform(-3.0, 3.0, size=d)
    return Z * scales + offsets, y, np.arange(n_informative)
