"""Bommert (2020) Ch. 7-8 library functions against independent derivations."""

from __future__ import annotations

import itertools
import math
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsstab.papers import bommert2020
from fsstab.papers import bommert2020_ch78 as ch78
from fsstab.papers.bommert2020_ch78_outputs import (
    NOT_CONFIGURED_NOTE,
    comparison_rows,
    dataset_characteristics,
    halves_and_folds,
    splits_of,
)
from fsstab.papers.bommert2020_ch78_workflow import (
    chunk_range,
    figure_stems,
)
from fsstab.papers.outputs import COMPARISON_COLUMNS, NOT_RUN_NOTE
from fsstab.selectors import GLMBoostSelector

# --------------------------------------------------------------------------------------------
# §8.3.1: false positives and negatives
# --------------------------------------------------------------------------------------------


def brute_force_overlap(V, C, sim, theta):
    """a = |V ∩ C| + min(A(V, C), A(C, V)), A written out as in §3.3.2.3 / §8.3.1."""
    V, C = set(V), set(C)

    def A(Vi, Vj):
        return sum(1 for x in Vi - Vj if any(sim[x][y] >= theta for y in Vj - Vi))

    return len(V & C) + min(A(V, C), A(C, V))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_adjusted_overlap_matches_the_definition(data):
    d = data.draw(st.integers(2, 9))
    V = data.draw(st.sets(st.integers(0, d - 1), max_size=d))
    C = data.draw(st.sets(st.integers(0, d - 1), min_size=1, max_size=d))
    values = data.draw(st.lists(st.sampled_from([0.0, 0.5, 0.9, 0.95, 1.0]),
                                min_size=d * d, max_size=d * d))
    sim = np.array(values).reshape(d, d)
    sim = np.maximum(sim, sim.T)
    np.fill_diagonal(sim, 1.0)
    a = ch78.adjusted_overlap(sorted(V), sorted(C), sim, 0.9)
    assert a == brute_force_overlap(V, C, sim, 0.9)
    fp, fn = ch78.false_features(sorted(V), sorted(C), sim, 0.9)
    assert fp == len(V) - a
    assert fn == len(C) - a
    # §8.3.1: n. selected = false positives - false negatives + |C|
    assert len(V) == fp - fn + len(C)


def test_false_features_hand_example():
    # relevant {0, 5}; selected {1, 5, 7}: 1 is similar to 0 (0.95), 7 is unrelated
    sim = np.eye(8)
    sim[0, 1] = sim[1, 0] = 0.95
    assert ch78.false_features([1, 5, 7], [0, 5], sim, 0.9) == (1, 0)
    # below the threshold the substitute does not count
    sim[0, 1] = sim[1, 0] = 0.85
    assert ch78.false_features([1, 5, 7], [0, 5], sim, 0.9) == (2, 1)
    assert ch78.false_features([], [0, 5], sim, 0.9) == (0, 2)


# --------------------------------------------------------------------------------------------
# §8.2: choices
# --------------------------------------------------------------------------------------------


def test_choose_by_accuracy_breaks_ties_at_random_but_reproducibly():
    acc = [0.7, 0.9, 0.9, np.nan, 0.9]
    picks = {ch78.choose_by_accuracy(acc, seed) for seed in range(40)}
    assert picks == {1, 2, 4}
    assert ch78.choose_by_accuracy(acc, 3) == ch78.choose_by_accuracy(acc, 3)
    with pytest.raises(ValueError, match="finite"):
        ch78.choose_by_accuracy([np.nan], 0)


def test_epsilon_constraint_choice_by_hand():
    # Algorithm 3.2 with acc.const = 0.025, stab.const = 0.1 (erratum: acc.max - acc.const):
    # acc.max = 0.90 -> keep acc >= 0.875: rows 1, 2, 3; stab.max among them = 0.8 -> keep
    # stab >= 0.7: rows 2, 3; best accuracy among them: row 3 (0.88).
    table = pd.DataFrame({
        "max_support_size": [2, 4, 6, 8],
        "accuracy": [0.80, 0.90, 0.876, 0.88],
        "unadjusted": [0.95, 0.50, 0.80, 0.72],
        "intersection_count": [0.95, 0.50, 0.60, 0.90],
    })
    assert ch78.choose_l0_configuration(table, "unadj", acc_const=0.025, stab_const=0.1,
                                        random_state=0) == 3
    # SMA-Count: stab.max = 0.9 -> keep >= 0.8: row 3 only
    assert ch78.choose_l0_configuration(table, "adj", acc_const=0.025, stab_const=0.1,
                                        random_state=0) == 3
    assert ch78.choose_l0_configuration(table, "acc", acc_const=0.025, stab_const=0.1,
                                        random_state=0) == 1
    with pytest.raises(ValueError, match="approach"):
        ch78.choose_l0_configuration(table, "stabs", acc_const=0.025, stab_const=0.1,
                                     random_state=0)


