"""The figures of Hamer & Dupont (2021), composed from :mod:`fsstab.plots`.

Every function takes tables and arrays (never paths) and returns a
:class:`matplotlib.figure.Figure`; the paper's scripts save them with
:func:`fsstab.plots.save_figure` (PDF + PNG). Measures are named and coloured as in the paper:
φ red, φ_pears green, φ_iw blue (φ_C orange, φ_can purple).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from fsstab.papers.hamer2021.correlated import CORRELATED_MEASURES
from fsstab.papers.hamer2021.decisions import method_masks
from fsstab.papers.hamer2021.reference import MEASURES
from fsstab.papers.hamer2021.toy import ToyMap
from fsstab.plots import (
    coefficient_of_variation_bars,
    correlation_scatter,
    dominated_area_plot,
    feature_stability_map,
    measure_color,
    measure_label,
    pareto_comparison_plot,
    sampling_distribution_plot,
    trajectory_plot,
)

__all__ = [
    "appendix_figure",
    "correlated_maps_figure",
    "correlated_stability_figure",
    "decision_figure",
    "distributions_figure",
    "dominated_areas_figure",
    "frequency_score_figure",
    "maps_figure",
    "toy_map_figure",
    "trajectories_figure",
    "variation_figure",
]

_METHOD_COLORS = {
    "lasso": "tab:blue", "elastic_net": "tab:orange", "logistic_rfe": "tab:green",
    "svm_rfe": "tab:red", "random_forest": "tab:purple", "relief": "tab:brown",
}
_METHOD_MARKERS = {
    "lasso": "o", "elastic_net": "s", "logistic_rfe": "^", "svm_rfe": "v", "random_forest": "D",
    "relief": "P",
}
_METHOD_NAMES = {
    "lasso": "LASSO", "elastic_net": "elastic net", "logistic_rfe": "logistic RFE",
    "svm_rfe": "SVM-RFE", "random_forest": "random forest", "relief": "RELIEF",
}
_MAP_ORDER = ("nogueira", "pearson", "canberra", "importance_weighted")


def _suptitle(fig: Figure, text: str, fontsize: float = 11) -> None:
    """A figure title wrapped to the figure's width (about 0.6 em per character)."""
    width_points = fig.get_figwidth() * 72
    columns = max(40, int(width_points / (0.55 * fontsize)))
    fig.suptitle(textwrap.fill(text, columns), fontsize=fontsize)


def _figure(width: float, height: float, layout: str = "constrained") -> Figure:
    fig = Figure(figsize=(width, height), layout=layout)
    FigureCanvasAgg(fig)
    return fig


