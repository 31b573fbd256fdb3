"""Tests of fsstab.simulator (Onda et al. 2022).

Reference values come from the paper's text (Theorem 1, Table 4, §3.4-3.5), from exact laws
derived here directly from Algorithm 3 and Theorem 1 (enumeration in exact arithmetic), and from
a literal line-by-line transcription of Algorithm 3.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chi2_contingency, chisquare, hypergeom

from fsstab import simulator as sim
from fsstab.simulator import _draws as _simulator_draws
from fsstab.simulator._common import child_seed

# --------------------------------------------------------------------------------------------
# Oracles written from the paper
# --------------------------------------------------------------------------------------------


def literal_algorithm3(subset, n_feature, p, rng):
    """Onda Algorithm 3, line by line (S and S_m shrink as features are picked)."""
    S = list(range(n_feature))
    S_m = list(subset)
    rank = [0] * n_feature
    for i in range(1, n_feature + 1):
        r = rng.random()  # line 2
        rest = [s for s in S if s not in S_m]  # S \ S_m
        if (r < p and not S_m) or (r >= p and rest):  # line 3
            s = rest[rng.integers(len(rest))]  # line 4
        else:
            s = S_m[rng.integers(len(S_m))]  # line 6
        rank[s] = i  # line 8
        S.remove(s)  # line 9
        if s in S_m:
            S_m.remove(s)
    return tuple(rank)


def exact_algorithm3_law(subset, n_feature, p):
    """P(ranking) of Algorithm 3 for every ranking, by following its steps.

    Line 3 picks from S_m with probability p while both groups are non-empty, surely once
    S \\ S_m is empty and never once S_m is empty; line 4/6 then picks uniformly in the group.
    """
    law = {}
    for order in itertools.permutations(range(n_feature)):
        A, B = set(subset), set(range(n_feature)) - set(subset)
        prob = Fraction(1)
        for s in order:
            p_a = Fraction(0) if not A else (Fraction(1) if not B else Fraction(p))
            if s in A:
                prob *= p_a / len(A)
                A.remove(s)
            else:
                prob *= (1 - p_a) / len(B)
                B.remove(s)
        ranks = [0] * n_feature
        for i, s in enumerate(order, start=1):
            ranks[s] = i
        law[tuple(ranks)] = prob
    return law


def weak_selector_law(n_feature, n_target, n_useful, p):
    """Algorithm 2 lines 2-3: S_m uniform among the n_target-subsets of S', then Algorithm 3."""
    subsets = list(itertools.combinations(range(n_useful), n_target))
    law = {}
    for subset in subsets:
        for ranks, prob in exact_algorithm3_law(subset, n_feature, p).items():
            law[ranks] = law.get(ranks, 0) + prob / len(subsets)
    return law


def chi_square_pvalue(samples, law):
    keys = list(law)
    index = {k: i for i, k in enumerate(keys)}
    observed = np.bincount([index[tuple(int(v) for v in s)] for s in samples],
                           minlength=len(keys))
    expected = np.array([float(law[k]) for k in keys]) * len(samples)
    return chisquare(observed, expected).pvalue


def theorem1_brute_force(n_feature, n_target, n_useful, p, x=0):
    """Theorem 1's process: S_0 uniform among n_target-subsets of S', then s from S_0 with
    probability p, else from S \\ S_0, uniformly. Exact P(s = x)."""
    subsets = list(itertools.combinations(range(n_useful), n_target))
    p = Fraction(p)
    total = Fraction(0)
    for subset in subsets:
        if x in subset:
            total += p / n_target
        else:
            total += (1 - p) / (n_feature - n_target)
    return total / len(subsets)


def expected_jaccard_of_random_subsets(n, k):
    """E[|A ∩ B| / |A ∪ B|] for independent uniform k-subsets A, B of an n-set:
    r = |A ∩ B| is hypergeometric(n, k, k) and |A ∪ B| = 2k - r."""
    r = np.arange(0, k + 1)
    return float(np.sum(hypergeom(n, k, k).pmf(r) * r / (2 * k - r)))


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


