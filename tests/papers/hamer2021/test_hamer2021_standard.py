"""Hamer & Dupont (2021), §7.2-7.3: Table 5 and the variability of the measures, Figs. 19-20
(fsstab.papers.hamer2021.standard).

Reference values: the brute-force oracles of ``bruteforce_measures`` on each group of runs and
coefficients of variation by hand.
"""

from __future__ import annotations

import math

import bruteforce_measures as bf
import numpy as np
import pandas as pd
import pytest
from hamer2021_tables import selection_tables

from fsstab.papers.hamer2021.standard import block_estimates, coefficients_of_variation, table5


def test_table5_takes_the_single_lasso_setting():
    summary = pd.DataFrame({
        "selector": ["lasso", "relief"], "accuracy_mean": [0.9, 0.8], "nogueira": [0.3, 0.4],
        "pearson": [0.5, 0.6], "importance_weighted": [0.35, 0.45], "mean_n_selected": [20, 20],
        "n_runs": [30, 30], "n_features": [5000, 5000], "accuracy_se": [0.01, 0.02],
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
    runs, features = selection_tables(rows)
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
