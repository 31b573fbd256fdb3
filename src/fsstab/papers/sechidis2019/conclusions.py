"""The claims of Sechidis et al. (2019) checked on our run: ``conclusions.md`` and
``conclusions.csv`` (:func:`fsstab.papers.conclusions.write_conclusions`).

Every claim is a :data:`~fsstab.papers.sechidis2019.reference.STATEMENTS` entry (the paper's
words) with our evidence and a verdict computed by a criterion of
:mod:`fsstab.papers.conclusions`. The thresholds that turn the paper's words into criteria are
the constants below; the *why* column shows each with the numbers it was applied to.

§4.2's claims (Tables 3-4) are all *not testable here*: IPASS is not public, and the stand-in
that runs in its place plants Table 3's covariates as its effects, so what it returns was put
there (:data:`STAND_IN_REASON`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    ConclusionInputs,
    SettingsMatch,
    all_of,
    at_least,
    at_most,
    beyond_noise,
    by_construction,
    cannot_fail,
    claim_maker,
    close_to,
    compare_settings,
    equal_to,
    holds_if,
    not_recomputable,
    not_run,
    not_testable,
    over_cases,
    read_conclusion_inputs,
    same_set,
    write_conclusions,
)
from fsstab.papers.outputs import format_number
from fsstab.papers.sechidis2019.reference import (
    METHODS,
    PAPER_DATA,
    PAPER_RUN,
    PAPER_TABLE1,
    PAPER_TABLE2,
    STATEMENTS,
    UNAVAILABLE,
)
from fsstab.papers.sechidis2019.stages import NOISE_SE
from fsstab.papers.sechidis2019.theorems import (
    THEOREMS_NOT_PUBLISHED,
    intersection_text,
    theorem1_check,
    theorem2_check,
)

__all__ = [
    "CHOSEN",
    "DRAMATIC",
    "EXACT",
    "LEFT_OUT",
    "MILLISECONDS",
    "MUCH_MORE",
    "ORDERS_OF_MAGNITUDE",
    "PREAMBLE",
    "STAND_IN_REASON",
    "TITLE",
    "UNAFFECTED",
    "claims",
    "claims_from_inputs",
    "conclude",
    "conclude_folder",
    "not_run_reason",
    "run_note",
    "split_set",
]

TITLE = ("Sechidis, Papangelou, Nogueira, Weatherall & Brown (2019), \"On the stability of "
         "feature selection in the presence of feature correlations\": conclusions")

#: Values the paper states exactly (0, 1, 2 in the worked example) agree to this tolerance.
EXACT = 1e-12
#: "becomes much more stable": Φ_C - φ at least this much (a tenth of the [0, 1] scale; the
#: paper prints no value of Fig. 2: the project's margin).
MUCH_MORE = 0.1
#: "the average rank of mRMR increases dramatically": its average non-dominated rank improves
#: (falls) by at least this much beyond the noise -- the paper's own Table 2 change, which it
#: calls dramatic (2.9 -> 1.7).
DRAMATIC = PAPER_TABLE2["nogueira"]["mRMR"] - PAPER_TABLE2["sechidis"]["mRMR"]
#: "orders of magnitude faster" (Fig. 1): nPOGR's time over Φ_C's at the largest d at least
#: this ratio (two orders of magnitude: the plural).
ORDERS_OF_MAGNITUDE = 100.0
#: "taking milliseconds" (Fig. 1): Φ_C's time below this at every d, in seconds (milliseconds,
#: not tenths of a second).
MILLISECONDS = 0.1
#: "largely unaffected by the dimensionality" (Fig. 1): Φ_C's time at the largest d over its
#: time at the smallest d below this ratio (less than one order of magnitude).
UNAFFECTED = 10.0
#: The paper's Fig. 1: "M = 50 and various values of d" (the values of d are in the figure).
PAPER_FIGURE1_RUNS = 50

#: Where the paper is silent, what our run chose (stated with every §4.1 claim).
CHOSEN = ("chosen where the paper is silent: k = floor(d/4); RF importance = out-of-bag "
          "permutation importance; 3-NN on features standardised on the training rows; the 5 % "
          "left out not stratified; C keeps |rho| >= 0.5 (the paper: > 0.5)")


#: Why §4.2's claims are not testable (also the our-evidence of the stand-in).
STAND_IN_REASON = (
    "not testable here -- simulation with planted effects: the IPASS data are not public; the "
    "stand-in (fsstab.synthetic.ipass_like) plants Table 3's covariates as its effects and "
    "invents its margins and group correlations, so what it returns was put there (its "
    "tables are not findings)")

PREAMBLE = (
    "§4.1 runs on the six of the paper's ten UCI data sets that can be had here (breast, "
    "ionosphere, landsat, sonar, waveform, wine); musk2, parkinsons, semeion and spect come "
    "from OpenML (no network here). §4.2 (IPASS) is not testable: the trial data are not "
    "public, and the stand-in that runs in its place plants Table 3's covariates as its "
    "effects. eq. (1) and Theorems 1-2 follow from the definitions: *verified by "
    "construction*. The paper's words as numbers: \"unstable\" = φ at most 0 (chance), "
    f"\"perfectly stable\" = Φ_C = 1 (within {EXACT:g}); \"much more stable\" = Φ_C - φ >= "
    f"{MUCH_MORE:g} (the paper prints no value of Fig. 2: the project's margin; not testable "
    "where φ is above 1 - that much: no such gain is possible); an average rank \"increases\" "
    "= its mean change over the data sets is beyond 2 standard errors (their spread over the "
    "data sets: the noise rule of docs/papers.md), \"increases dramatically\" = by at least "
    f"{DRAMATIC:.1f} beyond that (the paper's own 2.9 -> 1.7), \"the best rank\" = below "
    "every other method's by the same rule; \"in most cases\" = in more "
    "than half of the data sets; \"orders of magnitude faster\" = at least "
    f"{ORDERS_OF_MAGNITUDE:g} times at the largest d; \"taking milliseconds\" = under "
    f"{MILLISECONDS:g} s at every d; \"largely unaffected by the dimensionality\" = its time "
    f"grows less than {UNAFFECTED:g}-fold over the d run. Pareto-optimal as §4.1 defines it: "
    "no other method has both higher accuracy and higher stability (ties never dominate; "
    "accuracies equal up to rounding tie). "
    "A Pareto-optimal set is compared with the paper's as a set (same members; the methods "
    "within the accuracy noise of the front are shown beside it); the non-dominated rank of "
    "Table 2 is 1 + the number of methods dominating in that sense (docs/paper-sechidis2019.md, "
    "\"The rank of Table 2\"), averaged over the data sets run. The settings compare the data "
    "(what each configured source is) with the UCI set the paper names. "
    "docs/paper-sechidis2019.md discusses the claims that do not hold."
)

_NO_DATA = SettingsMatch(True, "no data: the selection matrix of eq. (1)")
_STAND_IN = SettingsMatch(False, "IPASS replaced by a simulated stand-in with planted effects")


_claim = claim_maker(STATEMENTS)


def split_set(text: Any) -> list[str]:
    """The members of a set as Table 1 writes it (``"LASSO, MIM"``; empty: none)."""
    return [m.strip() for m in str(text).split(",") if m.strip()] if isinstance(
        text, str) else []


def _braces(members: Sequence[str]) -> str:
    return "{" + ", ".join(members) + "}"


def _paper(dataset: str) -> dict[str, Any]:
    """The paper's settings of ``dataset``'s run: :data:`PAPER_RUN` and its data."""
    return {**PAPER_RUN, "data": PAPER_DATA.get(dataset, "not a data set of the paper")}


def _settings(run: Mapping[str, Mapping[str, Any]], dataset: str) -> SettingsMatch:
    return compare_settings(run[dataset], _paper(dataset), chosen=CHOSEN)


def run_note(run: Mapping[str, Mapping[str, Any]], dataset: str) -> str:
    """The ``note`` of a comparison.csv row from ``dataset``'s run: the run settings of
    :data:`PAPER_RUN` that differ from the paper's (empty when the run used the paper's; the
    data versions are stated in ``conclusions.md``)."""
    ours = {key: value for key, value in run[dataset].items() if key != "data"}
    match = compare_settings(ours, PAPER_RUN)
    return "" if match.same else f"different settings: {match.detail}"


#: Why a data set that can be had here has no results in this run.
LEFT_OUT = ("available here but left out of this run (only_datasets); "
            "docs/paper-sechidis2019.md says why and projects its run time")


def not_run_reason(dataset: str) -> str:
    """Why ``dataset`` (configured, not run) has no results: unavailable here (the reason of
    :data:`~fsstab.papers.sechidis2019.reference.UNAVAILABLE`) or left out of this run."""
    return UNAVAILABLE.get(dataset, LEFT_OUT)


def _combined(run: Mapping[str, Mapping[str, Any]], datasets: Sequence[str],
              extra: str = "") -> SettingsMatch:
    """The settings of a claim over ``datasets``: every difference from the paper's once, and
    ``extra`` (e.g. fewer data sets than the paper) as one more."""
    matches = [compare_settings(run[d], _paper(d)) for d in datasets]
    different = list(dict.fromkeys(part for m in matches if not m.same
                                   for part in m.detail.split("; ")))
    parts = [*different, extra] if extra else different
    if parts:
        return SettingsMatch(False, "; ".join([*parts, CHOSEN]))
    return SettingsMatch(True, CHOSEN)


# --------------------------------------------------------------------------------------------
# eq. (1)
# --------------------------------------------------------------------------------------------


def _eq1_claims(eq1: pd.DataFrame) -> list[Claim]:
    values = dict(zip(eq1["quantity"], eq1["value"], strict=True))
    phi = float(values["stability φ (eq. 3)"])
    phi_c = float(values["effective stability Φ_C (Definition 2)"])
    effective = float(values["average effective intersection |s_i ∩ s_j|_C (Definition 1)"])
    worked = "the paper's worked example, computed from its own Z and C (no data)"
    return [
        _claim("eq1.phi", f"φ = {format_number(phi, 4)}",
               by_construction(at_most(phi, 0.0 + EXACT, what="φ (0: no better than chance)"),
                               worked), _NO_DATA),
        _claim("eq1.effective_intersection",
               f"average effective intersection {format_number(effective, 4)} (every pair of "
               "runs: 2)", by_construction(close_to(effective, 2.0, EXACT,
                                                    what="|s_i ∩ s_j|_C"), worked), _NO_DATA),
        _claim("eq1.phi_c", f"Φ_C = {format_number(phi_c, 4)}",
               by_construction(close_to(phi_c, 1.0, EXACT, what="Φ_C"), worked), _NO_DATA),
    ]


# --------------------------------------------------------------------------------------------
# §4.1: Φ_C against φ (Fig. 2), Table 1, Table 2
# --------------------------------------------------------------------------------------------


def _stabilities(noise: pd.DataFrame, dataset: str) -> dict[str, tuple[float, float]]:
    """method -> (φ, Φ_C) on ``dataset`` (``table1_noise``), in the paper's order of
    methods."""
    part = noise[noise["dataset"] == dataset]
    values: dict[str, dict[str, float]] = {}
    for _, row in part.iterrows():
        values.setdefault(row["method"], {})[row["measure"]] = float(row["stability"])
    order = [m for m in METHODS if m in values] + sorted(set(values) - set(METHODS))
    return {m: (values[m].get("nogueira", float("nan")), values[m].get("sechidis", float("nan")))
            for m in order}


def _gain_text(stab: Mapping[str, tuple[float, float]]) -> str:
    # three decimals: two would print 0.935 -> 0.925 as "0.93 -> 0.93"
    return ", ".join(f"{m} {format_number(p, 3)} -> {format_number(c, 3)}"
                     for m, (p, c) in stab.items())


def _mrmr_gain(p: float, c: float) -> Assessment:
    """"becomes much more stable": a gain of at least :data:`MUCH_MORE`, testable only where
    φ leaves room for it (Φ_C is 1 for a selector whose every change is between similar
    features)."""
    if p > 1.0 - MUCH_MORE:
        return cannot_fail(
            f"mRMR's φ = {format_number(p, 3)} already: a gain of {MUCH_MORE:g} would need "
            f"Φ_C >= {format_number(p + MUCH_MORE, 3)}, above 1 (the ceiling: no gain of that "
            f"size is possible; Φ_C = {format_number(c, 3)})")
    return at_least(c - p, MUCH_MORE, what="Φ_C - φ of mRMR", digits=3)


def _fig2_claims(noise: pd.DataFrame, run_here: Sequence[str],
                 run: Mapping[str, Mapping[str, Any]],
                 theorems: pd.DataFrame | None) -> list[Claim]:
    out: list[Claim] = []
    theorem1: dict[str, Assessment] = {}
    theorem2: dict[str, Assessment] = {}
    worst: dict[str, float] = {}
    mrmr: dict[str, Assessment] = {}
    for name in run_here:
        stab = _stabilities(noise, name)
        if theorems is None:
            theorem1[name] = theorem2[name] = not_recomputable(THEOREMS_NOT_PUBLISHED)
            worst[name] = float("nan")
            shown = "theorems_check not published"
        else:
            mine = theorems[theorems["dataset"] == name]
            theorem1[name] = theorem1_check(mine)
            theorem2[name], worst[name] = theorem2_check(mine)
            shown = intersection_text(mine)
        out.append(_claim(
            f"sec3.underestimate.{name}",
            f"average intersection -> effective: {shown}; "
            f"(the normalised measures, φ -> Φ_C: {_gain_text(stab)})",
            theorem1[name], _settings(run, name), statement="sec3.underestimate",
            dataset=name))
        if "mRMR" in stab:
            p, c = stab["mRMR"]
            gains = sorted(((c2 - p2, m) for m, (p2, c2) in stab.items()), reverse=True)
            place = [m for _, m in gains].index("mRMR") + 1
            mrmr[name] = _mrmr_gain(p, c)
            ours = (f"mRMR {format_number(p, 3)} -> {format_number(c, 3)}; its gain is the "
                    f"{_ordinal(place)} largest of {len(gains)} (largest: {gains[0][1]} "
                    f"{format_number(gains[0][0], 3)})")
        else:
            mrmr[name] = not_testable("mRMR not run")
            ours = ""
        out.append(_claim(f"fig2.mrmr_gains.{name}", ours, mrmr[name], _settings(run, name),
                          statement="fig2.mrmr_gains", dataset=name))
    matches = _combined(run, run_here)
    for key, cases in (("sec3.underestimate", theorem1), ("fig2.mrmr_gains", mrmr)):
        out.append(_claim(f"{key}.all", f"{len(run_here)} data sets", over_cases(cases),
                          matches, statement=key, dataset="all"))
    pairs = 0 if theorems is None else int(theorems["dataset"].isin(list(run_here)).sum())
    finite = [v for v in worst.values() if np.isfinite(v)]
    largest = f"{max(finite):.3g}" if finite else "n/a"
    out.append(_claim(
        "sec3.theorem2", f"left side (M x M: Z C Zᵀ) against k̄_C - tr(C S) (d x d) for "
                         f"{pairs} (data set, method) pairs: largest relative difference "
                         f"{largest}", over_cases(theorem2), matches, dataset="all"))
    return out


def _figure1_claims(timings: pd.DataFrame | None,
                    figure1: Mapping[str, Any] | None) -> list[Claim]:
    """Fig. 1's speed claims from its timings (wall-clock: not reproducible)."""
    if timings is None or timings.empty or figure1 is None:
        reason = not_run("Fig. 1's timings were not run")
        return [_claim(key, "", reason, SettingsMatch(False, "not run"), dataset="random Z")
                for key in ("fig1.faster", "fig1.milliseconds")]
    seconds = timings.pivot_table(index="d", columns="measure", values="seconds")
    ds = sorted(seconds.index)
    n_runs = int(figure1["n_runs"])
    settings = SettingsMatch(
        n_runs == PAPER_FIGURE1_RUNS,
        f"M = {n_runs} (the paper: {PAPER_FIGURE1_RUNS}); d = {', '.join(map(str, ds))} (the "
        "paper's values of d are in its figure, not printed); best of "
        f"{int(figure1['repeats'])} repeats on a shared machine")
    ours = "; ".join(f"d = {d}: Φ_C {seconds.loc[d, 'sechidis']:.3g} s, nPOGR "
                     f"{seconds.loc[d, 'yu']:.3g} s" for d in ds)
    ratio = float(seconds.loc[ds[-1], "yu"] / seconds.loc[ds[-1], "sechidis"])
    faster = at_least(ratio, ORDERS_OF_MAGNITUDE, digits=0,
                      what=f"nPOGR's time over Φ_C's at d = {ds[-1]}")
    slowest = float(seconds["sechidis"].max())
    growth = float(seconds.loc[ds[-1], "sechidis"] / seconds.loc[ds[0], "sechidis"])
    milliseconds = all_of(
        at_most(slowest, MILLISECONDS, digits=4, what="Φ_C's largest time (s)"),
        at_most(growth, UNAFFECTED, digits=1,
                what=f"Φ_C's time at d = {ds[-1]} over d = {ds[0]}"))
    return [_claim("fig1.faster", ours, faster, settings, dataset="random Z"),
            _claim("fig1.milliseconds", ours, milliseconds, settings, dataset="random Z")]


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _within_noise(noise: pd.DataFrame | None, dataset: str, measure: str) -> str:
    """The methods no other method dominates clearly (``table1_noise``), as evidence."""
    if noise is None:
        return ""
    part = noise[(noise["dataset"] == dataset) & (noise["measure"] == measure)
                 & noise["within_noise"].astype(bool)]
    return (f"; within noise (no clear dominator, {NOISE_SE:g} paired SE): "
            f"{_braces([m for m in METHODS if m in set(part['method'])])}")


