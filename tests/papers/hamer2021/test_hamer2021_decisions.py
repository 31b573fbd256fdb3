"""Hamer & Dupont (2021), §6.1-6.2 and §7.1: hybrid-RFE decisions, Figs. 9-11
(fsstab.papers.hamer2021.decisions).

Reference values: hull breakpoints γ = ΔS / (ΔA + ΔS), dominated areas and frequency scores
computed by hand.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from hamer2021_tables import hybrid_points, selection_tables

from fsstab.papers.hamer2021.decisions import (
    HYBRID_METHOD,
    RFE_METHOD,
    compromise_table,
    dominated_areas,
    find_setting,
    forced_features,
    frequency_score_correlation,
    frequency_scores,
    hybrid_versus_rfe,
    meta_parameters,
    method_masks,
)


def test_compromise_table_intervals_by_hand():
    table = compromise_table(hybrid_points(), gamma=0.5)
    phi = table[table["optimised"] == "nogueira"]
    # φ front by accuracy: (0.70, 0.90), (0.85, 0.80), (0.90, 0.60), (0.95, 0.30); all are hull
    # vertices: slopes 0.1/0.15 < 0.2/0.05 < 0.3/0.05. Breakpoints γ = ΔS / (ΔA + ΔS):
    # 0.1/0.25 = 0.4, 0.2/0.25 = 0.8, 0.3/0.35 = 6/7
    assert phi["label"].tolist() == ["filter:d", "h10:c", "h5:b", "rfe:a"]
    assert phi["gamma_lo"].tolist() == pytest.approx([0.0, 0.4, 0.8, 6 / 7])
    assert phi["gamma_hi"].tolist() == pytest.approx([0.4, 0.8, 6 / 7, 1.0])
    assert phi["chosen"].tolist() == [False, True, False, False]
    assert phi["number"].tolist() == [1, 2, 3, 4]
    # the compromises of φ carry every measure
    assert phi["importance_weighted"].tolist() == pytest.approx([0.50, 0.55, 0.50, 0.35])
    iw = table[table["optimised"] == "importance_weighted"]
    # φ_iw front: (0.85, 0.55), (0.90, 0.50), (0.95, 0.35); (0.90, 0.50) lies above the chord
    # from (0.85, 0.55) to (0.95, 0.35) (0.45 at A = 0.90), so all three are vertices:
    # breakpoints 0.05 / (0.05 + 0.05) = 0.5 and 0.15 / (0.05 + 0.15) = 0.75
    assert iw["label"].tolist() == ["h10:c", "h5:b", "rfe:a"]
    assert iw["gamma_lo"].tolist() == pytest.approx([0.0, 0.05 / 0.10, 0.15 / 0.20])


def test_meta_parameters_use_the_papers_notation():
    text = meta_parameters({"n_forced": 5, "C": 4.0, "epsilon": 0.1, "variance_weight": 1.0,
                            "final_C": 0.1, "shrinkage_alpha": 0.1,
                            "n_features_to_select": 20})
    assert text == "N=5, λ=0.25, ε=0.1, v=1, λ_f=10, α=0.1"
    assert meta_parameters(json.dumps({"C": 1.0})) == "λ=1"


def test_dominated_areas_by_hand():
    areas = dominated_areas(hybrid_points(), ["rfe"], (0.5, 0.0))
    phi = areas[areas["measure"] == "nogueira"].set_index("method")["area"]
    # RFE alone: (0.95 − 0.5) · 0.30 = 0.135; hybrid-RFE with N >= 1 (the RFE point with N = 0
    # left out): φ front (0.70, 0.90), (0.85, 0.80), (0.90, 0.60), staircase from A = 0.5:
    # 0.20·0.90 + 0.15·0.80 + 0.05·0.60 = 0.18 + 0.12 + 0.03
    assert phi[RFE_METHOD] == pytest.approx(0.135)
    assert phi[HYBRID_METHOD] == pytest.approx(0.33)
    indexed = areas.set_index(["measure", "method"])
    assert indexed.loc[("nogueira", HYBRID_METHOD), "n_settings"] == 4
    assert indexed.loc[("nogueira", HYBRID_METHOD), "n_front"] == 3
    assert indexed.loc[("nogueira", RFE_METHOD), "n_settings"] == 1
    assert set(areas["reference_accuracy"]) == {0.5}


def test_hybrid_front_excludes_n_zero_even_in_the_hybrid_selectors():
    points = hybrid_points()
    # a hybrid-family row with N = 0 (e.g. a sweep including n_forced = 0) is not hybrid
    points.loc[4, "params"] = json.dumps({"n_forced": 0, "C": 1.0})
    masks = method_masks(points, ["rfe"])
    assert masks[HYBRID_METHOD].tolist() == [False, True, True, True, False]
    assert masks[RFE_METHOD].tolist() == [True, False, False, False, False]
    assert forced_features({"C": 1.0}) == 0
    assert forced_features('{"n_forced": 3}') == 3
    bad = hybrid_points()
    bad.loc[1, "selector"] = "rfe"  # an "RFE" that forces 5 features
    with pytest.raises(ValueError, match="force features"):
        method_masks(bad, ["rfe"])


def _fronts(rfe, hybrid):
    """A summary from (accuracy, se, φ) of RFE settings (N = 0) and (accuracy, se, φ, N) of
    hybrid settings."""
    rows = [("rfe", f"r{i}", a, se, phi, {"C": 1.0}) for i, (a, se, phi) in enumerate(rfe)]
    rows += [("hybrid", f"h{i}", a, se, phi, {"n_forced": n})
             for i, (a, se, phi, n) in enumerate(hybrid)]
    return pd.DataFrame({
        "selector": [r[0] for r in rows], "label": [r[1] for r in rows],
        "accuracy": [r[2] for r in rows], "accuracy_se": [r[3] for r in rows],
        "nogueira": [r[4] for r in rows], "params": [json.dumps(r[5]) for r in rows]})


def test_hybrid_versus_rfe_at_equal_accuracy_by_hand():
    # RFE front: (0.90 ± 0.02, φ 0.30), (0.80 ± 0.01, φ 0.50); (0.70, 0.40) is dominated
    rfe = [(0.90, 0.02, 0.30), (0.80, 0.01, 0.50), (0.70, 0.01, 0.40)]
    hybrid = [(0.885, 0.01, 0.60, 1),   # within 1 SE = 0.02 of 0.90: equal accuracy
              (0.875, 0.01, 0.90, 8),   # 0.025 below 0.90: not equal
              (0.795, 0.01, 0.55, 3)]   # within 0.01 of 0.80
    table = hybrid_versus_rfe(_fronts(rfe, hybrid), ["rfe"], n_standard_errors=1.0,
                              measures=["nogueira"])
    assert table["rfe_label"].tolist() == ["r1", "r0"]
    assert table["tolerance"].tolist() == pytest.approx([0.01, 0.02])
    # at A = 0.80 every hybrid setting with A >= 0.79 counts: the best is h1 (φ 0.90)
    assert table["hybrid_label"].tolist() == ["h1", "h0"]
    assert table["gain"].tolist() == pytest.approx([0.90 - 0.50, 0.60 - 0.30])
    assert table["hybrid_n_forced"].tolist() == [8, 1]


def test_hybrid_versus_rfe_where_the_hybrid_loses():
    # made-up fronts where the hybrid-RFE is less stable at equal accuracy, and where it never
    # reaches the RFE's best accuracy: gains negative and NaN
    rfe = [(0.90, 0.01, 0.60), (0.80, 0.01, 0.70)]
    hybrid = [(0.80, 0.01, 0.65, 5), (0.70, 0.01, 0.90, 20)]
    table = hybrid_versus_rfe(_fronts(rfe, hybrid), ["rfe"], n_standard_errors=1.0,
                              measures=["nogueira"])
    assert table["gain"].iloc[0] == pytest.approx(0.65 - 0.70)
    assert math.isnan(table["gain"].iloc[1])
    assert table["hybrid_label"].iloc[1] == ""
    with pytest.raises(ValueError, match="accuracy_se"):
        hybrid_versus_rfe(_fronts(rfe, hybrid).drop(columns="accuracy_se"), ["rfe"],
                          n_standard_errors=1.0, measures=["nogueira"])


def test_find_setting():
    summary = hybrid_points()
    assert find_setting(summary, "hybrid", {"n_forced": 10}) == ("h10", "c")
    with pytest.raises(ValueError, match="no setting of selector 'hybrid'"):
        find_setting(summary, "hybrid", {"n_forced": 3})


def test_frequency_scores_by_hand():
    # 4 runs: feature 0 selected in all (scores 1, .8, .9, .7), feature 1 in two (.5, .3),
    # feature 2 once (.2); a second variant must be ignored
    rows = [(0, "v", 0, True, 1.0, 1.0), (1, "v", 0, True, 1.0, 0.8), (2, "v", 0, True, 1.0, 0.9),
            (3, "v", 0, True, 1.0, 0.7), (0, "v", 1, True, 1.0, 0.5), (2, "v", 1, True, 1.0, 0.3),
            (3, "v", 2, True, 1.0, 0.2), (1, "v", 3, False, 0.0, None),
            (0, "w", 2, True, 1.0, 0.9), (1, "w", 2, True, 1.0, 0.9)]
    runs, features = selection_tables(rows)
    table = frequency_scores(runs, features, "v")
    assert table["feature"].tolist() == [0, 1, 2]
    assert table["p_f"].tolist() == pytest.approx([1.0, 0.5, 0.25])
    assert table["mean_sc_f"].tolist() == pytest.approx([0.85, 0.4, 0.2])
    expected = np.corrcoef([1.0, 0.5, 0.25], [0.85, 0.4, 0.2])[0, 1]
    assert frequency_score_correlation(table) == pytest.approx(expected)
