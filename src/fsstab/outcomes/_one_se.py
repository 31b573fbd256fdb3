"""The one-standard-error choice between score and stability.

Breiman et al. (1984, §3.4.3) and Hastie, Tibshirani & Friedman (2009, §7.10) choose, among
models whose cross-validated error lies within one standard error of the best, the simplest:
the differences inside that band are not resolved by the data. For feature selection the
property bought with the tolerated score is stability:

    **the one-SE choice is the most stable configuration whose mean score is at least
    s_best − se_best**,

s_best the best mean score and se_best its standard error over the resamples (or CV splits).
Ties in stability go to the higher score, then to the first configuration. Next to the γ
compromise (Hamer & Dupont 2021, §7.1) and the ε-constraint choice (Bommert 2020, Algorithm
3.2) it is the rule whose tolerance comes from the data rather than from a constant: the
ε-constraint rule fixes the accepted loss of score in advance (``acc_const``), the one-SE rule
accepts what the resampling cannot tell apart.

Examples
--------
>>> from fsstab.outcomes import one_standard_error_choice
>>> accuracy = [0.95, 0.94, 0.90]
>>> se = [0.02, 0.01, 0.01]
>>> stability = [0.40, 0.70, 0.90]
>>> one_standard_error_choice(accuracy, se, stability)   # 0.94 >= 0.95 - 0.02; 0.90 is not
1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

__all__ = ["one_standard_error_choice", "score_standard_errors"]


def one_standard_error_choice(score: Any, score_se: Any, stability: Any) -> int:
    """Index of the one-SE choice (module docstring) among configurations with finite score
    and stability; a NaN standard error counts as 0 (no tolerance).

    Parameters
    ----------
    score, score_se, stability
        One value per configuration: mean score (higher is better), its standard error, and
        the stability estimate.
    """
    score = np.asarray(score, dtype=np.float64)
    se = np.nan_to_num(np.asarray(score_se, dtype=np.float64), nan=0.0)
    stability = np.asarray(stability, dtype=np.float64)
    if not (score.shape == se.shape == stability.shape) or score.ndim != 1:
        raise ValueError("score, score_se and stability must be 1-d arrays of one length")
    if np.any(se < 0):
        raise ValueError("standard errors must be >= 0")
    rows = np.flatnonzero(np.isfinite(score) & np.isfinite(stability))
    if rows.size == 0:
        raise ValueError("no configuration has both a finite score and a finite stability")
    best = score[rows].max()
    # several equally good configurations: the smallest standard error sets the band
    threshold = best - se[rows][score[rows] == best].min()
    inside = rows[score[rows] >= threshold]
    order = np.lexsort((inside, -score[inside], -stability[inside]))
    return int(inside[order[0]])


def score_standard_errors(cv_results: Mapping[str, Any], metric: str, n_splits: int, *,
                          test_fraction: float | None = None) -> np.ndarray:
    """Standard error of each candidate's mean test score in scikit-learn ``cv_results_``
    (NaN with fewer than two finite ``split<k>_test_<metric>`` scores).

    Without ``test_fraction``: the naive s/√m, s the sample standard deviation of the m finite
    split scores. With ``test_fraction`` ρ₀ (the held-out fraction of the splits,
    :func:`fsstab.resampling.held_out_fraction`): s·√(1/m + ρ₀/(1 − ρ₀)), the
    standard error corrected for the overlap of the splits (Nadeau & Bengio 2003; for
    repeated k-fold Bouckaert & Frank 2004, ρ₀/(1 − ρ₀) = 1/(k − 1)).
    """
    scores = np.column_stack([np.asarray(cv_results[f"split{k}_test_{metric}"], dtype=float)
                              for k in range(n_splits)])
    finite = np.isfinite(scores).sum(axis=1)
    extra = 0.0
    if test_fraction is not None:
        from fsstab.resampling import variance_factor

        extra = variance_factor(1, test_fraction) - 1.0     # ρ₀/(1 − ρ₀)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.nanmean(np.where(finite[:, None] > 0, scores, 0.0), axis=1)
        spread = np.nansum((scores - mean[:, None]) ** 2, axis=1) / (finite - 1)
        return np.where(finite >= 2, np.sqrt(spread * (1.0 / finite + extra)), np.nan)
