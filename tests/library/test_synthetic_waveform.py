"""Breiman's waveform generator against moments derived here from the definition
(Breiman, Friedman, Olshen & Stone 1984, §2.6.2; the generator behind UCI's waveform files).

Every tolerance is five standard errors of the estimate at the sample size used."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.sources import fetch
from fsstab.synthetic import generate, waveform

N = 30_000
Z = 5.0  # standard errors


def base_waves() -> np.ndarray:
    """h1, h2, h3: triangles of height 6 and half-width 6 peaking at positions 7, 15, 11."""
    h = np.zeros((3, 21))
    for m, peak in enumerate((7, 15, 11)):
        for i in range(1, 22):
            h[m, i - 1] = max(6 - abs(i - peak), 0)
    return h


# class c mixes waves (a, b): 0 -> h1, h2; 1 -> h1, h3; 2 -> h2, h3
PAIRS = {0: (0, 1), 1: (0, 2), 2: (1, 2)}


@pytest.fixture(scope="module")
def data():
    return waveform(n_samples=N, n_noise=19, random_state=11)


def test_shape_names_and_classes(data):
    assert data.X.shape == (N, 40)
    assert data.class_labels == ("0", "1", "2")
    assert data.feature_names[:2] == ("x1", "x2")
    assert data.feature_names[21:23] == ("noise1", "noise2")
    # positions 1 and 21 are zero in every wave: only 2..20 carry class information
    assert data.relevant_features.tolist() == list(range(1, 20))
    # equiprobable classes: counts ~ Binomial(N, 1/3)
    counts = np.bincount(data.y, minlength=3)
    assert np.all(np.abs(counts - N / 3) <= Z * np.sqrt(N * (1 / 3) * (2 / 3)))


def test_class_conditional_means_and_variances(data):
    h = base_waves()
    var_u = 1 / 12
    for c, (a, b) in PAIRS.items():
        x = data.X[data.y == c]
        n_c = x.shape[0]
        mean = 0.5 * (h[a] + h[b])  # E[u] = 1/2
        variance = 1 + var_u * (h[a] - h[b]) ** 2
        se_mean = np.sqrt(variance / n_c)
        assert np.all(np.abs(x[:, :21].mean(axis=0) - mean) <= Z * se_mean), c
        # the uniform part has negative excess kurtosis, so 2σ⁴/n bounds Var(s²)
        se_var = variance * np.sqrt(2 / (n_c - 1))
        assert np.all(np.abs(x[:, :21].var(axis=0, ddof=1) - variance) <= Z * se_var), c
        noise = x[:, 21:]
        assert np.all(np.abs(noise.mean(axis=0)) <= Z / np.sqrt(n_c)), c
        assert np.all(np.abs(noise.var(axis=0, ddof=1) - 1) <= Z * np.sqrt(2 / (n_c - 1))), c


def test_one_mixing_weight_per_sample(data):
    """Cov(x_i, x_j | c) = Var(u)(h_a(i) - h_b(i))(h_a(j) - h_b(j)) for i != j: the 21
    positions share one u (independent weights per position would give 0)."""
    h = base_waves()
    for c, (a, b) in PAIRS.items():
        x = data.X[data.y == c]
        n_c = x.shape[0]
        delta = h[a] - h[b]
        expected = np.outer(delta, delta) / 12 + np.eye(21)
        sd = np.sqrt(np.diag(expected))
        # Var of a sample covariance <= (σ_i² σ_j² + σ_ij²) / n for these light-tailed parts
        se = np.sqrt((np.outer(sd**2, sd**2) + expected**2) / n_c)
        observed = np.cov(x[:, :21], rowvar=False)
        assert np.all(np.abs(observed - expected) <= Z * se), c
        strong = np.abs(expected - np.eye(21)) > 0.5
        assert strong.any()
    # noise columns are uncorrelated with everything
    corr = np.corrcoef(data.X, rowvar=False)[21:, :]
    off_diagonal = corr[~np.eye(19, 40, k=21, dtype=bool)]
    assert np.all(np.abs(off_diagonal) <= Z / np.sqrt(N))


def test_seeded_versions_and_source():
    a = generate("waveform", n_samples=300, random_state=3)
    b = generate("waveform", n_samples=300, random_state=3)
    c = generate("waveform", n_samples=300, random_state=4)
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y, b.y)
    assert not np.array_equal(a.X, c.X)
    plain = waveform(n_samples=300, n_noise=0, random_state=3)
    assert plain.X.shape == (300, 21)
    assert "UCI \"waveform\"" in plain.provenance["reference"]
    assert "waveform-+noise" in a.provenance["reference"]
    ds = fetch({"source": "synthetic:waveform", "n_samples": 300, "random_state": 3})
    np.testing.assert_array_equal(ds.X, a.X)
    assert ds.n_classes == 3
    with pytest.raises(ValueError, match="n_noise must be an integer >= 0"):
        waveform(n_noise=-1)
    with pytest.raises(ValueError, match="has no parameter"):
        generate("waveform", multiclass=True)
