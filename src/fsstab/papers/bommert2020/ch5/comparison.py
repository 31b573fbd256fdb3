"""Chapter 5's rows of ``comparison.csv``: every number and finding of §5.1-5.3 (its
:mod:`~fsstab.papers.bommert2020.ch5.reference`) next to ours, as rows for
:func:`fsstab.papers.outputs.comparison_frame`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pandas as pd

from fsstab.papers.bommert2020.ch5.reference import (
    ITERATIVE_FILTERS,
    THESIS_BEST_FILTERS,
    THESIS_FILTER_GROUPS,
    THESIS_MEAN_RANK_CORRELATION,
    THESIS_MIM_INFO_GAIN,
    THESIS_PARETO,
    THESIS_TOP_RANK_CORRELATIONS,
    THESIS_WORST_FILTERS,
)
from fsstab.papers.bommert2020.ch5.scaling import at_full
from fsstab.papers.bommert2020.common import comparison_row, partition
from fsstab.papers.outputs import NOT_RUN_NOTE

__all__ = ["RUN_TIME_ITEMS", "benchmark_comparison", "not_run_rows", "ranking_comparison",
           "scaling_comparison"]

#: Prefixes of the items whose values are run times or read off them (§5.1, the Pareto sets of
#: Figs. 5.7-5.8): load-sensitive, they change from run to run.
RUN_TIME_ITEMS: tuple[str, ...] = ("Fig. 5.1:", "Fig. 5.2:", "Fig. 5.3:", "Fig. 5.7:",
                                   "Fig. 5.8:")


def scaling_comparison(relative: pd.DataFrame) -> list[dict[str, str]]:
    """§5.1's statements next to our relative median run times at 100 %."""
    rows = []
    select = at_full(relative, "select")
    iterative = [f for f in ITERATIVE_FILTERS if f in select.index]
    others = [f for f in select.index if f not in ITERATIVE_FILTERS]
    rows.append(comparison_row("Fig. 5.1: filter whose run time grows the most with the "
                               "percentage selected", "CMIM", select.idxmax(),
                               setting="relative run time at 100 % of the features selected"))
    for name in iterative:
        stated = ("strong increase" if name in ("CMIM", "NJMIM", "JMIM") else
                  "slight increase")
        rows.append(comparison_row(f"Fig. 5.1: relative run time of {name} at 100 %", stated,
                                   f"{select[name]:.2f}"))
    if others:
        rows.append(comparison_row("Fig. 5.1: relative run time of the other filters at 100 % "
                                   "(min .. max)", "constant (about 1)",
                                   f"{select[others].min():.2f} .. {select[others].max():.2f}"))
    observations = at_full(relative, "observations")
    rows.append(comparison_row("Fig. 5.2: strongest increase with the number of observations",
                               "permutation", observations.idxmax()))
    rows.append(comparison_row("Fig. 5.2: smallest increases with the number of observations",
                               "anova.test, variance",
                               ", ".join(observations.nsmallest(2).index)))
    features = at_full(relative, "features")
    if iterative and others:
        rows.append(comparison_row(
            "Fig. 5.3: the iterative filters' run times grow much more with the number of "
            "features (smallest iterative vs largest other, relative at 100 %)",
            "much more", f"{features[iterative].min():.1f} vs {features[others].max():.1f}"))
    return rows


def ranking_comparison(mean: pd.DataFrame, groups: Mapping[str, int]) -> list[dict[str, str]]:
    """§5.2's numbers and groups next to ours."""
    rows = [comparison_row("§5.2: mean of the mean rank correlation matrix (diagonal included)",
                           THESIS_MEAN_RANK_CORRELATION, round(float(mean.to_numpy().mean()), 4))]
    for a, b, value in THESIS_TOP_RANK_CORRELATIONS:
        ours = mean.loc[a, b] if a in mean.index and b in mean.index else float("nan")
        rows.append(comparison_row(f"§5.2: mean rank correlation of {a} and {b}", value,
                                   round(float(ours), 4), note="one of the ten highest"))
    if "MIM" in mean.index and "info.gain" in mean.index:
        rows.append(comparison_row("§5.2: mean rank correlation of MIM and info.gain",
                                   THESIS_MIM_INFO_GAIN, round(float(mean.loc["MIM", "info.gain"]),
                                                               4)))
    ours = partition(groups)
    for k, group in enumerate(THESIS_FILTER_GROUPS, start=1):
        match = next((c for c in ours if group[0] in c), frozenset())
        rows.append(comparison_row(
            f"Fig. 5.4: group {k} of similar filters", ", ".join(sorted(group)),
            ", ".join(sorted(match)), note="our average-linkage cluster (cut into "
            f"{len(THESIS_FILTER_GROUPS)} groups) containing its first member"))
    return rows


def benchmark_comparison(summary: pd.DataFrame, wins: pd.DataFrame,
                         pareto: Mapping[tuple[str, str], list[str]]) -> list[dict[str, str]]:
    """§5.3's findings next to ours."""
    rows = []
    setting = f"{summary['dataset'].nunique()} data sets"
    for (time_kind, statistic), stated in THESIS_PARETO.items():
        figure = "5.7" if time_kind == "filter" else "5.8"
        rows.append(comparison_row(
            f"Fig. {figure}: Pareto-optimal filters ({statistic}s over data sets, "
            f"{'filtering' if time_kind == 'filter' else 'entire'} time)",
            ", ".join(sorted(stated)), ", ".join(pareto[(time_kind, statistic)]),
            setting=setting))
    order = list(wins.index)
    rows.append(comparison_row("Fig. 5.6: the filters that perform best across data sets",
                               ", ".join(THESIS_BEST_FILTERS), ", ".join(order[:4]),
                               setting=setting, note="ours: the four largest row sums"))
    rows.append(comparison_row("Fig. 5.6: filters outperformed by many others",
                               ", ".join(THESIS_WORST_FILTERS),
                               ", ".join(order[-len(THESIS_WORST_FILTERS):]), setting=setting,
                               note="ours: the nine smallest row sums"))
    for dataset, part in summary.groupby("dataset"):
        best = part.loc[part["accuracy_mean"].idxmax()]
        rows.append(comparison_row("§5.3.2: best mean accuracy (filter)", "",
                                   f"{best['accuracy_mean']:.4f} ({best['filter']})",
                                   dataset=str(dataset)))
    return rows


def not_run_rows(ch5: Mapping, run: Iterable[str]) -> list[dict[str, str]]:
    """Rows for the data sets of ``paper.settings.ch5`` (resolved) that are configured but not
    run here (``only_datasets``, e.g. offline), so that ``comparison.csv`` says so."""
    run = set(run)
    parts = [("§5.1: run time scaling of the filters (base data set)",
              [ch5["scaling"]["dataset"]]),
             ("§5.2-5.3: filter rankings and nested-CV benchmark", list(ch5["datasets"]))]
    return [comparison_row(item, "", "", dataset=dataset, note=NOT_RUN_NOTE)
            for item, datasets in parts for dataset in datasets if dataset not in run]
