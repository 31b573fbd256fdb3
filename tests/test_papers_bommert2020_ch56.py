"""fsstab.papers.bommert2020_ch56: the computations behind thesis Chapters 5 and 6, each checked
against an independent derivation written here."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from fsstab.papers import bommert2020_ch56 as b
from fsstab.selectors import FilterClassifier, FilterSelector
from fsstab.workflow.config import ConfigError

REPO = Path(__file__).resolve().parents[1]


def _rng(seed=0):
    return np.random.default_rng(seed)


# --------------------------------------------------------------------------------------------
# Shared: correlations, clustering, PCA order
# --------------------------------------------------------------------------------------------


def test_pairwise_correlation_uses_pairwise_complete_rows():
    rng = _rng()
    data = pd.DataFrame(rng.normal(size=(40, 3)), columns=list("abc"))
    data.iloc[:5, 0] = np.nan
    data.iloc[30:, 2] = np.nan
    pearson = b.pairwise_correlation(data)
    spearman = b.pairwise_correlation(data, "spearman")
    for x, y in (("a", "b"), ("a", "c"), ("b", "c")):
        ok = data[[x, y]].notna().all(axis=1)
        expected = np.corrcoef(data.loc[ok, x], data.loc[ok, y])[0, 1]
        assert pearson.loc[x, y] == pytest.approx(expected)
        assert spearman.loc[x, y] == pytest.approx(
            stats.spearmanr(data.loc[ok, x], data.loc[ok, y]).statistic)
    with pytest.raises(ValueError, match="pearson"):
        b.pairwise_correlation(data, "kendall")


def test_mean_matrix_ignores_undefined_entries():
    labels = ["x", "y"]
    m1 = pd.DataFrame([[1.0, 0.2], [0.2, 1.0]], index=labels, columns=labels)
    m2 = pd.DataFrame([[1.0, np.nan], [np.nan, 1.0]], index=labels, columns=labels)
    m3 = pd.DataFrame([[1.0, 0.6], [0.6, 1.0]], index=labels, columns=labels)
    assert b.mean_matrix([m1, m2, m3]).loc["x", "y"] == pytest.approx(0.4)
    with pytest.raises(ValueError, match="labelled"):
        b.mean_matrix([m1, m1.rename(index={"x": "z"})])


def _blocks():
    """Two tight blocks {a, b, c} and {d, e} and a loner f."""
    labels = list("abcdef")
    S = np.full((6, 6), 0.1)
    S[:3, :3] = 0.9
    S[3:5, 3:5] = 0.8
    np.fill_diagonal(S, 1.0)
    return pd.DataFrame(S, index=labels, columns=labels)


def test_average_linkage_keeps_blocks_together():
    S = _blocks()
    order = b.average_linkage_order(S)
    positions = {name: i for i, name in enumerate(order)}
    assert sorted(positions[n] for n in "abc") in ([0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5])
    assert abs(positions["d"] - positions["e"]) == 1
    groups = b.average_linkage_groups(S, 3)
    assert groups["a"] == groups["b"] == groups["c"]
    assert groups["d"] == groups["e"] != groups["a"]
    assert groups["f"] not in (groups["a"], groups["d"])
    assert sorted(set(groups.values())) == [1, 2, 3]


def test_pc1_order_agrees_with_an_eigendecomposition():
    rng = _rng(3)
    base = rng.normal(size=200)
    values = {f"m{k}": base * (k - 2) + 0.3 * rng.normal(size=200) for k in range(5)}
    values["m4"][7] = np.nan  # a scenario where one measure is undefined is left out
    order, scores = b.pc1_order(values)
    names = list(values)
    data = np.vstack([values[n] for n in names])
    data = data[:, np.all(np.isfinite(data), axis=0)]
    centred = data - data.mean(axis=0)
    eigenvalues, eigenvectors = np.linalg.eigh(centred @ centred.T)
    pc1 = eigenvectors[:, -1] * np.sqrt(eigenvalues[-1])  # scores of the measures
    expected = [names[i] for i in np.argsort(pc1)]
    assert order in (expected, expected[::-1])
    np.testing.assert_allclose(np.sort(np.abs(scores)), np.sort(np.abs(pc1)), rtol=1e-8)


def test_size_dependence_means_by_brute_force():
    values = {"m": np.array([[0.0, 1.0], [np.nan, 0.5]])}
    sizes = np.array([[0.0, 0.5], [0.5, 1.0]])
    points, means = b.size_dependence(values, sizes)
    assert means.set_index("mean_size")["value"].to_dict() == {0.0: 0.0, 0.5: 1.0, 1.0: 0.5}
    assert points["count"].sum() == 3


# --------------------------------------------------------------------------------------------
# §5.1
# --------------------------------------------------------------------------------------------


def test_balanced_base_alternates_the_classes():
    y = np.r_[np.zeros(30, int), np.ones(12, int)]
    rows, columns = b.balanced_base(y, 20, 5, 50, random_state=1)
    assert rows.size == 20 and len(set(rows)) == 20  # noqa: PT018
    np.testing.assert_array_equal(y[rows], np.tile([0, 1], 10))
    assert columns.size == 5 and np.all(np.diff(columns) > 0)  # noqa: PT018
    again = b.balanced_base(y, 20, 5, 50, random_state=1)
    np.testing.assert_array_equal(again[0], rows)
    with pytest.raises(ValueError, match="class 1 has 12 rows"):
        b.balanced_base(y, 30, None, 50, random_state=1)


def test_scaling_settings_and_problems():
    settings = b.scaling_settings([0.1, 0.5, 1.0])
    assert settings == [("select", 0.1), ("select", 0.5), ("select", 1.0),
                        ("observations", 0.1), ("observations", 0.5),
                        ("features", 0.1), ("features", 0.5)]
    X = np.arange(200.0).reshape(20, 10)
    y = np.tile([0, 1], 10)
    assert b.scaling_problem(X, y, "select", 0.3)[2] == 3
    Xo, _, k = b.scaling_problem(X, y, "observations", 0.5)
    assert Xo.shape == (10, 10) and k == 10  # noqa: PT018
    Xf, _, k = b.scaling_problem(X, y, "features", 0.5)
    assert Xf.shape == (20, 5) and k == 5  # noqa: PT018


def test_relative_times_by_hand():
    rows = []
    for fraction, seconds in ((0.5, [2.0, 4.0, 3.0]), (1.0, [9.0, 6.0, 7.0])):
        rows += [{"filter": "f", "scenario": "select", "fraction": fraction, "repetition": r,
                  "seconds": s} for r, s in enumerate(seconds)]
    rows += [{"filter": "f", "scenario": "features", "fraction": 0.5, "repetition": 0,
              "seconds": 1.75}]
    relative = b.relative_times(pd.DataFrame(rows)).set_index(["scenario", "fraction"])
    # medians 3 (50 %) and 7 (100 %); the 100 % run ends the feature scenario too
    assert relative.loc[("select", 1.0), "relative"] == pytest.approx(7 / 3)
    assert relative.loc[("features", 1.0), "relative"] == pytest.approx(7 / 1.75)


def test_filter_scores_follow_the_filters():
    rng = _rng(5)
    X = rng.normal(size=(40, 12))
    y = (X[:, 0] + rng.normal(size=40) > 0).astype(int)
    anova = b.filter_scores("anova.test", X, y)
    reference = FilterSelector(method="anova", n_features_to_select=12).fit(X, y)
    np.testing.assert_allclose(anova, reference.scores_)
    jmi = b.filter_scores("JMI", X, y, k=4)
    order = FilterSelector(method="jmi", n_features_to_select=4).fit(X, y).ranking_
    chosen = np.flatnonzero(order <= 4)
    np.testing.assert_array_equal(np.argsort(-jmi)[:4], chosen[np.argsort(order[chosen])])
    assert np.isneginf(jmi).sum() == 8


# --------------------------------------------------------------------------------------------
# §5.2
# --------------------------------------------------------------------------------------------


def test_rank_correlation_and_top_pairs():
    x = np.arange(10.0)
    scores = {"anova": x, "kruskal": x**3, "variance": -x}
    corr = b.rank_correlation(scores)
    assert corr.loc["anova.test", "kruskal.test"] == pytest.approx(1.0)
    assert corr.loc["anova.test", "variance"] == pytest.approx(-1.0)
    top = b.top_pairs(corr, 2)
    assert tuple(top.iloc[0]) == ("anova.test", "kruskal.test", pytest.approx(1.0))


# --------------------------------------------------------------------------------------------
# §5.3
# --------------------------------------------------------------------------------------------

SPACE = {"svm": {"C": {"log2_uniform": [-15, 15]}, "sigma": {"log2_uniform": [-15, 15]}},
         "knn": {"k": {"integers": [1, 20]}}, "ridge": {"lam": {"log2_uniform": [-15, 15]}}}


def test_benchmark_configurations():
    configs = b.benchmark_configurations({"uniform": [0, 1]}, SPACE, 300, 4)
    assert {c["classifier"] for c in configs} == {"svm", "knn", "ridge"}
    for c in configs:
        expected = {"classifier", "fraction", *SPACE[c["classifier"]]}
        assert set(c) == expected
        assert 0 <= c["fraction"] <= 1
    assert b.benchmark_configurations({"uniform": [0, 1]}, SPACE, 10, 4) == configs[:10]


def test_nested_folds_partition_and_stratify():
    y = np.r_[np.zeros(30, int), np.ones(20, int)]
    folds = b.nested_folds(y, 5, 3, 11)
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
    assert b.choose_configuration(inner) == 2
    inner.loc[inner["configuration"] == 2, "accuracy"] = 0.0
    assert b.choose_configuration(inner) == 1  # 10 features: the earlier of 1 and 3


def test_inner_accuracies_equal_separate_fits():
    rng = _rng(7)
    X = rng.normal(size=(50, 15))
    y = (X[:, 0] - X[:, 1] + rng.normal(size=50) > 0).astype(int)
    configs = b.benchmark_configurations({"uniform": [0, 1]}, SPACE, 5, 2)
    folds = [(np.arange(0, 50, 2), np.arange(1, 50, 2))]
    got = b.inner_accuracies(X, y, "mim", configs, folds, random_state=3)
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
    wins = b.win_matrix(_summary())
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
    relative = b.relative_performance(_summary(), "filter_seconds").set_index("filter")
    # distances to the best accuracy per data set: A 0, .05, 0; B .1, 0, 0; C .1, .15, .05
    assert relative.loc["A", "accuracy_median"] == pytest.approx(0.0)
    assert relative.loc["C", "accuracy_median"] == pytest.approx(0.1)
    log_a = [np.log10(1.01) - np.log10(0.11), np.log10(2.01) - np.log10(0.21),
             np.log10(1.01) - np.log10(0.51)]
    for q, column in ((0.25, "time_q25"), (0.5, "time_median"), (0.75, "time_q75")):
        assert relative.loc["A", column] == pytest.approx(_quantile_type2(log_a, q))
    # medians: A and B both 0 from the best accuracy, B always the fastest: B dominates A
    assert b.pareto_filters(relative.reset_index(), "median") == ["B"]
    # upper quartiles: A 0.05, B 0.1 from the best accuracy -- neither dominates
    assert b.pareto_filters(relative.reset_index(), "q75") == ["A", "B"]


def test_conclusions_table_verdicts():
    labels = ["JMI", "MIM", "impurity", "MRMR", "variance"]
    S = pd.DataFrame(np.eye(5), index=labels, columns=labels)
    relative_times = pd.DataFrame({
        "filter": labels, "scenario": "select", "fraction": 1.0,
        "median_seconds": 1.0, "relative": [5.0, 1.0, 1.1, 4.0, 1.0]})
    accuracy = pd.DataFrame({"dataset": ["d1"] * 5 + ["d2"] * 5, "filter": labels * 2,
                             "accuracy_mean": [0.9, 0.85, 0.8, 0.5, 0.5,
                                               0.8, 0.9, 0.85, 0.4, 0.45]})
    relative = pd.DataFrame({"filter": labels,
                             "accuracy_median": [0.05, 0.025, 0.075, 0.45, 0.425]})
    table = b.conclusions_table(relative_times, S, accuracy, relative).set_index("conclusion")
    verdicts = dict(zip(table.index, table["supported"], strict=True))
    assert verdicts["no subset of filters outperforms all others; the best filter depends on "
                    "the data set"] == "yes"
    assert verdicts["JMI, MIM and impurity work well in most data situations"] == "yes"
    assert verdicts["MRMR and variance can be neglected due to bad predictive performance"] \
        == "yes"
    assert verdicts["NJMIM, DISR, JMIM, JMI, CMIM and MRMR scale differently (their scores are "
                    "computed iteratively)"] == "yes"
    assert verdicts["variance ranks the features unlike any other filter"] == "yes"


# --------------------------------------------------------------------------------------------
# §6.3
# --------------------------------------------------------------------------------------------


def test_real_values_and_sampling():
    summary = pd.DataFrame({
        "dataset": ["d"] * 3, "configuration": ["c"] * 3, "selector": ["s"] * 3,
        "variant": ["v0", "v1", "v2"], "label": ["c:v0", "c:v1", "c:v2"],
        "mean_n_selected": [5.0, 10.0, 20.0], "n_features": [20] * 3,
        "accuracy_mean": [0.5] * 3, "jaccard": [0.1, 0.2, 0.3]})
    values = b.real_values([summary], ["jaccard"])
    np.testing.assert_allclose(values["proportion"], [0.25, 0.5, 1.0])
    with pytest.raises(ValueError, match="lacks the measure"):
        b.real_values([summary], ["dice"])
    pairs = b.sample_variants({"a": ["v0", "v1"], "b": ["v0"]}, 2, 0)
    assert len(pairs) == 2 and pairs == sorted(pairs)  # noqa: PT018
    assert b.sample_variants({"a": ["v0", "v1"], "b": ["v0"]}, None, 0) == [
        ("a", "v0"), ("a", "v1"), ("b", "v0")]


class _Workflow:
    """What the settings checks read of the workflow: the whole configuration (``raw``)."""

    def __init__(self, datasets):
        self.raw = {"datasets": {name: {"source": "x"} for name in datasets}}


def test_check_section_names_every_problem_relative_to_the_section():
    ch5 = {"datasets": ["a", "zz"], "filters": ["anova.test", "bogus"],
           "scaling": {"dataset": "a", "n_observations": 10},
           "benchmark": {"classifiers": {"svm": {"k": {"integers": [1, 3]}}, "tree": {}},
                         "boxplot_datasets": ["b"]}}
    problems = b.check_section("ch5", ch5, _Workflow(["a", "b"]))
    message = "\n".join(problems)
    for expected in ("datasets: dataset(s) ['zz']", "filters: unknown filter",
                     "benchmark.classifiers.svm: no hyperparameter(s) ['k']",
                     "unknown classifier 'tree'", "benchmark.boxplot_datasets: ['b'] are not in"):
        assert expected in message
    assert not any(p.startswith("paper.") for p in problems)
    assert b.check_section("ch6", {"real": {"datasets": ["a_train"]}}, _Workflow(["a"])) == [
        "real.datasets: dataset(s) ['a_train'] are not configured under 'datasets'; "
        "configured: ['a']"]
    # schema problems: a key of the section, or the section itself (": ...")
    assert b.check_section("ch6", {"real": {"datasets": ["a"]}, "all_pairs": {"threshold": 2}},
                           _Workflow(["a"]))[0].startswith("all_pairs.threshold: 2 is out of range")
    assert b.check_section("ch6", {}, _Workflow(["a"]))[0].startswith(
        ": missing required key(s) 'real'")


def test_the_hook_prefixes_the_section_and_resolve_fills_defaults():
    from fsstab.papers import bommert2020

    problems = bommert2020.check_settings({"ch6": {"real": {"datasets": ["zz"]}}},
                                          _Workflow(["a"]))
    assert problems == ["paper.settings.ch6.real.datasets: dataset(s) ['zz'] are not configured "
                        "under 'datasets'; configured: ['a']"]
    filled = bommert2020.resolved_settings({"ch6": {"real": {"datasets": ["a"]}}})
    assert filled["ch6"]["all_pairs"]["threshold"] == 0.9
    assert filled["ch6"]["real"]["timing_configurations"] is None
    with pytest.raises(ConfigError, match="real"):
        b.resolve_section("ch6", {"all_pairs": {}})
    with pytest.raises(ValueError, match="name must be one of"):
        b.section_schema("ch7")


def test_heatmap_dendrogram_must_join_the_matrix_columns():
    from scipy.cluster.hierarchy import dendrogram

    from fsstab.papers._plots import heatmap

    rng = _rng(3)
    labels = [f"f{i}" for i in range(6)]
    similarity = pd.DataFrame(np.corrcoef(rng.normal(size=(20, 6)).T), index=labels,
                              columns=labels)
    order = b.average_linkage_order(similarity)
    tree = b._linkage(similarity)
    # the tree's leaves, left to right, are the order of the tiles
    assert dendrogram(tree, no_plot=True, labels=labels)["ivl"] == order
    figure = heatmap(similarity.loc[order, order], dendrogram_linkage=tree)
    assert len(figure.axes) == 3  # tree, tiles, colour bar
    with pytest.raises(ValueError, match="joins 6 leaves; the matrix has 5 columns"):
        heatmap(similarity.iloc[:5, :5], dendrogram_linkage=tree)


def test_not_run_rows_name_every_configured_but_not_run_dataset():
    from fsstab.papers.outputs import NOT_RUN_NOTE

    settings = {"ch5": {"scaling": {"dataset": "gina_agnostic"},
                        "datasets": ["sonar", "christensen", "gravier"]},
                "ch6": {"real": {"datasets": ["christensen_train", "sonar_train"]}}}
    rows = b.not_run_rows(settings, ["christensen", "gravier", "christensen_train"])
    assert [(r["item"][:5], r["dataset"]) for r in rows] == [
        ("§5.1:", "gina_agnostic"), ("§5.2-", "sonar"), ("§6.3:", "sonar_train")]
    assert all(r["note"] == NOT_RUN_NOTE and r["our_value"] == "" for r in rows)
    assert b.not_run_rows(settings, ["gina_agnostic", "sonar", "christensen", "gravier",
                                     "christensen_train", "sonar_train"]) == []
    assert b.not_run_rows({}, []) == []
