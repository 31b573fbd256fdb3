"""scikit-learn's estimator checks for every registered selector that classifies.

All checks that scikit-learn yields run; none is expected to fail. The binary-only selectors
declare it through their tags (``classifier_tags.multi_class``), which makes the checks use
two-class targets; the others handle multi-class targets (except the two-class filters auc and
welch_t, not used here), so the multi-class checks run too. The only skip is scikit-learn's own:
check_array_api_input needs SCIPY_ARRAY_API=1 (fsstab computes with NumPy only). The selectors
for regression and survival are checked in ``test_selectors_outcomes.py``.
"""

from __future__ import annotations

import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.utils.estimator_checks import parametrize_with_checks

from fsstab.selectors import SELECTORS, SVMRFE, FilterSelector, HybridRFE, LassoSelector

#: Settings that keep the checks fast (small ensembles, one feature); a registered selector not
#: named here is checked with its defaults.
FAST = {
    "RandomForestSelector": {"n_estimators": 5, "n_features_to_select": 1, "random_state": 0},
    "ReliefSelector": {"n_neighbors": 3, "n_features_to_select": 1},
    "FilterSelector": {"method": "cmim", "n_features_to_select": 1},
    "GBMSelector": {"n_estimators": 5, "n_features_to_select": 1, "random_state": 0},
    "StabilitySelection": {
        "selector": FilterSelector(n_features_to_select=1, estimator=LogisticRegression()),
        "q": 1, "pi_thr": 0.6, "pfer": None, "n_pairs": 2, "random_state": 0},
    "EnsembleSelector": {
        "selector": FilterSelector(estimator=LogisticRegression()),
        "estimator": LogisticRegression(), "n_bootstrap": 2, "n_features_to_select": 1,
        "random_state": 0},
    "Stabl": {"selector": FilterSelector(n_features_to_select=1), "n_pairs": 2,
              "random_state": 0},
    "KnockoffSelector": {"fdr": 0.5, "offset": 0, "random_state": 0},
}
#: Other code paths of registered classes worth the checks too.
VARIANTS = [
    LassoSelector(target_k=2),
    HybridRFE(n_forced=1, epsilon=0.5, shrinkage_alpha=1.0),
    SVMRFE(kernel="rbf"),
]
#: Their checks refit many base selectors.
SLOW = {"StabilitySelection", "EnsembleSelector"}

CLASSIFYING = [name for name, cls in SELECTORS.items() if "classification" in cls.tasks]


def _checked(names):
    return [SELECTORS[name](**FAST.get(name, {})) for name in names]


def test_the_settings_name_registered_selectors():
    assert set(FAST) | SLOW <= set(CLASSIFYING)


@parametrize_with_checks(_checked(n for n in CLASSIFYING if n not in SLOW) + VARIANTS)
def test_scikit_learn_compatible(estimator, check):
    check(estimator)


@pytest.mark.slow
@parametrize_with_checks(_checked(n for n in CLASSIFYING if n in SLOW))
def test_scikit_learn_compatible_ensembles(estimator, check):
    check(estimator)