def _table1_claims(table1: pd.DataFrame, run_here: Sequence[str], configured: Sequence[str],
                   run: Mapping[str, Mapping[str, Any]],
                   noise: pd.DataFrame | None = None) -> list[Claim]:
    out: list[Claim] = []
    changes: dict[str, bool] = {}
    for name in configured:
        paper = PAPER_TABLE1.get(name)
        if paper is None:
            continue
        evidence = f"φ: {_braces(paper[0])}; Φ_C: {_braces(paper[1])}"
        if name not in run_here:
            out.append(_claim(f"table1.not_run.{name}", "",
                              not_testable(not_run_reason(name)),
                              SettingsMatch(False, "data set not run here"),
                              statement="table1.not_run", dataset=name, paper_evidence=evidence))
            continue
        row = table1[table1["dataset"] == name].iloc[0]
        ours = (split_set(row["pareto_optimal_stability"]),
                split_set(row["pareto_optimal_effective_stability"]))
        settings = _settings(run, name)
        for column, (key, symbol) in enumerate((("phi", "φ"), ("phi_c", "Φ_C"))):
            weak_column = ("pareto_optimal_stability_weak",
                           "pareto_optimal_effective_stability_weak")[column]
            weak = (f"; fsstab's front (at least as good in both, better in one): "
                    f"{_braces(split_set(row[weak_column]))}"
                    if weak_column in row.index else "")
            shown = _braces(ours[column]) + weak + _within_noise(
                noise, name, "nogueira" if column == 0 else "sechidis")
            out.append(_claim(
                f"table1.{key}.{name}", shown,
                same_set(ours[column], paper[column], what=f"ours ({symbol})", order=METHODS),
                settings, statement=f"table1.{key}", dataset=name,
                paper_evidence=_braces(paper[column])))
        changes[name] = set(ours[0]) != set(ours[1])
        paper_change = set(paper[0]) != set(paper[1])
        out.append(_claim(
            f"table1.change.{name}", "changes" if changes[name] else "no change",
            equal_to(changes[name], paper_change, what="the set changes from φ to Φ_C"),
            settings, statement="table1.change", dataset=name,
            paper_evidence="changes" if paper_change else "no change"))
    if changes:
        changed = [d for d, c in changes.items() if c]
        out.append(_claim(
            "table1.most_change", f"changes on {len(changed)} of {len(changes)}: "
                                  f"{', '.join(changed) or 'none'}",
            holds_if(len(changed) > len(changes) / 2,
                     f"the set changes on {len(changed)} of {len(changes)} data sets, more "
                     "than half"),
            _combined(run, list(changes), f"{len(changes)} of the paper's 10 data sets"),
            dataset="all"))
    return out


