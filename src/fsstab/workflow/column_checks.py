"""The columns a source names, checked against its files before any job.

A ``file:`` source names columns of its matrix and of its sample sheet: ``target`` (two for
``task: survival``: ``[TIME, EVENT]``), ``groups``, ``sample_id`` (a column of the sheet) and
``id_column`` (a column of the matrix). :func:`column_problems` reads only the header line of
the sheet and what names the matrix's columns (:mod:`fsstab.sources.headers`), and reports
every name that is in none of them -- all of them at once, each with its key, the file(s) looked
in and a "did you mean" that also finds a name written in another case (``Condition`` for
``condition``). It runs with the other configuration checks when the Snakefile is read
(:func:`fsstab.workflow.checks.configuration_problems`) and in ``fsstab check``.

Where the names are not in a header -- a matrix with genes in rows (``transpose: true``,
whose target or groups may be a row among the genes: then its first column is read, line by
line, only for a name the sheet does not have), ARFF, R and MATLAB files, files inside a zip
archive of several (``member:``), ``url:`` sources -- the fetch job checks the names when it
reads the data.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "expr.csv").write_text("sample,g1,g2,condition\\ns1,1,2,case\\n")
>>> raw = {"datasets": {"mine": {"source": {"source": "file:expr.csv", "target": "Condition",
...                                         "groups": "patinet"}}}}
>>> first, second = column_problems(raw, base_dir=folder)
>>> print(first.replace(str(folder), "<folder>").split("; its")[0])
datasets.mine.source.target: no column 'Condition' in <folder>/expr.csv (did you mean 'condition'?)
>>> print(second.replace(str(folder), "<folder>"))
datasets.mine.source.groups: no column 'patinet' in <folder>/expr.csv; its columns are
['sample', 'g1', 'g2', 'condition']
"""

from __future__ import annotations

import copy
import difflib
import os
from collections.abc import Mapping, Sequence
from typing import Any

from fsstab.sources import local_file, parse_source
from fsstab.sources.formats import format_of
from fsstab.sources.headers import matrix_columns, row_names, sheet_columns
from fsstab.sources.reading import target_names

__all__ = ["close_name", "column_problems", "source_columns"]

#: Columns listed in a message (the first and last of a longer list).
_LISTED = 12


def close_name(name: str, choices: Sequence[str]) -> str | None:
    """The choice ``name`` was probably meant to be: the same name in another case, else the
    closest by :func:`difflib.get_close_matches` ignoring case, else None.

    Examples
    --------
    >>> close_name("Condition", ["sample", "condition"]), close_name("patinet", ["patient"])
    ('condition', 'patient')
    >>> close_name("age", ["sample", "condition"]) is None
    True
    """
    by_case = {c.casefold(): c for c in reversed(list(choices))}
    if name.casefold() in by_case:
        return by_case[name.casefold()]
    close = difflib.get_close_matches(name.casefold(), list(by_case), n=1, cutoff=0.6)
    return by_case[close[0]] if close else None


def _listed(columns: Sequence[str]) -> list[str]:
    columns = list(columns)
    return columns if len(columns) <= _LISTED else [*columns[:8], "...", *columns[-3:]]


def source_columns(source: Any, *, base_dir: str | os.PathLike[str] | None = None
                   ) -> dict[str, Any] | None:
    """What the files of a ``file:`` source show of their columns without reading the data:
    ``{"matrix": path, "sheet": path or None, "sheet_columns": [...] or None,
    "matrix_columns": [...] or None, "transposed": bool, "sep": str or None, "format": name,
    "options": {...}}``; None for
    other sources, a spec that does not parse, missing files and archives of several files
    (their checks report them)."""
    try:
        spec = parse_source(copy.deepcopy(source))
    except ValueError:
        return None
    if spec.kind != "file" or spec.options.get("member") is not None:
        return None
    path = local_file(spec.location, base_dir)
    if not path.is_file():
        return None
    try:
        fmt = format_of(spec.location, spec.options, spec.source)
        columns = matrix_columns(path, fmt.name, spec.options)
    except (ValueError, ImportError, OSError):
        return None  # the fetch job reads the file and says what is wrong with it
    sheet = spec.options.get("samples")
    sheet_path = None if not isinstance(sheet, str) else local_file(sheet, base_dir)
    found = None
    if sheet_path is not None and sheet_path.is_file():
        try:
            found = sheet_columns(sheet_path)
        except (ValueError, OSError):
            found = None
    return {"matrix": path, "sheet": sheet_path if found is not None else None,
            "sheet_columns": found, "matrix_columns": columns,
            "transposed": bool(spec.options.get("transpose")),
            "sep": spec.options.get("sep") or fmt.separator, "format": fmt.name,
            "options": spec.options}


