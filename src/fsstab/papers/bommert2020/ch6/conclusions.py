"""Chapter 6's claims checked on our run (rule ``bommert2020_ch6_claims``): Tables 6.3-6.4, the
groups of measures of Figs. 6.2 (all pairs of subsets) and 6.5 (real feature sets) read
strictly, the expected values of Fig. 6.3 (correction for chance, Table 6.1), the real values
and run times of §6.3.2 and the recommendations of §6.4.

Every claim is a :data:`~fsstab.papers.bommert2020.ch6.reference.STATEMENTS` entry with our
evidence and a verdict from a criterion of :mod:`fsstab.papers.conclusions`; the constants
below turn the thesis' words into criteria (:data:`PREAMBLE`). Claims on run times
(:data:`RUN_TIME_CLAIMS`) are load-sensitive and say so in their settings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch6.reference import (
    ADJUSTED_CORRECTED,
    CORRECTED_FOR_CHANCE,
    STATEMENTS,
    THESIS_FIGURE_6_2_GROUPS,
    THESIS_FIGURE_6_5_GROUPS,
    THESIS_RUN,
    THESIS_TABLE_6_3,
)
from fsstab.papers.bommert2020.common import strict_group
from fsstab.papers.bommert2020.conclusions import RUN_TIME_NOTE
from fsstab.papers.bommert2020.reference import THESIS_MEASURES, thesis_symbol
from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    ConclusionInputs,
    SettingsMatch,
    all_of,
    at_least,
    at_most,
    by_construction,
    claim_maker,
    close_to,
    compare_settings,
    equal_to,
    holds_if,
    mark_unpublished,
    not_run,
    not_testable,
    over_cases,
    same_set,
)

__all__ = [
    "CONSTANT",
    "HARDLY_ANY",
    "MUCH_LONGER",
    "PREAMBLE",
    "RUN_TIME_CLAIMS",
    "TABLE_6_4_TOLERANCE",
    "VERY_SIMILAR",
    "claims",
    "claims_from_inputs",
    "run_settings",
]

#: Table 6.4 prints 4 decimals: ours agrees within half a unit of the last one.
TABLE_6_4_TOLERANCE = 5e-5
#: "constant" expected value (Fig. 6.3, exact over all pairs): max - min at most this.
CONSTANT = 1e-9
#: "hardly any negative values": at most this share of the configurations.
HARDLY_ANY = 0.05
#: "very similar" measures: every pairwise (mean) Pearson correlation at least this.
VERY_SIMILAR = 0.95
#: "much longer" run times: the fastest adjusted and corrected measure at least this many
#: times slower (median) than the slowest other measure.
MUCH_LONGER = 10.0
#: "less than one second" (seconds, median).
ONE_SECOND = 1.0
#: Claims whose verdict rests on run times (prefixes of their keys).
RUN_TIME_CLAIMS: tuple[str, ...] = ("ch6.fig6_7.", "ch6.6_4.sma_count_fastest")

PREAMBLE = (
    "Chapter 6 (comparison of stability measures): §6.2 is exact (p = 7, m = 2, all 16,384 "
    "pairs of subsets, θ = 0.9, exact expectations), as in the thesis. The groups of Figs. 6.2 "
    "and 6.5 are read strictly: a group holds only as a cluster of its own of the "
    "average-linkage tree of the (mean) Pearson correlations of the measures cut into 3 "
    "clusters; the thesis reads Fig. 6.2's groups off scatter plots ordered by the first "
    "principal component, so they are also checked as blocks of that order. \"constant\" "
    f"expected value = max - min <= {CONSTANT:g}; Table 6.4 "
    f"within {TABLE_6_4_TOLERANCE:g}; \"hardly any\" = at most {HARDLY_ANY:.0%} of the "
    f"configurations; \"very similar\" = every pairwise correlation >= {VERY_SIMILAR:g}; "
    f"\"much longer\" = at least {MUCH_LONGER:g}x the median run time. Claims on run times "
    "(Figs. 6.7, A.15) are load-sensitive: measured on a shared machine."
)

_claim = claim_maker(STATEMENTS)
_ALL_PAIRS = SettingsMatch(True, "p = 7, m = 2, all 16,384 pairs of subsets, θ = 0.9, exact "
                                 "expectations")


def run_settings(datasets: Sequence[str], n_resamples: int,
                 measure_params: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Our §6.3 settings in the terms of
    :data:`~fsstab.papers.bommert2020.ch6.reference.THESIS_RUN` (the configurations per data
    set are counted from the run's values): the data sets run, the folds of the
    cross-validation and the Monte-Carlo draws of SMY / SMA-* (``measures.params.yu``)."""
    return {"datasets": list(datasets), "data sets": len(datasets), "folds": n_resamples,
            "Monte-Carlo draws": measure_params.get("yu", {}).get("n_estimate", "default")}


