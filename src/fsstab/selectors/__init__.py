"""Feature selectors as scikit-learn estimators.

:data:`SELECTORS` maps each public class name to its class; the workflow's configuration refers
to selectors through it.
"""

from fsstab.selectors._base import BaseSelector

SELECTORS: dict[str, type[BaseSelector]] = {}

__all__ = ["SELECTORS", "BaseSelector"]
