"""Files as spreadsheets and R write them -- Excel's "CSV UTF-8" (a byte-order mark, CRLF,
quoted fields), R's ``write.csv`` (an empty first header cell, quoted row names) compressed by
R's own ``gzfile``/``bzfile``/``xzfile`` and ``zip`` -- and the readers' errors on damaged or
misnamed inputs: a value that is not a number (named by gene, row and sample), a truncated
Parquet file, a folder given as a file, options that do not apply to the file's format.

The R files are in ``tests/data/r_layouts`` (``make_files.R``, ``make_compressed.R``: the same
data frame, so each compressed file holds the bytes of a plain one); what they hold is read
from the plain file with the csv module, independently of fsstab. The Excel files are written
here byte for byte as Excel writes them, from numbers the test knows.
"""

from __future__ import annotations

import copy
import csv
import gzip
import re
import shutil
import warnings
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from fsstab.sources import fetch, missing_file_message, parse_source, wide_tables

FILES = Path(__file__).resolve().parents[1] / "data" / "r_layouts"
IDS = ("01005", "01006", "01", "1", "007", "7", "0100", "100")  # make_files.R
STATUS = ("case",) * 4 + ("control",) * 4
BOM = b"\xef\xbb\xbf"


def _r_values(name: str, sep: str, decimal: str = ".") -> np.ndarray:
    """The TP53 and BRCA1 columns of a plain R file, parsed with the csv module."""
    with (FILES / name).open(newline="") as stream:
        records = list(csv.reader(stream, delimiter=sep))[1:]
    return np.array([[float(v.replace(decimal, ".")) for v in r[1:3]] for r in records])


def _fetch(spec: dict, base_dir: Path, *, wide: bool, monkeypatch) -> object:
    with monkeypatch.context() as patch:
        patch.setattr(wide_tables, "WIDE_COLUMNS", 0 if wide else 10**9)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return fetch(spec, base_dir=base_dir)


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize(("name", "options", "plain", "sep", "decimal"), [
    ("write_csv.csv.gz", {}, "write_csv.csv", ",", "."),
    ("write_csv.csv.gz", {"format": "csv"}, "write_csv.csv", ",", "."),
    ("write_table.tsv.bz2", {}, "write_table.tsv", "\t", "."),
    ("write_csv2.csv.xz", {"sep": ";", "decimal": ","}, "write_csv2.csv", ";", ","),
    ("write_csv.zip", {"format": "csv"}, "write_csv.csv", ",", "."),
])
def test_compressed_files_written_by_r(name, options, plain, sep, decimal, wide, monkeypatch):
    ds = _fetch({"source": f"file:{FILES / name}", "target": "status", **options}, FILES,
                wide=wide, monkeypatch=monkeypatch)
    assert ds.sample_ids == IDS  # R's row names, under the empty first header cell
    assert ds.feature_names == ("TP53", "BRCA1")
    np.testing.assert_array_equal(ds.X, _r_values(plain, sep, decimal))
    assert [ds.class_labels[c] for c in ds.y] == list(STATUS)
    assert ds.provenance["format"] == ("tsv" if ".tsv" in name else "csv")


def test_a_compressed_file_keeps_the_name_of_the_file_inside(tmp_path):
    shutil.copy(FILES / "write_csv.csv.gz", tmp_path / "expression.csv.gz")
    ds = fetch({"source": "file:expression.csv.gz", "target": "status"}, base_dir=tmp_path)
    assert ds.name == "expression"


@pytest.mark.parametrize("wide", [False, True])
def test_genes_in_rows_written_by_r_and_gzipped(tmp_path, wide, monkeypatch):
    """``write.csv(assay(se))`` (empty top-left cell) and its ``colData``, both gzipped."""
    for name in ("assay.csv", "coldata.csv"):
        with (FILES / name).open("rb") as plain, gzip.open(tmp_path / f"{name}.gz", "wb") as out:
            shutil.copyfileobj(plain, out)
    ds = _fetch({"source": "file:assay.csv.gz", "transpose": True, "samples": "coldata.csv.gz",
                 "target": "condition", "groups": "patient"}, tmp_path, wide=wide,
                monkeypatch=monkeypatch)
    with (FILES / "assay.csv").open(newline="") as stream:
        records = list(csv.reader(stream))
    assert ds.sample_ids == tuple(records[0][1:])
    assert ds.feature_names == tuple(r[0] for r in records[1:])
    np.testing.assert_array_equal(ds.X, np.array([[float(v) for v in r[1:]]
                                                  for r in records[1:]]).T)
    assert ds.sample_groups == ("P01", "P01", "P02", "P02", "P03", "P03")


