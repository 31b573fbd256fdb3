"""The format table: every file format a ``file:`` or ``url:`` source can read, in one place.

Each row (:class:`~fsstab.sources.reading.FileFormat`) holds the format's name (the value of
``format:``), the file name endings that mean it, its reader (and the bounded-memory reader of
wide files, where there is one), the source options that apply to its files, and whether its
files are read compressed. Everything that depends on the format asks this table:

- :func:`format_of` -- the format of a source, from ``format:`` or the file name (the name of
  ``member:`` in a zip archive; ``expr.csv.gz`` is a ``csv`` file, compressed);
- :func:`format_problems` -- the options of a spec that do not apply to its format, checked by
  :func:`fsstab.sources.parse_source` and so by the workflow's configuration check, before
  any job (``layer:`` on a CSV file, ``transpose:`` on a Parquet file);
- :func:`read_source_file` -- the reading of a file, by
  :func:`fsstab.sources.files.fetch_file` (and :func:`read_table`);
- the formats table of ``docs/data.md`` (``tools/formats_table.py --write``; a test fails
  when it is stale).

Adding a format is its reader (a function ``read(path, fmt, options, name)`` returning a
:class:`~fsstab.sources.reading.SourceMatrix`, or a
:class:`~fsstab.sources.reading.LabelledData` for a file holding its labels), one row of
:data:`FORMATS` and a test (``docs/adding-a-format.md``).
"""

from __future__ import annotations

import os
import urllib.parse
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from fsstab.sources.delimited import read_delimited_matrix
from fsstab.sources.h5ad import read_h5ad_matrix
from fsstab.sources.readers import (
    read_arff_matrix,
    read_mat_file,
    read_parquet_matrix,
    read_rdata_file,
)
from fsstab.sources.reading import FileFormat, LabelledData, SourceMatrix
from fsstab.sources.text_files import COMPRESSIONS, inner_name
from fsstab.sources.wide_studies import read_wide_delimited
from fsstab.sources.wide_tables import read_wide_parquet

__all__ = [
    "FORMATS",
    "FORMAT_OPTIONS",
    "FileFormat",
    "format_of",
    "format_problems",
    "read_source_file",
    "read_table",
]

#: The options that describe a study in a table (the target, ids, a sample sheet, ...):
#: every format takes the ones its row lists.
_STUDY = frozenset({"target", "samples", "sample_id", "groups", "task", "where"})
#: The options of the layouts of a table (samples in rows or columns, dropped columns).
_TABLE = _STUDY | {"id_column", "drop"}
#: Delimited text: also the separator, the decimal mark and the orientation.
_DELIMITED = _TABLE | {"sep", "decimal", "transpose", "row_names"}

_ROWS = (
    FileFormat("csv", (".csv",), read_delimited_matrix, _DELIMITED,
               "comma-separated text (R's `write.csv`, Excel's CSV); any layout of "
               "`fsstab.sources.delimited`", read_wide=read_wide_delimited, separator=",",
               compressed=True),
    FileFormat("tsv", (".tsv", ".tab"), read_delimited_matrix, _DELIMITED,
               "tab-separated text (R's `write.table`, GEO series matrices)",
               read_wide=read_wide_delimited, separator="\t", compressed=True),
    FileFormat("parquet", (".parquet", ".pq"), read_parquet_matrix, _TABLE,
               "a Parquet table, samples in rows (pandas' stored index: the sample ids)",
               read_wide=read_wide_parquet),
    FileFormat("arff", (".arff",), read_arff_matrix, _TABLE,
               "Weka's ARFF, dense or sparse (OpenML's downloads)", compressed=True),
    FileFormat("h5ad", (".h5ad",), read_h5ad_matrix, _STUDY | {"layer"},
               "AnnData (`X` or a layer; `obs` columns; needs `fsstab[omics]`)"),
    FileFormat("rdata", (".rdata", ".rda"), read_rdata_file, frozenset(),
               "an R list with `x` (samples x features) and `y` (labels), as datamicroarray"),
    FileFormat("mat", (".mat",), read_mat_file, frozenset(),
               "a MATLAB file with `X` and `Y`, as the scikit-feature repository"),
)

#: The format table: ``format:`` name -> row, in the order of the docs.
FORMATS: dict[str, FileFormat] = {row.name: row for row in _ROWS}

#: Every option that some format takes (a spec's other options belong to its kind).
FORMAT_OPTIONS: frozenset[str] = frozenset().union(*(row.options for row in _ROWS))

_BY_SUFFIX = {suffix: row for row in _ROWS for suffix in row.suffixes}


