"""Error control of a selection: how many of the selected features could be false.

- :mod:`~fsstab.error_control.knockoffs` -- knockoff copies of the features: Gaussian model-X
  knockoffs (Candès et al. 2018) and fixed-X knockoffs (Barber & Candès 2015), equicorrelated;
- :mod:`~fsstab.error_control.fdr` -- false discovery proportions estimated from synthetic
  nulls: the knockoff(+) threshold and Stabl's FDP+ (Hédou et al. 2024);
- :mod:`~fsstab.error_control.guarantees` -- what a fitted selection promises (PFER or FDR);
- :mod:`~fsstab.error_control.planted` -- the planted-null check of that promise on the
  user's own data (its reruns and summary: :mod:`~fsstab.error_control.planted_check`);
- :mod:`~fsstab.error_control.discoveries` -- discoveries counted by feature and by group of
  correlated features.

The selectors built on these (:class:`fsstab.selectors.Stabl`,
:class:`fsstab.selectors.KnockoffSelector`) live in :mod:`fsstab.selectors`.
"""

from fsstab.error_control.discoveries import DiscoveryCount, count_discoveries, discovery_groups
from fsstab.error_control.fdr import FDPCurve, knockoff_fdp, knockoff_threshold, stabl_fdp_curve
from fsstab.error_control.guarantees import (
    ErrorGuarantee,
    error_guarantee,
    stability_selection_method,
)
from fsstab.error_control.knockoffs import (
    MAX_KNOCKOFF_FEATURES,
    equicorrelated_s,
    fixed_x_knockoffs,
    fixed_x_problem,
    gaussian_knockoffs,
    knockoff_size_problem,
)
from fsstab.error_control.planted import PlantedDesign, null_permutation, planted_null_design
from fsstab.error_control.planted_check import (
    PlantedNullCheck,
    planted_null_check,
    planted_null_replications,
    planted_null_summary,
)

__all__ = [
    "MAX_KNOCKOFF_FEATURES",
    "DiscoveryCount",
    "ErrorGuarantee",
    "FDPCurve",
    "PlantedDesign",
    "PlantedNullCheck",
    "count_discoveries",
    "discovery_groups",
    "equicorrelated_s",
    "error_guarantee",
    "fixed_x_knockoffs",
    "fixed_x_problem",
    "gaussian_knockoffs",
    "knockoff_fdp",
    "knockoff_size_problem",
    "knockoff_threshold",
    "null_permutation",
    "planted_null_check",
    "planted_null_design",
    "planted_null_replications",
    "planted_null_summary",
    "stability_selection_method",
    "stabl_fdp_curve",
]
