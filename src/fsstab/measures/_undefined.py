"""What a measure does where it is undefined (0/0): the ``undefined`` policies.

Every measure takes ``undefined="nan"`` (propagate NaN), ``"zero"`` (count as 0, stabm's
``impute.na = 0``) or ``"raise"`` (:class:`UndefinedMeasureError`); the helpers here apply the
policy to a single value or to the mean of pairwise scores.
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np

Undefined = Literal["nan", "zero", "raise"]
UNDEFINED_POLICIES: tuple[str, ...] = ("nan", "zero", "raise")


class UndefinedMeasureError(ValueError):
    """Raised with ``undefined="raise"`` when a measure or a pairwise score is undefined.

    Examples
    --------
    >>> from fsstab.measures import UndefinedMeasureError, nogueira
    >>> try:
    ...     nogueira([[], []], d=3, undefined="raise")       # no feature selected: 0/0
    ... except UndefinedMeasureError:
    ...     print("undefined")
    undefined
    """


def check_undefined_policy(undefined: str) -> str:
    if undefined not in UNDEFINED_POLICIES:
        raise ValueError(
            f"undefined must be one of {', '.join(map(repr, UNDEFINED_POLICIES))}; "
            f"got {undefined!r}"
        )
    return undefined


def average_pair_scores(
    scores: np.ndarray,
    rows_i: np.ndarray,
    rows_j: np.ndarray,
    undefined: str,
    name: str,
) -> float:
    """Mean of pairwise scores (NaN = undefined pair) under an ``undefined`` policy.

    ``"nan"`` propagates an undefined pair to the mean, ``"zero"`` counts it as 0 (stabm's
    ``impute.na = 0``: undefined scores are replaced by 0 *before* averaging) and ``"raise"``
    raises :class:`UndefinedMeasureError` naming the first undefined pair of runs.
    """
    missing = np.isnan(scores)
    if missing.any():
        if undefined == "raise":
            r = int(np.flatnonzero(missing)[0])
            raise UndefinedMeasureError(
                f"{name}: the pairwise score of runs {int(rows_i[r])} and {int(rows_j[r])} is "
                "undefined (see the measure's docstring for when); pass undefined='zero' to "
                "count undefined pairs as 0"
            )
        if undefined == "zero":
            scores = np.where(missing, 0.0, scores)
    return float(np.mean(scores))


def finite_or_policy(value: float, undefined: str, what: str, why: str = "") -> float:
    """Apply an ``undefined`` policy to a value that may be NaN (``why``: ": <reason>")."""
    if math.isnan(value):
        if undefined == "raise":
            raise UndefinedMeasureError(f"{what} is undefined for this input{why}")
        if undefined == "zero":
            return 0.0
    return value
