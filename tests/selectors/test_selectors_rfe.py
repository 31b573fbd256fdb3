"""LogisticRFE, HybridRFE (Hamer & Dupont 2021, Algorithm 1, eqs. 15-16) and SVMRFE."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest
from _linear_data import informative_data
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from scipy.optimize import minimize
from sklearn.base import clone
from sklearn.feature_selection import RFE
from sklearn.linear_model import LogisticRegression
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from fsstab.importance import flip_sensitivity
from fsstab.selectors import (
    SELECTORS,
    SVMRFE,
    HybridRFE,
    LogisticRFE,
    _rfe,
    frequency_score,
    hybrid_rfe_sweep,
)
from fsstab.selectors._rfe import elimination_schedule, resolve_n_features

# -- schedule and frequency score (eq. 15) ---------------------------------------------------


def test_elimination_schedule_hand_values():
    # 20 % of the remaining features, floored, at least 1, never below k = 10:
    # 100 −20→ 80 −16→ 64 −12→ 52 −10→ 42 −8→ 34 −6→ 28 −5→ 23 −4→ 19 −3→ 16 −3→ 13 −2→ 11 → 10
    expected = [100, 80, 64, 52, 42, 34, 28, 23, 19, 16, 13, 11, 10]
    assert elimination_schedule(100, 10, 0.2).tolist() == expected
    assert elimination_schedule(100, 10, 30).tolist() == [100, 70, 40, 10]
    assert elimination_schedule(5, 5, 0.2).tolist() == [5]
    for bad in (0, 1.0, -0.1, True, "0.2"):
        with pytest.raises(ValueError, match="step"):
            elimination_schedule(10, 2, bad)


def test_resolve_n_features():
    assert resolve_n_features(None, 5000) == 20  # min(20, √d)
    assert resolve_n_features(None, 30) == 5
    with pytest.raises(ValueError, match="between 1 and n_features=4"):
        resolve_n_features(7, 4)  # more features than exist is a configuration error
    assert resolve_n_features(0.25, 40) == 10
    for bad in (0, -1, 1.5, "3", True):
        with pytest.raises(ValueError, match="n_features_to_select"):
            resolve_n_features(bad, 10)


def _closed_form(d, k, r):
    """Hamer §6.2: constant rank r gives sc = (|F_0|/|F_#|)(|F_#| − r + 1)/(|F_0| − r + 1)."""
    return d / k * (k - r + 1) / (d - r + 1)


@settings(max_examples=50, deadline=None)
@given(
    d=st.integers(5, 400),
    data=st.data(),
)
def test_frequency_score_constant_ranks_is_independent_of_the_schedule(d, data):
    k = data.draw(st.integers(1, d - 1))
    step_a = data.draw(st.floats(0.01, 0.99))
    step_b = data.draw(st.integers(1, d))
    scores = []
    for step in (step_a, step_b):
        sizes = elimination_schedule(d, k, step)
        ranks = np.tile(np.arange(1, d + 1), (sizes.size - 1, 1))  # feature f has rank f + 1
        scores.append(frequency_score(sizes, ranks))
    expected = np.full(d, np.nan)
    expected[:k] = [_closed_form(d, k, r) for r in range(1, k + 1)]
    for score in scores:
        np.testing.assert_allclose(score, expected, rtol=1e-12)
    assert scores[0][0] == pytest.approx(1.0)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10_000), d=st.integers(2, 60))
def test_frequency_score_bounded_on_random_paths(seed, d):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(1, d))
    sizes = elimination_schedule(d, k, float(rng.uniform(0.05, 0.9)))
    ranks = np.zeros((sizes.size - 1, d), dtype=int)
    alive = np.arange(d)
    expected = np.ones(d)
    for s in range(1, sizes.size):
        order = rng.permutation(alive)
        ranks[s - 1, order] = np.arange(1, alive.size + 1)
        for r, f in enumerate(order, start=1):  # eq. 15, one factor per step
            expected[f] *= (sizes[s] - r + 1) / (sizes[s - 1] - r + 1)
        alive = order[: sizes[s]]
    expected = np.where(np.isin(np.arange(d), alive), expected * sizes[0] / sizes[-1], np.nan)
    score = frequency_score(sizes, ranks)
    np.testing.assert_allclose(score, expected, rtol=1e-12)
    assert np.all((score[alive] > 0) & (score[alive] <= 1 + 1e-12))
    assert np.isnan(np.delete(score, alive)).all()


