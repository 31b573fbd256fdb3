"""The values the estimators' constructor parameters accept, in scikit-learn's own format.

Every estimator class of fsstab declares ``_parameter_constraints``: constructor parameter ->
list of scikit-learn constraints (:class:`~sklearn.utils._param_validation.Interval`,
``StrOptions``, ``HasMethods``, ``"boolean"``, ``"random_state"``, ``"array-like"``, a type,
``None``, ...; a value is valid when it satisfies one of them). Two places apply them:

- ``fit``, through scikit-learn's machinery (``@_fit_context``, which calls
  ``BaseEstimator._validate_params``): a bad value raises
  :class:`~sklearn.utils._param_validation.InvalidParameterError` before any work;
- the workflow's configuration check, before any job, through :func:`value_problem` (via
  :func:`fsstab.selectors.parameter_problems`), whose messages are written for a YAML file:
  ``null``, ``true or false``, the allowed values sorted, and a "did you mean".

The building blocks shared by many classes are defined here (:data:`POSITIVE`,
:data:`N_FEATURES`, ...), with the constraints scikit-learn does not have: :class:`Names` (a
key of an fsstab registry: the filters, the classifiers),
:class:`Selector` (a nested selector; in a configuration a specification ``{class: ...,
params: {...}}``) and :class:`UnitPair`. scikit-learn's ``make_constraint`` passes on
instances of its own constraint classes only (``Interval``, ``StrOptions``, ``Options``,
``HasMethods``, ``MissingValues``) and raises for any other ``_Constraint``, so each derives
from the closest of those and overrides ``is_satisfied_by`` and ``__str__``.

Examples
--------
>>> from fsstab.selectors._constraints import N_FEATURES, POSITIVE, value_problem
>>> value_problem([POSITIVE], -1)
'must be a positive finite number, got -1'
>>> value_problem(N_FEATURES, 1.5)
'must be an integer >= 1, a fraction in (0, 1) or null, got 1.5'
>>> value_problem(N_FEATURES, 0.25) is None
True
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from numbers import Integral, Real
from typing import Any

import numpy as np

from fsstab._sklearn_compat import (
    HasMethods,
    Interval,
    Options,
    RealNotInt,
    StrOptions,
    make_constraint,
)
from fsstab.outcomes import TASKS

__all__ = [
    "BOOLEAN",
    "ESTIMATOR",
    "FRACTION",
    "NON_NEGATIVE",
    "N_FEATURES",
    "POSITIVE",
    "RANDOM_STATE",
    "STEP",
    "TASK",
    "UNIT",
    "Names",
    "ParameterGridSpec",
    "Selector",
    "UnitList",
    "UnitPair",
    "builds_selector",
    "describe",
    "integers",
    "value_problem",
]


def integers(minimum: int) -> Interval:
    """An integer ``>= minimum`` (``Interval(Integral, minimum, None, closed="left")``)."""
    return Interval(Integral, minimum, None, closed="left")


#: A positive finite number (``C``, ``pfer``, ...).
POSITIVE = Interval(Real, 0, None, closed="neither")
#: A finite number >= 0.
NON_NEGATIVE = Interval(Real, 0, None, closed="left")
#: A number in [0, 1].
UNIT = Interval(Real, 0, 1, closed="both")
#: A fraction of the features, in (0, 1); ``RealNotInt`` because scikit-learn refuses intervals
#: of ``Integral`` and ``Real`` on one parameter.
FRACTION = Interval(RealNotInt, 0, 1, closed="neither")
#: A number of features to select: an integer >= 1, a fraction of them in (0, 1), or None
#: (:func:`fsstab.selectors.default_n_features`); the bound ``<= d`` needs the data.
N_FEATURES: list[Any] = [integers(1), FRACTION, None]
#: The features an RFE step eliminates: a count >= 1, or a fraction of the remaining ones.
STEP: list[Any] = [integers(1), FRACTION]
#: true or false.
BOOLEAN: list[Any] = ["boolean"]
#: A seed, a ``RandomState`` or None (scikit-learn's ``check_random_state``).
RANDOM_STATE: list[Any] = ["random_state"]
#: A predictive model (any object with ``fit``), or None for the class's default.
ESTIMATOR: list[Any] = [HasMethods(["fit"]), None]
#: An outcome of :data:`fsstab.outcomes.TASKS`; the tasks a class serves are checked by its
#: ``task_problem`` (and, in the workflow, against each dataset's task).
TASK: list[Any] = [StrOptions(set(TASKS))]


class Names(StrOptions):
    """A name in an fsstab registry (a mapping from names to entries).

    Parameters
    ----------
    registry
        The mapping; read when a value is checked, so entries registered later count.
    what
        What an entry is, for messages ("filter": "a known filter").
    lookup
        A function that finds the entry of a name and raises ``ValueError`` for an unknown one,
        when it accepts more than the keys (e.g. a filter's thesis name, any case).

    Examples
    --------
    >>> from fsstab.selectors._constraints import Names, value_problem
    >>> colours = Names({"red": 1, "green": 2}, what="colour")
    >>> colours.is_satisfied_by("red"), colours.is_satisfied_by("blue")
    (True, False)
    >>> value_problem([colours], "gren")
    "must be a known colour, got 'gren' (did you mean 'green'?); known colours: ['green', 'red']"
    """

    def __init__(self, registry: Mapping[str, Any], *, what: str,
                 lookup: Callable[[str], Any] | None = None) -> None:
        super().__init__(registry.keys())
        self.registry = registry
        self.what = what
        self.lookup = lookup

    def is_satisfied_by(self, val: Any) -> bool:
        if not isinstance(val, str):
            return False
        if val in self.registry:
            return True
        if self.lookup is None:
            return False
        try:
            self.lookup(val)
        except ValueError:
            return False
        return True

    def names(self) -> list[str]:
        """The registered names, sorted."""
        return sorted(self.registry)

    def __str__(self) -> str:
        return f"a known {self.what} ({', '.join(map(repr, self.names()))})"


class Selector(HasMethods):
    """A selector: an object with ``fit`` and ``get_support`` (the base selector of a
    meta-selector). In a workflow configuration the value is a specification ``{class: <a
    registered selector>, params: {...}}``, checked and built recursively
    (:func:`fsstab.selectors.build_selector`): any parameter constrained by a ``Selector``
    takes one.

    Examples
    --------
    >>> from fsstab.selectors import LassoSelector
    >>> from fsstab.selectors._constraints import Selector
    >>> Selector().is_satisfied_by(LassoSelector()), Selector().is_satisfied_by("LassoSelector")
    (True, False)
    """

    def __init__(self) -> None:
        super().__init__(["fit", "get_support"])

    def __str__(self) -> str:
        return "a selector (an object with 'fit' and 'get_support')"


class UnitPair(Options):
    """A pair ``(low, high)`` of numbers with ``0 <= low <= high <= 1`` (a list, tuple or
    1-d array of two).

    Examples
    --------
    >>> from fsstab.selectors._constraints import UnitPair
    >>> UnitPair().is_satisfied_by([0.1, 0.3]), UnitPair().is_satisfied_by((0.3, 0.1))
    (True, False)
    """

    def __init__(self) -> None:
        super().__init__(tuple, frozenset())

    def is_satisfied_by(self, val: Any) -> bool:
        if not isinstance(val, list | tuple | np.ndarray) or np.ndim(val) != 1 or len(val) != 2:
            return False
        if not all(isinstance(v, Real) and not isinstance(v, bool) for v in val):
            return False
        low, high = (float(v) for v in val)
        return 0 <= low <= high <= 1

    def __str__(self) -> str:
        return "a pair [low, high] with 0 <= low <= high <= 1"


class ParameterGridSpec(Options):
    """A grid of parameters: a non-empty mapping of parameter names to non-empty lists of
    values (scikit-learn's ``ParameterGrid`` of one dict).

    Examples
    --------
    >>> from fsstab.selectors._constraints import ParameterGridSpec
    >>> grid = ParameterGridSpec()
    >>> grid.is_satisfied_by({"C": [0.1, 1.0]}), grid.is_satisfied_by({"C": []})
    (True, False)
    """

    def __init__(self) -> None:
        super().__init__(dict, frozenset())

    def is_satisfied_by(self, val: Any) -> bool:
        return isinstance(val, Mapping) and len(val) > 0 and all(
            isinstance(k, str) and isinstance(v, list | tuple) and len(v) > 0
            for k, v in val.items())

    def __str__(self) -> str:
        return "a mapping of parameter names to non-empty lists"


class UnitList(Options):
    """A non-empty list of numbers in [0, 1] (e.g. frequency thresholds).

    Examples
    --------
    >>> from fsstab.selectors._constraints import UnitList
    >>> UnitList().is_satisfied_by([0.3, 0.9]), UnitList().is_satisfied_by([1.5])
    (True, False)
    """

    def __init__(self) -> None:
        super().__init__(list, frozenset())

    def is_satisfied_by(self, val: Any) -> bool:
        if not isinstance(val, list | tuple | np.ndarray) or np.ndim(val) != 1 or len(val) == 0:
            return False
        return all(isinstance(v, Real) and not isinstance(v, bool) and 0 <= float(v) <= 1
                   for v in val)

    def __str__(self) -> str:
        return "a non-empty list of numbers in [0, 1]"


def builds_selector(constraints: Any) -> bool:
    """Whether a ``_parameter_constraints`` entry admits a nested selector (a
    :class:`Selector`), so that a configuration may give it a specification."""
    return isinstance(constraints, list) and any(isinstance(c, Selector) for c in constraints)


# -- messages for a configuration file ---------------------------------------------------------

def _bound(value: float) -> str:
    return f"{value:g}"


def _describe_interval(interval: Interval) -> str:
    left, right = interval.left, interval.right
    left_open = interval.closed in ("neither", "right")
    right_open = interval.closed in ("neither", "left")
    if interval.type is Integral:
        low = None if left is None else left + left_open
        high = None if right is None else right - right_open
        if high is None:
            return "an integer" if low is None else f"an integer >= {low}"
        return f"an integer <= {high}" if low is None else f"an integer in [{low}, {high}]"
    kind = "a fraction" if interval.type is RealNotInt and (left, right) == (0, 1) else "a number"
    if right is None and left is None:
        return "a finite number"
    if right is None:
        if left == 0:
            return "a positive finite number" if left_open else "a finite number >= 0"
        return f"a finite number {'>' if left_open else '>='} {_bound(left)}"
    if left is None:
        return f"a finite number {'<' if right_open else '<='} {_bound(right)}"
    return (f"{kind} in {'(' if left_open else '['}{_bound(left)}, {_bound(right)}"
            f"{')' if right_open else ']'}")


_TYPE_NAMES = {str: "a string", dict: "a mapping", Mapping: "a mapping", list: "a list",
               tuple: "a list", bool: "true or false", Integral: "an integer",
               Real: "a number"}


def describe(constraint: Any) -> str:
    """One entry of a ``_parameter_constraints`` list, as a configuration's message says it.

    Examples
    --------
    >>> from fsstab.selectors._constraints import STEP, describe
    >>> [describe(c) for c in [*STEP, None, "boolean"]]
    ['an integer >= 1', 'a fraction in (0, 1)', 'null', 'true or false']
    """
    if constraint is None:
        return "null"
    if isinstance(constraint, str):
        return {"boolean": "true or false", "random_state": "a seed (an integer >= 0) or null",
                "array-like": "a list", "verbose": "an integer >= 0 or true/false",
                "cv_object": "a number of folds >= 2 or a splitter"}.get(constraint, constraint)
    if constraint is callable:
        return "a callable (not available in a configuration)"
    if isinstance(constraint, type):
        return _TYPE_NAMES.get(constraint, f"an instance of {constraint.__name__}")
    if isinstance(constraint, Names):
        return f"a known {constraint.what}"
    if isinstance(constraint, Selector):
        return "a selector specification {class: <selector>, params: {...}}"
    if isinstance(constraint, Interval):
        return _describe_interval(constraint)
    if isinstance(constraint, StrOptions):
        return f"one of {sorted(constraint.options)}"
    if isinstance(constraint, HasMethods):
        methods = " and ".join(constraint.methods)
        return f"an object with {methods} (not available in a configuration)"
    return str(constraint)


def _joined(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} or {parts[-1]}"


def _hints(constraints: Sequence[Any], value: Any) -> tuple[str, str]:
    """``(did-you-mean, listing)`` for a string among string options and registry names."""
    if not isinstance(value, str):
        return "", ""
    candidates: list[str] = []
    listings = []
    for constraint in constraints:
        if isinstance(constraint, Names):
            candidates += constraint.names()
            listings.append(f"known {constraint.what}s: {constraint.names()}")
        elif isinstance(constraint, StrOptions):
            candidates += sorted(constraint.options)
    close = difflib.get_close_matches(value, candidates, n=1)
    return (f" (did you mean {close[0]!r}?)" if close else ""), "; ".join(listings)


def value_problem(constraints: Any, value: Any) -> str | None:
    """What is wrong with ``value`` for a ``_parameter_constraints`` entry (None if it
    satisfies one of its constraints): ``"must be <the constraints>, got <value>"``, in the
    words of a configuration file, with a "did you mean" for a near-miss string."""
    if constraints == "no_validation":
        return None
    if any(make_constraint(c).is_satisfied_by(value) for c in constraints):
        return None
    hint, listing = _hints(constraints, value)
    text = f"must be {_joined([describe(c) for c in constraints])}, got {value!r}{hint}"
    return f"{text}; {listing}" if listing else text
