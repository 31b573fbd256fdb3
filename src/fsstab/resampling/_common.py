"""What the row and the group draws of :mod:`fsstab.resampling` share: rounding, the split of
a training size across strata, the check of a fraction."""

from __future__ import annotations

import math
from typing import Any

import numpy as np


def _round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def _allocate(total: int, counts: np.ndarray) -> np.ndarray:
    """Split ``total`` training rows across classes in proportion to ``counts``.

    Largest-remainder rounding (ties to the earlier class), then every class is given at least
    one row, taken from the class with the largest allocation.
    """
    quotas = total * counts / counts.sum()
    alloc = np.floor(quotas).astype(np.int64)
    order = np.argsort(-(quotas - alloc), kind="stable")
    alloc[order[: total - int(alloc.sum())]] += 1
    for c in np.flatnonzero(alloc == 0):
        donor = int(np.argmax(alloc))
        alloc[donor] -= 1
        alloc[c] += 1
    return alloc


def _check_fraction(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 1:
        raise ValueError(f"{name} must be a number strictly between 0 and 1, got {value!r}")
    return float(value)