# Excel's "CSV UTF-8": a byte-order mark, CRLF line ends, a field quoted when it holds the
# separator; in a European locale ';' between fields and a decimal comma.
TP53 = (5.1, 5.3, 7.9, 6.25)
BRCA1 = (3.0, 3.2, 3.1, 2.75)
LABELS = ("tumour", "normal, adjacent", "tumour", "normal, adjacent")
SAMPLES = ("01005", "01006", "01007", "01008")


def _excel_csv(path: Path, *, sep: str = ",", decimal: str = ".", r_names: bool = False
               ) -> None:
    def cell(value: object) -> str:
        text = str(value).replace(".", decimal) if isinstance(value, float) else str(value)
        return f'"{text}"' if sep in text else text

    header = ["" if r_names else "sample", "TP53", "BRCA1", "status"]
    rows = [[s, a, b, y] for s, a, b, y in zip(SAMPLES, TP53, BRCA1, LABELS, strict=True)]
    lines = [sep.join(cell(v) for v in record) for record in [header, *rows]]
    path.write_bytes(BOM + "\r\n".join(lines).encode() + b"\r\n")


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize(("layout", "options"), [
    ({}, {"id_column": "sample"}),
    ({"sep": ";", "decimal": ","}, {"id_column": "sample", "sep": ";", "decimal": ","}),
    ({"r_names": True}, {}),  # a byte-order mark before R's empty first header cell
])
def test_excel_csv_utf8_with_a_byte_order_mark(tmp_path, layout, options, wide, monkeypatch):
    _excel_csv(tmp_path / "excel.csv", **layout)
    ds = _fetch({"source": "file:excel.csv", "target": "status", **options}, tmp_path,
                wide=wide, monkeypatch=monkeypatch)
    assert ds.sample_ids == SAMPLES
    assert ds.feature_names == ("TP53", "BRCA1")
    np.testing.assert_array_equal(ds.X, np.column_stack([TP53, BRCA1]))
    assert sorted(ds.class_labels) == ["normal, adjacent", "tumour"]


def test_a_sample_sheet_saved_by_excel(tmp_path):
    (tmp_path / "matrix.csv").write_text(
        "sample,TP53,BRCA1\n" + "".join(f"{s},{a},{b}\n" for s, a, b in
                                        zip(SAMPLES, TP53, BRCA1, strict=True)))
    sheet = ["sample;condition;patient"] + [f"{s};{y};P{i // 2}" for i, (s, y)
                                            in enumerate(zip(SAMPLES, LABELS, strict=True))]
    (tmp_path / "sheet.csv").write_bytes(BOM + "\r\n".join(sheet).encode() + b"\r\n")
    ds = fetch({"source": "file:matrix.csv", "id_column": "sample", "samples": "sheet.csv",
                "sample_id": "sample", "target": "condition", "groups": "patient"},
               base_dir=tmp_path)
    assert ds.sample_ids == SAMPLES
    assert ds.sample_groups == ("P0", "P0", "P1", "P1")
    np.testing.assert_array_equal(ds.X, np.column_stack([TP53, BRCA1]))


def test_an_arff_file_gzipped(tmp_path):
    text = ("@relation genes\n@attribute TP53 numeric\n@attribute BRCA1 numeric\n"
            "@attribute status {tumour,normal}\n@data\n"
            + "".join(f"{a},{b},{y}\n" for a, b, y in
                      zip(TP53, BRCA1, ("tumour", "normal") * 2, strict=True)))
    with gzip.open(tmp_path / "genes.arff.gz", "wt") as out:
        out.write(text)
    ds = fetch("file:genes.arff.gz", base_dir=tmp_path)
    np.testing.assert_array_equal(ds.X, np.column_stack([TP53, BRCA1]))


