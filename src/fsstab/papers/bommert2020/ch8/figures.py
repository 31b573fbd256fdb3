"""The figures of Chapter 8 (matplotlib Figures, keyed by the stem of their files), from the
result tables of :mod:`~fsstab.papers.bommert2020.ch8.stages`."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from fsstab.papers.bommert2020.ch8.reference import APPROACHES, TOY_METHOD_LABELS, TOY_METHODS
from fsstab.papers.bommert2020.ch8.toy import nested_group_counts
from fsstab.papers.bommert2020.common import ordered_datasets, panel_grid
from fsstab.plots import new_figure

__all__ = [
    "APPROACH_COLORS",
    "fig_real_data",
    "fig_simulation_metric",
    "fig_simulation_runtime",
    "fig_simulation_size",
    "fig_toy_frequencies",
    "fig_toy_group_counts",
    "fig_toy_medians",
    "real_figures",
    "simulation_figures",
    "toy_figures",
]

APPROACH_COLORS: dict[str, str] = {
    "adj": "tab:green", "unadj": "tab:blue", "acc": "tab:orange", "stabs": "tab:red",
    "truth": "tab:gray",
}


def _boxes(ax, groups: Sequence[np.ndarray], labels: Sequence[str], colors: Sequence[str]):
    parts = ax.boxplot([np.asarray(g, dtype=float) for g in groups], tick_labels=labels,
                       patch_artist=True, widths=0.6,
                       medianprops={"color": "black"}, flierprops={"markersize": 2})
    for patch, color in zip(parts["boxes"], colors, strict=True):
        patch.set_facecolor(color)
        patch.set_alpha(0.7)


def fig_toy_frequencies(supports: pd.DataFrame) -> Figure:
    """Fig. 8.2: selection frequency of each feature per method (divided by the data sets)."""
    fig, axes = panel_grid(len(TOY_METHODS), 5, 2.8, 2.8)
    features = [f"X{j}" for j in range(1, 16)]
    for ax, method in zip(axes, TOY_METHODS, strict=True):
        part = supports[supports["method"] == method]
        ax.bar(range(1, 16), part[features].to_numpy(dtype=float).mean(axis=0),
               color="tab:blue")
        ax.set_ylim(0, 1.05)
        ax.set_xticks([1, 4, 8, 12, 15])
        ax.set_xlabel("feature index")
        ax.set_title(TOY_METHOD_LABELS[method], fontsize=10)
    axes[0].set_ylabel("selection frequency")
    fig.suptitle(f"Selection frequencies over {supports['replication'].nunique()} data sets")
    return fig


def fig_toy_group_counts(counts: pd.DataFrame) -> Figure:
    """Fig. 8.3: number of selected features out of {X2, ..., Xi}, i = 4..8."""
    columns = [f"X2..X{i}" for i in range(4, 9)]
    fig, axes = panel_grid(len(columns), 5, 3.0, 3.2)
    for ax, column, i in zip(axes, columns, range(4, 9), strict=True):
        groups = [counts.loc[counts["method"] == m, column] for m in TOY_METHODS]
        _boxes(ax, groups, [TOY_METHOD_LABELS[m] for m in TOY_METHODS], ["tab:blue"] * 5)
        ax.axhline(1, color="tab:green", linestyle="--", label="optimal")
        ax.axhline(i - 1, color="tab:red", linestyle="--", label="maximal")
        ax.tick_params(axis="x", rotation=60, labelsize=8)
        ax.set_title(f"{{X2, ..., X{i}}}")
    axes[0].set_ylabel("number of selected features")
    axes[0].legend(fontsize=8)
    return fig


def fig_toy_medians(counts: pd.DataFrame) -> Figure:
    """Fig. 8.4: median number of selected features out of {X2, ..., Xi} per method."""
    fig = new_figure((6.0, 4.0))
    ax = fig.subplots()
    columns = [f"X2..X{i}" for i in range(4, 9)]
    for position, method in enumerate(TOY_METHODS):
        medians = counts.loc[counts["method"] == method, columns].median().to_numpy()
        ax.plot(range(4, 9), medians + 0.04 * (position - 2), marker="o",
                label=TOY_METHOD_LABELS[method])
    ax.plot(range(4, 9), np.ones(5), color="black", linestyle="--", label="optimal")
    ax.set_xticks(range(4, 9), [f"{{X2..X{i}}}" for i in range(4, 9)])
    ax.set_ylabel("median number of selected features")
    ax.legend(fontsize=8)
    return fig


SIM_METRICS: dict[str, str] = {
    "test_accuracy": "Test Accuracy", "false_positive": "False Positive",
    "false_negative": "False Negative",
}


def fig_simulation_size(results: pd.DataFrame, n: int, p: int) -> Figure:
    """Fig. 8.5 / A.22-A.24: one (n, p): rows = metric × design, columns = # similar."""
    part = results[(results["n"] == n) & (results["p"] == p)]
    designs = sorted(part["design"].unique())
    similar = sorted(part["n_similar"].unique())
    rows = [(metric, design) for metric in SIM_METRICS for design in designs]
    fig = new_figure((2.6 * len(similar), 2.2 * len(rows)))
    axes = fig.subplots(len(rows), len(similar), squeeze=False)
    for r, (metric, design) in enumerate(rows):
        approaches = [a for a in APPROACHES if a != "truth" or metric == "test_accuracy"]
        for c, s in enumerate(similar):
            ax = axes[r, c]
            cell = part[(part["design"] == design) & (part["n_similar"] == s)]
            _boxes(ax, [cell.loc[cell["approach"] == a, metric] for a in approaches],
                   approaches, [APPROACH_COLORS[a] for a in approaches])
            if r == 0:
                ax.set_title(f"# similar other features: {s}", fontsize=9)
            if c == 0:
                ax.set_ylabel(f"{SIM_METRICS[metric]}\n({design})", fontsize=9)
            ax.tick_params(axis="x", labelsize=8)
    fig.suptitle(f"Simulation, n = {n}, p = {p} ({part['replication'].nunique()} replications)")
    return fig


