"""fsstab.papers.bommert2020.common: what the chapters compute alike, each checked against an
independent derivation written here."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from scipy.cluster.hierarchy import dendrogram

from fsstab.papers.bommert2020 import common


def test_pairwise_correlation_uses_pairwise_complete_rows():
    rng = np.random.default_rng(0)
    data = pd.DataFrame(rng.normal(size=(40, 3)), columns=list("abc"))
    data.iloc[:5, 0] = np.nan
    data.iloc[30:, 2] = np.nan
    pearson = common.pairwise_correlation(data)
    spearman = common.pairwise_correlation(data, "spearman")
    for x, y in (("a", "b"), ("a", "c"), ("b", "c")):
        ok = data[[x, y]].notna().all(axis=1)
        expected = np.corrcoef(data.loc[ok, x], data.loc[ok, y])[0, 1]
        assert pearson.loc[x, y] == pytest.approx(expected)
        assert spearman.loc[x, y] == pytest.approx(
            stats.spearmanr(data.loc[ok, x], data.loc[ok, y]).statistic)
    with pytest.raises(ValueError, match="pearson"):
        common.pairwise_correlation(data, "kendall")


def test_mean_matrix_ignores_undefined_entries():
    labels = ["x", "y"]
    m1 = pd.DataFrame([[1.0, 0.2], [0.2, 1.0]], index=labels, columns=labels)
    m2 = pd.DataFrame([[1.0, np.nan], [np.nan, 1.0]], index=labels, columns=labels)
    m3 = pd.DataFrame([[1.0, 0.6], [0.6, 1.0]], index=labels, columns=labels)
    assert common.mean_matrix([m1, m2, m3]).loc["x", "y"] == pytest.approx(0.4)
    with pytest.raises(ValueError, match="labelled"):
        common.mean_matrix([m1, m1.rename(index={"x": "z"})])


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
    order = common.average_linkage_order(S)
    positions = {name: i for i, name in enumerate(order)}
    assert sorted(positions[n] for n in "abc") in ([0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5])
    assert abs(positions["d"] - positions["e"]) == 1
    groups = common.average_linkage_groups(S, 3)
    assert groups["a"] == groups["b"] == groups["c"]
    assert groups["d"] == groups["e"] != groups["a"]
    assert groups["f"] not in (groups["a"], groups["d"])
    assert sorted(set(groups.values())) == [1, 2, 3]
    assert common.partition(groups) == [frozenset("abc"), frozenset("de"), frozenset("f")]
    # the tree's leaves, left to right, are the order
    tree = common.linkage_matrix(S)
    assert dendrogram(tree, no_plot=True, labels=list(S.index))["ivl"] == order
    # the average linkage of {a, b, c} and {d, e}: mean distance 1 - 0.1
    assert tree[-1, 2] == pytest.approx(0.9)


def test_dataset_characteristics_by_hand():
    rng = np.random.default_rng(0)
    base = rng.normal(size=(30, 1))
    X = np.hstack([base, base + 0.01 * rng.normal(size=(30, 1)), rng.normal(size=(30, 2))])
    y = np.r_[np.zeros(20, int), np.ones(10, int)]
    c = common.dataset_characteristics(X, y)
    corr = np.abs(np.corrcoef(X.T))
    mhcf = np.mean([(corr[i] >= 0.9).sum() - 1 for i in range(4)])
    assert c == {"p": 4.0, "n": 30.0, "PP": pytest.approx(20 / 30), "MHCF": mhcf}


def test_flat_table_writes_feature_lists_as_text():
    frame = pd.DataFrame({"a": [1, 2], "selected": [np.array([3, 1]), np.array([], int)],
                          "flag": [True, False]})
    flat = common.flat_table(frame)
    assert flat["selected"].tolist() == ["3;1", ""]
    pd.testing.assert_frame_equal(flat.drop(columns="selected"), frame.drop(columns="selected"))


def test_rows_and_order_helpers():
    row = common.comparison_row("x", 0.123456789, True, dataset="d")
    assert (row["paper_value"], row["our_value"]) == ("0.123457", "yes")
    assert common.comparison_row("x", float("nan"), None)["paper_value"] == ""
    row = common.number_row("Table 4.1 PP", "sonar", "s", 0.53, 0.5349, 2)
    assert (row["paper_value"], row["our_value"]) == ("0.53", "0.53")
    assert common.number_row("t", "d", "s", 32, None, 0)["our_value"] == ""
    assert common.ordered_datasets(["zz", "gravier", "sonar", "aa"]) == [
        "sonar", "gravier", "aa", "zz"]
    fig, axes = common.panel_grid(5, 2, 3.0, 2.0)
    assert len(axes) == 5
    assert sum(ax.get_visible() for ax in fig.axes) == 5