def test_stabs_configurations_follow_the_bound():
    configs = ch78.stabs_configurations(200, 200, 5)
    assert configs["pi_thr"].between(0.6, 0.9).all()
    assert configs["pfer"].between(0.1, 10).all()
    # q = floor(sqrt(PFER (2 pi_thr - 1) p)) (Meinshausen & Bühlmann bound, thesis §3.3.3)
    expected = [math.floor(math.sqrt(math.floor(pfer * (2 * pi - 1) * 200)))
                for pfer, pi in zip(configs["pfer"], configs["pi_thr"], strict=True)]
    assert configs["q"].tolist() == expected
    again = ch78.stabs_configurations(200, 200, 5)
    pd.testing.assert_frame_equal(configs, again)


def _toy(seed=0, n=60, d=12):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = (X[:, 0] + X[:, 1] + 0.5 * rng.normal(size=n) > 0).astype(np.int64)
    return X, y


def test_selection_frequencies_sum_to_q_per_subsample():
    X, y = _toy()
    freq = ch78.selection_frequencies(X, y, [2, 3, 3], n_pairs=4, random_state=1,
                                      backend="abess")
    assert sorted(freq) == [2, 3]
    for q, f in freq.items():
        # every one of the 2B subsamples selects exactly q features (abess: exact size)
        assert f.sum() == pytest.approx(q)
        np.testing.assert_allclose(f * 8, np.round(f * 8))
    # the relevant features are selected on (almost) every half-sample
    assert freq[2][0] >= 0.75
    assert freq[2][1] >= 0.75
    support = ch78.stabs_support(freq, 2, 0.75)
    np.testing.assert_array_equal(support, freq[2] >= 0.75)


def brute_force_smu(Z, p):
    """SMU (thesis §3.3.2.1) written out over all pairs."""
    scores = []
    for i, j in itertools.combinations(range(len(Z)), 2):
        a, b = Z[i].sum(), Z[j].sum()
        inter = np.sum(Z[i] & Z[j])
        expected = a * b / p
        scores.append((inter - expected) / (math.sqrt(a * b) - expected))
    return float(np.mean(scores))


def test_l0_tuning_table_measures():
    X, y = _toy(1, n=80, d=15)
    folds = ch78.stratified_folds(y, 4, 3)
    selections = ch78.l0_cv_selections(X, y, folds, [2, 3, 30], backend="abess")
    # sizes above p are capped at p
    assert selections.sizes.tolist() == [2, 3, 15]
    assert selections.supports.shape == (3, 4, 15)
    assert (selections.supports.sum(axis=2) == np.array([[2], [3], [15]])).all()
    no_similar = np.eye(15)
    table, seconds = ch78.l0_tuning_table(selections, no_similar, n_estimate=500)
    for s in range(2):
        assert table["unadjusted"][s] == pytest.approx(
            brute_force_smu(selections.supports[s], 15))
    # without similar features SMA-Count is SMU (thesis §3.3.2.3)
    np.testing.assert_allclose(table["intersection_count"][:2], table["unadjusted"][:2])
    # all features selected: SMU undefined -> 0 (impute.na = 0, the authors' setting)
    assert table["unadjusted"][2] == 0.0
    np.testing.assert_allclose(table["accuracy"], selections.accuracies.mean(axis=1))
    assert set(seconds) == {"unadjusted", "intersection_count"}


