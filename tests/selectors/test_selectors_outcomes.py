"""Selectors for continuous and survival outcomes: scikit-learn conformance, declared tasks,
filters against independent derivations, forests, LinearRFE, importances, fsstab.sklearn."""

from __future__ import annotations

import doctest
import warnings

import numpy as np
import pytest
from scipy import optimize, stats
from sklearn.base import clone, is_regressor
from sklearn.exceptions import NotFittedError
from sklearn.utils.estimator_checks import check_estimator

from fsstab.outcomes import survival_target
from fsstab.selectors import (
    FILTERS,
    SELECTORS,
    ElasticNetSelector,
    FilterSelector,
    GroupLassoSelector,
    HybridRFE,
    KnockoffSelector,
    LassoSelector,
    LinearRFE,
    PenalizedCoxRegression,
    RandomForestSelector,
    StabilitySelection,
    Stabl,
    get_filter,
    selectors_for_task,
)
from fsstab.selectors._filter_outcomes import (
    gaussian_mutual_information,
    score_cox,
    score_f_test,
    score_mrmr_regression,
    score_mutual_information,
    score_pearson,
    score_spearman,
)
from fsstab.selectors._linear_rfe import ridge_weights


def regression_data(n=100, d=40, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    return X, 2 * X[:, 0] - 1.5 * X[:, 1] + X[:, 2] + 0.5 * rng.normal(size=n)


def survival_data(n=150, d=30, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    event_time = rng.exponential(1.0 / np.exp(1.2 * X[:, 0] - X[:, 1] + 0.8 * X[:, 2]))
    censoring = rng.exponential(2.0, size=n)
    return X, survival_target(event_time <= censoring, np.minimum(event_time, censoring))


REGRESSORS = [
    LassoSelector(task="regression"),
    ElasticNetSelector(task="regression", l1_ratio=0.5, target_k=2),
    GroupLassoSelector(task="regression"),
    RandomForestSelector(task="regression", n_estimators=20, n_features_to_select=2,
                         random_state=0),
    FilterSelector(method="pearson", task="regression", n_features_to_select=2),
    FilterSelector(method="mrmr", task="regression", n_features_to_select=2),
    LinearRFE(n_features_to_select=2),
    Stabl(FilterSelector(method="pearson", n_features_to_select=2), n_pairs=3,
          task="regression", random_state=0),
    # the check data have one informative feature: knockoff+ never selects fewer than 1/fdr
    KnockoffSelector(task="regression", fdr=0.5, offset=0, random_state=0),
    # stabs' semantics on the least-squares LASSO path; q given, since the check data have
    # too few features for a PFER bound to leave one per subsample
    StabilitySelection(LassoSelector(), q=1, pi_thr=0.6, pfer=None, n_pairs=3,
                       selection="path", task="regression", random_state=0),
]

SURVIVAL = [
    LassoSelector(task="survival", target_k=3),
    ElasticNetSelector(task="survival", target_k=3),
    GroupLassoSelector(task="survival", target_k=3),
    FilterSelector(method="cox", task="survival", n_features_to_select=3),
    LinearRFE(n_features_to_select=3, task="survival"),
]


def _name(selector):
    return f"{type(selector).__name__}-{getattr(selector, 'method', '')}"


def test_every_selector_serving_regression_gets_the_regressor_checks():
    assert {type(s).__name__ for s in REGRESSORS} == set(selectors_for_task("regression"))


@pytest.mark.parametrize("selector", REGRESSORS, ids=_name)
def test_regression_selectors_pass_scikit_learns_regressor_checks(selector):
    assert is_regressor(selector)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results = check_estimator(selector, on_fail=None)
    failed = [(r["check_name"], repr(r["exception"])[:200]) for r in results
              if r["status"] == "failed"]
    assert failed == []
    assert any(r["check_name"] == "check_regressors_train" and r["status"] == "passed"
               for r in results)


@pytest.mark.parametrize("selector", SURVIVAL, ids=_name)
def test_survival_selectors_follow_the_estimator_contract(selector):
    X, y = survival_data()
    with pytest.raises(NotFittedError):
        clone(selector).predict(X)
    first = clone(selector).fit(X, y)
    assert first is not None
    assert first.n_features_in_ == X.shape[1]
    assert first.n_features_selected_ == 3
    assert {0, 1} <= set(np.flatnonzero(first.get_support()))
    assert first.transform(X).shape == (X.shape[0], 3)
    risk = first.predict(X)
    assert risk.shape == (X.shape[0],)
    assert first.score(X, y) > 0.7  # Harrell's C of a model that found the risk factors
    # deterministic, and the same target as a 2-column array (time, event)
    second = clone(selector).fit(X, np.column_stack([y["time"], y["event"]]))
    np.testing.assert_array_equal(first.support_, second.support_)
    np.testing.assert_array_equal(first.importances_, second.importances_)
    assert not hasattr(first, "predict_proba")
    assert not hasattr(first, "decision_function")
    with pytest.raises(ValueError, match="survival target"):
        clone(selector).fit(X, y["time"])


def test_random_survival_forest():
    pytest.importorskip("sksurv")
    X, y = survival_data(n=120, d=15)
    selector = RandomForestSelector(task="survival", n_estimators=60, n_features_to_select=3,
                                    random_state=0).fit(X, y)
    assert set(np.flatnonzero(selector.support_)) == {0, 1, 2}
    assert selector.score(X, y) > 0.7
    again = RandomForestSelector(task="survival", n_estimators=60, n_features_to_select=3,
                                 random_state=0).fit(X, y)
    np.testing.assert_array_equal(selector.importances_, again.importances_)
    with pytest.raises(ValueError, match="log-rank"):
        RandomForestSelector(task="survival", criterion="gini").fit(X, y)


def test_random_forest_regression_oob_importance():
    X, y = regression_data(n=150, d=10)
    selector = RandomForestSelector(task="regression", n_estimators=100,
                                    n_features_to_select=3, random_state=1).fit(X, y)
    assert set(np.flatnonzero(selector.support_)) == {0, 1, 2}
    # out-of-bag permutation importance: the noise features stay near 0, the strongest leads
    assert np.argmax(selector.scores_) == 0
    assert selector.scores_[3:].max() < 0.1 * selector.scores_[0]


def test_tasks_are_declared_and_wrong_ones_refused():
    assert LassoSelector.tasks == {"classification", "multiclass", "regression", "survival"}
    assert HybridRFE.tasks == {"classification"}
    assert "HybridRFE" not in selectors_for_task("multiclass")
    assert "LassoSelector" in selectors_for_task("multiclass")
    # a multiclass filter serves more than two classes, a two-class filter does not
    assert FilterSelector.task_problem("multiclass", {"method": "anova"}) is None
    assert "does not serve task 'multiclass'" in FilterSelector.task_problem(
        "multiclass", {"method": "welch_t"})
    with pytest.raises(ValueError, match="task 'multiclass' is served with "
                                         "task='classification'"):
        LassoSelector(task="multiclass").fit(*regression_data())
    assert "LinearRFE" in selectors_for_task("regression")
    assert "HybridRFE" not in selectors_for_task("survival")
    assert set(selectors_for_task("classification")) == {
        name for name, cls in SELECTORS.items() if "classification" in cls.tasks}
    with pytest.raises(ValueError, match="LinearRFE cannot serve task 'classification'"):
        LinearRFE(task="classification").fit(*regression_data())
    with pytest.raises(ValueError, match="'task' parameter of LassoSelector must be a str among"):
        LassoSelector(task="cox").fit(*regression_data())
    assert HybridRFE.task_problem("regression", {}) is not None
    assert LassoSelector.task_problem("survival", {}) is None
    problem = FilterSelector.task_problem("survival", {"method": "anova"})
    assert "filters for survival: cox, variance" in problem
    assert FilterSelector.task_problem("regression", {"method": "mrmr"}) is None
    # classification stays the default: a selector that serves several tasks is no regressor
    assert not is_regressor(LassoSelector())
    assert is_regressor(LassoSelector(task="regression"))


def test_filter_registry_declares_tasks():
    by_task = {task: {name for name, info in FILTERS.items() if task in info.tasks}
               for task in ("regression", "survival")}
    assert by_task["regression"] == {"pearson", "spearman", "f_test", "mutual_information",
                                     "mrmr", "variance"}
    assert by_task["survival"] == {"cox", "variance"}
    assert get_filter("mrmr").score_for("regression") is score_mrmr_regression
    with pytest.raises(ValueError, match="n_bins does not apply"):
        FilterSelector(method="mrmr", task="regression", n_bins=5).fit(*regression_data())
    with pytest.raises(ValueError, match="does not serve task 'classification'"):
        get_filter("pearson").score_for("classification")


def test_correlation_filters_against_scipy_and_scikit_learn():
    from sklearn.feature_selection import f_regression

    X, y = regression_data(n=50, d=8)
    X[:, 5] = np.round(X[:, 5])  # ties for Spearman's average ranks
    np.testing.assert_allclose(score_pearson(X, y),
                               [abs(stats.pearsonr(X[:, j], y)[0]) for j in range(8)])
    np.testing.assert_allclose(score_spearman(X, y),
                               [abs(stats.spearmanr(X[:, j], y)[0]) for j in range(8)])
    np.testing.assert_allclose(score_f_test(X, y), f_regression(X, y)[0])


def test_mutual_information_sees_a_dependence_correlation_misses():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(300, 5))
    y = X[:, 3] ** 2 + 0.1 * rng.normal(size=300)  # uncorrelated with X[:, 3], dependent on it
    information = score_mutual_information(X, y, random_state=0)
    assert np.argmax(information) == 3
    assert information[3] > 5 * np.delete(information, 3).max()


def test_gaussian_mutual_information_is_the_bivariate_normal_one():
    # I = H(X) + H(Y) − H(X, Y) for a bivariate normal of correlation ρ
    for rho in (0.0, 0.3, 0.9):
        cov = np.array([[1.0, rho], [rho, 1.0]])
        joint = stats.multivariate_normal(cov=cov).entropy()
        marginal = stats.norm.entropy()
        assert gaussian_mutual_information(rho) == pytest.approx(2 * marginal - joint)


def test_mrmr_for_a_continuous_target_skips_a_redundant_copy():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(200, 6))
    X[:, 4] = X[:, 0] + 0.05 * rng.normal(size=200)  # a near copy of the strongest feature
    y = 2 * X[:, 0] + X[:, 1] + 0.8 * X[:, 2] + 0.3 * rng.normal(size=200)
    result = score_mrmr_regression(X, y, n_features_to_select=3)
    assert result.order[0] in (0, 4)
    assert set(result.order.tolist()) == {result.order[0], 1, 2}
    # the relevance ranking alone would take the copy second
    assert set(np.argsort(-score_spearman(X, y))[:2]) == {0, 4}


