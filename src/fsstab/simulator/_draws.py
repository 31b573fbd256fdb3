"""The random draws of Onda et al. (2022)'s simulator: uniform selectors and Algorithms 3 and 2.

Part of :mod:`fsstab.simulator` (import the public names from there):

- the uniform feature selector of Onda §2.3.1 (:func:`uniform_counts`,
  :func:`uniform_thresholds`), whose largest count t_uniform separates useful features;
- Algorithm 3, the simulated weak selector (:func:`algorithm3_rankings`,
  :func:`simulate_rankings`);
- Algorithm 2, the simulated ensemble aggregating m_ensemble weak selectors
  (:func:`simulate_ensemble_selections`, :data:`ENSEMBLE_ALGORITHMS`).

Every simulation runs in blocks of at most ``_BLOCK_ENTRIES`` matrix entries, so its memory is
bounded whatever its size; the blocks draw from the same law as one large block.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from fsstab.seeds import as_seed, substream
from fsstab.simulator._common import check_int, check_probability, check_sizes

#: Matrix entries (weak selectors x features) simulated per block: bounds the temporaries of a
#: simulation to ~100 MB whatever m_stability x m_ensemble x n_feature is.
_BLOCK_ENTRIES = 1 << 21


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
    and L = 0: the same joint law. ``tests/library/test_simulator_algorithms.py`` checks it
    against a literal transcription of Algorithm 3.

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
