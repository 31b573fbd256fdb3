"""fsstab.resampling.training_class_counts: the fewest rows of each class in a stratified
training set, against the training sets make_resamples draws."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.resampling import make_resamples, training_class_counts

CASES = [
    ("bootstrap", {}),
    ("subsample", {"fraction": 0.3}),
    ("subsample", {"fraction": 0.9}),
    ("leave_out", {"delta": 0.05}),
    ("leave_out", {"delta": 0.4}),
    ("kfold", {"n_splits": 3}),
    ("kfold", {"n_splits": 10}),
    ("complementary_pairs", {}),
]


@pytest.mark.parametrize(("scheme", "params"), CASES)
@pytest.mark.parametrize("counts", [[3, 40], [10, 11], [2, 7, 30], [25, 25, 4]])
def test_the_counts_are_those_of_the_drawn_training_sets(scheme, params, counts):
    y = np.repeat(np.arange(len(counts)), counts)
    n_resamples = 2 * params.get("n_splits", 10)
    res = make_resamples(y, scheme, n_resamples, random_state=3, **params)
    drawn = np.array([np.bincount(y[train], minlength=len(counts)) for train in res.train])
    assert training_class_counts(scheme, counts, **params).tolist() == drawn.min(0).tolist()


def test_unstratified_draws_fix_nothing_and_impossible_requests_are_refused():
    assert training_class_counts("subsample", [5, 5], fraction=0.5, stratify=False) is None
    with pytest.raises(ValueError, match=r"n_splits must be an integer in 2\.\.n=7"):
        training_class_counts("kfold", [3, 4], n_splits=10)
    with pytest.raises(ValueError, match="two or more classes"):
        training_class_counts("bootstrap", [5])
