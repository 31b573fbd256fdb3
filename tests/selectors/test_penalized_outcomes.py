"""Penalised least squares and Cox regression (LassoSelector & co. with task="regression" /
"survival"): the solver against independent solutions, support recovery at the rate derived
from the simulation's signal-to-noise ratio, calibration, and public data."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from scipy import integrate, optimize, stats

from fsstab.outcomes import survival_target
from fsstab.selectors import (
    ElasticNetSelector,
    GroupLassoSelector,
    LassoSelector,
    calibrate_C,
)
from fsstab.selectors._logistic import GroupStructure, standardize
from fsstab.selectors._penalized_losses import (
    CoxLoss,
    LeastSquaresLoss,
    null_model_C_for,
    penalized_fit,
)


def linear_data(n=80, d=50, seed=0, sigma=1.0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    beta = np.zeros(d)
    beta[:4] = [2.0, -1.5, 1.0, 0.8]
    return X, X @ beta + sigma * rng.normal(size=n) + 3.0


def cox_data(n=120, d=20, seed=0, censoring_scale=2.0, beta=(1.0, -0.8, 0.6)):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    coef = np.zeros(d)
    coef[: len(beta)] = beta
    event_time = rng.exponential(1.0 / np.exp(X @ coef))
    censoring = rng.exponential(censoring_scale, size=n)
    # ties on purpose (Breslow): times rounded to one decimal
    time = np.round(np.minimum(event_time, censoring), 1) + 0.1
    return X, survival_target(event_time <= censoring, time)


def log_partial_likelihood(X, y, w):
    """Breslow's log partial likelihood written out sample by sample."""
    eta = X @ w
    total = 0.0
    for i in np.flatnonzero(y["event"]):
        at_risk = y["time"] >= y["time"][i]
        total += eta[i] - np.log(np.sum(np.exp(eta[at_risk])))
    return total


# --------------------------------------------------------------------------------------------
# The solver against independent solutions
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("l1_ratio", [1.0, 0.5])
def test_least_squares_equals_scikit_learns_elastic_net(l1_ratio):
    from sklearn.linear_model import ElasticNet

    X, y = linear_data()
    Xs = standardize(X)[0]
    n, d = Xs.shape
    groups = GroupStructure.from_labels(None, d)
    loss = LeastSquaresLoss(Xs, y)
    for factor in (1.5, 5.0, 30.0):
        C = factor * null_model_C_for(loss, groups, l1_ratio)
        ours = penalized_fit(loss, C, groups, l1_ratio=l1_ratio, tol=1e-10).coef
        # C Σ ½ r² + ρ|w|₁ + (1 − ρ)/2 |w|²  ==  (C n) [1/(2n) Σ r² + α ρ|w|₁ + α(1 − ρ)/2 |w|²]
        theirs = ElasticNet(alpha=1.0 / (C * n), l1_ratio=l1_ratio, tol=1e-14,
                            max_iter=1_000_000).fit(Xs, y).coef_
        np.testing.assert_allclose(ours, theirs, atol=1e-7)
        np.testing.assert_array_equal(ours != 0, theirs != 0)


def test_null_model_C_is_where_the_first_feature_enters():
    X, y = linear_data()
    Xs = standardize(X)[0]
    loss = LeastSquaresLoss(Xs, y)
    groups = GroupStructure.from_labels(None, Xs.shape[1])
    c0 = null_model_C_for(loss, groups, 1.0)
    # zero is optimal iff C |X_jᵀ(y − ȳ)| <= 1 for every j
    assert c0 == pytest.approx(1.0 / np.max(np.abs(Xs.T @ (y - y.mean()))))
    assert not np.any(penalized_fit(loss, 0.999 * c0, groups).coef)
    first = np.flatnonzero(penalized_fit(loss, 1.001 * c0, groups).coef)
    assert first.tolist() == [int(np.argmax(np.abs(Xs.T @ y)))]


