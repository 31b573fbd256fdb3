"""Trajectories in (score, stability) as a parameter varies, one panel per stability measure.

Hamer & Dupont (2021, Figs. 13-15) draw how accuracy and stability move together as a
parameter grows. With several measures and several settings of the other parameters in one
panel the lines cross each other; here every measure gets its own panel (shared score axis),
and the lines of a panel are the settings of the other parameters, each in its own colour and
marker, the same in every panel (one legend for the row). Parameter values print as written:
``2``, not ``2.0``.

Examples
--------
>>> import numpy as np
>>> from fsstab.plots import new_figure
>>> from fsstab.plots import number_text, trajectory_panels
>>> number_text(2.0), number_text(0.1), number_text(1e-05)
('2', '0.1', '1e-05')
>>> fig = new_figure((8, 3))
>>> axes = fig.subplots(1, 2)
>>> handles = trajectory_panels(
...     [0.90, 0.92, 0.95, 0.91, 0.94], {"nogueira": [0.5, 0.6, 0.7, 0.4, 0.6],
...     "pearson": [0.6, 0.7, 0.8, 0.5, 0.7]}, [1, 2, 3, 1, 2], parameter_name="k",
...     groups=[0.1, 0.1, 0.1, 1.0, 1.0], group_name="C", axes=axes)
>>> [h.get_label() for h in handles]
['C = 0.1', 'C = 1', 'first point (k = 1)']
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.lines import Line2D

from fsstab._text import plain_text
from fsstab.plots._style import measure_label

__all__ = ["number_text", "trajectory_panels"]

_COLORS = ("tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown",
           "tab:pink", "tab:olive", "tab:cyan", "tab:gray")
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "h")


def number_text(value: Any) -> str:
    """A parameter value for a legend: integral numbers without ``.0``, others in the shortest
    form that reads back as the same number; anything else as ``str``."""
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        return plain_text(value)
    value = float(value)
    if math.isfinite(value) and value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def trajectory_panels(
    score: Any, stabilities: Mapping[str, Any], parameter: Any, *, parameter_name: str,
    axes: Sequence[Axes], groups: Any = None, group_name: str | None = None,
    score_label: str = "Accuracy",
) -> list[Any]:
    """Draw one panel per measure of ``stabilities`` on ``axes`` (module docstring) and return
    the legend handles shared by the panels.

    Parameters
    ----------
    score
        Mean score (e.g. out-of-bag accuracy) per setting.
    stabilities
        Measure name -> stability per setting; one panel each, in this order.
    parameter
        The varied parameter per setting; points are joined by increasing value.
    groups
        The setting of the other varied parameters (one line per distinct value).
    score_label
        Names the score axis and how it was measured (e.g. "out-of-bag accuracy").
    """
    score = np.asarray(score, dtype=float)
    parameter = np.asarray(parameter, dtype=float)
    n = score.size
    group_values = np.zeros(n, dtype=object) if groups is None else np.asarray(groups,
                                                                              dtype=object)
    if group_values.shape != (n,) or parameter.shape != (n,):
        raise ValueError("score, parameter and groups must have one value per setting")
    if len(axes) != len(stabilities):
        raise ValueError(f"{len(stabilities)} measures need as many axes, got {len(axes)}")
    distinct = list(dict.fromkeys(group_values.tolist()))
    if len(distinct) > len(_MARKERS):
        raise ValueError(f"at most {len(_MARKERS)} settings of the other parameters can be "
                         f"told apart, got {len(distinct)}")
    for ax, (measure, values) in zip(axes, stabilities.items(), strict=True):
        values = np.asarray(values, dtype=float)
        firsts = []
        for g, group in enumerate(distinct):
            rows = np.flatnonzero(group_values == group)
            rows = rows[np.argsort(parameter[rows], kind="stable")]
            color = _COLORS[g % len(_COLORS)]
            ax.plot(score[rows], values[rows], "-", marker=_MARKERS[g], ms=4, lw=1.0,
                    color=color)
            firsts.append(rows[0])
        # every line's first point ringed, in one collection
        ax.scatter(score[firsts], values[firsts], s=70, facecolors="none", edgecolors="black",
                   linewidths=0.9, zorder=4)
        # y=1.0: a fixed title place; matplotlib's automatic one measures all tick
        # labels at each draw, to clear labels on top, which these axes do not have
        ax.set_title(f"Stability {measure_label(measure)}", fontsize=9, y=1.0)
        ax.set_xlabel(score_label, fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(color="0.92")
    handles: list[Any] = []
    if len(distinct) > 1 or groups is not None:
        handles += [Line2D([], [], color=_COLORS[g % len(_COLORS)], marker=_MARKERS[g], ms=4,
                           label=_group_text(group, group_name))
                    for g, group in enumerate(distinct)]
    first = np.unique(parameter)
    start = (f"first point ({parameter_name} = {number_text(first[0])})" if first.size else
             "first point")
    handles.append(Line2D([], [], ls="", marker="o", ms=8, mfc="none", mec="black",
                          label=start))
    return handles


def _group_text(group: Any, group_name: str | None) -> str:
    if isinstance(group, tuple):
        return ", ".join(number_text(v) for v in group)
    return f"{group_name} = {number_text(group)}" if group_name else number_text(group)
