"""``paper.settings.ch7``: the schema ``settings.schema.yaml`` (package data; defaults = the
thesis' settings) and the check that its data sets are configured."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.settings import PaperSettings, configured_problems

__all__ = ["SETTINGS", "dataset_problems"]


def dataset_problems(key: str, names: list[str], workflow: Any) -> list[str]:
    """The data sets ``names`` (of settings key ``key``) are configured, each named once."""
    problems = configured_problems(key, names, workflow)
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        problems.append(f"{key}: {duplicates} named more than once")
    return problems


def _cross_checks(ch7: Mapping[str, Any], workflow: Any) -> list[str]:
    """Keys relative to ``paper.settings.ch7``."""
    return dataset_problems("datasets", list(ch7["datasets"]), workflow)


#: The settings of Ch. 7 (:class:`fsstab.papers.settings.PaperSettings`).
SETTINGS = PaperSettings.from_package(__package__, _cross_checks)
