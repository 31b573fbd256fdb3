"""Bommert (2020, thesis) Chapters 7 and 8: multi-criteria tuning and models on similar features.

Chapter 8 (models on data sets with similar features)
----------------------------------------------------
* §8.1 toy example: five classifiers with embedded selection, tuned by 10-fold CV, on the
  15-feature design of Fig. 8.1 -- :func:`toy_replication`, :func:`nested_group_counts`.
* §8.2 approaches for L0-regularised logistic regression: "acc" (single-criteria tuning of the
  maximal support size), "unadj" / "adj" (accuracy and stability, SMU / SMA-Count, chosen by
  ε-constraint selection, Algorithm 3.2 with the erratum of ``DEVELOPERS.md``), "stabs"
  (stability selection with L0 as base selector, PFER and π_thr tuned by random search, then an
  unregularised logistic regression) -- :func:`run_approaches`.
* §8.3 simulation (Table 8.1): :func:`simulation_replication` on a :class:`Scenario`, with the
  false positives / negatives of §8.3.1 (:func:`false_features`).
* §8.4 real data, nested cross-validation: :func:`real_data_outer_fold`.

Chapter 7 (multi-criteria tuning)
---------------------------------
* the search space of Table 6.5 (filter × classifier, random search):
  :func:`sample_ch7_configurations`;
* filter orders computed once per fold and shared by every configuration:
  :func:`filter_orders`;
* the evaluation of a configuration by 10-fold CV (accuracy, mean number of selected
  features, SMU, SMA-Count, SMJ, SMH): :func:`evaluate_ch7_configurations`;
* Pareto-optimal, PA-best and A-best configurations (§7.1) and Table 7.1's counts:
  :func:`ch7_optimal_flags`, :func:`table_7_1`.

Choices where the thesis leaves room are documented in ``docs/paper-bommert2020-ch78.md``; the
authors' published R code (bommert/phd-thesis) was consulted for the data split (training and
test data of n rows each), the similarity matrix (|Pearson| of the training data, θ = 0.9, also
for the false positives / negatives) and the random search of stability selection.
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.ensemble import RandomForestClassifier
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.utils import check_random_state

from fsstab.measures import (
    adjusted_measure_by_group,
    hamming,
    intersection_count,
    jaccard,
    unadjusted,
)
from fsstab.papers.bommert2020_ch78_settings import (
    CH7_CLASSIFIER_NAMES,
    CH7_FILTER_NAMES,
    L0_SUPPORT_SIZES,
    NTREE_VALUES,
    check_section,
    resolve_section,
)
from fsstab.pareto import epsilon_constraint_selection, non_dominated_mask
from fsstab.resampling import make_resamples
from fsstab.selectors import (
    FILTERS,
    GLMBoostSelector,
    LassoSelector,
    complementary_pairs,
    descending_order,
    glm_boost,
    l0_logistic_fit,
    l0_logistic_support,
    stability_selection_parameters,
)
from fsstab.similarity import correlation_similarity
from fsstab.synthetic import GENERATORS
from fsstab.workflow.evaluation import selection_accuracy
from fsstab.workflow.seeds import derive_seed

__all__ = [
    "APPROACHES",
    "CH7_CLASSIFIERS",
    "CH7_FILTERS",
    "CH7_MEASURES",
    "L0_SUPPORT_SIZES",
    "SIMILARITY_THRESHOLD",
    "TOY_METHODS",
    "ApproachSettings",
    "Scenario",
    "adjusted_overlap",
    "ch7_optimal_flags",
    "check_section",
    "choose_by_accuracy",
    "evaluate_ch7_configurations",
    "false_features",
    "filter_orders",
    "l0_cv_selections",
    "l0_tuning_table",
    "nested_group_counts",
    "real_data_outer_fold",
    "resolve_section",
    "run_approaches",
    "sample_ch7_configurations",
    "scenarios",
    "selection_frequencies",
    "simulation_replication",
    "stabs_configurations",
    "stratified_folds",
    "table_7_1",
    "toy_replication",
    "tune_stability_selection",
]

#: Two features are similar (exchangeable) when their absolute correlation is at least 0.9
#: (thesis §8.3, also the θ of SMA-Count).
SIMILARITY_THRESHOLD = 0.9
#: The approaches of §8.2 and the "truth" baseline of §8.3.1, in the order of Fig. 8.5.
APPROACHES: tuple[str, ...] = ("adj", "unadj", "acc", "stabs", "truth")
#: Stability measure of each multi-criteria approach (§8.3.1).
APPROACH_MEASURE: dict[str, str] = {"adj": "intersection_count", "unadj": "unadjusted"}


# ============================================================================================
# Common pieces
# ============================================================================================


def stratified_folds(y: np.ndarray, n_splits: int, random_state: int) -> list[
    tuple[np.ndarray, np.ndarray]
]:
    """Stratified ``n_splits``-fold cross-validation (mlr's ``makeResampleDesc("CV",
    stratify = TRUE)``): ``[(train rows, test rows), ...]``."""
    return list(make_resamples(y, "kfold", n_splits, random_state, n_splits=n_splits))


def _similar_block(similarity: Any, rows: Sequence[int], cols: Sequence[int],
                   threshold: float) -> np.ndarray:
    """``similarity[rows][:, cols] >= threshold`` as a dense boolean block."""
    rows, cols = np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
    if sp.issparse(similarity):
        block = similarity[rows][:, cols].toarray()
    else:
        block = np.asarray(similarity)[np.ix_(rows, cols)]
    return block >= threshold


def adjusted_overlap(
    selected: Sequence[int], reference: Sequence[int], similarity: Any,
    threshold: float = SIMILARITY_THRESHOLD,
) -> int:
    """``a = |V ∩ C| + min{A(V, C), A(C, V)}`` (thesis §8.3.1; the SMA-Count adjustment of
    Table 3.2): the overlap of two feature sets where a feature with a similar (≥ θ) partner in
    the other set's private part also counts.

    ``A(V_i, V_j) = |{x ∈ V_i \\ V_j : ∃ y ∈ V_j \\ V_i with similarity(x, y) ≥ θ}|``.
    """
    v, c = set(map(int, selected)), set(map(int, reference))
    only_v, only_c = sorted(v - c), sorted(c - v)
    adjustment = 0
    if only_v and only_c:
        block = _similar_block(similarity, only_v, only_c, threshold)
        adjustment = min(int(block.any(axis=1).sum()), int(block.any(axis=0).sum()))
    return len(v & c) + adjustment


def false_features(
    selected: Sequence[int], relevant: Sequence[int], similarity: Any,
    threshold: float = SIMILARITY_THRESHOLD,
) -> tuple[int, int]:
    """False positives and false negatives of a selected set (thesis §8.3.1).

    With ``a`` from :func:`adjusted_overlap` (a selected feature similar to a relevant one that
    was not selected stands in for it): false positives = |V| − a, false negatives = |C| − a.
    """
    a = adjusted_overlap(selected, relevant, similarity, threshold)
    return len(set(map(int, selected))) - a, len(set(map(int, relevant))) - a


def choose_by_accuracy(accuracy: Any, random_state: Any) -> int:
    """Index of the best accuracy; among ties one at random (single-criteria tuning, §8.2)."""
    acc = np.asarray(accuracy, dtype=np.float64)
    finite = np.isfinite(acc)
    if not finite.any():
        raise ValueError("accuracy has no finite value; no configuration can be chosen")
    best = np.flatnonzero(finite & (acc == acc[finite].max()))
    if best.size == 1:
        return int(best[0])
    return int(best[check_random_state(random_state).randint(best.size)])


def _masked_choice(values_ok: np.ndarray, choose) -> int:
    """Apply ``choose`` to the rows where ``values_ok`` and map the result back."""
    rows = np.flatnonzero(values_ok)
    if rows.size == 0:
        raise ValueError("no configuration with finite accuracy and stability")
    return int(rows[choose(rows)])


#: The "stabs" and "truth" models of §8.2-8.3: an unregularised logistic regression (R's
#: ``glm``).
GLM_MODEL = make_pipeline(
    StandardScaler(), LogisticRegression(C=np.inf, solver="lbfgs", max_iter=2000)
)


def logistic_accuracy(
    X_train: np.ndarray, y_train: np.ndarray, X_test: np.ndarray, y_test: np.ndarray,
    support: np.ndarray,
) -> float:
    """Test accuracy of :data:`GLM_MODEL` on the ``support`` columns
    (:func:`fsstab.workflow.evaluation.selection_accuracy`: with no feature, the training
    majority class, i.e. the intercept-only model)."""
    with warnings.catch_warnings():
        # separable training data: the likelihood has no maximum, R's glm warns as well; the
        # predictions of the (large) fitted coefficients are still well defined
        warnings.simplefilter("ignore", ConvergenceWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        return selection_accuracy(GLM_MODEL, support, X_train, y_train, X_test, y_test)


# ============================================================================================
# §8.2-8.3: tuning L0-regularised logistic regression
# ============================================================================================


@dataclass(frozen=True)
class FoldSelections:
    """L0 fits of every support size on every CV fold: ``supports[s, f]`` is the selected set of
    size ``sizes[s]`` on fold ``f``, ``accuracies[s, f]`` its accuracy on the fold's test rows."""

    sizes: np.ndarray
    supports: np.ndarray
    accuracies: np.ndarray
    seconds: float
    backend: str


