"""limma's moderated F and SAM's relative difference against independent derivations."""

import math

import numpy as np
import pytest
from scipy import optimize, special
from scipy.stats import median_abs_deviation

from fsstab.selectors._moderated import (
    fit_f_distribution,
    score_limma,
    score_sam,
    trigamma_inverse,
)


def _pooled_variances(X, y):
    n, d = X.shape
    classes = np.unique(y)
    out = []
    for f in range(d):
        rss = 0.0
        for c in classes:
            values = X[y == c, f]
            rss += sum((v - values.mean()) ** 2 for v in values)
        out.append(rss / (n - len(classes)))
    return np.array(out)


def test_trigamma_inverse_solves_trigamma():
    for x in (1e-5, 0.01, 0.3, 1.0, 5.0, 300.0):
        y = trigamma_inverse(x)
        assert special.polygamma(1, y) == pytest.approx(x, rel=1e-7)
    with pytest.raises(ValueError, match="positive"):
        trigamma_inverse(-1.0)


def test_limma_two_groups_matches_moment_estimator_by_hand():
    rng = np.random.default_rng(2)
    n0, n1, d = 7, 9, 200
    y = np.r_[np.zeros(n0, int), np.ones(n1, int)]
    # gene-specific variances drawn from a scaled inverse chi-square prior (limma's model)
    sigma2 = 0.5 * 6 / rng.chisquare(6, size=d)
    X = rng.normal(size=(n0 + n1, d)) * np.sqrt(sigma2)
    X[y == 1, :10] += 5.0 * np.sqrt(sigma2[:10])
    df = n0 + n1 - 2
    s2 = _pooled_variances(X, y)
    # Smyth (2004) §6.2: e = log s2 - digamma(df/2) + log(df/2); mean(e) and var(e) - trigamma
    e = np.log(s2) - special.digamma(df / 2) + math.log(df / 2)
    e_var = np.mean(d / (d - 1) * (e - e.mean()) ** 2) - special.polygamma(1, df / 2)
    assert e_var > 0
    half_d0 = optimize.brentq(lambda v: special.polygamma(1, v) - e_var, 1e-6, 1e6, xtol=1e-14)
    d0 = 2 * half_d0
    s0_squared = math.exp(e.mean() + special.digamma(d0 / 2) - math.log(d0 / 2))
    assert fit_f_distribution(s2, df) == pytest.approx((s0_squared, d0), rel=1e-8)
    moderated = (d0 * s0_squared + df * s2) / (d0 + df)
    t = (X[y == 1].mean(axis=0) - X[y == 0].mean(axis=0)) / np.sqrt(moderated * (1 / n0 + 1 / n1))
    np.testing.assert_allclose(score_limma(X, y), t**2, rtol=1e-8)
    assert set(np.argsort(-score_limma(X, y))[:10]) == set(range(10))


def test_limma_without_variation_between_features_uses_the_prior():
    # every feature is a within-class permutation of the same values: identical s2, so the
    # variance of e is -trigamma(df/2) < 0 and d0 = inf; s~2 = s0^2 = exp(mean e)
    rng = np.random.default_rng(4)
    base = rng.normal(size=12)
    y = np.r_[np.zeros(6, int), np.ones(6, int)]
    X = np.column_stack(
        [np.r_[rng.permutation(base[:6]), rng.permutation(base[6:])] for _ in range(5)]
    )
    df = 10
    s2 = _pooled_variances(X, y)[0]
    s0_squared = math.exp(math.log(s2) - special.digamma(df / 2) + math.log(df / 2))
    _, d0 = fit_f_distribution(_pooled_variances(X, y), df)
    assert d0 == math.inf
    between = 6 * 6 / 12 * (base[6:].mean() - base[:6].mean()) ** 2
    np.testing.assert_allclose(score_limma(X, y), between / s0_squared, rtol=1e-10)


def test_limma_multiclass_and_errors():
    rng = np.random.default_rng(8)
    y = np.repeat([0, 1, 2], 5)
    X = rng.normal(size=(15, 30))
    X[:, 0] += y
    scores = score_limma(X, y)
    assert np.argmax(scores) == 0
    assert np.all(scores >= 0)
    with pytest.raises(ValueError, match="two features"):
        score_limma(X[:, :1], y)
    with pytest.raises(ValueError, match="more samples than classes"):
        score_limma(X[:2], np.array([0, 1]))


def _reference_sam(X, y):
    """samr's ttest.func + est.s0 written out with loops (Tusher et al. 2001)."""
    n0, n1 = (y == 0).sum(), (y == 1).sum()
    d = X.shape[1]
    sd = np.sqrt(_pooled_variances(X, y) * (1 / n0 + 1 / n1))
    diff = X[y == 1].mean(axis=0) - X[y == 0].mean(axis=0)
    tt = diff / sd
    breaks = np.unique(np.percentile(sd, np.linspace(0, 100, 101)))
    bin_of = np.ones(d, dtype=int)
    for f in range(d):
        for i in range(1, len(breaks)):
            if breaks[i - 1] < sd[f] <= breaks[i]:
                bin_of[f] = i
    cv = []
    for j, alpha in enumerate(np.arange(21) / 20):
        w = 0.0 if j == 0 else np.percentile(sd, 100 * alpha)
        tt2 = tt * sd / (sd + w)
        spreads = [
            median_abs_deviation(tt2[bin_of == i], scale="normal")
            for i in range(1, len(breaks))
        ]
        cv.append(np.std(spreads, ddof=1) / np.mean(spreads))
    best = int(np.argmin(cv))
    s0 = np.percentile(sd[sd != 0], 100 * best / 20)
    return np.abs(diff / (sd + s0))


def test_sam_matches_samr_procedure():
    rng = np.random.default_rng(6)
    y = np.r_[np.zeros(8, int), np.ones(10, int)]
    X = rng.normal(size=(18, 400)) * rng.uniform(0.2, 3, 400)
    X[y == 1, :5] += 3
    np.testing.assert_allclose(score_sam(X, y), _reference_sam(X, y), rtol=1e-10)
    # sam is |t| shrunk towards zero for small standard deviations: s0 >= 0
    t = np.abs(X[y == 1].mean(0) - X[y == 0].mean(0)) / np.sqrt(
        _pooled_variances(X, y) * (1 / 8 + 1 / 10)
    )
    assert np.all(score_sam(X, y) <= t + 1e-12)
