"""Hamer & Dupont (2021), §4: the toy feature stability maps of Figs. 3-6
(fsstab.papers.hamer2021.toy).

Reference values come from the paper (Fig. 6: 0.75 / 0.25 / 0.5; the qualitative claims of §4)
or from independent derivations written here: closed forms by hand and the brute-force oracles
of ``bruteforce_measures`` (plain loops over pairs of runs).
"""

from __future__ import annotations

import bruteforce_measures as bf
import numpy as np
import pytest

from fsstab.papers.hamer2021.reference import TOY_FIGURES
from fsstab.papers.hamer2021.toy import (
    equal_importances,
    frequent_unimportant_importances,
    half_stable_importances,
    toy_maps,
    toy_stability,
    varying_importances,
)


def test_fig6_shows_the_papers_values():
    """§6.3: φ = 15/20 = 0.75 (eq. 17), φ_pears = 1/4 (eq. 18), φ_iw = 1/2 (Property 6)."""
    (fig6,) = [m for m in toy_maps(random_state=0) if m.figure == 6]
    for measure in ("nogueira", "pearson", "importance_weighted"):
        assert round(fig6.values[measure], 2) == TOY_FIGURES[6][measure]


@pytest.mark.parametrize("d", [200, 5000])
def test_fig6_closed_forms_for_finite_d(d):
    """Hand derivation for 15 features of importance 2/3 in every run and 5 of importance 2 new
    in each run, M runs, d features:

    - φ: Σ_f s_f² = 5M · (M/(M−1)) (1/M)(1 − 1/M) = 5 and k̄ = 20, so
      φ = 1 − (5/d) / ((20/d)(1 − 20/d)) = 1 − 5 / (20 (1 − 20/d));
    - φ_iw: every pair shares 15 · 2/3 = 10; Σ_{f,f'} min = 15·15·2/3 + 2·15·5·2/3 + 5·5·2 = 300,
      so |∩|_rand = C = 300/d and φ_iw = (10 − 300/d) / (20 − 300/d);
    - φ_pears: Σ w_i w_j = 15 · 4/9 = 20/3, Σ w² = 20/3 + 5·4 = 80/3, mean 20/d, so
      ρ = (20/3 − 400/d) / (80/3 − 400/d).
    """
    W = half_stable_importances(30)
    values = toy_stability(W, d, 20, np.random.default_rng(0))
    assert values["nogueira"] == pytest.approx(1 - 5 / (20 * (1 - 20 / d)), rel=1e-12)
    assert values["importance_weighted"] == pytest.approx((10 - 300 / d) / (20 - 300 / d),
                                                          rel=1e-12)
    assert values["pearson"] == pytest.approx((20 / 3 - 400 / d) / (80 / 3 - 400 / d), rel=1e-12)


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


def test_toy_maps_hold_the_papers_qualitative_claims():
    values = {m.figure: m.values for m in toy_maps(random_state=2021)}
    v3, v4, v5, v6 = values[3], values[4], values[5], values[6]
    # Fig. 3: φ, φ_pears, φ_iw high; the ranking measure is not
    assert v3["nogueira"] == pytest.approx(1.0)
    assert v3["pearson"] > 0.9 and v3["importance_weighted"] > 0.85  # noqa: PT018
    assert v3["canberra"] < 0.6 < v3["importance_weighted"]
    # Fig. 4: φ drastically overestimates; φ_pears and φ_iw correct it, φ_can to a lesser extent
    assert v4["nogueira"] > 0.65
    assert max(v4["pearson"], v4["importance_weighted"]) < 0.3
    assert max(v4["pearson"], v4["importance_weighted"]) < v4["canberra"] < v4["nogueira"]
    # Fig. 5: φ maximal although importances vary; φ_can highest of all maps; φ_pears, φ_iw low
    assert v5["nogueira"] == pytest.approx(1.0)
    assert v5["canberra"] > max(v3["canberra"], v4["canberra"], v6["canberra"])
    assert v5["pearson"] < 0.6 and v5["importance_weighted"] < 0.6  # noqa: PT018
    # Fig. 6: φ overestimates, φ_pears underestimates, φ_iw = 0.5
    assert v6["pearson"] < v6["importance_weighted"] < v6["nogueira"]


def test_toy_maps_are_deterministic_and_match_their_descriptions():
    first, again = toy_maps(random_state=5), toy_maps(random_state=5)
    for a, b in zip(first, again, strict=True):
        assert np.array_equal(a.importances, b.importances)
        assert a.values == b.values
    W4 = {m.figure: m.importances for m in first}[4]
    # Fig. 4: 15 of 16 frequent features per run carry 25 % of the importance on average
    frequent_share = W4[:, :16].sum(axis=1) / W4.sum(axis=1)
    assert np.count_nonzero(W4[:, :16], axis=1).tolist() == [15] * 30
    assert 0.18 < frequent_share.mean() < 0.32
    assert np.count_nonzero(W4[:, 16:], axis=0).max() == 1  # the other 5 never recur
    with pytest.raises(ValueError, match="n_runs must be an integer >= 2"):
        toy_maps(n_runs=1)
    with pytest.raises(ValueError, match="n_features=10 is smaller"):
        toy_stability(W4, 10, 20, np.random.default_rng(0))
