"""The figures of Nogueira & Brown (2016), drawn from the tables of
:mod:`~fsstab.papers.nogueira2016.stages` (matplotlib ``Figure`` objects; the scripts save them
as PDF + PNG with :func:`fsstab.plots.save_figure`)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from fsstab.papers.nogueira2016.reference import symbol

__all__ = ["figure1_plot", "figure2_plot"]


def figure1_plot(table: pd.DataFrame) -> Figure:
    """One panel per k2: maximum and minimum of sim_N against k1 (Nogueira & Brown Fig. 1)."""
    k2_values = list(dict.fromkeys(table["k2"]))
    fig = Figure(figsize=(4.2 * len(k2_values), 3.6), layout="constrained")
    axes = fig.subplots(1, len(k2_values), squeeze=False)[0]
    for ax, k2 in zip(axes, k2_values, strict=True):
        part = table[table["k2"] == k2]
        n = int(part["n"].iloc[0])
        ax.plot(part["k1"], part["sim_n_max"], "o-", color="tab:blue", label="maximum")
        ax.plot(part["k1"], part["sim_n_min"], "s--", color="tab:red", label="minimum")
        ax.axhline(0, color="0.7", linewidth=0.8)
        ax.axvline(k2, color="0.8", linewidth=0.8, linestyle=":")
        ax.set_xlabel(r"$k_1$")
        ax.set_ylabel(r"$sim_N$")
        ax.set_title(rf"$k_2 = {k2}$, $n = {n}$")
        ax.set_xticks(part["k1"])
        ax.set_ylim(-1.08, 1.08)
        ax.legend(loc="lower right", fontsize=8)
    return fig


def figure2_plot(table: pd.DataFrame, title: str | None = None) -> Figure:
    """Grouped bars: one group per data set, one bar per measure (Nogueira & Brown Fig. 2).
    Undefined values (Kuncheva's index for sets of varying size) are marked "n/a"."""
    datasets = list(dict.fromkeys(table["dataset"]))
    measures = list(dict.fromkeys(table["measure"]))
    width = 0.8 / len(measures)
    fig = Figure(figsize=(1.6 + 1.5 * len(datasets) + 0.25 * len(measures), 4.2),
                 layout="constrained")
    ax = fig.subplots()
    colors = ["tab:blue", "tab:red", "tab:green", "tab:orange", "tab:purple", "tab:brown",
              "tab:pink", "tab:olive", "tab:cyan", "tab:gray"]
    for j, m in enumerate(measures):
        part = table[table["measure"] == m].set_index("dataset").reindex(datasets)
        x = np.arange(len(datasets)) + (j - (len(measures) - 1) / 2) * width
        values = part["stability"].to_numpy(dtype=float)
        shown = np.where(np.isfinite(values), values, 0.0)
        ax.bar(x, shown, width, color=colors[j % len(colors)], label=symbol(m))
        for xi, v in zip(x, values, strict=True):
            if not np.isfinite(v):
                ax.text(xi, 0.01, "n/a", rotation=90, ha="center", va="bottom", fontsize=7)
    ax.set_xticks(np.arange(len(datasets)), datasets)
    ax.set_ylabel("stability")
    ax.set_xlabel("data set")
    top = np.nanmax(table["stability"].to_numpy(dtype=float)) if len(table) else 1.0
    ax.set_ylim(min(0.0, np.nanmin(table["stability"].to_numpy(dtype=float))) - 0.02,
                max(1.0, top) + 0.02)
    ax.axhline(0, color="0.5", linewidth=0.8)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, title="measure")
    if title:
        ax.set_title(title)
    return fig
