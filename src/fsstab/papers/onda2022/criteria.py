"""The criteria of Onda et al.'s claims that need more than a threshold: two stabilities
compared with the paper's own band (:data:`BAND`: :func:`in_band`, :func:`below_band`, a curve
along its points :func:`rises_along`), a number matched at the precision the paper prints it
with (:func:`at_printed_precision`), and whether the fixed-point check of eq. (1) can fail at
all on a run's (n_useful, p) map (:func:`eq1_on_map`, :func:`fixed_point_check`).

Two stabilities (pairwise Jaccard) are compared with the band the paper itself uses to match a
simulated stability to a real one: Figs. 2 and 8 shade the single selector's stability
"0.1 ± 0.01" and "0.2 ± 0.02", i.e. ± 10 % of the value matched. Two stabilities agree
("close", "similar", "accurately", "approximately", "almost the same") when they lie within
that band of the reference (the real ensemble's, or the paper's printed value); one is "lower"
or they "differ" when it lies outside the band, on the claimed side. No standard error is
available for a real ensemble's stability (the library's experiment returns its value, not its
copies' selections), so the paper's band is the one noise allowance of these comparisons.

Eq. (1) (§2.3.3) asks that the n_useful re-estimated from the simulated selector,
n_useful^v = A[f_{n_useful, p}], equal n_useful. The paper confirms it for the n_useful it
estimated (§3.4, "both 60") and for its corrected Prostate value (D.3.2, "n_useful = 130
satisfies the fixed point equation"). Such a check tells a right n_useful from a wrong one only
if some n_useful of the map violates eq. (1) at the p that matches the real single selector's
stability; when every n_useful of the map satisfies it, the check cannot fail on the run's data
(:func:`fsstab.papers.conclusions.cannot_fail`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

import pandas as pd

from fsstab.papers.conclusions import Assessment, all_of, at_most, cannot_fail, holds_if

__all__ = ["BAND", "at_printed_precision", "below_band", "eq1_on_map", "fixed_point_check",
           "in_band", "rises_along"]

#: The paper's band for matching two stabilities (Figs. 2, 8: 0.1 ± 0.01, 0.2 ± 0.02): ± this
#: fraction of the reference value.
BAND = 0.1


def in_band(value: float, reference: float, *, what: str) -> Assessment:
    """Two stabilities agree: ``|value - reference| <= BAND * reference``.

    Examples
    --------
    >>> in_band(0.196, 0.211, what="simulated vs real").why
    '|simulated vs real| = |0.196 - 0.211| = 0.015 <= 10% of 0.211 = 0.021: yes'
    >>> in_band(0.17, 0.2, what="x").verdict.value
    'does not hold'
    """
    gap = abs(value - reference)
    allowed = BAND * abs(reference)
    return holds_if(gap <= allowed,
                    f"|{what}| = |{value:.3f} - {reference:.3f}| = {gap:.3f} "
                    f"{'<=' if gap <= allowed else '>'} {BAND:.0%} of {reference:.3f} = "
                    f"{allowed:.3f}")


def below_band(value: float, reference: float, *, what: str) -> Assessment:
    """``value`` is lower than ``reference`` beyond the band: ``value < (1 - BAND)
    reference``.

    Examples
    --------
    >>> below_band(0.205, 0.211, what="n_tree 100 vs 200").verdict.value
    'does not hold'
    >>> below_band(0.179, 0.325, what="simulated vs real").verdict.value
    'holds'
    """
    bound = (1 - BAND) * reference
    return holds_if(value < bound, f"{what}: {value:.3f} < {1 - BAND:g} x {reference:.3f} = "
                                   f"{bound:.3f} (lower beyond the {BAND:.0%} band)")


def rises_along(points: Sequence[tuple[float, float]], *, what: str,
                label: str = "m_ensemble") -> Assessment:
    """A curve (``(x, stability)`` in increasing x) increases along its points: no step falls
    below the band of the previous point, and the last point is above the band of the first.

    Examples
    --------
    >>> rises_along([(1, 0.05), (10, 0.15), (50, 0.21)], what="real").verdict.value
    'holds'
    >>> rises_along([(1, 0.12), (10, 0.10), (50, 0.13)], what="simulated").verdict.value
    'does not hold'
    """
    if len(points) < 2:
        return holds_if(False, f"{what}: fewer than two points")
    falls = [f"{label} {a:g} -> {b:g}: {u:.3f} -> {v:.3f}"
             for (a, u), (b, v) in itertools.pairwise(points) if v < (1 - BAND) * u]
    (x0, first), (x1, last) = points[0], points[-1]
    return all_of(
        holds_if(not falls, f"{what}: no step falls beyond the {BAND:.0%} band"
                            + (f" ({'; '.join(falls)})" if falls else "")),
        holds_if(last > (1 + BAND) * first,
                 f"{what}: {first:.3f} ({label} {x0:g}) -> {last:.3f} ({label} {x1:g}), above "
                 f"{1 + BAND:g} x {first:.3f} = {(1 + BAND) * first:.3f}"))


def at_printed_precision(ours: float, printed: str, *, what: str) -> Assessment:
    """Holds when ``ours``, rounded half up to the decimals of ``printed`` (the paper's number
    as it prints it, e.g. ``"0.1"``: one significant digit), equals it.

    Examples
    --------
    >>> at_printed_precision(0.115, "0.1", what="stability").verdict.value
    'holds'
    >>> print(at_printed_precision(0.113, "0.2", what="stability").why)
    stability 0.113 rounds to 0.1 at the paper's printed precision (1 decimal), paper 0.2: no
    """
    paper = Decimal(printed)
    decimals = max(0, -paper.as_tuple().exponent)
    rounded = Decimal(repr(float(ours))).quantize(Decimal(1).scaleb(-decimals),
                                                   rounding=ROUND_HALF_UP)
    return holds_if(rounded == paper,
                    f"{what} {ours:.3f} rounds to {rounded} at the paper's printed precision "
                    f"({decimals} decimal{'s' if decimals != 1 else ''}), paper {printed}")


def eq1_on_map(grid: pd.DataFrame, target_stability: float, tolerance: int) -> pd.DataFrame:
    """Eq. (1) at every n_useful of an (n_useful, p) map (``n_useful``, ``p``, ``stability``,
    ``n_useful_v``; :func:`fsstab.simulator.parameter_grid`): per n_useful, the p whose
    simulated single-selector stability is closest to ``target_stability`` (the rule by which
    §2.3.2 estimates p; the lowest such p on a tie) and ``holds``: |n_useful^v - n_useful| <=
    ``tolerance`` there. One row per n_useful, in increasing order."""
    gap = (grid["stability"] - float(target_stability)).abs()
    best = gap.groupby(grid["n_useful"]).idxmin()
    rows = grid.loc[best.to_numpy(), ["n_useful", "p", "stability", "n_useful_v"]]
    rows = rows.sort_values("n_useful").reset_index(drop=True)
    rows["holds"] = (rows["n_useful_v"] - rows["n_useful"]).abs() <= int(tolerance)
    return rows


def fixed_point_check(n_useful: int, n_useful_v: int, on_map: pd.DataFrame,
                      tolerance: int) -> Assessment:
    """The fixed-point check of one (n_useful, n_useful^v) pair: |n_useful^v - n_useful| <=
    ``tolerance`` -- or, when eq. (1) holds at every n_useful of the map (:func:`eq1_on_map`),
    :func:`~fsstab.papers.conclusions.cannot_fail` with the map's range and the pair's
    numbers.

    Examples
    --------
    >>> grid = pd.DataFrame({"n_useful": [60, 130, 200], "p": [0.8] * 3,
    ...                      "stability": [0.11] * 3, "n_useful_v": [60, 131, 199]})
    >>> fixed_point_check(130, 131, eq1_on_map(grid, 0.11, 2), 2).verdict.value
    'not testable here'
    """
    gap = abs(int(n_useful_v) - int(n_useful))
    if len(on_map) and bool(on_map["holds"].all()):
        first, last = int(on_map["n_useful"].min()), int(on_map["n_useful"].max())
        return cannot_fail(
            f"eq. (1) holds at every n_useful of the map ({len(on_map)} values, {first} to "
            f"{last}, each at the p that matches the single selector's stability): "
            f"|n_useful^v - n_useful| <= {tolerance} everywhere, so it cannot tell a right "
            f"n_useful from a wrong one (here |{int(n_useful_v)} - {int(n_useful)}| = {gap})")
    return at_most(gap, tolerance, what="|n_useful^v - n_useful|", digits=0)
