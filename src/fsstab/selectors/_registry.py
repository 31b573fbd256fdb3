"""The selector registry and the one way into it, :func:`register_selector`.

A selector is a public class decorated where it is defined, with what the documents' table of
selectors says about it (``tools/selectors_table.py`` writes that table from here)::

    @register_selector(method="L1 logistic regression, `C` or `target_k`",
                       model="the penalised model itself; eq. 7",
                       reference="Hamer §7.2.1-2, eq. 19")
    class LassoSelector(_PenalizedSelector): ...

:data:`fsstab.selectors.SELECTORS` (name -> class) is complete once the modules listed in
:data:`SELECTOR_MODULES` are imported, which :func:`registered_selectors` does: the package
loads its modules on first use, so it has to know which ones define selectors. The registry's
order -- of the table and of the selector lists in configuration messages -- is the order of
:data:`SELECTOR_MODULES`, then of the definitions within a module (whatever order the modules
happened to be imported in).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["SELECTOR_MODULES", "SelectorInfo", "register_selector", "registered_selectors"]

#: The modules of :mod:`fsstab.selectors` that define registered selectors, in registry order.
SELECTOR_MODULES: tuple[str, ...] = (
    "_penalized", "_rfe", "_svm_rfe", "_hybrid_rfe", "_l0", "_trees", "_relief", "_filters",
    "_combined", "_gbm", "_glmboost", "_ensembles", "_linear_rfe", "_stabl", "_knockoff_filter",
)


@dataclass(frozen=True)
class SelectorInfo:
    """A registered selector class and its row of the documents' table of selectors.

    Examples
    --------
    >>> from fsstab.selectors._registry import registered_selectors
    >>> info = registered_selectors()["HybridRFE"]
    >>> info.cls.__name__, info.reference
    ('HybridRFE', 'Hamer §6.1-6.2, §7.1')
    """

    name: str
    cls: type
    method: str
    model: str
    reference: str


_REGISTERED: dict[str, SelectorInfo] = {}

Selector = TypeVar("Selector", bound=type)


def register_selector(*, method: str, model: str, reference: str) -> Callable[[Selector], Selector]:
    """Register the decorated class in :data:`fsstab.selectors.SELECTORS` under its name.

    Parameters
    ----------
    method
        What the selector does, in a few words (the table's "method" column; Markdown).
    model
        Its paired predictive model and importance (the table's next column).
    reference
        The paper and section it implements.

    Raises
    ------
    ValueError
        If a class of that name is registered already, or the class's module is not one of
        :data:`SELECTOR_MODULES` (the package would not load it).
    """

    def decorate(cls: Selector) -> Selector:
        name = cls.__name__
        if name in _REGISTERED:
            raise ValueError(f"selector {name!r} is registered twice")
        module = cls.__module__.removeprefix(f"{__package__}.")
        if module not in SELECTOR_MODULES:
            raise ValueError(
                f"selector {name!r} is defined in {cls.__module__!r}, which "
                f"fsstab.selectors._registry.SELECTOR_MODULES does not list: add the module "
                "there, so that fsstab.selectors loads it"
            )
        _REGISTERED[name] = SelectorInfo(name, cls, method, model, reference)
        return cls

    return decorate


def registered_selectors() -> dict[str, SelectorInfo]:
    """Every registered selector (name -> :class:`SelectorInfo`), in registry order."""
    for module in SELECTOR_MODULES:
        importlib.import_module(f"{__package__}.{module}")
    position = {module: i for i, module in enumerate(SELECTOR_MODULES)}
    # a stable sort: within a module, the order of registration is that of the definitions
    return dict(sorted(
        _REGISTERED.items(),
        key=lambda item: position[item[1].cls.__module__.removeprefix(f"{__package__}.")],
    ))
