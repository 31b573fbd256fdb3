"""The figures stage: the workflow's tables drawn with :mod:`fsstab.plots`.

- :func:`feature_map_figure` -- feature stability maps (Hamer & Dupont 2021, §3), one panel per
  variant of a configuration, one colour per feature in all panels;
- :func:`pareto_figure` -- all configurations of a dataset in (score, stability), the Pareto
  front with intervals and a number per point (named in a list), the convex-hull compromises
  with their γ intervals, the compromise for the first configured γ (star), the ε-constraint
  choice (diamond) and the one-SE choice (square);
- :func:`trajectory_figure` -- stability against each varied parameter of a selector, one
  panel per measure;
- :func:`summary_figure` -- the dataset's summary: accuracy and φ with their intervals, the
  other measures as points.

For a continuous or survival outcome the accuracy is the dataset's score (R², a C-index:
:mod:`fsstab.workflow.scoring`), which labels the axes and titles.

Every function returns a :class:`matplotlib.figure.Figure`; :func:`write_dataset_figures`
draws all figures of one dataset in one job (reading each table once) and saves them with
:func:`fsstab.plots.save_figure` (PDF + PNG, byte-reproducible).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from fsstab._text import plain_text
from fsstab.io import read_parquet, read_parquet_metadata
from fsstab.plots import (
    feature_map_panel,
    measure_color,
    number_text,
    pareto_plot,
    save_figure,
    shared_feature_colors,
    shared_features_legend,
    tidy_legend,
    trajectory_panels,
)
from fsstab.workflow.labels import with_score
from fsstab.workflow.scoring import decision_score, frame_decision_score
from fsstab.workflow.stability import run_matrices
from fsstab.workflow.tables import read_selection

__all__ = [
    "FeatureMapFiles",
    "feature_map_figure",
    "pareto_figure",
    "summary_figure",
    "trajectory_figure",
    "varied_parameters",
    "write_dataset_figures",
]


def _panels(n: int, width: float, height: float) -> tuple[Figure, list[Any]]:
    fig = Figure(figsize=(width, height * n), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(n, 1, squeeze=False)[:, 0]
    return fig, list(axes)


def feature_map_figure(
    runs: pa.Table,
    features: pa.Table,
    spec: Mapping[str, Any],
    stability: pd.DataFrame,
    *,
    dataset: str,
    feature_names: Sequence[str],
    rank_cap: int,
    measures: Sequence[str],
    n_colored: int = 10,
) -> Figure:
    """Feature stability maps of one configuration, one panel per variant, each titled with
    the variant and its values of ``measures`` (Hamer & Dupont 2021, §3, Fig. 2). One colour
    per feature in every panel: the ``n_colored`` features selected most often over all
    panels in distinct colours (named in the legend), all others grey
    (:func:`fsstab.plots.shared_feature_colors`). The relative-importance axis, the same in
    every panel, is labelled under the lowest map only."""
    variants = [v["id"] for v in spec["variants"]]
    n_runs = runs.num_rows // max(1, len(variants))
    height = float(np.clip(2.2 + 0.055 * n_runs, 3.0, 8.0))
    fig, axes = _panels(len(variants), 8.4, height)
    by_variant = stability.set_index("variant")
    matrices = {v: run_matrices(runs, features, v, len(feature_names), rank_cap)[1]
                for v in variants}
    colors = shared_feature_colors(list(matrices.values()), n_colored)
    counts = sum(np.asarray((W != 0).sum(axis=0)).ravel() for W in matrices.values())
    total = sum(W.shape[0] for W in matrices.values())
    drawn = []
    for ax, variant in zip(axes, variants, strict=True):
        W = matrices[variant]
        values = {
            m: float(by_variant.loc[variant, m]) for m in measures
            if np.isfinite(by_variant.loc[variant, m])
        }
        title = f"{dataset}: {spec['id']}" + ("" if len(variants) == 1 else f" ({variant})")
        if W.nnz == 0:
            ax.text(0.5, 0.5, "no feature selected in any run", ha="center", va="center",
                    transform=ax.transAxes)
            # y=1.0: a fixed title place; matplotlib's automatic one measures all tick
            # labels at each draw, to clear labels on top, which these axes do not have
            ax.set_title(title, fontsize=10, y=1.0)
            ax.set_axis_off()
            continue
        feature_map_panel(W, colors=colors, ax=ax, title=title, measures=values)
        drawn.append(ax)
    # every panel spans relative importances 0 to 1: the lowest map labels that axis for all
    for ax in drawn[:-1]:
        ax.tick_params(labelbottom=False)
        ax.set_xlabel("")
    if colors:
        shared_features_legend(axes[0], colors, feature_names=list(feature_names),
                               frequencies={f: counts[f] / total for f in colors})
    return fig


def _pareto_intervals(points: pd.DataFrame, summary: pd.DataFrame | None, measure: str,
                      confidence_level: float) -> tuple[np.ndarray, np.ndarray] | None:
    """(xerr, yerr) of ``points`` from the dataset's summary: the accuracy's t interval
    (corrected for the overlap of the resamples: :func:`fsstab.workflow.answers.
    corrected_interval_columns`) and, for φ, Nogueira's interval (other measures have none:
    NaN)."""
    if summary is None:
        return None
    from fsstab.workflow.answers import corrected_interval_columns, summary_frame

    score = decision_score(points.columns, what="the Pareto table")
    frame = summary_frame(summary, [m for m in ("nogueira",) if m in summary.columns],
                          confidence_level=confidence_level, score=score).set_index("label")
    rows = frame.loc[points["label"]]
    acc = points[score.name].to_numpy(dtype=float)
    low, high = corrected_interval_columns(score, frame.columns)
    xerr = np.vstack([acc - rows[low].to_numpy(float), rows[high].to_numpy(float) - acc])
    yerr = np.full((2, len(points)), np.nan)
    if measure == "nogueira" and "nogueira_ci_low" in rows:
        stab = points["stability"].to_numpy(dtype=float)
        yerr = np.vstack([stab - rows["nogueira_ci_low"].to_numpy(float),
                          rows["nogueira_ci_high"].to_numpy(float) - stab])
    return np.clip(xerr, 0, None), np.clip(yerr, 0, None)


def pareto_figure(pareto: pd.DataFrame, measure: str, *, dataset: str,
                  gammas: Sequence[float], summary: pd.DataFrame | None = None,
                  score_label: str = "Accuracy", confidence_level: float = 0.95) -> Figure:
    """The (score, ``measure``) plane of one dataset (see the module docstring).

    Every Pareto-optimal point is numbered by increasing score and named in the list on the
    right (with the γ interval of the convex-hull compromises); with ``summary`` (the dataset's
    stability table) the Pareto-optimal points carry their intervals. ``score_label`` names
    the score and how it was measured (e.g. "out-of-bag accuracy"; the table's score replaces
    "accuracy" in it for a continuous or survival outcome,
    :func:`fsstab.workflow.labels.with_score`)."""
    score = decision_score(pareto.columns, what="the Pareto table")
    score_label = with_score(score_label, score)
    points = pareto[(pareto["measure"] == measure) & pareto["evaluated"]].reset_index(drop=True)
    if points.empty:
        fig = Figure(figsize=(7.0, 4.6))
        FigureCanvasAgg(fig)
        ax = fig.subplots()
        ax.text(0.5, 0.5, f"{measure} is undefined for every configuration",
                ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return fig
    acc = points[score.name].to_numpy(dtype=float)
    stab = points["stability"].to_numpy(dtype=float)
    labels = points["label"].tolist()
    front = points.index[points["non_dominated"].to_numpy(dtype=bool)].to_numpy()
    front = front[np.lexsort((front, acc[front]))]
    # room on the right for the list of Pareto-optimal points with their (long) labels
    longest = max(len(labels[i]) for i in front)
    right = float(np.clip(0.80 - 0.0055 * longest, 0.42, 0.66))
    fig = Figure(figsize=(10.5, 5.0))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.08, 0.11, right - 0.08, 0.81))
    color = measure_color(measure)
    pareto_plot(
        acc, stab, measure=measure, labels=labels, annotate_gamma=False,
        gamma=float(gammas[0]) if gammas else None,
        title=f"{dataset}: {score_label} vs stability", ax=ax,
    )
    ax.set_xlabel(score_label[:1].upper() + score_label[1:])
    errors = _pareto_intervals(points.loc[front], summary, measure, confidence_level)
    if errors is not None:
        ax.errorbar(acc[front], stab[front], xerr=errors[0], yerr=errors[1], fmt="none",
                    ecolor=color, elinewidth=0.8, capsize=2.5, alpha=0.75, zorder=2)
    lines = []
    for number, group in enumerate(_coincident(front, acc, stab), start=1):
        first = group[0]
        ax.annotate(str(number), (acc[first], stab[first]), xytext=(5, 5),
                    textcoords="offset points", fontsize=7, color=color, zorder=6)
        row = points.loc[first]
        gamma = (f"  γ ∈ [{row['gamma_lo']:.2f}, {row['gamma_hi']:.2f}]"
                 if bool(row["on_hull"]) else "")
        names = "\n    ".join(plain_text(labels[i]) for i in group)
        lines.append(f"{number}: {names}{gamma}")
    ax.text(1.02, 1.0, "Pareto-optimal (γ interval: compromise\nmaximising γA + (1 − γ)S):\n"
            + "\n".join(lines), transform=ax.transAxes, va="top", ha="left", fontsize=7,
            family="monospace")
    for column, marker, size, name in (("epsilon_choice", "D", 260, "ε-constraint choice"),
                                       ("one_se_choice", "s", 200, "one-SE choice")):
        if column not in points:
            continue
        chosen = np.flatnonzero(points[column].to_numpy(dtype=bool))
        if chosen.size:
            # drawn large and black-edged so that it shows around a star at the same point
            ax.scatter(acc[chosen], stab[chosen], marker=marker, s=size, facecolors="none",
                       edgecolors="black" if marker == "D" else "0.35", linewidths=1.0,
                       zorder=6, label=name)
    tidy_legend(ax, loc="lower left", fontsize=8)
    return fig


def _coincident(rows: np.ndarray, x: np.ndarray, y: np.ndarray) -> list[list[int]]:
    """``rows`` (in order) grouped by identical (x, y): variants that share one point."""
    groups: list[list[int]] = []
    for row in rows.tolist():
        for group in groups:
            if x[group[0]] == x[row] and y[group[0]] == y[row]:
                group.append(row)
                break
        else:
            groups.append([row])
    return groups



def varied_parameters(stability: pd.DataFrame) -> list[str]:
    """Numeric parameters (``param_<name>`` columns) taking more than one value in the rows."""
    varied = []
    for column in stability.columns:
        if not column.startswith("param_"):
            continue
        values = stability[column]
        if pd.api.types.is_numeric_dtype(values) and not pd.api.types.is_bool_dtype(values) \
                and values.notna().all() and values.nunique() > 1:
            varied.append(column.removeprefix("param_"))
    return varied


def trajectory_figure(stability: pd.DataFrame, *, dataset: str, selector: str,
                      measures: Sequence[str], score_label: str = "Accuracy") -> Figure:
    """Stability and score as each varied parameter of ``selector`` changes (Hamer & Dupont
    2021, Figs. 13-15): one row of panels per varied parameter, one column per measure, one
    line per value combination of the other varied parameters (the same colour and marker in
    every panel of the row; :func:`fsstab.plots.trajectory_panels`).

    Every row shows the same settings, joined in another order, so the rows share both axes:
    the measures name the columns at the top, the score axis is labelled under the bottom
    row only."""
    score = frame_decision_score(stability)
    score_label = with_score(score_label, score)
    rows = stability[stability["selector"] == selector].reset_index(drop=True)
    parameters = varied_parameters(rows)
    if not parameters:
        raise ValueError(f"selector {selector!r} has no varied numeric parameter on {dataset!r}")
    shown = {m: rows[m].to_numpy(dtype=float) for m in measures
             if np.all(np.isfinite(rows[m].to_numpy(dtype=float)))}
    if not shown:
        raise ValueError(f"none of {list(measures)} is defined for every setting of {selector!r}")
    columns = len(shown)
    fig = Figure(figsize=(2.5 * columns + 2.2, 0.6 + 2.6 * len(parameters)),
                 layout="constrained")
    FigureCanvasAgg(fig)
    grid = fig.subplots(len(parameters), columns, squeeze=False, sharex=True, sharey="col")
    for row, (axes, parameter) in enumerate(zip(grid, parameters, strict=True)):
        others = [p for p in parameters if p != parameter]
        groups = None
        if others:
            groups = [", ".join(f"{p} = {number_text(row[f'param_{p}'])}" for p in others)
                      for _, row in rows.iterrows()]
        handles = trajectory_panels(
            rows[f"{score.name}_mean"].to_numpy(dtype=float), shown,
            rows[f"param_{parameter}"].to_numpy(dtype=float), parameter_name=parameter,
            groups=groups, score_label=score_label, axes=list(axes),
        )
        for ax in axes:
            if row > 0:
                ax.set_title("")
            if row < len(parameters) - 1:
                ax.set_xlabel("")
        axes[0].set_ylabel(f"points joined by increasing\n{parameter}", fontsize=8)
        axes[-1].legend(handles=handles, fontsize=7, loc="upper left",
                        bbox_to_anchor=(1.03, 1.0), borderaxespad=0.0, frameon=False)
    fig.suptitle(f"{dataset}: {selector}, stability against {score_label} as its parameters "
                 "change", fontsize=10)
    return fig


def summary_figure(stability: pd.DataFrame, *, dataset: str, measures: Sequence[str],
                   confidence_level: float = 0.95, score_label: str = "test accuracy"
                   ) -> Figure:
    """The dataset's summary as an interval plot: one row per configuration/variant (full
    labels), the mean test accuracy with its interval (corrected for the overlap of the
    resamples), Nogueira's φ with its confidence interval, and the other ``measures`` as
    points (a measure not defined for a row -- e.g. φ_can for a selector that does not rank
    -- has no point; the footnote says so)."""
    from fsstab.plots import measure_label
    from fsstab.workflow.answers import corrected_interval_columns, summary_frame

    score = frame_decision_score(stability)
    score_label = with_score(score_label, score)
    frame = summary_frame(stability, [m for m in measures if m in stability.columns],
                          confidence_level=confidence_level, score=score)
    labels = frame["label"].tolist()
    n = len(labels)
    others = [m for m in measures if m != "nogueira" and m in frame.columns]
    panels = 2 + bool(others)
    width = 3.2 * panels + 0.09 * max(len(label) for label in labels)
    fig = Figure(figsize=(width, 1.4 + 0.32 * n), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, panels, sharey=True, squeeze=False)[0]
    y = np.arange(n)[::-1]
    level = f"{100 * confidence_level:g} %"

    def intervals(ax, mean, low, high, color, title):
        finite = np.isfinite(mean)
        ax.errorbar(mean[finite], y[finite],
                    xerr=[mean[finite] - low[finite], high[finite] - mean[finite]],
                    fmt="o", color=color, ecolor=color, capsize=3, markersize=4)
        ax.set_title(title, fontsize=9, y=1.0)
        ax.grid(axis="x", color="0.9")

    name = score.name
    low, high = corrected_interval_columns(score, frame.columns)
    intervals(axes[0], frame[f"{name}_mean"].to_numpy(float),
              frame[low].to_numpy(float), frame[high].to_numpy(float), "0.2",
              f"{score_label} ({'corrected ' * low.endswith('_corrected')}{level} CI)")
    if "nogueira" in frame.columns:
        intervals(axes[1], frame["nogueira"].to_numpy(float),
                  frame["nogueira_ci_low"].to_numpy(float),
                  frame["nogueira_ci_high"].to_numpy(float), measure_color("nogueira"),
                  f"{measure_label('nogueira')} ({level} CI)")
    else:
        axes[1].set_visible(False)
    undefined = []
    if others:
        ax = axes[2]
        for position, measure in enumerate(others):
            values = frame[measure].to_numpy(float)
            finite = np.isfinite(values)
            ax.plot(values[finite], y[finite], "D", markersize=4, linestyle="none",
                    color=measure_color(measure, position), label=measure_label(measure))
            undefined += [f"{measure_label(measure)}: {labels[i]}"
                          for i in np.flatnonzero(~finite)]
        ax.set_title("other stability measures", fontsize=9, y=1.0)
        ax.grid(axis="x", color="0.9")
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
    axes[0].set_yticks(y, labels, fontsize=8)
    axes[0].set_ylim(-0.6, n - 0.4)
    fig.suptitle(f"{dataset}: {score_label} and stability of every configuration",
                 fontsize=10)
    if undefined:
        shown = "; ".join(undefined[:4]) + (" ..." if len(undefined) > 4 else "")
        fig.supxlabel(f"not defined (no point): {shown}", fontsize=7, color="0.35")
    return fig


PathLike = str | os.PathLike[str]


@contextmanager
def _collector_skips_existing_objects() -> Iterator[None]:
    """Python's cyclic garbage collector leaves the objects that exist on entry alone (in a
    figures job: the imported matplotlib, pandas, pyarrow, ~200,000 objects) until exit.

    Drawing makes many short-lived cyclic objects, so full collections run; each would scan
    the imported modules again (~0.9 s of the breast_cancer figures job, measured with
    ``gc.callbacks``; ~0.35 s with the imports frozen). Objects frozen before entry are
    unfrozen on exit too (:func:`gc.unfreeze` has no finer grain).
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@dataclass(frozen=True)
class FeatureMapFiles:
    """Inputs and output stem of one configuration's feature stability map."""

    spec: Mapping[str, Any]
    runs: PathLike
    features: PathLike
    stability: PathLike
    stem: PathLike


