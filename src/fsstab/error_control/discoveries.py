"""Discoveries counted feature by feature and group by group of correlated features.

When a gene and its co-expressed partner are both selected, a count of features says "two
discoveries" where a biologist sees one. With a feature-similarity matrix ``C`` and a
threshold ``θ`` -- the similarity the adjusted stability measures use (Bommert 2020,
§3.3.2.3: features ``x ≠ y`` are similar iff ``C[x, y] >= θ``; :mod:`fsstab.similarity` builds
it from correlations or known groups) -- the selected features form a graph in which similar
features are joined; each connected component is **one discovery** (single linkage among the
selected features: chains of similar selected features are one group, features similar only
through an unselected one are not joined).

With the null features known (a simulation, or the planted nulls of
:func:`fsstab.error_control.planted_null_check`), a group is a **false discovery** when every
one of its members is null: a null feature selected together with a similar true one is part
of that true discovery.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp

__all__ = ["DiscoveryCount", "count_discoveries", "discovery_groups"]


def _support(support: Any) -> np.ndarray:
    mask = np.asarray(support)
    if mask.ndim != 1 or mask.dtype != bool:
        raise ValueError(f"support must be a 1-d boolean mask of the features; got {mask!r}")
    return mask


def _selected_adjacency(C: Any, selected: np.ndarray, threshold: float) -> sp.csr_array:
    """Adjacency (similarity >= θ, off the diagonal) among the ``selected`` features."""
    if sp.issparse(C):
        block = sp.csr_array(C)[selected][:, selected]
        block = sp.csr_array(block >= threshold) if threshold > 0 else sp.csr_array(
            np.ones(block.shape, dtype=bool))
    else:
        block = sp.csr_array(np.asarray(C)[np.ix_(selected, selected)] >= threshold)
    block.setdiag(False)
    block.eliminate_zeros()
    return block


def discovery_groups(support: Any, C: Any, threshold: float) -> np.ndarray:
    """The discovery (connected component of similar selected features) of every feature.

    Parameters
    ----------
    support : array of bool (d,)
        The selected features.
    C : array or sparse matrix (d, d)
        Feature similarities in [0, 1] with a unit diagonal (:mod:`fsstab.similarity`).
    threshold : float
        θ in [0, 1]: selected features with ``C >= θ`` are one discovery.

    Returns
    -------
    ndarray of int (d,)
        ``-1`` for unselected features; the selected ones are labelled ``0 .. G−1`` in order
        of their first feature.

    Examples
    --------
    Features 0 and 1 are co-expressed (0.95), 3 is alone, 4 is similar to 0 only through the
    unselected 2:

    >>> import numpy as np
    >>> from fsstab.error_control import discovery_groups
    >>> C = np.eye(5)
    >>> C[0, 1] = C[1, 0] = 0.95
    >>> C[2, 4] = C[4, 2] = C[0, 2] = C[2, 0] = 0.95
    >>> discovery_groups(np.array([True, True, False, True, True]), C, 0.9).tolist()
    [0, 0, -1, 1, 2]
    """
    from fsstab.measures import as_similarity_matrix

    mask = _support(support)
    C = as_similarity_matrix(C, mask.size)
    return _groups(mask, C, check_similarity_threshold(threshold))


def check_similarity_threshold(threshold: Any) -> float:
    if isinstance(threshold, bool) or not isinstance(threshold, int | float | np.number) or not (
            0.0 <= float(threshold) <= 1.0):
        raise ValueError(
            f"threshold must be a similarity in [0, 1] (features with C >= threshold are one "
            f"discovery); got {threshold!r}"
        )
    return float(threshold)


def _groups(mask: np.ndarray, C: Any, threshold: float) -> np.ndarray:
    """:func:`discovery_groups` on a validated ``C``."""
    selected = np.flatnonzero(mask)
    if selected.size == 0:
        return np.full(mask.size, -1, dtype=np.int64)
    return component_labels(selected, _selected_adjacency(C, selected, threshold), mask.size)


def component_labels(selected: np.ndarray, adjacency: Any, d: int) -> np.ndarray:
    """Labels ``0 .. G−1`` (in order of their first feature) of the connected components of
    ``adjacency`` among the ``selected`` features (ascending indices), ``-1`` elsewhere."""
    from scipy.sparse.csgraph import connected_components

    labels = np.full(d, -1, dtype=np.int64)
    if selected.size == 0:
        return labels
    _, components = connected_components(adjacency, directed=False)
    _, first = np.unique(components, return_index=True)
    order = np.argsort(np.argsort(first, kind="stable"), kind="stable")
    labels[selected] = order[components]
    return labels


@dataclass(frozen=True)
class DiscoveryCount:
    """Discoveries of one selection, by feature and (with a similarity) by group.

    ``false_*`` and the proportions are None without a null set; the ``*groups`` fields are
    None without a similarity.
    """

    features: int
    false_features: int | None
    groups: int | None
    false_groups: int | None

    @property
    def fdp(self) -> float | None:
        """False discovery proportion of the features, ``V / max(R, 1)``."""
        if self.false_features is None:
            return None
        return self.false_features / max(1, self.features)

    @property
    def group_fdp(self) -> float | None:
        """False discovery proportion of the groups."""
        if self.false_groups is None or self.groups is None:
            return None
        return self.false_groups / max(1, self.groups)


def count_discoveries(support: Any, *, null: Any = None, C: Any = None,
                      threshold: float | None = None) -> DiscoveryCount:
    """Count the discoveries of a selection, by feature and, given ``C`` and ``threshold``,
    by group of similar features (module docstring).

    Parameters
    ----------
    support : array of bool (d,)
        The selected features.
    null : array of bool (d,) or None
        The features known to be null (a simulation's, planted nulls); a group is false when
        all of its members are null.
    C, threshold
        Feature similarity and θ (:func:`discovery_groups`); both or neither.

    Returns
    -------
    DiscoveryCount

    Examples
    --------
    Features 0 and 1 are one true discovery, the nulls 3 and 4 are co-expressed and selected
    together, the null 5 alone:

    >>> import numpy as np
    >>> from fsstab.error_control import count_discoveries
    >>> C = np.eye(6)
    >>> C[0, 1] = C[1, 0] = C[3, 4] = C[4, 3] = 0.9
    >>> support = np.array([True, True, False, True, True, True])
    >>> null = np.array([False, False, False, True, True, True])
    >>> count = count_discoveries(support, null=null, C=C, threshold=0.8)
    >>> count.features, count.false_features, count.groups, count.false_groups
    (5, 3, 3, 2)
    >>> count.fdp, round(count.group_fdp, 3)
    (0.6, 0.667)
    """
    mask = _support(support)
    if (C is None) != (threshold is None):
        raise ValueError("give both C and threshold (group counting) or neither")
    null_mask = None if null is None else _support(null)
    if null_mask is not None and null_mask.size != mask.size:
        raise ValueError(f"null has {null_mask.size} entries for {mask.size} features")
    features = int(mask.sum())
    false_features = None if null_mask is None else int(np.sum(mask & null_mask))
    if C is None:
        return DiscoveryCount(features, false_features, None, None)
    labels = discovery_groups(mask, C, threshold)
    return counted_discoveries(labels, features, false_features, null_mask)


def counted_discoveries(labels: np.ndarray, features: int, false_features: int | None,
             null_mask: np.ndarray | None) -> DiscoveryCount:
    groups = int(labels.max()) + 1 if features else 0
    if null_mask is None:
        return DiscoveryCount(features, false_features, groups, None)
    selected = labels >= 0
    # a group is false when it has no non-null member
    true_members = np.bincount(labels[selected], weights=~null_mask[selected], minlength=groups)
    return DiscoveryCount(features, false_features, groups, int(np.sum(true_members == 0)))
