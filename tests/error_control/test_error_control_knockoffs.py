"""Knockoff constructions against their defining properties (Candès et al. 2018, eq. 3.2:
Cov([X, X̃]) = [[Σ, Σ − D], [Σ − D, Σ]]; Barber & Candès 2015, eq. 1.4: X̃ᵀX̃ = Σ,
XᵀX̃ = Σ − D) and the refusals with the values that would work."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.error_control import (
    equicorrelated_s,
    fixed_x_knockoffs,
    fixed_x_problem,
    gaussian_knockoffs,
    knockoff_size_problem,
)


def _ar1(d: int, rho: float) -> np.ndarray:
    index = np.arange(d)
    return rho ** np.abs(index[:, None] - index[None, :])


@pytest.mark.parametrize(("rho", "expected"), [(0.3, 1.0), (0.6, 0.8), (0.9, 0.2)])
def test_equicorrelated_s_is_min_one_twice_the_smallest_eigenvalue(rho, expected):
    # an equicorrelated R (off-diagonal rho) has eigenvalues 1 - rho (d - 1 times) and
    # 1 + (d - 1) rho, so s = min(1, 2 (1 - rho))
    d = 5
    R = np.full((d, d), rho) + (1 - rho) * np.eye(d)
    assert equicorrelated_s(R) == pytest.approx(expected, abs=1e-12)
    sd = np.array([1.0, 2.0, 0.5, 3.0, 1.5])  # s lives on the correlation scale
    assert equicorrelated_s(R * np.outer(sd, sd)) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("sd", [np.ones(4), np.array([1.0, 2.0, 0.5, 3.0])])
def test_gaussian_knockoffs_have_the_joint_covariance_of_the_theory(sd):
    # with the true Σ, Cov([X, X̃]) = [[Σ, Σ − D], [Σ − D, Σ]] with D = s·diag(σ²)
    # (Candès et al. 2018, eq. 3.2). Entries of a sample covariance of n = 100,000 Gaussian
    # rows with |correlation| <= 1 have sd <= σ_i σ_j sqrt(2/n) = 0.0045 σ_i σ_j: 0.03 is
    # more than 6 of them.
    d = 4
    sigma = _ar1(d, 0.5) * np.outer(sd, sd)
    s = min(1.0, 2 * np.linalg.eigvalsh(_ar1(d, 0.5))[0])
    X = np.random.default_rng(3).multivariate_normal(np.arange(d), sigma, size=100_000)
    Xk = gaussian_knockoffs(X, covariance=sigma, mean=np.arange(d), random_state=4)
    D = s * np.diag(sd**2)
    expected = np.block([[sigma, sigma - D], [sigma - D, sigma]])
    observed = np.cov(np.hstack([X, Xk]), rowvar=False)
    np.testing.assert_allclose(observed / np.outer(np.tile(sd, 2), np.tile(sd, 2)),
                               expected / np.outer(np.tile(sd, 2), np.tile(sd, 2)), atol=0.03)
    np.testing.assert_allclose(Xk.mean(axis=0), np.arange(d), atol=0.05)


def test_gaussian_knockoffs_are_seeded_and_estimate_the_covariance_by_default():
    X = np.random.default_rng(0).normal(size=(40, 60))  # n < d: Ledoit-Wolf stays definite
    first = gaussian_knockoffs(X, random_state=7)
    np.testing.assert_array_equal(first, gaussian_knockoffs(X, random_state=7))
    assert not np.array_equal(first, gaussian_knockoffs(X, random_state=8))
    assert first.shape == X.shape
    assert np.all(np.isfinite(first))
    with pytest.raises(ValueError, match="covariance is singular"):
        gaussian_knockoffs(X, covariance="sample", random_state=0)


def test_fixed_x_knockoffs_satisfy_the_defining_identities_exactly():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(50, 10)) @ np.linalg.cholesky(_ar1(10, 0.4)).T * 3 + 2
    Xk = fixed_x_knockoffs(X, random_state=1)
    centred, centred_k = X - X.mean(0), Xk - Xk.mean(0)
    np.testing.assert_allclose(Xk.mean(0), X.mean(0), atol=1e-10)
    np.testing.assert_allclose(np.linalg.norm(centred_k, axis=0), np.linalg.norm(centred, axis=0))
    Xn = centred / np.linalg.norm(centred, axis=0)
    Xkn = centred_k / np.linalg.norm(centred_k, axis=0)
    gram = Xn.T @ Xn
    s = min(1.0, 2 * np.linalg.eigvalsh(gram)[0])
    np.testing.assert_allclose(Xkn.T @ Xkn, gram, atol=1e-10)
    np.testing.assert_allclose(Xn.T @ Xkn, gram - s * np.eye(10), atol=1e-10)


def test_refusals_name_the_values_that_would_work():
    assert fixed_x_problem(21, 10) is None
    problem = fixed_x_problem(20, 10)
    assert "n >= 2d + 1" in problem
    assert "n=20 and d=10" in problem
    assert "d=9" in problem
    with pytest.raises(ValueError, match="keep at most d=9 features"):
        fixed_x_knockoffs(np.random.default_rng(0).normal(size=(20, 10)))
    X = np.random.default_rng(0).normal(size=(30, 12))
    assert knockoff_size_problem(12, 12) is None
    with pytest.raises(ValueError, match=r"12 x 12 covariance.*at most 11 features.*prefilter"
                                         r".*permutation"):
        gaussian_knockoffs(X, max_features=11)
    with pytest.raises(ValueError, match="at most 11 features"):
        fixed_x_knockoffs(X, max_features=11)
    X[:, 3] = 1.0
    with pytest.raises(ValueError, match="feature 3"):
        gaussian_knockoffs(X)
    with pytest.raises(ValueError, match="feature 3 is constant"):
        fixed_x_knockoffs(X)
    with pytest.raises(ValueError, match="finite"):
        gaussian_knockoffs(np.array([[1.0, np.nan], [2.0, 3.0], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="covariance must be"):
        gaussian_knockoffs(X[:, :2], covariance=np.eye(3))
