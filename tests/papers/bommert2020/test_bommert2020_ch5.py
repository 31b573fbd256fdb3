"""Bommert (2020), Chapter 5 (fsstab.papers.bommert2020.ch5): the computations behind the filter
benchmark, each checked against an independent derivation written here, and the stages' tables
and figures named as the rules declare them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from fsstab.papers.bommert2020.ch5 import benchmark, ranking, scaling, stages
from fsstab.papers.bommert2020.ch5.figures import benchmark_figures, scaling_figures
from fsstab.selectors import FilterClassifier, FilterSelector


def _rng(seed=0):
    return np.random.default_rng(seed)


def test_balanced_base_alternates_the_classes():
    y = np.r_[np.zeros(30, int), np.ones(12, int)]
    rows, columns = scaling.balanced_base(y, 20, 5, 50, random_state=1)
    assert rows.size == 20 and len(set(rows)) == 20  # noqa: PT018
    np.testing.assert_array_equal(y[rows], np.tile([0, 1], 10))
    assert columns.size == 5 and np.all(np.diff(columns) > 0)  # noqa: PT018
    again = scaling.balanced_base(y, 20, 5, 50, random_state=1)
    np.testing.assert_array_equal(again[0], rows)
    with pytest.raises(ValueError, match="class 1 has 12 rows"):
        scaling.balanced_base(y, 30, None, 50, random_state=1)


def test_scaling_settings_and_problems():
    settings = scaling.scaling_settings([0.1, 0.5, 1.0])
    assert settings == [("select", 0.1), ("select", 0.5), ("select", 1.0),
                        ("observations", 0.1), ("observations", 0.5),
                        ("features", 0.1), ("features", 0.5)]
    X = np.arange(200.0).reshape(20, 10)
    y = np.tile([0, 1], 10)
    assert scaling.scaling_problem(X, y, "select", 0.3)[2] == 3
    Xo, _, k = scaling.scaling_problem(X, y, "observations", 0.5)
    assert Xo.shape == (10, 10) and k == 10  # noqa: PT018
    Xf, _, k = scaling.scaling_problem(X, y, "features", 0.5)
    assert Xf.shape == (20, 5) and k == 5  # noqa: PT018


def test_relative_times_by_hand():
    rows = []
    for fraction, seconds in ((0.5, [2.0, 4.0, 3.0]), (1.0, [9.0, 6.0, 7.0])):
        rows += [{"filter": "f", "scenario": "select", "fraction": fraction, "repetition": r,
                  "seconds": s} for r, s in enumerate(seconds)]
    rows += [{"filter": "f", "scenario": "features", "fraction": 0.5, "repetition": 0,
              "seconds": 1.75}]
    relative = scaling.relative_times(pd.DataFrame(rows)).set_index(["scenario", "fraction"])
    # medians 3 (50 %) and 7 (100 %); the 100 % run ends the feature scenario too
    assert relative.loc[("select", 1.0), "relative"] == pytest.approx(7 / 3)
    assert relative.loc[("features", 1.0), "relative"] == pytest.approx(7 / 1.75)


def test_filter_scores_follow_the_filters():
    rng = _rng(5)
    X = rng.normal(size=(40, 12))
    y = (X[:, 0] + rng.normal(size=40) > 0).astype(int)
    anova = ranking.filter_scores("anova.test", X, y)
    reference = FilterSelector(method="anova", n_features_to_select=12).fit(X, y)
    np.testing.assert_allclose(anova, reference.scores_)
    jmi = ranking.filter_scores("JMI", X, y, k=4)
    order = FilterSelector(method="jmi", n_features_to_select=4).fit(X, y).ranking_
    chosen = np.flatnonzero(order <= 4)
    np.testing.assert_array_equal(np.argsort(-jmi)[:4], chosen[np.argsort(order[chosen])])
    assert np.isneginf(jmi).sum() == 8





def test_rank_correlation_and_top_pairs():
    x = np.arange(10.0)
    scores = {"anova": x, "kruskal": x**3, "variance": -x}
    corr = ranking.rank_correlation(scores)
    assert corr.loc["anova.test", "kruskal.test"] == pytest.approx(1.0)
    assert corr.loc["anova.test", "variance"] == pytest.approx(-1.0)
    top = ranking.top_pairs(corr, 2)
    assert tuple(top.iloc[0]) == ("anova.test", "kruskal.test", pytest.approx(1.0))




SPACE = {"svm": {"C": {"log2_uniform": [-15, 15]}, "sigma": {"log2_uniform": [-15, 15]}},
         "knn": {"k": {"integers": [1, 20]}}, "ridge": {"lam": {"log2_uniform": [-15, 15]}}}


def test_benchmark_configurations():
    configs = benchmark.benchmark_configurations({"uniform": [0, 1]}, SPACE, 300, 4)
    assert {c["classifier"] for c in configs} == {"svm", "knn", "ridge"}
    for c in configs:
        expected = {"classifier", "fraction", *SPACE[c["classifier"]]}
        assert set(c) == expected
        assert 0 <= c["fraction"] <= 1
    assert benchmark.benchmark_configurations({"uniform": [0, 1]}, SPACE, 10, 4) == configs[:10]


def test_nested_folds_partition_and_stratify():
    y = np.r_[np.zeros(30, int), np.ones(20, int)]
    folds = benchmark.nested_folds(y, 5, 3, 11)
    tests = np.concatenate([test for _, test, _ in folds])
    np.testing.assert_array_equal(np.sort(tests), np.arange(50))
    for train, test, inner in folds:
        assert y[test].sum() == 4  # 20 positives dealt over 5 folds
        inner_tests = np.concatenate([t for _, t in inner])
        np.testing.assert_array_equal(np.sort(inner_tests), np.sort(train))
        for inner_train, inner_test in inner:
            assert not set(inner_train) & set(inner_test)


def test_choose_configuration_breaks_ties_by_size_then_order():
    inner = pd.DataFrame({"configuration": [0, 0, 1, 1, 2, 2, 3, 3],
                          "fold": [0, 1] * 4,
                          "accuracy": [0.9, 0.8, 0.85, 0.85, 0.7, 1.0, 0.85, 0.85],
                          "n_kept": [50, 50, 10, 10, 5, 5, 10, 10]})
    # means 0.85, 0.85, 0.85, 0.85: fewest kept features (5) wins
    assert benchmark.choose_configuration(inner) == 2
    inner.loc[inner["configuration"] == 2, "accuracy"] = 0.0
    assert benchmark.choose_configuration(inner) == 1  # 10 features: the earlier of 1 and 3


def test_inner_accuracies_equal_separate_fits():
    rng = _rng(7)
    X = rng.normal(size=(50, 15))
    y = (X[:, 0] - X[:, 1] + rng.normal(size=50) > 0).astype(int)
    configs = benchmark.benchmark_configurations({"uniform": [0, 1]}, SPACE, 5, 2)
    folds = [(np.arange(0, 50, 2), np.arange(1, 50, 2))]
    got = benchmark.inner_accuracies(X, y, "mim", configs, folds, random_state=3)
    for c, config in enumerate(configs):
        params = {k: v for k, v in config.items() if k not in ("classifier", "fraction")}
        model = FilterClassifier(filter="mim", fraction=config["fraction"],
                                 classifier=config["classifier"], importance="uniform",
                                 random_state=3, **params).fit(X[folds[0][0]], y[folds[0][0]])
        expected = np.mean(model.predict(X[folds[0][1]]) == y[folds[0][1]])
        assert got.loc[got["configuration"] == c, "accuracy"].item() == pytest.approx(expected)


def _summary():
    return pd.DataFrame({
        "dataset": ["d1"] * 3 + ["d2"] * 3 + ["d3"] * 3,
        "filter": ["A", "B", "C"] * 3,
        "accuracy_mean": [0.9, 0.8, 0.8, 0.7, 0.75, 0.6, 0.95, 0.95, 0.9],
        "filter_seconds": [1.0, 0.1, 10.0, 2.0, 0.2, 20.0, 1.0, 0.5, 5.0],
        "train_seconds": [2.0, 0.2, 11.0, 3.0, 0.3, 21.0, 2.0, 0.6, 6.0],
    })


def test_win_matrix_counts_ties_as_half():
    wins = benchmark.win_matrix(_summary())
    # A vs B: d1 win, d2 loss, d3 tie -> 1.5; A vs C: 3; B vs C: d1 tie 0.5 + 1 + 1 = 2.5
    assert wins.loc["A", "B"] == 1.5
    assert wins.loc["B", "A"] == 1.5
    assert wins.loc["A", "C"] == 3.0
    assert wins.loc["B", "C"] == 2.5
    assert list(wins.index) == ["A", "B", "C"]  # row sums 4.5, 4.0, 0.5
    assert np.isnan(wins.loc["A", "A"])


def _quantile_type2(x, q):
    """R's quantile(type = 2): the inverse empirical CDF, averaging at discontinuities."""
    x = np.sort(x)
    n = len(x)
    j = int(np.floor(n * q))
    g = n * q - j
    if g > 0:
        return x[j]
    return (x[max(j - 1, 0)] + x[min(j, n - 1)]) / 2