def test_group_lasso_least_squares_satisfies_the_optimality_conditions():
    X, y = linear_data(d=30)
    Xs = standardize(X)[0]
    labels = np.arange(30) // 3
    groups = GroupStructure.from_labels(labels, 30)
    loss = LeastSquaresLoss(Xs, y)
    C = 4 * null_model_C_for(loss, groups, 1.0)
    w = penalized_fit(loss, C, groups, tol=1e-10).coef
    residual_gradient = -C * Xs.T @ (y - y.mean() - Xs @ w)
    active = 0
    for g in range(10):
        members = labels == g
        weight = np.sqrt(members.sum())
        norm = np.linalg.norm(w[members])
        if norm > 0:  # gradient + ω_g w_g / ||w_g|| = 0
            active += 1
            np.testing.assert_allclose(residual_gradient[members] + weight * w[members] / norm,
                                       0.0, atol=1e-7)
        else:  # ||gradient_g|| <= ω_g
            assert np.linalg.norm(residual_gradient[members]) <= weight + 1e-7
    assert 0 < active < 10


@pytest.mark.parametrize("l1_ratio", [1.0, 0.5, 0.0])
def test_cox_equals_a_direct_minimisation_of_the_penalised_partial_likelihood(l1_ratio):
    X, y = cox_data(n=60, d=6)
    Xs = standardize(X)[0]
    groups = GroupStructure.from_labels(None, 6)
    loss = CoxLoss(Xs, y["time"], y["event"])
    C = 0.05 if l1_ratio == 0 else 3 * null_model_C_for(loss, groups, max(l1_ratio, 1e-3))
    ours = penalized_fit(loss, C, groups, l1_ratio=l1_ratio, tol=1e-10).coef

    # w = u − v with u, v >= 0 makes the L1 term smooth; L-BFGS-B with bounds, numeric gradient
    def objective(uv):
        w = uv[:6] - uv[6:]
        return (-C * log_partial_likelihood(Xs, y, w) + l1_ratio * uv.sum()
                + 0.5 * (1 - l1_ratio) * w @ w)

    result = optimize.minimize(objective, np.full(12, 0.01), method="L-BFGS-B",
                               bounds=[(0, None)] * 12,
                               options={"ftol": 1e-15, "gtol": 1e-10, "maxiter": 10_000})
    direct = result.x[:6] - result.x[6:]
    assert objective(np.r_[np.maximum(ours, 0), np.maximum(-ours, 0)]) <= result.fun + 1e-8
    np.testing.assert_allclose(ours, direct, atol=2e-4)


def test_cox_equals_scikit_survivals_coxnet():
    linear_model = pytest.importorskip("sksurv.linear_model")
    X, y = cox_data(n=100, d=40, seed=2)
    Xs = standardize(X)[0]
    n = Xs.shape[0]
    groups = GroupStructure.from_labels(None, 40)
    loss = CoxLoss(Xs, y["time"], y["event"])
    for l1_ratio in (1.0, 0.5):
        C = 4 * null_model_C_for(loss, groups, l1_ratio)
        ours = penalized_fit(loss, C, groups, l1_ratio=l1_ratio, tol=1e-10).coef
        # scikit-survival: −(1/n) log PL + α(ρ|w|₁ + (1 − ρ)/2 |w|²), i.e. α = 1/(C n)
        theirs = linear_model.CoxnetSurvivalAnalysis(
            alphas=[1.0 / (C * n)], l1_ratio=l1_ratio, tol=1e-12, max_iter=1_000_000,
            fit_baseline_model=False).fit(Xs, y).coef_[:, 0]
        np.testing.assert_array_equal(ours != 0, theirs != 0)
        np.testing.assert_allclose(ours, theirs, atol=1e-5)


# --------------------------------------------------------------------------------------------
# Recovery of a known support at the derived rate
# --------------------------------------------------------------------------------------------


def orthogonal_design(n, p, rng):
    """Centred columns, pairwise orthogonal, each of norm √n (unit variance): XᵀX = n I."""
    Q, _ = np.linalg.qr(np.column_stack([np.ones(n), rng.normal(size=(n, p))]))
    return Q[:, 1:] * np.sqrt(n)


def top_s_probability(b, sd, p, s):
    """P(the s features with |mean| b have the s largest |z| among p), z ~ N(mean, sd²) iid:
    ∫ P(all p − s null |z| < t) d P(min of the s true |z| <= t)."""
    def true_cdf(t):
        return stats.norm.cdf((t - b) / sd) - stats.norm.cdf((-t - b) / sd)

    def true_pdf(t):
        return (stats.norm.pdf((t - b) / sd) + stats.norm.pdf((-t - b) / sd)) / sd

    def null_cdf(t):
        return 2 * stats.norm.cdf(t / sd) - 1

    def integrand(t):
        return s * true_pdf(t) * (1 - true_cdf(t)) ** (s - 1) * null_cdf(t) ** (p - s)

    return integrate.quad(integrand, 0, b + 12 * sd, limit=200)[0]


