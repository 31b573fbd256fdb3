"""Expected pairwise values under random feature selection (the correction for chance).

Bommert (2020, §3.3.2.3, p. 25): E[|V_i ∩ V_j| + Adj(V_i, V_j)] is the mean over pairs of
random sets Ṽ_i, Ṽ_j of the same sizes, all features equally likely. It depends only on the
two sizes (a, b) and the similarity graph, so it is computed once per distinct pair of sizes:

* ``"exact"``: the mean over all C(d, a) * C(d, b) pairs of subsets;
* ``"estimate"``: the mean over ``n_estimate`` random pairs (Monte Carlo, Zhang et al. 2009
  suggest N = 10,000), drawn and evaluated as whole arrays; one set of random ordered samples
  serves all pairs of sizes of an evaluation (see :func:`estimated_expectations`).

The values are symmetric in (a, b) and are memoised per graph, so evaluating many selection
outcomes with the same C (e.g. thousands of configurations) pays for each size pair once.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import OrderedDict
from collections.abc import Iterator

import numpy as np

from fsstab.measures._set_pairs import PAIR_VALUES, SetPairs, ordered_overlap, set_pair_overlap
from fsstab.measures._similarity_graph import SimilarityGraph

#: ``correction="auto"`` enumerates exactly when a pair of sizes has at most this many pairs
#: of subsets (e.g. p = 10 features and sizes up to 4 each: 210² = 44,100 pairs), and
#: estimates by Monte Carlo otherwise. Enumerating 100,000 pairs of subsets costs as much as
#: 100,000 Monte-Carlo draws (well under a second for the small p where it applies) and
#: removes the estimation noise.
EXACT_AUTO_LIMIT = 100_000
#: ``correction="exact"`` refuses to enumerate more pairs than this (minutes of work).
EXACT_MAX_PAIRS = 20_000_000
#: Pairs of sets per block of an enumeration or simulation (bounds memory).
BLOCK_PAIRS = 1 << 16

_CACHE_SIZE = 4096
_cache: OrderedDict[tuple, float] = OrderedDict()
_cache_lock = threading.Lock()


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


def _first_occurrences(stream: np.ndarray) -> np.ndarray:
    """Boolean mask of the first occurrence of each value in every row."""
    order = np.argsort(stream, axis=1, kind="stable")
    ordered = np.take_along_axis(stream, order, axis=1)
    first_in_order = np.ones_like(ordered, dtype=bool)
    first_in_order[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    first = np.empty_like(first_in_order)
    np.put_along_axis(first, order, first_in_order, axis=1)
    return first


def random_ordered_subsets(rng: np.random.Generator, n: int, k: int, d: int) -> np.ndarray:
    """``n`` uniformly random ordered samples of k distinct features out of ``range(d)``.

    Every prefix ``row[:a]`` is a uniformly random a-subset, so one draw serves every set size
    up to k. For k <= d/2 a row is the distinct values of an i.i.d. uniform stream in order of
    first appearance (rows whose stream is too short are drawn again with a longer stream --
    by symmetry this keeps the sample uniform); for larger k it is the order of ``d`` uniform
    random keys.
    """
    if k == 0:
        return np.zeros((n, 0), dtype=np.int64)
    if 2 * k > d:
        return np.argsort(rng.random((n, d)), axis=1)[:, :k]
    samples = np.empty((n, k), dtype=np.int64)
    pending = np.arange(n)
    width = k + (k * k) // d + 8  # k distinct values need about k + k²/(2d) draws
    while pending.size:
        stream = rng.integers(0, d, size=(pending.size, width))
        first = _first_occurrences(stream)
        enough = first.sum(axis=1) >= k
        first = first[enough]
        first &= np.cumsum(first, axis=1) <= k
        samples[pending[enough]] = stream[enough][first].reshape(-1, k)
        pending = pending[~enough]
        width *= 2
    return samples


def _enumerated_blocks(d: int, a: int, b: int) -> Iterator[SetPairs]:
    left, right = all_subsets(d, a), all_subsets(d, b)
    per_block = max(1, BLOCK_PAIRS // right.shape[0])
    for start in range(0, left.shape[0], per_block):
        block = left[start : start + per_block]
        yield SetPairs.from_arrays(
            np.repeat(block, right.shape[0], axis=0), np.tile(right, (block.shape[0], 1)), d
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


def exact_expectation(kind: str, graph: SimilarityGraph, a: int, b: int) -> float:
    """E[value(Ṽ_i, Ṽ_j)] as the mean over all pairs of subsets of sizes a and b."""
    value_of = PAIR_VALUES[kind]
    total, count = 0.0, 0
    for pairs in _enumerated_blocks(graph.d, a, b):
        values = value_of(set_pair_overlap(pairs, graph))
        total += float(values.sum())
        count += values.size
    return total / count


def estimated_expectations(
    kind: str,
    graph: SimilarityGraph,
    size_pairs: list[tuple[int, int]],
    n_estimate: int,
    seed: int,
) -> list[float]:
    """Monte-Carlo estimates of E[value(Ṽ_i, Ṽ_j)] for several pairs of sizes (a <= b).

    Each of the ``n_estimate`` draws is a pair of random ordered samples, of the largest
    left and right sizes needed; the estimate for (a, b) uses their prefixes of lengths a and b
    (each a uniform random set of that size). Drawing and searching the edges once for all
    pairs of sizes makes the cost nearly independent of how many distinct sizes occur; the
    estimates for different sizes are correlated, each is unbiased with variance Var/N.
    """
    d = graph.d
    left_size = max(a for a, _ in size_pairs)
    right_size = max(b for _, b in size_pairs)
    rng = np.random.default_rng([seed, left_size, right_size])
    value_of = PAIR_VALUES[kind]
    per_block = max(1, min(BLOCK_PAIRS, (1 << 22) // (left_size + right_size + 1)))
    totals = np.zeros(len(size_pairs))
    for start in range(0, n_estimate, per_block):
        rows = min(per_block, n_estimate - start)
        overlap = ordered_overlap(
            SetPairs.from_arrays(
                random_ordered_subsets(rng, rows, left_size, d),
                random_ordered_subsets(rng, rows, right_size, d),
                d,
            ),
            graph,
        )
        for position, (a, b) in enumerate(size_pairs):
            totals[position] += float(value_of(overlap.prefix(a, b)).sum())
    return (totals / n_estimate).tolist()


def clear_expectation_cache() -> None:
    """Forget every memoised expectation, so that the next evaluation computes its own (for
    timing a measure as if it were evaluated alone, e.g. thesis Fig. 6.7)."""
    with _cache_lock:
        _cache.clear()


def _remember(key: tuple, value: float) -> None:
    with _cache_lock:
        _cache[key] = value
        if len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def _recall(key: tuple) -> float | None:
    with _cache_lock:
        value = _cache.get(key)
        if value is not None:
            _cache.move_to_end(key)
        return value


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
    """E[value] for every pair of set sizes (``sizes_i[r]``, ``sizes_j[r]``).

    ``correction`` is ``"auto"``, ``"exact"`` or ``"estimate"``. ``random_state`` is consulted
    once, for a base seed, and only if some pair of sizes is estimated. Values are memoised
    per graph (exact ones for good; estimates per seed and draw sizes).
    """
    low, high = np.minimum(sizes_i, sizes_j), np.maximum(sizes_i, sizes_j)
    distinct, where = np.unique(np.stack([low, high], axis=1), axis=0, return_inverse=True)
    size_pairs = [(int(a), int(b)) for a, b in distinct]
    methods = [resolve_method(correction, graph.d, a, b) for a, b in size_pairs]
    expected = np.empty(len(size_pairs))

    for position, ((a, b), method) in enumerate(zip(size_pairs, methods, strict=True)):
        if method == "exact":
            key = (graph.digest, kind, a, b, "exact")
            value = _recall(key)
            if value is None:
                value = exact_expectation(kind, graph, a, b)
                _remember(key, value)
            expected[position] = value

    estimated = [position for position, method in enumerate(methods) if method == "estimate"]
    if estimated:
        seed = int(random_state.randint(0, np.iinfo(np.int32).max))
        wanted = [size_pairs[position] for position in estimated]
        draw_sizes = (max(a for a, _ in wanted), max(b for _, b in wanted))
        keys = [
            (graph.digest, kind, a, b, "estimate", n_estimate, seed, draw_sizes)
            for a, b in wanted
        ]
        values = [_recall(key) for key in keys]
        if any(value is None for value in values):
            values = estimated_expectations(kind, graph, wanted, n_estimate, seed)
            for key, value in zip(keys, values, strict=True):
                _remember(key, value)
        expected[estimated] = values
    return expected[where.ravel()]
