"""Inference for Nogueira's φ: variance, confidence interval and hypothesis tests
(Nogueira, Sechidis & Brown 2018, JMLR, §5).

Derivation (delta method). With B = k̄/d and A = (1/(M(M-1))) Σ_{i≠j} |V_i ∩ V_j| / d,
φ̂ = (A - B²) / (B (1 - B)) -- the frequency form of :func:`~fsstab.measures.nogueira`
rewritten with Σ_f s_f² = k̄ - (1/(M(M-1))) Σ_{i≠j} |V_i ∩ V_j| (Hamer & Dupont 2021, eq. 3).
A is a U-statistic of degree 2 with kernel ⟨z_i, z_j⟩/d; its Hoeffding projection is
(2/M) Σ_i ⟨z_i, p̂⟩/d, p̂ the selection frequencies. B is the mean of k_i/d. Linearising φ̂ in
(A, B), with ∂φ/∂A = 1/(B(1-B)) and ∂φ/∂B = -(2B + φ(1 - 2B))/(B(1-B)), gives
φ̂ - φ ≈ (2/M) Σ_i (ψ_i - ψ̄) with the per-run influence

    ψ_i = [⟨z_i, p̂⟩/d - k_i k̄/d² + (φ̂/2)(2 k_i k̄/d² - k_i/d)] / (B (1 - B))

and hence the variance estimate v(φ̂) = (4/M²) Σ_i (ψ_i - ψ̄)².

Sign convention: the (φ̂/2) term enters with a *plus* sign, as in the paper's Python and
Matlab code and as the derivation above requires. The authors' R script uses the opposite sign
(``variance_R_script_variant`` in ``../shared/reference/nogueira_inference.json``); fsstab does
not implement that variant. Terms that are the same for every run (the paper's code adds
(φ̂/2)(1 - k̄/d)) cancel in ψ_i - ψ̄.

Asymptotically φ̂ ~ N(φ, v(φ̂)), which gives the Wald interval φ̂ ± z_{1-α/2} √v, the
one-sided one-sample test of H0: φ <= φ0 (statistic V = (φ̂ - φ0)/√v, p = 1 - Φ_N(V)) and the
two-sided two-sample test of H0: φ_A = φ_B (T = (φ̂_B - φ̂_A)/√(v_A + v_B), p = 2(1 - Φ_N(|T|))).

A variance estimate of exactly 0 (e.g. identical sets) makes a non-zero difference infinitely
significant: the statistic is ±inf (p-value 0 or 1), as in the reference implementation; a
zero difference with zero variance gives a NaN statistic. An undefined φ̂ (all sets empty or
all full) makes every result NaN and ``reject`` False.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from fsstab.measures._core import SelectionStats
from fsstab.measures.frequency import nogueira_value


@dataclass(frozen=True)
class StabilityTest:
    """Outcome of a test on Nogueira's φ: statistic, p-value and whether H0 is rejected at
    level ``alpha`` (p-value < alpha).

    Examples
    --------
    >>> from fsstab.measures import nogueira_one_sample_test
    >>> result = nogueira_one_sample_test([[1, 1, 0, 0], [1, 1, 0, 0]], 0.5)
    >>> result.statistic, result.reject, result.alpha      # identical runs: no variance
    (inf, True, 0.05)
    """

    statistic: float
    p_value: float
    reject: bool
    alpha: float


def _check_alpha(alpha: Any) -> float:
    if isinstance(alpha, bool) or not isinstance(alpha, int | float | np.floating) or not (
        0.0 < alpha < 1.0
    ):
        raise ValueError(f"alpha (significance level) must lie in (0, 1), got {alpha!r}")
    return float(alpha)


def influence(stats: SelectionStats, stability: float) -> np.ndarray:
    """ψ_i, the per-run influence of the delta-method linearisation of φ̂ (module docstring)."""
    M, d = stats.M, stats.d
    k = stats.sizes.astype(np.float64)
    k_bar = stats.q / M
    frequencies = stats.counts / M
    agreement = (stats.Z.astype(np.float64) @ frequencies) / d  # ⟨z_i, p̂⟩ / d
    scale = (k_bar / d) * (1.0 - k_bar / d)
    return (
        agreement - k * k_bar / d**2 + stability / 2.0 * (2.0 * k * k_bar / d**2 - k / d)
    ) / scale


def _estimate(stats: SelectionStats) -> tuple[float, float]:
    stability = nogueira_value(stats)
    if math.isnan(stability):
        return math.nan, math.nan
    psi = influence(stats, stability)
    variance = 4.0 / stats.M**2 * float(np.sum((psi - psi.mean()) ** 2))
    return stability, variance


def nogueira_variance(Z: Any, *, d: int | None = None) -> float:
    """Estimated variance of φ̂ (Nogueira, Sechidis & Brown 2018; Python/Matlab sign, see
    :mod:`fsstab.measures.inference`). NaN when φ̂ is undefined.

    Examples
    --------
    The example of Nogueira's documentation (his code gives φ̂ = 0.7222, v = 0.0015480):

    >>> from fsstab.measures import nogueira_variance
    >>> Z = [[1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
    ...      [1, 1, 1, 1, 0, 0, 0, 0, 0, 0],
    ...      [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]]
    >>> round(nogueira_variance(Z), 7)
    0.001548
    """
    return _estimate(SelectionStats(Z, d))[1]


def nogueira_bounds(M: int) -> tuple[float, float]:
    """The range of φ for M selections: ``[-1/(M-1), 1]`` (Nogueira, Sechidis & Brown 2018;
    Bommert 2020, App. B.1): 1 for identical sets, -1/(M-1) at the most disagreement M sets
    can have."""
    if isinstance(M, bool) or not isinstance(M, int | np.integer) or M < 2:
        raise ValueError(f"M (number of selections) must be an integer >= 2, got {M!r}")
    return -1.0 / (int(M) - 1), 1.0


def nogueira_confidence_interval(
    Z: Any, *, alpha: float = 0.05, d: int | None = None, clip: bool = False
) -> tuple[float, float]:
    """Asymptotic (1 - α) confidence interval φ̂ ± z_{1-α/2} √v(φ̂) for Nogueira's φ
    (Nogueira, Sechidis & Brown 2018).

    The Wald interval is symmetric about φ̂ and so may reach beyond the values φ can take
    (above 1 for nearly identical sets). With ``clip`` it is cut to :func:`nogueira_bounds`:
    the true φ lies in that range, so the cut interval covers it whenever the uncut one does
    (same coverage), and reports no impossible values. ``clip=False`` (default) is the
    published interval, as in the authors' code.

    Examples
    --------
    >>> import numpy as np
    >>> Z = np.zeros((5, 20), dtype=int)
    >>> Z[:, :5] = 1                  # five runs select features 0-4 ...
    >>> Z[4, 3], Z[4, 12] = 0, 1      # ... but the last swaps feature 3 for feature 12
    >>> [round(v, 3) for v in nogueira_confidence_interval(Z)]
    [0.781, 1.006]
    >>> [round(v, 3) for v in nogueira_confidence_interval(Z, clip=True)]
    [0.781, 1.0]

    The example of Nogueira's documentation (his code gives [0.6451, 0.7993] at α = 0.05):

    >>> Z = [[1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
    ...      [1, 1, 1, 1, 0, 0, 0, 0, 0, 0],
    ...      [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]]
    >>> [round(bound, 4) for bound in nogueira_confidence_interval(Z)]
    [0.6451, 0.7993]
    """
    alpha = _check_alpha(alpha)
    stats = SelectionStats(Z, d)
    stability, variance = _estimate(stats)
    half_width = _normal_quantile(1.0 - alpha / 2.0) * math.sqrt(variance)
    low, high = float(stability - half_width), float(stability + half_width)
    if clip and stats.M >= 2 and not math.isnan(stability):
        lower, upper = nogueira_bounds(stats.M)
        low, high = max(low, lower), min(high, upper)
    return low, high


def _normal_quantile(q: float) -> float:
    """``scipy.stats.norm.ppf(q)`` (which computes ``scipy.special.ndtri(q)``), without
    importing scipy.stats."""
    from scipy.special import ndtri

    return ndtri(q)


def _normal_sf(x: float) -> float:
    """``scipy.stats.norm.sf(x)`` (which computes ``scipy.special.ndtr(-x)``), without
    importing scipy.stats."""
    from scipy.special import ndtr

    return ndtr(-x)


def _z_test(difference: float, variance: float, alpha: float, two_sided: bool) -> StabilityTest:
    if math.isnan(difference) or math.isnan(variance):
        return StabilityTest(math.nan, math.nan, False, alpha)
    if variance == 0.0:
        statistic = math.copysign(math.inf, difference) if difference != 0 else math.nan
    else:
        statistic = difference / math.sqrt(variance)
    if math.isnan(statistic):
        return StabilityTest(math.nan, math.nan, False, alpha)
    p_value = 2.0 * _normal_sf(abs(statistic)) if two_sided else _normal_sf(statistic)
    return StabilityTest(statistic, float(p_value), bool(p_value < alpha), alpha)


def nogueira_one_sample_test(
    Z: Any, value: float, *, alpha: float = 0.05, d: int | None = None
) -> StabilityTest:
    """One-sided test of H0: φ <= ``value`` against H1: φ > ``value`` (Nogueira, Sechidis &
    Brown 2018): V = (φ̂ - value)/√v(φ̂), p-value 1 - Φ_N(V).

    Examples
    --------
    The example of Nogueira's documentation against φ = 0.5 (his code gives V = 5.6481):

    >>> from fsstab.measures import nogueira_one_sample_test
    >>> Z = [[1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
    ...      [1, 1, 1, 1, 0, 0, 0, 0, 0, 0],
    ...      [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]]
    >>> result = nogueira_one_sample_test(Z, 0.5)
    >>> round(result.statistic, 4), result.reject
    (5.6481, True)
    """
    alpha = _check_alpha(alpha)
    if not isinstance(value, int | float | np.number) or not math.isfinite(value):
        raise ValueError(f"value (the stability under H0) must be a finite number, got {value!r}")
    stability, variance = _estimate(SelectionStats(Z, d))
    return _z_test(stability - float(value), variance, alpha, two_sided=False)


def nogueira_two_sample_test(
    Z_a: Any,
    Z_b: Any,
    *,
    alpha: float = 0.05,
    d_a: int | None = None,
    d_b: int | None = None,
) -> StabilityTest:
    """Two-sided test of H0: φ_A = φ_B for two independent selection outcomes (e.g. two
    feature selectors, each run on its own resamples; Nogueira, Sechidis & Brown 2018):
    T = (φ̂_B - φ̂_A) / √(v_A + v_B), p-value 2 (1 - Φ_N(|T|)).

    Examples
    --------
    Two outcomes of Nogueira's test suite (his code gives T = -3.9775, p = 6.965e-05):

    >>> from fsstab.measures import nogueira_two_sample_test
    >>> Z_a = [[1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0], [1, 0, 1, 0, 0, 0],
    ...        [1, 1, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0]]
    >>> Z_b = [[1, 0, 0, 1, 0, 0], [0, 1, 0, 0, 1, 0], [0, 0, 1, 0, 0, 1],
    ...        [1, 1, 0, 0, 0, 0], [0, 0, 0, 1, 1, 0]]
    >>> result = nogueira_two_sample_test(Z_a, Z_b)
    >>> round(result.statistic, 4), f"{result.p_value:.3e}", result.reject
    (-3.9775, '6.965e-05', True)
    """
    alpha = _check_alpha(alpha)
    stability_a, variance_a = _estimate(SelectionStats(Z_a, d_a))
    stability_b, variance_b = _estimate(SelectionStats(Z_b, d_b))
    return _z_test(stability_b - stability_a, variance_a + variance_b, alpha, two_sided=True)


def selection_frequency_interval(
    Z: Any, *, d: int | None = None, alpha: float = 0.05
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Selection frequency p̂_f = h_f / M of every feature with its Wilson score interval.

    The M runs on resamples of one dataset are independent given the data (each resample is
    drawn from its own seed), so h_f ~ Binomial(M, p_f), p_f the probability that the
    selector picks feature f on a resample of these data: the quantity p̂_f estimates, and
    what a feature stability map and Hamer & Dupont (2021, eq. 15) call its selection
    frequency. The interval is Wilson's score interval (Wilson 1927, JASA 22:209-212),

        (p̂ + z²/2M ± z √(p̂(1 - p̂)/M + z²/4M²)) / (1 + z²/M),   z = z_{1-α/2},

    which keeps its coverage near the nominal level for the small M and the p̂ near 0 or 1 of
    stability studies, where the Wald interval p̂ ± z √(p̂(1-p̂)/M) collapses to a point
    (Brown, Cai & DasGupta 2001, Statistical Science 16:101-133). It says how precisely M
    runs determine p_f, not how p_f would change on new data from the population.

    Returns ``(frequency, low, high)``, arrays of length d.

    Examples
    --------
    >>> import numpy as np
    >>> Z = np.array([[1, 0, 1], [1, 0, 0], [1, 1, 0], [1, 0, 0]])
    >>> p, low, high = selection_frequency_interval(Z)
    >>> p.tolist()
    [1.0, 0.25, 0.25]
    >>> round(float(low[0]), 3), round(float(high[1]), 3)
    (0.51, 0.699)
    """
    alpha = _check_alpha(alpha)
    stats = SelectionStats(Z, d)
    M = stats.M
    p = stats.frequencies
    z = float(_normal_quantile(1.0 - alpha / 2.0))
    denominator = 1.0 + z * z / M
    centre = (p + z * z / (2.0 * M)) / denominator
    half = z * np.sqrt(p * (1.0 - p) / M + z * z / (4.0 * M * M)) / denominator
    # p̂ = 0 and p̂ = 1 are ends of the interval exactly (rounding would leave 1 - 1e-16)
    low = np.where(p == 0.0, 0.0, np.clip(centre - half, 0.0, 1.0))
    high = np.where(p == 1.0, 1.0, np.clip(centre + half, 0.0, 1.0))
    return p, low, high
