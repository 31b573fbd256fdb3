"""fsstab.papers.hamer2021: the computations behind Hamer & Dupont (2021)'s figures and tables.

Reference values come from the paper (Fig. 6: 0.75 / 0.25 / 0.5; the qualitative claims of §4
and §5.3) or from independent derivations written here: closed forms by hand, the brute-force
oracles of ``bruteforce_measures`` (plain loops over pairs of runs), hull breakpoints
γ = ΔS / (ΔA + ΔS) computed by hand.
"""

from __future__ import annotations

import copy
import json
import math

import bruteforce_measures as bf
import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from fsstab.papers.hamer2021 import (
    block_estimates,
    check_settings,
    coefficients_of_variation,
    comparison_table,
    compromise_table,
    correlated_groups_stability,
    dominated_areas,
    frequency_score_correlation,
    frequency_scores,
    meta_parameters,
    summarise_correlated_groups,
    table5,
    toy_maps,
    toy_stability,
)
from fsstab.papers.hamer2021.correlated import group_selector
from fsstab.papers.hamer2021.decisions import find_setting
from fsstab.papers.hamer2021.reference import TABLE5, TOY_FIGURES
from fsstab.papers.hamer2021.toy import (
    equal_importances,
    frequent_unimportant_importances,
    half_stable_importances,
    varying_importances,
)
from fsstab.selectors import GroupLassoSelector, LassoSelector

# -- Figs. 3-6: toy maps ------------------------------------------------------------------------


def test_fig6_shows_the_papers_values():
    """§6.3: φ = 15/20 = 0.75 (eq. 17), φ_pears = 1/4 (eq. 18), φ_iw = 1/2 (Property 6)."""
    (fig6,) = [m for m in toy_maps(random_state=0) if m.figure == 6]
    for measure in ("nogueira", "pearson", "importance_weighted"):
        assert round(fig6.values[measure], 2) == TOY_FIGURES[6][measure]


@pytest.mark.parametrize("d", [200, 5000])
def test_fig6_closed_forms_for_finite_d(d):
    """Hand derivation for 15 features of importance 2/3 in every run and 5 of importance 2 new
    in each run, M runs, d features:

    - φ: Σ_f s_f² = 5M · (M/(M−1)) (1/M)(1 − 1/M) = 5 and k̄ = 20, so
      φ = 1 − (5/d) / ((20/d)(1 − 20/d)) = 1 − 5 / (20 (1 − 20/d));
    - φ_iw: every pair shares 15 · 2/3 = 10; Σ_{f,f'} min = 15·15·2/3 + 2·15·5·2/3 + 5·5·2 = 300,
      so |∩|_rand = C = 300/d and φ_iw = (10 − 300/d) / (20 − 300/d);
    - φ_pears: Σ w_i w_j = 15 · 4/9 = 20/3, Σ w² = 20/3 + 5·4 = 80/3, mean 20/d, so
      ρ = (20/3 − 400/d) / (80/3 − 400/d).
    """
    W = half_stable_importances(30)
    values = toy_stability(W, d, 20, np.random.default_rng(0))
    assert values["nogueira"] == pytest.approx(1 - 5 / (20 * (1 - 20 / d)), rel=1e-12)
    assert values["importance_weighted"] == pytest.approx((10 - 300 / d) / (20 - 300 / d),
                                                          rel=1e-12)
    assert values["pearson"] == pytest.approx((20 / 3 - 400 / d) / (80 / 3 - 400 / d), rel=1e-12)


@pytest.mark.parametrize("build", [
    lambda rng: equal_importances(6, rng),
    lambda rng: frequent_unimportant_importances(6, rng),
    lambda rng: varying_importances(6, rng),
    lambda rng: half_stable_importances(6),
])
def test_toy_measures_equal_brute_force(build):
    rng = np.random.default_rng(11)
    W = build(rng)
    d = W.shape[1] + 14
    values = toy_stability(W, d, 20, np.random.default_rng(3))
    dense = np.hstack([W, np.zeros((W.shape[0], d - W.shape[1]))])
    assert values["nogueira"] == pytest.approx(bf.nogueira(bf.as_sets(dense > 0), d), rel=1e-10)
    assert values["pearson"] == pytest.approx(bf.pearson(dense.tolist()), rel=1e-10)
    assert values["importance_weighted"] == pytest.approx(
        bf.importance_weighted(dense.tolist()), rel=1e-10)
    if len(np.unique(W[W > 0])) == np.count_nonzero(W):  # no ties: the ranking is the sort
        ranks = np.full(dense.shape, 21.0)
        for i, row in enumerate(dense):
            order = np.argsort(-row)[: np.count_nonzero(row)]
            ranks[i, order] = np.arange(1, order.size + 1)
        assert values["canberra"] == pytest.approx(bf.canberra(ranks.tolist(), 20), rel=1e-10)


