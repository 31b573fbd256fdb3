"""fsstab: measure, optimise and explain the stability of feature selection.

Modules (one concept each):

- :mod:`fsstab.measures`   -- stability measures, their registry and inference
- :mod:`fsstab.selectors`  -- feature selectors as scikit-learn estimators
- :mod:`fsstab.importance` -- importance of features in fitted predictive models
- :mod:`fsstab.datasets`, :mod:`fsstab.sources` -- the dataset container and fetching by source spec
  (the whole input wing: file formats, sample sheets, R/Excel layouts, AnnData)
- :mod:`fsstab.synthetic`  -- seeded simulation designs from the papers
- :mod:`fsstab.prefilter`, :mod:`fsstab.resampling` -- variance prefiltering, resampling schemes
  (also over groups of samples: patients, batches)
- :mod:`fsstab.similarity` -- feature-similarity matrices for the adjusted measures
- :mod:`fsstab.pareto`     -- Pareto fronts, γ compromises, ε-constraint selection
- :mod:`fsstab.ties`       -- equal scores compare equal (values equal up to rounding merged)
- :mod:`fsstab.sklearn`    -- stability of scikit-learn cross-validations; searches tuned on
  (accuracy, stability)
- :mod:`fsstab.simulator`  -- Onda et al.'s simulated selector: fast ensemble-stability estimates
- :mod:`fsstab.plots`      -- feature stability maps and decision figures
- :mod:`fsstab.io`         -- atomic, byte-deterministic Parquet / JSON writes

``fsstab.analyse`` (the notebook API: the workflow's stages in one process, on an AnnData, a
DataFrame, arrays or a file) is :func:`fsstab.workflow.analysis.analyse`, loaded on first use.
"""

import importlib
from typing import Any

from fsstab._arrow_memory import use_system_pool_under_cap

__version__ = "0.1.0"

use_system_pool_under_cap()

#: Names loaded on first use: the notebook API belongs to the workflow layer.
_EXPORTS = {"analyse": "fsstab.workflow.analysis"}


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'fsstab' has no attribute {name!r}")
