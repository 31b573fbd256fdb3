"""Adjusted measures: agreement with straightforward implementations and thesis properties."""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
import pytest
import scipy.sparse as sp
from bruteforce_adjusted import (
    ADJUSTMENTS,
    adjusted_intersection,
    corrected_pair_score,
    expectation,
    mean_over_pairs,
    smes,
    smn,
    smu,
    zucknick_corrected_pair,
    zucknick_pair,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsstab.measures import (
    UndefinedMeasureError,
    adjusted_pair_score_matrix,
    intersection_count,
    intersection_greedy,
    intersection_mbm,
    intersection_mean,
    sechidis,
    yu,
    zucknick,
)
from fsstab.measures._chance import random_ordered_subsets

SMA_AND_YU = {
    "intersection_mbm": intersection_mbm,
    "intersection_greedy": intersection_greedy,
    "intersection_count": intersection_count,
    "intersection_mean": intersection_mean,
    "yu": yu,
}
# Similarity values with ties and values exactly at the thresholds used below.
SIMILARITIES = [0.0, 0.3, 0.5, 0.85, 0.9, 0.95, 1.0]
THRESHOLDS = [0.5, 0.9, 0.95]


@st.composite
def scenarios(draw, max_p: int = 6, max_m: int = 4):
    """(sets, p, C, θ): m random subsets (possibly empty) of p features, random symmetric C."""
    p = draw(st.integers(2, max_p))
    m = draw(st.integers(2, max_m))
    sets = draw(st.lists(st.sets(st.integers(0, p - 1)), min_size=m, max_size=m))
    upper = draw(st.lists(st.sampled_from(SIMILARITIES), min_size=p * (p - 1) // 2,
                          max_size=p * (p - 1) // 2))
    C = np.eye(p)
    C[np.triu_indices(p, 1)] = upper
    C = np.maximum(C, C.T)
    theta = draw(st.sampled_from(THRESHOLDS))
    return [sorted(s) for s in sets], p, C, theta


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) <= 1e-9


@functools.cache
def _brute_expectation(name: str, a: int, b: int, p: int, C_key: tuple, theta: float) -> float:
    C = np.array(C_key)
    return expectation(lambda U, V: adjusted_intersection(name, U, V, C, theta), a, b, p)


def _brute_corrected(name, sets, p, C, theta):
    """corrected_pair_score with the enumeration memoised per pair of sizes (same formula)."""
    C_key = tuple(map(tuple, C))

    def score(Vi, Vj):
        if not any(C[x][y] >= theta for x in range(p) for y in range(p) if x != y):
            return corrected_pair_score(name, Vi, Vj, p, C, theta)
        a, b = len(Vi), len(Vj)
        X = adjusted_intersection(name, Vi, Vj, C, theta)
        E = _brute_expectation(name, min(a, b), max(a, b), p, C_key, theta)
        UB = (a + b) / 2 if name == "yu" else math.sqrt(a * b)
        return (X - E) / (UB - E) if UB - E > 0 else math.nan

    return mean_over_pairs(score, sets)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_sma_and_yu_match_bruteforce(scenario):
    sets, p, C, theta = scenario
    for name, function in SMA_AND_YU.items():
        got = function(sets, C, threshold=theta, d=p, correction="exact")
        assert _same(got, _brute_corrected(name, sets, p, C, theta)), name
        raw = function(sets, C, threshold=theta, d=p, correction="none")

        def raw_pair(Vi, Vj, name=name):
            if name == "yu" and not Vi and not Vj:
                return math.nan  # SMY is undefined for two empty sets (App. B.1)
            return adjusted_intersection(name, Vi, Vj, C, theta)

        assert _same(raw, mean_over_pairs(raw_pair, sets)), name


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(max_p=5, max_m=3))
def test_zucknick_matches_bruteforce(scenario):
    sets, p, C, theta = scenario
    plain = zucknick(sets, C, threshold=theta, d=p)
    assert _same(plain, mean_over_pairs(lambda U, V: zucknick_pair(U, V, C, theta), sets))
    corrected = zucknick(sets, C, threshold=theta, d=p, correction="exact")
    brute = mean_over_pairs(lambda U, V: zucknick_corrected_pair(U, V, p, C, theta), sets)
    assert _same(corrected, brute)


@settings(max_examples=60, deadline=None)
@given(scenarios(max_p=8, max_m=5), st.booleans())
def test_sechidis_matches_dense_definition(scenario, sparse_input):
    sets, p, C, theta = scenario
    C_in = sp.csr_array(C) if sparse_input else C
    for threshold in (theta, 0.0):
        assert _same(sechidis(sets, C_in, threshold=threshold, d=p),
                     smes(sets, p, C, threshold))


@settings(max_examples=60, deadline=None)
@given(scenarios(max_p=8, max_m=5))
def test_sechidis_is_nogueira_when_C_is_identity(scenario):
    """Sechidis et al. (2019), §3.2: Φ_C reduces to Nogueira's φ (SMN) for C = I."""
    sets, p, _, theta = scenario
    assert _same(sechidis(sets, np.eye(p), threshold=theta, d=p), smn(sets, p))
    # Similarities below θ are removed first, so they do not matter either.
    below = np.full((p, p), theta / 2)
    np.fill_diagonal(below, 1.0)
    assert _same(sechidis(sets, below, threshold=theta, d=p), smn(sets, p))


@settings(max_examples=40, deadline=None)
@given(scenarios(max_p=8, max_m=5), st.sampled_from(["auto", "exact", "estimate"]))
def test_fallback_without_similar_features(scenario, correction):
    """No similar pair: SMA-* and SMY are SMU (reference README); SMZ is SMJ (thesis)."""
    sets, p, C, theta = scenario
    C = np.where(theta <= C, theta / 2, C)
    np.fill_diagonal(C, 1.0)
    expected = smu(sets, p)
    for name, function in SMA_AND_YU.items():
        got = function(sets, C, threshold=theta, d=p, correction=correction)
        assert _same(got, expected), name
    jaccard = mean_over_pairs(
        lambda U, V: len(set(U) & set(V)) / len(set(U) | set(V)) if U or V else math.nan, sets
    )
    assert _same(zucknick(sets, C, threshold=theta, d=p), jaccard)


@st.composite
def larger_scenarios(draw):
    """Up to 40 features, a random similarity graph with tied and distinct weights."""
    p = draw(st.integers(2, 40))
    m = draw(st.integers(2, 6))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from([0.05, 0.2, 0.5]))
    ties = draw(st.booleans())
    values = rng.choice([0.92, 0.96], size=(p, p)) if ties else rng.uniform(0.9, 1, (p, p))
    C = np.where(rng.random((p, p)) < density, values, 0.1)
    C = np.triu(C, 1)
    C = C + C.T + np.eye(p)
    sizes = rng.integers(0, p + 1, size=m)
    sets = [sorted(rng.choice(p, size=k, replace=False).tolist()) for k in sizes]
    return sets, p, C, 0.9


