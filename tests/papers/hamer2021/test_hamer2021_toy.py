"""Hamer & Dupont (2021), §4: the toy feature stability maps of Figs. 3-6
(fsstab.papers.hamer2021.toy).

Reference values come from the paper (Fig. 6: 0.75 / 0.25 / 0.5) or from independent
derivations written here: closed forms by hand and the brute-force oracles of
``bruteforce_measures`` (plain loops over pairs of runs). Whether the paper's qualitative claims
of §4 hold on these maps is a result (``conclusions.md``), not a test.
"""

from __future__ import annotations

import math

import bruteforce_measures as bf
import numpy as np
import pytest

from fsstab.papers.hamer2021.reference import TOY_FIGURES
from fsstab.papers.hamer2021.toy import (
    canberra_replicates,
    canberra_stability,
    equal_importances,
    frequent_unimportant_importances,
    half_stable_importances,
    importance_ranks,
    toy_maps,
    toy_stability,
    varying_importances,
)


def test_fig6_shows_the_papers_values():
    """§6.3: φ = 15/20 = 0.75 (eq. 17), φ_pears = 1/4 (eq. 18), φ_iw = 1/2 (Property 6)."""
    (fig6,) = [m for m in toy_maps(random_state=0) if m.figure == 6]
    for measure in ("nogueira", "pearson", "importance_weighted"):
        assert round(fig6.values[measure], 2) == TOY_FIGURES[6][measure]


def _block_closed_forms(a, u, b, v, d):
    """Hand derivation for ``a`` features of importance ``u`` in every run and ``b`` features of
    importance ``v`` (u < v) new in each run, M runs, d features, k = a + b:

    - φ: the b·M changing features each have s_f² = (M/(M−1)) (1/M)(1 − 1/M) = 1/M, so
      Σ_f s_f² = b and φ = 1 − (b/d) / ((k/d)(1 − k/d)) = 1 − b / (k (1 − k/d));
    - φ_iw: every pair shares a·u; Σ_{f,f'} min = a²u + 2ab·u + b²v, so
      |∩|_rand = C = that / d and φ_iw = (a u − C) / (k − C);
    - φ_pears: Σ w_i w_j = a u², Σ w² = a u² + b v², mean k/d, so
      ρ = (a u² − k²/d) / (a u² + b v² − k²/d).
    """
    k = a + b
    chance = (a * a * u + 2 * a * b * u + b * b * v) / d
    return {"nogueira": 1 - b / (k * (1 - k / d)),
            "importance_weighted": (a * u - chance) / (k - chance),
            "pearson": (a * u * u - k * k / d) / (a * u * u + b * v * v - k * k / d)}


@pytest.mark.parametrize("d", [200, 5000])
def test_fig6_closed_forms_for_finite_d(d):
    """§6.3: 15 features of importance 2/3 in every run, 5 of importance 2 new in each run
    (e.g. φ_iw = (10 − 300/d) / (20 − 300/d))."""
    W = half_stable_importances(30)
    values = toy_stability(W, d, 20, np.random.default_rng(0))
    expected = _block_closed_forms(15, 2 / 3, 5, 2.0, d)
    for measure, value in expected.items():
        assert values[measure] == pytest.approx(value, rel=1e-12), measure


@pytest.mark.parametrize("d", [300, 10**6])
def test_fig4_without_noise_is_the_described_block_map(d):
    """Fig. 4 as described: the 15 frequent features share 25 % of each run's importance (each
    20 · 0.25 / 15 = 1/3) and the 5 others, new in every run, 75 % (each 3); as d → ∞,
    φ_iw → 15 · (1/3) / 20 = 0.25 (Property 6) and φ_pears → (15/9) / (15/9 + 45) = 1/28
    (eq. 18)."""
    W = frequent_unimportant_importances(30, np.random.default_rng(1), sigma=0.0)
    assert np.allclose(W[:, :15], 1 / 3) and np.allclose(W[:, 15:].sum(axis=1), 15)  # noqa: PT018
    values = toy_stability(W, d, 20, np.random.default_rng(0))
    expected = _block_closed_forms(15, 1 / 3, 5, 3.0, d)
    for measure, value in expected.items():
        assert values[measure] == pytest.approx(value, rel=1e-10), measure
    if d == 10**6:
        assert values["importance_weighted"] == pytest.approx(0.25, abs=1e-4)
        assert values["pearson"] == pytest.approx(1 / 28, abs=1e-4)


