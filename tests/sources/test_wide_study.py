"""A wide Parquet matrix with a sample sheet (a methylation study) is read in bounded memory
and gives the dataset the whole-table read gives, byte for byte.

``fsstab.sources.wide_tables`` takes over beyond ``WIDE_COLUMNS`` columns; here the limit is
lowered so
that small files take both paths. The wide path is made certain by refusing the whole-table
read (``pyarrow.parquet.read_table``) while it runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from _wide_reads import stored_both_ways

from fsstab.sources import fetch, wide_tables
from fsstab.sources.reading import keep_rows


def refuse_whole_reads(*args, **kwargs):
    raise AssertionError("the wide matrix was read whole")


def both_paths(tmp_path: Path, spec: dict, monkeypatch) -> tuple[bytes, bytes, list, list]:
    """The stored dataset read whole and read as a wide table, and the warnings of each."""
    (whole, wide), (warned_whole, warned_wide) = stored_both_ways(
        tmp_path, spec, monkeypatch, lambda patch: patch.setattr(pq, "read_table",
                                                                 refuse_whole_reads))
    return whole, wide, warned_whole, warned_wide


def betas(seed: int, n: int, d: int) -> pd.DataFrame:
    """Beta values with 17 significant digits, a negative zero, an integer and a boolean
    feature, and a row counter (as R's write.csv leaves one)."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(rng.beta(0.5, 0.5, size=(n, d)),
                         columns=[f"cg{j:07d}" for j in range(d)])
    frame.iloc[0, 2] = -0.0
    frame["cg_count"] = rng.integers(0, 50, size=n).astype(np.int32)
    frame["cg_flag"] = rng.integers(0, 2, size=n).astype(bool)
    frame.insert(1, "X", np.arange(1, n + 1, dtype=np.int64))
    return frame


