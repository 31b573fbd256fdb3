"""Chapter 8's rows of ``comparison.csv``: the statements of §8.1 (the toy example), §8.3 (the
simulation, Figs. 8.5-8.6) and §8.4 (real data, Figs. 8.8-8.9) next to ours, as rows for
:func:`fsstab.papers.outputs.comparison_frame`."""

from __future__ import annotations

import pandas as pd

from fsstab.papers.bommert2020.ch8.evidence import COMPARED, real_medians, simulation_medians
from fsstab.papers.bommert2020.ch8.reference import (
    REAL_DATA_BENEFIT,
    REAL_DATA_STABS,
    SIMULATION_SIZES,
    THESIS_REPLICATIONS,
    THESIS_SCENARIOS,
    THESIS_TOY_DATASETS,
    TOY_MEDIANS,
    TOY_METHOD_LABELS,
    TOY_METHODS,
    thesis_adj_advantage,
)
from fsstab.papers.bommert2020.ch8.toy import nested_group_counts
from fsstab.papers.bommert2020.common import comparison_row, number_row
from fsstab.papers.outputs import format_number

__all__ = ["real_rows", "simulation_figure_rows", "simulation_rows", "toy_rows"]


def toy_rows(supports: pd.DataFrame, note: str = "") -> list[dict[str, str]]:
    """§8.1: random forests keep all 15 features, every method selects X1, and the medians of
    Fig. 8.4, from the selections of every toy data set and method; ``note``: how our settings
    differ from the thesis'."""
    counts = nested_group_counts(supports)
    setting = (f"{supports['replication'].nunique()} simulated data sets (thesis: "
               f"{THESIS_TOY_DATASETS})")
    features = [f"X{j}" for j in range(1, 16)]
    forest = supports[supports["method"] == "random_forest"]
    rows = [number_row("§8.1 fraction of data sets where random forest keeps all 15 features",
                       "similar_features_toy", setting, 1.0,
                       float(forest[features].all(axis=1).mean()), 3, note)]
    for method in TOY_METHODS:
        part = supports[supports["method"] == method]
        rows.append(number_row(f"§8.1 selection frequency of X1 ({TOY_METHOD_LABELS[method]})",
                               "similar_features_toy", setting, 1.0, float(part["X1"].mean()),
                               3, note))
    for (method, i), paper in TOY_MEDIANS.items():
        ours = counts.loc[counts["method"] == method, f"X2..X{i}"].median()
        rows.append(number_row(
            f"§8.1 median number selected of {{X2..X{i}}} ({TOY_METHOD_LABELS[method]})",
            "similar_features_toy", setting, paper, float(ours), 1, note))
    return rows


def simulation_rows(results: pd.DataFrame, n_scenarios: int,
                    note: str = "") -> list[dict[str, str]]:
    """§8.3: the design (32 scenarios of 50 replications; ours: ``n_scenarios``), adj = unadj
    without similar features (SMU and SMA-Count coincide), and the identity
    n. selected = false positives − false negatives + 5; ``note``: how our settings differ."""
    rows = [
        number_row("§8.3 number of simulation scenarios", "simulation", "Table 8.1",
                   THESIS_SCENARIOS, n_scenarios, 0),
        number_row("§8.3 replications per scenario", "simulation", "Table 8.1",
                   THESIS_REPLICATIONS,
                   int(results.groupby("scenario")["replication"].nunique().min()), 0),
    ]
    no_similar = results[results["n_similar"] == 0]
    wide = no_similar.pivot_table(index=["scenario", "replication"], columns="approach",
                                  values="max_support_size")
    if {"adj", "unadj"} <= set(wide.columns) and len(wide):
        rows.append(number_row(
            "§8.3 fraction of replications without similar features where adj and unadj "
            "choose the same max.feats", "simulation", "# similar = 0", 1.0,
            float((wide["adj"] == wide["unadj"]).mean()), 3,
            "SMU and SMA-Count are identical without similar features"
            + (f"; {note}" if note else "")))
    check = results[results["approach"] != "truth"]
    identity = (check["n_selected"] == check["false_positive"] - check["false_negative"] + 5)
    rows.append(number_row("§8.3 n. selected = false positive − false negative + 5 (share of "
                           "rows)", "simulation", "all approaches", 1.0,
                           float(identity.mean()), 3, note))
    return rows


def _medians_text(row: pd.Series, digits: int) -> str:
    return " / ".join(format_number(row[a], digits) for a in COMPARED)


def _simulation_words(metric: str, n: int, p: int, design: str, similar: int) -> str:
    """What §8.3.2 says of a scenario's medians (the thesis prints no numbers for Fig. 8.5)."""
    if metric == "false_positive":
        if thesis_adj_advantage(n, p, design, similar):
            return "adj much fewer than unadj and acc"
        return "stabs fewest" if similar == 0 else ""
    if metric == "test_accuracy":
        if similar == 0:
            return "all similar"
        return "adj ≈ unadj ≈ acc > stabs"
    if metric == "false_negative" and similar > 0:
        return "stabs high"
    return ""


def simulation_figure_rows(results: pd.DataFrame, note: str = "") -> list[dict[str, str]]:
    """Figs. 8.5-8.6, A.22-A.29: per scenario the medians over the replications of test
    accuracy, false positives and false negatives of adj / unadj / acc / stabs, next to what
    §8.3.2 says of them."""
    medians = simulation_medians(results)
    rows = []
    labels = {"test_accuracy": ("median test accuracy", 3),
              "false_positive": ("median false positives", 1),
              "false_negative": ("median false negatives", 1)}
    for metric, (label, digits) in labels.items():
        wide = medians.pivot_table(index=["design", "n", "p", "n_similar"], columns="approach",
                                   values=metric).reset_index()
        for _, row in wide.iterrows():
            n, p, design, similar = (int(row["n"]), int(row["p"]), row["design"],
                                     int(row["n_similar"]))
            figure = ("Fig. 8.5" if (n, p) == (100, 200) else "Figs. A.22-A.24"
                      if (n, p) in SIMULATION_SIZES else "Fig. 8.5 at a size not in the thesis")
            rows.append(comparison_row(
                f"{figure} {label} (adj / unadj / acc / stabs)",
                _simulation_words(metric, n, p, design, similar),
                _medians_text(row, digits), dataset=f"{design}_n{n}_p{p}_s{similar}",
                setting=f"{design}, n = {n}, p = {p}, {similar} similar", note=note))
    return rows


def real_rows(results: pd.DataFrame, note: str = "") -> list[dict[str, str]]:
    """Figs. 8.8-8.9: per data set the medians over the outer folds of test accuracy and number
    of selected features of adj / unadj / acc / stabs, next to what §8.4.2 says of them."""
    rows = []
    for dataset, part in real_medians(results).groupby("dataset", sort=False):
        row = part.set_index("approach")
        words = "; ".join(w for w in (REAL_DATA_BENEFIT.get(dataset, ""),
                                      f"stabs: {REAL_DATA_STABS[dataset]}"
                                      if dataset in REAL_DATA_STABS else "") if w)
        rows.append(comparison_row(
            "Fig. 8.8 median test accuracy (adj / unadj / acc / stabs)", words,
            _medians_text(row["test_accuracy"], 3), dataset=dataset,
            setting="nested cross-validation", note=note))
        rows.append(comparison_row(
            "Fig. 8.9 median number of selected features (adj / unadj / acc / stabs)", words,
            _medians_text(row["n_selected"], 1), dataset=dataset,
            setting="nested cross-validation", note=note))
    return rows
