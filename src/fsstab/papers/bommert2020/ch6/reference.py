"""What Chapter 6 of the thesis states: Tables 6.3 and 6.4, the groups of measures it reads off
Figs. 6.2 and 6.5, the numbers of §6.2.2, and which measures are corrected for chance or adjusted
(Table 6.1), the chapter's claims in its words (:data:`STATEMENTS`, §6.1-6.4) and the settings
of its study (:data:`THESIS_RUN`). The only place the chapter's numbers are typed in."""

from __future__ import annotations

from fsstab.papers.conclusions import Statement

__all__ = [
    "ADJUSTED_CORRECTED",
    "ADJUSTED_PAIRWISE",
    "CORRECTED_FOR_CHANCE",
    "FIGURE_6_6_MEASURES",
    "SET_LEVEL",
    "STATEMENTS",
    "THESIS_DISTINCT_VALUES",
    "THESIS_FIGURE_6_2_GROUPS",
    "THESIS_FIGURE_6_5_GROUPS",
    "THESIS_RUN",
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

#: The settings of the thesis' §6.3 study, in the terms of
#: :func:`~fsstab.papers.bommert2020.ch6.conclusions.run_settings` (§6.2 is exact: p = 7,
#: m = 2, all pairs, θ = 0.9 -- the same here).
THESIS_RUN: dict[str, object] = {
    "data sets": 12, "configurations per data set": 4800, "folds": 10,
    "Monte-Carlo draws": 10000,
}

_FIG_6_2 = ("Fig. 6.2 (scatter plots of the 16,384 pairs of subsets of 7 features, measures "
            "ordered by PC1; groups read off the plots)")
_FIG_6_5 = ("Fig. 6.5 (mean Pearson correlations of the measures over the 12 data sets, "
            "average-linkage order)")
_FIG_6_7 = "Fig. 6.7 (run times per data set, 4,800 configurations each)"

#: Chapter 6's claims in the thesis' words (keys ``ch6.*``), with section and evidence.
STATEMENTS: dict[str, Statement] = {
    # -- §6.2: all pairs of subsets of 7 features -------------------------------------------
    "ch6.table6_3": Statement(
        "§6.2.1, Table 6.3",
        "Some stability measures are not defined for some of the 16 384 combinations of "
        "feature sets. Table 6.3 displays the number of scenarios with missing values for each "
        "stability measure.",
        "Table 6.3: " + ", ".join(f"{k} {v}" for k, v in THESIS_TABLE_6_3.items())),
    "ch6.table6_4": Statement(
        "§6.2.2, Table 6.4",
        "In the second scenario, SMES takes a much smaller value than in the first scenario. "
        "The other stability measures attain the same value in both scenarios because they do "
        "not consider the similarities between features in the same set.",
        "Table 6.4 (values to 4 decimals)"),
    "ch6.fig6_2.pc1_blocks": Statement(
        "§6.2.2, Fig. 6.2",
        "To compare all stability measures, in Figure 6.2 scatter plots of all pairs of "
        "stability measures are shown. This plot allows determining three groups of stability "
        "measures. [The measures ordered by the first principal component; the text names the "
        "groups in that order: positions 1-8, 9-14, 15-20.]", _FIG_6_2),
    "ch6.fig6_2.uncorrected": Statement(
        "§6.2.2, Fig. 6.2; §6.4",
        "In the upper left corner of Figure 6.2, there is the group of stability measures "
        "SMD-0, SMH, SMO, SMD, SME, SMZ, SMS, and SMJ. All of these measures are not corrected "
        "for chance.", _FIG_6_2),
    "ch6.fig6_2.corrected": Statement(
        "§6.2.2, Fig. 6.2; §6.4",
        "The second group consists of the stability measures SML, SMK, SMU, SMP, SMW, and SMN. "
        "These measures are corrected for chance, but do not consider similarities between "
        "features.", _FIG_6_2),
    "ch6.fig6_2.adjusted": Statement(
        "§6.2.2, Fig. 6.2; §6.4",
        "The third group consists of SMA-Mean, SMA-Count, SMA-Greedy, SMA-MBM, SMY, and SMES. "
        "These measures are adjusted and - except for SMES - they are corrected for chance.",
        _FIG_6_2),
    "ch6.fig6_3.corrected": Statement(
        "§6.2.2, Fig. 6.3",
        "For the corrected measures, the expected stability value is constant with respect to "
        "the number of selected features. [...] For SMN, the expected value is smaller than 0 "
        "whereas it is 0 for all other corrected measures.",
        "Fig. 6.3 (mean value per mean number of selected features over all pairs)"),
    "ch6.fig6_3.uncorrected": Statement(
        "§6.2.2, Fig. 6.3",
        "For SMD-0, SMO, SMD, SME, SMZ, and SMJ, the expected value increases with the number "
        "of selected features.",
        "Fig. 6.3 (mean value per mean number of selected features over all pairs)"),
    "ch6.table6_1.correction": Statement(
        "§6.1, Table 6.1",
        "Correction for chance: The expected value of the stability measure for a random "
        "feature selection with equal selection probabilities should be constant and therefore "
        "not depend on the number of selected features. [Table 6.1: SML, SMW, SMU, SMK, SMP, "
        "SMN, SMY and SMA fulfil it.]",
        "Table 6.1 (proofs in §6.1 and App. B.3)"),
    # -- §6.3: real feature sets ------------------------------------------------------------
    "ch6.fig6_5.hamming": Statement(
        "§6.3.2, Fig. 6.5; §6.4",
        "There are three groups of similar stability measures. SMH is one group by itself.",
        _FIG_6_5),
    "ch6.fig6_5.uncorrected": Statement(
        "§6.3.2, Fig. 6.5",
        "The rest of the uncorrected stability measures except for SMS and SMES form the "
        "second group.", _FIG_6_5),
    "ch6.fig6_5.corrected": Statement(
        "§6.3.2, Fig. 6.5",
        "The third group consists of all corrected measures, SMS, and SMES. All groups are "
        "very homogeneous.", _FIG_6_5),
    "ch6.6_3.negative": Statement(
        "§6.3.2, Fig. 6.4",
        "Unlike in Figure 6.3, the corrected but not adjusted measures SMW, SMN, SMK, SMP, and "
        "SMU hardly take any negative values here.",
        "Fig. 6.4 (values of the 4,800 configurations per data set)"),
    "ch6.fig6_7.adjusted_slowest": Statement(
        "§6.3.2, Fig. 6.7",
        "The run times of the corrected and adjusted measures are much longer than the run "
        "times of the other measures.", _FIG_6_7),
    "ch6.fig6_7.zucknick_sechidis": Statement(
        "§6.3.2, Fig. 6.7",
        "Calculating the value of the adjusted but uncorrected measures SMZ and SMES takes a "
        "bit longer, but still can be done in less than one second for most data sets.",
        _FIG_6_7),
    "ch6.fig6_7.fastest_adjusted": Statement(
        "§6.3.2, Fig. A.15",
        "For all data sets, SMY and SMA-Count require the least time for calculation among "
        "the adjusted and corrected measures.", "Fig. A.15 (run times per data set)"),
    # -- §6.4: recommendations ----------------------------------------------------------------
    "ch6.6_4.sma_similar": Statement(
        "§6.4",
        "Even though the adjustments for similar features are conceptually different for the "
        "four variants, the resulting stability values are very similar both on artificial and "
        "on real feature sets.", "Figs. 6.2 and 6.5"),
    "ch6.6_4.corrected_similar": Statement(
        "§6.4",
        "Within the group of corrected but unadjusted measures, only SMN, SMK, SMP, and SMU "
        "fulfill all of the desired theoretical properties. These measures have shown to be "
        "very similar, especially in the comparison based on real feature sets, so any of the "
        "measure could be selected.", "Table 6.1; Figs. 6.2 and 6.5"),
    "ch6.6_4.dice_central": Statement(
        "§6.4",
        "Another possible choice would be SMD as the measure that is on average the most "
        "similar to all other measures of this group [the uncorrected measures].",
        "Fig. 6.5"),
    "ch6.6_4.sma_count_fastest": Statement(
        "§6.4",
        "The four variants of SMA fulfill the same theoretical properties. It makes sense to "
        "choose the fastest of these measures, because their run times are quite long. "
        "Therefore, SMA-Count is chosen for the group of corrected and adjusted stability "
        "measures.", "Figs. 6.7, A.15"),
}