def test_a_zip_archive_of_several_files_needs_member(tmp_path):
    with zipfile.ZipFile(tmp_path / "two.zip", "w") as archive:
        archive.write(FILES / "write_csv.csv", "a.csv")
        archive.write(FILES / "write_csv2.csv", "b.csv")
    with pytest.raises(ValueError, match=r"two\.zip: a zip archive read as one file holds "
                                         r"exactly one file; it holds 2: \['a\.csv', 'b\.csv'\] "
                                         r"\(name the one to read with member:"):
        fetch({"source": "file:two.zip", "format": "csv", "target": "status"},
              base_dir=tmp_path)
    ds = fetch({"source": "file:two.zip", "member": "a.csv", "target": "status"},
               base_dir=tmp_path)
    assert ds.sample_ids == IDS


# --------------------------------------------------------------------------------------------
# values that are not numbers: named by gene, row and sample
# --------------------------------------------------------------------------------------------


def _bad_rows(path: Path) -> None:
    """Samples in rows, sample '01' (row 3, line 4) with TP53 'n/a?'."""
    lines = ["sample,TP53,BRCA1,status", "01005,5.1,3.0,a", "01006,5.3,3.2,b",
             "01,n/a?,3.1,a", "1,6.2,2.9,b"]
    path.write_text("\n".join(lines) + "\n")


def _bad_genes(path: Path) -> None:
    """Genes in rows (line 3: TP53), sample 'S3' (column 4) with 'n/a?'."""
    lines = ["gene,S1,S2,S3,S4", "status,a,b,a,b", "TP53,5.1,5.3,n/a?,6.2",
             "BRCA1,3.0,3.2,3.1,2.9"]
    path.write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize(("write", "options", "wide", "message"), [
    (_bad_rows, {"id_column": "sample"}, False,
     r"bad\.csv: 1 non-numeric feature\(s\): 'TP53' \(row 3, sample '01': 'n/a\?'\)"),
    (_bad_rows, {"id_column": "sample"}, True,
     r"bad\.csv: 1 non-numeric feature\(s\) in line 4 \(row 3\): 'TP53' \(column 2, sample "
     r"'01': 'n/a\?'\)"),
    (_bad_genes, {"transpose": True, "row_names": True, "id_column": "gene"}, False,
     r"bad\.csv: 1 non-numeric feature\(s\): 'TP53' \(column 4, sample 'S3': 'n/a\?'\)"),
    (_bad_genes, {"transpose": True, "row_names": True, "id_column": "gene"}, True,
     r"bad\.csv: 1 non-numeric feature\(s\): 'TP53' \(line 3, column 4, sample 'S3': "
     r"'n/a\?'\)"),
])
def test_a_value_that_is_not_a_number_is_named_by_gene_row_and_sample(
        tmp_path, write, options, wide, message, monkeypatch):
    write(tmp_path / "bad.csv")
    with pytest.raises(ValueError, match=r"dataset 'bad': .*" + message):
        _fetch({"source": "file:bad.csv", "target": "status", **options}, tmp_path,
               wide=wide, monkeypatch=monkeypatch)


@pytest.mark.parametrize("wide", [False, True])
def test_a_text_column_of_a_parquet_file_is_named_with_its_first_value(tmp_path, wide,
                                                                       monkeypatch):
    frame = pd.DataFrame({"TP53": [5.1, 5.3, 7.9], "batch": [None, "b1", "b2"],
                          "status": ["a", "b", "a"]}, index=pd.Index(["S1", "S2", "S3"]))
    frame.to_parquet(tmp_path / "t.parquet")
    with pytest.raises(ValueError, match=r"t\.parquet: 1 non-numeric feature\(s\): 'batch' "
                                         r"\(.*row 2, sample 'S2': 'b1'\)"):
        _fetch({"source": "file:t.parquet", "target": "status"}, tmp_path, wide=wide,
               monkeypatch=monkeypatch)


# --------------------------------------------------------------------------------------------
# damaged files, folders, options of another format
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("wide", [False, True])
def test_a_truncated_parquet_file_is_named(tmp_path, wide, monkeypatch):
    pq.write_table(pa.table({"a": [1.0, 2.0, 3.0], "y": ["u", "v", "u"]}), tmp_path / "t.parquet")
    data = (tmp_path / "t.parquet").read_bytes()
    (tmp_path / "t.parquet").write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match=r"t\.parquet: not a readable Parquet file -- "
                                         r"truncated, or not Parquet"):
        _fetch({"source": "file:t.parquet"}, tmp_path, wide=wide, monkeypatch=monkeypatch)


