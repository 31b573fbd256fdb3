"""Atomic, deterministic writers of fsstab.io."""

from __future__ import annotations

import hashlib
import json
import os
import stat

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from fsstab import io


def _sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _table() -> pa.Table:
    rng = np.random.default_rng(1)
    return pa.table(
        {
            "name": pa.array(["a", "b", "c", "d"]),
            "value": pa.array(rng.normal(size=4)),
            "vec": pa.FixedSizeListArray.from_arrays(pa.array(rng.normal(size=12)), 3),
            "count": pa.array([1, 2, 3, 4], type=pa.int32()),
        }
    )


def _leftovers(directory) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_parquet_roundtrip_with_metadata(tmp_path):
    meta = {"scheme": "bootstrap", "params": {"b": [1, 2], "a": None}, "seed": 3}
    path = io.write_parquet(_table(), tmp_path / "t.parquet", metadata=meta)
    table, read_meta = io.read_parquet(path)
    assert table.equals(_table())
    assert read_meta == meta
    assert io.read_parquet_metadata(path) == meta
    # stored under the fsstab: prefix as canonical JSON, nothing pandas-specific
    raw = pq.read_schema(path).metadata
    assert raw[b"fsstab:params"] == b'{"a":null,"b":[1,2]}'
    assert not any(key.startswith(b"pandas") for key in raw)


def test_parquet_bytes_are_deterministic(tmp_path):
    first = io.write_parquet(_table(), tmp_path / "a.parquet", metadata={"k": 1})
    second = io.write_parquet(_table(), tmp_path / "b.parquet", metadata={"k": 1})
    # a mapping with the same columns gives the same file too
    third = io.write_parquet(
        {name: _table().column(name) for name in _table().column_names},
        tmp_path / "c.parquet",
        metadata={"k": 1},
    )
    assert first.read_bytes() == second.read_bytes() == third.read_bytes()
    # and the writer options are the fixed ones: zstd, byte-stream-split for floats
    meta = pq.ParquetFile(first).metadata
    assert meta.num_row_groups == 1
    columns = {
        meta.row_group(0).column(i).path_in_schema: meta.row_group(0).column(i)
        for i in range(meta.num_columns)
    }
    assert all(c.compression == "ZSTD" for c in columns.values())
    assert "BYTE_STREAM_SPLIT" in columns["value"].encodings
    assert "BYTE_STREAM_SPLIT" in columns["vec.list.element"].encodings


def test_read_parquet_errors_name_the_file(tmp_path):
    path = io.write_parquet(_table(), tmp_path / "t.parquet")
    with pytest.raises(ValueError, match=r"t\.parquet: no column\(s\) \['nope'\]"):
        io.read_parquet(path, columns=["nope"])
    with pytest.raises(ValueError, match="no such file"):
        io.read_parquet(tmp_path / "missing.parquet")
    junk = tmp_path / "junk.parquet"
    junk.write_text("not parquet")
    with pytest.raises(ValueError, match=r"junk\.parquet: not a readable Parquet file"):
        io.read_parquet(junk)


def test_failed_parquet_write_leaves_nothing_and_keeps_previous_file(tmp_path, monkeypatch):
    target = tmp_path / "out.parquet"
    io.write_parquet(_table(), target, metadata={"version": 1})
    before = _sha(target)

    def crash_mid_write(table, where, **kwargs):
        # write part of a file, then fail as a full disk or a killed writer would
        with open(where, "wb") as fh:
            fh.write(b"PAR1" + b"\0" * 100)
        raise OSError("No space left on device")

    monkeypatch.setattr(io.pq, "write_table", crash_mid_write)
    with pytest.raises(OSError, match="No space left"):
        io.write_parquet(_table(), target, metadata={"version": 2})
    assert _sha(target) == before
    assert _leftovers(tmp_path) == []
    # a failed first write leaves no file at all
    with pytest.raises(OSError, match="No space left"):
        io.write_parquet(_table(), tmp_path / "new.parquet")
    assert not (tmp_path / "new.parquet").exists()
    assert _leftovers(tmp_path) == []


def test_atomic_path_success_failure_and_permissions(tmp_path):
    target = tmp_path / "sub" / "file.txt"
    with io.atomic_path(target) as tmp:
        assert tmp.parent == target.parent
        assert tmp != target
        tmp.write_text("complete")
        assert not target.exists()  # nothing visible before the block ends
    assert target.read_text() == "complete"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask

    def interrupted_write() -> None:
        with io.atomic_path(target) as tmp:
            tmp.write_text("half")
            raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError, match="interrupted"):
        interrupted_write()
    assert target.read_text() == "complete"
    assert _leftovers(target.parent) == []


def test_write_json_is_canonical_and_rejects_nan(tmp_path):
    path = io.write_json(tmp_path / "p.json", {"b": np.int64(2), "a": (1, 2.5), "c": {"z": None}})
    assert (
        path.read_text()
        == '{\n  "a": [\n    1,\n    2.5\n  ],\n  "b": 2,\n  "c": {\n    "z": null\n  }\n}\n'
    )
    assert json.loads(path.read_text()) == {"a": [1, 2.5], "b": 2, "c": {"z": None}}
    with pytest.raises(ValueError, match="non-finite"):
        io.write_json(tmp_path / "bad.json", {"x": float("nan")})
    assert not (tmp_path / "bad.json").exists()
    assert _leftovers(tmp_path) == []
    with pytest.raises(ValueError, match="metadata key 'x'"):
        io.write_parquet(_table(), tmp_path / "t.parquet", metadata={"x": float("inf")})


def test_read_json_names_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(ValueError, match=r"bad\.json: not valid JSON"):
        io.read_json(bad)
