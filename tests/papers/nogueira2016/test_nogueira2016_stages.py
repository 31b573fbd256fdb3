"""Nogueira & Brown (2016): Fig. 1 extremes, the §3.2 toy table, Table 2 and Fig. 2 tables
(fsstab.papers.nogueira2016.stages and .figures)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest

from fsstab.measures import as_selection_matrix
from fsstab.papers.nogueira2016.figures import figure1_plot, figure2_plot
from fsstab.papers.nogueira2016.reference import TOY_EXAMPLES
from fsstab.papers.nogueira2016.stages import (
    figure1_table,
    figure2_table,
    pair_statistics,
    set_measures,
    sim_n_extremes,
    table2,
    toy_example_table,
)


def sim_n_eq14(r: int, k1: int, k2: int, n: int) -> float:
    """Eq. 14 written out: (r - k1 k2/n) / max(k1 k2/n - max(0, k1 + k2 - n),
    min(k1, k2) - k1 k2/n); 0 when a set is empty or full (§4)."""
    if k1 in (0, n) or k2 in (0, n):
        return 0.0
    expected = k1 * k2 / n
    return (r - expected) / max(expected - max(0, k1 + k2 - n), min(k1, k2) - expected)


@pytest.mark.parametrize(("n", "k2"), [(6, 2), (7, 3), (7, 5)])
def test_extremes_equal_brute_force_over_all_pairs_of_sets(n, k2):
    """The minimum and maximum over every pair of subsets of sizes (k1, k2) of {0..n-1}."""
    for k1 in range(1, n):
        scores = [sim_n_eq14(len(set(a) & set(b)), k1, k2, n)
                  for a in itertools.combinations(range(n), k1)
                  for b in itertools.combinations(range(n), k2)]
        smallest, largest, _, _ = sim_n_extremes(k1, k2, n)
        assert smallest == pytest.approx(min(scores), abs=1e-12)
        assert largest == pytest.approx(max(scores), abs=1e-12)


def test_figure1_values_for_the_papers_settings():
    """n = 10, k2 = 6, 8: hand values from eq. 14, e.g. k1 = 1, k2 = 6: E[r] = 0.6,
    max = (1 - 0.6)/0.6 = 2/3, min = -0.6/0.6 = -1; k1 = k2 gives Kuncheva's range [-r.., 1]."""
    table = figure1_table(10, (6, 8))
    assert len(table) == 18
    for _, row in table.iterrows():
        k1, k2 = int(row["k1"]), int(row["k2"])
        low, high = max(0, k1 + k2 - 10), min(k1, k2)
        assert row["sim_n_min"] == pytest.approx(sim_n_eq14(low, k1, k2, 10), abs=1e-12)
        assert row["sim_n_max"] == pytest.approx(sim_n_eq14(high, k1, k2, 10), abs=1e-12)
    first = table[(table["k2"] == 6) & (table["k1"] == 1)].iloc[0]
    assert first["sim_n_max"] == pytest.approx(2 / 3)
    assert first["sim_n_min"] == pytest.approx(-1.0)
    assert table["sim_n_max"].max() == pytest.approx(1.0)
    assert table["sim_n_min"].min() >= -1.0 - 1e-12
    fig = figure1_plot(table)
    assert len(fig.axes) == 2
    assert fig.axes[0].get_xlabel() == "$k_1$"


def _value(table: pd.DataFrame, example: str, measure: str) -> float:
    return float(table.loc[table["measure"] == measure, example].iloc[0])


def test_toy_examples_reproduce_the_values_stated_in_the_paper():
    toy = toy_example_table()
    assert set(toy["measure"]) == set(set_measures())
    assert "canberra" not in set(toy["measure"])  # needs ranks
    assert _value(toy, "eq3", "hamming") == pytest.approx(5 / 9)
    assert _value(toy, "example1_k7", "lustgarten") == pytest.approx(0.7)
    assert _value(toy, "example1_k4", "lustgarten") == pytest.approx(0.6)
    for m in ("kuncheva", "wald", "npog", "nogueira_brown", "nogueira", "jaccard"):
        assert _value(toy, "example1_k7", m) == pytest.approx(1.0)
        assert _value(toy, "example1_k4", m) == pytest.approx(1.0)
    assert _value(toy, "example2", "wald") == pytest.approx(1.0)
    assert _value(toy, "example2", "lustgarten") < 1
    assert _value(toy, "example4", "wald") == pytest.approx(0.0, abs=1e-12)
    assert _value(toy, "example4_n100", "wald") == pytest.approx(-99.0)
    assert _value(toy, "example4_n100", "npog") == pytest.approx(-99.0)
    assert _value(toy, "example4_n100", "nogueira_brown") == pytest.approx(-1.0)
    # Kuncheva's index needs equal sizes: undefined where sizes vary
    assert math.isnan(_value(toy, "example2", "kuncheva"))


