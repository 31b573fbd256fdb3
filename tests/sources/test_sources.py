"""fetch() against a local HTTP server on 127.0.0.1 serving mirrors (no network needed)."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import http.server
import json
import shutil
import threading
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from fsstab.datasets import read_dataset, write_dataset
from fsstab.sources import (
    DATAMICROARRAY_SHA256,
    ChecksumMismatchError,
    DownloadError,
    fetch,
    parse_source,
    resolve_mirror,
    url_mirror_path,
)

# n, d and class counts from shared/datasets/README.md
SHARED_RDATA = {
    "alon": (62, 2000, {"t": 40, "n": 22}),
    "borovecki": (31, 22283, {"symptomatic": 17, "control": 14}),
    "singh": (102, 12600, {"Tumor": 52, "Normal": 50}),
    "gravier": (168, 2905, {"good": 111, "poor": 57}),
}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def serve(directory: Path):
    """Serve ``directory`` over HTTP on 127.0.0.1 (an ephemeral port) in a thread."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def shared_mirror(datasets_dir):
    with serve(datasets_dir) as url:
        yield url


@pytest.fixture
def no_env_mirror(monkeypatch):
    monkeypatch.delenv("FSSTAB_MIRROR", raising=False)


def _files(directory: Path) -> list[str]:
    return sorted(str(p.relative_to(directory)) for p in directory.rglob("*") if p.is_file())


def _sha256sums(datasets_dir: Path) -> dict[str, str]:
    pairs = (line.split() for line in (datasets_dir / "datamicroarray" / "SHA256SUMS").open())
    return {name.removesuffix(".RData"): digest for digest, name in pairs}


# -- datamicroarray -------------------------------------------------------------------------


def test_pinned_table_matches_shared_checksums(datasets_dir):
    assert _sha256sums(datasets_dir) == DATAMICROARRAY_SHA256


@pytest.mark.parametrize("name", sorted(SHARED_RDATA))
def test_shared_rdata_files_over_http(name, shared_mirror, tmp_path, no_env_mirror, datasets_dir):
    n, d, counts = SHARED_RDATA[name]
    ds = fetch(f"datamicroarray:{name}", mirror=shared_mirror, cache_dir=tmp_path)
    assert ds.X.shape == (n, d)
    assert ds.class_counts == counts
    assert ds.positive_class == min(counts, key=counts.get)  # minority class by default
    assert ds.provenance["sha256"] == _sha256sums(datasets_dir)[name]
    assert ds.provenance["checksum_verified"] is True
    assert ds.provenance["url"] == (
        f"https://github.com/ramhiser/datamicroarray/raw/master/data/{name}.RData"
    )
    assert ds.provenance["downloaded_from"] == f"{shared_mirror}/datamicroarray/{name}.RData"
    assert _files(tmp_path) == [f"datamicroarray/{name}.RData"]


def test_christensen_needs_a_class_choice(shared_mirror, tmp_path, no_env_mirror):
    with pytest.raises(ValueError, match=r"dataset 'christensen': binary classification needs"):
        fetch("datamicroarray:christensen", mirror=shared_mirror, cache_dir=tmp_path)
    # thesis §4.1: placenta merged into "other"; README: other 113 / blood 85 / placenta 19
    ds = fetch(
        {
            "source": "datamicroarray:christensen",
            "classes": {"other": ["other", "placenta"], "blood": ["blood"]},
            "positive": "blood",
        },
        mirror=shared_mirror,
        cache_dir=tmp_path,
    )
    assert ds.X.shape == (217, 1413)
    assert ds.class_counts == {"other": 132, "blood": 85}


