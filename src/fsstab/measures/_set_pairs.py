"""Vectorised adjusted intersections for many pairs of feature sets at once.

Every adjusted pairwise score of Bommert (2020, §3.3.2.3) is a function of three things per
pair (V_i, V_j): the sizes, the intersection |V_i ∩ V_j|, and the similar pairs (x, y) with
x ∈ V_i, y ∈ V_j, x != y (the *edges*). :func:`set_pair_overlap` finds these for a whole batch
of pairs -- the observed pairs of runs, or ten thousand random pairs of a Monte-Carlo
expectation -- with array operations only, and the ``*_adjustment`` functions turn them into
one value per pair. A batch is processed in chunks so that memory stays bounded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import maximum_bipartite_matching

from fsstab.measures._similarity_graph import SimilarityGraph

#: Work per chunk of pairs, in array elements (the position lookups of both sets plus the
#: candidate edges). 2**24 keeps a chunk at about a hundred MB.
CHUNK_BUDGET = 1 << 24


def expand_ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Concatenate ``arange(s, s + n)`` for every (s, n) without a Python loop."""
    lengths = np.asarray(lengths, dtype=np.int64)
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.cumsum(lengths) - lengths
    return np.repeat(np.asarray(starts, dtype=np.int64) - offsets, lengths) + np.arange(total)