def write_dataset_figures(
    dataset: str,
    *,
    dataset_file: PathLike,
    summary_file: PathLike,
    pareto_file: PathLike,
    summary_stem: PathLike,
    pareto_stems: Mapping[str, PathLike],
    trajectory_stems: Mapping[str, PathLike],
    feature_maps: Sequence[FeatureMapFiles],
    gammas: Sequence[float],
    measures: Sequence[str],
    rank_cap: int,
    confidence_level: float = 0.95,
    score_label: str = "test accuracy",
) -> list[Path]:
    """Draw and save every figure of one dataset; return the written files (PDF, PNG each).

    One job per dataset: the figures are cheap next to starting a process that imports
    matplotlib and pandas, so they are drawn together, each table read once -- the dataset's
    feature names (from the Parquet metadata only), its summary of all configurations (for the
    summary and the trajectories), its Pareto table and each configuration's selection and
    stability tables. ``*_stem`` are output paths without extension; ``confidence_level`` is
    the summary figure's (the configuration's ``measures.confidence_level``); ``score_label``
    names the score and how it was measured (:func:`fsstab.workflow.labels.score_label`).
    """
    written: list[Path] = []

    def save(fig: Figure, stem: PathLike) -> None:
        written.extend(save_figure(fig, os.fspath(stem)))

    with _collector_skips_existing_objects():
        summary = read_parquet(summary_file)[0].to_pandas()
        save(summary_figure(summary, dataset=dataset, measures=measures,
                            confidence_level=confidence_level, score_label=score_label),
             summary_stem)
        pareto = read_parquet(pareto_file)[0].to_pandas()
        for measure, stem in pareto_stems.items():
            save(pareto_figure(pareto, measure, dataset=dataset, gammas=gammas, summary=summary,
                               score_label=score_label, confidence_level=confidence_level), stem)
        for selector, stem in trajectory_stems.items():
            save(trajectory_figure(summary, dataset=dataset, selector=selector, measures=measures,
                                   score_label=score_label), stem)
        if feature_maps:
            feature_names = read_parquet_metadata(dataset_file)["feature_names"]
        for entry in feature_maps:
            tables, _ = read_selection({"runs": entry.runs, "features": entry.features})
            fig = feature_map_figure(
                tables["runs"], tables["features"], entry.spec,
                read_parquet(entry.stability)[0].to_pandas(), dataset=dataset,
                feature_names=feature_names, rank_cap=rank_cap, measures=measures,
            )
            save(fig, entry.stem)
    return written
