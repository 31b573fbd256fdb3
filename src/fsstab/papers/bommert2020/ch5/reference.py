"""What Chapter 5 of the thesis states: the groups of filters with similar rankings and the
highest rank correlations (§5.2), the Pareto-optimal, best and worst filters (§5.3). The only
place the chapter's numbers are typed in."""

from __future__ import annotations

__all__ = [
    "ITERATIVE_FILTERS",
    "THESIS_BEST_FILTERS",
    "THESIS_FILTER_GROUPS",
    "THESIS_MEAN_RANK_CORRELATION",
    "THESIS_MIM_INFO_GAIN",
    "THESIS_PARETO",
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
