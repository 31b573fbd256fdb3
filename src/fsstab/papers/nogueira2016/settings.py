"""``paper.settings`` of a Nogueira & Brown (2016) run: the schema ``settings.schema.yaml``
(package data) and the checks against the rest of the configuration.

``rules/paper_nogueira2016.smk`` calls ``SETTINGS.checked(WF)`` at parse time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.settings import PaperSettings, configured_problems
from fsstab.selectors import SELECTORS

__all__ = ["SETTINGS", "run_settings"]


def _cross_checks(settings: Mapping[str, Any], workflow: Any) -> list[str]:
    """What the schema cannot say (keys relative to ``paper.settings``)."""
    problems = []
    n = settings["figure1"]["n"]
    too_large = [k for k in settings["figure1"]["k2"] if not 1 <= k <= n - 1]
    if too_large:
        problems.append(f"figure1.k2: {too_large} must lie in 1..n-1 = {n - 1}")
    problems += configured_problems("figure2_measures", settings["figure2_measures"], workflow,
                                    kind="measures")
    # Table 2 gives one tree fraction p per data set: one random-forest configuration each
    for dataset in workflow.datasets:
        ids = [c.id for c in workflow.configurations_for(dataset)]
        if len(ids) != 1:
            problems.append(f": dataset {dataset!r} needs exactly one selector configuration "
                            f"(Table 2's p), found {ids}")
    return problems


#: The settings of a run (:class:`fsstab.papers.settings.PaperSettings`).
SETTINGS = PaperSettings.from_package(__package__, _cross_checks)


_TREE_FRACTION = "used by at least a fraction p of the trees"


def run_settings(workflow: Any) -> dict[str, dict[str, Any]]:
    """What the run of each data set used, in the terms of §5 and Table 2 (the keys of
    :data:`~fsstab.papers.nogueira2016.reference.PAPER_RUN` plus ``p``): a parameter of the
    comparison and conclusions rules, set beside the paper's to say whether they match.

    ``workflow``: the checked :class:`fsstab.workflow.config.WorkflowConfig` (each data set
    has one random-forest configuration, see the cross-checks).
    """
    settings = {}
    for dataset in workflow.datasets:
        configuration = workflow.configurations_for(dataset)[0]
        params = SELECTORS[configuration.cls](**configuration.params).get_params()
        resampling = workflow.resampling_for(dataset)
        scheme = resampling["scheme"]
        candidates = params.get("max_features")
        settings[dataset] = {
            "K": int(resampling["n_resamples"]),
            "subsample fraction": (float(resampling["params"]["fraction"])
                                   if scheme == "subsample" else f"none ({scheme})"),
            "trees": params.get("n_estimators"),
            "split criterion": params.get("criterion"),
            "features per split": ("floor(sqrt(d))" if candidates == "sqrt"
                                   else str(candidates)),
            "selection": (_TREE_FRACTION if params.get("mode") == "tree_fraction"
                          else f"{params.get('mode')} mode"),
            "p": params.get("min_tree_fraction"),
        }
    return settings


def conclusions_run(workflow: Any) -> dict[str, Any]:
    """The run's part of the conclusions' inputs (``conclusions_inputs.json``): every data set
    of the configuration (``configured``: those not run keep the paper's rows) and
    :func:`run_settings` (``settings``). The same for every paper: a function of the checked
    workflow configuration alone (``tools/publish_paper_results.py --inputs-of-run``)."""
    return {"configured": list(workflow.raw["datasets"]), "settings": run_settings(workflow)}
