"""Property tests (hypothesis) of the unadjusted, importance and ranking measures.

Oracles are loops written from the papers (``bruteforce_measures``); bounds and the maximum
property are those proved in Bommert (2020), App. B.1/B.4, Table 6.1/6.2 and Hamer & Dupont
(2021), App. A; correction for chance is checked by *exact enumeration* of the null model.
"""

from __future__ import annotations

import itertools
import math

import bruteforce_measures as oracle
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from fsstab.measures import (
    MEASURES,
    canberra,
    davis,
    importance_weighted,
    kuncheva,
    nogueira,
    nogueira_brown,
    pair_score_matrix,
    pearson,
)
from fsstab.measures.pairwise import CORRECTABLE, PAIR_PARTS

PROPERTY_SETTINGS = settings(max_examples=60, deadline=None)


@st.composite
def selections(draw, max_runs: int = 5, max_features: int = 8, min_features: int = 1):
    """An M x p 0/1 selection matrix; sometimes all rows identical."""
    M = draw(st.integers(2, max_runs))
    p = draw(st.integers(min_features, max_features))
    rows = draw(st.lists(st.lists(st.booleans(), min_size=p, max_size=p), min_size=M,
                         max_size=M))
    if draw(st.booleans()):
        rows = [rows[0]] * M
    return np.array(rows, dtype=bool)


@st.composite
def equal_size_selections(draw, max_runs: int = 5, max_features: int = 8):
    """Sets of a common size k with 0 < k < p (where Kuncheva's index is defined)."""
    M = draw(st.integers(2, max_runs))
    p = draw(st.integers(2, max_features))
    k = draw(st.integers(1, p - 1))
    Z = np.zeros((M, p), dtype=bool)
    for i in range(M):
        Z[i, draw(st.permutations(range(p)))[:k]] = True
    return Z


@st.composite
def importances(draw, max_runs: int = 4, max_features: int = 6):
    """A W with values from a small set (so distinct importances differ clearly) and rows that
    are sometimes exact multiples (by powers of 2) of the first row."""
    Z = draw(selections(max_runs, max_features))
    values = np.array(draw(st.lists(st.sampled_from([1.0, 2.0, 3.0, 5.0]),
                                    min_size=Z.size, max_size=Z.size))).reshape(Z.shape)
    W = np.where(Z, values, 0.0)
    if draw(st.booleans()):
        scales = draw(st.lists(st.sampled_from([0.5, 1.0, 2.0]), min_size=len(W),
                               max_size=len(W)))
        W = np.array([W[0] * s for s in scales])
    return W


def _same(got: float, expected: float, tol: float = 1e-12) -> bool:
    return (math.isnan(got) and math.isnan(expected)) or abs(got - expected) <= tol


# --------------------------------------------------------------------------------------------
# Agreement with the loop oracles
# --------------------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(selections())
def test_pairwise_measures_match_loop_oracle(Z):
    sets, p = oracle.as_sets(Z), Z.shape[1]
    equal_sizes = len({len(s) for s in sets}) == 1
    for name, score in oracle.PAIR_SCORES.items():
        if name == "kuncheva" and not equal_sizes:
            continue
        function = MEASURES[name].function
        for undefined, impute in [("nan", False), ("zero", True)]:
            got = function(Z, undefined=undefined)
            assert _same(got, oracle.mean_pairwise(score, sets, p, impute)), (name, undefined)


@PROPERTY_SETTINGS
@given(selections(), st.sampled_from([0.0, 0.5, 1.0, 3.0]))
def test_frequency_measures_match_oracle(Z, penalty):
    sets, p = oracle.as_sets(Z), Z.shape[1]
    assert _same(nogueira(Z), oracle.nogueira(sets, p), 1e-10)
    assert _same(MEASURES["novovicova"].function(Z), oracle.novovicova(sets, p))
    assert _same(davis(Z, penalty=penalty), oracle.davis(sets, p, penalty))


