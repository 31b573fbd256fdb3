"""Numbers printed in Hamer & Dupont (2021), the targets of ``comparison.csv``.

Measure keys are the registry names of :mod:`fsstab.measures`: ``nogueira`` (φ, eq. 1),
``pearson`` (φ_pears, eq. 4), ``importance_weighted`` (φ_iw, eq. 6), ``canberra`` (φ_can,
eq. 5).
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = [
    "FREQUENCY_SCORE_CORRELATION",
    "MEASURES",
    "SINGH_COMPROMISES",
    "TABLE5",
    "TOY_FIGURES",
]

#: The three measures of §7, in the paper's order and colours (φ red, φ_pears green, φ_iw blue).
MEASURES: tuple[str, ...] = ("nogueira", "pearson", "importance_weighted")

#: Captions of Figs. 3-6: the measures printed for each toy feature stability map.
TOY_FIGURES = MappingProxyType({
    3: MappingProxyType({"nogueira": 1.0, "pearson": 0.97, "importance_weighted": 0.9,
                         "canberra": 0.47}),
    4: MappingProxyType({"nogueira": 0.72, "pearson": 0.13, "importance_weighted": 0.21,
                         "canberra": 0.39}),
    5: MappingProxyType({"nogueira": 1.0, "pearson": 0.42, "importance_weighted": 0.53,
                         "canberra": 0.55}),
    6: MappingProxyType({"nogueira": 0.75, "pearson": 0.25, "importance_weighted": 0.5,
                         "canberra": 0.51}),
})

#: §6.2, Fig. 10: Pearson correlation between p_f and the average sc_f (M = 100).
FREQUENCY_SCORE_CORRELATION = MappingProxyType({"singh": 0.68, "chiaretti": 0.54})

#: §7.1 on singh: accuracy of the compromise chosen when each measure is optimised, with the
#: γ interval of the maps of Fig. 11 (a), (b), (c).
SINGH_COMPROMISES = MappingProxyType({
    "nogueira": (0.889, (0.40, 0.60)),
    "pearson": (0.930, (0.35, 0.70)),
    "importance_weighted": (0.934, (0.35, 0.80)),
})

#: Table 5: the LASSO on every data set of §7.2 -- (A, φ, φ_pears, φ_iw).
TABLE5 = MappingProxyType({
    "ionosphere": (0.85, 0.74, 0.91, 0.76),
    "sonar": (0.73, 0.44, 0.52, 0.37),
    "breast": (0.95, 0.71, 0.91, 0.78),
    "gastro": (0.82, 0.27, 0.28, 0.21),
    "lsvt": (0.84, 0.4, 0.51, 0.38),
    "alon": (0.8, 0.2, 0.23, 0.17),
    "singh": (0.91, 0.31, 0.57, 0.37),
    "chiaretti": (0.81, 0.3, 0.36, 0.27),
    "gravier": (0.73, 0.18, 0.22, 0.15),
    "arcene": (0.72, 0.14, 0.21, 0.14),
    "borovecki": (0.94, 0.12, 0.16, 0.10),
})

#: §7.3, Fig. 19: on how many of the 11 data sets the coefficients of variation of the 200
#: group estimates (LASSO, groups of 5 runs) are ordered so -- "On 6 of the 11 data sets,
#: c_v,φ < c_v,φ_iw < c_v,φ_pears, there is no noticeable difference on 4, and on ionosphere
#: only, c_v,φ_pears < c_v,φ_iw < c_v,φ".
VARIATION_ORDERINGS = MappingProxyType({
    ("nogueira", "importance_weighted", "pearson"): 6,
    ("pearson", "importance_weighted", "nogueira"): 1,
})
#: Number of data sets of Fig. 19.
VARIATION_DATASETS = 11
