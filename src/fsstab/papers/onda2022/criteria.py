"""Two criteria of Onda et al.'s claims that need more than a threshold: a number matched at the
precision the paper prints it with (:func:`at_printed_precision`), and whether the fixed-point
check of eq. (1) can fail at all on a run's (n_useful, p) map (:func:`eq1_on_map`,
:func:`fixed_point_check`).

Eq. (1) (§2.3.3) asks that the n_useful re-estimated from the simulated selector,
n_useful^v = A[f_{n_useful, p}], equal n_useful. The paper confirms it for the n_useful it
estimated (§3.4, "both 60") and for its corrected Prostate value (D.3.2, "n_useful = 130
satisfies the fixed point equation"). Such a check tells a right n_useful from a wrong one only
if some n_useful of the map violates eq. (1) at the p that matches the real single selector's
stability; when every n_useful of the map satisfies it, the check cannot fail on the run's data
(:func:`fsstab.papers.conclusions.cannot_fail`).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pandas as pd

from fsstab.papers.conclusions import Assessment, at_most, cannot_fail, holds_if

__all__ = ["at_printed_precision", "eq1_on_map", "fixed_point_check"]


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
