"""Comparison charts of :mod:`fsstab.plots`: many methods, measures or data sets side by side.

Faceted point panels (:func:`facet_points`), lines relative to a reference
(:func:`relative_lines`), box plots by category (:func:`box_plots`) and medians with their
quartiles (:func:`median_quartile_plot`). Import the public names from :mod:`fsstab.plots`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from matplotlib.colors import Normalize
from matplotlib.figure import Figure

from fsstab.plots._figure import new_figure
from fsstab.plots._style import style_cycle

# --------------------------------------------------------------------------------------------
# Comparison charts: many methods, measures or data sets side by side
# --------------------------------------------------------------------------------------------


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
    """Small multiples: one panel per label with its points and, optionally, a line.

    Values against the mean set size with the mean per size (Bommert 2020, Fig. 6.3), against
    the proportion of selected features (Fig. 6.4), run times per filter (Figs. A.2-A.4).
    Each panel has its own y range; the x axes are shared.

    Parameters
    ----------
    panels
        Panel title -> its points (columns ``x``, ``y`` and, with ``count``, ``count``).
    x, y
        The columns plotted.
    count, count_label
        A column colouring the points (e.g. how many observations a point stands for), shared
        colour scale, and its label.
    lines
        Panel title -> a table with columns ``x`` and ``y`` drawn as a line in ``line_color``.
    ncols, panel_size
        Panels per row and inches per panel.
    xlabel, ylabel
        The figure's axis labels.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import pandas as pd
    >>> from fsstab.plots import facet_points
    >>> points = pd.DataFrame({"n": [1, 2, 3], "v": [0.1, 0.4, 0.2]})
    >>> fig = facet_points({"A": points, "B": points}, x="n", y="v", ncols=3,
    ...                    xlabel="n", ylabel="value")
    >>> [ax.get_title() for ax in fig.axes if ax.get_visible()]
    ['A', 'B']
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
    """One line per group, each in its own colour and line style (:func:`style_cycle`), the
    legend below: e.g. the relative run time of 20 filters (Bommert 2020, Figs. 5.1-5.3).

    Parameters
    ----------
    frame
        Long table with columns ``x``, ``y`` and ``group``; each group's points are joined in
        the order of ``x``.
    order
        The groups, in legend order (default: sorted).
    xlabel, ylabel, legend_title, figsize
        Labels and size.
    logy
        Logarithmic y axis.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import pandas as pd
    >>> from fsstab.plots import relative_lines
    >>> frame = pd.DataFrame({"p": [10, 20, 10, 20], "t": [1.0, 2.0, 1.0, 1.1],
    ...                       "method": ["a", "a", "b", "b"]})
    >>> fig = relative_lines(frame, x="p", y="t", group="method", xlabel="%", ylabel="time",
    ...                      legend_title="method")
    >>> [line.get_label() for line in fig.axes[0].get_lines()]
    ['a', 'b']
    """
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
    """Box plots of ``value`` per category, one panel per value of ``panel``: e.g. the
    accuracy of each filter per data set (Bommert 2020, Fig. 5.5), run times of each measure
    (Fig. 6.7).

    Parameters
    ----------
    frame
        Long table with columns ``value``, ``category`` (and ``panel``).
    order
        The categories, one box each, left to right (an absent one gets an empty slot).
    panel, panel_order
        The column splitting the panels and their order (default: sorted); None: one panel.
    ncols, panel_size
        Panels per row and inches per panel.
    xlabel, ylabel
        The figure's axis labels.
    logy
        Logarithmic y axes.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import pandas as pd
    >>> from fsstab.plots import box_plots
    >>> frame = pd.DataFrame({"acc": [0.8, 0.9, 0.7, 0.75], "filter": ["a", "a", "b", "b"]})
    >>> fig = box_plots(frame, value="acc", category="filter", order=["a", "b"],
    ...                 xlabel="filter", ylabel="accuracy")
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['a', 'b']
    """
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
    """Medians as symbols with quartile whiskers in both directions, one symbol per row: e.g.
    each filter's distance to the best accuracy against its relative run time over data sets
    (Bommert 2020, Figs. 5.7, 5.8).

    Parameters
    ----------
    summary
        One row per entry, with its name in column ``label``.
    x, y
        The (median, lower quartile, upper quartile) columns of each axis.
    highlight
        Labels drawn larger with a black edge and "(Pareto optimal)" in the legend.
    xlabel, ylabel, legend_title, figsize
        Labels and size.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import pandas as pd
    >>> from fsstab.plots import median_quartile_plot
    >>> rows = pd.DataFrame({"name": ["a", "b"], "m": [0.0, 1.0], "lo": [0.0, 0.5],
    ...                      "hi": [0.2, 1.5]})
    >>> fig = median_quartile_plot(rows, label="name", x=("m", "lo", "hi"),
    ...                            y=("m", "lo", "hi"), highlight=["a"], xlabel="x",
    ...                            ylabel="y", legend_title="method")
    >>> [t.get_text() for t in fig.legends[0].get_texts()]
    ['a (Pareto optimal)', 'b']
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