def test_run_approaches_and_a_simulation_replication():
    scenario = ch78.Scenario("blocks", 40, 30, 4)
    settings_ = ch78.ApproachSettings(n_folds=3, sizes=(2, 4, 6), n_estimate=200,
                                      n_stabs_configs=3, n_pairs=3, backend="abess")
    results, tuning, timings = ch78.simulation_replication(scenario, 0, settings_, seed=5)
    assert results["approach"].tolist() == list(ch78.APPROACHES)
    truth = results.set_index("approach").loc["truth"]
    assert (truth["false_positive"], truth["false_negative"]) == (0, 0)
    assert truth["n_selected"] == 5
    chosen = results.set_index("approach").loc[["adj", "unadj", "acc"], "max_support_size"]
    assert set(chosen) <= {2, 4, 6}
    l0 = results[results["approach"].isin(["adj", "unadj", "acc"])]
    np.testing.assert_array_equal(l0["n_selected"], l0["max_support_size"])
    assert tuning["max_support_size"].tolist() == [2, 4, 6]
    assert set(timings["approach"]) == {"adj", "unadj", "acc", "stabs"}
    again, _, _ = ch78.simulation_replication(scenario, 0, settings_, seed=5)
    pd.testing.assert_frame_equal(results.drop(columns="selected"),
                                  again.drop(columns="selected"))


def test_scenarios_of_table_8_1():
    all_ = ch78.scenarios()
    assert len(all_) == 32
    assert ch78.Scenario.from_id("toeplitz_n100_p10000_s24") == ch78.Scenario(
        "toeplitz", 100, 10000, 24)
    with pytest.raises(ValueError, match="design"):
        ch78.Scenario("ar1", 100, 200, 4)
    with pytest.raises(ValueError, match="form"):
        ch78.Scenario.from_id("blocks-100-200")


def test_approach_settings_from_mapping():
    s = ch78.ApproachSettings.from_mapping({"sizes": [2, 4], "n_pairs": 5})
    assert s.sizes == (2, 4)
    assert s.n_pairs == 5
    assert s.acc_const == 0.025
    with pytest.raises(ValueError, match="unknown approach setting"):
        ch78.ApproachSettings.from_mapping({"n_pair": 5})


# --------------------------------------------------------------------------------------------
# §8.1 toy
# --------------------------------------------------------------------------------------------


def test_nested_group_counts_by_hand():
    row = {"replication": 0, "method": "l0", **{f"X{j}": False for j in range(1, 16)}}
    row.update({"X1": True, "X3": True, "X5": True, "X8": True})
    counts = ch78.nested_group_counts(pd.DataFrame([row]))
    assert counts.loc[0, ["X2..X4", "X2..X5", "X2..X6", "X2..X7", "X2..X8"]].tolist() == [
        1, 2, 2, 2, 3]


def test_boosting_cv_accuracy_equals_separate_fits():
    X, y = _toy(2, n=45, d=6)
    folds = ch78.stratified_folds(y, 3, 0)
    n_iters = [1, 5, 40]
    fast = ch78._boosting_cv_accuracy(X, y, folds, n_iters)
    for value, m in zip(fast, n_iters, strict=True):
        direct = np.mean([GLMBoostSelector(n_iter=m).fit(X[tr], y[tr]).score(X[te], y[te])
                          for tr, te in folds])
        assert value == pytest.approx(direct)


def test_toy_search_space_ranges():
    rng = np.random.RandomState(0)
    boost = ch78.toy_search_space("glmboost", 90, 15, 30, rng)
    assert all(1 <= c["n_iter"] <= 2**15 for c in boost)
    forest = ch78.toy_search_space("random_forest", 90, 15, 30, rng)
    assert all(c["ntree"] in ch78.NTREE_VALUES and 1 <= c["mtry"] <= 15
               and 1 <= c["nodesize"] <= 18 for c in forest)
    assert [c["max_support_size"] for c in ch78.toy_search_space("l0", 90, 15, 30, rng)] == \
        list(range(1, 16))
    with pytest.raises(ValueError, match="unknown toy method"):
        ch78.toy_search_space("svm", 90, 15, 3, rng)


def test_used_features_of_a_forest():
    from sklearn.ensemble import RandomForestClassifier

    X, y = _toy(3, d=5)
    X[:, 4] = 0.0  # a constant feature is never split on
    forest = RandomForestClassifier(n_estimators=20, random_state=0).fit(X, y)
    used = ch78.used_features(forest, 5)
    assert not used[4]
    expected = np.zeros(5, bool)
    for tree in forest.estimators_:
        for f in tree.tree_.feature:
            if f >= 0:
                expected[f] = True
    np.testing.assert_array_equal(used, expected)


# --------------------------------------------------------------------------------------------
# Chapter 7
# --------------------------------------------------------------------------------------------


