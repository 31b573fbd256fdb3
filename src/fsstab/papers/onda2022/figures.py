"""The figures of Onda et al. (2022), drawn from the experiments
(:class:`~fsstab.papers.onda2022.experiment.Experiment`) and the tables of
:mod:`~fsstab.papers.onda2022.stages` (matplotlib ``Figure`` objects; the scripts save them as
PDF + PNG with :func:`fsstab.plots.save_figure`):

===================================  =========================================================
paper                                function
===================================  =========================================================
Figs. 1-4 (main text, two panels)    :func:`main_figures` (:data:`MAIN_FIGURES`)
Figs. 6-10, 12-13 (per data set)     :func:`dataset_figures` (:data:`DATASET_FIGURES`)
Fig. 11 (the fixed point)            :func:`fixed_point_figure`
Fig. 14 (mtry and n_tree)            :func:`mtry_figure`
Fig. 15 (real, large mtry)           :func:`figure15`
===================================  =========================================================

built from one panel function per kind of plot: :func:`accuracy_panel` (Fig. 1 left, Fig. 6),
:func:`histogram_panel` (Fig. 1 right, Fig. 7), :func:`verification_panel` (Fig. 2 left),
:func:`compatible_panel` (Fig. 2 right, Figs. 8, 11 top), :func:`curve_panel` (Fig. 3, Figs.
9-11, 15), :func:`time_panel` (Fig. 4, Figs. 12-13), :func:`mtry_panel` (Fig. 14).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from fsstab.papers.onda2022.experiment import Experiment
from fsstab.papers.onda2022.settings import figure_n_tree
from fsstab.papers.onda2022.stages import compatible_pairs

__all__ = [
    "DATASET_FIGURES",
    "MAIN_FIGURES",
    "accuracy_panel",
    "compatible_panel",
    "curve_panel",
    "dataset_figures",
    "figure15",
    "fixed_point_figure",
    "histogram_panel",
    "main_figures",
    "mtry_figure",
    "mtry_panel",
    "new_figure",
    "time_panel",
    "verification_panel",
]

#: The stems of :func:`dataset_figures` (file names ``<stem>_<dataset>``).
DATASET_FIGURES: tuple[str, ...] = (
    "fig06_accuracy", "fig07_histogram", "fig08_parameters", "fig09_simulated", "fig10_real",
    "fig12_timing_real", "fig13_timing_simulated",
)
#: The stems of :func:`main_figures`.
MAIN_FIGURES: tuple[str, ...] = (
    "fig01_accuracy_histogram", "fig02_parameter_estimation", "fig03_stability", "fig04_timing",
)


# --------------------------------------------------------------------------------------------
# figure panels
# --------------------------------------------------------------------------------------------


def _lines(ax: Axes, frame: pd.DataFrame, key: str, value: str, label: str,
           legend_title: str, highlight: Any = None, highlight_note: str = "fitted") -> None:
    """One line per value of ``key`` against m_ensemble (viridis order); the ``highlight``
    value (the fitted p, the reference n_tree) drawn thicker and marked in the legend."""
    levels = sorted(frame[key].unique())
    cmap = colormaps["viridis"]
    for i, level in enumerate(levels):
        part = frame[frame[key] == level].sort_values("m_ensemble")
        chosen = highlight is not None and math.isclose(float(level), float(highlight))
        ax.plot(part["m_ensemble"], part[value], "o-", ms=3,
                color=cmap(0.9 * i / max(1, len(levels) - 1)), lw=2.6 if chosen else 1.2,
                label=label.format(level) + (f" ({highlight_note})" if chosen else ""))
    ax.set_xlabel(r"number of weak selectors $m_{ensemble}$")
    ax.legend(title=legend_title, fontsize=7, title_fontsize=8,
              ncols=2 if len(levels) > 5 else 1)


def accuracy_panel(ax: Axes, curves: Mapping[int, pd.DataFrame], title: str) -> None:
    """Fig. 1 left / Fig. 6: leave-one-out accuracy of the real ensembles, one line per n_tree."""
    frame = pd.concat([c[c["source"] == "real"].assign(n_tree=t) for t, c in curves.items()])
    _lines(ax, frame, "n_tree", "accuracy", "{}", r"$n_{tree}$")
    ax.set_ylabel("accuracy (random-forest predictor)")
    ax.set_ylim(0, 1.02)
    ax.set_title(title, fontsize=9)


def histogram_panel(ax: Axes, counts: pd.DataFrame, title: str) -> None:
    """Fig. 1 right / Fig. 7: how many copies selected each feature, real vs uniform."""
    top = int(max(counts["count"].max(), counts["uniform_count"].max()))
    bins = np.arange(0, top + 2) - 0.5
    ax.hist(counts["uniform_count"], bins=bins, alpha=0.6, color="tab:orange", label="uniform")
    ax.hist(counts["count"], bins=bins, alpha=0.6, color="tab:blue", label="random forest")
    ax.set_yscale("log")
    ax.set_xlabel("number of copies selecting the feature")
    ax.set_ylabel("number of features")
    ax.legend(fontsize=8)
    ax.set_title(title, fontsize=9)


def verification_panel(ax: Axes, grid: pd.DataFrame, p_values: Sequence[float],
                       title: str) -> None:
    """Fig. 2 left: n_useful^v against n_useful for several p; eq. (1) holds on the diagonal."""
    available = np.array(sorted(grid["p"].unique()))
    nearest_values = dict.fromkeys(available[np.argmin(np.abs(available - p))] for p in p_values)
    for nearest in nearest_values:
        part = grid[grid["p"] == nearest].sort_values("n_useful")
        ax.plot(part["n_useful"], part["n_useful_v"], "o-", ms=3, label=f"p = {nearest:g}")
    top = grid["n_useful"].max()
    ax.plot([0, top], [0, top], "k--", lw=0.8, label=r"$n_{useful} = n_{useful}^{v}$")
    ax.set_xlabel(r"$n_{useful}$")
    ax.set_ylabel(r"$n_{useful}^{v}$")
    ax.legend(fontsize=7)
    ax.set_title(title, fontsize=9)


def compatible_panel(ax: Axes, pairs: pd.DataFrame, target_stability: float, n_useful: int,
                     chosen: tuple[int, float] | None, title: str) -> None:
    """Fig. 2 right / Fig. 8 / Fig. 11 top: (n_useful, p) pairs whose simulated stability
    matches the real selector's (triangles) and whose n_useful^v matches n_useful (circles)."""
    stab = pairs[pairs["stability_ok"]]
    ver = pairs[pairs["n_useful_v_ok"]]
    ax.scatter(stab["n_useful"], stab["p"], marker="^", s=14, color="tab:blue",
               label=f"stability ≈ {target_stability:.3f}")
    ax.scatter(ver["n_useful"], ver["p"], marker="o", s=14, facecolors="none",
               edgecolors="tab:orange", label=rf"$n_{{useful}}^v$ ≈ {n_useful}")
    if chosen is not None:
        ax.scatter([chosen[0]], [chosen[1]], marker="*", s=120, color="tab:red",
                   label=rf"fitted ($n_{{useful}}$ = {chosen[0]}, p = {chosen[1]:.2f})", zorder=4)
    ax.set_xlabel(r"$n_{useful}$")
    ax.set_ylabel("p")
    ax.set_xlim(pairs["n_useful"].min() - 5, pairs["n_useful"].max() + 5)
    ax.set_ylim(0, 1.02)
    ax.legend(fontsize=7, loc="lower right")
    ax.set_title(title, fontsize=9)