def fig_simulation_metric(results: pd.DataFrame, design: str, metric: str) -> Figure:
    """Figs. 8.6, A.25-A.29: one metric and design; a panel per approach, boxes per (n × p),
    grouped by the number of similar features."""
    part = results[results["design"] == design]
    approaches = [a for a in APPROACHES if a != "truth" or metric == "test_accuracy"]
    sizes = sorted({(int(n), int(p)) for n, p in zip(part["n"], part["p"], strict=True)},
                   key=lambda t: (t[1], -t[0]))
    similar = sorted(part["n_similar"].unique())
    colors = ["tab:blue", "tab:orange", "tab:green", "tab:purple"]
    fig, axes = panel_grid(len(approaches), len(approaches), 3.3, 3.2)
    for ax, approach in zip(axes, approaches, strict=True):
        width = 0.8 / len(sizes)
        for k, (n, p) in enumerate(sizes):
            groups = [part.loc[(part["approach"] == approach) & (part["n"] == n)
                               & (part["p"] == p) & (part["n_similar"] == s), metric]
                      for s in similar]
            positions = np.arange(len(similar)) + (k - (len(sizes) - 1) / 2) * width
            bp = ax.boxplot([np.asarray(g, float) for g in groups], positions=positions,
                            widths=width * 0.9, patch_artist=True, manage_ticks=False,
                            medianprops={"color": "black"}, flierprops={"markersize": 2})
            for patch in bp["boxes"]:
                patch.set_facecolor(colors[k % len(colors)])
        ax.set_xticks(range(len(similar)), [str(s) for s in similar])
        ax.set_xlabel("# similar other features")
        ax.set_title(approach)
    axes[0].set_ylabel(SIM_METRICS[metric])
    handles = [Line2D([], [], marker="s", linestyle="", color=colors[k % len(colors)],
                      label=f"n = {n}, p = {p}") for k, (n, p) in enumerate(sizes)]
    fig.legend(handles=handles, loc="outside lower center", ncols=len(sizes))
    fig.suptitle(f"{SIM_METRICS[metric]}, matrix type \"{design}\"")
    return fig


