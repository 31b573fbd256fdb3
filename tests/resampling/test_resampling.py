"""Resampling schemes: sizes, stratification, determinism, growing M, redraws, Parquet layout."""

from __future__ import annotations

import math

import numpy as np
import pyarrow.parquet as pq
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from fsstab.resampling import (
    SCHEMES,
    labels_fingerprint,
    make_resamples,
    read_resamples,
    write_resamples,
)

# singh: Tumor 52 / Normal 50; alon: t 40 / n 22 (datasets README)
SINGH_Y = np.array([1] * 52 + [0] * 50)
ALON_Y = np.array(["t"] * 40 + ["n"] * 22)

ALL_SCHEMES = [
    ("bootstrap", {}),
    ("subsample", {}),
    ("leave_out", {}),
    ("kfold", {"n_splits": 7}),
    ("complementary_pairs", {}),
]


def _class_counts(y, rows):
    values, counts = np.unique(y[rows], return_counts=True)
    return dict(zip(values.tolist(), counts.tolist(), strict=True))


def test_bootstrap_sizes_oob_and_stratification():
    res = make_resamples(SINGH_Y, "bootstrap", 40, random_state=0)
    for train, test in res:
        assert train.size == SINGH_Y.size
        assert _class_counts(SINGH_Y, train) == {0: 50, 1: 52}  # n_c drawn from each class
        # out-of-bag = every row never drawn, written independently with sets
        assert test.tolist() == sorted(set(range(SINGH_Y.size)) - set(train.tolist()))
        assert np.all(np.diff(train) >= 0)
    assert any(np.unique(t).size < t.size for t in res.train)  # rows do repeat
    # the expected out-of-bag fraction of a bootstrap is (1 - 1/n)^n ≈ 0.366 for n = 102
    oob = np.mean([t.size / SINGH_Y.size for t in res.test])
    assert oob == pytest.approx((1 - 1 / 102) ** 102, abs=0.03)


def test_unstratified_bootstrap_draws_n_rows():
    res = make_resamples(SINGH_Y, "bootstrap", 10, random_state=1, stratify=False)
    assert all(t.size == 102 for t in res.train)
    assert res.params == {"stratify": False}


def test_subsample_ninety_percent_largest_remainder():
    # n_train = round(0.9 * 102) = 92; class quotas 52*92/102 = 46.90 and 50*92/102 = 45.10:
    # floors 46 + 45 = 91, the remaining row goes to the larger remainder (class 1).
    res = make_resamples(SINGH_Y, "subsample", 25, random_state=3, fraction=0.9)
    for train, test in res:
        assert np.unique(train).size == train.size == 92
        assert _class_counts(SINGH_Y, train) == {0: 45, 1: 47}
        assert sorted(train.tolist() + test.tolist()) == list(range(102))


def test_leave_out_five_percent():
    # n_test = round(0.05 * 62) = 3, n_train = 59; quotas 40*59/62 = 38.06 ('t') and
    # 22*59/62 = 20.94 ('n'): floors 38 + 20 = 58, the last row goes to 'n' (remainder .94).
    res = make_resamples(ALON_Y, "leave_out", 20, random_state=5)
    assert res.params == {"delta": 0.05, "stratify": True}
    for train, test in res:
        assert test.size == 3
        assert _class_counts(ALON_Y, train) == {"n": 21, "t": 38}
        assert _class_counts(ALON_Y, test) == {"n": 1, "t": 2}


def test_kfold_partitions_each_repetition_and_stratifies():
    k = 7
    res = make_resamples(SINGH_Y, "kfold", 3 * k, random_state=2, n_splits=k)
    for rep in range(3):
        tests = [res.test[rep * k + f] for f in range(k)]
        assert sorted(np.concatenate(tests).tolist()) == list(range(102))  # disjoint cover
        for test in tests:
            counts = _class_counts(SINGH_Y, test)
            # 52/7 = 7.43 and 50/7 = 7.14 -> every fold holds 7 or 8 of each class
            assert counts[1] in (7, 8)
            assert counts[0] in (7, 8)
    for train, test in res:
        assert sorted(train.tolist() + test.tolist()) == list(range(102))
    # different repetitions use different partitions
    assert not np.array_equal(res.test[0], res.test[k])


