"""What Sechidis et al. (2019) print: the selections of the worked example (eq. 1), the methods
of §4.1, Tables 1-4. The only place the paper's numbers are typed in;
:mod:`~fsstab.papers.sechidis2019.comparison` sets ours beside them.

Table 5 (the 23 covariates of IPASS, their values and the groups A, B, C of §4.2) is what the
stand-in generator itself is built from: :data:`fsstab.synthetic.IPASS_COVARIATES` and
:data:`fsstab.synthetic.IPASS_GROUPS`.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

__all__ = [
    "EQ1_SELECTIONS",
    "METHODS",
    "PAPER_TABLE1",
    "PAPER_TABLE2",
    "PAPER_TABLE3",
    "PAPER_TABLE4",
]

#: Eq. (1): M = 4 runs over d = 6 features; X1 ~ X2 and X3 ~ X4 are strongly correlated.
EQ1_SELECTIONS = np.array([
    [1, 0, 1, 0, 0, 0],
    [0, 1, 1, 0, 0, 0],
    [1, 0, 0, 1, 0, 0],
    [0, 1, 0, 1, 0, 0],
], dtype=bool)

#: The seven selectors of §4.1, in the order of the paper's tables.
METHODS: tuple[str, ...] = ("LASSO", "RF", "GBM", "MIM", "mRMR", "JMI", "CMIM")

#: Table 1: Pareto-optimal methods per data set, (accuracy vs φ, accuracy vs Φ_C).
PAPER_TABLE1: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "breast": (("LASSO", "MIM"), ("MIM",)),
    "ionosphere": (("LASSO", "GBM", "MIM"), ("LASSO", "GBM", "MIM", "mRMR")),
    "landsat": (("mRMR",), ("JMI",)),
    "musk2": (("LASSO", "MIM"), ("LASSO",)),
    "parkinsons": (("LASSO", "MIM"), ("MIM", "mRMR", "JMI")),
    "semeion": (("GBM", "MIM", "mRMR", "JMI"), ("GBM", "mRMR", "JMI", "CMIM")),
    "sonar": (("MIM", "JMI"), ("MIM", "mRMR", "JMI")),
    "spect": (("MIM",), ("MIM",)),
    "waveform": (("GBM", "mRMR"), ("GBM", "mRMR")),
    "wine": (("MIM", "CMIM"), ("MIM", "CMIM")),
}

#: Table 2: average non-dominated rank over the 10 data sets (accuracy vs φ / vs Φ_C).
PAPER_TABLE2: Mapping[str, Mapping[str, float]] = {
    "nogueira": {"MIM": 1.6, "GBM": 1.8, "JMI": 2.6, "LASSO": 2.7, "mRMR": 2.9, "CMIM": 2.9,
                 "RF": 3.1},
    "sechidis": {"mRMR": 1.7, "MIM": 2.0, "JMI": 2.4, "GBM": 2.4, "CMIM": 2.9, "LASSO": 3.1,
                 "RF": 3.1},
}

#: Table 3: the top-4 prognostic biomarkers of GBM and CMIM in IPASS.
PAPER_TABLE3: Mapping[str, tuple[str, ...]] = {
    "GBM": ("X4", "X10", "X1", "X12"),
    "CMIM": ("X2", "X13", "X21", "X12"),
}

#: Table 4: stability (φ), φ within groups A, B, C, and effective stability Φ_C.
PAPER_TABLE4: Mapping[str, Mapping[str, float]] = {
    "GBM": {"stability": 0.87, "within_A": 0.96, "within_B": 0.82, "within_C": 0.14,
            "effective_stability": 0.87},
    "CMIM": {"stability": 0.68, "within_A": 0.45, "within_B": 0.80, "within_C": 0.43,
             "effective_stability": 0.91},
}