def _real_settings(run: Mapping[str, Any], values: pd.DataFrame | None, *,
                   run_times: bool = False) -> SettingsMatch:
    ours = {k: run[k] for k in ("data sets", "folds", "Monte-Carlo draws")}
    if values is not None and len(values):
        counts = values.groupby("dataset").size()
        ours["configurations per data set"] = (int(counts.iloc[0]) if counts.nunique() == 1
                                               else "/".join(map(str, counts)))
    ordered = {k: ours.get(k) for k in THESIS_RUN if k in ours}
    chosen = "data sets: " + (", ".join(run["datasets"]) or "none")
    if run_times:
        chosen += "; " + RUN_TIME_NOTE
    return compare_settings(ordered, THESIS_RUN, chosen=chosen)


def _symbols(names: Sequence[str]) -> list[str]:
    return [thesis_symbol(n) for n in names]


def _listed(names) -> str:
    return ", ".join(names)


def _groups(table: pd.DataFrame) -> dict[str, int]:
    return dict(zip(table["measure"], table["group"].astype(int), strict=True))


def _matrix(table: pd.DataFrame) -> pd.DataFrame:
    return table.set_index("measure").drop(columns="group")


def _group_claims(prefix: str, keys: Sequence[str], thesis_groups, table: pd.DataFrame | None,
                  settings: SettingsMatch, missing: str) -> list[Claim]:
    out = []
    if table is None:
        return [_claim(f"{prefix}.{k}", "", not_testable(missing), settings) for k in keys]
    groups = _groups(table)
    n_groups = len(set(groups.values()))
    for key, group in zip(keys, thesis_groups, strict=True):
        members = _symbols(group)
        alone, cluster = strict_group(groups, members)
        ordered = [m for m in table["measure"] if m in cluster]   # the figure's order
        assessment = (not_run(f"none of {_listed(members)} is computed") if alone is None
                      else holds_if(alone, f"{{{_listed(members)}}} is a cluster of its own at "
                                           f"the cut into {n_groups} clusters"))
        out.append(_claim(f"{prefix}.{key}", "cluster: " + _listed(ordered), assessment,
                          settings))
    return out


def _min_correlation(matrix: pd.DataFrame, members: Sequence[str]) -> tuple[float, str]:
    present = [m for m in members if m in matrix.index]
    block = matrix.loc[present, present].to_numpy(dtype=np.float64)
    i, j = np.triu_indices(len(present), k=1)
    k = int(np.nanargmin(block[i, j]))
    return float(block[i, j][k]), f"{present[i[k]]} & {present[j[k]]}"


