"""What an error-controlled selection promises: a bound on the expected number of false
selections (PFER) or on the false discovery rate (FDR), or an estimate of the false discovery
proportion (Stabl's FDP+).

A fitted selector states its promise in the attribute ``error_control_`` (an
:class:`ErrorGuarantee`); :func:`error_guarantee` reads it, and falls back on ``pfer_`` (the
bound of stability selection, :class:`fsstab.selectors.StabilitySelection`) for selectors that
expose only that. The planted-null check (:func:`fsstab.error_control.planted_null_check`)
compares what it observes with this promise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["ErrorGuarantee", "error_guarantee", "stability_selection_method"]

#: Who proves the PFER bound of each ``sampling`` of stability selection.
_BOUND_AUTHORS = {"MB": "Meinshausen & Bühlmann", "SS": "Shah & Samworth"}

Kind = Literal["PFER", "FDR"]


@dataclass(frozen=True)
class ErrorGuarantee:
    """An error-control statement of a fitted selection.

    Attributes
    ----------
    kind : {"PFER", "FDR"}
        ``"PFER"``: at most ``level`` false selections on average (``E[V] <= level``);
        ``"FDR"``: a false discovery rate ``E[V / max(R, 1)] <= level``.
    level : float
        The bound or target.
    method : str
        Who promises it, e.g. ``"stability selection (Meinshausen & Bühlmann)"``.
    estimated : bool
        True when ``level`` is an estimate from the data (Stabl's FDP+) rather than a bound the
        method guarantees.

    Examples
    --------
    >>> from fsstab.error_control import ErrorGuarantee
    >>> ErrorGuarantee("FDR", 0.1, "model-X knockoffs, knockoff+").sentence()
    'false discovery rate at most q = 0.1 (model-X knockoffs, knockoff+)'
    >>> ErrorGuarantee("PFER", 0.4613, "Shah & Samworth, r-concave").sentence()
    'at most 0.461 false on average (Shah & Samworth, r-concave)'
    >>> ErrorGuarantee("FDR", 0.125, "Stabl, permuted copies", estimated=True).sentence()
    'estimated FDP+ 0.125 (Stabl, permuted copies)'
    """

    kind: Kind
    level: float
    method: str
    estimated: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("PFER", "FDR"):
            raise ValueError(f"kind must be 'PFER' or 'FDR'; got {self.kind!r}")

    def sentence(self) -> str:
        """The promise in words, for reports: a PFER bound as "at most E false on average",
        an estimated FDR (Stabl) as "estimated FDP+ v", an FDR target as "false discovery
        rate at most q = v"."""
        level = f"{self.level:.3g}"
        if self.kind == "PFER":
            what = f"at most {level} false on average"
        elif self.estimated:
            what = f"estimated FDP+ {level}"
        else:
            what = f"false discovery rate at most q = {level}"
        return f"{what} ({self.method})"


def stability_selection_method(sampling: str, assumption: str = "none") -> str:
    """The reference of a stability-selection PFER bound: its authors (Meinshausen &
    Bühlmann 2010 for ``sampling="MB"``, Shah & Samworth 2013 for ``"SS"``) and its shape
    assumption, as the report names it.

    Examples
    --------
    >>> from fsstab.error_control import stability_selection_method
    >>> stability_selection_method("SS", "r-concave")
    'Shah & Samworth, r-concave'
    >>> stability_selection_method("MB")
    'Meinshausen & Bühlmann'
    """
    authors = _BOUND_AUTHORS.get(sampling)
    if authors is None:
        raise ValueError(f"sampling must be one of {sorted(_BOUND_AUTHORS)}; got {sampling!r}")
    return authors if assumption == "none" else f"{authors}, {assumption}"


def error_guarantee(selector: Any) -> ErrorGuarantee | None:
    """The :class:`ErrorGuarantee` of a fitted selector: its ``error_control_``, else a PFER
    bound from its ``pfer_`` (stability selection, named by :func:`stability_selection_method`
    from its ``sampling`` and ``assumption`` where it has them), else None.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from fsstab.error_control import error_guarantee
    >>> error_guarantee(SimpleNamespace(pfer_=1.0)).sentence()
    'at most 1 false on average (stability selection)'
    >>> fitted = SimpleNamespace(pfer_=0.5, sampling="SS", assumption="r-concave")
    >>> error_guarantee(fitted).sentence()
    'at most 0.5 false on average (Shah & Samworth, r-concave)'
    >>> error_guarantee(SimpleNamespace()) is None
    True
    """
    stated = getattr(selector, "error_control_", None)
    if stated is not None:
        if not isinstance(stated, ErrorGuarantee):
            raise TypeError(
                f"{type(selector).__name__}.error_control_ must be an ErrorGuarantee; got "
                f"{type(stated).__name__}"
            )
        return stated
    pfer = getattr(selector, "pfer_", None)
    if pfer is not None:
        sampling = getattr(selector, "sampling", None)
        method = ("stability selection" if sampling is None else
                  stability_selection_method(sampling, getattr(selector, "assumption", "none")))
        return ErrorGuarantee("PFER", float(pfer), method)
    return None