def l0_cv_selections(
    X: np.ndarray, y: np.ndarray, folds: Sequence[tuple[np.ndarray, np.ndarray]],
    sizes: Sequence[int], *, l2: float = 0.01, backend: str = "auto",
) -> FoldSelections:
    """Fit L0-regularised logistic regression for every max.feats in ``sizes`` on every fold
    (§8.3.1: "Ten-fold cross-validation is conducted to evaluate the performance of each
    hyperparameter value"). Sizes larger than the number of features are capped at it."""
    d = X.shape[1]
    sizes = np.asarray(sorted({min(int(k), d) for k in sizes}), dtype=np.int64)
    if sizes.size == 0 or sizes[0] < 1:
        raise ValueError(f"sizes must be positive integers, got {list(sizes)}")
    supports = np.zeros((sizes.size, len(folds), d), dtype=bool)
    accuracies = np.empty((sizes.size, len(folds)))
    used = backend
    start = time.perf_counter()
    for f, (train, test) in enumerate(folds):
        for s, k in enumerate(sizes):
            model = l0_logistic_fit(X[train], y[train], int(k), l2=l2, backend=backend)
            supports[s, f] = model.support
            accuracies[s, f] = np.mean(model.predict(X[test]) == y[test])
            used = model.backend
    return FoldSelections(sizes, supports, accuracies, time.perf_counter() - start, used)


def l0_tuning_table(
    selections: FoldSelections, similarity: Any, *, threshold: float = SIMILARITY_THRESHOLD,
    n_estimate: int = 10_000, random_state: int = 0,
) -> tuple[pd.DataFrame, dict[str, float]]:
    """Per max.feats: mean CV accuracy, mean number of selected features, SMU and SMA-Count of
    the fold's feature sets (§8.3.1; undefined pairwise scores count as 0, the authors'
    ``impute.na = 0``). Also returns the seconds spent on each measure (Fig. 8.7)."""
    n_sizes, n_folds, d = selections.supports.shape
    start = time.perf_counter()
    smu = [unadjusted(selections.supports[s], d=d, undefined="zero") for s in range(n_sizes)]
    seconds = {"unadjusted": time.perf_counter() - start}
    start = time.perf_counter()
    # all sizes at once: their Monte-Carlo expectations share one set of draws
    smac = adjusted_measure_by_group(
        "intersection_count", selections.supports.reshape(n_sizes * n_folds, d),
        np.repeat(np.arange(n_sizes), n_folds), similarity, threshold=threshold,
        correction="estimate", n_estimate=n_estimate, random_state=random_state,
        undefined="zero",
    )
    seconds["intersection_count"] = time.perf_counter() - start
    rows = [
        {
            "max_support_size": int(k),
            "accuracy": float(selections.accuracies[s].mean()),
            "mean_n_selected": float(selections.supports[s].sum(axis=1).mean()),
            "unadjusted": smu[s],
            "intersection_count": float(smac[s]),
        }
        for s, k in enumerate(selections.sizes)
    ]
    return pd.DataFrame(rows), seconds


