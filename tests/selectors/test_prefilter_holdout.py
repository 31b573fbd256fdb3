"""The holdout option of the prefilter: one stratified half of a dataset (thesis §6.3.1)."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.datasets import make_dataset
from fsstab.prefilter import holdout_rows, prefilter


def _data(n=40, d=6, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.r_[np.zeros(n - n // 4, int), np.ones(n // 4, int)]
    return X, y


def test_holdout_rows_are_a_stratified_partition():
    _, y = _data()
    train, test = holdout_rows(y, fraction=0.5, random_state=2019)
    assert np.array_equal(np.sort(np.r_[train, test]), np.arange(40))
    assert train.size == 20
    # 30 negatives and 10 positives: 15 and 5 of them in each half
    assert y[train].sum() == 5
    assert y[test].sum() == 5
    again = holdout_rows(y, fraction=0.5, random_state=2019)
    assert np.array_equal(again[0], train)


def test_parts_are_complementary_and_keep_the_training_parts_features():
    X, y = _data()
    train, test = holdout_rows(y, fraction=0.5, random_state=7)
    # feature 2 is constant on the training half only, feature 4 on the test half only
    X[train, 2] = 1.0
    X[test, 4] = -2.0
    ds = make_dataset("d", X, y.astype(str))
    holdout = {"part": "train", "fraction": 0.5, "random_state": 7}
    a, report = prefilter(ds, holdout=holdout)
    b, _ = prefilter(ds, holdout={**holdout, "part": "test"})
    assert a.feature_names == b.feature_names
    assert report.constant.tolist() == [2]
    assert a.feature_names == tuple(np.delete(np.array(ds.feature_names), 2))
    assert sorted(a.sample_ids + b.sample_ids) == sorted(ds.sample_ids)
    np.testing.assert_array_equal(a.X, np.delete(X[train], 2, axis=1))
    np.testing.assert_array_equal(b.X, np.delete(X[test], 2, axis=1))
    assert a.provenance["prefilter"]["holdout"]["n_train"] == 20


def test_variance_ranking_uses_the_training_part():
    X, y = _data(d=4)
    train, test = holdout_rows(y, fraction=0.5, random_state=1)
    X[train, 0] *= 10.0  # large variance on the training half
    X[test, 3] *= 10.0  # large variance on the test half only
    ds = make_dataset("d", X, y.astype(str))
    b, _ = prefilter(ds, n_features=1, holdout={"part": "test", "random_state": 1})
    assert b.feature_names == (ds.feature_names[0],)


@pytest.mark.parametrize(("holdout", "match"), [
    ({"part": "validation", "random_state": 1}, "part must be one of"),
    ({"part": "train"}, "needs 'part'"),
    ({"part": "train", "random_state": 1, "fraction": 1.0}, r"fraction must lie in \(0, 1\)"),
])
def test_bad_holdout(holdout, match):
    X, y = _data()
    with pytest.raises(ValueError, match=match):
        prefilter(make_dataset("d", X, y.astype(str)), holdout=holdout)
