"""Filter scores for a continuous and a time-to-event outcome.

Registered in :data:`fsstab.selectors.FILTERS` for ``FilterSelector(task="regression")`` /
``task="survival"``:

- ``pearson`` / ``spearman`` -- the absolute Pearson / Spearman correlation with ``y``;
- ``f_test`` -- the F statistic of the univariate linear regression,
  ``F = r² / (1 − r²) · (n − 2)`` (scikit-learn's ``f_regression``; the regression
  counterpart of ``anova``);
- ``mutual_information`` -- the k-nearest-neighbour estimate of ``I(X_k; Y)`` of Kraskov et
  al. (2004) (scikit-learn's ``mutual_info_regression``, k = 3);
- ``mrmr`` (regression) -- greedy minimum-redundancy maximum-relevance selection (Peng et al.
  2005, the criterion of thesis §3.1.5, ``J = I(Y; X_k) − mean_{j ∈ S} I(X_k; X_j)``) with the
  mutual information of continuous variables estimated as in mRMRe (De Jay et al. 2013,
  Bioinformatics 29:2365): ``I = −½ log(1 − ρ²)`` with Spearman's ρ, the mutual information of
  a Gaussian copula. Every step costs one correlation of all candidates with the feature
  chosen last, ``O(nd)``, where a nearest-neighbour estimate of every pair would cost
  ``O(n² d)`` per step;
- ``cox`` (survival) -- the score (log-rank) statistic of the univariate Cox model,
  ``U(0)² / I(0)`` with Breslow's ties: ``U = Σ_{events i} (x_i − x̄_{R_i})`` and
  ``I = Σ_{events i} var_{R_i}(x)`` over the risk sets ``R_i``; χ²₁ under no association. Unlike
  the Wald statistic it needs no fit, so a feature that separates the events perfectly (an
  infinite Cox coefficient) still gets a finite, large score.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fsstab.outcomes import as_regression_target, as_survival_target
from fsstab.selectors._filter_scores import GreedySelection

__all__ = [
    "gaussian_mutual_information",
    "score_cox",
    "score_f_test",
    "score_mrmr_regression",
    "score_mutual_information",
    "score_pearson",
    "score_spearman",
]


def _standardized_columns(A: np.ndarray) -> np.ndarray:
    """Columns centred and scaled to unit norm (a constant column becomes all zeros)."""
    centred = A - A.mean(axis=0)
    norms = np.sqrt(np.einsum("ij,ij->j", centred, centred))
    return np.divide(centred, norms, out=np.zeros_like(centred), where=norms > 0)


def _correlation(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Pearson correlation of every column of ``X`` with ``y`` (0 for a constant column)."""
    return np.clip(_standardized_columns(X).T @ _standardized_columns(y[:, None])[:, 0],
                   -1.0, 1.0)


def _ranks(A: np.ndarray) -> np.ndarray:
    from scipy.stats import rankdata

    return rankdata(A, axis=0)  # average ranks of ties, as Spearman's ρ takes them


