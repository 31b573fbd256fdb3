"""The subsample fits of one StabilitySelection fit spread over chunks: the counts of any
partition of the fits add up to the fit's counts, and a fit given those counts equals a fit
that runs the subsamples itself (the workflow's error-control fit jobs)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from fsstab.selectors import FilterSelector, LassoSelector, StabilitySelection


def _data(task="classification", n=40, d=12, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    if task == "classification":
        y = (X[:, 0] - X[:, 1] + 0.5 * rng.normal(size=n) > 0).astype(int)
    else:
        y = 2.0 * X[:, 0] - 2.0 * X[:, 1] + rng.normal(size=n)
    return X, y


def _partition(n, cuts):
    edges = [0, *cuts, n]
    return [range(a, b) for a, b in itertools.pairwise(edges)]


CASES = [
    ("path", StabilitySelection(LassoSelector(), selection="path", q=4, pfer=1.0, pi_thr=None,
                                assumption="r-concave", n_pairs=5, random_state=3),
     "classification"),
    ("calibrated", StabilitySelection(FilterSelector(method="pearson", task="regression"), q=3,
                                      pi_thr=0.6, pfer=None, n_pairs=4, sampling="MB",
                                      task="regression", random_state=7), "regression"),
]


@pytest.mark.parametrize(("name", "selector", "task"), CASES, ids=[c[0] for c in CASES])
def test_any_chunking_of_the_subsample_fits_gives_the_fit(name, selector, task):
    X, y = _data(task)
    whole = selector.fit(X, y)
    n_fits = StabilitySelection.n_subsample_fits(selector.get_params(deep=False))
    assert n_fits == len(whole.subsamples_)
    reference = whole.frequencies_ * n_fits
    for cuts in ([], [1], [2, 3], list(range(1, n_fits))):
        chunks = _partition(n_fits, cuts)
        total = sum(selector.subsample_counts(X, y, chunk) for chunk in chunks)
        np.testing.assert_array_equal(total, reference)
    # each chunk's counts are the fits of its own subsamples: one subsample alone selects
    # at most q features (the calibrated selector exactly q)
    single = selector.subsample_counts(X, y, range(0, 1))
    assert single.sum() <= whole.q_
    assert set(np.unique(single)) <= {0.0, 1.0}
    given = StabilitySelection(**selector.get_params(deep=False)).fit(
        X, y, subsample_counts=reference)
    np.testing.assert_array_equal(given.frequencies_, whole.frequencies_)
    np.testing.assert_array_equal(given.support_, whole.support_)
    np.testing.assert_array_equal(given.importances_, whole.importances_)
    assert (given.q_, given.pi_thr_, given.pfer_) == (whole.q_, whole.pi_thr_, whole.pfer_)


def test_counts_that_cannot_come_from_the_fits_are_refused():
    X, y = _data()
    selector = StabilitySelection(FilterSelector(method="anova"), q=2, pi_thr=0.9, pfer=None,
                                  n_pairs=3, random_state=0)
    for bad in (np.zeros(5), np.full(12, 7.0), np.full(12, 0.5)):
        with pytest.raises(ValueError, match="whole number of the 6 subsample fits"):
            selector.fit(X, y, subsample_counts=bad)
    assert StabilitySelection.n_subsample_fits({"subsamples": [[0, 1]]}) is None
