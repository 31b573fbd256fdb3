"""What the claims modules of Hamer & Dupont (2021) share: the thresholds that turn the
paper's words into criteria (each shown in ``conclusions.md`` with the numbers it was applied
to), the claim maker, number formatting and the run's settings against the paper's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fsstab.papers.conclusions import SettingsMatch, claim_maker, compare_settings
from fsstab.papers.hamer2021.reference import PAPER_SETTINGS, STATEMENTS, TABLE3_FILTERED
from fsstab.papers.outputs import format_number

__all__ = [
    "APPROXIMATELY_CONSTANT",
    "CHANCE_STANDARD_ERRORS",
    "DRASTIC",
    "EXACT",
    "FLIP_TOLERANCE",
    "HIGH",
    "HIGHLY_VARYING",
    "METHOD_NOT_RUN",
    "MIN_STABILITY_GAIN",
    "NORMALITY_ALPHA",
    "NOTICEABLE",
    "NOT_RUN_HERE",
    "N_STANDARD_ERRORS",
    "SYMBOL",
    "TABLE5_CLOSE",
    "claim",
    "combined",
    "paper_settings",
    "settings_of",
    "show",
]

#: Values the paper derives exactly for d → ∞ (Fig. 6; φ = 1) agree within this tolerance
#: (our d = 10⁶ is finite: the finite-d terms are of order k/d = 2·10⁻⁵).
EXACT = 1e-3
#: "high" stability (Fig. 3), a "similar manner" (φ_iw against φ over the settings of §7.2,
#: as a correlation): at least this.
HIGH = 0.8
#: "drastically overestimated" / "able to assess this instability" (Figs. 4-5): φ exceeds the
#: importance-based measure by at least this (a quarter of the measures' 0-1 scale).
DRASTIC = 0.25
#: "increases" / "decreases" with c (Fig. 8), "higher" between two toy maps (φ_can over their
#: redraws): the change of the mean exceeds this many standard errors of the difference.
N_STANDARD_ERRORS = 2.0
#: "approximately constant" with c (Fig. 8): the means over the seeds stay within a band of
#: this width over every c.
APPROXIMATELY_CONSTANT = 0.05
#: "better stability" (Fig. 9): the hybrid-RFE's stability at equal accuracy exceeds the
#: RFE's by at least this.
MIN_STABILITY_GAIN = 0.02
#: Table 5's accuracy and stabilities agree when they differ by at most this: the paper prints
#: two decimals (rounding: ±0.005) and gives no standard errors; our value and the paper's are
#: two independent estimates from M = 30 bootstrap runs, whose difference has a standard error
#: of √2 × that of one estimate (a few hundredths at M = 30): 2 such standard errors plus the
#: rounding.
TABLE5_CLOSE = 0.05
#: Fig. 19, "no noticeable difference": the largest c_v is at most this factor above the
#: smallest.
NOTICEABLE = 1.1
#: Property 4: the mean φ_iw of the random-identity maps is within this many standard errors
#: of 0 (3, not 2: the property is tested on every §7.2 data set, and at 2 SE one of seven
#: would fail by chance with probability 0.3; at 3 SE, 0.02).
CHANCE_STANDARD_ERRORS = 3.0
#: Theorem 1: eq. 9 (decision flips found by a grid search refined by 60 bisections) and eq. 7
#: agree within this.
FLIP_TOLERANCE = 1e-6
#: Fig. 12, "highly varying" importance: the median over features of the standard deviation
#: of log importance across the runs selecting them is at least this -- half the σ = 1 of the
#: toy map the paper calls "highly varying" (Fig. 5; its "approximately equal" map: σ = 0.1).
HIGHLY_VARYING = 0.5
#: Fig. 20, "approximately normally distributed": a Shapiro-Wilk test of the group estimates
#: does not reject normality at this level.
NORMALITY_ALPHA = 0.01

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
                chosen: str = "") -> SettingsMatch:
    """The run's settings of ``part`` (and ``dataset``) against the paper's."""
    ours = run[part][dataset] if dataset else run[part]
    return compare_settings(ours, paper_settings(part, dataset), chosen=chosen)


def combined(matches: Sequence[SettingsMatch]) -> SettingsMatch:
    """One settings verdict for a claim over several data sets."""
    different = [m.detail for m in matches if not m.same]
    if not matches:
        return NOT_RUN_HERE
    return SettingsMatch(not different, "; ".join(dict.fromkeys(different)))
