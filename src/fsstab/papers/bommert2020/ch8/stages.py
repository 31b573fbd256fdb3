"""What each rule of Chapter 8 computes (``rules/paper_bommert2020/ch8.smk``): a chunk of §8.1
toy data sets, a chunk of §8.3 replications of one scenario, one outer fold of §8.4, and the
result tables over them. The computations are in :mod:`~fsstab.papers.bommert2020.ch8.toy`,
:mod:`~fsstab.papers.bommert2020.ch8.approaches` and
:mod:`~fsstab.papers.bommert2020.ch8.simulation`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.datasets import Dataset
from fsstab.papers.bommert2020.ch8.approaches import ApproachSettings
from fsstab.papers.bommert2020.ch8.simulation import (
    Scenario,
    real_data_outer_fold,
    scenarios,
    simulation_replication,
)
from fsstab.papers.bommert2020.ch8.toy import toy_replication
from fsstab.papers.bommert2020.common import flat_table, stratified_folds
from fsstab.seeds import derive_seed
from fsstab.workflow.config import chunk_range

__all__ = [
    "approach_settings",
    "real_outer_fold",
    "real_outputs",
    "scenario_ids",
    "simulation_chunk",
    "simulation_figure_stems",
    "simulation_outputs",
    "toy_chunk",
    "toy_outputs",
]


def approach_settings(approaches: Mapping[str, Any]) -> ApproachSettings:
    """:class:`~fsstab.papers.bommert2020.ch8.approaches.ApproachSettings` from
    ``paper.settings.ch8.approaches`` (missing keys: the thesis' values)."""
    return ApproachSettings.from_mapping(dict(approaches))


def scenario_ids(simulation: Mapping[str, Any]) -> list[str]:
    """The scenario ids of ``paper.settings.ch8.simulation`` (Table 8.1 by default)."""
    return [s.id for s in scenarios(simulation["sizes"], simulation["designs"],
                                    simulation["similar"])]


def simulation_figure_stems(simulation: Mapping[str, Any]) -> list[str]:
    """The stems of §8.3's figures: one per (n, p) (Fig. 8.5, A.22-A.24), three metrics per
    design (Figs. 8.6, A.25-A.29) and the tuning times (Fig. 8.7)."""
    names = {(100, 200): "fig08_5", (1000, 200): "figA_22", (100, 2000): "figA_23",
             (100, 10000): "figA_24"}
    stems = [f"{names.get((n, p), 'figA')}_simulation_n{n}_p{p}"
             for n, p in simulation["sizes"]]
    for design in simulation["designs"]:
        accuracy, fp, fn = (("fig08_6", "figA_26", "figA_28") if design == "blocks"
                            else ("figA_25", "figA_27", "figA_29"))
        stems += [f"{accuracy}_test_accuracy_{design}", f"{fp}_false_positive_{design}",
                  f"{fn}_false_negative_{design}"]
    return [*stems, "fig08_7_tuning_time"]


def toy_chunk(toy: Mapping[str, Any], chunk: str, seed: int) -> pd.DataFrame:
    """Rule ``bommert2020_ch8_toy``: the §8.1 data sets of a chunk (one row per data set and
    method)."""
    return pd.concat([
        toy_replication(r, seed, n_samples=toy["n_samples"], n_search=toy["n_search"],
                        n_folds=toy["n_folds"], n_search_overrides=toy["search_overrides"],
                        ntree_values=toy["ntree_values"],
                        max_log2_iterations=toy["max_log2_iterations"])
        for r in chunk_range(chunk)
    ], ignore_index=True)


def toy_outputs(chunks: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Rule ``bommert2020_ch8_toy_outputs``: the selections of every toy data set and method
    (``table8_1_toy_selections``)."""
    return flat_table(pd.concat(chunks, ignore_index=True).sort_values(["replication",
                                                                         "method"]))


def simulation_chunk(scenario_id: str, chunk: str, approaches: Mapping[str, Any],
                     seed: int) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Rule ``bommert2020_ch8_simulation``: the §8.3 replications of a chunk for one scenario:
    results, L0 tuning tables, timings."""
    settings = approach_settings(approaches)
    scenario = Scenario.from_id(scenario_id)
    parts = [simulation_replication(scenario, r, settings, seed) for r in chunk_range(chunk)]
    return tuple(pd.concat([p[i] for p in parts], ignore_index=True) for i in range(3))


def simulation_outputs(results: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Rule ``bommert2020_ch8_simulation_outputs``: every replication's results (feature lists
    as text, :func:`~fsstab.papers.bommert2020.common.flat_table`)."""
    return flat_table(pd.concat(results, ignore_index=True).sort_values(
        ["scenario", "replication", "approach"]))


def real_outer_fold(ds: Dataset, outer: int, n_outer: int, approaches: Mapping[str, Any],
                    seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Rule ``bommert2020_ch8_real``: one outer iteration of §8.4's nested cross-validation on
    a real data set (results, timings)."""
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


def real_outputs(results: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Rule ``bommert2020_ch8_real_outputs``: every outer fold's results (feature lists as
    text)."""
    return flat_table(pd.concat(results, ignore_index=True).sort_values(
        ["dataset", "outer", "approach"]))
