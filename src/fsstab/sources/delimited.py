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

Positions in messages count rows and columns from 1, the header not being a row.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

__all__ = ["DelimitedTable", "default_separator", "read_delimited"]

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


def default_separator(fmt: str) -> str:
    """``","`` for csv, a tab for tsv."""
    return "," if fmt == "csv" else "\t"


def _records(path: Path, sep: str, count: int) -> list[list[str]]:
    """The first ``count`` records of the file (csv quoting rules)."""
    out: list[list[str]] = []
    with path.open(newline="", encoding="utf-8", errors="replace") as stream:
        for record in csv.reader(stream, delimiter=sep):
            out.append(record)
            if len(out) == count:
                break
    return out


def _unique_names(path: Path, names: Sequence[str], what: str) -> None:
    from fsstab.sources.readers import _check_unique_names

    _check_unique_names(path, list(names), what)


def _parse_error(path: Path, fmt: str, exc: Exception, sep: str) -> ValueError:
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
class _RowHeader:
    """The columns of a file with one sample per row: ``names`` as pandas is to name them (R's
    row names and an empty last column under marker names), ``row_names`` whether the first
    column holds R's row names."""

    names: list[str]
    row_names: bool

    @property
    def real(self) -> list[str]:
        """The file's own columns (without R's row names and an empty last column)."""
        return [n for n in self.names if n not in (_ROW_NAMES, _TRAILING)]


def _row_header(path: Path, sep: str) -> _RowHeader:
    """The header of a file with one sample per row, R's and spreadsheets' layouts recognised
    from its first two lines."""
    records = _records(path, sep, 2)
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
    layout = _RowHeader(names, row_names)
    _unique_names(path, layout.real, "column")
    return layout


def _read_samples_in_rows(
    path: Path, fmt: str, sep: str, decimal: str, text_columns: Sequence[str] | None,
    text_positions: Sequence[int] = (), first_as_ids: bool = False,
    header: _RowHeader | None = None, usecols: Sequence[str] | None = None,
) -> DelimitedTable:
    """The table (only the columns ``usecols``, when given, besides R's row names)."""
    header = header or _row_header(path, sep)
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
                            index_col=False, dtype=text, usecols=read)
    except (ValueError, pd.errors.ParserError) as exc:
        raise _parse_error(path, fmt, exc, sep) from exc
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
        ids = _text_ids(values, path, "row names (first column)", positions)
        notes.append("the first column has no header (R's row names): read as the sample ids")
    return DelimitedTable(frame, ids, positions, notes)


def _text_ids(values: pd.Series, path: Path, what: str, positions: Sequence[str]) -> list[str]:
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


def _numeric_or_text(column: pd.Series, decimal: str) -> pd.Series:
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
    records = _records(path, sep, 2)
    if not records:
        raise ValueError(f"{path}: the file is empty")
    notes: list[str] = []
    short_header = len(records) > 1 and len(records[0]) + 1 == len(records[1])
    width = len(records[1]) if short_header else None
    try:
        raw = pd.read_csv(path, sep=sep, header=None, dtype=str,
                          names=None if width is None else list(range(width)))
    except (ValueError, pd.errors.ParserError) as exc:
        raise _parse_error(path, fmt, exc, sep) from exc
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
            ids = _text_ids(raw.iloc[0, 1:], path, "sample ids (first line)", positions)
            raw, names = raw.iloc[1:], names[1:]
        _unique_names(path, names, "row")
        raw = raw.iloc[:, 1:]
    frame = raw.T.reset_index(drop=True)
    frame.columns = names if row_names else [str(r + 1) for r in range(frame.shape[1])]
    first = [0] if first_as_ids and ids is None else []
    text_columns = _with_positions(list(frame.columns), text_columns, [*text_positions, *first])
    if text_columns is not None:
        text = set(text_columns)
        frame = frame.apply(lambda c: c if c.name in text else _numeric_or_text(c, decimal))
    return DelimitedTable(frame, ids, positions, notes)


def read_delimited(
    path: str | os.PathLike[str], fmt: str, *, sep: str | None = None, decimal: str = ".",
    text_columns: Sequence[str] | None = (), text_positions: Sequence[int] = (),
    first_as_ids: bool = False, transpose: bool = False, row_names: bool = False,
) -> DelimitedTable:
    """Read a CSV/TSV file in any of the layouts of the module docstring.

    Parameters
    ----------
    path, fmt
        The file and ``"csv"`` or ``"tsv"`` (the default separator).
    sep, decimal
        Field separator (default by ``fmt``) and decimal mark (``","`` for Excel's European
        CSV).
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
    """
    path = Path(path)
    sep = sep or default_separator(fmt)
    if transpose:
        return _read_samples_in_columns(path, fmt, sep, decimal, text_columns, row_names,
                                        text_positions, first_as_ids)
    return _read_samples_in_rows(path, fmt, sep, decimal, text_columns, text_positions,
                                 first_as_ids)
