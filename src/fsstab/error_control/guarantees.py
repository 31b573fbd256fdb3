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

__all__ = ["ErrorGuarantee", "error_guarantee"]

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
    'false discovery rate at most 0.1 (model-X knockoffs, knockoff+)'
    """

    kind: Kind
    level: float
    method: str
    estimated: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("PFER", "FDR"):
            raise ValueError(f"kind must be 'PFER' or 'FDR'; got {self.kind!r}")

    def sentence(self) -> str:
        """The promise in words, for reports."""
        level = f"{self.level:.3g}"
        if self.kind == "PFER":
            what = f"at most {level} false selections on average"
        elif self.estimated:
            what = f"estimated false discovery proportion {level}"
        else:
            what = f"false discovery rate at most {level}"
        return f"{what} ({self.method})"


def error_guarantee(selector: Any) -> ErrorGuarantee | None:
    """The :class:`ErrorGuarantee` of a fitted selector: its ``error_control_``, else a PFER
    bound from its ``pfer_`` (stability selection), else None.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from fsstab.error_control import error_guarantee
    >>> error_guarantee(SimpleNamespace(pfer_=1.0)).sentence()
    'at most 1 false selections on average (stability selection)'
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
        return ErrorGuarantee("PFER", float(pfer), "stability selection")
    return None
