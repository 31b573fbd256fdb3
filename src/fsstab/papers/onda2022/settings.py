"""``paper.settings`` of an Onda et al. (2022) run: the schema ``settings.schema.yaml`` (package
data) and the checks against the rest of the configuration.

``rules/paper_onda2022.smk`` calls ``SETTINGS.checked(WF)`` at parse time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.settings import PaperSettings, configured_problems

__all__ = ["SETTINGS"]


def _cross_checks(settings: Mapping[str, Any], workflow: Any) -> list[str]:
    """What the schema cannot say (keys relative to ``paper.settings``)."""
    problems = configured_problems("datasets", list(settings["datasets"]), workflow)
    main = settings["main_dataset"]
    if main is not None and main not in settings["datasets"]:
        problems.append(f"main_dataset: {main!r} is not one of datasets")
    trees = set(settings["n_trees"])
    for name, entry in settings["datasets"].items():
        if entry["reference_n_tree"] not in trees:
            problems.append(f"datasets.{name}.reference_n_tree: {entry['reference_n_tree']} is "
                            f"not in n_trees {sorted(trees)}")
    for key in ("histogram_n_tree", "timing_n_tree"):
        if settings[key] not in trees:
            problems.append(f"{key}: {settings[key]} is not in n_trees {sorted(trees)}")
    first, last, step = settings["parameter_map"]["p_range"]
    if not (0 <= first <= last <= 1 and step > 0):
        problems.append(f"parameter_map.p_range: {[first, last, step]} must be 0 <= first <= "
                        "last <= 1 with a positive step")
    study = settings["mtry_study"]
    if study is not None and study["real_ensemble_mtry"] not in (None, *study["mtry"]):
        problems.append(f"mtry_study.real_ensemble_mtry: {study['real_ensemble_mtry']} is not "
                        f"one of mtry_study.mtry {study['mtry']}")
    return problems


#: The settings of a run (:class:`fsstab.papers.settings.PaperSettings`).
SETTINGS = PaperSettings.from_package(__package__, _cross_checks)
