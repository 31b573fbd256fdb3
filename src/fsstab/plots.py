"""Figures for stability analyses: feature stability maps, Pareto fronts, trajectories, summaries.

Every function takes plain arrays / DataFrames (never workflow paths) and returns the
:class:`~matplotlib.figure.Figure` it drew on. Pass ``ax=`` (or ``axes=``) to draw into an
existing figure; otherwise a new figure is created with the object-oriented API
(``matplotlib.figure.Figure`` on an Agg canvas) -- pyplot is never used, so no global figure
state leaks between calls and nothing needs closing. :func:`save_figure` writes PDF and PNG
atomically with deterministic bytes.

Measure names follow the papers and are rendered with mathtext: φ (``nogueira``), φ_pears
(``pearson``), φ_iw (``importance_weighted``), φ_C (``sechidis``), φ_can (``canberra``); see
:data:`MEASURE_LABELS`. Colours follow Hamer & Dupont (2021), Fig. 11: φ red, φ_pears green,
φ_iw blue.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PolyCollection
from matplotlib.colors import Normalize, TwoSlopeNorm, to_hex
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Polygon
from matplotlib.ticker import MaxNLocator

from fsstab._text import plain_text
from fsstab.io import write_bytes
from fsstab.measures import MEASURES, as_importance_matrix
from fsstab.pareto import (
    choose_by_gamma,
    dominated_area,
    dominated_region,
    hull_gamma_intervals,
    pareto_front,
)

#: The papers' short names of the measures they write with Greek letters.
_ALIASES: dict[str, str] = {
    "phi": "nogueira", "phi_pears": "pearson", "phi_iw": "importance_weighted",
    "phi_C": "sechidis", "phi_c": "sechidis", "phi_can": "canberra",
}

#: Mathtext label of each measure with a Greek symbol (``MeasureInfo.math`` of
#: :data:`fsstab.measures.MEASURES`), by registry name and by the papers' short names.
MEASURE_LABELS: dict[str, str] = {
    name: f"${info.math}$" for name, info in MEASURES.items() if info.math is not None
}
MEASURE_LABELS.update({alias: MEASURE_LABELS[name] for alias, name in _ALIASES.items()})

_MEASURE_COLORS: dict[str, str] = {
    "nogueira": "tab:red", "pearson": "tab:green", "importance_weighted": "tab:blue",
    "sechidis": "tab:orange", "canberra": "tab:purple",
}
_FALLBACK_COLORS = ("tab:brown", "tab:pink", "tab:olive", "tab:cyan", "tab:gray")
_GROUP_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "h")

#: PNG resolution of :func:`save_figure` (fixed, so that output bytes are reproducible).
PNG_DPI = 200


def measure_label(name: str) -> str:
    """The papers' symbol for a measure name (mathtext), or the name itself if unknown."""
    return MEASURE_LABELS.get(name, name)


def measure_color(name: str, position: int = 0) -> str:
    """Colour of a measure (Hamer & Dupont 2021, Fig. 11); unknown names cycle a palette."""
    return _MEASURE_COLORS.get(
        _ALIASES.get(name, name), _FALLBACK_COLORS[position % len(_FALLBACK_COLORS)]
    )


def _feature_palette() -> list[str]:
    """Up to 40 distinguishable colours: strong hues first, then lighter and darker variants.

    tab20/tab20b/tab20c store shades of one hue next to each other; re-ordering them keeps
    neighbouring features (adjacent rectangles of a stability map) in different hues.
    """
    tab10 = colormaps["tab10"].colors
    tab20 = colormaps["tab20"].colors
    tab20b = colormaps["tab20b"].colors
    tab20c = colormaps["tab20c"].colors
    ordered = [*tab10, *tab20[1::2], *tab20b[0::4], *tab20b[2::4], *tab20c[0::4][:4],
               *tab20c[2::4][:4]]
    seen: list[str] = []
    for color in map(to_hex, ordered):
        if color not in seen:
            seen.append(color)
    return seen


FEATURE_COLORS: tuple[str, ...] = tuple(_feature_palette())

#: Light greys for the rarely selected features of a stability map (beyond the coloured ones).
TAIL_GREYS: tuple[str, ...] = ("#d4d4d4", "#bcbcbc", "#e3e3e3", "#c8c8c8")


