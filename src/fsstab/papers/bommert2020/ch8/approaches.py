"""Thesis §8.2: the four approaches to tuning L0-regularised logistic regression on one
training / test split -- "acc" (the best cross-validated accuracy over max.feats), "unadj" and
"adj" (accuracy and the stability SMU or SMA-Count, chosen by ε-constraint selection, Algorithm
3.2 with the erratum of ``DEVELOPERS.md``) and "stabs" (stability selection with L0 as the base
selector, PFER and π_thr tuned by random search, then an unregularised logistic regression on
the kept features)."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils import check_random_state

from fsstab.measures import adjusted_measure_by_group, unadjusted
from fsstab.papers.bommert2020.ch8.reference import L0_SUPPORT_SIZES
from fsstab.papers.bommert2020.common import SIMILARITY_THRESHOLD, stratified_folds
from fsstab.pareto import epsilon_constraint_selection
from fsstab.seeds import derive_seed
from fsstab.selectors import (
    L0Selector,
    StabilitySelection,
    complementary_pairs,
    l0_logistic_fit,
    stability_selection_parameters,
)
from fsstab.ties import merge_ties
from fsstab.workflow.evaluation import selection_accuracy

__all__ = [
    "APPROACH_MEASURE",
    "GLM_MODEL",
    "ApproachOutcome",
    "ApproachSettings",
    "FoldSelections",
    "choose_by_accuracy",
    "choose_l0_configuration",
    "glm_accuracy",
    "l0_cv_selections",
    "l0_tuning_table",
    "outcome_row",
    "run_approaches",
    "stability_selections",
    "stabs_configurations",
    "tune_stability_selection",
]

#: Stability measure of each multi-criteria approach (§8.3.1).
APPROACH_MEASURE: dict[str, str] = {"adj": "intersection_count", "unadj": "unadjusted"}

#: The "stabs" and "truth" models of §8.2-8.3: an unregularised logistic regression (R's
#: ``glm``).
GLM_MODEL = make_pipeline(
    StandardScaler(), LogisticRegression(C=np.inf, solver="lbfgs", max_iter=2000)
)


@contextmanager
def _separable_data_allowed() -> Iterator[None]:
    """On separable training data the likelihood of :data:`GLM_MODEL` has no maximum (R's glm
    warns as well); the predictions of the (large) fitted coefficients are still well defined."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        yield


def glm_accuracy(
    X_train: np.ndarray, y_train: np.ndarray, X_test: np.ndarray, y_test: np.ndarray,
    support: np.ndarray,
) -> float:
    """Test accuracy of :data:`GLM_MODEL` on the ``support`` columns
    (:func:`fsstab.workflow.evaluation.selection_accuracy`: with no feature, the training
    majority class, i.e. the intercept-only model)."""
    with _separable_data_allowed():
        return selection_accuracy(GLM_MODEL, support, X_train, y_train, X_test, y_test)


def choose_by_accuracy(accuracy: Any, random_state: Any) -> int:
    """Index of the best accuracy; among ties (equal up to rounding, :mod:`fsstab.ties`) one
    at random (single-criteria tuning, §8.2)."""
    acc = merge_ties(np.asarray(accuracy, dtype=np.float64))
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


def stability_selections(
    X: np.ndarray, y: np.ndarray, q_values: Sequence[int], *, n_pairs: int, random_state: int,
    l2: float = 0.01, backend: str = "auto", pi_thr: float = 1.0,
) -> dict[int, StabilitySelection]:
    """Stability selection with L0 (:class:`fsstab.selectors.StabilitySelection` around
    :class:`fsstab.selectors.L0Selector`, model :data:`GLM_MODEL`), fitted once per distinct
    q >= 1 of ``q_values``.

    Every q uses the same B = ``n_pairs`` stratified complementary pairs (thesis §3.3.3; Shah &
    Samworth 2013), drawn from ``random_state``, so that configurations of the random search
    that share q share their L0 fits; any π_thr then follows without refitting
    (:meth:`~fsstab.selectors.StabilitySelection.support_at`).
    """
    subsamples = complementary_pairs(y, int(n_pairs), random_state, stratify=True)
    fits = {}
    for q in sorted({int(q) for q in q_values if q >= 1}):
        selector = StabilitySelection(
            L0Selector(l2=l2, backend=backend), q=q, pi_thr=pi_thr, pfer=None,
            size_parameter="max_support_size", estimator=GLM_MODEL, subsamples=subsamples,
            random_state=random_state,
        )
        with _separable_data_allowed():
            fits[q] = selector.fit(X, y)
    return fits


def tune_stability_selection(
    X: np.ndarray, y: np.ndarray, folds: Sequence[tuple[np.ndarray, np.ndarray]],
    configs: pd.DataFrame, *, n_pairs: int, random_state: int, l2: float = 0.01,
    backend: str = "auto",
) -> tuple[pd.DataFrame, float]:
    """Cross-validated accuracy of every stability-selection configuration (§8.3.1).

    On each fold's training rows, stability selection with L0 runs for every distinct q
    (:func:`stability_selections`), the features with π̂ >= π_thr are kept and an unregularised
    logistic regression on them is evaluated on the fold's test rows. Returns ``configs`` with
    ``accuracy`` and the seconds.
    """
    start = time.perf_counter()
    valid = configs["q"].to_numpy() >= 1
    accuracy = np.zeros((len(configs), len(folds)))
    for f, (train, test) in enumerate(folds):
        fits = stability_selections(
            X[train], y[train], configs["q"][valid], n_pairs=n_pairs,
            random_state=derive_seed(random_state, "stabs-fold", f), l2=l2, backend=backend,
        )
        for i, config in enumerate(configs.itertuples(index=False)):
            if not valid[i]:
                continue
            support = fits[int(config.q)].support_at(float(config.pi_thr))
            accuracy[i, f] = glm_accuracy(X[train], y[train], X[test], y[test], support)
    out = configs.copy()
    out["accuracy"] = np.where(valid, accuracy.mean(axis=1), np.nan)
    return out, time.perf_counter() - start


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
    final = stability_selections(
        X_train, y_train, [int(best.q)], n_pairs=settings.n_pairs,
        random_state=derive_seed(seed, "stabs-final"), l2=settings.l2, backend=settings.backend,
        pi_thr=float(best.pi_thr),
    )[int(best.q)]
    with _separable_data_allowed():
        accuracy = final.score(X_test, y_test)
    outcomes.append(ApproachOutcome(
        "stabs", final.support_, accuracy,
        {"q": int(best.q), "pi_thr": float(best.pi_thr), "pfer": float(best.pfer),
         "backend": selections.backend},
        stabs_seconds,
    ))
    return outcomes, table


def outcome_row(outcome: ApproachOutcome) -> dict[str, Any]:
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


