"""The claims of Hamer & Dupont (2021) on the §7.2 trajectories (Figs. 13-17), checked on a run:
how the stabilities (and the accuracy) move along each method's parameter, per data set.

A claim that a quantity increases compares its two ends by the noise rule of
:mod:`fsstab.papers.conclusions` (beyond 2 standard errors of the difference): a stability's
standard error is that of an M-run estimate measured by §7.3 on the same data set
(:class:`~fsstab.papers.hamer2021.conclusions_common.Noise`; the two ends, estimated on the same
resamples, are correlated, so √2 times it over- rather than under-states the noise of their
difference), the accuracy's the run's own (``accuracy_se`` of the trajectory table; a run that
did not publish it cannot have this part recomputed).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    all_of,
    at_most,
    beyond_noise,
    by_construction,
    not_recomputable,
    not_testable,
)
from fsstab.papers.hamer2021.conclusions_cases import missing_case, most_cases, roll_up
from fsstab.papers.hamer2021.conclusions_common import (
    METHOD_NOT_RUN,
    SYMBOL,
    Noise,
    claim,
    combined,
    settings_of,
    show,
)
from fsstab.papers.hamer2021.reference import MEASURES

__all__ = ["ACCURACY_SE_NOT_PUBLISHED", "trajectory_claims"]

#: Why the accuracy parts of a run without ``accuracy_se`` cannot be recomputed.
ACCURACY_SE_NOT_PUBLISHED = (
    "the standard errors of the §7.2 accuracies (accuracy_se) were not published by this run; "
    "regenerating them reruns §7.2's selections (54 CPU-min in the jobs)")

#: key -> (trajectory, parameter, start value, what must rise, parameter label). Fig. 15's
#: sentence makes two claims (more stable; better accuracy): two keys.
_SPECS: dict[str, tuple[str, str, float | None, tuple[str, ...], str]] = {
    "fig13.stability_increases": ("elastic_net", "l1_ratio", 1.0, MEASURES, "λ2"),
    "fig15.larger_forests": ("random_forest", "n_estimators", None, MEASURES, "trees"),
    "fig15.better_accuracy": ("random_forest", "n_estimators", None, ("accuracy",), "trees"),
    "fig17.more_neighbours": ("relief", "n_neighbors", None, MEASURES, "K"),
}


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


def _rises(start: pd.Series, end: pd.Series, quantity: str, label: str, parameter: str,
           dataset: str, noise: Noise) -> tuple[str, Assessment]:
    """``quantity`` higher at ``end`` than at ``start`` beyond the noise: (the ends as text,
    the assessment)."""
    name = "A" if quantity == "accuracy" else SYMBOL[quantity]
    a, b = float(start[parameter]), float(end[parameter])
    shown = f"{name} {show(start[quantity])} ({label} = {a:g}) → {show(end[quantity])} " \
            f"({label} = {b:g})"
    if float(start[quantity]) >= 1 - 1e-12:
        return shown, not_testable(f"{shown}: at its ceiling 1 from the start, it cannot rise")
    if quantity == "accuracy":
        if "accuracy_se" not in start.index:
            return shown, not_recomputable(f"{shown}: {ACCURACY_SE_NOT_PUBLISHED}")
        se = math.hypot(float(start["accuracy_se"]), float(end["accuracy_se"]))
    else:
        se = math.sqrt(2.0) * noise.se(dataset, quantity, int(start["n_runs"]))
    return shown, beyond_noise(float(end[quantity]) - float(start[quantity]), se, what=shown)


def trajectory_claims(trajectories: Mapping[str, pd.DataFrame | None],
                      configured: Sequence[str], methods: Sequence[str],
                      run: Mapping[str, Any], noise: Noise,
                      n_features: Mapping[str, int]) -> list[Claim]:
    """Figs. 13, 15, 17: the ends of each method's trajectory, per data set; Fig. 14: the
    logistic RFE along λ_f. ``n_features``: d of each §7.2 data set (for the k̄ of the
    settings)."""
    out: list[Claim] = []
    for key, (method, parameter, first, rising, label) in _SPECS.items():
        if method not in methods:
            out.append(claim(f"{key}.all", "", not_testable(f"the {method} is not configured"),
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
            ends = [_rises(start, end, q, label, f"param_{parameter}", dataset, noise)
                    for q in rising]
            cases[dataset] = all_of(*(assessment for _, assessment in ends))
            settings = settings_of(run, "section72", dataset,
                                   k_bar=[start["mean_n_selected"], end["mean_n_selected"]],
                                   n_features=n_features.get(dataset))
            matches.append(settings)
            out.append(claim(f"{key}.{dataset}", "; ".join(text for text, _ in ends),
                             cases[dataset], settings, statement=key, dataset=dataset))
        rolled = most_cases(cases) if key == "fig17.more_neighbours" else roll_up(cases)
        out.append(claim(f"{key}.all", f"{len(matches)} of {len(configured)} data sets run"
                         + ("; the paper: \"in most cases\" (more than half of those tested)"
                            if key == "fig17.more_neighbours" else ""),
                         rolled, combined(matches), statement=key, dataset="all"))
    if "logistic_rfe" in methods:
        out += _logistic_rfe_claims(trajectories.get("logistic_rfe"), configured, run, noise,
                                    n_features)
    return out


def _logistic_rfe_claims(table: pd.DataFrame | None, configured: Sequence[str],
                         run: Mapping[str, Any], noise: Noise,
                         n_features: Mapping[str, int]) -> list[Claim]:
    """Fig. 14 on every §7.2 data set: φ unchanged over λ_f, which only refits the final model
    on the features already selected (verified by construction: the method's design); φ_pears
    and φ_iw rise with λ_f on each λ line beyond the noise."""
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
        settings = settings_of(run, "section72", dataset, k_bar=rows["mean_n_selected"],
                               n_features=n_features.get(dataset))
        matches.append(settings)
        spreads, rises, shown = [], {}, []
        for C, line in rows.groupby("param_C", sort=True):
            # λ_f = 1 / final_C grows as final_C falls: from the largest final_C to the smallest
            end, start = _ends(line, "final_C")
            spreads.append((1 / C, float(line["nogueira"].max() - line["nogueira"].min())))
            for m in ("pearson", "importance_weighted"):
                se = math.sqrt(2.0) * noise.se(dataset, m, int(start["n_runs"]))
                text = (f"λ = {1 / C:g}: {SYMBOL[m]} {show(start[m])} (λ_f = "
                        f"{1 / start['param_final_C']:g}) → {show(end[m])} (λ_f = "
                        f"{1 / end['param_final_C']:g})")
                shown.append(text)
                rises[f"λ = {1 / C:g}, {SYMBOL[m]}"] = beyond_noise(
                    float(end[m]) - float(start[m]), se, what=text)
        worst = max(s for _, s in spreads)
        unchanged[dataset] = by_construction(
            at_most(worst, 0.0, what="largest max − min of φ over λ_f", digits=3),
            "λ_f only refits the final model on the features already selected (the method's "
            "design)")
        stabilises[dataset] = roll_up(rises)
        out.append(claim(
            f"fig14.phi_unchanged.{dataset}",
            "max − min of φ over λ_f: " + ", ".join(f"{s:.2g} (λ = {lam:g})"
                                                   for lam, s in spreads),
            unchanged[dataset], settings, statement="fig14.phi_unchanged", dataset=dataset))
        out.append(claim(f"fig14.final_lambda_stabilises.{dataset}", "; ".join(shown),
                         stabilises[dataset], settings,
                         statement="fig14.final_lambda_stabilises", dataset=dataset))
    for key, cases in (("fig14.phi_unchanged", unchanged),
                       ("fig14.final_lambda_stabilises", stabilises)):
        out.append(claim(f"{key}.all", f"{len(matches)} of {len(configured)} data sets run",
                         roll_up(cases), combined(matches), statement=key, dataset="all"))
    return out
