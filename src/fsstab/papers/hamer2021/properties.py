"""The properties and theorems of φ_iw (Hamer & Dupont 2021, §5.1-5.2, App. A-B) checked on a
run's feature stability maps.

The paper proves what φ_iw (eq. 6) satisfies; ``conclusions.md`` checks each statement on the
maps the run produced (every setting of every §7.2 method on every data set), so that a
departure of :func:`fsstab.measures.importance_weighted` from the paper -- or of the paper from
its own definitions -- shows as a claim that does not hold. Every closed form below is written
from the paper's formula, independently of the library's implementation of eq. 6:

- :func:`eq10_forms` -- the frequency-based forms of eq. 10, with
  ``I*_f = Σ_{i,j} min(I_{f,i}, I_{f,j}) / |z_{f,·} ≠ 0|²``;
- :func:`theorem2_value` -- Theorem 2, φ_iw when importances are even within each run;
- :func:`kuncheva_index` -- the Kuncheva index Theorem 3 reduces to when, in addition, every
  run selects the same number of features;
- :func:`deterministic_map`, :func:`disjoint_map`, :func:`random_identity_map` -- the maps of
  Properties 2-4: every run with the same importances (maximum), no feature shared (the lower
  bound), each run's importances on a uniformly random subset of features (chance);
- :func:`theorem1_importances` -- eq. 7 and eq. 9 (the smallest decision flip found by search,
  :func:`fsstab.importance.flip_sensitivity`) on a linear model with unit-variance features;
- :func:`importance_profile` -- Fig. 12: how importance follows selection frequency and how
  much it varies across the runs that select a feature.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import scipy.sparse as sp

from fsstab.importance import flip_sensitivity, linear_importance
from fsstab.measures import importance_weighted, nogueira

__all__ = [
    "CHANCE_REPLICATES",
    "IDENTITY_TOLERANCE",
    "chance_replicates",
    "chance_summary",
    "deterministic_map",
    "disjoint_map",
    "eq10_forms",
    "importance_profile",
    "kuncheva_index",
    "map_checks",
    "random_identity_map",
    "theorem1_importances",
    "theorem2_value",
]

#: Random-identity maps drawn to estimate φ_iw's expectation under random selection
#: (Property 4): the standard error of the mean is then about 1/14 of the replicates' sd.
CHANCE_REPLICATES = 200

#: Two evaluations of one identity (eq. 10, Theorems 1-3) agree when they differ by at most
#: this: a few hundred float64 roundings on values of order k̄ ≤ 20.
IDENTITY_TOLERANCE = 1e-9


def _dense(W: Any) -> np.ndarray:
    return W.toarray() if sp.issparse(W) else np.asarray(W, dtype=np.float64)


def _normalised(W: np.ndarray) -> np.ndarray:
    """I_{f,i}: each non-empty run's importances scaled to sum to k̄ (§5)."""
    k_bar = np.count_nonzero(W) / W.shape[0]
    totals = W.sum(axis=1, keepdims=True)
    return np.divide(W * k_bar, totals, out=np.zeros_like(W), where=totals > 0)


def eq10_forms(W: Any) -> tuple[float, float]:
    """φ_iw by the two frequency-based forms of eq. 10, computed from the importance matrix
    ``W`` (M x d) by the paper's formula (Appendix B), not through eq. 6.

    ``1 − M/(M−1) (k̄ − Σ_f I*_f p_f²) / (k̄ − C)`` and
    ``1 − (Σ_f I*_f s_f² + M/(M−1) (k̄ − Σ_f I*_f p_f)) / (k̄ − C)`` with
    ``s_f² = M/(M−1) p_f (1 − p_f)`` and C the mean chance term of eq. 6.

    Examples
    --------
    >>> W = np.array([[1.0, 2.0, 0.0, 0.0], [1.0, 0.0, 3.0, 0.0], [2.0, 1.0, 0.0, 0.0]])
    >>> left, right = eq10_forms(W)
    >>> round(left, 12) == round(right, 12)
    True
    """
    W = _dense(W)
    M, d = W.shape
    I = _normalised(W)
    Z = I > 0
    k_bar = Z.sum() / M
    p = Z.mean(axis=0)
    counts = Z.sum(axis=0)
    I_star = np.zeros(d)
    for f in np.flatnonzero(counts):
        v = I[Z[:, f], f]
        I_star[f] = np.minimum.outer(v, v).sum() / counts[f] ** 2
    chance = 0.0
    for i, j in itertools.combinations(range(M), 2):
        chance += np.minimum.outer(I[i, Z[i]], I[j, Z[j]]).sum() / d
    C = chance / (M * (M - 1) / 2)
    s2 = M / (M - 1) * p * (1 - p)
    left = 1 - M / (M - 1) * (k_bar - np.dot(I_star, p**2)) / (k_bar - C)
    right = 1 - (np.dot(I_star, s2) + M / (M - 1) * (k_bar - np.dot(I_star, p))) / (k_bar - C)
    return float(left), float(right)


