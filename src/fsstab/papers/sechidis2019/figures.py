"""The figures of Sechidis et al. (2019), drawn from the tables of
:mod:`~fsstab.papers.sechidis2019.stages` (matplotlib ``Figure`` objects; the scripts save them
as PDF + PNG with :func:`fsstab.plots.save_figure`): Fig. 1 (computation times), Fig. 2
(accuracy against φ and Φ_C) and Table 4 as bars."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from fsstab.papers.sechidis2019.stages import strict_dominators

__all__ = ["figure1_plot", "pareto_figure", "table4_figure"]

_TIMING_LABELS = {"sechidis": r"$\hat\Phi_C$ (sechidis)",
                  "yu": "nPOGR generalisation (yu)"}


def figure1_plot(timings: pd.DataFrame, n_runs: int) -> Figure:
    """Seconds against d on log-log axes (Sechidis et al. 2019, Fig. 1)."""
    fig = Figure(figsize=(5.2, 3.8), layout="constrained")
    ax = fig.subplots()
    for name, marker, color in (("yu", "s", "tab:red"), ("sechidis", "o", "tab:blue")):
        part = timings[timings["measure"] == name].sort_values("d")
        ax.plot(part["d"], part["seconds"], marker=marker, color=color,
                label=_TIMING_LABELS[name])
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("number of features d")
    ax.set_ylabel("computation time (s)")
    ax.set_title(f"random selection matrices, M = {n_runs}")
    ax.legend(fontsize=8)
    return fig


_MEASURE_NAMES = {"nogueira": "accuracy vs stability (φ)",
                  "sechidis": "accuracy vs effective stability (Φ_C)"}


def pareto_figure(pareto: pd.DataFrame, methods: Mapping[str, str], dataset: str,
                  title: str | None = None) -> Figure:
    """Fig. 2 style: accuracy against φ (left) and against Φ_C (right) for one data set, each
    method labelled, the Pareto-optimal ones (§4.1's definition,
    :func:`~fsstab.papers.sechidis2019.stages.strict_dominators`) filled and joined."""
    fig = Figure(figsize=(9.0, 3.9), layout="constrained")
    axes = fig.subplots(1, 2)
    for ax, measure in zip(axes, ("nogueira", "sechidis"), strict=True):
        part = pareto[(pareto["dataset"] == dataset) & (pareto["measure"] == measure)
                      & pareto["label"].isin(list(methods)) & pareto["evaluated"]]
        on_front = strict_dominators(part["accuracy"], part["stability"]) == 0
        front = part[on_front].sort_values(["stability", "accuracy"])
        ax.plot(front["stability"], front["accuracy"], "-", color="tab:red", lw=1, alpha=0.6)
        for optimal, (_, row) in zip(on_front, part.iterrows(), strict=True):
            ax.scatter(row["stability"], row["accuracy"], s=40, zorder=3,
                       color="tab:red" if optimal else "white",
                       edgecolors="tab:red" if optimal else "0.3")
            label = methods.get(row["label"], row["label"])
            ax.annotate(label, (row["stability"], row["accuracy"]),
                        textcoords="offset points", xytext=(4, 4), fontsize=8)
        symbol = r"$\hat\Phi$" if measure == "nogueira" else r"$\hat\Phi_C$"
        ax.set_xlabel(f"stability {symbol}" if measure == "nogueira"
                      else f"effective stability {symbol}")
        ax.set_ylabel("accuracy (3-NN, held-out 5 %)")
        ax.set_title(_MEASURE_NAMES[measure], fontsize=10)
        ax.margins(0.15)
    fig.suptitle(title or dataset)
    return fig


_TABLE4_COLUMNS = {
    "stability": r"$\hat\Phi$",
    "within_A": r"$\hat\Phi$ within A (EGFR)",
    "within_B": r"$\hat\Phi$ within B (liver)",
    "within_C": r"$\hat\Phi$ within C (blood)",
    "effective_stability": r"$\hat\Phi_C$",
}


def table4_figure(table: pd.DataFrame, n_runs: int) -> Figure:
    """Table 4 as grouped bars: per method, φ, φ within each group and Φ_C."""
    fig = Figure(figsize=(7.4, 3.8), layout="constrained")
    ax = fig.subplots()
    columns = [c for c in _TABLE4_COLUMNS if c in table.columns]
    width = 0.8 / len(columns)
    colors = ["tab:red", "tab:cyan", "tab:olive", "tab:pink", "tab:orange"]
    for j, column in enumerate(columns):
        x = np.arange(len(table)) + (j - (len(columns) - 1) / 2) * width
        values = table[column].to_numpy(dtype=float)
        ax.bar(x, np.nan_to_num(values), width, color=colors[j], label=_TABLE4_COLUMNS[column])
        for xi, v in zip(x, values, strict=True):
            ax.text(xi, max(v, 0) + 0.01 if np.isfinite(v) else 0.01,
                    f"{v:.2f}" if np.isfinite(v) else "n/a", ha="center", va="bottom",
                    fontsize=7)
    ax.set_xticks(np.arange(len(table)), table["method"])
    ax.set_ylabel("stability")
    ax.set_ylim(0, 1.1)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    ax.set_title(f"Table 4 on the simulated IPASS stand-in, planted effects: not a finding "
                 f"(M = {n_runs}, 5 % left out)", fontsize=9)
    return fig
