"""Feature stability maps (Hamer & Dupont 2021, §3) of :mod:`fsstab.plots`.

One rectangle per (run, selected feature), features ordered by decreasing selection
frequency: :func:`feature_map_layout` computes the geometry, :func:`feature_map_rectangles`
the rectangles, :func:`feature_stability_map` draws them. Import the public names from
:mod:`fsstab.plots`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from fsstab._text import plain_text
from fsstab.measures import as_importance_matrix
from fsstab.plots._figure import _axes
from fsstab.plots._style import FEATURE_COLORS, feature_colors, measure_label

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
        # y=1.0: a fixed title place; matplotlib's automatic one measures all tick
        # labels at each draw, to clear labels on top, which these axes do not have
        ax.set_title("\n".join(heading), fontsize=10, y=1.0)
    return fig
