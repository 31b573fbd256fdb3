"""The class sizes of a study from its labels alone (fsstab.sources.study_labels): counted by
hand from the files written here, equal to what the fetch gives, and had without converting a
single feature value."""

from __future__ import annotations

import gzip
import shutil
import warnings
from pathlib import Path

import pytest

from fsstab.sources import fetch
from fsstab.sources.study_labels import source_class_counts

BOM = b"\xef\xbb\xbf"
FILES = Path(__file__).resolve().parents[1] / "data" / "r_layouts"


def _write(path: Path, lines: list[str], *, excel: bool = False) -> None:
    text = ("\r\n" if excel else "\n").join(lines) + ("\r\n" if excel else "\n")
    path.write_bytes((BOM if excel else b"") + text.encode())


def _counts_and_fetch(spec: dict, folder: Path) -> tuple[dict, dict]:
    with warnings.catch_warnings():  # samples without a label are left out with a warning
        warnings.simplefilter("ignore")
        fetched = fetch(spec, base_dir=folder).class_counts
    return source_class_counts(spec, base_dir=folder), fetched


# 3 tumour, 2 normal, 1 without a label (left out), 1 metastasis
ROWS = ["S1,5.1,tumour", "S2,5.3,normal", "S3,7.9,tumour", "S4,6.0,", "S5,6.1,normal",
        "S6,4.4,tumour", "S7,3.9,metastasis"]


@pytest.mark.parametrize(("options", "expected"), [
    ({"classes": ["tumour", "normal"]}, {"tumour": 3, "normal": 2}),
    ({"classes": {"cancer": ["tumour", "metastasis"], "healthy": ["normal"]}},
     {"cancer": 4, "healthy": 2}),
    ({"multiclass": True}, {"metastasis": 1, "normal": 2, "tumour": 3}),
    ({"classes": ["tumour", "normal"], "positive": "tumour"}, {"normal": 2, "tumour": 3}),
    ({"classes": ["tumour", "normal"], "where": {"batch": 1}}, {"tumour": 2, "normal": 2}),
])
def test_the_target_column_of_a_matrix(tmp_path, options, expected):
    batches = [1, 1, 2, 1, 1, 1, 2]
    _write(tmp_path / "m.csv", ["sample,TP53,status,batch"]
           + [f"{row},{b}" for row, b in zip(ROWS, batches, strict=True)])
    spec = {"source": "file:m.csv", "id_column": "sample", "target": "status",
            "drop": ["batch"], **options}
    counts, fetched = _counts_and_fetch(spec, tmp_path)
    assert counts == expected
    assert list(counts.items()) == list(fetched.items())  # the same order: the class codes


def test_the_last_column_by_default_in_excel_and_r_layouts(tmp_path):
    _write(tmp_path / "excel.csv", ["sample,TP53,status", *ROWS], excel=True)
    spec = {"source": "file:excel.csv", "id_column": "sample", "multiclass": True}
    assert source_class_counts(spec, base_dir=tmp_path) == {"metastasis": 1, "normal": 2,
                                                            "tumour": 3}
    # R's write.csv (row names under "", quoted, NA for a missing value), gzipped
    with (FILES / "write_csv.csv").open("rb") as plain, \
            gzip.open(tmp_path / "r.csv.gz", "wb") as out:
        shutil.copyfileobj(plain, out)
    counts, fetched = _counts_and_fetch({"source": "file:r.csv.gz"}, tmp_path)
    assert counts == fetched == {"case": 4, "control": 4}  # tests/data/r_layouts/make_files.R


def test_a_sample_sheet_counts_only_the_samples_of_the_matrix(tmp_path):
    _write(tmp_path / "m.tsv", ["id\tg1\tg2", "A\t1\t2", "B\t1\t2", "C\t1\t2", "D\t1\t2"])
    # Excel's ';' CSV: E is not in the matrix, D has no condition
    _write(tmp_path / "sheet.csv", ["sample;condition;patient", "A;case;P1", "E;case;P2",
                                    "B;control;P1", "C;case;P3", "D;;P4"], excel=True)
    spec = {"source": "file:m.tsv", "samples": "sheet.csv", "sample_id": "sample",
            "target": "condition"}
    counts, fetched = _counts_and_fetch(spec, tmp_path)
    assert counts == {"case": 2, "control": 1}
    assert counts == fetched


def test_the_features_are_never_converted(tmp_path):
    """Feature values that are not numbers: the fetch refuses the file, the labels are read."""
    _write(tmp_path / "m.csv", ["sample,g1,g2,status", "S1,x,1,a", "S2,2,y,b", "S3,3,4,a"])
    spec = {"source": "file:m.csv", "id_column": "sample"}
    with pytest.raises(ValueError, match="non-numeric feature"):
        fetch(spec, base_dir=tmp_path)
    assert source_class_counts(spec, base_dir=tmp_path) == {"a": 2, "b": 1}


