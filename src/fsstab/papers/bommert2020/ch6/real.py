"""Thesis §6.3: the 20 measures on real feature sets -- the selections of the filter x
classifier configurations of Table 6.5 that the generic stages made on the training halves --
and their run times (Fig. 6.7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from fsstab.measures import time_measures
from fsstab.papers.bommert2020.common import pairwise_correlation
from fsstab.papers.bommert2020.reference import thesis_symbol
from fsstab.workflow.stability import run_matrices

__all__ = [
    "dataset_correlations",
    "measure_timing_table",
    "real_values",
    "run_time_summary",
    "sample_variants",
]


def real_values(summaries: Sequence[pd.DataFrame], measures: Sequence[str]) -> pd.DataFrame:
    """One row per (dataset, configuration, variant) of the workflow's stability summaries with
    ``proportion`` = mean number of selected features / number of features (thesis Fig. 6.4)
    and the measures' values."""
    if not summaries:
        raise ValueError("summaries is empty: no dataset's stability table was given")
    frames = []
    for summary in summaries:
        missing = sorted(set(measures) - set(summary.columns))
        if missing:
            raise ValueError(f"the stability table of {summary['dataset'].iloc[0]!r} lacks the "
                             f"measure column(s) {missing}")
        frame = summary[["dataset", "configuration", "selector", "variant", "label",
                         "mean_n_selected", "n_features", "accuracy_mean", *measures]].copy()
        frame.insert(5, "proportion", frame["mean_n_selected"] / frame["n_features"])
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def dataset_correlations(values: pd.DataFrame, measures: Sequence[str]) -> dict[str, pd.DataFrame]:
    """Pearson correlations between the measures over each dataset's configurations (thesis
    Figs. A.13-A.14; pairwise complete observations)."""
    return {name: pairwise_correlation(part[list(measures)])
            for name, part in values.groupby("dataset", sort=False)}


def sample_variants(
    configurations: Mapping[str, Sequence[str]], n: int | None, random_state: int
) -> list[tuple[str, str]]:
    """``n`` (configuration, variant) pairs drawn without replacement (all of them for None),
    in a sorted order: the configurations whose measures are timed for Fig. 6.7."""
    pairs = sorted((c, v) for c, variants in configurations.items() for v in variants)
    if n is None or n >= len(pairs):
        return pairs
    rng = np.random.default_rng(random_state)
    chosen = np.sort(rng.choice(len(pairs), size=n, replace=False))
    return [pairs[i] for i in chosen]


def measure_timing_table(
    dataset: str,
    selections: Mapping[str, tuple[object, object]],
    pairs: Sequence[tuple[str, str]],
    *,
    d: int,
    measures: Sequence[str],
    params: Mapping[str, Mapping[str, object]],
    C: object,
    threshold: float,
    random_state: int,
) -> pd.DataFrame:
    """Run time of every measure on each chosen (configuration, variant) of ``dataset``
    (:func:`fsstab.measures.time_measures`); ``selections[configuration] = (runs, features)``
    tables of the workflow. One row per (configuration, variant, measure)."""
    rows = []
    for configuration, variant in pairs:
        runs, features = selections[configuration]
        Z = run_matrices(runs, features, variant, d, rank_cap=1)[0]
        seconds = time_measures(Z, measures, C=C, threshold=threshold, params=params,
                                random_state=random_state)
        rows += [{"dataset": dataset, "configuration": configuration, "variant": variant,
                  "measure": m, "seconds": s} for m, s in seconds.items()]
    return pd.DataFrame(rows)


def run_time_summary(times: pd.DataFrame) -> pd.DataFrame:
    """Fig. 6.7's table: per (dataset, measure) the number of timings, quartiles and maximum
    of the seconds, with the thesis' symbol."""
    return (times.groupby(["dataset", "measure"])["seconds"]
            .describe()[["count", "25%", "50%", "75%", "max"]]
            .rename(columns={"25%": "q25", "50%": "median", "75%": "q75"}).reset_index()
            .assign(symbol=lambda f: f["measure"].map(thesis_symbol)))
