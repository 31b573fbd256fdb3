"""Independent oracles for the unadjusted, importance and ranking measures.

Written directly from the papers' formulas with plain Python loops over pairs of runs and
Python sets, deliberately sharing no code with ``fsstab.measures`` (no Gram matrix, no scaled
numerators, no sorting tricks). A pairwise score whose denominator is 0 is ``None``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

Sets = Sequence[frozenset[int]]


def as_sets(Z) -> list[frozenset[int]]:
    return [frozenset(int(j) for j, z in enumerate(row) if z) for row in Z]


def _div(num: float, den: float) -> float | None:
    return None if den == 0 else num / den


# Bommert (2020), §3.3.2.1 (errata applied), Nogueira & Brown (2016), eqs. 4, 7-9, 14.
def score_jaccard(A, B, p):
    return _div(len(A & B), len(A | B))


def score_dice(A, B, p):
    return _div(len(A & B), (len(A) + len(B)) / 2)


def score_ochiai(A, B, p):
    return _div(len(A & B), math.sqrt(len(A) * len(B)))


def score_hamming(A, B, p):
    both_out = p - len(A | B)
    return (len(A & B) + both_out) / p


def _expected(A, B, p):
    return len(A) * len(B) / p


def score_kuncheva(A, B, p):
    k = len(A)
    return _div(len(A & B) - k * k / p, k - k * k / p)


def score_lustgarten(A, B, p):
    return _div(
        len(A & B) - _expected(A, B, p),
        min(len(A), len(B)) - max(0, len(A) + len(B) - p),
    )


def score_wald(A, B, p):
    return _div(len(A & B) - _expected(A, B, p), min(len(A), len(B)) - _expected(A, B, p))


def score_npog(A, B, p):
    return _div(len(A & B) - _expected(A, B, p), len(A) - _expected(A, B, p))


def score_unadjusted(A, B, p):
    return _div(
        len(A & B) - _expected(A, B, p), math.sqrt(len(A) * len(B)) - _expected(A, B, p)
    )


def score_kappa(A, B, p):
    return _div(len(A & B) - _expected(A, B, p), (len(A) + len(B)) / 2 - _expected(A, B, p))


def score_phi(A, B, p):
    a, b = len(A), len(B)
    return _div(len(A & B) - _expected(A, B, p), math.sqrt(a * (1 - a / p) * b * (1 - b / p)))


def score_nogueira_brown(A, B, p):
    a, b = len(A), len(B)
    if a in (0, p) or b in (0, p):
        return 0.0  # Nogueira & Brown (2016), §4
    e = a * b / p
    return (len(A & B) - e) / max(e - max(0, a + b - p), min(a, b) - e)


PAIR_SCORES: dict[str, Callable] = {
    "jaccard": score_jaccard,
    "dice": score_dice,
    "ochiai": score_ochiai,
    "hamming": score_hamming,
    "kuncheva": score_kuncheva,
    "lustgarten": score_lustgarten,
    "wald": score_wald,
    "npog": score_npog,
    "unadjusted": score_unadjusted,
    "kappa": score_kappa,
    "phi_pairwise": score_phi,
    "nogueira_brown": score_nogueira_brown,
}


def mean_pairwise(score: Callable, sets: Sets, p: int, impute_zero: bool = False) -> float:
    values = []
    for i, j in itertools.combinations(range(len(sets)), 2):
        s = score(sets[i], sets[j], p)
        if s is None:
            if not impute_zero:
                return math.nan
            s = 0.0
        values.append(s)
    return sum(values) / len(values)


def subsets(p: int, k: int) -> list[frozenset[int]]:
    return [frozenset(c) for c in itertools.combinations(range(p), k)]


def expected_by_enumeration(score: Callable, a: int, b: int, p: int) -> float | None:
    """E[score(Ṽ_1, Ṽ_2)] over all pairs of subsets of sizes a and b (None if undefined)."""
    values = [score(A, B, p) for A in subsets(p, a) for B in subsets(p, b)]
    if any(v is None for v in values):
        return None
    return sum(values) / len(values)


# Frequency measures of Bommert (2020), §3.3.2.2, from the counts h_j.
def counts(sets: Sets, p: int) -> list[int]:
    return [sum(j in s for s in sets) for j in range(p)]


def nogueira(sets: Sets, p: int) -> float:
    m = len(sets)
    h = counts(sets, p)
    q = sum(h)
    s2 = [m / (m - 1) * (x / m) * (1 - x / m) for x in h]
    den = q / (m * p) * (1 - q / (m * p))
    return math.nan if den == 0 else 1 - (sum(s2) / p) / den


def novovicova(sets: Sets, p: int) -> float:
    m = len(sets)
    h = counts(sets, p)
    q = sum(h)
    if q == 0:
        return math.nan
    return sum(x * math.log2(x) for x in h if x > 0) / (q * math.log2(m))


def davis(sets: Sets, p: int, penalty: float = 0.0) -> float:
    m = len(sets)
    union = frozenset().union(*sets)
    if not union:
        return math.nan
    sizes = sorted(len(s) for s in sets)
    median = (sizes[(m - 1) // 2] + sizes[m // 2]) / 2
    return max(0.0, sum(counts(sets, p)) / m / len(union) - penalty / p * median)


# Hamer & Dupont (2021): eq. 6 with the §5 normalisation and k_i = 0 conventions; eq. 4; eq. 5.
def importance_weighted(W) -> float:
    M, d = len(W), len(W[0])
    k = [sum(1 for w in row if w > 0) for row in W]
    k_bar = sum(k) / M
    I = [[w * k_bar / sum(row) if sum(row) > 0 else 0.0 for w in row] for row in W]
    inter, rand = [], []
    for i, j in itertools.combinations(range(M), 2):
        if k[i] == 0 and k[j] == 0:
            inter.append(k_bar)
            rand.append(k_bar)
        elif k[i] == 0 or k[j] == 0:
            inter.append(0.0)
            rand.append(0.0)
        else:
            inter.append(sum(min(I[i][f], I[j][f]) for f in range(d) if I[i][f] and I[j][f]))
            rand.append(
                sum(min(I[i][f], I[j][g]) for f in range(d) if I[i][f] for g in range(d)
                    if I[j][g]) / d
            )
    C = sum(rand) / len(rand)
    if k_bar - C == 0:
        return math.nan
    return sum((x - y) / (k_bar - C) for x, y in zip(inter, rand, strict=True)) / len(inter)


def pearson(W) -> float:
    M, d = len(W), len(W[0])
    rhos = []
    for i, j in itertools.combinations(range(M), 2):
        mi, mj = sum(W[i]) / d, sum(W[j]) / d
        cov = sum((W[i][f] - mi) * (W[j][f] - mj) for f in range(d))
        vi = sum((W[i][f] - mi) ** 2 for f in range(d))
        vj = sum((W[j][f] - mj) ** 2 for f in range(d))
        if vi == 0 or vj == 0:
            return math.nan
        rhos.append(cov / math.sqrt(vi * vj))
    return sum(rhos) / len(rhos)


def canberra(R, k: int) -> float:
    M, d = len(R), len(R[0])
    chi = (k + 1) * (2 * d - k) / d * math.log(4) - (2 * k * d + 3 * d - k - k * k) / d
    total = 0.0
    for i, j in itertools.combinations(range(M), 2):
        for f in range(d):
            x, y = min(R[i][f], k + 1), min(R[j][f], k + 1)
            total += abs(x - y) / (x + y)
    return 1 - total / (M * (M - 1) / 2) / chi