def _all_pairs_claims(undefined: pd.DataFrame, table64: pd.DataFrame, pc1_order: pd.DataFrame,
                      correlation: pd.DataFrame, expected: pd.DataFrame) -> list[Claim]:
    ours = dict(zip(undefined["measure"], undefined["undefined"].astype(int), strict=True))
    out = [_claim(
        "ch6.table6_3",
        ", ".join(f"{thesis_symbol(m)} {ours[m]}" for m in THESIS_TABLE_6_3 if m in ours),
        all_of(*(equal_to(ours[m], n, what=thesis_symbol(m)) if m in ours
                 else not_run(f"{thesis_symbol(m)} not computed")
                 for m, n in THESIS_TABLE_6_3.items())), _ALL_PAIRS)]
    out.append(_claim(
        "ch6.table6_4",
        "; ".join(f"{r.symbol} ({r.V1}, {r.V2}) {r.value:.4f}" for r in table64.itertuples()),
        all_of(*(close_to(float(r.value), float(r.thesis), TABLE_6_4_TOLERANCE,
                          what=f"{r.symbol} ({r.V1}, {r.V2})") for r in table64.itertuples())),
        _ALL_PAIRS))
    # the thesis reads Fig. 6.2's groups off scatter plots ordered by PC1: its groups as
    # blocks of that order, then (strictly) as clusters of the correlations
    order = list(pc1_order.sort_values("position")["symbol"])
    parts, first = [], 0
    for group in THESIS_FIGURE_6_2_GROUPS:
        block = order[first:first + len(group)]
        parts.append(same_set(block, _symbols(group),
                              what=f"PC1 positions {first + 1}-{first + len(group)}",
                              order=block))
        first += len(group)
    out.append(_claim("ch6.fig6_2.pc1_blocks", "PC1 order: " + _listed(order), all_of(*parts),
                      _ALL_PAIRS))
    out += _group_claims("ch6.fig6_2", ("uncorrected", "corrected", "adjusted"),
                         THESIS_FIGURE_6_2_GROUPS, correlation, _ALL_PAIRS, "")
    spread = expected.groupby("measure")["value"].agg(["min", "max"])
    constant = [m for m in spread.index if spread.loc[m, "max"] - spread.loc[m, "min"] <= CONSTANT]
    corrected = [m for m in CORRECTED_FOR_CHANCE if m in spread.index]
    parts = []
    for m in corrected:
        low, high = float(spread.loc[m, "min"]), float(spread.loc[m, "max"])
        parts.append(at_most(high - low, CONSTANT, what=f"{thesis_symbol(m)} max - min"))
        parts.append(at_most(high, -CONSTANT, what=f"{thesis_symbol(m)} expected value")
                     if m == "nogueira" else
                     close_to(high, 0.0, CONSTANT, what=f"{thesis_symbol(m)} expected value"))
    out.append(_claim(
        "ch6.fig6_3.corrected",
        "expected value min..max: " + ", ".join(
            f"{thesis_symbol(m)} {spread.loc[m, 'min']:.4f}..{spread.loc[m, 'max']:.4f}"
            for m in corrected),
        all_of(*parts) if parts else not_run("no corrected measure computed"), _ALL_PAIRS))
    increasing = ("davis", "ochiai", "dice", "novovicova", "zucknick", "jaccard")
    parts, shown = [], []
    for m in increasing:
        curve = expected[expected["measure"] == m].sort_values("mean_size")["value"].to_numpy()
        steps = np.diff(curve)
        shown.append(f"{thesis_symbol(m)} {curve[0]:.3f}..{curve[-1]:.3f}")
        parts.append(holds_if(bool(len(steps) and np.all(steps > 0)),
                              f"{thesis_symbol(m)} increases at every one of the "
                              f"{len(steps)} steps of the mean set size (smallest step "
                              f"{steps.min():.3g})"))
    out.append(_claim("ch6.fig6_3.uncorrected",
                      "expected value from the smallest to the largest mean size: "
                      + ", ".join(shown), all_of(*parts), _ALL_PAIRS))
    out.append(_claim(
        "ch6.table6_1.correction",
        "constant expected value: " + _listed(_symbols(constant)),
        same_set(_symbols(constant), _symbols(CORRECTED_FOR_CHANCE),
                 what="measures with a constant expected value",
                 order=list(THESIS_MEASURES.values())),
        SettingsMatch(True, _ALL_PAIRS.detail + "; checked empirically on all pairs (the "
                      "thesis proves it)")))
    return out


def _per_dataset(times: pd.DataFrame, check) -> Assessment:
    medians = times.pivot(index="dataset", columns="measure", values="median")
    return over_cases({str(d): check(row.dropna()) for d, row in medians.iterrows()})