def test_regression_lasso_recovers_the_support_at_the_derived_rate():
    """With XᵀX = n I the LASSO is soft-thresholding of z = Xᵀy / n = β + N(0, σ²/n) per
    feature, independently (Tibshirani 1996, §2.2), so the LASSO with target_k = s selects
    the s largest |z_j|: exact recovery has the probability computed by top_s_probability."""
    n, p, s, sigma, b = 60, 40, 4, 1.0, 0.45
    expected = top_s_probability(b, sigma / np.sqrt(n), p, s)
    assert 0.3 < expected < 0.8  # a rate that discriminates (neither 0 nor 1)
    rng = np.random.default_rng(0)
    replicates, hits = 200, 0
    for _ in range(replicates):
        X = orthogonal_design(n, p, rng)
        beta = np.zeros(p)
        beta[:s] = b * rng.choice([-1.0, 1.0], size=s)
        y = X @ beta + sigma * rng.normal(size=n)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a path that ends one feature off is a miss
            selector = LassoSelector(task="regression", target_k=s).fit(X, y)
        hits += set(np.flatnonzero(selector.support_)) == set(range(s))
    binomial_sd = np.sqrt(expected * (1 - expected) / replicates)
    assert abs(hits / replicates - expected) < 4 * binomial_sd


def test_cox_lasso_recovers_the_support_at_the_derived_rate():
    """Near the start of the path the Cox LASSO admits the features in the order of their
    score statistics at w = 0, U_j / √I_j; with unit-variance orthogonal features and small
    effects U_j / √D ≈ N(β_j √D, 1) for D events (the information of one event is the variance
    of x in its risk set, ≈ 1). The rate of exact recovery is then top_s_probability with
    sd = 1/√D, averaged over the replicates' D; the normal approximation is allowed 0.05
    beyond the binomial error."""
    n, p, s, b = 200, 30, 3, 0.27
    rng = np.random.default_rng(1)
    replicates, hits, expected = 100, 0, []
    for _ in range(replicates):
        X = orthogonal_design(n, p, rng)
        beta = np.zeros(p)
        beta[:s] = b * rng.choice([-1.0, 1.0], size=s)
        event_time = rng.exponential(1.0 / np.exp(X @ beta))
        censoring = rng.exponential(2.0, size=n)
        event = event_time <= censoring
        y = survival_target(event, np.minimum(event_time, censoring))
        expected.append(top_s_probability(b, 1.0 / np.sqrt(event.sum()), p, s))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            selector = LassoSelector(task="survival", target_k=s).fit(X, y)
        hits += set(np.flatnonzero(selector.support_)) == set(range(s))
    rate = float(np.mean(expected))
    assert 0.3 < rate < 0.8
    binomial_sd = np.sqrt(rate * (1 - rate) / replicates)
    assert abs(hits / replicates - rate) < 4 * binomial_sd + 0.05


# --------------------------------------------------------------------------------------------
# Selectors, calibration, public data
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("task", ["regression", "survival"])
def test_target_k_and_the_predictive_model(task):
    X, y = linear_data() if task == "regression" else cox_data(d=40)
    for selector in (LassoSelector(task=task, target_k=4),
                     ElasticNetSelector(task=task, l1_ratio=0.7, target_k=4),
                     GroupLassoSelector(task=task, groups=np.arange(X.shape[1]) // 2,
                                        target_k=4)):
        selector.fit(X, y)
        assert selector.n_features_selected_ == 4
        assert set(np.flatnonzero(selector.support_)) >= {0, 1}
        model = selector.estimator_[-1]
        # refitted on the selected columns from the path's solution: the same weights
        assert np.count_nonzero(model.coef_) == 4
        # eq. 7 on the standardised weights
        w = np.abs(model.coef_)
        np.testing.assert_allclose(selector.importances_[selector.support_], 4 * w / w.sum())
        prediction = selector.predict(X)
        assert prediction.shape == (X.shape[0],)
        assert prediction.dtype == np.float64
        assert not hasattr(selector, "classes_")
        assert not hasattr(selector, "decision_function")
        assert selector.score(X, y) > (0.5 if task == "regression" else 0.65)


