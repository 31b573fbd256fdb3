"""Stabl and KnockoffSelector: their selections follow their definitions (recomputed here
from the fitted frequencies and statistics), every task of the base selector, the FDR of
knockoff+ on simulated Gaussian linear models, and the refusals."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.error_control import knockoff_threshold
from fsstab.outcomes import survival_target
from fsstab.selectors import (
    FilterSelector,
    HybridRFE,
    KnockoffSelector,
    LassoSelector,
    Stabl,
    artificial_features,
    complementary_pairs,
)


def classification_data(n=60, d=40, seed=0):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    return rng.normal(size=(n, d)) + 1.5 * y[:, None] * (np.arange(d) < 3), y


def test_stabl_threshold_minimises_fdp_plus_over_its_frequencies():
    X, y = classification_data()
    stabl = Stabl(FilterSelector(method="anova", n_features_to_select=4), n_pairs=10,
                  random_state=0).fit(X, y)
    f, f_art = stabl.frequencies_, stabl.artificial_frequencies_
    assert f_art.size == X.shape[1]
    assert len(stabl.subsamples_) == 20
    # FDP+(t) = (1 + #{f̃ >= t}) / max(1, #{f >= t}) at every positive frequency, by brute force
    values = sorted(set(f[f > 0]))
    fdp = [(1 + np.sum(f_art >= t)) / max(1, np.sum(f >= t)) for t in values]
    np.testing.assert_allclose(stabl.fdp_plus_curve_, fdp)
    assert stabl.threshold_ == values[int(np.argmin(fdp))]
    assert stabl.fdp_plus_ == min(fdp)
    np.testing.assert_array_equal(stabl.support_, f >= stabl.threshold_)
    assert {0, 1, 2} <= set(np.flatnonzero(stabl.support_))
    assert stabl.error_control_.kind == "FDR"
    assert stabl.error_control_.estimated
    np.testing.assert_array_equal(stabl.importances_ > 0, stabl.support_)


def test_stabl_frequencies_are_the_maximum_of_the_path_over_the_grid():
    X, y = classification_data()
    pairs = complementary_pairs(y, 5, random_state=0)
    stabl = Stabl(FilterSelector(method="anova"), grid={"n_features_to_select": [2, 6]},
                  subsamples=pairs, random_state=1).fit(X, y)
    assert stabl.path_.shape == (2, X.shape[1])
    np.testing.assert_array_equal(stabl.frequencies_, stabl.path_.max(axis=0))
    np.testing.assert_array_equal(stabl.subsamples_, pairs)
    # every half-sample selects the grid's size among the 2d columns, the real ones at most
    assert stabl.path_[0].sum() <= 2 + 1e-12
    assert stabl.path_[1].sum() <= 6 + 1e-12
    assert stabl.path_[1].sum() > stabl.path_[0].sum()
    again = Stabl(FilterSelector(method="anova"), grid={"n_features_to_select": [2, 6]},
                  subsamples=pairs, random_state=1).fit(X, y)
    np.testing.assert_array_equal(again.frequencies_, stabl.frequencies_)
    with pytest.raises(ValueError, match="'grid' parameter of Stabl must be a mapping of "
                                         "parameter names to non-empty lists"):
        Stabl(FilterSelector(), grid={"n_features_to_select": []}).fit(X, y)
    with pytest.raises(ValueError, match="has no parameter 'alpha'"):
        Stabl(FilterSelector(), grid={"alpha": [1.0]}, n_pairs=1).fit(X, y)


def test_permuted_artificial_features_keep_their_marginals():
    X = np.random.default_rng(0).normal(size=(30, 8))
    synthetic, source = artificial_features(X, 5, "permutation", np.random.default_rng(1))
    assert len(set(source.tolist())) == 5
    for k, j in enumerate(source):
        np.testing.assert_array_equal(np.sort(synthetic[:, k]), np.sort(X[:, j]))
        assert not np.array_equal(synthetic[:, k], X[:, j])
    knockoffs, _ = artificial_features(X, 5, "knockoff", np.random.default_rng(1))
    assert knockoffs.shape == (30, 5)
    with pytest.raises(ValueError, match="artificial must be"):
        artificial_features(X, 5, "noise", np.random.default_rng(1))


def test_stabl_serves_regression_and_survival_with_its_base_selector():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(80, 30))
    y = 2 * X[:, 0] - 1.5 * X[:, 1] + X[:, 2] + 0.5 * rng.normal(size=80)
    stabl = Stabl(LassoSelector(target_k=4), task="regression", n_pairs=10,
                  random_state=0).fit(X, y)
    assert {0, 1, 2} <= set(np.flatnonzero(stabl.support_))
    assert stabl.score(X, y) > 0.8
    event_time = rng.exponential(1.0 / np.exp(1.2 * X[:, 0] - X[:, 1]))
    censoring = rng.exponential(2.0, size=80)
    target = survival_target(event_time <= censoring, np.minimum(event_time, censoring))
    stabl = Stabl(FilterSelector(method="cox", n_features_to_select=3), task="survival",
                  n_pairs=10, random_state=0).fit(X, target)
    assert {0, 1} <= set(np.flatnonzero(stabl.support_))


def test_a_base_selector_of_another_task_is_refused_naming_both():
    X, y = classification_data()
    with pytest.raises(ValueError, match=r"Stabl\(task='regression'\) wraps "
                                         r"LassoSelector\(task='survival'\)"):
        Stabl(LassoSelector(task="survival"), task="regression").fit(X, y.astype(float))
    with pytest.raises(ValueError, match="HybridRFE serves classification only"):
        Stabl(HybridRFE(), task="regression").fit(X, y.astype(float))
    assert Stabl.task_problem("regression", {"selector": HybridRFE()}) is not None
    assert Stabl.task_problem("regression", {}) is None  # the default LassoSelector
    assert Stabl.task_problem("survival", {"selector": {"class": "FilterSelector",
                                                         "params": {"method": "cox"}}}) is None
    assert "cox, variance" in Stabl.task_problem(
        "survival", {"selector": {"class": "FilterSelector", "params": {"method": "anova"}}})
    assert KnockoffSelector.task_problem("classification", {"knockoffs": "fixed"}) is not None


def _linear(seed, n=120, d=30, signals=8, amplitude=0.8):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    beta = np.zeros(d)
    beta[:signals] = amplitude * rng.choice([-1, 1], size=signals)
    return X, X @ beta + rng.normal(size=n)


@pytest.mark.parametrize("knockoffs", ["fixed", "gaussian"])
def test_knockoff_plus_keeps_the_fdr_of_a_gaussian_linear_model(knockoffs):
    # Barber & Candès 2015, Thm. 2 (fixed-X) and Candès et al. 2018, Thm. 3.4 (model-X, here
    # with Σ estimated): FDR <= q. 40 simulated data sets: mean FDP within 2 SE of q.
    q, fdp, power = 0.2, [], []
    for seed in range(40):
        X, y = _linear(seed)
        selector = KnockoffSelector(fdr=q, knockoffs=knockoffs, task="regression",
                                    random_state=seed).fit(X, y)
        selected = selector.support_
        fdp.append(selected[8:].sum() / max(1, selected.sum()))
        power.append(selected[:8].mean())
        # the selection is W >= T with T the knockoff+ threshold of W
        assert selector.threshold_ == knockoff_threshold(selector.statistics_, q)
    fdp = np.asarray(fdp)
    assert fdp.mean() <= q + 2 * fdp.std(ddof=1) / np.sqrt(fdp.size)
    assert np.mean(power) > 0.5


def test_knockoff_plus_under_the_global_null_rarely_selects_anything():
    # with no signal every selection is all false: FDR = P(R > 0) <= q
    q, any_selected = 0.2, []
    for seed in range(40):
        rng = np.random.default_rng(100 + seed)
        X, y = rng.normal(size=(100, 20)), rng.normal(size=100)
        selector = KnockoffSelector(fdr=q, knockoffs="fixed", task="regression",
                                    random_state=seed).fit(X, y)
        any_selected.append(selector.support_.any())
    rate = np.mean(any_selected)
    assert rate <= q + 2 * np.sqrt(q * (1 - q) / 40)


def test_knockoff_selector_wraps_any_base_selector_and_states_its_promise():
    X, y = classification_data(n=100, d=20)
    selector = KnockoffSelector(FilterSelector(method="anova", n_features_to_select=10),
                                fdr=0.3, random_state=0).fit(X, y)
    assert selector.error_control_.level == 0.3
    assert selector.error_control_.method == "model-X knockoffs, knockoff+"
    assert selector.statistics_.shape == (20,)
    again = KnockoffSelector(FilterSelector(method="anova", n_features_to_select=10),
                             fdr=0.3, random_state=0).fit(X, y)
    np.testing.assert_array_equal(again.statistics_, selector.statistics_)


def test_knockoff_refusals_name_the_values_that_would_work():
    X, y = _linear(0, n=40, d=30)
    with pytest.raises(ValueError, match="keep at most d=19 features"):
        KnockoffSelector(knockoffs="fixed", task="regression").fit(X, y)
    with pytest.raises(ValueError, match="Gaussian linear model"):
        KnockoffSelector(knockoffs="fixed").fit(X, (y > 0).astype(int))
    with pytest.raises(ValueError, match="at most 20 features"):
        KnockoffSelector(max_features=20, task="regression").fit(X, y)
    with pytest.raises(ValueError, match="offset"):
        KnockoffSelector(offset=2, task="regression").fit(X, y)