def feature_colors(n_features: int, colored_features: int = len(FEATURE_COLORS)) -> np.ndarray:
    """Colour of each feature rank (0 = most frequently selected) in a stability map.

    The ``colored_features`` most frequent features cycle through :data:`FEATURE_COLORS`;
    the rest cycle through :data:`TAIL_GREYS`, so that the reliably selected features stand
    out and the long tail of rarely selected ones reads as background.
    """
    if isinstance(colored_features, bool) or not isinstance(colored_features, int) or \
            colored_features < 0:
        raise ValueError(f"colored_features must be an integer >= 0, got {colored_features!r}")
    rank = np.arange(n_features)
    palette = np.array(FEATURE_COLORS)[rank % len(FEATURE_COLORS)]
    greys = np.array(TAIL_GREYS)[(rank - colored_features) % len(TAIL_GREYS)]
    return np.where(rank < colored_features, palette, greys)


# --------------------------------------------------------------------------------------------
# Figure plumbing
# --------------------------------------------------------------------------------------------


def new_figure(figsize: tuple[float, float], *, constrained: bool = True) -> Figure:
    """A figure on an Agg canvas (no pyplot state), with the constrained layout unless
    ``constrained=False`` (a caller that places its axes by hand).

    Parameters
    ----------
    figsize
        (width, height) in inches.
    constrained
        Use matplotlib's constrained layout.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from fsstab.plots import new_figure
    >>> fig = new_figure((4.0, 3.0))
    >>> fig.get_layout_engine() is not None, fig.get_size_inches().tolist()
    (True, [4.0, 3.0])
    """
    fig = Figure(figsize=figsize, layout="constrained" if constrained else None)
    FigureCanvasAgg(fig)
    return fig


def _axes(ax: Axes | None, figsize: tuple[float, float]) -> tuple[Figure, Axes]:
    if ax is not None:
        return ax.get_figure(root=True), ax
    fig = new_figure(figsize)
    return fig, fig.add_subplot()


def _vector(values: Any, name: str, length: int | None = None) -> np.ndarray:
    try:
        arr = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be a numeric vector ({exc})") from None
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-dimensional, got shape {arr.shape}")
    if length is not None and arr.size != length:
        raise ValueError(f"{name} has {arr.size} values, expected {length}")
    return arr


def _finite_pair(x: Any, y: Any, x_name: str, y_name: str) -> tuple[np.ndarray, np.ndarray]:
    xv = _vector(x, x_name)
    yv = _vector(y, y_name, xv.size)
    for name, v in ((x_name, xv), (y_name, yv)):
        bad = ~np.isfinite(v)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise ValueError(f"{name}[{i}] = {float(v[i])!r}; values must be finite")
    if xv.size == 0:
        raise ValueError(f"{x_name} is empty; there is nothing to plot")
    return xv, yv


def _stabilities(
    stabilities: Mapping[str, Any], length: int, name: str = "stabilities"
) -> dict[str, np.ndarray]:
    if not stabilities:
        raise ValueError(f"{name} must map at least one measure name to its values")
    out = {}
    for measure, values in stabilities.items():
        _, out[measure] = _finite_pair(np.zeros(length), values, "accuracy",
                                       f"{name}[{measure!r}]")
    return out


def _check_gamma(gamma: float | None) -> None:
    if gamma is not None and not (np.isfinite(gamma) and 0 <= gamma <= 1):
        raise ValueError(f"gamma must lie in [0, 1], got {gamma!r}")


def _stability_axis_label(measure: str | None) -> str:
    return "Stability" if measure is None else f"Stability {measure_label(measure)}"


def tidy_legend(ax: Axes, **kwargs: Any) -> Any:
    """``ax.legend(**kwargs)`` with every scatter marker drawn at one modest size.

    Plot markers are sized to be seen around each other (a circled star inside a diamond); in
    the legend those sizes would only make the entries overlap.
    """
    legend = ax.legend(**kwargs)
    for handle in legend.legend_handles:
        if hasattr(handle, "set_sizes"):
            handle.set_sizes([40.0])
    return legend


