"""The reader interface of the format table (:mod:`fsstab.sources.formats`): a row
(:class:`FileFormat`), what a reader returns (:class:`SourceMatrix`, or :class:`LabelledData`
for a file that holds its labels), and what every reader shares (unique names, the study's
target columns, non-numeric values found while reading).

A reader is a function ``read(path, fmt, options, name)``: the local file, its table row, the
source options (validated by :func:`fsstab.sources.parse_source`, which refuses every option
that the row does not list) and the dataset name for messages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

__all__ = [
    "FileFormat",
    "LabelledData",
    "NonNumeric",
    "Reader",
    "SourceMatrix",
    "check_unique_names",
    "keep_rows",
    "target_names",
]


@dataclass(frozen=True)
class LabelledData:
    """A file that holds features and labels together (an R list with ``x`` and ``y``, a
    MATLAB file with ``X`` and ``Y``): ``X`` (n x d), one label per row, the names if the
    file has them."""

    X: Any
    labels: np.ndarray
    feature_names: list[str] | None = None
    sample_ids: list[str] | None = None


def keep_rows(X: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``X[rows]`` for increasing ``rows``, moved up within ``X`` a row at a time (no second
    matrix).

    Examples
    --------
    >>> import numpy as np
    >>> keep_rows(np.arange(8.0).reshape(4, 2), np.array([1, 3])).tolist()
    [[2.0, 3.0], [6.0, 7.0]]
    """
    for i, row in enumerate(rows):
        if i != row:
            X[i] = X[row]
    return X[: len(rows)]


@dataclass(frozen=True)
class NonNumeric:
    """Feature values that are not numbers, found while a matrix was read: ``count`` features
    (``scope``: where they were looked for, e.g. ``"line 2"``), the first of them as
    ``cells``: (feature, the sample's 0-based position in the file, where in the file, the
    value -- None when no single value is at fault).
    :func:`fsstab.sources.sample_sheets.read_study` names the samples and raises it, after its
    checks of the named columns."""

    count: int
    cells: tuple[tuple[str, int | None, str, str | None], ...]
    scope: str = ""

    def message(self, name: str, path: Path, sample_of: Callable[[int], str | None]) -> str:
        """The error message: the dataset, the file, each feature with its place, sample and
        value.

        Examples
        --------
        >>> from pathlib import Path
        >>> bad = NonNumeric(1, (("TP53", 2, "row 3", "n/a?"),))
        >>> print(bad.message("study", Path("expr.csv"), ["S1", "S2", "S3"].__getitem__))
        dataset 'study': expr.csv: 1 non-numeric feature(s): 'TP53' (row 3, sample 'S3': 'n/a?')
        """
        described = []
        for feature, row, where, value in self.cells[:5]:
            sample = None if row is None else sample_of(row)
            at = where if sample is None else f"{where}, sample {sample!r}"
            described.append(f"{feature!r} ({at})" if value is None
                             else f"{feature!r} ({at}: {value!r})")
        more = f" and {self.count - 5} more" if self.count > 5 else ""
        scope = f" in {self.scope}" if self.scope else ""
        return (f"dataset {name!r}: {path}: {self.count} non-numeric feature(s){scope}: "
                f"{', '.join(described)}{more}")