def test_complementary_pairs_are_disjoint_halves():
    res = make_resamples(ALON_Y, "complementary_pairs", 10, random_state=4)
    for j in range(5):
        a, b = res.train[2 * j], res.train[2 * j + 1]
        assert a.size == b.size == 31  # floor(40/2) + floor(22/2)
        assert not set(a.tolist()) & set(b.tolist())
        assert _class_counts(ALON_Y, a) == {"n": 11, "t": 20}
        assert res.test[2 * j].tolist() == sorted(set(range(62)) - set(a.tolist()))


@pytest.mark.parametrize(("scheme", "params"), ALL_SCHEMES)
def test_deterministic_and_independent_of_m(scheme, params):
    small = make_resamples(SINGH_Y, scheme, 30, random_state=11, **params)
    large = make_resamples(SINGH_Y, scheme, 100, random_state=11, **params)
    again = make_resamples(SINGH_Y, scheme, 30, random_state=11, **params)
    other = make_resamples(SINGH_Y, scheme, 30, random_state=12, **params)
    for r in range(30):
        np.testing.assert_array_equal(small.train[r], large.train[r])
        np.testing.assert_array_equal(small.test[r], large.test[r])
        np.testing.assert_array_equal(small.train[r], again.train[r])
    assert any(not np.array_equal(a, b) for a, b in zip(small.train, other.train, strict=True))
    assert len(large) == 100
    assert large.random_state == 11


def test_random_state_instance_is_recorded_as_an_integer_seed():
    res = make_resamples(SINGH_Y, "subsample", 5, random_state=np.random.RandomState(0))
    replay = make_resamples(SINGH_Y, "subsample", 5, random_state=res.random_state)
    for a, b in zip(res.train, replay.train, strict=True):
        np.testing.assert_array_equal(a, b)


def test_redraws_with_a_pathological_tiny_class():
    # one positive among 20 samples, unstratified halves: a draw contains the positive with
    # probability 1/2, so the number of rejected draws is geometric with mean (1-p)/p = 1.
    y = np.array([0] * 19 + [1])
    res = make_resamples(y, "subsample", 400, random_state=0, fraction=0.5, stratify=False)
    for train in res.train:
        assert 19 in train.tolist()
    assert res.redraws.max() > 0
    assert res.redraws.mean() == pytest.approx(1.0, abs=0.25)


def test_stratified_bootstrap_redraws_when_every_row_is_drawn():
    # y = [0, 0, 1, 1]: each class's two rows are both drawn with probability 1/2, so the
    # out-of-bag set is empty with probability 1/4; rejected draws are geometric with mean
    # (1/4)/(3/4) = 1/3.
    y = np.array([0, 0, 1, 1])
    res = make_resamples(y, "bootstrap", 900, random_state=0)
    assert all(t.size > 0 for t in res.test)
    assert res.redraws.mean() == pytest.approx(1 / 3, abs=0.08)


def test_kfold_redraws_are_recorded_per_repetition():
    y = np.array([0] * 10 + [1] * 2)
    res = make_resamples(y, "kfold", 24, random_state=0, n_splits=3, stratify=False)
    for train in res.train:
        assert set(y[train].tolist()) == {0, 1}
    per_rep = res.redraws.reshape(8, 3)
    assert np.all(per_rep == per_rep[:, :1])  # one count per repetition, shared by its folds


def test_impossible_unstratified_pairs_stop_after_max_redraws():
    y = np.array([0] * 9 + [1])
    with pytest.raises(ValueError, match=r"complementary_pairs \(stratify=False\) could not draw"):
        make_resamples(y, "complementary_pairs", 2, random_state=0, stratify=False, max_redraws=50)


@pytest.mark.parametrize(
    ("y", "scheme", "params", "message"),
    [
        (SINGH_Y, "jackknife", {}, r"unknown resampling scheme 'jackknife'; known schemes: \["),
        (SINGH_Y, "subsample", {"delta": 0.1}, r"has no parameter\(s\) \['delta'\]"),
        (SINGH_Y, "subsample", {"fraction": 1.0}, "strictly between 0 and 1"),
        (SINGH_Y, "leave_out", {"delta": 0.001}, "gives 102 training and 0 test rows"),
        (SINGH_Y, "kfold", {"n_splits": 1}, r"n_splits must be an integer in 2..n=102"),
        (np.array([0] * 9 + [1]), "kfold", {"n_splits": 3}, "at least 2 samples per class"),
        (np.array([0] * 9 + [1]), "complementary_pairs", {}, "at least 2 samples per class"),
        (np.zeros(10), "bootstrap", {}, "at least two classes"),
        (SINGH_Y, "bootstrap", {"stratify": "yes"}, "stratify must be True or False"),
    ],
)
def test_bad_requests(y, scheme, params, message):
    with pytest.raises(ValueError, match=message):
        make_resamples(y, scheme, 5, random_state=0, **params)