def test_ch7_configurations_follow_table_6_5():
    configs = ch78.sample_ch7_configurations(5, 100, 0)
    assert len(configs) == 5 * 24
    assert configs.groupby(["filter", "classifier"]).size().eq(5).all()
    svm = configs[configs["classifier"] == "svm"]
    assert np.log2(svm["C"]).between(-15, 15).all()
    assert np.log2(svm["sigma"]).between(-15, 15).all()
    assert svm["k"].isna().all()
    knn = configs[configs["classifier"] == "knn"]
    assert knn["k"].between(1, 20).all()
    rf = configs[configs["classifier"] == "random_forest"]
    assert rf["ntree"].isin(ch78.NTREE_VALUES).all()
    assert rf["nodesize"].between(1, 20).all()  # round((0.2 * 100)^x), x in [0, 1]
    assert rf["mtry_fraction"].between(0, 1, inclusive="right").all()
    boost = configs[configs["classifier"] == "glmboost"]
    assert boost["n_iter"].between(1, 2**15).all()
    assert (configs.loc[configs["filter"] == "none", "fraction"] == 1.0).all()
    assert configs["config"].is_unique
    pd.testing.assert_frame_equal(configs, ch78.sample_ch7_configurations(5, 100, 0))
    with pytest.raises(ValueError, match="unknown filter"):
        ch78.sample_ch7_configurations(1, 100, 0, filters=["relief"])


def test_greedy_filter_order_prefix_does_not_depend_on_k():
    from fsstab.selectors import FILTERS

    X, y = _toy(4, n=50, d=10)
    folds = ch78.stratified_folds(y, 2, 0)
    orders = ch78.filter_orders(X, y, folds, "jmi", 0)
    train = folds[0][0]
    for k in (1, 3, 6):
        direct = FILTERS["jmi"].score(X[train], y[train], n_features_to_select=k).order
        np.testing.assert_array_equal(orders[0][:k], direct)
    np.testing.assert_array_equal(ch78.filter_orders(X, y, folds, "none", 0)[1], np.arange(10))


def test_fit_ch7_configuration_supports():
    X, y = _toy(5, n=60, d=10)
    order = np.array([3, 1, 0, 9, 8, 7, 6, 5, 4, 2])
    base = {"filter": "mim", "fraction": 0.35, "C": 1.0, "sigma": 0.1, "k": 3.0,
            "lambda": 0.01, "ntree": 20.0, "nodesize": 1.0, "mtry_fraction": 1.0,
            "n_iter": 5.0}
    train, test = np.arange(40), np.arange(40, 60)
    # without embedded selection: the floor(0.35 * 10) = 3 best features of the order
    support, acc = ch78.fit_ch7_configuration({**base, "classifier": "svm"}, X[train],
                                              y[train], X[test], y[test], order, 0)
    assert np.flatnonzero(support).tolist() == [0, 1, 3]
    assert 0 <= acc <= 1
    # embedded selection: a subset of the filtered features
    for classifier in ("lasso", "glmboost", "random_forest"):
        support, _ = ch78.fit_ch7_configuration({**base, "classifier": classifier},
                                                X[train], y[train], X[test], y[test], order, 0)
        assert set(np.flatnonzero(support)) <= {0, 1, 3}
    # no filter: all features for SVM
    support, _ = ch78.fit_ch7_configuration({**base, "filter": "none", "classifier": "knn"},
                                            X[train], y[train], X[test], y[test],
                                            np.arange(10), 0)
    assert support.all()
    # a filter keeping no feature: empty selection, undefined accuracy
    support, acc = ch78.fit_ch7_configuration({**base, "fraction": 0.05, "classifier": "svm"},
                                              X[train], y[train], X[test], y[test], order, 0)
    assert not support.any()
    assert np.isnan(acc)


def brute_force_pareto(points):
    """Non-dominated rows (maximise, maximise, minimise), by pairwise comparison."""
    keep = []
    for i, p in enumerate(points):
        dominated = False
        for j, q in enumerate(points):
            if i == j:
                continue
            better_eq = q[0] >= p[0] and q[1] >= p[1] and q[2] <= p[2]
            strictly = q[0] > p[0] or q[1] > p[1] or q[2] < p[2]
            dominated |= better_eq and strictly
        keep.append(not dominated)
    return np.array(keep)


