"""Chapter 6's rows of ``comparison.csv``: the numbers and statements of §6.2 and §6.3 (its
:mod:`~fsstab.papers.bommert2020.ch6.reference`) next to ours, as rows for
:func:`fsstab.papers.outputs.comparison_frame`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch6.all_pairs import all_subsets, distinct_value_counts
from fsstab.papers.bommert2020.ch6.reference import (
    ADJUSTED_CORRECTED,
    CORRECTED_FOR_CHANCE,
    THESIS_DISTINCT_VALUES,
    THESIS_FIGURE_6_2_GROUPS,
    THESIS_FIGURE_6_5_GROUPS,
)
from fsstab.papers.bommert2020.common import comparison_row
from fsstab.papers.bommert2020.reference import thesis_symbol
from fsstab.papers.outputs import NOT_RUN_NOTE

__all__ = ["RUN_TIME_ITEMS", "chapter_6_2_comparison", "chapter_6_3_comparison", "not_run_rows"]

#: Prefixes of the items whose values are the measures' run times (Fig. 6.7): load-sensitive.
RUN_TIME_ITEMS: tuple[str, ...] = ("§6.3.2: the two fastest", "§6.3.2: largest median run time",
                                   "§6.3.2: median run time")


def _members(names: Iterable[str]) -> str:
    return ", ".join(sorted(thesis_symbol(n) for n in names))


def chapter_6_2_comparison(
    values: Mapping[str, np.ndarray],
    undefined: pd.DataFrame,
    table64: pd.DataFrame,
    order: Sequence[str],
    groups: Mapping[str, int],
    means: pd.DataFrame,
) -> list[dict[str, str]]:
    """The numbers and statements of thesis §6.2 next to ours (rows of ``comparison.csv``)."""
    rows = []
    setting = "p = 7, m = 2, all 16,384 pairs of subsets, θ = 0.9"
    for record in undefined.itertuples():
        rows.append(comparison_row(f"Table 6.3: scenarios where {record.symbol} is undefined",
                                   record.thesis, record.undefined, setting=setting))
    for record in table64.itertuples():
        rows.append(comparison_row(
            f"Table 6.4: {record.symbol} for V1 = {record.V1}, V2 = {record.V2}",
            f"{record.thesis:.4f}", f"{record.value:.4f}", setting="exact expectations"))
    distinct = distinct_value_counts(values)
    for name, printed in THESIS_DISTINCT_VALUES.items():
        rows.append(comparison_row(f"§6.2.2: distinct values of {thesis_symbol(name)}",
                                   printed, int(distinct[name]), setting=setting))
    position = {name: k for k, name in enumerate(order, start=1)}
    first = 1
    for k, group in enumerate(THESIS_FIGURE_6_2_GROUPS, start=1):
        ranks = sorted(position[n] for n in group if n in position)
        rows.append(comparison_row(
            f"Fig. 6.2: PC1 positions of group {k} ({_members(group)})",
            f"{first}-{first + len(group) - 1}", " ".join(map(str, ranks)), setting=setting,
            note="PC1 order: " + ", ".join(thesis_symbol(n) for n in order)))
        first += len(group)
    clusters: dict[int, list[str]] = {}
    for name, g in groups.items():
        clusters.setdefault(g, []).append(name)
    for g, members in sorted(clusters.items()):
        rows.append(comparison_row(
            f"Correlation clustering (average linkage, 3 groups): group {g}",
            "", _members(members), setting=setting,
            note="the thesis groups by inspecting Fig. 6.2; it states no correlations for §6.2"))
    by_measure = dict(list(means.groupby("measure")))
    for name in CORRECTED_FOR_CHANCE:
        if name not in by_measure:
            continue
        m = by_measure[name]["value"]
        stated = "< 0 (constant)" if name == "nogueira" else "0 (constant)"
        low, high = (round(float(v), 4) + 0.0 for v in (m.min(), m.max()))
        rows.append(comparison_row(
            f"§6.2.2: expected value of {thesis_symbol(name)} per mean number of selected "
            "features (min .. max)", stated, f"{low:.4f} .. {high:.4f}", setting=setting))
    sml = np.asarray(values.get("lustgarten"), dtype=np.float64) if "lustgarten" in values else None
    if sml is not None:
        sizes = all_subsets(sml.shape[0].bit_length() - 1).sum(axis=1)
        best = np.nanmax(sml)
        i, j = np.nonzero(np.isclose(sml, best))
        pairs = sorted({(int(sizes[a]), int(sizes[b])) for a, b in zip(i, j, strict=True)})
        rows.append(comparison_row(
            "§6.2.2: set sizes at which SML reaches its largest value", "(1, 1) and (6, 6)",
            " and ".join(f"({a}, {b})" for a, b in pairs), setting=setting,
            note=f"largest SML value {best:.4f} (SML reaches 1 only as p → ∞)"))
    return rows


def chapter_6_3_comparison(
    values: pd.DataFrame, measures: Sequence[str], groups: Mapping[str, int],
    times: pd.DataFrame,
) -> list[dict[str, str]]:
    """The statements of thesis §6.3.2 next to our numbers (rows of ``comparison.csv``)."""
    rows = []
    n_configs = values.groupby("dataset").size()
    setting = ("configurations per dataset: "
               + ", ".join(f"{d} {n}" for d, n in n_configs.items()))
    clusters: dict[int, list[str]] = {}
    for name, g in groups.items():
        clusters.setdefault(g, []).append(name)
    ours = sorted(clusters.values(), key=len)
    for k, thesis_group in enumerate(sorted(THESIS_FIGURE_6_5_GROUPS, key=len), start=1):
        rows.append(comparison_row(
            f"Fig. 6.5: group {k} of the average-linkage clustering of the mean correlations",
            _members(thesis_group), _members(ours[k - 1]) if k <= len(ours) else "",
            setting=setting, note="groups matched by size; the thesis reads them off Fig. 6.5"))
    for name in ("wald", "nogueira", "kappa", "phi_pairwise", "unadjusted"):
        v = values[name].dropna()
        rows.append(comparison_row(
            f"§6.3.2: share of configurations where {thesis_symbol(name)} is negative",
            "hardly any", f"{(v < 0).mean():.3f}", setting=setting))
    many = values[values["proportion"] > 0.5]
    for name in ("novovicova", "dice", "ochiai", "davis", "jaccard", "zucknick"):
        v = many[name].dropna()
        rows.append(comparison_row(
            f"§6.3.2: smallest {thesis_symbol(name)} when more than half of the features are "
            "selected on average", "no small values", f"{v.min():.3f}" if len(v) else "",
            setting=f"{len(v)} configurations"))
    medians = times.groupby(["dataset", "measure"])["seconds"].median().unstack()
    adjusted = [m for m in ADJUSTED_CORRECTED if m in medians.columns]
    if adjusted:
        fastest = medians[adjusted].apply(
            lambda row: ", ".join(thesis_symbol(m) for m in row.nsmallest(2).index), axis=1)
        for dataset, pair in fastest.items():
            rows.append(comparison_row(
                "§6.3.2: the two fastest adjusted and corrected measures (median run time)",
                "SMY, SMA-Count", pair, dataset=str(dataset)))
    slow_unadjusted = [m for m in medians.columns if m not in (*ADJUSTED_CORRECTED, "zucknick",
                                                               "sechidis")]
    for dataset, row in medians.iterrows():
        rows.append(comparison_row(
            "§6.3.2: largest median run time of an unadjusted measure (s)", "very fast",
            f"{row[slow_unadjusted].max():.4f}", dataset=str(dataset)))
        for name in ("zucknick", "sechidis"):
            if name in row:
                rows.append(comparison_row(
                    f"§6.3.2: median run time of {thesis_symbol(name)} (s)", "< 1",
                    f"{row[name]:.4f}", dataset=str(dataset)))
    failed = int(values[list(measures)].isna().all(axis=1).sum())
    rows.append(comparison_row(
        "§6.3.1: configurations without results", 54, failed, setting=setting,
        note="the thesis loses configurations whose filter keeps fewer than two features "
        "(glmnet needs two); fsstab fits them (no feature: the majority class)"))
    return rows


def not_run_rows(ch6: Mapping, run: Iterable[str]) -> list[dict[str, str]]:
    """Rows for the data sets of ``paper.settings.ch6.real`` (resolved) that are configured
    but not run here (``only_datasets``, e.g. offline), so that ``comparison.csv`` says so."""
    run = set(run)
    return [comparison_row("§6.3: stability measures on real feature sets", "", "",
                           dataset=dataset, note=NOT_RUN_NOTE)
            for dataset in ch6["real"]["datasets"] if dataset not in run]
