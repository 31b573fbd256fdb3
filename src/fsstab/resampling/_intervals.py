"""Standard errors of a mean score over M resamples that share their rows.

The M test scores of one configuration (its accuracy, R², C-index on each resample's test
rows) are not independent: the resamples are drawn from one data set, their training sets
share most rows and their test sets overlap. The naive standard error s/√M (s the sample
standard deviation of the M scores) treats them as independent and is too small. The
corrections here are those of the literature for the schemes of :mod:`fsstab.resampling`.

Corrected resampled t (Nadeau & Bengio 2003)
--------------------------------------------
Nadeau & Bengio (2003, *Machine Learning* 52:239-281, §4) model the M scores as exchangeable
with variance σ² and correlation ρ between any two of them. Then

    Var(mean) = σ² (ρ + (1 − ρ)/M),    E[s²] = (1 − ρ) σ²,

so s² must be inflated by ``1/M + ρ/(1 − ρ)``, not ``1/M``. ρ is unknown; their heuristic
ρ₀ = n_test / n is the correlation that the overlap of the test sets alone gives (two random
test sets of n_test of n rows share n_test²/n rows on average, so the covariance of their
mean losses is σ_ℓ²/n against a variance of σ_ℓ²/n_test), and ρ₀/(1 − ρ₀) = n_test/n_train:

    se_corrected = s · √(1/M + n_test/n_train),    interval: mean ± t_{M−1} · se_corrected.

*Subsampling* (``subsample``, ``leave_out``; Nadeau & Bengio's random train/test splits):
n_test/n_train of the design. *Repeated k-fold cross-validation* (``kfold``, resample r =
fold r mod k of repetition ⌊r/k⌋): Bouckaert & Frank (2004, PAKDD, LNCS 3056:3-12, the
"corrected repeated k-fold cv test") apply the same factor with M = k·r scores and
n_test/n_train = 1/(k − 1), with t_{k·r−1}. *Bootstrap with out-of-bag scoring*: the test set
is the rows no draw picked, on average n(1 − 1/n)ⁿ ≈ 0.368 n of them; the test-overlap
argument above gives ρ₀ = E[n_test]/n for random test sets of any size, so the factor is
n_test/(n − n_test), the out-of-bag rows over the *distinct* in-bag rows (≈ 0.582), not over
the n draws. :func:`held_out_fraction` gives ρ₀ for every scheme alike: the mean number of test
units over the number of units. The correction is a heuristic: it ignores the part of the
correlation that comes from the overlap of the training sets, which makes it too small for
a learner whose error depends strongly on its training set and too large when the test
overlap dominates. ``benchmarks/interval_coverage.py`` measures how it covers.

Groups: when samples are resampled group by group (patients; :mod:`fsstab.group_resampling`),
the groups are the sampling units, and n counts groups: ρ₀ = mean test groups / groups. This
is exact for groups of equal size and an approximation otherwise.

What the interval covers: the expected score of the procedure trained on training sets like
the resamples' (n_train rows drawn from the population; Nadeau & Bengio's μ), not the score of
the model fitted on these particular data (Bates, Hastie & Tibshirani 2024, *JASA*
119:1434-1445, show that no resampling estimate tracks that conditional quantity well). For
the bootstrap the out-of-bag mean is pessimistic for a model trained on n rows (it is trained
on ≈ 0.632 n distinct rows); the .632 and .632+ estimators of Efron & Tibshirani (1997) are
point estimators correcting that bias and have no interval of their own.

Leave-one-out bootstrap (Efron & Tibshirani 1997)
-------------------------------------------------
For a score that is a mean over samples (the accuracy, a mean loss), Efron & Tibshirani
(1997, *JASA* 92:548-560) average per sample over the bootstraps that left it out,
Err⁽¹⁾ = (1/n) Σ_i Ê_i with Ê_i = Σ_b I_i^b Q_i^b / Σ_b I_i^b, and give the nonparametric
delta-method standard error

    se = (Σ_i D̂_i²)^{1/2},
    D̂_i = (2 + 1/(n − 1)) (Ê_i − Err⁽¹⁾)/n + e_n Σ_b (N_i^b − N̄_i) q^b / B,

with N_i^b the times row i was drawn in bootstrap b, I_i^b = [N_i^b = 0], Q_i^b its loss,
q^b = (1/n) Σ_l I_l^b Q_l^b, N̄_i = Σ_b N_i^b / B and e_n = (1 − 1/n)^{−n}
(:func:`loo_bootstrap`; for a loss that does not depend on the training rows and all nⁿ
bootstrap samples, D̂_i is exactly (Q_i − Q̄)/n, the influence of a plain mean). It needs
every sample's out-of-bag loss, which the workflow's runs tables do not keep (they hold one
score per resample), and its second term is a Monte-Carlo covariance over the B bootstraps,
whose noise inflates the standard error unless B is large; the benchmark compares it with
the corrected t above.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = [
    "LooBootstrap",
    "corrected_standard_error",
    "held_out_fraction",
    "loo_bootstrap",
    "naive_standard_error",
    "variance_factor",
]


def held_out_fraction(n_test: Any, n_units: int) -> float:
    """ρ₀ = mean(n_test) / n_units, Nadeau & Bengio's (2003) correlation of two resamples'
    scores (module docstring): the mean number of test units (rows, or groups when samples
    are resampled by group) of the resamples over the units of the data set.

    Examples
    --------
    >>> from fsstab.resampling import held_out_fraction
    >>> held_out_fraction([10, 10, 10], 100)          # subsampling 90 %: 10 of 100 rows
    0.1
    >>> round(held_out_fraction([37, 36, 38], 100), 3)   # bootstrap: the out-of-bag rows
    0.37
    """
    if isinstance(n_units, bool) or not isinstance(n_units, int | np.integer) or n_units < 2:
        raise ValueError(f"n_units must be an integer >= 2, got {n_units!r}")
    n_test = np.asarray(n_test, dtype=np.float64).reshape(-1)
    if n_test.size == 0:
        raise ValueError("n_test is empty: give the test size of every resample")
    if np.any(~np.isfinite(n_test)) or np.any(n_test < 1) or np.any(n_test >= n_units):
        raise ValueError(f"every test size must lie in 1..{n_units - 1} (n_units = "
                         f"{n_units}); got {sorted(set(n_test.tolist()))[:5]}")
    return float(n_test.mean() / n_units)


def variance_factor(n_resamples: int, rho: float) -> float:
    """``1/M + ρ₀/(1 − ρ₀)``, the factor turning the sample variance of M resampled scores
    into the variance of their mean (Nadeau & Bengio 2003; Bouckaert & Frank 2004 for
    repeated k-fold); the naive factor is ``1/M``.

    Examples
    --------
    >>> from fsstab.resampling import variance_factor
    >>> round(variance_factor(30, 0.1), 4)      # 1/30 + 0.1/0.9 = 0.0333 + 0.1111
    0.1444
    """
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, int | np.integer) or \
            n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive integer, got {n_resamples!r}")
    rho = float(rho)
    if not 0.0 < rho < 1.0:
        raise ValueError(f"rho (the held-out fraction) must lie strictly between 0 and 1, got "
                         f"{rho!r}")
    return 1.0 / int(n_resamples) + rho / (1.0 - rho)


def naive_standard_error(scores: Any) -> float:
    """s/√M, the standard error of the mean of M scores taken as independent (NaN for
    M < 2 or a NaN score).

    Examples
    --------
    >>> from fsstab.resampling import naive_standard_error
    >>> round(naive_standard_error([0.8, 0.9, 0.7, 0.8]), 6)   # s = √(0.02/3), / √4
    0.040825
    """
    scores = np.asarray(scores, dtype=np.float64).reshape(-1)
    if scores.size < 2:
        return math.nan
    return float(scores.std(ddof=1) / math.sqrt(scores.size))


def corrected_standard_error(scores: Any, rho: float) -> float:
    """``s · √(1/M + ρ₀/(1 − ρ₀))``: the corrected resampled-t standard error of the mean of M
    resampled scores (Nadeau & Bengio 2003; Bouckaert & Frank 2004; module docstring), with
    ρ₀ = ``rho`` (:func:`held_out_fraction`). NaN for M < 2 or a NaN score.

    Examples
    --------
    >>> from fsstab.resampling import corrected_standard_error
    >>> se = corrected_standard_error([0.8, 0.9, 0.7, 0.8], 0.1)
    >>> round(se, 5)   # s² = 0.02/3; × (1/4 + 1/9) = 0.0024074; √ = 0.04907
    0.04907
    """
    scores = np.asarray(scores, dtype=np.float64).reshape(-1)
    factor = variance_factor(max(scores.size, 1), rho)
    if scores.size < 2:
        return math.nan
    return float(scores.std(ddof=1) * math.sqrt(factor))


@dataclass(frozen=True)
class LooBootstrap:
    """The leave-one-out bootstrap estimate of a mean loss and its delta-method standard error
    (Efron & Tibshirani 1997; :func:`loo_bootstrap`).

    Attributes
    ----------
    estimate
        Err⁽¹⁾ = (1/n) Σ_i Ê_i.
    se
        (Σ_i D̂_i²)^{1/2}.
    per_sample
        Ê_i, each sample's mean loss over the bootstraps that left it out.
    """

    estimate: float
    se: float
    per_sample: np.ndarray


def loo_bootstrap(losses: Any, counts: Any) -> LooBootstrap:
    """Efron & Tibshirani's (1997) leave-one-out bootstrap Err⁽¹⁾ and its nonparametric
    delta-method standard error (module docstring).

    Parameters
    ----------
    losses
        ``(n, B)``: the loss of sample i under the model of bootstrap b (e.g. 0/1 for a
        misclassification); only entries with ``counts == 0`` (out of bag) are read.
    counts
        ``(n, B)`` non-negative integers: how often bootstrap b drew sample i (each column
        sums to n).

    Raises
    ------
    ValueError
        Shapes differ, counts are not non-negative integers summing to n per bootstrap, or a
        sample is in every bootstrap (its Ê_i is undefined: draw more bootstraps).

    Examples
    --------
    A loss that does not depend on the training rows (a constant predictor), over all
    3³ = 27 bootstrap samples of n = 3 rows: D̂_i reduces to (Q_i − Q̄)/n exactly, so the
    standard error is that of a mean of n values, √(Σ (Q_i − Q̄)²)/n.

    >>> import itertools
    >>> import numpy as np
    >>> from fsstab.resampling import loo_bootstrap
    >>> draws = list(itertools.product(range(3), repeat=3))
    >>> counts = np.array([np.bincount(d, minlength=3) for d in draws]).T
    >>> losses = np.repeat([[0.0], [1.0], [1.0]], len(draws), axis=1)
    >>> result = loo_bootstrap(losses, counts)
    >>> round(result.estimate, 6), round(result.se, 6)   # 2/3; √(2/3)/3 = 0.272166
    (0.666667, 0.272166)
    """
    Q = np.asarray(losses, dtype=np.float64)
    N = np.asarray(counts)
    if Q.ndim != 2 or Q.shape != N.shape:
        raise ValueError(f"losses and counts must be (n, B) arrays of one shape; got "
                         f"{Q.shape} and {N.shape}")
    n, B = N.shape
    if n < 2 or B < 1:
        raise ValueError(f"need n >= 2 samples and B >= 1 bootstraps; got n={n}, B={B}")
    if not np.issubdtype(N.dtype, np.integer) or np.any(N < 0):
        raise ValueError("counts must be non-negative integers (times each row was drawn)")
    if np.any(N.sum(axis=0) != n):
        raise ValueError(f"each bootstrap must draw n = {n} rows: the columns of counts sum "
                         f"to {sorted(set(N.sum(axis=0).tolist()))[:5]}")
    out = N == 0
    times_out = out.sum(axis=1)
    if np.any(times_out == 0):
        never = np.flatnonzero(times_out == 0)
        raise ValueError(f"samples {never[:5].tolist()} are in every bootstrap (never out of "
                         "bag): their leave-one-out loss is undefined; draw more bootstraps")
    oob_losses = np.where(out, Q, 0.0)
    if not np.all(np.isfinite(oob_losses)):
        raise ValueError("losses must be finite where counts == 0 (out of bag)")
    per_sample = oob_losses.sum(axis=1) / times_out
    estimate = float(per_sample.mean())
    q = oob_losses.sum(axis=0) / n                      # q^b = (1/n) Σ_l I_l^b Q_l^b
    e_n = (1.0 - 1.0 / n) ** (-n)
    centred = N - N.mean(axis=1, keepdims=True)         # N_i^b − N̄_i
    D = (2.0 + 1.0 / (n - 1)) * (per_sample - estimate) / n + e_n * (centred @ q) / B
    return LooBootstrap(estimate=estimate, se=float(np.sqrt(np.sum(D ** 2))),
                        per_sample=per_sample)