# --------------------------------------------------------------------------------------------
# Parameter estimation
# --------------------------------------------------------------------------------------------

TRUE_N_USEFUL, TRUE_P = 30, 0.7


@pytest.fixture(scope="module")
def simulated_real_runs():
    # "real" runs generated by the simulator itself with known parameters
    return sim.simulate_ensemble_selections(500, 10, TRUE_N_USEFUL, TRUE_P, 1, 60,
                                            random_state=101)


def test_estimate_n_useful_recovers_the_truth(simulated_real_runs):
    estimate = sim.estimate_n_useful(simulated_real_runs, random_state=0)
    assert abs(estimate.n_useful - TRUE_N_USEFUL) <= 2
    assert estimate.uniform_counts.max() == estimate.t_uniform


@pytest.mark.parametrize("method", ["grid", "bisection"])
def test_estimate_p_recovers_the_truth(simulated_real_runs, method):
    target = sim.selection_stability(simulated_real_runs)
    estimate = sim.estimate_p(target, n_feature=500, n_target=10, n_useful=TRUE_N_USEFUL,
                              m_stability=60, method=method, random_state=5)
    assert estimate.bracketed
    assert abs(estimate.p - TRUE_P) <= 0.1
    assert estimate.method == method
    assert abs(estimate.stability - target) == pytest.approx(
        np.abs(estimate.evaluations["stability"] - target).min()
    )


def test_bisection_uses_few_simulations_and_common_random_numbers():
    target = 0.08
    kwargs = {"n_feature": 300, "n_target": 10, "n_useful": 30, "m_stability": 40,
              "random_state": 3}
    estimate = sim.estimate_p(target, method="bisection", tolerance=0.01, **kwargs)
    # 2 ends + ceil(log2(1 / 0.01)) halvings
    assert len(estimate.evaluations) == 2 + math.ceil(math.log2(100))
    # every evaluation is the simulated stability with the same seed (common random numbers)
    for p, value in estimate.evaluations.itertuples(index=False):
        assert value == sim.simulated_stability(300, 10, 30, p, 1, 40, random_state=3)
    evaluated = estimate.evaluations.sort_values("p")
    below = evaluated[evaluated["stability"] < target]["p"].max()
    above = evaluated[evaluated["stability"] >= target]["p"].min()
    assert 0 < above - below <= 0.01
    assert estimate.p in (below, above)


def test_estimate_p_out_of_reach():
    estimate = sim.estimate_p(0.99, n_feature=300, n_target=10, n_useful=60, m_stability=20,
                              method="bisection", random_state=0)
    assert not estimate.bracketed
    assert estimate.p == 1.0
    grid = sim.estimate_p(0.99, n_feature=300, n_target=10, n_useful=60, m_stability=20,
                          random_state=0)
    assert not grid.bracketed
    assert grid.p == 0.9
    assert grid.evaluations["p"].tolist() == list(sim.DEFAULT_P_GRID)


def test_estimate_parameters_recovers_the_truth(simulated_real_runs):
    fit = sim.estimate_parameters(simulated_real_runs, random_state=0)
    assert abs(fit.n_useful - TRUE_N_USEFUL) <= 2
    assert abs(fit.p - TRUE_P) <= 0.1
    assert abs(fit.n_useful_v - fit.n_useful) <= 3
    assert fit.single_stability == sim.selection_stability(simulated_real_runs)
    fixed = sim.estimate_parameters(simulated_real_runs, n_useful=40, p=0.5, random_state=0)
    assert (fixed.n_useful, fixed.p, fixed.p_estimate) == (40, 0.5, None)


def test_estimate_parameters_raises_n_useful_to_n_target():
    # an unstable selector: nothing is chosen more often than by the uniform selector
    runs = sim.simulate_ensemble_selections(400, 10, 10, 0.0, 1, 30, random_state=0)
    with pytest.warns(RuntimeWarning, match="below n_target"):
        fit = sim.estimate_parameters(runs, p=0.5, random_state=0)
    assert fit.n_useful == 10
    assert fit.n_useful_estimate.n_useful < 10


