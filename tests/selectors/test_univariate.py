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


@pytest.mark.parametrize("block_elements", [1, 7, 64, 92, 1 << 21])
def test_blocks_of_columns_give_the_whole_matrix_values(monkeypatch, block_elements):
    """The statistics are computed a block of columns at a time (bounded memory at 10^5+
    features); every block size gives, bit for bit, the whole-matrix formulas written here."""
    from fsstab.selectors import _univariate

    monkeypatch.setattr(_univariate, "_BLOCK_ELEMENTS", block_elements)
    rng = np.random.default_rng(7)
    X = rng.normal(loc=5.0, scale=3.0, size=(23, 41))
    X[:, 3] = 2.0
    y = (rng.random(23) < 0.4).astype(int)
    y[:4] = [0, 1, 0, 1]
    pos, neg = X[y == 1], X[y == 0]
    diff = np.abs(pos.mean(axis=0) - neg.mean(axis=0))
    se = np.sqrt(pos.var(axis=0, ddof=1) / len(pos) + neg.var(axis=0, ddof=1) / len(neg))
    with np.errstate(divide="ignore", invalid="ignore"):
        expected_t = np.where(se > 0, diff / se, np.where(diff > 0, np.inf, 0.0))
    assert np.array_equal(welch_t_statistic(X, y), expected_t)
    assert np.array_equal(sample_variance(X), X.var(axis=0, ddof=1))
    assert np.array_equal(welch_t_statistic(np.asfortranarray(X), y), expected_t)
