"""``comparison.csv`` of Onda et al. (2022): every number the paper states (its
:mod:`~fsstab.papers.onda2022.reference`) next to ours, as rows for
:func:`fsstab.papers.outputs.comparison_frame`.

Every row states the settings behind both numbers -- ensemble size m_ensemble, the copies M
(m_stability) and k (n_target), with n_tree or n_useful where they matter -- in ``setting``
(``... here; ... in the paper``), and its ``note`` starts with ``different settings: ...`` when
they differ (:func:`match_settings`). Computation times are not here: they differ from run to
run and live in ``timings_speedup`` (:func:`~fsstab.papers.onda2022.stages.speedup_table`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.conclusions import SettingsMatch
from fsstab.papers.onda2022.experiment import Experiment
from fsstab.papers.onda2022.reference import (
    LARGE_REAL,
    LARGE_SIMULATED,
    PAPER_RUN,
    PAPER_TABLE1,
    PAPER_VALUES,
)
from fsstab.papers.outputs import NOT_RUN_NOTE, format_mean_sd, format_number
from fsstab.simulator import limit_stability

__all__ = ["comparison_rows", "copies", "match_settings", "our_run", "paper_run",
           "settings_text"]


def copies(parameters: Mapping[str, Any], source: str = "simulated") -> int | str:
    """M behind a stability of an experiment: m_stability, or for the real ensembles
    (``source`` "real") the copies they ran on, for both ("both") a text when they differ."""
    simulated = int(parameters["m_stability"])
    real = parameters.get("m_stability_real")
    real = simulated if real is None or real != real else int(real)   # absent or NaN: all
    if source == "real":
        return real
    if source == "both" and real != simulated:
        return f"{simulated} (simulated), {real} (real)"
    return simulated


def our_run(parameters: Mapping[str, Any], m_ensemble: int = 1, *, source: str = "simulated",
            **extra: Any) -> dict[str, Any]:
    """Our settings behind a number of an experiment (its ``parameters.json``): m_ensemble,
    M (:func:`copies` of ``source``), k = n_target, n_tree, and ``extra`` (e.g. n_useful)."""
    return {"m_ensemble": int(m_ensemble), "M": copies(parameters, source),
            "k": int(parameters["n_target"]), "n_tree": int(parameters["n_tree"]), **extra}


def paper_run(dataset: str, m_ensemble: Any = 1, n_tree: Any = None, **extra: Any
              ) -> dict[str, Any]:
    """The paper's settings behind one of its numbers on ``dataset`` (:data:`PAPER_RUN`)."""
    run = PAPER_RUN[dataset]
    return {"m_ensemble": m_ensemble, "M": run["M"], "k": run["k"],
            "n_tree": run["n_tree"] if n_tree is None else n_tree, **extra}


def _accepts(expected: Any, value: Any) -> bool:
    return expected.accepts(value) if hasattr(expected, "accepts") else value == expected


def match_settings(ours: Mapping[str, Any], paper: Mapping[str, Any], *, chosen: str = ""
                   ) -> SettingsMatch:
    """Our settings against the paper's, key by key in the paper's order; a paper value may be
    a bound or a range (:class:`~fsstab.papers.onda2022.reference.AtLeast`, ``OneOf``)."""
    differences = [f"{key} {ours.get(key, 'not set')} here, {expected} in the paper"
                   for key, expected in paper.items() if not _accepts(expected, ours.get(key))]
    detail = "; ".join(differences + ([chosen] if chosen else []))
    return SettingsMatch(not differences, detail)


def _plain(settings: Mapping[str, Any]) -> str:
    """``m_ensemble = 50, M = 62`` (a bound reads ``m_ensemble >= 41``)."""
    return ", ".join(f"{key} {value}" if str(value).startswith(">=") else f"{key} = {value}"
                     for key, value in settings.items())


def settings_text(ours: Mapping[str, Any] | None, paper: Mapping[str, Any]) -> str:
    """``"m_ensemble = 50, M = 62, k = 20, n_tree = 300 here; m_ensemble = >= 41, ... in the
    paper"`` (ours omitted when the data set was not run)."""
    theirs = f"{_plain(paper)} in the paper"
    return theirs if ours is None else f"{_plain(ours)} here; {theirs}"


def _note(ours: Mapping[str, Any], paper: Mapping[str, Any], data_note: str) -> str:
    match = match_settings(ours, paper)
    parts = ([] if match.same else [f"different settings: {match.detail}"]) + \
        ([data_note] if data_note else [])
    return "; ".join(parts)


def _row(item: str, dataset: str, ours: Mapping[str, Any] | None, paper: Mapping[str, Any],
         paper_value: Any, our_value: str, data_note: str) -> dict[str, str]:
    note = NOT_RUN_NOTE if ours is None else _note(ours, paper, data_note)
    return {"item": item, "dataset": dataset, "setting": settings_text(ours, paper),
            "paper_value": "" if paper_value is None else str(paper_value),
            "our_value": our_value, "note": note}


def _value(value: Any) -> str:
    return "" if value is None else f"{value:g}"


def _curve(curves: pd.DataFrame, source: str, p: float | None = None) -> pd.DataFrame:
    part = curves[curves["source"] == source]
    if p is not None:
        part = part[np.isclose(part["p"], p)]
    return part.sort_values("m_ensemble")


