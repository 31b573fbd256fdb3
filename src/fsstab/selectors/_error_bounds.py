"""Error bounds of stability selection: the expected number of falsely selected features.

Stability selection fits a selector choosing ``q`` of ``p`` features on many subsamples and
keeps the features selected in a fraction ``π̂ ≥ π_thr`` of them. The expected number of
false selections (PFER, per-family error rate) is bounded by a function of ``q/p``,
``π_thr`` and the number ``B`` of (pairs of) subsamples:

- ``sampling="MB"`` (Meinshausen & Bühlmann 2010, Thm. 1; B subsamples of size ⌊n/2⌋) and
  ``sampling="SS", assumption="none"`` (Shah & Samworth 2013, Thm. 1 and eq. 7; B
  complementary pairs): ``PFER ≤ q² / ((2 π_thr − 1) p)``, for ``π_thr`` in (1/2, 1].
- ``assumption="unimodal"`` (Shah & Samworth 2013, Thm. 3 / eq. 8, complementary pairs; the
  selection proportions of the low-probability features have unimodal distributions):
  ``PFER ≤ (q²/p) · C(π_thr, B)`` with ``C = 1 / (2 (2π_thr − 1 − 1/(2B)))`` for
  ``π_thr ≤ 3/4`` (valid when ``π_thr > 1/2 + min(θ², 1/(2B) + 3θ²/4)``, ``θ = q/p``) and
  ``C = 4 (1 − π_thr + 1/(2B)) / (1 + 1/B)`` for ``π_thr > 3/4``.
- ``assumption="r-concave"`` (Shah & Samworth 2013, §3.3, complementary pairs; the
  distribution of the mean of the B pair products is −1/2-concave and that of the 2B
  selection indicators −1/4-concave): ``PFER ≤ p · min(1, D(θ², 2π_thr − 1, B, −1/2),
  D(θ, π_thr, 2B, −1/4))``, the largest tails of such distributions
  (:func:`fsstab.selectors._rconcave.r_concave_tail`), with ``π_thr`` on the grid of
  multiples of ``1/(2B)`` and anywhere in ``(θ, 1]`` -- below 1/2 as well.

:func:`stability_selection_parameters` completes two of ``(q, π_thr, PFER)`` as the R package
stabs 0.7-1 (Hofner, Boccuto & Göker 2015, ``stabsel_parameters``) does, and
:func:`stability_selection_bound` evaluates the bound.
"""

from __future__ import annotations

import math
from numbers import Integral, Real
from typing import Any, NamedTuple

from fsstab.selectors._rconcave import R_CONCAVE_SEARCHES, r_concave_tail

__all__ = ["ASSUMPTIONS", "SAMPLINGS", "StabilityParameters", "stability_selection_bound",
           "stability_selection_parameters"]

SAMPLINGS = ("SS", "MB")
ASSUMPTIONS = ("none", "unimodal", "r-concave")
#: A bound that exceeds the requested PFER by no more than this (relative) meets it: the
#: formulas are evaluated in floating point, e.g. q = 70 attains PFER = 1 at p = 5000,
#: π_thr = 0.75 under unimodality only up to rounding.
_ROUNDING = 1e-12


class StabilityParameters(NamedTuple):
    """The three linked hyper-parameters of stability selection."""

    q: int  #: features selected on every subsample
    pi_thr: float  #: selection-frequency threshold
    pfer: float  #: the bound on the expected number of false selections these attain


def _check_choice(value: Any, name: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} must be one of {list(allowed)}, got {value!r}")
    return value