def curve_panel(ax: Axes, frame: pd.DataFrame, key: str, title: str,
                highlight: Any = None) -> None:
    """Fig. 3 (left: simulated, one line per p; right: real, one line per n_tree), Figs. 9-11,
    15: pairwise Jaccard stability of the ensembles against m_ensemble."""
    label = "p = {:g}" if key == "p" else "{}"
    _lines(ax, frame, key, "stability", label, "p" if key == "p" else r"$n_{tree}$",
           highlight, "fitted" if key == "p" else "reference")
    ax.set_ylabel("stability (pairwise Jaccard)")
    ax.set_title(title, fontsize=9)


def time_panel(ax: Axes, timings: pd.DataFrame, source: str, title: str) -> None:
    """Fig. 4 / Figs. 12-13: seconds to compute the stability of m_stability ensembles."""
    part = timings[(timings["kind"] == "curve") & (timings["source"] == source)]
    if source == "simulated":
        fitted = part["p"].iloc[0] if len(part) else math.nan
        part = part[np.isclose(part["p"], fitted)]
    part = part.sort_values("m_ensemble")
    ax.plot(part["m_ensemble"], part["seconds"], "o-",
            color="tab:red" if source == "real" else "tab:blue")
    ax.set_xlabel(r"number of weak selectors $m_{ensemble}$")
    ax.set_ylabel("computation time (s)")
    ax.set_title(title, fontsize=9)