def test_what_needs_the_matrix_or_is_not_a_local_table_gives_none(tmp_path):
    _write(tmp_path / "genes.csv", ["gene,S1,S2", "status,a,b", "TP53,1,2"])
    _write(tmp_path / "y.csv", ["sample,g1,y", "S1,1,0.5", "S2,2,0.7"])
    assert source_class_counts({"source": "file:genes.csv", "transpose": True,
                                "row_names": True, "id_column": "gene"},
                               base_dir=tmp_path) is None
    assert source_class_counts({"source": "file:y.csv", "task": "regression", "target": "y"},
                               base_dir=tmp_path) is None
    assert source_class_counts("sklearn:wine") is None
    assert source_class_counts("file:absent.csv", base_dir=tmp_path) is None


def test_a_misnamed_target_is_the_reader_s_error(tmp_path):
    _write(tmp_path / "m.csv", ["sample,g1,status", "S1,1,a", "S2,2,b"])
    with pytest.raises(ValueError, match="no target column 'statuss'"):
        source_class_counts({"source": "file:m.csv", "target": "statuss"}, base_dir=tmp_path)


@pytest.mark.parametrize("index", [True, False])
def test_a_parquet_matrix_and_its_sample_sheet(tmp_path, index):
    """pandas' stored index (or, without one, the first column) joins the sheet."""
    import pandas as pd

    frame = pd.DataFrame({"id": ["A", "B", "C", "D"], "g1": [1.0, 2.0, 3.0, 4.0],
                          "status": ["x", "y", "x", None]})
    (frame.set_index("id") if index else frame).to_parquet(tmp_path / "m.parquet")
    assert source_class_counts({"source": "file:m.parquet"}, base_dir=tmp_path) == {
        "x": 2, "y": 1}
    _write(tmp_path / "sheet.csv", ["sample,condition", "D,case", "C,control", "B,case",
                                    "A,case", "E,control"])
    spec = {"source": "file:m.parquet", "samples": "sheet.csv", "target": "condition",
            "drop": ["status"]}
    counts, fetched = _counts_and_fetch(spec, tmp_path)
    assert counts == {"case": 3, "control": 1}
    assert list(counts.items()) == list(fetched.items())


@pytest.mark.parametrize("wide", [False, True])
def test_genes_in_rows_written_by_r_with_their_coldata(tmp_path, wide, monkeypatch):
    """``write.csv(assay(se))`` (empty top-left cell) and ``write.csv(colData(se))``: the
    samples from the first line, the target from the sheet (tests/data/r_layouts)."""
    from fsstab.sources import wide_tables

    monkeypatch.setattr(wide_tables, "WIDE_COLUMNS", 0 if wide else 10**9)
    for name in ("assay.csv", "coldata.csv"):
        shutil.copy(FILES / name, tmp_path / name)
    spec = {"source": "file:assay.csv", "transpose": True, "samples": "coldata.csv",
            "target": "condition"}
    counts, fetched = _counts_and_fetch(spec, tmp_path)
    with (FILES / "coldata.csv").open() as stream:  # make_files.R: 3 patients, 2 conditions
        conditions = [line.rstrip("\n").split(",")[1].strip('"') for line in stream][1:]
    expected = {c: conditions.count(c) for c in set(conditions)}
    assert counts == expected
    assert list(counts.items()) == list(fetched.items())


def test_genes_in_rows_with_an_id_line_and_a_sheet(tmp_path):
    _write(tmp_path / "genes.csv", ["gene,S1,S2,S3", "TP53,1,2,3", "BRCA1,4,5,6"], excel=True)
    _write(tmp_path / "sheet.tsv", ["sample\tstatus", "S3\tb", "S1\ta", "S2\ta"])
    spec = {"source": "file:genes.csv", "transpose": True, "row_names": True,
            "id_column": "gene", "samples": "sheet.tsv", "target": "status"}
    counts, fetched = _counts_and_fetch(spec, tmp_path)
    assert counts == fetched == {"a": 2, "b": 1}
    # a target in the matrix, below its first two lines: known once the matrix is read
    _write(tmp_path / "genes.csv", ["gene,S1,S2,S3", "TP53,1,2,3", "status,a,b,a"])
    _write(tmp_path / "batches.tsv", ["sample\tbatch", "S3\t1", "S1\t1", "S2\t2"])
    spec = {**spec, "samples": "batches.tsv"}
    assert source_class_counts(spec, base_dir=tmp_path) is None
    assert _counts_and_fetch(spec, tmp_path)[1] == {"a": 2, "b": 1}