def _real_claims(correlation: pd.DataFrame | None, values: pd.DataFrame | None,
                 times: pd.DataFrame | None, all_pairs_correlation: pd.DataFrame,
                 run: Mapping[str, Any]) -> list[Claim]:
    settings = _real_settings(run, values)
    timed = _real_settings(run, values, run_times=True)
    missing = "§6.3 not run here: no data set of paper.settings.ch6.real.datasets is run"
    out = _group_claims("ch6.fig6_5", ("hamming", "uncorrected", "corrected"),
                        THESIS_FIGURE_6_5_GROUPS, correlation, settings, missing)
    negative = ("wald", "nogueira", "kappa", "phi_pairwise", "unadjusted")
    if values is None:
        out.append(_claim("ch6.6_3.negative", "", not_testable(missing), settings))
    else:
        shares = {m: float((values[m].dropna() < 0).mean()) for m in negative}
        out.append(_claim(
            "ch6.6_3.negative",
            "share of configurations with a negative value: "
            + ", ".join(f"{thesis_symbol(m)} {v:.3f}" for m, v in shares.items()),
            all_of(*(at_most(v, HARDLY_ANY, what=f"{thesis_symbol(m)} share negative")
                     for m, v in shares.items())), settings))
    time_keys = ("ch6.fig6_7.adjusted_slowest", "ch6.fig6_7.zucknick_sechidis",
                 "ch6.fig6_7.fastest_adjusted")
    if times is None:
        out += [_claim(k, "", not_testable(missing), timed) for k in time_keys]
    else:
        medians = times.pivot(index="dataset", columns="measure", values="median")
        shown = "; ".join(
            f"{d}: " + ", ".join(f"{thesis_symbol(m)} {v:.2g}"
                                 for m, v in row.sort_values().items())
            for d, row in medians.iterrows())
        adjusted = list(ADJUSTED_CORRECTED)

        def slowest(row: pd.Series) -> Assessment:
            ours = [m for m in adjusted if m in row.index]
            others = [m for m in row.index if m not in adjusted]
            if not (ours and others):
                return not_run("adjusted-and-corrected or other measures not timed")
            fastest, slowest = row[ours].idxmin(), row[others].idxmax()
            return at_least(float(row[fastest] / row[slowest]), MUCH_LONGER,
                            what=f"fastest adjusted-and-corrected ({thesis_symbol(fastest)}) / "
                                 f"slowest other ({thesis_symbol(slowest)})", digits=2)

        out.append(_claim(time_keys[0], "median seconds: " + shown,
                          _per_dataset(times, slowest), timed))

        def under_a_second(row: pd.Series) -> Assessment:
            present = [m for m in ("zucknick", "sechidis") if m in row.index]
            if not present:
                return not_run("SMZ and SMES not timed")
            return all_of(*(at_most(float(row[m]), ONE_SECOND,
                                    what=f"{thesis_symbol(m)} median seconds") for m in present))

        out.append(_claim(time_keys[1], "median seconds: " + shown,
                          _per_dataset(times, under_a_second), timed))

        def two_fastest(row: pd.Series) -> Assessment:
            present = row[[m for m in adjusted if m in row.index]]
            if len(present) < 2:
                return not_run("fewer than two adjusted-and-corrected measures timed")
            fastest = list(present.nsmallest(2).index)
            return same_set(_symbols(fastest), ["SMY", "SMA-Count"],
                            what="the two fastest adjusted-and-corrected")

        out.append(_claim(time_keys[2], "median seconds: " + shown,
                          _per_dataset(times, two_fastest), timed))
    out += _recommendation_claims(correlation, times, all_pairs_correlation, settings, timed,
                                  missing)
    return out


def _recommendation_claims(correlation: pd.DataFrame | None, times: pd.DataFrame | None,
                           all_pairs: pd.DataFrame, settings: SettingsMatch,
                           timed: SettingsMatch, missing: str) -> list[Claim]:
    out = []
    sma = _symbols(("intersection_mbm", "intersection_greedy", "intersection_count",
                    "intersection_mean"))
    parts, shown = [], []
    for label, table in (("all pairs", all_pairs), ("real", correlation)):
        if table is None:
            parts.append(not_testable(f"{label}: {missing}"))
            continue
        low, pair = _min_correlation(_matrix(table), sma)
        shown.append(f"{label}: smallest {low:.4f} ({pair})")
        parts.append(at_least(low, VERY_SIMILAR, what=f"{label}: smallest correlation of two "
                                                     "SMA variants"))
    out.append(_claim("ch6.6_4.sma_similar", "; ".join(shown), all_of(*parts),
                      settings if correlation is not None else _ALL_PAIRS))
    four = _symbols(("nogueira", "kappa", "phi_pairwise", "unadjusted"))
    uncorrected = _symbols(THESIS_FIGURE_6_5_GROUPS[1])
    if correlation is None:
        out += [_claim(k, "", not_testable(missing), settings)
                for k in ("ch6.6_4.corrected_similar", "ch6.6_4.dice_central")]
    else:
        matrix = _matrix(correlation)
        low, pair = _min_correlation(matrix, four)
        out.append(_claim("ch6.6_4.corrected_similar", f"smallest mean correlation {low:.4f} "
                                                        f"({pair})",
                          at_least(low, VERY_SIMILAR, what="smallest mean correlation of SMN, "
                                                           "SMK, SMP, SMU"), settings))
        present = [m for m in uncorrected if m in matrix.index]
        block = matrix.loc[present, present].astype(float)
        average = {m: float(block.loc[m].drop(m).mean()) for m in present}
        top = max(average.values())
        central = sorted(m for m, v in average.items() if v == top)
        out.append(_claim(
            "ch6.6_4.dice_central",
            "mean correlation with the group's others: "
            + ", ".join(f"{m} {v:.4f}" for m, v in sorted(average.items(),
                                                           key=lambda kv: -kv[1])),
            holds_if(central == ["SMD"],
                     f"SMD alone has the highest mean correlation with the other members of "
                     f"{{{_listed(present)}}} (highest: {_listed(central)} {top:.4f})"),
            settings))
    if times is None:
        out.append(_claim("ch6.6_4.sma_count_fastest", "", not_testable(missing), timed))
    else:
        variants = ("intersection_mbm", "intersection_greedy", "intersection_count",
                    "intersection_mean")

        def fastest(row: pd.Series) -> Assessment:
            present = row[[m for m in variants if m in row.index]]
            if present.empty:
                return not_run("no SMA variant timed")
            return equal_to(thesis_symbol(present.idxmin()), "SMA-Count",
                            what="fastest SMA variant")

        medians = times.pivot(index="dataset", columns="measure", values="median")
        out.append(_claim(
            "ch6.6_4.sma_count_fastest",
            "median seconds: " + "; ".join(
                f"{d}: " + ", ".join(f"{thesis_symbol(m)} {row[m]:.2g}" for m in variants
                                     if m in row.index)
                for d, row in medians.iterrows()),
            _per_dataset(times, fastest), timed))
    return out


