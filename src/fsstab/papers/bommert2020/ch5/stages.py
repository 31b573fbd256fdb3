"""What each rule of Chapter 5 computes (``rules/paper_bommert2020/ch5.smk``): in-memory inputs
-> tables, keyed by the stem of the file each becomes (``table5_1_median_times``), and the
comparison rows. The computations are in the topic modules; the figures in
:mod:`~fsstab.papers.bommert2020.ch5.figures`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from fsstab.datasets import Dataset
from fsstab.papers.bommert2020.ch5.benchmark import (
    benchmark_summary,
    boxplot_split,
    pareto_filters,
    relative_performance,
    win_matrix,
)
from fsstab.papers.bommert2020.ch5.comparison import (
    benchmark_comparison,
    ranking_comparison,
    scaling_comparison,
)
from fsstab.papers.bommert2020.ch5.ranking import filter_label, filter_scores, top_pairs
from fsstab.papers.bommert2020.ch5.reference import THESIS_FILTER_GROUPS
from fsstab.papers.bommert2020.ch5.scaling import (
    SCALING_SCENARIOS,
    balanced_base,
    relative_times,
    scaling_settings,
    time_filter_scaling,
)
from fsstab.papers.bommert2020.common import (
    average_linkage_groups,
    average_linkage_order,
    linkage_matrix,
    matrix_frame,
    mean_matrix,
)
from fsstab.seeds import derive_seed
from fsstab.selectors import get_filter

__all__ = [
    "TIME_KINDS",
    "Benchmark",
    "Ranking",
    "benchmark",
    "benchmark_figure_stems",
    "file_name",
    "ranking",
    "ranking_figure_stems",
    "scaling",
    "scaling_figure_stems",
    "scaling_times",
    "score_table",
]

#: Figs. 5.7 / 5.8: (time, column of the summary, axis label).
TIME_KINDS: tuple[tuple[str, str, str], ...] = (
    ("filter", "filter_seconds", "Run Time for Filtering"),
    ("entire", "train_seconds", "Entire Run Time"),
)


def file_name(filter_name: str) -> str:
    """The name of a filter in file names and wildcards: fsstab's (``anova``; the thesis' names
    contain dots) or ``none``."""
    return "none" if filter_name == "none" else get_filter(filter_name).name


def scaling_figure_stems() -> list[str]:
    """§5.1's figures: Figs. 5.1-5.3 (relative run times) and A.2-A.4 (absolute)."""
    return [*(f"fig05_{k}_relative_time_{s}" for k, s in enumerate(SCALING_SCENARIOS, 1)),
            *(f"figA0{k}_time_{s}" for k, s in enumerate(SCALING_SCENARIOS, 2))]


def ranking_figure_stems(datasets: Sequence[str]) -> list[str]:
    """§5.2's figures: Fig. 5.4 and one of Figs. A.5-A.6 per data set."""
    return ["fig05_4_rank_correlation", *(f"figA05_{d}_rank_correlation" for d in datasets)]


def benchmark_figure_stems(others: Sequence[str]) -> list[str]:
    """§5.3's figures; Figs. A.7-A.8 only where data sets are left out of Fig. 5.5
    (``others``)."""
    return ["fig05_5_accuracy_boxplots", *(["figA07_accuracy_boxplots"] if others else []),
            "fig05_6_wins", "fig05_7_accuracy_filter_time", "fig05_8_accuracy_entire_time",
            "figA09_accuracy_filter_time", "figA10_accuracy_entire_time"]


def scaling_times(ds: Dataset, filter_name: str, settings: Mapping, seed: int) -> pd.DataFrame:
    """Rule ``bommert2020_ch5_scaling_times``: the run times of one filter on §5.1's balanced
    base data set drawn from ``ds`` (``paper.settings.ch5.scaling``)."""
    rows, columns = balanced_base(ds.y, settings["n_observations"], settings["n_features"],
                                  ds.n_features, derive_seed(seed, "scaling"))
    X, y = ds.X[rows][:, columns], ds.y[rows]
    return time_filter_scaling(filter_name, X, y, scaling_settings(settings["fractions"]),
                               settings["repetitions"], derive_seed(seed, "scaling", filter_name))


def scaling(times: pd.DataFrame) -> tuple[dict[str, pd.DataFrame], list[dict[str, str]]]:
    """Rule ``bommert2020_ch5_scaling``: Table 5.1 (median and relative run times; run times,
    not reproducible) and the comparison rows of §5.1."""
    relative = relative_times(times)
    return {"table5_1_median_times": relative}, scaling_comparison(relative)


