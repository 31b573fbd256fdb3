"""MATLAB files of the scikit-feature repository (Onda et al. 2022's Colon, Lymphoma, Prostate)."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from scipy.io import savemat

from fsstab.sources import fetch, read_mat, url_mirror_path

SKFEATURE = "https://jundongl.github.io/scikit-feature/files/datasets"


def _write_mat(path, n=9, d=4, n_classes=3, seed=0):
    """scikit-feature's layout: X (n x d doubles) and Y (n x 1 doubles holding 1..K)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    Y = (np.arange(n) % n_classes + 1).astype(float)[:, None]
    savemat(path, {"X": X, "Y": Y})
    return X, Y


def test_read_mat_returns_rows_and_integer_labels(tmp_path):
    X, _ = _write_mat(tmp_path / "lymphoma.mat")
    got_X, labels = read_mat(tmp_path / "lymphoma.mat")
    np.testing.assert_array_equal(got_X, X)
    assert labels.tolist() == [1, 2, 3] * 3
    savemat(tmp_path / "bad.mat", {"data": X})
    with pytest.raises(ValueError, match=r"no variable\(s\) \['X', 'Y'\]; it holds \['data'\]"):
        read_mat(tmp_path / "bad.mat")
    (tmp_path / "junk.mat").write_bytes(b"not matlab")
    with pytest.raises(ValueError, match="not a readable MATLAB"):
        read_mat(tmp_path / "junk.mat")


def test_file_source_keeps_the_nine_classes_with_multiclass(tmp_path):
    _write_mat(tmp_path / "lymphoma.mat", n=18, n_classes=9)
    ds = fetch({"source": f"file:{tmp_path / 'lymphoma.mat'}", "multiclass": True})
    assert ds.name == "lymphoma"
    assert ds.class_labels == tuple(str(c) for c in range(1, 10))
    assert ds.provenance["format"] == "mat"
    with pytest.raises(ValueError, match="target does not apply to mat files"):
        fetch({"source": f"file:{tmp_path / 'lymphoma.mat'}", "target": "Y"})


def test_url_source_through_a_directory_mirror(tmp_path, monkeypatch):
    """The upstream URL of scikit-feature maps to url/<host>/<path> in a mirror."""
    monkeypatch.delenv("FSSTAB_MIRROR", raising=False)
    url = f"{SKFEATURE}/Prostate_GE.mat"
    mirrored = tmp_path / "mirror" / url_mirror_path(url)
    mirrored.parent.mkdir(parents=True)
    _write_mat(mirrored, n=10, n_classes=2)
    sha = hashlib.sha256(mirrored.read_bytes()).hexdigest()
    ds = fetch({"source": f"url:{url}", "sha256": sha}, mirror=tmp_path / "mirror",
               cache_dir=tmp_path / "cache")
    assert ds.name == "Prostate_GE"
    assert ds.X.shape == (10, 4)
    assert ds.class_labels == ("1", "2")  # a tie: the label sorting last ("2") is positive
    assert ds.provenance["url"] == url
