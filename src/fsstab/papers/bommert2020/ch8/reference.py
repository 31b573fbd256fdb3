"""What Chapter 8 of the thesis states: the tuning grid of §8.3.1, the simulation design of
Table 8.1, the methods of §8.1 and the medians the text reads off Fig. 8.4. The only place the
chapter's numbers are typed in."""

from __future__ import annotations

__all__ = [
    "APPROACHES",
    "L0_SUPPORT_SIZES",
    "SIMULATION_DESIGNS",
    "SIMULATION_SIMILAR",
    "SIMULATION_SIZES",
    "THESIS_REPLICATIONS",
    "THESIS_SCENARIOS",
    "THESIS_TOY_DATASETS",
    "TOY_MEDIANS",
    "TOY_METHODS",
    "TOY_METHOD_LABELS",
    "TOY_SEARCH_METHODS",
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
