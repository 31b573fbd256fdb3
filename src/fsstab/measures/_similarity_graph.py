"""The relation "feature x is similar to feature y" derived from a similarity matrix C and θ.

Bommert (2020, §3.3.2.3) calls two distinct features similar iff ``similarity(x, y) >= θ``;
similarities below θ count as 0 (``../shared/reference/README.md``). Every adjusted measure
reads C only through this relation, so it is built once, as a sparse graph (CSR adjacency
with the similarity values as weights), and never as a dense ``d x d`` matrix when C is
sparse.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import scipy.sparse as sp


def check_threshold(threshold: Any) -> float:
    """Validate the similarity threshold θ (features are similar iff C >= θ)."""
    if threshold is None:
        raise ValueError(
            "threshold is required with a similarity matrix C: features x != y are similar "
            "iff C[x, y] >= threshold (θ in [0, 1], e.g. 0.9)"
        )
    if isinstance(threshold, bool) or not isinstance(threshold, int | float | np.number):
        raise ValueError(f"threshold must be a number in [0, 1], got {threshold!r}")
    value = float(threshold)
    if not (0.0 <= value <= 1.0):  # also rejects NaN
        raise ValueError(f"threshold must lie in [0, 1], got {threshold!r}")
    return value


@dataclass(frozen=True)
class SimilarityGraph:
    """Undirected graph of similar feature pairs (x != y, C[x, y] >= θ) in CSR form.

    ``indices[indptr[x]:indptr[x + 1]]`` are the features similar to ``x`` (sorted) and
    ``weights`` the corresponding similarity values. Both directions of every pair are stored.
    """

    d: int
    indptr: np.ndarray
    indices: np.ndarray
    weights: np.ndarray

    @property
    def has_edges(self) -> bool:
        """False when no two distinct features are similar (the measures' fallback case)."""
        return self.indices.size > 0

    @cached_property
    def degrees(self) -> np.ndarray:
        return np.diff(self.indptr)

    @cached_property
    def digest(self) -> str:
        """Fingerprint of the graph, used to memoise expectations across calls."""
        h = hashlib.sha1(str(self.d).encode())
        for arr in (self.indptr, self.indices, self.weights):
            h.update(np.ascontiguousarray(arr).tobytes())
        return h.hexdigest()


def similarity_graph(C: np.ndarray | sp.csr_array, threshold: float) -> SimilarityGraph:
    """Build the graph of similar pairs from a validated similarity matrix.

    With ``threshold = 0`` every pair is similar, including pairs whose similarity is 0 (for a
    sparse C, its unstored entries); that case needs the dense matrix.
    """
    d = int(C.shape[0])
    if sp.issparse(C) and threshold > 0:
        coo = sp.coo_array(C)
        keep = (coo.data >= threshold) & (coo.row != coo.col)
        rows, cols, weights = coo.row[keep], coo.col[keep], coo.data[keep]
        order = np.lexsort((cols, rows))
        rows, cols, weights = rows[order], cols[order], weights[order]
    else:
        dense = C.toarray() if sp.issparse(C) else C
        similar = dense >= threshold
        np.fill_diagonal(similar, False)
        rows, cols = np.nonzero(similar)  # row-major, hence sorted
        weights = dense[rows, cols]
    indptr = np.zeros(d + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=d), out=indptr[1:])
    return SimilarityGraph(
        d=d,
        indptr=indptr,
        indices=cols.astype(np.int64),
        weights=np.asarray(weights, dtype=np.float64),
    )


def thresholded_similarity(
    C: np.ndarray | sp.csr_array, threshold: float
) -> np.ndarray | sp.csr_array:
    """C with every entry below θ set to 0 (the matrix C of SMES, Bommert 2020, §6.2.1).

    The unit diagonal is kept (1 >= θ for every θ in [0, 1]).
    """
    if sp.issparse(C):
        T = sp.csr_array(C, copy=True)
        T.data[T.data < threshold] = 0.0
        T.eliminate_zeros()
        return T
    similarity = np.asarray(C)
    return np.where(similarity >= threshold, similarity, 0.0)
