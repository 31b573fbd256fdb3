"""Timing of the adjusted stability measures against straightforward pairwise Python loops.

Targets (issue 2, on the 2-core reference machine):

* ``sechidis`` with a sparse thresholded C, d = 20,000, 0.1 % of feature pairs similar,
  M = 100 runs of about 50 features: < 2 s;
* ``intersection_*`` with the Monte-Carlo expectation (N = 10,000), M = 10 runs of 40-60
  features (so ~40 distinct pairs of set sizes), d = 5,000, 0.1 % similar pairs: < 10 s each.

The loop baselines compute the same quantities the textbook way: Python sets and dicts, one
pair of runs (and, for SMA, one random pair of sets) at a time. The SMA loops would take
minutes, so by default they run on a few pairs of runs and are extrapolated linearly (each
pair of runs costs the same); ``--full`` runs them completely. Run::

    python benchmarks/bench_adjusted.py [--full]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import numpy as np
import scipy.sparse as sp

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _threads import describe, pinned

from fsstab.measures import (
    _chance,
    intersection_count,
    intersection_greedy,
    intersection_mbm,
    intersection_mean,
    sechidis,
    yu,
)

THETA = 0.9


# --------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------


def similarity(d: int, fraction: float, rng: np.random.Generator) -> sp.csr_array:
    """Sparse symmetric C: ``fraction`` of the feature pairs similar (values in [θ, 1])."""
    n_pairs = int(fraction * d * (d - 1) / 2)
    codes = rng.choice(d * (d - 1) // 2, size=n_pairs, replace=False)
    rows, cols = _pair_from_code(codes, d)
    values = rng.uniform(THETA, 1.0, n_pairs)
    diagonal = np.arange(d)
    return sp.csr_array(
        (np.concatenate([values, values, np.ones(d)]),
         (np.concatenate([rows, cols, diagonal]), np.concatenate([cols, rows, diagonal]))),
        shape=(d, d),
    )


def _pair_from_code(codes: np.ndarray, d: int) -> tuple[np.ndarray, np.ndarray]:
    """Row-major index of the strict upper triangle -> (row, col), without forming it."""
    starts = np.cumsum(np.arange(d - 1, 0, -1)) - np.arange(d - 1, 0, -1)
    rows = np.searchsorted(starts, codes, side="right") - 1
    return rows, rows + 1 + (codes - starts[rows])


def selections(M: int, d: int, sizes: np.ndarray, rng: np.random.Generator) -> sp.csr_array:
    rows = [np.sort(rng.choice(d, size=k, replace=False)) for k in sizes]
    indptr = np.concatenate([[0], np.cumsum(sizes)])
    return sp.csr_array((np.ones(indptr[-1], bool), np.concatenate(rows), indptr), shape=(M, d))


def neighbour_dicts(C: sp.csr_array, threshold: float) -> dict[int, dict[int, float]]:
    """{x: {y: C[x, y]}} for distinct similar features, the loops' view of C."""
    out: dict[int, dict[int, float]] = {}
    for x in range(C.shape[0]):
        start, stop = C.indptr[x], C.indptr[x + 1]
        out[x] = {
            int(y): float(v)
            for y, v in zip(C.indices[start:stop], C.data[start:stop], strict=True)
            if y != x and v >= threshold
        }
    return out


# --------------------------------------------------------------------------------------------
# Straightforward loops
# --------------------------------------------------------------------------------------------


def sechidis_loop(sets: list[set[int]], d: int, nbr: dict[int, dict[int, float]]) -> float:
    """Φ_C through effective intersections z_i C z_jᵀ of all pairs of runs (Sechidis et al.
    2019, Theorem 2: mean_{i≠j} z_i C z_jᵀ = k̄_C - tr(C S))."""
    M = len(sets)

    def effective(Vi: set[int], Vj: set[int]) -> float:
        return sum(1.0 for x in Vi if x in Vj) + sum(
            c for x in Vi for y, c in nbr[x].items() if y in Vj
        )

    k_bar_C = sum(effective(V, V) for V in sets) / M
    between = sum(effective(sets[i], sets[j]) for i in range(M) for j in range(M) if i != j)
    trace_CS = k_bar_C - between / (M * (M - 1))
    sizes = np.array([len(V) for V in sets], dtype=float)
    k_bar = sizes.mean()
    off_sum = sum(sum(n.values()) for n in nbr.values())
    off = ((sizes**2).mean() - k_bar) / (d * d - d) - k_bar**2 / d**2
    return 1 - trace_CS / (d * k_bar / d * (1 - k_bar / d) + off * off_sum)


def _edges(Vi, Vj, nbr):
    only_j = Vj - Vi
    return [(x, y, c) for x in Vi - Vj for y, c in nbr[x].items() if y in only_j]


def adj_count(Vi, Vj, nbr):
    edges = _edges(Vi, Vj, nbr)
    return min(len({x for x, _, _ in edges}), len({y for _, y, _ in edges}))


def adj_mean(Vi, Vj, nbr):
    edges = _edges(Vi, Vj, nbr)
    sides = []
    for side in (0, 1):
        groups: dict[int, list[float]] = {}
        for edge in edges:
            groups.setdefault(edge[side], []).append(edge[2])
        sides.append(sum(sum(v) / len(v) for v in groups.values()))
    return min(sides)


