import numpy as np
import pytest
from scipy import stats

from fsstab.selectors._univariate import sample_variance, welch_t_statistic


def test_welch_matches_scipy():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(30, 6))
    y = np.r_[np.zeros(13, int), np.ones(17, int)]
    expected = np.abs(stats.ttest_ind(X[y == 1], X[y == 0], equal_var=False).statistic)
    np.testing.assert_allclose(welch_t_statistic(X, y), expected, rtol=1e-12)


def test_welch_constant_feature_and_errors():
    X = np.c_[np.r_[np.zeros(3), np.ones(3)], np.ones(6)]
    y = np.r_[np.zeros(3, int), np.ones(3, int)]
    assert welch_t_statistic(X, y).tolist() == [np.inf, 0.0]
    with pytest.raises(ValueError, match="two samples per class"):
        welch_t_statistic(X[:4], np.array([0, 0, 0, 1]))


def test_sample_variance():
    X = np.array([[1.0, 2.0], [3.0, 2.0], [5.0, 2.0]])
    assert sample_variance(X).tolist() == [4.0, 0.0]
