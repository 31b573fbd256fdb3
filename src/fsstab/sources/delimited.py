"""Delimited text tables as R, Excel and labs write them.

:func:`read_delimited` reads a CSV/TSV file with one sample per row (or, ``transpose=True``,
one sample per column) and recognises the layouts that other tools write:

- **R's row names.** ``write.csv(df)`` writes the row names as a first column whose header
  cell is empty (``"",gene1,gene2``); ``write.table(df)`` writes no header cell for them at
  all (the header has one field fewer than the data lines). Such a first column holding unique
  values is the table's row names -- the sample ids -- and never a feature. Genes in rows
  written by R (``write.csv(assay(se))``) have an empty top-left cell: the first line then
  holds the sample ids and the first column the gene ids.
- **Excel's European CSV.** ``sep=";"`` and ``decimal=","`` read ``1,5;2,25``.
- **A trailing separator** at the end of every line (spreadsheet exports) makes an empty last
  column, which is dropped (a note says so) instead of being taken for a column of missing
  values.
- **Text columns** (sample ids, labels, groups: ``text_columns``) are read as text, never as
  numbers: ``01005`` keeps its leading zero, and labels ``1`` and ``1.0`` stay apart.

- **Excel's "CSV UTF-8" and compressed files.** A byte-order mark before the first header
  cell is skipped, CRLF line ends are read as line ends, and ``.gz``/``.bz2``/``.xz``/``.zip``
  files are decompressed on the fly (:mod:`fsstab.sources.text_files`).

Positions in messages count rows and columns from 1, the header not being a row.
:func:`read_delimited_matrix` is the reader of the ``csv`` and ``tsv`` rows of the format table
(:mod:`fsstab.sources.formats`); the pieces :mod:`fsstab.sources.wide_studies` shares with it
(:func:`row_header`, :func:`read_samples_in_rows`, :func:`first_records`, ...) are public.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.sources.reading import FileFormat, SourceMatrix, check_unique_names, target_names
from fsstab.sources.text_files import compression_of, open_text

__all__ = [
    "DelimitedTable",
    "RowHeader",
    "delimited_options",
    "first_records",
    "numeric_or_text",
    "parse_error",
    "read_delimited",
    "read_delimited_matrix",
    "read_samples_in_rows",
    "row_header",
    "text_ids",
]

#: Name given to R's row-name column while reading (no file column can be named so).
_ROW_NAMES = "\x00row names"
_TRAILING = "\x00trailing"


@dataclass(frozen=True)
class DelimitedTable:
    """A table read by :func:`read_delimited`.

    ``frame``: one row per sample (features and other columns by name; text columns as
    text); ``row_names``: the samples' ids from R's row names, or from the header line of a
    genes-in-rows file with an empty top-left cell, else None; ``positions``: where each
    sample is in the file (``"row 3"``, ``"column 5"``), for messages; ``notes``: what was
    recognised (R row names, a trailing separator).
    """

    frame: pd.DataFrame
    row_names: list[str] | None
    positions: list[str]
    notes: list[str] = field(default_factory=list)


def first_records(path: Path, sep: str, count: int) -> list[list[str]]:
    """The first ``count`` records of the file (csv quoting rules; decompressed, a byte-order
    mark skipped)."""
    out: list[list[str]] = []
    with open_text(path, errors="replace") as stream:
        for record in csv.reader(stream, delimiter=sep):
            out.append(record)
            if len(out) == count:
                break
    return out


def parse_error(path: Path, fmt: str, exc: Exception, sep: str) -> ValueError:
    """pandas' parse error of ``path`` as a ``ValueError`` naming the file (with a hint for
    Excel's ``;``)."""
    hint = ""
    if sep == "," and ";" in str(exc):
        hint = "; a file with ';' between fields (Excel in many locales) needs sep: ';'"
    return ValueError(f"{path}: cannot parse as {fmt.upper()} ({exc}){hint}")


def _empty(column: pd.Series) -> bool:
    return bool(column.isna().all() or column.astype(str).str.strip().eq("").all())


def _with_positions(names: Sequence[str], text_columns: Sequence[str] | None,
                    text_positions: Sequence[int]) -> list[str] | None:
    """The text columns: those named and those at ``text_positions`` of ``names``."""
    if text_columns is None:
        return None
    chosen = list(text_columns)
    for position in text_positions:
        if -len(names) <= position < len(names):
            chosen.append(names[position])
    return chosen


@dataclass(frozen=True)
class RowHeader:
    """The columns of a file with one sample per row: ``names`` as pandas is to name them (R's
    row names and an empty last column under marker names), ``row_names`` whether the first
    column holds R's row names."""

    names: list[str]
    row_names: bool

    @property
    def real(self) -> list[str]:
        """The file's own columns (without R's row names and an empty last column)."""
        return [n for n in self.names if n not in (_ROW_NAMES, _TRAILING)]