def test_n_resamples_must_be_positive():
    with pytest.raises(ValueError, match="n_resamples must be a positive integer"):
        make_resamples(SINGH_Y, "bootstrap", 0)


def test_known_schemes():
    assert set(SCHEMES) == {s for s, _ in ALL_SCHEMES}


@pytest.mark.parametrize(("scheme", "params"), ALL_SCHEMES)
def test_parquet_roundtrip(tmp_path, scheme, params):
    res = make_resamples(ALON_Y, scheme, 9, random_state=7, **params)
    path = write_resamples(res, tmp_path / "resamples.parquet")
    back = read_resamples(path, y=ALON_Y)
    assert len(back) == 9
    assert back.scheme == scheme
    assert back.params == res.params
    assert back.random_state == 7
    assert back.redraws.tolist() == res.redraws.tolist()
    for (a_train, a_test), (b_train, b_test) in zip(res, back, strict=True):
        np.testing.assert_array_equal(a_train, b_train)
        np.testing.assert_array_equal(a_test, b_test)
    # writing again gives the same bytes
    again = write_resamples(res, tmp_path / "again.parquet")
    assert path.read_bytes() == again.read_bytes()


def test_parquet_long_layout(tmp_path):
    res = make_resamples(ALON_Y, "bootstrap", 3, random_state=0)
    path = write_resamples(res, tmp_path / "r.parquet")
    table = pq.read_table(path).to_pandas()
    assert list(table.columns) == ["resample", "role", "row"]
    for r in range(3):
        part = table[table["resample"] == r]
        train_rows = part.loc[part["role"] == "train", "row"].tolist()
        assert len(train_rows) == 62  # bootstrap repeats rows in the long format
        assert train_rows == res.train[r].tolist()
        assert part["role"].tolist() == ["train"] * 62 + ["test"] * res.test[r].size


def test_reading_with_other_labels_fails(tmp_path):
    res = make_resamples(ALON_Y, "subsample", 3, random_state=0)
    path = write_resamples(res, tmp_path / "r.parquet")
    assert res.y_sha256 == labels_fingerprint(list(ALON_Y))
    with pytest.raises(ValueError, match="drawn for a different label vector"):
        read_resamples(path, y=ALON_Y[::-1])


# -- properties over random label vectors ----------------------------------------------------

_labels = st.tuples(st.integers(2, 40), st.integers(2, 40)).map(
    lambda counts: np.array([0] * counts[0] + [1] * counts[1])
)


@settings(max_examples=60, deadline=None)
@given(y=_labels, fraction=st.floats(0.2, 0.8), seed=st.integers(0, 2**32 - 1))
def test_subsample_properties(y, fraction, seed):
    n = y.size
    n_train = math.floor(fraction * n + 0.5)
    assume(2 <= n_train <= n - 1)  # otherwise rejected up front (test_bad_requests)
    res = make_resamples(y, "subsample", 3, random_state=seed, fraction=fraction)
    for train, test in res:
        assert train.size == n_train
        assert np.intersect1d(train, test).size == 0
        assert train.size + test.size == n
        for c in (0, 1):
            got = int(np.sum(y[train] == c))
            quota = n_train * np.sum(y == c) / n
            assert got >= 1
            assert abs(got - quota) < 2  # largest remainder, plus at most one row moved


@settings(max_examples=40, deadline=None)
@given(y=_labels, k=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_kfold_properties(y, k, seed):
    assume(k <= y.size)  # more folds than rows is a (tested) error, not a partition
    res = make_resamples(y, "kfold", k, random_state=seed, n_splits=k)
    tests = np.concatenate(res.test)
    assert np.sort(tests).tolist() == list(range(y.size))  # the folds partition the rows
    for c in (0, 1):
        per_fold = [int(np.sum(y[t] == c)) for t in res.test]
        assert max(per_fold) - min(per_fold) <= 1  # each class dealt evenly
    assert all(np.unique(y[t]).size == 2 for t in res.train)
