"""Prefiltering: constant features, log transform, top features by variance (Hamer Table 3)."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.datasets import make_dataset
from fsstab.io import read_parquet
from fsstab.prefilter import prefilter, resolve_n_features, write_prefilter_report
from fsstab.sources import fetch


@pytest.fixture(scope="module")
def microarray(datasets_dir, tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")
    return {
        name: fetch(f"datamicroarray:{name}", mirror=datasets_dir, cache_dir=cache)
        for name in ("alon", "borovecki", "singh")
    }


def _top_by_variance(X: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k largest unbiased variances (ties: lower index), ascending."""
    variances = X.var(axis=0, ddof=1)
    order = sorted(range(X.shape[1]), key=lambda j: (-variances[j], j))
    return np.array(sorted(order[:k]))


def _toy():
    X = np.array(
        [
            [1.0, 5.0, 0.0, 2.0, 9.0],
            [2.0, 5.0, 0.0, 4.0, 1.0],
            [3.0, 5.0, 3.0, 6.0, 5.0],
            [4.0, 5.0, 3.0, 8.0, 5.0],
        ]
    )
    return make_dataset(
        "toy",
        X,
        ["a", "b", "a", "b"],
        feature_groups=[0, 1, 1, 2, 3],
        relevant_features=[0, 3],
    )


def test_toy_constant_dropped_and_top_variances_kept():
    # sample variances (ddof=1): f0 = 5/3, f1 = 0 (constant), f2 = 3, f3 = 20/3, f4 = 32/3
    ds = _toy()
    filtered, report = prefilter(ds, n_features=2)
    assert report.constant.tolist() == [1]
    assert report.kept.tolist() == [3, 4]
    assert filtered.feature_names == ("f3", "f4")
    np.testing.assert_allclose(report.variances, [5 / 3, 0, 3, 20 / 3, 32 / 3])
    assert report.ranks().tolist() == [4, 0, 3, 2, 1]
    assert filtered.relevant_features.tolist() == [0]  # f3 survives, f0 does not
    assert filtered.feature_groups.tolist() == [2, 3]
    assert filtered.provenance["prefilter"] == {
        "log_transform": None,
        "n_features": 2,
        "n_input": 5,
        "n_constant": 1,
        "n_kept": 2,
    }
    everything, _ = prefilter(ds)
    assert everything.feature_names == ("f0", "f2", "f3", "f4")


def test_fraction_rounds_up_and_ties_keep_the_earlier_feature():
    X = np.array([[0.0, 0.0, 0.0], [1.0, 1.0, 2.0], [0.0, 0.0, 0.0], [1.0, 1.0, 2.0]])
    ds = make_dataset("ties", X, ["a", "b", "a", "b"])
    _, report = prefilter(ds, n_features=2)
    assert report.kept.tolist() == [0, 2]  # f2 largest; f0 and f1 tie, f0 comes first
    assert resolve_n_features(0.5, 3, dataset="ties") == 2  # ceil(1.5)
    assert resolve_n_features(0.01, 3, dataset="ties") == 1


@pytest.mark.parametrize(
    ("n_features", "message"),
    [
        (0, "n_features must be at least 1"),
        (1.5, r"a float in \(0, 1\]"),
        (True, "n_features must be an int"),
        ("10", "n_features must be an int"),
        (5, r"dataset 'toy': 4 non-constant features remain, but n_features=5"),
    ],
)
def test_bad_n_features(n_features, message):
    with pytest.raises(ValueError, match=message):
        prefilter(_toy(), n_features=n_features)


def test_all_constant_and_bad_log_name():
    ds = make_dataset("flat", np.ones((4, 2)), ["a", "b", "a", "b"])
    with pytest.raises(ValueError, match="dataset 'flat': all 2 features are constant"):
        prefilter(ds)
    with pytest.raises(ValueError, match="log_transform must be one of"):
        prefilter(_toy(), log_transform="log3")


def test_singh_to_hamer_table3_size(microarray):
    singh = microarray["singh"]
    filtered, report = prefilter(singh, n_features=1250)  # Hamer & Dupont (2021) Table 3
    expected = _top_by_variance(singh.X, 1250)
    np.testing.assert_array_equal(report.kept, expected)
    np.testing.assert_array_equal(filtered.X, singh.X[:, expected])
    assert filtered.feature_names == tuple(singh.feature_names[j] for j in expected)
    assert filtered.X.shape == (102, 1250)


def test_borovecki_log2_then_variance(microarray):
    borovecki = microarray["borovecki"]
    filtered, report = prefilter(borovecki, n_features=1000, log_transform="log2")
    logged = np.log2(borovecki.X)
    expected = _top_by_variance(logged, 1000)
    np.testing.assert_array_equal(report.kept, expected)
    np.testing.assert_allclose(filtered.X, logged[:, expected])
    assert report.log_transform == "log2"


def test_log_of_non_positive_values_names_dataset_and_feature(microarray):
    singh = microarray["singh"]
    first_bad = int(np.flatnonzero((singh.X <= 0).any(axis=0))[0])
    name = singh.feature_names[first_bad]
    with pytest.raises(ValueError, match=rf"dataset 'singh': the log2 transform .*first: '{name}'"):
        prefilter(singh, log_transform="log2")


def test_more_features_than_available_names_the_dataset(microarray):
    with pytest.raises(ValueError, match=r"dataset 'alon': 2000 non-constant features remain"):
        prefilter(microarray["alon"], n_features=5000)


def test_report_table(tmp_path):
    _, report = prefilter(_toy(), n_features=2)
    path = write_prefilter_report(report, tmp_path / "prefilter.parquet")
    table, meta = read_parquet(path)
    assert table.column_names == ["feature", "name", "variance", "rank", "status"]
    assert table.column("status").to_pylist() == [
        "low_variance",
        "constant",
        "low_variance",
        "kept",
        "kept",
    ]
    assert table.column("rank").to_pylist() == [4, 0, 3, 2, 1]
    assert meta["n_kept"] == 2
    assert meta["dataset"] == "toy"