def test_ch7_optimal_flags_and_table_7_1():
    rng = np.random.default_rng(7)
    n = 40
    table = pd.DataFrame({
        "config": [f"c{i:05d}" for i in range(n)],
        "accuracy": np.round(rng.uniform(0.6, 0.9, n), 2),
        "mean_n_selected": rng.integers(1, 20, n).astype(float),
        **{m: np.round(rng.uniform(0, 1, n), 2) for m in ch78.CH7_MEASURES},
    })
    table.loc[3, "unadjusted"] = np.nan  # a failed stability value is not evaluated
    flags = ch78.ch7_optimal_flags(table)
    acc_max = table["accuracy"].max()
    for m in ch78.CH7_MEASURES:
        ok = table[m].notna().to_numpy()
        points = table.loc[ok, ["accuracy", m, "mean_n_selected"]].to_numpy()
        expected = np.zeros(n, bool)
        expected[ok] = brute_force_pareto(points)
        np.testing.assert_array_equal(flags[f"pareto_{m}"], expected)
        np.testing.assert_array_equal(flags[f"pa_best_{m}"],
                                      expected & (table["accuracy"] >= acc_max - 0.05))
    np.testing.assert_array_equal(flags["a_best"], table["accuracy"] == acc_max)
    t71 = ch78.table_7_1({"x": flags})
    assert t71.loc[0, "SMU (all)"] == flags["pareto_unadjusted"].sum()
    assert t71.loc[0, "SMH (PA)"] == flags["pa_best_hamming"].sum()
    assert t71.loc[0, "A-best"] == flags["a_best"].sum()


# --------------------------------------------------------------------------------------------
# Outputs and workflow helpers
# --------------------------------------------------------------------------------------------


def test_halves_and_folds_partition_stratified():
    y = np.r_[np.zeros(31, int), np.ones(19, int)]
    table = halves_and_folds(y, 5, 3)
    train, train_folds = splits_of(table, "train")
    test, test_folds = splits_of(table, "test")
    assert len(train) == len(test) == 24  # floor(31/2) + floor(19/2) rows each
    assert not set(train) & set(test)
    assert abs(y[train].sum() - y[test].sum()) <= 1
    for members, folds in ((train, train_folds), (test, test_folds)):
        assert len(folds) == 5
        tests = np.concatenate([te for _, te in folds])
        np.testing.assert_array_equal(np.sort(tests), members)
        for tr, te in folds:
            np.testing.assert_array_equal(np.sort(np.r_[tr, te]), members)


def test_dataset_characteristics_by_hand():
    rng = np.random.default_rng(0)
    base = rng.normal(size=(30, 1))
    X = np.hstack([base, base + 0.01 * rng.normal(size=(30, 1)), rng.normal(size=(30, 2))])
    y = np.r_[np.zeros(20, int), np.ones(10, int)]
    c = dataset_characteristics(X, y)
    corr = np.abs(np.corrcoef(X.T))
    mhcf = np.mean([(corr[i] >= 0.9).sum() - 1 for i in range(4)])
    assert c == {"p": 4.0, "n": 30.0, "PP": pytest.approx(20 / 30), "MHCF": mhcf}


def test_comparison_rows_list_every_stated_number():
    rows = comparison_rows(configured=["christensen"])
    assert tuple(rows.columns) == COMPARISON_COLUMNS
    assert (rows["item"].str.startswith("Table 7.1")).sum() == 12 * 9
    assert (rows["item"].str.startswith("Table 4.1")).sum() == 12 * 4
    a_best = rows[rows["item"] == "Table 7.1 A-best"].set_index("dataset")
    # thesis Table 7.1: christensen has 3414 A-best configurations; printed as the thesis does
    assert a_best.loc["christensen", "paper_value"] == "3414"
    assert a_best.loc["christensen", "our_value"] == ""
    assert a_best.loc["christensen", "note"] == NOT_RUN_NOTE
    assert a_best.loc["sonar", "note"] == NOT_CONFIGURED_NOTE
    tecator = rows[(rows["dataset"] == "tecator") & rows["item"].str.startswith("Table 4.1")]
    assert tecator["paper_value"].tolist() == ["124", "240", "0.57", "91.40"]


def test_comparison_rows_with_our_values():
    characteristics = {"gravier": {"p": 2905.0, "n": 168.0, "PP": 111 / 168, "MHCF": 0.125}}
    rows = comparison_rows(configured=["gravier"], characteristics=characteristics)
    gravier = rows[(rows["dataset"] == "gravier") & rows["item"].str.startswith("Table 4.1")]
    # 111 / 168 = 0.6607 -> "0.66"; 0.125 -> "0.12" (round half to even of the float)
    assert gravier["our_value"].tolist() == ["2905", "168", "0.66", "0.12"]
    assert gravier["note"].tolist() == [""] * 4


