"""scikit-learn's estimator checks for the linear / RFE-family selectors.

All checks that scikit-learn yields for these estimators run; none is expected to fail. The
selectors are binary-only: they declare it through their tags (``classifier_tags.multi_class``),
which makes the checks use two-class targets.
"""

from __future__ import annotations

from sklearn.utils.estimator_checks import parametrize_with_checks

from fsstab.selectors import (
    SVMRFE,
    ElasticNetSelector,
    GroupLassoSelector,
    HybridRFE,
    L0Selector,
    LassoSelector,
    LogisticRFE,
)

ESTIMATORS = [
    LassoSelector(),
    LassoSelector(target_k=2),
    ElasticNetSelector(),
    GroupLassoSelector(),
    LogisticRFE(),
    HybridRFE(n_forced=1, epsilon=0.5, shrinkage_alpha=1.0),
    SVMRFE(),
    SVMRFE(kernel="rbf"),
    L0Selector(),
]


@parametrize_with_checks(ESTIMATORS)
def test_scikit_learn_compatible(estimator, check):
    check(estimator)
