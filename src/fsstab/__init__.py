"""fsstab: measure, optimise and explain the stability of feature selection.

Subpackages and modules (one concept each):

- :mod:`fsstab.measures`   -- stability measures, their registry and inference
- :mod:`fsstab.selectors`  -- feature selectors as scikit-learn estimators
- :mod:`fsstab.importance` -- feature importance in fitted predictive models
"""

__version__ = "0.1.0"
