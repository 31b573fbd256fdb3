"""Chapter 5's claims checked on our run (rule ``bommert2020_ch5_claims``): the filter groups of
Fig. 5.4 read strictly, the rank correlations of §5.2, the best, worst and Pareto-optimal
filters of §5.3 and the conclusions of §5.5.

Every claim is a :data:`~fsstab.papers.bommert2020.ch5.reference.STATEMENTS` entry with our
evidence and a verdict from a criterion of :mod:`fsstab.papers.conclusions`. The constants
below turn the thesis' words into criteria (:data:`PREAMBLE` states them). Claims whose
verdict rests on run times (:data:`RUN_TIME_CLAIMS`) say so in their settings: the times are
measured on a shared machine and change from run to run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch5.reference import (
    FILTER_GROUP_KEYS,
    ITERATIVE_FILTERS,
    STATEMENTS,
    THESIS_BEST_FILTERS,
    THESIS_FILTER_GROUPS,
    THESIS_MEAN_RANK_CORRELATION,
    THESIS_MIM_INFO_GAIN,
    THESIS_PARETO,
    THESIS_RUN,
    THESIS_TOP_RANK_CORRELATIONS,
    THESIS_WORST_FILTERS,
)
from fsstab.papers.bommert2020.ch5.scaling import at_full
from fsstab.papers.bommert2020.common import strict_group
from fsstab.papers.bommert2020.conclusions import RUN_TIME_NOTE
from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    ConclusionInputs,
    SettingsMatch,
    all_of,
    at_least,
    at_most,
    claim_maker,
    close_to,
    compare_settings,
    holds_if,
    mark_unpublished,
    not_run,
    not_testable,
    over_cases,
    same_set,
)

__all__ = [
    "GOOD_CHOICE_RANK",
    "PREAMBLE",
    "RANK_CORRELATION_TOLERANCE",
    "RUN_TIME_CLAIMS",
    "WORST_QUANTILE",
    "claims",
    "claims_from_inputs",
    "run_settings",
]

#: A mean rank correlation of §5.2 agrees with the thesis' within this (absolute).
RANK_CORRELATION_TOLERANCE = 0.05
#: "Bad predictive performance" (§5.5): the median distance to the best accuracy at least this
#: quantile over the filters (the worst third).
WORST_QUANTILE = 2 / 3
#: "impurity is a good choice" (§5.5): among this many filters closest to the best accuracy.
GOOD_CHOICE_RANK = 5
#: Claims whose verdict rests on run times (prefixes of their keys).
RUN_TIME_CLAIMS: tuple[str, ...] = ("ch5.fig5_1.", "ch5.5_5.scaling", "ch5.fig5_7.",
                                    "ch5.fig5_8.")

PREAMBLE = (
    "Chapter 5 (benchmark of filter methods): the groups of Fig. 5.4 are read strictly -- a "
    "group holds only as a cluster of its own (all its filters and no other) of the "
    "average-linkage tree of the mean rank correlations cut into as many clusters as the "
    "thesis has groups (6); a mean rank correlation agrees within "
    f"{RANK_CORRELATION_TOLERANCE:g}; Fig. 5.6's best (worst) filters are those with the four "
    "largest (nine smallest) row sums, ties at the boundary included, \"no filter\" left out; "
    "\"work well\" = a median distance to the best mean accuracy at most the median over the "
    "filters, \"bad predictive performance\" = in the worst third, \"a good choice\" = among "
    f"the {GOOD_CHOICE_RANK} filters closest to the best accuracy. Claims on run times "
    "(Figs. 5.1, 5.3, 5.7, 5.8) are load-sensitive: measured on a shared machine."
)

_claim = claim_maker(STATEMENTS)


def run_settings(ch5: Mapping[str, Any], run: Sequence[str],
                 features: Mapping[str, int | None]) -> dict[str, Any]:
    """Our run's settings in the terms of
    :data:`~fsstab.papers.bommert2020.ch5.reference.THESIS_RUN`, from the resolved
    ``paper.settings.ch5``, the data sets run here (``run``) and each data set's number of
    features after prefiltering (``features``; None: all). ``data`` says which data sets."""
    datasets = [d for d in ch5["datasets"] if d in set(run)]
    scaling, benchmark = ch5["scaling"], ch5["benchmark"]

    def described(name: str) -> str:
        n = features.get(name)
        return name if n is None else f"{name} (its {n:g} features of largest variance)"

    return {
        "scaling": {"base data set": scaling["dataset"],
                    "observations": scaling["n_observations"],
                    "features": scaling["n_features"],
                    "percentages": len(scaling["fractions"]),
                    "repetitions": scaling["repetitions"]},
        "ranking": {"data sets": len(datasets)},
        "benchmark": {"data sets": len(datasets), "outer folds": benchmark["outer_folds"],
                      "inner folds": benchmark["inner_folds"],
                      "configurations": benchmark["n_configurations"]},
        "data": "data sets: " + (", ".join(described(d) for d in datasets) or "none"),
        "scaling_data": described(scaling["dataset"]),
    }


def _settings(run: Mapping[str, Any], part: str, *, run_times: bool = False) -> SettingsMatch:
    chosen = run["scaling_data"] if part == "scaling" else run["data"]
    if run_times:
        chosen = f"{chosen}; {RUN_TIME_NOTE}"
    return compare_settings(run[part], THESIS_RUN[part], chosen=chosen)


def _members(names) -> str:
    return ", ".join(names)


# --------------------------------------------------------------------------------------------
# §5.1
# --------------------------------------------------------------------------------------------


def _scaling_claims(scaling: pd.DataFrame | None, run: Mapping[str, Any]) -> list[Claim]:
    settings = _settings(run, "scaling", run_times=True)
    if scaling is None:
        why = not_testable(f"§5.1 not run here: its base data set {run['scaling']['base data set']}"
                           " is not run")
        return [_claim(k, "", why, settings) for k in ("ch5.fig5_1.cmim", "ch5.5_5.scaling")]
    select = at_full(scaling, "select")
    features = at_full(scaling, "features")
    top = select[select == select.max()]
    shown = ", ".join(f"{f} {v:.2f}" for f, v in select.sort_values(ascending=False).items())
    cmim = (holds_if(list(top.index) == ["CMIM"],
                     f"the largest relative run time at 100 % selected is CMIM's alone "
                     f"(largest: {', '.join(top.index)} {select.max():.2f})")
            if "CMIM" in select.index else not_run("CMIM is not run"))
    out = [_claim("ch5.fig5_1.cmim", f"relative run time at 100 % selected: {shown}", cmim,
                  settings)]
    parts, evidence = [], []
    for figure, values in (("5.1", select), ("5.3", features)):
        iterative = [f for f in ITERATIVE_FILTERS if f in values.index]
        others = [f for f in values.index if f not in ITERATIVE_FILTERS]
        if not (iterative and others):
            parts.append(not_run(f"Fig. {figure}: iterative or other filters not run"))
            continue
        low, high = values[iterative].min(), values[others].max()
        parts.append(holds_if(
            bool(low > high),
            f"Fig. {figure}: every iterative filter's relative run time at 100 % above every "
            f"other filter's (iterative min {low:.2f} {values[iterative].idxmin()}, others max "
            f"{high:.2f} {values[others].idxmax()})"))
        evidence.append(f"Fig. {figure}: iterative {low:.2f}..{values[iterative].max():.2f}, "
                        f"others {values[others].min():.2f}..{high:.2f}")
    out.append(_claim("ch5.5_5.scaling", "; ".join(evidence), all_of(*parts), settings))
    return out


# --------------------------------------------------------------------------------------------
# §5.2
# --------------------------------------------------------------------------------------------


def _pair(a: str, b: str) -> str:
    return " & ".join(sorted((a, b)))


def _ranking_claims(ranking: pd.DataFrame | None, top_pairs: pd.DataFrame | None,
                    run: Mapping[str, Any]) -> list[Claim]:
    settings = _settings(run, "ranking")
    group_keys = [*(f"ch5.fig5_4.{k}" for k in FILTER_GROUP_KEYS),
                  *(f"ch5.fig5_4.alone.{g[0]}" for g in THESIS_FILTER_GROUPS[4:])]
    keys = [*group_keys, "ch5.5_2.mean", "ch5.5_2.top_ten.pairs", "ch5.5_2.top_ten.values",
            "ch5.5_2.mim_info_gain"]
    if ranking is None or top_pairs is None:
        why = not_testable("§5.2 not run here: no data set of paper.settings.ch5.datasets is run")
        return [_claim(k, "", why, settings, statement=_statement_of(k)) for k in keys]
    groups = dict(zip(ranking["filter"], ranking["group"].astype(int), strict=True))
    n_groups = len(set(groups.values()))
    mean = ranking.set_index("filter").drop(columns="group")
    out = []
    for key, group in zip(group_keys, THESIS_FILTER_GROUPS, strict=True):
        alone, cluster = strict_group(groups, group)
        ours = "cluster: " + _members(sorted(cluster)) if cluster else ""
        if alone is None:
            assessment = not_run(f"none of {_members(group)} is run")
        else:
            assessment = holds_if(
                alone, f"{{{_members(group)}}} is a cluster of its own at the cut into "
                       f"{n_groups} clusters (ours: {{{_members(sorted(cluster))}}})")
        out.append(_claim(key, ours, assessment, settings, statement=_statement_of(key)))
    average = float(mean.to_numpy().mean())
    out.append(_claim("ch5.5_2.mean", f"{average:.4f}",
                      close_to(average, THESIS_MEAN_RANK_CORRELATION, RANK_CORRELATION_TOLERANCE,
                               what="mean rank correlation"), settings))
    ours_top = [_pair(a, b) for a, b in zip(top_pairs["a"], top_pairs["b"], strict=True)]
    thesis_top = [_pair(a, b) for a, b, _ in THESIS_TOP_RANK_CORRELATIONS]
    out.append(_claim(
        "ch5.5_2.top_ten.pairs",
        "; ".join(f"{p} {v:.4f}" for p, v in zip(ours_top, top_pairs["value"], strict=True)),
        same_set(ours_top, thesis_top, what="our ten highest pairs", order=thesis_top),
        settings, statement="ch5.5_2.top_ten"))
    cases = {}
    for a, b, value in THESIS_TOP_RANK_CORRELATIONS:
        if a in mean.index and b in mean.index:
            cases[_pair(a, b)] = close_to(float(mean.loc[a, b]), value,
                                          RANK_CORRELATION_TOLERANCE, what=_pair(a, b))
        else:
            cases[_pair(a, b)] = not_run(f"{a} or {b} not run")
    out.append(_claim(
        "ch5.5_2.top_ten.values",
        "; ".join(f"{_pair(a, b)} {mean.loc[a, b]:.4f}" for a, b, _ in THESIS_TOP_RANK_CORRELATIONS
                  if a in mean.index and b in mean.index),
        over_cases(cases), settings, statement="ch5.5_2.top_ten"))
    if "MIM" in mean.index and "info.gain" in mean.index:
        value = float(mean.loc["MIM", "info.gain"])
        out.append(_claim("ch5.5_2.mim_info_gain", f"{value:.4f}",
                          close_to(value, THESIS_MIM_INFO_GAIN, RANK_CORRELATION_TOLERANCE,
                                   what="MIM & info.gain"), settings))
    else:
        out.append(_claim("ch5.5_2.mim_info_gain", "", not_run("MIM or info.gain not run"),
                          settings))
    return out


def _statement_of(key: str) -> str:
    """The statement key of a per-case claim key."""
    for prefix in ("ch5.fig5_4.alone", "ch5.5_2.top_ten", "ch5.5_5.group_best"):
        if key.startswith(prefix + "."):
            return prefix
    return key


# --------------------------------------------------------------------------------------------
# §5.3 and §5.5
# --------------------------------------------------------------------------------------------


def _boundary_set(sums: pd.Series, n: int, *, largest: bool) -> list[str]:
    """The ``n`` largest (smallest) entries, ties at the n-th included, in the order of the
    values."""
    ordered = sums.sort_values(ascending=not largest, kind="stable")
    bound = ordered.iloc[min(n, len(ordered)) - 1]
    return [f for f, v in ordered.items() if (v >= bound if largest else v <= bound)]


def _benchmark_claims(wins: pd.DataFrame | None, filter_time: pd.DataFrame | None,
                      entire_time: pd.DataFrame | None, accuracy: pd.DataFrame | None,
                      run: Mapping[str, Any]) -> list[Claim]:
    settings = _settings(run, "benchmark")
    timed = _settings(run, "benchmark", run_times=True)
    pareto_keys = [f"ch5.fig5_{n}.{s.replace(' ', '_')}" for n in ("7", "8")
                   for s in ("median", "upper quartile")]
    keys = ["ch5.fig5_6.best", "ch5.fig5_6.no_dominant", "ch5.fig5_6.worst", *pareto_keys,
            "ch5.5_5.no_subset", "ch5.5_5.work_well", "ch5.5_5.group_best.auc",
            "ch5.5_5.group_best.sym.uncert", "ch5.5_5.neglect", "ch5.5_5.impurity"]
    if any(t is None for t in (wins, filter_time, entire_time, accuracy)):
        why = not_testable("§5.3 not run here: no data set of paper.settings.ch5.datasets is run")
        return [_claim(k, "", why, timed if k in pareto_keys else settings,
                       statement=_statement_of(k)) for k in keys]
    out = []
    matrix = wins.set_index("filter")
    filters = [f for f in matrix.index if f != "none"]
    matrix = matrix.loc[filters, filters]
    sums = matrix.sum(axis=1)
    ranked = "row sums: " + ", ".join(f"{f} {v:g}" for f, v in sums.sort_values(
        ascending=False, kind="stable").items())
    best = _boundary_set(sums, len(THESIS_BEST_FILTERS), largest=True)
    out.append(_claim("ch5.fig5_6.best", ranked,
                      same_set(best, THESIS_BEST_FILTERS, what="the four largest row sums",
                               order=best), settings))
    n_datasets = int(accuracy["dataset"].nunique())
    beaten = (matrix == n_datasets).sum(axis=1)
    dominant = [f for f in filters if beaten[f] == len(filters) - 1]
    most = beaten.idxmax()
    out.append(_claim(
        "ch5.fig5_6.no_dominant",
        f"{most} beats {beaten[most]} of the other {len(filters) - 1} filters on all "
        f"{n_datasets} data sets",
        holds_if(not dominant, f"no filter has the higher mean accuracy than every other "
                               f"filter on all {n_datasets} data sets"
                               + (f" (does: {_members(dominant)})" if dominant else "")),
        settings))
    worst = _boundary_set(sums, len(THESIS_WORST_FILTERS), largest=False)
    out.append(_claim("ch5.fig5_6.worst", ranked,
                      same_set(worst, THESIS_WORST_FILTERS, what="the nine smallest row sums",
                               order=worst), settings))
    for key, (time_kind, statistic) in zip(pareto_keys, THESIS_PARETO, strict=True):
        frame = filter_time if time_kind == "filter" else entire_time
        column = "pareto_median" if statistic == "median" else "pareto_q75"
        ours = list(frame.loc[frame[column].astype(bool), "filter"])
        out.append(_claim(key, _members(ours),
                          same_set(ours, THESIS_PARETO[(time_kind, statistic)],
                                   what="Pareto-optimal", order=ours), timed))
    out += _section_5_5_claims(accuracy, entire_time, settings)
    return out


def _section_5_5_claims(accuracy: pd.DataFrame, relative: pd.DataFrame,
                        settings: SettingsMatch) -> list[Claim]:
    out = []
    table = accuracy[accuracy["filter"] != "none"].pivot(index="dataset", columns="filter",
                                                         values="accuracy_mean")
    best = {d: sorted(row.index[np.isclose(row, row.max())]) for d, row in table.iterrows()}
    shown = "; ".join(f"{d}: {_members(f)}" for d, f in best.items())
    if len(best) > 1:
        common = set.intersection(*(set(f) for f in best.values()))
        assessment = holds_if(not common, "no filter has the best mean accuracy on every data "
                                          "set" + (f" ({_members(sorted(common))} does)"
                                                   if common else ""))
    else:
        assessment = not_testable("one data set run: nothing to differ between")
    out.append(_claim("ch5.5_5.no_subset", f"best mean accuracy: {shown}", assessment,
                      settings))
    rel = relative[relative["filter"] != "none"].set_index("filter")["accuracy_median"]
    overall = float(rel.median())

    def distance(names) -> str:
        return ", ".join(f"{f} {rel[f]:.4f}" for f in names)

    def each(names, check) -> Assessment:
        present = [f for f in names if f in rel.index]
        if not present:
            return not_run(f"none of {_members(names)} is run")
        return all_of(*(check(f) for f in present))

    recommended = [f for f in ("JMI", "MIM", "impurity") if f in rel.index]
    out.append(_claim(
        "ch5.5_5.work_well", "median distance to the best mean accuracy: " + distance(recommended),
        each(("JMI", "MIM", "impurity"),
             lambda f: at_most(float(rel[f]), overall, what=f"{f} (median over filters)")),
        settings))
    for name, group in (("auc", THESIS_FILTER_GROUPS[1]), ("sym.uncert", THESIS_FILTER_GROUPS[2])):
        members = [f for f in group if f in rel.index]
        key = f"ch5.5_5.group_best.{name}"
        if name not in rel.index:
            out.append(_claim(key, "", not_run(f"{name} not run"), settings,
                              statement="ch5.5_5.group_best"))
            continue
        winner = rel[members].idxmin()
        out.append(_claim(
            key, "median distance to the best mean accuracy: " + distance(members),
            holds_if(bool(np.isclose(rel[name], rel[members].min())),
                     f"{name} has the smallest median distance in its group ({_members(group)};"
                     f" smallest: {winner} {rel[winner]:.4f})"),
            settings, statement="ch5.5_5.group_best"))
    bound = float(rel.quantile(WORST_QUANTILE))
    neglect = [f for f in ("MRMR", "variance") if f in rel.index]
    out.append(_claim(
        "ch5.5_5.neglect", "median distance to the best mean accuracy: " + distance(neglect),
        each(("MRMR", "variance"), lambda f: at_least(
            float(rel[f]), bound, what=f"{f} (worst third: the {WORST_QUANTILE:.3g} quantile "
                                       "over filters)")),
        settings))
    if "impurity" in rel.index:
        rank = int((rel < rel["impurity"]).sum()) + 1
        assessment = at_most(rank, GOOD_CHOICE_RANK,
                             what=f"impurity's rank among {len(rel)} filters by median distance "
                                  "to the best accuracy")
        ours = f"rank {rank} of {len(rel)} ({rel['impurity']:.4f})"
    else:
        assessment, ours = not_run("impurity not run"), ""
    out.append(_claim("ch5.5_5.impurity", ours, assessment, settings))
    return out


def claims(*, ranking: pd.DataFrame | None, top_pairs: pd.DataFrame | None,
           wins: pd.DataFrame | None, filter_time: pd.DataFrame | None,
           entire_time: pd.DataFrame | None, accuracy: pd.DataFrame | None,
           scaling: pd.DataFrame | None, run: Mapping[str, Any]) -> list[Claim]:
    """Chapter 5's claims from the tables of its rules: ``ranking`` = Fig. 5.4's table (mean
    rank correlations with the ``group`` column of the six-cluster cut), ``top_pairs`` = Table
    5.2's ten highest pairs, ``wins`` = Fig. 5.6, ``filter_time`` / ``entire_time`` = Figs.
    5.7 / 5.8's tables (relative accuracy and time, Pareto flags), ``accuracy`` = the mean
    accuracies, ``scaling`` = Table 5.1 (§5.1); None where the part is not run (its claims are
    then not testable). ``run``: :func:`run_settings`."""
    return [*_scaling_claims(scaling, run), *_ranking_claims(ranking, top_pairs, run),
            *_benchmark_claims(wins, filter_time, entire_time, accuracy, run)]


#: The claims (keys or key prefixes) -> the inputs of rule ``bommert2020_ch5_claims`` they
#: read (:func:`~fsstab.papers.conclusions.mark_unpublished`): §5.3-5.5's claims need all
#: four benchmark tables (:func:`_benchmark_claims`).
_BENCHMARK = ("wins", "filter_time", "entire_time", "accuracy")
READS: dict[str, tuple[str, ...]] = {
    "ch5.fig5_1": ("scaling",), "ch5.5_5.scaling": ("scaling",),
    "ch5.fig5_4": ("ranking", "top_pairs"), "ch5.5_2": ("ranking", "top_pairs"),
    **dict.fromkeys(("ch5.fig5_6", "ch5.fig5_7", "ch5.fig5_8", "ch5.5_5.no_subset",
                     "ch5.5_5.work_well", "ch5.5_5.group_best", "ch5.5_5.neglect",
                     "ch5.5_5.impurity"), _BENCHMARK),
}


def claims_from_inputs(inputs: ConclusionInputs) -> list[Claim]:
    """:func:`claims` from a run's files (``ch5_conclusions_inputs.json`` and its tables); a
    claim whose table the run did not publish is not run (:data:`READS`)."""
    n = inputs.named
    return mark_unpublished(
        claims(ranking=n("ranking"), top_pairs=n("top_pairs"), wins=n("wins"),
               filter_time=n("filter_time"), entire_time=n("entire_time"),
               accuracy=n("accuracy"), scaling=n("scaling"), run=inputs.run["run"]),
        inputs, READS)