def test_a_folder_is_named_as_a_folder(tmp_path):
    (tmp_path / "expression.csv").mkdir()
    with pytest.raises(ValueError, match=r"expression\.csv is a folder, not a file"):
        fetch("file:expression.csv", base_dir=tmp_path)
    assert missing_file_message("file:expression.csv", "expression.csv", tmp_path) == (
        f"'file:expression.csv': {tmp_path / 'expression.csv'} is a folder, not a file; name a "
        "file in it")
    (tmp_path / "matrix.csv").write_text("sample,g1,status\nS1,1.0,a\nS2,2.0,b\n")
    (tmp_path / "sheet.csv").mkdir()
    with pytest.raises(ValueError, match=r"the sample sheet .*sheet\.csv is a folder, not a "
                                         r"file \(samples: 'sheet\.csv'\)"):
        fetch({"source": "file:matrix.csv", "id_column": "sample", "samples": "sheet.csv",
               "target": "status"}, base_dir=tmp_path)


@pytest.mark.parametrize(("location", "options", "message"), [
    ("expression.csv", {"layer": "logcounts"},
     "layer does not apply to csv files (it applies to: h5ad)"),
    ("betas.parquet", {"transpose": True},
     "transpose does not apply to parquet files (it applies to: csv, tsv)"),
    ("cells.h5ad", {"sep": ";", "target": "condition"},
     "sep does not apply to h5ad files (it applies to: csv, tsv)"),
    ("lymphoma.mat", {"target": "Y"},
     "target does not apply to mat files (it applies to: csv, tsv, parquet, arff, h5ad)"),
    ("betas.parquet.gz", {}, "parquet files are not read compressed (.gz)"),
    ("expression.txt", {}, "cannot tell the format from the suffix '.txt'"),
])
def test_options_of_another_format_are_refused_by_the_configuration_check(
        location, options, message):
    from fsstab.workflow.checks import checked_workflow
    from fsstab.workflow.config import ConfigError, load_schema

    spec = {"source": f"file:{location}", **options}
    with pytest.raises(ValueError, match=f"source {re.escape(repr(spec['source']))}: .*"
                                         f"{re.escape(message)}"):
        parse_source(copy.deepcopy(spec))
    raw = {"datasets": {"mine": {"source": spec}},
           "selectors": {"lasso": {"class": "LassoSelector"}},
           "measures": {"names": ["nogueira"]}}
    schema = load_schema(Path(__file__).resolve().parents[2] / "config" / "schemas"
                         / "config.schema.yaml")
    with pytest.raises(ConfigError) as info:
        checked_workflow(raw, schema, problems=[])
    assert any(p.startswith(f"datasets.mine.source: source 'file:{location}': ")
               and message in p for p in info.value.problems), info.value.problems


def test_a_wide_line_names_exactly_the_fields_pandas_does_not_read_as_numbers(
        tmp_path, monkeypatch):
    """The fields of the first line that is not numbers are those whose columns pandas, reading
    the whole file, types as text; missing-value markers, spaces around a number, ``inf``
    and exponents are numbers."""
    tricky = ["NA", "", " 1.5 ", "inf", "-", "abc", "1e5", "n/a", "+3", "0x10", "1,5", "--1"]
    names = [f"g{j}" for j in range(len(tricky))]
    lines = ["sample," + ",".join(names) + ",status",
             "s1," + ",".join(f'"{v}"' if "," in v else v for v in tricky) + ",a",
             *(f"s{i}," + ",".join(str(i + j) for j in range(len(tricky))) + f",{'ab'[i % 2]}"
               for i in range(2, 5))]
    (tmp_path / "t.csv").write_text("\n".join(lines) + "\n")
    whole = pd.read_csv(tmp_path / "t.csv")
    text = [c for c in names if not pd.api.types.is_numeric_dtype(whole[c])]
    assert text == ["g4", "g5", "g9", "g10", "g11"]  # what pandas itself makes of them
    with pytest.raises(ValueError, match="non-numeric feature") as error:
        _fetch({"source": "file:t.csv", "id_column": "sample", "target": "status"}, tmp_path,
               wide=True, monkeypatch=monkeypatch)
    message = str(error.value)
    assert f"{len(text)} non-numeric feature(s) in line 2 (row 1): " in message
    assert [name for name in names if f"'{name}' (column" in message] == text


