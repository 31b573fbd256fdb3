"""Matrices of cells and panels of :mod:`fsstab.plots`: heat maps and scatter-plot matrices.

:func:`heatmap` draws a matrix (optionally with a dendrogram of its columns);
:func:`scatter_matrix` plots every pair of several measures. Import the public names from
:mod:`fsstab.plots`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.colors import Normalize, TwoSlopeNorm
from matplotlib.figure import Figure

from fsstab.plots._figure import new_figure


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
    """A labelled matrix as coloured tiles (blue - white - red), NaN entries grey.

    Correlations between methods or measures (Bommert 2020, Figs. 5.4, 6.5), win counts
    (Fig. 5.6).

    Parameters
    ----------
    matrix
        The values; its index labels the rows, its columns the columns.
    vmin, vmax, center
        The colour scale: white at ``center`` (a diverging scale), or a linear scale from
        ``vmin`` to ``vmax`` when ``center`` is None.
    annotate, fmt
        Write each finite value in its tile, formatted with ``fmt``.
    colorbar_label, title, xlabel, ylabel, figsize
        Labels and size (default: from the matrix' shape).
    dendrogram_linkage
        A SciPy linkage matrix of the columns, drawn as a dendrogram above the tiles (heights
        = the linkage distances); the matrix must then be ordered by its leaves
        (``scipy.cluster.hierarchy.leaves_list``).

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import pandas as pd
    >>> from fsstab.plots import heatmap
    >>> m = pd.DataFrame([[1.0, 0.5], [0.5, 1.0]], index=["a", "b"], columns=["a", "b"])
    >>> fig = heatmap(m, annotate=True)
    >>> [t.get_text() for t in fig.axes[0].texts]
    ['1.00', '0.50', '0.50', '1.00']
    """
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
    """Every pair of variables against each other, identity line in red.

    Stability measures against each other (Bommert 2020, Figs. 6.2, 6.6). Without ``color``
    each panel shows the distinct value pairs (16,384 scenarios may collapse to a few hundred
    points); with ``color`` every observation is drawn, coloured.

    Parameters
    ----------
    values
        Variable name -> values, all of one length (NaN: left out of the panels it is in).
    order
        The variables shown, in this order (rows top to bottom, columns left to right).
    color, color_label
        One value per observation (e.g. the proportion of selected features) and its label.
    panel_size
        Inches per panel.
    axis_label
        The label of both axes.

    Returns
    -------
    matplotlib.figure.Figure
        ``len(order)²`` panels, row-major (plus a colour bar with ``color``).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.plots import scatter_matrix
    >>> fig = scatter_matrix({"a": np.arange(5.0), "b": np.arange(5.0) ** 2}, ["a", "b"])
    >>> len(fig.axes)
    4
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
