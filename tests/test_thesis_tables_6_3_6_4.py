"""Bommert (2020), §6.2: all 2^7 x 2^7 = 16,384 pairs of feature sets of p = 7 features.

Table 6.3 counts, per stability measure, the scenarios where it is undefined; Table 6.4 lists
the adjusted measures for two scenarios. Similarities are those of Figure 6.1 with θ = 0.9,
and the expectations of SMY and SMA-* are exact (§6.2.1).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from fsstab.measures import (
    adjusted_pair_score_matrix,
    compute,
    intersection_count,
    intersection_greedy,
    intersection_mbm,
    intersection_mean,
    pair_score_matrix,
    sechidis,
    yu,
)

P = 7
THETA = 0.9


def figure_6_1() -> np.ndarray:
    """Figure 6.1: X1-X3, X4-X5 and X6-X7 are blocks of similarity 0.95, all else 0.1.

    (The PDF conversion garbles the X7 row; symmetry and the text -- "the similarity values
    of X1 to X4 and X5 are exactly identical to the similarity values of X6 to X4 and X5" --
    fix it, and Table 6.4 below confirms the matrix.)
    """
    C = np.full((P, P), 0.1)
    for block in [(0, 1, 2), (3, 4), (5, 6)]:
        C[np.ix_(block, block)] = 0.95
    np.fill_diagonal(C, 1.0)
    return C


C = figure_6_1()
#: Every subset of the 7 features, subset v = features whose bit is set in v.
ALL_SETS = ((np.arange(2**P)[:, None] >> np.arange(P)) & 1).astype(bool)

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
UNADJUSTED_PAIRWISE = ["hamming", "jaccard", "dice", "kappa", "ochiai", "unadjusted",
                       "lustgarten", "wald", "phi_pairwise"]
ADJUSTED_PAIRWISE = ["zucknick", "yu", "intersection_mbm", "intersection_greedy",
                     "intersection_count", "intersection_mean"]
SET_LEVEL = ["novovicova", "davis", "somol", "nogueira", "sechidis"]


def test_table_6_3_lists_every_measure_once():
    assert sorted(UNADJUSTED_PAIRWISE + ADJUSTED_PAIRWISE + SET_LEVEL) == sorted(TABLE_6_3)


@pytest.mark.parametrize("name", UNADJUSTED_PAIRWISE + ADJUSTED_PAIRWISE)
def test_table_6_3_pairwise_measures(name):
    """With m = 2 the measure is the single pairwise score, so the M x M score matrix of all
    128 subsets holds all 16,384 ordered scenarios (the diagonal: V_1 = V_2)."""
    if name in ADJUSTED_PAIRWISE:
        correction = "none" if name == "zucknick" else "exact"
        scores = adjusted_pair_score_matrix(name, ALL_SETS, C, threshold=THETA,
                                            correction=correction)
    else:
        scores = pair_score_matrix(name, ALL_SETS, d=P)
    assert scores.shape == (2**P, 2**P)
    assert int(np.isnan(scores).sum()) == TABLE_6_3[name]


def _automorphisms(C: np.ndarray) -> np.ndarray:
    """All feature permutations g with C[g][:, g] = C (found by brute force over 7!)."""
    perms = np.array(list(itertools.permutations(range(P))))
    keep = [g for g in perms if np.array_equal(C[np.ix_(g, g)], C)]
    return np.array(keep)


def _permuted_subsets(group: np.ndarray) -> np.ndarray:
    """``out[g, v]`` = the subset v after renaming every feature f to ``group[g, f]``."""
    members = (np.arange(2**P)[:, None] >> np.arange(P)) & 1  # (128, 7)
    return np.stack([members @ (1 << g) for g in group])  # (|G|, 128)


def test_table_6_3_set_level_measures():
    """SME, SMD-0, SMS, SMN and SMES are not averages of pairwise scores, so they are
    evaluated per scenario -- once per orbit of scenarios that they cannot distinguish.

    They depend on Z only through the selection counts, set sizes and (SMES) tr(C S), which
    do not change when the two runs are swapped or when features are renamed by a
    permutation g with C[g][:, g] = C (then tr(C S) is the same sum, relabelled). Figure 6.1
    has 48 such permutations, which cuts the 16,384 scenarios to a few hundred orbits. The
    invariance is itself checked on every orbit representative for one non-trivial g.
    """
    group = _automorphisms(C)
    assert len(group) == 3 * 2 * 2 * 2 * 2  # 3! x 2! x 2! within blocks, x 2 swapping X4X5/X6X7
    permuted = _permuted_subsets(group)
    v1, v2 = np.meshgrid(np.arange(2**P), np.arange(2**P), indexing="ij")
    v1, v2 = v1.ravel(), v2.ravel()
    images = np.concatenate([permuted[:, v1] * 2**P + permuted[:, v2],
                             permuted[:, v2] * 2**P + permuted[:, v1]])
    keys, orbit_sizes = np.unique(images.min(axis=0), return_counts=True)
    assert orbit_sizes.sum() == 4**P
    g = next(g for g in group if not np.array_equal(g, np.arange(P)))

    undefined = dict.fromkeys(SET_LEVEL, 0)
    for key, size in zip(keys.tolist(), orbit_sizes.tolist(), strict=True):
        pair = ALL_SETS[[key // 2**P, key % 2**P]]
        values = compute(pair, SET_LEVEL, C=C, threshold=THETA)
        relabelled = compute(pair[:, np.argsort(g)], SET_LEVEL, C=C, threshold=THETA)
        for name in SET_LEVEL:
            assert values[name] == pytest.approx(relabelled[name], nan_ok=True), (name, key)
            undefined[name] += size * bool(np.isnan(values[name]))
    assert undefined == {name: TABLE_6_3[name] for name in SET_LEVEL}


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
