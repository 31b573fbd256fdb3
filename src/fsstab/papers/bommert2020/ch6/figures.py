"""The figures of Chapter 6 (matplotlib Figures, keyed by the stem of their files), drawn from
the results of :mod:`~fsstab.papers.bommert2020.ch6.stages` with the charts of
:mod:`fsstab.plots`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from fsstab.papers.bommert2020.ch6.reference import ADJUSTED_CORRECTED, FIGURE_6_6_MEASURES
from fsstab.papers.bommert2020.ch6.stages import AllPairs, Real
from fsstab.papers.bommert2020.reference import thesis_symbol
from fsstab.plots import box_plots, facet_points, heatmap, new_figure, scatter_matrix

__all__ = [
    "FIGURE_DPI",
    "all_pairs_figures",
    "correlation_figure",
    "figure_6_1",
    "figure_6_2",
    "figure_6_3",
    "figure_6_4",
    "figure_6_6",
    "figure_6_7",
    "real_figures",
]

#: PNG resolution of the figures drawn at another than :data:`fsstab.plots.PNG_DPI` (the
#: 20 x 20 panels of Fig. 6.2).
FIGURE_DPI: dict[str, int] = {"fig06_2_scatter_matrix": 150}


def figure_6_1(C: np.ndarray, *, threshold: float) -> Figure:
    """Thesis Fig. 6.1: the similarity matrix, tiles shaded by similarity >= θ."""
    p = C.shape[0]
    fig = new_figure((4.2, 4.4))
    ax = fig.add_subplot()
    similar = (np.asarray(C) >= threshold).astype(float)
    ax.imshow(similar, cmap=ListedColormap(["0.95", "0.7"]), vmin=0, vmax=1, origin="lower")
    for i in range(p):
        for j in range(p):
            ax.text(j, i, f"{C[i, j]:g}", ha="center", va="center", fontsize=9)
    labels = [f"$X_{{{k + 1}}}$" for k in range(p)]
    ax.set_xticks(range(p), labels)
    ax.set_yticks(range(p), labels)
    ax.tick_params(length=0)
    ax.legend(handles=[Patch(facecolor="0.95", edgecolor="black", label="No"),
                       Patch(facecolor="0.7", edgecolor="black", label="Yes")],
              title=f"Similarity ≥ {threshold:g}", loc="upper center",
              bbox_to_anchor=(0.5, -0.08), ncols=2, fontsize=8, title_fontsize=8)
    return fig


def figure_6_2(values: Mapping[str, np.ndarray], order: Sequence[str]) -> Figure:
    """Thesis Fig. 6.2: scatter plots of all pairs of measures over the 16,384 scenarios
    (distinct value pairs), ordered by the first principal component, identity in red."""
    symbols = [thesis_symbol(n) for n in order]
    return scatter_matrix({thesis_symbol(n): values[n] for n in order}, symbols)


def figure_6_3(points: pd.DataFrame, means: pd.DataFrame, order: Sequence[str]) -> Figure:
    """Thesis Fig. 6.3: values against the mean number of selected features, coloured by the
    number of scenarios, with the mean per size (red)."""
    panels = {thesis_symbol(n): points[points["measure"] == n] for n in order}
    lines = {thesis_symbol(n): means[means["measure"] == n] for n in order}
    return facet_points(panels, x="mean_size", y="value", count="count", lines=lines, ncols=4,
                        xlabel="Mean Number of Selected Features", ylabel="Stability Value",
                        count_label="Number of Combinations with the Same Stability Value")


def correlation_figure(correlation: pd.DataFrame, *, title: str | None = None,
                       annotate: bool = True) -> Figure:
    """A correlation matrix (already ordered) as a heatmap with thesis symbols as labels
    (thesis Figs. 6.2's correlations, 6.5, A.13-A.14)."""
    labelled = correlation.rename(index=thesis_symbol, columns=thesis_symbol)
    return heatmap(labelled, annotate=annotate, title=title, colorbar_label="Correlation")


def all_pairs_figures(result: AllPairs) -> dict[str, Figure]:
    """§6.2: Figs. 6.1, 6.2 (scatter matrix and the measures' correlations) and 6.3."""
    return {
        "fig06_1_similarity_matrix": figure_6_1(result.C, threshold=result.threshold),
        "fig06_2_scatter_matrix": figure_6_2(result.values, result.order),
        "fig06_2_correlation": correlation_figure(result.correlation),
        "fig06_3_size_dependence": figure_6_3(result.points, result.means, result.order),
    }


def _stacked_panels(values: pd.DataFrame, measures: Sequence[str]) -> dict[str, pd.DataFrame]:
    return {thesis_symbol(m): values[["proportion", m]].rename(columns={m: "value"}).dropna()
            for m in measures}


def figure_6_4(values: pd.DataFrame, order: Sequence[str]) -> Figure:
    """Thesis Fig. 6.4: each measure against the mean proportion of selected features."""
    return facet_points(_stacked_panels(values, order), x="proportion", y="value", ncols=4,
                        xlabel="Mean Proportion of Selected Features", ylabel="Stability Value")


def figure_6_6(values: pd.DataFrame, measures: Sequence[str] = FIGURE_6_6_MEASURES) -> Figure:
    """Thesis Fig. 6.6: scatter plots of the group representatives, coloured by the mean
    proportion of selected features, identity in red."""
    return scatter_matrix({thesis_symbol(m): values[m].to_numpy() for m in measures},
                          [thesis_symbol(m) for m in measures],
                          color=values["proportion"].to_numpy(),
                          color_label="Mean Proportion of Selected Features", panel_size=2.0)


def figure_6_7(times: pd.DataFrame, order: Sequence[str], datasets: Sequence[str],
               *, logy: bool = True) -> Figure:
    """Thesis Fig. 6.7 (and A.15): box plots of the measures' run times per dataset."""
    frame = times.assign(symbol=times["measure"].map(thesis_symbol))
    return box_plots(frame, value="seconds", category="symbol",
                     order=[thesis_symbol(m) for m in order], panel="dataset",
                     panel_order=list(datasets), ncols=2, xlabel="Stability Measure",
                     ylabel="Run Time (in Seconds)", logy=logy)


def real_figures(result: Real) -> dict[str, Figure]:
    """§6.3: Figs. 6.4-6.7, A.13 (one per data set) and A.15."""
    order, times, timed = result.order, result.times, result.timed_datasets
    figures = {"fig06_5_mean_correlation": correlation_figure(result.correlation)}
    for name, matrix in result.per_dataset.items():
        figures[f"figA13_{name}_correlation"] = correlation_figure(
            matrix.loc[order, order], title=name, annotate=False)
    figures["fig06_4_proportion_selected"] = figure_6_4(result.values, order)
    figures["fig06_6_representatives"] = figure_6_6(result.values)
    figures["fig06_7_run_times"] = figure_6_7(times, order, timed)
    adjusted = [m for m in order if m in ADJUSTED_CORRECTED]
    figures["figA15_run_times_adjusted"] = figure_6_7(
        times[times["measure"].isin(adjusted)], adjusted, timed, logy=False)
    return figures
