"""Hamer & Dupont (2021), "An importance weighted feature selection stability measure", JMLR:
the computations of its figures and tables that are not generic workflow stages.

``snakemake --cores N --configfile config/paper/hamer2021.yaml`` regenerates the paper
(``docs/paper-hamer2021.md``): the generic stages select features and compute φ, φ_pears, φ_iw,
accuracies and Pareto fronts; ``rules/paper_hamer2021.smk`` calls this package through thin
scripts for

- :mod:`~fsstab.papers.hamer2021.toy` -- the toy feature stability maps (Figs. 3-6);
- :mod:`~fsstab.papers.hamer2021.correlated` -- correlated feature groups, §5.3 (Figs. 7-8);
- :mod:`~fsstab.papers.hamer2021.decisions` -- hybrid-RFE decisions, §7.1 (Figs. 9-11, 21-25);
- :mod:`~fsstab.papers.hamer2021.standard` -- standard methods and the variability of the
  measures, §7.2-7.3 (Table 5, Figs. 12-20, 26-29);
- :mod:`~fsstab.papers.hamer2021.comparison` -- ``comparison.csv``, the paper's printed numbers
  next to ours (:mod:`~fsstab.papers.hamer2021.reference`);
- :mod:`~fsstab.papers.hamer2021.figures` -- the figures;
- :mod:`~fsstab.papers.hamer2021.settings` -- ``paper.settings`` and the outputs of a run.
"""

from fsstab.papers.hamer2021.comparison import comparison_table
from fsstab.papers.hamer2021.correlated import (
    correlated_groups_stability,
    summarise_correlated_groups,
)
from fsstab.papers.hamer2021.decisions import (
    compromise_table,
    dominated_areas,
    frequency_score_correlation,
    frequency_scores,
    meta_parameters,
    sweep_points,
)
from fsstab.papers.hamer2021.settings import Plan, check_settings, parse_settings
from fsstab.papers.hamer2021.standard import block_estimates, coefficients_of_variation, table5
from fsstab.papers.hamer2021.toy import toy_maps, toy_stability

__all__ = [
    "Plan",
    "block_estimates",
    "check_settings",
    "coefficients_of_variation",
    "comparison_table",
    "compromise_table",
    "correlated_groups_stability",
    "dominated_areas",
    "frequency_score_correlation",
    "frequency_scores",
    "meta_parameters",
    "parse_settings",
    "summarise_correlated_groups",
    "sweep_points",
    "table5",
    "toy_maps",
    "toy_stability",
]
