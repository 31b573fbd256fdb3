"""What the claims modules of Hamer & Dupont (2021) share: the thresholds that turn the
paper's words into criteria (each shown in ``conclusions.md`` with the numbers it was applied
to; a qualitative word gets its margin from the paper's own printed numbers where it prints
one), the noise of an M-run estimate (:class:`Noise`, from §7.3's group estimates), the claim
maker, number formatting and the run's settings against the paper's, derived from the run
(M, and the mean number of selected features k̄ of the rows a claim reads).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.conclusions import SettingsMatch, claim_maker, compare_settings
from fsstab.papers.hamer2021.reference import (
    PAPER_SETTINGS,
    STATEMENTS,
    TABLE3_FILTERED,
    TOY_FIGURES,
)
from fsstab.papers.outputs import format_number

__all__ = [
    "APPROXIMATELY_CONSTANT_NOTE",
    "ASSESS",
    "CONSIDERABLE",
    "DRASTIC",
    "EXACT",
    "FLIP_TOLERANCE",
    "HIGH",
    "HIGHLY_VARYING",
    "METHOD_NOT_RUN",
    "MIN_NORMALITY_ESTIMATES",
    "MUCH_ABOVE",
    "MUCH_LESS",
    "NOT_RUN_HERE",
    "SIMILAR",
    "SYMBOL",
    "Noise",
    "claim",
    "combined",
    "k_bar_settings",
    "paper_settings",
    "settings_of",
    "show",
]

#: Values the paper derives exactly for d → ∞ (Fig. 6; φ = 1) agree within this tolerance
#: (our d = 10⁶ is finite: the finite-d terms are of order k/d = 2·10⁻⁵).
EXACT = 1e-3
#: "high" stability (Fig. 3): at least the lowest value the paper itself calls high there
#: (φ_iw = 0.9 beside φ = 1 and φ_pears = 0.97; φ_can = 0.47 is "not" high).
HIGH = min(TOY_FIGURES[3][m] for m in ("nogueira", "pearson", "importance_weighted"))
#: "drastically overestimated" (Fig. 4): the gap Fig. 4 prints for the word,
#: φ − φ_iw = 0.72 − 0.21 = 0.51 -- the paper's own margin, and the only size of a qualitative
#: word the paper prints.
DRASTIC = round(TOY_FIGURES[4]["nogueira"] - TOY_FIGURES[4]["importance_weighted"], 12)
#: "φ ≫ φ_iw" at the compromises optimising φ (Fig. 11a-b): Fig. 11 prints no stability, the
#: paper's printed example of φ far above φ_iw is Fig. 4's -- its margin, :data:`DRASTIC`.
MUCH_ABOVE = DRASTIC
#: "increase the selection stability by considerable amounts", "far better trade-offs"
#: (Fig. 9): Fig. 9 is an unlabelled "typical result" and prints no number, so the margin is
#: the project's: the paper's one printed qualitative size, :data:`DRASTIC`.
CONSIDERABLE = DRASTIC
#: "φ_iw can be increased much less than φ and φ_pearson" (Fig. 11): Fig. 11 prints no
#: stability (its only numbers are the accuracies 0.889, 0.930, 0.934 of the chosen
#: compromises), so the margin is the project's: :data:`DRASTIC`.
MUCH_LESS = DRASTIC
#: "φ_pears and φ_iw are able to assess this instability" (Fig. 5, where φ = 1): each below φ
#: by at least the smaller gap the paper prints there, 1 − φ_iw = 1 − 0.53.
ASSESS = round(TOY_FIGURES[5]["nogueira"] - TOY_FIGURES[5]["importance_weighted"], 12)
#: φ_iw "behaving in a similar manner" to φ over the §7.2 settings, as a correlation: at least
#: this. The paper prints no number (Figs. 26-29 only): the project's.
SIMILAR = 0.8
#: How "approximately constant" reads (Fig. 8): no point of the curve differs from its first
#: by more than the noise (the paper prints no number for Fig. 8).
APPROXIMATELY_CONSTANT_NOTE = ("every point of the curve within the noise of its first "
                               "(Bonferroni over the points)")
#: Theorem 1: eq. 9 (decision flips found by a grid search refined by 60 bisections) and eq. 7
#: agree within this.
FLIP_TOLERANCE = 1e-6
#: Fig. 12, "highly varying" importance: the median over features of the standard deviation
#: of log importance across the runs selecting them is at least this -- half the σ = 1 of the
#: toy map that reproduces Fig. 5's "highly varying" importance (the paper prints no measure
#: of it: the project's reading).
HIGHLY_VARYING = 0.5
#: Fig. 20: fewer group estimates than this cannot show a distribution's shape.
MIN_NORMALITY_ESTIMATES = 20

SYMBOL = {"nogueira": "φ", "pearson": "φ_pears", "importance_weighted": "φ_iw",
          "canberra": "φ_can", "sechidis": "φ_C"}
NOT_RUN_HERE = SettingsMatch(False, "data set not run here")
METHOD_NOT_RUN = SettingsMatch(False, "method not run here")

claim = claim_maker(STATEMENTS)


def show(value: float, digits: int = 3) -> str:
    """``value`` with ``digits`` decimals."""
    return format_number(float(value), digits)


def paper_settings(part: str, dataset: str = "") -> dict[str, Any]:
    """The paper's settings of ``part`` (:data:`~fsstab.papers.hamer2021.reference.
    PAPER_SETTINGS`), with Table 3's prefiltering for a §7.1 data set."""
    paper = dict(PAPER_SETTINGS[part])
    if part == "section71":
        filtered = TABLE3_FILTERED.get(dataset)
        paper["d after filtering"] = ("none" if dataset in ("alon", "gravier") or filtered is None
                                      else filtered)
    return paper


def settings_of(run: Mapping[str, Any], part: str, dataset: str = "", *,
                chosen: str = "", k_bar: Iterable[float] | None = None,
                n_features: int | None = None) -> SettingsMatch:
    """The run's settings of ``part`` (and ``dataset``) against the paper's; for §7.2 with
    ``k_bar`` (the mean numbers of selected features of the rows the claim reads) and
    ``n_features`` (d), the measured k̄ against the paper's min(20, √d)
    (:func:`k_bar_settings`)."""
    ours = dict(run[part][dataset] if dataset else run[part])
    paper = paper_settings(part, dataset)
    if k_bar is not None and n_features is not None:
        measured, target = k_bar_settings(k_bar, n_features)
        key = f"k̄ ({dataset})" if dataset else "k̄"
        ours[key], paper[key] = measured, target
    return compare_settings(ours, paper, chosen=chosen)


def k_bar_settings(k_bar: Iterable[float], n_features: int) -> tuple[str, str]:
    """The measured k̄ (the rows' mean numbers of selected features) and the paper's §7.2 aim
    min(20, √d), as texts that are equal when every k̄ rounds to the nearest integer of the
    aim (within 0.5).

    Examples
    --------
    >>> k_bar_settings([13.9], 5000)
    ('13.9', '20 (min(20, √5000))')
    >>> k_bar_settings([6.0, 6.0], 33)
    ('6 (min(20, √33) = 5.74)', '6 (min(20, √33) = 5.74)')
    """
    target = min(20.0, math.sqrt(n_features))
    values = sorted({round(float(k), 1) for k in k_bar if math.isfinite(float(k))})
    aim = (f"{round(target):g} (min(20, √{n_features}) = {target:.2f})" if target < 20
           else f"20 (min(20, √{n_features}))")
    if values and all(abs(v - target) <= 0.5 for v in values):
        return aim, aim
    shown = ", ".join(f"{v:g}" for v in values) if len(values) <= 3 else \
        f"{values[0]:g} to {values[-1]:g}"
    return shown or "none", aim


class Noise:
    """The noise of an estimate from M runs on a §7.2 data set, measured by §7.3 (Figs.
    19-20): the sd of the LASSO's group estimates (groups of b runs) scaled to M runs,
    ``sd_b √(b / M)`` -- a U-statistic's leading-order variance falls as 1/M, so from groups of
    5 this over- rather than under-states the noise of M = 30 runs. The LASSO's groups stand for
    every method on the data set (the paper measures its variability on the LASSO alone, "as
    the LASSO exhibits the largest feature importance variability"). ``estimates``: the §7.3
    group estimates (``dataset``, ``first_resample``, one column per measure)."""

    def __init__(self, estimates: pd.DataFrame | None) -> None:
        self._groups = {} if estimates is None else dict(
            list(estimates.groupby("dataset", sort=False)))

    def block_size(self, dataset: str) -> int | None:
        rows = self._groups.get(dataset)
        if rows is None or len(rows) < 2:
            return None
        starts = np.sort(rows["first_resample"].to_numpy(dtype=int))
        return int(starts[1] - starts[0])

    def se(self, dataset: str, measure: str, n_runs: int, minus: str | None = None) -> float:
        """SE of one M-run estimate of ``measure`` (of ``measure - minus``, paired, when
        given); NaN without §7.3 estimates of the data set."""
        rows = self._groups.get(dataset)
        b = self.block_size(dataset)
        if rows is None or b is None:
            return math.nan
        values = rows[measure].to_numpy(dtype=float)
        if minus is not None:
            values = values - rows[minus].to_numpy(dtype=float)
        values = values[np.isfinite(values)]
        if values.size < 2:
            return math.nan
        return float(np.std(values, ddof=1) * math.sqrt(b / n_runs))

    def text(self, dataset: str) -> str:
        b = self.block_size(dataset)
        if b is None:
            return f"no §7.3 group estimates of {dataset}"
        return (f"SE of an M-run estimate: sd of §7.3's {len(self._groups[dataset])} group "
                f"estimates of {b} runs x √({b}/M)")


def combined(matches: Sequence[SettingsMatch]) -> SettingsMatch:
    """One settings verdict for a claim over several data sets."""
    different = [m.detail for m in matches if not m.same]
    if not matches:
        return NOT_RUN_HERE
    return SettingsMatch(not different, "; ".join(dict.fromkeys(different)))
