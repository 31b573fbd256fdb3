"""What Chapter 8 of the thesis states: the tuning grid of §8.3.1, the simulation design of
Table 8.1, the methods of §8.1, the medians the text reads off Fig. 8.4, what §8.3-8.4 read off
Figs. 8.5-8.9 per scenario and data set, and the chapter's claims (:data:`STATEMENTS`, in the
thesis' words). The only place the chapter's numbers and words are typed in."""

from __future__ import annotations

from fsstab.papers.conclusions import Statement

__all__ = [
    "APPROACHES",
    "L0_SUPPORT_SIZES",
    "REAL_DATA_BENEFIT",
    "REAL_DATA_STABS",
    "SIMULATION_DESIGNS",
    "SIMULATION_SIMILAR",
    "SIMULATION_SIZES",
    "STATEMENTS",
    "THESIS_REPLICATIONS",
    "THESIS_SCENARIOS",
    "THESIS_TOY_DATASETS",
    "TOY_MEDIANS",
    "TOY_METHODS",
    "TOY_METHOD_LABELS",
    "TOY_SEARCH_METHODS",
    "thesis_adj_advantage",
]

#: The approaches of §8.2 and the "truth" baseline of §8.3.1, in the order of Fig. 8.5.
APPROACHES: tuple[str, ...] = ("adj", "unadj", "acc", "stabs", "truth")
#: §8.3.1: the maximal support sizes ("max.feats") 2, 4, ..., 100 of L0 tuning.
L0_SUPPORT_SIZES: tuple[int, ...] = tuple(range(2, 101, 2))

#: Table 8.1: (n, p), designs of the correlation matrix, numbers of similar other features.
SIMULATION_SIZES: tuple[tuple[int, int], ...] = (
    (100, 200), (1000, 200), (100, 2000), (100, 10_000),
)
SIMULATION_DESIGNS: tuple[str, ...] = ("blocks", "toeplitz")
SIMULATION_SIMILAR: tuple[int, ...] = (0, 4, 14, 24)
#: §8.3: 32 scenarios, 50 replications each.
THESIS_SCENARIOS = 32
THESIS_REPLICATIONS = 50

#: The five methods of §8.1, in the order of Fig. 8.2, and their names there.
TOY_METHODS: tuple[str, ...] = (
    "glmboost", "lasso_glmnet", "lasso_liblinear", "random_forest", "l0",
)
TOY_METHOD_LABELS: dict[str, str] = {
    "glmboost": "GLM boosting", "lasso_glmnet": "lasso (glmnet)",
    "lasso_liblinear": "lasso (LiblineaR)", "random_forest": "random forest",
    "l0": "L0 logistic regression",
}
#: §8.1: the methods tuned by random search (L0 tries every max.feats).
TOY_SEARCH_METHODS: tuple[str, ...] = ("glmboost", "lasso_glmnet", "lasso_liblinear",
                                       "random_forest")
#: §8.1: 1000 simulated data sets.
THESIS_TOY_DATASETS = 1000
#: §8.1 medians of Fig. 8.4 stated in the text: L0 one feature of every {X2..Xi}; glm
#: boosting one of {X2..X4} and {X2..X5}; glmnet one of {X2..X4}, two of {X2..X5}; LiblineaR and
#: random forest "almost always select all" of {X2..X4} and {X2..X5}.
TOY_MEDIANS: dict[tuple[str, int], int] = {
    **{("l0", i): 1 for i in range(4, 9)},
    ("glmboost", 4): 1, ("glmboost", 5): 1, ("lasso_glmnet", 4): 1, ("lasso_glmnet", 5): 2,
    ("lasso_liblinear", 4): 3, ("lasso_liblinear", 5): 4,
    ("random_forest", 4): 3, ("random_forest", 5): 4,
}


def thesis_adj_advantage(n: int, p: int, design: str, similar: int) -> bool:
    """§8.3.2: the scenarios in which "adj" leads to much fewer false positives than "unadj"
    and "acc": with n = 100, p = 200 all with similar features; n = 1000, p = 200 with at least
    14 similar; n = 100, p = 2000 with 4 (blocks) / 14 (Toeplitz); n = 100, p = 10,000 only
    blocks with 24. False for sizes the thesis did not run."""
    if similar == 0:
        return False
    minimum = {(100, 200): {"blocks": 1, "toeplitz": 1},
               (1000, 200): {"blocks": 14, "toeplitz": 14},
               (100, 2000): {"blocks": 4, "toeplitz": 14},
               (100, 10_000): {"blocks": 24, "toeplitz": 10 ** 9}}.get((n, p))
    return minimum is not None and similar >= minimum[design]


#: §8.4.2 (Figs. 8.8, 8.9): per data set, what multi-criteria tuning gives against "acc":
#: "benefit (unadjusted suffices)", "benefit (adjusted needed)" or "no benefit, no harm".
REAL_DATA_BENEFIT: dict[str, str] = {
    **dict.fromkeys(("sonar", "christensen", "chiaretti"), "benefit (unadjusted suffices)"),
    **dict.fromkeys(("tecator", "har", "dilbert", "lsvt", "arcene"),
                    "benefit (adjusted needed)"),
    **dict.fromkeys(("kc1_binary", "gina_agnostic", "gravier", "eating"),
                    "no benefit, no harm"),
}
#: §8.4.2: what stability selection gives per data set: "lower accuracy" than the other
#: approaches, "more features" (fails at excluding irrelevant or redundant features), "higher
#: accuracy" (tecator), "sparser" (same accuracy, fewer features).
REAL_DATA_STABS: dict[str, str] = {
    **dict.fromkeys(("sonar", "har", "gina_agnostic", "lsvt", "gravier", "eating", "arcene"),
                    "lower accuracy"),
    **dict.fromkeys(("christensen", "chiaretti"), "more features"),
    "tecator": "higher accuracy",
    **dict.fromkeys(("kc1_binary", "dilbert"), "sparser"),
}