def test_local_folder_mirror_from_the_environment(datasets_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("FSSTAB_MIRROR", str(datasets_dir))
    ds = fetch("datamicroarray:alon", cache_dir=tmp_path)
    assert ds.provenance["downloaded_from"].startswith("file://")
    assert ds.X.shape == (62, 2000)
    assert resolve_mirror("") is None  # an empty argument overrides the environment
    assert resolve_mirror(None) == datasets_dir.resolve().as_uri()


def test_checksum_mismatch_leaves_no_file(datasets_dir, tmp_path, no_env_mirror):
    mirror = tmp_path / "mirror"
    (mirror / "datamicroarray").mkdir(parents=True)
    # a mirror serving gravier's bytes under alon's name
    shutil.copy(datasets_dir / "datamicroarray/gravier.RData", mirror / "datamicroarray/alon.RData")
    cache = tmp_path / "cache"
    sums = _sha256sums(datasets_dir)
    with serve(mirror) as url, pytest.raises(ChecksumMismatchError) as info:
        fetch("datamicroarray:alon", mirror=url, cache_dir=cache)
    message = str(info.value)
    assert f"{url}/datamicroarray/alon.RData" in message
    assert f"expected sha256 {sums['alon']}" in message
    assert f"got {sums['gravier']}" in message
    assert _files(cache) == []  # neither the final file nor a temporary one


def test_failed_download_names_the_url_and_leaves_nothing(tmp_path, no_env_mirror):
    empty = tmp_path / "empty"
    empty.mkdir()
    cache = tmp_path / "cache"
    with serve(empty) as url, pytest.raises(DownloadError, match=r"alon\.RData .*HTTP 404"):
        fetch("datamicroarray:alon", mirror=url, cache_dir=cache)
    assert _files(cache) == []
    with pytest.raises(DownloadError, match=r"mirror of https://github.com/ramhiser"):
        fetch("datamicroarray:alon", mirror="http://127.0.0.1:9", cache_dir=cache)


def test_unpinned_names_need_a_hash_or_explicit_consent(datasets_dir, tmp_path, no_env_mirror):
    mirror = tmp_path / "mirror"
    (mirror / "datamicroarray").mkdir(parents=True)
    shutil.copy(datasets_dir / "datamicroarray/alon.RData", mirror / "datamicroarray/colon.RData")
    alon_sha = _sha256sums(datasets_dir)["alon"]
    with pytest.raises(ValueError, match=r"no pinned sha256 .*'colon'.*allow_unpinned"):
        fetch("datamicroarray:colon", mirror=mirror, cache_dir=tmp_path / "c1")
    with pytest.warns(UserWarning, match=f"its sha256 is {alon_sha}"):
        ds = fetch(
            {"source": "datamicroarray:colon", "allow_unpinned": True},
            mirror=mirror,
            cache_dir=tmp_path / "c2",
        )
    assert ds.provenance["sha256"] == alon_sha
    assert ds.provenance["checksum_verified"] is False
    # the RData object is called "alon": a single object is taken whatever its name
    assert ds.X.shape == (62, 2000)
    pinned = fetch(
        {"source": "datamicroarray:colon", "sha256": alon_sha.upper()},
        mirror=mirror,
        cache_dir=tmp_path / "c3",
    )
    assert pinned.provenance["checksum_verified"] is True


def test_cache_is_reused_offline_and_repaired(shared_mirror, tmp_path, no_env_mirror):
    fetch("datamicroarray:alon", mirror=shared_mirror, cache_dir=tmp_path)
    # nothing listens on port 9: the verified cached copy is used
    again = fetch("datamicroarray:alon", mirror="http://127.0.0.1:9", cache_dir=tmp_path)
    assert again.X.shape == (62, 2000)
    (tmp_path / "datamicroarray/alon.RData").write_bytes(b"corrupted")
    with pytest.warns(UserWarning, match="does not match its checksum"):
        repaired = fetch("datamicroarray:alon", mirror=shared_mirror, cache_dir=tmp_path)
    np.testing.assert_array_equal(repaired.X, again.X)


def test_refetching_gives_a_byte_identical_parquet(shared_mirror, tmp_path, no_env_mirror):
    first = fetch("datamicroarray:gravier", mirror=shared_mirror, cache_dir=tmp_path / "a")
    second = fetch("datamicroarray:gravier", mirror=shared_mirror, cache_dir=tmp_path / "b")
    a = write_dataset(first, tmp_path / "out_a")
    b = write_dataset(second, tmp_path / "out_b")
    assert a.read_bytes() == b.read_bytes()
    back = read_dataset(tmp_path / "out_a")
    np.testing.assert_array_equal(back.X, first.X)
    record = json.loads((tmp_path / "out_a/provenance.json").read_text())
    assert record["sha256"] == DATAMICROARRAY_SHA256["gravier"]
    assert record["class_counts"] == {"good": 111, "poor": 57}
    assert "fetched_at" in record


# -- OpenML against a fake local API --------------------------------------------------------


def _fake_openml(
    root: Path, data_id: int, *, sparse: bool = False, md5: str | None = None, no_md5=False
):
    """Write openml/<id>.json and openml/<id>.arff the way a mirror of OpenML holds them."""
    rng = np.random.default_rng(0)
    X = np.round(rng.normal(size=(9, 3)), 4)
    classes = ["Iris-setosa", "Iris-versicolor", "Iris-virginica"] * 3
    lines = [
        "% generated for the test",
        "@RELATION fake",
        "@ATTRIBUTE row_id INTEGER",
        "@ATTRIBUTE 'petal length' NUMERIC",
        "@ATTRIBUTE petal_width REAL",
        "@ATTRIBUTE sepal NUMERIC",
        "@ATTRIBUTE junk STRING",
        "@ATTRIBUTE class {Iris-setosa,Iris-versicolor,Iris-virginica}",
        "@DATA",
    ]
    for i in range(9):
        if sparse:
            entries = [f"0 {100 + i}"]
            entries += [f"{j + 1} {float(X[i, j])!r}" for j in range(3) if X[i, j]]
            lines.append("{" + ", ".join([*entries, "4 'x'", f"5 {classes[i]}"]) + "}")
        else:
            values = [str(100 + i), *(repr(float(v)) for v in X[i]), "'free text'", classes[i]]
            lines.append(",".join(values))
    text = "\n".join(lines) + "\n"
    (root / "openml").mkdir(parents=True, exist_ok=True)
    (root / "openml" / f"{data_id}.arff").write_text(text)
    description = {
        "data_set_description": {
            "id": str(data_id),
            "name": "fake-iris",
            "version": "1",
            "format": "Sparse_ARFF" if sparse else "ARFF",
            "url": f"https://api.openml.org/data/v1/download/{data_id}/fake-iris.arff",
            "md5_checksum": md5 or hashlib.md5(text.encode()).hexdigest(),
            "default_target_attribute": "class",
            "row_id_attribute": "row_id",
            "ignore_attribute": ["junk"],
        }
    }
    if no_md5:
        del description["data_set_description"]["md5_checksum"]
    (root / "openml" / f"{data_id}.json").write_text(json.dumps(description))
    return X, classes


@pytest.mark.parametrize("sparse", [False, True])
def test_openml_fetch_with_a_class_pair(tmp_path, sparse, no_env_mirror):
    mirror = tmp_path / "mirror"
    X, classes = _fake_openml(mirror, 61, sparse=sparse)
    with serve(mirror) as url:
        ds = fetch(
            {
                "source": "openml:61",
                "classes": ["Iris-versicolor", "Iris-virginica"],
                "positive": "Iris-virginica",
            },
            mirror=url,
            cache_dir=tmp_path / "cache",
        )
    keep = [i for i, c in enumerate(classes) if c != "Iris-setosa"]
    assert ds.name == "fake-iris"
    assert ds.feature_names == ("petal length", "petal_width", "sepal")  # row id, junk dropped
    np.testing.assert_array_equal(ds.X, X[keep])
    assert ds.sample_ids == tuple(str(100 + i) for i in keep)
    assert ds.y.tolist() == [int(classes[i] == "Iris-virginica") for i in keep]
    assert ds.provenance["openml"]["ignored"] == ["junk"]
    assert ds.provenance["url"] == "https://api.openml.org/data/v1/download/61/fake-iris.arff"
    assert ds.provenance["checksum_verified"] is True
    assert sorted(_files(tmp_path / "cache")) == ["openml/61.arff", "openml/61.json"]


def test_openml_md5_mismatch_and_multiclass_error(tmp_path, no_env_mirror):
    mirror = tmp_path / "mirror"
    _fake_openml(mirror, 7, md5="0" * 32)
    _fake_openml(mirror, 8)
    with serve(mirror) as url:
        with pytest.raises(ChecksumMismatchError, match=r"openml/7\.arff .*expected md5 0{32}"):
            fetch("openml:7", mirror=url, cache_dir=tmp_path / "cache")
        assert _files(tmp_path / "cache") == ["openml/7.json"]  # no ARFF left behind
        with pytest.raises(ValueError, match=r"dataset 'fake-iris': binary classification"):
            fetch("openml:8", mirror=url, cache_dir=tmp_path / "cache")
        with pytest.raises(ValueError, match=r"no column\(s\) \['nope'\]"):
            fetch({"source": "openml:8", "target": "nope"}, mirror=url, cache_dir=tmp_path / "c")


def test_openml_without_published_md5_needs_consent(tmp_path, no_env_mirror):
    mirror = tmp_path / "mirror"
    _fake_openml(mirror, 9, no_md5=True)
    spec = {"source": "openml:9", "classes": ["Iris-setosa", "Iris-virginica"]}
    with serve(mirror) as url:
        with pytest.raises(ValueError, match=r"has no md5_checksum.*allow_unpinned"):
            fetch(spec, mirror=url, cache_dir=tmp_path / "cache")
        with pytest.warns(UserWarning, match="without a pinned checksum"):
            ds = fetch({**spec, "allow_unpinned": True}, mirror=url, cache_dir=tmp_path / "cache")
    assert ds.provenance["checksum_verified"] is False
    assert ds.n_samples == 6


# -- url: and file: -------------------------------------------------------------------------


def _csv(path: Path) -> pd.DataFrame:
    frame = pd.DataFrame(
        {
            "id": ["p1", "p2", "p3", "p4", "p5"],
            "g1": [1.0, 2.0, 3.0, 4.0, 5.0],
            "g2": [0.5, 0.4, 0.3, 0.2, 0.1],
            "batch": [1, 1, 2, 2, 2],
            "status": ["case", "control", "case", "control", "control"],
        }
    )
    frame.to_csv(path, index=False)
    return frame


def test_url_source_direct_and_through_the_mirror(tmp_path, no_env_mirror):
    served = tmp_path / "served" / "tables"
    served.mkdir(parents=True)
    _csv(served / "small.csv")
    digest = hashlib.sha256((served / "small.csv").read_bytes()).hexdigest()
    options = {"id_column": "id", "drop": ["batch"], "positive": "case", "sha256": digest}
    with serve(tmp_path / "served") as url:
        ds = fetch({"source": f"url:{url}/tables/small.csv", **options}, cache_dir=tmp_path / "c")
    assert ds.name == "small"
    assert ds.feature_names == ("g1", "g2")
    assert ds.sample_ids == ("p1", "p2", "p3", "p4", "p5")
    assert ds.y.tolist() == [1, 0, 1, 0, 0]
    # a mirror holds url: files at url/<host>/<path>
    upstream = "https://data.example.org/study/small.csv"
    assert url_mirror_path(upstream) == "url/data.example.org/study/small.csv"
    mirror = tmp_path / "mirror"
    (mirror / "url/data.example.org/study").mkdir(parents=True)
    _csv(mirror / "url/data.example.org/study/small.csv")
    ds = fetch({"source": f"url:{upstream}", **options}, mirror=mirror, cache_dir=tmp_path / "d")
    assert ds.provenance["url"] == upstream
    with pytest.raises(ValueError, match="no pinned sha256"):
        fetch(f"url:{upstream}", mirror=mirror, cache_dir=tmp_path / "e")


def test_file_sources_csv_parquet_arff(tmp_path):
    frame = _csv(tmp_path / "t.csv")
    frame.to_parquet(tmp_path / "t.parquet")
    arff = [
        "@relation t",
        "@attribute g1 numeric",
        "@attribute g2 numeric",
        "@attribute status {case,control}",
        "@data",
    ]
    arff += [f"{a},{b},{c}" for a, b, c in zip(frame.g1, frame.g2, frame.status, strict=True)]
    (tmp_path / "t.arff").write_text("\n".join(arff) + "\n")
    common = {"positive": "case"}
    table_opts = {"id_column": "id", "drop": "batch", "target": "status"}
    for spec in (
        {"source": f"file:{tmp_path / 't.csv'}", **common, **table_opts},
        {"source": f"file:{tmp_path / 't.parquet'}", **common, **table_opts},
        {"source": f"file:{tmp_path / 't.arff'}", **common},  # target: the last attribute
    ):
        ds = fetch(spec)
        np.testing.assert_array_equal(ds.X, frame[["g1", "g2"]].to_numpy())
        assert ds.y.tolist() == [1, 0, 1, 0, 0]
        assert ds.provenance["format"] == spec["source"].rsplit(".", 1)[1]
    with pytest.raises(ChecksumMismatchError, match=r"expected sha256 0{64}"):
        fetch({"source": f"file:{tmp_path / 't.csv'}", "sha256": "0" * 64})


def test_file_source_rdata(datasets_dir):
    ds = fetch(f"file:{datasets_dir / 'datamicroarray/alon.RData'}")
    assert ds.name == "alon"
    assert ds.X.shape == (62, 2000)


def test_bad_data_names_the_dataset(tmp_path):
    frame = _csv(tmp_path / "t.csv")
    # "id" is a non-numeric feature unless declared as the id column
    with pytest.raises(ValueError, match=r"dataset 't': .*t\.csv: 1 non-numeric feature\(s\): "
                       r"'id' \(row 1: 'p1'\)"):
        fetch(f"file:{tmp_path / 't.csv'}")
    frame.loc[2, "g1"] = np.nan
    frame.to_csv(tmp_path / "gaps.csv", index=False)
    # frame row 2 (0-based) is data row 3 of the file, sample p3, feature g1
    with pytest.raises(ValueError, match=r"dataset 'gaps': 1 missing .* 'g1' \(1; first at "
                                         r"row 3, sample 'p3': nan\)"):
        fetch({"source": f"file:{tmp_path / 'gaps.csv'}", "id_column": "id"})
    frame = frame.assign(status="case", g1=1.0)
    frame.to_csv(tmp_path / "one.csv", index=False)
    with pytest.raises(ValueError, match="dataset 'one': binary classification needs exactly two"):
        fetch({"source": f"file:{tmp_path / 'one.csv'}", "id_column": "id"})
    with pytest.raises(ValueError, match=r"no such file"):
        fetch(f"file:{tmp_path / 'absent.csv'}")


# -- bundled and simulated data ------------------------------------------------------------


def test_sklearn_breast_cancer_and_wine_pair():
    ds = fetch("sklearn:breast_cancer")
    assert ds.X.shape == (569, 30)
    # scikit-learn's documentation: 212 malignant, 357 benign; the minority is positive
    assert ds.class_counts == {"benign": 357, "malignant": 212}
    assert ds.positive_class == "malignant"
    assert ds.feature_names[0] == "mean radius"
    wine = fetch({"source": "sklearn:wine", "classes": ["class_0", "class_1"], "name": "wine01"})
    assert wine.name == "wine01"
    assert wine.class_counts == {"class_1": 71, "class_0": 59}


def test_synthetic_source_passes_parameters():
    ds = fetch(
        {
            "source": "synthetic:correlated_groups",
            "scenario": 3,
            "group_size": 2,
            "n_other": 10,
            "random_state": 4,
            "name": "cg3",
        }
    )
    assert ds.name == "cg3"
    assert ds.X.shape == (200, 20)
    assert ds.provenance["params"]["rho"] == 0.95
    assert ds.provenance["spec"]["scenario"] == 3


# -- spec validation ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("kaggle:x", r"unknown source kind 'kaggle' in 'kaggle:x'; known: \['sklearn'"),
        ("breast_cancer", "must look like '<kind>:<location>'"),
        ("sklearn:boston", r"unknown scikit-learn dataset .*known: \['breast_cancer'"),
        ("openml:abc", "an OpenML id is a positive integer"),
        ("synthetic:nope", "unknown synthetic generator"),
        ("url:ftp://x/y.csv", "need an http:// or https:// URL"),
        ({"source": "sklearn:wine", "target": "x"}, r"unknown option\(s\) \['target'\]"),
        ({"source": "datamicroarray:alon", "sha256": "abc"}, "64 hexadecimal digits"),
        ({"source": "file:x.csv", "format": "xlsx"}, "format must be one of"),
        ({"source": "sklearn:wine", "name": "a b"}, "name must consist of"),
        ({"classes": ["a", "b"]}, "has no 'source' key"),
        ({"source": "datamicroarray:alon", "allow_unpinned": "yes"}, "true or false"),
    ],
)
def test_bad_specs(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_source(spec)


def test_unknown_generator_parameter_is_reported():
    with pytest.raises(ValueError, match=r"has no parameter\(s\) \['typo'\]"):
        fetch({"source": "synthetic:blocks", "typo": 1})


def test_unknown_format_suffix(tmp_path):
    (tmp_path / "t.xlsx").write_text("x")
    with pytest.raises(ValueError, match="cannot tell the format"):
        fetch(f"file:{tmp_path / 't.xlsx'}")


def test_bad_mirror_matters_only_for_downloads(tmp_path):
    with pytest.raises(ValueError, match="neither an existing directory"):
        fetch("datamicroarray:alon", mirror="/no/such/dir", cache_dir=tmp_path)
    iris = fetch({"source": "sklearn:iris", "classes": ["setosa", "versicolor"]}, mirror="/no/dir")
    assert iris.class_counts == {"versicolor": 50, "setosa": 50}


# --------------------------------------------------------------------------------------------
# A user's own files (issue 16): nothing silently renamed, errors a user can act on
# --------------------------------------------------------------------------------------------


def test_repeated_csv_column_names_are_an_error(tmp_path):
    # pandas would read them as g1 and g1.1; docs/data.md lists duplicates as an error
    (tmp_path / "dup.csv").write_text("g1,g2,g1,label\n1,2,3,a\n2,3,4,b\n3,1,2,a\n")
    with pytest.raises(ValueError, match=r"dup.csv: 1 column name\(s\) appear more than once: "
                                         r"'g1' in columns 1, 3"):
        fetch(f"file:{tmp_path / 'dup.csv'}")
    (tmp_path / "dup.tsv").write_text("g1\tg2\tg2\tlabel\n1\t2\t3\ta\n2\t3\t4\tb\n")
    with pytest.raises(ValueError, match=r"'g2' in columns 2, 3"):
        fetch(f"file:{tmp_path / 'dup.tsv'}")


def test_a_header_only_file_has_no_samples(tmp_path):
    (tmp_path / "empty.csv").write_text("g1,g2,g3,g4,g5,g6,label\n")
    with pytest.raises(ValueError, match=r"dataset 'empty': no samples \(the table has a header "
                                         r"but no data rows\)"):
        fetch(f"file:{tmp_path / 'empty.csv'}")


def test_a_misspelt_datamicroarray_name_fails_when_parsed():
    # the pinned names are known without any download: a typo is reported by the spec check
    with pytest.raises(ValueError, match=r"'alonn'; did you mean 'alon'\? pinned names: alon, "
                                         r"borovecki"):
        parse_source("datamicroarray:alonn")
    assert parse_source({"source": "datamicroarray:alonn", "allow_unpinned": True}).location
    assert parse_source("datamicroarray:singh").location == "singh"


def test_relative_file_paths_resolve_against_base_dir_and_errors_name_it(tmp_path):
    _csv(tmp_path / "t.csv")
    ds = fetch({"source": "file:t.csv", "id_column": "id"}, base_dir=tmp_path)
    assert ds.n_samples == 5
    assert ds.provenance["path"] == "t.csv"  # as the spec gives it
    with pytest.raises(ValueError, match=rf"no such file u.csv in {tmp_path}.*working directory"):
        fetch("file:u.csv", base_dir=tmp_path)


def test_a_killed_download_leaves_no_temporary_file_for_ever(datasets_dir, tmp_path,
                                                             no_env_mirror):
    import os
    import socket
    import subprocess
    import sys

    cache = tmp_path / "cache"
    folder = cache / "datamicroarray"
    folder.mkdir(parents=True)
    # a process that has exited: the temporary file it left is stale
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    host = "".join(c if c.isalnum() or c in "_-" else "_" for c in socket.gethostname())
    dead = folder / f".alon.RData.{host}-{gone.stdout.strip()}.0123456789ab.tmp"
    alive = folder / f".alon.RData.{host}-{os.getpid()}.ba9876543210.tmp"
    ancient = folder / ".alon.RData.0123456789ab.tmp"  # the old naming, a day old
    for path in (dead, alive, ancient):
        path.write_bytes(b"partial")
    os.utime(ancient, (0, 0))
    with pytest.warns(UserWarning, match="partial download left by a killed process"):
        ds = fetch("datamicroarray:alon", mirror=datasets_dir, cache_dir=cache)
    assert ds.n_samples == 62
    leftovers = sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))
    assert leftovers == [alive.name]  # a live process may still be writing its file
