"""Permutation importance and its out-of-bag variant for bagged forests (Breiman 2001)."""

from __future__ import annotations

from typing import Any

import numpy as np
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from fsstab.importance._common import (
    _BATCH_ENTRIES,
    _as_2d_float,
    _n_model_features,
)


def _permuted_accuracy_drop(
    predict: Any,
    X: np.ndarray,
    y: np.ndarray,
    columns: np.ndarray,
    n_repeats: int,
    rng: np.random.RandomState,
) -> np.ndarray:
    """Baseline accuracy minus mean accuracy after permuting each of ``columns`` (raw drops)."""
    n = X.shape[0]
    baseline = np.mean(predict(X) == y)
    drops = np.zeros(columns.size)
    per_batch = max(1, _BATCH_ENTRIES // max(1, n * X.shape[1]))
    y_rep = np.tile(y, n_repeats)
    for i, f in enumerate(columns):
        perms = [rng.permutation(n) for _ in range(n_repeats)]
        correct = 0
        for start in range(0, n_repeats, per_batch):
            chunk = perms[start : start + per_batch]
            batch = np.tile(X, (len(chunk), 1))
            batch[:, f] = X[np.concatenate(chunk), f]
            correct += np.sum(predict(batch) == y_rep[: n * len(chunk)])
        drops[i] = baseline - correct / (n * n_repeats)
    return drops


def _check_repeats(n_repeats: int) -> int:
    if isinstance(n_repeats, bool) or not isinstance(n_repeats, int | np.integer) or n_repeats < 1:
        raise ValueError(f"n_repeats must be a positive integer, got {n_repeats!r}")
    return int(n_repeats)


def permutation_importance(
    model: Any,
    X: Any,
    y: Any,
    *,
    n_repeats: int = 5,
    random_state: Any = None,
) -> np.ndarray:
    """Mean decrease of accuracy when one column of ``X`` is permuted (Breiman 2001).

    For each feature, the column is shuffled ``n_repeats`` times (permutations drawn from
    ``check_random_state(random_state)``, features in order) and the accuracy of
    ``model.predict`` on ``(X, y)`` is compared with the unpermuted accuracy. Decreases below
    zero are clipped to 0 (see :mod:`fsstab.importance`).

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``, non-negative, in accuracy units.
    """
    X = _as_2d_float(X)
    _n_model_features(model, X)
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},) to match X, got {y.shape}")
    rng = check_random_state(random_state)
    drops = _permuted_accuracy_drop(
        model.predict, X, y, np.arange(X.shape[1]), _check_repeats(n_repeats), rng
    )
    return np.maximum(drops, 0.0)


def _out_of_bag_trees(forest: Any, n_samples: int) -> Any:
    """``(tree, out-of-bag mask)`` for every tree of a bagged forest that left a row out."""
    for tree, in_bag in zip(forest.estimators_, _in_bag_samples(forest), strict=True):
        oob = np.ones(n_samples, dtype=bool)
        oob[in_bag] = False
        if np.any(oob):
            yield tree, oob


def _in_bag_samples(forest: Any) -> Any:
    """The rows each tree of a bagged forest was fitted on: ``forest.estimators_samples_``.

    For the usual forest (bootstrap of all rows, no sample weights) the draws are those of
    ``sklearn.ensemble._forest._generate_sample_indices`` -- ``RandomState(seed).randint(0, n,
    n_bootstrap)`` with each tree's seed -- made by re-seeding one generator instead of
    constructing one per tree (which costs more than the draw); anything else goes through
    ``estimators_samples_`` itself.
    """
    n_samples = getattr(forest, "_n_samples", None)
    n_bootstrap = getattr(forest, "_n_samples_bootstrap", None)
    seeds = [getattr(tree, "random_state", None) for tree in forest.estimators_]
    if (getattr(forest, "_sample_weight", 0) is not None or not isinstance(n_samples, int)
            or not isinstance(n_bootstrap, int)
            or not all(isinstance(seed, int | np.integer) for seed in seeds)):
        yield from forest.estimators_samples_
        return
    rng = np.random.RandomState()
    for seed in seeds:
        rng.seed(seed)
        yield rng.randint(0, n_samples, n_bootstrap).astype(np.int32)


