"""LassoSelector's target_k as a fraction of the features (Sechidis et al. 2019, §4.1)."""

from __future__ import annotations

import pytest
from sklearn.datasets import load_breast_cancer

from fsstab.selectors import LassoSelector


def test_target_k_as_a_fraction_of_the_features():
    """Sechidis et al. tune the LASSO to select 25 % of the d features: a float in (0, 1) is
    floor(fraction · d), here floor(0.25 · 30) = 7."""
    X, y = load_breast_cancer(return_X_y=True)
    selector = LassoSelector(target_k=0.25).fit(X, y)
    assert selector.support_.sum() == 7
    same = LassoSelector(target_k=7).fit(X, y)
    assert selector.C_ == same.C_
    with pytest.raises(ValueError, match="a fraction in"):
        LassoSelector(target_k=1.5).fit(X, y)
