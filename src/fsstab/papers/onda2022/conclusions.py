"""The claims of Onda et al. (2022) checked on our run: ``conclusions.md`` and
``conclusions.csv`` (:func:`fsstab.papers.conclusions.write_conclusions`).

Every claim is a :data:`~fsstab.papers.onda2022.reference.STATEMENTS` entry (the paper's words)
with our evidence and a verdict computed by a criterion of :mod:`fsstab.papers.conclusions` or
:mod:`fsstab.papers.onda2022.criteria`, per data set where the paper claims something per data
set. This module checks the claims of each data set and Colon's (§2.3-3.5); those on the large
ensembles of Prostate (App. D.3.2), §4's accuracy, §3.6's times and App. E.2 are in
:mod:`~fsstab.papers.onda2022.conclusions_ensembles`. Two stabilities are compared with the
paper's own band (:data:`~fsstab.papers.onda2022.criteria.BAND`, Figs. 2 and 8); n_useful and
t_uniform by the noise rule of :mod:`fsstab.papers.conclusions`. Every claim states whether it
was checked at the paper's m_ensemble, copies M, k, n_tree and data, derived from the run
(:func:`~fsstab.papers.onda2022.conclusions_common.settings_of`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    ConclusionInputs,
    SettingsMatch,
    all_of,
    beyond_noise,
    close_to,
    holds_if,
    mark_unpublished,
    not_run,
    not_testable,
    over_cases,
    read_conclusion_inputs,
    within_standard_errors,
    write_conclusions,
)
from fsstab.papers.onda2022.comparison import match_settings
from fsstab.papers.onda2022.conclusions_common import Run, combined, settings_of, show
from fsstab.papers.onda2022.conclusions_common import claim as _claim
from fsstab.papers.onda2022.conclusions_ensembles import (
    SPEEDUP_BOUND,
    accurate_case,
    mtry_claim,
    prostate_claims,
    speed_claim,
)
from fsstab.papers.onda2022.criteria import (
    BAND,
    at_printed_precision,
    below_band,
    eq1_on_map,
    fixed_point_check,
    in_band,
    rises_along,
)
from fsstab.papers.onda2022.reference import (
    LARGE_REAL,
    LARGE_SIMULATED,
    PAPER_DATA,
    PAPER_RUN,
    PAPER_VALUES,
    STATEMENTS,
    OneOf,
)
from fsstab.papers.outputs import NOT_RUN_NOTE, format_mean_sd

__all__ = [
    "N_USEFUL_V_TOLERANCE",
    "PREAMBLE",
    "P_HALF_STEP",
    "SPEEDUP_BOUND",
    "TITLE",
    "claims",
    "claims_from_inputs",
    "conclude",
    "conclude_folder",
]

TITLE = ("Onda, Gao, Kotera & Oono (2022), \"Fast estimation method for the stability of "
         "ensemble feature selectors\": conclusions")

#: p "= 0.7" on the grid 0.1, ..., 0.9 (§2.3.2): the same grid point, within half a step.
P_HALF_STEP = 0.05
#: eq. (1) "holds": n_useful^v within ± 2 of n_useful (Fig. 2's "60 ± 2").
N_USEFUL_V_TOLERANCE = 2

PREAMBLE = (
    "The real bagged random-forest ensembles (mean-rank aggregation, pairwise Jaccard over M "
    "leave-one-out copies) and the simulated ones (Algorithms 1-3 at the fitted n_useful and p) "
    "of this run, on datamicroarray's alon (Colon) and singh (Prostate) in place of the "
    "paper's scikit-feature .mat files (Lymphoma, from the scikit-feature site, is not "
    "reachable here: its claims are not testable). Two stabilities are compared with the "
    f"paper's own band, ± {BAND:.0%} of the reference value (Figs. 2 and 8 shade 0.1 ± 0.01 "
    "and 0.2 ± 0.02 to match a simulated stability to a real one): they agree (\"close\", "
    "\"behaved similarly\", \"accurately\", \"approximately\", \"almost the same\") within it and "
    "one is \"lower\" or they \"differed\" outside it; a curve \"increases\" when no step falls "
    "out of the band and its last point is above the band of its first (checked along the "
    "curve). A number stated without \"approximately\" (the single selector's \"0.1\", "
    "\"0.2\"; Fig. 11's \"0.3\") is matched at its printed precision; p on the same grid point "
    f"(within {P_HALF_STEP:g}); eq. (1) holds when |n_useful^v - n_useful| <= "
    f"{N_USEFUL_V_TOLERANCE} (a check that cannot fail when eq. (1) holds at every n_useful of "
    "the (n_useful, p) map). Tables 2 and 4 by the noise rule of docs/papers.md (2 standard "
    "errors of the difference, a Bonferroni allowance over the comparisons): t_uniform's "
    "standard error is sd / sqrt(draws) (it depends on the uniform draws alone), n_useful's "
    "the sd of its estimates (the paper prints no run-to-run error). §4's \"accurately "
    "estimate\" at the method's own fitted n_useful. \"much faster\" = at least "
    f"{SPEEDUP_BOUND:g}x at equal work, the simulated ensembles timed on as many copies as the "
    "real ones (the paper prints no time; the measured times: timings_speedup.csv). Large "
    f"ensembles: the paper's m_ensemble {LARGE_SIMULATED} (simulated) and {LARGE_REAL} (real). "
    "docs/paper-onda2022.md discusses the claims that do not hold and why the simulator "
    "underestimates the real ensembles (simulator_diagnostics.csv)."
)


def _not_on_disk(keys: Sequence[str], name: str) -> list[Claim]:
    untested = not_testable(NOT_RUN_NOTE)
    return [_claim(f"{key}.{name}", "", untested, SettingsMatch(False, "data set not run here"),
                   statement=key, dataset=name) for key in keys]


def _map_text(on_map: pd.DataFrame) -> str:
    if on_map.empty:
        return "no (n_useful, p) map"
    return (f"eq. (1) holds at {int(on_map['holds'].sum())} of {len(on_map)} n_useful of the map "
            f"({int(on_map['n_useful'].min())} to {int(on_map['n_useful'].max())})")


def _paper_trees(name: str) -> list[int]:
    """The n_tree values behind the paper's n_useful (Prostate: "100-200 trees")."""
    trees = PAPER_RUN[name]["n_tree"]
    return list(trees.values) if isinstance(trees, OneOf) else [int(trees)]


