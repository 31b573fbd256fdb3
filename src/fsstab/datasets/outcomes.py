"""Datasets whose outcome is a continuous value or a time to event (``Dataset.task``).

A :class:`~fsstab.datasets.Dataset` of ``task="regression"`` or ``task="survival"`` holds its
target ``y`` as the selectors take it (:mod:`fsstab.outcomes`): float64 values, or the
structured array ``[("event", bool), ("time", float64)]`` of scikit-survival. It has no class
labels (``class_labels == ()``). This module validates such targets for the dataset, stores
them in the dataset's Parquet file and reads them back (datasets are built from raw tables by
:func:`fsstab.datasets.make_outcome_dataset`):

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

from collections.abc import Sequence
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
