"""The planted-null check on constructions whose answer is derived here: a selector whose
selection of planted nulls is hypergeometric, a correlation threshold whose null passing
probability is Student's t, the structure the permutation keeps, and group counting."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from fsstab.error_control import (
    ErrorGuarantee,
    null_permutation,
    planted_null_check,
    planted_null_design,
)
from fsstab.selectors import BaseSelector, FilterSelector, StabilitySelection


class FirstColumns(BaseSelector):
    """Selects the first ``k`` columns of its input, claiming at most ``claim`` false ones."""

    tasks = frozenset({"classification", "regression"})

    def __init__(self, *, k: int = 3, claim: float = 1.0, task: str = "regression"):
        self.k = k
        self.claim = claim
        self.task = task

    def _fit(self, X, y):
        self.support_ = np.arange(X.shape[1]) < self.k
        self.importances_ = self.support_.astype(float)
        self.estimator_ = None
        self.error_control_ = ErrorGuarantee("PFER", self.claim, "claimed")


def test_planted_nulls_among_the_first_columns_are_hypergeometric():
    # planted columns sit at uniformly random positions among N = d + m, so the number among
    # the first k columns is hypergeometric(N, m, k): mean k m / N, variance
    # k (m/N) (1 − m/N) (N − k)/(N − 1)
    d, m, k, R = 12, 6, 5, 400
    X = np.random.default_rng(0).normal(size=(20, d))
    y = np.random.default_rng(1).normal(size=20)
    check = planted_null_check(X, y, FirstColumns(k=k, claim=10.0), n_planted=m, n_repeats=R,
                               random_state=0)
    N = d + m
    mean = k * m / N
    sd = np.sqrt(k * (m / N) * (1 - m / N) * (N - k) / (N - 1))
    counts = check.replications["n_planted_selected"].to_numpy()
    assert abs(counts.mean() - mean) < 4 * sd / np.sqrt(R)
    assert np.all(check.replications["n_selected"] == k)
    np.testing.assert_allclose(check.replications["planted_fdp"], counts / k)
    row = check.summary.iloc[0]
    t = stats.t.ppf(0.975, R - 1)
    assert row["planted_selected_low"] == pytest.approx(counts.mean() - t * counts.std(ddof=1)
                                                         / np.sqrt(R))
    assert row["verdict"] == "within"
    assert not check.exceeds
    assert "no violation visible" in check.sentence()
    # a claim of 0.5 false selections is broken: 5 m / 18 = 1.67 planted nulls on average
    broken = planted_null_check(X, y, FirstColumns(k=k, claim=0.5), n_planted=m,
                                n_repeats=R, random_state=0)
    assert broken.exceeds
    assert "EXCEEDS the promise" in broken.sentence()
    assert broken.summary.iloc[0]["level"] == 0.5


def test_a_check_whose_reruns_select_nothing_says_it_cannot_see_a_violation():
    X = np.random.default_rng(1).normal(size=(20, 8))
    y = X[:, 0] + np.random.default_rng(2).normal(size=20)
    check = planted_null_check(X, y, FirstColumns(k=0), n_planted=4, n_repeats=3,
                               random_state=0)
    assert (check.replications["n_selected"] == 0).all()
    assert check.sentence().endswith("the reruns selected no feature at all, so this check "
                                     "cannot show one on these data.")
    selecting = planted_null_check(X, y, FirstColumns(k=2), n_planted=4, n_repeats=3,
                                   random_state=0)
    assert "selected no feature" not in selecting.sentence()


def test_planted_copies_are_null_a_correlation_threshold_passes_them_as_students_t_says():
    # y depends on feature 0 only; every feature is copied (m = d). A copy is a permuted
    # column, independent of y: for Gaussian data |r| > c has probability
    # 2 P(T_{n−2} > c √(n−2) / √(1 − c²)). Were a copy not permuted, the copy of feature 0
    # would be selected every time (|r| ≈ 0.96).
    n, d, c, R = 30, 8, 0.4, 300
    rng = np.random.default_rng(2)
    X = rng.normal(size=(n, d))
    y = X[:, 0] + 0.3 * rng.normal(size=n)
    selector = FilterSelector(method="pearson", task="regression", threshold=c)
    check = planted_null_check(X, y, selector, n_planted=d, n_repeats=R,
                               guarantee=ErrorGuarantee("PFER", 1.0, "claimed"), random_state=1)
    p = 2 * stats.t.sf(c * np.sqrt(n - 2) / np.sqrt(1 - c**2), n - 2)
    counts = check.replications["n_planted_selected"].to_numpy()
    assert abs(counts.mean() - d * p) < 4 * np.sqrt(d * p * (1 - p) / R)
    # the real features are unchanged: feature 0 is always selected
    assert np.all(check.replications["n_real_selected"] >= 1)


def test_the_check_is_seeded_and_growing_r_keeps_the_earlier_replications():
    X = np.random.default_rng(0).normal(size=(20, 6))
    y = X[:, 0]
    args = {"n_planted": 3, "random_state": 5}
    first = planted_null_check(X, y, FirstColumns(k=4), n_repeats=10, **args)
    again = planted_null_check(X, y, FirstColumns(k=4), n_repeats=10, **args)
    longer = planted_null_check(X, y, FirstColumns(k=4), n_repeats=15, **args)
    pd.testing.assert_frame_equal(first.replications, again.replications)
    pd.testing.assert_frame_equal(first.replications, longer.replications.iloc[:10])


def test_whole_groups_are_exchanged_and_rows_shuffled_within_them():
    groups = np.repeat(["p1", "p2", "p3", "p4", "p5"], 2)  # five patients, two samples each
    perm, unexchanged = null_permutation(10, np.random.default_rng(0), sample_groups=groups)
    assert unexchanged == 0
    assert sorted(perm.tolist()) == list(range(10))
    for g in range(5):  # the two rows of a group come from one group
        assert perm[2 * g] // 2 == perm[2 * g + 1] // 2
    # over many draws a group keeps its own rows 1/5 of the time, and within a group the two
    # rows are swapped half of the time
    draws = [null_permutation(10, np.random.default_rng(s), sample_groups=groups)[0]
             for s in range(2000)]
    own = np.mean([p[0] // 2 == 0 for p in draws])
    swapped = np.mean([p[0] % 2 == 1 for p in draws])
    assert abs(own - 0.2) < 4 * np.sqrt(0.2 * 0.8 / 2000)
    assert abs(swapped - 0.5) < 4 * np.sqrt(0.25 / 2000)


def test_groups_of_a_size_no_other_has_keep_their_rows_and_are_counted():
    groups = ["a", "a", "b", "b", "c", "c", "c"]  # only c has three samples
    perm, unexchanged = null_permutation(7, np.random.default_rng(0), sample_groups=groups)
    assert unexchanged == 3
    assert set(perm[4:].tolist()) == {4, 5, 6}


def test_strata_keep_rows_within_and_the_classes_as_strata_are_refused():
    strata = np.array(["b1"] * 5 + ["b2"] * 5)
    perm, _ = null_permutation(10, np.random.default_rng(0), strata=strata)
    assert set(perm[:5].tolist()) == set(range(5))
    assert set(perm[5:].tolist()) == set(range(5, 10))
    X = np.random.default_rng(0).normal(size=(10, 4))
    y = np.repeat([0, 1], 5)
    with pytest.raises(ValueError, match="one value within every stratum"):
        planted_null_check(X, y, FirstColumns(k=1, task="classification"), strata=y,
                           n_repeats=2)
    with pytest.raises(ValueError, match="spans strata"):
        null_permutation(4, np.random.default_rng(0), sample_groups=["a", "a", "b", "b"],
                         strata=["s", "t", "s", "s"])
    design = planted_null_design(X, np.random.default_rng(3), n_planted=4, strata=strata)
    for j in np.flatnonzero(design.planted):
        source = X[:, design.source[j]]
        for rows in (slice(0, 5), slice(5, 10)):
            assert sorted(design.X[rows, j]) == sorted(source[rows])


def test_discoveries_by_group_of_similar_features():
    # features (0, 1) and (2, 3) are co-expressed pairs; every feature is copied (m = d) and a
    # selector keeps everything: 2 real groups, 2 groups of copies (a copy is similar to the
    # copies as its feature is to theirs, and to no real feature)
    C = np.eye(4)
    C[0, 1] = C[1, 0] = C[2, 3] = C[3, 2] = 0.9
    X = np.random.default_rng(0).normal(size=(12, 4))
    check = planted_null_check(X, X[:, 0], FirstColumns(k=8), n_planted=4, n_repeats=3,
                               similarity=(C, 0.8), random_state=0)
    table = check.replications
    assert table["n_groups"].tolist() == [4, 4, 4]
    assert table["n_planted_groups"].tolist() == [2, 2, 2]
    assert table["planted_group_fdp"].tolist() == [0.5, 0.5, 0.5]
    assert check.summary.iloc[0]["mean_planted_groups"] == 2


def test_the_promise_of_the_fitted_selector_is_used():
    rng = np.random.default_rng(0)
    y = np.repeat([0, 1], 20)
    X = rng.normal(size=(40, 10)) + 1.5 * y[:, None] * (np.arange(10) < 2)
    stabs = StabilitySelection(FilterSelector(method="anova"), q=2, pi_thr=0.9, pfer=None,
                               n_pairs=5)
    check = planted_null_check(X, y, stabs, n_planted=5, n_repeats=4, random_state=0)
    # the bound of the augmented data: q² / ((2 π_thr − 1) p) with p = 15
    assert check.guarantee.kind == "PFER"
    assert check.guarantee.level == pytest.approx(2**2 / (0.8 * 15))
    with pytest.raises(ValueError, match="states no error guarantee"):
        planted_null_check(X, y, FilterSelector(method="anova"), n_repeats=1)
    with pytest.raises(ValueError, match="n_planted must be an integer between 1 and d=10"):
        planted_null_check(X, y, stabs, n_planted=11)
