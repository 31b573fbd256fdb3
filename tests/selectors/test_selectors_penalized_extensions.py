"""Penalised selectors for Sechidis et al. (2019, §4.1): target_k as a fraction of the features
and multi-class data (one-vs-rest with one common C)."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, load_wine

from fsstab.selectors import ElasticNetSelector, LassoSelector


def test_target_k_as_a_fraction_of_the_features():
    """Sechidis et al. tune the LASSO to select 25 % of the d features: a float in (0, 1) is
    floor(fraction · d), here floor(0.25 · 30) = 7."""
    X, y = load_breast_cancer(return_X_y=True)
    selector = LassoSelector(target_k=0.25).fit(X, y)
    assert selector.support_.sum() == 7
    same = LassoSelector(target_k=7).fit(X, y)
    assert selector.C_ == same.C_
    with pytest.raises(ValueError, match=r"'target_k' .* a float in the range \(0.0, 1.0\)"):
        LassoSelector(target_k=1.5).fit(X, y)


@pytest.mark.parametrize("cls", [LassoSelector, ElasticNetSelector])
def test_multiclass_support_is_the_union_of_one_vs_rest_models(cls):
    """Three classes (wine): at the chosen C, the selected set is the union of the binary
    "class c against the rest" selections fitted separately with that C."""
    X, y = load_wine(return_X_y=True)
    selector = cls(target_k=5).fit(X, y)
    assert selector.support_.sum() == 5
    union = np.zeros(X.shape[1], dtype=bool)
    for c in np.unique(y):
        union |= cls(C=selector.C_).fit(X, (y == c).astype(int)).support_
    np.testing.assert_array_equal(selector.support_, union)
    assert np.all(selector.importances_[selector.support_] > 0)
    assert np.all(selector.importances_[~selector.support_] == 0)
    # eq. 7 on the summed absolute weights: importances sum to the number of used features
    assert selector.importances_.sum() == pytest.approx(5)
    assert set(selector.predict(X)) <= set(np.unique(y))
    fixed = cls(C=1.0).fit(X, y)  # a plain C works as well
    assert 0 < fixed.support_.sum() <= X.shape[1]
    assert fixed.score(X, y) > 0.9
