"""``paper.settings.ch5``: the schema ``settings.schema.yaml`` (package data; defaults = the
thesis' settings) and the checks against the rest of the configuration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.settings import PaperSettings, configured_problems

__all__ = ["SETTINGS"]


def _cross_checks(ch5: Mapping[str, Any], workflow: Any) -> list[str]:
    """Data sets configured, filters and classifiers known, search spaces valid (keys relative
    to ``paper.settings.ch5``)."""
    from fsstab.search import parse_space
    from fsstab.selectors import CLASSIFIERS, get_filter

    problems = configured_problems("datasets", ch5["datasets"], workflow)
    problems += configured_problems("scaling.dataset", [ch5["scaling"]["dataset"]], workflow)
    for name in ch5["filters"]:
        try:
            get_filter(name)
        except ValueError as exc:
            problems.append(f"filters: {exc}")
    benchmark = ch5["benchmark"]
    try:
        parse_space({"fraction": benchmark["fraction"]})
    except ValueError as exc:
        problems.append(f"benchmark.{exc}")
    for name, space in benchmark["classifiers"].items():
        if name not in CLASSIFIERS:
            problems.append(f"benchmark.classifiers: unknown classifier {name!r}; "
                            f"known: {sorted(CLASSIFIERS)}")
            continue
        extra = sorted(set(space) - set(CLASSIFIERS[name].params))
        if extra:
            problems.append(f"benchmark.classifiers.{name}: no hyperparameter(s) {extra}; "
                            f"{name} has {list(CLASSIFIERS[name].params)}")
        elif space:
            try:
                parse_space(space)
            except ValueError as exc:
                problems.append(f"benchmark.classifiers.{name}.{exc}")
    outside = sorted(set(benchmark["boxplot_datasets"]) - set(ch5["datasets"]))
    if outside:
        problems.append(f"benchmark.boxplot_datasets: {outside} are not in "
                        "paper.settings.ch5.datasets")
    return problems


#: The settings of Ch. 5 (:class:`fsstab.papers.settings.PaperSettings`).
SETTINGS = PaperSettings.from_package(__package__, _cross_checks)
