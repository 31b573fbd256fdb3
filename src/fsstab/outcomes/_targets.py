"""The forms of a target: a continuous value or a time to event, as the selectors take them and
as a reader reads them from the columns of a file.

=============================  ==============================================================
target                         as the selectors take it
=============================  ==============================================================
continuous (regression)        float64 values, finite, not all equal
                               (:func:`as_regression_target`)
time to event (survival)       structured array ``[("event", bool), ("time", float64)]``,
                               scikit-survival's ``Surv.from_arrays(event, time)``
                               (:func:`survival_target`, :func:`as_survival_target`)
=============================  ==============================================================

A survival target is also accepted as any structured array of two fields (a boolean event
indicator first, the time second: scikit-survival's convention, whatever the field names) or
as an ``(n, 2)`` array of columns ``(time, event)`` -- the order of the configuration's
``target: [TIME_COLUMN, EVENT_COLUMN]``; :func:`as_survival_target` turns any of them into
the canonical array, which is indexed by rows like any 1-d array (``y[train]``), so code that
resamples rows needs no change for it.

The functions here are pure and cheap (NumPy only): readers call
:func:`parse_regression_column` / :func:`parse_survival_columns` on the columns they read
(errors name the column, the 1-based row and the sample), the tasks
(:mod:`fsstab.outcomes._regression`, :mod:`fsstab.outcomes._survival`) and the selectors call
:func:`as_regression_target` / :func:`as_survival_target` on what ``fit`` receives.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = [
    "SURVIVAL_DTYPE",
    "as_regression_target",
    "as_survival_target",
    "censored_fraction",
    "parse_regression_column",
    "parse_survival_columns",
    "survival_target",
]

#: The canonical survival target: scikit-survival's ``Surv.from_arrays(event, time)``.
SURVIVAL_DTYPE = np.dtype([("event", "?"), ("time", "<f8")])

#: Event values understood without ``positive`` (compared as lower-case text).
_EVENT_TRUE = frozenset({"1", "1.0", "true", "t", "yes", "y", "event", "dead", "death"})
_EVENT_FALSE = frozenset({"0", "0.0", "false", "f", "no", "n", "censored", "alive"})
_MISSING_TEXT = frozenset({"", "na", "nan", "null", "n/a"})


# --------------------------------------------------------------------------------------------
# Targets as the selectors take them
# --------------------------------------------------------------------------------------------


def as_regression_target(y: Any, *, name: str = "y") -> np.ndarray:
    """A continuous target as a float64 vector: 1-d (or one column), finite, not constant.

    Examples
    --------
    >>> from fsstab.outcomes import as_regression_target
    >>> as_regression_target([[1], [2.5], [4]]).tolist()
    [1.0, 2.5, 4.0]
    """
    values = np.asarray(y)
    if values.dtype.names is not None:
        raise ValueError(f"{name} is a structured array (a survival target?); a regression "
                         "target is one number per sample")
    if values.ndim == 2 and values.shape[1] == 1:
        values = values[:, 0]
    if values.ndim != 1:
        raise ValueError(f"{name} must be one number per sample; got shape {values.shape}")
    if values.dtype.kind == "b" or not (values.dtype.kind in "iuf" or values.dtype == object):
        raise ValueError(f"{name} must be numeric for regression; got dtype {values.dtype}")
    try:
        values = values.astype(np.float64)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name} must be numeric for regression ({error})") from None
    bad = np.flatnonzero(~np.isfinite(values))
    if bad.size:
        raise ValueError(f"{name} must be finite; {bad.size} value(s) are NaN or infinite "
                         f"(first at index {int(bad[0])})")
    if values.size and np.all(values == values[0]):
        raise ValueError(f"{name} is constant ({values[0]!r}); a regression target must vary")
    return values


def survival_target(event: Any, time: Any) -> np.ndarray:
    """The canonical survival target from an event indicator and a time (both length ``n``).

    The same array as scikit-survival's ``Surv.from_arrays(event, time)``: fields ``event``
    (bool, True = the event was observed) and ``time`` (float64, time of the event or of
    censoring). Times must be finite and non-negative, and at least one event observed.

    Examples
    --------
    >>> from fsstab.outcomes import survival_target
    >>> y = survival_target([True, False], [5.0, 7.5])
    >>> y["time"].tolist(), y["event"].tolist()
    ([5.0, 7.5], [True, False])
    """
    event = np.asarray(event)
    time = np.asarray(time)
    if event.ndim != 1 or time.shape != event.shape:
        raise ValueError(
            f"event and time must be 1-d of equal length; got shapes {event.shape} and {time.shape}"
        )
    if event.dtype.kind != "b":
        if event.dtype.kind not in "iuf" or not np.all(np.isin(event, (0, 1))):
            raise ValueError("event must be boolean or 0/1 (1 = the event was observed)")
        event = event.astype(bool)
    if time.dtype.kind not in "iuf":
        raise ValueError(f"time must be numeric; got dtype {time.dtype}")
    time = time.astype(np.float64)
    bad = np.flatnonzero(~np.isfinite(time) | (time < 0))
    if bad.size:
        raise ValueError(f"time must be finite and non-negative; {bad.size} value(s) are not "
                         f"(first at index {int(bad[0])}: {time[bad[0]]!r})")
    if event.size and not event.any():
        raise ValueError("every sample is censored (no event observed): survival needs events")
    y = np.empty(event.size, dtype=SURVIVAL_DTYPE)
    y["event"] = event
    y["time"] = time
    return y


def as_survival_target(y: Any, *, name: str = "y") -> np.ndarray:
    """Any accepted survival target as the canonical structured array (:data:`SURVIVAL_DTYPE`).

    Accepted: a structured array of two fields, the event indicator (bool, or 0/1) first and
    the time second (scikit-survival's convention, any field names); an ``(n, 2)`` array of
    columns ``(time, event)``.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.outcomes import as_survival_target
    >>> as_survival_target(np.array([[3.0, 1], [4.0, 0]]))["event"].tolist()
    [True, False]
    """
    values = np.asarray(y)
    names = values.dtype.names
    if names is not None:
        if len(names) != 2 or values.ndim != 1:
            raise ValueError(
                f"{name} must be a 1-d structured array of two fields (event, time), as "
                f"scikit-survival's Surv.from_arrays makes it; got fields {names} and shape "
                f"{values.shape}"
            )
        event, time = values[names[0]], values[names[1]]
    elif values.ndim == 2 and values.shape[1] == 2:
        time, event = values[:, 0], values[:, 1]
        if time.dtype == object or event.dtype == object:
            try:
                time, event = time.astype(np.float64), event.astype(np.float64)
            except (TypeError, ValueError):
                raise ValueError(f"{name} columns (time, event) must be numeric") from None
    else:
        raise ValueError(
            f"{name} must be a survival target: a structured array (event, time) as "
            "scikit-survival's Surv.from_arrays(event, time) makes it, or an (n, 2) array of "
            f"columns (time, event); got shape {values.shape} dtype {values.dtype}"
        )
    try:
        return survival_target(event, time)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


def censored_fraction(y: Any) -> float:
    """The fraction of censored samples of a survival target.

    Examples
    --------
    >>> from fsstab.outcomes import censored_fraction, survival_target
    >>> censored_fraction(survival_target([True, False, False, True], [1.0, 2.0, 3.0, 4.0]))
    0.5
    """
    return float(1.0 - as_survival_target(y)["event"].mean())


# --------------------------------------------------------------------------------------------
# Targets from the columns a reader read (values as text or numbers)
# --------------------------------------------------------------------------------------------


def _is_missing(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, float | np.floating):
        return bool(np.isnan(value))
    return isinstance(value, str) and value.strip().lower() in _MISSING_TEXT


def _where(rows: Sequence[int], sample_ids: Sequence[Any] | None,
           positions: Sequence[str] | None = None) -> str:
    """``row 3 (sample 'S03'), row 9 (sample 'S09')`` for the first few 0-based ``rows``;
    ``positions`` replaces ``row <i + 1>`` by where value i stands in its file."""
    shown = []
    for row in rows[:5]:
        sample = "" if sample_ids is None else f" (sample {str(sample_ids[row])!r})"
        where = f"row {row + 1}" if positions is None else str(positions[row])
        shown.append(f"{where}{sample}")
    more = f" and {len(rows) - 5} more" if len(rows) > 5 else ""
    return ", ".join(shown) + more


def _parse_numbers(values: Sequence[Any], column: str, sample_ids: Sequence[Any] | None,
                   what: str, positions: Sequence[str] | None = None) -> np.ndarray:
    out = np.empty(len(values), dtype=np.float64)
    missing, unparsable = [], []
    for i, value in enumerate(values):
        if _is_missing(value):
            missing.append(i)
            continue
        try:
            out[i] = float(value.strip() if isinstance(value, str) else value)
        except (TypeError, ValueError):
            unparsable.append(i)
            continue
        if not np.isfinite(out[i]):
            unparsable.append(i)
    if missing:
        raise ValueError(f"{what} column {column!r}: {len(missing)} missing value(s) at "
                         f"{_where(missing, sample_ids, positions)}; leave those samples out "
                         "first")
    if unparsable:
        first = values[unparsable[0]]
        raise ValueError(f"{what} column {column!r}: {len(unparsable)} value(s) are not finite "
                         f"numbers at {_where(unparsable, sample_ids, positions)} "
                         f"(e.g. {first!r})")
    return out


def parse_regression_column(values: Sequence[Any], *, column: str,
                            sample_ids: Sequence[Any] | None = None,
                            positions: Sequence[str] | None = None) -> np.ndarray:
    """A regression target from the values of a column (numbers, or text holding numbers).

    Errors name ``column``, the 1-based rows and the samples (``sample_ids``, one per value);
    ``positions`` (one per value, e.g. ``"row 4 of samples.tsv"``) replaces the row numbers
    when the values were gathered from a file in another order.

    Examples
    --------
    >>> from fsstab.outcomes import parse_regression_column
    >>> parse_regression_column(["61", "47.5", " 70"], column="age").tolist()
    [61.0, 47.5, 70.0]
    """
    y = _parse_numbers(values, column, sample_ids, "target", positions)
    try:
        return as_regression_target(y, name=f"target column {column!r}")
    except ValueError as error:
        raise ValueError(str(error)) from None


def _event_indicator(values: Sequence[Any], column: str, positive: Any,
                     sample_ids: Sequence[Any] | None,
                     positions: Sequence[str] | None = None) -> np.ndarray:
    missing = [i for i, v in enumerate(values) if _is_missing(v)]
    if missing:
        raise ValueError(f"event column {column!r}: {len(missing)} missing value(s) at "
                         f"{_where(missing, sample_ids, positions)}; leave those samples out "
                         "first")
    text = [str(v).strip() for v in values]
    if positive is not None:
        # compared as text, so that an event coded 1 matches "1" read from a file
        wanted = str(positive).strip()
        distinct = sorted(set(text))
        if wanted not in distinct:
            raise ValueError(f"event column {column!r}: positive={positive!r} (the event value) "
                             f"does not occur; its values are {distinct[:10]}")
        if len(distinct) > 2:
            raise ValueError(f"event column {column!r} has {len(distinct)} distinct values "
                             f"{distinct[:10]}; an event indicator has two (the event, "
                             f"positive={positive!r}, and censoring)")
        return np.array([t == wanted for t in text], dtype=bool)
    event = np.zeros(len(text), dtype=bool)
    unknown = []
    for i, t in enumerate(text):
        key = t.lower()
        if key in _EVENT_TRUE:
            event[i] = True
        elif key not in _EVENT_FALSE:
            unknown.append(i)
    if unknown:
        raise ValueError(
            f"event column {column!r}: {len(unknown)} value(s) are not an event indicator at "
            f"{_where(unknown, sample_ids, positions)} (e.g. {text[unknown[0]]!r}); use 1/0 "
            "or true/false, or name the event value with positive:"
        )
    return event


def parse_survival_columns(time: Sequence[Any], event: Sequence[Any], *, time_column: str,
                           event_column: str, positive: Any = None,
                           sample_ids: Sequence[Any] | None = None,
                           positions: Sequence[str] | None = None) -> np.ndarray:
    """A survival target from a time column and an event column as read from a file.

    ``event`` holds the event indicator: with ``positive`` (the configuration's ``positive:``,
    the value that marks an observed event) the column must have exactly two distinct values,
    compared as text; without it, 1/0, true/false, yes/no (any case) are understood. Errors
    name the column, the 1-based rows (or ``positions``) and the samples.

    Examples
    --------
    >>> from fsstab.outcomes import parse_survival_columns
    >>> y = parse_survival_columns(["12", "30.5"], ["relapse", "none"], time_column="months",
    ...                            event_column="status", positive="relapse")
    >>> y["event"].tolist(), y["time"].tolist()
    ([True, False], [12.0, 30.5])
    """
    if len(time) != len(event):
        raise ValueError(f"time column {time_column!r} and event column {event_column!r} have "
                         f"{len(time)} and {len(event)} values")
    times = _parse_numbers(time, time_column, sample_ids, "time", positions)
    negative = np.flatnonzero(times < 0)
    if negative.size:
        raise ValueError(f"time column {time_column!r}: {negative.size} negative time(s) at "
                         f"{_where(negative.tolist(), sample_ids, positions)}")
    events = _event_indicator(event, event_column, positive, sample_ids, positions)
    if events.size and not events.any():
        raise ValueError(f"event column {event_column!r}: every sample is censored (no event"
                         f"{'' if positive is None else f' {positive!r}'}); survival needs events")
    return survival_target(events, times)
