"""A study's wide CSV/TSV matrix read in bounded memory: files with more than
:data:`fsstab.sources.wide_tables.WIDE_COLUMNS` columns (or lines, for genes in rows).

Read whole, a CSV matrix costs several times its size (pandas' parser buffers, an object per
value for genes in rows, the transposed copy). Here the features go straight into one
preallocated float64 matrix -- a line of a samples-in-rows file, or a block of lines of a
genes-in-rows file, at a time -- and only the few columns the study's options may name (ids,
target, groups, ``drop``, ``where``, the ids to join the sheet on) are kept as a table. The
reading is that of :func:`fsstab.sources.delimited.read_delimited`, value for value: R's row
names (an empty first header cell, or none at all) and its genes-in-rows files with an empty
top-left cell, ``sep`` and ``decimal``, a trailing separator, pandas' missing-value markers, a
byte-order mark, compressed files; numbers of samples-in-rows files go through pandas' CSV
parser as in the whole read (:mod:`fsstab.sources.csv_rows`), those of genes-in-rows files
through ``pandas.to_numeric`` as there. :func:`read_wide_delimited` is the ``read_wide`` reader
of the ``csv`` and ``tsv`` rows of the format table (:mod:`fsstab.sources.formats`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.sources import wide_tables
from fsstab.sources.csv_rows import NumberRows, fill_rows
from fsstab.sources.delimited import (
    delimited_options,
    first_records,
    numeric_or_text,
    parse_error,
    read_samples_in_rows,
    row_header,
    text_ids,
)
from fsstab.sources.reading import (
    FileFormat,
    NonNumeric,
    SourceMatrix,
    check_unique_names,
    target_names,
)
from fsstab.sources.text_files import compression_of

__all__ = ["read_wide_delimited"]


def read_wide_delimited(path: Path, fmt: FileFormat, options: Mapping[str, Any],
                        name: str) -> SourceMatrix | None:
    """The matrix of a study when it is a wide CSV or TSV file, in either orientation, else
    None (read whole)."""
    kwargs = delimited_options(fmt, options)
    sep = kwargs["sep"]
    width = wide_tables.delimited_width(path, sep, transpose=kwargs["transpose"])
    if width <= wide_tables.WIDE_COLUMNS:
        return None
    if kwargs["transpose"]:
        return _lines_study(path, fmt.name, sep, kwargs, options, name, lines=width)
    return _rows_study(path, fmt.name, sep, kwargs, options, name)


def _excluded(options: Mapping[str, Any]) -> set[str]:
    """The columns (lines) the study's options take out of the features, by name: ids,
    target(s), groups, ``drop``."""
    drop = options.get("drop") or []
    named = {options.get("id_column"), options.get("groups"),
             *([drop] if isinstance(drop, str) else drop), *target_names(options)}
    return {str(c) for c in named if c is not None}


def _rows_study(path: Path, fmt: str, sep: str, kwargs: Mapping[str, Any],
                options: Mapping[str, Any], name: str) -> SourceMatrix:
    """Samples in rows: the named columns read by pandas, the features a line at a time."""
    header = row_header(path, sep)
    real = header.real
    excluded = _excluded(options)
    if not options.get("target") and real:
        excluded.add(real[-1])
    if kwargs["first_as_ids"] and not header.row_names and real:
        excluded.add(real[0])
    where = {str(c) for c in options.get("where") or {}}
    table = read_samples_in_rows(
        path, fmt, sep, kwargs["decimal"], kwargs["text_columns"], kwargs["text_positions"],
        kwargs["first_as_ids"], header=header,
        usecols=[c for c in real if c in excluded or c in where or c == real[0]])
    is_feature = set(real) - excluded
    positions = np.array([j for j, c in enumerate(header.names) if c in is_feature], dtype=int)
    features = [header.names[j] for j in positions]
    X = np.empty((len(table.frame), positions.size))
    parser = NumberRows(path, features, kwargs["decimal"], columns=positions + 1)
    fill_rows(path, sep, X, positions, len(header.names), parser)
    return SourceMatrix(path, table.frame, X, features, table.row_names, table.positions,
                        table.notes, is_table=True, non_numeric=parser.non_numeric)


#: Lines of a genes-in-rows file read (and converted) at a time.
_CSV_LINES = 1024


def _first_text(values: np.ndarray, dtype: Any, decimal: str) -> tuple[int | None, str]:
    """The position and the value of the first field of a line that is not a number (as
    ``pandas.to_numeric`` reads it after the decimal mark), or ``(None, "")``."""
    column = pd.Series(values, dtype=dtype)
    text = column if decimal == "." else column.str.replace(decimal, ".", regex=False)
    numbers = pd.to_numeric(text, errors="coerce")
    bad = np.flatnonzero(numbers.isna().to_numpy() & ~column.isna().to_numpy())
    return (None, "") if bad.size == 0 else (int(bad[0]), str(column.iloc[bad[0]]))


def _numbers(converted: pd.Series) -> np.ndarray | None:
    """A line converted by ``pandas.to_numeric`` as float64, or None if it is not numbers."""
    if not pd.api.types.is_numeric_dtype(converted) or pd.api.types.is_bool_dtype(converted):
        return None
    return converted.to_numpy(dtype=np.float64, na_value=np.nan)


class _StudyLines:
    """Genes in rows: feature lines converted as :func:`fsstab.sources.delimited.read_delimited`
    converts them (``pandas.to_numeric`` after the decimal mark) and written into a
    ``samples x capacity`` matrix a block of lines at a time; the named lines kept as read
    until the end, when the layout of the last column is known. Without a target the last
    line is the target: each line waits until the next one arrives (or the end)."""

    def __init__(self, capacity: int, decimal: str, excluded: set[str], where: set[str],
                 text: set[str], dtype: Any, *, target_last: bool) -> None:
        self.capacity, self.decimal, self.dtype = capacity, decimal, dtype
        self.excluded, self.where, self.target_last = excluded, where, target_last
        self.text = text  # the lines read as text (ids, targets, groups)
        self.X: np.ndarray | None = None
        self.block: list[np.ndarray] = []
        self.feature_names: list[str] = []
        self.names: list[str] = []
        self.non_numeric: list[tuple[str, int | None, str]] = []  # line, sample, value
        self.pending: tuple[str, Any] | None = None
        self.kept: dict[str, np.ndarray] = {}
        self.blank_last: list[tuple[str, int, str]] = []  # lines ending in blank text
        self.integer_zeros: dict[int, np.ndarray] = {}  # feature: its '-0' read as integers
        self.converted: dict[str, np.ndarray] = {}  # feature lines converted with their block

    @property
    def count(self) -> int:
        return len(self.names)

    def convert_block(self, lines: list[str], values: np.ndarray) -> None:
        """The feature lines of a block converted by one ``pandas.to_numeric`` call (it
        converts each value on its own), where that is what each line alone gives: not the
        lines that alone would be integers ('-0' is then 0.0, values from 2**53 on rounded as
        integers), nor those whose last field is blank text."""
        rows = [k for k, line in enumerate(lines) if line not in self.excluded]
        if not rows:
            return
        block = values[rows]
        numbers = _numbers(numeric_or_text(pd.Series(block.ravel(), dtype=self.dtype),
                                            self.decimal))
        if numbers is None:
            return  # a line that is not numbers: line by line
        numbers = numbers.reshape(block.shape)
        with np.errstate(invalid="ignore"):
            alone = (((numbers == 0.0) & np.signbit(numbers)) | (np.abs(numbers) >= 2.0**53)
                     ).any(axis=1)
        for k, row in enumerate(rows):
            last = block[k, -1]
            if not (alone[k] or (isinstance(last, str) and not last.strip())):
                self.converted[lines[row]] = numbers[k]

    def add(self, line: str, values: np.ndarray) -> None:
        self.names.append(line)
        if self.target_last:
            previous, self.pending = self.pending, (line, values)
            if previous is not None:
                self._place(*previous)
        else:
            self._place(line, values)

    def finish(self) -> None:
        if self.pending is not None:  # the last line: the target, as text
            self.kept[self.pending[0]] = self.pending[1]
            self.text.add(self.pending[0])
            self.pending = None
        self._flush()

    def _place(self, line: str, values: np.ndarray) -> None:
        if line in self.excluded or line in self.where:
            self.kept[line] = values
            if line in self.excluded:
                return
        numbers = self.converted.pop(line, None)
        last = values[-1]
        if numbers is None and not (pd.isna(last) or (isinstance(last, str)
                                                      and not last.strip())):
            numbers = _numbers(numeric_or_text(pd.Series(values, dtype=self.dtype),
                                                self.decimal))
        elif numbers is None:
            # the last field is empty: converted as if its column (a separator ending every
            # line) were dropped; settled at the end, when the whole column is known
            converted = numeric_or_text(pd.Series(values[:-1], dtype=self.dtype),
                                         self.decimal)
            numbers = _numbers(converted)
            if numbers is not None:
                numbers = np.append(numbers, np.nan)
                if isinstance(last, str):
                    self.blank_last.append((line, len(values) - 1, last))
                elif pd.api.types.is_integer_dtype(converted):  # '-0': -0.0 among NaN
                    text = np.asarray([*values[:-1].tolist(), ""], dtype=str)
                    zeros = np.flatnonzero((numbers == 0.0) & (np.char.find(text, "-") >= 0))
                    if zeros.size:
                        self.integer_zeros[len(self.feature_names)] = zeros
        if numbers is None:
            self.non_numeric.append((line, *_first_text(values, self.dtype, self.decimal)))
            return
        self.block.append(numbers)
        self.feature_names.append(line)
        if len(self.block) == _CSV_LINES:
            self._flush()

    def _flush(self) -> None:
        if not self.block:
            return
        if self.X is None:
            self.X = np.empty((self.block[0].size, self.capacity))
        start = len(self.feature_names) - len(self.block)
        self.X[:, start:start + len(self.block)] = np.array(self.block).T
        self.block = []

    def matrix(self, samples: int) -> np.ndarray:
        """The features read (a view of the first columns of the buffer)."""
        if self.X is None:
            return np.empty((samples, 0))
        return self.X[:samples, :len(self.feature_names)]


@dataclass
class _LastColumn:
    """Whether the file's last column is empty on every line (all missing, or all blank
    text): a separator ending every line, whose column is dropped."""

    width: int = 0
    missing: bool = True
    blank: bool = True

    def see(self, last: Any) -> None:
        is_missing = bool(pd.isna(last))
        self.missing &= is_missing
        self.blank &= not is_missing and not str(last).strip()

    @property
    def dropped(self) -> bool:
        return self.width > 1 and (self.missing or self.blank)


def _line_chunks(path: Path, fmt: str, sep: str, width: int | None) -> Iterator[pd.DataFrame]:
    """The file as text, :data:`_CSV_LINES` lines at a time (``width``
    columns named by position when the first line is one field short)."""
    try:
        yield from pd.read_csv(path, sep=sep, header=None, dtype=str,
                               names=None if width is None else list(range(width)),
                               chunksize=_CSV_LINES, compression=compression_of(path))
    except (ValueError, pd.errors.ParserError) as exc:
        raise parse_error(path, fmt, exc, sep) from exc


def _lines_study(path: Path, fmt: str, sep: str, kwargs: Mapping[str, Any],
                 options: Mapping[str, Any], name: str, *, lines: int) -> SourceMatrix:
    """Genes in rows (one sample per column; about ``lines`` lines): blocks of lines parsed
    by pandas as text."""
    records = first_records(path, sep, 2)
    if not records:
        raise ValueError(f"{path}: the file is empty")
    short_header = len(records) > 1 and len(records[0]) + 1 == len(records[1])
    excluded = _excluded(options)
    store: _StudyLines | None = None
    row_names, header, last = kwargs["row_names"], None, _LastColumn()
    for chunk in _line_chunks(path, fmt, sep, len(records[1]) if short_header else None):
        rows = chunk.to_numpy(dtype=object)
        if store is None:  # the first line: R's header of sample ids?
            if short_header:  # R's write.table: the header has no cell above the gene ids
                rows[0] = [np.nan, *rows[0, :-1]]
            last.width = rows.shape[1]
            if pd.isna(rows[0, 0]) or not str(rows[0, 0]).strip():
                header, row_names = rows[0, 1:], True
                last.see(rows[0, -1])
                rows = rows[1:]
            store = _StudyLines(lines + 1, kwargs["decimal"], excluded,
                                {str(c) for c in options.get("where") or {}},
                                {str(c) for c in kwargs["text_columns"]}, chunk.dtypes.iloc[0],
                                target_last=not options.get("target"))
            if kwargs["first_as_ids"] and header is None and len(rows):  # the ids, as text
                first_line = str(rows[0, 0]).strip() if row_names else "1"
                excluded.add(first_line)
                store.text.add(first_line)
        names = ([str(v).strip() for v in rows[:, 0]] if row_names
                 else [str(store.count + k + 1) for k in range(len(rows))])
        values = rows[:, 1:] if row_names else rows
        store.convert_block(names, values)
        for line, line_values, fields in zip(names, values, rows, strict=True):
            last.see(fields[-1])
            store.add(line, line_values)
    assert store is not None  # the file has a first record
    store.finish()
    return _lines_result(path, store, header, row_names, last, kwargs, name)


def _lines_result(path: Path, store: _StudyLines, header: np.ndarray | None, row_names: bool,
                  last: _LastColumn, kwargs: Mapping[str, Any], name: str) -> SourceMatrix:
    """The study once every line is read: the last column dropped if empty, ids, named
    lines converted, errors for lines that are not numbers."""
    notes, first = [], 1 if row_names else 0
    samples = last.width - first - last.dropped
    if last.dropped:
        notes.append("every line ends with a separator: the empty last column was dropped")
    if header is not None:
        notes.append("the top-left cell is empty (R's write.csv of genes in rows): the first "
                     "line holds the sample ids, the first column the row names")
    positions = [f"column {j + 1}" for j in range(first, first + samples)]
    if row_names:
        check_unique_names(path, store.names, "row")
    ids = None if header is None else text_ids(
        pd.Series(header[:samples], dtype=store.dtype), path, "sample ids (first line)",
        positions)
    columns = pd.DataFrame({line: _kept(values[:samples], line in store.text, store.dtype,
                                        kwargs["decimal"])
                            for line, values in store.kept.items()}, index=pd.RangeIndex(samples))
    X = store.matrix(samples)
    if not last.dropped:  # an empty last field is a missing value: its line is not integers
        for feature, zeros in store.integer_zeros.items():
            X[zeros, feature] = -0.0
    bad = store.non_numeric + ([] if last.dropped else store.blank_last)
    non_numeric = None
    if bad:
        order = {line: k for k, line in enumerate(store.names)}
        cells = []
        for line, sample, value in bad[:5]:
            where = f"line {order[line] + 1 + (header is not None)}"
            if sample is not None:
                where += f", column {sample + first + 1}"
            cells.append((line, sample, where, value))
        non_numeric = NonNumeric(len(bad), tuple(cells))
    return SourceMatrix(path, columns, X, store.feature_names, ids, positions, notes,
                        is_table=True, non_numeric=non_numeric)


def _kept(values: np.ndarray, is_text: bool, dtype: Any, decimal: str) -> pd.Series:
    """A named line's values as :func:`fsstab.sources.delimited.read_delimited` converts
    them."""
    column = pd.Series(values, dtype=dtype)
    return column if is_text else numeric_or_text(column, decimal)