def _grid(n: int, ncols: int, width: float, height: float) -> tuple[Figure, list[Any]]:
    ncols = min(ncols, n)
    nrows = -(-n // ncols)
    fig = _figure(width * ncols, height * nrows)
    axes = list(fig.subplots(nrows, ncols, squeeze=False).ravel())
    for ax in axes[n:]:
        ax.set_axis_off()
    return fig, axes[:n]


def _values(values: Mapping[str, float]) -> dict[str, float]:
    """The measures of a map caption in the paper's order, finite ones only."""
    return {m: float(values[m]) for m in _MAP_ORDER if m in values and np.isfinite(values[m])}


# -- Figs. 3-6 --------------------------------------------------------------------------------


def toy_map_figure(toy: ToyMap, n_features: int) -> Figure:
    """One toy feature stability map with φ, φ_pears, φ_can and φ_iw (Figs. 3-6)."""
    fig = _figure(6.6, 4.4)
    ax = fig.add_subplot()
    feature_stability_map(toy.importances, measures=_values(toy.values), ax=ax,
                          title=f"Fig. {toy.figure}: {toy.title} (d = {n_features:,})")
    return fig


# -- Figs. 7-8 --------------------------------------------------------------------------------


def correlated_maps_figure(panels: Sequence[tuple[str, Any, Mapping[str, float]]]) -> Figure:
    """Feature stability maps of the group LASSO for several group sizes (Fig. 7): one panel
    per ``(title, importances, measures)``."""
    fig, axes = _grid(len(panels), 1, 7.8, 4.4)
    for ax, (title, W, values) in zip(axes, panels, strict=True):
        feature_stability_map(W, measures=_values(values), title=title, ax=ax)
    return fig


def correlated_stability_figure(summary: pd.DataFrame, methods: Mapping[int, str]) -> Figure:
    """φ, φ_C, φ_pears and φ_iw against the group size c (Fig. 8): one panel per scenario, the
    mean over the generative seeds with ± 1 standard deviation."""
    scenarios = sorted(summary["scenario"].unique())
    fig, axes = _grid(len(scenarios), 3, 4.6, 3.9)
    for panel, (ax, scenario) in enumerate(zip(axes, scenarios, strict=True)):
        rows = summary[summary["scenario"] == scenario]
        for k, measure in enumerate(CORRELATED_MEASURES):
            r = rows[rows["measure"] == measure].sort_values("group_size")
            ax.errorbar(r["group_size"], r["mean"], yerr=r["sd"], marker="o", ms=4, lw=1.2,
                        capsize=3, color=measure_color(measure, k), label=measure_label(measure))
        n_seeds = int(rows["n_seeds"].max())
        ax.set_title(f"({chr(ord('a') + panel)}) scenario {scenario}: {methods[scenario]}",
                     fontsize=10)
        ax.set_xlabel("Size c of the correlated groups")
        ax.set_ylabel(f"Stability (mean ± sd, {n_seeds} seeds)")
        ax.axhline(0.0, color="0.8", lw=0.8, zorder=0)
        ax.legend(fontsize=8, loc="best")
    return fig


# -- Figs. 9-11, 21-25 ------------------------------------------------------------------------


def dominated_areas_figure(points: pd.DataFrame, rfe_selectors: Sequence[str],
                           reference: tuple[float, float], dataset: str) -> Figure:
    """Areas dominated by the Pareto fronts of the logistic RFE (N = 0) and of the hybrid-RFE
    with N ≥ 1, one panel per measure (Fig. 9 shows φ)."""
    masks = method_masks(points, rfe_selectors)
    fig, axes = _grid(len(MEASURES), 3, 4.6, 4.0)
    colors = dict(zip(masks, ("tab:blue", "tab:red"), strict=True))
    for ax, measure in zip(axes, MEASURES, strict=True):
        acc, stab = points["accuracy"].to_numpy(), points[measure].to_numpy(dtype=float)
        dominated_area_plot(
            {method: (acc[mask], stab[mask]) for method, mask in masks.items()},
            reference=reference, measure=measure, ax=ax, colors=colors,
            title=f"{dataset}: {measure_label(measure)}",
        )
    _suptitle(fig, f"Fig. 9 ({dataset}): areas dominated by the Pareto fronts of the logistic "
                   r"RFE (N = 0, model selection over $\lambda$ and $\lambda_f$) and of the "
                   "hybrid-RFE (N ≥ 1), with respect to (accuracy, stability) = "
                   f"({reference[0]:g}, {reference[1]:g})", fontsize=10)
    return fig


def frequency_score_figure(table: pd.DataFrame, dataset: str, setting: str) -> Figure:
    """Selection frequency p_f against the average frequency score sc_f (Fig. 10)."""
    fig = _figure(5.0, 4.4)
    correlation_scatter(table["p_f"], table["mean_sc_f"], ax=fig.add_subplot(),
                        xlabel="Selection frequency $p_f$",
                        ylabel="Average frequency score $sc_f$ (eq. 15)",
                        title=f"{dataset}: {setting}")
    return fig


def decision_figure(points: pd.DataFrame, compromises: pd.DataFrame,
                    maps: Mapping[str, Any], *, dataset: str, number: int,
                    gamma: float) -> Figure:
    """Fig. 11 / 21-25: (top) the Pareto-optimal points of φ, φ_pears and φ_iw and the hull
    compromises of the optimised measure in every measure's space; (bottom) the feature
    stability map of the compromise chosen for ``gamma`` when each measure is optimised
    (``maps``: measure → importance matrix)."""
    fig = _figure(15.5, 10.5)
    top, bottom = fig.subfigures(2, 1, height_ratios=[1.0, 1.25])
    axes = list(top.subplots(1, len(MEASURES), sharex=True, sharey=True))
    pareto_comparison_plot(points["accuracy"], {m: points[m] for m in MEASURES},
                           gamma=gamma, axes=axes)
    for ax in axes[1:]:
        legend = ax.get_legend()
        if legend is not None:
            legend.remove()
    top.suptitle(f"Fig. {number} ({dataset}): hybrid-RFE, {len(points)} settings; filled: "
                 "Pareto-optimal for each measure; circled: compromises of the optimised "
                 f"measure; stars: the compromise chosen for γ = {gamma:g}", fontsize=11)
    map_axes = bottom.subplots(1, len(MEASURES))
    for ax, measure in zip(map_axes, MEASURES, strict=True):
        row = compromises[(compromises["optimised"] == measure) & compromises["chosen"]].iloc[0]
        title = (f"optimising {measure_label(measure)}: γ ∈ [{row['gamma_lo']:.2f}, "
                 f"{row['gamma_hi']:.2f}], A = {row['accuracy']:.3f}\n{row['meta_parameters']}")
        feature_stability_map(maps[measure], ax=ax, title=title,
                              measures=_values(row.to_dict()))
        ax.title.set_fontsize(8)
    return fig


# -- §7.2 ---------------------------------------------------------------------------------------


def trajectories_figure(rows: Mapping[str, pd.DataFrame], *, parameter: str, symbol: str,
                        inverse: bool, descending: bool, title: str,
                        groups: str | None = None, group_symbol: str | None = None) -> Figure:
    """(accuracy, stability) trajectories of one method as a parameter varies, one panel per
    data set (Figs. 13, 14, 15, 17); ``inverse`` plots 1/parameter (λ = 1/C)."""
    fig, axes = _grid(len(rows), 3, 5.0, 4.2)
    for ax, (dataset, frame) in zip(axes, rows.items(), strict=True):
        values = frame[f"param_{parameter}"].to_numpy(dtype=float)
        group_values = None
        if groups is not None:
            raw = frame[f"param_{groups}"].to_numpy(dtype=float)
            group_values = [f"{(1 / g if inverse else g):g}" for g in raw]
        trajectory_plot(
            frame["accuracy"], {m: frame[m] for m in MEASURES},
            1.0 / values if inverse else values, parameter_name=symbol,
            descending=descending, groups=group_values, group_name=group_symbol, ax=ax,
            title=f"{dataset}: points joined by {'decreasing' if descending else 'increasing'} "
                  f"{symbol}",
        )
    _suptitle(fig, title)
    return fig


def maps_figure(panels: Sequence[tuple[str, Any, Mapping[str, float]]], title: str) -> Figure:
    """Feature stability maps side by side (Figs. 12, 16, 18): ``(title, W, measures)``."""
    fig, axes = _grid(len(panels), 2, 6.6, 5.0)
    for ax, (panel_title, W, values) in zip(axes, panels, strict=True):
        feature_stability_map(W, measures=_values(values), title=panel_title, ax=ax)
    _suptitle(fig, title)
    return fig


def appendix_figure(rows: Mapping[str, Mapping[str, pd.DataFrame]], number: int,
                    note: str = "") -> Figure:
    """φ and φ_iw of the six methods against accuracy (App. E, Figs. 26-29): one column per
    data set, φ on top and φ_iw below; every setting of a method is a point."""
    datasets = list(rows)
    fig = _figure(4.8 * len(datasets) + 1.8, 7.6)
    axes = fig.subplots(2, len(datasets), squeeze=False)
    for column, dataset in enumerate(datasets):
        for row, measure in enumerate(("nogueira", "importance_weighted")):
            ax = axes[row, column]
            for method, frame in rows[dataset].items():
                if frame.empty:
                    continue
                ax.scatter(frame["accuracy"], frame[measure], s=18, alpha=0.8,
                           marker=_METHOD_MARKERS.get(method, "o"),
                           color=_METHOD_COLORS.get(method, "0.4"))
            ax.set_title(f"{dataset}: {measure_label(measure)}", fontsize=10)
            ax.set_xlabel("Accuracy")
            ax.set_ylabel(f"Stability {measure_label(measure)}")
    handles = [Line2D([], [], ls="", color=_METHOD_COLORS[m], marker=_METHOD_MARKERS[m], ms=5,
                      label=_METHOD_NAMES[m])
               for m in _METHOD_NAMES if any(m in rows[d] for d in datasets)]
    fig.legend(handles=handles, loc="outside right center", fontsize=8, frameon=False,
               title="every setting of", title_fontsize=8)
    _suptitle(fig, f"Fig. {number}: " + r"$\phi$ and $\phi_{\mathrm{iw}}$"
              " of the standard selection methods" + (f" ({note})" if note else ""))
    return fig


# -- §7.3 ---------------------------------------------------------------------------------------


def variation_figure(cv: pd.DataFrame, block_size: int, n_blocks: int) -> Figure:
    """Coefficients of variation of φ, φ_pears and φ_iw per data set (Fig. 19)."""
    fig = _figure(max(6.0, 1.2 + 0.75 * len(cv)), 4.0)
    coefficient_of_variation_bars(
        cv, ax=fig.add_subplot(),
        title=f"Fig. 19: LASSO, {n_blocks} estimates from groups of {block_size} runs",
    )
    return fig


def distributions_figure(estimates: Mapping[str, pd.DataFrame], block_size: int,
                         note: str = "") -> Figure:
    """Sampling distributions of φ, φ_pears and φ_iw (Fig. 20), one panel per data set."""
    fig, axes = _grid(len(estimates), 2, 5.6, 4.2)
    for ax, (dataset, frame) in zip(axes, estimates.items(), strict=True):
        sampling_distribution_plot({m: frame[m] for m in MEASURES}, ax=ax,
                                   title=f"{dataset}: {len(frame)} groups of {block_size} runs")
    _suptitle(fig, "Fig. 20: sampling distributions of the stability estimates (LASSO)"
              + (f" ({note})" if note else ""))
    return fig