def save_figure(fig: Figure, path_stem: str | os.PathLike[str], *, dpi: int = PNG_DPI) -> tuple[
    Path, Path
]:
    """Write ``<path_stem>.pdf`` and ``<path_stem>.png`` atomically, with reproducible bytes.

    Both files are rendered in memory first, then each is written to a temporary file in the
    target directory and renamed over the final path, so a failure never leaves a partial
    file. Time stamps and software versions are stripped from the metadata (PDF
    ``CreationDate``, PNG ``Software``) and the PNG resolution is fixed, so the same figure
    gives byte-identical files on every run.

    Returns
    -------
    (pdf_path, png_path)
    """
    stem = Path(path_stem)
    if stem.suffix.lower() in (".pdf", ".png"):
        raise ValueError(
            f"path_stem must not carry an extension ({stem.name!r}); save_figure writes both "
            f"{stem.with_suffix('').name}.pdf and .png"
        )
    if isinstance(dpi, bool) or not isinstance(dpi, int) or dpi < 10:
        raise ValueError(f"dpi must be an integer >= 10, got {dpi!r}")
    rendered = {}
    for fmt, metadata in (
        ("pdf", {"CreationDate": None, "Creator": "fsstab"}),
        ("png", {"Software": None}),
    ):
        buffer = io.BytesIO()
        fig.savefig(buffer, format=fmt, dpi=dpi, metadata=metadata, facecolor="white",
                    bbox_inches="tight", pad_inches=0.08)
        rendered[fmt] = buffer.getvalue()
    stem.parent.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt, content in rendered.items():
        target = stem.parent / f"{stem.name}.{fmt}"
        write_bytes(target, content)
        paths.append(target)
    return paths[0], paths[1]


# --------------------------------------------------------------------------------------------
# Feature stability maps (Hamer & Dupont 2021, §3)
# --------------------------------------------------------------------------------------------


class FeatureMapLayout(NamedTuple):
    """Geometry of a feature stability map.

    ``order`` lists the features ever selected, by decreasing selection frequency ``p_f``
    (ties: larger mean relative importance when selected, then lower index); ``frequency``
    are their ``p_f``; ``width[i, k]`` is the importance of feature ``order[k]`` in run ``i``
    normalised so that every non-empty run sums to 1, and ``left[i, k]`` where its rectangle
    starts (the cumulative width of the more frequent features selected in that run).
    """

    order: np.ndarray
    frequency: np.ndarray
    width: np.ndarray
    left: np.ndarray
    n_features: int


def feature_map_layout(importances: Any) -> FeatureMapLayout:
    """Compute the rectangles of a feature stability map (Hamer & Dupont 2021, §3, Fig. 2).

    Each row is a run; the width of a feature's rectangle is its importance in that run's
    model. Importances are normalised per run to sum to one -- the same per-run normalisation
    as φ_iw (``Σ_f I_{f,i} = k̄``, §5) up to the common factor ``k̄`` -- so every row spans the
    same width and overlaps of a colour across rows read as shared importance.
    """
    W = as_importance_matrix(importances).toarray()
    totals = W.sum(axis=1, keepdims=True)
    relative = np.divide(W, totals, out=np.zeros_like(W), where=totals > 0)
    counts = np.count_nonzero(W, axis=0)
    selected = np.flatnonzero(counts)
    mean_relative = relative[:, selected].sum(axis=0) / counts[selected]
    order = selected[np.lexsort((selected, -mean_relative, -counts[selected]))]
    width = relative[:, order]
    left = np.cumsum(width, axis=1) - width
    return FeatureMapLayout(order, counts[order] / W.shape[0], width, left, W.shape[1])


class FeatureMapRectangles(NamedTuple):
    """The rectangles of a feature stability map, one per (run, selected feature).

    ``run`` and ``feature`` identify each rectangle, ``rank`` is the feature's position in the
    frequency order (which sets its colour) and ``vertices`` the ``(n, 4, 2)`` corners:
    ``[left, run − ½] → [left, run + ½] → [left + width, run + ½] → [left + width, run − ½]``.
    """

    run: np.ndarray
    feature: np.ndarray
    rank: np.ndarray
    vertices: np.ndarray


def feature_map_rectangles(layout: FeatureMapLayout) -> FeatureMapRectangles:
    """Rectangles of :func:`feature_map_layout`, ordered by run, then left to right."""
    run, rank = np.nonzero(layout.width > 0)
    x0 = layout.left[run, rank]
    x1 = x0 + layout.width[run, rank]
    y0, y1 = run - 0.5, run + 0.5
    vertices = np.stack(
        [np.column_stack(c) for c in ((x0, y0), (x0, y1), (x1, y1), (x1, y0))], axis=1
    )
    return FeatureMapRectangles(run, layout.order[rank], rank, vertices)


