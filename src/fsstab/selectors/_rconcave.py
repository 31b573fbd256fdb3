"""The tail bound of Shah & Samworth (2013, §3.3) for r-concave selection proportions.

Shah & Samworth bound the probability that a feature of low selection probability passes the
threshold of complementary-pairs stability selection by the largest upper tail that a
distribution with the shape assumed for the selection proportion can have. For a random
variable ``X`` on ``{0, 1, ..., B}`` (a count of subsamples, or of pairs) with mean ``ηB``,
:func:`r_concave_tail` computes

    D(η, t, B, r) = max P(X ≥ t)  over r-concave distributions of X with E X = ηB,

``r < 0`` (a pmf ``f`` is r-concave when ``f^r`` is convex on its support). The extremal
distributions are those of the boundary of the class: ``f(j) ∝ (a + j)^(1/r)`` (``f^r``
linear) on ``{0, ..., k}``, plus a point mass at ``k + 1`` of at most the linear extension
``(a + k + 1)^(1/r)`` of that law. With the mean fixed, the normalising constant is
``c = (k + 1 − ηB) / Σ_{j ≤ k} (k + 1 − j)(a + j)^(1/r)``, so that

    P(X ≥ t) = 1 − c Σ_{j < t} (a + j)^(1/r)    (t ≤ k + 1),

and the point mass ranges from 0 to its maximum as ``a`` runs from ``a_k`` down to
``a_{k+1}``, where ``a_k`` is the ``a`` whose law ``∝ (a + j)^(1/r)`` on ``{0, ..., k}`` has
mean ``ηB``. ``D`` is the largest of these tails over ``k = ⌈2ηB⌉ + 1, ..., B − 1`` and ``a``
in ``[a_{k+1}, a_k]``; below ``t = ⌈2ηB⌉ + 1`` the bound is 1 (Shah & Samworth's
computation, which the R package stabs 0.7-1 follows).

Two searches over ``a`` are offered. ``"stabs"`` reproduces stabs: Brent's (1973) bounded
minimiser, the algorithm of R's ``optimize`` and of :func:`scipy.optimize.fminbound`, with R's
default absolute tolerance ``ε^(1/4) ≈ 1.2e-4``. The intervals
``[a_{k+1}, a_k]`` are often narrower than that tolerance, and the minimiser then stops at its
first golden-section point instead of the end where the tail is largest, so stabs' ``D`` can
be a few per cent *below* the maximum over the very distributions it searches (2.7 % in
stabs' own reference cases, e.g. p = 1000, q = 10, π_thr = 0.9). ``"maximum"`` takes the
largest tail over each interval: a scan of 257 points in ``log a`` refined by the same
minimiser to a relative ``1e-14``, never below ``"stabs"``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np

__all__ = ["R_CONCAVE_SEARCHES", "r_concave_tail"]

R_CONCAVE_SEARCHES = ("stabs", "maximum")

#: R's ``optimize``'s default tolerance, ``.Machine$double.eps^0.25``.
_OPTIMIZE_TOL = float(np.finfo(float).eps) ** 0.25
#: stabs starts the search for ``a`` below this value and above ``_A_LOW``.
_A_HIGH, _A_LOW = 1e5, 1e-5


@functools.lru_cache(maxsize=256)
def _shape_parameters(mean: float, n: int, r: float) -> tuple[float, ...]:
    """``a_k`` for ``k = 0 .. n`` (NaN below ``⌈2 mean⌉ + 1``): the ``a`` at which the law
    ``∝ (a + j)^(1/r)`` on ``{0, ..., k}`` has the given mean.

    The mean increases with ``a`` (from 0 to ``k/2``), so each ``a_k`` is the one root; all
    are found at once by bisection in ``log a`` on ``[1e-5, 1e5]`` (stabs' bracket) to the
    resolution of a double."""
    power = 1.0 / r
    start = math.ceil(2 * mean) + 1
    roots = [math.nan] * (n + 1)
    if start > n:
        return tuple(roots)
    ks = np.arange(start, n + 1)
    j = np.arange(n + 1.0)
    inside = j[None, :] <= ks[:, None]
    lo = np.full(ks.size, math.log(_A_LOW))
    hi = np.full(ks.size, math.log(_A_HIGH))
    for _ in range(64):
        mid = 0.5 * (lo + hi)
        weights = np.where(inside, (np.exp(mid)[:, None] + j[None, :]) ** power, 0.0)
        above = weights @ j / weights.sum(axis=1) > mean
        hi = np.where(above, mid, hi)
        lo = np.where(above, lo, mid)
    for k, root in zip(ks, np.exp(0.5 * (lo + hi)), strict=True):
        roots[int(k)] = float(root)
    return tuple(roots)


def _brent_maximum(f: Callable[[float], float], low: float, high: float,
                   tol: float) -> float:
    """The largest value Brent's bounded minimiser (Brent 1973, ch. 5; the algorithm of R's
    ``optimize`` and of :func:`scipy.optimize.fminbound`) finds for ``f`` on ``[low, high]``
    with the absolute tolerance ``tol``: golden-section and parabolic steps on ``-f``, none
    closer than ``√ε |x| + tol/3`` to a point already evaluated."""
    golden, eps = 0.5 * (3.0 - math.sqrt(5.0)), math.sqrt(float(np.finfo(float).eps))
    a, b = low, high
    x = w = v = a + golden * (b - a)
    fx = fw = fv = -f(x)
    d = e = 0.0
    while True:
        xm = 0.5 * (a + b)
        tol1 = eps * abs(x) + tol / 3.0
        tol2 = 2.0 * tol1
        if abs(x - xm) <= tol2 - 0.5 * (b - a):
            return -fx
        p = q = r = 0.0
        if abs(e) > tol1:  # fit a parabola through x, w, v
            r = (x - w) * (fx - fv)
            q = (x - v) * (fx - fw)
            p = (x - v) * q - (x - w) * r
            q = 2.0 * (q - r)
            if q > 0.0:
                p = -p
            else:
                q = -q
            r, e = e, d
        if abs(p) >= abs(0.5 * q * r) or p <= q * (a - x) or p >= q * (b - x):
            e = (b - x) if x < xm else (a - x)
            d = golden * e
        else:
            d = p / q
            if (x + d) - a < tol2 or b - (x + d) < tol2:
                d = tol1 if x < xm else -tol1
        u = x + d if abs(d) >= tol1 else (x + tol1 if d > 0.0 else x - tol1)
        fu = -f(u)
        if fu <= fx:
            if u < x:
                b = x
            else:
                a = x
            v, w, x = w, x, u
            fv, fw, fx = fw, fx, fu
        else:
            if u < x:
                a = u
            else:
                b = u
            if fu <= fw or w == x:
                v, w = w, u
                fv, fw = fw, fu
            elif fu <= fv or v in (x, w):
                v, fv = u, fu


def _tail(a: float, t: int, k: int, mean: float, power: float) -> float:
    """``P(X ≥ t)`` of the extremal law with parameters ``(a, k)`` and the given mean."""
    if t > k + 1:
        return 0.0
    j = np.arange(k + 1.0)
    weights = (a + j) ** power
    norm = (k + 1 - mean) / float(np.sum((k + 1 - j) * weights))
    return 1.0 - norm * float(np.sum(weights[:t]))


def _largest_tail(a_low: float, a_high: float, t: int, k: int, mean: float, power: float,
                  search: str) -> float:
    def tail(a: float) -> float:
        return _tail(a, t, k, mean, power)

    if search == "stabs":
        return _brent_maximum(tail, a_low, a_high, _OPTIMIZE_TOL)
    grid = np.geomspace(a_low, a_high, 257)
    values = np.array([tail(a) for a in grid])
    best = int(np.argmax(values))
    lo, hi = grid[max(best - 1, 0)], grid[min(best + 1, grid.size - 1)]
    return max(float(values.max()), _brent_maximum(tail, lo, hi, 1e-14 * hi))


def r_concave_tail(eta: float, t: int, n: int, r: float, *, search: str = "stabs") -> float:
    """``D(η, t, n, r)``: the largest ``P(X ≥ t)`` of an r-concave ``X`` on ``{0, ..., n}``
    with mean ``η n`` (Shah & Samworth 2013, §3.3; module docstring).

    Parameters
    ----------
    eta
        The mean of ``X / n``, in ``[0, 1)``.
    t
        The threshold, a count in ``0 .. n``.
    n
        The largest value of ``X`` (B pairs, or 2B subsamples).
    r
        The concavity exponent, negative (Shah & Samworth use -1/2 and -1/4).
    search
        ``"stabs"`` (stabs 0.7-1's bounded minimiser) or ``"maximum"`` (module docstring).

    Returns
    -------
    float
        The bound, in ``[0, 1]``; 1 when ``t < ⌈2ηn⌉ + 1``.

    Examples
    --------
    A point mass at the mean is r-concave, so below the mean the tail bound is 1; far in the
    tail the bound is small, and the exact maximum is never below stabs' value:

    >>> from fsstab.selectors._rconcave import r_concave_tail
    >>> r_concave_tail(0.1, 5, 50, -0.5)
    1.0
    >>> stabs = r_concave_tail(0.01, 90, 100, -0.25)
    >>> exact = r_concave_tail(0.01, 90, 100, -0.25, search="maximum")
    >>> 0 < stabs < exact < 1e-5
    True
    """
    if search not in R_CONCAVE_SEARCHES:
        raise ValueError(f"search must be one of {list(R_CONCAVE_SEARCHES)}, got {search!r}")
    if not r < 0:
        raise ValueError(f"r must be negative, got {r!r}")
    mean = eta * n
    start = math.ceil(2 * mean) + 1
    if t < start:
        return 1.0
    if start > n - 1:
        raise ValueError(
            f"the mean selection proportion {eta:.4g} is too large for the r-concave bound "
            f"with n = {n} (it needs ceil(2 eta n) + 1 < n)"
        )
    a = _shape_parameters(float(mean), int(n), float(r))
    power = 1.0 / r
    return max(
        _largest_tail(a[k + 1], a[k], t, k, mean, power, search) for k in range(start, n)
    )
