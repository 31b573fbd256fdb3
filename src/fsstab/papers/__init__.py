"""Paper-specific computations of the workflow's paper configurations.

A configuration with ``paper: {name: <name>, settings: {...}}`` regenerates the figures and
tables of one paper: the generic stages compute whatever the paper's experiment shares with
every study (selectors x datasets x resamples -> stability, accuracy, Pareto fronts), and the
rules of ``rules/paper_<name>.smk`` add what is specific to the paper, calling this package's
module ``fsstab.papers.<name>`` through thin scripts. Outputs go to
``<results_dir>/paper/<name>/``, named after the paper's numbering (``fig01_...``,
``table2_...``), with ``comparison.csv``: every number the paper states next to ours.

Papers: :mod:`~fsstab.papers.hamer2021` (Hamer & Dupont 2021), :mod:`~fsstab.papers.nogueira2016`
(Nogueira & Brown 2016), :mod:`~fsstab.papers.sechidis2019` (Sechidis et al. 2019),
:mod:`~fsstab.papers.onda2022` (Onda et al. 2022).

A paper module provides ``check_settings(settings, workflow) -> list[str]``, which the workflow
calls before any job runs (each problem names its key, ``paper.settings.<key>``). The paper
modules of this branch describe their settings by a JSON schema with defaults
(``SETTINGS_SCHEMA``); :func:`settings_problems` checks settings against it and
:func:`resolve_settings` returns them with the defaults filled in (what the rules read).

:mod:`fsstab.papers.outputs` holds what every paper's rules share (tables as CSV + Parquet,
the comparison table).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["PaperSettings", "check_paper_settings", "resolve_settings", "settings_problems"]


def settings_problems(
    settings: Mapping[str, Any] | None, schema: Mapping[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """``(settings with the schema's defaults filled in, problems)``; each problem names its
    key as ``paper.settings.<key>``."""
    from fsstab.workflow.config import ConfigError, validate_schema

    try:
        return validate_schema(dict(settings or {}), schema), []
    except ConfigError as exc:
        return dict(settings or {}), [
            f"paper.settings.{problem}".replace(".(top level)", "") for problem in exc.problems
        ]


def check_paper_settings(
    settings: Mapping[str, Any] | None,
    schema: Mapping[str, Any],
    workflow: Any,
    cross_checks: Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]],
) -> list[str]:
    """The paper hook's ``check_settings``: the schema first, then
    ``cross_checks(filled settings, workflow.raw)`` (problems relative to ``paper.settings``),
    each problem naming its key as ``paper.settings.<key>``."""
    filled, problems = settings_problems(settings, schema)
    if problems:
        return problems
    return [f"paper.settings.{p}" for p in cross_checks(filled, workflow.raw)]


def resolve_settings(settings: Mapping[str, Any] | None,
                     schema: Mapping[str, Any]) -> dict[str, Any]:
    """The settings with the schema's defaults filled in; ``ValueError`` (a
    :class:`fsstab.workflow.config.ConfigError`) listing every problem otherwise."""
    from fsstab.workflow.config import ConfigError

    filled, problems = settings_problems(settings, schema)
    if problems:
        raise ConfigError(problems)
    return filled


class PaperSettings:
    """A paper module's two settings hooks from its schema and cross-checks: ``check`` is the
    workflow's ``check_settings(settings, workflow)`` hook (:func:`check_paper_settings`),
    ``resolve`` the rules' ``resolved_settings(settings)`` (:func:`resolve_settings`)."""

    def __init__(
        self,
        schema: Mapping[str, Any],
        cross_checks: Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]],
    ) -> None:
        self.schema = schema
        self.cross_checks = cross_checks

    def check(self, settings: Mapping[str, Any] | None, workflow: Any) -> list[str]:
        """Problems of ``paper.settings``: the schema, then the checks against the whole
        configuration (``workflow.raw``); each names its key."""
        return check_paper_settings(settings, self.schema, workflow, self.cross_checks)

    def resolve(self, settings: Mapping[str, Any] | None) -> dict[str, Any]:
        """The settings with the schema's defaults filled in (the rules' view)."""
        return resolve_settings(settings, self.schema)