def _measures_line(measures: Mapping[str, float]) -> str:
    return ",   ".join(f"{measure_label(name)} = {value:.2f}" for name, value in measures.items())


def feature_stability_map(
    importances: Any,
    *,
    feature_names: Sequence[str] | None = None,
    measures: Mapping[str, float] | None = None,
    title: str | None = None,
    legend_features: int = 0,
    colored_features: int = len(FEATURE_COLORS),
    ax: Axes | None = None,
    figsize: tuple[float, float] | None = None,
) -> Figure:
    """Feature stability map (Hamer & Dupont 2021, §3, Figs. 2-7, 12, 16, 18).

    One row per selection run (run 1 at the top); in each row, one rectangle per selected
    feature whose width is the feature's relative importance in that run's predictive model;
    every feature keeps one colour across runs, and features are placed left to right by
    decreasing selection frequency ``p_f`` (see :func:`feature_map_layout`). Frequently and
    importantly selected features thus form wide aligned columns on the left.

    Parameters
    ----------
    importances
        ``M x d`` non-negative importances, zero exactly where a feature is not selected (the
        ``W`` of :mod:`fsstab.measures`), dense or sparse.
    feature_names
        ``d`` names, used by the legend.
    measures
        Stability values to print under the title, e.g. ``{"nogueira": 0.75, "pearson": 0.25,
        "canberra": 0.51, "importance_weighted": 0.5}`` → "φ = 0.75, φ_pears = 0.25, …".
    legend_features
        Number of most frequent features listed in a legend (with ``p_f``); 0 for none.
    colored_features
        Number of most frequent features drawn in distinct colours; rarer ones are drawn in
        light greys (see :func:`feature_colors`). Each feature keeps its colour in every run.
    """
    layout = feature_map_layout(importances)
    n_runs, d = layout.width.shape[0], layout.n_features
    if feature_names is not None and len(feature_names) != d:
        raise ValueError(f"feature_names has {len(feature_names)} names but there are {d} "
                         "features")
    if isinstance(legend_features, bool) or not isinstance(legend_features, int) or \
            legend_features < 0:
        raise ValueError(f"legend_features must be an integer >= 0, got {legend_features!r}")
    height = float(np.clip(2.2 + 0.055 * n_runs, 3.0, 8.0))
    fig, ax = _axes(ax, figsize or (6.4 if legend_features else 5.2, height))

    rectangles = feature_map_rectangles(layout)
    rank_colors = feature_colors(layout.order.size, colored_features)
    colors = rank_colors[rectangles.rank]
    # One collection for all rectangles: thousands of individual patches (M = 100 runs of
    # ~50 features) would make drawing and saving several times slower.
    ax.add_collection(PolyCollection(
        rectangles.vertices, facecolors=colors, edgecolors="white",
        linewidths=0.5 if n_runs <= 40 else 0.25, gid="feature-stability-map",
    ), autolim=False)
    if legend_features:
        handles = []
        for k, feature in enumerate(layout.order[:legend_features]):
            name = plain_text(feature_names[feature]) if feature_names is not None else (
                f"feature {feature}")
            handles.append(Patch(facecolor=rank_colors[k],
                                 label=f"{name} ($p_f$ = {layout.frequency[k]:.2f})"))
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7,
                  frameon=False, title="most frequent features", title_fontsize=7)
    ax.set_xlim(0.0, 1.0)
    ax.set_ylim(n_runs - 0.5, -0.5)
    runs = MaxNLocator(nbins=6, integer=True, min_n_ticks=2).tick_values(1, n_runs)
    runs = np.union1d([1, n_runs], runs[(runs > 1) & (runs < n_runs)]).astype(int)
    ax.set_yticks(runs - 1, [str(r) for r in runs])
    ax.set_xlabel("Relative importance of the selected features in each model")
    ax.set_ylabel("Selection run")
    heading = [title] if title else []
    if measures:
        heading.append(_measures_line(measures))
    if heading:
        ax.set_title("\n".join(heading), fontsize=10)
    return fig


# --------------------------------------------------------------------------------------------
# Pareto fronts and γ compromises (Hamer & Dupont 2021, §7.1)
# --------------------------------------------------------------------------------------------


