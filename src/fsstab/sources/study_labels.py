"""The class sizes of a study read from its labels alone: the target column of a CSV/TSV or
Parquet matrix (and the columns ``where:`` and ``drop:`` name), or its sample sheet and the
matrix's ids -- never the features.

:func:`source_class_counts` gives the classes a ``file:`` source's dataset will have, counted
as :attr:`fsstab.datasets.Dataset.class_counts` counts them after the fetch: the same reading
of the named columns (:func:`fsstab.sources.delimited.read_samples_in_rows` with ``usecols``;
Arrow's read of the named columns and pandas' stored index),
the same study (:func:`fsstab.sources.sample_sheets.read_study`: ``where:``, the sample sheet
joined by id, samples without a target left out) and the same class selection
(:func:`fsstab.datasets.encode_labels`: ``classes``, ``positive``, ``multiclass``). The
workflow checks the resampling against these sizes before the first job
(:mod:`fsstab.workflow.resampling_checks`).

Genes in rows (``transpose``) are read so with a sample sheet holding the target: the
sample ids come from the file's first two lines (R's empty top-left cell, or the line
``id_column`` names). It answers None where the labels cannot be had without reading the
matrix, or where the fetch could still change the samples: other kinds than ``file:``,
formats other than CSV, TSV and Parquet, genes in rows without a sample sheet, zip members,
and tasks other than classification. A file that the named columns' reading refuses raises
the reader's own ``ValueError`` (the fetch would refuse it too).
"""

from __future__ import annotations

import copy
import os
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.datasets import encode_labels
from fsstab.sources.delimited import (
    delimited_options,
    first_records,
    read_delimited,
    read_samples_in_rows,
    row_header,
)
from fsstab.sources.formats import format_of
from fsstab.sources.local import local_file
from fsstab.sources.reading import FileFormat, SourceMatrix, target_names
from fsstab.sources.sample_sheets import read_study
from fsstab.sources.specs import parse_source

__all__ = ["source_class_counts"]


def _named_columns(options: Mapping[str, Any], real: list[str], row_names: bool) -> list[str]:
    """The matrix's columns the study reads (in file order): the target (the last column by
    default, without a sample sheet), the ids, ``where:`` and ``drop:``."""
    sheet = options.get("samples") is not None
    drop = options.get("drop") or []
    wanted = {*target_names(options), *map(str, options.get("where") or {}),
              *([drop] if isinstance(drop, str) else drop)}
    if options.get("id_column"):
        wanted.add(options["id_column"])
    elif sheet and not row_names and real:
        wanted.add(real[0])  # the ids to join the sheet on
    if not target_names(options) and not sheet and real:
        wanted.add(real[-1])
    return [name for name in real if name in wanted]


def _delimited_columns(path: Path, fmt: FileFormat, options: Mapping[str, Any]
                       ) -> SourceMatrix:
    """The named columns of a CSV/TSV file with one sample per row, read as the fetch reads
    them (:func:`fsstab.sources.delimited.read_samples_in_rows`)."""
    kwargs = delimited_options(fmt, options)
    header = row_header(path, kwargs["sep"])
    table = read_samples_in_rows(
        path, fmt.name, kwargs["sep"], kwargs["decimal"], kwargs["text_columns"],
        kwargs["text_positions"], kwargs["first_as_ids"], header=header,
        usecols=_named_columns(options, header.real, header.row_names))
    frame = table.frame.set_axis([str(c) for c in table.frame.columns], axis=1)
    return SourceMatrix(path, frame, None, None, table.row_names, table.positions,
                        table.notes, is_table=True)


