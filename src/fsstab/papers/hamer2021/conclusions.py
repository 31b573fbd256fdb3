"""The claims of Hamer & Dupont (2021) checked on our run: ``conclusions.md`` and
``conclusions.csv`` (:func:`fsstab.papers.conclusions.write_conclusions`).

Every claim is a :data:`~fsstab.papers.hamer2021.reference.STATEMENTS` entry (the paper's
words) with our evidence and a verdict computed by a criterion of
:mod:`fsstab.papers.conclusions`. The thresholds that turn the paper's words into criteria are
the constants of :mod:`fsstab.papers.hamer2021.conclusions_common` (and
:data:`~fsstab.papers.hamer2021.decisions.EQUAL_ACCURACY_SE`); the *why* column shows each with
the numbers it was applied to. This module checks §4 (Figs. 3-6), §5.3 (Fig. 8) and the §7.2
trajectories (Figs. 13-17) and assembles every section's claims: §5.1-5.2 in
:mod:`~fsstab.papers.hamer2021.conclusions_properties`, §6-7.1 in
:mod:`~fsstab.papers.hamer2021.conclusions_decisions`, the LASSO and §7.3 in
:mod:`~fsstab.papers.hamer2021.conclusions_standard`.
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
    cannot_fail,
    close_to,
    holds_if,
    not_testable,
    over_cases,
    same_ordering,
)
from fsstab.papers.hamer2021.conclusions_cases import missing_case, roll_up
from fsstab.papers.hamer2021.conclusions_common import (
    APPROXIMATELY_CONSTANT,
    CHANCE_STANDARD_ERRORS,
    DRASTIC,
    EXACT,
    FLIP_TOLERANCE,
    HIGH,
    HIGHLY_VARYING,
    METHOD_NOT_RUN,
    MIN_STABILITY_GAIN,
    N_STANDARD_ERRORS,
    NORMALITY_ALPHA,
    NOTICEABLE,
    SYMBOL,
    TABLE5_CLOSE,
    combined,
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
from fsstab.papers.hamer2021.decisions import (
    EQUAL_ACCURACY_SE,
)
from fsstab.papers.hamer2021.properties import IDENTITY_TOLERANCE
from fsstab.papers.hamer2021.reference import MEASURES, STATEMENTS, TOY_FIGURES, UNAVAILABLE

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

PREAMBLE = (
    "§4 (Figs. 3-6) is checked on toy maps built from the paper's description only (the "
    "choices where it is silent: docs/paper-hamer2021.md, `fsstab.papers.hamer2021.toy`); "
    "§5.1-5.2 (Theorems 1-3, Properties 1-4, eq. 10) on every feature stability map of the §7.2 "
    "runs (`fsstab.papers.hamer2021.properties`); §5.3 (Figs. 7-8) on the correlated-groups "
    "simulation; §6-7 on the workflow's runs. The "
    f"paper's words as numbers: \"high\" = at least {HIGH:g} (for φ_iw \"behaving in a "
    "similar manner\" to φ: their correlation over the §7.2 settings); \"drastically "
    f"overestimated\" / \"able to assess the instability\" = φ at least {DRASTIC:g} above the "
    "measure; φ_can \"higher\" in one toy map than another = the mean over redrawn maps higher "
    f"by more than {N_STANDARD_ERRORS:g} standard errors of the difference; \"increases\" / "
    "\"decreases\" with c = a change of the mean over the generative seeds from the smallest to "
    f"the largest c beyond {N_STANDARD_ERRORS:g} standard errors of the difference; "
    f"\"approximately constant\" = within a band of {APPROXIMATELY_CONSTANT:g}; an identity "
    f"(eq. 10, Theorems 1-3) = equal within {IDENTITY_TOLERANCE:g} on every map "
    f"({FLIP_TOLERANCE:g} for Theorem 1's searched decision flips); \"corrected for chance\" = "
    "the mean φ_iw of random-identity maps within "
    f"{CHANCE_STANDARD_ERRORS:g} standard errors of 0. "
    "Fig. 9: the hybrid-RFE front has only settings with N ≥ 1 forced features, the RFE front "
    "only N = 0; \"better stability at equal accuracy\" = at every Pareto-optimal RFE setting, "
    f"a hybrid-RFE setting whose mean accuracy is at most {EQUAL_ACCURACY_SE:g} standard error "
    "of the RFE setting's mean out-of-bag accuracy below it (or above it) is at least "
    f"{MIN_STABILITY_GAIN:g} more stable; areas dominated with respect to the reference point "
    "of `section71.area_reference`. Fig. 12's \"highly varying\" importance = median sd of "
    f"log importance at least {HIGHLY_VARYING:g}. Table 5 agrees within {TABLE5_CLOSE:g} (its "
    "two printed decimals and 2 standard errors of the difference of two M = 30 estimates); "
    f"Fig. 19's \"no noticeable difference\" = largest c_v at most {NOTICEABLE:g} × the "
    "smallest, ionosphere the paper's exception; Fig. 20's \"approximately normally "
    f"distributed\" = Shapiro-Wilk p at least {NORMALITY_ALPHA:g}. A claim over several data "
    "sets (the `.all` rows) holds when it holds on every data set tested and none on disk was "
    "left out (then: not run); " + ", ".join(UNAVAILABLE) + " cannot be had here (no network): "
    "not testable here. docs/paper-hamer2021.md discusses the claims that do not hold."
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
    maps beyond N_STANDARD_ERRORS standard errors of the difference (one draw of each map is a
    coin toss where both rank their features at random)."""
    if replicates is None:
        return not_testable("no redrawn maps: one draw of two maps with random rankings cannot "
                            "say which has the higher φ_can")
    means = replicates.groupby("figure")["canberra"].agg(["mean", "sem"])
    parts = []
    for other in others:
        gap = float(means.loc[figure, "mean"] - means.loc[other, "mean"])
        se = math.hypot(float(means.loc[figure, "sem"]), float(means.loc[other, "sem"]))
        parts.append(holds_if(gap > N_STANDARD_ERRORS * se,
                              f"mean φ_can Fig. {figure} − Fig. {other} = {gap:.4f} > "
                              f"{N_STANDARD_ERRORS:g} SE = {N_STANDARD_ERRORS * se:.4f}"))
    return all_of(*parts)


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
    out = [
        _claim("fig3.phi_one", shown(3, ["nogueira"]),
               close_to(v3["nogueira"], 1.0, EXACT, what="φ"), settings),
        _claim("fig3.ranking_low", shown(3),
               all_of(*(at_least(v3[m], HIGH, what=SYMBOL[m], digits=3)
                        for m in ("nogueira", "pearson", "importance_weighted")),
                      holds_if(v3["canberra"] < HIGH,
                               f"φ_can = {_show(v3['canberra'])} < {HIGH:g} (not high)")),
               settings),
        _claim("fig4.overestimated", shown(4),
               all_of(*(at_least(v4["nogueira"] - v4[m], DRASTIC, what=f"φ − {SYMBOL[m]}",
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
               all_of(*(at_least(v5["nogueira"] - v5[m], DRASTIC, what=f"φ − {SYMBOL[m]}",
                                 digits=3) for m in ("pearson", "importance_weighted"))),
               settings),
        _claim("fig5.canberra_above_fig3", _redrawn(replicates, (5, 3), values),
               _canberra_higher(replicates, 5, (3,)), settings),
        _claim("fig5.canberra_highest", _redrawn(replicates, (3, 4, 5, 6), values),
               _canberra_higher(replicates, 5, (3, 4, 6)), settings),
        _claim("fig6.values", shown(6, ["nogueira", "pearson", "importance_weighted"]),
               all_of(*(close_to(v6[m], TOY_FIGURES[6][m], EXACT, what=SYMBOL[m])
                        for m in ("nogueira", "pearson", "importance_weighted"))),
               SettingsMatch(settings.same, "exact construction of §6.3"
                             + (f"; {settings.detail}" if not settings.same else ""))),
        _claim("fig6.order", shown(6, ["nogueira", "importance_weighted", "pearson"]),
               same_ordering({SYMBOL[m]: v6[m] for m in ("nogueira", "importance_weighted",
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
        first = {m: float(_curve(summary, s, m)["mean"].iloc[0]) for m in
                 ("pearson", "nogueira", "importance_weighted", "sechidis")}
        highest = all(first["pearson"] > v for m, v in first.items() if m != "pearson")
        starts[f"scenario {s}"] = all_of(
            holds_if(highest, f"scenario {s}, c = {sizes[0]}: φ_pears {_show(first['pearson'])} "
                     "above " + ", ".join(f"{SYMBOL[m]} {_show(v)}" for m, v in first.items()
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
        "; ".join(f"{SYMBOL[m]}: {_trace(_curve(summary, 3, m))}"
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
                    f"{SYMBOL[measure]}'s {word} from the smallest to the largest c: scenario 2 "
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
# §7.2-7.3: Table 5, Fig. 19
# --------------------------------------------------------------------------------------------


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


def _rises(start: pd.Series, end: pd.Series, quantity: str, label: str, a: float,
           b: float) -> Assessment:
    name = "A" if quantity == "accuracy" else SYMBOL[quantity]
    shown = (f"{name} {_show(start[quantity])} ({label} = {a:g}) → {_show(end[quantity])} "
             f"({label} = {b:g})")
    if float(start[quantity]) >= 1 - 1e-12:
        return not_testable(f"{shown}: at its ceiling 1 from the start, it cannot rise")
    return holds_if(float(end[quantity]) > float(start[quantity]), shown)


def _trajectory_claims(trajectories: Mapping[str, pd.DataFrame | None],
                       configured: Sequence[str], methods: Sequence[str],
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
        if method not in methods:
            out.append(_claim(f"{key}.all", "", not_testable(f"the {method} is not configured"),
                              METHOD_NOT_RUN, statement=key, dataset="all"))
            continue
        table = trajectories.get(method)
        groups = {} if table is None else dict(list(table.groupby("paper_dataset", sort=False)))
        cases: dict[str, Assessment] = {}
        matches = []
        for dataset in configured:
            rows = groups.get(dataset)
            if rows is None:
                cases[dataset] = missing_case(dataset)
                continue
            if f"param_{parameter}" not in rows or rows[f"param_{parameter}"].nunique() < 2:
                cases[dataset] = not_testable(f"fewer than two values of {label}")
                continue
            start, end = _ends(rows, parameter, first)
            a, b = start[f"param_{parameter}"], end[f"param_{parameter}"]
            cases[dataset] = all_of(*(_rises(start, end, q, label, a, b) for q in rising))
            settings = settings_of(run, "section72", dataset)
            matches.append(settings)
            out.append(_claim(f"{key}.{dataset}", cases[dataset].why.replace(": yes", "")
                              .replace(": no", ""), cases[dataset], settings, statement=key,
                              dataset=dataset))
        out.append(_claim(f"{key}.all", f"{len(matches)} of {len(configured)} data sets run",
                          roll_up(cases), combined(matches), statement=key, dataset="all"))
    if "logistic_rfe" in methods:
        out += _logistic_rfe_claims(trajectories.get("logistic_rfe"), configured, run)
    return out


def _logistic_rfe_claims(table: pd.DataFrame | None, configured: Sequence[str],
                         run: Mapping[str, Any]) -> list[Claim]:
    """Fig. 14 on every §7.2 data set: φ unchanged over λ_f (which only refits the final model
    on the selected features: the claim cannot fail when the subsets are identical); φ_pears
    and φ_iw rise with λ_f on each λ line."""
    out: list[Claim] = []
    groups = {} if table is None else dict(list(table.groupby("paper_dataset", sort=False)))
    unchanged: dict[str, Assessment] = {}
    stabilises: dict[str, Assessment] = {}
    matches = []
    for dataset in configured:
        rows = groups.get(dataset)
        if rows is None:
            unchanged[dataset] = stabilises[dataset] = missing_case(dataset)
            continue
        settings = settings_of(run, "section72", dataset)
        matches.append(settings)
        spreads, rises = [], {}
        for C, line in rows.groupby("param_C", sort=True):
            # λ_f = 1 / final_C grows as final_C falls: from the largest final_C to the smallest
            end, start = _ends(line, "final_C")
            spreads.append((1 / C, float(line["nogueira"].max() - line["nogueira"].min())))
            for m in ("pearson", "importance_weighted"):
                rises[f"λ = {1 / C:g}, {SYMBOL[m]}"] = holds_if(
                    float(end[m]) > float(start[m]),
                    f"λ = {1 / C:g}: {SYMBOL[m]} {_show(start[m])} (λ_f = "
                    f"{1 / start['param_final_C']:g}) → {_show(end[m])} (λ_f = "
                    f"{1 / end['param_final_C']:g})")
        worst = max(s for _, s in spreads)
        unchanged[dataset] = (
            cannot_fail("λ_f only refits the final model on the features already selected: φ "
                        "is the same at every λ_f by construction (max − min of φ = 0 on every "
                        "λ line)")
            if worst == 0 else
            at_most(worst, 0.0, what="largest max − min of φ over λ_f", digits=3))
        stabilises[dataset] = roll_up(rises)
        out.append(_claim(
            f"fig14.phi_unchanged.{dataset}",
            "max − min of φ over λ_f: " + ", ".join(f"{s:.2g} (λ = {lam:g})"
                                                   for lam, s in spreads),
            unchanged[dataset], settings, statement="fig14.phi_unchanged", dataset=dataset))
        out.append(_claim(f"fig14.final_lambda_stabilises.{dataset}",
                          "; ".join(r.why.rsplit(":", 1)[0] for r in rises.values()),
                          stabilises[dataset], settings,
                          statement="fig14.final_lambda_stabilises", dataset=dataset))
    for key, cases in (("fig14.phi_unchanged", unchanged),
                       ("fig14.final_lambda_stabilises", stabilises)):
        out.append(_claim(f"{key}.all", f"{len(matches)} of {len(configured)} data sets run",
                          roll_up(cases), combined(matches), statement=key, dataset="all"))
    return out


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
    summaries: Mapping[str, pd.DataFrame] | None = None,
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
    §7.3 group estimates (Fig. 20); ``trajectories``: §7.2 method (``elastic_net``,
    ``logistic_rfe``, ``random_forest``, ``relief``) -> its trajectory table (Figs. 13-17);
    ``properties``, ``lasso_checks``: §5's checks on the §7.2 maps
    (:func:`~fsstab.papers.hamer2021.stages.properties_step`); ``summaries``: §7.2 data set ->
    its stability summary; ``methods``: ``section72.methods`` (method -> selector label);
    ``configured``: ``section71``, ``frequency_score``, ``section72``, ``section73`` -> the
    paper data sets of the configuration (those without results are "not run" when on disk,
    "not testable here" otherwise: :mod:`fsstab.papers.hamer2021.conclusions_cases`);
    ``run``: :func:`~fsstab.papers.hamer2021.settings.run_settings`.
    """
    methods = dict(methods or {})
    s72, s73 = configured["section72"], configured["section73"]
    found = [
        *_toy_claims(toy, canberra_replicates, run),
        *property_claims(properties, lasso_checks, summaries or {}, list(methods.values()),
                         s72, run),
        *_correlated_claims(correlated, run),
        *decision_claims(areas, versus, frequency, compromises or {},
                          configured["section71"], run, configured["frequency_score"]),
        *lasso_claims(lasso_checks, s72, run),
        *table5_claims(table5, s72, run),
        *_trajectory_claims(trajectories or {}, s72, list(methods), run),
        *variation_claims(variation, s73, run),
        *distribution_claims(estimates, s73, run),
    ]
    order = list(STATEMENTS.values())
    return sorted(found, key=lambda claim: order.index(claim.statement))
