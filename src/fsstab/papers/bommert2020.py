"""Bommert (2020, thesis): the paper hook of ``config/paper/bommert2020.yaml``.

The thesis' experiments fall into four independent parts, one settings section each below
``paper.settings``: ``ch5`` (the filter benchmark), ``ch6`` (comparison of stability measures),
``ch7`` (multi-criteria tuning) and ``ch8`` (L0-regularised models on data with similar
features). A run computes the sections it is given, so one part can be regenerated alone.
Each section is checked and resolved by its chapter module (:mod:`fsstab.papers.bommert2020_ch56`,
:mod:`fsstab.papers.bommert2020_ch78`), which provides
``check_section(name, section, workflow) -> list[str]`` (problems relative to the section) and
``resolve_section(name, section) -> dict`` (the section with its defaults filled in).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

__all__ = ["SECTIONS", "check_settings", "checked_settings", "resolved_settings"]

#: settings section -> the module that checks it and holds its computations
SECTIONS: dict[str, str] = {
    "ch5": "fsstab.papers.bommert2020_ch56",
    "ch6": "fsstab.papers.bommert2020_ch56",
    "ch7": "fsstab.papers.bommert2020_ch78",
    "ch8": "fsstab.papers.bommert2020_ch78",
}


def _sections(settings: Mapping[str, Any] | None) -> tuple[dict[str, Any], list[str]]:
    settings = dict(settings or {})
    problems = [
        f"paper.settings.{key}: unknown section (known: {', '.join(SECTIONS)})"
        for key in settings
        if key not in SECTIONS
    ]
    if not problems and not settings:
        problems.append(f"paper.settings: give at least one of the sections {', '.join(SECTIONS)}")
    return settings, problems


def check_settings(settings: Mapping[str, Any] | None, workflow: Any) -> list[str]:
    """Problems of ``paper.settings``, each naming its key (``paper.settings.ch7.n_folds: ...``)."""
    settings, problems = _sections(settings)
    for name, section in settings.items():
        if name not in SECTIONS:
            continue
        module = importlib.import_module(SECTIONS[name])
        problems += [
            f"paper.settings.{name}.{problem}" if not problem.startswith(":") else
            f"paper.settings.{name}{problem}"
            for problem in module.check_section(name, section or {}, workflow)
        ]
    return problems


def checked_settings(workflow: Any) -> dict[str, dict[str, Any]]:
    """``workflow.paper.settings`` checked (:func:`check_settings`) and resolved: what
    ``rules/paper_bommert2020.smk`` calls before any job; a
    :class:`fsstab.workflow.config.ConfigError` lists every problem."""
    from fsstab.workflow.config import ConfigError

    problems = check_settings(workflow.paper.settings, workflow)
    if problems:
        raise ConfigError(problems)
    return resolved_settings(workflow.paper.settings)


def resolved_settings(settings: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """Each given section with its defaults filled in (what the rules read)."""
    settings, problems = _sections(settings)
    if problems:
        raise ValueError("; ".join(problems))
    return {
        name: importlib.import_module(SECTIONS[name]).resolve_section(name, section or {})
        for name, section in settings.items()
    }
