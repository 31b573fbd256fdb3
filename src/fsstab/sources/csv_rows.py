"""Lines of a wide CSV/TSV file parsed into the rows of a matrix exactly as pandas parses the
file's columns when it reads the file whole (:func:`fsstab.sources.delimited.read_delimited`,
:func:`fsstab.sources.read_table`), a line at a time.

The fields of one line are given to pandas' own CSV number parser as one column, so each value
is the double pandas makes of it; what depends on a whole column -- a column of ``True`` /
``False`` words is numeric (1.0 / 0.0), and an integer ``-0`` is 0.0 where pandas types the
column as integers -- is settled as pandas settles it. A line that holds a value that is not a
number is read once more as one row of columns, each typed by pandas on its own, which names
every such value at once; the file is refused then, so the lines after it are not parsed.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from fsstab.sources.reading import NonNumeric
from fsstab.sources.text_files import open_text

__all__ = ["NumberRows", "fill_rows", "pandas_chunk_lines"]


def _parse_numbers(fields: Sequence[str], decimal: str = ".", text: str | None = None
                   ) -> np.ndarray:
    """Fields (``text``: joined by line breaks) parsed by pandas' CSV number parser
    (missing-value markers become NaN); a field that is not a number raises ``ValueError``."""
    import pandas as pd

    text = "\n".join(fields) if text is None else text
    column = pd.read_csv(io.StringIO(text), header=None, dtype=np.float64, sep="\x1f",
                         decimal=decimal, skip_blank_lines=False, quoting=csv.QUOTE_NONE,
                         engine="c")
    if column.shape != (len(fields), 1):  # a field holding a line break or the separator
        raise ValueError("not one number per field")
    return column.iloc[:, 0].to_numpy()


def _one_row(fields: Sequence[str], decimal: str) -> np.ndarray:
    """The positions of the fields pandas' CSV parser does not read as numbers, exactly: the
    fields read as one row of columns, each column typed on its own (numbers, missing-value
    markers and ``True``/``False`` words are numbers). About 20 µs a field."""
    import pandas as pd

    columns = pd.read_csv(io.StringIO("\x1f".join(fields)), header=None, sep="\x1f",
                          decimal=decimal, quoting=csv.QUOTE_NONE, engine="c",
                          low_memory=False)
    return np.flatnonzero([not (pd.api.types.is_numeric_dtype(kind)
                                or pd.api.types.is_bool_dtype(kind))
                           for kind in columns.dtypes])


def _not_numbers(fields: Sequence[str], decimal: str = ".") -> np.ndarray:
    """The positions of the fields of a line that pandas' CSV parser does not read as numbers
    (missing-value markers and ``True``/``False`` words are numbers; a field holding a line
    break or the separator is not).

    ``pandas.to_numeric`` parses numbers with the CSV parser's own routine, so the fields it
    refuses -- less the parser's missing-value markers, found by reading them as one text
    column -- are the candidates; the other fields are confirmed as numbers by one column
    read, the candidates shown in a message one by one (:func:`_one_row`). Only if either
    check disagrees is every field read on its own."""
    import pandas as pd

    fields = [str(f) for f in fields]
    broken = np.array(["\n" in f or "\r" in f or "\x1f" in f for f in fields], dtype=bool)
    text = pd.Series(fields, dtype=object)
    if decimal != ".":
        text = text.str.replace(decimal, ".", regex=False)
    refused = pd.to_numeric(text, errors="coerce").isna().to_numpy() & ~np.isin(
        fields, _TRUE + _FALSE)
    refused &= ~broken
    candidates = np.flatnonzero(refused)
    if candidates.size:  # the CSV parser's missing-value markers are numbers (NaN)
        markers = pd.read_csv(io.StringIO("\n".join(fields[j] for j in candidates)),
                              header=None, dtype=str, sep="\x1f", quoting=csv.QUOTE_NONE,
                              skip_blank_lines=False, engine="c").iloc[:, 0]
        candidates = candidates[~markers.isna().to_numpy()]
    bad = np.union1d(candidates, np.flatnonzero(broken))
    excluded = set(bad.tolist())
    others = [("1" if f in _TRUE else "0" if f in _FALSE else f)
              for j, f in enumerate(fields) if j not in excluded]
    try:
        if others:
            _parse_numbers(others, decimal)
        shown = candidates[:5]
        confirmed = shown.size == 0 or _one_row([fields[j] for j in shown], decimal).size \
            == shown.size
    except ValueError:
        confirmed = False
    if confirmed:
        return bad
    kept = np.flatnonzero(~broken)
    exact = kept[_one_row([fields[j] for j in kept], decimal)] if kept.size else kept
    return np.union1d(exact, np.flatnonzero(broken))


#: The words pandas reads as booleans (a column of them is numeric: 1.0 and 0.0).
_TRUE, _FALSE = ("True", "TRUE", "true"), ("False", "FALSE", "false")


class NumberRows:
    """Data lines of a CSV file parsed into rows of a matrix as pandas parses the columns of
    the whole file: numbers by its own parser (``decimal`` the decimal mark), and a column of
    ``True``/``False`` words as 1.0/0.0 -- a column mixing them with anything else
    (a number, a missing value) is text, as in pandas. The first line holding a value that
    is not a number is kept in ``non_numeric`` (its features, values and columns) and left
    missing, so that the reader may raise it where the whole-file read would; the lines after
    it are not parsed.

    pandas converts the lines of a wide file in chunks (:func:`pandas_chunk_lines`), typing
    each column of a chunk on its own: an integer ``-0`` is 0.0 in a chunk where the column
    holds only integers, -0.0 elsewhere. The lines of the current chunk are kept as text (at
    most 2**20 fields) to settle such zeros as pandas does."""

    def __init__(self, path: Path, names: Sequence[str], decimal: str = ".",
                 columns: Sequence[int] | None = None) -> None:
        self.path, self.names, self.decimal = path, list(names), decimal
        # each feature's column in the file (1-based), for messages
        self.columns = list(range(1, len(self.names) + 1)) if columns is None else list(columns)
        self.booleans = np.zeros(len(self.names), dtype=np.int64)
        self.lines = 0
        self.chunk: list[str] = []  # the lines of the current chunk, a field per text line
        self.negative_zeros: list[tuple[int, np.ndarray]] = []  # (line in chunk, columns)
        self.non_numeric: NonNumeric | None = None

    def parse(self, fields: np.ndarray, line: int, row_number: int = 0) -> np.ndarray:
        """The fields (one per name) of file line ``line`` (counted from 1; data row
        ``row_number``, from 0) as float64."""
        if self.non_numeric is not None:  # the file is refused: no more numbers needed
            return np.full(len(fields), np.nan)
        text = "\n".join(fields)
        row = self._parse(fields, text, line, row_number)
        zeros = np.flatnonzero((row == 0.0) & np.signbit(row))
        if zeros.size:
            self.negative_zeros.append((len(self.chunk), zeros))
        self.chunk.append(text)
        return row

    def end_chunk(self, X: np.ndarray, end: int) -> None:
        """Rows ``end - len(chunk)`` to ``end`` of ``X`` parsed: their integer columns' -0
        become 0.0, as pandas types the column of the chunk as integers."""
        start = end - len(self.chunk)
        for j in np.unique(np.concatenate([c for _, c in self.negative_zeros] or [[]])):
            j = int(j)
            column = _read_column([text.split("\n")[j] for text in self.chunk], self.decimal)
            if np.issubdtype(column.dtype, np.integer):
                for i, columns in self.negative_zeros:
                    if j in columns:
                        X[start + i, j] = 0.0
        self.chunk, self.negative_zeros = [], []

    def _parse(self, fields: np.ndarray, text: str, line: int, row_number: int) -> np.ndarray:
        self.lines += 1
        try:
            return _parse_numbers(fields, self.decimal, text)
        except ValueError:
            pass
        true, false = np.isin(fields, _TRUE), np.isin(fields, _FALSE)
        if true.any() or false.any():
            self.booleans += true | false
            try:
                return _parse_numbers(list(np.where(true, "1", np.where(false, "0", fields))),
                                      self.decimal)
            except ValueError:
                pass
        bad = _not_numbers(list(fields), self.decimal)
        if bad.size == 0:  # every field alone is a number, together they are not
            raise ValueError(f"{self.path}, line {line}: the line's values cannot be read as "
                             "numbers together")
        self.non_numeric = NonNumeric(
            len(bad), tuple((self.names[j], row_number, f"column {self.columns[j]}",
                             str(fields[j])) for j in bad[:5]),
            scope=f"line {line} (row {row_number + 1})")
        return np.full(len(fields), np.nan)

    def check(self) -> None:
        """After the last line: columns mixing ``True``/``False`` with other values."""
        if self.non_numeric is not None:
            return
        mixed = np.flatnonzero((self.booleans > 0) & (self.booleans < self.lines))
        if mixed.size:
            self.non_numeric = NonNumeric(mixed.size, tuple(
                (self.names[j], None, f"column {self.columns[j]}: True/False mixed with other "
                 "values", None) for j in mixed[:5]))


def fill_rows(path: Path, sep: str, X: np.ndarray, positions: np.ndarray, width: int,
              parser: NumberRows) -> None:
    """Row i of ``X``: the fields at ``positions`` of data line i of the file (after the
    header, blank lines skipped as pandas skips them), each line having ``width`` fields."""
    chunk = pandas_chunk_lines(width)
    with open_text(path) as stream:
        lines = csv.reader(stream, delimiter=sep)
        next(lines)
        for i, fields in enumerate(_data_lines(lines, len(X), path)):
            if len(fields) != width:
                raise ValueError(f"{path}: line {lines.line_num} has {len(fields)} fields, the "
                                 f"header {width}")
            X[i] = parser.parse(np.asarray(fields, dtype=object)[positions], lines.line_num, i)
            if (i + 1) % chunk == 0:
                parser.end_chunk(X, i + 1)
    parser.end_chunk(X, len(X))
    parser.check()


def pandas_chunk_lines(width: int) -> int:
    """The lines pandas' C parser converts together in a file of ``width`` columns (its
    ``low_memory`` reading: the largest power of two below half of 2**20 / width)."""
    lines, heuristic = 1, 2**20 // width
    while lines * 2 < heuristic:
        lines *= 2
    return lines


def _read_column(fields: Sequence[str], decimal: str) -> np.ndarray:
    """Fields read as one column by pandas' CSV parser, typed by it (integers, floats, ...)."""
    import pandas as pd

    return pd.read_csv(io.StringIO("\n".join(fields)), header=None, sep="\x1f",
                       decimal=decimal, skip_blank_lines=False, quoting=csv.QUOTE_NONE,
                       engine="c").iloc[:, 0].to_numpy()


def _data_lines(lines: Iterator[list[str]], n: int, path: Path) -> Iterator[list[str]]:
    count = 0
    for fields in lines:
        if not fields:  # blank lines are skipped, as pandas does
            continue
        if count == n:
            raise ValueError(f"{path}: more data lines than pandas read ({n})")
        count += 1
        yield fields
    if count != n:
        raise ValueError(f"{path}: {count} data lines, pandas read {n}")

