"""False discovery proportions estimated from synthetic null features: the knockoff(+) filter
(Barber & Candès 2015, Thm. 1 and 2) and Stabl's FDP+ (Hédou et al. 2024, Methods).

Both compare the real features with synthetic ones that are null by construction (knockoffs,
or permuted copies) and estimate the number of false selections above a threshold by the
number of synthetic features above it:

- **knockoff+** -- a statistic ``W_j`` per feature, large and positive when feature ``j`` looks
  more important than its knockoff, with signs that are i.i.d. coin flips for the nulls. At
  ``t > 0``, ``FDP̂(t) = (offset + #{j : W_j ≤ −t}) / max(1, #{j : W_j ≥ t})``; the threshold
  ``T = min{t ∈ {|W_j| > 0} : FDP̂(t) ≤ q}`` (``+∞`` when none) and the selection
  ``{j : W_j ≥ T}``. With ``offset = 1`` (knockoff+) the FDR is at most ``q`` (Thm. 2, for
  fixed-X knockoffs and the Gaussian linear model; Candès et al. 2018, Thm. 3.4, for model-X
  knockoffs and any outcome); ``offset = 0`` controls a modified FDR ``E[V / (R + 1/q)]``.
- **Stabl's FDP+** -- selection frequencies ``f_j`` of the real features and ``f̃_k`` of ``m``
  synthetic features (Stabl's "artificial features", ``m = p · proportion``), each the maximum
  over the base selector's regularisation grid. At a frequency threshold ``t``,
  ``FDP+(t) = (1 + #{k : f̃_k ≥ t} / proportion) / max(1, #{j : f_j ≥ t})``, and the
  reliability threshold is ``θ = argmin_t FDP+(t)`` (the smallest minimiser); the selection is
  ``{j : f_j ≥ θ}``, empty when the minimum exceeds 1 (Stabl's code). A single feature
  alone can be kept only at FDP+ = (1 + 0)/1 = 1. FDP+ is
  an *estimate* of the false discovery proportion, not a bound with a finite-sample guarantee
  (the synthetic features are not knockoffs of the real ones in the sense of the theory).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["FDPCurve", "knockoff_fdp", "knockoff_threshold", "stabl_fdp_curve"]


def _statistics(W: Any) -> np.ndarray:
    W = np.asarray(W, dtype=np.float64)
    if W.ndim != 1 or not np.all(np.isfinite(W)):
        raise ValueError(f"W must be a 1-d array of finite knockoff statistics; got {W!r}")
    return W


def _check_level(q: Any, name: str = "q") -> float:
    if isinstance(q, bool) or not isinstance(q, int | float | np.floating) or not 0 < q < 1:
        raise ValueError(f"{name} must be a target false discovery rate in (0, 1); got {q!r}")
    return float(q)


def knockoff_fdp(W: Any, t: float, *, offset: int = 1) -> float:
    """The knockoff estimate ``FDP̂(t) = (offset + #{W_j ≤ −t}) / max(1, #{W_j ≥ t})``
    (Barber & Candès 2015, eqs. 1.7 and 1.9).

    Examples
    --------
    >>> from fsstab.error_control import knockoff_fdp
    >>> knockoff_fdp([3.0, 2.0, -1.5, 1.0, 0.0], 1.0)   # (1 + 1) / 3
    0.6666666666666666
    """
    w = _statistics(W)
    if offset not in (0, 1):
        raise ValueError(f"offset must be 0 (knockoff) or 1 (knockoff+); got {offset!r}")
    return (offset + int(np.sum(w <= -t))) / max(1, int(np.sum(w >= t)))


def knockoff_threshold(W: Any, q: float, *, offset: int = 1) -> float:
    """The knockoff(+) threshold ``T = min{t ∈ {|W_j| : W_j ≠ 0} : FDP̂(t) ≤ q}`` (Barber &
    Candès 2015, eq. 1.8 with ``offset = 0``, eq. 1.9 with ``offset = 1``); ``+∞`` when no
    ``t`` qualifies (nothing is selected). The features selected are ``W >= T``.

    Parameters
    ----------
    W : array (d,)
        Knockoff statistics (feature-minus-knockoff importance, antisymmetric under swaps).
    q : float
        The target FDR, in (0, 1).
    offset : {1, 0}
        1 for knockoff+ (FDR control), 0 for the knockoff filter (modified FDR).

    Returns
    -------
    float

    Examples
    --------
    Worked by hand for W = (5, 4, 3, 2, −1, 1): at t = 1, FDP̂ = (1 + 1)/5 = 0.4; at t = 2,
    (1 + 0)/4 = 0.25; at t = 3, 4, 5: 1/3, 1/2, 1:

    >>> from fsstab.error_control import knockoff_threshold
    >>> W = [5.0, 4.0, 3.0, 2.0, -1.0, 1.0]
    >>> knockoff_threshold(W, 0.3), knockoff_threshold(W, 0.4)
    (2.0, 1.0)
    >>> knockoff_threshold(W, 0.2)   # no t reaches 0.2: nothing is selected
    inf
    """
    w = _statistics(W)
    q = _check_level(q)
    candidates = np.unique(np.abs(w[w != 0]))
    for t in candidates:  # ascending: the first that qualifies is the minimum
        if knockoff_fdp(w, float(t), offset=offset) <= q:
            return float(t)
    return float("inf")


@dataclass(frozen=True)
class FDPCurve:
    """Stabl's FDP+ at every threshold, and the threshold minimising it.

    ``thresholds`` ascending; ``fdp_plus[i]`` is FDP+ at ``thresholds[i]``; ``threshold`` is
    θ (the smallest threshold attaining the minimum; ``inf`` when the minimum exceeds 1:
    nothing is selected, as in Stabl's code), ``minimum`` the minimum of FDP+ (1.0 without
    any threshold).
    """

    thresholds: np.ndarray
    fdp_plus: np.ndarray
    threshold: float
    minimum: float


def _frequencies(values: Any, name: str) -> np.ndarray:
    f = np.asarray(values, dtype=np.float64)
    if f.ndim != 1 or not np.all((f >= 0) & (f <= 1)):
        raise ValueError(f"{name} must be a 1-d array of selection frequencies in [0, 1]")
    return f


def stabl_fdp_curve(frequencies: Any, artificial_frequencies: Any, *,
                    proportion: float = 1.0, thresholds: Any = None) -> FDPCurve:
    """Stabl's ``FDP+(t) = (1 + #{k : f̃_k ≥ t} / proportion) / max(1, #{j : f_j ≥ t})`` and
    its minimiser θ (Hédou et al. 2024, Methods; module docstring).

    Parameters
    ----------
    frequencies : array (d,)
        Selection frequencies of the real features (maximum over the regularisation grid).
    artificial_frequencies : array (m,)
        Those of the synthetic features.
    proportion : float
        ``m / d`` as Stabl's ``artificial_proportion``: the synthetic count is scaled back to
        ``d`` synthetic features.
    thresholds : array or None
        The thresholds ``t`` evaluated. None: every distinct positive frequency of a real
        feature -- the points where FDP+ can change, so the minimum over ``t ∈ (0, 1]`` is
        exact. (Stabl's code evaluates ``t = 0, 0.01, …, 0.99`` with ``f > t``.)

    Returns
    -------
    FDPCurve

    Examples
    --------
    Real frequencies (1, 0.9, 0.8, 0.3), synthetic (0.85, 0.2): at t = 0.9,
    (1 + 0)/2 = 0.5; at t = 0.8, (1 + 1)/3; at t = 0.3, (1 + 1)/4 = 0.5; at t = 1, 1/1:

    >>> from fsstab.error_control import stabl_fdp_curve
    >>> curve = stabl_fdp_curve([1.0, 0.9, 0.8, 0.3], [0.85, 0.2])
    >>> curve.thresholds.tolist(), curve.fdp_plus.round(3).tolist()
    ([0.3, 0.8, 0.9, 1.0], [0.5, 0.667, 0.5, 1.0])
    >>> curve.threshold, curve.minimum   # the smallest t attaining the minimum
    (0.3, 0.5)
    """
    f = _frequencies(frequencies, "frequencies")
    f_art = _frequencies(artificial_frequencies, "artificial_frequencies")
    if isinstance(proportion, bool) or not isinstance(proportion, int | float) or not (
            0 < proportion <= 1):
        raise ValueError(f"proportion must lie in (0, 1]; got {proportion!r}")
    if thresholds is None:
        grid = np.unique(f[f > 0])
    else:
        grid = np.unique(_frequencies(np.ravel(thresholds), "thresholds"))
    if grid.size == 0:
        return FDPCurve(grid, np.zeros(0), float("inf"), 1.0)
    real = np.sort(f)
    artificial = np.sort(f_art)
    # counts of values >= t, by binary search on the sorted frequencies
    n_real = real.size - np.searchsorted(real, grid, side="left")
    n_artificial = artificial.size - np.searchsorted(artificial, grid, side="left")
    fdp = (1.0 + n_artificial / proportion) / np.maximum(1, n_real)
    best = int(np.argmin(fdp))
    if fdp[best] > 1.0:
        return FDPCurve(grid, fdp, float("inf"), float(fdp[best]))
    return FDPCurve(grid, fdp, float(grid[best]), float(fdp[best]))
