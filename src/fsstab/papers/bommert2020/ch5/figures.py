"""The figures of Chapter 5 (matplotlib Figures, keyed by the stem of their files), drawn from
the results of :mod:`~fsstab.papers.bommert2020.ch5.stages` with the charts of
:mod:`fsstab.plots`."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
from matplotlib.figure import Figure

from fsstab.papers.bommert2020.ch5.ranking import filter_label
from fsstab.papers.bommert2020.ch5.scaling import SCALING_SCENARIOS
from fsstab.papers.bommert2020.ch5.stages import TIME_KINDS, Benchmark, Ranking
from fsstab.plots import (
    box_plots,
    facet_points,
    heatmap,
    median_quartile_plot,
    new_figure,
    relative_lines,
    style_cycle,
)

__all__ = [
    "benchmark_figures",
    "figure_5_5",
    "figure_5_6",
    "figure_absolute_times",
    "figure_accuracy_time",
    "figure_relative_performance",
    "figure_relative_times",
    "ranking_figures",
    "scaling_figures",
]

#: Axis labels of the scenarios of §5.1.
SCALING_LABELS: dict[str, str] = {
    "select": "Percentage of Features to Select",
    "observations": "Percentage of Observations of Original Data Set",
    "features": "Percentage of Features of Original Data Set",
}


def figure_relative_times(relative: pd.DataFrame, scenario: str, order: Sequence[str]) -> Figure:
    """Thesis Figs. 5.1-5.3: relative median run time of every filter in one scenario."""
    part = relative[relative["scenario"] == scenario].assign(
        percentage=lambda f: 100 * f["fraction"])
    return relative_lines(part, x="percentage", y="relative", group="filter", order=order,
                          xlabel=SCALING_LABELS[scenario], ylabel="Relative Median Run Time",
                          legend_title="Filter Method")


def figure_absolute_times(relative: pd.DataFrame, scenario: str, order: Sequence[str]) -> Figure:
    """Thesis Figs. A.2-A.4: median run time of each filter, one panel per filter."""
    part = relative[relative["scenario"] == scenario]
    panels = {name: part[part["filter"] == name].assign(
        percentage=lambda f: 100 * f["fraction"]) for name in order}
    return facet_points(panels, x="percentage", y="median_seconds", lines=panels, ncols=4,
                        xlabel=SCALING_LABELS[scenario], ylabel="Median Run Time (in Seconds)",
                        line_color="black")


def scaling_figures(relative: pd.DataFrame, filters: Sequence[str]) -> dict[str, Figure]:
    """§5.1: Figs. 5.1-5.3 (relative run times) and A.2-A.4 (absolute), filters in the order
    of ``filters``."""
    order = [filter_label(f) for f in filters]
    figures = {}
    for number, scenario in zip(("1", "2", "3"), SCALING_SCENARIOS, strict=True):
        figures[f"fig05_{number}_relative_time_{scenario}"] = figure_relative_times(
            relative, scenario, order)
        figures[f"figA0{int(number) + 1}_time_{scenario}"] = figure_absolute_times(
            relative, scenario, order)
    return figures


def ranking_figures(ranking: Ranking) -> dict[str, Figure]:
    """§5.2: Fig. 5.4 (mean rank correlations with their average-linkage tree) and Figs.
    A.5-A.6 (one data set each, in the same order)."""
    order = ranking.order
    figures = {"fig05_4_rank_correlation": heatmap(
        ranking.mean.loc[order, order], annotate=True, colorbar_label="Mean Rank Correlation",
        dendrogram_linkage=ranking.linkage)}
    for name, matrix in ranking.correlations.items():
        figures[f"figA05_{name}_rank_correlation"] = heatmap(
            matrix.loc[order, order], title=name, colorbar_label="Rank Correlation")
    return figures


def figure_5_5(results: pd.DataFrame, order: Sequence[str], datasets: Sequence[str]) -> Figure:
    """Thesis Fig. 5.5 / A.7-A.8: outer-fold accuracies of each filter's tuned configuration."""
    present = [f for f in order if f in set(results["filter"])]
    return box_plots(results, value="accuracy", category="filter", order=present,
                     panel="dataset", panel_order=list(datasets), ncols=2,
                     xlabel="Filter Method", ylabel="Classification Accuracy")


