"""Seeded simulated data sets of the papers, returned as :class:`~fsstab.datasets.Dataset`.

=========================  ===================================================================
generator                  design
=========================  ===================================================================
``correlated_groups``      Hamer & Dupont (2021) §5.3, Table 1: 5 groups of c features with
                           intra-group correlation ρ^g plus l = 1000 independent features,
                           n+ = n- = 100, class means ±μ, unit variance
``blocks``                 Bommert (2020) §8.3.1, Table 8.1, "blocks": correlation 0.95
                           within blocks of (similar + 1) features, 0.1 between blocks;
                           y ~ Bernoulli(logistic(x_1 + ... + x_5)) over 5 weakly correlated
                           features
``toeplitz``               Bommert (2020) §8.3.1, "Toeplitz": Σ_ij = ρ^|i-j| with
                           ρ = 0.9^(2 / similar); response as for ``blocks``
``similar_features_toy``   Bommert (2020) §8.1, Fig. 8.1: 15 features, X2 = X3 = X4, X5..X8
                           decreasingly correlated with X2, Y = sign(X1 + X2 + E)
``informative``            a plain design: k informative features with class means ±δ/2 among
                           d independent unit-variance features
``ipass_like``             Sechidis et al. (2019) §4.2, Table 5: a simulated stand-in for the
                           (non-public) IPASS trial: 23 categorical covariates with the
                           biomarker groups A (EGFR), B (liver function), C (blood counts),
                           missing-indicator categories, a Bernoulli progression endpoint
``waveform``               Breiman, Friedman, Olshen & Stone (1984) §2.6.2, the UCI "waveform"
                           (21 attributes) and "waveform-+noise" (40) data: three classes,
                           each a random convex mixture of two of three triangular waves plus
                           N(0, 1) noise, optionally followed by pure N(0, 1) noise columns
=========================  ===================================================================

Every generator takes ``random_state`` (int, ``RandomState`` or None) and is deterministic for
an integer seed. The group or block structure is recorded in ``Dataset.feature_groups`` and
the features the response was generated from in ``Dataset.relevant_features``; the resolved
parameters and the seed go into the provenance.

The correlation structures are sampled exactly through latent factors instead of a Cholesky
factor of Σ (a shared factor per group/block plus a global factor; an AR(1) recursion for the
Toeplitz matrix), which gives the same multivariate normal distribution in O(n d) time, so
p = 10,000 is cheap.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from scipy.signal import lfilter
from scipy.sparse.csgraph import connected_components

from fsstab.datasets import Dataset
from fsstab.seeds import as_seed
from fsstab.synthetic_outcomes import cox, linear

__all__ = [
    "GENERATORS",
    "HAMER_SCENARIOS",
    "IPASS_COVARIATES",
    "IPASS_GROUPS",
    "TOY_CORRELATIONS",
    "WAVEFORM_PAIRS",
    "WAVEFORM_PEAKS",
    "blocks",
    "correlated_groups",
    "generate",
    "informative",
    "ipass_like",
    "relevant_block_features",
    "relevant_toeplitz_features",
    "similar_features_toy",
    "toeplitz",
    "toeplitz_rho",
    "toy_correlation_matrix",
    "waveform",
    "waveform_bases",
]

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

_BINARY_LABELS = ("0", "1")


# --------------------------------------------------------------------------------------------
# Parameter checks
# --------------------------------------------------------------------------------------------


def _int(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def _real(name: str, value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.floating):
        raise ValueError(f"{name} must be a number in [{low}, {high}], got {value!r}")
    if not low <= float(value) <= high:
        raise ValueError(f"{name} must lie in [{low}, {high}], got {value!r}")
    return float(value)


def _dataset(
    generator: str,
    X: np.ndarray,
    y: np.ndarray,
    *,
    feature_names: Sequence[str],
    params: dict[str, Any],
    seed: int,
    reference: str,
    class_labels: tuple[str, ...] = _BINARY_LABELS,
    feature_groups: np.ndarray | None = None,
    relevant_features: Sequence[int] | None = None,
) -> Dataset:
    n = X.shape[0]
    width = len(str(n))
    return Dataset(
        name=generator,
        X=X,
        y=y.astype(np.int8),
        feature_names=tuple(feature_names),
        sample_ids=tuple(f"s{i + 1:0{width}d}" for i in range(n)),
        class_labels=class_labels,
        feature_groups=feature_groups,
        relevant_features=None if relevant_features is None else np.asarray(relevant_features),
        provenance={
            "source": f"synthetic:{generator}",
            "generator": generator,
            "params": params,
            "random_state": seed,
            "reference": reference,
        },
    )


def _logistic_labels(rng: np.random.Generator, eta: np.ndarray) -> np.ndarray:
    """Y_i ~ Bernoulli(exp(η_i) / (1 + exp(η_i)))."""
    probability = 0.5 * (1.0 + np.tanh(0.5 * eta))  # the logistic function, overflow-free
    return (rng.random(eta.shape[0]) < probability).astype(np.int8)


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


# --------------------------------------------------------------------------------------------
# Plain informative-plus-noise design
# --------------------------------------------------------------------------------------------


def informative(
    *,
    n_samples: int = 100,
    n_features: int = 1000,
    n_informative: int = 10,
    effect_size: float = 1.0,
    positive_fraction: float = 0.5,
    random_state: Any = None,
) -> Dataset:
    """``n_informative`` class-dependent features among ``n_features`` independent N(0, 1).

    The first ``round(positive_fraction * n)`` samples are positive. The first
    ``n_informative`` features have mean +δ/2 in the positive and -δ/2 in the negative class
    (δ = ``effect_size``, the standardised mean difference); the rest are pure noise.
    """
    n = _int("n_samples", n_samples, 2)
    d = _int("n_features", n_features, 1)
    k = _int("n_informative", n_informative, 0)
    if k > d:
        raise ValueError(f"n_informative={k} exceeds n_features={d}")
    effect = _real("effect_size", effect_size, 0.0, 1e6)
    fraction = _real("positive_fraction", positive_fraction, 0.0, 1.0)
    n_pos = math.floor(fraction * n + 0.5)
    if not 1 <= n_pos <= n - 1:
        raise ValueError(
            f"positive_fraction={positive_fraction} gives {n_pos} positives among {n} samples; "
            "both classes need at least one sample"
        )
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(n_pos, np.int8), np.zeros(n - n_pos, np.int8)]
    X = rng.standard_normal((n, d))
    X[:, :k] += np.where(y == 1, effect / 2, -effect / 2)[:, None]
    params = {
        "n_samples": n,
        "n_features": d,
        "n_informative": k,
        "effect_size": effect,
        "positive_fraction": fraction,
    }
    names = [f"informative{j + 1}" for j in range(k)] + [f"noise{j + 1}" for j in range(d - k)]
    return _dataset(
        "informative",
        X,
        y,
        feature_names=names,
        params=params,
        seed=seed,
        reference="informative-plus-noise design",
        relevant_features=np.arange(k),
    )


# --------------------------------------------------------------------------------------------
# Sechidis et al. (2019) §4.2: a stand-in for the IPASS clinical trial
# --------------------------------------------------------------------------------------------

_LOW_MEDIUM_HIGH = ("Low", "Medium", "High")
_EGFR_STATUS = ("Negative", "Positive", "Unknown")

#: Sechidis et al. (2019), App. A, Table 5: the IPASS covariates X1..X23 (description, the
#: categories as printed) and App. A's missing rates (a missing value is a category of its own:
#: the missing-indicator method).
IPASS_COVARIATES: tuple[dict[str, Any], ...] = (
    {"name": "X1", "description": "WHO perform. status", "levels": ("0 or 1", "2")},
    {"name": "X2", "description": "EGFR mutation status", "levels": _EGFR_STATUS},
    {"name": "X3", "description": "EGFR FISH status", "levels": _EGFR_STATUS},
    {"name": "X4", "description": "EGFR expression status", "levels": _EGFR_STATUS},
    {"name": "X5", "description": "Weight",
     "levels": ("(0,50]", "(50,60]", "(60,70]", "(70,80]", "(80,+inf)"), "missing": 0.004},
    {"name": "X6", "description": "Race", "levels": ("Oriental", "Other")},
    {"name": "X7", "description": "Ethnicity",
     "levels": ("Chinese", "Japanese", "Other Asian", "Other not Asian")},
    {"name": "X8", "description": "Sex", "levels": ("Female", "Male")},
    {"name": "X9", "description": "Smoking status", "levels": ("Ex-Smoker", "Smoker")},
    {"name": "X10", "description": "Disease stage", "levels": ("Locally Advanced", "Metastatic")},
    {"name": "X11", "description": "Age",
     "levels": ("(0,44]", "[45,64]", "[65,74]", "[75,+inf)")},
    {"name": "X12", "description": "Serum ALT", "levels": _LOW_MEDIUM_HIGH, "missing": 0.002},
    {"name": "X13", "description": "Serum ALP", "levels": _LOW_MEDIUM_HIGH, "missing": 0.007},
    {"name": "X14", "description": "Serum AST", "levels": _LOW_MEDIUM_HIGH, "missing": 0.007},
    {"name": "X15", "description": "Bilirubin", "levels": _LOW_MEDIUM_HIGH},
    {"name": "X16", "description": "Calcium", "levels": _LOW_MEDIUM_HIGH, "missing": 0.02},
    {"name": "X17", "description": "Creatinine", "levels": _LOW_MEDIUM_HIGH, "missing": 0.003},
    {"name": "X18", "description": "Potassium", "levels": _LOW_MEDIUM_HIGH, "missing": 0.01},
    {"name": "X19", "description": "Sodium", "levels": _LOW_MEDIUM_HIGH, "missing": 0.01},
    {"name": "X20", "description": "Blood hemoglobin", "levels": _LOW_MEDIUM_HIGH,
     "missing": 0.003},
    {"name": "X21", "description": "Blood leukocytes", "levels": _LOW_MEDIUM_HIGH,
     "missing": 0.003},
    {"name": "X22", "description": "Blood neutrophils", "levels": _LOW_MEDIUM_HIGH,
     "missing": 0.003},
    {"name": "X23", "description": "Blood platelets", "levels": _LOW_MEDIUM_HIGH,
     "missing": 0.003},
)

#: Sechidis et al. (2019) §4.2: biologically related biomarkers (0-based columns): A the EGFR
#: receptor (X2-X4), B liver function (X12-X14), C blood cell counts (X20-X23).
IPASS_GROUPS: dict[str, tuple[int, ...]] = {
    "A": (1, 2, 3), "B": (11, 12, 13), "C": (19, 20, 21, 22),
}

#: Marginal probabilities of the observed (non-missing, known) categories of the stand-in, in
#: level order. The paper gives none; these are plausible values for East-Asian never- or
#: light ex-smokers with advanced NSCLC (IPASS: ~80 % female... see docs/paper-sechidis2019.md).
_IPASS_MARGINS: dict[str, tuple[float, ...]] = {
    "X1": (0.9, 0.1), "X2": (0.4, 0.6), "X3": (0.4, 0.6), "X4": (0.3, 0.7),
    "X5": (0.2, 0.35, 0.3, 0.1, 0.05), "X6": (0.99, 0.01), "X7": (0.5, 0.25, 0.24, 0.01),
    "X8": (0.8, 0.2), "X9": (0.85, 0.15), "X10": (0.25, 0.75), "X11": (0.25, 0.55, 0.15, 0.05),
}
_LOW_MEDIUM_HIGH_MARGINS = (0.25, 0.5, 0.25)


def _ipass_latent(
    rng: np.random.Generator, n: int, rho_a: float, rho_b: float, rho_c: float,
    rho_leukocytes_neutrophils: float,
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Standard normal latent scores of the 23 covariates: one shared factor per group with
    within-group correlation ρ_A, ρ_B, ρ_C; X21 and X22 (neutrophils are leukocytes) share a
    second factor, so their correlation is ``rho_leukocytes_neutrophils``; other covariates are
    independent. Returns the (n, 23) scores and the group factors."""
    Z = rng.standard_normal((n, len(IPASS_COVARIATES)))
    factors = {g: rng.standard_normal(n) for g in ("A", "B", "C", "C21_22")}
    for group, rho in (("A", rho_a), ("B", rho_b), ("C", rho_c)):
        for j in IPASS_GROUPS[group]:
            Z[:, j] = math.sqrt(rho) * factors[group] + math.sqrt(1 - rho) * Z[:, j]
    extra = rho_leukocytes_neutrophils - rho_c  # the sub-group's additional shared variance
    for j in (20, 21):
        Z[:, j] = (math.sqrt(rho_c) * factors["C"] + math.sqrt(extra) * factors["C21_22"]
                   + math.sqrt(1 - rho_c - extra) * rng.standard_normal(n))
    return Z, factors


