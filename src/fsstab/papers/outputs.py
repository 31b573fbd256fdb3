"""What the rules of every paper share: tables as CSV + Parquet and the comparison table.

Tables are written twice, as CSV (to read) and Parquet (typed, to compute with), both atomically
and with deterministic bytes (:func:`write_table`). ``comparison.csv`` holds every number a
paper states in its text next to ours, one row per statement (:data:`COMPARISON_COLUMNS`):

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
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa

from fsstab.io import write_parquet, write_text

__all__ = [
    "COMPARISON_COLUMNS",
    "NOT_RUN_NOTE",
    "comparison_frame",
    "concat_comparisons",
    "format_mean_sd",
    "format_number",
    "write_table",
]

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


def write_table(
    frame: pd.DataFrame, stem: str | os.PathLike[str], *, metadata: Mapping[str, Any] | None = None
) -> tuple[Path, Path]:
    """Write ``<stem>.csv`` and ``<stem>.parquet`` (atomic, deterministic bytes).

    Floats are printed in the CSV with up to 12 significant digits (exact values stay in the
    Parquet file). Returns ``(csv path, parquet path)``.
    """
    stem = Path(stem)
    if stem.suffix in (".csv", ".parquet"):
        raise ValueError(f"stem must not carry an extension, got {stem.name!r}")
    stem.parent.mkdir(parents=True, exist_ok=True)
    csv_path = write_text(stem.parent / f"{stem.name}.csv",
                          frame.to_csv(index=False, float_format="%.12g", lineterminator="\n"))
    parquet_path = write_parquet(_arrow(frame), stem.parent / f"{stem.name}.parquet",
                                 metadata=dict(metadata or {}))
    return csv_path, parquet_path
