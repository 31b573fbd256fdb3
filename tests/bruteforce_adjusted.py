"""Straightforward reference implementations of the adjusted measures, for tests only.

Written directly from Bommert (2020), §3.3.2.3, Table 3.2, Algorithm 3.1 and App. B.1, and
Sechidis et al. (2019), Definition 2 / Theorem 3 (with the Σ erratum of DEVELOPERS.md): Python
sets and loops, exhaustive search for the maximum matching, enumeration of all pairs of random
sets for the expectations. Deliberately shares no code with ``fsstab``.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np


def similar_pairs(Vi, Vj, C, theta):
    """Edges (x, y, similarity) with x ∈ Vi \\ Vj, y ∈ Vj \\ Vi, similarity >= θ."""
    only_i = sorted(set(Vi) - set(Vj))
    only_j = sorted(set(Vj) - set(Vi))
    return [(x, y, C[x][y]) for x in only_i for y in only_j if C[x][y] >= theta]


def A(Vi, Vj, C, theta):
    """|{x ∈ Vi \\ Vj : ∃ y ∈ Vj \\ Vi with similarity(x, y) >= θ}| (definition for SMY)."""
    return len({x for x, _, _ in similar_pairs(Vi, Vj, C, theta)})


def adj_count(Vi, Vj, C, theta):
    return min(A(Vi, Vj, C, theta), A(Vj, Vi, C, theta))


def adj_yu(Vi, Vj, C, theta):
    return (A(Vi, Vj, C, theta) + A(Vj, Vi, C, theta)) / 2


def _M(Vi, Vj, C, theta):
    total = 0.0
    for x in set(Vi) - set(Vj):
        G = [y for y in set(Vj) - set(Vi) if C[x][y] >= theta]
        if G:
            total += sum(C[x][y] for y in G) / len(G)
    return total


def adj_mean(Vi, Vj, C, theta):
    return min(_M(Vi, Vj, C, theta), _M(Vj, Vi, C, theta))


def adj_greedy(Vi, Vj, C, theta):
    """Algorithm 3.1, edges sorted by decreasing similarity, ties by (min, max) feature index."""
    edges = sorted(
        similar_pairs(Vi, Vj, C, theta), key=lambda e: (-e[2], min(e[0], e[1]), max(e[0], e[1]))
    )
    chosen = []
    while edges:
        x, y, _ = edges[0]
        chosen.append((x, y))
        edges = [e for e in edges if e[0] != x and e[1] != y]
    return len(chosen)


def adj_mbm(Vi, Vj, C, theta):
    """Size of a maximum matching, by exhaustive search."""
    only_i = sorted(set(Vi) - set(Vj))
    only_j = sorted(set(Vj) - set(Vi))

    def best(k, used):
        if k == len(only_i):
            return 0
        result = best(k + 1, used)
        for y in only_j:
            if y not in used and C[only_i[k]][y] >= theta:
                result = max(result, 1 + best(k + 1, used | {y}))
        return result

    return best(0, frozenset())


ADJUSTMENTS = {
    "intersection_count": adj_count,
    "intersection_mean": adj_mean,
    "intersection_greedy": adj_greedy,
    "intersection_mbm": adj_mbm,
    "yu": adj_yu,
}


def has_similar_features(C, theta):
    p = len(C)
    return any(C[x][y] >= theta for x in range(p) for y in range(p) if x != y)


def adjusted_intersection(name, Vi, Vj, C, theta):
    return len(set(Vi) & set(Vj)) + ADJUSTMENTS[name](Vi, Vj, C, theta)


def expectation(f, a, b, p):
    """Mean of f(Ṽi, Ṽj) over all pairs of subsets of sizes a and b of p features."""
    values = [
        f(Vi, Vj)
        for Vi in itertools.combinations(range(p), a)
        for Vj in itertools.combinations(range(p), b)
    ]
    return sum(values) / len(values)


def corrected_pair_score(name, Vi, Vj, p, C, theta):
    """(X - E[X]) / (UB - E[X]) of SMA-*/SMY; SMU fallback without similar features."""
    a, b = len(Vi), len(Vj)
    if has_similar_features(C, theta):
        X = adjusted_intersection(name, Vi, Vj, C, theta)
        E = expectation(lambda U, V: adjusted_intersection(name, U, V, C, theta), a, b, p)
        UB = (a + b) / 2 if name == "yu" else math.sqrt(a * b)
    else:
        X, E, UB = len(set(Vi) & set(Vj)), a * b / p, math.sqrt(a * b)
    return (X - E) / (UB - E) if UB - E > 0 else math.nan


def zucknick_pair(Vi, Vj, C, theta):
    union = len(set(Vi) | set(Vj))
    if union == 0:
        return math.nan

    def cross(U, V):
        if not V:
            return 0.0
        return sum(C[x][y] for x in U for y in set(V) - set(U) if C[x][y] >= theta) / len(V)

    return (len(set(Vi) & set(Vj)) + cross(Vi, Vj) + cross(Vj, Vi)) / union


def zucknick_corrected_pair(Vi, Vj, p, C, theta):
    score = zucknick_pair(Vi, Vj, C, theta)
    E = expectation(lambda U, V: zucknick_pair(U, V, C, theta), len(Vi), len(Vj), p)
    return (score - E) / (1 - E) if 1 - E > 0 else math.nan


def mean_over_pairs(score, sets):
    values = [score(sets[i], sets[j]) for i, j in itertools.combinations(range(len(sets)), 2)]
    return float(np.mean(values))


def smu(sets, p):
    """SMU (Bommert 2020, §3.3.2.1)."""

    def score(Vi, Vj):
        a, b = len(Vi), len(Vj)
        den = math.sqrt(a * b) - a * b / p
        return (len(set(Vi) & set(Vj)) - a * b / p) / den if den != 0 else math.nan

    return mean_over_pairs(score, sets)


def smn(sets, p):
    """SMN = 1 - mean_j s_j² / ((q/(mp))(1 - q/(mp))) (Bommert 2020, §3.3.2.2)."""
    m = len(sets)
    h = [sum(j in V for V in sets) for j in range(p)]
    s2 = [m / (m - 1) * (hj / m) * (1 - hj / m) for hj in h]
    q = sum(h)
    den = q / (m * p) * (1 - q / (m * p))
    return 1 - (sum(s2) / p) / den if den != 0 else math.nan


def smes(sets, p, C, theta):
    """SMES straight from the definitions, in exact rational arithmetic.

    Exact fractions (every float is a dyadic rational) decide whether trace(CΣ) is zero without
    rounding, so the oracle cannot turn an exact 0/0 into 1 − 0/ε.
    """
    Cq = [[Fraction(float(C[i][j])) if theta <= C[i][j] else Fraction(0) for j in range(p)]
          for i in range(p)]
    m = len(sets)
    h = [sum(j in V for V in sets) for j in range(p)]
    q = sum(h)
    sizes = [len(V) for V in sets]

    def S(i, j):
        hij = sum(i in V and j in V for V in sets)
        return Fraction(m, m - 1) * (Fraction(hij, m) - Fraction(h[i] * h[j], m * m))

    diag = Fraction(q, m * p) * (1 - Fraction(q, m * p))
    off = ((Fraction(sum(k * k for k in sizes), m) - Fraction(q, m)) / (p * p - p)
           - Fraction(q * q, m * m * p * p)) if p > 1 else Fraction(0)
    num = sum(Cq[i][j] * S(j, i) for i in range(p) for j in range(p))
    den = sum(Cq[i][j] * (diag if i == j else off) for i in range(p) for j in range(p))
    return float(1 - num / den) if den != 0 else math.nan