def test_toy_maps_hold_the_papers_qualitative_claims():
    values = {m.figure: m.values for m in toy_maps(random_state=2021)}
    v3, v4, v5, v6 = values[3], values[4], values[5], values[6]
    # Fig. 3: φ, φ_pears, φ_iw high; the ranking measure is not
    assert v3["nogueira"] == pytest.approx(1.0)
    assert v3["pearson"] > 0.9 and v3["importance_weighted"] > 0.85  # noqa: PT018
    assert v3["canberra"] < 0.6 < v3["importance_weighted"]
    # Fig. 4: φ drastically overestimates; φ_pears and φ_iw correct it, φ_can to a lesser extent
    assert v4["nogueira"] > 0.65
    assert max(v4["pearson"], v4["importance_weighted"]) < 0.3
    assert max(v4["pearson"], v4["importance_weighted"]) < v4["canberra"] < v4["nogueira"]
    # Fig. 5: φ maximal although importances vary; φ_can highest of all maps; φ_pears, φ_iw low
    assert v5["nogueira"] == pytest.approx(1.0)
    assert v5["canberra"] > max(v3["canberra"], v4["canberra"], v6["canberra"])
    assert v5["pearson"] < 0.6 and v5["importance_weighted"] < 0.6  # noqa: PT018
    # Fig. 6: φ overestimates, φ_pears underestimates, φ_iw = 0.5
    assert v6["pearson"] < v6["importance_weighted"] < v6["nogueira"]


def test_toy_maps_are_deterministic_and_match_their_descriptions():
    first, again = toy_maps(random_state=5), toy_maps(random_state=5)
    for a, b in zip(first, again, strict=True):
        assert np.array_equal(a.importances, b.importances)
        assert a.values == b.values
    W4 = {m.figure: m.importances for m in first}[4]
    # Fig. 4: 15 of 16 frequent features per run carry 25 % of the importance on average
    frequent_share = W4[:, :16].sum(axis=1) / W4.sum(axis=1)
    assert np.count_nonzero(W4[:, :16], axis=1).tolist() == [15] * 30
    assert 0.18 < frequent_share.mean() < 0.32
    assert np.count_nonzero(W4[:, 16:], axis=0).max() == 1  # the other 5 never recur
    with pytest.raises(ValueError, match="n_runs must be an integer >= 2"):
        toy_maps(n_runs=1)
    with pytest.raises(ValueError, match="n_features=10 is smaller"):
        toy_stability(W4, 10, 20, np.random.default_rng(0))


# -- §5.3: correlated groups --------------------------------------------------------------------


def test_group_selector_follows_table1():
    groups = np.array([0, 0, 1, 2])
    assert isinstance(group_selector(1, groups), GroupLassoSelector)
    assert isinstance(group_selector(2, groups), GroupLassoSelector)
    assert isinstance(group_selector(3, groups), LassoSelector)
    with pytest.raises(ValueError, match="scenario must be one of"):
        group_selector(4, groups)


@pytest.fixture(scope="module")
def small_correlated_run():
    return correlated_groups_stability(2, 0, [1, 4], n_runs=6, target_k=8, n_other=40,
                                       random_state=3)


