"""Onda et al. (2022)'s simulated feature selector: fast stability estimates of ensembles.

An ensemble feature selector (m_ensemble *weak* selectors, each a base selector on a bootstrap
sample, aggregated by mean rank) is expensive: its stability over m_stability copies costs
m_stability x m_ensemble runs of the base selector. Onda et al. replace the weak selectors by a
two-parameter random ranking and estimate the ensemble's stability by simulation
(Onda, Gao, Kotera & Oono 2022, "Fast estimation method for the stability of ensemble feature
selectors"; below "Onda"):

- **Algorithm 3** (:func:`algorithm3_rankings`, :func:`simulate_rankings`): a weak selector ranks
  all n_feature features by drawing them one at a time without replacement, from its preferred
  set S_m (|S_m| = n_target) with probability p and from S \\ S_m otherwise.
- **Algorithm 2** (:func:`simulate_ensemble_selections`): m_ensemble weak selectors whose S_m are
  uniform n_target-subsets of the *useful* features S' = {0, ..., n_useful - 1} (§2.2.3),
  aggregated by an ensemble algorithm (mean rank, top n_target; :data:`ENSEMBLE_ALGORITHMS`).
- **Algorithm 1** (:func:`simulated_stability`, :func:`simulated_stability_curve`): the stability
  (pairwise Jaccard by default, any Z-only measure of :mod:`fsstab.measures`) of m_stability
  simulated ensembles.
- **Parameters** (§2.3): n_useful = the number of features a real selector picks more often than
  the uniform selector ever does (:func:`uniform_thresholds`, :func:`estimate_n_useful`); p so
  that the simulated single selector is as stable as the real one, on a grid or by bisection
  (:func:`estimate_p`); the fixed-point check n_useful = A[f_{n_useful, p}] of eq. (1)
  (:func:`verify_n_useful`); the (n_useful, p) maps of Figs. 2, 8 and 11
  (:func:`parameter_grid`); Theorem 1's first-pick probability (:func:`first_pick_probability`).
- **Real ensembles** (:func:`compare_ensembles` and its parts): Onda's protocol on a data set --
  m_stability leave-one-out copies, each selecting on one half of the remaining samples
  (:func:`onda_splits`, App. C.1), the real bagged mean-rank ensemble
  (:class:`fsstab.selectors.EnsembleSelector`) of a random forest Gini-importance ranker
  (:class:`OndaForestSelector`, App. C.3, E.1) against the simulated one, with both stability
  curves over m_ensemble and both computation times as tidy DataFrames.

Randomness and common random numbers
------------------------------------
Every function takes ``random_state`` (scikit-learn semantics: int, ``RandomState`` or None) and
turns it into one integer seed; all draws come from NumPy generators derived from that seed, so
the same inputs give bit-identical outputs. The draws of a simulation never depend on p: with
the same seed, the Bernoulli(p) decisions of Algorithm 3 are ``u < p`` for the *same* uniforms
``u``, the same S_m and the same within-group orders. The estimated stability is then a
deterministic, non-decreasing-in-practice step function of p (common random numbers), which is
what makes the grid search smooth and the bisection of :func:`estimate_p` well defined.
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

import numpy as np
import pandas as pd

from fsstab._simulator_common import (
    check_int,
    check_m_values,
    check_measure,
    check_probability,
    check_sizes,
    child_seed,
    selection_stability,
)
from fsstab._simulator_real import (
    OndaForestSelector,
    OndaSplit,
    check_data,
    check_splits,
    onda_splits,
    real_ensemble_curve,
    real_single_selections,
    top_ranked,
)
from fsstab.seeds import as_seed, substream

__all__ = [
    "DEFAULT_M_ENSEMBLE",
    "DEFAULT_P_GRID",
    "ENSEMBLE_ALGORITHMS",
    "PAPER_SETTINGS",
    "EnsembleComparison",
    "NUsefulEstimate",
    "OndaForestSelector",
    "OndaSplit",
    "PEstimate",
    "ParameterFit",
    "algorithm3_rankings",
    "compare_ensembles",
    "ensemble_speedups",
    "estimate_n_useful",
    "estimate_p",
    "estimate_parameters",
    "first_pick_probability",
    "limit_stability",
    "mean_rank_aggregate",
    "onda_splits",
    "parameter_grid",
    "real_ensemble_curve",
    "real_single_selections",
    "selection_stability",
    "simulate_ensemble_selections",
    "simulate_rankings",
    "simulated_stability",
    "simulated_stability_curve",
    "top_ranked",
    "uniform_counts",
    "uniform_thresholds",
    "verify_n_useful",
]

#: Onda §2.3.2: "we used the nine values of p = 0.1, 0.2, ..., 0.9".
DEFAULT_P_GRID: tuple[float, ...] = tuple(round(0.1 * i, 1) for i in range(1, 10))

#: m_ensemble values of the stability curves. Onda does not list its grid; its text refers to
#: m_ensemble = 1, 30 and "greater than 40" (§3.5, D.3.2), which this grid covers.
DEFAULT_M_ENSEMBLE: tuple[int, ...] = (1, 5, 10, 20, 30, 40, 50)

#: Matrix entries (weak selectors x features) simulated per block: bounds the temporaries of a
#: simulation to ~100 MB whatever m_stability x m_ensemble x n_feature is.
_BLOCK_ENTRIES = 1 << 21

#: Numbers Onda states in the text, per data set (Tables 1, 2, 4; §3.2-3.4, D.3), to compare
#: regenerated results with. ``n_useful`` and ``p`` are the values the paper settled on;
#: ``n_useful_by_n_tree`` is Table 2 (mean, sd over 1000 estimates).
PAPER_SETTINGS: Mapping[str, Mapping[str, Any]] = {
    "colon": {
        "n_samples": 62, "n_feature": 2000, "n_target": 20, "n_useful": 60, "p": 0.7,
        "single_stability": 0.1, "t_uniform": (4.640, 0.636),
        "n_useful_by_n_tree": {50: (45.6, 7.1), 100: (53.0, 8.2), 200: (56.8, 6.0),
                               300: (60.1, 6.1), 400: (56.2, 7.2), 500: (59.1, 6.6)},
        "large_ensemble_stability": 0.2,
    },
    "lymphoma": {
        "n_samples": 96, "n_feature": 4026, "n_target": 40, "n_useful": 150, "p": 0.8,
        "single_stability": 0.1, "t_uniform": (6.029, 0.668),
        "n_useful_by_n_tree": {50: (140.0, 20.3), 100: (140.4, 14.8), 200: (158.3, 15.4),
                               300: (153.2, 14.9), 400: (155.4, 13.9), 500: (154.5, 10.2)},
    },
    "prostate": {
        "n_samples": 102, "n_feature": 5966, "n_target": 60, "n_useful": 200,
        "n_useful_fixed_point": 130, "single_stability": 0.2, "t_uniform": (6.455, 0.703),
        "n_useful_by_n_tree": {50: (210.3, 16.8), 100: (210.8, 15.9), 200: (190.5, 12.1),
                               300: (186.9, 12.7), 400: (179.6, 10.2), 500: (179.0, 10.8)},
        "large_ensemble_stability": {"simulated": 0.17, "real": 0.3, "fixed_point": 0.3},
    },
}


# --------------------------------------------------------------------------------------------
# The uniform feature selector (Onda §2.3.1)
# --------------------------------------------------------------------------------------------


def _uniform_subsets(n_rows: int, n_feature: int, k: int, rng: np.random.Generator) -> np.ndarray:
    """``n_rows`` independent uniform k-subsets of {0, ..., n_feature - 1} (order unspecified).

    For k² <= n_feature a row of k uniform indices is distinct with probability >= ~0.6, and
    redrawing the rows with a repeat (rejection) costs O(k) per row instead of O(n_feature):
    conditioned on being distinct, a row of i.i.d. uniform indices is a uniform ordered k-tuple
    of distinct features, hence a uniform k-subset. Otherwise the k smallest of n_feature i.i.d.
    uniform keys index a uniform k-subset.
    """
    if k * k > n_feature:
        keys = rng.random((n_rows, n_feature))
        return np.argpartition(keys, k - 1, axis=1)[:, :k] if k < n_feature else np.argsort(keys)
    rows = rng.integers(n_feature, size=(n_rows, k))
    while True:
        ordered = np.sort(rows, axis=1)
        repeated = np.flatnonzero(np.any(ordered[:, 1:] == ordered[:, :-1], axis=1))
        if repeated.size == 0:
            return rows
        rows[repeated] = rng.integers(n_feature, size=(repeated.size, k))


def _uniform_count_matrix(
    n_feature: int, n_target: int, n_runs: int, n_repeats: int, rng: np.random.Generator
) -> np.ndarray:
    """Counts c'_i of ``n_runs`` uniform selectors, ``n_repeats`` times: (n_repeats, n_feature)."""
    counts = np.empty((n_repeats, n_feature), dtype=np.int64)
    entries_per_run = n_feature if n_target * n_target > n_feature else n_target
    per_block = max(1, _BLOCK_ENTRIES // (n_runs * entries_per_run))
    for start in range(0, n_repeats, per_block):
        reps = min(per_block, n_repeats - start)
        subsets = _uniform_subsets(reps * n_runs, n_feature, n_target, rng)
        offset = (np.arange(reps * n_runs) // n_runs * n_feature)[:, None]
        flat = np.bincount((subsets + offset).ravel(), minlength=reps * n_feature)
        counts[start:start + reps] = flat.reshape(reps, n_feature)
    return counts


def uniform_counts(
    n_feature: int, n_target: int, n_runs: int, random_state: Any = None
) -> np.ndarray:
    """How often each feature is chosen by ``n_runs`` uniform feature selectors (Onda §2.3.1).

    The uniform feature selector picks n_target of the n_feature features uniformly at random;
    ``c'_i`` counts the runs that picked feature i. Returns an int64 array of length n_feature
    (the "uniform" histogram of Onda Fig. 1 right and Fig. 7).
    """
    n_feature = check_int(n_feature, "n_feature", 1)
    n_target = check_int(n_target, "n_target", 1, n_feature)
    n_runs = check_int(n_runs, "n_runs", 1)
    rng = substream(as_seed(random_state))
    return _uniform_count_matrix(n_feature, n_target, n_runs, 1, rng)[0]


def uniform_thresholds(
    n_feature: int, n_target: int, n_runs: int, n_repeats: int = 1, random_state: Any = None
) -> np.ndarray:
    """``n_repeats`` independent draws of t_uniform = max_i c'_i (Onda §2.3.1).

    t_uniform is the largest number of times any feature is chosen by ``n_runs`` uniform
    selectors of n_target features. Onda Table 4 reports its mean and standard deviation over
    1000 draws (Colon 4.640 ± 0.636, Lymphoma 6.029 ± 0.668, Prostate 6.455 ± 0.703); these are
    reproduced with ``n_runs`` equal to the sample size (62, 96, 102), i.e. one run per
    leave-one-out copy (App. C.1).
    """
    n_feature = check_int(n_feature, "n_feature", 1)
    n_target = check_int(n_target, "n_target", 1, n_feature)
    n_runs = check_int(n_runs, "n_runs", 1)
    n_repeats = check_int(n_repeats, "n_repeats", 1)
    counts = _uniform_count_matrix(
        n_feature, n_target, n_runs, n_repeats, substream(as_seed(random_state))
    )
    return counts.max(axis=1)


# --------------------------------------------------------------------------------------------
# Algorithm 3: the simulated weak selector, vectorised over many selectors
# --------------------------------------------------------------------------------------------


def _subset_positions(u: np.ndarray, p: float, n_target: int) -> np.ndarray:
    """Which of the n_feature picks of Algorithm 3 come from S_m, given its uniforms r = ``u``.

    Line 3 picks from S_m iff (r < p and S_m is not exhausted) or (r >= p and S \\ S_m is
    exhausted). Until the first group runs out, the picks are the Bernoulli draws ``u < p``;
    S_m runs out after the n_target-th success, S \\ S_m after the (n_feature - n_target)-th
    failure (at once if it is empty), and every later pick comes from the other group.

    Parameters: ``u`` (W, n_feature) uniforms, one row per weak selector. Returns a boolean
    (W, n_feature) array with exactly n_target True per row.
    """
    n_rows, n_feature = u.shape
    n_rest = n_feature - n_target
    success = u < p
    successes = np.cumsum(success, axis=1, dtype=np.int32)
    failures = np.arange(1, n_feature + 1, dtype=np.int32) - successes
    # number of picks made when a group runs out; n_feature + 1 = never
    subset_done = (successes < n_target).sum(axis=1) + 1
    rest_done = (failures < n_rest).sum(axis=1) + 1 if n_rest else np.zeros(n_rows, np.int64)
    first_done = np.minimum(subset_done, rest_done)
    forced = np.arange(n_feature) >= first_done[:, None]
    forced_value = (rest_done < subset_done)[:, None]
    return np.where(forced, forced_value, success)


def _rankings(
    subset_order: np.ndarray, rest_order: np.ndarray, u: np.ndarray, p: float
) -> np.ndarray:
    """Ranks (1 = picked first) of Algorithm 3 from its three independent ingredients.

    ``subset_order`` (W, k): S_m in pick order; ``rest_order`` (W, n - k): S \\ S_m in pick
    order; ``u`` (W, n): the uniforms r of line 2. The j-th feature of ``subset_order`` goes to
    the j-th step that picks from S_m, likewise for ``rest_order``.
    """
    from_subset = _subset_positions(u, p, subset_order.shape[1])
    # a stable sort of the labels lists the S_m steps, then the other steps, each ascending
    steps = np.argsort(~from_subset, axis=1, kind="stable").astype(np.int32)
    picked = np.concatenate([subset_order, rest_order], axis=1)
    ranks = np.empty(u.shape, dtype=np.int32)
    np.put_along_axis(ranks, picked, steps + 1, axis=1)
    return ranks


def algorithm3_rankings(
    subsets: Any, n_feature: int, p: float, random_state: Any = None
) -> np.ndarray:
    """Rankings of simulated weak selectors with given preferred sets S_m (Onda, Algorithm 3).

    Each weak selector ranks all n_feature features by the order in which it picks them: a pick
    comes from S_m with probability p and from S \\ S_m with probability 1 - p, uniformly among
    the features of that group not yet picked, and from the other group once one is exhausted.

    Vectorised construction, and why it has Algorithm 3's law. Write a run as the sequence of
    group labels L_1..L_n (L_i = 1 iff the i-th pick is in S_m, n = n_feature, k = |S_m|) and
    the orders π_A, π_B in which the features of S_m and of S \\ S_m are picked; (L, π_A, π_B)
    determines the pick sequence s_1..s_n and vice versa. Step i chooses L_i by line 3 from r_i
    and the numbers a, b of S_m and S \\ S_m features picked before, then a feature uniformly
    among the k - a (or n - k - b) remaining ones, so

        P(s_1..s_n) = P(L) · Π_{A-steps} 1/(k - a) · Π_{B-steps} 1/(n - k - b)
                    = P(L) · (1/k!) · (1/(n - k)!),

    because a runs through 0..k-1 over the A-steps and b through 0..n-k-1 over the B-steps.
    Hence L, π_A and π_B are independent, π_A and π_B are uniform permutations, and L is
    determined by the r_i alone: L_i = 1[r_i < p] until a group is exhausted (S_m after the k-th
    success, S \\ S_m after the (n-k)-th failure), the other group afterwards. The code draws the
    n uniforms of every row, derives L with cumulative sums (no loop over the n positions), draws
    π_A and π_B as independent uniform permutations and places them at the positions with L = 1
    and L = 0: the same joint law. ``tests/test_simulator.py`` checks it against a literal
    transcription of Algorithm 3.

    Parameters
    ----------
    subsets
        (W, n_target) integer array: row m lists S_m of weak selector m (distinct indices in
        0..n_feature-1).
    n_feature
        |S|.
    p
        Probability of picking from S_m, in [0, 1].
    random_state
        int, RandomState or None.

    Returns
    -------
    ndarray of int32, shape (W, n_feature)
        ``ranks[m, s]`` = rank_m[s] = the step at which feature s is picked (1 = first).
    """
    n_feature = check_int(n_feature, "n_feature", 1)
    p = check_probability(p)
    arr = np.asarray(subsets)
    if arr.ndim != 2 or arr.shape[1] < 1 or arr.shape[0] < 1:
        raise ValueError(f"subsets must be a (W, n_target) array of S_m indices, got {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"subsets must hold integer feature indices, got dtype {arr.dtype}")
    if arr.shape[1] > n_feature or arr.min() < 0 or arr.max() >= n_feature:
        raise ValueError(
            f"subsets must hold at most n_feature={n_feature} indices in 0..{n_feature - 1} per "
            "row"
        )
    ordered = np.sort(arr, axis=1)
    repeated = np.any(ordered[:, 1:] == ordered[:, :-1], axis=1)
    if repeated.any():
        raise ValueError(f"subsets row {int(np.flatnonzero(repeated)[0])} repeats a feature index")
    n_rows, n_target = arr.shape
    rng = substream(as_seed(random_state))
    in_subset = np.zeros((n_rows, n_feature), dtype=bool)
    np.put_along_axis(in_subset, arr, True, axis=1)
    rest = np.nonzero(~in_subset)[1].reshape(n_rows, n_feature - n_target)
    u = rng.random((n_rows, n_feature))
    return _rankings(
        rng.permuted(arr.astype(np.int64), axis=1), rng.permuted(rest, axis=1), u, p
    )


def _draw_rankings(
    n_weak: int, n_feature: int, n_target: int, n_useful: int, p: float,
    rng: np.random.Generator,
) -> np.ndarray:
    """Algorithm 2 lines 1-4 for ``n_weak`` weak selectors, in blocks of bounded size.

    A uniform permutation of S' gives S_m (its first n_target entries, already in a uniform
    pick order) and S' \\ S_m (the rest), so the complement of S_m needs no search.
    """
    ranks = np.empty((n_weak, n_feature), dtype=np.int32)
    useless = np.arange(n_useful, n_feature)
    per_block = max(1, _BLOCK_ENTRIES // n_feature)
    for start in range(0, n_weak, per_block):
        rows = min(per_block, n_weak - start)
        useful = rng.permuted(np.broadcast_to(np.arange(n_useful), (rows, n_useful)), axis=1)
        rest = np.concatenate(
            [useful[:, n_target:], np.broadcast_to(useless, (rows, useless.size))], axis=1
        )
        u = rng.random((rows, n_feature))
        ranks[start:start + rows] = _rankings(
            useful[:, :n_target], rng.permuted(rest, axis=1), u, p
        )
    return ranks


def simulate_rankings(
    n_weak: int, n_feature: int, n_target: int, n_useful: int, p: float,
    random_state: Any = None,
) -> np.ndarray:
    """Rankings of ``n_weak`` independent simulated weak selectors (Onda, Algorithm 2 lines 1-4).

    Each weak selector draws its S_m as a uniform n_target-subset of the useful features
    S' = {0, ..., n_useful - 1} (§2.2.3) and ranks the features by Algorithm 3
    (:func:`algorithm3_rankings`). Returns int32 ranks of shape (n_weak, n_feature), 1 = best.
    """
    n_weak = check_int(n_weak, "n_weak", 1)
    n_feature, n_target, n_useful = check_sizes(n_feature, n_target, n_useful)
    p = check_probability(p)
    rng = substream(as_seed(random_state))
    return _draw_rankings(n_weak, n_feature, n_target, n_useful, p, rng)


# --------------------------------------------------------------------------------------------
# Algorithm 2: the simulated ensemble
# --------------------------------------------------------------------------------------------

#: An ensemble algorithm maps the rankings of ``E`` ensembles of ``M`` weak selectors,
#: an int array (E, M, n_feature), and n_target to the selected features, bool (E, n_feature)
#: with n_target True per row (Onda §2.1, assumption 2).
EnsembleAlgorithm = Callable[[np.ndarray, int], np.ndarray]


def mean_rank_aggregate(rankings: np.ndarray, n_target: int) -> np.ndarray:
    """Mean-rank aggregation (Onda §3.1; Saeys et al. 2008): the n_target features with the
    smallest mean rank over the weak selectors, ties to the lower index (as
    :class:`fsstab.selectors.EnsembleSelector`).

    ``rankings``: (E, M, n_feature) ranks of E ensembles of M weak selectors. Returns a boolean
    (E, n_feature) mask. Integer rank sums order the features exactly as the means do.
    """
    totals = rankings.sum(axis=1, dtype=np.int64)
    chosen = np.argsort(totals, axis=1, kind="stable")[:, :n_target]
    selected = np.zeros(totals.shape, dtype=bool)
    np.put_along_axis(selected, chosen, True, axis=1)
    return selected


#: Ensemble algorithms by name (the ``aggregate`` argument also accepts any callable with the
#: signature of :data:`EnsembleAlgorithm`).
ENSEMBLE_ALGORITHMS: dict[str, EnsembleAlgorithm] = {"mean_rank": mean_rank_aggregate}


def _resolve_aggregate(aggregate: str | EnsembleAlgorithm) -> EnsembleAlgorithm:
    if isinstance(aggregate, str):
        if aggregate not in ENSEMBLE_ALGORITHMS:
            raise ValueError(
                f"aggregate must be one of {sorted(ENSEMBLE_ALGORITHMS)} or a callable, got "
                f"{aggregate!r}"
            )
        return ENSEMBLE_ALGORITHMS[aggregate]
    if not callable(aggregate):
        raise ValueError(f"aggregate must be a name or a callable, got {aggregate!r}")
    return aggregate


def _aggregate_shuffled(
    rankings: np.ndarray, n_target: int, aggregate: EnsembleAlgorithm,
    rng: np.random.Generator,
) -> np.ndarray:
    """Apply ``aggregate`` with the features of every ensemble in a random order.

    Aggregators break ties by feature index; in the simulation the index is informative (S' is
    {0..n_useful-1}), so ties would favour useful features. Presenting each ensemble's features
    in a uniformly random order makes every tie-break random, as it is for real features whose
    index says nothing about their usefulness. A single weak selector has no ties.
    """
    n_ens, n_weak, n_feature = rankings.shape
    if n_weak == 1:
        return _checked_selection(aggregate(rankings, n_target), n_ens, n_feature, n_target)
    order = rng.permuted(np.broadcast_to(np.arange(n_feature), (n_ens, n_feature)), axis=1)
    shuffled = np.take_along_axis(rankings, order[:, None, :], axis=2)
    picked = _checked_selection(aggregate(shuffled, n_target), n_ens, n_feature, n_target)
    selected = np.empty_like(picked)
    np.put_along_axis(selected, order, picked, axis=1)
    return selected


def _checked_selection(selected: Any, n_ens: int, n_feature: int, n_target: int) -> np.ndarray:
    """The output of an ensemble algorithm, checked against Onda §2.1's assumption 2."""
    arr = np.asarray(selected)
    if arr.shape != (n_ens, n_feature) or arr.dtype != bool:
        raise ValueError(
            f"the ensemble algorithm must return a boolean ({n_ens}, {n_feature}) array, got "
            f"{arr.dtype} {arr.shape}"
        )
    sizes = arr.sum(axis=1)
    if np.any(sizes != n_target):
        raise ValueError(
            f"the ensemble algorithm must select n_target={n_target} features per ensemble; "
            f"it selected {int(sizes[sizes != n_target][0])}"
        )
    return arr


def _simulate_selections(
    n_feature: int, n_target: int, n_useful: int, p: float, m_ensemble: int, n_ensembles: int,
    aggregate: EnsembleAlgorithm, seed: int,
) -> np.ndarray:
    rng = substream(seed)
    selected = np.empty((n_ensembles, n_feature), dtype=bool)
    per_block = max(1, _BLOCK_ENTRIES // (m_ensemble * n_feature))
    for start in range(0, n_ensembles, per_block):
        count = min(per_block, n_ensembles - start)
        ranks = _draw_rankings(count * m_ensemble, n_feature, n_target, n_useful, p, rng)
        selected[start:start + count] = _aggregate_shuffled(
            ranks.reshape(count, m_ensemble, n_feature), n_target, aggregate, rng
        )
    return selected


def simulate_ensemble_selections(
    n_feature: int, n_target: int, n_useful: int, p: float, m_ensemble: int,
    n_ensembles: int, aggregate: str | EnsembleAlgorithm = "mean_rank",
    random_state: Any = None,
) -> np.ndarray:
    """Feature subsets of ``n_ensembles`` independent simulated ensembles (Onda, Algorithm 2).

    Each ensemble aggregates the rankings of ``m_ensemble`` simulated weak selectors
    (:func:`simulate_rankings`) with ``aggregate`` (default: mean rank, top n_target, Onda
    §3.1). With ``m_ensemble=1`` this is the simulated *single* selector f_{n_useful, p}: the
    top n_target of one Algorithm 3 ranking.

    Returns a boolean (n_ensembles, n_feature) matrix, one selected subset per row.
    """
    n_feature, n_target, n_useful = check_sizes(n_feature, n_target, n_useful)
    p = check_probability(p)
    m_ensemble = check_int(m_ensemble, "m_ensemble", 1)
    n_ensembles = check_int(n_ensembles, "n_ensembles", 1)
    return _simulate_selections(
        n_feature, n_target, n_useful, p, m_ensemble, n_ensembles,
        _resolve_aggregate(aggregate), as_seed(random_state),
    )


# --------------------------------------------------------------------------------------------
# Algorithm 1: stability of the simulated ensemble
# --------------------------------------------------------------------------------------------


def simulated_stability(
    n_feature: int, n_target: int, n_useful: int, p: float, m_ensemble: int,
    m_stability: int, measure: str = "jaccard", aggregate: str | EnsembleAlgorithm = "mean_rank",
    random_state: Any = None,
) -> float:
    """Estimated stability of the ensemble of m_ensemble weak selectors (Onda, Algorithm 1
    lines 6-9): the ``measure`` of ``m_stability`` simulated ensembles.

    The draws do not depend on p (common random numbers, see the module docstring).
    """
    m_stability = check_int(m_stability, "m_stability", 2)
    measure = check_measure(measure)
    selections = simulate_ensemble_selections(
        n_feature, n_target, n_useful, p, m_ensemble, m_stability, aggregate, random_state
    )
    return selection_stability(selections, measure)


def simulated_stability_curve(
    n_feature: int, n_target: int, n_useful: int, p_values: Sequence[float] | float,
    m_ensemble_values: Sequence[int] = DEFAULT_M_ENSEMBLE, m_stability: int = 50,
    measure: str = "jaccard", aggregate: str | EnsembleAlgorithm = "mean_rank",
    random_state: Any = None,
) -> pd.DataFrame:
    """Simulated ensemble stability over m_ensemble for one or several p (Onda Fig. 3 left,
    Fig. 9, Fig. 11 bottom) with the computation time of each point (Fig. 4 right, Fig. 13).

    Returns a tidy DataFrame with columns ``p``, ``m_ensemble``, ``stability``, ``seconds``
    (wall time of the simulation and the stability computation of that point).
    """
    p_list = [p_values] if isinstance(p_values, Real) else list(p_values)
    m_list = check_m_values(m_ensemble_values)
    seed = as_seed(random_state)
    rows = []
    for p in p_list:
        for m in m_list:
            start = time.perf_counter()
            value = simulated_stability(
                n_feature, n_target, n_useful, p, m, m_stability, measure, aggregate, seed
            )
            rows.append({"p": float(p), "m_ensemble": m, "stability": value,
                         "seconds": time.perf_counter() - start})
    return pd.DataFrame(rows, columns=["p", "m_ensemble", "stability", "seconds"])


def limit_stability(n_useful: int, n_target: int) -> float:
    """The stability (pairwise Jaccard) that the simulated mean-rank ensemble approaches as
    m_ensemble grows, whatever p: E[|A ∩ B| / |A ∪ B|] for two independent uniform
    n_target-subsets A, B of the n_useful useful features.

    Why: in Algorithm 2 every S_m is a uniform n_target-subset of S' (§2.2.3), so the features
    of S' are exchangeable -- each has the same expected rank, better than that of any other
    feature when p > n_target / n_feature (Theorem 1). With many weak selectors the mean ranks
    of S' settle below those of S \\ S', and which n_target of them come first is decided by
    exchangeable fluctuations: a uniform n_target-subset of S', independently for every copy.
    The simulated large-ensemble stability is therefore fixed by (n_useful, n_target) alone
    (Onda §3.5: "stable at approximately 0.2 regardless of p" for Colon, 20 of 60 features),
    and no p can raise it.

    With r = |A ∩ B| hypergeometric (n_useful, n_target, n_target), the value is
    Σ_r P(r) · r / (2 n_target - r).

    Examples
    --------
    >>> round(limit_stability(60, 20), 4)   # Colon: Onda §3.5's plateau "approximately 0.2"
    0.2033
    """
    n_useful = check_int(n_useful, "n_useful", 1)
    n_target = check_int(n_target, "n_target", 1, n_useful)
    total = math.comb(n_useful, n_target)
    value = 0.0
    for r in range(max(0, 2 * n_target - n_useful), n_target + 1):
        ways = math.comb(n_target, r) * math.comb(n_useful - n_target, n_target - r)
        value += ways / total * r / (2 * n_target - r)
    return value


# --------------------------------------------------------------------------------------------
# Theorem 1
# --------------------------------------------------------------------------------------------


def first_pick_probability(n_feature: int, n_target: int, n_useful: int, p: float) -> float:
    """Probability that a given useful feature x ∈ S' is the first pick of Algorithm 3 (Onda,
    Theorem 1 and its proof, App. B.1).

    x ∈ S_0 with probability n_t/n_m and is then picked with probability p/n_t; otherwise it is
    one of the n_f - n_t features outside S_0, picked with probability (1 - p)/(n_f - n_t):

        p_0 = ((n_f - n_m) p + (n_m - n_t)) / (n_m (n_f - n_t)),
        p_0 - 1/n_f = (n_f - n_m)(n_f p - n_t) / (n_m n_f (n_f - n_t)),

    so p_0 > 1/n_f (the uniform selector's probability) iff p > n_t/n_f, when n_m < n_f. With
    n_t = n_f every feature is in S_0 and p_0 = 1/n_f.
    """
    n_feature, n_target, n_useful = check_sizes(n_feature, n_target, n_useful)
    p = check_probability(p)
    if n_target == n_feature:
        return 1.0 / n_feature
    return ((n_feature - n_useful) * p + (n_useful - n_target)) / (
        n_useful * (n_feature - n_target)
    )


# --------------------------------------------------------------------------------------------
# Parameter estimation (Onda §2.3)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NUsefulEstimate:
    """n_useful = Σ_i 1[c_i > t_uniform] (Onda §2.3.1).

    Attributes: ``n_useful``; ``t_uniform``; ``counts`` (c_i, how many runs of the selector
    chose feature i); ``uniform_counts`` (c'_i of the uniform selectors that gave t_uniform, or
    None when t_uniform was given).
    """

    n_useful: int
    t_uniform: int
    counts: np.ndarray
    uniform_counts: np.ndarray | None


def _as_fixed_size_selections(selections: Any, name: str = "selections") -> np.ndarray:
    """A boolean (runs, n_feature) matrix whose rows all select the same number of features."""
    arr = np.asarray(selections)
    if arr.ndim != 2 or arr.shape[0] < 1 or arr.shape[1] < 1:
        raise ValueError(f"{name} must be a (runs, n_feature) 0/1 matrix, got shape {arr.shape}")
    if arr.dtype != bool:
        if not np.issubdtype(arr.dtype, np.number) or np.any((arr != 0) & (arr != 1)):
            raise ValueError(f"{name} must be a 0/1 (or boolean) matrix")
        arr = arr.astype(bool)
    sizes = arr.sum(axis=1)
    if sizes.min() < 1 or np.any(sizes != sizes[0]):
        raise ValueError(
            f"every row of {name} must select the same number n_target >= 1 of features; got "
            f"sizes {sorted(set(sizes.tolist()))}"
        )
    return arr


def estimate_n_useful(
    selections: Any, *, t_uniform: int | None = None, random_state: Any = None
) -> NUsefulEstimate:
    """Estimate n_useful from the subsets chosen by runs of a selector (Onda §2.3.1).

    ``selections`` is a (runs, n_feature) 0/1 matrix, each row the n_target features of one run.
    Without ``t_uniform``, it is drawn from as many uniform selectors as there are runs
    (:func:`uniform_counts`). n_useful is the number of features chosen more than t_uniform
    times. Applied to simulated selections this is the algorithm A of eq. (1).
    """
    arr = _as_fixed_size_selections(selections)
    n_runs, n_feature = arr.shape
    n_target = int(arr[0].sum())
    counts = arr.sum(axis=0).astype(np.int64)
    uniform = None
    if t_uniform is None:
        uniform = uniform_counts(n_feature, n_target, n_runs, random_state)
        t_uniform = int(uniform.max())
    else:
        t_uniform = check_int(t_uniform, "t_uniform", 0)
    return NUsefulEstimate(int(np.sum(counts > t_uniform)), int(t_uniform), counts, uniform)


def verify_n_useful(
    n_feature: int, n_target: int, n_useful: int, p: float, n_runs: int,
    random_state: Any = None,
) -> int:
    """n_useful^v = A[f_{n_useful, p}] (Onda §2.3.3, eq. 1).

    Runs the simulated single selector f_{n_useful, p} ``n_runs`` times, draws t_uniform from as
    many uniform selectors, and counts the features chosen more than t_uniform times. The
    parameters are consistent when n_useful^v = n_useful. Use the number of real runs of
    :func:`estimate_n_useful` as ``n_runs``.
    """
    seed = as_seed(random_state)
    n_runs = check_int(n_runs, "n_runs", 1)
    selections = simulate_ensemble_selections(
        n_feature, n_target, n_useful, p, 1, n_runs, random_state=child_seed(seed, 0)
    )
    return estimate_n_useful(selections, random_state=child_seed(seed, 1)).n_useful


@dataclass(frozen=True)
class PEstimate:
    """The p whose simulated stability is closest to a target (Onda §2.3.2).

    Attributes
    ----------
    p, stability
        The estimate and its simulated stability.
    target
        The stability of the real selector to match.
    method
        ``"grid"`` or ``"bisection"``.
    bracketed
        True when the target lies between the smallest and the largest simulated stability
        evaluated; False means it is out of the simulator's reach and ``p`` is the nearest end.
    evaluations
        DataFrame ``p``, ``stability`` of every simulation run, in evaluation order.
    """

    p: float
    stability: float
    target: float
    method: str
    bracketed: bool
    evaluations: pd.DataFrame


def _best_evaluated(evaluations: list[tuple[float, float]], target: float) -> tuple[float, float]:
    """The evaluated (p, stability) closest to the target; ties go to the first evaluated."""
    gaps = [abs(s - target) for _, s in evaluations]
    return evaluations[int(np.argmin(gaps))]


def _grid_search(
    stability_at: Callable[[float], float], grid: Sequence[float], target: float
) -> tuple[list[tuple[float, float]], bool]:
    evaluations = [(p, stability_at(p)) for p in grid]
    values = [s for _, s in evaluations]
    return evaluations, min(values) <= target <= max(values)


def _bisection(
    stability_at: Callable[[float], float], bounds: tuple[float, float], tolerance: float,
    target: float,
) -> tuple[list[tuple[float, float]], bool]:
    """Bisection on p for a non-decreasing stability(p), down to an interval of ``tolerance``.

    The invariant stability(lo) < target <= stability(hi) holds for the *evaluated* values, so
    the result is a crossing of the simulated curve even where Monte-Carlo noise makes it locally
    non-monotone.
    """
    lo, hi = bounds
    evaluations = [(lo, stability_at(lo)), (hi, stability_at(hi))]
    if not evaluations[0][1] < target <= evaluations[1][1]:
        return evaluations, False
    while hi - lo > tolerance:
        mid = 0.5 * (lo + hi)
        value = stability_at(mid)
        evaluations.append((mid, value))
        if value < target:
            lo = mid
        else:
            hi = mid
    return evaluations, True


def estimate_p(
    target_stability: float, *, n_feature: int, n_target: int, n_useful: int,
    m_stability: int, method: str = "grid", grid: Sequence[float] = DEFAULT_P_GRID,
    bounds: tuple[float, float] = (0.0, 1.0), tolerance: float = 0.01, m_ensemble: int = 1,
    measure: str = "jaccard", aggregate: str | EnsembleAlgorithm = "mean_rank",
    random_state: Any = None,
) -> PEstimate:
    """Estimate p from the stability of the real single selector (Onda §2.3.2; App. F.2).

    The simulated stability of ``m_stability`` copies of the selector (m_ensemble = 1 by
    default) is computed for candidate values of p, all with the same random numbers, and the
    candidate closest to ``target_stability`` is returned.

    - ``method="grid"``: every p of ``grid`` (Onda's nine values 0.1, ..., 0.9 by default).
    - ``method="bisection"``: the stability grows with p (§2.3.2; App. F.2 calls it
      "decreasing", contradicting §2.3.2, §3.5 and Fig. 3), so p is bisected inside ``bounds``
      until the bracket is narrower than ``tolerance`` (default 0.01, the finest p step of
      Onda's Figs. 2 and 8): 2 + ⌈log2(width / tolerance)⌉ simulations instead of one per grid
      point. Of the two ends of the final bracket the one closer to the target is returned.

    Monte-Carlo noise: because every candidate p reuses the same uniforms, S_m and pick orders
    (common random numbers), the simulated curve is a deterministic step function of p that is
    monotone up to small wiggles; bisection keeps stability(lo) < target <= stability(hi) on
    evaluated points and so returns a crossing of that curve. Its p is resolved to within
    ``tolerance`` of a crossing; the statistical error of p is the standard error of the
    stability estimate divided by the slope of stability(p), which larger ``m_stability``
    reduces. If the target is outside the stabilities reachable in ``bounds`` (or on the grid),
    the nearest end is returned with ``bracketed=False``.
    """
    target = float(target_stability)
    if not math.isfinite(target):
        raise ValueError(f"target_stability must be finite, got {target_stability!r}")
    n_feature, n_target, n_useful = check_sizes(n_feature, n_target, n_useful)
    m_stability = check_int(m_stability, "m_stability", 2)
    m_ensemble = check_int(m_ensemble, "m_ensemble", 1)
    measure = check_measure(measure)
    aggregate = _resolve_aggregate(aggregate)
    seed = as_seed(random_state)

    def stability_at(p: float) -> float:
        selections = _simulate_selections(
            n_feature, n_target, n_useful, p, m_ensemble, m_stability, aggregate, seed
        )
        return selection_stability(selections, measure)

    if method == "grid":
        candidates = [check_probability(p, "grid value") for p in grid]
        if not candidates:
            raise ValueError("grid must contain at least one value of p")
        evaluations, bracketed = _grid_search(stability_at, candidates, target)
    elif method == "bisection":
        lo, hi = (check_probability(b, "bounds") for b in bounds)
        if not lo < hi:
            raise ValueError(f"bounds must be (lo, hi) with lo < hi, got {bounds!r}")
        if isinstance(tolerance, bool) or not isinstance(tolerance, Real) or not tolerance > 0:
            raise ValueError(f"tolerance must be a positive number, got {tolerance!r}")
        evaluations, bracketed = _bisection(stability_at, (lo, hi), float(tolerance), target)
    else:
        raise ValueError(f"method must be 'grid' or 'bisection', got {method!r}")
    p, value = _best_evaluated(evaluations, target)
    return PEstimate(
        p=float(p), stability=float(value), target=target, method=method, bracketed=bracketed,
        evaluations=pd.DataFrame(evaluations, columns=["p", "stability"]),
    )


def parameter_grid(
    n_feature: int, n_target: int, n_useful_values: Sequence[int], p_values: Sequence[float],
    m_stability: int, n_runs: int | None = None, measure: str = "jaccard",
    random_state: Any = None,
) -> pd.DataFrame:
    """Simulated single-selector stability and n_useful^v over a (n_useful, p) grid (Onda §3.4,
    Fig. 2, Fig. 8, Fig. 11 top).

    Every grid point uses the same seeds (common random numbers across p). ``n_runs`` (default
    ``m_stability``) is the number of runs behind n_useful^v. Returns a DataFrame with columns
    ``n_useful``, ``p``, ``stability``, ``n_useful_v``; Onda's compatible parameters are the
    rows whose stability is within ±10 % of the real single selector's and whose n_useful^v is
    within ±2 of the n_useful estimated on the real selector.
    """
    m_stability = check_int(m_stability, "m_stability", 2)
    n_runs = m_stability if n_runs is None else check_int(n_runs, "n_runs", 1)
    seed = as_seed(random_state)
    rows = []
    for n_useful in n_useful_values:
        for p in p_values:
            stability = simulated_stability(
                n_feature, n_target, n_useful, p, 1, m_stability, measure,
                random_state=child_seed(seed, 0),
            )
            n_useful_v = verify_n_useful(
                n_feature, n_target, n_useful, p, n_runs, random_state=child_seed(seed, 1)
            )
            rows.append({"n_useful": int(n_useful), "p": float(p), "stability": stability,
                         "n_useful_v": n_useful_v})
    return pd.DataFrame(rows, columns=["n_useful", "p", "stability", "n_useful_v"])


@dataclass(frozen=True)
class ParameterFit:
    """The simulator parameters fitted to a real selector (Onda, Algorithm 1 lines 1-5).

    Attributes
    ----------
    n_feature, n_target
        Problem size.
    n_useful
        The n_useful used by the simulator: given, or estimated (raised to n_target when the
        estimate is smaller, since S_m ⊂ S' needs n_useful >= n_target).
    p
        Given or estimated.
    single_stability
        Stability of the real single selector (the target of the p estimate).
    n_useful_estimate
        :class:`NUsefulEstimate` from the real runs (always computed: it gives t_uniform, the
        counts and the histogram of Fig. 1 right).
    p_estimate
        :class:`PEstimate`, or None when p was given.
    n_useful_v
        A[f_{n_useful, p}] (eq. 1).
    measure
        The stability measure.
    """

    n_feature: int
    n_target: int
    n_useful: int
    p: float
    single_stability: float
    n_useful_estimate: NUsefulEstimate
    p_estimate: PEstimate | None
    n_useful_v: int
    measure: str


def estimate_parameters(
    single_selections: Any, *, measure: str = "jaccard", p_method: str = "grid",
    p_grid: Sequence[float] = DEFAULT_P_GRID, p_bounds: tuple[float, float] = (0.0, 1.0),
    p_tolerance: float = 0.01, n_useful: int | None = None, p: float | None = None,
    random_state: Any = None,
) -> ParameterFit:
    """Fit (n_useful, p) to the subsets selected by m_stability runs of the real selector (Onda,
    Algorithm 1 lines 1-5).

    1-2. t_uniform from as many uniform selectors as runs; n_useful = #features chosen more
         often (:func:`estimate_n_useful`), unless ``n_useful`` is given.
    3-4. the runs' stability (``measure``) and p matching it with the simulated single selector
         of as many copies (:func:`estimate_p`), unless ``p`` is given.
    5.   n_useful^v = A[f_{n_useful, p}] (:func:`verify_n_useful`).
    """
    arr = _as_fixed_size_selections(single_selections, "single_selections")
    if arr.shape[0] < 2:
        raise ValueError("single_selections needs at least two runs to measure stability")
    measure = check_measure(measure)
    n_runs, n_feature = arr.shape
    n_target = int(arr[0].sum())
    seed = as_seed(random_state)
    counted = estimate_n_useful(arr, random_state=child_seed(seed, 0))
    if n_useful is None:
        n_useful = counted.n_useful
        if n_useful < n_target:
            warnings.warn(
                f"the estimated n_useful={n_useful} is below n_target={n_target}; the "
                f"simulator needs S_m ⊂ S', so n_useful={n_target} is used",
                RuntimeWarning, stacklevel=2,
            )
            n_useful = n_target
    n_feature, n_target, n_useful = check_sizes(n_feature, n_target, n_useful)
    single = selection_stability(arr, measure)
    p_estimate = None
    if p is None:
        p_estimate = estimate_p(
            single, n_feature=n_feature, n_target=n_target, n_useful=n_useful,
            m_stability=n_runs, method=p_method, grid=p_grid, bounds=p_bounds,
            tolerance=p_tolerance, measure=measure, random_state=child_seed(seed, 1),
        )
        p = p_estimate.p
    p = check_probability(p)
    n_useful_v = verify_n_useful(
        n_feature, n_target, n_useful, p, n_runs, random_state=child_seed(seed, 2)
    )
    return ParameterFit(
        n_feature=n_feature, n_target=n_target, n_useful=n_useful, p=p,
        single_stability=single, n_useful_estimate=counted, p_estimate=p_estimate,
        n_useful_v=n_useful_v, measure=measure,
    )


@dataclass(frozen=True)
class EnsembleComparison:
    """Real against simulated ensemble stability on one data set (:func:`compare_ensembles`).

    Attributes
    ----------
    curves
        Tidy DataFrame, one row per (source, p, m_ensemble): ``source`` (``"real"`` or
        ``"simulated"``), ``p`` (NaN for real rows), ``m_ensemble``, ``stability``, ``seconds``
        (computation time of that point), ``accuracy`` (real rows with a predictor, else NaN).
    parameters
        The fitted simulator parameters (:class:`ParameterFit`).
    counts
        DataFrame ``feature``, ``count`` (c_i: single real runs choosing the feature),
        ``uniform_count`` (c'_i of the uniform selectors that gave t_uniform): the histograms
        of Onda Fig. 1 right and Fig. 7.
    thresholds
        DataFrame ``t_uniform``, ``n_useful`` of repeated threshold draws on the same real
        counts (Onda Tables 2 and 4), or None.
    timings
        DataFrame ``stage``, ``seconds``: the real single selectors, the parameter estimation,
        the real ensembles (all m_ensemble), the simulated ensembles at the fitted p.
    splits
        The m_stability :class:`OndaSplit` copies used.
    """

    curves: pd.DataFrame
    parameters: ParameterFit
    counts: pd.DataFrame
    thresholds: pd.DataFrame | None
    timings: pd.DataFrame
    splits: tuple[OndaSplit, ...]

    @property
    def speedup(self) -> float:
        """Real ensemble time / simulated ensemble time over the same m_ensemble values (the
        comparison of Onda §3.6 and Fig. 4; :func:`ensemble_speedups`)."""
        return ensemble_speedups(self.timings)[0]

    @property
    def speedup_total(self) -> float:
        """Real ensemble time / everything the simulator needs: the real single runs, the
        parameter estimation and the simulated ensembles (Onda §2.4;
        :func:`ensemble_speedups`)."""
        return ensemble_speedups(self.timings)[1]


#: The stages of :func:`compare_ensembles` that the simulator needs besides its own ensembles.
_SIMULATOR_STAGES = ("real single selectors", "parameter estimation", "simulated ensembles")


def ensemble_speedups(timings: pd.DataFrame) -> tuple[float, float]:
    """How much faster the simulator is than the real ensembles, from the times of one run.

    Parameters
    ----------
    timings
        DataFrame with columns ``stage`` and ``seconds``, as
        :attr:`EnsembleComparison.timings` (rows of the same stage are added up): ``"real
        single selectors"``, ``"parameter estimation"``, ``"real ensembles"``, ``"simulated
        ensembles"``.

    Returns
    -------
    (speedup, speedup_total)
        Real ensembles / simulated ensembles over the same m_ensemble values (Onda §3.6, Fig.
        4), and real ensembles / everything the simulator needs: the real single runs, the
        parameter estimation and the simulated ensembles (Onda §2.4).

    Examples
    --------
    >>> timings = pd.DataFrame({"stage": ["real single selectors", "parameter estimation",
    ...                                   "real ensembles", "simulated ensembles"],
    ...                         "seconds": [10.0, 1.0, 200.0, 0.5]})
    >>> ensemble_speedups(timings)
    (400.0, 17.391304347826086)
    """
    missing = sorted({"real ensembles", *_SIMULATOR_STAGES} - set(timings["stage"]))
    if missing:
        raise ValueError(f"timings have no stage(s) {missing}")

    def seconds(stage: str) -> float:
        return float(timings.loc[timings["stage"] == stage, "seconds"].sum())

    real = seconds("real ensembles")
    needed = sum(seconds(stage) for stage in _SIMULATOR_STAGES)
    return real / seconds("simulated ensembles"), real / needed


def compare_ensembles(
    X: Any, y: Any, *, n_target: int, base_selector: Any = None,
    m_ensemble: Sequence[int] = DEFAULT_M_ENSEMBLE, m_stability: int | None = None,
    splits: Sequence[OndaSplit] | None = None, measure: str = "jaccard",
    p_method: str = "grid", p_grid: Sequence[float] = DEFAULT_P_GRID,
    p_bounds: tuple[float, float] = (0.0, 1.0), p_tolerance: float = 0.01,
    n_useful: int | None = None, p: float | None = None, bootstrap_single: bool = False,
    curve_p_values: Sequence[float] = (), predictor: Any = None,
    n_threshold_repeats: int = 1000, real_copies: int | None = None, random_state: Any = None,
) -> EnsembleComparison:
    """Run Onda's experiment on one data set: the real ensemble against the simulated one.

    1. m_stability copies (:func:`onda_splits`; default one per sample, leave-one-out).
    2. One run of the base selector per copy, on the copy's selection rows (or, with
       ``bootstrap_single=True``, on a bootstrap sample of them), and its top n_target features
       (:func:`real_single_selections`).
    3. n_useful, p and n_useful^v fitted to those runs (:func:`estimate_parameters`), unless
       given; ``n_threshold_repeats`` further t_uniform draws give Tables 2/4-style spreads.
    4. The real bagged mean-rank ensemble for every m_ensemble (:func:`real_ensemble_curve`).
    5. The simulated ensemble for every m_ensemble at the fitted p and at ``curve_p_values``
       (:func:`simulated_stability_curve`), with m_stability copies (the real ensembles use as
       many unless ``real_copies`` is given).

    Parameters
    ----------
    X, y
        Data (samples x features) and class labels (two or more classes).
    n_target
        Features selected by every selector (Onda §3.2: 20 for Colon).
    base_selector
        A ranking fsstab selector (``ranking_``); ``None`` is ``OndaForestSelector()``
        (500 trees, mtry = √d).
    m_ensemble
        The m_ensemble values of the curves.
    m_stability, splits
        Number of copies, or the copies themselves (then ``m_stability`` is ignored).
    measure
        Stability measure (Z-only measures of :mod:`fsstab.measures`; Onda: ``"jaccard"``).
    p_method, p_grid, p_bounds, p_tolerance
        See :func:`estimate_p`.
    n_useful, p
        Fix a parameter instead of estimating it (e.g. Onda's n_useful = 130 for Prostate).
    bootstrap_single
        Fit the simulator to the base selector on the selection rows (default, Onda §3.4) or to
        weak selectors on bootstrap samples of them (see :func:`real_single_selections`).
    curve_p_values
        Further p values for the simulated curves (Onda Fig. 3 left plots p = 0.1 ... 0.9).
    predictor
        Classifier for the accuracy of the real ensembles, or None to skip it.
    n_threshold_repeats
        t_uniform draws for :attr:`EnsembleComparison.thresholds` (Onda: 1000; 0 skips).
    real_copies
        Run the real ensembles on a seeded random subset of this many of the copies (a
        measured fraction of a run too long for the machine: the real ensembles cost
        real_copies x max(m_ensemble) base-selector runs), or on all of them (None). The
        single selectors, the fit and the simulated ensembles always use every copy.
    random_state
        int, RandomState or None.
    """
    X, codes = check_data(X, y)
    seed = as_seed(random_state)
    n_threshold_repeats = check_int(n_threshold_repeats, "n_threshold_repeats", 0)
    m_values = check_m_values(m_ensemble)
    if splits is None:
        splits = onda_splits(codes, m_stability, random_state=child_seed(seed, 0))
    splits = check_splits(splits, X.shape[0])
    base = OndaForestSelector() if base_selector is None else base_selector

    single, single_seconds = real_single_selections(
        X, codes, splits, base, n_target, bootstrap_single, random_state=child_seed(seed, 1)
    )
    start = time.perf_counter()
    fit = estimate_parameters(
        single, measure=measure, p_method=p_method, p_grid=p_grid, p_bounds=p_bounds,
        p_tolerance=p_tolerance, n_useful=n_useful, p=p, random_state=child_seed(seed, 2),
    )
    estimation_seconds = time.perf_counter() - start

    thresholds = None
    if n_threshold_repeats:
        t = uniform_thresholds(
            fit.n_feature, fit.n_target, len(splits), n_threshold_repeats,
            random_state=child_seed(seed, 3),
        )
        counts = fit.n_useful_estimate.counts
        thresholds = pd.DataFrame(
            {"t_uniform": t, "n_useful": (counts[None, :] > t[:, None]).sum(axis=1)}
        )

    real_splits = splits
    if real_copies is not None:
        real_copies = check_int(real_copies, "real_copies", 2, len(splits))
        chosen = np.random.default_rng(child_seed(seed, 6)).choice(
            len(splits), real_copies, replace=False)
        real_splits = tuple(splits[i] for i in np.sort(chosen))
    real = real_ensemble_curve(
        X, codes, real_splits, base, m_values, n_target, measure, predictor,
        random_state=child_seed(seed, 4),
    )
    p_values = list(dict.fromkeys([fit.p, *(float(v) for v in curve_p_values)]))
    simulated = simulated_stability_curve(
        fit.n_feature, fit.n_target, fit.n_useful, p_values, m_values, len(splits), measure,
        random_state=child_seed(seed, 5),
    )
    curves = pd.concat(
        [real.assign(source="real", p=math.nan),
         simulated.assign(source="simulated", accuracy=math.nan)],
        ignore_index=True,
    )[["source", "p", "m_ensemble", "stability", "seconds", "accuracy"]]
    estimated = simulated["p"] == fit.p
    timings = pd.DataFrame({
        "stage": ["real single selectors", "parameter estimation", "real ensembles",
                  "simulated ensembles"],
        "seconds": [single_seconds, estimation_seconds, float(real["seconds"].sum()),
                    float(simulated.loc[estimated, "seconds"].sum())],
    })
    counted = fit.n_useful_estimate
    counts_frame = pd.DataFrame({
        "feature": np.arange(fit.n_feature), "count": counted.counts,
        "uniform_count": counted.uniform_counts,
    })
    return EnsembleComparison(
        curves=curves, parameters=fit, counts=counts_frame, thresholds=thresholds,
        timings=timings, splits=splits,
    )