@dataclass
class SourceMatrix:
    """A source file as its reader returns it, before the study is assembled
    (:func:`fsstab.sources.sample_sheets.read_study`).

    ``columns``: the annotation columns -- the whole table when ``X`` is None, the columns
    the options may name for a wide table, ``obs`` of AnnData; ``X``: the features when they
    are apart (a wide table's float64 matrix, AnnData's dense or sparse matrix) with
    ``feature_names``; ``ids``: the file's sample ids (R's row names, a Parquet index,
    ``obs_names``) or None; ``positions``: where each sample is in the file (``"row 3"``,
    ``"column 5"``); ``notes``: the layout recognised; ``is_table``: a table whose columns can
    be features (not AnnData); ``non_numeric``: feature values that are not numbers, raised
    after the checks of the named columns; ``rows``: each sample's 0-based position in the
    file (samples are left out by ``where`` and missing targets).
    """

    path: Path
    columns: pd.DataFrame
    X: Any
    feature_names: list[str] | None
    ids: list[str] | None
    positions: list[str]
    notes: list[str]
    is_table: bool
    non_numeric: NonNumeric | None = None
    rows: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))

    def __post_init__(self) -> None:
        if self.rows.size == 0:
            self.rows = np.arange(len(self.positions))

    def keep(self, rows: np.ndarray) -> None:
        """Keep the samples at ``rows`` (increasing positions among the current samples)."""
        self.columns = self.columns.iloc[rows]
        if self.is_table:  # tables without ids number their samples 0..n-1, as kept
            self.columns = self.columns.reset_index(drop=True)
            if self.X is not None:  # a wide table's features
                self.X = keep_rows(self.X, rows)
        else:
            self.X = self.X[rows]
        self.ids = None if self.ids is None else [self.ids[i] for i in rows]
        self.positions = [self.positions[i] for i in rows]
        self.rows = self.rows[rows]

    def sample_of(self, row: int) -> str | None:
        """The id of the sample at file position ``row``, if it has one and was kept."""
        if self.ids is None:
            return None
        at = np.flatnonzero(self.rows == row)
        return self.ids[int(at[0])] if at.size else None


#: ``read(path, fmt, options, name)``: a reader of the format table.
Reader = Callable[[Path, "FileFormat", Mapping[str, Any], str],
                  "SourceMatrix | LabelledData | None"]


@dataclass(frozen=True)
class FileFormat:
    """A row of the format table (:data:`fsstab.sources.formats.FORMATS`).

    ``name``: the value of ``format:``; ``suffixes``: the file name endings that mean it
    (lower case); ``read``: the reader (module docstring); ``options``: the source options
    that apply to its files (besides the options of every source and ``format``, ``member``,
    ``sha256``, ``allow_unpinned``); ``read_wide``: the bounded-memory reader of wide files
    (None when the file is narrow; :mod:`fsstab.sources.wide_tables`), or None if the format
    has none; ``separator``: the default field separator of a delimited text format;
    ``compressed``: whether ``.gz``/``.bz2``/``.xz``/``.zip`` files of the format are read
    (:mod:`fsstab.sources.text_files`); ``summary``: the format in a few words, for the docs.
    """

    name: str
    suffixes: tuple[str, ...]
    read: Reader
    options: frozenset[str]
    summary: str
    read_wide: Reader | None = None
    separator: str | None = None
    compressed: bool = False

    @property
    def wide(self) -> bool:
        """Whether wide files of the format are read in bounded memory."""
        return self.read_wide is not None


def target_names(options: Mapping[str, Any]) -> list[str]:
    """The target column(s) the options name (two for survival), or [] for the default.

    Examples
    --------
    >>> target_names({"target": ["time", "event"]}), target_names({})
    (['time', 'event'], [])
    """
    target = options.get("target")
    if target is None:
        return []
    if isinstance(target, str):
        return [target]
    return [str(t) for t in target]


def check_unique_names(path: Path, names: Sequence[str], what: str) -> None:
    """Refuse repeated column (or row) names: pandas would rename them (``g1``, ``g1.1``) and
    a feature would silently get a name that is not in the file.

    Examples
    --------
    >>> from pathlib import Path
    >>> check_unique_names(Path("x.csv"), ["g1", "g2", "g1"], "column")
    Traceback (most recent call last):
    ...
    ValueError: x.csv: 1 column name(s) appear more than once: 'g1' in columns 1, 3 ...
    """
    positions: dict[str, list[int]] = {}
    for number, name in enumerate(names, start=1):
        positions.setdefault(name, []).append(number)
    repeated = {name: at for name, at in positions.items() if len(at) > 1}
    if repeated:
        shown = "; ".join(
            f"{name!r} in {what}s {', '.join(map(str, at))}"
            for name, at in list(repeated.items())[:5]
        )
        more = f" and {len(repeated) - 5} more" if len(repeated) > 5 else ""
        raise ValueError(
            f"{path}: {len(repeated)} {what} name(s) appear more than once: {shown}{more} "
            f"({what}s counted from 1); {what} names must be unique"
        )
