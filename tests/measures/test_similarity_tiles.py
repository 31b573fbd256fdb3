"""The tiled similarity computation: float32 screen, bands of rows, and the error bound.

Beyond ``WHOLE_ROW_MAX_D`` features the correlation matrix is computed in fixed tiles, each
screened in float32 before the float64 products are taken; these tests shrink the limits so
that small data take that path.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
import scipy.sparse as sp

import fsstab.similarity as similarity
from fsstab.similarity import (
    correlation_pairs,
    correlation_similarity,
    float32_error_bound,
    similarity_bands,
    similarity_from_pairs,
)


@pytest.fixture
def small_tiles(monkeypatch):
    """Tiles of 8 x 16 from d = 33 on, rechecked in parts of 5 columns."""
    monkeypatch.setattr(similarity, "WHOLE_ROW_MAX_D", 32)
    monkeypatch.setattr(similarity, "TILE_ROWS", 8)
    monkeypatch.setattr(similarity, "TILE_COLUMNS", 16)
    monkeypatch.setattr(similarity, "RECHECK_COLUMNS", 5)
    monkeypatch.setattr(similarity, "_STANDARDIZE_COLUMNS", 16)


def blocky_data(seed: int, n: int = 30, d: int = 101) -> np.ndarray:
    """Blocks of 4 correlated features (strength varying), a few far-apart pairs, a constant."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    for start in range(0, d - 4, 4):
        X[:, start + 1:start + 4] = (X[:, [start]] * rng.uniform(0.5, 3, size=3)
                                     + rng.uniform(0.05, 1.0, size=3) * X[:, start + 1:start + 4])
    X[:, d - 1] = -X[:, 2] + 0.1 * rng.normal(size=n)  # far from the diagonal
    X[:, 50] = 7.0
    return X


