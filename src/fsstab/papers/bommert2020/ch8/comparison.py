"""Chapter 8's rows of ``comparison.csv``: the statements of §8.1 (the toy example) and §8.3
(the simulation) next to ours, as rows for :func:`fsstab.papers.outputs.comparison_frame`."""

from __future__ import annotations

import pandas as pd

from fsstab.papers.bommert2020.ch8.reference import (
    THESIS_REPLICATIONS,
    THESIS_SCENARIOS,
    THESIS_TOY_DATASETS,
    TOY_MEDIANS,
    TOY_METHOD_LABELS,
    TOY_METHODS,
)
from fsstab.papers.bommert2020.ch8.toy import nested_group_counts
from fsstab.papers.bommert2020.common import number_row

__all__ = ["simulation_rows", "toy_rows"]


def toy_rows(supports: pd.DataFrame) -> list[dict[str, str]]:
    """§8.1: random forests keep all 15 features, every method selects X1, and the medians of
    Fig. 8.4, from the selections of every toy data set and method."""
    counts = nested_group_counts(supports)
    setting = (f"{supports['replication'].nunique()} simulated data sets (thesis: "
               f"{THESIS_TOY_DATASETS})")
    features = [f"X{j}" for j in range(1, 16)]
    forest = supports[supports["method"] == "random_forest"]
    rows = [number_row("§8.1 fraction of data sets where random forest keeps all 15 features",
                       "similar_features_toy", setting, 1.0,
                       float(forest[features].all(axis=1).mean()), 3)]
    for method in TOY_METHODS:
        part = supports[supports["method"] == method]
        rows.append(number_row(f"§8.1 selection frequency of X1 ({TOY_METHOD_LABELS[method]})",
                               "similar_features_toy", setting, 1.0, float(part["X1"].mean()),
                               3))
    for (method, i), paper in TOY_MEDIANS.items():
        ours = counts.loc[counts["method"] == method, f"X2..X{i}"].median()
        rows.append(number_row(
            f"§8.1 median number selected of {{X2..X{i}}} ({TOY_METHOD_LABELS[method]})",
            "similar_features_toy", setting, paper, float(ours), 1))
    return rows


def simulation_rows(results: pd.DataFrame, n_scenarios: int) -> list[dict[str, str]]:
    """§8.3: the design (32 scenarios of 50 replications; ours: ``n_scenarios``), adj = unadj
    without similar features (SMU and SMA-Count coincide), and the identity
    n. selected = false positives − false negatives + 5."""
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
            "SMU and SMA-Count are identical without similar features"))
    check = results[results["approach"] != "truth"]
    identity = (check["n_selected"] == check["false_positive"] - check["false_negative"] + 5)
    rows.append(number_row("§8.3 n. selected = false positive − false negative + 5 (share of "
                           "rows)", "simulation", "all approaches", 1.0,
                           float(identity.mean()), 3))
    return rows
