"""Tables, figures and the comparison table of Bommert (2020) Chapters 7 and 8.

The computations are in :mod:`fsstab.papers.bommert2020_ch78`; this module turns their result
tables into the thesis' tables and figures (file names start with the thesis' numbering, e.g.
``fig08_5_...``, ``table7_1_...``) and lists every number the thesis states in the text next to
ours (the Ch. 7-8 part of ``comparison.csv``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from fsstab.papers.bommert2020_ch78 import (
    APPROACHES,
    CH7_CLASSIFIERS,
    CH7_FILTERS,
    CH7_MEASURE_LABELS,
    CH7_MEASURES,
    SIMILARITY_THRESHOLD,
    TOY_METHOD_LABELS,
    TOY_METHODS,
    stratified_folds,
)
from fsstab.papers.outputs import NOT_RUN_NOTE, comparison_frame, format_number
from fsstab.plots import _new_figure
from fsstab.resampling import make_resamples
from fsstab.workflow.seeds import derive_seed

__all__ = [
    "NOT_CONFIGURED_NOTE",
    "THESIS_DATASET_ORDER",
    "comparison_rows",
    "dataset_characteristics",
    "halves_and_folds",
    "splits_of",
]

#: Table 4.1's order; Figs. 7.4 / 7.5 show the first / last six.
THESIS_DATASET_ORDER: tuple[str, ...] = (
    "sonar", "kc1_binary", "tecator", "har", "gina_agnostic", "dilbert",
    "lsvt", "christensen", "gravier", "eating", "arcene", "chiaretti",
)
APPROACH_COLORS: dict[str, str] = {
    "adj": "tab:green", "unadj": "tab:blue", "acc": "tab:orange", "stabs": "tab:red",
    "truth": "tab:gray",
}
HALVES: tuple[str, ...] = ("train", "test")


# ============================================================================================
# Splits (Ch. 7: halves, each with its own CV folds)
# ============================================================================================


def halves_and_folds(y: np.ndarray, n_folds: int, seed: int) -> pd.DataFrame:
    """Stratified halves of the data (§6.3.1, §7.2) and ``n_folds``-fold CV within each.

    Long table: ``half`` ("train"/"test"), ``fold`` (-1 for the half itself), ``role``
    ("train"/"test" of the fold; "all" for the half), ``row`` (index into the dataset).
    """
    halves = make_resamples(y, "complementary_pairs", 2, derive_seed(seed, "halves"))
    rows = []
    for half, members in zip(HALVES, halves.train, strict=True):
        rows += [(half, -1, "all", int(r)) for r in members]
        folds = stratified_folds(y[members], n_folds, derive_seed(seed, "folds", half))
        for f, (train, test) in enumerate(folds):
            rows += [(half, f, "train", int(r)) for r in members[train]]
            rows += [(half, f, "test", int(r)) for r in members[test]]
    table = pd.DataFrame(rows, columns=["half", "fold", "role", "row"])
    return table.astype({"fold": np.int32, "row": np.int32})


def splits_of(table: pd.DataFrame, half: str) -> tuple[np.ndarray, list[tuple[np.ndarray,
                                                                              np.ndarray]]]:
    """Rows of ``half`` and its folds as ``[(train rows, test rows), ...]`` (dataset rows)."""
    part = table[table["half"] == half]
    if part.empty:
        raise ValueError(f"no rows for half {half!r}; halves present: {sorted(table['half'])}")
    members = np.sort(part.loc[part["fold"] == -1, "row"].to_numpy(np.int64))
    folds = []
    for f in sorted(part.loc[part["fold"] >= 0, "fold"].unique()):
        rows = part[part["fold"] == f]
        folds.append((np.sort(rows.loc[rows["role"] == "train", "row"].to_numpy(np.int64)),
                      np.sort(rows.loc[rows["role"] == "test", "row"].to_numpy(np.int64))))
    return members, folds


def dataset_characteristics(X: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Table 4.1's columns: p, n, proportion of the majority class (PP) and the mean number of
    highly correlated (|Pearson| ≥ 0.9) other features per feature (MHCF)."""
    from fsstab.similarity import correlation_similarity

    C = correlation_similarity(X, threshold=SIMILARITY_THRESHOLD)
    others = np.diff(C.indptr).astype(np.float64) - 1.0  # stored entries minus the diagonal
    counts = np.bincount(np.asarray(y, dtype=np.int64))
    return {"p": float(X.shape[1]), "n": float(X.shape[0]),
            "PP": float(counts.max() / counts.sum()), "MHCF": float(others.mean())}


# ============================================================================================
# Chapter 7 figures
# ============================================================================================