def test_cox_score_statistic_equals_the_derivatives_of_the_partial_likelihood():
    """U(0)² / I(0), with U and I the first and (minus) second derivative of Breslow's log
    partial likelihood of the one-feature model at β = 0, by central differences."""
    rng = np.random.default_rng(4)
    n = 40
    X = rng.normal(size=(n, 3))
    time = rng.integers(1, 10, size=n).astype(float)  # many ties
    event = rng.random(n) < 0.7
    y = survival_target(event, time)

    def log_pl(x, beta):
        total = 0.0
        for i in np.flatnonzero(event):
            at_risk = time >= time[i]
            total += beta * x[i] - np.log(np.sum(np.exp(beta * x[at_risk])))
        return total

    h = 1e-4
    expected = []
    for j in range(3):
        x = X[:, j]
        first = (log_pl(x, h) - log_pl(x, -h)) / (2 * h)
        second = (log_pl(x, h) - 2 * log_pl(x, 0.0) + log_pl(x, -h)) / h**2
        expected.append(first**2 / -second)
    np.testing.assert_allclose(score_cox(X, y), expected, rtol=1e-5)
    # a binary feature: the score test is the log-rank test (the statistic is chi² with 1 df)
    assert np.all(score_cox(X, y) >= 0)


def test_ridge_weights_in_the_row_space_equal_the_full_solution():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(15, 40))
    Xs = (X - X.mean(axis=0)) / X.std(axis=0)
    y = Xs[:, 0] - Xs[:, 1] + 0.2 * rng.normal(size=15)
    C = 0.7
    direct = np.linalg.solve(C * Xs.T @ Xs + np.eye(40), C * Xs.T @ (y - y.mean()))
    np.testing.assert_allclose(ridge_weights("regression", Xs, y, C), direct, atol=1e-10)
    # ridge Cox in the row space against a direct minimisation over all 40 weights
    event_time = rng.exponential(np.exp(-Xs[:, 0]))
    target = survival_target(np.ones(15, bool), event_time)

    def objective(w):
        eta = Xs @ w
        value = 0.0
        for i in range(15):
            value -= eta[i] - np.log(np.sum(np.exp(eta[event_time >= event_time[i]])))
        return C * value + 0.5 * w @ w

    direct = optimize.minimize(objective, np.zeros(40), method="BFGS",
                               options={"gtol": 1e-10}).x
    np.testing.assert_allclose(ridge_weights("survival", Xs, target, C), direct, atol=1e-5)