def score_table(ds: Dataset, filter_name: str, seed: int) -> pd.DataFrame:
    """Rule ``bommert2020_ch5_scores``: one filter's score of every feature of ``ds``."""
    scores = filter_scores(filter_name, ds.X, ds.y,
                           random_state=derive_seed(seed, ds.name, "scores"))
    return pd.DataFrame({"feature": range(ds.n_features), "score": scores})


@dataclass
class Ranking:
    """§5.2 on the run's data sets: the mean rank correlations, their average-linkage order and
    groups, the per-dataset matrices (``correlations``), the tables and comparison rows."""

    mean: pd.DataFrame
    order: list[str]
    groups: dict[str, int]
    correlations: dict[str, pd.DataFrame]
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    comparison: list[dict[str, str]] = field(default_factory=list)

    @property
    def linkage(self) -> np.ndarray:
        return linkage_matrix(self.mean)


def ranking(correlations: Mapping[str, pd.DataFrame], filters: Sequence[str]) -> Ranking:
    """Rule ``bommert2020_ch5_ranking``: Fig. 5.4's mean rank correlations over the data sets
    (``correlations``: dataset -> :func:`~fsstab.papers.bommert2020.ch5.ranking.rank_correlation`
    of its filters' scores), in average-linkage order, and the ten highest pairs."""
    labels = [filter_label(f) for f in filters]
    mean = mean_matrix([m.loc[labels, labels] for m in correlations.values()])
    order = average_linkage_order(mean)
    groups = average_linkage_groups(mean, min(len(THESIS_FILTER_GROUPS), len(mean)))
    ordered = mean.loc[order, order]
    tables = {
        "fig05_4_rank_correlation": matrix_frame(ordered, "filter").assign(
            group=[groups[f] for f in order]),
        "table5_2_highest_rank_correlations": top_pairs(mean),
    }
    return Ranking(mean, order, groups, dict(correlations), tables,
                   ranking_comparison(mean, groups))


@dataclass
class Benchmark:
    """§5.3 from the outer folds' results: the per (dataset, filter) summary, the win matrix,
    the relative performances and Pareto-optimal filters per kind of time, the data sets of
    Fig. 5.5 (``shown``) and of Figs. A.7-A.8 (``others``), the tables and comparison rows."""

    results: pd.DataFrame
    summary: pd.DataFrame
    wins: pd.DataFrame
    relative: dict[str, pd.DataFrame]
    pareto: dict[tuple[str, str], list[str]]
    order: list[str]
    shown: list[str]
    others: list[str]
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    comparison: list[dict[str, str]] = field(default_factory=list)


def benchmark(
    results: pd.DataFrame, timings: pd.DataFrame, ranking_table: pd.DataFrame,
    boxplot_datasets: Sequence[str],
) -> Benchmark:
    """Rule ``bommert2020_ch5_benchmark``: §5.3 (the conclusions of §5.5 are claims of rule
    ``bommert2020_ch5_claims``: :mod:`~fsstab.papers.bommert2020.ch5.conclusions`).

    ``results`` / ``timings``: the outer folds' tables; ``ranking_table``: Fig. 5.4's table
    (its order is the filters' order of the figures, ``none`` last).
    """
    order = list(ranking_table["filter"])
    order = [*order, "none"] if "none" not in order else order
    summary = benchmark_summary(results, timings)
    datasets = list(dict.fromkeys(results["dataset"]))
    shown, others = boxplot_split(datasets, boxplot_datasets)
    wins = win_matrix(summary)
    relative, pareto = {}, {}
    tables = {"fig05_6_wins": matrix_frame(wins, "filter")}
    for number, (time_kind, column, _) in zip(("7", "8"), TIME_KINDS, strict=True):
        relative[time_kind] = frame = relative_performance(summary, column)
        for statistic, key in (("median", "median"), ("upper quartile", "q75")):
            pareto[(time_kind, statistic)] = pareto_filters(frame, key)
        tables[f"fig05_{number}_accuracy_{time_kind}_time"] = frame.assign(
            pareto_median=frame["filter"].isin(pareto[(time_kind, "median")]),
            pareto_q75=frame["filter"].isin(pareto[(time_kind, "upper quartile")]))
    tables["table5_3_outer_results"] = results.sort_values(["dataset", "filter", "outer"],
                                                           ignore_index=True)
    # accuracies are reproducible, run times are not: separate tables
    accuracy = summary[["dataset", "filter", "accuracy_mean"]]
    tables["table5_3_accuracy"] = accuracy
    tables["table5_3_median_times"] = summary[["dataset", "filter", "filter_seconds",
                                               "train_seconds"]]
    return Benchmark(results, summary, wins, relative, pareto, order, shown, others, tables,
                     benchmark_comparison(summary, wins, pareto))
