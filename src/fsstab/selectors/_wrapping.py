"""What the selectors that wrap a base selector on augmented data share (Stabl, knockoffs):
the base selector for a task, its fit on ``[X, synthetic]`` in a random column order, the
labels stratifying subsamples, and the paired model per task."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from sklearn.base import clone

from fsstab.outcomes import check_task
from fsstab.selectors._two_stage import fit_selection


def base_for_task(selector: Any, task: str, owner: str, default: Any) -> Any:
    """An unfitted copy of ``selector`` (None: ``default()``) serving ``task``.

    The wrapper's ``task`` is given to a base selector that takes a ``task`` parameter and
    left at its default (classification); a base set to another task, or one without a
    ``task`` parameter outside classification, is refused naming both.
    """
    task = check_task(task)
    base = default() if selector is None else clone(selector)
    params = base.get_params(deep=False)
    if "task" in params:
        if params["task"] not in (task, "classification"):
            raise ValueError(
                f"{owner}(task={task!r}) wraps {type(base).__name__}(task={params['task']!r}); "
                "give both the same task"
            )
        base.set_params(task=task)
    elif task != "classification":
        raise ValueError(
            f"{owner}(task={task!r}): its base selector {type(base).__name__} serves "
            "classification only"
        )
    return base


def base_task_problem(owner: type, task: str, params: Mapping[str, Any],
                      default: str = "LassoSelector") -> str | None:
    """Why ``owner`` with constructor ``params`` cannot serve ``task``: the problem of its
    base selector (an object, a ``{"class": ..., "params": ...}`` mapping, or None: the
    default ``LassoSelector``)."""
    from fsstab.selectors import SELECTORS

    if check_task(task) not in owner.tasks:
        return f"{owner.__name__} serves {', '.join(sorted(owner.tasks))}, not {task}"
    selector = params.get("selector")
    if selector is None:
        cls, base_params = SELECTORS[default], {}
    elif isinstance(selector, Mapping):
        cls, base_params = SELECTORS.get(selector.get("class")), dict(selector.get("params") or {})
        if cls is None:
            return f"{owner.__name__}: unknown base selector {selector.get('class')!r}"
    else:
        cls, base_params = type(selector), selector.get_params(deep=False)
    problem = cls.task_problem(task, base_params) if hasattr(cls, "task_problem") else None
    if problem is not None:
        return f"{owner.__name__}'s base selector: {problem}"
    return None


def given_subsamples(subsamples: Any, n_samples: int) -> np.ndarray:
    """User-given subsamples (one row of row indices each), checked against ``n``."""
    rows = np.asarray(subsamples)
    if rows.ndim != 2 or rows.shape[0] < 1 or rows.shape[1] < 2 or (
            not np.issubdtype(rows.dtype, np.integer)):
        raise ValueError(
            "subsamples must be a 2-d array of row indices (one subsample per row, at least "
            f"two rows each); got shape {rows.shape} and dtype {rows.dtype}"
        )
    if rows.min() < 0 or rows.max() >= n_samples:
        raise ValueError(
            f"subsamples hold row indices outside 0..{n_samples - 1} (the rows of X)")
    return rows.astype(np.int64, copy=False)


def stratification_labels(y: np.ndarray, task: str) -> np.ndarray | None:
    """Labels to deal evenly between the halves of a complementary pair: the classes, the
    event indicator of a survival outcome, none for a regression."""
    if task == "classification":
        return y
    if task == "survival":
        return y["event"].astype(np.int64)
    return None


def augmented_fit(base: Any, X: np.ndarray, synthetic: np.ndarray, y: np.ndarray,
                  order: np.ndarray, task: str, *, importances: bool = False) -> np.ndarray:
    """Fit ``base`` on ``[X, synthetic]`` with its columns in ``order`` (a random order, so
    that no selector breaking ties by column index favours either part); return the support
    (or, with ``importances``, ``importances_``) in the unshuffled column order."""
    data = np.hstack([X, synthetic])[:, order]
    if task == "classification" and not importances:
        fitted = fit_selection(base, data, y)
    else:
        fitted = base.fit(data, y)
    values = np.asarray(fitted.importances_ if importances else fitted.get_support(),
                        dtype=np.float64)
    out = np.empty(order.size)
    out[order] = values
    return out


def paired_model(task: str) -> Any:
    """The predictive model of a wrapper's selection: ridge logistic regression, ridge
    regression or the ridge Cox model on standardised features (those of FilterSelector)."""
    from fsstab.selectors._filters import default_filter_model, default_outcome_model

    return default_filter_model() if task == "classification" else default_outcome_model(task)
