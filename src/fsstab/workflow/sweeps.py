"""Which constructor parameters of a selector a configuration may grid or sweep.

Shared by the configuration checks (:mod:`fsstab.workflow.config`) and the selection jobs
(:mod:`fsstab.workflow.selection`), which need nothing else from the configuration module.
"""

from __future__ import annotations

import inspect

from fsstab.selectors import SELECTORS

__all__ = [
    "calibrated_selectors",
    "required_parameters",
    "selector_parameters",
    "sweep_parameters",
]


def _constructor_parameters(cls_name: str) -> list[inspect.Parameter]:
    # read from the signature, as scikit-learn's get_params does: instantiating the class
    # with no arguments fails for a class whose parameters have no default
    signature = inspect.signature(SELECTORS[cls_name].__init__)
    return [
        parameter for parameter in signature.parameters.values()
        if parameter.name != "self"
        and parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
    ]


def selector_parameters(cls_name: str) -> tuple[str, ...]:
    """Constructor parameters of a registered selector class, sorted by name (the order of
    ``get_params``)."""
    return tuple(sorted(parameter.name for parameter in _constructor_parameters(cls_name)))


def required_parameters(cls_name: str) -> tuple[str, ...]:
    """Constructor parameters without a default (e.g. the base ``selector`` of
    :class:`fsstab.selectors.StabilitySelection`, a nested specification in a configuration),
    sorted by name."""
    return tuple(sorted(
        parameter.name for parameter in _constructor_parameters(cls_name)
        if parameter.default is parameter.empty
    ))


def sweep_parameters(cls_name: str) -> tuple[str, ...]:
    """Parameters a class changes in ``refit_final`` without refitting what they do not affect
    (:attr:`fsstab.selectors.BaseSelector.refit_parameters`), or () without ``refit_final``."""
    cls = SELECTORS[cls_name]
    return tuple(cls.refit_parameters) if hasattr(cls, "refit_final") else ()


def calibrated_selectors() -> tuple[str, ...]:
    """Registered selector classes whose ``C`` can be calibrated (``calibrates_C``)."""
    return tuple(name for name, cls in SELECTORS.items() if cls.calibrates_C)
