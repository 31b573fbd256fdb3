"""Workflow glue of Bommert (2020) Ch. 7-8: configuration checks, job chunks, the stage
functions the thin scripts of ``rules/paper_bommert2020_ch78.smk`` call.

Every function takes and returns in-memory objects (tables, datasets); the scripts read the
inputs, call one of these and write the outputs with :mod:`fsstab.io` (atomically).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from fsstab.datasets import Dataset
from fsstab.io import read_parquet, write_parquet
from fsstab.papers import bommert2020_ch78_outputs as out
from fsstab.papers.bommert2020_ch78 import (
    CH7_MEASURES,
    SIMILARITY_THRESHOLD,
    ApproachSettings,
    Scenario,
    ch7_optimal_flags,
    evaluate_ch7_configurations,
    filter_orders,
    nested_group_counts,
    real_data_outer_fold,
    sample_ch7_configurations,
    scenarios,
    simulation_replication,
    stratified_folds,
    table_7_1,
    toy_replication,
)
from fsstab.papers.bommert2020_ch78_outputs import THESIS_DATASET_ORDER, halves_and_folds, splits_of
from fsstab.papers.outputs import write_table
from fsstab.plots import save_figure
from fsstab.similarity import correlation_similarity
from fsstab.workflow.config import chunk_ids
from fsstab.workflow.seeds import derive_seed

__all__ = [
    "approach_settings",
    "ch7_chunks",
    "chunk_range",
    "figure_stems",
    "read_frame",
    "simulation_scenario_ids",
    "write_frame",
    "write_result_table",
]

_CHUNK = re.compile(r"^[rc](\d+)-(\d+)$")


# ============================================================================================
# Tables on disk
# ============================================================================================


def write_frame(frame: pd.DataFrame, path: Any, **metadata: Any) -> None:
    """Write a data frame as deterministic Parquet (:func:`fsstab.io.write_parquet`)."""
    table = pa.Table.from_pandas(frame.reset_index(drop=True), preserve_index=False)
    write_parquet(table, path, metadata={"format": "fsstab.bommert2020_ch78/1", **metadata})


def read_frame(path: Any) -> pd.DataFrame:
    """Read a table written by :func:`write_frame`."""
    return read_parquet(path)[0].to_pandas()


def write_result_table(frame: pd.DataFrame, stem: Path, **metadata: Any) -> None:
    """A final result table as ``<stem>.csv`` + ``<stem>.parquet``
    (:func:`fsstab.papers.outputs.write_table`); index-array columns (the selected features)
    become ';'-joined text, so that the CSV stays one line per row."""
    flat = frame.copy()
    for column in flat.columns:
        if flat[column].map(lambda v: isinstance(v, list | tuple | np.ndarray)).any():
            flat[column] = flat[column].map(lambda v: ";".join(str(int(x)) for x in v))
    write_table(flat, stem, metadata={"format": "fsstab.bommert2020_ch78/1", **metadata})


# ============================================================================================
# Configuration
# ============================================================================================


def approach_settings(approaches: Mapping[str, Any]) -> ApproachSettings:
    """:class:`ApproachSettings` from ``paper.ch8.approaches`` (missing keys: thesis values)."""
    return ApproachSettings.from_mapping(dict(approaches))


def chunk_range(chunk: str) -> range:
    """The items of a chunk id (``r0003-0005`` -> 3, 4, 5)."""
    match = _CHUNK.match(chunk)
    if not match or int(match.group(2)) < int(match.group(1)):
        raise ValueError(f"chunk {chunk!r} is not of the form r<first>-<last> / c<first>-<last>")
    return range(int(match.group(1)), int(match.group(2)) + 1)


def ch7_chunks(ch7: Mapping[str, Any]) -> list[str]:
    """Configuration chunks of Ch. 7 (``c00000-00049``, ...)."""
    n = ch7["n_per_method"] * len(ch7["filters"]) * len(ch7["classifiers"])
    return chunk_ids(n, ch7["chunk_size"], prefix="c", width=5)


def simulation_scenario_ids(sim: Mapping[str, Any]) -> list[str]:
    """Scenario ids of ``paper.ch8.simulation`` (Table 8.1 by default)."""
    return [s.id for s in scenarios(sim["sizes"], sim["designs"], sim["similar"])]


def figure_stems(paper: Mapping[str, Any], ch7_datasets: Sequence[str]) -> dict[str, list[str]]:
    """File stems (no extension) of every figure, grouped by the rule that draws them."""
    stems: dict[str, list[str]] = {"ch7": [], "toy": [], "simulation": [], "real": []}
    if paper.get("ch7"):
        stems["ch7"] = [
            "fig07_1_pa_best_configurations", "fig07_2_methods_pa_best_smu",
            "fig07_3_accuracy_train_test", "figA_16_methods_pa_best_sma_count",
            "figA_17_methods_pa_best_smj", "figA_18_methods_pa_best_smh",
            "figA_19_methods_a_best", "figA_20_n_selected_train_test",
            "figA_21_stability_train_test",
        ]
        first = [d for d in THESIS_DATASET_ORDER[:6] if d in ch7_datasets]
        second = [d for d in ch7_datasets if d not in first]
        if first:
            stems["ch7"].append("fig07_4_test_performance")
        if second:
            stems["ch7"].append("fig07_5_test_performance")
    ch8 = paper.get("ch8") or {}
    if ch8.get("toy"):
        stems["toy"] = ["fig08_2_toy_selection_frequencies", "fig08_3_toy_group_counts",
                        "fig08_4_toy_median_counts"]
    sim = ch8.get("simulation")
    if sim:
        names = {(100, 200): "fig08_5", (1000, 200): "figA_22", (100, 2000): "figA_23",
                 (100, 10000): "figA_24"}
        for n, p in sim["sizes"]:
            stems["simulation"].append(f"{names.get((n, p), 'figA')}_simulation_n{n}_p{p}")
        for design in sim["designs"]:
            accuracy, fp, fn = (("fig08_6", "figA_26", "figA_28") if design == "blocks"
                                else ("figA_25", "figA_27", "figA_29"))
            stems["simulation"] += [f"{accuracy}_test_accuracy_{design}",
                                    f"{fp}_false_positive_{design}",
                                    f"{fn}_false_negative_{design}"]
        stems["simulation"].append("fig08_7_tuning_time")
    if ch8.get("real_data"):
        stems["real"] = ["fig08_8_real_data_accuracy", "fig08_9_real_data_n_selected"]
    return stems


def split_datasets_for_figures(ch7_datasets: Sequence[str]) -> tuple[list[str], list[str]]:
    """Data sets of Fig. 7.4 (Table 4.1's first six) and Fig. 7.5 (the rest)."""
    first = [d for d in THESIS_DATASET_ORDER[:6] if d in ch7_datasets]
    ordered = [d for d in THESIS_DATASET_ORDER if d in ch7_datasets]
    ordered += sorted(set(ch7_datasets) - set(ordered))
    return first, [d for d in ordered if d not in first]


# ============================================================================================
# Chapter 7 stages
# ============================================================================================


def ch7_splits(ds: Dataset, ch7: Mapping[str, Any], seed: int) -> tuple[pd.DataFrame,
                                                                        pd.DataFrame]:
    """Halves + folds and the random configurations (n = size of the training half)."""
    y = ds.y.astype(np.int64)
    splits = halves_and_folds(y, ch7["n_folds"], derive_seed(seed, ds.name, "ch7"))
    n_half = int((splits["half"].eq("train") & splits["fold"].eq(-1)).sum())
    configs = sample_ch7_configurations(
        ch7["n_per_method"], n_half, derive_seed(seed, ds.name, "ch7-configs"),
        filters=ch7["filters"], classifiers=ch7["classifiers"],
        ntree_values=ch7["ntree_values"], max_log2_iterations=ch7["max_log2_iterations"],
    )
    return splits, configs


def ch7_half_similarity(ds: Dataset, splits: pd.DataFrame, half: str):
    """|Pearson| ≥ 0.9 of the half's rows (the authors' ``simmats_halves``)."""
    members, _ = splits_of(splits, half)
    return correlation_similarity(ds.X[members], threshold=SIMILARITY_THRESHOLD)


def ch7_filter_order(ds: Dataset, splits: pd.DataFrame, half: str, filter_name: str,
                     seed: int) -> pd.DataFrame:
    """Feature order of a filter on every fold of a half (long: fold, position, feature)."""
    _, folds = splits_of(splits, half)
    orders = filter_orders(ds.X, ds.y.astype(np.int64), folds, filter_name,
                           derive_seed(seed, ds.name, "ch7-filter", half, filter_name))
    n_folds, d = orders.shape
    return pd.DataFrame({
        "fold": np.repeat(np.arange(n_folds), d).astype(np.int32),
        "position": np.tile(np.arange(d), n_folds).astype(np.int32),
        "feature": orders.ravel().astype(np.int32),
    })


def orders_matrix(table: pd.DataFrame) -> np.ndarray:
    """Inverse of :func:`ch7_filter_order`'s table: the (folds x d) order matrix."""
    table = table.sort_values(["fold", "position"])
    n_folds = int(table["fold"].max()) + 1
    return table["feature"].to_numpy(np.int64).reshape(n_folds, -1)


def ch7_evaluate_chunk(
    ds: Dataset, splits: pd.DataFrame, configs: pd.DataFrame, chunk: str,
    orders: Mapping[tuple[str, str], np.ndarray], similarity: Mapping[str, Any],
    ch7: Mapping[str, Any], seed: int,
) -> pd.DataFrame:
    """Evaluate the chunk's configurations by CV on both halves (§7.2)."""
    part = configs.iloc[list(chunk_range(chunk))]
    tables = []
    for half in ("train", "test"):
        _, folds = splits_of(splits, half)
        half_orders = {f: orders[(half, f)] for f in ch7["filters"]}
        table, _ = evaluate_ch7_configurations(
            ds.X, ds.y.astype(np.int64), folds, half_orders, part, similarity[half],
            n_estimate=ch7["n_estimate"], seed=derive_seed(seed, ds.name, "ch7-eval", half),
        )
        table.insert(1, "half", half)
        tables.append(table)
    return pd.concat(tables, ignore_index=True)


def ch7_gather(chunks: Sequence[pd.DataFrame], configs: pd.DataFrame,
               tolerance: float) -> tuple[pd.DataFrame, pd.DataFrame]:
    """All chunk evaluations (checked complete) and the optimality flags on the training half."""
    evaluation = pd.concat(chunks, ignore_index=True).sort_values(["config", "half"])
    expected = {(c, h) for c in configs["config"] for h in ("train", "test")}
    present = set(zip(evaluation["config"], evaluation["half"], strict=True))
    if present != expected or len(evaluation) != len(expected):
        missing = sorted(expected - present)[:5]
        raise ValueError(f"Ch. 7 evaluation chunks are incomplete or overlap; missing e.g. "
                         f"{missing}")
    train = evaluation[evaluation["half"] == "train"].reset_index(drop=True)
    flags = ch7_optimal_flags(train, tolerance=tolerance, measures=CH7_MEASURES)
    return evaluation.reset_index(drop=True), flags


# ============================================================================================
# Chapter 8 stages
# ============================================================================================


def toy_chunk(toy: Mapping[str, Any], chunk: str, seed: int) -> pd.DataFrame:
    """§8.1 data sets of a chunk (one row per data set and method)."""
    return pd.concat([
        toy_replication(r, seed, n_samples=toy["n_samples"], n_search=toy["n_search"],
                        n_folds=toy["n_folds"], n_search_overrides=toy["search_overrides"],
                        ntree_values=toy["ntree_values"],
                        max_log2_iterations=toy["max_log2_iterations"])
        for r in chunk_range(chunk)
    ], ignore_index=True)


def simulation_chunk(scenario_id: str, chunk: str, approaches: Mapping[str, Any],
                     seed: int) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """§8.3 replications of a chunk for one scenario."""
    settings = approach_settings(approaches)
    scenario = Scenario.from_id(scenario_id)
    parts = [simulation_replication(scenario, r, settings, seed) for r in chunk_range(chunk)]
    return tuple(pd.concat([p[i] for p in parts], ignore_index=True) for i in range(3))


def real_outer_fold(ds: Dataset, outer: int, n_outer: int, approaches: Mapping[str, Any],
                    seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """§8.4: one outer iteration of the nested CV on a real data set."""
    y = ds.y.astype(np.int64)
    folds = stratified_folds(y, n_outer, derive_seed(seed, ds.name, "ch8-outer"))
    if not 0 <= outer < len(folds):
        raise ValueError(f"outer fold {outer} out of range 0..{len(folds) - 1}")
    train, test = folds[outer]
    results, timings = real_data_outer_fold(
        ds.X, y, train, test, approach_settings(approaches),
        derive_seed(seed, ds.name, "ch8-real", outer),
    )
    for table in (results, timings):
        table.insert(0, "outer", outer)
        table.insert(0, "dataset", ds.name)
    return results, timings


# ============================================================================================
# Outputs: tables and figures under results/paper/bommert2020/
# ============================================================================================


def _save(fig, folder: Path, stem: str) -> None:
    save_figure(fig, folder / stem)


def ch7_outputs(evaluation: Mapping[str, pd.DataFrame], flags: Mapping[str, pd.DataFrame],
                configs: Mapping[str, pd.DataFrame], folder: Path,
                figures: Sequence[str]) -> pd.DataFrame:
    """Table 7.1 and the Ch. 7 figures named in ``figures``."""
    table = table_7_1(dict(flags))
    write_result_table(table, folder / "table7_1_pareto_counts")
    all_configs = pd.concat(configs.values(), ignore_index=True).drop_duplicates("config")
    first, second = split_datasets_for_figures(list(flags))
    draw = {
        "fig07_1_pa_best_configurations": lambda: out.fig_pa_best(flags),
        "fig07_2_methods_pa_best_smu": lambda: out.fig_methods(
            all_configs, flags, "pa_best_unadjusted", "Methods of the PA-best configurations, SMU"),
        "figA_16_methods_pa_best_sma_count": lambda: out.fig_methods(
            all_configs, flags, "pa_best_intersection_count",
            "Methods of the PA-best configurations, SMA-Count"),
        "figA_17_methods_pa_best_smj": lambda: out.fig_methods(
            all_configs, flags, "pa_best_jaccard", "Methods of the PA-best configurations, SMJ"),
        "figA_18_methods_pa_best_smh": lambda: out.fig_methods(
            all_configs, flags, "pa_best_hamming", "Methods of the PA-best configurations, SMH"),
        "figA_19_methods_a_best": lambda: out.fig_methods(
            all_configs, flags, "a_best", "Methods of the A-best configurations"),
        "fig07_3_accuracy_train_test": lambda: out.fig_train_test_differences(
            evaluation, flags, "accuracy", "test − training accuracy",
            "Mean accuracy, test minus training data", include_a_best=True),
        "figA_20_n_selected_train_test": lambda: out.fig_train_test_differences(
            evaluation, flags, "mean_n_selected", "test − training mean n. selected",
            "Mean number of selected features, test minus training data",
            include_a_best=False),
        "figA_21_stability_train_test": lambda: out.fig_train_test_differences(
            evaluation, flags, "stability", "test − training stability",
            "Stability (the measure that chose the configuration), test minus training data",
            include_a_best=False),
        "fig07_4_test_performance": lambda: out.fig_test_performance(evaluation, flags, first),
        "fig07_5_test_performance": lambda: out.fig_test_performance(evaluation, flags, second),
    }
    for stem in figures:
        _save(draw[stem](), folder, stem)
    return table


def toy_outputs(chunks: Sequence[pd.DataFrame], folder: Path) -> pd.DataFrame:
    """The §8.1 selections table and Figs. 8.2-8.4."""
    supports = pd.concat(chunks, ignore_index=True).sort_values(["replication", "method"])
    write_result_table(supports, folder / "table8_1_toy_selections")
    counts = nested_group_counts(supports)
    _save(out.fig_toy_frequencies(supports), folder, "fig08_2_toy_selection_frequencies")
    _save(out.fig_toy_group_counts(counts), folder, "fig08_3_toy_group_counts")
    _save(out.fig_toy_medians(counts), folder, "fig08_4_toy_median_counts")
    return supports


def simulation_outputs(results: Sequence[pd.DataFrame], timings: Sequence[pd.DataFrame],
                       folder: Path, figures: Sequence[str]) -> pd.DataFrame:
    """The §8.3 results table and Figs. 8.5-8.7, A.22-A.29."""
    table = pd.concat(results, ignore_index=True).sort_values(
        ["scenario", "replication", "approach"])
    times = pd.concat(timings, ignore_index=True)
    write_result_table(table, folder / "table8_simulation_results")
    for stem in figures:
        if "_simulation_n" in stem:
            n, p = (int(v) for v in re.findall(r"_n(\d+)_p(\d+)$", stem)[0])
            fig = out.fig_simulation_size(table, n, p)
        elif stem.startswith("fig08_7"):
            fig = out.fig_simulation_runtime(times)
        else:
            metric, design = re.findall(
                r"_(test_accuracy|false_positive|false_negative)_(blocks|toeplitz)$", stem)[0]
            fig = out.fig_simulation_metric(table, design, metric)
        _save(fig, folder, stem)
    return table


def real_outputs(results: Sequence[pd.DataFrame], folder: Path) -> pd.DataFrame:
    """The §8.4 results table and Figs. 8.8-8.9."""
    table = pd.concat(results, ignore_index=True).sort_values(["dataset", "outer", "approach"])
    write_result_table(table, folder / "table8_4_real_data_results")
    _save(out.fig_real_data(table, "test_accuracy", "test accuracy"), folder,
          "fig08_8_real_data_accuracy")
    _save(out.fig_real_data(table, "n_selected", "number of selected features"), folder,
          "fig08_9_real_data_n_selected")
    return table


def settings_note(settings: Mapping[str, Any]) -> str:
    """The Ch. 7 settings of a run (``paper.settings``), for the comparison table."""
    ch7 = settings.get("ch7") or {}
    if not ch7:
        return ""
    n = ch7["n_per_method"] * len(ch7["filters"]) * len(ch7["classifiers"])
    return f"{n} configurations (thesis: 4800), {ch7['n_folds']}-fold CV"


def comparison_table(datasets: Sequence[Dataset], *, configured: Sequence[str],
                     table71: pd.DataFrame | None, toy: pd.DataFrame | None,
                     simulation: pd.DataFrame | None, n_scenarios: int,
                     settings: Mapping[str, Any]) -> pd.DataFrame:
    """The Ch. 7-8 comparison rows (:func:`bommert2020_ch78_outputs.comparison_rows`) from the
    data sets that were run and the result tables of the parts that ran."""
    characteristics = {ds.name: out.dataset_characteristics(ds.X, ds.y) for ds in datasets}
    return out.comparison_rows(
        configured=configured, table71=table71, characteristics=characteristics,
        toy_supports=toy, simulation=simulation, n_scenarios=n_scenarios,
        settings_note=settings_note(settings),
    )