def _check_setting(sampling: Any, assumption: Any, n_pairs: Any, r_concave_search: Any) -> None:
    _check_choice(sampling, "sampling", SAMPLINGS)
    _check_choice(assumption, "assumption", ASSUMPTIONS)
    _check_choice(r_concave_search, "r_concave_search", R_CONCAVE_SEARCHES)
    if sampling == "MB" and assumption != "none":
        raise ValueError(
            f"assumption={assumption!r} needs complementary pairs (sampling='SS'; Shah & "
            "Samworth 2013); Meinshausen & Buhlmann's sampling='MB' has assumption='none'"
        )
    if isinstance(n_pairs, bool) or not isinstance(n_pairs, Integral) or n_pairs < 1:
        raise ValueError(f"n_pairs (B) must be an integer >= 1, got {n_pairs!r}")
    if assumption == "r-concave" and n_pairs < 2:
        raise ValueError(f"the r-concave bound needs n_pairs (B) >= 2, got {n_pairs}")


def _unimodal_validity(p: int, q: int, B: int) -> float:
    """The smallest π_thr (exclusive) of the unimodal bound, ``1/2 + min(θ², 1/(2B) + 3θ²/4)``."""
    theta = q / p
    return 0.5 + min(theta**2, 1 / (2 * B) + 0.75 * theta**2)


def _unimodal_constant(pi_thr: float, B: int) -> float:
    """``1 / C(π_thr, B)``: the bound is ``q²/p`` divided by this."""
    if pi_thr <= 0.75:
        return 2 * (2 * pi_thr - 1 - 1 / (2 * B))
    return (1 + 1 / B) / (4 * (1 - pi_thr + 1 / (2 * B)))


def r_concave_max_q(p: int, B: int) -> int:
    """The largest ``q`` of the r-concave bound: ``⌈4Bq/p⌉ + 1 < 2B`` (the −1/4-concave tail
    needs ``⌈2θ·2B⌉ + 1 < 2B``)."""
    return sum(1 for q in range(1, p + 1) if math.ceil(q * (4 * B / p)) + 1 - 2 * B < 0)


def _grid_count(pi_thr: float, B: int) -> int:
    """π_thr as a count of the 2B subsamples, rounded up (π̂ takes multiples of 1/(2B))."""
    return math.ceil(float(f"{pi_thr * (2 * B):.10g}"))


def _bound(p: int, q: int, pi_thr: float, assumption: str, B: int, search: str) -> float:
    """The bound, the arguments checked."""
    if assumption == "none":
        return q**2 / p / (2 * pi_thr - 1)
    if assumption == "unimodal":
        return q**2 / p / _unimodal_constant(pi_thr, B)
    count = _grid_count(pi_thr, B)
    return p * min(1.0, r_concave_tail(q**2 / p**2, count - B, B, -0.5, search=search),
                   r_concave_tail(q / p, count, 2 * B, -0.25, search=search))


def _check_q(q: Any, p: int) -> int:
    if isinstance(q, bool) or not isinstance(q, Integral) or not 1 <= q <= p:
        raise ValueError(f"q must be an integer between 1 and the number of features {p}; "
                         f"got {q!r}")
    return int(q)


def _check_pi(pi_thr: Any, assumption: str, p: int, q: int | None) -> float:
    if isinstance(pi_thr, bool) or not isinstance(pi_thr, Real) or not math.isfinite(pi_thr):
        raise ValueError(f"pi_thr must be a number, got {pi_thr!r}")
    if assumption != "r-concave" and not 0.5 < pi_thr <= 1:
        raise ValueError(f"pi_thr must lie in (0.5, 1] (assumption={assumption!r}); got "
                         f"{pi_thr!r}")
    if assumption == "r-concave" and not 0 < pi_thr <= 1:
        raise ValueError(f"pi_thr must lie in (q/p, 1] under the r-concave bound; got {pi_thr!r}")
    if assumption == "r-concave" and q is not None and pi_thr <= q / p:
        raise ValueError(f"pi_thr={pi_thr} must exceed q/p = {q}/{p} = {q / p:.4g} under the "
                         "r-concave bound")
    return float(pi_thr)


