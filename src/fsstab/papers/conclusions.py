"""A paper's claims, checked against our run: the records behind every paper's
``conclusions.md`` (a table for readers) and ``conclusions.csv`` (its machine-readable twin).

A paper's ``reference.py`` types in what the paper *says* (:class:`Statement`: section, the
claim in the paper's words, the paper's evidence); its ``conclusions.py`` builds one
:class:`Claim` per statement (and per data set where the paper claims something per data set)
from the run's tables, with

- ``our_evidence``: the numbers of our run the verdict rests on;
- ``assessment``: the verdict and *why*, computed by one of the criteria below from those
  numbers (an :class:`Assessment` cannot be constructed by hand: a verdict is never typed in);
- ``settings``: whether our run used the paper's settings (K, M, k, ensemble size, trees,
  data), with the difference spelled out when it did not (:func:`compare_settings`).

:func:`write_conclusions` is the one writer of ``conclusions.md`` + ``conclusions.{csv,parquet}``
(called by each paper's ``<paper>_conclusions`` rule; ``docs/papers.md``);
:func:`write_conclusions_frame` writes claims gathered from several tables (Bommert's chapters).

Verdicts (:class:`Verdict`)
---------------------------
``holds``
    The criterion, applied to our numbers, is met.
``does not hold``
    The criterion is not met: a result to report with its cause, never a reason to retune.
``partly holds``
    Only for a claim over several cases (data sets, measures, settings; :func:`over_cases`):
    it holds in at least one tested case and does not hold in at least one other. The *why*
    names the cases either way. Cases that could not be tested do not count.
``not testable here``
    The claim cannot be tested here whatever the compute: the data or the number needed is
    not available (private or online-only data, a quantity the paper does not print), or the
    claim cannot fail on this run's data (a value already at its ceiling, a comparison of two
    identically distributed numbers; :func:`cannot_fail`). The *why* says which.
``not run (compute)``
    The claim could be tested here but the run did not include what it needs (a data set on
    disk, a setting, more replications), because of its cost; the *why* says what was not run
    and, where known, what it would cost (:func:`not_run`).

Criteria
--------
Every criterion returns an :class:`Assessment` whose *why* states the rule and the numbers it
was applied to, e.g. ``"|6.50 - 9.8| = 3.30 > 2 SE = 0.23"``: :func:`within_standard_errors`,
:func:`close_to`, :func:`equal_to`, :func:`at_most`, :func:`at_least`, :func:`lowest_is`,
:func:`same_ordering`, :func:`same_set` and :func:`overlaps` (sets of labels, e.g. a
Pareto-optimal set), :func:`holds_if` (a condition the caller computed, with the rule in
words), :func:`not_testable`, :func:`cannot_fail`, :func:`not_run`, and the combinations
:func:`all_of` (every part must hold) and :func:`over_cases` (a claim over several cases).
"""

from __future__ import annotations

import enum
import itertools
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from fsstab.io import write_text
from fsstab.papers.outputs import read_table, write_table

__all__ = [
    "CONCLUSION_COLUMNS",
    "Assessment",
    "Claim",
    "SettingsMatch",
    "Statement",
    "Verdict",
    "all_of",
    "at_least",
    "at_most",
    "cannot_fail",
    "claim_maker",
    "claims_frame",
    "close_to",
    "compare_settings",
    "conclusions_markdown",
    "equal_to",
    "every_at_least",
    "holds_if",
    "lowest_is",
    "not_run",
    "not_testable",
    "over_cases",
    "overlaps",
    "read_conclusions",
    "same_ordering",
    "same_set",
    "verdict_counts",
    "within_standard_errors",
    "write_conclusions",
    "write_conclusions_frame",
]


class Verdict(enum.Enum):
    """The outcome of checking a claim (see the module docstring for each definition)."""

    HOLDS = "holds"
    DOES_NOT_HOLD = "does not hold"
    PARTLY_HOLDS = "partly holds"
    NOT_TESTABLE = "not testable here"
    NOT_RUN = "not run (compute)"



_CRITERION = object()   # only the criteria of this module construct an Assessment


@dataclass(frozen=True)
class Assessment:
    """A verdict and why, from one of this module's criteria (never constructed by hand)."""

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


# --------------------------------------------------------------------------------------------
# Criteria
# --------------------------------------------------------------------------------------------


