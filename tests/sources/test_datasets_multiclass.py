"""Multi-class datasets: ``multiclass=True`` keeps every class as codes 0 .. K-1."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.datasets import Dataset, encode_labels, make_dataset, read_dataset, write_dataset
from fsstab.resampling import make_resamples
from fsstab.sources import fetch, parse_source


def test_all_classes_get_sorted_codes():
    labels = ["b", "c", "a", "b", "c", "c"]
    y, keep, class_labels, info = encode_labels(labels, name="m", multiclass=True)
    assert class_labels == ("a", "b", "c")
    assert y.tolist() == [1, 2, 0, 1, 2, 2]
    assert keep.all()
    assert info == {"original_class_counts": {"a": 1, "b": 2, "c": 3}}


def test_listed_and_merged_classes():
    labels = ["a", "b", "c", "d", "a", "b", "c", "d"]
    y, keep, class_labels, info = encode_labels(
        labels, name="m", classes=["d", "a", "c"], multiclass=True
    )
    assert class_labels == ("a", "c", "d")
    assert keep.tolist() == [True, False, True, True] * 2
    assert y.tolist() == [0, 1, 2] * 2
    assert info["dropped_class_counts"] == {"b": 2}
    y, keep, class_labels, info = encode_labels(
        labels, name="m", classes={"ab": ["a", "b"], "c": ["c"], "d": ["d"]}, multiclass=True
    )
    assert class_labels == ("ab", "c", "d")
    assert y.tolist() == [0, 0, 1, 2] * 2
    assert info["class_mapping"] == {"a": "ab", "b": "ab", "c": "c", "d": "d"}


def test_two_classes_with_multiclass_are_binary_data():
    """The binary conventions (minority class positive, ``positive=``) still hold."""
    labels = ["x", "y", "y", "z"]
    y, keep, class_labels, _ = encode_labels(
        labels, name="m", classes=["x", "y"], multiclass=True
    )
    assert class_labels == ("y", "x")  # x is the minority class, hence positive (y == 1)
    assert y.tolist() == [1, 0, 0]
    assert keep.tolist() == [True, True, True, False]
    _, _, class_labels, _ = encode_labels(
        labels, name="m", classes=["x", "y"], positive="y", multiclass=True
    )
    assert class_labels == ("x", "y")


def test_multiclass_errors_name_the_dataset():
    with pytest.raises(ValueError, match="dataset 'm': positive applies to two classes only"):
        encode_labels(["a", "b", "c"], name="m", positive="a", multiclass=True)
    with pytest.raises(ValueError, match=r"dataset 'm': classes must list at least two"):
        encode_labels(["a", "b", "c"], name="m", classes=["a"], multiclass=True)
    with pytest.raises(ValueError, match="keep them all with multiclass: true"):
        encode_labels(["a", "b", "c"], name="m")


def test_dataset_validates_codes_against_its_labels():
    X = np.zeros((4, 1))
    ds = Dataset("v", X, [0, 1, 2, 2], ("f0",), tuple("abcd"), ("p", "q", "r"))
    assert ds.n_classes == 3
    assert ds.positive_class is None
    assert ds.class_counts == {"p": 1, "q": 1, "r": 2}
    with pytest.raises(ValueError, match=r"dataset 'v': y must contain only 0 \.\. 2; found \[3\]"):
        Dataset("v", X, [0, 1, 2, 3], ("f0",), tuple("abcd"), ("p", "q", "r"))
    with pytest.raises(ValueError, match=r"class code\(s\) \[1\] of the 3 class labels"):
        Dataset("v", X, [0, 0, 2, 2], ("f0",), tuple("abcd"), ("p", "q", "r"))
    with pytest.raises(ValueError, match="class_labels must be 2 to 127 distinct labels"):
        Dataset("v", X, [0, 1, 1, 0], ("f0",), tuple("abcd"), ("p", "p"))


def test_multiclass_parquet_round_trip(tmp_path):
    rng = np.random.default_rng(1)
    ds = make_dataset("three", rng.normal(size=(9, 2)), list("abc") * 3, multiclass=True)
    write_dataset(ds, tmp_path / "three")
    back = read_dataset(tmp_path / "three")
    assert back.class_labels == ("a", "b", "c")
    np.testing.assert_array_equal(back.y, ds.y)
    np.testing.assert_array_equal(back.X, ds.X)


def test_wine_with_the_three_classes_of_nogueira_and_brown():
    """Nogueira & Brown (2016), Table 2: wine has 178 examples, 3 classes, 13 features."""
    wine = fetch({"source": "sklearn:wine", "multiclass": True})
    assert wine.X.shape == (178, 13)
    assert wine.class_counts == {"class_0": 59, "class_1": 71, "class_2": 48}
    res = make_resamples(wine.y, "subsample", 5, random_state=0, fraction=0.9)
    for train in res.train:  # stratified: every class in every training set
        assert np.unique(wine.y[train]).size == 3
    with pytest.raises(ValueError, match="multiclass must be true or false"):
        parse_source({"source": "sklearn:wine", "multiclass": "yes"})
