"""A :class:`~fsstab.datasets.Dataset` on disk: the Parquet file (``fsstab.dataset/1``, the
layout described in :mod:`fsstab.datasets`) and ``provenance.json`` beside it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from fsstab.datasets.dataset import Dataset
from fsstab.datasets.outcomes import outcome_columns, read_outcome_target, target_record
from fsstab.io import (
    file_digests,
    parquet_column_names,
    read_json,
    read_parquet,
    read_parquet_metadata,
    write_json,
    write_parquet,
)

__all__ = [
    "DATASET_FORMAT",
    "VOLATILE_PROVENANCE_KEYS",
    "dataset_paths",
    "read_dataset",
    "write_dataset",
]

DATASET_FORMAT = "fsstab.dataset/1"

#: Provenance entries that may differ between two fetches of the same data (time, mirror,
#: library versions). They are written to ``provenance.json`` only, never into the Parquet file.
VOLATILE_PROVENANCE_KEYS: frozenset[str] = frozenset(
    {"fetched_at", "downloaded_from", "cache_path", "library_versions"}
)

_PARQUET_NAME = "dataset.parquet"
_PROVENANCE_NAME = "provenance.json"


def dataset_paths(target: str | os.PathLike[str]) -> tuple[Path, Path]:
    """``(parquet path, provenance path)`` for a dataset location.

    A path ending in ``.parquet`` names the file itself and its provenance is
    ``<stem>.provenance.json`` beside it; any other path is a directory holding
    ``dataset.parquet`` and ``provenance.json``.
    """
    target = Path(target)
    if target.suffix == ".parquet":
        return target, target.with_name(target.stem + ".provenance.json")
    return target / _PARQUET_NAME, target / _PROVENANCE_NAME


def _stable(provenance: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in provenance.items() if k not in VOLATILE_PROVENANCE_KEYS}


def _dataset_table(ds: Dataset) -> pa.Table:
    values = pa.array(ds.X.reshape(-1), type=pa.float64())
    columns = {"sample_id": pa.array(ds.sample_ids, type=pa.string())}
    if ds.task == "classification":
        columns["label"] = pa.array([ds.class_labels[v] for v in ds.y], type=pa.string())
        columns["y"] = pa.array(ds.y, type=pa.int8())
    else:
        columns.update(outcome_columns(ds.task, ds.y))
    columns["x"] = pa.FixedSizeListArray.from_arrays(values, ds.n_features)
    if ds.sample_groups is not None:  # only then: datasets without groups keep their bytes
        columns["group"] = pa.array(ds.sample_groups, type=pa.string())
    return pa.table(columns)


def write_dataset(ds: Dataset, target: str | os.PathLike[str]) -> Path:
    """Write ``ds`` as Parquet plus ``provenance.json`` (see :func:`dataset_paths`).

    Both files are written atomically; the Parquet file is byte-identical for equal datasets.
    Returns the Parquet path.
    """
    parquet_path, provenance_path = dataset_paths(target)
    metadata = {
        "format": DATASET_FORMAT,
        "name": ds.name,
        "feature_names": list(ds.feature_names),
        "class_labels": list(ds.class_labels),
        "feature_groups": None if ds.feature_groups is None else ds.feature_groups.tolist(),
        "relevant_features": (
            None if ds.relevant_features is None else ds.relevant_features.tolist()
        ),
        "provenance": _stable(ds.provenance),
        **({} if ds.task == "classification" else {"task": ds.task}),
    }
    write_parquet(_dataset_table(ds), parquet_path, metadata=metadata)
    write_json(
        provenance_path,
        {
            **ds.provenance,
            "dataset": ds.name,
            "format": DATASET_FORMAT,
            "n": ds.n_samples,
            "d": ds.n_features,
            "class_counts": ds.class_counts,
            "class_labels": list(ds.class_labels),
            "positive_class": ds.positive_class,
            **({} if ds.task == "classification" else target_record(ds)),
            "parquet_file": parquet_path.name,
            "parquet_sha256": file_digests(parquet_path)["sha256"],
        },
    )
    return parquet_path


_REQUIRED_KEYS = ("format", "name", "feature_names", "class_labels")


# Rows of a stored dataset decoded at a time (each a whole row of d values).
_DATASET_ROWS = 1


def _read_fixed_size_list(path: str | os.PathLike[str], column: str, n_rows: int,
                         width: int) -> np.ndarray:
    """The ``fixed_size_list<double>[width]`` column of a Parquet file as an ``n x width``
    float64 matrix, decoded a few rows at a time (the matrix plus about 80 MB)."""
    import pyarrow.parquet as pq

    X = np.empty((n_rows, width))
    done = 0
    with pq.ParquetFile(path, pre_buffer=False, buffer_size=1 << 16) as parquet:
        if column not in parquet.schema_arrow.names:
            raise ValueError(f"{path}: missing column {column!r}")
        kind = parquet.schema_arrow.field(column).type
        if not pa.types.is_fixed_size_list(kind) or kind.list_size != width:
            raise ValueError(f"{path}: column {column!r} has type {kind}, expected "
                             f"fixed_size_list<double>[{width}]")
        for batch in parquet.iter_batches(batch_size=_DATASET_ROWS, columns=[column],
                                          use_threads=False):
            values = batch.column(0).flatten().to_numpy(zero_copy_only=False)
            rows = len(batch)
            if done + rows > n_rows or values.size != rows * width:
                raise ValueError(f"{path}: column {column!r} does not hold {n_rows} rows of "
                                 f"{width} values")
            X[done:done + rows] = values.reshape(rows, width)
            done += rows
    if done != n_rows:
        raise ValueError(f"{path}: column {column!r} holds {done} rows, expected {n_rows}")
    return X


def read_dataset(source: str | os.PathLike[str]) -> Dataset:
    """Read a dataset written by :func:`write_dataset` (a directory or a ``.parquet`` path).

    The provenance is the stable part stored in the Parquet file, completed by the volatile
    fields of the provenance JSON when that file exists.
    """
    parquet_path, provenance_path = dataset_paths(source)
    meta = read_parquet_metadata(parquet_path)
    missing = [k for k in _REQUIRED_KEYS if k not in meta]
    if missing or meta.get("format") != DATASET_FORMAT:
        raise ValueError(
            f"{parquet_path}: not an fsstab dataset (format {meta.get('format')!r}, missing "
            f"metadata {missing})"
        )
    task = meta.get("task", "classification")
    # every column but the matrix (the target, sample ids and groups are small)
    names = [c for c in parquet_column_names(parquet_path) if c != "x"]
    for column in ("sample_id", "y") if task == "classification" else ("sample_id",):
        if column not in names:
            raise ValueError(f"{parquet_path}: missing column {column!r}")
    table, _ = read_parquet(parquet_path, columns=names)
    # the matrix a few rows at a time (no copies of the size of the data); checks its type
    X = _read_fixed_size_list(parquet_path, "x", table.num_rows, len(meta["feature_names"]))
    provenance = dict(meta.get("provenance") or {})
    if provenance_path.is_file():
        extra = read_json(provenance_path)
        provenance.update({k: v for k, v in extra.items() if k in VOLATILE_PROVENANCE_KEYS})
    groups = meta.get("feature_groups")
    relevant = meta.get("relevant_features")
    return Dataset(
        name=meta["name"],
        X=X,
        y=(table.column("y").to_numpy() if task == "classification"
           else read_outcome_target(table, task, parquet_path)),
        feature_names=tuple(meta["feature_names"]),
        sample_ids=tuple(table.column("sample_id").to_pylist()),
        class_labels=tuple(meta["class_labels"]),
        feature_groups=None if groups is None else np.asarray(groups, dtype=np.int64),
        relevant_features=None if relevant is None else np.asarray(relevant, dtype=np.int64),
        provenance=provenance,
        sample_groups=(tuple(table.column("group").to_pylist())
                       if "group" in table.column_names else None),
        task=task,
    )