def theorem2_value(Z: Any) -> float:
    """Theorem 2: φ_iw of the selections ``Z`` (M x d, boolean) with every selected feature of
    a run equally important, ``(μ_M[k̄|F_i ∩ F_j| / max(k_i, k_j)] − (k̄/d) μ_M[k_i k_j /
    max(k_i, k_j)]) / (k̄ − (k̄/d) μ_M[k_i k_j / max(k_i, k_j)])``, pairs of empty runs
    counting 1 in μ_M.

    Examples
    --------
    >>> Z = np.array([[1, 1, 0, 0], [1, 1, 0, 0]], dtype=bool)
    >>> theorem2_value(Z)
    1.0
    """
    Z = _dense(Z).astype(bool)
    M, d = Z.shape
    k = Z.sum(axis=1)
    k_bar = k.mean()
    overlap = rand = 0.0
    for i, j in itertools.combinations(range(M), 2):
        if k[i] == 0 and k[j] == 0:
            overlap, rand = overlap + 1, rand + 1
            continue
        largest = max(k[i], k[j])
        overlap += k_bar * np.count_nonzero(Z[i] & Z[j]) / largest
        rand += k[i] * k[j] / largest
    pairs = M * (M - 1) / 2
    mu_overlap, mu_rand = overlap / pairs, rand / pairs
    return float((mu_overlap - k_bar / d * mu_rand) / (k_bar - k_bar / d * mu_rand))


def kuncheva_index(Z: Any) -> float:
    """The Kuncheva index of selections of one size k (Theorem 3): the mean over pairs of
    ``(|F_i ∩ F_j| − k²/d) / (k − k²/d)``.

    Examples
    --------
    >>> kuncheva_index(np.array([[1, 1, 0, 0], [0, 1, 1, 0]], dtype=bool))
    0.0
    """
    Z = _dense(Z).astype(bool)
    M, d = Z.shape
    sizes = set(Z.sum(axis=1).tolist())
    if len(sizes) != 1:
        raise ValueError(f"the Kuncheva index needs one subset size, got sizes {sorted(sizes)}")
    k = sizes.pop()
    expected = k * k / d
    scores = [(np.count_nonzero(Z[i] & Z[j]) - expected) / (k - expected)
              for i, j in itertools.combinations(range(M), 2)]
    return float(np.mean(scores))


def deterministic_map(W: Any) -> np.ndarray:
    """Property 2's map: every run selects the features of the map's first non-empty run with
    its importances (deterministic importance)."""
    W = _dense(W)
    first = next(i for i in range(W.shape[0]) if np.any(W[i] > 0))
    return np.tile(W[first], (W.shape[0], 1))


def disjoint_map(W: Any) -> np.ndarray:
    """Property 3's extreme map: each run's importances on features no other run selects
    (``Σ_i k_i`` columns, at least as many as ``W`` has)."""
    W = _dense(W)
    sizes = np.count_nonzero(W, axis=1)
    out = np.zeros((W.shape[0], max(W.shape[1], int(sizes.sum()))))
    start = 0
    for i, row in enumerate(W):
        values = row[row > 0]
        out[i, start:start + values.size] = values
        start += values.size
    return out


def random_identity_map(W: Any, rng: np.random.Generator) -> np.ndarray:
    """Property 4's map: each run keeps its importance values, placed on a subset of the d
    features drawn uniformly at random (features selected at random)."""
    W = _dense(W)
    out = np.zeros_like(W)
    for i, row in enumerate(W):
        values = row[row > 0]
        out[i, rng.choice(W.shape[1], size=values.size, replace=False)] = values
    return out


