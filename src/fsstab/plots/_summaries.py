"""Correlation scatter, variability of the measures and tables of :mod:`fsstab.plots`.

Hamer & Dupont (2021): the correlation of two measures (Fig. 10), the coefficient of
variation of the measures and their sampling distributions (Figs. 19-20), and a table drawn
as a figure. Import the public names from :mod:`fsstab.plots`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from fsstab.plots._figure import _axes, _finite_pair, _vector
from fsstab.plots._style import measure_color, measure_label

# --------------------------------------------------------------------------------------------
# Correlation scatter (Fig. 10), variability of the measures (Figs. 19-20), tables
# --------------------------------------------------------------------------------------------


def correlation_scatter(
    x: Any,
    y: Any,
    *,
    xlabel: str,
    ylabel: str,
    title: str | None = None,
    ax: Axes | None = None,
    figsize: tuple[float, float] = (4.8, 4.2),
) -> Figure:
    """Scatter plot with the least-squares line and Pearson's correlation in the legend.

    Hamer & Dupont (2021), Fig. 10: selection frequency ``p_f`` against the average frequency
    score ``sc_f`` (correlations 0.68 on singh, 0.54 on chiaretti).
    """
    xv, yv = _finite_pair(x, y, "x", "y")
    fig, ax = _axes(ax, figsize)
    ax.scatter(xv, yv, s=14, alpha=0.6, color="tab:blue", linewidths=0)
    if xv.size >= 2 and np.ptp(xv) > 0 and np.ptp(yv) > 0:
        r = float(np.corrcoef(xv, yv)[0, 1])
        slope, intercept = np.polyfit(xv, yv, 1)
        grid = np.array([xv.min(), xv.max()])
        ax.plot(grid, slope * grid + intercept, "-", color="tab:red", lw=1.2,
                label=f"Pearson r = {r:.2f} (n = {xv.size})")
    else:
        ax.plot([], [], " ", label=f"Pearson r undefined (n = {xv.size}, constant values)")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    ax.legend(loc="upper left", fontsize=8)
    return fig


def coefficient_of_variation(values: Any, axis: int = 0) -> np.ndarray:
    """``c_v = σ / μ`` with the sample standard deviation (Hamer & Dupont 2021, §7.3, Fig. 19)."""
    arr = np.asarray(values, dtype=np.float64)
    if arr.shape[axis] < 2:
        raise ValueError("the coefficient of variation needs at least two estimates")
    mean = arr.mean(axis=axis)
    if np.any(mean == 0):
        raise ValueError("the coefficient of variation is undefined for a zero mean")
    return arr.std(axis=axis, ddof=1) / mean


def coefficient_of_variation_bars(
    cv: pd.DataFrame,
    *,
    title: str | None = None,
    ax: Axes | None = None,
    figsize: tuple[float, float] | None = None,
) -> Figure:
    """Grouped bars of the coefficient of variation of each measure per data set (Fig. 19).

    ``cv`` has one row per data set (the index) and one column per measure; compute it with
    :func:`coefficient_of_variation` over the stability estimates of the run groups.
    """
    if cv.empty:
        raise ValueError("cv is empty; expected data sets as rows and measures as columns")
    values = cv.to_numpy(dtype=np.float64)
    if not np.all(np.isfinite(values)):
        raise ValueError("cv contains NaN or infinite coefficients of variation")
    n_sets, n_measures = values.shape
    fig, ax = _axes(ax, figsize or (float(np.clip(1.5 + 0.22 * n_sets * n_measures, 4.5, 10.0)),
                                    3.6))
    width = 0.8 / n_measures
    positions = np.arange(n_sets)
    for k, name in enumerate(cv.columns):
        ax.bar(positions + (k - (n_measures - 1) / 2) * width, values[:, k], width=width,
               color=measure_color(str(name), k), label=measure_label(str(name)))
    ax.set_xticks(positions, [str(i) for i in cv.index],
                  rotation=30 if n_sets > 5 else 0, ha="right" if n_sets > 5 else "center")
    ax.set_ylabel(r"Coefficient of variation $c_v = \sigma / \mu$")
    ax.set_xlabel("Data set")
    ax.set_xlim(-0.6, n_sets - 0.4)
    ax.set_ylim(0.0, max(float(values.max()), 0.0) * 1.22 or 1.0)
    if title:
        ax.set_title(title)
    ax.legend(fontsize=8, loc="upper center", ncols=n_measures, frameon=False)
    return fig


def sampling_distribution_plot(
    estimates: Mapping[str, Any],
    *,
    bins: int = 20,
    title: str | None = None,
    ax: Axes | None = None,
    figsize: tuple[float, float] = (5.2, 3.8),
) -> Figure:
    """Histograms of the stability estimates of each measure with a fitted normal density.

    Hamer & Dupont (2021), Fig. 20: 200 estimates, each from a group of 5 runs, per measure;
    the sampling distributions are approximately normal.
    """
    if not estimates:
        raise ValueError("estimates must map at least one measure name to its values")
    values = {}
    for name, v in estimates.items():
        arr = _vector(v, f"estimates[{name!r}]")
        finite = arr[np.isfinite(arr)]
        if finite.size < 2:
            raise ValueError(f"estimates[{name!r}] needs at least two finite values")
        values[name] = finite
    if isinstance(bins, bool) or not isinstance(bins, int) or bins < 1:
        raise ValueError(f"bins must be a positive integer, got {bins!r}")
    fig, ax = _axes(ax, figsize)
    edges = np.histogram_bin_edges(np.concatenate(list(values.values())), bins=bins)
    grid = np.linspace(edges[0], edges[-1], 200)
    for k, (name, arr) in enumerate(values.items()):
        color = measure_color(name, k)
        mean, sd = float(arr.mean()), float(arr.std(ddof=1))
        ax.hist(arr, bins=edges, density=True, histtype="stepfilled", alpha=0.3, color=color)
        ax.hist(arr, bins=edges, density=True, histtype="step", color=color, lw=1.0)
        if sd > 0:
            density = np.exp(-0.5 * ((grid - mean) / sd) ** 2) / (sd * np.sqrt(2 * np.pi))
            ax.plot(grid, density, "--", color=color, lw=1.2)
        ax.plot([], [], "-", color=color, lw=6, alpha=0.5,
                label=f"{measure_label(name)}: mean {mean:.2f}, sd {sd:.3f}")
    ax.plot([], [], "--", color="0.3", label="normal density (same mean, sd)")
    # Head room for the legend above the tallest bar or curve.
    ax.set_ylim(0.0, ax.get_ylim()[1] * (1.25 + 0.1 * len(values)))
    ax.set_xlabel("Stability estimate")
    ax.set_ylabel("Density")
    if title:
        ax.set_title(title)
    ax.legend(fontsize=8, loc="upper left")
    return fig


def table_figure(
    table: pd.DataFrame,
    *,
    title: str | None = None,
    float_format: str = "{:.2f}",
    show_index: bool | None = None,
    ax: Axes | None = None,
    figsize: tuple[float, float] | None = None,
) -> Figure:
    """Render a summary table (e.g. Hamer & Dupont 2021, Table 5) as a figure.

    Column headers that are measure names are shown as the papers' symbols; numbers are
    formatted with ``float_format``. The index is shown unless it is a default RangeIndex
    (override with ``show_index``).
    """
    if table.empty:
        raise ValueError("table is empty; there is nothing to render")
    if show_index is None:
        show_index = not isinstance(table.index, pd.RangeIndex)

    def fmt(value: Any) -> str:
        if isinstance(value, float | np.floating):
            return "–" if np.isnan(value) else float_format.format(value)
        return str(value)

    cells = [[fmt(v) for v in row] for row in table.itertuples(index=False)]
    headers = [measure_label(str(c)) for c in table.columns]
    if show_index:
        # The index as an ordinary first column, so that it gets a proper width.
        cells = [[str(i), *row] for i, row in zip(table.index, cells, strict=True)]
        headers = [str(table.index.name or ""), *headers]
    n_rows, n_cols = len(cells), len(headers)
    height = 0.3 * (n_rows + 1) + (0.45 if title else 0.15)
    fig, ax = _axes(ax, figsize or (0.5 + 1.0 * n_cols, height))
    ax.axis("off")
    rendered = ax.table(cellText=cells, colLabels=headers, cellLoc="center",
                        bbox=(0.0, 0.0, 1.0, 1.0))
    rendered.auto_set_font_size(False)
    rendered.set_fontsize(9)
    for (row, _), cell in rendered.get_celld().items():
        if row == 0:
            cell.set_text_props(weight="bold")
            cell.set_facecolor("0.92")
    if title:
        ax.set_title(title, fontsize=10)
    return fig
