"""What Onda et al. (2022) print: Table 1 and, per data set, the numbers of Tables 2 and 4 and
of §3.2-3.5 and App. D.3 (the n_useful and p the paper settled on, the stabilities of the single
selector and of large ensembles). :mod:`~fsstab.papers.onda2022.comparison` sets ours beside
them.

The numbers per data set are :data:`fsstab.simulator.PAPER_SETTINGS`: the library keeps them
with the simulator, whose users start from the paper's settings (n_target, n_useful, p) of a data
set; this module names them for the comparison and adds Table 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.simulator import PAPER_SETTINGS

__all__ = ["PAPER_TABLE1", "PAPER_VALUES"]

#: Table 1: feature type, label type, dimension and sample size of each data set.
PAPER_TABLE1: Mapping[str, tuple[str, str, int, int]] = {
    "colon": ("Discrete", "Binary", 2000, 62),
    "lymphoma": ("Discrete", "Multi-class (9)", 4026, 96),
    "prostate": ("Continuous", "Binary", 5966, 102),
}

#: Per data set: ``n_samples``, ``n_feature``, ``n_target``, ``n_useful``, ``p``,
#: ``single_stability``, ``t_uniform`` (Table 4: mean, sd), ``n_useful_by_n_tree`` (Table 2:
#: n_tree -> mean, sd), ``large_ensemble_stability`` (a number, or ``simulated`` / ``real`` /
#: ``fixed_point``), ``n_useful_fixed_point`` (App. D.3.2).
PAPER_VALUES: Mapping[str, Mapping[str, Any]] = PAPER_SETTINGS
