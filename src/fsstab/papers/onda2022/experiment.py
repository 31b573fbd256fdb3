"""One experiment of Onda et al. (2022): the real bagged random-forest ensembles against the
simulated ones on one data set, for one normalised mtry and one n_tree
(:func:`run_experiment`, which runs :func:`fsstab.simulator.compare_ensembles`), its
reproducible results kept apart from its computation times (:class:`Experiment`), and its
folder of files (:func:`write_experiment`, :func:`read_experiment`): one job of the rule
``onda2022_experiment`` each.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier

from fsstab.io import read_json, write_json
from fsstab.papers.outputs import read_table, write_table
from fsstab.simulator import (
    OndaForestSelector,
    compare_ensembles,
    estimate_p,
    simulated_stability_curve,
)

__all__ = [
    "EQUAL_COPIES_STAGE",
    "EXPERIMENT_FILES",
    "Experiment",
    "experiment_id",
    "parse_mtry",
    "read_experiment",
    "read_experiments_by_tree",
    "run_experiment",
    "write_experiment",
]


#: The stage of an experiment's timings with the simulated ensembles at the fitted p timed on
#: as many copies as the real ensembles ran on (§3.6 at equal work).
EQUAL_COPIES_STAGE = "simulated ensembles on the real copies"


def parse_mtry(value: str | float) -> str | float:
    """``"sqrt"`` (mtry = ⌊√d⌋, Onda §3) or a normalised mtry in (0, 1] (App. E.1)."""
    if value == "sqrt":
        return "sqrt"
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"mtry must be 'sqrt' or a number in (0, 1], got {value!r}") from None
    if not 0 < number <= 1:
        raise ValueError(f"mtry must be 'sqrt' or a number in (0, 1], got {value!r}")
    return number


def experiment_id(mtry: str | float, n_tree: int) -> str:
    """Folder name of an experiment, e.g. ``mtry-sqrt_ntree-300``, ``mtry-0.1_ntree-50``."""
    return f"mtry-{parse_mtry(mtry)}_ntree-{int(n_tree)}"


@dataclass(frozen=True)
class Experiment:
    """One run of :func:`fsstab.simulator.compare_ensembles` split into reproducible results
    and times.

    ``curves``: ``source`` (real/simulated), ``p``, ``m_ensemble``, ``stability``,
    ``accuracy``; ``counts``: ``feature``, ``count``, ``uniform_count``; ``thresholds``:
    ``t_uniform``, ``n_useful`` of the repeated uniform draws; ``parameters``: the fitted
    simulator (``n_useful``, ``p`` by grid, ``p_bisection``, ``single_stability``,
    ``n_useful_v``, ``t_uniform``, ...); ``timings``: ``kind`` (``curve``/``stage``),
    ``source``, ``p``, ``m_ensemble``, ``stage``, ``seconds``.
    """

    curves: pd.DataFrame
    counts: pd.DataFrame
    thresholds: pd.DataFrame
    parameters: Mapping[str, Any]
    timings: pd.DataFrame


def run_experiment(
    X: np.ndarray, y: np.ndarray, *, n_target: int, n_tree: int, mtry: str | float,
    m_ensemble: Sequence[int], p_grid: Sequence[float], p_tolerance: float,
    curve_p: Sequence[float], threshold_repeats: int, random_state: int,
    m_stability: int | None = None, predictor_n_estimators: int = 100,
    real_copies: int | None = None,
) -> Experiment:
    """Onda's experiment on one data set with a random-forest base selector of ``n_tree``
    trees and mtry ``mtry``: the real single selectors and bagged ensembles (``m_stability``
    copies, default n: leave-one-out; a random forest of ``predictor_n_estimators`` trees
    predicts the left-out sample), n_useful, p (grid as in §2.3.2, and by bisection as App.
    F.2 proposes), n_useful^v, and the simulated ensembles at the fitted p and at
    ``curve_p``. ``real_copies``: the real ensembles on that many of the copies only (a
    measured fraction; :func:`fsstab.simulator.compare_ensembles`)."""
    result = compare_ensembles(
        X, y, n_target=n_target,
        base_selector=OndaForestSelector(n_estimators=n_tree, max_features=parse_mtry(mtry)),
        m_ensemble=tuple(m_ensemble), p_method="grid", p_grid=tuple(p_grid),
        curve_p_values=tuple(curve_p), m_stability=m_stability,
        predictor=RandomForestClassifier(n_estimators=predictor_n_estimators),
        n_threshold_repeats=threshold_repeats, real_copies=real_copies,
        random_state=random_state,
    )
    fit = result.parameters
    bisection = estimate_p(
        fit.single_stability, n_feature=fit.n_feature, n_target=fit.n_target,
        n_useful=fit.n_useful, m_stability=len(result.splits), method="bisection",
        tolerance=p_tolerance, random_state=random_state,
    )
    parameters = {
        "n_samples": int(X.shape[0]), "n_feature": fit.n_feature, "n_target": fit.n_target,
        "n_tree": int(n_tree), "mtry": parse_mtry(mtry), "m_stability": len(result.splits),
        "m_stability_real": len(result.splits) if real_copies is None else int(real_copies),
        "single_stability": fit.single_stability, "t_uniform": fit.n_useful_estimate.t_uniform,
        "n_useful": fit.n_useful, "p": fit.p, "n_useful_v": fit.n_useful_v,
        "p_grid_evaluations": fit.p_estimate.evaluations.to_dict("list"),
        "p_bisection": bisection.p, "p_bisection_bracketed": bisection.bracketed,
        "p_bisection_evaluations": len(bisection.evaluations),
    }
    curves = result.curves
    stages = result.timings
    if real_copies is not None and int(real_copies) < len(result.splits):
        equal = simulated_stability_curve(
            fit.n_feature, fit.n_target, fit.n_useful, [fit.p], tuple(m_ensemble),
            int(real_copies), random_state=random_state)
        equal_seconds = float(equal["seconds"].sum())
    else:   # the simulated ensembles already ran on every copy the real ones did
        equal_seconds = float(stages.set_index("stage")["seconds"]["simulated ensembles"])
    stages = pd.concat([stages, pd.DataFrame({"stage": [EQUAL_COPIES_STAGE],
                                              "seconds": [equal_seconds]})],
                       ignore_index=True)
    timings = pd.concat([
        curves[["source", "p", "m_ensemble", "seconds"]].assign(kind="curve", stage=""),
        stages.assign(kind="stage", source="", p=math.nan, m_ensemble=0),
    ], ignore_index=True)[["kind", "source", "p", "m_ensemble", "stage", "seconds"]]
    return Experiment(
        curves=curves.drop(columns="seconds").reset_index(drop=True),
        counts=result.counts, thresholds=result.thresholds, parameters=parameters,
        timings=timings,
    )


#: The files of an experiment's folder: name -> extension (the tables and the fitted
#: parameters; :func:`write_experiment`).
EXPERIMENT_FILES: Mapping[str, str] = {
    "curves": "parquet", "counts": "parquet", "thresholds": "parquet", "timings": "parquet",
    "parameters": "json",
}
_TABLES = tuple(name for name, extension in EXPERIMENT_FILES.items() if extension == "parquet")


def write_experiment(experiment: Experiment, folder: str | os.PathLike[str]) -> None:
    """``curves``, ``counts``, ``thresholds``, ``timings`` (.parquet) and ``parameters.json``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name in _TABLES:
        write_table(getattr(experiment, name), folder / f"{name}.parquet",
                    metadata={"format": f"fsstab.onda2022.{name}/1"})
    write_json(folder / "parameters.json", dict(experiment.parameters))


def read_experiment(folder: str | os.PathLike[str]) -> Experiment:
    """The experiment :func:`write_experiment` wrote to ``folder``."""
    folder = Path(folder)
    frames = {name: read_table(folder / f"{name}.parquet") for name in _TABLES}
    return Experiment(parameters=read_json(folder / "parameters.json"), **frames)


def read_experiments_by_tree(parameter_files: Sequence[str | os.PathLike[str]]
                             ) -> dict[int, Experiment]:
    """The experiments whose ``parameters.json`` files are given, keyed by n_tree."""
    experiments = {}
    for path in parameter_files:
        experiment = read_experiment(Path(path).parent)
        experiments[int(experiment.parameters["n_tree"])] = experiment
    return experiments

