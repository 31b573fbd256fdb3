"""Thesis §5.5: the chapter's conclusions, each checked on our run (``table5_5_conclusions``)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch5.reference import ITERATIVE_FILTERS, THESIS_FILTER_GROUPS
from fsstab.papers.bommert2020.ch5.scaling import at_full
from fsstab.papers.bommert2020.common import average_linkage_groups, partition

__all__ = ["conclusions_table"]


def _verdict(ok: bool | None) -> str:
    return "not testable" if ok is None else ("yes" if ok else "no")


def conclusions_table(
    relative_times_frame: pd.DataFrame | None, mean_rank: pd.DataFrame,
    accuracy: pd.DataFrame, relative_accuracy: pd.DataFrame,
) -> pd.DataFrame:
    """Thesis §5.5, one row per conclusion: how we check it on our run, the evidence and
    whether it holds. ``relative_times_frame`` is Table 5.1 of §5.1 (None when §5.1 is not
    run: its conclusion is then "not testable"); ``mean_rank`` the mean rank correlations of
    Fig. 5.4; ``accuracy`` the per (dataset, filter) mean accuracy; ``relative_accuracy`` the
    median distance to the best filter (``accuracy_median``)."""
    rows = []

    def add(conclusion: str, criterion: str, evidence: str, ok: bool | None) -> None:
        rows.append({"conclusion": conclusion, "criterion": criterion, "evidence": evidence,
                     "supported": _verdict(ok)})

    groups = average_linkage_groups(mean_rank, min(len(THESIS_FILTER_GROUPS), len(mean_rank)))
    ours = set(partition(groups))
    for group in THESIS_FILTER_GROUPS:
        present = [f for f in group if f in groups]
        if not present:
            continue
        # strict (issue 13): the group is a cluster of its own -- all its members in one
        # cluster and no other filter in it; two of the thesis' groups merged into one
        # cluster support neither
        together = len({groups[f] for f in present}) == 1
        alone = together and sum(groups[f] == groups[present[0]] for f in groups) == len(present)
        cluster = next(c for c in ours if present[0] in c)
        add(f"{', '.join(group)} {'rank' if len(group) > 1 else 'ranks'} the features "
            f"{'similarly' if len(group) > 1 else 'unlike any other filter'}",
            f"exactly one cluster (its members and no other filter) of the average-linkage "
            f"tree of the mean rank correlations cut into {len(THESIS_FILTER_GROUPS)} groups",
            f"cluster: {', '.join(sorted(cluster))}",
            alone)
    scaling_conclusion = ("NJMIM, DISR, JMIM, JMI, CMIM and MRMR scale differently (their "
                          "scores are computed iteratively)")
    scaling_criterion = ("relative run time at 100 % selected: every iterative filter above "
                         "every other one")
    if relative_times_frame is None:
        add(scaling_conclusion, scaling_criterion,
            "§5.1 not run (its base data set is not run)", None)
    else:
        select = at_full(relative_times_frame, "select")
        iterative = [f for f in ITERATIVE_FILTERS if f in select.index]
        others = [f for f in select.index if f not in ITERATIVE_FILTERS]
        if iterative and others:
            add(scaling_conclusion, scaling_criterion,
                f"iterative min {select[iterative].min():.2f}, others max "
                f"{select[others].max():.2f}",
                bool(select[iterative].min() > select[others].max()))
    table = accuracy.pivot(index="dataset", columns="filter", values="accuracy_mean")
    best = table.idxmax(axis=1)
    several = table.shape[0] > 1
    add("no subset of filters outperforms all others; the best filter depends on the data set",
        "the filter with the best mean accuracy differs between data sets",
        "; ".join(f"{d}: {f}" for d, f in best.items()),
        (best.nunique() > 1) if several else None)
    rel = relative_accuracy.set_index("filter")["accuracy_median"]
    overall = float(rel.median())
    recommended = [f for f in ("JMI", "MIM", "impurity") if f in rel.index]
    add("JMI, MIM and impurity work well in most data situations",
        "their median distance to the best mean accuracy is at most the median over filters "
        f"({overall:.4f})", ", ".join(f"{f} {rel[f]:.4f}" for f in recommended),
        all(rel[f] <= overall for f in recommended) if recommended else None)
    worst_third = rel.quantile(2 / 3)
    neglect = [f for f in ("MRMR", "variance") if f in rel.index]
    add("MRMR and variance can be neglected due to bad predictive performance",
        f"their median distance to the best mean accuracy is in the worst third "
        f"(>= {worst_third:.4f})", ", ".join(f"{f} {rel[f]:.4f}" for f in neglect),
        all(rel[f] >= worst_third for f in neglect) if neglect else None)
    for name, group in (("auc", THESIS_FILTER_GROUPS[1]), ("sym.uncert", THESIS_FILTER_GROUPS[2])):
        members = [f for f in group if f in rel.index]
        if name in rel.index:
            winner = rel[members].idxmin()
            add(f"{name} performs best within its group ({', '.join(group)})",
                "smallest median distance to the best mean accuracy within the group",
                f"best: {winner} ({rel[winner]:.4f}); {name}: {rel[name]:.4f}",
                bool(np.isclose(rel[name], rel[members].min())))
    if "impurity" in rel.index:
        rank = int((rel < rel["impurity"]).sum()) + 1
        add("if only one filter can be tried, impurity is a good choice",
            "impurity is among the five filters closest to the best accuracy (median)",
            f"impurity ranks {rank} of {len(rel)} ({rel['impurity']:.4f})", rank <= 5)
    return pd.DataFrame(rows)