def comparison_rows(
    configured: Sequence[str],
    tab1: pd.DataFrame,
    tab2: pd.DataFrame,
    tab4: pd.DataFrame,
    references: Mapping[str, Experiment],
    fixed: Mapping[str, Mapping[str, Any]],
    notes: Mapping[str, str],
) -> list[dict[str, str]]:
    """Every number Onda et al. state next to ours. ``references``: each run data set's
    experiment at its reference n_tree; ``fixed``: Fig. 11's fixed-point estimates;
    ``notes``: data set -> note on the data version."""
    rows = []
    for name in configured:
        paper = PAPER_VALUES.get(name, {})
        experiment = references.get(name)
        fit = experiment.parameters if experiment is not None else None
        note = notes.get(name, "")
        if name in PAPER_TABLE1:
            ours1 = tab1.set_index("name").loc[name] if fit is not None else None
            kind, label, dim, size = PAPER_TABLE1[name]
            for item, printed, column in (("table1: feature type", kind, "feature_type"),
                                          ("table1: label type", label, "label_type"),
                                          ("table1: dimension", str(dim), "dim"),
                                          ("table1: sample size", str(size), "sample_size")):
                rows.append({"item": item, "dataset": name,
                             "setting": "the data set (no selector)", "paper_value": printed,
                             "our_value": str(ours1[column]) if ours1 is not None else "",
                             "note": note if fit is not None else NOT_RUN_NOTE})
        if name not in PAPER_RUN:
            continue
        for n_tree, (mean, sd) in paper.get("n_useful_by_n_tree", {}).items():
            ours_t2 = tab2[(tab2["dataset"] == name) & (tab2["n_tree"] == n_tree)]
            ours = None if fit is None else our_run(fit, n_tree=n_tree)
            row = _row("table2: n_useful (mean ± sd of 1000 estimates)", name, ours,
                       paper_run(name, n_tree=n_tree), format_mean_sd(mean, sd, 1),
                       format_mean_sd(ours_t2["n_useful_mean"].iloc[0],
                                      ours_t2["n_useful_sd"].iloc[0], 1) if len(ours_t2) else "",
                       note)
            if fit is not None and not len(ours_t2):
                row["note"] = f"n_tree = {n_tree} not run here; " + row["note"]
                row["setting"] = settings_text(None, paper_run(name, n_tree=n_tree))
            rows.append(row)
        if "t_uniform" in paper:
            ours_t4 = tab4[tab4["dataset"] == name]
            rows.append(_row(
                "table4: t_uniform (mean ± sd of 1000 draws of the uniform selector)", name,
                None if fit is None else {k: v for k, v in our_run(fit).items()
                                          if k != "n_tree"},
                {k: v for k, v in paper_run(name).items() if k != "n_tree"},
                format_mean_sd(*paper["t_uniform"], 3),
                format_mean_sd(ours_t4["t_uniform_mean"].iloc[0],
                               ours_t4["t_uniform_sd"].iloc[0], 3) if len(ours_t4) else "",
                note))
        if fit is None:
            continue
        single = our_run(fit)
        for item, key, printed, digits in (
            ("§3.4/D.3: stability of the single real selector", "single_stability",
             paper.get("single_stability"), 3),
            ("§3.3.2: n_useful used by the simulator", "n_useful", paper.get("n_useful"), 0),
            ("§3.4/D.3.1: p estimated on the grid 0.1..0.9", "p", paper.get("p"), 2),
            ("App. F.2: p by bisection", "p_bisection", paper.get("p"), 2),
            ("§3.4: n_useful^v (eq. 1 holds when equal to n_useful)", "n_useful_v",
             paper.get("n_useful"), 0),
        ):
            rows.append(_row(item, name, single, paper_run(name), _value(printed),
                             format_number(fit[key], digits), note))
        curves = experiment.curves
        real = _curve(curves, "real")
        simulated = _curve(curves, "simulated", fit["p"])
        m_max = int(real["m_ensemble"].max())
        large = paper.get("large_ensemble_stability")
        sim_paper = large.get("simulated") if isinstance(large, Mapping) else large
        real_paper = large.get("real") if isinstance(large, Mapping) else None
        rows.append(_row(
            "§3.5/D.3.2: stability of a large simulated ensemble (fitted p)", name,
            our_run(fit, m_max), paper_run(name, LARGE_SIMULATED), _value(sim_paper),
            format_number(simulated["stability"].iloc[-1], 3), note))
        rows.append(_row(
            "§3.5/D.3.2: stability of a large real ensemble", name,
            our_run(fit, m_max, source="real"),
            paper_run(name, LARGE_REAL), _value(real_paper),
            format_number(real["stability"].iloc[-1], 3), note))
        rows.append(_row(
            "§3.5: limit of the simulated stability for large m_ensemble, any p "
            "(fsstab.simulator.limit_stability of n_useful, k)", name,
            {"m_ensemble": math.inf, "k": fit["n_target"], "n_useful": fit["n_useful"]},
            {"m_ensemble": LARGE_SIMULATED, "k": PAPER_RUN[name]["k"],
             "n_useful": paper.get("n_useful")},
            _value(sim_paper), format_number(limit_stability(fit["n_useful"], fit["n_target"]),
                                             3), note))
        if name in fixed:
            point = fixed[name]
            ours = our_run(fit, point["m_ensemble"], n_useful=point["n_useful"])
            rows.append(_row(
                "D.3.2, Fig. 11: simulated large-ensemble stability with the fixed-point "
                f"n_useful (p re-estimated: {point['p']:g})", name, ours,
                paper_run(name, LARGE_SIMULATED, n_useful=paper.get("n_useful_fixed_point")),
                _value(large.get("fixed_point")) if isinstance(large, Mapping) else "",
                format_number(point["large_ensemble_stability"], 3), note))
    return rows
