"""Sechidis et al. (2019): the claims table (fsstab.papers.sechidis2019.conclusions). Eq. (1)'s
claims are the paper's statements, so they must hold on fsstab's measures; the §4.1 claims get
verdicts computed from numbers made up here, with the expected outcome worked out by hand;
§4.2 (IPASS) is never testable."""

from __future__ import annotations

import pandas as pd
import pytest

from fsstab.papers.conclusions import claims_frame, verdict_counts
from fsstab.papers.sechidis2019.conclusions import STAND_IN_REASON, claims, split_set
from fsstab.papers.sechidis2019.reference import PAPER_RUN, PAPER_TABLE1, STATEMENTS
from fsstab.papers.sechidis2019.stages import eq1_table

METHODS = {"lasso": "LASSO", "rf": "RF", "gbm": "GBM", "mim": "MIM", "mrmr": "mRMR",
           "jmi": "JMI", "cmim": "CMIM"}
CONFIGURED = ["breast", "musk2", "wine"]


def _pareto(dataset, phi, phi_c):
    rows = []
    for label, method in METHODS.items():
        rows.append({"dataset": dataset, "measure": "nogueira", "label": label,
                     "stability": phi[method]})
        rows.append({"dataset": dataset, "measure": "sechidis", "label": label,
                     "stability": phi_c[method]})
    return pd.DataFrame(rows)


def _inputs(run_settings):
    base = dict.fromkeys(METHODS.values(), 0.5)
    # breast: Φ_C >= φ for all, mRMR gains 0.3; wine: RF loses 0.05 with Φ_C, mRMR gains 0.05
    breast = _pareto("breast", base, {**base, "mRMR": 0.8, "MIM": 0.55})
    wine = _pareto("wine", base, {**base, "RF": 0.45, "mRMR": 0.55})
    # breast as the paper (LASSO, MIM / MIM); wine: φ set differs, Φ_C overlaps
    table1 = pd.DataFrame({
        "dataset": ["breast", "wine"],
        "pareto_optimal_stability": ["LASSO, MIM", "GBM"],
        "pareto_optimal_effective_stability": ["MIM", "MIM, GBM"],
        "change": [True, True]})
    ranks = {"nogueira": {"MIM": 1.0, "GBM": 1.5, "mRMR": 3.0, "JMI": 2.5, "LASSO": 2.0,
                          "CMIM": 3.0, "RF": 3.5},
             "sechidis": {"MIM": 1.5, "GBM": 1.5, "mRMR": 1.5, "JMI": 2.0, "LASSO": 2.0,
                          "CMIM": 3.0, "RF": 3.5}}
    table2 = pd.DataFrame([{"measure": measure, "method": m, "non_dominated_rank": r,
                            "n_datasets": 2} for measure, values in ranks.items()
                           for m, r in values.items()])
    return {"eq1": eq1_table(), "pareto": pd.concat([breast, wine], ignore_index=True),
            "table1": table1, "table2": table2, "methods": METHODS,
            "configured": CONFIGURED,
            "run": {d: dict(run_settings) for d in ("breast", "wine")},
            "theorems": _theorems(), "timings": _timings(), "figure1": FIGURE1}


FIGURE1 = {"n_runs": 50, "d": [100, 1000, 5000], "repeats": 3}


def _timings(sechidis=(0.0004, 0.0009, 0.003), yu=(0.035, 0.5, 5.7)):
    return pd.DataFrame([{"d": d, "measure": name, "seconds": t, "repeats": 3}
                         for name, times in (("sechidis", sechidis), ("yu", yu))
                         for d, t in zip(FIGURE1["d"], times, strict=True)])


def _theorems(wine_c_min=0.0, wine_rf_difference=0.0, wine_rf_right=6.0):
    """Theorem 1 and 2 quantities per (data set, method), made up: on breast C >= 0 and both
    sides of Theorem 2 agree; on wine the smallest entry of C and RF's numbers are given."""
    rows = []
    for dataset in ("breast", "wine"):
        for method in METHODS.values():
            rf_on_wine = dataset == "wine" and method == "RF"
            rows.append({
                "dataset": dataset, "method": method, "M": 50, "d": 30, "mean_size": 7.0,
                "mean_intersection": 5.0, "mean_effective_intersection": 6.0,
                "min_pair_difference": wine_rf_difference if rf_on_wine else 0.0,
                "min_similarity": wine_c_min if dataset == "wine" else 0.0,
                "k_bar_c": 9.0, "tr_cs": 3.0,
                "theorem2_right": wine_rf_right if rf_on_wine else 6.0})
    return pd.DataFrame(rows)


@pytest.fixture
def frame():
    return claims_frame(claims(**_inputs(PAPER_RUN))).set_index("key")