def test_parameter_grid():
    frame = sim.parameter_grid(300, 10, [20, 60], [0.3, 0.9], m_stability=20, random_state=0)
    assert list(frame.columns) == ["n_useful", "p", "stability", "n_useful_v"]
    assert len(frame) == 4
    row = frame.iloc[3]
    assert row["stability"] == sim.simulated_stability(
        300, 10, 60, 0.9, 1, 20, random_state=child_seed(0, 0)
    )


# --------------------------------------------------------------------------------------------
# Determinism
# --------------------------------------------------------------------------------------------


def test_determinism():
    a = sim.simulate_ensemble_selections(300, 10, 30, 0.6, 5, 12, random_state=4)
    b = sim.simulate_ensemble_selections(300, 10, 30, 0.6, 5, 12, random_state=4)
    c = sim.simulate_ensemble_selections(300, 10, 30, 0.6, 5, 12, random_state=5)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)
    r1 = sim.simulate_rankings(20, 50, 5, 10, 0.5, random_state=np.random.RandomState(3))
    r2 = sim.simulate_rankings(20, 50, 5, 10, 0.5, random_state=np.random.RandomState(3))
    assert np.array_equal(r1, r2)
    t1 = sim.uniform_thresholds(500, 10, 30, 50, random_state=2)
    assert np.array_equal(t1, sim.uniform_thresholds(500, 10, 30, 50, random_state=2))


def test_blocks_do_not_change_the_law(monkeypatch):
    # tiny blocks (two weak selectors at a time) draw from the same law as one large block
    monkeypatch.setattr(_simulator_draws, "_BLOCK_ENTRIES", 10)
    small = sim.simulate_rankings(6000, 5, 2, 3, 0.6, random_state=8)
    assert chi_square_pvalue(small, weak_selector_law(5, 2, 3, Fraction(3, 5))) > 1e-3
    selections = sim.simulate_ensemble_selections(50, 3, 6, 0.8, 4, 30, random_state=1)
    assert np.all(selections.sum(axis=1) == 3)


# --------------------------------------------------------------------------------------------
# Bad parameters
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n_target": 31}, "n_useful must be >= 31"),
        ({"n_useful": 301}, "n_useful must be >= 10 and <= 300"),
        ({"n_target": 0}, "n_target must be >= 1"),
        ({"n_feature": 2.5}, "n_feature must be an integer"),
        ({"p": 1.5}, "p must be a probability"),
        ({"p": float("nan")}, "p must be a probability"),
        ({"m_ensemble": 0}, "m_ensemble must be >= 1"),
        ({"m_stability": 1}, "m_stability must be >= 2"),
        ({"measure": "nope"}, "measure must be the name"),
        ({"measure": "canberra"}, "needs"),
        ({"aggregate": "vote"}, "aggregate must be one of"),
        ({"aggregate": 3}, "aggregate must be a name or a callable"),
        ({"aggregate": lambda r, k: np.ones((r.shape[0], r.shape[2]), bool)},
         "select n_target=10"),
        ({"aggregate": lambda r, k: np.zeros(3)}, "boolean"),
    ],
)
def test_bad_simulation_parameters(kwargs, match):
    params = {"n_feature": 300, "n_target": 10, "n_useful": 30, "p": 0.5, "m_ensemble": 2,
              "m_stability": 5, "random_state": 0, **kwargs}
    with pytest.raises(ValueError, match=match):
        sim.simulated_stability(**params)


@pytest.mark.parametrize(
    ("subsets", "match"),
    [([[0, 0]], "repeats"), ([[0, 10]], "indices in 0..9"), ([0, 1], "array of S_m"),
     ([[0.5, 1.0]], "integer")],
)
def test_bad_subsets(subsets, match):
    with pytest.raises(ValueError, match=match):
        sim.algorithm3_rankings(subsets, 10, 0.5)


