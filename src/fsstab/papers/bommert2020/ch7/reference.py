"""What Chapter 7 of the thesis states: the search space of Table 6.5, the stability measures of
§7.2 and Table 7.1. The only place the chapter's numbers are typed in."""

from __future__ import annotations

__all__ = ["CH7_CLASSIFIERS", "CH7_FILTERS", "CH7_MEASURES", "TABLE_7_1"]

#: Table 6.5: the filters (fsstab's names; "none" keeps every feature) and classifiers.
CH7_FILTERS: tuple[str, ...] = ("none", "jmi", "mim", "impurity")
CH7_CLASSIFIERS: tuple[str, ...] = ("svm", "knn", "ridge", "lasso", "random_forest", "glmboost")
#: The stability measures of §7.2, in the order of Table 7.1.
CH7_MEASURES: tuple[str, ...] = ("unadjusted", "intersection_count", "jaccard", "hamming")

#: Table 7.1 per data set: Pareto-optimal configurations ("all") for SMU, SMA-Count, SMJ, SMH,
#: PA-best ones ("PA") for the same measures, and the number of A-best configurations.
TABLE_7_1: dict[str, tuple[int, ...]] = {
    "sonar": (97, 88, 132, 65, 17, 16, 31, 20, 1),
    "kc1_binary": (95, 30, 170, 51, 25, 8, 38, 7, 1),
    "tecator": (37, 41, 57, 24, 31, 35, 51, 23, 1),
    "har": (507, 492, 553, 502, 22, 19, 68, 23, 1),
    "gina_agnostic": (139, 90, 260, 124, 37, 36, 111, 62, 1),
    "dilbert": (650, 551, 856, 713, 137, 108, 342, 209, 954),
    "lsvt": (558, 501, 623, 475, 21, 18, 42, 21, 3),
    "christensen": (483, 483, 483, 483, 67, 67, 67, 67, 3414),
    "gravier": (687, 563, 1027, 506, 6, 6, 6, 4, 2),
    "eating": (946, 867, 1139, 505, 5, 4, 5, 3, 1),
    "arcene": (825, 538, 1160, 593, 69, 25, 84, 7, 2),
    "chiaretti": (744, 549, 1010, 656, 126, 64, 282, 170, 2207),
}