def adj_greedy(Vi, Vj, nbr):
    used_x, used_y, size = set(), set(), 0
    for x, y, _ in sorted(_edges(Vi, Vj, nbr), key=lambda e: (-e[2], min(e[:2]), max(e[:2]))):
        if x not in used_x and y not in used_y:
            used_x.add(x)
            used_y.add(y)
            size += 1
    return size


def adj_mbm(Vi, Vj, nbr):
    """Kuhn's augmenting-path maximum bipartite matching."""
    adjacency: dict[int, list[int]] = {}
    for x, y, _ in _edges(Vi, Vj, nbr):
        adjacency.setdefault(x, []).append(y)
    match_of_y: dict[int, int] = {}

    def augment(x, seen):
        for y in adjacency[x]:
            if y not in seen:
                seen.add(y)
                if y not in match_of_y or augment(match_of_y[y], seen):
                    match_of_y[y] = x
                    return True
        return False

    return sum(augment(x, set()) for x in adjacency)


def adj_yu(Vi, Vj, nbr):
    edges = _edges(Vi, Vj, nbr)
    return (len({x for x, _, _ in edges}) + len({y for _, y, _ in edges})) / 2


def sma_loop(sets, d, nbr, adjustment, n_draws, pairs, upper):
    """Mean pairwise score with a fresh Monte-Carlo expectation for every pair of runs."""
    rnd = random.Random(0)
    population = range(d)
    scores = []
    for i, j in pairs:
        a, b = len(sets[i]), len(sets[j])
        total = 0.0
        for _ in range(n_draws):
            Ui, Uj = set(rnd.sample(population, a)), set(rnd.sample(population, b))
            total += len(Ui & Uj) + adjustment(Ui, Uj, nbr)
        expected = total / n_draws
        X = len(sets[i] & sets[j]) + adjustment(sets[i], sets[j], nbr)
        scores.append((X - expected) / (upper(a, b) - expected))
    return float(np.mean(scores))


# --------------------------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------------------------


def best_of(repeats: int, function, *args, **kwargs) -> tuple[float, object]:
    best, value = math.inf, None
    for _ in range(repeats):
        _chance._cache.clear()  # no memoised expectations between repetitions
        start = time.perf_counter()
        value = function(*args, **kwargs)
        best = min(best, time.perf_counter() - start)
    return best, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="run the SMA loops on all pairs")
    parser.add_argument("--loop-pairs", type=int, default=3,
                        help="pairs of runs timed in the SMA loops without --full")
    args = parser.parse_args()
    rng = np.random.default_rng(2024)
    rows = []

    d, M = 20_000, 100
    C = similarity(d, 0.001, rng)
    Z = selections(M, d, rng.integers(40, 61, size=M), rng)
    seconds, value = best_of(3, sechidis, Z, C, threshold=THETA)
    sets = [set(Z.indices[Z.indptr[i]:Z.indptr[i + 1]].tolist()) for i in range(M)]
    nbr = neighbour_dicts(C, THETA)
    start = time.perf_counter()
    loop_value = sechidis_loop(sets, d, nbr)
    loop_seconds = time.perf_counter() - start
    assert abs(loop_value - value) < 1e-9, (loop_value, value)
    rows.append(("sechidis", f"d={d:,}, M={M}, {C.nnz - d:,} similar entries", seconds, 2.0,
                 loop_seconds, ""))

    d, M = 5_000, 10
    C = similarity(d, 0.001, rng)
    Z = selections(M, d, rng.integers(40, 61, size=M), rng)
    sets = [set(Z.indices[Z.indptr[i]:Z.indptr[i + 1]].tolist()) for i in range(M)]
    nbr = neighbour_dicts(C, THETA)
    all_pairs = [(i, j) for i in range(M) for j in range(i + 1, M)]
    timed_pairs = all_pairs if args.full else all_pairs[: args.loop_pairs]
    sqrt_ub = lambda a, b: math.sqrt(a * b)  # noqa: E731
    for function, adjustment, upper in [
        (intersection_count, adj_count, sqrt_ub),
        (intersection_mean, adj_mean, sqrt_ub),
        (intersection_greedy, adj_greedy, sqrt_ub),
        (intersection_mbm, adj_mbm, sqrt_ub),
        (yu, adj_yu, lambda a, b: (a + b) / 2),
    ]:
        seconds, value = best_of(3, function, Z, C, threshold=THETA, correction="estimate")
        start = time.perf_counter()
        sma_loop(sets, d, nbr, adjustment, 10_000, timed_pairs, upper)
        loop_seconds = (time.perf_counter() - start) * len(all_pairs) / len(timed_pairs)
        note = "" if args.full else f"loop extrapolated from {len(timed_pairs)}/{len(all_pairs)}"
        rows.append((function.__name__, f"d={d:,}, M={M}, N=10,000 (Monte Carlo)", seconds,
                     10.0 if function is not yu else math.nan, loop_seconds, note))

    header = f"{'measure':<20} {'setting':<44} {'fsstab s':>9} {'target s':>9} " \
             f"{'loop s':>9} {'speed-up':>9}  note"
    print(header)
    print("-" * len(header))
    for name, setting, seconds, target, loop_seconds, note in rows:
        target_text = "-" if math.isnan(target) else f"{target:.1f}"
        print(f"{name:<20} {setting:<44} {seconds:>9.3f} {target_text:>9} "
              f"{loop_seconds:>9.1f} {loop_seconds / seconds:>8.0f}x  {note}")


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