def _missing(name: str, key: str, looked: list[tuple[str, Sequence[str]]],
             rows: tuple[str, Sequence[str]] | None = None) -> str:
    """The message for a column ``name`` in none of the headers ``looked`` (what, columns)
    nor among the row names ``rows`` of a matrix with genes in rows (named, never listed;
    suggested from only when no header was looked in)."""
    places = [what for what, _ in looked] + ([] if rows is None else [rows[0]])
    choices = [c for _, columns in looked for c in columns]
    close = close_name(name, choices or ([] if rows is None else rows[1]))
    hint = f" (did you mean {close!r}?)" if close is not None else ""
    if len(looked) == 1:
        listed = f"; its columns are {_listed(looked[0][1])}" if rows is None else \
            f"; the columns of {looked[0][0]} are {_listed(looked[0][1])}"
    else:
        listed = "".join(f"; the columns of {what} are {_listed(columns)}"
                         for what, columns in looked)
    return f"{key}: no column {name!r} in {' nor '.join(places)}{hint}{listed}"


def _dataset_problems(name: str, source: Any, base_dir: str | os.PathLike[str] | None
                      ) -> list[str]:
    found = source_columns(source, base_dir=base_dir)
    if found is None:
        return []
    options = found["options"]
    key = f"datasets.{name}.source"
    sheet, matrix = found["sheet_columns"], found["matrix_columns"]
    sheet_what = f"the sample sheet {found['sheet']}"
    matrix_what = (f"the row names of {found['matrix']}" if found["transposed"]
                   else f"obs of {found['matrix']}" if found["format"] == "h5ad"
                   else f"{found['matrix']}")
    rows: list[str] | None = None
    problems: list[str] = []

    def matrix_names() -> list[str] | None:
        nonlocal rows
        if matrix is not None:
            return matrix
        if found["transposed"] and found["sep"] is not None:
            if rows is None:
                rows = row_names(found["matrix"], found["sep"])
            return rows
        return None

    sample_id = options.get("sample_id")
    if isinstance(sample_id, str) and sheet is not None and sample_id not in sheet:
        problems.append(_missing(sample_id, f"{key}.sample_id", [(sheet_what, sheet)]))
    id_column = options.get("id_column")
    if isinstance(id_column, str) and matrix is not None and id_column not in matrix:
        problems.append(_missing(id_column, f"{key}.id_column", [(matrix_what, matrix)]))
    targets = target_names(options) if isinstance(options.get("target"), str | list) else []
    named = [(t, f"{key}.target" if len(targets) == 1 else f"{key}.target[{i}]")
             for i, t in enumerate(targets)]
    if isinstance(options.get("groups"), str):
        named.append((options["groups"], f"{key}.groups"))
    for column, where in named:
        if sheet is not None and column in sheet:
            continue
        if options.get("samples") is not None and sheet is None:
            continue  # the sheet is missing or unreadable: reported by its own check
        if matrix is None and not found["transposed"]:
            continue  # names kept inside the file: checked by the fetch job
        in_matrix = matrix_names()
        if in_matrix is not None and column in in_matrix:
            continue
        looked = [] if sheet is None else [(sheet_what, sheet)]
        if matrix is not None:
            looked.append((matrix_what, matrix))
        genes = (matrix_what, in_matrix) if matrix is None and in_matrix is not None else None
        if looked or genes is not None:
            problems.append(_missing(column, where, looked, genes))
    return problems


def column_problems(raw: Mapping[str, Any], *, base_dir: str | os.PathLike[str] | None = None
                    ) -> list[str]:
    """Every column named by a ``file:`` source (``target``, ``groups``, ``sample_id``,
    ``id_column``) that its files do not have, one message each (module docstring);
    ``base_dir``: the folder relative paths are resolved against (the working directory)."""
    problems: list[str] = []
    for name, entry in (raw.get("datasets") or {}).items():
        if isinstance(entry, Mapping) and "source" in entry:
            problems += _dataset_problems(name, entry["source"], base_dir)
    return problems
