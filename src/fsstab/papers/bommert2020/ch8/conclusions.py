"""The claims of Bommert (2020), Chapter 8 (L0-regularised logistic regression tuned with
adjusted and unadjusted stability), checked on our run: the rows of ``ch8_claims``
(:func:`fsstab.papers.conclusions.claims_frame`), gathered into the thesis' ``conclusions.md``
with the other chapters'.

Every claim is a :data:`~fsstab.papers.bommert2020.ch8.reference.STATEMENTS` entry with our
evidence and a verdict from a criterion of :mod:`fsstab.papers.conclusions`: the §8.1 toy on
the selections of every toy data set, the §8.3 simulation per scenario on the medians over the
replications (what the boxplots of Figs. 8.5-8.6 and A.22-A.29 show), the §8.4 real data per
data set on the medians over the outer folds (Figs. 8.8, 8.9). The thresholds that turn the
thesis' words into numbers are the constants below (:data:`PREAMBLE` states them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch8.evidence import (
    COMPARED,
    part_settings,
    real_medians,
    simulation_medians,
)
from fsstab.papers.bommert2020.ch8.reference import (
    REAL_DATA_BENEFIT,
    REAL_DATA_STABS,
    STATEMENTS,
    TOY_MEDIANS,
    TOY_METHOD_LABELS,
    TOY_METHODS,
    thesis_adj_advantage,
)
from fsstab.papers.bommert2020.ch8.toy import nested_group_counts
from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    ConclusionInputs,
    SettingsMatch,
    all_of,
    at_most,
    by_construction,
    claim_maker,
    equal_to,
    holds_if,
    not_run,
    not_testable,
    over_cases,
)
from fsstab.papers.outputs import format_number
from fsstab.ties import merge_ties

__all__ = ["MUCH_FEWER", "PREAMBLE", "SAME_ACCURACY", "SIMILAR_ACCURACY", "claims",
           "claims_from_inputs"]

#: "much fewer" false positives: at most this fraction of the other approaches' (medians).
MUCH_FEWER = 0.5
#: "does not decrease the predictive performance" / "no predictive accuracy is lost": the
#: median accuracy at most this lower -- the thesis' own acc.const, the loss its ε-constraint
#: selection accepts as no loss (§8.3.1).
SAME_ACCURACY = 0.025
#: "similar classification accuracy" of all approaches: medians within this range.
SIMILAR_ACCURACY = 0.05

PREAMBLE = (
    f"Chapter 8's words as numbers: \"much fewer\" false positives = at most "
    f"{MUCH_FEWER:g} times the other approaches' median; accuracy \"not decreased\" / \"not "
    f"lost\" = a median at most {SAME_ACCURACY:g} lower (the thesis' acc.const); \"similar\" "
    f"accuracies = medians within {SIMILAR_ACCURACY:g}; \"decreases\" / \"increases\" with the "
    f"number of similar features = the medians never rise (fall) from one number to the next and "
    f"end lower (higher). The simulation and real-data claims compare medians over the "
    f"replications / outer folds (the centres of the thesis' boxplots)."
)

_claim = claim_maker(STATEMENTS)


def _n(value: float, digits: int = 3) -> str:
    return format_number(value, digits)


# --------------------------------------------------------------------------------------------
# §8.1: the toy example
# --------------------------------------------------------------------------------------------


def _toy_claims(supports: pd.DataFrame, settings: SettingsMatch) -> list[Claim]:
    features = [f"X{j}" for j in range(1, 16)]
    forest = supports[supports["method"] == "random_forest"]
    all_kept = float(forest[features].all(axis=1).mean())
    out = [_claim("ch8.toy.forest_all", f"share of data sets where all 15 are kept: "
                  f"{_n(all_kept)}", equal_to(all_kept, 1.0, what="share"), settings)]
    x1 = {TOY_METHOD_LABELS[m]: float(supports.loc[supports["method"] == m, "X1"].mean())
          for m in TOY_METHODS}
    out.append(_claim("ch8.toy.x1_always",
                      "selection frequency of X1: " + ", ".join(f"{k} {_n(v)}"
                                                                for k, v in x1.items()),
                      over_cases({k: equal_to(v, 1.0, what="frequency") for k, v in x1.items()}),
                      settings))
    counts = nested_group_counts(supports)
    medians = {(m, i): float(counts.loc[counts["method"] == m, f"X2..X{i}"].median())
               for m in TOY_METHODS for i in range(4, 9)}
    cases: dict[str, Assessment] = {}
    for method in TOY_METHODS:
        stated = {i: v for (m, i), v in TOY_MEDIANS.items() if m == method}
        cases[TOY_METHOD_LABELS[method]] = all_of(*(
            equal_to(medians[(method, i)], float(v), what=f"median of {{X2..X{i}}}")
            for i, v in stated.items()))
    shown = "; ".join(
        f"{TOY_METHOD_LABELS[m]} " + "/".join(_n(medians[(m, i)], 1) for i in range(4, 9))
        for m in TOY_METHODS)
    out.append(_claim("ch8.toy.medians", f"medians of {{X2..Xi}}, i = 4..8: {shown}",
                      over_cases(cases), settings))
    l0 = {i: medians[("l0", i)] for i in range(4, 9)}
    others = {i: min(medians[(m, i)] for m in TOY_METHODS if m != "l0") for i in range(4, 9)}
    out.append(_claim(
        "ch8.toy.l0_best",
        "L0 " + "/".join(_n(v, 1) for v in l0.values()) + "; lowest other "
        + "/".join(_n(v, 1) for v in others.values()),
        holds_if(all(l0[i] <= others[i] for i in l0),
                 "L0's median of every {X2..Xi} is at most every other method's"),
        settings))
    return out


# --------------------------------------------------------------------------------------------
# §8.3: the simulation
# --------------------------------------------------------------------------------------------


def _scenario(row: Mapping[str, Any]) -> str:
    return f"{row['design']} n={row['n']} p={row['p']} s={row['n_similar']}"


def _wide(medians: pd.DataFrame, metric: str) -> pd.DataFrame:
    return medians.pivot_table(index=["design", "n", "p", "n_similar"], columns="approach",
                               values=metric).reset_index()


def _tied(medians: pd.DataFrame) -> pd.DataFrame:
    """The medians with values equal up to float rounding merged (:func:`fsstab.ties.merge_ties`):
    a median of fold accuracies is a ratio of counts whose float depends on the order of the
    sum (61/84 as 0.7261904761904762 and ...763), and the claims compare medians exactly."""
    merged = medians.copy()
    for metric in merged.columns.intersection(
            ["test_accuracy", "false_positive", "false_negative", "n_selected"]):
        merged[metric] = merge_ties(merged[metric].to_numpy(dtype=np.float64))
    return merged


def _values(row: Mapping[str, Any], digits: int) -> str:
    return "/".join(_n(row[a], digits) for a in COMPARED)


def _simulation_claims(results: pd.DataFrame, settings: SettingsMatch) -> list[Claim]:
    medians = _tied(simulation_medians(results))
    fp, fn, acc = (_wide(medians, m).to_dict("records")
                   for m in ("false_positive", "false_negative", "test_accuracy"))
    order = "/".join(COMPARED)
    counts = sorted(set(results.groupby("scenario")["replication"].nunique()))
    over = f" over {'/'.join(map(str, counts))} replication{'s' if counts != [1] else ''}"
    out = []
    check = results[results["approach"] != "truth"]
    identity = (check["n_selected"] == check["false_positive"] - check["false_negative"] + 5)
    out.append(_claim("ch8.sim.identity", f"{int(identity.sum())} of {len(identity)} models",
                      equal_to(int(identity.sum()), len(identity), what="models where it holds"),
                      settings))

    # adj: much fewer false positives where the thesis states it, accuracy kept
    fewer, kept = {}, {}
    for f, a in zip(fp, acc, strict=True):
        if not thesis_adj_advantage(f["n"], f["p"], f["design"], f["n_similar"]):
            continue
        others = min(f["unadj"], f["acc"])
        fewer[_scenario(f)] = holds_if(
            f["adj"] < others and f["adj"] <= MUCH_FEWER * others,
            f"adj {_n(f['adj'], 1)} <= {MUCH_FEWER:g} x min(unadj {_n(f['unadj'], 1)}, acc "
            f"{_n(f['acc'], 1)})")
        kept[_scenario(a)] = holds_if(
            a["adj"] >= a["acc"] - SAME_ACCURACY,
            f"adj {_n(a['adj'])} >= acc {_n(a['acc'])} - {SAME_ACCURACY:g}")
    none_stated = not_run("no scenario of this run has a size and number of similar "
                          "features for which the thesis states it (§8.3.2)")
    out.append(_claim(
        "ch8.sim.adj_fewer_false_positives",
        f"median{over} false positives {order}: " + "; ".join(
            f"{_scenario(f)}: {_values(f, 1)}" for f in fp if f["n_similar"] > 0),
        over_cases(fewer) if fewer else none_stated, settings))
    out.append(_claim(
        "ch8.sim.adj_keeps_accuracy",
        f"median{over} test accuracy {order}: " + "; ".join(
            f"{_scenario(a)}: {_values(a, 3)}" for a in acc if a["n_similar"] > 0),
        over_cases(kept) if kept else none_stated, settings))

    similar = [(f, a) for f, a in zip(fp, acc, strict=True) if f["n_similar"] > 0]
    better = [_scenario(f) for f, a in similar
              if f["unadj"] < f["acc"] and a["unadj"] >= a["acc"] - SAME_ACCURACY]
    out.append(_claim(
        "ch8.sim.unadj_not_better",
        f"unadj has fewer false positives than acc at no accuracy loss in {len(better)} of "
        f"{len(similar)} scenarios with similar features" + (f" ({', '.join(better)})"
                                                            if better else ""),
        holds_if(len(better) < len(similar) / 2,
                 f"{len(better)} < half of {len(similar)}") if similar
        else not_run("no scenario with similar features"), settings))

    stabs = {}
    for f, a in zip(fn, acc, strict=True):
        if f["n_similar"] == 0:
            continue
        best_other = min(a[x] for x in ("adj", "unadj", "acc"))
        most_fn = max(f[x] for x in ("adj", "unadj", "acc"))
        stabs[_scenario(a)] = all_of(
            holds_if(a["stabs"] < best_other,
                     f"accuracy stabs {_n(a['stabs'])} < {_n(best_other)}"),
            holds_if(f["stabs"] > most_fn,
                     f"false negatives stabs {_n(f['stabs'], 1)} > {_n(most_fn, 1)}"))
    out.append(_claim(
        "ch8.sim.stabs_lower_accuracy",
        f"median{over} false negatives {order}: " + "; ".join(
            f"{_scenario(f)}: {_values(f, 1)}" for f in fn if f["n_similar"] > 0),
        over_cases(stabs) if stabs else not_run("no scenario with similar features"),
        settings))

    same_acc, fewest = {}, {}
    for f, a in zip(fp, acc, strict=True):
        if f["n_similar"] != 0:
            continue
        spread = max(a[x] for x in COMPARED) - min(a[x] for x in COMPARED)
        same_acc[_scenario(a)] = at_most(spread, SIMILAR_ACCURACY,
                                         what="range of the medians", digits=3)
        fewest[_scenario(f)] = holds_if(
            f["stabs"] <= min(f[x] for x in ("adj", "unadj", "acc")),
            f"stabs {_n(f['stabs'], 1)} <= min(adj, unadj, acc)")
    no_zero = not_run("no scenario without similar features")
    out.append(_claim(
        "ch8.sim.no_similar_same_accuracy",
        f"median{over} test accuracy {order}: " + "; ".join(
            f"{_scenario(a)}: {_values(a, 3)}" for a in acc if a["n_similar"] == 0),
        over_cases(same_acc) if same_acc else no_zero, settings))
    out.append(_claim(
        "ch8.sim.no_similar_stabs_fewest",
        f"median{over} false positives {order}: " + "; ".join(
            f"{_scenario(f)}: {_values(f, 1)}" for f in fp if f["n_similar"] == 0),
        over_cases(fewest) if fewest else no_zero, settings))

    zero = results[(results["n_similar"] == 0) & results["approach"].isin(["adj", "unadj"])]
    wide = zero.pivot_table(index=["scenario", "replication"], columns="approach",
                            values="max_support_size")
    same = int((wide["adj"] == wide["unadj"]).sum()) if len(wide) else 0
    out.append(_claim(
        "ch8.sim.no_similar_adj_is_unadj",
        f"adj and unadj choose the same max.feats in {same} of {len(wide)} replications",
        equal_to(same, len(wide), what="replications alike") if len(wide) else no_zero,
        settings))

    out.append(_trend_claim("ch8.sim.adj_false_positives_decrease", fp, "adj", falling=True,
                            settings=settings, p_only=None))
    out.append(_trend_claim("ch8.sim.stabs_false_negatives_increase", fn, "stabs",
                            falling=False, settings=settings, p_only=200))
    return out


def _trend_claim(key: str, wide: Sequence[Mapping[str, Any]], approach: str, *, falling: bool,
                 settings: SettingsMatch, p_only: int | None) -> Claim:
    """Medians of ``approach`` over the numbers of similar features, per (design, n, p): never
    rising (falling) from one to the next and ending lower (higher)."""
    frame = pd.DataFrame(list(wide))
    cases, shown = {}, []
    for (design, n, p), part in frame.groupby(["design", "n", "p"], sort=True):
        if p_only is not None and p != p_only:
            continue
        part = part.sort_values("n_similar")
        values = part[approach].to_numpy(dtype=np.float64)
        label = f"{design} n={n} p={p}"
        shown.append(f"{label}: " + " -> ".join(
            f"{_n(v, 1)} (s={s})" for v, s in zip(values, part["n_similar"], strict=True)))
        steps = np.diff(values)
        if len(values) < 2:
            cases[label] = not_run("one number of similar features only")
            continue
        ok = bool(np.all(steps <= 0) and values[-1] < values[0]) if falling \
            else bool(np.all(steps >= 0) and values[-1] > values[0])
        cases[label] = holds_if(ok, "never rising, ending lower" if falling
                                else "never falling, ending higher")
    if not cases:
        return _claim(key, "", not_run(f"no scenario with p = {p_only} in this run"),
                      settings)
    return _claim(key, "; ".join(shown), over_cases(cases), settings)


# --------------------------------------------------------------------------------------------
# §8.4: real data
# --------------------------------------------------------------------------------------------


def _real_claims(results: pd.DataFrame, settings: SettingsMatch) -> list[Claim]:
    medians = _tied(real_medians(results))
    out = []
    for dataset, part in medians.groupby("dataset", sort=False):
        row = part.set_index("approach")
        acc = row["test_accuracy"].to_dict()
        size = row["n_selected"].to_dict()
        shown = (f"median accuracy {'/'.join(COMPARED)} "
                 + "/".join(_n(acc[a]) for a in COMPARED) + "; median features "
                 + "/".join(_n(size[a], 1) for a in COMPARED))
        out.append(_claim(
            f"ch8.real.no_accuracy_lost.{dataset}", shown,
            all_of(*(holds_if(acc[a] >= acc["acc"] - SAME_ACCURACY,
                              f"{a} {_n(acc[a])} >= acc {_n(acc['acc'])} - {SAME_ACCURACY:g}")
                     for a in ("adj", "unadj"))),
            settings, statement="ch8.real.no_accuracy_lost", dataset=dataset,
            paper_evidence="no accuracy lost (Fig. 8.8)"))

        def outcome(a: str, acc=acc, size=size) -> str:
            if acc[a] < acc["acc"] - SAME_ACCURACY:
                return "harm"
            if size[a] < size["acc"]:
                return "benefit"
            return "no benefit, no harm" if size[a] == size["acc"] else "harm"

        ours = {a: outcome(a) for a in ("adj", "unadj")}
        if ours["unadj"] == "benefit":
            category = "benefit (unadjusted suffices)"
        elif ours["adj"] == "benefit":
            category = "benefit (adjusted needed)"
        elif "harm" in ours.values():
            category = "harm"
        else:
            category = "no benefit, no harm"
        expected = REAL_DATA_BENEFIT.get(dataset)
        out.append(_claim(
            f"ch8.real.benefit.{dataset}",
            f"adj: {ours['adj']}, unadj: {ours['unadj']} ({shown})",
            equal_to(category, expected, what="outcome") if expected
            else not_testable("the thesis names no outcome for this data set"),
            settings, statement="ch8.real.benefit", dataset=dataset,
            paper_evidence=expected or ""))
        others_acc = min(acc[a] for a in ("adj", "unadj", "acc"))
        others_size = max(size[a] for a in ("adj", "unadj", "acc"))
        expected = REAL_DATA_STABS.get(dataset)
        if expected == "lower accuracy":
            assessment = holds_if(acc["stabs"] < others_acc,
                                  f"stabs {_n(acc['stabs'])} < {_n(others_acc)}")
        elif expected == "more features":
            assessment = holds_if(size["stabs"] > others_size,
                                  f"stabs {_n(size['stabs'], 1)} > {_n(others_size, 1)}")
        else:
            assessment = not_testable("the thesis' statement for this data set is not checked")
        out.append(_claim(f"ch8.real.stabs.{dataset}", shown, assessment, settings,
                          statement="ch8.real.stabs", dataset=dataset,
                          paper_evidence=expected or ""))
    return out


def claims(toy: pd.DataFrame | None, simulation: pd.DataFrame | None,
           real: pd.DataFrame | None, ch8: Mapping[str, Any], solver: str) -> list[Claim]:
    """Chapter 8's claims from the tables of the parts run (None: not run): ``toy``
    (``table8_1_toy_selections``), ``simulation`` (``table8_simulation_results``), ``real``
    (``table8_4_real_data_results``); ``ch8``: ``paper.settings.ch8``; ``solver``: the L0
    backend of the run."""
    out = []
    parts = (("toy", toy, _toy_claims), ("simulation", simulation, _simulation_claims),
             ("real_data", real, _real_claims))
    for part, table, build in parts:
        if table is None or part not in ch8:
            prefix = {"toy": "ch8.toy.", "simulation": "ch8.sim.",
                      "real_data": "ch8.real."}[part]
            out += [_claim(key, "", not_run(f"§8 part {part} is not run in this "
                                            "configuration"), SettingsMatch(False, ""))
                    for key in STATEMENTS if key.startswith(prefix)]
            continue
        out += build(table, part_settings(part, ch8, solver))
    return [replace(c, assessment=by_construction(c.assessment, BY_DEFINITION[c.key]))
            if c.key in BY_DEFINITION else c for c in out]


#: Ch. 8's claims that are definitions: verified by construction when their check holds.
BY_DEFINITION = {
    "ch8.sim.identity": "the definition of the counts (selected = false positive - false "
                        "negative + the 5 relevant)",
    "ch8.sim.no_similar_adj_is_unadj": "the definitions of SMU and SMA-Count (equal without "
                                       "similar features)",
}


def claims_from_inputs(inputs: ConclusionInputs) -> list[Claim]:
    """:func:`claims` from a run's files (``ch8_conclusions_inputs.json`` and its tables)."""
    from fsstab.papers.bommert2020.ch8.evidence import run_solver

    toy, simulation, real = (inputs.named(n) for n in ("toy", "simulation", "real"))
    ch8 = inputs.run["ch8"]
    solver = run_solver([simulation, real], ch8["approaches"]["backend"])
    return claims(toy, simulation, real, ch8, solver)
