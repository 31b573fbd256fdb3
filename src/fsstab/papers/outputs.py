"""What the rules of every paper share: tables as CSV + Parquet and the comparison table.

Where the files go is the workflow's :class:`fsstab.workflow.config.PaperConfig` (``table``,
``figure``, ``file``, ``work``, ``log``, ``benchmark``; the rules reach it through the
``get_paper_*`` functions of ``rules/common.smk``); a script receives the paths and writes them
with :func:`write_table` and :func:`fsstab.plots.save_figure` (``stem_of`` turns a rule's
``[csv, parquet]`` or ``[pdf, png]`` output into the stem these take).

Tables are written twice, as CSV (to read) and Parquet (typed, to compute with), both atomically
and with deterministic bytes (:func:`write_table`); a paper's intermediate tables, read only by
its own later rules, as Parquet alone (:func:`write_table` with a single ``.parquet`` target).
``comparison.csv`` holds every number a paper states in its text next to ours, one row per
statement
(:data:`COMPARISON_COLUMNS`):

=============  ===============================================================================
column         content
=============  ===============================================================================
item           what is compared: the paper's figure, table or section and the quantity
dataset        the data set (empty for data-free statements)
setting        the setting the number belongs to (measure, method, parameter values)
paper_value    the value as the paper prints it (a number, "9.8 ± 0.93", a list of methods)
our_value      our value, formatted like the paper's (empty when we have none)
note           why they may differ: "dataset not run here (not reachable offline)",
               "simulated stand-in", a different data version, ...
=============  ===============================================================================
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa

from fsstab.io import read_parquet, write_parquet, write_text

__all__ = [
    "COMPARISON_COLUMNS",
    "CSV_FLOAT_FORMAT",
    "EXACT_FLOAT_FORMAT",
    "NOT_RUN_NOTE",
    "comparison_frame",
    "concat_comparisons",
    "format_mean_sd",
    "format_number",
    "read_table",
    "stem_of",
    "write_table",
]

#: How floats are printed in a table's CSV: 12 significant digits, readable and still more
#: than any paper prints (the exact values are in the Parquet file). The default.
CSV_FLOAT_FORMAT = "%.12g"
#: 17 significant digits: every float64 exactly. Hamer & Dupont (2021)'s tables have been
#: written so from the start; their CSV bytes (recorded before the paper wing was unified)
#: must not change, so the one writer keeps this format as an option rather than two writers.
EXACT_FLOAT_FORMAT = "%.17g"

COMPARISON_COLUMNS: tuple[str, ...] = (
    "item", "dataset", "setting", "paper_value", "our_value", "note",
)

#: The note of a comparison row whose dataset was not run (``only_datasets``; offline).
NOT_RUN_NOTE = "dataset not run here (not reachable offline; configured with its real source)"


def format_number(value: Any, decimals: int = 3) -> str:
    """``value`` rounded to ``decimals`` places; "" for None, "NaN" for NaN."""
    if value is None:
        return ""
    value = float(value)
    if math.isnan(value):
        return "NaN"
    text = f"{value:.{decimals}f}"
    return "0" + text[2:] if text.startswith("-0") and float(text) == 0 else text


def format_mean_sd(mean: float, sd: float, decimals: int = 2) -> str:
    """``"mean ± sd"`` as the papers print it."""
    return f"{format_number(mean, decimals)} ± {format_number(sd, decimals)}"


def comparison_frame(rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """The comparison table from rows with the keys of :data:`COMPARISON_COLUMNS` (missing keys
    are empty; every value is text)."""
    records = []
    for row in rows:
        unknown = sorted(set(row) - set(COMPARISON_COLUMNS))
        if unknown:
            raise ValueError(
                f"comparison row has unknown column(s) {unknown}; columns: {COMPARISON_COLUMNS}"
            )
        records.append({c: "" if row.get(c) is None else str(row.get(c))
                        for c in COMPARISON_COLUMNS})
    return pd.DataFrame.from_records(records, columns=list(COMPARISON_COLUMNS))


def concat_comparisons(parts: Iterable[pd.DataFrame]) -> pd.DataFrame:
    """One comparison table from the comparison tables of a paper's parts, in the given order;
    each part must have exactly the columns of :data:`COMPARISON_COLUMNS`."""
    frames = []
    for index, part in enumerate(parts):
        if tuple(part.columns) != COMPARISON_COLUMNS:
            raise ValueError(
                f"comparison part {index} has columns {list(part.columns)}; "
                f"expected {list(COMPARISON_COLUMNS)}"
            )
        frames.append(part.astype(str))
    if not frames:
        return comparison_frame([])
    return pd.concat(frames, ignore_index=True)


def _arrow(frame: pd.DataFrame) -> pa.Table:
    return pa.Table.from_pandas(frame.reset_index(drop=True), preserve_index=False)


def stem_of(files: str | os.PathLike[str] | Sequence[str | os.PathLike[str]]) -> Path:
    """The common stem of a rule's output files that differ only in their extension
    (``[x.csv, x.parquet]`` or ``[x.pdf, x.png]`` -> ``x``); a single path loses its
    extension. What :func:`write_table` and :func:`fsstab.plots.save_figure` take."""
    paths = [Path(files)] if isinstance(files, str | os.PathLike) else [Path(f) for f in files]
    if not paths:
        raise ValueError("no files given")
    stems = {p.with_suffix("") for p in paths}
    if len(stems) != 1:
        raise ValueError(f"the files {[str(p) for p in paths]} do not share one stem")
    return stems.pop()


def _table_stem(target: str | os.PathLike[str] | Sequence[str | os.PathLike[str]]) -> Path:
    if isinstance(target, str | os.PathLike):
        stem = Path(target)
        if stem.suffix in (".csv", ".parquet"):
            raise ValueError(f"stem must not carry an extension, got {stem.name!r}")
        return stem
    paths = [Path(p) for p in target]
    if sorted(p.suffix for p in paths) != [".csv", ".parquet"]:
        raise ValueError(f"expected a .csv and a .parquet path, got {[str(p) for p in paths]}")
    return stem_of(paths)


def write_table(
    frame: pd.DataFrame,
    target: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    metadata: Mapping[str, Any] | None = None,
    float_format: str = CSV_FLOAT_FORMAT,
) -> tuple[Path | None, Path]:
    """Write ``<stem>.csv`` and ``<stem>.parquet`` (atomic, deterministic bytes): the one table
    writer of the papers.

    Parameters
    ----------
    frame
        The table.
    target
        The stem (a path without extension), or the rule's two outputs ``[<stem>.csv,
        <stem>.parquet]`` (any order); or a single ``.parquet`` path, which writes the Parquet
        file alone (an intermediate piece that a later rule gathers, e.g. one job's rows).
    metadata
        Key/value metadata of the Parquet file (:func:`fsstab.io.write_parquet`).
    float_format
        How floats are printed in the CSV: :data:`CSV_FLOAT_FORMAT` (default) or
        :data:`EXACT_FLOAT_FORMAT` (see there why both exist). The Parquet file holds the
        exact values either way.

    Returns
    -------
    (csv path, parquet path)
        The CSV path is None for a single ``.parquet`` target.
    """
    if isinstance(target, str | os.PathLike) and Path(target).suffix == ".parquet":
        # an intermediate piece of a table (one job's part): the Parquet file alone
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        return None, write_parquet(_arrow(frame), target, metadata=dict(metadata or {}))
    stem = _table_stem(target)
    stem.parent.mkdir(parents=True, exist_ok=True)
    csv_path = write_text(stem.parent / f"{stem.name}.csv",
                          frame.to_csv(index=False, float_format=float_format,
                                       lineterminator="\n"))
    parquet_path = write_parquet(_arrow(frame), stem.parent / f"{stem.name}.parquet",
                                 metadata=dict(metadata or {}))
    return csv_path, parquet_path


def read_table(target: str | os.PathLike[str] | Sequence[str | os.PathLike[str]]) -> pd.DataFrame:
    """A table written by :func:`write_table`, from its Parquet file: ``target`` is the stem,
    the ``[<stem>.csv, <stem>.parquet]`` pair (a rule's input) or the Parquet path."""
    if isinstance(target, str | os.PathLike) and Path(target).suffix == ".parquet":
        path = Path(target)
    else:
        stem = _table_stem(target)
        path = stem.parent / f"{stem.name}.parquet"
    return read_parquet(path)[0].to_pandas()
