"""Importance (weight) based measures: φ_iw and φ_pears (Hamer & Dupont 2021, eqs. 4 and 6).

Inputs are an ``M x d`` importance matrix W (non-negative, non-zero exactly where a feature is
selected; :func:`~fsstab.measures.as_importance_matrix`). The selection Z is W's support.

φ_iw (eq. 6) is computed without forming any pair of runs. With importances normalised per run
to Σ_f I_{f,i} = k̄ (§5), both of its pairwise sums reduce to sums of minima over sorted values:

* Σ_{i<j} |F_i ∩ F_j|_iw = Σ_f Σ_{i<j, f ∈ F_i ∩ F_j} min(I_{f,i}, I_{f,j}): per feature, the
  t-th smallest of its h_f importances is the minimum of the h_f - 1 - t pairs it forms with
  larger ones;
* Σ_{i<j} Σ_{f ∈ F_i, f' ∈ F_j} min(I_{f,i}, I_{f',j}) (the chance term C of eq. 6 and App. C)
  is half of [sum over all ordered pairs of entries of W] minus [pairs within a run], and the
  t-th smallest of N values is the minimum of 2 (N - t) - 1 ordered pairs.

So one sort of the N = M k̄ non-zero entries gives φ_iw in O(N log N) -- below the
O(M² k̄ + M k̄ log k̄) of Hamer & Dupont's Algorithm 2 (App. C, which as printed resets C inside
its loop; DEVELOPERS.md errata), and the same value as eq. 6.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import scipy.sparse as sp

from fsstab.measures._core import (
    MeasureInputs,
    SelectionStats,
    as_importance_matrix,
    average_pair_scores,
    check_undefined_policy,
    finite_or_policy,
)
from fsstab.measures._hypergeometric import ratio
from fsstab.measures._registry import register_measure


def _importance_inputs(W: Any) -> MeasureInputs:
    Wm = as_importance_matrix(W)
    return MeasureInputs(stats=SelectionStats(sp.csr_array(Wm.astype(bool))), W=Wm)


def normalised_importances(W: sp.csr_array) -> sp.csr_array:
    """I_{f,i} = W_{f,i} k̄ / Σ_f W_{f,i}, so that Σ_f I_{f,i} = k̄ in every non-empty run
    (Hamer & Dupont 2021, §5); k̄ = nnz(W) / M."""
    k_bar = W.nnz / W.shape[0]
    totals = np.asarray(W.sum(axis=1)).ravel()
    scale = np.divide(k_bar, totals, out=np.zeros_like(totals), where=totals > 0)
    return sp.csr_array(sp.diags_array(scale) @ W)


def _ranks_within_groups(groups: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, ...]:
    """Sort entries by (group, value); return sorted values, their group, the rank t of each
    value within its group (0 = smallest) and the group sizes."""
    order = np.lexsort((values, groups))
    sorted_groups = groups[order]
    sizes = np.bincount(sorted_groups)
    starts = np.cumsum(sizes) - sizes
    ranks = np.arange(order.size) - starts[sorted_groups]
    return values[order], sorted_groups, ranks, sizes


def sum_of_ordered_pair_minima(values: np.ndarray) -> float:
    """Σ_{u, w} min(v_u, v_w) over all ordered pairs, including u = w (sorted-rank identity)."""
    v = np.sort(values)
    n = v.size
    return float(np.dot(v, 2 * (n - np.arange(n)) - 1))


def importance_weighted_value(I: sp.csr_array, d: int) -> float:
    """φ_iw from normalised importances I (Hamer & Dupont 2021, eq. 6, §5 conventions).

    Pairs with k_i = 0 XOR k_j = 0 contribute 0 to both |F_i ∩ F_j|_iw and its chance term;
    pairs with k_i = k_j = 0 contribute k̄ to both. NaN when k̄ - C = 0, which happens iff no
    feature is ever selected or every feature is always selected with equal importance
    (Property 1).
    """
    M = I.shape[0]
    sizes = np.diff(I.indptr)
    k_bar = I.nnz / M
    if k_bar == 0 or (
        np.all(sizes == d) and np.all(I.max(axis=1).toarray() == I.min(axis=1).toarray())
    ):
        return math.nan
    n_pairs = M * (M - 1) / 2
    n_empty = int(np.count_nonzero(sizes == 0))
    empty_pairs = n_empty * (n_empty - 1) / 2

    coo = I.tocoo()
    values, features, ranks, per_feature = _ranks_within_groups(coo.col, coo.data)
    shared = float(np.dot(values, per_feature[features] - 1 - ranks))

    run_values, runs, run_ranks, _ = _ranks_within_groups(coo.row, coo.data)
    within_runs = float(np.dot(run_values, 2 * (sizes[runs] - run_ranks) - 1))
    across_runs = (sum_of_ordered_pair_minima(coo.data) - within_runs) / 2

    mean_intersection = (shared + empty_pairs * k_bar) / n_pairs
    chance = (across_runs / d + empty_pairs * k_bar) / n_pairs
    if not k_bar - chance > 0:
        return math.nan
    return (mean_intersection - chance) / (k_bar - chance)


def pearson_pair_scores(W: sp.csr_array, rows_i: np.ndarray, rows_j: np.ndarray) -> np.ndarray:
    """ρ_ij, the Pearson correlation over all d features (zeros included) of the weight vectors
    of runs i and j (Hamer & Dupont 2021, eq. 4). NaN where a run's weights are constant (all
    zero, or all d features selected with equal weight)."""
    M, d = W.shape
    sizes = np.diff(W.indptr)
    means = np.asarray(W.sum(axis=1)).ravel() / d
    # Σ_f (w_f - μ)² over the stored entries plus the d - nnz zeros, without cancellation.
    coo = W.tocoo()
    centred = np.bincount(coo.row, weights=(coo.data - means[coo.row]) ** 2, minlength=M)
    variances = centred + (d - sizes) * means**2
    constant = (sizes == 0) | (
        (sizes == d) & (W.max(axis=1).toarray().ravel() == W.min(axis=1).toarray().ravel())
    )
    gram = (W @ W.T).toarray()
    covariances = gram[rows_i, rows_j] - d * means[rows_i] * means[rows_j]
    scale = np.sqrt(variances[rows_i] * variances[rows_j])
    scale[constant[rows_i] | constant[rows_j]] = 0.0
    return ratio(covariances, scale)


def _evaluate_importance_weighted(inputs: MeasureInputs, *, undefined: str = "nan") -> float:
    undefined = check_undefined_policy(undefined)
    I = inputs.cache.get("weight_based.normalised")
    if I is None:
        I = inputs.cache["weight_based.normalised"] = normalised_importances(inputs.W)
    value = importance_weighted_value(I, inputs.W.shape[1])
    return finite_or_policy(value, undefined, "importance_weighted")


def _evaluate_pearson(inputs: MeasureInputs, *, undefined: str = "nan") -> float:
    undefined = check_undefined_policy(undefined)
    rows_i, rows_j = np.triu_indices(inputs.W.shape[0], k=1)
    scores = pearson_pair_scores(inputs.W, rows_i, rows_j)
    return average_pair_scores(scores, rows_i, rows_j, undefined, "pearson")


_HAMER = "Hamer & Dupont (2021)"


@register_measure(
    family="importance", requires=("W",), bounds=(-1.0, 1.0), corrected_for_chance=True,
    symbol="φ_iw", math=r"\phi_{\mathrm{iw}}", evaluate=_evaluate_importance_weighted,
    bounds_note="[-1/(M-1), 1]",
    reference=f"{_HAMER}, eq. 6, §5 (normalisation, k_i = 0 conventions), App. A-C",
)
def importance_weighted(W: Any, *, undefined: str = "nan") -> float:
    """φ_iw, the importance weighted stability of Hamer & Dupont (2021), eq. 6 (§5).

    φ_iw = mean_{i<j} (|F_i ∩ F_j|_iw - |F_i ∩ F_j|_iw^rand) / (k̄ - C), where
    |F_i ∩ F_j|_iw = Σ_{f ∈ F_i ∩ F_j} min(I_{f,i}, I_{f,j}), the chance term
    |F_i ∩ F_j|_iw^rand = (1/d) Σ_{f ∈ F_i, f' ∈ F_j} min(I_{f,i}, I_{f',j}) and C its mean over
    pairs, after normalising each run's importances to sum to k̄.

    In [-1/(M-1), 1]; 1 iff the normalised importances are identical in all runs
    (deterministic importance, Property 2); corrected for chance (Property 4); equals the
    Kuncheva index when importances are uniform within runs and sizes are equal (Theorem 3).

    Parameters
    ----------
    W
        ``M x d`` importance matrix (dense or ``scipy.sparse``), non-negative, non-zero
        exactly where a feature is selected; W's rows need not be normalised.
    undefined
        Policy ("nan", "zero", "raise") for the undefined cases: no feature ever selected, or
        every feature always selected with equal importance.

    Examples
    --------
    Importances that are the same in every run once normalised give 1 (Property 2); uniform
    importances within runs of equal size give the Kuncheva index (Theorem 3), here
    (r - k²/d) / (k - k²/d) = (2 - 1.5) / (3 - 1.5):

    >>> from fsstab.measures import importance_weighted
    >>> importance_weighted([[2.0, 1.0, 0.0, 0.0], [4.0, 2.0, 0.0, 0.0]])
    1.0
    >>> W = [[1.0, 1.0, 1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 1.0, 1.0, 0.0, 0.0]]
    >>> round(importance_weighted(W), 4)
    0.3333
    """
    return _evaluate_importance_weighted(_importance_inputs(W), undefined=undefined)


@register_measure(
    family="importance", requires=("W",), bounds=(-1.0, 1.0), corrected_for_chance=True,
    symbol="φ_pears", math=r"\phi_{\mathrm{pears}}", evaluate=_evaluate_pearson,
    reference=f"{_HAMER}, eq. 4 (§2.2, Table 2)",
)
def pearson(W: Any, *, undefined: str = "nan") -> float:
    """φ_pears, the mean Pearson correlation between the weight vectors of all pairs of runs,
    over all d features including the zeros of unselected ones (Hamer & Dupont 2021, eq. 4;
    Kalousis et al. 2007; Nogueira & Brown 2016).

    In [-1, 1]; 1 iff weights are linearly related across runs; corrected for chance. With
    0/1 weights and equal set sizes it equals the Kuncheva index. A run with constant weights
    makes its pairs undefined (``undefined`` policy: "nan", "zero", "raise").

    Examples
    --------
    >>> from fsstab.measures import pearson
    >>> pearson([[1.0, 2.0, 0.0, 0.0], [2.0, 4.0, 0.0, 0.0]])   # W_2 = 2 W_1
    1.0
    >>> W = [[1.0, 1.0, 1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 1.0, 1.0, 0.0, 0.0]]
    >>> round(pearson(W), 4)          # 0/1 weights, equal sizes: Kuncheva, 0.5 / 1.5
    0.3333
    """
    return _evaluate_pearson(_importance_inputs(W), undefined=undefined)