def choose_l0_configuration(
    table: pd.DataFrame, approach: str, *, acc_const: float, stab_const: float,
    random_state: int,
) -> int:
    """Row of ``table`` chosen by ``approach``: best accuracy ("acc", ties at random) or
    ε-constraint selection on accuracy and SMA-Count ("adj") or SMU ("unadj")."""
    accuracy = table["accuracy"].to_numpy(dtype=np.float64)
    if approach == "acc":
        return choose_by_accuracy(accuracy, random_state)
    if approach not in APPROACH_MEASURE:
        raise ValueError(f"approach must be 'acc', 'adj' or 'unadj', got {approach!r}")
    stability = table[APPROACH_MEASURE[approach]].to_numpy(dtype=np.float64)
    ok = np.isfinite(accuracy) & np.isfinite(stability)  # eps.constr drops undefined values
    return _masked_choice(ok, lambda rows: epsilon_constraint_selection(
        accuracy[rows], stability[rows], acc_const=acc_const, stab_const=stab_const,
        random_state=random_state,
    ))


# ============================================================================================
# §8.2 stability selection with L0 ("stabs")
# ============================================================================================


def stabs_configurations(
    n_configs: int, n_features: int, random_state: int, *,
    pfer_range: tuple[float, float] = (0.1, 10.0),
    pi_thr_range: tuple[float, float] = (0.6, 0.9),
) -> pd.DataFrame:
    """The random search of §8.3.1: ``n_configs`` draws of π_thr ~ U(0.6, 0.9) and
    PFER ~ U(0.1, 10); q from the bound PFER ≤ q²/((2π_thr − 1)p) (thesis §3.3.3,
    :func:`fsstab.selectors.stability_selection_parameters`). Configurations whose q would be
    below 1 get q = 0 and are not evaluated."""
    rng = check_random_state(random_state)
    rows = []
    for config in range(int(n_configs)):
        pi_thr = float(rng.uniform(*pi_thr_range))
        pfer = float(rng.uniform(*pfer_range))
        try:
            q = stability_selection_parameters(n_features, pi_thr=pi_thr, pfer=pfer).q
        except ValueError:
            q = 0
        rows.append({"stabs_config": config, "pi_thr": pi_thr, "pfer": pfer, "q": q})
    return pd.DataFrame(rows)


def selection_frequencies(
    X: np.ndarray, y: np.ndarray, q_values: Sequence[int], *, n_pairs: int, random_state: int,
    l2: float = 0.01, backend: str = "auto",
) -> dict[int, np.ndarray]:
    """Selection frequency of every feature over 2B complementary half-samples, per q.

    Every q uses the same B stratified complementary pairs (thesis §3.3.3; Shah & Samworth
    2013), so configurations of the random search that share q share their L0 fits; the
    frequencies for one q are exactly those of a single stability-selection run.
    """
    subsamples = complementary_pairs(y, int(n_pairs), random_state, stratify=True)
    frequencies = {}
    for q in sorted({int(q) for q in q_values if q >= 1}):
        counts = np.zeros(X.shape[1])
        for rows in subsamples:
            support, _ = l0_logistic_support(X[rows], y[rows], min(q, X.shape[1]), l2=l2,
                                             backend=backend)
            counts += support
        frequencies[q] = counts / len(subsamples)
    return frequencies


def stabs_support(frequencies: Mapping[int, np.ndarray], q: int, pi_thr: float) -> np.ndarray:
    """Features with selection frequency ≥ π_thr (a tolerance guards counts / 2B rounding)."""
    return frequencies[int(q)] >= pi_thr - 1e-12


def tune_stability_selection(
    X: np.ndarray, y: np.ndarray, folds: Sequence[tuple[np.ndarray, np.ndarray]],
    configs: pd.DataFrame, *, n_pairs: int, random_state: int, l2: float = 0.01,
    backend: str = "auto",
) -> tuple[pd.DataFrame, float]:
    """Cross-validated accuracy of every stability-selection configuration (§8.3.1).

    On each fold's training rows, stability selection with L0 runs for every distinct q, the
    features with π̂ ≥ π_thr are kept and an unregularised logistic regression on them is
    evaluated on the fold's test rows. Returns ``configs`` with ``accuracy`` and the seconds.
    """
    start = time.perf_counter()
    valid = configs["q"].to_numpy() >= 1
    accuracy = np.zeros((len(configs), len(folds)))
    for f, (train, test) in enumerate(folds):
        freq = selection_frequencies(
            X[train], y[train], configs["q"][valid], n_pairs=n_pairs,
            random_state=derive_seed(random_state, "stabs-fold", f), l2=l2, backend=backend,
        )
        for i, config in enumerate(configs.itertuples(index=False)):
            if not valid[i]:
                continue
            support = stabs_support(freq, config.q, config.pi_thr)
            accuracy[i, f] = logistic_accuracy(X[train], y[train], X[test], y[test], support)
    out = configs.copy()
    out["accuracy"] = np.where(valid, accuracy.mean(axis=1), np.nan)
    return out, time.perf_counter() - start


# ============================================================================================
# §8.2: the four approaches on one training / test split
# ============================================================================================


@dataclass(frozen=True)
class ApproachSettings:
    """Settings of §8.3.1 (defaults are the thesis' values)."""

    n_folds: int = 10
    sizes: tuple[int, ...] = L0_SUPPORT_SIZES
    l2: float = 0.01
    backend: str = "auto"
    threshold: float = SIMILARITY_THRESHOLD
    n_estimate: int = 10_000
    acc_const: float = 0.025
    stab_const: float = 0.1
    n_stabs_configs: int = 50
    n_pairs: int = 50
    pfer_range: tuple[float, float] = (0.1, 10.0)
    pi_thr_range: tuple[float, float] = (0.6, 0.9)

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> ApproachSettings:
        """Settings from a configuration section; unknown keys raise ``ValueError``."""
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(f"unknown approach setting(s) {unknown}; known: {sorted(known)}")
        converted = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
        return replace(cls(), **converted)


