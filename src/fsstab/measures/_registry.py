"""The measure registry: :data:`MEASURES` and the one way into it, :func:`register_measure`.

A measure is a public function decorated with :func:`register_measure`, which records what
callers need to know about it (a :class:`MeasureInfo`) under the function's name::

    @register_measure(family="frequency", requires=("Z",), bounds=(-1.0, 1.0),
                      corrected_for_chance=True, symbol="SMN", evaluate=_evaluate_nogueira,
                      reference="Nogueira, Sechidis & Brown (2018); ...")
    def nogueira(Z, *, d=None, undefined="nan") -> float: ...

:data:`MEASURES` keeps the order of registration, which is the order of the measure columns
of every result table (the order the measure modules are imported in, and the order of the
definitions within a module).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeVar

if TYPE_CHECKING:
    from fsstab.measures._core import MeasureInputs

__all__ = ["MEASURES", "Family", "MeasureInfo", "Requirement", "register_measure"]

Family = Literal["pairwise", "frequency", "adjusted", "importance", "ranking"]
Requirement = Literal["Z", "W", "C", "ranks"]

FAMILIES: tuple[str, ...] = ("pairwise", "frequency", "importance", "ranking", "adjusted")
REQUIREMENTS: tuple[str, ...] = ("Z", "W", "C", "ranks")

_GREEK = {r"\phi": "φ", r"\Phi": "Φ"}


@dataclass(frozen=True)
class MeasureInfo:
    """Metadata of a registered stability measure.

    ``evaluate(inputs, **params)`` computes the measure from a :class:`MeasureInputs`, reusing
    the shared quantities; ``function`` is the public, self-validating function.

    Examples
    --------
    >>> from fsstab.measures import MEASURES
    >>> info = MEASURES["importance_weighted"]
    >>> info.requires, info.bounds, info.corrected_for_chance, info.greek
    (('W',), (-1.0, 1.0), True, 'φ_iw')
    >>> info.function([[1.0, 2.0, 0.0], [1.0, 2.0, 0.0]])       # identical importances
    1.0
    """

    name: str
    function: Callable[..., float]
    evaluate: Callable[..., float]
    family: Family
    requires: tuple[Requirement, ...]
    bounds: tuple[float | None, float | None]
    corrected_for_chance: bool
    reference: str
    #: Bommert's (2020) short name (SMJ, SMN, ...), or the Greek symbol of the paper that
    #: introduced the measure when the thesis has none (φ_iw).
    symbol: str | None = None
    params: tuple[str, ...] = ()
    description: str = ""
    #: Optional precondition beyond the required inputs (e.g. Kuncheva's equal set sizes).
    #: ``compute(names=None)`` skips a measure whose precondition fails; naming the measure
    #: explicitly evaluates it and lets it raise its own ``ValueError``.
    applicable: Callable[[MeasureInputs], bool] | None = None
    #: For measures of rankings: the parameter that says down to which rank the rankings are
    #: told apart (Canberra's location parameter ``k``). Whoever stores ranks only down to a
    #: cap must give it, at most the cap (ranks below it would be missing).
    rank_depth: str | None = None
    #: The Greek-letter symbol the papers write, as LaTeX (``\phi_{\mathrm{iw}}``): figures
    #: draw it with matplotlib's mathtext, reports and tables as :attr:`greek`.
    math: str | None = None
    #: Pairwise scores s(V_i, V_j) = s(V_j, V_i) (nPOG's are not).
    symmetric: bool = True
    #: The measures table (docs, README): the range when the numeric ``bounds`` cannot say it
    #: (it depends on m or p, or is reached only in a limit), how far the measure is corrected
    #: for chance when not simply yes/no, and what it needs besides its inputs.
    bounds_note: str | None = None
    chance_note: str | None = None
    inputs_note: str | None = None
    #: Parameter -> the measure's own check of a value (raises ``ValueError`` for a value no
    #: input can accept), beyond the checks every measure shares
    #: (:func:`fsstab.measures.parameter_problems` applies both).
    checks: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)

    @property
    def greek(self) -> str | None:
        """:attr:`math` as plain text (``φ_iw``), or None."""
        if self.math is None:
            return None
        text = self.math.replace(r"\mathrm", "").replace("{", "").replace("}", "")
        for command, letter in _GREEK.items():
            text = text.replace(command, letter)
        return text

    def as_row(self) -> dict[str, Any]:
        lo, hi = self.bounds
        return {
            "name": self.name,
            "symbol": self.symbol,
            "family": self.family,
            "requires": ",".join(self.requires),
            "lower": lo,
            "upper": hi,
            "corrected_for_chance": self.corrected_for_chance,
            "params": ",".join(self.params),
            "reference": self.reference,
        }


MEASURES: dict[str, MeasureInfo] = {}

MeasureFunction = TypeVar("MeasureFunction", bound=Callable[..., float])


def register_measure(
    *,
    family: Family,
    requires: tuple[Requirement, ...],
    bounds: tuple[float | None, float | None],
    corrected_for_chance: bool,
    reference: str,
    evaluate: Callable[..., float],
    symbol: str,
    params: tuple[str, ...] = ("undefined",),
    math: str | None = None,
    applicable: Callable[[MeasureInputs], bool] | None = None,
    rank_depth: str | None = None,
    description: str | None = None,
    symmetric: bool = True,
    bounds_note: str | None = None,
    chance_note: str | None = None,
    inputs_note: str | None = None,
    checks: Mapping[str, Callable[[Any], Any]] | None = None,
) -> Callable[[MeasureFunction], MeasureFunction]:
    """Register the decorated function in :data:`MEASURES` under its ``__name__``.

    The keywords are the fields of :class:`MeasureInfo`; ``description`` defaults to the first
    line of the function's docstring. Names are unique snake_case identifiers.

    Examples
    --------
    >>> from fsstab.measures import MEASURES
    >>> info = MEASURES["nogueira"]
    >>> info.function.__name__, info.family, info.symbol, info.greek
    ('nogueira', 'frequency', 'SMN', 'φ')
    """
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {FAMILIES}, got {family!r}")
    unchecked = sorted(set(checks or {}) - set(params))
    if unchecked:
        raise ValueError(f"checks: {unchecked} are not parameters of the measure {params}")
    unknown = sorted(set(requires) - set(REQUIREMENTS))
    if unknown:
        raise ValueError(f"requires: unknown input(s) {unknown}; the inputs: {REQUIREMENTS}")

    def decorate(function: MeasureFunction) -> MeasureFunction:
        name = function.__name__
        if name in MEASURES:
            raise ValueError(f"stability measure {name!r} is registered twice")
        if not name.isidentifier() or name.lower() != name:
            raise ValueError(f"measure names must be snake_case identifiers, got {name!r}")
        summary = description
        if summary is None:
            summary = (function.__doc__ or "").strip().splitlines()[0] if function.__doc__ else ""
        MEASURES[name] = MeasureInfo(
            name=name, function=function, evaluate=evaluate, family=family, requires=requires,
            bounds=bounds, corrected_for_chance=corrected_for_chance, reference=reference,
            symbol=symbol, params=params, description=summary, applicable=applicable,
            rank_depth=rank_depth, math=math, symmetric=symmetric, bounds_note=bounds_note,
            chance_note=chance_note, inputs_note=inputs_note, checks=dict(checks or {}),
        )
        return function

    return decorate


def unknown_measure_error(name: str) -> ValueError:
    known = ", ".join(sorted(MEASURES))
    return ValueError(f"unknown stability measure {name!r}; known measures: {known}")
