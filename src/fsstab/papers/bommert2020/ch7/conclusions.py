"""The claims of Bommert (2020), Chapter 7 (multi-criteria tuning), checked on our run: the
rows of ``ch7_claims`` (:func:`fsstab.papers.conclusions.claims_frame`), gathered into the
thesis' ``conclusions.md`` with the other chapters'.

Every claim is a :data:`~fsstab.papers.bommert2020.ch7.reference.STATEMENTS` entry with our
evidence and a verdict from a criterion of :mod:`fsstab.papers.conclusions`, per data set where
the thesis states it per data set. The thresholds that turn the thesis' words into numbers are
the constants below and in :mod:`~fsstab.papers.bommert2020.ch7.evidence`
(:data:`PREAMBLE` states them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch7.evidence import (
    NEGLIGIBLE_ACCURACY,
    NOT_MUCH_ACCURACY,
    accuracy_change,
    accuracy_change_category,
    agreement,
    embedded_with_filter,
    mean_gap,
    most_features,
    settings_match,
    unselective,
)
from fsstab.papers.bommert2020.ch7.reference import (
    CH7_MEASURES,
    FIG_7_3_PA_BEST_GAP,
    FIG_7_5_ACCURACY_CHANGE,
    OVERFIT_EXCEPTIONS,
    STATEMENTS,
    TABLE_7_1,
    THESIS_AGREEMENT_LARGEST,
    THESIS_MANY_A_BEST,
)
from fsstab.papers.bommert2020.reference import thesis_symbol
from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    ConclusionInputs,
    SettingsMatch,
    all_of,
    at_least,
    at_most,
    cannot_fail,
    claim_maker,
    equal_to,
    holds_if,
    not_recomputable,
    not_run,
    not_testable,
    over_cases,
)
from fsstab.papers.outputs import format_number

__all__ = ["HIGH_AGREEMENT", "MANY_A_BEST_SHARE", "MANY_WITH_FILTER", "PREAMBLE", "claims",
           "claims_from_inputs"]

#: "many of the configurations achieve the same best accuracy": at least this share of the
#: evaluated configurations are A-best (thesis: christensen 3414 / 4800 = 0.71, gravier
#: 2 / 4800).
MANY_A_BEST_SHARE = 0.1
#: "the agreement on PA-best configurations is largest": at least this share of the
#: configurations PA-best for some measure are PA-best for all four (with two data sets there
#: is no ranking of data sets to check).
HIGH_AGREEMENT = 0.5
#: "many of the best configurations employ a filter": at least this share.
MANY_WITH_FILTER = 0.5

PREAMBLE = (
    f"Chapter 7's words as numbers: \"many\" configurations tie at the best training accuracy = "
    f"at least {MANY_A_BEST_SHARE:.0%} of them; \"largest agreement\" of the measures = at "
    f"least {HIGH_AGREEMENT:.0%} of the configurations PA-best for some measure are PA-best for "
    f"all four; \"many\" best configurations with a filter = at least {MANY_WITH_FILTER:.0%}; "
    f"accuracies \"almost the same\" / \"without any loss\" = within {NEGLIGIBLE_ACCURACY:g}, "
    f"\"without losing much\" = at most {NOT_MUCH_ACCURACY:g} lower (the thesis' PA-best "
    f"tolerance). The A-best configurations are represented by their mean on the test half "
    f"(single-criteria tuning picks one of them at random)."
)

_claim = claim_maker(STATEMENTS)
_NO_DATA = "no Ch. 7 data set was run in this configuration"


def _n(value: float, digits: int = 3) -> str:
    return format_number(value, digits)


def _per_dataset(key: str, tables: Mapping[str, pd.DataFrame], settings, check) -> list[Claim]:
    """One claim per data set: ``check(dataset, table) -> (ours, assessment, paper)``."""
    out = []
    for dataset, table in tables.items():
        ours, assessment, paper = check(dataset, table)
        out.append(_claim(f"{key}.{dataset}", ours, assessment, settings([dataset]),
                          statement=key, dataset=dataset, paper_evidence=paper))
    return out


def _table71_claims(table71: pd.DataFrame, settings) -> list[Claim]:
    out = []
    for row in table71.to_dict("records"):
        dataset = row["dataset"]
        cases: dict[str, Assessment] = {}
        shown = []
        for kind in ("all", "PA"):
            counts = {thesis_symbol(m): int(row[f"{thesis_symbol(m)} ({kind})"])
                      for m in CH7_MEASURES}
            others = max(v for k, v in counts.items() if k != "SMJ")
            cases[kind] = at_least(counts["SMJ"], others, what=f"SMJ ({kind}) vs the largest "
                                   f"other", digits=0)
            shown.append(f"{kind}: " + " / ".join(str(v) for v in counts.values()))
        paper = TABLE_7_1.get(dataset)
        out.append(_claim(
            f"ch7.smj_most_optimal.{dataset}", "; ".join(shown) + " (SMU / SMA-Count / SMJ / SMH)",
            all_of(*cases.values()), settings([dataset]), statement="ch7.smj_most_optimal",
            dataset=dataset,
            paper_evidence=None if paper is None else
            f"all {' / '.join(map(str, paper[:4]))}; PA {' / '.join(map(str, paper[4:8]))}"))
    return out


def _many_a_best(dataset: str, table: pd.DataFrame):
    evaluated = int(np.isfinite(table["train_accuracy"]).sum())
    n_best = int(table["a_best"].sum())
    share = n_best / evaluated if evaluated else float("nan")
    ours = f"{n_best} of {evaluated} configurations A-best ({_n(share, 2)})"
    paper = TABLE_7_1.get(dataset)
    paper_text = ("" if paper is None else f"{paper[8]} of 4800 A-best; ") + (
        "named among the data sets with many" if dataset in THESIS_MANY_A_BEST
        else "not named among the data sets with many")
    if dataset in THESIS_MANY_A_BEST:
        return ours, at_least(share, MANY_A_BEST_SHARE, what="A-best share", digits=2), \
            paper_text
    return ours, holds_if(share < MANY_A_BEST_SHARE,
                          f"not many: A-best share {_n(share, 2)} < {MANY_A_BEST_SHARE:g}"), \
        paper_text


def _agreement(dataset: str, table: pd.DataFrame):
    every, some = agreement(table)
    share = every / some if some else float("nan")
    ours = f"{every} of {some} PA-best configurations are PA-best for all four measures"
    paper = ("one of the three data sets with the largest agreement"
             if dataset in THESIS_AGREEMENT_LARGEST else "not named as largest")
    # read as ch7.many_a_best is: a data set the thesis does not name has no large agreement
    if dataset not in THESIS_AGREEMENT_LARGEST:
        return ours, holds_if(share < HIGH_AGREEMENT,
                              f"not large: share PA-best for all {_n(share, 2)} < "
                              f"{HIGH_AGREEMENT:g}"), paper
    return ours, at_least(share, HIGH_AGREEMENT, what="share PA-best for all", digits=2), paper


def _no_unselective(dataset: str, table: pd.DataFrame):
    counts = {thesis_symbol(m): int((table[f"pa_best_{m}"] & unselective(table)).sum())
              for m in ("unadjusted", "intersection_count")}
    ours = ", ".join(f"{k}: {v}" for k, v in counts.items()) + \
        " PA-best configurations without any feature selection"
    return ours, all_of(*(equal_to(v, 0, what=f"{k} count") for k, v in counts.items())), \
        "none (Figs. 7.2, A.16)"


def _unselective_optimal(dataset: str, table: pd.DataFrame):
    candidates = table[unselective(table) & np.isfinite(table["train_accuracy"])]
    if candidates.empty:
        return "no configuration without feature selection was drawn", not_run(
            "no configuration without feature selection (no filter, SVM / k-NN / ridge) in "
            "this run"), "Pareto-optimal"
    counts = {thesis_symbol(m): int(candidates[f"pareto_{m}"].sum())
              for m in ("jaccard", "hamming")}
    ours = (f"of {len(candidates)} configurations without selection, Pareto-optimal: "
            + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return ours, all_of(*(at_least(v, 1, what=f"{k} Pareto-optimal ones", digits=0)
                          for k, v in counts.items())), "Pareto-optimal"


def _embedded_filter(dataset: str, table: pd.DataFrame):
    with_filter, total = embedded_with_filter(table)
    if total == 0:
        return "no PA-best configuration with embedded selection", not_testable(
            "no configuration of lasso, random forest or GLM boosting is PA-best"), "many"
    share = with_filter / total
    return (f"{with_filter} of {total} PA-best configurations of lasso / random forest / GLM "
            f"boosting use a filter", at_least(share, MANY_WITH_FILTER, what="share",
                                               digits=2), "many")


def _train_test_gap(dataset: str, table: pd.DataFrame):
    gaps = {thesis_symbol(m): mean_gap(table, table[f"pa_best_{m}"]) for m in CH7_MEASURES}
    ours = "mean train − test accuracy of the PA-best: " + ", ".join(
        f"{k} {_n(v)}" for k, v in gaps.items())
    expected = FIG_7_3_PA_BEST_GAP.get(dataset)
    if expected is None:
        return ours, not_testable("the thesis names no gap for this data set"), ""
    if expected == "same":
        cases = {k: at_most(abs(v), NEGLIGIBLE_ACCURACY, what=f"|gap| ({k})", digits=3)
                 for k, v in gaps.items()}
        paper = "almost the same on test as on training data"
    else:
        cases = {k: holds_if(v > NEGLIGIBLE_ACCURACY,
                             f"gap ({k}) {_n(v)} > {NEGLIGIBLE_ACCURACY:g}")
                 for k, v in gaps.items()}
        paper = "noticeably lower on test data"
    return ours, over_cases(cases), paper


def _less_overfitting(dataset: str, table: pd.DataFrame):
    a_gap = mean_gap(table, table["a_best"])
    gaps = {thesis_symbol(m): mean_gap(table, table[f"pa_best_{m}"]) for m in CH7_MEASURES}
    ours = (f"mean train − test accuracy: A-best {_n(a_gap)}; PA-best "
            + ", ".join(f"{k} {_n(v)}" for k, v in gaps.items()))
    a_test = table.loc[table["a_best"], "test_accuracy"]
    if len(a_test) and bool((a_test == 1.0).all()):
        # at the ceiling: the A-best classify every test sample, no over-fitting to reduce
        return ours, cannot_fail(
            f"every A-best configuration has test accuracy 1 (mean train − test "
            f"{_n(a_gap)}): the A-best do not over-fit, so there is no decrease for the "
            "PA-best to make smaller"), (
            "an exception: the A-best do not lose more accuracy than the PA-best"
            if dataset in OVERFIT_EXCEPTIONS else
            "the A-best lose more accuracy than the PA-best")
    if dataset in OVERFIT_EXCEPTIONS:
        cases = {k: holds_if(a_gap <= v, f"A-best {_n(a_gap)} <= PA-best {_n(v)}")
                 for k, v in gaps.items()}
        return ours, over_cases(cases), \
            "an exception: the A-best do not lose more accuracy than the PA-best"
    cases = {k: holds_if(a_gap > v, f"A-best {_n(a_gap)} > PA-best {_n(v)}")
             for k, v in gaps.items()}
    return ours, over_cases(cases), "the A-best lose more accuracy than the PA-best"


def _change_text(change: Mapping[str, Any]) -> str:
    ref = change["a_best"]
    return (f"A-best mean acc {_n(ref['accuracy'])}, stab {_n(ref['stability'])}, "
            f"{_n(ref['n_selected'], 1)} features; {change['n_better']} of "
            f"{change['n_pa_best']} PA-best more stable and sparser, best accuracy change "
            f"{_n(change['change'])}")


def _stable_fewer(dataset: str, table: pd.DataFrame):
    changes = {thesis_symbol(m): accuracy_change(table, m) for m in CH7_MEASURES}
    cases = {k: holds_if(c["n_better"] > 0 and c["change"] >= -NOT_MUCH_ACCURACY,
                         f"a PA-best configuration more stable and sparser on the test half, "
                         f"accuracy change {_n(c['change'])} >= -{NOT_MUCH_ACCURACY:g}")
             for k, c in changes.items()}
    ours = "; ".join(f"{k}: {_change_text(c)}" for k, c in changes.items())
    return ours, over_cases(cases), "yes, on all 12 data sets (losses noticeable on 3)"


def _accuracy_change(dataset: str, table: pd.DataFrame):
    changes = {thesis_symbol(m): accuracy_change(table, m) for m in CH7_MEASURES}
    expected = FIG_7_5_ACCURACY_CHANGE.get(dataset)
    ours = "; ".join(f"{k}: {accuracy_change_category(c['change'])} ({_n(c['change'])})"
                     for k, c in changes.items())
    if expected is None:
        return ours, not_testable("the thesis names no accuracy change for this data set"), ""

    def matches(category: str) -> bool:
        # "without any loss" includes a gain
        return category == expected or (expected == "no loss" and category == "gain")

    cases = {k: holds_if(matches(accuracy_change_category(c["change"])),
                         f"{accuracy_change_category(c['change'])} ({_n(c['change'])}) is "
                         f"'{expected}'") for k, c in changes.items()}
    return ours, over_cases(cases), expected


def _uncorrected(tables: Mapping[str, pd.DataFrame], settings) -> Claim:
    shown, larger = [], []
    for dataset, table in tables.items():
        corrected = most_features(table, ("unadjusted", "intersection_count"))
        uncorrected = most_features(table, ("jaccard", "hamming"))
        shown.append(f"{dataset}: SMJ/SMH {_n(uncorrected, 1)}, SMU/SMA-Count "
                     f"{_n(corrected, 1)}")
        if uncorrected > corrected:
            larger.append(dataset)
    return _claim(
        "ch7.uncorrected_many_features",
        "most features among the PA-best (training half): " + "; ".join(shown),
        holds_if(bool(larger), "on some data set the PA-best of SMJ or SMH include a "
                 f"configuration with more features than any PA-best of SMU and SMA-Count "
                 f"({', '.join(larger) or 'none'})"),
        settings(list(tables)))


def claims(table71: pd.DataFrame | None, tables: Mapping[str, pd.DataFrame],
           ch7: Mapping[str, Any], features: Mapping[str, int | None] | None = None
           ) -> list[Claim]:
    """Chapter 7's claims: ``table71`` (our Table 7.1, None when no data set ran), ``tables``
    (data set -> :func:`~fsstab.papers.bommert2020.ch7.evidence.configuration_table`, in
    Table 7.1's order), ``ch7`` (``paper.settings.ch7``), ``features`` (data set -> the number
    of features a prefilter keeps; absent: all)."""
    features = dict(features or {})

    def settings(datasets: Sequence[str]) -> SettingsMatch:
        return settings_match(ch7, features, datasets)

    if table71 is None or not tables:
        return [_claim(key, "", not_testable(_NO_DATA), settings([]))
                for key in STATEMENTS]
    out = _table71_claims(table71, settings)
    for key, check in (("ch7.many_a_best", _many_a_best), ("ch7.agreement", _agreement),
                       ("ch7.smu_sma_no_unselective", _no_unselective),
                       ("ch7.smj_smh_unselective", _unselective_optimal),
                       ("ch7.embedded_filter", _embedded_filter),
                       ("ch7.train_test_gap", _train_test_gap),
                       ("ch7.less_overfitting", _less_overfitting),
                       ("ch7.stable_fewer_features", _stable_fewer),
                       ("ch7.accuracy_change", _accuracy_change)):
        out += _per_dataset(key, tables, settings, check)
    out.append(_uncorrected(tables, settings))
    return out


def claims_from_inputs(inputs: ConclusionInputs) -> list[Claim]:
    """:func:`claims` from a run's files (``ch7_conclusions_inputs.json`` and its tables: Table
    7.1 and ``table7_configurations``, every data set's configurations with a ``dataset``
    column)."""
    run = inputs.run
    configurations, table71 = inputs.named("configurations"), inputs.named("table71")
    unpublished = inputs.missing_named().get("configurations")
    if unpublished is not None and table71 is not None:
        return _without_configurations(table71, run, unpublished)
    tables = {} if configurations is None else {
        d: configurations[configurations["dataset"] == d].drop(columns="dataset")
        .reset_index(drop=True) for d in run["datasets"]}
    return claims(table71, tables, run["ch7"], run["features"])


#: The claims read from every data set's configurations (``table7_configurations``).
PER_DATASET = ("ch7.many_a_best", "ch7.agreement", "ch7.smu_sma_no_unselective",
               "ch7.smj_smh_unselective", "ch7.embedded_filter", "ch7.train_test_gap",
               "ch7.less_overfitting", "ch7.stable_fewer_features", "ch7.accuracy_change")


def _without_configurations(table71: pd.DataFrame, run: Mapping[str, Any],
                            why: str) -> list[Claim]:
    """A run that published Table 7.1 but not its configurations: Table 7.1's claims, every
    other claim not run (:func:`~fsstab.papers.conclusions.not_recomputable`)."""
    features = dict(run["features"] or {})

    def settings(datasets: Sequence[str]) -> SettingsMatch:
        return settings_match(run["ch7"], features, datasets)

    out = _table71_claims(table71, settings)
    for key in PER_DATASET:
        out += [_claim(f"{key}.{d}", "", not_recomputable(why), settings([d]), statement=key,
                       dataset=d) for d in run["datasets"]]
    out.append(_claim("ch7.uncorrected_many_features", "", not_recomputable(why),
                      settings(list(run["datasets"]))))
    return out
