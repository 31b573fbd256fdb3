"""The stages of fsstab's Snakemake workflow as importable functions.

The workflow (``Snakefile``, ``rules/*.smk``, ``scripts/*.py``) only composes the package; all
logic lives here so that it is tested like any other library code:

- :mod:`fsstab.workflow.config`     -- schema + semantic validation, expansion of selector grids
                                       into configurations with readable ids
- :mod:`fsstab.workflow.naming`     -- path-safe ids of configurations and variants
- :mod:`fsstab.workflow.sweeps`     -- which selector parameters a grid or sweep may vary
- :mod:`fsstab.workflow.data`       -- fetch, prefilter, resample, similarity, univariate scores
- :mod:`fsstab.workflow.selection`  -- C calibration, one configuration on a chunk of resamples
- :mod:`fsstab.workflow.tables`     -- the selection tables' files, gathering, concatenation
- :mod:`fsstab.workflow.stability`  -- measures, confidence interval, accuracy per variant
- :mod:`fsstab.workflow.decisions`  -- Pareto fronts, γ compromises, ε-constraint, ranks
- :mod:`fsstab.workflow.figures`    -- feature maps, Pareto plots, trajectories, summaries

The seeds of every step, derived from (global seed, dataset, resample, ...), are the library's
:func:`fsstab.seeds.derive_seed` and :func:`fsstab.seeds.resample_seed`.
"""

import importlib
from typing import Any

# Attributes are imported on first use: the rules' scripts import only the stage module they
# need, so that e.g. the gather job does not pay for importing every selector.
_EXPORTS = {
    "ConfigError": "fsstab.workflow.config",
    "Configuration": "fsstab.workflow.config",
    "WorkflowConfig": "fsstab.workflow.config",
    "check_config": "fsstab.workflow.config",
    "load_config": "fsstab.workflow.config",
    "load_schema": "fsstab.workflow.config",
    "validate_schema": "fsstab.workflow.config",
    "parameter_id": "fsstab.workflow.naming",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'fsstab.workflow' has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)