def _categories(z: np.ndarray, margins: Sequence[float]) -> np.ndarray:
    """Codes 0..L-1 of a standard normal score cut at the quantiles of the margins."""
    from scipy.stats import norm

    cuts = norm.ppf(np.cumsum(margins)[:-1])
    return np.searchsorted(cuts, z, side="right")


def _intercept_for_rate(eta: np.ndarray, rate: float) -> float:
    """β0 with mean(logistic(β0 + η)) = rate (bisection; the mean is increasing in β0)."""
    lo, hi = -30.0, 30.0
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        if np.mean(0.5 * (1.0 + np.tanh(0.5 * (mid + eta)))) < rate:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def ipass_like(
    *,
    n_samples: int = 1217,
    event_rate: float = 950 / 1217,
    rho_a: float = 0.7,
    rho_b: float = 0.6,
    rho_c: float = 0.3,
    rho_leukocytes_neutrophils: float = 0.85,
    egfr_unknown: float = 0.6,
    effects: dict[str, float] | None = None,
    random_state: Any = None,
) -> Dataset:
    """A simulated stand-in for the IPASS trial data of Sechidis et al. (2019), §4.2.

    The trial data are not public. This design keeps what the paper's analysis depends on: the
    23 categorical covariates of Table 5 (integer codes in level order, a missing-indicator
    category last where App. A reports missing values), the biomarker groups A (X2-X4), B
    (X12-X14) and C (X20-X23) with correlated members and the stronger X21-X22 pair, 1217
    patients and a Bernoulli progression endpoint with 78 % events (950 of 1217, App. A).

    Each covariate is a cut of a standard normal latent score (:func:`_ipass_latent`) at the
    quantiles of plausible margins; the three EGFR tests are "Unknown" together for the
    ``egfr_unknown`` fraction of patients without tissue (plus 5 % per test). The endpoint is
    logistic in the latent scores with ``effects`` (latent score name -> log-odds per standard
    deviation; default below: EGFR status protective, WHO status, stage, liver function and
    leukocytes harmful), the intercept set so that the expected event rate is ``event_rate``.

    ``feature_groups``: the groups A, B, C (other covariates singletons);
    ``relevant_features``: the covariates with an effect.
    """
    n = _int("n_samples", n_samples, 20)
    rate = _real("event_rate", event_rate, 0.01, 0.99)
    rhos = {name: _real(name, value, 0.0, 0.99) for name, value in (
        ("rho_a", rho_a), ("rho_b", rho_b), ("rho_c", rho_c),
        ("rho_leukocytes_neutrophils", rho_leukocytes_neutrophils))}
    if rhos["rho_leukocytes_neutrophils"] < rhos["rho_c"]:
        raise ValueError(
            f"rho_leukocytes_neutrophils={rho_leukocytes_neutrophils} must be at least "
            f"rho_c={rho_c} (the pair shares group C's factor)"
        )
    unknown = _real("egfr_unknown", egfr_unknown, 0.0, 0.95)
    names = [c["name"] for c in IPASS_COVARIATES]
    chosen = dict(_IPASS_DEFAULT_EFFECTS if effects is None else effects)
    bad = sorted(set(chosen) - set(names))
    if bad:
        raise ValueError(f"effects: unknown covariate(s) {bad}; covariates: X1..X23")
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    Z, _ = _ipass_latent(rng, n, rhos["rho_a"], rhos["rho_b"], rhos["rho_c"],
                         rhos["rho_leukocytes_neutrophils"])
    X = np.empty_like(Z)
    no_tissue = rng.random(n) < unknown
    for j, covariate in enumerate(IPASS_COVARIATES):
        name, levels = covariate["name"], covariate["levels"]
        if levels == _EGFR_STATUS:
            codes = _categories(Z[:, j], _IPASS_MARGINS[name])
            codes[no_tissue | (rng.random(n) < 0.05)] = 2
        else:
            codes = _categories(Z[:, j], _IPASS_MARGINS.get(name, _LOW_MEDIUM_HIGH_MARGINS))
        if covariate.get("missing"):
            codes[rng.random(n) < covariate["missing"]] = len(levels)
        X[:, j] = codes
    eta = sum(beta * Z[:, names.index(name)] for name, beta in chosen.items()) * np.ones(n)
    beta0 = _intercept_for_rate(eta, rate)
    y = _logistic_labels(rng, beta0 + eta)
    if y.min() == y.max():
        raise ValueError(f"ipass_like: {n} samples gave a single class; use more samples")
    groups = np.arange(len(names), dtype=np.int64) + 100
    for label, (_, members) in enumerate(sorted(IPASS_GROUPS.items())):
        groups[list(members)] = label
    params = {"n_samples": n, "event_rate": rate, **rhos, "egfr_unknown": unknown,
              "effects": chosen}
    return _dataset(
        "ipass_like", X, y, feature_names=names, params=params, seed=seed,
        reference="Sechidis et al. (2019) §4.2, App. A, Table 5 (simulated stand-in: the IPASS "
                  "data are not public)",
        class_labels=("no progression", "progression"), feature_groups=groups,
        relevant_features=sorted(names.index(name) for name, b in chosen.items() if b != 0),
    )


