"""Moderated statistics of the thesis filters *limma* and *sam* (Bommert 2020, §3.1.1).

Both stabilise the per-feature standard deviation with information from all features:

- *limma* (Smyth 2004): an empirical-Bayes prior ``s0², d0`` for the residual variances, fitted by
  the method of moments on log-variances (limma's ``fitFDist`` with ``trigammaInverse``); the
  moderated variance ``s̃² = (d0 s0² + d s²) / (d0 + d)`` replaces ``s²`` in the F statistic of
  the one-way group-means model (for two classes ``F̃ = t̃²``, the squared moderated t).
- *sam* (Tusher, Tibshirani & Chu 2001): the relative difference ``d = r / (s + s0)`` with the
  exchangeability factor ``s0`` chosen, as in samr's ``est.s0``, as the percentile of the ``s``
  values that minimises the coefficient of variation of the spread of ``d`` across ``s`` bins.
"""

from __future__ import annotations

import numpy as np
from scipy.special import digamma, polygamma


def _group_summaries(
    X: np.ndarray, y: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Class sizes, class means ``(K, d)``, residual sum of squares and grand mean per feature."""
    classes, y_codes = np.unique(y, return_inverse=True)
    n_classes = len(classes)
    sizes = np.bincount(y_codes, minlength=n_classes).astype(np.float64)
    sums = np.zeros((n_classes, X.shape[1]))
    np.add.at(sums, y_codes, X)
    means = sums / sizes[:, None]
    residual_ss = ((X - means[y_codes]) ** 2).sum(axis=0)
    return sizes, means, residual_ss, X.mean(axis=0)


def _check_residual_df(n_samples: int, n_classes: int, name: str) -> int:
    df = n_samples - n_classes
    if df < 1:
        raise ValueError(
            f"{name} needs more samples than classes to estimate a residual variance; got "
            f"{n_samples} samples and {n_classes} classes"
        )
    return df


def trigamma_inverse(x: float) -> float:
    """Solve ``trigamma(y) = x`` for ``y > 0`` by Newton's method (limma's ``trigammaInverse``).

    The start value ``0.5 + 1/x`` and the asymptotic shortcuts (``1/sqrt(x)`` above 1e7, ``1/x``
    below 1e-6) are Smyth's; Newton's iteration on the convex function ``1/trigamma`` converges
    monotonically from it.
    """
    if not np.isfinite(x) or x <= 0:
        raise ValueError(f"trigamma_inverse needs a finite positive argument; got {x!r}")
    if x > 1e7:
        return 1.0 / np.sqrt(x)
    if x < 1e-6:
        return 1.0 / x
    y = 0.5 + 1.0 / x
    for _ in range(50):
        tri = float(polygamma(1, y))
        step = tri * (1.0 - tri / x) / float(polygamma(2, y))
        y += step
        if -step / y < 1e-8:
            break
    return y


def fit_f_distribution(variances: np.ndarray, df: float) -> tuple[float, float]:
    """Prior ``(s0², d0)`` of the residual variances by the method of moments (Smyth 2004, §6.2).

    ``e_g = log s²_g - ψ(d/2) + log(d/2)``; the mean of ``e`` estimates ``log s0² - ψ(d0/2) +
    log(d0/2)`` and its variance minus ``ψ'(d/2)`` estimates ``ψ'(d0/2)``, which is inverted
    with :func:`trigamma_inverse`. A non-positive variance estimate means no evidence of
    variation between features: ``d0 = inf`` and ``s0² = exp(mean e)``.

    As limma's ``fitFDist``, exact zeros are offset to ``1e-5`` times the median variance (the
    median taken as 1 if more than half of the variances are zero).
    """
    variances = np.asarray(variances, dtype=np.float64)
    n_features = variances.size
    if n_features < 2:
        raise ValueError(
            "the empirical-Bayes prior of limma needs at least two features; got "
            f"{n_features}"
        )
    variances = np.maximum(variances, 0.0)
    median = float(np.median(variances))
    if median == 0.0:
        median = 1.0
    variances = np.maximum(variances, 1e-5 * median)
    e = np.log(variances) - digamma(df / 2) + np.log(df / 2)
    e_mean = float(e.mean())
    e_var = float(np.mean(n_features / (n_features - 1) * (e - e_mean) ** 2) - polygamma(1, df / 2))
    if e_var > 0:
        d0 = 2.0 * trigamma_inverse(e_var)
        s0_squared = float(np.exp(e_mean + digamma(d0 / 2) - np.log(d0 / 2)))
    else:
        d0 = np.inf
        s0_squared = float(np.exp(e_mean))
    return s0_squared, d0


def score_limma(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Moderated F statistic of every feature (limma; Smyth 2004, eqs. for s̃² and F̃).

    One-way group-means model per feature: residual variance ``s²`` on ``d = n - K`` degrees of
    freedom, prior ``(s0², d0)`` from :func:`fit_f_distribution`, moderated variance
    ``s̃² = (d0 s0² + d s²)/(d0 + d)``, and ``F̃ = [Σ_c n_c (x̄_c - x̄)² / (K - 1)] / s̃²``.
    For two classes ``F̃ = t̃²`` with the moderated t of the group difference.
    """
    X = np.asarray(X, dtype=np.float64)
    sizes, means, residual_ss, grand_mean = _group_summaries(X, y)
    n_classes = len(sizes)
    df = _check_residual_df(X.shape[0], n_classes, "limma")
    variances = residual_ss / df
    s0_squared, d0 = fit_f_distribution(variances, df)
    if np.isinf(d0):
        moderated = np.full_like(variances, s0_squared)
    else:
        moderated = (d0 * s0_squared + df * variances) / (d0 + df)
    between = (sizes[:, None] * (means - grand_mean) ** 2).sum(axis=0) / (n_classes - 1)
    return between / moderated