@settings(max_examples=40, deadline=None)
@given(larger_scenarios())
def test_adjustments_per_pair_match_bruteforce_and_are_ordered(scenario):
    """Per pair: each adjusted intersection equals the straightforward one, and
    Adj_Greedy <= Adj_MBM <= Adj_Count, Adj_Mean <= Adj_Count (Bommert 2020, App. B.1)."""
    sets, p, C, theta = scenario
    raw = {
        name: adjusted_pair_score_matrix(name, sets, C, threshold=theta, d=p, correction="none")
        for name in ADJUSTMENTS
    }
    sizes = np.array([len(s) for s in sets])
    for i, j in itertools.combinations_with_replacement(range(len(sets)), 2):
        for name in ADJUSTMENTS:
            if name == "intersection_mbm" and len(set(sets[i]) ^ set(sets[j])) > 16:
                continue  # exhaustive matching search would be too slow
            expected = adjusted_intersection(name, sets[i], sets[j], C, theta)
            if name == "yu" and not sets[i] and not sets[j]:
                expected = math.nan
            assert _same(raw[name][i, j], expected), (name, i, j)
    eps = 1e-12
    assert np.all(raw["intersection_greedy"] <= raw["intersection_mbm"] + eps)
    assert np.all(raw["intersection_mbm"] <= raw["intersection_count"] + eps)
    assert np.all(raw["intersection_mean"] <= raw["intersection_count"] + eps)
    # |V_i ∩ V_j| + Adj_Count <= min(|V_i|, |V_j|) <= sqrt(|V_i||V_j|) (App. B.1, SMA).
    assert np.all(raw["intersection_count"] <= np.minimum.outer(sizes, sizes) + eps)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(max_p=6, max_m=4))
