"""The numbers behind Chapter 7's claims and figure rows: one table per data set with every
configuration's method, optimality flags (training half) and performance on both halves, and
the summaries Figs. 7.1-7.5 show (agreement of the measures, methods of the PA-best
configurations, train − test accuracy, PA-best against A-best on the test half). Used by
:mod:`~fsstab.papers.bommert2020.ch7.conclusions` and
:mod:`~fsstab.papers.bommert2020.ch7.comparison` alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch7.reference import (
    CH7_EMBEDDED,
    CH7_MEASURES,
    CH7_NON_SELECTING,
)
from fsstab.papers.bommert2020.ch7.settings import SETTINGS
from fsstab.papers.conclusions import SettingsMatch, compare_settings

__all__ = [
    "NEGLIGIBLE_ACCURACY",
    "NOT_MUCH_ACCURACY",
    "accuracy_change",
    "accuracy_change_category",
    "agreement",
    "configuration_table",
    "embedded_with_filter",
    "mean_gap",
    "most_features",
    "run_settings",
    "settings_match",
    "thesis_settings",
    "unselective",
]

#: "almost the same" / "without any loss" of accuracy: a difference of at most this (one
#: test fold of christensen's half is 11 rows, one row ~0.009).
NEGLIGIBLE_ACCURACY = 0.01
#: "without losing much predictive accuracy": at most this lower, the thesis' own tolerance of
#: the PA-best configurations (acc.max − 0.05, §7.1).
NOT_MUCH_ACCURACY = 0.05


def configuration_table(configs: pd.DataFrame, flags: pd.DataFrame,
                        evaluation: pd.DataFrame) -> pd.DataFrame:
    """One row per configuration: filter, classifier, the flags of
    :func:`~fsstab.papers.bommert2020.ch7.tuning.ch7_optimal_flags` and accuracy, mean number
    of selected features and the four measures on each half (``train_*``, ``test_*``)."""
    values = ["accuracy", "mean_n_selected", *CH7_MEASURES]
    table = configs[["config", "filter", "classifier"]].merge(flags, on="config")
    for half in ("train", "test"):
        part = evaluation.loc[evaluation["half"] == half, ["config", *values]]
        table = table.merge(part.rename(columns={v: f"{half}_{v}" for v in values}),
                            on="config", how="left")
    return table


def unselective(table: pd.DataFrame) -> pd.Series:
    """Configurations that select every feature: no filter and a classifier without embedded
    selection (§7.3.1)."""
    return (table["filter"] == "none") & table["classifier"].isin(CH7_NON_SELECTING)


def agreement(table: pd.DataFrame) -> tuple[int, int]:
    """Fig. 7.1: (PA-best for every measure, PA-best for at least one)."""
    flags = table[[f"pa_best_{m}" for m in CH7_MEASURES]].to_numpy(dtype=bool)
    return int(flags.all(axis=1).sum()), int(flags.any(axis=1).sum())


def embedded_with_filter(table: pd.DataFrame) -> tuple[int, int]:
    """Figs. 7.2, A.16-A.18: (with a filter, all) among the configurations PA-best for at least
    one measure whose classifier selects features itself."""
    best = table[[f"pa_best_{m}" for m in CH7_MEASURES]].to_numpy(dtype=bool).any(axis=1)
    embedded = table[best & table["classifier"].isin(CH7_EMBEDDED).to_numpy()]
    return int((embedded["filter"] != "none").sum()), len(embedded)


def mean_gap(table: pd.DataFrame, members: pd.Series) -> float:
    """Fig. 7.3: mean training − test accuracy of the configurations ``members``."""
    part = table[members]
    return float((part["train_accuracy"] - part["test_accuracy"]).mean()) if len(part) \
        else float("nan")


def most_features(table: pd.DataFrame, measures: Sequence[str]) -> float:
    """The largest mean number of selected features (training half) among the configurations
    PA-best for one of ``measures`` (NaN: none)."""
    members = table[[f"pa_best_{m}" for m in measures]].to_numpy(bool).any(axis=1)
    values = table.loc[members, "train_mean_n_selected"]
    return float(values.max()) if len(values) else float("nan")


def accuracy_change(table: pd.DataFrame, measure: str) -> dict[str, Any]:
    """Figs. 7.4, 7.5 for one measure: the A-best configurations' mean test accuracy, stability
    and number of selected features (single-criteria tuning picks one of them at random, so
    their mean is what it gives on average), and the PA-best configurations that are more
    stable *and* select fewer features on the test half than that; ``change`` is the best test
    accuracy among those minus the A-best mean (NaN when there is none)."""
    a_best = table[table["a_best"]]
    reference = {"accuracy": float(a_best["test_accuracy"].mean()),
                 "stability": float(a_best[f"test_{measure}"].mean()),
                 "n_selected": float(a_best["test_mean_n_selected"].mean())}
    pa = table[table[f"pa_best_{measure}"]]
    better = pa[(pa[f"test_{measure}"] > reference["stability"])
                & (pa["test_mean_n_selected"] < reference["n_selected"])]
    change = (float(better["test_accuracy"].max()) - reference["accuracy"] if len(better)
              else float("nan"))
    return {"a_best": reference, "n_pa_best": len(pa), "n_better": len(better),
            "change": change}


def accuracy_change_category(change: float) -> str:
    """The thesis' words for an accuracy change of :func:`accuracy_change`
    (:data:`NEGLIGIBLE_ACCURACY`): "gain", "no loss" (within it) or "noticeable loss"; "none
    more stable and sparser" when no PA-best configuration is."""
    if not np.isfinite(change):
        return "none more stable and sparser"
    if change > NEGLIGIBLE_ACCURACY:
        return "gain"
    if change >= -NEGLIGIBLE_ACCURACY:
        return "no loss"
    return "noticeable loss"


