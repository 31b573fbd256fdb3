"""Wide source tables read in bounded memory give the datasets the whole-table readers give.

``fsstab.sources.wide_tables`` takes over beyond ``WIDE_COLUMNS`` columns; here the limit is
lowered so
that small files take both paths, and the stored datasets are compared byte for byte.
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

import fsstab
from fsstab.datasets import write_dataset
from fsstab.sources import fetch, wide_tables


def values(seed: int, n: int, d: int) -> np.ndarray:
    """Values with 17 significant digits (pandas' CSV parser rounds some of them differently
    from Python's float(), so the parser used matters), integers and negative zeros."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * 10.0 ** rng.integers(-3, 4, size=d)
    X[:, 1] = np.round(X[:, 1])
    X[0, 2] = -0.0
    return X


def both_paths(tmp_path: Path, spec: dict, monkeypatch) -> tuple[bytes, bytes]:
    """The stored dataset read whole and read as a wide table."""
    stored = []
    for limit in (10**9, 0):
        monkeypatch.setattr(wide_tables, "WIDE_COLUMNS", limit)
        ds = fetch(spec, base_dir=tmp_path)
        stored.append(write_dataset(ds, tmp_path / f"ds{limit}").read_bytes())
    return stored[0], stored[1]


def write_csv(path: Path, frame: pd.DataFrame, sep: str = ",") -> None:
    lines = [sep.join(map(str, frame.columns))]
    for _, row in frame.iterrows():
        lines.append(sep.join(f"{v:.17g}" if isinstance(v, float) else str(v) for v in row))
    path.write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("sep", [",", "\t"])
def test_samples_in_rows(tmp_path, monkeypatch, sep):
    X = values(0, 12, 30)
    frame = pd.DataFrame(X, columns=[f"cg{j:05d}" for j in range(30)])
    frame.insert(3, "patient", [f"p{i}" for i in range(12)])
    frame["batch"] = [1, 2] * 6
    frame["status"] = ["tumour", "normal", "normal"] * 4
    name = "t.csv" if sep == "," else "t.tsv"
    write_csv(tmp_path / name, frame, sep)
    spec = {"source": f"file:{name}", "target": "status", "id_column": "patient",
            "drop": "batch", "where": {"batch": 2}}
    whole, wide = both_paths(tmp_path, spec, monkeypatch)
    assert whole == wide


def test_genes_in_lines(tmp_path, monkeypatch):
    X = values(1, 10, 25)
    lines = ["gene," + ",".join(f"s{i}" for i in range(10))]
    lines.append("status," + ",".join(["a", "b"] * 5))
    lines.append("sample," + ",".join(f"id{i}" for i in range(10)))
    lines += [f"g{j}," + ",".join(f"{v:.17g}" for v in X[:, j]) for j in range(25)]
    lines.append("age," + ",".join(str(40 + i) for i in range(10)))
    (tmp_path / "genes.csv").write_text("\n".join(lines) + "\n")
    spec = {"source": "file:genes.csv", "transpose": True, "row_names": True,
            "id_column": "sample", "drop": ["gene"], "target": "status"}
    whole, wide = both_paths(tmp_path, spec, monkeypatch)
    assert whole == wide
    # without row names and target: lines are numbered, the last is the target
    lines = [",".join(f"{v:.17g}" for v in X[:, j]) for j in range(25)]
    lines.append(",".join(["x", "y"] * 5))
    (tmp_path / "plain.csv").write_text("\n".join(lines) + "\n")
    whole, wide = both_paths(tmp_path, {"source": "file:plain.csv", "transpose": True},
                             monkeypatch)
    assert whole == wide


def test_parquet_where_column_stays_a_feature(tmp_path, monkeypatch):
    """A plain Parquet source filtered by ``where``: the filtering column stays a feature,
    wide as narrow (the whole read is the reference)."""
    X = values(3, 12, 30)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(30)])
    frame["batch"] = [1.0, 2.0] * 6
    frame["label"] = ["a", "b", "b", "a"] * 3
    frame.to_parquet(tmp_path / "w.parquet", index=False)
    spec = {"source": "file:w.parquet", "target": "label", "where": {"batch": 2}}
    whole, wide = both_paths(tmp_path, spec, monkeypatch)
    assert whole == wide
    ds = fetch(spec, base_dir=tmp_path)
    assert ds.X.shape == (6, 31)
    assert "batch" in list(ds.feature_names)


def test_parquet_with_a_pandas_index(tmp_path, monkeypatch):
    X = values(2, 14, 40)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(40)],
                         index=[f"r{i}" for i in range(14)])
    frame["n_reads"] = np.arange(14, dtype=np.int32)  # an integer feature
    frame["label"] = ["a", "b"] * 7
    frame.to_parquet(tmp_path / "t.parquet")
    whole, wide = both_paths(tmp_path, {"source": "file:t.parquet", "target": "label"},
                             monkeypatch)
    assert whole == wide


