"""Feature-similarity matrices against NumPy / SciPy's correlation functions and hand examples."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import spearmanr

from fsstab.measures import as_similarity_matrix
from fsstab.similarity import correlation_similarity, group_similarity


def correlated_data(seed: int, n: int = 40, d: int = 23) -> np.ndarray:
    """Random data with a few strongly correlated pairs, a tied column and a constant column."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    X[:, 1] = X[:, 0] + 0.2 * rng.normal(size=n)
    X[:, 7] = -X[:, 3] + 0.5 * rng.normal(size=n)
    X[:, 9] = np.round(X[:, 9])  # ties, for Spearman's average ranks
    X[:, 12] = 3.5  # constant: no correlation defined
    return X


def reference_similarity(X: np.ndarray, method: str) -> np.ndarray:
    """|corr| from np.corrcoef / scipy.stats.spearmanr; constant features similar only to self."""
    with np.errstate(invalid="ignore", divide="ignore"):
        R = np.corrcoef(X, rowvar=False) if method == "pearson" else spearmanr(X).statistic
    R = np.abs(np.nan_to_num(R, nan=0.0))
    np.fill_diagonal(R, 1.0)
    return np.minimum(R, 1.0)


@pytest.mark.parametrize("method", ["pearson", "spearman"])
def test_dense_matches_numpy_and_scipy(method):
    X = correlated_data(0)
    C = correlation_similarity(X, method=method)
    assert isinstance(C, np.ndarray)
    np.testing.assert_allclose(C, reference_similarity(X, method), rtol=0, atol=1e-12)
    np.testing.assert_array_equal(C, C.T)


@pytest.mark.parametrize("method", ["pearson", "spearman"])
@pytest.mark.parametrize("threshold", [0.3, 0.5, 0.9, 1.0])
def test_sparse_equals_thresholded_dense(method, threshold):
    X = correlated_data(1)
    expected = reference_similarity(X, method)
    expected[expected < threshold] = 0.0
    np.fill_diagonal(expected, 1.0)
    C = correlation_similarity(X, method=method, threshold=threshold)
    assert isinstance(C, sp.csr_array)
    # only entries >= θ are stored (plus the unit diagonal)
    off = C.tocoo()
    off_values = off.data[off.row != off.col]
    assert np.all(off_values >= threshold)
    dense = C.toarray()
    np.testing.assert_array_equal(dense != 0, expected != 0)
    np.testing.assert_allclose(dense, expected, rtol=0, atol=1e-12)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    d=st.integers(1, 30),
    block_size=st.integers(1, 31),
    method=st.sampled_from(["pearson", "spearman"]),
)
def test_block_boundaries_do_not_matter(seed, d, block_size, method):
    rng = np.random.default_rng(seed)
    n = 12
    X = rng.normal(size=(n, d))
    if d > 2:
        X[:, 2] = X[:, 0] * 2 + 0.3 * rng.normal(size=n)
    whole = correlation_similarity(X, method=method, threshold=0.4, block_size=d)
    blocked = correlation_similarity(X, method=method, threshold=0.4, block_size=block_size)
    np.testing.assert_array_equal(whole.indptr, blocked.indptr)
    np.testing.assert_array_equal(whole.indices, blocked.indices)
    np.testing.assert_allclose(whole.data, blocked.data, rtol=0, atol=1e-13)
    # exactly symmetric pattern and values, and accepted by the measures' validator
    np.testing.assert_array_equal(blocked.toarray(), blocked.toarray().T)
    as_similarity_matrix(blocked, d)


def test_deterministic():
    X = correlated_data(2, d=50)
    a = correlation_similarity(X, threshold=0.3, block_size=7)
    b = correlation_similarity(X, threshold=0.3, block_size=7)
    assert a.data.tobytes() == b.data.tobytes()
    assert a.indices.tobytes() == b.indices.tobytes()


def test_perfect_correlation_is_kept_at_threshold_one():
    rng = np.random.default_rng(3)
    x = rng.normal(size=20)
    X = np.column_stack([x, 2 * x + 1, -x, rng.normal(size=20)])
    C = correlation_similarity(X, threshold=1.0)
    # |r| of exact linear relations may round to 1 − 1e-16; those must still be "1".
    dense = C.toarray()
    assert dense[0, 1] == pytest.approx(1.0, abs=1e-12)
    assert dense[0, 3] == 0.0


def test_errors():
    X = correlated_data(4)
    with pytest.raises(ValueError, match=r"threshold must lie in \(0, 1\]"):
        correlation_similarity(X, threshold=0)
    with pytest.raises(ValueError, match="threshold must lie in"):
        correlation_similarity(X, threshold=1.5)
    with pytest.raises(ValueError, match="method must be one of"):
        correlation_similarity(X, method="kendall")
    with pytest.raises(ValueError, match="block_size must be a positive integer"):
        correlation_similarity(X, threshold=0.5, block_size=0)
    bad = X.copy()
    bad[3, 5] = np.inf
    with pytest.raises(ValueError, match=r"X\[3, 5\] = inf"):
        correlation_similarity(bad)
    with pytest.raises(ValueError, match="at least 2"):
        correlation_similarity(X[:1])
    with pytest.raises(ValueError, match="2-dimensional"):
        correlation_similarity(X[0])


def brute_group_similarity(labels) -> np.ndarray:
    d = len(labels)
    C = np.eye(d)
    for f in range(d):
        for g in range(d):
            a, b = labels[f], labels[g]
            grouped = a is not None and b is not None and not (
                isinstance(a, float) and np.isnan(a)
            ) and not (isinstance(a, int) and a < 0)
            if grouped and a == b:
                C[f, g] = 1.0
    return C


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([None, -1, 0, 1, 2, "a", "b"]), min_size=1, max_size=25))
def test_group_similarity_matches_brute_force(labels):
    C = group_similarity(labels)
    assert isinstance(C, sp.csr_array)
    np.testing.assert_array_equal(C.toarray(), brute_group_similarity(labels))


def test_group_similarity_from_groups_of_indices():
    # Hamer §5.3-style: groups of c = 3 correlated features, then ungrouped features.
    C = group_similarity([[0, 1, 2], [3, 4, 5]], d=8).toarray()
    expected = np.eye(8)
    expected[:3, :3] = 1
    expected[3:6, 3:6] = 1
    np.testing.assert_array_equal(C, expected)
    labels = np.array([0.0, 0.0, np.nan, 1.0])
    np.testing.assert_array_equal(
        group_similarity(labels).toarray(),
        [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
    )


def test_group_similarity_errors():
    with pytest.raises(ValueError, match="feature 1 belongs to both"):
        group_similarity([[0, 1], [1, 2]], d=4)
    with pytest.raises(ValueError, match=r"groups\[1\] contains 9"):
        group_similarity([[0], [9]], d=4)
    with pytest.raises(ValueError, match="one label per feature"):
        group_similarity([[0, 1], [2, 3]])
    with pytest.raises(ValueError, match="empty"):
        group_similarity([])