def _table2_comparisons(run_here: Sequence[str]) -> int:
    return sum(len(_paper_trees(d)) for d in run_here if d in PAPER_RUN)


def _n_useful_claim(run: Run, table2: pd.DataFrame, m: int) -> Claim:
    """Table 2's n_useful at each n_tree behind the paper's value (Prostate: 100 and 200)."""
    name = run.name
    paper = PAPER_VALUES[name]["n_useful_by_n_tree"]
    ours = table2[table2["dataset"] == name].set_index("n_tree")
    parts, shown = [], []
    for tree in _paper_trees(name):
        p_mean, p_sd = paper[tree]
        if tree not in ours.index:
            parts.append(not_run(f"n_tree {tree} not run (config/paper/onda2022-offline.yaml "
                                 "runs Table 2's six)"))
            continue
        mean, sd = float(ours.loc[tree, "n_useful_mean"]), float(ours.loc[tree, "n_useful_sd"])
        shown.append(f"{format_mean_sd(mean, sd, 1)} at n_tree {tree}")
        parts.append(within_standard_errors(mean, sd, p_mean, p_sd, n_comparisons=m, digits=1))
    trees = _paper_trees(name)
    return _claim(
        f"table2.n_useful.{name}",
        "; ".join(shown) + f"; the simulator uses {int(run.fit['n_useful'])}",
        all_of(*parts),
        settings_of(run, paper_n_tree=OneOf(tuple(trees)) if len(trees) > 1 else trees[0]),
        statement="table2.n_useful", dataset=name,
        paper_evidence="; ".join(f"{paper[t][0]:g} ± {paper[t][1]:g} at n_tree {t}"
                                 for t in trees) + f"; n_useful = {PAPER_VALUES[name]['n_useful']}")