def test_bounds_and_maximum(scenario):
    """SMA-*, SMY <= 1 and SMZ in [0, 1] (Bommert 2020, App. B.1); identical sets give 1."""
    sets, p, C, theta = scenario
    for function in SMA_AND_YU.values():
        value = function(sets, C, threshold=theta, d=p, correction="exact")
        assert math.isnan(value) or value <= 1 + 1e-12
    value = zucknick(sets, C, threshold=theta, d=p)
    assert math.isnan(value) or -1e-12 <= value <= 1 + 1e-12
    V = sets[0]
    identical = [V, V, V]
    if V:
        assert zucknick(identical, C, threshold=theta, d=p) == 1.0
    for function in SMA_AND_YU.values():
        # 1 unless undefined: random sets may always reach the maximum (E[X] = UB), e.g.
        # V = {x} when every feature is similar to every other.
        value = function(identical, C, threshold=theta, d=p)
        assert math.isnan(value) or value == pytest.approx(1.0)
        if 0 < len(V) < p and not np.any((theta <= C) & ~np.eye(p, dtype=bool)):
            assert value == pytest.approx(1.0)


def _mean_scores_under_random_selection(p, C, theta, a, b) -> dict[str, float]:
    """Mean pairwise score over all pairs of subsets of sizes a and b (exact expectations)."""
    subsets_a = [list(s) for s in itertools.combinations(range(p), a)]
    subsets_b = [list(s) for s in itertools.combinations(range(p), b)]
    means = {}
    for name in SMA_AND_YU:
        scores = adjusted_pair_score_matrix(
            name, subsets_a + subsets_b, C, threshold=theta, d=p, correction="exact"
        )[: len(subsets_a), len(subsets_a):]
        means[name] = float(scores.mean())
    return means


@settings(max_examples=20, deadline=None)
@given(scenarios(max_p=6, max_m=2), st.integers(1, 5), st.integers(1, 5))
def test_corrected_for_chance(scenario, a, b):
    """Correction for chance (Bommert 2020, §6.1): under random selection of sets of sizes
    a and b, the expected pairwise score of SMY and SMA-* is 0. With exact expectations the
    mean over all pairs of subsets is 0 up to rounding (NaN if E[X] = UB for these sizes)."""
    _, p, C, theta = scenario
    a, b = min(a, p - 1), min(b, p - 1)
    for name, mean in _mean_scores_under_random_selection(p, C, theta, a, b).items():
        assert math.isnan(mean) or abs(mean) < 1e-12, name


def test_corrected_for_chance_with_similar_blocks():
    C = np.kron(np.eye(3), np.full((2, 2), 0.85)) + np.eye(6) * 0.15 + 0.1 * (1 - np.eye(6))
    for name, mean in _mean_scores_under_random_selection(6, C, 0.9, 2, 3).items():
        assert abs(mean) < 1e-12, name


