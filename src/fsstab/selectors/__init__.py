"""Feature selectors as scikit-learn estimators.

:data:`SELECTORS` maps each public class name to its class; the workflow's configuration refers
to selectors through it.
"""

from fsstab.selectors._base import BaseSelector
from fsstab.selectors._ensembles import (
    EnsembleSelector,
    StabilitySelection,
    stability_selection_parameters,
)
from fsstab.selectors._filters import FILTERS, FilterInfo, FilterSelector, get_filter
from fsstab.selectors._relief import ReliefSelector
from fsstab.selectors._trees import GBMSelector, RandomForestSelector

SELECTORS: dict[str, type[BaseSelector]] = {}

# tree, neighbour, filter and resampling-ensemble selectors (issue 3, second half)
SELECTORS.update(
    {
        cls.__name__: cls
        for cls in (
            RandomForestSelector,
            ReliefSelector,
            FilterSelector,
            GBMSelector,
            StabilitySelection,
            EnsembleSelector,
        )
    }
)

__all__ = [
    "FILTERS",
    "SELECTORS",
    "BaseSelector",
    "EnsembleSelector",
    "FilterInfo",
    "FilterSelector",
    "GBMSelector",
    "RandomForestSelector",
    "ReliefSelector",
    "StabilitySelection",
    "get_filter",
    "stability_selection_parameters",
]