def _decreasing(table2: pd.DataFrame, run: Run, n_trees: Sequence[int]) -> Claim:
    """Prostate's n_useful falls monotonically with n_tree: no step rises beyond the noise,
    and the largest n_tree lies below the smallest beyond it (SE of each: its sd)."""
    name = run.name
    ours = table2[table2["dataset"] == name].sort_values("n_tree")
    trees = [int(t) for t in ours["n_tree"]]
    means = ours["n_useful_mean"].to_numpy(dtype=float)
    sds = ours["n_useful_sd"].to_numpy(dtype=float)
    if len(ours) >= 2:
        rises = [beyond_noise(means[i + 1] - means[i], math.hypot(sds[i], sds[i + 1]),
                              what=f"n_tree {trees[i]} -> {trees[i + 1]}", digits=1)
                 for i in range(len(means) - 1)]
        rising = [r.why for r in rises if r.verdict.value == "holds"]
        assessment = all_of(
            holds_if(not rising, "no step rises beyond 2 SE" + (
                f" ({'; '.join(rising)})" if rising else "")),
            beyond_noise(means[-1] - means[0], math.hypot(sds[0], sds[-1]), direction=-1,
                         what=f"n_tree {trees[0]} -> {trees[-1]}", digits=1))
    else:
        assessment = not_run(f"one n_tree run here ({', '.join(map(str, n_trees))}); the trend "
                             "needs Table 2's several (config/paper/onda2022-offline.yaml runs "
                             "all six)")
    return _claim(
        "table2.prostate_decreasing",
        ", ".join(f"{format_mean_sd(m, s, 1)} (n_tree {t})"
                  for m, s, t in zip(means, sds, trees, strict=True)),
        assessment,
        match_settings({"n_tree": tuple(trees), "M": int(run.fit["m_stability"]),
                        "k": int(run.fit["n_target"]), "data": run.data},
                       {"n_tree": (50, 100, 200, 300, 400, 500), "M": PAPER_RUN[name]["M"],
                        "k": PAPER_RUN[name]["k"], "data": PAPER_DATA[name]}),
        dataset=name)


def _dataset_claims(run: Run, table2: pd.DataFrame, table4: pd.DataFrame,
                    n_trees: Sequence[int], on_map: pd.DataFrame, n_t4: int,
                    n_t2: int) -> list[Claim]:
    name, fit = run.name, run.fit
    paper = PAPER_VALUES[name]
    single = settings_of(run)
    out = []
    row4 = table4[table4["dataset"] == name].iloc[0]
    mean, sd = float(row4["t_uniform_mean"]), float(row4["t_uniform_sd"])
    paper_mean, paper_sd = paper["t_uniform"]
    draws = int(row4["draws"])
    out.append(_claim(
        f"table4.t_uniform.{name}", f"{format_mean_sd(mean, sd, 3)} ({draws} draws)",
        within_standard_errors(mean, sd / math.sqrt(draws), paper_mean,
                               paper_sd / math.sqrt(1000), n_comparisons=n_t4, digits=3),
        match_settings({"M": int(row4["runs"]), "k": int(fit["n_target"]), "draws": draws},
                       {"M": PAPER_RUN[name]["M"], "k": PAPER_RUN[name]["k"], "draws": 1000}),
        statement="table4.t_uniform", dataset=name,
        paper_evidence=f"{paper_mean:.3f} ± {paper_sd:.3f} (1000 draws)"))
    out.append(_n_useful_claim(run, table2, n_t2))
    if name == "prostate":
        out.append(_decreasing(table2, run, n_trees))
    printed = repr(float(paper["single_stability"]))
    stability = float(fit["single_stability"])
    out.append(_claim(
        f"sec3_4.single_stability.{name}", show(stability),
        at_printed_precision(stability, printed, what="stability"),
        single, statement="sec3_4.single_stability", dataset=name,
        paper_evidence=f"{printed} (printed with one significant digit)"))
    if "p" in paper:
        out.append(_claim(
            f"sec3_4.p.{name}", f"p = {fit['p']:g} on the grid ({fit['p_bisection']:.2f} by "
                                "bisection)",
            close_to(float(fit["p"]), paper["p"], P_HALF_STEP, what="p", digits=2), single,
            statement="sec3_4.p", dataset=name, paper_evidence=f"p = {paper['p']:g}"))
        out.append(_claim(
            f"sec3_4.fixed_point.{name}",
            f"n_useful {int(fit['n_useful'])}, n_useful^v {int(fit['n_useful_v'])}; "
            + _map_text(on_map),
            fixed_point_check(int(fit["n_useful"]), int(fit["n_useful_v"]), on_map,
                              N_USEFUL_V_TOLERANCE),
            single, statement="sec3_4.fixed_point", dataset=name,
            paper_evidence=f"n_useful = n_useful^v = {paper['n_useful']}"))
    at_one = run.simulated[run.simulated["m_ensemble"] == run.simulated["m_ensemble"].min()] \
        .sort_values("p")
    points = [(float(p), float(v)) for p, v in zip(at_one["p"], at_one["stability"],
                                                    strict=True)]
    out.append(_claim(
        f"sec2_3_2.monotone_in_p.{name}",
        "simulated single selector: " + ", ".join(f"{v:.3f} (p {p:g})" for p, v in points),
        rises_along(points, what="simulated single selector over p", label="p"),
        single, statement="sec2_3_2.monotone_in_p", dataset=name))
    out.append(_claim(
        f"d3_2.ensembling_increases.{name}",
        "real " + ", ".join(f"{v:.3f}" for _, v in run.points("real")) + "; simulated "
        + ", ".join(f"{v:.3f}" for _, v in run.points("simulated")) + " (m_ensemble "
        + ", ".join(str(int(m)) for m, _ in run.points("real")) + ")",
        all_of(rises_along(run.points("real"), what="real"),
               rises_along(run.points("simulated"), what="simulated")),
        settings_of(run, run.m_max, LARGE_REAL, source="both"),
        statement="d3_2.ensembling_increases", dataset=name))
    return out


