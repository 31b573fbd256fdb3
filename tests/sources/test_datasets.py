"""The Dataset container, label binarisation and the Parquet layout."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsstab.datasets import (
    DATASET_FORMAT,
    Dataset,
    dataset_paths,
    make_dataset,
    read_dataset,
    write_dataset,
)


def _toy(n: int = 8, d: int = 3, **kwargs) -> Dataset:
    rng = np.random.default_rng(0)
    labels = ["a", "b"] * (n // 2)
    return make_dataset("toy", rng.normal(size=(n, d)), labels, **kwargs)


# -- binarisation ---------------------------------------------------------------------------


def test_minority_class_is_positive_by_default():
    X = np.zeros((5, 1)) + np.arange(5)[:, None]
    ds = make_dataset("m", X, ["n", "t", "t", "n", "t"])
    assert ds.class_labels == ("t", "n")
    assert ds.positive_class == "n"
    assert ds.y.tolist() == [1, 0, 0, 1, 0]
    assert ds.y.dtype == np.int8
    assert ds.class_counts == {"t": 3, "n": 2}


def test_tie_goes_to_label_sorting_last_and_positive_overrides():
    X = np.arange(4.0)[:, None]
    assert make_dataset("t", X, ["Normal", "Tumor"] * 2).positive_class == "Tumor"
    ds = make_dataset("t", X, ["Normal", "Tumor"] * 2, positive="Normal")
    assert ds.positive_class == "Normal"
    assert ds.y.tolist() == [1, 0, 1, 0]
    with pytest.raises(ValueError, match=r"dataset 't': positive class 'x' is not one"):
        make_dataset("t", X, ["Normal", "Tumor"] * 2, positive="x")


def test_class_pair_keeps_rows_of_two_classes():
    X = np.arange(6.0)[:, None]
    labels = [1, 2, 3, 1, 2, 3]  # numeric labels are compared as strings
    ds = make_dataset("wine", X, labels, classes=[1, 3], positive=3)
    assert ds.X[:, 0].tolist() == [0.0, 2.0, 3.0, 5.0]
    assert ds.sample_ids == ("0", "2", "3", "5")
    assert ds.y.tolist() == [0, 1, 0, 1]
    assert ds.provenance["dropped_class_counts"] == {"2": 2}
    assert ds.provenance["original_class_counts"] == {"1": 2, "2": 2, "3": 2}


def test_class_merge_as_in_the_thesis_christensen():
    labels = ["other", "blood", "placenta", "other", "blood", "other"]
    ds = make_dataset(
        "christensen",
        np.arange(6.0)[:, None],
        labels,
        classes={"other": ["other", "placenta"], "blood": ["blood"]},
    )
    assert ds.class_labels == ("other", "blood")  # blood is the minority after merging
    assert ds.y.tolist() == [0, 1, 0, 0, 1, 0]
    assert ds.provenance["class_mapping"]["placenta"] == "other"


@pytest.mark.parametrize(
    ("labels", "classes", "message"),
    [
        (["a", "b", "c"] * 2, None, r"dataset 'bad': binary classification needs exactly two"),
        (
            ["a"] * 6,
            None,
            r"dataset 'bad': binary classification needs exactly two classes; the data has 1",
        ),
        (["a", "b"] * 3, ["a", "z"], r"dataset 'bad': class label\(s\) \['z'\] not found"),
        (["a", "b"] * 3, ["a"], r"dataset 'bad': classes must list exactly two labels"),
        (["a", "b", "c"] * 2, {"x": ["a"], "y": ["b"], "z": ["c"]}, "exactly two classes"),
        (["a", "b", "c"] * 2, {"x": ["a", "b"], "y": ["b"]}, "appears in two merged classes"),
    ],
)
def test_bad_classes_name_the_dataset(labels, classes, message):
    with pytest.raises(ValueError, match=message):
        make_dataset("bad", np.zeros((6, 2)), labels, classes=classes)


def test_non_finite_and_non_numeric_features_name_the_dataset():
    X = np.zeros((4, 3))
    X[2, 1] = np.nan
    # X[2, 1]: the third row (1-based: 3) of the second feature, default name f1
    with pytest.raises(
        ValueError,
        match=r"dataset 'gaps': 1 missing or non-finite value\(s\) in 1 feature\(s\): 'f1' "
              r"\(1; first at row 3: nan\)",
    ):
        make_dataset("gaps", X, ["a", "b"] * 2)
    # with sample ids and feature names, both are named; rows count the table's rows
    X[0, 2] = np.inf
    with pytest.raises(ValueError, match=r"'g1' \(1; first at row 3, sample 's3'.*"
                                         r"'g2' \(1; first at row 1, sample 's1': inf\)"):
        make_dataset("gaps", X, ["a", "b"] * 2, feature_names=["g0", "g1", "g2"],
                     sample_ids=["s1", "s2", "s3", "s4"])
    X[2, 1] = np.inf
    with pytest.raises(ValueError, match="dataset 'gaps'"):
        make_dataset("gaps", X, ["a", "b"] * 2)
    frame = pd.DataFrame({"g1": [1.0, 2.0, 3.0, 4.0], "tissue": ["x", "y", "x", "y"]})
    with pytest.raises(ValueError, match=r"dataset 'mixed': 1 non-numeric feature\(s\): 'tissue'"):
        make_dataset("mixed", frame, ["a", "b"] * 2)
    # nullable integer columns with a missing value become NaN and are rejected
    frame = pd.DataFrame({"g1": pd.array([1, None, 3, 4], dtype="Int32")})
    with pytest.raises(ValueError,
                       match=r"dataset 'nullable': 1 missing or non-finite value\(s\) in 1 "
                             r"feature"):
        make_dataset("nullable", frame, ["a", "b"] * 2)
    # rows count from 1 (the second row is row 2) and the sample is named when known
    with pytest.raises(ValueError, match=r"dataset 'lab': the class label of row 2 \(counted "):
        make_dataset("lab", np.zeros((3, 1)), ["a", None, "b"])
    with pytest.raises(ValueError, match=r"label of row 2, sample 'P02' \(counted from 1\)"):
        make_dataset("lab", np.zeros((3, 1)), ["a", None, "b"], sample_ids=["P01", "P02", "P03"])


def test_dataframe_names_and_index_are_used():
    frame = pd.DataFrame({"g1": [1, 2, 3, 4], "g2": [0.5, 0.1, 0.2, 0.3]}, index=list("pqrs"))
    ds = make_dataset("f", frame, ["a", "b", "a", "b"])
    assert ds.feature_names == ("g1", "g2")
    assert ds.sample_ids == ("p", "q", "r", "s")
    assert ds.X.dtype == np.float64
    assert ds.X[:, 0].tolist() == [1, 2, 3, 4]


def test_dataset_validation_messages():
    X = np.zeros((4, 2))
    y = np.array([0, 1, 0, 1])
    base = {
        "name": "v",
        "X": X,
        "y": y,
        "feature_names": ("a", "b"),
        "sample_ids": ("1", "2", "3", "4"),
        "class_labels": ("n", "p"),
    }
    with pytest.raises(
        ValueError, match=r"dataset 'v': feature_names are not unique \('a' repeats\)"
    ):
        Dataset(**{**base, "feature_names": ("a", "a")})
    with pytest.raises(ValueError, match="dataset 'v': y must contain only 0 and 1"):
        Dataset(**{**base, "y": np.array([0, 2, 0, 1])})
    with pytest.raises(ValueError, match="dataset 'v': y contains a single class"):
        Dataset(**{**base, "y": np.zeros(4, dtype=int)})
    with pytest.raises(ValueError, match=r"dataset 'v': relevant_features must lie in 0..1"):
        Dataset(**{**base, "relevant_features": [3]})
    with pytest.raises(ValueError, match="dataset 'v': feature_groups must be 2 integer labels"):
        Dataset(**{**base, "feature_groups": [0, 1, 2]})


def test_select_features_keeps_groups_and_relevant():
    ds = _toy(d=5, feature_groups=[0, 0, 1, 2, 2], relevant_features=[1, 3])
    sub = ds.select_features([3, 0, 4], prefilter="variance")
    assert sub.feature_names == ("f3", "f0", "f4")
    np.testing.assert_array_equal(sub.X, ds.X[:, [3, 0, 4]])
    assert sub.feature_groups.tolist() == [2, 0, 2]
    assert sub.relevant_features.tolist() == [0]  # f3 is now column 0; f1 was dropped
    assert sub.provenance["prefilter"] == "variance"


# -- Parquet layout ------------------------------------------------------------------------


def test_roundtrip_directory_and_file_forms(tmp_path):
    ds = _toy(
        d=4,
        feature_groups=[5, 5, 6, 7],
        relevant_features=[2],
        provenance={"source": "test:toy", "fetched_at": "2024-01-01T00:00:00Z"},
    )
    for target in (tmp_path / "dir", tmp_path / "named.parquet"):
        parquet, provenance = dataset_paths(target)
        assert write_dataset(ds, target) == parquet
        back = read_dataset(target)
        np.testing.assert_array_equal(back.X, ds.X)
        np.testing.assert_array_equal(back.y, ds.y)
        assert back.y.dtype == np.int8
        assert back.feature_names == ds.feature_names
        assert back.sample_ids == ds.sample_ids
        assert back.class_labels == ds.class_labels
        assert back.feature_groups.tolist() == [5, 5, 6, 7]
        assert back.relevant_features.tolist() == [2]
        assert back.provenance == ds.provenance
        record = json.loads(provenance.read_text())
        assert record["n"] == 8
        assert record["d"] == 4
        assert record["class_counts"] == ds.class_counts
        assert record["positive_class"] == ds.positive_class
        assert record["parquet_sha256"] == hashlib.sha256(parquet.read_bytes()).hexdigest()
    assert dataset_paths(tmp_path / "named.parquet")[1].name == "named.provenance.json"
    assert dataset_paths(tmp_path / "dir")[1].name == "provenance.json"


def test_parquet_columns_and_metadata_are_as_documented(tmp_path):
    ds = _toy(d=3)
    path = write_dataset(ds, tmp_path)
    table = pq.read_table(path)
    assert table.column_names == ["sample_id", "label", "y", "x"]
    x_type = table.schema.field("x").type
    assert pa.types.is_fixed_size_list(x_type)
    assert x_type.list_size == 3
    assert x_type.value_type == pa.float64()
    assert table.column("label").to_pylist() == ["a", "b"] * 4
    meta = pq.read_schema(path).metadata
    assert json.loads(meta[b"fsstab:format"]) == DATASET_FORMAT
    assert json.loads(meta[b"fsstab:feature_names"]) == ["f0", "f1", "f2"]


def test_volatile_provenance_stays_out_of_the_parquet_file(tmp_path):
    first = _toy(provenance={"source": "s", "fetched_at": "2024-01-01T00:00:00Z"})
    second = _toy(
        provenance={
            "source": "s",
            "fetched_at": "2025-06-30T12:00:00Z",
            "downloaded_from": "http://127.0.0.1/mirror",
        }
    )
    a = write_dataset(first, tmp_path / "a")
    b = write_dataset(second, tmp_path / "b")
    assert a.read_bytes() == b.read_bytes()
    assert read_dataset(tmp_path / "b").provenance["downloaded_from"] == "http://127.0.0.1/mirror"


def test_wide_dataset_roundtrip(tmp_path):
    rng = np.random.default_rng(3)
    d = 25_000
    ds = make_dataset(
        "wide",
        rng.normal(size=(12, d)),
        ["x", "y"] * 6,
        feature_names=[f"probe_{j}_at" for j in range(d)],
    )
    back = read_dataset(tmp_path / write_dataset(ds, tmp_path / "wide.parquet").name)
    np.testing.assert_array_equal(back.X, ds.X)
    assert back.feature_names[-1] == f"probe_{d - 1}_at"


def test_read_dataset_rejects_other_parquet(tmp_path):
    pd.DataFrame({"a": [1, 2]}).to_parquet(tmp_path / "other.parquet")
    with pytest.raises(ValueError, match="not an fsstab dataset"):
        read_dataset(tmp_path / "other.parquet")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=st.data(),
    n=st.integers(2, 6),
    d=st.integers(1, 5),
)
def test_roundtrip_is_bit_exact_for_arbitrary_values_and_names(tmp_path, data, n, d):
    values = data.draw(
        st.lists(
            st.floats(allow_nan=False, allow_infinity=False, width=64),
            min_size=n * d,
            max_size=n * d,
        )
    )
    names = data.draw(
        st.lists(st.text(min_size=1, max_size=8), min_size=d, max_size=d, unique=True)
    )
    ids = data.draw(st.lists(st.text(min_size=1, max_size=8), min_size=n, max_size=n, unique=True))
    X = np.array(values).reshape(n, d)
    labels = ["p"] + ["q"] * (n - 1)
    ds = make_dataset("prop", X, labels, feature_names=names, sample_ids=ids)
    back = read_dataset(write_dataset(ds, tmp_path / "prop.parquet"))
    assert back.X.tobytes() == ds.X.tobytes()  # bit-exact, including -0.0 and subnormals
    assert back.feature_names == tuple(names)
    assert back.sample_ids == tuple(ids)
    assert back.y.tolist() == ds.y.tolist()