def _num(value: float, digits: int) -> str:
    """``digits`` decimals; a non-zero value that would print as 0 keeps 3 significant
    digits (a tolerance of 1e-12 stays 1e-12)."""
    if not isinstance(value, float):
        return str(value)
    if math.isnan(value):
        return "NaN"
    if value != 0 and abs(value) < 0.5 * 10 ** -digits:
        return f"{value:.3g}"
    text = f"{value:.{digits}f}"
    return "0" + text[2:] if text.startswith("-0") and float(text) == 0 else text


def _num_pair(value: float, bound: float, digits: int) -> tuple[str, str]:
    """``value`` and ``bound`` printed with enough decimals to tell them apart when they
    differ (``1.3025 > 1.3`` does not print as ``1.30 > 1.30``)."""
    shown = digits
    while (isinstance(value, float) and isinstance(bound, float) and value != bound
           and _num(value, shown) == _num(bound, shown) and shown < 12):
        shown += 1
    return _num(value, shown), _num(bound, shown)


def _signed(text: str) -> str:
    return f"({text})" if text.startswith("-") else text


def holds_if(condition: bool, rule: str) -> Assessment:
    """Holds when ``condition`` (computed by the caller from the run's numbers) is true;
    ``rule`` says in words what was checked and should carry the numbers."""
    return _assess(Verdict.HOLDS if bool(condition) else Verdict.DOES_NOT_HOLD,
                   f"{rule}: {'yes' if condition else 'no'}")


def not_testable(reason: str) -> Assessment:
    """The claim cannot be checked here whatever the compute (data not available, a number
    the paper does not give); ``reason`` says why."""
    return _assess(Verdict.NOT_TESTABLE, reason)


def cannot_fail(reason: str) -> Assessment:
    """The claim's criterion cannot fail on this run's data (a value at its ceiling: no gain
    is possible; every admissible value satisfies it): not testable, never counted as
    holding. ``reason`` carries the numbers that show it.

    Examples
    --------
    >>> cannot_fail("phi = 1.000 already: no gain possible").verdict.value
    'not testable here'
    """
    return _assess(Verdict.NOT_TESTABLE, f"cannot fail on this run's data: {reason}")


def not_run(reason: str) -> Assessment:
    """The claim is testable here but what it needs was not run (compute); ``reason`` says
    what was not run and, where known, its projected cost.

    Examples
    --------
    >>> not_run("borovecki not in this run (projected 40 CPU-min)").verdict.value
    'not run (compute)'
    """
    return _assess(Verdict.NOT_RUN, reason)


def within_standard_errors(
    ours: float, ours_se: float, paper: float, paper_se: float, *, n_se: float = 2.0,
    digits: int = 2,
) -> Assessment:
    """Holds when ``|ours - paper| <= n_se * sqrt(ours_se² + paper_se²)``: two means agree
    within ``n_se`` standard errors of their difference (standard errors of the means, e.g.
    sd / sqrt(K) of each run)."""
    se = math.sqrt(ours_se ** 2 + paper_se ** 2)
    gap = abs(ours - paper)
    if not (math.isfinite(gap) and math.isfinite(se)):
        return not_testable(f"no finite value to compare (ours {ours}, paper {paper})")
    ok = gap <= n_se * se
    return _assess(
        Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
        f"|{_num(ours, digits)} - {_signed(_num(paper, digits))}| = {_num(gap, digits)} "
        f"{'<=' if ok else '>'} {n_se:g} SE = {_num(n_se * se, digits)} "
        f"(SE = sqrt(SE_ours² + SE_paper²) = {_num(se, digits + 1)})",
    )


def close_to(ours: float, expected: float, tol: float, *, what: str = "ours",
             digits: int = 4) -> Assessment:
    """Holds when ``|ours - expected| <= tol``."""
    gap = abs(ours - expected)
    if not math.isfinite(gap):
        return _assess(Verdict.DOES_NOT_HOLD,
                       f"{what} = {_num(ours, digits)}, not a finite number near "
                       f"{_num(expected, digits)}")
    ok = gap <= tol
    return _assess(
        Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
        f"|{what} - {_signed(_num(float(expected), digits))}| = {gap:.3g} "
        f"{'<=' if ok else '>'} "
        f"{tol:g}",
    )


def equal_to(ours: Any, expected: Any, *, what: str = "ours") -> Assessment:
    """Holds when ``ours == expected`` (counts, labels, orders)."""
    ok = ours == expected
    return _assess(Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
                   f"{what}: {_plain(ours)} {'=' if ok else '!='} {_plain(expected)}")


def at_most(value: float, bound: float, *, what: str, digits: int = 4) -> Assessment:
    """Holds when ``value <= bound``."""
    ok = value <= bound
    shown_value, shown_bound = _num_pair(value, bound, digits)
    return _assess(Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
                   f"{what} = {shown_value} {'<=' if ok else '>'} {shown_bound}")


