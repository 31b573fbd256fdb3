"""Feature selectors as scikit-learn estimators.

:data:`SELECTORS` maps each public class name to its class; the workflow's configuration refers
to selectors through it.

Names are imported on first use (module-level ``__getattr__``, as in :mod:`fsstab.workflow`):
importing one submodule, e.g. the univariate statistics that the prefilter uses, does not load
every selector and scikit-learn with it.
"""

import importlib
from typing import Any

_EXPORTS = {
    "BaseSelector": "_base",
    "CLASSIFIERS": "_classifiers",
    "ClassifierInfo": "_classifiers",
    "make_classifier": "_classifiers",
    "FilterClassifier": "_combined",
    "n_kept": "_combined",
    "PARAMETER_CHECKS": "_constraints",
    "parameter_problems": "_constraints",
    "default_n_features": "_common",
    "descending_order": "_common",
    "total_ranking": "_common",
    # -- tree, neighbour, filter and resampling-ensemble selectors
    "EnsembleSelector": "_ensembles",
    "StabilitySelection": "_ensembles",
    "complementary_pairs": "_ensembles",
    "stability_selection_parameters": "_ensembles",
    "GreedySelection": "_filter_scores",
    "FILTERS": "_filters",
    "FilterInfo": "_filters",
    "FilterSelector": "_filters",
    "get_filter": "_filters",
    "GLMBoostClassifier": "_glmboost",
    "GLMBoostSelector": "_glmboost",
    "glm_boost": "_glmboost",
    "ReliefSelector": "_relief",
    "GBMSelector": "_trees",
    "RandomForestSelector": "_trees",
    "tree_usage_fraction": "_trees",
    # -- linear / RFE family (penalised logistic regression, RFE, hybrid-RFE, L0)
    "L0Fit": "_l0",
    "L0Selector": "_l0",
    "l0_logistic_fit": "_l0",
    "l0_logistic_support": "_l0",
    "CalibrationResult": "_calibration",
    "ElasticNetSelector": "_penalized",
    "GroupLassoSelector": "_penalized",
    "LassoSelector": "_penalized",
    "UnreachableTargetError": "_calibration",
    "calibrate_C": "_calibration",
    "SVMRFE": "_svm_rfe",
    "HybridRFE": "_rfe",
    "LogisticRFE": "_rfe",
    "RFEPath": "_rfe",
    "frequency_score": "_elimination",
    "hybrid_rfe_sweep": "_rfe",
    # -- continuous and survival outcomes
    "LinearRFE": "_linear_rfe",
    "PenalizedCoxRegression": "_outcome_models",
    "PenalizedLinearRegression": "_outcome_models",
    "selectors_for_task": "_tasks",
}

#: The registered selector classes, in this order (name -> class).
_REGISTERED = (
    "LassoSelector",
    "ElasticNetSelector",
    "GroupLassoSelector",
    "LogisticRFE",
    "SVMRFE",
    "HybridRFE",
    "L0Selector",
    "RandomForestSelector",
    "ReliefSelector",
    "FilterSelector",
    "FilterClassifier",
    "GBMSelector",
    "GLMBoostSelector",
    "StabilitySelection",
    "EnsembleSelector",
    "LinearRFE",
)


def __getattr__(name: str) -> Any:
    if name == "SELECTORS":
        value: Any = {cls: __getattr__(cls) for cls in _REGISTERED}
    elif name in _EXPORTS:
        value = getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # once imported, a plain attribute (and one SELECTORS dict)
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "CLASSIFIERS",
    "FILTERS",
    "PARAMETER_CHECKS",
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
    "LinearRFE",
    "LogisticRFE",
    "PenalizedCoxRegression",
    "PenalizedLinearRegression",
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
    "parameter_problems",
    "selectors_for_task",
    "stability_selection_parameters",
    "total_ranking",
    "tree_usage_fraction",
]
