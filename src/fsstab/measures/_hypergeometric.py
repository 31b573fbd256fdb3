"""Correction for chance of the unadjusted measures: |V_i ∩ V_j| of random sets is hypergeometric.

Under the null model of feature selection (Nogueira & Brown 2016, §2.1; Bommert 2020, §6.1,
"correction for chance") the runs select sets of the observed sizes with all features equally
likely. For two random sets of sizes a and b out of p features the intersection
r = |Ṽ_i ∩ Ṽ_j| follows the hypergeometric distribution (Kuncheva 2007, cited in Nogueira &
Brown 2016, §2.1): P(r) = C(a, r) C(p - a, b - r) / C(p, b) on
max(0, a + b - p) <= r <= min(a, b). Every unadjusted pairwise score is a function of
(r, a, b, p), so its expectation is a finite sum over that support -- no enumeration of subsets
is needed, which keeps ``correction="exact"`` cheap for any p.

A pairwise score is given as a function ``parts(r, a, b, p) -> (numerator, denominator)``;
the score is their ratio and is undefined where the denominator is 0 (the conditions of
Bommert 2020, App. B.1). Expectations are computed once per distinct (a, b).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from fsstab.seeds import check_random_state

ScoreParts = Callable[
    [np.ndarray, np.ndarray, np.ndarray, int], tuple[np.ndarray, np.ndarray]
]

CORRECTIONS: tuple[str, ...] = ("none", "exact", "estimate")
DEFAULT_N_ESTIMATE = 10_000


def ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """``numerator / denominator`` with NaN (undefined) where the denominator is 0."""
    numerator = np.asarray(numerator, dtype=np.float64)
    denominator = np.asarray(denominator, dtype=np.float64)
    out = np.full(np.broadcast(numerator, denominator).shape, np.nan)
    defined = denominator != 0
    np.divide(numerator, denominator, out=out, where=defined)
    return out


def check_correction(correction: Any, allowed: tuple[str, ...] = CORRECTIONS) -> str:
    """Return ``correction`` if it is one of ``allowed``, else raise a ValueError listing them."""
    if correction not in allowed:
        raise ValueError(
            f"correction must be one of {', '.join(map(repr, allowed))}; got {correction!r}"
        )
    return correction


def check_n_estimate(n_estimate: Any) -> int:
    if (
        isinstance(n_estimate, bool)
        or not isinstance(n_estimate, int | np.integer)
        or n_estimate < 1
    ):
        raise ValueError(
            f"n_estimate must be a positive integer (Monte-Carlo draws), got {n_estimate!r}"
        )
    return int(n_estimate)


def intersection_support(
    a: np.ndarray, b: np.ndarray, p: int
) -> tuple[np.ndarray, np.ndarray]:
    """Smallest and largest possible |Ṽ_i ∩ Ṽ_j| for sets of sizes a, b out of p features
    (Nogueira & Brown 2016, §3.1: max(0, a + b - p) and min(a, b))."""
    return np.maximum(0, a + b - p), np.minimum(a, b)


def _expand_supports(low: np.ndarray, high: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """All r in [low_u, high_u] for every u, concatenated, and the owner u of each r."""
    lengths = high - low + 1
    owner = np.repeat(np.arange(low.size), lengths)
    starts = np.cumsum(lengths) - lengths
    r = low[owner] + (np.arange(int(lengths.sum())) - starts[owner])
    return r, owner


#: Support points evaluated per block in :func:`exact_expectations` (bounds memory when many
#: size pairs have wide supports, e.g. sets of half a million features).
SUPPORT_BLOCK = 1 << 22


def _blocks(lengths: np.ndarray, budget: int) -> list[tuple[int, int]]:
    """Consecutive ranges of items whose summed length is about ``budget`` (at least one)."""
    bounds, start, total = [], 0, 0
    for u, length in enumerate(lengths.tolist()):
        if total and total + length > budget:
            bounds.append((start, u))
            start, total = u, 0
        total += length
    bounds.append((start, lengths.size))
    return bounds


def _exact_block(parts: ScoreParts, a: np.ndarray, b: np.ndarray, p: int) -> np.ndarray:
    low, high = intersection_support(a, b, p)
    r, owner = _expand_supports(low, high)
    values = ratio(*parts(r.astype(np.float64), a[owner].astype(np.float64),
                          b[owner].astype(np.float64), p))
    from scipy.stats import hypergeom  # only the exact correction needs scipy.stats

    pmf = hypergeom.pmf(r, p, a[owner], b[owner])
    weighted = np.bincount(owner, weights=np.where(np.isnan(values), 0.0, pmf * values),
                           minlength=a.size)
    undefined = np.bincount(owner, weights=np.isnan(values), minlength=a.size) > 0
    first = np.cumsum(high - low + 1) - (high - low + 1)
    expected = np.where(low == high, values[first], weighted)
    return np.where(undefined, np.nan, expected)


def exact_expectations(parts: ScoreParts, a: np.ndarray, b: np.ndarray, p: int) -> np.ndarray:
    """E[score] over the hypergeometric law of r, for every size pair (a[u], b[u]).

    NaN where the score is undefined for some possible r. A deterministic intersection
    (a or b equal to 0 or p) gives the score itself, without rounding from the pmf.
    """
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    low, high = intersection_support(a, b, p)
    blocks = _blocks(high - low + 1, SUPPORT_BLOCK)
    return np.concatenate([_exact_block(parts, a[i:j], b[i:j], p) for i, j in blocks])


def estimated_expectations(
    parts: ScoreParts, a: np.ndarray, b: np.ndarray, p: int, n_estimate: int, seed: int
) -> np.ndarray:
    """Monte-Carlo E[score]: mean over ``n_estimate`` hypergeometric draws of r per size pair.

    Drawing r directly is equivalent in law to drawing two random sets and intersecting them.
    Each size pair has its own stream seeded by (seed, a, b), so its estimate does not depend
    on which other sizes occur. Deterministic intersections are evaluated exactly.
    """
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    low, high = intersection_support(a, b, p)
    expected = np.empty(a.size)
    for u in range(a.size):
        au, bu = int(a[u]), int(b[u])
        if low[u] == high[u]:
            r = np.array([low[u]])
        else:
            rng = np.random.default_rng([seed, au, bu])
            r = rng.hypergeometric(au, p - au, bu, size=n_estimate)
        size = np.full(r.shape, 1.0)
        values = ratio(*parts(r.astype(np.float64), au * size, bu * size, p))
        expected[u] = np.nan if np.isnan(values).any() else float(values.mean())
    return expected


def expected_pair_scores(
    parts: ScoreParts,
    sizes_i: np.ndarray,
    sizes_j: np.ndarray,
    p: int,
    *,
    correction: str,
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
) -> np.ndarray:
    """E[score(Ṽ_i, Ṽ_j)] for random sets with the sizes of every observed pair of runs.

    ``correction`` is ``"exact"`` (hypergeometric sum) or ``"estimate"`` (Monte Carlo with
    ``n_estimate`` draws, seeded by ``random_state`` with ``check_random_state`` semantics).
    """
    pairs = np.stack([np.asarray(sizes_i), np.asarray(sizes_j)], axis=1).astype(np.int64)
    distinct, where = np.unique(pairs, axis=0, return_inverse=True)
    if correction == "exact":
        expected = exact_expectations(parts, distinct[:, 0], distinct[:, 1], p)
    elif correction == "estimate":
        seed = int(check_random_state(random_state).randint(0, np.iinfo(np.int32).max))
        expected = estimated_expectations(
            parts, distinct[:, 0], distinct[:, 1], p, check_n_estimate(n_estimate), seed
        )
    else:
        raise ValueError(f"correction must be 'exact' or 'estimate' here, got {correction!r}")
    return expected[where.ravel()]


def corrected_for_chance(
    observed: np.ndarray | float, expected: np.ndarray, maximum: float = 1.0
) -> np.ndarray:
    """(observed - E) / (maximum - E) per pair (stabm's ``correction.for.chance``; Bommert
    2020, §3.3.2.1 uses the same form for SMU/SMK). Undefined (NaN) where E reaches the
    maximum, where E is undefined or where the observed score is undefined."""
    return ratio(np.asarray(observed, dtype=np.float64) - expected, maximum - expected)