def test_every_statement_is_checked_in_the_papers_order(frame):
    used = list(dict.fromkeys(
        next(k for k, s in STATEMENTS.items() if s.text == text) for text in frame["claim"]))
    assert used == [k for k in STATEMENTS if k in used]
    assert set(used) == set(STATEMENTS)


def test_eq1_claims_hold_on_fsstabs_measures(frame):
    for key in ("eq1.phi", "eq1.effective_intersection", "eq1.phi_c"):
        assert frame.loc[key, "verdict"] == "holds", frame.loc[key, "why"]


def test_theorem1_cannot_fail_when_c_is_not_negative(frame):
    """sec3.underestimate is Theorem 1 (effective intersection >= intersection), not
    "Φ_C >= φ": on wine RF's Φ_C (0.45) lies below its φ (0.5), which the old criterion
    counted against the claim ("partly holds"); with C >= 0, Lemma 1 makes the theorem certain,
    so the claim cannot fail here and is not testable."""
    for dataset in ("breast", "wine", "all"):
        row = frame.loc[f"sec3.underestimate.{dataset}"]
        assert row["verdict"] == "not testable here", row["why"]
    assert frame.loc["sec3.underestimate.wine", "why"].startswith(
        "cannot fail on this run's data: every entry of C is >= 0")
    assert "RF 0.500 -> 0.450" in frame.loc["sec3.underestimate.wine", "our_evidence"]


def test_theorem1_is_tested_when_c_has_negative_entries():
    inputs = _inputs(PAPER_RUN)
    inputs["theorems"] = _theorems(wine_c_min=-0.3, wine_rf_difference=-1.0)
    frame = claims_frame(claims(**inputs)).set_index("key")
    wine = frame.loc["sec3.underestimate.wine"]
    assert wine["verdict"] == "partly holds"       # RF's pairs: -1 < 0; the others 0 >= 0
    assert "not for RF" in wine["why"]


def test_theorem2_both_sides_must_agree(frame):
    assert frame.loc["sec3.theorem2", "verdict"] == "holds"
    inputs = _inputs(PAPER_RUN)
    inputs["theorems"] = _theorems(wine_rf_right=6.01)      # |6 - 6.01| / 6 = 1.7e-3 > 1e-9
    frame = claims_frame(claims(**inputs)).set_index("key")
    assert frame.loc["sec3.theorem2", "verdict"] == "partly holds"
    assert "not for wine" in frame.loc["sec3.theorem2", "why"]


def test_mrmr_gains(frame):
    # mRMR's gain: 0.3 >= 0.1 on breast, 0.05 < 0.1 on wine
    assert frame.loc["fig2.mrmr_gains.breast", "verdict"] == "holds"
    assert frame.loc["fig2.mrmr_gains.wine", "verdict"] == "does not hold"
    assert frame.loc["fig2.mrmr_gains.all", "verdict"] == "partly holds"
    assert frame.loc["fig2.mrmr_gains.breast", "our_evidence"].startswith(
        "mRMR 0.500 -> 0.800; its gain is the 1st largest of 7")


def test_mrmr_gain_at_the_ceiling_is_not_testable():
    """At φ = 0.95 a gain of 0.1 would need Φ_C = 1.05: the old criterion (gain 0.05 < 0.1)
    said "does not hold"; no such gain is possible, so the claim is not testable there."""
    inputs = _inputs(PAPER_RUN)
    pareto = inputs["pareto"]
    mrmr_wine = (pareto["dataset"] == "wine") & (pareto["label"] == "mrmr")
    pareto.loc[mrmr_wine & (pareto["measure"] == "nogueira"), "stability"] = 0.95
    pareto.loc[mrmr_wine & (pareto["measure"] == "sechidis"), "stability"] = 1.0
    frame = claims_frame(claims(**inputs)).set_index("key")
    wine = frame.loc["fig2.mrmr_gains.wine"]
    assert wine["verdict"] == "not testable here"
    assert wine["why"].startswith("cannot fail on this run's data: mRMR's φ = 0.950 already")
    assert frame.loc["fig2.mrmr_gains.all", "verdict"] == "holds"   # breast only tested


def test_figure1_speed_claims():
    frame = claims_frame(claims(**_inputs(PAPER_RUN))).set_index("key")
    # 5.7 / 0.003 = 1900 >= 100; Φ_C at most 0.003 s < 0.1 s, 0.003 / 0.0004 = 7.5 < 10
    assert frame.loc["fig1.faster", "verdict"] == "holds"
    assert frame.loc["fig1.milliseconds", "verdict"] == "holds"
    assert frame.loc["fig1.faster", "settings_match"] == "same"
    inputs = _inputs(PAPER_RUN)
    inputs["timings"] = _timings(sechidis=(0.0004, 0.009, 0.06))
    frame = claims_frame(claims(**inputs)).set_index("key")
    assert frame.loc["fig1.faster", "verdict"] == "does not hold"       # 5.7 / 0.06 = 95
    assert frame.loc["fig1.milliseconds", "verdict"] == "does not hold"  # grows 150-fold
    inputs["timings"], inputs["figure1"] = None, None
    frame = claims_frame(claims(**inputs)).set_index("key")
    assert frame.loc["fig1.faster", "verdict"] == "not run (compute)"


