"""Hamer & Dupont (2021), §5.3: stability with correlated feature groups, Figs. 7-8
(fsstab.papers.hamer2021.correlated).

Reference values: the brute-force oracles of ``bruteforce_measures``, Sechidis et al. (2019)'s
φ_C = φ when C is the identity (c = 1), Table 1's choice of method and a summary by hand.
"""

from __future__ import annotations

import math

import bruteforce_measures as bf
import numpy as np
import pandas as pd
import pytest

from fsstab.papers.hamer2021.correlated import (
    correlated_groups_stability,
    group_selector,
    summarise_correlated_groups,
)
from fsstab.selectors import GroupLassoSelector, LassoSelector


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
