"""Tables of the paper outputs: CSV + Parquet pairs and the comparison table.

Every paper table is written twice, ``<stem>.csv`` (for reading) and ``<stem>.parquet`` (typed,
with metadata), atomically and with deterministic bytes. ``comparison.csv`` lists every number
a paper states next to ours, in the columns of :data:`COMPARISON_COLUMNS`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from fsstab.io import read_parquet, write_parquet, write_text

__all__ = [
    "COMPARISON_COLUMNS",
    "comparison_frame",
    "comparison_row",
    "read_table",
    "write_table",
]

COMPARISON_COLUMNS: tuple[str, ...] = (
    "item", "dataset", "setting", "paper_value", "our_value", "note",
)


def write_table(
    frame: pd.DataFrame, stem: str | os.PathLike[str], *, metadata: Mapping[str, Any] | None = None,
    float_format: str = "%.6g",
) -> tuple[Path, Path]:
    """Write ``<stem>.csv`` and ``<stem>.parquet`` (no index; the same frame gives the same
    bytes). Returns both paths."""
    stem = Path(stem)
    if stem.suffix in (".csv", ".parquet"):
        raise ValueError(f"stem must not carry an extension, got {stem.name!r}")
    stem.parent.mkdir(parents=True, exist_ok=True)
    csv = write_text(stem.with_name(stem.name + ".csv"),
                     frame.to_csv(index=False, float_format=float_format, lineterminator="\n"))
    table = pa.Table.from_pandas(frame, preserve_index=False)
    parquet = write_parquet(table, stem.with_name(stem.name + ".parquet"), metadata=metadata)
    return csv, parquet


def read_table(path: str | os.PathLike[str]) -> pd.DataFrame:
    """A Parquet table of :func:`write_table` as a DataFrame."""
    return read_parquet(path)[0].to_pandas()


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float | np.floating):
        return "" if np.isnan(value) else f"{float(value):.6g}"
    if isinstance(value, bool | np.bool_):
        return "yes" if value else "no"
    return str(value)


def comparison_row(
    item: str, paper_value: Any, our_value: Any, *, dataset: str = "", setting: str = "",
    note: str = "",
) -> dict[str, str]:
    """One row of ``comparison.csv``: a number (or statement) of the paper next to ours."""
    return {"item": item, "dataset": dataset, "setting": setting,
            "paper_value": _text(paper_value), "our_value": _text(our_value), "note": note}


def comparison_frame(rows: Sequence[Mapping[str, str]]) -> pd.DataFrame:
    """Rows of :func:`comparison_row` as a DataFrame with the comparison columns."""
    return pd.DataFrame(list(rows), columns=list(COMPARISON_COLUMNS))
