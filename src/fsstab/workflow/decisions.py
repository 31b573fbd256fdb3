"""The Pareto stage: trade-offs between accuracy and stability per dataset and across datasets.

The accuracy stands for the dataset's score (:mod:`fsstab.workflow.scoring`): R² for a
continuous outcome, the C-index for a time to event, read from the summary's
``<score>_mean`` column; the Pareto table then has a column ``<score>`` (``r2``,
``c_index``, ``c_index_uno``) in place of ``accuracy``, and every decision is taken on it
(:mod:`fsstab.outcomes`: the same functions on the score the maximised objective).

Per dataset and stability measure (:func:`pareto_table`), every (configuration, variant) is a
point (mean test accuracy, stability). The table flags the Pareto-optimal points in (accuracy,
stability) and in (accuracy, stability, −mean number selected) (Bommert 2020, §3.4.1, Ch. 7),
the points of the convex hull of the front with the closed γ interval on which each maximises
γA + (1 − γ)S (Hamer & Dupont 2021, §7.1), the compromise chosen for each configured γ, the
ε-constraint choice (Bommert 2020, Algorithm 3.2) and the one-standard-error choice (the most
stable point within one standard error of the best accuracy, :mod:`fsstab.outcomes`; the
standard error corrected for the overlap of the resamples, ``<score>_se_corrected``). Across
datasets (:func:`rank_table`), the mean non-dominated rank of every (configuration, variant)
per measure (Sechidis et al. 2019, Table 2).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
import pyarrow as pa

from fsstab.outcomes import (
    Score,
    choose_by_gamma_score,
    epsilon_constraint_by_score,
    gamma_intervals_by_score,
    one_standard_error_choice,
    oriented,
)
from fsstab.pareto import non_dominated_mask, non_dominated_rank
from fsstab.workflow.scoring import decision_score, frame_decision_score

__all__ = ["PARETO_FORMAT", "RANK_FORMAT", "folder_rank_table", "pareto_arrow", "pareto_table",
           "rank_table"]

PARETO_FORMAT = "fsstab.pareto/1"
RANK_FORMAT = "fsstab.pareto_rank/1"

_IDENTITY = ["dataset", "configuration", "selector", "variant", "label"]


def _measure_points(summary: pd.DataFrame, measure: str, score: Score) -> pd.DataFrame:
    if measure not in summary.columns:
        raise ValueError(f"the stability summary has no column for measure {measure!r}")
    mean = f"{score.name}_mean"
    se = [name for name in (f"{score.name}_se_corrected", f"{score.name}_se")
          if name in summary.columns][:1]
    points = summary[[*_IDENTITY, mean, *se, "mean_n_selected", measure]].rename(
        columns={mean: score.name, measure: "stability", **dict.fromkeys(se, "score_se")}
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

    One row per (measure, configuration, variant) with ``accuracy`` (the dataset's score:
    ``r2``, ``c_index``, ``c_index_uno``; ``acc_const`` is on its scale), ``stability``,
    ``mean_n_selected``, ``evaluated`` (the stability is finite; only evaluated points take
    part), ``non_dominated``, ``non_dominated_size`` (with −mean size as third objective),
    ``on_hull``, ``gamma_lo``/``gamma_hi`` (NaN off the hull), ``chosen_gammas`` (the configured
    γ values for which this point is the compromise), ``epsilon_choice`` and
    ``one_se_choice`` (:func:`fsstab.outcomes.one_standard_error_choice` on the accuracy, its
    standard error over the resamples and the stability). The standard error is
    ``<score>_se_corrected`` (corrected for the overlap of the resamples,
    :mod:`fsstab.resampling`); a summary without it (built by hand) gives
    ``<score>_se``, one without either a one-SE band of 0.
    """
    score = frame_decision_score(summary, what="the stability summary")
    frames = []
    for measure in measures:
        points = _measure_points(summary, measure, score)
        se_known = "score_se" in points.columns
        n = len(points)
        evaluated = np.isfinite(points["stability"].to_numpy(dtype=float)) & np.isfinite(
            points[score.name].to_numpy(dtype=float)
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
            acc = points[score.name].to_numpy(dtype=float)[rows]
            stab = points["stability"].to_numpy(dtype=float)[rows]
            size = points["mean_n_selected"].to_numpy(dtype=float)[rows]
            objective = oriented(acc, score)
            columns["non_dominated"][rows] = non_dominated_mask(
                np.column_stack([objective, stab]))
            columns["non_dominated_size"][rows] = non_dominated_mask(
                np.column_stack([objective, stab, size]), maximize=(True, True, False)
            )
            hull = gamma_intervals_by_score(acc, stab, score)
            columns["on_hull"][rows[hull.index]] = True
            columns["gamma_lo"][rows[hull.index]] = hull.gamma_lo
            columns["gamma_hi"][rows[hull.index]] = hull.gamma_hi
            for gamma in gammas:
                chosen[rows[choose_by_gamma_score(acc, stab, float(gamma), score)]].append(
                    float(gamma))
            choice = epsilon_constraint_by_score(
                acc, stab, score, score_const=acc_const, stab_const=stab_const,
                random_state=random_state,
            )
            columns["epsilon_choice"][rows[choice]] = True
            se = points["score_se"].to_numpy(dtype=float)[rows] if se_known else \
                np.zeros(rows.size)
            columns["one_se_choice"][rows[one_standard_error_choice(objective, se, stab)]] = True
        for name, values in columns.items():
            points[name] = values
        points["chosen_gammas"] = chosen
        frames.append(points)
    return pd.concat(frames, ignore_index=True)


def pareto_arrow(table: pd.DataFrame) -> pa.Table:
    """:func:`pareto_table`'s frame as an Arrow table with fixed column types."""
    score = decision_score(table.columns, what="the Pareto table")
    schema = pa.schema([
        ("dataset", pa.string()), ("measure", pa.string()), ("configuration", pa.string()),
        ("selector", pa.string()), ("variant", pa.string()), ("label", pa.string()),
        (score.name, pa.float64()), ("mean_n_selected", pa.float64()),
        ("stability", pa.float64()), ("evaluated", pa.bool_()), ("non_dominated", pa.bool_()),
        ("non_dominated_size", pa.bool_()), ("on_hull", pa.bool_()), ("gamma_lo", pa.float64()),
        ("gamma_hi", pa.float64()), ("epsilon_choice", pa.bool_()),
        ("chosen_gammas", pa.list_(pa.float64())), ("one_se_choice", pa.bool_()),
    ])
    return pa.Table.from_pandas(table[schema.names], schema=schema, preserve_index=False)


def _dataset_scores(summaries: pd.DataFrame) -> np.ndarray:
    """Each row's mean decision score, oriented (higher is better), whichever score its
    dataset is decided on: the accuracy of a classification, R² or a C-index otherwise."""
    values = np.full(len(summaries), np.nan)
    for dataset, rows in summaries.groupby("dataset", sort=False).indices.items():
        part = summaries.iloc[rows]
        score = frame_decision_score(part, what=f"the summary of dataset {dataset!r}")
        values[rows] = oriented(part[f"{score.name}_mean"].to_numpy(dtype=float), score)
    return values


def rank_table(
    summaries: pd.DataFrame, measures: Sequence[str], datasets: Sequence[str] | None = None
) -> pd.DataFrame:
    """Mean non-dominated rank in (accuracy, measure) across datasets (Sechidis et al. 2019).

    The accuracy is each dataset's score (its decision score's ``<score>_mean``, oriented).

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
    summaries = summaries.assign(accuracy_mean=_dataset_scores(summaries))
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