def _grid(n_panels: int, n_cols: int, width: float, height: float) -> tuple[Figure, list]:
    n_cols = max(1, min(n_cols, n_panels))
    n_rows = int(np.ceil(n_panels / n_cols))
    # at least 7 inches wide: room for the title when there are only one or two panels
    fig = _new_figure((max(7.0, width * n_cols), height * n_rows))
    axes = fig.subplots(n_rows, n_cols, squeeze=False).ravel()
    for ax in axes[n_panels:]:
        ax.set_visible(False)
    return fig, list(axes[:n_panels])


def ordered_datasets(names: Sequence[str]) -> list[str]:
    """``names`` in Table 4.1's order (unknown names last, alphabetically)."""
    known = [d for d in THESIS_DATASET_ORDER if d in names]
    return known + sorted(set(names) - set(known))


def fig_pa_best(flags: Mapping[str, pd.DataFrame]) -> Figure:
    """Fig. 7.1: the configurations that are PA-best for at least one measure, per data set."""
    datasets = ordered_datasets(list(flags))
    fig, axes = _grid(len(datasets), 4, 3.0, 3.6)
    for ax, dataset in zip(axes, datasets, strict=True):
        f = flags[dataset]
        columns = [f"pa_best_{m}" for m in CH7_MEASURES]
        chosen = f[f[columns].any(axis=1)]
        matrix = chosen[columns].to_numpy(dtype=float)
        ax.imshow(matrix, aspect="auto", cmap="Greens", vmin=0, vmax=1.3,
                  interpolation="nearest")
        ax.set_xticks(range(len(CH7_MEASURES)),
                      [CH7_MEASURE_LABELS[m] for m in CH7_MEASURES], rotation=45, ha="right")
        ax.set_yticks([])
        ax.set_ylabel(f"configurations ({len(chosen)})")
        ax.set_title(dataset)
    fig.suptitle("PA-best configurations (filled) per stability measure")
    return fig


def fig_methods(configs: pd.DataFrame, flags: Mapping[str, pd.DataFrame], column: str,
                title: str) -> Figure:
    """Figs. 7.2, A.16-A.19: classification and filter methods of the chosen configurations."""
    datasets = ordered_datasets(list(flags))
    fig, axes = _grid(len(datasets), 3, 4.2, 3.2)
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
    sets = {CH7_MEASURE_LABELS[m]: flags[f"pa_best_{m}"] for m in CH7_MEASURES}
    sets["A-best"] = flags["a_best"]
    return sets


def fig_train_test_differences(evaluation: Mapping[str, pd.DataFrame],
                               flags: Mapping[str, pd.DataFrame], column: str,
                               ylabel: str, title: str, *, include_a_best: bool) -> Figure:
    """Figs. 7.3, A.20, A.21: test − training value of ``column`` for the chosen
    configurations (``column`` ``"stability"`` uses the measure that chose them)."""
    datasets = ordered_datasets(list(flags))
    fig, axes = _grid(len(datasets), 4, 3.3, 3.0)
    for ax, dataset in zip(axes, datasets, strict=True):
        wide = evaluation[dataset].pivot(index="config", columns="half")
        groups, labels = [], []
        for label, mask in _chosen_sets(flags[dataset]).items():
            if label == "A-best" and not include_a_best:
                continue
            chosen = flags[dataset].loc[mask.to_numpy(), "config"]
            measure = next((m for m, lab in CH7_MEASURE_LABELS.items() if lab == label), None)
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
    fig, axes = _grid(len(datasets) * len(CH7_MEASURES), len(CH7_MEASURES), 3.1, 2.8)
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
            ax.set_ylabel(CH7_MEASURE_LABELS[measure])
            ax.set_title(f"{dataset}, {CH7_MEASURE_LABELS[measure]}", fontsize=9)
    handles = [Line2D([], [], marker=m, linestyle="", color="gray", label=lab, markersize=8)
               for m, lab in (("^", "PA-best"), ("o", "A-best"), ("*", "both"))]
    fig.legend(handles=handles, loc="outside lower center", ncols=3)
    if scatter is not None:
        fig.colorbar(scatter, ax=axes, label="mean test accuracy", shrink=0.6)
    fig.suptitle("Test-data performance of the PA-best and A-best configurations")
    return fig


# ============================================================================================
# Chapter 8 figures
# ============================================================================================


def _boxes(ax, groups: Sequence[np.ndarray], labels: Sequence[str], colors: Sequence[str]):
    parts = ax.boxplot([np.asarray(g, dtype=float) for g in groups], tick_labels=labels,
                       patch_artist=True, widths=0.6,
                       medianprops={"color": "black"}, flierprops={"markersize": 2})
    for patch, color in zip(parts["boxes"], colors, strict=True):
        patch.set_facecolor(color)
        patch.set_alpha(0.7)