@pytest.mark.parametrize("task", ["regression", "survival"])
def test_calibrate_C_reaches_the_mean_support_size(task):
    X, y = linear_data(n=100, d=60) if task == "regression" else cox_data(n=150, d=40)
    rng = np.random.default_rng(4)
    train_sets = [rng.choice(X.shape[0], X.shape[0]) for _ in range(6)]
    selector = LassoSelector(task=task)
    result = calibrate_C(selector, X, y, train_sets, target_k=5)
    assert result.reached
    below = result.mean_support_size < 5
    # C lies between the last evaluated C below the target and the first one at or above it
    assert result.Cs[below].max() <= result.C * (1 + 1e-12)
    assert result.Cs[~below].min() * (1 + 1e-12) >= result.C
    sizes = [LassoSelector(task=task, C=result.C).fit(X[rows], y[rows]).n_features_selected_
             for rows in train_sets]
    assert abs(np.mean(sizes) - 5) <= 1.5
    # a training set without variation of the outcome: the target is constant (regression) or
    # every sample censored (survival)
    degenerate = (np.zeros(5, int) if task == "regression"
                  else np.flatnonzero(~y["event"])[:5])
    with pytest.raises(ValueError, match=r"train_sets\[1\]: .*(constant|censored)"):
        calibrate_C(selector, X, y, [train_sets[0], degenerate], target_k=3)


def test_diabetes_lasso_follows_the_published_path():
    """Efron, Hastie, Johnstone & Tibshirani (2004, Least angle regression, Ann. Stat.
    32:407, Fig. 1 and §1) on the diabetes data: the LASSO admits bmi, ltg (s5), map (bp),
    hdl (s3), sex, glu (s6) first -- columns 2, 8, 3, 6, 1, 9."""
    from sklearn.datasets import load_diabetes

    X, y = load_diabetes(return_X_y=True)
    published = [2, 8, 3, 6, 1, 9]
    for k in range(1, 7):
        selector = LassoSelector(task="regression", target_k=k).fit(X, y)
        assert set(np.flatnonzero(selector.support_)) == set(published[:k])
    # the six-feature model explains about half the variance (the full OLS fit: R² = 0.518)
    assert 0.45 < selector.score(X, y) < 0.518


def test_breast_cancer_survival_matches_scikit_survival():
    """scikit-survival's breast cancer data (Desmedt et al. 2007: 76 genes + clinical
    variables, time to distant metastasis, 74 % censored): the Cox LASSO's support equals
    CoxnetSurvivalAnalysis's at the same penalty."""
    datasets = pytest.importorskip("sksurv.datasets")
    from sksurv.column import encode_categorical
    from sksurv.linear_model import CoxnetSurvivalAnalysis

    frame, y = datasets.load_breast_cancer()
    X = encode_categorical(frame).to_numpy(dtype=float)
    selector = LassoSelector(task="survival", target_k=10).fit(X, y)
    assert selector.n_features_selected_ == 10
    theirs = CoxnetSurvivalAnalysis(alphas=[1.0 / (selector.C_ * len(y))], l1_ratio=1.0,
                                    tol=1e-10, max_iter=1_000_000, fit_baseline_model=False)
    theirs.fit(standardize(X)[0], y)
    np.testing.assert_array_equal(selector.support_, theirs.coef_[:, 0] != 0)


def test_cox_loss_stays_finite_for_a_wild_linear_predictor():
    """A trial step of the line search may spread η over more than the float range; the loss
    must then be large (and the step rejected), never −inf from risk sets underflowing to 0."""
    X, y = cox_data(n=40, d=3)
    loss = CoxLoss(X, y["time"], y["event"])
    w = np.array([900.0, -700.0, 500.0])
    value = loss.value(w)
    eta = X @ w
    expected = 0.0  # log-sum-exp written out per event
    for i in np.flatnonzero(y["event"]):
        risk = eta[y["time"] >= y["time"][i]]
        expected += np.log(np.sum(np.exp(risk - risk.max()))) + risk.max() - eta[i]
    assert value == pytest.approx(expected, rel=1e-12)
    assert np.all(np.isfinite(loss.gradient(w)))
    assert np.all(np.isfinite(loss.hessian(w)))