def row_header(path: Path, sep: str) -> RowHeader:
    """The header of a file with one sample per row, R's and spreadsheets' layouts recognised
    from its first two lines."""
    records = first_records(path, sep, 2)
    if not records:
        raise ValueError(f"{path}: the file is empty")
    header = [cell.strip() for cell in records[0]]
    first = records[1] if len(records) > 1 else []
    names = list(header)
    row_names = False
    if first and len(first) == len(header) + 1:
        if not first[-1].strip():
            names.append(_TRAILING)
        else:  # R's write.table: no header cell above the row names
            names.insert(0, _ROW_NAMES)
            row_names = True
    elif names and names[0] == "" and len(names) > 1:
        names[0] = _ROW_NAMES
        row_names = True
    if names and names[-1] == "" and len(names) > 1:
        names[-1] = _TRAILING
    blank = [i + 1 for i, name in enumerate(names) if name == ""]
    if blank:
        raise ValueError(
            f"{path}: column(s) {blank} (counted from 1) have an empty header cell; name them "
            "(only R's row names, in the first column, may have an empty header)"
        )
    layout = RowHeader(names, row_names)
    check_unique_names(path, layout.real, "column")
    return layout


def read_samples_in_rows(
    path: Path, fmt: str, sep: str, decimal: str, text_columns: Sequence[str] | None,
    text_positions: Sequence[int] = (), first_as_ids: bool = False,
    header: RowHeader | None = None, usecols: Sequence[str] | None = None,
) -> DelimitedTable:
    """The table (only the columns ``usecols``, when given, besides R's row names)."""
    header = header or row_header(path, sep)
    names, row_names = header.names, header.row_names
    notes: list[str] = []
    first = [0] if first_as_ids and not row_names else []
    text_columns = _with_positions(header.real, text_columns, [*text_positions, *first])
    text: dict[str, type] | type = str if text_columns is None else {
        c: str for c in [*text_columns, _ROW_NAMES] if c in names}
    read = None if usecols is None else [
        c for c in names if c in set(usecols) or c in (_ROW_NAMES, _TRAILING)]
    if read is not None and isinstance(text, dict):
        text = {c: kind for c, kind in text.items() if c in read}
    try:
        frame = pd.read_csv(path, sep=sep, decimal=decimal, header=0, names=names,
                            index_col=False, dtype=text, usecols=read,
                            compression=compression_of(path))
    except (ValueError, pd.errors.ParserError) as exc:
        raise parse_error(path, fmt, exc, sep) from exc
    positions = [f"row {i + 1}" for i in range(len(frame))]
    if _TRAILING in frame.columns:
        if not _empty(frame[_TRAILING]):
            raise ValueError(
                f"{path}: the last column (column {len(names)}) has no header but holds values"
            )
        frame = frame.drop(columns=_TRAILING)
        notes.append("every line ends with a separator: the empty last column was dropped")
    ids = None
    if row_names:
        values = frame.pop(_ROW_NAMES)
        ids = text_ids(values, path, "row names (first column)", positions)
        notes.append("the first column has no header (R's row names): read as the sample ids")
    return DelimitedTable(frame, ids, positions, notes)


def text_ids(values: pd.Series, path: Path, what: str, positions: Sequence[str]) -> list[str]:
    """Ids as stripped text: missing or repeated ones are errors naming their positions."""
    missing = [positions[i] for i, v in enumerate(values) if pd.isna(v) or not str(v).strip()]
    if missing:
        raise ValueError(f"{path}: the {what} are missing at {', '.join(missing[:5])}"
                         f"{' ...' if len(missing) > 5 else ''} (counted from 1)")
    ids = [str(v).strip() for v in values]
    seen: dict[str, int] = {}
    for i, value in enumerate(ids):
        if value in seen:
            raise ValueError(
                f"{path}: the {what} repeat {value!r} ({positions[seen[value]]} and "
                f"{positions[i]}, counted from 1); sample ids must be unique"
            )
        seen[value] = i
    return ids


def numeric_or_text(column: pd.Series, decimal: str) -> pd.Series:
    text = column
    if decimal != ".":
        text = column.str.replace(decimal, ".", regex=False)
    try:
        return pd.to_numeric(text)
    except (ValueError, TypeError):
        return column