@pytest.mark.parametrize("task", ["regression", "survival"])
def test_linear_rfe_recovers_the_risk_factors(task):
    X, y = regression_data() if task == "regression" else survival_data()
    selector = LinearRFE(n_features_to_select=3, task=task).fit(X, y)
    assert set(np.flatnonzero(selector.support_)) == {0, 1, 2}
    assert selector.ranking_[selector.support_].tolist() == [1, 1, 1]
    coef = np.abs(selector.estimator_[-1].coef_)
    np.testing.assert_allclose(selector.importances_[selector.support_], 3 * coef / coef.sum())


def test_filter_selector_default_models_per_task():
    X, y = regression_data()
    selector = FilterSelector(method="f_test", task="regression", n_features_to_select=3)
    selector.fit(X, y)
    assert type(selector.estimator_[-1]).__name__ == "Ridge"
    assert selector.score(X, y) > 0.8
    X, y = survival_data()
    selector = FilterSelector(method="variance", task="survival", n_features_to_select=3)
    selector.fit(X, y)
    assert isinstance(selector.estimator_[-1], PenalizedCoxRegression)


def test_outcome_importances():
    from sklearn.ensemble import RandomForestRegressor
    from sklearn.linear_model import LinearRegression

    from fsstab.importance.outcomes import (
        oob_permutation_importance_outcome,
        outcome_model_importances,
        permutation_importance_outcome,
    )

    rng = np.random.default_rng(6)
    X = rng.normal(size=(400, 3)) * [1.0, 2.0, 1.0]
    y = 3 * X[:, 0] + 1 * X[:, 1]
    model = LinearRegression().fit(X, y)
    # eq. 7 on standardised weights: |w_f| sd(x_f) = 3·1, 1·2 and (up to rounding, which
    # ||w||_0 counts) 0, rescaled to sum to ||w||_0 = 3
    np.testing.assert_allclose(outcome_model_importances(model, X, y, task="regression"),
                               3 * np.array([3.0, 2.0, 0.0]) / 5.0, atol=0.05)
    # permuting x_f of a linear model adds w_f² · 2 var(x_f) to the mean squared error
    values = permutation_importance_outcome(model, X, y, task="regression", n_repeats=20,
                                            random_state=0)
    np.testing.assert_allclose(values, [9 * 2 * 1.0, 1 * 2 * 4.0, 0.0], rtol=0.15, atol=1e-9)
    forest = RandomForestRegressor(n_estimators=30, random_state=0).fit(X, y)
    oob = oob_permutation_importance_outcome(forest, X, y, task="regression", random_state=0)
    assert oob[0] > oob[1] > oob[2] >= 0