def mtry_panel(axes: Sequence[Axes], parameters: pd.DataFrame, title: str) -> None:
    """Fig. 14: fitted n_useful and p against n_tree, one line per normalised mtry."""
    for mtry, part in parameters.groupby("mtry", sort=True):
        part = part.sort_values("n_tree")
        axes[0].plot(part["n_tree"], part["n_useful"], "o-", label=f"mtry = {mtry}")
        axes[1].plot(part["n_tree"], part["p"], "o-", label=f"mtry = {mtry}")
    axes[0].set_ylabel(r"$n_{useful}$")
    axes[1].set_ylabel("p")
    for ax in axes:
        ax.set_xlabel(r"$n_{tree}$")
        ax.legend(fontsize=7)
    axes[0].set_title(title, fontsize=9)


def new_figure(n_panels: int, width: float = 4.6, height: float = 3.6) -> tuple[Figure, Any]:
    """A figure of ``n_panels`` panels side by side, each ``width`` x ``height`` inches, and
    its axes."""
    fig = Figure(figsize=(width * n_panels, height), layout="constrained")
    return fig, fig.subplots(1, n_panels, squeeze=False)[0]



# --------------------------------------------------------------------------------------------
# figures of one data set (Figs. 6-10, 12-13), of the main text (Figs. 1-4), Figs. 11, 14, 15
# --------------------------------------------------------------------------------------------


def _reference(experiments: Mapping[int, Experiment], n_tree: int) -> Experiment:
    if n_tree not in experiments:
        raise ValueError(f"no experiment with n_tree = {n_tree}; have {sorted(experiments)}")
    return experiments[n_tree]


def _pairs(grid: pd.DataFrame, fit: Mapping[str, Any], settings: Mapping[str, Any],
           n_useful: int | None = None) -> pd.DataFrame:
    tolerances = settings["parameter_map"]
    return compatible_pairs(grid, fit["single_stability"],
                            fit["n_useful"] if n_useful is None else n_useful,
                            tolerances["stability_tolerance"],
                            tolerances["n_useful_v_tolerance"])


def _real_curves(experiments: Mapping[int, Experiment]) -> pd.DataFrame:
    return pd.concat([e.curves[e.curves["source"] == "real"].assign(n_tree=t)
                      for t, e in experiments.items()], ignore_index=True)


def _simulated(exp: Experiment) -> pd.DataFrame:
    return exp.curves[exp.curves["source"] == "simulated"]


def dataset_figures(
    experiments: Mapping[int, Experiment], grid: pd.DataFrame, settings: Mapping[str, Any],
    dataset: str,
) -> dict[str, Figure]:
    """Figs. 6-10 and 12-13 of one data set (the paper's supplementary figures; for Colon the
    panels of Figs. 1-4): figure stem -> figure."""
    entry = settings["datasets"][dataset]
    histogram_tree = figure_n_tree(settings, "histogram_n_tree", dataset)
    timing_tree = figure_n_tree(settings, "timing_n_tree", dataset)
    reference = _reference(experiments, entry["reference_n_tree"])
    fit = reference.parameters
    n_copies = fit["m_stability"]
    figures = {}
    panels: list[tuple[str, Any]] = [
        ("fig06_accuracy", lambda ax: accuracy_panel(
            ax, {t: e.curves for t, e in experiments.items()},
            f"{dataset}: accuracy of the real ensembles")),
        ("fig07_histogram", lambda ax: histogram_panel(
            ax, _reference(experiments, histogram_tree).counts,
            f"{dataset}: selection counts over {n_copies} copies "
            f"($n_{{tree}}$ = {histogram_tree})")),
        ("fig08_parameters", lambda ax: compatible_panel(
            ax, _pairs(grid, fit, settings), fit["single_stability"], fit["n_useful"],
            (fit["n_useful"], fit["p"]), f"{dataset}: parameters compatible with the real "
            f"selector ($n_{{tree}}$ = {fit['n_tree']})")),
        ("fig09_simulated", lambda ax: curve_panel(
            ax, _simulated(reference), "p", f"{dataset}: simulated ensembles "
            f"($n_{{useful}}$ = {fit['n_useful']})", highlight=fit["p"])),
        ("fig10_real", lambda ax: curve_panel(
            ax, _real_curves(experiments), "n_tree", f"{dataset}: real ensembles",
            highlight=fit["n_tree"])),
        ("fig12_timing_real", lambda ax: time_panel(
            ax, _reference(experiments, timing_tree).timings, "real",
            f"{dataset}: real ensembles ($n_{{tree}}$ = {timing_tree})")),
        ("fig13_timing_simulated", lambda ax: time_panel(
            ax, _reference(experiments, timing_tree).timings, "simulated",
            f"{dataset}: simulated ensembles at the fitted p")),
    ]
    for stem, draw in panels:
        fig, (ax,) = new_figure(1, 5.2, 3.9)
        draw(ax)
        figures[stem] = fig
    return figures


