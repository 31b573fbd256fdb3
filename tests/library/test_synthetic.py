"""Simulated designs reproduce the papers' mean and correlation structure within sampling error."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression

from fsstab import synthetic
from fsstab.synthetic import (
    HAMER_SCENARIOS,
    blocks,
    correlated_groups,
    generate,
    informative,
    similar_features_toy,
    toeplitz,
    toy_correlation_matrix,
)


def _within_class_correlation(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    centred = X.copy()
    for c in (0, 1):
        centred[y == c] -= centred[y == c].mean(axis=0)
    return np.corrcoef(centred, rowvar=False)


def test_hamer_table1_presets():
    # Hamer & Dupont (2021) Table 1
    assert HAMER_SCENARIOS[1] == {"mu_group": 0.35, "mu_other": 0.05, "rho": 0.8}
    assert HAMER_SCENARIOS[2] == {"mu_group": 0.5, "mu_other": 0.05, "rho": 0.8}
    assert HAMER_SCENARIOS[3] == {"mu_group": 0.5, "mu_other": 0.05, "rho": 0.95}


def test_correlated_groups_default_shape_is_the_papers():
    ds = correlated_groups(scenario=2, group_size=10, random_state=0)
    # 5 groups of c = 10, l = 1000 other features, n+ = n- = 100 (§5.3)
    assert ds.X.shape == (200, 5 * 10 + 1000)
    assert ds.class_counts == {"0": 100, "1": 100}
    assert ds.feature_groups[:50].tolist() == np.repeat(np.arange(5), 10).tolist()
    assert np.unique(ds.feature_groups[50:]).size == 1000  # each other feature on its own
    assert ds.feature_names[:2] == ("g1_1", "g1_2")
    assert ds.feature_names[50] == "x1"
    assert ds.provenance["params"]["mu_group"] == 0.5


def test_correlated_groups_means_variances_and_correlations():
    c, n_other, n_half = 4, 30, 3000
    ds = correlated_groups(
        scenario=1,
        group_size=c,
        n_other=n_other,
        n_positive=n_half,
        n_negative=n_half,
        random_state=1,
    )
    X, y = ds.X, ds.y
    grouped = slice(0, 5 * c)
    se = 1 / math.sqrt(n_half)
    # class means ±μ+^g on group features, ±μ+^-g on the others (scenario 1: 0.35 / 0.05)
    np.testing.assert_allclose(X[y == 1][:, grouped].mean(0), 0.35, atol=4 * se)
    np.testing.assert_allclose(X[y == 0][:, grouped].mean(0), -0.35, atol=4 * se)
    np.testing.assert_allclose(X[y == 1][:, 5 * c :].mean(0), 0.05, atol=4 * se)
    np.testing.assert_allclose(X[y == 0][:, 5 * c :].mean(0), -0.05, atol=4 * se)
    np.testing.assert_allclose(X[y == 1].var(0, ddof=1), 1.0, atol=0.08)
    corr = _within_class_correlation(X, y)
    same_group = ds.feature_groups[:, None] == ds.feature_groups[None, :]
    off_diagonal = ~np.eye(X.shape[1], dtype=bool)
    np.testing.assert_allclose(corr[same_group & off_diagonal], 0.8, atol=0.03)
    np.testing.assert_allclose(corr[~same_group], 0.0, atol=0.06)


def test_correlated_groups_explicit_values_override_the_preset():
    ds = correlated_groups(scenario=3, rho=0.5, n_other=5, random_state=0)
    assert ds.provenance["params"]["rho"] == 0.5
    assert ds.provenance["params"]["mu_group"] == 0.5
    with pytest.raises(ValueError, match=r"scenario must be one of \[1, 2, 3\]"):
        correlated_groups(scenario=4)
    with pytest.raises(ValueError, match="rho must lie in"):
        correlated_groups(rho=1.5)


def test_blocks_correlations_and_logistic_response():
    n = 20000
    ds = blocks(n_samples=n, n_features=32, n_similar=4, random_state=2)
    # blocks of 5: features 0-4, 5-9, ..., 25-29, and a last block 30-31
    assert ds.feature_groups.tolist() == [j // 5 for j in range(32)]
    # 7 blocks; relevant blocks floor(k*7/5) = 0, 1, 2, 4, 5 -> first features 0, 5, 10, 20, 25
    assert ds.relevant_features.tolist() == [0, 5, 10, 20, 25]
    corr = np.corrcoef(ds.X, rowvar=False)
    same = ds.feature_groups[:, None] == ds.feature_groups[None, :]
    off = ~np.eye(32, dtype=bool)
    np.testing.assert_allclose(corr[same & off], 0.95, atol=0.01)
    np.testing.assert_allclose(corr[~same], 0.1, atol=0.03)
    np.testing.assert_allclose(ds.X.var(0), 1.0, atol=0.05)
    # P(Y = 1) = logistic(x_1 + ... + x_5): unpenalised logistic regression recovers
    # coefficients 1 on the relevant features and intercept 0
    model = LogisticRegression(C=np.inf, max_iter=1000).fit(ds.X[:, ds.relevant_features], ds.y)
    np.testing.assert_allclose(model.coef_[0], 1.0, atol=0.12)
    assert abs(model.intercept_[0]) < 0.08


def test_blocks_without_similar_features_has_correlation_between_everywhere():
    ds = blocks(n_samples=20000, n_features=10, n_similar=0, random_state=3)
    assert ds.relevant_features.tolist() == [0, 2, 4, 6, 8]
    corr = np.corrcoef(ds.X, rowvar=False)
    np.testing.assert_allclose(corr[~np.eye(10, dtype=bool)], 0.1, atol=0.03)


def test_toeplitz_correlations():
    n, p, s = 20000, 40, 4
    ds = toeplitz(n_samples=n, n_features=p, n_similar=s, random_state=4)
    rho = 0.9 ** (2 / s)  # Bommert (2020) §8.3.1
    assert ds.provenance["params"]["rho"] == pytest.approx(rho)
    lag = np.abs(np.subtract.outer(np.arange(p), np.arange(p)))
    np.testing.assert_allclose(np.corrcoef(ds.X, rowvar=False), rho**lag, atol=0.025)
    np.testing.assert_allclose(ds.X.var(0), 1.0, atol=0.05)
    # evenly spaced relevant features: floor((2k+1)*40/10) = 4, 12, 20, 28, 36
    assert ds.relevant_features.tolist() == [4, 12, 20, 28, 36]
    assert ds.feature_groups is None
    model = LogisticRegression(C=np.inf, max_iter=1000).fit(ds.X[:, ds.relevant_features], ds.y)
    np.testing.assert_allclose(model.coef_[0], 1.0, atol=0.12)


def test_toeplitz_without_similar_features_is_independent():
    ds = toeplitz(n_samples=5000, n_features=6, n_similar=0, random_state=0)
    corr = np.corrcoef(ds.X, rowvar=False)
    np.testing.assert_allclose(corr, np.eye(6), atol=0.05)


def test_thesis_table_8_1_sizes_are_cheap_and_relevant_features_are_weakly_correlated():
    ds = toeplitz(n_samples=100, n_features=10000, n_similar=24, random_state=0)
    assert ds.X.shape == (100, 10000)
    ds = blocks(n_samples=100, n_features=200, n_similar=14, random_state=0)
    # 14 blocks of 15 -> the relevant features lie in five different blocks
    assert np.unique(ds.feature_groups[ds.relevant_features]).size == 5


def test_toy_design_covariance_and_response():
    sigma = toy_correlation_matrix()
    assert sigma.shape == (15, 15)
    assert sigma[1, 2] == sigma[1, 3] == sigma[2, 3] == 1.0  # X2 = X3 = X4
    assert sigma[0, 1:].max() == 0.0  # X1 independent of the rest
    assert sigma[1, 4:8].tolist() == list(synthetic.TOY_CORRELATIONS)
    assert np.all(np.diff(sigma[1, 4:8]) < 0)  # decreasing from X5 to X8
    assert np.all(sigma[8:, :8] == 0)  # X9..X15 noise
    assert np.all(np.linalg.eigvalsh(sigma) > -1e-12)

    n = 20000
    ds = similar_features_toy(n_samples=n, random_state=5)
    np.testing.assert_array_equal(ds.X[:, 1], ds.X[:, 2])
    np.testing.assert_array_equal(ds.X[:, 1], ds.X[:, 3])
    np.testing.assert_allclose(np.corrcoef(ds.X, rowvar=False), sigma, atol=0.03)
    # Y = sign(S + E), S = X1 + X2 ~ N(0, 2), E ~ N(0, 0.25): sign(S) disagrees with Y with
    # probability arccos(corr(S, S + E)) / π = arccos(sqrt(2 / 2.25)) / π ≈ 0.108
    expected = math.acos(math.sqrt(2 / 2.25)) / math.pi
    disagree = np.mean((ds.X[:, 0] + ds.X[:, 1] > 0) != (ds.y == 1))
    assert disagree == pytest.approx(expected, abs=0.01)
    assert ds.class_labels == ("-1", "1")
    # |corr| >= 0.9 groups: X2..X5 together, everything else alone
    groups = ds.feature_groups
    assert len({groups[1], groups[2], groups[3], groups[4]}) == 1
    assert np.unique(groups).size == 15 - 3
    assert ds.relevant_features.tolist() == [0, 1]


def test_informative_design():
    ds = informative(
        n_samples=4000, n_features=50, n_informative=5, effect_size=1.0, random_state=6
    )
    assert ds.relevant_features.tolist() == [0, 1, 2, 3, 4]
    X, y = ds.X, ds.y
    np.testing.assert_allclose(X[y == 1][:, :5].mean(0), 0.5, atol=0.08)
    np.testing.assert_allclose(X[y == 0][:, :5].mean(0), -0.5, atol=0.08)
    np.testing.assert_allclose(X[:, 5:].mean(0), 0.0, atol=0.08)
    assert ds.class_counts == {"0": 2000, "1": 2000}
    with pytest.raises(ValueError, match="n_informative=60 exceeds n_features=50"):
        informative(n_features=50, n_informative=60)


@pytest.mark.parametrize("name", sorted(synthetic.GENERATORS))
def test_generators_are_deterministic(name):
    small = {
        "correlated_groups": {"n_other": 20},
        "blocks": {"n_features": 30},
        "toeplitz": {"n_features": 30},
        "similar_features_toy": {},
        "informative": {"n_features": 30},
        "ipass_like": {"n_samples": 120},
        "waveform": {"n_samples": 120},
        "linear": {"n_features": 30},
        "cox": {"n_features": 30},
    }[name]
    a = generate(name, random_state=7, **small)
    b = generate(name, random_state=7, **small)
    c = generate(name, random_state=8, **small)
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y, b.y)
    assert not np.array_equal(a.X, c.X)
    assert a.provenance["random_state"] == 7
    assert a.provenance["source"] == f"synthetic:{name}"


def test_generate_rejects_unknown_names_and_parameters():
    with pytest.raises(ValueError, match=r"unknown synthetic generator 'nope'; known: \["):
        generate("nope")
    with pytest.raises(ValueError, match=r"has no parameter\(s\) \['rho'\]"):
        generate("blocks", rho=0.5)
    with pytest.raises(ValueError, match="n_samples must be an integer >= 2"):
        generate("toeplitz", n_samples=1)
    # two samples often share a label; the dataset then names itself in the error
    messages = []
    for seed in range(20):
        try:
            blocks(n_samples=2, n_features=5, n_similar=0, random_state=seed)
        except ValueError as exc:
            messages.append(str(exc))
    assert messages
    assert all("dataset 'blocks': y contains a single class" in m for m in messages)
