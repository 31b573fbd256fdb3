"""``paper.settings`` of a Sechidis et al. (2019) run: the schema ``settings.schema.yaml``
(package data) and the checks against the rest of the configuration.

``rules/paper_sechidis2019.smk`` calls ``SETTINGS.checked(WF)`` at parse time and passes
:func:`run_settings` (what §4.1's run uses, in the paper's terms) to the comparison and
conclusions rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.settings import PaperSettings, configured_problems

__all__ = ["SETTINGS", "run_settings"]


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


def _one(values: list[Any], *, what: str) -> Any:
    """The value all methods share, or the distinct values listed (a difference to show)."""
    distinct = list(dict.fromkeys(values))
    if not distinct:
        return f"no {what}"
    return distinct[0] if len(distinct) == 1 else ", ".join(str(v) for v in distinct)


def _k_text(fraction: Any) -> str:
    if isinstance(fraction, float) and 0 < fraction < 1:
        return f"{100 * fraction:g} % of d"
    return f"{fraction} features"


def run_settings(workflow: Any, methods: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """What §4.1's run of each data set used, keyed like
    :data:`~fsstab.papers.sechidis2019.reference.PAPER_RUN` (M, the fraction left out, k, the
    trees of RF and GBM, the bins of the filters, the classifier, C): a parameter of the
    comparison and conclusions rules, set beside the paper's settings.

    ``workflow``: the checked :class:`fsstab.workflow.config.WorkflowConfig`; ``methods``:
    ``paper.settings.methods`` (selector label -> the paper's name).
    """
    configurations = {label: workflow.configuration(label) for label in methods}
    by_class: dict[str, list[Any]] = {}
    for configuration in configurations.values():
        by_class.setdefault(configuration.cls, []).append(configuration.params)
    fractions = [params.get("target_k", params.get("n_features_to_select"))
                 for params in (c.params for c in configurations.values())]
    model = workflow.raw.get("accuracy_model") or {}
    neighbours = (model.get("params") or {}).get("n_neighbors", 5)
    classifier = (f"{neighbours}-NN" if model.get("class") == "KNeighborsClassifier"
                  else str(model.get("class", "none")))
    settings = {}
    for dataset in workflow.selected_datasets:
        if not any(dataset in c.datasets for c in configurations.values()):
            continue
        resampling = workflow.resampling_for(dataset)
        similarity = workflow.datasets[dataset].similarity_params or {}
        settings[dataset] = {
            "M": workflow.n_resamples_for(dataset),
            "left out": (float(resampling["params"]["delta"])
                         if resampling["scheme"] == "leave_out"
                         else f"none ({resampling['scheme']})"),
            "k": _one([_k_text(f) for f in fractions], what="k"),
            "RF trees": _one([p.get("n_estimators", 100)
                              for p in by_class.get("RandomForestSelector", [])],
                             what="random forest"),
            "GBM trees": _one([p.get("n_estimators", 100)
                               for p in by_class.get("GBMSelector", [])], what="GBM"),
            "bins": _one([p.get("n_bins") for p in by_class.get("FilterSelector", [])],
                         what="filter"),
            "classifier": classifier,
            "C": (("binary: " if similarity.get("binary") else "weighted |rho|: ")
                  + (f"|Spearman rho| > {similarity['threshold']:g}"
                     if similarity.get("method") == "spearman" else
                     f"{similarity.get('method')} {similarity.get('threshold')}")),
        }
    return settings
