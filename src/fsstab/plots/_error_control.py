"""The error-control figure: each feature's selection probability against the threshold, with
the error bound at every threshold (stability selection's bound on the expected number of false
selections, Shah & Samworth 2013) or the estimated false discovery proportion (Stabl's FDP+,
Hédou et al. 2024).

One row of two panels per fitted selection: left, the selection probabilities in decreasing
order with the run's threshold (the features at or above it are selected); right, against the
threshold, the number of features selected and the bound or FDP+ at each threshold.

Examples
--------
>>> import numpy as np
>>> from fsstab.plots import error_control_plot
>>> probabilities = np.array([1.0, 0.95, 0.8, 0.3, 0.1, 0.05])
>>> thresholds = np.linspace(0.55, 1.0, 10)
>>> fig = error_control_plot(probabilities, thresholds, threshold=0.75,
...                          bound=0.5 / (2 * thresholds - 1), title="stabs")
>>> [ax.get_ylabel() for ax in fig.axes][:2]
['selection probability', 'features selected']
>>> fig.axes[2].get_ylabel()
'bound on the expected false selections'
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.figure import Figure

from fsstab._text import plain_text
from fsstab.plots._figure import new_figure

__all__ = ["error_control_plot"]

_SHOWN = 60  # the most probable features drawn in the left panel


def error_control_plot(probabilities: Any, thresholds: Any, *, threshold: float,
                       bound: Any = None, fdp: Any = None, title: str | None = None,
                       axes: Any = None) -> Figure:
    """Selection probabilities against the threshold, with the bound or the estimated FDP.

    Parameters
    ----------
    probabilities
        One selection probability per feature (the fraction of the method's subsamples
        selecting it).
    thresholds
        The thresholds at which ``bound`` / ``fdp`` are given (increasing).
    threshold
        The run's threshold (π_thr; Stabl's reliability threshold).
    bound
        Per threshold, the bound on the expected number of false selections (NaN where it does
        not hold).
    fdp
        Per threshold, the estimated false discovery proportion (FDP+).
    title
        Above the row (text from the data goes through ``plain_text``).
    axes
        A pair of Axes to draw into (a row of a larger figure); None: a new figure.

    Returns
    -------
    matplotlib.figure.Figure
        The figure of ``axes`` (the new one without ``axes``); the right panel's bound or FDP
        is drawn on a twin axis (``fig.axes[2]`` of a new figure).
    """
    probabilities = np.asarray(probabilities, dtype=np.float64).ravel()
    thresholds = np.asarray(thresholds, dtype=np.float64).ravel()
    if bound is None and fdp is None:
        raise ValueError("error_control_plot needs bound or fdp (one value per threshold)")
    if axes is None:
        fig = new_figure((7.6, 3.0))
        left, right = fig.subplots(1, 2)
    else:
        left, right = axes
        fig = left.get_figure()
    order = np.sort(probabilities)[::-1][:_SHOWN]
    kept = order >= threshold
    positions = np.arange(1, order.size + 1)
    left.bar(positions[kept], order[kept], color="tab:blue", width=0.8, label="selected")
    left.bar(positions[~kept], order[~kept], color="0.7", width=0.8, label="not selected")
    left.axhline(threshold, color="k", lw=0.8, ls="--", label=f"threshold {threshold:.3g}")
    left.set_xlabel(f"features by selection probability (first {order.size})", fontsize=8)
    left.set_ylabel("selection probability", fontsize=8)
    left.set_ylim(0, 1.02)
    left.legend(fontsize=7, loc="upper right")
    selected = np.array([(probabilities >= t).sum() for t in thresholds])
    right.step(thresholds, selected, where="post", color="tab:blue", lw=1.0,
               label="features selected")
    right.set_ylabel("features selected", fontsize=8)
    right.set_xlabel("threshold on the selection probability", fontsize=8)
    right.axvline(threshold, color="k", lw=0.8, ls="--")
    twin = right.twinx()
    for values, label, color in ((bound, "bound on the expected false selections", "tab:red"),
                                 (fdp, "estimated false discovery proportion (FDP+)",
                                  "tab:green")):
        if values is None:
            continue
        values = np.asarray(values, dtype=np.float64).ravel()
        if values.shape != thresholds.shape:
            raise ValueError(f"{label}: one value per threshold ({thresholds.size}), got "
                             f"{values.size}")
        twin.plot(thresholds, values, color=color, lw=1.2, marker=".", ms=3, label=label)
        twin.set_ylabel(label, fontsize=8, color=color)
    lines = right.get_legend_handles_labels()
    extra = twin.get_legend_handles_labels()
    right.legend(lines[0] + extra[0], lines[1] + extra[1], fontsize=7, loc="upper right")
    for ax in (left, right, twin):
        ax.tick_params(labelsize=7)
    left.grid(color="0.92")
    right.grid(color="0.92")
    if title:
        left.set_title(plain_text(title), fontsize=8, loc="left")
    return fig
