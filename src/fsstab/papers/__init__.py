"""Paper-specific computations of the workflow's paper configurations.

A configuration with ``paper: {name: <name>, settings: {...}}`` regenerates the figures and
tables of one paper: the generic stages compute whatever the paper's experiment shares with
every study (selectors x datasets x resamples -> stability, accuracy, Pareto fronts), and the
rules of ``rules/paper_<name>.smk`` add what is specific to the paper, calling this package's
module ``fsstab.papers.<name>`` through thin scripts. Outputs go to
``<results_dir>/paper/<name>/``, named after the paper's numbering (``fig01_...``,
``table2_...``), with ``comparison.csv``: every number the paper states next to ours.

A paper module provides

- ``SETTINGS_SCHEMA``: the JSON schema of ``paper.settings`` (defaults are filled in), and
- ``check_settings(settings, config) -> list[str]``: semantic problems of the settings given
  the whole (schema-valid) configuration, each message naming its key.

:mod:`fsstab.papers.outputs` holds what every paper's rules share (tables as CSV + Parquet,
the comparison table).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from types import ModuleType
from typing import Any

__all__ = ["available_papers", "check_paper", "paper_module"]

_NOT_PAPERS = frozenset({"outputs"})


def available_papers() -> tuple[str, ...]:
    """Names of the paper modules of this package."""
    return tuple(sorted(
        m.name for m in pkgutil.iter_modules(__path__)
        if not m.name.startswith("_") and m.name not in _NOT_PAPERS
    ))


def paper_module(name: str) -> ModuleType:
    """``fsstab.papers.<name>``; ``ValueError`` listing the known papers otherwise."""
    if name not in available_papers():
        raise ValueError(f"unknown paper {name!r}; known papers: {', '.join(available_papers())}")
    return importlib.import_module(f"{__name__}.{name}")


def check_paper(
    paper: Mapping[str, Any], config: Mapping[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """Check a configuration's ``paper`` entry: the paper exists, its settings match its schema
    (defaults filled in) and its semantic checks pass.

    Returns ``(settings with defaults, problems)``; every problem names its key
    (``paper.name``, ``paper.settings.<key>``).
    """
    from fsstab.workflow.config import ConfigError, validate_schema

    try:
        module = paper_module(paper["name"])
    except ValueError as exc:
        return {}, [f"paper.name: {exc}"]
    settings = dict(paper.get("settings") or {})
    try:
        settings = validate_schema(settings, module.SETTINGS_SCHEMA)
    except ConfigError as exc:
        return settings, [f"paper.settings.{p}".replace(".(top level)", "")
                          for p in exc.problems]
    return settings, [f"paper.settings.{p}" for p in module.check_settings(settings, config)]
