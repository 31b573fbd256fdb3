"""What each rule of Chapter 6 computes (``rules/paper_bommert2020/ch6.smk``): tables keyed by
the stem of the file each becomes, and the comparison rows. The computations are in
:mod:`~fsstab.papers.bommert2020.ch6.all_pairs` and :mod:`~fsstab.papers.bommert2020.ch6.real`;
the figures in :mod:`~fsstab.papers.bommert2020.ch6.figures`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch6.all_pairs import (
    figure_6_1_similarity,
    mean_set_size,
    pc1_order,
    size_dependence,
    subset_pair_values,
    table_6_3,
    table_6_4,
)
from fsstab.papers.bommert2020.ch6.comparison import (
    chapter_6_2_comparison,
    chapter_6_3_comparison,
)
from fsstab.papers.bommert2020.ch6.real import (
    dataset_correlations,
    measure_timing_table,
    real_values,
    run_time_summary,
    sample_variants,
)
from fsstab.papers.bommert2020.common import (
    average_linkage_groups,
    average_linkage_order,
    matrix_frame,
    mean_matrix,
    pairwise_correlation,
)
from fsstab.papers.bommert2020.reference import thesis_symbol
from fsstab.seeds import derive_seed

__all__ = [
    "ALL_PAIRS_FIGURES",
    "AllPairs",
    "Real",
    "all_pairs",
    "measure_times",
    "real",
    "real_figure_stems",
]

#: §6.2's figures.
ALL_PAIRS_FIGURES: tuple[str, ...] = (
    "fig06_1_similarity_matrix", "fig06_2_scatter_matrix", "fig06_2_correlation",
    "fig06_3_size_dependence",
)


def real_figure_stems(datasets: Sequence[str]) -> list[str]:
    """§6.3's figures: Figs. 6.4-6.7, A.15 and one of Figs. A.13-A.14 per data set."""
    return ["fig06_4_proportion_selected", "fig06_5_mean_correlation",
            "fig06_6_representatives", "fig06_7_run_times", "figA15_run_times_adjusted",
            *(f"figA13_{d}_correlation" for d in datasets)]


def _symbol_matrix(ordered: pd.DataFrame, groups: Mapping[str, int]) -> pd.DataFrame:
    """A correlation matrix of measures as a table: thesis symbols, then the group column."""
    return matrix_frame(ordered.rename(index=thesis_symbol, columns=thesis_symbol),
                        "measure").assign(group=[groups[n] for n in ordered.index])


@dataclass
class AllPairs:
    """§6.2: the similarity matrix of Fig. 6.1 and θ, every measure's value on every scenario,
    the PC1 order (Fig. 6.2), the correlations of the measures over the scenarios in
    average-linkage order with 3 groups, the values against the mean set size (Fig. 6.3), the
    tables and comparison rows."""

    C: np.ndarray
    threshold: float
    values: dict[str, np.ndarray]
    order: list[str]
    correlation: pd.DataFrame
    points: pd.DataFrame
    means: pd.DataFrame
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    comparison: list[dict[str, str]] = field(default_factory=list)


def all_pairs(threshold: float) -> AllPairs:
    """Rule ``bommert2020_ch6_all_pairs``: thesis §6.2 on all 16,384 pairs of subsets of the 7
    features of Fig. 6.1, θ = ``threshold``."""
    C = figure_6_1_similarity()
    values = subset_pair_values(C, threshold=threshold)
    undefined = table_6_3(values)
    table64 = table_6_4(C, threshold=threshold)
    order, scores = pc1_order(values)
    correlation = pairwise_correlation(pd.DataFrame({n: v.ravel() for n, v in values.items()}))
    linkage_order = average_linkage_order(correlation)
    groups = average_linkage_groups(correlation, 3)
    points, means = size_dependence(values, mean_set_size(C.shape[0]))
    ordered = correlation.loc[linkage_order, linkage_order]
    tables = {
        "table6_3_undefined": undefined,
        "table6_4_adjusted_example": table64,
        "fig06_2_pc1_order": pd.DataFrame({
            "position": range(1, len(order) + 1), "measure": order,
            "symbol": [thesis_symbol(n) for n in order], "pc1": scores}),
        "fig06_2_correlation": _symbol_matrix(ordered, groups),
        "fig06_3_expected_values": means.assign(symbol=means["measure"].map(thesis_symbol)),
    }
    rows = chapter_6_2_comparison(values, undefined, table64, order, groups, means)
    return AllPairs(C, threshold, values, order, ordered, points, means, tables, rows)


def measure_times(
    dataset: str, selections: Mapping[str, tuple[object, object]], *, d: int,
    measures: Sequence[str], params: Mapping[str, Mapping[str, object]], C: object,
    threshold: float, n_configurations: int | None, seed: int,
) -> pd.DataFrame:
    """Rule ``bommert2020_ch6_measure_times``: each measure timed alone on
    ``n_configurations`` sampled (configuration, variant) pairs of ``dataset``
    (``selections[configuration] = (runs, features)`` Arrow tables of the selection stage)."""
    variants = {c: sorted(set(runs.column("variant").to_pylist()))
                for c, (runs, _) in selections.items()}
    pairs = sample_variants(variants, n_configurations,
                            derive_seed(seed, dataset, "measure_times"))
    return measure_timing_table(dataset, selections, pairs, d=d, measures=measures,
                                params=params, C=C, threshold=threshold,
                                random_state=derive_seed(seed, dataset, "measures"))


@dataclass
class Real:
    """§6.3: the measures' values per configuration (with the proportion of selected
    features), the per-dataset and mean correlations (average-linkage order, 3 groups), the
    run times, the data sets timed, the tables and comparison rows."""

    values: pd.DataFrame
    per_dataset: dict[str, pd.DataFrame]
    correlation: pd.DataFrame
    times: pd.DataFrame
    timed_datasets: list[str]
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    comparison: list[dict[str, str]] = field(default_factory=list)

    @property
    def order(self) -> list[str]:
        return list(self.correlation.index)


def real(summaries: Sequence[pd.DataFrame], times: pd.DataFrame, *, measures: Sequence[str],
         datasets: Sequence[str]) -> Real:
    """Rule ``bommert2020_ch6_real``: thesis §6.3 from the generic stages' stability summaries
    of ``datasets`` and the measures' run times."""
    values = real_values(summaries, measures)
    per_dataset = dataset_correlations(values, measures)
    mean = mean_matrix([per_dataset[d] for d in datasets if d in per_dataset])
    order = average_linkage_order(mean)
    groups = average_linkage_groups(mean, 3)
    ordered = mean.loc[order, order]
    timed = [d for d in datasets if d in set(times["dataset"])]
    tables = {"fig06_5_mean_correlation": _symbol_matrix(ordered, groups),
              "fig06_7_run_times": run_time_summary(times)}
    rows = chapter_6_3_comparison(values, measures, groups, times)
    return Real(values, per_dataset, ordered, times, timed, tables, rows)