@PROPERTY_SETTINGS
@given(selections())
def test_pair_score_matrix_is_consistent_with_the_measure(Z):
    rows_i, rows_j = np.triu_indices(len(Z), k=1)
    for name in PAIR_PARTS:
        if name == "kuncheva" and len(set(Z.sum(axis=1))) > 1:
            continue
        matrix = pair_score_matrix(name, Z)
        assert _same(float(np.mean(matrix[rows_i, rows_j])), MEASURES[name].function(Z))


@PROPERTY_SETTINGS
@given(importances())
def test_importance_measures_match_oracles(W):
    assert _same(importance_weighted(W), oracle.importance_weighted(W.tolist()), 1e-10)
    assert _same(pearson(W), oracle.pearson(W.tolist()), 1e-10)


@PROPERTY_SETTINGS
@given(st.integers(2, 5), st.integers(2, 9), st.data())
def test_canberra_matches_eq5_loop(M, d, data):
    k = data.draw(st.integers(1, d))
    ranks = np.array([data.draw(st.permutations(range(1, d + 1))) for _ in range(M)])
    assert canberra(ranks, k=k) == pytest.approx(oracle.canberra(ranks.tolist(), k), abs=1e-12)


# --------------------------------------------------------------------------------------------
# Bounds and maximum (Bommert 2020, Table 6.2, App. B.1, B.4; Hamer & Dupont 2021, App. A)
# --------------------------------------------------------------------------------------------

#: Measures whose maximum 1 is attained iff V_1 = ... = V_m (Bommert 2020, Table 6.1).
MAXIMUM_IFF_IDENTICAL = ("jaccard", "dice", "ochiai", "hamming", "unadjusted", "kappa",
                         "phi_pairwise", "novovicova", "davis", "nogueira")


def _bounds(name: str, M: int, p: int) -> tuple[float, float]:
    lower, upper = MEASURES[name].bounds
    if name in ("wald", "npog"):
        lower = 1.0 - p  # Bommert (2020), App. B.1 (SMW); Nogueira & Brown (2016), Example 4
    if name == "nogueira":
        lower = -1.0 / (M - 1)  # Nogueira et al. (2018), Bommert (2020), Table 6.2
    return lower, upper


@PROPERTY_SETTINGS
@given(selections())
def test_subset_measures_respect_their_bounds(Z):
    M, p = Z.shape
    equal_sizes = len(set(Z.sum(axis=1))) == 1
    for name, info in MEASURES.items():
        if info.family not in ("pairwise", "frequency") or (name == "kuncheva" and not equal_sizes):
            continue
        value = info.function(Z)
        if math.isnan(value):
            continue
        lower, upper = _bounds(name, M, p)
        assert lower - 1e-12 <= value <= upper + 1e-12, (name, value)


@PROPERTY_SETTINGS
@given(selections())
def test_maximum_iff_all_sets_identical(Z):
    identical = bool(np.all(Z[0] == Z))
    for name in MAXIMUM_IFF_IDENTICAL:
        value = MEASURES[name].function(Z)
        if math.isnan(value):
            continue
        assert (value >= 1 - 1e-12) == identical, (name, value)


@PROPERTY_SETTINGS
@given(importances())
def test_importance_weighted_bounds_and_maximum_iff_identical_importances(W):
    """Hamer & Dupont (2021), Properties 2 and 3: -1/(M-1) <= φ_iw <= 1, with 1 iff the
    (normalised, Σ_f I_{f,i} = k̄) importances are the same in every run."""
    value = importance_weighted(W)
    assume(not math.isnan(value))  # undefined (Property 1): no bound to check
    M = len(W)
    totals = W.sum(axis=1, keepdims=True)
    normalised = np.divide(W, totals, out=np.zeros_like(W), where=totals > 0)
    deterministic = bool(np.all(normalised == normalised[0]))
    assert -1.0 / (M - 1) - 1e-12 <= value <= 1 + 1e-12
    assert (value >= 1 - 1e-12) == deterministic


