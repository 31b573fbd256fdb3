"""Integrated path stability selection: the bound's density against the moments of a binomial
mean, the integral and the q-values against loops written out here, and the stability paths of
a LASSO against scikit-learn fits."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.integrate import quad
from scipy.stats import binom
from sklearn.linear_model import LogisticRegression

from fsstab.selectors import (
    LassoSelector,
    complementary_pairs,
    integrated_path_stability,
    ipss_bound_density,
    ipss_q_values,
    lasso_stability_paths,
)
from fsstab.selectors._lasso_path import standardized_subsample


@pytest.mark.parametrize("m", [1, 2, 3])
@pytest.mark.parametrize(("q", "p", "B"), [(10, 100, 50), (3, 40, 7), (25, 1000, 20)])
def test_bound_density_is_p_times_the_moment_of_the_pair_mean(m, q, p, B):
    # Π̃ = (1/B) Σ Y_b with Y_b iid Bernoulli(θ²): E Π̃^m from the binomial distribution
    theta2 = (q / p) ** 2
    k = np.arange(B + 1)
    moment = float(np.sum(binom.pmf(k, B, theta2) * (k / B) ** m))
    if m == 1:  # the m = 1 bound is E(2π̂ − 1) <= E Π̃ = θ² (Shah & Samworth)
        moment = theta2
    assert float(ipss_bound_density(q, p, B, m)) == pytest.approx(p * moment, rel=1e-12)


def test_q_values_by_the_definition():
    rng = np.random.default_rng(0)
    efp = np.round(rng.exponential(2.0, size=40), 1)  # ties included
    expected = []
    for score in efp:
        fdrs = []
        for t in efp[efp >= score]:
            kept = efp[efp <= t]
            fdrs.append(kept.max() / kept.size)
        expected.append(min(fdrs))
    np.testing.assert_allclose(ipss_q_values(efp), expected, rtol=1e-12)


@pytest.mark.parametrize(("m", "delta"), [(2, 1.0), (3, 0.5), (1, 0.0)])
def test_integral_scores_and_efp_by_a_loop(m, delta):
    rng = np.random.default_rng(1)
    n_lambdas, B, d = 12, 6, 30
    lambdas = np.geomspace(2.0, 0.05, n_lambdas)
    # selection grows down the path: feature j enters the subsample's model at a random point
    entry = rng.integers(1, 3 * n_lambdas, size=(2 * B, d))
    entry[:, :3] = rng.integers(1, 4, size=(2 * B, 3))  # three strong features enter early
    Z = np.arange(n_lambdas)[:, None, None] >= entry[None, :, :]
    whole = integrated_path_stability(Z, lambdas, n_pairs=B, m=m, delta=delta, cutoff=np.inf)
    cutoff = whole.bound / 2  # the cutoff bites half-way
    result = integrated_path_stability(Z, lambdas, n_pairs=B, m=m, delta=delta, cutoff=cutoff)
    total = quad(lambda x: x ** -delta, lambdas[-1], lambdas[0])[0]
    integral, scores, used = 0.0, np.zeros(d), 0
    for i in range(n_lambdas - 1):  # the cell below grid point i, valued at point i
        mass = quad(lambda x: x ** -delta, lambdas[i + 1], lambdas[i])[0] / total
        q_mean = Z[i].sum(axis=1).mean()
        if m == 1:
            density = q_mean**2 / d
        elif m == 2:
            density = q_mean**2 / (d * B) + (B - 1) * q_mean**4 / (B * d**3)
        else:
            density = (q_mean**2 / (d * B**2) + 3 * (B - 1) * q_mean**4 / (d**3 * B**2)
                       + (B - 1) * (B - 2) * q_mean**6 / (d**5 * B**2))
        if integral + mass * density > cutoff:
            break
        integral += mass * density
        freq = Z[i].mean(axis=0)
        scores += mass * np.where(freq > 0.5, (2 * freq - 1) ** m, 0.0)
        used += 1
    assert result.n_points == used
    assert 1 <= used < n_lambdas - 1  # the cutoff bites
    assert result.bound == pytest.approx(integral, rel=1e-9)
    np.testing.assert_allclose(result.scores, scores, rtol=1e-9, atol=1e-15)
    np.testing.assert_allclose(result.efp_scores,
                               integral / np.maximum(scores, integral / d), rtol=1e-9)
    assert result.efp_scores[:3].max() < result.efp_scores[3:].min()
    np.testing.assert_array_equal(result.selected(target_fp=1.0), result.efp_scores <= 1.0)


def test_nothing_selected_gives_no_discovery():
    Z = np.zeros((4, 10, 7), dtype=bool)
    result = integrated_path_stability(Z, np.geomspace(1, 0.1, 4), n_pairs=5)
    np.testing.assert_array_equal(result.efp_scores, np.full(7, 7.0))
    assert not result.selected(target_fdr=0.2).any()


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="decreasing"):
        integrated_path_stability(np.zeros((3, 4, 5), bool), np.array([1.0, 2.0, 3.0]),
                                  n_pairs=2)
    with pytest.raises(ValueError, match="shape"):
        integrated_path_stability(np.zeros((3, 5), bool), np.array([3.0, 2.0, 1.0]), n_pairs=2)
    with pytest.raises(ValueError, match="m \\(the power of h_m\\)"):
        ipss_bound_density(3, 10, 5, 4)


def test_lasso_stability_paths_and_the_ipss_of_a_planted_signal():
    rng = np.random.default_rng(2)
    n, d = 100, 60
    X = rng.normal(size=(n, d))
    y = (X[:, 0] - X[:, 1] + X[:, 2] + 0.5 * rng.normal(size=n) > 0).astype(np.int64)
    pairs = complementary_pairs(y, 10, random_state=0)
    Z, lambdas = lasso_stability_paths(LassoSelector(), X, y, pairs, n_lambdas=30)
    assert Z.shape[1:] == (20, d)
    assert not Z[0].any()  # the largest penalty selects nothing
    # one grid point of one subsample against scikit-learn's L1 logistic regression
    i = Z.shape[0] // 2
    Xs = standardized_subsample(X, pairs[3])
    model = LogisticRegression(l1_ratio=1.0, solver="saga", C=1 / lambdas[i], tol=1e-12,
                               max_iter=200_000).fit(Xs, y[pairs[3]])
    np.testing.assert_array_equal(Z[i, 3], np.abs(model.coef_[0]) > 1e-6)
    result = integrated_path_stability(Z, lambdas, n_pairs=10)
    # the planted features have the three smallest E(FP) scores and pass at E(FP) <= 1
    assert set(np.argsort(result.efp_scores, kind="stable")[:3]) == {0, 1, 2}
    assert set(np.flatnonzero(result.selected(target_fp=1.0))) >= {0, 1, 2}
    assert math.isclose(result.q_values[:3].max(), result.q_values.min())