def test_monte_carlo_is_seeded_and_close_to_exact():
    rng = np.random.default_rng(3)
    p = 10
    C = np.where(rng.random((p, p)) < 0.3, 0.95, 0.2)
    C = np.triu(C, 1)
    C = C + C.T + np.eye(p)
    sets = [rng.choice(p, size=k, replace=False).tolist() for k in (3, 4, 4, 3)]
    sizes = np.array([len(s) for s in sets], dtype=float)
    for name, function in SMA_AND_YU.items():
        first = function(sets, C, threshold=0.9, d=p, correction="estimate", random_state=7)
        again = function(sets, C, threshold=0.9, d=p, correction="estimate",
                         random_state=np.random.RandomState(7))
        other = function(sets, C, threshold=0.9, d=p, correction="estimate", random_state=8)
        assert first == again  # bit-identical for the same seed
        assert first != other

        # Compare the expectations themselves: score s = (X - E) / (UB - E) gives
        # E = (X - s UB) / (1 - s). X lies in [0, min(a, b)] <= [0, 4], so its standard
        # deviation is at most 2 (Popoviciu) and a mean of 10^4 draws is within
        # 4 * 2 / 100 = 0.08 of E (4 standard errors). Pairs with X = UB (score 1 whatever E
        # is) carry no information about E and are skipped.
        X = adjusted_pair_score_matrix(name, sets, C, threshold=0.9, d=p, correction="none")
        UB = np.add.outer(sizes, sizes) / 2 if name == "yu" else np.sqrt(np.outer(sizes, sizes))
        informative = (X < UB) & ~np.eye(len(sets), dtype=bool)
        assert informative.sum() >= 6
        implied = {}
        for correction in ("exact", "estimate"):
            score = adjusted_pair_score_matrix(
                name, sets, C, threshold=0.9, d=p, correction=correction
            )
            x, s, ub = X[informative], score[informative], UB[informative]
            implied[correction] = (x - s * ub) / (1 - s)
        error = np.abs(implied["estimate"] - implied["exact"])
        assert np.all(error <= 4 * 2 / math.sqrt(10_000)), name


@pytest.mark.parametrize(
    ("n", "k", "d"),
    # stream branch; stream branch with some rows redrawn (k = d/2); random-key branch (2k > d)
    [(40_000, 3, 12), (20_000, 20, 40), (40_000, 4, 6), (20_000, 2, 3)],
)
def test_random_ordered_subsets_are_uniform(n, k, d):
    """Rows hold distinct features; every position is uniform over the d features and every
    prefix is a uniform subset (checked where the subsets can be counted).

    A count over n draws with probability q has standard deviation sqrt(n q (1 - q)); all
    counts must be within 5 of those.
    """
    samples = random_ordered_subsets(np.random.default_rng(0), n, k, d)
    assert samples.shape == (n, k)
    assert np.all(np.diff(np.sort(samples, axis=1), axis=1) > 0)

    def uniform(counts: np.ndarray, q: float) -> bool:
        return bool(np.all(np.abs(counts - n * q) <= 5 * math.sqrt(n * q * (1 - q))))

    for position in range(k):
        assert uniform(np.bincount(samples[:, position], minlength=d), 1 / d)
    for prefix in range(1, k + 1):
        if math.comb(d, prefix) > 500:
            break
        _, counts = np.unique(np.sort(samples[:, :prefix], axis=1), axis=0, return_counts=True)
        assert counts.size == math.comb(d, prefix)
        assert uniform(counts, 1 / math.comb(d, prefix))


def test_sparse_and_dense_similarity_give_identical_values():
    rng = np.random.default_rng(5)
    p = 30
    C = np.where(rng.random((p, p)) < 0.1, rng.uniform(0.85, 1, (p, p)), 0.0)
    C = np.triu(C, 1)
    C = C + C.T + np.eye(p)
    sets = [rng.choice(p, size=k, replace=False).tolist() for k in (5, 7, 6)]
    for function in [*SMA_AND_YU.values(), zucknick, sechidis]:
        for threshold in (0.9, 0.0):
            kwargs = {"threshold": threshold, "d": p}
            if function is not sechidis:
                kwargs |= {"correction": "estimate", "n_estimate": 2000}
            dense = function(sets, C, **kwargs)
            sparse = function(sets, sp.csr_array(C), **kwargs)
            assert dense == pytest.approx(sparse, abs=1e-12, nan_ok=True), function.__name__


