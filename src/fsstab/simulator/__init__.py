"""Onda et al. (2022)'s simulated feature selector: fast stability estimates of ensembles.

An ensemble feature selector (m_ensemble *weak* selectors, each a base selector on a bootstrap
sample, aggregated by mean rank) is expensive: its stability over m_stability copies costs
m_stability x m_ensemble runs of the base selector. Onda et al. replace the weak selectors by a
two-parameter random ranking and estimate the ensemble's stability by simulation
(Onda, Gao, Kotera & Oono 2022, "Fast estimation method for the stability of ensemble feature
selectors"; below "Onda"):

- **Algorithm 3** (:func:`algorithm3_rankings`, :func:`simulate_rankings`): a weak selector ranks
  all n_feature features by drawing them one at a time without replacement, from its preferred
  set S_m (|S_m| = n_target) with probability p and from S \\ S_m otherwise.
- **Algorithm 2** (:func:`simulate_ensemble_selections`): m_ensemble weak selectors whose S_m are
  uniform n_target-subsets of the *useful* features S' = {0, ..., n_useful - 1} (§2.2.3),
  aggregated by an ensemble algorithm (mean rank, top n_target; :data:`ENSEMBLE_ALGORITHMS`).
- **Algorithm 1** (:func:`simulated_stability`, :func:`simulated_stability_curve`): the stability
  (pairwise Jaccard by default, any Z-only measure of :mod:`fsstab.measures`) of m_stability
  simulated ensembles.
- **Parameters** (§2.3): n_useful = the number of features a real selector picks more often than
  the uniform selector ever does (:func:`uniform_thresholds`, :func:`estimate_n_useful`); p so
  that the simulated single selector is as stable as the real one, on a grid or by bisection
  (:func:`estimate_p`); the fixed-point check n_useful = A[f_{n_useful, p}] of eq. (1)
  (:func:`verify_n_useful`); the (n_useful, p) maps of Figs. 2, 8 and 11
  (:func:`parameter_grid`); Theorem 1's first-pick probability (:func:`first_pick_probability`).
- **Real ensembles** (:func:`compare_ensembles` and its parts): Onda's protocol on a data set --
  m_stability leave-one-out copies, each selecting on one half of the remaining samples
  (:func:`onda_splits`, App. C.1), the real bagged mean-rank ensemble
  (:class:`fsstab.selectors.EnsembleSelector`) of a random forest Gini-importance ranker
  (:class:`OndaForestSelector`, App. C.3, E.1) against the simulated one, with both stability
  curves over m_ensemble and both computation times as tidy DataFrames.

Randomness and common random numbers
------------------------------------
Every function takes ``random_state`` (scikit-learn semantics: int, ``RandomState`` or None) and
turns it into one integer seed; all draws come from NumPy generators derived from that seed, so
the same inputs give bit-identical outputs. The draws of a simulation never depend on p: with
the same seed, the Bernoulli(p) decisions of Algorithm 3 are ``u < p`` for the *same* uniforms
``u``, the same S_m and the same within-group orders. The estimated stability is then a
deterministic, non-decreasing-in-practice step function of p (common random numbers), which is
what makes the grid search smooth and the bisection of :func:`estimate_p` well defined.
"""

from __future__ import annotations

from fsstab.simulator._common import selection_stability
from fsstab.simulator._comparison import (
    PAPER_SETTINGS,
    EnsembleComparison,
    compare_ensembles,
    ensemble_speedups,
)
from fsstab.simulator._draws import (
    ENSEMBLE_ALGORITHMS,
    algorithm3_rankings,
    mean_rank_aggregate,
    simulate_ensemble_selections,
    simulate_rankings,
    uniform_counts,
    uniform_thresholds,
)
from fsstab.simulator._draws import (
    EnsembleAlgorithm as EnsembleAlgorithm,  # the type of ``aggregate``, named in docstrings
)
from fsstab.simulator._parameters import (
    DEFAULT_P_GRID,
    NUsefulEstimate,
    ParameterFit,
    PEstimate,
    estimate_n_useful,
    estimate_p,
    estimate_parameters,
    parameter_grid,
    verify_n_useful,
)
from fsstab.simulator._real import (
    OndaForestSelector,
    OndaSplit,
    onda_splits,
    real_ensemble_curve,
    real_single_selections,
    top_ranked,
)
from fsstab.simulator._stability import (
    DEFAULT_M_ENSEMBLE,
    first_pick_probability,
    limit_stability,
    simulated_stability,
    simulated_stability_curve,
)

__all__ = [
    "DEFAULT_M_ENSEMBLE",
    "DEFAULT_P_GRID",
    "ENSEMBLE_ALGORITHMS",
    "PAPER_SETTINGS",
    "EnsembleComparison",
    "NUsefulEstimate",
    "OndaForestSelector",
    "OndaSplit",
    "PEstimate",
    "ParameterFit",
    "algorithm3_rankings",
    "compare_ensembles",
    "ensemble_speedups",
    "estimate_n_useful",
    "estimate_p",
    "estimate_parameters",
    "first_pick_probability",
    "limit_stability",
    "mean_rank_aggregate",
    "onda_splits",
    "parameter_grid",
    "real_ensemble_curve",
    "real_single_selections",
    "selection_stability",
    "simulate_ensemble_selections",
    "simulate_rankings",
    "simulated_stability",
    "simulated_stability_curve",
    "top_ranked",
    "uniform_counts",
    "uniform_thresholds",
    "verify_n_useful",
]
