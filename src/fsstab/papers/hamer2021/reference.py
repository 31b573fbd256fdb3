"""Numbers printed in Hamer & Dupont (2021), the targets of ``comparison.csv``.

Measure keys are the registry names of :mod:`fsstab.measures`: ``nogueira`` (φ, eq. 1),
``pearson`` (φ_pears, eq. 4), ``importance_weighted`` (φ_iw, eq. 6), ``canberra`` (φ_can,
eq. 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from fsstab.papers.conclusions import Statement

__all__ = [
    "FREQUENCY_SCORE_CORRELATION",
    "MEASURES",
    "PAPER_SETTINGS",
    "SINGH_COMPROMISES",
    "STATEMENTS",
    "TABLE3_FILTERED",
    "TABLE5",
    "TOY_FIGURES",
    "UNAVAILABLE",
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

#: Table 3: d after the variance prefilter of §7.1 ("d after fil.").
TABLE3_FILTERED = MappingProxyType({
    "alon": 2000, "borovecki": 1000, "singh": 1250, "gravier": 2905, "chiaretti": 5000,
    "arcene": 5000,
})

#: The paper's settings per part, in the terms :func:`fsstab.papers.hamer2021.settings.
#: run_settings` reports ours (``comparison.csv`` notes and ``conclusions.md`` compare them).
PAPER_SETTINGS: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    # §3-4: "M = 30 here"; "we assume that the number of input features d tends to ∞"
    "toy": MappingProxyType({"M": 30, "d": "→ ∞"}),
    # §5.3: M = 30 runs, 10 generative seeds, l = 1000 other features, ≈ 40 features at c = 1
    "correlated": MappingProxyType({"M": 30, "generative seeds": 10, "l": 1000,
                                    "features at c = 1": 40}),
    # §7.1: M = 100 bootstraps, k = 20 (Fig. 9), Table 3's prefilter
    "section71": MappingProxyType({"M": 100, "k": 20}),
    # §7.2: M = 30, min(20, √d) features, biomedical data pruned to 5000 features
    "section72": MappingProxyType({"M": 30, "k": "min(20, √d)", "features": "at most 5000"}),
    # §7.3: M = 1000 LASSO runs in 200 groups of 5
    "section73": MappingProxyType({"M": 1000, "group size": 5}),
})


#: The paper's data sets that cannot be had on the development machine (no network but PyPI),
#: and why; every other data set of the paper is on disk (the shared mirror, scikit-learn), and
#: a claim on it that a run leaves out is "not run (compute)", not "not testable here".
UNAVAILABLE: Mapping[str, str] = MappingProxyType({
    "chiaretti": "datamicroarray's chiaretti needs a download (no network here, no local copy)",
    "arcene": "ARCENE is served by OpenML 1458 (no network here, no local copy)",
    "lsvt": "LSVT is served by OpenML 1484 (no network here, no local copy)",
    "gastro": "the gastrointestinal lesions data need a download from UCI (no network here, no "
              "local copy)",
})


def _s(section: str, text: str, evidence: str) -> Statement:
    return Statement(section, text, evidence)


#: The claims checked in ``conclusions.md``, in the paper's words (shortened with "..."),
#: keyed ``<figure or section>.<what>``; the order is the paper's.
STATEMENTS: Mapping[str, Statement] = MappingProxyType({
    # §4, Figs. 3-6
    "fig3.phi_one": _s("§4, Fig. 3", "both subset-based and weight-based stability measures "
                       "are very high, even equal to 1 for subset-based measures such as φ",
                       "φ = 1"),
    "fig3.ranking_low": _s("§4, Fig. 3", "The measures φ, φ_pears and φ_iw are high but the "
                           "ranking measure φ_can is not", "φ = 1, φ_pears = 0.97, φ_iw = 0.9, "
                           "φ_can = 0.47"),
    "fig4.overestimated": _s("§4, Fig. 4", "a feature stability map for which φ would be "
                             "drastically overestimated. The measures φ_pears and φ_iw (and "
                             "φ_can to a lesser extent) correct this phenomenon",
                             "φ = 0.72, φ_pears = 0.13, φ_can = 0.39, φ_iw = 0.21"),
    "fig5.phi_maximal": _s("§4, Fig. 5", "The subset stability φ does not account for this "
                           "instability and is maximal", "φ = 1"),
    "fig5.weights_see_instability": _s("§4, Fig. 5", "Once again, φ_pears and φ_iw are able to "
                                       "assess this instability", "φ_pears = 0.42, "
                                       "φ_iw = 0.53 (φ = 1)"),
    "fig5.canberra_above_fig3": _s("§4", "One can also see that φ_can is higher in Figure 5 "
                                   "than in Figure 3", "0.55 > 0.47"),
    "fig5.canberra_highest": _s("§4, Fig. 5", "φ_can is the highest among the maps presented "
                                "here", "0.55 (Figs. 3, 4, 6: 0.47, 0.39, 0.51)"),
    "fig6.values": _s("§4, §6.3, Fig. 6", "φ = 15/20 × φ¹ + 5/20 × φ² = 0.75 ... φ_pears = 1/4 "
                      "× φ¹_pears + 3/4 × φ²_pears = 0.25 ... φ_iw = 1/2 × φ¹_iw + 1/2 × φ²_iw = "
                      "0.5", "eqs. 17, 18, Property 6 (d → ∞)"),
    "fig6.order": _s("§4, Fig. 6", "The measure φ overestimates stability ..., while φ_pears "
                     "underestimates it", "φ = 0.75 > φ_iw = 0.5 > φ_pears = 0.25"),
    # §5.1-5.2, Theorems 1-3, eq. 10
    "theorem1": _s("§5.1, Theorem 1", "computing feature importance using Equation (7) or (9) "
                   "for linear models is equivalent when the selected features are normalized to "
                   "unit variance", "Theorem 1 (proof)"),
    "sec5_2.fully_defined": _s("§5.2, Property 1", "Our proposed measure, φ_iw, is fully "
                               "defined: it is defined everywhere except when no feature is "
                               "ever selected, or every feature is always selected with an equal "
                               "importance", "App. A"),
    "sec5_2.maximum": _s("§5.2, Property 2", "The measure is maximal whenever the same feature "
                         "subset is always selected and the importances of the selected "
                         "features are constant across runs", "App. A: φ_iw = 1 ⇔ I_f,i = "
                         "I_f,j ∀ f, i, j"),
    "sec5_2.bounds": _s("§5.2, Property 3", "It is lower bounded by −1/(M−1) and upper bounded "
                        "by 1", "App. A"),
    "sec5_2.chance": _s("§5.2, Property 4", "The measure is also corrected for chance as its "
                        "expected value is constant (here set to 0) whenever features are "
                        "selected at random", "App. A"),
    "theorem2": _s("§5.2, Theorem 2", "Whenever the importance of all selected features is "
                   "evenly distributed between them in any given run, φ_iw = (μ_M[k̄|F_i ∩ F_j| "
                   "/ max(k_i, k_j)] − k̄/d μ_M[k_i k_j / max(k_i, k_j)]) / (k̄ − k̄/d μ_M[k_i "
                   "k_j / max(k_i, k_j)])", "Theorem 2 (App. B)"),
    "theorem3": _s("§5.2, Theorem 3", "whenever the number of selected features is constant "
                   "across runs, our proposed measure degenerates into the Kuncheva index and "
                   "thus, into φ", "Theorem 3 (App. B)"),
    "sec5_2.iw_like_phi": _s("§5.2, §7.2", "when the predictive models approximately use their "
                             "features equally, our measure φ_iw behaves in a similar manner to "
                             "existing measures (as is validated in Section 7.2)",
                             "Figs. 26-29 (φ and φ_iw of six methods)"),
    "eq10": _s("§5.2, eq. 10", "the measure φ_iw can be re-stated in a frequency-based form, as "
               "φ_iw = 1 − M/(M−1)(k̄ − Σ_f I*_f p_f²)/(k̄ − C) = 1 − (Σ_f I*_f s_f² + "
               "M/(M−1)(k̄ − Σ_f I*_f p_f))/(k̄ − C)", "eq. 10 (App. B)"),
    # §5.3, Figs. 7-8
    "fig8.phi_grows": _s("§5.3, Fig. 8a-b", "When the group LASSO is used (Figures 8a and 8b), "
                         "the standard stability φ increases when the number of correlated "
                         "variables inside each group grows", "Fig. 8a, 8b"),
    "fig8.phi_more_in_scenario2": _s("§5.3", "This behavior is more pronounced in Figure 8b "
                                     "(scenario 2) than in Figure 8a (scenario 1)", "Fig. 8"),
    "fig8.pearson_starts_high_and_falls": _s("§5.3, Fig. 8a-b", "The Pearson's correlation "
                                             "measure φ_pears ... starts higher than the other "
                                             "measures and gradually decreases", "Fig. 8a, 8b"),
    "fig8.pearson_more_in_scenario2": _s("§5.3", "As was the case for φ, this behavior is "
                                         "accentuated in Figure 8b (scenario 2)", "Fig. 8"),
    "fig8.iw_constant": _s("§5.3, Property 5", "φ_iw remains approximately constant with c",
                           "Fig. 8a, 8b"),
    "fig8.phic_like_phi_scenario2": _s("§5.3, Fig. 8b", "When the correlated groups are almost "
                                       "always selected (Figure 8b), φ_C behaves like φ, i.e. it "
                                       "increases with c", "Fig. 8b"),
    "fig8.phic_rises_then_falls_scenario1": _s("§5.3, Fig. 8a", "when correlated groups have "
                                               "non-negligible selection variance (Figure 8a), "
                                               "φ_C first starts to improve ..., but as c "
                                               "continues to increase, ... φ_C tends to −∞",
                                               "Fig. 8a"),
    "fig8.phic_constant_lasso": _s("§5.3, Fig. 8c", "When the LASSO is used instead of the "
                                   "group LASSO, φ_C remains approximately constant", "Fig. 8c"),
    "fig8.lasso_all_decrease": _s("§5.3, Fig. 8c", "The other measures φ, φ_iw and φ_pears all "
                                  "decrease when c increases", "Fig. 8c"),
    # §6.1, Fig. 9
    "fig9.hybrid_better": _s("§6.1, Fig. 9", "Far better (accuracy, stability) trade-offs are "
                             "reachable with the hybrid-RFE ... The hybrid-RFE is able to "
                             "increase the selection stability by considerable amounts and "
                             "dominates simple model selection", "Fig. 9 (φ, one micro-array "
                             "data set, k = 20; no numbers)"),
    "fig9.areas": _s("§6.1, Fig. 9", "The plot represents the areas dominated by the Pareto-"
                     "optimal curves ... of the standard logistic RFE (blue) and by the "
                     "hybrid-RFE (red)", "Fig. 9 (areas drawn, not printed)"),
    # §6.2, Fig. 10
    "fig10.positive": _s("§6.2, Fig. 10", "Features which are selected more often tend to have "
                         "higher frequency scores", "r = 0.68 (singh), 0.54 (chiaretti)"),
    # §7.1, Fig. 11
    "fig11.iw_increases_less": _s("§7.1, Fig. 11", "The three stabilities start roughly equal "
                                  "at the left of their respective Pareto front, and our measure "
                                  "φ_iw can be increased much less than φ and φ_pearson",
                                  "Fig. 11 (singh)"),
    "fig11.optimising_phi": _s("§7.1", "optimizing φ or φ_pears respectively leads to "
                               "situations where φ ≫ φ_iw and φ_pears ≫ φ_iw", "Fig. 11a-b maps"),
    "fig11.accuracy_sacrificed": _s("§7.1", "Using φ as stability measure gives the illusion of "
                                    "increasing stability by large amounts, thus more accuracy "
                                    "is sacrificed", "A ≈ 0.889 (φ), 0.930 (φ_pears), 0.934 "
                                    "(φ_iw) on singh, 0.4 ≤ γ ≤ 0.6"),
    # §7.2.1, Fig. 12, Table 5
    "fig12.frequent_more_important": _s("§7.2.1, Fig. 12", "Figure 12 illustrates that the "
                                        "LASSO tends to give more importance (width of the "
                                        "rectangles) to frequently selected features",
                                        "Fig. 12 (singh, lsvt)"),
    "fig12.importance_varies": _s("§7.2.1, Fig. 12", "Yet, feature importance is highly "
                                  "varying", "Fig. 12 (singh, lsvt)"),
    "table5.values": _s("§7.2.1, Table 5", "Table 5 summarizes the compromises achievable by the "
                        "LASSO for the three considered stabilities", "Table 5"),
    "table5.accuracy": _s("§7.2.1, Table 5", "Table 5 summarizes the compromises achievable by "
                          "the LASSO [: its accuracy A]", "Table 5"),
    "table5.iw_below_pearson": _s("§7.2.1", "This behavior tends to make φ_iw lower than "
                                  "φ_pears", "Table 5: φ_iw < φ_pears on 11 of 11"),
    # §7.2.2-7.2.5, Figs. 13-17
    "fig13.stability_increases": _s("§7.2.2, Fig. 13", "All three stability measures increase "
                                    "when departing from the pure LASSO selection (λ2 = 1)",
                                    "Fig. 13"),
    "fig14.phi_unchanged": _s("§7.2.3, Fig. 14", "As λ_f does not influence the identity of the "
                              "selected features, φ remains unchanged with its variations",
                              "Fig. 14 (lsvt)"),
    "fig14.final_lambda_stabilises": _s("§7.2.3, Fig. 14", "Increasing λ_f tends to increase "
                                        "φ_iw and φ_pears as it reduces the instability of the "
                                        "importance of the selected features", "Fig. 14 (lsvt)"),
    "fig15.larger_forests": _s("§7.2.4, Fig. 15", "Larger forests are more stable [and have a "
                               "better predictive accuracy]", "Fig. 15 (3 to 3000 trees)"),
    "fig15.better_accuracy": _s("§7.2.4, Fig. 15", "Larger forests [are more stable and] have a "
                                "better predictive accuracy", "Fig. 15 (3 to 3000 trees)"),
    "fig17.more_neighbours": _s("§7.2.5, Fig. 17", "This number [of neighbours] is gradually "
                                "increased up to 40 which increases stability in most cases",
                                "Fig. 17 (K = 1 to 40)"),
    # §7.3, Fig. 19
    "fig19.iw_less_variable": _s("§7.3", "the variability of our measure φ_iw is generally "
                                 "lower than the variability of φ_pears", "Fig. 19"),
    "fig19.usual_order": _s("§7.3, Fig. 19", "On 6 of the 11 data sets, c_v,φ < c_v,φ_iw < "
                            "c_v,φ_pears, there is no noticeable difference on 4, and on "
                            "ionosphere only, c_v,φ_pears < c_v,φ_iw < c_v,φ", "Fig. 19"),
    "fig20.approximately_normal": _s("§7.3, Fig. 20", "The sampling distributions of all three "
                                     "measures are approximately normally distributed",
                                     "Fig. 20 (gastro, lsvt)"),
})
