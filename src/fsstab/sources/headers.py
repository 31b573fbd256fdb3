"""The column names of a study's files, read without reading the data.

The configuration check (:mod:`fsstab.workflow.column_checks`) compares the columns a source
names -- its ``target`` (``[TIME, EVENT]`` for survival), ``groups``, ``sample_id`` and
``id_column`` -- with the columns the files have, before any job runs. These functions read
only what names the columns:

- :func:`sheet_columns` -- the header line of a sample sheet (R's empty row-name cell left out);
- :func:`matrix_columns` -- the columns of a matrix with one sample per row: the header line
  of a CSV/TSV file (R's and spreadsheets' layouts recognised, :func:`row_header`), the schema
  of a Parquet file, the ``obs`` columns of an ``.h5ad`` file; None where the names are not
  in a header (genes in rows, ARFF, R and MATLAB files: the fetch job reads and checks them);
- :func:`row_names` -- the first field of every line of a CSV/TSV file with one sample per
  column (``transpose: true``), where a target or groups row stands among the genes; read
  line by line, only when a name is in no header.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "samples.tsv").write_text("sample\\tpatient\\tcondition\\ns1\\tP1\\tcase\\n")
>>> sheet_columns(folder / "samples.tsv")
['sample', 'patient', 'condition']
>>> _ = (folder / "expr.csv").write_text('"",g1,g2,status\\ns1,1.5,2.0,case\\n')
>>> matrix_columns(folder / "expr.csv", "csv", {})
['g1', 'g2', 'status']
>>> _ = (folder / "genes.csv").write_text('"",s1,s2\\ng1,1,2\\nstatus,a,b\\n')
>>> matrix_columns(folder / "genes.csv", "csv", {"transpose": True}) is None
True
>>> row_names(folder / "genes.csv", ",")
['g1', 'status']
"""

from __future__ import annotations

import csv
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from fsstab.sources.delimited import first_records, row_header
from fsstab.sources.formats import FORMATS
from fsstab.sources.sample_sheets import sheet_separator
from fsstab.sources.text_files import open_text

__all__ = ["matrix_columns", "row_names", "sheet_columns"]


def sheet_columns(path: str | os.PathLike[str]) -> list[str] | None:
    """The column names of the sample sheet ``path`` (its header line, cells stripped, R's
    empty row-name cell left out); None for a file that is not a sheet (its reading says
    why)."""
    path = Path(path)
    try:
        sep = sheet_separator(path)
    except KeyError:
        return None  # not a .csv/.tsv/.txt sheet: read_sample_sheet names the endings
    records = first_records(path, sep, 1)
    return [cell.strip() for cell in records[0] if cell.strip()] if records else []


def matrix_columns(path: str | os.PathLike[str], fmt: str, options: Mapping[str, Any]
                   ) -> list[str] | None:
    """The columns of the matrix ``path`` of format ``fmt`` (a name of the format table)
    holding one sample per row, read from its header (see the module docstring); None when
    the format keeps its names elsewhere or the samples are in columns."""
    path = Path(path)
    row = FORMATS[fmt]
    if row.separator is not None:
        if options.get("transpose"):
            return None
        return row_header(path, options.get("sep") or row.separator).real
    if fmt == "parquet":
        import pyarrow.parquet as pq

        names = pq.read_schema(path).names
        return [n for n in names if not n.startswith("__index_level_")]
    if fmt == "h5ad":
        return _obs_columns(path)
    return None


def row_names(path: str | os.PathLike[str], sep: str) -> list[str]:
    """The first field of every line after the header of a CSV/TSV file (the row names of
    a file with one sample per column), read one line at a time."""
    names: list[str] = []
    with open_text(path, errors="replace") as stream:
        reader = csv.reader(stream, delimiter=sep)
        next(reader, None)
        for record in reader:
            if record:
                names.append(record[0].strip())
    return names


def _obs_columns(path: Path) -> list[str]:
    """The ``obs`` columns of an AnnData file (its ``column-order`` attribute)."""
    import h5py

    with h5py.File(path, "r") as handle:
        if "obs" not in handle:
            return []
        order = handle["obs"].attrs.get("column-order", [])
        return [c.decode() if isinstance(c, bytes) else str(c) for c in np.atleast_1d(order)]