def test_correlated_groups_measures_equal_brute_force(small_correlated_run):
    table, importances = small_correlated_run
    assert table["group_size"].tolist() == [1, 4]
    assert table["C"].nunique() == 1  # calibrated once, at c = 1
    for _, row in table.iterrows():
        W = importances[int(row["group_size"])].toarray()
        d = W.shape[1]
        assert row["mean_n_selected"] == pytest.approx((W > 0).sum(axis=1).mean())
        assert row["nogueira"] == pytest.approx(bf.nogueira(bf.as_sets(W > 0), d), rel=1e-10)
        assert row["pearson"] == pytest.approx(bf.pearson(W.tolist()), rel=1e-10)
        assert row["importance_weighted"] == pytest.approx(bf.importance_weighted(W.tolist()),
                                                           rel=1e-10)
    # c = 1: C is the identity, so φ_C = φ (Sechidis et al. 2019)
    c1 = table[table["group_size"] == 1].iloc[0]
    assert c1["sechidis"] == pytest.approx(c1["nogueira"], rel=1e-10)
    # the calibration targets the mean number selected over the training sets
    assert abs(c1["mean_n_selected"] - 8) <= 1.5
    # the group LASSO selects the 4 features of a correlated group together (features 0-19)
    W4 = importances[4].toarray()
    for g in range(5):
        block = W4[:, 4 * g: 4 * (g + 1)] > 0
        assert np.all(block.all(axis=1) | ~block.any(axis=1))


def test_summarise_correlated_groups_by_hand():
    table = pd.DataFrame({
        "scenario": [1, 1, 1, 1], "seed": [0, 1, 0, 1], "group_size": [1, 1, 5, 5],
        "mean_n_selected": [40.0, 42.0, 50.0, 54.0],
        "nogueira": [0.2, 0.4, 0.5, 0.9], "sechidis": [0.2, 0.4, 0.1, 0.3],
        "pearson": [0.6, 0.6, 0.3, 0.5], "importance_weighted": [0.3, 0.5, 0.35, 0.45],
    })
    summary = summarise_correlated_groups(table)
    row = summary[(summary["group_size"] == 5) & (summary["measure"] == "nogueira")].iloc[0]
    assert row["mean"] == pytest.approx(0.7)
    assert row["sd"] == pytest.approx(math.sqrt(((0.5 - 0.7) ** 2 + (0.9 - 0.7) ** 2) / 1))
    assert row["se"] == pytest.approx(row["sd"] / math.sqrt(2))
    assert row["n_seeds"] == 2 and row["mean_n_selected"] == pytest.approx(52.0)  # noqa: PT018
    assert summary["measure"].tolist()[:2] == ["nogueira", "nogueira"]


# -- §7.1: decisions ----------------------------------------------------------------------------


def _points():
    """Five settings: (A, φ, φ_pears, φ_iw); (0.80, 0.2) is dominated for φ."""
    params = [{"n_forced": 0, "C": 1.0, "final_C": 0.1},
              {"n_forced": 5, "C": 1.0, "final_C": 1.0, "shrinkage_alpha": 0.1,
               "variance_weight": 1.0, "epsilon": 0.5},
              {"n_forced": 10, "C": 0.1, "final_C": 1.0},
              {"n_forced": 20, "C": 1.0, "final_C": 10.0},
              {"n_forced": 2, "C": 1.0, "final_C": 1.0}]
    return pd.DataFrame({
        "selector": ["rfe", "hybrid", "hybrid", "filter", "hybrid"],
        "configuration": ["rfe", "h5", "h10", "filter", "h2"],
        "variant": ["a", "b", "c", "d", "e"],
        "label": ["rfe:a", "h5:b", "h10:c", "filter:d", "h2:e"],
        "accuracy": [0.95, 0.90, 0.85, 0.70, 0.80],
        "nogueira": [0.30, 0.60, 0.80, 0.90, 0.20],
        "pearson": [0.40, 0.70, 0.75, 0.80, 0.50],
        "importance_weighted": [0.35, 0.50, 0.55, 0.50, 0.45],
        "mean_n_selected": [20.0] * 5,
        "params": [json.dumps(p) for p in params],
    })


def test_compromise_table_intervals_by_hand():
    table = compromise_table(_points(), gamma=0.5)
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
    areas = dominated_areas(_points(), ["rfe"], (0.5, 0.0))
    phi = areas[areas["measure"] == "nogueira"].set_index("method")["area"]
    # RFE alone: (0.95 − 0.5) · 0.30 = 0.135; all points: staircase over the φ front
    # 0.20·0.90 + 0.15·0.80 + 0.05·0.60 + 0.05·0.30 = 0.18 + 0.12 + 0.03 + 0.015
    assert phi["logistic RFE"] == pytest.approx(0.135)
    assert phi["hybrid-RFE"] == pytest.approx(0.345)
    assert areas.set_index(["measure", "method"]).loc[("nogueira", "hybrid-RFE"),
                                                      "n_settings"] == 5


