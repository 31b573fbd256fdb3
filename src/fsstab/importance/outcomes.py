"""Importance of the features of a regression or survival model (Hamer & Dupont 2021, §5.1).

The counterparts of the classification functions of :mod:`fsstab.importance` for a continuous
and a time-to-event outcome, with the same conventions (one non-negative value per model
column, decreases of performance below zero reported as 0):

- a linear model (a linear regression, a Cox model, also behind element-wise scalers in a
  pipeline): eq. 7, ``||w||_0 |w_f| / ||w||_1`` on the weights of standardised features
  (``w_f · sd(x_f)``), as for the linear classifiers;
- a bagged forest (a random forest regressor, a random survival forest): Breiman's (2001)
  out-of-bag permutation importance (Hamer §7.2.4), the increase of each tree's out-of-bag
  error when the feature is permuted among its out-of-bag rows, averaged over the trees; the
  error is the mean squared error (regression) or ``1 − C`` with Harrell's C-index of the
  tree's risk scores (survival);
- any other model: the permutation importance on the data given (the same errors).

Decision-flip sensitivity (eq. 9) has no meaning without a decision, so it is not used here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from fsstab.importance._common import _BATCH_ENTRIES
from fsstab.importance._flip import linear_decision_weights
from fsstab.importance._linear import linear_importance
from fsstab.importance._permutation import _check_repeats, _out_of_bag_trees
from fsstab.outcomes import as_regression_target, as_survival_target, check_task
from fsstab.seeds import check_random_state

__all__ = ["oob_permutation_importance_outcome", "outcome_error", "outcome_model_importances",
           "permutation_importance_outcome"]


def outcome_error(task: str) -> Callable[[np.ndarray, np.ndarray], float]:
    """The error a permutation importance measures for ``task``, ``error(y, prediction)``:
    the mean squared error (regression) or ``1 −`` Harrell's C-index (survival; NaN when the
    rows hold no comparable pair)."""
    task = check_task(task)
    if task == "regression":
        return lambda y, prediction: float(np.mean((y - prediction) ** 2))
    if task == "survival":
        from fsstab.concordance import _weighted_concordance

        def discordance(y: np.ndarray, risk: np.ndarray) -> float:
            time, event = y["time"], y["event"]
            try:
                return 1.0 - _weighted_concordance(time, event, risk, np.ones(time.size), 1e-8)
            except ValueError:  # no comparable pair
                return float("nan")

        return discordance
    raise ValueError("classification importances are fsstab.importance's (accuracy)")


def _target(task: str, y: Any) -> np.ndarray:
    return as_regression_target(y) if task == "regression" else as_survival_target(y)


def _permuted_errors(predict: Callable[[np.ndarray], np.ndarray], X: np.ndarray,
                     y: np.ndarray, columns: np.ndarray, n_repeats: int,
                     rng: np.random.RandomState, error: Callable) -> np.ndarray:
    """Error after permuting each of ``columns`` ``n_repeats`` times (mean over repeats), the
    permutations drawn column by column as :func:`fsstab.importance.permutation_importance`
    draws them; all permuted copies go through ``predict`` in batches."""
    n, d = X.shape
    copies = np.repeat(columns, n_repeats)
    perms = np.stack([rng.permutation(n) for _ in range(copies.size)])
    errors = np.empty(copies.size)
    per_batch = max(1, _BATCH_ENTRIES // max(1, n * d))
    for start in range(0, copies.size, per_batch):
        stop = min(start + per_batch, copies.size)
        batch = np.tile(X, (stop - start, 1))
        rows = np.arange(batch.shape[0])
        cols = np.repeat(copies[start:stop], n)
        batch[rows, cols] = X[perms[start:stop].ravel(), cols]
        predicted = np.asarray(predict(batch), dtype=np.float64).reshape(stop - start, n)
        errors[start:stop] = [error(y, p) for p in predicted]
    return errors.reshape(columns.size, n_repeats).mean(axis=1)


def permutation_importance_outcome(model: Any, X: Any, y: Any, *, task: str,
                                   n_repeats: int = 5, random_state: Any = None) -> np.ndarray:
    """Mean increase of the error of ``model.predict`` on ``(X, y)`` when one column is
    permuted (Breiman 2001), clipped at 0; errors by :func:`outcome_error`."""
    X = np.asarray(X, dtype=np.float64)
    target = _target(task, y)
    if target.shape != (X.shape[0],):
        raise ValueError(f"y must have {X.shape[0]} rows to match X, got {target.shape[0]}")
    error = outcome_error(task)
    baseline = error(target, np.asarray(model.predict(X), dtype=np.float64))
    rng = check_random_state(random_state)
    permuted = _permuted_errors(model.predict, X, target, np.arange(X.shape[1]),
                                _check_repeats(n_repeats), rng, error)
    return np.maximum(np.nan_to_num(permuted - baseline), 0.0)


def oob_permutation_importance_outcome(forest: Any, X: Any, y: Any, *, task: str,
                                       n_repeats: int = 1, random_state: Any = None
                                       ) -> np.ndarray:
    """Out-of-bag permutation importance of a fitted bagged regression or survival forest.

    For every tree with out-of-bag rows ``O_t``, the tree's error on ``O_t`` after permuting
    feature ``f`` among them (``n_repeats`` times) minus its error on ``O_t``; averaged over the
    trees with out-of-bag rows (a tree that never splits on ``f`` contributes 0 and is not
    evaluated; a survival tree whose out-of-bag rows have no comparable pair is left out of
    the average), clipped at 0. Permutations are drawn from ``check_random_state(random_state)``
    tree by tree, for the features each tree splits on in ascending order.

    Parameters
    ----------
    forest
        A fitted :class:`~sklearn.ensemble.RandomForestRegressor` (or any forest with
        ``estimators_``, ``bootstrap=True`` and trees with ``tree_``, e.g. scikit-survival's
        ``RandomSurvivalForest``).
    X, y
        The training data the forest was fitted on.
    task
        ``"regression"`` or ``"survival"``.
    """
    if not getattr(forest, "bootstrap", False):
        raise ValueError("oob_permutation_importance_outcome needs a forest fitted with "
                         "bootstrap=True (without bootstrap there are no out-of-bag samples)")
    X = np.asarray(X, dtype=np.float64)
    target = _target(task, y)
    if target.shape != (X.shape[0],):
        raise ValueError(f"y must have {X.shape[0]} rows to match X, got {target.shape[0]}")
    error = outcome_error(task)
    n_repeats = _check_repeats(n_repeats)
    rng = check_random_state(random_state)
    n, d = X.shape
    X32 = np.ascontiguousarray(X, dtype=np.float32)  # trees split on float32 values
    total = np.zeros(d)
    n_trees = 0
    for tree, oob in _out_of_bag_trees(forest, n):
        X_oob, y_oob = X32[oob], target[oob]
        baseline = error(y_oob, np.asarray(tree.predict(X_oob), dtype=np.float64))
        if np.isnan(baseline):
            continue
        n_trees += 1
        used = np.unique(tree.tree_.feature[tree.tree_.feature >= 0])
        if used.size == 0:
            continue
        permuted = _permuted_errors(tree.predict, X_oob, y_oob, used, n_repeats, rng, error)
        total[used] += permuted - baseline
    if n_trees == 0:
        return np.zeros(d)
    return np.maximum(total / n_trees, 0.0)


def outcome_model_importances(model: Any, X_selected: np.ndarray, y: Any, *, task: str,
                              random_state: Any = None) -> np.ndarray:
    """Importance of each column of a fitted regression or survival model (see the module
    docstring): eq. 7 on standardised weights for linear models, out-of-bag permutation
    importance for bagged forests, permutation importance on ``(X_selected, y)`` otherwise."""
    d = X_selected.shape[1]
    weights = linear_decision_weights(model, d)
    if weights is not None:
        return linear_importance(weights * X_selected.std(axis=0))
    if getattr(model, "bootstrap", False) and hasattr(model, "estimators_"):
        return oob_permutation_importance_outcome(model, X_selected, y, task=task,
                                                  random_state=random_state)
    return permutation_importance_outcome(model, X_selected, y, task=task,
                                          random_state=random_state)