#: The claims of Chapter 8 checked by :mod:`~fsstab.papers.bommert2020.ch8.conclusions`.
STATEMENTS: dict[str, Statement] = {
    "ch8.toy.forest_all": Statement(
        "§8.1.2", "The random forest models contain all features on all data sets.",
        "Fig. 8.2: selection frequency 1 for X1..X15"),
    "ch8.toy.x1_always": Statement(
        "§8.1.2", "The relevant feature X1 which has no similar features is included in all "
        "models by all methods.", "Fig. 8.2"),
    "ch8.toy.medians": Statement(
        "§8.1.2", "Glm boosting, L0-regularized logistic regression and lasso with glmnet on "
        "median select exactly one feature out of {X2, X3, X4}; out of {X2, ..., X5} glm "
        "boosting and L0 still one, glmnet two; lasso with LiblineaR and random forest almost "
        "always select all of the features; L0 on median selects only one feature out of all "
        "groups {X2, ..., Xi}, i = 4..8.", "Figs. 8.3, 8.4"),
    "ch8.toy.l0_best": Statement(
        "§8.1.2", "L0-regularized logistic regression performs best at selecting only one "
        "feature out of a group of similar features.", "Fig. 8.4"),
    "ch8.sim.identity": Statement(
        "§8.3.1", "n. o. selected features = n. o. false positive features - n. o. false "
        "negative features + 5.", "definition"),
    "ch8.sim.adj_fewer_false_positives": Statement(
        "§8.3.2", "Using the adjusted stability measure during tuning leads to much fewer false "
        "positive features compared to single-criteria tuning and to tuning using the "
        "unadjusted stability measure [with n = 100, p = 200 in all scenarios with similar "
        "features; with other sizes from a number of similar features on].",
        "Figs. 8.5, A.22-A.24, A.26, A.27"),
    "ch8.sim.adj_keeps_accuracy": Statement(
        "§8.3.2", "This advantage comes at the small drawback of a slightly increased number of "
        "false negative features which, however, does not result in a decreased predictive "
        "performance.", "Figs. 8.5, 8.6"),
    "ch8.sim.unadj_not_better": Statement(
        "§8.5", "To obtain this benefit, the feature selection stability must be assessed with "
        "an adjusted stability measure. Measuring the stability with an unadjusted measure "
        "does not outperform single-criteria tuning in most scenarios.", "Figs. 8.5, A.22-A.24"),
    "ch8.sim.stabs_lower_accuracy": Statement(
        "§8.3.2", "The stability selection approach performs worse than the other methods in "
        "terms of predictive accuracy in the scenarios with similar features. The low "
        "classification accuracy is due to too few relevant features being selected: the "
        "number of false negative features is high.", "Figs. 8.5, 8.6"),
    "ch8.sim.no_similar_same_accuracy": Statement(
        "§8.3.2", "When there are no similar features, all approaches lead to models with "
        "similar classification accuracy.", "Fig. 8.5"),
    "ch8.sim.no_similar_stabs_fewest": Statement(
        "§8.3.2", "[Without similar features,] with the stability selection approach, the "
        "resulting models contain the fewest irrelevant or redundant features among the "
        "compared approaches.", "Fig. 8.5"),
    "ch8.sim.no_similar_adj_is_unadj": Statement(
        "§8.3.2", "When there are no similar features, the approaches \"adj\" and \"unadj\" "
        "are identical because in this situation, the stability measures SMU and SMA-Count "
        "are identical.", "definition"),
    "ch8.sim.adj_false_positives_decrease": Statement(
        "§8.3.2", "In all scenarios, for \"adj\", the number of false positive features "
        "decreases with an increasing number of similar features.", "Figs. A.26, A.27"),
    "ch8.sim.stabs_false_negatives_increase": Statement(
        "§8.3.2", "For \"stabs\", the number of false negative features increases with the "
        "number of similar features in the scenarios with p = 200.", "Figs. A.28, A.29"),
    "ch8.real.no_accuracy_lost": Statement(
        "§8.5", "For all data sets, no predictive accuracy is lost by additionally considering "
        "the stability.", "Fig. 8.8"),
    "ch8.real.benefit": Statement(
        "§8.4.2", "For sonar, tecator, har, dilbert, lsvt, christensen, arcene, and chiaretti "
        "[...] a comparable or even better predictive performance is achieved with "
        "multi-criteria tuning and the fitted models include fewer features [...] For sonar, "
        "christensen, and chiaretti, the unadjusted stability measure is sufficient. For "
        "kc1-binary, gina_agnostic, gravier, and eating, multi-criteria tuning does not "
        "provide a benefit [...] [but] does not decrease the predictive performance or "
        "increase the number of selected features.", "Figs. 8.8, 8.9"),
    "ch8.real.stabs": Statement(
        "§8.4.2", "For sonar, har, gina_agnostic, lsvt, gravier, eating, and arcene, stability "
        "selection leads to a worse predictive accuracy than the other approaches. For "
        "christensen and chiaretti, it fails at excluding irrelevant or redundant features.",
        "Figs. 8.8, 8.9"),
}