def _distinct_hull(
    accuracy: np.ndarray, stability: np.ndarray
) -> list[tuple[list[int], float, float]]:
    """Hull compromises grouped by identical coordinates: (rows, γ_lo, γ_hi) by accuracy."""
    intervals = hull_gamma_intervals(accuracy, stability)
    groups: list[tuple[list[int], float, float]] = []
    for row, lo, hi in zip(intervals.index, intervals.gamma_lo, intervals.gamma_hi, strict=True):
        if groups and accuracy[groups[-1][0][0]] == accuracy[row] and (
            stability[groups[-1][0][0]] == stability[row]
        ):
            groups[-1][0].append(int(row))
        else:
            groups.append(([int(row)], float(lo), float(hi)))
    return groups


def pareto_plot(
    accuracy: Any,
    stability: Any,
    *,
    measure: str | None = None,
    labels: Sequence[str] | None = None,
    gamma: float | None = None,
    annotate_gamma: bool = True,
    title: str | None = None,
    ax: Axes | None = None,
    figsize: tuple[float, float] = (7.0, 4.6),
) -> Figure:
    """All configurations in (accuracy, stability), the Pareto front and the γ compromises.

    The convex-hull compromises (Hamer & Dupont 2021, §7.1) are circled and numbered; with
    ``annotate_gamma`` a side panel lists, for each, the closed γ interval on which it maximises
    ``γA + (1 − γ)S`` (and its label, if ``labels`` are given). With ``gamma`` the compromise
    chosen for that γ (:func:`fsstab.pareto.choose_by_gamma`) is marked with a star.

    Parameters
    ----------
    accuracy, stability
        One value per configuration.
    measure
        Name of the stability measure (labels the axis: "Stability φ_iw").
    labels
        One label per configuration (e.g. its meta-parameters), shown in the γ list.
    """
    acc, stab = _finite_pair(accuracy, stability, "accuracy", "stability")
    if labels is not None and len(labels) != acc.size:
        raise ValueError(f"labels has {len(labels)} entries, expected {acc.size}")
    _check_gamma(gamma)
    fig, ax = _axes(ax, figsize)
    color = measure_color(measure) if measure is not None else "tab:blue"

    front = pareto_front(acc, stab)
    hull = _distinct_hull(acc, stab)
    hull_rows = [rows[0] for rows, _, _ in hull]
    ax.scatter(acc, stab, s=12, color="0.65", alpha=0.7, linewidths=0,
               label="all configurations", zorder=1)
    ax.plot(acc[front], stab[front], "-", color=color, lw=0.8, alpha=0.6, zorder=2)
    ax.scatter(acc[front], stab[front], s=22, color=color, label="Pareto-optimal", zorder=3)
    ax.scatter(acc[hull_rows], stab[hull_rows], s=130, facecolors="none", edgecolors=color,
               linewidths=1.4, label="convex-hull compromise", zorder=4)
    if annotate_gamma:
        lines = []
        for number, (rows, lo, hi) in enumerate(hull, start=1):
            ax.annotate(str(number), (acc[rows[0]], stab[rows[0]]), xytext=(5, 5),
                        textcoords="offset points", fontsize=7, color=color, zorder=6)
            name = ", ".join(labels[r] for r in rows) if labels is not None else None
            interval = f"γ ∈ [{lo:.2f}, {hi:.2f}]"
            lines.append(f"{number}: {interval}" + (f"  {name}" if name else ""))
        ax.text(1.02, 1.0, "Compromises maximising\nγA + (1 − γ)S:\n" + "\n".join(lines),
                transform=ax.transAxes, va="top", ha="left", fontsize=7, family="monospace")
    if gamma is not None:
        chosen = choose_by_gamma(acc, stab, gamma)
        ax.scatter([acc[chosen]], [stab[chosen]], marker="*", s=220, color=color,
                   edgecolors="black", linewidths=0.8, label=f"chosen for γ = {gamma:g}",
                   zorder=5)
    ax.set_xlabel("Accuracy")
    ax.set_ylabel(_stability_axis_label(measure))
    if title:
        ax.set_title(title)
    tidy_legend(ax, loc="lower left", fontsize=8)
    return fig


