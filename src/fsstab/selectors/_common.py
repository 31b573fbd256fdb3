"""Small helpers shared by the tree, neighbour, filter and ensemble selectors."""

from __future__ import annotations

import math
from numbers import Integral, Real
from typing import Any

import numpy as np
from sklearn.utils import check_random_state

from fsstab.importance import (
    flip_sensitivity,
    importances_on_support,
    oob_permutation_importance,
)
from fsstab.outcomes import DEFAULT_TASK, get_task


def default_n_features(n_features: int) -> int:
    """Hamer & Dupont (2021, §7.2)'s default number of features to select, ``min(20, √d)``.

    Parameters
    ----------
    n_features
        ``d``, the number of features.

    Returns
    -------
    int
        ``√d`` rounded to the nearest integer, at most 20 and at least 1.

    Examples
    --------
    >>> from fsstab.selectors import default_n_features
    >>> default_n_features(60), default_n_features(5000), default_n_features(1)
    (8, 20, 1)
    """
    return max(1, min(20, round(math.sqrt(n_features))))


def resolve_n_features(value: Any, n_features: int, name: str = "n_features_to_select") -> int:
    """Number of features to select from a user value.

    ``None`` gives :func:`default_n_features`; an integer must lie in ``1 .. d``; a float in
    ``(0, 1)`` is a fraction of ``d`` (rounded down, at least one), as in thesis Ch. 5 where
    filters select a percentage of the features.
    """
    if value is None:
        return default_n_features(n_features)
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an int, a float in (0, 1) or None; got {value!r}")
    if isinstance(value, Integral):
        if not 1 <= value <= n_features:
            raise ValueError(
                f"{name}={value} must lie between 1 and n_features={n_features}"
            )
        return int(value)
    if isinstance(value, Real) and 0 < value < 1:
        return max(1, math.floor(value * n_features))
    raise ValueError(f"{name} must be an int, a float in (0, 1) or None; got {value!r}")


def descending_order(scores: np.ndarray, tie_break: Any = None) -> np.ndarray:
    """Feature indices from the highest to the lowest score; NaN counts as the lowest score.

    Ties keep the lower index first, or, with ``tie_break``, come in a random order drawn from
    it: where many features tie (a small forest gives most features an importance of exactly
    0), index order would select the same arbitrary features in every run and fake stability.

    Parameters
    ----------
    scores
        One score per feature, higher is better.
    tie_break
        None (ties in index order), or a seed or ``RandomState`` that orders ties at random.

    Returns
    -------
    ndarray of int, shape (d,)
        The feature indices, best first.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import descending_order
    >>> descending_order(np.array([0.1, np.nan, 0.5, 0.1])).tolist()
    [2, 0, 3, 1]
    """
    keys = -np.nan_to_num(np.asarray(scores, dtype=np.float64), nan=-np.inf)
    if tie_break is None:
        return np.argsort(keys, kind="stable")
    shuffled = check_random_state(tie_break).permutation(keys.size)
    return shuffled[np.argsort(keys[shuffled], kind="stable")]


def ranking_from_order(order: np.ndarray) -> np.ndarray:
    """``ranking_`` (1 = best) from an order of feature indices, best first."""
    ranking = np.empty(order.size, dtype=np.int64)
    ranking[order] = np.arange(1, order.size + 1)
    return ranking


def total_ranking(ranking: Any, importances: Any) -> np.ndarray:
    """A strict ranking 1..d refining ``ranking_`` by importance in the predictive model.

    Selectors following scikit-learn's RFE convention give every selected feature rank 1, and
    features eliminated in the same step share a rank. Rank-based stability (φ_can, Hamer &
    Dupont 2021 eq. 5, whose chance term χ assumes a permutation) needs a total order: ties in
    ``ranking_`` are broken by decreasing importance in the model built on the selected
    features (how Hamer §4 ranks the selected features of a map), then by feature index.
    """
    ranking = np.asarray(ranking, dtype=np.float64)
    importances = np.asarray(importances, dtype=np.float64)
    if ranking.shape != importances.shape or ranking.ndim != 1:
        raise ValueError(
            f"ranking and importances must be 1-d of equal length, got {ranking.shape} and "
            f"{importances.shape}"
        )
    order = np.lexsort((np.arange(ranking.size), -importances, ranking))
    return ranking_from_order(order)