def test_pareto_sets_compared_as_sets_and_for_overlap(frame):
    assert frame.loc["table1.phi.breast", "verdict"] == "holds"
    assert frame.loc["table1.phi_c.breast", "verdict"] == "holds"
    assert frame.loc["table1.phi.breast", "paper_evidence"] == "{LASSO, MIM}"
    # wine: paper MIM, CMIM / MIM, CMIM; ours GBM / GBM, MIM
    assert frame.loc["table1.phi.wine", "verdict"] == "does not hold"
    assert frame.loc["table1.phi_overlap.wine", "verdict"] == "does not hold"
    assert frame.loc["table1.phi_c.wine", "verdict"] == "does not hold"
    assert frame.loc["table1.phi_c_overlap.wine", "verdict"] == "holds"
    assert frame.loc["table1.phi_c_overlap.wine", "why"].startswith(
        "ours (Φ_C) {GBM, MIM} and paper {MIM, CMIM} share {MIM}")
    # "Change ?": breast changes in both; wine changes here, not in the paper
    assert frame.loc["table1.change.breast", "verdict"] == "holds"
    assert frame.loc["table1.change.wine", "verdict"] == "does not hold"
    assert frame.loc["table1.most_change", "verdict"] == "holds"     # 2 of 2 > half
    # musk2 is configured but not run: one row, not testable, with why
    musk2 = frame.loc["table1.not_run.musk2"]
    assert musk2["verdict"] == "not testable here"
    assert "OpenML" in musk2["why"]
    assert musk2["paper_evidence"] == "φ: {LASSO, MIM}; Φ_C: {LASSO}"


def test_table2_claims(frame):
    assert frame.loc["table2.best_phi", "verdict"] == "holds"          # MIM 1.0 alone lowest
    assert frame.loc["table2.best_phi_c", "verdict"] == "does not hold"  # 3-way tie at 1.5
    # mRMR 3.0 -> 1.5: improves by 1.5 >= 1
    assert frame.loc["table2.mrmr", "verdict"] == "holds"
    # JMI 2.5 -> 2.0 improves, MIM 1.0 -> 1.5 does not
    assert frame.loc["table2.jmi_mim", "verdict"] == "holds"
    assert "2 of the paper's 10 data sets" in frame.loc["table2.mrmr", "settings"]


def test_ipass_claims_are_never_testable(frame):
    ipass = frame[frame["dataset"] == "IPASS"]
    assert len(ipass) == 4
    assert (ipass["verdict"] == "not testable here").all()
    assert (ipass["why"] == STAND_IN_REASON).all()
    assert STAND_IN_REASON.startswith("not testable here -- simulation with planted effects")


def test_settings_differences_are_stated_per_claim():
    reduced = dict(PAPER_RUN) | {"M": 5, "RF trees": 10, "GBM trees": 10}
    frame = claims_frame(claims(**_inputs(reduced))).set_index("key")
    row = frame.loc["table1.phi.breast"]
    assert row["settings_match"] == "different"
    assert row["settings"].startswith("different: M 5 here, 50 in the paper; RF trees 10 here, "
                                      "100 in the paper; GBM trees 10 here, 100 in the paper")
    assert frame.loc["eq1.phi", "settings_match"] == "same"
    same = claims_frame(claims(**_inputs(PAPER_RUN))).set_index("key")
    assert same.loc["table1.phi.breast", "settings_match"] == "same"
    assert "k = floor(d/4)" in same.loc["table1.phi.breast", "settings"]


def test_counts_and_split():
    frame = claims_frame(claims(**_inputs(PAPER_RUN)))
    counts = verdict_counts(frame)
    assert sum(counts.values()) == len(frame)
    assert split_set("LASSO, MIM") == ["LASSO", "MIM"]
    assert split_set("") == []
    assert split_set(float("nan")) == []
    assert set(PAPER_TABLE1) >= set(CONFIGURED)


