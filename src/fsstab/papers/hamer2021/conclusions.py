"""The claims of Hamer & Dupont (2021) checked on our run: ``conclusions.md`` and
``conclusions.csv`` (:func:`fsstab.papers.conclusions.write_conclusions`).

Every claim is a :data:`~fsstab.papers.hamer2021.reference.STATEMENTS` entry (the paper's
words) with our evidence and a verdict computed by a criterion of
:mod:`fsstab.papers.conclusions`. The thresholds that turn the paper's words into criteria are
the constants of :mod:`fsstab.papers.hamer2021.conclusions_common` (and
:data:`~fsstab.papers.hamer2021.decisions.EQUAL_ACCURACY_SE`); the *why* column shows each with
the numbers it was applied to. This module checks §4 (Figs. 3-6) and §5.3 (Fig. 8) and
assembles every section's claims: §5.1-5.2 in
:mod:`~fsstab.papers.hamer2021.conclusions_properties`, §6-7.1 in
:mod:`~fsstab.papers.hamer2021.conclusions_decisions`, the LASSO and §7.3 in
:mod:`~fsstab.papers.hamer2021.conclusions_standard`, the §7.2 trajectories (Figs. 13-17) in
:mod:`~fsstab.papers.hamer2021.conclusions_trajectories`.
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
    ConclusionInputs,
    SettingsMatch,
    all_of,
    at_least,
    beyond_noise,
    by_construction,
    close_to,
    holds_if,
    not_testable,
    over_cases,
    read_conclusion_inputs,
    same_ordering,
    within_noise,
    write_conclusions,
)
from fsstab.papers.hamer2021.conclusions_common import (
    APPROXIMATELY_CONSTANT_NOTE,
    ASSESS,
    CONSIDERABLE,
    DRASTIC,
    EXACT,
    FLIP_TOLERANCE,
    HIGH,
    HIGHLY_VARYING,
    MUCH_ABOVE,
    MUCH_LESS,
    SIMILAR,
    SYMBOL,
    Noise,
    paper_settings,
    settings_of,
)
from fsstab.papers.hamer2021.conclusions_common import claim as _claim
from fsstab.papers.hamer2021.conclusions_common import show as _show
from fsstab.papers.hamer2021.conclusions_decisions import decision_claims
from fsstab.papers.hamer2021.conclusions_properties import property_claims
from fsstab.papers.hamer2021.conclusions_standard import (
    distribution_claims,
    lasso_claims,
    table5_claims,
    variation_claims,
)
from fsstab.papers.hamer2021.conclusions_trajectories import trajectory_claims
from fsstab.papers.hamer2021.decisions import EQUAL_ACCURACY_SE
from fsstab.papers.hamer2021.plan import DECISION_FIGURES, TRAJECTORY_FIGURES
from fsstab.papers.hamer2021.properties import IDENTITY_TOLERANCE
from fsstab.papers.hamer2021.reference import STATEMENTS, TOY_FIGURES, UNAVAILABLE
from fsstab.papers.hamer2021.stages import TIES_IN_ORDER

__all__ = [
    "CONSIDERABLE",
    "DRASTIC",
    "EXACT",
    "HIGH",
    "MUCH_ABOVE",
    "MUCH_LESS",
    "PREAMBLE",
    "SIMILAR",
    "TITLE",
    "claims",
    "claims_from_inputs",
    "conclude",
    "conclude_folder",
    "paper_settings",
]

TITLE = ("Hamer & Dupont (2021), \"An importance weighted feature selection stability "
         "measure\": conclusions")

PREAMBLE = (
    "§4 (Figs. 3-6) is checked on toy maps built from the paper's description only (the "
    "choices where it is silent: docs/paper-hamer2021.md, `fsstab.papers.hamer2021.toy`); "
    "§5.1-5.2 (Theorems 1-3, Properties 1-4, eq. 10) on every feature stability map of the §7.2 "
    "runs (`fsstab.papers.hamer2021.properties`); §5.3 (Figs. 7-8) on the correlated-groups "
    "simulation; §6-7 on the workflow's runs. Identities, theorems, properties and what a "
    "toy map's construction fixes (φ = 1 when the same features are always selected; Fig. 6's "
    "exact values) are *verified by construction* (an identity: equal within "
    f"{IDENTITY_TOLERANCE:g} on every map, {FLIP_TOLERANCE:g} for Theorem 1's searched "
    "decision flips; Property 4 by the noise rule on random-identity maps). Two measured "
    "values are compared by the noise rule of docs/papers.md (2 standard errors of the "
    "difference; a Bonferroni allowance for an agreement checked on several data sets): Fig. "
    "8 with the standard errors over the generative seeds, φ_can of two toy maps over their "
    "redraws, a §7.2 stability with the standard error of an M-run estimate measured by §7.3 "
    "on the same data set (the sd of its group estimates × √(group size / M)), an accuracy "
    "with the run's own standard error (accuracy_se), a correlation by Fisher's z, Fig. 19's "
    "c_v by a paired bootstrap over the §7.3 groups. The paper's words as numbers, from its "
    f"own printed values where it prints them: \"high\" = at least {HIGH:g} (Fig. 3: the lowest "
    "value it calls high, φ_iw = 0.9); \"drastically overestimated\" = at least "
    f"{DRASTIC:g} (Fig. 4: the gap it calls drastic, φ − φ_iw = 0.72 − 0.21); \"φ ≫ φ_iw\" "
    f"(Fig. 11a-b) = at least {MUCH_ABOVE:g} (Fig. 11 prints no stability; Fig. 4 is the "
    "paper's printed example of φ far above φ_iw); \"able to assess this "
    f"instability\" (Fig. 5) = at least {ASSESS:g} below φ (Fig. 5's own 1 − 0.53); where it "
    "prints none, the project's: \"considerable amounts\" and \"far better\" (Fig. 9, an "
    f"unlabelled typical result) = at least {CONSIDERABLE:g}, \"much less\" (Fig. 11, whose only "
    f"printed numbers are three accuracies) = at least {MUCH_LESS:g}, both the paper's one "
    "printed qualitative size (Fig. 4); "
    f"φ_iw \"behaving in a similar manner\" to φ = r >= {SIMILAR:g} over the §7.2 "
    f"settings; \"highly varying\" importance = median sd of log importance >= "
    f"{HIGHLY_VARYING:g}; \"approximately constant\" = {APPROXIMATELY_CONSTANT_NOTE}. "
    "Fig. 9: the hybrid-RFE front has only settings with N ≥ 1 forced features, the RFE front "
    "only N = 0; at every Pareto-optimal RFE setting, the hybrid-RFE setting of equal accuracy "
    f"(its mean accuracy at most {EQUAL_ACCURACY_SE:g} standard error below) must be at least "
    f"{CONSIDERABLE:g} more stable, and the area it dominates must exceed the RFE's by a band "
    f"{CONSIDERABLE:g} "
    "high over the RFE front's accuracies. Table 5 agrees with the paper's two decimals within "
    "the noise of the difference of two M = 30 estimates plus the rounding; Fig. 20's "
    "\"approximately normally distributed\" = Shapiro-Wilk does not reject at 0.0455 / m (the "
    "noise rule's error rate, Bonferroni over the m tests). A claim over several data sets "
    "(the `.all` rows) holds when it holds on every data set tested and none on disk was left "
    "out (then: not run); \"in most cases\" when it holds on more than half; "
    + ", ".join(UNAVAILABLE) + " cannot be had here (no network): not testable here. "
    "docs/paper-hamer2021.md discusses the claims that do not hold."
)

# --------------------------------------------------------------------------------------------
# §4: the toy maps (Figs. 3-6)
# --------------------------------------------------------------------------------------------


def _redrawn(replicates: pd.DataFrame | None, figures: Sequence[int],
             values: Mapping[int, Mapping[str, float]]) -> str:
    drawn = ", ".join(f"Fig. {f} {_show(values[f]['canberra'], 4)}" for f in figures)
    if replicates is None:
        return f"φ_can of the drawn maps: {drawn}"
    means = replicates.groupby("figure")["canberra"].agg(["mean", "sem", "size"])
    return (f"φ_can of the drawn maps: {drawn}; mean ± SE over {int(means['size'].min())} "
            "redraws: " + ", ".join(f"Fig. {f} {_show(means.loc[f, 'mean'], 4)} ± "
                                    f"{_show(means.loc[f, 'sem'], 4)}" for f in figures))


def _canberra_higher(replicates: pd.DataFrame | None, figure: int,
                     others: Sequence[int]) -> Assessment:
    """§4: φ_can of map ``figure`` above that of each of ``others``, the mean over the redrawn
    maps beyond 2 standard errors of the difference (one draw of each map is a coin toss where
    both rank their features at random)."""
    if replicates is None:
        return not_testable("no redrawn maps: one draw of two maps with random rankings cannot "
                            "say which has the higher φ_can")
    means = replicates.groupby("figure")["canberra"].agg(["mean", "sem"])
    return all_of(*(beyond_noise(
        float(means.loc[figure, "mean"] - means.loc[other, "mean"]),
        math.hypot(float(means.loc[figure, "sem"]), float(means.loc[other, "sem"])),
        what=f"mean φ_can Fig. {figure} − Fig. {other}", digits=4) for other in others))


def _toy_claims(toy: pd.DataFrame, replicates: pd.DataFrame | None,
                run: Mapping[str, Any]) -> list[Claim]:
    values = {int(f): dict(zip(part["measure"], part["value"].astype(float), strict=True))
              for f, part in toy.groupby("figure")}
    settings = settings_of(run, "toy", chosen="maps built from the paper's description (choices: "
                         "docs/paper-hamer2021.md); φ_can with k = 20, ties in random order")

    def shown(figure: int, measures: Sequence[str] = ("nogueira", "pearson",
                                                      "importance_weighted", "canberra")) -> str:
        return ", ".join(f"{SYMBOL[m]} {_show(values[figure][m])}" for m in measures)

    v3, v4, v5, v6 = (values[f] for f in (3, 4, 5, 6))
    same_subset = "the map the paper describes selects the same features in every run"

    def much_above(values: Mapping[str, float], measures: Sequence[str],
                   margin: float = DRASTIC) -> list[Assessment]:
        return [at_least(values["nogueira"] - values[m], margin, what=f"φ − {SYMBOL[m]}",
                         digits=3) for m in measures]

    out = [
        _claim("fig3.phi_one", shown(3, ["nogueira"]),
               by_construction(close_to(v3["nogueira"], 1.0, EXACT, what="φ"), same_subset),
               settings),
        _claim("fig3.ranking_low", shown(3),
               all_of(*(at_least(v3[m], HIGH, what=SYMBOL[m], digits=3)
                        for m in ("nogueira", "pearson", "importance_weighted")),
                      holds_if(v3["canberra"] < HIGH,
                               f"φ_can = {_show(v3['canberra'])} < {HIGH:g} (not high)")),
               settings),
        _claim("fig4.overestimated", shown(4),
               all_of(*much_above(v4, ("pearson", "importance_weighted")),
                      holds_if(max(v4["pearson"], v4["importance_weighted"]) < v4["canberra"]
                               < v4["nogueira"],
                               "max(φ_pears, φ_iw) < φ_can < φ (φ_can corrects to a lesser "
                               "extent)")),
               settings),
        _claim("fig5.phi_maximal", shown(5, ["nogueira"]),
               by_construction(close_to(v5["nogueira"], 1.0, EXACT, what="φ"), same_subset),
               settings),
        _claim("fig5.weights_see_instability", shown(5, ["nogueira", "pearson",
                                                         "importance_weighted"]),
               all_of(*much_above(v5, ("pearson", "importance_weighted"), ASSESS)), settings),
        _claim("fig5.canberra_above_fig3", _redrawn(replicates, (5, 3), values),
               _canberra_higher(replicates, 5, (3,)), settings),
        _claim("fig5.canberra_highest", _redrawn(replicates, (3, 4, 5, 6), values),
               _canberra_higher(replicates, 5, (3, 4, 6)), settings),
    ]
    exact = SettingsMatch(settings.same, "exact construction of §6.3"
                          + (f"; {settings.detail}" if not settings.same else ""))
    construction = "the exact construction of §6.3 (half the importance stable, d → ∞)"
    out += [
        _claim("fig6.values", shown(6, ["nogueira", "pearson", "importance_weighted"]),
               by_construction(all_of(*(close_to(v6[m], TOY_FIGURES[6][m], EXACT,
                                                 what=SYMBOL[m])
                                        for m in ("nogueira", "pearson",
                                                  "importance_weighted"))), construction),
               exact),
        _claim("fig6.order", shown(6, ["nogueira", "importance_weighted", "pearson"]),
               by_construction(same_ordering(
                   {SYMBOL[m]: v6[m] for m in ("nogueira", "importance_weighted", "pearson")},
                   ["φ", "φ_iw", "φ_pears"]), construction), exact),
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
    2 standard errors of the difference (the standard errors over the generative seeds)."""
    if len(curve) < 2:
        return not_testable(f"{name}: needs at least two group sizes")
    change, se = _change(curve)
    c0, c1 = int(curve["group_size"].iloc[0]), int(curve["group_size"].iloc[-1])
    return beyond_noise(change, se, direction=direction, what=f"{name} from c = {c0} to {c1}")


