"""What Chapter 7 of the thesis states: the search space of Table 6.5, the stability measures of
§7.2, Table 7.1, what the text reads off Figs. 7.1-7.5 per data set and the chapter's claims
(:data:`STATEMENTS`, in the thesis' words). The only place the chapter's numbers and words are
typed in."""

from __future__ import annotations

from fsstab.papers.conclusions import Statement

__all__ = [
    "CH7_CLASSIFIERS",
    "CH7_EMBEDDED",
    "CH7_FILTERS",
    "CH7_MEASURES",
    "CH7_NON_SELECTING",
    "FIG_7_3_PA_BEST_GAP",
    "FIG_7_5_ACCURACY_CHANGE",
    "OVERFIT_EXCEPTIONS",
    "STATEMENTS",
    "TABLE_7_1",
    "THESIS_AGREEMENT_LARGEST",
    "THESIS_MANY_A_BEST",
]

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

#: §7.3.1: the classifiers with embedded feature selection, and those without (which select
#: every feature when no filter precedes them).
CH7_EMBEDDED: tuple[str, ...] = ("lasso", "random_forest", "glmboost")
CH7_NON_SELECTING: tuple[str, ...] = ("svm", "knn", "ridge")

#: §7.3.1: the data sets on which "many of the 4800 configurations achieve the same best
#: classification accuracy on the training data".
THESIS_MANY_A_BEST: tuple[str, ...] = ("dilbert", "christensen", "chiaretti")
#: §7.3.1 (Fig. 7.1): "the agreement on PA-best configurations is largest" on these.
THESIS_AGREEMENT_LARGEST: tuple[str, ...] = ("christensen", "gravier", "eating")
#: §7.3.2 (Fig. 7.3): the test accuracy of the PA-best configurations against their training
#: accuracy, per data set the text names: "same" (almost the same) or "lower" (noticeably lower).
FIG_7_3_PA_BEST_GAP: dict[str, str] = {
    "har": "same", "gina_agnostic": "same", "dilbert": "same", "christensen": "same",
    "sonar": "lower", "kc1_binary": "lower", "tecator": "lower", "lsvt": "lower",
    "gravier": "lower",
}
#: §7.3.2: the data sets on which the A-best configurations do *not* lose more accuracy from
#: training to test data than the PA-best ones ("except for ... gravier and chiaretti").
OVERFIT_EXCEPTIONS: tuple[str, ...] = ("gravier", "chiaretti")
#: §7.3.2 (Figs. 7.4, 7.5): the test accuracy of a PA-best configuration that is more stable
#: and selects fewer features than the A-best ones, against the A-best ones: "gain" (higher
#: accuracy), "no loss" ("without any loss of predictive accuracy"), "noticeable loss".
FIG_7_5_ACCURACY_CHANGE: dict[str, str] = {
    **dict.fromkeys(("sonar", "kc1_binary", "tecator", "har", "lsvt", "eating"), "gain"),
    **dict.fromkeys(("gina_agnostic", "gravier", "arcene"), "noticeable loss"),
    **dict.fromkeys(("dilbert", "christensen", "chiaretti"), "no loss"),
}

_TABLE_7_1_NOTE = ("Table 7.1: christensen 483 / 483 / 483 / 483 Pareto-optimal, 67 PA-best each; "
                   "gravier 687 / 563 / 1027 / 506 and 6 / 6 / 6 / 4 (SMU / SMA-Count / SMJ / SMH)")

#: The claims of Chapter 7 checked by :mod:`~fsstab.papers.bommert2020.ch7.conclusions`.
STATEMENTS: dict[str, Statement] = {
    "ch7.smj_most_optimal": Statement(
        "§7.3.1", "For all data sets, using SMJ leads to the largest number of Pareto optimal "
        "and PA-best configurations.", _TABLE_7_1_NOTE),
    "ch7.many_a_best": Statement(
        "§7.3.1", "For data sets dilbert, christensen, and chiaretti, many of the 4 800 "
        "configurations per data set achieve the same best classification accuracy on the "
        "training data.", "Table 7.1 A-best: christensen 3414, gravier 2 (of 4800)"),
    "ch7.agreement": Statement(
        "§7.3.1", "The agreement on PA-best configurations is largest for the data sets "
        "christensen, gravier, and eating.", "Fig. 7.1"),
    "ch7.smu_sma_no_unselective": Statement(
        "§7.3.1", "For SMU and SMA-Count, it can be observed that among the PA-best "
        "configurations there are no methods that do not perform feature selection at all "
        "(a classifier without embedded selection -- SVM, k-NN, ridge -- and no filter).",
        "Figs. 7.2, A.16"),
    "ch7.smj_smh_unselective": Statement(
        "§7.3.1", "For SMJ and SMH, such configurations are Pareto optimal because both "
        "stability measures attain their maximum value if all features are included in all "
        "of the 10 models.", "Figs. A.17, A.18"),
    "ch7.embedded_filter": Statement(
        "§7.3.1", "For the classification methods that perform embedded feature selection "
        "(lasso logistic regression, random forest, and glm boosting) many of the best "
        "configurations employ a filter.", "Figs. 7.2, A.16-A.18"),
    "ch7.train_test_gap": Statement(
        "§7.3.2", "For har, gina_agnostic, dilbert, and christensen, the PA-best configurations "
        "have almost the same predictive accuracy on the test data as on the training data. "
        "For sonar, kc1-binary, tecator, lsvt, and gravier, the classification accuracy on the "
        "test data is noticeably lower than on the training data.", "Fig. 7.3"),
    "ch7.less_overfitting": Statement(
        "§7.3.2, §7.4", "The decrease in classification accuracy from training to test data is "
        "much larger for the A-best configurations than for the PA-best configurations [...] "
        "This observation applies to all of the considered data sets, except for the gene "
        "expression data sets gravier and chiaretti. With the proposed strategy, models can "
        "be obtained that over-fit the training data less than the models obtained with "
        "single-criteria tuning.", "Fig. 7.3"),
    "ch7.stable_fewer_features": Statement(
        "§7.4", "With this strategy, it is possible to choose configurations with a more stable "
        "selection of fewer features without losing much predictive accuracy compared to model "
        "fitting only based on predictive performance.", "Figs. 7.4, 7.5"),
    "ch7.accuracy_change": Statement(
        "§7.3.2", "For gina_agnostic, gravier, and arcene, with multi-criteria tuning, "
        "configurations can be found that lead to a more stable selection of fewer features at "
        "the cost of a noticeable loss in predictive accuracy [...] For data sets dilbert, "
        "christensen, and chiaretti [...] it is possible to find configurations with a "
        "comparably stable feature selection of few features without any loss of predictive "
        "accuracy.", "Fig. 7.5"),
    "ch7.uncorrected_many_features": Statement(
        "§7.4", "The other considered stability measures [SMJ, SMH] lack the theoretical "
        "property \"correction for chance\" and therefore favor models with a large number of "
        "selected features for some data sets.", "Figs. 7.4, 7.5 (tecator, har, gina_agnostic)"),
}
