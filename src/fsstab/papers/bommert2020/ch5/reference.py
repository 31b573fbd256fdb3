"""What Chapter 5 of the thesis states: the groups of filters with similar rankings and the
highest rank correlations (§5.2), the Pareto-optimal, best and worst filters (§5.3), the
chapter's conclusions (§5.5, :data:`STATEMENTS` in the thesis' words) and the settings of its
study (:data:`THESIS_RUN`). The only place the chapter's numbers are typed in."""

from __future__ import annotations

from fsstab.papers.conclusions import Statement

__all__ = [
    "FILTER_GROUP_KEYS",
    "ITERATIVE_FILTERS",
    "STATEMENTS",
    "THESIS_BEST_FILTERS",
    "THESIS_FILTER_GROUPS",
    "THESIS_MEAN_RANK_CORRELATION",
    "THESIS_MIM_INFO_GAIN",
    "THESIS_PARETO",
    "THESIS_RUN",
    "THESIS_TOP_RANK_CORRELATIONS",
    "THESIS_WORST_FILTERS",
]

#: The iterative (greedy) filters of the praznik toolbox (thesis §3.1.5).
ITERATIVE_FILTERS: tuple[str, ...] = ("MRMR", "JMI", "JMIM", "DISR", "NJMIM", "CMIM")

#: §5.2's groups of filters with similar rankings; MRMR and variance stand alone.
THESIS_FILTER_GROUPS: tuple[tuple[str, ...], ...] = (
    ("NJMIM", "DISR", "MIM", "JMIM", "JMI", "CMIM"),
    ("limma", "anova.test", "sam", "kruskal.test", "auc"),
    ("sym.uncert", "gain.ratio", "info.gain", "chi.squared", "oneR"),
    ("permutation", "impurity"),
    ("MRMR",),
    ("variance",),
)
#: §5.2: the mean rank correlation of all pairs (diagonal included, as the thesis' code).
THESIS_MEAN_RANK_CORRELATION = 0.5241
#: §5.2: the ten highest mean rank correlations.
THESIS_TOP_RANK_CORRELATIONS: tuple[tuple[str, str, float], ...] = (
    ("info.gain", "chi.squared", 0.9950), ("kruskal.test", "auc", 0.9931),
    ("limma", "anova.test", 0.9903), ("sym.uncert", "info.gain", 0.9892),
    ("sym.uncert", "gain.ratio", 0.9860), ("sym.uncert", "chi.squared", 0.9813),
    ("limma", "sam", 0.9798), ("anova.test", "sam", 0.9758),
    ("gain.ratio", "info.gain", 0.9618), ("gain.ratio", "chi.squared", 0.9513),
)
#: §5.2: MIM and info.gain share the score but not the discretisation.
THESIS_MIM_INFO_GAIN = 0.6272

#: The thesis' Pareto-optimal filters (§5.3.2): by median / upper quartile, filter time
#: (Fig. 5.7) and entire time (Fig. 5.8).
THESIS_PARETO: dict[tuple[str, str], tuple[str, ...]] = {
    ("filter", "median"): ("JMI", "impurity", "MIM", "none"),
    ("filter", "upper quartile"): ("impurity", "none"),
    ("entire", "median"): ("JMIM", "JMI", "impurity", "MIM"),
    ("entire", "upper quartile"): ("JMI", "impurity", "MIM"),
}
#: Fig. 5.6: the filters that perform best, and those outperformed by many others.
THESIS_BEST_FILTERS: tuple[str, ...] = ("JMIM", "JMI", "impurity", "DISR")
THESIS_WORST_FILTERS: tuple[str, ...] = (
    "anova.test", "MRMR", "sam", "oneR", "variance", "gain.ratio", "limma", "kruskal.test",
    "chi.squared",
)

