"""Figure helpers of the paper modules: heatmaps, scatter matrices, facets, line and box plots.

Like :mod:`fsstab.plots`, every function takes plain arrays / DataFrames, draws with the
object-oriented API (no pyplot state) and returns the :class:`~matplotlib.figure.Figure`;
:func:`fsstab.plots.save_figure` writes it as PDF + PNG with reproducible bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import Normalize, TwoSlopeNorm
from matplotlib.figure import Figure

__all__ = [
    "box_plots",
    "facet_points",
    "heatmap",
    "median_quartile_plot",
    "new_figure",
    "relative_lines",
    "scatter_matrix",
    "style_cycle",
]

#: Line styles and markers cycled with the default colours, so that 20 filters stay apart.
_LINESTYLES = ("-", "--", ":", "-.", (0, (5, 1, 1, 1, 1, 1)))
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "h", "*")


def new_figure(figsize: tuple[float, float], *, constrained: bool = True) -> Figure:
    """A figure on an Agg canvas (no pyplot)."""
    fig = Figure(figsize=figsize, layout="constrained" if constrained else None)
    FigureCanvasAgg(fig)
    return fig


def style_cycle(n: int) -> list[dict[str, object]]:
    """``n`` distinct (colour, line style, marker) combinations for lines or points."""
    colors = list(colormaps["tab10"].colors) + list(colormaps["Dark2"].colors)
    return [
        {"color": colors[i % len(colors)], "linestyle": _LINESTYLES[i % len(_LINESTYLES)],
         "marker": _MARKERS[i % len(_MARKERS)]}
        for i in range(n)
    ]


def heatmap(
    matrix: pd.DataFrame,
    *,
    vmin: float = -1.0,
    vmax: float = 1.0,
    center: float | None = 0.0,
    annotate: bool = False,
    fmt: str = "{:.2f}",
    colorbar_label: str = "Similarity",
    title: str | None = None,
    xlabel: str | None = None,
    ylabel: str | None = None,
    figsize: tuple[float, float] | None = None,
    dendrogram_linkage: np.ndarray | None = None,
) -> Figure:
    """A labelled matrix as coloured tiles (blue - white - red, as the thesis' Figs. 5.4, 5.6,
    6.5), NaN entries grey, optionally with each value written in its tile.

    ``dendrogram_linkage``: a SciPy linkage matrix of the columns, drawn as a dendrogram above
    the tiles; the matrix must then be ordered by its leaves (``leaves_list``)."""
    values = matrix.to_numpy(dtype=np.float64)
    n_rows, n_cols = values.shape
    if figsize is None:
        figsize = (1.6 + 0.36 * n_cols,
                   1.2 + 0.32 * n_rows + (1.2 if dendrogram_linkage is not None else 0.0))
    fig = new_figure(figsize)
    if dendrogram_linkage is not None:
        tree_ax, ax = fig.subplots(2, 1, height_ratios=(1.2, 0.32 * n_rows), sharex=False)
        _draw_dendrogram(tree_ax, dendrogram_linkage, n_cols)
    else:
        ax = fig.add_subplot()
    norm = (TwoSlopeNorm(vcenter=center, vmin=vmin, vmax=vmax) if center is not None
            else Normalize(vmin=vmin, vmax=vmax))
    cmap = colormaps["RdBu_r"].with_extremes(bad="0.8")
    image = ax.imshow(np.ma.masked_invalid(values), cmap=cmap, norm=norm, aspect="auto",
                      interpolation="nearest")
    ax.set_xticks(range(n_cols), [str(c) for c in matrix.columns], rotation=90)
    ax.set_yticks(range(n_rows), [str(r) for r in matrix.index])
    ax.tick_params(length=0)
    if annotate:
        for i in range(n_rows):
            for j in range(n_cols):
                v = values[i, j]
                if np.isfinite(v):
                    strong = abs(norm(v) - 0.5) > 0.35
                    ax.text(j, i, fmt.format(v), ha="center", va="center", fontsize=6.5,
                            color="white" if strong else "black")
    # with a dendrogram the colour bar takes its width from both axes, which stay aligned
    hosts = ax if dendrogram_linkage is None else [tree_ax, ax]
    fig.colorbar(image, ax=hosts, label=colorbar_label, shrink=0.8)
    if title:
        ax.set_title(title)
    if xlabel:
        ax.set_xlabel(xlabel)
    if ylabel:
        ax.set_ylabel(ylabel)
    return fig


def _draw_dendrogram(ax: Axes, linkage_matrix: np.ndarray, n_leaves: int) -> None:
    """The tree of ``linkage_matrix`` over tile columns 0..n_leaves-1 (SciPy places leaf i at
    10 i + 5), heights = 1 - similarity."""
    from scipy.cluster.hierarchy import dendrogram

    if linkage_matrix.shape[0] != n_leaves - 1:
        raise ValueError(f"dendrogram_linkage joins {linkage_matrix.shape[0] + 1} leaves; the "
                         f"matrix has {n_leaves} columns")
    dendrogram(linkage_matrix, ax=ax, no_labels=True, color_threshold=0.0,
               above_threshold_color="black")
    ax.set_xlim(0, 10 * n_leaves)
    ax.set_ylabel("1 - similarity", fontsize=7)
    ax.tick_params(labelsize=6, bottom=False)
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)


def _distinct_pairs(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    keep = np.isfinite(x) & np.isfinite(y)
    pairs = np.column_stack([x[keep], y[keep]]).round(10)
    return np.unique(pairs, axis=0) if pairs.size else pairs.reshape(0, 2)


def scatter_matrix(
    values: Mapping[str, np.ndarray],
    order: Sequence[str],
    *,
    color: np.ndarray | None = None,
    color_label: str | None = None,
    panel_size: float = 0.95,
    axis_label: str = "Stability Value",
) -> Figure:
    """Every pair of variables against each other, identity line in red (thesis Figs. 6.2, 6.6).

    Without ``color`` each panel shows the distinct value pairs (thesis Fig. 6.2: 16,384
    scenarios collapse to a few hundred points); with ``color`` (one value per observation, e.g.
    the proportion of selected features) every observation is drawn, coloured.
    """
    order = list(order)
    k = len(order)
    if k < 2:
        raise ValueError("a scatter matrix needs at least two variables")
    # margins in inches: tick labels and axis label left; below, the axis label and (with
    # colours) a colour bar with its ticks and label
    left, right, top = 0.75, 0.35, 0.3
    bottom = 1.45 if color is not None else 0.75
    width = left + right + panel_size * k
    height = top + bottom + panel_size * k
    fig = new_figure((width, height), constrained=False)
    grid = fig.add_gridspec(k, k, left=left / width, right=1 - right / width,
                            bottom=bottom / height, top=1 - top / height,
                            wspace=0.08, hspace=0.08)
    font = min(8.0, 4.5 * panel_size / 0.95)
    data = {name: np.asarray(values[name], dtype=np.float64).ravel() for name in order}
    norm = None
    if color is not None:
        color = np.asarray(color, dtype=np.float64).ravel()
        norm = Normalize(vmin=np.nanmin(color), vmax=np.nanmax(color))
    mappable = None
    for row, y_name in enumerate(order):
        for col, x_name in enumerate(order):
            ax = fig.add_subplot(grid[row, col])
            x, y = data[x_name], data[y_name]
            if color is None:
                pts = _distinct_pairs(x, y)
                ax.scatter(pts[:, 0], pts[:, 1], s=2.5, color="black", linewidths=0)
            else:
                keep = np.isfinite(x) & np.isfinite(y)
                mappable = ax.scatter(x[keep], y[keep], s=2.0 * panel_size, c=color[keep],
                                      cmap="viridis", norm=norm, linewidths=0,
                                      rasterized=int(keep.sum()) > 2000)
            finite = np.concatenate([x[np.isfinite(x)], y[np.isfinite(y)]])
            if finite.size:
                lo, hi = float(finite.min()), float(finite.max())
                ax.plot([lo, hi], [lo, hi], color="red", linewidth=0.8, zorder=0)
            ax.tick_params(labelsize=font, length=1.5, pad=1)
            if row < k - 1:
                ax.set_xticklabels([])
            if col > 0:
                ax.set_yticklabels([])
            if row == 0:
                ax.set_title(x_name, fontsize=font + 2.5, pad=2)
            if col == k - 1:
                ax.yaxis.set_label_position("right")
                ax.set_ylabel(y_name, fontsize=font + 2.5, rotation=270, labelpad=9)
    label_y = (bottom - 0.45) / height
    fig.text(0.5 * (1 + (left - right) / width), label_y, axis_label, ha="center",
             va="center", fontsize=10)
    fig.text(0.2 / width, 0.5 * (1 + (bottom - top) / height), axis_label, ha="center",
             va="center", rotation=90, fontsize=10)
    if mappable is not None:
        cax = fig.add_axes((0.3, 0.42 / height, 0.4, 0.12 / height))
        fig.colorbar(mappable, cax=cax, orientation="horizontal", label=color_label)
    return fig


def facet_points(
    panels: Mapping[str, pd.DataFrame],
    *,
    x: str,
    y: str,
    count: str | None = None,
    lines: Mapping[str, pd.DataFrame] | None = None,
    ncols: int = 4,
    xlabel: str,
    ylabel: str,
    count_label: str | None = None,
    panel_size: tuple[float, float] = (2.2, 1.8),
    line_color: str = "red",
) -> Figure:
    """One panel per label with its points (coloured by ``count`` when given) and, optionally,
    a line (thesis Fig. 6.3: values against mean set size with the mean per size in red; Fig.
    6.4; Figs. A.2-A.4). Each panel has its own y range.
    """
    labels = list(panels)
    nrows = -(-len(labels) // ncols)
    fig = new_figure((panel_size[0] * ncols + 0.8, panel_size[1] * nrows + 1.0))
    axes = fig.subplots(nrows, ncols, squeeze=False, sharex=True)
    norm = None
    if count is not None:
        all_counts = np.concatenate([panels[k][count].to_numpy() for k in labels])
        norm = Normalize(vmin=all_counts.min(), vmax=all_counts.max())
    mappable = None
    for ax, label in zip(axes.ravel(), labels, strict=False):
        frame = panels[label]
        if count is None:
            ax.scatter(frame[x], frame[y], s=3, color="black", linewidths=0,
                       rasterized=len(frame) > 2000)
        else:
            mappable = ax.scatter(frame[x], frame[y], s=6, c=frame[count], cmap="viridis",
                                  norm=norm, linewidths=0)
        if lines is not None and label in lines:
            line = lines[label]
            ax.plot(line[x], line[y], color=line_color, linewidth=1.2)
        ax.set_title(label, fontsize=9)
        ax.tick_params(labelsize=7)
    for ax in axes.ravel()[len(labels):]:
        ax.set_visible(False)
    fig.supxlabel(xlabel)
    fig.supylabel(ylabel)
    if mappable is not None:
        fig.colorbar(mappable, ax=axes, orientation="vertical", fraction=0.03, pad=0.02,
                     label=count_label)
    return fig


def relative_lines(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str,
    group: str,
    order: Sequence[str] | None = None,
    xlabel: str,
    ylabel: str,
    legend_title: str,
    logy: bool = False,
    figsize: tuple[float, float] = (8.0, 6.0),
) -> Figure:
    """One line per group (distinct colour and line style), legend below (thesis Figs. 5.1-5.3)."""
    groups = list(order) if order is not None else sorted(frame[group].unique())
    fig = new_figure(figsize)
    ax = fig.add_subplot()
    for style, name in zip(style_cycle(len(groups)), groups, strict=True):
        part = frame[frame[group] == name].sort_values(x)
        ax.plot(part[x], part[y], label=name, color=style["color"],
                linestyle=style["linestyle"], linewidth=1.3)
    if logy:
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    fig.legend(*ax.get_legend_handles_labels(), loc="outside lower center", ncols=5,
               title=legend_title, fontsize=8, handlelength=3.5)
    return fig


def box_plots(
    frame: pd.DataFrame,
    *,
    value: str,
    category: str,
    order: Sequence[str],
    panel: str | None = None,
    panel_order: Sequence[str] | None = None,
    ncols: int = 2,
    xlabel: str,
    ylabel: str,
    logy: bool = False,
    panel_size: tuple[float, float] = (4.5, 3.2),
) -> Figure:
    """Box plots of ``value`` per category, one panel per ``panel`` value (thesis Figs. 5.5,
    6.7)."""
    panels = [None] if panel is None else list(panel_order or sorted(frame[panel].unique()))
    ncols = min(ncols, len(panels))
    nrows = -(-len(panels) // ncols)
    fig = new_figure((panel_size[0] * ncols, panel_size[1] * nrows + 0.6))
    axes = fig.subplots(nrows, ncols, squeeze=False)
    for ax, name in zip(axes.ravel(), panels, strict=False):
        part = frame if name is None else frame[frame[panel] == name]
        data = [part.loc[part[category] == c, value].dropna().to_numpy() for c in order]
        ax.boxplot(data, tick_labels=list(order), widths=0.6, flierprops={"markersize": 2})
        ax.tick_params(axis="x", labelrotation=90, labelsize=7)
        if logy:
            ax.set_yscale("log")
        if name is not None:
            ax.set_title(str(name), fontsize=10)
        ax.grid(axis="y", alpha=0.3)
    for ax in axes.ravel()[len(panels):]:
        ax.set_visible(False)
    fig.supxlabel(xlabel)
    fig.supylabel(ylabel)
    return fig


def median_quartile_plot(
    summary: pd.DataFrame,
    *,
    label: str,
    x: tuple[str, str, str],
    y: tuple[str, str, str],
    highlight: Sequence[str] = (),
    xlabel: str,
    ylabel: str,
    legend_title: str,
    figsize: tuple[float, float] = (8.0, 6.0),
) -> Figure:
    """Medians as symbols with quartile whiskers in both directions (thesis Figs. 5.7, 5.8).

    ``x`` and ``y`` name the (median, lower quartile, upper quartile) columns; labels in
    ``highlight`` (e.g. the Pareto-optimal methods) are drawn larger with a black edge.
    """
    fig = new_figure(figsize)
    ax = fig.add_subplot()
    for style, (_, row) in zip(style_cycle(len(summary)), summary.iterrows(), strict=True):
        name = row[label]
        big = name in highlight
        ax.errorbar(row[x[0]], row[y[0]],
                    xerr=[[row[x[0]] - row[x[1]]], [row[x[2]] - row[x[0]]]],
                    yerr=[[row[y[0]] - row[y[1]]], [row[y[2]] - row[y[0]]]],
                    color=style["color"], marker=style["marker"], markersize=9 if big else 6,
                    markeredgecolor="black" if big else style["color"], linewidth=0.9,
                    capsize=0, label=f"{name} (Pareto optimal)" if big else name)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    fig.legend(*ax.get_legend_handles_labels(), loc="outside right center", fontsize=8,
               title=legend_title)
    return fig
