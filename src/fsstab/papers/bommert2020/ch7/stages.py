"""What each rule of Chapter 7 computes (``rules/paper_bommert2020/ch7.smk``), per data set:
the halves, folds and random configurations, the similarity of each half, each filter's feature
orders, the evaluation of a chunk of configurations, their gathering with the optimality flags;
then Table 7.1 over the data sets. The computations are in
:mod:`~fsstab.papers.bommert2020.ch7.tuning`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.datasets import Dataset
from fsstab.papers.bommert2020.ch7.evidence import configuration_table
from fsstab.papers.bommert2020.ch7.reference import CH7_MEASURES
from fsstab.papers.bommert2020.ch7.tuning import (
    HALVES,
    ch7_optimal_flags,
    evaluate_ch7_configurations,
    filter_orders,
    halves_and_folds,
    sample_ch7_configurations,
    splits_of,
    table_7_1,
)
from fsstab.papers.bommert2020.common import SIMILARITY_THRESHOLD, ordered_datasets
from fsstab.papers.bommert2020.reference import THESIS_DATASET_ORDER
from fsstab.papers.outputs import read_table
from fsstab.seeds import derive_seed
from fsstab.similarity import correlation_similarity
from fsstab.workflow.config import chunk_ids, chunk_range

__all__ = [
    "chunks",
    "configuration_tables",
    "evaluate_chunk",
    "figure_stems",
    "filter_order",
    "gather",
    "half_similarity",
    "orders_matrix",
    "outputs",
    "prefilter_features",
    "run_datasets",
    "settings_note",
    "splits",
    "test_performance_datasets",
]


def run_datasets(ch7: Mapping[str, Any], run: Sequence[str]) -> list[str]:
    """The data sets of ``paper.settings.ch7`` that this run computes (``only_datasets`` may
    leave some out), in the settings' order."""
    return [d for d in ch7["datasets"] if d in run]


def chunks(ch7: Mapping[str, Any]) -> tuple[str, ...]:
    """Configuration chunks of a data set (``c00000-00049``, ...), ``ch7.chunk_size`` each."""
    n = ch7["n_per_method"] * len(ch7["filters"]) * len(ch7["classifiers"])
    return chunk_ids(n, ch7["chunk_size"], prefix="c", width=5)


def test_performance_datasets(datasets: Sequence[str]) -> tuple[list[str], list[str]]:
    """Data sets of Fig. 7.4 (Table 4.1's first six) and of Fig. 7.5 (the rest, Table 4.1's
    order, then unknown names)."""
    first = [d for d in THESIS_DATASET_ORDER[:6] if d in datasets]
    return first, [d for d in ordered_datasets(datasets) if d not in first]


def figure_stems(datasets: Sequence[str]) -> list[str]:
    """The stems of Ch. 7's figures for the data sets run (Fig. 7.4 / 7.5 only where they have
    a data set)."""
    stems = [
        "fig07_1_pa_best_configurations", "fig07_2_methods_pa_best_smu",
        "fig07_3_accuracy_train_test", "figA_16_methods_pa_best_sma_count",
        "figA_17_methods_pa_best_smj", "figA_18_methods_pa_best_smh",
        "figA_19_methods_a_best", "figA_20_n_selected_train_test",
        "figA_21_stability_train_test",
    ]
    first, second = test_performance_datasets(datasets)
    if first:
        stems.append("fig07_4_test_performance")
    if second:
        stems.append("fig07_5_test_performance")
    return stems


def splits(ds: Dataset, ch7: Mapping[str, Any], seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Rule ``bommert2020_ch7_splits``: halves + folds and the random configurations (n = the
    size of the training half)."""
    y = ds.y.astype(np.int64)
    table = halves_and_folds(y, ch7["n_folds"], derive_seed(seed, ds.name, "ch7"))
    n_half = int((table["half"].eq("train") & table["fold"].eq(-1)).sum())
    configs = sample_ch7_configurations(
        ch7["n_per_method"], n_half, derive_seed(seed, ds.name, "ch7-configs"),
        filters=ch7["filters"], classifiers=ch7["classifiers"],
        ntree_values=ch7["ntree_values"], max_log2_iterations=ch7["max_log2_iterations"],
    )
    return table, configs


def half_similarity(ds: Dataset, split_table: pd.DataFrame, half: str):
    """Rule ``bommert2020_ch7_similarity``: |Pearson| >= 0.9 of the half's rows (the authors'
    ``simmats_halves``)."""
    members, _ = splits_of(split_table, half)
    return correlation_similarity(ds.X[members], threshold=SIMILARITY_THRESHOLD)


def filter_order(ds: Dataset, split_table: pd.DataFrame, half: str, filter_name: str,
                 seed: int) -> pd.DataFrame:
    """Rule ``bommert2020_ch7_filter_order``: the feature order of a filter on every fold of a
    half (long: fold, position, feature)."""
    _, folds = splits_of(split_table, half)
    orders = filter_orders(ds.X, ds.y.astype(np.int64), folds, filter_name,
                           derive_seed(seed, ds.name, "ch7-filter", half, filter_name))
    n_folds, d = orders.shape
    return pd.DataFrame({
        "fold": np.repeat(np.arange(n_folds), d).astype(np.int32),
        "position": np.tile(np.arange(d), n_folds).astype(np.int32),
        "feature": orders.ravel().astype(np.int32),
    })


def orders_matrix(table: pd.DataFrame) -> np.ndarray:
    """Inverse of :func:`filter_order`'s table: the (folds x d) order matrix."""
    table = table.sort_values(["fold", "position"])
    n_folds = int(table["fold"].max()) + 1
    return table["feature"].to_numpy(np.int64).reshape(n_folds, -1)


