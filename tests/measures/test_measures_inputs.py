"""Input validation of the measures core: wrong inputs raise ValueError naming the problem."""

import numpy as np
import pytest
import scipy.sparse as sp

from fsstab.measures import (
    SelectionStats,
    as_importance_matrix,
    as_rank_matrix,
    as_selection_matrix,
    as_similarity_matrix,
)


def test_index_collections_equal_dense_and_sparse():
    dense = np.array([[1, 1, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0]])
    from_lists = as_selection_matrix([[0, 1], {1, 2}, []], d=4)
    assert (from_lists.toarray() == dense.astype(bool)).all()
    assert (as_selection_matrix(sp.csr_matrix(dense)).toarray() == dense.astype(bool)).all()


def test_stats_match_hand_counts():
    s = SelectionStats([[0, 1], [1, 2], [0]], d=4)
    assert s.sizes.tolist() == [2, 2, 1]
    assert s.counts.tolist() == [2, 2, 1, 0]
    assert s.q == 5
    # |V0∩V1| = 1 ({1}), |V0∩V2| = 1 ({0}), |V1∩V2| = 0
    assert s.pair_intersections.tolist() == [1, 1, 0]


@pytest.mark.parametrize(
    ("Z", "d", "message"),
    [
        ([[0, 1]], 4, "at least M = 2"),
        ([[1, 0, 1], [1, 0]], None, "ragged"),
        ([[0, 5], [1]], 4, "out of range"),
        ([[0, 0], [1]], 4, "more than once"),
        ([[0, 2], [1, 1]], None, "binary"),
        ([[0, -1], [1]], 4, "out of range"),
        (np.zeros((2, 3, 1)), None, "2-dimensional"),
    ],
)
def test_bad_selection_inputs(Z, d, message):
    with pytest.raises(ValueError, match=message):
        as_selection_matrix(Z, d)


def test_importances_must_match_selection():
    Z = as_selection_matrix([[1, 1, 0], [0, 1, 1]])
    with pytest.raises(ValueError, match="not selected"):
        as_importance_matrix([[1.0, 1.0, 0.5], [0.0, 1.0, 1.0]], Z)
    with pytest.raises(ValueError, match="positive importance"):
        as_importance_matrix([[1.0, 0.0, 0.0], [0.0, 1.0, 1.0]], Z)
    with pytest.raises(ValueError, match="non-negative"):
        as_importance_matrix([[-1.0, 1.0, 0.0], [0.0, 1.0, 1.0]], Z)


def test_similarity_validation():
    good = np.array([[1.0, 0.5], [0.5, 1.0]])
    assert as_similarity_matrix(good, 2).shape == (2, 2)
    with pytest.raises(ValueError, match="symmetric"):
        as_similarity_matrix(np.array([[1.0, 0.5], [0.4, 1.0]]), 2)
    with pytest.raises(ValueError, match="unit diagonal"):
        as_similarity_matrix(np.array([[0.9, 0.5], [0.5, 1.0]]), 2)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        as_similarity_matrix(sp.csr_array(np.array([[1.0, 1.5], [1.5, 1.0]])), 2)
    with pytest.raises(ValueError, match="d x d"):
        as_similarity_matrix(good, 3)


def test_rank_validation():
    with pytest.raises(ValueError, match=">= 1"):
        as_rank_matrix([[0, 1], [1, 2]])
