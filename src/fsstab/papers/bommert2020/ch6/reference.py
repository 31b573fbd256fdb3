"""What Chapter 6 of the thesis states: Tables 6.3 and 6.4, the groups of measures it reads off
Figs. 6.2 and 6.5, the numbers of §6.2.2, and which measures are corrected for chance or adjusted
(Table 6.1). The only place the chapter's numbers are typed in."""

from __future__ import annotations

__all__ = [
    "ADJUSTED_CORRECTED",
    "ADJUSTED_PAIRWISE",
    "CORRECTED_FOR_CHANCE",
    "FIGURE_6_6_MEASURES",
    "SET_LEVEL",
    "THESIS_DISTINCT_VALUES",
    "THESIS_FIGURE_6_2_GROUPS",
    "THESIS_FIGURE_6_5_GROUPS",
    "THESIS_TABLE_6_3",
    "THESIS_TABLE_6_4",
    "UNADJUSTED_PAIRWISE",
]

#: Averages of a pairwise score that ignores feature similarities.
UNADJUSTED_PAIRWISE: tuple[str, ...] = (
    "jaccard", "dice", "ochiai", "hamming", "lustgarten", "wald", "unadjusted", "kappa",
    "phi_pairwise",
)
#: Averages of a pairwise score on the adjusted intersection (need C and θ).
ADJUSTED_PAIRWISE: tuple[str, ...] = (
    "zucknick", "yu", "intersection_mbm", "intersection_greedy", "intersection_count",
    "intersection_mean",
)
#: Measures of the selection counts of all runs at once (not averages of pairwise scores).
SET_LEVEL: tuple[str, ...] = ("novovicova", "davis", "somol", "nogueira", "sechidis")
#: Measures corrected for chance (thesis Table 6.1): constant expected value under random
#: selection.
CORRECTED_FOR_CHANCE: tuple[str, ...] = (
    "lustgarten", "wald", "unadjusted", "kappa", "phi_pairwise", "nogueira", "yu",
    "intersection_mbm", "intersection_greedy", "intersection_count", "intersection_mean",
)
#: Adjusted and corrected measures (thesis Fig. A.15).
ADJUSTED_CORRECTED: tuple[str, ...] = (
    "yu", "intersection_mbm", "intersection_greedy", "intersection_count", "intersection_mean",
)

#: Thesis Table 6.3: scenarios (of the 16,384) in which each measure is undefined.
THESIS_TABLE_6_3: dict[str, int] = {
    "hamming": 0, "jaccard": 1, "dice": 1, "novovicova": 1, "davis": 1, "zucknick": 1,
    "kappa": 2, "nogueira": 2, "sechidis": 2, "yu": 2, "somol": 30, "ochiai": 255,
    "unadjusted": 256, "intersection_mbm": 256, "intersection_greedy": 256,
    "intersection_count": 256, "intersection_mean": 256, "lustgarten": 508, "wald": 508,
    "phi_pairwise": 508,
}
#: Thesis Table 6.4: (V_1, V_2) as 0-based feature indices -> printed values (4 decimals).
THESIS_TABLE_6_4: tuple[tuple[tuple[int, ...], tuple[int, ...], dict[str, float]], ...] = (
    ((3, 4), (0, 6), {"intersection_mean": -1.1238, "intersection_count": -1.1832,
                      "intersection_greedy": -1.1832, "intersection_mbm": -1.1832,
                      "yu": -1.2500, "sechidis": -1.6686}),
    ((3, 4), (5, 6), {"intersection_mean": -1.1238, "intersection_count": -1.1832,
                      "intersection_greedy": -1.1832, "intersection_mbm": -1.1832,
                      "yu": -1.2500, "sechidis": -2.5280}),
)
#: The three groups the thesis reads off Figure 6.2 (§6.2.2).
THESIS_FIGURE_6_2_GROUPS: tuple[tuple[str, ...], ...] = (
    ("davis", "hamming", "ochiai", "dice", "novovicova", "zucknick", "somol", "jaccard"),
    ("lustgarten", "kappa", "unadjusted", "phi_pairwise", "wald", "nogueira"),
    ("intersection_mean", "intersection_count", "intersection_greedy", "intersection_mbm", "yu",
     "sechidis"),
)
#: Distinct values over the 16,384 scenarios stated in §6.2.2.
THESIS_DISTINCT_VALUES: dict[str, int] = {"hamming": 8, "somol": 5}

#: Representatives of the groups of Fig. 6.5 shown in Fig. 6.6 (thesis §6.3.2).
FIGURE_6_6_MEASURES: tuple[str, ...] = ("jaccard", "hamming", "intersection_count", "unadjusted")
#: The groups the thesis reads off Fig. 6.5 (§6.3.2).
THESIS_FIGURE_6_5_GROUPS: tuple[tuple[str, ...], ...] = (
    ("hamming",),
    ("jaccard", "dice", "ochiai", "novovicova", "davis", "zucknick"),
    ("lustgarten", "wald", "unadjusted", "kappa", "phi_pairwise", "nogueira", "somol",
     "sechidis", "yu", "intersection_mbm", "intersection_greedy", "intersection_count",
     "intersection_mean"),
)
