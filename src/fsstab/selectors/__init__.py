"""Feature selectors as scikit-learn estimators.

:data:`SELECTORS` maps each public class name to its class; the workflow's configuration refers
to selectors through it.
"""

from fsstab.selectors._base import BaseSelector

# -- linear / RFE family (penalised logistic regression, RFE, hybrid-RFE, L0) -----------------
from fsstab.selectors._l0 import L0Selector
from fsstab.selectors._penalized import (
    CalibrationResult,
    ElasticNetSelector,
    GroupLassoSelector,
    LassoSelector,
    calibrate_C,
)
from fsstab.selectors._rfe import (
    SVMRFE,
    HybridRFE,
    LogisticRFE,
    RFEPath,
    frequency_score,
    hybrid_rfe_sweep,
)

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
        )
    }
)

__all__ = [
    "SELECTORS",
    "SVMRFE",
    "BaseSelector",
    "CalibrationResult",
    "ElasticNetSelector",
    "GroupLassoSelector",
    "HybridRFE",
    "L0Selector",
    "LassoSelector",
    "LogisticRFE",
    "RFEPath",
    "calibrate_C",
    "frequency_score",
    "hybrid_rfe_sweep",
]