def score_pearson(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``|r|``, the absolute Pearson correlation of each feature with ``y``."""
    return np.abs(_correlation(np.asarray(X, dtype=np.float64), as_regression_target(y)))


def score_spearman(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``|ρ|``, the absolute Spearman rank correlation of each feature with ``y``."""
    X = np.asarray(X, dtype=np.float64)
    return np.abs(_correlation(_ranks(X), _ranks(as_regression_target(y))))


def score_f_test(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """F statistic of the univariate regression of ``y`` on each feature (with intercept):
    ``r² / (1 − r²) · (n − 2)``; infinite for a perfect fit."""
    X = np.asarray(X, dtype=np.float64)
    r2 = _correlation(X, as_regression_target(y)) ** 2
    with np.errstate(divide="ignore"):
        return np.where(r2 < 1.0, r2 / (1.0 - r2) * (X.shape[0] - 2), np.inf)


def score_mutual_information(X: np.ndarray, y: np.ndarray, *, random_state: Any = None
                             ) -> np.ndarray:
    """Kraskov et al.'s (2004) 3-nearest-neighbour estimate of ``I(X_k; Y)`` (scikit-learn's
    ``mutual_info_regression``, which adds noise of relative size 1e-10 to break ties, drawn
    from ``random_state``)."""
    from sklearn.feature_selection import mutual_info_regression

    return mutual_info_regression(np.asarray(X, dtype=np.float64), as_regression_target(y),
                                  n_neighbors=3, random_state=random_state)


def gaussian_mutual_information(rho: np.ndarray) -> np.ndarray:
    """``−½ log(1 − ρ²)``: the mutual information of a bivariate normal (copula) with
    correlation ρ, in nats (mRMRe's estimate, De Jay et al. 2013)."""
    rho2 = np.minimum(np.asarray(rho, dtype=np.float64) ** 2, 1.0)
    with np.errstate(divide="ignore"):
        return -0.5 * np.log1p(-rho2)


def score_mrmr_regression(X: np.ndarray, y: np.ndarray, *, n_features_to_select: int
                          ) -> GreedySelection:
    """Greedy mRMR for a continuous ``y`` with the Gaussian-copula mutual information of
    Spearman's ρ (see the module docstring).

    ``S`` starts with the most relevant feature; each step adds the unselected feature with the
    largest ``I(Y; X_k) − mean_{j ∈ S} I(X_k; X_j)`` (ties: lowest index). A perfectly
    redundant candidate (|ρ| = 1 with a chosen feature) has an infinite redundancy and comes
    last.
    """
    X = np.asarray(X, dtype=np.float64)
    n_features = X.shape[1]
    if not 1 <= n_features_to_select <= n_features:
        raise ValueError(f"n_features_to_select={n_features_to_select} must lie between 1 and "
                         f"{n_features}")
    Z = _standardized_columns(_ranks(X))
    relevance = gaussian_mutual_information(
        Z.T @ _standardized_columns(_ranks(as_regression_target(y))[:, None])[:, 0])
    redundancy = np.zeros(n_features)
    selected = np.zeros(n_features, dtype=bool)
    order = [int(np.argmax(relevance))]
    scores = np.full(n_features, np.nan)
    scores[order[0]] = relevance[order[0]]
    selected[order[0]] = True
    while len(order) < n_features_to_select:
        redundancy += gaussian_mutual_information(Z.T @ Z[:, order[-1]])
        with np.errstate(invalid="ignore"):
            criterion = relevance - redundancy / len(order)
        candidates = np.where(selected, -np.inf, np.nan_to_num(criterion, nan=-np.inf))
        best = int(np.argmax(candidates))
        if selected[best]:  # every remaining candidate is perfectly redundant: lowest index
            best = int(np.flatnonzero(~selected)[0])
        order.append(best)
        scores[best] = criterion[best]
        selected[best] = True
    return GreedySelection(np.asarray(order, dtype=np.int64), scores)


def score_cox(X: np.ndarray, y: Any) -> np.ndarray:
    """Score statistic ``U(0)² / I(0)`` of the univariate Cox model of each feature (Breslow's
    ties; see the module docstring); 0 for a feature constant on every risk set."""
    X = np.asarray(X, dtype=np.float64)
    target = as_survival_target(y)
    time = target["time"]
    order = np.argsort(-time, kind="stable")  # risk sets are prefixes in decreasing time
    Xo, event, t = X[order], target["event"][order], time[order]
    last_of_block = np.r_[t[1:] != t[:-1], True]
    block_end = np.flatnonzero(last_of_block)[np.cumsum(np.r_[True, last_of_block[:-1]]) - 1]
    at_risk = (block_end + 1.0)[event]
    Xc = Xo - Xo.mean(axis=0)  # centring changes neither U nor I, and keeps sums accurate
    mean_risk = np.cumsum(Xc, axis=0)[block_end[event]] / at_risk[:, None]
    second_risk = np.cumsum(Xc * Xc, axis=0)[block_end[event]] / at_risk[:, None]
    U = (Xc[event] - mean_risk).sum(axis=0)
    information = np.maximum((second_risk - mean_risk**2).sum(axis=0), 0.0)
    scale = np.maximum(1.0, np.abs(Xc).max(axis=0)) ** 2 * max(1, int(event.sum()))
    informative = information > 1e-12 * scale
    return np.divide(U * U, information, out=np.zeros(X.shape[1]), where=informative)
