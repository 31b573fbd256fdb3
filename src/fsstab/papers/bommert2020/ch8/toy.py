"""Thesis §8.1, the toy example: five classifiers with embedded feature selection (Fig. 8.2),
each tuned by 10-fold cross-validation on data sets of the design of Fig. 8.1 (X1 relevant
alone, X2-X8 similar to each other), then refitted on all rows; which features they select."""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.utils import check_random_state

from fsstab.papers.bommert2020.ch8.approaches import choose_by_accuracy
from fsstab.papers.bommert2020.ch8.reference import TOY_METHODS
from fsstab.papers.bommert2020.common import log2_uniform, stratified_folds
from fsstab.papers.bommert2020.reference import NTREE_VALUES
from fsstab.seeds import derive_seed
from fsstab.selectors import (
    GLMBoostSelector,
    LassoSelector,
    glm_boost,
    l0_logistic_fit,
    tree_usage_fraction,
)
from fsstab.synthetic import GENERATORS

__all__ = [
    "fit_embedded",
    "nested_group_counts",
    "toy_replication",
    "toy_search_space",
    "tune_embedded",
]


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
            draws.append({"lambda": log2_uniform(rng, -15, 15)})
        elif method == "random_forest":
            draws.append({
                "ntree": int(ntree_values[rng.randint(len(ntree_values))]),
                "nodesize": max(1, round((0.2 * n_train) ** rng.uniform(0, 1))),
                "mtry": int(rng.randint(1, n_features + 1)),
            })
        else:
            raise ValueError(f"unknown toy method {method!r}; known: {TOY_METHODS}")
    return draws


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
        # liblinear draws its coordinate order from random_state; with the default (None) from
        # NumPy's global generator, so that X2 = X3 = X4 were kept or not from run to run
        model = LogisticRegression(l1_ratio=1.0, solver="liblinear", C=1.0 / params["lambda"],
                                   max_iter=1000, random_state=seed)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(X, y)
        return _FittedModel(model.coef_.ravel() != 0, model.predict)
    if method == "random_forest":
        forest = RandomForestClassifier(
            n_estimators=int(params["ntree"]), min_samples_leaf=int(params["nodesize"]),
            max_features=min(int(params["mtry"]), d), random_state=seed, n_jobs=1,
        ).fit(X, y)
        return _FittedModel(tree_usage_fraction(forest, d) > 0, forest.predict)
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
