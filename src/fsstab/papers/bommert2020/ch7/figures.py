"""The figures of Chapter 7 (matplotlib Figures, keyed by the stem of their files), from the
evaluations and optimality flags of :mod:`~fsstab.papers.bommert2020.ch7.stages`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from fsstab.papers.bommert2020.ch7.reference import CH7_CLASSIFIERS, CH7_FILTERS, CH7_MEASURES
from fsstab.papers.bommert2020.ch7.stages import test_performance_datasets
from fsstab.papers.bommert2020.common import ordered_datasets, panel_grid
from fsstab.papers.bommert2020.reference import thesis_symbol

__all__ = [
    "fig_methods",
    "fig_pa_best",
    "fig_test_performance",
    "fig_train_test_differences",
    "figures",
]


def fig_pa_best(flags: Mapping[str, pd.DataFrame]) -> Figure:
    """Fig. 7.1: the configurations that are PA-best for at least one measure, per data set."""
    datasets = ordered_datasets(list(flags))
    fig, axes = panel_grid(len(datasets), 4, 3.0, 3.6)
    for ax, dataset in zip(axes, datasets, strict=True):
        f = flags[dataset]
        columns = [f"pa_best_{m}" for m in CH7_MEASURES]
        chosen = f[f[columns].any(axis=1)]
        matrix = chosen[columns].to_numpy(dtype=float)
        ax.imshow(matrix, aspect="auto", cmap="Greens", vmin=0, vmax=1.3,
                  interpolation="nearest")
        ax.set_xticks(range(len(CH7_MEASURES)),
                      [thesis_symbol(m) for m in CH7_MEASURES], rotation=45, ha="right")
        ax.set_yticks([])
        ax.set_ylabel(f"configurations ({len(chosen)})")
        ax.set_title(dataset)
    fig.suptitle("PA-best configurations (filled) per stability measure")
    return fig


def fig_methods(configs: pd.DataFrame, flags: Mapping[str, pd.DataFrame], column: str,
                title: str) -> Figure:
    """Figs. 7.2, A.16-A.19: classification and filter methods of the chosen configurations."""
    datasets = ordered_datasets(list(flags))
    fig, axes = panel_grid(len(datasets), 3, 4.2, 3.2)
    colors = dict(zip(CH7_FILTERS, ("tab:gray", "tab:blue", "tab:orange", "tab:green"),
                      strict=True))
    for ax, dataset in zip(axes, datasets, strict=True):
        chosen = flags[dataset].loc[flags[dataset][column], "config"]
        part = configs[configs["config"].isin(chosen)]
        bottom = np.zeros(len(CH7_CLASSIFIERS))
        for filter_name in CH7_FILTERS:
            counts = np.array([np.sum((part["classifier"] == c) & (part["filter"] == filter_name))
                               for c in CH7_CLASSIFIERS], dtype=float)
            ax.bar(range(len(CH7_CLASSIFIERS)), counts, bottom=bottom,
                   color=colors[filter_name], label=filter_name)
            bottom += counts
        ax.set_xticks(range(len(CH7_CLASSIFIERS)),
                      ["SVM", "kNN", "ridge", "lasso", "RF", "boosting"], rotation=30)
        ax.set_ylabel("configurations")
        ax.set_title(dataset)
    axes[0].legend(title="filter", fontsize=8)
    fig.suptitle(title)
    return fig


def _chosen_sets(flags: pd.DataFrame) -> dict[str, pd.Series]:
    sets = {thesis_symbol(m): flags[f"pa_best_{m}"] for m in CH7_MEASURES}
    sets["A-best"] = flags["a_best"]
    return sets


def fig_train_test_differences(evaluation: Mapping[str, pd.DataFrame],
                               flags: Mapping[str, pd.DataFrame], column: str,
                               ylabel: str, title: str, *, include_a_best: bool) -> Figure:
    """Figs. 7.3, A.20, A.21: test − training value of ``column`` for the chosen
    configurations (``column`` ``"stability"`` uses the measure that chose them)."""
    datasets = ordered_datasets(list(flags))
    fig, axes = panel_grid(len(datasets), 4, 3.3, 3.0)
    for ax, dataset in zip(axes, datasets, strict=True):
        wide = evaluation[dataset].pivot(index="config", columns="half")
        groups, labels = [], []
        for label, mask in _chosen_sets(flags[dataset]).items():
            if label == "A-best" and not include_a_best:
                continue
            chosen = flags[dataset].loc[mask.to_numpy(), "config"]
            measure = next((m for m in CH7_MEASURES if thesis_symbol(m) == label), None)
            value = measure if column == "stability" else column
            if value is None:
                continue
            diff = (wide[(value, "test")] - wide[(value, "train")]).reindex(chosen)
            groups.append(diff.dropna().to_numpy())
            labels.append(label)
        ax.boxplot(groups, tick_labels=labels, showfliers=True)
        ax.axhline(0.0, linestyle=":", color="black", linewidth=0.8)
        ax.tick_params(axis="x", rotation=45)
        ax.set_ylabel(ylabel)
        ax.set_title(dataset)
    fig.suptitle(title)
    return fig


def fig_test_performance(evaluation: Mapping[str, pd.DataFrame],
                         flags: Mapping[str, pd.DataFrame], datasets: Sequence[str]) -> Figure:
    """Figs. 7.4 / 7.5: stability against mean number of selected features on the test data,
    coloured by test accuracy; triangles PA-best only, dots A-best only, stars both."""
    fig, axes = panel_grid(len(datasets) * len(CH7_MEASURES), len(CH7_MEASURES), 3.1, 2.8)
    scatter = None
    for row, dataset in enumerate(datasets):
        test = evaluation[dataset]
        test = test[test["half"] == "test"].set_index("config")
        f = flags[dataset].set_index("config")
        for col, measure in enumerate(CH7_MEASURES):
            ax = axes[row * len(CH7_MEASURES) + col]
            pa, a = f[f"pa_best_{measure}"], f["a_best"]
            for mask, marker, size in ((pa & ~a, "^", 30), (a & ~pa, "o", 18), (pa & a, "*", 60)):
                configs = mask.index[mask.to_numpy()]
                points = test.reindex(configs)
                scatter = ax.scatter(points["mean_n_selected"], points[measure],
                                     c=points["accuracy"], cmap="RdYlGn", vmin=0.5, vmax=1.0,
                                     marker=marker, s=size, edgecolors="black", linewidths=0.3)
            ax.set_xscale("symlog", linthresh=1.0)
            ax.set_xlabel("mean number of selected features")
            ax.set_ylabel(thesis_symbol(measure))
            ax.set_title(f"{dataset}, {thesis_symbol(measure)}", fontsize=9)
    handles = [Line2D([], [], marker=m, linestyle="", color="gray", label=lab, markersize=8)
               for m, lab in (("^", "PA-best"), ("o", "A-best"), ("*", "both"))]
    fig.legend(handles=handles, loc="outside lower center", ncols=3)
    if scatter is not None:
        fig.colorbar(scatter, ax=axes, label="mean test accuracy", shrink=0.6)
    fig.suptitle("Test-data performance of the PA-best and A-best configurations")
    return fig


def figures(evaluation: Mapping[str, pd.DataFrame], flags: Mapping[str, pd.DataFrame],
            configs: Mapping[str, pd.DataFrame], stems: Sequence[str]) -> dict[str, Figure]:
    """The figures ``stems`` (of :func:`~fsstab.papers.bommert2020.ch7.stages.figure_stems`)
    from each data set's evaluation, flags and configurations."""
    all_configs = pd.concat(configs.values(), ignore_index=True).drop_duplicates("config")
    first, second = test_performance_datasets(list(flags))
    draw: dict[str, Callable[[], Figure]] = {
        "fig07_1_pa_best_configurations": lambda: fig_pa_best(flags),
        "fig07_2_methods_pa_best_smu": lambda: fig_methods(
            all_configs, flags, "pa_best_unadjusted", "Methods of the PA-best configurations, SMU"),
        "figA_16_methods_pa_best_sma_count": lambda: fig_methods(
            all_configs, flags, "pa_best_intersection_count",
            "Methods of the PA-best configurations, SMA-Count"),
        "figA_17_methods_pa_best_smj": lambda: fig_methods(
            all_configs, flags, "pa_best_jaccard", "Methods of the PA-best configurations, SMJ"),
        "figA_18_methods_pa_best_smh": lambda: fig_methods(
            all_configs, flags, "pa_best_hamming", "Methods of the PA-best configurations, SMH"),
        "figA_19_methods_a_best": lambda: fig_methods(
            all_configs, flags, "a_best", "Methods of the A-best configurations"),
        "fig07_3_accuracy_train_test": lambda: fig_train_test_differences(
            evaluation, flags, "accuracy", "test − training accuracy",
            "Mean accuracy, test minus training data", include_a_best=True),
        "figA_20_n_selected_train_test": lambda: fig_train_test_differences(
            evaluation, flags, "mean_n_selected", "test − training mean n. selected",
            "Mean number of selected features, test minus training data",
            include_a_best=False),
        "figA_21_stability_train_test": lambda: fig_train_test_differences(
            evaluation, flags, "stability", "test − training stability",
            "Stability (the measure that chose the configuration), test minus training data",
            include_a_best=False),
        "fig07_4_test_performance": lambda: fig_test_performance(evaluation, flags, first),
        "fig07_5_test_performance": lambda: fig_test_performance(evaluation, flags, second),
    }
    return {stem: draw[stem]() for stem in stems}