def test_find_setting():
    summary = _points()
    assert find_setting(summary, "hybrid", {"n_forced": 10}) == ("h10", "c")
    with pytest.raises(ValueError, match="no setting of selector 'hybrid'"):
        find_setting(summary, "hybrid", {"n_forced": 3})


def _selection(rows):
    """Runs and features tables from (resample, variant, feature, selected, score) rows."""
    features = pa.table({
        "resample": pa.array([r[0] for r in rows], pa.int32()),
        "variant": pa.array([r[1] for r in rows], pa.string()),
        "feature": pa.array([r[2] for r in rows], pa.int32()),
        "selected": pa.array([r[3] for r in rows], pa.bool_()),
        "importance": pa.array([r[4] for r in rows], pa.float64()),
        "rank": pa.nulls(len(rows), pa.int32()),
        "frequency_score": pa.array([r[5] for r in rows], pa.float64()),
    })
    runs_index = sorted({(r[0], r[1]) for r in rows})
    runs = pa.table({
        "resample": pa.array([r for r, _ in runs_index], pa.int32()),
        "variant": pa.array([v for _, v in runs_index], pa.string()),
        "accuracy": pa.array([0.5] * len(runs_index), pa.float64()),
        "ranked": pa.array([False] * len(runs_index), pa.bool_()),
    })
    return runs, features


def test_frequency_scores_by_hand():
    # 4 runs: feature 0 selected in all (scores 1, .8, .9, .7), feature 1 in two (.5, .3),
    # feature 2 once (.2); a second variant must be ignored
    rows = [(0, "v", 0, True, 1.0, 1.0), (1, "v", 0, True, 1.0, 0.8), (2, "v", 0, True, 1.0, 0.9),
            (3, "v", 0, True, 1.0, 0.7), (0, "v", 1, True, 1.0, 0.5), (2, "v", 1, True, 1.0, 0.3),
            (3, "v", 2, True, 1.0, 0.2), (1, "v", 3, False, 0.0, None),
            (0, "w", 2, True, 1.0, 0.9), (1, "w", 2, True, 1.0, 0.9)]
    runs, features = _selection(rows)
    table = frequency_scores(runs, features, "v")
    assert table["feature"].tolist() == [0, 1, 2]
    assert table["p_f"].tolist() == pytest.approx([1.0, 0.5, 0.25])
    assert table["mean_sc_f"].tolist() == pytest.approx([0.85, 0.4, 0.2])
    expected = np.corrcoef([1.0, 0.5, 0.25], [0.85, 0.4, 0.2])[0, 1]
    assert frequency_score_correlation(table) == pytest.approx(expected)


# -- §7.2-7.3 -----------------------------------------------------------------------------------


def test_table5_takes_the_single_lasso_setting():
    summary = pd.DataFrame({
        "selector": ["lasso", "relief"], "accuracy_mean": [0.9, 0.8], "nogueira": [0.3, 0.4],
        "pearson": [0.5, 0.6], "importance_weighted": [0.35, 0.45], "mean_n_selected": [20, 20],
        "n_runs": [30, 30], "n_features": [5000, 5000],
    })
    table = table5({"singh": summary}, "lasso")
    assert table.iloc[0][["accuracy", "nogueira", "pearson", "importance_weighted"]].tolist() \
        == [0.9, 0.3, 0.5, 0.35]
    with pytest.raises(ValueError, match="Table 5 needs exactly one"):
        table5({"singh": pd.concat([summary, summary])}, "lasso")


def test_block_estimates_equal_brute_force_on_each_group():
    rng = np.random.default_rng(4)
    M, d = 12, 9
    W = np.where(rng.random((M, d)) < 0.4, rng.random((M, d)) + 0.1, 0.0)
    W[W.sum(axis=1) == 0, 0] = 1.0
    rows = [(i, "default", j, True, float(W[i, j]), None) for i in range(M) for j in range(d)
            if W[i, j] > 0]
    runs, features = _selection(rows)
    estimates = block_estimates(runs, features, d, 5)
    assert estimates["block"].tolist() == [0, 1]  # runs 10, 11 do not complete a group
    for b in range(2):
        block = W[5 * b: 5 * b + 5]
        row = estimates.iloc[b]
        assert row["nogueira"] == pytest.approx(bf.nogueira(bf.as_sets(block > 0), d))
        assert row["pearson"] == pytest.approx(bf.pearson(block.tolist()))
        assert row["importance_weighted"] == pytest.approx(bf.importance_weighted(block.tolist()))
    with pytest.raises(ValueError, match="fewer than two groups of 7"):
        block_estimates(runs, features, d, 7)


