"""Which registered selectors serve which task (:attr:`BaseSelector.tasks`)."""

from __future__ import annotations

__all__ = ["selectors_for_task"]


def selectors_for_task(task: str) -> list[str]:
    """Names of the registered selectors (:data:`fsstab.selectors.SELECTORS`) that serve
    ``task``, in registry order: what a configuration check lists when it refuses a selector.

    Examples
    --------
    >>> from fsstab.selectors import selectors_for_task
    >>> selectors_for_task("survival")[:3]
    ['LassoSelector', 'ElasticNetSelector', 'GroupLassoSelector']
    >>> "HybridRFE" in selectors_for_task("regression")
    False
    >>> "HybridRFE" in selectors_for_task("multiclass")       # binary only
    False
    """
    from fsstab.outcomes import get_task
    from fsstab.selectors import SELECTORS

    name = get_task(task).selector_task       # a task served as another: the other's selectors
    return [key for key, cls in SELECTORS.items() if name in cls.tasks]