@PROPERTY_SETTINGS
@given(importances())
def test_pearson_bounds(W):
    value = pearson(W)
    assume(not math.isnan(value))  # a run with constant weights: undefined
    assert -1 - 1e-12 <= value <= 1 + 1e-12


# --------------------------------------------------------------------------------------------
# Reductions
# --------------------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(equal_size_selections())
def test_equal_sizes_reduce_to_kuncheva(Z):
    """φ = Kuncheva (Nogueira et al. 2018; Hamer & Dupont 2021, §2.1), sim_N = Kuncheva
    (Nogueira & Brown 2016, Theorem 2), φ_pears of 0/1 weights = Kuncheva (§2.2) and, with
    uniform importances, φ_iw = Kuncheva (Hamer & Dupont 2021, Theorem 3)."""
    ki = kuncheva(Z)
    assert nogueira(Z) == pytest.approx(ki, abs=1e-12)
    assert nogueira_brown(Z) == pytest.approx(ki, abs=1e-12)
    assert pearson(Z.astype(float)) == pytest.approx(ki, abs=1e-12)
    scales = np.arange(1, len(Z) + 1, dtype=float)[:, None]  # any constant per run
    assert importance_weighted(Z * scales) == pytest.approx(ki, abs=1e-12)


@PROPERTY_SETTINGS
@given(selections())
def test_uniform_importances_follow_hamer_theorem_2(Z):
    """Hamer & Dupont (2021), Theorem 2: with importances uniform within each run,
    φ_iw = (μ[k̄ r_ij / max(k_i, k_j)] - (k̄/d) μ[k_i k_j / max(k_i, k_j)])
           / (k̄ - (k̄/d) μ[k_i k_j / max(k_i, k_j)]), μ the mean over pairs i < j.

    Theorem 2 replaces both terms of a pair of two empty runs by 1, whereas eq. 6 with the §5
    convention (which fsstab implements) uses k̄ for both; so at most one run is empty here.
    """
    M, d = Z.shape
    k = Z.sum(axis=1)
    assume(np.count_nonzero(k == 0) <= 1)
    k_bar = k.mean()
    pairs = list(itertools.combinations(range(M), 2))
    shared = np.mean([k_bar * np.sum(Z[i] & Z[j]) / max(k[i], k[j], 1) for i, j in pairs])
    chance = k_bar / d * np.mean([k[i] * k[j] / max(k[i], k[j], 1) for i, j in pairs])
    if k_bar - chance == 0:  # every feature always selected: undefined (Property 1)
        assert math.isnan(importance_weighted(Z.astype(float)))
        return
    expected = (shared - chance) / (k_bar - chance)
    assert importance_weighted(Z.astype(float)) == pytest.approx(expected, abs=1e-12)


# --------------------------------------------------------------------------------------------
# Correction for chance: exact expectation under the null model by enumeration
# --------------------------------------------------------------------------------------------

#: Pairwise measures whose numerator is r - E[r] with a denominator fixed by the sizes.
CHANCE_CORRECTED_PAIRWISE = ("lustgarten", "wald", "npog", "unadjusted", "kappa",
                             "phi_pairwise", "nogueira_brown")


@st.composite
def null_model_sizes(draw):
    p = draw(st.integers(2, 6))
    return p, draw(st.integers(1, p - 1)), draw(st.integers(1, p - 1))


def _mean_over_all_pairs_of_sets(function, p: int, a: int, b: int) -> float:
    """Mean over all pairs (V_1, V_2) of subsets of sizes a and b. The measures are invariant
    under renaming the features, so fixing V_1 = {0, ..., a-1} leaves the mean unchanged."""
    first = list(range(a))
    return float(np.mean([function([first, list(B)], d=p)
                          for B in itertools.combinations(range(p), b)]))