def test_coefficients_of_variation_by_hand():
    frame = pd.DataFrame({"nogueira": [0.2, 0.4, np.nan], "pearson": [0.5, 0.5, 0.5],
                          "importance_weighted": [0.1, 0.3, 0.2]})
    cv = coefficients_of_variation({"gastro": frame})
    # sample sd of (0.2, 0.4) = √0.02, mean 0.3; of (0.1, 0.3, 0.2) = 0.1, mean 0.2
    assert cv.loc["gastro", "nogueira"] == pytest.approx(math.sqrt(0.02) / 0.3)
    assert cv.loc["gastro", "pearson"] == pytest.approx(0.0)
    assert cv.loc["gastro", "importance_weighted"] == pytest.approx(0.5)


# -- comparison.csv -----------------------------------------------------------------------------


def test_comparison_lists_every_printed_number():
    toy = pd.DataFrame([{"figure": f, "measure": m, "value": v + 0.01, "n_runs": 30,
                         "n_features": 10**6}
                        for f, values in TOY_FIGURES.items() for m, v in values.items()])
    ours5 = pd.DataFrame([{"dataset": "singh", "accuracy": 0.9, "nogueira": 0.3,
                           "pearson": 0.5, "importance_weighted": 0.4, "n_runs": 30,
                           "n_features": 5000, "mean_n_selected": 20.3}])
    frequency = pd.DataFrame([{"dataset": "singh", "pearson_r": 0.6, "n_runs": 100,
                               "configuration": "rfe", "variant": "C-1.0"}])
    singh = compromise_table(_points(), gamma=0.5)
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


# -- settings -----------------------------------------------------------------------------------


class _Workflow:
    """What check_settings reads of a WorkflowConfig."""

    def __init__(self, datasets, selectors):
        self.raw = {"datasets": {name: {} for name in datasets},
                    "selectors": {name: {} for name in selectors}}


SETTINGS = {
    "section71": {"datasets": {"singh": "s71_singh"}, "rfe": ["rfe"], "hybrid": ["rfe", "hy"],
                  "frequency_score": {"datasets": ["singh"], "selector": "rfe",
                                      "params": {"C": 1.0}}},
    "section72": {"datasets": {"breast": "s72_breast"}, "methods": {"lasso": "lasso"}},
    "section73": {"datasets": {"breast": "s73_breast"}, "selector": "lasso"},
    "substitutes": ["breast"],
}


def test_check_settings_accepts_a_consistent_configuration():
    workflow = _Workflow(["s71_singh", "s72_breast", "s73_breast"], ["rfe", "hy", "lasso"])
    assert check_settings(SETTINGS, workflow) == []


def test_check_settings_names_each_problem():
    workflow = _Workflow(["s71_singh", "s72_breast", "s73_breast"], ["rfe", "hy", "lasso"])
    settings = copy.deepcopy(SETTINGS)
    settings["toy"] = {"n_runs": 1, "colour": "red"}
    settings["section71"]["gamma"] = 1.5
    settings["section72"]["datasets"]["leukemia"] = "s72_breast"
    problems = "\n".join(check_settings(settings, workflow))
    assert "paper.settings.toy: unknown key(s) ['colour']" in problems
    assert "paper.settings.toy.n_runs: must be an integer >= 2, got 1" in problems
    assert "paper.settings.section71.gamma: must lie in [0, 1], got 1.5" in problems
    assert "['leukemia'] are not data sets of Table 5" in problems
    settings = copy.deepcopy(SETTINGS)
    settings["section71"]["datasets"]["singh"] = "nowhere"
    settings["section72"]["methods"]["relief"] = "no_such_selector"
    problems = "\n".join(check_settings(settings, workflow))
    assert ("paper.settings.section71.datasets.singh: dataset(s) ['nowhere'] are not "
            "configured under 'datasets'") in problems
    assert ("paper.settings.section72.methods.relief: selector(s) ['no_such_selector'] are "
            "not configured under 'selectors'") in problems
