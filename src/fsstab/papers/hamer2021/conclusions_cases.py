"""Claims of Hamer & Dupont (2021) over several data sets: the cases a run has no results for,
and the roll-up of the cases (the ``.all`` rows of ``conclusions.md``).

A data set configured for a claim but absent from the run is one of two things:

- *not testable here* (data): it cannot be had on this machine
  (:data:`~fsstab.papers.hamer2021.reference.UNAVAILABLE`, e.g. arcene is served by OpenML and
  the machine has no network);
- *not run* (compute): it is on disk but the run left it out (``only_datasets``); the user's
  documents give its measured cost.

A roll-up holds only when the claim holds on every data set tested and no data set that could
have been tested was left out: a claim checked on 2 of the 7 data sets on disk is "not run",
not "holds". A case that fails makes the roll-up fail (or partly hold) whatever was left out.
"""

from __future__ import annotations

from collections.abc import Mapping

from fsstab.papers.conclusions import (
    Assessment,
    Verdict,
    holds_if,
    not_run,
    not_testable,
    over_cases,
)
from fsstab.papers.hamer2021.reference import UNAVAILABLE

__all__ = ["LEFT_OUT", "missing_case", "most_cases", "roll_up"]

#: Why a data set on disk has no results in a run.
LEFT_OUT = ("on disk here but left out of this run (only_datasets); docs/paper-hamer2021.md "
            "gives its measured cost")


def missing_case(dataset: str) -> Assessment:
    """The case of a configured data set that the run has no results for.

    Examples
    --------
    >>> missing_case("arcene").verdict.value, missing_case("alon").verdict.value
    ('not testable here', 'not run (compute)')
    """
    reason = UNAVAILABLE.get(dataset)
    if reason is not None:
        return not_testable(f"{dataset}: {reason}")
    return not_run(f"{dataset}: {LEFT_OUT}")


def roll_up(cases: Mapping[str, Assessment]) -> Assessment:
    """The verdict of a claim over ``cases`` (data set -> assessment).

    As :func:`fsstab.papers.conclusions.over_cases`, except that a claim holding on every case
    tested is "not run" while a case that could have been tested was not run.

    Examples
    --------
    >>> from fsstab.papers.conclusions import holds_if
    >>> roll_up({"singh": holds_if(True, "r > 0"), "alon": missing_case("alon")}).verdict.value
    'not run (compute)'
    >>> roll_up({"singh": holds_if(True, "r > 0"),
    ...          "arcene": missing_case("arcene")}).verdict.value
    'holds'
    """
    rolled = over_cases(cases)
    if rolled.verdict is Verdict.HOLDS and any(a.verdict is Verdict.NOT_RUN
                                               for a in cases.values()):
        return not_run(rolled.why)
    return rolled


def most_cases(cases: Mapping[str, Assessment]) -> Assessment:
    """A claim the paper makes "in most cases": holds when it holds in more than half of the
    cases tested (the why names them, as :func:`~fsstab.papers.conclusions.over_cases`); with
    none tested, as :func:`roll_up`.

    Examples
    --------
    >>> from fsstab.papers.conclusions import holds_if
    >>> yes, no = holds_if(True, "r"), holds_if(False, "r")
    >>> most_cases({"a": yes, "b": yes, "c": no}).verdict.value
    'holds'
    >>> most_cases({"a": yes, "b": no}).verdict.value
    'does not hold'
    """
    rolled = over_cases(cases)
    held = sum(a.verdict is Verdict.HOLDS for a in cases.values())
    failed = sum(a.verdict in (Verdict.DOES_NOT_HOLD, Verdict.PARTLY_HOLDS)
                 for a in cases.values())
    if not held and not failed:
        return roll_up(cases)
    return holds_if(held > (held + failed) / 2,
                    f"{rolled.why}; in most cases = more than half of the {held + failed} "
                    f"tested ({held})")