def pareto_comparison_plot(
    accuracy: Any,
    stabilities: Mapping[str, Any],
    *,
    gamma: float | None = None,
    title: str | None = None,
    axes: Sequence[Axes] | None = None,
    figsize: tuple[float, float] | None = None,
) -> Figure:
    """Pareto fronts of several stability measures and each one's compromises in the others.

    Hamer & Dupont (2021), Fig. 11 and Figs. 21-25: one panel per measure ``m`` ("Optimizing
    m"). In every panel, the filled points are the Pareto-optimal configurations in
    (accuracy, μ) for each measure μ (φ red, φ_pears green, φ_iw blue; the same in all panels);
    the circled points, joined by a line, are the configurations on the convex hull of the
    (accuracy, m) front -- the compromises maximising ``γA + (1 − γ)m`` -- drawn at their
    (accuracy, μ) values for every μ. With ``gamma``, a star marks the compromise chosen for
    that γ when ``m`` is optimised.
    """
    acc = _vector(accuracy, "accuracy")
    _finite_pair(acc, np.zeros(acc.size), "accuracy", "stability")
    stab = _stabilities(stabilities, acc.size)
    _check_gamma(gamma)
    names = list(stab)
    n = len(names)
    if axes is None:
        fig = new_figure(figsize or (3.9 * n, 4.3))
        axes = list(fig.subplots(1, n, sharex=True, sharey=True, squeeze=False)[0])
        own_figure = True
    else:
        axes = list(axes)
        if len(axes) != n:
            raise ValueError(f"axes has {len(axes)} Axes but there are {n} measures")
        fig = axes[0].get_figure(root=True)
        own_figure = False

    colors = {name: measure_color(name, k) for k, name in enumerate(names)}
    fronts = {name: pareto_front(acc, stab[name]) for name in names}
    for panel, (ax, optimised) in enumerate(zip(axes, names, strict=True)):
        hull = [rows[0] for rows, _, _ in _distinct_hull(acc, stab[optimised])]
        chosen = choose_by_gamma(acc, stab[optimised], gamma) if gamma is not None else None
        for name in names:
            c = colors[name]
            ax.scatter(acc[fronts[name]], stab[name][fronts[name]], s=14, color=c, zorder=2)
            ax.plot(acc[hull], stab[name][hull], "-", color=c, lw=0.8, alpha=0.7, zorder=3)
            ax.scatter(acc[hull], stab[name][hull], s=95, facecolors="none", edgecolors=c,
                       linewidths=1.2, zorder=4)
            if chosen is not None:
                ax.scatter([acc[chosen]], [stab[name][chosen]], marker="*", s=190, color=c,
                           edgecolors="black", linewidths=0.7, zorder=5)
        ax.set_title(f"({chr(ord('a') + panel)}) Optimizing {measure_label(optimised)}",
                     fontsize=10)
        ax.set_xlabel("Accuracy")
        if own_figure:
            ax.label_outer()
    axes[0].set_ylabel("Stability")

    handles: list[Any] = [Patch(color=colors[name], label=measure_label(name)) for name in names]
    handles += [
        Line2D([], [], ls="", marker="o", ms=4, color="0.3",
               label="Pareto-optimal for its measure"),
        Line2D([], [], ls="-", marker="o", ms=9, mfc="none", color="0.3", lw=0.8,
               label="hull compromise of the optimised measure"),
    ]
    if gamma is not None:
        handles.append(Line2D([], [], ls="", marker="*", ms=12, color="0.6", mec="black",
                              label=f"chosen for γ = {gamma:g}"))
    if own_figure:
        fig.legend(handles=handles, loc="outside lower center", ncols=len(handles),
                   fontsize=8, frameon=False)
        if title:
            fig.suptitle(title)
    else:
        axes[0].legend(handles=handles, fontsize=7, loc="lower left")
    return fig


