"""rpackage: sources (R data files of CRAN packages) against the shared mlbench copies, served
by a local HTTP server on 127.0.0.1 or as a folder mirror (no network needed)."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from test_sources import _files, serve

from fsstab.datasets import read_dataset, write_dataset
from fsstab.prefilter import prefilter
from fsstab.sources import (
    RPACKAGE_DATA,
    ChecksumMismatchError,
    DownloadError,
    fetch,
    parse_source,
    r_frame_features,
)

# n, d, label column and class counts from shared/datasets/README.md; Satellite's six counts
# (not in the README) from UCI's Statlog documentation (sat.doc), training + test set:
# red soil 1072 + 461, cotton crop 479 + 224, grey soil 961 + 397, damp grey soil 415 + 211,
# soil with vegetation stubble 470 + 237, very damp grey soil 1038 + 470
MLBENCH = {
    "Sonar": (208, 60, "Class", {"M": 111, "R": 97}),
    "Ionosphere": (351, 34, "Class", {"good": 225, "bad": 126}),
    "Satellite": (6435, 36, "classes", {
        "red soil": 1533, "cotton crop": 703, "grey soil": 1358, "damp grey soil": 626,
        "vegetation stubble": 707, "very damp grey soil": 1508}),
}

# the first sample of the UCI files (sonar.all-data, ionosphere.data, sat.trn) and its class
FIRST_ROWS = {
    "Sonar": ([0.0200, 0.0371, 0.0428, 0.0207, 0.0954, 0.0986, 0.1539, 0.1601], "R"),
    "Ionosphere": ([1, 0, 0.99539, -0.05889, 0.85243, 0.02306, 0.83398, -0.37708], "good"),
    "Satellite": ([92, 115, 120, 94, 84, 102, 106, 79], "grey soil"),
}

UPSTREAM = "https://github.com/cran/mlbench/raw/2.1-8/data/{name}.rda"  # the shared README


@pytest.fixture(scope="module")
def shared_mirror(datasets_dir):
    with serve(datasets_dir) as url:
        yield url


@pytest.fixture
def no_env_mirror(monkeypatch):
    monkeypatch.delenv("FSSTAB_MIRROR", raising=False)


def _mlbench_sums(datasets_dir: Path) -> dict[str, str]:
    pairs = (line.split() for line in (datasets_dir / "mlbench" / "SHA256SUMS").open())
    return {name: digest for digest, name in pairs}


def test_pinned_table_matches_shared_checksums(datasets_dir):
    sums = _mlbench_sums(datasets_dir)
    assert {key.removeprefix("mlbench/"): p.sha256 for key, p in RPACKAGE_DATA.items()} == sums
    assert {p.version for p in RPACKAGE_DATA.values()} == {"2.1-8"}
    assert {key.removeprefix("mlbench/").removesuffix(".rda"): p.target
            for key, p in RPACKAGE_DATA.items()} == {k: v[2] for k, v in MLBENCH.items()}


@pytest.mark.parametrize("name", sorted(MLBENCH))
def test_shared_mlbench_files_over_http(name, shared_mirror, tmp_path, no_env_mirror,
                                        datasets_dir):
    n, d, _, counts = MLBENCH[name]
    spec = {"source": f"rpackage:mlbench/{name}", "multiclass": len(counts) > 2}
    ds = fetch(spec, mirror=shared_mirror, cache_dir=tmp_path)
    assert ds.name == name
    assert ds.X.shape == (n, d)
    assert ds.class_counts == {label: counts[label] for label in ds.class_labels}
    if len(counts) == 2:
        assert ds.positive_class == min(counts, key=counts.get)  # minority class by default
    values, label = FIRST_ROWS[name]
    np.testing.assert_allclose(ds.X[0, : len(values)], values, rtol=0, atol=1e-12)
    assert ds.class_labels[ds.y[0]] == label
    assert ds.sample_ids[:2] == ("1", "2")  # R's row names
    assert ds.provenance["url"] == UPSTREAM.format(name=name)
    assert ds.provenance["sha256"] == _mlbench_sums(datasets_dir)[f"{name}.rda"]
    assert ds.provenance["checksum_verified"] is True
    assert ds.provenance["downloaded_from"] == f"{shared_mirror}/mlbench/{name}.rda"
    assert ds.provenance["rpackage"]["target"] == MLBENCH[name][2]
    assert _files(tmp_path) == [f"mlbench/{name}.rda"]


def test_ionosphere_factor_columns(datasets_dir, tmp_path, no_env_mirror):
    import rdata

    ds = fetch("rpackage:mlbench/Ionosphere", mirror=datasets_dir, cache_dir=tmp_path)
    # V1 is the factor with levels "0"/"1", V2 the factor with the single level "0": the numbers
    # the levels spell, read here straight from the file
    frame = rdata.read_rda(datasets_dir / "mlbench/Ionosphere.rda")["Ionosphere"]
    for column in ("V1", "V2"):
        expected = frame[column].astype(str).astype(float).to_numpy()
        np.testing.assert_array_equal(ds.X[:, ds.feature_names.index(column)], expected)
    assert set(np.unique(ds.X[:, 0])) == {0.0, 1.0}
    assert ds.provenance["rpackage"]["factor_coding"] == {"V1": "level values",
                                                          "V2": "level values"}
    # the other 32 columns are the file's numbers
    numeric = [c for c in frame.columns if c not in ("V1", "V2", "Class")]
    np.testing.assert_array_equal(ds.X[:, 2:], frame[numeric].to_numpy())
    filtered, _ = prefilter(ds)
    assert filtered.n_features == 33
    assert "V2" not in filtered.feature_names


def test_local_folder_mirror_from_the_environment(datasets_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("FSSTAB_MIRROR", str(datasets_dir))
    ds = fetch("rpackage:mlbench/Sonar", cache_dir=tmp_path)
    assert ds.provenance["downloaded_from"] == (datasets_dir / "mlbench/Sonar.rda").as_uri()
    assert ds.X.shape == (208, 60)
    # the cached copy is reused without any mirror
    again = fetch("rpackage:mlbench/Sonar", mirror="http://127.0.0.1:9", cache_dir=tmp_path)
    np.testing.assert_array_equal(again.X, ds.X)


def test_checksum_mismatch_names_url_and_both_checksums(datasets_dir, tmp_path, no_env_mirror):
    mirror = tmp_path / "mirror"
    (mirror / "mlbench").mkdir(parents=True)
    # a mirror serving Sonar's bytes under Ionosphere's name
    shutil.copy(datasets_dir / "mlbench/Sonar.rda", mirror / "mlbench/Ionosphere.rda")
    cache = tmp_path / "cache"
    sums = _mlbench_sums(datasets_dir)
    with serve(mirror) as url, pytest.raises(ChecksumMismatchError) as info:
        fetch("rpackage:mlbench/Ionosphere", mirror=url, cache_dir=cache)
    message = str(info.value)
    assert f"{url}/mlbench/Ionosphere.rda" in message
    assert f"mirror of {UPSTREAM.format(name='Ionosphere')}" in message
    assert f"expected sha256 {sums['Ionosphere.rda']}" in message
    assert f"got {sums['Sonar.rda']}" in message
    assert _files(cache) == []  # neither the final file nor a temporary one


def test_missing_file_names_the_url(tmp_path, no_env_mirror):
    empty = tmp_path / "empty"
    empty.mkdir()
    with serve(empty) as url, pytest.raises(DownloadError, match=r"mlbench/Sonar\.rda .*404"):
        fetch("rpackage:mlbench/Sonar", mirror=url, cache_dir=tmp_path / "cache")
    assert _files(tmp_path / "cache") == []


def test_other_releases_and_packages_need_a_pin(datasets_dir, tmp_path, no_env_mirror):
    sonar_sha = _mlbench_sums(datasets_dir)["Sonar.rda"]
    # the pinned checksum belongs to 2.1-8 only
    with pytest.raises(ValueError, match=r"no pinned sha256 for data/Sonar\.rda of mlbench 2\.1-7"):
        fetch({"source": "rpackage:mlbench/Sonar", "version": "2.1-7"}, mirror=datasets_dir,
              cache_dir=tmp_path / "a")
    ds = fetch({"source": "rpackage:mlbench/Sonar", "version": "2.1-7", "sha256": sonar_sha},
               mirror=datasets_dir, cache_dir=tmp_path / "b")
    assert ds.provenance["url"] == "https://github.com/cran/mlbench/raw/2.1-7/data/Sonar.rda"
    assert ds.provenance["rpackage"]["target"] == "Class"
    # a package fsstab pins nothing of: a release is required, then a checksum or consent
    mirror = tmp_path / "mirror"
    (mirror / "mypkg").mkdir(parents=True)
    shutil.copy(datasets_dir / "mlbench/Sonar.rda", mirror / "mypkg/Sonar.rda")
    with pytest.raises(ValueError, match=r"pins no release of mypkg's data/Sonar\.rda.*version"):
        fetch("rpackage:mypkg/Sonar", mirror=mirror, cache_dir=tmp_path / "c")
    with pytest.warns(UserWarning, match=f"its sha256 is {sonar_sha}"):
        ds = fetch({"source": "rpackage:mypkg/Sonar", "version": "0.1",
                    "allow_unpinned": True}, mirror=mirror, cache_dir=tmp_path / "d")
    assert ds.provenance["checksum_verified"] is False
    assert ds.X.shape == (208, 60)  # the label column defaults to the last one


def test_a_list_with_x_and_y_in_a_package(datasets_dir, tmp_path, no_env_mirror):
    mirror = tmp_path / "mirror"
    (mirror / "mypkg").mkdir(parents=True)
    shutil.copy(datasets_dir / "datamicroarray/alon.RData", mirror / "mypkg/alon.RData")
    sums = dict(line.split()[::-1] for line in (datasets_dir / "datamicroarray/SHA256SUMS")
                .open())
    ds = fetch({"source": "rpackage:mypkg/alon.RData", "version": "1.0",
                "sha256": sums["alon.RData"]}, mirror=mirror, cache_dir=tmp_path / "cache")
    assert ds.X.shape == (62, 2000)  # shared README
    assert ds.class_counts == {"n": 22, "t": 40}
    assert _files(tmp_path / "cache") == ["mypkg/alon.RData"]
    with pytest.raises(ValueError, match=r"\['target'\] do not apply to a list with x and y"):
        fetch({"source": "rpackage:mypkg/alon.RData", "version": "1.0", "target": "y",
               "sha256": sums["alon.RData"]}, mirror=mirror, cache_dir=tmp_path / "cache")


def test_label_column_options_and_class_choices(datasets_dir, tmp_path, no_env_mirror):
    kw = {"mirror": datasets_dir, "cache_dir": tmp_path}
    ds = fetch({"source": "rpackage:mlbench/Sonar", "drop": ["V1", "V60"]}, **kw)
    assert ds.feature_names[0] == "V2"
    assert ds.n_features == 58
    with pytest.raises(ValueError, match=r"no column\(s\) \['label'\]; the columns are"):
        fetch({"source": "rpackage:mlbench/Sonar", "target": "label"}, **kw)
    # V60 as the "label": Class is then a two-level factor feature, coded M = 0, R = 1
    with pytest.raises(ValueError, match=r"dataset 'Sonar': binary classification needs"):
        fetch({"source": "rpackage:mlbench/Sonar", "target": "V60"}, **kw)
    with pytest.raises(ValueError, match=r"dataset 'Satellite': binary classification needs "
                                         r"exactly two classes; the data has 6"):
        fetch("rpackage:mlbench/Satellite", **kw)
    pair = fetch({"source": "rpackage:mlbench/Satellite",
                  "classes": ["grey soil", "damp grey soil"]}, **kw)
    assert pair.class_counts == {"grey soil": 1358, "damp grey soil": 626}


def test_refetching_gives_a_byte_identical_parquet(datasets_dir, tmp_path, no_env_mirror):
    first = fetch("rpackage:mlbench/Ionosphere", mirror=datasets_dir, cache_dir=tmp_path / "a")
    second = fetch("rpackage:mlbench/Ionosphere", mirror=datasets_dir, cache_dir=tmp_path / "b")
    a = write_dataset(first, tmp_path / "out_a")
    assert a.read_bytes() == write_dataset(second, tmp_path / "out_b").read_bytes()
    back = read_dataset(tmp_path / "out_a")
    np.testing.assert_array_equal(back.X, first.X)
    assert back.provenance["rpackage"]["version"] == "2.1-8"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rpackage:Sonar", r"location is <package>/<data file>"),
        ("rpackage:mlbench/", r"location is <package>/<data file>"),
        ("rpackage:1pkg/Sonar", r"location is <package>/<data file>"),
        ("rpackage:mlbench/Sonar.csv", r"only R data files \(\.rda, \.RData\)"),
        ({"source": "rpackage:mlbench/Sonar", "version": 2.18}, r"version must be a release"),
        ({"source": "rpackage:mlbench/Sonar", "member": "x"}, r"unknown option\(s\) \['member'\]"),
        ({"source": "rpackage:mlbench/Sonar", "drop": [1]}, r"drop must be a column name"),
    ],
)
def test_bad_specs(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_source(spec)


def test_factor_coding_rules():
    frame = pd.DataFrame({
        "numeric_levels": pd.Categorical(["2.5", "10", None, "2.5"]),
        "ordered": pd.Categorical(["low", "high", "mid", "low"],
                                  categories=["low", "mid", "high"], ordered=True),
        "two": pd.Categorical(["b", "a", "a", "b"], categories=["b", "a"]),
        "logical": [True, False, True, False],
        "plain": [0.5, 1.5, 2.5, 3.5],
    })
    features, coding = r_frame_features(frame, "toy")
    assert features.dtypes.unique().tolist() == [np.dtype("float64")]
    np.testing.assert_array_equal(features["numeric_levels"], [2.5, 10.0, np.nan, 2.5])
    np.testing.assert_array_equal(features["ordered"], [1, 3, 2, 1])
    np.testing.assert_array_equal(features["two"], [0, 1, 1, 0])  # first level = 0
    np.testing.assert_array_equal(features["logical"], [1, 0, 1, 0])
    np.testing.assert_array_equal(features["plain"], frame["plain"])
    assert coding == {"numeric_levels": "level values",
                      "ordered": "ordered level positions 1..L",
                      "two": "'b' = 0, 'a' = 1", "logical": "FALSE = 0, TRUE = 1"}
    bad = pd.DataFrame({"colour": pd.Categorical(["red", "green", "blue"]),
                        "note": ["x", "y", "z"], "ok": [1.0, 2.0, 3.0]})
    with pytest.raises(ValueError, match=r"dataset 'toy': column\(s\) 'colour' \(levels "
                                         r"\['blue', 'green', 'red'\]\), 'note' \(text\)"):
        r_frame_features(bad, "toy")
