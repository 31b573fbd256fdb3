"""``paper.settings`` of a Sechidis et al. (2019) run: the schema ``settings.schema.yaml``
(package data) and the checks against the rest of the configuration.

``rules/paper_sechidis2019.smk`` calls ``SETTINGS.checked(WF)`` at parse time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.settings import PaperSettings, configured_problems

__all__ = ["SETTINGS"]


def _ipass_problems(ipass: Mapping[str, Any], workflow: Any) -> list[str]:
    """§4.2: the stand-in must have C = 1 within its groups, its selectors one fit each."""
    problems = configured_problems("ipass.dataset", [ipass["dataset"]], workflow)
    datasets = workflow.raw.get("datasets") or {}
    if not problems and (datasets[ipass["dataset"]].get("similarity") or {}).get(
            "method") != "groups":
        problems.append(f"ipass.dataset: {ipass['dataset']!r} needs similarity: {{method: "
                        "groups} (C = 1 within the biomarker groups, §4.2)")
    problems += configured_problems("ipass.selectors", list(ipass["selectors"]), workflow,
                                    kind="selectors")
    selectors = workflow.raw.get("selectors") or {}
    gridded = sorted(label for label in set(ipass["selectors"]) & set(selectors)
                     if selectors[label].get("grid") or selectors[label].get("sweep"))
    if gridded:
        problems.append(f"ipass.selectors: {gridded} must be single configurations (no "
                        "grid or sweep)")
    return problems


def _cross_checks(settings: Mapping[str, Any], workflow: Any) -> list[str]:
    """What the schema cannot say (keys relative to ``paper.settings``)."""
    problems = configured_problems("methods", list(settings["methods"]), workflow,
                                   kind="selectors")
    if settings["ipass"] is not None:
        problems += _ipass_problems(settings["ipass"], workflow)
    # the paper compares φ and Φ_C: both must be computed (a problem of the whole settings)
    problems += [f"{problem} (the paper compares φ and Φ_C)" for problem in
                 configured_problems("", ["nogueira", "sechidis"], workflow, kind="measures")]
    return problems


#: The settings of a run (:class:`fsstab.papers.settings.PaperSettings`).
SETTINGS = PaperSettings.from_package(__package__, _cross_checks)
