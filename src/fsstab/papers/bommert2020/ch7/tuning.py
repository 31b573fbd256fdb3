"""Thesis Ch. 7 (and the §6.3.1 search space it tunes): stratified halves of each data set with
cross-validation folds in each, random configurations of filter x classifier (Table 6.5), the
filters' feature orders shared by every configuration, each configuration's accuracy, size and
stability by cross-validation (§7.2), and the Pareto-optimal, PA-best and A-best configurations
with Table 7.1's counts (§7.1)."""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.utils import check_random_state

from fsstab.measures import hamming, intersection_count, jaccard, unadjusted
from fsstab.papers.bommert2020.ch7.reference import CH7_CLASSIFIERS, CH7_FILTERS, CH7_MEASURES
from fsstab.papers.bommert2020.common import SIMILARITY_THRESHOLD, log2_uniform, stratified_folds
from fsstab.papers.bommert2020.reference import NTREE_VALUES, thesis_symbol
from fsstab.pareto import non_dominated_mask
from fsstab.resampling import make_resamples
from fsstab.seeds import derive_seed
from fsstab.selectors import (
    FILTERS,
    GLMBoostSelector,
    LassoSelector,
    descending_order,
    tree_usage_fraction,
)
from fsstab.ties import merge_ties

__all__ = [
    "HALVES",
    "ch7_optimal_flags",
    "ch7_stability",
    "evaluate_ch7_configurations",
    "filter_orders",
    "fit_ch7_configuration",
    "halves_and_folds",
    "n_filtered",
    "sample_ch7_configurations",
    "splits_of",
    "table_7_1",
]

#: The two halves of a data set (§6.3.1, §7.2): tuned on the first, evaluated on the second.
HALVES: tuple[str, ...] = ("train", "test")


def halves_and_folds(y: np.ndarray, n_folds: int, seed: int) -> pd.DataFrame:
    """Stratified halves of the data (§6.3.1, §7.2) and ``n_folds``-fold CV within each.

    Long table: ``half`` ("train"/"test"), ``fold`` (-1 for the half itself), ``role``
    ("train"/"test" of the fold; "all" for the half), ``row`` (index into the dataset).
    """
    halves = make_resamples(y, "complementary_pairs", 2, derive_seed(seed, "halves"))
    rows = []
    for half, members in zip(HALVES, halves.train, strict=True):
        rows += [(half, -1, "all", int(r)) for r in members]
        folds = stratified_folds(y[members], n_folds, derive_seed(seed, "folds", half))
        for f, (train, test) in enumerate(folds):
            rows += [(half, f, "train", int(r)) for r in members[train]]
            rows += [(half, f, "test", int(r)) for r in members[test]]
    table = pd.DataFrame(rows, columns=["half", "fold", "role", "row"])
    return table.astype({"fold": np.int32, "row": np.int32})


def splits_of(table: pd.DataFrame, half: str) -> tuple[np.ndarray, list[tuple[np.ndarray,
                                                                              np.ndarray]]]:
    """Rows of ``half`` and its folds as ``[(train rows, test rows), ...]`` (dataset rows)."""
    part = table[table["half"] == half]
    if part.empty:
        raise ValueError(f"no rows for half {half!r}; halves present: {sorted(table['half'])}")
    members = np.sort(part.loc[part["fold"] == -1, "row"].to_numpy(np.int64))
    folds = []
    for f in sorted(part.loc[part["fold"] >= 0, "fold"].unique()):
        rows = part[part["fold"] == f]
        folds.append((np.sort(rows.loc[rows["role"] == "train", "row"].to_numpy(np.int64)),
                      np.sort(rows.loc[rows["role"] == "test", "row"].to_numpy(np.int64))))
    return members, folds


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
                    row["C"] = log2_uniform(rng, -15, 15)
                    row["sigma"] = log2_uniform(rng, -15, 15)
                elif classifier == "knn":
                    row["k"] = float(rng.randint(1, 21))
                elif classifier in ("ridge", "lasso"):
                    row["lambda"] = log2_uniform(rng, -15, 15)
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
        support[kept[tree_usage_fraction(model, kept.size) > 0]] = True
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
    acc.max − ``tolerance``; A-best = accuracy equal to the best one (up to rounding,
    :mod:`fsstab.ties`).
    """
    out = table[["config"]].copy()
    accuracy = merge_ties(table["accuracy"].to_numpy(dtype=np.float64))
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
            row[f"{thesis_symbol(measure)} (all)"] = int(f[f"pareto_{measure}"].sum())
        for measure in measures:
            row[f"{thesis_symbol(measure)} (PA)"] = int(f[f"pa_best_{measure}"].sum())
        row["A-best"] = int(f["a_best"].sum())
        rows.append(row)
    return pd.DataFrame(rows)