def _check_range(p: int, q: int, pi_thr: float, assumption: str, B: int) -> None:
    """The (q, π_thr) a bound holds for, refused with the values that would work."""
    if assumption == "unimodal" and pi_thr <= 0.75 and pi_thr <= _unimodal_validity(p, q, B):
        smallest = _unimodal_validity(p, q, B)
        raise ValueError(
            f"the unimodal bound with q={q}, p={p}, B={B} holds for pi_thr > {smallest:.6g} "
            f"(1/2 + min(theta^2, 1/(2B) + 3 theta^2/4)); got pi_thr={pi_thr}: raise pi_thr or "
            "lower q"
        )
    if assumption == "r-concave" and q > r_concave_max_q(p, B):
        raise ValueError(f"the r-concave bound with p={p}, B={B} needs q <= "
                         f"{r_concave_max_q(p, B)}; got q={q}")


def stability_selection_bound(
    p: int, q: int, pi_thr: float, *, sampling: str = "SS", assumption: str = "none",
    n_pairs: int = 50, r_concave_search: str = "stabs",
) -> float:
    """The bound on the expected number of falsely selected features (module docstring).

    Parameters
    ----------
    p
        The number of features.
    q
        The number of features the base selector selects on each subsample.
    pi_thr
        The selection-frequency threshold.
    sampling, assumption
        ``"SS"`` (complementary pairs) or ``"MB"`` (subsamples); ``"none"``, ``"unimodal"``
        or ``"r-concave"`` (the last two need ``sampling="SS"``).
    n_pairs
        B: complementary pairs (``"SS"``) or subsamples (``"MB"``); the unimodal and
        r-concave bounds depend on it.
    r_concave_search
        ``"stabs"`` (stabs 0.7-1's values) or ``"maximum"`` (the largest tail over the same
        distributions, at least as large; :mod:`fsstab.selectors._rconcave`).

    Returns
    -------
    float
        The bound (not rounded; stabs prints 3 significant digits).

    Examples
    --------
    q = 10 of p = 1000 features at π_thr = 0.9 with B = 50 pairs: 0.125 by Meinshausen &
    Bühlmann's bound, 100/1000 · 4 (0.1 + 0.01)/1.02 = 0.0431 under unimodality, 0.0061 under
    r-concavity:

    >>> from fsstab.selectors import stability_selection_bound
    >>> stability_selection_bound(1000, 10, 0.9)
    0.125
    >>> round(stability_selection_bound(1000, 10, 0.9, assumption="unimodal"), 6)
    0.043137
    >>> round(stability_selection_bound(1000, 10, 0.9, assumption="r-concave"), 6)
    0.006102
    """
    _check_setting(sampling, assumption, n_pairs, r_concave_search)
    if isinstance(p, bool) or not isinstance(p, Integral) or p < 1:
        raise ValueError(f"p (the number of features) must be an integer >= 1, got {p!r}")
    q = _check_q(q, p)
    pi_thr = _check_pi(pi_thr, assumption, p, q)
    _check_range(p, q, pi_thr, assumption, int(n_pairs))
    return _bound(int(p), q, pi_thr, assumption, int(n_pairs), r_concave_search)


def _meets(bound: float, pfer: float) -> bool:
    return bound <= pfer * (1 + _ROUNDING)


