"""Bommert (2020), §6.2: all 2^7 x 2^7 = 16,384 pairs of feature sets of p = 7 features.

Table 6.3 counts, per stability measure, the scenarios where it is undefined; Table 6.4 lists
the adjusted measures for two scenarios. Similarities are those of Figure 6.1 with θ = 0.9,
and the expectations of SMY and SMA-* are exact (§6.2.1). The enumeration lives in
:mod:`fsstab.papers.bommert2020.ch6.all_pairs` (the workflow writes these tables); the reference
numbers below are transcribed from the thesis (not from ``ch6.reference``, which the code
compares against).
"""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.measures import (
    compute,
    intersection_count,
    intersection_greedy,
    intersection_mbm,
    intersection_mean,
    sechidis,
    yu,
)
from fsstab.papers.bommert2020.ch6.all_pairs import (
    all_subsets,
    feature_automorphisms,
    figure_6_1_similarity,
    scenario_orbits,
    subset_pair_values,
    table_6_3,
    table_6_4,
)
from fsstab.papers.bommert2020.ch6.reference import (
    ADJUSTED_PAIRWISE,
    SET_LEVEL,
    UNADJUSTED_PAIRWISE,
)

P = 7
THETA = 0.9
C = figure_6_1_similarity()

TABLE_6_3 = {
    "hamming": 0,  # SMH
    "jaccard": 1,  # SMJ
    "dice": 1,  # SMD
    "novovicova": 1,  # SME
    "davis": 1,  # SMD-0 (penalty α = 0)
    "zucknick": 1,  # SMZ
    "kappa": 2,  # SMK
    "nogueira": 2,  # SMN
    "sechidis": 2,  # SMES
    "yu": 2,  # SMY
    "somol": 30,  # SMS
    "ochiai": 255,  # SMO
    "unadjusted": 256,  # SMU
    "intersection_mbm": 256,  # SMA-MBM
    "intersection_greedy": 256,  # SMA-Greedy
    "intersection_count": 256,  # SMA-Count
    "intersection_mean": 256,  # SMA-Mean
    "lustgarten": 508,  # SML
    "wald": 508,  # SMW
    "phi_pairwise": 508,  # SMP
}


@pytest.fixture(scope="module")
def values() -> dict[str, np.ndarray]:
    return subset_pair_values(C, threshold=THETA)


def test_figure_6_1_blocks():
    assert C.shape == (P, P)
    np.testing.assert_array_equal(C, C.T)
    assert C[0, 1] == C[0, 2] == C[1, 2] == C[3, 4] == C[5, 6] == 0.95
    assert C[0, 3] == C[2, 6] == C[4, 5] == 0.1
    np.testing.assert_array_equal(np.diag(C), 1.0)


def test_table_6_3_lists_every_measure_once(values):
    assert sorted(UNADJUSTED_PAIRWISE + ADJUSTED_PAIRWISE + SET_LEVEL) == sorted(TABLE_6_3)
    assert sorted(values) == sorted(TABLE_6_3)


@pytest.mark.parametrize("name", sorted(TABLE_6_3))
def test_table_6_3(values, name):
    assert values[name].shape == (2**P, 2**P)
    assert int(np.isnan(values[name]).sum()) == TABLE_6_3[name]


def test_automorphisms_of_figure_6_1():
    group = feature_automorphisms(C)
    # 3! x 2! x 2! within blocks, x 2 swapping the blocks X4X5 and X6X7
    assert len(group) == 3 * 2 * 2 * 2 * 2
    for g in group:
        np.testing.assert_array_equal(C[np.ix_(g, g)], C)


def test_orbits_partition_the_scenarios_and_are_invariant_classes():
    """Every scenario belongs to one class; a measure that depends on the sets only through
    what the orbit argument assumes takes one value per class -- checked here directly by
    evaluating the set-level measures on every member of a sample of classes."""
    representatives, inverse = scenario_orbits(C)
    assert inverse.shape == (4**P,)
    assert np.array_equal(np.unique(inverse), np.arange(len(representatives)))
    subsets = all_subsets(P)
    rng = np.random.default_rng(0)
    for k in rng.choice(len(representatives), size=12, replace=False):
        members = np.flatnonzero(inverse == k)
        reference = compute(subsets[list(representatives[k])], SET_LEVEL, C=C, threshold=THETA)
        for s in members[:6]:
            pair = subsets[[s // 2**P, s % 2**P]]
            got = compute(pair, SET_LEVEL, C=C, threshold=THETA)
            for name in SET_LEVEL:
                assert got[name] == pytest.approx(reference[name], nan_ok=True), (name, s)


def test_set_level_values_equal_a_direct_evaluation(values):
    """The class-wise evaluation gives what a direct call on each scenario gives."""
    subsets = all_subsets(P)
    rng = np.random.default_rng(1)
    for s in rng.choice(4**P, size=40, replace=False):
        a, b = divmod(int(s), 2**P)
        direct = compute(subsets[[a, b]], SET_LEVEL, C=C, threshold=THETA)
        for name in SET_LEVEL:
            assert values[name][a, b] == pytest.approx(direct[name], nan_ok=True), (name, a, b)


def _features(*labels: int) -> list[int]:
    """Thesis labels X1..X7 to 0-based indices."""
    return [label - 1 for label in labels]


@pytest.mark.parametrize(
    ("V2", "smes"),
    [(_features(1, 7), -1.6686), (_features(6, 7), -2.5280)],
)
def test_table_6_4(V2, smes):
    sets = [_features(4, 5), V2]
    exact = {"threshold": THETA, "d": P, "correction": "exact"}
    assert intersection_mean(sets, C, **exact) == pytest.approx(-1.1238, abs=5e-5)
    for measure in (intersection_count, intersection_greedy, intersection_mbm):
        assert measure(sets, C, **exact) == pytest.approx(-1.1832, abs=5e-5)
    assert yu(sets, C, **exact) == pytest.approx(-1.2500, abs=5e-5)
    assert sechidis(sets, C, threshold=THETA, d=P) == pytest.approx(smes, abs=5e-5)


def test_table_6_4_within_the_enumeration(values):
    """The same two scenarios read off the all-pairs matrices."""
    def subset_id(features):
        return int(sum(1 << f for f in features))

    v1 = subset_id(_features(4, 5))
    for V2, smes in ((_features(1, 7), -1.6686), (_features(6, 7), -2.5280)):
        v2 = subset_id(V2)
        assert values["intersection_count"][v1, v2] == pytest.approx(-1.1832, abs=5e-5)
        assert values["yu"][v1, v2] == pytest.approx(-1.25, abs=5e-5)
        assert values["sechidis"][v1, v2] == pytest.approx(smes, abs=5e-5)


def test_distinct_values_stated_in_section_6_2(values):
    """§6.2.2: "SMH takes 8 and SMS only 5 distinct values for the 16 384 combinations"."""
    for name, expected in (("hamming", 8), ("somol", 5)):
        v = values[name][np.isfinite(values[name])]
        assert np.unique(np.round(v, 10)).size == expected


def test_tables_6_3_and_6_4_as_written(values):
    undefined = table_6_3(values).set_index("measure")
    assert undefined["undefined"].to_dict() == TABLE_6_3
    assert (undefined["undefined"] == undefined["thesis"]).all()
    table = table_6_4(C, threshold=THETA)
    assert len(table) == 12
    np.testing.assert_allclose(table["value"], table["thesis"], atol=5e-5)
    assert set(table["V1"]) == {"{X4, X5}"}
