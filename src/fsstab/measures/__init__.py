"""Stability measures for the outcome of M feature-selection runs.

:data:`MEASURES` maps each measure's snake_case name to its :class:`MeasureInfo` (function,
family, bounds, correction for chance, required inputs, paper and equation); :func:`compute`
evaluates many measures at once and shares their work.
"""

from fsstab.measures._core import (
    MEASURES,
    MeasureInfo,
    SelectionStats,
    UndefinedMeasureError,
    as_importance_matrix,
    as_rank_matrix,
    as_selection_matrix,
    as_similarity_matrix,
    compute,
)

# --- adjusted measures (need a similarity matrix C and threshold θ) -------------------------
from fsstab.measures.adjusted import (
    adjusted_pair_scores,
    intersection_count,
    intersection_greedy,
    intersection_mbm,
    intersection_mean,
    sechidis,
    yu,
    zucknick,
)

__all__ = [
    "MEASURES",
    "MeasureInfo",
    "SelectionStats",
    "UndefinedMeasureError",
    "as_importance_matrix",
    "as_rank_matrix",
    "as_selection_matrix",
    "as_similarity_matrix",
    "compute",
]

# --- adjusted measures ---------------------------------------------------------------------
__all__ += [
    "adjusted_pair_scores",
    "intersection_count",
    "intersection_greedy",
    "intersection_mbm",
    "intersection_mean",
    "sechidis",
    "yu",
    "zucknick",
]
