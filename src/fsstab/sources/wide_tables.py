"""Wide tables in bounded memory: Parquet sources with tens of thousands of columns and more,
and what the bounded readers of wide files share (the width of a file, row counters).

Reading a whole wide table at once costs several times its size: ``pyarrow.parquet.read_table``
holds decoded and decompressed copies, and with Arrow's thread pool sized by
``OMP_NUM_THREADS=1`` -- as Snakemake sets for a one-thread job -- a 100 x 100,000 Parquet file
with one column per feature grows past 15 GB. :func:`read_wide_parquet` fills one
preallocated float64 ``n x d`` matrix a block of columns at a time, never using Arrow's thread
pool, so a read needs the matrix plus a bounded buffer whatever the thread settings; Parquet
stores the doubles themselves, so the values are those of the whole-table read bit for bit.
It is the ``read_wide`` reader of the ``parquet`` row of the format table
(:mod:`fsstab.sources.formats`); wide CSV/TSV files are read by
:mod:`fsstab.sources.wide_studies`, a line or a block of lines at a time. (A stored dataset's
matrix is read in bounded memory by :mod:`fsstab.datasets.storage`.)
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.sources.reading import FileFormat, NonNumeric, SourceMatrix, target_names
from fsstab.sources.text_files import open_binary, open_text

__all__ = [
    "WIDE_COLUMNS",
    "delimited_width",
    "parquet_file",
    "parquet_width",
    "read_wide_parquet",
    "row_counter_columns",
]

#: Tables with more columns than this (lines, for genes in rows) are read in bounded memory.
WIDE_COLUMNS = 10_000

# Columns of a wide Parquet file read at a time.
_PARQUET_COLUMNS = 2048


# --------------------------------------------------------------------------------------------
# Wide source tables
# --------------------------------------------------------------------------------------------


def parquet_file(path: Path) -> Any:
    """``pyarrow.parquet.ParquetFile(path)`` (without Arrow's read-ahead), a file that is not
    Parquet or is truncated refused with a ``ValueError`` naming it."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.ParquetFile(path, pre_buffer=False)
    except (pa.ArrowException, OSError) as exc:
        raise ValueError(f"{path}: not a readable Parquet file -- truncated, or not Parquet "
                         f"({exc})") from exc


def parquet_width(path: Path) -> int:
    """The columns of a Parquet file, from its schema."""
    with parquet_file(path) as parquet:
        return len(parquet.schema_arrow.names)


def delimited_width(path: Path, sep: str, *, transpose: bool = False) -> int:
    """The columns of a CSV/TSV file (the fields of its header line, split at ``sep``), or
    with ``transpose`` its lines, counted cheaply (decompressed on the fly)."""
    if transpose:
        with open_binary(path) as stream:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: stream.read(1 << 24), b""))
    with open_text(path, errors="replace") as stream:
        return len(next(csv.reader(stream, delimiter=sep), []))


def _text_columns(parquet: Any, names: Sequence[str], count: int) -> NonNumeric:
    """Columns of a type that is not numbers: each with its first value, its row."""
    cells = []
    for column in names[:5]:
        values = parquet.read(columns=[column], use_threads=False).column(0).to_pylist()
        row = next((i for i, v in enumerate(values) if v is not None), None)
        cells.append((str(column), row, "the column's type is not numbers; first value in "
                      f"row {1 if row is None else row + 1}",
                      "" if row is None else str(values[row])))
    return NonNumeric(count, tuple(cells))


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


def read_wide_parquet(path: Path, fmt: FileFormat, options: Mapping[str, Any],
                      name: str) -> SourceMatrix | None:
    """The matrix of a study when it is a Parquet file wider than :data:`WIDE_COLUMNS`
    (samples in rows); else None (read whole).

    ``columns`` holds the columns the study's options may name and that the file has --
    ``id_column``, the target(s) (the last column when none is named), ``groups``, ``drop``,
    ``where`` -- and, with a sample sheet and no ids, the first column (the ids to join the
    sheet on), with pandas' stored index. ``X`` holds every other column, and the ``where``
    columns, which stay features unless dropped: the features the whole-table read keeps,
    with the same values (integers and booleans as float64, as the dataset converts them).
    """
    import pyarrow as pa

    if parquet_width(path) <= WIDE_COLUMNS:
        return None
    with parquet_file(path) as parquet:
        schema = parquet.schema_arrow
        columns = _parquet_columns(schema)
        if not columns:
            return None
        drop = options.get("drop") or []
        excluded = {options.get("id_column"), options.get("groups"),
                    *([drop] if isinstance(drop, str) else drop),
                    *(target_names(options) or [columns[-1]])}
        stored_index = len(columns) < len(schema.names)  # the sample ids
        if options.get("samples") and not options.get("id_column") and not stored_index:
            excluded.add(columns[0])
        excluded = {str(c) for c in excluded if c is not None}
        named = [c for c in columns if c in excluded or c in set(options.get("where") or {})]
        features = [c for c in columns if c not in excluded]
        text = [c for c in features if not (_is_real(schema.field(c).type, pa)
                                            or pa.types.is_boolean(schema.field(c).type))]
        non_numeric = _text_columns(parquet, text, len(text)) if text else None
        frame, X = _parquet_parts(parquet, named, [c for c in features if c not in text])
    index = frame.index
    ids = None if isinstance(index, pd.RangeIndex) else [str(i) for i in index]
    return SourceMatrix(path, frame.set_axis(named, axis=1), X,
                        [str(c) for c in features if c not in text], ids,
                        [f"row {i + 1}" for i in range(len(X))], [], is_table=True,
                        non_numeric=non_numeric)


def row_counter_columns(X: np.ndarray, *, block: int = 4096) -> list[int]:
    """Columns of ``X`` that count the rows, as :func:`fsstab.sources.sample_sheets.read_study`
    flags them in a table (whole numbers from 0 or 1, strictly increasing, range below 2n), a
    block of columns at a time.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.column_stack([np.arange(1.0, 6.0), np.ones(5), np.arange(0.0, 15.0, 3.0)])
    >>> row_counter_columns(X)
    [0]
    """
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
