"""Stability of Onda et al. (2022)'s simulated ensembles: Algorithm 1, its limit, Theorem 1.

Part of :mod:`fsstab.simulator` (import the public names from there): the stability of
m_stability simulated ensembles (:func:`simulated_stability`, and over m_ensemble
:func:`simulated_stability_curve`), the value it approaches for large ensembles
(:func:`limit_stability`) and the first-pick probability of Theorem 1
(:func:`first_pick_probability`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from numbers import Real
from typing import Any

import pandas as pd

from fsstab.seeds import as_seed
from fsstab.simulator._common import (
    check_int,
    check_m_values,
    check_measure,
    check_probability,
    check_sizes,
    selection_stability,
)
from fsstab.simulator._draws import EnsembleAlgorithm, simulate_ensemble_selections

#: m_ensemble values of the stability curves. Onda does not list its grid; its text refers to
#: m_ensemble = 1, 30 and "greater than 40" (§3.5, D.3.2), which this grid covers.
DEFAULT_M_ENSEMBLE: tuple[int, ...] = (1, 5, 10, 20, 30, 40, 50)


# --------------------------------------------------------------------------------------------
# Algorithm 1: stability of the simulated ensemble
# --------------------------------------------------------------------------------------------


def simulated_stability(
    n_feature: int, n_target: int, n_useful: int, p: float, m_ensemble: int,
    m_stability: int, measure: str = "jaccard", aggregate: str | EnsembleAlgorithm = "mean_rank",
    random_state: Any = None,
) -> float:
    """Estimated stability of the ensemble of m_ensemble weak selectors (Onda, Algorithm 1
    lines 6-9): the ``measure`` of ``m_stability`` simulated ensembles.

    The draws do not depend on p (common random numbers, see the module docstring).
    """
    m_stability = check_int(m_stability, "m_stability", 2)
    measure = check_measure(measure)
    selections = simulate_ensemble_selections(
        n_feature, n_target, n_useful, p, m_ensemble, m_stability, aggregate, random_state
    )
    return selection_stability(selections, measure)


def simulated_stability_curve(
    n_feature: int, n_target: int, n_useful: int, p_values: Sequence[float] | float,
    m_ensemble_values: Sequence[int] = DEFAULT_M_ENSEMBLE, m_stability: int = 50,
    measure: str = "jaccard", aggregate: str | EnsembleAlgorithm = "mean_rank",
    random_state: Any = None,
) -> pd.DataFrame:
    """Simulated ensemble stability over m_ensemble for one or several p (Onda Fig. 3 left,
    Fig. 9, Fig. 11 bottom) with the computation time of each point (Fig. 4 right, Fig. 13).

    Returns a tidy DataFrame with columns ``p``, ``m_ensemble``, ``stability``, ``seconds``
    (wall time of the simulation and the stability computation of that point).
    """
    p_list = [p_values] if isinstance(p_values, Real) else list(p_values)
    m_list = check_m_values(m_ensemble_values)
    seed = as_seed(random_state)
    rows = []
    for p in p_list:
        for m in m_list:
            start = time.perf_counter()
            value = simulated_stability(
                n_feature, n_target, n_useful, p, m, m_stability, measure, aggregate, seed
            )
            rows.append({"p": float(p), "m_ensemble": m, "stability": value,
                         "seconds": time.perf_counter() - start})
    return pd.DataFrame(rows, columns=["p", "m_ensemble", "stability", "seconds"])


def limit_stability(n_useful: int, n_target: int) -> float:
    """The stability (pairwise Jaccard) that the simulated mean-rank ensemble approaches as
    m_ensemble grows, whatever p: E[|A ∩ B| / |A ∪ B|] for two independent uniform
    n_target-subsets A, B of the n_useful useful features.

    Why: in Algorithm 2 every S_m is a uniform n_target-subset of S' (§2.2.3), so the features
    of S' are exchangeable -- each has the same expected rank, better than that of any other
    feature when p > n_target / n_feature (Theorem 1). With many weak selectors the mean ranks
    of S' settle below those of S \\ S', and which n_target of them come first is decided by
    exchangeable fluctuations: a uniform n_target-subset of S', independently for every copy.
    The simulated large-ensemble stability is therefore fixed by (n_useful, n_target) alone
    (Onda §3.5: "stable at approximately 0.2 regardless of p" for Colon, 20 of 60 features),
    and no p can raise it.

    With r = |A ∩ B| hypergeometric (n_useful, n_target, n_target), the value is
    Σ_r P(r) · r / (2 n_target - r).

    Examples
    --------
    >>> round(limit_stability(60, 20), 4)   # Colon: Onda §3.5's plateau "approximately 0.2"
    0.2033
    """
    n_useful = check_int(n_useful, "n_useful", 1)
    n_target = check_int(n_target, "n_target", 1, n_useful)
    total = math.comb(n_useful, n_target)
    value = 0.0
    for r in range(max(0, 2 * n_target - n_useful), n_target + 1):
        ways = math.comb(n_target, r) * math.comb(n_useful - n_target, n_target - r)
        value += ways / total * r / (2 * n_target - r)
    return value


# --------------------------------------------------------------------------------------------
# Theorem 1
# --------------------------------------------------------------------------------------------


def first_pick_probability(n_feature: int, n_target: int, n_useful: int, p: float) -> float:
    """Probability that a given useful feature x ∈ S' is the first pick of Algorithm 3 (Onda,
    Theorem 1 and its proof, App. B.1).

    x ∈ S_0 with probability n_t/n_m and is then picked with probability p/n_t; otherwise it is
    one of the n_f - n_t features outside S_0, picked with probability (1 - p)/(n_f - n_t):

        p_0 = ((n_f - n_m) p + (n_m - n_t)) / (n_m (n_f - n_t)),
        p_0 - 1/n_f = (n_f - n_m)(n_f p - n_t) / (n_m n_f (n_f - n_t)),

    so p_0 > 1/n_f (the uniform selector's probability) iff p > n_t/n_f, when n_m < n_f. With
    n_t = n_f every feature is in S_0 and p_0 = 1/n_f.
    """
    n_feature, n_target, n_useful = check_sizes(n_feature, n_target, n_useful)
    p = check_probability(p)
    if n_target == n_feature:
        return 1.0 / n_feature
    return ((n_feature - n_useful) * p + (n_useful - n_target)) / (
        n_useful * (n_feature - n_target)
    )
