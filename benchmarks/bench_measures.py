"""Timing of the subset and importance measures against a straightforward pairwise Python loop.

Targets (issue 2, on the 2-core reference machine), M = 100 runs, k̄ = 50 features per run,
sparse Z:

* all unadjusted measures together (12 pairwise + 4 frequency, one ``compute`` call) at
  d = 100,000: < 0.3 s, and at d = 1,000,000: < 1 s;
* ``importance_weighted`` at d = 100,000: < 0.5 s.

Each row times fsstab end to end (input validation included, best of ``--repeat`` runs) and
the same inputs through a textbook implementation -- Python sets and dicts, one pair of runs
at a time -- and prints the speed-up. Rows are :class:`Case` objects in :data:`CASES`; add a
case to add a row. Run::

    python benchmarks/bench_measures.py [--repeat 5] [--seed 0]
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.sparse as sp

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _threads import describe, pinned

from fsstab.measures import MEASURES, compute, importance_weighted

UNADJUSTED = [n for n, info in MEASURES.items() if info.family in ("pairwise", "frequency")]


# --------------------------------------------------------------------------------------------
# Inputs: M runs of k features, 60 % drawn from a stable pool of 2k features, the rest at random
# --------------------------------------------------------------------------------------------


def selection(M: int, k: int, d: int, rng: np.random.Generator) -> sp.csr_array:
    pool = rng.choice(d, size=2 * k, replace=False)
    rows = []
    for _ in range(M):
        stable = rng.choice(pool, size=int(0.6 * k), replace=False)
        rest = np.setdiff1d(rng.choice(d, size=3 * k, replace=False), stable)
        rows.append(np.concatenate([stable, rng.permutation(rest)[: k - stable.size]]))
    indices = np.concatenate(rows)
    indptr = np.arange(M + 1) * k
    return sp.csr_array((np.ones(indices.size, dtype=bool), indices, indptr), shape=(M, d))


def importances(Z: sp.csr_array, rng: np.random.Generator) -> sp.csr_array:
    W = Z.astype(np.float64)
    W.data = rng.exponential(size=W.nnz) + 1e-3
    return W


# --------------------------------------------------------------------------------------------
# Textbook baselines: one pair of runs at a time
# --------------------------------------------------------------------------------------------


def _loop_pair_scores(A: set, B: set, p: int) -> list[float]:
    r, a, b = len(A & B), len(A), len(B)
    e = a * b / p
    low, high = max(0, a + b - p), min(a, b)
    return [
        r / (a + b - r),
        2 * r / (a + b),
        r / math.sqrt(a * b),
        (p - a - b + 2 * r) / p,
        (r - a * a / p) / (a - a * a / p),
        (r - e) / (high - low),
        (r - e) / (high - e),
        (r - e) / (a - e),
        (r - e) / (math.sqrt(a * b) - e),
        (r - e) / ((a + b) / 2 - e),
        (r - e) / math.sqrt(a * (1 - a / p) * b * (1 - b / p)),
        (r - e) / max(e - low, high - e),
    ]


PAIRWISE_ORDER = ["jaccard", "dice", "ochiai", "hamming", "kuncheva", "lustgarten", "wald",
                  "npog", "unadjusted", "kappa", "phi_pairwise", "nogueira_brown"]


def loop_unadjusted(Z: sp.csr_array) -> dict[str, float]:
    M, p = Z.shape
    sets = [set(Z.indices[Z.indptr[i]:Z.indptr[i + 1]].tolist()) for i in range(M)]
    sums = [0.0] * len(PAIRWISE_ORDER)
    for i, j in itertools.combinations(range(M), 2):
        for t, s in enumerate(_loop_pair_scores(sets[i], sets[j], p)):
            sums[t] += s
    n_pairs = M * (M - 1) / 2
    values = {name: total / n_pairs for name, total in zip(PAIRWISE_ORDER, sums, strict=True)}
    h = Counter(f for s in sets for f in s)
    q = sum(h.values())
    s2 = sum(x / M * (1 - x / M) * M / (M - 1) for x in h.values())
    values["nogueira"] = 1 - (s2 / p) / (q / (M * p) * (1 - q / (M * p)))
    values["novovicova"] = sum(x * math.log2(x) for x in h.values()) / (q * math.log2(M))
    values["davis"] = q / M / len(h)
    c_min = (q * q - p * (q - q % p) - (q % p) ** 2) / (p * q * (M - 1))
    c_max = ((q % M) ** 2 + q * (M - 1) - (q % M) * M) / (q * (M - 1))
    consistency = sum(x / q * (x - 1) / (M - 1) for x in h.values())
    values["somol"] = (consistency - c_min) / (c_max - c_min)
    return values


def loop_importance_weighted(W: sp.csr_array) -> float:
    """Eq. 6 pair by pair: dict intersections and, for the chance term, all k_i k_j minima."""
    M, d = W.shape
    k_bar = W.nnz / M
    runs = []
    for i in range(M):
        cols = W.indices[W.indptr[i]:W.indptr[i + 1]]
        vals = W.data[W.indptr[i]:W.indptr[i + 1]]
        vals = vals * k_bar / vals.sum()
        runs.append(dict(zip(cols.tolist(), vals.tolist(), strict=True)))
    inter, rand = [], []
    for i, j in itertools.combinations(range(M), 2):
        A, B = runs[i], runs[j]
        inter.append(sum(min(A[f], B[f]) for f in A.keys() & B.keys()))
        rand.append(float(np.minimum.outer(list(A.values()), list(B.values())).sum()) / d)
    C = sum(rand) / len(rand)
    return sum((x - y) / (k_bar - C) for x, y in zip(inter, rand, strict=True)) / len(inter)


# --------------------------------------------------------------------------------------------
# Cases and the table
# --------------------------------------------------------------------------------------------


@dataclass
class Case:
    """One row: ``prepare(rng)`` builds the inputs, ``run`` and ``loop`` consume them."""

    label: str
    M: int
    k: int
    d: int
    target_seconds: float | None
    prepare: Callable[[np.random.Generator], object]
    run: Callable[[object], object]
    loop: Callable[[object], object] | None = None


def _unadjusted_case(d: int, target: float) -> Case:
    return Case(
        label=f"{len(UNADJUSTED)} unadjusted measures (compute)",
        M=100, k=50, d=d, target_seconds=target,
        prepare=lambda rng: selection(100, 50, d, rng),
        run=lambda Z: compute(Z, UNADJUSTED),
        loop=loop_unadjusted,
    )


CASES: list[Case] = [
    _unadjusted_case(100_000, 0.3),
    _unadjusted_case(1_000_000, 1.0),
    Case(
        label="importance_weighted",
        M=100, k=50, d=100_000, target_seconds=0.5,
        prepare=lambda rng: importances(selection(100, 50, 100_000, rng), rng),
        run=importance_weighted,
        loop=loop_importance_weighted,
    ),
]


def best_time(function: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def max_difference(got: object, expected: object) -> float:
    """Largest absolute difference between fsstab's and the loop's values (same keys)."""
    if isinstance(expected, dict):
        return max(abs(got[name] - value) for name, value in expected.items())
    return abs(float(got) - float(expected))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per row (best kept)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    header = (f"{'measure(s)':<36} {'M':>4} {'k':>4} {'d':>9} {'fsstab s':>9} {'target s':>8} "
              f"{'ok':>3} {'loop s':>8} {'speed-up':>9} {'max |Δ|':>9}")
    print(header)
    print("-" * len(header))
    for case in CASES:
        inputs = case.prepare(np.random.default_rng(args.seed))
        seconds = best_time(lambda case=case, inputs=inputs: case.run(inputs), args.repeat)
        ok = "" if case.target_seconds is None else (
            "yes" if seconds < case.target_seconds else "NO")
        loop_text = speedup = agreement = ""
        if case.loop is not None:
            start = time.perf_counter()
            expected = case.loop(inputs)
            loop_seconds = time.perf_counter() - start
            loop_text, speedup = f"{loop_seconds:8.3f}", f"{loop_seconds / seconds:8.0f}x"
            agreement = f"{max_difference(case.run(inputs), expected):9.1e}"
        target = "" if case.target_seconds is None else f"{case.target_seconds:8.1f}"
        print(f"{case.label:<36} {case.M:>4} {case.k:>4} {case.d:>9,} {seconds:9.3f} "
              f"{target:>8} {ok:>3} {loop_text:>8} {speedup:>9} {agreement:>9}")


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
