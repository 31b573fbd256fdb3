"""Values stated in the papers: Nogueira & Brown (2016) toy examples and Hamer & Dupont (2021)
Fig. 6, plus hand derivations written in the comments."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp

from fsstab.measures import (
    canberra,
    hamming,
    importance_weighted,
    jaccard,
    kappa,
    kuncheva,
    lustgarten,
    nogueira,
    nogueira_brown,
    npog,
    pearson,
    phi_pairwise,
    unadjusted,
    wald,
)
from fsstab.measures.ranking import canberra_chance_term

# --------------------------------------------------------------------------------------------
# Nogueira & Brown (2016)
# --------------------------------------------------------------------------------------------


def test_hamming_example_eq_3():
    """s1 = 100101, s2 = 110001, s3 = 101111: (4/6 + 4/6 + 2/6) / 3 = 5/9."""
    Z = [[int(c) for c in s] for s in ("100101", "110001", "101111")]
    assert hamming(Z) == pytest.approx(5 / 9, abs=1e-15)


@pytest.mark.parametrize(("k", "lustgarten_value"), [(7, 0.7), (4, 0.6)])
def test_example_1_deterministic_procedures(k, lustgarten_value):
    """n = 10 features, the same k features every time: sim_L = 0.7 (k = 7) and 0.6 (k = 4),
    'whilst all other measures return 1'."""
    Z = [list(range(k))] * 5
    assert lustgarten(Z, d=10) == pytest.approx(lustgarten_value, abs=1e-15)
    for measure in (kuncheva, wald, npog, nogueira_brown, nogueira, kappa, unadjusted,
                    phi_pairwise):
        assert measure(Z, d=10) == pytest.approx(1.0, abs=1e-15)


def test_example_2_wald_is_maximal_for_nested_sets():
    """Half of the runs return features 1..8, the other half 1..2 (n = 10): sim_W = 1, the
    other two (sim_L, nPOG) are below 1."""
    Z = [list(range(8)), list(range(2))] * 2
    assert wald(Z, d=10) == pytest.approx(1.0, abs=1e-15)
    assert lustgarten(Z, d=10) < 1
    assert npog(Z, d=10) < 1
    assert nogueira_brown(Z, d=10) < 1


def test_example_3_npog_depends_on_the_order_of_the_runs():
    """A = 1..8, B = 1..2, n = 10: nPOG(A, B) = (2 - 1.6)/(8 - 1.6) = 1/16, nPOG(B, A) =
    (2 - 1.6)/(2 - 1.6) = 1 and nPOG(X, X) = 1.
    Order A B A B: pairs AB, AA, AB, BA, BB, AB -> (3/16 + 3)/6 = 0.53125.
    Order B A B A: pairs BA, BB, BA, AB, AA, BA -> (1/16 + 5)/6 = 0.84375."""
    A, B = list(range(8)), list(range(2))
    assert npog([A, B, A, B], d=10) == pytest.approx(0.53125, abs=1e-15)
    assert npog([B, A, B, A], d=10) == pytest.approx(0.84375, abs=1e-15)
    # The symmetric measures do not change.
    assert nogueira_brown([A, B, A, B], d=10) == pytest.approx(
        nogueira_brown([B, A, B, A], d=10), abs=1e-15
    )


def test_example_4_unbounded_wald_and_npog():
    """Nine runs select features 1..8 and one selects 9, 10: sim_W = 0 (36 pairs of identical
    sets score 1, the 9 other pairs score (0 - 1.6)/(2 - 1.6) = -4). With n = 100 the minimum
    of sim_W and nPOG is 1 - n = -99 (k1 = 99, k2 = 1 disjoint), while sim_N stays at -1."""
    Z = [list(range(8))] * 9 + [[8, 9]]
    assert wald(Z, d=10) == pytest.approx(0.0, abs=1e-14)
    extreme = [[0], list(range(1, 100))]
    assert wald(extreme, d=100) == pytest.approx(-99.0, abs=1e-9)
    assert npog(extreme, d=100) == pytest.approx(-99.0, abs=1e-9)
    # sim_N: r = 0, E[r] = 0.99, max(E - min r, max r - E) = max(0.99, 0.01) -> -1
    assert nogueira_brown(extreme, d=100) == pytest.approx(-1.0, abs=1e-12)


def test_sim_n_is_zero_for_empty_or_full_sets():
    """Nogueira & Brown (2016), §4: sim_N = 0 when k1 or k2 is 0 or n."""
    assert nogueira_brown([[], [0, 1], [0, 1, 2, 3]], d=4) == 0.0


def test_sim_n_at_its_bounds():
    """Theorem 2 / eq. 14: equal sizes give Kuncheva (-1 for disjoint halves); 1 for identical
    sets."""
    assert nogueira_brown([[0, 1], [2, 3]], d=4) == pytest.approx(-1.0, abs=1e-15)
    assert nogueira_brown([[0, 1, 5], [0, 1, 5]], d=9) == 1.0


# --------------------------------------------------------------------------------------------
# Hamer & Dupont (2021), Fig. 6 (§4 and §6.3)
# --------------------------------------------------------------------------------------------


def _figure_6_map(d: int, M: int = 10) -> sp.csr_array:
    """15 features always selected with importance δI_1 = 2/3, and 5 features per run that
    never overlap across runs with importance δI_2 = 2 (k̄ = 20, Σ_f I_{f,i} = 10 + 10 = 20)."""
    rows, cols, values = [], [], []
    for i in range(M):
        rows += [i] * 20
        cols += list(range(15)) + list(range(15 + 5 * i, 20 + 5 * i))
        values += [2 / 3] * 15 + [2.0] * 5
    return sp.csr_array((values, (rows, cols)), shape=(M, d))


@pytest.mark.parametrize("d", [10**3, 10**4, 10**5, 10**6])
def test_figure_6_finite_d(d):
    """Exact values for finite d, derived by hand (every pair of runs shares 15 features):
    φ = Kuncheva = (15 - 400/d) / (20 - 400/d);
    φ_pears: Σ_f w_i w_j = 15 (2/3)² = 20/3, Σ_f w² = 20/3 + 5·4 = 80/3, d μ² = 400/d, so
    ρ = (20/3 - 400/d) / (80/3 - 400/d);
    φ_iw: |F_i ∩ F_j|_iw = 15 · 2/3 = 10 and d |F_i ∩ F_j|_iw^rand = Σ_{f,f'} min =
    15·15·(2/3) + 2·15·5·(2/3) + 5·5·2 = 300, so φ_iw = (10 - 300/d) / (20 - 300/d)."""
    W = _figure_6_map(d)
    assert nogueira(W.astype(bool)) == pytest.approx((15 - 400 / d) / (20 - 400 / d), abs=1e-12)
    assert pearson(W) == pytest.approx((20 / 3 - 400 / d) / (80 / 3 - 400 / d), abs=1e-12)
    assert importance_weighted(W) == pytest.approx((10 - 300 / d) / (20 - 300 / d), abs=1e-12)


def test_figure_6_limits_as_d_grows():
    """As d → ∞: φ → 0.75, φ_pears → 0.25, φ_iw → 0.5 (Hamer & Dupont 2021, Fig. 6, §6.3)."""
    limits = {"phi": 0.75, "pears": 0.25, "iw": 0.5}
    previous = dict.fromkeys(limits, math.inf)
    for d in (10**3, 10**4, 10**5, 10**6):
        W = _figure_6_map(d)
        errors = {
            "phi": abs(nogueira(W.astype(bool)) - limits["phi"]),
            "pears": abs(pearson(W) - limits["pears"]),
            "iw": abs(importance_weighted(W) - limits["iw"]),
        }
        for key, error in errors.items():
            assert error < previous[key]
        previous = errors
    assert max(previous.values()) < 2e-5


def test_figure_5_subset_measure_is_one_but_importance_varies():
    """Fig. 5 situation: same subset in every run (φ = 1) but importances vary across
    runs, so φ_iw < 1 and φ_pears < 1 (Hamer & Dupont 2021, §4)."""
    W = np.array([[1.0, 2.0, 3.0, 0, 0, 0], [3.0, 2.0, 1.0, 0, 0, 0], [2.0, 3.0, 1.0, 0, 0, 0]])
    assert nogueira(W > 0) == 1.0
    assert importance_weighted(W) < 1
    assert pearson(W) < 1


def test_importance_weighted_k_zero_conventions():
    """§5: a pair with exactly one empty run contributes 0 to both |∩|_iw and its chance term;
    two empty runs contribute k̄ to both. Runs: {0} (I = 1), {} and {} with d = 4, k̄ = 1/3:
    normalised I_{0,1} = k̄ = 1/3; pairs (1,2),(1,3) give 0, pair (2,3) gives k̄.
    A = C = k̄/3, so φ_iw = 0."""
    W = np.array([[5.0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    assert importance_weighted(W) == pytest.approx(0.0, abs=1e-15)
    # Two identical non-empty runs and one empty run, d = 4: k̄ = 2/3, I = 2/3 in both.
    # Pair (1,2): |∩|_iw = 2/3, rand = (2/3)/4 = 1/6; the other pairs 0.
    # A = (2/3)/3 = 2/9, C = (1/6)/3 = 1/18 -> φ_iw = (2/9 - 1/18) / (2/3 - 1/18) = 3/11.
    W = np.array([[1.0, 0, 0, 0], [7.0, 0, 0, 0], [0, 0, 0, 0]])
    assert importance_weighted(W) == pytest.approx(3 / 11, abs=1e-15)


def test_importance_weighted_undefined_cases():
    """Property 1: undefined iff no feature is ever selected or all features are always
    selected with equal importance."""
    assert math.isnan(importance_weighted(np.ones((3, 4)) * [[1.0], [2.0], [3.0]]))
    assert math.isnan(importance_weighted(np.zeros((3, 4))))
    assert importance_weighted(np.zeros((3, 4)), undefined="zero") == 0.0
    # all features always selected, unequal importances: defined
    assert not math.isnan(importance_weighted(np.array([[1.0, 2.0], [2.0, 1.0]])))


def test_canberra_chance_term_approximates_random_rankings():
    """χ approximates the expected truncated Canberra distance of two independent uniformly
    random rankings, d · mean_{a,b ∈ 1..d} g(min(a, k+1), min(b, k+1)) (each feature's pair of
    ranks is uniform on {1..d}²); the approximation error is O(1/d)."""
    for d, k, tolerance in [(100, 10, 0.005), (100, 100, 0.001), (1000, 20, 0.001)]:
        t = np.minimum(np.arange(1, d + 1), k + 1)
        expected = d * np.mean(np.abs(t[:, None] - t[None, :]) / (t[:, None] + t[None, :]))
        assert canberra_chance_term(k, d) == pytest.approx(expected, rel=tolerance)
    for d in range(2, 60):
        assert all(canberra_chance_term(k, d) > 0 for k in range(1, d + 1))


def test_canberra_identical_rankings_and_truncation():
    ranks = np.array([[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]])
    assert canberra(ranks, k=3) == 1.0
    # Differences below position k are ignored: swapping ranks 4 and 5 with k = 3.
    assert canberra(np.array([[1, 2, 3, 4, 5], [1, 2, 3, 5, 4]]), k=3) == 1.0
    assert canberra(np.array([[1, 2, 3, 4, 5], [1, 2, 3, 5, 4]]), k=5) < 1.0


def test_jaccard_hand_value():
    """{0,1,2}, {1,2,3}, {2,3,4}: 2/4, 1/5, 2/4 -> 0.4."""
    assert jaccard([[0, 1, 2], [1, 2, 3], [2, 3, 4]], d=5) == pytest.approx(0.4, abs=1e-15)
