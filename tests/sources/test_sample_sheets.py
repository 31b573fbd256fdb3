"""A study's files as they come: R and Excel layouts, sample sheets, AnnData (issue 21).

Every file here is written by the test in the layout another tool writes (R's write.csv and
write.table, Excel's European CSV, AnnData's write_h5ad), and what fsstab must read from it
is known from how the file was written.
"""

from __future__ import annotations

import logging
import warnings
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp

from fsstab.datasets import read_dataset, write_dataset
from fsstab.sources import fetch, parse_source
from fsstab.sources.formats import FORMATS, read_source_file
from fsstab.sources.sample_sheets import read_study


def fetch_quietly(spec, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a layout read correctly gives no warning
        return fetch(spec, **kwargs)


# --------------------------------------------------------------------------------------------
# R's conventions
# --------------------------------------------------------------------------------------------


def test_r_write_csv_row_names_are_sample_ids_not_a_feature(tmp_path):
    # R: df <- data.frame(g1 = ..., g2 = ..., status = ..., row.names = ids); write.csv(df)
    # -- the row names are quoted, their header cell is empty, ids keep their leading zeros.
    # The samples are sorted by class, so a row-number "feature" would separate the classes.
    ids = ["01005", "01006", "01", "1", "007", "7"]
    status = ["case", "case", "case", "control", "control", "control"]
    lines = ['"","g1","g2","status"']
    for i, (sample, label) in enumerate(zip(ids, status, strict=True)):
        lines.append(f'"{sample}",{0.5 + i % 2},{2.0 - 0.1 * i},"{label}"')
    (tmp_path / "r.csv").write_text("\n".join(lines) + "\n")
    ds = fetch_quietly({"source": f"file:{tmp_path / 'r.csv'}", "target": "status"})
    assert ds.feature_names == ("g1", "g2")  # never 'Unnamed: 0'
    assert ds.sample_ids == tuple(ids)  # '01' and '1', '007' and '7' are different samples
    assert ds.X[:, 1].tolist() == pytest.approx([2.0 - 0.1 * i for i in range(6)])
    assert "R's row names" in ds.provenance["study"]["notes"][0]


def test_r_write_table_header_without_a_row_name_cell(tmp_path):
    # R: write.table(df, sep = "\t", quote = FALSE): the header has one field fewer
    (tmp_path / "r.tsv").write_text(
        "g1\tg2\tstatus\n"
        "0012\t1.5\t2.5\tA\n0013\t1.0\t2.0\tB\n0014\t1.25\t2.25\tA\n0015\t0.5\t3.0\tB\n"
    )
    ds = fetch_quietly({"source": f"file:{tmp_path / 'r.tsv'}", "target": "status"})
    assert ds.sample_ids == ("0012", "0013", "0014", "0015")
    assert ds.feature_names == ("g1", "g2")
    assert ds.X[:, 0].tolist() == [1.5, 1.0, 1.25, 0.5]  # values not shifted by a column


def test_r_genes_in_rows_with_col_data_sheet(tmp_path):
    # R/Bioconductor: write.csv(assay(se)) -- genes in rows, samples in columns, empty
    # top-left cell -- and write.csv(as.data.frame(colData(se))) as the sample sheet
    samples = ["01", "02", "10", "11"]
    assay = ['"","' + '","'.join(samples) + '"',
             '"TP53",5.1,5.3,7.9,8.2', '"BRCA1",3.0,3.2,3.1,2.9', '"MYC",1.0,1.1,0.9,1.2']
    (tmp_path / "assay.csv").write_text("\n".join(assay) + "\n")
    (tmp_path / "coldata.csv").write_text(
        '"","condition","patient"\n"01","tumour","P1"\n"02","normal","P1"\n'
        '"10","tumour","P2"\n"11","normal","P2"\n'
    )
    ds = fetch_quietly({
        "source": f"file:{tmp_path / 'assay.csv'}", "transpose": True,
        "samples": str(tmp_path / "coldata.csv"), "target": "condition", "groups": "patient",
    })
    assert ds.feature_names == ("TP53", "BRCA1", "MYC")
    assert ds.sample_ids == ("01", "02", "10", "11")
    assert ds.X[:, 0].tolist() == [5.1, 5.3, 7.9, 8.2]
    assert [ds.class_labels[c] for c in ds.y] == ["tumour", "normal", "tumour", "normal"]
    assert ds.sample_groups == ("P1", "P1", "P2", "P2")


def test_genes_in_rows_written_by_write_table(tmp_path):
    # R: write.table(assay, sep = "\t"): the header line lacks the top-left cell
    (tmp_path / "assay.tsv").write_text('"S1"\t"S2"\t"S3"\n"g1"\t1\t2\t3.5\n"g2"\t4\t5\t6\n')
    (tmp_path / "sheet.tsv").write_text("id\tclass\nS1\ta\nS2\tb\nS3\ta\n")
    ds = fetch_quietly({"source": f"file:{tmp_path / 'assay.tsv'}", "transpose": True,
                        "samples": str(tmp_path / "sheet.tsv"), "target": "class"})
    assert ds.sample_ids == ("S1", "S2", "S3")
    assert ds.X.tolist() == [[1, 4], [2, 5], [3.5, 6]]


# --------------------------------------------------------------------------------------------
# Excel and spreadsheet exports
# --------------------------------------------------------------------------------------------


def test_excel_european_csv_with_trailing_separators(tmp_path):
    # Excel (German locale) "CSV (Trennzeichen-getrennt)": ';' between fields, decimal comma,
    # and a separator at the end of every line
    (tmp_path / "excel.csv").write_text(
        "sample;g1;g2;group;\n"
        "A1;1,5;-0,25;x;\nA2;2,75;0,5;y;\nA3;3,0;1,0;x;\nA4;0,125;2,0;y;\n"
    )
    ds = fetch_quietly({"source": f"file:{tmp_path / 'excel.csv'}", "sep": ";", "decimal": ",",
                        "id_column": "sample", "target": "group"})
    assert ds.feature_names == ("g1", "g2")  # the empty last column is not the target
    assert ds.X.tolist() == [[1.5, -0.25], [2.75, 0.5], [3.0, 1.0], [0.125, 2.0]]
    assert any("separator" in note for note in ds.provenance["study"]["notes"])


def test_trailing_commas_on_data_lines_only(tmp_path):
    (tmp_path / "t.csv").write_text("g1,g2,y\n1.5,2,a,\n2.5,3,b,\n3.5,1,a,\n0.5,0,b,\n")
    ds = fetch_quietly({"source": f"file:{tmp_path / 't.csv'}"})  # target: the last column
    assert ds.feature_names == ("g1", "g2")
    assert ds.class_labels == ("a", "b") or ds.class_labels == ("b", "a")
    assert ds.X[:, 0].tolist() == [1.5, 2.5, 3.5, 0.5]


def test_an_empty_header_cell_inside_the_table_is_an_error_naming_its_column(tmp_path):
    (tmp_path / "t.csv").write_text("g1,,y\n1,2,a\n2,3,b\n")
    with pytest.raises(ValueError, match=r"column\(s\) \[2\] \(counted from 1\) have an empty"):
        fetch({"source": f"file:{tmp_path / 't.csv'}"})


def test_labels_and_ids_are_read_as_text(tmp_path):
    # '1' and '1.0' are two labels (a lab's coding), not one number
    (tmp_path / "t.csv").write_text(
        "id,g1,label\n001,0.1,1\n002,0.2,1.0\n003,0.3,2\n004,0.4,1\n005,0.5,1.0\n006,0.6,2\n"
    )
    ds = fetch_quietly({"source": f"file:{tmp_path / 't.csv'}", "id_column": "id",
                        "multiclass": True})
    assert ds.class_labels == ("1", "1.0", "2")
    assert ds.sample_ids == ("001", "002", "003", "004", "005", "006")


# --------------------------------------------------------------------------------------------
# Sample sheets
# --------------------------------------------------------------------------------------------


@pytest.fixture
def study(tmp_path):
    """A matrix of 6 samples in rows (ids in column 'sample') and a sheet in another order
    with one extra sample and a missing condition."""
    (tmp_path / "matrix.csv").write_text(
        "sample,g1,g2\n"
        "P01-a,1.0,5.0\nP01-b,1.5,5.5\nP02-a,2.0,6.0\nP02-b,2.5,6.5\nP03-a,3.0,7.0\n"
        "P03-b,3.5,7.5\n"
    )
    (tmp_path / "sheet.tsv").write_text(
        "sample\tpatient\tcondition\tage\n"
        "P03-b\tP03\tcontrol\t70\nP01-a\tP01\tcase\t61\nP01-b\tP01\tcase\t61\n"
        "P02-a\tP02\t\t55\nP02-b\tP02\tcontrol\t55\nP03-a\tP03\tcontrol\t70\n"
        "P09-a\tP09\tcase\t40\n"
    )
    return tmp_path


def test_sheet_joined_by_id_missing_target_left_out_extra_rows_noted(study, caplog):
    spec = {"source": f"file:{study / 'matrix.csv'}", "samples": str(study / "sheet.tsv"),
            "sample_id": "sample", "target": "condition", "groups": "patient"}
    with caplog.at_level(logging.INFO, logger="fsstab.sources"), \
            pytest.warns(UserWarning, match=r"1 of 6 sample\(s\) have no value of target "
                                            r"'condition' and are left out: 'P02-a' \(row 3\)"):
        ds = fetch(spec)
    assert ds.sample_ids == ("P01-a", "P01-b", "P02-b", "P03-a", "P03-b")  # the matrix's order
    assert [ds.class_labels[c] for c in ds.y] == ["case", "case", "control", "control", "control"]
    assert ds.sample_groups == ("P01", "P01", "P02", "P03", "P03")
    assert ds.X[:, 1].tolist() == [5.0, 5.5, 6.5, 7.0, 7.5]
    assert ds.feature_names == ("g1", "g2")  # the id column is not a feature
    sheet = ds.provenance["study"]["sample_sheet"]
    assert (sheet["rows"], sheet["joined"], sheet["not_in_matrix"]) == (7, 6, 1)
    assert "1 row(s) without a sample" in caplog.text
    assert "'P09-a'" in caplog.text
    # the groups travel with the stored dataset; a dataset without groups stores none
    stored = read_dataset(write_dataset(ds, study / "stored"))
    assert stored.sample_groups == ds.sample_groups
    plain = fetch({"source": f"file:{study / 'matrix.csv'}", "samples": str(study / "sheet.tsv"),
                   "target": "age", "classes": ["61", "70"]})
    assert plain.sample_groups is None
    import pyarrow.parquet as pq

    assert "group" not in pq.read_schema(write_dataset(plain, study / "plain")).names


def test_samples_missing_from_the_sheet_are_an_error_naming_them(study):
    (study / "short.csv").write_text("sample,condition\n1005,case\n01006,control\n")
    (study / "m.csv").write_text("sample,g1\n01005,1\n01006,2\n01007,3\n")
    with pytest.raises(ValueError, match=r"2 of the 3 samples of .*m.csv are not in the sample "
                                         r"sheet .*short.csv \(2 rows\): '01005', '01007'; ids "
                                         r"are compared as text, and '01005' matches the "
                                         r"sheet's '1005' only without leading zeros"):
        fetch({"source": f"file:{study / 'm.csv'}", "samples": str(study / "short.csv"),
               "target": "condition"})


def test_repeated_sheet_ids_name_the_rows(study):
    (study / "dup.csv").write_text("sample,condition\nA,case\nB,control\nA,control\n")
    (study / "m.csv").write_text("sample,g1\nA,1\nB,2\n")
    with pytest.raises(ValueError, match=r"sample id 'A' appears twice in column 'sample' "
                                         r"\(row 1 and row 3, counted from 1\)"):
        fetch({"source": f"file:{study / 'm.csv'}", "samples": str(study / "dup.csv"),
               "target": "condition"})


def test_target_in_sheet_and_matrix_and_unknown_columns(study):
    (study / "both.csv").write_text("sample,g1,condition\nP01-a,1,case\nP01-b,2,control\n")
    with pytest.raises(ValueError, match=r"'condition' is in the sample sheet .* and in .*"
                                         r"both.csv; rename one, or leave the matrix's out"):
        fetch({"source": f"file:{study / 'both.csv'}", "samples": str(study / "sheet.tsv"),
               "target": "condition"})
    with pytest.raises(ValueError, match=r"no target column 'outcome' in the sample sheet"):
        fetch({"source": f"file:{study / 'matrix.csv'}", "samples": str(study / "sheet.tsv"),
               "target": "outcome"})
    with pytest.raises(ValueError, match=r"set target: <a column of the sample sheet>"):
        fetch({"source": f"file:{study / 'matrix.csv'}", "samples": str(study / "sheet.tsv")})


def test_a_sample_without_a_group_is_an_error_naming_it(study):
    (study / "g.tsv").write_text("sample\tcondition\tpatient\nA\tcase\tP1\nB\tcontrol\t\n"
                                 "C\tcase\tP2\n")
    (study / "m.csv").write_text("sample,g1\nA,1\nB,2\nC,3\n")
    with pytest.raises(ValueError, match=r"1 sample\(s\) have no value in the groups column "
                                         r"'patient': 'B' \(row 2\)"):
        fetch({"source": f"file:{study / 'm.csv'}", "samples": str(study / "g.tsv"),
               "target": "condition", "groups": "patient"})


def test_row_counter_column_is_warned_about_by_name(tmp_path):
    # pandas' to_csv(index=True) after read.csv in R: a column 'X' holding 1..n
    rows = [f"{i},{0.3 * i % 1:.2f},{'ab'[i % 2]}" for i in range(1, 9)]
    (tmp_path / "t.csv").write_text("X,g1,y\n" + "\n".join(rows) + "\n")
    with pytest.warns(UserWarning, match=r"the feature 'X' looks like a row counter"):
        ds = fetch({"source": f"file:{tmp_path / 't.csv'}"})
    assert "X" in ds.feature_names  # a warning, not a decision: the user drops it


def test_missing_target_without_sheet_is_left_out_and_positions_count_from_1(tmp_path):
    (tmp_path / "t.csv").write_text("g1,g2,y\n1.5,2,a\n0.5,3,\n3.5,4,b\n2.5,5,a\n5.5,6,b\n")
    with pytest.warns(UserWarning, match=r"1 of 5 sample\(s\) have no value of target 'y' and "
                                         r"are left out: row 2 \(counted from 1\)"):
        ds = fetch({"source": f"file:{tmp_path / 't.csv'}"})
    assert ds.n_samples == 4


def test_task_and_target_options_are_checked_when_parsed():
    assert parse_source({"source": "file:x.csv", "task": "regression",
                         "target": "age"}).options["task"] == "regression"
    with pytest.raises(ValueError, match=r"task survival takes target: \[TIME, EVENT\]"):
        parse_source({"source": "file:x.csv", "task": "survival", "target": "time"})
    with pytest.raises(ValueError, match=r"task survival takes target: \[TIME, EVENT\]"):
        parse_source({"source": "file:x.csv", "task": "survival"})
    with pytest.raises(ValueError, match=r"\['positive'\] apply to class labels, not to task "
                                         r"regression"):
        parse_source({"source": "file:x.csv", "task": "regression", "target": "age",
                      "positive": "1"})
    with pytest.raises(ValueError, match=r"\['classes', 'multiclass'\] apply to class labels"):
        parse_source({"source": "file:x.csv", "task": "survival", "target": ["t", "e"],
                      "classes": ["a", "b"], "multiclass": True})
    with pytest.raises(ValueError, match=r"task must be one of"):
        parse_source({"source": "file:x.csv", "task": "ranking"})
    with pytest.raises(ValueError, match=r"decimal must be '.' or ','"):
        parse_source({"source": "file:x.csv", "decimal": ";"})
    with pytest.raises(ValueError, match=r"sample_id names the id column of the sample sheet"):
        parse_source({"source": "file:x.csv", "sample_id": "id"})
    spec = parse_source({"source": "file:x.h5ad", "samples": "s.tsv", "target": "condition",
                         "groups": "patient", "task": "classification"})
    assert spec.options["groups"] == "patient"


# --------------------------------------------------------------------------------------------
# AnnData
# --------------------------------------------------------------------------------------------


# written by anndata 0.12.19 (tools/make_h5ad_fixtures.py)
H5AD = Path(__file__).parents[1] / "data" / "h5ad"


def _write_h5ad(path, *, missing_condition: bool = False):
    """Copy the anndata-written fixture to ``path``; return its counts, derived here from the
    same seeded draw as tools/make_h5ad_fixtures.py (not read back through fsstab)."""
    import shutil

    shutil.copyfile(H5AD / ("cells_missing.h5ad" if missing_condition else "cells.h5ad"), path)
    counts = sp.random(8, 30, density=0.3, format="csr", random_state=1, dtype=np.float32)
    counts.data = np.round(counts.data * 20) + 1
    return counts.toarray()


def test_h5ad_x_layer_obs_target_and_groups(tmp_path):
    dense = _write_h5ad(tmp_path / "cells.h5ad")
    ds = fetch_quietly({"source": f"file:{tmp_path / 'cells.h5ad'}", "target": "condition",
                        "groups": "patient", "positive": "T"})
    assert ds.feature_names == tuple(f"G{j}" for j in range(30))
    assert ds.sample_ids == tuple(f"cell{i:03d}" for i in range(8))
    np.testing.assert_array_equal(ds.X, dense.astype(np.float64))
    assert ds.y.tolist() == [1, 0] * 4
    assert ds.sample_groups == tuple(f"P{i // 2}" for i in range(8))
    layer = fetch_quietly({"source": f"file:{tmp_path / 'cells.h5ad'}", "target": "condition",
                           "layer": "log1p"})
    np.testing.assert_allclose(layer.X, np.log1p(dense), rtol=1e-6)
    with pytest.raises(ValueError, match=r"no layer 'counts'; its layers are \['log1p'\]"):
        fetch({"source": f"file:{tmp_path / 'cells.h5ad'}", "target": "condition",
               "layer": "counts"})


def test_h5ad_sparse_x_stays_sparse_while_samples_are_selected(tmp_path):
    dense = _write_h5ad(tmp_path / "cells.h5ad", missing_condition=True)
    options = {"target": "condition"}
    matrix = read_source_file(tmp_path / "cells.h5ad", FORMATS["h5ad"], options, "cells")
    with pytest.warns(UserWarning, match=r"1 of 8 sample\(s\) have no value of target "
                                         r"'condition' and are left out: 'cell002'"):
        study = read_study(matrix, options, "cells")
    assert sp.issparse(study.X)  # made dense only when the dataset is built
    np.testing.assert_array_equal(study.X.toarray(), np.delete(dense, 2, axis=0))
    assert study.sample_ids == [f"cell{i:03d}" for i in range(8) if i != 2]


def test_h5ad_with_a_sample_sheet(tmp_path):
    _write_h5ad(tmp_path / "cells.h5ad")
    (tmp_path / "sheet.csv").write_text(
        "cell,response\n" + "\n".join(f"cell{i:03d},{'yes' if i < 4 else 'no'}"
                                      for i in range(8)) + "\n")
    ds = fetch_quietly({"source": f"file:{tmp_path / 'cells.h5ad'}",
                        "samples": str(tmp_path / "sheet.csv"), "target": "response",
                        "groups": "patient"})
    assert [ds.class_labels[c] for c in ds.y] == ["yes"] * 4 + ["no"] * 4
    assert ds.sample_groups[:2] == ("P0", "P0")  # groups from obs, target from the sheet


# --------------------------------------------------------------------------------------------
# The recipes of docs/data.md run as written
# --------------------------------------------------------------------------------------------


def _recipe_blocks(heading: str) -> tuple[str, str]:
    """The python and yaml blocks of a docs/data.md recipe."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "data.md").read_text()
    section = text.split(heading, 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    python = section.split("```python\n", 1)[-1].split("```", 1)[0]
    yaml_block = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    return python, yaml_block


def test_the_geo_series_matrix_recipe(tmp_path, monkeypatch):
    import gzip

    import yaml

    # the layout of a GEO series matrix file: !Series and !Sample lines, then the table
    gsm = ["GSM100", "GSM101", "GSM102", "GSM103"]
    lines = ['!Series_title\t"A study"', '!Series_geo_accession\t"GSE12345"',
             "!Sample_title\t" + "\t".join(f'"biopsy {i}"' for i in range(4)),
             "!Sample_geo_accession\t" + "\t".join(f'"{g}"' for g in gsm),
             '!Sample_characteristics_ch1\t"tissue: tumor"\t"tissue: normal"\t"tissue: tumor"'
             '\t"tissue: normal"',
             '!Sample_characteristics_ch1\t"patient: 7"\t"patient: 7"\t"patient: 9"'
             '\t"patient: 9"',
             "!series_matrix_table_begin",
             '"ID_REF"\t' + "\t".join(f'"{g}"' for g in gsm),
             '"1007_s_at"\t7.1\t6.2\t7.4\t6.0', '"1053_at"\t5.5\t5.6\t5.4\t5.8',
             "!series_matrix_table_end"]
    with gzip.open(tmp_path / "GSE12345_series_matrix.txt.gz", "wt") as stream:
        stream.write("\n".join(lines) + "\n")
    python, spec = _recipe_blocks("### Recipe: a GEO series matrix")
    monkeypatch.chdir(tmp_path)
    exec(compile(python, "docs/data.md", "exec"), {})
    spec = yaml.safe_load(spec)["source"]
    ds = fetch_quietly(spec, base_dir=tmp_path)
    assert ds.sample_ids == tuple(gsm)
    assert ds.feature_names == ("1007_s_at", "1053_at")
    assert [ds.class_labels[c] for c in ds.y] == ["tumor", "normal", "tumor", "normal"]
    assert ds.sample_groups == ("7", "7", "9", "9")
    assert ds.X[:, 0].tolist() == [7.1, 6.2, 7.4, 6.0]


def test_the_bioconductor_recipe_files(tmp_path):
    import yaml

    # what write.csv(assay(se)) and write.csv(as.data.frame(colData(se))) write
    (tmp_path / "expression.csv").write_text(
        '"","S1","S2","S3","S4"\n"ENSG01",1.5,2.5,3.5,4.5\n"ENSG02",0.1,0.2,0.3,0.4\n')
    (tmp_path / "samples.csv").write_text(
        '"","condition","patient","sizeFactor"\n"S1","treated","A",1.02\n'
        '"S2","control","A",0.98\n"S3","treated","B",1.1\n"S4","control","B",0.9\n')
    spec = yaml.safe_load(_recipe_blocks("### Recipe: R and Bioconductor")[1])["source"]
    ds = fetch_quietly(spec, base_dir=tmp_path)
    assert ds.feature_names == ("ENSG01", "ENSG02")
    assert ds.sample_groups == ("A", "A", "B", "B")
    assert ds.X[:, 0].tolist() == [1.5, 2.5, 3.5, 4.5]


def test_h5ad_encodings_written_by_anndata_are_read_as_anndata_holds_them():
    """Every encoding in the fixtures: CSR X and layer, dense X, CSC layer, categorical
    columns (one with a missing value), a numeric and a nullable-string column, and the
    nullable-string index anndata writes under pandas 3."""
    from fsstab.sources.h5ad import read_h5ad

    full = read_h5ad(H5AD / "cells.h5ad")
    assert sp.isspmatrix_csr(full.X)
    assert full.obs["barcode"].tolist() == [f"AC{i:02d}GT" for i in range(8)]
    np.testing.assert_array_equal(full.obs["n_counts"].to_numpy(),
                                  np.asarray(full.X.sum(axis=1)).ravel())
    missing = read_h5ad(H5AD / "cells_missing.h5ad")
    assert sp.isspmatrix_csc(missing.X)
    np.testing.assert_array_equal(missing.X.toarray(), full.X.toarray())
    assert missing.obs["condition"].isna().tolist() == [i == 2 for i in range(8)]
    layer = read_h5ad(H5AD / "cells_missing.h5ad", layer="log1p")
    assert isinstance(layer.X, np.ndarray)
    np.testing.assert_allclose(layer.X, np.log1p(full.X.toarray()), rtol=1e-6)


def test_h5ad_that_is_not_anndata_is_refused_naming_the_file(tmp_path):
    h5py = pytest.importorskip("h5py")
    with h5py.File(tmp_path / "plain.h5ad", "w") as handle:
        handle.create_dataset("X", data=np.zeros((2, 2)))
    with pytest.raises(ValueError, match=r"plain\.h5ad: not an AnnData \.h5ad file"):
        fetch({"source": f"file:{tmp_path / 'plain.h5ad'}", "target": "condition"})
    (tmp_path / "text.h5ad").write_text("not hdf5")
    with pytest.raises(ValueError, match=r"text\.h5ad: cannot read as an AnnData"):
        fetch({"source": f"file:{tmp_path / 'text.h5ad'}", "target": "condition"})