@dataclass
class ApproachOutcome:
    """The final model of one approach: selected features, test accuracy, chosen parameters."""

    approach: str
    support: np.ndarray
    test_accuracy: float
    params: dict[str, Any] = field(default_factory=dict)
    tuning_seconds: float = float("nan")


def run_approaches(
    X_train: np.ndarray, y_train: np.ndarray, X_test: np.ndarray, y_test: np.ndarray,
    similarity: Any, settings: ApproachSettings, seed: int,
) -> tuple[list[ApproachOutcome], pd.DataFrame]:
    """Tune and fit "adj", "unadj", "acc" and "stabs" (§8.2) on the training data; evaluate the
    final models on the test data. ``similarity``: |correlation| of the training features.

    Every approach uses the same CV folds (§8.3.1 "all approaches use the same ... cross-
    validation splits"). Returns the outcomes and the L0 tuning table (one row per max.feats).
    Tuning seconds (Fig. 8.7): the L0 CV fits for "acc", plus the stability measure for
    "unadj" / "adj", and the whole random search for "stabs".
    """
    folds = stratified_folds(y_train, settings.n_folds, derive_seed(seed, "folds"))
    selections = l0_cv_selections(
        X_train, y_train, folds, settings.sizes, l2=settings.l2, backend=settings.backend
    )
    table, measure_seconds = l0_tuning_table(
        selections, similarity, threshold=settings.threshold, n_estimate=settings.n_estimate,
        random_state=derive_seed(seed, "sma-count"),
    )
    outcomes = []
    for approach in ("adj", "unadj", "acc"):
        row = choose_l0_configuration(
            table, approach, acc_const=settings.acc_const, stab_const=settings.stab_const,
            random_state=derive_seed(seed, "choice", approach),
        )
        k = int(table["max_support_size"].iloc[row])
        final = l0_logistic_fit(X_train, y_train, k, l2=settings.l2, backend=settings.backend)
        seconds = selections.seconds + measure_seconds.get(APPROACH_MEASURE.get(approach), 0.0)
        outcomes.append(ApproachOutcome(
            approach, final.support, float(np.mean(final.predict(X_test) == y_test)),
            {"max_support_size": k, "backend": final.backend}, seconds,
        ))
    configs = stabs_configurations(
        settings.n_stabs_configs, X_train.shape[1], derive_seed(seed, "stabs-configs"),
        pfer_range=settings.pfer_range, pi_thr_range=settings.pi_thr_range,
    )
    tuned, stabs_seconds = tune_stability_selection(
        X_train, y_train, folds, configs, n_pairs=settings.n_pairs,
        random_state=derive_seed(seed, "stabs-cv"), l2=settings.l2, backend=settings.backend,
    )
    best = tuned.iloc[choose_by_accuracy(tuned["accuracy"], derive_seed(seed, "choice", "stabs"))]
    freq = selection_frequencies(
        X_train, y_train, [int(best.q)], n_pairs=settings.n_pairs,
        random_state=derive_seed(seed, "stabs-final"), l2=settings.l2, backend=settings.backend,
    )
    support = stabs_support(freq, int(best.q), float(best.pi_thr))
    outcomes.append(ApproachOutcome(
        "stabs", support, logistic_accuracy(X_train, y_train, X_test, y_test, support),
        {"q": int(best.q), "pi_thr": float(best.pi_thr), "pfer": float(best.pfer),
         "backend": selections.backend},
        stabs_seconds,
    ))
    return outcomes, table


def _outcome_row(outcome: ApproachOutcome) -> dict[str, Any]:
    params = outcome.params
    return {
        "approach": outcome.approach,
        "test_accuracy": outcome.test_accuracy,
        "n_selected": int(np.count_nonzero(outcome.support)),
        "max_support_size": params.get("max_support_size", -1),
        "q": params.get("q", -1),
        "pi_thr": params.get("pi_thr", np.nan),
        "pfer": params.get("pfer", np.nan),
        "backend": params.get("backend", ""),
        "selected": np.flatnonzero(outcome.support).astype(np.int32),
    }


# ============================================================================================
# §8.3: the simulation study
# ============================================================================================

#: Table 8.1.
SIMULATION_SIZES: tuple[tuple[int, int], ...] = (
    (100, 200), (1000, 200), (100, 2000), (100, 10_000),
)
SIMULATION_DESIGNS: tuple[str, ...] = ("blocks", "toeplitz")
SIMULATION_SIMILAR: tuple[int, ...] = (0, 4, 14, 24)


@dataclass(frozen=True)
class Scenario:
    """One simulation scenario of Table 8.1."""

    design: str
    n: int
    p: int
    n_similar: int

    def __post_init__(self) -> None:
        if self.design not in SIMULATION_DESIGNS:
            raise ValueError(f"design must be one of {SIMULATION_DESIGNS}, got {self.design!r}")
        for name in ("n", "p", "n_similar"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"scenario {name} must be a non-negative integer, got {value!r}")

    @property
    def id(self) -> str:
        return f"{self.design}_n{self.n}_p{self.p}_s{self.n_similar}"

    @classmethod
    def from_id(cls, scenario_id: str) -> Scenario:
        """Inverse of :attr:`id` (``blocks_n100_p200_s4``)."""
        try:
            design, n, p, s = scenario_id.split("_")
            return cls(design, int(n[1:]), int(p[1:]), int(s[1:]))
        except (ValueError, IndexError):
            raise ValueError(
                f"scenario id {scenario_id!r} is not of the form <design>_n<n>_p<p>_s<similar>"
            ) from None


def scenarios(
    sizes: Sequence[Sequence[int]] = SIMULATION_SIZES,
    designs: Sequence[str] = SIMULATION_DESIGNS,
    similar: Sequence[int] = SIMULATION_SIMILAR,
) -> list[Scenario]:
    """All combinations of Table 8.1 (4 · 2 · 4 = 32 by default)."""
    return [Scenario(design, int(n), int(p), int(s))
            for (n, p) in sizes for design in designs for s in similar]