def at_least(value: float, bound: float, *, what: str, digits: int = 4) -> Assessment:
    """Holds when ``value >= bound``."""
    ok = value >= bound
    shown_value, shown_bound = _num_pair(value, bound, digits)
    return _assess(Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
                   f"{what} = {shown_value} {'>=' if ok else '<'} {shown_bound}")


def lowest_is(values: Mapping[str, float], expected: str, *, digits: int = 3) -> Assessment:
    """Holds when ``expected`` has the strictly lowest value (a tie is not "the lowest")."""
    finite = {k: v for k, v in values.items() if math.isfinite(v)}
    if expected not in finite:
        return not_testable(f"no value for {expected}")
    lowest = min(finite.values())
    at_lowest = sorted(k for k, v in finite.items() if v == lowest)
    ok = at_lowest == [expected]
    shown = ", ".join(f"{k} {_num(v, digits)}" for k, v in finite.items())
    return _assess(Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
                   f"lowest: {' = '.join(at_lowest)} ({shown})")


def same_ordering(values: Mapping[str, float], expected: Sequence[str], *,
                  digits: int = 3) -> Assessment:
    """Holds when sorting ``values`` from highest to lowest gives ``expected`` (ties break
    the ordering: they do not count as either order)."""
    finite = {k: v for k, v in values.items() if k in expected and math.isfinite(v)}
    if len(finite) != len(expected):
        return not_testable(f"values for {sorted(set(expected) - set(finite))} missing")
    ordered = sorted(finite, key=lambda k: -finite[k])
    ties = any(finite[a] == finite[b] for a, b in itertools.pairwise(ordered))
    ok = not ties and ordered == list(expected)
    shown = " > ".join(f"{k} {_num(finite[k], digits)}" for k in ordered)
    return _assess(Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
                   f"ordering {'equal' if ok else 'differs' + (' (ties)' if ties else '')}: "
                   f"{shown}; paper: {' > '.join(expected)}")


def _set_text(members: Iterable[str], order: Sequence[str] | None = None) -> str:
    members = set(members)
    ordered = [m for m in order if m in members] if order else []
    ordered += sorted(members - set(ordered))
    return "{" + ", ".join(ordered) + "}"


def same_set(ours: Iterable[str], expected: Iterable[str], *, what: str = "ours",
             order: Sequence[str] | None = None) -> Assessment:
    """Holds when the two sets of labels are equal (order and repeats do not matter); the
    why names the members only one side has. ``order``: how to list members (else sorted).

    Examples
    --------
    >>> same_set(["MIM", "GBM"], ["GBM", "MIM"]).verdict.value
    'holds'
    >>> same_set(["LASSO"], ["LASSO", "MIM"], what="Pareto set").why
    'Pareto set {LASSO} != paper {LASSO, MIM}: only in the paper {MIM}'
    """
    ours, expected = set(ours), set(expected)
    if ours == expected:
        return _assess(Verdict.HOLDS, f"{what} {_set_text(ours, order)} = paper "
                                      f"{_set_text(expected, order)}")
    parts = []
    if ours - expected:
        parts.append(f"only ours {_set_text(ours - expected, order)}")
    if expected - ours:
        parts.append(f"only in the paper {_set_text(expected - ours, order)}")
    return _assess(Verdict.DOES_NOT_HOLD,
                   f"{what} {_set_text(ours, order)} != paper {_set_text(expected, order)}: "
                   + ", ".join(parts))


def overlaps(ours: Iterable[str], expected: Iterable[str], *, what: str = "ours",
             order: Sequence[str] | None = None) -> Assessment:
    """Holds when the two sets of labels share at least one member (the why names the common
    members and the sizes of both sets)."""
    ours, expected = set(ours), set(expected)
    common = ours & expected
    return _assess(Verdict.HOLDS if common else Verdict.DOES_NOT_HOLD,
                   f"{what} {_set_text(ours, order)} and paper {_set_text(expected, order)} "
                   f"share {_set_text(common, order) if common else 'no member'} "
                   f"({len(common)} of {len(ours)} and {len(expected)})")