def test_bad_estimation_inputs():
    runs = sim.simulate_ensemble_selections(100, 5, 10, 0.8, 1, 10, random_state=0)
    ragged = runs.copy()
    ragged[0, np.flatnonzero(~ragged[0])[0]] = True
    with pytest.raises(ValueError, match="same number n_target"):
        sim.estimate_n_useful(ragged)
    with pytest.raises(ValueError, match="0/1"):
        sim.estimate_n_useful(runs * 2)
    with pytest.raises(ValueError, match="t_uniform must be >= 0"):
        sim.estimate_n_useful(runs, t_uniform=-1)
    common = {"n_feature": 100, "n_target": 5, "n_useful": 10, "m_stability": 10}
    with pytest.raises(ValueError, match="method must be"):
        sim.estimate_p(0.1, method="newton", **common)
    with pytest.raises(ValueError, match="lo < hi"):
        sim.estimate_p(0.1, method="bisection", bounds=(0.8, 0.2), **common)
    with pytest.raises(ValueError, match="tolerance"):
        sim.estimate_p(0.1, method="bisection", tolerance=0, **common)
    with pytest.raises(ValueError, match="target_stability"):
        sim.estimate_p(float("nan"), **common)
    with pytest.raises(ValueError, match="grid value"):
        sim.estimate_p(0.1, grid=[0.5, 2.0], **common)
    with pytest.raises(ValueError, match="at least two runs"):
        sim.estimate_parameters(runs[:1])


# --------------------------------------------------------------------------------------------
# Real selectors and the driver (small synthetic data; the colon run is the benchmark)
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(24, 40))
    y = np.array(["a"] * 12 + ["b"] * 12)
    X[y == "b", :4] += 2.0
    return X, y


def test_onda_splits_follow_appendix_c1(small_data):
    _, y = small_data
    splits = sim.onda_splits(y, random_state=0)
    assert len(splits) == 24
    assert sorted(int(s.test[0]) for s in splits) == list(range(24))
    for split in splits:
        rows = np.concatenate([split.selection, split.predictor, split.test])
        assert sorted(rows.tolist()) == list(range(24))
        assert abs(split.selection.size - split.predictor.size) <= 1
        labels = y[split.selection]
        assert abs(np.sum(labels == "a") - np.sum(labels == "b")) <= 1  # stratified halves
    again = sim.onda_splits(y, random_state=0)
    assert all(np.array_equal(a.selection, b.selection) for a, b in zip(splits, again, strict=True))
    fewer = sim.onda_splits(y, m_stability=5, random_state=0)
    assert len(fewer) == 5
    assert len({int(s.test[0]) for s in fewer}) == 5
    with pytest.raises(ValueError, match="m_stability must be >= 2 and <= 24"):
        sim.onda_splits(y, m_stability=25)


def test_forest_selector_ranks_by_importance_with_random_ties(small_data):
    X, y = small_data
    selector = sim.OndaForestSelector(n_estimators=3, n_features_to_select=4, random_state=0)
    selector.fit(X, y)
    scores, ranks = selector.scores_, selector.ranking_
    assert np.array_equal(np.sort(ranks), np.arange(1, 41))
    order = np.argsort(ranks)
    assert np.all(np.diff(scores[order]) <= 0)  # better rank, no smaller importance
    unused = np.flatnonzero(scores == 0)
    assert unused.size > 10
    # zero-importance features are not ranked in column order
    assert not np.array_equal(np.argsort(ranks[unused]), np.arange(unused.size))
    refit = sim.OndaForestSelector(n_estimators=3, n_features_to_select=4, random_state=0)
    assert np.array_equal(refit.fit(X, y).ranking_, ranks)
    assert sim.OndaForestSelector(n_estimators=20, max_features=0.1, random_state=0).fit(
        X, y
    ).estimator_.max_features == 0.1