def _file_name(location: str, options: Mapping[str, Any]) -> str:
    """The name of the file a table source reads: ``member`` of a zip archive, else the last
    part of the path (of a URL: without its query)."""
    member = options.get("member")
    if isinstance(member, str) and member:
        return Path(member).name
    return Path(urllib.parse.urlsplit(location).path).name


def format_of(location: str, options: Mapping[str, Any], source: str | None = None
              ) -> FileFormat:
    """The row of the format table for a table source: ``format:``, else the suffix of the
    file (``member:`` in a zip archive), a compression suffix (``.gz``, ``.bz2``, ``.xz``,
    ``.zip``) looked through.

    Raises ``ValueError`` naming the spec for an unknown ``format:`` and an unknown suffix.

    Examples
    --------
    >>> format_of("data/expr.csv.gz", {}).name, format_of("x.txt", {"format": "tsv"}).name
    ('csv', 'tsv')
    >>> format_of("https://example.org/a.zip", {"member": "a/counts.h5ad"}).name
    'h5ad'
    """
    shown = source or location
    fmt = options.get("format")
    if fmt is not None:
        if fmt not in FORMATS:
            raise ValueError(f"source {shown!r}: format must be one of {list(FORMATS)}, got "
                             f"{fmt!r}")
        return FORMATS[fmt]
    name = inner_name(_file_name(location, options))
    suffix = Path(name).suffix.lower()
    if suffix not in _BY_SUFFIX:
        known = ", ".join(s for row in _ROWS for s in row.suffixes)
        raise ValueError(
            f"source {shown!r}: cannot tell the format from the suffix {suffix!r} of "
            f"{name!r} (known: {known}, also compressed with {', '.join(COMPRESSIONS)}); set "
            f"format: one of {list(FORMATS)}"
        )
    return _BY_SUFFIX[suffix]


def format_problems(fmt: FileFormat, location: str, options: Mapping[str, Any]) -> list[str]:
    """What a table source's options ask of a file of format ``fmt`` that it cannot give:
    options the format does not take, each named with the formats that take it, and a
    compressed file of a format that is not read compressed.

    Examples
    --------
    >>> format_problems(FORMATS["csv"], "expr.csv", {"layer": "logcounts"})
    ['layer does not apply to csv files (it applies to: h5ad)']
    >>> format_problems(FORMATS["csv"], "expr.csv.gz", {"sep": ";"})
    []
    """
    problems = []
    for key in sorted(set(options) & FORMAT_OPTIONS - fmt.options):
        takers = [row.name for row in _ROWS if key in row.options]
        problems.append(f"{key} does not apply to {fmt.name} files (it applies to: "
                        f"{', '.join(takers)})")
    compression = Path(_file_name(location, options)).suffix.lower()
    if compression in COMPRESSIONS and not fmt.compressed:
        readable = [row.name for row in _ROWS if row.compressed]
        problems.append(f"{fmt.name} files are not read compressed ({compression}); "
                        f"decompress it (compressed files are read for: "
                        f"{', '.join(readable)})")
    return problems


def read_source_file(path: Path, fmt: FileFormat, options: Mapping[str, Any], name: str
                     ) -> SourceMatrix | LabelledData:
    """The file at ``path`` read by its row of the format table: in bounded memory when the
    format has a wide reader and the file is wide, else whole."""
    if fmt.read_wide is not None:
        wide = fmt.read_wide(path, fmt, options, name)
        if wide is not None:
            return wide
    data = fmt.read(path, fmt, options, name)
    assert data is not None  # only a wide reader declines a file
    return data


def read_table(path: str | os.PathLike[str], fmt: str | None = None,
               **options: Any) -> pd.DataFrame:
    """A table file (CSV, TSV, Parquet, ARFF) read whole as a DataFrame, by its row of the
    format table; ``fmt`` defaults from the suffix, ``options`` are the format's layout
    options (``sep``, ``decimal``, ``transpose``, ``row_names``, ...). The sample ids, when
    the file has them (R's row names, a Parquet index), are the index.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "t.csv")
    >>> with open(path, "w") as out:
    ...     _ = out.write("sample,TP53,status\\nS1,5.1,tumour\\nS2,5.3,normal\\n")
    >>> read_table(path)["TP53"].tolist()
    [5.1, 5.3]
    """
    path = Path(path)
    row = format_of(str(path), {**options, "format": fmt} if fmt else options)
    problems = format_problems(row, str(path), options)
    if problems:
        raise ValueError(f"{path}: {'; '.join(problems)}")
    data = row.read(path, row, options, path.stem)
    if not isinstance(data, SourceMatrix) or not data.is_table:
        raise ValueError(f"{path}: a {row.name} file is not a table")
    frame = data.columns
    return frame if data.ids is None else frame.set_axis(data.ids, axis=0)
