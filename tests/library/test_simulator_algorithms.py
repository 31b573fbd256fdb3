"""Tests of fsstab.simulator (Onda et al. 2022): the simulated weak selectors and ensembles
against the paper -- Algorithm 3, Theorem 1, the uniform selector and t_uniform (Table 4), and
Algorithms 1-2 (ensembles and their stability).

Reference values come from the paper's text (Theorem 1, Table 4, §3.4-3.5), from exact laws
derived directly from Algorithm 3 and Theorem 1 (enumeration in exact arithmetic), and from
a literal line-by-line transcription of Algorithm 3 (the oracles: _simulator_oracles.py).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from _simulator_oracles import (
    chi_square_pvalue,
    exact_algorithm3_law,
    expected_jaccard_of_random_subsets,
    literal_algorithm3,
    theorem1_brute_force,
    weak_selector_law,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chi2_contingency, chisquare

from fsstab import simulator as sim
from fsstab.simulator import _draws as _simulator_draws

# --------------------------------------------------------------------------------------------
# Algorithm 3
# --------------------------------------------------------------------------------------------

SUBSET = (1, 3)
N_SMALL = 5


def test_exact_law_oracle_sums_to_one():
    law = exact_algorithm3_law(SUBSET, N_SMALL, Fraction(7, 10))
    assert sum(law.values()) == 1
    assert len(law) == math.factorial(N_SMALL)


def test_literal_transcription_follows_the_exact_law():
    rng = np.random.default_rng(1)
    samples = [literal_algorithm3(SUBSET, N_SMALL, 0.7, rng) for _ in range(6000)]
    assert chi_square_pvalue(samples, exact_algorithm3_law(SUBSET, N_SMALL, Fraction(7, 10))) > 1e-3


@pytest.mark.parametrize("p", [0.7, 0.25])
def test_vectorised_algorithm3_follows_the_exact_law(p):
    ranks = sim.algorithm3_rankings(np.tile(SUBSET, (30000, 1)), N_SMALL, p, random_state=3)
    law = exact_algorithm3_law(SUBSET, N_SMALL, Fraction(p).limit_denominator(100))
    assert chi_square_pvalue(ranks, law) > 1e-3


def test_the_distribution_test_has_power():
    # the same sample against the law of a nearby p is rejected
    ranks = sim.algorithm3_rankings(np.tile(SUBSET, (30000, 1)), N_SMALL, 0.7, random_state=3)
    assert chi_square_pvalue(ranks, exact_algorithm3_law(SUBSET, N_SMALL, Fraction(6, 10))) < 1e-6


def test_vectorised_and_literal_algorithm3_have_the_same_distribution():
    rng = np.random.default_rng(5)
    literal = [literal_algorithm3(SUBSET, N_SMALL, 0.6, rng) for _ in range(6000)]
    vectorised = sim.algorithm3_rankings(np.tile(SUBSET, (6000, 1)), N_SMALL, 0.6, random_state=6)
    keys = sorted(set(literal) | {tuple(int(v) for v in r) for r in vectorised})
    index = {k: i for i, k in enumerate(keys)}
    table = np.zeros((2, len(keys)), dtype=np.int64)
    for row, sample in enumerate((literal, vectorised)):
        for s in sample:
            table[row, index[tuple(int(v) for v in s)]] += 1
    assert chi2_contingency(table).pvalue > 1e-3


def test_simulated_weak_selector_follows_algorithm2_law():
    # S_m uniform in S' = {0, 1, 2} (Algorithm 2 line 2), then Algorithm 3
    ranks = sim.simulate_rankings(30000, 5, 2, 3, 0.6, random_state=7)
    assert chi_square_pvalue(ranks, weak_selector_law(5, 2, 3, Fraction(3, 5))) > 1e-3


def test_exhaustion_of_the_complement_forces_subset_picks():
    # n_target = n_feature: S \ S_m is empty from the start, every pick comes from S_m
    ranks = sim.algorithm3_rankings(np.tile([0, 1, 2], (2000, 1)), 3, 0.0, random_state=0)
    law = exact_algorithm3_law((0, 1, 2), 3, Fraction(0))
    assert chi_square_pvalue(ranks, law) > 1e-3


@settings(max_examples=40, deadline=None)
@given(
    n_feature=st.integers(1, 40), data=st.data(), p=st.floats(0, 1),
    seed=st.integers(0, 2**16),
)
def test_rankings_are_permutations(n_feature, data, p, seed):
    n_target = data.draw(st.integers(1, n_feature))
    n_useful = data.draw(st.integers(n_target, n_feature))
    ranks = sim.simulate_rankings(7, n_feature, n_target, n_useful, p, random_state=seed)
    assert ranks.shape == (7, n_feature)
    assert np.array_equal(np.sort(ranks, axis=1), np.tile(np.arange(1, n_feature + 1), (7, 1)))


def test_p_one_puts_s_m_on_top():
    # Onda §2.2.2: with p = 1 the top n_target features of the ranking are S_m
    rng = np.random.default_rng(0)
    subsets = np.array([rng.choice(50, 8, replace=False) for _ in range(200)])
    ranks = sim.algorithm3_rankings(subsets, 50, 1.0, random_state=1)
    for row, subset in zip(ranks, subsets, strict=True):
        assert set(np.flatnonzero(row <= 8)) == set(subset)


def test_p_zero_puts_s_m_last():
    rng = np.random.default_rng(0)
    subsets = np.array([rng.choice(30, 5, replace=False) for _ in range(100)])
    ranks = sim.algorithm3_rankings(subsets, 30, 0.0, random_state=1)
    for row, subset in zip(ranks, subsets, strict=True):
        assert set(np.flatnonzero(row > 25)) == set(subset)


def test_p_one_weak_selectors_prefer_useful_features():
    ranks = sim.simulate_rankings(300, 100, 5, 12, 1.0, random_state=2)
    top = np.argsort(ranks, axis=1)[:, :5]
    assert top.max() < 12  # S_m ⊂ S' = {0..11}


@pytest.mark.parametrize(("p_low", "p_high"), [(0.2, 0.5), (0.5, 0.9), (0.05, 1.0)])
def test_common_random_numbers_make_subset_ranks_monotone_in_p(p_low, p_high):
    # Same seed: the same uniforms and pick orders, so every S_m feature is picked no later
    # when p is larger (the number of S_m picks among the first t steps grows with p).
    rng = np.random.default_rng(4)
    subsets = np.array([rng.choice(40, 6, replace=False) for _ in range(300)])
    low = sim.algorithm3_rankings(subsets, 40, p_low, random_state=9)
    high = sim.algorithm3_rankings(subsets, 40, p_high, random_state=9)
    rows = np.arange(300)[:, None]
    assert np.all(high[rows, subsets] <= low[rows, subsets])


# --------------------------------------------------------------------------------------------
# Theorem 1
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n_feature", "n_target", "n_useful", "p"),
    [(10, 2, 4, Fraction(3, 5)), (12, 3, 3, Fraction(1, 10)), (9, 1, 9, Fraction(1, 2)),
     (20, 4, 7, Fraction(1, 5)), (6, 2, 5, Fraction(0)), (6, 2, 5, Fraction(1))],
)
def test_first_pick_probability_matches_theorem1_process(n_feature, n_target, n_useful, p):
    exact = theorem1_brute_force(n_feature, n_target, n_useful, p)
    assert sim.first_pick_probability(n_feature, n_target, n_useful, float(p)) == pytest.approx(
        float(exact), rel=1e-12
    )


@pytest.mark.parametrize(("n_feature", "n_target", "n_useful"), [(2000, 20, 60), (50, 5, 10)])
def test_theorem1_statement(n_feature, n_target, n_useful):
    # Onda Theorem 1: higher than 1/n_feature iff p > n_target/n_feature (n_useful < n_feature)
    threshold = n_target / n_feature
    for p in np.linspace(0, 1, 41):
        value = sim.first_pick_probability(n_feature, n_target, n_useful, p)
        if p > threshold + 1e-12:
            assert value > 1 / n_feature
        elif p < threshold - 1e-12:
            assert value < 1 / n_feature
    assert sim.first_pick_probability(n_feature, n_target, n_useful, threshold) == pytest.approx(
        1 / n_feature
    )


def test_theorem1_against_simulation():
    n_feature, n_target, n_useful, p, W = 20, 2, 5, 0.6, 60000
    ranks = sim.simulate_rankings(W, n_feature, n_target, n_useful, p, random_state=11)
    first = ranks == 1
    useful_rate = first[:, :n_useful].mean()  # pooled over the exchangeable useful features
    other_rate = first[:, n_useful:].mean()
    expected_useful = float(theorem1_brute_force(n_feature, n_target, n_useful, Fraction(3, 5)))
    expected_other = (1 - p) / (n_feature - n_target)
    se_useful = math.sqrt(expected_useful * (1 - expected_useful) / (W * n_useful))
    assert abs(useful_rate - expected_useful) < 4 * se_useful * math.sqrt(n_useful)
    se_other = math.sqrt(expected_other / (W * (n_feature - n_useful)))
    assert abs(other_rate - expected_other) < 4 * se_other * math.sqrt(n_feature - n_useful)


# --------------------------------------------------------------------------------------------
# Uniform selector and t_uniform
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "k"), [(6, 2), (6, 3), (5, 5)])
def test_uniform_subsets_are_uniform(n, k):
    # one run per repeat: each count row is the indicator of one uniform k-subset
    counts = _simulator_draws._uniform_count_matrix(n, k, 1, 6000, np.random.default_rng(0))
    assert np.all(counts.sum(axis=1) == k)
    subsets = list(itertools.combinations(range(n), k))
    index = {s: i for i, s in enumerate(subsets)}
    observed = np.bincount([index[tuple(np.flatnonzero(r))] for r in counts],
                           minlength=len(subsets))
    if len(subsets) > 1:
        assert chisquare(observed).pvalue > 1e-3


def test_uniform_counts_are_binomial():
    # each run includes a given feature with probability k/n, independently of the others
    n, k, runs = 200, 10, 50
    counts = _simulator_draws._uniform_count_matrix(n, k, runs, 400, np.random.default_rng(1))
    assert np.all(counts.sum(axis=1) == runs * k)
    q = k / n
    assert counts.var() == pytest.approx(runs * q * (1 - q), rel=0.05)


@pytest.mark.parametrize(
    ("n_feature", "n_target", "n_samples", "mean", "sd"),
    [(2000, 20, 62, 4.640, 0.636), (4026, 40, 96, 6.029, 0.668), (5966, 60, 102, 6.455, 0.703)],
    ids=["colon", "lymphoma", "prostate"],
)
def test_t_uniform_reproduces_table4(n_feature, n_target, n_samples, mean, sd):
    # Onda Table 4: mean ± sd of t_uniform over 1000 draws; the number of runs is the sample
    # size (one per leave-one-out copy)
    t = sim.uniform_thresholds(n_feature, n_target, n_samples, 1000, random_state=0)
    standard_error = math.sqrt(sd**2 / 1000 + t.var() / 1000)
    assert abs(t.mean() - mean) < 4 * standard_error
    assert t.std() == pytest.approx(sd, abs=0.1)


def test_estimate_n_useful_counts_features_above_threshold():
    selections = np.zeros((4, 6), dtype=bool)
    selections[:, 0] = True  # chosen 4 times
    selections[:3, 1] = True  # 3 times
    selections[3, 2] = True  # once
    result = sim.estimate_n_useful(selections, t_uniform=2)
    assert result.n_useful == 2
    assert result.counts.tolist() == [4, 3, 1, 0, 0, 0]
    assert sim.estimate_n_useful(selections, t_uniform=3).n_useful == 1


# --------------------------------------------------------------------------------------------
# Algorithms 1-2: ensembles and stability
# --------------------------------------------------------------------------------------------


def brute_force_mean_rank(rankings, n_target):
    out = np.zeros((rankings.shape[0], rankings.shape[2]), dtype=bool)
    for e, block in enumerate(rankings):
        means = [float(np.mean(block[:, f])) for f in range(block.shape[1])]
        best = sorted(range(len(means)), key=lambda f: (means[f], f))[:n_target]
        out[e, best] = True
    return out


def test_mean_rank_aggregate_against_brute_force():
    rng = np.random.default_rng(0)
    rankings = rng.integers(1, 5, size=(30, 3, 12))  # many ties
    assert np.array_equal(sim.mean_rank_aggregate(rankings, 4), brute_force_mean_rank(rankings, 4))


def test_mean_rank_aggregate_agrees_with_ensemble_selector():
    from fsstab.selectors import EnsembleSelector
    from fsstab.selectors._two_stage import fit_selection

    rng = np.random.default_rng(1)
    X = rng.normal(size=(30, 25))
    y = np.repeat([0, 1], 15)
    X[y == 1, :3] += 1.5
    ensemble = fit_selection(
        EnsembleSelector(sim.OndaForestSelector(n_estimators=5), n_bootstrap=4,
                         n_features_to_select=5, random_state=0),
        X, y,
    )
    assert np.array_equal(sim.mean_rank_aggregate(ensemble.rankings_[None], 5)[0],
                          ensemble.support_)


def test_index_ties_are_broken_at_random():
    # an aggregator that always keeps the first columns: the simulator presents the features
    # of every ensemble in a random order, so the kept features are uniform, not {0, 1}
    def first_columns(rankings, n_target):
        out = np.zeros((rankings.shape[0], rankings.shape[2]), dtype=bool)
        out[:, :n_target] = True
        return out

    selections = sim.simulate_ensemble_selections(
        10, 2, 4, 0.5, 3, 4000, aggregate=first_columns, random_state=0
    )
    assert chisquare(selections.sum(axis=0)).pvalue > 1e-3


def test_pluggable_aggregate():
    def median_rank(rankings, n_target):
        order = np.argsort(np.median(rankings, axis=1), axis=1, kind="stable")[:, :n_target]
        out = np.zeros((rankings.shape[0], rankings.shape[2]), dtype=bool)
        np.put_along_axis(out, order, True, axis=1)
        return out

    value = sim.simulated_stability(100, 5, 5, 1.0, 3, 10, aggregate=median_rank, random_state=0)
    assert value == 1.0


def test_n_useful_equal_n_target_and_p_one_is_perfectly_stable():
    for m in (1, 2, 7):
        assert sim.simulated_stability(300, 10, 10, 1.0, m, 20, random_state=m) == 1.0


def test_p_at_chance_is_as_stable_as_the_uniform_selector():
    # p = n_target/n_feature: by Theorem 1 every feature is as likely to be picked first as
    # under the uniform selector, and the top n_target overlap as random subsets do
    n_feature, n_target = 200, 10
    value = sim.simulated_stability(n_feature, n_target, 30, n_target / n_feature, 1, 200,
                                    random_state=0)
    uniform = expected_jaccard_of_random_subsets(n_feature, n_target)
    assert value == pytest.approx(uniform, abs=0.006)
    assert sim.simulated_stability(n_feature, n_target, 30, 0.9, 1, 200, random_state=0) > 0.1


def test_large_ensembles_select_random_subsets_of_useful_features():
    # When every ensemble selects within S', its output is an exchangeable, hence uniform,
    # n_target-subset of S' (S_m is uniform in S', ties are broken at random), independent
    # across ensembles: the expected Jaccard is that of random subsets of S' (hypergeometric).
    n_feature, n_target, n_useful = 500, 5, 15
    selections = sim.simulate_ensemble_selections(
        n_feature, n_target, n_useful, 0.9, 60, 300, random_state=0
    )
    assert not selections[:, n_useful:].any()
    value = sim.selection_stability(selections)
    assert value == pytest.approx(expected_jaccard_of_random_subsets(n_useful, n_target),
                                  abs=0.02)


def test_colon_configuration_reproduces_onda_section_3():
    # Onda §3.4, Fig. 2: (n_useful, p) = (60, 0.7) has single-selector stability 0.1 ± 0.01
    # and n_useful^v = 60; §3.5: for m_ensemble >= 30 the stability is ~0.2 whatever p.
    single = sim.simulated_stability(2000, 20, 60, 0.7, 1, 200, random_state=0)
    assert single == pytest.approx(0.1, abs=0.01)
    assert sim.verify_n_useful(2000, 20, 60, 0.7, 62, random_state=0) == pytest.approx(60, abs=2)
    for p in (0.5, 0.9):
        assert sim.simulated_stability(2000, 20, 60, p, 30, 62, random_state=1) == pytest.approx(
            0.2, abs=0.02
        )


def test_verification_deviates_for_large_n_useful_and_small_p():
    # Onda §3.4, Fig. 2 left: n_useful^v falls below n_useful when n_useful is large, earlier
    # for smaller p
    assert sim.verify_n_useful(2000, 20, 400, 0.7, 62, random_state=0) < 100
    assert sim.verify_n_useful(2000, 20, 60, 0.3, 62, random_state=0) < 55


def test_stability_grows_with_p_on_average():
    ps = [0.1, 0.3, 0.5, 0.7, 0.9]
    for m in (1, 10):
        means = np.mean(
            [[sim.simulated_stability(300, 10, 30, p, m, 40, random_state=s) for p in ps]
             for s in range(3)],
            axis=0,
        )
        assert np.all(np.diff(means) > 0)


def test_curve_frame():
    frame = sim.simulated_stability_curve(200, 5, 20, [0.5, 0.9], [1, 4], m_stability=10,
                                          random_state=0)
    assert list(frame.columns) == ["p", "m_ensemble", "stability", "seconds"]
    assert frame[["p", "m_ensemble"]].values.tolist() == [[0.5, 1], [0.5, 4], [0.9, 1], [0.9, 4]]
    assert frame["stability"].between(0, 1).all()
    assert (frame["seconds"] > 0).all()
    point = sim.simulated_stability(200, 5, 20, 0.9, 4, 10, random_state=0)
    assert frame["stability"].iloc[3] == point


def test_other_measures():
    selections = sim.simulate_ensemble_selections(100, 5, 10, 0.8, 2, 10, random_state=0)
    from fsstab.measures import nogueira

    assert sim.selection_stability(selections, "nogueira") == nogueira(selections)
    value = sim.simulated_stability(100, 5, 10, 0.8, 2, 10, measure="nogueira", random_state=0)
    assert value == nogueira(selections)
