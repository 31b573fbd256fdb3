"""The Pareto stage: trade-offs between accuracy and stability per dataset and across datasets.

Per dataset and stability measure (:func:`pareto_table`), every (configuration, variant) is a
point (mean test accuracy, stability). The table flags the Pareto-optimal points in (accuracy,
stability) and in (accuracy, stability, −mean number selected) (Bommert 2020, §3.4.1, Ch. 7),
the points of the convex hull of the front with the closed γ interval on which each maximises
γA + (1 − γ)S (Hamer & Dupont 2021, §7.1), the compromise chosen for each configured γ, the
ε-constraint choice (Bommert 2020, Algorithm 3.2) and the one-standard-error choice (the most
stable point within one standard error of the best accuracy, :mod:`fsstab.one_se`). Across
datasets (:func:`rank_table`), the mean non-dominated rank of every (configuration, variant)
per measure (Sechidis et al. 2019, Table 2).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
import pyarrow as pa

from fsstab.one_se import one_standard_error_choice
from fsstab.pareto import (
    choose_by_gamma,
    epsilon_constraint_selection,
    hull_gamma_intervals,
    non_dominated_mask,
    non_dominated_rank,
)

__all__ = ["PARETO_FORMAT", "RANK_FORMAT", "folder_rank_table", "pareto_arrow", "pareto_table",
           "rank_table"]

PARETO_FORMAT = "fsstab.pareto/1"
RANK_FORMAT = "fsstab.pareto_rank/1"

_IDENTITY = ["dataset", "configuration", "selector", "variant", "label"]


def _measure_points(summary: pd.DataFrame, measure: str) -> pd.DataFrame:
    if measure not in summary.columns:
        raise ValueError(f"the stability summary has no column for measure {measure!r}")
    # (a summary without standard errors -- e.g. built by hand -- gives a one-SE band of 0)
    se = ["accuracy_se"] if "accuracy_se" in summary.columns else []
    points = summary[[*_IDENTITY, "accuracy_mean", *se, "mean_n_selected", measure]].rename(
        columns={"accuracy_mean": "accuracy", measure: "stability"}
    )
    points.insert(1, "measure", measure)
    return points.reset_index(drop=True)


def pareto_table(
    summary: pd.DataFrame,
    measures: Sequence[str],
    *,
    gammas: Sequence[float],
    acc_const: float,
    stab_const: float,
    random_state: int,
) -> pd.DataFrame:
    """The Pareto analysis of one dataset's stability summary (see the module docstring).

    One row per (measure, configuration, variant) with ``accuracy``, ``stability``,
    ``mean_n_selected``, ``evaluated`` (the stability is finite; only evaluated points take
    part), ``non_dominated``, ``non_dominated_size`` (with −mean size as third objective),
    ``on_hull``, ``gamma_lo``/``gamma_hi`` (NaN off the hull), ``chosen_gammas`` (the configured
    γ values for which this point is the compromise), ``epsilon_choice`` and
    ``one_se_choice`` (:func:`fsstab.one_se.one_standard_error_choice` on the accuracy, its
    standard error over the resamples and the stability).
    """
    frames = []
    for measure in measures:
        points = _measure_points(summary, measure)
        se_known = "accuracy_se" in points.columns
        n = len(points)
        evaluated = np.isfinite(points["stability"].to_numpy(dtype=float)) & np.isfinite(
            points["accuracy"].to_numpy(dtype=float)
        )
        columns = {
            "evaluated": evaluated,
            "non_dominated": np.zeros(n, bool),
            "non_dominated_size": np.zeros(n, bool),
            "on_hull": np.zeros(n, bool),
            "gamma_lo": np.full(n, np.nan),
            "gamma_hi": np.full(n, np.nan),
            "epsilon_choice": np.zeros(n, bool),
            "one_se_choice": np.zeros(n, bool),
        }
        chosen: list[list[float]] = [[] for _ in range(n)]
        rows = np.flatnonzero(evaluated)
        if rows.size:
            acc = points["accuracy"].to_numpy(dtype=float)[rows]
            stab = points["stability"].to_numpy(dtype=float)[rows]
            size = points["mean_n_selected"].to_numpy(dtype=float)[rows]
            columns["non_dominated"][rows] = non_dominated_mask(np.column_stack([acc, stab]))
            columns["non_dominated_size"][rows] = non_dominated_mask(
                np.column_stack([acc, stab, size]), maximize=(True, True, False)
            )
            hull = hull_gamma_intervals(acc, stab)
            columns["on_hull"][rows[hull.index]] = True
            columns["gamma_lo"][rows[hull.index]] = hull.gamma_lo
            columns["gamma_hi"][rows[hull.index]] = hull.gamma_hi
            for gamma in gammas:
                chosen[rows[choose_by_gamma(acc, stab, float(gamma))]].append(float(gamma))
            choice = epsilon_constraint_selection(
                acc, stab, acc_const=acc_const, stab_const=stab_const, random_state=random_state
            )
            columns["epsilon_choice"][rows[choice]] = True
            se = points["accuracy_se"].to_numpy(dtype=float)[rows] if se_known else \
                np.zeros(rows.size)
            columns["one_se_choice"][rows[one_standard_error_choice(acc, se, stab)]] = True
        for name, values in columns.items():
            points[name] = values
        points["chosen_gammas"] = chosen
        frames.append(points)
    return pd.concat(frames, ignore_index=True)


def pareto_arrow(table: pd.DataFrame) -> pa.Table:
    """:func:`pareto_table`'s frame as an Arrow table with fixed column types."""
    schema = pa.schema([
        ("dataset", pa.string()), ("measure", pa.string()), ("configuration", pa.string()),
        ("selector", pa.string()), ("variant", pa.string()), ("label", pa.string()),
        ("accuracy", pa.float64()), ("mean_n_selected", pa.float64()),
        ("stability", pa.float64()), ("evaluated", pa.bool_()), ("non_dominated", pa.bool_()),
        ("non_dominated_size", pa.bool_()), ("on_hull", pa.bool_()), ("gamma_lo", pa.float64()),
        ("gamma_hi", pa.float64()), ("epsilon_choice", pa.bool_()),
        ("chosen_gammas", pa.list_(pa.float64())), ("one_se_choice", pa.bool_()),
    ])
    return pa.Table.from_pandas(table[schema.names], schema=schema, preserve_index=False)


