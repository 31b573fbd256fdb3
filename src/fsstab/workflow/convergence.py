"""The convergence stage: does M suffice for the precision asked of φ?

For every (configuration, variant) of a dataset, φ and its interval on the first m runs, m = 1
.. M (:func:`fsstab.convergence.nogueira_convergence`) -- the first m resamples of the study
are exactly those a study with M = m would have drawn --, and a verdict per distinct selection
under the configured criterion (``convergence.precision`` h: M suffices when the half-width of
φ's interval at M is at most h; :func:`fsstab.convergence.precision_reached`). Variants that
differ only in the final model (the sweep values of one configuration) share one selection per
resample, so their curves are identical; they are judged, drawn and named once.

Outputs: the table (:func:`convergence_table`), a sentence for the report
(:func:`convergence_sentence`) and a figure (:func:`convergence_figure`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from fsstab.convergence import (
    ConvergenceCurve,
    half_width_text,
    nogueira_convergence,
    precision_reached,
    resamples_needed,
)
from fsstab.workflow.stability import run_matrices

__all__ = ["CONVERGENCE_FORMAT", "convergence_figure", "convergence_sentence",
           "convergence_table", "convergence_verdicts"]

CONVERGENCE_FORMAT = "fsstab.convergence/1"


def convergence_table(
    selections: Mapping[str, tuple[pa.Table, pa.Table]], summary: pd.DataFrame, *,
    dataset: str, d: int, rank_cap: int, confidence_level: float = 0.95,
) -> pa.Table:
    """One row per (configuration, variant, m) of ``summary`` (the dataset's stability table;
    ``selections``: configuration id -> its gathered ``(runs, features)``).

    Columns: ``dataset``, ``configuration``, ``variant``, ``label``, ``selection`` (the label
    of the first row with the very same selections; its own label if none), ``m``, ``phi``,
    ``ci_low``, ``ci_high`` (cut to φ's range) and ``half_width`` (before the cut).
    """
    parts, seen = [], []
    for row in summary.itertuples(index=False):
        runs, features = selections[row.configuration]
        Z = run_matrices(runs, features, row.variant, d, rank_cap)[0]
        same = next((label for label, other in seen if other.shape == Z.shape
                     and (other != Z).nnz == 0), row.label)
        seen.append((row.label, Z))
        curve = nogueira_convergence(Z, alpha=1.0 - confidence_level)
        n = curve.m.size
        parts.append(pa.table({
            "dataset": pa.array([dataset] * n, pa.string()),
            "configuration": pa.array([row.configuration] * n, pa.string()),
            "variant": pa.array([row.variant] * n, pa.string()),
            "label": pa.array([row.label] * n, pa.string()),
            "selection": pa.array([same] * n, pa.string()),
            "m": pa.array(curve.m.astype(np.int32)),
            "phi": pa.array(curve.phi), "ci_low": pa.array(curve.low),
            "ci_high": pa.array(curve.high), "half_width": pa.array(curve.half_width),
        }))
    if not parts:
        raise ValueError(f"dataset {dataset!r}: no configuration to follow")
    return pa.concat_tables(parts)


def _curves(table: pd.DataFrame, alpha: float) -> dict[str, tuple[list[str], ConvergenceCurve]]:
    """``{selection: (labels sharing it, curve)}`` in table order."""
    curves: dict[str, tuple[list[str], ConvergenceCurve]] = {}
    for label, rows in table.groupby("label", sort=False):
        selection = rows["selection"].iloc[0]
        if selection in curves:
            curves[selection][0].append(label)
            continue
        rows = rows.sort_values("m")
        curves[selection] = ([label], ConvergenceCurve(
            rows["m"].to_numpy(), rows["phi"].to_numpy(float), rows["ci_low"].to_numpy(float),
            rows["ci_high"].to_numpy(float), rows["half_width"].to_numpy(float), alpha))
    return curves


def convergence_verdicts(table: pd.DataFrame, *, precision: float,
                         confidence_level: float = 0.95) -> pd.DataFrame:
    """One row per distinct selection: ``labels`` (its label, or the configuration and the
    number of its variants sharing it), ``M``,
    ``phi``, ``half_width`` at M, ``enough`` (half-width <= ``precision``) and ``needed``
    (the estimated M for ``precision``, :func:`fsstab.convergence.resamples_needed`)."""
    configuration_of = dict(zip(table["label"], table["configuration"], strict=False))
    rows = []
    for labels, curve in _curves(table, 1.0 - confidence_level).values():
        configurations = {configuration_of[label] for label in labels}
        name = ", ".join(labels) if len(labels) == 1 or len(configurations) > 1 else \
            f"{configurations.pop()} ({len(labels)} variants)"
        rows.append({"labels": name, "M": int(curve.m[-1]),
                     "phi": float(curve.phi[-1]), "half_width": float(curve.half_width[-1]),
                     "enough": precision_reached(curve, precision),
                     "needed": resamples_needed(curve, precision)})
    return pd.DataFrame(rows)


def convergence_sentence(verdicts: pd.DataFrame, *, precision: float,
                         confidence_level: float = 0.95) -> str:
    """Whether M suffices, in one or two sentences (plain text)."""
    level = f"{100 * confidence_level:g} %"
    M = int(verdicts["M"].max())
    criterion = (f"M = {M} resamples suffice when the {level} interval of φ at M is at most "
                 f"± {precision:g} wide")
    short = verdicts[~verdicts["enough"]]
    if short.empty:
        return (f"{criterion}: they do for every configuration (largest half-width "
                f"{verdicts['half_width'].max():.3f}; about {int(verdicts['needed'].max())} "
                "resamples would have sufficed).")
    undefined = short[~np.isfinite(short["half_width"].to_numpy(float))]
    short = short[np.isfinite(short["half_width"].to_numpy(float))]
    parts = [f"{row.labels}: ± {half_width_text(row.half_width, precision)}, about {row.needed} "
             "resamples would do" for row in short.itertuples(index=False)]
    text = (f"{criterion}: they do for {int(verdicts['enough'].sum())} of the "
            f"{len(verdicts)} distinct selections")
    if parts:
        text += f", not for {'; '.join(parts)}"
    if not undefined.empty:
        text += f"; φ is undefined for {', '.join(undefined['labels'])}"
    most = max((row.needed for row in short.itertuples(index=False)), default=None)
    if most is not None and not (isinstance(most, float) and math.isnan(most)):
        text += f". Raising resampling.n_resamples to {most} would meet it for all"
    return text + "."


def convergence_figure(table: pd.DataFrame, *, dataset: str, precision: float,
                       confidence_level: float = 0.95) -> Any:
    """φ against m, one panel per distinct selection (:func:`fsstab.plots.convergence_plot`)."""
    from fsstab.plots import convergence_plot

    configuration_of = dict(zip(table["label"], table["configuration"], strict=False))
    curves = {}
    for labels, curve in _curves(table, 1.0 - confidence_level).values():
        configurations = {configuration_of[label] for label in labels}
        name = labels[0] if len(labels) == 1 else (
            f"{configurations.pop()}: {len(labels)} variants" if len(configurations) == 1
            else f"{labels[0]} (+{len(labels) - 1} sharing its selections)")
        curves[name] = curve
    return convergence_plot(curves, precision=precision,
                            title=f"{dataset}: φ on the first m resamples, with its "
                                  f"{100 * confidence_level:g} % interval")