def _ranks(table2: pd.DataFrame, measure: str) -> dict[str, float]:
    part = table2[table2["measure"] == measure]
    return {m: float(r) for m, r in zip(part["method"], part["non_dominated_rank"], strict=True)}


def _rank_text(ranks: Mapping[str, float]) -> str:
    return ", ".join(f"{m} {format_number(r, 2)}" for m, r in
                     sorted(ranks.items(), key=lambda item: (item[1], item[0])))


def _dominators(text: Any) -> int:
    """How many methods ``table1_noise``'s ``dominated_by`` lists ("LASSO (...); GBM (...)")."""
    return len([part for part in str(text).split("; ") if part.strip()]) if text else 0


def per_dataset_ranks(noise: pd.DataFrame, measure: str) -> pd.DataFrame:
    """Table 2's non-dominated rank of every method on every data set (rows: data sets, in
    ``table1_noise``'s order; columns: methods): 1 + the methods that dominate it, the rank
    Table 2 averages."""
    part = noise[noise["measure"] == measure]
    ranks = part.assign(rank=1 + part["dominated_by"].map(_dominators))
    return ranks.pivot(index="dataset", columns="method", values="rank").loc[
        list(dict.fromkeys(part["dataset"]))]


def _mean_change(differences: pd.Series, *, what: str, direction: int = 1,
                 margin: float = 0.0) -> Assessment:
    """A change of an average rank, beyond the noise of its data sets (SE: sd / sqrt(n))."""
    n = int(differences.size)
    se = float(differences.std(ddof=1) / np.sqrt(n)) if n > 1 else float("nan")
    return beyond_noise(float(differences.mean()), se, what=what, direction=direction,
                        margin=margin, digits=2)