@pytest.mark.parametrize("wide", [False, True])
def test_genes_in_rows_saved_by_excel(tmp_path, wide, monkeypatch):
    """One sample per column, a byte-order mark before the first cell, CRLF line ends."""
    lines = ["gene," + ",".join(SAMPLES), "status," + ",".join(
        f'"{y}"' if "," in y else y for y in LABELS),
        "TP53," + ",".join(map(str, TP53)), "BRCA1," + ",".join(map(str, BRCA1))]
    (tmp_path / "genes.csv").write_bytes(BOM + "\r\n".join(lines).encode() + b"\r\n")
    ds = _fetch({"source": "file:genes.csv", "transpose": True, "row_names": True,
                 "id_column": "gene", "target": "status"}, tmp_path, wide=wide,
                monkeypatch=monkeypatch)
    assert ds.sample_ids == SAMPLES
    assert ds.feature_names == ("TP53", "BRCA1")
    np.testing.assert_array_equal(ds.X, np.column_stack([TP53, BRCA1]))


def _r_write_csv(path: Path, *, brca1_na: bool, status_na: bool) -> None:
    """``write.csv(df)`` of a data frame with a missing value and/or label: quoted header and
    text, row names under an empty header cell, ``NA`` unquoted (R's na = "NA")."""
    brca1, status = ("NA" if brca1_na else "3.2"), ("NA" if status_na else '"case"')
    path.write_text(f'"","TP53","BRCA1","status"\n"01005",5.1,3,"case"\n"01006",5.3,{brca1},'
                    f'"case"\n"01",7.9,3.1,{status}\n"1",6.25,2.75,"control"\n'
                    '"007",6,2.5,"control"\n')


@pytest.mark.parametrize("wide", [False, True])
def test_r_write_csv_with_na(tmp_path, wide, monkeypatch):
    """A missing value is refused naming the gene, the row and the sample; a missing label
    leaves its sample out with a warning naming it."""
    _r_write_csv(tmp_path / "value.csv", brca1_na=True, status_na=False)
    with pytest.raises(ValueError, match=r"'BRCA1' \(1; first at row 2, sample '01006'"):
        _fetch({"source": "file:value.csv"}, tmp_path, wide=wide, monkeypatch=monkeypatch)
    _r_write_csv(tmp_path / "label.csv", brca1_na=False, status_na=True)
    monkeypatch.setattr(wide_tables, "WIDE_COLUMNS", 0 if wide else 10**9)
    with pytest.warns(UserWarning, match=r"1 of 5 sample\(s\) have no value of target "
                                         r"'status' and are left out: '01' \(row 3\)"):
        ds = fetch({"source": "file:label.csv"}, base_dir=tmp_path)
    assert ds.sample_ids == ("01005", "01006", "1", "007")
    np.testing.assert_array_equal(ds.X, [[5.1, 3.0], [5.3, 3.2], [6.25, 2.75], [6.0, 2.5]])
    assert ds.class_counts == {"case": 2, "control": 2}


def test_an_arff_file_with_a_byte_order_mark_and_crlf(tmp_path):
    """ARFF saved by a Windows editor as UTF-8: a byte-order mark before ``@relation``."""
    text = ("@relation genes\r\n@attribute TP53 numeric\r\n@attribute BRCA1 numeric\r\n"
            "@attribute status {tumour,normal}\r\n@data\r\n"
            + "".join(f"{a},{b},{y}\r\n" for a, b, y in
                      zip(TP53, BRCA1, ("tumour", "normal") * 2, strict=True)))
    (tmp_path / "genes.arff").write_bytes(BOM + text.encode())
    ds = fetch("file:genes.arff", base_dir=tmp_path)
    np.testing.assert_array_equal(ds.X, np.column_stack([TP53, BRCA1]))
    assert ds.class_counts == {"tumour": 2, "normal": 2}