@dataclass(frozen=True)
class SetPairs:
    """A batch of n pairs (L_r, R_r) of feature sets, each side in ragged CSR form.

    ``left_idx[left_ptr[r]:left_ptr[r + 1]]`` is L_r (no repeats; its order only matters for
    :meth:`OrderedOverlap.prefix`); same for R_r.
    """

    d: int
    left_ptr: np.ndarray
    left_idx: np.ndarray
    right_ptr: np.ndarray
    right_idx: np.ndarray

    @property
    def n(self) -> int:
        return self.left_ptr.size - 1

    @property
    def left_sizes(self) -> np.ndarray:
        return np.diff(self.left_ptr)

    @property
    def right_sizes(self) -> np.ndarray:
        return np.diff(self.right_ptr)

    @classmethod
    def from_arrays(cls, left: np.ndarray, right: np.ndarray, d: int) -> SetPairs:
        """Pairs of equally sized sets given as ``(n, a)`` and ``(n, b)`` index arrays."""
        n = left.shape[0]
        return cls(
            d=d,
            left_ptr=np.arange(n + 1, dtype=np.int64) * left.shape[1],
            left_idx=left.astype(np.int64, copy=False).ravel(),
            right_ptr=np.arange(n + 1, dtype=np.int64) * right.shape[1],
            right_idx=right.astype(np.int64, copy=False).ravel(),
        )

    @classmethod
    def from_selection(cls, Z: sp.csr_array, rows_i: np.ndarray, rows_j: np.ndarray) -> SetPairs:
        """The pairs (V_i, V_j) of runs ``rows_i[r]``, ``rows_j[r]`` of a selection matrix."""

        def gather(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            sizes = np.diff(Z.indptr)[rows]
            ptr = np.zeros(rows.size + 1, dtype=np.int64)
            np.cumsum(sizes, out=ptr[1:])
            return ptr, Z.indices[expand_ranges(Z.indptr[rows], sizes)].astype(np.int64)

        left_ptr, left_idx = gather(np.asarray(rows_i))
        right_ptr, right_idx = gather(np.asarray(rows_j))
        return cls(int(Z.shape[1]), left_ptr, left_idx, right_ptr, right_idx)

    def take(self, start: int, stop: int) -> SetPairs:
        """The pairs ``start:stop`` as a batch of their own."""
        lp = self.left_ptr[start : stop + 1]
        rp = self.right_ptr[start : stop + 1]
        return SetPairs(
            d=self.d,
            left_ptr=lp - lp[0],
            left_idx=self.left_idx[lp[0] : lp[-1]],
            right_ptr=rp - rp[0],
            right_idx=self.right_idx[rp[0] : rp[-1]],
        )


@dataclass(frozen=True)
class PairOverlap:
    """Sizes, intersections and similar pairs ("edges") of a batch of set pairs.

    Edge e joins ``left[e] ∈ L_r`` and ``right[e] ∈ R_r`` (r = ``pair[e]``, similarity
    ``weight[e] >= θ``); ``left_shared[e]`` says whether ``left[e]`` is also in R_r and
    ``right_shared[e]`` whether ``right[e]`` is also in L_r.
    """

    n: int
    d: int
    left_sizes: np.ndarray
    right_sizes: np.ndarray
    intersections: np.ndarray
    pair: np.ndarray
    left: np.ndarray
    right: np.ndarray
    weight: np.ndarray
    left_shared: np.ndarray
    right_shared: np.ndarray

    def exclusive_edges(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Edges between L_r \\ R_r and R_r \\ L_r: (pair, left, right, weight).

        These are the edges of the bipartite graph of SMA-MBM (Bommert 2020, §3.3.2.3).
        """
        keep = ~(self.left_shared | self.right_shared)
        return self.pair[keep], self.left[keep], self.right[keep], self.weight[keep]


#: Position of a feature that is not in the set (compares greater than every prefix length).
ABSENT = np.iinfo(np.int64).max


@dataclass(frozen=True)
class OrderedOverlap:
    """Overlap of a batch of pairs of *ordered* sets, from which the overlap of any prefixes
    (the first a features of L_r with the first b of R_r) follows without new searches.

    Element level, for every feature of every L_r: ``owner`` (r), ``position`` in L_r and
    ``position_in_right`` (its position in R_r, or :data:`ABSENT`). Edge level, for every
    similar pair x ∈ L_r, y ∈ R_r: ``pair``, ``left`` (x), ``right`` (y), ``weight``, the
    positions of x in L_r and of y in R_r, and ``left_in_right`` / ``right_in_left`` (the
    position of x in R_r and of y in L_r, or :data:`ABSENT`).
    """

    n: int
    d: int
    left_sizes: np.ndarray
    right_sizes: np.ndarray
    owner: np.ndarray
    position: np.ndarray
    position_in_right: np.ndarray
    pair: np.ndarray
    left: np.ndarray
    right: np.ndarray
    weight: np.ndarray
    left_position: np.ndarray
    right_position: np.ndarray
    left_in_right: np.ndarray
    right_in_left: np.ndarray

    def prefix(self, a: int | np.ndarray, b: int | np.ndarray) -> PairOverlap:
        """The overlap of the first ``a`` features of each L_r with the first ``b`` of R_r
        (scalars, or one value per pair)."""
        a = np.minimum(np.broadcast_to(a, (self.n,)), self.left_sizes)
        b = np.minimum(np.broadcast_to(b, (self.n,)), self.right_sizes)
        a_owner, b_owner = a[self.owner], b[self.owner]
        shared = (self.position < a_owner) & (self.position_in_right < b_owner)
        a_edge, b_edge = a[self.pair], b[self.pair]
        keep = (self.left_position < a_edge) & (self.right_position < b_edge)
        a_edge, b_edge = a_edge[keep], b_edge[keep]
        return PairOverlap(
            n=self.n,
            d=self.d,
            left_sizes=a,
            right_sizes=b,
            intersections=np.bincount(self.owner[shared], minlength=self.n),
            pair=self.pair[keep],
            left=self.left[keep],
            right=self.right[keep],
            weight=self.weight[keep],
            left_shared=self.left_in_right[keep] < b_edge,
            right_shared=self.right_in_left[keep] < a_edge,
        )

    def whole(self) -> PairOverlap:
        """The overlap of the complete sets."""
        return self.prefix(self.left_sizes, self.right_sizes)


def _chunk_bounds(costs: np.ndarray, budget: int) -> list[tuple[int, int]]:
    """Split ``len(costs)`` consecutive items into runs whose summed cost is about ``budget``."""
    n = costs.size
    if n == 0:
        return []
    cumulative = np.cumsum(costs)
    n_cuts = int(cumulative[-1] // budget)
    cuts = np.searchsorted(cumulative, np.arange(1, n_cuts + 1) * budget, side="right")
    bounds = np.unique(np.concatenate(([0], np.clip(cuts, 1, n), [n])))
    return list(zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True))


def _owners_and_positions(ptr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    sizes = np.diff(ptr)
    owner = np.repeat(np.arange(sizes.size), sizes)
    return owner, np.arange(ptr[-1] - ptr[0]) - np.repeat(ptr[:-1] - ptr[0], sizes)


class _RankRows:
    """``table[r, f]`` = 1 + position of feature f in set r, 0 if absent: the ``n x d`` table
    looked up in the sorted keys ``r d + f`` of the sets' elements, so that its cost does not
    grow with d (a dense table of 450,000 columns per chunk spent its time zeroing pages)."""

    def __init__(self, d: int, owner: np.ndarray, idx: np.ndarray, position: np.ndarray):
        keys = owner.astype(np.int64) * d + idx
        order = np.argsort(keys, kind="stable")
        self.d, self.keys = d, keys[order]
        self.values = (position[order] + 1).astype(np.int32)

    def __getitem__(self, where: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        rows, features = where
        query = np.asarray(rows, dtype=np.int64) * self.d + features
        if self.keys.size == 0:
            return np.zeros(query.shape, dtype=np.int32)
        at = np.minimum(np.searchsorted(self.keys, query), self.keys.size - 1)
        return np.where(self.keys[at] == query, self.values[at], 0).astype(np.int32)


def _rank_rows(n: int, d: int, owner: np.ndarray, idx: np.ndarray,
               position: np.ndarray) -> _RankRows:
    return _RankRows(d, owner, idx, position)


def _lookup(table: _RankRows, rows: np.ndarray, features: np.ndarray) -> np.ndarray:
    found = table[rows, features].astype(np.int64) - 1
    found[found < 0] = ABSENT
    return found


def _overlap_of_chunk(pairs: SetPairs, graph: SimilarityGraph) -> tuple[np.ndarray, ...]:
    n, d = pairs.n, pairs.d
    left_owner, left_position = _owners_and_positions(pairs.left_ptr)
    right_owner, right_position = _owners_and_positions(pairs.right_ptr)
    rank_left = _rank_rows(n, d, left_owner, pairs.left_idx, left_position)
    rank_right = _rank_rows(n, d, right_owner, pairs.right_idx, right_position)
    position_in_right = _lookup(rank_right, left_owner, pairs.left_idx)

    # Candidate edges: every neighbour of every left feature; keep those in the right set.
    degree = graph.degrees[pairs.left_idx]
    neighbour = expand_ranges(graph.indptr[pairs.left_idx], degree)
    element = np.repeat(np.arange(pairs.left_idx.size), degree)
    right = graph.indices[neighbour]
    right_rank = rank_right[left_owner[element], right]
    hit = right_rank > 0
    element, right, neighbour = element[hit], right[hit], neighbour[hit]
    pair = left_owner[element]
    return (
        left_owner,
        left_position,
        position_in_right,
        pair,
        pairs.left_idx[element],
        right,
        graph.weights[neighbour],
        left_position[element],
        right_rank[hit].astype(np.int64) - 1,
        position_in_right[element],
        _lookup(rank_left, pair, right),
    )


def ordered_overlap(pairs: SetPairs, graph: SimilarityGraph) -> OrderedOverlap:
    """Intersections and similar pairs of every pair in the batch (see :class:`OrderedOverlap`).

    Processed in chunks of pairs: each chunk holds the positions of its sets' features and its
    candidate edges (the neighbours of its left features), about :data:`CHUNK_BUDGET` entries.
    """
    left_degree = np.zeros(pairs.left_idx.size + 1, dtype=np.int64)
    np.cumsum(graph.degrees[pairs.left_idx], out=left_degree[1:])
    candidates = left_degree[pairs.left_ptr[1:]] - left_degree[pairs.left_ptr[:-1]]
    sizes = (pairs.left_ptr[1:] - pairs.left_ptr[:-1]) + (pairs.right_ptr[1:]
                                                            - pairs.right_ptr[:-1])
    costs = 2 * sizes + 4 * candidates
    parts = []
    for start, stop in _chunk_bounds(costs, CHUNK_BUDGET):
        owner, position, in_right, pair, *edges = _overlap_of_chunk(
            pairs.take(start, stop), graph
        )
        parts.append((owner + start, position, in_right, pair + start, *edges))
    if parts:
        columns = [np.concatenate(column) for column in zip(*parts, strict=True)]
    else:
        columns = [np.zeros(0, np.int64)] * 6 + [np.zeros(0)] + [np.zeros(0, np.int64)] * 4
    return OrderedOverlap(pairs.n, pairs.d, pairs.left_sizes, pairs.right_sizes, *columns)


def set_pair_overlap(pairs: SetPairs, graph: SimilarityGraph) -> PairOverlap:
    """Intersections and similar pairs of every pair of (complete) sets in the batch."""
    return ordered_overlap(pairs, graph).whole()


def overlap_without_edges(
    left_sizes: np.ndarray, right_sizes: np.ndarray, intersections: np.ndarray, d: int
) -> PairOverlap:
    """A :class:`PairOverlap` for a graph without edges (no similar features)."""
    empty_i, empty_b = np.zeros(0, np.int64), np.zeros(0, bool)
    return PairOverlap(
        intersections.size, d, left_sizes, right_sizes, intersections,
        empty_i, empty_i, empty_i, np.zeros(0), empty_b, empty_b,
    )


# --------------------------------------------------------------------------------------------
# Adjustments (Bommert 2020, Table 3.2 and the A of SMY) -- one value per pair
# --------------------------------------------------------------------------------------------


def _node_keys(pair: np.ndarray, node: np.ndarray, d: int) -> np.ndarray:
    """A key that identifies the vertex ``node`` of the graph of pair ``pair``."""
    return pair.astype(np.int64) * d + node


def _distinct_per_pair(pair: np.ndarray, node: np.ndarray, n: int, d: int) -> np.ndarray:
    return np.bincount(np.unique(_node_keys(pair, node, d)) // d, minlength=n)


def similar_counts(ov: PairOverlap) -> tuple[np.ndarray, np.ndarray]:
    """(A(L, R), A(R, L)) per pair: features of L \\ R with a similar feature in R \\ L, and
    vice versa (Bommert 2020, definition of A for SMY)."""
    pair, left, right, _ = ov.exclusive_edges()
    return (
        _distinct_per_pair(pair, left, ov.n, ov.d),
        _distinct_per_pair(pair, right, ov.n, ov.d),
    )


def count_adjustment(ov: PairOverlap) -> np.ndarray:
    """Adj_Count = min{A(V_i, V_j), A(V_j, V_i)} (Bommert 2020, Table 3.2)."""
    a_lr, a_rl = similar_counts(ov)
    return np.minimum(a_lr, a_rl).astype(np.float64)


def yu_adjustment(ov: PairOverlap) -> np.ndarray:
    """(A(V_i, V_j) + A(V_j, V_i)) / 2, the adjustment of SMY (Bommert 2020, §3.3.2.3)."""
    a_lr, a_rl = similar_counts(ov)
    return (a_lr + a_rl) / 2.0


def _mean_similarity_sum(
    pair: np.ndarray, node: np.ndarray, weight: np.ndarray, n: int, d: int
) -> np.ndarray:
    keys, group = np.unique(_node_keys(pair, node, d), return_inverse=True)
    group_mean = np.bincount(group, weights=weight) / np.bincount(group)
    return np.bincount(keys // d, weights=group_mean, minlength=n)


def mean_adjustment(ov: PairOverlap) -> np.ndarray:
    """Adj_Mean = min{M(V_i, V_j), M(V_j, V_i)}, M(V_i, V_j) = Σ_x mean_{y ∈ G_x} sim(x, y)
    over x ∈ V_i \\ V_j with G_x = {y ∈ V_j \\ V_i : sim(x, y) >= θ} non-empty
    (Bommert 2020, Table 3.2)."""
    pair, left, right, weight = ov.exclusive_edges()
    return np.minimum(
        _mean_similarity_sum(pair, left, weight, ov.n, ov.d),
        _mean_similarity_sum(pair, right, weight, ov.n, ov.d),
    )


def _vertex_ids(pair: np.ndarray, node: np.ndarray, d: int) -> tuple[np.ndarray, np.ndarray]:
    keys, ids = np.unique(_node_keys(pair, node, d), return_inverse=True)
    return keys // d, ids


def matching_adjustment(ov: PairOverlap) -> np.ndarray:
    """Adj_MBM = size of a maximum matching of the bipartite graph between V_i \\ V_j and
    V_j \\ V_i (Bommert 2020, Table 3.2).

    The graphs of all pairs are disjoint, so one Hopcroft-Karp run
    (``scipy.sparse.csgraph.maximum_bipartite_matching``) on their union gives every pair's
    maximum matching at once.
    """
    pair, left, right, _ = ov.exclusive_edges()
    if pair.size == 0:
        return np.zeros(ov.n)
    left_pair, left_id = _vertex_ids(pair, left, ov.d)
    _, right_id = _vertex_ids(pair, right, ov.d)
    biadjacency = sp.csr_array(
        (np.ones(pair.size, dtype=np.int8), (left_id, right_id)),
        shape=(left_pair.size, int(right_id.max()) + 1),
    )
    matched_column = maximum_bipartite_matching(biadjacency, perm_type="column")
    return np.bincount(left_pair[matched_column >= 0], minlength=ov.n).astype(np.float64)


def greedy_adjustment(ov: PairOverlap) -> np.ndarray:
    """Adj_Greedy: size of the matching of Algorithm 3.1 (Bommert 2020).

    Edges are taken in decreasing similarity; ties are broken by the smaller and then the
    larger feature index of the edge, which makes the result symmetric in (V_i, V_j).

    Instead of scanning each pair's sorted edge list, every round takes all *locally
    dominant* edges -- those that come first among the remaining edges at both of their
    vertices -- and deletes the edges touching them. The first remaining edge of each graph is
    always dominant, and a dominant edge is one the sequential scan takes too (no earlier edge
    at its vertices is left to block it), so the result equals Algorithm 3.1 while all pairs
    advance in parallel.
    """
    pair, left, right, weight = ov.exclusive_edges()
    if pair.size == 0:
        return np.zeros(ov.n)
    order = np.lexsort((np.maximum(left, right), np.minimum(left, right), -weight, pair))
    pair, left, right = pair[order], left[order], right[order]
    _, left_id = _vertex_ids(pair, left, ov.d)
    _, right_id = _vertex_ids(pair, right, ov.d)
    left_used = np.zeros(int(left_id.max()) + 1, dtype=bool)
    right_used = np.zeros(int(right_id.max()) + 1, dtype=bool)
    size = np.zeros(ov.n)
    alive = np.arange(pair.size)
    while alive.size:
        # alive is in edge order, so the first occurrence of a vertex is its best edge.
        first_left = np.zeros(pair.size, dtype=bool)
        first_left[alive[np.unique(left_id[alive], return_index=True)[1]]] = True
        first_right = np.zeros(pair.size, dtype=bool)
        first_right[alive[np.unique(right_id[alive], return_index=True)[1]]] = True
        taken = alive[first_left[alive] & first_right[alive]]
        left_used[left_id[taken]] = True
        right_used[right_id[taken]] = True
        size += np.bincount(pair[taken], minlength=ov.n)
        alive = alive[~(left_used[left_id[alive]] | right_used[right_id[alive]])]
    return size


def zucknick_score(ov: PairOverlap) -> np.ndarray:
    """(|V_i ∩ V_j| + C(V_i, V_j) + C(V_j, V_i)) / |V_i ∪ V_j| with
    C(V_i, V_j) = Σ_{x ∈ V_i} (1/|V_j|) Σ_{y ∈ V_j \\ V_i} sim(x, y) 1[sim(x, y) >= θ]
    (Zucknick et al. 2008; Bommert 2020, §3.3.2.3). NaN when both sets are empty."""
    lr = ~ov.right_shared  # x ∈ L, y ∈ R \ L
    rl = ~ov.left_shared  # y ∈ R, x ∈ L \ R
    cross_lr = np.bincount(ov.pair[lr], weights=ov.weight[lr], minlength=ov.n)
    cross_rl = np.bincount(ov.pair[rl], weights=ov.weight[rl], minlength=ov.n)
    # A side without features has no terms: C(V, ∅) = 0 rather than 0/0.
    with np.errstate(divide="ignore", invalid="ignore"):
        adjusted = (
            ov.intersections
            + np.where(ov.right_sizes > 0, cross_lr / ov.right_sizes, 0.0)
            + np.where(ov.left_sizes > 0, cross_rl / ov.left_sizes, 0.0)
        )
        union = ov.left_sizes + ov.right_sizes - ov.intersections
        return np.where(union > 0, adjusted / union, np.nan)


def _adjusted_intersection(adjustment: Callable[[PairOverlap], np.ndarray]):
    def value(ov: PairOverlap) -> np.ndarray:
        return ov.intersections + adjustment(ov)

    value.__doc__ = f"|V_i ∩ V_j| + {adjustment.__name__}"
    return value


#: Per-pair value of each adjusted measure: the adjusted intersection |V_i ∩ V_j| + Adj for
#: SMA-* and SMY, the whole pairwise score for SMZ. Its expectation over random sets of the
#: same sizes is the correction for chance.
PAIR_VALUES: dict[str, Callable[[PairOverlap], np.ndarray]] = {
    "mbm": _adjusted_intersection(matching_adjustment),
    "greedy": _adjusted_intersection(greedy_adjustment),
    "count": _adjusted_intersection(count_adjustment),
    "mean": _adjusted_intersection(mean_adjustment),
    "yu": _adjusted_intersection(yu_adjustment),
    "zucknick": zucknick_score,
}