def top_k_mask(order: np.ndarray, k: int) -> np.ndarray:
    """Boolean mask of the first ``k`` features of ``order``."""
    mask = np.zeros(order.size, dtype=bool)
    mask[order[:k]] = True
    return mask


def spawn_seeds(random_state: Any, n_seeds: int) -> np.ndarray:
    """``n_seeds`` integer seeds drawn from ``check_random_state(random_state)``.

    Sub-models receive these seeds so that the same ``random_state`` gives bit-identical results.
    """
    rng = check_random_state(random_state)
    return rng.randint(np.iinfo(np.int32).max, size=n_seeds)


def check_positive_int(value: Any, name: str, minimum: int = 1) -> int:
    """Validate an integer hyper-parameter, raising ``ValueError`` naming it."""
    if isinstance(value, bool) or not isinstance(value, Integral) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}; got {value!r}")
    return int(value)


def is_bagged_forest(model: Any) -> bool:
    """True for a fitted bagged tree ensemble that has out-of-bag samples."""
    # the property is looked up on the class: on the instance, ``hasattr`` would compute it
    # (every tree's bootstrap draw) only to test that it exists
    return (bool(getattr(model, "bootstrap", False))
            and hasattr(type(model), "estimators_samples_") and hasattr(model, "estimators_"))


def model_importances(
    model: Any, X_selected: np.ndarray, y: np.ndarray, random_state: Any
) -> np.ndarray:
    """Importance of each column of a fitted predictive model (Hamer & Dupont 2021, §5.1).

    Bagged forests: out-of-bag permutation importance (Breiman 2001; Hamer §7.2.4). Every other
    classifier: the decision-flip sensitivity of eq. 9, which is exact for linear models (and then
    equals eq. 7 on standardised features, Theorem 1) and a grid + bisection search otherwise.
    """
    if is_bagged_forest(model):
        return oob_permutation_importance(model, X_selected, y, random_state=random_state)
    return flip_sensitivity(model, X_selected)


def fit_paired_model(
    selector: Any, model: Any, X: np.ndarray, y: np.ndarray, random_state: Any
) -> None:
    """Fit the predictive model on the selected columns and set ``estimator_``, ``importances_``.

    ``selector.support_`` must be set. The importances come from :func:`model_importances` and
    are placed on the support by :func:`fsstab.importance.importances_on_support` (strictly
    positive on selected features, zero elsewhere).
    """
    selector.estimator_ = selector._fit_model(model, X, y)
    support = selector.support_
    if not np.any(support):
        selector.importances_ = np.zeros(support.size)
        return
    task = getattr(selector, "task", DEFAULT_TASK)
    if not get_task(task).has_classes:
        from fsstab.importance.outcomes import outcome_model_importances

        values = outcome_model_importances(selector.estimator_, X[:, support], y, task=task,
                                           random_state=random_state)
    else:
        values = model_importances(selector.estimator_, X[:, support], y, random_state)
    selector.importances_ = importances_on_support(values, support)


def encode_binary_target(estimator: Any, y: Any) -> np.ndarray:
    """Set ``estimator.classes_`` from ``y`` and return ``y`` coded 0/1 (index into
    ``classes_``); ``ValueError`` naming the estimator unless ``y`` has exactly two classes."""
    estimator.classes_, codes = np.unique(y, return_inverse=True)
    if estimator.classes_.size != 2:
        raise ValueError(
            f"{type(estimator).__name__} is binary; y has {estimator.classes_.size} classes"
        )
    return codes