def _solve_threshold(p: int, q: int, pfer: float, assumption: str, B: int,
                     search: str) -> float:
    if assumption == "none":
        threshold = (q**2 / (pfer * p) + 1) / 2
        if threshold > 1:
            raise ValueError(
                f"q={q} cannot guarantee PFER <= {pfer} with p={p} features: it would need "
                f"pi_thr = {threshold:.6g} > 1 (at pi_thr = 1 the bound is {q**2 / p:.6g}); "
                f"q <= {math.isqrt(math.floor(pfer * p))} works, or raise pfer"
            )
        return threshold
    if assumption == "unimodal":
        # π̂ is a multiple of 1/(2B): the smallest grid threshold in the bound's range below PFER
        smallest = _unimodal_validity(p, q, B)
        grid = [0.5 + j / (2 * B) for j in range(2, B + 1)]
        valid = [pi for pi in grid if pi > smallest]
        for pi in valid:
            if q**2 / p / _unimodal_constant(pi, B) < pfer:
                return pi
        at_one = q**2 / p / _unimodal_constant(1.0, B) if valid else math.inf
        raise ValueError(
            f"q={q} cannot guarantee PFER <= {pfer} with p={p} features, B={B} under the "
            f"unimodal bound: at pi_thr = 1 the bound is {at_one:.6g}; lower q or raise pfer"
        )
    # r-concave: descend the grid 1, 1 − 1/(2B), ... (above q/p) while the bound holds
    grid = [c / (2 * B) for c in range(2 * B, 0, -1) if c / (2 * B) > q / p]
    chosen = None
    for pi in grid:
        bound = _bound(p, q, pi, assumption, B, search)
        if bound > pfer:
            if chosen is None:
                raise ValueError(
                    f"q={q} cannot guarantee PFER <= {pfer} with p={p} features, B={B} under "
                    f"the r-concave bound: at pi_thr = 1 the bound is {bound:.6g}; lower q or "
                    "raise pfer"
                )
            break
        chosen = pi
    return float(chosen)


def _solve_q(p: int, pi_thr: float, pfer: float, assumption: str, B: int, search: str) -> int:
    if assumption == "none":
        size = min(p, math.isqrt(math.floor(pfer * (2 * pi_thr - 1) * p)))
        if size < 1:
            raise ValueError(
                f"pfer={pfer} and pi_thr={pi_thr} with p={p} features allow q < 1 feature per "
                f"subsample (q <= sqrt(PFER (2 pi_thr - 1) p) = "
                f"{math.sqrt(pfer * (2 * pi_thr - 1) * p):.4g}); raise pfer to at least "
                f"{1 / ((2 * pi_thr - 1) * p):.4g} or raise pi_thr"
            )
        return size
    if assumption == "unimodal":
        constant = _unimodal_constant(pi_thr, B)
        size = math.floor(math.sqrt(pfer * p * constant) * (1 + _ROUNDING)) if constant > 0 else 0
        if pi_thr <= 0.75:  # the bound's range: π_thr > 1/2 + min(θ², 1/(2B) + 3θ²/4)
            largest = max(p * math.sqrt(pi_thr - 0.5),
                          p * math.sqrt(max(0.0, 4 / 3 * (pi_thr - 0.5 - 1 / (2 * B)))))
            largest = math.ceil(largest - 1)
            if size > largest:
                raise ValueError(
                    f"pi_thr={pi_thr} and pfer={pfer} with p={p}, B={B}: the unimodal bound "
                    f"holds for q <= {largest} only, and q = {largest} attains PFER "
                    f"{largest**2 / p / constant:.4g}; set q <= {largest} or raise pi_thr"
                )
        size = min(size, p)
        if size < 1:
            raise ValueError(
                f"pfer={pfer} and pi_thr={pi_thr} with p={p}, B={B} allow q < 1 under the "
                f"unimodal bound (q = 1 attains {1 / p / constant:.4g}); raise pfer or pi_thr"
            )
        return size
    largest = r_concave_max_q(p, B)
    size = 0
    for q in range(1, largest + 1):  # the first q whose bound exceeds PFER ends the search
        if q / p >= pi_thr or not _meets(_bound(p, q, pi_thr, assumption, B, search), pfer):
            break
        size = q
    if size < 1:
        raise ValueError(
            f"pfer={pfer} and pi_thr={pi_thr} with p={p}, B={B} allow q < 1 under the "
            f"r-concave bound (q = 1 attains {_bound(p, 1, pi_thr, assumption, B, search):.4g}); "
            "raise pfer or pi_thr"
        )
    return size


