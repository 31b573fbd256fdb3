"""The measure properties Nogueira & Brown (2016) state -- Table 1 (§2.2), §3.1, Theorems 1
and 2, §4, §5 -- checked on every pair of feature sets, not on examples.

A pairwise score of two sets s1, s2 among n features depends on the pair only through
k1 = |s1|, k2 = |s2| and r = |s1 ∩ s2| (§3.1; all the measures of Table 1 are invariant under
a permutation of the features), and r ranges over max(0, k1 + k2 - n) .. min(k1, k2). So one
pair per (n, k1, k2, r) (:func:`~fsstab.papers.nogueira2016.stages.pair_with_intersection`)
covers every pair of sets with sizes 1 .. n - 1 (where all the measures are defined, §4), and
the hypergeometric law of r (sets drawn at random with sizes k1, k2) gives exact expectations
(correction for chance, Property 3).

:func:`measure_pairs` evaluates the measures on those pairs in both orders (with
:func:`fsstab.measures.pair_score_matrix`, or :func:`fsstab.measures.somol` for CW_rel, a
measure of a whole collection); :func:`table1_properties` turns them into our Table 1;
:func:`theorem1_table` follows CW_rel and sim_K as the number of sets grows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from fsstab.measures import as_selection_matrix, kuncheva, pair_score_matrix, somol
from fsstab.papers.nogueira2016.reference import PAPER_TABLE1, symbol
from fsstab.papers.nogueira2016.stages import pair_with_intersection

__all__ = [
    "ENUMERATED_N",
    "PROPERTIES",
    "TABLE1_MEASURES",
    "THEOREM1_BASE",
    "measure_pairs",
    "property_checks",
    "table1_properties",
    "theorem1_table",
]

#: The numbers of features n whose pairs of sets are all enumerated.
ENUMERATED_N: tuple[int, ...] = tuple(range(3, 11))

#: The measures of Table 1 that fsstab implements (sim_M, nPOGR and γ_k it does not), and
#: sim_N (§4).
TABLE1_MEASURES: tuple[str, ...] = ("jaccard", "hamming", "kuncheva", "lustgarten", "wald",
                                    "npog", "somol", "nogueira_brown")

#: Properties 1-5 of §2.2 (6, redundancy awareness, needs a feature similarity that the set
#: measures of Table 1 do not take).
PROPERTIES: dict[int, str] = {
    1: "limits",
    2: "monotonicity",
    3: "correction for chance",
    4: "unconstrained on cardinality",
    5: "symmetry",
}

_TOLERANCE = 1e-12

#: Theorem 1's collection (ours: the paper gives none): four sets of constant size 4 among
#: n = 10 features, neither identical nor disjoint, repeated to grow the number of sets K.
THEOREM1_BASE: tuple[int, tuple[tuple[int, ...], ...]] = (
    10, ((0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 5, 6), (0, 2, 3, 7)),
)


def _hypergeometric(n: int, k1: int, k2: int, r: int) -> float:
    """P(|s1 ∩ s2| = r) for a fixed s1 of size k1 and s2 drawn uniformly among the sets of
    size k2 (§2.1: the intersection of random sets is hypergeometric)."""
    return math.comb(k1, r) * math.comb(n - k1, k2 - r) / math.comb(n, k2)


def _pair_grid(n: int) -> pd.DataFrame:
    rows = []
    for k1 in range(1, n):
        for k2 in range(1, n):
            for r in range(max(0, k1 + k2 - n), min(k1, k2) + 1):
                rows.append({"n": n, "k1": k1, "k2": k2, "r": r,
                             "probability": _hypergeometric(n, k1, k2, r)})
    return pd.DataFrame(rows)


def _scores(name: str, grid: pd.DataFrame, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Score of (s1, s2) and of (s2, s1) for every row of ``grid``; NaN where the measure is
    undefined (Kuncheva's index for sets of different sizes)."""
    pairs = [pair_with_intersection(int(a), int(b), int(r), n)
             for a, b, r in grid[["k1", "k2", "r"]].itertuples(index=False)]
    forward, backward = np.full(len(pairs), math.nan), np.full(len(pairs), math.nan)
    if name == "somol":       # CW_rel scores a collection: the pair in both orders
        for i, Z in enumerate(pairs):
            forward[i], backward[i] = somol(Z), somol(Z[::-1])
        return forward, backward
    k1, k2 = grid["k1"].to_numpy(), grid["k2"].to_numpy()
    if name == "kuncheva":   # defined for sets of one size only (§2.1): one batch per size
        batches = [np.flatnonzero((k1 == k) & (k2 == k)) for k in range(1, n)]
    else:
        batches = [np.arange(len(pairs))]
    for rows in batches:
        scores = pair_score_matrix(name, np.vstack([pairs[i] for i in rows]), d=n)
        first, second = 2 * np.arange(rows.size), 2 * np.arange(rows.size) + 1
        forward[rows], backward[rows] = scores[first, second], scores[second, first]
    return forward, backward