def test_errors_name_the_columns(tmp_path, monkeypatch):
    monkeypatch.setattr(wide_tables, "WIDE_COLUMNS", 0)
    frame = pd.DataFrame(values(3, 6, 5), columns=list("abcde"))
    frame["c"] = frame["c"].astype(str)
    frame.loc[2, "c"] = "n/a?"
    frame["y"] = ["u", "v"] * 3
    write_csv(tmp_path / "t.csv", frame)
    with pytest.raises(ValueError, match=r"1 non-numeric feature\(s\) in line 4 \(row 3\): 'c' "
                                         r"\(column 3: 'n/a\?'\)"):
        fetch({"source": "file:t.csv"}, base_dir=tmp_path)
    with pytest.raises(ValueError, match=r"no target column 'status' in the matrix of .*t\.csv; "
                                         r"the columns are \['a', 'b', 'c', 'd', 'e', 'y'\]"):
        fetch({"source": "file:t.csv", "target": "status"}, base_dir=tmp_path)
    pq.write_table(pa.table({"a": [1.0, 2.0], "b": ["x", "y"], "y": ["u", "v"]}),
                   tmp_path / "t.parquet")
    with pytest.raises(ValueError, match=r"non-numeric feature\(s\): 'b'"):
        fetch({"source": "file:t.parquet"}, base_dir=tmp_path)


PEAK_SCRIPT = textwrap.dedent("""
    import resource, sys
    cap = int(sys.argv[2]) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from fsstab.sources import fetch
    options = ({"transpose": True} if "lines" in sys.argv[1]
               else {"target": "y"} if sys.argv[1].endswith(".h5ad") else {})
    ds = fetch({"source": "file:" + sys.argv[1], **options})
    print(ds.X.shape, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
""")


def write_h5ad(path: Path, X: np.ndarray, labels: list[str]) -> None:
    """AnnData's on-disk layout (as anndata writes it): float32 X, obs with a 'y' column."""
    import h5py

    string = h5py.string_dtype()
    with h5py.File(path, "w") as f:
        f.attrs.update({"encoding-type": "anndata", "encoding-version": "0.1.0"})
        f.create_dataset("X", data=X.astype(np.float32))
        for key, names in (("obs", [f"s{i}" for i in range(X.shape[0])]),
                           ("var", [f"g{j}" for j in range(X.shape[1])])):
            group = f.create_group(key)
            group.attrs.update({"encoding-type": "dataframe", "encoding-version": "0.2.0",
                                "_index": "_index",
                                "column-order": np.array(["y"] if key == "obs" else [],
                                                         dtype=string)})
            group.create_dataset("_index", data=np.array(names, dtype=object), dtype=string)
        y = f["obs"].create_dataset("y", data=np.array(labels, dtype=object), dtype=string)
        y.attrs.update({"encoding-type": "string-array", "encoding-version": "0.2.0"})


@pytest.mark.parametrize("layout", ["wide.parquet", "wide.csv", "lines.csv", "wide.h5ad"])
def test_a_wide_file_reads_under_a_memory_cap_with_one_thread(tmp_path, layout):
    """60 x 40,000 values (19 MB) read with OMP_NUM_THREADS=1 under an address-space cap that
    a whole-table read of the Parquet file exceeds many times over; an AnnData file (HDF5, no
    thread pool) within the same cap."""
    n, d = 60, 40_000
    rng = np.random.default_rng(4)
    X = rng.normal(size=(n, d)).round(6)
    labels = ["a", "b"] * (n // 2)
    path = tmp_path / layout
    if layout == "wide.parquet":
        columns = {f"g{j}": X[:, j] for j in range(d)}
        pq.write_table(pa.table({**columns, "y": labels}), path)
    elif layout == "wide.csv":
        with path.open("w") as out:
            out.write(",".join([f"g{j}" for j in range(d)] + ["y"]) + "\n")
            for i in range(n):
                out.write(",".join(map(repr, X[i].tolist())) + f",{labels[i]}\n")
    elif layout == "wide.h5ad":
        write_h5ad(path, X, labels)
    else:
        with path.open("w") as out:
            for j in range(d):
                out.write(",".join(map(repr, X[:, j].tolist())) + "\n")
            out.write(",".join(labels) + "\n")
    src = str(Path(fsstab.__file__).resolve().parents[1])
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": src}
    cap_mb = 1500  # interpreter, numpy, pandas, pyarrow and scipy take about 450 MB of it
    result = subprocess.run([sys.executable, "-c", PEAK_SCRIPT, str(path), str(cap_mb)],
                            capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith(f"({n}, {d})")