#: The settings of the thesis' study, in the terms :func:`~fsstab.papers.bommert2020.ch5.
#: conclusions.run_settings` states ours: §5.1 (the base data set), §5.2 (the data sets of
#: Fig. 5.4), §5.3 (nested cross-validation, random search).
THESIS_RUN: dict[str, dict[str, object]] = {
    "scaling": {"base data set": "gina_agnostic", "observations": 970, "features": 970,
                "percentages": 10, "repetitions": 1000},
    "ranking": {"data sets": 12},
    "benchmark": {"data sets": 12, "outer folds": 10, "inner folds": 10,
                  "configurations": 100},
}

#: Claim keys of Fig. 5.4's first four groups (:data:`THESIS_FILTER_GROUPS`, in order); the two
#: filters that stand alone are keyed ``ch5.fig5_4.alone.<filter>``.
FILTER_GROUP_KEYS: tuple[str, ...] = ("praznik", "anova", "fselector", "forest")

_FIG_5_4 = "Fig. 5.4 (mean rank correlations over the 12 data sets, average-linkage order)"
_FIG_5_6 = "Fig. 5.6 (data sets on which the row filter has the higher mean accuracy, 12 data sets)"


def _pareto_evidence(figure: str, statistic: str) -> str:
    kind = "filtering" if figure == "5.7" else "filtering and model fitting"
    return (f"Fig. {figure} ({statistic}s over the 12 data sets of the relative mean accuracy "
            f"and the relative log median run time for {kind})")