def _parquet_columns(path: Path, options: Mapping[str, Any]) -> SourceMatrix:
    """The named columns of a Parquet file and pandas' stored index (the sample ids), as
    :func:`fsstab.sources.readers.read_parquet_matrix` reads them."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        schema = pq.read_schema(path)
        index = {c for c in (schema.pandas_metadata or {}).get("index_columns", [])
                 if isinstance(c, str)}
        real = [name for name in schema.names if name not in index]
        frame = pq.read_table(path, columns=_named_columns(options, real, bool(index)),
                              use_pandas_metadata=True).to_pandas()
    except (pa.ArrowException, OSError) as exc:
        raise ValueError(f"{path}: not a readable Parquet file -- truncated, or not Parquet "
                         f"({exc})") from exc
    ids = None if isinstance(frame.index, pd.RangeIndex) else [str(i) for i in frame.index]
    frame = frame.reset_index(drop=True).set_axis([str(c) for c in frame.columns], axis=1)
    return SourceMatrix(path, frame, None, None, ids,
                        [f"row {i + 1}" for i in range(len(frame))], [], is_table=True)


def _genes_in_rows_ids(path: Path, fmt: FileFormat, options: Mapping[str, Any]
                       ) -> SourceMatrix | None:
    """The samples of a file with genes in rows, from its first two lines (R's empty
    top-left cell, or the line ``id_column`` names) read by the fetch's reader
    (:func:`fsstab.sources.delimited.read_delimited`); None when the ids are not there."""
    import csv
    import tempfile

    kwargs = delimited_options(fmt, options)
    records = first_records(path, kwargs["sep"], 2)
    with tempfile.TemporaryDirectory() as folder:
        head = Path(folder) / f"head{fmt.suffixes[0]}"
        with head.open("w", newline="", encoding="utf-8") as out:
            csv.writer(out, delimiter=kwargs["sep"]).writerows(records)
        table = read_delimited(head, fmt.name, **kwargs)
    frame = table.frame.set_axis([str(c) for c in table.frame.columns], axis=1)
    id_column = options.get("id_column")
    if table.row_names is None and (id_column is None or id_column not in frame.columns):
        return None
    return SourceMatrix(path, frame, None, None, table.row_names, table.positions,
                        table.notes, is_table=True)


def source_class_counts(spec: str | Mapping[str, Any], *,
                        base_dir: str | os.PathLike[str] | None = None
                        ) -> dict[str, int] | None:
    """``{label: samples}`` of the dataset of a ``file:`` source (in code order), read from
    its labels only; None when they cannot be (module docstring) or the file is not there.

    Raises ``ValueError`` as the fetch would for a spec, a column or a label it refuses.

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "study.csv"), "w") as out:
    ...     _ = out.write("sample,TP53,status\\nS1,5.1,tumour\\nS2,5.3,normal\\n"
    ...                   "S3,7.9,tumour\\nS4,6.0,\\n")
    >>> source_class_counts({"source": "file:study.csv", "id_column": "sample"},
    ...                     base_dir=folder)
    {'tumour': 2, 'normal': 1}
    """
    src = parse_source(copy.deepcopy(spec))
    options = src.options
    if (src.kind != "file" or options.get("member")
            or options.get("task", "classification") != "classification"):
        return None
    fmt = format_of(src.location, options, src.source)
    path = local_file(src.location, base_dir)
    if not path.is_file():
        return None
    if options.get("transpose"):  # genes in rows: the sheet's target, the first line's ids
        if options.get("samples") is None or options.get("where") or fmt.separator is None:
            return None
        found = _genes_in_rows_ids(path, fmt, options)
        if found is None:
            return None
        matrix = found
        options = {key: value for key, value in options.items() if key != "drop"}
    elif fmt.separator is not None:
        matrix = _delimited_columns(path, fmt, options)
    elif fmt.name == "parquet":
        matrix = _parquet_columns(path, options)
    else:
        return None
    name = options.get("name") or path.stem
    with warnings.catch_warnings():  # samples left out: the fetch says so
        warnings.simplefilter("ignore")
        try:
            study = read_study(matrix, options, name, base_dir=base_dir, labels_only=True)
        except ValueError:
            if options.get("transpose"):  # a line below the first two: the fetch reads it
                return None
            raise
    labels = study.targets.iloc[:, 0].to_numpy(dtype=object)
    if labels.size == 0:
        return None  # no samples: the fetch says so
    y, _, class_labels, _ = encode_labels(
        labels, name=name, classes=options.get("classes"), positive=options.get("positive"),
        multiclass=bool(options.get("multiclass", False)))
    counts = np.bincount(y, minlength=len(class_labels))
    return {str(label): int(c) for label, c in zip(class_labels, counts, strict=True)}