def _colon_claims(run: Run, curves: pd.DataFrame, limit: float) -> list[Claim]:
    name = run.name
    out = []
    large_ms = run.large(LARGE_SIMULATED)
    plateau = run.simulated[run.simulated["m_ensemble"].isin(large_ms)]
    far = plateau.loc[(plateau["stability"] - 0.2).abs().idxmax()]
    out.append(_claim(
        "sec3_5.plateau",
        f"simulated at m_ensemble {', '.join(map(str, large_ms))}, p {plateau['p'].min():g}.."
        f"{plateau['p'].max():g}: {show(plateau['stability'].min())}..."
        f"{show(plateau['stability'].max())}; the limit for n_useful {int(run.fit['n_useful'])}: "
        f"{show(limit)}",
        in_band(float(far["stability"]), 0.2,
                what=f"farthest value (p {far['p']:g}, m_ensemble {int(far['m_ensemble'])}) - "
                     "approximately 0.2"),
        settings_of(run, max(large_ms), LARGE_SIMULATED,
                    n_useful=(int(run.fit["n_useful"]), 60)),
        dataset=name))
    for key, ms, bound in (("sec3_5.close_to_real", run.large(LARGE_REAL), LARGE_REAL),
                           ("sec3_5.behave_similarly",
                            [int(m) for m in run.real["m_ensemble"]], LARGE_SIMULATED)):
        gaps = {m: abs(run.fitted_at(m) - run.real_at(m)) / run.real_at(m) for m in ms}
        worst = max(gaps, key=gaps.get)
        out.append(_claim(
            f"{key}.{name}", "; ".join(f"m_ensemble {m}: simulated {show(run.fitted_at(m))}, "
                                       f"real {show(run.real_at(m))}" for m in ms),
            in_band(run.fitted_at(worst), run.real_at(worst),
                    what=f"simulated - real at m_ensemble {worst} (the farthest of "
                         f"{len(ms)})"),
            settings_of(run, max(ms), bound, source="both"), statement=key, dataset=name))
    real = curves[(curves["dataset"] == name) & (curves["mtry"] == "sqrt")
                  & (curves["source"] == "real")]
    at_max = real[real["m_ensemble"] == real["m_ensemble"].max()].set_index("n_tree")[
        "stability"].sort_index()  # the curves come in the order of the run's files
    few, many = at_max[at_max.index < 200], at_max[at_max.index >= 200]
    if len(few) and len(many):
        assessment = below_band(float(few.max()), float(many.min()),
                                what="the largest real stability with n_tree < 200 against "
                                     "the smallest with n_tree >= 200")
    else:
        assessment = not_run(
            "needs real ensembles with n_tree below and at or above 200; run here: n_tree "
            + ", ".join(str(t) for t in at_max.index)
            + " (config/paper/onda2022-offline.yaml runs all six)")
    out.append(_claim(
        "sec3_5.fewer_trees_lower",
        ", ".join(f"{show(v)} (n_tree {t})" for t, v in at_max.items()) + f" at m_ensemble "
        f"{int(real['m_ensemble'].max())}", assessment,
        settings_of(run, int(real["m_ensemble"].max()), LARGE_REAL, source="real",
                    n_tree=(tuple(int(t) for t in at_max.index), (50, 100, 200, 300, 400, 500))),
        dataset=name))
    return out


