"""From a model's importances to a selector's ``importances_`` (a floor for non-positive ones)."""

from __future__ import annotations

from typing import Any

import numpy as np


def importances_on_support(values: Any, support: Any, *, floor_ratio: float = 1e-6) -> np.ndarray:
    """A selector's ``importances_``: the model's importances on the selected features, 0 elsewhere.

    Parameters
    ----------
    values
        Importances from one of the functions of :mod:`fsstab.importance`, either one per
        selected feature (the columns of the model, in order) or one per feature (length ``d``).
    support
        Boolean mask of length ``d`` of the selected features.
    floor_ratio
        A selected feature whose importance is not positive (or NaN) gets
        ``floor_ratio × max(importance of the selected features)``; if no selected feature has a
        positive importance, all of them get 1 (even importance).

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``: strictly positive exactly on ``support``, zero elsewhere.
    """
    support = np.asarray(support, dtype=bool)
    if support.ndim != 1:
        raise ValueError(f"support must be a 1-d boolean mask, got shape {support.shape}")
    if not 0 < floor_ratio < 1:
        raise ValueError(f"floor_ratio must lie in (0, 1), got {floor_ratio!r}")
    values = np.asarray(values, dtype=np.float64).ravel()
    k, d = int(support.sum()), support.size
    if values.size == d:
        on_support = values[support]
    elif values.size == k:
        on_support = values
    else:
        raise ValueError(
            f"values has {values.size} entries; expected one per selected feature ({k}) or one "
            f"per feature ({d})"
        )
    if np.any(np.isinf(on_support)):
        raise ValueError("values contains infinite importances")
    on_support = np.where(np.isnan(on_support), 0.0, on_support)
    out = np.zeros(d)
    if k == 0:
        return out
    top = on_support.max()
    if top <= 0:
        out[support] = 1.0
    else:
        out[support] = np.where(on_support > 0, on_support, floor_ratio * top)
    return out
