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
FILES = Path(__file__).resolve().parent / "data" / "r_layouts"


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
