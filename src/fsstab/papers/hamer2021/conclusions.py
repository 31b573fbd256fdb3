"""The claims of Hamer & Dupont (2021) checked on our run: ``conclusions.md`` and
``conclusions.csv`` (:func:`fsstab.papers.conclusions.write_conclusions`).

Every claim is a :data:`~fsstab.papers.hamer2021.reference.STATEMENTS` entry (the paper's
words) with our evidence and a verdict computed by a criterion of
:mod:`fsstab.papers.conclusions`. The thresholds that turn the paper's words into criteria are
the constants below (and :data:`~fsstab.papers.hamer2021.decisions.EQUAL_ACCURACY_SE`); the
*why* column shows each with the numbers it was applied to.

The headline claim of §6.1 / Fig. 9 ("far better trade-offs are reachable with the hybrid-RFE")
is checked on fronts that exclude N = 0: at every point of the plain RFE's Pareto front (N = 0,
model selection over λ and λ_f), the best hybrid-RFE setting with N ≥ 1 of equal accuracy must
be more stable by at least :data:`MIN_STABILITY_GAIN`; it fails where the hybrid-RFE is less
stable or never reaches the RFE's accuracy.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    SettingsMatch,
    all_of,
    at_least,
    at_most,
    claim_maker,
    close_to,
    compare_settings,
    every_at_least,
    holds_if,
    not_testable,
    over_cases,
    same_ordering,
)
from fsstab.papers.hamer2021.decisions import (
    EQUAL_ACCURACY_SE,
    HYBRID_METHOD,
    RFE_METHOD,
)
from fsstab.papers.hamer2021.reference import (
    MEASURES,
    PAPER_SETTINGS,
    STATEMENTS,
    TABLE3_FILTERED,
    TABLE5,
    TOY_FIGURES,
)
from fsstab.papers.outputs import NOT_RUN_NOTE, format_number

__all__ = [
    "APPROXIMATELY_CONSTANT",
    "DRASTIC",
    "EXACT",
    "HIGH",
    "MIN_STABILITY_GAIN",
    "NOTICEABLE",
    "N_STANDARD_ERRORS",
    "PREAMBLE",
    "TABLE5_CLOSE",
    "TITLE",
    "claims",
    "paper_settings",
]

TITLE = ("Hamer & Dupont (2021), \"An importance weighted feature selection stability "
         "measure\": conclusions")

#: Values the paper derives exactly for d → ∞ (Fig. 6; φ = 1) agree within this tolerance
#: (our d = 10⁶ is finite: the finite-d terms are of order k/d = 2·10⁻⁵).
EXACT = 1e-3
#: "high" stability (Fig. 3): at least this.
HIGH = 0.8
#: "drastically overestimated" / "able to assess this instability" (Figs. 4-5): φ exceeds the
#: importance-based measure by at least this (a quarter of the measures' 0-1 scale).
DRASTIC = 0.25
#: "increases" / "decreases" with c (Fig. 8): the change of the mean over the generative seeds
#: from the smallest to the largest c exceeds this many standard errors of the difference.
N_STANDARD_ERRORS = 2.0
#: "approximately constant" with c (Fig. 8): the means over the seeds stay within a band of
#: this width over every c.
APPROXIMATELY_CONSTANT = 0.05
#: "better stability" (Fig. 9): the hybrid-RFE's stability at equal accuracy exceeds the
#: RFE's by at least this.
MIN_STABILITY_GAIN = 0.02
#: Table 5's accuracy and stabilities agree when they differ by at most this (the paper gives
#: no standard errors; with M = 30 a stability estimate varies by a few hundredths).
TABLE5_CLOSE = 0.05
#: Fig. 19, "no noticeable difference": the largest c_v is at most this factor above the
#: smallest.
NOTICEABLE = 1.1

PREAMBLE = (
    "§4 (Figs. 3-6) is checked on toy maps built from the paper's description only (the "
    "choices where it is silent: docs/paper-hamer2021.md, `fsstab.papers.hamer2021.toy`); §5.3 "
    "(Figs. 7-8) on the correlated-groups simulation; §6-7 on the workflow's runs. The "
    f"paper's words as numbers: \"high\" = at least {HIGH:g}; \"drastically overestimated\" / "
    f"\"able to assess the instability\" = φ at least {DRASTIC:g} above the measure; "
    f"\"increases\" / \"decreases\" with c = a change of the mean over the generative seeds "
    f"from the smallest to the largest c beyond {N_STANDARD_ERRORS:g} standard errors of the "
    f"difference; \"approximately constant\" = within a band of {APPROXIMATELY_CONSTANT:g}. "
    "Fig. 9: the hybrid-RFE front has only settings with N ≥ 1 forced features, the RFE front "
    "only N = 0; \"better stability at equal accuracy\" = at every Pareto-optimal RFE setting, "
    f"a hybrid-RFE setting whose mean accuracy is at most {EQUAL_ACCURACY_SE:g} standard error "
    "of the RFE setting's mean out-of-bag accuracy below it (or above it) is at least "
    f"{MIN_STABILITY_GAIN:g} more stable; areas dominated with respect to the reference point "
    "of `section71.area_reference`. Table 5 agrees within "
    f"{TABLE5_CLOSE:g}; Fig. 19's \"no noticeable difference\" = largest c_v at most "
    f"{NOTICEABLE:g} × the smallest. docs/paper-hamer2021.md discusses the claims that do not "
    "hold."
)

_SYMBOL = {"nogueira": "φ", "pearson": "φ_pears", "importance_weighted": "φ_iw",
           "canberra": "φ_can", "sechidis": "φ_C"}
_NOT_RUN = SettingsMatch(False, "data set not run here")
_METHOD_NOT_RUN = SettingsMatch(False, "method not run here")


_claim = claim_maker(STATEMENTS)


def _show(value: float, digits: int = 3) -> str:
    return format_number(float(value), digits)


def paper_settings(part: str, dataset: str = "") -> dict[str, Any]:
    """The paper's settings of ``part`` (:data:`~fsstab.papers.hamer2021.reference.
    PAPER_SETTINGS`), with Table 3's prefiltering for a §7.1 data set."""
    paper = dict(PAPER_SETTINGS[part])
    if part == "section71":
        filtered = TABLE3_FILTERED.get(dataset)
        paper["d after filtering"] = ("none" if dataset in ("alon", "gravier") or filtered is None
                                      else filtered)
    return paper


def _settings(run: Mapping[str, Any], part: str, dataset: str = "", *,
              chosen: str = "") -> SettingsMatch:
    ours = run[part][dataset] if dataset else run[part]
    return compare_settings(ours, paper_settings(part, dataset), chosen=chosen)


def _combined(matches: Sequence[SettingsMatch]) -> SettingsMatch:
    different = [m.detail for m in matches if not m.same]
    if not matches:
        return _NOT_RUN
    return SettingsMatch(not different, "; ".join(dict.fromkeys(different)))


# --------------------------------------------------------------------------------------------
# §4: the toy maps (Figs. 3-6)
# --------------------------------------------------------------------------------------------


def _toy_claims(toy: pd.DataFrame, run: Mapping[str, Any]) -> list[Claim]:
    values = {int(f): dict(zip(part["measure"], part["value"].astype(float), strict=True))
              for f, part in toy.groupby("figure")}
    settings = _settings(run, "toy", chosen="maps built from the paper's description (choices: "
                         "docs/paper-hamer2021.md); φ_can with k = 20, ties in random order")

    def shown(figure: int, measures: Sequence[str] = ("nogueira", "pearson",
                                                      "importance_weighted", "canberra")) -> str:
        return ", ".join(f"{_SYMBOL[m]} {_show(values[figure][m])}" for m in measures)

    v3, v4, v5, v6 = (values[f] for f in (3, 4, 5, 6))
    out = [
        _claim("fig3.phi_one", shown(3, ["nogueira"]),
               close_to(v3["nogueira"], 1.0, EXACT, what="φ"), settings),
        _claim("fig3.ranking_low", shown(3),
               all_of(*(at_least(v3[m], HIGH, what=_SYMBOL[m], digits=3)
                        for m in ("nogueira", "pearson", "importance_weighted")),
                      holds_if(v3["canberra"] < HIGH,
                               f"φ_can = {_show(v3['canberra'])} < {HIGH:g} (not high)")),
               settings),
        _claim("fig4.overestimated", shown(4),
               all_of(*(at_least(v4["nogueira"] - v4[m], DRASTIC, what=f"φ − {_SYMBOL[m]}",
                                 digits=3) for m in ("pearson", "importance_weighted")),
                      holds_if(max(v4["pearson"], v4["importance_weighted"]) < v4["canberra"]
                               < v4["nogueira"],
                               "max(φ_pears, φ_iw) < φ_can < φ (φ_can corrects to a lesser "
                               "extent)")),
               settings),
        _claim("fig5.phi_maximal", shown(5, ["nogueira"]),
               close_to(v5["nogueira"], 1.0, EXACT, what="φ"), settings),
        _claim("fig5.weights_see_instability", shown(5, ["nogueira", "pearson",
                                                         "importance_weighted"]),
               all_of(*(at_least(v5["nogueira"] - v5[m], DRASTIC, what=f"φ − {_SYMBOL[m]}",
                                 digits=3) for m in ("pearson", "importance_weighted"))),
               settings),
        _claim("fig5.canberra_above_fig3",
               f"φ_can: Fig. 5 {_show(v5['canberra'], 4)}, Fig. 3 {_show(v3['canberra'], 4)}",
               holds_if(v5["canberra"] > v3["canberra"],
                        f"φ_can of Fig. 5 ({_show(v5['canberra'], 4)}) > that of Fig. 3 "
                        f"({_show(v3['canberra'], 4)})"), settings),
        _claim("fig5.canberra_highest",
               ", ".join(f"Fig. {f} {_show(values[f]['canberra'])}" for f in sorted(values)),
               holds_if(all(v5["canberra"] > values[f]["canberra"] for f in (3, 4, 6)),
                        "φ_can of Fig. 5 above those of Figs. 3, 4 and 6"), settings),
        _claim("fig6.values", shown(6, ["nogueira", "pearson", "importance_weighted"]),
               all_of(*(close_to(v6[m], TOY_FIGURES[6][m], EXACT, what=_SYMBOL[m])
                        for m in ("nogueira", "pearson", "importance_weighted"))),
               SettingsMatch(settings.same, "exact construction of §6.3"
                             + (f"; {settings.detail}" if not settings.same else ""))),
        _claim("fig6.order", shown(6, ["nogueira", "importance_weighted", "pearson"]),
               same_ordering({_SYMBOL[m]: v6[m] for m in ("nogueira", "importance_weighted",
                                                          "pearson")},
                             ["φ", "φ_iw", "φ_pears"]), settings),
    ]
    return out


# --------------------------------------------------------------------------------------------
# §5.3: correlated groups (Figs. 7-8)
# --------------------------------------------------------------------------------------------


def _curve(summary: pd.DataFrame, scenario: int, measure: str) -> pd.DataFrame:
    rows = summary[(summary["scenario"] == scenario) & (summary["measure"] == measure)]
    return rows.sort_values("group_size")


def _change(curve: pd.DataFrame) -> tuple[float, float]:
    first, last = curve.iloc[0], curve.iloc[-1]
    return (float(last["mean"] - first["mean"]),
            math.sqrt(float(first["se"]) ** 2 + float(last["se"]) ** 2))


def _moves(curve: pd.DataFrame, direction: int, name: str) -> Assessment:
    """Increases (direction +1) / decreases (−1) from the smallest to the largest c beyond
    :data:`N_STANDARD_ERRORS` standard errors."""
    if len(curve) < 2:
        return not_testable(f"{name}: needs at least two group sizes")
    change, se = _change(curve)
    c0, c1 = int(curve["group_size"].iloc[0]), int(curve["group_size"].iloc[-1])
    word = "increase" if direction > 0 else "decrease"
    return holds_if(direction * change > N_STANDARD_ERRORS * se,
                    f"{name} from c = {c0} to {c1}: {_show(change)} ({word} beyond "
                    f"{N_STANDARD_ERRORS:g} SE = {_show(N_STANDARD_ERRORS * se)})")


def _flat(curve: pd.DataFrame, name: str) -> Assessment:
    if len(curve) < 2:
        return not_testable(f"{name}: needs at least two group sizes")
    band = float(curve["mean"].max() - curve["mean"].min())
    return at_most(band, APPROXIMATELY_CONSTANT, what=f"{name}: max − min over c", digits=3)


def _trace(curve: pd.DataFrame) -> str:
    return ", ".join(f"{_show(m)} (c = {int(c)})"
                     for c, m in zip(curve["group_size"], curve["mean"], strict=True))


def _correlated_claims(summary: pd.DataFrame, run: Mapping[str, Any]) -> list[Claim]:
    settings = _settings(run, "correlated", chosen="Table 1's scenarios; λ calibrated at c = 1 "
                         "and kept for every c")
    scenarios = sorted(set(summary["scenario"].astype(int)))
    sizes = sorted(set(summary["group_size"].astype(int)))
    out: list[Claim] = []

    def cases(measure: str, test, scenario_list: Sequence[int]) -> dict[str, Assessment]:
        return {f"scenario {s}": (test(_curve(summary, s, measure), f"{_SYMBOL[measure]}, "
                                       f"scenario {s}") if s in scenarios
                                  else not_testable(f"scenario {s} not simulated"))
                for s in scenario_list}

    def evidence(measure: str, scenario_list: Sequence[int]) -> str:
        return "; ".join(f"scenario {s}: {_trace(_curve(summary, s, measure))}"
                         for s in scenario_list if s in scenarios)

    out.append(_claim("fig8.phi_grows", evidence("nogueira", (1, 2)),
                      over_cases(cases("nogueira", lambda c, n: _moves(c, +1, n), (1, 2))),
                      settings))
    out.append(_claim("fig8.phi_more_in_scenario2", evidence("nogueira", (1, 2)),
                      _larger_change(summary, "nogueira", +1, scenarios), settings))
    starts = {}
    for s in (1, 2):
        if s not in scenarios:
            starts[f"scenario {s}"] = not_testable(f"scenario {s} not simulated")
            continue
        first = {m: float(_curve(summary, s, m)["mean"].iloc[0]) for m in
                 ("pearson", "nogueira", "importance_weighted", "sechidis")}
        highest = all(first["pearson"] > v for m, v in first.items() if m != "pearson")
        starts[f"scenario {s}"] = all_of(
            holds_if(highest, f"scenario {s}, c = {sizes[0]}: φ_pears {_show(first['pearson'])} "
                     "above " + ", ".join(f"{_SYMBOL[m]} {_show(v)}" for m, v in first.items()
                                          if m != "pearson")),
            _moves(_curve(summary, s, "pearson"), -1, f"φ_pears, scenario {s}"))
    out.append(_claim("fig8.pearson_starts_high_and_falls", evidence("pearson", (1, 2)),
                      over_cases(starts), settings))
    out.append(_claim("fig8.pearson_more_in_scenario2", evidence("pearson", (1, 2)),
                      _larger_change(summary, "pearson", -1, scenarios), settings))
    out.append(_claim("fig8.iw_constant", evidence("importance_weighted", (1, 2)),
                      over_cases(cases("importance_weighted", _flat, (1, 2))), settings))
    out.append(_claim("fig8.phic_like_phi_scenario2", evidence("sechidis", (2,)),
                      cases("sechidis", lambda c, n: _moves(c, +1, n), (2,))["scenario 2"],
                      settings))
    out.append(_claim("fig8.phic_rises_then_falls_scenario1", evidence("sechidis", (1,)),
                      _rises_then_falls(summary, scenarios), settings))
    out.append(_claim("fig8.phic_constant_lasso", evidence("sechidis", (3,)),
                      cases("sechidis", _flat, (3,))["scenario 3"], settings))
    out.append(_claim(
        "fig8.lasso_all_decrease",
        "; ".join(f"{_SYMBOL[m]}: {_trace(_curve(summary, 3, m))}"
                  for m in ("nogueira", "importance_weighted", "pearson") if 3 in scenarios),
        all_of(*(cases(m, lambda c, n: _moves(c, -1, n), (3,))["scenario 3"]
                 for m in ("nogueira", "importance_weighted", "pearson"))), settings))
    return out


def _larger_change(summary: pd.DataFrame, measure: str, direction: int,
                   scenarios: Sequence[int]) -> Assessment:
    if not {1, 2} <= set(scenarios):
        return not_testable("needs scenarios 1 and 2")
    one, _ = _change(_curve(summary, 1, measure))
    two, _ = _change(_curve(summary, 2, measure))
    word = "rise" if direction > 0 else "fall"
    return holds_if(direction * two > direction * one,
                    f"{_SYMBOL[measure]}'s {word} from the smallest to the largest c: scenario 2 "
                    f"{_show(two)}, scenario 1 {_show(one)}")


def _rises_then_falls(summary: pd.DataFrame, scenarios: Sequence[int]) -> Assessment:
    if 1 not in scenarios:
        return not_testable("scenario 1 not simulated")
    curve = _curve(summary, 1, "sechidis")
    if len(curve) < 3:
        return not_testable(f"needs at least three group sizes, the run has {len(curve)}")
    means = curve["mean"].to_numpy(dtype=float)
    peak = int(np.argmax(means))
    c = curve["group_size"].to_numpy(dtype=int)
    inside = 0 < peak < len(means) - 1
    below = means[-1] < means[0]
    return holds_if(inside and below,
                    f"φ_C peaks at c = {c[peak]} ({'inside' if inside else 'at an end of'} "
                    f"{c[0]}..{c[-1]}) and ends at {_show(means[-1])} "
                    f"({'below' if below else 'not below'} its start {_show(means[0])})")


# --------------------------------------------------------------------------------------------
# §6-7.1: the hybrid-RFE (Figs. 9-11)
# --------------------------------------------------------------------------------------------


def _decision_claims(
    areas: pd.DataFrame | None, versus: pd.DataFrame | None, frequency: pd.DataFrame | None,
    compromises: Mapping[str, pd.DataFrame], configured: Sequence[str],
    run: Mapping[str, Any], frequency_configured: Sequence[str],
) -> list[Claim]:
    out: list[Claim] = []
    run71 = run["section71"]
    matches = {d: _settings(run, "section71", d) for d in run71}
    for measure in MEASURES:
        better: dict[str, Assessment] = {}
        larger: dict[str, Assessment] = {}
        for dataset in configured:
            key_b = f"fig9.hybrid_better.{measure}.{dataset}"
            key_a = f"fig9.areas.{measure}.{dataset}"
            if dataset not in run71 or versus is None or areas is None:
                # named in the "all" row; no row of its own
                better[dataset] = larger[dataset] = not_testable(NOT_RUN_NOTE)
                continue
            rows = versus[(versus["dataset"] == dataset) & (versus["measure"] == measure)]
            gains = {f"A {_show(r['rfe_accuracy'])}": float(r["gain"])
                     for _, r in rows.iterrows()}
            ours = "; ".join(
                f"RFE A {_show(r['rfe_accuracy'])} ± {_show(r['tolerance'])}, "
                f"{_SYMBOL[measure]} {_show(r['rfe_stability'])} → "
                + (f"hybrid N = {int(r['hybrid_n_forced'])} A {_show(r['hybrid_accuracy'])}, "
                   f"{_SYMBOL[measure]} {_show(r['hybrid_stability'])}"
                   if r["hybrid_label"] else "no hybrid setting of equal accuracy")
                for _, r in rows.iterrows())
            better[dataset] = every_at_least(
                gains, MIN_STABILITY_GAIN,
                what=f"gain in {_SYMBOL[measure]} at equal accuracy (N ≥ 1 vs N = 0)")
            out.append(_claim(key_b, ours, better[dataset], matches[dataset],
                              statement="fig9.hybrid_better", dataset=dataset))
            by_method = areas[(areas["dataset"] == dataset)
                              & (areas["measure"] == measure)].set_index("method")
            hybrid, rfe = (float(by_method.loc[m, "area"]) for m in (HYBRID_METHOD, RFE_METHOD))
            reference = (float(by_method["reference_accuracy"].iloc[0]),
                         float(by_method["reference_stability"].iloc[0]))
            n_hybrid, n_rfe = (int(by_method.loc[m, "n_settings"])
                               for m in (HYBRID_METHOD, RFE_METHOD))
            larger[dataset] = holds_if(
                hybrid > rfe, f"area of the hybrid-RFE (N ≥ 1, {n_hybrid} settings) "
                f"{_show(hybrid, 4)} > area of the RFE (N = 0, {n_rfe} settings) "
                f"{_show(rfe, 4)}, reference (A, {_SYMBOL[measure]}) = ({reference[0]:g}, "
                f"{reference[1]:g})")
            out.append(_claim(key_a, f"hybrid {_show(hybrid, 4)}, RFE {_show(rfe, 4)} "
                              f"(ratio {_show(hybrid / rfe if rfe > 0 else math.inf, 2)})",
                              larger[dataset], matches[dataset], statement="fig9.areas",
                              dataset=dataset))
        settings = _combined(list(matches.values()))
        out.append(_claim(f"fig9.hybrid_better.{measure}.all",
                          f"{_SYMBOL[measure]}: {len(run71)} of {len(configured)} data sets run",
                          over_cases(better), settings, statement="fig9.hybrid_better",
                          dataset="all"))
        out.append(_claim(f"fig9.areas.{measure}.all",
                          f"{_SYMBOL[measure]}: {len(run71)} of {len(configured)} data sets run",
                          over_cases(larger), settings, statement="fig9.areas", dataset="all"))
    rows = frequency.set_index("dataset") if frequency is not None else pd.DataFrame()
    positive: dict[str, Assessment] = {}
    for dataset in frequency_configured:
        if dataset not in rows.index:
            positive[dataset] = not_testable(NOT_RUN_NOTE)
            continue
        r = float(rows.loc[dataset, "pearson_r"])
        positive[dataset] = holds_if(r > 0, f"r(p_f, mean sc_f) = {_show(r)} > 0")
        out.append(_claim(f"fig10.positive.{dataset}",
                          f"r = {_show(r)} over {int(rows.loc[dataset, 'n_features_selected'])} "
                          f"features (M = {int(rows.loc[dataset, 'n_runs'])})",
                          positive[dataset], matches.get(dataset, _NOT_RUN),
                          statement="fig10.positive", dataset=dataset))
    out.append(_claim("fig10.positive.all", f"{len(rows)} of {len(frequency_configured)} data "
                      "sets run", over_cases(positive),
                      _combined([matches[d] for d in frequency_configured if d in matches]),
                      statement="fig10.positive", dataset="all"))
    out += _compromise_claims(compromises, configured, matches)
    return out


def _compromise_claims(compromises: Mapping[str, pd.DataFrame], configured: Sequence[str],
                       matches: Mapping[str, SettingsMatch]) -> list[Claim]:
    out = []
    for key in ("fig11.iw_increases_less", "fig11.optimising_phi", "fig11.accuracy_sacrificed"):
        cases: dict[str, Assessment] = {}
        for dataset in configured:
            evidence = STATEMENTS[key].evidence if dataset == "singh" else "App. D"
            if dataset not in compromises:
                cases[dataset] = not_testable(NOT_RUN_NOTE)
                continue
            table = compromises[dataset]
            if key == "fig11.iw_increases_less":
                ours, assessment = _increase_ranges(table)
            elif key == "fig11.optimising_phi":
                ours, assessment = _optimising_phi(table)
            else:
                chosen = {m: float(table[(table["optimised"] == m) & table["chosen"]]
                                   ["accuracy"].iloc[0]) for m in MEASURES}
                ours = ", ".join(f"A {_show(a)} optimising {_SYMBOL[m]}" for m, a in
                                 chosen.items())
                assessment = same_ordering({_SYMBOL[m]: a for m, a in chosen.items()},
                                           ["φ_iw", "φ_pears", "φ"])
            cases[dataset] = assessment
            out.append(_claim(f"{key}.{dataset}", ours, assessment,
                              matches.get(dataset, _NOT_RUN), statement=key, dataset=dataset,
                              paper_evidence=evidence))
        out.append(_claim(f"{key}.all", f"{len(compromises)} of {len(configured)} data sets run",
                          over_cases(cases),
                          _combined([matches[d] for d in configured if d in compromises]),
                          statement=key, dataset="all"))
    return out


def _increase_ranges(table: pd.DataFrame) -> tuple[str, Assessment]:
    """How far each measure rises along its own hull front, from its most accurate point."""
    rises = {}
    for m in MEASURES:
        hull = table[table["optimised"] == m].sort_values("accuracy")
        rises[m] = float(hull[m].max() - hull[m].iloc[-1])
    ours = ", ".join(f"{_SYMBOL[m]} +{_show(v)}" for m, v in rises.items())
    return (f"rise along each front from its most accurate point: {ours}",
            holds_if(rises["importance_weighted"] < min(rises["nogueira"], rises["pearson"]),
                     f"φ_iw rises by {_show(rises['importance_weighted'])}, less than φ "
                     f"({_show(rises['nogueira'])}) and φ_pears ({_show(rises['pearson'])})"))


def _optimising_phi(table: pd.DataFrame) -> tuple[str, Assessment]:
    parts, shown = [], []
    for measure in ("nogueira", "pearson"):
        row = table[(table["optimised"] == measure) & table["chosen"]].iloc[0]
        gap = float(row[measure] - row["importance_weighted"])
        shown.append(f"optimising {_SYMBOL[measure]}: {_SYMBOL[measure]} {_show(row[measure])}, "
                     f"φ_iw {_show(row['importance_weighted'])}")
        parts.append(at_least(gap, DRASTIC, what=f"{_SYMBOL[measure]} − φ_iw at the chosen "
                              f"compromise optimising {_SYMBOL[measure]}", digits=3))
    return "; ".join(shown), all_of(*parts)


# --------------------------------------------------------------------------------------------
# §7.2-7.3: Table 5, Fig. 19
# --------------------------------------------------------------------------------------------


def _table5_claims(table5: pd.DataFrame | None, configured: Sequence[str],
                   run: Mapping[str, Any]) -> list[Claim]:
    out = []
    rows = table5.set_index("dataset") if table5 is not None else pd.DataFrame()
    below: dict[str, Assessment] = {}
    agree: dict[str, Assessment] = {}
    matches = []
    for dataset in configured:
        printed = TABLE5.get(dataset)
        if printed is None:
            continue
        evidence = "A {}, φ {}, φ_pears {}, φ_iw {}".format(*printed)
        if dataset not in rows.index:
            below[dataset] = agree[dataset] = not_testable(NOT_RUN_NOTE)
            continue
        row = rows.loc[dataset]
        settings = _settings(run, "section72", dataset)
        matches.append(settings)
        ours = {q: float(row[q]) for q in ("accuracy", *MEASURES)}
        agree[dataset] = all_of(*(close_to(ours[q], p, TABLE5_CLOSE, what="A" if q == "accuracy"
                                           else _SYMBOL[q], digits=2)
                                  for q, p in zip(("accuracy", *MEASURES), printed, strict=True)))
        out.append(_claim(
            f"table5.values.{dataset}",
            f"A {_show(ours['accuracy'])}, " + ", ".join(f"{_SYMBOL[m]} {_show(ours[m])}"
                                                        for m in MEASURES)
            + f" ({_show(row['mean_n_selected'], 1)} features, M = {int(row['n_runs'])})",
            agree[dataset], settings, statement="table5.values", dataset=dataset,
            paper_evidence=evidence))
        below[dataset] = holds_if(ours["importance_weighted"] < ours["pearson"],
                                  f"φ_iw {_show(ours['importance_weighted'])} < φ_pears "
                                  f"{_show(ours['pearson'])}")
    tested = [d for d in below if d in rows.index]
    out.append(_claim("table5.values.all", f"{len(tested)} of {len(below)} data sets run",
                      over_cases(agree), _combined(matches), statement="table5.values",
                      dataset="all"))
    out.append(_claim("table5.iw_below_pearson",
                      "; ".join(f"{d}: {below[d].why.rsplit(':', 1)[0]}" for d in tested),
                      over_cases(below), _combined(matches), dataset="all"))
    return out


def _ends(rows: pd.DataFrame, parameter: str, first: float | None = None) -> (
    tuple[pd.Series, pd.Series]
):
    """The settings of one trajectory at the smallest and the largest value of
    ``param_<parameter>`` (or at ``first`` and the value farthest from it)."""
    ordered = rows.sort_values(f"param_{parameter}", kind="stable")
    start, end = ordered.iloc[0], ordered.iloc[-1]
    if first is not None and float(end[f"param_{parameter}"]) == first:
        start, end = end, start
    return start, end


def _trajectory_claims(trajectories: Mapping[str, pd.DataFrame | None],
                       run: Mapping[str, Any]) -> list[Claim]:
    """Figs. 13-17: how the stabilities move along each method's parameter, per data set."""
    specs = {
        # key: (trajectory, parameter, start value, what must rise, parameter label)
        "fig13.stability_increases": ("elastic_net", "l1_ratio", 1.0, MEASURES, "λ2"),
        "fig15.larger_forests": ("random_forest", "n_estimators", None,
                                 ("accuracy", *MEASURES), "trees"),
        "fig17.more_neighbours": ("relief", "n_neighbors", None, MEASURES, "K"),
    }
    out: list[Claim] = []
    for key, (method, parameter, first, rising, label) in specs.items():
        table = trajectories.get(method)
        cases: dict[str, Assessment] = {}
        matches = []
        for dataset, rows in ([] if table is None else table.groupby("paper_dataset",
                                                                       sort=False)):
            if f"param_{parameter}" not in rows or rows[f"param_{parameter}"].nunique() < 2:
                cases[dataset] = not_testable(f"fewer than two values of {label}")
                continue
            start, end = _ends(rows, parameter, first)
            a, b = start[f"param_{parameter}"], end[f"param_{parameter}"]
            cases[dataset] = all_of(*(holds_if(
                float(end[q]) > float(start[q]),
                f"{'A' if q == 'accuracy' else _SYMBOL[q]} {_show(start[q])} ({label} = {a:g}) "
                f"→ {_show(end[q])} ({label} = {b:g})") for q in rising))
            settings = _settings(run, "section72", dataset) if dataset in run["section72"] \
                else _NOT_RUN
            matches.append(settings)
            out.append(_claim(f"{key}.{dataset}", cases[dataset].why.replace(": yes", "")
                              .replace(": no", ""), cases[dataset], settings, statement=key,
                              dataset=dataset))
        if table is None:
            out.append(_claim(f"{key}.all", "", not_testable(f"the {method} is not run here"),
                              _METHOD_NOT_RUN, statement=key, dataset="all"))
        else:
            out.append(_claim(f"{key}.all", f"{len(cases)} data sets", over_cases(cases),
                              _combined(matches), statement=key, dataset="all"))
    out += _logistic_rfe_claims(trajectories.get("logistic_rfe"), run)
    return out


def _logistic_rfe_claims(table: pd.DataFrame | None, run: Mapping[str, Any]) -> list[Claim]:
    """Fig. 14: per data set and λ, φ constant over λ_f; φ_pears and φ_iw rise with λ_f."""
    out: list[Claim] = []
    if table is None:
        for key in ("fig14.phi_unchanged", "fig14.final_lambda_stabilises"):
            out.append(_claim(f"{key}.all", "", not_testable("the logistic RFE is not run here"),
                              _METHOD_NOT_RUN, statement=key, dataset="all"))
        return out
    for dataset, rows in table.groupby("paper_dataset", sort=False):
        settings = _settings(run, "section72", dataset) if dataset in run["section72"] \
            else _NOT_RUN
        spreads, rises = [], {}
        for C, line in rows.groupby("param_C", sort=True):
            # λ_f = 1 / final_C grows as final_C falls: from the largest final_C to the smallest
            end, start = _ends(line, "final_C")
            spreads.append((1 / C, float(line["nogueira"].max() - line["nogueira"].min())))
            for m in ("pearson", "importance_weighted"):
                rises[f"λ = {1 / C:g}, {_SYMBOL[m]}"] = holds_if(
                    float(end[m]) > float(start[m]),
                    f"λ = {1 / C:g}: {_SYMBOL[m]} {_show(start[m])} (λ_f = "
                    f"{1 / start['param_final_C']:g}) → {_show(end[m])} (λ_f = "
                    f"{1 / end['param_final_C']:g})")
        worst = max(s for _, s in spreads)
        out.append(_claim(
            f"fig14.phi_unchanged.{dataset}",
            "max − min of φ over λ_f: " + ", ".join(f"{s:.2g} (λ = {lam:g})"
                                                   for lam, s in spreads),
            at_most(worst, 1e-12, what="largest max − min of φ over λ_f", digits=3), settings,
            statement="fig14.phi_unchanged", dataset=dataset))
        out.append(_claim(f"fig14.final_lambda_stabilises.{dataset}",
                          "; ".join(r.why.rsplit(":", 1)[0] for r in rises.values()),
                          over_cases(rises),
                          settings, statement="fig14.final_lambda_stabilises", dataset=dataset))
    return out


def _variation_claims(cv: pd.DataFrame | None, configured: Sequence[str],
                      run: Mapping[str, Any]) -> list[Claim]:
    out = []
    rows = cv.set_index("dataset") if cv is not None else pd.DataFrame()
    less: dict[str, Assessment] = {}
    usual: dict[str, Assessment] = {}
    matches = []
    for dataset in configured:
        if dataset not in rows.index:
            less[dataset] = usual[dataset] = not_testable(NOT_RUN_NOTE)
            continue
        values = {m: float(rows.loc[dataset, m]) for m in MEASURES}
        matches.append(_settings(run, "section73", dataset))
        less[dataset] = holds_if(values["importance_weighted"] < values["pearson"],
                                 f"c_v(φ_iw) {_show(values['importance_weighted'], 4)} < "
                                 f"c_v(φ_pears) {_show(values['pearson'], 4)}")
        named = {f"c_v({_SYMBOL[m]})": v for m, v in values.items()}
        if dataset == "ionosphere":
            usual[dataset] = same_ordering(named, ["c_v(φ)", "c_v(φ_iw)", "c_v(φ_pears)"])
        else:
            spread = max(values.values()) / min(values.values())
            ordered = values["nogueira"] < values["importance_weighted"] < values["pearson"]
            usual[dataset] = holds_if(
                ordered or spread <= NOTICEABLE,
                f"c_v(φ) {_show(values['nogueira'], 4)} < c_v(φ_iw) "
                f"{_show(values['importance_weighted'], 4)} < c_v(φ_pears) "
                f"{_show(values['pearson'], 4)} ({'yes' if ordered else 'no'}) or no noticeable "
                f"difference (largest / smallest = {_show(spread, 2)} "
                f"{'<=' if spread <= NOTICEABLE else '>'} {NOTICEABLE:g})")
    settings = _combined(matches)
    for key, cases in (("fig19.iw_less_variable", less), ("fig19.usual_order", usual)):
        for dataset, assessment in cases.items():
            if dataset in rows.index:
                out.append(_claim(f"{key}.{dataset}", ", ".join(
                    f"c_v({_SYMBOL[m]}) {_show(rows.loc[dataset, m])}" for m in MEASURES),
                    assessment, _settings(run, "section73", dataset), statement=key,
                    dataset=dataset, paper_evidence=(
                        "c_v,φ_pears < c_v,φ_iw < c_v,φ" if key == "fig19.usual_order"
                        and dataset == "ionosphere" else None)))
        out.append(_claim(f"{key}.all", f"{len(matches)} of {len(configured)} data sets run",
                          over_cases(cases), settings, statement=key, dataset="all"))
    return out


def claims(
    *,
    toy: pd.DataFrame,
    correlated: pd.DataFrame,
    configured: Mapping[str, Sequence[str]],
    run: Mapping[str, Any],
    areas: pd.DataFrame | None = None,
    versus: pd.DataFrame | None = None,
    frequency: pd.DataFrame | None = None,
    compromises: Mapping[str, pd.DataFrame] | None = None,
    table5: pd.DataFrame | None = None,
    variation: pd.DataFrame | None = None,
    trajectories: Mapping[str, pd.DataFrame] | None = None,
) -> list[Claim]:
    """Every claim of :data:`~fsstab.papers.hamer2021.reference.STATEMENTS`, checked, in the
    paper's order.

    ``toy``: Figs. 3-6 (``figure``, ``measure``, ``value``); ``correlated``: Fig. 8's summary
    (:func:`~fsstab.papers.hamer2021.correlated.summarise_correlated_groups`); ``areas``,
    ``versus``: Fig. 9 (:func:`~fsstab.papers.hamer2021.decisions.dominated_areas`,
    :func:`~fsstab.papers.hamer2021.decisions.hybrid_versus_rfe`, with ``dataset``);
    ``frequency``: Fig. 10's correlations; ``compromises``: §7.1 data set -> its compromise
    table (:func:`~fsstab.papers.hamer2021.decisions.compromise_table`); ``table5``: Table 5;
    ``variation``: Fig. 19's c_v (``dataset`` and one column per measure); ``trajectories``:
    §7.2 method (``elastic_net``, ``logistic_rfe``, ``random_forest``, ``relief``) -> its
    trajectory table (Figs. 13-17; a method missing is not run here); ``configured``:
    ``section71``, ``frequency_score``, ``section72``, ``section73`` -> the paper data sets of
    the configuration (those not run are "not testable here"); ``run``:
    :func:`~fsstab.papers.hamer2021.settings.run_settings`.
    """
    found = [
        *_toy_claims(toy, run),
        *_correlated_claims(correlated, run),
        *_decision_claims(areas, versus, frequency, compromises or {},
                          configured["section71"], run, configured["frequency_score"]),
        *_table5_claims(table5, configured["section72"], run),
        *_trajectory_claims(trajectories or {}, run),
        *_variation_claims(variation, configured["section73"], run),
    ]
    order = list(STATEMENTS.values())
    return sorted(found, key=lambda claim: order.index(claim.statement))
