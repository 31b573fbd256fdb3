"""Group-aware resampling (issue 21): a patient's samples are drawn and held out together.

The accuracy test builds a design whose correct answer is known from how it was made:
every patient has a random expression profile of its own, the class is drawn per patient
independently of that profile, and the patient's two samples differ by a little noise. On new
patients no classifier can beat a coin (expected accuracy 1/2, exactly). A 1-nearest-neighbour
classifier recognises a patient whose other sample is in the training set, so resampling
samples instead of patients inflates its accuracy by a known amount, derived below for each
scheme.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsstab.datasets import make_dataset
from fsstab.resampling import SCHEMES, make_resamples, read_resamples, write_resamples

SCHEME_PARAMS = {"bootstrap": {}, "subsample": {"fraction": 0.75}, "leave_out": {"delta": 0.2},
                 "kfold": {"n_splits": 4}, "complementary_pairs": {}}


@settings(max_examples=40, deadline=None)
@given(
    scheme=st.sampled_from(sorted(SCHEMES)),
    sizes=st.lists(st.integers(1, 4), min_size=8, max_size=20),
    stratify=st.booleans(),
    seed=st.integers(0, 2**31),
)
def test_no_group_is_on_both_sides_of_a_split(scheme, sizes, stratify, seed):
    groups = np.repeat([f"patient{g:02d}" for g in range(len(sizes))], sizes)
    # classes per patient, both classes present
    patient_class = np.arange(len(sizes)) % 2
    y = np.repeat(patient_class, sizes)
    res = make_resamples(y, scheme, 6, seed, groups=groups, stratify=stratify,
                         **SCHEME_PARAMS[scheme])
    for train, test in res:
        train_groups, test_groups = set(groups[train]), set(groups[test])
        assert not train_groups & test_groups
        assert train_groups | test_groups == set(groups)
        assert test.size > 0
        assert np.unique(y[train]).size == 2
        # whole groups: every sample of a held-out group is in the test set
        assert np.array_equal(test, np.flatnonzero(np.isin(groups, list(test_groups))))


def test_group_kfold_holds_out_each_group_once_per_repetition():
    groups = np.repeat(np.arange(12).astype(str), [1, 2, 3] * 4)
    y = np.repeat(np.arange(12) % 2, [1, 2, 3] * 4)
    res = make_resamples(y, "kfold", 8, 3, groups=groups, n_splits=4)
    for repetition in (res.test[:4], res.test[4:]):
        held_out = np.concatenate([np.unique(groups[t]) for t in repetition])
        assert sorted(held_out.tolist()) == sorted(np.unique(groups).tolist())
        assert all(np.unique(groups[t]).size == 3 for t in repetition)  # 12 groups / 4 folds


def test_stratified_over_groups_takes_each_stratum_in_proportion():
    # 8 case patients, 16 control patients, 4 paired patients (one sample of each class)
    groups, y = [], []
    for g in range(8):
        groups += [f"case{g}"] * 2
        y += [1, 1]
    for g in range(16):
        groups += [f"control{g}"] * 2
        y += [0, 0]
    for g in range(4):
        groups += [f"paired{g}"] * 2
        y += [0, 1]
    groups, y = np.array(groups), np.array(y)
    res = make_resamples(y, "subsample", 5, 0, groups=groups, fraction=0.5)
    for train in res.train:
        drawn = set(groups[train])
        # 14 of 28 groups: 4 of 8, 8 of 16, 2 of 4 (largest remainder of 14 * size / 28)
        assert sum(g.startswith("case") for g in drawn) == 4
        assert sum(g.startswith("control") for g in drawn) == 8
        assert sum(g.startswith("paired") for g in drawn) == 2


def test_group_resamples_round_trip_and_record_the_groups(tmp_path):
    groups = np.repeat(["a", "b", "c", "d", "e", "f"], 2)
    y = np.repeat([0, 1, 0, 1, 0, 1], 2)
    res = make_resamples(y, "bootstrap", 5, 9, groups=groups)
    path = write_resamples(res, tmp_path / "r.parquet")
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    assert table.column_names == ["resample", "role", "row", "group"]
    rows, labels = table.column("row").to_numpy(), table.column("group").to_pylist()
    assert all(groups[r] == g for r, g in zip(rows, labels, strict=True))
    back = read_resamples(path, y=y, groups=groups)
    assert back.sample_groups == tuple(groups)
    assert all(np.array_equal(a, b) for a, b in zip(back.train, res.train, strict=True))
    with pytest.raises(ValueError, match="drawn for other sample groups"):
        read_resamples(path, y=y, groups=np.repeat(["a", "b", "c", "d", "e", "g"], 2))
    plain = write_resamples(make_resamples(y, "bootstrap", 5, 9), tmp_path / "p.parquet")
    assert pq.read_table(plain).column_names == ["resample", "role", "row"]
    with pytest.raises(ValueError, match="drawn for no sample groups"):
        read_resamples(plain, y=y, groups=groups)


def test_impossible_group_requests_name_the_number_of_groups():
    y = np.array([0, 1, 0, 1, 0, 1])
    with pytest.raises(ValueError, match=r"n_splits must be an integer in 2..G=3 \(the number of "
                                         r"groups"):
        make_resamples(y, "kfold", 5, 0, groups=["a", "a", "b", "b", "c", "c"], n_splits=5)
    with pytest.raises(ValueError, match=r"at least 2 groups; all samples are in group 'p'"):
        make_resamples(y, "bootstrap", 5, 0, groups=["p"] * 6)
    with pytest.raises(ValueError, match=r"2 sample groups for 6 samples"):
        make_resamples(y, "bootstrap", 5, 0, groups=["a", "b"])


# --------------------------------------------------------------------------------------------
# Inflated accuracy without groups, the correct one with them
# --------------------------------------------------------------------------------------------

N_PATIENTS, PER_PATIENT, D = 200, 2, 10
N = N_PATIENTS * PER_PATIENT


def _patients(seed: int):
    rng = np.random.default_rng(seed)
    profiles = 3.0 * rng.normal(size=(N_PATIENTS, D))
    patient_class = rng.integers(0, 2, size=N_PATIENTS)  # independent of the profiles
    patient = np.repeat(np.arange(N_PATIENTS), PER_PATIENT)
    X = profiles[patient] + 0.05 * rng.normal(size=(N, D))
    return X, patient_class[patient], np.array([f"P{p:03d}" for p in patient])


def _mean_accuracy(X, y, resamples) -> float:
    from sklearn.neighbors import KNeighborsClassifier

    accuracies = []
    for train, test in resamples:
        model = KNeighborsClassifier(n_neighbors=1).fit(X[train], y[train])
        accuracies.append(model.score(X[test], y[test]))
    return float(np.mean(accuracies))


def _sample_level_expectation(scheme: str, params: dict) -> float:
    """1 - q/2, q = P(the test sample's sibling is not in the training set | it is tested):
    with its sibling in training 1-NN finds the sibling (noise 0.05 against profiles 3 apart)
    and is right; otherwise it finds another patient, whose class matches with probability
    1/2."""
    if scheme == "bootstrap":
        # n draws, none of them the test sample: each falls on the sibling with probability
        # 1/(n-1)
        q = ((N - 2) / (N - 1)) ** N
    elif scheme == "subsample":
        n_test = N - math.floor(params["fraction"] * N + 0.5)
        q = (n_test - 1) / (N - 1)  # the sibling is one of the other test samples
    else:  # kfold: the sibling falls in the same fold of N/k samples
        q = (N / params["n_splits"] - 1) / (N - 1)
    return 1 - q / 2


@pytest.mark.parametrize(("scheme", "params"), [
    ("bootstrap", {}), ("subsample", {"fraction": 0.9}), ("kfold", {"n_splits": 10}),
])
def test_group_resampling_gives_the_lower_correct_accuracy(scheme, params):
    X, y, patients = _patients(seed=11)
    M = 40  # kfold: four repetitions of the 10 folds
    # unstratified: which samples are drawn does not depend on the classes, so the derivations
    # hold exactly in expectation
    by_sample = make_resamples(y, scheme, M, 5, stratify=False, **params)
    by_patient = make_resamples(y, scheme, M, 5, groups=patients, stratify=False, **params)
    inflated, correct = _mean_accuracy(X, y, by_sample), _mean_accuracy(X, y, by_patient)
    expected = _sample_level_expectation(scheme, params)
    # standard errors: about 0.5 / sqrt(200 patients) = 0.035 for the mean accuracy on new
    # patients; the sample-level mean varies less (only the q part is a coin)
    assert correct == pytest.approx(0.5, abs=0.12), (scheme, correct)
    assert inflated == pytest.approx(expected, abs=0.06), (scheme, inflated, expected)
    assert inflated - correct > 0.2


def test_stratified_group_resampling_is_not_inflated_either():
    X, y, patients = _patients(seed=12)
    res = make_resamples(y, "bootstrap", 40, 2, groups=patients)  # stratified over groups
    assert _mean_accuracy(X, y, res) == pytest.approx(0.5, abs=0.12)


def test_selection_runs_record_the_groups_and_score_whole_held_out_groups():
    from fsstab.workflow.selection import select_chunk

    X, y, patients = _patients(seed=13)
    labels = np.array(["control", "case"])[y]
    ds = make_dataset("patients", X[:80], labels[:80], sample_groups=patients[:80])
    res = make_resamples(ds.y, "subsample", 3, 1, groups=ds.sample_groups, fraction=0.8)
    spec = {"id": "l1", "class": "LassoSelector", "params": {"C": 0.5},
            "variants": [{"id": "default", "params": {}}]}
    runs = select_chunk(ds, res, spec, [0, 1, 2], seed=1, rank_cap=5)["runs"]
    assert runs.column("n_train_groups").to_pylist() == [32, 32, 32]  # round(0.8 * 40)
    assert runs.column("n_test_groups").to_pylist() == [8, 8, 8]
    assert runs.column("n_test").to_pylist() == [16, 16, 16]  # 8 whole patients of 2 samples
    plain = make_dataset("plain", X[:80], labels[:80])
    runs = select_chunk(plain, make_resamples(plain.y, "subsample", 1, 1), spec, [0], seed=1,
                        rank_cap=5)["runs"]
    assert "n_test_groups" not in runs.column_names


def test_a_holdout_split_of_a_grouped_dataset_keeps_patients_together():
    from fsstab.prefilter import holdout_rows, prefilter

    X, y, patients = _patients(seed=14)
    labels = np.array(["control", "case"])[y]
    ds = make_dataset("patients", X, labels, sample_groups=patients)
    train, test = holdout_rows(ds.y, fraction=0.5, random_state=3, groups=ds.sample_groups)
    assert not set(patients[train]) & set(patients[test])
    part, _ = prefilter(ds, holdout={"part": "test", "fraction": 0.5, "random_state": 3})
    assert part.sample_groups == tuple(patients[test])
