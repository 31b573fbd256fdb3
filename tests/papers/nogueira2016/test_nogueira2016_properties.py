"""Nogueira & Brown (2016): the measure properties of Table 1, §3.1, §4 and §5 on every pair of
sets (fsstab.papers.nogueira2016.properties). References: Table 1 of the paper, brute force over
all pairs of subsets, and the hypergeometric law written out here."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from fsstab.papers.nogueira2016.properties import (
    PROPERTIES,
    TABLE1_MEASURES,
    measure_pairs,
    property_checks,
    table1_properties,
    theorem1_table,
)

# Table 1 of the paper (properties 1-5; sim_N from §4), typed from the paper, not from
# reference.py
TABLE1 = {
    "jaccard": "1 2 4 5", "hamming": "1 2 4 5", "kuncheva": "1 2 3 5",
    "lustgarten": "2 3 4 5", "wald": "2 3 4 5", "npog": "2 3 4", "somol": "1 2 4 5",
    "nogueira_brown": "1 2 3 4 5",
}


@pytest.fixture(scope="module")
def pairs():
    return measure_pairs(n_values=(3, 4, 5, 6, 7))


def test_one_pair_per_feasible_intersection_covers_every_pair_of_subsets(pairs):
    for n in (4, 5):
        subsets = [frozenset(c) for k in range(1, n) for c in itertools.combinations(range(n), k)]
        seen = {(len(a), len(b), len(a & b)) for a in subsets for b in subsets}
        ours = pairs[pairs["n"] == n]
        assert set(zip(ours["k1"], ours["k2"], ours["r"], strict=True)) == seen
        assert len(ours) == len(seen)


def test_probabilities_are_the_hypergeometric_law(pairs):
    sums = pairs.groupby(["n", "k1", "k2"])["probability"].sum()
    assert np.allclose(sums, 1.0)
    # n = 5, k1 = 2, k2 = 3: P(r = 1) = C(2,1) C(3,2) / C(5,3) = 6 / 10
    row = pairs[(pairs["n"] == 5) & (pairs["k1"] == 2) & (pairs["k2"] == 3) & (pairs["r"] == 1)]
    assert row["probability"].iloc[0] == pytest.approx(0.6)


def test_scores_match_the_papers_equations_written_out(pairs):
    for row in pairs.sample(60, random_state=0).itertuples():
        n, k1, k2, r = row.n, row.k1, row.k2, row.r
        e = k1 * k2 / n
        r_min, r_max = max(0, k1 + k2 - n), min(k1, k2)
        assert row.lustgarten == pytest.approx((r - e) / (r_max - r_min))          # eq. 7
        assert row.wald == pytest.approx((r - e) / (r_max - e))                    # eq. 8
        assert row.npog == pytest.approx((r - e) / (k1 - e))                       # eq. 9
        assert row.npog_swapped == pytest.approx((r - e) / (k2 - e))
        assert row.nogueira_brown == pytest.approx((r - e) / max(e - r_min, r_max - e))  # 14
        assert row.hamming == pytest.approx((n - k1 - k2 + 2 * r) / n)
        assert row.jaccard == pytest.approx(r / (k1 + k2 - r))
        if k1 == k2:
            assert row.kuncheva == pytest.approx((r - k1 ** 2 / n) / (k1 - k1 ** 2 / n))  # 4
        else:
            assert math.isnan(row.kuncheva)


def test_our_table1_is_the_papers(pairs):
    table = table1_properties(pairs).set_index("measure")
    assert list(table.index) == list(TABLE1_MEASURES)
    assert dict(table["ours"]) == TABLE1
    assert (table["ours"] == table["paper"]).all()


def test_each_property_check_can_fail(pairs):
    broken = pairs.copy()
    # an asymmetric, biased, unbounded and non-monotone variant of sim_N
    broken["nogueira_brown_swapped"] = broken["nogueira_brown"] + 0.1
    broken["nogueira_brown"] = np.where(broken["r"] == 0, 5.0, broken["nogueira_brown"])
    checks = property_checks(broken, "nogueira_brown")
    assert not checks[1][0]
    assert "scores in [-1, 5]" in checks[1][1]
    assert not checks[2][0]
    assert not checks[3][0]
    assert not checks[5][0]
    assert set(checks) == set(PROPERTIES)


def test_theorem1_gap_shrinks_and_sim_k_is_the_mean_pairwise_kuncheva():
    table = theorem1_table(repeats=(1, 3))
    assert list(table["K"]) == [4, 12]
    sets = [{0, 1, 2, 3}, {0, 1, 2, 4}, {0, 1, 5, 6}, {0, 2, 3, 7}] * 3
    k, n = 4, 10
    by_hand = np.mean([(len(a & b) - k * k / n) / (k - k * k / n)
                       for a, b in itertools.combinations(sets, 2)])
    assert table["sim_k"].iloc[1] == pytest.approx(by_hand)
    assert table["gap"].iloc[1] < table["gap"].iloc[0]
