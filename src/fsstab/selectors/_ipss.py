"""Integrated path stability selection (IPSS; Melikechi & Miller 2025, arXiv 2403.15877).

Stability selection keeps a feature when its selection frequency passes a threshold at one
penalty; IPSS integrates the whole stability path instead. With B complementary pairs, the
stability path ``π̂_j(λ)`` of feature ``j`` (its selection frequency over the 2B half-samples
at penalty ``λ``) is scored by

    IPSS_j = ∫_Λ h_m(π̂_j(λ)) μ_δ(dλ),   h_m(x) = (2x − 1)^m for x > 1/2, 0 otherwise,

with ``μ_δ(dλ) ∝ λ^(−δ) dλ`` a probability measure on the grid's range ``Λ``. Since
``2π̂ − 1 ≤ Π̃`` (Shah & Samworth 2013, the mean of the B pair products ``Y_b``), ``E h_m(π̂_j)
≤ E Π̃^m``, and for independent ``Y_b`` of mean at most ``θ² = (q(λ)/p)²`` (q(λ) the mean
number of features selected at ``λ``) the m-th moment expands into

    m = 1: θ²;  m = 2: θ²/B + (B − 1) θ⁴/B;
    m = 3: θ²/B² + 3(B − 1) θ⁴/B² + (B − 1)(B − 2) θ⁶/B².

Summed over the p features and integrated, ``I(Λ) = ∫ p E Π̃^m μ_δ(dλ)`` bounds the expected
number of false positives among the features with ``IPSS_j ≥ τ`` by ``I(Λ)/τ`` (Markov's
inequality). Each feature's **E(FP) score** is that bound at its own score, ``I(Λ)/IPSS_j``
(at most p), and its **q-value** the smallest estimated false discovery rate of a threshold that
keeps it: for ``t`` an E(FP) score, ``FDR(t) = max{efp_k ≤ t} / #{k : efp_k ≤ t}``, and
``q_j = min_{t ≥ efp_j} FDR(t)``.

The integral runs down the grid from the largest penalty and stops before ``I`` would pass
``cutoff`` (0.05 by default, the paper's), which fixes the lower end of ``Λ``. The grid is
integrated as a step function: ``π̂`` at a grid point holds on the cell below it, each cell
weighted by its exact ``μ_δ`` mass.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["IPSSResult", "integrated_path_stability", "ipss_bound_density", "ipss_q_values",
           "lasso_stability_paths"]


@dataclass(frozen=True)
class IPSSResult:
    """Integrated path stability selection of d features.

    Attributes
    ----------
    scores
        ``IPSS_j``, the integrated stability score of every feature.
    efp_scores
        ``I(Λ) / IPSS_j`` (at most d): the E(FP) bound of the threshold at the feature's score.
    q_values
        The q-value of every feature.
    bound
        ``I(Λ)``, the integral of the bound density over the grid points used.
    n_points
        Grid points integrated (cut by ``cutoff``).
    stability_paths
        ``π̂_j(λ)`` at every grid point, shape ``(n_lambdas, d)``.
    """

    scores: np.ndarray
    efp_scores: np.ndarray
    q_values: np.ndarray
    bound: float
    n_points: int
    stability_paths: np.ndarray

    def selected(self, *, target_fp: float | None = None,
                 target_fdr: float | None = None) -> np.ndarray:
        """Features with E(FP) score ``<= target_fp`` or q-value ``<= target_fdr`` (one of
        them), as a boolean mask."""
        if (target_fp is None) == (target_fdr is None):
            raise ValueError("give exactly one of target_fp and target_fdr")
        if target_fp is not None:
            return self.efp_scores <= target_fp
        return self.q_values <= target_fdr


def ipss_bound_density(mean_selected: np.ndarray, p: int, n_pairs: int, m: int) -> np.ndarray:
    """``p E Π̃^m`` for ``θ = q(λ)/p`` (module docstring): the integrand of ``I(Λ)``.

    Examples
    --------
    q = 10 of p = 100 with B = 50 pairs and m = 2: 100 (0.01/50 + 49 · 0.0001/50) = 0.0298.

    >>> from fsstab.selectors import ipss_bound_density
    >>> round(float(ipss_bound_density(10.0, 100, 50, 2)), 6)
    0.0298
    """
    theta2 = (np.asarray(mean_selected, dtype=np.float64) / p) ** 2
    B = n_pairs
    if m == 1:
        moment = theta2
    elif m == 2:
        moment = theta2 / B + (B - 1) * theta2**2 / B
    elif m == 3:
        moment = (theta2 + 3 * (B - 1) * theta2**2 + (B - 1) * (B - 2) * theta2**3) / B**2
    else:
        raise ValueError(f"m (the power of h_m) must be 1, 2 or 3, got {m!r}")
    return p * moment


def _cell_masses(lambdas: np.ndarray, delta: float) -> np.ndarray:
    """``μ_δ`` mass of the cell below each grid point but the last (``lambdas`` decreasing)."""
    primitive = np.log(lambdas) if delta == 1 else lambdas ** (1 - delta) / (1 - delta)
    cells = primitive[:-1] - primitive[1:]
    return cells / cells.sum()


def ipss_q_values(efp_scores: np.ndarray) -> np.ndarray:
    """q-values from E(FP) scores (module docstring).

    Examples
    --------
    Scores 0.1, 0.5, 0.5, 3: keeping the first costs 0.1/1, the first three 0.5/3, all four
    3/4; so q = 0.1, 1/6, 1/6, 3/4.

    >>> import numpy as np
    >>> from fsstab.selectors import ipss_q_values
    >>> ipss_q_values(np.array([0.1, 0.5, 0.5, 3.0])).round(4).tolist()
    [0.1, 0.1667, 0.1667, 0.75]
    """
    efp = np.asarray(efp_scores, dtype=np.float64)
    order = np.argsort(efp, kind="stable")
    ranked = efp[order]
    # the number of scores <= each score (ties share the largest count)
    counts = np.searchsorted(ranked, ranked, side="right")
    fdr = ranked / counts
    suffix_min = np.minimum.accumulate(fdr[::-1])[::-1]
    out = np.empty_like(efp)
    out[order] = suffix_min
    return out


def integrated_path_stability(
    selections: np.ndarray, lambdas: np.ndarray, *, n_pairs: int, m: int = 2,
    delta: float = 1.0, cutoff: float = 0.05,
) -> IPSSResult:
    """IPSS of selection indicators on a penalty grid (module docstring).

    Parameters
    ----------
    selections
        Bool, shape ``(n_lambdas, n_subsamples, d)``: feature ``j`` selected on subsample
        ``s`` at ``lambdas[i]`` (the 2B halves of B complementary pairs).
    lambdas
        The grid, decreasing (the path runs from the empty model towards larger ones).
    n_pairs
        B.
    m, delta, cutoff
        The power of ``h_m`` (1, 2 or 3), the exponent of ``μ_δ`` (``δ ≥ 0``) and the largest
        ``I(Λ)``.

    Returns
    -------
    IPSSResult

    Examples
    --------
    Feature 0 selected on every half-sample from the second grid point on, feature 1 on half
    of them, the others never:

    >>> import numpy as np
    >>> from fsstab.selectors import integrated_path_stability
    >>> Z = np.zeros((5, 20, 50), dtype=bool)
    >>> Z[1:, :, 0] = True
    >>> Z[1:, :10, 1] = True
    >>> result = integrated_path_stability(Z, np.geomspace(1.0, 0.1, 5), n_pairs=10)
    >>> result.scores[:3].round(4).tolist(), bool(result.efp_scores[0] < 0.01)
    ([0.75, 0.0, 0.0], True)
    """
    Z = np.asarray(selections, dtype=bool)
    grid = np.asarray(lambdas, dtype=np.float64)
    if Z.ndim != 3 or Z.shape[0] != grid.size or grid.size < 2:
        raise ValueError(f"selections must have shape (n_lambdas, n_subsamples, d) with "
                         f"n_lambdas = {grid.size} >= 2 grid points; got {Z.shape}")
    if np.any(grid <= 0) or np.any(np.diff(grid) >= 0):
        raise ValueError("lambdas must be positive and decreasing")
    if not (isinstance(delta, int | float) and delta >= 0 and math.isfinite(delta)):
        raise ValueError(f"delta must be a finite number >= 0, got {delta!r}")
    d = Z.shape[2]
    paths = Z.mean(axis=1)
    mean_selected = Z.sum(axis=2).mean(axis=1)
    masses = _cell_masses(grid, float(delta))
    density = ipss_bound_density(mean_selected[:-1], d, n_pairs, m)
    cumulative = np.cumsum(masses * density)
    used = int(np.searchsorted(cumulative, cutoff, side="right"))  # cells with I <= cutoff
    bound = float(cumulative[used - 1]) if used else 0.0
    values = np.where(paths[:used] > 0.5, (2 * paths[:used] - 1) ** m, 0.0)
    scores = masses[:used] @ values if used else np.zeros(d)
    # nothing integrated (or nothing ever selected): no feature can be kept, E(FP) score d
    efp = bound / np.maximum(scores, bound / d) if bound > 0 else np.full(d, float(d))
    return IPSSResult(scores, efp, ipss_q_values(efp), bound, used, paths)


def lasso_stability_paths(
    selector: Any, X: np.ndarray, y: Any, subsamples: np.ndarray, *, n_lambdas: int = 100,
    lambda_min_ratio: float | None = None, max_features: int | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Selection indicators of a LASSO-type selector's path on every subsample, on one grid.

    The grid is glmnet's (:mod:`fsstab.selectors._lasso_path`) from the largest null-model
    penalty over the subsamples; a subsample's path stops once more than ``max_features``
    (default ``n/2``, the half-sample size) are selected, and the grid is cut at the first
    point where any path stopped (the rest is unknown).

    Returns
    -------
    (selections, lambdas)
        Bool ``(n_points, n_subsamples, d)`` and the penalties ``1/C``, decreasing.
    """
    from fsstab.selectors._group_logistic import GroupStructure
    from fsstab.selectors._lasso_path import (
        _grid,
        _Outcome,
        null_model_C_of,
        path_points,
        standardized_subsample,
    )
    from fsstab.selectors._logistic import single_threaded_blas

    task = selector._task()
    d = X.shape[1]
    l1_ratio, labels = selector._penalty(d)
    groups = GroupStructure.from_labels(labels, d)
    half = min(len(rows) for rows in subsamples)
    cap = half if max_features is None else int(max_features)
    with single_threaded_blas():
        problems = []
        for rows in subsamples:
            Xs = standardized_subsample(X, rows)
            outcome = _Outcome(task, y[rows], float(l1_ratio), float(selector.tol),
                               int(selector.max_iter))
            problems.append((Xs, outcome, null_model_C_of(Xs, outcome, groups)))
        c0 = min(c for _, _, c in problems)
        Cs = _grid(c0, half, d, n_lambdas, lambda_min_ratio)
        Z = np.zeros((n_lambdas, len(subsamples), d), dtype=bool)
        reached = n_lambdas
        for s, (Xs, outcome, c_null) in enumerate(problems):
            # the path from this subsample's null model; points above it select nothing
            start = int(np.searchsorted(Cs, c_null, side="right"))
            if start >= n_lambdas:
                continue
            grid = np.concatenate([[c_null], Cs[start:]])
            for i, point in enumerate(path_points(Xs, outcome, groups, grid), start=start):
                if point.support.sum() > cap:
                    reached = min(reached, i)
                    break
                Z[i, s] = point.support
    return Z[:reached], 1.0 / Cs[:reached]
