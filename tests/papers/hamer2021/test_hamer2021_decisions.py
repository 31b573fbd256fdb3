"""Hamer & Dupont (2021), §6.1-6.2 and §7.1: hybrid-RFE decisions, Figs. 9-11
(fsstab.papers.hamer2021.decisions).

Reference values: hull breakpoints γ = ΔS / (ΔA + ΔS), dominated areas and frequency scores
computed by hand.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hamer2021_tables import hybrid_points, selection_tables

from fsstab.papers.hamer2021.decisions import (
    compromise_table,
    dominated_areas,
    find_setting,
    frequency_score_correlation,
    frequency_scores,
    meta_parameters,
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
    # RFE alone: (0.95 − 0.5) · 0.30 = 0.135; all points: staircase over the φ front
    # 0.20·0.90 + 0.15·0.80 + 0.05·0.60 + 0.05·0.30 = 0.18 + 0.12 + 0.03 + 0.015
    assert phi["logistic RFE"] == pytest.approx(0.135)
    assert phi["hybrid-RFE"] == pytest.approx(0.345)
    assert areas.set_index(["measure", "method"]).loc[("nogueira", "hybrid-RFE"),
                                                      "n_settings"] == 5


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