def map_checks(W: Any) -> dict[str, float]:
    """The identities and properties of φ_iw evaluated on one feature stability map ``W``
    (M x d importances): the library's φ_iw (eq. 6), eq. 10's two forms, Theorem 2 on the
    map's selections with even importances against the library, Theorem 3 (the Kuncheva index
    and φ) when every run selects the same number of features (NaN otherwise), φ_iw of the
    deterministic and disjoint maps, and how much the normalised importances of a feature vary
    across the runs that select it (0: deterministic importance)."""
    W = _dense(W)
    Z = W > 0
    M = W.shape[0]
    sizes = Z.sum(axis=1)
    even = Z.astype(np.float64)
    left, right = eq10_forms(W)
    constant = bool(np.all(sizes == sizes[0])) and sizes[0] > 0
    I = _normalised(W)
    # a feature selected in some runs only varies too (0 where it is not selected)
    spread = float(np.ptp(I, axis=0).max()) if I.size else 0.0
    return {
        "n_runs": float(M),
        "n_features": float(W.shape[1]),
        "mean_n_selected": float(sizes.mean()),
        "constant_size": float(constant),
        "importance_weighted": importance_weighted(W),
        "eq10_left": left,
        "eq10_right": right,
        "even_importance_weighted": importance_weighted(even),
        "theorem2": theorem2_value(Z),
        "kuncheva": kuncheva_index(Z) if constant else math.nan,
        "even_nogueira": nogueira(Z) if constant else math.nan,
        "deterministic_importance_weighted": importance_weighted(deterministic_map(W)),
        "disjoint_importance_weighted": importance_weighted(disjoint_map(W)),
        "importance_spread": spread,
    }


def chance_replicates(W: Any, n_replicates: int, rng: np.random.Generator) -> np.ndarray:
    """φ_iw of ``n_replicates`` random-identity maps of ``W`` (Property 4)."""
    return np.array([importance_weighted(random_identity_map(W, rng))
                     for _ in range(n_replicates)])


def _flip_search_range(model: Any, X: np.ndarray) -> float:
    """A search range (in standard deviations) beyond every decision flip of the model, so that
    the search of eq. 9 finds them all (its grid only brackets; bisection locates)."""
    margins = np.abs(model.decision_function(X))
    weights = np.abs(model.coef_.ravel())
    return float(2 * margins.max() / weights[weights > 0].min() + 1)


def theorem1_importances(X: np.ndarray, y: np.ndarray, features: np.ndarray) -> (
    tuple[np.ndarray, np.ndarray]
):
    """Eq. 7 and eq. 9 of one linear model: an L2 logistic regression (C = 1) on the columns
    ``features`` of ``X`` standardised to unit variance (Theorem 1's condition). Eq. 9 finds
    each decision flip by grid search and bisection of the model's predictions
    (:func:`fsstab.importance.flip_sensitivity`, ``method="search"``), not by eq. 7's closed
    form."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    Xs = StandardScaler().fit_transform(np.asarray(X, dtype=np.float64)[:, features])
    model = LogisticRegression(C=1.0, max_iter=10_000).fit(Xs, y)
    eq7 = linear_importance(model.coef_.ravel())
    eq9 = flip_sensitivity(model, Xs, method="search", n_grid=16, n_bisect=60,
                           search_range=_flip_search_range(model, Xs))
    return eq7, eq9


def importance_profile(W: Any) -> dict[str, float]:
    """Fig. 12 on one map: the Pearson correlation between a feature's selection frequency
    p_f and its mean normalised importance over the runs that select it (features selected at
    least once), and the median, over the features selected in at least two runs, of the
    standard deviation of the logarithm of their normalised importance across those runs."""
    W = _dense(W)
    I = _normalised(W)
    Z = I > 0
    used = np.flatnonzero(Z.any(axis=0))
    frequency = Z[:, used].mean(axis=0)
    mean_importance = np.array([I[Z[:, f], f].mean() for f in used])
    r = (float(np.corrcoef(frequency, mean_importance)[0, 1])
         if used.size > 1 and np.ptp(frequency) > 0 and np.ptp(mean_importance) > 0
         else math.nan)
    recurring = [f for f in used if np.count_nonzero(Z[:, f]) >= 2]
    spreads = [float(np.std(np.log(I[Z[:, f], f]), ddof=1)) for f in recurring]
    return {"pearson_r": r, "n_features_selected": float(used.size),
            "n_recurring": float(len(recurring)),
            "median_log_sd": float(np.median(spreads)) if spreads else math.nan}


def chance_summary(values: np.ndarray) -> tuple[float, float]:
    """Mean and standard error of replicate values."""
    return float(values.mean()), float(values.std(ddof=1) / math.sqrt(values.size))
