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
from collections.abc import Callable
from typing import Any

import numpy as np

from fsstab._synthetic_common import _dataset, _int, _real
from fsstab._synthetic_correlated import (
    HAMER_SCENARIOS,
    TOY_CORRELATIONS,
    blocks,
    correlated_groups,
    relevant_block_features,
    relevant_toeplitz_features,
    similar_features_toy,
    toeplitz,
    toeplitz_rho,
    toy_correlation_matrix,
)
from fsstab._synthetic_correlated import (
    SIMILARITY_THRESHOLD as SIMILARITY_THRESHOLD,  # the threshold of similar_features_toy
)
from fsstab._synthetic_ipass import IPASS_COVARIATES, IPASS_GROUPS, ipass_like
from fsstab._synthetic_waveform import WAVEFORM_PAIRS, WAVEFORM_PEAKS, waveform, waveform_bases
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
