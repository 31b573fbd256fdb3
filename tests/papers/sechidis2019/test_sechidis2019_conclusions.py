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
            "run": {d: dict(run_settings) for d in ("breast", "wine")}}


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


def test_phi_c_above_phi_per_dataset_and_over_all(frame):
    assert frame.loc["sec3.underestimate.breast", "verdict"] == "holds"
    wine = frame.loc["sec3.underestimate.wine"]
    assert wine["verdict"] == "partly holds"      # RF: Φ_C 0.45 < φ 0.5
    assert "not for RF" in wine["why"]
    assert frame.loc["sec3.underestimate.all", "verdict"] == "partly holds"
    # mRMR's gain: 0.3 >= 0.1 on breast, 0.05 < 0.1 on wine
    assert frame.loc["fig2.mrmr_gains.breast", "verdict"] == "holds"
    assert frame.loc["fig2.mrmr_gains.wine", "verdict"] == "does not hold"
    assert frame.loc["fig2.mrmr_gains.breast", "our_evidence"].startswith(
        "mRMR 0.500 -> 0.800; its gain is the 1st largest of 7")


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
        pareto_optimal_stability_strict=["LASSO, MIM", "GBM, MIM"],
        pareto_optimal_effective_stability_strict=["MIM", "MIM, GBM"])
    frame = claims_frame(claims(**inputs)).set_index("key")
    assert frame.loc["table1.phi.wine", "our_evidence"] == (
        "{GBM}; strictly higher in both (§4.1's words): {GBM, MIM}")
    # the verdict compares the Pareto set itself, never the set within noise
    assert frame.loc["table1.phi.wine", "verdict"] == "does not hold"


def test_phi_c_can_lie_below_phi_theorem1_bounds_only_the_intersection():
    """Why sec3.underestimate can fail: Theorem 1 makes the effective intersection at least
    the intersection, but Φ_C also changes the normaliser. Alternating between the correlated
    pairs {1, 2} and {3, 4} (d = 4, k = 2, M even), by hand: φ = 1 - M/(M-1);
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
