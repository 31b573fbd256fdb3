"""Table sources stored one sample per column, inside zip archives, with rows to select
(``transpose``, ``member``, ``where``): the layout of UCI's gastrointestinal-lesions data
(Hamer & Dupont 2021, §7.2, ``gastro``)."""

from __future__ import annotations

import zipfile

import numpy as np
import pytest

from fsstab.sources import fetch, parse_source

# 4 lesions filmed under two lights: row 1 = lesion name, row 2 = class (1 hyperplastic,
# 2 serrated, 3 adenoma), row 3 = light (1 white, 2 narrow band), rows 4-6 = three features.
ROWS = [
    ["a1", "a1", "b2", "b2", "c3", "c3", "d4", "d4"],
    ["1", "1", "2", "2", "3", "3", "1", "1"],
    ["1", "2", "1", "2", "1", "2", "1", "2"],
    ["0.5", "0.6", "1.5", "1.6", "2.5", "2.6", "3.5", "3.6"],
    ["10", "11", "20", "21", "30", "31", "40", "41"],
    ["-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8"],
]


@pytest.fixture
def archive(tmp_path):
    path = tmp_path / "lesions.zip"
    with zipfile.ZipFile(path, "w") as zipped:
        zipped.writestr("lesions/data.txt", "\n".join(",".join(r) for r in ROWS) + "\n")
    return path


def spec(archive, **options):
    base = {"source": f"file:{archive}", "member": "lesions/data.txt", "format": "csv",
            "transpose": True, "target": "2", "id_column": "1", "where": {"3": 1},
            "drop": ["3"], "classes": {"benign": ["1"], "malignant": ["2", "3"]},
            "name": "lesions"}
    return {**base, **options}


def test_transposed_zip_member_with_row_selection(archive):
    ds = fetch(spec(archive))
    # white-light columns 1, 3, 5, 7 of the file, features = file rows 4, 5, 6
    assert ds.sample_ids == ("a1", "b2", "c3", "d4")
    assert ds.feature_names == ("4", "5", "6")
    assert np.array_equal(ds.X, [[0.5, 10, -1], [1.5, 20, -3], [2.5, 30, -5], [3.5, 40, -7]])
    assert ds.class_labels == ("benign", "malignant")
    assert ds.y.tolist() == [0, 1, 1, 0]
    assert ds.provenance["member"] == "lesions/data.txt"


def test_where_matches_numbers_and_text(archive):
    # 2.0 matches the integer 2 of the file; without where both lights are samples
    ds = fetch(spec(archive, where={"3": 2.0}))
    assert np.array_equal(ds.X[:, 0], [0.6, 1.6, 2.6, 3.6])
    ds = fetch(spec(archive, where=None, drop=["1", "3"], id_column=None))
    assert ds.X.shape == (8, 3)
    with pytest.raises(ValueError, match="no sample satisfies where"):
        fetch(spec(archive, where={"3": 7}))
    with pytest.raises(ValueError, match=r"where names no column\(s\) \['9'\]"):
        fetch(spec(archive, where={"9": 1}))


def test_layout_option_errors_name_the_problem(archive):
    with pytest.raises(ValueError, match=r"has no member 'data\.txt'"):
        fetch(spec(archive, member="data.txt"))
    with pytest.raises(ValueError, match="member must be a relative path"):
        parse_source(spec(archive, member="../x.csv"))
    with pytest.raises(ValueError, match="transpose must be true or false"):
        parse_source(spec(archive, transpose="yes"))
    with pytest.raises(ValueError, match=r"transpose does not apply to parquet files \(it "
                       r"applies to: csv, tsv\)"):
        parse_source(spec(archive, format="parquet"))
    with pytest.raises(ValueError, match="where must map column names"):
        parse_source(spec(archive, where=["3"]))
    plain = archive.with_suffix(".csv")
    plain.write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="is not a zip archive"):
        fetch(spec(plain))


def test_cached_download_with_a_relative_cache_dir(datasets_dir, tmp_path, monkeypatch):
    # the workflow's default cache_dir is relative (data/cache): the second fetch of the same
    # file comes from the cache and must still record where it came from
    monkeypatch.chdir(tmp_path)
    first = fetch("datamicroarray:alon", mirror=str(datasets_dir), cache_dir="data/cache")
    again = fetch("datamicroarray:alon", mirror=str(datasets_dir), cache_dir="data/cache")
    assert np.array_equal(first.X, again.X)
    cached = (tmp_path / "data/cache/datamicroarray/alon.RData").resolve()
    assert again.provenance["downloaded_from"] == cached.as_uri()


def test_genes_in_rows_with_their_names_in_the_first_column(tmp_path):
    # an expression matrix as labs store it: one gene per row, one sample per column, a row
    # of sample ids and a row of labels; the gene ids become the feature names
    (tmp_path / "expr.csv").write_text(
        "sample,S1,S2,S3,S4\n"
        "status,case,control,case,control\n"
        "TP53,1.0,2.0,3.0,4.0\n"
        "BRCA1,0.5,0.25,0.125,0.0625\n"
    )
    spec = {"source": f"file:{tmp_path / 'expr.csv'}", "transpose": True, "row_names": True,
            "id_column": "sample", "target": "status", "positive": "case"}
    ds = fetch(spec)
    assert ds.feature_names == ("TP53", "BRCA1")
    assert ds.sample_ids == ("S1", "S2", "S3", "S4")
    np.testing.assert_array_equal(ds.X, [[1.0, 0.5], [2.0, 0.25], [3.0, 0.125], [4.0, 0.0625]])
    np.testing.assert_array_equal(ds.y, [1, 0, 1, 0])
    with pytest.raises(ValueError, match="row_names applies with transpose: true"):
        fetch({**spec, "transpose": False})
    (tmp_path / "twice.csv").write_text("sample,S1,S2\nstatus,a,b\nTP53,1,2\nTP53,3,4\n")
    with pytest.raises(ValueError, match=r"'TP53' in rows 3, 4"):
        fetch({**spec, "source": f"file:{tmp_path / 'twice.csv'}"})
