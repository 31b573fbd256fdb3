"""The claims of Hamer & Dupont (2021) on the LASSO of §7.2.1 (Fig. 12, Table 5) and on the
variability of the measures, §7.3 (Figs. 19-20), checked on a run.

Every claim is checked on each data set of the configuration the run has results for; the
others are cases "not run" or "not testable here" (:mod:`fsstab.papers.hamer2021.
conclusions_cases`), and the ``.all`` row rolls them up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    all_of,
    close_to,
    holds_if,
    not_testable,
    same_ordering,
)
from fsstab.papers.hamer2021.conclusions_cases import missing_case, roll_up
from fsstab.papers.hamer2021.conclusions_common import (
    HIGHLY_VARYING,
    NORMALITY_ALPHA,
    NOTICEABLE,
    SYMBOL,
    TABLE5_CLOSE,
    claim,
    combined,
    settings_of,
    show,
)
from fsstab.papers.hamer2021.reference import MEASURES, TABLE5

__all__ = [
    "MIN_NORMALITY_ESTIMATES",
    "distribution_claims",
    "lasso_claims",
    "table5_claims",
    "variation_claims",
]

#: Fig. 20: fewer group estimates than this cannot show a distribution's shape.
MIN_NORMALITY_ESTIMATES = 20
#: The data set on which the paper reports the reverse ordering of Fig. 19.
FIG19_EXCEPTION = "ionosphere"


def table5_claims(table5: pd.DataFrame | None, configured: Sequence[str],
                  run: Mapping[str, Any]) -> list[Claim]:
    """Table 5's values (within :data:`TABLE5_CLOSE`, the paper's two decimals and the
    run's standard errors) and φ_iw < φ_pears, per data set and rolled up."""
    out = []
    rows = table5.set_index("dataset") if table5 is not None else pd.DataFrame()
    below: dict[str, Assessment] = {}
    agree: dict[str, Assessment] = {}
    matches = []
    for dataset in configured:
        printed = TABLE5.get(dataset)
        if printed is None:
            continue
        if dataset not in rows.index:
            below[dataset] = agree[dataset] = missing_case(dataset)
            continue
        row = rows.loc[dataset]
        settings = settings_of(run, "section72", dataset)
        matches.append(settings)
        ours = {q: float(row[q]) for q in ("accuracy", *MEASURES)}
        agree[dataset] = all_of(*(close_to(ours[q], p, TABLE5_CLOSE, what="A" if q == "accuracy"
                                           else SYMBOL[q], digits=2)
                                  for q, p in zip(("accuracy", *MEASURES), printed, strict=True)))
        out.append(claim(
            f"table5.values.{dataset}",
            f"A {show(ours['accuracy'])}, " + ", ".join(f"{SYMBOL[m]} {show(ours[m])}"
                                                       for m in MEASURES)
            + f" ({show(row['mean_n_selected'], 1)} features, M = {int(row['n_runs'])})",
            agree[dataset], settings, statement="table5.values", dataset=dataset,
            paper_evidence="A {}, φ {}, φ_pears {}, φ_iw {}".format(*printed)))
        below[dataset] = holds_if(ours["importance_weighted"] < ours["pearson"],
                                  f"φ_iw {show(ours['importance_weighted'])} < φ_pears "
                                  f"{show(ours['pearson'])}")
    tested = [d for d in below if d in rows.index]
    out.append(claim("table5.values.all", f"{len(tested)} of {len(below)} data sets run",
                     roll_up(agree), combined(matches), statement="table5.values",
                     dataset="all"))
    out.append(claim("table5.iw_below_pearson",
                     "; ".join(f"{d}: {below[d].why.rsplit(':', 1)[0]}" for d in tested),
                     roll_up(below), combined(matches), dataset="all"))
    return out


def _iw_less_variable(dataset: str, cv: Mapping[str, float]) -> Assessment:
    """§7.3: c_v(φ_iw) < c_v(φ_pears), or no noticeable difference between the two; on
    ionosphere the paper reports c_v(φ_pears) < c_v(φ_iw), its one exception."""
    iw, pears = cv["importance_weighted"], cv["pearson"]
    if dataset == FIG19_EXCEPTION:
        return holds_if(pears < iw, f"the paper's exception on {dataset}: c_v(φ_pears) "
                        f"{show(pears, 4)} < c_v(φ_iw) {show(iw, 4)}")
    ratio = max(iw, pears) / min(iw, pears)
    return holds_if(iw < pears or ratio <= NOTICEABLE,
                    f"c_v(φ_iw) {show(iw, 4)} < c_v(φ_pears) {show(pears, 4)} "
                    f"({'yes' if iw < pears else 'no'}) or no noticeable difference (larger / "
                    f"smaller = {show(ratio, 2)} {'<=' if ratio <= NOTICEABLE else '>'} "
                    f"{NOTICEABLE:g})")


def _usual_order(dataset: str, cv: Mapping[str, float]) -> Assessment:
    named = {f"c_v({SYMBOL[m]})": v for m, v in cv.items()}
    if dataset == FIG19_EXCEPTION:
        return same_ordering(named, ["c_v(φ)", "c_v(φ_iw)", "c_v(φ_pears)"])
    spread = max(cv.values()) / min(cv.values())
    ordered = cv["nogueira"] < cv["importance_weighted"] < cv["pearson"]
    return holds_if(
        ordered or spread <= NOTICEABLE,
        f"c_v(φ) {show(cv['nogueira'], 4)} < c_v(φ_iw) {show(cv['importance_weighted'], 4)} "
        f"< c_v(φ_pears) {show(cv['pearson'], 4)} ({'yes' if ordered else 'no'}) or no "
        f"noticeable difference (largest / smallest = {show(spread, 2)} "
        f"{'<=' if spread <= NOTICEABLE else '>'} {NOTICEABLE:g})")


