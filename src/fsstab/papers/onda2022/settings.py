"""``paper.settings`` of an Onda et al. (2022) run: the schema ``settings.schema.yaml`` (package
data) and the checks against the rest of the configuration.

``rules/paper_onda2022.smk`` calls ``SETTINGS.checked(WF)`` at parse time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fsstab.papers.settings import PaperSettings, configured_problems

__all__ = ["SETTINGS", "RunPlan", "conclusions_run", "data_of", "dataset_n_trees", "figure_n_tree",
           "run_plan"]


def dataset_n_trees(settings: Mapping[str, Any], dataset: str) -> list[int]:
    """The n_tree values of ``dataset``'s experiments: its own ``n_trees``, else ``n_trees``."""
    own = settings["datasets"][dataset].get("n_trees")
    return [int(t) for t in (own or settings["n_trees"])]


def figure_n_tree(settings: Mapping[str, Any], key: str, dataset: str) -> int:
    """``histogram_n_tree`` or ``timing_n_tree`` for ``dataset`` (null: its reference n_tree)."""
    value = settings[key]
    return int(settings["datasets"][dataset]["reference_n_tree"] if value is None else value)


def _cross_checks(settings: Mapping[str, Any], workflow: Any) -> list[str]:
    """What the schema cannot say (keys relative to ``paper.settings``)."""
    problems = configured_problems("datasets", list(settings["datasets"]), workflow)
    main = settings["main_dataset"]
    if main is not None and main not in settings["datasets"]:
        problems.append(f"main_dataset: {main!r} is not one of datasets")
    def trees_of(name: str) -> tuple[str, list[int]]:
        where = f"datasets.{name}.n_trees" if settings["datasets"][name].get("n_trees") \
            else "n_trees"
        return where, sorted(set(dataset_n_trees(settings, name)))

    for name, entry in settings["datasets"].items():
        where, trees = trees_of(name)
        if entry["reference_n_tree"] not in trees:
            problems.append(f"datasets.{name}.reference_n_tree: {entry['reference_n_tree']} is "
                            f"not in {where} {trees}")
    for key in ("histogram_n_tree", "timing_n_tree"):
        for name in settings["datasets"]:
            where, trees = trees_of(name)
            problem = f"{key}: {settings[key]} is not in {where} {trees}"
            if settings[key] is not None and settings[key] not in trees \
                    and problem not in problems:
                problems.append(problem)
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


def data_of(entry: Any) -> str:
    """What a configured data set is, in the terms of :data:`~fsstab.papers.onda2022.
    reference.PAPER_DATA`: its source (:data:`~fsstab.papers.onda2022.reference.
    DATA_OF_SOURCE`) and its prefilter.

    Examples
    --------
    >>> data_of({"source": "datamicroarray:singh", "prefilter": {"n_features": 5966}})
    'datamicroarray singh, the 5966 features of largest variance'
    """
    from fsstab.papers.onda2022.reference import DATA_OF_SOURCE

    source = entry.get("source") if isinstance(entry, Mapping) else entry
    name = str(source.get("source") if isinstance(source, Mapping) else source)
    text = DATA_OF_SOURCE.get(name, name)
    n_features = ((entry.get("prefilter") or {}).get("n_features")
                  if isinstance(entry, Mapping) else None)
    return text + (f", the {n_features} features of largest variance" if n_features else "")


def conclusions_run(workflow: Any) -> dict[str, Any]:
    """The run's part of the conclusions' inputs (``conclusions_inputs.json``), a function of
    the checked workflow configuration alone: ``settings`` (the checked ``paper.settings``),
    ``configured`` (every data set of the paper's configuration), ``run_here`` (those run),
    ``fixed`` (Fig. 11's data sets) and ``data`` (:func:`data_of` each one run)."""
    settings = SETTINGS.checked(workflow)
    plan = run_plan(settings, tuple(workflow.datasets))
    return {"settings": settings, "configured": list(settings["datasets"]),
            "run_here": list(plan.datasets), "fixed": list(plan.fixed_point),
            "data": {d: data_of(workflow.raw["datasets"][d]) for d in plan.datasets}}


@dataclass(frozen=True)
class RunPlan:
    """What a run of the paper computes, from its settings and the data sets it runs.

    ``datasets``: the paper's data sets that are run, in the order of the configuration;
    ``main``: the data set of the main-text Figs. 1-4; ``experiments``: ``(dataset, mtry,
    n_tree)`` of every experiment (mtry as text: ``"sqrt"`` or a normalised mtry);
    ``fixed_point``: the data sets of Fig. 11; ``figure14``: whether Fig. 14 is drawn;
    ``figure15``: the data sets of Fig. 15, whose experiments are ``figure15_experiments``
    (``(mtry, n_tree)``).
    """

    datasets: tuple[str, ...]
    main: str
    experiments: tuple[tuple[str, str, int], ...]
    fixed_point: tuple[str, ...]
    figure14: bool
    figure15: tuple[str, ...]
    figure15_experiments: tuple[tuple[str, int], ...]


def run_plan(settings: Mapping[str, Any], run_datasets: Sequence[str]) -> RunPlan:
    """The :class:`RunPlan` of ``settings`` (with their defaults) when ``run_datasets`` are run
    (``only_datasets``): the forests of §3 (mtry = √d) for every n_tree on every data set, and
    App. E's normalised mtry values (Fig. 14 on the main data set; Fig. 15's mtry on every data
    set)."""
    datasets = tuple(d for d in run_datasets if d in settings["datasets"])
    main = settings["main_dataset"] or next(iter(settings["datasets"]))
    experiments = [(d, "sqrt", t) for d in datasets for t in dataset_n_trees(settings, d)]
    study = settings["mtry_study"]
    figure15_experiments: tuple[tuple[str, int], ...] = ()
    if study is not None:
        trees = study.get("n_trees") or settings["n_trees"]
        for mtry in study["mtry"]:
            on = datasets if mtry == study["real_ensemble_mtry"] else [
                d for d in datasets if d == main]
            experiments += [(d, str(mtry), int(t)) for d in on for t in trees]
        if study["real_ensemble_mtry"] is not None:
            figure15_experiments = tuple((str(study["real_ensemble_mtry"]), int(t))
                                         for t in trees)
    return RunPlan(
        datasets=datasets, main=main, experiments=tuple(experiments),
        fixed_point=tuple(d for d in datasets
                          if settings["datasets"][d]["fixed_point_n_useful"] is not None),
        figure14=study is not None and main in datasets,
        figure15=datasets if figure15_experiments else (),
        figure15_experiments=figure15_experiments,
    )
