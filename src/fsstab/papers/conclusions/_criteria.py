"""The criteria: each turns numbers of our run into an :class:`Assessment` whose *why* states
the rule and the numbers it was applied to (see :mod:`fsstab.papers.conclusions`)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from fsstab.papers.conclusions._claims import (
    Assessment,
    Verdict,
    _assess,
    _plain,
)


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


def by_construction(check: Assessment, reason: str) -> Assessment:
    """A claim that follows from definitions alone -- an identity, a theorem, a property of a
    measure or of a method, a worked example computed from the paper's own inputs -- checked
    numerically by ``check``. When the check holds, the verdict is *verified by construction*:
    it confirms that fsstab implements the paper's definitions (and the paper its arithmetic),
    not a finding about data, so it is counted apart from the claims that hold. When the check
    fails, the verdict stays *does not hold* (the paper's derivation or fsstab's code is wrong:
    a result); an untested check stays untested. ``reason`` names what makes the claim certain.

    Examples
    --------
    >>> by_construction(close_to(5 / 9, 0.5556, 1e-4), "eq. 3 on the paper's sets").verdict.value
    'verified by construction'
    >>> by_construction(close_to(0.6, 0.7, 1e-12), "Example 1").verdict.value
    'does not hold'
    """
    if check.verdict in (Verdict.HOLDS, Verdict.BY_CONSTRUCTION):
        return _assess(Verdict.BY_CONSTRUCTION, f"{reason}: {check.why}")
    return check


def not_recomputable(reason: str) -> Assessment:
    """The run computed what the claim needs, but the table was not published and
    regenerating it is beyond a cheap rerun: the claim is *not run (compute)* in the published
    files, never given the verdict of a table nobody can read. ``reason`` names the table and
    the cost of regenerating it.

    Examples
    --------
    >>> not_recomputable("the §7.2 summaries (54 CPU-min to regenerate)").why[:29]
    'cannot be recomputed from the'
    """
    return _assess(Verdict.NOT_RUN, f"cannot be recomputed from the published files: {reason}")


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
    one was not run, else not testable when one is not testable; verified by construction
    when every part is. The why joins the parts' whys."""
    verdicts = [p.verdict for p in parts]
    if Verdict.DOES_NOT_HOLD in verdicts or Verdict.PARTLY_HOLDS in verdicts:
        verdict = Verdict.DOES_NOT_HOLD
    elif Verdict.NOT_RUN in verdicts:
        verdict = Verdict.NOT_RUN
    elif Verdict.NOT_TESTABLE in verdicts:
        verdict = Verdict.NOT_TESTABLE
    elif verdicts and all(v is Verdict.BY_CONSTRUCTION for v in verdicts):
        verdict = Verdict.BY_CONSTRUCTION
    else:
        verdict = Verdict.HOLDS
    return _assess(verdict, "; ".join(p.why for p in parts))


def over_cases(cases: Mapping[str, Assessment]) -> Assessment:
    """A claim over several cases (data sets, measures): holds when it holds in every tested
    case (verified by construction when every case held by construction), does not hold when
    it holds in none, partly holds otherwise; cases not tested are named and do not count.
    With no case tested: not run when a case was not run, else not testable."""
    held = [c for c, a in cases.items()
            if a.verdict in (Verdict.HOLDS, Verdict.BY_CONSTRUCTION)]
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
        constructed = all(cases[c].verdict is Verdict.BY_CONSTRUCTION for c in held)
        return _assess(Verdict.BY_CONSTRUCTION if constructed else Verdict.HOLDS, why)
    return _assess(Verdict.DOES_NOT_HOLD if not held else Verdict.PARTLY_HOLDS, why)
