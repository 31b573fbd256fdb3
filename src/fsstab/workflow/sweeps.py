"""Which constructor parameters of a selector a configuration may grid or sweep.

Shared by the configuration checks (:mod:`fsstab.workflow.config`) and the selection jobs
(:mod:`fsstab.workflow.selection`), which need nothing else from the configuration module.
"""

from __future__ import annotations

from fsstab.selectors import SELECTORS

__all__ = ["selector_parameters", "sweep_parameters"]


def selector_parameters(cls_name: str) -> tuple[str, ...]:
    """Constructor parameters of a registered selector class."""
    return tuple(SELECTORS[cls_name]().get_params(deep=False))


def sweep_parameters(cls_name: str) -> tuple[str, ...]:
    """Parameters a class changes in ``refit_final`` without refitting what they do not affect
    (its ``_sweep_parameters``, else ``final_C`` / ``shrinkage_alpha``), or () without it."""
    cls = SELECTORS[cls_name]
    if not hasattr(cls, "refit_final"):
        return ()
    declared = getattr(cls, "_sweep_parameters", None)
    if declared is not None:
        return tuple(declared)
    return tuple(p for p in ("final_C", "shrinkage_alpha") if p in selector_parameters(cls_name))