def _read_samples_in_columns(
    path: Path, fmt: str, sep: str, decimal: str, text_columns: Sequence[str] | None,
    row_names: bool, text_positions: Sequence[int] = (), first_as_ids: bool = False,
) -> DelimitedTable:
    records = first_records(path, sep, 2)
    if not records:
        raise ValueError(f"{path}: the file is empty")
    notes: list[str] = []
    short_header = len(records) > 1 and len(records[0]) + 1 == len(records[1])
    width = len(records[1]) if short_header else None
    try:
        raw = pd.read_csv(path, sep=sep, header=None, dtype=str,
                          names=None if width is None else list(range(width)),
                          compression=compression_of(path))
    except (ValueError, pd.errors.ParserError) as exc:
        raise parse_error(path, fmt, exc, sep) from exc
    if short_header:  # R's write.table(assay): the header has no cell above the gene ids
        raw.iloc[0] = [np.nan, *raw.iloc[0, :-1].tolist()]
    r_header = pd.isna(raw.iat[0, 0]) or not str(raw.iat[0, 0]).strip()
    if raw.shape[1] > 1 and _empty(raw.iloc[:, -1]):
        raw = raw.iloc[:, :-1]
        notes.append("every line ends with a separator: the empty last column was dropped")
    if r_header:
        row_names = True
        notes.append("the top-left cell is empty (R's write.csv of genes in rows): the first "
                     "line holds the sample ids, the first column the row names")
    first_column = 1 if row_names else 0
    positions = [f"column {j + 1}" for j in range(first_column, raw.shape[1])]
    ids = None
    if row_names:
        names = [str(v).strip() for v in raw.iloc[:, 0]]
        if r_header:
            ids = text_ids(raw.iloc[0, 1:], path, "sample ids (first line)", positions)
            raw, names = raw.iloc[1:], names[1:]
        check_unique_names(path, names, "row")
        raw = raw.iloc[:, 1:]
    frame = raw.T.reset_index(drop=True)
    frame.columns = names if row_names else [str(r + 1) for r in range(frame.shape[1])]
    first = [0] if first_as_ids and ids is None else []
    text_columns = _with_positions(list(frame.columns), text_columns, [*text_positions, *first])
    if text_columns is not None:
        text = set(text_columns)
        frame = frame.apply(lambda c: c if c.name in text else numeric_or_text(c, decimal))
    return DelimitedTable(frame, ids, positions, notes)


def read_delimited(
    path: str | os.PathLike[str], fmt: str, *, sep: str, decimal: str = ".",
    text_columns: Sequence[str] | None = (), text_positions: Sequence[int] = (),
    first_as_ids: bool = False, transpose: bool = False, row_names: bool = False,
) -> DelimitedTable:
    """Read a CSV/TSV file in any of the layouts of the module docstring.

    Parameters
    ----------
    path, fmt
        The file (decompressed by its suffix) and its format's name, for messages.
    sep, decimal
        Field separator and decimal mark (``";"`` and ``","`` for Excel's European CSV).
    text_columns
        Columns read as text (ids, labels, groups); other columns whose values are all
        numbers become numeric. None reads every column as text (sample sheets).
    text_positions
        Columns read as text by position (0 the first, -1 the last; R's row names are not
        counted): the default target column.
    first_as_ids
        Read the first column as text when the table has no row names (there, the sample ids
        to join a sample sheet on).
    transpose, row_names
        One sample per column (file row r becomes column ``"r"``; with ``row_names`` the file's
        first column names them), as :func:`fsstab.sources.read_table`.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "r.csv")
    >>> with open(path, "w") as out:          # R's write.csv: row names under an empty cell
    ...     _ = out.write('"","TP53","status"\\n"01005",5.1,"tumour"\\n"01006",5.3,"normal"\\n')
    >>> table = read_delimited(path, "csv", sep=",", text_columns=["status"])
    >>> table.row_names, table.frame["TP53"].tolist()
    (['01005', '01006'], [5.1, 5.3])
    """
    path = Path(path)
    if transpose:
        return _read_samples_in_columns(path, fmt, sep, decimal, text_columns, row_names,
                                        text_positions, first_as_ids)
    return read_samples_in_rows(path, fmt, sep, decimal, text_columns, text_positions,
                                first_as_ids)


def delimited_options(fmt: FileFormat, options: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments of :func:`read_delimited` for a study's matrix: the separator
    (``sep``, else the format's), ids, targets and groups read as text (the last column too
    when no target is named), and the first column when it holds the ids to join the sample
    sheet on.

    Examples
    --------
    >>> from fsstab.sources.formats import FORMATS
    >>> kwargs = delimited_options(FORMATS["tsv"], {"target": "status", "samples": "s.csv"})
    >>> kwargs["sep"], kwargs["text_columns"], kwargs["first_as_ids"]
    ('\\t', ['status'], True)
    """
    text = [c for c in [options.get("id_column"), *target_names(options),
                        options.get("groups")] if c]
    return {"sep": options.get("sep") or fmt.separator, "decimal": options.get("decimal", "."),
            "text_columns": text, "text_positions": [] if options.get("target") else [-1],
            "first_as_ids": bool(options.get("samples")) and not options.get("id_column"),
            "transpose": bool(options.get("transpose", False)),
            "row_names": bool(options.get("row_names", False))}


def read_delimited_matrix(path: Path, fmt: FileFormat, options: Mapping[str, Any],
                          name: str) -> SourceMatrix:
    """The reader of the ``csv`` and ``tsv`` rows of the format table: the whole file, in any
    layout of the module docstring (a wide file is read by
    :func:`fsstab.sources.wide_studies.read_wide_delimited` first)."""
    table = read_delimited(path, fmt.name, **delimited_options(fmt, options))
    frame = table.frame.set_axis([str(c) for c in table.frame.columns], axis=1)
    return SourceMatrix(path, frame, None, None, table.row_names, table.positions, table.notes,
                        is_table=True)