def main_figures(
    experiments: Mapping[int, Experiment], grid: pd.DataFrame, settings: Mapping[str, Any],
    dataset: str,
) -> dict[str, Figure]:
    """Figs. 1-4 of the main text (two panels each) for ``dataset`` (Onda: Colon)."""
    entry = settings["datasets"][dataset]
    histogram_tree = figure_n_tree(settings, "histogram_n_tree", dataset)
    timing_tree = figure_n_tree(settings, "timing_n_tree", dataset)
    reference = _reference(experiments, entry["reference_n_tree"])
    fit = reference.parameters
    timing = _reference(experiments, timing_tree).timings
    figures = {}
    fig, axes = new_figure(2)
    accuracy_panel(axes[0], {t: e.curves for t, e in experiments.items()},
                   f"(left) {dataset}: prediction accuracy")
    histogram_panel(axes[1], _reference(experiments, histogram_tree).counts,
                    f"(right) frequencies, $n_{{tree}}$ = {histogram_tree}")
    figures["fig01_accuracy_histogram"] = fig
    fig, axes = new_figure(2)
    verification_panel(axes[0], grid, settings["parameter_map"]["verification_p"],
                       r"(left) verification $n_{useful}^v$")
    compatible_panel(axes[1], _pairs(grid, fit, settings), fit["single_stability"],
                     fit["n_useful"], (fit["n_useful"], fit["p"]), "(right) estimation of p")
    figures["fig02_parameter_estimation"] = fig
    fig, axes = new_figure(2)
    curve_panel(axes[0], _simulated(reference), "p",
                f"(left) simulated, $n_{{useful}}$ = {fit['n_useful']}", highlight=fit["p"])
    curve_panel(axes[1], _real_curves(experiments), "n_tree", "(right) real ensembles",
                highlight=fit["n_tree"])
    figures["fig03_stability"] = fig
    fig, axes = new_figure(2)
    time_panel(axes[0], timing, "real",
               f"(left) real, $n_{{tree}}$ = {timing_tree}")
    time_panel(axes[1], timing, "simulated", "(right) simulated, fitted p")
    figures["fig04_timing"] = fig
    return figures


def fixed_point_figure(
    grid: pd.DataFrame, curves: pd.DataFrame, reference: Mapping[str, Any],
    summary: Mapping[str, Any], settings: Mapping[str, Any], dataset: str,
) -> Figure:
    """Fig. 11: (top) parameters compatible with the real selector when n_useful^v must equal
    the fixed-point n_useful; (bottom) the simulated ensembles with that n_useful."""
    fig = Figure(figsize=(5.6, 7.2), layout="constrained")
    top, bottom = fig.subplots(2, 1)
    n_useful = summary["n_useful"]
    compatible_panel(top, _pairs(grid, reference, settings, n_useful),
                     reference["single_stability"], n_useful, (n_useful, summary["p"]),
                     f"{dataset}: estimation of p with $n_{{useful}}$ = {n_useful}")
    curve_panel(bottom, curves, "p", f"{dataset}: simulated ensembles, "
                f"$n_{{useful}}$ = {n_useful}", highlight=summary["p"])
    return fig


def mtry_figure(parameters: pd.DataFrame, dataset: str) -> Figure:
    """Fig. 14: the fitted n_useful (left) and p (right) against n_tree per normalised mtry."""
    fig, axes = new_figure(2)
    mtry_panel(axes, parameters, f"{dataset}: parameter estimation per normalised mtry")
    return fig


def figure15(experiments: Mapping[int, Experiment], dataset: str, mtry: float) -> Figure:
    """Fig. 15: stability of the real ensembles for every n_tree at a large normalised mtry."""
    fig, (ax,) = new_figure(1, 5.2, 3.9)
    curve_panel(ax, _real_curves(experiments), "n_tree",
                f"{dataset}: real ensembles, normalised mtry = {mtry}")
    return fig