# -- Algorithm 1 against an independent implementation ---------------------------------------


def _reference_hybrid_rfe(X, y, k, forced, C, epsilon, step):
    """Algorithm 1 written out: per-feature ridge penalty solved directly by BFGS."""
    Xs = (X - X.mean(axis=0)) / X.std(axis=0)
    s = 2 * y - 1
    beta = np.ones(X.shape[1])
    beta[forced] = epsilon
    alive = list(range(X.shape[1]))
    eliminated_at = {}
    step_no = 0
    while len(alive) > k:
        step_no += 1
        Z = Xs[:, alive]

        def objective(z, Z=Z, pen=beta[alive]):
            w, b = z[:-1], z[-1]
            margins = Z @ w + b
            p = 1 / (1 + np.exp(-margins))
            value = C * np.logaddexp(0, -s * margins).sum() + 0.5 * np.sum((pen * w) ** 2)
            grad = np.append(C * Z.T @ (p - y) + pen**2 * w, C * np.sum(p - y))
            return value, grad

        z = minimize(
            objective,
            np.zeros(len(alive) + 1),
            jac=True,
            method="BFGS",
            options={"gtol": 1e-10, "maxiter": 10_000},
        ).x
        weight = dict(zip(alive, np.abs(z[:-1]), strict=True))
        free = sorted((f for f in alive if f not in forced), key=lambda f: -weight[f])
        order = list(forced) + free
        keep = max(k, len(alive) - max(1, int(step * len(alive))))
        for f in order[keep:]:
            eliminated_at[f] = step_no
        alive = sorted(order[:keep])
    ranking = np.ones(X.shape[1], dtype=int)
    for f, s_elim in eliminated_at.items():
        ranking[f] = step_no - s_elim + 2
    return np.array(alive), ranking


@pytest.mark.parametrize(("n_forced", "epsilon"), [(0, 1.0), (3, 0.3)])
def test_hybrid_rfe_matches_reference_algorithm(n_forced, epsilon):
    X, y, _ = informative_data(n=50, d=24, seed=3)
    selector = HybridRFE(
        n_features_to_select=6, n_forced=n_forced, epsilon=epsilon, C=0.2, step=0.2
    ).fit(X, y)
    forced = selector.forced_.tolist()
    support, ranking = _reference_hybrid_rfe(X, y, 6, forced, 0.2, epsilon, 0.2)
    np.testing.assert_array_equal(np.flatnonzero(selector.support_), support)
    np.testing.assert_array_equal(selector.ranking_, ranking)


@pytest.mark.parametrize(("n", "d", "step"), [(40, 150, 20), (120, 30, 4)])
def test_logistic_rfe_equals_scikit_learn_rfe(n, d, step):
    X, y, _ = informative_data(n=n, d=d, seed=1)
    ours = LogisticRFE(n_features_to_select=8, C=0.1, step=step).fit(X, y)
    Xs = StandardScaler().fit_transform(X)
    estimator = LogisticRegression(C=0.1, solver="newton-cholesky", tol=1e-12, max_iter=500)
    ref = RFE(estimator, n_features_to_select=8, step=step).fit(Xs, y)
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_array_equal(ours.ranking_, ref.ranking_)


def test_logistic_rfe_is_hybrid_rfe_without_forced_features():
    X, y, _ = informative_data(n=60, d=80, seed=2)
    plain = LogisticRFE(n_features_to_select=10, C=0.5, final_C=0.05).fit(X, y)
    hybrid = HybridRFE(
        n_features_to_select=10,
        n_forced=0,
        epsilon=0.2,
        C=0.5,
        final_C=0.05,
        variance_weight=0.9,
    ).fit(X, y)
    for name in ("support_", "ranking_", "importances_", "frequency_score_"):
        np.testing.assert_array_equal(getattr(plain, name), getattr(hybrid, name))
    assert plain.forced_.size == 0


