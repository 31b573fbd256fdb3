"""What selector classes declare about themselves (the BaseSelector contract's class
attributes, read by the workflow instead of class names) and the small public helpers papers
use: descending_order, complementary_pairs, n_kept, default_n_features, GreedySelection."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
from _linear_data import informative_data

from fsstab.measures import applicable_measures, time_measures
from fsstab.selectors import (
    SELECTORS,
    BaseSelector,
    GreedySelection,
    HybridRFE,
    complementary_pairs,
    default_n_features,
    descending_order,
    get_filter,
    hybrid_rfe_sweep,
    n_kept,
)
from fsstab.selectors._univariate import sample_variance, welch_t_statistic


def _parameters(cls: type) -> list[str]:
    return [p for p in inspect.signature(cls.__init__).parameters if p != "self"]


def test_capabilities_are_declared_by_the_classes():
    calibrated = {n for n, c in SELECTORS.items() if c.calibrates_C}
    assert calibrated == {"LassoSelector", "ElasticNetSelector", "GroupLassoSelector"}
    # calibrate_C needs the constructor parameters C and target_k
    for name in calibrated:
        assert {"C", "target_k"} <= set(_parameters(SELECTORS[name]))
    assert {n for n, c in SELECTORS.items() if c.sweeps_any_parameter} == {
        "HybridRFE", "LogisticRFE"}
    for name, cls in SELECTORS.items():
        # refit_parameters are constructor parameters, and only classes with refit_final have
        assert set(cls.refit_parameters) <= set(_parameters(cls)), name
        assert bool(cls.refit_parameters) == hasattr(cls, "refit_final"), name
    assert SELECTORS["HybridRFE"].refit_parameters == ("final_C", "shrinkage_alpha")
    assert SELECTORS["LogisticRFE"].refit_parameters == ("final_C",)


def test_univariate_statistics_are_read_by_hybrid_rfe_with_forced_features_only():
    assert HybridRFE.uses_univariate_statistics({"n_forced": 2})
    assert not HybridRFE.uses_univariate_statistics({"n_forced": 0})
    assert not HybridRFE.uses_univariate_statistics({})  # default N = 0
    users = {n for n, c in SELECTORS.items() if c.uses_univariate_statistics({"n_forced": 2})}
    assert users == {"HybridRFE"}
    assert not BaseSelector.uses_univariate_statistics({"n_forced": 2})


def test_hybrid_rfe_fit_with_precomputed_statistics_equals_fit_and_sweep():
    X, y, _ = informative_data(60, 25, seed=4)
    statistics = (welch_t_statistic(X, y), sample_variance(X))
    params = {"n_features_to_select": 6, "n_forced": 3, "epsilon": 0.5, "C": 0.3}
    given = HybridRFE(**params).fit(X, y, univariate_statistics=statistics)
    plain = HybridRFE(**params).fit(X, y)
    ((_, swept),) = hybrid_rfe_sweep(X, y, {"n_forced": [3]},
                                     base=HybridRFE(**{**params, "n_forced": 0}),
                                     univariate_statistics=statistics)
    for other in (plain, swept):
        np.testing.assert_array_equal(given.support_, other.support_)
        np.testing.assert_array_equal(given.ranking_, other.ranking_)
        np.testing.assert_array_equal(given.importances_, other.importances_)
    assert not hasattr(given, "_sweep_cache")
    # statistics of other features are refused, not used silently
    with pytest.raises(ValueError, match="univariate_statistics must hold 25 values"):
        HybridRFE(**params).fit(X, y, univariate_statistics=(statistics[0][:3],
                                                             statistics[1][:3]))


def test_descending_order():
    scores = np.array([0.2, np.nan, 0.9, 0.2, -1.0])
    # highest first, ties in index order, NaN last
    assert descending_order(scores).tolist() == [2, 0, 3, 4, 1]
    ties = np.zeros(50)
    orders = {tuple(descending_order(ties, tie_break=seed)) for seed in range(5)}
    assert len(orders) == 5  # random tie order, one per seed
    assert all(sorted(o) == list(range(50)) for o in orders)
    np.testing.assert_array_equal(descending_order(ties, tie_break=3),
                                  descending_order(ties, tie_break=3))


@pytest.mark.parametrize(("n0", "n1"), [(10, 10), (7, 12), (5, 6)])
def test_complementary_pairs_are_disjoint_stratified_halves(n0, n1):
    y = np.array([0] * n0 + [1] * n1)
    half = (n0 + n1) // 2
    halves = complementary_pairs(y, 4, random_state=1)
    assert halves.shape == (8, half)
    for b in range(4):
        first, second = set(halves[2 * b]), set(halves[2 * b + 1])
        assert len(first) == len(second) == half
        assert not first & second
        for part in (halves[2 * b], halves[2 * b + 1]):
            # each class dealt alternately: at most one more than half of it in a half
            assert abs(int(np.sum(y[part] == 1)) - n1 / 2) <= 1
    np.testing.assert_array_equal(halves, complementary_pairs(y, 4, random_state=1))


def test_n_kept_rounds_half_to_even_as_r():
    assert [n_kept(0.5, d) for d in (1, 3, 5, 7)] == [0, 2, 2, 4]
    assert n_kept(1.0, 13) == 13
    assert n_kept(0.0, 13) == 0
    assert n_kept(0.25, 10) == 2  # 2.5 -> 2


def test_default_n_features():
    # min(20, round(sqrt(d))), at least 1
    assert [default_n_features(d) for d in (1, 2, 60, 399, 400, 10_000)] == [1, 1, 8, 20, 20,
                                                                            20]
    assert default_n_features(30) == round(math.sqrt(30)) == 5


def test_greedy_filters_return_a_greedy_selection():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 6))
    y = (X[:, 2] + 0.1 * rng.normal(size=40) > 0).astype(int)
    info = get_filter("mrmr")
    result = info.score(X, y, **{o: {"n_features_to_select": 3, "n_bins": 5}.get(o)
                                 for o in info.options if o in ("n_features_to_select",
                                                                "n_bins")})
    assert isinstance(result, GreedySelection)
    assert result.order.size == 3
    assert result.order[0] == 2  # the feature the labels come from is chosen first
    # one criterion value per feature: where it was chosen, NaN for the others
    assert result.scores.shape == (6,)
    assert np.isfinite(result.scores[result.order]).all()
    assert np.isnan(np.delete(result.scores, result.order)).all()


def test_measure_helpers_used_by_papers():
    Z = np.array([[1, 1, 0, 0], [1, 0, 1, 1]], dtype=bool)
    # Kuncheva's index needs equal sizes; canberra needs ranks
    assert applicable_measures(["jaccard", "kuncheva", "canberra"], Z,
                               available=("Z",)) == ("jaccard",)
    assert applicable_measures(["canberra", "jaccard"], Z) == ("canberra", "jaccard")
    with pytest.raises(ValueError, match="unknown stability measure 'nope'"):
        applicable_measures(["nope"], Z)
    with pytest.raises(ValueError, match=r"unknown input kind\(s\) \['X'\]"):
        applicable_measures(["jaccard"], Z, available=("X",))


def test_time_measures_times_each_measure_alone(monkeypatch):
    import fsstab.measures.timing as timing

    cleared = []
    monkeypatch.setattr(timing, "clear_expectation_cache", lambda: cleared.append(1))
    Z = np.array([[1, 1, 0, 0, 1], [1, 0, 1, 0, 1], [1, 1, 0, 1, 0]], dtype=bool)
    C = np.eye(5)
    C[0, 1] = C[1, 0] = 0.95
    seconds = time_measures(Z, ["jaccard", "intersection_count", "sechidis"], C=C,
                            threshold=0.9, params={"intersection_count": {"n_estimate": 50}},
                            random_state=0, repeats=2)
    assert list(seconds) == ["jaccard", "intersection_count", "sechidis"]
    assert all(s > 0 for s in seconds.values())
    assert len(cleared) == 3 * 2  # the memoised expectations are forgotten every time
    with pytest.raises(ValueError, match="repeats must be a positive integer"):
        time_measures(Z, ["jaccard"], repeats=0)
    with pytest.raises(ValueError, match="unknown stability measure 'nope'"):
        time_measures(Z, ["jaccard"], params={"nope": {}})


def test_the_classes_declaring_error_control_state_a_guarantee_when_fitted():
    from fsstab.error_control import ErrorGuarantee, error_guarantee
    from fsstab.selectors import FilterSelector, KnockoffSelector, StabilitySelection, Stabl

    fast = {
        "StabilitySelection": StabilitySelection(FilterSelector(method="anova"), q=3,
                                                 pi_thr=0.75, pfer=None, n_pairs=3),
        "Stabl": Stabl(n_pairs=3, random_state=0),
        "KnockoffSelector": KnockoffSelector(random_state=0),
    }
    assert {n for n, c in SELECTORS.items() if c.controls_error} == set(fast)
    X, y, _ = informative_data(40, 12, seed=1)
    for name, selector in fast.items():
        promise = error_guarantee(selector.fit(X, y))
        assert isinstance(promise, ErrorGuarantee), name
    # a class that does not declare it states none (the workflow refuses it for the check)
    assert error_guarantee(SELECTORS["LassoSelector"](target_k=3).fit(X, y)) is None