def every_at_least(values: Mapping[str, float], bound: float, *, what: str,
                   digits: int = 3) -> Assessment:
    """Holds when every case's value is at least ``bound`` (e.g. a gain at every point of a
    front). A case without a finite value (NaN: nothing to compare with) does not meet the
    bound and is named; no case at all is not testable.

    Examples
    --------
    >>> every_at_least({"A 0.80": 0.4, "A 0.90": -0.05}, 0.02, what="gain").verdict.value
    'does not hold'
    """
    if not values:
        return not_testable(f"no case to check {what} on")
    shown = ", ".join(f"{k} {_num(float(v), digits)}" for k, v in values.items())
    below = [k for k, v in values.items() if not (math.isfinite(v) and v >= bound)]
    ok = not below
    return _assess(Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
                   f"{what} >= {_num(float(bound), digits)} at "
                   f"{'every one' if ok else f'{len(values) - len(below)}'} of {len(values)} "
                   f"({shown})" + ("" if ok else f"; not at {', '.join(below)}"))


def all_of(*parts: Assessment) -> Assessment:
    """Every part must hold: does not hold when one does not; when none fails, not run when
    one was not run, else not testable when one is not testable. The why joins the parts'
    whys."""
    verdicts = [p.verdict for p in parts]
    if Verdict.DOES_NOT_HOLD in verdicts or Verdict.PARTLY_HOLDS in verdicts:
        verdict = Verdict.DOES_NOT_HOLD
    elif Verdict.NOT_RUN in verdicts:
        verdict = Verdict.NOT_RUN
    elif Verdict.NOT_TESTABLE in verdicts:
        verdict = Verdict.NOT_TESTABLE
    else:
        verdict = Verdict.HOLDS
    return _assess(verdict, "; ".join(p.why for p in parts))


def over_cases(cases: Mapping[str, Assessment]) -> Assessment:
    """A claim over several cases (data sets, measures): holds when it holds in every tested
    case, does not hold when it holds in none, partly holds otherwise; cases not tested are
    named and do not count. With no case tested: not run when a case was not run, else not
    testable."""
    held = [c for c, a in cases.items() if a.verdict is Verdict.HOLDS]
    failed = [c for c, a in cases.items()
              if a.verdict in (Verdict.DOES_NOT_HOLD, Verdict.PARTLY_HOLDS)]
    untested = [c for c, a in cases.items() if a.verdict is Verdict.NOT_TESTABLE]
    not_run_cases = [c for c, a in cases.items() if a.verdict is Verdict.NOT_RUN]
    parts = []
    if held:
        parts.append(f"holds for {', '.join(held)}")
    if failed:
        parts.append(f"not for {', '.join(failed)}")
    if untested:
        parts.append(f"not tested for {', '.join(untested)}")
    if not_run_cases:
        parts.append(f"not run for {', '.join(not_run_cases)}")
    why = f"{len(held)} of {len(held) + len(failed)} tested cases: " + "; ".join(parts)
    if not held and not failed:
        return _assess(Verdict.NOT_RUN if not_run_cases else Verdict.NOT_TESTABLE,
                       "; ".join(parts))
    if not failed:
        return _assess(Verdict.HOLDS, why)
    return _assess(Verdict.DOES_NOT_HOLD if not held else Verdict.PARTLY_HOLDS, why)


# --------------------------------------------------------------------------------------------
# The table and its one writer
# --------------------------------------------------------------------------------------------

#: Columns of ``conclusions.csv``.
CONCLUSION_COLUMNS: tuple[str, ...] = (
    "key", "section", "claim", "dataset", "paper_evidence", "our_evidence", "verdict", "why",
    "settings_match", "settings",
)

_MARKDOWN_COLUMNS = (
    ("key", "key"), ("section", "§"), ("claim", "claim (the paper's words)"),
    ("dataset", "data set"), ("paper_evidence", "paper"), ("our_evidence", "ours"),
    ("verdict", "verdict"), ("why", "why (criterion and numbers)"),
    ("settings", "settings vs the paper"),
)


def claims_frame(claims: Iterable[Claim]) -> pd.DataFrame:
    """The claims as a table with :data:`CONCLUSION_COLUMNS` (text; order kept). Keys must be
    unique."""
    records, seen = [], set()
    for claim in claims:
        if claim.key in seen:
            raise ValueError(f"claim key {claim.key!r} is used twice")
        seen.add(claim.key)
        records.append({
            "key": claim.key,
            "section": claim.statement.section,
            "claim": claim.statement.text,
            "dataset": claim.dataset,
            "paper_evidence": (claim.paper_evidence if claim.paper_evidence is not None
                               else claim.statement.evidence),
            "our_evidence": claim.our_evidence,
            "verdict": claim.verdict.value,
            "why": claim.assessment.why,
            "settings_match": "same" if claim.settings.same else "different",
            "settings": claim.settings.text(),
        })
    return pd.DataFrame.from_records(records, columns=list(CONCLUSION_COLUMNS))


