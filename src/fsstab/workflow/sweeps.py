"""Which constructor parameters of a selector a configuration may grid or sweep.

Shared by the configuration checks (:mod:`fsstab.workflow.config`) and the selection jobs
(:mod:`fsstab.workflow.selection`), which need nothing else from the configuration module.
"""

from __future__ import annotations

from fsstab.selectors import SELECTORS

__all__ = ["calibrated_selectors", "selector_parameters", "sweep_parameters"]


def selector_parameters(cls_name: str) -> tuple[str, ...]:
    """Constructor parameters of a registered selector class."""
    return tuple(SELECTORS[cls_name]().get_params(deep=False))


def sweep_parameters(cls_name: str) -> tuple[str, ...]:
    """Parameters a class changes in ``refit_final`` without refitting what they do not affect
    (:attr:`fsstab.selectors.BaseSelector.refit_parameters`), or () without ``refit_final``."""
    cls = SELECTORS[cls_name]
    return tuple(cls.refit_parameters) if hasattr(cls, "refit_final") else ()


def calibrated_selectors() -> tuple[str, ...]:
    """Registered selector classes whose ``C`` can be calibrated (``calibrates_C``)."""
    return tuple(name for name, cls in SELECTORS.items() if cls.calibrates_C)