def _best(ranks: pd.DataFrame, expected: str) -> Assessment:
    """``expected`` has the best (lowest) average rank: below every other method's beyond
    the noise of the per-data-set differences."""
    if expected not in ranks.columns:
        return not_testable(f"{expected} not ranked")
    return all_of(*(_mean_change(ranks[m] - ranks[expected],
                                 what=f"mean rank {m} - {expected}")
                    for m in ranks.columns if m != expected))


def _table2_claims(table2: pd.DataFrame, noise: pd.DataFrame, run_here: Sequence[str],
                   run: Mapping[str, Mapping[str, Any]]) -> list[Claim]:
    phi, phi_c = _ranks(table2, "nogueira"), _ranks(table2, "sechidis")
    by_phi, by_phi_c = per_dataset_ranks(noise, "nogueira"), per_dataset_ranks(noise, "sechidis")
    settings = _combined(run, run_here,
                         f"ranks averaged over {len(run_here)} of the paper's 10 data sets")
    out = [
        _claim("table2.best_phi", _rank_text(phi), _best(by_phi, "MIM"), settings,
               dataset="all"),
        _claim("table2.best_phi_c", _rank_text(phi_c), _best(by_phi_c, "mRMR"),
               settings, dataset="all"),
    ]
    if {"mRMR"} <= set(phi) & set(phi_c):
        assessment = _mean_change(by_phi["mRMR"] - by_phi_c["mRMR"], margin=DRAMATIC,
                                  what="mRMR's mean rank with φ minus with Φ_C")
    else:
        assessment = not_testable("mRMR not ranked")
    out.append(_claim("table2.mrmr", f"mRMR {format_number(phi.get('mRMR', float('nan')), 2)}"
                                     f" -> {format_number(phi_c.get('mRMR', float('nan')), 2)}",
                      assessment, settings, dataset="all"))
    if {"JMI", "MIM"} <= set(phi) & set(phi_c):
        mim = _mean_change(by_phi["MIM"] - by_phi_c["MIM"],
                           what="MIM's mean rank with φ minus with Φ_C")
        assessment = all_of(
            _mean_change(by_phi["JMI"] - by_phi_c["JMI"],
                         what="JMI's mean rank with φ minus with Φ_C"),
            holds_if(mim.verdict.value != "holds",
                     f"MIM's does not improve beyond noise ({mim.why})"))
        ours = (f"JMI {format_number(phi['JMI'], 2)} -> {format_number(phi_c['JMI'], 2)}; "
                f"MIM {format_number(phi['MIM'], 2)} -> {format_number(phi_c['MIM'], 2)}")
    else:
        assessment, ours = not_testable("JMI or MIM not ranked"), ""
    out.append(_claim("table2.jmi_mim", ours, assessment, settings, dataset="all"))
    return out


