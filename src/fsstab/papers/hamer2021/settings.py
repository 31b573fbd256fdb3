"""``paper.settings`` of a Hamer & Dupont (2021) run: the schema ``settings.schema.yaml``
(package data) and the checks against the rest of the configuration.

``rules/paper_hamer2021.smk`` calls ``SETTINGS.checked(WF)`` at parse time; what the checked
settings produce in a run is :class:`fsstab.papers.hamer2021.plan.Plan`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.settings import PaperSettings, configured_problems

__all__ = ["SETTINGS", "run_settings"]


def _toy_problems(toy: Mapping[str, Any]) -> list[str]:
    # Figs. 4 and 6 use 15 features in every run plus 5 new ones per run
    needed = 5 * toy["n_runs"] + 15
    if toy["n_features"] < needed:
        return [f"toy.n_features: the toy maps use up to 5 M + 15 = {needed} features "
                f"(M = toy.n_runs = {toy['n_runs']}); got {toy['n_features']}"]
    return []


def _correlated_problems(groups: Mapping[str, Any]) -> list[str]:
    problems = []
    if 1 not in groups["group_sizes"]:
        problems.append(f"correlated_groups.group_sizes: must include 1 (the size at which λ is "
                        f"calibrated), got {groups['group_sizes']}")
    chosen = groups["map"]
    if chosen["scenario"] not in groups["scenarios"]:
        problems.append(f"correlated_groups.map.scenario: {chosen['scenario']} is not among the "
                        f"scenarios {groups['scenarios']}")
    if chosen["seed"] >= groups["seeds"]:
        problems.append(f"correlated_groups.map.seed: must lie in 0..seeds-1 = "
                        f"{groups['seeds'] - 1}, got {chosen['seed']}")
    unknown = [c for c in chosen["group_sizes"] if c not in groups["group_sizes"]]
    if unknown:
        problems.append(f"correlated_groups.map.group_sizes: {unknown} are not among the "
                        f"group_sizes {groups['group_sizes']}")
    return problems


def _section71_problems(s71: Mapping[str, Any], workflow: Any) -> list[str]:
    problems = configured_problems("section71.datasets", s71["datasets"], workflow)
    for key in ("rfe", "hybrid"):
        problems += configured_problems(f"section71.{key}", s71[key], workflow, "selectors")
    if s71["datasets"] and not s71["hybrid"]:
        problems.append("section71.hybrid: list the hybrid-RFE selectors (their union is the "
                        "Pareto set of Figs. 9-11)")
    frequency = s71["frequency_score"]
    outside = [name for name in frequency["datasets"] if name not in s71["datasets"]]
    if outside:
        problems.append(f"section71.frequency_score.datasets: {outside} are not in "
                        "section71.datasets")
    if s71["datasets"] and frequency["datasets"]:
        if frequency["selector"] is None:
            problems.append("section71.frequency_score.selector: name the selector of Fig. 10")
        else:
            problems += configured_problems("section71.frequency_score.selector",
                                            [frequency["selector"]], workflow, "selectors")
    return problems


def _cross_checks(settings: Mapping[str, Any], workflow: Any) -> list[str]:
    """What the schema cannot say (keys relative to ``paper.settings``)."""
    problems = _toy_problems(settings["toy"]) + _correlated_problems(settings["correlated_groups"])
    problems += _section71_problems(settings["section71"], workflow)
    s72, s73 = settings["section72"], settings["section73"]
    problems += configured_problems("section72.datasets", s72["datasets"], workflow)
    problems += configured_problems("section72.methods", s72["methods"], workflow, "selectors")
    if s72["datasets"] and "lasso" not in s72["methods"]:
        problems.append("section72.methods.lasso: Table 5 needs the LASSO")
    problems += configured_problems("section73.datasets", s73["datasets"], workflow)
    if s73["datasets"]:
        if s73["selector"] is None:
            problems.append("section73.selector: name the selector whose runs are grouped")
        else:
            problems += configured_problems("section73.selector", [s73["selector"]], workflow,
                                            "selectors")
    known = set(s72["datasets"]) | set(s73["datasets"])
    outside = [name for name in settings["substitutes"] if name not in known]
    if outside:
        problems.append(f"substitutes: {outside} are not in section72.datasets or "
                        "section73.datasets")
    return problems


#: The settings of a run (:class:`fsstab.papers.settings.PaperSettings`).
SETTINGS = PaperSettings.from_package(__package__, _cross_checks)


#: ``toy.n_features`` from which d stands for d → ∞ (the paper's assumption in §4).
D_INFINITE = 10**6


def _selector_params(workflow: Any, dataset: str, selectors: Any) -> dict[str, Any]:
    for configuration in workflow.configurations_for(dataset):
        if configuration.selector in selectors:
            return {**configuration.params, "calibrate_target_k": configuration.calibrate_target_k}
    return {}


def run_settings(settings: Mapping[str, Any], workflow: Any) -> dict[str, Any]:
    """What this run used, in the terms of :data:`fsstab.papers.hamer2021.reference.
    PAPER_SETTINGS` (part -> values; §7 parts: part -> paper data set -> values): a parameter
    of the conclusions rule, set beside the paper's to say whether they match.

    ``settings``: the checked ``paper.settings``; ``workflow``: the checked
    :class:`fsstab.workflow.config.WorkflowConfig` (data sets left out of the run are
    absent).
    """
    toy, groups = settings["toy"], settings["correlated_groups"]
    run: dict[str, Any] = {
        "toy": {"M": toy["n_runs"],
                "d": "→ ∞" if toy["n_features"] >= D_INFINITE else toy["n_features"]},
        "correlated": {"M": groups["n_runs"], "generative seeds": groups["seeds"],
                       "l": groups["n_other"], "features at c = 1": groups["target_k"]},
    }
    in_run = set(workflow.datasets)
    s71 = settings["section71"]
    run["section71"] = {}
    for paper, dataset in s71["datasets"].items():
        if dataset in in_run:
            params = _selector_params(workflow, dataset, s71["rfe"])
            filtered = workflow.datasets[dataset].n_features
            run["section71"][paper] = {
                "M": workflow.n_resamples_for(dataset), "k": params.get("n_features_to_select"),
                "d after filtering": "none" if filtered is None else filtered}
    s72 = settings["section72"]
    run["section72"] = {}
    for paper, dataset in s72["datasets"].items():
        if dataset in in_run:
            target = _selector_params(workflow, dataset, [s72["methods"].get("lasso")]).get(
                "calibrate_target_k")
            pruned = workflow.datasets[dataset].n_features
            run["section72"][paper] = {
                "M": workflow.n_resamples_for(dataset),
                "k": "min(20, √d)" if target == "auto" else target,
                "features": ("at most 5000" if pruned is None or pruned >= 5000
                             else f"{pruned} (prefiltered)")}
    s73 = settings["section73"]
    run["section73"] = {paper: {"M": workflow.n_resamples_for(dataset),
                                "group size": s73["block_size"]}
                        for paper, dataset in s73["datasets"].items() if dataset in in_run}
    return run


def conclusions_run(workflow: Any) -> dict[str, Any]:
    """The run's part of the conclusions' inputs (``conclusions_inputs.json``), a function of
    the checked workflow configuration alone: ``configured`` (the paper data sets of
    ``section71``, ``frequency_score``, ``section72``, ``section73``), ``methods``
    (``section72.methods``) and ``settings`` (:func:`run_settings`)."""
    settings = SETTINGS.checked(workflow)
    return {
        "configured": {
            "section71": list(settings["section71"]["datasets"]),
            "frequency_score": list(settings["section71"]["frequency_score"]["datasets"]),
            "section72": list(settings["section72"]["datasets"]),
            "section73": list(settings["section73"]["datasets"]),
        },
        "methods": dict(settings["section72"]["methods"]),
        "settings": run_settings(settings, workflow),
    }