def _r_mad(values: np.ndarray) -> float:
    """R's ``mad``: 1.4826 times the median absolute deviation from the median (NaN if empty)."""
    values = values[~np.isnan(values)]
    if values.size == 0:
        return np.nan
    return 1.4826 * float(np.median(np.abs(values - np.median(values))))


def sam_exchangeability_factor(statistic: np.ndarray, spread: np.ndarray) -> float:
    """samr's ``est.s0``: the ``s0`` making ``d = r/(s + s0)`` roughly independent of ``s``.

    The ``s`` values are cut into (up to) 100 quantile bins; for each candidate percentile
    ``α ∈ {0, 0.05, ..., 1}`` (``s0 = 0`` for α = 0) the spread (MAD) of
    ``d_α = statistic · s/(s + s_α)`` is computed per bin, and the α with the smallest coefficient
    of variation of these spreads wins; ``s0`` is the α-quantile of the non-zero ``s``. Bins
    without finite values are ignored (samr would return NA for the whole criterion).
    """
    percentiles = np.linspace(0.0, 1.0, 21)
    breaks = np.unique(np.quantile(spread, np.linspace(0.0, 1.0, 101)))
    # R's cut(..., labels=FALSE): bin i holds (breaks[i-1], breaks[i]]; the minimum goes to bin 1
    bins = np.maximum(np.searchsorted(breaks, spread, side="left"), 1)
    n_bins = len(breaks) - 1
    cv = np.full(percentiles.size, np.nan)
    with np.errstate(divide="ignore", invalid="ignore"):
        for j, alpha in enumerate(percentiles):
            s_alpha = 0.0 if j == 0 else float(np.quantile(spread, alpha))
            shrunk = statistic * spread / (spread + s_alpha)
            shrunk[np.isinf(shrunk)] = np.nan
            spreads = np.array([_r_mad(shrunk[bins == i]) for i in range(1, n_bins + 1)])
            spreads = spreads[~np.isnan(spreads)]
            if spreads.size >= 2 and spreads.mean() > 0:
                cv[j] = spreads.std(ddof=1) / spreads.mean()
    nonzero = spread[spread != 0]
    if np.all(np.isnan(cv)) or nonzero.size == 0:
        return 0.0
    best = int(np.nanargmin(cv))
    return float(np.quantile(nonzero, percentiles[best]))


def score_sam(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Absolute SAM relative difference ``|d| = r / (s + s0)`` of every feature (Tusher 2001).

    As samr's ``multiclass.func`` (which for two classes equals its ``ttest.func`` up to sign):
    ``r = sqrt(n / Π n_c · Σ_c n_c (x̄_c - x̄)²)`` (``|x̄_1 - x̄_0|`` for two classes),
    ``s = sqrt(RSS / (n - K) · Σ_c 1/n_c)`` and ``s0`` from :func:`sam_exchangeability_factor`.
    """
    X = np.asarray(X, dtype=np.float64)
    sizes, means, residual_ss, grand_mean = _group_summaries(X, y)
    df = _check_residual_df(X.shape[0], len(sizes), "sam")
    factor = sizes.sum() / np.prod(sizes)
    difference = np.sqrt(factor * (sizes[:, None] * (means - grand_mean) ** 2).sum(axis=0))
    spread = np.sqrt(residual_ss / df * np.sum(1.0 / sizes))
    with np.errstate(divide="ignore", invalid="ignore"):
        s0 = sam_exchangeability_factor(difference / spread, spread)
        d = difference / (spread + s0)
    return np.where(np.isnan(d), 0.0, d)