def test_docstring_examples_run():
    import fsstab.selectors._linear_rfe
    import fsstab.selectors._outcome_models
    import fsstab.selectors._tasks

    for module in (fsstab.selectors._linear_rfe, fsstab.selectors._outcome_models,
                   fsstab.selectors._tasks):
        result = doctest.testmod(module)
        assert result.failed == 0
        assert result.attempted > 0


def test_fsstab_sklearn_with_regressors_and_scorers():
    from sklearn.feature_selection import SelectFromModel
    from sklearn.linear_model import Lasso, Ridge
    from sklearn.model_selection import KFold, ShuffleSplit
    from sklearn.pipeline import make_pipeline

    from fsstab.sklearn import StabilitySearchCV, cross_validate_stability

    X, y = regression_data(n=80, d=30)
    result = cross_validate_stability(LassoSelector(task="regression", target_k=3), X, y,
                                      cv=ShuffleSplit(5, random_state=0), scoring="r2")
    assert result.selection.shape == (5, 30)
    assert result.selection.iloc[:, :3].to_numpy().all()  # the three risk factors every time
    assert np.all(result.scores["test_score"] > 0.4)  # the LASSO at 3 features shrinks a lot
    result = cross_validate_stability(make_pipeline(SelectFromModel(Lasso(alpha=0.1)), Ridge()),
                                      X, y, cv=KFold(5), scoring="neg_root_mean_squared_error")
    assert np.all(result.scores["test_score"] < 0)
    search = StabilitySearchCV(
        make_pipeline(LassoSelector(task="regression"), Ridge()),
        {"lassoselector__target_k": [1, 3, 8]}, scoring="r2", cv=ShuffleSplit(5, random_state=0),
        refit="epsilon").fit(X, y)
    # 3 features: the best R² (within 0.025) and the stable risk factors
    assert search.best_params_ == {"lassoselector__target_k": 3}
    assert search.predict(X).shape == (80,)


def _outcome_doc_blocks():
    from pathlib import Path

    from test_docs import python_blocks

    return python_blocks(Path(__file__).resolve().parents[2] / "docs" / "outcomes.md")


@pytest.mark.parametrize(("line", "code"), _outcome_doc_blocks(),
                         ids=[f"outcomes.md:{line}" for line, _ in _outcome_doc_blocks()])
def test_outcomes_page_examples_run(line, code):
    if "sksurv" in code:
        pytest.importorskip("sksurv")
    exec(compile(code, f"docs/outcomes.md:{line}", "exec"), {"__name__": "__main__"})