def _univariate_top(X, y, k, weight):
    """Top-k of (1 − v) R(Welch t) + v R(sample variance), normalised average ranks."""
    t = np.abs(stats.ttest_ind(X[y == 1], X[y == 0], equal_var=False).statistic)
    var = np.var(X, axis=0, ddof=1)
    d = X.shape[1]
    score = (1 - weight) * stats.rankdata(t) / d + weight * stats.rankdata(var) / d
    return np.argsort(-score, kind="stable")[:k]


@pytest.mark.parametrize("weight", [0.0, 0.3, 1.0])
def test_hybrid_rfe_with_all_features_forced_is_the_univariate_filter(weight):
    X, y, _ = informative_data(n=60, d=50, seed=4)
    selector = HybridRFE(n_features_to_select=7, n_forced=7, variance_weight=weight).fit(X, y)
    top = _univariate_top(X, y, 7, weight)
    np.testing.assert_array_equal(selector.forced_, top)
    np.testing.assert_array_equal(np.flatnonzero(selector.support_), np.sort(top))


def test_forced_features_are_ranked_first_and_never_dropped():
    X, y, _ = informative_data(n=60, d=70, seed=5)
    selector = HybridRFE(n_features_to_select=9, n_forced=4, epsilon=0.5, C=0.3).fit(X, y)
    path = selector.rfe_path_
    assert path.n_steps > 3
    for s in range(1, path.n_steps + 1):
        assert set(selector.forced_) <= set(path.surviving(s))
        np.testing.assert_array_equal(path.ranks[s - 1, selector.forced_], [1, 2, 3, 4])
    # constant ranks 1..4: eq. 15's closed form
    expected = [_closed_form(70, 9, r) for r in (1, 2, 3, 4)]
    np.testing.assert_allclose(selector.frequency_score_[selector.forced_], expected, rtol=1e-12)
    score = selector.frequency_score_
    assert np.all((score[selector.support_] > 0) & (score[selector.support_] <= 1))
    assert np.isnan(score[~selector.support_]).all()


def test_path_records_the_elimination():
    X, y, _ = informative_data(n=50, d=40, seed=6)
    selector = LogisticRFE(n_features_to_select=5, step=0.3).fit(X, y)
    path = selector.rfe_path_
    np.testing.assert_array_equal(path.sizes, elimination_schedule(40, 5, 0.3))
    for s in range(1, path.n_steps + 1):
        assert path.surviving(s).size == path.sizes[s]
        assert set(path.surviving(s)) <= set(path.surviving(s - 1))
    np.testing.assert_array_equal(path.support, selector.support_)
    with pytest.raises(ValueError, match="step"):
        path.surviving(path.n_steps + 1)


# -- final model (eq. 16), refit_final, sweep -------------------------------------------------


def test_final_model_applies_eq16_penalty_factors():
    X, y, _ = informative_data(n=60, d=40, seed=7)
    selector = HybridRFE(n_features_to_select=6, n_forced=2, final_C=0.7, shrinkage_alpha=2.0).fit(
        X, y
    )
    sc = selector.frequency_score_[selector.support_]
    np.testing.assert_allclose(selector.penalty_factors_, 1 + 2.0 * (1 - sc))
    # the final model minimises C Σ ℓ + ½ Σ (c_f w_f)² on the standardised selected features
    Xs = StandardScaler().fit_transform(X[:, selector.support_])
    c, s = selector.penalty_factors_, 2 * y - 1

    def objective(z):
        w, b = z[:-1], z[-1]
        return 0.7 * np.logaddexp(0, -s * (Xs @ w + b)).sum() + 0.5 * np.sum((c * w) ** 2)

    direct = minimize(objective, np.zeros(7), method="BFGS", options={"gtol": 1e-10}).x[:-1]
    weights = selector.estimator_[-1].coef_[0] / c
    np.testing.assert_allclose(weights, direct, atol=1e-6)
    # importances: eq. 7 of those weights = eq. 9 of the predictive model (Theorem 1)
    imp = selector.importances_[selector.support_]
    np.testing.assert_allclose(imp, 6 * np.abs(direct) / np.abs(direct).sum(), rtol=1e-5)
    np.testing.assert_allclose(
        imp, flip_sensitivity(selector.estimator_, X[:, selector.support_]), rtol=1e-9
    )


