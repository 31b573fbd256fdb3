"""Theorems 1 and 2 of Sechidis et al. (2019) on the selections of our run.

For every (data set, method) of §4.1, from its M x d selection matrix Z and the data set's
similarity matrix C (entries below θ set to 0, as Φ_C uses it, so no entry is negative):

- **Theorem 1** (§3.1): "The effective intersection is greater than or equal to intersection",
  |s_i ∩ s_j|_C = z_i C z_jᵀ >= |s_i ∩ s_j| = z_i z_jᵀ, for every pair of runs. By Lemma 1 the
  difference is Σ_{f≠f'} c_ff' z_if z_jf', so it holds whenever C has no negative entry;
  :func:`theorem_table` reports the smallest difference over all pairs and the smallest entry
  of C, so a C with negative entries (a user's, not the paper's) would show where it fails.
- **Theorem 2** (§3.1): the effective average pairwise intersection
  (1 / (M(M − 1))) Σ_{i≠j} |s_i ∩ s_j|_C equals k̄_C − tr(C S), with
  k̄_C = Σ_{f,f'} c_ff' z̄_ff' (z̄_ff' the fraction of runs selecting both) and S the unbiased
  covariance of the columns of Z, S_ff' = M/(M − 1) (p̂_ff' − p̂_f p̂_f'). The left side is
  averaged over the M x M matrix Z C Zᵀ, the right side from the d x d statistics: two
  computations that agree only if the theorem (as printed) does.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import scipy.sparse as sp

from fsstab.papers.conclusions import (
    Assessment,
    at_least,
    at_most,
    by_construction,
    not_testable,
    over_cases,
)
from fsstab.papers.outputs import format_number

__all__ = ["THEOREMS_NOT_PUBLISHED", "THEOREM_COLUMNS", "THEOREM_TOL", "intersection_text",
           "intersections", "theorem1_check", "theorem2_check", "theorem_table"]

#: Theorem 2: its two sides (computed from the M x M and from the d x d statistics) agree to
#: this tolerance, relative to max(1, |value|) (float rounding only).
THEOREM_TOL = 1e-9

#: Columns of :func:`theorem_table`.
THEOREM_COLUMNS: tuple[str, ...] = (
    "dataset", "method", "M", "d", "mean_size", "mean_intersection",
    "mean_effective_intersection", "min_pair_difference", "min_similarity", "k_bar_c", "tr_cs",
    "theorem2_right",
)


def _thresholded(C: Any, threshold: float | None) -> sp.csr_array:
    T = sp.csr_array(C, dtype=np.float64, copy=True)
    if threshold is not None:
        T.data[T.data < threshold] = 0.0
    T.eliminate_zeros()
    return T


def intersections(Z: Any, C: Any, *, threshold: float | None = None) -> dict[str, float]:
    """Theorem 1's and Theorem 2's quantities for one selection matrix (see the module
    docstring).

    Parameters
    ----------
    Z
        M x d binary selection matrix (dense or sparse), M >= 2.
    C
        d x d similarity matrix with unit diagonal.
    threshold
        Entries of C below θ count as 0, as in Φ_C (which thereby never sees a negative
        entry for θ >= 0); None uses C as given.

    Returns
    -------
    dict
        ``M``, ``d``, ``mean_size`` (k̄), ``mean_intersection`` and
        ``mean_effective_intersection`` (over the M(M − 1) ordered pairs of different runs),
        ``min_pair_difference`` (min over those pairs of |s_i ∩ s_j|_C − |s_i ∩ s_j|),
        ``min_similarity`` (smallest entry of the thresholded C), ``k_bar_c``, ``tr_cs`` and
        ``theorem2_right`` = k̄_C − tr(C S).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.papers.sechidis2019.reference import EQ1_SELECTIONS
    >>> C = np.eye(6); C[0, 1] = C[1, 0] = C[2, 3] = C[3, 2] = 1
    >>> out = intersections(EQ1_SELECTIONS, C)
    >>> round(out["mean_effective_intersection"], 12), round(out["theorem2_right"], 12)
    (2.0, 2.0)
    """
    Zs = sp.csr_array(Z, dtype=np.float64)
    M, d = Zs.shape
    if M < 2:
        raise ValueError(f"Z has {M} run(s); pairs of runs need at least 2")
    T = _thresholded(C, threshold)
    if T.shape != (d, d):
        raise ValueError(f"C is {T.shape[0]} x {T.shape[1]}, Z has {d} features")
    plain = (Zs @ Zs.T).toarray()
    effective = (Zs @ T @ Zs.T).toarray()
    others = ~np.eye(M, dtype=bool)
    p = np.asarray(Zs.mean(axis=0)).ravel()
    both = (Zs.T @ Zs) / M                                   # z̄_ff'
    k_bar_c = float(T.multiply(both).sum())
    tr_cs = M / (M - 1) * (k_bar_c - float(p @ (T @ p)))
    stored = T.data.min() if T.nnz else 0.0
    min_similarity = float(min(stored, 0.0) if T.nnz < d * d else stored)
    return {
        "M": M, "d": d, "mean_size": float(Zs.sum() / M),
        "mean_intersection": float(plain[others].mean()),
        "mean_effective_intersection": float(effective[others].mean()),
        "min_pair_difference": float((effective - plain)[others].min()),
        "min_similarity": min_similarity,
        "k_bar_c": k_bar_c, "tr_cs": float(tr_cs), "theorem2_right": float(k_bar_c - tr_cs),
    }


def theorem_table(selections: pd.DataFrame, similarities: dict[str, tuple[Any, float]],
                  methods: dict[str, str]) -> pd.DataFrame:
    """:func:`intersections` for every (data set, method).

    ``selections``: rows ``dataset, label, Z`` (Z an M x d selection matrix);
    ``similarities``: data set -> (C, θ); ``methods``: label -> the paper's name. One row per
    (data set, method) in :data:`THEOREM_COLUMNS`.
    """
    rows = []
    for _, row in selections.iterrows():
        C, threshold = similarities[row["dataset"]]
        rows.append({"dataset": row["dataset"], "method": methods.get(row["label"], row["label"]),
                     **intersections(row["Z"], C, threshold=threshold)})
    return pd.DataFrame(rows, columns=list(THEOREM_COLUMNS))


# the criteria of conclusions.md's Theorem rows (on theorem_table's rows of one data set)


#: Why the theorem checks cannot be recomputed from a run that did not publish them.
THEOREMS_NOT_PUBLISHED = ("the theorem checks (theorems_check: per data set and method, from "
                          "the run's selection matrices) were not published by this run; "
                          "regenerating them reruns the §4.1 selections of every data set "
                          "(49 CPU-min)")


#: Why Theorems 1 and 2 are certain once fsstab implements Definitions 1-2.
_THEOREM = "the paper's theorem, checked on every pair of runs of every method (no finding)"


def theorem1_check(theorems: pd.DataFrame) -> Assessment:
    """Theorem 1 on one data set's selections: every pair of runs of every method has an
    effective intersection at least its intersection. Lemma 1 makes that certain when C has no
    negative entry (verified by construction); otherwise it is checked pair by pair."""
    if theorems.empty:
        return not_testable("no selection matrix of this data set")
    smallest = float(theorems["min_pair_difference"].min())
    c_min = float(theorems["min_similarity"].min())
    if c_min >= 0:
        return by_construction(
            at_least(smallest, 0.0, digits=3, what="min over all pairs of runs of every method "
                     "of |s_i ∩ s_j|_C - |s_i ∩ s_j|"),
            f"Theorem 1 by Lemma 1: every entry of C is >= 0 (smallest "
            f"{format_number(c_min, 3)})")
    return over_cases({
        row["method"]: at_least(float(row["min_pair_difference"]), 0.0, digits=3,
                                what=f"{row['method']}: min over pairs of |s_i ∩ s_j|_C - "
                                     "|s_i ∩ s_j|")
        for _, row in theorems.iterrows()})


def intersection_text(theorems: pd.DataFrame) -> str:
    return ", ".join(f"{row['method']} {format_number(row['mean_intersection'], 2)} -> "
                     f"{format_number(row['mean_effective_intersection'], 2)}"
                     for _, row in theorems.iterrows())


def theorem2_check(theorems: pd.DataFrame) -> tuple[Assessment, float]:
    """Theorem 2 on one data set's selections: both sides agree for every method."""
    left = theorems["mean_effective_intersection"].to_numpy(dtype=float)
    right = theorems["theorem2_right"].to_numpy(dtype=float)
    relative = np.abs(left - right) / np.maximum(1.0, np.abs(left))
    worst = float(relative.max()) if relative.size else float("nan")
    if not relative.size:
        return not_testable("no selection matrix of this data set"), worst
    return by_construction(at_most(worst, THEOREM_TOL, what="max over methods of |left - "
                                   "right| / max(1, |left|)", digits=3), _THEOREM), worst
