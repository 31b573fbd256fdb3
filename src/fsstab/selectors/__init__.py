"""Feature selectors as scikit-learn estimators.

:data:`SELECTORS` maps each public class name to its class; the workflow's configuration refers
to selectors through it.
"""

from fsstab.selectors._base import BaseSelector
from fsstab.selectors._classifiers import (
    CLASSIFIERS,
    ClassifierInfo,
    make_classifier,
)
from fsstab.selectors._combined import FilterClassifier, n_kept
from fsstab.selectors._common import default_n_features, descending_order, total_ranking

# -- tree, neighbour, filter and resampling-ensemble selectors --------------------------------
from fsstab.selectors._ensembles import (
    EnsembleSelector,
    StabilitySelection,
    complementary_pairs,
    stability_selection_parameters,
)
from fsstab.selectors._filter_scores import GreedySelection
from fsstab.selectors._filters import FILTERS, FilterInfo, FilterSelector, get_filter
from fsstab.selectors._glmboost import GLMBoostClassifier, GLMBoostSelector, glm_boost

# -- linear / RFE family (penalised logistic regression, RFE, hybrid-RFE, L0) -----------------
from fsstab.selectors._l0 import L0Fit, L0Selector, l0_logistic_fit, l0_logistic_support
from fsstab.selectors._penalized import (
    CalibrationResult,
    ElasticNetSelector,
    GroupLassoSelector,
    LassoSelector,
    UnreachableTargetError,
    calibrate_C,
)
from fsstab.selectors._relief import ReliefSelector
from fsstab.selectors._rfe import (
    SVMRFE,
    HybridRFE,
    LogisticRFE,
    RFEPath,
    frequency_score,
    hybrid_rfe_sweep,
)
from fsstab.selectors._trees import GBMSelector, RandomForestSelector, tree_usage_fraction

SELECTORS: dict[str, type[BaseSelector]] = {}
SELECTORS.update(
    {
        cls.__name__: cls
        for cls in (
            LassoSelector,
            ElasticNetSelector,
            GroupLassoSelector,
            LogisticRFE,
            SVMRFE,
            HybridRFE,
            L0Selector,
            RandomForestSelector,
            ReliefSelector,
            FilterSelector,
            FilterClassifier,
            GBMSelector,
            GLMBoostSelector,
            StabilitySelection,
            EnsembleSelector,
        )
    }
)

__all__ = [
    "CLASSIFIERS",
    "FILTERS",
    "SELECTORS",
    "SVMRFE",
    "BaseSelector",
    "CalibrationResult",
    "ClassifierInfo",
    "ElasticNetSelector",
    "EnsembleSelector",
    "FilterClassifier",
    "FilterInfo",
    "FilterSelector",
    "GBMSelector",
    "GLMBoostClassifier",
    "GLMBoostSelector",
    "GreedySelection",
    "GroupLassoSelector",
    "HybridRFE",
    "L0Fit",
    "L0Selector",
    "LassoSelector",
    "LogisticRFE",
    "RFEPath",
    "RandomForestSelector",
    "ReliefSelector",
    "StabilitySelection",
    "UnreachableTargetError",
    "calibrate_C",
    "complementary_pairs",
    "default_n_features",
    "descending_order",
    "frequency_score",
    "get_filter",
    "glm_boost",
    "hybrid_rfe_sweep",
    "l0_logistic_fit",
    "l0_logistic_support",
    "make_classifier",
    "n_kept",
    "stability_selection_parameters",
    "total_ranking",
    "tree_usage_fraction",
]