#: Chapter 5's claims in the thesis' words (keys ``ch5.*``), with section and evidence.
STATEMENTS: dict[str, Statement] = {
    # -- §5.1: scaling ----------------------------------------------------------------------
    "ch5.fig5_1.cmim": Statement(
        "§5.1.2, Fig. 5.1",
        "The run time of filter CMIM increases the strongest among all filter methods.",
        "Fig. 5.1 (run time relative to selecting 10 % of the features, median of 1,000 "
        "repetitions on gina_agnostic)"),
    "ch5.5_5.scaling": Statement(
        "§5.5 (§5.1.2, Figs. 5.1, 5.3)",
        "With respect to the scaling behavior, the filters NJMIM, DISR, JMIM, JMI, CMIM, and "
        "MRMR deviate from all other filters. For these filters, the filter scores are "
        "calculated in an iterative way, whereas for all other methods, the scores of all "
        "features are calculated at once.",
        "Figs. 5.1 and 5.3 (run times relative to 10 % of the features selected / of the "
        "features in the data set)"),
    # -- §5.2: rankings -----------------------------------------------------------------------
    "ch5.fig5_4.praznik": Statement(
        "§5.2, Fig. 5.4; §5.5",
        "Figure 5.4 shows four groups of similar filter methods. The first group consists of "
        "6 out of the 7 praznik filters: NJMIM, DISR, MIM, JMIM, JMI, and CMIM.", _FIG_5_4),
    "ch5.fig5_4.anova": Statement(
        "§5.2, Fig. 5.4; §5.5",
        "The second group is formed by the filters limma, anova.test, sam, kruskal.test, and "
        "auc.", _FIG_5_4),
    "ch5.fig5_4.fselector": Statement(
        "§5.2, Fig. 5.4; §5.5",
        "The third group contains the filters sym.uncert, gain.ratio, info.gain, chi.squared, "
        "and oneR from the toolboxes FSelector and FSelectorRcpp.", _FIG_5_4),
    "ch5.fig5_4.forest": Statement(
        "§5.2, Fig. 5.4; §5.5",
        "The fourth group consists of the random forest importance filters permutation and "
        "impurity.", _FIG_5_4),
    "ch5.fig5_4.alone": Statement(
        "§5.2, Fig. 5.4; §5.5",
        "The filter methods MRMR and variance are not similar to any other filter method.",
        _FIG_5_4),
    "ch5.5_2.mean": Statement(
        "§5.2", "The average similarity value in Figure 5.4 is 0.5241.",
        f"{THESIS_MEAN_RANK_CORRELATION:.4f} (mean of the matrix, diagonal included)"),
    "ch5.5_2.top_ten": Statement(
        "§5.2",
        "The highest mean rank correlations are observed between "
        + ", ".join(f"{a} and {b} ({v:.4f})" for a, b, v in THESIS_TOP_RANK_CORRELATIONS[:-1])
        + ", and {} and {} ({:.4f}).".format(*THESIS_TOP_RANK_CORRELATIONS[-1]),
        "the ten pairs and their values"),
    "ch5.5_2.mim_info_gain": Statement(
        "§5.2",
        "The filters MIM and info.gain use the same score. However, the different "
        "discretization methods used by the two toolboxes cause an average rank correlation "
        "of only 0.6272 between the two filter methods.", f"{THESIS_MIM_INFO_GAIN:.4f}"),
    # -- §5.3: accuracy and run time ----------------------------------------------------------
    "ch5.fig5_6.best": Statement(
        "§5.3.2, Fig. 5.6",
        "It can be observed that filters JMIM, JMI, impurity, and DISR perform best across "
        "data sets.", _FIG_5_6 + ": " + ", ".join(THESIS_BEST_FILTERS)),
    "ch5.fig5_6.no_dominant": Statement(
        "§5.3.2, Fig. 5.6",
        "However, there is no filter method that is better than all the other methods on all "
        "data sets.", _FIG_5_6),
    "ch5.fig5_6.worst": Statement(
        "§5.3.2, Fig. 5.6",
        "The filters anova.test, MRMR, sam, oneR, variance, gain.ratio, limma, kruskal.test, "
        "and chi.squared are outperformed by many other filter methods.",
        _FIG_5_6 + ": " + ", ".join(THESIS_WORST_FILTERS)),
    "ch5.fig5_7.median": Statement(
        "§5.3.2, Fig. 5.7",
        "Considering the median values in both criteria, it can be seen that the filters JMI, "
        "impurity, and MIM as well as \"no filter\" are Pareto optimal.",
        _pareto_evidence("5.7", "median")),
    "ch5.fig5_7.upper_quartile": Statement(
        "§5.3.2, Fig. 5.7",
        "If instead of the median performance values the upper quartiles are considered, only "
        "filter impurity and \"no filter\" are Pareto optimal.",
        _pareto_evidence("5.7", "upper quartile")),
    "ch5.fig5_8.median": Statement(
        "§5.3.2, Fig. 5.8",
        "When considering the median values of the performance measures, the filter methods "
        "JMIM, JMI, impurity, and MIM are Pareto optimal.", _pareto_evidence("5.8", "median")),
    "ch5.fig5_8.upper_quartile": Statement(
        "§5.3.2, Fig. 5.8",
        "With respect to the upper quartiles of the performance measures, here JMI, impurity, "
        "and MIM are Pareto optimal.", _pareto_evidence("5.8", "upper quartile")),
    # -- §5.5: conclusions --------------------------------------------------------------------
    "ch5.5_5.no_subset": Statement(
        "§5.5",
        "There is no subset of filter methods that outperforms all other filter methods with "
        "respect to predictive accuracy. Which filters work best, depends on the data set.",
        "Figs. 5.5-5.8, A.7-A.10 (12 data sets)"),
    "ch5.5_5.work_well": Statement(
        "§5.5",
        "Nevertheless, the filter methods JMI, MIM, and impurity work well in most data "
        "situations.", "Figs. 5.6-5.8 (12 data sets)"),
    "ch5.5_5.group_best": Statement(
        "§5.5",
        "One could add auc and sym.uncert to the search space as representatives of their "
        "groups of filter methods, because they are the ones that perform best within these "
        "groups with respect to predictive accuracy.", "Figs. 5.6-5.8 (12 data sets)"),
    "ch5.5_5.neglect": Statement(
        "§5.5",
        "Filters MRMR and variance can be neglected due to bad predictive performance.",
        "Figs. 5.6-5.8 (12 data sets)"),
    "ch5.5_5.impurity": Statement(
        "§5.5",
        "If the computational resources only allow trying one filter method, impurity is a "
        "good choice. This filter method allowed fitting classification models with high "
        "classification accuracy on most of the data sets.", "Figs. 5.6-5.8 (12 data sets)"),
}