def figure_5_6(wins: pd.DataFrame, n_datasets: int) -> Figure:
    """Thesis Fig. 5.6: wins of the row filter over the column filter, white at half of the
    data sets."""
    return heatmap(wins, vmin=0.0, vmax=float(n_datasets), center=n_datasets / 2,
                   annotate=True, fmt="{:g}", colorbar_label="Data Sets",
                   xlabel="Losses", ylabel="Wins", figsize=(9.5, 7.0))


def figure_relative_performance(relative: pd.DataFrame, time_label: str,
                                highlight: Sequence[str]) -> Figure:
    """Thesis Figs. 5.7 / 5.8: medians and quartiles over data sets."""
    return median_quartile_plot(
        relative, label="filter", x=("accuracy_median", "accuracy_q25", "accuracy_q75"),
        y=("time_median", "time_q25", "time_q75"), highlight=highlight,
        xlabel="Distance to the Best Mean Classification Accuracy (0 = best)",
        ylabel=f"Relative Logarithmic Median {time_label}", legend_title="Filter Method")


def figure_accuracy_time(summary: pd.DataFrame, time_column: str, time_label: str,
                         order: Sequence[str]) -> Figure:
    """Thesis Figs. A.9 / A.10: mean accuracy and median time of each filter per data set."""
    datasets = list(dict.fromkeys(summary["dataset"]))
    styles = dict(zip(order, style_cycle(len(order)), strict=True))
    ncols = min(2, len(datasets))
    nrows = -(-len(datasets) // ncols)
    fig = new_figure((5.0 * ncols + 2.2, 3.8 * nrows))
    axes = fig.subplots(nrows, ncols, squeeze=False)
    for ax, dataset in zip(axes.ravel(), datasets, strict=False):
        part = summary[summary["dataset"] == dataset]
        for name in order:
            row = part[part["filter"] == name]
            if len(row):
                ax.scatter(row["accuracy_mean"], row[time_column], color=styles[name]["color"],
                           marker=styles[name]["marker"], label=name, s=30)
        ax.set_title(dataset)
        ax.grid(alpha=0.3)
    for ax in axes.ravel()[len(datasets):]:
        ax.set_visible(False)
    fig.supxlabel("Mean Classification Accuracy")
    fig.supylabel(f"Median {time_label} (in Seconds)")
    handles, labels = axes.ravel()[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside right center", title="Filter Method", fontsize=8)
    return fig


def benchmark_figures(result: Benchmark) -> dict[str, Figure]:
    """§5.3: Figs. 5.5 (and A.7 for the other data sets), 5.6, 5.7, 5.8, A.9, A.10."""
    results = result.results
    figures = {"fig05_5_accuracy_boxplots": figure_5_5(
        results[results["dataset"].isin(result.shown)], result.order, result.shown)}
    if result.others:
        figures["figA07_accuracy_boxplots"] = figure_5_5(
            results[results["dataset"].isin(result.others)], result.order, result.others)
    figures["fig05_6_wins"] = figure_5_6(result.wins, results["dataset"].nunique())
    for number, (time_kind, column, label) in zip(("7", "8"), TIME_KINDS, strict=True):
        figures[f"fig05_{number}_accuracy_{time_kind}_time"] = figure_relative_performance(
            result.relative[time_kind], label, result.pareto[(time_kind, "median")])
        figures[f"figA{9 + int(number) - 7:02d}_accuracy_{time_kind}_time"] = \
            figure_accuracy_time(result.summary, column, label, result.order)
    return figures