def rank_table(
    summaries: pd.DataFrame, measures: Sequence[str], datasets: Sequence[str] | None = None
) -> pd.DataFrame:
    """Mean non-dominated rank in (accuracy, measure) across datasets (Sechidis et al. 2019).

    Per dataset the rank of a (configuration, variant) -- its ``label`` -- is 1 + the number of
    labels dominating it; ranks are averaged over datasets. Only labels with a finite accuracy
    and stability on *every* dataset are ranked (an average over different datasets would not
    be comparable). ``datasets`` restricts the average to these datasets (config key
    ``pareto.rank_datasets``; None: all datasets of ``summaries``). Columns: ``measure``,
    ``label``, ``configuration``, ``variant``, ``non_dominated_rank``, ``n_datasets``.
    """
    if datasets is not None:
        summaries = summaries[summaries["dataset"].isin(list(datasets))]
    n_datasets = summaries["dataset"].nunique()
    frames = []
    for measure in measures:
        table = summaries[["dataset", "label", "configuration", "variant", "accuracy_mean",
                           measure]]
        finite = np.isfinite(table[measure].to_numpy(dtype=float)) & np.isfinite(
            table["accuracy_mean"].to_numpy(dtype=float)
        )
        table = table[finite]
        complete = table.groupby("label")["dataset"].nunique()
        table = table[table["label"].isin(complete.index[complete == n_datasets])]
        if table.empty:
            continue
        ranks = non_dominated_rank(
            table, method="label", dataset="dataset",
            objectives={"accuracy_mean": "max", measure: "max"},
        )
        names = table.drop_duplicates("label").set_index("label")
        frames.append(pd.DataFrame({
            "measure": measure,
            "label": ranks.index.astype(str),
            "configuration": names.loc[ranks.index, "configuration"].to_numpy(),
            "variant": names.loc[ranks.index, "variant"].to_numpy(),
            "non_dominated_rank": ranks.to_numpy(dtype=float),
            "n_datasets": n_datasets,
        }))
    columns = ["measure", "label", "configuration", "variant", "non_dominated_rank",
               "n_datasets"]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=columns)


def folder_rank_table(
    summaries: pd.DataFrame, others: pd.DataFrame | None, measures: Sequence[str],
    datasets: Sequence[str] | None = None,
) -> pd.DataFrame:
    """The rank table of a results folder: :func:`rank_table` across this run's datasets
    (``summaries``, restricted to ``datasets``), then across the datasets other
    configurations left in the same folder (``others``; the measures they have), so that a
    run never drops another configuration's ranks. Column ``datasets`` names the datasets
    each rank averages over (comma-separated, sorted)."""
    groups = [(summaries, measures, datasets)]
    if others is not None and not others.empty:
        groups.append((others, [m for m in measures if m in others.columns], None))
    frames = []
    for frame, names, chosen in groups:
        ranks = rank_table(frame, names, chosen)
        used = frame if chosen is None else frame[frame["dataset"].isin(list(chosen))]
        ranks["datasets"] = ",".join(sorted(used["dataset"].unique()))
        frames.append(ranks)
    return pd.concat(frames, ignore_index=True)