# --------------------------------------------------------------------------------------------
# §4.2: IPASS
# --------------------------------------------------------------------------------------------


def _ipass_claims() -> list[Claim]:
    return [_claim(key, "", not_testable(STAND_IN_REASON), _STAND_IN, dataset="IPASS")
            for key in ("table3.top4", "table4.gbm_more_stable", "table4.cmim_within_groups",
                        "table4.reversal")]


def claims(
    *,
    eq1: pd.DataFrame,
    table1: pd.DataFrame,
    table2: pd.DataFrame,
    noise: pd.DataFrame,
    configured: Sequence[str],
    run: Mapping[str, Mapping[str, Any]],
    theorems: pd.DataFrame | None = None,
    timings: pd.DataFrame | None = None,
    figure1: Mapping[str, Any] | None = None,
) -> list[Claim]:
    """Every claim of :data:`~fsstab.papers.sechidis2019.reference.STATEMENTS`, checked, in
    the paper's order.

    ``eq1``, ``table1``, ``table2``: the tables of :mod:`~fsstab.papers.sechidis2019.stages`
    (:func:`~fsstab.papers.sechidis2019.stages.eq1_table`, ``table1``, ``table2``);
    ``noise``: :func:`~fsstab.papers.sechidis2019.stages.pareto_noise` (every method's
    accuracy and stabilities per data set, whom it is dominated by, and which methods are within
    the run's accuracy noise of the front); ``configured``: the §4.1 data sets of the
    configuration (those not run are "not testable here"); ``run``:
    :func:`~fsstab.papers.sechidis2019.settings.run_settings`; ``theorems``:
    :func:`~fsstab.papers.sechidis2019.theorems.theorem_table` of the data sets run (None:
    not published by the run, :data:`THEOREMS_NOT_PUBLISHED`); ``timings``:
    :func:`~fsstab.papers.sechidis2019.stages.figure1_timings` with ``figure1`` its settings
    (``paper.settings.figure1``; without them Fig. 1's claims are not run).
    """
    run_here = [d for d in configured if d in set(table1["dataset"])]
    found = [*_eq1_claims(eq1), *_figure1_claims(timings, figure1)]
    if run_here:
        found += _fig2_claims(noise, run_here, run, theorems)
        found += _table2_claims(table2, noise, run_here, run)
    found += _table1_claims(table1, run_here, configured, run, noise)
    found += _ipass_claims()
    order = list(STATEMENTS.values())
    return sorted(found, key=lambda claim: order.index(claim.statement))


