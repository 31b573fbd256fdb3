"""Reading a source both ways -- whole, and as a wide table -- to compare the stored datasets.

``fsstab.sources.wide_tables.WIDE_COLUMNS`` decides which tables are wide; lowered to 0 it sends
small
files down the wide path, and ``refuse`` patches the whole-table reader to fail there, so
that the wide path is certain to have been taken.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

from fsstab.datasets import write_dataset
from fsstab.sources import fetch, wide_tables


def stored_both_ways(tmp_path: Path, spec: dict, monkeypatch: pytest.MonkeyPatch,
                     refuse: Callable[[pytest.MonkeyPatch], None]
                     ) -> tuple[list[bytes], list[list[str]]]:
    """The stored dataset (its provenance, with the data's sha256) read whole and read as a
    wide table, and the warnings of each read."""
    stored, caught = [], []
    for limit in (10**9, 0):
        with monkeypatch.context() as patch:
            patch.setattr(wide_tables, "WIDE_COLUMNS", limit)
            if limit == 0:
                refuse(patch)
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                ds = fetch(spec, base_dir=tmp_path)
        stored.append(write_dataset(ds, tmp_path / f"ds{limit}").read_bytes())
        caught.append(sorted(str(w.message) for w in seen))
    return stored, caught