def test_npog_of_examples_2_and_3_by_hand():
    """Ten runs alternating A = 1..8 and B = 1..2 (n = 10). nPOG(A, B) = (2 - 1.6)/(8 - 1.6)
    = 1/16, nPOG(B, A) = nPOG(A, A) = nPOG(B, B) = 1. Of the 45 pairs i < j, A B A B ...
    has 15 (A, B) pairs, 10 (B, A) and 20 equal: (15/16 + 30)/45 = 0.6875; the permuted
    B A B A ... has 10 (A, B) pairs: (10/16 + 35)/45 = 0.7916..."""
    toy = toy_example_table()
    assert _value(toy, "example2", "npog") == pytest.approx((15 / 16 + 30) / 45)
    assert _value(toy, "example3", "npog") == pytest.approx((10 / 16 + 35) / 45)
    # the symmetric measures do not see the order
    for m in ("nogueira_brown", "wald", "lustgarten", "jaccard"):
        assert _value(toy, "example2", m) == pytest.approx(_value(toy, "example3", m))


def test_toy_example_definitions():
    by_key = {e.key: e for e in TOY_EXAMPLES}

    def matrix(key):
        return as_selection_matrix(list(by_key[key].runs), d=by_key[key].n).toarray()

    assert matrix("eq3").astype(int).tolist() == [
        [1, 0, 0, 1, 0, 1], [1, 1, 0, 0, 0, 1], [1, 0, 1, 1, 1, 1]]
    ex4 = matrix("example4")
    assert ex4.shape == (10, 10)
    assert ex4.sum(axis=1).tolist() == [8] * 9 + [2]


def _summary():
    return pd.DataFrame({
        "dataset": ["wine", "breast"], "configuration": ["rf_p50", "rf_p50"],
        "param_min_tree_fraction": [0.5, 0.5],
        "nogueira_brown": [0.8, 0.7], "lustgarten": [0.5, 0.4], "wald": [0.81, 0.71],
        "npog": [0.7, 0.69],
    })


def test_table2_and_figure2_tables():
    info = {"wine": {"n_examples": 178, "n_classes": 3, "n_features": 13},
            "breast": {"n_examples": 569, "n_classes": 2, "n_features": 30}}
    counts = {"wine": np.array([9, 10, 11, 10]), "breast": np.array([15, 15, 16, 14])}
    table = table2(info, _summary(), counts)
    wine = table[table["dataset"] == "wine"].iloc[0]
    assert wine["mean_selected"] == 10.0
    # sd with ddof = 1: squared deviations 1 + 0 + 1 + 0 = 2, / 3
    assert wine["sd_selected"] == pytest.approx(math.sqrt(2 / 3))
    assert wine["p"] == 0.5 and wine["n_classes"] == 3  # noqa: PT018
    fig2 = figure2_table(_summary(), ["nogueira_brown", "lustgarten", "wald", "npog"])
    assert len(fig2) == 8
    with pytest.raises(ValueError, match=r"no column\(s\) \['kuncheva'\]"):
        figure2_table(_summary(), ["kuncheva"])
    # one group of bars per data set, one bar per measure; undefined values marked n/a
    fig2.loc[0, "stability"] = math.nan
    ax = figure2_plot(fig2, title="K = 4").axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["wine", "breast"]
    assert len(ax.patches) == 8
    assert [t.get_text() for t in ax.texts] == ["n/a"]


def test_pair_statistics_by_hand():
    # d = 13; sets {0..5}, {0..6}, {0..5}. Pairs (0,1) and (1,2): a = 6, b = 7, E = 42/13,
    # E - max(0, a + b - d) = 42/13 > min(a, b) - E = 36/13: the denominators differ, and
    # sim_W = 1 (nested) while sim_N = (6 - 42/13) / (42/13) = 6/7. Pair (0,2): identical.
    Z = np.zeros((3, 13), dtype=bool)
    Z[0, :6] = Z[2, :6] = True
    Z[1, :7] = True
    row = pair_statistics({"toy": Z}).iloc[0]
    assert row["pairs"] == 3
    assert row["unequal_denominators"] == pytest.approx(2 / 3)
    assert row["scores_differ"] == pytest.approx(2 / 3)
    assert row["min_wald"] == pytest.approx(1.0)
    assert row["min_nogueira_brown"] == pytest.approx(6 / 7)
    assert row["mean_gap"] == pytest.approx(2 * (1 - 6 / 7) / 3)