def claims_from_inputs(inputs: ConclusionInputs) -> list[Claim]:
    """:func:`claims` from the files of a run (``conclusions_inputs.json`` and its tables, as
    the rule writes them and ``docs/papers/sechidis2019/`` publishes them)."""
    tables = inputs.tables
    return claims(eq1=tables["eq1_worked_example"], table1=tables["table1_pareto_optimal"],
                  table2=tables["table2_non_dominated_rank"], noise=tables["table1_noise"],
                  theorems=inputs.table("theorems_check"), timings=inputs.table("fig01_timings"),
                  configured=inputs.run["configured"], run=inputs.run["settings"],
                  figure1=inputs.run["figure1"])


def conclude(inputs: ConclusionInputs, markdown: Any, table: Any) -> pd.DataFrame:
    """``conclusions.md`` and ``conclusions.{csv,parquet}`` from a run's inputs (the rule
    ``sechidis2019_conclusions``; the check of the published files)."""
    return write_conclusions(claims_from_inputs(inputs), markdown, table, title=TITLE,
                             preamble=PREAMBLE,
                             metadata={"paper": "sechidis2019", "item": "conclusions"})


def conclude_folder(folder: Any, markdown: Any, table: Any) -> pd.DataFrame:
    """:func:`conclude` from the inputs published in ``folder``."""
    return conclude(read_conclusion_inputs(folder), markdown, table)