def claims(
    *,
    parameters: pd.DataFrame,
    curves: pd.DataFrame,
    table2: pd.DataFrame,
    table4: pd.DataFrame,
    diagnostics: pd.DataFrame,
    timings: pd.DataFrame | None,
    fixed: Mapping[str, Mapping[str, Any]],
    settings: Mapping[str, Any],
    configured: Sequence[str],
    run_here: Sequence[str],
    data: Mapping[str, str] | None = None,
    grids: Mapping[str, pd.DataFrame] | None = None,
    fixed_curves: Mapping[str, pd.DataFrame] | None = None,
) -> list[Claim]:
    """Every claim of :data:`~fsstab.papers.onda2022.reference.STATEMENTS`, checked, in the
    paper's order.

    ``parameters``, ``curves``, ``table2``, ``table4``, ``diagnostics``: the tables of
    :func:`~fsstab.papers.onda2022.stages.paper_tables`; ``timings``:
    :func:`~fsstab.papers.onda2022.stages.speedup_table` of the timing experiments; ``fixed``:
    Fig. 11's fixed-point summaries per data set; ``settings``: the checked
    ``paper.settings``; ``configured``: every data set of the paper's configuration (those not
    run: not testable); ``run_here``: the data sets run; ``data``: what each one run is
    (:func:`~fsstab.papers.onda2022.settings.data_of`); ``grids``: the (n_useful, p) map per
    data set (Figs. 2, 8; without one, the fixed-point checks are plain thresholds);
    ``fixed_curves``: Fig. 11's simulated curves per data set.
    """
    from fsstab.papers.onda2022.settings import dataset_n_trees

    out: list[Claim] = []
    accurate: dict[str, Assessment] = {}
    accurate_evidence = []
    matches = []
    tested = [d for d in configured if d in PAPER_RUN and d in run_here]
    for name in configured:
        if name not in PAPER_RUN:
            continue
        if name not in run_here:
            keys = ["table4.t_uniform", "table2.n_useful", "sec3_4.single_stability",
                    "sec2_3_2.monotone_in_p", "d3_2.ensembling_increases"]
            if "p" in PAPER_VALUES[name]:
                keys += ["sec3_4.p", "sec3_4.fixed_point"]
            out += _not_on_disk(keys, name)
            accurate[name] = not_testable(NOT_RUN_NOTE)
            untested = not_testable(NOT_RUN_NOTE)
            if name == "colon":
                out += [_claim(key, "", untested, SettingsMatch(False, "data set not run here"),
                               statement=key.removesuffix(".colon"), dataset=name)
                        for key in ("sec3_5.plateau", "sec3_5.close_to_real.colon",
                                    "sec3_5.behave_similarly.colon",
                                    "sec3_5.fewer_trees_lower")]
            if name == "prostate":
                out += [_claim(key, "", untested, SettingsMatch(False, "data set not run here"),
                               dataset=name)
                        for key in ("table2.prostate_decreasing", "d3_2.differ",
                                    "d3_2.fixed_point_130", "d3_2.fixed_point_close",
                                    "d3_2.eq1_fixes")]
            continue
        reference = int(settings["datasets"][name]["reference_n_tree"])
        row = parameters[(parameters["dataset"] == name) & (parameters["mtry"] == "sqrt")
                         & (parameters["n_tree"] == reference)].iloc[0]
        mine = curves[(curves["dataset"] == name) & (curves["mtry"] == "sqrt")
                      & (curves["n_tree"] == reference)]
        run = Run(name, row.to_dict(), mine, (data or {}).get(name, "not stated"))
        parameter_map = (grids or {}).get(name)
        on_map = pd.DataFrame(columns=["n_useful", "p", "stability", "n_useful_v", "holds"]) \
            if parameter_map is None else eq1_on_map(parameter_map, run.fit["single_stability"],
                                                     N_USEFUL_V_TOLERANCE)
        out += _dataset_claims(run, table2, table4, dataset_n_trees(settings, name), on_map,
                               len(tested), _table2_comparisons(tested))
        if name == "colon":
            limit = float(diagnostics.set_index("dataset").loc[name, "limit"])
            out += _colon_claims(run, curves, limit)
        if name == "prostate":
            out += prostate_claims(run, fixed.get(name), on_map, curves,
                                   (fixed_curves or {}).get(name), N_USEFUL_V_TOLERANCE,
                                   _map_text(on_map))
        assessment, evidence, match = accurate_case(run, fixed.get(name),
                                                    (fixed_curves or {}).get(name))
        accurate[name] = assessment
        accurate_evidence.append(f"{name}: {evidence}")
        matches.append(SettingsMatch(match.same, f"{name}: {match.detail}" if match.detail
                                     else ""))
    out.append(_claim("sec4.accurate", "simulated vs real: " + "; ".join(accurate_evidence),
                      over_cases(accurate), combined(matches), dataset="all"))
    out.append(speed_claim(timings, parameters, run_here))
    out.append(mtry_claim(curves, parameters, run_here, settings.get("mtry_study")))
    order = list(STATEMENTS.values())
    return sorted(out, key=lambda claim: order.index(claim.statement))