def _flat(curve: pd.DataFrame, name: str, n_comparisons: int) -> Assessment:
    """Approximately constant along the curve: every point within the noise of the first
    (a Bonferroni allowance over ``n_comparisons``, every point of every curve checked)."""
    if len(curve) < 2:
        return not_testable(f"{name}: needs at least two group sizes")
    first = curve.iloc[0]
    farthest = max(range(1, len(curve)),
                   key=lambda i: abs(float(curve["mean"].iloc[i] - first["mean"])))
    point = curve.iloc[farthest]
    return within_noise(float(point["mean"] - first["mean"]),
                        math.hypot(float(first["se"]), float(point["se"])),
                        what=f"{name}: c = {int(point['group_size'])} − c = "
                             f"{int(first['group_size'])} (the farthest point)",
                        n_comparisons=n_comparisons)


def _trace(curve: pd.DataFrame) -> str:
    return ", ".join(f"{_show(m)} (c = {int(c)})"
                     for c, m in zip(curve["group_size"], curve["mean"], strict=True))


def _correlated_claims(summary: pd.DataFrame, run: Mapping[str, Any]) -> list[Claim]:
    settings = settings_of(run, "correlated", chosen="Table 1's scenarios; λ calibrated at c = 1 "
                         "and kept for every c")
    scenarios = sorted(set(summary["scenario"].astype(int)))
    sizes = sorted(set(summary["group_size"].astype(int)))
    out: list[Claim] = []

    def cases(measure: str, test, scenario_list: Sequence[int]) -> dict[str, Assessment]:
        return {f"scenario {s}": (test(_curve(summary, s, measure), f"{SYMBOL[measure]}, "
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
        first = {m: _curve(summary, s, m).iloc[0] for m in
                 ("pearson", "nogueira", "importance_weighted", "sechidis")}
        above = [beyond_noise(float(first["pearson"]["mean"] - row["mean"]),
                              math.hypot(float(first["pearson"]["se"]), float(row["se"])),
                              what=f"scenario {s}, c = {sizes[0]}: φ_pears − {SYMBOL[m]}")
                 for m, row in first.items() if m != "pearson"]
        starts[f"scenario {s}"] = all_of(
            *above, _moves(_curve(summary, s, "pearson"), -1, f"φ_pears, scenario {s}"))
    out.append(_claim("fig8.pearson_starts_high_and_falls", evidence("pearson", (1, 2)),
                      over_cases(starts), settings))
    out.append(_claim("fig8.pearson_more_in_scenario2", evidence("pearson", (1, 2)),
                      _larger_change(summary, "pearson", -1, scenarios), settings))
    flat_1_2 = sum(len(_curve(summary, s, "importance_weighted")) - 1 for s in (1, 2)
                   if s in scenarios) or 1
    out.append(_claim("fig8.iw_constant", evidence("importance_weighted", (1, 2)),
                      over_cases(cases("importance_weighted",
                                       lambda c, n: _flat(c, n, flat_1_2), (1, 2))), settings))
    out.append(_claim("fig8.phic_like_phi_scenario2", evidence("sechidis", (2,)),
                      cases("sechidis", lambda c, n: _moves(c, +1, n), (2,))["scenario 2"],
                      settings))
    out.append(_claim("fig8.phic_rises_then_falls_scenario1", evidence("sechidis", (1,)),
                      _rises_then_falls(summary, scenarios), settings))
    flat_3 = max(1, len(_curve(summary, 3, "sechidis")) - 1)
    out.append(_claim("fig8.phic_constant_lasso", evidence("sechidis", (3,)),
                      cases("sechidis", lambda c, n: _flat(c, n, flat_3), (3,))["scenario 3"],
                      settings))
    out.append(_claim(
        "fig8.lasso_all_decrease",
        "; ".join(f"{SYMBOL[m]}: {_trace(_curve(summary, 3, m))}"
                  for m in ("nogueira", "importance_weighted", "pearson") if 3 in scenarios),
        all_of(*(cases(m, lambda c, n: _moves(c, -1, n), (3,))["scenario 3"]
                 for m in ("nogueira", "importance_weighted", "pearson"))), settings))
    return out


def _larger_change(summary: pd.DataFrame, measure: str, direction: int,
                   scenarios: Sequence[int]) -> Assessment:
    """The change from the smallest to the largest c larger in scenario 2 than in scenario 1
    (a rise, or a fall for ``direction`` −1) beyond the noise of the difference."""
    if not {1, 2} <= set(scenarios):
        return not_testable("needs scenarios 1 and 2")
    one, se_one = _change(_curve(summary, 1, measure))
    two, se_two = _change(_curve(summary, 2, measure))
    word = "rise" if direction > 0 else "fall"
    return beyond_noise(two - one, math.hypot(se_one, se_two), direction=direction,
                        what=f"{SYMBOL[measure]}'s {word} from the smallest to the largest c, "
                             f"scenario 2 ({_show(two)}) − scenario 1 ({_show(one)})")


def _rises_then_falls(summary: pd.DataFrame, scenarios: Sequence[int]) -> Assessment:
    """φ_C in scenario 1: rises to a peak inside the range of c, beyond the noise, then ends
    below its start beyond the noise."""
    if 1 not in scenarios:
        return not_testable("scenario 1 not simulated")
    curve = _curve(summary, 1, "sechidis")
    if len(curve) < 3:
        return not_testable(f"needs at least three group sizes, the run has {len(curve)}")
    means = curve["mean"].to_numpy(dtype=float)
    ses = curve["se"].to_numpy(dtype=float)
    peak = int(np.argmax(means))
    c = curve["group_size"].to_numpy(dtype=int)
    inside = 0 < peak < len(means) - 1
    return all_of(
        holds_if(inside, f"φ_C peaks at c = {c[peak]} ({'inside' if inside else 'at an end of'} "
                         f"{c[0]}..{c[-1]})"),
        beyond_noise(means[peak] - means[0], math.hypot(ses[peak], ses[0]),
                     what=f"φ_C peak (c = {c[peak]}) − start (c = {c[0]})"),
        beyond_noise(means[-1] - means[0], math.hypot(ses[-1], ses[0]), direction=-1,
                     what=f"φ_C end (c = {c[-1]}) − start (c = {c[0]})"))


def claims(
    *,
    toy: pd.DataFrame,
    correlated: pd.DataFrame,
    configured: Mapping[str, Sequence[str]],
    run: Mapping[str, Any],
    canberra_replicates: pd.DataFrame | None = None,
    areas: pd.DataFrame | None = None,
    versus: pd.DataFrame | None = None,
    frequency: pd.DataFrame | None = None,
    compromises: Mapping[str, pd.DataFrame] | None = None,
    table5: pd.DataFrame | None = None,
    variation: pd.DataFrame | None = None,
    estimates: pd.DataFrame | None = None,
    trajectories: Mapping[str, pd.DataFrame] | None = None,
    properties: pd.DataFrame | None = None,
    lasso_checks: pd.DataFrame | None = None,
    settings72: pd.DataFrame | None = None,
    methods: Mapping[str, str] | None = None,
) -> list[Claim]:
    """Every claim of :data:`~fsstab.papers.hamer2021.reference.STATEMENTS`, checked, in the
    paper's order.

    ``toy``: Figs. 3-6 (``figure``, ``measure``, ``value``); ``canberra_replicates``: φ_can of
    redrawn toy maps (``figure``, ``canberra``); ``correlated``: Fig. 8's summary
    (:func:`~fsstab.papers.hamer2021.correlated.summarise_correlated_groups`); ``areas``,
    ``versus``: Fig. 9 (:func:`~fsstab.papers.hamer2021.decisions.dominated_areas`,
    :func:`~fsstab.papers.hamer2021.decisions.hybrid_versus_rfe`, with ``dataset``);
    ``frequency``: Fig. 10's correlations; ``compromises``: §7.1 data set -> its compromise
    table (:func:`~fsstab.papers.hamer2021.decisions.compromise_table`); ``table5``: Table 5;
    ``variation``: Fig. 19's c_v (``dataset`` and one column per measure); ``estimates``: the
    §7.3 group estimates (Figs. 19-20, and the noise of every §7.2 stability); ``trajectories``:
    §7.2 method (``elastic_net``, ``logistic_rfe``, ``random_forest``, ``relief``) -> its
    trajectory table (Figs. 13-17); ``properties``, ``lasso_checks``: §5's checks on the §7.2
    maps (:func:`~fsstab.papers.hamer2021.stages.properties_step`); ``settings72``: every
    setting of the §7.2 methods (:func:`~fsstab.papers.hamer2021.standard.all_settings`; None:
    not published by the run); ``methods``: ``section72.methods`` (method -> selector label);
    ``configured``: ``section71``, ``frequency_score``, ``section72``, ``section73`` -> the
    paper data sets of the configuration (those without results are "not run" when on disk,
    "not testable here" otherwise: :mod:`fsstab.papers.hamer2021.conclusions_cases`);
    ``run``: :func:`~fsstab.papers.hamer2021.settings.run_settings`.
    """
    methods = dict(methods or {})
    s72, s73 = configured["section72"], configured["section73"]
    noise = Noise(estimates)
    n_features = ({} if table5 is None else
                  dict(zip(table5["dataset"], table5["n_features"].astype(int), strict=True)))
    found = [
        *_toy_claims(toy, canberra_replicates, run),
        *property_claims(properties, lasso_checks, settings72, list(methods.values()),
                         s72, run),
        *_correlated_claims(correlated, run),
        *decision_claims(areas, versus, frequency, compromises or {},
                          configured["section71"], run, configured["frequency_score"]),
        *lasso_claims(lasso_checks, s72, run),
        *table5_claims(table5, s72, run, noise),
        *trajectory_claims(trajectories or {}, s72, list(methods), run, noise, n_features),
        *variation_claims(variation, estimates, s73, run),
        *distribution_claims(estimates, s73, run),
    ]
    order = list(STATEMENTS.values())
    return sorted(found, key=lambda claim: order.index(claim.statement))


#: The trajectory tables of the §7.2 methods, by stem (Figs. 13-17).
TRAJECTORY_TABLES = {**{f"fig{n}_{stem}": method
                        for method, (n, stem) in TRAJECTORY_FIGURES.items()},
                     "fig14_logistic_rfe": "logistic_rfe"}
#: §7.1's compromise tables, by stem (Fig. 11 and App. D).
COMPROMISE_TABLES = {f"fig{n}_{paper}_compromises": paper
                     for paper, n in DECISION_FIGURES.items()}


def claims_from_inputs(inputs: ConclusionInputs) -> list[Claim]:
    """:func:`claims` from the files of a run (``conclusions_inputs.json`` and its tables, as
    the rule writes them and ``docs/papers/hamer2021/`` publishes them)."""
    t = inputs.table
    toy = inputs.tables["fig03-06_toy_measures"]
    return claims(
        toy=toy[toy["measure"] != TIES_IN_ORDER],
        canberra_replicates=t("fig03-06_canberra_replicates"),
        correlated=inputs.tables["fig08_correlated_groups_stability"],
        areas=t("fig09_dominated_areas"), versus=t("fig09_hybrid_versus_rfe"),
        frequency=t("fig10_frequency_score_correlation"),
        compromises={paper: inputs.tables[stem] for stem, paper in COMPROMISE_TABLES.items()
                     if stem in inputs.tables},
        table5=t("table5_lasso"), variation=t("fig19_coefficient_of_variation"),
        estimates=t("fig19-20_block_estimates"),
        trajectories={method: inputs.tables[stem] for stem, method in TRAJECTORY_TABLES.items()
                      if stem in inputs.tables},
        properties=t("sec5_phi_iw_properties"), lasso_checks=t("sec5_lasso_checks"),
        settings72=t("sec7_2_settings"), methods=inputs.run["methods"],
        configured=inputs.run["configured"], run=inputs.run["settings"])


def conclude(inputs: ConclusionInputs, markdown: Any, table: Any) -> pd.DataFrame:
    """``conclusions.md`` and ``conclusions.{csv,parquet}`` from a run's inputs (the rule
    ``hamer2021_conclusions``; the check of the published files)."""
    return write_conclusions(claims_from_inputs(inputs), markdown, table, title=TITLE,
                             preamble=PREAMBLE,
                             metadata={"paper": "hamer2021", "item": "conclusions"})


def conclude_folder(folder: Any, markdown: Any, table: Any) -> pd.DataFrame:
    """:func:`conclude` from the inputs published in ``folder``."""
    return conclude(read_conclusion_inputs(folder), markdown, table)