#: The stand-in's default log-odds of progression per standard deviation of a latent score
#: (positive scores = higher category codes: EGFR "Positive", WHO status 2, metastatic, high
#: values). Chosen so that EGFR status, performance status, stage, liver function and white
#: cells carry the signal, as the biomarkers of the paper's Table 3 suggest.
_IPASS_DEFAULT_EFFECTS: dict[str, float] = {
    "X2": -0.9, "X4": -0.5, "X1": 0.6, "X10": 0.5, "X12": 0.4, "X13": 0.3, "X21": 0.5,
}


# --------------------------------------------------------------------------------------------
# Breiman et al. (1984) §2.6.2: the waveform data
# --------------------------------------------------------------------------------------------

#: The wave pair (0-based rows of :func:`waveform_bases`) each class mixes, as in the
#: generator behind UCI's waveform files: class 0 h1/h2, class 1 h1/h3, class 2 h2/h3.
WAVEFORM_PAIRS: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (1, 2))

#: Positions 1..21 of the peaks of h1, h2, h3 (UCI's generator; the CART book names the same
#: three waves in another order, which only permutes the class names).
WAVEFORM_PEAKS: tuple[int, int, int] = (7, 15, 11)

_WAVEFORM_LENGTH = 21


def waveform_bases() -> np.ndarray:
    """The three base waves as a ``(3, 21)`` array: h_m(i) = max(6 - |i - peak_m|, 0),
    i = 1..21, peaks 7, 15, 11 (:data:`WAVEFORM_PEAKS`)."""
    positions = np.arange(1, _WAVEFORM_LENGTH + 1)
    return np.array([np.maximum(6 - np.abs(positions - peak), 0) for peak in WAVEFORM_PEAKS],
                    dtype=np.float64)