def fig_toy_frequencies(supports: pd.DataFrame) -> Figure:
    """Fig. 8.2: selection frequency of each feature per method (divided by the data sets)."""
    fig, axes = _grid(len(TOY_METHODS), 5, 2.8, 2.8)
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
    fig, axes = _grid(len(columns), 5, 3.0, 3.2)
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
    fig = _new_figure((6.0, 4.0))
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
    fig = _new_figure((2.6 * len(similar), 2.2 * len(rows)))
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
    fig, axes = _grid(len(approaches), len(approaches), 3.3, 3.2)
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
    fig = _new_figure((max(6.0, 0.35 * len(scenarios) + 2), 4.5))
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
    fig, axes = _grid(len(datasets), 4, 3.0, 3.0)
    for ax, dataset in zip(axes, datasets, strict=True):
        part = results[results["dataset"] == dataset]
        _boxes(ax, [part.loc[part["approach"] == a, column] for a in approaches], approaches,
               [APPROACH_COLORS[a] for a in approaches])
        ax.set_title(dataset)
        ax.set_ylabel(ylabel)
    return fig


# ============================================================================================
# comparison.csv (Ch. 7-8 part): the numbers the thesis states in the text
# ============================================================================================

#: Table 7.1 (thesis values) for the data sets reachable offline.
TABLE_7_1: dict[str, tuple[int, ...]] = {
    "sonar": (97, 88, 132, 65, 17, 16, 31, 20, 1),
    "kc1_binary": (95, 30, 170, 51, 25, 8, 38, 7, 1),
    "tecator": (37, 41, 57, 24, 31, 35, 51, 23, 1),
    "har": (507, 492, 553, 502, 22, 19, 68, 23, 1),
    "gina_agnostic": (139, 90, 260, 124, 37, 36, 111, 62, 1),
    "dilbert": (650, 551, 856, 713, 137, 108, 342, 209, 954),
    "lsvt": (558, 501, 623, 475, 21, 18, 42, 21, 3),
    "christensen": (483, 483, 483, 483, 67, 67, 67, 67, 3414),
    "gravier": (687, 563, 1027, 506, 6, 6, 6, 4, 2),
    "eating": (946, 867, 1139, 505, 5, 4, 5, 3, 1),
    "arcene": (825, 538, 1160, 593, 69, 25, 84, 7, 2),
    "chiaretti": (744, 549, 1010, 656, 126, 64, 282, 170, 2207),
}
#: Table 4.1 (p, n, PP, MHCF).
TABLE_4_1: dict[str, tuple[float, float, float, float]] = {
    "sonar": (60, 208, 0.53, 0.10), "kc1_binary": (86, 145, 0.59, 6.81),
    "tecator": (124, 240, 0.57, 91.40), "har": (561, 3683, 0.52, 5.28),
    "gina_agnostic": (970, 3468, 0.51, 0.00), "dilbert": (2000, 4095, 0.50, 66.24),
    "lsvt": (307, 126, 0.67, 18.42), "christensen": (1413, 217, 0.61, 1.00),
    "gravier": (2905, 168, 0.66, 0.13), "eating": (6365, 273, 0.51, 4.51),
    "arcene": (9961, 200, 0.56, 29.97), "chiaretti": (12625, 128, 0.74, 0.05),
}
#: §8.1 medians of Fig. 8.4 stated in the text: L0 one feature of every {X2..Xi}; glm
#: boosting one of {X2..X4} and {X2..X5}; glmnet one of {X2..X4}, two of {X2..X5}; LiblineaR and
#: random forest "almost always select all" of {X2..X4} and {X2..X5}.
TOY_MEDIANS: dict[tuple[str, int], int] = {
    **{("l0", i): 1 for i in range(4, 9)},
    ("glmboost", 4): 1, ("glmboost", 5): 1, ("lasso_glmnet", 4): 1, ("lasso_glmnet", 5): 2,
    ("lasso_liblinear", 4): 3, ("lasso_liblinear", 5): 4,
    ("random_forest", 4): 3, ("random_forest", 5): 4,
}


#: The note of a comparison row whose dataset this configuration does not list at all.
NOT_CONFIGURED_NOTE = "dataset not in this configuration (config/paper/bommert2020.yaml has it)"
#: Decimals of each compared quantity as the thesis prints it.
_TABLE_4_1_DECIMALS = {"p": 0, "n": 0, "PP": 2, "MHCF": 2}