def evaluate_chunk(
    ds: Dataset, split_table: pd.DataFrame, configs: pd.DataFrame, chunk: str,
    orders: Mapping[tuple[str, str], np.ndarray], similarity: Mapping[str, Any],
    ch7: Mapping[str, Any], seed: int,
) -> pd.DataFrame:
    """Rule ``bommert2020_ch7_evaluate``: the chunk's configurations evaluated by
    cross-validation on both halves (§7.2); ``orders[(half, filter)]``, ``similarity[half]``."""
    part = configs.iloc[list(chunk_range(chunk))]
    tables = []
    for half in HALVES:
        _, folds = splits_of(split_table, half)
        half_orders = {f: orders[(half, f)] for f in ch7["filters"]}
        table, _ = evaluate_ch7_configurations(
            ds.X, ds.y.astype(np.int64), folds, half_orders, part, similarity[half],
            n_estimate=ch7["n_estimate"], seed=derive_seed(seed, ds.name, "ch7-eval", half),
        )
        table.insert(1, "half", half)
        tables.append(table)
    return pd.concat(tables, ignore_index=True)


def gather(chunk_tables: Sequence[pd.DataFrame], configs: pd.DataFrame,
           tolerance: float) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Rule ``bommert2020_ch7_gather``: all chunk evaluations (checked complete) and the
    optimality flags on the training half."""
    evaluation = pd.concat(chunk_tables, ignore_index=True).sort_values(["config", "half"])
    expected = {(c, h) for c in configs["config"] for h in HALVES}
    present = set(zip(evaluation["config"], evaluation["half"], strict=True))
    if present != expected or len(evaluation) != len(expected):
        missing = sorted(expected - present)[:5]
        raise ValueError(f"Ch. 7 evaluation chunks are incomplete or overlap; missing e.g. "
                         f"{missing}")
    train = evaluation[evaluation["half"] == "train"].reset_index(drop=True)
    flags = ch7_optimal_flags(train, tolerance=tolerance, measures=CH7_MEASURES)
    return evaluation.reset_index(drop=True), flags


def outputs(flags: Mapping[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """Rule ``bommert2020_ch7_outputs``: Table 7.1 over the data sets run (``flags``: data set
    -> its :func:`gather` flags, in the order of the table)."""
    return {"table7_1_pareto_counts": table_7_1(dict(flags))}


def settings_note(ch7: Mapping[str, Any]) -> str:
    """The Ch. 7 settings of a run, for the comparison table."""
    n = ch7["n_per_method"] * len(ch7["filters"]) * len(ch7["classifiers"])
    return f"{n} configurations (thesis: 4800), {ch7['n_folds']}-fold CV"


def prefilter_features(datasets_config: Mapping[str, Any], datasets: Sequence[str]
                       ) -> dict[str, int | None]:
    """Per data set the number of features its prefilter keeps (``datasets.<name>.prefilter.
    n_features`` of the configuration; None: all, as the thesis): a difference from the
    thesis' data that the Ch. 7-8 claims and comparison rows state."""
    return {d: (datasets_config[d].get("prefilter") or {}).get("n_features") for d in datasets}


def configuration_tables(datasets: Sequence[str], configs: Sequence[str],
                         flags: Sequence[str], evaluations: Sequence[str]
                         ) -> dict[str, pd.DataFrame]:
    """Rules ``bommert2020_ch7_comparison`` and ``bommert2020_ch7_claims``: data set -> its
    :func:`~fsstab.papers.bommert2020.ch7.evidence.configuration_table`, from the tables
    (paths, in the order of ``datasets``) of rules ``bommert2020_ch7_splits`` (configs) and
    ``bommert2020_ch7_gather`` (flags, evaluation)."""
    return {d: configuration_table(read_table(c), read_table(f), read_table(e))
            for d, c, f, e in zip(datasets, configs, flags, evaluations, strict=True)}
