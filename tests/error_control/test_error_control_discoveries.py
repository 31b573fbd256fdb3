"""Discoveries counted by group of similar features, on graphs whose components are read off
by hand, dense and sparse alike, and from the similarity matrices of fsstab.similarity."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from fsstab.error_control import count_discoveries, discovery_groups
from fsstab.similarity import correlation_similarity, group_similarity


def _chain_similarity():
    # 0 - 1 - 2 a chain of similar features (0 and 2 are not similar themselves), 3 alone,
    # 4 - 5 a pair, 6 similar to 3 at 0.5 only
    C = np.eye(7)
    for a, b, value in [(0, 1, 0.9), (1, 2, 0.85), (4, 5, 0.95), (3, 6, 0.5), (0, 2, 0.3)]:
        C[a, b] = C[b, a] = value
    return C


def test_groups_are_the_connected_components_of_the_selected_features():
    C = _chain_similarity()
    everything = np.ones(7, dtype=bool)
    assert discovery_groups(everything, C, 0.8).tolist() == [0, 0, 0, 1, 2, 2, 3]
    assert discovery_groups(everything, C, 0.5).tolist() == [0, 0, 0, 1, 2, 2, 1]
    # without feature 1 the chain breaks: 0 and 2 are two discoveries
    without_1 = everything.copy()
    without_1[1] = False
    assert discovery_groups(without_1, C, 0.8).tolist() == [0, -1, 1, 2, 3, 3, 4]
    sparse = sp.csr_array(C)
    assert discovery_groups(without_1, sparse, 0.8).tolist() == [0, -1, 1, 2, 3, 3, 4]
    # θ = 0: every pair is similar, also those a sparse C does not store
    assert discovery_groups(everything, sparse, 0.0).tolist() == [0] * 7
    assert discovery_groups(np.zeros(7, dtype=bool), C, 0.8).tolist() == [-1] * 7


def test_a_group_is_false_when_all_its_members_are_null():
    C = _chain_similarity()
    support = np.array([True, True, True, True, True, True, False])
    null = np.array([False, True, True, True, True, True, True])  # only feature 0 is true
    count = count_discoveries(support, null=null, C=C, threshold=0.8)
    # groups {0, 1, 2} (holds the true 0), {3}, {4, 5}: two false groups of three
    assert (count.features, count.false_features, count.groups, count.false_groups) == \
        (6, 5, 3, 2)
    assert count.fdp == pytest.approx(5 / 6)
    assert count.group_fdp == pytest.approx(2 / 3)
    plain = count_discoveries(support, null=null)
    assert plain.groups is None
    assert plain.group_fdp is None
    assert plain.false_features == 5
    assert count_discoveries(support).fdp is None


def test_groups_from_fsstab_similarity_correlations_and_known_groups():
    rng = np.random.default_rng(0)
    base = rng.normal(size=(100, 3))
    # features 0/1 are near copies (one discovery), 2 alone, 3/4 near copies
    X = np.column_stack([base[:, 0], base[:, 0] + 0.05 * rng.normal(size=100), base[:, 1],
                         base[:, 2], base[:, 2] + 0.05 * rng.normal(size=100)])
    C = correlation_similarity(X, threshold=0.9)
    assert discovery_groups(np.ones(5, dtype=bool), C, 0.9).tolist() == [0, 0, 1, 2, 2]
    known = group_similarity(["g1", "g1", "g2", "g3", "g3"])
    assert discovery_groups(np.ones(5, dtype=bool), known, 1.0).tolist() == [0, 0, 1, 2, 2]


def test_bad_inputs_are_named():
    C = np.eye(3)
    with pytest.raises(ValueError, match="boolean mask"):
        discovery_groups(np.array([1, 0, 1]), C, 0.5)
    with pytest.raises(ValueError, match="threshold must be a similarity"):
        discovery_groups(np.ones(3, dtype=bool), C, 1.5)
    with pytest.raises(ValueError, match="d x d = 3 x 3"):
        discovery_groups(np.ones(3, dtype=bool), np.eye(4), 0.5)
    with pytest.raises(ValueError, match="both C and threshold"):
        count_discoveries(np.ones(3, dtype=bool), C=C)
    with pytest.raises(ValueError, match="null has 2 entries for 3 features"):
        count_discoveries(np.ones(3, dtype=bool), null=np.ones(2, dtype=bool))
