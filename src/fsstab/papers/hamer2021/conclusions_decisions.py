"""The claims of Hamer & Dupont (2021) on the hybrid-RFE, §6-7.1 (Figs. 9-11), checked on a run.

The headline claim of §6.1 / Fig. 9 ("far better trade-offs are reachable with the hybrid-RFE
... able to increase the selection stability by considerable amounts") is checked on fronts
that exclude N = 0: at every point of the plain RFE's Pareto front (N = 0, model selection over
λ and λ_f), the best hybrid-RFE setting with N ≥ 1 of equal accuracy must be more stable by at
least :data:`~fsstab.papers.hamer2021.conclusions_common.CONSIDERABLE` (Fig. 9 prints no
number: the project's margin, the gap the paper calls drastic in Fig. 4); it fails where the
hybrid-RFE is less stable, not that much more, or never reaches the RFE's accuracy. The areas
the two fronts dominate must differ by a band that high over the
RFE front's accuracies. A correlation is positive when Fisher's z is beyond 2 standard errors
(1/√(n − 3)); an accuracy is lower when beyond 2 standard errors of the difference
(``accuracy_se`` of the compromise table; a run that did not publish it cannot have that claim
recomputed).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    SettingsMatch,
    all_of,
    at_least,
    beyond_noise,
    every_at_least,
    not_recomputable,
)
from fsstab.papers.hamer2021.conclusions_cases import missing_case, roll_up
from fsstab.papers.hamer2021.conclusions_common import (
    CONSIDERABLE,
    MUCH_ABOVE,
    MUCH_LESS,
    NOT_RUN_HERE,
    SYMBOL,
    claim,
    combined,
    settings_of,
    show,
)
from fsstab.papers.hamer2021.decisions import HYBRID_METHOD, RFE_METHOD
from fsstab.papers.hamer2021.reference import MEASURES, STATEMENTS

__all__ = ["COMPROMISE_SE_NOT_PUBLISHED", "decision_claims", "positive_correlation"]


def decision_claims(
    areas: pd.DataFrame | None, versus: pd.DataFrame | None, frequency: pd.DataFrame | None,
    compromises: Mapping[str, pd.DataFrame], configured: Sequence[str],
    run: Mapping[str, Any], frequency_configured: Sequence[str],
) -> list[Claim]:
    out: list[Claim] = []
    run71 = run["section71"]
    matches = {d: settings_of(run, "section71", d) for d in run71}
    for measure in MEASURES:
        better: dict[str, Assessment] = {}
        larger: dict[str, Assessment] = {}
        for dataset in configured:
            key_b = f"fig9.hybrid_better.{measure}.{dataset}"
            key_a = f"fig9.areas.{measure}.{dataset}"
            if dataset not in run71 or versus is None or areas is None:
                # named in the "all" row; no row of its own
                better[dataset] = larger[dataset] = missing_case(dataset)
                continue
            rows = versus[(versus["dataset"] == dataset) & (versus["measure"] == measure)]
            gains = {f"A {show(r['rfe_accuracy'])}": float(r["gain"])
                     for _, r in rows.iterrows()}
            ours = "; ".join(
                f"RFE A {show(r['rfe_accuracy'])} ± {show(r['tolerance'])}, "
                f"{SYMBOL[measure]} {show(r['rfe_stability'])} → "
                + (f"hybrid N = {int(r['hybrid_n_forced'])} A {show(r['hybrid_accuracy'])}, "
                   f"{SYMBOL[measure]} {show(r['hybrid_stability'])}"
                   if r["hybrid_label"] else "no hybrid setting of equal accuracy")
                for _, r in rows.iterrows())
            better[dataset] = every_at_least(
                gains, CONSIDERABLE,
                what=f"gain in {SYMBOL[measure]} at equal accuracy (N ≥ 1 vs N = 0; "
                     "\"considerable amounts\")")
            out.append(claim(key_b, ours, better[dataset], matches[dataset],
                              statement="fig9.hybrid_better", dataset=dataset))
            by_method = areas[(areas["dataset"] == dataset)
                              & (areas["measure"] == measure)].set_index("method")
            hybrid, rfe = (float(by_method.loc[m, "area"]) for m in (HYBRID_METHOD, RFE_METHOD))
            reference = (float(by_method["reference_accuracy"].iloc[0]),
                         float(by_method["reference_stability"].iloc[0]))
            n_hybrid, n_rfe = (int(by_method.loc[m, "n_settings"])
                               for m in (HYBRID_METHOD, RFE_METHOD))
            extent = float(rows["rfe_accuracy"].max()) - reference[0] if len(rows) else 0.0
            larger[dataset] = at_least(
                hybrid - rfe, CONSIDERABLE * extent, digits=4,
                what=f"area of the hybrid-RFE (N ≥ 1, {n_hybrid} settings) {show(hybrid, 4)} − "
                     f"area of the RFE (N = 0, {n_rfe} settings) {show(rfe, 4)}, reference "
                     f"(A, {SYMBOL[measure]}) = ({reference[0]:g}, {reference[1]:g}); \"far "
                     f"better\": a band {CONSIDERABLE:g} high over the RFE front's accuracies "
                     f"{reference[0]:g}..{reference[0] + extent:.3f}")
            out.append(claim(key_a, f"hybrid {show(hybrid, 4)}, RFE {show(rfe, 4)} "
                              f"(ratio {show(hybrid / rfe if rfe > 0 else math.inf, 2)})",
                              larger[dataset], matches[dataset], statement="fig9.areas",
                              dataset=dataset))
        settings = combined(list(matches.values()))
        out.append(claim(f"fig9.hybrid_better.{measure}.all",
                          f"{SYMBOL[measure]}: {len(run71)} of {len(configured)} data sets run",
                          roll_up(better), settings, statement="fig9.hybrid_better",
                          dataset="all"))
        out.append(claim(f"fig9.areas.{measure}.all",
                          f"{SYMBOL[measure]}: {len(run71)} of {len(configured)} data sets run",
                          roll_up(larger), settings, statement="fig9.areas", dataset="all"))
    rows = frequency.set_index("dataset") if frequency is not None else pd.DataFrame()
    positive: dict[str, Assessment] = {}
    for dataset in frequency_configured:
        if dataset not in rows.index:
            positive[dataset] = missing_case(dataset)
            continue
        r = float(rows.loc[dataset, "pearson_r"])
        positive[dataset] = positive_correlation(
            r, int(rows.loc[dataset, "n_features_selected"]), what="r(p_f, mean sc_f)")
        out.append(claim(f"fig10.positive.{dataset}",
                          f"r = {show(r)} over {int(rows.loc[dataset, 'n_features_selected'])} "
                          f"features (M = {int(rows.loc[dataset, 'n_runs'])})",
                          positive[dataset], matches.get(dataset, NOT_RUN_HERE),
                          statement="fig10.positive", dataset=dataset))
    out.append(claim("fig10.positive.all", f"{len(rows)} of {len(frequency_configured)} data "
                      "sets run", roll_up(positive),
                      combined([matches[d] for d in frequency_configured if d in matches]),
                      statement="fig10.positive", dataset="all"))
    out += _compromise_claims(compromises, configured, matches)
    return out


def positive_correlation(r: float, n: int, *, what: str) -> Assessment:
    """A correlation over ``n`` pairs is positive beyond the noise: Fisher's z = atanh(r) above
    2 standard errors, 1/√(n − 3)."""
    if n < 4 or not math.isfinite(r) or abs(r) >= 1:
        return beyond_noise(r, math.nan, what=f"{what} = {show(r)} over {n}")
    return beyond_noise(math.atanh(r), 1 / math.sqrt(n - 3),
                        what=f"Fisher z of {what} = {show(r)} over {n}")


def _compromise_claims(compromises: Mapping[str, pd.DataFrame], configured: Sequence[str],
                       matches: Mapping[str, SettingsMatch]) -> list[Claim]:
    out = []
    for key in ("fig11.iw_increases_less", "fig11.optimising_phi", "fig11.accuracy_sacrificed"):
        cases: dict[str, Assessment] = {}
        for dataset in configured:
            evidence = STATEMENTS[key].evidence if dataset == "singh" else "App. D"
            if dataset not in compromises:
                cases[dataset] = missing_case(dataset)
                continue
            table = compromises[dataset]
            if key == "fig11.iw_increases_less":
                ours, assessment = _increase_ranges(table)
            elif key == "fig11.optimising_phi":
                ours, assessment = _optimising_phi(table)
            else:
                ours, assessment = _accuracy_sacrificed(table)
            cases[dataset] = assessment
            out.append(claim(f"{key}.{dataset}", ours, assessment,
                             matches.get(dataset, NOT_RUN_HERE), statement=key, dataset=dataset,
                             paper_evidence=evidence))
        out.append(claim(f"{key}.all", f"{len(compromises)} of {len(configured)} data sets run",
                         roll_up(cases),
                         combined([matches[d] for d in configured if d in compromises]),
                         statement=key, dataset="all"))
    return out


#: Why §7.1's accuracies cannot be compared by a run that did not publish their errors.
COMPROMISE_SE_NOT_PUBLISHED = (
    "the standard errors of the compromises' accuracies (accuracy_se) were not published by "
    "this run; regenerating them reruns §7.1's sweeps (51 CPU-min in the jobs)")


def _accuracy_sacrificed(table: pd.DataFrame) -> tuple[str, Assessment]:
    """"Using φ ... more accuracy is sacrificed": the compromise chosen optimising φ is less
    accurate than those chosen optimising φ_pears and φ_iw, beyond the noise."""
    chosen = {m: table[(table["optimised"] == m) & table["chosen"].astype(bool)].iloc[0]
              for m in MEASURES}
    ours = ", ".join(f"A {show(row['accuracy'])} optimising {SYMBOL[m]}"
                     for m, row in chosen.items())
    if "accuracy_se" not in table.columns:
        return ours, not_recomputable(COMPROMISE_SE_NOT_PUBLISHED)
    phi = chosen["nogueira"]
    parts = []
    for m in ("pearson", "importance_weighted"):
        other = chosen[m]
        se = (0.0 if other["label"] == phi["label"] else
              math.hypot(float(other["accuracy_se"]), float(phi["accuracy_se"])))
        parts.append(beyond_noise(float(other["accuracy"] - phi["accuracy"]), se,
                                  what=f"A optimising {SYMBOL[m]} − A optimising φ"))
    return ours, all_of(*parts)


def _increase_ranges(table: pd.DataFrame) -> tuple[str, Assessment]:
    """How far each measure rises along its own hull front, from its most accurate point;
    φ_iw's "much less" than φ's and φ_pears's: by at least :data:`MUCH_LESS`."""
    rises = {}
    for m in MEASURES:
        hull = table[table["optimised"] == m].sort_values("accuracy")
        rises[m] = float(hull[m].max() - hull[m].iloc[-1])
    ours = ", ".join(f"{SYMBOL[m]} +{show(v)}" for m, v in rises.items())
    return (f"rise along each front from its most accurate point: {ours}",
            all_of(*(at_least(rises[m] - rises["importance_weighted"], MUCH_LESS, digits=3,
                              what=f"rise of {SYMBOL[m]} − rise of φ_iw (\"much less\")")
                     for m in ("nogueira", "pearson"))))


def _optimising_phi(table: pd.DataFrame) -> tuple[str, Assessment]:
    parts, shown = [], []
    for measure in ("nogueira", "pearson"):
        row = table[(table["optimised"] == measure) & table["chosen"].astype(bool)].iloc[0]
        gap = float(row[measure] - row["importance_weighted"])
        shown.append(f"optimising {SYMBOL[measure]}: {SYMBOL[measure]} {show(row[measure])}, "
                     f"φ_iw {show(row['importance_weighted'])}")
        parts.append(at_least(gap, MUCH_ABOVE, what=f"{SYMBOL[measure]} − φ_iw at the chosen "
                              f"compromise optimising {SYMBOL[measure]} (≫)", digits=3))
    return "; ".join(shown), all_of(*parts)
