"""The figures stage: the workflow's tables drawn with :mod:`fsstab.plots`.

- :func:`feature_map_figure` -- feature stability maps (Hamer & Dupont 2021, §3), one panel per
  variant of a configuration;
- :func:`pareto_figure` -- all configurations of a dataset in (accuracy, stability), the Pareto
  front, the convex-hull compromises with their γ intervals, the compromise for the first
  configured γ (star) and the ε-constraint choice (diamond);
- :func:`trajectory_figure` -- stability against each varied parameter of a selector;
- :func:`summary_figure` -- the dataset's summary: accuracy and φ with their intervals, the
  other measures as points.

For a continuous or survival outcome the accuracy is the dataset's score (R², a C-index:
:mod:`fsstab.workflow.scoring`), which labels the axes and titles.

Every function returns a :class:`matplotlib.figure.Figure`; :func:`write_dataset_figures`
draws all figures of one dataset in one job (reading each table once) and saves them with
:func:`fsstab.plots.save_figure` (PDF + PNG, byte-reproducible).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from fsstab.io import read_parquet, read_parquet_metadata
from fsstab.plots import (
    feature_stability_map,
    pareto_plot,
    save_figure,
    tidy_legend,
    trajectory_plot,
)
from fsstab.workflow.naming import format_value
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
) -> Figure:
    """Feature stability maps of one configuration, one panel per variant, each titled with
    the variant and its values of ``measures`` (Hamer & Dupont 2021, §3, Fig. 2)."""
    variants = [v["id"] for v in spec["variants"]]
    n_runs = runs.num_rows // max(1, len(variants))
    height = float(np.clip(2.2 + 0.055 * n_runs, 3.0, 8.0))
    fig, axes = _panels(len(variants), 8.4, height)
    by_variant = stability.set_index("variant")
    for ax, variant in zip(axes, variants, strict=True):
        _, W, _, _ = run_matrices(runs, features, variant, len(feature_names), rank_cap)
        values = {
            m: float(by_variant.loc[variant, m]) for m in measures
            if np.isfinite(by_variant.loc[variant, m])
        }
        title = f"{dataset}: {spec['id']}" + ("" if len(variants) == 1 else f" ({variant})")
        if W.nnz == 0:
            ax.text(0.5, 0.5, "no feature selected in any run", ha="center", va="center",
                    transform=ax.transAxes)
            ax.set_title(title, fontsize=10)
            ax.set_axis_off()
            continue
        feature_stability_map(
            W, feature_names=list(feature_names), measures=values, title=title,
            legend_features=min(8, len(feature_names)), ax=ax,
        )
    return fig


def pareto_figure(pareto: pd.DataFrame, measure: str, *, dataset: str,
                  gammas: Sequence[float]) -> Figure:
    """The (accuracy, ``measure``) plane of one dataset (see the module docstring)."""
    score = decision_score(pareto.columns, what="the Pareto table")
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
    # room on the right for the γ list, whose lines carry the (possibly long) labels
    longest = max(len(label) for label in labels)
    right = float(np.clip(0.86 - 0.0055 * longest, 0.45, 0.72))
    fig = Figure(figsize=(10.0, 4.8))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.08, 0.11, right - 0.08, 0.81))
    pareto_plot(
        acc, stab, measure=measure, labels=labels,
        gamma=float(gammas[0]) if gammas else None,
        title=f"{dataset}: {score.label} vs stability", ax=ax,
    )
    _label_score_axis(ax, score)
    chosen = np.flatnonzero(points["epsilon_choice"].to_numpy(dtype=bool))
    if chosen.size:
        # drawn large and black-edged so that it shows around a star at the same point
        ax.scatter(acc[chosen], stab[chosen], marker="D", s=260, facecolors="none",
                   edgecolors="black", linewidths=1.0, zorder=6, label="ε-constraint choice")
        tidy_legend(ax, loc="lower left", fontsize=8)
    return fig


def _label_score_axis(ax: Any, score: Any) -> None:
    """The x axis named after the score (the plots of :mod:`fsstab.plots` say "Accuracy")."""
    if score.name != "accuracy":
        ax.set_xlabel(f"{score.label} (test rows)")


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
                      measures: Sequence[str]) -> Figure:
    """Stability and accuracy as each varied parameter of ``selector`` changes (Hamer & Dupont
    2021, Figs. 13-15): one panel per varied parameter, one line per measure and per value
    combination of the other varied parameters."""
    score = frame_decision_score(stability)
    rows = stability[stability["selector"] == selector].reset_index(drop=True)
    parameters = varied_parameters(rows)
    if not parameters:
        raise ValueError(f"selector {selector!r} has no varied numeric parameter on {dataset!r}")
    shown = {m: rows[m].to_numpy(dtype=float) for m in measures
             if np.all(np.isfinite(rows[m].to_numpy(dtype=float)))}
    if not shown:
        raise ValueError(f"none of {list(measures)} is defined for every setting of {selector!r}")
    fig, axes = _panels(len(parameters), 7.0, 4.4)
    for ax, parameter in zip(axes, parameters, strict=True):
        others = [p for p in parameters if p != parameter]
        groups = None
        if others:
            groups = [", ".join(format_value(row[f"param_{p}"]) for p in others)
                      for _, row in rows.iterrows()]
        trajectory_plot(
            rows[f"{score.name}_mean"].to_numpy(dtype=float), shown,
            rows[f"param_{parameter}"].to_numpy(dtype=float), parameter_name=parameter,
            groups=groups, group_name=f"({', '.join(others)})" if others else None,
            title=f"{dataset}: {selector}, points joined by increasing {parameter}", ax=ax,
        )
        _label_score_axis(ax, score)
    return fig


def summary_figure(stability: pd.DataFrame, *, dataset: str, measures: Sequence[str],
                   confidence_level: float = 0.95) -> Figure:
    """The dataset's summary as an interval plot: one row per configuration/variant (full
    labels), the mean test accuracy with its interval, Nogueira's φ with its confidence
    interval, and the other ``measures`` as points (a measure not defined for a row -- e.g.
    φ_can for a selector that does not rank -- has no point; the footnote says so)."""
    from fsstab.plots import measure_color, measure_label
    from fsstab.workflow.answers import summary_frame

    score = frame_decision_score(stability)
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
        ax.set_title(title, fontsize=9)
        ax.grid(axis="x", color="0.9")

    name = score.name
    intervals(axes[0], frame[f"{name}_mean"].to_numpy(float),
              frame[f"{name}_low"].to_numpy(float), frame[f"{name}_high"].to_numpy(float),
              "0.2", f"test {score.label} ({level} CI)")
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
        ax.set_title("other stability measures", fontsize=9)
        ax.grid(axis="x", color="0.9")
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
    axes[0].set_yticks(y, labels, fontsize=8)
    axes[0].set_ylim(-0.6, n - 0.4)
    fig.suptitle(f"{dataset}: {score.label} and stability of every configuration", fontsize=10)
    if undefined:
        shown = "; ".join(undefined[:4]) + (" ..." if len(undefined) > 4 else "")
        fig.supxlabel(f"not defined (no point): {shown}", fontsize=7, color="0.35")
    return fig


PathLike = str | os.PathLike[str]


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
) -> list[Path]:
    """Draw and save every figure of one dataset; return the written files (PDF, PNG each).

    One job per dataset: the figures are cheap next to starting a process that imports
    matplotlib and pandas, so they are drawn together, each table read once -- the dataset's
    feature names (from the Parquet metadata only), its summary of all configurations (for the
    summary and the trajectories), its Pareto table and each configuration's selection and
    stability tables. ``*_stem`` are output paths without extension; ``confidence_level`` is
    the summary figure's (the configuration's ``measures.confidence_level``).
    """
    written: list[Path] = []

    def save(fig: Figure, stem: PathLike) -> None:
        written.extend(save_figure(fig, os.fspath(stem)))

    summary = read_parquet(summary_file)[0].to_pandas()
    save(summary_figure(summary, dataset=dataset, measures=measures,
                        confidence_level=confidence_level), summary_stem)
    pareto = read_parquet(pareto_file)[0].to_pandas()
    for measure, stem in pareto_stems.items():
        save(pareto_figure(pareto, measure, dataset=dataset, gammas=gammas), stem)
    for selector, stem in trajectory_stems.items():
        save(trajectory_figure(summary, dataset=dataset, selector=selector, measures=measures),
             stem)
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