def simulate_split(scenario: Scenario, replication: int, seed: int):
    """Training and test data of one replication: 2n rows of the scenario's design, the first
    n for training and the last n for testing (the authors' ``dataGen``), and the indices of
    the five features the response was generated from."""
    data = GENERATORS[scenario.design](
        n_samples=2 * scenario.n, n_features=scenario.p, n_similar=scenario.n_similar,
        random_state=derive_seed(seed, scenario.id, replication),
    )
    n = scenario.n
    X, y = data.X, data.y.astype(np.int64)
    return X[:n], y[:n], X[n:], y[n:], np.asarray(data.relevant_features, dtype=np.int64)


def simulation_replication(
    scenario: Scenario, replication: int, settings: ApproachSettings, seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """One replication of §8.3: results per approach (test accuracy, false positives and
    negatives, selected features, chosen parameters), the L0 tuning table, and the timings."""
    X_train, y_train, X_test, y_test, relevant = simulate_split(scenario, replication, seed)
    similarity = correlation_similarity(X_train, threshold=settings.threshold)
    run_seed = derive_seed(seed, scenario.id, replication, "approaches")
    outcomes, table = run_approaches(
        X_train, y_train, X_test, y_test, similarity, settings, run_seed
    )
    truth_support = np.zeros(scenario.p, dtype=bool)
    truth_support[relevant] = True
    outcomes.append(ApproachOutcome(
        "truth", truth_support,
        logistic_accuracy(X_train, y_train, X_test, y_test, truth_support),
    ))
    rows, timings = [], []
    for outcome in outcomes:
        row = _outcome_row(outcome)
        fp, fn = false_features(row["selected"], relevant, similarity, settings.threshold)
        rows.append({"scenario": scenario.id, "design": scenario.design, "n": scenario.n,
                     "p": scenario.p, "n_similar": scenario.n_similar,
                     "replication": replication, **row, "false_positive": fp,
                     "false_negative": fn})
        if outcome.approach != "truth":
            timings.append({"scenario": scenario.id, "replication": replication,
                            "approach": outcome.approach,
                            "tuning_seconds": outcome.tuning_seconds})
    table.insert(0, "replication", replication)
    table.insert(0, "scenario", scenario.id)
    return pd.DataFrame(rows), table, pd.DataFrame(timings)


# ============================================================================================
# §8.4: real data, nested cross-validation
# ============================================================================================


def real_data_outer_fold(
    X: np.ndarray, y: np.ndarray, outer_train: np.ndarray, outer_test: np.ndarray,
    settings: ApproachSettings, seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One outer iteration of §8.4's nested CV: the approaches tuned by inner 10-fold CV on the
    outer training rows, evaluated on the outer test rows (accuracy, number of features)."""
    X_train, y_train = X[outer_train], y[outer_train]
    similarity = correlation_similarity(X_train, threshold=settings.threshold)
    outcomes, _ = run_approaches(
        X_train, y_train, X[outer_test], y[outer_test], similarity, settings, seed
    )
    rows = [_outcome_row(o) for o in outcomes]
    timings = [{"approach": o.approach, "tuning_seconds": o.tuning_seconds} for o in outcomes]
    return pd.DataFrame(rows), pd.DataFrame(timings)


# ============================================================================================
# §8.1: the toy example
# ============================================================================================

#: The five methods of §8.1, in the order of Fig. 8.2.
TOY_METHODS: tuple[str, ...] = (
    "glmboost", "lasso_glmnet", "lasso_liblinear", "random_forest", "l0",
)
TOY_METHOD_LABELS: dict[str, str] = {
    "glmboost": "GLM boosting", "lasso_glmnet": "lasso (glmnet)",
    "lasso_liblinear": "lasso (LiblineaR)", "random_forest": "random forest",
    "l0": "L0 logistic regression",
}


def _log2_uniform(rng: np.random.RandomState, low: float, high: float) -> float:
    return float(2.0 ** rng.uniform(low, high))


def toy_search_space(
    method: str, n_train: int, n_features: int, n_search: int, rng: np.random.RandomState,
    *, ntree_values: Sequence[int] = NTREE_VALUES, max_log2_iterations: float = 15.0,
) -> list[dict[str, Any]]:
    """The candidate hyper-parameters of a §8.1 method: a random search of ``n_search`` draws
    from Table 6.5's ranges (λ, cost ∈ 2^[-15, 15], n.iter = round(2^x), x ∈ [0, 15], ntree,
    nodesize, mtry as for the random forest), or every max.feats from 1 to p for L0."""
    if method == "l0":
        return [{"max_support_size": k} for k in range(1, n_features + 1)]
    draws = []
    for _ in range(int(n_search)):
        if method == "glmboost":
            draws.append({"n_iter": max(1, round(2.0 ** rng.uniform(0, max_log2_iterations)))})
        elif method in ("lasso_glmnet", "lasso_liblinear"):
            draws.append({"lambda": _log2_uniform(rng, -15, 15)})
        elif method == "random_forest":
            draws.append({
                "ntree": int(ntree_values[rng.randint(len(ntree_values))]),
                "nodesize": max(1, round((0.2 * n_train) ** rng.uniform(0, 1))),
                "mtry": int(rng.randint(1, n_features + 1)),
            })
        else:
            raise ValueError(f"unknown toy method {method!r}; known: {TOY_METHODS}")
    return draws


def used_features(forest: RandomForestClassifier, n_features: int) -> np.ndarray:
    """Features a fitted forest splits on in at least one tree (importance > 0, §3.2.5)."""
    used = np.zeros(n_features, dtype=bool)
    for tree in forest.estimators_:
        split = tree.tree_.feature
        used[split[split >= 0]] = True
    return used


class _FittedModel:
    """Selected features and a prediction function of one fitted §8.1 / Ch. 7 model."""

    def __init__(self, support: np.ndarray, predict):
        self.support = support
        self.predict = predict


def fit_embedded(method: str, params: Mapping[str, Any], X: np.ndarray, y: np.ndarray,
                 seed: int) -> _FittedModel:
    """Fit one classifier with embedded feature selection (§8.1, Table 6.5).

    ``lasso_glmnet``: glmnet's objective (1/n)Σℓ + λ||β||₁ on standardised features, i.e. C =
    1/(nλ) (:class:`~fsstab.selectors.LassoSelector`); ``lasso_liblinear``: LIBLINEAR's L1
    logistic regression with cost C = 1/λ on the raw features (LiblineaR, intercept penalised as
    in LIBLINEAR); ``glmboost``; ``random_forest`` (min_samples_leaf = nodesize, selected =
    features split on); ``l0``.
    """
    n, d = X.shape
    if method == "glmboost":
        sel = GLMBoostSelector(n_iter=int(params["n_iter"])).fit(X, y)
        return _FittedModel(sel.support_, sel.predict)
    if method == "lasso_glmnet":
        sel = LassoSelector(C=1.0 / (n * params["lambda"])).fit(X, y)
        return _FittedModel(sel.support_, sel.predict)
    if method == "lasso_liblinear":
        model = LogisticRegression(l1_ratio=1.0, solver="liblinear", C=1.0 / params["lambda"],
                                   max_iter=1000)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(X, y)
        return _FittedModel(model.coef_.ravel() != 0, model.predict)
    if method == "random_forest":
        forest = RandomForestClassifier(
            n_estimators=int(params["ntree"]), min_samples_leaf=int(params["nodesize"]),
            max_features=min(int(params["mtry"]), d), random_state=seed, n_jobs=1,
        ).fit(X, y)
        return _FittedModel(used_features(forest, d), forest.predict)
    if method == "l0":
        fit = l0_logistic_fit(X, y, min(int(params["max_support_size"]), d))
        return _FittedModel(fit.support, fit.predict)
    raise ValueError(f"unknown method {method!r}; known: {TOY_METHODS}")


def _boosting_cv_accuracy(X, y, folds, n_iters: Sequence[int]) -> np.ndarray:
    """CV accuracy of GLM boosting for every n.iter from one run per fold (the model after m
    iterations is a prefix of the longest run, :meth:`GLMBoostFit.after`)."""
    accuracy = np.zeros((len(n_iters), len(folds)))
    longest = max(n_iters)
    for f, (train, test) in enumerate(folds):
        fit = glm_boost(X[train], y[train], longest)
        for i, m in enumerate(n_iters):
            coef, intercept = fit.after(int(m))
            prediction = (X[test] @ coef + intercept > 0).astype(np.int64)
            accuracy[i, f] = np.mean(prediction == y[test])
    return accuracy.mean(axis=1)


def tune_embedded(method: str, X: np.ndarray, y: np.ndarray, folds, candidates, seed: int):
    """Best candidate by 10-fold CV accuracy (ties at random), refitted on all rows."""
    if method == "glmboost":
        accuracy = _boosting_cv_accuracy(X, y, folds, [c["n_iter"] for c in candidates])
    else:
        accuracy = np.array([
            np.mean([
                np.mean(fit_embedded(method, params, X[tr], y[tr], seed).predict(X[te]) == y[te])
                for tr, te in folds
            ])
            for params in candidates
        ])
    best = candidates[choose_by_accuracy(accuracy, derive_seed(seed, "toy-choice", method))]
    return best, fit_embedded(method, best, X, y, seed)


def toy_replication(
    replication: int, seed: int, *, n_samples: int = 100, n_search: int = 50,
    n_folds: int = 10, methods: Sequence[str] = TOY_METHODS,
    n_search_overrides: Mapping[str, int] | None = None,
    ntree_values: Sequence[int] = NTREE_VALUES, max_log2_iterations: float = 15.0,
) -> pd.DataFrame:
    """One data set of §8.1: every method tuned by 10-fold CV (random search of ``n_search``
    iterations; all max.feats for L0), refitted on the whole data; one row per method with the
    selected features as a 15-long 0/1 vector (columns ``X1`` .. ``X15``)."""
    data = GENERATORS["similar_features_toy"](
        n_samples=n_samples, random_state=derive_seed(seed, "toy", replication)
    )
    X, y = data.X, data.y.astype(np.int64)
    folds = stratified_folds(y, n_folds, derive_seed(seed, "toy-folds", replication))
    rows = []
    for method in methods:
        budget = (n_search_overrides or {}).get(method, n_search)
        rng = check_random_state(derive_seed(seed, "toy-search", replication, method))
        candidates = toy_search_space(
            method, int(0.9 * n_samples), X.shape[1], budget, rng, ntree_values=ntree_values,
            max_log2_iterations=max_log2_iterations,
        )
        best, model = tune_embedded(method, X, y, folds, candidates,
                                    derive_seed(seed, "toy-fit", replication, method))
        row = {"replication": replication, "method": method,
               "params": ",".join(f"{k}={v:.6g}" if isinstance(v, float) else f"{k}={v}"
                                  for k, v in sorted(best.items()))}
        row.update({f"X{j + 1}": bool(model.support[j]) for j in range(X.shape[1])})
        rows.append(row)
    return pd.DataFrame(rows)


def nested_group_counts(supports: pd.DataFrame) -> pd.DataFrame:
    """Number of selected features in {X2, ..., Xi}, i = 4..8, per row (Figs. 8.3-8.4).

    Optimally one feature is selected per set; at most i − 1 can be.
    """
    out = supports[["replication", "method"]].copy()
    for i in range(4, 9):
        columns = [f"X{j}" for j in range(2, i + 1)]
        out[f"X2..X{i}"] = supports[columns].to_numpy(dtype=np.int64).sum(axis=1)
    return out


# ============================================================================================
# Chapter 7: multi-criteria tuning over filter × classifier (Table 6.5)
# ============================================================================================

#: Table 6.5 (defined with the settings, which name them too).
CH7_FILTERS: tuple[str, ...] = CH7_FILTER_NAMES
CH7_CLASSIFIERS: tuple[str, ...] = CH7_CLASSIFIER_NAMES
#: The stability measures of §7.2, in the order of Table 7.1.
CH7_MEASURES: tuple[str, ...] = ("unadjusted", "intersection_count", "jaccard", "hamming")
CH7_MEASURE_LABELS: dict[str, str] = {
    "unadjusted": "SMU", "intersection_count": "SMA-Count", "jaccard": "SMJ", "hamming": "SMH",
}
#: Classifiers whose selected features are determined by the model too (§6.3.1).
EMBEDDED_CLASSIFIERS: tuple[str, ...] = ("lasso", "random_forest", "glmboost")


def sample_ch7_configurations(
    n_per_method: int, n_observations: int, random_state: int,
    filters: Sequence[str] = CH7_FILTERS, classifiers: Sequence[str] = CH7_CLASSIFIERS,
    *, ntree_values: Sequence[int] = NTREE_VALUES, max_log2_iterations: float = 15.0,
) -> pd.DataFrame:
    """Random configurations of the 4 · 6 combined methods of Table 6.5 (§6.3.1).

    Every configuration has a filter fraction ∈ U[0, 1] (ignored without filter) and the
    classifier's hyper-parameters: C, σ = 2^x (SVM), k ∈ 1..20, λ = 2^x (ridge, lasso),
    x ~ U[-15, 15]; ntree ∈ {100, ..., 5000}, nodesize = round((0.2 n)^x), x ~ U[0, 1], mtry
    as a fraction u ~ U(0, 1] of the filtered features (mtry = ⌈u p_filter⌉); n.iter =
    round(2^x), x ~ U[0, 15]. ``n_observations`` is n of the data the configurations are tuned
    on. Parameters a classifier does not use are NaN. ``ntree_values`` and
    ``max_log2_iterations`` (the upper end of x for n.iter) can be lowered for quick runs.
    """
    for name, values, known in (("filter", filters, CH7_FILTERS),
                                ("classifier", classifiers, CH7_CLASSIFIERS)):
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise ValueError(f"unknown {name}(s) {unknown}; known: {list(known)}")
    rng = check_random_state(random_state)
    rows = []
    for filter_name in filters:
        for classifier in classifiers:
            for _ in range(int(n_per_method)):
                row = {"filter": filter_name, "classifier": classifier,
                       "fraction": float(rng.uniform(0, 1)) if filter_name != "none" else 1.0,
                       "C": np.nan, "sigma": np.nan, "k": np.nan, "lambda": np.nan,
                       "ntree": np.nan, "nodesize": np.nan, "mtry_fraction": np.nan,
                       "n_iter": np.nan}
                if classifier == "svm":
                    row["C"] = _log2_uniform(rng, -15, 15)
                    row["sigma"] = _log2_uniform(rng, -15, 15)
                elif classifier == "knn":
                    row["k"] = float(rng.randint(1, 21))
                elif classifier in ("ridge", "lasso"):
                    row["lambda"] = _log2_uniform(rng, -15, 15)
                elif classifier == "random_forest":
                    row["ntree"] = float(ntree_values[rng.randint(len(ntree_values))])
                    row["nodesize"] = float(max(1, round((0.2 * n_observations)
                                                         ** rng.uniform(0, 1))))
                    row["mtry_fraction"] = float(1.0 - rng.uniform(0, 1))  # in (0, 1]
                else:
                    row["n_iter"] = float(max(1, round(2.0 ** rng.uniform(
                        0, max_log2_iterations))))
                rows.append(row)
    table = pd.DataFrame(rows)
    table.insert(0, "config", [f"c{i:05d}" for i in range(len(table))])
    return table


def filter_orders(
    X: np.ndarray, y: np.ndarray, folds: Sequence[tuple[np.ndarray, np.ndarray]],
    filter_name: str, random_state: int,
) -> np.ndarray:
    """Order of all features (best first) by ``filter_name`` on each fold's training rows.

    A filter keeping a fraction of the features keeps a prefix of this order (JMI is greedy:
    its first k choices do not depend on k), so one order per fold serves every configuration.
    ``"none"`` is the identity order.
    """
    d = X.shape[1]
    orders = np.empty((len(folds), d), dtype=np.int64)
    for f, (train, _) in enumerate(folds):
        if filter_name == "none":
            orders[f] = np.arange(d)
        elif filter_name == "jmi":
            orders[f] = FILTERS["jmi"].score(X[train], y[train], n_features_to_select=d).order
        elif filter_name == "mim":
            orders[f] = descending_order(FILTERS["mim"].score(X[train], y[train]))
        elif filter_name == "impurity":
            scores = FILTERS["impurity"].score(X[train], y[train],
                                               random_state=derive_seed(random_state, f))
            orders[f] = descending_order(scores)
        else:
            raise ValueError(f"unknown filter {filter_name!r}; known: {list(CH7_FILTERS)}")
    return orders


def n_filtered(fraction: float, n_features: int) -> int:
    """Number of features a filter keeps for a fraction (mlr's ``perc``: rounded down)."""
    return math.floor(fraction * n_features + 1e-9)


def _ch7_model(config: Mapping[str, Any], n_train: int, n_kept: int, seed: int):
    """The unfitted classifier of a configuration (Table 6.5), or a selector for the embedded
    ones. kernlab, kknn and glmnet standardise the features; so do these models."""
    classifier = config["classifier"]
    if classifier == "svm":
        return make_pipeline(StandardScaler(), SVC(C=config["C"], gamma=config["sigma"]))
    if classifier == "knn":
        return make_pipeline(StandardScaler(),
                             KNeighborsClassifier(n_neighbors=min(int(config["k"]), n_train)))
    if classifier == "ridge":
        return make_pipeline(StandardScaler(), LogisticRegression(
            C=1.0 / (n_train * config["lambda"]), max_iter=1000))
    if classifier == "lasso":
        return LassoSelector(C=1.0 / (n_train * config["lambda"]))
    if classifier == "random_forest":
        return RandomForestClassifier(
            n_estimators=int(config["ntree"]), min_samples_leaf=int(config["nodesize"]),
            max_features=max(1, math.ceil(config["mtry_fraction"] * n_kept)),
            random_state=seed, n_jobs=1,
        )
    if classifier == "glmboost":
        return GLMBoostSelector(n_iter=int(config["n_iter"]))
    raise ValueError(f"unknown classifier {classifier!r}; known: {list(CH7_CLASSIFIERS)}")


def fit_ch7_configuration(
    config: Mapping[str, Any], X_train: np.ndarray, y_train: np.ndarray, X_test: np.ndarray,
    y_test: np.ndarray, order: np.ndarray, seed: int,
) -> tuple[np.ndarray, float]:
    """Filter (a prefix of ``order``) then classifier; returns the selected features (bool, d)
    and the test accuracy. A configuration whose filter keeps no feature selects nothing and
    has NaN accuracy (the thesis ignores such failed configurations, §6.3.1)."""
    d = X_train.shape[1]
    kept = order[: n_filtered(config["fraction"], d)] if config["filter"] != "none" else order
    support = np.zeros(d, dtype=bool)
    if kept.size == 0:
        return support, float("nan")
    kept = np.sort(kept)
    model = _ch7_model(config, X_train.shape[0], kept.size, seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(X_train[:, kept], y_train)
    if config["classifier"] in ("lasso", "glmboost"):
        support[kept[model.support_]] = True
    elif config["classifier"] == "random_forest":
        support[kept[used_features(model, kept.size)]] = True
    else:
        support[kept] = True
    accuracy = float(np.mean(model.predict(X_test[:, kept]) == y_test))
    return support, accuracy


def ch7_stability(Z: np.ndarray, similarity: Any, *, n_estimate: int, random_state: int,
                  threshold: float = SIMILARITY_THRESHOLD) -> dict[str, float]:
    """SMU, SMA-Count, SMJ and SMH of the CV feature sets (§7.2); NaN where undefined."""
    d = Z.shape[1]
    return {
        "unadjusted": unadjusted(Z, d=d),
        "intersection_count": intersection_count(
            Z, similarity, threshold=threshold, correction="estimate", n_estimate=n_estimate,
            random_state=random_state),
        "jaccard": jaccard(Z, d=d),
        "hamming": hamming(Z, d=d),
    }


def evaluate_ch7_configurations(
    X: np.ndarray, y: np.ndarray, folds: Sequence[tuple[np.ndarray, np.ndarray]],
    orders: Mapping[str, np.ndarray], configs: pd.DataFrame, similarity: Any, *,
    n_estimate: int = 10_000, seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Evaluate configurations by CV (§7.2): mean accuracy, mean number of selected features and
    the four stability measures over the fold's feature sets. ``orders[filter]`` are the
    :func:`filter_orders` of the same folds. Returns the table and the selected features
    (long: config, fold, feature)."""
    rows, selected = [], []
    for config in configs.to_dict("records"):
        Z = np.zeros((len(folds), X.shape[1]), dtype=bool)
        accuracies = np.empty(len(folds))
        for f, (train, test) in enumerate(folds):
            Z[f], accuracies[f] = fit_ch7_configuration(
                config, X[train], y[train], X[test], y[test], orders[config["filter"]][f],
                derive_seed(seed, config["config"], f),
            )
            for feature in np.flatnonzero(Z[f]):
                selected.append((config["config"], f, int(feature)))
        failed = not np.all(np.isfinite(accuracies))
        row = {"config": config["config"], "accuracy": np.nan if failed else accuracies.mean(),
               "mean_n_selected": float(Z.sum(axis=1).mean())}
        if failed:
            row.update(dict.fromkeys(CH7_MEASURES, np.nan))
        else:
            row.update(ch7_stability(Z, similarity, n_estimate=n_estimate,
                                     random_state=derive_seed(seed, "sma-count")))
        rows.append(row)
    features = pd.DataFrame(selected, columns=["config", "fold", "feature"]).astype(
        {"fold": np.int32, "feature": np.int32})
    return pd.DataFrame(rows), features


def ch7_optimal_flags(table: pd.DataFrame, *, tolerance: float = 0.05,
                      measures: Sequence[str] = CH7_MEASURES) -> pd.DataFrame:
    """Pareto-optimal and PA-best configurations per measure and the A-best ones (§7.1).

    Pareto optimality is in (accuracy ↑, stability ↑, mean number of selected features ↓)
    among the configurations with finite values; PA-best = Pareto-optimal with accuracy ≥
    acc.max − ``tolerance``; A-best = accuracy equal to the best one.
    """
    out = table[["config"]].copy()
    accuracy = table["accuracy"].to_numpy(dtype=np.float64)
    evaluated_acc = np.isfinite(accuracy)
    best = accuracy[evaluated_acc].max() if evaluated_acc.any() else np.nan
    out["a_best"] = evaluated_acc & (accuracy == best)
    for measure in measures:
        stability = table[measure].to_numpy(dtype=np.float64)
        ok = evaluated_acc & np.isfinite(stability)
        pareto = np.zeros(len(table), dtype=bool)
        if ok.any():
            points = np.column_stack([accuracy[ok], stability[ok],
                                      table["mean_n_selected"].to_numpy()[ok]])
            pareto[ok] = non_dominated_mask(points, maximize=(True, True, False))
        out[f"pareto_{measure}"] = pareto
        out[f"pa_best_{measure}"] = pareto & (accuracy >= best - tolerance)
    return out


def table_7_1(flags: Mapping[str, pd.DataFrame],
              measures: Sequence[str] = CH7_MEASURES) -> pd.DataFrame:
    """Table 7.1: per data set the number of Pareto-optimal ("all") and PA-best ("PA")
    configurations per measure and the number of A-best configurations."""
    rows = []
    for dataset, f in flags.items():
        row: dict[str, Any] = {"dataset": dataset}
        for measure in measures:
            row[f"{CH7_MEASURE_LABELS[measure]} (all)"] = int(f[f"pareto_{measure}"].sum())
        for measure in measures:
            row[f"{CH7_MEASURE_LABELS[measure]} (PA)"] = int(f[f"pa_best_{measure}"].sum())
        row["A-best"] = int(f["a_best"].sum())
        rows.append(row)
    return pd.DataFrame(rows)
