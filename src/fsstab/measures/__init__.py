"""Stability measures for the outcome of M feature-selection runs.

:data:`MEASURES` maps each measure's snake_case name to its :class:`MeasureInfo` (function,
family, bounds, correction for chance, required inputs, paper and equation); :func:`compute`
evaluates many measures at once and shares their work.
"""

from fsstab.measures._core import (
    SelectionStats,
    UndefinedMeasureError,
    applicable_measures,
    as_importance_matrix,
    as_rank_matrix,
    as_selection_matrix,
    as_similarity_matrix,
    compute,
)
from fsstab.measures._parameters import parameter_problems
from fsstab.measures._registry import MEASURES, MeasureInfo, register_measure

# --- adjusted measures (need a similarity matrix C and threshold θ) -------------------------
from fsstab.measures.adjusted import (
    adjusted_measure_by_group,
    adjusted_pair_score_matrix,
    intersection_count,
    intersection_greedy,
    intersection_mbm,
    intersection_mean,
    yu,
    zucknick,
)
from fsstab.measures.effective import sechidis  # registered after the pairwise adjusted ones

# --- subset (pairwise, frequency), importance and ranking measures; inference for φ ---------
from fsstab.measures.frequency import davis, nogueira, novovicova, somol
from fsstab.measures.inference import (
    StabilityTest,
    nogueira_bounds,
    nogueira_confidence_interval,
    nogueira_one_sample_test,
    nogueira_two_sample_test,
    nogueira_variance,
    selection_frequency_interval,
)
from fsstab.measures.pairwise import (
    dice,
    hamming,
    jaccard,
    kappa,
    kuncheva,
    lustgarten,
    nogueira_brown,
    npog,
    ochiai,
    pair_score_matrix,
    phi_pairwise,
    unadjusted,
    wald,
)
from fsstab.measures.ranking import canberra
from fsstab.measures.timing import time_measures
from fsstab.measures.weight_based import importance_weighted, pearson

__all__ = [
    "MEASURES",
    "MeasureInfo",
    "SelectionStats",
    "UndefinedMeasureError",
    "applicable_measures",
    "as_importance_matrix",
    "as_rank_matrix",
    "as_selection_matrix",
    "as_similarity_matrix",
    "compute",
    "parameter_problems",
    "register_measure",
]

# --- adjusted measures ---------------------------------------------------------------------
__all__ += [
    "adjusted_measure_by_group",
    "adjusted_pair_score_matrix",
    "intersection_count",
    "intersection_greedy",
    "intersection_mbm",
    "intersection_mean",
    "sechidis",
    "yu",
    "zucknick",
]

# --- subset, importance and ranking measures; inference for φ ----------------------------------
__all__ += [
    "StabilityTest",
    "canberra",
    "davis",
    "dice",
    "hamming",
    "importance_weighted",
    "jaccard",
    "kappa",
    "kuncheva",
    "lustgarten",
    "nogueira",
    "nogueira_bounds",
    "nogueira_brown",
    "nogueira_confidence_interval",
    "nogueira_one_sample_test",
    "nogueira_two_sample_test",
    "nogueira_variance",
    "novovicova",
    "npog",
    "ochiai",
    "pair_score_matrix",
    "pearson",
    "phi_pairwise",
    "selection_frequency_interval",
    "somol",
    "time_measures",
    "unadjusted",
    "wald",
]