def test_real_single_selections(small_data):
    X, y = small_data
    splits = sim.onda_splits(y, m_stability=4, random_state=0)
    base = sim.OndaForestSelector(n_estimators=5)
    for bootstrap in (True, False):
        selections, seconds = sim.real_single_selections(
            X, y, splits, base, 6, bootstrap=bootstrap, random_state=0
        )
        assert selections.shape == (4, 40)
        assert np.all(selections.sum(axis=1) == 6)
        assert seconds > 0
        again, _ = sim.real_single_selections(
            X, y, splits, base, 6, bootstrap=bootstrap, random_state=0
        )
        assert np.array_equal(selections, again)
    # a bootstrap perturbs the data: the two kinds of run differ
    direct, _ = sim.real_single_selections(X, y, splits, base, 6, random_state=0)
    bootstrapped, _ = sim.real_single_selections(X, y, splits, base, 6, bootstrap=True,
                                                 random_state=0)
    assert not np.array_equal(bootstrapped, direct)


def test_real_ensemble_curve(small_data):
    from sklearn.neighbors import KNeighborsClassifier

    X, y = small_data
    splits = sim.onda_splits(y, m_stability=4, random_state=0)
    base = sim.OndaForestSelector(n_estimators=5)
    frame = sim.real_ensemble_curve(X, y, splits, base, [1, 3], 6,
                                    predictor=KNeighborsClassifier(3), random_state=0)
    assert list(frame.columns) == ["m_ensemble", "stability", "seconds", "accuracy"]
    assert frame["m_ensemble"].tolist() == [1, 3]
    assert frame["stability"].between(0, 1).all()
    assert frame["accuracy"].between(0, 1).all()
    without = sim.real_ensemble_curve(X, y, splits, base, [1, 3], 6, random_state=0)
    assert without["accuracy"].isna().all()
    assert without["stability"].tolist() == frame["stability"].tolist()


def test_real_ensemble_curve_equals_separate_ensembles(small_data):
    """The curve reuses the largest ensemble's first m weak selectors: the same selections as
    one EnsembleSelector of size m per copy, fitted from scratch (the definition)."""
    from fsstab.seeds import as_seed
    from fsstab.selectors import EnsembleSelector
    from fsstab.simulator._common import selection_stability

    X, y = small_data
    splits = sim.onda_splits(y, m_stability=4, random_state=0)
    base = sim.OndaForestSelector(n_estimators=5)
    frame = sim.real_ensemble_curve(X, y, splits, base, [1, 3, 4], 6, random_state=7)
    codes = np.unique(y, return_inverse=True)[1]
    for m, ours in zip([1, 3, 4], frame["stability"], strict=True):
        selections = np.array([
            EnsembleSelector(selector=base, n_bootstrap=m, n_features_to_select=6,
                             random_state=child_seed(as_seed(7), 0, j))
            .fit(X[split.selection], codes[split.selection]).get_support()
            for j, split in enumerate(splits)])
        assert ours == selection_stability(selections, "jaccard")


def test_compare_ensembles():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(24, 200))
    y = np.array(["a"] * 12 + ["b"] * 12)
    X[y == "b", :6] += 3.0
    kwargs = {"n_target": 4, "base_selector": sim.OndaForestSelector(n_estimators=50),
              "m_ensemble": (1, 2), "m_stability": 8, "curve_p_values": (0.3,),
              "n_threshold_repeats": 20, "random_state": 0}
    result = sim.compare_ensembles(X, y, **kwargs)
    curves = result.curves
    assert list(curves.columns) == ["source", "p", "m_ensemble", "stability", "seconds",
                                    "accuracy"]
    real = curves[curves["source"] == "real"]
    simulated = curves[curves["source"] == "simulated"]
    assert real["m_ensemble"].tolist() == [1, 2]
    assert real["p"].isna().all()
    fit = result.parameters
    assert set(simulated["p"]) == {fit.p, 0.3}
    assert fit.p in sim.DEFAULT_P_GRID
    assert fit.n_target == 4
    assert fit.n_feature == 200
    assert fit.n_useful == fit.n_useful_estimate.n_useful >= 4
    assert len(result.splits) == 8
    assert result.counts["count"].sum() == 8 * 4
    assert result.counts["uniform_count"].sum() == 8 * 4
    assert result.counts["uniform_count"].max() == fit.n_useful_estimate.t_uniform
    assert len(result.thresholds) == 20
    assert result.timings["stage"].tolist() == [
        "real single selectors", "parameter estimation", "real ensembles", "simulated ensembles"
    ]
    assert result.speedup > 0
    assert result.speedup_total > 0
    again = sim.compare_ensembles(X, y, **kwargs)
    columns = ["source", "p", "m_ensemble", "stability"]
    assert again.curves[columns].equals(curves[columns])