def verdict_counts(frame: pd.DataFrame) -> dict[str, int]:
    """Number of claims per verdict (every :class:`Verdict`, in its order)."""
    return {v.value: int((frame["verdict"] == v.value).sum()) for v in Verdict}


def _cell(text: Any) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").strip()


def conclusions_markdown(frame: pd.DataFrame, *, title: str, preamble: str = "") -> str:
    """``conclusions.md``: the title, how to read the table, the verdict counts and the table
    (deterministic text: no dates, no timings)."""
    counts = verdict_counts(frame)
    tested = counts["holds"] + counts["does not hold"] + counts["partly holds"]
    lines = [
        f"# {title}",
        "",
        "Generated by the paper's rules (`fsstab.papers.conclusions.write_conclusions`); do not "
        "edit by hand. Machine-readable twin: `conclusions.csv`.",
        "",
    ]
    if preamble:
        lines += [preamble.strip(), ""]
    lines += [
        "Verdicts are computed from this run's numbers by the criterion shown under *why*. "
        "*partly holds*: a claim over several cases (data sets, measures) that holds in some "
        "tested cases and not in others. *not testable here*: the data or number needed is "
        "not available here, or the claim cannot fail on this run's data. *not run "
        "(compute)*: testable here, but what it needs was not part of this run. "
        "*settings*: whether the run used the paper's settings (K, trees, p, data), with the "
        "difference where it did not.",
        "",
        f"**{len(frame)} claims, {tested} tested: {counts['holds']} hold, "
        f"{counts['does not hold']} do not hold, {counts['partly holds']} partly hold; "
        f"{counts['not testable here']} not testable here, {counts['not run (compute)']} not "
        "run (compute).**",
        "",
        "| " + " | ".join(label for _, label in _MARKDOWN_COLUMNS) + " |",
        "|" + "---|" * len(_MARKDOWN_COLUMNS),
    ]
    for _, row in frame.iterrows():
        lines.append("| " + " | ".join(_cell(row[c]) for c, _ in _MARKDOWN_COLUMNS) + " |")
    return "\n".join(lines) + "\n"


def write_conclusions(
    claims: Iterable[Claim],
    markdown: str | os.PathLike[str],
    table: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    title: str,
    preamble: str = "",
    metadata: Mapping[str, Any] | None = None,
) -> pd.DataFrame:
    """Write ``conclusions.md`` (``markdown``) and ``conclusions.{csv,parquet}`` (``table``:
    a stem or the rule's two outputs), atomically and with deterministic bytes: the one writer
    of every paper's conclusions (through :func:`write_conclusions_frame`). Returns the
    table."""
    return write_conclusions_frame(claims_frame(claims), markdown, table, title=title,
                                   preamble=preamble, metadata=metadata)


def write_conclusions_frame(
    frame: pd.DataFrame,
    markdown: str | os.PathLike[str],
    table: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    title: str,
    preamble: str = "",
    metadata: Mapping[str, Any] | None = None,
) -> pd.DataFrame:
    """:func:`write_conclusions` for claims already tabulated by :func:`claims_frame`: a
    paper whose claims are built by several rules (one table per part, e.g. per chapter)
    concatenates those tables in its order and writes them here.

    ``frame`` must have exactly :data:`CONCLUSION_COLUMNS`, unique keys and known verdicts
    (a verdict cannot enter through a table either). Returns the table as written."""
    columns = tuple(frame.columns)
    if columns != CONCLUSION_COLUMNS:
        raise ValueError(f"a conclusions table has the columns {list(CONCLUSION_COLUMNS)}, "
                         f"got {list(columns)}")
    repeated = sorted(set(frame["key"][frame["key"].duplicated()]))
    if repeated:
        raise ValueError(f"claim key(s) {repeated} used twice")
    unknown = sorted(set(frame["verdict"]) - {v.value for v in Verdict})
    if unknown:
        raise ValueError(f"unknown verdict(s) {unknown}; verdicts are "
                         f"{[v.value for v in Verdict]}")
    frame = frame.reset_index(drop=True)
    write_table(frame, table, metadata=dict(metadata or {}))
    write_text(Path(markdown), conclusions_markdown(frame, title=title, preamble=preamble))
    return frame


def read_conclusions(target: str | os.PathLike[str] | Sequence[str | os.PathLike[str]]
                     ) -> pd.DataFrame:
    """A conclusions table written by :func:`write_conclusions` (stem, pair or Parquet)."""
    return read_table(target)
