"""How many resamples are enough: Nogueira's φ and its interval as M grows.

A stability estimate from M selection runs is itself uncertain; Nogueira, Sechidis & Brown
(2018, §5) give its asymptotic variance and hence a confidence interval whose half-width
shrinks like 1/√M. :func:`nogueira_convergence` evaluates φ̂ and the interval on the first
m = 1, ..., M runs -- the curve a convergence plot draws (φ undefined at m = 1) --, and
:func:`precision_reached` / :func:`resamples_needed` turn the last point into an answer to
"does M suffice?" under a stated criterion:

    **M suffices for precision h when the (1 − α) interval of φ at M has half-width ≤ h**,

the half-width being half the length of the interval *before* it is cut to φ's range (the
cut would shrink it artificially near 1). The M needed for h is estimated from the 1/√M
rate as ⌈M (w_M / h)²⌉, w_M the half-width at M.

Because resample r of :func:`fsstab.resampling.make_resamples` does not depend on M, the
first m runs of an M-run study are exactly the study one would have run with m resamples.

Examples
--------
>>> import numpy as np
>>> from fsstab.convergence import (nogueira_convergence, precision_reached,
...                                 resamples_needed)
>>> rng = np.random.default_rng(0)
>>> Z = rng.random((40, 30)) < np.linspace(0.9, 0.05, 30)   # 40 runs, 30 features
>>> curve = nogueira_convergence(Z, alpha=0.05)
>>> curve.m[:3].tolist(), bool(np.isnan(curve.phi[0]))
([1, 2, 3], True)
>>> bool(curve.half_width[-1] < curve.half_width[4])          # narrower with more runs
True
>>> round(float(curve.phi[-1]), 3), round(float(curve.half_width[-1]), 3)
(0.249, 0.043)
>>> precision_reached(curve, 0.05), resamples_needed(curve, 0.05)
(True, 31)
>>> precision_reached(curve, 0.02), resamples_needed(curve, 0.02)
(False, 189)
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from fsstab.measures import as_selection_matrix, nogueira_bounds
from fsstab.measures._core import SelectionStats
from fsstab.measures.inference import _check_alpha, _estimate, _normal_quantile

__all__ = [
    "ConvergenceCurve",
    "half_width_text",
    "nogueira_convergence",
    "precision_reached",
    "resamples_needed",
]


class ConvergenceCurve(NamedTuple):
    """φ̂ on the first m runs, m = 1..M, with its (1 − α) interval.

    ``low``/``high`` are cut to φ's range [-1/(m-1), 1]; ``half_width`` is z_{1-α/2} √v(φ̂),
    half the length of the uncut interval. All NaN at m = 1 and wherever φ̂ is undefined
    (every run so far empty or full).
    """

    m: np.ndarray
    phi: np.ndarray
    low: np.ndarray
    high: np.ndarray
    half_width: np.ndarray
    alpha: float


def nogueira_convergence(Z: Any, *, alpha: float = 0.05, d: int | None = None
                         ) -> ConvergenceCurve:
    """φ̂ and its interval on the first m runs of ``Z`` for m = 1, ..., M (module docstring).

    Parameters
    ----------
    Z
        ``M x d`` selection matrix, runs in the order they were drawn (see
        :func:`fsstab.measures.as_selection_matrix`).
    alpha
        1 − confidence level of the interval (Nogueira, Sechidis & Brown 2018, §5).
    """
    alpha = _check_alpha(alpha)
    Z = as_selection_matrix(Z, d)
    M = Z.shape[0]
    z = float(_normal_quantile(1.0 - alpha / 2.0))
    phi, low, high, half = (np.full(M, np.nan) for _ in range(4))
    for m in range(2, M + 1):
        stability, variance = _estimate(SelectionStats(Z[:m]))
        if math.isnan(stability):
            continue
        width = z * math.sqrt(variance)
        lower, upper = nogueira_bounds(m)
        phi[m - 1], half[m - 1] = stability, width
        low[m - 1], high[m - 1] = max(stability - width, lower), min(stability + width, upper)
    return ConvergenceCurve(np.arange(1, M + 1), phi, low, high, half, alpha)


def _check_precision(precision: Any) -> float:
    if isinstance(precision, bool) or not isinstance(precision, int | float | np.floating) or \
            not 0.0 < precision <= 1.0 or math.isnan(precision):
        raise ValueError(f"precision (half-width of φ's interval) must lie in (0, 1], got "
                         f"{precision!r}")
    return float(precision)


def precision_reached(curve: ConvergenceCurve, precision: float) -> bool:
    """Whether the interval at the last M has half-width at most ``precision`` (False when
    φ is undefined at M)."""
    precision = _check_precision(precision)
    width = float(curve.half_width[-1])
    return bool(np.isfinite(width) and width <= precision)


def resamples_needed(curve: ConvergenceCurve, precision: float) -> int | None:
    """Estimated number of resamples for half-width ``precision``: ⌈M (w_M / h)²⌉ from the
    1/√M rate of the interval, at least M when M does not suffice and at most M when it does
    (None when φ is undefined at M)."""
    precision = _check_precision(precision)
    M, width = int(curve.m[-1]), float(curve.half_width[-1])
    if not np.isfinite(width):
        return None
    needed = math.ceil(M * (width / precision) ** 2 - 1e-9)
    return max(needed, M + 1) if width > precision else max(min(needed, M), 2)


def half_width_text(width: float, precision: float) -> str:
    """``width`` with three decimals, or as many more as it takes to tell it from
    ``precision`` (0.0504 against 0.05, not "0.050").

    Examples
    --------
    >>> half_width_text(0.05037, 0.05), half_width_text(0.061, 0.05)
    ('0.0504', '0.061')
    """
    for digits in (3, 4, 5, 6):
        text = f"{width:.{digits}f}"
        if float(text) != precision:
            return text
    return f"{width:.6g}"