def measure_pairs(
    measures: Sequence[str] = TABLE1_MEASURES, n_values: Sequence[int] = ENUMERATED_N
) -> pd.DataFrame:
    """Every measure on one pair of sets per ``(n, k1, k2, r)``, sizes 1 .. n - 1: columns
    ``n, k1, k2, r, probability`` (of r for random sets of sizes k1, k2) and, per measure,
    ``<measure>`` (score of (s1, s2)) and ``<measure>_swapped`` (of (s2, s1))."""
    parts = []
    for n in n_values:
        grid = _pair_grid(int(n))
        for name in measures:
            grid[name], grid[f"{name}_swapped"] = _scores(name, grid, int(n))
        parts.append(grid)
    return pd.concat(parts, ignore_index=True)


def _defined_for_different_sizes(name: str) -> bool:
    """Property 4: the measure gives a number for two sets of different sizes."""
    Z = pair_with_intersection(2, 3, 1, 6)
    try:
        value = kuncheva(Z) if name == "kuncheva" else float(
            somol(Z) if name == "somol" else pair_score_matrix(name, Z)[0, 1])
    except ValueError:
        return False
    return math.isfinite(value)


def property_checks(pairs: pd.DataFrame, name: str) -> dict[int, tuple[bool, str]]:
    """Properties 1-5 of ``name`` on the enumerated pairs: ``{property: (has it, the numbers
    that decide it)}``.

    1. *Limits*: every score lies in [-1, 1] for every n (bounded by constants), and two
       identical sets score the same value for every size and n, the largest of all pairs.
    2. *Monotonicity*: for fixed (n, k1, k2) the score increases strictly with r.
    3. *Correction for chance*: E[score] = 0 (to 1e-12) for sets drawn at random with the
       sizes k1, k2, for every (n, k1, k2) where the measure is defined.
    4. *Unconstrained on cardinality*: defined for two sets of different sizes.
    5. *Symmetry*: score(s1, s2) = score(s2, s1) for every pair.
    """
    values, swapped = pairs[name].to_numpy(), pairs[f"{name}_swapped"].to_numpy()
    defined = np.isfinite(values)
    part = pairs[defined]
    lowest, highest = float(np.min(values[defined])), float(np.max(values[defined]))
    identical = part[(part["k1"] == part["k2"]) & (part["r"] == part["k1"])][name]
    top = identical.min() == identical.max() and abs(identical.max() - highest) <= _TOLERANCE
    bounded = lowest >= -1 - _TOLERANCE and highest <= 1 + _TOLERANCE
    checks = {1: (bool(bounded and top),
                  f"scores in [{lowest:.4g}, {highest:.4g}]; identical sets "
                  f"{identical.min():.4g}..{identical.max():.4g}")}
    increasing = all(
        bool(np.all(np.diff(group.sort_values("r")[name].to_numpy()) > 0))
        for _, group in part.groupby(["n", "k1", "k2"]) if len(group) > 1
    )
    checks[2] = (increasing, "strictly increasing in r" if increasing else "not increasing")
    expectation = part.assign(weighted=part["probability"] * part[name]) \
        .groupby(["n", "k1", "k2"])["weighted"].sum()
    worst = float(expectation.abs().max())
    checks[3] = (worst <= _TOLERANCE, f"max |E[score]| = {worst:.3g}")
    different = _defined_for_different_sizes(name)
    checks[4] = (different, "defined" if different else "undefined for k1 != k2")
    gap = float(np.nanmax(np.abs(values - swapped)))
    checks[5] = (gap <= _TOLERANCE, f"max |score(s1,s2) - score(s2,s1)| = {gap:.3g}")
    return checks


def table1_properties(pairs: pd.DataFrame,
                      measures: Sequence[str] = TABLE1_MEASURES) -> pd.DataFrame:
    """Our Table 1: per measure, ``property_<i>`` (bool), ``evidence_<i>`` (the numbers) and
    ``paper_<i>`` (the paper's mark; sim_N from §4) for properties 1-5, and ``ours`` /
    ``paper`` as lists ("1 2 4 5")."""
    rows = []
    for name in measures:
        checks = property_checks(pairs, name)
        row: dict[str, object] = {"measure": name, "symbol": symbol(name, plain=True)}
        for i in PROPERTIES:
            row[f"property_{i}"], row[f"evidence_{i}"] = checks[i]
            row[f"paper_{i}"] = i in PAPER_TABLE1[name]
        row["ours"] = " ".join(str(i) for i in PROPERTIES if checks[i][0])
        row["paper"] = " ".join(str(i) for i in sorted(PAPER_TABLE1[name]) if i in PROPERTIES)
        rows.append(row)
    return pd.DataFrame(rows)


def theorem1_table(repeats: Sequence[int] = (1, 3, 10, 30, 100, 300)) -> pd.DataFrame:
    """Theorem 1: CW_rel and sim_K (mean pairwise Kuncheva) of the constant-size collection
    :data:`THEOREM1_BASE` repeated t times, K = t·|base|
    sets: ``repeats, K, cw_rel, sim_k, gap`` (gap = |CW_rel - sim_K|)."""
    n, base = THEOREM1_BASE
    rows = []
    for t in repeats:
        Z = as_selection_matrix([list(s) for s in base] * int(t), d=n)
        cw, sk = float(somol(Z)), float(kuncheva(Z))
        rows.append({"repeats": int(t), "K": int(t) * len(base), "cw_rel": cw, "sim_k": sk,
                     "gap": abs(cw - sk)})
    return pd.DataFrame(rows)