def test_refit_final_equals_a_full_fit():
    X, y, _ = informative_data(n=60, d=60, seed=8)
    base = HybridRFE(n_features_to_select=8, n_forced=3, epsilon=0.5, C=0.3).fit(X, y)
    with mock.patch.object(_rfe, "run_elimination", side_effect=AssertionError("path rerun")):
        refit = base.refit_final(X, y, final_C=0.02, shrinkage_alpha=1.5)
    full = clone(base).set_params(final_C=0.02, shrinkage_alpha=1.5).fit(X, y)
    assert refit.get_params() == full.get_params()
    for name in ("support_", "ranking_", "importances_", "frequency_score_", "penalty_factors_"):
        np.testing.assert_array_equal(getattr(refit, name), getattr(full, name))
    np.testing.assert_array_equal(refit.decision_function(X), full.decision_function(X))
    assert base.final_C is None  # the original is untouched


def test_refit_final_errors():
    X, y, _ = informative_data(n=40, d=20, seed=9)
    fitted = LogisticRFE(n_features_to_select=4).fit(X, y)
    with pytest.raises(ValueError, match="training data"):
        fitted.refit_final(X + 1.0, y, final_C=0.1)
    with pytest.raises(ValueError, match="only changes"):
        fitted.refit_final(X, y, C=0.1)
    with pytest.raises(ValueError, match="only changes"):
        fitted.refit_final(X, y, shrinkage_alpha=1.0)  # not a LogisticRFE parameter


def test_sweep_computes_one_path_per_path_parameters():
    X, y, _ = informative_data(n=50, d=60, seed=10)
    grid = {
        "n_forced": [0, 2],
        "epsilon": [0.5, 1.0],
        "final_C": [0.05, 1.0],
        "shrinkage_alpha": [0.0, 1.0],
    }
    base = HybridRFE(n_features_to_select=6, C=0.4)
    with mock.patch.object(_rfe, "run_elimination", wraps=_rfe.run_elimination) as spy:
        results = hybrid_rfe_sweep(X, y, grid, base=base)
    # N = 0: one path whatever ε; N = 2: one path per ε
    assert spy.call_count == 3
    assert len(results) == 16
    with mock.patch.object(_rfe, "univariate_order", wraps=_rfe.univariate_order) as spy:
        hybrid_rfe_sweep(X, y, grid, base=base)
    assert spy.call_count == 1
    for params, fitted in results[::5]:
        independent = clone(base).set_params(**params).fit(X, y)
        np.testing.assert_array_equal(fitted.support_, independent.support_)
        np.testing.assert_array_equal(fitted.importances_, independent.importances_)
    assert not hasattr(results[0][1], "_sweep_cache")


def test_sweep_errors():
    X, y, _ = informative_data(n=30, d=10, seed=0)
    with pytest.raises(ValueError, match="unknown HybridRFE parameters"):
        hybrid_rfe_sweep(X, y, {"gamma": [1.0]})
    with pytest.raises(ValueError, match="base must be a HybridRFE"):
        hybrid_rfe_sweep(X, y, {"C": [1.0]}, base=LogisticRFE())


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"n_forced": 5, "n_features_to_select": 3}, "n_forced"),
        ({"epsilon": 0.0}, "epsilon"),
        ({"epsilon": 1.5}, "epsilon"),
        ({"C": -1.0}, r"'C' parameter of HybridRFE must be a float in the range \(0.0, inf\)"),
        ({"final_C": 0}, "final_C"),
        ({"shrinkage_alpha": -0.5}, "shrinkage_alpha"),
        ({"variance_weight": 2.0, "n_forced": 1}, "variance_weight"),
    ],
)
def test_hybrid_rfe_parameter_errors(params, match):
    X, y, _ = informative_data(n=30, d=12, seed=0)
    with pytest.raises(ValueError, match=match):
        HybridRFE(**params).fit(X, y)


# -- SVM-RFE ----------------------------------------------------------------------------------