def dominated_area_plot(
    fronts: Mapping[str, tuple[Any, Any]],
    *,
    reference: tuple[float, float] | None = None,
    colors: Mapping[str, str] | None = None,
    measure: str | None = None,
    title: str | None = None,
    ax: Axes | None = None,
    figsize: tuple[float, float] = (5.6, 4.4),
) -> Figure:
    """Areas dominated by the Pareto fronts of several methods (Hamer & Dupont 2021, Fig. 9).

    ``fronts`` maps a method name to its (accuracy, stability) points (all of them -- the front
    is extracted); each dominated region with respect to ``reference`` (default: the lowest
    accuracy and stability over all methods) is shaded, and the legend reports its area
    (:func:`fsstab.pareto.dominated_area`).
    """
    if not fronts:
        raise ValueError("fronts must map at least one method name to (accuracy, stability)")
    points = {name: _finite_pair(a, s, f"fronts[{name!r}] accuracy", f"fronts[{name!r}] "
                                 "stability") for name, (a, s) in fronts.items()}
    if reference is None:
        reference = (min(float(a.min()) for a, _ in points.values()),
                     min(float(s.min()) for _, s in points.values()))
    fig, ax = _axes(ax, figsize)
    default_colors = ("tab:blue", "tab:red", "tab:green", "tab:orange", "tab:purple")
    for k, (name, (a, s)) in enumerate(points.items()):
        color = (colors or {}).get(name, default_colors[k % len(default_colors)])
        area = dominated_area(a, s, reference)
        xs, ys = dominated_region(a, s, reference)
        if xs.size:
            ax.add_patch(Polygon(np.column_stack([xs, ys]), closed=True, facecolor=color,
                                 alpha=0.25, edgecolor=color, linewidth=1.2))
        front = pareto_front(a, s)
        ax.scatter(a[front], s[front], s=18, color=color, zorder=3,
                   label=f"{name} (area = {area:.4f})")
    all_a = np.concatenate([a for a, _ in points.values()] + [[reference[0]]])
    all_s = np.concatenate([s for _, s in points.values()] + [[reference[1]]])
    pad_a = 0.03 * max(float(np.ptp(all_a)), 1e-3)
    pad_s = 0.03 * max(float(np.ptp(all_s)), 1e-3)
    ax.set_xlim(all_a.min() - pad_a, all_a.max() + pad_a)
    ax.set_ylim(all_s.min() - pad_s, all_s.max() + pad_s)
    ax.set_xlabel("Accuracy")
    ax.set_ylabel(_stability_axis_label(measure))
    if title:
        ax.set_title(title)
    ax.legend(loc="upper right", fontsize=8, title="dominated area", title_fontsize=8)
    return fig


# --------------------------------------------------------------------------------------------
# Trajectories against a parameter (Hamer & Dupont 2021, Figs. 13-15, 17)
# --------------------------------------------------------------------------------------------


def trajectory_plot(
    accuracy: Any,
    stabilities: Mapping[str, Any],
    parameter: Any,
    *,
    parameter_name: str = "parameter",
    descending: bool = False,
    groups: Any = None,
    group_name: str | None = None,
    title: str | None = None,
    ax: Axes | None = None,
    figsize: tuple[float, float] = (6.4, 4.4),
) -> Figure:
    """(accuracy, stability) trajectories as a parameter varies, one line per measure.

    Hamer & Dupont (2021), Fig. 13 (elastic net, λ₂ decreasing from 1), Fig. 14 (logistic RFE:
    one line per λ, points by increasing λ_f -- pass ``groups``), Fig. 15 (random forest size)
    and Fig. 17 (RELIEF neighbours). Points are joined in parameter order (increasing, or
    decreasing with ``descending``); each line's first point is ringed in black.

    Parameters
    ----------
    accuracy
        One value per setting.
    stabilities
        Measure name → one value per setting.
    parameter
        The varied parameter, one value per setting.
    groups
        Optional label per setting; one line per (measure, group), with a marker per group.
    """
    acc = _vector(accuracy, "accuracy")
    _finite_pair(acc, np.zeros(acc.size), "accuracy", "stability")
    stab = _stabilities(stabilities, acc.size)
    param = _vector(parameter, "parameter", acc.size)
    group_values = (np.asarray(groups, dtype=object) if groups is not None
                    else np.zeros(acc.size, dtype=object))
    if group_values.shape != (acc.size,):
        raise ValueError(f"groups has shape {group_values.shape}, expected ({acc.size},)")
    if pd.isna(group_values).any():
        i = int(np.flatnonzero(pd.isna(group_values))[0])
        raise ValueError(f"groups[{i}] is missing (None/NaN); every setting needs a group")
    if not np.all(np.isfinite(param)):
        i = int(np.flatnonzero(~np.isfinite(param))[0])
        raise ValueError(f"parameter[{i}] = {float(param[i])!r}; values must be finite")
    fig, ax = _axes(ax, figsize)
    distinct_groups = list(dict.fromkeys(group_values.tolist()))
    if len(distinct_groups) > len(_GROUP_MARKERS):
        raise ValueError(f"at most {len(_GROUP_MARKERS)} groups can be told apart by markers, "
                         f"got {len(distinct_groups)}")
    starts, first_values = [], []
    for k, name in enumerate(stab):
        color = measure_color(name, k)
        for g, group in enumerate(distinct_groups):
            rows = np.flatnonzero(group_values == group)
            key = -param[rows] if descending else param[rows]
            rows = rows[np.argsort(key, kind="stable")]
            ax.plot(acc[rows], stab[name][rows], "-", marker=_GROUP_MARKERS[g], ms=4,
                    color=color, lw=1.0)
            starts.append((acc[rows[0]], stab[name][rows[0]]))
            first_values.append(param[rows[0]])
    start_x, start_y = np.array(starts).T
    ax.scatter(start_x, start_y, s=70, facecolors="none", edgecolors="black", linewidths=0.9,
               zorder=4)
    handles: list[Any] = [Line2D([], [], color=measure_color(name, k), lw=1.5,
                                 label=measure_label(name)) for k, name in enumerate(stab)]
    if len(distinct_groups) > 1:
        handles += [Line2D([], [], ls="", marker=_GROUP_MARKERS[g], color="0.35",
                           label=f"{group_name or 'group'} = {group}")
                    for g, group in enumerate(distinct_groups)]
    if len(set(first_values)) == 1:
        start_label = f"first point ({parameter_name} = {first_values[0]:g})"
    else:
        start_label = f"first point ({'highest' if descending else 'lowest'} {parameter_name})"
    handles.append(Line2D([], [], ls="", marker="o", ms=8, mfc="none", mec="black",
                          label=start_label))
    ax.set_xlabel("Accuracy")
    ax.set_ylabel("Stability")
    direction = "decreasing" if descending else "increasing"
    ax.set_title(title or f"Points joined by {direction} {parameter_name}", fontsize=10)
    # outside the axes: with one line per measure and group, any inside spot hides points
    ax.legend(handles=handles, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0),
              borderaxespad=0.0)
    return fig


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


