"""Bommert (2020), Chapter 7 (fsstab.papers.bommert2020.ch7): the search space of Table 6.5, the
shared filter orders, each configuration's fit, the Pareto-optimal / PA-best / A-best flags and
Table 7.1, each checked against an independent derivation written here."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from fsstab.papers.bommert2020.ch7 import stages, tuning
from fsstab.papers.bommert2020.ch7.reference import CH7_MEASURES
from fsstab.papers.bommert2020.common import stratified_folds
from fsstab.papers.bommert2020.reference import NTREE_VALUES


def _toy(seed=0, n=60, d=12):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = (X[:, 0] + X[:, 1] + 0.5 * rng.normal(size=n) > 0).astype(np.int64)
    return X, y


def test_ch7_configurations_follow_table_6_5():
    configs = tuning.sample_ch7_configurations(5, 100, 0)
    assert len(configs) == 5 * 24
    assert configs.groupby(["filter", "classifier"]).size().eq(5).all()
    svm = configs[configs["classifier"] == "svm"]
    assert np.log2(svm["C"]).between(-15, 15).all()
    assert np.log2(svm["sigma"]).between(-15, 15).all()
    assert svm["k"].isna().all()
    knn = configs[configs["classifier"] == "knn"]
    assert knn["k"].between(1, 20).all()
    rf = configs[configs["classifier"] == "random_forest"]
    assert rf["ntree"].isin(NTREE_VALUES).all()
    assert rf["nodesize"].between(1, 20).all()  # round((0.2 * 100)^x), x in [0, 1]
    assert rf["mtry_fraction"].between(0, 1, inclusive="right").all()
    boost = configs[configs["classifier"] == "glmboost"]
    assert boost["n_iter"].between(1, 2**15).all()
    assert (configs.loc[configs["filter"] == "none", "fraction"] == 1.0).all()
    assert configs["config"].is_unique
    pd.testing.assert_frame_equal(configs, tuning.sample_ch7_configurations(5, 100, 0))
    with pytest.raises(ValueError, match="unknown filter"):
        tuning.sample_ch7_configurations(1, 100, 0, filters=["relief"])


def test_greedy_filter_order_prefix_does_not_depend_on_k():
    from fsstab.selectors import FILTERS

    X, y = _toy(4, n=50, d=10)
    folds = stratified_folds(y, 2, 0)
    orders = tuning.filter_orders(X, y, folds, "jmi", 0)
    train = folds[0][0]
    for k in (1, 3, 6):
        direct = FILTERS["jmi"].score(X[train], y[train], n_features_to_select=k).order
        np.testing.assert_array_equal(orders[0][:k], direct)
    np.testing.assert_array_equal(tuning.filter_orders(X, y, folds, "none", 0)[1], np.arange(10))


def test_fit_ch7_configuration_supports():
    X, y = _toy(5, n=60, d=10)
    order = np.array([3, 1, 0, 9, 8, 7, 6, 5, 4, 2])
    base = {"filter": "mim", "fraction": 0.35, "C": 1.0, "sigma": 0.1, "k": 3.0,
            "lambda": 0.01, "ntree": 20.0, "nodesize": 1.0, "mtry_fraction": 1.0,
            "n_iter": 5.0}
    train, test = np.arange(40), np.arange(40, 60)
    # without embedded selection: the floor(0.35 * 10) = 3 best features of the order
    support, acc = tuning.fit_ch7_configuration({**base, "classifier": "svm"}, X[train],
                                              y[train], X[test], y[test], order, 0)
    assert np.flatnonzero(support).tolist() == [0, 1, 3]
    assert 0 <= acc <= 1
    # embedded selection: a subset of the filtered features
    for classifier in ("lasso", "glmboost", "random_forest"):
        support, _ = tuning.fit_ch7_configuration({**base, "classifier": classifier},
                                                X[train], y[train], X[test], y[test], order, 0)
        assert set(np.flatnonzero(support)) <= {0, 1, 3}
    # no filter: all features for SVM
    support, _ = tuning.fit_ch7_configuration({**base, "filter": "none", "classifier": "knn"},
                                            X[train], y[train], X[test], y[test],
                                            np.arange(10), 0)
    assert support.all()
    # a filter keeping no feature: empty selection, undefined accuracy
    support, acc = tuning.fit_ch7_configuration({**base, "fraction": 0.05, "classifier": "svm"},
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
        **{m: np.round(rng.uniform(0, 1, n), 2) for m in CH7_MEASURES},
    })
    table.loc[3, "unadjusted"] = np.nan  # a failed stability value is not evaluated
    flags = tuning.ch7_optimal_flags(table)
    acc_max = table["accuracy"].max()
    for m in CH7_MEASURES:
        ok = table[m].notna().to_numpy()
        points = table.loc[ok, ["accuracy", m, "mean_n_selected"]].to_numpy()
        expected = np.zeros(n, bool)
        expected[ok] = brute_force_pareto(points)
        np.testing.assert_array_equal(flags[f"pareto_{m}"], expected)
        np.testing.assert_array_equal(flags[f"pa_best_{m}"],
                                      expected & (table["accuracy"] >= acc_max - 0.05))
    np.testing.assert_array_equal(flags["a_best"], table["accuracy"] == acc_max)
    t71 = tuning.table_7_1({"x": flags})
    assert t71.loc[0, "SMU (all)"] == flags["pareto_unadjusted"].sum()
    assert t71.loc[0, "SMH (PA)"] == flags["pa_best_hamming"].sum()
    assert t71.loc[0, "A-best"] == flags["a_best"].sum()


def test_halves_and_folds_partition_stratified():
    y = np.r_[np.zeros(31, int), np.ones(19, int)]
    table = tuning.halves_and_folds(y, 5, 3)
    train, train_folds = tuning.splits_of(table, "train")
    test, test_folds = tuning.splits_of(table, "test")
    assert len(train) == len(test) == 24  # floor(31/2) + floor(19/2) rows each
    assert not set(train) & set(test)
    assert abs(y[train].sum() - y[test].sum()) <= 1
    for members, folds in ((train, train_folds), (test, test_folds)):
        assert len(folds) == 5
        tests = np.concatenate([te for _, te in folds])
        np.testing.assert_array_equal(np.sort(tests), members)
        for tr, te in folds:
            np.testing.assert_array_equal(np.sort(np.r_[tr, te]), members)


def test_stage_helpers():
    ch7 = {"datasets": ["gravier", "sonar", "zz"], "n_per_method": 2,
           "filters": ["none", "mim"], "classifiers": ["svm", "knn", "ridge"], "chunk_size": 5,
           "n_folds": 3}
    assert stages.run_datasets(ch7, ["sonar", "gravier"]) == ["gravier", "sonar"]
    assert stages.chunks(ch7) == ("c00000-00004", "c00005-00009", "c00010-00011")
    assert stages.settings_note(ch7) == "12 configurations (thesis: 4800), 3-fold CV"
    assert stages.test_performance_datasets(["gravier", "sonar", "zz"]) == (
        ["sonar"], ["gravier", "zz"])
    stems = stages.figure_stems(["gravier"])
    assert "fig07_5_test_performance" in stems
    assert "fig07_4_test_performance" not in stems
    orders = np.array([[2, 0, 1], [1, 2, 0]])
    table = pd.DataFrame({"fold": [1, 1, 1, 0, 0, 0], "position": [2, 0, 1, 1, 0, 2],
                          "feature": [0, 1, 2, 0, 2, 1]})
    np.testing.assert_array_equal(stages.orders_matrix(table), orders)
