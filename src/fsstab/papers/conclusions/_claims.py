"""The records of a checked claim: :class:`Statement` (what the paper says), :class:`Claim`
(with our evidence and settings) and its :class:`Assessment` (a :class:`Verdict` and why,
constructed only by the criteria of :mod:`fsstab.papers.conclusions`)."""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class Verdict(enum.Enum):
    """The outcome of checking a claim (:mod:`fsstab.papers.conclusions` defines each one)."""

    HOLDS = "holds"
    DOES_NOT_HOLD = "does not hold"
    PARTLY_HOLDS = "partly holds"
    BY_CONSTRUCTION = "verified by construction"
    NOT_TESTABLE = "not testable here"
    NOT_RUN = "not run (compute)"


_CRITERION = object()   # only the criteria (``_criteria``) construct an Assessment


@dataclass(frozen=True)
class Assessment:
    """A verdict and why, from one of the criteria (never constructed by hand)."""

    verdict: Verdict
    why: str
    _origin: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._origin is not _CRITERION:
            raise TypeError(
                "an Assessment comes from a criterion of fsstab.papers.conclusions "
                "(within_standard_errors, close_to, holds_if, ...): verdicts are computed "
                "from the run's numbers, never typed in"
            )


def _assess(verdict: Verdict, why: str) -> Assessment:
    return Assessment(verdict, why, _CRITERION)


@dataclass(frozen=True)
class Statement:
    """What a paper says: the section, the claim in the paper's words, and the evidence the
    paper gives for it (a printed number, a figure, "proof"). Typed into ``reference.py``."""

    section: str
    text: str
    evidence: str


@dataclass(frozen=True)
class SettingsMatch:
    """Whether a claim was checked at the paper's settings; ``detail`` states the difference
    (or, when the settings are the same, anything chosen where the paper is silent)."""

    same: bool
    detail: str = ""

    def text(self) -> str:
        head = "same" if self.same else "different"
        return f"{head}: {self.detail}" if self.detail else head


def compare_settings(
    ours: Mapping[str, Any], paper: Mapping[str, Any], *, chosen: str = ""
) -> SettingsMatch:
    """Our run's settings against the paper's, key by key in the paper's order.

    Numbers compare by value (``100 == 100.0``). A key the paper sets that our run lacks is a
    difference. ``chosen``: what we chose where the paper is silent (kept in the detail).

    Examples
    --------
    >>> compare_settings({"K": 8, "trees": 20}, {"K": 100, "trees": 20}).text()
    'different: K 8 here, 100 in the paper'
    """
    differences = []
    for key, expected in paper.items():
        if key not in ours:
            differences.append(f"{key} not set here, {_plain(expected)} in the paper")
        elif not _same_value(ours[key], expected):
            differences.append(f"{key} {_plain(ours[key])} here, {_plain(expected)} in the paper")
    if differences:
        return SettingsMatch(False, "; ".join(differences + ([chosen] if chosen else [])))
    return SettingsMatch(True, chosen)


def _same_value(a: Any, b: Any) -> bool:
    numbers = (int, float)
    if isinstance(a, numbers) and isinstance(b, numbers) and not isinstance(a, bool) \
            and not isinstance(b, bool):
        return math.isclose(float(a), float(b), rel_tol=0, abs_tol=1e-12)
    return a == b


def _plain(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


@dataclass(frozen=True)
class Claim:
    """One claim of a paper, checked: :class:`Statement` + our evidence + the assessment +
    whether the settings match. ``key`` is a stable id (``table2.selected.wine``)."""

    key: str
    statement: Statement
    our_evidence: str
    assessment: Assessment
    settings: SettingsMatch
    dataset: str = ""
    #: the paper's evidence for this case when it differs from the statement's (one data
    #: set's row of a table)
    paper_evidence: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.assessment, Assessment):
            raise TypeError(f"claim {self.key!r}: assessment must be an Assessment from a "
                            f"criterion, got {type(self.assessment).__name__}")

    @property
    def verdict(self) -> Verdict:
        return self.assessment.verdict


def claim_maker(statements: Mapping[str, Statement]):
    """The ``claim(key, ours, assessment, settings, *, statement=None, dataset="",
    paper_evidence=None)`` function of a paper: a :class:`Claim` whose statement is
    ``statements[statement or key]`` (a per-case key such as ``table2.selected.wine`` names
    its statement ``table2.selected``).

    Examples
    --------
    >>> from fsstab.papers.conclusions import equal_to
    >>> claim = claim_maker({"t": Statement("§1", "x is 1", "1")})
    >>> claim("t.a", "1", equal_to(1, 1, what="x"), SettingsMatch(True, "same"),
    ...       statement="t", dataset="a").statement.text
    'x is 1'
    """
    def claim(key: str, ours: str, assessment: Assessment, settings: SettingsMatch, *,
              statement: str | None = None, dataset: str = "",
              paper_evidence: str | None = None) -> Claim:
        return Claim(key=key, statement=statements[statement or key], our_evidence=ours,
                     assessment=assessment, settings=settings, dataset=dataset,
                     paper_evidence=paper_evidence)

    return claim