def _flat(ch7: Mapping[str, Any], features: str) -> dict[str, Any]:
    return {
        "configurations": ch7["n_per_method"] * len(ch7["filters"]) * len(ch7["classifiers"]),
        "filters": ", ".join(ch7["filters"]),
        "classifiers": ", ".join(ch7["classifiers"]),
        "CV folds": ch7["n_folds"],
        "ntree": "/".join(str(v) for v in ch7["ntree_values"]),
        "glmboost max log2 n.iter": ch7["max_log2_iterations"],
        "SMA-Count draws": ch7["n_estimate"],
        "PA tolerance": ch7["pa_tolerance"],
        "features": features,
    }


def thesis_settings() -> dict[str, Any]:
    """The thesis' Ch. 7 settings (the schema's defaults), keyed as :func:`run_settings`."""
    return _flat(SETTINGS.resolve({}), "all")


def run_settings(ch7: Mapping[str, Any], n_features: int | None = None) -> dict[str, Any]:
    """Our run's Ch. 7 settings; ``n_features``: the number of features a prefilter keeps
    (None: all, as the thesis)."""
    return _flat(ch7, "all" if n_features is None else f"{n_features} (prefiltered)")


def settings_match(ch7: Mapping[str, Any], features: Mapping[str, int | None],
                   datasets: Sequence[str]) -> SettingsMatch:
    """Our Ch. 7 settings against the thesis' for ``datasets`` (``features``: data set -> the
    number of features its prefilter keeps; absent or None: all)."""
    kept = sorted({features.get(d) for d in datasets}, key=str) or [None]
    ours = run_settings(ch7, kept[0] if len(kept) == 1 else None)
    if len(kept) > 1:
        ours["features"] = ", ".join(
            f"{d}: {'all' if features.get(d) is None else features[d]}" for d in datasets)
    return compare_settings(ours, thesis_settings(),
                            chosen="every configuration evaluated on both halves")
