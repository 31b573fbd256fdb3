"""Pareto analysis of (accuracy, stability) trade-offs and the choice of a compromise.

Pure functions over NumPy arrays (and thin :mod:`pandas` wrappers for tables of configurations):

- :func:`non_dominated_mask` -- Pareto-optimal points for ``t`` objectives (Bommert 2020, §3.4.1);
- :func:`pareto_front` -- the 2-D Pareto front, sorted;
- :func:`convex_hull_front` and :func:`hull_gamma_intervals` -- the compromises maximising
  ``o(A, S) = γA + (1 − γ)S`` and the closed interval of γ on which each is optimal (Hamer &
  Dupont 2021, §7.1); :func:`choose_by_gamma` -- the compromise chosen for a given γ;
- :func:`epsilon_constraint_selection` -- Bommert (2020), Algorithm 3.2 (with the erratum in
  ``DEVELOPERS.md``);
- :func:`pa_best_mask` -- the "PA-best" configurations of Bommert (2020), §7.1;
- :func:`dominator_counts` and :func:`non_dominated_rank` -- Sechidis et al. (2019), §4.1, Table 2;
- :func:`dominated_area` and :func:`dominated_region` -- the area a 2-D front dominates with
  respect to a reference point (the shaded regions of Hamer & Dupont 2021, Fig. 9).

Dominance (Bommert 2020, §3.4.1): with every objective maximised, ``y`` dominates ``z`` iff
``y_i >= z_i`` for all ``i`` and ``y_j > z_j`` for some ``j``. Consequently **identical points
never dominate each other**: duplicates of a non-dominated point are all non-dominated and are
all reported (they are distinct configurations that reach the same trade-off). Values equal up to
rounding are equal: every objective passes :func:`fsstab.ties.merge_ties` before any comparison.
"""

from fsstab.pareto._area import dominated_area, dominated_region
from fsstab.pareto._compromise import (
    GammaIntervals,
    choose_by_gamma,
    convex_hull_front,
    epsilon_constraint_selection,
    hull_compromises,
    hull_gamma_intervals,
)
from fsstab.pareto._dominance import (
    dominator_counts,
    non_dominated_mask,
    non_dominated_rank,
    pa_best_mask,
    pareto_front,
    pareto_optimal,
)
from fsstab.pareto._validation import Sense as Sense  # the type of objectives' values

__all__ = [
    "GammaIntervals",
    "choose_by_gamma",
    "convex_hull_front",
    "dominated_area",
    "dominated_region",
    "dominator_counts",
    "epsilon_constraint_selection",
    "hull_compromises",
    "hull_gamma_intervals",
    "non_dominated_mask",
    "non_dominated_rank",
    "pa_best_mask",
    "pareto_front",
    "pareto_optimal",
]
