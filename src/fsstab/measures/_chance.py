"""Expected pairwise values under random feature selection (the correction for chance).

Bommert (2020, §3.3.2.3, p. 25): E[|V_i ∩ V_j| + Adj(V_i, V_j)] is the mean over pairs of
random sets Ṽ_i, Ṽ_j of the same sizes, all features equally likely. It depends only on the
two sizes (a, b) and the similarity graph, so it is computed once per distinct pair of sizes:

* ``"exact"``: the mean over all C(d, a) * C(d, b) pairs of subsets;
* ``"estimate"``: the mean over ``n_estimate`` random pairs (Monte Carlo, Zhang et al. 2009
  suggest N = 10,000), drawn and evaluated as whole arrays.

The values are symmetric in (a, b) and are memoised per graph, so evaluating many selection
outcomes with the same C (e.g. thousands of configurations) pays for each size pair once.
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Iterator

import numpy as np

from fsstab.measures._set_pairs import PAIR_VALUES, SetPairs, set_pair_overlap
from fsstab.measures._similarity_graph import SimilarityGraph

#: ``correction="auto"`` enumerates exactly when a pair of sizes has at most this many pairs
#: of subsets (e.g. p = 10 features and sizes up to 4 each: 210² = 44,100 pairs), and
#: estimates by Monte Carlo otherwise. Enumerating 100,000 pairs costs about as much as ten
#: Monte-Carlo estimates with N = 10,000 and removes the estimation noise.
EXACT_AUTO_LIMIT = 100_000
#: ``correction="exact"`` refuses to enumerate more pairs than this (minutes of work).
EXACT_MAX_PAIRS = 20_000_000
#: Pairs of sets per block of an enumeration or simulation (bounds memory).
BLOCK_PAIRS = 1 << 16

_CACHE_SIZE = 4096
_cache: OrderedDict[tuple, float] = OrderedDict()


def n_subset_pairs(d: int, a: int, b: int) -> int:
    """Number of ordered pairs (Ṽ_i, Ṽ_j) of subsets of d features with |Ṽ_i| = a, |Ṽ_j| = b."""
    return math.comb(d, a) * math.comb(d, b)


def all_subsets(d: int, k: int) -> np.ndarray:
    """All k-subsets of ``range(d)`` as a ``(C(d, k), k)`` array of sorted rows."""
    count = math.comb(d, k)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(d), k)),
        dtype=np.int64,
        count=count * k,
    )
    return flat.reshape(count, k)


def random_subsets(rng: np.random.Generator, n: int, k: int, d: int) -> np.ndarray:
    """``n`` independent uniformly random k-subsets of ``range(d)``, as sorted rows.

    Small k (k² <= d) draws k indices with replacement and redraws the rows with a repeat
    (rejection sampling; a row is accepted with probability >= e^(-1/2)). Larger k uses
    Floyd's algorithm, one vectorised step per element, on a boolean membership matrix; for
    k > d/2 the complement is drawn instead.
    """
    if k == 0:
        return np.zeros((n, 0), dtype=np.int64)
    if 2 * k > d:
        chosen = np.ones((n, d), dtype=bool)
        chosen[np.repeat(np.arange(n), d - k), random_subsets(rng, n, d - k, d).ravel()] = False
        return np.nonzero(chosen)[1].reshape(n, k)
    if k * k <= d:
        draws = np.sort(rng.integers(0, d, size=(n, k)), axis=1)
        redo = np.flatnonzero((np.diff(draws, axis=1) == 0).any(axis=1))
        while redo.size:
            draws[redo] = np.sort(rng.integers(0, d, size=(redo.size, k)), axis=1)
            redo = redo[(np.diff(draws[redo], axis=1) == 0).any(axis=1)]
        return draws
    chosen = np.zeros((n, d), dtype=bool)
    rows = np.arange(n)
    for j in range(d - k, d):
        t = rng.integers(0, j + 1, size=n)
        t = np.where(chosen[rows, t], j, t)
        chosen[rows, t] = True
    return np.nonzero(chosen)[1].reshape(n, k)


def _enumerated_blocks(d: int, a: int, b: int) -> Iterator[SetPairs]:
    left, right = all_subsets(d, a), all_subsets(d, b)
    per_block = max(1, BLOCK_PAIRS // right.shape[0])
    for start in range(0, left.shape[0], per_block):
        block = left[start : start + per_block]
        yield SetPairs.from_arrays(
            np.repeat(block, right.shape[0], axis=0), np.tile(right, (block.shape[0], 1)), d
        )


def _simulated_blocks(d: int, a: int, b: int, n: int, seed: int) -> Iterator[SetPairs]:
    # One stream per (seed, a, b): the estimate for a pair of sizes does not depend on which
    # other sizes occur, so runs with the same sizes share their random sets (common random
    # numbers make measure values of different selection outcomes comparable).
    rng = np.random.default_rng([seed, a, b])
    per_block = max(1, min(BLOCK_PAIRS, (1 << 24) // (a + b + d)))
    for start in range(0, n, per_block):
        rows = min(per_block, n - start)
        yield SetPairs.from_arrays(
            random_subsets(rng, rows, a, d), random_subsets(rng, rows, b, d), d
        )


def resolve_method(correction: str, d: int, a: int, b: int) -> str:
    """``"exact"`` or ``"estimate"`` for one pair of sizes under ``correction``."""
    if correction == "auto":
        return "exact" if n_subset_pairs(d, a, b) <= EXACT_AUTO_LIMIT else "estimate"
    if correction == "exact" and n_subset_pairs(d, a, b) > EXACT_MAX_PAIRS:
        raise ValueError(
            f"correction='exact' would enumerate C({d}, {a}) * C({d}, {b}) = "
            f"{n_subset_pairs(d, a, b):.3g} pairs of feature sets (limit {EXACT_MAX_PAIRS:,}); "
            "use correction='estimate' or 'auto'"
        )
    return correction


def expected_pair_value(
    kind: str,
    graph: SimilarityGraph,
    a: int,
    b: int,
    *,
    method: str,
    n_estimate: int,
    seed: int | None,
) -> float:
    """E[value(Ṽ_i, Ṽ_j)] for random sets of sizes a and b (``PAIR_VALUES[kind]``).

    ``method`` is ``"exact"`` or ``"estimate"``; ``seed`` is only used by the estimate.
    """
    a, b = min(a, b), max(a, b)
    key = (graph.digest, kind, a, b, method)
    if method == "estimate":
        key += (n_estimate, seed)
    cached = _cache.get(key)
    if cached is not None:
        _cache.move_to_end(key)
        return cached
    blocks = (
        _enumerated_blocks(graph.d, a, b)
        if method == "exact"
        else _simulated_blocks(graph.d, a, b, n_estimate, seed)
    )
    value_of = PAIR_VALUES[kind]
    total, count = 0.0, 0
    for pairs in blocks:
        values = value_of(set_pair_overlap(pairs, graph))
        total += float(values.sum())
        count += values.size
    expected = total / count
    _cache[key] = expected
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return expected


def expected_pair_values(
    kind: str,
    graph: SimilarityGraph,
    sizes_i: np.ndarray,
    sizes_j: np.ndarray,
    *,
    correction: str,
    n_estimate: int,
    random_state: np.random.RandomState,
) -> np.ndarray:
    """The expectation for every pair of sizes (``sizes_i[r]``, ``sizes_j[r]``).

    ``correction`` is ``"auto"``, ``"exact"`` or ``"estimate"``. ``random_state`` is consulted
    once, for a base seed, and only if some pair of sizes is estimated.
    """
    low, high = np.minimum(sizes_i, sizes_j), np.maximum(sizes_i, sizes_j)
    distinct, where = np.unique(np.stack([low, high], axis=1), axis=0, return_inverse=True)
    methods = [resolve_method(correction, graph.d, int(a), int(b)) for a, b in distinct]
    seed = None
    if "estimate" in methods:
        seed = int(random_state.randint(0, np.iinfo(np.int32).max))
    expected = np.array(
        [
            expected_pair_value(
                kind, graph, int(a), int(b), method=method, n_estimate=n_estimate, seed=seed
            )
            for (a, b), method in zip(distinct, methods, strict=True)
        ]
    )
    return expected[where.ravel()]
