"""Convergence plots: φ and its interval against the number of resamples.

One small panel per selection outcome (:class:`fsstab.convergence.ConvergenceCurve`): φ̂ on the
first m runs as a line, its (1 − α) interval as a band, and the target precision as a band of
±h around the final φ̂, so that one sees whether the interval has shrunk into it by M.

Examples
--------
>>> import numpy as np
>>> from fsstab.convergence import nogueira_convergence
>>> from fsstab.plots import convergence_plot
>>> rng = np.random.default_rng(1)
>>> Z = rng.random((30, 20)) < np.linspace(0.9, 0.1, 20)
>>> fig = convergence_plot({"lasso": nogueira_convergence(Z)}, precision=0.05)
>>> [t.get_text() for t in fig.axes[0].texts][0].startswith("±")
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.figure import Figure

from fsstab._text import plain_text
from fsstab.plots._figure import new_figure

if TYPE_CHECKING:
    from fsstab.convergence import ConvergenceCurve

__all__ = ["convergence_plot"]


def convergence_plot(curves: Mapping[str, ConvergenceCurve], *, precision: float,
                     title: str | None = None, columns: int = 3,
                     color: str = "tab:red") -> Figure:
    """A grid of panels, one per entry of ``curves`` (its key titles the panel); each panel's
    corner says the half-width reached at M and whether it meets ``precision``."""
    # fsstab.convergence is loaded by the convergence figure only, not by `import fsstab.plots`
    from fsstab.convergence import half_width_text, precision_reached, resamples_needed

    if not curves:
        raise ValueError("no convergence curve to draw")
    n = len(curves)
    columns = max(1, min(columns, n))
    rows = math.ceil(n / columns)
    fig = new_figure((3.3 * columns, 1.2 + 2.3 * rows))
    axes = np.atleast_1d(fig.subplots(rows, columns, sharex=True, sharey=True, squeeze=False))
    axes = axes.ravel()
    for ax, (name, curve) in zip(axes, curves.items(), strict=False):
        M = int(curve.m[-1])
        ax.fill_between(curve.m, curve.low, curve.high, color=color, alpha=0.18, linewidth=0,
                        label=f"{100 * (1 - curve.alpha):g} % interval")
        ax.plot(curve.m, curve.phi, color=color, lw=1.2, label="φ on the first m runs")
        final = float(curve.phi[-1])
        if np.isfinite(final):
            ax.axhspan(final - precision, final + precision, color="0.5", alpha=0.12,
                       linewidth=0, label=f"φ at M ± {precision:g}")
        width = float(curve.half_width[-1])
        if np.isfinite(width):
            reached = precision_reached(curve, precision)
            verdict = "enough" if reached else \
                f"about {resamples_needed(curve, precision)} needed"
            text = f"±{half_width_text(width, precision)} at M = {M}: {verdict}"
        else:
            text = f"φ undefined at M = {M}"
        ax.text(0.98, 0.04, text, transform=ax.transAxes, ha="right", va="bottom", fontsize=7,
                bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8, "pad": 1.5})
        ax.set_title(plain_text(name), fontsize=8)
        ax.grid(color="0.92")
        ax.tick_params(labelsize=7)
    for ax in axes[n:]:
        ax.set_visible(False)
    for ax in axes[::columns][:rows]:
        ax.set_ylabel("Stability φ", fontsize=8)
    for ax in axes[(rows - 1) * columns: n]:
        ax.set_xlabel("resamples m", fontsize=8)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=3, fontsize=7, frameon=False)
    if title:
        fig.suptitle(plain_text(title), fontsize=9)
    return fig
