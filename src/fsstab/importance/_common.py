"""Helpers shared by the importance functions: input checks and the size of vectorised batches."""

from __future__ import annotations

from typing import Any

import numpy as np

#: Upper bound on the number of float64 entries materialised by one vectorised batch.
_BATCH_ENTRIES = 2_000_000


def _as_2d_float(X: Any, name: str = "X") -> np.ndarray:
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"{name} must be a 2-d array (samples x features), got {X.ndim}-d")
    if not np.all(np.isfinite(X)):
        raise ValueError(f"{name} contains NaN or infinite values")
    return X


def _n_model_features(model: Any, X: np.ndarray) -> None:
    n_in = getattr(model, "n_features_in_", None)
    if n_in is not None and n_in != X.shape[1]:
        raise ValueError(f"X has {X.shape[1]} columns but the model was fitted on {n_in} features")


def _samples_per_batch(n_columns: int, copies: int) -> int:
    """How many samples to process at once so that a batch holds at most _BATCH_ENTRIES."""
    return max(1, _BATCH_ENTRIES // max(1, n_columns * copies))