def test_workflow_helpers():
    assert list(chunk_range("c00003-00005")) == [3, 4, 5]
    with pytest.raises(ValueError, match="chunk"):
        chunk_range("r5-3")
    paper = {"ch7": {"datasets": ["gravier"]},
             "ch8": {"simulation": {"sizes": [[100, 200]], "designs": ["blocks"],
                                    "similar": [4]}}}
    stems = figure_stems(paper, ["gravier"])
    assert "fig07_5_test_performance" in stems["ch7"]
    assert "fig07_4_test_performance" not in stems["ch7"]
    assert stems["simulation"][0] == "fig08_5_simulation_n100_p200"


def _workflow(*datasets):
    return SimpleNamespace(raw={"datasets": {name: {} for name in datasets}})


def test_sections_resolve_to_the_thesis_settings():
    settings = bommert2020.resolved_settings(
        {"ch7": {"datasets": ["gravier"]}, "ch8": {"simulation": {}, "toy": {}}})
    ch7, ch8 = settings["ch7"], settings["ch8"]
    # Table 6.5: 4 filters x 6 classifiers, 200 configurations each, 10-fold CV
    assert (ch7["n_per_method"], ch7["n_folds"], len(ch7["filters"]),
            len(ch7["classifiers"])) == (200, 10, 4, 6)
    assert ch7["ntree_values"] == [100, 200, 500, 1000, 2000, 5000]
    # §8.3.1: max.feats 2, 4, ..., 100; acc.const = 0.025, stab.const = 0.1
    assert ch8["approaches"]["sizes"] == list(range(2, 101, 2))
    assert (ch8["approaches"]["acc_const"], ch8["approaches"]["stab_const"]) == (0.025, 0.1)
    # Table 8.1: 4 sizes x 2 designs x 4 numbers of similar features, 50 replications
    sim = ch8["simulation"]
    assert len(sim["sizes"]) * len(sim["designs"]) * len(sim["similar"]) == 32
    assert sim["n_replications"] == 50
    assert ch8["toy"]["n_datasets"] == 1000
    assert "real_data" not in ch8


def test_check_settings_names_every_problem_with_its_key():
    assert bommert2020.check_settings(
        {"ch7": {"datasets": ["gravier"]}, "ch8": {"toy": {}}}, _workflow("gravier")) == []
    bad = {"ch7": {"datasets": ["sonar", "gravier", "gravier"]},
           "ch8": {"approaches": {"pfer_range": [5, 1]},
                   "simulation": {"sizes": [[100, 12]], "designs": ["blocks"],
                                  "similar": [4]},
                   "real_data": {"datasets": ["arcene"]}}}
    problems = bommert2020.check_settings(bad, _workflow("gravier"))
    assert any(p.startswith("paper.settings.ch7.datasets: dataset(s) ['sonar'] are not "
                            "configured under 'datasets'") for p in problems)
    assert any(p.startswith("paper.settings.ch7.datasets: ['gravier'] named more than once")
               for p in problems)
    assert any(p.startswith("paper.settings.ch8.approaches.pfer_range: [5, 1]")
               for p in problems)
    # p = 12 in blocks of 5 features: 3 blocks, fewer than the 5 relevant features need
    assert any(p.startswith("paper.settings.ch8.simulation.sizes: [100, 12]") for p in problems)
    assert any(p.startswith("paper.settings.ch8.real_data.datasets: dataset(s) ['arcene']")
               for p in problems)
    assert len(problems) == 5


def test_check_section_schema_problems_are_relative_to_the_section():
    assert ch78.check_section("ch7", {"datasets": ["gravier"], "n_folds": 1},
                              _workflow("gravier")) == [
        "n_folds: 1 is out of range; allowed: an integer >= 2"]
    assert ch78.check_section("ch7", {}, _workflow()) == [": missing required key(s) 'datasets'"]
    assert bommert2020.check_settings({"ch8": {}}, _workflow()) == [
        "paper.settings.ch8: give at least one of toy, simulation, real_data (nothing to run)"]
    with pytest.raises(ValueError, match=r"paper\.settings\.ch8: .*unknown_key"):
        ch78.resolve_section("ch8", {"unknown_key": 1})