def test_threshold_zero_makes_every_pair_similar():
    """θ = 0: all distinct features are similar, even with similarity 0 (unstored entries)."""
    sets = [[0, 1], [2, 3], [1, 4]]
    C = sp.csr_array(np.eye(5))
    # Two 2-sets always reach X = |∩| + Adj_Count = 2 (every leftover feature is matched), so
    # the raw mean is 2, E[X] = 2 = UB, and every corrected pairwise score is undefined.
    assert intersection_count(sets, C, threshold=0.0, d=5, correction="none") == 2.0
    assert math.isnan(intersection_count(sets, C, threshold=0.0, d=5, correction="exact"))


def test_undefined_policies():
    sets = [[0, 1], [], [1, 2]]
    C = np.eye(4)
    C[0, 2] = C[2, 0] = 0.95
    kwargs = {"threshold": 0.9, "d": 4}
    assert math.isnan(intersection_count(sets, C, **kwargs))
    with pytest.raises(UndefinedMeasureError, match="runs 0 and 1"):
        intersection_count(sets, C, undefined="raise", **kwargs)
    zero = intersection_count(sets, C, undefined="zero", **kwargs)
    only_defined = adjusted_pair_score_matrix("intersection_count", sets, C, **kwargs)[0, 2]
    assert np.isfinite(only_defined)
    assert zero == pytest.approx(only_defined / 3)
    assert math.isnan(sechidis([[], []], C, **kwargs))
    assert sechidis([[], []], C, undefined="zero", **kwargs) == 0.0
    with pytest.raises(UndefinedMeasureError):
        sechidis([[], []], C, undefined="raise", **kwargs)


@pytest.mark.parametrize(
    ("C", "kwargs", "message"),
    [
        (np.array([[1, 0.5, 0], [0.4, 1, 0], [0, 0, 1]]), {"threshold": 0.9}, "symmetric"),
        (sp.csr_array(np.array([[1, 0.5, 0], [0.4, 1, 0], [0, 0, 1]])), {"threshold": 0.9},
         "symmetric"),
        (np.eye(3), {}, "threshold is required"),
        (np.eye(3), {"threshold": 1.5}, "threshold must lie in"),
        (np.eye(3), {"threshold": float("nan")}, "threshold must lie in"),
        (np.eye(3), {"threshold": "high"}, "threshold must be a number"),
        (np.array([[1, 1.2, 0], [1.2, 1, 0], [0, 0, 1]]), {"threshold": 0.9}, r"\[0, 1\]"),
        (np.array([[1, -0.1, 0], [-0.1, 1, 0], [0, 0, 1]]), {"threshold": 0.9}, r"\[0, 1\]"),
        (np.eye(4), {"threshold": 0.9}, "d x d"),
        (np.eye(3) * 0.5, {"threshold": 0.9}, "unit diagonal"),
        (np.eye(3), {"threshold": 0.9, "correction": "approx"}, "correction must be one of"),
        (np.eye(3), {"threshold": 0.9, "n_estimate": 0}, "n_estimate"),
        (np.eye(3), {"threshold": 0.9, "undefined": "ignore"}, "undefined must be one of"),
    ],
)
def test_wrong_inputs_raise_value_error(C, kwargs, message):
    with pytest.raises(ValueError, match=message):
        intersection_count([[0, 1], [1, 2]], C, d=3, **kwargs)


def test_sechidis_wrong_inputs():
    with pytest.raises(ValueError, match="threshold is required"):
        sechidis([[0, 1], [1, 2]], np.eye(3), d=3)
    with pytest.raises(ValueError, match="symmetric"):
        sechidis([[0, 1], [1, 2]], np.triu(np.ones((3, 3))), threshold=0.5, d=3)


def test_exact_enumeration_refuses_huge_problems():
    p = 200
    with pytest.raises(ValueError, match="use correction='estimate'"):
        intersection_count([list(range(50)), list(range(25, 75))], np.eye(p) + 0.0,
                           threshold=0.0, d=p, correction="exact")


def test_adjusted_pair_score_matrix_rejects_other_measures():
    with pytest.raises(ValueError, match="adjusted pairwise measure"):
        adjusted_pair_score_matrix("jaccard", [[0], [1]], np.eye(2), threshold=0.9)