@settings(max_examples=25, deadline=None)
@given(null_model_sizes())
def test_corrected_measures_have_zero_mean_under_the_null_model(sizes):
    p, a, b = sizes
    for name in CHANCE_CORRECTED_PAIRWISE:
        mean = _mean_over_all_pairs_of_sets(MEASURES[name].function, p, a, b)
        assert mean == pytest.approx(0.0, abs=1e-12), name
    if a == b:
        assert _mean_over_all_pairs_of_sets(kuncheva, p, a, b) == pytest.approx(0, abs=1e-12)
        assert _mean_over_all_pairs_of_sets(nogueira, p, a, b) == pytest.approx(0, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(null_model_sizes())
def test_exact_correction_has_zero_mean_for_two_runs(sizes):
    """stabm's correction (s - E[s]) / (1 - E[s]) per pair has mean 0 when E[s] < 1; for m = 2
    the frequency measures' correction is the same (their two-set forms)."""
    p, a, b = sizes
    for name in (*CORRECTABLE, "novovicova", "davis"):
        function = MEASURES[name].function

        def corrected(Z, d, function=function):
            return function(Z, d=d, correction="exact")

        assert _mean_over_all_pairs_of_sets(corrected, p, a, b) == pytest.approx(0, abs=1e-12)


def test_nogueira_zero_mean_for_three_runs_of_equal_size():
    p, k = 5, 2
    first = list(range(k))  # renaming invariance, as in _mean_over_all_pairs_of_sets
    values = [
        nogueira([first, list(B), list(C)], d=p)
        for B, C in itertools.product(itertools.combinations(range(p), k), repeat=2)
    ]
    assert np.mean(values) == pytest.approx(0.0, abs=1e-12)


@settings(max_examples=20, deadline=None)
@given(st.integers(3, 5), st.data())
def test_importance_measures_have_zero_mean_under_random_placement(d, data):
    """Hamer & Dupont (2021), Property 4 (and Table 2 for φ_pears): with each run's importance
    values fixed and placed on uniformly random features, E[φ_iw] = E[φ_pears] = 0."""
    values = [
        data.draw(st.lists(st.sampled_from([1.0, 2.0, 4.0]), min_size=1, max_size=d - 1))
        for _ in range(2)
    ]
    # Both measures are invariant under renaming the features: fix run 1 on the first slots
    # and place run 2's values on every ordered choice of distinct features.
    iw, pears = [], []
    for slots in itertools.permutations(range(d), len(values[1])):
        W = np.zeros((2, d))
        W[0, : len(values[0])] = values[0]
        W[1, list(slots)] = values[1]
        iw.append(importance_weighted(W))
        pears.append(pearson(W))
    assert np.mean(iw) == pytest.approx(0.0, abs=1e-12)
    assert np.mean(pears) == pytest.approx(0.0, abs=1e-12)


# --------------------------------------------------------------------------------------------
# Monte-Carlo correction
# --------------------------------------------------------------------------------------------


def test_estimated_correction_is_seeded_and_close_to_exact():
    rng = np.random.default_rng(7)
    Z = rng.random((6, 40)) < 0.2
    for name in (*CORRECTABLE, "novovicova", "davis"):
        function = MEASURES[name].function
        exact = function(Z, correction="exact")
        estimate = function(Z, correction="estimate", n_estimate=20_000, random_state=3)
        assert estimate == function(Z, correction="estimate", n_estimate=20_000, random_state=3)
        assert estimate != function(Z, correction="estimate", n_estimate=20_000, random_state=4)
        # Monte-Carlo error of E[s] with 20,000 draws is ~1e-3 of s's spread.
        assert estimate == pytest.approx(exact, abs=0.02), name


def test_exact_expectation_does_not_depend_on_blocking(monkeypatch):
    from fsstab.measures import _hypergeometric

    rng = np.random.default_rng(11)
    Z = rng.random((8, 30)) < 0.3
    expected = MEASURES["jaccard"].function(Z, correction="exact")
    monkeypatch.setattr(_hypergeometric, "SUPPORT_BLOCK", 3)
    assert MEASURES["jaccard"].function(Z, correction="exact") == expected