def _missing_note(dataset: str, configured: Sequence[str]) -> str:
    return NOT_RUN_NOTE if dataset in configured else NOT_CONFIGURED_NOTE


def comparison_rows(
    *,
    configured: Sequence[str] = (),
    table71: pd.DataFrame | None = None,
    characteristics: Mapping[str, Mapping[str, float]] | None = None,
    toy_supports: pd.DataFrame | None = None,
    simulation: pd.DataFrame | None = None,
    n_scenarios: int | None = None,
    settings_note: str = "",
) -> pd.DataFrame:
    """Every number of Ch. 4 (the data sets), 7 and 8 stated in the text, next to ours: a
    comparison table (:data:`fsstab.papers.outputs.COMPARISON_COLUMNS`, values as text).

    ``configured``: the data sets under ``datasets:``; a thesis data set without our value is
    noted as not run (configured but not reachable) or as not configured.
    """
    rows: list[dict[str, str]] = []

    def add(item: str, dataset: str, setting: str, paper: Any, ours: Any, decimals: int,
            note: str = "") -> None:
        rows.append({"item": item, "dataset": dataset, "setting": setting,
                     "paper_value": format_number(paper, decimals),
                     "our_value": format_number(ours, decimals), "note": note})

    for dataset, values in TABLE_4_1.items():
        ours = (characteristics or {}).get(dataset)
        for name, paper in zip(_TABLE_4_1_DECIMALS, values, strict=True):
            add(f"Table 4.1 {name}", dataset, "full data set", paper,
                None if ours is None else ours[name], _TABLE_4_1_DECIMALS[name],
                "" if ours is not None else _missing_note(dataset, configured))
    counts71 = {} if table71 is None else table71.set_index("dataset").to_dict("index")
    columns71 = [f"{CH7_MEASURE_LABELS[m]} (all)" for m in CH7_MEASURES]
    columns71 += [f"{CH7_MEASURE_LABELS[m]} (PA)" for m in CH7_MEASURES] + ["A-best"]
    for dataset, values in TABLE_7_1.items():
        ours = counts71.get(dataset)
        for column, paper in zip(columns71, values, strict=True):
            add(f"Table 7.1 {column}", dataset, settings_note, paper,
                None if ours is None else ours[column], 0,
                "" if ours is not None else _missing_note(dataset, configured))
    if toy_supports is not None:
        from fsstab.papers.bommert2020_ch78 import nested_group_counts

        counts = nested_group_counts(toy_supports)
        n_sets = toy_supports["replication"].nunique()
        setting = f"{n_sets} simulated data sets (thesis: 1000)"
        rf = toy_supports[toy_supports["method"] == "random_forest"]
        features = [f"X{j}" for j in range(1, 16)]
        add("§8.1 fraction of data sets where random forest keeps all 15 features",
            "similar_features_toy", setting, 1.0, float(rf[features].all(axis=1).mean()), 3)
        for method in TOY_METHODS:
            part = toy_supports[toy_supports["method"] == method]
            add(f"§8.1 selection frequency of X1 ({TOY_METHOD_LABELS[method]})",
                "similar_features_toy", setting, 1.0, float(part["X1"].mean()), 3)
        for (method, i), paper in TOY_MEDIANS.items():
            ours = counts.loc[counts["method"] == method, f"X2..X{i}"].median()
            add(f"§8.1 median number selected of {{X2..X{i}}} ({TOY_METHOD_LABELS[method]})",
                "similar_features_toy", setting, paper, float(ours), 1)
    if simulation is not None:
        add("§8.3 number of simulation scenarios", "simulation", "Table 8.1", 32,
            n_scenarios if n_scenarios is not None else simulation["scenario"].nunique(), 0)
        add("§8.3 replications per scenario", "simulation", "Table 8.1", 50,
            int(simulation.groupby("scenario")["replication"].nunique().min()), 0)
        no_similar = simulation[simulation["n_similar"] == 0]
        wide = no_similar.pivot_table(index=["scenario", "replication"], columns="approach",
                                      values="max_support_size")
        if {"adj", "unadj"} <= set(wide.columns) and len(wide):
            add("§8.3 fraction of replications without similar features where adj and unadj "
                "choose the same max.feats", "simulation", "# similar = 0", 1.0,
                float((wide["adj"] == wide["unadj"]).mean()), 3,
                "SMU and SMA-Count are identical without similar features")
        check = simulation[simulation["approach"] != "truth"]
        identity = (check["n_selected"] == check["false_positive"] - check["false_negative"] + 5)
        add("§8.3 n. selected = false positive − false negative + 5 (share of rows)",
            "simulation", "all approaches", 1.0, float(identity.mean()), 3)
    return comparison_frame(rows)