def waveform(
    *,
    n_samples: int = 5000,
    n_noise: int = 19,
    random_state: Any = None,
) -> Dataset:
    """Breiman's waveform data (Breiman, Friedman, Olshen & Stone 1984, *Classification and
    Regression Trees*, §2.6.2), as in UCI's "waveform" and "waveform-+noise" files.

    Three triangular base waves on 21 positions, h_m(i) = max(6 - |i - p_m|, 0) with peaks
    p = 7, 15, 11 (:func:`waveform_bases`). Every sample draws its class c uniformly from
    {0, 1, 2}, one u ~ U(0, 1) and 21 independent ε_i ~ N(0, 1); class c mixes the pair
    (a, b) = ``WAVEFORM_PAIRS[c]``, i.e. (h1, h2), (h1, h3), (h2, h3):

        x_i = u · h_a(i) + (1 - u) · h_b(i) + ε_i,   i = 1..21,

    followed by ``n_noise`` columns of pure N(0, 1) noise (19 for "waveform-+noise", 40
    attributes; 0 for "waveform", 21). So E[x_i | c] = (h_a(i) + h_b(i)) / 2 and
    Cov(x_i, x_j | c) = (h_a(i) - h_b(i)) (h_a(j) - h_b(j)) / 12 + δ_ij. Both UCI files have
    n = 5000.

    ``relevant_features``: the wave positions some class depends on (2..20; positions 1 and 21
    are zero in every wave, hence noise like the extra columns). Class labels ``"0"``, ``"1"``,
    ``"2"`` as in the UCI files.
    """
    n = _int("n_samples", n_samples, 3)
    n_extra = _int("n_noise", n_noise, 0)
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    bases = waveform_bases()
    y = rng.integers(0, len(WAVEFORM_PAIRS), size=n)
    if np.unique(y).size < len(WAVEFORM_PAIRS):
        raise ValueError(f"waveform: {n} samples left a class empty; use more samples")
    pairs = np.asarray(WAVEFORM_PAIRS)
    u = rng.random(n)[:, None]
    waves = u * bases[pairs[y, 0]] + (1.0 - u) * bases[pairs[y, 1]]
    X = np.hstack([waves + rng.standard_normal((n, _WAVEFORM_LENGTH)),
                   rng.standard_normal((n, n_extra))])
    names = ([f"x{i + 1}" for i in range(_WAVEFORM_LENGTH)]
             + [f"noise{j + 1}" for j in range(n_extra)])
    relevant = np.flatnonzero(np.ptp(bases, axis=0) > 0)
    version = "waveform-+noise" if n_extra == 19 else "waveform" if n_extra == 0 else None
    return _dataset(
        "waveform", X, y, feature_names=names,
        params={"n_samples": n, "n_noise": n_extra}, seed=seed,
        reference="Breiman, Friedman, Olshen & Stone (1984) §2.6.2; UCI "
                  + (f'"{version}"' if version else f"waveform with {n_extra} noise columns"),
        class_labels=("0", "1", "2"), relevant_features=relevant,
    )


# --------------------------------------------------------------------------------------------
# Registry
# --------------------------------------------------------------------------------------------

GENERATORS: dict[str, Callable[..., Dataset]] = {
    "correlated_groups": correlated_groups,
    "blocks": blocks,
    "toeplitz": toeplitz,
    "similar_features_toy": similar_features_toy,
    "informative": informative,
    "ipass_like": ipass_like,
    "waveform": waveform,
    "linear": linear,  # a continuous and a survival outcome: fsstab.synthetic_outcomes
    "cox": cox,
}


def generate(generator: str, **params: Any) -> Dataset:
    """Run the generator named ``generator`` with ``params``.

    Unknown generators and parameters raise ``ValueError`` listing the known ones.
    """
    if generator not in GENERATORS:
        raise ValueError(f"unknown synthetic generator {generator!r}; known: {list(GENERATORS)}")
    function = GENERATORS[generator]
    allowed = list(inspect.signature(function).parameters)
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise ValueError(
            f"synthetic generator {generator!r} has no parameter(s) {unknown}; allowed: {allowed}"
        )
    return function(**params)
