"""The numbers behind Chapter 8's claims and figure rows: medians per scenario and approach of
the §8.3 simulation (Figs. 8.5, 8.6, A.22-A.29), per data set and approach of the §8.4 real
data (Figs. 8.8, 8.9), the settings of each part against the thesis'. Used by
:mod:`~fsstab.papers.bommert2020.ch8.conclusions` and
:mod:`~fsstab.papers.bommert2020.ch8.comparison` alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from fsstab.papers.bommert2020.ch8.settings import SETTINGS
from fsstab.papers.conclusions import SettingsMatch, compare_settings

__all__ = [
    "COMPARED",
    "METRICS",
    "part_settings",
    "real_medians",
    "run_solver",
    "simulation_medians",
]

#: The approaches compared in Figs. 8.5-8.9 ("truth" is the upper bound of §8.3 only).
COMPARED: tuple[str, ...] = ("adj", "unadj", "acc", "stabs")
#: The metrics of Fig. 8.5 (simulation) and Figs. 8.8-8.9 (real data), as result columns.
METRICS: dict[str, tuple[str, ...]] = {
    "simulation": ("test_accuracy", "false_positive", "false_negative", "n_selected"),
    "real_data": ("test_accuracy", "n_selected"),
}


def simulation_medians(results: pd.DataFrame) -> pd.DataFrame:
    """Median over the replications per scenario (design, n, p, similar) and approach of test
    accuracy, false positives, false negatives and selected features (what the boxplots of
    Fig. 8.5 centre on)."""
    keys = ["design", "n", "p", "n_similar", "approach"]
    return (results.groupby(keys, sort=True)[list(METRICS["simulation"])].median()
            .reset_index())


def real_medians(results: pd.DataFrame) -> pd.DataFrame:
    """Median over the outer folds per data set and approach (Figs. 8.8, 8.9)."""
    return (results.groupby(["dataset", "approach"], sort=False)[list(METRICS["real_data"])]
            .median().reset_index())


def run_solver(tables: Sequence[pd.DataFrame | None], configured: str) -> str:
    """The L0 backend(s) recorded in the result tables (``backend`` column; the toy records
    none), else the configured ``approaches.backend``."""
    found = sorted({b for t in tables if t is not None and "backend" in t
                    for b in t["backend"].astype(str) if b})
    return "/".join(found) if found else configured


def _searches(toy: Mapping[str, Any]) -> str:
    overrides = toy.get("search_overrides") or {}
    return str(toy["n_search"]) + "".join(f", {m} {v}" for m, v in sorted(overrides.items()))


def _flat(part: str, ch8: Mapping[str, Any], solver: str) -> dict[str, Any]:
    approaches = ch8["approaches"]
    tuning = {"CV folds": approaches["n_folds"], "max.feats values": len(approaches["sizes"]),
              "SMA-Count draws": approaches["n_estimate"],
              "stabs (PFER, π_thr) draws": approaches["n_stabs_configs"],
              "stabs pairs B": approaches["n_pairs"], "L0 solver": solver}
    if part == "toy":
        toy = ch8["toy"]
        return {"data sets": toy["n_datasets"], "n": toy["n_samples"],
                "random-search draws": _searches(toy), "CV folds": toy["n_folds"],
                "ntree": "/".join(map(str, toy["ntree_values"])),
                "glmboost max log2 n.iter": toy["max_log2_iterations"], "L0 solver": solver}
    if part == "simulation":
        return {"replications": ch8["simulation"]["n_replications"], **tuning}
    if part == "real_data":
        return {"outer folds": ch8["real_data"]["n_outer"], **tuning}
    raise ValueError(f"unknown part {part!r}; known: toy, simulation, real_data")


def part_settings(part: str, ch8: Mapping[str, Any], solver: str) -> SettingsMatch:
    """Our settings of a part of Ch. 8 (``toy``, ``simulation``, ``real_data``) against the
    thesis' (the schema's defaults); ``solver``: the L0 backend that ran (the thesis:
    L0Learn)."""
    thesis = SETTINGS.resolve({"toy": {}, "simulation": {}, "real_data": {}})
    return compare_settings(_flat(part, ch8, solver), _flat(part, thesis, "l0learn"))
