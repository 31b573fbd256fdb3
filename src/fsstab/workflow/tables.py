"""Files of the selection and stability stages: writing, reading, gathering, concatenating.

Kept apart from the stage logic so that the cheap jobs (gather, summaries) import only
pyarrow and :mod:`fsstab.io`.

Selection tables (per chunk, and gathered per configuration; columns in docs/workflow.md):
``runs`` (``fsstab.runs/1``), ``features`` (``fsstab.features/1``) and ``timings``
(``fsstab.timings/1``, the one table whose content differs between runs: wall-clock seconds).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa

from fsstab.io import canonical_json, read_parquet, write_parquet

__all__ = [
    "FEATURES_FORMAT",
    "RUNS_FORMAT",
    "STABILITY_FORMAT",
    "TIMINGS_FORMAT",
    "SelectionTables",
    "concat_tables",
    "gather_tables",
    "read_selection",
    "write_selection",
]

RUNS_FORMAT = "fsstab.runs/1"
FEATURES_FORMAT = "fsstab.features/1"
TIMINGS_FORMAT = "fsstab.timings/1"
STABILITY_FORMAT = "fsstab.stability/1"

SelectionTables = dict[str, pa.Table]


_FORMATS = {"runs": RUNS_FORMAT, "features": FEATURES_FORMAT, "timings": TIMINGS_FORMAT}
_SORT_KEYS = {
    "runs": ["resample", "variant"],
    "features": ["resample", "variant", "feature"],
    "timings": ["resample", "variant"],
}


def write_selection(
    tables: SelectionTables,
    paths: Mapping[str, str | os.PathLike[str]],
    *,
    metadata: Mapping[str, Any],
) -> list[Path]:
    """Write the ``runs``, ``features`` and ``timings`` tables (atomically, each sorted)."""
    written = []
    for name, fmt in _FORMATS.items():
        table = tables[name].sort_by([(key, "ascending") for key in _SORT_KEYS[name]])
        written.append(write_parquet(table, paths[name], metadata={**metadata, "format": fmt}))
    return written


def read_selection(paths: Mapping[str, str | os.PathLike[str]]) -> tuple[SelectionTables, dict]:
    """Read tables written by :func:`write_selection`; return them and the runs' metadata."""
    tables, meta = {}, {}
    for name, fmt in _FORMATS.items():
        if name not in paths:
            continue
        table, table_meta = read_parquet(paths[name])
        if table_meta.get("format") != fmt:
            raise ValueError(f"{paths[name]}: expected format {fmt!r}, got "
                             f"{table_meta.get('format')!r}")
        tables[name] = table
        if name == "runs":
            meta = table_meta
    return tables, meta


def gather_tables(chunks: Sequence[SelectionTables], n_resamples: int) -> SelectionTables:
    """Concatenate the chunks of one configuration; every resample must appear exactly once."""
    gathered = {
        name: pa.concat_tables([c[name] for c in chunks]).sort_by(
            [(key, "ascending") for key in _SORT_KEYS[name]]
        )
        for name in _FORMATS
    }
    resamples = gathered["runs"].column("resample").to_numpy()
    variants = gathered["runs"].column("variant").to_pylist()
    per_variant: dict[str, list[int]] = {}
    for r, v in zip(resamples.tolist(), variants, strict=True):
        per_variant.setdefault(v, []).append(r)
    for variant, ids in per_variant.items():
        if sorted(ids) != list(range(n_resamples)):
            raise ValueError(
                f"the chunks of variant {variant!r} cover resamples {sorted(set(ids))[:10]}... "
                f"({len(ids)} runs), not exactly 0..{n_resamples - 1} once each"
            )
    return gathered


def _unified_type(types: list[pa.DataType]) -> pa.DataType:
    kinds = {t for t in types if not pa.types.is_null(t)}
    if not kinds:
        return pa.null()
    if len(kinds) == 1:
        return kinds.pop()
    if all(pa.types.is_integer(t) or pa.types.is_floating(t) for t in kinds):
        return pa.float64()
    return pa.string()


def concat_tables(tables: Sequence[pa.Table]) -> pa.Table:
    """Concatenate tables whose columns may differ (e.g. different selector parameters).

    Columns keep the order of their first appearance; a column missing from a table is null
    there; a column with different types becomes float64 if all are numeric, else string.
    """
    if not tables:
        raise ValueError("nothing to concatenate")
    names: list[str] = []
    types: dict[str, list[pa.DataType]] = {}
    for table in tables:
        for field in table.schema:
            if field.name not in types:
                names.append(field.name)
                types[field.name] = []
            types[field.name].append(field.type)
    unified = {name: _unified_type(types[name]) for name in names}
    aligned = []
    for table in tables:
        columns = {}
        for name in names:
            typ = unified[name]
            if name in table.column_names:
                column = table.column(name)
                if pa.types.is_string(typ) and not pa.types.is_string(column.type):
                    column = pa.array(
                        [None if v is None else canonical_json(v)
                         for v in column.to_pylist()], pa.string()
                    )
                columns[name] = column.cast(typ)
            else:
                columns[name] = pa.nulls(table.num_rows, typ)
        aligned.append(pa.table(columns))
    return pa.concat_tables(aligned)
