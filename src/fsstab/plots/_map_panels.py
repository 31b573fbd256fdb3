"""Feature stability maps whose colours mean the same feature in every panel.

A figure with several maps -- one per variant of a configuration, or one per selector -- is
read by following a feature from panel to panel. :func:`shared_feature_colors` therefore fixes
one colour per feature for the whole figure: the ``n_colored`` features selected most often
over *all* panels get distinct colours (the legend names them), every other feature is drawn
in one grey, so that no colour is reused for two features. :func:`feature_map_panel` draws one
map (Hamer & Dupont 2021, §3; geometry of :func:`fsstab.plots.feature_map_layout`) with those
colours.

Examples
--------
>>> import numpy as np
>>> from fsstab.plots import new_figure
>>> from fsstab.plots import feature_map_panel, shared_feature_colors
>>> W1 = np.array([[0.5, 0.3, 0.0, 0.2], [0.6, 0.0, 0.4, 0.0]])
>>> W2 = np.array([[0.7, 0.0, 0.0, 0.3], [0.5, 0.5, 0.0, 0.0]])
>>> colors = shared_feature_colors([W1, W2], n_colored=2)
>>> sorted(colors)                      # features 0 and 1: selected most often overall
[0, 1]
>>> fig = new_figure((6, 3))
>>> ax1, ax2 = fig.subplots(1, 2)
>>> _ = feature_map_panel(W1, colors=colors, ax=ax1)
>>> _ = feature_map_panel(W2, colors=colors, ax=ax2)   # feature 0 has one colour in both
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from fsstab._text import plain_text
from fsstab.measures import as_importance_matrix
from fsstab.plots._feature_map import feature_map_layout, feature_map_rectangles
from fsstab.plots._style import FEATURE_COLORS, measure_label

__all__ = ["OTHER_FEATURES_GREY", "feature_map_panel", "shared_feature_colors",
           "shared_features_legend"]

#: The colour of every feature outside the coloured ones.
OTHER_FEATURES_GREY = "#c8c8c8"


def shared_feature_colors(importances: Sequence[Any], n_colored: int = 10) -> dict[int, str]:
    """``{feature: colour}`` for the ``n_colored`` features selected in the most runs over all
    the ``M x d`` importance matrices (ties: larger summed relative importance, then lower
    index); :data:`~fsstab.plots.FEATURE_COLORS` in that order, at most as many as it has."""
    if isinstance(n_colored, bool) or not isinstance(n_colored, int) or n_colored < 0:
        raise ValueError(f"n_colored must be an integer >= 0, got {n_colored!r}")
    matrices = [as_importance_matrix(W) for W in importances]
    if not matrices:
        return {}
    d = matrices[0].shape[1]
    if any(W.shape[1] != d for W in matrices):
        raise ValueError("the importance matrices have different numbers of features")
    counts = np.zeros(d, dtype=np.int64)
    weight = np.zeros(d)
    for W in matrices:
        dense = W.toarray()
        totals = dense.sum(axis=1, keepdims=True)
        counts += np.count_nonzero(dense, axis=0)
        weight += np.divide(dense, totals, out=np.zeros_like(dense), where=totals > 0).sum(0)
    selected = np.flatnonzero(counts)
    order = selected[np.lexsort((selected, -weight[selected], -counts[selected]))]
    shown = order[: min(n_colored, len(FEATURE_COLORS))]
    return {int(f): FEATURE_COLORS[k] for k, f in enumerate(shown)}


def feature_map_panel(
    importances: Any, *, colors: Mapping[int, str], ax: Axes, title: str | None = None,
    measures: Mapping[str, float] | None = None,
) -> Axes:
    """One feature stability map on ``ax``: a row per run, a rectangle per selected feature as
    wide as its relative importance, features left to right by decreasing selection frequency
    in this panel, coloured by ``colors`` (others :data:`OTHER_FEATURES_GREY`)."""
    layout = feature_map_layout(importances)
    n_runs = layout.width.shape[0]
    rectangles = feature_map_rectangles(layout)
    facecolors = [colors.get(int(f), OTHER_FEATURES_GREY) for f in rectangles.feature]
    ax.add_collection(PolyCollection(
        rectangles.vertices, facecolors=facecolors, edgecolors="white",
        linewidths=0.5 if n_runs <= 40 else 0.25, gid="feature-stability-map",
    ), autolim=False)
    ax.set_xlim(0.0, 1.0)
    ax.set_ylim(n_runs - 0.5, -0.5)
    runs = MaxNLocator(nbins=6, integer=True, min_n_ticks=2).tick_values(1, n_runs)
    runs = np.union1d([1, n_runs], runs[(runs > 1) & (runs < n_runs)]).astype(int)
    ax.set_yticks(runs - 1, [str(r) for r in runs])
    ax.set_xlabel("Relative importance of the selected features in each model")
    ax.set_ylabel("Selection run")
    heading = [plain_text(title)] if title else []
    if measures:
        heading.append(",   ".join(f"{measure_label(name)} = {value:.2f}"
                                   for name, value in measures.items()))
    if heading:
        # y=1.0: a fixed title place; matplotlib's automatic one measures all tick
        # labels at each draw, to clear labels on top, which these axes do not have
        ax.set_title("\n".join(heading), fontsize=10, y=1.0)
    return ax


def shared_features_legend(ax: Axes, colors: Mapping[int, str], *,
                           feature_names: Sequence[str] | None = None,
                           frequencies: Mapping[int, float] | None = None) -> Any:
    """A legend (right of ``ax``) naming the coloured features, with their selection
    frequency if given (in parentheses; the legend's title names it ``p_f``), and one entry
    for the grey rest.

    The symbol ``p_f`` appears once, in the title: every entry of its own would be one more
    mathtext expression to parse for each format a figure is saved in.
    """
    handles = []
    for feature, color in colors.items():
        name = plain_text(feature_names[feature] if feature_names is not None
                          else f"feature {feature}")
        if frequencies is not None:
            name += f" ({frequencies[feature]:.2f})"
        handles.append(Patch(facecolor=color, label=name))
    handles.append(Patch(facecolor=OTHER_FEATURES_GREY, label="every other feature"))
    title = "feature colours (all panels)" + (
        "" if frequencies is None else "\n(selection frequency $p_f$)")
    return ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7,
                     frameon=False, title=title, title_fontsize=7)
