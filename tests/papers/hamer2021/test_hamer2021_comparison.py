"""Hamer & Dupont (2021): comparison.csv, every printed number next to ours
(fsstab.papers.hamer2021.comparison)."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from hamer2021_tables import hybrid_points

from fsstab.papers.hamer2021.comparison import comparison_table
from fsstab.papers.hamer2021.decisions import compromise_table
from fsstab.papers.hamer2021.reference import TABLE5, TOY_FIGURES


def test_comparison_lists_every_printed_number():
    toy = pd.DataFrame([{"figure": f, "measure": m, "value": v + 0.01, "n_runs": 30,
                         "n_features": 10**6}
                        for f, values in TOY_FIGURES.items() for m, v in values.items()])
    ours5 = pd.DataFrame([{"dataset": "singh", "accuracy": 0.9, "nogueira": 0.3,
                           "pearson": 0.5, "importance_weighted": 0.4, "n_runs": 30,
                           "n_features": 5000, "mean_n_selected": 20.3}])
    frequency = pd.DataFrame([{"dataset": "singh", "pearson_r": 0.6, "n_runs": 100,
                               "configuration": "rfe", "variant": "C-1.0"}])
    singh = compromise_table(hybrid_points(), gamma=0.5)
    # c_v of (φ, φ_pears, φ_iw): a is ordered φ < φ_iw < φ_pears, b the reverse, c has a tie
    variation = pd.DataFrame({"dataset": ["a", "b", "c"], "nogueira": [0.1, 0.3, 0.1],
                              "pearson": [0.3, 0.1, 0.1], "importance_weighted": [0.2, 0.2, 0.2]})
    table = comparison_table(toy=toy, frequency=frequency, table5=ours5,
                             singh_compromises=singh, gamma=0.5, variation=variation)
    # 4 toy maps x 4 measures, 2 correlations, Table 5 (11 x 4), 3 singh accuracies, 2 Fig. 19
    # orderings
    assert len(table) == 16 + 2 + 44 + 3 + 2
    assert set(table["item"]) == {"Fig. 3", "Fig. 4", "Fig. 5", "Fig. 6", "Fig. 10",
                                  "Table 5", "§7.1 (Fig. 11)", "Fig. 19"}
    fig19 = table[table["item"] == "Fig. 19"].set_index("quantity")
    increasing = fig19.loc["data sets with c_v(φ) < c_v(φ_iw) < c_v(φ_pears)"]
    assert (increasing["paper"], increasing["ours"]) == (6, 1)
    assert increasing["note"].endswith("of 3 run (a, b, c): a")
    decreasing = fig19.loc["data sets with c_v(φ_pears) < c_v(φ_iw) < c_v(φ)"]
    assert (decreasing["paper"], decreasing["ours"]) == (1, 1)
    without = comparison_table(toy=toy, frequency=None, table5=None, singh_compromises=None,
                               gamma=0.5)
    assert without.loc[without["item"] == "Fig. 19", "ours"].isna().all()
    assert table.loc[table["item"] == "Fig. 6", "difference"].to_numpy() == pytest.approx(0.01)
    chiaretti = table[(table["item"] == "Fig. 10") & (table["dataset"] == "chiaretti")].iloc[0]
    assert math.isnan(chiaretti["ours"]) and "not in this run" in chiaretti["note"]  # noqa: PT018
    singh5 = table[(table["item"] == "Table 5") & (table["dataset"] == "singh")]
    assert singh5["paper"].tolist() == list(TABLE5["singh"])
    assert singh5["ours"].tolist() == [0.9, 0.3, 0.5, 0.4]
    assert "M = 30, d = 5000, 20.3 features" in singh5["note"].iloc[0]
    assert table.loc[(table["item"] == "Fig. 10") & (table["dataset"] == "singh"),
                     "ours"].iloc[0] == 0.6
    compromise = table[(table["item"] == "§7.1 (Fig. 11)") & (table["quantity"] == "accuracy")]
    assert compromise["paper"].tolist() == [0.889, 0.930, 0.934]
    # the φ compromise chosen for γ = 0.5 is h10:c (accuracy 0.85), see the test above
    assert compromise["ours"].iloc[0] == pytest.approx(0.85)


def test_fig9_areas_ties_row_and_settings_notes():
    from fsstab.papers.hamer2021.decisions import dominated_areas

    toy = pd.DataFrame([{"figure": f, "measure": m, "value": v, "n_runs": 30,
                         "n_features": 10**6}
                        for f, values in TOY_FIGURES.items() for m, v in values.items()])
    areas = dominated_areas(hybrid_points(), ["rfe"], (0.5, 0.0)).assign(dataset="singh")
    run = {"toy": {"M": 30, "d": "→ ∞"},
           "section71": {"singh": {"M": 12, "k": 6, "d after filtering": 150}},
           "section72": {"singh": {"M": 30, "k": "min(20, √d)", "features": "at most 5000"}}}
    ours5 = pd.DataFrame([{"dataset": "singh", "accuracy": 0.9, "nogueira": 0.3,
                           "pearson": 0.5, "importance_weighted": 0.4, "n_runs": 30,
                           "n_features": 5000, "mean_n_selected": 20.3}])
    table = comparison_table(toy=toy, frequency=None, table5=ours5, singh_compromises=None,
                             gamma=0.5, areas=areas, toy_ties_in_order=0.5, run=run)
    fig9 = table[table["item"] == "Fig. 9"].set_index(["quantity", "setting"])
    assert len(fig9) == 6
    assert fig9["paper"].isna().all()
    # hybrid φ area without the N = 0 setting: 0.33 (test_hamer2021_decisions)
    row = fig9.xs("area nogueira", level="quantity")
    hybrid = row[row.index.str.startswith("hybrid-RFE (N ≥ 1): 4 settings, 3 Pareto")]
    assert hybrid["ours"].iloc[0] == pytest.approx(0.33)
    assert "settings different: M 12 here, 100 in the paper; k 6 here, 20 in the paper" in (
        hybrid["note"].iloc[0])
    ties = table[(table["item"] == "Fig. 6") & table["setting"].str.contains("fixed order")]
    assert ties["paper"].tolist() == [0.51]
    assert ties["ours"].tolist() == [0.5]
    # Table 5 at the paper's settings: no settings note
    assert "settings different" not in table[table["item"] == "Table 5"]["note"].iloc[0]
