"""Oracles of the fsstab.simulator tests (Onda et al. 2022), written from the paper (none of
them is fsstab.simulator): a literal line-by-line transcription of Algorithm 3, the exact laws
of Algorithm 3 and of the weak selector of Algorithm 2 (enumeration in exact arithmetic), the
chi-square test of a sample against such a law, Theorem 1's process by brute force, and the
expected Jaccard of random subsets. Used by test_simulator_algorithms.py and
test_simulator_estimation.py.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
from scipy.stats import chisquare, hypergeom


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
