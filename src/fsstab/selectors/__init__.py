"""Feature selectors as scikit-learn estimators.

:data:`SELECTORS` maps each registered class name to its class; the workflow's configuration
refers to selectors through it. A selector registers itself where it is defined, with
:func:`register_selector` (:mod:`fsstab.selectors._registry`); every registered class is
importable from here under its name.

Names are imported on first use (module-level ``__getattr__``, as in :mod:`fsstab.workflow`):
importing one submodule, e.g. the univariate statistics that the prefilter uses, does not load
every selector and scikit-learn with it. The first use of :data:`SELECTORS` or of a selector's
name loads the modules that define selectors.
"""

import importlib
from typing import Any

#: The names besides the registered selectors, and the module each is defined in.
_EXPORTS = {
    "BaseSelector": "_base",
    "CLASSIFIERS": "_classifiers",
    "ClassifierInfo": "_classifiers",
    "make_classifier": "_classifiers",
    "n_kept": "_combined",
    "ParameterProblem": "_specs",
    "build_selector": "_specs",
    "constructor_parameters": "_specs",
    "data_problems": "_specs",
    "nested_specifications": "_specs",
    "parameter_problems": "_specs",
    "selector_class": "_specs",
    "selector_valued_parameters": "_specs",
    "specification_problems": "_specs",
    "task_problems": "_specs",
    "SelectorInfo": "_registry",
    "register_selector": "_registry",
    "default_n_features": "_common",
    "descending_order": "_common",
    "total_ranking": "_common",
    # -- helpers of the tree, neighbour, filter and resampling-ensemble selectors
    "complementary_pairs": "_stability_subsamples",
    "stability_subsamples": "_stability_subsamples",
    "subsample_selection_counts": "_stability_subsamples",
    "StabilityParameters": "_error_bounds",
    "stability_selection_bound": "_error_bounds",
    "stability_selection_parameters": "_error_bounds",
    "artificial_features": "_stabl",
    "IPSSResult": "_ipss",
    "integrated_path_stability": "_ipss",
    "ipss_bound_density": "_ipss",
    "ipss_q_values": "_ipss",
    "lasso_stability_paths": "_ipss",
    "GreedySelection": "_filter_scores",
    "FILTERS": "_filters",
    "FilterInfo": "_filters",
    "get_filter": "_filters",
    "GLMBoostClassifier": "_glmboost",
    "glm_boost": "_glmboost",
    "tree_usage_fraction": "_trees",
    # -- helpers of the linear / RFE family (penalised logistic regression, RFE, L0)
    "L0Fit": "_l0",
    "l0_logistic_fit": "_l0",
    "l0_logistic_support": "_l0",
    "CalibrationResult": "_calibration",
    "UnreachableTargetError": "_calibration",
    "calibrate_C": "_calibration",
    "RFEPath": "_elimination",
    "frequency_score": "_elimination",
    "hybrid_rfe_sweep": "_hybrid_rfe",
    # -- continuous and survival outcomes
    "PenalizedCoxRegression": "_outcome_models",
    "PenalizedLinearRegression": "_outcome_models",
    "selectors_for_task": "_tasks",
}


def _selectors() -> dict[str, type]:
    """:data:`SELECTORS`, built once (the registry loads the modules defining selectors)."""
    if "SELECTORS" not in globals():
        from fsstab.selectors._registry import registered_selectors

        globals()["SELECTORS"] = {name: info.cls for name, info in registered_selectors().items()}
    return globals()["SELECTORS"]


def __getattr__(name: str) -> Any:
    if name == "SELECTORS":
        value: Any = _selectors()
    elif name == "__all__":
        value = sorted([*_EXPORTS, "SELECTORS", *_selectors()])
    elif name in _EXPORTS:
        value = getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    elif not name.startswith("_") and name in _selectors():
        value = _selectors()[name]
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # once imported, a plain attribute (and one SELECTORS dict)
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__getattr__("__all__")))