@pytest.mark.parametrize("build", [
    lambda rng: equal_importances(6, rng),
    lambda rng: frequent_unimportant_importances(6, rng),
    lambda rng: varying_importances(6, rng),
    lambda rng: half_stable_importances(6),
])
def test_toy_measures_equal_brute_force(build):
    rng = np.random.default_rng(11)
    W = build(rng)
    d = W.shape[1] + 14
    values = toy_stability(W, d, 20, np.random.default_rng(3))
    dense = np.hstack([W, np.zeros((W.shape[0], d - W.shape[1]))])
    assert values["nogueira"] == pytest.approx(bf.nogueira(bf.as_sets(dense > 0), d), rel=1e-10)
    assert values["pearson"] == pytest.approx(bf.pearson(dense.tolist()), rel=1e-10)
    assert values["importance_weighted"] == pytest.approx(
        bf.importance_weighted(dense.tolist()), rel=1e-10)
    if len(np.unique(W[W > 0])) == np.count_nonzero(W):  # no ties: the ranking is the sort
        ranks = np.full(dense.shape, 21.0)
        for i, row in enumerate(dense):
            order = np.argsort(-row)[: np.count_nonzero(row)]
            ranks[i, order] = np.arange(1, order.size + 1)
        assert values["canberra"] == pytest.approx(bf.canberra(ranks.tolist(), 20), rel=1e-10)


def test_noisy_maps_follow_their_descriptions():
    rng = np.random.default_rng(7)
    # Figs. 3 and 5: the same 20 features in every run, importances exp(σ ε) (σ = 0.1 and 1):
    # the log-importances have the chosen standard deviation
    W3, W5 = equal_importances(400, rng), varying_importances(400, rng)
    assert W3.shape == W5.shape == (400, 20)
    assert np.log(W3).std() == pytest.approx(0.1, rel=0.05)
    assert np.log(W5).std() == pytest.approx(1.0, rel=0.05)
    # and, the noise being independent, a feature's rank within a run is uniformly random
    ranks = np.argsort(np.argsort(-W5, axis=1), axis=1)
    assert np.abs(ranks.mean(axis=0) - 9.5).max() < 1.5
    # Fig. 4 with noise: the frequent features carry 25 % of the importance on average
    W4 = frequent_unimportant_importances(400, rng)
    share = W4[:, :15].sum(axis=1) / W4.sum(axis=1)
    assert share.mean() == pytest.approx(0.25, abs=0.01)
    with pytest.raises(ValueError, match="sigma must be >= 0"):
        equal_importances(3, rng, sigma=-1.0)


def test_toy_maps_are_deterministic_and_match_their_descriptions():
    first, again = toy_maps(random_state=5), toy_maps(random_state=5)
    for a, b in zip(first, again, strict=True):
        assert np.array_equal(a.importances, b.importances)
        assert a.values == b.values
    W4 = {m.figure: m.importances for m in first}[4]
    # Fig. 4: the 15 frequent features in every run, the other 5 never recur
    assert np.count_nonzero(W4[:, :15], axis=0).tolist() == [30] * 15
    assert np.count_nonzero(W4[:, 15:], axis=1).tolist() == [5] * 30
    assert np.count_nonzero(W4[:, 15:], axis=0).max() == 1
    with pytest.raises(ValueError, match="n_runs must be an integer >= 2"):
        toy_maps(n_runs=1)
    with pytest.raises(ValueError, match="n_features=10 is smaller"):
        toy_stability(W4, 10, 20, np.random.default_rng(0))


def test_tied_importances_in_random_or_fixed_order():
    W = half_stable_importances(4)
    rng = np.random.default_rng(0)
    fixed = importance_ranks(W, 20, rng, ties="index")
    # the 5 changing features (importance 2) take ranks 1-5, the 15 stable ones (2/3) ranks
    # 6-20 in column order, the same in every run
    assert (fixed[:, :15] == np.arange(6, 21)).all()
    assert sorted(fixed[0, 15:20]) == [1, 2, 3, 4, 5]
    shuffled = importance_ranks(W, 20, rng)
    assert sorted(shuffled[0, :15]) == list(range(6, 21))
    assert not (shuffled[:, :15] == shuffled[0, :15]).all()
    with pytest.raises(ValueError, match="ties must be"):
        importance_ranks(W, 20, rng, ties="stable")
    # a fixed order makes the stable block's ranks agree: φ_can rises
    assert canberra_stability(W, 10**6, 20, rng, ties="index") > canberra_stability(
        W, 10**6, 20, rng)


def test_redrawn_toy_maps_of_figs_3_and_5_have_the_same_canberra_distribution():
    values = canberra_replicates(n_replicates=100, n_features=10**6, random_state=7)
    gap = values[5].mean() - values[3].mean()
    se = math.hypot(values[5].std(ddof=1), values[3].std(ddof=1)) / 10
    # both maps rank their 20 features at random in every run: no difference beyond noise
    assert abs(gap) < 4 * se
    assert values[4].mean() < values[3].mean() - 0.1
    with pytest.raises(ValueError, match="n_replicates"):
        canberra_replicates(n_replicates=1)
