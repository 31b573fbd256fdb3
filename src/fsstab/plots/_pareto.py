"""Pareto fronts, γ compromises, dominated areas and trajectories of :mod:`fsstab.plots`.

Hamer & Dupont (2021): the accuracy-stability Pareto front with the γ compromise (§7.1),
fronts of several methods compared, the dominated areas (Fig. 16) and trajectories against a
parameter (Figs. 13-15, 17). Import the public names from :mod:`fsstab.plots`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Polygon

from fsstab.pareto import (
    choose_by_gamma,
    dominated_area,
    dominated_region,
    hull_gamma_intervals,
    pareto_front,
)
from fsstab.plots._figure import (
    _axes,
    _check_gamma,
    _finite_pair,
    _stabilities,
    _stability_axis_label,
    _vector,
    new_figure,
    tidy_legend,
)
from fsstab.plots._style import _GROUP_MARKERS, measure_color, measure_label

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
        # y=1.0: a fixed title place; matplotlib's automatic one measures all tick
        # labels at each draw, to clear labels on top, which these axes do not have
        ax.set_title(title, y=1.0)
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