def reference(X: np.ndarray) -> np.ndarray:
    """|Pearson r| by np.corrcoef (constant features: similar only to themselves)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        R = np.abs(np.nan_to_num(np.corrcoef(X, rowvar=False), nan=0.0))
    np.fill_diagonal(R, 1.0)
    return np.minimum(R, 1.0)


def same_csr(a: sp.csr_array, b: sp.csr_array) -> bool:
    return all(np.array_equal(getattr(a, k), getattr(b, k)) for k in ("indptr", "indices"))\
        and a.data.tobytes() == b.data.tobytes()


@pytest.mark.parametrize("tiled", [False, True])
@pytest.mark.parametrize("threshold", [0.5, 0.8, 0.95])
def test_identical_to_reference_where_no_pair_is_near_the_threshold(
    tiled, threshold, request
):
    if tiled:
        request.getfixturevalue("small_tiles")
    X = blocky_data(0)
    expected = reference(X)
    off = expected[~np.eye(X.shape[1], dtype=bool)]
    assert np.min(np.abs(off - threshold)) > 1e-6  # the premise of an identical pattern
    C = correlation_similarity(X, threshold=threshold)
    dense = C.toarray()
    np.testing.assert_array_equal(dense != 0, expected >= threshold)
    np.testing.assert_allclose(dense[dense != 0], expected[dense != 0], rtol=0, atol=1e-12)
    assert C.nnz > X.shape[1] + 20  # the data do hold similar pairs, far ones included
    assert dense[2, X.shape[1] - 1] > 0


@pytest.mark.parametrize("method", ["pearson", "spearman"])
def test_the_float32_screen_changes_nothing(small_tiles, monkeypatch, method):
    """Screened and unscreened tiles give the same bits, also for pairs exactly at θ."""
    X = blocky_data(1, n=25, d=90)
    monkeypatch.setattr(similarity, "_MAX_SCREEN_BOUND", 0.0)  # no screen: float64 tiles
    unscreened = correlation_similarity(X, method=method, threshold=0.6)
    # θ equal to stored similarities: pairs on the threshold itself must survive the screen
    at_threshold = np.sort(unscreened.data[unscreened.data < 1])[len(unscreened.data) // 3]
    unscreened_at = correlation_similarity(X, method=method, threshold=float(at_threshold))
    monkeypatch.setattr(similarity, "_MAX_SCREEN_BOUND", 1e-2)
    assert same_csr(correlation_similarity(X, method=method, threshold=0.6), unscreened)
    screened_at = correlation_similarity(X, method=method, threshold=float(at_threshold))
    assert same_csr(screened_at, unscreened_at)
    assert np.any(screened_at.data == at_threshold)


def test_the_screen_skips_tiles_and_parts_without_pairs(small_tiles, monkeypatch):
    X = blocky_data(2, n=40, d=120)
    X[:, 60:] = np.random.default_rng(9).normal(size=(40, 60))  # independent second half
    kept = []
    original = similarity._screened

    def counting(rows32, cols32, cut, buffer, parts):
        chosen = original(rows32, cols32, cut, buffer, parts)
        kept.append((len(chosen), len(parts)))
        return chosen

    monkeypatch.setattr(similarity, "_screened", counting)
    correlation_similarity(X, threshold=0.9)
    assert any(k for k, _ in kept)  # the tiles on the diagonal
    assert any(k == 0 for k, _ in kept)  # tiles without a pair
    assert any(0 < k < total for k, total in kept)  # parts without a pair in a tile with one


@pytest.mark.parametrize("tiled", [False, True])
@pytest.mark.parametrize("n_bands", [1, 2, 3, 4, 7, 40])
def test_bands_join_to_the_whole_matrix_bit_for_bit(tiled, n_bands, request):
    if tiled:
        request.getfixturevalue("small_tiles")
    X = blocky_data(3, d=97)
    d = X.shape[1]
    whole = correlation_similarity(X, threshold=0.7)
    bands = similarity_bands(d, n_bands)
    assert len(bands) == n_bands
    assert bands[0][0] == 0
    assert bands[-1][1] == d
    assert all(a[1] == b[0] for a, b in pairwise(bands))
    parts = [correlation_pairs(X, threshold=0.7, rows=band) for band in bands]
    joined = similarity_from_pairs(*(np.concatenate(p) for p in zip(*parts, strict=True)), d)
    assert same_csr(joined, whole)


def test_bands_share_the_work_of_the_upper_triangle():
    d = 450_000
    bands = similarity_bands(d, 8)
    work = [(b - a) * (2 * d - a - b) / 2 for a, b in bands]
    assert max(work) / min(work) < 1.05
    assert all(a % similarity.TILE_ROWS == 0 for a, _ in bands)


def test_band_errors():
    X = blocky_data(4)
    with pytest.raises(ValueError, match="tile boundaries"):
        correlation_pairs(X, threshold=0.5, rows=(3, 50))
    with pytest.raises(ValueError, match="tile boundaries"):
        correlation_pairs(X, threshold=0.5, rows=(0, 500))
    with pytest.raises(ValueError, match="n_bands must be a positive integer"):
        similarity_bands(10, 0)
    with pytest.raises(ValueError, match=r"threshold must lie in \(0, 1\], got None"):
        correlation_pairs(X, threshold=None)
    with pytest.raises(ValueError, match="pairs must satisfy"):
        similarity_from_pairs(np.array([3]), np.array([2]), np.array([0.5]), 5)


@pytest.mark.parametrize("n", [2, 20, 500, 3000])
def test_float32_error_bound_holds(n):
    """The bound against the worst of many pairs, independently: float32 vs float64 products
    of unit vectors, nearly parallel ones included (products near 1 round the most)."""
    rng = np.random.default_rng(n)
    base = rng.normal(size=(n, 1))
    U = np.hstack([base + s * rng.normal(size=(n, 200)) for s in (1e-3, 0.1, 10.0)])
    U -= U.mean(axis=0)
    U /= np.linalg.norm(U, axis=0)
    exact = U.T @ U
    rounded = (U.astype(np.float32).T @ U.astype(np.float32)).astype(np.float64)
    observed = np.abs(rounded - exact).max()
    bound = float32_error_bound(n)
    assert observed <= bound
    assert bound < 20 * n * 2.0**-24  # and not vacuous