def test_bad_driver_inputs(small_data):
    X, y = small_data
    base = sim.OndaForestSelector(n_estimators=3)
    splits = sim.onda_splits(y, m_stability=3, random_state=0)
    with pytest.raises(ValueError, match="NaN"):
        sim.real_single_selections(np.full((24, 40), np.nan), y, splits, base, 4)
    with pytest.raises(ValueError, match="one label per row"):
        sim.real_single_selections(X, y[:-1], splits, base, 4)
    with pytest.raises(ValueError, match="two classes"):
        sim.real_single_selections(X, np.zeros(24), splits, base, 4)
    with pytest.raises(ValueError, match="at least two copies"):
        sim.real_single_selections(X, y, splits[:1], base, 4)
    bad = [sim.OndaSplit(np.array([0, 99]), np.array([1]), np.array([2]))] * 2
    with pytest.raises(ValueError, match=r"splits\[0\].selection"):
        sim.real_single_selections(X, y, bad, base, 4)
    with pytest.raises(ValueError, match="n_target must be >= 1 and <= 40"):
        sim.real_single_selections(X, y, splits, base, 41)

    class NoRanking:
        def get_params(self, deep=False):
            return {}

        def set_params(self, **params):
            return self

        def fit(self, X, y):
            return self

    for bootstrap in (True, False):
        with pytest.raises(ValueError, match="does not rank features"):
            sim.real_single_selections(X, y, splits, NoRanking(), 4, bootstrap=bootstrap)
    with pytest.raises(ValueError, match="n_threshold_repeats"):
        sim.compare_ensembles(X, y, n_target=4, base_selector=base, n_threshold_repeats=-1)
    with pytest.raises(ValueError, match="m_ensemble values must not be empty"):
        sim.compare_ensembles(X, y, n_target=4, base_selector=base, m_ensemble=())


def test_ensemble_speedups_from_the_stage_times():
    """§3.6: real / simulated ensembles; §2.4: real / (single runs + estimation + simulated).
    Rows of one stage add up (a timing table gathered from parts)."""
    stages = ["real single selectors", "parameter estimation", "real ensembles",
              "simulated ensembles", "simulated ensembles"]
    timings = pd.DataFrame({"stage": stages, "seconds": [10.0, 1.0, 200.0, 0.25, 0.25]})
    speedup, total = sim.ensemble_speedups(timings)
    assert speedup == pytest.approx(200.0 / 0.5)
    assert total == pytest.approx(200.0 / 11.5)
    with pytest.raises(ValueError, match=r"no stage\(s\) \['parameter estimation'\]"):
        sim.ensemble_speedups(timings[timings["stage"] != "parameter estimation"])


def test_limit_stability_by_enumeration():
    """Two uniform 2-subsets of 5 features, enumerated: 10 x 10 pairs, Jaccard 1 (same set),
    1/3 (one shared) or 0."""
    subsets = list(itertools.combinations(range(5), 2))
    values = [len(set(a) & set(b)) / len(set(a) | set(b)) for a in subsets for b in subsets]
    assert sim.limit_stability(5, 2) == pytest.approx(np.mean(values), abs=1e-15)
    assert sim.limit_stability(7, 7) == 1.0
    with pytest.raises(ValueError, match="n_target"):
        sim.limit_stability(5, 6)


@pytest.mark.parametrize("p", [0.3, 0.9])
def test_large_simulated_ensembles_approach_the_limit_whatever_p(p):
    """Algorithm 2 with many weak selectors: the stability of 400 simulated ensembles is the
    limit's within sampling error (sd of a pairwise mean over 400 copies ~ 0.005)."""
    value = sim.simulated_stability(300, 5, 15, p, 300, 400, random_state=3)
    assert value == pytest.approx(sim.limit_stability(15, 5), abs=0.02)
