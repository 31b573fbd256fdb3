"""The format table (:data:`fsstab.sources.formats.FORMATS`): every row has an example file read
through ``fetch``, every option a row does not list is refused naming the option and the
format, and the formats table of the documents is the table.

A new format adds its example to :data:`EXAMPLES` (``docs/adding-a-format.md``): the values it
writes are the values the dataset must hold.
"""

from __future__ import annotations

import csv
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import load_tool

from fsstab.sources import FORMATS, fetch, format_of, parse_source
from fsstab.sources.formats import FORMAT_OPTIONS

X = np.array([[5.1, 3.0], [5.3, 3.2], [7.9, 3.1], [6.25, 2.75]])
LABELS = ["tumour", "normal", "tumour", "normal"]
R_FILES = Path(__file__).resolve().parents[1] / "data" / "r_layouts"


def _csv(path: Path, sep: str = ",") -> Path:
    lines = [sep.join(["g1", "g2", "status"])]
    lines += [sep.join([repr(a), repr(b), y]) for (a, b), y in zip(X.tolist(), LABELS, strict=True)]
    path.write_text("\n".join(lines) + "\n")
    return path


def _parquet(path: Path) -> Path:
    import pandas as pd

    pd.DataFrame({"g1": X[:, 0], "g2": X[:, 1], "status": LABELS}).to_parquet(path)
    return path


def _arff(path: Path) -> Path:
    rows = "".join(f"{a!r},{b!r},{y}\n" for (a, b), y in zip(X.tolist(), LABELS, strict=True))
    path.write_text("@relation t\n@attribute g1 numeric\n@attribute g2 numeric\n"
                    f"@attribute status {{tumour,normal}}\n@data\n{rows}")
    return path


def _h5ad(path: Path) -> Path:
    import h5py

    with h5py.File(path, "w") as f:
        f.attrs["encoding-type"] = "anndata"
        f.create_dataset("X", data=X)
        for key, names in (("obs", [f"s{i}" for i in range(4)]), ("var", ["g1", "g2"])):
            group = f.create_group(key)
            columns = ["status"] if key == "obs" else []
            group.attrs.update({"encoding-type": "dataframe", "_index": "_index",
                                "column-order": np.array(columns, dtype=h5py.string_dtype())})
            group.create_dataset("_index", data=names)
        f["obs"].create_dataset("status", data=LABELS)
    return path


def _mat(path: Path) -> Path:
    from scipy.io import savemat

    savemat(path, {"X": X, "Y": np.array([[1], [2], [1], [2]], dtype=float)})
    return path


def _rdata(path: Path) -> Path:
    """R's own file (``make_compressed.R``: the data frame of ``make_files.R`` as a list)."""
    shutil.copy(R_FILES / "expr_list.RData", path)
    return path


def _r_matrix() -> np.ndarray:
    """TP53 and BRCA1 of the same data frame written by ``write.csv``, parsed with csv."""
    with (R_FILES / "write_csv.csv").open(newline="") as stream:
        return np.array([[float(v) for v in r[1:3]] for r in list(csv.reader(stream))[1:]])


R_X = _r_matrix()
#: Each format's example: (file name, writer, extra options, the matrix it holds).
EXAMPLES: dict[str, tuple[str, Callable[[Path], Path], dict, np.ndarray]] = {
    "csv": ("t.csv", _csv, {}, X),
    "tsv": ("t.tab", lambda p: _csv(p, "\t"), {}, X),
    "parquet": ("t.parquet", _parquet, {}, X),
    "arff": ("t.arff", _arff, {}, X),
    "h5ad": ("t.h5ad", _h5ad, {"target": "status"}, X),
    "rdata": ("expr_list.RData", _rdata, {}, R_X),
    "mat": ("t.mat", _mat, {}, X),
}


def test_every_format_has_an_example():
    assert set(EXAMPLES) == set(FORMATS)


@pytest.mark.parametrize("name", list(FORMATS))
def test_each_format_reads_its_example(tmp_path, name):
    file_name, write, options, expected = EXAMPLES[name]
    path = write(tmp_path / file_name)
    assert format_of(path.name, {}) is FORMATS[name]
    ds = fetch({"source": f"file:{path}", **options})
    assert ds.provenance["format"] == name
    np.testing.assert_array_equal(ds.X, expected)
    assert ds.n_samples == len(expected)


@pytest.mark.parametrize("name", list(FORMATS))
def test_options_a_format_does_not_take_are_refused_naming_the_option(name):
    values = {"target": "y", "samples": "s.csv", "sample_id": "id", "groups": "g",
              "task": "classification", "where": {"a": 1}, "id_column": "id", "drop": ["a"],
              "sep": ";", "decimal": ",", "transpose": True, "row_names": False,
              "layer": "counts"}
    assert set(values) == set(FORMAT_OPTIONS)
    fmt = FORMATS[name]
    location = f"file:x{fmt.suffixes[0]}"
    for option in sorted(FORMAT_OPTIONS - fmt.options):
        takers = [f.name for f in FORMATS.values() if option in f.options]
        with pytest.raises(ValueError, match=rf"{option} does not apply to {name} files \(it "
                                             rf"applies to: {', '.join(takers)}\)"):
            parse_source({"source": location, option: values[option]})


def test_format_names_the_row_and_suffixes_look_through_compression():
    assert format_of("counts.TSV.GZ", {}) is FORMATS["tsv"]
    assert format_of("https://example.org/d/expr.csv.bz2?raw=1", {}) is FORMATS["csv"]
    assert format_of("archive.zip", {"member": "data/x.arff"}) is FORMATS["arff"]
    assert format_of("data.txt", {"format": "csv"}) is FORMATS["csv"]
    # the allowed values are the table's rows, in its order
    allowed = re.escape(f"format must be one of {list(FORMATS)}, got 'xlsx'")
    with pytest.raises(ValueError, match=allowed):
        format_of("data.xlsx", {"format": "xlsx"})


def test_the_documents_formats_table_is_the_table():
    tool = load_tool("formats_table")
    assert tool.marked_documents(), "no document holds the formats table"
    assert not tool.stale_tables(), (
        f"stale formats table in {tool.stale_tables()}: run python3 tools/formats_table.py "
        "--write")
    for fmt in FORMATS.values():
        assert f"| `{fmt.name}` |" in tool.formats_table()