def test_linear_svm_rfe_equals_scikit_learn_rfe():
    X, y, _ = informative_data(n=50, d=40, seed=11)
    ours = SVMRFE(n_features_to_select=5, C=0.5, step=5).fit(X, y)
    Xs = StandardScaler().fit_transform(X)
    ref = RFE(SVC(kernel="linear", C=0.5), n_features_to_select=5, step=5).fit(Xs, y)
    np.testing.assert_array_equal(ours.ranking_, ref.ranking_)


def test_rbf_svm_rfe_ranks_by_margin_contribution():
    """First step of the RBF SVM-RFE: rank = decreasing |W² − W²_(−f)| recomputed by brute force."""
    X, y, _ = informative_data(n=40, d=12, seed=12)
    selector = SVMRFE(n_features_to_select=3, kernel="rbf", C=2.0, step=3).fit(X, y)
    Xs = StandardScaler().fit_transform(X)
    gamma = 1 / (12 * Xs.var())
    svm = SVC(kernel="rbf", C=2.0, gamma=gamma).fit(Xs, y)
    sv, a = svm.support_vectors_, svm.dual_coef_[0]
    w2 = a @ rbf_kernel(sv, gamma=gamma) @ a
    contribution = [
        abs(w2 - a @ rbf_kernel(np.delete(sv, f, 1), gamma=gamma) @ a) for f in range(12)
    ]
    expected_ranks = np.empty(12, int)
    expected_ranks[np.argsort(-np.array(contribution), kind="stable")] = np.arange(1, 13)
    np.testing.assert_array_equal(selector.rfe_path_.ranks[0], expected_ranks)
    assert selector.importances_[selector.support_].min() > 0


def test_svm_rfe_parameter_errors():
    X, y, _ = informative_data(n=30, d=10, seed=0)
    with pytest.raises(ValueError, match="kernel"):
        SVMRFE(kernel="poly").fit(X, y)
    with pytest.raises(ValueError, match="gamma"):
        SVMRFE(kernel="rbf", gamma=-1.0).fit(X, y)


# -- common behaviour -------------------------------------------------------------------------

RFE_SELECTORS = [
    LogisticRFE(n_features_to_select=4, C=0.5),
    HybridRFE(n_features_to_select=4, n_forced=1, epsilon=0.5, shrinkage_alpha=0.5),
    SVMRFE(n_features_to_select=4, kernel="linear"),
    SVMRFE(n_features_to_select=4, kernel="rbf"),
]


@pytest.mark.parametrize("selector", RFE_SELECTORS, ids=lambda s: repr(s))
def test_rfe_selectors_recover_informative_features_deterministically(selector):
    X, y, informative = informative_data(n=100, d=80, n_informative=4, signal=3.0, seed=13)
    first = clone(selector).fit(X, y)
    second = clone(selector).fit(X, y)
    np.testing.assert_array_equal(np.flatnonzero(first.support_), informative)
    np.testing.assert_array_equal(first.importances_, second.importances_)
    np.testing.assert_array_equal(first.ranking_, second.ranking_)
    assert first.score(X, y) > 0.9
    assert type(first).__name__ in SELECTORS


@pytest.mark.parametrize("selector", RFE_SELECTORS, ids=lambda s: repr(s))
def test_rfe_selectors_reject_non_binary_labels(selector):
    X, _, _ = informative_data(n=30, d=10, seed=0)
    with pytest.raises(ValueError, match="binary classification only"):
        clone(selector).fit(X, np.arange(30) % 3)


def test_total_ranking_breaks_rfe_ties_by_importance():
    """RFE ties all selected features at rank 1; φ_can needs a permutation (Hamer eq. 5)."""
    from fsstab.selectors import total_ranking

    ranking = np.array([1, 3, 1, 2, 1, 3])
    importances = np.array([0.5, 0.0, 2.0, 0.0, 0.5, 0.0])
    # selected: feature 2 (2.0) first, then 0 and 4 tie at 0.5 -> index order; eliminated
    # last step: 3; eliminated first (rank 3): 1 and 5 by index
    assert total_ranking(ranking, importances).tolist() == [2, 5, 1, 4, 3, 6]
    assert sorted(total_ranking(ranking, importances)) == list(range(1, 7))