def _tree_oob_drops(
    tree: Any,
    X_oob: np.ndarray,
    y_oob: np.ndarray,
    columns: np.ndarray,
    n_repeats: int,
    rng: np.random.RandomState,
) -> np.ndarray:
    """Out-of-bag accuracy of one fitted tree minus its mean accuracy after permuting each of
    ``columns`` (raw drops), as :func:`_permuted_accuracy_drop` computes them with the tree's
    ``predict``, with the same permutations (drawn column by column, ``n_repeats`` each).

    All permuted copies of the out-of-bag rows go through the tree in as few ``tree.predict``
    calls as the batch budget allows (usually one per tree instead of one per feature): the
    per-call overhead, not the tree traversal, is what costs on a few hundred rows. The
    prediction is the class code with the largest leaf value, as
    :meth:`~sklearn.tree.DecisionTreeClassifier.predict` of a tree fitted on codes takes it.
    """
    n, d = X_oob.shape
    baseline = np.mean(np.argmax(tree.predict(X_oob), axis=1) == y_oob)
    copies = np.repeat(columns, n_repeats)  # the column permuted in each copy of the rows
    perms = np.stack([rng.permutation(n) for _ in range(copies.size)])
    correct = np.empty(copies.size, dtype=np.int64)
    per_batch = max(1, _BATCH_ENTRIES // max(1, n * d))
    for start in range(0, copies.size, per_batch):
        stop = min(start + per_batch, copies.size)
        batch = np.tile(X_oob, (stop - start, 1))
        rows = np.arange(batch.shape[0])
        cols = np.repeat(copies[start:stop], n)
        batch[rows, cols] = X_oob[perms[start:stop].ravel(), cols]
        hits = np.argmax(tree.predict(batch), axis=1) == np.tile(y_oob, stop - start)
        correct[start:stop] = hits.reshape(stop - start, n).sum(axis=1)
    return baseline - correct.reshape(columns.size, n_repeats).sum(axis=1) / (n * n_repeats)


def oob_permutation_importance(
    forest: Any,
    X: Any,
    y: Any,
    *,
    n_repeats: int = 1,
    random_state: Any = None,
) -> np.ndarray:
    """Out-of-bag permutation importance of a fitted bagged forest (Breiman 2001; Hamer §7.2.4).

    For every tree ``t`` with out-of-bag samples ``O_t`` (the training rows not in
    ``forest.estimators_samples_[t]``), the tree's accuracy on ``O_t`` is compared with its
    accuracy after permuting feature ``f`` among the rows of ``O_t`` (``n_repeats`` times);
    the importance of ``f`` is the decrease averaged over the trees that have out-of-bag samples.
    A tree that never splits on ``f`` is unaffected by permuting it and contributes 0 (and is
    not evaluated). Averages below zero are clipped to 0 (see :mod:`fsstab.importance`).
    Permutations are drawn from ``check_random_state(random_state)`` tree by tree, for the
    features each tree splits on in ascending order, ``n_repeats`` per feature.

    Parameters
    ----------
    forest
        A fitted :class:`~sklearn.ensemble.RandomForestClassifier` or
        :class:`~sklearn.ensemble.ExtraTreesClassifier` with ``bootstrap=True``.
    X, y
        The training data the forest was fitted on (out-of-bag rows are indices into it).

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``, non-negative, in accuracy units.
    """
    check_is_fitted(forest, "estimators_")
    if not getattr(forest, "bootstrap", False):
        raise ValueError(
            "oob_permutation_importance needs a forest fitted with bootstrap=True "
            "(without bootstrap there are no out-of-bag samples)"
        )
    X = _as_2d_float(X)
    _n_model_features(forest, X)
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},) to match X, got {y.shape}")
    classes = np.asarray(forest.classes_)
    if classes.ndim != 1:
        raise ValueError("oob_permutation_importance supports single-output forests only")
    y_code = np.searchsorted(classes, y)
    if np.any(y_code >= classes.size) or np.any(classes[np.minimum(y_code, classes.size - 1)] != y):
        unknown = sorted(set(np.unique(y).tolist()) - set(classes.tolist()))
        raise ValueError(f"y contains labels the forest was not fitted on: {unknown}")
    n_repeats = _check_repeats(n_repeats)
    rng = check_random_state(random_state)
    n, d = X.shape
    X32 = np.ascontiguousarray(X, dtype=np.float32)  # trees split on float32 values
    total = np.zeros(d)
    n_trees_with_oob = 0
    for tree, oob in _out_of_bag_trees(forest, n):
        n_trees_with_oob += 1
        used = np.unique(tree.tree_.feature[tree.tree_.feature >= 0])
        if used.size == 0:
            continue
        total[used] += _tree_oob_drops(tree.tree_, X32[oob], y_code[oob], used, n_repeats, rng)
    return np.maximum(total / n_trees_with_oob, 0.0)


