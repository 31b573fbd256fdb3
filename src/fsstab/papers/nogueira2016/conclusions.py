"""The claims of Nogueira & Brown (2016) checked on our run: ``conclusions.md`` and
``conclusions.csv`` (:func:`fsstab.papers.conclusions.write_conclusions`).

Every claim is a :data:`~fsstab.papers.nogueira2016.reference.STATEMENTS` entry (the paper's
words) with our evidence and a verdict computed by a criterion of
:mod:`fsstab.papers.conclusions`. The thresholds that turn the paper's words into criteria
are the constants below; the *why* column shows each with the numbers it was applied to.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
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
    claim_maker,
    close_to,
    compare_settings,
    equal_to,
    holds_if,
    not_testable,
    over_cases,
    read_conclusion_inputs,
    within_noise,
    within_standard_errors,
    write_conclusions,
)
from fsstab.papers.nogueira2016.properties import ENUMERATED_N, PROPERTIES
from fsstab.papers.nogueira2016.reference import (
    PAPER_FIGURE2,
    PAPER_RUN,
    PAPER_TABLE2,
    STATEMENTS,
    TABLE1_NOT_IMPLEMENTED,
    paper_settings,
    symbol,
)
from fsstab.papers.outputs import NOT_RUN_NOTE, format_mean_sd, format_number

__all__ = [
    "CLOSE",
    "EXACT",
    "PREAMBLE",
    "SD_FRACTION",
    "SMALL_PROPORTION",
    "THEOREM1_GAP",
    "TITLE",
    "claims",
    "claims_from_inputs",
    "conclude",
    "conclude_folder",
]

TITLE = ("Nogueira & Brown (2016), \"Measuring the stability of feature selection with "
         "applications to ensemble methods\": conclusions")

#: Values the paper states exactly (5/9, 0.7, 1, -99) agree to this absolute tolerance.
EXACT = 1e-12
#: "much smaller than the total number of features": sd <= this fraction of d -- the largest
#: sd / d of the paper's own Table 2, which it calls "much smaller" (parkinsons: 1.7 of 22).
SD_FRACTION = PAPER_TABLE2["parkinsons"]["selected"][1] / PAPER_TABLE2["parkinsons"]["n_features"]
#: "close to each other" (sim_W and sim_N): at most this apart beyond the noise, on the scale
#: where both reach their maximum 1. The paper prints no value of Fig. 2: the project's margin.
CLOSE = 0.05
#: "only a small proportion of pairs": at most this fraction (the paper gives no number: the
#: project's).
SMALL_PROPORTION = 0.1
#: Theorem 1 (asymptotic equivalence): the gap |CW_rel - sim_K| shrinks with every increase
#: of K and ends below this.
THEOREM1_GAP = 1e-3

PREAMBLE = (
    f"Claims of §2-§4 are checked exactly on every pair of feature sets with n = "
    f"{ENUMERATED_N[0]}..{ENUMERATED_N[-1]} features (no data): they follow from the "
    "measures' definitions and are *verified by construction*; those of §5 on the "
    "random-forest runs of this configuration (Table 2, Fig. 2). Two measured values are "
    "compared by the noise rule of docs/papers.md (2 standard errors of the difference, a "
    "Bonferroni allowance for an agreement checked on several data sets); the standard error "
    "of a Fig. 2 value, or of a difference of two, is the jackknife's over the K selected "
    "sets (fig02_jackknife), that of Table 2's mean sd / sqrt(K). The paper's words as "
    f"numbers: \"much smaller than the number of features d\" = sd at most {SD_FRACTION:.3f}·d "
    "(the largest sd / d of the paper's Table 2, parkinsons 1.7 of 22); the paper prints no "
    f"number for \"close\" (project's: within {CLOSE:g} beyond the noise) or \"a small "
    f"proportion\" (project's: at most {SMALL_PROPORTION:.0%}). docs/paper-nogueira2016.md "
    "discusses the claims that do not hold."
)

_ENUMERATION = (f"exact: every pair of sets with sizes 1..n-1 for n = {ENUMERATED_N[0]}.."
                f"{ENUMERATED_N[-1]}")
_NO_DATA = SettingsMatch(True, "no data; " + _ENUMERATION)
_TOY_RUNS = SettingsMatch(True, "the paper gives no number of runs: 10 here, \"half of the "
                          "time\" as alternating runs (only nPOG depends on the order)")


_claim = claim_maker(STATEMENTS)

#: Why the claims of §2-§4 are certain once fsstab implements the definitions.
_WORKED = "a worked example on the paper's own sets (computed, no data)"
_DEFINITION = ("follows from the measures' definitions (exact on every pair of sets, "
               f"n = {ENUMERATED_N[0]}..{ENUMERATED_N[-1]})")


def _built(claims: Sequence[Claim], reason: str) -> list[Claim]:
    """``claims`` with their checks read as *verified by construction* (a failing check stays
    a failure)."""
    return [replace(c, assessment=by_construction(c.assessment, reason)) for c in claims]


def _value(toy: pd.DataFrame, example: str, measure: str) -> float:
    row = toy[toy["measure"] == measure]
    return float(row[example].iloc[0]) if len(row) and example in toy.columns else math.nan


def _show(value: float) -> str:
    return format_number(value, 4)


# --------------------------------------------------------------------------------------------
# Measures: §2-§4 (no data)
# --------------------------------------------------------------------------------------------


def _toy_claims(toy: pd.DataFrame) -> list[Claim]:
    out = [_claim("eq3.hamming", _show(_value(toy, "eq3", "hamming")),
                  close_to(_value(toy, "eq3", "hamming"), 5 / 9, EXACT, what="sim_H"),
                  SettingsMatch(True, "the paper's three sets"))]
    for k, printed in (("k7", 0.7), ("k4", 0.6)):
        example = f"example1_{k}"
        lustgarten = _value(toy, example, "lustgarten")
        out.append(_claim(f"example1.{k}.lustgarten", _show(lustgarten),
                          close_to(lustgarten, printed, EXACT, what="sim_L"), _TOY_RUNS))
        others = {m: _value(toy, example, m)
                  for m in ("kuncheva", "wald", "npog", "nogueira_brown")}
        out.append(_claim(
            f"example1.{k}.others",
            ", ".join(f"{symbol(m, plain=True)} {_show(v)}" for m, v in others.items()),
            all_of(*(close_to(v, 1.0, EXACT, what=symbol(m, plain=True))
                     for m, v in others.items())), _TOY_RUNS))
    wald2 = _value(toy, "example2", "wald")
    out.append(_claim("example2.wald", _show(wald2), close_to(wald2, 1.0, EXACT, what="sim_W"),
                      _TOY_RUNS))
    others = {m: _value(toy, "example2", m) for m in ("lustgarten", "npog")}
    out.append(_claim(
        "example2.others",
        ", ".join(f"{symbol(m, plain=True)} {_show(v)}" for m, v in others.items()),
        all_of(*(at_most(v, 1 - 1e-9, what=symbol(m, plain=True)) for m, v in others.items())),
        _TOY_RUNS))
    two, three = _value(toy, "example2", "npog"), _value(toy, "example3", "npog")
    out.append(_claim(
        "example3.npog", f"nPOG {_show(three)} (Example 2: {_show(two)})",
        holds_if(abs(three - two) > EXACT,
                 f"nPOG differs between the two orders by {abs(three - two):.4g} > {EXACT:g}"),
        SettingsMatch(True, "the paper gives no order: Example 2 starts with features 1-8, "
                      "Example 3 with 1-2, alternating, 10 runs")))
    wald4 = _value(toy, "example4", "wald")
    out.append(_claim("example4.wald", _show(wald4), close_to(wald4, 0.0, EXACT, what="sim_W"),
                      SettingsMatch(True, "the paper's ten sets")))
    extreme = {m: _value(toy, "example4_n100", m) for m in ("wald", "npog")}
    out.append(_claim(
        "example4.minimum_n100",
        ", ".join(f"{symbol(m, plain=True)} {_show(v)}" for m, v in extreme.items())
        + " for {1}, {2..100}",
        all_of(*(close_to(v, -99.0, EXACT, what=symbol(m, plain=True))
                 for m, v in extreme.items())),
        SettingsMatch(True, "the pair {1}, {2..100} (k1 = 1, k2 = n - 1, where §3.1 puts the "
                      "minimum)")))
    return out


def _table1_claims(table1: pd.DataFrame) -> list[Claim]:
    out = []
    for _, row in table1.iterrows():
        mismatched = [i for i in PROPERTIES if bool(row[f"property_{i}"]) != bool(
            row[f"paper_{i}"])]
        numbers = "; ".join(f"{i}. {row[f'evidence_{i}']}" for i in PROPERTIES)
        assessment = holds_if(
            not mismatched,
            f"[{numbers}] properties 1-5 as Table 1 marks them"
            + (f" (differ at {mismatched})" if mismatched else ""))
        out.append(_claim(f"table1.{row['measure']}", f"✓ at {row['ours']}", assessment,
                          _NO_DATA))
    for i, (name, _) in enumerate(TABLE1_NOT_IMPLEMENTED, start=1):
        out.append(_claim(f"table1.not_implemented.{i}", "",
                          not_testable(f"fsstab has no measure {name}"), _NO_DATA))
    out.append(_claim("table1.property6", "",
                      not_testable("redundancy awareness needs a feature similarity; the set "
                                   "measures of Table 1 implemented here take none"),
                      _NO_DATA))
    sim_n = table1[table1["measure"] == "nogueira_brown"]
    others = table1[(table1["measure"] != "nogueira_brown")]
    full = [row["symbol"] for _, row in others.iterrows()
            if all(bool(row[f"property_{i}"]) for i in PROPERTIES)]
    sim_n_all = bool(len(sim_n)) and all(bool(sim_n[f"property_{i}"].iloc[0])
                                         for i in PROPERTIES)
    out.append(_claim(
        "sec4.only_one",
        f"sim_N ✓ at {sim_n['ours'].iloc[0] if len(sim_n) else '?'}; others with all of 1-5: "
        f"{', '.join(full) or 'none'}",
        holds_if(sim_n_all and not full,
                 f"sim_N has 1-5 and none of the {len(others)} other measures tested "
                 f"({', '.join(others['symbol'])}) has all five"),
        _NO_DATA))
    return out


def _pair_claims(pairs: pd.DataFrame, theorem1: pd.DataFrame) -> list[Claim]:
    out = []
    gaps = theorem1["gap"].to_numpy()
    shrinking = bool(np.all(np.diff(gaps) < 0))
    out.append(_claim(
        "theorem1",
        "|CW_rel - sim_K| = " + ", ".join(f"{g:.2g} (K = {k})" for k, g in
                                          zip(theorem1["K"], gaps, strict=True)),
        all_of(holds_if(shrinking, "the gap shrinks with every increase of K"),
               at_most(float(gaps[-1]), THEOREM1_GAP,
                       what=f"gap at K = {int(theorem1['K'].iloc[-1])}", digits=6)),
        SettingsMatch(True, "no data; four sets of size 4 among n = 10 (ours: the paper "
                      "gives none), repeated")))
    low, high = float(pairs["lustgarten"].min()), float(pairs["lustgarten"].max())
    out.append(_claim(
        "sec3_1.lustgarten_bounds", f"sim_L in [{low:.4g}, {high:.4g}]",
        all_of(at_least(low, -1 - EXACT, what="min sim_L"),
               at_most(high, 1 + EXACT, what="max sim_L")), _NO_DATA))
    minima, where = [], []
    for n, part in pairs.groupby("n"):
        lowest = float(part["wald"].min())
        at = part[part["wald"] <= lowest + EXACT]
        sizes = sorted({(int(a), int(b)) for a, b in zip(at["k1"], at["k2"], strict=True)})
        minima.append(abs(lowest - (1 - n)) <= EXACT)
        where.append(sizes == sorted({(n - 1, 1), (1, n - 1)}))
    out.append(_claim(
        "sec3_1.wald_minimum",
        "min sim_W per n: " + ", ".join(f"{float(p['wald'].min()):.4g} (n = {n})"
                                        for n, p in pairs.groupby("n")),
        holds_if(all(minima) and all(where),
                 f"the minimum is 1 - n for {sum(minima)} of {len(minima)} n, reached only at "
                 f"(k1, k2) = (n-1, 1), (1, n-1) for {sum(where)} of {len(where)}"),
        _NO_DATA))
    asymmetry = np.abs(pairs["npog"] - pairs["npog_swapped"])
    out.append(_claim(
        "sec3_1.npog_asymmetric", f"max |nPOG(s1,s2) - nPOG(s2,s1)| = {asymmetry.max():.4g}",
        holds_if(bool((asymmetry > EXACT).any()),
                 f"{int((asymmetry > EXACT).sum())} of {len(pairs)} pairs change with the "
                 "order"), _NO_DATA))
    smaller_first = pairs[pairs["k1"] <= pairs["k2"]]
    gap = float(np.abs(smaller_first["npog"] - smaller_first["wald"]).max())
    out.append(_claim(
        "sec3_1.npog_equals_wald", f"max |nPOG - sim_W| = {gap:.3g} over "
                                   f"{len(smaller_first)} pairs with k1 <= k2",
        at_most(gap, EXACT, what="max |nPOG - sim_W|", digits=3), _NO_DATA))
    nested = pairs[(pairs["r"] == pairs[["k1", "k2"]].min(axis=1))
                   & (pairs["k1"] != pairs["k2"])]
    worst = float(np.abs(nested["wald"] - 1.0).max())
    out.append(_claim(
        "example2.wald_subsets", f"sim_W = 1 ± {worst:.2g} on {len(nested)} nested pairs",
        at_most(worst, EXACT, what="max |sim_W - 1| over proper subsets", digits=3), _NO_DATA))
    equal = pairs[pairs["k1"] == pairs["k2"]]
    gap = float(np.abs(equal["nogueira_brown"] - equal["kuncheva"]).max())
    out.append(_claim(
        "theorem2", f"max |sim_N - sim_K| = {gap:.3g} over {len(equal)} pairs with k1 = k2",
        at_most(gap, EXACT, what="max |sim_N - sim_K|", digits=3), _NO_DATA))
    expected = pairs["k1"] * pairs["k2"] / pairs["n"]
    same_denominator = pairs[expected - np.maximum(0, pairs["k1"] + pairs["k2"] - pairs["n"])
                             <= pairs[["k1", "k2"]].min(axis=1) - expected]
    gap = float(np.abs(same_denominator["wald"] - same_denominator["nogueira_brown"]).max())
    out.append(_claim(
        "sec5.equal_denominators",
        f"max |sim_W - sim_N| = {gap:.3g} over the {len(same_denominator)} of {len(pairs)} "
        "pairs meeting the condition",
        at_most(gap, EXACT, what="max |sim_W - sim_N|", digits=3), _NO_DATA))
    return out


def _figure1_claims(fig1: pd.DataFrame) -> list[Claim]:
    settings = SettingsMatch(True, "Fig. 1's n = 10 and k2 = "
                             + ", ".join(str(k) for k in dict.fromkeys(fig1["k2"])))
    low, high = float(fig1["sim_n_min"].min()), float(fig1["sim_n_max"].max())
    equal = fig1[fig1["k1"] == fig1["k2"]]
    # not part of the claim, shown as evidence: sim_N also reaches 1 for nested sets of
    # different sizes (r = min(k1, k2)) wherever its denominator is min(k1, k2) - E[r]
    also = fig1[(np.abs(fig1["sim_n_max"] - 1.0) <= EXACT) & (fig1["k1"] != fig1["k2"])]
    out = [_claim(
        "fig1.bounds",
        f"sim_N in [{low:.4g}, {high:.4g}]; 1 at k1 = k2; also 1 for nested sets at (k1, k2) = "
        + (", ".join(f"({a}, {b})" for a, b in zip(also["k1"], also["k2"], strict=True))
           or "none"),
        all_of(at_least(low, -1 - EXACT, what="min sim_N"),
               at_most(high, 1 + EXACT, what="max sim_N"),
               close_to(float(equal["sim_n_max"].min()), 1.0, EXACT,
                        what="max sim_N at k1 = k2 (identical sets)")),
        settings)]
    residuals = []
    for k2, part in fig1.groupby("k2"):
        for side in (part[part["k1"] < k2], part[part["k1"] > k2]):
            if len(side) >= 3:
                distance = np.abs(side["k1"].to_numpy() - k2).astype(float)
                peak = side["sim_n_max"].to_numpy()
                fitted = np.polyval(np.polyfit(distance, peak, 1), distance)
                residuals.append(float(np.max(np.abs(peak - fitted))))
    largest = max(residuals) if residuals else math.nan
    out.append(_claim(
        "fig1.not_proportional",
        f"largest departure of max sim_N from a straight line in |k1 - k2|: {largest:.3g}",
        holds_if(bool(residuals) and largest > 1e-6,
                 "max sim_N is not an affine function of |k1 - k2| on some side of k2 "
                 f"(largest residual of a least-squares line {largest:.3g} > 1e-6)"),
        settings))
    return out


# --------------------------------------------------------------------------------------------
# Random forests: §5, Table 2 and Fig. 2
# --------------------------------------------------------------------------------------------


def _settings(run: Mapping[str, Mapping[str, Any]], dataset: str) -> SettingsMatch:
    return compare_settings(run[dataset], paper_settings(dataset))


def _combined(matches: Sequence[SettingsMatch]) -> SettingsMatch:
    different = [m.detail for m in matches if not m.same]
    return SettingsMatch(not different, "; ".join(dict.fromkeys(different)))


def _left_out(jackknife: pd.DataFrame | None, dataset: str) -> dict[str, np.ndarray]:
    """measure -> its K values with one selected set left out (empty without the table)."""
    if jackknife is None:
        return {}
    rows = jackknife[(jackknife["dataset"] == dataset) & (jackknife["left_out"] >= 0)]
    return {m: part.sort_values("left_out")["stability"].to_numpy(dtype=float)
            for m, part in rows.groupby("measure")}


def _jackknife_se(values: np.ndarray) -> float:
    """The jackknife standard error of an estimate from its K leave-one-out values."""
    K = values.size
    if K < 2:
        return math.nan
    return float(math.sqrt((K - 1) / K * np.sum((values - values.mean()) ** 2)))


def _lowest(values: Mapping[str, float], loo: Mapping[str, np.ndarray],
            expected: str) -> Assessment:
    """``expected`` is the lowest: below every other measure beyond 2 jackknife standard
    errors of the difference."""
    if expected not in values:
        return not_testable(f"no value for {symbol(expected, plain=True)}")
    others = [m for m in values if m != expected]
    if not all(m in loo for m in [expected, *others]):
        return not_testable("no jackknife values (fig02_jackknife): the noise of Fig. 2 is "
                            "unknown")
    return all_of(*(beyond_noise(
        values[m] - values[expected], _jackknife_se(loo[m] - loo[expected]),
        what=f"{symbol(m, plain=True)} - {symbol(expected, plain=True)}")
        for m in others))


def _close(values: Mapping[str, float], loo: Mapping[str, np.ndarray],
           n_comparisons: int) -> Assessment:
    """sim_W and sim_N "close to each other": within :data:`CLOSE` plus the noise."""
    if not {"wald", "nogueira_brown"} <= set(values):
        return not_testable("sim_W or sim_N not computed")
    gap = values["wald"] - values["nogueira_brown"]
    se = (_jackknife_se(loo["wald"] - loo["nogueira_brown"])
          if {"wald", "nogueira_brown"} <= set(loo) else math.nan)
    return within_noise(gap, se, what="sim_W - sim_N", n_comparisons=n_comparisons,
                        tolerance=CLOSE, tolerance_label="margin")


def _npog_gap(values: Mapping[str, float], loo: Mapping[str, np.ndarray]
              ) -> tuple[float, float] | None:
    """|nPOG - (sim_N + sim_W)/2| and its jackknife standard error."""
    if not {"npog", "wald", "nogueira_brown"} <= set(values):
        return None
    gap = abs(values["npog"] - (values["wald"] + values["nogueira_brown"]) / 2)
    if not {"npog", "wald", "nogueira_brown"} <= set(loo):
        return gap, math.nan
    per_set = np.abs(loo["npog"] - (loo["wald"] + loo["nogueira_brown"]) / 2)
    return gap, _jackknife_se(per_set)


def _forest_claims(
    fig2: pd.DataFrame, table2: pd.DataFrame, pair_stats: pd.DataFrame,
    configured: Sequence[str], run: Mapping[str, Mapping[str, Any]],
    jackknife: pd.DataFrame | None = None,
) -> list[Claim]:
    out: list[Claim] = []
    lowest: dict[str, Assessment] = {}
    close: dict[str, Assessment] = {}
    gaps: dict[str, tuple[float, float]] = {}
    run_here = [d for d in configured if d in set(table2["dataset"])]
    tested = [d for d in run_here if d in PAPER_TABLE2]
    for name in configured:
        paper = PAPER_TABLE2.get(name)
        if name not in run_here:
            untested = not_testable(NOT_RUN_NOTE)
            lowest[name] = close[name] = untested
            if paper is not None:
                for key in ("table2.data", "table2.selected", "sec5.sd_small",
                            "sec5.few_pairs", "sec5.no_large_negative"):
                    out.append(_claim(f"{key}.{name}", "", untested,
                                      SettingsMatch(False, "data set not run here"),
                                      statement=key,
                                      dataset=name, paper_evidence=_table2_evidence(key, paper)))
            continue
        if paper is None:
            continue
        settings = _settings(run, name)
        row = table2[table2["dataset"] == name].iloc[0]
        ours = (int(row["n_examples"]), int(row["n_classes"]), int(row["n_features"]))
        printed = (paper["n_examples"], paper["n_classes"], paper["n_features"])
        out.append(_claim(
            f"table2.data.{name}", "{} examples, {} classes, {} features".format(*ours),
            equal_to(ours, printed, what="(examples, classes, features)"), settings,
            statement="table2.data", dataset=name,
            paper_evidence=_table2_evidence("table2.data", paper)))
        mean, sd, K = float(row["mean_selected"]), float(row["sd_selected"]), int(row["runs"])
        paper_mean, paper_sd = paper["selected"]
        out.append(_claim(
            f"table2.selected.{name}", f"{format_mean_sd(mean, sd)} (K = {K})",
            _means_agree(mean, sd, K, paper_mean, paper_sd, PAPER_RUN["K"], len(tested)),
            settings, statement="table2.selected", dataset=name,
            paper_evidence=_table2_evidence("table2.selected", paper)))
        out.append(_claim(
            f"sec5.sd_small.{name}", f"sd {format_number(sd, 2)} of d = {ours[2]}",
            at_most(sd, SD_FRACTION * ours[2], what=f"sd (at most {SD_FRACTION:.3f}·d)",
                    digits=2), settings,
            statement="sec5.sd_small", dataset=name,
            paper_evidence=_table2_evidence("sec5.sd_small", paper)))
        values = fig2[fig2["dataset"] == name].set_index("measure")["stability"]
        shown = {m: float(values[m]) for m in PAPER_FIGURE2 if m in values.index}
        loo = _left_out(jackknife, name)
        lowest[name] = _lowest(shown, loo, "lustgarten")
        close[name] = _close(shown, loo, len(tested))
        gap = _npog_gap(shown, loo)
        if gap is not None:
            gaps[name] = gap
        stats = pair_stats[pair_stats["dataset"] == name].iloc[0]
        out.append(_claim(
            f"sec5.few_pairs.{name}",
            f"{format_number(100 * stats['unequal_denominators'], 1)} % of "
            f"{int(stats['pairs'])} pairs; sim_W != sim_N for "
            f"{format_number(100 * stats['scores_differ'], 1)} %",
            at_most(float(stats["unequal_denominators"]), SMALL_PROPORTION,
                    what="fraction of pairs", digits=3), settings,
            statement="sec5.few_pairs", dataset=name))
        out.append(_claim(
            f"sec5.no_large_negative.{name}",
            f"smallest pairwise sim_W {format_number(stats['min_wald'], 3)} "
            f"(sim_N {format_number(stats['min_nogueira_brown'], 3)})",
            at_least(float(stats["min_wald"]), -1.0,
                     what="smallest pairwise sim_W (sim_N's lower bound: -1)", digits=3),
            settings, statement="sec5.no_large_negative", dataset=name))
    matches = _combined([_settings(run, d) for d in tested])
    for key, cases in (("fig2.lowest", lowest), ("fig2.wald_close", close)):
        for name, assessment in cases.items():
            if name in run_here:
                out.append(_claim(f"{key}.{name}", _evidence(fig2, name, key), assessment,
                                  _settings(run, name), statement=key, dataset=name))
        out.append(_claim(key, f"{len(run_here)} of {len(configured)} data sets run",
                          over_cases(cases), matches, statement=key, dataset="all"))
    out.append(_npog_claim(gaps, configured, matches))
    out.append(_claim("fig2.values", "our bars: fig02_stability",
                      not_testable("the paper prints no values for the bars (the text has "
                                   "none; only the orderings it states are checked)"),
                      matches, dataset="all"))
    return out


def _means_agree(mean: float, sd: float, K: int, paper_mean: float, paper_sd: float,
                 paper_K: int, n_comparisons: int) -> Assessment:
    """Table 2's criterion: the two means agree by the noise rule (SE of each: sd / sqrt(K);
    a Bonferroni allowance over the ``n_comparisons`` data sets checked)."""
    return within_standard_errors(mean, sd / math.sqrt(K), paper_mean,
                                  paper_sd / math.sqrt(paper_K),
                                  n_comparisons=max(1, n_comparisons))


def _table2_evidence(key: str, paper: Mapping[str, Any]) -> str:
    if key == "table2.data":
        return (f"{paper['n_examples']} examples, {paper['n_classes']} classes, "
                f"{paper['n_features']} features")
    if key in ("table2.selected", "sec5.sd_small"):
        mean, sd = paper["selected"]
        return f"{mean:g} ± {sd:g} (p = {paper['p']:g}, K = {PAPER_RUN['K']})" \
            if key == "table2.selected" else f"sd {sd:g} of d = {paper['n_features']}"
    return STATEMENTS[key].evidence


def _evidence(fig2: pd.DataFrame, name: str, key: str) -> str:
    values = fig2[fig2["dataset"] == name].set_index("measure")["stability"]
    measures = PAPER_FIGURE2 if key == "fig2.lowest" else ("wald", "nogueira_brown")
    return ", ".join(f"{symbol(m, plain=True)} {format_number(values[m], 3)}"
                     for m in measures if m in values.index)


def _npog_claim(gaps: Mapping[str, tuple[float, float]], configured: Sequence[str],
                settings: SettingsMatch) -> Claim:
    """nPOG closer to sim_N and sim_W on parkinsons and breast than on the other two: each
    gap of the first below each of the others beyond 2 standard errors of the difference (the
    data sets are independent)."""
    closer = [d for d in ("parkinsons", "breast") if d in gaps]
    further = [d for d in configured if d not in ("parkinsons", "breast") and d in gaps
               and d in PAPER_TABLE2]
    shown = ", ".join(f"{d} {gaps[d][0]:.3f} ± {gaps[d][1]:.3f}" for d in gaps)
    if not closer or not further:
        assessment = not_testable("needs parkinsons or breast and wine or sonar run")
    else:
        assessment = all_of(*(beyond_noise(
            gaps[far][0] - gaps[near][0], math.hypot(gaps[far][1], gaps[near][1]),
            what=f"gap on {far} - gap on {near}") for near in closer for far in further))
    return _claim("fig2.npog_closer", f"|nPOG - (sim_N + sim_W)/2| ± jackknife SE: {shown}",
                  assessment, settings, dataset="all")


def claims(
    *,
    toy: pd.DataFrame,
    pairs: pd.DataFrame,
    table1: pd.DataFrame,
    theorem1: pd.DataFrame,
    fig1: pd.DataFrame,
    fig2: pd.DataFrame,
    table2: pd.DataFrame,
    pair_stats: pd.DataFrame,
    configured: Sequence[str],
    run: Mapping[str, Mapping[str, Any]],
    jackknife: pd.DataFrame | None = None,
) -> list[Claim]:
    """Every claim of :data:`~fsstab.papers.nogueira2016.reference.STATEMENTS`, checked, in
    the paper's order.

    ``toy``, ``fig1``, ``fig2``, ``table2``: the tables of
    :mod:`~fsstab.papers.nogueira2016.stages`; ``pairs``, ``table1``, ``theorem1``: those of
    :mod:`~fsstab.papers.nogueira2016.properties`; ``pair_stats``:
    :func:`~fsstab.papers.nogueira2016.stages.pair_statistics`; ``configured``: every data set
    of the configuration (those not run are "not testable here"); ``run``:
    :func:`~fsstab.papers.nogueira2016.settings.run_settings`; ``jackknife``:
    :func:`~fsstab.papers.nogueira2016.stages.figure2_jackknife` (the noise of Fig. 2's values;
    without it their comparisons are not testable).
    """
    found = [*_built(_toy_claims(toy), _WORKED), *_built(_table1_claims(table1), _DEFINITION),
             *_built(_pair_claims(pairs, theorem1), _DEFINITION),
             *_built(_figure1_claims(fig1), _DEFINITION),
             *_forest_claims(fig2, table2, pair_stats, configured, run, jackknife)]
    order = list(STATEMENTS.values())
    return sorted(found, key=lambda claim: order.index(claim.statement))


def claims_from_inputs(inputs: ConclusionInputs) -> list[Claim]:
    """:func:`claims` from the files of a run (``conclusions_inputs.json`` and its tables, as
    the rule writes them and ``docs/papers/nogueira2016/`` publishes them)."""
    tables = inputs.tables
    return claims(toy=tables["sec3_2_toy_examples"], pairs=tables["table1_measure_pairs"],
                  table1=tables["table1_properties"], theorem1=tables["theorem1_cw_rel_sim_k"],
                  fig1=tables["fig01_sim_n_extremes"], fig2=tables["fig02_stability"],
                  table2=tables["table2_datasets"],
                  pair_stats=tables["sec5_pair_statistics"],
                  jackknife=inputs.table("fig02_jackknife"),
                  configured=inputs.run["configured"], run=inputs.run["settings"])


def conclude(inputs: ConclusionInputs, markdown: Any, table: Any) -> pd.DataFrame:
    """``conclusions.md`` and ``conclusions.{csv,parquet}`` from a run's inputs (the rule
    ``nogueira2016_conclusions``; the check of the published files)."""
    return write_conclusions(claims_from_inputs(inputs), markdown, table, title=TITLE,
                             preamble=PREAMBLE,
                             metadata={"paper": "nogueira2016", "item": "conclusions"})


def conclude_folder(folder: Any, markdown: Any, table: Any) -> pd.DataFrame:
    """:func:`conclude` from the inputs published in ``folder`` (``docs/papers/nogueira2016/``
    or its ``reduced/``)."""
    return conclude(read_conclusion_inputs(folder), markdown, table)