def variation_claims(cv: pd.DataFrame | None, configured: Sequence[str],
                     run: Mapping[str, Any]) -> list[Claim]:
    """Fig. 19: φ_iw less variable than φ_pears, and the orderings of the c_v (the paper's
    account per data set: the usual order or no noticeable difference, the reverse order on
    ionosphere)."""
    out = []
    rows = cv.set_index("dataset") if cv is not None else pd.DataFrame()
    cases: dict[str, dict[str, Assessment]] = {"fig19.iw_less_variable": {},
                                               "fig19.usual_order": {}}
    matches = []
    for dataset in configured:
        if dataset not in rows.index:
            for key in cases:
                cases[key][dataset] = missing_case(dataset)
            continue
        values = {m: float(rows.loc[dataset, m]) for m in MEASURES}
        settings = settings_of(run, "section73", dataset)
        matches.append(settings)
        cases["fig19.iw_less_variable"][dataset] = _iw_less_variable(dataset, values)
        cases["fig19.usual_order"][dataset] = _usual_order(dataset, values)
        for key in cases:
            exception = dataset == FIG19_EXCEPTION
            out.append(claim(
                f"{key}.{dataset}", ", ".join(f"c_v({SYMBOL[m]}) {show(values[m])}"
                                              for m in MEASURES),
                cases[key][dataset], settings, statement=key, dataset=dataset,
                paper_evidence="c_v,φ_pears < c_v,φ_iw < c_v,φ" if exception else None))
    for key, per_dataset in cases.items():
        out.append(claim(f"{key}.all", f"{len(matches)} of {len(configured)} data sets run",
                         roll_up(per_dataset), combined(matches), statement=key, dataset="all"))
    order = list(cases)
    return sorted(out, key=lambda c: order.index(c.key.rsplit(".", 1)[0]))


def lasso_claims(checks: pd.DataFrame | None, configured: Sequence[str],
                 run: Mapping[str, Any]) -> list[Claim]:
    """Fig. 12 on the LASSO's map of every §7.2 data set: importance grows with selection
    frequency (Pearson r > 0) and varies highly across runs (median sd of log importance at
    least :data:`HIGHLY_VARYING`)."""
    rows = checks.set_index("dataset") if checks is not None else pd.DataFrame()
    frequent: dict[str, Assessment] = {}
    varying: dict[str, Assessment] = {}
    matches = []
    for dataset in configured:
        if dataset not in rows.index:
            frequent[dataset] = varying[dataset] = missing_case(dataset)
            continue
        row = rows.loc[dataset]
        matches.append(settings_of(run, "section72", dataset))
        r, spread = float(row["pearson_r"]), float(row["median_log_sd"])
        frequent[dataset] = (
            holds_if(r > 0, f"{dataset}: r(p_f, mean importance) = {show(r)} over "
                     f"{int(row['n_features_selected'])} features > 0")
            if np.isfinite(r) else not_testable(f"{dataset}: r undefined (constant p_f)"))
        varying[dataset] = (
            holds_if(spread >= HIGHLY_VARYING, f"{dataset}: median sd of log importance over "
                     f"{int(row['n_recurring'])} features = {show(spread)} >= "
                     f"{HIGHLY_VARYING:g}")
            if np.isfinite(spread) else not_testable(f"{dataset}: no feature selected twice"))
    settings = combined(matches)
    return [
        claim("fig12.frequent_more_important", _whys(frequent), roll_up(frequent), settings,
              dataset="all"),
        claim("fig12.importance_varies", _whys(varying), roll_up(varying), settings,
              dataset="all"),
    ]


def _whys(cases: Mapping[str, Assessment]) -> str:
    return "; ".join(a.why.rsplit(":", 1)[0] for d, a in cases.items()
                     if a.why.startswith(f"{d}: ") and a.verdict.value in ("holds",
                                                                          "does not hold"))


def distribution_claims(estimates: pd.DataFrame | None, configured: Sequence[str],
                        run: Mapping[str, Any]) -> list[Claim]:
    """Fig. 20: the group estimates of each measure on each §7.3 data set are approximately
    normal: Shapiro-Wilk does not reject normality at :data:`NORMALITY_ALPHA`."""
    cases: dict[str, Assessment] = {}
    matches = []
    present = set() if estimates is None else set(estimates["dataset"])
    for dataset in configured:
        if dataset not in present:
            cases[dataset] = missing_case(dataset)
            continue
        matches.append(settings_of(run, "section73", dataset))
        frame = estimates[estimates["dataset"] == dataset]
        parts = []
        for m in MEASURES:
            values = frame[m].to_numpy(dtype=float)
            values = values[np.isfinite(values)]
            if values.size < MIN_NORMALITY_ESTIMATES:
                parts.append(not_testable(f"{SYMBOL[m]}: {values.size} group estimates, fewer "
                                          f"than {MIN_NORMALITY_ESTIMATES}"))
                continue
            p = float(stats.shapiro(values).pvalue)
            parts.append(holds_if(p >= NORMALITY_ALPHA, f"{SYMBOL[m]}: Shapiro-Wilk p = "
                                  f"{p:.2g} over {values.size} estimates >= {NORMALITY_ALPHA:g}"))
        cases[dataset] = all_of(*parts)
    return [claim("fig20.approximately_normal",
                  "; ".join(f"{d}: {a.why}" for d, a in cases.items() if d in present),
                  roll_up(cases), combined(matches), dataset="all")]