def stability_selection_parameters(
    n_features: int, *, q: int | None = None, pi_thr: float | None = None,
    pfer: float | None = None, sampling: str = "SS", assumption: str = "none",
    n_pairs: int = 50, r_concave_search: str = "stabs",
) -> StabilityParameters:
    """Complete two of ``(q, π_thr, PFER)`` by an error bound of stability selection, as the R
    package stabs 0.7-1 does (``stabsel_parameters``; module docstring for the bounds).

    Exactly two must be given. The third is derived:

    - PFER from ``(q, π_thr)``: the bound.
    - ``q`` from ``(π_thr, PFER)``: the largest ``q`` whose bound is at most PFER
      (``⌊√(PFER (2π_thr − 1) p)⌋`` without assumption; under r-concavity ``q = 1, 2, ...``
      up to the first whose bound exceeds PFER).
    - ``π_thr`` from ``(q, PFER)``: ``(q²/(PFER p) + 1)/2`` without assumption; under
      unimodality the smallest multiple of ``1/(2B)`` in the bound's range whose bound is
      below PFER; under r-concavity the multiples ``1, 1 − 1/(2B), ...`` (above ``q/p``)
      down to the last whose bound is at most PFER.

    Requests no ``(q, π_thr)`` can meet are refused (where stabs returns ``π_thr = 1`` or
    ``q = 1`` with a larger bound), with the values that would work.

    Parameters
    ----------
    n_features
        p.
    q, pi_thr, pfer
        Two of them.
    sampling, assumption, n_pairs, r_concave_search
        As for :func:`stability_selection_bound`.

    Returns
    -------
    StabilityParameters
        ``(q, pi_thr, pfer)`` with ``pfer`` the bound the returned ``(q, π_thr)`` attain (at
        most the requested PFER; stabs prints it to 3 significant digits).

    Examples
    --------
    >>> from fsstab.selectors import stability_selection_parameters
    >>> stability_selection_parameters(1000, pi_thr=0.9, pfer=2.0)
    StabilityParameters(q=40, pi_thr=0.9, pfer=2.0)
    >>> stability_selection_parameters(5000, pi_thr=0.75, pfer=1.0, assumption="r-concave").q
    142
    >>> stability_selection_parameters(200, q=10, pfer=1.0, assumption="unimodal").pi_thr
    0.64
    """
    given = {name for name, value in (("q", q), ("pi_thr", pi_thr), ("pfer", pfer))
             if value is not None}
    if len(given) != 2:
        raise ValueError(
            "stability selection needs exactly two of q, pi_thr and pfer (the third follows from "
            f"the error bound); got {sorted(given) or 'none'}"
        )
    _check_setting(sampling, assumption, n_pairs, r_concave_search)
    p, B, search = n_features, int(n_pairs), r_concave_search
    if isinstance(p, bool) or not isinstance(p, Integral) or p < 1:
        raise ValueError(f"n_features must be an integer >= 1, got {p!r}")
    if q is not None:
        q = _check_q(q, p)
    if pi_thr is not None:
        pi_thr = _check_pi(pi_thr, assumption, p, q)
    if pfer is not None and (
        isinstance(pfer, bool) or not isinstance(pfer, Real) or not 0 < pfer < math.inf
    ):
        raise ValueError(f"pfer must be a positive finite number; got {pfer!r}")
    if pfer is None:
        _check_range(p, q, pi_thr, assumption, B)
        return StabilityParameters(q, pi_thr, _bound(p, q, pi_thr, assumption, B, search))
    if pi_thr is None:
        _check_range(p, q, 1.0, assumption, B)
        pi_thr = _solve_threshold(p, q, float(pfer), assumption, B, search)
    else:
        q = _solve_q(p, pi_thr, float(pfer), assumption, B, search)
    return StabilityParameters(int(q), float(pi_thr),
                               _bound(p, q, pi_thr, assumption, B, search))