def test_pareto_sets_shown_with_the_methods_within_noise():
    inputs = _inputs(PAPER_RUN)
    noise = pd.DataFrame({
        "dataset": ["wine"] * 3, "measure": ["nogueira"] * 3,
        "method": ["GBM", "MIM", "CMIM"], "within_noise": [True, True, False]})
    frame = claims_frame(claims(**inputs, noise=noise)).set_index("key")
    assert frame.loc["table1.phi.wine", "our_evidence"] == (
        "{GBM}; within noise (no clear dominator, 2 paired SE): {GBM, MIM}")
    inputs["table1"] = inputs["table1"].assign(
        pareto_optimal_stability_weak=["LASSO, MIM", "GBM, MIM"],
        pareto_optimal_effective_stability_weak=["MIM", "MIM, GBM"])
    frame = claims_frame(claims(**inputs)).set_index("key")
    assert frame.loc["table1.phi.wine", "our_evidence"] == (
        "{GBM}; fsstab's front (at least as good in both, better in one): {GBM, MIM}")
    # the verdict compares the Pareto set itself, never the set within noise
    assert frame.loc["table1.phi.wine", "verdict"] == "does not hold"


def test_phi_c_can_lie_below_phi_theorem1_bounds_only_the_intersection():
    """Why sec3.underestimate is Theorem 1 and not "Φ_C >= φ": the theorem makes the effective
    intersection at least the intersection, but Φ_C also changes the normaliser. Alternating
    between the correlated pairs {1, 2} and {3, 4} (d = 4, k = 2, M even), by hand:
    φ = 1 - M/(M-1);
    tr(CS) = 2M/(M-1) (variances M/(M-1)/4 each, covariances within pairs M/(M-1)/4),
    tr(CΣ0) = 4/4 + 4 (2/12 - 4/16) = 2/3, so Φ_C = 1 - 3M/(M-1) < φ."""
    import numpy as np
    import scipy.sparse as sp

    from fsstab.measures import nogueira, sechidis
    from fsstab.similarity import group_similarity

    M = 10
    Z = np.array([[1, 1, 0, 0], [0, 0, 1, 1]] * (M // 2), dtype=bool)
    C = group_similarity(np.array([0, 0, 1, 1]))
    assert nogueira(Z) == pytest.approx(1 - M / (M - 1))
    assert sechidis(Z, C=sp.csr_array(C), threshold=1.0) == pytest.approx(1 - 3 * M / (M - 1))
    # and the effective intersections are still >= the intersections (Theorem 1)
    Zf = Z.astype(float)
    assert np.all(Zf @ C.toarray() @ Zf.T >= Zf @ Zf.T)


def test_table1_verdicts_follow_section_4_1_on_wine():
    """Wine of the full run (Table 1's paper sets {MIM, CMIM} for φ and Φ_C: no change).
    GBM, JMI and CMIM reach the same 422/450 accuracy; φ: GBM 1, JMI 0.983, CMIM 0.782,
    LASSO 1 at 0.911; Φ_C: all four at 1. §4.1 ("both higher accuracy and higher stability")
    keeps {LASSO, GBM, JMI, CMIM} under both measures: no change, as in the paper. The weak
    fronts ({GBM} -> {GBM, JMI, CMIM}) change, which the old criterion reported."""
    from fsstab.papers.sechidis2019.stages import table1

    acc = {"LASSO": 0.9111111111111111, "RF": 0.9333333333333333, "GBM": 0.9377777777777777,
           "MIM": 0.9177777777777778, "mRMR": 0.9333333333333333, "JMI": 0.9377777777777778,
           "CMIM": 0.9377777777777776}
    phi = {"LASSO": 1.0, "RF": 0.86, "GBM": 1.0, "MIM": 0.764, "mRMR": 0.71, "JMI": 0.983,
           "CMIM": 0.782}
    phi_c = {"LASSO": 1.0, "RF": 0.903, "GBM": 1.0, "MIM": 0.721, "mRMR": 0.735, "JMI": 1.0,
             "CMIM": 1.0}
    weak = {"nogueira": {"GBM"}, "sechidis": {"GBM", "JMI", "CMIM"}}
    rows = [{"dataset": "wine", "measure": measure, "label": label, "accuracy": acc[m],
             "stability": values[m], "evaluated": True, "non_dominated": m in weak[measure]}
            for measure, values in (("nogueira", phi), ("sechidis", phi_c))
            for label, m in METHODS.items()]
    pareto = pd.DataFrame(rows)
    tab1 = table1(pareto, METHODS, ["wine"])
    assert tab1.loc[0, "pareto_optimal_stability"] == "LASSO, GBM, JMI, CMIM"
    assert tab1.loc[0, "pareto_optimal_effective_stability"] == "LASSO, GBM, JMI, CMIM"
    inputs = _inputs(PAPER_RUN) | {"pareto": pareto, "table1": tab1,
                                   "configured": ["wine"], "run": {"wine": dict(PAPER_RUN)},
                                   "theorems": _theorems().query("dataset == 'wine'")}
    frame = claims_frame(claims(**inputs)).set_index("key")
    assert frame.loc["table1.change.wine", "verdict"] == "holds"
    assert frame.loc["table1.phi_overlap.wine", "verdict"] == "holds"     # shares CMIM
    assert frame.loc["table1.phi.wine", "verdict"] == "does not hold"
