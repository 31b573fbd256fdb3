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
``linear``                 a continuous outcome: the linear model y = X β + σ ε over
                           independent N(0, 1) features, the first ``n_relevant`` with
                           coefficients ±``coefficient``
``cox``                    a time-to-event outcome: a proportional-hazards model with an
                           exponential baseline and uniform administrative censoring
=========================  ===================================================================

Every generator takes ``random_state`` (int, ``RandomState`` or None) and is deterministic for
an integer seed. The group or block structure is recorded in ``Dataset.feature_groups`` and
the features the response was generated from in ``Dataset.relevant_features``; the resolved
parameters and the seed go into the provenance.

The correlation structures are sampled exactly through latent factors instead of a Cholesky
factor of Σ (a shared factor per group/block plus a global factor; an AR(1) recursion for the
Toeplitz matrix), which gives the same multivariate normal distribution in O(n d) time, so
p = 10,000 is cheap.

Every generator is a function of this package and an entry of :data:`GENERATORS` (the
``synthetic:<name>`` sources of a configuration; :func:`generate` runs one by name). The
generators of an outcome other than class labels (``linear``, ``cox``) live here as well, beside
the classification designs; :data:`SYNTHETIC_TASKS` gives their tasks (every other generator
gives a classification task). The designs are written in private modules -- ``_correlated``
(``correlated_groups``, ``blocks``, ``toeplitz``, ``similar_features_toy``), ``_informative``,
``_ipass``, ``_waveform``, ``_outcomes`` (``linear``, ``cox``), ``_registry``
(:data:`GENERATORS`, :func:`generate`) and ``_common`` (parameter checks, the
:class:`~fsstab.datasets.Dataset`); import every name from :mod:`fsstab.synthetic`.
"""

from __future__ import annotations

from fsstab.synthetic._correlated import (
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
from fsstab.synthetic._correlated import (
    SIMILARITY_THRESHOLD as SIMILARITY_THRESHOLD,  # the threshold of similar_features_toy
)
from fsstab.synthetic._informative import informative
from fsstab.synthetic._ipass import IPASS_COVARIATES, IPASS_GROUPS, ipass_like
from fsstab.synthetic._outcomes import SYNTHETIC_TASKS, cox, linear
from fsstab.synthetic._registry import GENERATORS, generate
from fsstab.synthetic._waveform import WAVEFORM_PAIRS, WAVEFORM_PEAKS, waveform, waveform_bases

__all__ = [
    "GENERATORS",
    "HAMER_SCENARIOS",
    "IPASS_COVARIATES",
    "IPASS_GROUPS",
    "SYNTHETIC_TASKS",
    "TOY_CORRELATIONS",
    "WAVEFORM_PAIRS",
    "WAVEFORM_PEAKS",
    "blocks",
    "correlated_groups",
    "cox",
    "generate",
    "informative",
    "ipass_like",
    "linear",
    "relevant_block_features",
    "relevant_toeplitz_features",
    "similar_features_toy",
    "toeplitz",
    "toeplitz_rho",
    "toy_correlation_matrix",
    "waveform",
    "waveform_bases",
]