def claims(*, undefined: pd.DataFrame, table64: pd.DataFrame, pc1_order: pd.DataFrame,
           all_pairs_correlation: pd.DataFrame, expected: pd.DataFrame,
           real_correlation: pd.DataFrame | None,
           values: pd.DataFrame | None, run_times: pd.DataFrame | None,
           run: Mapping[str, Any]) -> list[Claim]:
    """Chapter 6's claims from the tables of its rules: §6.2's Table 6.3 (``undefined``),
    Table 6.4 (``table64``), Fig. 6.2's PC1 order (``pc1_order``), its correlation table with
    the 3-cluster ``group`` column (``all_pairs_correlation``) and Fig. 6.3's expected values
    (``expected``); §6.3's Fig. 6.5 table (``real_correlation``), the measures' values per
    configuration
    (``values``, :func:`~fsstab.papers.bommert2020.ch6.real.real_values`) and Fig. 6.7's run
    times (``run_times``), None when §6.3 is not run. ``run``: :func:`run_settings`."""
    return [*(_built(c) for c in _all_pairs_claims(undefined, table64, pc1_order,
                                                   all_pairs_correlation, expected)),
            *_real_claims(real_correlation, values, run_times, all_pairs_correlation, run)]


#: §6.2's claims that follow from the measures' definitions (computed on every pair of sets,
#: no data): verified by construction when their check holds.
BY_DEFINITION = {
    "ch6.table6_3": "the measures' definitions (where each is undefined)",
    "ch6.table6_4": "the thesis' worked example, computed from its own sets",
    "ch6.fig6_3.corrected": "the correction for chance of the measures' definitions",
    "ch6.fig6_3.uncorrected": "the measures' definitions (uncorrected: grow with the set size)",
    "ch6.table6_1.correction": "the measures' definitions (Table 6.1's proofs)",
}


def _built(claim: Claim) -> Claim:
    reason = BY_DEFINITION.get(claim.key)
    if reason is None:
        return claim
    return replace(claim, assessment=by_construction(claim.assessment, reason))


#: The claims (keys or key prefixes) -> the inputs of rule ``bommert2020_ch6_claims`` they
#: read (:func:`~fsstab.papers.conclusions.mark_unpublished`); ``values`` gives every §6.3
#: claim its settings (:func:`_real_settings`).
_ALL = ("undefined", "table64", "pc1_order", "all_pairs_correlation", "expected")
READS: dict[str, tuple[str, ...]] = {
    "ch6.table6_3": _ALL, "ch6.table6_4": _ALL, "ch6.fig6_2": _ALL, "ch6.fig6_3": _ALL,
    "ch6.table6_1": _ALL,
    "ch6.fig6_5": ("real_correlation", "values"), "ch6.6_3": ("values",),
    "ch6.fig6_7": ("run_times", "values"),
    "ch6.6_4.sma_similar": ("real_correlation", "all_pairs_correlation", "values"),
    "ch6.6_4.corrected_similar": ("real_correlation", "values"),
    "ch6.6_4.dice_central": ("real_correlation", "values"),
    "ch6.6_4.sma_count_fastest": ("run_times", "values"),
}


def claims_from_inputs(inputs: ConclusionInputs) -> list[Claim]:
    """:func:`claims` from a run's files (``ch6_conclusions_inputs.json`` and its tables); a
    claim whose table the run did not publish is not run (:data:`READS`)."""
    n = inputs.named
    return mark_unpublished(
        claims(undefined=n("undefined"), table64=n("table64"), pc1_order=n("pc1_order"),
               all_pairs_correlation=n("all_pairs_correlation"), expected=n("expected"),
               real_correlation=n("real_correlation"), values=n("values"),
               run_times=n("run_times"), run=inputs.run["run"]),
        inputs, READS)
