"""Datasets whose outcome is a continuous value or a time to event (``Dataset.task``).

A :class:`~fsstab.datasets.Dataset` of ``task="regression"`` or ``task="survival"`` holds its
target ``y`` as the selectors take it (:mod:`fsstab.outcomes`): float64 values, or the
structured array ``[("event", bool), ("time", float64)]`` of scikit-survival. It has no class
labels (``class_labels == ()``). This module validates such targets for the dataset, builds
datasets from raw tables (:func:`make_outcome_dataset`), stores their targets in the dataset's
Parquet file and reads them back:

===========  ==============================  ===============================================
task         Parquet columns of the target   content
===========  ==============================  ===============================================
regression   ``y`` (double)                  the value of the sample
survival     ``time`` (double),              time of the event or of censoring; True where
             ``event`` (bool)                the event was observed
===========  ==============================  ===============================================

in place of the classification columns ``label`` and ``y`` (int8), and the key ``task`` in the
file's metadata (classification files have none, so their bytes do not change).

:func:`resampling_labels` is what resamples and holdout splits of a dataset are stratified on
(and fingerprinted with): the class codes, or :func:`fsstab.outcomes.stratification_labels`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa

from fsstab.outcomes import (
    as_target,
    check_task,
    describe_target,
    stratification_labels,
    survival_target,
)

if TYPE_CHECKING:
    from fsstab.datasets import Dataset

__all__ = [
    "checked_outcome_target",
    "make_outcome_dataset",
    "outcome_columns",
    "read_outcome_target",
    "resampling_labels",
    "target_column_names",
    "target_record",
]

_COLUMNS: dict[str, tuple[str, ...]] = {"regression": ("y",), "survival": ("time", "event")}


def checked_outcome_target(task: str, y: Any, class_labels: Sequence[Any], n: int,
                           name: str) -> tuple[tuple[str, ...], np.ndarray]:
    """``((), y)`` with ``y`` in the selectors' form for ``task`` (regression or survival),
    one value per sample; a ``ValueError`` naming the dataset otherwise."""
    task = check_task(task)
    if task == "classification":
        raise ValueError(f"dataset {name!r}: checked_outcome_target is for regression and "
                         "survival")
    if len(tuple(class_labels)):
        raise ValueError(f"dataset {name!r}: a {task} dataset has no class labels; got "
                         f"{tuple(class_labels)!r}")
    try:
        target = as_target(task, y)
    except ValueError as error:
        raise ValueError(f"dataset {name!r}: {error}") from None
    if target.shape != (n,):
        raise ValueError(f"dataset {name!r}: y has {target.shape[0]} values for {n} samples")
    return (), np.array(target, copy=True)


def target_column_names(task: str) -> tuple[str, ...]:
    """The Parquet columns holding the target of a ``task`` dataset."""
    task = check_task(task)
    return ("label", "y") if task == "classification" else _COLUMNS[task]


def outcome_columns(task: str, y: np.ndarray) -> dict[str, pa.Array]:
    """The target's Parquet columns (module docstring) of a regression or survival dataset."""
    if check_task(task) == "regression":
        return {"y": pa.array(np.asarray(y, dtype=np.float64), type=pa.float64())}
    return {"time": pa.array(np.asarray(y["time"], dtype=np.float64), type=pa.float64()),
            "event": pa.array(np.asarray(y["event"], dtype=bool), type=pa.bool_())}


def read_outcome_target(table: pa.Table, task: str, path: Any) -> np.ndarray:
    """The target of a regression or survival dataset from its Parquet table."""
    missing = [c for c in _COLUMNS[check_task(task)] if c not in table.column_names]
    if missing:
        raise ValueError(f"{path}: a {task} dataset needs the column(s) {missing}")
    if task == "regression":
        return table.column("y").to_numpy().astype(np.float64)
    return survival_target(
        table.column("event").to_numpy(zero_copy_only=False).astype(bool),
        table.column("time").to_numpy().astype(np.float64),
    )


def target_record(ds: Dataset) -> dict[str, Any]:
    """What ``provenance.json`` says about the target of ``ds`` (besides the class counts,
    which an outcome dataset does not have): :func:`fsstab.outcomes.describe_target`."""
    return {"task": ds.task, "target": describe_target(ds.task, ds.y)}


def resampling_labels(ds: Dataset) -> np.ndarray:
    """The labels the resamples and the holdout split of ``ds`` are stratified on: the class
    codes ``ds.y``, or :func:`fsstab.outcomes.stratification_labels` (quantile bins of a
    continuous target, the event indicator of a survival target)."""
    if ds.task == "classification":
        return ds.y
    return stratification_labels(ds.task, ds.y)


def make_outcome_dataset(
    name: str,
    X: Any,
    y: Any,
    *,
    task: str,
    feature_names: Sequence[Any] | None = None,
    sample_ids: Sequence[Any] | None = None,
    feature_groups: Any = None,
    relevant_features: Any = None,
    provenance: Mapping[str, Any] | None = None,
    sample_groups: Sequence[Any] | None = None,
) -> Dataset:
    """A validated regression or survival :class:`~fsstab.datasets.Dataset` from a feature
    table and its target (already parsed: :func:`fsstab.outcomes.parse_regression_column`,
    :func:`fsstab.outcomes.parse_survival_columns`, or any target :func:`fsstab.outcomes.
    as_target` accepts).

    ``X`` may be an array or a DataFrame (its columns name the features, its index the
    samples, as for :func:`fsstab.datasets.make_dataset`); errors name the dataset, the
    feature and the sample. The provenance gains ``target``
    (:func:`fsstab.outcomes.describe_target`).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.dataset_outcomes import make_outcome_dataset
    >>> ds = make_outcome_dataset("toy", np.eye(3), [1.5, 2.0, 0.5], task="regression")
    >>> ds.task, ds.y.tolist(), ds.class_labels
    ('regression', [1.5, 2.0, 0.5], ())
    """
    from fsstab.datasets.building import _is_dataframe, numeric_matrix
    from fsstab.datasets.dataset import Dataset, _check_finite

    task = check_task(task)
    if _is_dataframe(X):
        if feature_names is None:
            feature_names = [str(c) for c in X.columns]
        import pandas as pd

        if sample_ids is None and not isinstance(X.index, pd.RangeIndex):
            sample_ids = [str(i) for i in X.index]
    matrix = numeric_matrix(X, name)
    if matrix.ndim != 2 or matrix.shape[0] == 0:
        raise ValueError(f"dataset {name!r}: X must be a 2-dimensional table with samples; "
                         f"got shape {matrix.shape}")
    n, d = matrix.shape
    try:
        target = as_target(task, y)
    except ValueError as error:
        raise ValueError(f"dataset {name!r}: {error}") from None
    if feature_names is None:
        feature_names = [f"f{j}" for j in range(d)]
    ids_given = sample_ids is not None
    ids = [str(s) for s in sample_ids] if sample_ids is not None else [str(i) for i in range(n)]
    if len(feature_names) == d and len(ids) == n:
        _check_finite(matrix, name, [str(f) for f in feature_names], ids, ids_given=ids_given)
    record = {**(provenance or {}), "target": describe_target(task, target)}
    return Dataset(
        name=name,
        X=matrix,
        y=target,
        feature_names=tuple(str(f) for f in feature_names),
        sample_ids=tuple(ids),
        class_labels=(),
        feature_groups=feature_groups,
        relevant_features=relevant_features,
        provenance=record,
        sample_groups=None if sample_groups is None else tuple(sample_groups),
        task=task,
    )