def fig_simulation_runtime(timings: pd.DataFrame) -> Figure:
    """Fig. 8.7: average sequential tuning time per scenario and approach (log scale)."""
    mean = timings.groupby(["scenario", "approach"], as_index=False)["tuning_seconds"].mean()
    scenarios = sorted(mean["scenario"].unique())
    fig = new_figure((max(6.0, 0.35 * len(scenarios) + 2), 4.5))
    ax = fig.subplots()
    markers = {"adj": "o", "unadj": "s", "acc": "^", "stabs": "D"}
    for approach in ("adj", "unadj", "acc", "stabs"):
        rows = mean[mean["approach"] == approach].set_index("scenario").reindex(scenarios)
        ax.scatter(range(len(scenarios)), rows["tuning_seconds"], marker=markers[approach],
                   color=APPROACH_COLORS[approach], label=approach)
    ax.set_yscale("log")
    ax.set_xticks(range(len(scenarios)), scenarios, rotation=90, fontsize=7)
    ax.set_ylabel("mean sequential tuning time [s]")
    ax.legend()
    return fig


def fig_real_data(results: pd.DataFrame, column: str, ylabel: str) -> Figure:
    """Figs. 8.8 / 8.9: per data set, test accuracy or number of selected features of the best
    configurations over the outer CV iterations."""
    datasets = ordered_datasets(list(results["dataset"].unique()))
    approaches = ["adj", "unadj", "acc", "stabs"]
    fig, axes = panel_grid(len(datasets), 4, 3.0, 3.0)
    for ax, dataset in zip(axes, datasets, strict=True):
        part = results[results["dataset"] == dataset]
        _boxes(ax, [part.loc[part["approach"] == a, column] for a in approaches], approaches,
               [APPROACH_COLORS[a] for a in approaches])
        ax.set_title(dataset)
        ax.set_ylabel(ylabel)
    return fig


def toy_figures(supports: pd.DataFrame) -> dict[str, Figure]:
    """§8.1: Figs. 8.2-8.4 from the selections of every toy data set and method."""
    counts = nested_group_counts(supports)
    return {"fig08_2_toy_selection_frequencies": fig_toy_frequencies(supports),
            "fig08_3_toy_group_counts": fig_toy_group_counts(counts),
            "fig08_4_toy_median_counts": fig_toy_medians(counts)}


def simulation_figures(results: pd.DataFrame, timings: pd.DataFrame,
                       stems: Sequence[str]) -> dict[str, Figure]:
    """§8.3: the figures ``stems`` (of
    :func:`~fsstab.papers.bommert2020.ch8.stages.simulation_figure_stems`)."""
    figures = {}
    for stem in stems:
        if "_simulation_n" in stem:
            n, p = (int(v) for v in re.findall(r"_n(\d+)_p(\d+)$", stem)[0])
            figures[stem] = fig_simulation_size(results, n, p)
        elif stem.startswith("fig08_7"):
            figures[stem] = fig_simulation_runtime(timings)
        else:
            metric, design = re.findall(
                r"_(test_accuracy|false_positive|false_negative)_(blocks|toeplitz)$", stem)[0]
            figures[stem] = fig_simulation_metric(results, design, metric)
    return figures


def real_figures(results: pd.DataFrame) -> dict[str, Figure]:
    """§8.4: Figs. 8.8-8.9."""
    return {"fig08_8_real_data_accuracy": fig_real_data(results, "test_accuracy",
                                                        "test accuracy"),
            "fig08_9_real_data_n_selected": fig_real_data(results, "n_selected",
                                                          "number of selected features")}
