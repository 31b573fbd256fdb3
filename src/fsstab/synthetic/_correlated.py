"""Correlated designs of :mod:`fsstab.synthetic`: Hamer & Dupont (2021) and Bommert (2020).

Part of :mod:`fsstab.synthetic` (import the generators from there):
``correlated_groups`` (Hamer & Dupont 2021, §5.3, Table 1), ``blocks`` and ``toeplitz``
(Bommert 2020, §8.3.1, Table 8.1) and ``similar_features_toy`` (Bommert 2020, §8.1,
Fig. 8.1). The correlation structures are sampled exactly through latent factors (a shared
factor per group/block plus a global factor; an AR(1) recursion for the Toeplitz matrix).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy.sparse.csgraph import connected_components

from fsstab.datasets import Dataset
from fsstab.seeds import as_seed
from fsstab.synthetic._common import _dataset, _int, _logistic_labels, _real

#: Hamer & Dupont (2021) Table 1: μ+^g (group features), μ+^-g (other features), ρ^g.
#: Scenarios 1-2 are analysed with group LASSO, scenario 3 with the LASSO.
HAMER_SCENARIOS: dict[int, dict[str, float]] = {
    1: {"mu_group": 0.35, "mu_other": 0.05, "rho": 0.8},
    2: {"mu_group": 0.5, "mu_other": 0.05, "rho": 0.8},
    3: {"mu_group": 0.5, "mu_other": 0.05, "rho": 0.95},
}

#: Correlations of X5, X6, X7, X8 with X2 in the §8.1 toy design. The thesis shows them only in
#: Fig. 8.1 ("decrease from very high (X5) to moderate (X8)"); fsstab uses these values, with
#: X5 above and X6..X8 below the 0.9 similarity threshold of the thesis.
TOY_CORRELATIONS: tuple[float, float, float, float] = (0.95, 0.8, 0.65, 0.5)

#: Two features count as similar when |correlation| >= 0.9 (Bommert 2020 §8.3).
SIMILARITY_THRESHOLD = 0.9


# --------------------------------------------------------------------------------------------
# Hamer & Dupont (2021) §5.3
# --------------------------------------------------------------------------------------------


def correlated_groups(
    *,
    scenario: int = 1,
    group_size: int = 1,
    n_groups: int = 5,
    n_other: int = 1000,
    n_positive: int = 100,
    n_negative: int = 100,
    mu_group: float | None = None,
    mu_other: float | None = None,
    rho: float | None = None,
    random_state: Any = None,
) -> Dataset:
    """Correlated feature groups of Hamer & Dupont (2021) §5.3 (Table 1 scenarios).

    ``n_groups`` groups of ``group_size`` (c) features with pairwise correlation ``rho`` (ρ^g)
    inside a group and none between groups, followed by ``n_other`` (l) independent features.
    Positive samples have mean ``mu_group`` (μ+^g) on group features and ``mu_other``
    (μ+^-g) on the others; negative samples the opposite means; all variances are 1.
    ``scenario`` (1, 2 or 3) fills the unset ``mu_group``, ``mu_other`` and ``rho`` from
    :data:`HAMER_SCENARIOS`.

    Features are ordered group by group (names ``g<group>_<member>``), then ``x<j>``; samples
    are the positives then the negatives. ``feature_groups`` labels group g's features g and
    gives every other feature a group of its own (the C of φ_C, the groups of group LASSO).
    """
    if scenario not in HAMER_SCENARIOS:
        raise ValueError(f"scenario must be one of {sorted(HAMER_SCENARIOS)}, got {scenario!r}")
    preset = HAMER_SCENARIOS[scenario]
    mu_group = _real("mu_group", preset["mu_group"] if mu_group is None else mu_group, -10, 10)
    mu_other = _real("mu_other", preset["mu_other"] if mu_other is None else mu_other, -10, 10)
    rho = _real("rho", preset["rho"] if rho is None else rho, 0.0, 1.0)
    c = _int("group_size", group_size, 1)
    n_groups = _int("n_groups", n_groups, 0)
    n_other = _int("n_other", n_other, 0)
    n_pos = _int("n_positive", n_positive, 1)
    n_neg = _int("n_negative", n_negative, 1)
    n_grouped = n_groups * c
    if n_grouped + n_other == 0:
        raise ValueError("correlated_groups needs at least one feature (n_groups * c + n_other)")
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    n = n_pos + n_neg
    y = np.r_[np.ones(n_pos, np.int8), np.zeros(n_neg, np.int8)]
    sign = np.where(y == 1, 1.0, -1.0)[:, None]
    group_of = np.repeat(np.arange(n_groups), c)
    shared = rng.standard_normal((n, n_groups))
    grouped = np.sqrt(rho) * shared[:, group_of] + np.sqrt(1.0 - rho) * rng.standard_normal(
        (n, n_grouped)
    )
    others = rng.standard_normal((n, n_other))
    X = np.hstack([grouped + sign * mu_group, others + sign * mu_other])
    names = [f"g{g + 1}_{k + 1}" for g in range(n_groups) for k in range(c)]
    names += [f"x{j + 1}" for j in range(n_other)]
    groups = np.r_[group_of, n_groups + np.arange(n_other)]
    params = {
        "scenario": scenario,
        "group_size": c,
        "n_groups": n_groups,
        "n_other": n_other,
        "n_positive": n_pos,
        "n_negative": n_neg,
        "mu_group": mu_group,
        "mu_other": mu_other,
        "rho": rho,
    }
    return _dataset(
        "correlated_groups",
        X,
        y,
        feature_names=names,
        params=params,
        seed=seed,
        reference="Hamer & Dupont (2021) §5.3, Table 1",
        feature_groups=groups,
    )


# --------------------------------------------------------------------------------------------
# Bommert (2020) §8.3: blocks and Toeplitz designs
# --------------------------------------------------------------------------------------------


def relevant_block_features(n_features: int, block_size: int, n_relevant: int) -> np.ndarray:
    """First feature of ``n_relevant`` blocks spread evenly over the blocks (§8.3.1).

    Block b covers features ``b*block_size .. (b+1)*block_size - 1`` (the last block may be
    shorter); the chosen blocks are ⌊k · n_blocks / n_relevant⌋, k = 0..n_relevant-1, so the
    relevant features are pairwise in different blocks ("absolute correlations small").
    """
    n_blocks = math.ceil(n_features / block_size)
    if n_blocks < n_relevant:
        raise ValueError(
            f"{n_features} features in blocks of {block_size} give {n_blocks} blocks; "
            f"{n_relevant} relevant features need as many blocks"
        )
    chosen = (np.arange(n_relevant) * n_blocks) // n_relevant
    return chosen * block_size


def relevant_toeplitz_features(n_features: int, n_relevant: int) -> np.ndarray:
    """Features ⌊(k + 1/2) · p / n_relevant⌋: evenly spaced, so ρ^|i-j| is as small as it gets."""
    if n_features < n_relevant:
        raise ValueError(f"{n_relevant} relevant features need at least as many features")
    return ((2 * np.arange(n_relevant) + 1) * n_features) // (2 * n_relevant)


def toeplitz_rho(n_similar: int) -> float:
    """ρ = 0.9^(2 / n_similar) (Bommert 2020 §8.3.1); 0 (independent features) for 0 similar."""
    return 0.0 if n_similar == 0 else 0.9 ** (2.0 / n_similar)


def _check_simulation_sizes(n_samples: Any, n_features: Any, n_similar: Any, n_relevant: Any):
    return (
        _int("n_samples", n_samples, 2),
        _int("n_features", n_features, 1),
        _int("n_similar", n_similar, 0),
        _int("n_relevant", n_relevant, 1),
    )


def blocks(
    *,
    n_samples: int = 100,
    n_features: int = 200,
    n_similar: int = 4,
    within: float = 0.95,
    between: float = 0.1,
    n_relevant: int = 5,
    random_state: Any = None,
) -> Dataset:
    """The "blocks" design of Bommert (2020) §8.3.1 (Table 8.1).

    Features come in consecutive blocks of ``n_similar + 1`` (the last block holds the
    remainder when the size does not divide ``n_features``); correlation is ``within``
    inside a block and ``between`` across blocks, variances are 1. The response is
    Y ~ Bernoulli(logistic(Σ_k x_k)) over the ``n_relevant`` features of
    :func:`relevant_block_features`. Table 8.1: n x p in {100 x 200, 1000 x 200, 100 x 2000,
    100 x 10000}, similar in {0, 4, 14, 24}.
    """
    n, p, s, k = _check_simulation_sizes(n_samples, n_features, n_similar, n_relevant)
    between = _real("between", between, 0.0, 1.0)
    within = _real("within", within, between, 1.0)
    size = s + 1
    relevant = relevant_block_features(p, size, k)
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    block_of = np.arange(p) // size
    n_blocks = int(block_of[-1]) + 1
    # x_j = sqrt(between)·g + sqrt(within - between)·b_block(j) + sqrt(1 - within)·e_j
    X = (
        np.sqrt(between) * rng.standard_normal((n, 1))
        + np.sqrt(within - between) * rng.standard_normal((n, n_blocks))[:, block_of]
        + np.sqrt(1.0 - within) * rng.standard_normal((n, p))
    )
    y = _logistic_labels(rng, X[:, relevant].sum(axis=1))
    params = {
        "n_samples": n,
        "n_features": p,
        "n_similar": s,
        "within": within,
        "between": between,
        "n_relevant": k,
    }
    return _dataset(
        "blocks",
        X,
        y,
        feature_names=[f"X{j + 1}" for j in range(p)],
        params=params,
        seed=seed,
        reference="Bommert (2020) §8.3.1, Table 8.1 (blocks)",
        feature_groups=block_of,
        relevant_features=relevant,
    )


def toeplitz(
    *,
    n_samples: int = 100,
    n_features: int = 200,
    n_similar: int = 4,
    n_relevant: int = 5,
    random_state: Any = None,
) -> Dataset:
    """The "Toeplitz" design of Bommert (2020) §8.3.1: Σ_ij = ρ^|i-j|, ρ = 0.9^(2/similar).

    For an even ``n_similar``, most features then have exactly ``n_similar`` others with
    correlation >= 0.9. The response is Y ~ Bernoulli(logistic(Σ_k x_k)) over the evenly spaced
    features of :func:`relevant_toeplitz_features`. The similarity structure is continuous, so
    ``feature_groups`` is None.
    """
    n, p, s, k = _check_simulation_sizes(n_samples, n_features, n_similar, n_relevant)
    rho = toeplitz_rho(s)
    relevant = relevant_toeplitz_features(p, k)
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    innovations = rng.standard_normal((n, p))
    # AR(1) along the features: x_1 = e_1, x_j = ρ x_{j-1} + sqrt(1 - ρ²) e_j gives
    # corr(x_i, x_j) = ρ^|i-j| with unit variances
    scale = math.sqrt(1.0 - rho**2)
    innovations[:, 0] /= scale
    # imported here: scipy.signal costs about a second to import, and every job that reads a
    # data source imports this module
    from scipy.signal import lfilter

    X = lfilter([scale], [1.0, -rho], innovations, axis=1)
    y = _logistic_labels(rng, X[:, relevant].sum(axis=1))
    params = {"n_samples": n, "n_features": p, "n_similar": s, "rho": rho, "n_relevant": k}
    return _dataset(
        "toeplitz",
        X,
        y,
        feature_names=[f"X{j + 1}" for j in range(p)],
        params=params,
        seed=seed,
        reference="Bommert (2020) §8.3.1, Table 8.1 (Toeplitz)",
        relevant_features=relevant,
    )


# --------------------------------------------------------------------------------------------
# Bommert (2020) §8.1 toy design
# --------------------------------------------------------------------------------------------


def _check_toy_correlations(correlations: Sequence[float]) -> np.ndarray:
    r = np.asarray(correlations, dtype=np.float64)
    if r.shape != (4,) or np.any(np.abs(r) > 1):
        raise ValueError(f"correlations must be 4 numbers in [-1, 1], got {correlations!r}")
    return r


def toy_correlation_matrix(correlations: Sequence[float] = TOY_CORRELATIONS) -> np.ndarray:
    """The 15 x 15 covariance (= correlation) matrix of the §8.1 toy design (Fig. 8.1).

    X1 and X9..X15 are independent of everything; X2 = X3 = X4; X5..X8 have correlations
    ``correlations`` with X2 (hence with X3, X4) and r_i·r_j with each other -- the
    correlations implied by X_{4+i} = r_i X2 + sqrt(1 - r_i²) E_i.
    """
    r = _check_toy_correlations(correlations)
    loading = np.zeros(15)
    loading[1:4] = 1.0
    loading[4:8] = r
    sigma = np.outer(loading, loading)
    np.fill_diagonal(sigma, 1.0)
    return sigma


def similar_features_toy(
    *,
    n_samples: int = 100,
    correlations: Sequence[float] = TOY_CORRELATIONS,
    noise_variance: float = 0.25,
    random_state: Any = None,
) -> Dataset:
    """The §8.1 toy data of Bommert (2020): X ~ N(0, M) (Fig. 8.1), Y = sign(X1 + X2 + E).

    E ~ N(0, ``noise_variance``) (the thesis writes N(0, 0.25), read as a variance). Labels
    are ``"-1"``/``"1"`` (positive ``"1"``). ``feature_groups`` joins features whose true
    correlation is >= 0.9 (X2..X5 with the default correlations); ``relevant_features`` is
    (X1, X2).
    """
    n = _int("n_samples", n_samples, 2)
    r = _check_toy_correlations(correlations)
    noise_variance = _real("noise_variance", noise_variance, 0.0, 1e6)
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    Z = rng.standard_normal((n, 15))
    X = Z.copy()
    X[:, 2] = X[:, 3] = X[:, 1]
    X[:, 4:8] = r * Z[:, [1]] + np.sqrt(1.0 - r**2) * Z[:, 4:8]
    noise = math.sqrt(noise_variance) * rng.standard_normal(n)
    y = (X[:, 0] + X[:, 1] + noise > 0).astype(np.int8)
    sigma = toy_correlation_matrix(r)
    _, groups = connected_components(np.abs(sigma) >= SIMILARITY_THRESHOLD, directed=False)
    params = {"n_samples": n, "correlations": r.tolist(), "noise_variance": noise_variance}
    return _dataset(
        "similar_features_toy",
        X,
        y,
        feature_names=[f"X{j + 1}" for j in range(15)],
        params=params,
        seed=seed,
        reference="Bommert (2020) §8.1, Fig. 8.1",
        class_labels=("-1", "1"),
        feature_groups=groups,
        relevant_features=[0, 1],
    )