def test_relative_performance_and_pareto_by_hand():
    relative = benchmark.relative_performance(_summary(), "filter_seconds").set_index("filter")
    # distances to the best accuracy per data set: A 0, .05, 0; B .1, 0, 0; C .1, .15, .05
    assert relative.loc["A", "accuracy_median"] == pytest.approx(0.0)
    assert relative.loc["C", "accuracy_median"] == pytest.approx(0.1)
    log_a = [np.log10(1.01) - np.log10(0.11), np.log10(2.01) - np.log10(0.21),
             np.log10(1.01) - np.log10(0.51)]
    for q, column in ((0.25, "time_q25"), (0.5, "time_median"), (0.75, "time_q75")):
        assert relative.loc["A", column] == pytest.approx(_quantile_type2(log_a, q))
    # medians: A and B both 0 from the best accuracy, B always the fastest: B dominates A
    assert benchmark.pareto_filters(relative.reset_index(), "median") == ["B"]
    # upper quartiles: A 0.05, B 0.1 from the best accuracy -- neither dominates
    assert benchmark.pareto_filters(relative.reset_index(), "q75") == ["A", "B"]


def test_stages_tables_and_figures_carry_the_names_the_rules_declare():
    rng = _rng(11)
    filters = ["anova", "jmi", "impurity"]
    labels = [ranking.filter_label(f) for f in filters]
    rows, timings = [], []
    for dataset in ("d1", "d2", "d3"):
        for label in [*labels, "none"]:
            for outer in (0, 1):
                rows.append({"dataset": dataset, "filter": label, "outer": outer,
                             "accuracy": float(rng.uniform(0.5, 1.0))})
                timings.append({"dataset": dataset, "filter": label, "outer": outer,
                                "filter_seconds": float(rng.uniform(0, 1)),
                                "train_seconds": float(rng.uniform(1, 2))})
    results, timings = pd.DataFrame(rows), pd.DataFrame(timings)
    correlations = {d: pd.DataFrame(np.corrcoef(rng.normal(size=(3, 8))), index=labels,
                                    columns=labels) for d in ("d1", "d2", "d3")}
    result = stages.ranking(correlations, filters)
    assert set(result.tables) == {"fig05_4_rank_correlation",
                                  "table5_2_highest_rank_correlations"}
    assert list(result.tables["fig05_4_rank_correlation"]["filter"]) == result.order
    shown = stages.benchmark(results, timings, result.tables["fig05_4_rank_correlation"],
                             ["d3", "zz"])
    assert (shown.shown, shown.others) == (["d3"], ["d1", "d2"])
    assert shown.order[-1] == "none"
    assert set(shown.tables) == {"fig05_6_wins", "fig05_7_accuracy_filter_time",
                                 "fig05_8_accuracy_entire_time", "table5_3_outer_results",
                                 "table5_3_accuracy", "table5_3_median_times"}
    accuracy = shown.tables["table5_3_accuracy"].set_index(["dataset", "filter"])
    expected = results.groupby(["dataset", "filter"])["accuracy"].mean()
    assert accuracy["accuracy_mean"].to_dict() == pytest.approx(expected.to_dict())
    assert sorted(benchmark_figures(shown)) == sorted(stages.benchmark_figure_stems(shown.others))
    times = pd.DataFrame([{"filter": f, "scenario": s, "fraction": x, "repetition": 0,
                           "seconds": 1.0 + x} for f in labels
                          for s, x in scaling.scaling_settings([0.5, 1.0])])
    tables, rows = stages.scaling(times)
    assert list(tables) == ["table5_1_median_times"]
    assert rows[0]["item"].startswith("Fig. 5.1")
    assert sorted(scaling_figures(tables["table5_1_median_times"], filters)) == sorted(
        stages.scaling_figure_stems())
    assert stages.file_name("anova.test") == "anova"
    assert stages.file_name("none") == "none"