def _table(inputs: ConclusionInputs, prefix: str) -> dict[str, pd.DataFrame]:
    return inputs.with_prefix(prefix)


def claims_from_inputs(inputs: ConclusionInputs) -> list[Claim]:
    """:func:`claims` from the files of a run (``conclusions_inputs.json`` and its tables, as
    the rule writes them and ``docs/papers/onda2022/`` publishes them)."""
    run = inputs.run
    fixed = {name: table.iloc[0].to_dict()
             for name, table in _table(inputs, "fig11_fixed_point_").items()
             if not name.startswith("curves_")}
    return mark_unpublished(claims(
        parameters=inputs.tables["fitted_parameters"], curves=inputs.tables["ensemble_stability"],
        table2=inputs.tables["table2_n_useful"], table4=inputs.tables["table4_t_uniform"],
        diagnostics=inputs.tables["simulator_diagnostics"],
        timings=inputs.table("timings_speedup"), fixed=fixed, settings=run["settings"],
        configured=run["configured"], run_here=run["run_here"], data=run["data"],
        grids=_table(inputs, "fig02-08_parameter_map_"),
        fixed_curves=_table(inputs, "fig11_fixed_point_curves_")), inputs, _reads(inputs))


def _reads(inputs: ConclusionInputs) -> dict[str, list[str]]:
    """The claims -> the tables they read that a run may leave unpublished
    (:func:`~fsstab.papers.conclusions.mark_unpublished`): §3.6 the timings, the fixed-point
    check of §3.4 the parameter maps, App. D.3.2's fixed point Fig. 11's tables."""
    stems = [*inputs.tables, *inputs.missing]
    fixed = [s for s in stems if s.startswith("fig11_fixed_point_")]
    maps = "fig02-08_parameter_map_"
    return {"sec3_6.much_faster": ["timings_speedup"],
            **{f"sec3_4.fixed_point.{s.removeprefix(maps)}": [s] for s in stems
               if s.startswith(maps)},
            **dict.fromkeys(("d3_2.fixed_point_130", "d3_2.fixed_point_close",
                             "d3_2.eq1_fixes"), fixed)}


def conclude(inputs: ConclusionInputs, markdown: Any, table: Any) -> pd.DataFrame:
    """``conclusions.md`` and ``conclusions.{csv,parquet}`` from a run's inputs (the rule
    ``onda2022_conclusions``; the check of the published files)."""
    return write_conclusions(claims_from_inputs(inputs), markdown, table, title=TITLE,
                             preamble=PREAMBLE,
                             metadata={"paper": "onda2022", "item": "conclusions"})


def conclude_folder(folder: Any, markdown: Any, table: Any) -> pd.DataFrame:
    """:func:`conclude` from the inputs published in ``folder``."""
    return conclude(read_conclusion_inputs(folder), markdown, table)