# --------------------------------------------------------------------------------------------
# Comparison charts: many methods, measures or data sets side by side
# --------------------------------------------------------------------------------------------

#: Line styles and markers cycled with the colours of :func:`style_cycle`, so that 20 methods
#: stay apart.
_CYCLE_LINESTYLES = ("-", "--", ":", "-.", (0, (5, 1, 1, 1, 1, 1)))
_CYCLE_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "h", "*")


def style_cycle(n: int) -> list[dict[str, Any]]:
    """``n`` distinct (colour, line style, marker) combinations for lines or points.

    Colours cycle tab10 then Dark2 (17 colours), line styles 5 and markers 11, so that every
    combination of up to 17 entries differs in colour, and far more differ in some property.

    Parameters
    ----------
    n
        The number of styles.

    Returns
    -------
    list of dict
        ``{"color": ..., "linestyle": ..., "marker": ...}`` per entry, keyword arguments of
        ``Axes.plot``.

    Examples
    --------
    >>> from fsstab.plots import style_cycle
    >>> styles = style_cycle(20)
    >>> len(styles), styles[0]["marker"], styles[1]["linestyle"]
    (20, 'o', '--')
    """
    colors = list(colormaps["tab10"].colors) + list(colormaps["Dark2"].colors)
    return [
        {"color": colors[i % len(colors)],
         "linestyle": _CYCLE_LINESTYLES[i % len(_CYCLE_LINESTYLES)],
         "marker": _CYCLE_MARKERS[i % len(_CYCLE_MARKERS)]}
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


__all__ = [
    "FEATURE_COLORS",
    "MEASURE_LABELS",
    "PNG_DPI",
    "TAIL_GREYS",
    "FeatureMapLayout",
    "FeatureMapRectangles",
    "box_plots",
    "coefficient_of_variation",
    "coefficient_of_variation_bars",
    "correlation_scatter",
    "dominated_area_plot",
    "facet_points",
    "feature_colors",
    "feature_map_layout",
    "feature_map_rectangles",
    "feature_stability_map",
    "heatmap",
    "measure_color",
    "measure_label",
    "median_quartile_plot",
    "new_figure",
    "pareto_comparison_plot",
    "pareto_plot",
    "relative_lines",
    "sampling_distribution_plot",
    "save_figure",
    "scatter_matrix",
    "style_cycle",
    "table_figure",
    "trajectory_plot",
]
