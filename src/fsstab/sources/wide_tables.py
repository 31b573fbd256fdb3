"""Wide tables in bounded memory: a stored dataset's matrix, and Parquet sources with tens of
thousands of columns and more.

Reading a whole wide table at once costs several times its size: ``pyarrow.parquet.read_table``
holds decoded and decompressed copies (3.7 times the matrix for a stored dataset), and with
Arrow's thread pool sized by ``OMP_NUM_THREADS=1`` -- as Snakemake sets for a one-thread job --
a 100 x 100,000 Parquet file with one column per feature grows past 15 GB. Here every reader
fills one preallocated float64 ``n x d`` matrix piece by piece (rows of a stored dataset,
blocks of columns of a Parquet file), never using Arrow's thread pool, so a read needs the
matrix plus a bounded buffer whatever the thread settings; Parquet stores the doubles
themselves, so the values are those of the whole-table read bit for bit. Wide CSV/TSV files
are read by :mod:`fsstab.sources.wide_studies` (which
:func:`fsstab.sources.sample_sheets.read_study` uses
for every CSV/TSV source), a line or a block of lines at a time.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "WIDE_COLUMNS",
    "WideTable",
    "keep_rows",
    "read_wide_study_matrix",
    "row_counter_columns",
    "table_width",
]

#: Tables with more columns than this (lines, for genes in rows) are read by this module.
WIDE_COLUMNS = 10_000

# Columns of a wide Parquet file read at a time.
_PARQUET_COLUMNS = 2048


# --------------------------------------------------------------------------------------------
# Wide source tables
# --------------------------------------------------------------------------------------------


@dataclass
class WideTable:
    """A source table split into its feature matrix and the few columns named by the options
    (labels, sample ids, dropped columns, ``where`` columns), one row per sample."""

    X: np.ndarray
    feature_names: list[str]
    columns: Any  # pandas.DataFrame


def table_width(path: str | os.PathLike[str], fmt: str, *, transpose: bool = False,
                sep: str | None = None) -> int:
    """Columns of a Parquet / CSV / TSV file (lines, for ``transpose``), read cheaply: the
    Parquet schema, the CSV header line (fields split at ``sep``, by default the format's
    separator), or a count of lines."""
    path = Path(path)
    if fmt == "parquet":
        import pyarrow.parquet as pq

        return len(pq.read_schema(path).names)
    if transpose:
        with path.open("rb") as stream:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: stream.read(1 << 24), b""))
    from fsstab.sources.delimited import default_separator

    with path.open(newline="", encoding="utf-8", errors="replace") as stream:
        return len(next(csv.reader(stream, delimiter=sep or default_separator(fmt)), []))


def _non_numeric(names: Sequence[str], name: str) -> ValueError:
    shown = ", ".join(repr(c) for c in names[:5])
    more = f" and {len(names) - 5} more" if len(names) > 5 else ""
    return ValueError(f"dataset {name!r}: {len(names)} non-numeric feature(s): {shown}{more}")


def _parquet_columns(schema: Any) -> list[str]:
    """The columns of a Parquet schema, without pandas' stored index."""
    index = set()
    if schema.pandas_metadata:
        index = {c for c in schema.pandas_metadata.get("index_columns", [])
                 if isinstance(c, str)}
    return [c for c in schema.names if c not in index]


def _parquet_parts(parquet: Any, named: Sequence[str], features: Sequence[str]
                   ) -> tuple[Any, np.ndarray]:
    """The ``named`` columns as a DataFrame (with pandas' stored index) and the ``features``
    as one float64 matrix filled a block of columns at a time, without Arrow's thread pool."""
    frame = parquet.read(columns=list(named), use_threads=False,
                         use_pandas_metadata=True).to_pandas()
    X = np.empty((parquet.metadata.num_rows, len(features)))
    for start in range(0, len(features), _PARQUET_COLUMNS):
        block = list(features[start:start + _PARQUET_COLUMNS])
        table = parquet.read(columns=block, use_threads=False)
        for j, column in enumerate(table.columns):
            X[:, start + j] = column.to_numpy(zero_copy_only=False).astype(np.float64,
                                                                           copy=False)
    return frame, X


def read_wide_study_matrix(path: str | os.PathLike[str], fmt: str, options: Mapping[str, Any],
                           name: str) -> WideTable | None:
    """The matrix of a study (:func:`fsstab.sources.sample_sheets.read_study`) when it is a Parquet
    file, samples in rows, wider than :data:`WIDE_COLUMNS`; else None (read whole).

    ``columns`` holds the columns the study's options may name and that the file has --
    ``id_column``, the target(s) (the last column when none is named), ``groups``, ``drop``,
    ``where`` -- and, with a sample sheet and no ids, the first column (the ids to join the
    sheet on), with pandas' stored index. ``X`` holds every other column, and the ``where``
    columns, which stay features unless dropped: the features the whole-table read keeps,
    with the same values (integers and booleans as float64, as the dataset converts them).
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    if (fmt != "parquet" or options.get("transpose") or options.get("row_names")
            or table_width(path, fmt) <= WIDE_COLUMNS):
        return None
    with pq.ParquetFile(path, pre_buffer=False) as parquet:
        schema = parquet.schema_arrow
        columns = _parquet_columns(schema)
        if not columns:
            return None
        drop = options.get("drop") or []
        targets = options.get("target") or [columns[-1]]
        excluded = {options.get("id_column"), options.get("groups"),
                    *([drop] if isinstance(drop, str) else drop),
                    *([targets] if isinstance(targets, str) else targets)}
        stored_index = len(columns) < len(schema.names)  # the sample ids
        if options.get("samples") and not options.get("id_column") and not stored_index:
            excluded.add(columns[0])
        excluded = {str(c) for c in excluded if c is not None}
        named = [c for c in columns if c in excluded or c in set(options.get("where") or {})]
        features = [c for c in columns if c not in excluded]
        non_numeric = [c for c in features if not (_is_real(schema.field(c).type, pa)
                                                   or pa.types.is_boolean(schema.field(c).type))]
        if non_numeric:
            raise _non_numeric(non_numeric, name)
        frame, X = _parquet_parts(parquet, named, features)
    return WideTable(X, [str(c) for c in features], frame.set_axis(named, axis=1))


def keep_rows(X: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``X[rows]`` for increasing ``rows``, moved up within ``X`` a row at a time (no second
    matrix)."""
    for i, row in enumerate(rows):
        if i != row:
            X[i] = X[row]
    return X[: len(rows)]


def row_counter_columns(X: np.ndarray, *, block: int = 4096) -> list[int]:
    """Columns of ``X`` that count the rows, as :func:`fsstab.sources.sample_sheets` flags them in a
    table (whole numbers from 0 or 1, strictly increasing, range below 2n), a block of
    columns at a time."""
    n, d = X.shape
    if n < 3:
        return []
    flagged: list[int] = []
    with np.errstate(invalid="ignore"):
        for start in range(0, d, block):
            B = X[:, start:start + block]
            counts = (np.isfinite(B).all(axis=0) & (np.round(B) == B).all(axis=0)
                      & ((B[0] == 0.0) | (B[0] == 1.0)) & (np.diff(B, axis=0) > 0).all(axis=0)
                      & (B[-1] - B[0] < 2 * n))
            flagged.extend(int(j) + start for j in np.flatnonzero(counts))
    return flagged


def _is_real(arrow_type: Any, pa: Any) -> bool:
    return bool(pa.types.is_integer(arrow_type) or pa.types.is_floating(arrow_type))
