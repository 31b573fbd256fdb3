"""Measures over a selection, shared by the cross-validation functions and the searches of
:mod:`fsstab.sklearn`: names checked against :data:`fsstab.measures.MEASURES`, confidence
intervals where a measure has one."""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from fsstab.measures import MEASURES, nogueira_confidence_interval

#: Measures that have a confidence interval (Nogueira, Sechidis & Brown 2018).
_MEASURES_WITH_INTERVAL = frozenset({"nogueira"})


def _check_confidence_level(confidence_level: Any) -> float:
    if (isinstance(confidence_level, bool) or not isinstance(confidence_level, numbers.Real)
            or not 0.0 < float(confidence_level) < 1.0):
        raise ValueError(f"confidence_level must lie in (0, 1), got {confidence_level!r}")
    return float(confidence_level)


def _measure_names(measures: Any, name: str = "measures") -> list[str] | None:
    if measures is None:
        return None
    names = [measures] if isinstance(measures, str) else list(measures)
    if not names:
        raise ValueError(f"{name} is empty; name at least one measure of fsstab.measures.MEASURES")
    unknown = [m for m in names if m not in MEASURES]
    if unknown:
        raise ValueError(
            f"unknown stability measure(s) {unknown} in {name}; known measures: "
            f"{', '.join(sorted(MEASURES))}"
        )
    return names


def _needs(names: list[str] | None, requirement: str) -> bool:
    return names is not None and any(requirement in MEASURES[n].requires for n in names)


def _interval(Z: np.ndarray, name: str, confidence_level: float) -> tuple[float, float]:
    if name not in _MEASURES_WITH_INTERVAL:
        return math.nan, math.nan
    return nogueira_confidence_interval(Z, alpha=1.0 - confidence_level, clip=True)