def write_sheet(path: Path, ids: list[str]) -> None:
    status = ["tumour", "normal", "", "normal", "tumour"] * (len(ids) // 5 + 1)
    rows = [f"{s},{st},p{i // 2}" for i, (s, st) in enumerate(zip(ids, status, strict=False))]
    rows.append("extra,normal,p99")  # a sheet row without a sample in the matrix
    path.write_text("sample,status,patient\n" + "\n".join(rows) + "\n")


def test_stored_index_sheet_target_groups_where_and_drop(tmp_path, monkeypatch):
    frame = betas(0, 16, 40)
    ids = [f"GSM{100 + i}" for i in range(16)]
    frame.index = pd.Index(ids, name="geo")
    frame["batch"] = [1, 2] * 8  # filtered on, and kept as a feature (not dropped)
    frame["qc"] = ["ok"] * 16  # text, dropped
    frame.to_parquet(tmp_path / "betas.parquet")
    write_sheet(tmp_path / "sheet.csv", ids)
    spec = {"source": "file:betas.parquet", "samples": "sheet.csv", "target": "status",
            "groups": "patient", "drop": ["qc"], "where": {"batch": 2}}
    whole, wide, warned_whole, warned_wide = both_paths(tmp_path, spec, monkeypatch)
    assert whole == wide
    assert warned_whole == warned_wide
    assert any("are left out" in w for w in warned_wide)  # missing status in the sheet


def test_first_column_holds_the_ids_to_join_the_sheet_on(tmp_path, monkeypatch):
    frame = betas(1, 12, 30)
    ids = [f"0{1000 + i}" for i in range(12)]  # text ids with a leading zero
    frame.insert(0, "sample", ids)
    frame.to_parquet(tmp_path / "betas.parquet", index=False)
    write_sheet(tmp_path / "sheet.csv", ids)
    spec = {"source": "file:betas.parquet", "samples": "sheet.csv", "target": "status"}
    whole, wide, warned_whole, warned_wide = both_paths(tmp_path, spec, monkeypatch)
    assert whole == wide
    assert warned_whole == warned_wide
    assert any("'X' looks like a row counter" in w for w in warned_wide)


def test_regression_target_in_the_matrix_and_no_sheet(tmp_path, monkeypatch):
    frame = betas(2, 10, 25)
    frame["age"] = np.linspace(30.5, 70.25, 10)
    frame.to_parquet(tmp_path / "betas.parquet")
    spec = {"source": "file:betas.parquet", "target": "age", "task": "regression"}
    whole, wide, _, _ = both_paths(tmp_path, spec, monkeypatch)
    assert whole == wide


def test_errors_name_the_column(tmp_path, monkeypatch):
    frame = betas(3, 8, 12)
    frame["note"] = ["x"] * 8
    frame.index = pd.Index([f"s{i}" for i in range(8)])
    frame.to_parquet(tmp_path / "betas.parquet")
    write_sheet(tmp_path / "sheet.csv", [f"s{i}" for i in range(8)])
    monkeypatch.setattr(wide_tables, "WIDE_COLUMNS", 0)
    spec = {"source": "file:betas.parquet", "samples": "sheet.csv", "target": "status"}
    with pytest.raises(ValueError, match=r"1 non-numeric feature\(s\): 'note'"):
        fetch(spec, base_dir=tmp_path)
    with pytest.raises(ValueError, match=r"no column\(s\) \['qc'\] to drop"):
        fetch({**spec, "drop": ["note", "qc"]}, base_dir=tmp_path)


def test_keep_rows_moves_rows_up_in_place():
    X = np.arange(20.0).reshape(5, 4)
    expected = X[[1, 3, 4]].copy()
    kept = keep_rows(X, np.array([1, 3, 4]))
    assert np.shares_memory(kept, X)
    np.testing.assert_array_equal(kept, expected)


def test_row_counter_columns_as_the_table_check_flags_them():
    n = 9
    X = np.column_stack([np.arange(1, n + 1), np.arange(n) * 0.5, np.arange(n) + 5,
                         np.r_[0, 2, 4, 5, 7, 9, 11, 13, 16], np.r_[np.arange(n - 1), np.nan]])
    # counts from 1; halves; starts at 5; from 0 with gaps under 2n; a missing value
    assert wide_tables.row_counter_columns(X, block=2) == [0, 3]


STUDY_SCRIPT = textwrap.dedent("""
    import resource, sys
    cap = int(sys.argv[2]) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from fsstab.sources import wide_tables
    from fsstab.sources import fetch
    wide_tables.WIDE_COLUMNS = int(sys.argv[3])
    ds = fetch({"source": "file:" + sys.argv[1], "samples": sys.argv[1] + ".sheet.csv",
                "target": "status"})
    print(ds.X.shape)
""")


def test_a_wide_study_reads_under_a_memory_cap_with_one_thread(tmp_path):
    """60 x 40,000 values (19 MB) and a sample sheet, read with OMP_NUM_THREADS=1 under an
    address-space cap that the whole-table read of the Parquet file exceeds."""
    n, d = 60, 40_000
    X = np.random.default_rng(5).normal(size=(n, d)).round(6)
    ids = [f"s{i}" for i in range(n)]
    path = tmp_path / "betas.parquet"
    pq.write_table(pa.table({"sample": ids, **{f"cg{j}": X[:, j] for j in range(d)}}), path)
    write_sheet(Path(f"{path}.sheet.csv"), ids)
    src = str(Path(wide_tables.__file__).resolve().parents[2])
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": src}
    shapes = []
    for limit in (wide_tables.WIDE_COLUMNS, 10**9):  # bounded; whole (must not fit)
        result = subprocess.run([sys.executable, "-c", STUDY_SCRIPT, str(path), "1500",
                                 str(limit)], capture_output=True, text=True, env=env,
                                timeout=600)
        shapes.append(result.stdout.strip() if result.returncode == 0 else None)
    assert shapes == [f"({n - n // 5}, {d})", None]  # the samples without status left out
