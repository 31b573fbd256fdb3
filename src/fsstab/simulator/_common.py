"""Validation, seeds and the stability of selected subsets, shared by :mod:`fsstab.simulator`
and its real-selector protocol (:mod:`fsstab.simulator._real`)."""

from __future__ import annotations

from numbers import Integral, Real
from typing import Any

import numpy as np

from fsstab.measures import MEASURES, compute
from fsstab.seeds import substream


def check_int(value: Any, name: str, minimum: int, maximum: int | None = None) -> int:
    """``value`` as an int in [minimum, maximum]; otherwise ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < minimum or (maximum is not None and value > maximum):
        upper = "" if maximum is None else f" and <= {maximum}"
        raise ValueError(f"{name} must be >= {minimum}{upper}, got {value}")
    return int(value)


def check_probability(value: Any, name: str = "p") -> float:
    """``value`` as a float in [0, 1]; otherwise ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, Real) or not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be a probability in [0, 1], got {value!r}")
    return float(value)


def check_sizes(n_feature: Any, n_target: Any, n_useful: Any) -> tuple[int, int, int]:
    """n_target <= n_useful <= n_feature: S_m (n_target features) is drawn from S' (Onda §2.2.3)."""
    n_feature = check_int(n_feature, "n_feature", 1)
    n_target = check_int(n_target, "n_target", 1, n_feature)
    n_useful = check_int(n_useful, "n_useful", n_target, n_feature)
    return n_feature, n_target, n_useful


def check_measure(measure: Any) -> str:
    """A measure of :data:`fsstab.measures.MEASURES` that needs selected subsets only."""
    if not isinstance(measure, str) or measure not in MEASURES:
        raise ValueError(
            f"measure must be the name of a stability measure of fsstab.measures, got "
            f"{measure!r}; choose one of {sorted(subset_measures())}"
        )
    if MEASURES[measure].requires != ("Z",):
        raise ValueError(
            f"measure {measure!r} needs {MEASURES[measure].requires}; the simulator produces "
            f"feature subsets only; choose one of {sorted(subset_measures())}"
        )
    return measure


def subset_measures() -> list[str]:
    """Names of the measures of :mod:`fsstab.measures` computed from selected subsets alone."""
    return [name for name, info in MEASURES.items() if info.requires == ("Z",)]


def child_seed(seed: int, *key: int) -> int:
    """An integer seed (for scikit-learn estimators) of the unit ``key`` of ``seed``'s stream."""
    return int(substream(seed, *key).integers(np.iinfo(np.int32).max))


def selection_stability(selections: Any, measure: str = "jaccard") -> float:
    """Stability of a set of selected subsets under a measure of :mod:`fsstab.measures`.

    The default is the mean pairwise Jaccard similarity of Onda App. C.1,
    J = 2/(U(U-1)) Σ_{i<j} |s_i ∩ s_j| / |s_i ∪ s_j|.
    """
    measure = check_measure(measure)
    return float(compute(selections, measure)[measure])


def check_m_values(values: Any) -> list[int]:
    """A non-empty list of m_ensemble values (positive integers)."""
    values = [values] if isinstance(values, Integral) else list(values)
    if not values:
        raise ValueError("m_ensemble values must not be empty")
    return [check_int(m, "m_ensemble", 1) for m in values]
